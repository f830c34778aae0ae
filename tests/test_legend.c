/* test_legend.c: a legend entry's name and colour (SPEC 3): loaded into
 * the map's table of labels, each cell holding an index; told wherever
 * a cell is described; gone with a breached wall; each mistake at its
 * FILE:LINE:COLUMN with the nearest valid name; what help and view list
 * is what the team saw; and a remote player's projection gets the same
 * names and colours over the wire, while a map of standard symbols sends
 * not one byte more. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "game/legend.h"
#include "net/proto.h"
#include "rules/move.h"
#include "net/wire.h"
#include "testdata.h"
#include "testgame.h"

/* ---- loading ----------------------------------------------------------- */

#define HEAD "name: T\nroster: r.yaml\nrounds: 2\nlegend:\n"
#define REST "grid: |\n  ...G\nteams:\n  - {name: Red, letter: r, units: []}\n" \
	     "  - {name: Blue, letter: b, units: []}\n"

static void test_legend_errors(void **state)
{
	scenario_fails(state, HEAD "  \"G\": {terrain: door, colour: bleu}\n" REST,
		       "5:32: unknown colour 'bleu', expected one of none, "
		       "black, red, green, yellow, blue, magenta, cyan, white; "
		       "did you mean 'blue'?");
	scenario_fails(state, HEAD "  \"G\": {terrain: door, color: red}\n" REST,
		       "5:24: unknown key 'color' in legend entry, expected one "
		       "of terrain, name, colour, passable, cost, blocks_sight, "
		       "height, cover, mounted, machines, state, locked_by, dv, "
		       "hits; did you mean 'colour'?");
	scenario_fails(state,
		       HEAD "  \"G\": {terrain: door, name: A gate far too long "
			    "for its cell}\n" REST,
		       "5:30: expected a string of at most 31 bytes (UTF-8), "
		       "found 'A gate far too long for its cell', 32 bytes");
	scenario_fails(state,
		       HEAD "  \"G\": {terrain: door, name: \"Gate\\tX\"}\n" REST,
		       "5:30: terrain name \"Gate\\tX\" holds U+0009, a control "
		       "character");
	scenario_fails(state,
		       HEAD "  \"G\": {terrain: door, name: \"Gate\\u200bX\"}\n" REST,
		       "5:30: terrain name \"Gate\\u200bX\" holds U+200B ZERO "
		       "WIDTH SPACE, an invisible format character");
	scenario_fails(state, HEAD "  \"G\": {terrain: door, name: [a]}\n" REST,
		       "5:30: expected a string, found [a]");
}

static struct scenario load(const char *rel)
{
	char *path = tg_path(rel), *err = NULL;
	struct scenario sc;
	if (scenario_load(path, &sc, &err) != 0)
		fail_msg("%s", err);
	free(path);
	return sc;
}

static const struct cell *at(const struct map *m, int x, int y)
{
	return map_cell_c(m, x, y);
}

static void test_legend_names_and_colours(void **state)
{
	(void)state;
	struct scenario sc = load("tests/data/named.yaml");
	struct map *m = &sc.world.map;
	char words[2 * TERRAIN_NAME_LEN];
	/* Four entries with words, and only they have labels. */
	assert_int_equal(m->nlabels, 4);
	assert_string_equal(map_cell_name(m, at(m, 5, 1)), "Postern gate");
	assert_int_equal(map_cell_colour(m, at(m, 5, 1)), TCOLOUR_RED);
	assert_string_equal(map_cell_words(m, at(m, 5, 1), words, sizeof words),
			    "Postern gate (door, locked)");
	assert_string_equal(map_cell_words(m, at(m, 2, 2), words, sizeof words),
			    "Curtain walk (wall walk)");
	assert_int_equal(map_cell_colour(m, at(m, 0, 0)), TCOLOUR_BLUE);
	/* Woods drawn green, with no name: described as woods. */
	assert_null(map_cell_name(m, at(m, 8, 3)));
	assert_int_equal(map_cell_colour(m, at(m, 8, 3)), TCOLOUR_GREEN);
	assert_string_equal(map_cell_words(m, at(m, 8, 3), words, sizeof words),
			    "woods");
	/* Standard symbols: nothing. */
	assert_int_equal(at(m, 0, 1)->t.label, 0);
	assert_string_equal(map_cell_words(m, at(m, 0, 1), words, sizeof words),
			    "wall");
	/* A copy has its own table. */
	struct map copy;
	map_copy(&copy, m);
	map_free(m);
	assert_string_equal(map_cell_name(&copy, at(&copy, 5, 1)), "Postern gate");
	map_copy(m, &copy);
	map_free(&copy);
	/* A broken gate is no longer what the legend named. */
	struct cell *gate = map_cell(m, 5, 1);
	cell_destroy(gate);
	assert_null(map_cell_name(m, gate));
	assert_int_equal(map_cell_colour(m, gate), TCOLOUR_NONE);
	assert_string_equal(map_cell_words(m, gate, words, sizeof words),
			    "broken door");
	scenario_free(&sc);
}

/* A refused step names the terrain as the legend does: "Moat (water)",
 * not the kind alone; a squeeze names both cells. */
static void test_refusals_use_legend_names(void **state)
{
	(void)state;
	struct scenario sc = load("tests/data/named.yaml");
	struct world *w = &sc.world;
	char why[MOVE_WHY_LEN];
	world_place(w, 0, 8, 1);
	assert_int_equal(move_step_cost(w, NULL, 0, 8, 1, DIR_N, DIR_N, why), -1);
	assert_string_equal(why, "8,0 is Moat (water)");
	assert_int_equal(move_step_cost(w, NULL, 0, 8, 1, DIR_N, DIR_NW, why), -1);
	assert_string_equal(why, "7,0 is Moat (water)");
	/* A standard symbol keeps its kind's words. */
	assert_int_equal(move_step_cost(w, NULL, 0, 8, 1, DIR_N, DIR_W, why), -1);
	assert_string_equal(why, "7,1 is wall");
	scenario_free(&sc);
}

/* A label is shared by every cell of its entry; the table is bounded. */
static void test_map_labels(void **state)
{
	(void)state;
	struct map m;
	map_init(&m, 2, 2);
	assert_int_equal(map_label(&m, "", TCOLOUR_NONE), 0);
	assert_int_equal(map_label(&m, "Moat", TCOLOUR_BLUE), 1);
	assert_int_equal(map_label(&m, "Moat", TCOLOUR_NONE), 2);
	assert_int_equal(map_label(&m, "Moat", TCOLOUR_BLUE), 1);
	assert_int_equal(map_label(&m, "", TCOLOUR_GREEN), 3);
	char big[TERRAIN_NAME_LEN + 1];
	memset(big, 'x', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	assert_int_equal(map_label(&m, big, TCOLOUR_NONE), -1);
	for (int i = m.nlabels; i < MAP_MAX_LABELS; i++) {
		char name[16];
		snprintf(name, sizeof name, "n%d", i);
		assert_int_equal(map_label(&m, name, TCOLOUR_NONE), i + 1);
	}
	assert_int_equal(map_label(&m, "one more", TCOLOUR_NONE), -1);
	map_free(&m);
}

/* ---- what a team is told ----------------------------------------------- */

static char *lines_text(const struct game *g, int team, bool labelled)
{
	int n;
	struct legend_line *l = legend_lines(g, team, labelled, &n);
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < n; i++)
		strbuf_addf(&b, "%c|%s|%s|%s|%s\n", l[i].sym, l[i].words,
			    l[i].traits, l[i].name,
			    terrain_colour_names[l[i].colour]);
	free(l);
	return b.s;
}

static void run(struct game *g, const char *line)
{
	char why[CMD_WHY_LEN];
	if (cmd_execute(g, CMD_ANY_TEAM, line, why) != 0)
		fail_msg("'%s' refused: %s", line, why);
}

/* Help lists the scenario's own legend, as far as the team has looked:
 * the 6-inch walk as it is, never a symbol it has not seen. */
static void test_legend_lines_from_what_the_team_saw(void **state)
{
	(void)state;
	struct game *g = tg_load("tests/data/named.yaml", 1);
	game_start(g);
	char *red = lines_text(g, 0, false);
	assert_string_equal(red, ".|open ground|||none\n"
				 "_|Curtain walk (wall walk)|height 6|Curtain walk|none\n");
	free(red);
	run(g, "end");
	run(g, "end");
	run(g, "end");
	run(g, "face b1 ne");
	char *blue = lines_text(g, 1, false);
	assert_string_equal(blue,
			    ".|open ground|||none\n"
			    "#|wall|impassable, blocks sight||none\n"
			    "_|Curtain walk (wall walk)|height 6|Curtain walk|none\n"
			    "=|parapet|impassable, height 4, half cover||none\n"
			    "~|Moat (water)|impassable|Moat|blue\n"
			    "+|Postern gate (door)|no war machines, DV 8, 2 hits|"
			    "Postern gate|red\n"
			    "H|ladder|foot only||none\n");
	free(blue);
	char *named = lines_text(g, 1, true);
	assert_string_equal(named,
			    "_|Curtain walk (wall walk)|height 6|Curtain walk|none\n"
			    "~|Moat (water)|impassable|Moat|blue\n"
			    "+|Postern gate (door)|no war machines, DV 8, 2 hits|"
			    "Postern gate|red\n");
	free(named);
	/* Everything, for a spectator: the green woods too. */
	char *all = lines_text(g, -1, true);
	assert_non_null(strstr(all, "T|woods|cost x2, soft cover||green\n"));
	free(all);
	game_free(g);
}

/* ---- over the wire ------------------------------------------------------ */

static void feed(const struct wire_team *rec, struct wire_client *c, int *sent)
{
	char why[GAME_WHY_LEN];
	for (; *sent < rec->n; (*sent)++)
		if (wire_client_apply(c, rec->lines[*sent], why) != 0)
			fail_msg("%s: %s", why, rec->lines[*sent]);
}

/* After every command, Blue's projection describes every cell Blue sees
 * as the host does, and lists the same legend. */
static void test_wire_carries_names_and_colours(void **state)
{
	(void)state;
	struct game *g = tg_load("tests/data/named.yaml", 2);
	struct wire_team rec;
	wire_team_init(&rec, g, 1);
	game_start(g);
	struct wire_client c;
	wire_client_init(&c);
	int sent = 0;
	static const char *const script[] = {
		"end", "end", "end", "face b1 n", "move b1 e", "face b1 ne",
		"end", "end", "end", "end", "end", "end",
	};
	for (size_t i = 0; i <= sizeof script / sizeof *script; i++) {
		if (i)
			run(g, script[i - 1]);
		wire_team_sync(&rec, g);
		feed(&rec, &c, &sent);
		assert_non_null(c.g);
		const struct knowledge *k = game_knowledge(g, 1);
		for (int y = 0; y < g->w->map.h; y++)
			for (int x = 0; x < g->w->map.w; x++) {
				if (!knowledge_sees(k, x, y))
					continue;
				char a[64], b[64];
				const struct cell *hc = map_cell_c(&g->w->map, x, y);
				const struct cell *pc = map_cell_c(&c.g->w->map, x, y);
				assert_string_equal(
					map_cell_words(&g->w->map, hc, a, sizeof a),
					map_cell_words(&c.g->w->map, pc, b, sizeof b));
				assert_int_equal(map_cell_colour(&g->w->map, hc),
						 map_cell_colour(&c.g->w->map, pc));
			}
		char *host = lines_text(g, 1, false);
		char *remote = lines_text(c.g, 1, false);
		assert_string_equal(host, remote);
		free(host);
		free(remote);
	}
	/* The gate's line names it and gives its colour; a standard
	 * symbol's names neither. */
	int named = 0;
	for (int i = 0; i < rec.n; i++) {
		if (!strstr(rec.lines[i], "\"type\":\"terrain\""))
			continue;
		if (strstr(rec.lines[i], "\"sym\":\"#\""))
			assert_null(strstr(rec.lines[i], "\"colour\""));
		named += strstr(rec.lines[i],
				"\"name\":\"Postern gate\",\"colour\":\"red\"") != NULL;
	}
	assert_true(named > 0);
	wire_client_free(&c);
	wire_team_free(&rec);
	game_free(g);
}

/* A host may send anything: a terrain line with a colour that is none
 * or a name no scenario could hold breaks the record. */
static void test_wire_refuses_bad_names(void **state)
{
	(void)state;
	struct game *g = tg_load("tests/data/named.yaml", 2);
	struct wire_team rec;
	wire_team_init(&rec, g, 1);
	static const char *const bad[] = {
		"\"colour\":\"puce\"", "\"name\":\"Gate\\u0007\"",
		"\"name\":\"Gate\\u200b\"",
		"\"name\":\"0123456789012345678901234567890123\"",
	};
	for (size_t b = 0; b < sizeof bad / sizeof *bad; b++) {
		struct wire_client c;
		wire_client_init(&c);
		char why[GAME_WHY_LEN];
		int r = 0;
		for (int i = 0; i < rec.n && r == 0; i++) {
			const char *line = rec.lines[i];
			char *changed = NULL;
			if (strstr(line, "\"type\":\"terrain\"")) {
				size_t n = strlen(line);
				changed = xasprintf("%.*s,%s}", (int)(n - 1), line,
						    bad[b]);
				line = changed;
			}
			r = wire_client_apply(&c, line, why);
			free(changed);
		}
		assert_int_equal(r, -1);
		assert_non_null(strstr(why, "terrain"));
		wire_client_free(&c);
	}
	wire_team_free(&rec);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest data[] = {
		cmocka_unit_test(test_legend_errors),
	};
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_legend_names_and_colours),
		cmocka_unit_test(test_refusals_use_legend_names),
		cmocka_unit_test(test_map_labels),
		cmocka_unit_test(test_legend_lines_from_what_the_team_saw),
		cmocka_unit_test(test_wire_carries_names_and_colours),
		cmocka_unit_test(test_wire_refuses_bad_names),
	};
	return cmocka_run_group_tests(data, td_setup, td_teardown) |
	       cmocka_run_group_tests(tests, NULL, NULL);
}
