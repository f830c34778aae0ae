/* test_unitcover.c: a unit type's own cover (a pavise, a mantlet) and a
 * unit type with no weapons (SPEC 4): the roster reads both; against
 * missiles the target counts the better of its own cover and the
 * terrain's, as one term, in the game, the previews and `odds` alike;
 * melee ignores it; a unit without weapons never attacks, by command or
 * by the computer, and never holds up the end of a Melee step; check
 * refuses a goal of disabling units for a team that cannot attack. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "data/roster_load.h"
#include "data/scenario_lint.h"
#include "data/scenario_load.h"
#include "rules/engage.h"
#include "rules/odds.h"
#include "testcalc.h"
#include "testdata.h"
#include "testgame.h"
#include "testworld.h"

/* ---- the roster --------------------------------------------------------- */

static const struct unit_type *type_of(const struct roster *r, const char *id)
{
	int i = roster_find(r, id);
	assert_true(i >= 0);
	return &r->types[i];
}

static void test_roster_reads_cover_and_no_weapons(void **state)
{
	(void)state;
	char *path = tg_path("tests/data/pavise-roster.yaml"), *err = NULL;
	struct roster r;
	assert_int_equal(roster_load(path, &r, &err), 0);
	assert_int_equal(type_of(&r, "pavisier")->cover, COVER_HALF);
	assert_int_equal(type_of(&r, "pavisier")->nweapons, 2);
	/* No weapons key at all, and an empty list: both never attack. */
	assert_int_equal(type_of(&r, "mantlet")->cover, COVER_HEAVY);
	assert_int_equal(type_of(&r, "mantlet")->nweapons, 0);
	assert_int_equal(type_of(&r, "stakes")->nweapons, 0);
	assert_int_equal(type_of(&r, "stakes")->cover, COVER_NONE);
	assert_int_equal(type_of(&r, "archer")->cover, COVER_NONE);
	roster_free(&r);
	free(path);
}

#define UNIT_HEAD "units:\n  - id: mantlet\n    symbol: W\n    class: foot\n" \
		  "    move: 3\n    dv: 10\n"

static void test_roster_cover_errors(void **state)
{
	roster_fails(state, UNIT_HEAD "    cover: hlaf\n",
		     "7:12: unknown cover 'hlaf', expected one of none, soft, "
		     "half, heavy; did you mean 'half'?");
	roster_fails(state, UNIT_HEAD "    cover: [half]\n",
		     "7:12: expected one of none, soft, half, heavy, found "
		     "[half]");
	roster_fails(state, UNIT_HEAD "    weapons: {name: ram}\n",
		     "7:14: expected a sequence, found a mapping");
}

static void test_roster_weapons_null_or_empty(void **state)
{
	struct fixture *f = *state;
	const char *texts[] = {
		UNIT_HEAD,
		UNIT_HEAD "    weapons:\n",
		UNIT_HEAD "    weapons: []\n",
	};
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char *path = write_file(f, "ok.yaml", texts[i]), *err = NULL;
		struct roster r;
		assert_int_equal(roster_load(path, &r, &err), 0);
		assert_null(err);
		assert_int_equal(r.ntypes, 1);
		assert_int_equal(r.types[0].nweapons, 0);
		roster_free(&r);
		free(path);
	}
}

/* ---- the rules ---------------------------------------------------------- */

/* Give the roster type id its own cover. */
static void carry(struct world *w, const char *id, enum cover c)
{
	int t = roster_find(&w->roster, id);
	assert_true(t >= 0);
	w->roster.types[t].cover = c;
}

static struct attack_calc shot_at(struct world *w, int a, const char *weapon,
				  int t)
{
	struct attack_situation s;
	combat_ranged_situation(w, a, tw_weapon(w, a, weapon), w->units[t].x,
				w->units[t].y, t, &s);
	return compute(&s);
}

/* In the open its own cover is all it has. */
static void test_own_cover_in_the_open(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("........"));
	carry(w, "billman", COVER_HALF);
	int a = tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 7, 0, DIR_W);
	struct attack_calc c = shot_at(w, a, "longbow", b);
	ASSERT_CALC(&c, 17, {"AV", 9}, {"DV", 6}, {"half wall cover", 2});
	int cx, cy;
	bool own = false;
	assert_int_equal(combat_unit_cover(w, 0, 0, b, &cx, &cy, &own),
			 COVER_HALF);
	assert_true(own);
	assert_int_equal(cx, 7);
	assert_int_equal(cy, 0);
}

/* The better of the two counts, once: a pavise in woods is half, not
 * half and soft; soft cover of its own behind a low wall is the wall's
 * half. */
static void test_own_cover_best_of_the_two(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......T", "......%."));
	carry(w, "billman", COVER_HALF);
	carry(w, "spearman", COVER_SOFT);
	int a = tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 7, 0, DIR_W);
	int s = tw_add_unit(w, "spearman", TW_BLUE, 7, 1, DIR_W);
	struct attack_calc c = shot_at(w, a, "longbow", b);
	ASSERT_CALC(&c, 17, {"AV", 9}, {"DV", 6}, {"half wall cover", 2});
	c = shot_at(w, a, "longbow", s);
	ASSERT_CALC(&c, 16, {"AV", 9}, {"DV", 5}, {"half wall cover", 2});
	int cx, cy;
	bool own = true;
	assert_int_equal(combat_unit_cover(w, 0, 0, s, &cx, &cy, &own),
			 COVER_HALF);
	assert_false(own); /* a tie goes to the terrain */
	assert_int_equal(cx, 6);
	assert_int_equal(cy, 1);
	/* Heavy cover of its own beats the low wall's half. */
	carry(w, "spearman", COVER_HEAVY);
	c = shot_at(w, a, "longbow", s);
	ASSERT_CALC(&c, 18, {"AV", 9}, {"DV", 5}, {"heavy cover", 4});
	assert_int_equal(combat_unit_cover(w, 0, 0, s, &cx, &cy, &own),
			 COVER_HEAVY);
	assert_true(own);
}

/* Cover is against missiles: a blow ignores it. */
static void test_own_cover_not_in_melee(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("...."));
	carry(w, "billman", COVER_HEAVY);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 1, 0, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 2, 0, DIR_W);
	struct attack_situation s;
	combat_melee_situation(w, k, tw_weapon(w, k, "sword"), b, -1, &s);
	struct attack_calc c = compute(&s);
	ASSERT_CALC(&c, 12, {"AV", 6}, {"DV", 6});
}

static void test_odds_count_own_cover(void **state)
{
	(void)state;
	char *path = tg_path("tests/data/pavise-roster.yaml"), *err = NULL;
	struct roster r;
	assert_int_equal(roster_load(path, &r, &err), 0);
	int a = roster_find(&r, "archer"), p = roster_find(&r, "pavisier");
	int m = roster_find(&r, "mantlet");
	struct odds_query q = odds_query_default();
	char why[160];
	assert_int_equal(odds_parse_range("9", &q, why, sizeof why), 0);
	struct attack_calc c;
	assert_int_equal(odds_compute(&r, a, 0, p, &q, &c, why, sizeof why), 0);
	ASSERT_CALC(&c, 16, {"AV", 9}, {"DV", 5}, {"half wall cover", 2});
	/* --cover heavy is better than its own half. */
	q.cover = COVER_HEAVY;
	q.have_cover = true;
	assert_int_equal(odds_compute(&r, a, 0, p, &q, &c, why, sizeof why), 0);
	ASSERT_CALC(&c, 18, {"AV", 9}, {"DV", 5}, {"heavy cover", 4});
	/* No weapon to pick. */
	struct odds_answer ans[ODDS_MAX_ANSWERS];
	assert_int_equal(odds_answers(&r, m, p, &q, ans, why, sizeof why), -1);
	assert_string_equal(why, "mantlet has no weapons: it never attacks");
	roster_free(&r);
	free(path);
}

/* ---- the game ----------------------------------------------------------- */

static void run(struct game *g, const char *line)
{
	char why[CMD_WHY_LEN];
	if (cmd_execute(g, CMD_ANY_TEAM, line, why) != 0)
		fail_msg("'%s' refused: %s", line, why);
}

static void refused(struct game *g, const char *line, const char *want)
{
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, line, why), -1);
	assert_string_equal(why, want);
}

/* Red's knight fights the mantlet in Red's Melee; in Blue's the mantlet,
 * still in contact, cannot strike back, and Blue's Melee ends without
 * it. */
static void test_no_weapons_never_attacks(void **state)
{
	(void)state;
	struct game *g = tg_load("tests/data/pavise.yaml", 3);
	game_start(g);
	run(g, "end");
	run(g, "end");
	run(g, "fight r2 b2");
	run(g, "end");
	run(g, "end");
	refused(g, "shoot b2 r1", "b2 cannot shoot: it has no missile weapon");
	run(g, "end");
	assert_int_equal(g->step, STEP_MELEE);
	refused(g, "fight b2 r2", "b2 cannot fight: it has no weapons");
	refused(g, "fight b4 r2", "b4 cannot fight: it has no weapons");
	run(g, "end");
	assert_int_equal(g->round, 2);
	game_free(g);
}

/* Leaving the mantlet's contact draws no free attack: it has nothing to
 * strike with. */
static void test_no_weapons_no_free_attack(void **state)
{
	(void)state;
	struct game *g = tg_load("tests/data/pavise.yaml", 3);
	game_start(g);
	int r2 = world_find_unit(g->w, "r2"), b2 = world_find_unit(g->w, "b2");
	assert_true(engage_in_melee(g->w, r2, b2));
	uint64_t rolls = g->rolls;
	run(g, "move r2 w");
	assert_int_equal(g->w->units[r2].x, 3);
	assert_false(engage_in_melee(g->w, r2, b2));
	assert_true(g->rolls == rolls);
	game_free(g);
}

/* Whole games between computer players of both levels: no command of
 * theirs ever has a unit without weapons attack. */
static void test_computer_never_attacks_without_weapons(void **state)
{
	(void)state;
	for (int level = 0; level < AI_LEVEL_COUNT; level++)
		for (uint64_t seed = 1; seed <= 4; seed++) {
			struct game *g = tg_load("tests/data/pavise.yaml", seed);
			game_start(g);
			struct ai *ai[2] = {ai_new(g, 0, (enum ai_level)level),
					    ai_new(g, 1, (enum ai_level)level)};
			char line[AI_LINE_LEN], why[CMD_WHY_LEN];
			int attacks = 0;
			for (int n = 0; n < 2000 && !g->over; n++) {
				struct ai *a = ai[g->active];
				ai_next(a, g, line, sizeof line);
				if (!strncmp(line, "fight ", 6) ||
				    !strncmp(line, "shoot ", 6)) {
					attacks++;
					if (!strncmp(line + 6, "b2 ", 3) ||
					    !strncmp(line + 6, "b4 ", 3))
						fail_msg("%s (seed %llu)", line,
							 (unsigned long long)seed);
				}
				if (cmd_execute(g, g->active, line, why) != 0)
					ai_rejected(a);
			}
			assert_true(g->over);
			assert_true(attacks > 0); /* the others did fight */
			ai_free(ai[0]);
			ai_free(ai[1]);
			game_free(g);
		}
}

/* check: disabling units is no goal for a team that cannot attack. */
static void test_check_refuses_unarmed_goal(void **state)
{
	struct fixture *f = *state;
	char *roster = tg_path("tests/data/pavise-roster.yaml");
	char *text = xasprintf(
		"name: Unarmed\nroster: %s\nrounds: 3\ngrid: |\n  ......\n"
		"teams:\n"
		"  - name: Red\n    letter: r\n    units:\n"
		"      - {type: mantlet, at: [0, 0]}\n"
		"  - name: Blue\n    letter: b\n    units:\n"
		"      - {type: archer, at: [5, 0]}\n"
		"goals:\n"
		"  - {team: Red, kind: eliminate}\n"
		"  - {team: Red, kind: destroy, unit: b1}\n"
		"  - {team: Blue, kind: eliminate}\n",
		roster);
	char *path = write_file(f, "unarmed.yaml", text), *err = NULL;
	struct scenario sc;
	assert_int_equal(scenario_load(path, &sc, &err), 0);
	struct lint l = {0};
	assert_int_equal(scenario_lint(&sc, &l), 2);
	char *want = xasprintf("%s:16:23: Red's eliminate goal can never be "
			       "met: none of its units has a weapon",
			       path);
	assert_string_equal(l.msgs[0], want);
	free(want);
	want = xasprintf("%s:17:23: Red's destroy goal can never be met: "
			 "none of its units has a weapon",
			 path);
	assert_string_equal(l.msgs[1], want);
	free(want);
	lint_free(&l);
	scenario_free(&sc);
	free(path);
	free(text);
	free(roster);
}

int main(void)
{
	const struct CMUnitTest data[] = {
		cmocka_unit_test(test_roster_reads_cover_and_no_weapons),
		cmocka_unit_test(test_roster_cover_errors),
		cmocka_unit_test(test_roster_weapons_null_or_empty),
		cmocka_unit_test(test_check_refuses_unarmed_goal),
	};
	const struct CMUnitTest rules[] = {
		TW_TEST(test_own_cover_in_the_open),
		TW_TEST(test_own_cover_best_of_the_two),
		TW_TEST(test_own_cover_not_in_melee),
		cmocka_unit_test(test_odds_count_own_cover),
		cmocka_unit_test(test_no_weapons_never_attacks),
		cmocka_unit_test(test_no_weapons_no_free_attack),
		cmocka_unit_test(test_computer_never_attacks_without_weapons),
	};
	return cmocka_run_group_tests(data, td_setup, td_teardown) |
	       cmocka_run_group_tests(rules, NULL, NULL);
}
