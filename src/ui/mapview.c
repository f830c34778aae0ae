/* mapview.c: the battlefield as one team sees it. Cells it sees now are
 * drawn as they are, cells it saw before as it last saw them (dimmed,
 * without units), the rest blank. Its own units are always drawn; an
 * enemy only where the team sees it, or as a '?' where it was last seen. */
#include <ctype.h>

#include "ui/uipriv.h"

/* Terrain of one cell for viewer, with the overlays. */
static chtype terrain(struct ui *ui, int viewer, int x, int y)
{
	const struct world *w = ui->g->w;
	const struct palette *p = &ui->pal;
	int i = y * w->map.w + x;
	attr_t a = A_NORMAL;
	chtype ch;
	if (ui->view[i]) {
		const struct cell *c = map_cell_c(&w->map, x, y);
		ch = (unsigned char)cell_symbol(c);
		/* The legend's colour; a lock's team colour over it. */
		a = p->terrain[map_cell_colour(&w->map, c)];
		if (c->t.kind == TERRAIN_DOOR && c->t.state == DOOR_LOCKED &&
		    !c->t.broken && c->t.locked_by >= 0 &&
		    c->t.locked_by < MAX_TEAMS)
			a = p->team[c->t.locked_by];
	} else if (viewer_knowledge(ui, viewer) &&
		   viewer_knowledge(ui, viewer)->memory[i]) {
		ch = viewer_knowledge(ui, viewer)->memory[i];
		a = p->remembered;
	} else {
		return ' ';
	}
	chtype h = ui->show_heights ? heights_cell(ui, viewer, x, y) : 0;
	if (h) {
		ch = h & A_CHARTEXT;
		a |= h & A_ATTRIBUTES;
	}
	if (ui->sel >= 0 && ui->show_dest && ui->reach[i] > 0)
		a = p->dest;
	else if (ui->sel >= 0 && ui->show_arc && ui->arc[i])
		a = p->arc;
	return ch | a;
}

/* With cells two columns wide, what goes between two of them: a wall,
 * water or woods runs on when both sides show it; open ground stays
 * dotted, but a highlight both share runs on. */
static chtype between(chtype a, chtype b)
{
	chtype ca = a & A_CHARTEXT, cb = b & A_CHARTEXT;
	attr_t aa = a & A_ATTRIBUTES, ab = b & A_ATTRIBUTES;
	if (ca != cb || ca == ' ')
		return ' ';
	return (ca == '.' ? ' ' : ca) | (aa == ab ? aa : A_NORMAL);
}

/* Where the thumb of a scroll bar of len cells goes, for a view of view
 * cells from s on a map of size cells: its first cell and length. */
static void thumb(int len, int s, int view, int size, int *from, int *n)
{
	*n = len * view / size;
	if (*n < 1)
		*n = 1;
	*from = s + view >= size ? len - *n
				 : (int)((long long)len * s / size);
	if (*from + *n > len)
		*from = len - *n;
}

/* Scroll bars where the map is larger than the viewport: beside it (^
 * more above, v more below) and under it (< more west, > more east), the
 * part in view in reverse video. They tell only how the viewport lies
 * on the map, nothing of what is on it. */
static void scroll_bars(const struct ui *ui)
{
	const struct layout *L = &ui->lay;
	const struct map *m = &ui->g->w->map;
	WINDOW *win = ui->map;
	int from, n;
	if (L->more_v) {
		int x = L->map_x + L->map_w * L->cell_w;
		thumb(L->map_h, ui->sy, L->map_h, m->h, &from, &n);
		for (int i = 0; i < L->map_h; i++) {
			chtype ch = i >= from && i < from + n ? ' ' | A_REVERSE
							      : '|' | A_DIM;
			if (i == 0 && ui->sy > 0)
				ch = '^' | A_BOLD;
			else if (i == L->map_h - 1 && ui->sy + L->map_h < m->h)
				ch = 'v' | A_BOLD;
			mvwaddch(win, L->map_y + i, x, ch);
		}
	}
	if (L->more_h) {
		int len = L->map_w * L->cell_w, y = L->map_y + L->map_h;
		thumb(len, ui->sx * L->cell_w, len, m->w * L->cell_w, &from, &n);
		for (int i = 0; i < len; i++) {
			chtype ch = i >= from && i < from + n ? ' ' | A_REVERSE
							      : '-' | A_DIM;
			if (i == 0 && ui->sx > 0)
				ch = '<' | A_BOLD;
			else if (i == len - 1 && ui->sx + L->map_w < m->w)
				ch = '>' | A_BOLD;
			mvwaddch(win, y, L->map_x + i, ch);
		}
	}
}

/* Show the cell at x,y in reverse, whatever is drawn there. */
static void mark(const struct ui *ui, int x, int y)
{
	screen_cell_highlight(ui, x, y, A_REVERSE | A_BOLD);
}

void mapview_draw(struct ui *ui, int viewer)
{
	const struct world *w = ui->g->w;
	const struct layout *L = &ui->lay;
	WINDOW *win = ui->map;
	werase(win);
	for (int vy = 0; vy < L->map_h; vy++) {
		int y = ui->sy + vy;
		chtype last = ' ';
		wmove(win, L->map_y + vy, L->map_x);
		for (int vx = 0; vx < L->map_w; vx++) {
			int x = ui->sx + vx;
			chtype ch = ' ';
			if (viewer >= 0 && map_inside(&w->map, x, y))
				ch = terrain(ui, viewer, x, y);
			/* Heights are read cell by cell: "4 4", not "444". */
			if (L->cell_w == 2 && vx > 0)
				waddch(win, ui->show_heights && isdigit((int)(ch & A_CHARTEXT))
						    ? ' '
						    : between(last, ch));
			waddch(win, ch);
			last = ch;
		}
	}
	scroll_bars(ui);
	if (viewer < 0)
		return;
	/* Last-seen marks: where an enemy out of view was last seen. */
	const struct knowledge *k = viewer_knowledge(ui, viewer);
	if (ui->show_marks && k)
		for (int i = 0; i < w->nunits; i++) {
			const struct last_seen *s = &k->last[i];
			const struct unit *u = &w->units[i];
			if (u->team == viewer || s->round < 0 || s->gone ||
			    knowledge_knows(k, i) ||
			    !map_inside(&w->map, s->x, s->y) ||
			    ui->view[s->y * w->map.w + s->x])
				continue;
			screen_cell_put(ui, s->x, s->y, '?' | ui->pal.team[u->team] | A_DIM);
		}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (!viewer_knows_unit(ui, viewer, i))
			continue;
		attr_t a = ui->pal.team[u->team];
		if (i == ui->sel)
			a = ui->pal.colour ? a | ui->pal.selected : ui->pal.selected;
		screen_cell_put(ui, u->x, u->y,
		    (unsigned char)world_type(w, u)->symbol | a);
	}
	orders_draw(ui, viewer);
	idview_draw(ui, viewer);
	/* A move being retold: its ends, as the viewer saw them. */
	if (ui->trail.on) {
		if (ui->trail.from)
			mark(ui, ui->trail.x0, ui->trail.y0);
		if (ui->trail.to)
			mark(ui, ui->trail.x1, ui->trail.y1);
	}
	losview_draw(ui, viewer);
}
