/* mapview.c: the battlefield as one team sees it. Cells it sees now are
 * drawn as they are, cells it saw before as it last saw them (dimmed,
 * without units), the rest blank. Its own units are always drawn; an
 * enemy only where the team sees it, or as a '?' where it was last seen. */
#include "ui/uipriv.h"

int mapview_unit_at(const struct ui *ui, int viewer, int x, int y)
{
	const struct world *w = ui->g->w;
	if (!map_inside(&w->map, x, y))
		return -1;
	int u = world_unit_at(w, x, y);
	return ui_knows_unit(ui, viewer, u) ? u : -1;
}

int mapview_mark_at(const struct ui *ui, int viewer, int x, int y)
{
	const struct world *w = ui->g->w;
	const struct knowledge *k = ui_knowledge(ui, viewer);
	if (!k || knowledge_sees(k, x, y))
		return -1;
	for (int i = 0; i < w->nunits; i++) {
		const struct last_seen *s = &k->last[i];
		if (w->units[i].team != viewer && s->round >= 0 && s->x == x &&
		    s->y == y && !knowledge_knows(k, i))
			return i;
	}
	return -1;
}

/* Terrain of one cell for viewer, with the overlays. */
static chtype terrain(const struct ui *ui, int viewer, int x, int y)
{
	const struct world *w = ui->g->w;
	const struct palette *p = &ui->pal;
	int i = y * w->map.w + x;
	attr_t a = A_NORMAL;
	chtype ch;
	if (ui->view[i]) {
		const struct cell *c = map_cell_c(&w->map, x, y);
		ch = (unsigned char)cell_symbol(c);
		if (c->t.kind == TERRAIN_DOOR && c->t.state == DOOR_LOCKED &&
		    !c->t.broken && c->t.locked_by >= 0 &&
		    c->t.locked_by < MAX_TEAMS)
			a = p->team[c->t.locked_by];
	} else if (ui_knowledge(ui, viewer) &&
		   ui_knowledge(ui, viewer)->memory[i]) {
		ch = ui_knowledge(ui, viewer)->memory[i];
		a = p->remembered;
	} else {
		return ' ';
	}
	if (ui->sel >= 0 && ui->show_dest && ui->reach[i] > 0)
		a = p->dest;
	else if (ui->sel >= 0 && ui->show_arc && ui->arc[i])
		a = p->arc;
	return ch | a;
}

/* Put ch at map cell x,y if it is in the viewport. */
static void put(const struct ui *ui, int x, int y, chtype ch)
{
	int vx = x - ui->sx, vy = y - ui->sy;
	if (vx >= 0 && vy >= 0 && vx < ui->lay.map_w && vy < ui->lay.map_h)
		mvwaddch(ui->map, vy, vx, ch);
}

void mapview_highlight(const struct ui *ui, int x, int y, attr_t attr)
{
	int vx = x - ui->sx, vy = y - ui->sy;
	if (vx < 0 || vy < 0 || vx >= ui->lay.map_w || vy >= ui->lay.map_h)
		return;
	chtype ch = mvwinch(ui->map, vy, vx);
	mvwaddch(ui->map, vy, vx, (ch & (A_CHARTEXT | A_COLOR)) | attr);
}

/* Show the cell at x,y in reverse, whatever is drawn there. */
static void mark(const struct ui *ui, int x, int y)
{
	mapview_highlight(ui, x, y, A_REVERSE | A_BOLD);
}

void mapview_draw(struct ui *ui, int viewer)
{
	const struct world *w = ui->g->w;
	WINDOW *win = ui->map;
	int rows = getmaxy(win), cols = getmaxx(win);
	for (int vy = 0; vy < rows; vy++) {
		wmove(win, vy, 0);
		for (int vx = 0; vx < cols; vx++) {
			int x = ui->sx + vx, y = ui->sy + vy;
			chtype ch = ' ';
			if (viewer >= 0 && vx < ui->lay.map_w &&
			    vy < ui->lay.map_h && map_inside(&w->map, x, y))
				ch = terrain(ui, viewer, x, y);
			waddch(win, ch);
		}
	}
	if (viewer < 0)
		return;
	/* Last-seen marks: where an enemy out of view was last seen. */
	const struct knowledge *k = ui_knowledge(ui, viewer);
	if (ui->show_marks && k)
		for (int i = 0; i < w->nunits; i++) {
			const struct last_seen *s = &k->last[i];
			const struct unit *u = &w->units[i];
			if (u->team == viewer || s->round < 0 ||
			    knowledge_knows(k, i) ||
			    !map_inside(&w->map, s->x, s->y) ||
			    ui->view[s->y * w->map.w + s->x])
				continue;
			put(ui, s->x, s->y, '?' | ui->pal.team[u->team] | A_DIM);
		}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (!ui_knows_unit(ui, viewer, i))
			continue;
		attr_t a = ui->pal.team[u->team];
		if (i == ui->sel)
			a = ui->pal.colour ? a | ui->pal.selected : ui->pal.selected;
		put(ui, u->x, u->y,
		    (unsigned char)world_type(w, u)->symbol | a);
	}
	/* A move being retold: its ends, as the viewer saw them. */
	if (ui->trail.on) {
		if (ui->trail.from)
			mark(ui, ui->trail.x0, ui->trail.y0);
		if (ui->trail.to)
			mark(ui, ui->trail.x1, ui->trail.y1);
	}
	losview_draw(ui, viewer);
}
