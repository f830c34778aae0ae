/* vision.c: sight follows SPEC 2.1 exactly. The line walker (geom.c) is
 * the reference, one line at a time, and the same walk explained step by
 * step (for `medsiege los`); team and unit views come from the shadow
 * cast of vision_cast.c, which tests hold to the walker. */
#include "world/vision.h"

#include <stdlib.h>
#include <string.h>

#include "base/geom.h"
#include "base/util.h"
#include "world/vision_int.h"

struct los_ctx {
	const struct world *w;
	int ax, ay, top; /* top: the greater of A's and B's heights */
};

const char *const vision_block_names[VBLOCK_COUNT] = {
#define X(e, n) n,
	VISION_BLOCK_LIST(X)
#undef X
};

/* What makes x,y a blocker of the line (SPEC 2.1), or VBLOCK_NONE: the
 * one test both the plain walk and the explaining walk make. */
static enum vision_block blocker(const struct los_ctx *c, int x, int y)
{
	const struct world *w = c->w;
	if (!map_inside(&w->map, x, y))
		return VBLOCK_EDGE;
	const struct cell *cell = map_cell_c(&w->map, x, y);
	if (cell_blocks_sight(cell))
		return VBLOCK_TERRAIN;
	if (cell->t.height > c->top)
		return VBLOCK_HEIGHT;
	int u = world_unit_at(w, x, y);
	if (u >= 0 && geom_dist2(c->ax, c->ay, x, y) <= 16 &&
	    cell->t.height >= c->top)
		return VBLOCK_TROOP;
	return VBLOCK_NONE;
}

static bool visit_cell(void *ctx, int x, int y)
{
	return blocker(ctx, x, y) != VBLOCK_NONE;
}

static bool visit_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	return blocker(ctx, x1, y1) != VBLOCK_NONE &&
	       blocker(ctx, x2, y2) != VBLOCK_NONE;
}

static struct los_ctx line_ctx(const struct world *w, int ax, int ay, int bx,
			       int by)
{
	int ha = world_height(w, ax, ay), hb = world_height(w, bx, by);
	return (struct los_ctx){w, ax, ay, ha > hb ? ha : hb};
}

bool vision_line_blocked(const struct world *w, int ax, int ay, int bx,
			 int by)
{
	struct los_ctx c = line_ctx(w, ax, ay, bx, by);
	struct line_visitor v = {visit_cell, visit_corner, &c};
	return geom_line_walk(ax, ay, bx, by, &v);
}

/* The explaining walk: every step recorded, none stopping it. */
struct explain_ctx {
	struct los_ctx los;
	struct vision_line *out;
	int cap;
};

static struct vision_step *new_step(struct explain_ctx *e)
{
	struct vision_line *l = e->out;
	if (l->nsteps == e->cap) {
		e->cap = e->cap ? 2 * e->cap : 16;
		l->steps = xrealloc(l->steps, (size_t)e->cap * sizeof *l->steps);
	}
	struct vision_step *s = &l->steps[l->nsteps++];
	memset(s, 0, sizeof *s);
	s->unit = s->unit2 = -1;
	s->why2 = VBLOCK_NONE;
	return s;
}

static void note_first(struct vision_line *l, const struct vision_step *s)
{
	if (s->blocks && l->first < 0)
		l->first = (int)(s - l->steps);
}

static bool explain_cell(void *ctx, int x, int y)
{
	struct explain_ctx *e = ctx;
	struct vision_step *s = new_step(e);
	s->x = s->x2 = x;
	s->y = s->y2 = y;
	s->why = blocker(&e->los, x, y);
	s->unit = world_unit_at(e->los.w, x, y);
	s->blocks = s->why != VBLOCK_NONE;
	note_first(e->out, s);
	return false;
}

static bool explain_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	struct explain_ctx *e = ctx;
	struct vision_step *s = new_step(e);
	s->corner = true;
	s->x = x1;
	s->y = y1;
	s->x2 = x2;
	s->y2 = y2;
	s->why = blocker(&e->los, x1, y1);
	s->why2 = blocker(&e->los, x2, y2);
	s->unit = world_unit_at(e->los.w, x1, y1);
	s->unit2 = world_unit_at(e->los.w, x2, y2);
	s->blocks = s->why != VBLOCK_NONE && s->why2 != VBLOCK_NONE;
	note_first(e->out, s);
	return false;
}

void vision_line_explain(const struct world *w, int ax, int ay, int bx,
			 int by, struct vision_line *out)
{
	memset(out, 0, sizeof *out);
	out->ax = ax;
	out->ay = ay;
	out->bx = bx;
	out->by = by;
	out->first = -1;
	struct explain_ctx e = {line_ctx(w, ax, ay, bx, by), out, 0};
	out->top = e.los.top;
	struct line_visitor v = {explain_cell, explain_corner, &e};
	geom_line_walk(ax, ay, bx, by, &v);
}

void vision_line_free(struct vision_line *l)
{
	free(l->steps);
	memset(l, 0, sizeof *l);
	l->first = -1;
}

bool vision_unit_sees(const struct world *w, int idx, int x, int y)
{
	const struct unit *u = &w->units[idx];
	int vx = x - u->x, vy = y - u->y;
	if (vx >= -1 && vx <= 1 && vy >= -1 && vy <= 1)
		return true;
	if (!geom_in_arc(u->facing, vx, vy))
		return false;
	int vr = w->roster.chart.vision_range;
	if (vr > 0 && !geom_within(u->x, u->y, x, y, vr))
		return false;
	return !vision_line_blocked(w, u->x, u->y, x, y);
}

void vision_team_view_ref(const struct world *w, int team, unsigned char *out)
{
	int W = w->map.w, H = w->map.h;
	int vr = w->roster.chart.vision_range;
	memset(out, 0, (size_t)W * (size_t)H);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (u->team != team || !unit_alive(u))
			continue;
		/* Only the half-planes the arc lies in (plus the neighbours,
		 * which the box always holds) need to be looked at. */
		int dx = dir_dx[u->facing], dy = dir_dy[u->facing];
		int x0 = dx > 0 ? u->x - 1 : 0, x1 = dx < 0 ? u->x + 1 : W - 1;
		int y0 = dy > 0 ? u->y - 1 : 0, y1 = dy < 0 ? u->y + 1 : H - 1;
		if (vr > 0) {
			x0 = x0 > u->x - vr ? x0 : u->x - vr;
			x1 = x1 < u->x + vr ? x1 : u->x + vr;
			y0 = y0 > u->y - vr ? y0 : u->y - vr;
			y1 = y1 < u->y + vr ? y1 : u->y + vr;
		}
		x0 = x0 < 0 ? 0 : x0;
		y0 = y0 < 0 ? 0 : y0;
		x1 = x1 >= W ? W - 1 : x1;
		y1 = y1 >= H ? H - 1 : y1;
		for (int y = y0; y <= y1; y++)
			for (int x = x0; x <= x1; x++)
				if (!out[y * W + x] && vision_unit_sees(w, i, x, y))
					out[y * W + x] = 1;
	}
}

/* Cast the living units of team (or just unit idx when idx >= 0) into
 * row-major bits of the whole map, then bytes. */
static void view_by_cast(const struct world *w, int team, int idx,
			 unsigned char *out)
{
	size_t n = (size_t)w->map.w * (size_t)w->map.h;
	if (n == 0)
		return;
	struct vision_map m;
	vision_map_build(&m, w);
	struct vision_scratch s = {0};
	struct vision_bits b[2] = {{0}};
	vision_bits_whole(&b[VB_ROWS], &m, VB_ROWS);
	vision_bits_whole(&b[VB_COLS], &m, VB_COLS);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (idx >= 0 ? i != idx : u->team != team)
			continue;
		if (unit_alive(u))
			vision_cast_unit(&m, w, i, &s, b, NULL);
	}
	vision_transpose_or(b[VB_COLS].w, m.w, m.words[VB_COLS], b[VB_ROWS].w,
			    m.h, m.words[VB_ROWS]);
	vision_bits_to_bytes(&m, b[VB_ROWS].w, out);
	vision_bits_free(&b[VB_ROWS]);
	vision_bits_free(&b[VB_COLS]);
	vision_scratch_free(&s);
	vision_map_free(&m);
}

void vision_team_view(const struct world *w, int team, unsigned char *out)
{
	view_by_cast(w, team, -1, out);
}

struct vision_box vision_unit_view(const struct world *w, int idx,
				   unsigned char *out)
{
	int W = w->map.w, H = w->map.h;
	struct vision_box box = VISION_BOX_EMPTY;
	memset(out, 0, (size_t)W * (size_t)H);
	if (!unit_alive(&w->units[idx]))
		return box;
	view_by_cast(w, -1, idx, out);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			if (out[(size_t)y * W + x])
				vision_box_add(&box, x, y);
	return box;
}
