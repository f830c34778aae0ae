/* map.h: terrain kinds, the legend's properties, doors, heights. */
#ifndef MEDSIEGE_MAP_H
#define MEDSIEGE_MAP_H

#include <stdbool.h>

/* X-macro: enum, YAML name, symbol drawn when the map does not say. */
#define TERRAIN_LIST(X)                 \
	X(TERRAIN_OPEN, "open", '.')     \
	X(TERRAIN_ROUGH, "rough", ',')   \
	X(TERRAIN_WALL, "wall", '#')     \
	X(TERRAIN_WALK, "walk", '_')     \
	X(TERRAIN_PARAPET, "parapet", '=') \
	X(TERRAIN_LOWWALL, "lowwall", '%') \
	X(TERRAIN_WOODS, "woods", 'T')   \
	X(TERRAIN_WATER, "water", '~')   \
	X(TERRAIN_DOOR, "door", '+')     \
	X(TERRAIN_LADDER, "ladder", 'H') \
	X(TERRAIN_STAIRS, "stairs", '^')

enum terrain_kind {
#define X(e, n, c) e,
	TERRAIN_LIST(X)
#undef X
	TERRAIN_COUNT
};
extern const char *const terrain_names[TERRAIN_COUNT];

#define COVER_LIST(X)                 \
	X(COVER_NONE, "none", 0)      \
	X(COVER_SOFT, "soft", 1)      \
	X(COVER_HALF, "half", 2)      \
	X(COVER_HEAVY, "heavy", 3)

enum cover {
#define X(e, n, r) e,
	COVER_LIST(X)
#undef X
	COVER_COUNT
};
extern const char *const cover_names[COVER_COUNT];

#define DOOR_STATE_LIST(X)              \
	X(DOOR_OPEN, "open")            \
	X(DOOR_CLOSED, "closed")        \
	X(DOOR_LOCKED, "locked")

enum door_state {
#define X(e, n) e,
	DOOR_STATE_LIST(X)
#undef X
	DOOR_STATE_COUNT
};
extern const char *const door_state_names[DOOR_STATE_COUNT];

/* Terrain kind from its YAML name, or -1. Likewise cover and door state. */
int terrain_parse(const char *s);
int cover_parse(const char *s);
int door_state_parse(const char *s);

/* What a legend symbol means; each cell holds its own copy, since doors
 * open and walls fall. */
struct terrain {
	enum terrain_kind kind;
	char sym;            /* as written in the grid */
	bool passable;
	int cost;            /* movement multiplier */
	bool blocks_sight;
	int height;          /* inches */
	enum cover cover;
	bool mounted;        /* mounted units may enter */
	bool machines;       /* war machines may enter */
	enum door_state state; /* doors only */
	int locked_by;       /* team index, or -1 */
	int key;             /* the team the scenario gives a key, or -1 */
	int dv, hits;        /* breachable when hits > 0 */
	bool rubble;         /* a breached wall */
	bool broken;         /* a destroyed door: an open gap */
};

/* The defaults for a terrain kind with a given symbol (SPEC 3). */
struct terrain terrain_default(enum terrain_kind k);

struct cell {
	struct terrain t;
	int hits_left;       /* for breachable doors and walls */
};

struct map {
	int w, h;
	struct cell *cells;  /* w * h, row-major */
};

/* Allocate a w x h map of open ground; free with map_free. */
void map_init(struct map *m, int w, int h);
void map_free(struct map *m);
/* Deep copy of src into dst (dst uninitialised); free with map_free. */
void map_copy(struct map *dst, const struct map *src);

/* Inline: sight lines call these millions of times a turn. */
static inline bool map_inside(const struct map *m, int x, int y)
{
	return x >= 0 && y >= 0 && x < m->w && y < m->h;
}

/* The cell at x,y; x,y must be inside. */
static inline struct cell *map_cell(struct map *m, int x, int y)
{
	return &m->cells[y * m->w + x];
}

static inline const struct cell *map_cell_c(const struct map *m, int x, int y)
{
	return &m->cells[y * m->w + x];
}

/* Whether a cell can be entered at all right now (doors: only when open or
 * broken). Locked-by-team permission is a movement rule, not checked here. */
bool cell_passable(const struct cell *c);
/* Whether terrain blocks sight now (walls, closed doors, tall features). */
bool cell_blocks_sight(const struct cell *c);
bool cell_is_door(const struct cell *c);
/* A door or wall that a structures weapon may attack. */
bool cell_breachable(const struct cell *c);
/* The ASCII symbol to draw for a cell in its current state. */
char cell_symbol(const struct cell *c);
/* A short human name: "wall walk", "door (locked)", ... */
const char *cell_describe(const struct cell *c);

/* Turn a breached wall into rubble, or a destroyed door into a gap. */
void cell_destroy(struct cell *c);

#endif
