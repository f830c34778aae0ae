/* test_cover_ref.c: the cover of a missile's target (SPEC 4), checked
 * against an independent reference on seeded random fields: the target's
 * own cell, every cell touching the target whose square the line from the
 * shooter meets (through it, or at a corner it passes), and the cover the
 * target's type carries (a pavise, a mantlet); the best of them, one
 * value. The reference meets squares by the signs of their corners, in
 * integers, and shares nothing with the line walk the game uses. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>

#include "base/rng.h"
#include "rules/combat.h"
#include "testworld.h"

#define SIDE 7
#define FIELDS 60

/* Whether the segment from A's centre to B's meets the closed square of
 * cell c. In doubled coordinates the centres are even and the square is
 * [2c - 1, 2c + 1] on each axis: they meet when their boxes overlap and
 * the square's corners are not all on one side of the line. */
static bool ref_meets(int ax, int ay, int bx, int by, int cx, int cy)
{
	long x0 = 2L * ax, y0 = 2L * ay, x1 = 2L * bx, y1 = 2L * by;
	long lo_x = 2L * cx - 1, hi_x = 2L * cx + 1;
	long lo_y = 2L * cy - 1, hi_y = 2L * cy + 1;
	if ((x0 < lo_x && x1 < lo_x) || (x0 > hi_x && x1 > hi_x) ||
	    (y0 < lo_y && y1 < lo_y) || (y0 > hi_y && y1 > hi_y))
		return false;
	int pos = 0, neg = 0;
	for (int k = 0; k < 4; k++) {
		long px = k & 1 ? hi_x : lo_x, py = k & 2 ? hi_y : lo_y;
		long cross = (x1 - x0) * (py - y0) - (y1 - y0) * (px - x0);
		pos += cross > 0;
		neg += cross < 0;
	}
	return !(pos == 4 || neg == 4);
}

static enum cover better(enum cover a, enum cover b)
{
	return a > b ? a : b;
}

/* The reference: the cover a shot from a at the target at b meets, its
 * own included. */
static enum cover ref_cover(const struct world *w, int ax, int ay, int bx,
			    int by, enum cover own)
{
	enum cover best = better(own, map_cell_c(&w->map, bx, by)->t.cover);
	for (int y = by - 1; y <= by + 1; y++)
		for (int x = bx - 1; x <= bx + 1; x++) {
			if (!map_inside(&w->map, x, y) || (x == ax && y == ay) ||
			    (x == bx && y == by) || !ref_meets(ax, ay, bx, by, x, y))
				continue;
			best = better(best, map_cell_c(&w->map, x, y)->t.cover);
		}
	return best;
}

static void test_cover_matches_reference(void **state)
{
	struct world *w = *state;
	char row[SIDE + 1] = ".......";
	tw_init(w, TW_ROWS(row, row, row, row, row, row, row));
	int a = tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 1, 0, DIR_W);
	int bt = w->units[b].type, wi = tw_weapon(w, a, "longbow");
	struct rng r;
	rng_seed(&r, 2028);
	long checked = 0, own_wins = 0, ground_wins = 0;
	for (int f = 0; f < FIELDS; f++) {
		/* Most cells bare, so that lines meet a few covers. */
		for (int i = 0; i < SIDE * SIDE; i++) {
			int d = rng_die(&r, 8);
			w->map.cells[i].t.cover = d > COVER_HEAVY ? COVER_NONE
								   : (enum cover)d;
		}
		enum cover own = (enum cover)(rng_die(&r, COVER_COUNT) - 1);
		w->roster.types[bt].cover = own;
		for (int s = 0; s < SIDE * SIDE; s++)
			for (int t = 0; t < SIDE * SIDE; t++) {
				if (s == t)
					continue;
				int ax = s % SIDE, ay = s / SIDE;
				int bx = t % SIDE, by = t / SIDE;
				w->units[a].x = ax;
				w->units[a].y = ay;
				w->units[b].x = bx;
				w->units[b].y = by;
				world_index(w);
				enum cover want = ref_cover(w, ax, ay, bx, by, own);
				struct attack_situation sit;
				combat_ranged_situation(w, a, wi, bx, by, b, &sit);
				if (sit.cover != want)
					fail_msg("field %d: %d,%d at %d,%d (own %s): "
						 "cover %s, the reference %s",
						 f, ax, ay, bx, by, cover_names[own],
						 cover_names[sit.cover],
						 cover_names[want]);
				int cx, cy;
				bool is_own;
				enum cover c = combat_unit_cover(w, ax, ay, b, &cx,
								 &cy, &is_own);
				assert_int_equal(c, want);
				/* Its own only when strictly better than the
				 * ground's, which is then named by its cell. */
				enum cover ground =
					ref_cover(w, ax, ay, bx, by, COVER_NONE);
				assert_int_equal(is_own, own > ground);
				if (!is_own && c != COVER_NONE)
					assert_int_equal(
						map_cell_c(&w->map, cx, cy)->t.cover,
						c);
				own_wins += is_own;
				ground_wins += !is_own && c != COVER_NONE;
				checked++;
			}
	}
	/* The fields exercised both. */
	assert_true(own_wins > 1000);
	assert_true(ground_wins > 1000);
	printf("# %ld shots checked: own cover best in %ld, the ground's in "
	       "%ld\n",
	       checked, own_wins, ground_wins);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_cover_matches_reference),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
