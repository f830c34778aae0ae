/* test_endto.c: "end until TEAM STEP" and "end round" from every source
 * of commands: a team's player ends only its own steps, a script any,
 * and a session gives (and counts) the plain ends they stand for. */
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
#include "save/session.h"

static struct session *tutorial(void)
{
	const char *top = getenv("abs_top_srcdir");
	char *path = xasprintf("%s/maps/tutorial.yaml", top ? top : ".");
	char *err = NULL;
	struct session *s = session_new(path, 3, "", &err);
	if (!s)
		fprintf(stderr, "%s\n", err);
	assert_non_null(s);
	free(path);
	game_start(s->g);
	return s;
}

static void at(const struct game *g, const char *team, int round, int step)
{
	assert_string_equal(g->w->teams[g->active].name, team);
	assert_int_equal(g->round, round);
	assert_int_equal(g->step, step);
}

/* Red's player reaches the rest of Red's turn and the start of Blue's,
 * each end counted as a command of its own. */
static void test_team_own_steps(void **state)
{
	(void)state;
	struct session *s = tutorial();
	int red = world_find_team(s->g->w, "Red");
	char why[CMD_WHY_LEN];
	assert_int_equal(session_submit(s, red, "end until Red melee", why), 0);
	at(s->g, "Red", 1, STEP_MELEE);
	assert_int_equal(s->ncmds, 2);
	assert_int_equal(session_submit(s, red, "end until blue movement", why), 0);
	at(s->g, "Blue", 1, STEP_MOVEMENT);
	assert_int_equal(s->ncmds, 3);
	session_free(s);
}

/* Beyond the issuer's own steps: refused, and nothing changes. */
static void test_team_beyond_its_turn(void **state)
{
	(void)state;
	struct session *s = tutorial();
	int red = world_find_team(s->g->w, "Red");
	int blue = world_find_team(s->g->w, "Blue");
	char why[CMD_WHY_LEN];
	assert_int_equal(session_submit(s, red, "end until Blue missile", why), -1);
	assert_non_null(strstr(why, "ending your own steps does not reach "
				    "Blue's missile"));
	assert_int_equal(session_submit(s, red, "end round", why), -1);
	assert_int_equal(session_submit(s, red, "end until Red movement", why), -1);
	assert_string_equal(why, "it is Red's movement step already");
	assert_int_equal(session_submit(s, blue, "end until Blue missile", why), -1);
	assert_string_equal(why, "it is Red's turn, not yours");
	at(s->g, "Red", 1, STEP_MOVEMENT);
	assert_int_equal(s->ncmds, 0);
	session_free(s);
}

/* A script's line ends every team's steps; "end round" stops where the
 * next round begins. */
static void test_script_round(void **state)
{
	(void)state;
	struct session *s = tutorial();
	char why[CMD_WHY_LEN];
	assert_int_equal(session_submit(s, CMD_ANY_TEAM, "end round", why), 0);
	at(s->g, "Red", 2, STEP_MOVEMENT);
	assert_int_equal(s->ncmds, 6);
	assert_int_equal(session_submit(s, CMD_ANY_TEAM, "end until Blue melee",
					why), 0);
	at(s->g, "Blue", 2, STEP_MELEE);
	assert_int_equal(s->ncmds, 11);
	session_free(s);
}

/* Without a session (the parser alone) the same line reaches the same
 * step. */
static void test_parser_alone(void **state)
{
	(void)state;
	struct session *s = tutorial();
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(s->g, CMD_ANY_TEAM, "end until Blue missile",
				     why), 0);
	at(s->g, "Blue", 1, STEP_MISSILE);
	assert_int_equal(cmd_execute(s->g, CMD_ANY_TEAM, "end until Bleu melee",
				     why), -1);
	assert_string_equal(why, "no team 'Bleu'; did you mean 'Blue'?");
	assert_int_equal(cmd_execute(s->g, CMD_ANY_TEAM, "end until Blue",
				     why), -1);
	assert_string_equal(why, "usage: end, end until TEAM STEP, or end round");
	session_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_team_own_steps),
		cmocka_unit_test(test_team_beyond_its_turn),
		cmocka_unit_test(test_script_round),
		cmocka_unit_test(test_parser_alone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
