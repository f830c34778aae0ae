/* roster.c: fuzz the roster loader. A roster either loads whole, with
 * unit types every attack can be computed for, or is refused with one
 * message naming the file. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "data/roster_load.h"
#include "fuzz.h"
#include "rules/combat.h"

const char fuzz_name[] = "roster";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Every weapon of a against every type t, in every situation the chart
 * distinguishes: the need and its chance are what the game would show. */
static void attacks(const struct roster *r, const struct unit_type *a,
		    const struct unit_type *t)
{
	for (int wi = 0; wi < a->nweapons; wi++) {
		const struct weapon *wp = &a->weapons[wi];
		bool ranged = weapon_is_ranged(wp);
		for (int v = 0; v < 2 * COVER_COUNT; v++) {
			struct attack_situation s = {
				.av = wp->av,
				.dv = t->dv,
				.ranged = ranged,
				.cover = ranged ? (enum cover)(v % COVER_COUNT)
						: COVER_NONE,
				.over_half = ranged && v >= COVER_COUNT,
				.large_target = ranged && t->cls == CLASS_MACHINE,
				.outnumber = ranged ? 1 : 1 + v,
				.behind = !ranged && v % 2,
				.on_ladder = !ranged && v >= COVER_COUNT,
			};
			struct attack_calc calc;
			combat_compute(&r->chart, &s, &calc);
			if (calc.nterms < 2 || calc.nterms > MAX_TERMS)
				fuzz_fail("%d terms", calc.nterms);
			double p = combat_chance(&r->chart, calc.need);
			if (!(p >= 0.0 && p <= 1.0))
				fuzz_fail("a chance of %f", p);
			char desc[256];
			combat_describe(&r->chart, &calc, desc, sizeof desc);
			if (strncmp(desc, "need ", 5) != 0)
				fuzz_fail("an attack described as '%s'", desc);
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char path[] = "units/input.yaml";
	struct roster r;
	char *err = NULL;
	if (roster_load_string(path, (const char *)data, size, &r, &err) != 0) {
		if (!err || strncmp(err, path, strlen(path)) != 0)
			fuzz_fail("refused without naming the file: %s",
				  err ? err : "(no message)");
		if (r.ntypes != 0 || r.types)
			fuzz_fail("a refused roster half-loaded");
		free(err);
		return 0;
	}
	if (err)
		fuzz_fail("loaded, yet with a message: %s", err);
	if (r.ntypes < 1)
		fuzz_fail("a roster with no unit types loaded");
	for (int i = 0; i < r.ntypes; i++) {
		const struct unit_type *a = &r.types[i];
		if (roster_find(&r, a->id) != i)
			fuzz_fail("type '%s' is not found by its id", a->id);
		if (a->nweapons < 0 || a->nweapons > MAX_WEAPONS)
			fuzz_fail("type '%s' has %d weapons", a->id, a->nweapons);
		/* A few of them: a roster of hundreds would be all pairs. */
		for (int t = 0; t < r.ntypes && t < 16 && i < 16; t++)
			attacks(&r, a, &r.types[t]);
	}
	roster_free(&r);
	return 0;
}
