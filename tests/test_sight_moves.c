/* test_sight_moves.c: what each team may read of the public events (steps,
 * goals, the end) and of movement: moves, turns, climbs, escapes, doors;
 * and that a unit a team cannot see hides nothing from it.
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

#include "game/game.h"
#include "testsight.h"

/* --- public events ------------------------------------------------------ */

/* Steps, goals and the end of the game are everyone's to read. */
static void test_steps_goals_end_are_public(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	reads_all(g, first(&l, EV_STEP), RED, ALL_OF_IT);
	reads_all(g, first(&l, EV_STEP), BLUE, ALL_OF_IT);
	run(g, &l, "end");
	const struct event *ev = first(&l, EV_STEP);
	reads(g, ev, RED, ALL_OF_IT, "== Round 1: Red, Missile fire ==",
	      "{\"type\":\"step\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\"}");
	reads_all(g, ev, BLUE, ALL_OF_IT);
	run(g, &l, "end");
	run(g, &l, "end");
	reads(g, first(&l, EV_STEP), BLUE, ALL_OF_IT,
	      "== Round 1: Blue, Movement ==",
	      "{\"type\":\"step\",\"round\":1,\"team\":\"Blue\",\"step\":\"movement\"}");
	reads_all(g, first(&l, EV_STEP), RED, ALL_OF_IT);
	run(g, &l, "end");
	run(g, &l, "end");
	/* Round 1 is the last: Blue's survival ends the game. */
	run(g, &l, "end");
	assert_true(g->over);
	for (int t = RED; t <= BLUE; t++) {
		reads(g, first(&l, EV_GOAL), t, ALL_OF_IT,
		      "goal met for Blue: survive until the end of round 1",
		      "{\"type\":\"goal\",\"round\":1,\"team\":\"Blue\",\"step\":"
		      "\"melee\",\"winner\":\"Blue\",\"goal\":\"survive until the "
		      "end of round 1\"}");
		reads(g, first(&l, EV_END), t, ALL_OF_IT,
		      "game over: Blue wins: survive until the end of round 1",
		      "{\"type\":\"end\",\"round\":1,\"team\":\"Blue\",\"step\":"
		      "\"melee\",\"winner\":\"Blue\",\"result\":\"Blue wins: "
		      "survive until the end of round 1\"}");
	}
	game_free(g);
}

/* An escape no one else saw still wins in public: goals are public. */
static void test_escape_goal_is_public(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-escape.yaml", 1, &l);
	run(g, &l, "move r2 e");
	run(g, &l, "move r1 e");
	assert_true(g->over);
	for (int t = RED; t <= BLUE; t++) {
		reads_all(g, first(&l, EV_GOAL), t, ALL_OF_IT);
		reads_all(g, first(&l, EV_END), t, ALL_OF_IT);
	}
	assert_string_equal(text(g, first(&l, EV_END), BLUE),
			    "game over: Red wins: get 2 units off the board "
			    "through 7,0-7,4");
	game_free(g);
}

/* --- movement ----------------------------------------------------------- */

/* Taking a movement back is the business of the team that took it. */
static void test_undo_is_told_to_its_team_only(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	run(g, &l, "move r1 n");
	run(g, &l, "undo");
	const struct event *ev = first(&l, EV_UNDO);
	reads(g, ev, RED, ALL_OF_IT, "Red takes back its last movement",
	      "{\"type\":\"undo\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\"}");
	unseen(g, ev, BLUE);
	run(g, &l, "end");
	run(g, &l, "end");
	run(g, &l, "end");
	run(g, &l, "move b1 n");
	run(g, &l, "undo");
	ev = first(&l, EV_UNDO);
	reads(g, ev, BLUE, ALL_OF_IT, "Blue takes back its last movement",
	      "{\"type\":\"undo\",\"round\":1,\"team\":\"Blue\",\"step\":\"movement\"}");
	unseen(g, ev, RED);
	game_free(g);
}

/* r1 walks from behind the wall into b1's view, across it, and out. */
static void test_move_seen_whole_in_part_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	run(g, &l, "move r1 n n w e se");
	assert_int_equal(count(&l, EV_MOVE), 5);

	/* Behind the wall: Blue is not told; Red reads its own move. */
	const struct event *ev = nth(&l, EV_MOVE, 0);
	reads(g, ev, RED, MOVE_FULL, "r1 moves 8,2 -> 8,1 (1 inch, 5 left)",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,2],\"to\":[8,1],\"cost\":1,\"left\":5}");
	unseen(g, ev, BLUE);

	/* Into view: where it came from, and what it paid, stay unsaid. */
	ev = nth(&l, EV_MOVE, 1);
	reads_all(g, ev, RED, MOVE_FULL);
	reads(g, ev, BLUE, MOVE_TO, "r1 comes into view at 8,0",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"to\":[8,0]}");
	never_says(g, ev, BLUE, "8,1");
	never_says(g, ev, BLUE, "left");

	/* In view at both ends: all of it. */
	ev = nth(&l, EV_MOVE, 2);
	reads(g, ev, BLUE, MOVE_FULL, "r1 moves 8,0 -> 7,0 (1 inch, 3 left)",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,0],\"to\":[7,0],\"cost\":1,\"left\":3}");
	reads_all(g, nth(&l, EV_MOVE, 3), BLUE, MOVE_FULL);

	/* Out of view: where it went stays unsaid. */
	ev = nth(&l, EV_MOVE, 4);
	reads(g, ev, RED, MOVE_FULL, "r1 moves 8,0 -> 9,1 (1.5 inches, 0.5 left)",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,0],\"to\":[9,1],\"cost\":1.5,"
	      "\"left\":0.5}");
	reads(g, ev, BLUE, MOVE_FROM, "r1 moves out of view from 8,0",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,0]}");
	never_says(g, ev, BLUE, "9,1");
	never_says(g, ev, BLUE, "1.5");
	game_free(g);
}

/* Turning is seen where the unit stands, or not at all. */
static void test_face_seen_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	run(g, &l, "face r1 s");
	const struct event *ev = first(&l, EV_FACE);
	reads(g, ev, RED, ONE_PLACE, "r1 faces s",
	      "{\"type\":\"face\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"facing\":\"s\",\"left\":6}");
	unseen(g, ev, BLUE);
	run(g, &l, "move r1 n n");
	run(g, &l, "face r1 s");
	ev = first(&l, EV_FACE);
	reads(g, ev, BLUE, ONE_PLACE, "r1 faces s",
	      "{\"type\":\"face\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"facing\":\"s\",\"left\":4}");
	reads_all(g, ev, RED, ONE_PLACE);
	game_free(g);
}

/* A climb part way up a ladder is seen at the ladder's foot. */
static void test_climb_seen_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-climb.yaml", 1, &l);
	run(g, &l, "move r1 n n");
	const struct event *ev = first(&l, EV_CLIMB);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, ONE_PLACE, "r1 climbs towards 2,0: 5 of 8 inches done",
		      "{\"type\":\"climb\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"movement\",\"unit\":\"r1\",\"at\":[2,1],\"towards\":[2,0],"
		      "\"paid\":5,\"needed\":8}");
	/* The east ladder is out of the archer's arc. */
	run(g, &l, "move r2 n n");
	ev = first(&l, EV_CLIMB);
	reads(g, ev, RED, ONE_PLACE, "r2 climbs towards 7,0: 5 of 8 inches done",
	      "{\"type\":\"climb\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r2\",\"at\":[7,1],\"towards\":[7,0],"
	      "\"paid\":5,\"needed\":8}");
	unseen(g, ev, BLUE);
	unseen(g, first(&l, EV_MOVE), BLUE);
	game_free(g);
}

/* Leaving the board is seen at the exit cell, or not at all. */
static void test_escape_seen_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-escape.yaml", 1, &l);
	run(g, &l, "move r2 e");
	const struct event *ev = first(&l, EV_ESCAPED);
	reads(g, ev, RED, ONE_PLACE, "r2 escapes off the board",
	      "{\"type\":\"escaped\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r2\",\"at\":[7,4]}");
	unseen(g, ev, BLUE);
	unseen(g, first(&l, EV_MOVE), BLUE);
	run(g, &l, "move r1 e");
	ev = first(&l, EV_ESCAPED);
	reads(g, ev, BLUE, ONE_PLACE, "r1 escapes off the board",
	      "{\"type\":\"escaped\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r1\",\"at\":[7,1]}");
	reads_all(g, first(&l, EV_MOVE), BLUE, MOVE_FULL);
	game_free(g);
}

/* A door: its user seen, all of it; only the door seen, that it opened;
 * neither, nothing. */
static void test_door_full_part_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-door.yaml", 1, &l);
	run(g, &l, "door r2 n open");
	const struct event *ev = first(&l, EV_DOOR);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, ONE_PLACE, "r2 opens the door at 6,2 (2 inches, 4 left)",
		      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"movement\",\"unit\":\"r2\",\"at\":[6,2],\"action\":\"open\","
		      "\"left\":4}");

	/* r1 stands behind the wall, beside the door Blue sees. */
	run(g, &l, "door r1 sw open");
	ev = first(&l, EV_DOOR);
	reads(g, ev, RED, ONE_PLACE, "r1 opens the door at 4,2 (2 inches, 4 left)",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r1\",\"at\":[4,2],\"action\":\"open\","
	      "\"left\":4}");
	reads(g, ev, BLUE, DOOR_PART, "the door at 4,2 opens",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"at\":[4,2],\"action\":\"open\"}");
	never_says(g, ev, BLUE, "r1");
	run(g, &l, "door r1 sw close");
	reads(g, first(&l, EV_DOOR), BLUE, DOOR_PART, "the door at 4,2 closes",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"at\":[4,2],\"action\":\"close\"}");
	run(g, &l, "door r1 sw lock");
	ev = first(&l, EV_DOOR);
	reads(g, ev, BLUE, DOOR_PART, "the door at 4,2 is locked",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"at\":[4,2],\"action\":\"lock\"}");
	reads_all(g, ev, RED, ONE_PLACE);

	/* Out of the archer's arc. */
	run(g, &l, "door r3 s open");
	ev = first(&l, EV_DOOR);
	reads_all(g, ev, RED, ONE_PLACE);
	unseen(g, ev, BLUE);
	game_free(g);
}

/* --- a hidden unit casts no shadow ----------------------------------------- */

/* A troop within 4 inches blocks a line only when the viewer sees it
 * (SPEC 2.1), so an enemy hidden behind a wall casts no shadow on the
 * viewer's view. In tests/data/sight-shadow-a.yaml Blue's b2 at 2,1 is
 * hidden from Red's archer r1 at 0,0 by the wall at 1,1, and the line from
 * r1 to 3,1 (and to 4,1, 6,2, 7,2) passes through 2,1: Red must see the 17
 * cells it sees in sight-shadow-b.yaml, where b2 is absent, b1 at 7,2
 * among them (tests/test_sight_rule.c moves b2 about too). Compare:
 *   medsiege view tests/data/sight-shadow-a.yaml --team Red
 *   medsiege view tests/data/sight-shadow-b.yaml --team Red */
static void test_hidden_unit_casts_no_shadow(void **state)
{
	(void)state;
	struct log la, lb;
	struct game *a = load("tests/data/sight-shadow-a.yaml", 1, &la);
	struct game *b = load("tests/data/sight-shadow-b.yaml", 1, &lb);
	const struct knowledge *ka = game_knowledge(a, RED);
	const struct knowledge *kb = game_knowledge(b, RED);
	assert_false(knowledge_knows(ka, world_find_unit(a->w, "b2")));
	for (int y = 0; y < ka->h; y++)
		for (int x = 0; x < ka->w; x++)
			if (knowledge_sees(ka, x, y) != knowledge_sees(kb, x, y))
				fail_msg("Red %s %d,%d only because of a unit it "
					 "cannot see",
					 knowledge_sees(ka, x, y) ? "sees" : "does not see",
					 x, y);
	assert_int_equal(knowledge_knows(ka, world_find_unit(a->w, "b1")),
			 knowledge_knows(kb, world_find_unit(b->w, "b1")));
	game_free(a);
	game_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steps_goals_end_are_public),
		cmocka_unit_test(test_escape_goal_is_public),
		cmocka_unit_test(test_undo_is_told_to_its_team_only),
		cmocka_unit_test(test_move_seen_whole_in_part_or_not),
		cmocka_unit_test(test_face_seen_or_not),
		cmocka_unit_test(test_climb_seen_or_not),
		cmocka_unit_test(test_escape_seen_or_not),
		cmocka_unit_test(test_door_full_part_or_not),
		cmocka_unit_test(test_hidden_unit_casts_no_shadow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
