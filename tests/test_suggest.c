/* test_suggest.c: the nearest valid name that error messages suggest:
 * the edit distance against its defining table, and the choice of the
 * nearest name within the limit. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "base/util.h"

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
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
