/* path.c: the cheapest way to a cell over several turns: one Dijkstra
 * search whose labels are (turns, spent in the last turn, spent in all),
 * with the step costs of move.c. */
#include "rules/path.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/heap.h"
#include "base/util.h"

/* A label packed in one integer, so that comparing the integers compares
 * turns, then movement spent in the last turn, then movement in all. */
#define TOT_BITS 30
#define USED_BITS 12
#define TOT_MAX ((1 << TOT_BITS) - 1)
#define NONE INT64_MAX

static int64_t pack(int t, int u, int tot)
{
	return (int64_t)t << (TOT_BITS + USED_BITS) | (int64_t)u << TOT_BITS |
	       tot;
}

static int key_turn(int64_t k)
{
	return (int)(k >> (TOT_BITS + USED_BITS));
}

static int key_used(int64_t k)
{
	return (int)(k >> TOT_BITS & ((1 << USED_BITS) - 1));
}

static int key_total(int64_t k)
{
	return (int)(k & TOT_MAX);
}

/* How a state was reached: the action's kind and its direction. */
enum {
	ACT_STEP,
	ACT_FACE,
	ACT_DOOR, /* open the door, then step into it */
};
#define ACT(kind, d) ((unsigned char)((kind) << 3 | (d)))

struct search {
	const struct world *w;
	const struct path_query *q;
	int idx, team;
	int W, cells, nf;  /* nf: facings kept per cell (8 for machines) */
	int move, first;   /* half-inches in a full turn; in the first */
	int umax;          /* the most a turn may spend */
	bool machine;
	int *slot;         /* per cell: -1, or its number among the cells
			    * where another unit stands */
	int *slot_cell;    /* per such number: the cell */
	int nstates, start;
	int64_t *key;      /* per state: its best label, NONE */
	int *prev;         /* per state: the state it was reached from */
	unsigned char *act; /* per state: how (ACT) */
	int *step;         /* per cell and direction: the step's cost
			    * facing that way, -1 refused; INT32_MIN unknown */
	struct heap h;
};

/* The unit at cell c as far as the planner knows, other than the mover,
 * or -1. */
static int other_at(const struct search *s, int c)
{
	int o = s->w->occ[c];
	if (o < 0 || o == s->idx || (s->q->known && !s->q->known[o]))
		return -1;
	return o;
}

static int state_of(const struct search *s, int c, int f, int u)
{
	f = s->nf > 1 ? f : 0;
	if (s->slot[c] < 0)
		return c * s->nf + f;
	return s->cells * s->nf +
	       (s->slot[c] * s->nf + f) * (s->umax + 1) + u;
}

static int state_cell(const struct search *s, int id)
{
	if (id < s->cells * s->nf)
		return id / s->nf;
	return s->slot_cell[(id - s->cells * s->nf) / (s->umax + 1) / s->nf];
}

static int state_facing(const struct search *s, int id)
{
	if (s->nf == 1)
		return (int)s->w->units[s->idx].facing;
	if (id < s->cells * s->nf)
		return id % s->nf;
	return (id - s->cells * s->nf) / (s->umax + 1) % s->nf;
}

static bool is_goal(const struct search *s, int c)
{
	if (s->q->goal)
		return s->q->goal[c] != 0;
	return c == s->q->ty * s->W + s->q->tx;
}

enum advance_result { ADV_OK, ADV_COSTLY, ADV_WAIT };

/* Spend c from label (t, u): in this turn when it fits, else from the
 * next (the unit waits where it stands, which must be its to stand on);
 * a climb is begun with what is left and finished in later turns. */
static enum advance_result advance(const struct search *s, int t, int u,
				   int c, bool climb, bool can_wait, int *t2,
				   int *u2)
{
	int rem = (t == 1 ? s->first : s->move) - u;
	if (c <= rem) {
		*t2 = t;
		*u2 = u + c;
		return ADV_OK;
	}
	if (!can_wait)
		return ADV_WAIT;
	if (climb) {
		if (s->move <= 0)
			return ADV_COSTLY;
		int r = c - (rem > 0 ? rem : 0);
		int more = (r - 1) / s->move; /* whole turns of climbing */
		*t2 = t + 1 + more;
		*u2 = r - more * s->move;
		return ADV_OK;
	}
	if (c > s->move)
		return ADV_COSTLY;
	*t2 = t + 1;
	*u2 = c;
	return ADV_OK;
}

static void relax(struct search *s, int c, int f, int t, int u, int tot,
		  int from, unsigned char act)
{
	if (tot > TOT_MAX || u > s->umax)
		return;
	int id = state_of(s, c, f, u);
	int64_t k = pack(t, u, tot);
	if (k < s->key[id]) {
		s->key[id] = k;
		s->prev[id] = from;
		s->act[id] = act;
		heap_push(&s->h, k, id);
	}
}

/* The cost of the step out of cell c in direction d facing that way,
 * worked out once per cell and direction. */
static int step_cost(struct search *s, int c, int d)
{
	int *v = &s->step[c * DIR_COUNT + d];
	if (*v == INT32_MIN)
		*v = move_step_check(s->w, s->q->known, s->idx, c % s->W,
				     c / s->W, (enum dir)d, (enum dir)d, false,
				     NULL, NULL);
	return *v;
}

static bool is_shut_door(const struct cell *cl)
{
	return cell_is_door(cl) && !cell_passable(cl);
}

/* The ways out of state id: a step each way (opening a door first where
 * one is shut), then a war machine's turns on the spot. */
static void expand(struct search *s, int id)
{
	const struct world *w = s->w;
	const struct unit *me = &w->units[s->idx];
	int64_t k = s->key[id];
	int t = key_turn(k), u = key_used(k), tot = key_total(k);
	int c = state_cell(s, id), f = state_facing(s, id);
	int x = c % s->W, y = c / s->W;
	bool can_wait = s->slot[c] < 0;
	int t1, u1, t2, u2;
	for (int d = 0; d < DIR_COUNT; d++) {
		int nx = x + dir_dx[d], ny = y + dir_dy[d];
		if (!map_inside(&w->map, nx, ny))
			continue;
		int nc = ny * s->W + nx;
		bool climb = move_is_ladder_climb(w, x, y, (enum dir)d);
		const struct cell *to = &w->map.cells[nc];
		if (is_shut_door(to)) {
			if (s->machine || !move_door_opens_for(to, s->team))
				continue;
			int sc = move_step_check(w, s->q->known, s->idx, x, y,
						 (enum dir)d, (enum dir)d, true,
						 NULL, NULL);
			if (sc < 0 ||
			    advance(s, t, u, MOVE_DOOR_COST, false, can_wait,
				    &t1, &u1) != ADV_OK ||
			    advance(s, t1, u1, sc, climb, can_wait, &t2, &u2) !=
				    ADV_OK)
				continue;
			relax(s, nc, d, t2, u2, tot + MOVE_DOOR_COST + sc, id,
			      ACT(ACT_DOOR, d));
			continue;
		}
		int sc = step_cost(s, c, d);
		if (sc < 0)
			continue;
		/* A climb begun in an earlier turn is part paid. */
		if (id == s->start && climb && me->climb_paid > 0 &&
		    me->climb_dir == (enum dir)d)
			sc = sc > me->climb_paid ? sc - me->climb_paid : 0;
		if (s->nf > 1)
			sc += move_turn_cost(w, s->idx, (enum dir)f, (enum dir)d);
		if (advance(s, t, u, sc, climb, can_wait, &t2, &u2) != ADV_OK)
			continue;
		relax(s, nc, d, t2, u2, tot + sc, id, ACT(ACT_STEP, d));
		/* Onto a friend, arriving fresh next turn may go further than
		 * arriving now with little left: no turn may end there. */
		if (s->slot[nc] >= 0 && t2 == t && can_wait &&
		    advance(s, t + 1, 0, sc, climb, true, &t2, &u2) == ADV_OK)
			relax(s, nc, d, t2, u2, tot + sc, id, ACT(ACT_STEP, d));
	}
	if (s->nf == 1)
		return;
	for (int turn = 1; turn <= 7; turn += 6) {
		int nf = (f + turn) % DIR_COUNT;
		int tc = move_turn_cost(w, s->idx, (enum dir)f, (enum dir)nf);
		if (advance(s, t, u, tc, false, can_wait, &t2, &u2) == ADV_OK)
			relax(s, c, nf, t2, u2, tot + tc, id, ACT(ACT_FACE, nf));
	}
}

/* The goal state, or -1 when there is none to be had. */
static int run(struct search *s)
{
	const struct unit *me = &s->w->units[s->idx];
	int c0 = me->y * s->W + me->x;
	s->start = state_of(s, c0, (int)me->facing, 0);
	s->key[s->start] = pack(1, 0, 0);
	heap_push(&s->h, s->key[s->start], s->start);
	while (s->h.n) {
		struct heap_node nd = heap_pop(&s->h);
		if (nd.key > s->key[nd.id])
			continue;
		int c = state_cell(s, nd.id);
		if (is_goal(s, c) && other_at(s, c) < 0)
			return nd.id;
		/* A unit that steps into its exit area leaves the board. */
		if (s->q->exits && s->q->exits[c] && nd.id != s->start)
			continue;
		expand(s, nd.id);
	}
	return -1;
}

static void add_step(struct path *p, enum path_act act, int d, int x, int y,
		     int turn, int cost)
{
	p->steps[p->nsteps++] = (struct path_step){
		.act = act, .dir = (enum dir)d, .x = x, .y = y,
		.turn = turn, .begun = turn, .cost = cost};
}

/* The turn in which a step of cost c from label (t, u) out of cell fc
 * was begun, given that it ended with label (t2, u2): a climb is begun
 * with what is left of a turn, unless the unit chose to wait first. */
static int begun_in(const struct search *s, int fc, int d, int t, int u,
		    int c, int t2, int u2)
{
	bool climb = move_is_ladder_climb(s->w, fc % s->W, fc / s->W,
					  (enum dir)d);
	int tn, un;
	if (advance(s, t, u, c, climb, s->slot[fc] < 0, &tn, &un) != ADV_OK ||
	    tn != t2 || un != u2)
		return t + 1; /* waited on purpose */
	if (tn == t)
		return t;
	int rem = (t == 1 ? s->first : s->move) - u;
	return climb && rem > 0 ? t : t + 1;
}

/* The way to the goal state, its actions in order. */
static void trace(struct search *s, int goal, struct path *p)
{
	int n = 0;
	for (int id = goal; id != s->start; id = s->prev[id])
		n++;
	int *ids = xmalloc((size_t)(n ? n : 1) * sizeof *ids);
	int i = n;
	for (int id = goal; id != s->start; id = s->prev[id])
		ids[--i] = id;
	p->steps = xmalloc((size_t)(2 * n + 1) * sizeof *p->steps);
	for (i = 0; i < n; i++) {
		int id = ids[i], from = s->prev[id];
		int c = state_cell(s, id), d = s->act[id] & 7;
		int64_t k = s->key[id], kf = s->key[from];
		int cost = key_total(k) - key_total(kf);
		int x = c % s->W, y = c / s->W;
		switch (s->act[id] >> 3) {
		case ACT_FACE:
			add_step(p, PATH_FACE, d, x, y, key_turn(k), cost);
			break;
		case ACT_DOOR: {
			int fc = state_cell(s, from), t1, u1;
			advance(s, key_turn(kf), key_used(kf), MOVE_DOOR_COST,
				false, s->slot[fc] < 0, &t1, &u1);
			add_step(p, PATH_OPEN, d, fc % s->W, fc / s->W, t1,
				 MOVE_DOOR_COST);
			add_step(p, PATH_STEP, d, x, y, key_turn(k),
				 cost - MOVE_DOOR_COST);
			p->steps[p->nsteps - 1].begun =
				begun_in(s, fc, d, t1, u1, cost - MOVE_DOOR_COST,
					 key_turn(k), key_used(k));
			break;
		}
		default:
			add_step(p, PATH_STEP, d, x, y, key_turn(k), cost);
			p->steps[p->nsteps - 1].begun =
				begun_in(s, state_cell(s, from), d, key_turn(kf),
					 key_used(kf), cost, key_turn(k),
					 key_used(k));
			break;
		}
	}
	free(ids);
	int64_t k = s->key[goal];
	int t = key_turn(k);
	p->turns = n ? t : 0;
	p->cost = key_total(k);
	p->left = (t == 1 ? s->first : s->move) - key_used(k);
	p->x = state_cell(s, goal) % s->W;
	p->y = state_cell(s, goal) / s->W;
}

/* Why a unit can never stand on cell c (a goal cell): the reason in why,
 * or false when it could. */
static bool stand_refused(const struct world *w, int idx, int c, char *why)
{
	const struct unit_type *t = world_type(w, &w->units[idx]);
	const struct cell *cl = &w->map.cells[c];
	int x = c % w->map.w, y = c / w->map.w;
	if (is_shut_door(cl)) {
		if (t->cls == CLASS_MACHINE) {
			snprintf(why, PATH_WHY_LEN,
				 "war machines cannot use doors (the door at %d,%d)",
				 x, y);
			return true;
		}
		if (!move_door_opens_for(cl, w->units[idx].team)) {
			snprintf(why, PATH_WHY_LEN,
				 "the door at %d,%d is locked (%s)", x, y,
				 cl->t.locked_by >= 0
					 ? w->teams[cl->t.locked_by].name
					 : "nobody's key");
			return true;
		}
	} else if (!cell_passable(cl)) {
		char words[MAP_WORDS_LEN];
		snprintf(why, PATH_WHY_LEN, "%d,%d is %s", x, y,
			 map_cell_words(&w->map, cl, words, sizeof words));
		return true;
	}
	if ((t->cls == CLASS_MOUNTED && !cl->t.mounted) ||
	    (t->cls == CLASS_MACHINE && !cl->t.machines)) {
		char words[MAP_WORDS_LEN];
		snprintf(why, PATH_WHY_LEN, "%s cannot enter %s at %d,%d",
			 t->cls == CLASS_MOUNTED ? "mounted units" : "war machines",
			 map_cell_words(&w->map, cl, words, sizeof words), x, y);
		return true;
	}
	return false;
}

/* What rules out the query before any search: a unit off the field or
 * that never moves, a target off the map, taken or never to be stood on. */
static bool target_refused(const struct world *w, int idx,
			   const struct path_query *q, char *why)
{
	const struct unit *me = &w->units[idx];
	if (!unit_alive(me)) {
		snprintf(why, PATH_WHY_LEN, "%s is not on the field", me->id);
		return true;
	}
	if (q->goal)
		return false;
	if (!map_inside(&w->map, q->tx, q->ty)) {
		snprintf(why, PATH_WHY_LEN, "%d,%d is off the map", q->tx, q->ty);
		return true;
	}
	if (q->tx == me->x && q->ty == me->y)
		return false;
	int o = world_unit_at(w, q->tx, q->ty);
	if (o >= 0 && (!q->known || q->known[o])) {
		snprintf(why, PATH_WHY_LEN, "%s stands at %d,%d", w->units[o].id,
			 q->tx, q->ty);
		return true;
	}
	if (world_type(w, me)->move == 0) {
		snprintf(why, PATH_WHY_LEN, "%s does not move (%s: move 0)",
			 me->id, world_type(w, me)->id);
		return true;
	}
	return stand_refused(w, idx, q->ty * w->map.w + q->tx, why);
}

/* Reasons a step is refused, the most telling first: a search that finds
 * no way names the most telling refusal it met, nearest the goal. */
enum never_rank {
	NEVER_LOCKED,
	NEVER_MACHINE_DOOR,
	NEVER_LADDER,
	NEVER_CLASS,
	NEVER_ENEMY,
	NEVER_COSTLY,
	NEVER_HEIGHT,
	NEVER_WAIT,
	NEVER_PLAIN,
	NEVER_NONE,
};

static enum never_rank rank_of(enum move_refusal r)
{
	switch (r) {
	case MOVE_LADDER:
		return NEVER_LADDER;
	case MOVE_CLASS:
		return NEVER_CLASS;
	case MOVE_ENEMY:
		return NEVER_ENEMY;
	case MOVE_HEIGHT:
		return NEVER_HEIGHT;
	default:
		return NEVER_PLAIN;
	}
}

/* Why the step from state id in direction d was not taken, or
 * NEVER_NONE when it was. */
static enum never_rank step_refusal(struct search *s, int id, int d)
{
	const struct world *w = s->w;
	int c = state_cell(s, id), x = c % s->W, y = c / s->W;
	int nx = x + dir_dx[d], ny = y + dir_dy[d];
	if (!map_inside(&w->map, nx, ny))
		return NEVER_PLAIN;
	const struct cell *to = map_cell_c(&w->map, nx, ny);
	bool door = is_shut_door(to);
	if (door && s->machine)
		return NEVER_MACHINE_DOOR;
	if (door && !move_door_opens_for(to, s->team))
		return NEVER_LOCKED;
	enum move_refusal r;
	int sc = move_step_check(w, s->q->known, s->idx, x, y, (enum dir)d,
				 (enum dir)d, door, &r, NULL);
	if (sc < 0)
		return rank_of(r);
	int64_t k = s->key[id];
	int t = key_turn(k), u = key_used(k), t1 = t, u1 = u, t2, u2;
	bool wait = s->slot[c] < 0;
	enum advance_result a = ADV_OK;
	if (door)
		a = advance(s, t, u, MOVE_DOOR_COST, false, wait, &t1, &u1);
	if (a == ADV_OK)
		a = advance(s, t1, u1, sc, move_is_ladder_climb(w, x, y, (enum dir)d),
			    wait, &t2, &u2);
	return a == ADV_COSTLY ? NEVER_COSTLY
	       : a == ADV_WAIT ? NEVER_WAIT
			       : NEVER_NONE;
}

/* Squared distance from cell c to the nearest goal cell. */
static int goal_dist2(const struct search *s, const int *goals, int ngoals,
		      int c)
{
	int best = INT32_MAX, x = c % s->W, y = c / s->W;
	for (int i = 0; i < ngoals; i++) {
		int d = geom_dist2(x, y, goals[i] % s->W, goals[i] / s->W);
		if (d < best)
			best = d;
	}
	return best;
}

/* Words for the refusal of the step from state id in direction d. */
static void say_refusal(struct search *s, int id, int d, enum never_rank r,
			char *why)
{
	const struct world *w = s->w;
	int c = state_cell(s, id), x = c % s->W, y = c / s->W;
	int nx = x + dir_dx[d], ny = y + dir_dy[d];
	char a[24], reason[MOVE_WHY_LEN];
	switch (r) {
	case NEVER_LOCKED:
	case NEVER_MACHINE_DOOR:
		stand_refused(w, s->idx, ny * s->W + nx, why);
		return;
	case NEVER_COSTLY:
		snprintf(why, PATH_WHY_LEN,
			 "the step from %d,%d to %d,%d costs more than a "
			 "whole turn's move (%s)",
			 x, y, nx, ny, move_inches_unit(s->move, a));
		return;
	case NEVER_WAIT:
		snprintf(why, PATH_WHY_LEN,
			 "it would have to end a turn on %s at %d,%d",
			 w->units[other_at(s, c)].id, x, y);
		return;
	default:
		move_step_check(w, s->q->known, s->idx, x, y, (enum dir)d,
				(enum dir)d, is_shut_door(map_cell_c(&w->map, nx, ny)),
				NULL, reason);
		snprintf(why, PATH_WHY_LEN, "%.120s (from %d,%d)", reason, x, y);
		return;
	}
}

/* Why the search found no way: the most telling refusal it met, the
 * one nearest the goal among equals. */
static void explain_never(struct search *s, char *why)
{
	const struct unit *me = &s->w->units[s->idx];
	int ngoals = 0;
	int *goals = xmalloc((size_t)s->cells * sizeof *goals);
	for (int c = 0; c < s->cells; c++)
		if (is_goal(s, c))
			goals[ngoals++] = c;
	enum never_rank best = NEVER_PLAIN;
	int best_d2 = INT32_MAX, best_id = -1, best_dir = 0;
	for (int id = 0; id < s->nstates; id++) {
		if (s->key[id] == NONE)
			continue;
		int c = state_cell(s, id);
		if (s->q->exits && s->q->exits[c] && id != s->start)
			continue;
		for (int d = 0; d < DIR_COUNT; d++) {
			enum never_rank r = step_refusal(s, id, d);
			if (r >= NEVER_PLAIN || r > best)
				continue;
			int nc = c + dir_dy[d] * s->W + dir_dx[d];
			int d2 = goal_dist2(s, goals, ngoals, nc);
			if (r < best || d2 < best_d2) {
				best = r;
				best_d2 = d2;
				best_id = id;
				best_dir = d;
			}
		}
	}
	free(goals);
	if (best_id >= 0) {
		say_refusal(s, best_id, best_dir, best, why);
		return;
	}
	if (s->q->goal)
		snprintf(why, PATH_WHY_LEN,
			 "no way from %d,%d: walls, water, heights or the "
			 "map's edge in the way",
			 me->x, me->y);
	else
		snprintf(why, PATH_WHY_LEN,
			 "no way from %d,%d to %d,%d: walls, water, heights or "
			 "the map's edge in the way",
			 me->x, me->y, s->q->tx, s->q->ty);
}

static void search_free(struct search *s)
{
	free(s->slot);
	free(s->slot_cell);
	free(s->key);
	free(s->prev);
	free(s->act);
	free(s->step);
	heap_free(&s->h);
}

/* Set up the search's arrays for unit idx. */
static void search_init(struct search *s, const struct world *w, int idx,
			const struct path_query *q)
{
	const struct unit *me = &w->units[idx];
	const struct unit_type *t = world_type(w, me);
	memset(s, 0, sizeof *s);
	s->w = w;
	s->q = q;
	s->idx = idx;
	s->team = me->team;
	s->W = w->map.w;
	s->cells = w->map.w * w->map.h;
	s->machine = t->cls == CLASS_MACHINE;
	s->nf = move_turn_cost(w, idx, DIR_N, DIR_S) > 0 ? DIR_COUNT : 1;
	s->move = 2 * t->move;
	s->first = q->first >= 0 ? q->first : me->move_left;
	if (s->first >= 1 << USED_BITS)
		s->first = (1 << USED_BITS) - 1;
	s->umax = s->move > s->first ? s->move : s->first;
	s->slot = xmalloc((size_t)s->cells * sizeof *s->slot);
	int nslots = 0;
	for (int c = 0; c < s->cells; c++)
		s->slot[c] = other_at(s, c) >= 0 ? nslots++ : -1;
	s->slot_cell = xmalloc((size_t)(nslots ? nslots : 1) *
			       sizeof *s->slot_cell);
	for (int c = 0; c < s->cells; c++)
		if (s->slot[c] >= 0)
			s->slot_cell[s->slot[c]] = c;
	s->nstates = s->cells * s->nf + nslots * s->nf * (s->umax + 1);
	s->key = xmalloc((size_t)s->nstates * sizeof *s->key);
	for (int i = 0; i < s->nstates; i++)
		s->key[i] = NONE;
	s->prev = xmalloc((size_t)s->nstates * sizeof *s->prev);
	s->act = xmalloc((size_t)s->nstates);
	s->step = xmalloc((size_t)s->cells * DIR_COUNT * sizeof *s->step);
	for (int i = 0; i < s->cells * DIR_COUNT; i++)
		s->step[i] = INT32_MIN;
}

int path_find(const struct world *w, int idx, const struct path_query *q,
	      struct path *out)
{
	memset(out, 0, sizeof *out);
	out->turns = -1;
	out->x = q->tx;
	out->y = q->ty;
	if (target_refused(w, idx, q, out->why))
		return -1;
	struct search s;
	search_init(&s, w, idx, q);
	int goal = run(&s);
	if (goal >= 0)
		trace(&s, goal, out);
	else
		explain_never(&s, out->why);
	search_free(&s);
	return goal >= 0 ? 0 : -1;
}

void path_free(struct path *p)
{
	free(p->steps);
	p->steps = NULL;
	p->nsteps = 0;
}

void path_turn_end(const struct path *p, int x0, int y0, int t, int *x,
		   int *y)
{
	*x = x0;
	*y = y0;
	for (int i = 0; i < p->nsteps && p->steps[i].turn <= t; i++) {
		*x = p->steps[i].x;
		*y = p->steps[i].y;
	}
}
