/* test_check.c: what check refuses in a scenario that loads (goals,
 * ladders, symbols: data/scenario_lint.h), each at its line and column,
 * and check --reach's answer for each goal; every shipped scenario
 * passes both. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "data/scenario_lint.h"
#include "data/scenario_load.h"

static char *data_path(const char *rel)
{
	const char *top = getenv("abs_top_srcdir");
	return xasprintf("%s/%s", top ? top : ".", rel);
}

static void load(const char *rel, struct scenario *sc)
{
	char *path = data_path(rel), *err = NULL;
	if (scenario_load(path, sc, &err) != 0)
		fail_msg("%s", err);
	free(path);
}

/* The one finding about tests/data/NAME must be "PATH:WHERE: msg". */
static void refused(const char *name, const char *where, const char *msg,
		    bool reach)
{
	char *rel = xasprintf("tests/data/%s", name);
	struct scenario sc;
	load(rel, &sc);
	struct lint l = {0};
	struct strbuf report;
	strbuf_init(&report);
	int n = reach ? scenario_lint_reach(&sc, &report, &l)
		      : scenario_lint(&sc, &l);
	assert_int_equal(n, 1);
	assert_int_equal(l.n, 1);
	char *want = xasprintf("%s:%s: %s", sc.path, where, msg);
	assert_string_equal(l.msgs[0], want);
	free(want);
	free(rel);
	lint_free(&l);
	strbuf_free(&report);
	scenario_free(&sc);
}

static void test_survive_longer_than_the_battle(void **state)
{
	(void)state;
	refused("check-survive.yaml", "22:41",
		"Blue's survive goal of 6 rounds is longer than the "
		"scenario's round limit (rounds: 5): it can never be met",
		false);
}

static void test_hold_longer_than_the_battle(void **state)
{
	(void)state;
	refused("check-hold.yaml", "21:61",
		"Red's hold goal of 7 rounds is longer than the scenario's "
		"round limit (rounds: 5): it can never be met",
		false);
}

static void test_destroy_own_unit(void **state)
{
	(void)state;
	refused("check-own-unit.yaml", "21:38",
		"Red's destroy goal names its own unit r1", false);
}

static void test_destroy_own_door(void **state)
{
	(void)state;
	refused("check-own-door.yaml", "24:37",
		"Blue's destroy goal names the door at 7,2, which Blue itself "
		"locked (locked_by: Blue)",
		false);
}

static void test_area_of_walls(void **state)
{
	(void)state;
	refused("check-area.yaml", "21:35",
		"no cell of Red's hold area 0,0-7,0 can be entered by its "
		"units (impassable, or closed to their class)",
		false);
}

static void test_area_closed_to_horsemen(void **state)
{
	(void)state;
	refused("check-area-mounted.yaml", "21:37",
		"no cell of Red's escape area 6,4-7,4 can be entered by its "
		"units (impassable, or closed to their class)",
		false);
}

static void test_ladder_to_nowhere(void **state)
{
	(void)state;
	refused("check-ladder.yaml", "10:5",
		"the ladder at 2,4 has no higher neighbour to climb to", false);
}

static void test_unit_letter_is_a_terrain_symbol(void **state)
{
	(void)state;
	refused("check-symbol.yaml", "6:3",
		"symbol 'K' is also the letter of unit type foot_knight: the "
		"map could not tell them apart",
		false);
}

static void test_reach_refuses_a_goal_nobody_reaches(void **state)
{
	(void)state;
	refused("check-unreachable.yaml", "23:5",
		"Red hold 1,1-6,2: no unit of Red can get there: r1 "
		"(foot_knight): the door at 4,3 is locked (Blue)",
		true);
}

static void test_reach_answers_each_goal(void **state)
{
	(void)state;
	struct scenario sc;
	load("tests/data/check-reach.yaml", &sc);
	struct lint l = {0};
	struct strbuf report;
	strbuf_init(&report);
	assert_int_equal(scenario_lint(&sc, &l), 0);
	assert_int_equal(scenario_lint_reach(&sc, &report, &l), 0);
	/* The ram turns about (4 inches) and goes 5 along the wall to stand
	 * beside the breachable wall at 0,3: 9 inches, 3 inches a turn. */
	assert_string_equal(report.s,
			    "Red hold 1,1-6,2: r1 (foot_knight) in 2 turns, 7 inches\n"
			    "Red escape 0,4-0,4: r1 (foot_knight) in 1 turn, 1 inch\n"
			    "Red destroy 0,3: r2 (battering_ram) in 3 turns, 9 inches\n"
			    "Red destroy b1: not a place\n"
			    "Blue survive: not a place\n");
	strbuf_free(&report);
	lint_free(&l);
	scenario_free(&sc);
}

static void test_shipped_scenarios_pass(void **state)
{
	(void)state;
	static const char *const maps[] = {
		"ambush", "bridge", "chapel", "escalade", "gatehouse", "tutorial",
	};
	for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++) {
		char *rel = xasprintf("maps/%s.yaml", maps[i]);
		struct scenario sc;
		load(rel, &sc);
		struct lint l = {0};
		struct strbuf report;
		strbuf_init(&report);
		scenario_lint(&sc, &l);
		scenario_lint_reach(&sc, &report, &l);
		if (l.n)
			fail_msg("%s", l.msgs[0]);
		assert_int_equal(strstr(report.s, "never") == NULL, 1);
		strbuf_free(&report);
		lint_free(&l);
		scenario_free(&sc);
		free(rel);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_survive_longer_than_the_battle),
		cmocka_unit_test(test_hold_longer_than_the_battle),
		cmocka_unit_test(test_destroy_own_unit),
		cmocka_unit_test(test_destroy_own_door),
		cmocka_unit_test(test_area_of_walls),
		cmocka_unit_test(test_area_closed_to_horsemen),
		cmocka_unit_test(test_ladder_to_nowhere),
		cmocka_unit_test(test_unit_letter_is_a_terrain_symbol),
		cmocka_unit_test(test_reach_refuses_a_goal_nobody_reaches),
		cmocka_unit_test(test_reach_answers_each_goal),
		cmocka_unit_test(test_shipped_scenarios_pass),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
