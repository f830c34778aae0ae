/* test_explain.c: the computer's reasons (ai_explain, run --explain).
 * Every command it gives for a unit comes after a reason for that unit
 * whose choice is the command; each reason names only its own units and
 * enemies its team knows of; asking for reasons changes no decision; and
 * the reasons come from the team's knowledge only: with the enemy's
 * unseen units moved, added or removed (tests/data/fog-*.yaml), Red's
 * reasons are the same, byte for byte. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "testgame.h"

struct heard {
	struct strbuf text;  /* every reason, written out */
	int unit;            /* the unit of the last reason, or -1 */
	char choice[64];     /* and its choice */
	int reasons;
};

static void hear(void *ctx, const struct game *g, int team,
		 const struct ai_reason *r)
{
	struct heard *h = ctx;
	const struct world *w = g->w;
	const struct knowledge *k = game_knowledge(g, team);
	assert_true(r->unit >= 0 && r->unit < w->nunits);
	assert_int_equal(w->units[r->unit].team, team);
	assert_true(unit_alive(&w->units[r->unit]));
	/* A target is an enemy its team sees, or saw where it now aims. */
	if (r->target >= 0) {
		assert_int_not_equal(w->units[r->target].team, team);
		assert_true(knowledge_knows(k, r->target) ||
			    k->last[r->target].round >= 0);
	}
	assert_true(r->choice[0] != '\0');
	assert_true(r->nterms > 0 && r->nterms <= AI_REASON_TERMS);
	strbuf_addf(&h->text, "%s: %s (%s)", w->units[r->unit].id, r->choice,
		    r->note);
	for (int i = 0; i < r->nterms; i++) {
		assert_true(isfinite(r->terms[i].value));
		strbuf_addf(&h->text, " %s=%.6f", r->terms[i].name,
			    r->terms[i].value);
	}
	strbuf_addc(&h->text, '\n');
	h->unit = r->unit;
	snprintf(h->choice, sizeof h->choice, "%s", r->choice);
	h->reasons++;
}

/* The command without its unit's id: "moveto r1 3,4" is "moveto 3,4". */
static void choice_of(const char *line, char *out, size_t size)
{
	const char *id = strchr(line, ' ');
	const char *rest = id ? strchr(id + 1, ' ') : NULL;
	snprintf(out, size, "%.*s%s", id ? (int)(id - line) : (int)strlen(line),
		 line, rest ? rest : "");
}

/* A whole game between computer players, reasons asked of all of them
 * (or none); the final state's hash. Every command but end follows a
 * reason for its unit with its words. */
static uint64_t play_all(const char *rel, uint64_t seed, enum ai_level level,
			 bool explain, int *reasons)
{
	struct game *g = tg_load(rel, seed);
	game_start(g);
	struct heard h = {.unit = -1};
	strbuf_init(&h.text);
	struct ai *ai[MAX_TEAMS];
	for (int t = 0; t < g->w->nteams; t++) {
		ai[t] = ai_new(g, t, level);
		if (explain)
			ai_explain(ai[t], hear, &h);
	}
	char line[AI_LINE_LEN], why[CMD_WHY_LEN];
	for (int n = 0; n < 3000 && !g->over; n++) {
		h.unit = -1;
		ai_next(ai[g->active], g, line, sizeof line);
		if (explain && strcmp(line, "end") != 0) {
			char want[64];
			choice_of(line, want, sizeof want);
			if (h.unit < 0 || strcmp(h.choice, want) != 0)
				fail_msg("%s (seed %llu): '%s' after the reason "
					 "'%s'",
					 rel, (unsigned long long)seed, line,
					 h.unit < 0 ? "(none)" : h.choice);
			assert_non_null(strstr(line, g->w->units[h.unit].id));
		}
		if (cmd_execute(g, g->active, line, why) != 0)
			ai_rejected(ai[g->active]);
	}
	uint64_t hash = game_state_hash(g);
	for (int t = 0; t < g->w->nteams; t++)
		ai_free(ai[t]);
	game_free(g);
	*reasons = h.reasons;
	strbuf_free(&h.text);
	return hash;
}

static void test_reasons_follow_the_commands(void **state)
{
	(void)state;
	static const char *const maps[] = {
		"maps/tutorial.yaml", "maps/gatehouse.yaml", "maps/bridge.yaml",
		"tests/data/pavise.yaml",
	};
	for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++)
		for (int level = 0; level < AI_LEVEL_COUNT; level++) {
			int told, none;
			uint64_t a = play_all(maps[m], 2, (enum ai_level)level,
					      true, &told);
			uint64_t b = play_all(maps[m], 2, (enum ai_level)level,
					      false, &none);
			/* Asking changes nothing of the game. */
			assert_true(a == b);
			assert_true(told > 0);
			assert_int_equal(none, 0);
		}
}

/* Red's reasons over its first rounds, Blue only ending its steps. */
static char *red_reasons(const char *rel, int rounds, enum ai_level level)
{
	struct game *g = tg_load(rel, 5);
	game_start(g);
	struct heard h = {.unit = -1};
	strbuf_init(&h.text);
	struct ai *a = ai_new(g, 0, level);
	ai_explain(a, hear, &h);
	char line[AI_LINE_LEN], why[CMD_WHY_LEN];
	for (int n = 0; n < 5000 && !g->over && g->round <= rounds; n++) {
		if (g->active != 0) {
			cmd_execute(g, g->active, "end", why);
			continue;
		}
		ai_next(a, g, line, sizeof line);
		if (cmd_execute(g, 0, line, why) != 0)
			ai_rejected(a);
	}
	ai_free(a);
	game_free(g);
	return h.text.s;
}

static void test_reasons_from_what_the_team_knows(void **state)
{
	(void)state;
	for (int level = 0; level < AI_LEVEL_COUNT; level++) {
		char *a = red_reasons("tests/data/fog-a.yaml", 2, (enum ai_level)level);
		char *b = red_reasons("tests/data/fog-b.yaml", 2, (enum ai_level)level);
		char *c = red_reasons("tests/data/fog-c.yaml", 2, (enum ai_level)level);
		assert_non_null(strstr(a, ": moveto "));
		assert_non_null(strstr(a, ": shoot "));
		assert_string_equal(a, b);
		assert_string_equal(a, c);
		free(a);
		free(b);
		free(c);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reasons_follow_the_commands),
		cmocka_unit_test(test_reasons_from_what_the_team_knows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
