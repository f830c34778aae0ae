/* test_combat.c: the target number (SPEC 4): the chart, the rules' worked
 * examples, each modifier, the chance of success, the breakdown's text and
 * the situation of a melee. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rules/combat.h"
#include "rules/engage.h"
#include "testcalc.h"
#include "testworld.h"
#include "world/vision.h"

/* ---- helpers ------------------------------------------------------- */

static void assert_chance(double got, double want)
{
	if (fabs(got - want) > 1e-9)
		fail_msg("chance %.6f, want %.6f", got, want);
}

static struct attack_situation melee(int av, int dv)
{
	return (struct attack_situation){.av = av, .dv = dv, .outnumber = 1};
}

static struct attack_situation missile(int av, int dv)
{
	return (struct attack_situation){
		.av = av, .dv = dv, .ranged = true, .outnumber = 1};
}

/* ---- the standard chart -------------------------------------------- */

static void test_standard_chart_values(void **state)
{
	(void)state;
	struct chart c = chart_default();
	assert_int_equal(c.half_cover, 2);
	assert_int_equal(c.heavy_cover, 4);
	assert_int_equal(c.soft_cover, 1);
	assert_int_equal(c.over_half_range, 2);
	assert_int_equal(c.outnumber, -1);
	assert_int_equal(c.outnumber_max, -3);
	assert_int_equal(c.behind, -2);
	assert_int_equal(c.ladder, 2);
	assert_int_equal(c.large_target, -2);
	assert_false(c.natural_20_hits);
	assert_int_equal(c.vision_range, 0);
}

/* ---- the rules' two worked examples ------------------------------- */

/* Combat Example 1: a Foot Knight (AV 6) attacks an Archer (DV 4): 10. */
static void test_example1_foot_knight_attacks_archer(void **state)
{
	(void)state;
	struct chart c = chart_default();
	struct attack_situation s = melee(6, 4);
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 10, {"AV", 6}, {"DV", 4});
	assert_chance(combat_chance(&c, a.need), 0.55);
	assert_false(combat_success(&c, a.need, 9));
	assert_true(combat_success(&c, a.need, 10));
}

/* The same example from units on a map: the archer faces the knight. */
static void test_example1_on_a_world(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....", "....", "...."));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_E);
	int a = tw_add_unit(w, "archer", TW_BLUE, 2, 1, DIR_W);
	int wi = engage_weapon(w, k, a);
	assert_int_equal(wi, tw_weapon(w, k, "sword"));
	struct attack_situation s;
	combat_melee_situation(w, k, wi, a, -1, &s);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 10, {"AV", 6}, {"DV", 4});
}

/* Combat Example 2: an Archer (AV 9) shoots a Billman (DV 6) 16 inches
 * away behind a half wall: 9 + 6 + 2 + 2 = 19. */
static void test_example2_archer_shoots_billman(void **state)
{
	(void)state;
	struct chart c = chart_default();
	struct attack_situation s = missile(9, 6);
	s.cover = COVER_HALF;
	s.over_half = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 19, {"AV", 9}, {"DV", 6}, {"half wall cover", 2},
		    {"over half range", 2});
	assert_chance(combat_chance(&c, a.need), 0.10);
	assert_false(combat_success(&c, a.need, 18));
	assert_true(combat_success(&c, a.need, 19));
}

/* Example 2 on a map: the code finds the half wall and the range. */
static void test_example2_on_a_world(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".................", "...............%.",
			    "................."));
	int a = tw_add_unit(w, "archer", TW_RED, 0, 1, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 16, 1, DIR_W);
	int bow = tw_weapon(w, a, "longbow");
	assert_false(vision_line_blocked(w, 0, 1, 16, 1));
	struct attack_situation s;
	combat_ranged_situation(w, a, bow, 16, 1, b, &s);
	assert_int_equal(s.av, 9);
	assert_int_equal(s.dv, 6);
	assert_true(s.ranged);
	assert_int_equal(s.cover, COVER_HALF);
	assert_true(s.over_half);
	assert_false(s.large_target);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 19, {"AV", 9}, {"DV", 6}, {"half wall cover", 2},
		    {"over half range", 2});
}

/* ---- each modifier of the chart ----------------------------------- */

static void test_cover_terms(void **state)
{
	(void)state;
	struct attack_situation s = missile(9, 6);
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 15, {"AV", 9}, {"DV", 6});
	s.cover = COVER_SOFT;
	a = compute(&s);
	ASSERT_CALC(&a, 16, {"AV", 9}, {"DV", 6}, {"soft cover", 1});
	s.cover = COVER_HALF;
	a = compute(&s);
	ASSERT_CALC(&a, 17, {"AV", 9}, {"DV", 6}, {"half wall cover", 2});
	s.cover = COVER_HEAVY;
	a = compute(&s);
	ASSERT_CALC(&a, 19, {"AV", 9}, {"DV", 6}, {"heavy cover", 4});
}

static void test_over_half_range_term(void **state)
{
	(void)state;
	struct attack_situation s = missile(7, 5);
	s.over_half = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 14, {"AV", 7}, {"DV", 5}, {"over half range", 2});
}

/* A missile at a war machine: Archer (9) at a Catapult (10) = 17. */
static void test_large_target_term(void **state)
{
	(void)state;
	struct attack_situation s = missile(9, 10);
	s.large_target = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 17, {"AV", 9}, {"DV", 10}, {"large target", -2});
}

static void test_outnumbered_terms(void **state)
{
	(void)state;
	struct attack_situation s = melee(6, 8);
	struct attack_calc a;
	s.outnumber = 1;
	a = compute(&s);
	ASSERT_CALC(&a, 14, {"AV", 6}, {"DV", 8});
	s.outnumber = 2;
	a = compute(&s);
	ASSERT_CALC(&a, 13, {"AV", 6}, {"DV", 8}, {"outnumbered", -1});
	s.outnumber = 3;
	a = compute(&s);
	ASSERT_CALC(&a, 12, {"AV", 6}, {"DV", 8}, {"outnumbered", -2});
	s.outnumber = 4;
	a = compute(&s);
	ASSERT_CALC(&a, 11, {"AV", 6}, {"DV", 8}, {"outnumbered", -3});
}

static void test_outnumbered_capped_at_minus_3(void **state)
{
	(void)state;
	struct attack_situation s = melee(6, 8);
	s.outnumber = 5;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 11, {"AV", 6}, {"DV", 8}, {"outnumbered", -3});
	s.outnumber = 9;
	a = compute(&s);
	ASSERT_CALC(&a, 11, {"AV", 6}, {"DV", 8}, {"outnumbered", -3});
}

static void test_from_behind_term(void **state)
{
	(void)state;
	struct attack_situation s = melee(6, 4);
	s.behind = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 8, {"AV", 6}, {"DV", 4}, {"from behind", -2});
}

static void test_on_a_ladder_term(void **state)
{
	(void)state;
	struct attack_situation s = melee(6, 6);
	s.on_ladder = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 14, {"AV", 6}, {"DV", 6}, {"on a ladder", 2});
}

/* All melee modifiers at once, in the chart's order. */
static void test_melee_terms_together(void **state)
{
	(void)state;
	struct attack_situation s = melee(5, 8);
	s.outnumber = 3;
	s.behind = true;
	s.on_ladder = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 11, {"AV", 5}, {"DV", 8}, {"outnumbered", -2},
		    {"from behind", -2}, {"on a ladder", 2});
}

/* Missile modifiers never apply to melee, nor melee ones to missiles. */
static void test_modifiers_apply_to_their_kind_only(void **state)
{
	(void)state;
	struct attack_situation s = melee(6, 4);
	s.cover = COVER_HEAVY;
	s.over_half = true;
	s.large_target = true;
	struct attack_calc a = compute(&s);
	ASSERT_CALC(&a, 10, {"AV", 6}, {"DV", 4});

	s = missile(9, 4);
	s.outnumber = 4;
	s.behind = true;
	s.on_ladder = true;
	a = compute(&s);
	ASSERT_CALC(&a, 13, {"AV", 9}, {"DV", 4});
}

/* The values come from the roster's chart, not from constants. */
static void test_chart_values_come_from_the_chart(void **state)
{
	(void)state;
	struct chart c = chart_default();
	c.half_cover = 3;
	c.over_half_range = 1;
	c.outnumber = -2;
	c.outnumber_max = -4;
	struct attack_calc a;
	struct attack_situation s = missile(9, 6);
	s.cover = COVER_HALF;
	s.over_half = true;
	combat_compute(&c, &s, &a);
	ASSERT_CALC(&a, 19, {"AV", 9}, {"DV", 6}, {"half wall cover", 3},
		    {"over half range", 1});
	s = melee(6, 8);
	s.outnumber = 2;
	combat_compute(&c, &s, &a);
	ASSERT_CALC(&a, 12, {"AV", 6}, {"DV", 8}, {"outnumbered", -2});
	s.outnumber = 4; /* -6, capped at -4 */
	combat_compute(&c, &s, &a);
	ASSERT_CALC(&a, 10, {"AV", 6}, {"DV", 8}, {"outnumbered", -4});
}

/* ---- chance and success ------------------------------------------- */

static void test_chance_values(void **state)
{
	(void)state;
	struct chart c = chart_default();
	assert_chance(combat_chance(&c, 2), 0.95);
	assert_chance(combat_chance(&c, 11), 0.50);
	assert_chance(combat_chance(&c, 20), 0.05);
}

static void test_chance_need_1_or_less_always_succeeds(void **state)
{
	(void)state;
	struct chart c = chart_default();
	assert_chance(combat_chance(&c, 1), 1.0);
	assert_chance(combat_chance(&c, 0), 1.0);
	assert_chance(combat_chance(&c, -4), 1.0);
	assert_true(combat_success(&c, 1, 1));
	assert_true(combat_success(&c, -4, 1));
}

static void test_chance_need_21_or_more_cannot_succeed(void **state)
{
	(void)state;
	struct chart c = chart_default();
	assert_chance(combat_chance(&c, 21), 0.0);
	assert_chance(combat_chance(&c, 27), 0.0);
	assert_false(combat_success(&c, 21, 20));
	assert_false(combat_success(&c, 27, 20));
}

static void test_natural_20_hits(void **state)
{
	(void)state;
	struct chart c = chart_default();
	c.natural_20_hits = true;
	assert_chance(combat_chance(&c, 21), 0.05);
	assert_chance(combat_chance(&c, 30), 0.05);
	assert_true(combat_success(&c, 21, 20));
	assert_true(combat_success(&c, 30, 20));
	assert_false(combat_success(&c, 21, 19));
	/* Below 21 it changes nothing. */
	assert_chance(combat_chance(&c, 19), 0.10);
	assert_false(combat_success(&c, 19, 18));
}

/* The odds shown and the rolls that succeed agree, for every need. */
static void test_chance_agrees_with_success(void **state)
{
	(void)state;
	for (int nat = 0; nat <= 1; nat++) {
		struct chart c = chart_default();
		c.natural_20_hits = nat;
		for (int need = -3; need <= 25; need++) {
			int hits = 0;
			for (int roll = 1; roll <= 20; roll++)
				hits += combat_success(&c, need, roll);
			assert_chance(combat_chance(&c, need), hits / 20.0);
		}
	}
}

/* ---- the breakdown's text ------------------------------------------ */

static void describe(const struct attack_situation *s, char *buf, int size)
{
	struct chart c = chart_default();
	struct attack_calc a = compute(s);
	combat_describe(&c, &a, buf, size);
}

static void test_describe_examples(void **state)
{
	(void)state;
	char buf[200];
	struct attack_situation s = melee(6, 4);
	describe(&s, buf, sizeof buf);
	assert_string_equal(buf, "need 10+ (55%): AV 6 + DV 4");
	s = missile(9, 6);
	s.cover = COVER_HALF;
	s.over_half = true;
	describe(&s, buf, sizeof buf);
	assert_string_equal(buf, "need 19+ (10%): AV 9 + DV 6 + half wall "
				 "cover 2 + over half range 2");
}

static void test_describe_negative_terms(void **state)
{
	(void)state;
	char buf[200];
	struct attack_situation s = melee(6, 4);
	s.outnumber = 2;
	s.behind = true;
	describe(&s, buf, sizeof buf);
	assert_string_equal(buf, "need 7+ (70%): AV 6 + DV 4 - outnumbered 1 "
				 "- from behind 2");
}

static void test_describe_hopeless_and_certain(void **state)
{
	(void)state;
	char buf[200];
	struct attack_situation s = missile(12, 12);
	describe(&s, buf, sizeof buf);
	assert_string_equal(buf, "need 24+ (0%): AV 12 + DV 12");
	s = melee(1, 0);
	describe(&s, buf, sizeof buf);
	assert_string_equal(buf, "need 1+ (100%): AV 1 + DV 0");
}

/* A short buffer gets a terminated prefix, never an overflow. */
static void test_describe_short_buffer(void **state)
{
	(void)state;
	char buf[16];
	memset(buf, 'x', sizeof buf);
	struct attack_situation s = missile(9, 6);
	s.cover = COVER_HALF;
	s.over_half = true;
	describe(&s, buf, 12);
	assert_string_equal(buf, "need 19+ (1");
	assert_int_equal(buf[12], 'x');
}

/* ---- the situation of a melee ------------------------------------- */

/* From behind = outside the target's 90-degree arc (sides included). */
static void test_melee_situation_from_behind(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("...", "...", "..."));
	int t = tw_add_unit(w, "archer", TW_BLUE, 1, 1, DIR_N);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 1, 0, DIR_S);
	struct attack_situation s;
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_false(s.behind); /* in front */
	world_place(w, k, 2, 0);
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_false(s.behind); /* front corner: exactly 45 degrees */
	world_place(w, k, 2, 1);
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_true(s.behind); /* the side is outside the arc */
	world_place(w, k, 1, 2);
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_true(s.behind);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 8, {"AV", 6}, {"DV", 4}, {"from behind", -2});
}

/* A unit turning away to leave is attacked as if it faced its step. */
static void test_melee_situation_target_facing_override(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("...", "...", "..."));
	int t = tw_add_unit(w, "archer", TW_BLUE, 1, 1, DIR_N);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 1, 0, DIR_S);
	struct attack_situation s;
	combat_melee_situation(w, k, 0, t, DIR_S, &s);
	assert_true(s.behind);
	combat_melee_situation(w, k, 0, t, DIR_NE, &s);
	assert_false(s.behind);
}

/* Outnumbered: every other living unit of the attacker's team engaged
 * with the target, whether by contact or reach, counts. */
static void test_melee_situation_outnumbered(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......", ".......", ".......", ".......",
			    ".......", "......."));
	int t = tw_add_unit(w, "billman", TW_BLUE, 3, 2, DIR_N);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 3, 1, DIR_S);
	struct attack_situation s;
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_int_equal(s.outnumber, 1);
	tw_add_unit(w, "man_at_arms", TW_RED, 2, 2, DIR_E); /* contact */
	tw_add_unit(w, "peasant_levy", TW_RED, 6, 5, DIR_N); /* far away */
	tw_add_unit(w, "archer", TW_BLUE, 4, 1, DIR_W); /* target's friend */
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_int_equal(s.outnumber, 2);
	/* Two inches behind the target: within reach of its bill. */
	tw_add_unit(w, "archer", TW_RED, 3, 4, DIR_N);
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_int_equal(s.outnumber, 3);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 10, {"AV", 6}, {"DV", 6}, {"outnumbered", -2});
	/* A disabled unit no longer counts. */
	int dead = tw_add_unit(w, "peasant_levy", TW_RED, 4, 3, DIR_N);
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_int_equal(s.outnumber, 4);
	world_remove(w, dead, STATUS_DISABLED);
	combat_melee_situation(w, k, 0, t, -1, &s);
	assert_int_equal(s.outnumber, 3);
}

/* ---- ladders: the ladder modifier --------------------------------- */

static void test_melee_situation_on_a_ladder(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_LADDER_ROWS);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	int d = tw_add_unit(w, "man_at_arms", TW_BLUE, 1, 0, DIR_S);
	assert_true(engage_contact(w, k, d));
	struct attack_situation s;
	combat_melee_situation(w, k, engage_weapon(w, k, d), d, -1, &s);
	assert_true(s.on_ladder);
	struct attack_calc calc = compute(&s);
	ASSERT_CALC(&calc, 14, {"AV", 6}, {"DV", 6}, {"on a ladder", 2});
	/* The defender on the walk is not on a ladder. */
	combat_melee_situation(w, d, engage_weapon(w, d, k), k, -1, &s);
	assert_false(s.on_ladder);
	calc = compute(&s);
	ASSERT_CALC(&calc, 15, {"AV", 7}, {"DV", 8});
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_standard_chart_values),
		cmocka_unit_test(test_example1_foot_knight_attacks_archer),
		TW_TEST(test_example1_on_a_world),
		cmocka_unit_test(test_example2_archer_shoots_billman),
		TW_TEST(test_example2_on_a_world),
		cmocka_unit_test(test_cover_terms),
		cmocka_unit_test(test_over_half_range_term),
		cmocka_unit_test(test_large_target_term),
		cmocka_unit_test(test_outnumbered_terms),
		cmocka_unit_test(test_outnumbered_capped_at_minus_3),
		cmocka_unit_test(test_from_behind_term),
		cmocka_unit_test(test_on_a_ladder_term),
		cmocka_unit_test(test_melee_terms_together),
		cmocka_unit_test(test_modifiers_apply_to_their_kind_only),
		cmocka_unit_test(test_chart_values_come_from_the_chart),
		cmocka_unit_test(test_chance_values),
		cmocka_unit_test(test_chance_need_1_or_less_always_succeeds),
		cmocka_unit_test(test_chance_need_21_or_more_cannot_succeed),
		cmocka_unit_test(test_natural_20_hits),
		cmocka_unit_test(test_chance_agrees_with_success),
		cmocka_unit_test(test_describe_examples),
		cmocka_unit_test(test_describe_negative_terms),
		cmocka_unit_test(test_describe_hopeless_and_certain),
		cmocka_unit_test(test_describe_short_buffer),
		TW_TEST(test_melee_situation_from_behind),
		TW_TEST(test_melee_situation_target_facing_override),
		TW_TEST(test_melee_situation_outnumbered),
		TW_TEST(test_melee_situation_on_a_ladder),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
