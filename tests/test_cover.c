/* test_cover.c: missile fire (SPEC 4): the cover a target has on a map,
 * and the range and size terms of a ranged attack. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/combat.h"
#include "testcalc.h"
#include "testworld.h"
#include "world/vision.h"

/* ---- cover on a map ------------------------------------------------ */

static void test_cover_target_stands_in_it(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......T", ".......%", "........"));
	assert_int_equal(combat_cover(w, 0, 0, 7, 0), COVER_SOFT);
	assert_int_equal(combat_cover(w, 0, 1, 7, 1), COVER_HALF);
	assert_int_equal(combat_cover(w, 0, 2, 7, 2), COVER_NONE);
}

static void test_cover_cell_on_the_line_next_to_target(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("......%.", "......T.", "........"));
	assert_int_equal(combat_cover(w, 0, 0, 7, 0), COVER_HALF);
	assert_int_equal(combat_cover(w, 0, 1, 7, 1), COVER_SOFT);
	/* From the other side the same cells are next to the shooter. */
	assert_int_equal(combat_cover(w, 7, 0, 0, 0), COVER_NONE);
}

/* Cover must touch the target: a wall further out gives none. */
static void test_cover_must_be_adjacent_to_target(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".....%..", ".%......"));
	assert_int_equal(combat_cover(w, 0, 0, 7, 0), COVER_NONE);
	assert_int_equal(combat_cover(w, 0, 1, 7, 1), COVER_NONE);
}

/* A wall next to the target but off the line gives none. */
static void test_cover_off_the_line_gives_none(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("......%.", "........", "......%."));
	assert_int_equal(combat_cover(w, 0, 1, 7, 1), COVER_NONE);
}

/* Only the best cover counts. */
static void test_cover_best_only(void **state)
{
	struct world *w = *state;
	/* Target in woods behind a low wall: half, not half + soft. */
	tw_init(w, TW_ROWS("......%T", "......T%", "......%%"));
	assert_int_equal(combat_cover(w, 0, 0, 7, 0), COVER_HALF);
	assert_int_equal(combat_cover(w, 0, 1, 7, 1), COVER_HALF);
	map_cell(&w->map, 6, 2)->t.cover = COVER_HEAVY;
	assert_int_equal(combat_cover(w, 0, 2, 7, 2), COVER_HEAVY);
	/* And one term in the breakdown. */
	int a = tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 7, 0, DIR_W);
	struct attack_situation s;
	combat_ranged_situation(w, a, tw_weapon(w, a, "longbow"), 7, 0, b,
				&s);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 17, {"AV", 9}, {"DV", 6}, {"half wall cover", 2});
}

/* A diagonal shot passes a corner next to the target: a wall beside that
 * corner covers the target. */
static void test_cover_beside_the_last_corner(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".....", ".....", ".....", "....%", "....."));
	assert_int_equal(combat_cover(w, 0, 0, 4, 4), COVER_HALF);
}

/* A defender on a wall walk behind a parapet, shot from the ground. */
static void test_cover_parapet_covers_wall_walk(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("......=_."));
	int a = tw_add_unit(w, "crossbowman", TW_RED, 0, 0, DIR_E);
	int d = tw_add_unit(w, "archer", TW_BLUE, 7, 0, DIR_W);
	assert_false(vision_line_blocked(w, 0, 0, 7, 0));
	struct attack_situation s;
	combat_ranged_situation(w, a, tw_weapon(w, a, "crossbow"), 7, 0, d,
				&s);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 13, {"AV", 7}, {"DV", 4}, {"half wall cover", 2});
}

/* ---- the situation of a ranged attack ----------------------------- */

static void test_ranged_situation_range_and_large_target(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("..............."));
	int a = tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	int c = tw_add_unit(w, "catapult", TW_BLUE, 12, 0, DIR_W);
	struct attack_situation s;
	combat_ranged_situation(w, a, 0, 12, 0, c, &s);
	assert_false(s.over_half); /* exactly half of 24 */
	assert_true(s.large_target);
	assert_int_equal(s.dv, 10);
	world_place(w, c, 13, 0);
	combat_ranged_situation(w, a, 0, 13, 0, c, &s);
	assert_true(s.over_half);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 19, {"AV", 9}, {"DV", 10}, {"over half range", 2},
		    {"large target", -2});
}

/* A siege weapon at a door: the door's DV from the legend, no unit. */
static void test_ranged_situation_at_a_structure(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("..............+"));
	struct cell *door = map_cell(&w->map, 14, 0);
	door->t.dv = 12;
	door->t.hits = door->hits_left = 3;
	int c = tw_add_unit(w, "catapult", TW_RED, 0, 0, DIR_E);
	struct attack_situation s;
	combat_ranged_situation(w, c, 0, 14, 0, -1, &s);
	assert_int_equal(s.av, 10);
	assert_int_equal(s.dv, 12);
	assert_true(s.ranged);
	assert_false(s.large_target);
	assert_int_equal(s.cover, COVER_NONE);
	assert_false(s.over_half); /* 14 <= 18 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_cover_target_stands_in_it),
		TW_TEST(test_cover_cell_on_the_line_next_to_target),
		TW_TEST(test_cover_must_be_adjacent_to_target),
		TW_TEST(test_cover_off_the_line_gives_none),
		TW_TEST(test_cover_best_only),
		TW_TEST(test_cover_beside_the_last_corner),
		TW_TEST(test_cover_parapet_covers_wall_walk),
		TW_TEST(test_ranged_situation_range_and_large_target),
		TW_TEST(test_ranged_situation_at_a_structure),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
