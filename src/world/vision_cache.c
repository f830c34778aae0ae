/*
 * vision_cache.c: a team's view kept up to date change by change.
 *
 * The cache holds the map's sight index and, for each unit of the team,
 * what it saw (as runs of cells along the lines of each orientation the
 * cast writes, vision_runs.c) with two boxes: where its arc reaches, and
 * the cells its cast read (touched). A unit's cast reads nothing outside
 * its touched box, so a change of what blocks at a cell outside it cannot
 * change what the unit sees; a change of height can also change which
 * cells are targets of which height, so it recasts every unit whose arc
 * reaches the cell. A troop blocks only within 4 inches of the viewer, and
 * only when the viewer sees it; whether it does depends on the cells and
 * troops around the viewer alone (never on what its teammates see), and
 * the touched box holds every cell within 4 inches where a troop coming or
 * going could change that, so a troop's move recasts a unit only when it
 * is within 4 inches and inside that box, and then only when the troops it
 * sees are not the same as before (its cast reads no more of where units
 * stand). After a change only the units it can touch are cast again. The
 * team's view is a count, for each cell, of the stored views that hold it:
 * a unit cast again takes out of the counts the cells of its old view that
 * are not in its new one and puts in those new to it, so a step costs the
 * cells whose sight changed, however many others the team has, and a
 * cell's byte changes only when its count leaves or reaches zero.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "world/vision_int.h"

struct vision_unit_rec {
	bool on; /* a living unit of the team: its view counts */
	struct vision_runs v[2]; /* what it sees, per orientation */
	struct vision_box reach;   /* where its cast may mark */
	struct vision_box touched; /* what its cast read */
	struct vision_troops troops; /* the troops its cast saw */
};

struct vision_cache {
	int team;
	int w, h;
	struct vision_map m;
	struct vision_scratch s;
	struct vision_bits cast[2]; /* a cast's bits, made runs */
	struct vision_runs next;    /* a recast unit's new view */
	int nrec; /* a record for each unit index below nrec */
	struct vision_unit_rec *rec;
	/* w*h: how many stored views hold each cell (at most one a unit,
	 * and a scenario has at most 10,000 units) */
	uint32_t *count;
	unsigned char *view; /* w*h: count > 0 */
	/* The cells whose byte changed since the owner last asked, up to
	 * a tenth of the map; past that, or after a rebuild, all_changed. */
	size_t *changed;
	size_t nchanged, changed_cap;
	bool all_changed;
};

static void note_change(struct vision_cache *c, size_t cell)
{
	if (c->all_changed)
		return;
	if (c->nchanged == c->changed_cap) {
		size_t most = (size_t)c->w * (size_t)c->h / 10 + 64;
		if (c->changed_cap >= most) {
			c->all_changed = true;
			return;
		}
		c->changed_cap = c->changed_cap ? 2 * c->changed_cap : 256;
		c->changed_cap = c->changed_cap < most ? c->changed_cap : most;
		c->changed = xrealloc(c->changed,
				      c->changed_cap * sizeof *c->changed);
	}
	c->changed[c->nchanged++] = cell;
}

static void ensure_recs(struct vision_cache *c, int n)
{
	if (n <= c->nrec)
		return;
	c->rec = xrealloc(c->rec, (size_t)n * sizeof *c->rec);
	memset(c->rec + c->nrec, 0, (size_t)(n - c->nrec) * sizeof *c->rec);
	for (int i = c->nrec; i < n; i++) {
		struct vision_unit_rec *r = &c->rec[i];
		r->reach = r->touched = VISION_BOX_EMPTY;
		vision_runs_clear(&r->v[VB_ROWS]);
		vision_runs_clear(&r->v[VB_COLS]);
	}
	c->nrec = n;
}

struct count_arg {
	struct vision_cache *c;
	int o;
};

/* Cells a..b-1 of line l have come into (d = 1) or gone out of (d = -1)
 * one unit's view: their counts, and the bytes of those whose count
 * reaches or leaves zero. */
static void count_span(void *arg, int l, int a, int b, int d)
{
	const struct count_arg *ca = arg;
	struct vision_cache *c = ca->c;
	size_t W = (size_t)c->w;
	/* Along a row the cells are next to each other, along a column a
	 * row apart. */
	size_t cell = ca->o == VB_ROWS ? (size_t)l * W + (size_t)a
				       : (size_t)a * W + (size_t)l;
	size_t step = ca->o == VB_ROWS ? 1 : W;
	for (int i = a; i < b; i++, cell += step) {
		if (d > 0) {
			if (c->count[cell]++ == 0) {
				c->view[cell] = 1;
				note_change(c, cell);
			}
		} else if (--c->count[cell] == 0) {
			c->view[cell] = 0;
			note_change(c, cell);
		}
	}
}

/* Unit idx's view in orientation o is now runs: the counts follow, from
 * its old view when counted says that is in them. */
static void set_view(struct vision_cache *c, int idx, int o,
		     const struct vision_runs *runs, bool counted)
{
	struct vision_runs *v = &c->rec[idx].v[o];
	struct count_arg arg = {c, o};
	if (!counted)
		vision_runs_clear(v);
	vision_runs_diff(v, runs, count_span, &arg);
	vision_runs_copy(v, runs);
}

/* Cast unit idx again, or forget its view when it no longer counts; its
 * old view is in the counts when counted says so. */
static void recast(struct vision_cache *c, const struct world *w, int idx,
		   bool counted)
{
	struct vision_unit_rec *r = &c->rec[idx];
	const struct unit *u = &w->units[idx];
	struct vision_box reg[2] = {VISION_BOX_EMPTY, VISION_BOX_EMPTY};
	r->on = u->team == c->team && unit_alive(u);
	if (r->on)
		vision_cast_region(&c->m, w, idx, reg);
	vision_bits_cover(&c->cast[VB_ROWS], VB_ROWS, reg[VB_ROWS]);
	vision_bits_cover(&c->cast[VB_COLS], VB_COLS, reg[VB_COLS]);
	r->reach = reg[VB_ROWS];
	if (reg[VB_COLS].x1 >= reg[VB_COLS].x0) {
		vision_box_add(&r->reach, reg[VB_COLS].x0, reg[VB_COLS].y0);
		vision_box_add(&r->reach, reg[VB_COLS].x1, reg[VB_COLS].y1);
	}
	r->touched = VISION_BOX_EMPTY;
	if (r->on)
		vision_cast_unit(&c->m, w, idx, &c->s, c->cast, &r->touched,
				 &r->troops);
	for (int o = 0; o < 2; o++) {
		vision_runs_from_bits(&c->next, &c->cast[o]);
		set_view(c, idx, o, &c->next, counted);
	}
}

struct vision_cache *vision_cache_new(const struct world *w, int team)
{
	if (w->map.w > VISION_RUNS_MAX || w->map.h > VISION_RUNS_MAX)
		return NULL;
	struct vision_cache *c = xcalloc(1, sizeof *c);
	c->team = team;
	c->w = c->h = -1;
	vision_cache_rebuild(c, w);
	return c;
}

void vision_cache_free(struct vision_cache *c)
{
	if (!c)
		return;
	for (int i = 0; i < c->nrec; i++) {
		vision_runs_free(&c->rec[i].v[VB_ROWS]);
		vision_runs_free(&c->rec[i].v[VB_COLS]);
	}
	vision_bits_free(&c->cast[VB_ROWS]);
	vision_bits_free(&c->cast[VB_COLS]);
	vision_runs_free(&c->next);
	free(c->rec);
	vision_map_free(&c->m);
	vision_scratch_free(&c->s);
	free(c->count);
	free(c->view);
	free(c->changed);
	free(c);
}

void vision_cache_rebuild(struct vision_cache *c, const struct world *w)
{
	vision_map_free(&c->m);
	vision_map_build(&c->m, w);
	size_t n = (size_t)w->map.w * (size_t)w->map.h;
	if (c->w != w->map.w || c->h != w->map.h) {
		c->w = w->map.w;
		c->h = w->map.h;
		free(c->count);
		free(c->view);
		c->count = xcalloc(n ? n : 1, sizeof *c->count);
		c->view = xcalloc(n ? n : 1, 1);
	} else {
		memset(c->count, 0, n * sizeof *c->count);
		memset(c->view, 0, n);
	}
	ensure_recs(c, w->nunits);
	c->all_changed = true;
	for (int i = 0; i < c->nrec; i++) {
		if (i < w->nunits) {
			recast(c, w, i, false);
		} else {
			struct vision_unit_rec *r = &c->rec[i];
			r->on = false;
			r->touched = r->reach = VISION_BOX_EMPTY;
			vision_runs_clear(&r->v[VB_ROWS]);
			vision_runs_clear(&r->v[VB_COLS]);
		}
	}
}

const unsigned char *vision_cache_team_view(const struct vision_cache *c)
{
	return c->view;
}

bool vision_cache_changes(const struct vision_cache *c, const size_t **cells,
			  size_t *n)
{
	*cells = c->changed;
	*n = c->nchanged;
	return !c->all_changed;
}

void vision_cache_forget_changes(struct vision_cache *c)
{
	c->nchanged = 0;
	c->all_changed = false;
}

/* Whether a troop arriving at or leaving x,y can change what unit j of the
 * team sees: within 4 inches, at a cell its cast read. */
static bool troop_touches(const struct vision_unit_rec *r,
			  const struct unit *u, int x, int y)
{
	return geom_dist2(u->x, u->y, x, y) <= 16 &&
	       vision_box_has(&r->touched, x, y);
}

void vision_cache_unit_moved(struct vision_cache *c, const struct world *w,
			     int idx, int from_x, int from_y)
{
	if (c->w != w->map.w || c->h != w->map.h) {
		vision_cache_rebuild(c, w);
		return;
	}
	ensure_recs(c, w->nunits);
	const struct unit *mover = &w->units[idx];
	bool was = from_x >= 0 && from_y >= 0, is = unit_alive(mover);
	for (int j = 0; j < c->nrec && j < w->nunits; j++) {
		const struct unit *u = &w->units[j];
		struct vision_unit_rec *r = &c->rec[j];
		if (j == idx) {
			if (r->on || (u->team == c->team && is))
				recast(c, w, j, true);
			continue;
		}
		if (!r->on)
			continue;
		if (!(was && troop_touches(r, u, from_x, from_y)) &&
		    !(is && troop_touches(r, u, mover->x, mover->y)))
			continue;
		/* The cells it reads to find the troops it sees may be
		 * others now: touched keeps them all. */
		struct vision_troops seen;
		vision_troops_seen(&c->m, w, j, &seen, &r->touched);
		if (memcmp(&seen, &r->troops, sizeof seen) != 0)
			recast(c, w, j, true);
	}
}

void vision_cache_unit_removed(struct vision_cache *c, const struct world *w,
			       int idx)
{
	const struct unit *u = &w->units[idx];
	vision_cache_unit_moved(c, w, idx, u->x, u->y);
}

void vision_cache_cell_changed(struct vision_cache *c, const struct world *w,
			       int x, int y)
{
	if (c->w != w->map.w || c->h != w->map.h) {
		vision_cache_rebuild(c, w);
		return;
	}
	int what = vision_map_update_cell(&c->m, w, x, y);
	if (what < 0) { /* a height new to the map */
		vision_map_free(&c->m);
		vision_map_build(&c->m, w);
		what = 2;
	}
	if (what == 0)
		return;
	ensure_recs(c, w->nunits);
	for (int j = 0; j < c->nrec && j < w->nunits; j++) {
		struct vision_unit_rec *r = &c->rec[j];
		if (!r->on)
			continue;
		if (vision_box_has(what & 2 ? &r->reach : &r->touched, x, y))
			recast(c, w, j, true);
	}
}
