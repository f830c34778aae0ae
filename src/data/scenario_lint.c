/* scenario_lint.c: what check refuses in a scenario that loads: goals
 * that cannot mean anything (longer than the battle, a team's own unit or
 * door to destroy, an area nobody of the team can stand in, an enemy to
 * disable by a team that has no weapon), ladders that lead nowhere, unit
 * letters that are also terrain symbols. */
#include "data/scenario_lint.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lint_add(struct lint *l, const char *file, const struct ynode *at,
	      const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	struct yctx c = {.file = file};
	ytree_fail(&c, at, "%s", msg); /* the same form as the loaders' */
	free(msg);
	l->msgs = xrealloc(l->msgs, (size_t)(l->n + 1) * sizeof *l->msgs);
	l->msgs[l->n++] = c.err;
}

void lint_free(struct lint *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->msgs[i]);
	free(l->msgs);
	l->msgs = NULL;
	l->n = 0;
}

struct ynode *lint_tree(const struct scenario *sc, struct lint *out)
{
	char *err = NULL;
	struct ynode *root = ytree_load_file(sc->path, &err);
	if (!root) {
		out->msgs = xrealloc(out->msgs,
				     (size_t)(out->n + 1) * sizeof *out->msgs);
		out->msgs[out->n++] = err;
	}
	return root;
}

const struct ynode *lint_goal_node(const struct ynode *root, int i,
				   const char *key)
{
	const struct ynode *goals = ytree_get(root, "goals");
	if (!goals || goals->kind != YNODE_SEQUENCE || i >= goals->n)
		return root;
	const struct ynode *g = goals->items[i];
	const struct ynode *v = key ? ytree_get(g, key) : NULL;
	return v ? v : g;
}

/* The place of grid cell x,y in the file. */
static struct ynode grid_place(const struct ynode *root, int x, int y)
{
	const struct ynode *g = ytree_get(root, "grid");
	return (struct ynode){.line = g ? g->body_line + y : 1,
			      .col = g ? g->body_col + x : 1};
}

/* Goals longer than the battle: a survive or hold goal of more rounds
 * than the round limit can never be met. */
static void goal_rounds(const struct scenario *sc, const struct ynode *root,
			int i, struct lint *out)
{
	const struct goal *g = &sc->goals[i];
	if (!sc->rounds || g->rounds <= sc->rounds ||
	    (g->kind != GOAL_SURVIVE && g->kind != GOAL_HOLD))
		return;
	lint_add(out, sc->path, lint_goal_node(root, i, "rounds"),
		 "%s's %s goal of %d rounds is longer than the scenario's "
		 "round limit (rounds: %d): it can never be met",
		 sc->world.teams[g->team].name, goal_kind_names[g->kind],
		 g->rounds, sc->rounds);
}

/* A destroy goal that names the team's own unit, or a door it locked. */
static void goal_own_target(const struct scenario *sc,
			    const struct ynode *root, int i, struct lint *out)
{
	const struct goal *g = &sc->goals[i];
	const struct world *w = &sc->world;
	const char *team = w->teams[g->team].name;
	if (g->kind != GOAL_DESTROY)
		return;
	if (!g->has_cell) {
		int u = world_find_unit(w, g->unit);
		if (u >= 0 && w->units[u].team == g->team)
			lint_add(out, sc->path, lint_goal_node(root, i, "unit"),
				 "%s's destroy goal names its own unit %s",
				 team, g->unit);
		return;
	}
	const struct cell *c = map_cell_c(&w->map, g->cx, g->cy);
	if (c->t.kind == TERRAIN_DOOR && c->t.locked_by == g->team)
		lint_add(out, sc->path, lint_goal_node(root, i, "at"),
			 "%s's destroy goal names the door at %d,%d, which %s "
			 "itself locked (locked_by: %s)",
			 team, g->cx, g->cy, team, team);
}

/* A goal met only by disabling units (eliminate, destroy a unit), for a
 * team whose units all lack weapons (obstacles, mantlets): they never
 * attack. A team with no units at all is left alone. */
static void goal_unarmed(const struct scenario *sc, const struct ynode *root,
			 int i, struct lint *out)
{
	const struct goal *g = &sc->goals[i];
	const struct world *w = &sc->world;
	if (g->kind != GOAL_ELIMINATE && (g->kind != GOAL_DESTROY || g->has_cell))
		return;
	int units = 0;
	for (int k = 0; k < w->nunits; k++) {
		if (w->units[k].team != g->team)
			continue;
		if (world_type(w, &w->units[k])->nweapons > 0)
			return;
		units++;
	}
	if (units == 0)
		return;
	lint_add(out, sc->path, lint_goal_node(root, i, "kind"),
		 "%s's %s goal can never be met: none of its units has a "
		 "weapon",
		 w->teams[g->team].name, goal_kind_names[g->kind]);
}

/* Whether a unit of class cls could ever stand on c: passable now, or a
 * door it could open or see broken. */
static bool enterable(const struct cell *c, enum unit_class cls)
{
	if (!cell_passable(c) && !(cell_is_door(c) && cls != CLASS_MACHINE))
		return false;
	return !(cls == CLASS_MOUNTED && !c->t.mounted) &&
	       !(cls == CLASS_MACHINE && !c->t.machines);
}

/* A hold or escape area with no cell any unit of the goal's team could
 * enter. */
static void goal_area(const struct scenario *sc, const struct ynode *root,
		      int i, struct lint *out)
{
	const struct goal *g = &sc->goals[i];
	const struct world *w = &sc->world;
	if (g->kind != GOAL_HOLD && g->kind != GOAL_ESCAPE)
		return;
	bool cls[CLASS_COUNT] = {false};
	int units = 0;
	for (int u = 0; u < w->nunits; u++)
		if (w->units[u].team == g->team) {
			cls[world_type(w, &w->units[u])->cls] = true;
			units++;
		}
	for (int y = g->y0; y <= g->y1; y++)
		for (int x = g->x0; x <= g->x1; x++)
			for (int k = 0; k < CLASS_COUNT; k++)
				if (cls[k] && enterable(map_cell_c(&w->map, x, y),
							(enum unit_class)k))
					return;
	const char *team = w->teams[g->team].name;
	lint_add(out, sc->path, lint_goal_node(root, i, "area"),
		 units ? "no cell of %s's %s area %d,%d-%d,%d can be entered by "
			 "its units (impassable, or closed to their class)"
		       : "%s's %s area %d,%d-%d,%d: the team has no units",
		 team, goal_kind_names[g->kind], g->x0, g->y0, g->x1, g->y1);
}

/* A ladder must rest against something higher that a climber can step
 * onto, else it leads nowhere. */
static void ladders(const struct scenario *sc, const struct ynode *root,
		    struct lint *out)
{
	const struct map *m = &sc->world.map;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			const struct cell *c = map_cell_c(m, x, y);
			if (c->t.kind != TERRAIN_LADDER)
				continue;
			bool up = false;
			for (int d = 0; d < DIR_COUNT && !up; d++) {
				int nx = x + dir_dx[d], ny = y + dir_dy[d];
				if (!map_inside(m, nx, ny))
					continue;
				const struct cell *n = map_cell_c(m, nx, ny);
				up = n->t.height > c->t.height &&
				     (cell_passable(n) || cell_is_door(n));
			}
			if (up)
				continue;
			struct ynode at = grid_place(root, x, y);
			lint_add(out, sc->path, &at,
				 "the ladder at %d,%d has no higher neighbour "
				 "to climb to",
				 x, y);
		}
}

/* The place where the scenario gives symbol sym its meaning: its legend
 * entry, else the first grid cell drawn with it; NULL when the map never
 * shows it. */
static bool symbol_place(const struct scenario *sc, const struct ynode *root,
			 char sym, struct ynode *at)
{
	const struct ynode *leg = ytree_get(root, "legend");
	for (int i = 0; leg && leg->kind == YNODE_MAPPING && i < leg->n; i++)
		if (leg->keys[i]->value && leg->keys[i]->value[0] == sym &&
		    !leg->keys[i]->value[1]) {
			*at = *leg->keys[i];
			return true;
		}
	const struct map *m = &sc->world.map;
	for (int y = 0; y < m->h; y++)
		for (int x = 0; x < m->w; x++) {
			const struct cell *c = map_cell_c(m, x, y);
			/* What the cell is drawn as now, and as a broken
			 * door or breached wall. */
			bool shows = c->t.sym == sym || cell_symbol(c) == sym ||
				     (cell_is_door(c) && (sym == '\'' || sym == '+')) ||
				     (cell_breachable(c) && sym == ',');
			if (shows) {
				*at = grid_place(root, x, y);
				return true;
			}
		}
	return false;
}

/* A unit drawn with the same letter as a terrain of the map could not be
 * told from it. */
static void symbols(const struct scenario *sc, const struct ynode *root,
		    struct lint *out)
{
	const struct roster *r = &sc->world.roster;
	for (int i = 0; i < r->ntypes; i++) {
		struct ynode at;
		if (!symbol_place(sc, root, r->types[i].symbol, &at))
			continue;
		lint_add(out, sc->path, &at,
			 "symbol '%c' is also the letter of unit type %s: the "
			 "map could not tell them apart",
			 r->types[i].symbol, r->types[i].id);
	}
}

int scenario_lint(const struct scenario *sc, struct lint *out)
{
	int before = out->n;
	struct ynode *root = lint_tree(sc, out);
	if (!root)
		return out->n - before;
	for (int i = 0; i < sc->ngoals; i++) {
		goal_rounds(sc, root, i, out);
		goal_own_target(sc, root, i, out);
		goal_unarmed(sc, root, i, out);
		goal_area(sc, root, i, out);
	}
	ladders(sc, root, out);
	symbols(sc, root, out);
	ytree_free(root);
	return out->n - before;
}
