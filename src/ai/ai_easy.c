/* ai_easy.c: the easy computer player, plain and greedy. In each step it
 * takes each unit once: movers close on the nearest enemy they know of
 * (or a goal area), shooters pick the target with the best odds, fighters
 * likewise. It sees only what its team sees, as a human player would. */
#include "ai/ai_priv.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/engage.h"
#include "rules/move.h"
#include "world/vision.h"

/* Where the unit wants to be: the nearest enemy its team sees or last
 * saw, else the centre of a goal area of its team, else nowhere (-1). */
static bool pick_goal(const struct game *g, const struct ai *a, int idx,
		      const struct knowledge *k, int *gx, int *gy)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	int best = INT_MAX;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *e = &w->units[i];
		if (e->team == a->team || !unit_alive(e))
			continue;
		int x, y;
		if (knowledge_knows(k, i)) {
			x = e->x;
			y = e->y;
		} else if (k->last[i].round >= 0) {
			x = k->last[i].x;
			y = k->last[i].y;
		} else {
			continue;
		}
		int d = geom_dist2(u->x, u->y, x, y);
		if (d < best) {
			best = d;
			*gx = x;
			*gy = y;
		}
	}
	for (int i = 0; i < g->sc.ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		if (gl->team != a->team ||
		    (gl->kind != GOAL_HOLD && gl->kind != GOAL_ESCAPE))
			continue;
		int x = (gl->x0 + gl->x1) / 2, y = (gl->y0 + gl->y1) / 2;
		/* Escaping and holding beat chasing. */
		int d = geom_dist2(u->x, u->y, x, y) / 4;
		if (d < best) {
			best = d;
			*gx = x;
			*gy = y;
		}
	}
	return best != INT_MAX;
}

static bool has_ranged(const struct unit_type *t)
{
	for (int i = 0; i < t->nweapons; i++)
		if (weapon_is_ranged(&t->weapons[i]))
			return true;
	return false;
}

/* Best target for a shot: the lowest need among enemies the unit could
 * shoot now (game_can_shoot has passed it). */
static int best_shot(const struct game *g, int idx, const struct knowledge *k)
{
	const struct world *w = g->w;
	int best = -1, need = INT_MAX;
	char why[GAME_WHY_LEN];
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *e = &w->units[i];
		if (e->team == w->units[idx].team || !unit_alive(e) ||
		    !knowledge_knows(k, i))
			continue;
		struct attack_calc c;
		if (game_preview_aim(g, idx, i, -1, -1, &c, why) >= 0 &&
		    c.need < need && c.need <= 20) {
			need = c.need;
			best = i;
		}
	}
	return best;
}

/* Whether some enemy in view is in range, arc and sight of a missile or
 * siege weapon of the unit (whatever the step). */
static bool has_target(const struct game *g, int idx, const struct knowledge *k)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	const struct unit_type *t = world_type(w, u);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *e = &w->units[i];
		if (e->team == u->team || !unit_alive(e) ||
		    !knowledge_knows(k, i) ||
		    !geom_in_arc(u->facing, e->x - u->x, e->y - u->y))
			continue;
		for (int n = 0; n < t->nweapons; n++) {
			const struct weapon *wp = &t->weapons[n];
			if (weapon_is_ranged(wp) &&
			    geom_within(u->x, u->y, e->x, e->y, wp->range) &&
			    geom_dist2(u->x, u->y, e->x, e->y) >=
				    wp->min_range * wp->min_range &&
			    !vision_line_blocked(w, u->x, u->y, e->x, e->y))
				return true;
		}
	}
	return false;
}

/* The easy player's reasons: what it chose, and the one or two numbers
 * that decided it. */
static void explain(const struct ai *a, const struct game *g, int unit,
		    int target, const char *line, const char *note,
		    const char *term, double value)
{
	if (!a->explain)
		return;
	struct ai_reason r;
	ai_reason_line(&r, unit, target, line);
	snprintf(r.note, sizeof r.note, "%s", note);
	if (term)
		ai_reason_term(&r, term, value);
	ai_tell(a, g, &r);
}

static double dist(int x0, int y0, int x1, int y1)
{
	return sqrt((double)geom_dist2(x0, y0, x1, y1));
}

static bool plan_move(struct game *g, struct ai *a, int idx,
		      const struct knowledge *k, char *line, int size)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	const struct unit_type *t = world_type(w, u);
	/* A shooter with a target already stays put and keeps its shot. */
	if (has_ranged(t) && !engage_engaged(w, idx) && has_target(g, idx, k))
		return false;
	if (engage_engaged(w, idx))
		return false;
	int gx, gy;
	if (!pick_goal(g, a, idx, k, &gx, &gy))
		return false;
	/* A ram goes for the nearest door or breachable wall its team knows,
	 * and stays there. */
	if (engage_structure_weapon(w, idx) >= 0) {
		int best = INT_MAX;
		for (int y = 0; y < w->map.h; y++)
			for (int x = 0; x < w->map.w; x++) {
				const struct cell *c = map_cell_c(&w->map, x, y);
				if (!knowledge_remembers(k, x, y) ||
				    !cell_breachable(c))
					continue;
				if (geom_adjacent(u->x, u->y, x, y))
					return false;
				int d = geom_dist2(u->x, u->y, x, y);
				if (d < best) {
					best = d;
					gx = x;
					gy = y;
				}
			}
	}
	/* Open a door that stands between the unit and its goal. */
	for (int d = 0; d < DIR_COUNT; d++) {
		int nx = u->x + dir_dx[d], ny = u->y + dir_dy[d];
		if (!map_inside(&w->map, nx, ny))
			continue;
		const struct cell *c = map_cell_c(&w->map, nx, ny);
		if (cell_is_door(c) && c->t.state != DOOR_OPEN &&
		    (c->t.state == DOOR_CLOSED || c->t.locked_by == a->team) &&
		    geom_dist2(nx, ny, gx, gy) < geom_dist2(u->x, u->y, gx, gy) &&
		    u->move_left >= 4 && t->cls != CLASS_MACHINE) {
			snprintf(line, (size_t)size, "door %s %s open", u->id,
				 dir_names[d]);
			explain(a, g, idx, -1, line, "the door stands between it "
				"and its goal", "inches to the goal",
				dist(u->x, u->y, gx, gy));
			return true;
		}
	}
	/* Climb a ladder that leads towards the goal, over several turns if
	 * need be (a path search cannot plan a climb it cannot pay at once). */
	char why[MOVE_WHY_LEN];
	int here = geom_dist2(u->x, u->y, gx, gy);
	for (int d = 0; d < DIR_COUNT; d++) {
		int nx = u->x + dir_dx[d], ny = u->y + dir_dy[d];
		if (move_is_ladder_climb(w, u->x, u->y, (enum dir)d) &&
		    geom_dist2(nx, ny, gx, gy) < here && u->move_left > 0 &&
		    world_unit_at(w, nx, ny) < 0 &&
		    move_step_cost(w, g->know[a->team].units, idx, u->x, u->y,
				   u->facing, (enum dir)d,
				   why) >= 0) {
			snprintf(line, (size_t)size, "move %s %s", u->id, dir_names[d]);
			explain(a, g, idx, -1, line, "a ladder towards its goal",
				"inches to the goal", dist(u->x, u->y, gx, gy));
			return true;
		}
	}
	int cells = w->map.w * w->map.h;
	int *cost = xmalloc((size_t)cells * sizeof *cost);
	game_reach(g, idx, cost); /* as the team knows the field */
	/* A goal at another height is reached by a ladder or stairs: head
	 * for the one that leaves the least way to go. */
	int here_h = world_height(w, u->x, u->y);
	const struct cell *hc = map_cell_c(&w->map, u->x, u->y);
	bool on_way = hc->t.kind == TERRAIN_LADDER || hc->t.kind == TERRAIN_STAIRS;
	if (world_height(w, gx, gy) != here_h && !on_way &&
	    t->cls == CLASS_FOOT) {
		long best = -1;
		int lx = -1, ly = -1;
		for (int c = 0; c < cells; c++) {
			const struct cell *lc = &w->map.cells[c];
			if ((lc->t.kind != TERRAIN_LADDER &&
			     lc->t.kind != TERRAIN_STAIRS) ||
			    cost[c] == INT_MAX || lc->t.height != here_h)
				continue;
			int x = c % w->map.w, y = c / w->map.w;
			long v = cost[c] + 2L * geom_dist2(x, y, gx, gy);
			if (best < 0 || v < best) {
				best = v;
				lx = x;
				ly = y;
			}
		}
		if (lx >= 0) {
			gx = lx;
			gy = ly;
		}
	}
	int bx = -1, by = -1, bd = geom_dist2(u->x, u->y, gx, gy), bc = 0;
	for (int c = 0; c < cells; c++) {
		if (cost[c] > u->move_left || cost[c] == 0)
			continue;
		int x = c % w->map.w, y = c / w->map.w;
		int d = geom_dist2(x, y, gx, gy);
		if (d < bd || (d == bd && bx >= 0 && cost[c] < bc)) {
			bd = d;
			bc = cost[c];
			bx = x;
			by = y;
		}
	}
	free(cost);
	if (bx < 0)
		return false;
	snprintf(line, (size_t)size, "moveto %s %d,%d", u->id, bx, by);
	if (a->explain) {
		char note[64];
		snprintf(note, sizeof note, "the cell it can reach nearest to %d,%d",
			 gx, gy);
		explain(a, g, idx, -1, line, note, "inches to go from there",
			dist(bx, by, gx, gy));
	}
	return true;
}

static bool face_target(const struct ai *a, const struct game *g, int idx,
			const struct knowledge *k, char *line, int size)
{
	/* Turn towards the nearest visible enemy outside the arc, so the
	 * next missile step has a target. */
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	if (world_type(w, u)->cls == CLASS_MACHINE)
		return false;
	int best = INT_MAX, bx = 0, by = 0, who = -1;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *e = &w->units[i];
		if (e->team == u->team || !unit_alive(e) ||
		    !knowledge_knows(k, i))
			continue;
		int d = geom_dist2(u->x, u->y, e->x, e->y);
		if (d < best) {
			best = d;
			bx = e->x - u->x;
			by = e->y - u->y;
			who = i;
		}
	}
	if (best == INT_MAX || geom_in_arc(u->facing, bx, by))
		return false;
	int sx = bx > 0 ? 1 : bx < 0 ? -1 : 0, sy = by > 0 ? 1 : by < 0 ? -1 : 0;
	/* Prefer the orthogonal facing whose arc holds the target. */
	int d = -1;
	for (int k2 = 0; k2 < DIR_COUNT && d < 0; k2++)
		if (!dir_diagonal((enum dir)k2) && geom_in_arc((enum dir)k2, bx, by))
			d = k2;
	if (d < 0)
		d = dir_from_delta(sx, sy);
	if (d < 0)
		return false;
	snprintf(line, (size_t)size, "face %s %s", u->id, dir_names[d]);
	if (a->explain) {
		char note[64];
		snprintf(note, sizeof note, "toward %s, the nearest enemy in sight",
			 w->units[who].id);
		explain(a, g, idx, who, line, note, "distance", sqrt((double)best));
	}
	return true;
}

static bool plan_fight(const struct ai *a, const struct game *g, int idx,
		       char *line, int size)
{
	const struct world *w = g->w;
	int best = -1, need = INT_MAX;
	char why[GAME_WHY_LEN];
	for (int i = 0; i < w->nunits; i++) {
		struct attack_calc c;
		if (w->units[i].team != w->units[idx].team &&
		    unit_alive(&w->units[i]) &&
		    game_preview_fight(g, idx, i, -1, -1, &c, why) >= 0 &&
		    c.need < need) {
			need = c.need;
			best = i;
		}
	}
	if (best < 0) {
		/* No enemy in reach: batter a door or wall next to it. */
		if (engage_structure_weapon(w, idx) < 0)
			return false;
		const struct unit *u = &w->units[idx];
		for (int d = 0; d < DIR_COUNT; d++) {
			int x = u->x + dir_dx[d], y = u->y + dir_dy[d];
			struct attack_calc c;
			if (map_inside(&w->map, x, y) &&
			    game_preview_fight(g, idx, -1, x, y, &c, why) >= 0) {
				snprintf(line, (size_t)size, "fight %s %d,%d", u->id, x, y);
				explain(a, g, idx, -1, line, "no enemy in reach: "
					"the door or wall beside it", "need",
					c.need);
				return true;
			}
		}
		return false;
	}
	snprintf(line, (size_t)size, "fight %s %s", w->units[idx].id,
		 w->units[best].id);
	explain(a, g, idx, best, line, "the enemy in reach it needs least to "
		"hit", "need", need);
	return true;
}

/* Machines shoot first: take them before anyone else. */
static int next_unit(const struct game *g, struct ai *a)
{
	const struct world *w = g->w;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < w->nunits; i++) {
			const struct unit *u = &w->units[i];
			if (a->done[i] || u->team != a->team || !unit_alive(u))
				continue;
			bool machine = world_type(w, u)->cls == CLASS_MACHINE;
			if (g->step == STEP_MISSILE && pass == 0 && !machine)
				continue;
			return i;
		}
	return -1;
}

void ai_easy_next(struct ai *a, struct game *g, char *line, int size)
{
	const struct world *w = g->w;
	/* It decides from what its team knows, as a person would. */
	const struct knowledge *k = game_knowledge(g, a->team);
	char why[GAME_WHY_LEN];
	int i;
	while ((i = next_unit(g, a)) >= 0) {
		a->done[i] = true;
		a->last = i;
		bool planned = false;
		switch (g->step) {
		case STEP_MOVEMENT:
			planned = plan_move(g, a, i, k, line, size) ||
				  face_target(a, g, i, k, line, size);
			break;
		case STEP_MISSILE: {
			int t = game_can_shoot(g, i, why) ? best_shot(g, i, k) : -1;
			if (t >= 0) {
				snprintf(line, (size_t)size, "shoot %s %s",
					 w->units[i].id, w->units[t].id);
				planned = true;
				if (a->explain) {
					struct attack_calc c;
					game_preview_shot(g, i, t, -1, -1, &c, why);
					explain(a, g, i, t, line, "the enemy in "
						"sight it needs least to hit",
						"need", c.need);
				}
			}
			break;
		}
		case STEP_MELEE:
			planned = plan_fight(a, g, i, line, size);
			break;
		default:
			break;
		}
		if (planned) {
			/* A moved unit may want to turn next: look again. */
			if (g->step == STEP_MOVEMENT && strncmp(line, "moveto", 6) == 0)
				a->done[i] = false;
			return;
		}
	}
	snprintf(line, (size_t)size, "end");
}
