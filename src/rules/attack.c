/* attack.c: the attack a unit would make where it stands. */
#include "rules/attack.h"

#include <stdio.h>

#include "rules/engage.h"
#include "rules/shot.h"

int attack_shot(const struct world *w, int unit, int target, int x, int y,
		const char *what, struct attack_calc *calc, char *why,
		size_t size)
{
	int wi = shot_check(w, unit, x, y, target < 0, what, why, size);
	if (wi < 0)
		return -1;
	struct attack_situation s;
	combat_ranged_situation(w, unit, wi, x, y, target, &s);
	combat_compute(&w->roster.chart, &s, calc);
	return wi;
}

int attack_blow(const struct world *w, int unit, int target,
		struct attack_calc *calc, char *why, size_t size)
{
	int wi = engage_weapon(w, unit, target);
	if (wi < 0) {
		snprintf(why, size, "%s cannot fight %s: not in melee with it",
			 w->units[unit].id, w->units[target].id);
		return -1;
	}
	struct attack_situation s;
	combat_melee_situation(w, unit, wi, target, -1, &s);
	combat_compute(&w->roster.chart, &s, calc);
	return wi;
}

int attack_between(const struct world *w, int unit, int target,
		   struct attack_calc *calc, bool *ranged, char *why,
		   size_t size)
{
	const struct unit *u = &w->units[unit], *t = &w->units[target];
	const struct unit_type *ut = world_type(w, u);
	*ranged = false;
	if (t->team == u->team) {
		snprintf(why, size, "%s cannot attack %s: it is a friend", u->id,
			 t->id);
		return -1;
	}
	if (engage_weapon(w, unit, target) >= 0)
		return attack_blow(w, unit, target, calc, why, size);
	bool shoots = false;
	for (int i = 0; i < ut->nweapons; i++)
		shoots |= weapon_is_ranged(&ut->weapons[i]);
	if (!shoots) {
		snprintf(why, size,
			 "%s cannot attack %s: not in melee with it, and it has "
			 "no missile weapon",
			 u->id, t->id);
		return -1;
	}
	if (engage_engaged(w, unit)) {
		snprintf(why, size,
			 "%s cannot shoot at %s: it is in melee, and missile "
			 "weapons cannot be used in melee",
			 u->id, t->id);
		return -1;
	}
	*ranged = true;
	return attack_shot(w, unit, target, t->x, t->y, t->id, calc, why, size);
}
