/* engage.h: who is in melee with whom (contact, or a reach weapon). */
#ifndef MEDSIEGE_ENGAGE_H
#define MEDSIEGE_ENGAGE_H

#include <stdbool.h>

#include "world/world.h"

/* Base-to-base contact between two living units: neighbouring cells at
 * the same height, or one of them a ladder or stairs cell. */
bool engage_contact(const struct world *w, int a, int b);
/* The weapon (index) with which unit a can attack unit b in melee now,
 * or -1: any melee or reach weapon in contact, or a reach weapon whose
 * range covers b (height included) along a clear line. */
int engage_weapon(const struct world *w, int a, int b);
/* a and b are enemies in contact, or either can attack the other in
 * melee (a reach weapon). */
bool engage_in_melee(const struct world *w, int a, int b);
/* The longest reach of a type's reach weapons, or 0. Units further
 * apart than contact (2, squared) and the longer of their two reaches
 * are never in melee. */
int engage_reach_range(const struct unit_type *t);
/* Unit a is in melee with any living enemy. */
bool engage_engaged(const struct world *w, int a);
/* The first melee or reach weapon of a that may attack structures, or -1. */
int engage_structure_weapon(const struct world *w, int a);
/* The first melee or reach weapon of a unit type, or -1. */
int engage_first_melee(const struct unit_type *t);

#endif
