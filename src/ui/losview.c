/* losview.c: a line of sight shown on the map (its cells underlined, its
 * blockers in reverse) and explained in short on the panel: 'v' from the
 * selected unit to the cursor as it moves, ':los A B' between two fixed
 * ends. Everything is explained as the viewer's team knows the field
 * (los_explain_in on game_known_world), so a hidden unit is neither
 * drawn nor told; a change of viewer puts the line away. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"

struct losview {
	bool on;
	bool follow;             /* B is the cursor */
	int viewer;              /* whose line it is */
	struct los_end a, b;
	/* The field as the viewer knows it, kept while the game stays as
	 * it was (a cursor moving over it costs one line walk). */
	bool have_known;
	uint64_t known_hash;
	int known_viewer;
	struct world known;
	unsigned char *unknown;
	struct los_report r;     /* the line now */
	bool have_report;
	char *brief;             /* owned */
};

static void drop_report(struct losview *v)
{
	if (v->have_report)
		los_report_free(&v->r);
	v->have_report = false;
	free(v->brief);
	v->brief = NULL;
}

static void drop_known(struct losview *v)
{
	if (v->have_known) {
		world_free(&v->known);
		free(v->unknown);
		v->unknown = NULL;
	}
	v->have_known = false;
}

void losview_free(struct losview *v)
{
	if (!v)
		return;
	drop_report(v);
	drop_known(v);
	free(v);
}

void losview_off(struct ui *ui)
{
	if (!ui->los)
		return;
	ui->los->on = false;
	drop_report(ui->los);
	ui->dirty = true;
}

static struct losview *get(struct ui *ui)
{
	if (!ui->los)
		ui->los = xcalloc(1, sizeof *ui->los);
	return ui->los;
}

void losview_show(struct ui *ui, struct los_end a, struct los_end b)
{
	struct losview *v = get(ui);
	drop_report(v);
	v->on = true;
	v->follow = false;
	v->viewer = ui->viewer;
	v->a = a;
	v->b = b;
}

void losview_toggle(struct ui *ui)
{
	if (ui->los && ui->los->on) {
		losview_off(ui);
		screen_status(ui, false, "line of sight hidden");
		return;
	}
	const struct world *w = ui->g->w;
	struct los_end a = {-1, ui->cx, ui->cy};
	if (ui->sel >= 0 && unit_alive(&w->units[ui->sel])) {
		a.unit = ui->sel;
		a.x = w->units[ui->sel].x;
		a.y = w->units[ui->sel].y;
	}
	struct los_end b = {-1, ui->cx, ui->cy};
	losview_show(ui, a, b);
	ui->los->follow = true;
	if (a.unit >= 0)
		screen_status(ui, false,
			      "line of sight from %s to the cursor: move it; v or "
			      "Esc hides it, :los explains it in full",
			      w->units[a.unit].id);
	else
		screen_status(ui, false,
			      "line of sight from %d,%d to the cursor: move it; v "
			      "or Esc hides it, :los explains it in full",
			      a.x, a.y);
}

/* An end as the viewer may know it now: a unit it knows, where it
 * stands, or the cell; false when a unit end is no longer known. */
static bool refresh_end(struct ui *ui, struct los_end *e)
{
	if (e->unit < 0) {
		int u = viewer_unit_at(ui, ui->viewer, e->x, e->y);
		e->unit = u;
		return true;
	}
	if (!viewer_knows_unit(ui, ui->viewer, e->unit))
		return false;
	e->x = ui->g->w->units[e->unit].x;
	e->y = ui->g->w->units[e->unit].y;
	return true;
}

/* The report for the line as it is now, or false (the line put away). */
static bool update(struct ui *ui)
{
	struct losview *v = ui->los;
	if (!v || !v->on)
		return false;
	const struct game *g = ui->g;
	if (ui->viewer < 0 || ui->viewer != v->viewer ||
	    ui->viewer >= g->w->nteams) {
		losview_off(ui);
		return false;
	}
	struct los_end a = v->a, b = v->b;
	if (v->follow) {
		b.unit = -1;
		b.x = ui->cx;
		b.y = ui->cy;
	}
	if (!refresh_end(ui, &a) || !refresh_end(ui, &b)) {
		losview_off(ui);
		return false;
	}
	uint64_t hash = game_state_hash(g);
	if (!v->have_known || v->known_hash != hash ||
	    v->known_viewer != ui->viewer) {
		drop_report(v);
		drop_known(v);
		size_t cells = (size_t)g->w->map.w * (size_t)g->w->map.h;
		v->unknown = xcalloc(cells ? cells : 1, 1);
		game_known_world(g, ui->viewer, &v->known, v->unknown);
		v->have_known = true;
		v->known_hash = hash;
		v->known_viewer = ui->viewer;
	}
	if (v->have_report && v->r.a.unit == a.unit && v->r.a.x == a.x &&
	    v->r.a.y == a.y && v->r.b.unit == b.unit && v->r.b.x == b.x &&
	    v->r.b.y == b.y)
		return true;
	drop_report(v);
	los_explain_in(g, ui->viewer, &v->known, v->unknown, a, b, &v->r);
	v->have_report = true;
	struct strbuf t;
	strbuf_init(&t);
	los_report_brief(&v->r, &t);
	strbuf_add(&t, v->follow ? "\n(v or Esc: hide; :los: in full)"
				 : "\n(Esc: hide)");
	v->brief = t.s;
	return true;
}

const char *losview_brief(struct ui *ui)
{
	return update(ui) ? ui->los->brief : NULL;
}

void losview_draw(struct ui *ui, int viewer)
{
	if (viewer < 0 || !update(ui))
		return;
	const struct los_report *r = &ui->los->r;
	for (int i = 0; i < r->line.nsteps; i++) {
		const struct vision_step *s = &r->line.steps[i];
		if (s->corner) {
			/* A gap between two blockers: both are what stops it. */
			if (s->blocks) {
				screen_cell_highlight(ui, s->x, s->y, A_REVERSE);
				screen_cell_highlight(ui, s->x2, s->y2, A_REVERSE);
			}
			continue;
		}
		screen_cell_highlight(ui, s->x, s->y,
				  s->blocks ? A_REVERSE : A_UNDERLINE | A_BOLD);
	}
	screen_cell_highlight(ui, r->a.x, r->a.y, A_BOLD | A_UNDERLINE);
	if (!ui->los->follow)
		screen_cell_highlight(ui, r->b.x, r->b.y, A_BOLD | A_UNDERLINE);
}
