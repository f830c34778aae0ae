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

/* Colours a legend entry may draw its terrain in (none: the terminal's
 * own, as the standard symbols are drawn). */
#define TERRAIN_COLOUR_LIST(X)                \
	X(TCOLOUR_NONE, "none")               \
	X(TCOLOUR_BLACK, "black")             \
	X(TCOLOUR_RED, "red")                 \
	X(TCOLOUR_GREEN, "green")             \
	X(TCOLOUR_YELLOW, "yellow")           \
	X(TCOLOUR_BLUE, "blue")               \
	X(TCOLOUR_MAGENTA, "magenta")         \
	X(TCOLOUR_CYAN, "cyan")               \
	X(TCOLOUR_WHITE, "white")

enum terrain_colour {
#define X(e, n) e,
	TERRAIN_COLOUR_LIST(X)
#undef X
	TCOLOUR_COUNT
};
extern const char *const terrain_colour_names[TCOLOUR_COUNT];

/* A legend entry's name for its terrain, in bytes of UTF-8 with the
 * terminating NUL. */
#define TERRAIN_NAME_LEN 32

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
	/* The legend entry's name and colour: 0 for none, else 1 + an
	 * index into the map's labels (cells stay small). */
	unsigned short label;
};

/* The defaults for a terrain kind with a given symbol (SPEC 3). */
struct terrain terrain_default(enum terrain_kind k);

struct cell {
	struct terrain t;
	int hits_left;       /* for breachable doors and walls */
};

/* What a scenario's legend calls a terrain, and the colour it is drawn
 * in. */
struct terrain_label {
	char name[TERRAIN_NAME_LEN]; /* "" for none */
	enum terrain_colour colour;
};

/* At most this many labels on a map (one per legend entry would do). */
#define MAP_MAX_LABELS 4096

struct map {
	int w, h;
	struct cell *cells;  /* w * h, row-major */
	int nlabels;
	struct terrain_label *labels; /* owned */
};

/* Allocate a w x h map of open ground, with no labels; free with
 * map_free. */
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

/* Inline, as the searches ask them of every step. */
static inline bool cell_is_door(const struct cell *c)
{
	return c->t.kind == TERRAIN_DOOR && !c->t.broken;
}
/* Whether a cell can be entered at all right now (doors: only when open or
 * broken). Locked-by-team permission is a movement rule, not checked here. */
static inline bool cell_passable(const struct cell *c)
{
	if (cell_is_door(c))
		return c->t.state == DOOR_OPEN;
	return c->t.passable;
}
/* Whether terrain blocks sight now (walls, closed doors, tall features). */
bool cell_blocks_sight(const struct cell *c);
/* A door or wall that a structures weapon may attack. */
bool cell_breachable(const struct cell *c);
/* The ASCII symbol to draw for a cell in its current state. Inline: each
 * team's memory asks it of every cell in view. */
static inline char cell_symbol(const struct cell *c)
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
/* A short human name: "wall walk", "door (locked)", ... */
const char *cell_describe(const struct cell *c);

/* The label value for name (at most TERRAIN_NAME_LEN - 1 bytes; "" for
 * none) and colour, added to the map's labels unless it holds it: 0 for
 * neither, -1 when the map holds MAP_MAX_LABELS already. */
int map_label(struct map *m, const char *name, enum terrain_colour colour);
/* Whether two cells are the same in every property of their terrain,
 * their hits left and their legend entry. Inline: the computer asks it
 * of every cell in view. */
static inline bool cell_same(const struct cell *a, const struct cell *b)
{
	const struct terrain *x = &a->t, *y = &b->t;
	return a->hits_left == b->hits_left && x->kind == y->kind &&
	       x->sym == y->sym && x->passable == y->passable &&
	       x->cost == y->cost && x->blocks_sight == y->blocks_sight &&
	       x->height == y->height && x->cover == y->cover &&
	       x->mounted == y->mounted && x->machines == y->machines &&
	       x->state == y->state && x->locked_by == y->locked_by &&
	       x->key == y->key && x->dv == y->dv && x->hits == y->hits &&
	       x->rubble == y->rubble && x->broken == y->broken &&
	       x->label == y->label;
}
/* The label of a cell's terrain, or NULL: a breached wall and a broken
 * door are no longer what the legend named. */
const struct terrain_label *map_cell_label(const struct map *m,
					   const struct cell *c);
/* The legend's name of the cell's terrain, or NULL. */
const char *map_cell_name(const struct map *m, const struct cell *c);
/* The colour the cell is drawn in (TCOLOUR_NONE: the terminal's own). */
enum terrain_colour map_cell_colour(const struct map *m, const struct cell *c);
/* Room enough for map_cell_words. */
#define MAP_WORDS_LEN (2 * TERRAIN_NAME_LEN)
/* The cell in words, into buf: its legend name with what it is
 * ("Postern gate (door, closed)"), else cell_describe's. Returns buf. */
const char *map_cell_words(const struct map *m, const struct cell *c,
			   char *buf, int size);
/* Its kind's properties in words, as help and view list them:
 * "impassable, blocks sight, height 4, half cover", a breachable one's
 * DV and hits from the legend; "" for plain open ground. */
void map_cell_traits(const struct cell *c, char *buf, int size);

/* Turn a breached wall into rubble, or a destroyed door into a gap. */
void cell_destroy(struct cell *c);

#endif
