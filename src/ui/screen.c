/* screen.c: where everything goes on the screen (the layout and its
 * windows), what every view draws with (a string, wrapped text, a map
 * cell), the status and key lines, and keys read with the layout redone
 * after a resize. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ui/uipriv.h"

#define PANEL_ROWS 18 /* rows the panel likes to have at 80x24 */
#define PANEL_WIDE 40 /* columns of panel that cells twice as wide leave */
#define PANEL_MAX 60  /* a panel wider than this only wastes room */

static int min_i(int a, int b)
{
	return a < b ? a : b;
}

static int max_i(int a, int b)
{
	return a > b ? a : b;
}

static void del(WINDOW **w)
{
	if (*w)
		delwin(*w);
	*w = NULL;
}

void screen_free(struct ui *ui)
{
	del(&ui->map);
	del(&ui->panel);
	del(&ui->logw);
	del(&ui->status);
	del(&ui->hint);
}

/* The map's share of the columns: cells twice as wide when the whole
 * map fits so beside a wide panel (terminal cells are about twice as
 * tall as wide: the map then looks as it would on the table), a blank
 * column before the panel and, for a map taller than the view, its
 * scroll bar before that; the panel what is left up to PANEL_MAX, the
 * map centred in the rest. */
static void layout_columns(struct layout *L, const struct map *m)
{
	int beside = 1 + (L->more_v ? 1 : 0);
	L->cell_w = 2 * m->w + beside + PANEL_WIDE <= L->cols ? 2 : 1;
	L->map_w = min_i(m->w, (L->cols - beside - UI_PANEL_MIN) / L->cell_w);
	L->more_h = L->map_w < m->w;
	int used = L->map_w * L->cell_w + beside;
	L->panel_w = max_i(UI_PANEL_MIN, min_i(L->cols - used, PANEL_MAX));
	L->panel_x = L->cols - L->panel_w;
	/* Centred as seen: a wide cell's second column is blank, the bar
	 * is seen. */
	int shown = L->map_w * L->cell_w - (L->cell_w - 1) + beside - 1;
	L->map_x = min_i((L->panel_x - shown) / 2, L->panel_x - used);
}

/* The rows: the status and key lines at the bottom, a log of at least
 * UI_LOG_MIN rows (more on a taller terminal), and the map with, when it
 * is wider than the screen, its scroll bar below; the panel as tall as
 * the map or, with room, taller; the map centred beside it. */
static void layout_rows(struct layout *L, const struct map *m)
{
	int extra = L->lines - UI_MIN_LINES;
	int log_min = UI_LOG_MIN + extra / 3;
	int bar = L->more_h ? 1 : 0;
	/* Messages and the key hint get a line each when the whole map
	 * still fits, or the terminal is taller than the least; otherwise
	 * they share the bottom line. */
	L->hint_y = L->lines - 1;
	L->status_y = L->lines - 2 - log_min >= m->h + bar || extra > 0
			      ? L->lines - 2
			      : L->lines - 1;
	int avail = L->status_y - log_min;
	L->map_h = min_i(m->h, avail - bar);
	L->more_v = L->map_h < m->h;
	L->top_h = max_i(L->map_h + bar,
			 min_i(PANEL_ROWS + extra / 2, avail));
	L->map_y = (L->top_h - L->map_h - bar) / 2;
	L->log_y = L->top_h;
	L->log_h = L->status_y - L->top_h;
}

void screen_layout(struct ui *ui)
{
	struct layout *L = &ui->lay;
	const struct map *m = &ui->g->w->map;
	screen_free(ui);
	memset(L, 0, sizeof *L);
	L->cols = COLS;
	L->lines = LINES;
	/* Full pages (curtain, pager) draw on stdscr, which curses keeps
	 * anyway and resizes itself: one screen-sized window fewer. */
	ui->full = stdscr;
	leaveok(ui->full, TRUE);
	L->too_small = COLS < UI_MIN_COLS || LINES < UI_MIN_LINES;
	if (L->too_small)
		return;
	/* A scroll bar under the map takes a row from it, one beside it a
	 * column: each may call for the other. */
	for (int pass = 0; pass < 3; pass++) {
		layout_columns(L, m);
		layout_rows(L, m);
	}
	/* The windows tile the screen, so no stale cell survives a resize. */
	ui->map = newwin(L->top_h, L->panel_x, 0, 0);
	ui->panel = newwin(L->top_h, L->panel_w, 0, L->panel_x);
	ui->logw = newwin(L->log_h, COLS, L->log_y, 0);
	ui->status = newwin(1, COLS, L->status_y, 0);
	if (L->hint_y != L->status_y) {
		ui->hint = newwin(1, COLS, L->hint_y, 0);
		leaveok(ui->hint, TRUE);
	}
	leaveok(ui->panel, TRUE);
	leaveok(ui->logw, TRUE);
	leaveok(ui->status, TRUE);
	screen_follow(ui);
}

int screen_open(struct ui *ui)
{
	if (term_open(ui) != 0)
		return -1;
	palette_init(&ui->pal, ui->g->w);
	screen_layout(ui);
	return 0;
}

void screen_close(struct ui *ui)
{
	if (ui->scr) {
		screen_free(ui);
		ui->full = NULL; /* stdscr: curses' own */
	}
	term_close(ui);
}

int screen_key_within(struct ui *ui, int ms)
{
	int k = term_key_within(ui, ms);
	if (k == KEY_RESIZE)
		screen_layout(ui);
	return k;
}

int screen_key(struct ui *ui)
{
	return screen_key_within(ui, -1);
}

int screen_map_row(const struct ui *ui, int y)
{
	return ui->lay.map_y + y - ui->sy;
}

int screen_map_col(const struct ui *ui, int x)
{
	return ui->lay.map_x + (x - ui->sx) * ui->lay.cell_w;
}

/* Whether map cell x,y is in the viewport. */
static bool in_viewport(const struct ui *ui, int x, int y)
{
	int vx = x - ui->sx, vy = y - ui->sy;
	return vx >= 0 && vy >= 0 && vx < ui->lay.map_w && vy < ui->lay.map_h;
}

void screen_cell_put(const struct ui *ui, int x, int y, chtype ch)
{
	if (in_viewport(ui, x, y))
		mvwaddch(ui->map, screen_map_row(ui, y), screen_map_col(ui, x), ch);
}

void screen_cell_highlight(const struct ui *ui, int x, int y, attr_t attr)
{
	if (!in_viewport(ui, x, y))
		return;
	int row = screen_map_row(ui, y), col = screen_map_col(ui, x);
	chtype ch = mvwinch(ui->map, row, col);
	mvwaddch(ui->map, row, col, (ch & (A_CHARTEXT | A_COLOR)) | attr);
}

/* The viewport origin that keeps c in view: when the cursor comes within
 * a margin of the edge, the view jumps to centre it (a jump now and then
 * costs fewer bytes than redrawing the whole map at every step). */
static int follow(int c, int s, int view, int size)
{
	if (size <= view)
		return 0;
	int margin = view > 12 ? 2 : 0;
	if (c < s + margin || c > s + view - 1 - margin)
		s = c - view / 2;
	return max_i(0, min_i(s, size - view));
}

void screen_follow(struct ui *ui)
{
	const struct map *m = &ui->g->w->map;
	if (ui->lay.too_small)
		return;
	ui->sx = follow(ui->cx, ui->sx, ui->lay.map_w, m->w);
	ui->sy = follow(ui->cy, ui->sy, ui->lay.map_h, m->h);
}

void screen_put(WINDOW *win, int y, int x, attr_t attr, const char *s)
{
	int w = getmaxx(win) - x;
	if (w <= 0 || y < 0 || y >= getmaxy(win))
		return;
	wattrset(win, attr);
	mvwaddnstr(win, y, x, s, w);
	wattrset(win, A_NORMAL);
}

/* Where to cut s (longer than width): before a " + " or " - " of an
 * arithmetic when one is late enough, else at the last blank, else hard. */
static int wrap_point(const char *s, int width)
{
	int blank = 0;
	for (int b = width; b > 0; b--) {
		if (s[b] != ' ')
			continue;
		if (!blank)
			blank = b;
		if ((s[b + 1] == '+' || s[b + 1] == '-') && s[b + 2] == ' ' &&
		    b > width / 2)
			return b;
	}
	return blank ? blank : width;
}

int screen_wrap_hang(WINDOW *win, int y, int x, int width, int maxrows,
		     attr_t attr, const char *s, int skip, int hang)
{
	int rows = 0, done = 0;
	size_t len = strlen(s);
	if (hang < 0 || hang >= width)
		hang = 0;
	if (width <= 0)
		return 0;
	while (len > 0 && rows < maxrows) {
		/* Every row after the first starts hang columns in. */
		int in = done++ ? hang : 0, room = width - in;
		size_t n = len;
		const char *nl = memchr(s, '\n', len);
		if (nl && nl - s <= room)
			n = (size_t)(nl - s); /* a line break of the text's own */
		else if ((int)n > room)
			n = (size_t)wrap_point(s, room);
		if (skip > 0) {
			skip--;
		} else {
			char row[512];
			size_t k = n < sizeof row ? n : sizeof row - 1;
			memcpy(row, s, k);
			row[k] = '\0';
			if (win)
				screen_put(win, y + rows, x + in, attr, row);
			rows++;
		}
		s += n;
		len -= n;
		if (len > 0 && *s == '\n') {
			s++;
			len--;
		}
		while (len > 0 && *s == ' ') {
			s++;
			len--;
		}
	}
	return rows;
}

int screen_wrap_skip(WINDOW *win, int y, int x, int width, int maxrows,
		     attr_t attr, const char *s, int skip)
{
	return screen_wrap_hang(win, y, x, width, maxrows, attr, s, skip, 0);
}

int screen_wrap(WINDOW *win, int y, int x, int width, int maxrows,
		attr_t attr, const char *s)
{
	return screen_wrap_skip(win, y, x, width, maxrows, attr, s, 0);
}

/* The status line's text. */
static void set_status(struct ui *ui, bool error, const char *text)
{
	size_t n = strlen(text);
	if (n >= sizeof ui->status_text)
		n = sizeof ui->status_text - 1;
	memcpy(ui->status_text, text, n);
	ui->status_text[n] = '\0';
	ui->status_err = error;
}

void screen_status_text(struct ui *ui, bool error, const char *text,
			bool logged)
{
	set_status(ui, error, text);
	/* A question is not news: its answer is. Said to no team (between
	 * turns) or to the all-seeing watcher of a replay, it is for all. */
	if (!logged && text[0] && ui->mode == MODE_PLAY)
		uilog_said(&ui->log, text, ui->viewer);
}

void screen_status(struct ui *ui, bool error, const char *fmt, ...)
{
	char text[2 * UI_STATUS_LEN];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	screen_status_text(ui, error, text, false);
}

void screen_prompt(struct ui *ui, const char *fmt, ...)
{
	char text[2 * UI_STATUS_LEN];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	/* Shown as a message is, but like a question it is not news: the
	 * log line it stands for is there already, or it only says which
	 * keys go on. */
	set_status(ui, false, text);
}

/* Rows the status message takes: 0, 1 or 2 (a longer one is shortened
 * in the middle, and the log has it whole). */
static int status_rows(const struct ui *ui)
{
	int n = ui->status_text[0] ? screen_wrap(NULL, 0, 0, COLS, 1000, 0,
						 ui->status_text)
				   : 0;
	return min_i(n, 2);
}

int screen_log_rows(const struct ui *ui)
{
	int rows = ui->logw ? getmaxy(ui->logw) : 0;
	/* Sharing its line with the key hint, a two-row message takes the
	 * log's last row. */
	if (!ui->hint && status_rows(ui) == 2)
		rows--;
	return rows;
}

void screen_too_small(struct ui *ui)
{
	WINDOW *f = ui->full;
	char msg[96];
	werase(f);
	snprintf(msg, sizeof msg, "terminal too small: need %dx%d, have %dx%d",
		 UI_MIN_COLS, UI_MIN_LINES, COLS, LINES);
	screen_wrap(f, 0, 0, COLS, LINES, A_BOLD, msg);
	if (LINES > 2)
		screen_wrap(f, 2, 0, COLS, LINES - 2, A_NORMAL,
			    "Make the window bigger, or press q to quit.");
	wnoutrefresh(f);
	doupdate();
}

bool screen_wait_size(struct ui *ui)
{
	while (ui->lay.too_small && !ui->quit) {
		screen_too_small(ui);
		int k = screen_key(ui);
		if (k == ERR)
			return false;
		if (k == 'q' || k == 'Q') {
			ui->quit = true;
			return false;
		}
	}
	return !ui->quit;
}

/* A message over two rows, first's row y and second's first row. One
 * longer still keeps its first row and its end (a reason, a file name),
 * with ... for what is left out between them; the log has it whole. */
static void two_rows(WINDOW *first, int y, WINDOW *second, attr_t a,
		     const char *text)
{
	screen_wrap(first, y, 0, COLS, 1, a, text);
	if (screen_wrap(NULL, 0, 0, COLS, 1000, 0, text) <= 2) {
		screen_wrap_skip(second, 0, 0, COLS, 1, a, text, 1);
		return;
	}
	/* The end: the last words that fit after "... " (or the last
	 * characters, when one word is longer than that), nothing of the
	 * first row again. */
	size_t len = strlen(text), room = (size_t)COLS - 4, from = len - room;
	size_t shown = (size_t)wrap_point(text, COLS);
	if (from < shown)
		from = shown;
	while (from < len && text[from - 1] != ' ')
		from++;
	if (from == len)
		from = len - room > shown ? len - room : shown;
	while (from < len && text[from] == ' ')
		from++;
	char row[UI_STATUS_LEN + 8];
	snprintf(row, sizeof row, "... %s", text + from);
	screen_put(second, 0, 0, a, row);
}

/* The status tail, dim after the status text: what fits of it, "..."
 * for the rest. */
static void put_tail(struct ui *ui)
{
	int col = (int)strlen(ui->status_text) + 2, room = COLS - 1 - col;
	const char *t = ui->status_tail;
	char row[UI_STATUS_LEN];
	if (room < 8)
		return;
	if ((int)strlen(t) <= room)
		snprintf(row, sizeof row, "%s", t);
	else
		snprintf(row, sizeof row, "%.*s...", room - 3, t);
	screen_put(ui->status, 0, col, A_DIM, row);
}

/* The status line: a message or question until the next key, wrapped
 * over two rows when it must (the key hint's, or the log's last when they
 * share the bottom line); the hint line: the keys that matter now. When
 * they share a line, the message wins. */
void screen_bottom(struct ui *ui, const char *hint)
{
	attr_t a = ui->status_err ? ui->pal.error : A_BOLD;
	int rows = status_rows(ui);
	WINDOW *first = ui->status, *second = NULL;
	if (rows == 2) {
		first = ui->hint ? ui->status : ui->logw;
		second = ui->hint ? ui->hint : ui->status;
	}
	werase(ui->status);
	if (ui->hint)
		werase(ui->hint);
	if (rows == 0 && !ui->hint)
		screen_put(ui->status, 0, 0, A_DIM, hint);
	else if (rows == 1)
		screen_put(ui->status, 0, 0, a, ui->status_text);
	if (rows == 1 && ui->status_tail[0])
		put_tail(ui);
	if (rows == 2) {
		int y = first == ui->logw ? getmaxy(ui->logw) - 1 : 0;
		wmove(first, y, 0);
		wclrtoeol(first);
		two_rows(first, y, second, a, ui->status_text);
		if (first == ui->logw)
			wnoutrefresh(ui->logw);
	} else if (ui->hint) {
		screen_put(ui->hint, 0, 0, A_DIM, hint);
	}
	wnoutrefresh(ui->status);
	if (ui->hint)
		wnoutrefresh(ui->hint);
}
