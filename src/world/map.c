/* map.c: the battlefield's cells and what each kind of terrain does. */
#include "world/map.h"

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
}

void map_free(struct map *m)
{
	free(m->cells);
	m->cells = NULL;
	m->w = m->h = 0;
}

void map_copy(struct map *dst, const struct map *src)
{
	size_t n = (size_t)src->w * (size_t)src->h;
	dst->w = src->w;
	dst->h = src->h;
	dst->cells = xmalloc(n * sizeof *dst->cells);
	memcpy(dst->cells, src->cells, n * sizeof *dst->cells);
}

bool cell_is_door(const struct cell *c)
{
	return c->t.kind == TERRAIN_DOOR && !c->t.broken;
}

bool cell_passable(const struct cell *c)
{
	if (cell_is_door(c))
		return c->t.state == DOOR_OPEN;
	return c->t.passable;
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

char cell_symbol(const struct cell *c)
{
	if (c->t.rubble)
		return ',';
	if (c->t.kind == TERRAIN_DOOR) {
		if (c->t.broken)
			return '\'';
		return c->t.state == DOOR_OPEN ? '\'' : '+';
	}
	return c->t.sym;
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
