/* test_sim.c: medsiege sim's figures: the Wilson score interval against
 * known values; results added up into totals and printed; one game as a
 * shard record and back; shards merged into what one run prints, in any
 * order, and shards that overlap or do not match refused; idle notes;
 * --vary's keys. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/sim.h"
#include "config.h"

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

/* Two teams, Red with two archers, "Blue, the" with a foot knight; Red
 * holds an area (goal 1), Blue survives (goal 2). */
static void setup_two(struct sim_setup *s, enum ai_level blue)
{
	memset(s, 0, sizeof *s);
	s->scenario = strdup("maps/two teams.yaml");
	s->name = strdup("Two");
	s->hash = 0x0123456789abcdefULL;
	strcpy(s->version, PACKAGE_VERSION);
	s->max_rounds = 50;
	s->nteams = 2;
	strcpy(s->teams[0], "Red");
	strcpy(s->teams[1], "Blue, the");
	s->level[0] = AI_NORMAL;
	s->level[1] = blue;
	s->nunits = 3;
	s->units = calloc(3, sizeof *s->units);
	s->units[0] = (struct sim_unit){0, "r1", "archer", "Archer"};
	s->units[1] = (struct sim_unit){0, "r2", "archer", "Archer"};
	s->units[2] = (struct sim_unit){1, "b1", "foot_knight", "Foot Knight"};
	s->ngoals = 2;
	s->goals = calloc(2, sizeof *s->goals);
	s->goals[0] = (struct sim_goal){0, "hold", "hold 1,1-2,2 for 1 round"};
	s->goals[1] = (struct sim_goal){1, "survive", "survive until the end of round 6"};
}

/* Game seed: winner, goal, rounds, which units (a bit each) ended it
 * disabled, and at most one idle stretch (team -1: none). */
static void result(struct sim_result *r, uint64_t seed, int winner, int goal,
		   int rounds, unsigned lost, int idle_team, int from, int to)
{
	memset(r, 0, sizeof *r);
	r->seed = seed;
	r->winner = winner;
	r->goal = goal;
	r->rounds = rounds;
	r->nunits = 3;
	r->disabled = calloc(3, 1);
	for (int i = 0; i < 3; i++)
		r->disabled[i] = (lost >> i) & 1;
	if (idle_team >= 0) {
		r->nidle = 1;
		r->idle = calloc(1, sizeof *r->idle);
		r->idle[0] = (struct sim_idle){idle_team, from, to};
	}
}

/* Game seed of a made-up study: its result depends on the seed alone,
 * as a real game's does. */
static void game_of(struct sim_result *r, uint64_t seed)
{
	int w = (int)(seed % 3) - 1;
	result(r, seed, w, w < 0 ? 0 : (int)(seed % 2) ? w + 1 : 0,
	       4 + (int)(seed % 5), (unsigned)(seed * 5 % 8),
	       seed % 4 == 0 ? 1 : -1, 2, 4);
}

/* A run over seeds [first, first + n), its setup a copy of setup_two's. */
static void run_of(struct sim_run *run, uint64_t first, uint64_t n,
		   enum ai_level blue)
{
	memset(run, 0, sizeof *run);
	setup_two(&run->setup, blue);
	sim_run_init(run, true);
	for (uint64_t s = first; s < first + n; s++) {
		struct sim_result r;
		game_of(&r, s);
		sim_totals_add(&run->totals[0], &r);
		sim_result_free(&r);
	}
}

/* Print a run with one of the report functions into a string. */
static char *print(void (*fn)(FILE *, const struct sim_run *),
		   const struct sim_run *run)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	fn(f, run);
	fclose(f);
	return s;
}

static void test_totals_and_reports(void **state)
{
	(void)state;
	struct sim_run run = {0};
	setup_two(&run.setup, AI_NORMAL);
	sim_run_init(&run, true);
	struct sim_totals *t = &run.totals[0];
	struct sim_result r;
	result(&r, 5, 0, 1, 4, 1, -1, 0, 0);
	sim_totals_add(t, &r);
	sim_result_free(&r);
	result(&r, 6, -1, 0, 6, 3, 1, 2, 5);
	sim_totals_add(t, &r);
	sim_result_free(&r);
	result(&r, 7, 1, 2, 2, 4, -1, 0, 0);
	sim_totals_add(t, &r);
	sim_result_free(&r);
	assert_int_equal(t->games, 3);
	assert_int_equal(t->wins[0], 1);
	assert_int_equal(t->wins[1], 1);
	assert_int_equal(t->draws, 1);
	assert_int_equal(t->rounds_min, 2);
	assert_int_equal(t->rounds_max, 6);
	assert_int_equal(t->nkinds, 2);
	assert_int_equal(t->kinds[0].fielded, 2);
	assert_int_equal(t->kinds[0].disabled, 3);
	assert_int_equal(t->kinds[0].disabled_min, 0);
	assert_int_equal(t->kinds[0].disabled_max, 2);
	assert_int_equal(t->unit_disabled[0], 2);
	assert_int_equal(t->unit_disabled[1], 1);
	assert_int_equal(t->unit_disabled[2], 1);

	char *json = print(sim_report_json, &run);
	/* The keys of the first version, as they were, then the rest. */
	const char *want =
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
		"\"disabled_mean\":0.33,\"disabled_min\":0,\"disabled_max\":1,\"disabled_share\":0.3333}],"
		"\"outcomes\":[{\"team\":\"Red\",\"goal\":1,\"how\":\"hold 1,1-2,2 for 1 round\","
		"\"games\":1,\"rate\":0.3333,\"rate_ci95\":[0.0615,0.7923],\"seeds\":[5]},"
		"{\"team\":\"Blue, the\",\"goal\":2,";
	if (strncmp(json, want, strlen(want)) != 0)
		fail_msg("got %s", json);
	assert_non_null(strstr(json, "{\"team\":null,\"goal\":0,\"how\":\"draw\",\"games\":1,"));
	assert_non_null(strstr(json, "\"seeds\":[6]}]"));
	assert_non_null(strstr(json, "{\"id\":\"r2\",\"team\":\"Red\",\"type\":\"archer\","
				     "\"name\":\"Archer\",\"disabled\":1,"));
	assert_non_null(strstr(json, "\"seed_ranges\":[[5,7]]"));
	assert_non_null(strstr(json, "\"records\":[\"5 0 1 4 0 -\",\"6 -1 0 6 0,1 1:2-5\",\"7 1 2 2 2 -\"]}\n"));
	assert_non_null(strstr(json, ",\"levels\":[{\"team\":\"Red\",\"level\":\"normal\"},"));
	free(json);

	char *csv = print(sim_report_csv, &run);
	assert_string_equal(csv,
		"row,team,unit,games,count,rate,ci95_low,ci95_high,mean,min,max\n"
		"wins,Red,,3,1,0.3333,0.0615,0.7923,,,\n"
		"wins,\"Blue, the\",,3,1,0.3333,0.0615,0.7923,,,\n"
		"draws,,,3,1,0.3333,0.0615,0.7923,,,\n"
		"rounds,,,3,,,,,4.00,2,6\n"
		"casualties,Red,archer,3,2,0.5000,,,1.00,0,2\n"
		"casualties,\"Blue, the\",foot_knight,3,1,0.3333,,,0.33,0,1\n"
		"goal,Red,1,3,1,0.3333,0.0615,0.7923,,,\n"
		"goal,\"Blue, the\",2,3,1,0.3333,0.0615,0.7923,,,\n"
		"unit,Red,r1,3,2,0.6667,0.2077,0.9385,,,\n"
		"unit,Red,r2,3,1,0.3333,0.0615,0.7923,,,\n"
		"unit,\"Blue, the\",b1,3,1,0.3333,0.0615,0.7923,,,\n"
		"idle,\"Blue, the\",,3,1,0.3333,,,,2,5\n");
	free(csv);

	char *text = print(sim_report_text, &run);
	assert_non_null(strstr(text, "3 games, seeds 5 to 7,"));
	assert_non_null(strstr(text, "levels (Red normal, Blue, the normal)"));
	assert_non_null(strstr(text, "  Red wins"));
	assert_non_null(strstr(text, " 33.3%    6.1% to  79.2%\n"));
	assert_non_null(strstr(text, "  Red goal 1 "));
	assert_non_null(strstr(text, "hold 1,1-2,2 for 1 round\n"));
	assert_non_null(strstr(text, "rounds: mean 4.0, min 2, max 6\n"));
	assert_non_null(strstr(text, "Foot Knight"));
	assert_non_null(strstr(text, "  b1 "));
	assert_non_null(strstr(text, "note: Blue, the idle in rounds 2-5 of 33% of games"));
	assert_non_null(strstr(text, "    draw: medsiege run 'maps/two teams.yaml' --seed 6 --ai all\n"));
	assert_non_null(strstr(text, "    Red wins by goal 1: medsiege run 'maps/two teams.yaml' --seed 5 --ai all\n"));
	free(text);
	sim_run_free(&run);
}

/* The replay line gives the levels sim played at. */
static void test_replay_levels(void **state)
{
	(void)state;
	struct sim_run run;
	run_of(&run, 1, 3, AI_EASY);
	char *text = print(sim_report_text, &run);
	assert_non_null(strstr(text, "--seed 1 --ai Red:normal --ai 'Blue, the:easy'\n"));
	free(text);
	sim_run_free(&run);
}

static void test_record_round_trip(void **state)
{
	(void)state;
	struct sim_result r, back;
	char why[SIM_ERROR_LEN];
	result(&r, UINT64_MAX, 1, 2, 12, 5, 0, 9, 12);
	struct strbuf b;
	strbuf_init(&b);
	sim_record_format(&b, &r);
	assert_string_equal(b.s, "18446744073709551615 1 2 12 0,2 0:9-12");
	assert_true(sim_record_parse(b.s, 3, 2, 2, &back, why));
	assert_true(back.seed == UINT64_MAX);
	assert_int_equal(back.winner, 1);
	assert_int_equal(back.goal, 2);
	assert_int_equal(back.rounds, 12);
	assert_memory_equal(back.disabled, r.disabled, 3);
	assert_int_equal(back.nidle, 1);
	assert_int_equal(back.idle[0].to, 12);
	sim_result_free(&back);
	sim_result_free(&r);
	strbuf_free(&b);
	static const char *const damaged[] = {
		"", "1 0 1 4 - -x", "18446744073709551616 0 1 4 - -",
		"1 2 1 4 - -",   /* no team 2 */
		"1 0 3 4 - -",   /* no goal 3 */
		"1 -1 1 4 - -",  /* a draw won by a goal */
		"1 0 1 4 3 -",   /* no unit 3 */
		"1 0 1 4 - 0:5-5", "1 0 1 0 - -", "1 0 1 4 -", "x 0 1 4 - -",
		"1 0 1 4 - 0:3-5", /* idle past the game's end */
		"1 0 1 1000002 - -",
	};
	for (size_t i = 0; i < sizeof damaged / sizeof *damaged; i++) {
		why[0] = '\0';
		assert_false(sim_record_parse(damaged[i], 3, 2, 2, &back, why));
		assert_string_equal(why, "a game record is damaged");
	}
}

/* Merge the shard texts (in the order given); the exit status. */
static int merge(int n, const char *const *texts, struct sim_run *out,
		 char *why)
{
	static const char *const names[] = {"a.json", "b.json", "c.json",
					    "d.json"};
	return sim_merge_texts(names, texts, n, out, why);
}

/* The shards' merge prints what the run over all their seeds prints, in
 * every format and whatever the order of the shards. */
static void test_merge_equals_one_run(void **state)
{
	(void)state;
	struct sim_run whole, part[4];
	run_of(&whole, 3, 16, AI_NORMAL);
	const uint64_t first[] = {3, 7, 9, 14}, n[] = {4, 2, 5, 5};
	char *shard[4];
	for (int i = 0; i < 4; i++) {
		run_of(&part[i], first[i], n[i], AI_NORMAL);
		shard[i] = print(sim_report_json, &part[i]);
		sim_run_free(&part[i]);
	}
	void (*fns[])(FILE *, const struct sim_run *) = {
		sim_report_text, sim_report_json, sim_report_csv};
	const char *orders[][4] = {
		{shard[0], shard[1], shard[2], shard[3]},
		{shard[3], shard[1], shard[0], shard[2]},
	};
	for (int o = 0; o < 2; o++) {
		struct sim_run merged;
		char why[SIM_ERROR_LEN] = "";
		assert_int_equal(merge(4, orders[o], &merged, why), 0);
		for (int f = 0; f < 3; f++) {
			char *want = print(fns[f], &whole), *got = print(fns[f], &merged);
			assert_string_equal(got, want);
			free(want);
			free(got);
		}
		sim_run_free(&merged);
	}
	for (int i = 0; i < 4; i++)
		free(shard[i]);
	sim_run_free(&whole);
}

/* Seeds need not be contiguous; the report names the ranges. */
static void test_merge_gaps(void **state)
{
	(void)state;
	struct sim_run a, b, merged;
	run_of(&a, 1, 3, AI_NORMAL);
	run_of(&b, 10, 3, AI_NORMAL);
	const char *texts[] = {print(sim_report_json, &b), print(sim_report_json, &a)};
	char why[SIM_ERROR_LEN];
	assert_int_equal(merge(2, texts, &merged, why), 0);
	char *text = print(sim_report_text, &merged);
	assert_non_null(strstr(text, "6 games, seeds 1 to 3 and 10 to 12,"));
	free(text);
	char *json = print(sim_report_json, &merged);
	assert_non_null(strstr(json, "\"first_seed\":1,"));
	assert_non_null(strstr(json, "\"last_seed\":12,"));
	assert_non_null(strstr(json, "\"seed_ranges\":[[1,3],[10,12]]"));
	free(json);
	sim_run_free(&merged);
	free((char *)texts[0]);
	free((char *)texts[1]);
	sim_run_free(&a);
	sim_run_free(&b);
}

/* Merging text[0] with text[1] is refused, with this in the reason. */
static void refused(const char *a, const char *b, const char *reason)
{
	const char *texts[] = {a, b};
	struct sim_run merged;
	char why[SIM_ERROR_LEN] = "";
	assert_int_equal(merge(2, texts, &merged, why), EXIT_USAGE);
	if (!strstr(why, reason))
		fail_msg("wanted '%s' in '%s'", reason, why);
	assert_null(strchr(why, '\n'));
}

/* A copy of s with the first from replaced by to. */
static char *edited(const char *s, const char *from, const char *to)
{
	const char *at = strstr(s, from);
	assert_non_null(at);
	char *out = malloc(strlen(s) + strlen(to) + 1);
	sprintf(out, "%.*s%s%s", (int)(at - s), s, to, at + strlen(from));
	return out;
}

static void test_merge_refusals(void **state)
{
	(void)state;
	struct sim_run r1, r2, easy;
	run_of(&r1, 1, 4, AI_NORMAL);
	run_of(&r2, 4, 3, AI_NORMAL);
	run_of(&easy, 20, 3, AI_EASY);
	char *s1 = print(sim_report_json, &r1), *s2 = print(sim_report_json, &r2),
	     *se = print(sim_report_json, &easy);
	refused(s1, s2, "a.json and b.json overlap: both played seed 4");
	refused(s1, s1, "overlap: both played seed 1");
	refused(s1, se, "b.json: does not go with a.json: other levels (Blue, the easy, not normal)");
	char *other = edited(se, "\"hash\":\"0123456789abcdef\"", "\"hash\":\"0123456789abcdee\"");
	char *ok = edited(other, "\"level\":\"easy\"", "\"level\":\"normal\"");
	refused(s1, ok, "another scenario or roster (content hash 0123456789abcdee, not 0123456789abcdef)");
	free(other);
	free(ok);
	char *fix = edited(se, "\"level\":\"easy\"", "\"level\":\"normal\"");
	char *rounds = edited(fix, "\"max_rounds\":50", "\"max_rounds\":60");
	refused(s1, rounds, "another --max-rounds (60, not 50)");
	char *version = edited(fix, "\"version\":\"" PACKAGE_VERSION "\"", "\"version\":\"0.0.1-old\"");
	refused(s1, version, "b.json: made by medsiege 0.0.1-old; this is medsiege " PACKAGE_VERSION);
	char *format = edited(fix, "\"format\":1", "\"format\":2");
	refused(s1, format, "a shard of format 2; this program reads format 1");
	char *lost = edited(fix, "\"records\":[\"", "\"records\":[\"x");
	refused(s1, lost, "b.json: a game record is damaged");
	char *few = edited(fix, "\"games\":3", "\"games\":4");
	refused(s1, few, "its games are not all in its \"records\"");
	refused(s1, "{\"games\":3", "b.json: not the output of medsiege sim --json");
	refused(s1, "{\"games\":3}", "b.json: no \"shard\" in it");
	/* The shards that do go together still merge. */
	const char *texts[] = {s1, fix};
	struct sim_run merged;
	char why[SIM_ERROR_LEN];
	assert_int_equal(merge(2, texts, &merged, why), 0);
	assert_int_equal(merged.totals[0].games, 7);
	sim_run_free(&merged);
	free(rounds);
	free(version);
	free(format);
	free(lost);
	free(few);
	free(fix);
	free(s1);
	free(s2);
	free(se);
	sim_run_free(&r1);
	sim_run_free(&r2);
	sim_run_free(&easy);
}

/* A team idle in a run of rounds in a tenth of the games or more is
 * noted, with the share of the round where it was idle least. */
static void test_idle_notes(void **state)
{
	(void)state;
	struct sim_run run = {0};
	setup_two(&run.setup, AI_NORMAL);
	sim_run_init(&run, false);
	for (int s = 1; s <= 20; s++) {
		struct sim_result r;
		/* 13 games: Blue idle 9-12; 3 more: 10-12; one: Red 3-4. */
		if (s <= 13)
			result(&r, (uint64_t)s, 0, 1, 12, 0, 1, 9, 12);
		else if (s <= 16)
			result(&r, (uint64_t)s, 0, 1, 12, 0, 1, 10, 12);
		else
			result(&r, (uint64_t)s, 0, 1, 12, 0, s == 17 ? 0 : -1, 3, 4);
		sim_totals_add(&run.totals[0], &r);
		sim_result_free(&r);
	}
	int n;
	struct sim_idle_note *notes = sim_idle_notes(&run.totals[0], &n);
	assert_int_equal(n, 1);
	assert_int_equal(notes[0].team, 1);
	assert_int_equal(notes[0].from, 9);
	assert_int_equal(notes[0].to, 12);
	assert_int_equal(notes[0].games, 13);
	free(notes);
	char *text = print(sim_report_text, &run);
	assert_non_null(strstr(text, "note: Blue, the idle in rounds 9-12 of 65% of games"));
	free(text);
	sim_run_free(&run);
}

static void test_vary_keys(void **state)
{
	(void)state;
	struct sim_vary v;
	char why[SIM_ERROR_LEN];
	assert_true(sim_vary_parse("rounds=9,10,0", &v, why));
	assert_int_equal(v.kind, SIM_VARY_ROUNDS);
	assert_int_equal(v.nvalues, 3);
	assert_int_equal(v.values[1].n, 10);
	sim_vary_free(&v);
	assert_true(sim_vary_parse("goal.2.rounds=3", &v, why));
	assert_int_equal(v.kind, SIM_VARY_GOAL_ROUNDS);
	assert_int_equal(v.goal, 1);
	sim_vary_free(&v);
	assert_true(sim_vary_parse("r3.at=4:5,0:12", &v, why));
	assert_int_equal(v.kind, SIM_VARY_UNIT_AT);
	assert_string_equal(v.unit, "r3");
	assert_int_equal(v.values[1].x, 0);
	assert_int_equal(v.values[1].y, 12);
	sim_vary_free(&v);
	static const struct {
		const char *arg, *why;
	} bad[] = {
		{"rounds", "needs values"},
		{"rounds=", "needs values"},
		{"rounds=9,,10", "'' is no number"},
		{"rounds=-1", "'-1' is no number"},
		{"goal.0.rounds=3", "a goal's place, from 1"},
		{"goal.2.rounds=0", "'0' is no number of rounds from 1"},
		{"r3.at=4,5", "'4' is no cell"},
		{"r3.at=4:", "'4:' is no cell"},
		{"speed=3", "no key 'speed'"},
		{"=3", "needs KEY=V1,V2"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		why[0] = '\0';
		assert_false(sim_vary_parse(bad[i].arg, &v, why));
		if (!strstr(why, bad[i].why))
			fail_msg("%s: wanted '%s' in '%s'", bad[i].arg, bad[i].why, why);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wilson_known_values),
		cmocka_unit_test(test_totals_and_reports),
		cmocka_unit_test(test_replay_levels),
		cmocka_unit_test(test_record_round_trip),
		cmocka_unit_test(test_merge_equals_one_run),
		cmocka_unit_test(test_merge_gaps),
		cmocka_unit_test(test_merge_refusals),
		cmocka_unit_test(test_idle_notes),
		cmocka_unit_test(test_vary_keys),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
