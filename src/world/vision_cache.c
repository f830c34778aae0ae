/*
 * vision_cache.c: a team's view kept up to date change by change.
 *
 * The cache holds the map's sight index and, for each unit of the team,
 * what it saw (its own grids of bits over the part of the map its arc can
 * reach) with two boxes: where its arc reaches, and the cells its cast
 * read (touched). A unit's cast reads nothing outside its touched box, so
 * a change of what blocks at a cell outside it cannot change what the unit
 * sees; a change of height can also change which cells are targets of which
 * height, so it recasts every unit whose arc reaches the cell. A troop
 * blocks only within 4 inches of the viewer. After a change only the units
 * it can touch are cast again; the team's view is then the union of the
 * stored views, turned into bytes where it changed.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "world/vision_int.h"

struct vision_unit_rec {
	bool on; /* a living unit of the team: its view counts */
	struct vision_bits b[2];
	struct vision_box reach;   /* where its cast may mark */
	struct vision_box touched; /* what its cast read */
};

struct vision_cache {
	int team;
	int w, h;
	struct vision_map m;
	struct vision_scratch s;
	int nrec; /* a record for each unit index below nrec */
	struct vision_unit_rec *rec;
	struct vision_bits all[2]; /* the union of the units' bits */
	uint64_t *rows, *prev;     /* the view as row bits: now, in bytes */
	unsigned char *view;       /* w*h */
};

static void ensure_recs(struct vision_cache *c, int n)
{
	if (n <= c->nrec)
		return;
	c->rec = xrealloc(c->rec, (size_t)n * sizeof *c->rec);
	memset(c->rec + c->nrec, 0, (size_t)(n - c->nrec) * sizeof *c->rec);
	for (int i = c->nrec; i < n; i++)
		c->rec[i].reach = c->rec[i].touched = VISION_BOX_EMPTY;
	c->nrec = n;
}

/* Cast unit idx again, or forget its view when it no longer counts. */
static void recast(struct vision_cache *c, const struct world *w, int idx)
{
	struct vision_unit_rec *r = &c->rec[idx];
	const struct unit *u = &w->units[idx];
	struct vision_box reg[2] = {VISION_BOX_EMPTY, VISION_BOX_EMPTY};
	r->on = u->team == c->team && unit_alive(u);
	if (r->on)
		vision_cast_region(&c->m, w, idx, reg);
	vision_bits_cover(&r->b[VB_ROWS], VB_ROWS, reg[VB_ROWS]);
	vision_bits_cover(&r->b[VB_COLS], VB_COLS, reg[VB_COLS]);
	r->reach = reg[VB_ROWS];
	if (reg[VB_COLS].x1 >= reg[VB_COLS].x0) {
		vision_box_add(&r->reach, reg[VB_COLS].x0, reg[VB_COLS].y0);
		vision_box_add(&r->reach, reg[VB_COLS].x1, reg[VB_COLS].y1);
	}
	r->touched = VISION_BOX_EMPTY;
	if (r->on)
		vision_cast_unit(&c->m, w, idx, &c->s, r->b, &r->touched);
}

/* The team's view from the stored views; bytes change only where their
 * word of row bits did (all of them when full). */
static void merge(struct vision_cache *c, bool full)
{
	const struct vision_map *m = &c->m;
	if (m->w == 0 || m->h == 0)
		return;
	vision_bits_whole(&c->all[VB_ROWS], m, VB_ROWS);
	vision_bits_whole(&c->all[VB_COLS], m, VB_COLS);
	for (int i = 0; i < c->nrec; i++)
		if (c->rec[i].on) {
			vision_bits_or(&c->all[VB_ROWS], &c->rec[i].b[VB_ROWS]);
			vision_bits_or(&c->all[VB_COLS], &c->rec[i].b[VB_COLS]);
		}
	size_t pr = m->plane[VB_ROWS];
	memcpy(c->rows, c->all[VB_ROWS].w, pr * sizeof *c->rows);
	vision_transpose_or(c->all[VB_COLS].w, m->w, m->words[VB_COLS],
			    c->rows, m->h, m->words[VB_ROWS]);
	if (full) {
		vision_bits_to_bytes(m, c->rows, c->view);
		memcpy(c->prev, c->rows, pr * sizeof *c->rows);
		return;
	}
	int wr = m->words[VB_ROWS];
	for (int y = 0; y < m->h; y++)
		for (int k = 0; k < wr; k++) {
			size_t i = (size_t)y * wr + k;
			if (c->rows[i] == c->prev[i])
				continue;
			c->prev[i] = c->rows[i];
			unsigned char *o = c->view + (size_t)y * m->w + 64 * k;
			for (int b = 0; b < 64 && 64 * k + b < m->w; b++)
				o[b] = (c->rows[i] >> b) & 1;
		}
}

struct vision_cache *vision_cache_new(const struct world *w, int team)
{
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
		vision_bits_free(&c->rec[i].b[VB_ROWS]);
		vision_bits_free(&c->rec[i].b[VB_COLS]);
	}
	free(c->rec);
	vision_bits_free(&c->all[VB_ROWS]);
	vision_bits_free(&c->all[VB_COLS]);
	vision_map_free(&c->m);
	vision_scratch_free(&c->s);
	free(c->rows);
	free(c->prev);
	free(c->view);
	free(c);
}

void vision_cache_rebuild(struct vision_cache *c, const struct world *w)
{
	vision_map_free(&c->m);
	vision_map_build(&c->m, w);
	if (c->w != w->map.w || c->h != w->map.h) {
		c->w = w->map.w;
		c->h = w->map.h;
		size_t pr = c->m.plane[VB_ROWS] ? c->m.plane[VB_ROWS] : 1;
		size_t n = (size_t)c->w * (size_t)c->h;
		free(c->rows);
		free(c->prev);
		free(c->view);
		c->rows = xcalloc(pr, sizeof *c->rows);
		c->prev = xcalloc(pr, sizeof *c->prev);
		c->view = xcalloc(n ? n : 1, 1);
		/* Old extents are in the old map's lines: start afresh. */
		vision_bits_free(&c->all[VB_ROWS]);
		vision_bits_free(&c->all[VB_COLS]);
	}
	ensure_recs(c, w->nunits);
	for (int i = 0; i < c->nrec; i++) {
		if (i < w->nunits) {
			recast(c, w, i);
		} else {
			c->rec[i].on = false;
			c->rec[i].touched = c->rec[i].reach = VISION_BOX_EMPTY;
		}
	}
	merge(c, true);
}

const unsigned char *vision_cache_team_view(const struct vision_cache *c)
{
	return c->view;
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
				recast(c, w, j);
			continue;
		}
		if (!r->on)
			continue;
		if ((was && troop_touches(r, u, from_x, from_y)) ||
		    (is && troop_touches(r, u, mover->x, mover->y)))
			recast(c, w, j);
	}
	merge(c, false);
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
			recast(c, w, j);
	}
	merge(c, false);
}
