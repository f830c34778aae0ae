/* test_vision_prop.c: the fast views agree with the reference line walk
 * (SPEC 2.1, 2.2) on many random small battlefields: walls, doors, heights,
 * troops of three teams (now and then a crowd of them, so that troops a
 * viewer does not see stand where they would block), every facing, with
 * and without a vision range.
 * Team views (vision_team_view) and one unit's view (vision_unit_view) are
 * checked cell by cell; the views kept by a vision_cache are checked after
 * each of a random sequence of moves, turns, arrivals, removals, door
 * changes, breaches and new heights.
 *
 * MEDSIEGE_PROP_CASES sets the number of cases of each kind (default
 * 10000 worlds, 1500 sequences); MEDSIEGE_PROP_SEED the first seed (1). A
 * failure prints the seed that reproduces it with MEDSIEGE_PROP_CASES=1. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "testworld.h"
#include "world/vision.h"

#define TW_GREEN 2

static int rnd(struct rng *r, int n) /* 0..n-1 */
{
	return rng_die(r, n) - 1;
}

static bool chance(struct rng *r, int percent)
{
	return rnd(r, 100) < percent;
}

static unsigned long long env_ull(const char *name, unsigned long long def)
{
	const char *s = getenv(name);
	return s && *s ? strtoull(s, NULL, 10) : def;
}

/* A random terrain symbol; blockers make up about `dense` percent. */
static char random_sym(struct rng *r, int dense)
{
	if (chance(r, dense))
		return "##+#=_"[rnd(r, 6)];
	static const char other[] = "......'^_HT,%~...";
	return other[rnd(r, (int)sizeof other - 1)];
}

/* Build a random world from seed: its size, terrain, heights, units and
 * vision range all come from the seed alone. */
static void random_world(struct world *w, uint64_t seed)
{
	struct rng r;
	rng_seed(&r, seed);
	int W = 1 + rnd(&r, 14), H = 1 + rnd(&r, 14);
	if (chance(&r, 2)) { /* long lines across 64-bit words */
		if (chance(&r, 50))
			W = 60 + rnd(&r, 80);
		else
			H = 60 + rnd(&r, 80);
	} else if (rnd(&r, 1000) == 0) { /* blocks of 64x64 both ways */
		W = 64 + rnd(&r, 80);
		H = 64 + rnd(&r, 80);
	}
	static const int densities[] = {0, 5, 15, 30, 50, 70};
	int dense = densities[rnd(&r, 6)];
	char *rows = malloc((size_t)H * (size_t)(W + 1));
	const char **rp = malloc((size_t)(H + 1) * sizeof *rp);
	for (int y = 0; y < H; y++) {
		char *row = rows + (size_t)y * (W + 1);
		for (int x = 0; x < W; x++)
			row[x] = random_sym(&r, dense);
		row[W] = '\0';
		rp[y] = row;
	}
	rp[H] = NULL;
	/* Now and then a curtain wall: parapet, walk, stairs down. */
	if (chance(&r, 30) && H >= 4) {
		int y = rnd(&r, H - 2);
		for (int x = 0; x < W; x++) {
			rows[(size_t)y * (W + 1) + x] = chance(&r, 80) ? '=' : '#';
			rows[(size_t)(y + 1) * (W + 1) + x] = '_';
		}
		rows[(size_t)(y + 2) * (W + 1) + rnd(&r, W)] = '^';
	}
	tw_init(w, (const char *const *)rp);
	free(rp);
	free(rows);
	if (chance(&r, 30)) { /* odd heights anywhere */
		int n = 1 + rnd(&r, 1 + W * H / 4);
		for (int i = 0; i < n; i++)
			tw_set_height(w, rnd(&r, W), rnd(&r, H), rnd(&r, 7));
	}
	w->nteams = 3;
	w->teams[TW_GREEN] = (struct team){.name = "Green", .letter = 'g',
					   .colour = "green"};
	static const char *const types[] = {"archer", "billman",
					    "peasant_levy", "foot_knight"};
	int nunits = rnd(&r, 1 + (W * H < 14 ? W * H : W * H > 2000 ? 6 : 14));
	/* Now and then a crowd, so that troops often stand behind walls and
	 * behind each other within 4 inches of a viewer: whether a viewer
	 * sees a troop decides whether it blocks (SPEC 2.1). */
	if (W * H <= 2000 && chance(&r, 30))
		nunits = W * H / 4 + rnd(&r, 1 + W * H / 3);
	for (int i = 0; i < nunits; i++) {
		int x = rnd(&r, W), y = rnd(&r, H);
		if (world_unit_at(w, x, y) >= 0)
			continue;
		int u = tw_add_unit(w, types[rnd(&r, 4)], rnd(&r, 3), x, y,
				    (enum dir)rnd(&r, DIR_COUNT));
		if (chance(&r, 10))
			world_remove(w, u, STATUS_DISABLED);
	}
	w->roster.chart.vision_range = chance(&r, 50) ? 0 : 1 + rnd(&r, 12);
}

/* Print a world so that a failure can be read and rebuilt by hand. */
static void dump_world(const struct world *w)
{
	int W = w->map.w, H = w->map.h;
	bool odd = false;
	printf("map %dx%d, vision_range %d\n", W, H,
	       w->roster.chart.vision_range);
	for (int y = 0; y < H; y++) {
		printf("  ");
		for (int x = 0; x < W; x++) {
			const struct cell *c = map_cell_c(&w->map, x, y);
			putchar(cell_symbol(c));
			odd |= c->t.height != tw_terrain(c->t.sym).height;
		}
		putchar('\n');
	}
	if (odd) {
		printf("heights:\n");
		for (int y = 0; y < H; y++) {
			printf("  ");
			for (int x = 0; x < W; x++)
				printf("%d", world_height(w, x, y));
			putchar('\n');
		}
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		printf("  unit %d %s team %s at %d,%d facing %s%s\n", i, u->id,
		       w->teams[u->team].name, u->x, u->y,
		       dir_names[u->facing], unit_alive(u) ? "" : " (off)");
	}
}

/* Compare a view with the reference; print the first difference. */
static bool same_view(const struct world *w, int team,
		      const unsigned char *got, const unsigned char *want,
		      const char *what, unsigned long long seed)
{
	int W = w->map.w, H = w->map.h;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			size_t i = (size_t)y * W + x;
			if (got[i] == want[i])
				continue;
			printf("%s disagrees with the reference: seed %llu "
			       "(MEDSIEGE_PROP_SEED=%llu "
			       "MEDSIEGE_PROP_CASES=1), team %s, cell %d,%d: "
			       "%d, reference %d\n",
			       what, seed, seed, w->teams[team].name, x, y,
			       got[i], want[i]);
			dump_world(w);
			for (int u = 0; u < w->nunits; u++)
				if (w->units[u].team == team &&
				    unit_alive(&w->units[u]) &&
				    vision_unit_sees(w, u, x, y))
					printf("  seen by %s\n", w->units[u].id);
			return false;
		}
	return true;
}

/* vision_unit_view against vision_unit_sees for every cell. */
static bool same_unit_view(const struct world *w, int i, unsigned char *got,
			   unsigned long long seed)
{
	int W = w->map.w, H = w->map.h;
	struct vision_box box = vision_unit_view(w, i, got);
	struct vision_box want = {0, 0, -1, -1};
	bool alive = unit_alive(&w->units[i]);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			bool sees = alive && vision_unit_sees(w, i, x, y);
			if (sees) {
				if (want.x1 < want.x0)
					want = (struct vision_box){x, y, x, y};
				want.x0 = x < want.x0 ? x : want.x0;
				want.x1 = x > want.x1 ? x : want.x1;
				want.y0 = y < want.y0 ? y : want.y0;
				want.y1 = y > want.y1 ? y : want.y1;
			}
			if (got[(size_t)y * W + x] == sees)
				continue;
			printf("vision_unit_view disagrees with vision_unit_sees: "
			       "seed %llu (MEDSIEGE_PROP_SEED=%llu "
			       "MEDSIEGE_PROP_CASES=1), unit %s, cell %d,%d: %d\n",
			       seed, seed, w->units[i].id, x, y,
			       got[(size_t)y * W + x]);
			dump_world(w);
			return false;
		}
	if (memcmp(&box, &want, sizeof box) != 0 &&
	    !(box.x1 < box.x0 && want.x1 < want.x0)) {
		printf("vision_unit_view: box %d,%d-%d,%d, want %d,%d-%d,%d "
		       "(seed %llu)\n",
		       box.x0, box.y0, box.x1, box.y1, want.x0, want.y0,
		       want.x1, want.y1, seed);
		return false;
	}
	return true;
}

static void test_team_view_matches_reference(void **state)
{
	struct world *w = *state;
	unsigned long long first = env_ull("MEDSIEGE_PROP_SEED", 1);
	unsigned long long n = env_ull("MEDSIEGE_PROP_CASES", 10000);
	unsigned char *got = NULL, *want = NULL;
	size_t cap = 0;
	for (unsigned long long k = 0; k < n; k++) {
		unsigned long long seed = first + k;
		random_world(w, seed);
		size_t cells = (size_t)w->map.w * (size_t)w->map.h;
		if (cells > cap) {
			cap = cells;
			got = realloc(got, cap);
			want = realloc(want, cap);
		}
		bool ok = true;
		for (int t = 0; ok && t < w->nteams; t++) {
			vision_team_view_ref(w, t, want);
			memset(got, 7, cells);
			vision_team_view(w, t, got);
			ok = same_view(w, t, got, want, "vision_team_view", seed);
		}
		/* And one unit's view, cell by cell, with its box. */
		int i = w->nunits ? (int)(seed % (unsigned)w->nunits) : -1;
		if (ok && i >= 0)
			ok = same_unit_view(w, i, got, seed);
		if (!ok) {
			free(got);
			free(want);
			fail();
		}
		world_free(w);
	}
	free(got);
	free(want);
}

/* A free cell, or -1,-1 after some tries. */
static bool free_cell(const struct world *w, struct rng *r, int *x, int *y)
{
	for (int tries = 0; tries < 20; tries++) {
		*x = rnd(r, w->map.w);
		*y = rnd(r, w->map.h);
		if (world_unit_at(w, *x, *y) < 0)
			return true;
	}
	return false;
}

/* A random living unit, or -1. */
static int living_unit(const struct world *w, struct rng *r)
{
	if (w->nunits == 0)
		return -1;
	int i = rnd(r, w->nunits);
	return unit_alive(&w->units[i]) ? i : -1;
}

/* Make one random change to w, tell the caches, and describe it in log. */
static void random_change(struct world *w, struct rng *r,
			  struct vision_cache **vc, char *log, size_t n)
{
	int kind = rnd(r, 8), i = living_unit(w, r), x, y;
	int W = w->map.w, H = w->map.h;
	if (kind <= 2 && i >= 0) { /* a step or a jump, maybe a new facing */
		const struct unit *u = &w->units[i];
		int fx = u->x, fy = u->y;
		if (kind == 0) {
			x = fx + rnd(r, 3) - 1;
			y = fy + rnd(r, 3) - 1;
			if (!map_inside(&w->map, x, y) ||
			    world_unit_at(w, x, y) >= 0)
				return;
		} else if (!free_cell(w, r, &x, &y)) {
			return;
		}
		world_place(w, i, x, y);
		if (chance(r, 50))
			w->units[i].facing = (enum dir)rnd(r, DIR_COUNT);
		for (int t = 0; t < w->nteams; t++)
			vision_cache_unit_moved(vc[t], w, i, fx, fy);
		snprintf(log, n, "%s moves %d,%d -> %d,%d facing %s",
			 u->id, fx, fy, x, y, dir_names[u->facing]);
	} else if (kind == 3 && i >= 0) { /* a turn */
		w->units[i].facing = (enum dir)rnd(r, DIR_COUNT);
		for (int t = 0; t < w->nteams; t++)
			vision_cache_unit_moved(vc[t], w, i, w->units[i].x,
						w->units[i].y);
		snprintf(log, n, "%s turns %s", w->units[i].id,
			 dir_names[w->units[i].facing]);
	} else if (kind == 4 && i >= 0) { /* off the board */
		world_remove(w, i, STATUS_DISABLED);
		for (int t = 0; t < w->nteams; t++)
			vision_cache_unit_removed(vc[t], w, i);
		snprintf(log, n, "%s is disabled", w->units[i].id);
	} else if (kind == 5) { /* a newcomer */
		if (!free_cell(w, r, &x, &y))
			return;
		i = tw_add_unit(w, "archer", rnd(r, 3), x, y,
				(enum dir)rnd(r, DIR_COUNT));
		for (int t = 0; t < w->nteams; t++)
			vision_cache_unit_moved(vc[t], w, i, -1, -1);
		snprintf(log, n, "%s arrives at %d,%d facing %s",
			 w->units[i].id, x, y, dir_names[w->units[i].facing]);
	} else { /* a door, a breach, new terrain or a new height */
		x = rnd(r, W);
		y = rnd(r, H);
		struct cell *c = map_cell(&w->map, x, y);
		int what = rnd(r, 4);
		if (what == 0 && cell_is_door(c))
			c->t.state = c->t.state == DOOR_OPEN ? DOOR_CLOSED
							     : DOOR_OPEN;
		else if (what == 0 || what == 1)
			tw_set_cell(w, x, y, "+'#._=^"[rnd(r, 7)]);
		else if (what == 2)
			cell_destroy(c);
		else
			tw_set_height(w, x, y, rnd(r, 9));
		for (int t = 0; t < w->nteams; t++)
			vision_cache_cell_changed(vc[t], w, x, y);
		snprintf(log, n, "cell %d,%d becomes '%c' at height %d", x, y,
			 cell_symbol(c), c->t.height);
	}
}

static void test_cache_follows_changes(void **state)
{
	struct world *w = *state;
	unsigned long long first = env_ull("MEDSIEGE_PROP_SEED", 1);
	unsigned long long n = env_ull("MEDSIEGE_PROP_CASES", 1500);
	enum { STEPS = 12 };
	for (unsigned long long k = 0; k < n; k++) {
		unsigned long long seed = first + k;
		random_world(w, seed);
		struct rng r;
		rng_seed(&r, seed ^ 0x5eedULL);
		size_t cells = (size_t)w->map.w * (size_t)w->map.h;
		unsigned char *want = malloc(cells);
		struct vision_cache *vc[3];
		for (int t = 0; t < w->nteams; t++)
			vc[t] = vision_cache_new(w, t);
		char log[STEPS][96] = {{0}};
		bool ok = true;
		for (int step = 0; ok && step <= STEPS; step++) {
			if (step > 0)
				random_change(w, &r, vc, log[step - 1],
					      sizeof log[0]);
			for (int t = 0; ok && t < w->nteams; t++) {
				vision_team_view_ref(w, t, want);
				ok = same_view(w, t, vision_cache_team_view(vc[t]),
					       want, "vision_cache", seed);
			}
			if (!ok)
				for (int j = 0; j < step; j++)
					printf("  change %d: %s\n", j + 1,
					       log[j][0] ? log[j] : "(none)");
		}
		for (int t = 0; t < w->nteams; t++)
			vision_cache_free(vc[t]);
		free(want);
		world_free(w);
		if (!ok)
			fail();
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TW_TEST(test_team_view_matches_reference),
		TW_TEST(test_cache_follows_changes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
