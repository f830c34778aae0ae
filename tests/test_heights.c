/* test_heights.c: the ways on and off a raised stretch (rules/heights.c)
 * follow the movement rules: a ladder (foot only) or stairs, reached
 * along the stretch at its height, a gap in the walk cutting the stretch
 * in two; cells never seen are left out; units are in nobody's way. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "rules/heights.h"
#include "testworld.h"

/* A 4-inch walk with a gap at 4,0 (open ground), stairs (height 2)
 * under its west end and a ladder under each half of it. */
#define WALK_ROWS TW_ROWS("____.___", "^H==#=H=", "........")

static int ways(struct world *w, int unit, int x, int y, struct height_way *v)
{
	return heights_ways(w, NULL, unit, x, y, v, 8);
}

/* Way v is by the kind of cell at x,y, down or up, costing cost. */
static void assert_way(const struct height_way *v, enum terrain_kind kind,
		       int x, int y, bool down, int cost)
{
	assert_int_equal(v->kind, kind);
	assert_int_equal(v->x, x);
	assert_int_equal(v->y, y);
	assert_int_equal(v->down, down);
	assert_int_equal(v->cost, cost);
}

static void test_ladder(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_LADDER_ROWS);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 2, DIR_N);
	struct height_way v[8];
	/* From the walk at 0,0: the ladder at 1,1, a diagonal step and the
	 * 4-inch climb at double cost (8 inches). */
	assert_int_equal(ways(w, u, 0, 0, v), 1);
	assert_way(&v[0], TERRAIN_LADDER, 1, 1, true, 16);
	assert_int_equal(v[0].height, 0);
	/* A mounted unit climbs no ladder: no way down for it. */
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 3, 2, DIR_N);
	assert_int_equal(ways(w, m, 0, 0, v), 0);
	/* A parapet is no place to stand. */
	assert_int_equal(ways(w, u, 0, 1, v), 0);
}

static void test_gap_cuts_the_walk(void **state)
{
	struct world *w = *state;
	tw_init(w, WALK_ROWS);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 2, DIR_N);
	struct height_way v[8];
	/* West of the gap: the stairs (two steps of walk, then the
	 * diagonal onto the stairs: 1.5 inches and the 2 it descends) and
	 * the west ladder (a step, then the 8-inch climb); never the east
	 * one. */
	assert_int_equal(ways(w, u, 3, 0, v), 2);
	assert_way(&v[0], TERRAIN_STAIRS, 0, 1, true, 4 + 3 + 4);
	assert_int_equal(v[0].height, TW_STAIRS_HEIGHT);
	assert_way(&v[1], TERRAIN_LADDER, 1, 1, true, 2 + 16);
	/* East of it: the east ladder alone. */
	assert_int_equal(ways(w, u, 5, 0, v), 1);
	assert_way(&v[0], TERRAIN_LADDER, 6, 1, true, 16);
	/* On the stairs: by the stairs themselves down to the ground and
	 * up to the walk. */
	int n = ways(w, u, 0, 1, v), down = 0, up = 0;
	for (int i = 0; i < n; i++)
		if (v[i].x == 0 && v[i].y == 1) {
			down += v[i].down && v[i].height == 0;
			up += !v[i].down && v[i].height == 4;
		}
	assert_int_equal(down, 1);
	assert_int_equal(up, 1);
}

static void test_unknown_and_units(void **state)
{
	struct world *w = *state;
	tw_init(w, WALK_ROWS);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 2, DIR_N);
	/* An enemy on the walk changes nothing: units come and go. */
	tw_add_unit(w, "billman", TW_BLUE, 2, 0, DIR_S);
	struct height_way v[8];
	assert_int_equal(ways(w, u, 3, 0, v), 2);
	/* The stairs never seen: only the ladder is known. */
	unsigned char *unknown = calloc((size_t)(w->map.w * w->map.h), 1);
	unknown[1 * w->map.w + 0] = 1;
	assert_int_equal(heights_ways(w, unknown, u, 3, 0, v, 8), 1);
	assert_int_equal(v[0].kind, TERRAIN_LADDER);
	free(unknown);
	/* Room for one: the count is of them all, the nearest first. */
	assert_int_equal(heights_ways(w, NULL, u, 3, 0, v, 1), 2);
	assert_int_equal(v[0].kind, TERRAIN_STAIRS);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_ladder),
		TW_TEST(test_gap_cuts_the_walk),
		TW_TEST(test_unknown_and_units),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
