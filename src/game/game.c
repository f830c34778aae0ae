/* game.c: creation, the turn sequence (teams, steps, rounds), dice,
 * events, undo and each team's memory of the map. */
#include "game/game.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/internal.h"
#include "rules/engage.h"

const char *const step_names[STEP_COUNT] = {
#define X(e, n, l) n,
	STEP_LIST(X)
#undef X
};
const char *const step_labels[STEP_COUNT] = {
#define X(e, n, l) l,
	STEP_LIST(X)
#undef X
};
const char *const event_names[EVENT_COUNT] = {
#define X(e, n) n,
	EVENT_LIST(X)
#undef X
};

struct game *game_new(struct scenario *sc, uint64_t seed)
{
	struct game *g = xcalloc(1, sizeof *g);
	g->sc = *sc;
	memset(sc, 0, sizeof *sc);
	g->w = &g->sc.world;
	g->seed = seed;
	rng_seed(&g->rng, seed);
	g->round = 1;
	g->active = 0;
	g->step = STEP_MOVEMENT;
	g->winner = -1;
	knowledge_init(g);
	return g;
}

static void undo_entry_free(struct undo_entry *e)
{
	free(e->units);
	free(e->last);
	free(e->orders);
	e->units = NULL;
	e->last = NULL;
	e->orders = NULL;
}

void game_undo_forget(struct game *g)
{
	for (int i = 0; i < g->nundo; i++)
		undo_entry_free(&g->undo[i]);
	g->nundo = 0;
	knowledge_forget_undo(g);
}

void game_free(struct game *g)
{
	if (!g)
		return;
	game_undo_forget(g);
	game_move_run_free(g->wait.move);
	knowledge_free_all(g);
	free(g->orders);
	free(g->listeners);
	scenario_free(&g->sc);
	free(g);
}

void game_listen(struct game *g, game_listener fn, void *ctx)
{
	if (g->nlisteners == g->listeners_cap) {
		g->listeners_cap = g->listeners_cap ? 2 * g->listeners_cap : 8;
		g->listeners = xrealloc(g->listeners, (size_t)g->listeners_cap *
							      sizeof *g->listeners);
	}
	g->listeners[g->nlisteners].fn = fn;
	g->listeners[g->nlisteners].ctx = ctx;
	g->nlisteners++;
}

void game_emit(struct game *g, struct event *ev)
{
	ev->round = g->round;
	ev->team = g->active;
	ev->step = (int)g->step;
	game_refresh_knowledge(g);
	game_event_sight(g, ev);
	for (int i = 0; i < g->nlisteners; i++)
		g->listeners[i].fn(g->listeners[i].ctx, g, ev);
}

struct event game_event(enum event_type type)
{
	struct event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = type;
	ev.unit = ev.target = -1;
	ev.winner = -1;
	return ev;
}

void game_unlisten(struct game *g, game_listener fn, void *ctx)
{
	for (int i = 0; i < g->nlisteners; i++)
		if (g->listeners[i].fn == fn && g->listeners[i].ctx == ctx) {
			memmove(&g->listeners[i], &g->listeners[i + 1],
				(size_t)(g->nlisteners - i - 1) *
					sizeof g->listeners[0]);
			g->nlisteners--;
			return;
		}
}

static void emit_step(struct game *g)
{
	struct event ev = game_event(EV_STEP);
	snprintf(ev.text, sizeof ev.text, "%s", step_labels[g->step]);
	game_emit(g, &ev);
}

/* Prepare the active team's units for the step just begun. */
static void begin_step(struct game *g)
{
	struct world *w = g->w;
	game_undo_forget(g);
	for (int i = 0; i < w->nunits; i++) {
		struct unit *u = &w->units[i];
		if (u->team != g->active)
			continue;
		switch (g->step) {
		case STEP_MOVEMENT:
			u->move_left = 2 * world_type(w, u)->move;
			break;
		case STEP_MISSILE:
			u->shot = false;
			break;
		case STEP_MELEE:
			u->fought = false;
			break;
		default:
			break;
		}
	}
	g->machines_done = false;
	emit_step(g);
	game_refresh_knowledge(g);
}

void game_start(struct game *g)
{
	/* A team with no units at the start is out from the start. */
	while (g->active < g->w->nteams &&
	       world_team_alive(g->w, g->active) == 0)
		g->active++;
	if (g->active >= g->w->nteams)
		g->active = 0;
	begin_step(g);
	game_check_goals(g, false);
}

/* Close the missile step: units that did not shoot count down reloads. */
static void end_missile_step(struct game *g)
{
	for (int i = 0; i < g->w->nunits; i++) {
		struct unit *u = &g->w->units[i];
		if (u->team == g->active && !u->shot && u->reload_wait > 0)
			u->reload_wait--;
	}
}

/* The rules: all units in melee attack. A unit that can strike an enemy
 * and has not yet done so holds up the end of the Melee step. */
static bool melee_owed(const struct game *g, char *why)
{
	const struct world *w = g->w;
	const struct knowledge *k = &g->know[g->active];
	bool owed = false;
	for (int i = 0; i < w->nunits && !owed; i++) {
		const struct unit *u = &w->units[i];
		if (u->team != g->active || !unit_alive(u) || u->fought)
			continue;
		/* Only enemies the team sees: one it cannot see it cannot
		 * be asked to attack. */
		for (int e = 0; e < w->nunits && !owed; e++)
			if (w->units[e].team != u->team &&
			    engage_weapon(w, i, e) >= 0 && knowledge_knows(k, e)) {
				snprintf(why, GAME_WHY_LEN,
					 "cannot end the Melee step: %s is in melee "
					 "with %s and has not attacked (all units "
					 "in melee attack)",
					 u->id, w->units[e].id);
				owed = true;
			}
	}
	return owed;
}

bool game_can_end_step(const struct game *g, char *why)
{
	if (g->over) {
		snprintf(why, GAME_WHY_LEN, "the game is over");
		return false;
	}
	if (game_waiting(g, why))
		return false;
	return !(g->step == STEP_MELEE && melee_owed(g, why));
}

int game_end_step(struct game *g, char *why)
{
	if (!game_can_end_step(g, why))
		return -1;
	if (g->step == STEP_MOVEMENT) {
		g->step = STEP_MISSILE;
		begin_step(g);
		return 0;
	}
	if (g->step == STEP_MISSILE) {
		end_missile_step(g);
		g->step = STEP_MELEE;
		begin_step(g);
		return 0;
	}
	/* Melee over: the next team still in the game, maybe a new round. */
	int t = g->active;
	for (int k = 0; k < g->w->nteams; k++) {
		t++;
		if (t >= g->w->nteams) {
			t = 0;
			g->active = g->w->nteams - 1;
			if (game_check_goals(g, true))
				return 0;
			g->round++;
			/* Enemies still in sight are seen in this round too. */
			g->know_stale = true;
			if (g->sc.rounds > 0 && g->round > g->sc.rounds) {
				g->round = g->sc.rounds;
				g->over = true;
				g->winner = -1;
				snprintf(g->result, sizeof g->result,
					 "draw: the round limit (%d) was reached",
					 g->sc.rounds);
				struct event ev = game_event(EV_END);
				strlcpy_s(ev.text, g->result, sizeof ev.text);
				game_emit(g, &ev);
				return 0;
			}
		}
		if (world_team_alive(g->w, t) > 0)
			break;
	}
	g->active = t;
	g->step = STEP_MOVEMENT;
	begin_step(g);
	return 0;
}

void game_undo_push(struct game *g, int cx, int cy)
{
	if (g->nundo == (int)(sizeof g->undo / sizeof g->undo[0])) {
		undo_entry_free(&g->undo[0]);
		memmove(&g->undo[0], &g->undo[1],
			(size_t)(g->nundo - 1) * sizeof g->undo[0]);
		g->nundo--;
	}
	struct undo_entry *e = &g->undo[g->nundo++];
	size_t n = (size_t)g->w->nunits * sizeof *g->w->units;
	e->units = xmalloc(n ? n : 1);
	memcpy(e->units, g->w->units, n);
	/* What the teams saw goes back too: an undone move shows nothing. */
	game_refresh_knowledge(g);
	knowledge_save(g, e);
	e->has_cell = cx >= 0;
	if (e->has_cell) {
		e->cx = cx;
		e->cy = cy;
		e->cell = *map_cell(&g->w->map, cx, cy);
	}
	e->norders = g->norders;
	e->orders = xmalloc((size_t)(g->norders ? g->norders : 1) *
			    sizeof *e->orders);
	if (g->norders)
		memcpy(e->orders, g->orders,
		       (size_t)g->norders * sizeof *g->orders);
	e->joined = false;
}

/* Put the game back as entry e found it. */
static void undo_restore(struct game *g, struct undo_entry *e)
{
	memcpy(g->w->units, e->units,
	       (size_t)g->w->nunits * sizeof *g->w->units);
	if (e->has_cell)
		*map_cell(&g->w->map, e->cx, e->cy) = e->cell;
	world_index(g->w);
	/* With the world as it was, what the teams knew of it. */
	knowledge_restore(g, e);
	game_orders_restore(g, e->orders, e->norders);
	undo_entry_free(e);
}

int game_undo(struct game *g, char *why)
{
	if (g->over) {
		snprintf(why, GAME_WHY_LEN, "the game is over");
		return -1;
	}
	if (game_waiting(g, why))
		return -1;
	if (g->step != STEP_MOVEMENT || g->nundo == 0) {
		snprintf(why, GAME_WHY_LEN,
			 "nothing to undo: only movements that rolled no dice and "
			 "brought no enemy into sight, in the Movement step they "
			 "were made in");
		return -1;
	}
	bool joined;
	do {
		struct undo_entry *e = &g->undo[--g->nundo];
		joined = e->joined;
		undo_restore(g, e);
	} while (joined && g->nundo > 0);
	struct event ev = game_event(EV_UNDO);
	game_emit(g, &ev);
	return 0;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdULL;
}

uint64_t game_state_hash(const struct game *g)
{
	const struct world *w = g->w;
	uint64_t h = 0x6d656473696567ULL;
	h = mix(h, (uint64_t)g->round);
	h = mix(h, (uint64_t)g->active);
	h = mix(h, (uint64_t)g->step);
	h = mix(h, g->rng.state);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		h = mix(h, (uint64_t)(u->x * 65536 + u->y));
		h = mix(h, (uint64_t)(u->facing * 16 + u->status));
		h = mix(h, (uint64_t)(u->hits * 65536 + u->move_left));
		h = mix(h, (uint64_t)(u->shot + 2 * u->fought +
				      4 * u->reload_wait + 64 * u->climb_paid +
				      65536 * (uint64_t)u->climb_dir));
	}
	for (int i = 0; i < g->sc.ngoals; i++)
		h = mix(h, (uint64_t)g->sc.goals[i].progress);
	/* Mixed in only when there are some: a game without standing orders
	 * hashes as games did before they existed, so older saves check. */
	for (int i = 0; i < g->norders; i++) {
		const struct standing_order *o = &g->orders[i];
		h = mix(h, (uint64_t)o->unit << 32 |
				   (uint64_t)(o->x * 65536 + o->y));
	}
	for (int i = 0; i < w->map.w * w->map.h; i++) {
		const struct cell *c = &w->map.cells[i];
		if (c->t.kind == TERRAIN_DOOR || c->t.hits > 0)
			h = mix(h, (uint64_t)(i * 64 + c->t.state * 8 +
					      c->hits_left + c->t.broken * 4096 +
					      c->t.rubble * 8192 +
					      (c->t.locked_by + 1) * 16384));
	}
	return h;
}

void game_after_action(struct game *g)
{
	game_check_goals(g, false);
	game_refresh_knowledge(g);
}

int game_check_actor(const struct game *g, int unit, enum step step,
		     const char *verb, char *why)
{
	const struct unit *u = &g->w->units[unit];
	if (g->over) {
		snprintf(why, GAME_WHY_LEN, "the game is over");
		return -1;
	}
	if (game_waiting(g, why))
		return -1;
	if (u->team != g->active) {
		snprintf(why, GAME_WHY_LEN, "%s cannot %s: it is %s's turn",
			 u->id, verb, g->w->teams[g->active].name);
		return -1;
	}
	if (!unit_alive(u)) {
		snprintf(why, GAME_WHY_LEN, "%s cannot %s: it is %s", u->id,
			 verb, unit_status_names[u->status]);
		return -1;
	}
	if (g->step != step) {
		snprintf(why, GAME_WHY_LEN,
			 step == STEP_MOVEMENT
				 ? "%s cannot %s: units move only in the Movement "
				   "step, this is %s"
				 : "%s cannot %s: this is the %s step",
			 u->id, verb, step_labels[g->step]);
		return -1;
	}
	return 0;
}
