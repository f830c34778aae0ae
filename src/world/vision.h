/* vision.h: lines of sight, arcs of vision and what each team can see. */
#ifndef MEDSIEGE_VISION_H
#define MEDSIEGE_VISION_H

#include <stdbool.h>

#include "world/world.h"

/* Whether the line from A to B is blocked (SPEC 2.1), with A's and B's
 * heights taken from their cells. A is the viewer or attacker: troops
 * within 4 inches of A block, further ones do not. */
bool vision_line_blocked(const struct world *w, int ax, int ay, int bx,
			 int by);

/* Whether unit idx sees cell x,y now: its own cell and neighbours always,
 * otherwise the cell must be in its arc, within the chart's vision range
 * and on an unblocked line. */
bool vision_unit_sees(const struct world *w, int idx, int x, int y);

/* Fill out[w*h] with 1 where team sees the cell now, 0 elsewhere. */
void vision_team_view(const struct world *w, int team, unsigned char *out);

/* The reference for vision_team_view: the same view found the slow, plain
 * way, walking the line from every living unit of the team to every cell
 * (vision_unit_sees). Tests and benchmarks hold the fast paths to it. */
void vision_team_view_ref(const struct world *w, int team, unsigned char *out);

#endif
