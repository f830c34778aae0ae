/* watch.c: a computer team's turn watched by the one human team at the
 * keyboard. Each of the computer's commands that did something the human
 * team saw is drawn as that team sees it (its fog, its log) and held for
 * a moment; any key lets the rest of the turn go by at once, and the
 * digest then tells what was missed. With two human teams at the keyboard
 * the curtain stays down: one team's view must not be shown to the
 * other. */
#include "ui/uipriv.h"

int watch_team(const struct ui *ui)
{
	const struct world *w = ui->g->w;
	int team = -1;
	for (int t = 0; t < w->nteams; t++) {
		if (w->teams[t].control == CONTROL_AI)
			continue;
		if (team >= 0)
			return -1;
		team = t;
	}
	return team;
}

/* Whether log lines from k on tell team anything. */
static bool seen_since(const struct ui *ui, int k, int team)
{
	for (int i = k; i < ui->log.n; i++)
		if (ui->log.v[i].sight[team] & EVS_SEEN)
			return true;
	return false;
}

bool watch_computer(struct ui *ui, int team)
{
	struct game *g = ui->g;
	int active = g->active, round = g->round;
	const char *name = g->w->teams[active].name;
	/* Not shown at all: the digest tells it, as if skipped. */
	bool skipped = ui->pace_ms <= 0;
	ui->viewer = team;
	ui->dirty = true;
	ui->watching = name;
	while (!ui->quit && !g->over && g->active == active && g->round == round &&
	       g->w->teams[active].control == CONTROL_AI) {
		int before = ui->log.n;
		if (ui->submit.ai_step(ui->submit.ctx, g) == 0)
			break;
		if (skipped || !seen_since(ui, before, team))
			continue;
		ui->dirty = true;
		/* The round it played: its last command may have begun
		 * the next. */
		screen_prompt(ui,
			      "%s (computer) plays round %d; any key: on to the "
			      "end of its turn",
			      name, round);
		frame_draw(ui);
		int key = screen_key_within(ui, ui->pace_ms);
		if (key != ERR && key != KEY_RESIZE)
			skipped = true;
	}
	ui->watching = NULL;
	ui->status_text[0] = '\0';
	ui->dirty = true;
	return skipped;
}
