/* knowledge.c: each team's knowledge, kept up to date as the battle
 * changes. A change marks the teams it can affect; the marked teams'
 * views are recomputed once, the next time anyone needs them (before an
 * event is reported, after an action), never per query. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/internal.h"
#include "rules/engage.h"
#include "world/vision.h"

static size_t ncells(const struct world *w)
{
	return (size_t)w->map.w * (size_t)w->map.h;
}

/* The furthest a unit can be from an enemy it affects by standing there:
 * a troop blocks lines from viewers within 4 inches (SPEC 2.1), and a
 * reach weapon puts units in melee further than contact. */
static int reach_of(const struct world *w)
{
	int r = 4;
	for (int i = 0; i < w->roster.ntypes; i++) {
		const struct unit_type *t = &w->roster.types[i];
		for (int k = 0; k < t->nweapons; k++)
			if (t->weapons[k].kind == WEAPON_REACH &&
			    t->weapons[k].range + 1 > r)
				r = t->weapons[k].range + 1;
	}
	return r;
}

void knowledge_init(struct game *g)
{
	const struct world *w = g->w;
	size_t cells = ncells(w), units = (size_t)(w->nunits ? w->nunits : 1);
	g->reach = reach_of(w);
	for (int t = 0; t < w->nteams; t++) {
		struct knowledge *k = &g->know[t];
		k->team = t;
		k->w = w->map.w;
		k->h = w->map.h;
		k->nunits = w->nunits;
		k->view = xcalloc(cells ? cells : 1, 1);
		k->memory = xcalloc(cells ? cells : 1, 1);
		k->units = xcalloc(units, 1);
		k->last = xmalloc(units * sizeof *k->last);
		for (int i = 0; i < w->nunits; i++)
			k->last[i] = (struct last_seen){-1, -1, -1, false};
		g->vcache[t] = vision_cache_new(w, t);
	}
	g->moving = -1;
	g->view_was = xcalloc(cells ? cells : 1, 1);
	g->know_dirty = (1u << w->nteams) - 1;
	g->know_stale = true;
	g->cells_touched = true;
	game_refresh_knowledge(g);
}

void knowledge_free_all(struct game *g)
{
	for (int t = 0; t < MAX_TEAMS; t++) {
		struct knowledge *k = &g->know[t];
		free(k->view);
		free(k->memory);
		free(k->units);
		free(k->last);
		memset(k, 0, sizeof *k);
		vision_cache_free(g->vcache[t]);
		g->vcache[t] = NULL;
	}
	free(g->memlog);
	g->memlog = NULL;
	free(g->view_was);
	g->view_was = NULL;
	for (int t = 0; t < MAX_TEAMS; t++) {
		free(g->melee_only[t].cell);
		g->melee_only[t] = (struct cell_list){NULL, 0, 0};
	}
	free(g->read);
	g->read = NULL;
	g->nread = g->read_cap = 0;
}

const struct knowledge *game_knowledge(const struct game *g, int team)
{
	if (team < 0 || team >= g->w->nteams)
		return NULL;
	return &g->know[team];
}

void game_touch_all(struct game *g)
{
	g->know_dirty = (1u << g->w->nteams) - 1;
	g->know_stale = true;
	g->cells_touched = true;
	for (int t = 0; t < g->w->nteams; t++)
		if (g->vcache[t])
			vision_cache_rebuild(g->vcache[t], g->w);
}

void game_touch_cell(struct game *g, int x, int y)
{
	g->know_dirty = (1u << g->w->nteams) - 1;
	g->know_stale = true;
	g->cells_touched = true;
	for (int t = 0; t < g->w->nteams; t++)
		if (g->vcache[t])
			vision_cache_cell_changed(g->vcache[t], g->w, x, y);
}

void game_touch_unit(struct game *g, int unit, enum touch what, int ox,
		     int oy)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	for (int t = 0; t < w->nteams; t++) {
		struct vision_cache *c = g->vcache[t];
		if (!c)
			continue;
		switch (what) {
		case TOUCH_MOVED:
			vision_cache_unit_moved(c, w, unit, ox, oy);
			break;
		case TOUCH_TURNED:
			vision_cache_unit_moved(c, w, unit, u->x, u->y);
			break;
		case TOUCH_ARRIVED:
			vision_cache_unit_moved(c, w, unit, -1, -1);
			break;
		case TOUCH_REMOVED:
			vision_cache_unit_removed(c, w, unit);
			break;
		}
	}
	int r2 = g->reach * g->reach;
	g->know_stale = true;
	g->know_dirty |= 1u << u->team;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *v = &w->units[i];
		if (!unit_alive(v) || (g->know_dirty & (1u << v->team)))
			continue;
		if (geom_dist2(v->x, v->y, u->x, u->y) <= r2 ||
		    (ox >= 0 && geom_dist2(v->x, v->y, ox, oy) <= r2))
			g->know_dirty |= 1u << v->team;
	}
}

/* Units are counted by squares of the map this many cells a side, so
 * that a unit with no enemy near is passed at a glance: on a big field
 * most are. */
#define MELEE_SQUARE 8

static void list_add(struct cell_list *l, size_t cell)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->cell = xrealloc(l->cell, l->cap * sizeof *l->cell);
	}
	l->cell[l->n++] = cell;
}

/* Set a cell of a view that the melee brings into it; added lists those
 * it was not in before. */
static void melee_cell(unsigned char *view, size_t cell,
		       struct cell_list *added)
{
	if (!view[cell]) {
		view[cell] = 1;
		list_add(added, cell);
	}
}

/* A unit in melee always knows who it is fighting (SPEC 2.2): every
 * enemy in melee with one of the team's units is in its view. The cells
 * that were not go into added (emptied first). */
static void add_melee(const struct game *g, int team, unsigned char *view,
		      struct cell_list *added)
{
	added->n = 0;
	const struct world *w = g->w;
	int r = g->reach;
	int sw = (w->map.w + MELEE_SQUARE - 1) / MELEE_SQUARE;
	int sh = (w->map.h + MELEE_SQUARE - 1) / MELEE_SQUARE;
	/* The enemies by square: where the grid has them, and the unit on
	 * the move (off the grid) too, which can only keep a unit looked
	 * at. */
	int *near = xcalloc((size_t)sw * (size_t)sh, sizeof *near);
	for (int e = 0; e < w->nunits; e++) {
		const struct unit *v = &w->units[e];
		if (v->team != team && unit_alive(v))
			near[v->y / MELEE_SQUARE * sw + v->x / MELEE_SQUARE]++;
	}
	for (int a = 0; a < w->nunits; a++) {
		const struct unit *u = &w->units[a];
		if (u->team != team || !unit_alive(u))
			continue;
		int x0 = u->x - r < 0 ? 0 : u->x - r;
		int y0 = u->y - r < 0 ? 0 : u->y - r;
		int x1 = u->x + r >= w->map.w ? w->map.w - 1 : u->x + r;
		int y1 = u->y + r >= w->map.h ? w->map.h - 1 : u->y + r;
		int enemies = 0;
		for (int sy = y0 / MELEE_SQUARE; sy <= y1 / MELEE_SQUARE; sy++)
			for (int sx = x0 / MELEE_SQUARE;
			     sx <= x1 / MELEE_SQUARE; sx++)
				enemies += near[sy * sw + sx];
		for (int y = y0; enemies && y <= y1; y++)
			for (int x = x0; x <= x1; x++) {
				int e = w->occ[y * w->map.w + x];
				if (e >= 0 && e != a && w->units[e].team != team &&
				    engage_in_melee(w, a, e))
					melee_cell(view,
						   (size_t)y * w->map.w + x,
						   added);
			}
		/* The unit on the move is off the occupancy grid. */
		int m = g->moving;
		if (m >= 0 && w->units[m].team != team &&
		    engage_in_melee(w, a, m))
			melee_cell(view,
				   (size_t)w->units[m].y * w->map.w +
					   w->units[m].x,
				   added);
	}
	free(near);
}

/* While a movement may still be undone, every change to a team's memory
 * is logged, so an undo takes back exactly what the movement showed: a
 * log as long as what was seen, where a copy would be the whole map for
 * every team, for every undo step. */
static void log_memory(struct game *g, int team, size_t cell)
{
	if (g->nundo == 0)
		return;
	if (g->nmemlog == g->memlog_cap) {
		g->memlog_cap = g->memlog_cap ? 2 * g->memlog_cap : 256;
		g->memlog = xrealloc(g->memlog,
				     (size_t)g->memlog_cap * sizeof *g->memlog);
	}
	g->memlog[g->nmemlog++] = (struct memory_change){
		(int)cell, (unsigned char)team, g->know[team].memory[cell]};
}

/* A cell newly in the team's view is remembered as it is now. */
static void remember(struct game *g, struct knowledge *k, size_t cell)
{
	unsigned char sym = (unsigned char)cell_symbol(&g->w->map.cells[cell]);
	if (k->memory[cell] != sym) {
		log_memory(g, k->team, cell);
		k->memory[cell] = sym;
	}
}

static void refresh_whole_view(struct game *g, struct knowledge *k)
{
	const struct world *w = g->w;
	size_t cells = ncells(w);
	/* Every cell in view is remembered as it is (the memory of a cell
	 * in view is its symbol): until a cell changes, only those newly in
	 * view can be remembered otherwise. */
	bool all = g->cells_touched;
	unsigned char *was = g->view_was;
	if (!all)
		memcpy(was, k->view, cells);
	if (g->vcache[k->team])
		memcpy(k->view, vision_cache_team_view(g->vcache[k->team]), cells);
	else
		vision_team_view(w, k->team, k->view);
	add_melee(g, k->team, k->view, &g->melee_only[k->team]);
	/* Most of a map is out of view, or was in it already: eight cells
	 * at a time are passed where none is new to it. */
	for (size_t i8 = 0; i8 < cells; i8 += 8) {
		uint64_t eight, eight_was;
		if (i8 + 8 <= cells) {
			memcpy(&eight, k->view + i8, sizeof eight);
			if (!all) {
				memcpy(&eight_was, was + i8, sizeof eight_was);
				eight &= ~eight_was;
			}
			if (!eight)
				continue;
		}
		for (size_t i = i8; i < i8 + 8 && i < cells; i++)
			if (k->view[i] && (all || !was[i]))
				remember(g, k, i);
	}
	if (!all)
		memset(was, 0, cells);
}

/* Read cell again from the cache's view (view_was marks it read, and
 * g->read keeps what the team's view had there). */
static void reread(struct game *g, struct knowledge *k, const unsigned char *cv,
		   size_t cell)
{
	if (g->view_was[cell])
		return;
	g->view_was[cell] = 1;
	if (g->nread == g->read_cap) {
		g->read_cap = g->read_cap ? 2 * g->read_cap : 256;
		g->read = xrealloc(g->read, g->read_cap * sizeof *g->read);
	}
	g->read[g->nread++] = (struct cell_was){cell, k->view[cell]};
	k->view[cell] = cv[cell];
}

/* The team's view from the cells the cache says changed: outside them
 * and the melee's, it is the cache's view already. The same view and
 * memory as refresh_whole_view, in time for what changed. */
static void refresh_changes(struct game *g, struct knowledge *k,
			    const size_t *changed, size_t n)
{
	const unsigned char *cv = vision_cache_team_view(g->vcache[k->team]);
	struct cell_list *melee = &g->melee_only[k->team];
	g->nread = 0;
	for (size_t i = 0; i < n; i++)
		reread(g, k, cv, changed[i]);
	for (size_t i = 0; i < melee->n; i++)
		reread(g, k, cv, melee->cell[i]);
	add_melee(g, k->team, k->view, melee);
	/* A melee cell not read again was out of view and still is in the
	 * cache: new to the view. */
	for (size_t i = 0; i < melee->n; i++)
		if (!g->view_was[melee->cell[i]])
			remember(g, k, melee->cell[i]);
	for (size_t i = 0; i < g->nread; i++) {
		size_t cell = g->read[i].cell;
		g->view_was[cell] = 0;
		if (k->view[cell] && !g->read[i].was)
			remember(g, k, cell);
	}
}

static void refresh_view(struct game *g, struct knowledge *k)
{
	struct vision_cache *c = g->vcache[k->team];
	const size_t *changed;
	size_t n;
	if (c && !g->cells_touched && vision_cache_changes(c, &changed, &n))
		refresh_changes(g, k, changed, n);
	else
		refresh_whole_view(g, k);
	if (c)
		vision_cache_forget_changes(c);
}

static void refresh_units(struct game *g, struct knowledge *k)
{
	const struct world *w = g->w;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		bool alive = unit_alive(u);
		if (u->team == k->team) {
			k->units[i] = alive;
			continue;
		}
		bool knew = k->units[i];
		bool sees = k->view[u->y * w->map.w + u->x];
		k->units[i] = alive && sees;
		if (k->units[i])
			k->last[i] = (struct last_seen){u->x, u->y, g->round,
							false};
		/* Only a fall the team watched: finding the cell of one that
		 * fell out of view later must not tell it. */
		else if (knew && !alive && sees)
			k->last[i].gone = true;
	}
}

void game_refresh_knowledge(struct game *g)
{
	if (!g->know_stale || g->projected)
		return;
	for (int t = 0; t < g->w->nteams; t++) {
		struct knowledge *k = &g->know[t];
		if (g->know_dirty & (1u << t))
			refresh_view(g, k);
		refresh_units(g, k);
	}
	g->know_dirty = 0;
	g->know_stale = false;
	g->cells_touched = false;
}

/* --- undo --------------------------------------------------------------- */

void knowledge_save(const struct game *g, struct undo_entry *e)
{
	const struct world *w = g->w;
	size_t units = (size_t)(w->nunits ? w->nunits : 1);
	e->memlog_mark = g->nmemlog;
	e->last = xmalloc(units * (size_t)w->nteams * sizeof *e->last);
	for (int t = 0; t < w->nteams; t++)
		memcpy(e->last + (size_t)t * units, g->know[t].last,
		       units * sizeof *e->last);
}

void knowledge_restore(struct game *g, struct undo_entry *e)
{
	const struct world *w = g->w;
	size_t units = (size_t)(w->nunits ? w->nunits : 1);
	while (g->nmemlog > e->memlog_mark) {
		const struct memory_change *c = &g->memlog[--g->nmemlog];
		g->know[c->team].memory[c->cell] = c->old;
	}
	for (int t = 0; t < w->nteams; t++)
		memcpy(g->know[t].last, e->last + (size_t)t * units,
		       units * sizeof *e->last);
	/* Views and the units in them follow from the world as it was. */
	game_touch_all(g);
}

void knowledge_forget_undo(struct game *g)
{
	g->nmemlog = 0;
}
