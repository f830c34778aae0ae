/* test_path.c: the way to a cell over several turns (rules/path.h):
 * ladders paid over turns, machines' turning, doors, stairs, friends in
 * the way, reasons for never, and agreement with move_path in one turn. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "base/util.h"
#include "data/scenario_load.h"
#include "rules/move.h"
#include "rules/path.h"
#include "testworld.h"

/* The way for unit idx to x,y with a full move in the first turn. */
static int find(const struct world *w, int idx, int x, int y,
		const unsigned char *known, struct path *p)
{
	struct path_query q = {.known = known, .tx = x, .ty = y, .first = -1};
	return path_find(w, idx, &q, p);
}

static void assert_why(const struct path *p, const char *needle)
{
	if (!strstr(p->why, needle))
		fail_msg("why '%s' does not say '%s'", p->why, needle);
}

/* ---- ladders ------------------------------------------------------- */

static void test_ladder_over_two_turns(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("_____", "==H==", "....."));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 2, 2, DIR_N);
	struct path p;
	assert_int_equal(find(w, k, 2, 0, NULL, &p), 0);
	/* 1 inch to the ladder's foot, then 8 climbing: 2 and 6 left this
	 * turn, the other 2 inches of the climb next turn. */
	assert_int_equal(p.turns, 2);
	assert_int_equal(p.cost, 18);
	assert_int_equal(p.left, 10 - 8);
	assert_int_equal(p.nsteps, 2);
	assert_int_equal(p.steps[0].turn, 1);
	assert_int_equal(p.steps[1].turn, 2);
	assert_int_equal(p.steps[1].begun, 1);
	assert_int_equal(p.steps[1].cost, 16);
	int x, y;
	path_turn_end(&p, 2, 2, 1, &x, &y);
	assert_int_equal(x, 2);
	assert_int_equal(y, 1); /* on the ladder, part way up */
	path_free(&p);
}

static void test_ladder_over_three_turns(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("_____", "==H==", "....."));
	for (int x = 0; x < 5; x++) {
		tw_set_height(w, x, 0, 8);
		tw_set_height(w, x, 1, x == 2 ? 0 : 8);
	}
	int p1 = tw_add_unit(w, "peasant_levy", TW_RED, 2, 2, DIR_N);
	struct path p;
	assert_int_equal(find(w, p1, 2, 0, NULL, &p), 0);
	/* 16 inches of climbing for a move of 6: 5 in the first turn (after
	 * the step to the ladder), 6 in the second, 5 in the third. */
	assert_int_equal(p.turns, 3);
	assert_int_equal(p.cost, 2 + 32);
	assert_int_equal(p.left, 2);
	path_free(&p);
}

static void test_ladder_climb_begun(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("_____", "==H==", "....."));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 2, 1, DIR_N);
	w->units[k].climb_dir = DIR_N;
	w->units[k].climb_paid = 8;
	struct path p;
	assert_int_equal(find(w, k, 2, 0, NULL, &p), 0);
	assert_int_equal(p.turns, 1);
	assert_int_equal(p.cost, 8);
	path_free(&p);
}

/* ---- war machines -------------------------------------------------- */

static void test_machine_turning_decides_turns(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#########", ".........", "#########"));
	/* A ballista moves 3 inches: six steps east take two turns when it
	 * faces east, three when it must first turn 90 degrees (2 inches). */
	int b = tw_add_unit(w, "ballista", TW_RED, 0, 1, DIR_E);
	struct path p;
	assert_int_equal(find(w, b, 6, 1, NULL, &p), 0);
	assert_int_equal(p.turns, 2);
	assert_int_equal(p.cost, 12);
	path_free(&p);
	w->units[b].facing = DIR_N;
	assert_int_equal(find(w, b, 6, 1, NULL, &p), 0);
	assert_int_equal(p.turns, 3);
	assert_int_equal(p.cost, 16);
	/* The turn is made in the first turn, before the first step. */
	assert_int_equal(p.steps[0].turn, 1);
	assert_int_equal(p.steps[0].cost, p.steps[0].act == PATH_FACE ? 2 : 6);
	path_free(&p);
}

static void test_machine_turns_across_turns(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	/* Facing west, the ballista needs 4 inches of turning: 3 this turn,
	 * 1 the next with two steps, the third step in a third turn. */
	int b = tw_add_unit(w, "ballista", TW_RED, 0, 1, DIR_W);
	struct path p;
	assert_int_equal(find(w, b, 3, 1, NULL, &p), 0);
	assert_int_equal(p.turns, 3);
	assert_int_equal(p.cost, 8 + 6);
	path_free(&p);
}

/* ---- doors --------------------------------------------------------- */

static void lock(struct world *w, int x, int y, int team)
{
	struct cell *c = map_cell(&w->map, x, y);
	c->t.state = DOOR_LOCKED;
	c->t.locked_by = team;
	c->t.key = team;
}

static void test_door_own_lock_opens(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#####", "..+..", "#####"));
	lock(w, 2, 1, TW_RED);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	struct path p;
	assert_int_equal(find(w, k, 4, 1, NULL, &p), 0);
	/* Step, open (2 inches), into the door, out: 5 inches this turn,
	 * the last step the next. */
	assert_int_equal(p.turns, 2);
	assert_int_equal(p.cost, 2 + 4 + 2 + 2 + 2);
	assert_int_equal(p.nsteps, 5);
	assert_int_equal(p.steps[1].act, PATH_OPEN);
	assert_int_equal(p.steps[1].x, 1);
	assert_int_equal(p.steps[1].dir, DIR_E);
	assert_int_equal(p.steps[1].turn, 1);
	path_free(&p);
}

static void test_door_enemy_lock_never(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#####", "..+..", "#####"));
	lock(w, 2, 1, TW_RED);
	int b = tw_add_unit(w, "foot_knight", TW_BLUE, 0, 1, DIR_E);
	struct path p;
	assert_int_equal(find(w, b, 4, 1, NULL, &p), -1);
	assert_int_equal(p.turns, -1);
	assert_why(&p, "the door at 2,1 is locked (Red)");
	path_free(&p);
	/* As a target itself, too. */
	assert_int_equal(find(w, b, 2, 1, NULL, &p), -1);
	assert_why(&p, "locked (Red)");
	path_free(&p);
}

static void test_door_shut_opens_for_all_but_machines(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#####", "..+..", "#####"));
	int b = tw_add_unit(w, "mounted_knight", TW_BLUE, 0, 1, DIR_E);
	int r = tw_add_unit(w, "battering_ram", TW_RED, 4, 1, DIR_W);
	struct path p;
	assert_int_equal(find(w, b, 3, 1, NULL, &p), 0);
	assert_int_equal(p.turns, 1);
	assert_int_equal(p.cost, 2 + 4 + 2 + 2);
	path_free(&p);
	assert_int_equal(find(w, r, 1, 1, NULL, &p), -1);
	assert_why(&p, "war machines cannot use doors");
	path_free(&p);
}

/* ---- stairs and heights -------------------------------------------- */

static void test_stairs(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".^_"));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	struct path p;
	assert_int_equal(find(w, k, 2, 0, NULL, &p), 0);
	/* Up 2 inches and 2 more: each step 1 inch plus 2 climbed. */
	assert_int_equal(p.turns, 2);
	assert_int_equal(p.cost, 12);
	assert_int_equal(p.steps[0].cost, 6);
	assert_int_equal(p.steps[1].turn, 2);
	enum dir dirs[8];
	int cost;
	char why[MOVE_WHY_LEN];
	assert_int_equal(move_path(w, NULL, k, 2, 0, dirs, 8, &cost, why), 2);
	assert_int_equal(cost, p.cost);
	path_free(&p);
}

/* ---- friends and enemies in the way -------------------------------- */

static void test_no_turn_ends_on_a_friend(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("########", "........", "########"));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	for (int x = 1; x <= 4; x++)
		tw_add_unit(w, "archer", TW_RED, x, 1, DIR_E);
	struct path p;
	/* Past four friends to the free cell 5,1 in one turn, on the next. */
	assert_int_equal(find(w, k, 6, 1, NULL, &p), 0);
	assert_int_equal(p.turns, 2);
	path_free(&p);
	/* With a fifth friend at 5,1 no turn can end short of 6,1. */
	tw_add_unit(w, "archer", TW_RED, 5, 1, DIR_E);
	assert_int_equal(find(w, k, 6, 1, NULL, &p), -1);
	assert_why(&p, "end a turn on");
	path_free(&p);
	assert_int_equal(find(w, k, 5, 1, NULL, &p), -1);
	assert_why(&p, "stands at 5,1");
	path_free(&p);
}

static void test_a_later_turn_is_better_by_a_friend(void **state)
{
	struct world *w = *state;
	/* Arriving on the friends' row early, with little left, would end a
	 * turn on a friend: the search keeps the later, fresher arrival. */
	tw_init(w, TW_ROWS("#######", ",,.....", "#######"));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	for (int x = 2; x <= 5; x++)
		tw_add_unit(w, "archer", TW_RED, x, 1, DIR_E);
	struct path p;
	struct path_query q = {.tx = 6, .ty = 1, .first = 6};
	assert_int_equal(path_find(w, k, &q, &p), 0);
	/* Turn 1: 4 of 6 half-inches to 1,1; turn 2: four friends and the
	 * goal, 10. */
	assert_int_equal(p.turns, 2);
	assert_int_equal(p.cost, 4 + 10);
	path_free(&p);
}

static void test_only_known_enemies_block(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	tw_add_unit(w, "archer", TW_BLUE, 2, 1, DIR_W);
	unsigned char known[2] = {1, 0};
	struct path p;
	assert_int_equal(find(w, k, 4, 1, known, &p), 0);
	assert_int_equal(p.turns, 1);
	path_free(&p);
	known[1] = 1;
	assert_int_equal(find(w, k, 4, 1, known, &p), -1);
	assert_why(&p, "enemy b1 stands at 2,1");
	path_free(&p);
}

/* ---- never, and why ------------------------------------------------ */

static void test_never_walled_off(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("..#..", "..#.."));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	struct path p;
	assert_int_equal(find(w, k, 4, 0, NULL, &p), -1);
	assert_why(&p, "no way from 0,0 to 4,0");
	path_free(&p);
	assert_int_equal(find(w, k, 2, 1, NULL, &p), -1);
	assert_why(&p, "2,1 is wall");
	path_free(&p);
	assert_int_equal(find(w, k, 9, 1, NULL, &p), -1);
	assert_why(&p, "off the map");
	path_free(&p);
}

static void test_never_for_horsemen(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....", "%%%%", "...."));
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 0, 2, DIR_N);
	int k = tw_add_unit(w, "foot_knight", TW_RED, 3, 2, DIR_N);
	struct path p;
	assert_int_equal(find(w, m, 0, 0, NULL, &p), -1);
	assert_why(&p, "mounted units cannot enter low wall");
	path_free(&p);
	assert_int_equal(find(w, m, 0, 1, NULL, &p), -1);
	assert_why(&p, "mounted units cannot enter low wall at 0,1");
	path_free(&p);
	/* The hedge costs a foot knight double. */
	assert_int_equal(find(w, k, 3, 0, NULL, &p), 0);
	assert_int_equal(p.cost, 4 + 2);
	path_free(&p);
}

static void test_never_up_a_ladder_on_horseback(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("__", "H=", ".."));
	map_cell(&w->map, 0, 1)->t.mounted = true; /* a ramp's foot */
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 0, 2, DIR_N);
	struct path p;
	assert_int_equal(find(w, m, 0, 0, NULL, &p), -1);
	assert_why(&p, "only foot units climb ladders");
	path_free(&p);
}

static void test_never_too_costly(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("...", "..."));
	map_cell(&w->map, 1, 0)->t.cost = 9;
	map_cell(&w->map, 1, 1)->t.cost = 9;
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	struct path p;
	assert_int_equal(find(w, k, 2, 0, NULL, &p), -1);
	assert_why(&p, "costs more than a whole turn's move (5 inches)");
	path_free(&p);
}

static void test_already_there_and_goal_areas(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("......", "......"));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	struct path p;
	assert_int_equal(find(w, k, 0, 0, NULL, &p), 0);
	assert_int_equal(p.turns, 0);
	assert_int_equal(p.nsteps, 0);
	path_free(&p);
	unsigned char goal[12] = {0};
	goal[5] = goal[11] = 1; /* the last column */
	struct path_query q = {.goal = goal, .first = 0};
	assert_int_equal(path_find(w, k, &q, &p), 0);
	/* Nothing left this turn: all of it next turn. */
	assert_int_equal(p.turns, 2);
	assert_int_equal(p.x, 5);
	assert_int_equal(p.y, 0);
	path_free(&p);
}

static void test_exits_are_not_passed(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	int k = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	unsigned char exits[15] = {0};
	exits[1 * 5 + 2] = 1;
	struct path_query q = {.tx = 4, .ty = 1, .exits = exits, .first = -1};
	struct path p;
	assert_int_equal(path_find(w, k, &q, &p), -1);
	path_free(&p);
	q.tx = 2;
	assert_int_equal(path_find(w, k, &q, &p), 0);
	path_free(&p);
}

/* ---- one turn: the same cost as move_path -------------------------- */

/* The scenario at rel (from the top of the source tree) into sc. */
static void load_scenario(const char *rel, struct scenario *sc)
{
	const char *top = getenv("abs_top_srcdir");
	char *path = xasprintf("%s/%s", top ? top : ".", rel);
	char *err = NULL;
	if (scenario_load(path, sc, &err) != 0)
		fail_msg("%s", err);
	free(path);
}

static void compare_with_move_path(const char *rel, uint64_t seed)
{
	struct scenario sc;
	load_scenario(rel, &sc);
	struct world *w = &sc.world;
	struct rng r;
	rng_seed(&r, seed);
	int compared = 0;
	for (int i = 0; i < w->nunits; i++) {
		struct unit *u = &w->units[i];
		u->move_left = 2 * world_type(w, u)->move;
		for (int k = 0; k < 40; k++) {
			int x = rng_die(&r, w->map.w) - 1;
			int y = rng_die(&r, w->map.h) - 1;
			/* Near the unit too, where one turn reaches. */
			if (k % 2) {
				x = u->x + rng_die(&r, 15) - 8;
				y = u->y + rng_die(&r, 15) - 8;
				if (!map_inside(&w->map, x, y))
					continue;
			}
			enum dir dirs[4096];
			int mcost;
			char why[MOVE_WHY_LEN];
			int n = move_path(w, NULL, i, x, y, dirs, 4096, &mcost, why);
			struct path p;
			int rc = find(w, i, x, y, NULL, &p);
			bool door = false;
			for (int s = 0; s < p.nsteps; s++)
				door = door || p.steps[s].act == PATH_OPEN;
			if (n >= 0 && mcost <= u->move_left) {
				assert_int_equal(rc, 0);
				assert_true(p.turns <= 1);
				/* Opening a door may be cheaper than going round. */
				if (door)
					assert_true(p.cost <= mcost);
				else
					assert_int_equal(p.cost, mcost);
				compared++;
			}
			if (rc == 0 && p.turns <= 1 && !door) {
				assert_true(n >= 0);
				assert_int_equal(p.cost, mcost);
			}
			path_free(&p);
		}
	}
	assert_true(compared > 0);
	scenario_free(&sc);
}

static void test_one_turn_equals_move_path(void **state)
{
	(void)state;
	compare_with_move_path("maps/gatehouse.yaml", 1);
	compare_with_move_path("maps/escalade.yaml", 2);
	compare_with_move_path("maps/chapel.yaml", 3);
	compare_with_move_path("maps/bridge.yaml", 4);
}

/* A reach searched no further than a limit finds, for every cell within
 * it, the very cost of the whole search, and nothing beyond: for every
 * unit of the shipped maps, machines (which pay to turn) among them, at
 * several limits. */
static void reach_within_agrees(const char *rel)
{
	struct scenario sc;
	load_scenario(rel, &sc);
	struct world *w = &sc.world;
	int cells = w->map.w * w->map.h;
	int *all = xmalloc((size_t)cells * sizeof *all);
	int *near = xmalloc((size_t)cells * sizeof *near);
	static const int limits[] = {0, 3, 8, 12, 20, 40};
	int within = 0;
	for (int i = 0; i < w->nunits; i++) {
		w->units[i].move_left = 2 * world_type(w, &w->units[i])->move;
		move_reach(w, NULL, i, all);
		for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
			move_reach_within(w, NULL, i, limits[k], near);
			for (int c = 0; c < cells; c++) {
				if (all[c] <= limits[k]) {
					assert_int_equal(near[c], all[c]);
					within++;
				} else {
					assert_int_equal(near[c], INT_MAX);
				}
			}
		}
	}
	assert_true(within > 0);
	free(all);
	free(near);
	scenario_free(&sc);
}

static void test_reach_within_a_limit(void **state)
{
	(void)state;
	reach_within_agrees("maps/gatehouse.yaml");
	reach_within_agrees("maps/escalade.yaml");
	reach_within_agrees("maps/tutorial.yaml");
	reach_within_agrees("maps/chapel.yaml");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_ladder_over_two_turns),
		TW_TEST(test_ladder_over_three_turns),
		TW_TEST(test_ladder_climb_begun),
		TW_TEST(test_machine_turning_decides_turns),
		TW_TEST(test_machine_turns_across_turns),
		TW_TEST(test_door_own_lock_opens),
		TW_TEST(test_door_enemy_lock_never),
		TW_TEST(test_door_shut_opens_for_all_but_machines),
		TW_TEST(test_stairs),
		TW_TEST(test_no_turn_ends_on_a_friend),
		TW_TEST(test_a_later_turn_is_better_by_a_friend),
		TW_TEST(test_only_known_enemies_block),
		TW_TEST(test_never_walled_off),
		TW_TEST(test_never_for_horsemen),
		TW_TEST(test_never_up_a_ladder_on_horseback),
		TW_TEST(test_never_too_costly),
		TW_TEST(test_already_there_and_goal_areas),
		TW_TEST(test_exits_are_not_passed),
		cmocka_unit_test(test_one_turn_equals_move_path),
		cmocka_unit_test(test_reach_within_a_limit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
