/* panel.c: the side panel: the turn, the selected unit, the cell under the
 * cursor, and an attack's arithmetic before it is made. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "game/orders.h"
#include "rules/engage.h"
#include "rules/move.h"
#include "ui/uipriv.h"

/* Writes the panel's rows one after another. Rows past the bottom are
 * counted, not drawn, so that a panel too short for everything can be
 * drawn again leaner: an attack's arithmetic, which comes last, must
 * never lose a term. */
struct pen {
	WINDOW *win;
	int row, rows, width;
	int lean;         /* 0: everything; more: fewer rows, see LEAN_ */
};

enum {
	LEAN_GAPS = 1,    /* no blank rows between the parts */
	LEAN_DETAIL = 2,  /* nor the weapons list or the cursor's terrain */
	LEAN_MORE = 3,    /* nor the units' DV lines */
	LEAN_MAX = LEAN_MORE
};

static void say(struct pen *p, attr_t attr, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void say(struct pen *p, attr_t attr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (p->row < p->rows)
		screen_put(p->win, p->row, 0, attr, buf);
	p->row++;
}

static void wrap(struct pen *p, attr_t attr, const char *s)
{
	if (p->row < p->rows)
		screen_wrap(p->win, p->row, 0, p->width, p->rows - p->row, attr,
			    s);
	p->row += screen_wrap(NULL, 0, 0, p->width, 1000, attr, s);
}

/* A blank row between two parts, when there is room for it. */
static void gap(struct pen *p)
{
	if (p->lean < LEAN_GAPS)
		p->row++;
}

/* floor(10 * sqrt(d2) + 0.5) in integers: tenths of an inch. */
static int tenths(int d2)
{
	long long v = 100LL * d2, r = 0;
	while ((r + 1) * (r + 1) <= v)
		r++;
	/* Round: compare v with (r + 0.5)^2 = r^2 + r + 0.25. */
	return (int)(v > r * r + r ? r + 1 : r);
}

static void header(struct ui *ui, struct pen *p)
{
	const struct game *g = ui->g;
	const struct team *t = &g->w->teams[g->active];
	if (g->sc.rounds > 0)
		say(p, A_BOLD, "%s  round %d of %d", g->sc.name, g->round,
		    g->sc.rounds);
	else
		say(p, A_BOLD, "%s  round %d", g->sc.name, g->round);
	say(p, ui->pal.team[g->active], "%s", t->name);
	const char *dash = ui->utf8 ? "\u2014" : "-";
	switch (g->step) {
	case STEP_MISSILE:
		say(p, A_NORMAL, "Missile fire %s %s", dash,
		    g->machines_done ? "missiles (war machines done)"
				     : "war machines, then missiles");
		break;
	default:
		say(p, A_NORMAL, "%s", step_labels[g->step]);
		break;
	}
}

static void weapons(struct ui *ui, struct pen *p, const struct unit *u)
{
	const struct unit_type *t = world_type(ui->g->w, u);
	if (t->nweapons == 0)
		say(p, A_NORMAL, " no weapons: it never attacks");
	if (t->cover != COVER_NONE)
		say(p, A_NORMAL, " carries %s cover", cover_names[t->cover]);
	for (int i = 0; i < t->nweapons; i++) {
		const struct weapon *wp = &t->weapons[i];
		char range[32] = "", extra[64] = "";
		if (wp->kind != WEAPON_MELEE) {
			if (wp->min_range > 0)
				snprintf(range, sizeof range, " %d-%d in",
					 wp->min_range, wp->range);
			else
				snprintf(range, sizeof range, " %d in", wp->range);
		}
		if (wp->reload > 0)
			snprintf(extra, sizeof extra, ", reload %d%s", wp->reload,
				 u->reload_wait > 0 && weapon_is_ranged(wp)
					 ? " (reloading)"
					 : "");
		say(p, A_NORMAL, " %s: %s%s AV %d%s%s", wp->name,
		    weapon_kind_names[wp->kind], range, wp->av, extra,
		    wp->structures ? ", doors" : "");
	}
}

/* What the unit may still do in this step, in a few words. */
static void can_do(struct ui *ui, struct pen *p, int idx)
{
	const struct game *g = ui->g;
	const struct unit *u = &g->w->units[idx];
	char why[GAME_WHY_LEN], buf[16], all[16];
	if (u->team != g->active)
		return;
	switch (g->step) {
	case STEP_MOVEMENT:
		say(p, A_NORMAL, " movement left: %s in of %s",
		    move_inches(u->move_left, buf),
		    move_inches(2 * world_type(g->w, u)->move, all));
		/* The same cost face and move charge (move_turn_cost). */
		if (move_turn_cost(g->w, idx, DIR_N, DIR_NE) > 0)
			say(p, A_NORMAL, " turning: %s in per 45 degrees",
			    move_inches(move_turn_cost(g->w, idx, DIR_N, DIR_NE),
				      buf));
		break;
	case STEP_MISSILE:
		if (game_can_shoot(g, idx, why)) {
			say(p, A_NORMAL, " may shoot");
		} else {
			size_t n = strlen(u->id);
			wrap(p, A_NORMAL,
			     strncmp(why, u->id, n) == 0 ? why + n : why);
		}
		break;
	default:
		if (u->fought)
			say(p, A_NORMAL, " has fought this step");
		else
			say(p, A_NORMAL, " %s", engage_engaged(g->w, idx)
						       ? "may fight"
						       : "not in melee");
		break;
	}
}

/* A ladder climb paid part of the way (it goes on in a later Movement
 * step): how far, of what it costs. Only for the viewer's own units; the
 * cost is reckoned with what the viewer knows. */
static void climb(struct ui *ui, struct pen *p, int idx, int viewer)
{
	const struct world *w = ui->g->w;
	const struct unit *u = &w->units[idx];
	const struct knowledge *k = viewer_knowledge(ui, viewer);
	if (u->team != viewer || u->climb_paid <= 0 || !k)
		return;
	char paid[16], cost[16];
	int c = move_step_cost(w, k->units, idx, u->x, u->y, u->facing,
			       u->climb_dir, NULL);
	int tx = u->x + dir_dx[u->climb_dir], ty = u->y + dir_dy[u->climb_dir];
	if (c > 0)
		say(p, A_NORMAL, " climbing: %s of %s inches, %s to %d,%d",
		    move_inches(u->climb_paid, paid), move_inches(c, cost),
		    dir_names[u->climb_dir], tx, ty);
	else
		say(p, A_NORMAL, " climbing: %s inches paid, %s to %d,%d",
		    move_inches(u->climb_paid, paid), dir_names[u->climb_dir], tx,
		    ty);
}

/* A standing order, to its own team only (G carries it out). */
static void standing_order(struct ui *ui, struct pen *p, int idx, int viewer)
{
	const struct standing_order *o = game_order(ui->g, idx);
	if (o && (viewer == UI_VIEW_ALL || ui->g->w->units[idx].team == viewer))
		say(p, A_NORMAL, " standing order: to %d,%d", o->x, o->y);
}

static void engaged(struct ui *ui, struct pen *p, int idx, int viewer)
{
	const struct world *w = ui->g->w;
	if (!engage_engaged(w, idx)) {
		say(p, A_NORMAL, " not engaged");
		return;
	}
	char list[160] = "";
	size_t len = 0;
	for (int i = 0; i < w->nunits && len + 20 < sizeof list; i++)
		if (i != idx && unit_alive(&w->units[i]) &&
		    engage_in_melee(w, idx, i) &&
		    viewer_unit_at(ui, viewer, w->units[i].x, w->units[i].y) == i)
			len += (size_t)snprintf(list + len, sizeof list - len,
						" %s", w->units[i].id);
	say(p, A_BOLD, " ENGAGED in melee%s%s", len ? " with" : "", list);
}

static void selected(struct ui *ui, struct pen *p, int viewer)
{
	const struct world *w = ui->g->w;
	if (ui->sel < 0) {
		say(p, A_DIM, "no unit selected (Tab)");
		return;
	}
	const struct unit *u = &w->units[ui->sel];
	const struct unit_type *t = world_type(w, u);
	say(p, ui->pal.team[u->team], "%s %s (%c)", u->id, t->name, t->symbol);
	if (p->lean < LEAN_MORE)
		say(p, A_NORMAL, " DV %d  hits %d/%d  facing %s", t->dv, u->hits,
		    t->hits, dir_names[u->facing]);
	can_do(ui, p, ui->sel);
	climb(ui, p, ui->sel, viewer);
	standing_order(ui, p, ui->sel, viewer);
	if (p->lean < LEAN_DETAIL)
		weapons(ui, p, u);
	engaged(ui, p, ui->sel, viewer);
}

/* The cost of moving the selected unit to the cursor, when it may. */
static void path_cost(struct ui *ui, struct pen *p, int viewer)
{
	const struct game *g = ui->g;
	const struct world *w = g->w;
	const struct unit *u = &w->units[ui->sel];
	if (g->step != STEP_MOVEMENT || u->team != g->active ||
	    (u->x == ui->cx && u->y == ui->cy))
		return;
	/* Only where the viewer sees: a path into the unknown would tell
	 * what stands there. */
	if (!ui->view[ui->cy * w->map.w + ui->cx] ||
	    viewer_unit_at(ui, viewer, ui->cx, ui->cy) >= 0)
		return;
	enum dir dirs[256];
	int cost = 0;
	char why[MOVE_WHY_LEN], a[16];
	if (game_path(ui->g, ui->sel, ui->cx, ui->cy, dirs, 256, &cost, why) < 0)
		say(p, A_NORMAL, " no path for %s", u->id);
	else
		say(p, A_NORMAL, " path %s in%s", move_inches(cost, a),
		    cost > u->move_left ? ", too far" : "");
}

static void unit_here(struct ui *ui, struct pen *p, int viewer)
{
	const struct world *w = ui->g->w;
	int u = viewer_unit_at(ui, viewer, ui->cx, ui->cy);
	if (u >= 0 && u != ui->sel) {
		const struct unit *q = &w->units[u];
		const struct unit_type *t = world_type(w, q);
		say(p, ui->pal.team[q->team], "%s %s (%s)", q->id, t->name,
		    w->teams[q->team].name);
		if (p->lean < LEAN_MORE)
			say(p, A_NORMAL, " DV %d  hits %d  facing %s", t->dv,
			    q->hits, dir_names[q->facing]);
		return;
	}
	int m = viewer_mark_at(ui, viewer, ui->cx, ui->cy);
	if (m >= 0 && ui->show_marks) {
		const struct unit *q = &w->units[m];
		int ago = ui->g->round - viewer_knowledge(ui, viewer)->last[m].round;
		char when[32];
		if (ago == 0)
			snprintf(when, sizeof when, "this round");
		else
			snprintf(when, sizeof when, "%d round%s ago", ago,
				 ago == 1 ? "" : "s");
		say(p, A_DIM, "%s %s last seen here, %s", q->id,
		    world_type(w, q)->name, when);
	}
}

/* On a raised cell the viewer knows: where the ways down and up are. */
static void ways(struct ui *ui, struct pen *p, int viewer)
{
	const struct knowledge *k = viewer_knowledge(ui, viewer);
	int i = ui->cy * ui->g->w->map.w + ui->cx;
	if (p->lean >= LEAN_MORE || (!ui->view[i] && !(k && k->memory[i])))
		return;
	struct strbuf b;
	strbuf_init(&b);
	if (heights_ways_text(ui, viewer, ui->cx, ui->cy, &b))
		wrap(p, A_NORMAL, b.s);
	strbuf_free(&b);
}

static void cursor_cell(struct ui *ui, struct pen *p, int viewer)
{
	const struct game *g = ui->g;
	const struct world *w = g->w;
	int i = ui->cy * w->map.w + ui->cx;
	/* Coordinates and distance share a line, in plain text: moving the
	 * cursor then changes a few characters of one line. */
	const struct unit *s = ui->sel >= 0 ? &w->units[ui->sel] : NULL;
	if (s && (s->x != ui->cx || s->y != ui->cy)) {
		int d = tenths(geom_dist2(s->x, s->y, ui->cx, ui->cy));
		say(p, A_NORMAL, "cursor %d,%d  %d.%d in from %s", ui->cx, ui->cy,
		    d / 10, d % 10, s->id);
	} else {
		say(p, A_NORMAL, "cursor %d,%d", ui->cx, ui->cy);
	}
	if (ui->view[i]) {
		const struct cell *c = map_cell_c(&w->map, ui->cx, ui->cy);
		char words[MAP_WORDS_LEN];
		if (p->lean < LEAN_DETAIL)
			say(p, A_NORMAL, " %s, height %d",
			    map_cell_words(&w->map, c, words, sizeof words),
			    c->t.height);
		if (c->t.kind == TERRAIN_DOOR && c->t.state == DOOR_LOCKED &&
		    !c->t.broken && c->t.locked_by >= 0)
			say(p, A_NORMAL, " locked by %s",
			    w->teams[c->t.locked_by].name);
		if (c->t.hits > 0 && !c->t.broken && !c->t.rubble)
			say(p, A_NORMAL, " DV %d, %d of %d hits left", c->t.dv,
			    c->hits_left, c->t.hits);
	} else if (viewer_knowledge(ui, viewer) &&
		   viewer_knowledge(ui, viewer)->memory[i]) {
		say(p, A_NORMAL, " not in view; last seen as '%c'",
		    viewer_knowledge(ui, viewer)->memory[i]);
	} else {
		say(p, A_NORMAL, " never seen");
	}
	ways(ui, p, viewer);
	if (s)
		path_cost(ui, p, viewer);
	unit_here(ui, p, viewer);
}

/* The attack the selected unit would make on the cursor's cell now. */
static void live_preview(struct ui *ui, struct pen *p, int viewer)
{
	const struct game *g = ui->g;
	const struct world *w = g->w;
	if (ui->sel < 0 || g->step == STEP_MOVEMENT ||
	    w->units[ui->sel].team != g->active)
		return;
	int t = viewer_unit_at(ui, viewer, ui->cx, ui->cy);
	int i = ui->cy * w->map.w + ui->cx;
	if (t >= 0 ? w->units[t].team == viewer
		   : !ui->view[i] ||
			     !cell_breachable(map_cell_c(&w->map, ui->cx, ui->cy)))
		return;
	struct attack_calc calc;
	char why[GAME_WHY_LEN], text[GAME_WHY_LEN + 64];
	/* Previews speak from the viewer's knowledge, as refusals do. */
	int wi = g->step == STEP_MISSILE
			 ? game_preview_shot(g, ui->sel, t, ui->cx, ui->cy, &calc, why)
			 : game_preview_fight(g, ui->sel, t, ui->cx, ui->cy, &calc,
					      why);
	/* A shot into melee says so, which takes the blank row above. */
	char note[320];
	bool melee = wi >= 0 && g->step == STEP_MISSILE && t >= 0 &&
		     panel_melee_note(ui, viewer, t, note, sizeof note);
	if (!melee)
		gap(p);
	if (wi < 0) {
		wrap(p, A_NORMAL, why);
		return;
	}
	combat_describe(&w->roster.chart, &calc, text, sizeof text);
	say(p, A_BOLD, "%s %s with %s:", w->units[ui->sel].id,
	    g->step == STEP_MISSILE ? "shoots" : "fights",
	    world_type(w, &w->units[ui->sel])->weapons[wi].name);
	wrap(p, A_NORMAL, text);
	if (melee)
		wrap(p, A_BOLD, note);
}

bool panel_melee_note(const struct ui *ui, int viewer, int t, char *buf,
		      size_t size)
{
	const struct world *w = ui->g->w;
	int cand[64];
	int k = game_melee_candidates(ui->g, t, cand, 64), n = 0;
	size_t len = (size_t)snprintf(buf, size,
				      "Into melee: a die picks who is hit "
				      "among ");
	for (int i = 0; i < k && len + 16 < size; i++) {
		const struct unit *c = &w->units[cand[i]];
		if (viewer_unit_at(ui, viewer, c->x, c->y) != cand[i])
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					n ? ", " : "", c->id);
		n++;
	}
	if (len + 2 < size)
		snprintf(buf + len, size - len, ".");
	return n > 1;
}

/* Everything, as lean as asked; returns the rows it wanted. */
static int draw(struct ui *ui, int viewer, int lean)
{
	struct pen p = {ui->panel, 0, getmaxy(ui->panel), getmaxx(ui->panel),
			lean};
	werase(ui->panel);
	header(ui, &p);
	gap(&p);
	selected(ui, &p, viewer);
	gap(&p);
	if (ui->preview) {
		wrap(&p, A_BOLD, ui->preview);
		return p.row;
	}
	const char *line = losview_brief(ui);
	if (line) { /* v: the line of sight to the cursor, in short */
		wrap(&p, A_NORMAL, line);
		return p.row;
	}
	cursor_cell(ui, &p, viewer);
	live_preview(ui, &p, viewer);
	return p.row;
}

void panel_draw(struct ui *ui, int viewer)
{
	werase(ui->panel);
	if (viewer < 0)
		return;
	/* Mostly it fits at once; on a short panel the gaps go first, then
	 * the details, until the arithmetic at the end fits whole. */
	int rows = getmaxy(ui->panel);
	for (int lean = 0; draw(ui, viewer, lean) > rows && lean < LEAN_MAX;)
		lean++;
}
