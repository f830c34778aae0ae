/* orderkeys.c: standing orders (game/orders.h) given, carried out and
 * cancelled from the keyboard: offered after a moveto that falls short,
 * carried out on a key (G, or "order run" at the prompt) asking before
 * any free attack, and cancelled on another (X). Everything they change
 * goes through command lines, as every action does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/orders.h"
#include "ui/uipriv.h"

/* Whether the viewer may give orders now, else false having said why. */
static bool may_order(struct ui *ui)
{
	const struct game *g = ui->g;
	if (ui->submit.remote && ui->submit.watching) {
		screen_status(ui, true, "you are watching %s: you cannot give orders",
			      g->w->teams[ui->viewer].name);
		return false;
	}
	if (ui->viewer < 0 || g->active != ui->viewer) {
		screen_status(ui, true, "it is %s's turn, not yours",
			      g->w->teams[g->active].name);
		return false;
	}
	return true;
}

void orders_offer(struct ui *ui, int unit, int x, int y)
{
	const struct game *g = ui->g;
	const struct unit *u = &g->w->units[unit];
	const struct standing_order *o = game_order(g, unit);
	if (!unit_alive(u) || (u->x == x && u->y == y) ||
	    (o && o->x == x && o->y == y) || g->step != STEP_MOVEMENT)
		return;
	char q[UI_STATUS_LEN];
	snprintf(q, sizeof q,
		 "%s is short of %d,%d: keep it going there turn after turn "
		 "(a standing order: G carries it out)?",
		 u->id, x, y);
	if (!input_confirm(ui, q)) {
		if (!ui->quit)
			screen_status(ui, false, "no standing order given");
		return;
	}
	char line[64];
	snprintf(line, sizeof line, "order %s %d,%d", u->id, x, y);
	send_line(ui, line);
}

void orders_drop(struct ui *ui)
{
	if (!may_order(ui))
		return;
	if (ui->sel < 0 || !orders_shown_to(ui, ui->viewer, ui->sel)) {
		screen_status(ui, true,
			      "select the unit whose standing order to cancel");
		return;
	}
	char line[64];
	snprintf(line, sizeof line, "order %s cancel", ui->g->w->units[ui->sel].id);
	send_line(ui, line);
}

/* The run's lines go through the screen's own way out, so they are
 * logged, saved and, for a seat of a hosted game, sent to its host. */
static int give(void *ctx, const char *line, char *why)
{
	struct ui *ui = ctx;
	return send_line_why(ui, line, why) ? 0 : -1;
}

static bool consent(void *ctx, int unit, const enum dir *dirs, int n)
{
	struct ui *ui = ctx;
	viewer_select(ui, unit, true);
	return consent_move(ui, unit, dirs, n);
}

/* Carry out the viewer's standing orders (only's, when only >= 0). */
static void run_orders(struct ui *ui, int only)
{
	if (!may_order(ui))
		return;
	struct game *g = ui->g;
	const struct knowledge *k = game_knowledge(g, ui->viewer);
	size_t nu = (size_t)(g->w->nunits ? g->w->nunits : 1);
	unsigned char *seen = xmalloc(nu);
	memcpy(seen, k->units, nu);
	struct cmd_order_run r = {give, consent, ui};
	char why[CMD_WHY_LEN];
	int rc = cmd_order_run(g, ui->viewer, only, &r, why);
	int sighted = -1;
	k = game_knowledge(g, ui->viewer);
	for (int i = 0; i < g->w->nunits && sighted < 0; i++)
		if (k->units[i] && !seen[i] && g->w->units[i].team != ui->viewer)
			sighted = i;
	free(seen);
	ui->dirty = true;
	if (rc != 0)
		screen_status(ui, true, "%s", why);
	else if (sighted >= 0)
		screen_status(ui, false,
			      "%s comes into view: the standing orders stop (G "
			      "goes on with them)",
			      g->w->units[sighted].id);
	else if (!g->over)
		screen_status(ui, false, "standing orders carried out");
}

void orders_run(struct ui *ui)
{
	run_orders(ui, -1);
}

bool orders_line(struct ui *ui, const char *line)
{
	int only;
	char why[CMD_WHY_LEN];
	int r = cmd_order_run_from_line(ui->g, ui->viewer, line, &only, why);
	if (r < 0)
		screen_status(ui, true, "%s", why);
	else if (r > 0)
		run_orders(ui, only);
	return r != 0;
}

void orders_turn_note(struct ui *ui)
{
	const struct game *g = ui->g;
	int stamp = g->round * MAX_TEAMS + g->active;
	if (ui->viewer < 0 || g->active != ui->viewer ||
	    g->step != STEP_MOVEMENT || ui->orders_noted == stamp ||
	    (ui->submit.remote && ui->submit.watching))
		return;
	ui->orders_noted = stamp;
	int n = orders_count(ui, ui->viewer);
	if (n > 0)
		screen_prompt(ui,
			      "%d standing order%s: G carries %s out (X on a "
			      "unit cancels its order)",
			      n, n == 1 ? "" : "s", n == 1 ? "it" : "them");
}
