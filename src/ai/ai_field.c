/* ai_field.c: how far things are for the normal player: the way from
 * every cell to an objective (a reverse search from the objective's
 * cells, over the map as its team may cross it), and where a unit could
 * get to this turn. */
#include "ai/nai.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/bucket.h"
#include "base/util.h"
#include "rules/move.h"

/* The cost of a unit like rep stepping from x,y in direction d, where a
 * shut door the team may open costs the opening and one an enemy locked
 * costs pen per hit it still takes (-1: no way). */
static int step_cost(const struct nai *n, int rep, int x, int y, enum dir d,
		     int pen)
{
	const struct world *w = &n->kw;
	int nx = x + dir_dx[d], ny = y + dir_dy[d];
	if (!map_inside(&w->map, nx, ny))
		return -1;
	const struct cell *to = map_cell_c(&w->map, nx, ny);
	if (!cell_is_door(to) || cell_passable(to))
		return move_step_cost(w, n->zeros, rep, x, y, d, d, NULL);
	int extra;
	if (to->t.state != DOOR_LOCKED || to->t.locked_by == n->team ||
	    to->t.key == n->team)
		extra = NAI_DOOR_COST;
	else if (cell_breachable(to) && pen > 0)
		extra = pen * (to->hits_left > 0 ? to->hits_left : 1);
	else
		return -1;
	const struct unit_type *t = world_type(w, &w->units[rep]);
	if ((t->cls == CLASS_MOUNTED && !to->t.mounted) ||
	    (t->cls == CLASS_MACHINE && !to->t.machines))
		return -1;
	const struct cell *from = map_cell_c(&w->map, x, y);
	if (from->t.height != to->t.height)
		return -1;
	if (dir_diagonal(d) && !cell_passable(map_cell_c(&w->map, nx, y)) &&
	    !cell_passable(map_cell_c(&w->map, x, ny)))
		return -1;
	return (dir_diagonal(d) ? 3 : 2) * to->t.cost + extra;
}

/* A step into a door an enemy locked: its price depends on the breach
 * penalty, so it is asked of step_cost each time. */
#define NF_STEP_BREACH SHRT_MIN

/* The table of one kind of steps for class cls, allocated. */
static short *steps_table(struct nai *n, enum nsteps kind, int cls)
{
	if (!n->steps[kind][cls])
		n->steps[kind][cls] = xmalloc((size_t)n->cells * DIR_COUNT *
					      sizeof *n->steps[kind][cls]);
	return n->steps[kind][cls];
}

/* The step costs of rep's class for one kind of search, on the ground as
 * the team knows it now, with no unit in the way: built once for each
 * version of that ground. A step's cost depends on the class alone (a
 * turn on the way is free here: f == d). A unit's reach goes out of
 * cells, so its table is by the cell a step leaves (-1 off the map); an
 * objective field goes back into them, so its table is by the cell a
 * step enters (-1 from off the map): either way a search reads the
 * eight steps it needs side by side, with no test of the map's edge.
 * The two differ only at shut doors, so a field's table is the reach's
 * turned round, with its doors priced apart. */
static const short *class_steps(struct nai *n, int rep, enum nsteps kind)
{
	int cls = world_type(&n->kw, &n->kw.units[rep])->cls;
	unsigned now = n->kmap_version + 1;
	if (n->steps_for[kind][cls] == now)
		return n->steps[kind][cls];
	const struct map *m = &n->kw.map;
	int W = n->w;
	short *out = steps_table(n, NF_STEPS_REACH, cls);
	if (n->steps_for[NF_STEPS_REACH][cls] != now) {
		for (int y = 0; y < n->h; y++)
			for (int x = 0; x < W; x++)
				for (int d = 0; d < DIR_COUNT; d++)
					out[(y * W + x) * DIR_COUNT + d] =
						(short)move_step_cost(
							&n->kw, n->zeros, rep, x, y,
							(enum dir)d, (enum dir)d, NULL);
		n->steps_for[NF_STEPS_REACH][cls] = now;
	}
	if (kind == NF_STEPS_REACH)
		return out;
	short *in = steps_table(n, NF_STEPS_FIELD, cls);
	for (size_t i = 0; i < (size_t)n->cells * DIR_COUNT; i++)
		in[i] = -1;
	for (int y = 0; y < n->h; y++)
		for (int x = 0; x < W; x++)
			for (int d = 0; d < DIR_COUNT; d++) {
				int nx = x + dir_dx[d], ny = y + dir_dy[d];
				if (!map_inside(m, nx, ny))
					continue;
				const struct cell *to = map_cell_c(m, nx, ny);
				/* Where step_cost asks move_step_cost. */
				int sc = out[(y * W + x) * DIR_COUNT + d];
				if (cell_is_door(to) && !cell_passable(to)) {
					sc = step_cost(n, rep, x, y, (enum dir)d, 0);
					if (sc < 0 && cell_breachable(to))
						sc = NF_STEP_BREACH;
				}
				in[(ny * W + nx) * DIR_COUNT + d] = (short)sc;
			}
	n->steps_for[NF_STEPS_FIELD][cls] = now;
	return in;
}

void nf_field(struct nai *n, int rep, int *dist, int pen)
{
	int W = n->w;
	const short *steps = class_steps(n, rep, NF_STEPS_FIELD);
	int back[DIR_COUNT]; /* to the cell a step in direction d came from */
	for (int d = 0; d < DIR_COUNT; d++)
		back[d] = -(dir_dy[d] * W + dir_dx[d]);
	/* Distances do not depend on the order ties are taken in, so a
	 * bucket queue does here. */
	struct bucket_queue *q = &n->queue;
	bucket_clear(q);
	for (int c = 0; c < n->cells; c++)
		if (dist[c] != INT_MAX)
			bucket_push(q, dist[c], c);
	while (q->n) {
		int at, id = bucket_pop(q, &at);
		if (at > dist[id])
			continue;
		/* Who could step here, and at what cost. */
		const short *in = steps + (size_t)id * DIR_COUNT;
		int wait = n->busy[id];
		for (int d = 0; d < DIR_COUNT; d++) {
			int sc = in[d];
			if (sc == NF_STEP_BREACH)
				sc = step_cost(n, rep, id % W - dir_dx[d],
					       id / W - dir_dy[d], (enum dir)d,
					       pen);
			if (sc < 0)
				continue;
			int pc = id + back[d];
			if (at + sc + wait < dist[pc]) {
				dist[pc] = at + sc + wait;
				bucket_push(q, dist[pc], pc);
			}
		}
	}
	for (int c = 0; c < n->cells; c++)
		if (dist[c] == INT_MAX)
			dist[c] = NAI_FAR;
}

/* h with the ints a[0..len) mixed in, two at a time: each step (xor,
 * multiply by an odd number, xor-shift) is one-to-one in h, so arrays
 * that differ in one pair never meet; eight times fewer steps than a
 * byte at a time. */
static uint64_t hash_ints(uint64_t h, const int *a, size_t len)
{
	for (size_t i = 0; i < len; i += 2) {
		uint64_t x = (uint32_t)a[i];
		if (i + 1 < len)
			x |= (uint64_t)(uint32_t)a[i + 1] << 32;
		h = (h ^ x) * 0x9e3779b97f4a7c15ull;
		h ^= h >> 32;
	}
	return h;
}

void nf_field_kind(struct nai *n, enum nfield f, int cls, int rep, int pen)
{
	int *dist = n->field[f][cls];
	size_t size = (size_t)n->cells * sizeof *dist;
	/* What the search reads: the sources, the ladders' waits, the ground
	 * (its version; the step table is per class) and the penalty. */
	uint64_t key = hash_ints(0xcbf29ce484222325ull, dist, (size_t)n->cells);
	key = hash_ints(key, n->busy, (size_t)n->cells);
	int last[2] = {(int)n->kmap_version, pen};
	key = hash_ints(key, last, 2);
	if (n->field_done[f][cls] && n->field_key[f][cls] == key) {
		memcpy(dist, n->field_done[f][cls], size);
		return;
	}
	nf_field(n, rep, dist, pen);
	if (!n->field_done[f][cls])
		n->field_done[f][cls] = xmalloc(size);
	memcpy(n->field_done[f][cls], dist, size);
	n->field_key[f][cls] = key;
}

/* The cell the way to c comes from, as a search taking cells in order
 * of (cost, cell) and keeping the first of equal ways would have it: of
 * the cells p with cost[p] + step == cost[c], the one with the least
 * (cost[p], p). Every step costs something (terrain costs 1 at least),
 * so all of them were taken before c was. */
static int reach_prev(const struct nai *n, const short *steps,
		      const int *cost, int c)
{
	int W = n->w, x = c % W, y = c / W, best = -1;
	for (int d = 0; d < DIR_COUNT; d++) {
		int px = x - dir_dx[d], py = y - dir_dy[d];
		if (px < 0 || py < 0 || px >= W || py >= n->h)
			continue;
		int p = py * W + px, sc = steps[p * DIR_COUNT + d];
		if (sc < 0 || cost[p] == INT_MAX || cost[p] + sc != cost[c])
			continue;
		if (best < 0 || cost[p] < cost[best] ||
		    (cost[p] == cost[best] && p < best))
			best = p;
	}
	return best;
}

/* nf_reach's search, on a cost that is INT_MAX on every cell on entry:
 * it writes only inside the box it leaves in box (every cell it gives a
 * cost it also takes), friends' cells included. */
static void reach_search(struct nai *n, int idx, int limit, int *cost,
			 const short *steps, int box[4])
{
	const struct world *w = &n->kw;
	const struct unit *u = &w->units[idx];
	int W = n->w;
	int ahead[DIR_COUNT]; /* to the cell a step in direction d enters */
	for (int d = 0; d < DIR_COUNT; d++)
		ahead[d] = dir_dy[d] * W + dir_dx[d];
	struct bucket_queue *q = &n->queue;
	bucket_clear(q);
	int start = u->y * W + u->x;
	int x0 = u->x, y0 = u->y, x1 = u->x, y1 = u->y;
	cost[start] = 0;
	bucket_push(q, 0, start);
	while (q->n) {
		int at, id = bucket_pop(q, &at);
		if (at > cost[id])
			continue;
		int x = id % W, y = id / W;
		x0 = x < x0 ? x : x0;
		y0 = y < y0 ? y : y0;
		x1 = x > x1 ? x : x1;
		y1 = y > y1 ? y : y1;
		const short *out = steps + (size_t)id * DIR_COUNT;
		for (int d = 0; d < DIR_COUNT; d++) {
			/* As move_step_cost(w, NULL, ...) prices it: the
			 * ground's price, and no step onto an enemy. */
			int sc = out[d];
			if (sc < 0 || at + sc > limit)
				continue;
			int nc = id + ahead[d];
			int o = w->occ[nc];
			if (o >= 0 && w->units[o].team != u->team)
				continue;
			if (at + sc < cost[nc]) {
				cost[nc] = at + sc;
				bucket_push(q, cost[nc], nc);
			}
		}
	}
	box[0] = x0;
	box[1] = y0;
	box[2] = x1;
	box[3] = y1;
}

/* No stopping on another unit's cell: only the box can hold one with a
 * cost. */
static void reach_leave_units(const struct nai *n, int idx, int *cost,
			      const int box[4])
{
	const struct unit *u = &n->kw.units[idx];
	int start = u->y * n->w + u->x;
	for (int y = box[1]; y <= box[3]; y++)
		for (int x = box[0]; x <= box[2]; x++) {
			int c = y * n->w + x;
			if (c != start && n->occ[c] >= 0)
				cost[c] = INT_MAX;
		}
}

void nf_reach(struct nai *n, int idx, int limit, int *cost, int *prev,
	      int box[4])
{
	const short *steps = class_steps(n, idx, NF_STEPS_REACH);
	util_fill_int(cost, (size_t)n->cells, INT_MAX);
	int b[4];
	reach_search(n, idx, limit, cost, steps, b);
	if (prev) {
		/* The bucket queue takes ties in no set order: the way to
		 * each cell is chosen afterwards, among those it found. */
		const struct unit *u = &n->kw.units[idx];
		int start = u->y * n->w + u->x;
		util_fill_int(prev, (size_t)n->cells, -1);
		for (int y = b[1]; y <= b[3]; y++)
			for (int x = b[0]; x <= b[2]; x++) {
				int c = y * n->w + x;
				if (c != start && cost[c] != INT_MAX)
					prev[c] = reach_prev(n, steps, cost, c);
			}
	}
	reach_leave_units(n, idx, cost, b);
	if (box)
		memcpy(box, b, sizeof b);
}

void nf_reach_box(struct nai *n, int idx, int limit, int *cost, int box[4])
{
	reach_search(n, idx, limit, cost, class_steps(n, idx, NF_STEPS_REACH),
		     box);
	reach_leave_units(n, idx, cost, box);
}

void nf_reach_box_clear(const struct nai *n, int *cost, const int box[4])
{
	for (int y = box[1]; y <= box[3]; y++)
		for (int x = box[0]; x <= box[2]; x++)
			cost[y * n->w + x] = INT_MAX;
}
