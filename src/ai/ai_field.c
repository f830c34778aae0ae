/* ai_field.c: how far things are for the normal player: the way from
 * every cell to an objective (a reverse search from the objective's
 * cells, over the map as its team may cross it), and where a unit could
 * get to this turn. */
#include "ai/nai.h"

#include <limits.h>
#include <stdlib.h>

#include "base/util.h"
#include "rules/move.h"

struct hnode {
	int cost, cell;
};

struct heap {
	struct hnode *v;
	int n, cap;
};

static void push(struct heap *h, int cost, int cell)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 256;
		h->v = xrealloc(h->v, (size_t)h->cap * sizeof *h->v);
	}
	int i = h->n++;
	/* Ties by cell, so the order never depends on anything else. */
	while (i > 0) {
		int p = (i - 1) / 2;
		if (h->v[p].cost < cost ||
		    (h->v[p].cost == cost && h->v[p].cell <= cell))
			break;
		h->v[i] = h->v[p];
		i = p;
	}
	h->v[i] = (struct hnode){cost, cell};
}

static struct hnode pop(struct heap *h)
{
	struct hnode top = h->v[0], last = h->v[--h->n];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n &&
		    (h->v[c + 1].cost < h->v[c].cost ||
		     (h->v[c + 1].cost == h->v[c].cost &&
		      h->v[c + 1].cell < h->v[c].cell)))
			c++;
		if (h->v[c].cost > last.cost ||
		    (h->v[c].cost == last.cost && h->v[c].cell >= last.cell))
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n)
		h->v[i] = last;
	return top;
}

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

void nf_field(const struct nai *n, int rep, int *dist, int pen)
{
	int W = n->w;
	struct heap h = {0};
	for (int c = 0; c < n->cells; c++)
		if (dist[c] != INT_MAX)
			push(&h, dist[c], c);
	while (h.n) {
		struct hnode nd = pop(&h);
		if (nd.cost > dist[nd.cell])
			continue;
		int x = nd.cell % W, y = nd.cell / W;
		/* Who could step here, and at what cost. */
		for (int d = 0; d < DIR_COUNT; d++) {
			int px = x - dir_dx[d], py = y - dir_dy[d];
			if (px < 0 || py < 0 || px >= W || py >= n->h)
				continue;
			int sc = step_cost(n, rep, px, py, (enum dir)d, pen);
			if (sc < 0)
				continue;
			sc += n->busy[nd.cell];
			int pc = py * W + px;
			if (nd.cost + sc < dist[pc]) {
				dist[pc] = nd.cost + sc;
				push(&h, dist[pc], pc);
			}
		}
	}
	free(h.v);
	for (int c = 0; c < n->cells; c++)
		if (dist[c] == INT_MAX)
			dist[c] = NAI_FAR;
}

void nf_reach(const struct nai *n, int idx, int limit, int *cost, int *prev)
{
	const struct world *w = &n->kw;
	const struct unit *u = &w->units[idx];
	int W = n->w;
	for (int c = 0; c < n->cells; c++)
		cost[c] = INT_MAX;
	if (prev)
		for (int c = 0; c < n->cells; c++)
			prev[c] = -1;
	struct heap h = {0};
	int start = u->y * W + u->x;
	cost[start] = 0;
	push(&h, 0, start);
	while (h.n) {
		struct hnode nd = pop(&h);
		if (nd.cost > cost[nd.cell])
			continue;
		int x = nd.cell % W, y = nd.cell / W;
		for (int d = 0; d < DIR_COUNT; d++) {
			int sc = move_step_cost(w, NULL, idx, x, y, (enum dir)d,
						(enum dir)d, NULL);
			if (sc < 0 || nd.cost + sc > limit)
				continue;
			int nc = (y + dir_dy[d]) * W + x + dir_dx[d];
			if (nd.cost + sc < cost[nc]) {
				cost[nc] = nd.cost + sc;
				if (prev)
					prev[nc] = nd.cell;
				push(&h, cost[nc], nc);
			}
		}
	}
	free(h.v);
	for (int c = 0; c < n->cells; c++)
		if (c != start && w->occ[c] >= 0)
			cost[c] = INT_MAX;
}
