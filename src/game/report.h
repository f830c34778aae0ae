/* report.h: events and state as text for people and JSON for tools. */
#ifndef MEDSIEGE_REPORT_H
#define MEDSIEGE_REPORT_H

#include "base/util.h"
#include "game/game.h"

/* The reader of everything: a spectator after the game, a rules
 * designer's headless run. */
#define REPORT_ALL (-1)

/* One line describing an event as team may read it (its sight bits:
 * unseen units are "an unseen enemy", an event seen from one end is told
 * in part), appended to b (no newline); nothing when team did not see it.
 * team REPORT_ALL reads everything. */
void report_event_text(const struct game *g, const struct event *ev, int team,
		       struct strbuf *b);
/* One JSON object for an event as team may read it (names it may not
 * read are null, details of an event seen in part left out), appended to
 * b (no newline); nothing when team did not see it. */
void report_event_json(const struct game *g, const struct event *ev, int team,
		       struct strbuf *b);
/* The die the game awaits (game_awaited_roll's event, manual dice) as a
 * request to the players, as team may read it: "roll a d20 for r6's
 * longbow at b2 (need 15+)", "roll a d3 for the shot into melee: 1 hits
 * b2, 2 hits r4", an unseen attacker unnamed; appended to b. */
void report_ask_text(const struct game *g, const struct event *ask, int team,
		     struct strbuf *b);
/* The same as a {"type":"ask",...} JSON object: die, for, need, unit,
 * target, as team may read them. */
void report_ask_json(const struct game *g, const struct event *ask, int team,
		     struct strbuf *b);
/* The {"type":"state",...} object of SPEC 8, appended to b. */
void report_state_json(const struct game *g, struct strbuf *b);
/* Append inches (half-inches in) as a JSON/text number: 3 -> 1.5. */
void report_inches(struct strbuf *b, int half);

#endif
