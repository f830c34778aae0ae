/* test_scenario.c: loading a scenario (SPEC 3, 8): a complete one loads
 * right; every mistake is reported exactly, as FILE:LINE:COL: message, with
 * nothing half-loaded. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "data/scenario_load.h"
#include "testdata.h"

/* ---- scenarios -------------------------------------------------------- */

/* Grid rows are lines 6..9; SC_TEAMS is lines 10..18, goals from 19. */
#define SC_HEAD                                                        \
	"name: Test\nroster: r.yaml\n"                                 \
	"legend:\n  \"X\": {terrain: wall, dv: 14, hits: 4}\n"         \
	"grid: |\n  ......\n  .#+'%.\n  .~.X,.\n  ......\n"
#define SC_TEAMS                                                        \
	"teams:\n  - name: Red\n    letter: r\n    units:\n"              \
	"      - {type: archer, at: [0, 0]}\n"                            \
	"  - name: Blue\n    letter: b\n    units:\n"                      \
	"      - {type: archer, at: [5, 3]}\n"

static void test_scenario_complete(void **state)
{
	struct fixture *f = *state;
	char *path = write_file(
		f, "full.yaml",
		"name: Full\n"
		"description: Every feature once.\n"
		"roster: r.yaml\n"
		"rounds: 9\n"
		"legend:\n"
		"  \"X\": {terrain: wall, dv: 14, hits: 4}\n"
		"  \"D\": {terrain: door, state: locked, locked_by: blue, dv: 12, hits: 3}\n"
		"  \",\": {terrain: rough, cost: 3, cover: soft}\n"
		"grid: |\n"
		"  ~~~~~~~~~~\n"
		"  #=H==D=#..\n"
		"  #______X..\n"
		"  #...'.+#,.\n"
		"teams:\n"
		"  - name: Red\n"
		"    letter: r\n"
		"    colour: green\n"
		"    control: ai\n"
		"    units:\n"
		"      - {type: archer, at: [8, 3], facing: w}\n"
		"      - {type: knight, at: [9, 3], facing: nw, id: r7}\n"
		"      - {type: archer, at: [9, 2]}\n"
		"  - name: Blue\n"
		"    letter: b\n"
		"    units:\n"
		"      - {type: archer, at: [3, 2], facing: s}\n"
		"      - {type: ram, at: [1, 3], facing: e}\n"
		"goals:\n"
		"  - {team: Red, kind: hold, area: [[6, 3], [1, 3]], rounds: 2}\n"
		"  - {team: Blue, kind: survive}\n"
		"  - {team: red, kind: eliminate}\n"
		"  - {team: Blue, kind: eliminate, teams: [Red]}\n"
		"  - {team: Red, kind: destroy, at: [5, 1]}\n"
		"  - {team: Red, kind: destroy, unit: B2}\n"
		"  - {team: Blue, kind: escape, area: [[0, 3], [0, 3]], count: 2}\n");
	struct scenario s;
	char *err = NULL;
	if (scenario_load(path, &s, &err) < 0)
		fail_msg("%s", err);
	const struct world *w = &s.world;

	assert_string_equal(s.name, "Full");
	assert_string_equal(s.description, "Every feature once.");
	assert_string_equal(s.path, path);
	char *rp = xasprintf("%s/r.yaml", f->dir);
	assert_string_equal(s.roster_path, rp);
	free(rp);
	assert_int_equal(s.rounds, 9);
	assert_int_equal(w->roster.ntypes, 3);

	/* The map: standard symbols, overrides and their symbols. */
	assert_int_equal(w->map.w, 10);
	assert_int_equal(w->map.h, 4);
	const struct cell *c = map_cell_c(&w->map, 0, 0);
	assert_int_equal(c->t.kind, TERRAIN_WATER);
	assert_false(cell_passable(c));
	c = map_cell_c(&w->map, 1, 1);
	assert_int_equal(c->t.kind, TERRAIN_PARAPET);
	assert_int_equal(c->t.height, 4);
	assert_int_equal(map_cell_c(&w->map, 2, 1)->t.kind, TERRAIN_LADDER);
	assert_int_equal(map_cell_c(&w->map, 3, 2)->t.height, 4);
	c = map_cell_c(&w->map, 5, 1);
	assert_int_equal(c->t.kind, TERRAIN_DOOR);
	assert_int_equal(c->t.state, DOOR_LOCKED);
	assert_int_equal(c->t.locked_by, 1);
	assert_int_equal(c->t.dv, 12);
	assert_int_equal(c->hits_left, 3);
	assert_int_equal(c->t.sym, 'D');
	c = map_cell_c(&w->map, 7, 2);
	assert_int_equal(c->t.kind, TERRAIN_WALL);
	assert_int_equal(c->t.dv, 14);
	assert_int_equal(c->t.hits, 4);
	assert_int_equal(c->hits_left, 4);
	assert_true(cell_breachable(c));
	assert_int_equal(c->t.sym, 'X');
	assert_false(cell_breachable(map_cell_c(&w->map, 0, 1)));
	c = map_cell_c(&w->map, 4, 3);
	assert_int_equal(c->t.kind, TERRAIN_DOOR);
	assert_int_equal(c->t.state, DOOR_OPEN);
	assert_int_equal(c->t.locked_by, -1);
	assert_int_equal(map_cell_c(&w->map, 6, 3)->t.state, DOOR_CLOSED);
	c = map_cell_c(&w->map, 8, 3);
	assert_int_equal(c->t.kind, TERRAIN_ROUGH);
	assert_int_equal(c->t.cost, 3);
	assert_int_equal(c->t.cover, COVER_SOFT);
	assert_int_equal(map_cell_c(&w->map, 9, 3)->t.cost, 1);

	/* Teams and units. */
	assert_int_equal(w->nteams, 2);
	assert_string_equal(w->teams[0].name, "Red");
	assert_int_equal(w->teams[0].letter, 'r');
	assert_string_equal(w->teams[0].colour, "green");
	assert_int_equal(w->teams[0].control, CONTROL_AI);
	assert_int_equal(w->teams[1].control, CONTROL_HUMAN);
	assert_int_equal(w->nunits, 5);
	static const struct {
		const char *id, *type;
		int team, x, y;
		enum dir facing;
	} want[] = {
		{"r1", "archer", 0, 8, 3, DIR_W},  {"r7", "knight", 0, 9, 3, DIR_NW},
		{"r3", "archer", 0, 9, 2, DIR_N},  {"b1", "archer", 1, 3, 2, DIR_S},
		{"b2", "ram", 1, 1, 3, DIR_E},
	};
	for (int i = 0; i < 5; i++) {
		const struct unit *u = &w->units[i];
		assert_string_equal(u->id, want[i].id);
		assert_string_equal(world_type(w, u)->id, want[i].type);
		assert_int_equal(u->team, want[i].team);
		assert_int_equal(u->x, want[i].x);
		assert_int_equal(u->y, want[i].y);
		assert_int_equal(u->facing, want[i].facing);
		assert_int_equal(u->status, STATUS_ACTIVE);
		assert_int_equal(u->move_left, 0);
		assert_int_equal(world_unit_at(w, u->x, u->y), i);
	}
	assert_int_equal(w->units[4].hits, 3);
	assert_int_equal(w->units[0].hits, 1);
	assert_int_equal(world_unit_at(w, 0, 3), -1);

	/* Goals. */
	assert_int_equal(s.ngoals, 7);
	const struct goal *g = s.goals;
	assert_int_equal(g[0].team, 0);
	assert_int_equal(g[0].kind, GOAL_HOLD);
	assert_int_equal(g[0].x0, 1);
	assert_int_equal(g[0].y0, 3);
	assert_int_equal(g[0].x1, 6);
	assert_int_equal(g[0].y1, 3);
	assert_int_equal(g[0].rounds, 2);
	assert_int_equal(g[0].progress, 0);
	assert_int_equal(g[1].kind, GOAL_SURVIVE);
	assert_int_equal(g[1].team, 1);
	assert_int_equal(g[1].rounds, 9); /* the scenario's limit */
	assert_int_equal(g[2].kind, GOAL_ELIMINATE);
	assert_int_equal(g[2].team, 0);
	assert_int_equal(g[2].enemies, 0u);
	assert_int_equal(g[3].enemies, 1u);
	assert_int_equal(g[4].kind, GOAL_DESTROY);
	assert_true(g[4].has_cell);
	assert_int_equal(g[4].cx, 5);
	assert_int_equal(g[4].cy, 1);
	assert_false(g[5].has_cell);
	assert_string_equal(g[5].unit, "b2");
	assert_int_equal(g[6].kind, GOAL_ESCAPE);
	assert_int_equal(g[6].count, 2);
	assert_true(goal_area_contains(&g[6], 0, 3));
	assert_false(goal_area_contains(&g[6], 1, 3));

	scenario_free(&s);
	free(path);
}

/* The rules need two sides, and a game must be able to end. */
static void test_scenario_unplayable(void **state)
{
	scenario_fails(state,
		       SC_HEAD "goals: [{team: Red, kind: eliminate}]\n"
			       "teams:\n  - name: Red\n    letter: r\n    units:\n"
			       "      - {type: archer, at: [0, 0]}\n",
		       "12:3: a scenario needs two or more teams, found 1");
	scenario_fails(state, SC_HEAD SC_TEAMS,
		       "1:1: this battle could never end: give it a goal "
		       "(goals:) or a round limit (rounds:)");
}

static void test_scenario_minimal(void **state)
{
	struct fixture *f = *state;
	char *path = write_file(f, "min.yaml", SC_HEAD SC_TEAMS "rounds: 3\n");
	struct scenario s;
	char *err = NULL;
	if (scenario_load(path, &s, &err) < 0)
		fail_msg("%s", err);
	assert_null(s.description);
	assert_int_equal(s.rounds, 3);
	assert_int_equal(s.ngoals, 0);
	assert_int_equal(s.world.map.w, 6);
	assert_int_equal(s.world.map.h, 4);
	assert_string_equal(s.world.teams[0].colour, "red");
	assert_string_equal(s.world.teams[1].colour, "blue");
	assert_string_equal(s.world.units[1].id, "b1");
	scenario_free(&s);
	free(path);
}

static void test_scenario_unknown_keys(void **state)
{
	scenario_fails(state, "name: T\nroster: r.yaml\ngird: |\n  ..\n",
		       "3:1: unknown key 'gird' in scenario, expected one of "
		       "name, description, roster, rounds, legend, grid, teams, "
		       "goals; did you mean 'grid'?");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    color: red\n    units: []\n",
		       "13:5: unknown key 'color' in team, expected one of "
		       "name, letter, colour, control, units; did you mean "
		       "'colour'?");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [0, 0], "
			       "facng: s}\n",
		       "14:36: unknown key 'facng' in unit, expected one of "
		       "type, at, facing, id; did you mean 'facing'?");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\nlegend:\n"
		       "  \"X\": {terrain: wall, hight: 4}\n",
		       "4:24: unknown key 'hight' in legend entry, expected one "
		       "of terrain, name, colour, passable, cost, blocks_sight, "
		       "height, cover, mounted, machines, state, locked_by, dv, "
		       "hits; did you mean 'height'?");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: hold, "
					"are: [[0, 0], [1, 1]]}\n",
		       "20:29: unknown key 'are' in goal, expected one of team, "
		       "kind, teams, area, rounds, count, at, unit; did you "
		       "mean 'area'?");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: survive, "
					"area: [[0, 0], [1, 1]]}\n",
		       "20:32: key 'area' does not apply to a goal of kind "
		       "survive");
}

static void test_scenario_wrong_types(void **state)
{
	scenario_fails(state, "name: T\nroster: r.yaml\nrounds: abc\n",
		       "3:9: expected an integer, found 'abc'");
	scenario_fails(state, "name: T\nroster: r.yaml\nrounds: -1\n",
		       "3:9: expected an integer from 0 to 9999, found '-1'");
	scenario_fails(state, "name: [T]\n",
		       "1:7: expected a string, found [T]");
	scenario_fails(state, "name: T\nroster: r.yaml\ngrid: \"..\"\n",
		       "3:7: expected a literal block ('grid: |' then one line "
		       "per row), found '..'");
	scenario_fails(state, SC_HEAD "teams: {}\n",
		       "10:8: expected a sequence, found a mapping");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: R\n"
			       "    units: []\n",
		       "12:13: expected a lowercase letter, found 'R'");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    control: robot\n    units: []\n",
		       "13:14: unknown control 'robot', expected one of human, "
		       "ai");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [0]}\n",
		       "14:28: expected [x, y], found [0]");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [0, y]}\n",
		       "14:32: expected an integer, found 'y'");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [0, 0], "
			       "facing: nn}\n",
		       "14:44: unknown facing 'nn', expected one of n, ne, e, "
		       "se, s, sw, w, nw; did you mean 'n'?");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\n"
		       "legend:\n  \"X\": {terrain: wall, passable: perhaps}\n",
		       "4:34: expected true or false, found 'perhaps'");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\n"
		       "legend:\n  \"XY\": {terrain: wall}\n",
		       "4:3: expected a single-character symbol, found 'XY'");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\n"
		       "legend:\n  \"X\": {terrain: wal}\n",
		       "4:18: unknown terrain 'wal', expected one of open, rough, "
		       "wall, walk, parapet, lowwall, woods, water, door, "
		       "ladder, stairs; did you mean 'wall'?");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\n"
		       "legend:\n  \"X\": {terrain: open, hits: 3}\n",
		       "4:24: 'hits' applies only to doors and walls");
}

static void test_scenario_missing_keys(void **state)
{
	scenario_fails(state, "roster: r.yaml\n",
		       "1:1: missing key 'name' in scenario");
	scenario_fails(state, "name: T\n",
		       "1:1: missing key 'roster' in scenario");
	scenario_fails(state, "name: T\nroster: r.yaml\n",
		       "1:1: missing key 'grid' in scenario");
	scenario_fails(state, SC_HEAD,
		       "1:1: missing key 'teams' in scenario");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    units: []\n",
		       "11:5: missing key 'letter' in team");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer}\n",
		       "14:9: missing key 'at' in unit");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: hold}\n",
		       "20:5: missing key 'area' in goal");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: survive}\n",
		       "20:5: missing key 'rounds' in goal (the scenario has no "
		       "round limit)");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: destroy}\n",
		       "20:5: missing key 'at' or 'unit' in goal");
}

static void test_scenario_roster_paths(void **state)
{
	struct fixture *f = *state;
	char *path = write_file(f, "scen.yaml", "name: T\nroster: nowhere.yaml\n");
	char *want = xasprintf("%s:2:9: cannot open roster '%s/nowhere.yaml': "
			       "No such file or directory",
			       path, f->dir);
	struct scenario s;
	char *err = NULL;
	assert_int_equal(scenario_load(path, &s, &err), -1);
	assert_string_equal(err, want);
	free(err);
	free(want);
	free(path);

	/* An error inside the roster names the roster file. */
	char *bad = write_file(f, "bad.yaml", "units:\n  - {id: x, mvoe: 1}\n");
	path = write_file(f, "scen.yaml", "name: T\nroster: bad.yaml\n");
	want = xasprintf("%s:2:13: unknown key 'mvoe' in unit, expected one of "
			 "id, name, symbol, class, move, dv, hits, cover, description, "
			 "weapons; did you mean 'move'?",
			 bad);
	assert_int_equal(scenario_load(path, &s, &err), -1);
	assert_string_equal(err, want);
	free(err);
	free(want);
	free(path);
	free(bad);

	/* An absolute roster path is used as it is. */
	char *text = xasprintf("name: T\nroster: %s/r.yaml\ngrid: |\n  .\n"
			       "rounds: 1\nteams:\n  - {name: A, letter: a, units: []}\n"
			       "  - {name: B, letter: b, units: []}\n",
			       f->dir);
	path = write_file(f, "sub.yaml", text);
	assert_int_equal(scenario_load(path, &s, &err), 0);
	char *rp = xasprintf("%s/r.yaml", f->dir);
	assert_string_equal(s.roster_path, rp);
	/* No units and no goals: still a world that copies cleanly. */
	assert_int_equal(s.world.nunits, 0);
	assert_int_equal(s.ngoals, 0);
	assert_non_null(s.world.units);
	struct world copy;
	world_copy(&copy, &s.world);
	assert_int_equal(copy.map.w, 1);
	world_free(&copy);
	scenario_free(&s);
	free(rp);
	free(text);
	free(path);
}

static void test_scenario_unknown_type(void **state)
{
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archr, at: [0, 0]}\n",
		       "14:16: unknown unit type 'archr'; did you mean "
		       "'archer'?");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: dragon, at: [0, 0]}\n",
		       "14:16: unknown unit type 'dragon', expected one of "
		       "archer, knight, ram");
}

static void test_scenario_bad_grid(void **state)
{
	scenario_fails(state,
		       "name: T\nroster: r.yaml\ngrid: |\n  ....\n  ..Q.\n",
		       "5:5: unknown symbol 'Q': not in the legend or the "
		       "standard symbols");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\ngrid: |\n  ....\n  ...\n  ....\n",
		       "5:6: this row has 3 cells, expected 4 like the first "
		       "row");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\ngrid: |\n    ....\n    .....\n",
		       "5:9: this row has 5 cells, expected 4 like the first "
		       "row");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\ngrid: |\n  ..\n  . \n",
		       "5:4: unexpected character 0x20 in the grid");
	/* A legend entry makes a symbol known. */
	scenario_fails(state,
		       "name: T\nroster: r.yaml\nlegend:\n  Q: {terrain: open}\n"
		       "grid: |\n  ....\n  ..Q.\n",
		       "1:1: missing key 'teams' in scenario");
}

static void test_scenario_units_off_map(void **state)
{
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [6, 0]}\n",
		       "14:28: unit r1 at 6,0 is off the map (width 6, height "
		       "4)");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [0, -1]}\n",
		       "14:28: unit r1 at 0,-1 is off the map (width 6, height "
		       "4)");
}

static void test_scenario_units_on_impassable(void **state)
{
	static const struct {
		int x, y;
		const char *what;
	} cells[] = {
		{1, 1, "wall"}, {2, 1, "door (closed)"}, {1, 2, "water"},
		{3, 2, "wall"},
	};
	for (size_t i = 0; i < sizeof cells / sizeof cells[0]; i++) {
		char *text = xasprintf(
			"%s" "teams:\n  - name: Red\n    letter: r\n"
			"    units:\n      - {type: archer, at: [%d, %d]}\n",
			SC_HEAD, cells[i].x, cells[i].y);
		char *want = xasprintf("14:28: unit r1 at %d,%d stands on %s, "
				       "which cannot be entered",
				       cells[i].x, cells[i].y, cells[i].what);
		scenario_fails(state, text, want);
		free(text);
		free(want);
	}
	/* An open door and rough ground are fine for foot. */
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [3, 1]}\n"
			       "      - {type: archer, at: [4, 2]}\n"
			       "      - {type: knight, at: [4, 1]}\n",
		       "16:28: unit r3 (knight, mounted) at 4,1 cannot stand on "
		       "low wall");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: ram, at: [3, 1]}\n",
		       "14:25: unit r1 (ram, machine) at 3,1 cannot stand on "
		       "door (open)");
}

static void test_scenario_units_collide(void **state)
{
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n      - {type: archer, at: [0, 0]}\n"
			       "  - name: Blue\n    letter: b\n    units:\n"
			       "      - {type: knight, at: [0, 0]}\n",
		       "18:28: unit b1 at 0,0 is on the same cell as r1");
}

static void test_scenario_duplicate_ids(void **state)
{
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n"
			       "      - {type: archer, at: [0, 0], id: r2}\n"
			       "      - {type: archer, at: [1, 0]}\n",
		       "15:9: duplicate unit id 'r2', first used at 14:40");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - name: Red\n    letter: r\n"
			       "    units:\n"
			       "      - {type: archer, at: [0, 0], id: cap}\n"
			       "  - name: Blue\n    letter: b\n    units:\n"
			       "      - {type: archer, at: [1, 0], id: CAP}\n",
		       "18:40: duplicate unit id 'CAP', first used at 14:40");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - {name: Red, letter: r, units: []}\n"
			       "  - {name: red, letter: b, units: []}\n",
		       "12:12: duplicate team name 'red'");
	scenario_fails(state,
		       SC_HEAD "teams:\n  - {name: Red, letter: r, units: []}\n"
			       "  - {name: Blue, letter: r, units: []}\n",
		       "12:26: duplicate team letter 'r', already used by Red");
}

static void test_scenario_too_many_teams(void **state)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, SC_HEAD "teams:\n");
	for (int i = 0; i < MAX_TEAMS + 1; i++)
		strbuf_addf(&b, "  - {name: T%d, letter: %c, units: []}\n", i,
			    'a' + i);
	char *want = xasprintf("%d:5: too many teams, at most %d",
			       11 + MAX_TEAMS, MAX_TEAMS);
	scenario_fails(state, b.s, want);
	free(want);
	strbuf_free(&b);
}

static void test_scenario_unknown_teams(void **state)
{
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Rde, kind: survive, "
					"rounds: 3}\n",
		       "20:12: unknown team 'Rde', expected one of Red, Blue; "
		       "did you mean 'Red'?");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: eliminate, "
					"teams: [Bleu]}\n",
		       "20:42: unknown team 'Bleu', expected one of Red, Blue; "
		       "did you mean 'Blue'?");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: eliminate, "
					"teams: [Red]}\n",
		       "20:42: team Red cannot be its own enemy");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: conquer}\n",
		       "20:23: unknown goal kind 'conquer', expected one of "
		       "eliminate, hold, survive, destroy, escape");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\nlegend:\n"
		       "  \"D\": {terrain: door, locked_by: Green}\n"
		       "grid: |\n  .D\n"
		       "teams:\n  - {name: Red, letter: r, units: []}\n",
		       "4:35: unknown team 'Green', expected one of Red");
	scenario_fails(state,
		       "name: T\nroster: r.yaml\nlegend:\n"
		       "  \"D\": {terrain: door, state: open, locked_by: Red}\n",
		       "4:37: 'locked_by' needs state: locked");
}

static void test_scenario_goal_places(void **state)
{
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: hold, "
					"area: [[0, 0], [6, 2]]}\n",
		       "20:44: 6,2 is off the map (width 6, height 4)");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: escape, "
					"area: [0, 0]}\n",
		       "20:37: expected [[x0, y0], [x1, y1]], found [0, 0]");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: destroy, "
					"unit: b9}\n",
		       "20:38: unknown unit 'b9'; did you mean 'b1'?");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: destroy, "
					"at: [1, 1]}\n",
		       "20:36: 1,1 is wall, which cannot be destroyed (only "
		       "doors and walls with hits)");
	scenario_fails(state,
		       SC_HEAD SC_TEAMS "goals:\n  - {team: Red, kind: destroy, "
					"at: [3, 2], unit: b1}\n",
		       "20:44: a destroy goal takes 'at' or 'unit', not both");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_scenario_complete),
		cmocka_unit_test(test_scenario_unplayable),
		cmocka_unit_test(test_scenario_minimal),
		cmocka_unit_test(test_scenario_unknown_keys),
		cmocka_unit_test(test_scenario_wrong_types),
		cmocka_unit_test(test_scenario_missing_keys),
		cmocka_unit_test(test_scenario_roster_paths),
		cmocka_unit_test(test_scenario_unknown_type),
		cmocka_unit_test(test_scenario_bad_grid),
		cmocka_unit_test(test_scenario_units_off_map),
		cmocka_unit_test(test_scenario_units_on_impassable),
		cmocka_unit_test(test_scenario_units_collide),
		cmocka_unit_test(test_scenario_duplicate_ids),
		cmocka_unit_test(test_scenario_too_many_teams),
		cmocka_unit_test(test_scenario_unknown_teams),
		cmocka_unit_test(test_scenario_goal_places),
	};
	return cmocka_run_group_tests(tests, td_setup, td_teardown);
}
