/* game_attack.c: the Missile and Melee steps: shooting (machines first,
 * reloads, shots into melee), fighting, attacks on doors and walls. */
#include <stdio.h>
#include <string.h>

#include <stdlib.h>

#include "base/util.h"
#include "game/game.h"
#include "game/internal.h"
#include "rules/attack.h"
#include "rules/engage.h"

bool game_resolve_attack(struct game *g, int attacker, int weapon, int target,
			 int x, int y, const struct attack_calc *calc,
			 bool free_attack)
{
	struct world *w = g->w;
	const struct unit *a = &w->units[attacker];
	const struct weapon *wp = &world_type(w, a)->weapons[weapon];
	/* The roll and the attack it decides concern the same units and
	 * places, and so are seen by the same teams. */
	struct event ev = game_event(EV_ATTACK);
	ev.unit = attacker;
	ev.target = target;
	ev.x0 = a->x;
	ev.y0 = a->y;
	ev.x1 = target >= 0 ? w->units[target].x : x;
	ev.y1 = target >= 0 ? w->units[target].y : y;
	ev.weapon = weapon;
	ev.calc = *calc;
	ev.free_attack = free_attack;
	struct event r = ev;
	r.kind = ROLL_ATTACK;
	if (target >= 0)
		snprintf(r.text, sizeof r.text, "%s%s %s at %s, need %d",
			 free_attack ? "free attack: " : "", a->id, wp->name,
			 w->units[target].id, calc->need);
	else {
		char words[MAP_WORDS_LEN];
		snprintf(r.text, sizeof r.text, "%s %s at %s %d,%d, need %d",
			 a->id, wp->name,
			 map_cell_words(&w->map, map_cell(&w->map, x, y),
					words, sizeof words),
			 x, y, calc->need);
	}
	int roll = game_roll(g, &r, 20);
	if (roll == 0) { /* manual dice: the attack waits for its die */
		g->wait.unit = attacker;
		g->wait.weapon = weapon;
		g->wait.target = target;
		g->wait.x = x;
		g->wait.y = y;
		g->wait.calc = *calc;
		return false;
	}
	bool ok = combat_success(&w->roster.chart, calc->need, roll);

	ev.chance = combat_chance(&w->roster.chart, calc->need);
	ev.value = roll;
	ev.success = ok;
	game_emit(g, &ev);
	if (!ok)
		return true;

	if (target >= 0) {
		struct unit *t = &w->units[target];
		t->hits--;
		if (t->hits > 0) {
			struct event h = game_event(EV_HIT);
			h.unit = attacker;
			h.target = target;
			h.x0 = t->x;
			h.y0 = t->y;
			h.value = t->hits;
			game_emit(g, &h);
			return true;
		}
		world_remove(w, target, STATUS_DISABLED);
		game_touch_unit(g, target, TOUCH_REMOVED, -1, -1);
		struct event d = game_event(EV_DISABLED);
		d.unit = attacker;
		d.target = target;
		d.x0 = t->x;
		d.y0 = t->y;
		game_emit(g, &d);
		return true;
	}
	struct cell *c = map_cell(&w->map, x, y);
	c->hits_left--;
	struct event s = game_event(EV_STRUCTURE);
	s.unit = attacker;
	s.x0 = x;
	s.y0 = y;
	s.value = c->hits_left;
	if (c->hits_left <= 0) {
		bool door = c->t.kind == TERRAIN_DOOR;
		cell_destroy(c);
		game_touch_cell(g, x, y);
		snprintf(s.text, sizeof s.text, "%s",
			 door ? "the door is broken down"
			      : "the wall is breached");
	} else {
		snprintf(s.text, sizeof s.text, "%s holds, %d hit%s left",
			 c->t.kind == TERRAIN_DOOR ? "the door" : "the wall",
			 c->hits_left, c->hits_left == 1 ? "" : "s");
	}
	game_emit(g, &s);
	return true;
}

bool game_can_shoot(const struct game *g, int unit, char *why)
{
	if (game_check_actor(g, unit, STEP_MISSILE, "shoot", why))
		return false;
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	const struct unit_type *t = world_type(w, u);
	int ranged = 0;
	for (int i = 0; i < t->nweapons; i++)
		ranged += weapon_is_ranged(&t->weapons[i]);
	if (!ranged) {
		snprintf(why, GAME_WHY_LEN, "%s cannot shoot: it has no missile weapon",
			 u->id);
		return false;
	}
	if (u->shot) {
		snprintf(why, GAME_WHY_LEN, "%s has already shot this step", u->id);
		return false;
	}
	if (u->reload_wait > 0) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot shoot: reloading (%d more missile step%s)",
			 u->id, u->reload_wait, u->reload_wait == 1 ? "" : "s");
		return false;
	}
	if (t->cls == CLASS_MACHINE && g->machines_done) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot shoot: war machines shoot first, and other "
			 "units have already shot this step",
			 u->id);
		return false;
	}
	if (engage_engaged(w, unit)) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot shoot: missile weapons cannot be used in melee",
			 u->id);
		return false;
	}
	return true;
}

/* Whether the unit's team sees enemy unit t on the field now. An enemy
 * it does not see gets one answer, whatever is true of it, so that a
 * rejected command gives nothing away. */
static bool team_sees(const struct game *g, int team, int t)
{
	return g->w->units[t].team == team ||
	       knowledge_knows(&g->know[team], t);
}

int game_preview_shot(const struct game *g, int unit, int target, int x,
		      int y, struct attack_calc *calc, char *why)
{
	if (!game_can_shoot(g, unit, why))
		return -1;
	return game_preview_aim(g, unit, target, x, y, calc, why);
}

int game_preview_aim(const struct game *g, int unit, int target, int x,
		     int y, struct attack_calc *calc, char *why)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	char what[64];
	if (target >= 0) {
		const struct unit *t = &w->units[target];
		if (!team_sees(g, u->team, target)) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot shoot at %s: no such enemy in sight",
				 u->id, t->id);
			return -1;
		}
		if (t->team == u->team) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot shoot at %s: it is a friend", u->id,
				 t->id);
			return -1;
		}
		x = t->x;
		y = t->y;
		snprintf(what, sizeof what, "%s", t->id);
	} else {
		if (!map_inside(&w->map, x, y) ||
		    !cell_breachable(map_cell_c(&w->map, x, y))) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot shoot at %d,%d: no door or breachable "
				 "wall there",
				 u->id, x, y);
			return -1;
		}
		snprintf(what, sizeof what, "%d,%d", x, y);
	}
	return attack_shot(w, unit, target, x, y, what, calc, why, GAME_WHY_LEN);
}

int game_melee_candidates(const struct game *g, int target, int *out, int max)
{
	const struct world *w = g->w;
	int n = 0;
	if (max > 0)
		out[n++] = target;
	for (int i = 0; i < w->nunits && n < max; i++)
		if (i != target && unit_alive(&w->units[i]) &&
		    engage_in_melee(w, target, i))
			out[n++] = i;
	game_sort_units(w, out, n);
	return n;
}

/* The shot is away: into a melee, a die first picks who it hits; then
 * the attack. False when it waits for a die (manual dice). */
static bool shot_flies(struct game *g, int unit, int wi, int target, int x,
		       int y, struct attack_calc *calc)
{
	struct world *w = g->w;
	struct unit *u = &w->units[unit];
	if (target >= 0 && engage_engaged(w, target)) {
		/* Shooting into melee: the die picks who is hit, first. */
		int *cand = xmalloc((size_t)w->nunits * sizeof *cand);
		int n = game_melee_candidates(g, target, cand, w->nunits);
		struct event pick = game_event(EV_ROLL);
		pick.kind = ROLL_MELEE_PICK;
		pick.unit = unit;
		pick.target = target;
		pick.x0 = u->x;
		pick.y0 = u->y;
		pick.x1 = w->units[target].x;
		pick.y1 = w->units[target].y;
		int len = snprintf(pick.text, sizeof pick.text,
				   "shot into melee, target among");
		for (int i = 0; i < n && len < (int)sizeof pick.text; i++)
			len += snprintf(pick.text + len,
					sizeof pick.text - (size_t)len, " %s",
					w->units[cand[i]].id);
		int r = game_roll(g, &pick, n);
		if (r == 0) {
			free(cand);
			g->wait.kind = WAIT_PICK;
			g->wait.unit = unit;
			g->wait.weapon = wi;
			g->wait.target = target;
			return false;
		}
		int actual = cand[r - 1];
		free(cand);
		struct event ev = game_event(EV_ANNOUNCE);
		ev.kind = ANNOUNCE_SHOT_AT;
		ev.unit = unit;
		ev.target = actual;
		game_emit(g, &ev);
		struct attack_situation s;
		combat_ranged_situation(w, unit, wi, w->units[actual].x,
					w->units[actual].y, actual, &s);
		combat_compute(&w->roster.chart, &s, calc);
		target = actual;
	}
	return game_resolve_attack(g, unit, wi, target, x, y, calc, false);
}

void game_shot_resume(struct game *g, int unit, int weapon, int target)
{
	struct attack_calc calc;
	if (shot_flies(g, unit, weapon, target, -1, -1, &calc))
		game_after_action(g);
}

int game_shoot(struct game *g, int unit, int target, int x, int y, char *why)
{
	struct attack_calc calc;
	int wi = game_preview_shot(g, unit, target, x, y, &calc, why);
	if (wi < 0)
		return -1;
	struct world *w = g->w;
	struct unit *u = &w->units[unit];
	const struct unit_type *t = world_type(w, u);
	u->shot = true;
	u->reload_wait = t->weapons[wi].reload;
	if (t->cls != CLASS_MACHINE)
		g->machines_done = true;
	if (shot_flies(g, unit, wi, target, x, y, &calc))
		game_after_action(g);
	return 0;
}

bool game_can_fight(const struct game *g, int unit, char *why)
{
	if (game_check_actor(g, unit, STEP_MELEE, "fight", why))
		return false;
	const struct unit *u = &g->w->units[unit];
	if (world_type(g->w, u)->nweapons == 0) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot fight: it has no weapons", u->id);
		return false;
	}
	if (u->fought) {
		snprintf(why, GAME_WHY_LEN, "%s has already fought this step",
			 u->id);
		return false;
	}
	return true;
}

int game_preview_fight(const struct game *g, int unit, int target, int x,
		       int y, struct attack_calc *calc, char *why)
{
	if (!game_can_fight(g, unit, why))
		return -1;
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	struct attack_situation s;
	int wi;
	if (target >= 0) {
		const struct unit *t = &w->units[target];
		if (t->team == u->team) {
			snprintf(why, GAME_WHY_LEN, "%s cannot fight %s: it is a friend",
				 u->id, t->id);
			return -1;
		}
		if (!team_sees(g, u->team, target)) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot fight %s: no such enemy in sight",
				 u->id, t->id);
			return -1;
		}
		return attack_blow(w, unit, target, calc, why, GAME_WHY_LEN);
	} else {
		wi = engage_structure_weapon(w, unit);
		if (!map_inside(&w->map, x, y) ||
		    !cell_breachable(map_cell_c(&w->map, x, y))) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot attack %d,%d: no door or breachable "
				 "wall there",
				 u->id, x, y);
			return -1;
		}
		if (wi < 0) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot attack %d,%d: it has no weapon that "
				 "harms doors and walls",
				 u->id, x, y);
			return -1;
		}
		if (!geom_adjacent(u->x, u->y, x, y)) {
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot attack %d,%d: not in contact", u->id,
				 x, y);
			return -1;
		}
		combat_structure_situation(w, unit, wi, x, y, &s);
	}
	combat_compute(&w->roster.chart, &s, calc);
	return wi;
}

int game_fight(struct game *g, int unit, int target, int x, int y, char *why)
{
	struct attack_calc calc;
	int wi = game_preview_fight(g, unit, target, x, y, &calc, why);
	if (wi < 0)
		return -1;
	struct world *w = g->w;
	struct unit *u = &w->units[unit];
	u->fought = true;
	if (target >= 0) {
		/* The rules ask for the odds to be announced before combat. */
		struct event ev = game_event(EV_ANNOUNCE);
		ev.kind = ANNOUNCE_OUTNUMBER;
		ev.unit = unit;
		ev.target = target;
		for (int i = 0; i < calc.nterms; i++)
			if (strcmp(calc.terms[i].name, "outnumbered") == 0)
				ev.value2 = calc.terms[i].value;
		game_emit(g, &ev);
	}
	if (game_resolve_attack(g, unit, wi, target, x, y, &calc, false))
		game_after_action(g);
	return 0;
}
