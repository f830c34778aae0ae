/* frame.c: the play screen as one frame: the panel, the log pane, the
 * status and key lines and the map, drawn for the viewer and sent at
 * once. Each frame rewrites the windows' contents; curses then sends only
 * the cells that changed (wnoutrefresh + one doupdate, never clear()). */
#include "ui/uipriv.h"

void frame_draw(struct ui *ui)
{
	if (ui->lay.too_small) {
		screen_too_small(ui);
		return;
	}
	viewer_refresh(ui);
	screen_follow(ui);
	int v = ui->viewer;
	panel_draw(ui, v);
	wnoutrefresh(ui->panel);
	logview_draw(ui, v);
	wnoutrefresh(ui->logw);
	screen_bottom(ui, help_hint(ui));
	/* The map last: the terminal's cursor stays on the map cursor. */
	mapview_draw(ui, v);
	wmove(ui->map, screen_map_row(ui, ui->cy), screen_map_col(ui, ui->cx));
	wnoutrefresh(ui->map);
	doupdate();
}
