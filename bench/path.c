/* path.c: figures for the multi-turn path search (rules/path.h): on the
 * shipped scenarios (or those named), 300 queries of units in turn to
 * random cells, the time of a query, found or never, against a move_path
 * to the same cells; then, for units of the first team, the time of a
 * plan from what the team knows (game_plan: the known field copied, then
 * path_find) and of a moveto beyond one turn, which plans again after
 * every stretch it walks (game/orders.h). Prints figures only. Usage:
 * bench/path [FILE...] */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "base/rng.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "game/orders.h"
#include "rules/path.h"

/* CPU time of this thread, as bench/engine.c counts it. */
static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Plans and movetos beyond one turn, in the game of sc (taken over). */
static void orders_figures(struct scenario *sc)
{
	struct game *g = game_new(sc, 1);
	game_start(g);
	const struct world *w = g->w;
	struct rng r;
	rng_seed(&r, 1);
	int ours[4096], n = 0;
	for (int i = 0; i < w->nunits && n < 4096; i++)
		if (w->units[i].team == g->active)
			ours[n++] = i;
	int plans = 0, found = 0, moves = 0, far = 0, steps = 0;
	double t_plan = 0, t_move = 0;
	for (int k = 0; k < 100 && n; k++) {
		int u = ours[k % n];
		int x = rng_die(&r, w->map.w) - 1, y = rng_die(&r, w->map.h) - 1;
		struct path p;
		double t0 = now_ms();
		int rc = game_plan(g, u, x, y, &p);
		t_plan += now_ms() - t0;
		plans++;
		found += rc == 0;
		bool beyond = rc == 0 && p.turns > 1;
		path_free(&p);
		if (!beyond || far >= 20 || w->units[u].move_left <
						     2 * world_type(w, &w->units[u])->move)
			continue;
		/* A moveto of a unit with its whole move, taken back after. */
		char line[64], why[CMD_WHY_LEN];
		snprintf(line, sizeof line, "moveto %s %d,%d", w->units[u].id, x,
			 y);
		int x0 = w->units[u].x, y0 = w->units[u].y;
		t0 = now_ms();
		rc = cmd_execute(g, g->active, line, why);
		t_move += now_ms() - t0;
		moves++;
		if (rc == 0) {
			far++;
			steps += abs(w->units[u].x - x0) + abs(w->units[u].y - y0);
			cmd_execute(g, g->active, "undo", why);
		}
	}
	printf("  %d plans (%d found), %d movetos beyond one turn (%d made, "
	       "%.1f cells on average)\n",
	       plans, found, moves, far, far ? (double)steps / far : 0.0);
	printf("  game_plan: %.3f ms a plan; moveto beyond one turn: %.3f ms\n",
	       plans ? t_plan / plans : 0.0, moves ? t_move / moves : 0.0);
	game_free(g);
}

static void bench(const char *file)
{
	struct scenario sc;
	char *err = NULL;
	if (scenario_load(file, &sc, &err) != 0) {
		fprintf(stderr, "%s\n", err);
		free(err);
		exit(2);
	}
	struct world *w = &sc.world;
	struct rng r;
	rng_seed(&r, 1);
	int queries = 0, found = 0, turns = 0;
	double t_path = 0, t_move = 0;
	for (int i = 0; i < w->nunits; i++)
		w->units[i].move_left = 2 * world_type(w, &w->units[i])->move;
	/* 300 queries whatever the map, the units taken in turn. */
	for (int k = 0; k < 300; k++) {
		int i = k % w->nunits;
		int x = rng_die(&r, w->map.w) - 1;
		int y = rng_die(&r, w->map.h) - 1;
		struct path_query q = {.tx = x, .ty = y, .first = -1};
		struct path p;
		double t0 = now_ms();
		int rc = path_find(w, i, &q, &p);
		t_path += now_ms() - t0;
		found += rc == 0;
		turns += rc == 0 ? p.turns : 0;
		path_free(&p);
		enum dir dirs[4096];
		int cost;
		char why[MOVE_WHY_LEN];
		t0 = now_ms();
		move_path(w, NULL, i, x, y, dirs, 4096, &cost, why);
		t_move += now_ms() - t0;
		queries++;
	}
	printf("%s: %dx%d, %d units, %d queries (%d found, %.1f turns on "
	       "average)\n",
	       file, w->map.w, w->map.h, w->nunits, queries, found,
	       found ? (double)turns / found : 0.0);
	printf("  path_find: %.3f ms a query; move_path: %.3f ms\n",
	       t_path / queries, t_move / queries);
	orders_figures(&sc);
}

int main(int argc, char **argv)
{
	static const char *const maps[] = {
		MEDSIEGE_SRCDIR "/maps/gatehouse.yaml",
		MEDSIEGE_SRCDIR "/maps/escalade.yaml",
		MEDSIEGE_SRCDIR "/maps/chapel.yaml",
	};
	if (argc > 1)
		for (int i = 1; i < argc; i++)
			bench(argv[i]);
	else
		for (size_t i = 0; i < sizeof maps / sizeof maps[0]; i++)
			bench(maps[i]);
	return 0;
}
