/* attack.h: the attack a unit would make where it stands, weapon and
 * target number both: a shot at a cell (a unit there, or a door or wall),
 * a blow at a unit it is in melee with, or whichever of the two it would
 * make at a unit. The game's previews (and so its attacks and the panel),
 * `los` and `odds` between units all ask these, so they cannot disagree.
 * Nothing of the turn (the step, a shot made, a reload) is looked at. */
#ifndef MEDSIEGE_ATTACK_H
#define MEDSIEGE_ATTACK_H

#include <stdbool.h>
#include <stddef.h>

#include "rules/combat.h"

/* A shot by unit at cell x,y: at unit target standing there, or (target
 * -1) at the door or wall there; what names the target in why. The
 * weapon shot_check picks (index), its number in calc; or -1 with
 * shot_check's why. */
int attack_shot(const struct world *w, int unit, int target, int x, int y,
		const char *what, struct attack_calc *calc, char *why,
		size_t size);
/* A blow by unit at unit target: the weapon engage_weapon picks, its
 * number in calc; or -1 with why ("ID cannot fight T: not in melee with
 * it"). */
int attack_blow(const struct world *w, int unit, int target,
		struct attack_calc *calc, char *why, size_t size);
/* The attack unit would make on enemy unit target where both stand: a
 * blow when it can reach it in melee; else, when it is in melee with no
 * one, a shot; *ranged says which. -1 with why when there is none (a
 * friend, out of reach, in melee with another, no missile weapon). */
int attack_between(const struct world *w, int unit, int target,
		   struct attack_calc *calc, bool *ranged, char *why,
		   size_t size);

#endif
