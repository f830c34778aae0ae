/* invariants.c: the rules no sequence of commands may break, checked from
 * the outside (the live grid, each team's knowledge against a view cast
 * from scratch), so a fault in the game's own bookkeeping shows. */
#include "invariants.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/engage.h"
#include "world/vision.h"

static int fail(char *why, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
	return -1;
}

static int check_unit(const struct game *g, int i, char *why, size_t size)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[i];
	if (u->team < 0 || u->team >= w->nteams || u->type < 0 ||
	    u->type >= w->roster.ntypes)
		return fail(why, size, "unit %s: team %d, type %d", u->id,
			    u->team, u->type);
	const struct unit_type *t = &w->roster.types[u->type];
	if (u->hits < 0 || u->hits > t->hits)
		return fail(why, size, "unit %s has %d hits (of %d)", u->id,
			    u->hits, t->hits);
	if (u->move_left < 0 || u->climb_paid < 0 || u->reload_wait < 0)
		return fail(why, size, "unit %s: move left %d, climb paid %d, "
				       "reload %d",
			    u->id, u->move_left, u->climb_paid, u->reload_wait);
	if ((int)u->facing < 0 || u->facing >= DIR_COUNT ||
	    (int)u->status < 0 || u->status >= STATUS_COUNT)
		return fail(why, size, "unit %s: facing %d, status %d", u->id,
			    (int)u->facing, (int)u->status);
	if (!unit_alive(u))
		return 0;
	if (u->hits == 0)
		return fail(why, size, "unit %s is active with no hits", u->id);
	if (!map_inside(&w->map, u->x, u->y))
		return fail(why, size, "unit %s is off the map at %d,%d", u->id,
			    u->x, u->y);
	if (w->occ[u->y * w->map.w + u->x] != i)
		return fail(why, size, "unit %s at %d,%d is not on the grid "
				       "there (it holds %d)",
			    u->id, u->x, u->y, w->occ[u->y * w->map.w + u->x]);
	const struct cell *c = map_cell_c(&w->map, u->x, u->y);
	if (!cell_passable(c))
		return fail(why, size, "unit %s is inside %s at %d,%d", u->id,
			    cell_describe(c), u->x, u->y);
	if ((t->cls == CLASS_MOUNTED && !c->t.mounted) ||
	    (t->cls == CLASS_MACHINE && !c->t.machines))
		return fail(why, size, "unit %s (%s) stands on %s at %d,%d",
			    u->id, unit_class_names[t->cls], cell_describe(c),
			    u->x, u->y);
	return 0;
}

/* No two units in a cell: the grid names only living units, each where
 * it stands, so it holds exactly as many as are alive. */
static int check_grid(const struct game *g, char *why, size_t size)
{
	const struct world *w = g->w;
	int on_grid = 0, alive = 0;
	for (int i = 0; i < w->map.w * w->map.h; i++) {
		int e = w->occ[i];
		if (e < 0)
			continue;
		on_grid++;
		if (e >= w->nunits || !unit_alive(&w->units[e]) ||
		    w->units[e].y * w->map.w + w->units[e].x != i)
			return fail(why, size, "the grid places unit %d at %d,%d",
				    e, i % w->map.w, i / w->map.w);
	}
	for (int i = 0; i < w->nunits; i++)
		alive += unit_alive(&w->units[i]);
	if (on_grid != alive)
		return fail(why, size, "%d units on the grid, %d alive", on_grid,
			    alive);
	for (int i = 0; i < w->map.w * w->map.h; i++)
		if (w->map.cells[i].hits_left < 0)
			return fail(why, size, "the cell at %d,%d has %d hits left",
				    i % w->map.w, i / w->map.w,
				    w->map.cells[i].hits_left);
	return 0;
}

/* Whether enemy e is in melee with one of team's living units: the team
 * then knows where it is whatever its sight (SPEC 2.2). */
static bool fought_by(const struct world *w, int team, int e)
{
	for (int a = 0; a < w->nunits; a++)
		if (w->units[a].team == team && unit_alive(&w->units[a]) &&
		    engage_in_melee(w, a, e))
			return true;
	return false;
}

static int check_knowledge(const struct game *g, int team, unsigned char *fresh,
			   char *why, size_t size)
{
	const struct world *w = g->w;
	const struct knowledge *k = game_knowledge(g, team);
	const char *name = w->teams[team].name;
	if (!k || k->w != w->map.w || k->h != w->map.h || k->nunits != w->nunits)
		return fail(why, size, "%s's knowledge has the wrong shape", name);
	vision_team_view(w, team, fresh);
	for (int i = 0; i < w->map.w * w->map.h; i++) {
		int x = i % w->map.w, y = i / w->map.w;
		if (fresh[i] && !k->view[i])
			return fail(why, size, "%s does not see %d,%d, which it "
					       "should",
				    name, x, y);
		if (k->view[i] && !fresh[i]) {
			int e = w->occ[i];
			if (e < 0 || w->units[e].team == team ||
			    !fought_by(w, team, e))
				return fail(why, size, "%s sees %d,%d, which it "
						       "cannot",
					    name, x, y);
		}
		if (k->view[i] &&
		    k->memory[i] != (unsigned char)cell_symbol(&w->map.cells[i]))
			return fail(why, size, "%s sees %d,%d as '%c', but it is "
					       "'%c'",
				    name, x, y, k->memory[i],
				    cell_symbol(&w->map.cells[i]));
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		bool alive = unit_alive(u);
		if (u->team == team) {
			if (k->units[i] != alive)
				return fail(why, size, "%s %s its own unit %s",
					    name,
					    alive ? "does not know" : "still knows",
					    u->id);
			continue;
		}
		bool seen = alive && k->view[u->y * w->map.w + u->x];
		if (alive && !seen && fought_by(w, team, i))
			return fail(why, size, "%s fights %s without seeing it",
				    name, u->id);
		if (k->units[i] != seen)
			return fail(why, size, "%s %s enemy %s", name,
				    seen ? "does not know" : "knows", u->id);
		const struct last_seen *l = &k->last[i];
		if (seen && (l->x != u->x || l->y != u->y || l->round != g->round))
			return fail(why, size, "%s sees %s at %d,%d but has it "
					       "at %d,%d in round %d",
				    name, u->id, u->x, u->y, l->x, l->y, l->round);
		if (l->gone && (alive || l->round < 0))
			return fail(why, size, "%s saw %s fall, which it %s",
				    name, u->id,
				    alive ? "did not" : "never saw");
		if (l->round > g->round)
			return fail(why, size, "%s saw %s in round %d, of %d",
				    name, u->id, l->round, g->round);
	}
	return 0;
}

int invariants_check(const struct game *g, char *why, size_t size)
{
	const struct world *w = g->w;
	if (g->active < 0 || g->active >= w->nteams || g->round < 1 ||
	    (int)g->step < 0 || g->step >= STEP_COUNT)
		return fail(why, size, "round %d, team %d, step %d", g->round,
			    g->active, (int)g->step);
	for (int i = 0; i < w->nunits; i++)
		if (check_unit(g, i, why, size) < 0)
			return -1;
	if (check_grid(g, why, size) < 0)
		return -1;
	for (int i = 0; i < g->sc.ngoals; i++)
		if (g->sc.goals[i].progress < 0)
			return fail(why, size, "goal %d has progress %d", i,
				    g->sc.goals[i].progress);
	unsigned char *fresh = xmalloc((size_t)w->map.w * (size_t)w->map.h);
	int rc = 0;
	for (int t = 0; t < w->nteams && rc == 0; t++)
		rc = check_knowledge(g, t, fresh, why, size);
	free(fresh);
	return rc;
}

void invariants_snapshot(const struct game *g, struct game_snapshot *s)
{
	const struct world *w = g->w;
	size_t cells = (size_t)w->map.w * (size_t)w->map.h;
	size_t units = (size_t)w->nunits, teams = (size_t)w->nteams;
	s->hash = game_state_hash(g);
	s->round = g->round;
	s->active = g->active;
	s->step = (int)g->step;
	s->nundo = g->nundo;
	s->over = g->over;
	s->rolls = g->rolls;
	s->units = xmalloc((units ? units : 1) * sizeof *s->units);
	memcpy(s->units, w->units, units * sizeof *s->units);
	s->cells = xmalloc((cells ? cells : 1) * sizeof *s->cells);
	memcpy(s->cells, w->map.cells, cells * sizeof *s->cells);
	s->memory = xmalloc(teams * cells + 1);
	s->known = xmalloc(teams * units + 1);
	s->last = xmalloc((teams * units + 1) * sizeof *s->last);
	for (size_t t = 0; t < teams; t++) {
		memcpy(s->memory + t * cells, g->know[t].memory, cells);
		memcpy(s->known + t * units, g->know[t].units, units);
		memcpy(s->last + t * units, g->know[t].last,
		       units * sizeof *s->last);
	}
}

/* Field by field: padding between them may differ in equal copies. */
static bool unit_same(const struct unit *a, const struct unit *b)
{
	return strcmp(a->id, b->id) == 0 && a->type == b->type &&
	       a->team == b->team && a->x == b->x && a->y == b->y &&
	       a->facing == b->facing && a->status == b->status &&
	       a->hits == b->hits && a->move_left == b->move_left &&
	       a->shot == b->shot && a->fought == b->fought &&
	       a->reload_wait == b->reload_wait &&
	       a->climb_dir == b->climb_dir && a->climb_paid == b->climb_paid;
}

static bool last_same(const struct last_seen *a, const struct last_seen *b,
		      size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!last_seen_same(&a[i], &b[i]))
			return false;
	return true;
}

bool invariants_unchanged(const struct game *g, const struct game_snapshot *s,
			  char *why, size_t size)
{
	const struct world *w = g->w;
	size_t cells = (size_t)w->map.w * (size_t)w->map.h;
	size_t units = (size_t)w->nunits;
	if (game_state_hash(g) != s->hash) {
		fail(why, size, "the state hash changed");
		return false;
	}
	if (g->round != s->round || g->active != s->active ||
	    (int)g->step != s->step || g->nundo != s->nundo ||
	    g->over != s->over || g->rolls != s->rolls) {
		fail(why, size, "the turn, the undo list or the dice changed");
		return false;
	}
	for (size_t i = 0; i < units; i++)
		if (!unit_same(&w->units[i], &s->units[i])) {
			fail(why, size, "unit %s changed", w->units[i].id);
			return false;
		}
	for (size_t i = 0; i < cells; i++)
		if (!cell_same(&w->map.cells[i], &s->cells[i])) {
			fail(why, size, "the cell at %zu,%zu changed",
			     i % (size_t)w->map.w, i / (size_t)w->map.w);
			return false;
		}
	for (int t = 0; t < w->nteams; t++) {
		const struct knowledge *k = &g->know[t];
		if (memcmp(k->memory, s->memory + (size_t)t * cells, cells) != 0 ||
		    memcmp(k->units, s->known + (size_t)t * units, units) != 0 ||
		    !last_same(k->last, s->last + (size_t)t * units, units)) {
			fail(why, size, "what %s knows changed", w->teams[t].name);
			return false;
		}
	}
	return true;
}

void invariants_snapshot_free(struct game_snapshot *s)
{
	free(s->units);
	free(s->cells);
	free(s->memory);
	free(s->known);
	free(s->last);
	memset(s, 0, sizeof *s);
}
