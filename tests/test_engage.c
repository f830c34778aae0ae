/* test_engage.c: engagement (SPEC 5): base contact, reach weapons,
 * heights, and which weapon a unit fights with. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "rules/engage.h"
#include "testworld.h"

/* ---- engagement ---------------------------------------------------- */

static void test_contact_neighbours_only(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".....", ".....", "....."));
	int a = tw_add_unit(w, "foot_knight", TW_RED, 2, 1, DIR_E);
	int b = tw_add_unit(w, "man_at_arms", TW_BLUE, 3, 2, DIR_W);
	assert_true(engage_contact(w, a, b));
	assert_true(engage_contact(w, b, a));
	world_place(w, b, 4, 1);
	assert_false(engage_contact(w, a, b));
	world_place(w, b, 4, 2);
	assert_false(engage_contact(w, a, b));
}

static void test_contact_needs_living_units(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("...."));
	int a = tw_add_unit(w, "foot_knight", TW_RED, 1, 0, DIR_E);
	int b = tw_add_unit(w, "man_at_arms", TW_BLUE, 2, 0, DIR_W);
	world_remove(w, b, STATUS_DISABLED);
	assert_false(engage_contact(w, a, b));
	assert_false(engage_in_melee(w, a, b));
	assert_false(engage_engaged(w, a));
}

/* A wall walk and the ground at its foot are not in contact; a ladder or
 * stairs joins the heights. */
static void test_contact_across_heights(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("__..", "H^.."));
	int d = tw_add_unit(w, "man_at_arms", TW_BLUE, 1, 0, DIR_S);
	int a = tw_add_unit(w, "foot_knight", TW_RED, 2, 0, DIR_W);
	assert_false(engage_contact(w, a, d)); /* ground beside the walk */
	assert_false(engage_in_melee(w, a, d));
	world_place(w, a, 0, 1); /* on the ladder */
	assert_true(engage_contact(w, a, d));
	assert_true(engage_in_melee(w, a, d));
	world_place(w, a, 1, 1); /* on the stairs */
	assert_true(engage_contact(w, a, d));
	world_place(w, a, 2, 1); /* ground, diagonal to the walk */
	assert_false(engage_contact(w, a, d));
}

/* A bill reaches 2 inches along a clear line; its victim, without reach,
 * cannot strike back, but both are in melee. */
static void test_reach_weapon_two_inches(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".....", ".....", "....."));
	int b = tw_add_unit(w, "billman", TW_RED, 0, 1, DIR_E);
	int a = tw_add_unit(w, "archer", TW_BLUE, 2, 1, DIR_W);
	assert_false(engage_contact(w, b, a));
	assert_int_equal(engage_weapon(w, b, a), tw_weapon(w, b, "bill"));
	assert_int_equal(engage_weapon(w, a, b), -1);
	assert_true(engage_in_melee(w, b, a));
	assert_true(engage_in_melee(w, a, b));
	assert_true(engage_engaged(w, a));
	assert_true(engage_engaged(w, b));
	/* sqrt(5) is beyond 2 inches. */
	world_place(w, a, 2, 2);
	assert_int_equal(engage_weapon(w, b, a), -1);
	assert_false(engage_engaged(w, a));
	/* In contact the bill is used too. */
	world_place(w, a, 1, 2);
	assert_int_equal(engage_weapon(w, b, a), tw_weapon(w, b, "bill"));
	assert_int_equal(engage_weapon(w, a, b), tw_weapon(w, a, "dagger"));
}

static void test_reach_needs_a_clear_line(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".#.", ".+.", ".'.", "..."));
	int b = tw_add_unit(w, "billman", TW_RED, 0, 0, DIR_E);
	int a = tw_add_unit(w, "archer", TW_BLUE, 2, 0, DIR_W);
	assert_int_equal(engage_weapon(w, b, a), -1); /* wall */
	assert_false(engage_in_melee(w, b, a));
	world_place(w, b, 0, 1);
	world_place(w, a, 2, 1);
	assert_int_equal(engage_weapon(w, b, a), -1); /* closed door */
	world_place(w, b, 0, 2);
	world_place(w, a, 2, 2);
	assert_int_equal(engage_weapon(w, b, a), 0); /* open door */
	/* A unit between, within 4 inches, blocks the line (SPEC 2.1). */
	world_place(w, b, 0, 3);
	world_place(w, a, 2, 3);
	assert_int_equal(engage_weapon(w, b, a), 0);
	tw_add_unit(w, "peasant_levy", TW_RED, 1, 3, DIR_E);
	assert_int_equal(engage_weapon(w, b, a), -1);
}

/* Reach counts height: a bill cannot reach up a 4-inch wall. */
static void test_reach_across_heights(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("___", ".._"));
	int b = tw_add_unit(w, "billman", TW_RED, 1, 1, DIR_E);
	int a = tw_add_unit(w, "archer", TW_BLUE, 2, 1, DIR_W);
	assert_false(engage_contact(w, b, a));
	assert_int_equal(engage_weapon(w, b, a), -1);
	/* On the walk with it, 2 inches away: reached. */
	world_place(w, b, 0, 0);
	world_place(w, a, 2, 0);
	assert_int_equal(engage_weapon(w, b, a), 0);
}

static void test_engage_weapon_choice(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....", "....", "...."));
	int t = tw_add_unit(w, "foot_knight", TW_BLUE, 1, 1, DIR_E);
	int a = tw_add_unit(w, "archer", TW_RED, 2, 1, DIR_W);
	int sp = tw_add_unit(w, "spearman", TW_RED, 0, 1, DIR_E);
	int sl = tw_add_unit(w, "slinger", TW_RED, 1, 0, DIR_S);
	int c = tw_add_unit(w, "catapult", TW_RED, 1, 2, DIR_N);
	assert_int_equal(engage_weapon(w, a, t), tw_weapon(w, a, "dagger"));
	assert_int_equal(engage_weapon(w, sp, t), tw_weapon(w, sp, "spear"));
	assert_int_equal(engage_weapon(w, sl, t), -1); /* no melee weapon */
	assert_int_equal(engage_weapon(w, c, t), -1);
	assert_int_equal(engage_weapon(w, t, t), -1);
	/* The slinger is still engaged: the knight can strike it. */
	assert_true(engage_engaged(w, sl));
}

static void test_engaged_only_with_enemies(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....", "...."));
	int a = tw_add_unit(w, "foot_knight", TW_RED, 1, 0, DIR_E);
	int f = tw_add_unit(w, "archer", TW_RED, 2, 0, DIR_W);
	assert_false(engage_in_melee(w, a, f));
	assert_false(engage_engaged(w, a));
	assert_false(engage_engaged(w, f));
	int e = tw_add_unit(w, "man_at_arms", TW_BLUE, 2, 1, DIR_N);
	assert_true(engage_engaged(w, a));
	assert_true(engage_engaged(w, f));
	world_remove(w, e, STATUS_DISABLED);
	assert_false(engage_engaged(w, a));
}

/* Base contact with an enemy engages, whatever the weapons. */
static void test_contact_engages_without_melee_weapons(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....", "...."));
	int s = tw_add_unit(w, "slinger", TW_RED, 1, 0, DIR_E);
	int j = tw_add_unit(w, "javelineer", TW_BLUE, 2, 0, DIR_W);
	assert_true(engage_contact(w, s, j));
	assert_int_equal(engage_weapon(w, s, j), -1); /* nothing to strike */
	assert_true(engage_in_melee(w, s, j));
	assert_true(engage_engaged(w, s));
	assert_true(engage_engaged(w, j));
	/* The same against a war machine with only a siege weapon. */
	world_remove(w, j, STATUS_DISABLED);
	tw_add_unit(w, "catapult", TW_BLUE, 1, 1, DIR_N);
	assert_true(engage_engaged(w, s));
}

static void test_structure_and_first_melee_weapons(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....."));
	int r = tw_add_unit(w, "battering_ram", TW_RED, 0, 0, DIR_E);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 1, 0, DIR_E);
	int c = tw_add_unit(w, "catapult", TW_RED, 2, 0, DIR_E);
	int a = tw_add_unit(w, "archer", TW_RED, 3, 0, DIR_E);
	int s = tw_add_unit(w, "slinger", TW_RED, 4, 0, DIR_E);
	assert_int_equal(engage_structure_weapon(w, r), 0);
	assert_int_equal(engage_structure_weapon(w, k), -1);
	assert_int_equal(engage_structure_weapon(w, c), -1); /* ranged */
	assert_int_equal(engage_first_melee(world_type(w, &w->units[a])),
			 tw_weapon(w, a, "dagger"));
	assert_int_equal(engage_first_melee(world_type(w, &w->units[k])), 0);
	assert_int_equal(engage_first_melee(world_type(w, &w->units[s])), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_contact_neighbours_only),
		TW_TEST(test_contact_needs_living_units),
		TW_TEST(test_contact_across_heights),
		TW_TEST(test_reach_weapon_two_inches),
		TW_TEST(test_reach_needs_a_clear_line),
		TW_TEST(test_reach_across_heights),
		TW_TEST(test_engage_weapon_choice),
		TW_TEST(test_engaged_only_with_enemies),
		TW_TEST(test_structure_and_first_melee_weapons),
		TW_TEST(test_contact_engages_without_melee_weapons),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
