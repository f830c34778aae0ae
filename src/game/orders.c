/* orders.c: plans made from what a team knows, and the standing orders
 * each team keeps for its units (orders.h). */
#include "game/orders.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/internal.h"

unsigned char *game_exit_cells(const struct game *g, int team)
{
	const struct world *w = g->w;
	unsigned char *ex = NULL;
	for (int i = 0; i < g->sc.ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		if (gl->kind != GOAL_ESCAPE || gl->team != team)
			continue;
		if (!ex)
			ex = xcalloc((size_t)w->map.w * (size_t)w->map.h, 1);
		for (int y = gl->y0; y <= gl->y1; y++)
			for (int x = gl->x0; x <= gl->x1; x++)
				ex[y * w->map.w + x] = 1;
	}
	return ex;
}

int game_plan(const struct game *g, int unit, int x, int y, struct path *out)
{
	const struct unit *u = &g->w->units[unit];
	struct world kw;
	size_t cells = (size_t)g->w->map.w * (size_t)g->w->map.h;
	unsigned char *unknown = xmalloc(cells ? cells : 1);
	game_known_world(g, u->team, &kw, unknown);
	/* A cell never seen may lie at any height: it is planned as ground
	 * stepped to and from at the cost of the height between, as stairs
	 * are, so that a plan leads down from a wall walk into the unknown
	 * as a player would guess a way does. */
	for (size_t c = 0; c < cells; c++)
		if (unknown[c])
			kw.map.cells[c].t.kind = TERRAIN_STAIRS;
	free(unknown);
	unsigned char *exits = game_exit_cells(g, u->team);
	bool moving = g->active == u->team && g->step == STEP_MOVEMENT;
	struct path_query q = {
		.tx = x,
		.ty = y,
		.exits = exits,
		.first = moving ? u->move_left : 2 * world_type(g->w, u)->move,
	};
	int rc = path_find(&kw, unit, &q, out);
	free(exits);
	world_free(&kw);
	return rc;
}

static int order_index(const struct game *g, int unit)
{
	for (int i = 0; i < g->norders; i++)
		if (g->orders[i].unit == unit)
			return i;
	return -1;
}

const struct standing_order *game_order(const struct game *g, int unit)
{
	int i = order_index(g, unit);
	if (i < 0 || !unit_alive(&g->w->units[unit]))
		return NULL;
	return &g->orders[i];
}

void game_order_news(struct game *g, int kind, int unit, int x, int y,
		     int target, int value, const char *text)
{
	const struct unit *u = &g->w->units[unit];
	struct event ev = game_event(EV_ANNOUNCE);
	ev.kind = kind;
	ev.unit = unit;
	ev.target = target;
	ev.x0 = u->x;
	ev.y0 = u->y;
	ev.x1 = x;
	ev.y1 = y;
	ev.value = value;
	if (text)
		util_copy_text(ev.text, text, sizeof ev.text);
	game_emit(g, &ev);
}

/* Take unit's order off the list (kept in order of unit), saying how it
 * ended. */
static void order_end(struct game *g, int unit, enum order_end how)
{
	int i = order_index(g, unit);
	if (i < 0)
		return;
	struct standing_order o = g->orders[i];
	game_orders_set(g, unit, -1, -1);
	if (unit_alive(&g->w->units[unit]))
		game_order_news(g, ANNOUNCE_ORDER_END, unit, o.x, o.y, -1,
				(int)how, NULL);
}

/* Giving or cancelling an order in the Movement step is taken back by
 * undo as a movement is, in turn: last done, first undone. */
static void order_undo_point(struct game *g)
{
	if (g->step == STEP_MOVEMENT && !g->over)
		game_undo_push(g, -1, -1);
}

/* Whether the issuer may give unit orders now: the game goes on, it is
 * its team's turn and the unit is on the field. */
static int check_orderer(const struct game *g, int unit, char *why)
{
	const struct unit *u = &g->w->units[unit];
	if (g->over) {
		snprintf(why, GAME_WHY_LEN, "the game is over");
		return -1;
	}
	if (u->team != g->active) {
		snprintf(why, GAME_WHY_LEN, "it is %s's turn, not %s's",
			 g->w->teams[g->active].name, g->w->teams[u->team].name);
		return -1;
	}
	if (!unit_alive(u)) {
		snprintf(why, GAME_WHY_LEN, "%s is not on the field", u->id);
		return -1;
	}
	return 0;
}

int game_order_give(struct game *g, int unit, int x, int y, char *why)
{
	if (check_orderer(g, unit, why))
		return -1;
	const struct unit *u = &g->w->units[unit];
	if (u->x == x && u->y == y) {
		snprintf(why, GAME_WHY_LEN, "%s is already at %d,%d", u->id, x, y);
		return -1;
	}
	game_refresh_knowledge(g);
	struct path p;
	int rc = game_plan(g, unit, x, y, &p);
	if (rc != 0)
		snprintf(why, GAME_WHY_LEN, "%s cannot be sent to %d,%d: %s",
			 u->id, x, y, p.why);
	/* Turns after this one: a plan made in the unit's own Movement step
	 * counts what is left of it as its first turn. */
	bool moving = g->step == STEP_MOVEMENT;
	int more = p.turns - (moving && p.turns > 0 ? 1 : 0);
	path_free(&p);
	if (rc != 0)
		return -1;
	order_undo_point(g);
	game_orders_set(g, unit, x, y);
	game_order_news(g, ANNOUNCE_ORDER, unit, x, y, -1, more, NULL);
	return 0;
}

void game_orders_set(struct game *g, int unit, int x, int y)
{
	int i = order_index(g, unit);
	if (x < 0) {
		if (i >= 0) {
			memmove(&g->orders[i], &g->orders[i + 1],
				(size_t)(g->norders - i - 1) * sizeof *g->orders);
			g->norders--;
		}
		return;
	}
	if (i < 0) {
		if (g->norders == g->orders_cap) {
			g->orders_cap = g->orders_cap ? 2 * g->orders_cap : 8;
			g->orders = xrealloc(g->orders, (size_t)g->orders_cap *
								 sizeof *g->orders);
		}
		for (i = g->norders; i > 0 && g->orders[i - 1].unit > unit; i--)
			g->orders[i] = g->orders[i - 1];
		g->norders++;
	}
	g->orders[i] = (struct standing_order){unit, x, y};
}

int game_order_cancel(struct game *g, int unit, char *why)
{
	if (check_orderer(g, unit, why))
		return -1;
	if (!game_order(g, unit)) {
		snprintf(why, GAME_WHY_LEN, "%s has no standing order",
			 g->w->units[unit].id);
		return -1;
	}
	order_undo_point(g);
	order_end(g, unit, ORDER_CANCELLED);
	return 0;
}

void game_order_drop(struct game *g, int unit)
{
	if (game_order(g, unit))
		order_end(g, unit, ORDER_REPLACED);
}

void game_orders_arrive(struct game *g, int unit)
{
	const struct standing_order *o = game_order(g, unit);
	const struct unit *u = &g->w->units[unit];
	if (o && o->x == u->x && o->y == u->y)
		order_end(g, unit, ORDER_DONE);
}

void game_orders_restore(struct game *g, const struct standing_order *o,
			 int n)
{
	if (n > g->orders_cap) {
		g->orders_cap = n;
		g->orders = xrealloc(g->orders,
				     (size_t)n * sizeof *g->orders);
	}
	if (n)
		memcpy(g->orders, o, (size_t)n * sizeof *o);
	g->norders = n;
}

bool game_order_ready(struct game *g, int unit, char *why)
{
	const struct standing_order *o = game_order(g, unit);
	const struct unit *u = &g->w->units[unit];
	if (!o) {
		snprintf(why, GAME_WHY_LEN, "%s has no standing order", u->id);
		return false;
	}
	if (g->over || g->active != u->team || g->step != STEP_MOVEMENT) {
		snprintf(why, GAME_WHY_LEN,
			 "standing orders are carried out in their team's "
			 "Movement step");
		return false;
	}
	game_refresh_knowledge(g);
	struct path p;
	bool ready = false;
	if (game_plan(g, unit, o->x, o->y, &p) != 0)
		snprintf(why, GAME_WHY_LEN, "%s cannot go on to %d,%d: %s",
			 u->id, o->x, o->y, p.why);
	else if (p.turns == 0)
		snprintf(why, GAME_WHY_LEN, "%s is at %d,%d already", u->id,
			 o->x, o->y);
	else if (p.steps[0].begun <= 1)
		ready = true;
	else
		snprintf(why, GAME_WHY_LEN,
			 "%s has not the movement left for its next step to "
			 "%d,%d",
			 u->id, o->x, o->y);
	path_free(&p);
	return ready;
}
