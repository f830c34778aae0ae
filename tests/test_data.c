/* test_data.c: the YAML loaders (SPEC 3, 4, 8): every mistake in a data
 * file is reported exactly, as FILE:LINE:COL: message, and nothing
 * half-loads; the standard roster and a complete scenario load right. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "data/roster_load.h"
#include "data/scenario_load.h"
#include "data/yamltree.h"

/* ---- a temporary folder for the files under test ---------------------- */

struct fixture {
	char dir[64];
};

/* A small roster that the scenario tests load as "r.yaml". */
static const char test_roster[] =
	"units:\n"
	"  - {id: archer, symbol: a, class: foot, move: 6, dv: 4,\n"
	"     weapons: [{name: bow, kind: missile, av: 9, range: 24}]}\n"
	"  - {id: knight, symbol: M, class: mounted, move: 12, dv: 8,\n"
	"     weapons: [{name: lance, kind: melee, av: 5}]}\n"
	"  - {id: ram, symbol: R, class: machine, move: 3, dv: 12, hits: 3,\n"
	"     weapons: [{name: ram, kind: melee, av: 4, structures: true}]}\n";

/* Write text to dir/name; returns the path (caller frees). */
static char *write_file(const struct fixture *f, const char *name,
			const char *text)
{
	char *path = xasprintf("%s/%s", f->dir, name);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(fputs(text, fp) >= 0, 1);
	assert_int_equal(fclose(fp), 0);
	return path;
}

static int group_setup(void **state)
{
	struct fixture *f = xcalloc(1, sizeof *f);
	strcpy(f->dir, "/tmp/medsiege-test-XXXXXX");
	if (!mkdtemp(f->dir)) {
		free(f);
		return -1;
	}
	free(write_file(f, "r.yaml", test_roster));
	*state = f;
	return 0;
}

/* The folder holds only the files the tests wrote. */
static int group_teardown(void **state)
{
	struct fixture *f = *state;
	DIR *d = opendir(f->dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *path = xasprintf("%s/%s", f->dir, e->d_name);
		unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
	rmdir(f->dir);
	free(f);
	return 0;
}

/* Load a roster written from text; it must fail with exactly
 * "PATH:" + want, and leave the roster empty. */
static void roster_fails(void **state, const char *text, const char *want)
{
	struct fixture *f = *state;
	char *path = write_file(f, "roster.yaml", text);
	char *full = xasprintf("%s:%s", path, want);
	struct roster r;
	char *err = NULL;
	memset(&r, 0x5a, sizeof r);
	assert_int_equal(roster_load(path, &r, &err), -1);
	assert_non_null(err);
	assert_string_equal(err, full);
	assert_int_equal(r.ntypes, 0);
	assert_null(r.types);
	free(err);
	free(full);
	free(path);
}

/* Likewise for a scenario (its roster is r.yaml beside it). */
static void scenario_fails(void **state, const char *text, const char *want)
{
	struct fixture *f = *state;
	char *path = write_file(f, "scen.yaml", text);
	char *full = xasprintf("%s:%s", path, want);
	struct scenario s;
	char *err = NULL;
	memset(&s, 0x5a, sizeof s);
	assert_int_equal(scenario_load(path, &s, &err), -1);
	assert_non_null(err);
	assert_string_equal(err, full);
	assert_null(s.name);
	assert_null(s.world.units);
	assert_null(s.world.map.cells);
	assert_null(s.world.roster.types);
	assert_null(s.goals);
	free(err);
	free(full);
	free(path);
}

/* ---- files that cannot be read, empty files, bad YAML ----------------- */

static void test_missing_file(void **state)
{
	struct fixture *f = *state;
	char *path = xasprintf("%s/nope.yaml", f->dir);
	char *want = xasprintf("%s: cannot open: No such file or directory",
			       path);
	struct roster r;
	struct scenario s;
	char *err = NULL;
	assert_int_equal(roster_load(path, &r, &err), -1);
	assert_string_equal(err, want);
	free(err);
	assert_int_equal(scenario_load(path, &s, &err), -1);
	assert_string_equal(err, want);
	free(err);
	free(want);
	free(path);
}

static void test_directory_is_unreadable(void **state)
{
	struct fixture *f = *state;
	char *want = xasprintf("%s: cannot read: not a regular file (a directory)",
			       f->dir);
	struct roster r;
	char *err = NULL;
	assert_int_equal(roster_load(f->dir, &r, &err), -1);
	assert_string_equal(err, want);
	free(err);
	free(want);
}

/* Whether loading path fails with exactly want. */
static bool roster_load_says(const char *path, const char *want)
{
	struct roster r;
	char *err = NULL;
	bool ok = roster_load(path, &r, &err) == -1 && err &&
		  strcmp(err, want) == 0;
	if (err && !ok)
		fprintf(stderr, "got: %s\nwanted: %s\n", err, want);
	free(err);
	return ok;
}

static void test_unreadable_file(void **state)
{
	struct fixture *f = *state;
	char *path = write_file(f, "secret.yaml", "units: []\n");
	char *want = xasprintf("%s: cannot open: Permission denied", path);
	assert_int_equal(chmod(path, 0), 0);
	if (geteuid() != 0) {
		assert_true(roster_load_says(path, want));
	} else {
		/* Root reads anything: try as nobody, in a child. */
		fflush(NULL);
		pid_t pid = fork();
		assert_true(pid >= 0);
		if (pid == 0) {
			bool ok = setgid(65534) == 0 && setuid(65534) == 0 &&
				  roster_load_says(path, want);
			/* valgrind checks the child's memory at its exit too. */
			free(path);
			free(want);
			_exit(ok ? 0 : 1);
		}
		int status;
		assert_int_equal(waitpid(pid, &status, 0), pid);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	free(want);
	free(path);
}

static void test_empty_file(void **state)
{
	roster_fails(state, "", "1:1: empty file, expected a mapping");
	roster_fails(state, "# only a comment\n\n",
		     "1:1: empty file, expected a mapping");
	scenario_fails(state, "", "1:1: empty file, expected a mapping");
}

static void test_yaml_syntax_errors(void **state)
{
	roster_fails(state, "units: [a, b\n",
		     "1:1: the '[' on line 1 is not closed: end it with ']', "
		     "and separate its entries with ',' (libyaml at 2:1: did "
		     "not find expected ',' or ']' while parsing a flow "
		     "sequence)");
	roster_fails(state, "units:\n  - id: x\n   name: y\n",
		     "3:4: line 3 is not in line with the list item begun at "
		     "line 2: to put it in that item, indent it to column 5 as "
		     "the item's keys; to start a new item, begin it with '- ' "
		     "(libyaml at 3:4: did not find expected '-' indicator while "
		     "parsing a block collection)");
	roster_fails(state, "units: \"abc\n",
		     "1:1: the quote opened on line 1 is never closed (libyaml "
		     "at 2:1: found unexpected end of stream while scanning a "
		     "quoted scalar)");
	roster_fails(state, "units: \xc3\x28\n",
		     "1:9: invalid trailing UTF-8 octet (byte 0x28)");
}

/* A tab where YAML wants spaces is named as such, at the tab. */
#define TAB_MSG "found a tab character; YAML indents with spaces, not tabs"
static void test_yaml_tabs(void **state)
{
	roster_fails(state, "units:\n\t- id: x\n", "2:1: " TAB_MSG);
	roster_fails(state, "units:\n  - id: x\n\t  name: y\n", "3:1: " TAB_MSG);
	roster_fails(state, "units:\n  -\tid: x\n", "2:4: " TAB_MSG);
	scenario_fails(state, "name: T\nroster: r.yaml\ngrid: |\n\t..\n",
		       "4:1: " TAB_MSG);
}

static void test_yaml_unsupported(void **state)
{
	roster_fails(state, "units: &u []\n", "1:8: anchors are not supported");
	roster_fails(state, "units: []\nchart: *u\n",
		     "2:8: aliases are not supported");
	roster_fails(state, "units: []\n---\nunits: []\n",
		     "2:1: only one YAML document is allowed in a file");
	roster_fails(state, "units: []\nchart: {}\nunits: []\n",
		     "3:1: duplicate key 'units'");
	roster_fails(state, "? [a]\n: 1\n", "1:3: mapping keys must be scalars");
	/* The top of a file is never quoted: it may be any file at all. */
	roster_fails(state, "- units\n", "1:1: expected a mapping, found a sequence");
	roster_fails(state, "root:x:0:0:secret:/root:/bin/sh\n",
		     "1:1: expected a mapping, found text");
	roster_fails(state, "root:$6$secret:19000:0:99999:7:::\nbin:*:1::\n",
		     "1:1: not a roster: none of its keys is units or chart");
	roster_fails(state, "---\n", "2:1: expected a mapping, found nothing");
}

/* Values and keys that would reach a terminal or cut a name short. */
static void test_yaml_hostile_text(void **state)
{
	roster_fails(state, "units:\n  - id: \"Gate\\0house\"\n",
		     "2:9: a NUL character (\\0) cannot be in a value");
	roster_fails(state, "units: []\n\"\\e[2J\\e]0;pwned\\a\": 1\n",
		     "2:1: unknown key '\\x1b[2J\\x1b]0;pwned\\x07' in roster, "
		     "expected one of units, chart");
	roster_fails(state,
		     "units:\n  - {id: k, name: \"Gate\\x9bhouse\", symbol: K}\n",
		     "2:19: unit type name \"Gate\\xc2\\x9bhouse\" holds U+009B, "
		     "a control character");
	roster_fails(state, "units:\n  - {id: k, name: \"a\\x7fb\", symbol: K}\n",
		     "2:19: unit type name \"a\\x7fb\" holds U+007F, a control "
		     "character");
	roster_fails(state, "\"\\e[2J\": 1\n",
		     "1:1: not a roster: none of its keys is units or chart");
}

/* A mapping or sequence of more entries than any data file needs is
 * refused at the first one too many; duplicates are found among many. */
static void test_yaml_many_entries(void **state)
{
	(void)state;
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < 10000; i++)
		strbuf_addf(&b, "k%d: %d\n", i, i);
	char *err = NULL;
	struct ynode *root = ytree_load_string("m", b.s, b.len, &err);
	assert_null(err);
	assert_non_null(root);
	assert_int_equal(root->n, 10000);
	assert_string_equal(ytree_get(root, "k9999")->value, "9999");
	assert_string_equal(ytree_get(root, "k0")->value, "0");
	ytree_free(root);
	strbuf_add(&b, "one: more\n");
	assert_null(ytree_load_string("m", b.s, b.len, &err));
	assert_string_equal(err,
			    "m:10001:1: too many entries in one mapping (at most 10000)");
	free(err);
	strbuf_free(&b);
	strbuf_init(&b);
	for (int i = 0; i < 9999; i++)
		strbuf_addf(&b, "k%d: %d\n", i, i);
	strbuf_add(&b, "k7777: again\n");
	assert_null(ytree_load_string("m", b.s, b.len, &err));
	assert_string_equal(err, "m:10000:1: duplicate key 'k7777'");
	free(err);
	strbuf_free(&b);
	strbuf_init(&b);
	strbuf_add(&b, "[");
	for (int i = 0; i < 10001; i++)
		strbuf_add(&b, "1,");
	strbuf_add(&b, "]\n");
	assert_null(ytree_load_string("s", b.s, b.len, &err));
	assert_string_equal(err,
			    "s:1:20002: too many entries in one sequence (at most 10000)");
	free(err);
	strbuf_free(&b);
	/* Each list within bounds, but too many values in all. */
	strbuf_init(&b);
	strbuf_add(&b, "[");
	for (int i = 0; i < 21; i++) {
		strbuf_add(&b, "[");
		for (int j = 0; j < 9999; j++)
			strbuf_add(&b, "1,");
		strbuf_add(&b, "],");
	}
	strbuf_add(&b, "]\n");
	assert_null(ytree_load_string("v", b.s, b.len, &err));
	assert_non_null(strstr(err, ": too many values in one file (at most 200000)"));
	free(err);
	strbuf_free(&b);
}

/* Messages and JSON never carry a file's raw control bytes, nor bytes
 * that are not UTF-8. */
static void test_text_escapes(void **state)
{
	(void)state;
	char *s = util_printable("a\tb\nc\rd\x1b[2J\x07\x7f\xc2\x9b\xff\xc3");
	assert_string_equal(s, "a\\tb\\nc\\rd\\x1b[2J\\x07\\x7f\\xc2\\x9b\\xff\\xc3");
	char *again = util_printable(s);
	assert_string_equal(again, s); /* twice is once */
	free(again);
	free(s);
	s = util_printable("Ch\xc3\xa2teau \xe2\x80\x94 \\x");
	assert_string_equal(s, "Ch\xc3\xa2teau \xe2\x80\x94 \\x");
	free(s);
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add_json(&b, "a\"\\\n\x1b\xff\xed\xa0\x80\xc2\x9b\xc3\xa2\xf0\x9f\x8f\xb0");
	assert_string_equal(b.s, "\"a\\\"\\\\\\n\\u001b\\ufffd\\ufffd\\ufffd\\ufffd"
				 "\\u009b\xc3\xa2\xf0\x9f\x8f\xb0\"");
	strbuf_free(&b);
	char buf[6];
	util_copy_text(buf, "ab\xc3\xa2\xc3\xa2", sizeof buf);
	assert_string_equal(buf, "ab\xc3\xa2"); /* not half a character */
}

static void test_ytree_positions(void **state)
{
	(void)state;
	static const char text[] = "a:\n  b: [1, two]\ngrid: |\n    ..\n    #.\n";
	char *err = NULL;
	struct ynode *root = ytree_load_string("mem", text, strlen(text), &err);
	assert_null(err);
	assert_non_null(root);
	const struct ynode *b = ytree_get(ytree_get(root, "a"), "b");
	assert_non_null(b);
	assert_int_equal(b->kind, YNODE_SEQUENCE);
	assert_int_equal(b->n, 2);
	assert_int_equal(b->items[1]->line, 2);
	assert_int_equal(b->items[1]->col, 10);
	assert_string_equal(b->items[1]->value, "two");
	const struct ynode *g = ytree_get(root, "grid");
	assert_true(g->literal);
	assert_string_equal(g->value, "..\n#.\n");
	assert_int_equal(g->body_line, 4);
	assert_int_equal(g->body_col, 5);
	assert_null(ytree_get(root, "nothing"));
	ytree_free(root);
}

/* ---- rosters ---------------------------------------------------------- */

/* A good unit, to be spoiled one line at a time. */
#define UNIT_HEAD "units:\n  - id: archer\n    symbol: a\n    class: foot\n"
#define UNIT_BOW "    weapons:\n      - {name: bow, kind: missile, av: 9, range: 24}\n"

static void test_roster_unknown_key(void **state)
{
	roster_fails(state,
		     UNIT_HEAD "    mvoe: 6\n    dv: 4\n" UNIT_BOW,
		     "5:5: unknown key 'mvoe' in unit, expected one of id, "
		     "name, symbol, class, move, dv, hits, description, "
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
	roster_fails(state, UNIT_HEAD "    move: 6\n    dv: 4\n",
		     "2:5: missing key 'weapons' in unit");
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
	roster_fails(state, UNIT_HEAD "    move: 6\n    dv: 4\n    weapons: []\n",
		     "7:14: expected at least one weapon");
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
		       "of terrain, passable, cost, blocks_sight, height, cover, "
		       "mounted, machines, state, locked_by, dv, hits; did you "
		       "mean 'height'?");
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
			 "id, name, symbol, class, move, dv, hits, description, "
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

/* The suggestions' distance against the whole table it is defined by
 * (optimal string alignment), over many short words of a small alphabet,
 * where near words are common. */
static int osa_table(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	int d[16][16];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = (int)i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = (int)j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			int m = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < m)
				m = d[i][j - 1] + 1;
			if (d[i - 1][j - 1] + (a[i - 1] != b[j - 1]) < m)
				m = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < m)
				m = d[i - 2][j - 2] + 1;
			d[i][j] = m;
		}
	return d[la][lb];
}

static void random_word(unsigned *seed, char *w)
{
	*seed = *seed * 1103515245u + 12345u;
	int n = (int)(*seed >> 16) % 15;
	for (int i = 0; i < n; i++) {
		*seed = *seed * 1103515245u + 12345u;
		w[i] = "abcd"[(*seed >> 16) % 4];
	}
	w[n] = '\0';
}

static void test_edit_distance(void **state)
{
	(void)state;
	assert_int_equal(util_edit_distance("", ""), 0);
	assert_int_equal(util_edit_distance("", "gate"), 4);
	assert_int_equal(util_edit_distance("gate", ""), 4);
	assert_int_equal(util_edit_distance("Rde", "Red"), 1);
	assert_int_equal(util_edit_distance("kitten", "sitting"), 3);
	assert_int_equal(util_edit_distance("ca", "abc"), 3);
	char longword[80];
	memset(longword, 'a', 65);
	longword[65] = '\0';
	assert_int_equal(util_edit_distance(longword, "a"), 99);
	unsigned seed = 7;
	char a[16], b[16];
	for (int i = 0; i < 20000; i++) {
		random_word(&seed, a);
		random_word(&seed, b);
		assert_int_equal(util_edit_distance(a, b), osa_table(a, b));
	}
}

/* The nearest name: the first of the closest, and none beyond the limit
 * (a third of the word, at most 3), whatever the candidates' lengths. */
static void test_nearest(void **state)
{
	(void)state;
	const char *const names[] = {"move", "moveto", "face", "fight",
				     "shoot", "end", "undo"};
	assert_string_equal(util_nearest("mvoe", names, 7), "move");
	assert_string_equal(util_nearest("movto", names, 7), "moveto");
	assert_string_equal(util_nearest("fihgt", names, 7), "fight");
	assert_null(util_nearest("e", names, 7));
	assert_null(util_nearest("teleport", names, 7));
	const char *const ties[] = {"abcd", "abce", "abcf"};
	assert_string_equal(util_nearest("abcx", ties, 3), "abcd");
	unsigned seed = 11;
	char words[8][16], w[16];
	for (int round = 0; round < 2000; round++) {
		const char *cands[8];
		for (int i = 0; i < 8; i++) {
			random_word(&seed, words[i]);
			cands[i] = words[i];
		}
		random_word(&seed, w);
		int limit = (int)strlen(w) / 3 + 1;
		if (limit > 3)
			limit = 3;
		const char *want = NULL;
		int best = limit + 1;
		for (int i = 0; i < 8; i++)
			if (osa_table(w, cands[i]) < best) {
				best = osa_table(w, cands[i]);
				want = cands[i];
			}
		assert_ptr_equal(util_nearest(w, cands, 8), want);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_edit_distance),
		cmocka_unit_test(test_nearest),
		cmocka_unit_test(test_missing_file),
		cmocka_unit_test(test_directory_is_unreadable),
		cmocka_unit_test(test_unreadable_file),
		cmocka_unit_test(test_empty_file),
		cmocka_unit_test(test_yaml_syntax_errors),
		cmocka_unit_test(test_yaml_tabs),
		cmocka_unit_test(test_yaml_unsupported),
		cmocka_unit_test(test_yaml_hostile_text),
		cmocka_unit_test(test_yaml_many_entries),
		cmocka_unit_test(test_text_escapes),
		cmocka_unit_test(test_ytree_positions),
		cmocka_unit_test(test_roster_unknown_key),
		cmocka_unit_test(test_roster_wrong_types),
		cmocka_unit_test(test_roster_negative_numbers),
		cmocka_unit_test(test_roster_missing_keys),
		cmocka_unit_test(test_roster_unknown_names),
		cmocka_unit_test(test_roster_duplicates),
		cmocka_unit_test(test_standard_roster),
		cmocka_unit_test(test_roster_chart_and_defaults),
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
	return cmocka_run_group_tests(tests, group_setup, group_teardown);
}
