/* vision.c: sight follows SPEC 2.1 exactly. The line walker (geom.c) is
 * the reference, one line at a time; team and unit views come from the
 * shadow cast of vision_cast.c, which tests hold to the walker. */
#include "world/vision.h"

#include <string.h>

#include "base/geom.h"
#include "world/vision_int.h"

struct los_ctx {
	const struct world *w;
	int ax, ay, top; /* top: the greater of A's and B's heights */
};

static bool is_blocker(const struct los_ctx *c, int x, int y)
{
	const struct world *w = c->w;
	if (!map_inside(&w->map, x, y))
		return true;
	const struct cell *cell = map_cell_c(&w->map, x, y);
	if (cell_blocks_sight(cell))
		return true;
	if (cell->t.height > c->top)
		return true;
	int u = world_unit_at(w, x, y);
	if (u >= 0 && geom_dist2(c->ax, c->ay, x, y) <= 16 &&
	    cell->t.height >= c->top)
		return true;
	return false;
}

static bool visit_cell(void *ctx, int x, int y)
{
	return is_blocker(ctx, x, y);
}

static bool visit_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	return is_blocker(ctx, x1, y1) && is_blocker(ctx, x2, y2);
}

bool vision_line_blocked(const struct world *w, int ax, int ay, int bx,
			 int by)
{
	int ha = world_height(w, ax, ay), hb = world_height(w, bx, by);
	struct los_ctx c = {w, ax, ay, ha > hb ? ha : hb};
	struct line_visitor v = {visit_cell, visit_corner, &c};
	return geom_line_walk(ax, ay, bx, by, &v);
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
