/* uilog.c: events as log lines, filtered for each team's eyes. */
#include "ui/uilog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/report.h"
#include "world/vision.h"

void uilog_init(struct uilog *l, const struct game *g)
{
	memset(l, 0, sizeof *l);
	l->nteams = g->w->nteams;
	l->cells = g->w->map.w * g->w->map.h;
	for (int t = 0; t < l->nteams; t++)
		l->view[t] = xcalloc((size_t)(l->cells ? l->cells : 1), 1);
	l->last_move.unit = -1;
}

void uilog_free(struct uilog *l)
{
	for (int i = 0; i < l->n; i++) {
		free(l->v[i].full);
		for (int t = 0; t < MAX_TEAMS; t++)
			free(l->v[i].part[t]);
	}
	free(l->v);
	for (int t = 0; t < MAX_TEAMS; t++)
		free(l->view[t]);
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
	ln->cmd = l->cmd;
	return ln;
}

void uilog_note(struct uilog *l, const char *text)
{
	struct uilog_line *ln = push(l, EVENT_COUNT, -1);
	ln->full = xstrdup(text);
	ln->full_mask = (1u << l->nteams) - 1;
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

bool uilog_digest_worthy(const struct uilog *l, int i)
{
	switch (l->v[i].type) {
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

/* --- the filter --------------------------------------------------------- */

static bool seen_at(const struct game *g, const unsigned char *view, int x,
		    int y)
{
	return map_inside(&g->w->map, x, y) && view[y * g->w->map.w + x];
}

static bool own(const struct game *g, int u, int team)
{
	return u >= 0 && u < g->w->nunits && g->w->units[u].team == team;
}

/* A unit the team may name: its own, or one standing where it sees. */
static bool known(const struct game *g, int u, int team,
		  const unsigned char *view)
{
	if (u < 0 || u >= g->w->nunits)
		return false;
	const struct unit *p = &g->w->units[u];
	return p->team == team || seen_at(g, view, p->x, p->y);
}

/* Every unit id that appears as a word of text is known to the team. */
static bool ids_known(const struct game *g, const char *text, int team,
		      const unsigned char *view)
{
	char word[UNIT_ID_LEN + 1];
	const char *p = text;
	while (*p) {
		size_t n = strcspn(p, " ,:;()!");
		if (n > 0 && n < sizeof word) {
			memcpy(word, p, n);
			word[n] = '\0';
			int u = world_find_unit(g->w, word);
			if (u >= 0 && !known(g, u, team, view))
				return false;
		}
		p += n;
		if (*p)
			p++;
	}
	return true;
}

void uilog_redact(const struct game *g, int team, const unsigned char *view,
		  const char *text, char *out, int size)
{
	struct strbuf b;
	strbuf_init(&b);
	char word[UNIT_ID_LEN + 1];
	const char *p = text;
	while (*p) {
		size_t n = strcspn(p, " ,:;()!");
		int u = -1;
		if (n > 0 && n < sizeof word) {
			memcpy(word, p, n);
			word[n] = '\0';
			u = world_find_unit(g->w, word);
		}
		if (u >= 0 && !known(g, u, team, view)) {
			strbuf_add(&b, "an unseen unit");
		} else {
			for (size_t i = 0; i < n; i++)
				strbuf_addc(&b, p[i]);
		}
		p += n;
		if (*p)
			strbuf_addc(&b, *p++);
	}
	strlcpy_s(out, b.s ? b.s : "", (size_t)size);
	strbuf_free(&b);
}

enum uilog_vis uilog_visibility(const struct game *g, const struct event *ev,
				int team, const unsigned char *view)
{
	switch (ev->type) {
	case EV_STEP:
	case EV_GOAL:
	case EV_END:
		return UILOG_FULL;
	case EV_UNDO:
		return ev->team == team ? UILOG_FULL : UILOG_HIDE;
	case EV_MOVE: {
		/* Seen at one end only: where it came from or went is not
		 * told. */
		bool a = seen_at(g, view, ev->x0, ev->y0);
		bool b = seen_at(g, view, ev->x1, ev->y1);
		if (own(g, ev->unit, team) || (a && b))
			return UILOG_FULL;
		return a || b ? UILOG_PART : UILOG_HIDE;
	}
	case EV_CLIMB:
	case EV_FACE:
	case EV_ESCAPED:
		return own(g, ev->unit, team) || seen_at(g, view, ev->x0, ev->y0)
			       ? UILOG_FULL
			       : UILOG_HIDE;
	case EV_DOOR:
		if (known(g, ev->unit, team, view))
			return UILOG_FULL;
		return seen_at(g, view, ev->x0, ev->y0) ? UILOG_PART : UILOG_HIDE;
	case EV_ANNOUNCE:
		if (!known(g, ev->unit, team, view) &&
		    !known(g, ev->target, team, view))
			return UILOG_HIDE;
		return ids_known(g, ev->text, team, view) ? UILOG_FULL
							  : UILOG_HIDE;
	case EV_ATTACK: {
		bool ka = own(g, ev->unit, team) ||
			  seen_at(g, view, ev->x0, ev->y0);
		bool kt = own(g, ev->target, team) ||
			  seen_at(g, view, ev->x1, ev->y1);
		if (ka && kt)
			return UILOG_FULL;
		return ka || kt ? UILOG_PART : UILOG_HIDE;
	}
	case EV_HIT:
	case EV_DISABLED:
		return own(g, ev->target, team) || seen_at(g, view, ev->x0, ev->y0)
			       ? UILOG_FULL
			       : UILOG_HIDE;
	case EV_STRUCTURE:
		return own(g, ev->unit, team) || seen_at(g, view, ev->x0, ev->y0)
			       ? UILOG_FULL
			       : UILOG_HIDE;
	case EV_ROLL:
		/* A roll alone says nothing of where: shown with its attack. */
		return ev->team == team ? UILOG_FULL : UILOG_HIDE;
	case EVENT_COUNT:
		break;
	}
	return UILOG_HIDE;
}

/* --- shortened lines ---------------------------------------------------- */

static const char *name_or_unseen(const struct game *g, int u, bool k)
{
	return k ? g->w->units[u].id : "an unseen enemy";
}

static char *part_attack(const struct game *g, const struct event *ev,
			 int team, const unsigned char *view)
{
	bool ka = own(g, ev->unit, team) || seen_at(g, view, ev->x0, ev->y0);
	bool kt = own(g, ev->target, team) || seen_at(g, view, ev->x1, ev->y1);
	char tgt[32];
	if (ev->target >= 0)
		snprintf(tgt, sizeof tgt, "%s", name_or_unseen(g, ev->target, kt));
	else
		snprintf(tgt, sizeof tgt, "%d,%d", ev->x1, ev->y1);
	return xasprintf("%s%s attacks %s: need %d+; rolled %d: %s",
			 ev->free_attack ? "free attack: " : "",
			 name_or_unseen(g, ev->unit, ka), tgt, ev->calc.need,
			 ev->value, ev->success ? "HIT" : "miss");
}

static char *part_move(const struct game *g, const struct event *ev,
		       const unsigned char *view)
{
	const char *id = g->w->units[ev->unit].id;
	if (seen_at(g, view, ev->x1, ev->y1))
		return xasprintf("%s comes into view at %d,%d", id, ev->x1, ev->y1);
	return xasprintf("%s moves out of view from %d,%d", id, ev->x0, ev->y0);
}

static char *part_door(const struct event *ev)
{
	const char *verb = strcmp(ev->text, "open") == 0    ? "opens"
			   : strcmp(ev->text, "close") == 0 ? "closes"
			   : strcmp(ev->text, "lock") == 0  ? "is locked"
							    : "is unlocked";
	return xasprintf("the door at %d,%d %s", ev->x0, ev->y0, verb);
}

static char *part_roll(const struct game *g, const struct event *roll,
		       const struct event *why, int team,
		       const unsigned char *view)
{
	if (why && why->type == EV_ATTACK) {
		bool ka = own(g, why->unit, team) ||
			  seen_at(g, view, why->x0, why->y0);
		bool kt = own(g, why->target, team) ||
			  seen_at(g, view, why->x1, why->y1);
		char tgt[32];
		if (why->target >= 0)
			snprintf(tgt, sizeof tgt, "%s",
				 name_or_unseen(g, why->target, kt));
		else
			snprintf(tgt, sizeof tgt, "%d,%d", why->x1, why->y1);
		return xasprintf("roll d%d = %d (attack by %s on %s, need %d)",
				 roll->value2, roll->value,
				 name_or_unseen(g, why->unit, ka), tgt,
				 why->calc.need);
	}
	if (why && why->type == EV_ANNOUNCE)
		return xasprintf("roll d%d = %d (which unit a shot into melee hits)",
				 roll->value2, roll->value);
	return xasprintf("roll d%d = %d", roll->value2, roll->value);
}

static char *full_text(const struct game *g, const struct event *ev)
{
	struct strbuf b;
	strbuf_init(&b);
	report_event_text(g, ev, &b);
	return b.s;
}

/* --- the listener ------------------------------------------------------- */

static bool public_event(enum event_type t)
{
	return t == EV_STEP || t == EV_GOAL || t == EV_END || t == EV_UNDO;
}

static void compute_views(struct uilog *l, const struct game *g)
{
	for (int t = 0; t < l->nteams; t++)
		vision_team_view(g->w, t, l->view[t]);
}

/* Add the waiting rolls, each read as the event they led to (why) is. */
static void flush_rolls(struct uilog *l, const struct game *g,
			const struct event *why, const enum uilog_vis *vis)
{
	for (int k = 0; k < l->npend; k++) {
		const struct event *r = &l->pend[k];
		struct uilog_line *ln = push(l, EV_ROLL, -1);
		ln->full = full_text(g, r);
		for (int t = 0; t < l->nteams; t++) {
			enum uilog_vis v = why ? vis[t]
					       : uilog_visibility(g, r, t, l->view[t]);
			if (v == UILOG_FULL &&
			    !ids_known(g, r->text, t, l->view[t]))
				v = why ? UILOG_PART : UILOG_HIDE;
			if (v == UILOG_FULL) {
				ln->full_mask |= 1u << t;
			} else if (v == UILOG_PART) {
				ln->part[t] = part_roll(g, r, why, t, l->view[t]);
			}
		}
	}
	l->npend = 0;
}

/* Merge a move into the previous line when it is the same unit's, from
 * the same command, read by the same teams. */
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
	ln->full = full_text(g, &m);
	l->last_move = m;
	return true;
}

void uilog_listener(void *ctx, const struct game *g, const struct event *ev)
{
	struct uilog *l = ctx;
	if (ev->type == EV_ROLL) {
		if (l->npend == UILOG_MAX_PENDING) {
			compute_views(l, g);
			flush_rolls(l, g, NULL, NULL);
		}
		l->pend[l->npend++] = *ev;
		return;
	}
	enum uilog_vis vis[MAX_TEAMS] = {UILOG_HIDE};
	if (!public_event(ev->type) || l->npend)
		compute_views(l, g);
	unsigned full_mask = 0, part_mask = 0;
	for (int t = 0; t < l->nteams; t++) {
		vis[t] = uilog_visibility(g, ev, t, l->view[t]);
		if (vis[t] == UILOG_FULL)
			full_mask |= 1u << t;
		else if (vis[t] == UILOG_PART)
			part_mask |= 1u << t;
	}
	if (l->npend)
		flush_rolls(l, g, ev, vis);
	if (!full_mask && !part_mask)
		return;
	if (ev->type == EV_MOVE && merge_move(l, g, ev, full_mask, part_mask))
		return;
	struct uilog_line *ln = push(l, ev->type, ev->unit);
	ln->full = full_text(g, ev);
	ln->full_mask = full_mask;
	for (int t = 0; t < l->nteams; t++)
		if (vis[t] == UILOG_PART)
			ln->part[t] = ev->type == EV_DOOR   ? part_door(ev)
				      : ev->type == EV_MOVE ? part_move(g, ev, l->view[t])
							    : part_attack(g, ev, t, l->view[t]);
	l->last_move = *ev;
	if (ev->type != EV_MOVE)
		l->last_move.unit = -1;
}
