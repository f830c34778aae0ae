/* testworld.c: test worlds built in code. The roster here carries the
 * numbers of SPEC 4 and the ids units/standard.yaml uses. */
#include "testworld.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define W_(n, k, a, r) {.name = n, .kind = k, .av = a, .range = r}

static const struct unit_type standard_types[] = {
	{.id = "foot_knight", .name = "Foot Knight", .symbol = 'K',
	 .cls = CLASS_FOOT, .move = 5, .dv = 8, .hits = 1, .nweapons = 1,
	 .weapons = {W_("sword", WEAPON_MELEE, 6, 1)}},
	{.id = "mounted_knight", .name = "Mounted Knight", .symbol = 'M',
	 .cls = CLASS_MOUNTED, .move = 12, .dv = 8, .hits = 1, .nweapons = 1,
	 .weapons = {W_("lance", WEAPON_MELEE, 5, 1)}},
	{.id = "man_at_arms", .name = "Man-at-Arms", .symbol = 'A',
	 .cls = CLASS_FOOT, .move = 6, .dv = 6, .hits = 1, .nweapons = 1,
	 .weapons = {W_("sword", WEAPON_MELEE, 7, 1)}},
	{.id = "billman", .name = "Billman", .symbol = 'B', .cls = CLASS_FOOT,
	 .move = 6, .dv = 6, .hits = 1, .nweapons = 1,
	 .weapons = {W_("bill", WEAPON_REACH, 8, 2)}},
	{.id = "spearman", .name = "Spearman", .symbol = 'S', .cls = CLASS_FOOT,
	 .move = 6, .dv = 5, .hits = 1, .nweapons = 2,
	 .weapons = {W_("spear", WEAPON_MELEE, 8, 1),
		     W_("thrown spear", WEAPON_MISSILE, 10, 6)}},
	{.id = "archer", .name = "Archer", .symbol = 'a', .cls = CLASS_FOOT,
	 .move = 6, .dv = 4, .hits = 1, .nweapons = 2,
	 .weapons = {W_("longbow", WEAPON_MISSILE, 9, 24),
		     W_("dagger", WEAPON_MELEE, 12, 1)}},
	{.id = "crossbowman", .name = "Crossbowman", .symbol = 'c',
	 .cls = CLASS_FOOT, .move = 5, .dv = 5, .hits = 1, .nweapons = 2,
	 .weapons = {{.name = "crossbow", .kind = WEAPON_MISSILE, .av = 7,
		      .range = 20, .reload = 1},
		     W_("dagger", WEAPON_MELEE, 12, 1)}},
	{.id = "slinger", .name = "Slinger", .symbol = 's', .cls = CLASS_FOOT,
	 .move = 7, .dv = 3, .hits = 1, .nweapons = 1,
	 .weapons = {W_("sling", WEAPON_MISSILE, 10, 12)}},
	{.id = "javelineer", .name = "Javelineer", .symbol = 'j',
	 .cls = CLASS_FOOT, .move = 7, .dv = 4, .hits = 1, .nweapons = 1,
	 .weapons = {W_("javelin", WEAPON_MISSILE, 8, 8)}},
	{.id = "peasant_levy", .name = "Peasant Levy", .symbol = 'p',
	 .cls = CLASS_FOOT, .move = 6, .dv = 3, .hits = 1, .nweapons = 1,
	 .weapons = {W_("billhook", WEAPON_MELEE, 11, 1)}},
	{.id = "catapult", .name = "Catapult", .symbol = 'C',
	 .cls = CLASS_MACHINE, .move = 2, .dv = 10, .hits = 3, .nweapons = 1,
	 .weapons = {{.name = "stone", .kind = WEAPON_SIEGE, .av = 10,
		      .range = 36, .min_range = 8, .structures = true}}},
	{.id = "ballista", .name = "Ballista", .symbol = 'L',
	 .cls = CLASS_MACHINE, .move = 3, .dv = 9, .hits = 2, .nweapons = 1,
	 .weapons = {W_("bolt", WEAPON_MISSILE, 7, 30)}},
	{.id = "battering_ram", .name = "Battering Ram", .symbol = 'R',
	 .cls = CLASS_MACHINE, .move = 3, .dv = 12, .hits = 3, .nweapons = 1,
	 .weapons = {{.name = "ram", .kind = WEAPON_MELEE, .av = 4, .range = 1,
		      .structures = true}}},
};

#define NTYPES ((int)(sizeof standard_types / sizeof standard_types[0]))

struct terrain tw_terrain(char sym)
{
	static const char syms[] = ".,#_=%T~+'H^";
	static const enum terrain_kind kinds[] = {
		TERRAIN_OPEN,	 TERRAIN_ROUGH,	 TERRAIN_WALL,	  TERRAIN_WALK,
		TERRAIN_PARAPET, TERRAIN_LOWWALL, TERRAIN_WOODS,  TERRAIN_WATER,
		TERRAIN_DOOR,	 TERRAIN_DOOR,	 TERRAIN_LADDER, TERRAIN_STAIRS,
	};
	const char *p = sym ? strchr(syms, sym) : NULL;
	if (!p)
		fail_msg("testworld: no standard terrain for symbol '%c'", sym);
	struct terrain t = terrain_default(kinds[p - syms]);
	t.sym = sym;
	if (sym == '\'')
		t.state = DOOR_OPEN;
	if (sym == '^')
		t.height = TW_STAIRS_HEIGHT;
	return t;
}

void tw_roster(struct roster *r)
{
	r->ntypes = NTYPES;
	r->types = xmalloc(sizeof standard_types);
	memcpy(r->types, standard_types, sizeof standard_types);
	r->chart = chart_default();
}

void tw_init(struct world *w, const char *const *rows)
{
	int width = (int)strlen(rows[0]), height = 0;
	while (rows[height]) {
		if ((int)strlen(rows[height]) != width)
			fail_msg("testworld: row %d is not %d long", height,
				 width);
		height++;
	}
	memset(w, 0, sizeof *w);
	map_init(&w->map, width, height);
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++)
			tw_set_cell(w, x, y, rows[y][x]);
	tw_roster(&w->roster);
	w->nteams = 2;
	w->teams[TW_RED] = (struct team){.name = "Red", .letter = 'r',
					 .colour = "red"};
	w->teams[TW_BLUE] = (struct team){.name = "Blue", .letter = 'b',
					  .colour = "blue"};
	world_index(w);
}

void tw_set_cell(struct world *w, int x, int y, char sym)
{
	struct cell *c = map_cell(&w->map, x, y);
	c->t = tw_terrain(sym);
	c->hits_left = c->t.hits;
}

void tw_set_height(struct world *w, int x, int y, int height)
{
	map_cell(&w->map, x, y)->t.height = height;
}

int tw_add_unit(struct world *w, const char *type, int team, int x, int y,
		enum dir facing)
{
	int ti = roster_find(&w->roster, type);
	if (ti < 0)
		fail_msg("testworld: no unit type %s", type);
	if (world_unit_at(w, x, y) >= 0)
		fail_msg("testworld: %d,%d is taken", x, y);
	int n = 1;
	for (int i = 0; i < w->nunits; i++)
		if (w->units[i].team == team)
			n++;
	w->units = xrealloc(w->units, (size_t)(w->nunits + 1) * sizeof *w->units);
	struct unit *u = &w->units[w->nunits];
	*u = (struct unit){
		.type = ti,
		.team = team,
		.x = x,
		.y = y,
		.facing = facing,
		.status = STATUS_ACTIVE,
		.hits = w->roster.types[ti].hits,
		.move_left = 2 * w->roster.types[ti].move,
	};
	snprintf(u->id, sizeof u->id, "%c%d", w->teams[team].letter, n);
	w->nunits++;
	world_index(w);
	return w->nunits - 1;
}

int tw_weapon(const struct world *w, int idx, const char *name)
{
	const struct unit_type *t = world_type(w, &w->units[idx]);
	for (int i = 0; i < t->nweapons; i++)
		if (strcmp(t->weapons[i].name, name) == 0)
			return i;
	fail_msg("testworld: %s has no weapon %s", t->id, name);
	return -1;
}

void tw_free(struct world *w)
{
	world_free(w);
}

int tw_setup(void **state)
{
	*state = xcalloc(1, sizeof(struct world));
	return 0;
}

int tw_teardown(void **state)
{
	struct world *w = *state;
	world_free(w); /* a no-op on a zeroed or already freed world */
	free(w);
	*state = NULL;
	return 0;
}
