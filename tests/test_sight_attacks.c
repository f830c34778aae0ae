/* test_sight_attacks.c: what each team may read of announcements (a unit
 * stopped, the odds, whom a shot into melee hits) and of attacks and their
 * effects: melee, shots from unseen units, blows at structures.
 * The game sets each event's sight bits from the team's knowledge when it
 * reports it (src/game/sight.c); the text and JSON of src/game/report.c
 * then tell the event in full, in part, or not at all. Each case runs on
 * a small scenario of tests/data/sight-*.yaml built so that who sees
 * what is plain; commands are given by the team whose turn it is. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game/game.h"
#include "testsight.h"

/* --- announcements -------------------------------------------------------- */

/* "r1 is stopped at 5,2: b1 stands in the way" names two units: only a
 * team that knows both is told. Green sees the knight only, Yellow the
 * mover only. */
static void test_stopped_needs_both_units_known(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-stop.yaml", 1, &l);
	run(g, &l, "moveto r1 5,0");
	const struct event *ev = first(&l, EV_ANNOUNCE);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, TOLD_BOTH, "r1 is stopped at 5,2: b1 stands in the way",
		      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"movement\",\"unit\":\"r1\",\"target\":\"b1\",\"text\":\"r1 is "
		      "stopped at 5,2: b1 stands in the way\"}");
	int r1 = world_find_unit(g->w, "r1"), b1 = world_find_unit(g->w, "b1");
	assert_true(knowledge_knows(game_knowledge(g, GREEN), b1));
	assert_false(knowledge_knows(game_knowledge(g, GREEN), r1));
	unseen(g, ev, GREEN);
	assert_true(knowledge_knows(game_knowledge(g, YELLOW), r1));
	assert_false(knowledge_knows(game_knowledge(g, YELLOW), b1));
	unseen(g, ev, YELLOW);
	/* The moves up to the gap: Green and Yellow as they saw them. */
	unseen(g, nth(&l, EV_MOVE, 1), GREEN);
	reads_all(g, nth(&l, EV_MOVE, 1), YELLOW, MOVE_FULL);
	game_free(g);
}

/* The odds before a melee name the target only: a team that does not
 * see it is not told. */
static void test_outnumbered_told_where_target_known(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-melee.yaml", 1, &l);
	run(g, &l, "end");
	run(g, &l, "end");
	run(g, &l, "fight r1 b1");
	const struct event *ev = first(&l, EV_ANNOUNCE);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, TOLD_BOTH, "b1 is outnumbered: -1 to the target number",
		      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"melee\",\"unit\":\"r1\",\"target\":\"b1\",\"text\":\"b1 is "
		      "outnumbered: -1 to the target number\"}");
	unseen(g, ev, GREEN);
	game_free(g);
}

/* Load tests/data/sight-shot.yaml with seed and let r1 shoot at g1 in
 * the Missile fire; returns the id of the unit the die picked. */
static const char *shoot_into_melee(struct game **gp, struct log *l,
				    uint64_t seed)
{
	*gp = load("tests/data/sight-shot.yaml", seed, l);
	run(*gp, l, "end");
	run(*gp, l, "shoot r1 g1");
	const struct event *pick = first(l, EV_ROLL);
	assert_int_equal(pick->kind, ROLL_MELEE_PICK);
	static const char *const order[] = {"b1", "g1", "r2"};
	return order[pick->value - 1];
}

/* The die for a shot into melee: read in full only by a team that knows
 * every unit it chooses among (its sides count them). Red does not see
 * Blue's b1 behind the wall; Blue does not see Red's r2; Yellow sees
 * neither the levy nor the men fighting it. */
static void test_melee_pick_needs_every_candidate_known(void **state)
{
	(void)state;
	struct log l;
	struct game *g;
	shoot_into_melee(&g, &l, 1);
	const struct event *ev = first(&l, EV_ROLL);
	char full[128];
	snprintf(full, sizeof full, "roll d3 = %d (shot into melee, target among b1 g1 r2)",
		 ev->value);
	assert_string_equal(text(g, ev, GREEN), full);
	assert_int_equal(ev->sight[GREEN], ATTACK_FULL);
	reads(g, ev, RED, EVS_SEEN | EVS_UNIT | EVS_TARGET | EVS_FROM | EVS_TO,
	      "a die picks which unit the shot into melee hits",
	      "{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"r1\",\"target\":\"g1\",\"for\":\"a die picks which unit "
	      "the shot into melee hits\"}");
	reads(g, ev, BLUE, TARGET_END,
	      "a die picks which unit the shot into melee hits",
	      "{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":null,\"target\":\"g1\",\"for\":\"a die picks which unit "
	      "the shot into melee hits\"}");
	/* Yellow sees the archer but not the levy it aims at. */
	reads(g, ev, YELLOW, ATTACKER_END,
	      "a die picks which unit the shot into melee hits",
	      "{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"r1\",\"target\":null,\"for\":\"a die picks which unit "
	      "the shot into melee hits\"}");
	/* No die sides and no value in the words or the JSON. */
	never_says(g, ev, RED, "d3");
	never_says(g, ev, RED, "\"die\"");
	never_says(g, ev, RED, "\"value\"");
	never_says(g, ev, BLUE, "\"die\"");
	never_says(g, ev, YELLOW, "\"value\"");
	game_free(g);
}

/* Friendly fire: "(a friend!)" is said to the shooter's team only; a
 * team that sees the shooter hears "(its own side!)"; a team that does
 * not know the unit hit is not told. */
static void test_shot_at_friend(void **state)
{
	(void)state;
	struct log l;
	struct game *g = NULL;
	for (uint64_t seed = 1; seed < 100; seed++) {
		if (strcmp(shoot_into_melee(&g, &l, seed), "r2") == 0)
			break;
		game_free(g);
		g = NULL;
	}
	assert_non_null(g);
	const struct event *ev = first(&l, EV_ANNOUNCE);
	reads(g, ev, RED, TOLD_BOTH, "the shot flies at r2 (a friend!)",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"r1\",\"target\":\"r2\",\"text\":\"the shot "
	      "flies at r2 (a friend!)\"}");
	reads(g, ev, GREEN, TOLD_BOTH, "the shot flies at r2 (its own side!)",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"r1\",\"target\":\"r2\",\"text\":\"the shot "
	      "flies at r2 (its own side!)\"}");
	unseen(g, ev, BLUE);
	unseen(g, ev, YELLOW);
	/* The attack on r2 is Red's and Green's to read, not Blue's. */
	reads_all(g, first(&l, EV_ATTACK), GREEN, ATTACK_FULL);
	unseen(g, first(&l, EV_ATTACK), BLUE);
	unseen(g, nth(&l, EV_ROLL, 1), BLUE);
	game_free(g);
}

/* The die picks Blue's b1, whom Red cannot see: Red is not told whom the
 * shot flies at, and reads its own attack on "an unseen enemy". Blue,
 * which does not see the archer, reads that "an unseen enemy" shoots at
 * b1, and that b1 is disabled by no one it may name. */
static void test_shot_at_unseen_candidate(void **state)
{
	(void)state;
	struct log l;
	struct game *g = NULL;
	for (uint64_t seed = 1; seed < 200; seed++) {
		if (strcmp(shoot_into_melee(&g, &l, seed), "b1") == 0 &&
		    count(&l, EV_DISABLED) == 1)
			break;
		game_free(g);
		g = NULL;
	}
	assert_non_null(g);
	const struct event *ev = first(&l, EV_ANNOUNCE);
	unseen(g, ev, RED);
	reads(g, ev, BLUE, TOLD, "the shot flies at b1",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":null,\"target\":\"b1\",\"text\":\"the shot "
	      "flies at b1\"}");
	reads_all(g, ev, GREEN, TOLD_BOTH);

	const struct event *roll = nth(&l, EV_ROLL, 1);
	const struct event *att = first(&l, EV_ATTACK);
	char line[160], obj[400];
	int v = roll->value;
	assert_int_equal(att->calc.need, 15);
	reads_part_roll(g, roll, RED, ATTACKER_END,
			"{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":"
			"\"missile\",\"unit\":\"r1\",\"target\":null",
			"attack by r1 on an unseen enemy, need 15");
	reads_part_roll(g, roll, BLUE, TARGET_END,
			"{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":"
			"\"missile\",\"unit\":null,\"target\":\"b1\"",
			"attack by an unseen enemy on b1, need 15");
	reads_all(g, roll, GREEN, ATTACK_FULL);

	snprintf(line, sizeof line,
		 "r1 attacks an unseen enemy: need 15+; rolled %d: HIT", v);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":\"r1\",\"target\":null,\"need\":15,"
		 "\"chance\":0.30,\"roll\":%d,\"result\":\"hit\",\"free\":false}", v);
	reads(g, att, RED, ATTACKER_END, line, obj);
	reads(g, att, YELLOW, ATTACKER_END, line, obj);
	never_says(g, att, RED, "6,0");
	never_says(g, att, RED, "b1");
	snprintf(line, sizeof line,
		 "an unseen enemy attacks b1: need 15+; rolled %d: HIT", v);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":null,\"target\":\"b1\",\"at\":[6,0],"
		 "\"need\":15,\"chance\":0.30,\"roll\":%d,\"result\":\"hit\","
		 "\"free\":false}", v);
	reads(g, att, BLUE, TARGET_END, line, obj);
	never_says(g, att, BLUE, "longbow");
	never_says(g, att, BLUE, "terms");

	ev = first(&l, EV_DISABLED);
	unseen(g, ev, RED);
	reads(g, ev, BLUE, HIT_PART, "b1 is disabled",
	      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"b1\",\"by\":null}");
	reads_all(g, ev, GREEN, HIT_FULL);
	game_free(g);
}

/* --- attacks and their effects ------------------------------------------ */

/* What each command of the battle in tests/data/sight-melee.yaml
 * reported. */
struct battle {
	struct log l; /* the game's listener writes here */
	struct log door, ballista, archer, fight;
};

/* Play the Missile fire and Melee of tests/data/sight-melee.yaml with the
 * first seed where every attack hits. */
static struct game *melee_battle(struct battle *b)
{
	for (uint64_t seed = 1; seed < 500; seed++) {
		struct game *g = load("tests/data/sight-melee.yaml", seed, &b->l);
		run(g, &b->l, "end");
		run(g, &b->l, "shoot r5 18,1");
		b->door = b->l;
		run(g, &b->l, "shoot r3 b2");
		b->ballista = b->l;
		run(g, &b->l, "shoot r4 b3");
		b->archer = b->l;
		run(g, &b->l, "end");
		run(g, &b->l, "fight r1 b1");
		b->fight = b->l;
		if (count(&b->door, EV_STRUCTURE) && count(&b->ballista, EV_HIT) &&
		    count(&b->archer, EV_DISABLED) && count(&b->fight, EV_DISABLED))
			return g;
		game_free(g);
	}
	fail_msg("no seed in 500 made every attack hit");
	return NULL;
}

/* Melee seen by both sides; Green, far away, is told nothing. */
static void test_attack_in_full_and_not_at_all(void **state)
{
	(void)state;
	static struct battle b;
	struct game *g = melee_battle(&b);
	const struct event *roll = first(&b.fight, EV_ROLL);
	const struct event *att = first(&b.fight, EV_ATTACK);
	char line[200];
	snprintf(line, sizeof line, "roll d20 = %d (r1 sword at b1, need 6)",
		 roll->value);
	for (int t = RED; t <= BLUE; t++) {
		assert_string_equal(text(g, roll, t), line);
		reads_all(g, roll, t, ATTACK_FULL);
		reads_all(g, att, t, ATTACK_FULL);
	}
	snprintf(line, sizeof line,
		 "r1 sword at b1: need 6+ (75%%): AV 6 + DV 3 - outnumbered 1 - "
		 "from behind 2; rolled %d: HIT",
		 att->value);
	assert_string_equal(text(g, att, BLUE), line);
	assert_non_null(strstr(json(g, att, BLUE), "\"weapon\":\"sword\""));
	assert_non_null(strstr(json(g, att, BLUE), "\"terms\":["));
	/* Blue's b4 still sees r1 once b1 is down. */
	const struct event *ev = first(&b.fight, EV_DISABLED);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, HIT_FULL, "b1 is disabled",
		      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"melee\",\"unit\":\"b1\",\"by\":\"r1\"}");
	for (int i = 0; i < b.fight.n; i++)
		unseen(g, &b.fight.ev[i], GREEN);
	game_free(g);
}

/* Shots from where Blue cannot see: the attack is told from the target's
 * end, without weapon or terms; hits and disablings name no attacker. */
static void test_unseen_shooter_hits_and_disables(void **state)
{
	(void)state;
	static struct battle b;
	struct game *g = melee_battle(&b);
	const struct event *att = first(&b.ballista, EV_ATTACK);
	char line[200], obj[400];
	snprintf(line, sizeof line,
		 "an unseen enemy attacks b2: need 16+; rolled %d: HIT", att->value);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":null,\"target\":\"b2\",\"at\":[8,2],"
		 "\"need\":16,\"chance\":0.25,\"roll\":%d,\"result\":\"hit\","
		 "\"free\":false}", att->value);
	reads(g, att, BLUE, TARGET_END, line, obj);
	reads_all(g, att, RED, ATTACK_FULL);
	never_says(g, att, BLUE, "r3");
	never_says(g, att, BLUE, "longbow");
	never_says(g, att, BLUE, "large target");

	const struct event *ev = first(&b.ballista, EV_HIT);
	reads(g, ev, RED, HIT_FULL, "b2 is hit, 1 hit left",
	      "{\"type\":\"hit\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"b2\",\"by\":\"r3\",\"hits\":1}");
	reads(g, ev, BLUE, HIT_PART, "b2 is hit, 1 hit left",
	      "{\"type\":\"hit\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"b2\",\"by\":null,\"hits\":1}");
	unseen(g, ev, GREEN);

	ev = first(&b.archer, EV_DISABLED);
	reads(g, ev, RED, HIT_FULL, "b3 is disabled",
	      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"b3\",\"by\":\"r4\"}");
	reads(g, ev, BLUE, HIT_PART, "b3 is disabled",
	      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"b3\",\"by\":null}");
	unseen(g, ev, GREEN);
	for (int i = 0; i < b.archer.n; i++) {
		never_says(g, &b.archer.ev[i], BLUE, "r4");
		unseen(g, &b.archer.ev[i], GREEN);
	}
	game_free(g);
}

/* A door under fire from an unseen catapult: the blows are told where
 * the door is seen, the thrower is not named; Green sees no door. */
static void test_structure_seen_or_not(void **state)
{
	(void)state;
	static struct battle b;
	struct game *g = melee_battle(&b);
	const struct event *roll = first(&b.door, EV_ROLL);
	char line[200], obj[400];
	reads_part_roll(g, roll, BLUE, TARGET_END,
			"{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":"
			"\"missile\",\"unit\":null",
			"attack by an unseen enemy on 18,1, need 11");
	snprintf(line, sizeof line,
		 "roll d20 = %d (r5 stone at door (closed) 18,1, need 11)",
		 roll->value);
	assert_string_equal(text(g, roll, RED), line);

	const struct event *att = first(&b.door, EV_ATTACK);
	snprintf(line, sizeof line,
		 "an unseen enemy attacks 18,1: need 11+; rolled %d: HIT",
		 att->value);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":null,\"at\":[18,1],\"need\":11,"
		 "\"chance\":0.50,\"roll\":%d,\"result\":\"hit\",\"free\":false}",
		 att->value);
	reads(g, att, BLUE, TARGET_END, line, obj);
	reads_all(g, att, RED, ATTACK_FULL);

	const struct event *ev = first(&b.door, EV_STRUCTURE);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, STRUCTURE_SEEN, "18,1: the door holds, 1 hit left",
		      "{\"type\":\"structure\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"missile\",\"at\":[18,1],\"hits\":1,\"text\":\"the door holds, "
		      "1 hit left\"}");
	for (int i = 0; i < b.door.n; i++)
		unseen(g, &b.door.ev[i], GREEN);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stopped_needs_both_units_known),
		cmocka_unit_test(test_outnumbered_told_where_target_known),
		cmocka_unit_test(test_melee_pick_needs_every_candidate_known),
		cmocka_unit_test(test_shot_at_friend),
		cmocka_unit_test(test_shot_at_unseen_candidate),
		cmocka_unit_test(test_attack_in_full_and_not_at_all),
		cmocka_unit_test(test_unseen_shooter_hits_and_disables),
		cmocka_unit_test(test_structure_seen_or_not),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
