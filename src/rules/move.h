/* move.h: what a step costs and whether it is legal (SPEC 5, Step 1).
 * All costs are in half-inches. */
#ifndef MEDSIEGE_MOVE_H
#define MEDSIEGE_MOVE_H

#include <stdbool.h>

#include "base/geom.h"
#include "world/world.h"

#define MOVE_WHY_LEN 160

/* Plans are made with what the planner knows: known holds a flag per
 * unit, 1 for a unit the planner knows is there (its team's knowledge);
 * units without it are not in the way. NULL: every unit is known. */

/* Cost of unit idx stepping from x,y (facing f) one cell in direction d,
 * or -1 with the reason in why (when why is not NULL). Friends may be
 * passed through; enemies and impassable cells may not. */
int move_step_cost(const struct world *w, const unsigned char *known, int idx,
		   int x, int y, enum dir f, enum dir d, char *why);
/* Why a step is refused, for callers that weigh reasons (a path search
 * saying why there is no way). */
enum move_refusal {
	MOVE_OK,
	MOVE_OFF_MAP,
	MOVE_IMPASSABLE,  /* walls, water, a shut door */
	MOVE_CLASS,       /* mounted units or war machines may not enter */
	MOVE_ENEMY,       /* a known enemy stands there */
	MOVE_SQUEEZE,     /* a diagonal between two impassable cells */
	MOVE_LADDER,      /* only foot units climb ladders */
	MOVE_HEIGHT,      /* heights change only by ladder or stairs */
};
/* move_step_cost with more: door_open prices a step into a shut door as
 * if it stood open (the opening itself, MOVE_DOOR_COST, is paid apart),
 * and *refusal (when not NULL) says what refused the step. */
int move_step_check(const struct world *w, const unsigned char *known,
		    int idx, int x, int y, enum dir f, enum dir d, bool door_open,
		    enum move_refusal *refusal, char *why);

/* Opening, closing, locking or unlocking an adjacent door. */
#define MOVE_DOOR_COST 4
/* Whether team may open this shut door: any door not locked, and a locked
 * one by the team that locked it or holds its key (false for an open
 * door or no door). War machines use no doors at all: callers check. */
bool move_door_opens_for(const struct cell *c, int team);

/* Whether a step from x,y in direction d climbs a ladder (the cost may
 * then be paid over several turns). */
bool move_is_ladder_climb(const struct world *w, int x, int y, enum dir d);
/* Cost of turning unit idx from facing a to b (war machines only pay). */
int move_turn_cost(const struct world *w, int idx, enum dir a, enum dir b);

/* Cheapest legal path for unit idx from where it stands to tx,ty: writes
 * up to max directions into dirs and returns their number, with the total
 * cost in *cost; -1 with why when there is no path. The path may pass
 * friends but not end on one. */
int move_path(const struct world *w, const unsigned char *known, int idx,
	      int tx, int ty, enum dir *dirs, int max, int *cost, char *why);

/* The cheapest cost from unit idx to every cell (w*h entries into cost;
 * INT_MAX where it cannot go or cannot stop). move_reach_within finds
 * the same costs for the cells within limit half-inches, searching no
 * further: INT_MAX beyond. */
void move_reach_within(const struct world *w, const unsigned char *known,
		       int idx, int limit, int *cost);
void move_reach(const struct world *w, const unsigned char *known, int idx,
		int *cost);

/* Half-inches to an inches string: 3 -> "1.5", 4 -> "2". buf >= 16. */
const char *move_inches(int half, char *buf);
/* The same with its unit: 2 -> "1 inch", 3 -> "1.5 inches". buf >= 24. */
const char *move_inches_unit(int half, char *buf);

#endif
