/* scenario_reach.c: check --reach: for each goal of a scenario, whether a
 * unit able to meet it can get where it must be, and in how many turns,
 * enemies ignored (rules/path.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/scenario_lint.h"
#include "rules/path.h"
#include "rules/shot.h"

/* The field with the enemies of team taken off: a goal's reach is the
 * map's, not the first positions'. Free with world_free. */
static void without_enemies(const struct world *src, int team,
			    struct world *out)
{
	world_copy(out, src);
	for (int i = 0; i < out->nunits; i++)
		if (out->units[i].team != team && unit_alive(&out->units[i]))
			out->units[i].status = STATUS_DISABLED;
	world_index(out);
}

/* A weapon of the type that harms doors and walls, or NULL. */
static const struct weapon *structure_weapon(const struct unit_type *t)
{
	for (int i = 0; i < t->nweapons; i++)
		if (t->weapons[i].structures)
			return &t->weapons[i];
	return NULL;
}

/* The cells from which unit idx could attack the door or wall at cx,cy:
 * beside it for melee, in range with a clear line for siege and missile
 * weapons (facing it). w is changed while looking, and put back. */
static void attack_cells(struct world *w, int idx, const struct weapon *wp,
			 int cx, int cy, unsigned char *goal)
{
	struct unit *u = &w->units[idx];
	int ox = u->x, oy = u->y;
	enum dir of = u->facing;
	int r = weapon_is_ranged(wp) ? wp->range : 1;
	char why[160];
	for (int y = cy - r; y <= cy + r; y++)
		for (int x = cx - r; x <= cx + r; x++) {
			if (!map_inside(&w->map, x, y) || (x == cx && y == cy))
				continue;
			if (!weapon_is_ranged(wp)) {
				goal[y * w->map.w + x] = geom_adjacent(x, y, cx, cy);
				continue;
			}
			int o = world_unit_at(w, x, y);
			if (o >= 0 && o != idx)
				continue;
			world_place(w, idx, x, y);
			int d = dir_from_delta((cx > x) - (cx < x),
					       (cy > y) - (cy < y));
			u->facing = (enum dir)d;
			goal[y * w->map.w + x] =
				shot_check(w, idx, cx, cy, true, "it", why,
					   sizeof why) >= 0;
		}
	world_place(w, idx, ox, oy);
	u->facing = of;
}

/* "Red hold 3,4-6,4" and the like. */
static void goal_name(const struct world *w, const struct goal *g, char *buf,
		      size_t size)
{
	const char *team = w->teams[g->team].name, *kind = goal_kind_names[g->kind];
	if (g->kind == GOAL_HOLD || g->kind == GOAL_ESCAPE)
		snprintf(buf, size, "%s %s %d,%d-%d,%d", team, kind, g->x0,
			 g->y0, g->x1, g->y1);
	else if (g->kind == GOAL_DESTROY && g->has_cell)
		snprintf(buf, size, "%s %s %d,%d", team, kind, g->cx, g->cy);
	else if (g->kind == GOAL_DESTROY)
		snprintf(buf, size, "%s %s %s", team, kind, g->unit);
	else
		snprintf(buf, size, "%s %s", team, kind);
}

/* The goal's cells for unit idx (NULL: the unit cannot meet it at all). */
static unsigned char *goal_cells(struct world *w, const struct goal *g,
				 int idx)
{
	const struct weapon *wp = NULL;
	if (g->kind == GOAL_DESTROY &&
	    !(wp = structure_weapon(world_type(w, &w->units[idx]))))
		return NULL;
	unsigned char *goal = xcalloc((size_t)w->map.w * (size_t)w->map.h, 1);
	if (wp) {
		attack_cells(w, idx, wp, g->cx, g->cy, goal);
		return goal;
	}
	for (int y = g->y0; y <= g->y1; y++)
		for (int x = g->x0; x <= g->x1; x++)
			goal[y * w->map.w + x] = 1;
	return goal;
}

/* The best way for any unit of the goal's team; *best the unit, -1 when
 * none can, with why. */
static void best_way(struct world *w, const struct goal *g, struct path *best,
		     int *who, char *why, size_t size)
{
	*who = -1;
	snprintf(why, size, "%s has no unit that can %s",
		 w->teams[g->team].name,
		 g->kind == GOAL_DESTROY ? "harm doors and walls (structures)"
					 : "go there");
	memset(best, 0, sizeof *best);
	best->turns = -1;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (u->team != g->team || !unit_alive(u))
			continue;
		unsigned char *goal = goal_cells(w, g, i);
		if (!goal)
			continue;
		struct path_query q = {.goal = goal, .first = -1};
		struct path p;
		w->units[i].move_left = 2 * world_type(w, u)->move;
		int rc = path_find(w, i, &q, &p);
		free(goal);
		bool better = rc == 0 && (*who < 0 || p.turns < best->turns ||
					  (p.turns == best->turns &&
					   p.cost < best->cost));
		if (better) {
			path_free(best);
			*best = p;
			*who = i;
			continue;
		}
		if (rc != 0 && *who < 0)
			snprintf(why, size, "%s (%s): %.150s", u->id,
				 world_type(w, u)->id, p.why);
		path_free(&p);
	}
}

int scenario_lint_reach(const struct scenario *sc, struct strbuf *report,
			struct lint *out)
{
	int before = out->n;
	struct ynode *root = lint_tree(sc, out);
	if (!root)
		return out->n - before;
	for (int i = 0; i < sc->ngoals; i++) {
		const struct goal *g = &sc->goals[i];
		char name[96], why[256], a[24];
		goal_name(&sc->world, g, name, sizeof name);
		bool place = g->kind == GOAL_HOLD || g->kind == GOAL_ESCAPE ||
			     (g->kind == GOAL_DESTROY && g->has_cell);
		if (!place) {
			strbuf_addf(report, "%s: not a place\n", name);
			continue;
		}
		struct world w;
		without_enemies(&sc->world, g->team, &w);
		struct path best;
		int who;
		best_way(&w, g, &best, &who, why, sizeof why);
		if (who < 0) {
			strbuf_addf(report, "%s: never: %s\n", name, why);
			lint_add(out, sc->path, lint_goal_node(root, i, NULL),
				 "%s: no unit of %s can get there: %s", name,
				 w.teams[g->team].name, why);
		} else {
			const struct unit *u = &w.units[who];
			strbuf_addf(report, "%s: %s (%s) ", name, u->id,
				    world_type(&w, u)->id);
			if (best.turns == 0)
				strbuf_add(report, "already there\n");
			else
				strbuf_addf(report, "in %d turn%s, %s\n",
					    best.turns, best.turns == 1 ? "" : "s",
					    move_inches_unit(best.cost, a));
		}
		path_free(&best);
		world_free(&w);
	}
	ytree_free(root);
	return out->n - before;
}
