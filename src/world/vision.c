/* vision.c: sight follows SPEC 2.1 exactly. The line walker (geom.c) is
 * the reference, one line at a time, and the same walk explained step by
 * step (for `medsiege los`); team and unit views come from the shadow
 * cast of vision_cast.c, which tests hold to the walker.
 *
 * A troop within 4 inches of A blocks A's line only when A sees it, and
 * whether A sees it is itself a line from A, on which only troops nearer
 * to A can block: here that is asked as the definition says, troop by
 * troop as the lines meet them, each answer kept for the rest of the
 * walk. (The cast finds the same troops another way, nearest first.) */
#include "world/vision.h"

#include <stdlib.h>
#include <string.h>

#include "base/geom.h"
#include "base/util.h"
#include "world/vision_int.h"

/* Who looks from A, and what it has made of the troops within 4 inches
 * of it so far: seen[dy + 4][dx + 4] is 0 when not asked yet, 1 when A
 * sees the troop at offset dx, dy, 2 when it does not. */
struct eye {
	const struct world *w;
	int ax, ay;
	int facing; /* -1: a cell with no unit on it looks every way */
	unsigned char seen[9][9];
};

struct los_ctx {
	const struct world *w;
	int ax, ay, top; /* top: the greater of A's and B's heights */
	struct eye *eye;
};

const char *const vision_block_names[VBLOCK_COUNT] = {
#define X(e, n) n,
	VISION_BLOCK_LIST(X)
#undef X
};

static bool eye_sees_troop(struct eye *e, int x, int y);

/* What would make x,y a blocker of the line (SPEC 2.1), or VBLOCK_NONE:
 * the one test both the plain walk and the explaining walk make. A troop
 * that would block but that A does not see is VBLOCK_TROOP with *unseen
 * set: it does not block. */
static enum vision_block blocker(const struct los_ctx *c, int x, int y,
				 bool *unseen)
{
	const struct world *w = c->w;
	*unseen = false;
	if (!map_inside(&w->map, x, y))
		return VBLOCK_EDGE;
	const struct cell *cell = map_cell_c(&w->map, x, y);
	if (cell_blocks_sight(cell))
		return VBLOCK_TERRAIN;
	if (cell->t.height > c->top)
		return VBLOCK_HEIGHT;
	int u = world_unit_at(w, x, y);
	if (u >= 0 && geom_dist2(c->ax, c->ay, x, y) <= 16 &&
	    cell->t.height >= c->top) {
		*unseen = !eye_sees_troop(c->eye, x, y);
		return VBLOCK_TROOP;
	}
	return VBLOCK_NONE;
}

static bool blocks(const struct los_ctx *c, int x, int y)
{
	bool unseen;
	return blocker(c, x, y, &unseen) != VBLOCK_NONE && !unseen;
}

static bool visit_cell(void *ctx, int x, int y)
{
	return blocks(ctx, x, y);
}

static bool visit_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	return blocks(ctx, x1, y1) && blocks(ctx, x2, y2);
}

static struct los_ctx line_ctx(const struct world *w, struct eye *e, int bx,
			       int by)
{
	int ha = world_height(w, e->ax, e->ay), hb = world_height(w, bx, by);
	return (struct los_ctx){w, e->ax, e->ay, ha > hb ? ha : hb, e};
}

static bool eye_line_blocked(struct eye *e, int bx, int by)
{
	struct los_ctx c = line_ctx(e->w, e, bx, by);
	struct line_visitor v = {visit_cell, visit_corner, &c};
	return geom_line_walk(e->ax, e->ay, bx, by, &v);
}

/* Whether A sees the troop at x,y, within 4 inches of it (SPEC 2.1): it
 * touches A, or it is in A's arc, within the chart's vision range, and
 * the line to it is clear, troops on that line counting only when A sees
 * them in turn. Every troop that can block that line is nearer to A than
 * x,y, so the questions end; an answer is marked "no" while it is worked
 * out all the same, so that even a mistake there could not loop. */
static bool eye_sees_troop(struct eye *e, int x, int y)
{
	int dx = x - e->ax, dy = y - e->ay;
	unsigned char *seen = &e->seen[dy + 4][dx + 4];
	if (*seen)
		return *seen == 1;
	*seen = 2;
	int vr = e->w->roster.chart.vision_range;
	bool sees;
	if (dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1)
		sees = true;
	else if (e->facing >= 0 && !geom_in_arc(e->facing, dx, dy))
		sees = false;
	else if (vr > 0 && dx * dx + dy * dy > vr * vr)
		sees = false;
	else
		sees = !eye_line_blocked(e, x, y);
	*seen = sees ? 1 : 2;
	return sees;
}

/* The eye at A: the living unit standing there, or a cell's. */
static void eye_init(struct eye *e, const struct world *w, int ax, int ay)
{
	memset(e, 0, sizeof *e);
	e->w = w;
	e->ax = ax;
	e->ay = ay;
	int u = world_unit_at(w, ax, ay);
	e->facing = u >= 0 ? (int)w->units[u].facing : -1;
}

bool vision_line_blocked(const struct world *w, int ax, int ay, int bx,
			 int by)
{
	struct eye e;
	eye_init(&e, w, ax, ay);
	return eye_line_blocked(&e, bx, by);
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
	s->why = blocker(&e->los, x, y, &s->unseen);
	s->unit = world_unit_at(e->los.w, x, y);
	s->blocks = s->why != VBLOCK_NONE && !s->unseen;
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
	s->why = blocker(&e->los, x1, y1, &s->unseen);
	s->why2 = blocker(&e->los, x2, y2, &s->unseen2);
	s->unit = world_unit_at(e->los.w, x1, y1);
	s->unit2 = world_unit_at(e->los.w, x2, y2);
	s->blocks = s->why != VBLOCK_NONE && !s->unseen &&
		    s->why2 != VBLOCK_NONE && !s->unseen2;
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
	struct eye eye;
	eye_init(&eye, w, ax, ay);
	struct explain_ctx e = {line_ctx(w, &eye, bx, by), out, 0};
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

/* vision_unit_sees with unit u's eye, kept from one cell to the next. */
static bool eye_sees_cell(struct eye *e, const struct unit *u, int x, int y)
{
	int vx = x - u->x, vy = y - u->y;
	if (vx >= -1 && vx <= 1 && vy >= -1 && vy <= 1)
		return true;
	if (!geom_in_arc(u->facing, vx, vy))
		return false;
	int vr = e->w->roster.chart.vision_range;
	if (vr > 0 && !geom_within(u->x, u->y, x, y, vr))
		return false;
	return !eye_line_blocked(e, x, y);
}

static void unit_eye(struct eye *e, const struct world *w,
		     const struct unit *u)
{
	memset(e, 0, sizeof *e);
	e->w = w;
	e->ax = u->x;
	e->ay = u->y;
	e->facing = (int)u->facing;
}

bool vision_unit_sees(const struct world *w, int idx, int x, int y)
{
	struct eye e;
	unit_eye(&e, w, &w->units[idx]);
	return eye_sees_cell(&e, &w->units[idx], x, y);
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
		struct eye e;
		unit_eye(&e, w, u);
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
				if (!out[y * W + x] && eye_sees_cell(&e, u, x, y))
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
			vision_cast_unit(&m, w, i, &s, b, NULL, NULL);
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
