/* ai_normal.c: the normal computer player. It plays the scenario's goals
 * from what its team knows (ai_know.c). In the Movement step it takes its
 * units rear first, so those ahead see their friends come up: each deals
 * with doors and ladders, then goes to the best of the places it can
 * reach (ai_score.c), then turns to face what matters. It shoots and
 * fights where the exact odds (the rules' own previews) and the worth of
 * the target promise most, finishing the wounded and the units the goals
 * name first. */
#include "ai/nai.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "rules/combat.h"
#include "rules/engage.h"
#include "rules/move.h"

/* Inches within which a known enemy is worth turning to face. */
#define FACE_NEAR 12
/* Places whose ways are checked for free attacks. */
#define TOP_K 6

/* A unit's Movement step: doors, then a move (a climb may take the
 * first, and a move from the top of the ladder the second), then a turn
 * to face. */
enum { PH_DOORS, PH_MOVE, PH_MOVE_AFTER_CLIMB, PH_FACE, PH_DONE };

static int sgn(int v)
{
	return v > 0 ? 1 : v < 0 ? -1 : 0;
}

static bool mine(const struct nai *n, int i)
{
	const struct unit *u = &n->units[i];
	return u->team == n->team && unit_alive(u);
}

/* --- Movement ---------------------------------------------------------- */

/* The next unit to move: those in melee first (stay or break away),
 * rams, then fighters and shooters, each from the rear. */
static int next_mover(struct ai *a, struct nai *n, const struct game *g)
{
	int best = -1;
	long bestkey = LONG_MIN;
	for (int i = 0; i < n->nunits; i++) {
		if (a->done[i] || !mine(n, i))
			continue;
		const struct unit_type *t = world_type(&n->kw, &n->units[i]);
		const int *f = ng_unit_field(n, g, i);
		long key = f[n->units[i].y * n->w + n->units[i].x];
		/* The hard player running for an exit moves its front
		 * first: the leaders get away, the rest follow in their
		 * wake instead of blocking their way. */
		if (n->hard && n->p.escape >= 0)
			key = -key;
		if (nk_has_ranged(t))
			key -= 1L << 24;
		if (engage_structure_weapon(&n->kw, i) >= 0)
			key += 1L << 24;
		if (nk_engaged_as_found(n, i))
			key += 1L << 28;
		/* Already begun: finish it first. */
		if (n->phase[i] != PH_DOORS)
			key += 1L << 30;
		if (key > bestkey) {
			bestkey = key;
			best = i;
		}
	}
	return best;
}

/* Inches of a field's half-inches, for reasons. */
static double inches(int half)
{
	return half >= NAI_FAR ? -1 : half / 2.0;
}

static void explain_door(const struct ai *a, const struct nai *n,
			 const struct game *g, int u, const int *f, int x,
			 int y, const char *line, const char *why)
{
	if (!a->explain)
		return;
	const struct unit *me = &n->units[u];
	struct ai_reason r;
	ai_reason_line(&r, u, -1, line);
	snprintf(r.note, sizeof r.note, "%s", why);
	ai_reason_term(&r, "way from here", inches(f[me->y * n->w + me->x]));
	ai_reason_term(&r, "way from the door", inches(f[y * n->w + x]));
	ai_tell(a, g, &r);
}

/* Doors: a team on the attack opens those on its way; one holding out locks
 * those beside it. */
static bool door_action(const struct ai *a, struct nai *n,
			const struct game *g, int u, const int *f, char *line,
			int size)
{
	const struct unit *me = &n->units[u];
	if (me->move_left < NAI_DOOR_COST ||
	    world_type(&n->kw, me)->cls == CLASS_MACHINE)
		return false;
	for (int d = 0; d < DIR_COUNT; d++) {
		int x = me->x + dir_dx[d], y = me->y + dir_dy[d];
		if (!map_inside(&n->kw.map, x, y))
			continue;
		const struct cell *c = map_cell_c(&n->kw.map, x, y);
		if (!cell_is_door(c) || c->t.broken)
			continue;
		if (ng_keep_shut(n, g) && c->t.state == DOOR_CLOSED) {
			snprintf(line, (size_t)size, "door %s %s lock", me->id,
				 dir_names[d]);
			explain_door(a, n, g, u, f, x, y, line, "its side holds out: "
				     "a door it can shut, it locks");
			return true;
		}
		if (ng_may_open(n, g, x, y) &&
		    f[y * n->w + x] < f[me->y * n->w + me->x]) {
			snprintf(line, (size_t)size, "door %s %s open", me->id,
				 dir_names[d]);
			explain_door(a, n, g, u, f, x, y, line,
				     "the door is on its way");
			return true;
		}
	}
	return false;
}

/* Whether a unit at x,y with left half-inches could lock a door. */
static bool could_lock(const struct nai *n, int x, int y, int left)
{
	if (left < NAI_DOOR_COST)
		return false;
	for (int d = 0; d < DIR_COUNT; d++) {
		int ax = x + dir_dx[d], ay = y + dir_dy[d];
		if (map_inside(&n->kw.map, ax, ay) &&
		    map_cell_c(&n->kw.map, ax, ay)->t.kind == TERRAIN_DOOR &&
		    map_cell_c(&n->kw.map, ax, ay)->t.state == DOOR_CLOSED)
			return true;
	}
	return false;
}

/* A ladder climb on the way, from where the unit stands: its direction,
 * or -1. */
static int climb_dir(const struct nai *n, int u, const int *f)
{
	const struct unit *me = &n->units[u];
	int here = f[me->y * n->w + me->x];
	char why[MOVE_WHY_LEN];
	if (me->climb_paid > 0)
		return (int)me->climb_dir;
	for (int d = 0; d < DIR_COUNT; d++) {
		int x = me->x + dir_dx[d], y = me->y + dir_dy[d];
		if (!move_is_ladder_climb(&n->kw, me->x, me->y, (enum dir)d) ||
		    n->occ[y * n->w + x] >= 0 || f[y * n->w + x] > here)
			continue;
		if (move_step_cost(&n->kw, NULL, u, me->x, me->y, me->facing,
				   (enum dir)d, why) >= 0)
			return d;
	}
	return -1;
}

/* Why u goes to bx,by (or stays): the terms of its score there, what
 * the way costs in free attacks, and what staying would have scored;
 * computed again only when asked, so that choosing costs no more. */
static void explain_move(const struct ai *a, struct nai *n, struct game *g,
			 int u, const int *f, int bx, int by, const int *prev,
			 bool risky, double best)
{
	const struct unit *me = &n->units[u];
	bool stay = bx == me->x && by == me->y;
	int places = 0;
	for (int c = 0; c < n->cells; c++)
		places += n->cost[c] != INT_MAX && n->cost[c] > 0 &&
			  n->cost[c] <= me->move_left;
	struct nparts p;
	ns_score_parts(n, g, u, bx, by, stay ? 0 : n->cost[by * n->w + bx], f,
		       &p);
	struct ai_reason r;
	if (stay)
		ai_reason_init(&r, u, -1, "stays at %d,%d", bx, by);
	else
		ai_reason_init(&r, u, -1, "moveto %d,%d", bx, by);
	snprintf(r.note, sizeof r.note, "the best of %d place%s it can reach, "
		 "and where it stands",
		 places, places == 1 ? "" : "s");
	ai_reason_term(&r, "way left", inches(f[by * n->w + bx]));
	ai_reason_term(&r, "progress", p.prog);
	ai_reason_term(&r, "place", p.place);
	ai_reason_term(&r, "leaving melee", p.leave);
	ai_reason_term(&r, "fight", p.fight);
	ai_reason_term(&r, "shot", p.shot);
	ai_reason_term(&r, "threat", p.threat);
	ai_reason_term(&r, "group", p.group);
	if (risky && !stay)
		ai_reason_term(&r, "free attacks on the way",
			       -ns_path_risk(n, g, u, bx, by, prev));
	ai_reason_term(&r, "score", best);
	if (!stay)
		ai_reason_term(&r, "staying",
			       ns_score(n, g, u, me->x, me->y, 0, f));
	ai_tell(a, g, &r);
}

static void explain_climb(const struct ai *a, const struct nai *n,
			  const struct game *g, int u, const char *line,
			  double climb, double best)
{
	struct ai_reason r;
	ai_reason_line(&r, u, -1, line);
	snprintf(r.note, sizeof r.note, "pays towards a climb that takes more "
		 "than this turn");
	ai_reason_term(&r, "score at the top", climb);
	ai_reason_term(&r, "best place this turn", best);
	(void)n;
	ai_tell(a, g, &r);
}

/* The box of the cells a war machine's search reached within limit
 * (the game's search gives none). */
static void reach_box(const struct nai *n, const int *cost, int limit,
		      int box[4])
{
	box[0] = n->w;
	box[1] = n->h;
	box[2] = box[3] = -1;
	for (int c = 0; c < n->cells; c++) {
		if (cost[c] == INT_MAX || cost[c] > limit)
			continue;
		int x = c % n->w, y = c / n->w;
		box[0] = x < box[0] ? x : box[0];
		box[1] = y < box[1] ? y : box[1];
		box[2] = x > box[2] ? x : box[2];
		box[3] = y > box[3] ? y : box[3];
	}
}

/* The best place for u this turn, among all it can reach (or a climb,
 * when climb): writes the command and returns 1 for a move, 2 for a
 * climb, or returns 0 to stay. */
static int choose_move(const struct ai *a, struct nai *n, struct game *g,
		       int u, const int *f, bool climb, char *line, int size)
{
	const struct unit *me = &n->units[u];
	int *cost = n->cost, *prev = NULL;
	int box[4];
	/* Turns cost war machines: the game's own search counts them. */
	if (world_type(&n->kw, me)->cls == CLASS_MACHINE) {
		game_reach_within(g, u, me->move_left, cost);
		reach_box(n, cost, me->move_left, box);
	} else {
		prev = n->prev;
		nf_reach(n, u, me->move_left, cost, prev, box);
	}
	ns_scope(n, g, u, box[0], box[1], box[2], box[3]);
	bool lock = ng_keep_shut(n, g);
	int bx = me->x, by = me->y;
	double best = ns_score(n, g, u, me->x, me->y, 0, f);
	if (lock && could_lock(n, me->x, me->y, me->move_left))
		best += n->wt[W_LOCK];
	/* The few best places, then the free attacks on the way to each.
	 * Row by row, as the map's cells go: of places scoring the same,
	 * the first is kept. */
	struct top {
		double s;
		int c;
	} top[TOP_K];
	int ntop = 0;
	for (int y = box[1]; y <= box[3]; y++)
		for (int x = box[0]; x <= box[2]; x++) {
			int c = y * n->w + x;
			if (cost[c] == INT_MAX || cost[c] == 0 ||
			    cost[c] > me->move_left)
				continue;
			double s = ns_score(n, g, u, x, y, cost[c], f);
			if (lock && could_lock(n, x, y, me->move_left - cost[c]))
				s += n->wt[W_LOCK];
			if (s <= best ||
			    (ntop == TOP_K && s <= top[TOP_K - 1].s))
				continue;
			if (ntop < TOP_K)
				ntop++;
			int k = ntop - 1;
			top[k] = (struct top){s, c};
			for (; k > 0 && top[k - 1].s < top[k].s; k--) {
				struct top t = top[k];
				top[k] = top[k - 1];
				top[k - 1] = t;
			}
		}
	bool engaged_near = false;
	for (int k = 0; k < n->nen && !engaged_near; k++)
		engaged_near = n->en[k].seen &&
			       geom_within(me->x, me->y, n->en[k].x, n->en[k].y,
					   me->move_left / 2 + 3);
	for (int k = 0; k < ntop; k++) {
		int x = top[k].c % n->w, y = top[k].c / n->w;
		double s = top[k].s;
		if (engaged_near)
			s -= ns_path_risk(n, g, u, x, y, prev);
		if (s > best) {
			best = s;
			bx = x;
			by = y;
		}
	}
	/* Paying towards a climb that takes more than this turn. */
	int cd = climb ? climb_dir(n, u, f) : -1;
	if (cd >= 0 && me->move_left > 0) {
		int lx = me->x + dir_dx[cd], ly = me->y + dir_dy[cd];
		double s = ns_score(n, g, u, lx, ly, 0, f) - 1.0;
		if (s > best) {
			snprintf(line, (size_t)size, "move %s %s", me->id,
				 dir_names[cd]);
			if (a->explain)
				explain_climb(a, n, g, u, line, s, best);
			ns_scope_end(n);
			return 2;
		}
	}
#ifdef NAI_DEBUG
	struct nparts pa, pb;
	ns_score_parts(n, g, u, me->x, me->y, 0, f, &pa);
	ns_score_parts(n, g, u, bx, by, cost[by * n->w + bx], f, &pb);
	fprintf(stderr,
		"%s r%d %d,%d f%d [prog %.2f place %.2f fight %.2f shot %.2f "
		"threat %.2f group %.2f] -> %d,%d f%d [prog %.2f place %.2f "
		"leave %.2f fight %.2f shot %.2f threat %.2f group %.2f]\n",
		me->id, g->round, me->x, me->y, f[me->y * n->w + me->x], pa.prog,
		pa.place, pa.fight, pa.shot, pa.threat, pa.group, bx, by,
		f[by * n->w + bx], pb.prog, pb.place, pb.leave, pb.fight, pb.shot,
		pb.threat, pb.group);
#endif
	if (a->explain)
		explain_move(a, n, g, u, f, bx, by, engaged_near ? prev : NULL,
			     engaged_near, best);
	ns_scope_end(n);
	if (bx == me->x && by == me->y)
		return 0;
	snprintf(line, (size_t)size, "moveto %s %d,%d", me->id, bx, by);
	return 1;
}

/* A facing whose arc holds the offset vx,vy: straight at it if that
 * does, else the first that does. */
static int facing_for(int vx, int vy)
{
	int d = dir_from_delta(sgn(vx), sgn(vy));
	if (d >= 0 && geom_in_arc((enum dir)d, vx, vy))
		return d;
	for (d = 0; d < DIR_COUNT; d++)
		if (geom_in_arc((enum dir)d, vx, vy))
			return d;
	return -1;
}

/* What the unit should face: the enemy it fights that strikes hardest,
 * else the best shot, else the nearest enemy it knows of. */
static bool choose_face(const struct ai *a, struct nai *n, struct game *g,
			int u, char *line, int size)
{
	const struct unit *me = &n->units[u];
	const struct unit_type *mt = world_type(&n->kw, me);
	int tx = -1, ty = -1, who = -1;
	const char *why = "";
	double best = -1;
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		if (!e->seen || engage_weapon(&n->kw, e->idx, u) < 0)
			continue;
		double v = 1.0 / (1 + nk_melee_av(world_type(&n->kw,
							       &n->units[e->idx])));
		if (v > best) {
			best = v;
			tx = e->x;
			ty = e->y;
			who = e->idx;
			why = "the enemy it fights that strikes hardest";
		}
	}
	if (tx < 0 && nk_has_ranged(mt) && !nk_engaged(n, u)) {
		for (int k = 0; k < n->nen; k++) {
			if (!n->en[k].seen)
				continue;
			double v = ns_shot_value(n, g, u, n->en[k].idx);
			if (v > 0 && v > best) {
				best = v;
				tx = n->en[k].x;
				ty = n->en[k].y;
				who = n->en[k].idx;
				why = "its best shot";
			}
		}
	}
	if (tx < 0) {
		/* Only an enemy that could be upon it soon is worth a turn
		 * (each turn is a command, and shows the team a new view). */
		int bd = FACE_NEAR * FACE_NEAR + 1;
		for (int k = 0; k < n->nen; k++) {
			int d = geom_dist2(me->x, me->y, n->en[k].x, n->en[k].y);
			if (d < bd) {
				bd = d;
				tx = n->en[k].x;
				ty = n->en[k].y;
				who = n->en[k].idx;
				why = n->en[k].seen ? "the nearest enemy in sight"
						    : "the nearest enemy, where "
						      "it was last seen";
			}
		}
	}
	if (tx < 0 || geom_in_arc(me->facing, tx - me->x, ty - me->y))
		return false;
	int d = facing_for(tx - me->x, ty - me->y);
	if (d < 0 || move_turn_cost(&n->kw, u, me->facing, (enum dir)d) >
			     me->move_left)
		return false;
	snprintf(line, (size_t)size, "face %s %s", me->id, dir_names[d]);
	if (a->explain) {
		struct ai_reason r;
		ai_reason_init(&r, u, who, "face %s", dir_names[d]);
		snprintf(r.note, sizeof r.note, "toward %s at %d,%d, %s",
			 n->units[who].id, tx, ty, why);
		ai_reason_term(&r, "distance",
			       geom_dist2(me->x, me->y, tx, ty) > 0
				       ? sqrt((double)geom_dist2(me->x, me->y,
								 tx, ty))
				       : 0);
		ai_tell(a, g, &r);
	}
	return true;
}

static bool move_unit(const struct ai *a, struct nai *n, struct game *g,
		      int u, char *line, int size)
{
	const int *f = ng_unit_field(n, g, u);
	switch (n->phase[u]) {
	case PH_DOORS:
		n->phase[u] = PH_MOVE;
		n->has_shot[u] = 0;
		for (int k = 0; k < n->nen; k++)
			if (n->en[k].seen &&
			    ns_shot_value(n, g, u, n->en[k].idx) > 0)
				n->has_shot[u] = 1;
		if (n->units[u].climb_paid == 0 &&
		    door_action(a, n, g, u, f, line, size))
			return true;
		/* fall through */
	case PH_MOVE:
	case PH_MOVE_AFTER_CLIMB: {
		bool first = n->phase[u] == PH_MOVE;
		n->phase[u] = PH_FACE;
		int m = choose_move(a, n, g, u, f, first, line, size);
		if (m == 2)
			n->phase[u] = PH_MOVE_AFTER_CLIMB;
		if (m)
			return true;
	}
		/* fall through */
	case PH_FACE:
		n->phase[u] = PH_DONE;
		if (choose_face(a, n, g, u, line, size))
			return true;
		/* fall through */
	default:
		return false;
	}
}

static bool movement(struct ai *a, struct nai *n, struct game *g, char *line,
		     int size)
{
	int u;
	while ((u = next_mover(a, n, g)) >= 0) {
		a->last = u;
		if (move_unit(a, n, g, u, line, size))
			return true;
		a->done[u] = true;
	}
	return false;
}

/* --- Missile fire and melee --------------------------------------------- */

/* Worth of a hit on the door or wall at x,y: the goal's or the breach's. */
static double structure_value(const struct nai *n, int x, int y)
{
	if (x == n->p.kill_cx && y == n->p.kill_cy)
		return n->wt[W_STRUCT];
	/* A door already open is no longer in the way. */
	if (x == n->p.breach_x && y == n->p.breach_y &&
	    !cell_passable(map_cell_c(&n->kw.map, x, y)))
		return n->wt[W_STRUCT];
	return 0;
}

/* Why u attacks target (a unit, or -1 for the door or wall named by
 * what): the need, its chance, the worth of a hit and what the two made,
 * against every other attack it weighed. */
static void explain_attack(const struct ai *a, const struct nai *n,
			   const struct game *g, int u, int target,
			   const char *what, const struct attack_calc *c,
			   double worth, double value, const char *why)
{
	if (!a->explain)
		return;
	struct ai_reason r;
	bool shot = g->step == STEP_MISSILE;
	ai_reason_init(&r, u, target, "%s %s", shot ? "shoot" : "fight", what);
	snprintf(r.note, sizeof r.note, "%s", why);
	ai_reason_term(&r, "need", c->need);
	ai_reason_term(&r, "chance", nk_chance(&n->kw, c->need));
	ai_reason_term(&r, "worth of a hit", worth);
	ai_reason_term(&r, "value", value);
	ai_tell(a, g, &r);
}

static bool shoot(struct ai *a, struct nai *n, struct game *g, int u,
		  char *line, int size)
{
	char why[GAME_WHY_LEN];
	a->last = u;
	if (!game_can_shoot(g, u, why))
		return false;
	int best = -1, targets = 0;
	double bestv = 0.01, bestw = 0;
	struct attack_calc bc = {0};
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		struct attack_calc c;
		if (!e->seen ||
		    game_preview_aim(g, u, e->idx, -1, -1, &c, why) < 0)
			continue;
		targets++;
		double v = engage_engaged(&n->kw, e->idx)
				   ? ns_shot_value(n, g, u, e->idx)
				   : nk_chance(&n->kw, c.need) * e->v;
		if (v > bestv) {
			bestv = v;
			best = e->idx;
			bc = c;
			bestw = e->v;
		}
	}
	int sx = n->p.kill_cx >= 0 ? n->p.kill_cx : n->p.breach_x;
	int sy = n->p.kill_cx >= 0 ? n->p.kill_cy : n->p.breach_y;
	struct attack_calc c;
	if (sx >= 0 && game_preview_aim(g, u, -1, sx, sy, &c, why) >= 0 &&
	    nk_chance(&n->kw, c.need) * structure_value(n, sx, sy) > bestv) {
		snprintf(line, (size_t)size, "shoot %s %d,%d", n->units[u].id, sx,
			 sy);
		char cell[24];
		snprintf(cell, sizeof cell, "%d,%d", sx, sy);
		explain_attack(a, n, g, u, -1, cell, &c,
			       structure_value(n, sx, sy),
			       nk_chance(&n->kw, c.need) *
				       structure_value(n, sx, sy),
			       "the door or wall its goal needs down");
		return true;
	}
	if (best < 0)
		return false;
	snprintf(line, (size_t)size, "shoot %s %s", n->units[u].id,
		 n->units[best].id);
	char note[64];
	snprintf(note, sizeof note, "the best of %d target%s in range and sight",
		 targets, targets == 1 ? "" : "s");
	explain_attack(a, n, g, u, best, n->units[best].id, &bc, bestw, bestv,
		       engage_engaged(&n->kw, best)
			       ? "into a melee: a die picks who is hit"
			       : note);
	return true;
}

static bool missile(struct ai *a, struct nai *n, struct game *g, char *line,
		    int size)
{
	/* War machines shoot first. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < n->nunits; i++) {
			if (a->done[i] || !mine(n, i))
				continue;
			bool machine = world_type(&n->kw, &n->units[i])->cls ==
				       CLASS_MACHINE;
			if (pass == 0 && !machine)
				continue;
			a->done[i] = true;
			if (shoot(a, n, g, i, line, size))
				return true;
		}
	return false;
}

/* Of every blow its units could strike, the one promising most: a sure
 * blow at the worthiest target, the outnumbering counted by the rules. */
static bool melee(struct ai *a, struct nai *n, struct game *g, char *line,
		  int size)
{
	char why[GAME_WHY_LEN];
	int bu = -1, bt = -1, bx = -1, by = -1, blows = 0;
	double bestv = -1, bestw = 0;
	struct attack_calc bc = {0};
	for (int i = 0; i < n->nunits; i++) {
		if (a->done[i] || !mine(n, i) || !game_can_fight(g, i, why))
			continue;
		for (int k = 0; k < n->nen; k++) {
			const struct nenemy *e = &n->en[k];
			struct attack_calc c;
			if (!e->seen ||
			    game_preview_fight(g, i, e->idx, -1, -1, &c, why) < 0)
				continue;
			double v = nk_chance(&n->kw, c.need) * e->v;
			blows++;
			if (v > bestv) {
				bestv = v;
				bu = i;
				bt = e->idx;
				bc = c;
				bestw = e->v;
			}
		}
		if (engage_structure_weapon(&n->kw, i) < 0)
			continue;
		const struct unit *me = &n->units[i];
		for (int d = 0; d < DIR_COUNT; d++) {
			int x = me->x + dir_dx[d], y = me->y + dir_dy[d];
			struct attack_calc c;
			if (!map_inside(&n->kw.map, x, y) ||
			    game_preview_fight(g, i, -1, x, y, &c, why) < 0)
				continue;
			double sv = structure_value(n, x, y);
			if (sv <= 0)
				continue;
			double v = nk_chance(&n->kw, c.need) * sv;
			blows++;
			if (v > bestv) {
				bestv = v;
				bu = i;
				bt = -1;
				bx = x;
				by = y;
				bc = c;
				bestw = sv;
			}
		}
	}
	if (bu < 0)
		return false;
	a->last = bu;
	if (bt >= 0)
		snprintf(line, (size_t)size, "fight %s %s", n->units[bu].id,
			 n->units[bt].id);
	else
		snprintf(line, (size_t)size, "fight %s %d,%d", n->units[bu].id,
			 bx, by);
	char note[64];
	snprintf(note, sizeof note, "the best of the %d blow%s its units could "
		 "strike", blows, blows == 1 ? "" : "s");
	char what[24];
	if (bt >= 0)
		snprintf(what, sizeof what, "%s", n->units[bt].id);
	else
		snprintf(what, sizeof what, "%d,%d", bx, by);
	explain_attack(a, n, g, bu, bt, what, &bc, bestw, bestv, note);
	return true;
}

void ai_normal_next(struct ai *a, struct game *g, char *line, int size)
{
	struct nai *n = a->n;
	nk_update(n, g);
	bool planned = false;
	switch (g->step) {
	case STEP_MOVEMENT:
		planned = movement(a, n, g, line, size);
		break;
	case STEP_MISSILE:
		planned = missile(a, n, g, line, size);
		break;
	case STEP_MELEE:
		planned = melee(a, n, g, line, size);
		break;
	default:
		break;
	}
	if (!planned)
		snprintf(line, (size_t)size, "end");
}
