/* test_fairness.c: what a team is told and what the computer decides for
 * it come from that team's knowledge only. The same battle is played with
 * the enemy's unseen units moved, added or removed (tests/data/fog-*.yaml):
 * for Red, every event it reads, every command its computer player gives,
 * every refusal and everything it knows must be the same, byte for byte. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "game/report.h"
#include "rules/engage.h"
#include "testgame.h"
#include "world/vision.h"

enum { RED, BLUE };

/* Every event as Red reads it. */
static void as_red(void *ctx, const struct game *g, const struct event *ev)
{
	struct strbuf *b = ctx;
	size_t before = b->len;
	report_event_text(g, ev, RED, b);
	if (b->len != before)
		strbuf_addc(b, '\n');
	before = b->len;
	report_event_json(g, ev, RED, b);
	if (b->len != before)
		strbuf_addc(b, '\n');
}

/* What Red knows, written out: its view, its memory, the units it knows
 * of and where it last saw each enemy it has seen. */
static void dump_knowledge(const struct game *g, struct strbuf *b)
{
	const struct knowledge *k = game_knowledge(g, RED);
	const struct world *w = g->w;
	for (int y = 0; y < k->h; y++) {
		for (int x = 0; x < k->w; x++)
			strbuf_addc(b, knowledge_sees(k, x, y) ? '1' : '0');
		strbuf_addc(b, ' ');
		for (int x = 0; x < k->w; x++) {
			char c = knowledge_remembers(k, x, y);
			strbuf_addc(b, c ? c : ' ');
		}
		strbuf_addc(b, '\n');
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (knowledge_knows(k, i))
			strbuf_addf(b, "knows %s %s at %d,%d\n", u->id,
				    world_type(w, u)->id, u->x, u->y);
		else if (u->team != RED && k->last[i].round >= 0)
			strbuf_addf(b, "last saw %s at %d,%d in round %d%s\n",
				    u->id, k->last[i].x, k->last[i].y,
				    k->last[i].round,
				    k->last[i].gone ? ", saw it fall" : "");
	}
}

/* What a Red player may try: the answers are the same whatever is
 * hidden. */
static void probe(struct game *g, struct strbuf *b)
{
	static const char *const probes[] = {
		"shoot r5 b6", "shoot r5 b7", "shoot r5 b8", "shoot r5 b9",
		"fight r1 b7", "move b6 n", "move b8 n", "face b7 n",
		"door b7 n open", "moveto r1 8,6", "moveto r1 4,2",
	};
	char why[CMD_WHY_LEN];
	for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
		int rc = cmd_execute(g, RED, probes[i], why);
		strbuf_addf(b, "%s: %d %s\n", probes[i], rc, rc ? why : "");
	}
}

/* Red's turns are played by the computer, through commands it issues;
 * Blue only ends its steps, so its unseen units stay unseen. */
static char *play(const char *rel, int rounds, enum ai_level level)
{
	struct strbuf b;
	strbuf_init(&b);
	struct game *g = tg_load(rel, 5);
	game_listen(g, as_red, &b);
	game_start(g);
	struct ai *a = ai_new(g, RED, level);
	char line[AI_LINE_LEN], why[CMD_WHY_LEN];
	bool probed[STEP_COUNT] = {false};
	for (int n = 0; n < 5000 && !g->over && g->round <= rounds; n++) {
		if (g->active == BLUE) {
			cmd_execute(g, BLUE, "end", why);
			continue;
		}
		if (g->step != STEP_MOVEMENT && !probed[g->step]) {
			probe(g, &b);
			probed[g->step] = true;
		}
		ai_next(a, g, line, sizeof line);
		strbuf_addf(&b, "> %s\n", line);
		if (cmd_execute(g, RED, line, why) != 0) {
			strbuf_addf(&b, "! %s\n", why);
			ai_rejected(a);
		}
		dump_knowledge(g, &b);
	}
	ai_free(a);
	game_free(g);
	return b.s;
}

/* On a failure, the first line where two accounts part. */
static void first_difference(const char *a, const char *b,
			     enum ai_level level)
{
	int line = 1;
	const char *la = a;
	for (; *a && *a == *b; a++, b++)
		if (*a == '\n') {
			line++;
			la = a + 1;
		}
	if (*a || *b)
		print_error("at level %s, line %d differs: %.120s\n",
			    ai_level_names[level], line, la);
}

/* The fixtures fog-a, -b, -c with the ending (".yaml", or "-out.yaml"
 * for those where Red holds out). */
static void same_for_red_in(int rounds, enum ai_level level,
			    const char *ending)
{
	char path[3][64];
	for (int i = 0; i < 3; i++)
		snprintf(path[i], sizeof path[i], "tests/data/fog-%c%s",
			 'a' + i, ending);
	char *a = play(path[0], rounds, level);
	char *b = play(path[1], rounds, level);
	char *c = play(path[2], rounds, level);
	/* A whole turn was played, with shots at what Red sees. */
	assert_non_null(strstr(a, "> shoot "));
	assert_non_null(strstr(a, "> moveto "));
	first_difference(a, b, level);
	first_difference(a, c, level);
	assert_string_equal(a, b);
	assert_string_equal(a, c);
	free(a);
	free(b);
	free(c);
}

static void same_for_red(int rounds, enum ai_level level)
{
	same_for_red_in(rounds, level, ".yaml");
}

/* At every level: hard, normal's play with weights of its own, must
 * decide from Red's knowledge alone as much as the others. */
static void test_first_turn(void **state)
{
	(void)state;
	for (int l = 0; l < AI_LEVEL_COUNT; l++)
		same_for_red(1, (enum ai_level)l);
}

static void test_two_rounds(void **state)
{
	(void)state;
	for (int l = 0; l < AI_LEVEL_COUNT; l++)
		same_for_red(2, (enum ai_level)l);
}

/* Red holding out: the hard player's other weights, as blind. */
static void test_holding_out(void **state)
{
	(void)state;
	for (int l = 0; l < AI_LEVEL_COUNT; l++)
		same_for_red_in(2, (enum ai_level)l, "-out.yaml");
}

/* Each team's view, kept up to date change by change, is what a cast
 * from scratch gives, plus the enemies its units are in melee with. */
static void check_views(const struct game *g)
{
	const struct world *w = g->w;
	size_t cells = (size_t)w->map.w * (size_t)w->map.h;
	unsigned char *fresh = xmalloc(cells);
	for (int t = 0; t < w->nteams; t++) {
		const struct knowledge *k = game_knowledge(g, t);
		vision_team_view(w, t, fresh);
		for (size_t i = 0; i < cells; i++) {
			if (fresh[i] == k->view[i])
				continue;
			/* Only an enemy in melee may be seen beyond the cast. */
			int e = w->occ[i];
			bool melee = false;
			for (int a = 0; e >= 0 && a < w->nunits && !melee; a++)
				melee = w->units[a].team == t &&
					engage_in_melee(w, a, e);
			if (fresh[i] || !melee)
				fail_msg("team %d, cell %d,%d: kept %d, cast %d",
					 t, (int)(i % (size_t)w->map.w),
					 (int)(i / (size_t)w->map.w), k->view[i],
					 fresh[i]);
		}
	}
	free(fresh);
}

static void test_views_kept_right(void **state)
{
	(void)state;
	static const char *const maps[] = {
		"maps/tutorial.yaml", "maps/gatehouse.yaml", "maps/chapel.yaml",
		"maps/ambush.yaml",   "maps/bridge.yaml",
	};
	for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
		for (uint64_t seed = 1; seed <= AI_LEVEL_COUNT; seed++) {
			/* Each level once: seed 1 easy, 2 normal, 3 hard. */
			enum ai_level level = (enum ai_level)(seed - 1);
			struct game *g = tg_load(maps[m], seed);
			game_start(g);
			struct ai *ai[MAX_TEAMS];
			for (int t = 0; t < g->w->nteams; t++)
				ai[t] = ai_new(g, t, level);
			char line[AI_LINE_LEN], why[CMD_WHY_LEN];
			for (int n = 0; n < 600 && !g->over; n++) {
				ai_next(ai[g->active], g, line, sizeof line);
				if (cmd_execute(g, g->active, line, why) != 0) {
					ai_rejected(ai[g->active]);
					if (strcmp(line, "end") == 0)
						break;
				}
				check_views(g);
			}
			for (int t = 0; t < g->w->nteams; t++)
				ai_free(ai[t]);
			game_free(g);
		}
}

/* The full game does differ: the fixtures are not the same battle. */
static void test_fixtures_differ(void **state)
{
	(void)state;
	struct game *a = tg_load("tests/data/fog-a.yaml", 5);
	struct game *b = tg_load("tests/data/fog-b.yaml", 5);
	assert_int_not_equal(a->w->nunits, b->w->nunits);
	game_free(a);
	game_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixtures_differ),
		cmocka_unit_test(test_views_kept_right),
		cmocka_unit_test(test_first_turn),
		cmocka_unit_test(test_two_rounds),
		cmocka_unit_test(test_holding_out),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
