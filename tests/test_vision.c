/* test_vision.c: what blocks a line (SPEC 2.1), what a unit sees and a
 * team's view (SPEC 2.2). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "testworld.h"
#include "world/vision.h"

static bool blocked(const struct world *w, int ax, int ay, int bx, int by)
{
	return vision_line_blocked(w, ax, ay, bx, by);
}

/* ---- the world the lines are drawn on ------------------------------ */

/* Every standard terrain's defaults, as SPEC 3's table gives them. */
static void test_terrain_defaults_match_spec(void **state)
{
	(void)state;
	static const struct {
		enum terrain_kind k;
		bool passable;
		int cost;
		bool blocks_sight;
		int height;
		enum cover cover;
		bool mounted, machines;
	} want[] = {
		{TERRAIN_OPEN, true, 1, false, 0, COVER_NONE, true, true},
		{TERRAIN_ROUGH, true, 2, false, 0, COVER_NONE, true, true},
		{TERRAIN_WALL, false, 1, true, 0, COVER_NONE, true, true},
		{TERRAIN_WALK, true, 1, false, 4, COVER_NONE, true, true},
		{TERRAIN_PARAPET, false, 1, false, 4, COVER_HALF, true, true},
		{TERRAIN_LOWWALL, true, 2, false, 0, COVER_HALF, false, false},
		{TERRAIN_WOODS, true, 2, false, 0, COVER_SOFT, true, true},
		{TERRAIN_WATER, false, 1, false, 0, COVER_NONE, true, true},
		{TERRAIN_LADDER, true, 1, false, 0, COVER_NONE, false, false},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		struct terrain t = terrain_default(want[i].k);
		struct cell c = {.t = t};
		assert_int_equal(t.kind, want[i].k);
		assert_int_equal(cell_passable(&c), want[i].passable);
		assert_int_equal(t.cost, want[i].cost);
		assert_int_equal(cell_blocks_sight(&c), want[i].blocks_sight);
		assert_int_equal(t.height, want[i].height);
		assert_int_equal(t.cover, want[i].cover);
		if (want[i].k == TERRAIN_WALL || want[i].k == TERRAIN_WATER ||
		    want[i].k == TERRAIN_PARAPET)
			continue; /* impassable anyway */
		assert_int_equal(t.mounted, want[i].mounted);
		assert_int_equal(t.machines, want[i].machines);
	}
	/* A door starts closed: impassable and opaque; mounted units may
	 * use doors, machines may not. */
	struct cell door = {.t = terrain_default(TERRAIN_DOOR)};
	assert_int_equal(door.t.state, DOOR_CLOSED);
	assert_false(cell_passable(&door));
	assert_true(cell_blocks_sight(&door));
	assert_true(door.t.mounted);
	assert_false(door.t.machines);
	door.t.state = DOOR_OPEN;
	assert_true(cell_passable(&door));
	assert_false(cell_blocks_sight(&door));
}

static void test_breached_wall_becomes_rubble(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("#+"));
	struct cell *wall = map_cell(&w->map, 0, 0);
	wall->t.dv = 14;
	wall->t.hits = wall->hits_left = 2;
	assert_true(cell_breachable(wall));
	cell_destroy(wall);
	assert_false(cell_breachable(wall));
	assert_true(cell_passable(wall));
	assert_false(cell_blocks_sight(wall));
	assert_int_equal(wall->t.cost, 2);
	assert_int_equal(wall->t.height, 0);
	assert_int_equal(cell_symbol(wall), ',');
	assert_string_equal(cell_describe(wall), "rubble");
	struct cell *door = map_cell(&w->map, 1, 0);
	assert_int_equal(cell_symbol(door), '+');
	cell_destroy(door);
	assert_true(cell_passable(door));
	assert_int_equal(cell_symbol(door), '\'');
}

/* The occupancy grid follows units as they move and leave. */
static void test_world_occupancy(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....", "...."));
	int a = tw_add_unit(w, "archer", TW_RED, 1, 0, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 3, 1, DIR_W);
	int c = tw_add_unit(w, "archer", TW_RED, 0, 1, DIR_E);
	assert_string_equal(w->units[a].id, "r1");
	assert_string_equal(w->units[b].id, "b1");
	assert_string_equal(w->units[c].id, "r2");
	assert_int_equal(world_unit_at(w, 1, 0), a);
	assert_int_equal(world_unit_at(w, 3, 1), b);
	assert_int_equal(world_unit_at(w, 2, 0), -1);
	assert_int_equal(world_unit_at(w, -1, 0), -1);
	world_place(w, a, 2, 0);
	assert_int_equal(world_unit_at(w, 1, 0), -1);
	assert_int_equal(world_unit_at(w, 2, 0), a);
	world_remove(w, b, STATUS_DISABLED);
	assert_int_equal(world_unit_at(w, 3, 1), -1);
	assert_int_equal(w->units[b].hits, 0);
	assert_int_equal(world_team_alive(w, TW_RED), 2);
	assert_int_equal(world_team_alive(w, TW_BLUE), 0);
	assert_int_equal(world_find_unit(w, "R2"), c);
	assert_int_equal(world_find_team(w, "blue"), TW_BLUE);
}

/* Unit ids sort naturally: r2 before r10. */
static void test_unit_id_order(void **state)
{
	(void)state;
	assert_true(unit_id_cmp("r2", "r10") < 0);
	assert_true(unit_id_cmp("r10", "r2") > 0);
	assert_true(unit_id_cmp("b12", "r1") < 0);
	assert_int_equal(unit_id_cmp("r7", "R7"), 0);
	assert_true(unit_id_cmp("r1", "r1a") < 0);
}

/* ---- terrain that blocks sight ------------------------------------- */

static void test_los_open_ground_is_clear(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........", ".........", "........."));
	assert_false(blocked(w, 0, 1, 8, 1));
	assert_false(blocked(w, 0, 0, 8, 2));
	assert_false(blocked(w, 8, 2, 0, 0));
	assert_false(blocked(w, 4, 1, 4, 1));
}

static void test_los_wall_blocks(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........", "....#....", "........."));
	assert_true(blocked(w, 0, 1, 8, 1));
	assert_true(blocked(w, 8, 1, 0, 1));
	assert_true(blocked(w, 2, 0, 6, 2)); /* through its middle */
	/* Lines that pass beside it are clear. */
	assert_false(blocked(w, 0, 0, 8, 0));
	assert_false(blocked(w, 0, 2, 8, 2));
	/* The wall itself can be seen: B is never a blocker. */
	assert_false(blocked(w, 0, 1, 4, 1));
}

static void test_los_door_closed_blocks_open_does_not(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("...+...", "...'..."));
	assert_true(blocked(w, 0, 0, 6, 0));
	assert_false(blocked(w, 0, 1, 6, 1));
	/* Opening and closing changes it. */
	map_cell(&w->map, 3, 0)->t.state = DOOR_OPEN;
	assert_false(blocked(w, 0, 0, 6, 0));
	map_cell(&w->map, 3, 1)->t.state = DOOR_LOCKED;
	assert_true(blocked(w, 0, 1, 6, 1));
	map_cell(&w->map, 3, 1)->t.state = DOOR_CLOSED;
	assert_true(blocked(w, 0, 1, 6, 1));
	/* A destroyed door is an open gap. */
	cell_destroy(map_cell(&w->map, 3, 1));
	assert_false(blocked(w, 0, 1, 6, 1));
}

/* No seeing through a diagonal gap between two blockers; one blocker
 * beside a corner does not block. */
static void test_los_diagonal_gap_between_walls(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".#...", "#....", ".....", ".....", "....."));
	assert_true(blocked(w, 0, 0, 2, 2));
	assert_true(blocked(w, 2, 2, 0, 0));
	assert_true(blocked(w, 0, 0, 1, 1)); /* even between neighbours */
	tw_set_cell(w, 1, 0, '.');
	assert_false(blocked(w, 0, 0, 2, 2));
	assert_false(blocked(w, 0, 0, 1, 1));
}

/* The two blockers must be at the same corner: one beside the first
 * corner and one beside the second do not make a gap. */
static void test_los_gap_needs_both_sides_of_one_corner(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".#...", ".....", ".#...", ".....", "....."));
	/* 0,0 -> 3,3 has corners with sides {1,0 0,1} {2,1 1,2} {3,2 2,3}:
	 * 1,0 and 1,2 belong to different corners. */
	assert_false(blocked(w, 0, 0, 3, 3));
	/* Now 2,1 joins 1,2 at the middle corner. */
	tw_set_cell(w, 2, 1, '#');
	assert_true(blocked(w, 0, 0, 3, 3));
}

/* A 4-inch wall walk behind a parapet hides the ground beyond it from
 * attackers on the ground, but a defender on the walk sees over the
 * parapet, and is seen. */
static void test_los_height_parapet_and_wall_walk(void **state)
{
	struct world *w = *state;
	/* x: 0-2 ground outside, 3 parapet, 4 walk, 5-8 courtyard. */
	tw_init(w, TW_ROWS("...=_...."));
	assert_true(blocked(w, 0, 0, 6, 0));
	assert_true(blocked(w, 6, 0, 0, 0));
	assert_false(blocked(w, 4, 0, 0, 0)); /* defender looks out */
	assert_false(blocked(w, 0, 0, 4, 0)); /* and is seen */
	assert_false(blocked(w, 4, 0, 8, 0)); /* and looks in */
}

/* A cell blocks only when it is higher than both ends. */
static void test_los_height_greater_than_both_ends(void **state)
{
	struct world *w = *state;
	/* Stairs at 2 inches between ground and a 4-inch walk. */
	tw_init(w, TW_ROWS("..^.._", "..^..."));
	assert_false(blocked(w, 0, 0, 5, 0)); /* 2 < 4 at the B end */
	assert_false(blocked(w, 5, 0, 0, 0));
	assert_true(blocked(w, 0, 1, 5, 1)); /* 2 > 0 at both ends */
	/* Equal to the higher end does not block either. */
	tw_set_height(w, 2, 0, 4);
	assert_false(blocked(w, 0, 0, 5, 0));
	tw_set_height(w, 2, 0, 5);
	assert_true(blocked(w, 0, 0, 5, 0));
}

/* ---- troops -------------------------------------------------------- */

/* Troops at most 4 inches from A block; further ones do not. */
static void test_los_troops_within_4_inches_block(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("..........."));
	tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 10, 0, DIR_W);
	int t = tw_add_unit(w, "man_at_arms", TW_RED, 3, 0, DIR_E);
	assert_true(blocked(w, 0, 0, 10, 0));
	world_place(w, t, 4, 0); /* exactly 4 inches */
	assert_true(blocked(w, 0, 0, 10, 0));
	world_place(w, t, 5, 0);
	assert_false(blocked(w, 0, 0, 10, 0));
}

static void test_los_enemy_troops_block_too(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("..........."));
	tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 10, 0, DIR_W);
	tw_add_unit(w, "peasant_levy", TW_BLUE, 2, 0, DIR_W);
	assert_true(blocked(w, 0, 0, 10, 0));
}

/* A troop whose centre is on the line at sqrt(17) inches does not block. */
static void test_los_troop_just_over_4_inches(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........", ".........", "........."));
	tw_add_unit(w, "peasant_levy", TW_BLUE, 4, 1, DIR_N);
	assert_false(blocked(w, 0, 0, 8, 2));
	/* The same troop blocks a line from 1,0, 3.2 inches away. */
	assert_true(blocked(w, 1, 0, 7, 2));
}

/* Distance is measured from A, so sight through troops is one-way. */
static void test_los_troops_make_it_asymmetric(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........."));
	tw_add_unit(w, "peasant_levy", TW_RED, 3, 0, DIR_E);
	assert_true(blocked(w, 0, 0, 9, 0));
	assert_false(blocked(w, 9, 0, 0, 0));
}

static void test_los_units_at_the_ends_do_not_block(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....."));
	tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 2, 0, DIR_W);
	assert_false(blocked(w, 0, 0, 2, 0));
	assert_false(blocked(w, 2, 0, 0, 0));
	tw_add_unit(w, "billman", TW_BLUE, 1, 0, DIR_W);
	assert_true(blocked(w, 0, 0, 2, 0));
}

static void test_los_disabled_troops_do_not_block(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("......"));
	int t = tw_add_unit(w, "peasant_levy", TW_BLUE, 2, 0, DIR_W);
	assert_true(blocked(w, 0, 0, 5, 0));
	world_remove(w, t, STATUS_DISABLED);
	assert_false(blocked(w, 0, 0, 5, 0));
}

/* Troops lower than the higher end are looked over: from a walk down to
 * the ground, up from the ground to a walk, and between two walks. */
static void test_los_lower_troops_are_looked_over(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("....__", "__..__", "......"));
	tw_add_unit(w, "peasant_levy", TW_BLUE, 2, 0, DIR_W);
	tw_add_unit(w, "peasant_levy", TW_BLUE, 2, 1, DIR_W);
	tw_add_unit(w, "peasant_levy", TW_BLUE, 2, 2, DIR_W);
	assert_false(blocked(w, 0, 0, 5, 0)); /* ground up to a walk */
	assert_false(blocked(w, 0, 1, 5, 1)); /* walk to walk */
	assert_true(blocked(w, 0, 2, 5, 2));  /* ground to ground */
	/* A troop on the walk, level with the higher end, blocks. */
	tw_add_unit(w, "peasant_levy", TW_BLUE, 4, 0, DIR_W);
	assert_true(blocked(w, 0, 0, 5, 0));
}

/* Two troops at one corner, within 4 inches, close the gap as walls do. */
static void test_los_diagonal_gap_between_troops(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".....", ".....", ".....", ".....", "....."));
	tw_add_unit(w, "peasant_levy", TW_BLUE, 2, 1, DIR_W);
	assert_false(blocked(w, 0, 0, 4, 4));
	tw_add_unit(w, "peasant_levy", TW_BLUE, 1, 2, DIR_W);
	assert_true(blocked(w, 0, 0, 4, 4));
}

/* ---- what a unit sees ---------------------------------------------- */

static void test_unit_sees_own_cell_and_neighbours(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".....", ".....", ".....", ".....", "....."));
	int u = tw_add_unit(w, "archer", TW_RED, 2, 2, DIR_N);
	for (int dy = -1; dy <= 1; dy++)
		for (int dx = -1; dx <= 1; dx++)
			assert_true(vision_unit_sees(w, u, 2 + dx, 2 + dy));
	/* Beyond the neighbours, behind and beside it: not in the arc. */
	assert_false(vision_unit_sees(w, u, 2, 4));
	assert_false(vision_unit_sees(w, u, 0, 2));
	assert_false(vision_unit_sees(w, u, 4, 2));
	assert_true(vision_unit_sees(w, u, 2, 0));
}

static void test_unit_sees_neighbours_through_walls(void **state)
{
	struct world *w = *state;
	/* Closed in by walls with diagonal gaps: the neighbours still
	 * touch its base. */
	tw_init(w, TW_ROWS(".#.", "#.#", ".#."));
	int u = tw_add_unit(w, "archer", TW_RED, 1, 1, DIR_E);
	assert_true(vision_unit_sees(w, u, 2, 0));
	assert_true(vision_unit_sees(w, u, 2, 2));
	assert_true(vision_unit_sees(w, u, 0, 0));
}

static void test_unit_sees_its_arc_only(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........", ".........", ".........",
			    ".........", ".........", ".........",
			    ".........", ".........", "........."));
	int u = tw_add_unit(w, "archer", TW_RED, 0, 4, DIR_E);
	assert_true(vision_unit_sees(w, u, 8, 4));
	assert_true(vision_unit_sees(w, u, 4, 0)); /* exactly 45 degrees */
	assert_true(vision_unit_sees(w, u, 4, 8));
	assert_false(vision_unit_sees(w, u, 3, 0));
	assert_false(vision_unit_sees(w, u, 3, 8));
	/* Facing a diagonal: its whole quadrant. */
	world_remove(w, u, STATUS_DISABLED);
	int v = tw_add_unit(w, "archer", TW_RED, 0, 8, DIR_NE);
	assert_true(vision_unit_sees(w, v, 0, 0));
	assert_true(vision_unit_sees(w, v, 8, 8));
	assert_true(vision_unit_sees(w, v, 8, 0));
}

static void test_unit_sees_not_through_blockers(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........", "....#....", "........."));
	int u = tw_add_unit(w, "archer", TW_RED, 1, 1, DIR_E);
	assert_true(vision_unit_sees(w, u, 4, 1)); /* the wall itself */
	assert_false(vision_unit_sees(w, u, 8, 1));
	assert_true(vision_unit_sees(w, u, 6, 0)); /* past its corner */
	/* Its own troops 2 inches ahead block too. */
	int v = tw_add_unit(w, "archer", TW_RED, 0, 2, DIR_E);
	assert_true(vision_unit_sees(w, v, 8, 2));
	tw_add_unit(w, "foot_knight", TW_RED, 2, 2, DIR_E);
	assert_false(vision_unit_sees(w, v, 8, 2));
}

static void test_unit_sees_within_vision_range(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".........", ".........", ".........",
			    ".........", ".........", ".........",
			    ".........", ".........", "........."));
	int u = tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_SE);
	assert_true(vision_unit_sees(w, u, 8, 8)); /* 0: unlimited */
	w->roster.chart.vision_range = 5;
	assert_true(vision_unit_sees(w, u, 5, 0));
	assert_false(vision_unit_sees(w, u, 6, 0));
	assert_true(vision_unit_sees(w, u, 3, 4));
	assert_false(vision_unit_sees(w, u, 4, 4));
	assert_false(vision_unit_sees(w, u, 8, 8));
}

/* ---- a team's view ------------------------------------------------- */

static void assert_view(const struct world *w, int team,
			const char *const *want)
{
	int W = w->map.w, H = w->map.h;
	unsigned char *view = malloc((size_t)W * (size_t)H);
	assert_non_null(view);
	memset(view, 7, (size_t)W * (size_t)H);
	vision_team_view(w, team, view);
	char row[64];
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			unsigned char v = view[y * W + x];
			row[x] = v == 0 ? '0' : v == 1 ? '1' : '?';
		}
		row[W] = '\0';
		if (strcmp(row, want[y]) != 0) {
			free(view);
			fail_msg("%s row %d: %s, want %s",
				 w->teams[team].name, y, row, want[y]);
		}
	}
	free(view);
}

static void test_team_view_one_unit(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......", "...#...", "......."));
	tw_add_unit(w, "archer", TW_RED, 1, 1, DIR_E);
	assert_view(w, TW_RED, TW_ROWS("1111100", "1111000", "1111100"));
	/* Blue has no units: it sees nothing. */
	assert_view(w, TW_BLUE, TW_ROWS("0000000", "0000000", "0000000"));
}

/* The union over the team's living units; disabled units see nothing and
 * block nothing; the other team's units add nothing to it. */
static void test_team_view_union_of_living_units(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......", "...#...", "......."));
	tw_add_unit(w, "archer", TW_RED, 1, 1, DIR_E);
	int dead = tw_add_unit(w, "archer", TW_RED, 5, 1, DIR_W);
	world_remove(w, dead, STATUS_DISABLED);
	tw_add_unit(w, "archer", TW_RED, 6, 0, DIR_S);
	tw_add_unit(w, "billman", TW_BLUE, 4, 1, DIR_W);
	/* 4,1 is behind the wall for r1, outside r3's arc, and r2 (which
	 * would touch it) is disabled. r3 sees 4,2 past the corner where
	 * only b1 stands. */
	assert_view(w, TW_RED, TW_ROWS("1111111", "1111011", "1111111"));
	assert_view(w, TW_BLUE, TW_ROWS("0001110", "0001110", "0001110"));
}

/* A vision_cache follows a door and a move as the game reports them. */
static void test_cache_follows_a_door_and_a_move(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......", "...#...", "...+...", "...#..."));
	int a = tw_add_unit(w, "archer", TW_RED, 0, 2, DIR_E);
	struct vision_cache *c = vision_cache_new(w, TW_RED);
	const unsigned char *v = vision_cache_team_view(c);
	assert_int_equal(v[2 * 7 + 6], 0); /* behind the closed door */
	map_cell(&w->map, 3, 2)->t.state = DOOR_OPEN;
	vision_cache_cell_changed(c, w, 3, 2);
	v = vision_cache_team_view(c);
	assert_int_equal(v[2 * 7 + 6], 1);
	/* A troop steps into the doorway, 3 inches off: it blocks. */
	int b = tw_add_unit(w, "billman", TW_BLUE, 2, 0, DIR_S);
	vision_cache_unit_moved(c, w, b, -1, -1);
	world_place(w, b, 3, 2);
	vision_cache_unit_moved(c, w, b, 2, 0);
	v = vision_cache_team_view(c);
	assert_int_equal(v[2 * 7 + 6], 0);
	assert_int_equal(v[2 * 7 + 3], 1); /* the troop itself is seen */
	/* The archer turns away: only what touches its base is left. */
	w->units[a].facing = DIR_W;
	vision_cache_unit_moved(c, w, a, 0, 2);
	unsigned char want[4 * 7];
	vision_team_view(w, TW_RED, want);
	assert_memory_equal(vision_cache_team_view(c), want, sizeof want);
	assert_int_equal(vision_cache_team_view(c)[2 * 7 + 2], 0);
	vision_cache_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_terrain_defaults_match_spec),
		TW_TEST(test_breached_wall_becomes_rubble),
		TW_TEST(test_world_occupancy),
		cmocka_unit_test(test_unit_id_order),
		TW_TEST(test_los_open_ground_is_clear),
		TW_TEST(test_los_wall_blocks),
		TW_TEST(test_los_door_closed_blocks_open_does_not),
		TW_TEST(test_los_diagonal_gap_between_walls),
		TW_TEST(test_los_gap_needs_both_sides_of_one_corner),
		TW_TEST(test_los_height_parapet_and_wall_walk),
		TW_TEST(test_los_height_greater_than_both_ends),
		TW_TEST(test_los_troops_within_4_inches_block),
		TW_TEST(test_los_enemy_troops_block_too),
		TW_TEST(test_los_troop_just_over_4_inches),
		TW_TEST(test_los_troops_make_it_asymmetric),
		TW_TEST(test_los_units_at_the_ends_do_not_block),
		TW_TEST(test_los_disabled_troops_do_not_block),
		TW_TEST(test_los_lower_troops_are_looked_over),
		TW_TEST(test_los_diagonal_gap_between_troops),
		TW_TEST(test_unit_sees_own_cell_and_neighbours),
		TW_TEST(test_unit_sees_neighbours_through_walls),
		TW_TEST(test_unit_sees_its_arc_only),
		TW_TEST(test_unit_sees_not_through_blockers),
		TW_TEST(test_unit_sees_within_vision_range),
		TW_TEST(test_team_view_one_unit),
		TW_TEST(test_team_view_union_of_living_units),
		TW_TEST(test_cache_follows_a_door_and_a_move),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
