/*
 * vision_cast.c: what one unit sees, by an exact shadow cast.
 *
 * The arc of a facing is two octants. In an octant, cell (u, v) lies u
 * steps along the major axis and v (0 <= v <= u) along the minor one; the
 * viewer is (0, 0) and a target's direction is the slope v/u. A blocker
 * (u, v) hides exactly the targets beyond its column whose slope lies in
 * the open interval between its extreme corners, ((2v-1)/(2u+1),
 * (2v+1)/(2u-1)): the segment passes through the open square. Where two
 * such intervals only touch, the line passes through the corner they share
 * and stays clear unless both side cells there block (SPEC 2.1), which is
 * the one case where a single slope is shut. So, column by column, the cast
 * keeps the lit slopes as closed intervals with exact rational ends: the
 * cells of a column whose slope is lit are seen, then the column's blockers
 * (found a word of bits at a time) cut their open intervals out.
 *
 * Blocking depends on the higher end of the line, so the cast runs once for
 * the viewer's own height (targets no higher) and once for each greater
 * height of the map that has cells in reach (targets exactly that high,
 * tracking only the slopes that reach them). Troops block only within 4
 * inches (u <= 4), checked cell by cell there, and only those the viewer
 * sees: before the cast, the troops within 4 inches are taken nearest
 * first, each seen when it touches the viewer or when it is in the arc
 * (and the vision range) and its line is clear of terrain and of the
 * nearer troops already found seen, which are the only ones that can
 * stand on that line.
 *
 * The diagonal is the one direction whose corners have a side cell in the
 * target's own column, (u, u-1) beside (u-1, u); that corner is checked
 * when the diagonal cell is marked. All arithmetic is in integers.
 */
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/geom.h"
#include "base/util.h"
#include "world/vision_int.h"

typedef long long i64;

/* o: VB_COLS when the major axis is x (a column of the octant is a column
 * of the map), VB_ROWS when it is y. su, sv: directions of u and v. diag:
 * whether this octant marks its diagonal (an arc of a diagonal facing has
 * it in both octants; one marks it, so every cell is in one grid). */
struct octant {
	signed char o, su, sv, diag;
};

static const struct octant arcs[DIR_COUNT][2] = {
	[DIR_N] = {{VB_ROWS, -1, 1, 1}, {VB_ROWS, -1, -1, 1}},
	[DIR_NE] = {{VB_COLS, 1, -1, 0}, {VB_ROWS, -1, 1, 1}},
	[DIR_E] = {{VB_COLS, 1, 1, 1}, {VB_COLS, 1, -1, 1}},
	[DIR_SE] = {{VB_COLS, 1, 1, 0}, {VB_ROWS, 1, 1, 1}},
	[DIR_S] = {{VB_ROWS, 1, 1, 1}, {VB_ROWS, 1, -1, 1}},
	[DIR_SW] = {{VB_COLS, -1, 1, 0}, {VB_ROWS, 1, -1, 1}},
	[DIR_W] = {{VB_COLS, -1, 1, 1}, {VB_COLS, -1, -1, 1}},
	[DIR_NW] = {{VB_COLS, -1, -1, 0}, {VB_ROWS, -1, -1, 1}},
};

struct cast {
	const struct vision_map *m;
	const struct world *w;
	struct vision_scratch *s;
	int cur;  /* which of s->gap holds the lit intervals */
	int R;    /* vision range, 0 = unlimited */
	struct octant oc;
	int am, an;     /* the viewer along the major and minor axes */
	int mlen, nlen; /* the map's length along them */
	int words;      /* words per line in this orientation */
	const uint64_t *blk;   /* what blocks at this level, troops aside */
	const uint64_t *below; /* heights below this level; NULL at the lowest */
	const uint64_t *cls;   /* the targets this level marks */
	struct vision_bits *out;
	int llo, lhi, nlo, nhi; /* lines and minor cells marked so far */
	struct vision_box *touched; /* in (major, minor) order, or NULL */
	int ux, uy;               /* the viewer */
	struct vision_troops troops; /* those the viewer sees */
};

/* an/ad < bn/bd, and <=, with positive denominators. */
static inline bool lt(i64 an, i64 ad, i64 bn, i64 bd)
{
	return an * bd < bn * ad;
}

static inline bool le(i64 an, i64 ad, i64 bn, i64 bd)
{
	return an * bd <= bn * ad;
}

/* Whether cell (u, v) of the octant blocks lines whose higher end is at
 * this cast's level: terrain, a greater height, or a troop within 4 inches
 * that the viewer sees, at least that high. Cells off the map never matter
 * to cells on it. */
static bool blocks(const struct cast *c, int u, int v)
{
	int M = c->am + c->oc.su * u, n = c->an + c->oc.sv * v;
	if (M < 0 || M >= c->mlen || n < 0 || n >= c->nlen)
		return false;
	size_t off = (size_t)M * (size_t)c->words;
	if (vision_bit(c->blk + off, n))
		return true;
	if (u * u + v * v > 16)
		return false;
	int x = c->oc.o == VB_COLS ? M : n, y = c->oc.o == VB_COLS ? n : M;
	return c->troops.at[y - c->uy + 4][x - c->ux + 4] &&
	       (!c->below || !vision_bit(c->below + off, n));
}

/* The cells within 4 inches of a cell, nearest first. */
static const signed char near4[48][2] = {
	{0, -1},  {-1, 0}, {1, 0},   {0, 1},   {-1, -1}, {1, -1}, {-1, 1},
	{1, 1},   {0, -2}, {-2, 0},  {2, 0},   {0, 2},   {-1, -2}, {1, -2},
	{-2, -1}, {2, -1}, {-2, 1},  {2, 1},   {-1, 2},  {1, 2},  {-2, -2},
	{2, -2},  {-2, 2}, {2, 2},   {0, -3},  {-3, 0},  {3, 0},  {0, 3},
	{-1, -3}, {1, -3}, {-3, -1}, {3, -1},  {-3, 1},  {3, 1},  {-1, 3},
	{1, 3},   {-2, -3}, {2, -3}, {-3, -2}, {3, -2},  {-3, 2}, {3, 2},
	{-2, 3},  {2, 3},  {0, -4},  {-4, 0},  {4, 0},   {0, 4},
};

/* A line from the viewer to a troop within 4 inches, walked on the index:
 * level li is the higher end's; troop[][] holds the nearer troops found
 * seen so far, every troop that can block this line among them. */
struct troop_line {
	const struct vision_map *m;
	int ux, uy, li;
	const unsigned char (*troop)[9];
	struct vision_box *touched;
};

static bool troop_line_cell(void *ctx, int x, int y)
{
	const struct troop_line *k = ctx;
	const struct vision_map *m = k->m;
	if (x < 0 || y < 0 || x >= m->w || y >= m->h)
		return true;
	if (k->touched)
		vision_box_add(k->touched, x, y);
	size_t p = m->plane[VB_ROWS], off = (size_t)y * m->words[VB_ROWS];
	if (vision_bit(m->blk[VB_ROWS] + (size_t)k->li * p + off, x))
		return true;
	return k->troop[y - k->uy + 4][x - k->ux + 4] &&
	       (k->li == 0 ||
		!vision_bit(m->le[VB_ROWS] + (size_t)(k->li - 1) * p + off, x));
}

static bool troop_line_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	/* Both cells are read, so both go into touched. */
	bool a = troop_line_cell(ctx, x1, y1), b = troop_line_cell(ctx, x2, y2);
	return a && b;
}

/* Fill t with the troops within 4 inches that unit idx sees (SPEC 2.1),
 * nearest first; widen touched by every cell read, and by every cell
 * where a troop coming or going could change the answer. */
void vision_troops_seen(const struct vision_map *m, const struct world *w,
			int idx, struct vision_troops *t,
			struct vision_box *touched)
{
	const struct unit *un = &w->units[idx];
	int vr = w->roster.chart.vision_range;
	int ha = world_height(w, un->x, un->y);
	memset(t, 0, sizeof *t);
	for (int i = 0; i < 48; i++) {
		int dx = near4[i][0], dy = near4[i][1];
		int x = un->x + dx, y = un->y + dy;
		if (x < 0 || y < 0 || x >= m->w || y >= m->h)
			continue;
		bool touching = dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
		if (!touching && (!geom_in_arc(un->facing, dx, dy) ||
				  (vr > 0 && dx * dx + dy * dy > vr * vr)))
			continue;
		if (touched)
			vision_box_add(touched, x, y);
		if (w->occ[(size_t)y * (size_t)m->w + (size_t)x] < 0)
			continue;
		if (!touching) {
			int ht = world_height(w, x, y);
			struct troop_line k = {
				m, un->x, un->y,
				vision_map_level(m, ha > ht ? ha : ht),
				(const unsigned char(*)[9])t->at, touched};
			struct line_visitor v = {troop_line_cell,
						 troop_line_corner, &k};
			if (geom_line_walk(un->x, un->y, x, y, &v))
				continue;
		}
		t->at[dy + 4][dx + 4] = 1;
	}
}

/* Whether the corner (u - 1/2, u - 1/2) shuts the diagonal to (u, u): its
 * side cells (u, u-1) and (u-1, u) both block. Beyond 4 inches no troop
 * counts, and a cell of a column this far is on the map when the diagonal
 * cell is, so the index alone answers. */
static bool diag_shut(const struct cast *c, int u)
{
	if (u <= 4)
		return blocks(c, u, u - 1) && blocks(c, u - 1, u);
	int M = c->am + c->oc.su * u, n = c->an + c->oc.sv * u;
	const uint64_t *a = c->blk + (size_t)M * (size_t)c->words;
	const uint64_t *b = a - c->oc.su * (i64)c->words;
	return vision_bit(a, n - c->oc.sv) && vision_bit(b, n);
}

static void push_run(struct vision_scratch *s, int *nr, int v1, int v2)
{
	s->run[2 * *nr] = v1;
	s->run[2 * *nr + 1] = v2;
	(*nr)++;
}

/* Append the runs of blockers among cells v = lo..hi of column u to
 * s->run, in order of v. */
static void collect_runs(struct cast *c, int u, int lo, int hi, int *nr)
{
	struct vision_scratch *s = c->s;
	if (u <= 4) { /* troops may block here: ask cell by cell */
		for (int v = lo; v <= hi; v++) {
			if (!blocks(c, u, v))
				continue;
			if (*nr > 0 && s->run[2 * *nr - 1] == v - 1)
				s->run[2 * *nr - 1] = v;
			else
				push_run(s, nr, v, v);
		}
		return;
	}
	int M = c->am + c->oc.su * u, sv = c->oc.sv;
	const uint64_t *bl = c->blk + (size_t)M * (size_t)c->words;
	int n0 = c->an + sv * lo, n1 = c->an + sv * hi;
	if (n0 > n1) {
		int t = n0;
		n0 = n1;
		n1 = t;
	}
	int k0 = n0 >> 6, k1 = n1 >> 6;
	uint64_t m0 = ~(uint64_t)0 << (n0 & 63);
	uint64_t m1 = ~(uint64_t)0 >> (63 - (n1 & 63));
	int first = *nr, start = -1, end = -2;
	for (int k = k0; k <= k1; k++) {
		uint64_t b = bl[k];
		if (k == k0)
			b &= m0;
		if (k == k1)
			b &= m1;
		while (b) {
			int s0 = __builtin_ctzll(b);
			uint64_t rest = ~(b >> s0);
			int len = rest ? __builtin_ctzll(rest) : 64;
			int a = 64 * k + s0, e = a + len - 1;
			if (a == end + 1) {
				end = e;
			} else {
				if (start >= 0)
					push_run(s, nr, start, end);
				start = a;
				end = e;
			}
			b = s0 + len >= 64 ? 0 : b & (~(uint64_t)0 << (s0 + len));
		}
	}
	if (start >= 0)
		push_run(s, nr, start, end);
	/* Minor coordinates back to v, ascending. */
	int *r = s->run;
	for (int i = first; i < *nr; i++) {
		int a = sv * (r[2 * i] - c->an), b = sv * (r[2 * i + 1] - c->an);
		r[2 * i] = a < b ? a : b;
		r[2 * i + 1] = a < b ? b : a;
	}
	if (sv < 0)
		for (int i = first, j = *nr - 1; i < j; i++, j--) {
			int a = r[2 * i], b = r[2 * i + 1];
			r[2 * i] = r[2 * j];
			r[2 * i + 1] = r[2 * j + 1];
			r[2 * j] = a;
			r[2 * j + 1] = b;
		}
}

/* Whether the lit slope num/den is shut at a corner between columns u-1
 * and u: it passes (u - 1/2, q + 1/2) and both side cells (u, q) and
 * (u-1, q+1) block. */
static bool glued(const struct cast *c, int u, int num, int den)
{
	i64 k = (i64)num * (2 * u - 1);
	if (k % den != 0)
		return false;
	k /= den;
	if (!(k & 1) || k < 1 || k > 2 * (i64)u - 1)
		return false;
	int q = (int)((k - 1) / 2);
	return blocks(c, u, q) && blocks(c, u - 1, q + 1);
}

static void grow_gaps(struct vision_scratch *s, int need)
{
	if (need <= s->gcap)
		return;
	int cap = s->gcap ? s->gcap : 16;
	while (cap < need)
		cap *= 2;
	for (int i = 0; i < 2; i++)
		s->gap[i] = xrealloc(s->gap[i], (size_t)cap * sizeof *s->gap[i]);
	s->gcap = cap;
}

static inline void end_init(struct vision_end *e, i64 n, i64 d, int u)
{
	i64 p = n * u;
	e->n = (int)n;
	e->d = (int)d;
	e->q = (int)(p / d);
	e->r = (int)(p - (i64)e->q * d);
}

/* From column u to u+1: n*(u+1) = n*u + n, and n <= d. */
static inline void end_next(struct vision_end *e)
{
	e->r += e->n;
	if (e->r >= e->d) {
		e->r -= e->d;
		e->q++;
	}
}

/* Append [a, b] to the lit slopes for column u+1, unless it is a single
 * slope shut at a corner. An end given as a fraction is new; one given as
 * an old end already holds its state for column u+1. */
static void emit(const struct cast *c, struct vision_gap *out, int *n, int u,
		 const struct vision_end *a, bool afresh, i64 bn, i64 bd,
		 const struct vision_end *bold)
{
	if ((i64)a->n * bd == bn * a->d && glued(c, u, a->n, a->d))
		return;
	struct vision_gap *g = &out[(*n)++];
	if (afresh)
		end_init(&g->a, a->n, a->d, u + 1);
	else
		g->a = *a;
	if (bold)
		g->b = *bold;
	else
		end_init(&g->b, bn, bd, u + 1);
}

/* Cut the open intervals of column u's blocker runs (s->run, nr of them)
 * out of the lit slopes, whose ends already hold column u+1's state. */
static void cut_column(struct cast *c, int u, int nr)
{
	struct vision_scratch *s = c->s;
	int ng = s->ngap;
	grow_gaps(s, ng + nr + 1);
	const struct vision_gap *g = s->gap[c->cur];
	struct vision_gap *out = s->gap[!c->cur];
	const int *r = s->run;
	i64 dlo = 2 * (i64)u + 1, dhi = 2 * (i64)u - 1;
	int n = 0, ci = 0;
	for (int i = 0; i < ng; i++) {
		struct vision_end cur = g[i].a;
		const struct vision_end *b = &g[i].b;
		bool fresh = false;
		while (ci < nr && le(2 * r[2 * ci + 1] + 1, dhi, cur.n, cur.d))
			ci++;
		for (int j = ci; j < nr && lt(2 * r[2 * j] - 1, dlo, b->n, b->d);
		     j++) {
			i64 ln = 2 * r[2 * j] - 1, hn = 2 * r[2 * j + 1] + 1;
			if (le(cur.n, cur.d, ln, dlo))
				emit(c, out, &n, u, &cur, fresh, ln, dlo, NULL);
			if (lt(cur.n, cur.d, hn, dhi)) {
				cur.n = (int)hn;
				cur.d = (int)dhi;
				fresh = true;
			}
		}
		if (le(cur.n, cur.d, b->n, b->d))
			emit(c, out, &n, u, &cur, fresh, b->n, b->d, b);
	}
	s->ngap = n;
	c->cur = !c->cur;
}

/* Look for blockers among cells lo..hi of column u, a range of cells whose
 * closed intervals meet the lit slopes. Beyond 4 inches the index alone
 * answers, and most ranges hold none: a glance at their words first. */
static inline void look(struct cast *c, int u, const uint64_t *blk, int lo,
			int hi, int *nr)
{
	if (c->touched) {
		int M = c->am + c->oc.su * u;
		vision_box_add(c->touched, M, c->an + c->oc.sv * lo);
		vision_box_add(c->touched, M, c->an + c->oc.sv * hi);
	}
	if (u > 4) {
		int n0 = c->an + c->oc.sv * (c->oc.sv > 0 ? lo : hi);
		int n1 = c->an + c->oc.sv * (c->oc.sv > 0 ? hi : lo);
		int k0 = n0 >> 6, k1 = n1 >> 6;
		uint64_t m0 = ~(uint64_t)0 << (n0 & 63);
		uint64_t m1 = ~(uint64_t)0 >> (63 - (n1 & 63));
		uint64_t any;
		if (k0 == k1) {
			any = blk[k0] & m0 & m1;
		} else {
			any = (blk[k0] & m0) | (blk[k1] & m1);
			for (int k = k0 + 1; k < k1; k++)
				any |= blk[k];
		}
		if (!any)
			return;
	}
	collect_runs(c, u, lo, hi, nr);
}

/*
 * Column u: mark the cells whose slope v/u is lit (up to v = vout; column
 * 1 touches the viewer and is marked anyway), then cut the intervals of
 * the column's blockers out of the lit slopes. Only cells whose closed
 * interval meets a lit one can cut anything: for a lit [a, b] those are
 * the seen ones and at most one more on each side. The ends of the lit
 * intervals move on to column u+1 as they are read.
 */
static void step_column(struct cast *c, int u, int vcap, int vout)
{
	struct vision_gap *g = c->s->gap[c->cur];
	const int ng = c->s->ngap, an = c->an, sv = c->oc.sv;
	const int M = c->am + c->oc.su * u;
	const size_t off = (size_t)M * (size_t)c->words;
	const uint64_t *cls = c->cls + off;
	struct vision_bits *o = c->out;
	/* Where column u's line starts in o, less word0, as an index: the
	 * line may lie outside o (then nothing is lit in it), and a pointer
	 * to it would be undefined even unused. */
	const ptrdiff_t line = (ptrdiff_t)(M - o->line0) * o->nwords - o->word0;
	const i64 um = 2 * (i64)u - 1, up = 2 * (i64)u + 1;
	int nr = 0, lo = 0, hi = -2, nlo = INT_MAX, nhi = INT_MIN;
	for (int i = 0; i < ng; i++) {
		struct vision_end *a = &g[i].a, *b = &g[i].b;
		int vlo = a->q + (a->r != 0), vhi = b->q;
		int tlo = (i64)(2 * vlo - 1) * a->d >= (i64)a->n * um ? vlo - 1
								       : vlo;
		int thi = (i64)(2 * vhi + 1) * b->d <= (i64)b->n * up ? vhi + 1
								       : vhi;
		end_next(a);
		end_next(b);
		int top = vhi < vout ? vhi : vout;
		if (top == u && u >= 2 && (!c->oc.diag || diag_shut(c, u)))
			top = u - 1;
		if (u >= 2 && vlo <= top) {
			int n0 = an + sv * vlo, n1 = an + sv * top;
			if (n0 > n1) {
				int t = n0;
				n0 = n1;
				n1 = t;
			}
			int w0 = n0 >> 6, w1 = n1 >> 6;
			uint64_t m0 = ~(uint64_t)0 << (n0 & 63);
			uint64_t m1 = ~(uint64_t)0 >> (63 - (n1 & 63));
			if (w0 == w1) {
				o->w[line + w0] |= m0 & m1 & cls[w0];
			} else {
				o->w[line + w0] |= m0 & cls[w0];
				for (int k = w0 + 1; k < w1; k++)
					o->w[line + k] |= cls[k];
				o->w[line + w1] |= m1 & cls[w1];
			}
			nlo = n0 < nlo ? n0 : nlo;
			nhi = n1 > nhi ? n1 : nhi;
		}
		tlo = tlo < 0 ? 0 : tlo;
		thi = thi > vcap ? vcap : thi;
		if (tlo > thi)
			continue;
		if (tlo <= hi + 1) {
			hi = thi > hi ? thi : hi;
			continue;
		}
		if (hi >= lo)
			look(c, u, c->blk + off, lo, hi, &nr);
		lo = tlo;
		hi = thi;
	}
	if (hi >= lo)
		look(c, u, c->blk + off, lo, hi, &nr);
	if (nhi >= nlo) {
		c->nlo = nlo < c->nlo ? nlo : c->nlo;
		c->nhi = nhi > c->nhi ? nhi : c->nhi;
		c->llo = M < c->llo ? M : c->llo;
		c->lhi = M > c->lhi ? M : c->lhi;
	}
	if (nr > 0)
		cut_column(c, u, nr);
}

/* The last column of the octant: the map's edge or the vision range. */
static int octant_end(const struct cast *c)
{
	int umax = c->oc.su > 0 ? c->mlen - 1 - c->am : c->am;
	return c->R > 0 && c->R < umax ? c->R : umax;
}

/* Cast the octant up to column umax, tracking the slopes in *first. */
static void cast_octant(struct cast *c, int umax, struct vision_gap first)
{
	struct vision_scratch *s = c->s;
	c->cur = 0;
	s->gap[0][0] = first;
	s->ngap = 1;
	int vedge = c->oc.sv > 0 ? c->nlen - 1 - c->an : c->an;
	i64 R2 = (i64)c->R * c->R;
	int vr = c->R;
	c->llo = c->nlo = INT_MAX;
	c->lhi = c->nhi = INT_MIN;
	for (int u = 1; u <= umax && s->ngap > 0; u++) {
		int vcap = u < vedge ? u : vedge, vout = vcap;
		if (c->R > 0) {
			while (vr > 0 && (i64)vr * vr + (i64)u * u > R2)
				vr--;
			vout = vout < vr ? vout : vr;
		}
		step_column(c, u, vcap, vout);
	}
	if (c->lhi < c->llo)
		return;
	struct vision_bits *o = c->out;
	o->lo = c->llo < o->lo ? c->llo : o->lo;
	o->hi = c->lhi > o->hi ? c->lhi : o->hi;
	o->wlo = (c->nlo >> 6) < o->wlo ? c->nlo >> 6 : o->wlo;
	o->whi = (c->nhi >> 6) > o->whi ? c->nhi >> 6 : o->whi;
}

/* Set up c for octant k of unit un's arc at level li. */
static void octant_setup(struct cast *c, const struct unit *un, int k,
			 int la, int li)
{
	const struct vision_map *m = c->m;
	c->oc = arcs[un->facing][k];
	int o = c->oc.o;
	bool xmaj = o == VB_COLS;
	c->am = xmaj ? un->x : un->y;
	c->an = xmaj ? un->y : un->x;
	c->mlen = xmaj ? m->w : m->h;
	c->nlen = xmaj ? m->h : m->w;
	c->words = m->words[o];
	size_t p = m->plane[o];
	c->blk = m->blk[o] + (size_t)li * p;
	c->below = li > 0 ? m->le[o] + (size_t)(li - 1) * p : NULL;
	/* At the viewer's level every target no higher; above it, just
	 * those at the level. */
	c->cls = (li == la ? m->le[o] : m->eq[o]) + (size_t)li * p;
}

/* At a level above the viewer's only the cells exactly that high (in box
 * b) are targets: the last column worth casting is the last that holds
 * some, or 0 for none, and only the slopes that reach them need tracking,
 * *g. Slopes beyond never show a target of this level and cutting them
 * changes nothing within. */
static int level_end(const struct cast *c, struct vision_box b, int umax,
		     struct vision_gap *g)
{
	bool xmaj = c->oc.o == VB_COLS;
	int M0 = xmaj ? b.x0 : b.y0, M1 = xmaj ? b.x1 : b.y1;
	int n0 = xmaj ? b.y0 : b.x0, n1 = xmaj ? b.y1 : b.x1;
	int su = c->oc.su, sv = c->oc.sv;
	int u0 = su * (M0 - c->am), u1 = su * (M1 - c->am);
	int v0 = sv * (n0 - c->an), v1 = sv * (n1 - c->an);
	if (u0 > u1) {
		int t = u0;
		u0 = u1;
		u1 = t;
	}
	if (v0 > v1) {
		int t = v0;
		v0 = v1;
		v1 = t;
	}
	u0 = u0 < 1 ? 1 : u0;
	u1 = u1 < umax ? u1 : umax;
	v0 = v0 < 0 ? 0 : v0;
	v1 = v1 < u1 ? v1 : u1;
	if (u1 < 2 || u0 > u1 || v0 > v1)
		return 0;
	end_init(&g->a, v0, u1, 1);
	if (v1 < u0)
		end_init(&g->b, v1, u0, 1);
	else
		end_init(&g->b, 1, 1, 1);
	return u1;
}

static void scratch_ready(struct vision_scratch *s, const struct vision_map *m)
{
	int need = 2 * ((m->w > m->h ? m->w : m->h) + 2);
	if (s->rcap < need) {
		free(s->run);
		s->run = xmalloc((size_t)need * sizeof *s->run);
		s->rcap = need;
	}
	grow_gaps(s, 16);
}

void vision_scratch_free(struct vision_scratch *s)
{
	free(s->gap[0]);
	free(s->gap[1]);
	free(s->run);
	memset(s, 0, sizeof *s);
}

void vision_cast_region(const struct vision_map *m, const struct world *w,
			int idx, struct vision_box reg[2])
{
	const struct unit *un = &w->units[idx];
	reg[VB_ROWS] = reg[VB_COLS] = VISION_BOX_EMPTY;
	vision_box_add(&reg[VB_ROWS], un->x > 0 ? un->x - 1 : 0,
		       un->y > 0 ? un->y - 1 : 0);
	vision_box_add(&reg[VB_ROWS], un->x < m->w - 1 ? un->x + 1 : m->w - 1,
		       un->y < m->h - 1 ? un->y + 1 : m->h - 1);
	struct cast c = {.m = m, .w = w, .R = w->roster.chart.vision_range};
	for (int k = 0; k < 2; k++) {
		octant_setup(&c, un, k, 0, 0);
		int umax = octant_end(&c);
		if (umax < 2)
			continue;
		int vedge = c.oc.sv > 0 ? c.nlen - 1 - c.an : c.an;
		int v = umax < vedge ? umax : vedge;
		int M0 = c.am + c.oc.su * 2, M1 = c.am + c.oc.su * umax;
		int N1 = c.an + c.oc.sv * v;
		struct vision_box *b = &reg[c.oc.o];
		if (c.oc.o == VB_COLS) {
			vision_box_add(b, M0, c.an);
			vision_box_add(b, M1, N1);
		} else {
			vision_box_add(b, c.an, M0);
			vision_box_add(b, N1, M1);
		}
	}
}

void vision_cast_unit(const struct vision_map *m, const struct world *w,
		      int idx, struct vision_scratch *s,
		      struct vision_bits out[2], struct vision_box *touched,
		      struct vision_troops *troops)
{
	const struct unit *un = &w->units[idx];
	scratch_ready(s, m);
	/* Its own cell and what touches its base, always. */
	int x0 = un->x > 0 ? un->x - 1 : 0;
	int x1 = un->x < m->w - 1 ? un->x + 1 : m->w - 1;
	for (int y = un->y - 1; y <= un->y + 1; y++) {
		if (y < 0 || y >= m->h)
			continue;
		struct vision_bits *b = &out[VB_ROWS];
		uint64_t *line = b->w + (size_t)(y - b->line0) * b->nwords;
		for (int x = x0; x <= x1; x++)
			line[(x >> 6) - b->word0] |= (uint64_t)1 << (x & 63);
		b->lo = y < b->lo ? y : b->lo;
		b->hi = y > b->hi ? y : b->hi;
		b->wlo = (x0 >> 6) < b->wlo ? x0 >> 6 : b->wlo;
		b->whi = (x1 >> 6) > b->whi ? x1 >> 6 : b->whi;
		if (touched) {
			vision_box_add(touched, x0, y);
			vision_box_add(touched, x1, y);
		}
	}
	struct vision_box t[2] = {VISION_BOX_EMPTY, VISION_BOX_EMPTY};
	int la = vision_map_level(m, world_height(w, un->x, un->y));
	struct cast c = {.m = m, .w = w, .s = s,
			 .R = w->roster.chart.vision_range};
	c.ux = un->x;
	c.uy = un->y;
	vision_troops_seen(m, w, idx, &c.troops, touched);
	if (troops)
		*troops = c.troops;
	for (int li = la; li < m->nlev; li++) {
		if (li > la && m->levbox[li].x1 < m->levbox[li].x0)
			continue;
		for (int k = 0; k < 2; k++) {
			octant_setup(&c, un, k, la, li);
			int umax = octant_end(&c);
			struct vision_gap all = {{0, 1, 0, 0}, {1, 1, 1, 0}};
			if (li > la)
				umax = level_end(&c, m->levbox[li], umax, &all);
			if (umax < 1)
				continue;
			c.out = &out[c.oc.o];
			c.touched = touched ? &t[c.oc.o] : NULL;
			cast_octant(&c, umax, all);
		}
	}
	if (!touched)
		return;
	/* t holds (major, minor) pairs: columns of x-major casts are (x, y). */
	if (t[VB_COLS].x1 >= t[VB_COLS].x0) {
		vision_box_add(touched, t[VB_COLS].x0, t[VB_COLS].y0);
		vision_box_add(touched, t[VB_COLS].x1, t[VB_COLS].y1);
	}
	if (t[VB_ROWS].x1 >= t[VB_ROWS].x0) {
		vision_box_add(touched, t[VB_ROWS].y0, t[VB_ROWS].x0);
		vision_box_add(touched, t[VB_ROWS].y1, t[VB_ROWS].x1);
	}
}
