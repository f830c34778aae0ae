/* combat.c: the arithmetic of the chart (SPEC 4). */
#include "rules/combat.h"

#include <stdio.h>
#include <stdlib.h>

#include "base/geom.h"
#include "rules/engage.h"

static void add_term(struct attack_calc *a, const char *name, int value)
{
	if (a->nterms < MAX_TERMS) {
		a->terms[a->nterms].name = name;
		a->terms[a->nterms].value = value;
		a->nterms++;
	}
	a->need += value;
}

void combat_compute(const struct chart *c, const struct attack_situation *s,
		    struct attack_calc *out)
{
	out->need = 0;
	out->nterms = 0;
	add_term(out, "AV", s->av);
	add_term(out, "DV", s->dv);
	if (s->ranged) {
		switch (s->cover) {
		case COVER_SOFT:
			add_term(out, "soft cover", c->soft_cover);
			break;
		case COVER_HALF:
			add_term(out, "half wall cover", c->half_cover);
			break;
		case COVER_HEAVY:
			add_term(out, "heavy cover", c->heavy_cover);
			break;
		default:
			break;
		}
		if (s->over_half)
			add_term(out, "over half range", c->over_half_range);
		if (s->large_target)
			add_term(out, "large target", c->large_target);
	} else {
		if (s->outnumber > 1) {
			int v = c->outnumber * (s->outnumber - 1);
			/* The cap limits the size of the bonus, whatever its sign. */
			if (abs(v) > abs(c->outnumber_max))
				v = v < 0 ? -abs(c->outnumber_max)
					  : abs(c->outnumber_max);
			add_term(out, "outnumbered", v);
		}
		if (s->behind)
			add_term(out, "from behind", c->behind);
		if (s->on_ladder)
			add_term(out, "on a ladder", c->ladder);
	}
}

double combat_chance(const struct chart *c, int need)
{
	if (need <= 1)
		return 1.0;
	if (need >= 21)
		return c->natural_20_hits ? 0.05 : 0.0;
	return (21 - need) / 20.0;
}

bool combat_success(const struct chart *c, int need, int roll)
{
	if (need <= 1)
		return true;
	if (need >= 21)
		return c->natural_20_hits && roll == 20;
	return roll >= need;
}

void combat_describe(const struct chart *c, const struct attack_calc *a,
		     char *buf, int size)
{
	int n = snprintf(buf, (size_t)size, "need %d+ (%.0f%%):", a->need,
			 combat_chance(c, a->need) * 100.0);
	for (int i = 0; i < a->nterms && n >= 0 && n < size; i++) {
		int v = a->terms[i].value;
		const char *op = i == 0 ? " " : v < 0 ? " - " : " + ";
		n += snprintf(buf + n, (size_t)(size - n), "%s%s %d", op,
			      a->terms[i].name, i == 0 ? v : abs(v));
	}
}

struct cover_ctx {
	const struct world *w;
	int tx, ty;
	enum cover best;
	int bx, by; /* the cell the best cover is from */
};

static void consider(struct cover_ctx *c, int x, int y)
{
	if (!map_inside(&c->w->map, x, y) || !geom_adjacent(x, y, c->tx, c->ty))
		return;
	enum cover cv = map_cell_c(&c->w->map, x, y)->t.cover;
	if (cv > c->best) {
		c->best = cv;
		c->bx = x;
		c->by = y;
	}
}

static bool cover_cell(void *ctx, int x, int y)
{
	consider(ctx, x, y);
	return false;
}

static bool cover_corner(void *ctx, int x1, int y1, int x2, int y2)
{
	consider(ctx, x1, y1);
	consider(ctx, x2, y2);
	return false;
}

enum cover combat_cover_at(const struct world *w, int ax, int ay, int tx,
			   int ty, int *cx, int *cy)
{
	struct cover_ctx c = {w, tx, ty, map_cell_c(&w->map, tx, ty)->t.cover,
			      tx, ty};
	struct line_visitor v = {cover_cell, cover_corner, &c};
	geom_line_walk(ax, ay, tx, ty, &v);
	if (cx)
		*cx = c.bx;
	if (cy)
		*cy = c.by;
	return c.best;
}

enum cover combat_cover(const struct world *w, int ax, int ay, int tx, int ty)
{
	return combat_cover_at(w, ax, ay, tx, ty, NULL, NULL);
}

enum cover combat_own_cover(enum cover terrain, const struct unit_type *t)
{
	return t->cover > terrain ? t->cover : terrain;
}

enum cover combat_unit_cover(const struct world *w, int ax, int ay, int t,
			     int *cx, int *cy, bool *own)
{
	const struct unit *v = &w->units[t];
	int x, y;
	enum cover ground = combat_cover_at(w, ax, ay, v->x, v->y, &x, &y);
	enum cover best = combat_own_cover(ground, world_type(w, v));
	bool carried = best > ground;
	if (carried) {
		x = v->x;
		y = v->y;
	}
	if (cx)
		*cx = x;
	if (cy)
		*cy = y;
	if (own)
		*own = carried;
	return best;
}

void combat_ranged_situation(const struct world *w, int a, int wi, int tx,
			     int ty, int t, struct attack_situation *s)
{
	const struct unit *u = &w->units[a];
	const struct weapon *wp = &world_type(w, u)->weapons[wi];
	*s = (struct attack_situation){0};
	s->av = wp->av;
	s->ranged = true;
	s->outnumber = 1;
	s->over_half = geom_over_half(u->x, u->y, tx, ty, wp->range);
	if (t >= 0) {
		const struct unit_type *tt = world_type(w, &w->units[t]);
		s->dv = tt->dv;
		s->cover = combat_own_cover(combat_cover(w, u->x, u->y, tx, ty),
					    tt);
		s->large_target = tt->cls == CLASS_MACHINE;
	} else {
		s->dv = map_cell_c(&w->map, tx, ty)->t.dv;
	}
}

void combat_melee_situation(const struct world *w, int a, int wi, int t,
			    int target_facing, struct attack_situation *s)
{
	const struct unit *u = &w->units[a], *v = &w->units[t];
	const struct weapon *wp = &world_type(w, u)->weapons[wi];
	*s = (struct attack_situation){0};
	s->av = wp->av;
	s->dv = world_type(w, v)->dv;
	s->outnumber = 1;
	for (int i = 0; i < w->nunits; i++)
		if (i != a && w->units[i].team == u->team &&
		    unit_alive(&w->units[i]) && engage_in_melee(w, i, t))
			s->outnumber++;
	enum dir f = target_facing >= 0 ? (enum dir)target_facing : v->facing;
	s->behind = !geom_in_arc(f, u->x - v->x, u->y - v->y);
	s->on_ladder =
		map_cell_c(&w->map, u->x, u->y)->t.kind == TERRAIN_LADDER;
}

void combat_structure_situation(const struct world *w, int a, int wi, int x,
				int y, struct attack_situation *s)
{
	const struct unit *u = &w->units[a];
	const struct weapon *wp = &world_type(w, u)->weapons[wi];
	*s = (struct attack_situation){0};
	s->av = wp->av;
	s->dv = map_cell_c(&w->map, x, y)->t.dv;
	s->outnumber = 1;
	s->ranged = weapon_is_ranged(wp);
}
