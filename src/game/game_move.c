/* game_move.c: the Movement step's actions: move, moveto, face, doors,
 * with the free attacks made on a unit that leaves melee. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/game.h"
#include "game/internal.h"
#include "rules/engage.h"
#include "rules/move.h"

/* Flags per unit: the units team knows are on the field now. Caller
 * frees. */
static unsigned char *enemies_in_sight(struct game *g, int team)
{
	game_refresh_knowledge(g);
	size_t n = (size_t)(g->w->nunits ? g->w->nunits : 1);
	unsigned char *out = xmalloc(n);
	memcpy(out, g->know[team].units, n);
	return out;
}

/* A movement that brought an enemy into sight cannot be taken back:
 * undoing it would keep the news and give back the move. Frees before. */
static void settle_undo(struct game *g, int team, unsigned char *before)
{
	game_refresh_knowledge(g);
	const unsigned char *now = g->know[team].units;
	for (int i = 0; i < g->w->nunits; i++)
		if (now[i] && !before[i]) {
			game_undo_forget(g);
			break;
		}
	free(before);
}

/* Checks shared by every Movement action. */
static int check_mover(struct game *g, int unit, const char *verb, char *why)
{
	return game_check_actor(g, unit, STEP_MOVEMENT, verb, why);
}

/* The escape goal of the unit's team whose exit area holds x,y, or NULL. */
static const struct goal *exit_area(const struct game *g, int team, int x,
				    int y)
{
	for (int i = 0; i < g->sc.ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		if (gl->kind == GOAL_ESCAPE && gl->team == team &&
		    goal_area_contains(gl, x, y))
			return gl;
	}
	return NULL;
}

static int cmp_units(const void *a, const void *b, void *ctx)
{
	const struct world *w = ctx;
	return unit_id_cmp(w->units[*(const int *)a].id,
			   w->units[*(const int *)b].id);
}

/* Insertion sort: the lists are a handful of units long. */
void game_sort_units(const struct world *w, int *v, int n)
{
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && cmp_units(&v[j - 1], &v[j], (void *)w) > 0;
		     j--) {
			int t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

/* The free attacks unit draws by stepping (its step-th, in direction d)
 * from where it stands to nx,ny, or off the board into an exit area
 * (off): every living enemy that can strike it in melee where it stands
 * but not once there, in order of id, with the number it would need.
 * The mover is off the occupancy grid, as it is while it moves; w is
 * changed only while looking. out has room for w->nunits; returns how
 * many. Both the preview and the move call this, on the field as the
 * team knows it and as it is: they cannot count differently. */
static int step_attacks(struct world *w, int unit, int step, int nx, int ny,
			enum dir d, bool off, struct free_attack_preview *out)
{
	struct unit *u = &w->units[unit];
	int ox = u->x, oy = u->y, n = 0;
	int *leaving = xmalloc((size_t)w->nunits * sizeof *leaving);
	for (int i = 0; i < w->nunits; i++) {
		if (w->units[i].team == u->team || !unit_alive(&w->units[i]))
			continue;
		if (engage_weapon(w, i, unit) < 0)
			continue;
		u->x = nx;
		u->y = ny;
		bool still = !off && engage_weapon(w, i, unit) >= 0;
		u->x = ox;
		u->y = oy;
		if (!still)
			leaving[n++] = i;
	}
	game_sort_units(w, leaving, n);
	for (int k = 0; k < n; k++) {
		struct free_attack_preview *f = &out[k];
		struct attack_situation s;
		f->step = step;
		f->x = ox;
		f->y = oy;
		f->attacker = leaving[k];
		f->weapon = engage_weapon(w, leaving[k], unit);
		combat_melee_situation(w, leaving[k], f->weapon, unit, (int)d, &s);
		combat_compute(&w->roster.chart, &s, &f->calc);
	}
	free(leaving);
	return n;
}

/* Whether the attack the move meets is one its team was shown: the
 * same attacker, weapon and number, before the same step. */
static bool foreseen(const struct free_attack_preview *a,
		     const struct free_attack_preview *plan, int nplan)
{
	for (int i = 0; i < nplan; i++)
		if (plan[i].step == a->step && plan[i].attacker == a->attacker &&
		    plan[i].weapon == a->weapon &&
		    plan[i].calc.need == a->calc.need)
			return true;
	return false;
}

/* Plans are made with what the mover's team knows: enemies it does not
 * see are not in the way of a plan, so a path never betrays them. A move
 * that then runs into one stops there. */
static const unsigned char *planner(struct game *g, int unit)
{
	game_refresh_knowledge(g);
	return g->know[g->w->units[unit].team].units;
}

void game_reach(struct game *g, int unit, int *cost)
{
	move_reach(g->w, planner(g, unit), unit, cost);
}

void game_reach_within(struct game *g, int unit, int limit, int *cost)
{
	move_reach_within(g->w, planner(g, unit), unit, limit, cost);
}

int game_path(struct game *g, int unit, int x, int y, enum dir *dirs, int max,
	      int *cost, char *why)
{
	return move_path(g->w, planner(g, unit), unit, x, y, dirs, max, cost,
			 why);
}

static int check_steps(struct game *g, int unit, const enum dir *dirs, int n,
		       char *why, int *taken);
static int plan_attacks(const struct game *g, const unsigned char *known,
			int unit, const enum dir *dirs, int n,
			struct free_attack_preview **out);

/* A move under way: where it has got to, kept while it waits for the
 * die of a free attack (manual dice). */
struct move_run {
	int unit;
	int n;
	enum dir *dirs;                    /* owned */
	int i;                             /* the step being made */
	struct free_attack_preview *plan;  /* owned: the attacks foreseen */
	int nplan;
	struct free_attack_preview *meet;  /* owned: step i's attacks */
	int nmeet, k;                      /* how many; the next to make */
	bool met;                          /* meet holds step i's */
	unsigned char *before;             /* owned: settle_undo's */
};

void game_move_run_free(struct move_run *m)
{
	if (!m)
		return;
	free(m->dirs);
	free(m->plan);
	free(m->meet);
	free(m->before);
	free(m);
}

/* Step i's free attacks worked out, or false when the move ends before
 * its step i (an enemy in the way, a climb paid in part, an attack
 * nobody foresaw). */
static bool meet_step(struct game *g, struct move_run *m)
{
	struct world *w = g->w;
	struct unit *u = &w->units[m->unit];
	enum dir d = m->dirs[m->i];
	char reason[MOVE_WHY_LEN];
	int cost = move_step_cost(w, NULL, m->unit, u->x, u->y, u->facing, d,
				  reason);
	bool climb = move_is_ladder_climb(w, u->x, u->y, d);
	int paid = climb && u->climb_dir == d ? u->climb_paid : 0;
	int nx = u->x + dir_dx[d], ny = u->y + dir_dy[d];
	int o = w->occ[ny * w->map.w + nx];
	if (o >= 0 && w->units[o].team != u->team) {
		/* An enemy the team did not see stands in the way: now it is
		 * next to the mover, and seen. */
		struct event ev = game_event(EV_ANNOUNCE);
		ev.kind = ANNOUNCE_STOPPED;
		ev.unit = m->unit;
		ev.target = o;
		ev.x0 = u->x;
		ev.y0 = u->y;
		game_emit(g, &ev);
		return false;
	}
	if (climb && cost - paid > u->move_left) {
		/* Part of a climb: the unit stays, the effort is kept. */
		u->climb_dir = d;
		u->climb_paid = paid + u->move_left;
		u->facing = d;
		struct event ev = game_event(EV_CLIMB);
		ev.unit = m->unit;
		ev.x0 = u->x;
		ev.y0 = u->y;
		ev.x1 = nx;
		ev.y1 = ny;
		ev.value = u->climb_paid;
		ev.value2 = cost;
		u->move_left = 0;
		game_touch_unit(g, m->unit, TOUCH_TURNED, -1, -1);
		game_emit(g, &ev);
		return false;
	}
	m->nmeet = step_attacks(w, m->unit, m->i, nx, ny, d,
				exit_area(g, u->team, nx, ny) != NULL, m->meet);
	m->k = 0;
	while (m->k < m->nmeet && foreseen(&m->meet[m->k], m->plan, m->nplan))
		m->k++;
	if (m->k < m->nmeet) {
		/* Nothing is rolled that the team was not shown: an enemy it
		 * did not see when the move began (or odds that changed with
		 * one) halts the mover here. */
		struct event ev = game_event(EV_ANNOUNCE);
		ev.kind = ANNOUNCE_UNFORESEEN;
		ev.unit = m->unit;
		ev.target = m->meet[m->k].attacker;
		ev.x0 = u->x;
		ev.y0 = u->y;
		game_emit(g, &ev);
		return false;
	}
	m->k = 0;
	m->met = true;
	return true;
}

/* Step i itself, its free attacks made. Returns false when the move
 * ends there (the unit escaped off the board). */
static bool take_step(struct game *g, struct move_run *m)
{
	struct world *w = g->w;
	struct unit *u = &w->units[m->unit];
	enum dir d = m->dirs[m->i];
	char reason[MOVE_WHY_LEN];
	int cost = move_step_cost(w, NULL, m->unit, u->x, u->y, u->facing, d,
				  reason);
	bool climb = move_is_ladder_climb(w, u->x, u->y, d);
	int paid = climb && u->climb_dir == d ? u->climb_paid : 0;
	int nx = u->x + dir_dx[d], ny = u->y + dir_dy[d];
	struct event ev = game_event(EV_MOVE);
	ev.unit = m->unit;
	ev.x0 = u->x;
	ev.y0 = u->y;
	ev.x1 = nx;
	ev.y1 = ny;
	ev.value = cost - paid;
	u->x = nx;
	u->y = ny;
	u->facing = d;
	u->move_left -= cost - paid;
	u->climb_paid = 0;
	ev.value2 = u->move_left;
	game_touch_unit(g, m->unit, TOUCH_MOVED, ev.x0, ev.y0);
	game_emit(g, &ev);
	if (!exit_area(g, u->team, u->x, u->y))
		return true;
	world_remove(w, m->unit, STATUS_ESCAPED);
	game_touch_unit(g, m->unit, TOUCH_REMOVED, -1, -1);
	struct event ee = game_event(EV_ESCAPED);
	ee.unit = m->unit;
	ee.x0 = u->x;
	ee.y0 = u->y;
	game_emit(g, &ee);
	return false;
}

/* Go on with the move from where it is; it ends, or stops to wait for
 * a die with the mover back on the field where it stands. */
static void move_go(struct game *g, struct move_run *m)
{
	struct world *w = g->w;
	struct unit *u = &w->units[m->unit];
	while (m->i < m->n) {
		if (!m->met && !meet_step(g, m))
			break;
		/* The free attacks of leaving the cell, in order, while the
		 * mover stands. */
		for (; m->k < m->nmeet && unit_alive(u); m->k++) {
			const struct free_attack_preview *f = &m->meet[m->k];
			if (!unit_alive(&w->units[f->attacker]))
				continue;
			if (!game_resolve_attack(g, f->attacker, f->weapon,
						 m->unit, -1, -1, &f->calc, true)) {
				/* Its die is awaited: the mover stands
				 * where it is meanwhile. */
				g->moving = -1;
				world_place(w, m->unit, u->x, u->y);
				game_touch_unit(g, m->unit, TOUCH_ARRIVED, -1, -1);
				g->wait.kind = WAIT_MOVE;
				g->wait.move = m;
				return;
			}
		}
		if (!unit_alive(u))
			break;
		m->met = false;
		bool on = take_step(g, m);
		m->i++;
		if (!on)
			break;
	}
	g->moving = -1;
	if (unit_alive(u))
		world_place(w, m->unit, u->x, u->y);
	/* Back on the occupancy grid, it blocks lines again. */
	if (unit_alive(u))
		game_touch_unit(g, m->unit, TOUCH_ARRIVED, -1, -1);
	settle_undo(g, u->team, m->before);
	m->before = NULL;
	int unit = m->unit;
	game_move_run_free(m);
	/* A unit that gets where its standing order sends it is done. */
	if (unit_alive(u))
		game_orders_arrive(g, unit);
	game_after_action(g);
}

void game_move_resume(struct game *g, struct move_run *m)
{
	struct world *w = g->w;
	const struct unit *u = &w->units[m->unit];
	w->occ[u->y * w->map.w + u->x] = -1;
	g->moving = m->unit;
	move_go(g, m);
}

int game_move(struct game *g, int unit, const enum dir *dirs, int n, char *why)
{
	if (check_mover(g, unit, "move", why))
		return -1;
	struct world *w = g->w;
	struct unit *u = &w->units[unit];
	if (n <= 0) {
		snprintf(why, GAME_WHY_LEN, "%s cannot move: no direction given",
			 u->id);
		return -1;
	}

	/* Check the whole move, with what the team knows, before anything
	 * happens, and foresee its free attacks as the preview does. */
	int taken;
	if (check_steps(g, unit, dirs, n, why, &taken))
		return -1;
	struct move_run *m = xcalloc(1, sizeof *m);
	m->unit = unit;
	m->n = n;
	m->dirs = xmalloc((size_t)n * sizeof *m->dirs);
	memcpy(m->dirs, dirs, (size_t)n * sizeof *m->dirs);
	m->nplan = plan_attacks(g, planner(g, unit), unit, dirs, taken, &m->plan);
	m->meet = xmalloc((size_t)(w->nunits ? w->nunits : 1) * sizeof *m->meet);

	/* Apply it, step by step. */
	m->before = enemies_in_sight(g, u->team);
	game_undo_push(g, -1, -1);
	w->occ[u->y * w->map.w + u->x] = -1;
	g->moving = unit;
	move_go(g, m);
	return 0;
}

/* Whether the steps are legal from where the unit stands, paid from its
 * movement left (a last step up or down a ladder may be paid in part),
 * judged with what its team knows (known: the units it knows are on the
 * field). *taken: how many steps the move would make: it stays short of
 * a ladder it can only start to climb and leaves the board on an exit
 * cell; an enemy it does not know of, or a free attack, may stop it
 * sooner. */
static int walk_steps(const struct game *g, const unsigned char *known,
		      int unit, const enum dir *dirs, int n, char *why,
		      int *taken)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	char reason[MOVE_WHY_LEN], a[24], b[16];
	int x = u->x, y = u->y, left = u->move_left;
	enum dir f = u->facing;
	bool partial = false;
	*taken = n;
	for (int i = 0; i < n; i++) {
		enum dir d = dirs[i];
		int cost = move_step_cost(w, known, unit, x, y, f, d, reason);
		if (cost < 0) {
			snprintf(why, GAME_WHY_LEN, "%s cannot move %s: %s",
				 u->id, dir_names[d], reason);
			return -1;
		}
		if (move_is_ladder_climb(w, x, y, d) && i == 0 &&
		    u->climb_paid > 0 && u->climb_dir == d)
			cost -= u->climb_paid;
		if (cost > left) {
			if (move_is_ladder_climb(w, x, y, d) && i == n - 1 &&
			    left > 0) {
				/* The climber stays where it is, part way up:
				 * that cell must be its own. */
				partial = true;
				if (*taken > i)
					*taken = i;
				int other = world_unit_at(w, x, y);
				if (other >= 0 && other != unit && known[other]) {
					snprintf(why, GAME_WHY_LEN,
						 "%s cannot start climbing from %d,%d: "
						 "%s stands there",
						 u->id, x, y, w->units[other].id);
					return -1;
				}
				break;
			}
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot move %s: %s needed, %s left",
				 u->id, dir_names[d], move_inches_unit(cost, a),
				 move_inches(left, b));
			return -1;
		}
		left -= cost;
		x += dir_dx[d];
		y += dir_dy[d];
		f = d;
		if (*taken > i + 1 && exit_area(g, u->team, x, y))
			*taken = i + 1;
	}
	int other = world_unit_at(w, x, y);
	if (other >= 0 && !known[other])
		other = -1;
	if (!partial && other >= 0 && other != unit) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot end its move on %s at %d,%d", u->id,
			 w->units[other].id, x, y);
		return -1;
	}
	return 0;
}

static int check_steps(struct game *g, int unit, const enum dir *dirs, int n,
		       char *why, int *taken)
{
	return walk_steps(g, planner(g, unit), unit, dirs, n, why, taken);
}

/* Whether an enemy the team knows stands near enough to any cell the
 * first n steps leave to strike the mover there. */
static bool enemy_near(const struct game *g, const unsigned char *known,
		       int unit, const enum dir *dirs, int n)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	int r2 = g->reach * g->reach;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *e = &w->units[i];
		if (e->team == u->team || !unit_alive(e) || !known[i])
			continue;
		int x = u->x, y = u->y;
		for (int k = 0; k < n; k++) {
			if (geom_dist2(x, y, e->x, e->y) <= r2)
				return true;
			x += dir_dx[dirs[k]];
			y += dir_dy[dirs[k]];
		}
	}
	return false;
}

/* The free attacks the first n steps of a legal move would draw, walked
 * on the field as the mover's team knows it: a copy of the units in
 * which the enemies it does not know of neither strike nor count as
 * engaged, and the mover off the occupancy grid as while it moves. Lines
 * are the field's own (troops in the way block a bill whoever sees
 * them): so the first step's attacks are always those the move meets,
 * every one of them being in melee with the mover and so seen, and a
 * move that halts has moved first. *out: the caller frees (NULL when
 * none); returns how many. */
static int plan_attacks(const struct game *g, const unsigned char *known,
			int unit, const enum dir *dirs, int n,
			struct free_attack_preview **out)
{
	*out = NULL;
	if (!enemy_near(g, known, unit, dirs, n))
		return 0;
	const struct world *w = g->w;
	struct world k = *w; /* map and roster shared, read only */
	size_t cells = (size_t)w->map.w * (size_t)w->map.h;
	k.units = xmalloc((size_t)w->nunits * sizeof *k.units);
	memcpy(k.units, w->units, (size_t)w->nunits * sizeof *k.units);
	k.occ = xmalloc(cells * sizeof *k.occ);
	memcpy(k.occ, w->occ, cells * sizeof *k.occ);
	struct unit *m = &k.units[unit];
	for (int i = 0; i < w->nunits; i++) {
		struct unit *e = &k.units[i];
		if (e->team != m->team && unit_alive(e) && !known[i])
			e->status = STATUS_DISABLED;
	}
	k.occ[m->y * w->map.w + m->x] = -1;
	struct free_attack_preview *step =
		xmalloc((size_t)w->nunits * sizeof *step);
	int total = 0, cap = 0;
	for (int i = 0; i < n; i++) {
		enum dir d = dirs[i];
		int nx = m->x + dir_dx[d], ny = m->y + dir_dy[d];
		int c = step_attacks(&k, unit, i, nx, ny, d,
				     exit_area(g, m->team, nx, ny) != NULL, step);
		if (c > 0 && total + c > cap) {
			cap = 2 * (total + c);
			*out = xrealloc(*out, (size_t)cap * sizeof **out);
		}
		if (c > 0)
			memcpy(*out + total, step, (size_t)c * sizeof *step);
		total += c;
		m->x = nx;
		m->y = ny;
		m->facing = d;
	}
	free(step);
	free(k.units);
	free(k.occ);
	return total;
}

int game_preview_free_attacks(const struct game *g, int unit,
			      const enum dir *dirs, int n,
			      struct free_attack_preview *out, int max, char *why)
{
	if (game_check_actor(g, unit, STEP_MOVEMENT, "move", why))
		return -1;
	const struct unit *u = &g->w->units[unit];
	if (n <= 0) {
		snprintf(why, GAME_WHY_LEN, "%s cannot move: no direction given",
			 u->id);
		return -1;
	}
	const unsigned char *known = g->know[u->team].units;
	int taken;
	if (walk_steps(g, known, unit, dirs, n, why, &taken))
		return -1;
	struct free_attack_preview *plan;
	int total = plan_attacks(g, known, unit, dirs, taken, &plan);
	if (total > 0 && max > 0)
		memcpy(out, plan,
		       (size_t)(total < max ? total : max) * sizeof *out);
	free(plan);
	return total;
}

/* The moveto that took these paths before moves beyond one turn were
 * allowed takes them still, so that saves replay as they were played. */
int game_within_turn(struct game *g, int unit, int x, int y, enum dir *dirs,
		     int max, char *why)
{
	int cost;
	char reason[MOVE_WHY_LEN];
	int n = game_path(g, unit, x, y, dirs, max, &cost, reason);
	const struct unit *u = &g->w->units[unit];
	if (n > 0 && cost > u->move_left) {
		/* A way, but longer than this turn's movement. */
		char a[24], b[16];
		snprintf(reason, sizeof reason, "%s needed, %s left",
			 move_inches_unit(cost, a), move_inches(u->move_left, b));
		n = -1;
	}
	if (n < 0)
		snprintf(why, GAME_WHY_LEN, "%s", reason);
	return n;
}

int game_moveto_check(const struct game *g, int unit, int x, int y, char *why)
{
	if (game_check_actor(g, unit, STEP_MOVEMENT, "move", why))
		return -1;
	const struct unit *u = &g->w->units[unit];
	if (u->x == x && u->y == y) {
		snprintf(why, GAME_WHY_LEN, "%s is already at %d,%d", u->id, x,
			 y);
		return -1;
	}
	return 0;
}

int game_moveto(struct game *g, int unit, int x, int y, char *why)
{
	if (game_moveto_check(g, unit, x, y, why))
		return -1;
	enum dir path[1024];
	int n = game_within_turn(g, unit, x, y, path, 1024, why);
	if (n <= 0)
		return game_advance(g, unit, x, y, why);
	return game_move(g, unit, path, n, why);
}

int game_preview_face(const struct game *g, int unit, enum dir d, char *why)
{
	if (game_check_actor(g, unit, STEP_MOVEMENT, "turn", why))
		return -1;
	const struct unit *u = &g->w->units[unit];
	char a[24], b[16];
	int cost = move_turn_cost(g->w, unit, u->facing, d);
	if (cost > u->move_left) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot face %s: %s needed, %s left", u->id,
			 dir_names[d], move_inches_unit(cost, a),
			 move_inches(u->move_left, b));
		return -1;
	}
	return cost;
}

int game_face(struct game *g, int unit, enum dir d, char *why)
{
	int cost = game_preview_face(g, unit, d, why);
	if (cost < 0)
		return -1;
	struct unit *u = &g->w->units[unit];
	unsigned char *before = enemies_in_sight(g, u->team);
	game_undo_push(g, -1, -1);
	u->facing = d;
	u->move_left -= cost;
	game_touch_unit(g, unit, TOUCH_TURNED, -1, -1);
	struct event ev = game_event(EV_FACE);
	ev.unit = unit;
	ev.x0 = u->x;
	ev.y0 = u->y;
	ev.value = cost;
	ev.value2 = u->move_left;
	snprintf(ev.text, sizeof ev.text, "%s", dir_names[d]);
	game_emit(g, &ev);
	settle_undo(g, u->team, before);
	game_after_action(g);
	return 0;
}

/* Doors cost 2 inches to open, close, lock or unlock. */
#define DOOR_COST MOVE_DOOR_COST

int game_door(struct game *g, int unit, enum dir d, const char *action,
	      char *why)
{
	if (check_mover(g, unit, "use a door", why))
		return -1;
	struct world *w = g->w;
	struct unit *u = &w->units[unit];
	const struct unit_type *t = world_type(w, u);
	int x = u->x + dir_dx[d], y = u->y + dir_dy[d];
	char a[24], b[16];
	if (!map_inside(&w->map, x, y) ||
	    !cell_is_door(map_cell(&w->map, x, y))) {
		snprintf(why, GAME_WHY_LEN, "%s cannot %s: there is no door %s of it",
			 u->id, action, dir_names[d]);
		return -1;
	}
	if (t->cls == CLASS_MACHINE) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot %s the door: war machines cannot use doors",
			 u->id, action);
		return -1;
	}
	if (u->move_left < DOOR_COST) {
		snprintf(why, GAME_WHY_LEN,
			 "%s cannot %s the door: %s needed, %s left",
			 u->id, action, move_inches_unit(DOOR_COST, a),
			 move_inches(u->move_left, b));
		return -1;
	}
	struct cell *c = map_cell(&w->map, x, y);
	enum door_state st = c->t.state, next = st;
	const char *owner = c->t.locked_by >= 0
				    ? w->teams[c->t.locked_by].name
				    : "nobody's key";
	/* The team that locked a door can open it, and so can the team the
	 * scenario gives its key. */
	bool ours = c->t.locked_by == u->team || c->t.key == u->team;
	const char *problem = NULL;
	if (strcmp(action, "open") == 0) {
		if (st == DOOR_OPEN)
			problem = "it is already open";
		else if (st == DOOR_LOCKED && !ours)
			problem = "it is locked";
		next = DOOR_OPEN;
	} else if (strcmp(action, "close") == 0) {
		if (st != DOOR_OPEN)
			problem = "it is already shut";
		else if (world_unit_at(w, x, y) >= 0)
			problem = "a unit stands in the doorway";
		next = DOOR_CLOSED;
	} else if (strcmp(action, "lock") == 0) {
		if (st == DOOR_OPEN)
			problem = "it is open: close it first";
		else if (st == DOOR_LOCKED)
			problem = "it is already locked";
		next = DOOR_LOCKED;
	} else if (strcmp(action, "unlock") == 0) {
		if (st != DOOR_LOCKED)
			problem = "it is not locked";
		else if (!ours)
			problem = "it is locked";
		next = DOOR_CLOSED;
	} else {
		snprintf(why, GAME_WHY_LEN,
			 "%s: unknown door action '%s', expected open, close, "
			 "lock or unlock",
			 u->id, action);
		return -1;
	}
	if (problem) {
		if (strcmp(problem, "it is locked") == 0)
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot %s the door at %d,%d: it is locked "
				 "(%s)",
				 u->id, action, x, y, owner);
		else
			snprintf(why, GAME_WHY_LEN,
				 "%s cannot %s the door at %d,%d: %s", u->id,
				 action, x, y, problem);
		return -1;
	}
	unsigned char *before = enemies_in_sight(g, u->team);
	game_undo_push(g, x, y);
	c->t.state = next;
	if (next == DOOR_LOCKED)
		c->t.locked_by = u->team;
	u->move_left -= DOOR_COST;
	game_touch_cell(g, x, y);
	struct event ev = game_event(EV_DOOR);
	ev.unit = unit;
	ev.x0 = x;
	ev.y0 = y;
	ev.value = DOOR_COST;
	ev.value2 = u->move_left;
	snprintf(ev.text, sizeof ev.text, "%s", action);
	game_emit(g, &ev);
	settle_undo(g, u->team, before);
	game_after_action(g);
	return 0;
}
