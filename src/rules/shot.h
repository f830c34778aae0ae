/* shot.h: whether a unit may shoot at a cell as the field lies now: the
 * target in its arc, within the chart's vision range, a weapon that
 * reaches it, and a clear line. The game's shots and `medsiege los` both
 * ask this one function. */
#ifndef MEDSIEGE_SHOT_H
#define MEDSIEGE_SHOT_H

#include <stdbool.h>
#include <stddef.h>

#include "world/world.h"

/* The ranged weapon (index) unit would shoot with at cell x,y (at a door
 * or wall there when structure is set: siege weapons and those that harm
 * structures only), or -1 with why ("ID cannot shoot at WHAT: ...",
 * WHAT naming the target), checked in this order: arc, vision range,
 * weapon range and minimum range, line. Nothing else (the step, melee,
 * reloads) is looked at. */
int shot_check(const struct world *w, int unit, int x, int y, bool structure,
	       const char *what, char *why, size_t size);

#endif
