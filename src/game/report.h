/* report.h: events and state as text for people and JSON for tools. */
#ifndef MEDSIEGE_REPORT_H
#define MEDSIEGE_REPORT_H

#include "base/util.h"
#include "game/game.h"

/* One line describing an event, appended to b (no newline). */
void report_event_text(const struct game *g, const struct event *ev,
		       struct strbuf *b);
/* One JSON object for an event, appended to b (no newline). */
void report_event_json(const struct game *g, const struct event *ev,
		       struct strbuf *b);
/* The {"type":"state",...} object of SPEC 8, appended to b. */
void report_state_json(const struct game *g, struct strbuf *b);
/* Append inches (half-inches in) as a JSON/text number: 3 -> 1.5. */
void report_inches(struct strbuf *b, int half);

#endif
