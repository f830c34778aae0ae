/* replay.c: watching a saved game. The game is rebuilt from its commands
 * at each position (a game is a pure function of scenario, seed and
 * commands), so going back is as exact as going forward. Shown as one
 * team saw it, or all of it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"
#include "world/vision.h"

struct replay_state {
	const struct ui_replay *r;
	int k;          /* commands applied */
	int viewer;     /* a team, or UI_VIEW_ALL */
	char jump[8];   /* digits typed after g */
	bool asking;
};

/* Rebuild the game after k commands, hearing the last one. */
static void go_to(struct ui *ui, struct replay_state *st, int k)
{
	const struct ui_replay *r = st->r;
	if (k < 0)
		k = 0;
	if (k > r->ncmds)
		k = r->ncmds;
	uilog_free(&ui->log);
	uilog_init(&ui->log, ui->g);
	struct game *g = r->build(r->ctx, k, uilog_listener, &ui->log);
	if (!g) {
		screen_status(ui, true, "cannot rebuild the game at command %d", k);
		return;
	}
	game_free(ui->g);
	ui->g = g;
	st->k = k;
	ui->dirty = true;
}

static void refresh_view(struct ui *ui, int viewer)
{
	const struct world *w = ui->g->w;
	if (viewer != UI_VIEW_ALL)
		memcpy(ui->view, game_knowledge(ui->g, viewer)->view,
		       (size_t)w->map.w * (size_t)w->map.h);
	else
		memset(ui->view, 1, (size_t)w->map.w * (size_t)w->map.h);
	ui->dirty = false;
}

/* The save's path from x on row y, in width columns: whole when it
 * fits; else its folder on one row (shortened from the left with ...,
 * from a separator) and the file name on the next, whole (over more rows
 * only when it is itself wider than the panel). Returns the rows used. */
static int draw_path(WINDOW *p, int y, int x, int width, int maxrows,
		     const char *path)
{
	char row[512];
	int len = (int)strlen(path), rows = 0;
	if (width <= 3 || maxrows <= 0)
		return 0;
	if (len <= width) {
		screen_put(p, y, x, A_NORMAL, path);
		return 1;
	}
	const char *slash = strrchr(path, '/');
	const char *name = slash ? slash + 1 : path;
	if (slash) {
		int dlen = (int)(slash + 1 - path);
		const char *from = path;
		if (dlen > width) {
			/* The last width - 3 characters, from the first
			 * separator among them unless that is the last one. */
			from = slash + 1 - (width - 3);
			const char *sep = memchr(from, '/', (size_t)(slash - from));
			if (sep)
				from = sep;
		}
		snprintf(row, sizeof row, "%s%.*s", from != path ? "..." : "",
			 (int)(slash + 1 - from), from);
		screen_put(p, y + rows++, x, A_NORMAL, row);
	}
	for (int n = (int)strlen(name); n > 0 && rows < maxrows;) {
		int k = n < width ? n : width;
		snprintf(row, sizeof row, "%.*s", k, name);
		screen_put(p, y + rows++, x, A_NORMAL, row);
		name += k;
		n -= k;
	}
	return rows;
}

static void draw_panel(struct ui *ui, const struct replay_state *st)
{
	const struct game *g = ui->g;
	const struct ui_replay *r = st->r;
	WINDOW *p = ui->panel;
	int width = getmaxx(p) - 1, rows = getmaxy(p), y = 0;
	char buf[256];
	werase(p);
	screen_put(p, y++, 1, ui->pal.title | A_BOLD, "REPLAY");
	y += draw_path(p, y, 1, width, 3, r->title);
	snprintf(buf, sizeof buf, "command %d of %d", st->k, r->ncmds);
	screen_put(p, y++, 1, A_NORMAL, buf);
	if (st->k > 0) {
		snprintf(buf, sizeof buf, "> %s", r->cmds[st->k - 1]);
		y += screen_wrap(p, y, 1, width, 2, A_BOLD, buf);
	}
	y++;
	snprintf(buf, sizeof buf, "Round %d: %s, %s", g->round,
		 g->w->teams[g->active].name, step_labels[g->step]);
	y += screen_wrap(p, y, 1, width, 2, ui->pal.team[g->active], buf);
	if (g->over)
		y += screen_wrap(p, y, 1, width, 2, A_BOLD, g->result);
	snprintf(buf, sizeof buf, "Seen by: %s",
		 st->viewer != UI_VIEW_ALL ? g->w->teams[st->viewer].name
					   : "everyone (all units)");
	y += screen_wrap(p, y, 1, width, 2, A_NORMAL, buf);
	y++;
	/* The keys, each whole or not at all (the bottom line has the
	 * main ones): the meaning beside the key, wrapped under itself. */
	static const char *const keys[][2] = {
		{"n Space Right", "next command"},
		{"p Left", "previous"},
		{"] [", "next/prev round"},
		{"Home End", "start/end"},
		{"g", "go to round..."},
		{"t", "whose view"},
		{"HJKL Up Down", "move the cursor"},
		{"q", "quit"},
	};
	const int kw = 14;
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		bool beside = width - kw >= 10;
		int n = beside ? screen_wrap(NULL, 0, 0, width - kw, 4, 0, keys[i][1])
			       : 1 + screen_wrap(NULL, 0, 0, width - 2, 4, 0,
						 keys[i][1]);
		if (y + n > rows)
			break;
		screen_put(p, y, 1, A_DIM, keys[i][0]);
		if (beside)
			screen_wrap(p, y, 1 + kw, width - kw, n, A_DIM, keys[i][1]);
		else
			screen_wrap(p, y + 1, 3, width - 2, n - 1, A_DIM, keys[i][1]);
		y += n;
	}
	wnoutrefresh(p);
}

static void draw_log(struct ui *ui, int viewer)
{
	WINDOW *win = ui->logw;
	int rows = screen_log_rows(ui), width = getmaxx(win);
	werase(win);
	int y = 0;
	for (int i = 0; i < ui->log.n && y < rows; i++) {
		const char *s = viewer != UI_VIEW_ALL
					? uilog_text(&ui->log, i, viewer)
					: ui->log.v[i].full;
		/* What the command did; the status line has the messages. */
		if (s && !ui->log.v[i].said)
			y += screen_wrap(win, y, 0, width, rows - y, A_NORMAL, s);
	}
	wnoutrefresh(win);
}

static void draw(struct ui *ui, struct replay_state *st)
{
	if (ui->lay.too_small) {
		screen_wait_size(ui);
		return;
	}
	ui->viewer = st->viewer;
	refresh_view(ui, st->viewer);
	screen_follow(ui);
	draw_panel(ui, st);
	draw_log(ui, st->viewer);
	if (st->asking) {
		char q[64];
		werase(ui->status);
		snprintf(q, sizeof q, "Go to round: %s", st->jump);
		screen_put(ui->status, 0, 0, A_BOLD, q);
		wnoutrefresh(ui->status);
		if (ui->hint) {
			werase(ui->hint);
			wnoutrefresh(ui->hint);
		}
	} else {
		screen_bottom(ui, "n:next p:previous ]/[:round g:go to round "
				  "t:view q:quit");
	}
	mapview_draw(ui, st->viewer);
	wmove(ui->map, screen_map_row(ui, ui->cy), screen_map_col(ui, ui->cx));
	wnoutrefresh(ui->map);
	doupdate();
}

/* The first command index whose position lies in round `round`. */
static int round_start(const struct ui_replay *r, int round)
{
	for (int k = 0; k <= r->ncmds; k++)
		if (r->round_at[k] >= round)
			return k;
	return r->ncmds;
}

static void key_jump(struct ui *ui, struct replay_state *st, int key)
{
	size_t n = strlen(st->jump);
	if (key >= '0' && key <= '9' && n < sizeof st->jump - 1) {
		st->jump[n] = (char)key;
		st->jump[n + 1] = '\0';
		return;
	}
	if ((key == KEY_BACKSPACE || key == 127 || key == 8) && n > 0) {
		st->jump[n - 1] = '\0';
		return;
	}
	st->asking = false;
	if ((key == '\n' || key == '\r' || key == KEY_ENTER) && n > 0) {
		int round = atoi(st->jump);
		go_to(ui, st, round_start(st->r, round));
		screen_status(ui, false, "round %d", ui->g->round);
	}
}

static void key_move_cursor(struct ui *ui, int dx, int dy)
{
	const struct world *w = ui->g->w;
	int x = ui->cx + dx, y = ui->cy + dy;
	if (map_inside(&w->map, x, y)) {
		ui->cx = x;
		ui->cy = y;
	}
}

int ui_replay(const struct ui_replay *r)
{
	struct game *g = r->build(r->ctx, 0, NULL, NULL);
	if (!g)
		return 1;
	struct ui *ui = ui_alloc(g, NULL);
	if (screen_open(ui) != 0) {
		ui_release(ui);
		game_free(g);
		return 1;
	}
	struct replay_state st = {r, 0, r->viewer >= 0 ? r->viewer : UI_VIEW_ALL,
				  "", false};
	ui->cx = g->w->map.w / 2;
	ui->cy = g->w->map.h / 2;
	if (r->start > 0)
		go_to(ui, &st, r->start);
	if (r->notice)
		screen_status(ui, false, "%s", r->notice);
	while (!ui->quit) {
		draw(ui, &st);
		int key = screen_key(ui);
		if (key == ERR)
			break;
		if (key == KEY_RESIZE)
			continue;
		ui->status_text[0] = '\0';
		if (st.asking) {
			key_jump(ui, &st, key);
			continue;
		}
		int round = ui->g->round;
		switch (key) {
		case 'n':
		case ' ':
		case KEY_RIGHT:
			if (st.k == r->ncmds)
				screen_status(ui, false, "the end of the save");
			else
				go_to(ui, &st, st.k + 1);
			break;
		case 'p':
		case KEY_LEFT:
		case KEY_BACKSPACE:
			go_to(ui, &st, st.k - 1);
			break;
		case ']':
			go_to(ui, &st, round_start(r, round + 1));
			break;
		case '[': {
			int k = round_start(r, round);
			go_to(ui, &st, k < st.k ? k : round_start(r, round - 1));
			break;
		}
		case KEY_HOME:
			go_to(ui, &st, 0);
			break;
		case KEY_END:
			go_to(ui, &st, r->ncmds);
			break;
		case 'g':
			st.asking = true;
			st.jump[0] = '\0';
			break;
		case 't':
			/* everything, then each team in turn */
			st.viewer = st.viewer == UI_VIEW_ALL ? 0
				    : st.viewer + 1 < ui->g->w->nteams ? st.viewer + 1
								  : UI_VIEW_ALL;
			break;
		case 'H':
			key_move_cursor(ui, -1, 0);
			break;
		case 'L':
			key_move_cursor(ui, 1, 0);
			break;
		case 'K':
		case KEY_UP:
			key_move_cursor(ui, 0, -1);
			break;
		case 'J':
		case KEY_DOWN:
			key_move_cursor(ui, 0, 1);
			break;
		case 'q':
		case 'Q':
			ui->quit = true;
			break;
		default:
			break;
		}
	}
	int status = ui->exit_status;
	screen_close(ui);
	g = ui->g;
	ui_release(ui);
	game_free(g);
	return status;
}
