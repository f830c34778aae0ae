/* test_vision_runs.c: the runs a vision cache keeps of each unit's view.
 * Made from a grid of bits they hold exactly its set cells, runs that
 * cross from one word to the next included; and the difference of two
 * views, run against run, names every cell that is in one and not the
 * other once, with the right sign, and no other cell. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "world/vision_int.h"

#define LINES 12
#define CELLS 200 /* four words a line, the last partly */

/* A repeatable stream of numbers below n. */
static unsigned next_below(unsigned *s, unsigned n)
{
	*s = *s * 1103515245u + 12345u;
	return (*s >> 8) % n;
}

/* Random views as cells: long runs, short ones, whole lines, none. */
static void random_view(unsigned *s, bool cell[LINES][CELLS])
{
	memset(cell, 0, sizeof(bool) * LINES * CELLS);
	for (int l = 0; l < LINES; l++) {
		int kind = (int)next_below(s, 5);
		for (int i = 0; i < CELLS; i++) {
			switch (kind) {
			case 0: break;
			case 1: cell[l][i] = true; break;
			case 2: cell[l][i] = next_below(s, 2); break;
			default:
				cell[l][i] = i > 0 && next_below(s, 40)
						     ? cell[l][i - 1]
						     : next_below(s, 2);
			}
		}
	}
}

/* Bits over lines 2.. of a box starting at word 1 (cells 64..), with the
 * cells of view set; cells of view before 64 are left out. */
static void to_bits(bool cell[LINES][CELLS], struct vision_bits *b)
{
	vision_bits_cover(b, VB_ROWS,
			  (struct vision_box){64, 2, CELLS - 1, LINES - 1});
	for (int l = 2; l < LINES; l++)
		for (int i = 64; i < CELLS; i++)
			if (cell[l][i]) {
				b->w[(size_t)(l - b->line0) * b->nwords +
				     (size_t)(i / 64 - b->word0)] |=
					(uint64_t)1 << (i % 64);
				b->lo = b->lo < l ? b->lo : l;
				b->hi = b->hi > l ? b->hi : l;
				b->wlo = b->wlo < i / 64 ? b->wlo : i / 64;
				b->whi = b->whi > i / 64 ? b->whi : i / 64;
			}
	for (int l = 0; l < LINES; l++)
		for (int i = 0; i < (l < 2 ? CELLS : 64); i++)
			cell[l][i] = false;
}

static void test_runs_hold_the_bits(void **state)
{
	(void)state;
	unsigned s = 1;
	static bool cell[LINES][CELLS];
	struct vision_bits b = {0};
	struct vision_runs r = {0, -1, NULL, 0, NULL, 0, 0};
	for (int round = 0; round < 300; round++) {
		random_view(&s, cell);
		to_bits(cell, &b);
		vision_runs_from_bits(&r, &b);
		static bool got[LINES][CELLS];
		memset(got, 0, sizeof got);
		for (int l = r.lo; l <= r.hi; l++) {
			int prev_end = -1;
			for (uint32_t k = r.first[l - r.lo];
			     k < r.first[l - r.lo + 1]; k++) {
				int a = r.run[k][0], e = r.run[k][1];
				assert_true(a < e);
				assert_true(a > prev_end); /* sorted, apart */
				prev_end = e;
				for (int i = a; i < e; i++)
					got[l][i] = true;
			}
		}
		assert_memory_equal(got, cell, sizeof got);
	}
	vision_bits_free(&b);
	vision_runs_free(&r);
}

struct tally {
	int d[LINES][CELLS];
};

static void tally_span(void *arg, int l, int a, int b, int d)
{
	struct tally *t = arg;
	assert_true(a < b);
	for (int i = a; i < b; i++)
		t->d[l][i] += d;
}

static void test_diff_names_each_changed_cell_once(void **state)
{
	(void)state;
	unsigned s = 7;
	static bool was[LINES][CELLS], now[LINES][CELLS];
	struct vision_bits b = {0};
	struct vision_runs rw = {0, -1, NULL, 0, NULL, 0, 0}, rn = rw, copy = rw;
	for (int round = 0; round < 300; round++) {
		random_view(&s, was);
		to_bits(was, &b);
		vision_runs_from_bits(&rw, &b);
		/* Now: a little different (a step), or quite another view. */
		if (round % 2) {
			memcpy(now, was, sizeof now);
			for (int k = 0; k < 20; k++)
				now[2 + next_below(&s, LINES - 2)]
				   [64 + next_below(&s, CELLS - 64)] ^= 1;
		} else {
			random_view(&s, now);
		}
		to_bits(now, &b);
		vision_runs_from_bits(&rn, &b);
		/* The cache keeps a fitted copy: it must be the same runs. */
		vision_runs_copy(&copy, &rn);
		static struct tally t;
		memset(&t, 0, sizeof t);
		vision_runs_diff(&rw, &copy, tally_span, &t);
		for (int l = 0; l < LINES; l++)
			for (int i = 0; i < CELLS; i++)
				assert_int_equal(t.d[l][i],
						 (int)now[l][i] - (int)was[l][i]);
	}
	/* From nothing, everything comes in; to nothing, all goes out. */
	struct vision_runs none = {0, -1, NULL, 0, NULL, 0, 0};
	static struct tally t;
	memset(&t, 0, sizeof t);
	vision_runs_diff(&none, &rn, tally_span, &t);
	vision_runs_diff(&rn, &none, tally_span, &t);
	for (int l = 0; l < LINES; l++)
		for (int i = 0; i < CELLS; i++)
			assert_int_equal(t.d[l][i], 0);
	vision_bits_free(&b);
	vision_runs_free(&rw);
	vision_runs_free(&rn);
	vision_runs_free(&copy);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runs_hold_the_bits),
		cmocka_unit_test(test_diff_names_each_changed_cell_once),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
