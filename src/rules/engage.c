/* engage.c: melee range, with heights: a unit on a wall walk is not in
 * contact with one at the foot of the wall unless a ladder or stairs
 * joins them. */
#include "rules/engage.h"

#include "base/geom.h"
#include "world/vision.h"

static bool joins_heights(const struct cell *c)
{
	return c->t.kind == TERRAIN_LADDER || c->t.kind == TERRAIN_STAIRS;
}

static bool cells_touch(const struct world *w, int ax, int ay, int bx, int by)
{
	if (!geom_adjacent(ax, ay, bx, by))
		return false;
	const struct cell *ca = map_cell_c(&w->map, ax, ay);
	const struct cell *cb = map_cell_c(&w->map, bx, by);
	return ca->t.height == cb->t.height || joins_heights(ca) ||
	       joins_heights(cb);
}

bool engage_contact(const struct world *w, int a, int b)
{
	const struct unit *u = &w->units[a], *v = &w->units[b];
	if (!unit_alive(u) || !unit_alive(v))
		return false;
	return cells_touch(w, u->x, u->y, v->x, v->y);
}

int engage_weapon(const struct world *w, int a, int b)
{
	const struct unit *u = &w->units[a], *v = &w->units[b];
	if (a == b || !unit_alive(u) || !unit_alive(v))
		return -1;
	const struct unit_type *t = world_type(w, u);
	bool contact = cells_touch(w, u->x, u->y, v->x, v->y);
	int best = -1;
	for (int i = 0; i < t->nweapons; i++) {
		const struct weapon *wp = &t->weapons[i];
		if (wp->kind == WEAPON_MELEE && contact)
			return i;
		if (wp->kind == WEAPON_REACH && best < 0) {
			if (contact) {
				best = i;
				continue;
			}
			int dh = world_height(w, u->x, u->y) -
				 world_height(w, v->x, v->y);
			int d2 = geom_dist2(u->x, u->y, v->x, v->y) + dh * dh;
			if (d2 <= wp->range * wp->range &&
			    !vision_line_blocked(w, u->x, u->y, v->x, v->y))
				best = i;
		}
	}
	return best;
}

int engage_reach_range(const struct unit_type *t)
{
	int r = 0;
	for (int i = 0; i < t->nweapons; i++)
		if (t->weapons[i].kind == WEAPON_REACH && t->weapons[i].range > r)
			r = t->weapons[i].range;
	return r;
}

/* engage_in_melee, with a's longest reach ra (engage_reach_range) given. */
static bool in_melee(const struct world *w, int a, int b, int ra)
{
	const struct unit *u = &w->units[a], *v = &w->units[b];
	if (u->team == v->team)
		return false;
	/* Too far for contact (a diagonal neighbour is 2 away, squared) or
	 * either side's reach (the height between only adds to the
	 * distance): searches ask this of every pair. */
	int d2 = geom_dist2(u->x, u->y, v->x, v->y);
	if (d2 > 2) {
		int rb = engage_reach_range(world_type(w, v));
		int r = ra > rb ? ra : rb;
		if (d2 > r * r)
			return false;
	}
	/* Contact engages even units that have nothing to strike with. */
	return engage_contact(w, a, b) || engage_weapon(w, a, b) >= 0 ||
	       engage_weapon(w, b, a) >= 0;
}

bool engage_in_melee(const struct world *w, int a, int b)
{
	return in_melee(w, a, b, engage_reach_range(world_type(w, &w->units[a])));
}

bool engage_engaged(const struct world *w, int a)
{
	const struct unit *u = &w->units[a];
	if (!unit_alive(u))
		return false;
	int ra = engage_reach_range(world_type(w, u));
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *v = &w->units[i];
		if (v->team == u->team || !unit_alive(v))
			continue;
		if (in_melee(w, a, i, ra))
			return true;
	}
	return false;
}

int engage_structure_weapon(const struct world *w, int a)
{
	const struct unit_type *t = world_type(w, &w->units[a]);
	for (int i = 0; i < t->nweapons; i++)
		if (!weapon_is_ranged(&t->weapons[i]) && t->weapons[i].structures)
			return i;
	return -1;
}

int engage_first_melee(const struct unit_type *t)
{
	for (int i = 0; i < t->nweapons; i++)
		if (!weapon_is_ranged(&t->weapons[i]))
			return i;
	return -1;
}
