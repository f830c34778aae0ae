/* vision.h: lines of sight, arcs of vision and what each team can see. */
#ifndef MEDSIEGE_VISION_H
#define MEDSIEGE_VISION_H

#include <stdbool.h>

#include "world/world.h"

/* A rectangle of cells, x0..x1 by y0..y1 inclusive; empty when x1 < x0. */
struct vision_box {
	int x0, y0, x1, y1;
};

/* Whether the line from A to B is blocked (SPEC 2.1), with A's and B's
 * heights taken from their cells. A is the viewer or attacker: troops
 * within 4 inches of A block, further ones do not. */
bool vision_line_blocked(const struct world *w, int ax, int ay, int bx,
			 int by);

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
 * (vision_unit_sees). Tests and benchmarks hold the fast paths to it. */
void vision_team_view_ref(const struct world *w, int team, unsigned char *out);

/* Fill out[w*h] with 1 where unit idx sees the cell now (vision_unit_sees),
 * 0 elsewhere, and return the smallest box holding every seen cell (empty
 * for a unit off the board). */
struct vision_box vision_unit_view(const struct world *w, int idx,
				   unsigned char *out);

#endif
