/* test_move.c: movement (SPEC 5): the cost of one step over terrain, doors,
 * ladders and stairs, the turns of war machines, and the cheapest path. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "rules/move.h"
#include "testworld.h"

/* ---- movement: one step ------------------------------------------- */

static int step(const struct world *w, int idx, enum dir d)
{
	const struct unit *u = &w->units[idx];
	char why[MOVE_WHY_LEN] = "";
	return move_step_cost(w, NULL, idx, u->x, u->y, u->facing, d, why);
}

/* The step's cost, or -1 with the reason in why. */
static int step_why(const struct world *w, int idx, enum dir d, char *why)
{
	const struct unit *u = &w->units[idx];
	why[0] = '\0';
	return move_step_cost(w, NULL, idx, u->x, u->y, u->facing, d, why);
}

static void assert_contains(const char *s, const char *part)
{
	if (!strstr(s, part))
		fail_msg("\"%s\" does not say \"%s\"", s, part);
}

static const char *const open5[] = {".....", ".....", ".....", ".....",
				    ".....", NULL};

/* In half-inches: 2 straight, 3 diagonal. */
static void test_step_orthogonal_2_diagonal_3(void **state)
{
	struct world *w = *state;
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 2, 2, DIR_N);
	for (int d = 0; d < DIR_COUNT; d++)
		assert_int_equal(step(w, u, (enum dir)d),
				 dir_diagonal((enum dir)d) ? 3 : 2);
}

static void test_step_terrain_multiplies(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(",T%", "...", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_N), 4);  /* woods */
	assert_int_equal(step(w, u, DIR_NW), 6); /* rough */
	assert_int_equal(step(w, u, DIR_NE), 6); /* low wall */
	assert_int_equal(step(w, u, DIR_S), 2);
	/* Leaving rough ground costs what the next cell costs. */
	world_place(w, u, 0, 0);
	assert_int_equal(step(w, u, DIR_S), 2);
}

static void test_step_off_the_map(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("..", ".."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_N);
	assert_int_equal(step_why(w, u, DIR_N, why), -1);
	assert_contains(why, "off the map");
	assert_int_equal(step(w, u, DIR_W), -1);
	assert_int_equal(step(w, u, DIR_NW), -1);
	assert_int_equal(step(w, u, DIR_SE), 3);
}

static void test_step_impassable_terrain(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#~=", "...", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_NW), -1); /* wall */
	assert_int_equal(step(w, u, DIR_N), -1);  /* water */
	assert_int_equal(step(w, u, DIR_NE), -1); /* parapet */
}

/* No diagonal step between two impassable cells; one is fine. */
static void test_step_no_squeezing_diagonally(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".#.", "..#", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step_why(w, u, DIR_NE, why), -1);
	assert_contains(why, "squeez");
	tw_set_cell(w, 1, 0, '.');
	assert_int_equal(step(w, u, DIR_NE), 3);
	/* Closed doors and water are impassable sides too. */
	tw_set_cell(w, 1, 0, '+');
	tw_set_cell(w, 2, 1, '~');
	assert_int_equal(step(w, u, DIR_NE), -1);
	tw_set_cell(w, 1, 0, '\'');
	assert_int_equal(step(w, u, DIR_NE), 3);
}

/* Friends may be passed through, enemies never. */
static void test_step_friends_passable_enemies_not(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 2, 2, DIR_N);
	tw_add_unit(w, "archer", TW_RED, 2, 1, DIR_S);
	int e = tw_add_unit(w, "archer", TW_BLUE, 3, 2, DIR_W);
	assert_int_equal(step(w, u, DIR_N), 2);
	assert_int_equal(step_why(w, u, DIR_E, why), -1);
	assert_contains(why, "b1");
	world_remove(w, e, STATUS_DISABLED);
	assert_int_equal(step(w, u, DIR_E), 2);
}

static void test_step_doors(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("+'+", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_NW), -1); /* closed */
	assert_int_equal(step(w, u, DIR_N), 2);   /* open */
	map_cell(&w->map, 2, 0)->t.state = DOOR_LOCKED;
	assert_int_equal(step(w, u, DIR_NE), -1);
	/* Mounted units may use doors; machines may not. */
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 0, 1, DIR_N);
	assert_int_equal(step(w, m, DIR_NE), 3);
	world_remove(w, m, STATUS_ESCAPED);
	int c = tw_add_unit(w, "battering_ram", TW_RED, 0, 1, DIR_NE);
	assert_int_equal(step(w, c, DIR_NE), -1);
}

static void test_step_mounted_not_into_low_wall(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("%T,", "..."));
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 0, 1, DIR_N);
	assert_int_equal(step_why(w, m, DIR_N, why), -1);
	assert_contains(why, "mounted");
	assert_int_equal(step(w, m, DIR_NE), 6); /* woods are fine */
	int f = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, f, DIR_NW), 6); /* foot cross it */
}

static void test_step_machines_kept_out(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("%H^'", "....", "T,.."));
	int c = tw_add_unit(w, "catapult", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, c, DIR_NW), -1); /* low wall */
	assert_int_equal(step(w, c, DIR_N), -1);  /* ladder */
	assert_int_equal(step(w, c, DIR_NE), -1); /* stairs */
	/* Woods and rough are slow but open to machines. */
	w->units[c].facing = DIR_S;
	assert_int_equal(step(w, c, DIR_S), 4);      /* rough */
	assert_int_equal(step(w, c, DIR_SW), 6 + 2); /* woods, 1 turn */
}

/* A war machine pays 1 inch per 45 degrees turned, before stepping. */
static void test_step_machines_pay_for_turning(void **state)
{
	struct world *w = *state;
	tw_init(w, open5);
	int c = tw_add_unit(w, "catapult", TW_RED, 2, 2, DIR_N);
	assert_int_equal(step(w, c, DIR_N), 2);
	assert_int_equal(step(w, c, DIR_NE), 3 + 2);
	assert_int_equal(step(w, c, DIR_E), 2 + 4);
	assert_int_equal(step(w, c, DIR_SE), 3 + 6);
	assert_int_equal(step(w, c, DIR_S), 2 + 8);
	assert_int_equal(step(w, c, DIR_W), 2 + 4);
	assert_int_equal(move_turn_cost(w, c, DIR_N, DIR_S), 8);
	assert_int_equal(move_turn_cost(w, c, DIR_NW, DIR_NE), 4);
	/* Foot and mounted units turn for free. */
	int f = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_N);
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 4, 4, DIR_N);
	assert_int_equal(move_turn_cost(w, f, DIR_N, DIR_S), 0);
	assert_int_equal(move_turn_cost(w, m, DIR_N, DIR_S), 0);
	assert_int_equal(step(w, f, DIR_SE), 3);
}

/* Climbing a 4-inch ladder costs 8 inches (16 half-inches), up or down;
 * stepping onto the ladder at its foot is an ordinary step. */
static void test_step_ladder_climb_costs_double(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_LADDER_ROWS);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 2, DIR_N);
	assert_int_equal(step(w, u, DIR_N), 2);
	assert_false(move_is_ladder_climb(w, 1, 2, DIR_N));
	world_place(w, u, 1, 1);
	assert_int_equal(step(w, u, DIR_N), 16);
	assert_int_equal(step(w, u, DIR_NW), 16);
	assert_true(move_is_ladder_climb(w, 1, 1, DIR_N));
	world_place(w, u, 1, 0);
	assert_int_equal(step(w, u, DIR_S), 16);
	assert_true(move_is_ladder_climb(w, 1, 0, DIR_S));
	assert_false(move_is_ladder_climb(w, 1, 0, DIR_E));
}

static void test_step_ladder_cost_follows_height(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_LADDER_ROWS);
	for (int x = 0; x < 4; x++)
		tw_set_height(w, x, 0, 2);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, u, DIR_N), 8);
	tw_set_height(w, 1, 0, 6);
	assert_int_equal(step(w, u, DIR_N), 24);
}

/* Only foot units climb ladders. */
static void test_step_only_foot_climb(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_LADDER_ROWS);
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 1, 2, DIR_N);
	assert_int_equal(step(w, m, DIR_N), -1); /* not onto it */
	world_place(w, m, 1, 1);               /* nor up it */
	assert_int_equal(step_why(w, m, DIR_N, why), -1);
	assert_contains(why, "only foot units climb ladders");
	world_place(w, m, 1, 0); /* nor down it */
	assert_int_equal(step(w, m, DIR_S), -1);
	int c = tw_add_unit(w, "catapult", TW_RED, 1, 2, DIR_N);
	assert_int_equal(step(w, c, DIR_N), -1);
}

/* Stairs: the step plus the height climbed or descended. */
static void test_step_stairs_cost(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".^_", "..."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	assert_int_equal(step(w, u, DIR_E), 2 + 4); /* up 2 inches */
	world_place(w, u, 1, 0);
	assert_int_equal(step(w, u, DIR_E), 2 + 4); /* up 2 more */
	assert_int_equal(step(w, u, DIR_W), 2 + 4); /* down 2 */
	assert_int_equal(step(w, u, DIR_SW), 3 + 4);
	world_place(w, u, 2, 0);
	assert_int_equal(step(w, u, DIR_W), 2 + 4);
	world_place(w, u, 0, 1);
	assert_int_equal(step(w, u, DIR_NE), 3 + 4);
	/* Mounted units may use stairs. */
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 1, 1, DIR_N);
	assert_int_equal(step(w, m, DIR_N), 2 + 4);
}

/* Without a ladder or stairs, no step changes height. */
static void test_step_height_change_needs_ladder_or_stairs(void **state)
{
	struct world *w = *state;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("__.", "__."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 2, 0, DIR_W);
	assert_int_equal(step_why(w, u, DIR_W, why), -1);
	assert_contains(why, "ladder or stairs");
	assert_int_equal(step(w, u, DIR_SW), -1);
	world_place(w, u, 1, 0);
	assert_int_equal(step(w, u, DIR_E), -1);
	assert_int_equal(step(w, u, DIR_W), 2); /* along the walk */
	tw_set_height(w, 0, 0, 6);
	assert_int_equal(step(w, u, DIR_W), -1); /* a higher walk */
}

/* ---- movement: the cheapest path ---------------------------------- */

#define MAX_PATH 64

/* Sum the step costs along a path from the unit's cell and facing. */
static int path_cost(const struct world *w, int idx, const enum dir *dirs,
		     int n)
{
	const struct unit *u = &w->units[idx];
	int x = u->x, y = u->y, total = 0;
	enum dir f = u->facing;
	char why[MOVE_WHY_LEN];
	for (int i = 0; i < n; i++) {
		int c = move_step_cost(w, NULL, idx, x, y, f, dirs[i], why);
		assert_true(c > 0);
		total += c;
		x += dir_dx[dirs[i]];
		y += dir_dy[dirs[i]];
		f = dirs[i];
	}
	return total;
}

static void assert_dirs(const enum dir *got, int n, const enum dir *want,
			int wn)
{
	assert_int_equal(n, wn);
	for (int i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("step %d: %s, want %s", i, dir_names[got[i]],
				 dir_names[want[i]]);
}

#define ASSERT_DIRS(got, n, ...)                                  \
	assert_dirs((got), (n), (const enum dir[]){__VA_ARGS__},  \
		    (int)(sizeof((const enum dir[]){__VA_ARGS__}) / \
			  sizeof(enum dir)))

static void test_path_goes_round_rough_ground(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".....", ".,,,.", ",,,,,"));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	int n = move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why);
	/* Straight through costs 4+4+4+2 = 14; round the top 3+2+2+3. */
	assert_int_equal(cost, 10);
	ASSERT_DIRS(dirs, n, DIR_NE, DIR_E, DIR_E, DIR_SE);
	assert_int_equal(path_cost(w, u, dirs, n), cost);
}

/* Entering rough ground diagonally costs 6, straight 4: the cheapest
 * path into it may come from a cell reached later in the search. */
static void test_path_enters_rough_ground_straight(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("....", "..,.", "...."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	int n = move_path(w, NULL, u, 2, 1, dirs, MAX_PATH, &cost, why);
	/* E then SE costs 2 + 6; SE then E costs 3 + 4. */
	assert_int_equal(cost, 7);
	ASSERT_DIRS(dirs, n, DIR_SE, DIR_E);
}

static void test_path_straight_line(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, open5);
	int u = tw_add_unit(w, "man_at_arms", TW_RED, 0, 0, DIR_N);
	int n = move_path(w, NULL, u, 3, 3, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 9);
	ASSERT_DIRS(dirs, n, DIR_SE, DIR_SE, DIR_SE);
	n = move_path(w, NULL, u, 0, 0, dirs, MAX_PATH, &cost, why);
	assert_int_equal(n, 0);
	assert_int_equal(cost, 0);
}

static void test_path_avoids_enemies(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".....", "....."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 2, 0, DIR_W);
	int n = move_path(w, NULL, u, 4, 0, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 10); /* 8 straight, but not through b1 */
	assert_int_equal(path_cost(w, u, dirs, n), 10);
	int x = 0, y = 0;
	for (int i = 0; i < n; i++) {
		x += dir_dx[dirs[i]];
		y += dir_dy[dirs[i]];
		assert_false(x == 2 && y == 0);
	}
	assert_true(x == 4 && y == 0);
}

static void test_path_blocked_by_enemy_in_corridor(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN] = "";
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 2, 1, DIR_W);
	assert_int_equal(move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why),
			 -1);
	assert_contains(why, "no path");
}

static void test_path_passes_through_friends(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("#####", ".....", "#####"));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	tw_add_unit(w, "archer", TW_RED, 2, 1, DIR_W);
	int n = move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 8);
	ASSERT_DIRS(dirs, n, DIR_E, DIR_E, DIR_E, DIR_E);
}

static void test_path_does_not_end_on_a_unit(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN] = "";
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "archer", TW_RED, 2, 0, DIR_W);
	tw_add_unit(w, "archer", TW_BLUE, 4, 4, DIR_W);
	assert_int_equal(move_path(w, NULL, u, 2, 0, dirs, MAX_PATH, &cost, why),
			 -1);
	assert_contains(why, "r2");
	assert_int_equal(move_path(w, NULL, u, 4, 4, dirs, MAX_PATH, &cost, why),
			 -1);
	assert_contains(why, "b1");
}

/* A machine's path counts its turns: facing north, going east costs
 * 2 inches of turning plus the steps. */
static void test_path_machine_pays_for_turning(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, open5);
	int c = tw_add_unit(w, "catapult", TW_RED, 0, 2, DIR_N);
	int n = move_path(w, NULL, c, 2, 2, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 4 + 2 + 2);
	ASSERT_DIRS(dirs, n, DIR_E, DIR_E);
	w->units[c].facing = DIR_E;
	n = move_path(w, NULL, c, 2, 2, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 4);
}

/* Turns and rough ground together: straight on through the rough costs
 * 4, then a turn and a diagonal 2 + 3, then a turn back 2 + 2 = 13; turning
 * first costs 2 + 3, then 2 + 2, then 2 = 11. */
static void test_path_machine_turns_round_rough_ground(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS(".....", ".,,..", "....."));
	int c = tw_add_unit(w, "catapult", TW_RED, 0, 1, DIR_E);
	int n = move_path(w, NULL, c, 3, 2, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 11);
	ASSERT_DIRS(dirs, n, DIR_SE, DIR_E, DIR_E);
	assert_int_equal(path_cost(w, c, dirs, n), 11);
}

static void test_path_up_a_ladder(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_LADDER_ROWS);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 1, 2, DIR_N);
	int n = move_path(w, NULL, u, 1, 0, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 2 + 16);
	ASSERT_DIRS(dirs, n, DIR_N, DIR_N);
	int m = tw_add_unit(w, "mounted_knight", TW_RED, 3, 2, DIR_N);
	assert_int_equal(move_path(w, NULL, m, 3, 0, dirs, MAX_PATH, &cost, why),
			 -1);
}

static void test_path_not_through_closed_doors(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN];
	tw_init(w, TW_ROWS("..#..", "..+..", "..#.."));
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 1, DIR_E);
	assert_int_equal(move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why),
			 -1);
	map_cell(&w->map, 2, 1)->t.state = DOOR_OPEN;
	int n = move_path(w, NULL, u, 4, 1, dirs, MAX_PATH, &cost, why);
	assert_int_equal(cost, 8);
	ASSERT_DIRS(dirs, n, DIR_E, DIR_E, DIR_E, DIR_E);
}

static void test_path_longer_than_max(void **state)
{
	struct world *w = *state;
	enum dir dirs[MAX_PATH];
	int cost = -1;
	char why[MOVE_WHY_LEN] = "";
	tw_init(w, open5);
	int u = tw_add_unit(w, "foot_knight", TW_RED, 0, 0, DIR_E);
	assert_int_equal(move_path(w, NULL, u, 4, 0, dirs, 3, &cost, why), -1);
	assert_contains(why, "too long");
	assert_int_equal(move_path(w, NULL, u, 4, 0, dirs, 4, &cost, why), 4);
}

static void test_move_inches(void **state)
{
	(void)state;
	char buf[16];
	assert_string_equal(move_inches(0, buf), "0");
	assert_string_equal(move_inches(1, buf), "0.5");
	assert_string_equal(move_inches(3, buf), "1.5");
	assert_string_equal(move_inches(4, buf), "2");
	assert_string_equal(move_inches(16, buf), "8");
	assert_string_equal(move_inches(25, buf), "12.5");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_step_orthogonal_2_diagonal_3),
		TW_TEST(test_step_terrain_multiplies),
		TW_TEST(test_step_off_the_map),
		TW_TEST(test_step_impassable_terrain),
		TW_TEST(test_step_no_squeezing_diagonally),
		TW_TEST(test_step_friends_passable_enemies_not),
		TW_TEST(test_step_doors),
		TW_TEST(test_step_mounted_not_into_low_wall),
		TW_TEST(test_step_machines_kept_out),
		TW_TEST(test_step_machines_pay_for_turning),
		TW_TEST(test_step_ladder_climb_costs_double),
		TW_TEST(test_step_ladder_cost_follows_height),
		TW_TEST(test_step_only_foot_climb),
		TW_TEST(test_step_stairs_cost),
		TW_TEST(test_step_height_change_needs_ladder_or_stairs),
		TW_TEST(test_path_goes_round_rough_ground),
		TW_TEST(test_path_enters_rough_ground_straight),
		TW_TEST(test_path_straight_line),
		TW_TEST(test_path_avoids_enemies),
		TW_TEST(test_path_blocked_by_enemy_in_corridor),
		TW_TEST(test_path_passes_through_friends),
		TW_TEST(test_path_does_not_end_on_a_unit),
		TW_TEST(test_path_machine_pays_for_turning),
		TW_TEST(test_path_machine_turns_round_rough_ground),
		TW_TEST(test_path_up_a_ladder),
		TW_TEST(test_path_not_through_closed_doors),
		TW_TEST(test_path_longer_than_max),
		cmocka_unit_test(test_move_inches),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
