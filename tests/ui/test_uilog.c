/* test_uilog.c: the screen's log: each team reads an event in full,
 * shortened ("an unseen enemy"), or not at all, as the game decided from
 * what it knew (tests/test_sight_*.c check the rule itself). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "game/game.h"
#include "ui/uilog.h"

enum { RED, BLUE };

struct fixture {
	struct game *g;
	struct uilog log;
};

static void load(struct fixture *f, const char *rel, uint64_t seed)
{
	const char *top = getenv("abs_top_srcdir");
	char *path = xasprintf("%s/%s", top ? top : ".", rel);
	struct scenario sc;
	char *err = NULL;
	int rc = scenario_load(path, &sc, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err);
	assert_int_equal(rc, 0);
	free(path);
	f->g = game_new(&sc, seed);
	uilog_init(&f->log, f->g);
	game_listen(f->g, uilog_listener, &f->log);
	game_start(f->g);
}

static void unload(struct fixture *f)
{
	game_free(f->g);
	uilog_free(&f->log);
}

static void run(struct fixture *f, const char *line)
{
	char why[CMD_WHY_LEN];
	uilog_command(&f->log);
	int rc = cmd_execute(f->g, CMD_ANY_TEAM, line, why);
	if (rc != 0)
		fprintf(stderr, "rejected: %s: %s\n", line, why);
	assert_int_equal(rc, 0);
}

/* The first line team reads that contains needle, or NULL. */
static const char *find(const struct fixture *f, int team, const char *needle)
{
	for (int i = 0; i < f->log.n; i++) {
		const char *s = uilog_text(&f->log, i, team);
		if (s && strstr(s, needle))
			return s;
	}
	return NULL;
}

/* Whether any line team reads names the word. */
static bool names(const struct fixture *f, int team, const char *word)
{
	return find(f, team, word) != NULL;
}

static void test_steps_are_public(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "maps/gatehouse.yaml", 1);
	run(&f, "end");
	assert_non_null(find(&f, RED, "== Round 1: Red, Missile fire =="));
	assert_non_null(find(&f, BLUE, "== Round 1: Red, Missile fire =="));
	unload(&f);
}

static void test_hidden_moves_are_hidden(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "maps/gatehouse.yaml", 1);
	run(&f, "end");
	run(&f, "end");
	run(&f, "end");
	/* Blue's man-at-arms walks in the courtyard, out of Red's sight. */
	run(&f, "move b6 e e");
	assert_non_null(find(&f, BLUE, "b6 moves 8,6 -> 10,6"));
	assert_false(names(&f, RED, "b6"));
	unload(&f);
}

static void test_moves_seen_at_one_end(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "maps/gatehouse.yaml", 1);
	run(&f, "end");
	run(&f, "end");
	run(&f, "end");
	/* Blue's billman steps into the gateway, unseen, opens the gate, and
	 * walks back in and aside, out of Red's view. */
	run(&f, "move b4 s");
	assert_null(find(&f, RED, "b4 moves"));
	run(&f, "door b4 s open");
	assert_non_null(find(&f, RED, "b4 opens the door at 15,9"));
	run(&f, "move b4 n");
	assert_non_null(find(&f, RED, "b4 moves 15,8 -> 15,7"));
	run(&f, "move b4 ne");
	assert_non_null(find(&f, RED, "b4 moves out of view from 15,7"));
	assert_null(find(&f, RED, "16,6"));
	assert_non_null(find(&f, BLUE, "b4 moves 15,7 -> 16,6"));
	unload(&f);
}

static void test_moves_merge(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "maps/gatehouse.yaml", 1);
	run(&f, "move r3 n n");
	/* One line for the command: 1 inch, then 2 across the low wall. */
	assert_non_null(find(&f, RED, "r3 moves 3,16 -> 3,14 (3 inches, 3 left)"));
	assert_null(find(&f, RED, "r3 moves 3,16 -> 3,15"));
	run(&f, "move r3 s");
	assert_non_null(find(&f, RED, "r3 moves 3,14 -> 3,15"));
	unload(&f);
}

/* Red's archer r3 shoots into the melee around Blue's levy from where
 * Blue cannot see it: the shot flies at r2 (seed 3) and misses. */
static void test_unseen_shooter_is_not_named(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "tests/ui/melee.yaml", 3);
	run(&f, "end");
	run(&f, "shoot r3 b1");
	/* Red reads it all. */
	assert_non_null(find(&f, RED, "roll d3 = 3 (shot into melee, target among b1 r1 r2)"));
	assert_non_null(find(&f, RED, "roll d20 = 2 (r3 longbow at r2, need 15)"));
	assert_non_null(find(&f, RED, "r3 longbow at r2: need 15+"));
	/* Blue reads what it saw, without the archer. */
	assert_non_null(find(&f, BLUE, "roll d3 = 3 (shot into melee, target among b1 r1 r2)"));
	assert_non_null(find(&f, BLUE, "the shot flies at r2"));
	assert_non_null(find(&f, BLUE, "roll d20 = 2 (attack by an unseen enemy on r2, need 15)"));
	assert_non_null(find(&f, BLUE, "an unseen enemy attacks r2: need 15+; rolled 2: miss"));
	assert_false(names(&f, BLUE, "r3"));
	unload(&f);
}

static void test_melee_is_seen_by_both(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "tests/ui/melee.yaml", 3);
	run(&f, "end");
	run(&f, "end");
	run(&f, "fight r1 b1");
	for (int t = RED; t <= BLUE; t++) {
		assert_non_null(find(&f, t, "b1 is outnumbered: -1 to the target number"));
		assert_non_null(find(&f, t, "roll d20 = 5 (r1 sword at b1, need 8)"));
		assert_non_null(find(&f, t, "r1 sword at b1: need 8+ (65%)"));
	}
	unload(&f);
}

/* A message said to one team is that team's alone, marked as the
 * screen's (the pane leaves it out); said twice running it is kept once;
 * said to no team, every team reads it. */
static void test_said_is_the_teams_own(void **state)
{
	(void)state;
	struct fixture f;
	load(&f, "maps/gatehouse.yaml", 1);
	int before = f.log.n;
	uilog_said(&f.log, "r1 cannot move nw: 9,15 is water", RED);
	uilog_said(&f.log, "r1 cannot move nw: 9,15 is water", RED);
	assert_int_equal(f.log.n, before + 1);
	assert_true(f.log.v[before].said);
	assert_non_null(find(&f, RED, "cannot move nw"));
	assert_false(names(&f, BLUE, "cannot move"));
	uilog_said(&f.log, "this game is not being saved", -1);
	assert_int_equal(f.log.n, before + 2);
	assert_non_null(find(&f, RED, "not being saved"));
	assert_non_null(find(&f, BLUE, "not being saved"));
	/* The game's own lines are not the screen's. */
	run(&f, "end");
	assert_false(f.log.v[f.log.n - 1].said);
	unload(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steps_are_public),
		cmocka_unit_test(test_hidden_moves_are_hidden),
		cmocka_unit_test(test_moves_seen_at_one_end),
		cmocka_unit_test(test_moves_merge),
		cmocka_unit_test(test_unseen_shooter_is_not_named),
		cmocka_unit_test(test_melee_is_seen_by_both),
		cmocka_unit_test(test_said_is_the_teams_own),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
