/* viewer.c: the screen's state for its viewer, below every drawing and
 * every action: what the viewer knows (its team's knowledge), the caches
 * recomputed from it when the game changed, the selection, and which of
 * its units can still act. No curses here. */
#include <stdio.h>
#include <string.h>

#include "rules/engage.h"
#include "ui/uipriv.h"
#include "world/vision.h"

/* Cells the selected unit could move to, with their cost (one search of
 * the same rules move_path follows); only cells the viewer sees: a path
 * into the unknown would tell what is there. */
static void compute_reach(struct ui *ui)
{
	const struct world *w = ui->g->w;
	const struct unit *u = &w->units[ui->sel];
	int cells = w->map.w * w->map.h;
	bool may = ui->g->step == STEP_MOVEMENT && u->team == ui->g->active &&
		   unit_alive(u);
	if (may)
		game_reach(ui->g, ui->sel, ui->reach);
	for (int i = 0; i < cells; i++)
		if (!may || ui->reach[i] > u->move_left || !ui->view[i] ||
		    i == u->y * w->map.w + u->x)
			ui->reach[i] = -1;
}

const struct knowledge *viewer_knowledge(const struct ui *ui, int viewer)
{
	return viewer >= 0 && viewer < MAX_TEAMS ? game_knowledge(ui->g, viewer)
						 : NULL;
}

bool viewer_knows_unit(const struct ui *ui, int viewer, int i)
{
	if (i < 0 || i >= ui->g->w->nunits)
		return false;
	if (viewer == UI_VIEW_ALL)
		return unit_alive(&ui->g->w->units[i]);
	const struct knowledge *k = viewer_knowledge(ui, viewer);
	return k && knowledge_knows(k, i);
}

void viewer_refresh(struct ui *ui)
{
	if (!ui->dirty || ui->viewer < 0)
		return;
	/* What other files keep from the game (heights.c) is stale too. */
	ui->refreshed++;
	const struct world *w = ui->g->w;
	int W = w->map.w, H = w->map.h;
	memcpy(ui->view, viewer_knowledge(ui, ui->viewer)->view,
	       (size_t)W * (size_t)H);
	if (ui->sel >= 0 && !unit_alive(&w->units[ui->sel]))
		ui->sel = -1;
	if (ui->sel >= 0 && ui->show_arc)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				ui->arc[y * W + x] = vision_unit_sees(w, ui->sel, x, y);
	if (ui->sel >= 0 && ui->show_dest)
		compute_reach(ui);
	ui->dirty = false;
}

int viewer_unit_at(const struct ui *ui, int viewer, int x, int y)
{
	const struct world *w = ui->g->w;
	if (!map_inside(&w->map, x, y))
		return -1;
	int u = world_unit_at(w, x, y);
	return viewer_knows_unit(ui, viewer, u) ? u : -1;
}

int viewer_mark_at(const struct ui *ui, int viewer, int x, int y)
{
	const struct world *w = ui->g->w;
	const struct knowledge *k = viewer_knowledge(ui, viewer);
	if (!k || knowledge_sees(k, x, y))
		return -1;
	for (int i = 0; i < w->nunits; i++) {
		const struct last_seen *s = &k->last[i];
		if (w->units[i].team != viewer && s->round >= 0 && !s->gone &&
		    s->x == x && s->y == y && !knowledge_knows(k, i))
			return i;
	}
	return -1;
}

void viewer_select(struct ui *ui, int unit, bool move_cursor)
{
	ui->sel = unit;
	if (unit >= 0 && move_cursor) {
		ui->cx = ui->g->w->units[unit].x;
		ui->cy = ui->g->w->units[unit].y;
	}
	ui->dirty = true;
}

bool viewer_owns(const struct ui *ui, int u)
{
	return u >= 0 && unit_alive(&ui->g->w->units[u]) &&
	       ui->g->w->units[u].team == ui->viewer;
}

/* Whether unit i could attack a door or wall next to it now (a ram at a
 * gate): one the viewer sees, that the game's preview accepts. */
static bool structure_in_reach(const struct ui *ui, int i)
{
	const struct game *g = ui->g;
	const struct unit *u = &g->w->units[i];
	if (engage_structure_weapon(g->w, i) < 0)
		return false;
	for (int d = 0; d < DIR_COUNT; d++) {
		int x = u->x + dir_dx[d], y = u->y + dir_dy[d];
		struct attack_calc calc;
		char why[GAME_WHY_LEN];
		if (map_inside(&g->w->map, x, y) &&
		    ui->view[y * g->w->map.w + x] &&
		    game_preview_fight(g, i, -1, x, y, &calc, why) >= 0)
			return true;
	}
	return false;
}

bool viewer_can_act(const struct ui *ui, int i)
{
	const struct game *g = ui->g;
	const struct unit *u = &g->w->units[i];
	char why[GAME_WHY_LEN];
	if (!viewer_owns(ui, i) || u->team != g->active)
		return false;
	switch (g->step) {
	case STEP_MOVEMENT:
		return u->move_left > 0;
	case STEP_MISSILE:
		return game_can_shoot(g, i, why);
	default:
		return game_can_fight(g, i, why) &&
		       (engage_engaged(g->w, i) || structure_in_reach(ui, i));
	}
}

int viewer_first_unit(const struct ui *ui)
{
	const struct world *w = ui->g->w;
	for (int i = 0; i < w->nunits; i++)
		if (viewer_can_act(ui, i))
			return i;
	for (int i = 0; i < w->nunits; i++)
		if (viewer_owns(ui, i))
			return i;
	return -1;
}

void viewer_units_left(const struct ui *ui, char *buf, size_t size)
{
	const struct game *g = ui->g;
	static const char *const could[STEP_COUNT] = {"could still move",
						      "could still shoot",
						      "could still fight"};
	int left = 0;
	for (int i = 0; i < g->w->nunits; i++)
		left += viewer_can_act(ui, i);
	if (left)
		snprintf(buf, size, " %d unit%s %s.", left, left == 1 ? "" : "s",
			 could[g->step]);
	else
		snprintf(buf, size, "%s", "");
}
