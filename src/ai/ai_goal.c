/* ai_goal.c: what the scenario's goals ask of the normal player's team,
 * and the ways to them: an objective field per movement class (to its
 * hold area, exit, target, or the enemies it must disable), a home field
 * for a team that wins by holding out, the door or wall its rams must
 * break, and which doors it keeps shut. */
#include "ai/nai.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "rules/engage.h"

/* Half-inches a hit still to take makes a locked door cost a path: a
 * breach takes a ram a turn or two a hit. */
#define BREACH_PEN 24
/* Half-inches a ladder a friend is on costs those behind it. */
#define BUSY_LADDER 16
/* Enemies this near a door (inches) keep the team's own doors shut. */
#define DOOR_WARY 12

static bool is_enemy(const struct nai *n, int team)
{
	return team != n->team;
}

void ng_posture(struct nai *n, const struct game *g)
{
	struct nposture *p = &n->p;
	memset(p, 0, sizeof *p);
	p->hold = p->escape = p->enemy_hold = p->enemy_escape = -1;
	p->kill_unit = p->protect_unit = -1;
	p->kill_cx = p->kill_cy = p->breach_x = p->breach_y = -1;
	p->rounds_left = g->sc.rounds ? g->sc.rounds - g->round + 1 : 0;
	for (int i = 0; i < g->sc.ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		bool mine = gl->team == n->team;
		switch (gl->kind) {
		case GOAL_ELIMINATE:
			if (mine)
				p->eliminate = true;
			break;
		case GOAL_HOLD:
			if (mine && p->hold < 0)
				p->hold = i;
			else if (!mine && p->enemy_hold < 0)
				p->enemy_hold = i;
			break;
		case GOAL_SURVIVE:
			if (mine)
				p->defend = true;
			break;
		case GOAL_DESTROY:
			if (gl->has_cell && mine) {
				p->kill_cx = gl->cx;
				p->kill_cy = gl->cy;
			} else if (!gl->has_cell) {
				int u = world_find_unit(g->w, gl->unit);
				if (u < 0)
					break;
				if (mine && is_enemy(n, g->w->units[u].team))
					p->kill_unit = u;
				else if (!mine && g->w->units[u].team == n->team)
					p->protect_unit = u;
			}
			break;
		case GOAL_ESCAPE:
			if (mine && p->escape < 0)
				p->escape = i;
			else if (!mine && p->enemy_escape < 0)
				p->enemy_escape = i;
			break;
		default:
			break;
		}
	}
}

void ng_sally(struct nai *n)
{
	struct nposture *p = &n->p;
	p->sally = false;
	if (!p->defend || n->wt[W_SALLY] <= 0)
		return;
	/* Hits against hits: its own on the field, and every enemy it
	 * knows of, seen or a ghost (one it cannot see is not counted:
	 * it cannot know of it). */
	int ours = 0, theirs = 0;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *u = &n->units[i];
		if (u->team == n->team && unit_alive(u))
			ours += u->hits;
	}
	for (int e = 0; e < n->nen; e++)
		theirs += n->units[n->en[e].idx].hits;
	p->sally = theirs > 0 && ours >= n->wt[W_SALLY] * theirs;
}

static void source_area(struct nai *n, int *dist, const struct goal *gl,
			int bias)
{
	for (int y = gl->y0; y <= gl->y1; y++)
		for (int x = gl->x0; x <= gl->x1; x++)
			if (x >= 0 && y >= 0 && x < n->w && y < n->h &&
			    dist[y * n->w + x] > bias)
				dist[y * n->w + x] = bias;
}

static bool joins(const struct cell *c)
{
	return c->t.kind == TERRAIN_LADDER || c->t.kind == TERRAIN_STAIRS;
}

/* The cells touching x,y from which a unit there can be fought (same
 * height, or a ladder or stairs between), or a door battered. */
static void source_around(struct nai *n, int *dist, int x, int y, int bias)
{
	const struct map *m = &n->kw.map;
	const struct cell *here = map_cell_c(m, x, y);
	for (int d = 0; d < DIR_COUNT; d++) {
		int ax = x + dir_dx[d], ay = y + dir_dy[d];
		if (!map_inside(m, ax, ay) || dist[ay * n->w + ax] <= bias)
			continue;
		const struct cell *c = map_cell_c(m, ax, ay);
		if (c->t.height == here->t.height || joins(c) || joins(here))
			dist[ay * n->w + ax] = bias;
	}
}

static bool any_source(const struct nai *n, const int *dist)
{
	for (int c = 0; c < n->cells; c++)
		if (dist[c] != INT_MAX)
			return true;
	return false;
}

/* Where the team wants to be. */
static void goal_sources(struct nai *n, const struct game *g, int *dist)
{
	const struct nposture *p = &n->p;
	const struct knowledge *k = game_knowledge(g, n->team);
	for (int c = 0; c < n->cells; c++)
		dist[c] = INT_MAX;
	bool place = false;
	if (p->hold >= 0) {
		/* The area, and the enemies in it: held only once they are
		 * gone; when none is known there, the corners not in sight. */
		const struct goal *gl = &g->sc.goals[p->hold];
		bool inside = false;
		for (int e = 0; e < n->nen; e++)
			if (!n->en[e].stale &&
			    goal_area_contains(gl, n->en[e].x, n->en[e].y)) {
				source_around(n, dist, n->en[e].x, n->en[e].y, 0);
				inside = true;
			}
		n->hold_clear = !inside;
		for (int y = gl->y0; y <= gl->y1 && !inside; y++)
			for (int x = gl->x0; x <= gl->x1; x++) {
				int bias = knowledge_sees(k, x, y)
						   ? (int)n->wt[W_SEARCH]
						   : 0;
				if (x >= 0 && y >= 0 && x < n->w && y < n->h &&
				    dist[y * n->w + x] > bias)
					dist[y * n->w + x] = bias;
			}
		place = true;
	}
	if (p->escape >= 0) {
		source_area(n, dist, &g->sc.goals[p->escape], 0);
		place = true;
	}
	if (p->kill_cx >= 0) {
		source_around(n, dist, p->kill_cx, p->kill_cy, 0);
		place = true;
	}
	n->kill_known = false;
	for (int e = 0; e < n->nen; e++)
		if (n->en[e].idx == p->kill_unit && !n->en[e].stale)
			place = n->kill_known = true;
	for (int e = 0; e < n->nen; e++) {
		const struct nenemy *en = &n->en[e];
		if (en->stale)
			continue;
		if (en->idx == p->kill_unit)
			source_around(n, dist, en->x, en->y, 0);
		else if ((p->eliminate || p->sally) && p->escape < 0)
			source_around(n, dist, en->x, en->y, place ? 24 : 0);
	}
	if (any_source(n, dist))
		return;
	/* Nothing known to go for: look where the team has never looked,
	 * else where it last saw an enemy. */
	for (int c = 0; c < n->cells; c++)
		if (!k->memory[c])
			dist[c] = 0;
	if (any_source(n, dist))
		return;
	for (int i = 0; i < n->nunits; i++)
		if (n->units[i].team != n->team && k->last[i].round >= 0)
			source_around(n, dist, k->last[i].x, k->last[i].y, 0);
}

/* Where a team that holds out keeps its ground. */
static void home_sources(struct nai *n, const struct game *g, int *dist)
{
	const struct nposture *p = &n->p;
	for (int c = 0; c < n->cells; c++)
		dist[c] = INT_MAX;
	if (p->enemy_hold >= 0)
		source_area(n, dist, &g->sc.goals[p->enemy_hold], 0);
	if (p->enemy_escape >= 0)
		source_area(n, dist, &g->sc.goals[p->enemy_escape], 0);
	if (any_source(n, dist))
		return;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *u = &n->units[i];
		if (u->team == n->team && unit_alive(u))
			dist[u->y * n->w + u->x] = 0;
	}
}

/* Follow the machines' way from the ram to its objective: the first
 * door on it that an enemy locked is the one to break. */
static void find_breach(struct nai *n, const struct game *g, int ram)
{
	const int *f = n->field[NF_GOAL][CLASS_MACHINE];
	const struct world *w = &n->kw;
	int x = n->units[ram].x, y = n->units[ram].y;
	if (n->p.kill_cx >= 0) {
		n->p.breach_x = n->p.kill_cx;
		n->p.breach_y = n->p.kill_cy;
		return;
	}
	for (int steps = 0; steps < n->cells && f[y * n->w + x] > 0; steps++) {
		int bx = -1, by = -1, best = f[y * n->w + x];
		for (int d = 0; d < DIR_COUNT; d++) {
			int ax = x + dir_dx[d], ay = y + dir_dy[d];
			if (map_inside(&w->map, ax, ay) &&
			    f[ay * n->w + ax] < best) {
				best = f[ay * n->w + ax];
				bx = ax;
				by = ay;
			}
		}
		if (bx < 0)
			return;
		const struct cell *c = map_cell_c(&w->map, bx, by);
		if (cell_is_door(c) && !cell_passable(c) && !ng_may_open(n, g, bx, by)) {
			n->p.breach_x = bx;
			n->p.breach_y = by;
			return;
		}
		x = bx;
		y = by;
	}
}

void ng_fields(struct nai *n, const struct game *g)
{
	int rep[CLASS_COUNT];
	for (int c = 0; c < CLASS_COUNT; c++)
		rep[c] = -1;
	int ram = -1;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *u = &n->units[i];
		if (u->team != n->team || !unit_alive(u))
			continue;
		int cls = world_type(&n->kw, u)->cls;
		if (rep[cls] < 0)
			rep[cls] = i;
		if (ram < 0 && engage_structure_weapon(&n->kw, i) >= 0)
			ram = i;
	}
	/* A ladder a friend is climbing is a queue: a turn or two. */
	for (int c = 0; c < n->cells; c++) {
		n->busy[c] = 0;
		int o = n->occ[c];
		if (o >= 0 && n->units[o].team == n->team &&
		    n->kw.map.cells[c].t.kind == TERRAIN_LADDER)
			n->busy[c] = BUSY_LADDER;
	}
	for (int c = 0; c < CLASS_COUNT; c++) {
		if (rep[c] < 0)
			continue;
		goal_sources(n, g, n->field[NF_GOAL][c]);
		nf_field_kind(n, NF_GOAL, c, rep[c], BREACH_PEN);
		home_sources(n, g, n->field[NF_HOME][c]);
		nf_field_kind(n, NF_HOME, c, rep[c], 0);
	}
	if (ram >= 0 && !n->p.defend)
		find_breach(n, g, ram);
	if (n->p.breach_x >= 0 && rep[CLASS_MACHINE] >= 0) {
		int *f = n->field[NF_BREACH][CLASS_MACHINE];
		for (int c = 0; c < n->cells; c++)
			f[c] = INT_MAX;
		source_around(n, f, n->p.breach_x, n->p.breach_y, 0);
		nf_field_kind(n, NF_BREACH, CLASS_MACHINE, rep[CLASS_MACHINE], 0);
	}
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

void ng_group(struct nai *n, const struct game *g)
{
	const struct nposture *p = &n->p;
	double eta[256];
	int k = 0;
	for (int i = 0; i < n->nunits && k < 256; i++) {
		const struct unit *u = &n->units[i];
		if (u->team != n->team || !unit_alive(u) || i == p->protect_unit)
			continue;
		const struct unit_type *t = world_type(&n->kw, u);
		if (t->cls == CLASS_MACHINE)
			continue;
		const int *f = ng_unit_field(n, g, i);
		eta[k++] = f[u->y * n->w + u->x] / (2.0 * t->move);
	}
	qsort(eta, (size_t)k, sizeof *eta, cmp_double);
	n->eta_ref = k ? eta[k / 2] : 0;
	/* Attackers against the clock press harder as it runs down. */
	n->urgency = 1;
	if (g->sc.rounds > 0 && !p->defend)
		n->urgency += n->wt[W_URGENCY] * (double)(g->round - 1) /
			      g->sc.rounds;
}

const int *ng_unit_field(const struct nai *n, const struct game *g, int u)
{
	(void)g;
	const struct nposture *p = &n->p;
	int cls = world_type(&n->kw, &n->units[u])->cls;
	bool attack = p->hold >= 0 || p->escape >= 0 || p->kill_unit >= 0 ||
		      p->kill_cx >= 0;
	if (p->defend && !attack && !p->sally)
		return n->field[NF_HOME][cls];
	if (cls == CLASS_MACHINE && p->breach_x >= 0 &&
	    engage_structure_weapon(&n->kw, u) >= 0)
		return n->field[NF_BREACH][cls];
	return n->field[NF_GOAL][cls];
}

bool ng_keep_shut(const struct nai *n, const struct game *g)
{
	(void)g;
	/* Holding out, or keeping an enemy from an area it has no use for
	 * itself; a team that must get in opens its doors. */
	return n->p.defend || (n->p.enemy_hold >= 0 && n->p.hold < 0);
}

bool ng_may_open(const struct nai *n, const struct game *g, int x, int y)
{
	const struct cell *c = map_cell_c(&n->kw.map, x, y);
	if (!cell_is_door(c) || cell_passable(c))
		return false;
	bool ours = c->t.locked_by == n->team || c->t.key == n->team;
	if (c->t.state == DOOR_LOCKED && !ours)
		return false;
	/* A door of its own stays shut while holding out, or with enemies
	 * about. */
	if (ng_keep_shut(n, g))
		return false;
	for (int e = 0; e < n->nen; e++)
		if (c->t.state == DOOR_LOCKED &&
		    geom_within(n->en[e].x, n->en[e].y, x, y, DOOR_WARY))
			return false;
	return true;
}
