/* shot.c: the geometry of missile fire (SPEC 2.2, 5 step 2). */
#include "rules/shot.h"

#include <stdio.h>

#include "base/geom.h"
#include "world/vision.h"

/* The ranged weapon unit uses against cell x,y (a structure when
 * structure is set), or -1 with why. */
static int pick_weapon(const struct world *w, int unit, int x, int y,
		       bool structure, const char *what, char *why,
		       size_t size)
{
	const struct unit *u = &w->units[unit];
	const struct unit_type *t = world_type(w, u);
	int d2 = geom_dist2(u->x, u->y, x, y);
	const struct weapon *near = NULL;
	for (int i = 0; i < t->nweapons; i++) {
		const struct weapon *wp = &t->weapons[i];
		if (!weapon_is_ranged(wp))
			continue;
		if (structure && wp->kind != WEAPON_SIEGE && !wp->structures)
			continue;
		if (d2 < wp->min_range * wp->min_range) {
			near = wp;
			continue;
		}
		if (d2 <= wp->range * wp->range)
			return i;
	}
	if (structure) {
		int any = -1;
		for (int i = 0; i < t->nweapons; i++)
			if (weapon_is_ranged(&t->weapons[i]) &&
			    (t->weapons[i].kind == WEAPON_SIEGE ||
			     t->weapons[i].structures))
				any = i;
		if (any < 0) {
			snprintf(why, size,
				 "%s cannot shoot at %s: only siege weapons "
				 "harm doors and walls",
				 u->id, what);
			return -1;
		}
	}
	if (near)
		snprintf(why, size,
			 "%s cannot shoot at %s: too close for its %s "
			 "(minimum %d inches)",
			 u->id, what, near->name, near->min_range);
	else
		snprintf(why, size, "%s cannot shoot at %s: out of range", u->id,
			 what);
	return -1;
}

int shot_check(const struct world *w, int unit, int x, int y, bool structure,
	       const char *what, char *why, size_t size)
{
	const struct unit *u = &w->units[unit];
	if (!geom_in_arc(u->facing, x - u->x, y - u->y)) {
		snprintf(why, size,
			 "%s cannot shoot at %s: not in its arc of vision (it faces %s)",
			 u->id, what, dir_names[u->facing]);
		return -1;
	}
	int vr = w->roster.chart.vision_range;
	if (vr > 0 && !geom_within(u->x, u->y, x, y, vr)) {
		snprintf(why, size,
			 "%s cannot shoot at %s: further than it can see (%d inches)",
			 u->id, what, vr);
		return -1;
	}
	int wi = pick_weapon(w, unit, x, y, structure, what, why, size);
	if (wi < 0)
		return -1;
	if (vision_line_blocked(w, u->x, u->y, x, y)) {
		snprintf(why, size, "%s cannot shoot at %s: no clear line", u->id,
			 what);
		return -1;
	}
	return wi;
}
