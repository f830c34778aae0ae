/* logview.c: the log pane (the newest lines the viewer may read, wrapped)
 * and the full log, scrollable. The pane tells the game's story; the
 * full log has the screen's messages too. */
#include <stdlib.h>

#include "base/util.h"
#include "ui/uipriv.h"

/* Line i as the pane shows it to viewer, or NULL: hidden from the
 * viewer, or a message of the screen's (the status line showed it). */
static const char *pane_text(const struct ui *ui, int i, int viewer)
{
	if (ui->log.v[i].said)
		return NULL;
	return uilog_text(&ui->log, i, viewer);
}

void logview_draw(struct ui *ui, int viewer)
{
	WINDOW *win = ui->logw;
	int rows = screen_log_rows(ui), width = getmaxx(win);
	werase(win);
	if (viewer < 0 || rows <= 0)
		return;
	/* Walk back from the newest line until the pane is full. */
	int first = ui->log.n, used = 0;
	while (first > 0 && used < rows) {
		const char *s = pane_text(ui, first - 1, viewer);
		first--;
		if (s)
			used += screen_wrap(NULL, 0, 0, width, 1000, 0, s);
	}
	int y = rows - used;
	for (int i = first; i < ui->log.n; i++) {
		const char *s = pane_text(ui, i, viewer);
		if (!s)
			continue;
		int n = screen_wrap(NULL, 0, 0, width, 1000, 0, s);
		if (y >= 0)
			screen_wrap(win, y, 0, width, rows - y, A_NORMAL, s);
		else /* the oldest line shown loses its first rows */
			screen_wrap_skip(win, 0, 0, width, rows, A_NORMAL, s, -y);
		y += n;
	}
}

void logview_full(struct ui *ui, int viewer)
{
	const char **lines = xmalloc((size_t)(ui->log.n + 1) * sizeof *lines);
	int n = 0;
	for (int i = 0; i < ui->log.n; i++) {
		const char *s = uilog_text(&ui->log, i, viewer);
		if (s)
			lines[n++] = s;
	}
	pager_show(ui, "Log: what your team saw", (const char *const *)lines, n, true);
	free(lines);
}
