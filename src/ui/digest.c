/* digest.c: what a team saw since its last turn, told when its turn
 * begins: grouped by the enemy unit that did it, then what happened
 * elsewhere, then who came into and went out of view; and the moves it
 * saw, stepped through on the map like a short replay of its view.
 * Everything comes from the log as the team reads it and from its
 * knowledge, so nothing it did not see is told. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"

static char *unit_title(const struct world *w, int u)
{
	const struct unit *p = &w->units[u];
	return xasprintf("%s %s (%s)", p->id, world_type(w, p)->name,
			 w->teams[p->team].name);
}

/* The digest's lines: each doer's group, in the order they first acted,
 * then the rest. Returns how many moves the team saw (for stepping). */
static int group_lines(struct ui *ui, int team, int from, int to,
		       struct page_lines *out)
{
	const struct uilog *l = &ui->log;
	const struct world *w = ui->g->w;
	int *order = xmalloc((size_t)(w->nunits + 1) * sizeof *order);
	unsigned char *listed = xcalloc((size_t)(w->nunits + 1), 1);
	int norder = 0, moves = 0;
	bool other = false;
	for (int i = from; i < to; i++) {
		if (!uilog_digest_worthy(l, i, team))
			continue;
		int d = uilog_doer(l, i, team);
		if (l->v[i].type == EV_MOVE)
			moves++;
		if (d < 0 || d >= w->nunits) {
			other = true;
		} else if (!listed[d]) {
			listed[d] = 1;
			order[norder++] = d;
		}
	}
	for (int k = 0; k <= norder; k++) {
		int d = k < norder ? order[k] : -1;
		if (d < 0 && !other)
			break;
		page_lines_add(out, d >= 0 ? unit_title(w, d)
					   : xstrdup("Elsewhere"));
		for (int i = from; i < to; i++)
			if (uilog_digest_worthy(l, i, team) &&
			    uilog_doer(l, i, team) == d)
				page_lines_add(out,
					       xasprintf("  %s",
							 uilog_text(l, i, team)));
	}
	free(order);
	free(listed);
	return moves;
}

/* Enemies that came into view, and those that left it, since the turn
 * ended (a unit whose end the team saw is told in its group). */
static void view_changes(struct ui *ui, int team, int from, int to,
			 struct page_lines *out)
{
	const struct uilog *l = &ui->log;
	const struct world *w = ui->g->w;
	const struct knowledge *k = game_knowledge(ui->g, team);
	const unsigned char *then = l->known_at_end[team];
	/* As the turn began: what the team did since is not news. */
	const unsigned char *now = l->active == team ? l->known_at_start[team]
						     : k->units;
	bool head = false;
	for (int i = 0; i < w->nunits; i++) {
		if (w->units[i].team == team || !now[i] || then[i])
			continue;
		if (!head)
			page_lines_add(out, xstrdup("Came into view"));
		head = true;
		char *t = unit_title(w, i);
		page_lines_add(out, xasprintf("  %s at %d,%d", t, w->units[i].x,
					      w->units[i].y));
		free(t);
	}
	head = false;
	for (int i = 0; i < w->nunits; i++) {
		if (w->units[i].team == team || now[i] || !then[i])
			continue;
		bool told = false;
		for (int j = from; j < to && !told; j++)
			told = (l->v[j].type == EV_DISABLED ||
				l->v[j].type == EV_ESCAPED) &&
			       l->v[j].target == i && uilog_text(l, j, team);
		if (told)
			continue;
		if (!head)
			page_lines_add(out, xstrdup("Went out of view"));
		head = true;
		char *t = unit_title(w, i);
		page_lines_add(out, xasprintf("  %s, last seen at %d,%d", t,
					      k->last[i].x, k->last[i].y));
		free(t);
	}
}

/* Each move the team saw, on its map: where it began and ended, as far
 * as the team saw either end. */
static void step_through(struct ui *ui, int team, int from, int to,
			 int moves)
{
	const struct uilog *l = &ui->log;
	int cx = ui->cx, cy = ui->cy, k = 0;
	for (int i = from; i < to && !ui->quit; i++) {
		const struct uilog_line *ln = &l->v[i];
		if (ln->type != EV_MOVE || !uilog_digest_worthy(l, i, team))
			continue;
		k++;
		unsigned char s = ln->sight[team];
		ui->trail.on = true;
		ui->trail.from = s & EVS_FROM;
		ui->trail.to = s & EVS_TO;
		ui->trail.x0 = ln->x0;
		ui->trail.y0 = ln->y0;
		ui->trail.x1 = ln->x1;
		ui->trail.y1 = ln->y1;
		ui->cx = ui->trail.to ? ln->x1 : ln->x0;
		ui->cy = ui->trail.to ? ln->y1 : ln->y0;
		screen_follow(ui);
		screen_prompt(ui, "move %d of %d: %s (any key: next, q: done)", k,
			      moves, uilog_text(l, i, team));
		ui->dirty = true;
		frame_draw(ui);
		int key = screen_key(ui);
		if (key == 'q' || key == 'Q' || key == 27 || key == ERR)
			break;
	}
	ui->trail.on = false;
	ui->cx = cx;
	ui->cy = cy;
	screen_follow(ui);
	ui->status_text[0] = '\0';
	ui->dirty = true;
}

bool digest_show(struct ui *ui, int team)
{
	uilog_fit(&ui->log, ui->g);
	const struct uilog *l = &ui->log;
	/* From the end of its last turn to the start of this one (a game
	 * resumed in the middle of a turn tells the same). */
	int from = l->turn_end[team];
	int to = l->active == team ? l->turn_start[team] : l->n;
	struct page_lines out = {0};
	int moves = group_lines(ui, team, from, to, &out);
	view_changes(ui, team, from, to, &out);
	if (out.n > 0) {
		char title[96];
		snprintf(title, sizeof title, "%s: what you saw since your last turn",
			 ui->g->w->teams[team].name);
		int key = pager_show_more(ui, title, (const char *const *)out.v,
					  out.n, false, moves ? 's' : 0,
					  moves ? "s: the moves on the map"
						: NULL);
		if (moves && key == 's')
			step_through(ui, team, from, to, moves);
	}
	bool shown = out.n > 0;
	page_lines_free(&out);
	return shown;
}

void digest_recall(struct ui *ui)
{
	int team = ui->viewer;
	if (team < 0 || team >= ui->g->w->nteams) {
		screen_status(ui, true, "no team's digest to show now");
		return;
	}
	ui->dirty = true;
	if (!digest_show(ui, team))
		screen_status(ui, false,
			      "nothing seen since your last turn: the digest is "
			      "empty");
}
