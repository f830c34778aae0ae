/* move.c: movement costs, heights, ladders, stairs and the cheapest path. */
#include "rules/move.h"

#include <stdarg.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

const char *move_inches(int half, char *buf)
{
	if (half % 2)
		snprintf(buf, 16, "%d.5", half / 2);
	else
		snprintf(buf, 16, "%d", half / 2);
	return buf;
}

const char *move_inches_unit(int half, char *buf)
{
	char n[16];
	snprintf(buf, 24, "%s inch%s", move_inches(half, n), half == 2 ? "" : "es");
	return buf;
}

int move_turn_cost(const struct world *w, int idx, enum dir a, enum dir b)
{
	const struct unit_type *t = world_type(w, &w->units[idx]);
	return t->cls == CLASS_MACHINE ? 2 * dir_turns(a, b) : 0;
}

static bool is_ladder(const struct cell *c)
{
	return c->t.kind == TERRAIN_LADDER;
}

static bool is_stairs(const struct cell *c)
{
	return c->t.kind == TERRAIN_STAIRS;
}

bool move_is_ladder_climb(const struct world *w, int x, int y, enum dir d)
{
	int nx = x + dir_dx[d], ny = y + dir_dy[d];
	if (!map_inside(&w->map, x, y) || !map_inside(&w->map, nx, ny))
		return false;
	const struct cell *a = map_cell_c(&w->map, x, y);
	const struct cell *b = map_cell_c(&w->map, nx, ny);
	return a->t.height != b->t.height && (is_ladder(a) || is_ladder(b));
}

/* A reason, for callers that want one (a path search does not: it tries
 * thousands of steps). */
static void say(char *why, const char *fmt, ...)
{
	if (!why)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, MOVE_WHY_LEN, fmt, ap);
	va_end(ap);
}

/* The unit at x,y as far as the planner knows, or -1. */
static int occupant(const struct world *w, const unsigned char *known, int x,
		    int y)
{
	int o = world_unit_at(w, x, y);
	return o >= 0 && known && !known[o] ? -1 : o;
}

/* The cell in words for a refusal, into buf (MAP_WORDS_LEN), only when
 * someone asked why: searches ask millions of times and never read it. */
static const char *cell_words(const struct world *w, const struct cell *c,
			      char *buf, const char *why)
{
	return why ? map_cell_words(&w->map, c, buf, MAP_WORDS_LEN) : "";
}

int move_step_check(const struct world *w, const unsigned char *known,
		    int idx, int x, int y, enum dir f, enum dir d, bool door_open,
		    enum move_refusal *refusal, char *why)
{
	const struct unit *u = &w->units[idx];
	const struct unit_type *t = world_type(w, u);
	int nx = x + dir_dx[d], ny = y + dir_dy[d];
	enum move_refusal dummy;
	if (!refusal)
		refusal = &dummy;
	*refusal = MOVE_OK;

	if (!map_inside(&w->map, nx, ny)) {
		say(why, "%d,%d is off the map", nx, ny);
		*refusal = MOVE_OFF_MAP;
		return -1;
	}
	const struct cell *from = map_cell_c(&w->map, x, y);
	const struct cell *to = map_cell_c(&w->map, nx, ny);
	char words[MAP_WORDS_LEN], words2[MAP_WORDS_LEN];
	if (!cell_passable(to) && !(door_open && cell_is_door(to))) {
		say(why, "%d,%d is %s", nx, ny,
			 cell_words(w, to, words, why));
		*refusal = MOVE_IMPASSABLE;
		return -1;
	}
	if (t->cls == CLASS_MOUNTED && !to->t.mounted) {
		say(why, "mounted units cannot enter %s",
			 cell_words(w, to, words, why));
		*refusal = MOVE_CLASS;
		return -1;
	}
	if (t->cls == CLASS_MACHINE && !to->t.machines) {
		say(why, "war machines cannot enter %s",
			 cell_words(w, to, words, why));
		*refusal = MOVE_CLASS;
		return -1;
	}
	int other = occupant(w, known, nx, ny);
	if (other >= 0 && other != idx && w->units[other].team != u->team) {
		say(why, "enemy %s stands at %d,%d",
			 w->units[other].id, nx, ny);
		*refusal = MOVE_ENEMY;
		return -1;
	}
	if (dir_diagonal(d)) {
		const struct cell *s1 = map_cell_c(&w->map, nx, y);
		const struct cell *s2 = map_cell_c(&w->map, x, ny);
		if (!cell_passable(s1) && !cell_passable(s2)) {
			say(why,
				 "no squeezing between %s at %d,%d and %s at %d,%d",
				 cell_words(w, s1, words, why),
				 nx, y,
				 cell_words(w, s2, words2, why),
				 x, ny);
			*refusal = MOVE_SQUEEZE;
			return -1;
		}
	}

	int base = (dir_diagonal(d) ? 3 : 2) * to->t.cost;
	int dh = abs(to->t.height - from->t.height);
	int cost;
	if (dh == 0) {
		cost = base;
	} else if (is_ladder(from) || is_ladder(to)) {
		if (t->cls != CLASS_FOOT) {
			say(why, "only foot units climb ladders");
			*refusal = MOVE_LADDER;
			return -1;
		}
		cost = 4 * dh; /* twice the height, in half-inches */
	} else if (is_stairs(from) || is_stairs(to)) {
		cost = base + 2 * dh;
	} else {
		say(why,
			 "%d,%d is %d inches %s: heights change only by ladder or stairs",
			 nx, ny, dh, to->t.height > from->t.height ? "higher" : "lower");
		*refusal = MOVE_HEIGHT;
		return -1;
	}
	return cost + move_turn_cost(w, idx, f, d);
}

int move_step_cost(const struct world *w, const unsigned char *known, int idx,
		   int x, int y, enum dir f, enum dir d, char *why)
{
	return move_step_check(w, known, idx, x, y, f, d, false, NULL, why);
}

bool move_door_opens_for(const struct cell *c, int team)
{
	if (!cell_is_door(c) || c->t.state == DOOR_OPEN)
		return false;
	/* The team that locked a door can open it, and so can the team the
	 * scenario gives its key. */
	return c->t.state != DOOR_LOCKED || c->t.locked_by == team ||
	       c->t.key == team;
}

/* Dijkstra over (cell, facing); facing matters only to war machines but
 * one search serves all. */
struct node {
	int cost, id;
};

struct heap {
	struct node *v;
	int n, cap;
};

static void heap_push(struct heap *h, int cost, int id)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 256;
		h->v = xrealloc(h->v, (size_t)h->cap * sizeof *h->v);
	}
	int i = h->n++;
	while (i > 0) {
		int p = (i - 1) / 2;
		if (h->v[p].cost <= cost)
			break;
		h->v[i] = h->v[p];
		i = p;
	}
	h->v[i].cost = cost;
	h->v[i].id = id;
}

static struct node heap_pop(struct heap *h)
{
	struct node top = h->v[0], last = h->v[--h->n];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && h->v[c + 1].cost < h->v[c].cost)
			c++;
		if (h->v[c].cost >= last.cost)
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n)
		h->v[i] = last;
	return top;
}

/* The part of the map a search covers: paths and reach are planned in a
 * window around the unit, so that a search on a large map costs what the
 * unit's surroundings cost, not the whole map. */
struct window {
	int x0, y0, w, h;
};

/* Cells a search looks at around the unit, at the least: far more than
 * any unit moves in a turn, so planners see well beyond one move. */
#define MOVE_WINDOW 128

static struct window unit_window(const struct world *w, int idx)
{
	const struct unit *u = &w->units[idx];
	int r = u->move_left / 2 + 2;
	if (r < MOVE_WINDOW)
		r = MOVE_WINDOW;
	int x0 = u->x - r < 0 ? 0 : u->x - r, y0 = u->y - r < 0 ? 0 : u->y - r;
	int x1 = u->x + r >= w->map.w ? w->map.w - 1 : u->x + r;
	int y1 = u->y + r >= w->map.h ? w->map.h - 1 : u->y + r;
	return (struct window){x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

static struct window whole_map(const struct world *w)
{
	return (struct window){0, 0, w->map.w, w->map.h};
}

static bool in_window(const struct window *win, int x, int y)
{
	return x >= win->x0 && y >= win->y0 && x < win->x0 + win->w &&
	       y < win->y0 + win->h;
}

/* State id of cell x,y (inside win) and facing f, with nf facings kept
 * per cell (1 when facing costs nothing: only war machines pay to turn). */
static int state(const struct window *win, int nf, int x, int y, int f)
{
	return ((y - win->y0) * win->w + (x - win->x0)) * nf + (nf > 1 ? f : 0);
}

/* The cost of each step out of x,y without turning (facing the way it
 * goes), -1 where the step is refused or leaves win. */
static void steps_out(const struct world *w, const unsigned char *known,
		      int idx, const struct window *win, int x, int y, int *out)
{
	for (int d = 0; d < DIR_COUNT; d++)
		out[d] = in_window(win, x + dir_dx[d], y + dir_dy[d])
				 ? move_step_cost(w, known, idx, x, y,
						  (enum dir)d, (enum dir)d, NULL)
				 : -1;
}

/* Dijkstra from unit idx's cell and facing over (cell, facing) states
 * inside win, stopping early at tx,ty when it is inside. Returns the goal
 * state, or -1. dist and prev have win->w * win->h * nf entries: with
 * fill, all of them are written; without, only those of the states the
 * search reached (the start's prev is -1).
 * A cell is taken once per facing it is reached with, but only a turn's
 * cost depends on the facing: the eight step costs out of a cell are
 * worked out the first time, kept in step, and shared by its facings. */
static int search(const struct world *w, const unsigned char *known, int idx,
		  const struct window *win, int nf, int tx, int ty, int limit,
		  bool fill, int *dist, int *prev)
{
	const struct unit *u = &w->units[idx];
	int cells = win->w * win->h, n = cells * nf;
	/* A state's dist and prev are written when it is first reached:
	 * until then (seen 0) it is INT_MAX away. Most searches stop long
	 * before they have reached the whole window, and a byte a state is
	 * less to clear than two ints. */
	unsigned char *seen = xcalloc((size_t)n, 1);
	/* Filled cell by cell as cells are taken: most searches stop long
	 * before they have seen the whole window. */
	int *step = xmalloc((size_t)cells * DIR_COUNT * sizeof *step);
	unsigned char *stepped = xcalloc((size_t)cells, 1);
	bool turns = move_turn_cost(w, idx, DIR_N, DIR_S) > 0;
	struct heap h = {0};
	int start = state(win, nf, u->x, u->y, (int)u->facing);
	dist[start] = 0;
	prev[start] = -1;
	seen[start] = 1;
	heap_push(&h, 0, start);
	int goal = -1;
	while (h.n) {
		struct node nd = heap_pop(&h);
		if (nd.cost > limit)
			break; /* every state left costs more: none is final */
		if (nd.cost > dist[nd.id])
			continue;
		int f = nf > 1 ? nd.id % nf : (int)u->facing, c = nd.id / nf;
		int x = win->x0 + c % win->w, y = win->y0 + c / win->w;
		if (x == tx && y == ty) {
			goal = nd.id;
			break;
		}
		int *out = step + (size_t)c * DIR_COUNT;
		if (!stepped[c]) {
			stepped[c] = 1;
			steps_out(w, known, idx, win, x, y, out);
		}
		for (int d = 0; d < DIR_COUNT; d++) {
			if (out[d] < 0)
				continue;
			int sc = out[d];
			if (turns)
				sc += move_turn_cost(w, idx, (enum dir)f,
						     (enum dir)d);
			int nid = state(win, nf, x + dir_dx[d], y + dir_dy[d],
					d);
			if (!seen[nid] || nd.cost + sc < dist[nid]) {
				seen[nid] = 1;
				dist[nid] = nd.cost + sc;
				prev[nid] = nd.id;
				heap_push(&h, dist[nid], nid);
			}
		}
	}
	/* Whoever reads the whole window reads the states never reached as
	 * what they are. */
	if (fill)
		for (int i = 0; i < n; i++)
			if (!seen[i]) {
				dist[i] = INT_MAX;
				prev[i] = -1;
			}
	free(h.v);
	free(step);
	free(stepped);
	free(seen);
	return goal;
}

void move_reach(const struct world *w, const unsigned char *known, int idx,
		int *cost)
{
	move_reach_within(w, known, idx, INT_MAX, cost);
}

void move_reach_within(const struct world *w, const unsigned char *known,
		       int idx, int limit, int *cost)
{
	struct window win = unit_window(w, idx);
	/* Costs alone: a unit that turns for free needs one state a cell. */
	int nf = move_turn_cost(w, idx, DIR_N, DIR_S) > 0 ? DIR_COUNT : 1;
	int cells = w->map.w * w->map.h, n = win.w * win.h * nf;
	int *dist = xmalloc((size_t)n * sizeof *dist);
	int *prev = xmalloc((size_t)n * sizeof *prev);
	search(w, known, idx, &win, nf, -1, -1, limit, true, dist, prev);
	util_fill_int(cost, (size_t)cells, INT_MAX);
	for (int y = win.y0; y < win.y0 + win.h; y++)
		for (int x = win.x0; x < win.x0 + win.w; x++) {
			int best = INT_MAX, s = state(&win, nf, x, y, 0);
			for (int f = 0; f < nf; f++)
				if (dist[s + f] < best)
					best = dist[s + f];
			if (best > limit)
				best = INT_MAX; /* not final: the search stopped */
			/* A unit may pass a friend but not stop on it. */
			int o = occupant(w, known, x, y);
			cost[y * w->map.w + x] = o >= 0 && o != idx ? INT_MAX : best;
		}
	free(dist);
	free(prev);
}

/* The path to tx,ty inside win, or -1 when there is none there. */
static int path_in(const struct world *w, const unsigned char *known, int idx,
		   const struct window *win, int tx, int ty, enum dir *dirs,
		   int max, int *cost, char *why)
{
	int n = win->w * win->h * DIR_COUNT;
	int *dist = xmalloc((size_t)n * sizeof *dist);
	int *prev = xmalloc((size_t)n * sizeof *prev);
	int goal = in_window(win, tx, ty)
			   ? search(w, known, idx, win, DIR_COUNT, tx, ty, INT_MAX,
				    false, dist, prev)
			   : -1;
	int len = -1;
	if (goal < 0) {
		snprintf(why, MOVE_WHY_LEN, "no path to %d,%d", tx, ty);
	} else {
		len = 0;
		for (int id = goal; prev[id] >= 0; id = prev[id])
			len++;
		if (len > max) {
			snprintf(why, MOVE_WHY_LEN, "path to %d,%d is too long",
				 tx, ty);
			len = -2;
		} else {
			*cost = dist[goal];
			int i = len;
			for (int id = goal; prev[id] >= 0; id = prev[id])
				dirs[--i] = (enum dir)(id % DIR_COUNT);
		}
	}
	free(dist);
	free(prev);
	return len;
}

int move_path(const struct world *w, const unsigned char *known, int idx,
	      int tx, int ty, enum dir *dirs, int max, int *cost, char *why)
{
	const struct unit *u = &w->units[idx];
	if (!map_inside(&w->map, tx, ty)) {
		snprintf(why, MOVE_WHY_LEN, "%d,%d is off the map", tx, ty);
		return -1;
	}
	if (tx == u->x && ty == u->y) {
		*cost = 0;
		return 0;
	}
	int other = occupant(w, known, tx, ty);
	if (other >= 0) {
		snprintf(why, MOVE_WHY_LEN, "%s stands at %d,%d",
			 w->units[other].id, tx, ty);
		return -1;
	}
	/* Around the unit first; a destination beyond (a move that will be
	 * refused as too far) is searched on the whole map, for its cost. */
	struct window win = unit_window(w, idx), all = whole_map(w);
	int len = path_in(w, known, idx, &win, tx, ty, dirs, max, cost, why);
	if (len == -1 && (win.w != all.w || win.h != all.h))
		len = path_in(w, known, idx, &all, tx, ty, dirs, max, cost, why);
	return len < 0 ? -1 : len;
}
