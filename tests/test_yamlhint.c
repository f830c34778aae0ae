/* test_yamlhint.c: the common mistakes in a YAML file's structure are
 * told in plain words at the line that holds them, libyaml's words after. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "data/yamltree.h"

/* The error for text, which must be refused. Caller frees. */
static char *error_of(const char *text)
{
	char *err = NULL;
	struct ynode *n = ytree_load_string("f.yaml", text, strlen(text), &err);
	assert_null(n);
	assert_non_null(err);
	return err;
}

static void refused(const char *text, const char *want)
{
	char *err = error_of(text);
	if (strcmp(err, want) != 0)
		fprintf(stderr, "got:  %s\nwant: %s\n", err, want);
	assert_string_equal(err, want);
	free(err);
}

static void test_key_indented_under_a_value(void **state)
{
	(void)state;
	refused("name: A\n  description: b\nrounds: 3\n",
		"f.yaml:2:3: line 2 is indented further than line 1 above it, "
		"whose key already has a value: line it up with the keys it "
		"belongs with (libyaml at 2:14: mapping values are not allowed "
		"in this context)");
}

static void test_value_with_a_colon(void **state)
{
	(void)state;
	refused("name: A\ndescription: Red: storms the yard\n",
		"f.yaml:2:1: line 2 holds a second ': ' after its key: a value "
		"with ': ' in it must be quoted (key: \"a: b\") (libyaml at "
		"2:17: mapping values are not allowed in this context)");
}

static void test_missing_colon(void **state)
{
	(void)state;
	refused("name: A\nrounds 3\nroster: x\n",
		"f.yaml:2:1: line 2 has no ':' after its key: write 'key: "
		"value' (libyaml at 3:1: could not find expected ':' while "
		"scanning a simple key)");
}

/* A key at the column of the item's '-', and one between it and the
 * item's keys: both told the column of the item's keys. */
static void test_item_under_the_wrong_key(void **state)
{
	(void)state;
	refused("teams:\n  - name: Red\n  units:\n    - {type: a}\n",
		"f.yaml:3:3: line 3 is not in line with the list item begun at "
		"line 2: to put it in that item, indent it to column 5 as the "
		"item's keys; to start a new item, begin it with '- ' (libyaml "
		"at 3:3: did not find expected '-' indicator while parsing a "
		"block collection)");
	refused("teams:\n  - name: Red\n    letter: r\n   units: []\n",
		"f.yaml:4:4: line 4 is not in line with the list item begun at "
		"line 2: to put it in that item, indent it to column 5 as the "
		"item's keys; to start a new item, begin it with '- ' (libyaml "
		"at 4:4: did not find expected '-' indicator while parsing a "
		"block collection)");
}

static void test_item_where_a_key_belongs(void **state)
{
	(void)state;
	refused("teams:\n  - name: Red\n    - name: Blue\n",
		"f.yaml:3:5: line 3 begins a list item ('- ') where the mapping "
		"above expects a key: put the list under a key of its own, or "
		"line its '-' up with its list's other items (libyaml at 3:5: "
		"did not find expected key while parsing a block mapping)");
}

static void test_unclosed_brace_and_quote(void **state)
{
	(void)state;
	refused("legend:\n  \"X\": {terrain: wall\ngrid: |\n  ..\n",
		"f.yaml:2:3: the '{' on line 2 is not closed: end it with '}', "
		"and separate its entries with ',' (libyaml at 3:5: did not find "
		"expected ',' or '}' while parsing a flow mapping)");
	refused("name: A\ndescription: \"abc\n",
		"f.yaml:2:1: the quote opened on line 2 is never closed "
		"(libyaml at 3:1: found unexpected end of stream while scanning "
		"a quoted scalar)");
}

/* A tab keeps its own words, at the tab. */
static void test_tab(void **state)
{
	(void)state;
	refused("name: A\nteams:\n\t- name: Red\n",
		"f.yaml:3:1: found a tab character; YAML indents with spaces, "
		"not tabs");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_key_indented_under_a_value),
		cmocka_unit_test(test_value_with_a_colon),
		cmocka_unit_test(test_missing_colon),
		cmocka_unit_test(test_item_under_the_wrong_key),
		cmocka_unit_test(test_item_where_a_key_belongs),
		cmocka_unit_test(test_unclosed_brace_and_quote),
		cmocka_unit_test(test_tab),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
