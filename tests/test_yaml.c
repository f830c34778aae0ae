/* test_yaml.c: the YAML reader under the loaders (SPEC 8): files that
 * cannot be read, empty files, bad and hostile YAML, each reported exactly
 * as FILE:LINE:COL: message; the text escapes and the positions it keeps. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

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
#include "testdata.h"

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

int main(void)
{
	const struct CMUnitTest tests[] = {
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
	};
	return cmocka_run_group_tests(tests, td_setup, td_teardown);
}
