/* geom.h: directions, exact distances, arcs and the line between cells. */
#ifndef MEDSIEGE_GEOM_H
#define MEDSIEGE_GEOM_H

#include <stdbool.h>

/* X-macro: name, dx, dy. Order is clockwise from north. */
#define DIR_LIST(X)         \
	X(DIR_N, "n", 0, -1)  \
	X(DIR_NE, "ne", 1, -1) \
	X(DIR_E, "e", 1, 0)   \
	X(DIR_SE, "se", 1, 1)  \
	X(DIR_S, "s", 0, 1)   \
	X(DIR_SW, "sw", -1, 1) \
	X(DIR_W, "w", -1, 0)  \
	X(DIR_NW, "nw", -1, -1)

enum dir {
#define X(e, n, dx, dy) e,
	DIR_LIST(X)
#undef X
	DIR_COUNT
};

extern const char *const dir_names[DIR_COUNT];
extern const int dir_dx[DIR_COUNT];
extern const int dir_dy[DIR_COUNT];

/* Direction from its name ("n", "ne", ...; case-insensitive), or -1. */
int dir_parse(const char *s);
/* Direction of a unit step (dx, dy in -1..1, not both 0), or -1. */
int dir_from_delta(int dx, int dy);
/* Inline: the searches ask it of every step. */
static inline bool dir_diagonal(enum dir d)
{
	return dir_dx[d] != 0 && dir_dy[d] != 0;
}
/* Number of 45-degree turns between two facings (0..4). */
int dir_turns(enum dir a, enum dir b);

/* Squared distance between two cell centres. Inline: asked of every
 * pair of units. */
static inline int geom_dist2(int ax, int ay, int bx, int by)
{
	int dx = bx - ax, dy = by - ay;
	return dx * dx + dy * dy;
}
/* d <= r, exactly. */
bool geom_within(int ax, int ay, int bx, int by, int r);
/* d > r/2, exactly ("over half range"). */
bool geom_over_half(int ax, int ay, int bx, int by, int r);
/* Cells touch: 8-neighbours (and not the same cell). */
bool geom_adjacent(int ax, int ay, int bx, int by);
/* Offset (vx, vy) lies in the 90-degree arc of facing f. */
bool geom_in_arc(enum dir f, int vx, int vy);

/*
 * The line between two cell centres (SPEC 2.1). The walker calls cell()
 * for each cell the open segment passes through (A and B excluded), in
 * order from A, and corner() where it crosses a grid corner exactly, with
 * the two side cells there. A callback returning true stops the walk and
 * geom_line_walk returns true.
 */
struct line_visitor {
	bool (*cell)(void *ctx, int x, int y);
	bool (*corner)(void *ctx, int x1, int y1, int x2, int y2);
	void *ctx;
};
bool geom_line_walk(int ax, int ay, int bx, int by,
		    const struct line_visitor *v);

#endif
