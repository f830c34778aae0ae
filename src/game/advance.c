/* advance.c: a moveto beyond this turn's movement. The unit goes along
 * the cheapest way its team knows of (game_plan), one stretch at a time:
 * each stretch ends on a cell of its own (past friends) next to where it
 * stood or to a friend, so it only ever walks into cells its team sees;
 * then it plans again with what it sees now. It stops when this turn's
 * movement is spent, when an enemy its team did not see comes into view,
 * before a step that would draw a free attack (but for the first, which
 * whoever gives the order was shown), and where there is no way on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/internal.h"
#include "game/orders.h"

/* What the unit does before it looks again. */
struct stretch {
	enum path_act act;
	enum dir dir;    /* PATH_FACE, PATH_OPEN */
	enum dir *dirs;  /* PATH_STEP: the steps (owned) */
	int n;
	bool partial;    /* its last step is a ladder climb begun, not done */
	int x, y;        /* where the unit stands after it */
};

/* Whether a unit other than unit stands at x,y (on the way, only its
 * own side can: enemies block every way). */
static bool friend_at(const struct game *g, int unit, int x, int y)
{
	int o = world_unit_at(g->w, x, y);
	return o >= 0 && o != unit;
}

/* The first stretch of way p this turn, or false when its first action
 * does not fit in what the unit has left. */
static bool first_stretch(const struct game *g, int unit, const struct path *p,
			  struct stretch *st)
{
	const struct unit *u = &g->w->units[unit];
	memset(st, 0, sizeof *st);
	st->x = u->x;
	st->y = u->y;
	if (p->nsteps == 0 || p->steps[0].begun > 1)
		return false;
	st->act = p->steps[0].act;
	if (st->act != PATH_STEP) {
		st->dir = p->steps[0].dir;
		return true;
	}
	st->dirs = xmalloc((size_t)p->nsteps * sizeof *st->dirs);
	for (int i = 0; i < p->nsteps; i++) {
		const struct path_step *s = &p->steps[i];
		if (s->act != PATH_STEP || s->begun > 1)
			break;
		st->dirs[st->n++] = s->dir;
		if (s->turn > 1) {
			/* A climb begun with what is left: the unit stays
			 * below, part way up. */
			st->partial = true;
			break;
		}
		st->x = s->x;
		st->y = s->y;
		if (!friend_at(g, unit, s->x, s->y))
			break;
	}
	return true;
}

static int take_stretch(struct game *g, int unit, const struct stretch *st,
			char *why)
{
	switch (st->act) {
	case PATH_FACE:
		return game_face(g, unit, st->dir, why);
	case PATH_OPEN:
		return game_door(g, unit, st->dir, "open", why);
	default:
		return game_move(g, unit, st->dirs, st->n, why);
	}
}

/* An enemy team sees now that it did not see when seen was taken, or
 * -1. */
static int newly_seen(struct game *g, int team, const unsigned char *seen)
{
	game_refresh_knowledge(g);
	const unsigned char *now = g->know[team].units;
	for (int i = 0; i < g->w->nunits; i++)
		if (now[i] && !seen[i] && g->w->units[i].team != team)
			return i;
	return -1;
}

/* Whether the stretch would draw a free attack: then the move stops
 * before it, saying so. */
static bool attack_ahead(struct game *g, int unit, const struct stretch *st,
			 int x, int y)
{
	struct free_attack_preview first;
	char why[GAME_WHY_LEN];
	int n = game_preview_free_attacks(g, unit, st->dirs, st->n, &first, 1,
					  why);
	if (n < 0)
		game_order_news(g, ANNOUNCE_BLOCKED, unit, x, y, -1, 0, why);
	else if (n > 0)
		game_order_news(g, ANNOUNCE_ATTACK_AHEAD, unit, x, y,
				first.attacker, first.calc.need, NULL);
	return n != 0;
}

/* The refusal of a moveto that can do nothing at all now. */
static void cannot_start(const struct game *g, int unit, int x, int y,
			 const struct path *p, char *why)
{
	const struct unit *u = &g->w->units[unit];
	char a[24], b[16];
	if (p->turns < 0) {
		snprintf(why, GAME_WHY_LEN, "%s cannot move to %d,%d: %s", u->id,
			 x, y, p->why);
		return;
	}
	snprintf(why, GAME_WHY_LEN,
		 "%s cannot move towards %d,%d now: its next step needs %s, "
		 "%s left (%d,%d is %d turn%s away)",
		 u->id, x, y, move_inches_unit(p->steps[0].cost, a),
		 move_inches(u->move_left, b), x, y, p->turns - 1,
		 p->turns == 2 ? "" : "s");
}

int game_advance(struct game *g, int unit, int x, int y, char *why)
{
	struct unit *u = &g->w->units[unit];
	int team = u->team, acts = 0, rc = 0;
	bool based = false; /* an undo entry of this moveto lies below */
	game_refresh_knowledge(g);
	size_t nu = (size_t)(g->w->nunits ? g->w->nunits : 1);
	unsigned char *seen = xmalloc(nu);
	memcpy(seen, g->know[team].units, nu);
	for (;;) {
		struct path p;
		struct stretch st = {0};
		char inner[GAME_WHY_LEN];
		bool planned = game_plan(g, unit, x, y, &p) == 0;
		bool go = planned && p.turns > 0 && first_stretch(g, unit, &p, &st);
		if (!go && acts == 0 && (!planned || p.turns > 0)) {
			cannot_start(g, unit, x, y, &p, why);
			rc = -1;
		} else if (!planned) {
			game_order_news(g, ANNOUNCE_BLOCKED, unit, x, y, -1, 0,
					p.why);
		} else if (!go && p.turns > 0) {
			game_order_news(g, ANNOUNCE_SHORT, unit, x, y, -1,
					p.turns - 1, NULL);
		}
		path_free(&p);
		/* The first stretch's free attacks are those the order's
		 * giver was shown (game_moveto_preview); later ones stop it. */
		if (!go || (st.act == PATH_STEP && acts > 0 &&
			    attack_ahead(g, unit, &st, x, y))) {
			free(st.dirs);
			break;
		}
		int before = g->nundo;
		int r = take_stretch(g, unit, &st, inner);
		free(st.dirs);
		if (r != 0) {
			/* Planned on what the team sees, a stretch is legal:
			 * this is a safeguard, said as any refusal is. */
			if (acts == 0) {
				snprintf(why, GAME_WHY_LEN, "%s", inner);
				rc = -1;
			} else {
				game_order_news(g, ANNOUNCE_BLOCKED, unit, x, y,
						-1, 0, inner);
			}
			break;
		}
		acts++;
		/* One moveto is taken back at once, whatever it took. */
		if (g->nundo == before + 1) {
			g->undo[g->nundo - 1].joined = based;
			based = true;
		} else {
			based = false;
		}
		if (g->over || !unit_alive(u) || game_awaited_roll(g) ||
		    u->x != st.x || u->y != st.y)
			break; /* the rules stopped it, and said why */
		int e = newly_seen(g, team, seen);
		if (e >= 0) {
			game_order_news(g, ANNOUNCE_SIGHTED, unit, x, y, e, 0, NULL);
			break;
		}
	}
	free(seen);
	return rc;
}

bool game_moveto_beyond_turn(struct game *g, int unit, int x, int y)
{
	char why[GAME_WHY_LEN];
	enum dir dirs[1024];
	return game_moveto_check(g, unit, x, y, why) == 0 &&
	       game_within_turn(g, unit, x, y, dirs, 1024, why) <= 0;
}

int game_moveto_preview(struct game *g, int unit, int x, int y,
			enum dir *dirs, int max, int *turns, char *why)
{
	if (game_moveto_check(g, unit, x, y, why))
		return -1;
	*turns = 1;
	int n = game_within_turn(g, unit, x, y, dirs, max, why);
	if (n > 0)
		return n;
	game_refresh_knowledge(g);
	struct path p;
	struct stretch st = {0};
	bool planned = game_plan(g, unit, x, y, &p) == 0;
	bool go = planned && p.turns > 0 && first_stretch(g, unit, &p, &st);
	n = -1;
	if (go) {
		*turns = p.turns;
		n = st.act != PATH_STEP ? 0 : st.n < max ? st.n : max;
		if (n > 0)
			memcpy(dirs, st.dirs, (size_t)n * sizeof *dirs);
	} else {
		cannot_start(g, unit, x, y, &p, why);
	}
	free(st.dirs);
	path_free(&p);
	return n;
}
