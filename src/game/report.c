/* report.c: the words and JSON of every event. The JSON shapes are a
 * stable interface for tools (SPEC 8): extend, never break. */
#include "game/report.h"

#include <stdio.h>
#include <string.h>

#include "rules/move.h"

void report_inches(struct strbuf *b, int half)
{
	char buf[16];
	strbuf_add(b, move_inches(half, buf));
}

static const char *uid(const struct game *g, int i)
{
	return i >= 0 ? g->w->units[i].id : "?";
}

static const char *weapon_name(const struct game *g, const struct event *ev)
{
	const struct unit *u = &g->w->units[ev->unit];
	return world_type(g->w, u)->weapons[ev->weapon].name;
}

static const char *door_verb(const char *action)
{
	if (strcmp(action, "open") == 0)
		return "opens";
	if (strcmp(action, "close") == 0)
		return "closes";
	if (strcmp(action, "lock") == 0)
		return "locks";
	return "unlocks";
}

/* The reader's sight bits: everything for REPORT_ALL. */
static unsigned sight_of(const struct event *ev, int team)
{
	if (team < 0 || team >= MAX_TEAMS)
		return 0xff;
	return ev->sight[team];
}

/* A unit's id, when the reader may name it (bit), else "an unseen
 * enemy". */
static const char *who(const struct game *g, const struct event *ev, int team,
		       int u, unsigned bit)
{
	return sight_of(ev, team) & bit ? uid(g, u) : "an unseen enemy";
}

/* "1 more turn", "3 more turns": turns after the present one. */
static void turns_text(int n, struct strbuf *b)
{
	strbuf_addf(b, "%d more turn%s", n, n == 1 ? "" : "s");
}

/* Words for standing orders and moves beyond one turn: said to the
 * unit's own team only (sight.c), so the unit is always named. */
static void order_text(const struct game *g, const struct event *ev,
		       struct strbuf *b)
{
	const char *u = uid(g, ev->unit);
	switch (ev->kind) {
	case ANNOUNCE_ORDER:
		strbuf_addf(b, "%s has a standing order to %d,%d", u, ev->x1,
			    ev->y1);
		if (ev->value == 0) {
			strbuf_add(b, ": it can get there this turn");
			break;
		}
		strbuf_add(b, ", ");
		turns_text(ev->value, b);
		strbuf_add(b, " away");
		break;
	case ANNOUNCE_ORDER_END:
		if (ev->value == ORDER_DONE)
			strbuf_addf(b, "%s reaches %d,%d: its standing order is "
				    "done", u, ev->x1, ev->y1);
		else if (ev->value == ORDER_CANCELLED)
			strbuf_addf(b, "%s's standing order to %d,%d is "
				    "cancelled", u, ev->x1, ev->y1);
		else
			strbuf_addf(b, "%s's standing order to %d,%d is dropped: "
				    "it was given another order", u, ev->x1,
				    ev->y1);
		break;
	case ANNOUNCE_SHORT:
		strbuf_addf(b, "%s stops at %d,%d for this turn: %d,%d is ", u,
			    ev->x0, ev->y0, ev->x1, ev->y1);
		turns_text(ev->value, b);
		strbuf_add(b, " away");
		break;
	case ANNOUNCE_SIGHTED:
		strbuf_addf(b, "%s stops at %d,%d on its way to %d,%d: %s comes "
			    "into view", u, ev->x0, ev->y0, ev->x1, ev->y1,
			    uid(g, ev->target));
		break;
	case ANNOUNCE_ATTACK_AHEAD:
		strbuf_addf(b, "%s stops at %d,%d on its way to %d,%d: going on "
			    "would draw a free attack from %s (need %d+)", u,
			    ev->x0, ev->y0, ev->x1, ev->y1, uid(g, ev->target),
			    ev->value);
		break;
	default:
		strbuf_addf(b, "%s stops at %d,%d on its way to %d,%d: %s", u,
			    ev->x0, ev->y0, ev->x1, ev->y1, ev->text);
		break;
	}
}

static void announce_text(const struct game *g, const struct event *ev,
			  int team, struct strbuf *b)
{
	const struct world *w = g->w;
	switch (ev->kind) {
	case ANNOUNCE_STOPPED:
		strbuf_addf(b, "%s is stopped at %d,%d: %s stands in the way",
			    uid(g, ev->unit), ev->x0, ev->y0, uid(g, ev->target));
		break;
	case ANNOUNCE_UNFORESEEN:
		strbuf_addf(b,
			    "%s stops at %d,%d: going on would draw a free attack "
			    "from %s that was not foreseen",
			    uid(g, ev->unit), ev->x0, ev->y0, uid(g, ev->target));
		break;
	case ANNOUNCE_ORDER:
	case ANNOUNCE_ORDER_END:
	case ANNOUNCE_SHORT:
	case ANNOUNCE_SIGHTED:
	case ANNOUNCE_ATTACK_AHEAD:
	case ANNOUNCE_BLOCKED:
		order_text(g, ev, b);
		break;
	case ANNOUNCE_SHOT_AT: {
		/* Said from the reader's side: a friend is the reader's. */
		int side = w->units[ev->unit].team;
		bool same = w->units[ev->target].team == side;
		const char *note = "";
		if (same && (team == side || team < 0))
			note = " (a friend!)";
		else if (same && (sight_of(ev, team) & EVS_UNIT))
			note = " (its own side!)";
		strbuf_addf(b, "the shot flies at %s%s", uid(g, ev->target), note);
		break;
	}
	case ANNOUNCE_OUTNUMBER:
		if (ev->value2)
			strbuf_addf(b, "%s is outnumbered: %d to the target number",
				    uid(g, ev->target), ev->value2);
		else
			strbuf_addf(b, "%s is not outnumbered", uid(g, ev->target));
		break;
	default:
		strbuf_add(b, ev->text);
		break;
	}
}

static void target_text(const struct game *g, const struct event *ev,
			int team, char *buf, size_t size)
{
	if (ev->target >= 0)
		snprintf(buf, size, "%s", who(g, ev, team, ev->target, EVS_TARGET));
	else
		snprintf(buf, size, "%d,%d", ev->x1, ev->y1);
}

/* An attack seen from one end only: who is unseen, no weapon, no terms. */
static void part_attack(const struct game *g, const struct event *ev,
			int team, struct strbuf *b)
{
	char tgt[48];
	target_text(g, ev, team, tgt, sizeof tgt);
	strbuf_addf(b, "%s%s attacks %s: need %d+; rolled %d: %s",
		    ev->free_attack ? "free attack: " : "",
		    who(g, ev, team, ev->unit, EVS_UNIT), tgt, ev->calc.need,
		    ev->value, ev->success ? "HIT" : "miss");
}

static void part_roll(const struct game *g, const struct event *ev, int team,
		      struct strbuf *b)
{
	if (ev->kind == ROLL_MELEE_PICK) {
		/* The die's sides would count the units in the melee. */
		strbuf_add(b, "a die picks which unit the shot into melee hits");
		return;
	}
	char tgt[48];
	target_text(g, ev, team, tgt, sizeof tgt);
	strbuf_addf(b, "roll d%d = %d (attack by %s on %s, need %d)", ev->value2,
		    ev->value, who(g, ev, team, ev->unit, EVS_UNIT), tgt,
		    ev->calc.need);
}

static void part_text(const struct game *g, const struct event *ev, int team,
		      struct strbuf *b)
{
	unsigned s = sight_of(ev, team);
	switch (ev->type) {
	case EV_MOVE:
		if (s & EVS_TO)
			strbuf_addf(b, "%s comes into view at %d,%d",
				    uid(g, ev->unit), ev->x1, ev->y1);
		else
			strbuf_addf(b, "%s moves out of view from %d,%d",
				    uid(g, ev->unit), ev->x0, ev->y0);
		break;
	case EV_DOOR: {
		const char *verb = strcmp(ev->text, "open") == 0    ? "opens"
				   : strcmp(ev->text, "close") == 0 ? "closes"
				   : strcmp(ev->text, "lock") == 0  ? "is locked"
								    : "is unlocked";
		strbuf_addf(b, "the door at %d,%d %s", ev->x0, ev->y0, verb);
		break;
	}
	case EV_ATTACK:
		part_attack(g, ev, team, b);
		break;
	case EV_ROLL:
		part_roll(g, ev, team, b);
		break;
	default:
		/* Hits, disablings: the line names only what the reader
		 * sees. */
		report_event_text(g, ev, REPORT_ALL, b);
		break;
	}
}

void report_event_text(const struct game *g, const struct event *ev, int team,
		       struct strbuf *b)
{
	char desc[256];
	unsigned s = sight_of(ev, team);
	if (!(s & EVS_SEEN))
		return;
	if (ev->told) {
		strbuf_add(b, ev->told);
		return;
	}
	if (!(s & EVS_FULL)) {
		part_text(g, ev, team, b);
		return;
	}
	switch (ev->type) {
	case EV_STEP:
		strbuf_addf(b, "== Round %d: %s, %s ==", ev->round,
			    g->w->teams[ev->team].name, ev->text);
		break;
	case EV_MOVE:
		strbuf_addf(b, "%s moves %d,%d -> %d,%d (", uid(g, ev->unit),
			    ev->x0, ev->y0, ev->x1, ev->y1);
		report_inches(b, ev->value);
		strbuf_add(b, ev->value == 2 ? " inch, " : " inches, ");
		report_inches(b, ev->value2);
		strbuf_add(b, " left)");
		break;
	case EV_CLIMB:
		strbuf_addf(b, "%s climbs towards %d,%d: ", uid(g, ev->unit),
			    ev->x1, ev->y1);
		report_inches(b, ev->value);
		strbuf_add(b, " of ");
		report_inches(b, ev->value2);
		strbuf_add(b, " inches done");
		break;
	case EV_FACE:
		strbuf_addf(b, "%s faces %s", uid(g, ev->unit), ev->text);
		break;
	case EV_DOOR:
		strbuf_addf(b, "%s %s the door at %d,%d (2 inches, ",
			    uid(g, ev->unit), door_verb(ev->text), ev->x0, ev->y0);
		report_inches(b, ev->value2);
		strbuf_add(b, " left)");
		break;
	case EV_UNDO:
		strbuf_addf(b, "%s takes back its last movement",
			    g->w->teams[ev->team].name);
		break;
	case EV_ANNOUNCE:
		announce_text(g, ev, team, b);
		break;
	case EV_ROLL:
		strbuf_addf(b, "roll d%d = %d (%s)", ev->value2, ev->value,
			    ev->text);
		break;
	case EV_ATTACK:
		combat_describe(&g->w->roster.chart, &ev->calc, desc, sizeof desc);
		if (ev->target >= 0)
			strbuf_addf(b, "%s%s %s at %s: %s; rolled %d: %s",
				    ev->free_attack ? "free attack: " : "",
				    uid(g, ev->unit), weapon_name(g, ev),
				    uid(g, ev->target), desc, ev->value,
				    ev->success ? "HIT" : "miss");
		else
			strbuf_addf(b, "%s %s at %d,%d: %s; rolled %d: %s",
				    uid(g, ev->unit), weapon_name(g, ev), ev->x1,
				    ev->y1, desc, ev->value,
				    ev->success ? "HIT" : "miss");
		break;
	case EV_HIT:
		strbuf_addf(b, "%s is hit, %d hit%s left", uid(g, ev->target),
			    ev->value, ev->value == 1 ? "" : "s");
		break;
	case EV_DISABLED:
		strbuf_addf(b, "%s is disabled", uid(g, ev->target));
		break;
	case EV_STRUCTURE:
		strbuf_addf(b, "%d,%d: %s", ev->x0, ev->y0, ev->text);
		break;
	case EV_ESCAPED:
		strbuf_addf(b, "%s escapes off the board", uid(g, ev->unit));
		break;
	case EV_GOAL:
		strbuf_addf(b, "goal met for %s: %s",
			    g->w->teams[ev->winner].name, ev->text);
		break;
	case EV_END:
		strbuf_addf(b, "game over: %s", ev->text);
		break;
	case EVENT_COUNT:
		break;
	}
}

static void json_key(struct strbuf *b, const char *key)
{
	strbuf_addf(b, ",\"%s\":", key);
}

static void json_str(struct strbuf *b, const char *key, const char *val)
{
	json_key(b, key);
	strbuf_add_json(b, val);
}

static void json_int(struct strbuf *b, const char *key, int val)
{
	json_key(b, key);
	strbuf_addf(b, "%d", val);
}

static void json_xy(struct strbuf *b, const char *key, int x, int y)
{
	json_key(b, key);
	strbuf_addf(b, "[%d,%d]", x, y);
}

static void json_terms(struct strbuf *b, const struct attack_calc *c)
{
	json_key(b, "terms");
	strbuf_addc(b, '[');
	for (int i = 0; i < c->nterms; i++) {
		strbuf_add(b, i ? ",{\"name\":" : "{\"name\":");
		strbuf_add_json(b, c->terms[i].name);
		strbuf_addf(b, ",\"value\":%d}", c->terms[i].value);
	}
	strbuf_addc(b, ']');
}

/* A unit's id, or null where the reader may not name it. */
static void json_unit(struct strbuf *b, const char *key, const struct game *g,
		      const struct event *ev, int team, int u, unsigned bit)
{
	json_key(b, key);
	if (sight_of(ev, team) & bit)
		strbuf_add_json(b, uid(g, u));
	else
		strbuf_add(b, "null");
}

void report_event_json(const struct game *g, const struct event *ev, int team,
		       struct strbuf *b)
{
	unsigned s = sight_of(ev, team);
	bool full = s & EVS_FULL;
	if (!(s & EVS_SEEN))
		return;
	strbuf_add(b, "{\"type\":");
	strbuf_add_json(b, event_names[ev->type]);
	json_int(b, "round", ev->round);
	json_str(b, "team", g->w->teams[ev->team].name);
	json_str(b, "step", step_names[ev->step]);
	switch (ev->type) {
	case EV_STEP:
		break;
	case EV_MOVE:
		json_str(b, "unit", uid(g, ev->unit));
		if (s & EVS_FROM)
			json_xy(b, "from", ev->x0, ev->y0);
		if (s & EVS_TO)
			json_xy(b, "to", ev->x1, ev->y1);
		if (!full)
			break;
		json_key(b, "cost");
		report_inches(b, ev->value);
		json_key(b, "left");
		report_inches(b, ev->value2);
		break;
	case EV_CLIMB:
		json_str(b, "unit", uid(g, ev->unit));
		json_xy(b, "at", ev->x0, ev->y0);
		json_xy(b, "towards", ev->x1, ev->y1);
		json_key(b, "paid");
		report_inches(b, ev->value);
		json_key(b, "needed");
		report_inches(b, ev->value2);
		break;
	case EV_FACE:
		json_str(b, "unit", uid(g, ev->unit));
		json_str(b, "facing", ev->text);
		json_key(b, "left");
		report_inches(b, ev->value2);
		break;
	case EV_DOOR:
		if (full)
			json_str(b, "unit", uid(g, ev->unit));
		json_xy(b, "at", ev->x0, ev->y0);
		json_str(b, "action", ev->text);
		if (!full)
			break;
		json_key(b, "left");
		report_inches(b, ev->value2);
		break;
	case EV_ANNOUNCE: {
		struct strbuf t;
		strbuf_init(&t);
		announce_text(g, ev, team, &t);
		if (ev->unit >= 0)
			json_unit(b, "unit", g, ev, team, ev->unit, EVS_UNIT);
		if (ev->target >= 0)
			json_unit(b, "target", g, ev, team, ev->target, EVS_TARGET);
		json_str(b, "text", t.s ? t.s : "");
		strbuf_free(&t);
		break;
	}
	case EV_ROLL:
		if (ev->unit >= 0)
			json_unit(b, "unit", g, ev, team, ev->unit, EVS_UNIT);
		if (ev->target >= 0)
			json_unit(b, "target", g, ev, team, ev->target, EVS_TARGET);
		if (full || ev->kind != ROLL_MELEE_PICK) {
			json_int(b, "die", ev->value2);
			json_int(b, "value", ev->value);
		}
		if (full) {
			json_str(b, "for", ev->text);
		} else {
			struct strbuf t;
			strbuf_init(&t);
			part_roll(g, ev, team, &t);
			json_str(b, "for", t.s ? t.s : "");
			strbuf_free(&t);
		}
		break;
	case EV_ATTACK:
		json_unit(b, "attacker", g, ev, team, ev->unit, EVS_UNIT);
		if (full)
			json_str(b, "weapon", weapon_name(g, ev));
		if (ev->target >= 0)
			json_unit(b, "target", g, ev, team, ev->target, EVS_TARGET);
		if (ev->target < 0 || (s & EVS_TO))
			json_xy(b, "at", ev->x1, ev->y1);
		json_int(b, "need", ev->calc.need);
		json_key(b, "chance");
		strbuf_addf(b, "%.2f", ev->chance);
		if (full)
			json_terms(b, &ev->calc);
		json_int(b, "roll", ev->value);
		json_str(b, "result", ev->success ? "hit" : "miss");
		json_key(b, "free");
		strbuf_add(b, ev->free_attack ? "true" : "false");
		break;
	case EV_HIT:
	case EV_DISABLED:
		json_str(b, "unit", uid(g, ev->target));
		json_unit(b, "by", g, ev, team, ev->unit, EVS_UNIT);
		if (ev->type == EV_HIT)
			json_int(b, "hits", ev->value);
		break;
	case EV_STRUCTURE:
		json_xy(b, "at", ev->x0, ev->y0);
		json_int(b, "hits", ev->value);
		json_str(b, "text", ev->text);
		break;
	case EV_ESCAPED:
		json_str(b, "unit", uid(g, ev->unit));
		json_xy(b, "at", ev->x0, ev->y0);
		break;
	case EV_GOAL:
		json_str(b, "winner", g->w->teams[ev->winner].name);
		json_str(b, "goal", ev->text);
		break;
	case EV_END:
		json_key(b, "winner");
		if (ev->winner >= 0)
			strbuf_add_json(b, g->w->teams[ev->winner].name);
		else
			strbuf_add(b, "null");
		json_str(b, "result", ev->text);
		break;
	default:
		break;
	}
	strbuf_addc(b, '}');
}

void report_ask_text(const struct game *g, const struct event *ask, int team,
		     struct strbuf *b)
{
	unsigned s = sight_of(ask, team);
	strbuf_addf(b, "roll a d%d", ask->value2);
	if (!(s & EVS_SEEN)) {
		strbuf_add(b, " (for an attack out of your sight)");
		return;
	}
	if (ask->kind == ROLL_MELEE_PICK) {
		const char *among = strstr(ask->text, "among ");
		if (!(s & EVS_FULL) || !among) {
			strbuf_add(b, " for which unit the shot into melee hits");
			return;
		}
		/* "among b2 r4 r6": 1 hits b2, 2 hits r4, ... */
		strbuf_add(b, " for the shot into melee:");
		int k = 1;
		for (const char *p = among + 6; *p;) {
			size_t n = strcspn(p, " ");
			strbuf_addf(b, "%s %d hits %.*s", k > 1 ? "," : "", k,
				    (int)n, p);
			k++;
			p += n;
			while (*p == ' ')
				p++;
		}
		return;
	}
	char tgt[112];
	target_text(g, ask, team, tgt, sizeof tgt);
	char words[MAP_WORDS_LEN];
	if (ask->target < 0)
		snprintf(tgt, sizeof tgt, "the %s at %d,%d",
			 map_cell_words(&g->w->map,
					map_cell_c(&g->w->map, ask->x1, ask->y1),
					words, sizeof words),
			 ask->x1, ask->y1);
	if (s & EVS_FULL)
		strbuf_addf(b, " for %s's %s%s %s %s", uid(g, ask->unit),
			    ask->free_attack ? "free attack with its " : "",
			    weapon_name(g, ask), ask->free_attack ? "on" : "at",
			    tgt);
	else
		strbuf_addf(b, " for an attack by %s on %s",
			    who(g, ask, team, ask->unit, EVS_UNIT), tgt);
	strbuf_addf(b, " (need %d+)", ask->calc.need);
}

void report_ask_json(const struct game *g, const struct event *ask, int team,
		     struct strbuf *b)
{
	unsigned s = sight_of(ask, team);
	struct strbuf t;
	strbuf_init(&t);
	report_ask_text(g, ask, team, &t);
	strbuf_add(b, "{\"type\":\"ask\"");
	json_int(b, "round", ask->round);
	json_str(b, "team", g->w->teams[ask->team].name);
	json_str(b, "step", step_names[ask->step]);
	json_int(b, "die", ask->value2);
	if ((s & EVS_SEEN) && ask->kind == ROLL_ATTACK)
		json_int(b, "need", ask->calc.need);
	if ((s & EVS_SEEN) && ask->unit >= 0)
		json_unit(b, "unit", g, ask, team, ask->unit, EVS_UNIT);
	if ((s & EVS_SEEN) && ask->target >= 0)
		json_unit(b, "target", g, ask, team, ask->target, EVS_TARGET);
	json_str(b, "text", t.s ? t.s : "");
	strbuf_addc(b, '}');
	strbuf_free(&t);
}

void report_state_json(const struct game *g, struct strbuf *b)
{
	const struct world *w = g->w;
	strbuf_add(b, "{\"type\":\"state\"");
	json_int(b, "round", g->round);
	json_str(b, "team", w->teams[g->active].name);
	json_str(b, "step", step_names[g->step]);
	json_key(b, "over");
	strbuf_add(b, g->over ? "true" : "false");
	json_key(b, "winner");
	if (g->over && g->winner >= 0)
		strbuf_add_json(b, w->teams[g->winner].name);
	else
		strbuf_add(b, "null");
	json_str(b, "result", g->result);
	json_key(b, "units");
	strbuf_addc(b, '[');
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		strbuf_add(b, i ? ",{\"id\":" : "{\"id\":");
		strbuf_add_json(b, u->id);
		json_str(b, "type", world_type(w, u)->id);
		json_str(b, "team", w->teams[u->team].name);
		json_int(b, "x", u->x);
		json_int(b, "y", u->y);
		json_str(b, "facing", dir_names[u->facing]);
		json_str(b, "status", unit_status_names[u->status]);
		json_int(b, "hits", u->hits);
		json_key(b, "move");
		report_inches(b, u->move_left);
		strbuf_addc(b, '}');
	}
	strbuf_addc(b, ']');
	json_key(b, "doors");
	strbuf_addc(b, '[');
	int n = 0;
	for (int y = 0; y < w->map.h; y++)
		for (int x = 0; x < w->map.w; x++) {
			const struct cell *c = map_cell_c(&w->map, x, y);
			if (c->t.kind != TERRAIN_DOOR)
				continue;
			strbuf_addf(b, "%s{\"x\":%d,\"y\":%d,\"state\":",
				    n++ ? "," : "", x, y);
			strbuf_add_json(b, c->t.broken ? "broken"
						       : door_state_names[c->t.state]);
			if (c->t.state == DOOR_LOCKED && c->t.locked_by >= 0)
				json_str(b, "locked_by", w->teams[c->t.locked_by].name);
			if (c->t.hits > 0)
				json_int(b, "hits", c->hits_left);
			strbuf_addc(b, '}');
		}
	strbuf_addc(b, ']');
	json_key(b, "hash");
	strbuf_addf(b, "\"%016llx\"", (unsigned long long)game_state_hash(g));
	if (g->dice == DICE_MANUAL) {
		/* Manual dice: and the die awaited, if any. */
		json_str(b, "dice", "manual");
		json_key(b, "awaiting");
		const struct event *ask = game_awaited_roll(g);
		if (ask)
			report_ask_json(g, ask, REPORT_ALL, b);
		else
			strbuf_add(b, "null");
	}
	strbuf_addc(b, '}');
}
