/* heights.c: the ways on and off a raised stretch: one Dijkstra search
 * over the cells of the start's height, with the step costs of move.c. */
#include "rules/heights.h"

#include <limits.h>
#include <stdlib.h>

#include "base/heap.h"
#include "base/util.h"
#include "rules/move.h"

static bool connects(const struct cell *c)
{
	return c->t.kind == TERRAIN_LADDER || c->t.kind == TERRAIN_STAIRS;
}

/* The cost of the step from x,y in direction d, a shut door opened first
 * when the unit may open it; -1 when the rules refuse it. */
static int step(const struct world *w, const unsigned char *nobody, int unit,
		int x, int y, enum dir d)
{
	const struct cell *to = map_cell_c(&w->map, x + dir_dx[d], y + dir_dy[d]);
	bool shut = cell_is_door(to) && !cell_passable(to);
	if (shut && (world_type(w, &w->units[unit])->cls == CLASS_MACHINE ||
		     !move_door_opens_for(to, w->units[unit].team)))
		return -1;
	int c = move_step_check(w, nobody, unit, x, y, d, d, shut, NULL, NULL);
	return c < 0 ? -1 : c + (shut ? MOVE_DOOR_COST : 0);
}

/* Keep way v in the list, if it is new or cheaper than the one its cell
 * and direction had. */
static void keep(struct height_way **v, int *n, int *cap, struct height_way way)
{
	for (int i = 0; i < *n; i++)
		if ((*v)[i].x == way.x && (*v)[i].y == way.y &&
		    (*v)[i].down == way.down) {
			if (way.cost < (*v)[i].cost)
				(*v)[i] = way;
			return;
		}
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 8;
		*v = xrealloc(*v, (size_t)*cap * sizeof **v);
	}
	(*v)[(*n)++] = way;
}

static int way_cmp(const void *pa, const void *pb)
{
	const struct height_way *a = pa, *b = pb;
	if (a->cost != b->cost)
		return a->cost < b->cost ? -1 : 1;
	if (a->y != b->y)
		return a->y < b->y ? -1 : 1;
	if (a->x != b->x)
		return a->x < b->x ? -1 : 1;
	return a->down == b->down ? 0 : a->down ? -1 : 1;
}

int heights_ways(const struct world *w, const unsigned char *unknown, int unit,
		 int x, int y, struct height_way *out, int max)
{
	const struct map *m = &w->map;
	const struct cell *start = map_cell_c(m, x, y);
	if (!cell_passable(start) && !cell_is_door(start))
		return 0;
	int W = m->w, cells = m->w * m->h, h0 = start->t.height;
	int *cost = xmalloc((size_t)cells * sizeof *cost);
	for (int i = 0; i < cells; i++)
		cost[i] = INT_MAX;
	/* No unit is in the way: the ways are the field's, not the turn's. */
	unsigned char *nobody = xcalloc((size_t)w->nunits + 1, 1);
	struct heap h = {0};
	struct height_way *v = NULL;
	int n = 0, cap = 0;
	cost[y * W + x] = 0;
	heap_push(&h, 0, y * W + x);
	while (h.n > 0) {
		struct heap_node top = heap_pop(&h);
		int c = top.id, cx = c % W, cy = c / W;
		if (top.key > cost[c])
			continue;
		for (int d = 0; d < DIR_COUNT; d++) {
			int nx = cx + dir_dx[d], ny = cy + dir_dy[d];
			if (!map_inside(m, nx, ny) ||
			    (unknown && unknown[ny * W + nx]))
				continue;
			int sc = step(w, nobody, unit, cx, cy, (enum dir)d);
			if (sc < 0)
				continue;
			const struct cell *to = map_cell_c(m, nx, ny);
			int nc = ny * W + nx, total = cost[c] + sc;
			if (to->t.height == h0) {
				if (total < cost[nc]) {
					cost[nc] = total;
					heap_push(&h, total, nc);
				}
				continue;
			}
			bool via_to = connects(to);
			const struct cell *by = via_to ? to : map_cell_c(m, cx, cy);
			struct height_way way = {
				.x = via_to ? nx : cx,
				.y = via_to ? ny : cy,
				.to_x = nx,
				.to_y = ny,
				.height = to->t.height,
				.down = to->t.height < h0,
				.kind = by->t.kind,
				.cost = total,
			};
			keep(&v, &n, &cap, way);
		}
	}
	if (n > 1)
		qsort(v, (size_t)n, sizeof *v, way_cmp);
	for (int i = 0; i < n && i < max; i++)
		out[i] = v[i];
	free(v);
	heap_free(&h);
	free(nobody);
	free(cost);
	return n;
}
