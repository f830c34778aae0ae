/* uilog.c: events as log lines, filtered for each team's eyes. */
#include "ui/uilog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/report.h"

void uilog_init(struct uilog *l, const struct game *g)
{
	memset(l, 0, sizeof *l);
	l->nteams = g->w->nteams;
	l->nunits = g->w->nunits;
	l->active = g->active;
	l->last_move.unit = -1;
	size_t n = (size_t)(l->nunits ? l->nunits : 1);
	for (int t = 0; t < l->nteams; t++) {
		l->known_at_end[t] = xmalloc(n);
		l->known_at_start[t] = xmalloc(n);
		memcpy(l->known_at_end[t], game_knowledge(g, t)->units, n);
		memcpy(l->known_at_start[t], game_knowledge(g, t)->units, n);
	}
}

void uilog_free(struct uilog *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->v[i].full);
		for (int t = 0; t < MAX_TEAMS; t++)
			free(l->v[i].part[t]);
	}
	free(l->v);
	for (int t = 0; t < MAX_TEAMS; t++) {
		free(l->known_at_end[t]);
		free(l->known_at_start[t]);
	}
	memset(l, 0, sizeof *l);
}

void uilog_command(struct uilog *l)
{
	l->cmd++;
}

static struct uilog_line *push(struct uilog *l, enum event_type type, int unit)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	struct uilog_line *ln = &l->v[l->n++];
	memset(ln, 0, sizeof *ln);
	ln->type = type;
	ln->unit = unit;
	ln->target = -1;
	ln->cmd = l->cmd;
	return ln;
}

void uilog_note(struct uilog *l, const char *text)
{
	struct uilog_line *ln = push(l, EVENT_COUNT, -1);
	ln->full = xstrdup(text);
	ln->full_mask = (1u << l->nteams) - 1;
}

void uilog_said(struct uilog *l, const char *text, int team)
{
	bool one = team >= 0 && team < l->nteams;
	if (l->n > 0 && l->v[l->n - 1].said) {
		const char *last = uilog_text(l, l->n - 1, one ? team : 0);
		if (last && strcmp(last, text) == 0)
			return;
	}
	uilog_note(l, text);
	struct uilog_line *ln = &l->v[l->n - 1];
	ln->said = true;
	/* Said to one team, it is that team's alone: the next team at this
	 * keyboard must not read it. */
	if (one)
		ln->full_mask = 1u << team;
}

const char *uilog_text(const struct uilog *l, int i, int team)
{
	if (i < 0 || i >= l->n || team < 0 || team >= MAX_TEAMS)
		return NULL;
	const struct uilog_line *ln = &l->v[i];
	if (ln->full_mask & (1u << team))
		return ln->full;
	return ln->part[team];
}

int uilog_doer(const struct uilog *l, int i, int team)
{
	const struct uilog_line *ln = &l->v[i];
	if (team < 0 || team >= MAX_TEAMS || !(ln->sight[team] & EVS_UNIT))
		return -1;
	return ln->unit;
}

bool uilog_digest_worthy(const struct uilog *l, int i, int team)
{
	if (!uilog_text(l, i, team))
		return false;
	switch (l->v[i].type) {
	case EV_MOVE:
	case EV_FACE:
	case EV_CLIMB:
	case EV_ROLL:
	case EV_ATTACK:
	case EV_HIT:
	case EV_DISABLED:
	case EV_STRUCTURE:
	case EV_ESCAPED:
	case EV_DOOR:
	case EV_ANNOUNCE:
	case EV_GOAL:
	case EV_END:
		return true;
	default:
		return false;
	}
}

/* --- the listener ------------------------------------------------------- */

static char *text_for(const struct game *g, const struct event *ev, int team)
{
	struct strbuf b;
	strbuf_init(&b);
	report_event_text(g, ev, team, &b);
	return b.s ? b.s : xstrdup("");
}

/* Merge a move into the previous line when it is the same unit's, from
 * the same command, read in full by the same teams. */
static bool merge_move(struct uilog *l, const struct game *g,
		       const struct event *ev, unsigned full_mask,
		       unsigned part_mask)
{
	if (l->n == 0)
		return false;
	struct uilog_line *ln = &l->v[l->n - 1];
	if (ln->type != EV_MOVE || ln->unit != ev->unit || ln->cmd != l->cmd ||
	    ln->full_mask != full_mask || part_mask != 0 ||
	    l->last_move.unit != ev->unit)
		return false;
	struct event m = *ev;
	m.x0 = l->last_move.x0;
	m.y0 = l->last_move.y0;
	m.value = l->last_move.value + ev->value;
	free(ln->full);
	ln->full = text_for(g, &m, REPORT_ALL);
	ln->x1 = ev->x1;
	ln->y1 = ev->y1;
	l->last_move = m;
	return true;
}

/* A step of another team: the team that played has ended its turn, and
 * what it knew then is where its next digest starts. */
static void turn_over(struct uilog *l, const struct game *g,
		      const struct event *ev)
{
	if (ev->type != EV_STEP || ev->team == l->active)
		return;
	int t = l->active;
	if (t >= 0 && t < l->nteams) {
		l->turn_end[t] = l->n;
		memcpy(l->known_at_end[t], game_knowledge(g, t)->units,
		       (size_t)(l->nunits ? l->nunits : 1));
	}
	l->active = ev->team;
	l->turn_start[ev->team] = l->n;
	memcpy(l->known_at_start[ev->team], game_knowledge(g, ev->team)->units,
	       (size_t)(l->nunits ? l->nunits : 1));
}

void uilog_fit(struct uilog *l, const struct game *g)
{
	int n = g->w->nunits;
	if (n <= l->nunits)
		return;
	/* Units a projection has heard of since: known to no turn's end or
	 * start before now. */
	for (int t = 0; t < l->nteams; t++) {
		l->known_at_end[t] = xrealloc(l->known_at_end[t], (size_t)n);
		l->known_at_start[t] = xrealloc(l->known_at_start[t], (size_t)n);
		memset(l->known_at_end[t] + l->nunits, 0, (size_t)(n - l->nunits));
		memset(l->known_at_start[t] + l->nunits, 0, (size_t)(n - l->nunits));
	}
	l->nunits = n;
}

void uilog_listener(void *ctx, const struct game *g, const struct event *ev)
{
	struct uilog *l = ctx;
	uilog_fit(l, g);
	turn_over(l, g, ev);
	unsigned full_mask = 0, part_mask = 0;
	for (int t = 0; t < l->nteams; t++) {
		if (!(ev->sight[t] & EVS_SEEN))
			continue;
		if (ev->sight[t] & EVS_FULL)
			full_mask |= 1u << t;
		else
			part_mask |= 1u << t;
	}
	if (!full_mask && !part_mask)
		return;
	if (ev->type == EV_MOVE && merge_move(l, g, ev, full_mask, part_mask))
		return;
	struct uilog_line *ln = push(l, ev->type, ev->unit);
	ln->target = ev->target;
	ln->x0 = ev->x0;
	ln->y0 = ev->y0;
	ln->x1 = ev->x1;
	ln->y1 = ev->y1;
	memcpy(ln->sight, ev->sight, sizeof ln->sight);
	ln->full = text_for(g, ev, REPORT_ALL);
	for (int t = 0; t < l->nteams; t++) {
		if (!((full_mask | part_mask) & (1u << t)))
			continue;
		/* A team's own words: part of the event, or said from its
		 * side ("a friend"). */
		char *own = text_for(g, ev, t);
		if (strcmp(own, ln->full) == 0) {
			ln->full_mask |= 1u << t;
			free(own);
		} else {
			ln->part[t] = own;
		}
	}
	l->last_move = *ev;
	if (ev->type != EV_MOVE)
		l->last_move.unit = -1;
}
