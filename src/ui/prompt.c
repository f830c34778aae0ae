/* prompt.c: the ':' prompt on the status line. It takes any line of the
 * command language, sent as the viewer's own (the game refuses it as it
 * would refuse it in a script), with a history (up and down) and the
 * completion of words (Tab): commands, the viewer's units, the enemies
 * it sees, directions, door actions. Three more commands are the
 * screen's own, for testing the rules: :odds (oddsprompt.c), :los (the
 * line explained, game/los.c) and :help. The same line editor asks for
 * each die the game awaits when the players roll their own. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/orders.h"
#include "game/report.h"
#include "ui/uipriv.h"

#define PROMPT_LEN 200
#define PROMPT_HISTORY 100

struct prompt {
	char *hist[PROMPT_HISTORY]; /* owned, oldest first */
	int nhist;
};

void prompt_free(struct prompt *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->nhist; i++)
		free(p->hist[i]);
	free(p);
}

static struct prompt *get(struct ui *ui)
{
	if (!ui->prompt)
		ui->prompt = xcalloc(1, sizeof *ui->prompt);
	return ui->prompt;
}

static void remember(struct prompt *p, const char *line)
{
	if (!line[0] || (p->nhist && strcmp(p->hist[p->nhist - 1], line) == 0))
		return;
	if (p->nhist == PROMPT_HISTORY) {
		free(p->hist[0]);
		memmove(p->hist, p->hist + 1, (PROMPT_HISTORY - 1) * sizeof *p->hist);
		p->nhist--;
	}
	p->hist[p->nhist++] = xstrdup(line);
}

/* ---- completion ---------------------------------------------------- */

/* The screen's own commands, with the words they take. */
static const struct {
	const char *name, *usage, *help;
} local_cmds[] = {
	{"odds", "ATTACKER TARGET [--range N] [--cover C] [--weapon W] "
		 "[--outnumber N] [--behind] [--ladder] | --table [--range N] "
		 "[--cover C]",
	 "the number an attack needs: between two units you know, the attack "
	 "where they stand; between unit types, each weapon; or the table of "
	 "every type"},
	{"los", "[[A] B]",
	 "explain the line of sight between two units or cells (default: "
	 "the selected unit and the cursor)"},
	{"help", "[COMMAND]", "what a command does and takes"},
};
#define NLOCAL ((int)(sizeof local_cmds / sizeof local_cmds[0]))

struct cands {
	const char *v[256];
	char own[64][24]; /* room for words made up here (ids, cells) */
	int n, nown;
};

static void cand(struct cands *c, const char *word, const char *s)
{
	if (c->n < 256 && strncasecmp(s, word, strlen(word)) == 0)
		c->v[c->n++] = s;
}

static void cand_made(struct cands *c, const char *word, const char *s)
{
	if (c->nown >= 64)
		return;
	snprintf(c->own[c->nown], sizeof c->own[0], "%s", s);
	cand(c, word, c->own[c->nown++]);
}

/* The ids of units the viewer may name: its own (own), the enemies it
 * sees (enemies). Never a unit it does not see. */
static void unit_cands(struct ui *ui, struct cands *c, const char *word,
		       bool own, bool enemies)
{
	const struct world *w = ui->g->w;
	for (int i = 0; i < w->nunits; i++) {
		bool mine = w->units[i].team == ui->viewer;
		if (!viewer_knows_unit(ui, ui->viewer, i) || (mine ? !own : !enemies))
			continue;
		cand(c, word, w->units[i].id);
	}
}

static void dir_cands(struct cands *c, const char *word)
{
	for (int d = 0; d < DIR_COUNT; d++)
		cand(c, word, dir_names[d]);
}

static void cursor_cand(struct ui *ui, struct cands *c, const char *word)
{
	char xy[24];
	snprintf(xy, sizeof xy, "%d,%d", ui->cx, ui->cy);
	cand_made(c, word, xy);
}

static void command_cands(struct cands *c, const char *word)
{
	for (const struct cmd_entry *e = cmd_table; e->name; e++)
		cand(c, word, e->name);
	for (int i = 0; i < NLOCAL; i++)
		cand(c, word, local_cmds[i].name);
}

/* What may come as word number k (from 0) after the words before it. */
static void candidates(struct ui *ui, char **words, int k, const char *word,
		       struct cands *c)
{
	if (k == 0) {
		command_cands(c, word);
		return;
	}
	const char *cmd = words[0];
	static const char *const door_actions[] = {"open", "close", "lock",
						   "unlock"};
	static const char *const odds_opts[] = {"--range", "--cover", "--weapon",
						"--outnumber", "--behind",
						"--ladder", "--table"};
	if (strcasecmp(cmd, "help") == 0 && k == 1) {
		command_cands(c, word);
	} else if (strcasecmp(cmd, "los") == 0 && k <= 2) {
		unit_cands(ui, c, word, true, true);
		cursor_cand(ui, c, word);
	} else if (strcasecmp(cmd, "odds") == 0) {
		if (strcasecmp(words[k - 1], "--cover") == 0) {
			for (int i = 0; i < COVER_COUNT; i++)
				cand(c, word, cover_names[i]);
			return;
		}
		const struct roster *r = &ui->g->w->roster;
		for (int i = 0; i < r->ntypes; i++)
			cand(c, word, r->types[i].id);
		unit_cands(ui, c, word, true, true);
		for (size_t i = 0; i < sizeof odds_opts / sizeof *odds_opts; i++)
			cand(c, word, odds_opts[i]);
	} else if (k == 1) {
		if (strcasecmp(cmd, "order") == 0)
			cand(c, word, "run");
		if (strcasecmp(cmd, "roll") != 0 && strcasecmp(cmd, "end") != 0 &&
		    strcasecmp(cmd, "undo") != 0)
			unit_cands(ui, c, word, true, false);
	} else if (strcasecmp(cmd, "move") == 0) {
		dir_cands(c, word);
	} else if ((strcasecmp(cmd, "face") == 0 || strcasecmp(cmd, "door") == 0) &&
		   k == 2) {
		dir_cands(c, word);
	} else if (strcasecmp(cmd, "door") == 0 && k == 3) {
		for (int i = 0; i < 4; i++)
			cand(c, word, door_actions[i]);
	} else if ((strcasecmp(cmd, "shoot") == 0 ||
		    strcasecmp(cmd, "fight") == 0) &&
		   k == 2) {
		unit_cands(ui, c, word, false, true);
		cursor_cand(ui, c, word);
	} else if (strcasecmp(cmd, "moveto") == 0 && k == 2) {
		cursor_cand(ui, c, word);
	} else if (strcasecmp(cmd, "order") == 0 && k == 2) {
		cand(c, word, "cancel");
		cursor_cand(ui, c, word);
	}
}

/* Tab on buf with the cursor at *pos: the word before the cursor
 * completed, or as far as the candidates agree; they are listed on the
 * panel when more than one remains. */
static void complete(struct ui *ui, char *buf, size_t size, int *pos)
{
	int start = *pos;
	while (start > 0 && buf[start - 1] != ' ')
		start--;
	char word[64];
	int wl = *pos - start < 63 ? *pos - start : 63;
	memcpy(word, buf + start, (size_t)wl);
	word[wl] = '\0';
	/* The words before it. */
	char before[PROMPT_LEN + 1];
	memcpy(before, buf, (size_t)start);
	before[start] = '\0';
	char *words[32];
	int k = 0;
	for (char *t = strtok(before, " "); t && k < 32; t = strtok(NULL, " "))
		words[k++] = t;
	if (k > 0 && words[0][0] == ':')
		words[0]++;
	struct cands c = {.n = 0};
	candidates(ui, words, k, word[0] == ':' && k == 0 ? word + 1 : word, &c);
	if (c.n == 0) {
		free(ui->preview);
		ui->preview = xasprintf("Tab: nothing fits '%s' here", word);
		snprintf(ui->status_tail, sizeof ui->status_tail,
			 "(nothing fits '%s')", word);
		return;
	}
	/* The longest prefix all candidates share. */
	size_t common = strlen(c.v[0]);
	for (int i = 1; i < c.n; i++) {
		size_t j = 0;
		while (j < common && c.v[i][j] &&
		       tolower((unsigned char)c.v[i][j]) ==
			       tolower((unsigned char)c.v[0][j]))
			j++;
		common = j;
	}
	int wstart = start + (word[0] == ':' && k == 0 ? 1 : 0);
	char repl[80];
	snprintf(repl, sizeof repl, "%.*s%s", (int)common, c.v[0],
		 c.n == 1 ? " " : "");
	size_t tail = strlen(buf + *pos);
	size_t newlen = (size_t)wstart + strlen(repl) + tail;
	if (newlen + 1 > size)
		return;
	memmove(buf + wstart + strlen(repl), buf + *pos, tail + 1);
	memcpy(buf + wstart, repl, strlen(repl));
	*pos = wstart + (int)strlen(repl);
	free(ui->preview);
	ui->preview = NULL;
	if (c.n > 1) {
		struct strbuf b;
		strbuf_init(&b);
		strbuf_add(&b, "Tab:");
		for (int i = 0; i < c.n; i++)
			strbuf_addf(&b, " %s", c.v[i]);
		ui->preview = b.s;
		/* And after the line, where the eyes are. */
		snprintf(ui->status_tail, sizeof ui->status_tail, "(%s)", b.s + 5);
	}
}

/* ---- the line editor ------------------------------------------------ */

#define CTRL(c) ((c) & 0x1f)

/* Edit buf on the status line after label until Enter (1), Esc or a
 * Backspace on an empty line (0), or the end of play (-1). history:
 * Up and Down recall earlier lines; digits: only digits are taken, and
 * q asks to quit (2). */
static int edit(struct ui *ui, const char *label, char *buf, size_t size,
		struct prompt *history, bool digits, const char *hint)
{
	int pos = (int)strlen(buf), hi = history ? history->nhist : 0;
	char draft[PROMPT_LEN + 1] = "";
	enum ui_mode old = ui->mode;
	ui->mode = MODE_PROMPT;
	ui->prompt_hint = hint;
	int result = 0;
	while (!ui->quit) {
		if (ui->lay.too_small && !screen_wait_size(ui))
			break;
		/* What fits of label and line, keeping the cursor in view. */
		int width = ui->lay.cols - 1, ll = (int)strlen(label);
		int shift = ll + pos > width ? ll + pos - width : 0;
		char shown[UI_STATUS_LEN + PROMPT_LEN];
		snprintf(shown, sizeof shown, "%s%s", label, buf);
		strlcpy_s(ui->status_text, shown + shift, sizeof ui->status_text);
		ui->status_err = false;
		frame_draw(ui);
		/* The terminal's cursor where the next character goes. */
		WINDOW *st = ui->status;
		leaveok(st, FALSE);
		wmove(st, 0, ll + pos - shift);
		wnoutrefresh(st);
		doupdate();
		leaveok(st, TRUE);
		int k = screen_key(ui);
		ui->status_tail[0] = '\0'; /* Tab's words: until the next key */
		if (k == ERR) {
			result = -1;
			break;
		}
		size_t len = strlen(buf);
		if (k == '\n' || k == '\r' || k == KEY_ENTER) {
			result = 1;
			break;
		}
		if (k == 27 || ((k == KEY_BACKSPACE || k == 127 || k == CTRL('h')) &&
				len == 0)) {
			result = 0;
			break;
		}
		/* q asks to quit only before a number is begun: typed
		 * among digits it is a slip, not a question to answer with
		 * the next digit. */
		if (digits && (k == 'q' || k == 'Q') && len == 0) {
			result = 2;
			break;
		}
		if (k == KEY_BACKSPACE || k == 127 || k == CTRL('h')) {
			if (pos > 0) {
				memmove(buf + pos - 1, buf + pos, len - (size_t)pos + 1);
				pos--;
			}
		} else if (k == KEY_DC) {
			if ((size_t)pos < len)
				memmove(buf + pos, buf + pos + 1, len - (size_t)pos);
		} else if (k == KEY_LEFT) {
			pos -= pos > 0;
		} else if (k == KEY_RIGHT) {
			pos += (size_t)pos < len;
		} else if (k == KEY_HOME || k == CTRL('a')) {
			pos = 0;
		} else if (k == KEY_END || k == CTRL('e')) {
			pos = (int)len;
		} else if (k == CTRL('u')) {
			memmove(buf, buf + pos, len - (size_t)pos + 1);
			pos = 0;
		} else if (k == CTRL('w')) {
			int s = pos;
			while (s > 0 && buf[s - 1] == ' ')
				s--;
			while (s > 0 && buf[s - 1] != ' ')
				s--;
			memmove(buf + s, buf + pos, len - (size_t)pos + 1);
			pos = s;
		} else if ((k == KEY_UP || k == KEY_DOWN) && history) {
			int to = hi + (k == KEY_UP ? -1 : 1);
			if (to < 0 || to > history->nhist)
				continue;
			if (hi == history->nhist)
				snprintf(draft, sizeof draft, "%s", buf);
			hi = to;
			snprintf(buf, size, "%s",
				 hi == history->nhist ? draft : history->hist[hi]);
			pos = (int)strlen(buf);
		} else if (k == '\t' && !digits) {
			complete(ui, buf, size, &pos);
		} else if (k >= 0x20 && k < 0x7f && len + 1 < size &&
			   (!digits || isdigit(k))) {
			memmove(buf + pos + 1, buf + pos, len - (size_t)pos + 1);
			buf[pos++] = (char)k;
		}
	}
	ui->mode = old;
	ui->prompt_hint = NULL;
	ui->status_text[0] = '\0';
	return ui->quit ? -1 : result;
}

/* ---- the screen's own commands --------------------------------------- */

static void local_los(struct ui *ui, int argc, char **argv)
{
	const struct world *w = ui->g->w;
	struct los_end a = {-1, ui->cx, ui->cy}, b = {-1, ui->cx, ui->cy};
	char why[GAME_WHY_LEN];
	if (argc > 3) {
		screen_status(ui, true, "usage: :los %s", local_cmds[1].usage);
		return;
	}
	if (argc < 3) {
		/* From the selected unit, or from the cursor: to B or the
		 * cursor. */
		if (ui->sel >= 0 && unit_alive(&w->units[ui->sel])) {
			a.unit = ui->sel;
			a.x = w->units[ui->sel].x;
			a.y = w->units[ui->sel].y;
		} else if (argc == 1) {
			screen_status(ui, true, "los: select a unit, or give both "
						"ends: :los A B");
			return;
		}
		if (argc == 2 &&
		    los_parse_end(ui->g, ui->viewer, argv[1], &b, why, sizeof why)) {
			screen_status(ui, true, "los: %s", why);
			return;
		}
		if (argc == 1)
			b.unit = viewer_unit_at(ui, ui->viewer, b.x, b.y);
	} else if (los_parse_end(ui->g, ui->viewer, argv[1], &a, why, sizeof why) ||
		   los_parse_end(ui->g, ui->viewer, argv[2], &b, why, sizeof why)) {
		screen_status(ui, true, "los: %s", why);
		return;
	}
	if (a.unit < 0)
		a.unit = viewer_unit_at(ui, ui->viewer, a.x, a.y);
	struct los_report r;
	los_explain(ui->g, ui->viewer, a, b, &r);
	struct strbuf t;
	strbuf_init(&t);
	los_report_text(&r, &t);
	los_report_free(&r);
	char title[96];
	snprintf(title, sizeof title, "line of sight, as %s knows the field",
		 w->teams[ui->viewer].name);
	losview_show(ui, a, b);
	pager_show_text(ui, title, t.s);
	strbuf_free(&t);
	screen_status(ui, false, "the line stays on the map: Esc hides it");
}

static void local_help(struct ui *ui, int argc, char **argv)
{
	if (argc > 2) {
		screen_status(ui, true, "usage: :help %s", local_cmds[2].usage);
		return;
	}
	if (argc == 2) {
		const char *name = argv[1][0] == ':' ? argv[1] + 1 : argv[1];
		for (const struct cmd_entry *e = cmd_table; e->name; e++)
			if (strcasecmp(e->name, name) == 0) {
				screen_status(ui, false, "%s%s%s: %s", e->name,
					      e->usage[0] ? " " : "", e->usage,
					      e->help);
				return;
			}
		for (int i = 0; i < NLOCAL; i++)
			if (strcasecmp(local_cmds[i].name, name) == 0) {
				free(ui->preview);
				ui->preview = xasprintf(":%s %s\n%s",
							local_cmds[i].name,
							local_cmds[i].usage,
							local_cmds[i].help);
				screen_status(ui, false, ":%s: %s", local_cmds[i].name,
					      local_cmds[i].help);
				return;
			}
		screen_status(ui, true, "help: no command '%.40s'; :help lists them",
			      name);
		return;
	}
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "Type ':' and a line of the command language, as in a "
		       "script: it is sent as your team's and refused, if "
		       "it must be, with the reason. Tab completes commands, "
		       "your units, the enemies you see and directions; Up and "
		       "Down recall earlier lines; Esc cancels.\n\nTHE GAME'S "
		       "COMMANDS\n");
	for (const struct cmd_entry *e = cmd_table; e->name; e++)
		strbuf_addf(&b, "  %s %s\n      %s\n", e->name, e->usage, e->help);
	strbuf_add(&b, "\nTHE SCREEN'S OWN (they change nothing)\n");
	for (int i = 0; i < NLOCAL; i++)
		strbuf_addf(&b, "  %s %s\n      %s\n", local_cmds[i].name,
			    local_cmds[i].usage, local_cmds[i].help);
	pager_show_text(ui, "commands", b.s);
	strbuf_free(&b);
}

/* A move typed in asks first, like one made with keys, when it would
 * draw free attacks. False when the player says no. */
static bool consent(struct ui *ui, int argc, char **argv)
{
	struct game *g = ui->g;
	bool move = strcasecmp(argv[0], "move") == 0;
	if ((!move && strcasecmp(argv[0], "moveto") != 0) || argc < 3)
		return true;
	char why[CMD_WHY_LEN];
	int u = cmd_unit_arg(g, ui->viewer, argv[1], why);
	if (u < 0)
		return true; /* refused with its reason */
	enum dir dirs[CMD_MAX_ARGS];
	int n = 0;
	if (move) {
		for (int i = 2; i < argc; i++) {
			int d = dir_parse(argv[i]);
			if (d < 0)
				return true;
			dirs[n++] = (enum dir)d;
		}
		return consent_move(ui, u, dirs, n);
	}
	int x, y, turns;
	if (argc != 3 || cmd_xy_arg(g, argv[2], &x, &y, why))
		return true;
	/* The steps whose free attacks the moveto will make, as it plans
	 * them (game/orders.h). */
	enum dir path[1024];
	char reason[GAME_WHY_LEN];
	int k = game_moveto_preview(g, u, x, y, path, 1024, &turns, reason);
	if (k <= 0)
		return true;
	return consent_move(ui, u, path, k);
}

/* Run a line typed at the prompt. */
static void run_line(struct ui *ui, const char *line)
{
	char buf[PROMPT_LEN + 1];
	snprintf(buf, sizeof buf, "%s", line[0] == ':' ? line + 1 : line);
	char copy[PROMPT_LEN + 1];
	snprintf(copy, sizeof copy, "%s", buf);
	char *argv[CMD_MAX_ARGS];
	int argc = 0;
	for (char *t = strtok(copy, " \t"); t && argc < CMD_MAX_ARGS;
	     t = strtok(NULL, " \t"))
		argv[argc++] = t;
	if (argc == 0)
		return;
	if (strcasecmp(argv[0], "odds") == 0)
		prompt_odds(ui, argc, argv, local_cmds[0].usage);
	else if (strcasecmp(argv[0], "los") == 0)
		local_los(ui, argc, argv);
	else if (strcasecmp(argv[0], "help") == 0)
		local_help(ui, argc, argv);
	else if (!orders_line(ui, buf) && consent(ui, argc, argv))
		send_line(ui, buf);
}

void prompt_command(struct ui *ui)
{
	struct prompt *p = get(ui);
	char line[PROMPT_LEN + 1] = "";
	int r = edit(ui, ":", line, sizeof line, p, false,
		     "Enter: run  Tab: complete  Up/Down: earlier lines  Esc: "
		     "cancel  :help lists the commands");
	free(ui->preview);
	ui->preview = NULL;
	if (r <= 0)
		return;
	remember(p, line);
	run_line(ui, line);
}

bool prompt_dice(struct ui *ui)
{
	const struct game *g = ui->g;
	const struct event *ask = game_awaited_roll(g);
	if (!ask)
		return true;
	/* Worded for the team at the keyboard: the viewer, or during a
	 * computer's turn the last team that had the screen. */
	int team = ui->viewer >= 0 ? ui->viewer : ui->last_viewer;
	struct strbuf t;
	strbuf_init(&t);
	if (g->w->teams[g->active].control == CONTROL_AI)
		strbuf_addf(&t, "%s (computer): ", g->w->teams[g->active].name);
	if (team >= 0)
		report_ask_text(g, ask, team, &t);
	else
		strbuf_addf(&t, "roll a d%d for %s", ask->value2,
			    g->w->teams[g->active].name);
	char *question = xstrdup(t.s);
	strbuf_free(&t);
	char *label = xasprintf("%s: ", question);
	int sides = ask->value2;
	bool done = false;
	char num[8] = "";
	while (!done && !ui->quit && game_awaited_roll(g)) {
		int r = edit(ui, label, num, sizeof num, NULL, true,
			     "type the number the die shows, then Enter (the game "
			     "waits for it); q with nothing typed: quit");
		if (r < 0)
			break;
		if (r == 2) {
			bool saved = ui->submit.saving &&
				     ui->submit.saving(ui->submit.ctx);
			if (input_confirm(ui, saved ? "Quit the game? It is saved "
						      "(the die still awaited): "
						      "medsiege --resume continues it."
						    : "Quit the game? It is not saved."))
				ui->quit = true;
			continue;
		}
		if (r == 0 || !num[0])
			continue;
		long value = strtol(num, NULL, 10);
		char line[32];
		snprintf(line, sizeof line, "roll %s", num);
		num[0] = '\0';
		free(ui->preview);
		ui->preview = NULL;
		if (value < 1 || value > sides) {
			/* Said where the number is typed, the question kept
			 * with it when both fit, and on the panel. */
			char why[UI_STATUS_LEN];
			snprintf(why, sizeof why, "%ld is no face of a d%d: type 1 to %d",
				 value, sides, sides);
			free(label);
			label = (int)(strlen(why) + strlen(question)) + 6 <
						ui->lay.cols
					? xasprintf("%s. %s: ", why, question)
					: xasprintf("%s: ", why);
			ui->preview = xasprintf("%s\n%s", why, question);
			continue;
		}
		if (!send_roll(ui, line)) {
			/* Said on the panel too: the status line holds the
			 * question. */
			ui->preview = xstrdup(ui->status_text);
			continue;
		}
		done = true;
	}
	free(question);
	free(label);
	return !ui->quit;
}
