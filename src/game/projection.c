/* projection.c: a game made of what one team was told. */
#include "game/projection.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/internal.h"

struct game *projection_new(struct scenario *sc, int team)
{
	struct game *g = xcalloc(1, sizeof *g);
	g->sc = *sc;
	memset(sc, 0, sizeof *sc);
	g->w = &g->sc.world;
	g->projected = true;
	g->round = 1;
	g->winner = -1;
	g->moving = -1;
	g->reach = 4;
	struct world *w = g->w;
	size_t cells = (size_t)w->map.w * (size_t)w->map.h;
	for (int t = 0; t < w->nteams; t++) {
		struct knowledge *k = &g->know[t];
		k->team = t;
		k->w = w->map.w;
		k->h = w->map.h;
		k->view = xcalloc(cells ? cells : 1, 1);
		k->memory = xcalloc(cells ? cells : 1, 1);
		k->units = xcalloc(1, 1);
		k->last = xcalloc(1, sizeof *k->last);
	}
	(void)team;
	world_index(w);
	return g;
}

int projection_unit(struct game *g, const char *id, int type, int team)
{
	struct world *w = g->w;
	int i = world_find_unit(w, id);
	if (i >= 0)
		return i;
	if (strlen(id) >= UNIT_ID_LEN || type < 0 || type >= w->roster.ntypes ||
	    team < 0 || team >= w->nteams)
		return -1;
	i = w->nunits++;
	w->units = xrealloc(w->units, (size_t)w->nunits * sizeof *w->units);
	struct unit *u = &w->units[i];
	memset(u, 0, sizeof *u);
	snprintf(u->id, sizeof u->id, "%s", id);
	u->type = type;
	u->team = team;
	u->status = STATUS_ACTIVE;
	u->hits = w->roster.types[type].hits;
	for (int t = 0; t < w->nteams; t++) {
		struct knowledge *k = &g->know[t];
		k->nunits = w->nunits;
		k->units = xrealloc(k->units, (size_t)w->nunits);
		k->units[i] = 0;
		k->last = xrealloc(k->last, (size_t)w->nunits * sizeof *k->last);
		k->last[i] = (struct last_seen){-1, -1, -1, false};
	}
	return i;
}

void projection_order(struct game *g, int i, int x, int y)
{
	game_orders_set(g, i, x, y);
}

void projection_index(struct game *g)
{
	struct world *w = g->w;
	size_t n = (size_t)w->map.w * (size_t)w->map.h;
	for (size_t c = 0; c < n; c++)
		w->occ[c] = -1;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		bool known = false;
		for (int t = 0; t < w->nteams; t++)
			known = known || (g->know[t].units && g->know[t].units[i]);
		if (known && unit_alive(u) && map_inside(&w->map, u->x, u->y))
			w->occ[u->y * w->map.w + u->x] = i;
	}
}

void projection_emit(struct game *g, const struct event *ev)
{
	for (int i = 0; i < g->nlisteners; i++)
		g->listeners[i].fn(g->listeners[i].ctx, g, ev);
}
