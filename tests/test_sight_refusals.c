/* test_sight_refusals.c: a refused command gives nothing away: a hidden
 * enemy and one that does not exist get the same answer, and a command for
 * another team's unit or out of turn changes nothing. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "game/game.h"
#include "testsight.h"

/* --- refusals ------------------------------------------------------------- */

/* What the issuing team is told of a command line, and whether anything
 * changed: the refusal must be the same whatever the team cannot see. */
struct answer {
	int rc;
	char why[CMD_WHY_LEN];
};

static struct answer ask(struct game *g, struct log *l, int issuer,
			 const char *line)
{
	struct answer a;
	uint64_t before = game_state_hash(g);
	l->n = 0;
	a.rc = cmd_execute(g, issuer, line, a.why);
	if (a.rc < 0) {
		assert_true(game_state_hash(g) == before);
		assert_int_equal(l->n, 0);
	}
	return a;
}

/* Replace every "from" in s with "to" (ids of the same length). */
static void swap_id(char *s, const char *from, const char *to)
{
	size_t n = strlen(from);
	assert_int_equal(n, strlen(to));
	for (char *p = strstr(s, from); p; p = strstr(p + n, from))
		memcpy(p, to, n);
}

/* Red's commands naming b6 and b7 (hidden in fog-a and fog-b, absent
 * from fog-c), b8 (hidden in fog-b only) and b9 (nowhere), or aimed at
 * the cells where fog-a and fog-b hide them, in each step of Red's first
 * turn. (A moveto towards those cells is no longer refused: it goes as
 * far as it can, and test_orders.c checks that Red is told the same of
 * it in the three.) */
static const char *const probes[STEP_COUNT][16] = {
	{"move b6 n", "moveto b7 14,4", "face b8 n", "door b6 s open",
	 "move b9 n", "order b6 8,6", "order b9 1,1", "order b7 cancel",
	 "order r1 cancel", "order run", "order run b8", "shoot r5 b6",
	 "fight r1 b7", NULL},
	{"shoot r5 b6", "shoot r6 b7", "shoot r7 b8", "shoot r5 b9",
	 "shoot r5 8,6", "shoot r5 30,4", "shoot b6 r5", "move b7 n",
	 "order run", "moveto r1 30,4", NULL},
	{"fight r1 b6", "fight r2 b7", "fight r1 b8", "fight r1 b9",
	 "fight r1 14,3", "fight b6 r1", "shoot r5 b6", NULL},
};

/* A hidden enemy and one that does not exist get the same answer, word
 * for word: across the three fog fixtures, and within one. */
static void test_hidden_and_missing_ids_refused_alike(void **state)
{
	(void)state;
	static const char *const files[] = {"tests/data/fog-a.yaml",
					    "tests/data/fog-b.yaml",
					    "tests/data/fog-c.yaml"};
	struct game *g[3];
	struct log l[3];
	for (int f = 0; f < 3; f++)
		g[f] = load(files[f], 5, &l[f]);
	for (int step = 0; step < STEP_COUNT; step++) {
		for (int i = 0; probes[step][i]; i++) {
			struct answer a[3];
			for (int f = 0; f < 3; f++) {
				a[f] = ask(g[f], &l[f], RED, probes[step][i]);
				assert_int_equal(a[f].rc, -1);
			}
			for (int f = 1; f < 3; f++)
				if (strcmp(a[0].why, a[f].why) != 0)
					fail_msg("'%s': '%s' in %s but '%s' in %s",
						 probes[step][i], a[0].why, files[0],
						 a[f].why, files[f]);
		}
		for (int f = 0; f < 3; f++) {
			char why[CMD_WHY_LEN];
			assert_int_equal(cmd_execute(g[f], RED, "end", why), 0);
		}
	}
	for (int f = 0; f < 3; f++)
		game_free(g[f]);

	/* In one game: b6 (hidden) reads as b9 (never was), and as "zz9". */
	struct log lg;
	struct game *one = load("tests/data/fog-a.yaml", 5, &lg);
	static const char *const forms[] = {
		"move %s n", "face %s e", "door %s s open", "moveto %s 1,1",
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		char hidden[64], missing[64];
		snprintf(hidden, sizeof hidden, forms[i], "b6");
		snprintf(missing, sizeof missing, forms[i], "b9");
		struct answer h = ask(one, &lg, RED, hidden);
		struct answer m = ask(one, &lg, RED, missing);
		assert_int_equal(h.rc, -1);
		assert_int_equal(m.rc, -1);
		swap_id(m.why, "b9", "b6");
		assert_string_equal(h.why, m.why);
		assert_string_equal(h.why, "you have no unit 'b6'");
	}
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(one, RED, "end", why), 0);
	struct answer h = ask(one, &lg, RED, "shoot r5 b6");
	struct answer m = ask(one, &lg, RED, "shoot r5 b9");
	swap_id(m.why, "b9", "b6");
	assert_string_equal(h.why, m.why);
	assert_string_equal(h.why, "r5 cannot shoot at b6: no such enemy in sight");
	assert_int_equal(cmd_execute(one, RED, "end", why), 0);
	h = ask(one, &lg, RED, "fight r1 b6");
	m = ask(one, &lg, RED, "fight r1 b9");
	swap_id(m.why, "b9", "b6");
	assert_string_equal(h.why, m.why);
	assert_string_equal(h.why, "r1 cannot fight b6: no such enemy in sight");
	game_free(one);
}

/* A command for another team's unit, or out of turn, changes nothing
 * (ask checks the hash and that no event was reported). */
static void test_other_team_and_out_of_turn_refused(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/fog-a.yaml", 5, &l);
	struct answer a = ask(g, &l, RED, "move b1 s");
	assert_int_equal(a.rc, -1);
	assert_string_equal(a.why, "b1 is not one of your units");
	a = ask(g, &l, RED, "face b1 n");
	assert_string_equal(a.why, "b1 is not one of your units");
	/* Blue's player speaks out of turn: nothing it says is done. */
	static const char *const lines[] = {
		"move b1 s", "face b6 n", "move r1 n", "end", "undo",
		"shoot b1 r1", "door b4 s open", "moveto b6 9,6",
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		a = ask(g, &l, BLUE, lines[i]);
		assert_int_equal(a.rc, -1);
		assert_string_equal(a.why, "it is Red's turn, not yours");
	}
	/* Red moves; Blue cannot take it back. */
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(g, RED, "move r1 n", why), 0);
	uint64_t moved = game_state_hash(g);
	a = ask(g, &l, BLUE, "undo");
	assert_string_equal(a.why, "it is Red's turn, not yours");
	assert_true(game_state_hash(g) == moved);
	/* In Blue's turn, Red's player is the one out of turn. */
	for (int i = 0; i < 3; i++)
		assert_int_equal(cmd_execute(g, RED, "end", why), 0);
	assert_int_equal(g->active, BLUE);
	a = ask(g, &l, RED, "move r1 n");
	assert_string_equal(a.why, "it is Blue's turn, not yours");
	a = ask(g, &l, RED, "end");
	assert_string_equal(a.why, "it is Blue's turn, not yours");
	a = ask(g, &l, BLUE, "move r1 n");
	assert_string_equal(a.why, "r1 is not one of your units");
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden_and_missing_ids_refused_alike),
		cmocka_unit_test(test_other_team_and_out_of_turn_refused),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
