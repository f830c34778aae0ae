/* testworld.h: build a struct world in C for tests, without YAML: a map
 * from ASCII rows in the standard symbols (SPEC 3), the standard roster and
 * chart (SPEC 4), teams Red (r) and Blue (b), and units placed one by one. */
#ifndef TESTWORLD_H
#define TESTWORLD_H

#include "base/geom.h"
#include "world/world.h"

/* Team indices of the two teams every test world has. */
#define TW_RED 0
#define TW_BLUE 1

/* A NULL-terminated list of rows for tw_init: TW_ROWS("..#..", "....."). */
#define TW_ROWS(...) ((const char *const[]){__VA_ARGS__, NULL})

/* A wall walk (_) above a wall (=) with a ladder (H) in its second
 * column, the ground (.) below: for tests of ladders. */
#define TW_LADDER_ROWS TW_ROWS("____", "=H==", "....")

/* Height of '^' stairs when nothing else is said (inches). */
#define TW_STAIRS_HEIGHT 2

/* The terrain of a standard map symbol (. , # _ = % T ~ + ' H ^); an
 * unknown symbol fails the running test. */
struct terrain tw_terrain(char sym);

/* Fill r with the standard roster and chart_default(); r owns the types
 * array (freed by roster_free, or world_free for a world's roster). */
void tw_roster(struct roster *r);

/* Build w from the rows (a NULL-terminated array, all rows as long as the
 * first) with the standard roster and no units. Free with tw_free. */
void tw_init(struct world *w, const char *const *rows);

/* Set the terrain of one cell from a standard symbol, or just its height. */
void tw_set_cell(struct world *w, int x, int y, char sym);
void tw_set_height(struct world *w, int x, int y, int height);

/* Add a living unit of the roster type id for team (TW_RED or TW_BLUE) at
 * x,y, with full hits and movement, and re-index the occupancy grid. Its id
 * is the team letter and its number within the team ("r1", "b2", ...).
 * Returns the unit's index. The cell must be free. */
int tw_add_unit(struct world *w, const char *type, int team, int x, int y,
		enum dir facing);

/* Index of the weapon named name of unit idx; fails the test if none. */
int tw_weapon(const struct world *w, int idx, const char *name);

/* Free everything the world owns (same as world_free). */
void tw_free(struct world *w);

/* cmocka fixtures: *state is a zeroed struct world for the test to build
 * with tw_init; the teardown frees it and all it owns, even when the test
 * fails half-way. Register tests with TW_TEST(f). */
int tw_setup(void **state);
int tw_teardown(void **state);
#define TW_TEST(f) cmocka_unit_test_setup_teardown(f, tw_setup, tw_teardown)

#endif
