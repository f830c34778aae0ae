/* world.c: teams, units and the occupancy grid that finds them by cell. */
#include "world/world.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

const char *const control_names[CONTROL_COUNT] = {
#define X(e, n) n,
	CONTROL_LIST(X)
#undef X
};

void world_free(struct world *w)
{
	map_free(&w->map);
	roster_free(&w->roster);
	free(w->units);
	free(w->occ);
	w->units = NULL;
	w->occ = NULL;
	w->nunits = 0;
}

void world_copy(struct world *dst, const struct world *src)
{
	*dst = *src;
	map_copy(&dst->map, &src->map);
	dst->roster.types =
		xmalloc((size_t)src->roster.ntypes * sizeof *src->roster.types);
	for (int i = 0; i < src->roster.ntypes; i++) {
		dst->roster.types[i] = src->roster.types[i];
		if (src->roster.types[i].description)
			dst->roster.types[i].description =
				xstrdup(src->roster.types[i].description);
	}
	dst->units = xmalloc((size_t)(src->nunits ? src->nunits : 1) *
			     sizeof *dst->units);
	memcpy(dst->units, src->units, (size_t)src->nunits * sizeof *dst->units);
	size_t n = (size_t)src->map.w * (size_t)src->map.h;
	dst->occ = xmalloc(n * sizeof *dst->occ);
	memcpy(dst->occ, src->occ, n * sizeof *dst->occ);
}

void world_index(struct world *w)
{
	size_t n = (size_t)w->map.w * (size_t)w->map.h;
	free(w->occ);
	w->occ = xmalloc(n * sizeof *w->occ);
	for (size_t i = 0; i < n; i++)
		w->occ[i] = -1;
	for (int i = 0; i < w->nunits; i++)
		if (unit_alive(&w->units[i]))
			w->occ[w->units[i].y * w->map.w + w->units[i].x] = i;
}

int world_find_unit(const struct world *w, const char *id)
{
	for (int i = 0; i < w->nunits; i++)
		if (strcasecmp(w->units[i].id, id) == 0)
			return i;
	return -1;
}

int world_find_team(const struct world *w, const char *name)
{
	for (int i = 0; i < w->nteams; i++)
		if (strcasecmp(w->teams[i].name, name) == 0)
			return i;
	return -1;
}

void world_place(struct world *w, int idx, int x, int y)
{
	struct unit *u = &w->units[idx];
	if (w->occ[u->y * w->map.w + u->x] == idx)
		w->occ[u->y * w->map.w + u->x] = -1;
	u->x = x;
	u->y = y;
	w->occ[y * w->map.w + x] = idx;
}

void world_remove(struct world *w, int idx, enum unit_status why)
{
	struct unit *u = &w->units[idx];
	if (w->occ[u->y * w->map.w + u->x] == idx)
		w->occ[u->y * w->map.w + u->x] = -1;
	u->status = why;
	u->hits = why == STATUS_DISABLED ? 0 : u->hits;
}

int world_team_alive(const struct world *w, int team)
{
	int n = 0;
	for (int i = 0; i < w->nunits; i++)
		if (w->units[i].team == team && unit_alive(&w->units[i]))
			n++;
	return n;
}

int unit_id_cmp(const char *a, const char *b)
{
	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			long na = strtol(a, (char **)&a, 10);
			long nb = strtol(b, (char **)&b, 10);
			if (na != nb)
				return na < nb ? -1 : 1;
			continue;
		}
		int ca = tolower((unsigned char)*a), cb = tolower((unsigned char)*b);
		if (ca != cb)
			return ca < cb ? -1 : 1;
		a++;
		b++;
	}
	return *a ? 1 : *b ? -1 : 0;
}
