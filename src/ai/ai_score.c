/* ai_score.c: how good a place is for one of the normal player's units
 * to end its move: the way it makes towards the objective, the blows it
 * could trade there (its own first, then the answer, with the rules'
 * exact odds), the shots it could take, what the enemies it knows of
 * could do to it there next turn, the free attacks of leaving a melee,
 * and the friends beside it. All in one currency: the worth of hits. */
#include "ai/nai.h"

#include <stdlib.h>

#include "rules/combat.h"
#include "rules/engage.h"
#include "world/vision.h"

/* Worth of a half-inch nearer the objective, for fighters and shooters. */
#define PROG_MELEE 0.25
#define PROG_SHOOT 0.12
/* How much of an enemy's possible blow or shot next turn to fear: it
 * may go for someone else. */
#define FEAR_MELEE 0.6
#define FEAR_SHOT 0.5
/* Standing in the area to hold, contesting an enemy's, escaping. */
#define HOLD_BONUS 6.0
#define CONTEST_BONUS 10.0
#define ESCAPE_BONUS 40.0
/* Friends within this many inches stand together. */
#define NEAR 3
#define SUPPORT 0.8
#define ALONE 2.5

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
		s.cover = combat_cover(w, x, y, tx, ty);
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

/* The free attacks of leaving melee at ox,oy for x,y. */
static double leaving(struct nai *n, int u, int ox, int oy, int x, int y,
		      double vme)
{
	double loss = 0;
	enum dir away = toward(ox, oy, x, y);
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		if (!e->seen || engage_weapon(&n->kw, e->idx, u) < 0)
			continue;
		nk_place(n, u, x, y);
		bool still = engage_weapon(&n->kw, e->idx, u) >= 0;
		nk_place(n, u, ox, oy);
		if (!still)
			loss += melee_odds(n, e->idx, u, (int)away) * vme;
	}
	return loss;
}

/* Blows traded where u stands in kw: its best first, then the answers
 * of those that survive it. Sets *engaged. */
static double exchange(struct nai *n, int u, double vme, bool *engaged)
{
	double best = 0, bestkill = 0, answer = 0;
	int target = -1;
	const struct unit *me = &n->units[u];
	*engaged = false;
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		if (!e->seen || !engage_in_melee(&n->kw, u, e->idx))
			continue;
		*engaged = true;
		double p = melee_odds(n, u, e->idx, -1);
		if (p * e->v > best) {
			best = p * e->v;
			target = e->idx;
			bestkill = n->units[e->idx].hits <= 1 ? p : 0;
		}
	}
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		if (!e->seen || !engage_in_melee(&n->kw, u, e->idx))
			continue;
		const struct unit *eu = &n->units[e->idx];
		/* It will have turned to face the worst of them. */
		double p = melee_odds(n, e->idx, u,
				      (int)toward(me->x, me->y, eu->x, eu->y));
		answer += p * (e->idx == target ? 1 - bestkill : 1) * vme;
	}
	return best - answer;
}

/* What the enemies it knows of could do to u at x,y next turn, beyond
 * those it is already fighting there. */
static double threat(struct nai *n, int u, int x, int y, double vme)
{
	const struct world *kw = &n->kw;
	const struct unit_type *mt = world_type(kw, &n->units[u]);
	double t = 0;
	for (int k = 0; k < n->nen; k++) {
		const struct nenemy *e = &n->en[k];
		const struct unit_type *et = world_type(kw, &n->units[e->idx]);
		if (e->seen && engage_in_melee(kw, u, e->idx))
			continue;
		int av = nk_melee_av(et);
		if (av > 0 && e->engage[y * n->w + x]) {
			struct attack_situation s = {0};
			struct attack_calc c;
			s.av = av;
			s.dv = mt->dv;
			s.outnumber = 1;
			combat_compute(&kw->roster.chart, &s, &c);
			t += FEAR_MELEE * nk_chance(kw, c.need);
		}
		if (nk_has_ranged(et) && !(e->seen && nk_engaged(n, e->idx)))
			t += FEAR_SHOT * shot_odds(n, et, e->x, e->y, mt, x, y);
	}
	return t * vme;
}

static int friends_near(const struct nai *n, int u, int x, int y)
{
	int c = 0;
	for (int i = 0; i < n->nunits; i++) {
		const struct unit *f = &n->units[i];
		if (i != u && f->team == n->team && unit_alive(f) &&
		    geom_within(x, y, f->x, f->y, NEAR))
			c++;
	}
	return c;
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
	pt->prog = -(shooter ? PROG_SHOOT : PROG_MELEE) * field[y * n->w + x] -
		   0.001 * cost;
	if (p->escape >= 0 && goal_area_contains(&g->sc.goals[p->escape], x, y)) {
		pt->place = ESCAPE_BONUS;
		return pt->prog + pt->place;
	}
	if (p->hold >= 0 && goal_area_contains(&g->sc.goals[p->hold], x, y))
		pt->place += HOLD_BONUS;
	if (p->enemy_hold >= 0 &&
	    goal_area_contains(&g->sc.goals[p->enemy_hold], x, y))
		pt->place += friends_in(n, u, &g->sc.goals[p->enemy_hold])
				     ? 1.0
				     : CONTEST_BONUS;
	if (x != ox || y != oy)
		pt->leave = -leaving(n, u, ox, oy, x, y, vme);
	nk_place(n, u, x, y);
	bool engaged;
	pt->fight = exchange(n, u, vme, &engaged);
	if (shooter && !engaged && me->reload_wait == 0) {
		for (int k = 0; k < n->nen; k++) {
			if (!n->en[k].seen)
				continue;
			double v = ns_shot_value(n, g, u, n->en[k].idx);
			if (v > pt->shot)
				pt->shot = v;
		}
	}
	double t = threat(n, u, x, y, vme);
	pt->threat = -t;
	if (t > 0.05 * vme || engaged) {
		int near = friends_near(n, u, x, y);
		pt->group = SUPPORT * (near < 3 ? near : 3);
		if (near < 2)
			pt->group -= ALONE * (2 - near);
	}
	nk_place(n, u, ox, oy);
	return pt->prog + pt->place + pt->leave + pt->fight + pt->shot +
	       pt->threat + pt->group;
}
