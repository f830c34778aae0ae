/* curtain.c: the hot seat. Between teams the whole screen is a curtain
 * (nothing of the map); then the team that takes over reads a digest of
 * what it saw since its last turn, filtered by its view. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"

/* Lines centred on the full-screen window. */
static void show_lines(struct ui *ui, const char *const *lines,
		       const attr_t *attrs, int n)
{
	WINDOW *f = ui->full;
	werase(f);
	int y = (LINES - n) / 2;
	for (int i = 0; i < n; i++) {
		int len = (int)strlen(lines[i]);
		int x = (COLS - len) / 2;
		screen_put(f, y + i, x > 0 ? x : 0, attrs[i], lines[i]);
	}
	wnoutrefresh(f);
	doupdate();
}

/* Wait on a full screen for Enter (or any key when any_key is set). */
static bool wait_key(struct ui *ui, const char *const *lines,
		     const attr_t *attrs, int n, bool any_key)
{
	while (!ui->quit) {
		if (ui->lay.too_small && !screen_wait_size(ui))
			return false;
		show_lines(ui, lines, attrs, n);
		int k = screen_key(ui);
		if (k == ERR)
			return false;
		if (k == KEY_RESIZE)
			continue;
		if (any_key || k == '\n' || k == '\r' || k == KEY_ENTER)
			return true;
		if (k == 'q' || k == 'Q') {
			ui->quit = true;
			return false;
		}
	}
	return false;
}

/* The viewer leaves the screen: remember what it had seen. */
static void leave_screen(struct ui *ui)
{
	int prev = ui->viewer;
	if (prev >= 0)
		ui->last_viewer = prev;
	ui->viewer = -1;
	viewer_select(ui, -1, false);
}

/* The text's indent after a list marker opening a paragraph of len
 * bytes ("1. ", "2) ", "- ", "* "); 0 for prose. */
static int list_indent(const char *p, int len)
{
	int i = 0;
	while (i < len && i < 3 && isdigit((unsigned char)p[i]))
		i++;
	if (i > 0 && i + 1 < len && (p[i] == '.' || p[i] == ')') &&
	    p[i + 1] == ' ')
		return i + 2;
	if (len > 2 && (p[0] == '-' || p[0] == '*') && p[1] == ' ')
		return 2;
	return 0;
}

/* A paragraph of len bytes as owned rows of at most width, wrapped at
 * blanks, its rows after the first indented by indent. Returns how many,
 * at most max. */
static int wrap_paragraph(const char *p, int left, int width, int indent,
			  char **out, int max)
{
	int n = 0, pad = 0;
	while (left > 0 && n < max) {
		int room = width - pad, cut = left;
		if (left > room) {
			cut = room;
			while (cut > 0 && p[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = room;
		}
		out[n++] = xasprintf("%*s%.*s", pad, "", cut, p);
		p += cut;
		left -= cut;
		while (left > 0 && *p == ' ') {
			p++;
			left--;
		}
		pad = indent;
	}
	return n;
}

/* The description as owned rows of at most width: its own line breaks
 * kept (a blank line too), each paragraph wrapped at blanks, and a list
 * item's further rows indented under its text. Returns how many, at most
 * max. */
static int wrap_description(const char *d, int width, char **out, int max)
{
	int n = 0;
	while (*d && n < max) {
		const char *nl = strchr(d, '\n');
		int left = nl ? (int)(nl - d) : (int)strlen(d);
		if (left == 0)
			out[n++] = xstrdup("");
		else
			n += wrap_paragraph(d, left, width, list_indent(d, left),
					    out + n, max - n);
		d = nl ? nl + 1 : d + left;
	}
	return n;
}

/* Rows of one block: padded to the longest, so that centred they share
 * a left edge. */
static void pad_block(char **rows, int n)
{
	int block = 0;
	for (int i = 0; i < n; i++)
		if ((int)strlen(rows[i]) > block)
			block = (int)strlen(rows[i]);
	for (int i = 0; i < n; i++) {
		char *padded = xasprintf("%-*s", block, rows[i]);
		free(rows[i]);
		rows[i] = padded;
	}
}

/* Team's goals as owned rows of at most width ("Red: hold ..."), a goal
 * too long for one row wrapped with its further rows indented under its
 * text, with each row's attributes. Returns how many rows, at most max. */
static int goal_rows(struct ui *ui, int team, int width, char **out,
		     attr_t *attrs, int max)
{
	const struct game *g = ui->g;
	int n = 0;
	for (int i = 0; i < g->sc.ngoals && n < max; i++) {
		char desc[GAME_WHY_LEN];
		const struct goal *gl = &g->sc.goals[i];
		if (gl->team != team)
			continue;
		game_goal_describe(g, gl, desc, sizeof desc);
		char *line = xasprintf("%s: %s", g->w->teams[gl->team].name, desc);
		int k = wrap_paragraph(line, (int)strlen(line), width, 2, out + n,
				       max - n);
		free(line);
		pad_block(out + n, k);
		for (int j = 0; j < k; j++)
			attrs[n + j] = ui->pal.team[gl->team];
		n += k;
	}
	return n;
}

/* The scenario's name, description and team's goals, as owned lines
 * with their attributes; at most max. The description is one block of
 * left-aligned rows (so a list reads as one); when it would crowd out the
 * goals, its end gives way to "...". The goals come whole, wrapped when
 * long; only when they alone are more than the screen holds does their
 * end give way too, and the last line says i shows it all. The other
 * sides' goals are i's to show: each team's first curtain tells it what
 * it plays for. */
static int briefing_lines(struct ui *ui, int team, char **out, attr_t *attrs,
			  int max)
{
	const struct game *g = ui->g;
	int width = COLS - 4 < 72 ? COLS - 4 : 72, n = 0;
	if (width < 20)
		width = 20;
	if (n < max) {
		out[n] = xstrdup("");
		attrs[n++] = 0;
	}
	if (n < max) {
		out[n] = xstrdup(g->sc.name);
		attrs[n++] = A_BOLD;
	}
	/* Room for every goal's rows and one more, which shows when not all
	 * of them fit. */
	int cap = g->sc.ngoals * (GAME_WHY_LEN + TEAM_NAME_LEN) / 8 + 1;
	char **goals = xcalloc((size_t)cap, sizeof *goals);
	attr_t *gattrs = xcalloc((size_t)cap, sizeof *gattrs);
	/* A goal is a line of its own: it may take the screen's width. */
	int ngoal = goal_rows(ui, team, COLS - 2 > 20 ? COLS - 2 : 20, goals,
			      gattrs, cap);
	int room = max - n - ngoal - 1;
	bool more = false;
	if (room > 0) {
		char **rows = xcalloc((size_t)room + 1, sizeof *rows);
		int nrows = wrap_description(
			g->sc.description ? g->sc.description : "", width, rows,
			room + 1);
		more = nrows > room;
		int keep = more ? room - 1 : nrows;
		if (more) {
			free(rows[keep]);
			rows[keep++] = xstrdup("...");
		}
		for (int i = keep; i < nrows; i++)
			free(rows[i]);
		pad_block(rows, keep);
		for (int i = 0; i < keep; i++) {
			out[n] = rows[i];
			attrs[n++] = i == keep - 1 && more ? A_DIM : 0;
		}
		free(rows);
	} else if (g->sc.description && g->sc.description[0]) {
		more = true;
	}
	/* Goals that do not all fit leave the last row to say so. */
	int fit = ngoal <= max - n - 1 ? ngoal : max - n - 1;
	more = more || fit < ngoal;
	for (int i = 0; i < ngoal; i++) {
		if (i < fit) {
			out[n] = goals[i];
			attrs[n++] = gattrs[i];
		} else {
			free(goals[i]);
		}
	}
	free(goals);
	free(gattrs);
	if (n < max) {
		out[n] = xstrdup(more ? "i shows all of this, with every side's "
					"goals, during the game"
				      : "i shows this again, with every side's "
					"goals, during the game");
		attrs[n++] = A_DIM;
	}
	return n;
}

void curtain_computer_turn(struct ui *ui)
{
	leave_screen(ui);
	const struct game *g = ui->g;
	char line1[96];
	snprintf(line1, sizeof line1, "%s (computer) is playing round %d...",
		 g->w->teams[g->active].name, g->round);
	const char *lines[] = {line1};
	const attr_t attrs[] = {ui->pal.team[g->active] | A_BOLD};
	show_lines(ui, lines, attrs, 1);
}

/* Whether two or more human teams share the keyboard: only then has
 * anyone to look away. */
static bool shared_keyboard(const struct game *g)
{
	int humans = 0;
	for (int t = 0; t < g->w->nteams; t++)
		humans += g->w->teams[t].control != CONTROL_AI;
	return humans >= 2;
}

void curtain_hand_over(struct ui *ui)
{
	struct game *g = ui->g;
	int team = g->active;
	bool same = ui->viewer < 0 && ui->last_viewer == team;
	leave_screen(ui);
	if (same) {
		ui->viewer = team;
		ui->dirty = true;
		digest_show(ui, team);
		viewer_select(ui, viewer_first_unit(ui), true);
		return;
	}
	char line1[96], line2[96];
	snprintf(line1, sizeof line1, "%s to play %s press Enter",
		 g->w->teams[team].name, ui->utf8 ? "\u2014" : "-");
	snprintf(line2, sizeof line2, "Round %d.%s", g->round,
		 shared_keyboard(g) ? " Everyone else, look away." : "");
	/* A team's first curtain also tells what the battle is about and
	 * what the team plays for: the description and the goals are
	 * known to every side. */
	char *brief[48];
	attr_t battrs[48];
	int n = 0;
	brief[n] = line1;
	battrs[n++] = ui->pal.team[team] | A_BOLD;
	brief[n] = "";
	battrs[n++] = 0;
	brief[n] = line2;
	battrs[n++] = 0;
	int nfixed = n;
	bool first = !(ui->briefed & (1u << team));
	if (first)
		n += briefing_lines(ui, team, brief + n, battrs + n,
				    LINES - 6 < 40 ? (LINES > 6 ? LINES - 6 : 0) : 40);
	brief[n] = "";
	battrs[n++] = 0;
	brief[n] = "(q quits)";
	battrs[n++] = A_DIM;
	bool lifted = wait_key(ui, (const char *const *)brief, battrs, n, false);
	for (int i = nfixed; i < n - 2; i++)
		free(brief[i]);
	if (!lifted)
		return;
	ui->briefed |= 1u << team;
	ui->viewer = team;
	ui->dirty = true;
	digest_show(ui, team);
	viewer_select(ui, viewer_first_unit(ui), true);
	/* Said once, before anything else: the terminal, then the save. */
	const char *notice = ui->submit.notice && !ui->notice_shown
				     ? ui->submit.notice : "";
	ui->notice_shown = true;
	if (ui->keymap_note[0]) {
		/* A key file with a mistake matters more than the rest. */
		screen_status(ui, true, "%s", ui->keymap_note);
		ui->keymap_note[0] = '\0';
		return;
	}
	screen_status(ui, false, "%s%s%s", ui->term_note,
		      ui->term_note[0] && notice[0] ? "; " : "", notice);
}

void curtain_game_over(struct ui *ui)
{
	const struct game *g = ui->g;
	ui->viewer = -1;
	char who[96];
	if (g->winner >= 0)
		snprintf(who, sizeof who, "%s wins", g->w->teams[g->winner].name);
	else
		snprintf(who, sizeof who, "No winner");
	const char *lines[] = {"GAME OVER", "", who, g->result, "",
			       "press any key to leave"};
	const attr_t attrs[] = {A_BOLD, 0,
				g->winner >= 0 ? ui->pal.team[g->winner] | A_BOLD
					       : A_BOLD,
				0, 0, A_DIM};
	wait_key(ui, lines, attrs, 6, true);
}
