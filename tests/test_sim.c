/* test_sim.c: medsiege sim's figures: the Wilson score interval against
 * known values, and results added up into totals and printed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/sim.h"

static void test_wilson_known_values(void **state)
{
	(void)state;
	double lo, hi;
	/* 7 wins of 10: the textbook example. */
	sim_wilson(7, 10, &lo, &hi);
	assert_float_equal(lo, 0.3968, 0.0005);
	assert_float_equal(hi, 0.8922, 0.0005);
	/* None and all: the interval still has width, and stays in [0, 1]. */
	sim_wilson(0, 10, &lo, &hi);
	assert_float_equal(lo, 0.0, 1e-12);
	assert_float_equal(hi, 0.2775, 0.0005);
	sim_wilson(10, 10, &lo, &hi);
	assert_float_equal(lo, 0.7225, 0.0005);
	assert_float_equal(hi, 1.0, 1e-12);
	/* Half of 100. */
	sim_wilson(50, 100, &lo, &hi);
	assert_float_equal(lo, 0.4038, 0.0005);
	assert_float_equal(hi, 0.5962, 0.0005);
}

static void result(struct sim_result *r, uint64_t seed, int winner,
		   int rounds, int red_lost)
{
	memset(r, 0, sizeof *r);
	r->seed = seed;
	r->winner = winner;
	r->rounds = rounds;
	r->nteams = 2;
	strcpy(r->teams[0], "Red");
	strcpy(r->teams[1], "Blue, the");
	r->nkinds = 2;
	r->kinds = calloc(2, sizeof *r->kinds);
	r->kinds[0] = (struct sim_kind){.team = 0, .type = "archer",
					.name = "Archer", .fielded = 2,
					.disabled = red_lost};
	r->kinds[1] = (struct sim_kind){.team = 1, .type = "foot_knight",
					.name = "Foot Knight", .fielded = 1,
					.disabled = 1};
}

/* Print the totals with one of the report functions into a string. */
static char *print(void (*fn)(FILE *, const struct sim_totals *),
		   const struct sim_totals *t)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	fn(f, t);
	fclose(f);
	return s;
}

static void test_totals_and_reports(void **state)
{
	(void)state;
	struct sim_totals t;
	sim_totals_init(&t, 5);
	struct sim_result r;
	result(&r, 5, 0, 4, 1);
	sim_totals_add(&t, &r);
	sim_result_free(&r);
	result(&r, 6, -1, 6, 2);
	sim_totals_add(&t, &r);
	sim_result_free(&r);
	result(&r, 7, 1, 2, 0);
	sim_totals_add(&t, &r);
	sim_result_free(&r);
	assert_int_equal(t.games, 3);
	assert_int_equal(t.wins[0], 1);
	assert_int_equal(t.wins[1], 1);
	assert_int_equal(t.draws, 1);
	assert_int_equal(t.rounds_min, 2);
	assert_int_equal(t.rounds_max, 6);
	assert_int_equal(t.nkinds, 2);
	assert_int_equal(t.kinds[0].fielded, 6);
	assert_int_equal(t.kinds[0].disabled, 3);
	assert_int_equal(t.kinds[0].disabled_min, 0);
	assert_int_equal(t.kinds[0].disabled_max, 2);

	char *json = print(sim_report_json, &t);
	assert_string_equal(json,
		"{\"games\":3,\"first_seed\":5,\"wins\":{\"Red\":1,\"Blue, the\":1},"
		"\"draws\":1,\"rounds\":{\"mean\":4.00,\"min\":2,\"max\":6},"
		"\"last_seed\":7,\"teams\":["
		"{\"name\":\"Red\",\"wins\":1,\"win_rate\":0.3333,\"win_rate_ci95\":[0.0615,0.7923]},"
		"{\"name\":\"Blue, the\",\"wins\":1,\"win_rate\":0.3333,\"win_rate_ci95\":[0.0615,0.7923]}],"
		"\"draw_rate\":0.3333,\"draw_rate_ci95\":[0.0615,0.7923],"
		"\"casualties\":["
		"{\"team\":\"Red\",\"type\":\"archer\",\"name\":\"Archer\",\"fielded\":2,"
		"\"disabled_mean\":1.00,\"disabled_min\":0,\"disabled_max\":2,\"disabled_share\":0.5000},"
		"{\"team\":\"Blue, the\",\"type\":\"foot_knight\",\"name\":\"Foot Knight\",\"fielded\":1,"
		"\"disabled_mean\":1.00,\"disabled_min\":1,\"disabled_max\":1,\"disabled_share\":1.0000}]}\n");
	free(json);

	char *csv = print(sim_report_csv, &t);
	assert_string_equal(csv,
		"row,team,unit,games,count,rate,ci95_low,ci95_high,mean,min,max\n"
		"wins,Red,,3,1,0.3333,0.0615,0.7923,,,\n"
		"wins,\"Blue, the\",,3,1,0.3333,0.0615,0.7923,,,\n"
		"draws,,,3,1,0.3333,0.0615,0.7923,,,\n"
		"rounds,,,3,,,,,4.00,2,6\n"
		"casualties,Red,archer,3,2,0.5000,,,1.00,0,2\n"
		"casualties,\"Blue, the\",foot_knight,3,1,1.0000,,,1.00,1,1\n");
	free(csv);

	char *text = print(sim_report_text, &t);
	assert_non_null(strstr(text, "3 games, seeds 5 to 7,"));
	assert_non_null(strstr(text, "  Red wins"));
	assert_non_null(strstr(text, " 33.3%    6.1% to  79.2%\n"));
	assert_non_null(strstr(text, "rounds: mean 4.0, min 2, max 6\n"));
	assert_non_null(strstr(text, "Foot Knight"));
	free(text);
	sim_totals_free(&t);
}

/* A kind missing from some games: those games count as none disabled. */
static void test_kind_missing_from_a_game(void **state)
{
	(void)state;
	struct sim_totals t;
	sim_totals_init(&t, 1);
	struct sim_result r;
	result(&r, 1, 0, 3, 1);
	r.nkinds = 1; /* no Blue foot knight in this one */
	sim_totals_add(&t, &r);
	sim_result_free(&r);
	result(&r, 2, 0, 3, 1);
	sim_totals_add(&t, &r);
	sim_result_free(&r);
	assert_int_equal(t.kinds[1].disabled_min, 0);
	assert_int_equal(t.kinds[1].disabled_max, 1);
	assert_int_equal(t.kinds[1].fielded, 1);
	sim_totals_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson_known_values),
		cmocka_unit_test(test_totals_and_reports),
		cmocka_unit_test(test_kind_missing_from_a_game),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
