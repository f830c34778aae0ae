/* engine.c: figures for the engine's hot paths on a generated battlefield:
 * a team's view from scratch (shadow cast and reference line walk), the
 * view kept by a vision_cache after one move, and peak memory. Prints
 * figures only; bench/engine.sh runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/rng.h"
#include "base/util.h"
#include "world/vision.h"

static int rnd(struct rng *r, int n) /* 0..n-1 */
{
	return rng_die(r, n) - 1;
}

/* CPU time of this thread: other programs on a shared machine slow the
 * figures less than they would wall-clock time. */
static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* Median of n timed runs of f(arg), in milliseconds. */
static double median_ms(void (*f)(void *), void *arg, int n)
{
	double *t = xmalloc((size_t)n * sizeof *t);
	for (int i = 0; i < n; i++) {
		double t0 = now_ms();
		f(arg);
		t[i] = now_ms() - t0;
	}
	qsort(t, (size_t)n, sizeof *t, cmp_double);
	double m = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
	free(t);
	return m;
}

static void put(struct world *w, int x, int y, enum terrain_kind k)
{
	if (!map_inside(&w->map, x, y))
		return;
	struct cell *c = map_cell(&w->map, x, y);
	c->t = terrain_default(k);
	c->hits_left = c->t.hits;
}

static void rect(struct world *w, int x0, int y0, int x1, int y1,
		 enum terrain_kind k)
{
	for (int y = y0; y <= y1; y++)
		for (int x = x0; x <= x1; x++)
			put(w, x, y, k);
}

/* A ring of wall one cell wide. */
static void ring(struct world *w, int x0, int y0, int x1, int y1,
		 enum terrain_kind k)
{
	rect(w, x0, y0, x1, y0, k);
	rect(w, x0, y1, x1, y1, k);
	rect(w, x0, y0, x0, y1, k);
	rect(w, x1, y0, x1, y1, k);
}

/*
 * A siege on an n x n field: woods, hedges, rough ground, a stream and
 * walled farmsteads outside; in the middle a castle whose curtain is a
 * parapet with a wall walk behind it (4 inches), stairs down, corner
 * towers, a gatehouse door, and a keep of solid wall with its own door.
 */
static void gen_map(struct world *w, int n, struct rng *r)
{
	map_init(&w->map, n, n);
	for (int i = 0; i < n / 6; i++) { /* woods and rough: no cover of sight */
		int cx = rnd(r, n), cy = rnd(r, n), rad = 2 + rnd(r, 6);
		enum terrain_kind k = i % 3 ? TERRAIN_WOODS : TERRAIN_ROUGH;
		for (int y = cy - rad; y <= cy + rad; y++)
			for (int x = cx - rad; x <= cx + rad; x++)
				if ((x - cx) * (x - cx) + (y - cy) * (y - cy) <=
				    rad * rad)
					put(w, x, y, k);
	}
	for (int i = 0; i < n / 8; i++) { /* hedges */
		int x = rnd(r, n), y = rnd(r, n), len = 5 + rnd(r, 20);
		if (i % 2)
			rect(w, x, y, x + len, y, TERRAIN_LOWWALL);
		else
			rect(w, x, y, x, y + len, TERRAIN_LOWWALL);
	}
	for (int x = 0, y = n / 5; x < n; x++) { /* a stream */
		put(w, x, y, TERRAIN_WATER);
		put(w, x, y + 1, TERRAIN_WATER);
		y += rnd(r, 3) - 1;
	}
	for (int i = 0; i < n / 12; i++) { /* farmsteads */
		int x = rnd(r, n - 10), y = rnd(r, n - 10);
		int a = 3 + rnd(r, 6), b = 3 + rnd(r, 6);
		ring(w, x, y, x + a, y + b, TERRAIN_WALL);
		put(w, x + a / 2, y, TERRAIN_DOOR);
	}
	int c0 = n * 3 / 8, c1 = n * 5 / 8; /* the castle */
	rect(w, c0 - 3, c0 - 3, c1 + 3, c1 + 3, TERRAIN_OPEN);
	ring(w, c0, c0, c1, c1, TERRAIN_PARAPET);
	ring(w, c0 + 1, c0 + 1, c1 - 1, c1 - 1, TERRAIN_WALK);
	ring(w, c0 + 2, c0 + 2, c1 - 2, c1 - 2, TERRAIN_WALK);
	rect(w, c0 + 3, c0 + 3, c1 - 3, c1 - 3, TERRAIN_OPEN);
	for (int i = 0; i < 4; i++) { /* towers and stairs down */
		int x = i & 1 ? c1 - 3 : c0, y = i & 2 ? c1 - 3 : c0;
		rect(w, x, y, x + 3, y + 3, TERRAIN_WALL);
		put(w, (c0 + c1) / 2 + i - 2, c1 - 3, TERRAIN_STAIRS);
		put(w, c0 + 3, (c0 + c1) / 2 + i - 2, TERRAIN_STAIRS);
	}
	int g = (c0 + c1) / 2; /* the gatehouse */
	rect(w, g - 3, c1 - 2, g + 3, c1 + 1, TERRAIN_WALL);
	rect(w, g, c1 - 2, g, c1 + 1, TERRAIN_DOOR);
	int k0 = g - 8, k1 = g + 8; /* the keep */
	rect(w, k0, k0, k1, k1, TERRAIN_WALL);
	put(w, g, k1, TERRAIN_DOOR);
	for (int i = 0; i < 6; i++) /* a ladder against the curtain */
		put(w, c0 - 1, g - 10 + 4 * i, TERRAIN_LADDER);
}

static void add_unit(struct world *w, int team, int x, int y, enum dir f)
{
	w->units = xrealloc(w->units,
			    (size_t)(w->nunits + 1) * sizeof *w->units);
	struct unit *u = &w->units[w->nunits];
	*u = (struct unit){.team = team, .x = x, .y = y, .facing = f,
			   .status = STATUS_ACTIVE, .hits = 1};
	snprintf(u->id, sizeof u->id, "%c%d", team ? 'b' : 'r', w->nunits + 1);
	w->occ[y * w->map.w + x] = w->nunits++;
}

/* Place a unit of team on a free passable cell near cx,cy. */
static void place(struct world *w, struct rng *r, int team, int cx, int cy,
		  int spread, enum dir f)
{
	for (int tries = 0; tries < 1000; tries++) {
		int x = cx + rnd(r, 2 * spread + 1) - spread;
		int y = cy + rnd(r, 2 * spread + 1) - spread;
		if (!map_inside(&w->map, x, y) || world_unit_at(w, x, y) >= 0 ||
		    !cell_passable(map_cell_c(&w->map, x, y)))
			continue;
		add_unit(w, team, x, y, f);
		return;
	}
}

/* 100 attackers (team 0) in companies around the castle, facing it, and
 * 100 defenders (team 1) on the walk and in the courtyard. */
static void gen_battle(struct world *w, int n, struct rng *r)
{
	static struct unit_type type = {.id = "archer", .name = "Archer",
					.symbol = 'a', .move = 6, .dv = 4,
					.hits = 1};
	w->roster.ntypes = 1;
	w->roster.types = xmalloc(sizeof type);
	w->roster.types[0] = type;
	w->roster.chart = chart_default();
	w->nteams = 2;
	w->teams[0] = (struct team){.name = "Red", .letter = 'r'};
	w->teams[1] = (struct team){.name = "Blue", .letter = 'b'};
	w->occ = xmalloc((size_t)n * n * sizeof *w->occ);
	for (int i = 0; i < n * n; i++)
		w->occ[i] = -1;
	int g = n / 2, c0 = n * 3 / 8, c1 = n * 5 / 8;
	static const int cx[] = {-1, 1, 0, 0, -1, 1, -1, 1, 0, 0};
	static const int cy[] = {0, 0, -1, 1, -1, -1, 1, 1, 1, -1};
	for (int k = 0; k < 10; k++) { /* companies of 10 */
		int x = g + cx[k] * (n / 4 + rnd(r, n / 10));
		int y = g + cy[k] * (n / 4 + rnd(r, n / 10));
		int f = dir_from_delta(-cx[k], -cy[k]);
		for (int i = 0; i < 10; i++)
			place(w, r, 0, x, y, 5,
			      (enum dir)((f + rnd(r, 3) + 7) % DIR_COUNT));
	}
	for (int i = 0, tries = 0; i < 100 && tries < 100000; tries++) {
		int before = w->nunits;
		if (i < 60) { /* on the walk, facing out */
			int side = rnd(r, 4), t = c0 + 4 + rnd(r, c1 - c0 - 8);
			int x = side == 0 ? c0 + 1 : side == 1 ? c1 - 1 : t;
			int y = side == 2 ? c0 + 1 : side == 3 ? c1 - 1 : t;
			enum dir f = side == 0 ? DIR_W : side == 1 ? DIR_E
					 : side == 2 ? DIR_N : DIR_S;
			place(w, r, 1, x, y, 0, f);
		} else { /* in the courtyard */
			place(w, r, 1, g, g + 12, 6,
			      (enum dir)rnd(r, DIR_COUNT));
		}
		i += w->nunits > before;
	}
}

static long vm_hwm_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	while (f && fgets(line, sizeof line, f))
		if (strncmp(line, "VmHWM:", 6) == 0)
			kb = strtol(line + 6, NULL, 10);
	if (f)
		fclose(f);
	return kb;
}

struct job {
	struct world *w;
	int team;
	unsigned char *out;
	struct vision_cache *cache;
	struct rng r;
	int moves;
};

static void run_cast(void *p)
{
	struct job *j = p;
	vision_team_view(j->w, j->team, j->out);
}

static void run_walk(void *p)
{
	struct job *j = p;
	vision_team_view_ref(j->w, j->team, j->out);
}

static void run_rebuild(void *p)
{
	struct job *j = p;
	vision_cache_rebuild(j->cache, j->w);
}

/* A random living unit of the team steps to a free neighbouring cell and
 * faces the way it went; the cache brings the view up to date. */
static void run_move(void *p)
{
	struct job *j = p;
	struct world *w = j->w;
	for (;;) {
		int i = rnd(&j->r, w->nunits), d = rnd(&j->r, DIR_COUNT);
		struct unit *u = &w->units[i];
		int x = u->x + dir_dx[d], y = u->y + dir_dy[d];
		if (u->team != j->team || !unit_alive(u) ||
		    !map_inside(&w->map, x, y) || world_unit_at(w, x, y) >= 0 ||
		    !cell_passable(map_cell_c(&w->map, x, y)))
			continue;
		int fx = u->x, fy = u->y;
		world_place(w, i, x, y);
		u->facing = (enum dir)d;
		vision_cache_unit_moved(j->cache, w, i, fx, fy);
		(void)vision_cache_team_view(j->cache);
		j->moves++;
		return;
	}
}

/* The gatehouse door opens or closes. */
static void run_door(void *p)
{
	struct job *j = p;
	struct world *w = j->w;
	int g = w->map.w / 2, y = w->map.w * 5 / 8 + 1;
	struct cell *c = map_cell(&w->map, g, y);
	c->t.state = c->t.state == DOOR_OPEN ? DOOR_CLOSED : DOOR_OPEN;
	vision_cache_cell_changed(j->cache, w, g, y);
	(void)vision_cache_team_view(j->cache);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 256;
	int reps = argc > 2 ? atoi(argv[2]) : 200;
	struct rng r;
	rng_seed(&r, 2024);
	struct world w = {0};
	gen_map(&w, n, &r);
	gen_battle(&w, n, &r);
	int team = 0;
	size_t cells = (size_t)n * n;
	unsigned char *fast = xmalloc(cells), *ref = xmalloc(cells);
	struct job j = {.w = &w, .team = team, .out = fast};
	rng_seed(&j.r, 7);

	double t_cast = median_ms(run_cast, &j, reps);
	j.out = ref;
	double t_walk = median_ms(run_walk, &j, 3);
	bool agree = memcmp(fast, ref, cells) == 0;
	size_t seen = 0;
	for (size_t i = 0; i < cells; i++)
		seen += fast[i];
	j.cache = vision_cache_new(&w, team);
	double t_rebuild = median_ms(run_rebuild, &j, reps);
	double t_move = median_ms(run_move, &j, 10 * reps);
	double t_door = median_ms(run_door, &j, reps);
	vision_team_view(&w, team, fast);
	bool cache_agrees =
		memcmp(fast, vision_cache_team_view(j.cache), cells) == 0;

	printf("battlefield:                       %dx%d, %d units of the "
	       "team viewing, %d in all\n",
	       n, n, world_team_alive(&w, team), w.nunits);
	printf("cells the team sees:               %zu of %zu\n", seen, cells);
	printf("team view from scratch, cast:      %.3f ms (vision_team_view, "
	       "median of %d)\n",
	       t_cast, reps);
	printf("team view from scratch, line walk: %.3f ms "
	       "(vision_team_view_ref, median of 3)\n",
	       t_walk);
	printf("speed-up:                          %.0fx\n", t_walk / t_cast);
	printf("views agree:                       %s\n", agree ? "yes" : "NO");
	printf("cache, everything again:           %.3f ms "
	       "(vision_cache_rebuild)\n",
	       t_rebuild);
	printf("cache, view after one move:        %.3f ms (median of %d "
	       "steps by the team's units)\n",
	       t_move, j.moves);
	printf("cache, view after a door changes:  %.3f ms\n", t_door);
	printf("cache agrees after the changes:    %s\n",
	       cache_agrees ? "yes" : "NO");
	printf("peak memory (VmHWM):               %ld kB\n", vm_hwm_kb());
	vision_cache_free(j.cache);
	free(fast);
	free(ref);
	world_free(&w);
	return 0;
}
