/* test_ai.c: the computer player's levels on small hand-made positions
 * (tests/data/ai-*.yaml): the normal player keeps its locked gate shut
 * with attackers outside, shoots where the odds are best, does not walk
 * out of a melee into free attacks when staying is better, and runs for
 * the exit when its goal is to escape (the hard one its front first,
 * and its group together); levels have names, and saves record them
 * (the forms of older saves read as the easy level). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "save/journal.h"
#include "save/session.h"
#include "testgame.h"

static struct game *load(const char *rel)
{
	struct game *g = tg_load(rel, 1);
	game_start(g);
	return g;
}

/* The active team's current step, played by the computer at level:
 * every command it gave, one a line (caller frees). */
static char *play_step(struct game *g, enum ai_level level)
{
	int team = g->active, round = g->round;
	enum step step = g->step;
	struct ai *a = ai_new(g, team, level);
	struct strbuf b;
	strbuf_init(&b);
	char line[AI_LINE_LEN], why[CMD_WHY_LEN];
	for (int n = 0; n < 200 && !g->over && g->active == team &&
			g->round == round && g->step == step;
	     n++) {
		ai_next(a, g, line, sizeof line);
		strbuf_addf(&b, "%s\n", line);
		if (cmd_execute(g, team, line, why) != 0)
			ai_rejected(a);
	}
	ai_free(a);
	return b.s;
}

static int unit(const struct game *g, const char *id)
{
	int i = world_find_unit(g->w, id);
	assert_true(i >= 0);
	return i;
}

/* Blue holds out behind a gate it locked; Red is outside, in sight. */
static void test_gate_kept_shut(void **state)
{
	(void)state;
	struct game *g = load("tests/data/ai-gate.yaml");
	const struct knowledge *k = game_knowledge(g, 0);
	assert_true(knowledge_knows(k, unit(g, "r1")));
	char *cmds = play_step(g, AI_NORMAL);
	assert_null(strstr(cmds, " open"));
	assert_int_equal(map_cell(&g->w->map, 4, 4)->t.state, DOOR_LOCKED);
	free(cmds);
	game_free(g);

	/* The easy player opens it: the fault the normal one mends. */
	g = load("tests/data/ai-gate.yaml");
	cmds = play_step(g, AI_EASY);
	assert_non_null(strstr(cmds, "door b1 s open"));
	assert_int_equal(map_cell(&g->w->map, 4, 4)->t.state, DOOR_OPEN);
	free(cmds);
	game_free(g);
}

/* Two spearmen at the same range, one behind a hedge. */
static void test_best_odds_shot(void **state)
{
	(void)state;
	for (int level = 0; level < AI_LEVEL_COUNT; level++) {
		struct game *g = load("tests/data/ai-shot.yaml");
		char why[CMD_WHY_LEN];
		assert_int_equal(cmd_execute(g, 0, "end", why), 0);
		struct attack_calc open, hedge;
		assert_true(game_preview_shot(g, unit(g, "r1"), unit(g, "b2"), -1,
					      -1, &open, why) >= 0);
		assert_true(game_preview_shot(g, unit(g, "r1"), unit(g, "b1"), -1,
					      -1, &hedge, why) >= 0);
		assert_true(open.need < hedge.need);
		char *cmds = play_step(g, (enum ai_level)level);
		assert_true(strncmp(cmds, "shoot r1 b2\n", 12) == 0);
		free(cmds);
		game_free(g);
	}
}

/* Three enemies in contact and the area to hold behind it: leaving
 * would give each a free attack from behind. */
static void test_stays_in_melee(void **state)
{
	(void)state;
	struct game *g = load("tests/data/ai-melee.yaml");
	int r1 = unit(g, "r1");
	char *cmds = play_step(g, AI_NORMAL);
	assert_null(strstr(cmds, "move r1"));
	assert_null(strstr(cmds, "moveto r1"));
	assert_int_equal(g->w->units[r1].x, 5);
	assert_int_equal(g->w->units[r1].y, 4);
	free(cmds);
	game_free(g);
}

/* The goal is to leave by the east edge; a levy stands in sight to the
 * west. */
static void test_escape(void **state)
{
	(void)state;
	struct game *g = load("tests/data/ai-escape.yaml");
	int r1 = unit(g, "r1");
	char *cmds = play_step(g, AI_NORMAL);
	assert_int_equal(g->w->units[r1].status, STATUS_ESCAPED);
	assert_true(g->over);
	assert_int_equal(g->winner, 0);
	free(cmds);
	game_free(g);

	/* The easy player goes for the nearer enemy instead. */
	g = load("tests/data/ai-escape.yaml");
	cmds = play_step(g, AI_EASY);
	assert_int_equal(g->w->units[r1].status, STATUS_ACTIVE);
	assert_true(g->w->units[r1].x < 3);
	free(cmds);
	game_free(g);
}

/* Red's column of three runs for the exit: the first command of its
 * Movement step is for the unit that moves first. */
static void test_escape_front_first(void **state)
{
	(void)state;
	struct game *g = load("tests/data/ai-column.yaml");
	char *cmds = play_step(g, AI_HARD);
	assert_true(strncmp(cmds, "moveto r3 ", 10) == 0);
	free(cmds);
	game_free(g);

	/* The normal player brings its rear up first. */
	g = load("tests/data/ai-column.yaml");
	cmds = play_step(g, AI_NORMAL);
	assert_true(strncmp(cmds, "moveto r1 ", 10) == 0);
	free(cmds);
	game_free(g);
}

/* A column strung out on its way to the exit: the hard player's front
 * unit waits for the rest, the normal player's runs on alone. */
static void test_escape_together(void **state)
{
	(void)state;
	struct game *g = load("tests/data/ai-strung.yaml");
	int r1 = unit(g, "r1"), r3 = unit(g, "r3");
	char *cmds = play_step(g, AI_HARD);
	assert_int_equal(g->w->units[r3].x, 40);
	assert_true(g->w->units[r1].x > 2);
	free(cmds);
	game_free(g);

	g = load("tests/data/ai-strung.yaml");
	cmds = play_step(g, AI_NORMAL);
	assert_true(g->w->units[r3].x > 40);
	free(cmds);
	game_free(g);
}

/* Blue holds out with three men-at-arms; Red's one levy is far off in
 * the open. At those odds Blue goes out at it; where Red still has two
 * foot knights beside it, Blue keeps its corner. */
static void test_sally_at_good_odds(void **state)
{
	(void)state;
	for (int level = AI_NORMAL; level <= AI_HARD; level++) {
		struct game *g = load("tests/data/ai-sally.yaml");
		char *cmds = play_step(g, (enum ai_level)level);
		int out = 0;
		for (int i = 0; i < g->w->nunits; i++)
			if (g->w->units[i].team == 0 && g->w->units[i].x >= 6)
				out++;
		assert_true(out >= 2);
		free(cmds);
		game_free(g);

		g = load("tests/data/ai-sally-odds.yaml");
		cmds = play_step(g, (enum ai_level)level);
		for (int i = 0; i < g->w->nunits; i++)
			if (g->w->units[i].team == 0)
				assert_true(g->w->units[i].x <= 3);
		free(cmds);
		game_free(g);
	}
}

/* Red sees all of the area it must hold but one cell of a wood, where
 * Blue's billman hides: it goes to look there (and finds it) rather than
 * wait in sight of the rest while the clock runs out. */
static void test_search_hidden_corner(void **state)
{
	(void)state;
	for (int level = AI_NORMAL; level <= AI_HARD; level++) {
		struct game *g = load("tests/data/ai-search.yaml");
		int b1 = unit(g, "b1");
		const struct knowledge *k = game_knowledge(g, 0);
		assert_false(knowledge_knows(k, b1));
		char *cmds = play_step(g, (enum ai_level)level);
		assert_non_null(strstr(cmds, "moveto "));
		assert_true(knowledge_knows(game_knowledge(g, 0), b1) ||
			    g->w->units[b1].status != STATUS_ACTIVE);
		free(cmds);
		game_free(g);
	}
}

static void test_level_names(void **state)
{
	(void)state;
	assert_int_equal(ai_level_parse("easy"), AI_EASY);
	assert_int_equal(ai_level_parse("normal"), AI_NORMAL);
	assert_int_equal(ai_level_parse("hard"), AI_HARD);
	assert_int_equal(ai_level_parse("expert"), -1);
	assert_int_equal(ai_level_parse(""), -1);
	assert_string_equal(ai_level_names[AI_EASY], "easy");
	assert_string_equal(ai_level_names[AI_NORMAL], "normal");
	assert_string_equal(ai_level_names[AI_HARD], "hard");
	for (int l = 0; l < AI_LEVEL_COUNT; l++)
		assert_int_equal(ai_level_parse(ai_level_names[l]), l);
	assert_int_equal(AI_LEVEL_DEFAULT, AI_NORMAL);

	enum control c;
	enum ai_level l;
	assert_true(session_parse_control("ai:normal", &c, &l));
	assert_int_equal(c, CONTROL_AI);
	assert_int_equal(l, AI_NORMAL);
	assert_true(session_parse_control("ai:easy", &c, &l));
	assert_int_equal(l, AI_EASY);
	assert_true(session_parse_control("ai:hard", &c, &l));
	assert_int_equal(c, CONTROL_AI);
	assert_int_equal(l, AI_HARD);
	/* Saves from before levels: their computer was the easy one. */
	assert_true(session_parse_control("ai", &c, &l));
	assert_int_equal(c, CONTROL_AI);
	assert_int_equal(l, AI_EASY);
	assert_true(session_parse_control("human", &c, &l));
	assert_int_equal(c, CONTROL_HUMAN);
	assert_true(session_parse_control("remote", &c, &l));
	assert_int_equal(c, CONTROL_REMOTE);
	assert_false(session_parse_control("ai:expert", &c, &l));
	assert_false(session_parse_control("human:easy", &c, &l));
	assert_false(session_parse_control("robot", &c, &l));
}

/* A save whose control lines are given, resumed: each team's control
 * and level. */
static struct session *resume_with(const char *dir, const char *const *lines,
				   int n)
{
	char *scen = tg_path("tests/data/ai-gate.yaml");
	char *err = NULL;
	struct session *s = session_new(scen, 3, dir, &err);
	assert_non_null(s);
	assert_non_null(s->j);
	char *path = xstrdup(s->j->path);
	for (int i = 0; i < n; i++)
		assert_int_equal(journal_append(s->j, lines[i], &err), 0);
	session_free(s);
	s = session_resume(path, dir, false, &err);
	if (!s)
		fail_msg("%s", err);
	unlink(path);
	free(path);
	free(scen);
	return s;
}

enum { BLUE, RED };

/* A save whose Blue and Red the session gave to the computer at these
 * levels: its control lines name them, and they are read back. */
static void saved_and_read(const char *dir, enum ai_level blue,
			   enum ai_level red)
{
	char *scen = tg_path("tests/data/ai-gate.yaml");
	char *err = NULL;
	struct session *s = session_new(scen, 3, dir, &err);
	assert_non_null(s);
	session_set_ai(s, BLUE, blue);
	session_set_ai(s, RED, red);
	char *path = xstrdup(s->j->path);
	session_free(s);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	char buf[4096];
	size_t len = fread(buf, 1, sizeof buf - 1, f);
	buf[len] = '\0';
	fclose(f);
	char *want = xasprintf("# control: ai:%s Blue\n# control: ai:%s Red\n",
			       ai_level_names[blue], ai_level_names[red]);
	if (!strstr(buf, want))
		fail_msg("no '%s' in the save:\n%s", want, buf);
	free(want);
	s = session_resume(path, dir, false, &err);
	if (!s)
		fail_msg("%s", err);
	assert_int_equal(s->g->w->teams[BLUE].control, CONTROL_AI);
	assert_int_equal(s->g->w->teams[RED].control, CONTROL_AI);
	assert_int_equal(s->level[BLUE], blue);
	assert_int_equal(s->level[RED], red);
	session_free(s);
	unlink(path);
	free(path);
	free(scen);
}

static void test_saved_levels(void **state)
{
	(void)state;
	char dir[] = "/tmp/medsiege-test-ai.XXXXXX";
	assert_non_null(mkdtemp(dir));

	/* What the session writes, it reads back: every level, on each
	 * team, beside another. */
	for (int l = 0; l < AI_LEVEL_COUNT; l++)
		saved_and_read(dir, (enum ai_level)l,
			       (enum ai_level)((l + 1) % AI_LEVEL_COUNT));

	/* The forms of older saves: the easy level. */
	static const char *const old[] = {"# control: ai Blue", "# ai: Red"};
	struct session *s = resume_with(dir, old, 2);
	assert_int_equal(s->g->w->teams[BLUE].control, CONTROL_AI);
	assert_int_equal(s->g->w->teams[RED].control, CONTROL_AI);
	assert_int_equal(s->level[BLUE], AI_EASY);
	assert_int_equal(s->level[RED], AI_EASY);
	session_free(s);

	/* The last line for a team counts; a person takes it back. */
	static const char *const back[] = {"# control: ai:normal Blue",
					   "# control: human Blue"};
	s = resume_with(dir, back, 2);
	assert_int_equal(s->g->w->teams[BLUE].control, CONTROL_HUMAN);
	session_free(s);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gate_kept_shut),
		cmocka_unit_test(test_best_odds_shot),
		cmocka_unit_test(test_stays_in_melee),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_escape_front_first),
		cmocka_unit_test(test_escape_together),
		cmocka_unit_test(test_sally_at_good_odds),
		cmocka_unit_test(test_search_hidden_corner),
		cmocka_unit_test(test_level_names),
		cmocka_unit_test(test_saved_levels),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
