/* ordersview.c: standing orders on the screen (game/orders.h), for their
 * own team only: each order's cell marked on the map, and the selected
 * unit's way there. The keys that give, carry out and cancel them are
 * orderkeys.c's. */
#include "game/orders.h"
#include "ui/uipriv.h"

bool orders_shown_to(const struct ui *ui, int viewer, int unit)
{
	return viewer == UI_VIEW_ALL ||
	       (viewer >= 0 && ui->g->w->units[unit].team == viewer);
}

int orders_count(const struct ui *ui, int viewer)
{
	int n = 0;
	for (int i = 0; i < ui->g->norders; i++)
		if (orders_shown_to(ui, viewer, ui->g->orders[i].unit) &&
		    game_order(ui->g, ui->g->orders[i].unit))
			n++;
	return n;
}

bool orders_any(const struct ui *ui)
{
	return ui->viewer >= 0 && orders_count(ui, ui->viewer) > 0;
}

/* The selected unit's way to its order's cell, underlined, as its team
 * plans it now. */
static void draw_way(struct ui *ui, const struct standing_order *o)
{
	struct path p;
	if (game_plan(ui->g, o->unit, o->x, o->y, &p) == 0)
		for (int i = 0; i < p.nsteps; i++)
			if (p.steps[i].act == PATH_STEP)
				screen_cell_highlight(ui, p.steps[i].x,
						      p.steps[i].y, A_UNDERLINE);
	path_free(&p);
}

void orders_draw(struct ui *ui, int viewer)
{
	const struct game *g = ui->g;
	for (int i = 0; i < g->norders; i++) {
		const struct standing_order *o = &g->orders[i];
		const struct unit *u = &g->w->units[o->unit];
		if (!orders_shown_to(ui, viewer, o->unit) || !game_order(g, o->unit))
			continue;
		if (o->unit == ui->sel)
			draw_way(ui, o);
		/* The order's cell: '*' in the team's colour, unless a unit
		 * the viewer sees stands there. */
		if (viewer_unit_at(ui, viewer, o->x, o->y) < 0)
			screen_cell_put(ui, o->x, o->y,
					'*' | ui->pal.team[u->team] | A_BOLD);
	}
}
