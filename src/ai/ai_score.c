/* ai_score.c: how good a place is for one of the normal player's units
 * to end its move: the way it makes towards the objective, the blows it
 * could trade there (its own first, then the answer, with the rules'
 * exact odds), the shots it could take, what the enemies it knows of
 * could do to it there next turn, the free attacks of leaving a melee,
 * and the friends beside it. All in one currency: the worth of hits. */
#include "ai/nai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/combat.h"
#include "rules/engage.h"
#include "rules/move.h"
#include "world/vision.h"

/* Friends within this many inches stand together; the forces within
 * FORCE inches of a place are those that will fight there. */
#define NEAR 3
#define FORCE 6


static int sign(int v)
{
	return v > 0 ? 1 : v < 0 ? -1 : 0;
}

/* Facing from one cell towards another (any of the 8, nearest). */
static enum dir toward(int ax, int ay, int bx, int by)
{
	int d = dir_from_delta(sign(bx - ax), sign(by - ay));
	return d < 0 ? DIR_N : (enum dir)d;
}

/* Odds of unit a's melee attack on unit t in kw as they stand, t facing
 * tf (-1: as it faces); 0 when a cannot attack t. */
static double melee_odds(const struct nai *n, int a, int t, int tf)
{
	int wi = engage_weapon(&n->kw, a, t);
	if (wi < 0)
		return 0;
	struct attack_situation s;
	struct attack_calc c;
	combat_melee_situation(&n->kw, a, wi, t, tf, &s);
	combat_compute(&n->kw.roster.chart, &s, &c);
	return nk_chance(&n->kw, c.need);
}

/* Odds of a shot from x,y by a unit of type at at a target of type tt
 * standing at tx,ty, with the best of its ranged weapons; 0 out of
 * range or sight. */
static double shot_odds(const struct nai *n, const struct unit_type *at,
			int x, int y, const struct unit_type *tt, int tx, int ty)
{
	const struct world *w = &n->kw;
	int vr = w->roster.chart.vision_range;
	if (vr > 0 && !geom_within(x, y, tx, ty, vr))
		return 0;
	double best = 0;
	bool line = false, checked = false;
	for (int i = 0; i < at->nweapons; i++) {
		const struct weapon *wp = &at->weapons[i];
		if (!weapon_is_ranged(wp) || !geom_within(x, y, tx, ty, wp->range) ||
		    geom_dist2(x, y, tx, ty) < wp->min_range * wp->min_range)
			continue;
		if (!checked) {
			line = !vision_line_blocked(w, x, y, tx, ty);
			checked = true;
		}
		if (!line)
			return 0;
		struct attack_situation s = {0};
		s.av = wp->av;
		s.dv = tt->dv;
		s.ranged = true;
		s.outnumber = 1;
		s.over_half = geom_over_half(x, y, tx, ty, wp->range);
		s.cover = combat_own_cover(combat_cover(w, x, y, tx, ty), tt);
		s.large_target = tt->cls == CLASS_MACHINE;
		struct attack_calc c;
		combat_compute(&w->roster.chart, &s, &c);
		double p = nk_chance(w, c.need);
		if (p > best)
			best = p;
	}
	return best;
}

double ns_shot_value(struct nai *n, const struct game *g, int u, int t)
{
	const struct world *kw = &n->kw;
	const struct unit *me = &n->units[u], *tu = &n->units[t];
	if (!unit_alive(tu) || tu->team == n->team)
		return -1e9;
	const struct unit_type *mt = world_type(kw, me);
	double p = shot_odds(n, mt, me->x, me->y, world_type(kw, tu), tu->x,
			     tu->y);
	if (p <= 0)
		return -1e9;
	if (!engage_engaged(kw, t))
		return p * nk_hit_value(n, g, t);
	/* Into a melee: any unit in it may be the one hit, friends too. */
	double v = 0;
	int cands = 0;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *c = &n->units[i];
		if (i != t && !(unit_alive(c) && engage_in_melee(kw, t, i)))
			continue;
		double pc = i == t ? p
				   : shot_odds(n, mt, me->x, me->y,
					       world_type(kw, c), c->x, c->y);
		double hv = nk_hit_value(n, g, i);
		v += c->team == n->team ? -1.5 * pc * hv : pc * hv;
		cands++;
	}
	return cands ? v / cands : -1e9;
}

/* The free attacks of leaving melee at ox,oy for x,y: from the enemies
 * able to strike u where it stands (the scope's leave). */
static double leaving(struct nai *n, const struct nscope *sc, int u, int ox,
		      int oy, int x, int y, double vme)
{
	double loss = 0;
	enum dir away = toward(ox, oy, x, y);
	for (int j = 0; j < sc->nleave; j++) {
		const struct nenemy *e = &n->en[sc->leave[j]];
		nk_place(n, u, x, y);
		bool still = engage_weapon(&n->kw, e->idx, u) >= 0;
		nk_place(n, u, ox, oy);
		if (!still)
			loss += melee_odds(n, e->idx, u, (int)away) * vme;
	}
	return loss;
}

double ns_path_risk(struct nai *n, struct game *g, int u, int x, int y,
		    const int *prev)
{
	struct unit *me = &n->units[u];
	int ox = me->x, oy = me->y, cost;
	enum dir dirs[256];
	char why[MOVE_WHY_LEN];
	int len = 0;
	if (prev) {
		/* Back along the way, then turned around. */
		int start = oy * n->w + ox;
		for (int c = y * n->w + x; c != start && len < 256; len++) {
			int p = prev[c];
			if (p < 0)
				return 0;
			dirs[len] = (enum dir)dir_from_delta(c % n->w - p % n->w,
							     c / n->w - p / n->w);
			c = p;
		}
		for (int i = 0; i < len / 2; i++) {
			enum dir t = dirs[i];
			dirs[i] = dirs[len - 1 - i];
			dirs[len - 1 - i] = t;
		}
	} else {
		len = game_path(g, u, x, y, dirs, 256, &cost, why);
	}
	if (len <= 0)
		return 0;
	double vme = nk_hit_value(n, g, u), hit = 0;
	int cx = ox, cy = oy;
	for (int i = 0; i < len; i++) {
		int nx = cx + dir_dx[dirs[i]], ny = cy + dir_dy[dirs[i]];
		for (int k = 0; k < n->nen; k++) {
			const struct nenemy *e = &n->en[k];
			if (!e->seen || engage_weapon(&n->kw, e->idx, u) < 0)
				continue;
			double p = melee_odds(n, e->idx, u, (int)dirs[i]);
			nk_place(n, u, nx, ny);
			bool still = engage_weapon(&n->kw, e->idx, u) >= 0;
			nk_place(n, u, cx, cy);
			if (!still)
				hit += p;
		}
		nk_place(n, u, nx, ny);
		cx = nx;
		cy = ny;
	}
	nk_place(n, u, ox, oy);
	return hit * vme;
}

/* Blows traded where u stands in kw: its best first, then the answers
 * of those that survive it (of the scope's fight: no other can be in
 * melee with it). Sets *engaged. */
static double exchange(struct nai *n, const struct nscope *sc, int u,
		       double vme, bool *engaged)
{
	double best = 0, bestkill = 0, answer = 0;
	int target = -1;
	const struct unit *me = &n->units[u];
	*engaged = false;
	for (int j = 0; j < sc->nfight; j++) {
		const struct nenemy *e = &n->en[sc->fight[j]];
		if (!engage_in_melee(&n->kw, u, e->idx))
			continue;
		*engaged = true;
		double p = melee_odds(n, u, e->idx, -1);
		if (p * e->v > best) {
			best = p * e->v;
			target = e->idx;
			bestkill = n->units[e->idx].hits <= 1 ? p : 0;
		}
	}
	for (int j = 0; j < sc->nfight; j++) {
		const struct nenemy *e = &n->en[sc->fight[j]];
		if (!engage_in_melee(&n->kw, u, e->idx))
			continue;
		const struct unit *eu = &n->units[e->idx];
		/* It will have turned to face the worst of them. */
		double p = melee_odds(n, e->idx, u,
				      (int)toward(me->x, me->y, eu->x, eu->y));
		answer += p * (e->idx == target ? 1 - bestkill : 1) * vme;
	}
	return best - answer;
}

/* Of the scope's friends, those within r inches of x,y (r <= FORCE). */
static int friends_within(const struct nai *n, const struct nscope *sc, int x,
			  int y, int r)
{
	int c = 0;
	for (int j = 0; j < sc->nfriends; j++) {
		const struct unit *f = &n->units[sc->friends[j]];
		if (geom_within(x, y, f->x, f->y, r))
			c++;
	}
	return c;
}

/* Of the scope's enemies near, those within FORCE inches of x,y. */
static int enemies_near(const struct nai *n, const struct nscope *sc, int x,
			int y)
{
	int c = 0;
	for (int j = 0; j < sc->nnear; j++) {
		const struct nenemy *e = &n->en[sc->near[j]];
		if (geom_within(x, y, e->x, e->y, FORCE))
			c++;
	}
	return c;
}

/* The chance an enemy that could attack count of our units (counted
 * already or not) picks this one. */
static double share(int count, bool counted)
{
	int c = count + !counted;
	return c <= 1 ? 1 : c >= 3 ? 1.0 / 3 : 1.0 / c;
}

/* What the enemies it knows of could do to u at x,y next turn, beyond
 * those it is already fighting there (the scope's threat: no other can
 * strike or shoot at it there). */
static double threat(struct nai *n, const struct nscope *sc, int u, int x,
		     int y, double vme, int near)
{
	const struct world *kw = &n->kw;
	const struct unit_type *mt = world_type(kw, &n->units[u]);
	double t = 0;
	for (int j = 0; j < sc->nthreat; j++) {
		const struct nthreat *th = &sc->threat[j];
		const struct nenemy *e = &n->en[th->k];
		if (e->seen && engage_in_melee(kw, u, e->idx))
			continue;
		if (th->av > 0 && nk_engages(e, x, y)) {
			/* It comes and strikes; the answer is ours next turn,
			 * with the friends beside us. */
			double pe = th->pe, pm = th->pm[near < 2 ? near : 2];
			double net = pe * vme - n->wt[W_COUNTER] * (1 - pe) * pm * e->v;
			if (net < -0.5 * pm * e->v)
				net = -0.5 * pm * e->v;
			t += n->wt[W_FEAR_MELEE] * net *
			     share(e->nmelee, nk_engages(e, n->units[u].x,
							       n->units[u].y));
		}
		if (th->ranged && !e->stale &&
		    !(e->seen && nk_engaged(n, e->idx)))
			t += n->wt[W_FEAR_SHOT] *
			     shot_odds(n, world_type(kw, &n->units[e->idx]),
				       e->x, e->y, mt, x, y) *
			     vme * share(e->nshot, false);
	}
	return t;
}

static int friends_in(const struct nai *n, int u, const struct goal *gl)
{
	int c = 0;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *f = &n->units[i];
		if (i != u && f->team == n->team && unit_alive(f) &&
		    goal_area_contains(gl, f->x, f->y))
			c++;
	}
	return c;
}

/* The longest range of a type's ranged weapons, or -1 when it has none. */
static int shot_range(const struct unit_type *t)
{
	int r = -1;
	for (int i = 0; i < t->nweapons; i++)
		if (weapon_is_ranged(&t->weapons[i]) && t->weapons[i].range > r)
			r = t->weapons[i].range;
	return r;
}

/* Squared distance from x,y to the nearest cell of the scope's box: no
 * place in it is nearer. */
static int box_dist2(const struct nscope *sc, int x, int y)
{
	int dx = x < sc->x0 ? sc->x0 - x : x > sc->x1 ? x - sc->x1 : 0;
	int dy = y < sc->y0 ? sc->y0 - y : y > sc->y1 ? y - sc->y1 : 0;
	return dx * dx + dy * dy;
}

/* Whether a place in the scope's box may be where e could strike next
 * turn (its engage box meets the scope's). */
static bool box_meets_engage(const struct nscope *sc, const struct nenemy *e)
{
	return e->ex <= sc->x1 && e->ex + e->ew - 1 >= sc->x0 &&
	       e->ey <= sc->y1 && e->ey + e->eh - 1 >= sc->y0;
}

/* An enemy's blow at u and u's answer, as threat weighs them: the same
 * situations, so the same chances. */
static void threat_odds(const struct nai *n, const struct unit_type *mt,
			const struct unit_type *et, struct nthreat *th)
{
	const struct world *kw = &n->kw;
	struct attack_situation s = {0};
	struct attack_calc c;
	s.av = th->av;
	s.dv = mt->dv;
	s.outnumber = 1;
	combat_compute(&kw->roster.chart, &s, &c);
	th->pe = nk_chance(kw, c.need);
	int mav = nk_melee_av(mt);
	for (int m = 0; m < 3; m++) {
		th->pm[m] = 0;
		if (mav <= 0)
			continue;
		s.av = mav;
		s.dv = et->dv;
		s.outnumber = 1 + m;
		combat_compute(&kw->roster.chart, &s, &c);
		th->pm[m] = nk_chance(kw, c.need);
	}
}

static void scope_grow(struct nscope *sc, int cap)
{
	if (sc->cap >= cap)
		return;
	size_t sz = (size_t)cap;
	sc->leave = xrealloc(sc->leave, sz * sizeof *sc->leave);
	sc->fight = xrealloc(sc->fight, sz * sizeof *sc->fight);
	sc->shot = xrealloc(sc->shot, sz * sizeof *sc->shot);
	sc->near = xrealloc(sc->near, sz * sizeof *sc->near);
	sc->friends = xrealloc(sc->friends, sz * sizeof *sc->friends);
	sc->threat = xrealloc(sc->threat, sz * sizeof *sc->threat);
	sc->cap = cap;
}

/* The scope's enemy lists. Every test is one the scores make first, or
 * a distance below which theirs cannot hold anywhere in the box: melee
 * within contact or the longer reach (engage_in_melee), a shot within
 * the longest range (shot_odds is 0 beyond), a blow where the engage
 * box meets it (nk_engages). */
static void scope_enemies(struct nai *n, int u, struct nscope *sc)
{
	const struct world *kw = &n->kw;
	const struct unit_type *mt = world_type(kw, &n->units[u]);
	int ra = engage_reach_range(mt);
	int mr = nk_has_ranged(mt) ? shot_range(mt) : -1;
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		const struct unit *eu = &n->units[e->idx];
		const struct unit_type *et = world_type(kw, eu);
		if (e->seen) {
			if (engage_weapon(kw, e->idx, u) >= 0)
				sc->leave[sc->nleave++] = k;
			int rb = engage_reach_range(et);
			int r = ra > rb ? ra : rb;
			int d2 = box_dist2(sc, eu->x, eu->y);
			if (d2 <= 2 || d2 <= r * r)
				sc->fight[sc->nfight++] = k;
			if (mr >= 0 && d2 <= mr * mr)
				sc->shot[sc->nshot++] = k;
		}
		int d2 = box_dist2(sc, e->x, e->y);
		if (d2 <= FORCE * FORCE)
			sc->near[sc->nnear++] = k;
		struct nthreat th = {.k = k, .av = nk_melee_av(et),
				     .ranged = nk_has_ranged(et)};
		int er = th.ranged ? shot_range(et) : -1;
		bool strikes = th.av > 0 && box_meets_engage(sc, e);
		bool shoots = th.ranged && !e->stale && d2 <= er * er;
		if (!strikes && !shoots)
			continue;
		if (th.av > 0)
			threat_odds(n, mt, et, &th);
		sc->threat[sc->nthreat++] = th;
	}
}

static void scope_build(struct nai *n, const struct game *g, int u, int x0,
			int y0, int x1, int y1, struct nscope *sc)
{
	const struct unit *me = &n->units[u];
	scope_grow(sc, n->nunits);
	sc->u = u;
	sc->ox = me->x;
	sc->oy = me->y;
	sc->x0 = x0;
	sc->y0 = y0;
	sc->x1 = x1;
	sc->y1 = y1;
	sc->nleave = sc->nfight = sc->nshot = sc->nnear = sc->nfriends =
		sc->nthreat = 0;
	scope_enemies(n, u, sc);
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *f = &n->units[i];
		if (i != u && f->team == n->team && unit_alive(f) &&
		    box_dist2(sc, f->x, f->y) <= FORCE * FORCE)
			sc->friends[sc->nfriends++] = i;
	}
	sc->friends_in = n->p.enemy_hold >= 0
				 ? friends_in(n, u, &g->sc.goals[n->p.enemy_hold])
				 : 0;
}

void ns_scope(struct nai *n, const struct game *g, int u, int x0, int y0,
	      int x1, int y1)
{
	scope_build(n, g, u, x0, y0, x1, y1, &n->scope);
}

void ns_scope_end(struct nai *n)
{
	n->scope.u = -1;
}

static void scope_free(struct nscope *sc)
{
	free(sc->leave);
	free(sc->fight);
	free(sc->shot);
	free(sc->near);
	free(sc->friends);
	free(sc->threat);
	*sc = (struct nscope){.u = -1};
}

void ns_scope_free(struct nai *n)
{
	scope_free(&n->scope);
	scope_free(&n->point);
}

/* The scope for u at x,y: the one begun, when it holds the place, else
 * one made for the place alone. */
static const struct nscope *scope_for(struct nai *n, const struct game *g,
				      int u, int x, int y)
{
	const struct nscope *sc = &n->scope;
	const struct unit *me = &n->units[u];
	if (sc->u == u && me->x == sc->ox && me->y == sc->oy && x >= sc->x0 &&
	    x <= sc->x1 && y >= sc->y0 && y <= sc->y1)
		return sc;
	scope_build(n, g, u, x, y, x, y, &n->point);
	return &n->point;
}

double ns_score(struct nai *n, struct game *g, int u, int x, int y,
		int cost, const int *field)
{
	return ns_score_parts(n, g, u, x, y, cost, field, NULL);
}

double ns_score_parts(struct nai *n, struct game *g, int u, int x, int y,
		      int cost, const int *field, struct nparts *parts)
{
	struct nparts dummy;
	struct nparts *pt = parts ? parts : &dummy;
	const struct nposture *p = &n->p;
	struct unit *me = &n->units[u];
	const struct unit_type *mt = world_type(&n->kw, me);
	bool shooter = nk_has_ranged(mt);
	int ox = me->x, oy = me->y;
	double vme = nk_hit_value(n, g, u);
	*pt = (struct nparts){0};
	/* A shooter with a target keeps to its shooting; one without
	 * moves up like the rest. */
	bool slow = shooter && n->has_shot[u];
	double prog = (slow ? n->wt[W_PROG_SHOOT] : n->wt[W_PROG_MELEE]) *
		      n->urgency;
	/* A named enemy to disable: the race is to it, before the enemy
	 * gets to ours. */
	if (n->kill_known)
		prog *= n->wt[W_PROG_KILL];
	/* The unit the enemy must disable keeps safe: it goes only where
	 * little threatens it (its worth makes any threat weigh). */
	if (u == p->protect_unit && p->escape < 0)
		prog *= n->wt[W_PROG_GUARDED];
	int way = field[y * n->w + x];
	/* Running for an exit, it keeps together, so that none is caught
	 * alone on the way: no way made more than W_PACK turns ahead of the
	 * middle of its group counts (0: no such limit). */
	if (n->wt[W_PACK] > 0 && p->escape >= 0 && !slow &&
	    mt->cls != CLASS_MACHINE) {
		int front = (int)((n->eta_ref - n->wt[W_PACK]) * 2 * mt->move);
		if (way < front)
			way = front;
	}
	pt->prog = -prog * way - 0.001 * cost;
	if (p->escape >= 0 && goal_area_contains(&g->sc.goals[p->escape], x, y)) {
		pt->place = n->wt[W_ESCAPE];
		return pt->prog + pt->place;
	}
	if (p->hold >= 0 && goal_area_contains(&g->sc.goals[p->hold], x, y))
		pt->place += n->hold_clear ? n->wt[W_HOLD] : n->wt[W_HOLD] / 4;
	const struct nscope *sc = scope_for(n, g, u, x, y);
	if (p->enemy_hold >= 0 &&
	    goal_area_contains(&g->sc.goals[p->enemy_hold], x, y))
		pt->place += sc->friends_in ? 1.0 : n->wt[W_CONTEST];
	if (x != ox || y != oy)
		pt->leave = -leaving(n, sc, u, ox, oy, x, y, vme);
	nk_place(n, u, x, y);
	bool engaged;
	pt->fight = exchange(n, sc, u, vme, &engaged);
	if (shooter && !engaged) {
		/* A shot worth less than none is not taken. */
		for (int j = 0; j < sc->nshot; j++) {
			double v = ns_shot_value(n, g, u, n->en[sc->shot[j]].idx);
			if (v > pt->shot)
				pt->shot = v;
		}
		/* Reloading, the shot is a turn away. */
		if (me->reload_wait > 0)
			pt->shot /= 2;
	}
	int near = friends_within(n, sc, x, y, NEAR);
	double t = threat(n, sc, u, x, y, vme, near);
	pt->threat = -t;
	if (t > 0.05 * vme || engaged) {
		pt->group = n->wt[W_SUPPORT] * (near < 3 ? near : 3);
		/* Into danger only where its side is not outnumbered. */
		int deficit = enemies_near(n, sc, x, y) -
			      friends_within(n, sc, x, y, FORCE) - 1;
		if (deficit > 0 && mt->cls != CLASS_MACHINE && p->escape < 0 &&
		    p->enemy_escape < 0)
			pt->group -= n->wt[W_AHEAD] * deficit * vme;
	}
	nk_place(n, u, ox, oy);
	return pt->prog + pt->place + pt->leave + pt->fight + pt->shot +
	       pt->threat + pt->group;
}
