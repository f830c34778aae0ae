/* test_los.c: the explanation of a line (`medsiege los`, `:los`, `v`)
 * agrees with what the game enforces, on many random battlefields:
 *
 * - vision_line_explain's verdict is vision_line_blocked's on random
 *   lines between any two cells, and it records exactly the cells and
 *   corners the walk passes;
 * - the report's "sees" is the game's view: the lone unit of a team sees
 *   a cell exactly when the team's view (the game's knowledge, from the
 *   shadow cast) holds it, and when vision_unit_view does;
 * - the report's shot is the game's shot: in the Missile step, shoot
 *   accepts exactly what the report accepts, with the same number, and
 *   refuses with the report's reason;
 * - explained for a team, nothing in the report comes from what the
 *   team has not seen, and a line the game says is clear is clear there.
 *
 * MEDSIEGE_PROP_CASES sets the number of battlefields (default 1500),
 * MEDSIEGE_PROP_SEED the first seed (1). A failure prints its seed. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "game/los.h"
#include "rules/engage.h"
#include "testworld.h"
#include "world/vision.h"

#define TW_GREEN 2

/* How often each verdict came up: a run that never met one proves
 * nothing about it. */
static struct {
	int blocked, clear, sees, unseen, shots, no_line, no_arc, no_range;
} met;

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

static char random_sym(struct rng *r, int dense)
{
	if (chance(r, dense))
		return "##+#=_T%"[rnd(r, 8)];
	static const char other[] = "......'^_HT,%~...";
	return other[rnd(r, (int)sizeof other - 1)];
}

/* A random battlefield as a game: Red has one unit that shoots (the
 * viewer and shooter), Blue and Green a few units of any kind. Red's
 * Movement step has begun. */
static struct game *random_game(uint64_t seed)
{
	struct rng r;
	rng_seed(&r, seed);
	int W = 2 + rnd(&r, 18), H = 2 + rnd(&r, 18);
	static const int densities[] = {0, 5, 15, 30, 50};
	int dense = densities[rnd(&r, 5)];
	char *rows = xmalloc((size_t)H * (size_t)(W + 1));
	const char **rp = xmalloc((size_t)(H + 1) * sizeof *rp);
	for (int y = 0; y < H; y++) {
		char *row = rows + (size_t)y * (W + 1);
		for (int x = 0; x < W; x++)
			row[x] = random_sym(&r, dense);
		row[W] = '\0';
		rp[y] = row;
	}
	rp[H] = NULL;
	struct scenario sc;
	memset(&sc, 0, sizeof sc);
	tw_init(&sc.world, (const char *const *)rp);
	free(rp);
	free(rows);
	struct world *w = &sc.world;
	if (chance(&r, 40)) {
		int n = 1 + rnd(&r, 1 + W * H / 4);
		for (int i = 0; i < n; i++)
			tw_set_height(w, rnd(&r, W), rnd(&r, H), rnd(&r, 7));
	}
	/* Breachable walls and doors, to shoot at. */
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			struct cell *c = map_cell(&w->map, x, y);
			if ((c->t.kind == TERRAIN_WALL || c->t.kind == TERRAIN_DOOR) &&
			    chance(&r, 50)) {
				c->t.dv = 10;
				c->t.hits = 2;
				c->hits_left = 2;
			}
		}
	w->nteams = 3;
	w->teams[TW_GREEN] = (struct team){.name = "Green", .letter = 'g',
					   .colour = "green"};
	static const char *const shooters[] = {"archer", "crossbowman",
					       "slinger", "javelineer",
					       "catapult", "ballista",
					       "spearman"};
	tw_add_unit(w, shooters[rnd(&r, 7)], TW_RED, rnd(&r, W), rnd(&r, H),
		    (enum dir)rnd(&r, DIR_COUNT));
	static const char *const types[] = {"archer", "billman", "peasant_levy",
					    "foot_knight", "catapult"};
	int n = rnd(&r, 1 + (W * H < 12 ? W * H : 12));
	for (int i = 0; i < n; i++) {
		int x = rnd(&r, W), y = rnd(&r, H);
		if (world_unit_at(w, x, y) >= 0)
			continue;
		tw_add_unit(w, types[rnd(&r, 5)], 1 + rnd(&r, 2), x, y,
			    (enum dir)rnd(&r, DIR_COUNT));
	}
	w->roster.chart.vision_range = chance(&r, 60) ? 0 : 2 + rnd(&r, 14);
	sc.name = xstrdup("random");
	sc.path = xstrdup("random.yaml");
	sc.roster_path = xstrdup("standard.yaml");
	struct game *g = game_new(&sc, seed);
	game_start(g);
	return g;
}

static void dump(const struct game *g, unsigned long long seed)
{
	const struct world *w = g->w;
	printf("seed %llu (MEDSIEGE_PROP_SEED=%llu MEDSIEGE_PROP_CASES=1): "
	       "%dx%d, vision range %d\n",
	       seed, seed, w->map.w, w->map.h, w->roster.chart.vision_range);
	for (int y = 0; y < w->map.h; y++) {
		printf("  ");
		for (int x = 0; x < w->map.w; x++) {
			int u = world_unit_at(w, x, y);
			putchar(u >= 0 ? world_type(w, &w->units[u])->symbol
				       : cell_symbol(map_cell_c(&w->map, x, y)));
		}
		printf("   ");
		for (int x = 0; x < w->map.w; x++)
			printf("%d", world_height(w, x, y) % 10);
		putchar('\n');
	}
	for (int i = 0; i < w->nunits; i++)
		printf("  %s %s at %d,%d facing %s\n", w->units[i].id,
		       world_type(w, &w->units[i])->id, w->units[i].x,
		       w->units[i].y, dir_names[w->units[i].facing]);
}

/* The steps the plain walk visits, to hold the explanation to. */
struct visits {
	int n;
	int xy[4096][4];
};

static bool visit_cell(void *ctx, int x, int y)
{
	struct visits *v = ctx;
	if (v->n < 4096) {
		int *e = v->xy[v->n++];
		e[0] = e[2] = x;
		e[1] = e[3] = y;
	}
	return false;
}

static bool visit_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	struct visits *v = ctx;
	if (v->n < 4096) {
		int *e = v->xy[v->n++];
		e[0] = x1;
		e[1] = y1;
		e[2] = x2;
		e[3] = y2;
	}
	return false;
}

/* Lines between random cells: the explaining walk's verdict and steps. */
static bool check_lines(const struct game *g, struct rng *r,
			unsigned long long seed)
{
	const struct world *w = g->w;
	static struct visits v;
	for (int k = 0; k < 40; k++) {
		int ax = rnd(r, w->map.w), ay = rnd(r, w->map.h);
		int bx = rnd(r, w->map.w), by = rnd(r, w->map.h);
		struct vision_line l;
		vision_line_explain(w, ax, ay, bx, by, &l);
		bool blocked = vision_line_blocked(w, ax, ay, bx, by);
		v.n = 0;
		struct line_visitor lv = {visit_cell, visit_corner, &v};
		geom_line_walk(ax, ay, bx, by, &lv);
		bool ok = (l.first >= 0) == blocked && l.nsteps == v.n;
		for (int i = 0; ok && i < l.nsteps; i++) {
			const struct vision_step *s = &l.steps[i];
			ok = s->x == v.xy[i][0] && s->y == v.xy[i][1] &&
			     s->x2 == v.xy[i][2] && s->y2 == v.xy[i][3] &&
			     (s->blocks ==
			      (s->corner ? s->why && !s->unseen && s->why2 &&
						   !s->unseen2
					 : s->why != VBLOCK_NONE && !s->unseen)) &&
			     (!s->unseen || s->why == VBLOCK_TROOP) &&
			     (!s->unseen2 || s->why2 == VBLOCK_TROOP) &&
			     (!s->blocks || l.first <= i);
		}
		met.blocked += blocked;
		met.clear += !blocked;
		vision_line_free(&l);
		if (!ok) {
			printf("line %d,%d -> %d,%d: explained %s, walked %s\n", ax,
			       ay, bx, by, l.first >= 0 ? "blocked" : "clear",
			       blocked ? "blocked" : "clear");
			dump(g, seed);
			return false;
		}
	}
	return true;
}

/* A cell, or the unit standing there. */
static struct los_end end_at(const struct world *w, int x, int y)
{
	struct los_end e = {world_unit_at(w, x, y), x, y};
	return e;
}

/* The report for Red's unit against the game's view and vision. */
static bool check_sight(struct game *g, struct rng *r, unsigned long long seed)
{
	const struct world *w = g->w;
	int W = w->map.w, H = w->map.h;
	unsigned char *cast = xmalloc((size_t)W * (size_t)H);
	vision_unit_view(w, 0, cast);
	const struct knowledge *k = game_knowledge(g, TW_RED);
	struct los_end a = {0, w->units[0].x, w->units[0].y};
	bool ok = true;
	for (int n = 0; ok && n < 30; n++) {
		int x = rnd(r, W), y = rnd(r, H);
		struct los_report rep;
		los_explain(g, -1, a, end_at(w, x, y), &rep);
		int i = y * W + x;
		bool plain = vision_unit_sees(w, 0, x, y);
		/* The team's view is the lone unit's, and every enemy it is
		 * in melee with. */
		ok = rep.sees == (bool)k->view[i] &&
		     rep.sees == (cast[i] || rep.melee) &&
		     rep.sees == (plain || rep.melee);
		met.sees += rep.sees;
		met.unseen += !rep.sees;
		if (!ok)
			printf("sight of %d,%d: report %d, team view %d, cast %d, "
			       "vision_unit_sees %d\n",
			       x, y, rep.sees, k->view[i], cast[i], plain);
		los_report_free(&rep);
	}
	free(cast);
	if (!ok)
		dump(g, seed);
	return ok;
}

/* The report's shot against the game's own: Red's Missile step. */
static bool check_shots(struct game *g, struct rng *r, unsigned long long seed)
{
	const struct world *w = g->w;
	char why[CMD_WHY_LEN];
	if (g->step != STEP_MISSILE &&
	    cmd_execute(g, CMD_ANY_TEAM, "end", why) != 0)
		return true;
	struct los_end a = {0, w->units[0].x, w->units[0].y};
	bool ok = true;
	/* Every unit on the field, then random cells. */
	for (int n = 0; ok && n < w->nunits + 30; n++) {
		int x = rnd(r, w->map.w), y = rnd(r, w->map.h);
		if (n < w->nunits) {
			if (!unit_alive(&w->units[n]))
				continue;
			x = w->units[n].x;
			y = w->units[n].y;
		}
		struct los_end b = end_at(w, x, y);
		if (b.unit == 0)
			continue;
		struct los_report rep;
		los_explain(g, -1, a, b, &rep);
		struct attack_calc calc;
		char gwhy[GAME_WHY_LEN] = "";
		int wi = game_preview_shot(g, 0, b.unit, x, y, &calc, gwhy);
		bool hidden = b.unit >= 0 && !rep.sees;
		bool can = !rep.engaged && rep.shot_asked && rep.weapon >= 0;
		met.shots += wi >= 0;
		met.no_line += strstr(gwhy, "no clear line") != NULL;
		met.no_arc += strstr(gwhy, "not in its arc") != NULL;
		met.no_range += strstr(gwhy, "out of range") != NULL ||
				strstr(gwhy, "further than") != NULL ||
				strstr(gwhy, "too close") != NULL;
		if (wi >= 0)
			ok = can && wi == rep.weapon && calc.need == rep.calc.need;
		else if (rep.engaged || hidden)
			ok = !can; /* refused before the line is looked at */
		else if (b.unit >= 0 && w->units[b.unit].team == TW_RED)
			ok = !rep.shot_asked;
		else if (rep.shot_asked)
			ok = rep.weapon < 0 && strcmp(gwhy, rep.shot_why) == 0;
		else
			ok = true; /* nothing there to shoot at */
		if (!ok)
			printf("shot at %d,%d: game %d (%s), report %d (%s), "
			       "engaged %d, sees %d\n",
			       x, y, wi, wi >= 0 ? "" : gwhy, rep.weapon,
			       rep.shot_why, rep.engaged, rep.sees);
		los_report_free(&rep);
	}
	if (!ok)
		dump(g, seed);
	return ok;
}

/* Red's explanation: nothing hidden in it; whatever the game sees clear
 * is clear on the field as Red knows it. */
static bool check_fair(struct game *g, struct rng *r, unsigned long long seed)
{
	const struct world *w = g->w;
	const struct knowledge *k = game_knowledge(g, TW_RED);
	bool ok = true;
	for (int n = 0; ok && n < 20; n++) {
		int ax = rnd(r, w->map.w), ay = rnd(r, w->map.h);
		int bx = rnd(r, w->map.w), by = rnd(r, w->map.h);
		struct los_end a = {-1, ax, ay}, b = {-1, bx, by};
		int ua = world_unit_at(w, ax, ay);
		if (ua >= 0 && knowledge_knows(k, ua))
			a.unit = ua;
		struct los_report mine, all;
		los_explain(g, TW_RED, a, b, &mine);
		los_explain(g, -1, a, b, &all);
		for (int i = 0; ok && i < mine.line.nsteps; i++) {
			const struct vision_step *s = &mine.line.steps[i];
			ok = (s->unit < 0 || knowledge_knows(k, s->unit)) &&
			     (s->unit2 < 0 || knowledge_knows(k, s->unit2));
		}
		for (int i = 0; ok && i < w->nunits; i++)
			ok = !unit_alive(&mine.known.units[i]) ||
			     knowledge_knows(k, i);
		/* Cells Red sees are as they are and cells never seen count
		 * as open; a unit hidden from Red is one no Red unit sees, so
		 * it never blocks a Red unit's line: from a Red unit, clear
		 * stays clear. (From a cell, or an enemy, a unit Red cannot
		 * see may be seen, and so hide a troop beyond it that Red
		 * knows: the field's line may be clear where Red's is not.) */
		bool own = a.unit >= 0 && w->units[a.unit].team == TW_RED;
		if (ok && own && all.line.first < 0 && mine.nunknown == 0)
			ok = mine.line.first < 0;
		if (ok && a.unit >= 0 && all.sees && mine.nunknown == 0)
			ok = mine.sees;
		struct strbuf t;
		strbuf_init(&t);
		los_report_text(&mine, &t);
		los_report_json(&mine, &t);
		los_report_brief(&mine, &t);
		strbuf_free(&t);
		if (!ok)
			printf("Red's line %d,%d -> %d,%d: %s, %d unknown; the "
			       "field's: %s\n",
			       ax, ay, bx, by,
			       mine.line.first >= 0 ? "blocked" : "clear",
			       mine.nunknown,
			       all.line.first >= 0 ? "blocked" : "clear");
		los_report_free(&mine);
		los_report_free(&all);
	}
	if (!ok)
		dump(g, seed);
	return ok;
}

static void test_random_lines(void **state)
{
	(void)state;
	unsigned long long cases = env_ull("MEDSIEGE_PROP_CASES", 1500);
	unsigned long long first = env_ull("MEDSIEGE_PROP_SEED", 1);
	for (unsigned long long s = first; s < first + cases; s++) {
		struct game *g = random_game(s);
		struct rng r;
		rng_seed(&r, s * 7919u);
		bool ok = check_lines(g, &r, s) && check_sight(g, &r, s) &&
			  check_fair(g, &r, s) && check_shots(g, &r, s);
		game_free(g);
		if (!ok)
			fail_msg("seed %llu: the explanation disagrees with the "
				 "game",
				 s);
	}
	printf("lines: %d blocked, %d clear; sight: %d seen, %d not; shots: "
	       "%d made, refused %d for the line, %d the arc, %d the range\n",
	       met.blocked, met.clear, met.sees, met.unseen, met.shots,
	       met.no_line, met.no_arc, met.no_range);
	if (cases >= 100)
		assert_true(met.blocked && met.clear && met.sees && met.unseen &&
			    met.shots && met.no_line && met.no_arc &&
			    met.no_range);
}

/* The rules' second example, explained: a half wall beside the target
 * gives its cover, named with its cell. */
static void test_cover_named(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("......................",
			   "...................%..",
			   "......................"));
	int a = tw_add_unit(w, "archer", TW_RED, 4, 1, DIR_E);
	int b = tw_add_unit(w, "billman", TW_BLUE, 20, 1, DIR_W);
	int cx, cy;
	assert_int_equal(combat_cover_at(w, 4, 1, 20, 1, &cx, &cy), COVER_HALF);
	assert_int_equal(cx, 19);
	assert_int_equal(cy, 1);
	struct vision_line l;
	vision_line_explain(w, w->units[a].x, w->units[a].y, w->units[b].x,
			    w->units[b].y, &l);
	assert_int_equal(l.nsteps, 15);
	assert_int_equal(l.first, -1);
	vision_line_free(&l);
}

/* Every reason a cell blocks, named. */
static void test_blockers_named(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS("..........", ".#.....^..", ".........."));
	tw_set_height(w, 7, 1, 3);
	tw_add_unit(w, "archer", TW_RED, 0, 1, DIR_E);
	tw_add_unit(w, "billman", TW_BLUE, 3, 1, DIR_W);
	tw_add_unit(w, "billman", TW_BLUE, 5, 1, DIR_W);
	struct vision_line l;
	vision_line_explain(w, 0, 1, 9, 1, &l);
	assert_int_equal(l.nsteps, 8);
	assert_int_equal(l.steps[0].why, VBLOCK_TERRAIN); /* 1,1 wall */
	assert_int_equal(l.steps[2].why, VBLOCK_TROOP);   /* 3,1: 3 in */
	assert_int_equal(l.steps[4].why, VBLOCK_NONE);    /* 5,1: 5 in */
	assert_int_equal(l.steps[4].unit, 2);
	assert_int_equal(l.steps[6].why, VBLOCK_HEIGHT);  /* 7,1 stairs, 3 */
	assert_int_equal(l.first, 0);
	vision_line_free(&l);
	/* A diagonal gap between two walls blocks; one wall does not. */
	tw_free(w);
	tw_init(w, TW_ROWS(".#..", "#...", "....", "...."));
	vision_line_explain(w, 0, 0, 2, 2, &l);
	assert_int_equal(l.nsteps, 3);
	assert_true(l.steps[0].corner);
	assert_true(l.steps[0].blocks);
	assert_int_equal(l.first, 0);
	assert_true(vision_line_blocked(w, 0, 0, 2, 2));
	vision_line_free(&l);
	tw_set_cell(w, 1, 0, '.');
	vision_line_explain(w, 0, 0, 2, 2, &l);
	assert_false(l.steps[0].blocks);
	assert_int_equal(l.steps[0].why, VBLOCK_NONE);
	assert_int_equal(l.steps[0].why2, VBLOCK_TERRAIN);
	assert_int_equal(l.first, -1);
	assert_false(vision_line_blocked(w, 0, 0, 2, 2));
	vision_line_free(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_lines),
		TW_TEST(test_cover_named),
		TW_TEST(test_blockers_named),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
