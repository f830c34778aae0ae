/* test_unitodds.c: the odds between two units (`medsiege odds SCENARIO A
 * B`, the game's `:odds A B`) are the attack the game would make: the
 * same weapon, number and terms as the previews behind the panel and the
 * `t` key (game_preview_shot in Missile fire, game_preview_fight in
 * Melee, which the attacks then use), and as `los` explains the shot, or
 * the same refusal. Checked for every unit of the team to play against
 * every enemy it sees, before each of its commands, through whole games
 * the computer plays on the shipped maps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "ai/ai.h"
#include "cmd/cmd.h"
#include "game/los.h"
#include "game/unitodds.h"
#include "rules/engage.h"
#include "testgame.h"

/* How many of each comparison were made: a run that made none proves
 * nothing. */
static struct {
	int shots, refused_shots, blows;
} met;

static void same_calc(const struct attack_calc *a, const struct attack_calc *b)
{
	assert_int_equal(a->need, b->need);
	assert_int_equal(a->nterms, b->nterms);
	for (int i = 0; i < a->nterms; i++) {
		assert_string_equal(a->terms[i].name, b->terms[i].name);
		assert_int_equal(a->terms[i].value, b->terms[i].value);
	}
}

/* A shot by a at t: the preview (when a may shoot at all this step),
 * the explanation of the line, and the odds between the units. */
static void compare_shot(struct game *g, int team, int a, int t)
{
	char why[GAME_WHY_LEN];
	if (!game_can_shoot(g, a, why))
		return;
	struct attack_calc calc;
	struct unit_odds u;
	int wi = game_preview_shot(g, a, t, -1, -1, &calc, why);
	int ow = unitodds_compute(g, team, a, t, &u);
	assert_int_equal(ow, wi);
	if (wi < 0) {
		assert_string_equal(u.why, why);
		met.refused_shots++;
		return;
	}
	assert_true(u.ranged);
	same_calc(&u.calc, &calc);
	const struct unit *ua = &g->w->units[a], *ut = &g->w->units[t];
	struct los_report r;
	los_explain(g, team, (struct los_end){a, ua->x, ua->y},
		    (struct los_end){t, ut->x, ut->y}, &r);
	assert_true(r.shot_asked);
	assert_int_equal(r.weapon, wi);
	same_calc(&r.calc, &calc);
	los_report_free(&r);
	met.shots++;
}

/* A blow by a at t, which it can reach in melee. */
static void compare_blow(struct game *g, int team, int a, int t)
{
	char why[GAME_WHY_LEN];
	if (!game_can_fight(g, a, why))
		return;
	struct attack_calc calc;
	struct unit_odds u;
	int wi = game_preview_fight(g, a, t, -1, -1, &calc, why);
	assert_true(wi >= 0);
	assert_int_equal(unitodds_compute(g, team, a, t, &u), wi);
	assert_false(u.ranged);
	same_calc(&u.calc, &calc);
	met.blows++;
}

/* Every unit of the team to play against every enemy it sees. */
static void compare_all(struct game *g)
{
	int team = g->active;
	const struct knowledge *k = game_knowledge(g, team);
	const struct world *w = g->w;
	for (int a = 0; a < w->nunits; a++) {
		if (w->units[a].team != team || !unit_alive(&w->units[a]))
			continue;
		for (int t = 0; t < w->nunits; t++) {
			if (w->units[t].team == team || !knowledge_knows(k, t))
				continue;
			if (g->step == STEP_MISSILE && !engage_engaged(w, a))
				compare_shot(g, team, a, t);
			else if (g->step == STEP_MELEE &&
				 engage_weapon(w, a, t) >= 0)
				compare_blow(g, team, a, t);
		}
	}
}

/* The computer plays both sides for rounds rounds; before each of its
 * commands, every pair is compared. */
static void play(const char *map, uint64_t seed, int rounds)
{
	struct game *g = tg_load(map, seed);
	game_start(g);
	char line[AI_LINE_LEN], why[CMD_WHY_LEN];
	for (int n = 0; n < 4000 && !g->over && g->round <= rounds; n++) {
		int team = g->active;
		compare_all(g);
		struct ai *ai = ai_new(g, team, AI_EASY);
		ai_next(ai, g, line, sizeof line);
		if (cmd_execute(g, team, line, why) != 0 &&
		    cmd_execute(g, team, "end", why) != 0)
			fail_msg("%s: neither '%s' nor end: %s", map, line, why);
		ai_free(ai);
	}
	game_free(g);
}

static void test_games(void **state)
{
	(void)state;
	memset(&met, 0, sizeof met);
	play("maps/tutorial.yaml", 1, 6);
	play("maps/gatehouse.yaml", 2, 6);
	play("maps/chapel.yaml", 3, 6);
	play("tests/ui/melee.yaml", 1, 3);
	print_message("compared %d shots, %d refused shots, %d blows\n",
		      met.shots, met.refused_shots, met.blows);
	assert_true(met.shots >= 10);
	assert_true(met.refused_shots >= 10);
	assert_true(met.blows >= 3);
}

/* The example of the report: in the tutorial, the archer r2 would shoot
 * the billman b2 with its longbow, not stab it with its dagger. */
static void test_archer_shoots(void **state)
{
	(void)state;
	struct game *g = tg_load("maps/tutorial.yaml", 1);
	game_start(g);
	struct unit_odds u;
	int a = world_find_unit(g->w, "r2"), t = world_find_unit(g->w, "b2");
	int wi = unitodds_compute(g, 0, a, t, &u);
	assert_true(wi >= 0);
	assert_string_equal(world_type(g->w, &g->w->units[a])->weapons[wi].name,
			    "longbow");
	assert_int_equal(u.calc.need, 17);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_archer_shoots),
		cmocka_unit_test(test_games),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
