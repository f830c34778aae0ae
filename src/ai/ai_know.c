/* ai_know.c: the battle as the normal player's team knows it. Every
 * decision reads a private world holding the team's own units and the
 * enemies it sees now (any other unit is off that board), so the rules'
 * own functions (engagement, odds, lines of sight, movement costs) can
 * be asked "what if" without a hidden unit ever changing an answer. */
#include "ai/nai.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/combat.h"
#include "rules/engage.h"
#include "world/vision.h"

/* Rounds a ghost (an enemy seen lately, out of sight now) is believed. */
#define GHOST_ROUNDS 3

/* A player made in the middle of a game takes the doors it cannot see
 * as it remembers them: shut if it saw them shut, open if open. */
static void forget_unseen_doors(struct nai *n, const struct game *g, int team)
{
	const struct knowledge *k = game_knowledge(g, team);
	for (int c = 0; c < n->cells; c++) {
		struct cell *cell = &n->kmap.cells[c];
		char seen = (char)k->memory[c];
		if (k->view[c] || !seen || seen == cell_symbol(cell) ||
		    cell->t.kind != TERRAIN_DOOR || cell->t.broken)
			continue;
		if (seen == '\'')
			cell->t.state = DOOR_OPEN;
		else if (cell->t.state == DOOR_OPEN)
			cell->t.state = DOOR_CLOSED;
	}
}

/* Whether a cell of the map as made can ever change: a door (opened,
 * shut, broken) or a wall that can be breached (or was: the breach
 * may be undone). The rules change no other. */
static bool cell_changeable(const struct cell *c)
{
	return c->t.kind == TERRAIN_DOOR || c->t.dv > 0 || c->t.hits > 0 ||
	       c->t.rubble || c->t.broken;
}

static void find_changeable(struct nai *n, const struct map *m)
{
	n->nchangeable = 0;
	for (int c = 0; c < n->cells; c++)
		n->nchangeable += cell_changeable(&m->cells[c]);
	n->changeable = xmalloc((size_t)(n->nchangeable ? n->nchangeable : 1) *
				sizeof *n->changeable);
	n->nchangeable = 0;
	for (int c = 0; c < n->cells; c++)
		if (cell_changeable(&m->cells[c]))
			n->changeable[n->nchangeable++] = c;
}

struct nai *nai_new(const struct game *g, int team, bool hard)
{
	struct nai *n = xcalloc(1, sizeof *n);
	const struct world *w = g->w;
	n->hard = hard;
	n->wt = nai_weights(hard, false);
	size_t units = (size_t)(w->nunits ? w->nunits : 1);
	n->team = team;
	n->w = w->map.w;
	n->h = w->map.h;
	n->cells = n->w * n->h;
	n->nunits = w->nunits;
	n->units = xcalloc(units, sizeof *n->units);
	n->occ = xmalloc((size_t)n->cells * sizeof *n->occ);
	/* As build_world leaves it between decisions: only where a unit
	 * stands is it set. */
	util_fill_int(n->occ, (size_t)n->cells, -1);
	n->zeros = xcalloc(units, 1);
	n->en = xcalloc(units, sizeof *n->en);
	for (int f = 0; f < NF_COUNT; f++)
		for (int c = 0; c < CLASS_COUNT; c++)
			n->field[f][c] = xmalloc((size_t)n->cells * sizeof(int));
	map_copy(&n->kmap, &w->map);
	find_changeable(n, &w->map);
	forget_unseen_doors(n, g, team);
	n->phase = xcalloc(units, 1);
	n->has_shot = xcalloc(units, 1);
	n->scratch = xmalloc((size_t)n->cells * sizeof *n->scratch);
	/* As nf_reach_box wants it. */
	util_fill_int(n->scratch, (size_t)n->cells, INT_MAX);
	n->cost = xmalloc((size_t)n->cells * sizeof *n->cost);
	n->busy = xcalloc((size_t)n->cells, sizeof *n->busy);
	n->seen_hits = xmalloc(units * sizeof *n->seen_hits);
	for (int i = 0; i < w->nunits; i++)
		n->seen_hits[i] = world_type(w, &w->units[i])->hits;
	n->prev = xmalloc((size_t)n->cells * sizeof *n->prev);
	n->round = -1;
	n->scope.u = n->point.u = -1;
	n->gw = (n->w + NAI_GRID - 1) / NAI_GRID;
	n->gh = (n->h + NAI_GRID - 1) / NAI_GRID;
	n->grid_first = xmalloc((size_t)n->gw * (size_t)n->gh *
				sizeof *n->grid_first);
	n->grid_next = xmalloc(units * sizeof *n->grid_next);
	n->reach_max = 1;
	for (int t = 0; t < w->roster.ntypes; t++) {
		int r = engage_reach_range(&w->roster.types[t]);
		n->reach_max = r > n->reach_max ? r : n->reach_max;
	}
	return n;
}

void nai_free(struct nai *n)
{
	if (!n)
		return;
	map_free(&n->kmap);
	free(n->changeable);
	for (int i = 0; i < n->nunits; i++)
		free(n->en[i].engage);
	for (int f = 0; f < NF_COUNT; f++)
		for (int c = 0; c < CLASS_COUNT; c++)
			free(n->field[f][c]);
	for (int f = 0; f < NF_COUNT; f++)
		for (int c = 0; c < CLASS_COUNT; c++)
			free(n->field_done[f][c]);
	for (int s = 0; s < NF_STEPS_COUNT; s++)
		for (int c = 0; c < CLASS_COUNT; c++)
			free(n->steps[s][c]);
	free(n->en);
	free(n->units);
	free(n->occ);
	free(n->zeros);
	free(n->phase);
	free(n->has_shot);
	free(n->scratch);
	free(n->cost);
	free(n->busy);
	free(n->seen_hits);
	free(n->prev);
	bucket_free(&n->queue);
	ns_scope_free(n);
	free(n->grid_first);
	free(n->grid_next);
	free(n);
}

double nk_chance(const struct world *w, int need)
{
	return combat_chance(&w->roster.chart, need);
}

int nk_melee_av(const struct unit_type *t)
{
	int best = 0;
	for (int i = 0; i < t->nweapons; i++)
		if (!weapon_is_ranged(&t->weapons[i]) &&
		    (best == 0 || t->weapons[i].av < best))
			best = t->weapons[i].av;
	return best;
}

bool nk_has_ranged(const struct unit_type *t)
{
	for (int i = 0; i < t->nweapons; i++)
		if (weapon_is_ranged(&t->weapons[i]))
			return true;
	return false;
}

void nk_place(struct nai *n, int i, int x, int y)
{
	struct unit *u = &n->units[i];
	if (n->occ[u->y * n->w + u->x] == i)
		n->occ[u->y * n->w + u->x] = -1;
	u->x = x;
	u->y = y;
	/* On a friend's cell (passing through) the grid keeps the friend. */
	if (n->occ[y * n->w + x] < 0)
		n->occ[y * n->w + x] = i;
}

bool nk_engaged(const struct nai *n, int i)
{
	return engage_engaged(&n->kw, i);
}

/* File kw's living units by square. */
static void grid_build(struct nai *n)
{
	util_fill_int(n->grid_first, (size_t)n->gw * (size_t)n->gh, -1);
	for (int i = n->nunits - 1; i >= 0; i--) {
		const struct unit *u = &n->units[i];
		if (!unit_alive(u))
			continue;
		int sq = u->y / NAI_GRID * n->gw + u->x / NAI_GRID;
		n->grid_next[i] = n->grid_first[sq];
		n->grid_first[sq] = i;
	}
}

/* The squares of the grid that hold the cells x0,y0 to x1,y1 (clipped
 * to the map): sq[0..3] = first and last column, first and last row. */
static void grid_span(const struct nai *n, int x0, int y0, int x1, int y1,
		      int sq[4])
{
	sq[0] = (x0 > 0 ? x0 : 0) / NAI_GRID;
	sq[1] = (x1 < n->w - 1 ? x1 : n->w - 1) / NAI_GRID;
	sq[2] = (y0 > 0 ? y0 : 0) / NAI_GRID;
	sq[3] = (y1 < n->h - 1 ? y1 : n->h - 1) / NAI_GRID;
}

bool nk_engaged_as_found(const struct nai *n, int i)
{
	const struct unit *u = &n->units[i];
	if (!unit_alive(u))
		return false;
	/* No unit further than contact or the longest reach is in melee
	 * with it, and any answer will do: the order asked is no matter. */
	int r = n->reach_max, sq[4];
	grid_span(n, u->x - r, u->y - r, u->x + r, u->y + r, sq);
	for (int gy = sq[2]; gy <= sq[3]; gy++)
		for (int gx = sq[0]; gx <= sq[1]; gx++)
			for (int j = n->grid_first[gy * n->gw + gx]; j >= 0;
			     j = n->grid_next[j])
				if (n->units[j].team != u->team &&
				    engage_in_melee(&n->kw, i, j))
					return true;
	return false;
}

const struct nenemy *nk_enemy(const struct nai *n, int i)
{
	for (int k = 0; k < n->nen; k++)
		if (n->en[k].idx == i)
			return &n->en[k];
	return NULL;
}

/* The worth of the whole unit, before goals: every unit is worth about
 * the same, shooters and fast units a little more, and one that never
 * attacks (a mantlet) little: it harms nobody. */
static double base_value(const struct unit_type *t)
{
	if (t->nweapons == 0)
		return 2;
	double v = 10;
	if (nk_has_ranged(t))
		v += 3;
	if (t->move >= 10)
		v += 2;
	return v;
}

double nk_hit_value(const struct nai *n, const struct game *g, int i)
{
	const struct world *w = g->w;
	const struct unit *u = &n->units[i];
	const struct unit_type *t = world_type(w, u);
	double v = base_value(t);
	const struct nposture *p = &n->p;
	if (u->team != n->team) {
		if (i == p->kill_unit)
			v *= n->wt[W_TARGET];
		if (p->hold >= 0 &&
		    goal_area_contains(&g->sc.goals[p->hold], u->x, u->y))
			v *= 1.5;
		/* A ram at our gates is what opens them. */
		if (p->defend && engage_structure_weapon(&n->kw, i) >= 0)
			v *= 2;
		if (p->enemy_escape >= 0) {
			const struct goal *gl = &g->sc.goals[p->enemy_escape];
			int cx = (gl->x0 + gl->x1) / 2, cy = (gl->y0 + gl->y1) / 2;
			int d2 = geom_dist2(u->x, u->y, cx, cy);
			v *= d2 < 144 ? 2.0 : d2 < 576 ? 1.5 : 1.0;
		}
	} else {
		if (i == p->protect_unit)
			v *= n->wt[W_GUARD];
		/* Holding out, its last units are what it wins with. */
		if (p->defend)
			v *= 1 + n->wt[W_LAST] * 2 / (n->alive > 0 ? n->alive : 1);
	}
	return v / (u->hits > 0 ? u->hits : 1);
}

/* Mark on e's box the cells an enemy standing at x,y could strike with a
 * reach of reach cells (heights apart only where a ladder or stairs
 * join them). */
static void mark_engage(struct nai *n, struct nenemy *e, int x, int y,
			int reach)
{
	const struct map *m = &n->kw.map;
	const struct cell *at = map_cell_c(m, x, y);
	bool joins_at = at->t.kind == TERRAIN_LADDER ||
			at->t.kind == TERRAIN_STAIRS;
	for (int dy = -reach; dy <= reach; dy++)
		for (int dx = -reach; dx <= reach; dx++) {
			int ax = x + dx, ay = y + dy;
			if (!map_inside(m, ax, ay) || dx * dx + dy * dy > reach * reach)
				continue;
			const struct cell *cc = map_cell_c(m, ax, ay);
			bool joins = joins_at || cc->t.kind == TERRAIN_LADDER ||
				     cc->t.kind == TERRAIN_STAIRS;
			if (cc->t.height != at->t.height && !joins)
				continue;
			e->engage[(ay - e->ey) * e->ew + ax - e->ex] = 1;
		}
}

/* Cells enemy e could be in melee with after turns moves of its own. */
static uint64_t mix(uint64_t h, uint64_t v);

/* What enemy e's engage map depends on: who it is, where it stands, how
 * many moves, the ground as known (its version) and who stands in its
 * box, which holds every cell its search could step into (the box is
 * its reach wider than the cells reached, and a reach is one cell at
 * least). Never 0. */
static uint64_t engage_from(const struct nai *n, const struct nenemy *e,
			    int turns)
{
	const struct unit *u = &n->units[e->idx];
	uint64_t h = mix(mix(mix(mix(1, (uint64_t)e->idx), (uint64_t)u->x),
			     (uint64_t)u->y),
			 (uint64_t)turns);
	h = mix(h, n->kmap_version);
	h = mix(mix(mix(mix(h, (uint64_t)e->ex), (uint64_t)e->ey),
		    (uint64_t)e->ew),
		(uint64_t)e->eh);
	for (int y = e->ey; y < e->ey + e->eh; y++)
		for (int x = e->ex; x < e->ex + e->ew; x++)
			h = mix(h, (uint64_t)(n->occ[y * n->w + x] + 1));
	return h ? h : 1;
}

/* Whether enemy u could stand at x,y after its move (cost from
 * nf_reach_box). */
static bool engage_source(const struct nai *n, const int *cost,
			  const struct unit *u, int x, int y)
{
	return cost[y * n->w + x] != INT_MAX || (x == u->x && y == u->y);
}

/* Whether each of the four cells beside x,y on the map is one u could
 * stand at. */
static bool engage_inner(const struct nai *n, const int *cost,
			 const struct unit *u, int x, int y)
{
	static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
	for (int k = 0; k < 4; k++) {
		int ax = x + dx[k], ay = y + dy[k];
		if (map_inside(&n->kw.map, ax, ay) &&
		    !engage_source(n, cost, u, ax, ay))
			return false;
	}
	return true;
}

static void engage_map(struct nai *n, struct nenemy *e, int turns)
{
	if (e->engage_key && e->engage_key == engage_from(n, e, turns))
		return; /* the same enemy, ground and neighbours: the same map */
	const struct world *kw = &n->kw;
	struct unit *u = &n->units[e->idx];
	const struct unit_type *t = world_type(kw, u);
	int reach = 1;
	for (int i = 0; i < t->nweapons; i++)
		if (t->weapons[i].kind == WEAPON_REACH && t->weapons[i].range > reach)
			reach = t->weapons[i].range;
	int *cost = n->scratch;
	int box[4];
	nf_reach_box(n, e->idx, t->move * 2 * turns, cost, box);
	e->ex = box[0] - reach > 0 ? box[0] - reach : 0;
	e->ey = box[1] - reach > 0 ? box[1] - reach : 0;
	e->ew = (box[2] + reach < n->w ? box[2] + reach : n->w - 1) - e->ex + 1;
	e->eh = (box[3] + reach < n->h ? box[3] + reach : n->h - 1) - e->ey + 1;
	size_t size = (size_t)e->ew * (size_t)e->eh;
	if (size > e->engage_cap) {
		free(e->engage);
		e->engage = xmalloc(size);
		e->engage_cap = size;
	}
	memset(e->engage, 0, size);
	for (int y = box[1]; y <= box[3]; y++)
		for (int x = box[0]; x <= box[2]; x++) {
			if (!engage_source(n, cost, u, x, y))
				continue;
			/* A reach of one marks the cell and the four beside
			 * it, and those it could stand on mark themselves. */
			if (reach == 1 && engage_inner(n, cost, u, x, y))
				e->engage[(y - e->ey) * e->ew + x - e->ex] = 1;
			else
				mark_engage(n, e, x, y, reach);
		}
	nf_reach_box_clear(n, cost, box);
	e->engage_key = engage_from(n, e, turns);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

/* What the analysis depends on: the step, every enemy the team knows
 * of, and its doors and breachable walls as it remembers them. (Only
 * when it is rebuilt: what it finds depends on knowledge alone.) */
static uint64_t signature(const struct nai *n, const struct game *g,
			  const struct knowledge *k)
{
	const struct map *m = &g->w->map;
	uint64_t h = mix(mix(mix(0, (uint64_t)g->round), (uint64_t)g->step),
			 (uint64_t)g->active);
	for (int i = 0; i < k->nunits; i++)
		if (k->last[i].round >= 0)
			h = mix(h, (uint64_t)i * 1000003u + (uint64_t)k->last[i].x *
					   1009u + (uint64_t)k->last[i].y * 7u +
					   k->units[i]);
	/* No cell that was not a door or a wall to breach can be one. */
	for (int j = 0; j < n->nchangeable; j++) {
		int c = n->changeable[j];
		if (m->cells[c].t.kind == TERRAIN_DOOR || m->cells[c].t.dv > 0)
			h = mix(h, k->memory[c]);
	}
	return h;
}

static void find_enemies(struct nai *n, const struct game *g,
			 const struct knowledge *k)
{
	n->nen = 0;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *u = &n->units[i];
		if (u->team == n->team || k->last[i].round < 0)
			continue;
		struct nenemy *e = &n->en[n->nen];
		e->idx = i;
		e->seen = knowledge_knows(k, i);
		e->x = e->seen ? u->x : k->last[i].x;
		e->y = e->seen ? u->y : k->last[i].y;
		e->stale = false;
		if (!e->seen) {
			/* A ghost: believed while lately seen; where it was
			 * is only a guess once that place is in sight. */
			if (g->round - k->last[i].round > GHOST_ROUNDS ||
			    n->occ[e->y * n->w + e->x] >= 0)
				continue;
			e->stale = knowledge_sees(k, e->x, e->y);
			n->units[i].status = STATUS_ACTIVE;
			n->units[i].x = e->x;
			n->units[i].y = e->y;
			n->occ[e->y * n->w + e->x] = i;
			/* Unseen, it may have moved since. */
			engage_map(n, e, 1 + g->round - k->last[i].round);
			n->occ[e->y * n->w + e->x] = -1;
			n->units[i].status = STATUS_DISABLED;
		} else {
			engage_map(n, e, 1);
		}
		n->nen++;
	}
	for (int k2 = 0; k2 < n->nen; k2++)
		n->en[k2].v = nk_hit_value(n, g, n->en[k2].idx);
}

/* The private world: own units, enemies in sight; nothing else. */
static void build_world(struct nai *n, const struct game *g,
			const struct knowledge *k)
{
	const struct world *w = g->w;
	/* The grid is set only where a unit stands (nk_place and the
	 * ghosts of find_enemies keep it so): clear those cells. */
	for (int i = 0; i < n->nunits; i++)
		n->occ[n->units[i].y * n->w + n->units[i].x] = -1;
	memcpy(n->units, w->units, (size_t)n->nunits * sizeof *n->units);
	for (int i = 0; i < n->nunits; i++) {
		struct unit *u = &n->units[i];
		if (!knowledge_knows(k, i)) {
			/* Off this board, whatever became of it, with the
			 * hits it had when last seen. */
			u->status = STATUS_DISABLED;
			u->x = u->y = 0;
			u->hits = n->seen_hits[i];
			continue;
		}
		n->seen_hits[i] = u->hits;
		n->occ[u->y * n->w + u->x] = i;
	}
	/* What it sees now it sees as it is; the rest as it was. Only a
	 * cell that can change can differ. */
	for (int j = 0; j < n->nchangeable; j++) {
		int c = n->changeable[j];
		/* Field by field: the padding of a cell is never set, so
		 * its bytes say nothing. */
		if (k->view[c] &&
		    !cell_same(&n->kmap.cells[c], &w->map.cells[c])) {
			n->kmap.cells[c] = w->map.cells[c];
			n->kmap_version++;
		}
	}
	n->kw = *w;
	n->kw.map = n->kmap;
	n->kw.units = n->units;
	n->kw.occ = n->occ;
}

void nk_targets(struct nai *n)
{
	const struct world *kw = &n->kw;
	for (int k = 0; k < n->nen; k++) {
		struct nenemy *e = &n->en[k];
		const struct unit_type *et = world_type(kw, &n->units[e->idx]);
		int range = 0;
		for (int i = 0; i < et->nweapons; i++)
			if (weapon_is_ranged(&et->weapons[i]) &&
			    et->weapons[i].range > range)
				range = et->weapons[i].range;
		e->nmelee = e->nshot = 0;
		/* Counts: only the units of the squares that hold its engage
		 * box and its range need be asked, in any order. */
		int x0 = e->x - range, y0 = e->y - range;
		int x1 = e->x + range, y1 = e->y + range, sq[4];
		x0 = e->ex < x0 ? e->ex : x0;
		y0 = e->ey < y0 ? e->ey : y0;
		x1 = e->ex + e->ew - 1 > x1 ? e->ex + e->ew - 1 : x1;
		y1 = e->ey + e->eh - 1 > y1 ? e->ey + e->eh - 1 : y1;
		grid_span(n, x0, y0, x1, y1, sq);
		for (int gy = sq[2]; gy <= sq[3]; gy++)
			for (int gx = sq[0]; gx <= sq[1]; gx++)
				for (int i = n->grid_first[gy * n->gw + gx];
				     i >= 0; i = n->grid_next[i]) {
					const struct unit *u = &n->units[i];
					if (u->team != n->team)
						continue;
					if (nk_engages(e, u->x, u->y))
						e->nmelee++;
					if (range &&
					    geom_within(e->x, e->y, u->x, u->y,
							range) &&
					    !vision_line_blocked(kw, e->x, e->y,
								 u->x, u->y))
						e->nshot++;
				}
	}
}

void nk_update(struct nai *n, const struct game *g)
{
	const struct knowledge *k = game_knowledge(g, n->team);
	build_world(n, g, k);
	grid_build(n);
	n->alive = world_team_alive(&n->kw, n->team);
	uint64_t sig = signature(n, g, k);
	bool new_step = g->round != n->round || (int)g->step != n->step;
	if (!new_step && sig == n->sig) {
		nk_targets(n);
		return;
	}
	n->sig = sig;
	ng_posture(n, g);
	n->wt = nai_weights(n->hard, n->p.defend);
	find_enemies(n, g, k);
	ng_sally(n);
	if (g->step == STEP_MOVEMENT)
		ng_fields(n, g);
#ifdef NAI_DEBUG
	fprintf(stderr, "[%s r%d %s] enemies:", g->w->teams[n->team].name,
		g->round, step_names[g->step]);
	for (int e = 0; e < n->nen; e++)
		fprintf(stderr, " %s%s@%d,%d", n->en[e].seen ? "" : "~",
			g->w->units[n->en[e].idx].id, n->en[e].x, n->en[e].y);
	fprintf(stderr, "\n");
#endif
	nk_targets(n);
	if (new_step) {
		n->round = g->round;
		n->step = (int)g->step;
		memset(n->phase, 0, (size_t)n->nunits);
		if (g->step == STEP_MOVEMENT)
			ng_group(n, g);
	}
}
