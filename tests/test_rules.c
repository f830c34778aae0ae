/* test_rules.c: target numbers and the chart (SPEC 4), engagement and
 * movement (SPEC 5). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "rules/combat.h"
#include "rules/engage.h"
#include "rules/move.h"
#include "testworld.h"
#include "world/vision.h"

/* ---- helpers ------------------------------------------------------- */

#define TERMS(...) ((const struct term[]){__VA_ARGS__})
#define NTERMS(...) ((int)(sizeof TERMS(__VA_ARGS__) / sizeof(struct term)))
/* The target number and every term, by name and value, in order. */
#define ASSERT_CALC(calc, need, ...) \
	assert_calc((calc), (need), TERMS(__VA_ARGS__), NTERMS(__VA_ARGS__))

static void assert_calc(const struct attack_calc *a, int need,
			const struct term *want, int n)
{
	assert_int_equal(a->need, need);
	assert_int_equal(a->nterms, n);
	for (int i = 0; i < n; i++) {
		assert_string_equal(a->terms[i].name, want[i].name);
		assert_int_equal(a->terms[i].value, want[i].value);
	}
}

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

static struct attack_calc compute(const struct attack_situation *s)
{
	struct chart c = chart_default();
	struct attack_calc a;
	memset(&a, 0x5a, sizeof a); /* compute must set every field it uses */
	combat_compute(&c, s, &a);
	return a;
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

/* ---- ladders: contact and the ladder modifier --------------------- */

static const char *const ladder_map[] = {"____", "=H==", "....", NULL};

static void test_melee_situation_on_a_ladder(void **state)
{
	struct world *w = *state;
	tw_init(w, ladder_map);
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

/* ---- movement: one step ------------------------------------------- */

static int step(const struct world *w, int idx, enum dir d)
{
	const struct unit *u = &w->units[idx];
	char why[MOVE_WHY_LEN] = "";
	return move_step_cost(w, NULL, idx, u->x, u->y, u->facing, d, why);
}

/* The step's cost, or -1 with the reason in why. */
static int step_why(const struct world *w, int idx, enum dir d, char *why)
{
	const struct unit *u = &w->units[idx];
	why[0] = '\0';
	return move_step_cost(w, NULL, idx, u->x, u->y, u->facing, d, why);
}

static void assert_contains(const char *s, const char *part)
{
	if (!strstr(s, part))
		fail_msg("\"%s\" does not say \"%s\"", s, part);
}

static const char *const open5[] = {".....", ".....", ".....", ".....",
				    ".....", NULL};

/* In half-inches: 2 straight, 3 diagonal. */
static void test_step_orthogonal_2_diagonal_3(void **state)
{
	struct world *w = *state;
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 2, 2, DIR_N);
	for (int d = 0; d < DIR_COUNT; d++)
		assert_int_equal(step(w, u, (enum dir)d),
				 dir_diagonal((enum dir)d) ? 3 : 2);
}

static void test_step_terrain_multiplies(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(",T%", "...", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_N), 4);  /* woods */
	assert_int_equal(step(w, u, DIR_NW), 6); /* rough */
	assert_int_equal(step(w, u, DIR_NE), 6); /* low wall */
	assert_int_equal(step(w, u, DIR_S), 2);
	/* Leaving rough ground costs what the next cell costs. */
	world_place(w, u, 0, 0);
	assert_int_equal(step(w, u, DIR_S), 2);
}

static void test_step_off_the_map(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("..", ".."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_N);
	assert_int_equal(step_why(w, u, DIR_N, why), -1);
	assert_contains(why, "off the map");
	assert_int_equal(step(w, u, DIR_W), -1);
	assert_int_equal(step(w, u, DIR_NW), -1);
	assert_int_equal(step(w, u, DIR_SE), 3);
}

static void test_step_impassable_terrain(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#~=", "...", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_NW), -1); /* wall */
	assert_int_equal(step(w, u, DIR_N), -1);  /* water */
	assert_int_equal(step(w, u, DIR_NE), -1); /* parapet */
}

/* No diagonal step between two impassable cells; one is fine. */
static void test_step_no_squeezing_diagonally(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".#.", "..#", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step_why(w, u, DIR_NE, why), -1);
	assert_contains(why, "squeez");
	tw_set_cell(w, 1, 0, '.');
	assert_int_equal(step(w, u, DIR_NE), 3);
	/* Closed doors and water are impassable sides too. */
	tw_set_cell(w, 1, 0, '+');
	tw_set_cell(w, 2, 1, '~');
	assert_int_equal(step(w, u, DIR_NE), -1);
	tw_set_cell(w, 1, 0, '\'');
	assert_int_equal(step(w, u, DIR_NE), 3);
}

/* Friends may be passed through, enemies never. */
static void test_step_friends_passable_enemies_not(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 2, 2, DIR_N);
	tw_add_unit(w, "archer", TW_RED, 2, 1, DIR_S);
	int e = tw_add_unit(w, "archer", TW_BLUE, 3, 2, DIR_W);
	assert_int_equal(step(w, u, DIR_N), 2);
	assert_int_equal(step_why(w, u, DIR_E, why), -1);
	assert_contains(why, "b1");
	world_remove(w, e, STATUS_DISABLED);
	assert_int_equal(step(w, u, DIR_E), 2);
}

static void test_step_doors(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("+'+", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_NW), -1); /* closed */
	assert_int_equal(step(w, u, DIR_N), 2);   /* open */
	map_cell(&w->map, 2, 0)->t.state = DOOR_LOCKED;
	assert_int_equal(step(w, u, DIR_NE), -1);
	/* Mounted units may use doors; machines may not. */
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 0, 1, DIR_N);
	assert_int_equal(step(w, m, DIR_NE), 3);
	world_remove(w, m, STATUS_ESCAPED);
	int c = tw_add_unit(w, "battering_ram", TW_RED, 0, 1, DIR_NE);
	assert_int_equal(step(w, c, DIR_NE), -1);
}

static void test_step_mounted_not_into_low_wall(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("%T,", "..."));
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 0, 1, DIR_N);
	assert_int_equal(step_why(w, m, DIR_N, why), -1);
	assert_contains(why, "mounted");
	assert_int_equal(step(w, m, DIR_NE), 6); /* woods are fine */
	int f = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, f, DIR_NW), 6); /* foot cross it */
}

static void test_step_machines_kept_out(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("%H^'", "....", "T,.."));
	int c = tw_add_unit(w, "catapult", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, c, DIR_NW), -1); /* low wall */
	assert_int_equal(step(w, c, DIR_N), -1);  /* ladder */
	assert_int_equal(step(w, c, DIR_NE), -1); /* stairs */
	/* Woods and rough are slow but open to machines. */
	w->units[c].facing = DIR_S;
	assert_int_equal(step(w, c, DIR_S), 4);      /* rough */
	assert_int_equal(step(w, c, DIR_SW), 6 + 2); /* woods, 1 turn */
}

/* A war machine pays 1 inch per 45 degrees turned, before stepping. */
static void test_step_machines_pay_for_turning(void **state)
{
	struct world *w = *state;
	tw_init(w, open5);
	int c = tw_add_unit(w, "catapult", TW_RED, 2, 2, DIR_N);
	assert_int_equal(step(w, c, DIR_N), 2);
	assert_int_equal(step(w, c, DIR_NE), 3 + 2);
	assert_int_equal(step(w, c, DIR_E), 2 + 4);
	assert_int_equal(step(w, c, DIR_SE), 3 + 6);
	assert_int_equal(step(w, c, DIR_S), 2 + 8);
	assert_int_equal(step(w, c, DIR_W), 2 + 4);
	assert_int_equal(move_turn_cost(w, c, DIR_N, DIR_S), 8);
	assert_int_equal(move_turn_cost(w, c, DIR_NW, DIR_NE), 4);
	/* Foot and mounted units turn for free. */
	int f = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_N);
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 4, 4, DIR_N);
	assert_int_equal(move_turn_cost(w, f, DIR_N, DIR_S), 0);
	assert_int_equal(move_turn_cost(w, m, DIR_N, DIR_S), 0);
	assert_int_equal(step(w, f, DIR_SE), 3);
}

/* Climbing a 4-inch ladder costs 8 inches (16 half-inches), up or down;
 * stepping onto the ladder at its foot is an ordinary step. */
static void test_step_ladder_climb_costs_double(void **state)
{
	struct world *w = *state;
	tw_init(w, ladder_map);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 2, DIR_N);
	assert_int_equal(step(w, u, DIR_N), 2);
	assert_false(move_is_ladder_climb(w, 1, 2, DIR_N));
	world_place(w, u, 1, 1);
	assert_int_equal(step(w, u, DIR_N), 16);
	assert_int_equal(step(w, u, DIR_NW), 16);
	assert_true(move_is_ladder_climb(w, 1, 1, DIR_N));
	world_place(w, u, 1, 0);
	assert_int_equal(step(w, u, DIR_S), 16);
	assert_true(move_is_ladder_climb(w, 1, 0, DIR_S));
	assert_false(move_is_ladder_climb(w, 1, 0, DIR_E));
}

static void test_step_ladder_cost_follows_height(void **state)
{
	struct world *w = *state;
	tw_init(w, ladder_map);
	for (int x = 0; x < 4; x++)
		tw_set_height(w, x, 0, 2);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_N), 8);
	tw_set_height(w, 1, 0, 6);
	assert_int_equal(step(w, u, DIR_N), 24);
}

/* Only foot units climb ladders. */
static void test_step_only_foot_climb(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, ladder_map);
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 1, 2, DIR_N);
	assert_int_equal(step(w, m, DIR_N), -1); /* not onto it */
	world_place(w, m, 1, 1);               /* nor up it */
	assert_int_equal(step_why(w, m, DIR_N, why), -1);
	assert_contains(why, "only foot units climb ladders");
	world_place(w, m, 1, 0); /* nor down it */
	assert_int_equal(step(w, m, DIR_S), -1);
	int c = tw_add_unit(w, "catapult", TW_RED, 1, 2, DIR_N);
	assert_int_equal(step(w, c, DIR_N), -1);
}

/* Stairs: the step plus the height climbed or descended. */
static void test_step_stairs_cost(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".^_", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	assert_int_equal(step(w, u, DIR_E), 2 + 4); /* up 2 inches */
	world_place(w, u, 1, 0);
	assert_int_equal(step(w, u, DIR_E), 2 + 4); /* up 2 more */
	assert_int_equal(step(w, u, DIR_W), 2 + 4); /* down 2 */
	assert_int_equal(step(w, u, DIR_SW), 3 + 4);
	world_place(w, u, 2, 0);
	assert_int_equal(step(w, u, DIR_W), 2 + 4);
	world_place(w, u, 0, 1);
	assert_int_equal(step(w, u, DIR_NE), 3 + 4);
	/* Mounted units may use stairs. */
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, m, DIR_N), 2 + 4);
}

/* Without a ladder or stairs, no step changes height. */
static void test_step_height_change_needs_ladder_or_stairs(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("__.", "__."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 2, 0, DIR_W);
	assert_int_equal(step_why(w, u, DIR_W, why), -1);
	assert_contains(why, "ladder or stairs");
	assert_int_equal(step(w, u, DIR_SW), -1);
	world_place(w, u, 1, 0);
	assert_int_equal(step(w, u, DIR_E), -1);
	assert_int_equal(step(w, u, DIR_W), 2); /* along the walk */
	tw_set_height(w, 0, 0, 6);
	assert_int_equal(step(w, u, DIR_W), -1); /* a higher walk */
}

/* ---- movement: the cheapest path ---------------------------------- */

#define MAX_PATH 64

/* Sum the step costs along a path from the unit's cell and facing. */
static int path_cost(const struct world *w, int idx, const enum dir *dirs,
		     int n)
{
	const struct unit *u = &w->units[idx];
	int x = u->x, y = u->y, total = 0;
	enum dir f = u->facing;
	char why[MOVE_WHY_LEN];
	for (int i = 0; i < n; i++) {
		int c = move_step_cost(w, NULL, idx, x, y, f, dirs[i], why);
		assert_true(c > 0);
		total += c;
		x += dir_dx[dirs[i]];
		y += dir_dy[dirs[i]];
		f = dirs[i];
	}
	return total;
}

static void assert_dirs(const enum dir *got, int n, const enum dir *want,
			int wn)
{
	assert_int_equal(n, wn);
	for (int i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("step %d: %s, want %s", i, dir_names[got[i]],
				 dir_names[want[i]]);
}

#define ASSERT_DIRS(got, n, ...)                                  \
	assert_dirs((got), (n), (const enum dir[]){__VA_ARGS__},  \
		    (int)(sizeof((const enum dir[]){__VA_ARGS__}) / \
			  sizeof(enum dir)))

static void test_path_goes_round_rough_ground(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".....", ".,,,.", ",,,,,"));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	int n = move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why);
	/* Straight through costs 4+4+4+2 = 14; round the top 3+2+2+3. */
	assert_int_equal(cost, 10);
	ASSERT_DIRS(dirs, n, DIR_NE, DIR_E, DIR_E, DIR_SE);
	assert_int_equal(path_cost(w, u, dirs, n), cost);
}

/* Entering rough ground diagonally costs 6, straight 4: the cheapest
 * path into it may come from a cell reached later in the search. */
static void test_path_enters_rough_ground_straight(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("....", "..,.", "...."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	int n = move_path(w, NULL, u, 2, 1, dirs, MAX_PATH, &cost, why);
	/* E then SE costs 2 + 6; SE then E costs 3 + 4. */
	assert_int_equal(cost, 7);
	ASSERT_DIRS(dirs, n, DIR_SE, DIR_E);
}

static void test_path_straight_line(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, open5);
	int u = tw_add_unit(w, "man_at_arms", TW_RED, 0, 0, DIR_N);
	int n = move_path(w, NULL, u, 3, 3, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 9);
	ASSERT_DIRS(dirs, n, DIR_SE, DIR_SE, DIR_SE);
	n = move_path(w, NULL, u, 0, 0, dirs, MAX_PATH, &cost, why);
	assert_int_equal(n, 0);
	assert_int_equal(cost, 0);
}

static void test_path_avoids_enemies(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".....", "....."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 2, 0, DIR_W);
	int n = move_path(w, NULL, u, 4, 0, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 10); /* 8 straight, but not through b1 */
	assert_int_equal(path_cost(w, u, dirs, n), 10);
	int x = 0, y = 0;
	for (int i = 0; i < n; i++) {
		x += dir_dx[dirs[i]];
		y += dir_dy[dirs[i]];
		assert_false(x == 2 && y == 0);
	}
	assert_true(x == 4 && y == 0);
}

static void test_path_blocked_by_enemy_in_corridor(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN] = "";
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 2, 1, DIR_W);
	assert_int_equal(move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why),
			 -1);
	assert_contains(why, "no path");
}

static void test_path_passes_through_friends(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	tw_add_unit(w, "archer", TW_RED, 2, 1, DIR_W);
	int n = move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 8);
	ASSERT_DIRS(dirs, n, DIR_E, DIR_E, DIR_E, DIR_E);
}

static void test_path_does_not_end_on_a_unit(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN] = "";
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "archer", TW_RED, 2, 0, DIR_W);
	tw_add_unit(w, "archer", TW_BLUE, 4, 4, DIR_W);
	assert_int_equal(move_path(w, NULL, u, 2, 0, dirs, MAX_PATH, &cost, why),
			 -1);
	assert_contains(why, "r2");
	assert_int_equal(move_path(w, NULL, u, 4, 4, dirs, MAX_PATH, &cost, why),
			 -1);
	assert_contains(why, "b1");
}

/* A machine's path counts its turns: facing north, going east costs
 * 2 inches of turning plus the steps. */
static void test_path_machine_pays_for_turning(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, open5);
	int c = tw_add_unit(w, "catapult", TW_RED, 0, 2, DIR_N);
	int n = move_path(w, NULL, c, 2, 2, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 4 + 2 + 2);
	ASSERT_DIRS(dirs, n, DIR_E, DIR_E);
	w->units[c].facing = DIR_E;
	n = move_path(w, NULL, c, 2, 2, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 4);
}

/* Turns and rough ground together: straight on through the rough costs
 * 4, then a turn and a diagonal 2 + 3, then a turn back 2 + 2 = 13; turning
 * first costs 2 + 3, then 2 + 2, then 2 = 11. */
static void test_path_machine_turns_round_rough_ground(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".....", ".,,..", "....."));
	int c = tw_add_unit(w, "catapult", TW_RED, 0, 1, DIR_E);
	int n = move_path(w, NULL, c, 3, 2, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 11);
	ASSERT_DIRS(dirs, n, DIR_SE, DIR_E, DIR_E);
	assert_int_equal(path_cost(w, c, dirs, n), 11);
}

static void test_path_up_a_ladder(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, ladder_map);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 2, DIR_N);
	int n = move_path(w, NULL, u, 1, 0, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 2 + 16);
	ASSERT_DIRS(dirs, n, DIR_N, DIR_N);
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 3, 2, DIR_N);
	assert_int_equal(move_path(w, NULL, m, 3, 0, dirs, MAX_PATH, &cost, why),
			 -1);
}

static void test_path_not_through_closed_doors(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("..#..", "..+..", "..#.."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	assert_int_equal(move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why),
			 -1);
	map_cell(&w->map, 2, 1)->t.state = DOOR_OPEN;
	int n = move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 8);
	ASSERT_DIRS(dirs, n, DIR_E, DIR_E, DIR_E, DIR_E);
}

static void test_path_longer_than_max(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN] = "";
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	assert_int_equal(move_path(w, NULL, u, 4, 0, dirs, 3, &cost, why), -1);
	assert_contains(why, "too long");
	assert_int_equal(move_path(w, NULL, u, 4, 0, dirs, 4, &cost, why), 4);
}

static void test_move_inches(void **state)
{
	(void)state;
	char buf[16];
	assert_string_equal(move_inches(0, buf), "0");
	assert_string_equal(move_inches(1, buf), "0.5");
	assert_string_equal(move_inches(3, buf), "1.5");
	assert_string_equal(move_inches(4, buf), "2");
	assert_string_equal(move_inches(16, buf), "8");
	assert_string_equal(move_inches(25, buf), "12.5");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		/* combat */
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
		TW_TEST(test_cover_target_stands_in_it),
		TW_TEST(test_cover_cell_on_the_line_next_to_target),
		TW_TEST(test_cover_must_be_adjacent_to_target),
		TW_TEST(test_cover_off_the_line_gives_none),
		TW_TEST(test_cover_best_only),
		TW_TEST(test_cover_beside_the_last_corner),
		TW_TEST(test_cover_parapet_covers_wall_walk),
		TW_TEST(test_ranged_situation_range_and_large_target),
		TW_TEST(test_ranged_situation_at_a_structure),
		TW_TEST(test_melee_situation_from_behind),
		TW_TEST(test_melee_situation_target_facing_override),
		TW_TEST(test_melee_situation_outnumbered),
		TW_TEST(test_melee_situation_on_a_ladder),
		/* engage */
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
		/* move */
		TW_TEST(test_step_orthogonal_2_diagonal_3),
		TW_TEST(test_step_terrain_multiplies),
		TW_TEST(test_step_off_the_map),
		TW_TEST(test_step_impassable_terrain),
		TW_TEST(test_step_no_squeezing_diagonally),
		TW_TEST(test_step_friends_passable_enemies_not),
		TW_TEST(test_step_doors),
		TW_TEST(test_step_mounted_not_into_low_wall),
		TW_TEST(test_step_machines_kept_out),
		TW_TEST(test_step_machines_pay_for_turning),
		TW_TEST(test_step_ladder_climb_costs_double),
		TW_TEST(test_step_ladder_cost_follows_height),
		TW_TEST(test_step_only_foot_climb),
		TW_TEST(test_step_stairs_cost),
		TW_TEST(test_step_height_change_needs_ladder_or_stairs),
		TW_TEST(test_path_goes_round_rough_ground),
		TW_TEST(test_path_enters_rough_ground_straight),
		TW_TEST(test_path_straight_line),
		TW_TEST(test_path_avoids_enemies),
		TW_TEST(test_path_blocked_by_enemy_in_corridor),
		TW_TEST(test_path_passes_through_friends),
		TW_TEST(test_path_does_not_end_on_a_unit),
		TW_TEST(test_path_machine_pays_for_turning),
		TW_TEST(test_path_machine_turns_round_rough_ground),
		TW_TEST(test_path_up_a_ladder),
		TW_TEST(test_path_not_through_closed_doors),
		TW_TEST(test_path_longer_than_max),
		cmocka_unit_test(test_move_inches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
