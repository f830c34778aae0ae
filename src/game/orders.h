/* orders.h: moves beyond one turn and standing orders (SPEC 7).
 *
 * "moveto ID X,Y" to a cell beyond this turn's movement goes as far as
 * the movement allows along the cheapest way (rules/path.h), planned
 * from what the unit's team knows, and says how many turns are left. A
 * standing order ("order ID X,Y") keeps the unit going there in the
 * turns after: its team runs it at the start of its turn ("order run"),
 * each turn's part given, and saved, as the "moveto ID X,Y" it stands
 * for. A moveto to the order's own cell keeps the order; any other move,
 * moveto, face or door order to the unit ends it, as "order ID cancel"
 * does; the order is done when the unit gets there.
 *
 * Fairness by structure: every plan here is made on the field as the
 * team knows it (game_known_world), and a move beyond one turn walks
 * only into cells its team sees as it goes, planning again after each
 * stretch; so a unit the team does not see is met only where it comes
 * into view, and the move stops there. */
#ifndef MEDSIEGE_ORDERS_H
#define MEDSIEGE_ORDERS_H

#include <stdbool.h>

#include "game/game.h"
#include "rules/path.h"

/* The cheapest way for unit to x,y over as many turns as it takes
 * (path_find), planned on the field as the unit's team knows it: cells
 * it never saw count as open ground, cells out of view as it last saw
 * them, enemies it does not see now are not there, and its own team's
 * exit areas are not crossed. The first turn is what the unit has left
 * in its team's Movement step, else a whole move. Fills *out (free it
 * with path_free, found or not) and returns 0, or -1 with out->why. */
int game_plan(const struct game *g, int unit, int x, int y, struct path *out);

/* Flags (w*h, caller frees) for the cells of team's own exit areas,
 * where its units leave the board; NULL when it has none. */
unsigned char *game_exit_cells(const struct game *g, int team);

/* What "moveto unit x,y" would do first, for a screen to show and ask
 * about before it is given: the steps it would take before it next
 * looks again, into dirs (at most max): every step of the way to a cell
 * within this turn's movement (game_path), else the first stretch of
 * the way beyond (none when it first opens a door or turns). *turns:
 * how many turns the way takes (1: this turn). Returns the number of
 * steps, or -1 with why as moveto would refuse. */
int game_moveto_preview(struct game *g, int unit, int x, int y,
			enum dir *dirs, int max, int *turns, char *why);

/* Whether "moveto unit x,y" would be a move beyond this turn's movement
 * (it would be accepted by the checks every move passes, and the cell
 * lies beyond the path within this turn that moveto takes first). */
bool game_moveto_beyond_turn(struct game *g, int unit, int x, int y);

/* unit's standing order, or NULL when it has none. */
const struct standing_order *game_order(const struct game *g, int unit);
/* Give unit a standing order to x,y, in its team's turn (replacing any
 * it had): 0, or -1 with why when it is there already or its team knows
 * of no way there. */
int game_order_give(struct game *g, int unit, int x, int y, char *why);
/* Cancel unit's standing order: 0, or -1 with why when it has none. */
int game_order_cancel(struct game *g, int unit, char *why);
/* unit was given another order (move, face, door, a moveto elsewhere):
 * its standing order, if any, is dropped and its team told. */
void game_order_drop(struct game *g, int unit);
/* Whether unit's standing order can take it further now: its team's
 * Movement step, and the next action of its way fits in what it has
 * left; false with why when not. */
bool game_order_ready(struct game *g, int unit, char *why);

#endif
