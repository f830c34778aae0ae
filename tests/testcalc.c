/* testcalc.c: the target number under the standard chart, for tests. */
#include "testcalc.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

void assert_calc(const struct attack_calc *a, int need,
		 const struct term *want, int n)
{
	assert_int_equal(a->need, need);
	assert_int_equal(a->nterms, n);
	for (int i = 0; i < n; i++) {
		assert_string_equal(a->terms[i].name, want[i].name);
		assert_int_equal(a->terms[i].value, want[i].value);
	}
}

struct attack_calc compute(const struct attack_situation *s)
{
	struct chart c = chart_default();
	struct attack_calc a;
	memset(&a, 0x5a, sizeof a); /* compute must set every field it uses */
	combat_compute(&c, s, &a);
	return a;
}
