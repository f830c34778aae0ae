/* unitodds.c: one unit's attack on another where both stand, as a team
 * knows the field. */
#include "game/unitodds.h"

#include <stdio.h>
#include <string.h>

#include "game/los.h"
#include "rules/attack.h"
#include "rules/odds.h"

int unitodds_compute(const struct game *g, int team, int a, int b,
		     struct unit_odds *out)
{
	memset(out, 0, sizeof *out);
	out->attacker = a;
	out->target = b;
	const struct world *w = g->w;
	struct world known;
	if (team >= 0) {
		/* Only what the team knows: a unit it does not see neither
		 * blocks the line nor stands in the melee. */
		game_known_world(g, team, &known, NULL);
		w = &known;
	}
	out->d2 = geom_dist2(w->units[a].x, w->units[a].y, w->units[b].x,
			     w->units[b].y);
	out->weapon = attack_between(w, a, b, &out->calc, &out->ranged,
				     out->why, sizeof out->why);
	if (team >= 0)
		world_free(&known);
	return out->weapon;
}

void unitodds_text(const struct world *w, const struct unit_odds *o,
		   struct strbuf *b)
{
	const struct unit *a = &w->units[o->attacker], *t = &w->units[o->target];
	const struct unit_type *at = world_type(w, a);
	const struct weapon *wp = &at->weapons[o->weapon];
	char desc[256];
	strbuf_addf(b, "%s %s (%s, %s) against %s %s, ", a->id, at->name,
		    wp->name, weapon_kind_names[wp->kind], t->id,
		    world_type(w, t)->name);
	if (o->ranged) {
		int d = los_tenths(o->d2);
		strbuf_addf(b, "%d.%d inches away:\n", d / 10, d % 10);
	} else {
		strbuf_add(b, "in melee:\n");
	}
	combat_describe(&w->roster.chart, &o->calc, desc, sizeof desc);
	strbuf_add(b, desc);
}

void unitodds_json(const struct world *w, const struct unit_odds *o,
		   struct strbuf *b)
{
	const struct unit *a = &w->units[o->attacker], *t = &w->units[o->target];
	const struct unit_type *at = world_type(w, a);
	strbuf_addc(b, '{');
	odds_json_fields(&w->roster.chart, at->id, at->weapons[o->weapon].name,
			 world_type(w, t)->id, &o->calc, b);
	if (o->ranged) {
		int d = los_tenths(o->d2);
		strbuf_addf(b, ",\"range\":%d.%d", d / 10, d % 10);
	}
	strbuf_add(b, ",\"attacker_unit\":");
	strbuf_add_json(b, a->id);
	strbuf_add(b, ",\"target_unit\":");
	strbuf_add_json(b, t->id);
	strbuf_addc(b, '}');
}
