/* endturn.c: E, the rest of the team's turn ended with one key: one
 * question, then the plain "end" lines of the command language, one for
 * each step left, as if e had been pressed for each. They stop at the
 * first the game refuses (a unit in melee must still fight), which is
 * said with how far they got. Plain ends rather than "end until TEAM
 * movement": the steps left are the team's to know, while which team
 * plays next (the next still in the game) may not be. */
#include <stdio.h>

#include "cmd/cmd.h"
#include "ui/uipriv.h"

void endturn_ask(struct ui *ui)
{
	const struct game *g = ui->g;
	if (!actions_may_end(ui))
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
		if (ui_send_why(ui, "end", why)) {
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
