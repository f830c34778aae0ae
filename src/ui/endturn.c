/* endturn.c: e, the step ended after one question, and E, the rest of
 * the team's turn ended with one key: one question, then the plain "end"
 * lines of the command language, one for each step left, as if e had
 * been pressed for each. They stop at the first the game refuses (a unit
 * in melee must still fight), which is said with how far they got. Plain
 * ends rather than "end until TEAM movement": the steps left are the
 * team's to know, while which team plays next (the next still in the
 * game) may not be. */
#include <stdio.h>

#include "cmd/cmd.h"
#include "ui/uipriv.h"

/* Whether the viewer may end the step now, as far as the screen can
 * tell; false after saying why on the status line. */
static bool may_end(struct ui *ui)
{
	const struct game *g = ui->g;
	char why[GAME_WHY_LEN];
	/* Ask only what the game would accept: otherwise its refusal, at
	 * once (in Melee, who must still fight; another team's turn, on a
	 * seat of a hosted game). */
	if (ui->submit.remote && ui->submit.watching) {
		screen_status(ui, true, "you are watching %s: you cannot give orders",
			      g->w->teams[ui->viewer].name);
		return false;
	}
	if (ui->viewer >= 0 && g->active != ui->viewer) {
		screen_status(ui, true, "it is %s's turn, not yours",
			      g->w->teams[g->active].name);
		return false;
	}
	if (!game_can_end_step(g, why)) {
		screen_status(ui, true, "%s", why);
		return false;
	}
	return true;
}

void endturn_step(struct ui *ui)
{
	const struct game *g = ui->g;
	if (!may_end(ui))
		return;
	char q[160], left[64];
	viewer_units_left(ui, left, sizeof left);
	snprintf(q, sizeof q, "End %s's %s step?%s", g->w->teams[g->active].name,
		 step_labels[g->step], left);
	if (input_confirm(ui, q))
		send_line(ui, "end");
	else if (!ui->quit)
		screen_status(ui, false, "the step goes on");
}

void endturn_ask(struct ui *ui)
{
	const struct game *g = ui->g;
	if (!may_end(ui))
		return;
	int team = g->active, first = (int)g->step;
	char steps[96] = "", left[64], q[UI_STATUS_LEN];
	size_t len = 0;
	for (int s = first; s < STEP_COUNT && len < sizeof steps; s++)
		len += (size_t)snprintf(steps + len, sizeof steps - len, "%s%s",
					s > first ? ", " : "", step_labels[s]);
	viewer_units_left(ui, left, sizeof left);
	snprintf(q, sizeof q, "End %s's turn (%s)?%s", g->w->teams[team].name,
		 steps, left);
	if (!input_confirm(ui, q)) {
		if (!ui->quit)
			screen_status(ui, false, "the turn goes on");
		return;
	}
	int ends = 0;
	for (int s = first; s < STEP_COUNT && !g->over && g->active == team;
	     s++) {
		char why[CMD_WHY_LEN];
		if (send_line_why(ui, "end", why)) {
			ends++;
			continue;
		}
		if (ends == 0)
			screen_status(ui, true, "%s", why);
		else
			screen_status(ui, true,
				      "stopped at %s's %s step after %d end%s: %s",
				      g->w->teams[team].name, step_labels[g->step],
				      ends, ends == 1 ? "" : "s", why);
		return;
	}
}
