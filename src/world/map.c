/* map.c: the battlefield's cells and what each kind of terrain does. */
#include "world/map.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

const char *const terrain_names[TERRAIN_COUNT] = {
#define X(e, n, c) n,
	TERRAIN_LIST(X)
#undef X
};
const char *const cover_names[COVER_COUNT] = {
#define X(e, n, r) n,
	COVER_LIST(X)
#undef X
};
const char *const door_state_names[DOOR_STATE_COUNT] = {
#define X(e, n) n,
	DOOR_STATE_LIST(X)
#undef X
};
const char *const terrain_colour_names[TCOLOUR_COUNT] = {
#define X(e, n) n,
	TERRAIN_COLOUR_LIST(X)
#undef X
};
static const char terrain_syms[TERRAIN_COUNT] = {
#define X(e, n, c) c,
	TERRAIN_LIST(X)
#undef X
};

static int parse_name(const char *s, const char *const *names, int n)
{
	for (int i = 0; i < n; i++)
		if (strcasecmp(s, names[i]) == 0)
			return i;
	return -1;
}

int terrain_parse(const char *s)
{
	return parse_name(s, terrain_names, TERRAIN_COUNT);
}

int cover_parse(const char *s)
{
	return parse_name(s, cover_names, COVER_COUNT);
}

int door_state_parse(const char *s)
{
	return parse_name(s, door_state_names, DOOR_STATE_COUNT);
}

struct terrain terrain_default(enum terrain_kind k)
{
	struct terrain t = {
		.kind = k,
		.sym = terrain_syms[k],
		.passable = true,
		.cost = 1,
		.blocks_sight = false,
		.height = 0,
		.cover = COVER_NONE,
		.mounted = true,
		.machines = true,
		.state = DOOR_OPEN,
		.locked_by = -1,
		.key = -1,
	};
	switch (k) {
	case TERRAIN_OPEN:
		break;
	case TERRAIN_ROUGH:
		t.cost = 2;
		break;
	case TERRAIN_WALL:
		t.passable = false;
		t.blocks_sight = true;
		break;
	case TERRAIN_WALK:
		t.height = 4;
		break;
	case TERRAIN_PARAPET:
		t.passable = false;
		t.height = 4;
		t.cover = COVER_HALF;
		break;
	case TERRAIN_LOWWALL:
		t.cost = 2;
		t.cover = COVER_HALF;
		t.mounted = false;
		t.machines = false;
		break;
	case TERRAIN_WOODS:
		t.cost = 2;
		t.cover = COVER_SOFT;
		break;
	case TERRAIN_WATER:
		t.passable = false;
		break;
	case TERRAIN_DOOR:
		t.state = DOOR_CLOSED;
		t.machines = false;
		break;
	case TERRAIN_LADDER:
		t.mounted = false;
		t.machines = false;
		break;
	case TERRAIN_STAIRS:
		t.height = 2;
		t.machines = false;
		break;
	default:
		break;
	}
	return t;
}

void map_init(struct map *m, int w, int h)
{
	m->w = w;
	m->h = h;
	m->cells = xcalloc((size_t)w * (size_t)h, sizeof *m->cells);
	for (int i = 0; i < w * h; i++)
		m->cells[i].t = terrain_default(TERRAIN_OPEN);
	m->nlabels = 0;
	m->labels = NULL;
}

void map_free(struct map *m)
{
	free(m->cells);
	free(m->labels);
	m->cells = NULL;
	m->labels = NULL;
	m->w = m->h = m->nlabels = 0;
}

void map_copy(struct map *dst, const struct map *src)
{
	size_t n = (size_t)src->w * (size_t)src->h;
	dst->w = src->w;
	dst->h = src->h;
	dst->cells = xmalloc(n * sizeof *dst->cells);
	memcpy(dst->cells, src->cells, n * sizeof *dst->cells);
	dst->nlabels = src->nlabels;
	dst->labels = NULL;
	if (src->nlabels) {
		size_t ln = (size_t)src->nlabels * sizeof *src->labels;
		dst->labels = xmalloc(ln);
		memcpy(dst->labels, src->labels, ln);
	}
}

int map_label(struct map *m, const char *name, enum terrain_colour colour)
{
	if (!name[0] && colour == TCOLOUR_NONE)
		return 0;
	for (int i = 0; i < m->nlabels; i++)
		if (m->labels[i].colour == colour &&
		    strcmp(m->labels[i].name, name) == 0)
			return i + 1;
	if (m->nlabels == MAP_MAX_LABELS || strlen(name) >= TERRAIN_NAME_LEN)
		return -1;
	m->labels = xrealloc(m->labels,
			     (size_t)(m->nlabels + 1) * sizeof *m->labels);
	struct terrain_label *l = &m->labels[m->nlabels++];
	strlcpy_s(l->name, name, sizeof l->name);
	l->colour = colour;
	return m->nlabels;
}

const struct terrain_label *map_cell_label(const struct map *m,
					   const struct cell *c)
{
	if (c->t.label == 0 || c->t.label > m->nlabels || c->t.rubble ||
	    c->t.broken)
		return NULL;
	return &m->labels[c->t.label - 1];
}

const char *map_cell_name(const struct map *m, const struct cell *c)
{
	const struct terrain_label *l = map_cell_label(m, c);
	return l && l->name[0] ? l->name : NULL;
}

enum terrain_colour map_cell_colour(const struct map *m, const struct cell *c)
{
	const struct terrain_label *l = map_cell_label(m, c);
	return l ? l->colour : TCOLOUR_NONE;
}

const char *map_cell_words(const struct map *m, const struct cell *c,
			   char *buf, int size)
{
	const char *name = map_cell_name(m, c);
	if (!name)
		snprintf(buf, (size_t)size, "%s", cell_describe(c));
	else if (c->t.kind == TERRAIN_DOOR)
		snprintf(buf, (size_t)size, "%s (door, %s)", name,
			 door_state_names[c->t.state]);
	else
		snprintf(buf, (size_t)size, "%s (%s)", name, cell_describe(c));
	return buf;
}

/* Append one trait to buf, comma-separated. */
static void trait(char *buf, int size, const char *fmt, int v)
{
	size_t n = strlen(buf);
	if ((int)n >= size - 1)
		return;
	if (n)
		n += (size_t)snprintf(buf + n, (size_t)size - n, ", ");
	if ((int)n < size - 1)
		snprintf(buf + n, (size_t)size - n, fmt, v);
}

void map_cell_traits(const struct cell *c, char *buf, int size)
{
	const struct terrain *t = &c->t;
	bool door = cell_is_door(c);
	buf[0] = '\0';
	if (!door && !t->passable)
		trait(buf, size, "impassable", 0);
	if (t->blocks_sight)
		trait(buf, size, "blocks sight", 0);
	if (t->height)
		trait(buf, size, "height %d", t->height);
	if (t->cost != 1)
		trait(buf, size, "cost x%d", t->cost);
	if (t->cover != COVER_NONE)
		trait(buf, size, t->cover == COVER_SOFT   ? "soft cover"
				 : t->cover == COVER_HALF ? "half cover"
							  : "heavy cover",
		      0);
	if (!t->mounted && !t->machines)
		trait(buf, size, "foot only", 0);
	else if (!t->mounted)
		trait(buf, size, "no mounted units", 0);
	else if (!t->machines)
		trait(buf, size, "no war machines", 0);
	/* The legend's DV and hits, not the hits left: a trait of the
	 * kind, the same for every cell of it. */
	bool breachable = t->hits > 0 && !t->rubble && !t->broken &&
			  (t->kind == TERRAIN_DOOR || t->kind == TERRAIN_WALL);
	if (breachable)
		trait(buf, size, "DV %d", t->dv);
	if (breachable)
		trait(buf, size, t->hits == 1 ? "%d hit" : "%d hits", t->hits);
}

bool cell_blocks_sight(const struct cell *c)
{
	if (cell_is_door(c))
		return c->t.state != DOOR_OPEN || c->t.blocks_sight;
	return c->t.blocks_sight;
}

bool cell_breachable(const struct cell *c)
{
	return c->t.hits > 0 && c->hits_left > 0 && !c->t.rubble &&
	       !c->t.broken &&
	       (c->t.kind == TERRAIN_DOOR || c->t.kind == TERRAIN_WALL);
}

const char *cell_describe(const struct cell *c)
{
	if (c->t.rubble)
		return "rubble";
	switch (c->t.kind) {
	case TERRAIN_OPEN:
		return "open ground";
	case TERRAIN_ROUGH:
		return "rough ground";
	case TERRAIN_WALL:
		return "wall";
	case TERRAIN_WALK:
		return "wall walk";
	case TERRAIN_PARAPET:
		return "parapet";
	case TERRAIN_LOWWALL:
		return "low wall";
	case TERRAIN_WOODS:
		return "woods";
	case TERRAIN_WATER:
		return "water";
	case TERRAIN_DOOR:
		if (c->t.broken)
			return "broken door";
		return c->t.state == DOOR_OPEN	 ? "door (open)"
		       : c->t.state == DOOR_LOCKED ? "door (locked)"
						   : "door (closed)";
	case TERRAIN_LADDER:
		return "ladder";
	case TERRAIN_STAIRS:
		return "stairs";
	default:
		return "?";
	}
}

void cell_destroy(struct cell *c)
{
	c->hits_left = 0;
	if (c->t.kind == TERRAIN_DOOR) {
		c->t.broken = true;
		c->t.state = DOOR_OPEN;
		c->t.passable = true;
		c->t.blocks_sight = false;
		c->t.locked_by = -1;
		/* An open gap: anything that fits may pass. */
		c->t.mounted = true;
		c->t.machines = true;
		return;
	}
	c->t.rubble = true;
	c->t.kind = TERRAIN_ROUGH;
	c->t.passable = true;
	c->t.blocks_sight = false;
	c->t.cost = 2;
	c->t.height = 0;
	c->t.cover = COVER_NONE;
	c->t.mounted = true;
	c->t.machines = true;
}
