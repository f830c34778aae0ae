/* actions.c: what each key does. Anything that changes the game becomes a
 * command line of the shared language, sent through ui_send; attacks are
 * previewed first with the same pure functions the command then uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/engage.h"
#include "ui/uipriv.h"

static bool own_unit(const struct ui *ui, int u)
{
	return u >= 0 && unit_alive(&ui->g->w->units[u]) &&
	       ui->g->w->units[u].team == ui->viewer;
}

/* Whether unit i of the active team can still do something this step. */
static bool can_act(const struct ui *ui, int i)
{
	const struct game *g = ui->g;
	const struct unit *u = &g->w->units[i];
	char why[GAME_WHY_LEN];
	if (!own_unit(ui, i) || u->team != g->active)
		return false;
	switch (g->step) {
	case STEP_MOVEMENT:
		return u->move_left > 0;
	case STEP_MISSILE:
		return game_can_shoot(g, i, why);
	default:
		return !u->fought && engage_engaged(g->w, i);
	}
}

void actions_select(struct ui *ui, int unit, bool move_cursor)
{
	ui->sel = unit;
	if (unit >= 0 && move_cursor) {
		ui->cx = ui->g->w->units[unit].x;
		ui->cy = ui->g->w->units[unit].y;
	}
	ui->dirty = true;
}

int actions_first_unit(const struct ui *ui)
{
	const struct world *w = ui->g->w;
	for (int i = 0; i < w->nunits; i++)
		if (can_act(ui, i))
			return i;
	for (int i = 0; i < w->nunits; i++)
		if (own_unit(ui, i))
			return i;
	return -1;
}

/* Tab: the next (or previous) unit that can act, else any of ours. */
static void next_unit(struct ui *ui, int step)
{
	const struct world *w = ui->g->w;
	int n = w->nunits, start = ui->sel >= 0 ? ui->sel : (step > 0 ? -1 : 0);
	for (int pass = 0; pass < 2; pass++)
		for (int k = 1; k <= n; k++) {
			int i = ((start + step * k) % n + n) % n;
			if (pass == 0 ? can_act(ui, i) : own_unit(ui, i)) {
				actions_select(ui, i, true);
				screen_status(ui, false, "%s %s selected", w->units[i].id,
					      world_type(w, &w->units[i])->name);
				return;
			}
		}
	screen_status(ui, true, "no unit of yours is left");
}

/* t: the cursor to the next enemy in view, in id order of the index. */
static void next_target(struct ui *ui)
{
	const struct world *w = ui->g->w;
	int n = w->nunits;
	int here = mapview_unit_at(ui, ui->viewer, ui->cx, ui->cy);
	int start = here >= 0 ? here : -1;
	for (int k = 1; k <= n; k++) {
		int i = ((start + k) % n + n) % n;
		const struct unit *u = &w->units[i];
		if (u->team != ui->viewer &&
		    mapview_unit_at(ui, ui->viewer, u->x, u->y) == i) {
			ui->cx = u->x;
			ui->cy = u->y;
			return;
		}
	}
	screen_status(ui, false, "no enemy in view");
}

static void cursor_step(struct ui *ui, int d)
{
	const struct map *m = &ui->g->w->map;
	int x = ui->cx + dir_dx[d], y = ui->cy + dir_dy[d];
	if (map_inside(m, x, y)) {
		ui->cx = x;
		ui->cy = y;
	}
}

static bool need_sel(struct ui *ui)
{
	if (own_unit(ui, ui->sel))
		return true;
	screen_status(ui, true,
		      "select one of your units first (Tab, or Enter on it)");
	return false;
}

/* Send a movement command; the cursor rides along with the unit. */
static void send_move(struct ui *ui, const char *line)
{
	const struct unit *u = &ui->g->w->units[ui->sel];
	bool follow = u->x == ui->cx && u->y == ui->cy;
	if (ui_send(ui, line) && follow && unit_alive(u)) {
		ui->cx = u->x;
		ui->cy = u->y;
	}
}

static void do_moveto(struct ui *ui)
{
	if (!need_sel(ui))
		return;
	const struct world *w = ui->g->w;
	const struct unit *u = &w->units[ui->sel];
	int t = mapview_unit_at(ui, ui->viewer, ui->cx, ui->cy);
	if (t >= 0) {
		screen_status(ui, true,
			      "%s is an enemy %s: move next to it, and fight it in "
			      "the Melee step",
			      w->units[t].id, world_type(w, &w->units[t])->name);
		return;
	}
	if (u->x == ui->cx && u->y == ui->cy) {
		screen_status(ui, false, "%s is already there", u->id);
		return;
	}
	char line[64];
	snprintf(line, sizeof line, "moveto %s %d,%d", u->id, ui->cx, ui->cy);
	send_move(ui, line);
}

/* The units of the viewer's own team, other than a, in melee with t. */
static void allies_on(struct ui *ui, int a, int t, char *buf, size_t size)
{
	const struct world *w = ui->g->w;
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < w->nunits && len + 16 < size; i++)
		if (i != a && own_unit(ui, i) && engage_in_melee(w, i, t))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						len ? ", " : "", w->units[i].id);
}

/* Who a shot at t may hit, among the units the viewer may name. */
static void may_hit(struct ui *ui, int t, char *buf, size_t size, int *n)
{
	const struct world *w = ui->g->w;
	int cand[64];
	int k = game_melee_candidates(ui->g, t, cand, 64);
	size_t len = 0;
	*n = 0;
	buf[0] = '\0';
	for (int i = 0; i < k && len + 16 < size; i++) {
		const struct unit *c = &w->units[cand[i]];
		if (mapview_unit_at(ui, ui->viewer, c->x, c->y) != cand[i])
			continue;
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					len ? ", " : "", c->id);
		(*n)++;
	}
}

/* Build the preview shown on the panel while the player decides. */
static char *preview_text(struct ui *ui, bool shoot, int t, int wi,
			  const struct attack_calc *calc)
{
	const struct world *w = ui->g->w;
	const struct unit *a = &w->units[ui->sel];
	char desc[256], what[96], extra[320] = "";
	combat_describe(&w->roster.chart, calc, desc, sizeof desc);
	if (t >= 0)
		snprintf(what, sizeof what, "%s (%s)", w->units[t].id,
			 world_type(w, &w->units[t])->name);
	else
		snprintf(what, sizeof what, "the %s at %d,%d",
			 cell_describe(map_cell_c(&w->map, ui->cx, ui->cy)),
			 ui->cx, ui->cy);
	if (shoot && t >= 0) {
		char list[256];
		int n;
		may_hit(ui, t, list, sizeof list, &n);
		if (n > 1)
			snprintf(extra, sizeof extra,
				 "\nInto melee: a die first picks who is hit "
				 "among %s.",
				 list);
	} else if (!shoot && t >= 0) {
		int out = 0;
		for (int i = 0; i < calc->nterms; i++)
			if (strcmp(calc->terms[i].name, "outnumbered") == 0)
				out = calc->terms[i].value;
		char list[200];
		allies_on(ui, ui->sel, t, list, sizeof list);
		if (out)
			snprintf(extra, sizeof extra,
				 "\n%s is outnumbered: %d to the target number\n"
				 "(%s also in melee with it)",
				 w->units[t].id, out, list);
		else
			snprintf(extra, sizeof extra, "\n%s is not outnumbered.",
				 w->units[t].id);
	}
	return xasprintf("%s %s %s with its %s:\n%s%s", a->id,
			 shoot ? "shoots at" : "fights", what,
			 world_type(w, a)->weapons[wi].name, desc, extra);
}

static void do_attack(struct ui *ui, bool shoot)
{
	if (!need_sel(ui))
		return;
	struct game *g = ui->g;
	const struct world *w = g->w;
	const char *verb = shoot ? "shoot" : "fight";
	int t = mapview_unit_at(ui, ui->viewer, ui->cx, ui->cy);
	if (t >= 0 && w->units[t].team == ui->viewer) {
		screen_status(ui, true, "%s is one of yours", w->units[t].id);
		return;
	}
	if (t < 0 && !ui->view[ui->cy * w->map.w + ui->cx]) {
		screen_status(ui, true, "you see no target at %d,%d", ui->cx,
			      ui->cy);
		return;
	}
	if (t < 0 && !cell_breachable(map_cell_c(&w->map, ui->cx, ui->cy))) {
		screen_status(ui, true, "nothing to %s at %d,%d", verb, ui->cx,
			      ui->cy);
		return;
	}
	struct attack_calc calc;
	char why[GAME_WHY_LEN];
	int wi = shoot ? game_preview_shot(g, ui->sel, t, ui->cx, ui->cy, &calc, why)
		       : game_preview_fight(g, ui->sel, t, ui->cx, ui->cy, &calc,
					    why);
	if (wi < 0) {
		screen_status(ui, true, "%s", why);
		return;
	}
	free(ui->preview);
	ui->preview = preview_text(ui, shoot, t, wi, &calc);
	char target[32], q[160];
	if (t >= 0)
		snprintf(target, sizeof target, "%s", w->units[t].id);
	else
		snprintf(target, sizeof target, "%d,%d", ui->cx, ui->cy);
	snprintf(q, sizeof q, "%s: %s %s? need %d+ (%.0f%%)",
		 w->units[ui->sel].id, shoot ? "shoot at" : "fight", target,
		 calc.need, combat_chance(&w->roster.chart, calc.need) * 100.0);
	bool yes = input_confirm(ui, q);
	free(ui->preview);
	ui->preview = NULL;
	if (!yes) {
		if (!ui->quit)
			screen_status(ui, false, "no attack made");
		return;
	}
	char line[64];
	snprintf(line, sizeof line, "%s %s %s", verb, w->units[ui->sel].id,
		 target);
	ui_send(ui, line);
}

static void act_select(struct ui *ui)
{
	const struct world *w = ui->g->w;
	int u = mapview_unit_at(ui, ui->viewer, ui->cx, ui->cy);
	if (u >= 0 && w->units[u].team == ui->viewer) {
		if (u != ui->sel) {
			actions_select(ui, u, false);
			screen_status(ui, false, "%s %s selected", w->units[u].id,
				      world_type(w, &w->units[u])->name);
			return;
		}
		if (ui->g->step == STEP_MOVEMENT) {
			screen_status(ui, false,
				      "%s is selected: move the cursor and press "
				      "Enter to move it there",
				      w->units[u].id);
			return;
		}
	}
	switch (ui->g->step) {
	case STEP_MOVEMENT:
		do_moveto(ui);
		break;
	case STEP_MISSILE:
		do_attack(ui, true);
		break;
	default:
		do_attack(ui, false);
		break;
	}
}

/* m, f, o, c, L, U: ask a direction, then send "VERB ID DIR [ARG]". */
static void with_dir(struct ui *ui, const char *verb, const char *arg,
		     const char *question)
{
	if (!need_sel(ui))
		return;
	const char *id = ui->g->w->units[ui->sel].id;
	char q[128], line[64];
	snprintf(q, sizeof q, "%s %s: which direction? (arrows, hjklyubn, keypad)",
		 question, id);
	int d = input_ask_dir(ui, q);
	if (d < 0)
		return;
	snprintf(line, sizeof line, "%s %s %s%s%s", verb, id, dir_names[d],
		 arg ? " " : "", arg ? arg : "");
	if (strcmp(verb, "move") == 0)
		send_move(ui, line);
	else
		ui_send(ui, line);
}

static void end_step(struct ui *ui)
{
	const struct game *g = ui->g;
	int left = 0;
	for (int i = 0; i < g->w->nunits; i++)
		left += can_act(ui, i);
	char q[160];
	static const char *const could[STEP_COUNT] = {"could still move",
						      "could still shoot",
						      "could still fight"};
	if (left)
		snprintf(q, sizeof q, "End %s's %s step? %d unit%s %s.",
			 g->w->teams[g->active].name, step_labels[g->step], left,
			 left == 1 ? "" : "s", could[g->step]);
	else
		snprintf(q, sizeof q, "End %s's %s step?",
			 g->w->teams[g->active].name, step_labels[g->step]);
	if (input_confirm(ui, q))
		ui_send(ui, "end");
	else if (!ui->quit)
		screen_status(ui, false, "the step goes on");
}

static void toggle(struct ui *ui, bool *flag, const char *what)
{
	*flag = !*flag;
	ui->dirty = true;
	if (*flag && ui->sel < 0 && flag != &ui->show_marks)
		screen_status(ui, false, "%s: select a unit to see them", what);
	else
		screen_status(ui, false, "%s %s", what, *flag ? "shown" : "hidden");
}

void actions_do(struct ui *ui, struct ui_key k)
{
	switch (k.act) {
	case ACT_CURSOR:
		cursor_step(ui, k.dir);
		break;
	case ACT_SELECT:
		act_select(ui);
		break;
	case ACT_STEP:
		with_dir(ui, "move", NULL, "step");
		break;
	case ACT_FACE:
		with_dir(ui, "face", NULL, "face");
		break;
	case ACT_OPEN:
		with_dir(ui, "door", "open", "open a door next to");
		break;
	case ACT_CLOSE:
		with_dir(ui, "door", "close", "close a door next to");
		break;
	case ACT_LOCK:
		with_dir(ui, "door", "lock", "lock a door next to");
		break;
	case ACT_UNLOCK:
		with_dir(ui, "door", "unlock", "unlock a door next to");
		break;
	case ACT_SHOOT:
		do_attack(ui, true);
		break;
	case ACT_FIGHT:
		do_attack(ui, false);
		break;
	case ACT_END:
		end_step(ui);
		break;
	case ACT_UNDO:
		ui_send(ui, "undo");
		break;
	case ACT_NEXT:
		next_unit(ui, 1);
		break;
	case ACT_PREV:
		next_unit(ui, -1);
		break;
	case ACT_TARGET:
		next_target(ui);
		break;
	case ACT_ARC:
		toggle(ui, &ui->show_arc, "arc of vision");
		break;
	case ACT_DEST:
		toggle(ui, &ui->show_dest, "move destinations");
		break;
	case ACT_MARKS:
		toggle(ui, &ui->show_marks, "last-seen marks");
		break;
	case ACT_HELP:
		help_show(ui);
		break;
	case ACT_BRIEFING:
		help_briefing(ui);
		break;
	case ACT_LOG:
		logview_full(ui, ui->viewer);
		break;
	case ACT_QUIT:
		if (input_confirm(ui, ui->submit.saving &&
					      ui->submit.saving(ui->submit.ctx)
				      ? "Quit the game? It is saved: medsiege --resume "
					"continues it."
				      : "Quit the game? It is not saved."))
			ui->quit = true;
		break;
	case ACT_CANCEL:
		if (ui->sel >= 0)
			screen_status(ui, false, "selection dropped");
		actions_select(ui, -1, false);
		break;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		break;
	case ACT_RESIZE:
	case ACT_NONE:
		break;
	}
}
