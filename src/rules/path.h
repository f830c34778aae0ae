/* path.h: the cheapest way for a unit to a cell over several turns
 * (SPEC 5, Step 1): turns, inches, the way itself turn by turn, or never
 * and why. Costs are in half-inches, as in move.h.
 *
 * Each turn the unit has its full move (the first turn: what the query
 * says is left). A step that does not fit in what is left of a turn waits
 * for the next, where the unit stands at the end of the turn; a ladder
 * climb may be paid over several turns, begun with what is left. A unit
 * may pass friends but neither end a turn nor stop on one. A shut door
 * its team may open costs the opening (MOVE_DOOR_COST) and then the step;
 * a door locked by another team (without its key) is never opened; war
 * machines use no doors. War machines pay for every 45-degree turn, and
 * may turn where they stand, in one turn or across two.
 *
 * Cheapest means, in order: the fewest turns; then the least movement
 * spent in the last turn (the most left over on arrival); then the least
 * movement in all. These three decide what can follow, so the search is
 * exact with one state per cell (per cell and facing for war machines,
 * whose turning costs; per cell, facing and movement spent for the cells
 * where another unit stands, where no turn may end).
 *
 * Tie-break, deliberately fixed: the search is Dijkstra's with a binary
 * heap keyed by (turns, spent in that turn, spent in all, state), where a
 * state is numbered by its cell, row-major (y * width + x), then its
 * facing; so among equally cheap states the lower cell comes first. A
 * state keeps the first way that reaches it at its best cost (a later way
 * as cheap does not replace it); the ways out of a state are tried in
 * the order of the directions (n, ne, e, ... clockwise), a step before a
 * turn on the spot. The goal is the first goal cell taken from the heap.
 */
#ifndef MEDSIEGE_PATH_H
#define MEDSIEGE_PATH_H

#include <stdbool.h>

#include "rules/move.h"

#define PATH_WHY_LEN MOVE_WHY_LEN

enum path_act {
	PATH_STEP, /* a step in dir (a climb may take several turns) */
	PATH_FACE, /* a war machine turns on the spot to face dir */
	PATH_OPEN, /* opens the door in dir, without moving */
};

struct path_step {
	enum path_act act;
	enum dir dir;
	int x, y;  /* where the unit stands after it */
	int turn;  /* the turn in which it is done, 1 the first */
	int begun; /* the turn it is begun in: before turn for a climb paid
		    * over several turns, else turn */
	int cost;  /* half-inches, all of it (a long climb's over its turns) */
};

struct path {
	int turns;   /* 0: already there; -1: never */
	int cost;    /* half-inches spent in all */
	int left;    /* half-inches left in the last turn */
	int x, y;    /* the cell reached */
	int nsteps;
	struct path_step *steps; /* owned: free with path_free */
	char why[PATH_WHY_LEN];  /* never: why not */
};

struct path_query {
	/* The units the planner knows are on the field, as move.h takes
	 * them (NULL: every unit); the others are not in the way. */
	const unsigned char *known;
	/* w*h flags: any of these cells will do; NULL: the cell tx,ty. */
	const unsigned char *goal;
	int tx, ty;
	/* w*h flags: cells where the unit leaves the board (an exit area of
	 * its own team): it may end there but not pass. NULL: none. */
	const unsigned char *exits;
	/* Half-inches the unit has in the first turn; -1: its move_left.
	 * A ladder climb the unit has begun (climb_paid) counts. */
	int first;
};

/* The cheapest way for unit idx from where it stands, facing as it
 * faces, to the query's goal. Fills *out (free it with path_free, found
 * or not) and returns 0, or -1 when it can never get there, with the
 * reason in out->why and out->turns -1. */
int path_find(const struct world *w, int idx, const struct path_query *q,
	      struct path *out);
void path_free(struct path *p);

/* Where the unit stands at the end of turn t of path p (it started at
 * x0,y0). */
void path_turn_end(const struct path *p, int x0, int y0, int t, int *x,
		   int *y);

#endif
