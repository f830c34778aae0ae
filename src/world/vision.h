/* vision.h: lines of sight, arcs of vision and what each team can see. */
#ifndef MEDSIEGE_VISION_H
#define MEDSIEGE_VISION_H

#include <stdbool.h>
#include <stddef.h>

#include "world/world.h"

/* A rectangle of cells, x0..x1 by y0..y1 inclusive; empty when x1 < x0. */
struct vision_box {
	int x0, y0, x1, y1;
};

/* What makes a cell a blocker of a line (SPEC 2.1): off the map, its
 * terrain (walls, closed doors, tall features), its height (above both
 * ends), a troop on it (within 4 inches of A, not below the higher end,
 * and seen by A: see vision_line_blocked). */
#define VISION_BLOCK_LIST(X)             \
	X(VBLOCK_NONE, "none")           \
	X(VBLOCK_EDGE, "edge")           \
	X(VBLOCK_TERRAIN, "terrain")     \
	X(VBLOCK_HEIGHT, "height")       \
	X(VBLOCK_TROOP, "troop")

enum vision_block {
#define X(e, n) e,
	VISION_BLOCK_LIST(X)
#undef X
	VBLOCK_COUNT
};
extern const char *const vision_block_names[VBLOCK_COUNT];

/* One step of a line from A: a cell the line passes through, or a corner
 * it crosses exactly, with the two side cells there. */
struct vision_step {
	bool corner;
	int x, y;                   /* the cell; a corner: one side cell */
	int x2, y2;                 /* a corner: the other side cell */
	enum vision_block why, why2; /* what makes each a blocker, if any */
	bool unseen, unseen2;       /* a troop (why VBLOCK_TROOP) that A does
				       not see, so it does not block */
	int unit, unit2;            /* the living unit standing on each, or -1 */
	bool blocks;                /* the cell blocks; a corner: both sides */
};

/* A line walked and explained. */
struct vision_line {
	int ax, ay, bx, by;
	int top;                    /* the greater of A's and B's heights */
	int nsteps;
	struct vision_step *steps;  /* owned, in order from A */
	int first;                  /* the first step that blocks, or -1 */
};

/* Whether the line from A to B is blocked (SPEC 2.1), with A's and B's
 * heights taken from their cells. A is the viewer or attacker: troops
 * further than 4 inches from A do not block, and one within 4 inches
 * blocks only when A sees it (it touches A, or it is in A's arc, within
 * the chart's vision range, on a line from A that is clear, troops nearer
 * to A blocking that line by this same rule). So a troop A does not see
 * never shapes what A sees or may shoot at. A is the living unit standing
 * on A, with its facing; a cell with no unit on it looks every way. */
bool vision_line_blocked(const struct world *w, int ax, int ay, int bx,
			 int by);

/* The line from A to B walked as vision_line_blocked walks it, with the
 * same test of each cell, but to the end: every cell and corner is
 * recorded with what makes it a blocker, so out->first >= 0 exactly when
 * vision_line_blocked is true. Free out with vision_line_free. */
void vision_line_explain(const struct world *w, int ax, int ay, int bx,
			 int by, struct vision_line *out);
void vision_line_free(struct vision_line *l);

/* Whether unit idx sees cell x,y now: its own cell and neighbours always,
 * otherwise the cell must be in its arc, within the chart's vision range
 * and on an unblocked line. */
bool vision_unit_sees(const struct world *w, int idx, int x, int y);

/* Fill out[w*h] with 1 where team sees the cell now, 0 elsewhere: the
 * union of what its living units see (vision_unit_sees), found by an exact
 * shadow cast per unit. Each call indexes the whole map; a caller that asks
 * again and again keeps a vision_cache instead. */
void vision_team_view(const struct world *w, int team, unsigned char *out);

/* The reference for vision_team_view: the same view found the slow, plain
 * way, walking the line from every living unit of the team to every cell
 * (vision_unit_sees), each troop within 4 inches asked about as a line
 * meets it. Tests and benchmarks hold the fast paths to it. */
void vision_team_view_ref(const struct world *w, int team, unsigned char *out);

/* Fill out[w*h] with 1 where unit idx sees the cell now (vision_unit_sees),
 * 0 elsewhere, and return the smallest box holding every seen cell (empty
 * for a unit off the board). */
struct vision_box vision_unit_view(const struct world *w, int idx,
				   unsigned char *out);

/*
 * A team's view kept up to date as the world changes, for callers that ask
 * for it again and again (the game after every action, the computer player
 * weighing moves). The owner tells it of every change, after making the
 * change in the world; each call recasts only the units the change can
 * touch. A change it is not told of leaves its view wrong until
 * vision_cache_rebuild. The cache keeps no pointer into the world.
 */
struct vision_cache;

/* A cache of team's view of w, free it with vision_cache_free; NULL when
 * the map is more than 65,535 cells a side, longer than it keeps lines. */
struct vision_cache *vision_cache_new(const struct world *w, int team);
void vision_cache_free(struct vision_cache *c);
/* Everything again from w (after a load, an undo, many changes). */
void vision_cache_rebuild(struct vision_cache *c, const struct world *w);
/* The team's view now: w*h bytes, 1 where seen, as vision_team_view would
 * fill them. The cache owns them, valid until its next call. */
const unsigned char *vision_cache_team_view(const struct vision_cache *c);
/* The cells whose byte of the view has changed since the last
 * vision_cache_forget_changes (a cell may be listed twice, or be back as it
 * was) into *cells and *n, valid until the cache's next call; false when
 * any cell may have (too many to list, or a rebuild). */
bool vision_cache_changes(const struct vision_cache *c, const size_t **cells,
			  size_t *n);
void vision_cache_forget_changes(struct vision_cache *c);
/* Unit idx (of any team) has moved from from_x,from_y to where w now has
 * it, turned (same place), come onto the board (from -1,-1) or left it. */
void vision_cache_unit_moved(struct vision_cache *c, const struct world *w,
			     int idx, int from_x, int from_y);
/* Unit idx has left the board where w still places it. */
void vision_cache_unit_removed(struct vision_cache *c, const struct world *w,
			       int idx);
/* Cell x,y has changed: a door opened or closed, a wall breached. */
void vision_cache_cell_changed(struct vision_cache *c, const struct world *w,
			       int x, int y);

#endif
