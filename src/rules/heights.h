/* heights.h: the ways on and off a raised stretch of the field. Heights
 * change only by ladder or stairs (SPEC 5, Step 1): from a cell, its
 * stretch is every cell a unit can walk to without changing height, and
 * a way is a step between the stretch and a cell of another height that
 * the movement rules allow (move_step_check: a ladder, for foot only, or
 * stairs, on either side of the step), named by its ladder or stairs
 * cell. So a player can tell, before sending a unit up, whether the only
 * way back down is at the far end of the wall. */
#ifndef MEDSIEGE_HEIGHTS_H
#define MEDSIEGE_HEIGHTS_H

#include <stdbool.h>

#include "world/world.h"

struct height_way {
	int x, y;          /* the ladder or stairs cell the way goes by */
	int to_x, to_y;    /* the cell its step arrives on */
	int height;        /* that cell's height */
	bool down;         /* lower than the start, else higher */
	enum terrain_kind kind; /* TERRAIN_LADDER or TERRAIN_STAIRS */
	int cost;          /* half-inches from the start to to_x,to_y: the
			    * walk along the stretch (shut doors opened as
			    * the unit's team may), then the step, a climb
			    * whole */
};

/* The ways off the stretch of cell x,y for unit (whose class and team
 * decide which steps it may take; it need not stand there, and no unit
 * is in the way), on the field w as the planner knows it: a cell flagged
 * in unknown (w*h, never seen; NULL: none) is neither walked nor stepped
 * to. One way a ladder or stairs cell and direction (down, up), at its
 * cheapest; the first max into out, nearest first (then by the way's
 * cell, row-major). Returns how many ways there are in all (0 for a
 * cell a unit cannot stand on). */
int heights_ways(const struct world *w, const unsigned char *unknown, int unit,
		 int x, int y, struct height_way *out, int max);

#endif
