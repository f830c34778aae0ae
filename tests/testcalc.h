/* testcalc.h: the target number of an attack under the standard chart,
 * and an assertion on it term by term, for the combat and cover tests. */
#ifndef TESTCALC_H
#define TESTCALC_H

#include "rules/combat.h"

#define TERMS(...) ((const struct term[]){__VA_ARGS__})
#define NTERMS(...) ((int)(sizeof TERMS(__VA_ARGS__) / sizeof(struct term)))
/* The target number and every term, by name and value, in order. */
#define ASSERT_CALC(calc, need, ...) \
	assert_calc((calc), (need), TERMS(__VA_ARGS__), NTERMS(__VA_ARGS__))

/* Fails the running test unless a has exactly need and the n terms want. */
void assert_calc(const struct attack_calc *a, int need,
		 const struct term *want, int n);

/* The attack s computed under chart_default(). */
struct attack_calc compute(const struct attack_situation *s);

#endif
