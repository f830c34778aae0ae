/* idview.c: unit ids on the map (I), to type at the ':' prompt. Each unit
 * the viewer knows (its own, the enemies it sees) has its id written from
 * its cell eastwards, in its team's colour; where another unit or label
 * is in the way, westwards so that it ends on the cell; where neither
 * fits, as much as fits from the cell (the panel names the unit under the
 * cursor in full). */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"

struct idgrid {
	unsigned char *taken; /* rows x cols: 1 a unit's cell, 2 a label */
	int rows, cols, x0, x1; /* the map's columns: [x0, x1) */
};

static unsigned char *slot(struct idgrid *gr, int row, int col)
{
	return &gr->taken[row * gr->cols + col];
}

/* Whether len columns from col on row are free for unit cell own. */
static bool room(struct idgrid *gr, int row, int col, int len, int own)
{
	if (col < gr->x0 || col + len > gr->x1)
		return false;
	for (int c = col; c < col + len; c++)
		if (*slot(gr, row, c) && c != own)
			return false;
	return true;
}

/* The screen column where unit i's label starts, and how much of it. */
static int place(struct idgrid *gr, int row, int col, int *len)
{
	if (room(gr, row, col, *len, col))
		return col;
	if (room(gr, row, col - *len + 1, *len, col))
		return col - *len + 1;
	int n = 1;
	while (n < *len && room(gr, row, col, n + 1, col))
		n++;
	*len = n;
	return col;
}

static bool in_view(const struct ui *ui, int x, int y)
{
	int vx = x - ui->sx, vy = y - ui->sy;
	return vx >= 0 && vy >= 0 && vx < ui->lay.map_w && vy < ui->lay.map_h;
}

void idview_draw(struct ui *ui, int viewer)
{
	const struct world *w = ui->g->w;
	if (!ui->show_ids || viewer < 0)
		return;
	struct idgrid gr = {NULL, getmaxy(ui->map), getmaxx(ui->map),
			    ui->lay.map_x,
			    ui->lay.map_x + ui->lay.map_w * ui->lay.cell_w};
	if (gr.x1 > gr.cols)
		gr.x1 = gr.cols;
	int cells = gr.rows * gr.cols;
	gr.taken = xcalloc((size_t)(cells > 0 ? cells : 1), 1);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (viewer_knows_unit(ui, viewer, i) && in_view(ui, u->x, u->y))
			*slot(&gr, screen_map_row(ui, u->y),
			      screen_map_col(ui, u->x)) = 1;
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (!viewer_knows_unit(ui, viewer, i) || !in_view(ui, u->x, u->y))
			continue;
		int row = screen_map_row(ui, u->y), col = screen_map_col(ui, u->x);
		int len = (int)strlen(u->id);
		int at = place(&gr, row, col, &len);
		attr_t a = ui->pal.team[u->team] | A_BOLD;
		if (i == ui->sel)
			a = ui->pal.colour ? a | ui->pal.selected : ui->pal.selected;
		for (int k = 0; k < len; k++) {
			*slot(&gr, row, at + k) = 2;
			mvwaddch(ui->map, row, at + k, (unsigned char)u->id[k] | a);
		}
	}
	free(gr.taken);
}
