/* sight.c: what each team may read of an event, decided once, when the
 * event happens, from that team's knowledge at that moment. A team reads
 * an event in full when it concerns its own units or happens where it
 * sees, and every unit the event names is one it knows; it reads part of
 * it ("an unseen enemy attacks b2") when it sees one end only; otherwise
 * it is not told. */
#include <string.h>

#include "game/internal.h"
#include "rules/engage.h"

struct reader {
	const struct game *g;
	const struct knowledge *k;
	int team;
};

static bool own(const struct reader *r, int u)
{
	return u >= 0 && u < r->g->w->nunits && r->g->w->units[u].team == r->team;
}

static bool sees(const struct reader *r, int x, int y)
{
	return knowledge_sees(r->k, x, y);
}

/* A unit the team may name: its own, or one standing where it sees. */
static bool knows_at(const struct reader *r, int u, int x, int y)
{
	return own(r, u) || (u >= 0 && sees(r, x, y));
}

/* Attack-like events: the attacker at x0,y0, the target unit (or the
 * structure) at x1,y1. */
static unsigned char attack_sight(const struct reader *r,
				  const struct event *ev)
{
	bool ka = knows_at(r, ev->unit, ev->x0, ev->y0);
	bool kt = ev->target >= 0 ? knows_at(r, ev->target, ev->x1, ev->y1)
				  : sees(r, ev->x1, ev->y1);
	if (!ka && !kt)
		return 0;
	unsigned char s = EVS_SEEN | (ka ? EVS_UNIT | EVS_FROM : 0) |
			  (kt ? EVS_TARGET | EVS_TO : 0);
	return ka && kt ? s | EVS_FULL : s;
}

/* The die that picks who a shot into melee hits names the target and
 * every unit engaged with it (not the shooter): told in full only to a
 * team that knows them all, since its sides count them. */
static unsigned char melee_pick_sight(const struct reader *r,
				      const struct event *ev)
{
	unsigned char s = attack_sight(r, ev);
	if (!(s & EVS_TARGET))
		return (unsigned char)(s & ~EVS_FULL);
	const struct world *w = r->g->w;
	for (int i = 0; i < w->nunits; i++)
		if (i != ev->target && unit_alive(&w->units[i]) &&
		    engage_in_melee(w, ev->target, i) &&
		    !knows_at(r, i, w->units[i].x, w->units[i].y))
			return (unsigned char)(s & ~EVS_FULL);
	return s | EVS_FULL;
}

static unsigned char one_place(const struct reader *r, int u, int x, int y)
{
	return own(r, u) || sees(r, x, y)
		       ? EVS_SEEN | EVS_UNIT | EVS_FROM | EVS_FULL
		       : 0;
}

static unsigned char event_sight(const struct reader *r, const struct event *ev)
{
	switch (ev->type) {
	case EV_STEP:
	case EV_GOAL:
	case EV_END:
		return EVS_SEEN | EVS_FULL;
	case EV_UNDO:
		return ev->team == r->team ? EVS_SEEN | EVS_FULL : 0;
	case EV_MOVE: {
		/* Seen at one end only: where it came from or went is not
		 * told. */
		bool a = sees(r, ev->x0, ev->y0), b = sees(r, ev->x1, ev->y1);
		if (own(r, ev->unit) || (a && b))
			return EVS_SEEN | EVS_UNIT | EVS_FROM | EVS_TO | EVS_FULL;
		if (!a && !b)
			return 0;
		return EVS_SEEN | EVS_UNIT | (a ? EVS_FROM : EVS_TO);
	}
	case EV_CLIMB:
	case EV_FACE:
	case EV_ESCAPED:
		return one_place(r, ev->unit, ev->x0, ev->y0);
	case EV_DOOR:
		if (knows_at(r, ev->unit, r->g->w->units[ev->unit].x,
			     r->g->w->units[ev->unit].y))
			return EVS_SEEN | EVS_UNIT | EVS_FROM | EVS_FULL;
		return sees(r, ev->x0, ev->y0) ? EVS_SEEN | EVS_FROM : 0;
	case EV_ANNOUNCE: {
		/* A team's own orders and where its moves stop are its own
		 * business: the enemy is never told of them. */
		if (ev->kind >= ANNOUNCE_ORDER)
			return own(r, ev->unit) ? EVS_SEEN | EVS_UNIT |
							  EVS_TARGET | EVS_FROM |
							  EVS_TO | EVS_FULL
						: 0;
		/* Told when the reader knows every unit the words name: the
		 * shot into melee and the odds name only the target. */
		const struct world *w = r->g->w;
		int u = ev->unit, t = ev->target;
		bool ku = u < 0 || knows_at(r, u, w->units[u].x, w->units[u].y);
		bool kt = t < 0 || knows_at(r, t, w->units[t].x, w->units[t].y);
		bool names_both = ev->kind == ANNOUNCE_STOPPED ||
				  ev->kind == ANNOUNCE_UNFORESEEN;
		bool told = kt && (ku || !names_both);
		return told ? EVS_SEEN | EVS_TARGET | EVS_FULL |
				      (ku ? EVS_UNIT : 0)
			    : 0;
	}
	case EV_ROLL:
		return ev->kind == ROLL_MELEE_PICK ? melee_pick_sight(r, ev)
						   : attack_sight(r, ev);
	case EV_ATTACK:
		return attack_sight(r, ev);
	case EV_HIT:
	case EV_DISABLED: {
		/* The line names the target only; the attacker is named in
		 * JSON when the team knows it. */
		if (!own(r, ev->target) && !sees(r, ev->x0, ev->y0))
			return 0;
		const struct unit *a = &r->g->w->units[ev->unit];
		bool ka = knows_at(r, ev->unit, a->x, a->y);
		return EVS_SEEN | EVS_TARGET | EVS_FROM |
		       (ka ? EVS_UNIT | EVS_FULL : 0);
	}
	case EV_STRUCTURE:
		return own(r, ev->unit) || sees(r, ev->x0, ev->y0)
			       ? EVS_SEEN | EVS_FROM | EVS_FULL
			       : 0;
	case EVENT_COUNT:
		break;
	}
	return 0;
}

void game_event_sight(const struct game *g, struct event *ev)
{
	memset(ev->sight, 0, sizeof ev->sight);
	for (int t = 0; t < g->w->nteams; t++) {
		struct reader r = {g, &g->know[t], t};
		ev->sight[t] = event_sight(&r, ev);
	}
}
