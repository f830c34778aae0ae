/* test_roster.c: loading a roster (SPEC 4, 8): every mistake reported
 * exactly, as FILE:LINE:COL: message, with nothing half-loaded; the
 * standard roster and its chart load right. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "data/roster_load.h"
#include "testdata.h"

/* ---- rosters ---------------------------------------------------------- */

/* A good unit, to be spoiled one line at a time. */
#define UNIT_HEAD "units:\n  - id: archer\n    symbol: a\n    class: foot\n"
#define UNIT_BOW "    weapons:\n      - {name: bow, kind: missile, av: 9, range: 24}\n"

static void test_roster_unknown_key(void **state)
{
	roster_fails(state,
		     UNIT_HEAD "    mvoe: 6\n    dv: 4\n" UNIT_BOW,
		     "5:5: unknown key 'mvoe' in unit, expected one of id, "
		     "name, symbol, class, move, dv, hits, cover, description, "
		     "weapons; did you mean 'move'?");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, kind: missile, "
			       "av: 9, rang: 24}\n",
		     "8:43: unknown key 'rang' in weapon, expected one of "
		     "name, kind, av, range, min_range, reload, structures; "
		     "did you mean 'range'?");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n" UNIT_BOW
			       "chart:\n  zzzzzzzz: 1\n",
		     "10:3: unknown key 'zzzzzzzz' in chart, expected one of "
		     "half_cover, heavy_cover, soft_cover, over_half_range, "
		     "outnumber, outnumber_max, behind, ladder, large_target, "
		     "natural_20_hits, vision_range");
	roster_fails(state, "unit: []\n",
		     "1:1: unknown key 'unit' in roster, expected one of "
		     "units, chart; did you mean 'units'?");
}

static void test_roster_wrong_types(void **state)
{
	roster_fails(state, UNIT_HEAD "    move: abc\n    dv: 4\n" UNIT_BOW,
		     "5:11: expected an integer, found 'abc'");
	roster_fails(state, UNIT_HEAD "    move: 6\n    dv: [4]\n" UNIT_BOW,
		     "6:9: expected an integer, found [4]");
	roster_fails(state, UNIT_HEAD "    move: 2.5\n    dv: 4\n" UNIT_BOW,
		     "5:11: expected an integer, found '2.5'");
	roster_fails(state, UNIT_HEAD "    move: 6\n    dv:\n" UNIT_BOW,
		     "6:8: expected an integer, found nothing");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: ram, kind: melee, "
			       "av: 4, structures: maybe}\n",
		     "8:53: expected true or false, found 'maybe'");
	roster_fails(state, "units:\n  - id: archer\n    symbol: aa\n",
		     "3:13: expected a single letter, found 'aa'");
	roster_fails(state, "units:\n  - id: foot knight\n",
		     "2:9: expected an id of letters, digits, '_' or '-', "
		     "found 'foot knight'");
	roster_fails(state, "units: {}\n",
		     "1:8: expected a sequence, found a mapping");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n" UNIT_BOW
			       "chart:\n  natural_20_hits: 1\n",
		     "10:20: expected true or false, found '1'");
}

static void test_roster_negative_numbers(void **state)
{
	roster_fails(state, UNIT_HEAD "    move: -1\n    dv: 4\n" UNIT_BOW,
		     "5:11: expected an integer from 0 to 999, found '-1'");
	roster_fails(state, UNIT_HEAD "    move: 6\n    dv: -4\n" UNIT_BOW,
		     "6:9: expected an integer from 0 to 999, found '-4'");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n    hits: 0\n" UNIT_BOW,
		     "7:11: expected an integer from 1 to 999, found '0'");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, kind: missile, "
			       "av: -9, range: 24}\n",
		     "8:40: expected an integer from 0 to 999, found '-9'");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, kind: missile, "
			       "av: 9, range: -24}\n",
		     "8:50: expected an integer from 1 to 999, found '-24'");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n" UNIT_BOW
			       "chart:\n  behind: -4\n  vision_range: -1\n",
		     "11:17: expected an integer from 0 to 999, found '-1'");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: stone, kind: siege, "
			       "av: 9, range: 8, min_range: 8}\n",
		     "8:64: min_range 8 must be less than range 8");
}

static void test_roster_missing_keys(void **state)
{
	roster_fails(state, UNIT_HEAD "    move: 6\n" UNIT_BOW,
		     "2:5: missing key 'dv' in unit");
	roster_fails(state, "units:\n  - {symbol: a}\n",
		     "2:5: missing key 'id' in unit");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, kind: missile, "
			       "av: 9}\n",
		     "8:9: missing key 'range' in weapon");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bill, kind: reach, "
			       "av: 8}\n",
		     "8:9: missing key 'range' in weapon");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, range: 3}\n",
		     "8:9: missing key 'kind' in weapon");
	roster_fails(state, "chart: {}\n", "1:1: missing key 'units' in roster");
	roster_fails(state, "units: []\n", "1:8: expected at least one unit");
}

static void test_roster_unknown_names(void **state)
{
	roster_fails(state,
		     "units:\n  - id: knight\n    symbol: M\n    class: mountd\n",
		     "4:12: unknown class 'mountd', expected one of foot, "
		     "mounted, machine; did you mean 'mounted'?");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, kind: misile, "
			       "av: 9}\n",
		     "8:27: unknown weapon kind 'misile', expected one of "
		     "melee, reach, missile, siege; did you mean 'missile'?");
	roster_fails(state,
		     UNIT_HEAD "    move: 6\n    dv: 4\n"
			       "    weapons:\n      - {name: bow, kind: qqqqqq, "
			       "av: 9}\n",
		     "8:27: unknown weapon kind 'qqqqqq', expected one of "
		     "melee, reach, missile, siege");
}

#define W1 "weapons: [{name: x, kind: melee, av: 5}]"

static void test_roster_duplicates(void **state)
{
	roster_fails(state,
		     "units:\n"
		     "  - {id: a1, symbol: a, class: foot, move: 1, dv: 1, " W1 "}\n"
		     "  - {id: a1, symbol: b, class: foot, move: 1, dv: 1, " W1 "}\n",
		     "3:10: duplicate unit id 'a1'");
	roster_fails(state,
		     "units:\n"
		     "  - {id: a1, symbol: a, class: foot, move: 1, dv: 1, " W1 "}\n"
		     "  - {id: a2, symbol: a, class: foot, move: 1, dv: 1, " W1 "}\n",
		     "3:22: duplicate symbol 'a', already used by a1");
	roster_fails(state,
		     "units:\n"
		     "  - {id: a1, symbol: a, class: foot, move: 1, dv: 1,\n"
		     "     weapons: [{name: w, kind: melee, av: 1},\n"
		     "               {name: w, kind: melee, av: 1},\n"
		     "               {name: w, kind: melee, av: 1},\n"
		     "               {name: w, kind: melee, av: 1},\n"
		     "               {name: w, kind: melee, av: 1}]}\n",
		     "7:16: too many weapons, at most 4");
}

static const char *srcdir(void)
{
	const char *d = getenv("abs_top_srcdir");
	return d && *d ? d : ".";
}

static const struct unit_type *type_of(const struct roster *r, const char *id)
{
	int i = roster_find(r, id);
	assert_true(i >= 0);
	return &r->types[i];
}

static void test_standard_roster(void **state)
{
	(void)state;
	char *path = xasprintf("%s/units/standard.yaml", srcdir());
	struct roster r;
	char *err = NULL;
	int rc = roster_load(path, &r, &err);
	if (rc < 0)
		fail_msg("%s", err);
	assert_int_equal(r.ntypes, 13);

	const struct unit_type *t = type_of(&r, "foot_knight");
	assert_string_equal(t->name, "Foot Knight");
	assert_int_equal(t->symbol, 'K');
	assert_int_equal(t->cls, CLASS_FOOT);
	assert_int_equal(t->move, 5);
	assert_int_equal(t->dv, 8);
	assert_int_equal(t->weapons[0].av, 6);
	assert_int_equal(t->weapons[0].range, 1);
	assert_non_null(t->description);

	t = type_of(&r, "archer");
	assert_int_equal(t->symbol, 'a');
	assert_int_equal(t->dv, 4);
	assert_int_equal(t->nweapons, 2);
	assert_string_equal(t->weapons[0].name, "longbow");
	assert_int_equal(t->weapons[0].kind, WEAPON_MISSILE);
	assert_int_equal(t->weapons[0].av, 9);
	assert_int_equal(t->weapons[0].range, 24);
	assert_int_equal(t->weapons[1].kind, WEAPON_MELEE);
	assert_int_equal(t->weapons[1].av, 12);

	t = type_of(&r, "billman");
	assert_int_equal(t->dv, 6);
	assert_int_equal(t->weapons[0].kind, WEAPON_REACH);
	assert_int_equal(t->weapons[0].range, 2);
	assert_int_equal(t->weapons[0].av, 8);

	t = type_of(&r, "crossbowman");
	assert_int_equal(t->weapons[0].reload, 1);
	assert_int_equal(t->weapons[0].range, 20);

	t = type_of(&r, "spearman");
	assert_int_equal(t->nweapons, 2);
	assert_int_equal(t->weapons[1].kind, WEAPON_MISSILE);
	assert_int_equal(t->weapons[1].range, 6);
	assert_int_equal(t->weapons[1].av, 10);

	t = type_of(&r, "catapult");
	assert_int_equal(t->cls, CLASS_MACHINE);
	assert_int_equal(t->hits, 3);
	assert_int_equal(t->dv, 10);
	assert_int_equal(t->weapons[0].kind, WEAPON_SIEGE);
	assert_int_equal(t->weapons[0].range, 36);
	assert_int_equal(t->weapons[0].min_range, 8);
	assert_true(t->weapons[0].structures);

	t = type_of(&r, "battering_ram");
	assert_int_equal(t->symbol, 'R');
	assert_int_equal(t->dv, 12);
	assert_int_equal(t->weapons[0].av, 4);
	assert_true(t->weapons[0].structures);

	t = type_of(&r, "mounted_knight");
	assert_int_equal(t->cls, CLASS_MOUNTED);
	assert_int_equal(t->move, 12);

	/* The rules examples: knight on archer 10; archer on billman 19. */
	assert_int_equal(type_of(&r, "foot_knight")->weapons[0].av +
				 type_of(&r, "archer")->dv,
			 10);
	assert_int_equal(type_of(&r, "archer")->weapons[0].av +
				 type_of(&r, "billman")->dv + r.chart.half_cover +
				 r.chart.over_half_range,
			 19);

	struct chart def = chart_default();
#define X(f, key, label, value) assert_int_equal(r.chart.f, def.f);
	CHART_LIST(X)
#undef X
	assert_int_equal(r.chart.half_cover, 2);
	assert_int_equal(r.chart.outnumber_max, -3);
	assert_false(r.chart.natural_20_hits);
	assert_int_equal(r.chart.vision_range, 0);
	roster_free(&r);
	free(path);
}

static void test_roster_chart_and_defaults(void **state)
{
	struct fixture *f = *state;
	char *path = write_file(f, "chart.yaml",
				"units:\n"
				"  - {id: levy, symbol: p, class: foot, move: 6, "
				"dv: 3, " W1 "}\n"
				"chart:\n  behind: -4\n  natural_20_hits: true\n"
				"  vision_range: 12\n");
	struct roster r;
	char *err = NULL;
	assert_int_equal(roster_load(path, &r, &err), 0);
	assert_null(err);
	assert_int_equal(r.chart.behind, -4);
	assert_true(r.chart.natural_20_hits);
	assert_int_equal(r.chart.vision_range, 12);
	assert_int_equal(r.chart.half_cover, 2); /* kept from the default */
	assert_int_equal(r.types[0].hits, 1);
	assert_string_equal(r.types[0].name, "levy");
	assert_null(r.types[0].description);
	assert_int_equal(r.types[0].weapons[0].range, 1);
	roster_free(&r);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_roster_unknown_key),
		cmocka_unit_test(test_roster_wrong_types),
		cmocka_unit_test(test_roster_negative_numbers),
		cmocka_unit_test(test_roster_missing_keys),
		cmocka_unit_test(test_roster_unknown_names),
		cmocka_unit_test(test_roster_duplicates),
		cmocka_unit_test(test_standard_roster),
		cmocka_unit_test(test_roster_chart_and_defaults),
	};
	return cmocka_run_group_tests(tests, td_setup, td_teardown);
}
