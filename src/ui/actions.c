/* actions.c: what each key does. Anything that changes the game becomes a
 * command line of the shared language, sent through send_line; attacks are
 * previewed first with the same pure functions the command then uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/orders.h"
#include "rules/engage.h"
#include "rules/move.h"
#include "ui/uipriv.h"

/* Tab: the next (or previous) unit that can act, else any of ours. */
static void next_unit(struct ui *ui, int step)
{
	const struct world *w = ui->g->w;
	int n = w->nunits, start = ui->sel >= 0 ? ui->sel : (step > 0 ? -1 : 0);
	for (int pass = 0; pass < 2; pass++)
		for (int k = 1; k <= n; k++) {
			int i = ((start + step * k) % n + n) % n;
			if (pass == 0 ? viewer_can_act(ui, i) : viewer_owns(ui, i)) {
				viewer_select(ui, i, true);
				screen_status(ui, false, "%s %s selected", w->units[i].id,
					      world_type(w, &w->units[i])->name);
				return;
			}
		}
	screen_status(ui, true, "no unit of yours is left");
}

/* Whether the selected unit could attack unit t now: the same preview
 * the attack would use (a shot in Missile fire, a fight in Melee). */
static bool attackable(const struct ui *ui, int t)
{
	const struct game *g = ui->g;
	struct attack_calc calc;
	char why[GAME_WHY_LEN];
	if (!viewer_owns(ui, ui->sel) || g->w->units[ui->sel].team != g->active)
		return false;
	if (g->step == STEP_MISSILE)
		return game_preview_shot(g, ui->sel, t, -1, -1, &calc, why) >= 0;
	if (g->step == STEP_MELEE)
		return game_preview_fight(g, ui->sel, t, -1, -1, &calc, why) >= 0;
	return false;
}

struct target {
	int unit;
	bool can;     /* the selected unit can attack it now */
	int d2;       /* squared distance from the selected unit (or cursor) */
};

static int target_cmp(const void *pa, const void *pb, const struct world *w)
{
	const struct target *a = pa, *b = pb;
	if (a->can != b->can)
		return a->can ? -1 : 1;
	if (a->d2 != b->d2)
		return a->d2 < b->d2 ? -1 : 1;
	return unit_id_cmp(w->units[a->unit].id, w->units[b->unit].id);
}

/* t: the cursor to the next enemy in view: first those the selected unit
 * can attack now, nearest first, then the others, nearest first. */
static void next_target(struct ui *ui)
{
	const struct world *w = ui->g->w;
	struct target *v = xmalloc((size_t)(w->nunits + 1) * sizeof *v);
	int n = 0;
	int ox = ui->cx, oy = ui->cy;
	if (viewer_owns(ui, ui->sel)) {
		ox = w->units[ui->sel].x;
		oy = w->units[ui->sel].y;
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (u->team == ui->viewer ||
		    viewer_unit_at(ui, ui->viewer, u->x, u->y) != i)
			continue;
		struct target t = {i, attackable(ui, i),
				   geom_dist2(ox, oy, u->x, u->y)};
		/* Insertion sort: few enemies are in view at once. */
		int k = n++;
		while (k > 0 && target_cmp(&v[k - 1], &t, w) > 0) {
			v[k] = v[k - 1];
			k--;
		}
		v[k] = t;
	}
	if (n == 0) {
		free(v);
		screen_status(ui, false, "no enemy in view");
		return;
	}
	int here = viewer_unit_at(ui, ui->viewer, ui->cx, ui->cy), next = 0;
	for (int k = 0; k < n; k++)
		if (v[k].unit == here)
			next = (k + 1) % n;
	const struct unit *u = &w->units[v[next].unit];
	ui->cx = u->x;
	ui->cy = u->y;
	free(v);
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
	if (viewer_owns(ui, ui->sel))
		return true;
	screen_status(ui, true,
		      "select one of your units first (Tab, or Enter on it)");
	return false;
}

/* Send a movement command; the cursor rides along with the unit.
 * Whether it was accepted. */
static bool send_move(struct ui *ui, const char *line)
{
	const struct unit *u = &ui->g->w->units[ui->sel];
	bool follow = u->x == ui->cx && u->y == ui->cy;
	bool sent = send_line(ui, line);
	if (sent && follow && unit_alive(u)) {
		ui->cx = u->x;
		ui->cy = u->y;
	}
	return sent;
}

static void do_moveto(struct ui *ui)
{
	if (!need_sel(ui))
		return;
	const struct world *w = ui->g->w;
	const struct unit *u = &w->units[ui->sel];
	int t = viewer_unit_at(ui, ui->viewer, ui->cx, ui->cy);
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
	/* The steps whose free attacks the command will make, as it will
	 * plan them: the whole way within this turn's movement, the first
	 * stretch of a way beyond it. */
	enum dir path[1024];
	int turns, unit = ui->sel, x = ui->cx, y = ui->cy;
	char why[GAME_WHY_LEN];
	int n = game_moveto_preview(ui->g, unit, x, y, path, 1024, &turns, why);
	if (n > 0 && !consent_move(ui, unit, path, n))
		return;
	char line[64];
	snprintf(line, sizeof line, "moveto %s %d,%d", u->id, x, y);
	if (send_move(ui, line) && turns > 1)
		orders_offer(ui, unit, x, y);
}

/* The units of the viewer's own team, other than a, in melee with t. */
static void allies_on(struct ui *ui, int a, int t, char *buf, size_t size)
{
	const struct world *w = ui->g->w;
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; i < w->nunits && len + 16 < size; i++)
		if (i != a && viewer_owns(ui, i) && engage_in_melee(w, i, t))
			len += (size_t)snprintf(buf + len, size - len, "%s%s",
						len ? ", " : "", w->units[i].id);
}

/* Build the preview shown on the panel while the player decides. */
static char *preview_text(struct ui *ui, bool shoot, int t, int wi,
			  const struct attack_calc *calc)
{
	const struct world *w = ui->g->w;
	const struct unit *a = &w->units[ui->sel];
	char desc[256], what[112], extra[320] = "", words[MAP_WORDS_LEN];
	combat_describe(&w->roster.chart, calc, desc, sizeof desc);
	if (t >= 0)
		snprintf(what, sizeof what, "%s (%s)", w->units[t].id,
			 world_type(w, &w->units[t])->name);
	else
		snprintf(what, sizeof what, "the %s at %d,%d",
			 map_cell_words(&w->map,
					map_cell_c(&w->map, ui->cx, ui->cy),
					words, sizeof words),
			 ui->cx, ui->cy);
	if (shoot && t >= 0) {
		char note[300];
		if (panel_melee_note(ui, ui->viewer, t, note, sizeof note))
			snprintf(extra, sizeof extra, "\n%s", note);
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
	int t = viewer_unit_at(ui, ui->viewer, ui->cx, ui->cy);
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
	send_line(ui, line);
}

static void act_select(struct ui *ui)
{
	const struct world *w = ui->g->w;
	int u = viewer_unit_at(ui, ui->viewer, ui->cx, ui->cy);
	if (u >= 0 && w->units[u].team == ui->viewer) {
		if (u != ui->sel) {
			viewer_select(ui, u, false);
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
	if (strcmp(verb, "move") == 0) {
		enum dir step = (enum dir)d;
		if (consent_move(ui, ui->sel, &step, 1))
			send_move(ui, line);
	} else {
		send_line(ui, line);
	}
}

/* f: a direction, then the turn. A war machine pays for turning (1 inch
 * per 45 degrees): the question says so, and a turn that costs is shown
 * on the panel and asked about first. */
static void do_face(struct ui *ui)
{
	if (!need_sel(ui))
		return;
	struct game *g = ui->g;
	const struct world *w = g->w;
	const struct unit *u = &w->units[ui->sel];
	bool machine = world_type(w, u)->cls == CLASS_MACHINE;
	char q[160], line[64], why[GAME_WHY_LEN], a[16], b[16];
	if (machine)
		snprintf(q, sizeof q,
			 "face %s: which direction? (turning costs 1 in per 45 "
			 "degrees, %s in left)",
			 u->id, move_inches(u->move_left, a));
	else
		snprintf(q, sizeof q,
			 "face %s: which direction? (arrows, hjklyubn, keypad)",
			 u->id);
	int d = input_ask_dir(ui, q);
	if (d < 0)
		return;
	snprintf(line, sizeof line, "face %s %s", u->id, dir_names[d]);
	int cost = game_preview_face(g, ui->sel, (enum dir)d, why);
	if (cost > 0) {
		int turns = dir_turns(u->facing, (enum dir)d);
		free(ui->preview);
		ui->preview = xasprintf(
			"%s turns from %s to %s: %d degrees, %s in of movement "
			"(1 in per 45 degrees); %s in left now",
			u->id, dir_names[u->facing], dir_names[d], 45 * turns,
			move_inches(cost, a), move_inches(u->move_left, b));
		snprintf(q, sizeof q, "%s: face %s? costs %s in (%s in left)",
			 u->id, dir_names[d], move_inches(cost, a),
			 move_inches(u->move_left, b));
		bool yes = input_confirm(ui, q);
		free(ui->preview);
		ui->preview = NULL;
		if (!yes) {
			if (!ui->quit)
				screen_status(ui, false, "no turn made");
			return;
		}
	}
	send_line(ui, line);
}

static void toggle(struct ui *ui, bool *flag, const char *what)
{
	*flag = !*flag;
	ui->dirty = true;
	if (*flag && ui->sel < 0 && flag != &ui->show_marks &&
	    flag != &ui->show_ids)
		screen_status(ui, false, "%s: select a unit to see them", what);
	else
		screen_status(ui, false, "%s %s", what, *flag ? "shown" : "hidden");
}

/* A hosted game's seat, in its own words (the game, the team, its watch
 * code): the host tells it to this player alone. */
static void show_seat(struct ui *ui)
{
	const char *info = ui->submit.seat_info;
	if (!info || !*info) {
		screen_status(ui, true, "this is no hosted game's seat");
		return;
	}
	const char *lines[16];
	char *copy = xstrdup(info);
	int n = 0;
	for (char *p = copy, *nl; n < 16 && p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		lines[n++] = p;
	}
	pager_show(ui, "Your seat", lines, n, false);
	free(copy);
	ui->dirty = true;
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
		do_face(ui);
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
		endturn_step(ui);
		break;
	case ACT_UNDO:
		undo_take_back(ui);
		break;
	case ACT_END_TURN:
		endturn_ask(ui);
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
	case ACT_IDS:
		toggle(ui, &ui->show_ids, "unit ids");
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
	case ACT_SEAT:
		show_seat(ui);
		break;
	case ACT_DIGEST:
		digest_recall(ui);
		break;
	case ACT_HEIGHTS:
		heights_toggle(ui);
		break;
	case ACT_ORDERS:
		orders_run(ui);
		break;
	case ACT_UNORDER:
		orders_drop(ui);
		break;
	case ACT_QUIT:
		if (ui->submit.remote) {
			/* The game is the host's: it goes on, and the seat
			 * waits for its player. */
			if (input_confirm(ui, ui->submit.watching
						      ? "Stop watching?"
						      : "Leave your seat? The game goes on, "
							"and joining it again takes the "
							"seat back."))
				ui->quit = true;
			break;
		}
		if (input_confirm(ui, ui->submit.saving &&
					      ui->submit.saving(ui->submit.ctx)
				      ? "Quit the game? It is saved: medsiege --resume "
					"continues it."
				      : "Quit the game? It is not saved."))
			ui->quit = true;
		break;
	case ACT_CANCEL:
		if (losview_brief(ui)) { /* first the line shown, then the rest */
			losview_off(ui);
			screen_status(ui, false, "line of sight hidden");
			break;
		}
		if (ui->sel >= 0)
			screen_status(ui, false, "selection dropped");
		viewer_select(ui, -1, false);
		break;
	case ACT_PROMPT:
		prompt_command(ui);
		break;
	case ACT_LINE:
		losview_toggle(ui);
		break;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		break;
	case ACT_RESIZE:
	case ACT_NONE:
		break;
	}
}
