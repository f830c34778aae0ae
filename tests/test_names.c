/* test_names.c: the text a player reads. The table of Unicode's format
 * characters (src/base/utf8.c) against Unicode's own files when this
 * machine has them; names in data files that hold a control or an
 * invisible format character are refused with the code point named; a
 * name too long is said in bytes and quoted whole characters at a time;
 * every message that quotes such text shows it escaped. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"
#include "data/roster_load.h"
#include "data/scenario_load.h"

#define UCD_DIR "/usr/share/unicode"

/* ---- the table ---------------------------------------------------------- */

static void test_format_table_edges(void **state)
{
	(void)state;
	static const unsigned in[] = {
		0x00ad, 0x0600, 0x0605, 0x061c, 0x06dd, 0x070f, 0x0890,
		0x0891, 0x08e2, 0x180e, 0x200b, 0x200f, 0x202a, 0x202e,
		0x2060, 0x2064, 0x2066, 0x206f, 0xfeff, 0xfff9, 0xfffb,
		0x110bd, 0x110cd, 0x13430, 0x1343f, 0x1bca0, 0x1bca3,
		0x1d173, 0x1d17a, 0xe0001, 0xe0020, 0xe007f,
	};
	static const unsigned out[] = {
		0, 'A', 0x7f, 0x9f, 0x00ac, 0x00ae, 0x05ff, 0x0606, 0x061b,
		0x061d, 0x200a, 0x2010, 0x2029, 0x202f, 0x205f, 0x2065,
		0x2070, 0xfefe, 0xff00, 0xfff8, 0xfffc, 0x1342f, 0x13440,
		0x1d172, 0x1d17b, 0xe0000, 0xe0002, 0xe001f, 0xe0080,
		0x10ffff,
	};
	for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
		assert_true(utf8_is_format(in[i]));
		assert_non_null(utf8_format_name(in[i]));
	}
	for (size_t i = 0; i < sizeof out / sizeof out[0]; i++) {
		assert_false(utf8_is_format(out[i]));
		assert_null(utf8_format_name(out[i]));
	}
	assert_string_equal(utf8_format_name(0x200b), "ZERO WIDTH SPACE");
	assert_string_equal(utf8_format_name(0x202e), "RIGHT-TO-LEFT OVERRIDE");
	assert_string_equal(utf8_format_name(0x2066), "LEFT-TO-RIGHT ISOLATE");
	assert_string_equal(utf8_format_name(0xfeff), "ZERO WIDTH NO-BREAK SPACE");
	assert_string_equal(utf8_format_name(0xe0041), "TAG CHARACTER");
	assert_true(utf8_is_control(0x1b) && utf8_is_control(0x7f) &&
		    utf8_is_control(0x85) && !utf8_is_control(0xa0) &&
		    !utf8_is_control(' '));
}

/* "0600..0605    ; Cf # ..." or "00AD ; Cf ...": every Cf range of
 * DerivedGeneralCategory.txt into in[] (one flag per code point). */
static int read_derived(FILE *f, unsigned char *in)
{
	char line[512];
	int ranges = 0;
	while (fgets(line, sizeof line, f)) {
		unsigned a, b;
		char cat[8];
		if (sscanf(line, "%x..%x ; %7s", &a, &b, cat) == 3 ||
		    (sscanf(line, "%x ; %7s", &a, cat) == 2 && (b = a, 1))) {
			if (strcmp(cat, "Cf") != 0 || b > 0x10ffff)
				continue;
			for (unsigned cp = a; cp <= b; cp++)
				in[cp] = 1;
			ranges++;
		}
	}
	return ranges;
}

/* The whole of Unicode against its own list, when the machine has it
 * (Debian's unicode-data). */
static void test_format_table_is_unicodes(void **state)
{
	(void)state;
	FILE *f = fopen(UCD_DIR "/extracted/DerivedGeneralCategory.txt", "r");
	if (!f)
		skip();
	unsigned char *in = xcalloc(0x110000, 1);
	int ranges = read_derived(f, in);
	fclose(f);
	assert_true(ranges > 10);
	for (unsigned cp = 0; cp < 0x110000; cp++)
		if ((bool)in[cp] != utf8_is_format(cp))
			fail_msg("U+%04X: Unicode says %s, the table %s", cp,
				 in[cp] ? "Cf" : "not Cf",
				 utf8_is_format(cp) ? "Cf" : "not Cf");
	free(in);
}

/* Every name but the tags' is Unicode's (UnicodeData.txt, field 2). */
static void test_format_names_are_unicodes(void **state)
{
	(void)state;
	FILE *f = fopen(UCD_DIR "/UnicodeData.txt", "r");
	if (!f)
		skip();
	char line[512];
	int checked = 0;
	while (fgets(line, sizeof line, f)) {
		char *name = strchr(line, ';');
		char *cat = name ? strchr(name + 1, ';') : NULL;
		if (!cat || strncmp(cat + 1, "Cf;", 3) != 0)
			continue;
		*cat = '\0';
		unsigned cp = (unsigned)strtoul(line, NULL, 16);
		const char *ours = utf8_format_name(cp);
		assert_non_null(ours);
		if (cp > 0xe0020 && cp < 0xe007f)
			assert_int_equal(strncmp(name + 1, "TAG ", 4), 0);
		else
			assert_string_equal(ours, name + 1);
		checked++;
	}
	fclose(f);
	assert_true(checked > 100);
}

/* ---- decoding and counting ---------------------------------------------- */

static void test_decode_and_count(void **state)
{
	(void)state;
	unsigned cp;
	assert_int_equal(utf8_decode("\xe2\x80\x8b", &cp), 3);
	assert_int_equal(cp, 0x200b);
	assert_int_equal(utf8_decode("\xf3\xa0\x80\x81", &cp), 4);
	assert_int_equal(cp, 0xe0001);
	assert_int_equal(utf8_decode("\xc0\x80", &cp), 0);     /* overlong */
	assert_int_equal(utf8_decode("\xed\xa0\x80", &cp), 0); /* surrogate */
	assert_int_equal(utf8_decode("\xc5", &cp), 0);         /* cut */
	/* "Śląsk": 5 characters in 7 bytes; the first 2 take 3 bytes. */
	assert_int_equal(utf8_length("\xc5\x9al\xc4\x85sk"), 5);
	assert_int_equal(utf8_skip("\xc5\x9al\xc4\x85sk", 2), 3);
	assert_int_equal(utf8_skip("\xc5\x9al\xc4\x85sk", 3), 5);
	assert_int_equal(utf8_skip("ab", 9), 2);
	/* A byte that is no UTF-8 counts one. */
	assert_int_equal(utf8_length("a\xffz"), 3);
}

static void test_find_hidden(void **state)
{
	(void)state;
	unsigned cp;
	size_t at;
	assert_int_equal(utf8_find_hidden("Red", &cp, &at), UTF8_CLEAN);
	assert_int_equal(utf8_find_hidden("\xc3\x89vreux", &cp, &at), UTF8_CLEAN);
	assert_int_equal(utf8_find_hidden("Red\xe2\x80\x8b", &cp, &at),
			 UTF8_FORMAT);
	assert_int_equal(cp, 0x200b);
	assert_int_equal(at, 3);
	assert_int_equal(utf8_find_hidden("a\tb", &cp, &at), UTF8_CONTROL);
	assert_int_equal(cp, '\t');
	assert_int_equal(utf8_find_hidden("a\xc2\x9b", &cp, &at), UTF8_CONTROL);
	assert_int_equal(cp, 0x9b);
	assert_int_equal(utf8_find_hidden("ab\xff", &cp, &at), UTF8_INVALID);
	assert_int_equal(cp, 0xff);
	assert_int_equal(at, 2);
}

/* A message quoting text shows its format characters as escapes: a
 * right-to-left override cannot turn the rest of the line around. */
static void test_printable_escapes_format(void **state)
{
	(void)state;
	char *s = util_printable("Red\xe2\x80\x8b \xe2\x80\xae"
				 "evil\xf3\xa0\x80\x81 \xc3\x89vreux\x1b");
	assert_string_equal(s, "Red\\u200b \\u202eevil\\U000e0001 "
			       "\xc3\x89vreux\\x1b");
	char *twice = util_printable(s);
	assert_string_equal(twice, s);
	free(twice);
	free(s);
}

/* ---- names in data files ------------------------------------------------ */

/* A roster of one unit with these id, name and weapon name. */
static char *roster_text(const char *id, const char *name, const char *weapon)
{
	return xasprintf("units:\n"
			 "  - id: %s\n"
			 "    name: %s\n"
			 "    symbol: K\n"
			 "    class: foot\n"
			 "    move: 5\n"
			 "    dv: 8\n"
			 "    weapons:\n"
			 "      - {name: %s, kind: melee, av: 6}\n",
			 id, name, weapon);
}

/* Loading text as a roster (u.yaml) or a scenario (maps/x.yaml) fails
 * with exactly want. */
static void load_fails(bool scenario, const char *text, const char *want)
{
	struct roster r;
	struct scenario sc;
	char *err = NULL;
	int rc = scenario ? scenario_load_string("maps/x.yaml", text, strlen(text),
						 &sc, &err)
			  : roster_load_string("u.yaml", text, strlen(text), &r,
					       &err);
	assert_int_equal(rc, -1);
	assert_non_null(err);
	assert_string_equal(err, want);
	free(err);
}

static void roster_fails(const char *text, const char *want)
{
	load_fails(false, text, want);
}

static void test_roster_names(void **state)
{
	(void)state;
	static const struct {
		const char *id, *name, *weapon, *want;
	} bad[] = {
		{"knight", "\"Knight\\u200b\"", "sword",
		 "u.yaml:3:11: unit type name \"Knight\\u200b\" holds U+200B "
		 "ZERO WIDTH SPACE, an invisible format character"},
		{"knight", "Knight", "\"sw\\u202eord\"",
		 "u.yaml:9:16: weapon name \"sw\\u202eord\" holds U+202E "
		 "RIGHT-TO-LEFT OVERRIDE, an invisible format character"},
		{"\"kn\\u2066ight\"", "Knight", "sword",
		 "u.yaml:2:9: unit type id \"kn\\u2066ight\" holds U+2066 "
		 "LEFT-TO-RIGHT ISOLATE, an invisible format character"},
		/* A tab or a newline belongs in a description, not a name. */
		{"knight", "\"Kni\\tght\"", "sword",
		 "u.yaml:3:11: unit type name \"Kni\\tght\" holds U+0009, a "
		 "control character"},
		/* A soft hyphen shows nowhere, a language tag neither. */
		{"knight", "\"Kni\\u00adght\"", "sword",
		 "u.yaml:3:11: unit type name \"Kni\\u00adght\" holds U+00AD "
		 "SOFT HYPHEN, an invisible format character"},
		{"knight", "\"Knight\\U000E0001\"", "sword",
		 "u.yaml:3:11: unit type name \"Knight\\U000e0001\" holds "
		 "U+E0001 LANGUAGE TAG, an invisible format character"},
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char *t = roster_text(bad[i].id, bad[i].name, bad[i].weapon);
		roster_fails(t, bad[i].want);
		free(t);
	}
	/* Letters of any script are names. */
	char *t = roster_text("knight", "\"Chevalier d'\xc3\x89vreux \xd7\xa9\"",
			      "sword");
	struct roster r;
	char *err = NULL;
	assert_int_equal(roster_load_string("u.yaml", t, strlen(t), &r, &err), 0);
	assert_string_equal(r.types[0].name, "Chevalier d'\xc3\x89vreux \xd7\xa9");
	roster_free(&r);
	free(t);
}

/* A scenario on the standard roster, with these scenario and team names
 * (YAML, already quoted). */
static char *scenario_text(const char *name, const char *red, const char *goal)
{
	return xasprintf("name: %s\n"
			 "roster: " MEDSIEGE_SRCDIR "/units/standard.yaml\n"
			 "grid: |\n"
			 "  ......\n"
			 "  ......\n"
			 "teams:\n"
			 "  - name: %s\n"
			 "    letter: r\n"
			 "    units:\n"
			 "      - {type: archer, at: [0, 0], facing: e}\n"
			 "  - name: Blue\n"
			 "    letter: b\n"
			 "    units:\n"
			 "      - {type: archer, at: [5, 1], facing: w}\n"
			 "goals:\n"
			 "  - {team: %s, kind: eliminate}\n",
			 name, red, goal);
}

static void scenario_fails(const char *text, const char *want)
{
	load_fails(true, text, want);
}

static void test_scenario_names(void **state)
{
	(void)state;
	/* Two teams that print alike: one is refused. */
	char *t = scenario_text("Field", "\"Red\\u200b\"", "Blue");
	scenario_fails(t, "maps/x.yaml:7:11: team name \"Red\\u200b\" holds U+200B "
			  "ZERO WIDTH SPACE, an invisible format character");
	free(t);
	t = scenario_text("\"Field \\u202eaxe\"", "Red", "Blue");
	scenario_fails(t, "maps/x.yaml:1:7: scenario name \"Field \\u202eaxe\" "
			  "holds U+202E RIGHT-TO-LEFT OVERRIDE, an invisible "
			  "format character");
	free(t);
	t = scenario_text("Field", "Red", "\"Blue\\u2069\"");
	scenario_fails(t, "maps/x.yaml:16:12: team name \"Blue\\u2069\" holds "
			  "U+2069 POP DIRECTIONAL ISOLATE, an invisible format "
			  "character");
	free(t);
	t = scenario_text("\"Field\\x85\"", "Red", "Blue");
	scenario_fails(t, "maps/x.yaml:1:7: scenario name \"Field\\xc2\\x85\" holds "
			  "U+0085, a control character");
	free(t);
	t = scenario_text("Field", "Red", "Blue");
	struct scenario s;
	char *err = NULL;
	assert_int_equal(scenario_load_string("maps/x.yaml", t, strlen(t), &s, &err),
			 0);
	scenario_free(&s);
	free(t);
}

/* A name too long: the limit is said in bytes, and the quote is cut
 * between two characters, never inside one. */
static void test_long_names(void **state)
{
	(void)state;
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < 45; i++)
		strbuf_add(&b, "\xc5\x9a"); /* Ś */
	char *t = scenario_text("Field", b.s, "Blue");
	struct strbuf want;
	strbuf_init(&want);
	strbuf_add(&want, "maps/x.yaml:7:11: expected a string of at most 31 "
			  "bytes (UTF-8), found '");
	for (int i = 0; i < 37; i++)
		strbuf_add(&want, "\xc5\x9a");
	strbuf_add(&want, "...', 90 bytes");
	scenario_fails(t, want.s);
	free(t);
	strbuf_free(&want);
	strbuf_free(&b);
	/* 16 characters, 32 bytes: one byte too many, quoted whole. */
	t = scenario_text("Field",
			  "\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a"
			  "\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a"
			  "\xc5\x9a\xc5\x9a",
			  "Blue");
	scenario_fails(t, "maps/x.yaml:7:11: expected a string of at most 31 bytes "
			  "(UTF-8), found '\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a"
			  "\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a"
			  "\xc5\x9a\xc5\x9a\xc5\x9a\xc5\x9a', 32 bytes");
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_table_edges),
		cmocka_unit_test(test_format_table_is_unicodes),
		cmocka_unit_test(test_format_names_are_unicodes),
		cmocka_unit_test(test_decode_and_count),
		cmocka_unit_test(test_find_hidden),
		cmocka_unit_test(test_printable_escapes_format),
		cmocka_unit_test(test_roster_names),
		cmocka_unit_test(test_scenario_names),
		cmocka_unit_test(test_long_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
