/* test_geom.c: directions, exact distances, arcs and the line between two
 * cells (SPEC 2, 2.1, 2.2). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "base/geom.h"

/* ---- directions ---------------------------------------------------- */

static void test_dir_tables_match_spec(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		int dx, dy;
	} want[DIR_COUNT] = {
		{"n", 0, -1}, {"ne", 1, -1}, {"e", 1, 0},  {"se", 1, 1},
		{"s", 0, 1},  {"sw", -1, 1}, {"w", -1, 0}, {"nw", -1, -1},
	};
	for (int d = 0; d < DIR_COUNT; d++) {
		assert_string_equal(dir_names[d], want[d].name);
		assert_int_equal(dir_dx[d], want[d].dx);
		assert_int_equal(dir_dy[d], want[d].dy);
	}
}

static void test_dir_parse_names(void **state)
{
	(void)state;
	assert_int_equal(dir_parse("n"), DIR_N);
	assert_int_equal(dir_parse("ne"), DIR_NE);
	assert_int_equal(dir_parse("e"), DIR_E);
	assert_int_equal(dir_parse("se"), DIR_SE);
	assert_int_equal(dir_parse("s"), DIR_S);
	assert_int_equal(dir_parse("sw"), DIR_SW);
	assert_int_equal(dir_parse("w"), DIR_W);
	assert_int_equal(dir_parse("nw"), DIR_NW);
}

static void test_dir_parse_ignores_case(void **state)
{
	(void)state;
	assert_int_equal(dir_parse("N"), DIR_N);
	assert_int_equal(dir_parse("NE"), DIR_NE);
	assert_int_equal(dir_parse("sW"), DIR_SW);
}

static void test_dir_parse_rejects_others(void **state)
{
	(void)state;
	assert_int_equal(dir_parse(""), -1);
	assert_int_equal(dir_parse("x"), -1);
	assert_int_equal(dir_parse("north"), -1);
	assert_int_equal(dir_parse("nne"), -1);
	assert_int_equal(dir_parse("en"), -1);
	assert_int_equal(dir_parse("n "), -1);
	assert_int_equal(dir_parse(" n"), -1);
}

static void test_dir_from_delta_unit_steps(void **state)
{
	(void)state;
	assert_int_equal(dir_from_delta(0, -1), DIR_N);
	assert_int_equal(dir_from_delta(1, -1), DIR_NE);
	assert_int_equal(dir_from_delta(1, 0), DIR_E);
	assert_int_equal(dir_from_delta(1, 1), DIR_SE);
	assert_int_equal(dir_from_delta(0, 1), DIR_S);
	assert_int_equal(dir_from_delta(-1, 1), DIR_SW);
	assert_int_equal(dir_from_delta(-1, 0), DIR_W);
	assert_int_equal(dir_from_delta(-1, -1), DIR_NW);
}

static void test_dir_from_delta_rejects_non_steps(void **state)
{
	(void)state;
	assert_int_equal(dir_from_delta(0, 0), -1);
	assert_int_equal(dir_from_delta(2, 0), -1);
	assert_int_equal(dir_from_delta(0, -2), -1);
	assert_int_equal(dir_from_delta(1, 2), -1);
	assert_int_equal(dir_from_delta(-2, -2), -1);
}

static void test_dir_diagonal(void **state)
{
	(void)state;
	assert_false(dir_diagonal(DIR_N));
	assert_true(dir_diagonal(DIR_NE));
	assert_false(dir_diagonal(DIR_E));
	assert_true(dir_diagonal(DIR_SE));
	assert_false(dir_diagonal(DIR_S));
	assert_true(dir_diagonal(DIR_SW));
	assert_false(dir_diagonal(DIR_W));
	assert_true(dir_diagonal(DIR_NW));
}

static void test_dir_turns_examples(void **state)
{
	(void)state;
	assert_int_equal(dir_turns(DIR_N, DIR_N), 0);
	assert_int_equal(dir_turns(DIR_N, DIR_NE), 1);
	assert_int_equal(dir_turns(DIR_N, DIR_E), 2);
	assert_int_equal(dir_turns(DIR_N, DIR_SE), 3);
	assert_int_equal(dir_turns(DIR_N, DIR_S), 4);
	assert_int_equal(dir_turns(DIR_N, DIR_SW), 3);
	assert_int_equal(dir_turns(DIR_N, DIR_W), 2);
	assert_int_equal(dir_turns(DIR_N, DIR_NW), 1);
	/* Across the wrap between nw and n. */
	assert_int_equal(dir_turns(DIR_NW, DIR_NE), 2);
	assert_int_equal(dir_turns(DIR_W, DIR_NE), 3);
	assert_int_equal(dir_turns(DIR_SW, DIR_NE), 4);
}

/* The number of turns is the angle between the two direction vectors in
 * 45-degree steps, read off their dot product: same vector 0, acute 1,
 * perpendicular 2, obtuse 3, opposite 4. The same both ways. */
static void test_dir_turns_all_pairs(void **state)
{
	(void)state;
	for (int a = 0; a < DIR_COUNT; a++) {
		for (int b = 0; b < DIR_COUNT; b++) {
			int ax = dir_dx[a], ay = dir_dy[a];
			int bx = dir_dx[b], by = dir_dy[b];
			int dot = ax * bx + ay * by, want;
			if (ax == bx && ay == by)
				want = 0;
			else if (ax == -bx && ay == -by)
				want = 4;
			else
				want = dot > 0 ? 1 : dot == 0 ? 2 : 3;
			if (dir_turns((enum dir)a, (enum dir)b) != want)
				fail_msg("%s -> %s: %d turns, want %d",
					 dir_names[a], dir_names[b],
					 dir_turns((enum dir)a, (enum dir)b),
					 want);
		}
	}
}

/* ---- distances ----------------------------------------------------- */

static void test_dist2(void **state)
{
	(void)state;
	assert_int_equal(geom_dist2(0, 0, 0, 0), 0);
	assert_int_equal(geom_dist2(0, 0, 3, 4), 25);
	assert_int_equal(geom_dist2(3, 4, 0, 0), 25);
	assert_int_equal(geom_dist2(-2, 5, 1, 1), 25);
	assert_int_equal(geom_dist2(10, 10, 9, 11), 2);
}

static void test_within_exact_boundary(void **state)
{
	(void)state;
	assert_true(geom_within(0, 0, 3, 4, 5));
	assert_false(geom_within(0, 0, 3, 4, 4));
	assert_true(geom_within(0, 0, 24, 0, 24));
	assert_false(geom_within(0, 0, 25, 0, 24));
	assert_false(geom_within(0, 0, 24, 1, 24));
	/* 16^2 + 17^2 = 545 <= 576; 17^2 + 17^2 = 578 > 576. */
	assert_true(geom_within(0, 0, 16, 17, 24));
	assert_false(geom_within(0, 0, 17, 17, 24));
	/* Symmetric and translation-invariant. */
	assert_true(geom_within(20, 30, 4, 13, 24));
	assert_false(geom_within(20, 30, 3, 13, 24));
	assert_true(geom_within(5, 5, 5, 5, 0));
	assert_false(geom_within(5, 5, 6, 5, 0));
}

/* The rules' example: an archer with range 24 shooting at 16 inches is
 * over half range; at exactly 12 inches it is not; at 13 it is. */
static void test_over_half_archer_example(void **state)
{
	(void)state;
	assert_true(geom_over_half(0, 0, 16, 0, 24));
	assert_false(geom_over_half(0, 0, 12, 0, 24));
	assert_true(geom_over_half(0, 0, 13, 0, 24));
	assert_false(geom_over_half(0, 0, 0, -12, 24));
	assert_true(geom_over_half(0, 0, 0, -13, 24));
	assert_false(geom_over_half(0, 0, 1, 0, 24));
}

static void test_over_half_diagonal_and_odd_ranges(void **state)
{
	(void)state;
	/* 8,8: 4*128 = 512 <= 576; 8,9: 4*145 = 580 > 576. */
	assert_false(geom_over_half(0, 0, 8, 8, 24));
	assert_true(geom_over_half(0, 0, 8, 9, 24));
	/* Range 5, half 2.5: 2 is not over, 3 is; 2,1 (sqrt 5) is not,
	 * 2,2 (sqrt 8) is. */
	assert_false(geom_over_half(0, 0, 2, 0, 5));
	assert_true(geom_over_half(0, 0, 3, 0, 5));
	assert_false(geom_over_half(0, 0, 2, 1, 5));
	assert_true(geom_over_half(0, 0, 2, 2, 5));
	/* Range 7, half 3.5: 3,1 (sqrt 10) not; 3,2 (sqrt 13) over. */
	assert_false(geom_over_half(4, 4, 7, 5, 7));
	assert_true(geom_over_half(4, 4, 7, 6, 7));
}

static void test_adjacent(void **state)
{
	(void)state;
	for (int d = 0; d < DIR_COUNT; d++)
		assert_true(geom_adjacent(5, 5, 5 + dir_dx[d], 5 + dir_dy[d]));
	assert_false(geom_adjacent(5, 5, 5, 5));
	assert_false(geom_adjacent(5, 5, 7, 5));
	assert_false(geom_adjacent(5, 5, 5, 3));
	assert_false(geom_adjacent(5, 5, 7, 6));
	assert_false(geom_adjacent(5, 5, 7, 7));
	assert_true(geom_adjacent(0, 0, -1, -1));
	assert_false(geom_adjacent(0, 0, -2, 1));
}

/* ---- arcs ---------------------------------------------------------- */

/* The angle between facing f and offset v is at most 45 degrees:
 * f.v >= 0 and cos^2 >= 1/2, all in integers. */
static bool arc_reference(enum dir f, int vx, int vy)
{
	int fx = dir_dx[f], fy = dir_dy[f];
	int dot = fx * vx + fy * vy;
	return dot >= 0 &&
	       2 * dot * dot >= (fx * fx + fy * fy) * (vx * vx + vy * vy);
}

static void test_arc_orthogonal_edges(void **state)
{
	(void)state;
	/* Facing e: straight ahead, both 45-degree edges, just outside. */
	assert_true(geom_in_arc(DIR_E, 5, 0));
	assert_true(geom_in_arc(DIR_E, 3, 3));
	assert_true(geom_in_arc(DIR_E, 3, -3));
	assert_false(geom_in_arc(DIR_E, 3, 4));
	assert_false(geom_in_arc(DIR_E, 3, -4));
	assert_false(geom_in_arc(DIR_E, 0, 1));
	assert_false(geom_in_arc(DIR_E, -1, 0));
	/* Facing n. */
	assert_true(geom_in_arc(DIR_N, 0, -1));
	assert_true(geom_in_arc(DIR_N, 2, -2));
	assert_true(geom_in_arc(DIR_N, -2, -2));
	assert_false(geom_in_arc(DIR_N, 3, -2));
	assert_false(geom_in_arc(DIR_N, 1, 0));
	assert_false(geom_in_arc(DIR_N, 0, 1));
	/* Facing s. */
	assert_true(geom_in_arc(DIR_S, 0, 4));
	assert_true(geom_in_arc(DIR_S, -4, 4));
	assert_true(geom_in_arc(DIR_S, 4, 4));
	assert_false(geom_in_arc(DIR_S, 5, 4));
	assert_false(geom_in_arc(DIR_S, 0, -1));
	/* Facing w. */
	assert_true(geom_in_arc(DIR_W, -1, 0));
	assert_true(geom_in_arc(DIR_W, -1, 1));
	assert_true(geom_in_arc(DIR_W, -1, -1));
	assert_false(geom_in_arc(DIR_W, -1, 2));
	assert_false(geom_in_arc(DIR_W, 1, 0));
}

static void test_arc_diagonal_quadrants(void **state)
{
	(void)state;
	/* Facing ne: the quadrant x >= 0, y <= 0, both axes included. */
	assert_true(geom_in_arc(DIR_NE, 1, -1));
	assert_true(geom_in_arc(DIR_NE, 0, -5));
	assert_true(geom_in_arc(DIR_NE, 5, 0));
	assert_true(geom_in_arc(DIR_NE, 7, -1));
	assert_false(geom_in_arc(DIR_NE, -1, -5));
	assert_false(geom_in_arc(DIR_NE, 5, 1));
	/* Facing se. */
	assert_true(geom_in_arc(DIR_SE, 0, 3));
	assert_true(geom_in_arc(DIR_SE, 3, 0));
	assert_false(geom_in_arc(DIR_SE, -1, 3));
	assert_false(geom_in_arc(DIR_SE, 3, -1));
	/* Facing sw. */
	assert_true(geom_in_arc(DIR_SW, 0, 3));
	assert_true(geom_in_arc(DIR_SW, -3, 0));
	assert_false(geom_in_arc(DIR_SW, 1, 3));
	assert_false(geom_in_arc(DIR_SW, -3, -1));
	/* Facing nw. */
	assert_true(geom_in_arc(DIR_NW, 0, -3));
	assert_true(geom_in_arc(DIR_NW, -3, 0));
	assert_true(geom_in_arc(DIR_NW, -2, -9));
	assert_false(geom_in_arc(DIR_NW, 1, -3));
	assert_false(geom_in_arc(DIR_NW, -3, 1));
}

/* Every facing, every offset in a box: the arc is exactly the cells at
 * most 45 degrees off the facing (SPEC 2.2). */
static void test_arc_all_facings_match_angle(void **state)
{
	(void)state;
	for (int f = 0; f < DIR_COUNT; f++)
		for (int vy = -7; vy <= 7; vy++)
			for (int vx = -7; vx <= 7; vx++) {
				if (vx == 0 && vy == 0)
					continue;
				bool want = arc_reference((enum dir)f, vx, vy);
				if (geom_in_arc((enum dir)f, vx, vy) != want)
					fail_msg("facing %s, offset %d,%d: "
						 "want %d",
						 dir_names[f], vx, vy, want);
			}
}

/* ---- the line between two cells ----------------------------------- */

#define MAX_EVENTS 64

/* What the walker reported, in order: 'c' a cell (x1,y1), 'k' a corner
 * with side cells (x1,y1) and (x2,y2). */
struct event {
	char kind;
	int x1, y1, x2, y2;
};

struct recorder {
	int n;
	struct event ev[MAX_EVENTS];
	int stop_at; /* stop the walk at this event number (1-based); 0 never */
};

static bool rec_cell(void *ctx, int x, int y)
{
	struct recorder *r = ctx;
	assert_true(r->n < MAX_EVENTS);
	r->ev[r->n++] = (struct event){'c', x, y, 0, 0};
	return r->n == r->stop_at;
}

static bool rec_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	struct recorder *r = ctx;
	assert_true(r->n < MAX_EVENTS);
	r->ev[r->n++] = (struct event){'k', x1, y1, x2, y2};
	return r->n == r->stop_at;
}

static bool walk(int ax, int ay, int bx, int by, struct recorder *r)
{
	struct line_visitor v = {rec_cell, rec_corner, r};
	r->n = 0;
	return geom_line_walk(ax, ay, bx, by, &v);
}

static void assert_cell(const struct event *e, int x, int y)
{
	assert_int_equal(e->kind, 'c');
	assert_int_equal(e->x1, x);
	assert_int_equal(e->y1, y);
}

/* A corner's two side cells, in either order. */
static void assert_corner(const struct event *e, int x1, int y1, int x2,
			  int y2)
{
	assert_int_equal(e->kind, 'k');
	bool same = e->x1 == x1 && e->y1 == y1 && e->x2 == x2 && e->y2 == y2;
	bool swapped = e->x1 == x2 && e->y1 == y2 && e->x2 == x1 && e->y2 == y1;
	if (!same && !swapped)
		fail_msg("corner sides %d,%d %d,%d; want %d,%d %d,%d", e->x1,
			 e->y1, e->x2, e->y2, x1, y1, x2, y2);
}

static void test_line_same_and_adjacent_cells(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(3, 3, 3, 3, &r));
	assert_int_equal(r.n, 0);
	assert_false(walk(3, 3, 4, 3, &r));
	assert_int_equal(r.n, 0);
	assert_false(walk(3, 3, 3, 2, &r));
	assert_int_equal(r.n, 0);
	/* Diagonal neighbours: no cell between, one corner. */
	assert_false(walk(3, 3, 4, 4, &r));
	assert_int_equal(r.n, 1);
	assert_corner(&r.ev[0], 4, 3, 3, 4);
}

static void test_line_horizontal(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(0, 2, 4, 2, &r));
	assert_int_equal(r.n, 3);
	assert_cell(&r.ev[0], 1, 2);
	assert_cell(&r.ev[1], 2, 2);
	assert_cell(&r.ev[2], 3, 2);
	/* Westwards: the same cells, from A. */
	assert_false(walk(4, 2, 0, 2, &r));
	assert_int_equal(r.n, 3);
	assert_cell(&r.ev[0], 3, 2);
	assert_cell(&r.ev[1], 2, 2);
	assert_cell(&r.ev[2], 1, 2);
}

static void test_line_vertical(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(2, 5, 2, 1, &r));
	assert_int_equal(r.n, 3);
	assert_cell(&r.ev[0], 2, 4);
	assert_cell(&r.ev[1], 2, 3);
	assert_cell(&r.ev[2], 2, 2);
	assert_false(walk(2, 1, 2, 3, &r));
	assert_int_equal(r.n, 1);
	assert_cell(&r.ev[0], 2, 2);
}

/* A diagonal goes corner, cell, corner, ...: at each corner the two cells
 * the line does not enter are its side cells; the last corner is next to
 * B. */
static void test_line_diagonal_corners(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(0, 0, 3, 3, &r));
	assert_int_equal(r.n, 5);
	assert_corner(&r.ev[0], 1, 0, 0, 1);
	assert_cell(&r.ev[1], 1, 1);
	assert_corner(&r.ev[2], 2, 1, 1, 2);
	assert_cell(&r.ev[3], 2, 2);
	assert_corner(&r.ev[4], 3, 2, 2, 3);
}

static void test_line_antidiagonal_corners(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(0, 2, 2, 0, &r));
	assert_int_equal(r.n, 3);
	assert_corner(&r.ev[0], 1, 2, 0, 1);
	assert_cell(&r.ev[1], 1, 1);
	assert_corner(&r.ev[2], 2, 1, 1, 0);
}

/* Knight-move lines pass through an edge's midpoint, not a corner: both
 * cells beside the midpoint are on the line. */
static void test_line_knight_moves(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(0, 0, 2, 1, &r));
	assert_int_equal(r.n, 2);
	assert_cell(&r.ev[0], 1, 0);
	assert_cell(&r.ev[1], 1, 1);

	assert_false(walk(0, 0, 1, 2, &r));
	assert_int_equal(r.n, 2);
	assert_cell(&r.ev[0], 0, 1);
	assert_cell(&r.ev[1], 1, 1);

	assert_false(walk(5, 5, 3, 4, &r));
	assert_int_equal(r.n, 2);
	assert_cell(&r.ev[0], 4, 5);
	assert_cell(&r.ev[1], 4, 4);

	/* Twice a knight's move passes through the middle cell's centre. */
	assert_false(walk(0, 0, 4, 2, &r));
	assert_int_equal(r.n, 5);
	assert_cell(&r.ev[0], 1, 0);
	assert_cell(&r.ev[1], 1, 1);
	assert_cell(&r.ev[2], 2, 1);
	assert_cell(&r.ev[3], 3, 1);
	assert_cell(&r.ev[4], 3, 2);
}

/* A 3:1 line crosses one corner in its middle. */
static void test_line_shallow_through_corner(void **state)
{
	(void)state;
	struct recorder r = {0};
	assert_false(walk(0, 0, 3, 1, &r));
	assert_int_equal(r.n, 3);
	assert_cell(&r.ev[0], 1, 0);
	assert_corner(&r.ev[1], 2, 0, 1, 1);
	assert_cell(&r.ev[2], 2, 1);
}

/* Cells that only touch the segment at a corner are side cells there and
 * are never reported as cells on the line. */
static void test_line_never_visits_boundary_cells(void **state)
{
	(void)state;
	struct recorder r = {0};
	walk(0, 0, 3, 3, &r);
	static const int touch[][2] = {{1, 0}, {0, 1}, {2, 1},
				       {1, 2}, {3, 2}, {2, 3}};
	for (int i = 0; i < r.n; i++) {
		if (r.ev[i].kind != 'c')
			continue;
		for (size_t k = 0; k < sizeof touch / sizeof touch[0]; k++)
			assert_false(r.ev[i].x1 == touch[k][0] &&
				     r.ev[i].y1 == touch[k][1]);
	}
	walk(0, 0, 3, 1, &r);
	for (int i = 0; i < r.n; i++)
		if (r.ev[i].kind == 'c')
			assert_false((r.ev[i].x1 == 2 && r.ev[i].y1 == 0) ||
				     (r.ev[i].x1 == 1 && r.ev[i].y1 == 1));
}

static void test_line_stops_when_callback_says(void **state)
{
	(void)state;
	struct recorder r = {.stop_at = 2};
	assert_true(walk(0, 0, 6, 0, &r));
	assert_int_equal(r.n, 2);
	/* A corner can stop it too. */
	r.stop_at = 1;
	assert_true(walk(0, 0, 3, 3, &r));
	assert_int_equal(r.n, 1);
	assert_int_equal(r.ev[0].kind, 'k');
	/* Stopping on the very last event still reports true. */
	r.stop_at = 5;
	assert_true(walk(0, 0, 3, 3, &r));
	assert_int_equal(r.n, 5);
}

static void test_line_optional_callbacks(void **state)
{
	(void)state;
	struct recorder r = {0};
	struct line_visitor cells_only = {rec_cell, NULL, &r};
	assert_false(geom_line_walk(0, 0, 3, 3, &cells_only));
	assert_int_equal(r.n, 2);
	assert_cell(&r.ev[0], 1, 1);
	assert_cell(&r.ev[1], 2, 2);
	r.n = 0;
	struct line_visitor corners_only = {NULL, rec_corner, &r};
	assert_false(geom_line_walk(0, 0, 3, 3, &corners_only));
	assert_int_equal(r.n, 3);
}

/* An independent reference: fractions p/q with q > 0. */
struct frac {
	long p, q;
};

static bool frac_lt(struct frac a, struct frac b)
{
	return a.p * b.q < b.p * a.q;
}

/* The open segment from A's centre to B's passes through the open square
 * of cell c. In doubled coordinates the square is |2x - 2cx| < 1. */
static bool ref_on_line(int ax, int ay, int bx, int by, int cx, int cy)
{
	struct frac lo = {0, 1}, hi = {1, 1};
	int a[2] = {ax, ay}, d[2] = {bx - ax, by - ay}, c[2] = {cx, cy};
	for (int k = 0; k < 2; k++) {
		long e = 2L * (c[k] - a[k]);
		if (d[k] == 0) {
			if (e != 0)
				return false;
			continue;
		}
		/* e - 1 < 2 t d < e + 1 */
		long q = 2L * labs(d[k]);
		struct frac l = {d[k] > 0 ? e - 1 : -e - 1, q};
		struct frac h = {d[k] > 0 ? e + 1 : -e + 1, q};
		if (frac_lt(lo, l))
			lo = l;
		if (frac_lt(h, hi))
			hi = h;
	}
	return frac_lt(lo, hi);
}

/* Doubled corner point (kx, ky odd) lies on the open segment. */
static bool ref_corner_on_line(int ax, int ay, int bx, int by, int kx2,
			       int ky2)
{
	long ex = kx2 - 2L * ax, ey = ky2 - 2L * ay;
	long dx = bx - ax, dy = by - ay;
	if (dx == 0 || dy == 0 || ex * dy != ey * dx)
		return false;
	return (ex > 0) == (dx > 0) && labs(ex) < 2 * labs(dx);
}

static long proj(int ax, int ay, int bx, int by, long x2, long y2)
{
	return (x2 - 2L * ax) * (bx - ax) + (y2 - 2L * ay) * (by - ay);
}

/* Check one walk against the reference: every cell reported is on the
 * line, every cell on the line is reported once, in order from A; every
 * corner on the segment is reported with the right side cells. */
static void check_against_reference(int ax, int ay, int bx, int by)
{
	struct recorder r = {0};
	assert_false(walk(ax, ay, bx, by, &r));
	int x0 = ax < bx ? ax : bx, x1 = ax < bx ? bx : ax;
	int y0 = ay < by ? ay : by, y1 = ay < by ? by : ay;
	int want_cells = 0, want_corners = 0;
	for (int y = y0 - 1; y <= y1 + 1; y++)
		for (int x = x0 - 1; x <= x1 + 1; x++) {
			bool end = (x == ax && y == ay) || (x == bx && y == by);
			if (!end && ref_on_line(ax, ay, bx, by, x, y))
				want_cells++;
			if (ref_corner_on_line(ax, ay, bx, by, 2 * x + 1,
					       2 * y + 1))
				want_corners++;
		}
	int got_cells = 0, got_corners = 0;
	long last = 0;
	for (int i = 0; i < r.n; i++) {
		const struct event *e = &r.ev[i];
		long p;
		if (e->kind == 'c') {
			got_cells++;
			if (!ref_on_line(ax, ay, bx, by, e->x1, e->y1) ||
			    (e->x1 == bx && e->y1 == by))
				fail_msg("%d,%d->%d,%d: cell %d,%d is not on "
					 "the line",
					 ax, ay, bx, by, e->x1, e->y1);
			p = proj(ax, ay, bx, by, 2L * e->x1, 2L * e->y1);
		} else {
			got_corners++;
			int kx2 = e->x1 + e->x2, ky2 = e->y1 + e->y2;
			if (!ref_corner_on_line(ax, ay, bx, by, kx2, ky2))
				fail_msg("%d,%d->%d,%d: corner %d/2,%d/2 is "
					 "not on the line",
					 ax, ay, bx, by, kx2, ky2);
			/* Side cells: the two around the corner the line
			 * does not enter; neither is on the line. */
			assert_true(abs(e->x1 - e->x2) == 1 &&
				    abs(e->y1 - e->y2) == 1);
			assert_false(ref_on_line(ax, ay, bx, by, e->x1, e->y1));
			assert_false(ref_on_line(ax, ay, bx, by, e->x2, e->y2));
			p = proj(ax, ay, bx, by, kx2, ky2);
		}
		if (p <= last)
			fail_msg("%d,%d->%d,%d: event %d out of order", ax, ay,
				 bx, by, i);
		last = p;
	}
	if (got_cells != want_cells || got_corners != want_corners)
		fail_msg("%d,%d->%d,%d: %d cells %d corners, want %d and %d",
			 ax, ay, bx, by, got_cells, got_corners, want_cells,
			 want_corners);
}

static void test_line_matches_reference_in_9x9_box(void **state)
{
	(void)state;
	for (int a = 0; a < 81; a++)
		for (int b = 0; b < 81; b++)
			check_against_reference(a % 9, a / 9, b % 9, b / 9);
}

/* The cells visited from A to B are those visited from B to A, reversed,
 * and the corners and their side cells too: for every pair in a box. */
static void test_line_symmetric_in_9x9_box(void **state)
{
	(void)state;
	struct recorder ab = {0}, ba = {0};
	for (int a = 0; a < 81; a++) {
		for (int b = 0; b < 81; b++) {
			int ax = a % 9, ay = a / 9, bx = b % 9, by = b / 9;
			walk(ax, ay, bx, by, &ab);
			walk(bx, by, ax, ay, &ba);
			if (ab.n != ba.n)
				fail_msg("%d,%d<->%d,%d: %d events vs %d", ax,
					 ay, bx, by, ab.n, ba.n);
			for (int i = 0; i < ab.n; i++) {
				const struct event *e = &ab.ev[i];
				const struct event *f = &ba.ev[ab.n - 1 - i];
				assert_int_equal(e->kind, f->kind);
				if (e->kind == 'c')
					assert_cell(f, e->x1, e->y1);
				else
					assert_corner(f, e->x1, e->y1, e->x2,
						      e->y2);
			}
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dir_tables_match_spec),
		cmocka_unit_test(test_dir_parse_names),
		cmocka_unit_test(test_dir_parse_ignores_case),
		cmocka_unit_test(test_dir_parse_rejects_others),
		cmocka_unit_test(test_dir_from_delta_unit_steps),
		cmocka_unit_test(test_dir_from_delta_rejects_non_steps),
		cmocka_unit_test(test_dir_diagonal),
		cmocka_unit_test(test_dir_turns_examples),
		cmocka_unit_test(test_dir_turns_all_pairs),
		cmocka_unit_test(test_dist2),
		cmocka_unit_test(test_within_exact_boundary),
		cmocka_unit_test(test_over_half_archer_example),
		cmocka_unit_test(test_over_half_diagonal_and_odd_ranges),
		cmocka_unit_test(test_adjacent),
		cmocka_unit_test(test_arc_orthogonal_edges),
		cmocka_unit_test(test_arc_diagonal_quadrants),
		cmocka_unit_test(test_arc_all_facings_match_angle),
		cmocka_unit_test(test_line_same_and_adjacent_cells),
		cmocka_unit_test(test_line_horizontal),
		cmocka_unit_test(test_line_vertical),
		cmocka_unit_test(test_line_diagonal_corners),
		cmocka_unit_test(test_line_antidiagonal_corners),
		cmocka_unit_test(test_line_knight_moves),
		cmocka_unit_test(test_line_shallow_through_corner),
		cmocka_unit_test(test_line_never_visits_boundary_cells),
		cmocka_unit_test(test_line_stops_when_callback_says),
		cmocka_unit_test(test_line_optional_callbacks),
		cmocka_unit_test(test_line_matches_reference_in_9x9_box),
		cmocka_unit_test(test_line_symmetric_in_9x9_box),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
