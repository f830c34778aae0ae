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
 * blocks only within 4 inches of the viewer, and only when the viewer sees
 * it; whether it does depends on the cells and troops around the viewer
 * alone (never on what its teammates see), and the touched box holds every
 * cell within 4 inches where a troop coming or going could change that, so
 * a troop's move recasts a unit only when it is within 4 inches and inside
 * that box, and then only when the troops it sees are not the same as
 * before (its cast reads no more of where units stand). After a change
 * only the units
 * it can touch are cast again, and only where their old and new views lie
 * is the team's view made again: the union of the stored views there,
 * turned into bytes where it changed.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "world/vision_int.h"

struct vision_unit_rec {
	bool on; /* a living unit of the team: its view counts */
	struct vision_bits b[2];
	struct vision_box reach;   /* where its cast may mark */
	struct vision_box touched; /* what its cast read */
	struct vision_troops troops; /* the troops its cast saw */
};

struct vision_cache {
	int team;
	int w, h;
	struct vision_map m;
	struct vision_scratch s;
	int nrec; /* a record for each unit index below nrec */
	struct vision_unit_rec *rec;
	uint64_t *tr, *tc;     /* the union of the units' bits: rows, columns */
	uint64_t *rows, *prev; /* the view as row bits: now, in bytes */
	unsigned char *view;   /* w*h */
};

/* A part of the map in blocks of 64x64 cells (bx = x/64, by = y/64), where
 * the team's view may have changed; empty when bx1 < bx0. */
struct region {
	int bx0, by0, bx1, by1;
};

#define REGION_EMPTY ((struct region){0, 0, -1, -1})

static void region_add(struct region *r, int bx0, int by0, int bx1, int by1)
{
	if (r->bx1 < r->bx0) {
		*r = (struct region){bx0, by0, bx1, by1};
		return;
	}
	r->bx0 = bx0 < r->bx0 ? bx0 : r->bx0;
	r->by0 = by0 < r->by0 ? by0 : r->by0;
	r->bx1 = bx1 > r->bx1 ? bx1 : r->bx1;
	r->by1 = by1 > r->by1 ? by1 : r->by1;
}

/* Add the blocks a unit's bits were written in. */
static void region_add_bits(struct region *r, const struct vision_bits *b,
			    int o)
{
	if (b->hi < b->lo)
		return;
	if (o == VB_ROWS)
		region_add(r, b->wlo, b->lo >> 6, b->whi, b->hi >> 6);
	else
		region_add(r, b->lo >> 6, b->wlo, b->hi >> 6, b->whi);
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
		for (int o = 0; o < 2; o++) {
			r->b[o].lo = r->b[o].wlo = INT_MAX;
			r->b[o].hi = r->b[o].whi = INT_MIN;
		}
	}
	c->nrec = n;
}

/* Cast unit idx again, or forget its view when it no longer counts; the
 * blocks of its old and new views go into dirty. */
static void recast(struct vision_cache *c, const struct world *w, int idx,
		   struct region *dirty)
{
	struct vision_unit_rec *r = &c->rec[idx];
	const struct unit *u = &w->units[idx];
	struct vision_box reg[2] = {VISION_BOX_EMPTY, VISION_BOX_EMPTY};
	region_add_bits(dirty, &r->b[VB_ROWS], VB_ROWS);
	region_add_bits(dirty, &r->b[VB_COLS], VB_COLS);
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
	if (!r->on)
		return;
	vision_cast_unit(&c->m, w, idx, &c->s, r->b, &r->touched, &r->troops);
	region_add_bits(dirty, &r->b[VB_ROWS], VB_ROWS);
	region_add_bits(dirty, &r->b[VB_COLS], VB_COLS);
}

/* dst (lines of dwords words from 0) |= the part of b within lines l0..l1
 * and words k0..k1. */
static void or_part(uint64_t *dst, int dwords, const struct vision_bits *b,
		    int l0, int l1, int k0, int k1)
{
	l0 = b->lo > l0 ? b->lo : l0;
	l1 = b->hi < l1 ? b->hi : l1;
	k0 = b->wlo > k0 ? b->wlo : k0;
	k1 = b->whi < k1 ? b->whi : k1;
	for (int l = l0; l <= l1; l++) {
		const uint64_t *s = b->w + (size_t)(l - b->line0) * b->nwords;
		uint64_t *d = dst + (size_t)l * dwords;
		for (int k = k0; k <= k1; k++)
			d[k] |= s[k - b->word0];
	}
}

/* The team's view within region r again, from the stored views; bytes
 * change only where their word of row bits did (all of them when full). */
static void merge(struct vision_cache *c, struct region r, bool full)
{
	const struct vision_map *m = &c->m;
	int W = m->w, H = m->h, wr = m->words[VB_ROWS], wc = m->words[VB_COLS];
	if (W == 0 || H == 0)
		return;
	r.bx0 = r.bx0 < 0 ? 0 : r.bx0;
	r.by0 = r.by0 < 0 ? 0 : r.by0;
	r.bx1 = r.bx1 > wr - 1 ? wr - 1 : r.bx1;
	r.by1 = r.by1 > wc - 1 ? wc - 1 : r.by1;
	if (r.bx1 < r.bx0 || r.by1 < r.by0)
		return;
	int x0 = 64 * r.bx0, x1 = 64 * r.bx1 + 63 < W ? 64 * r.bx1 + 63 : W - 1;
	int y0 = 64 * r.by0, y1 = 64 * r.by1 + 63 < H ? 64 * r.by1 + 63 : H - 1;
	size_t nx = (size_t)(r.bx1 - r.bx0 + 1), ny = (size_t)(r.by1 - r.by0 + 1);
	for (int y = y0; y <= y1; y++)
		memset(c->tr + (size_t)y * wr + r.bx0, 0, nx * sizeof *c->tr);
	for (int x = x0; x <= x1; x++)
		memset(c->tc + (size_t)x * wc + r.by0, 0, ny * sizeof *c->tc);
	for (int i = 0; i < c->nrec; i++) {
		const struct vision_unit_rec *u = &c->rec[i];
		if (!u->on)
			continue;
		or_part(c->tr, wr, &u->b[VB_ROWS], y0, y1, r.bx0, r.bx1);
		or_part(c->tc, wc, &u->b[VB_COLS], x0, x1, r.by0, r.by1);
	}
	for (int y = y0; y <= y1; y++)
		memcpy(c->rows + (size_t)y * wr + r.bx0,
		       c->tr + (size_t)y * wr + r.bx0, nx * sizeof *c->rows);
	vision_transpose_or_part(c->tc, W, wc, c->rows, H, wr, r.by0, r.by1,
				 r.bx0, r.bx1);
	if (full) {
		vision_bits_to_bytes(m, c->rows, c->view);
		memcpy(c->prev, c->rows, m->plane[VB_ROWS] * sizeof *c->rows);
		return;
	}
	for (int y = y0; y <= y1; y++)
		for (int k = r.bx0; k <= r.bx1; k++) {
			size_t i = (size_t)y * wr + k;
			if (c->rows[i] == c->prev[i])
				continue;
			c->prev[i] = c->rows[i];
			unsigned char *o = c->view + (size_t)y * W + 64 * k;
			for (int b = 0; b < 64 && 64 * k + b < W; b++)
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
	free(c->tr);
	free(c->tc);
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
		size_t pc = c->m.plane[VB_COLS] ? c->m.plane[VB_COLS] : 1;
		size_t n = (size_t)c->w * (size_t)c->h;
		free(c->tr);
		free(c->tc);
		free(c->rows);
		free(c->prev);
		free(c->view);
		c->tr = xcalloc(pr, sizeof *c->tr);
		c->tc = xcalloc(pc, sizeof *c->tc);
		c->rows = xcalloc(pr, sizeof *c->rows);
		c->prev = xcalloc(pr, sizeof *c->prev);
		c->view = xcalloc(n ? n : 1, 1);
	}
	ensure_recs(c, w->nunits);
	struct region all = REGION_EMPTY;
	for (int i = 0; i < c->nrec; i++) {
		if (i < w->nunits) {
			recast(c, w, i, &all);
		} else {
			c->rec[i].on = false;
			c->rec[i].touched = c->rec[i].reach = VISION_BOX_EMPTY;
		}
	}
	all = (struct region){0, 0, c->m.words[VB_ROWS] - 1,
			      c->m.words[VB_COLS] - 1};
	merge(c, all, true);
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
	struct region dirty = REGION_EMPTY;
	const struct unit *mover = &w->units[idx];
	bool was = from_x >= 0 && from_y >= 0, is = unit_alive(mover);
	for (int j = 0; j < c->nrec && j < w->nunits; j++) {
		const struct unit *u = &w->units[j];
		struct vision_unit_rec *r = &c->rec[j];
		if (j == idx) {
			if (r->on || (u->team == c->team && is))
				recast(c, w, j, &dirty);
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
			recast(c, w, j, &dirty);
	}
	merge(c, dirty, false);
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
	struct region dirty = REGION_EMPTY;
	for (int j = 0; j < c->nrec && j < w->nunits; j++) {
		struct vision_unit_rec *r = &c->rec[j];
		if (!r->on)
			continue;
		if (vision_box_has(what & 2 ? &r->reach : &r->touched, x, y))
			recast(c, w, j, &dirty);
	}
	merge(c, dirty, false);
}
