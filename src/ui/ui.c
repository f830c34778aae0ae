/* ui.c: ui_play: the loop of the terminal game, and the screen's state
 * made and freed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "ui/uipriv.h"

static int default_submit(void *ctx, struct game *g, int issuer,
			  const char *line, char *why)
{
	(void)ctx;
	return cmd_execute(g, issuer, line, why);
}

static void note_seed(struct uilog *l, const struct game *g)
{
	char note[160];
	/* A hosted game's seed is the host's alone (SPEC 11). */
	if (g->projected)
		snprintf(note, sizeof note, "%s", g->sc.name);
	else
		snprintf(note, sizeof note, "%s, seed %llu", g->sc.name,
			 (unsigned long long)g->seed);
	uilog_note(l, note);
}

struct uilog *ui_history_new(struct game *g)
{
	struct uilog *l = xcalloc(1, sizeof *l);
	uilog_init(l, g);
	note_seed(l, g);
	game_listen(g, uilog_listener, l);
	return l;
}

void ui_history_free(struct game *g, struct uilog *l)
{
	if (!l)
		return;
	if (g)
		game_unlisten(g, uilog_listener, l);
	uilog_free(l);
	free(l);
}

static void start_log(struct ui *ui, struct uilog *history)
{
	struct game *g = ui->g;
	if (history) {
		/* The story so far, heard from the start: the screen takes it
		 * over and listens on. */
		game_unlisten(g, uilog_listener, history);
		ui->log = *history;
		free(history);
		game_listen(g, uilog_listener, &ui->log);
		return;
	}
	uilog_init(&ui->log, g);
	note_seed(&ui->log, g);
	/* The step that game_start announced before we listened: a step
	 * is told to everyone. */
	struct event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = EV_STEP;
	ev.round = g->round;
	ev.team = g->active;
	ev.step = (int)g->step;
	ev.unit = ev.target = ev.winner = -1;
	memset(ev.sight, EVS_SEEN | EVS_FULL, sizeof ev.sight);
	snprintf(ev.text, sizeof ev.text, "%s", step_labels[g->step]);
	uilog_listener(&ui->log, g, &ev);
	game_listen(g, uilog_listener, &ui->log);
}

struct ui *ui_alloc(struct game *g, const struct ui_submit *submit)
{
	struct ui *ui = xcalloc(1, sizeof *ui);
	const struct world *w = g->w;
	size_t cells = (size_t)(w->map.w * w->map.h);
	ui->g = g;
	if (submit)
		ui->submit = *submit;
	ui->pace_ms = ui->submit.pace_ms;
	if (!ui->submit.fn) {
		ui->submit.fn = default_submit;
		ui->submit.ctx = NULL;
	}
	ui->last_viewer = -1;
	keymap_load(ui);
	ui->viewer = -1;
	ui->sel = -1;
	ui->show_marks = true;
	ui->dirty = true;
	ui->view = xcalloc(cells ? cells : 1, 1);
	ui->arc = xcalloc(cells ? cells : 1, 1);
	ui->reach = xcalloc(cells ? cells : 1, sizeof *ui->reach);
	start_log(ui, submit ? submit->history : NULL);
	return ui;
}

void ui_release(struct ui *ui)
{
	game_unlisten(ui->g, uilog_listener, &ui->log);
	free(ui->keymap);
	uilog_free(&ui->log);
	free(ui->view);
	free(ui->arc);
	free(ui->reach);
	free(ui->preview);
	prompt_free(ui->prompt);
	losview_free(ui->los);
	heights_free(ui->heights);
	free(ui);
}

/* The game has just ended: before the game over screen, the last human
 * team's view once more, its log ending with the roll that decided it.
 * (The game is over: nothing is hidden any longer from anyone.) */
static void last_look(struct ui *ui)
{
	if (ui->viewer < 0)
		ui->viewer = ui->last_viewer;
	if (ui->viewer < 0 || ui->quit)
		return;
	const struct game *g = ui->g;
	char msg[UI_STATUS_LEN];
	snprintf(msg, sizeof msg, "The battle is decided: %s. Press a key.",
		 g->result);
	ui->dirty = true;
	input_notice(ui, msg);
}

/* A remote seat: what the host sent has been applied; say what came
 * with it and whether the game goes on here. */
static void remote_update(struct ui *ui, int r, const char *note)
{
	char again[UI_STATUS_LEN]; /* note may point here after the block */
	if (r == 3) {
		screen_status(ui, true, "%s", note);
		frame_draw(ui);
		r = ui->submit.remote_lost(ui->submit.ctx, again, sizeof again);
		note = again;
		/* The status line puts each message in the log too. */
		screen_status(ui, r <= 0, "%s", again);
	} else if (note[0]) {
		screen_status(ui, false, "%s", note);
	}
	if (r == 2) {
		ui->quit = true;
		ui->exit_status = UI_RESTART;
	} else if (r < 0) {
		ui->quit = true;
		ui->exit_status = 1;
		if (note[0])
			input_notice(ui, note);
	}
	ui->dirty = true;
}

/* A remote seat: when the team's turn comes, ring and say so in the
 * terminal's title; while another team plays, say whose turn it is. */
static void remote_turn(struct ui *ui, int *round, int *active)
{
	const struct game *g = ui->g;
	if (g->round == *round && g->active == *active)
		return;
	*round = g->round;
	*active = g->active;
	const char *name = g->w->teams[g->active].name;
	bool ours = g->active == ui->submit.seat && !ui->submit.watching;
	if (ours) {
		beep();
		term_title(ui, "medsiege: your turn");
		/* What the team saw since its last turn, as at the hot seat
		 * (and again after a reconnection in the middle of a turn). */
		digest_show(ui, ui->submit.seat);
		viewer_select(ui, viewer_first_unit(ui), true);
		/* Not news for the log: its step lines say it. */
		screen_prompt(ui, "Your turn, %s: round %d", name, g->round);
		return;
	} else {
		screen_prompt(ui, "%s's turn: you see what %s sees as it happens",
			      name, g->w->teams[ui->submit.seat].name);
	}
	term_title(ui, ours ? "medsiege: your turn" : "medsiege: waiting");
}

int ui_play(struct game *g, const struct ui_submit *submit)
{
	struct ui *ui = ui_alloc(g, submit);
	if (screen_open(ui) != 0) {
		ui_release(ui);
		return 1;
	}
	int seen_round = -1, seen_active = -1;
	if (ui->submit.remote) {
		ui->viewer = ui->last_viewer = ui->submit.seat;
		ui->briefed = ~0u;
	}
	while (!ui->quit) {
		if (ui->lay.too_small) {
			screen_wait_size(ui);
			continue;
		}
		if (g->over) {
			last_look(ui);
			curtain_game_over(ui);
			break;
		}
		/* Manual dice: an action waits for the players' die, asked
		 * on the screen of the team that plays, or during the
		 * computer's turn on the screen that watches it or its
		 * curtain (the players roll the computer's dice too). */
		bool computer = g->w->teams[g->active].control == CONTROL_AI;
		if (game_awaited_roll(g) && (computer || ui->viewer == g->active)) {
			prompt_dice(ui);
			continue;
		}
		if (ui->submit.remote) {
			remote_turn(ui, &seen_round, &seen_active);
			orders_turn_note(ui);
			frame_draw(ui);
			ui->remote_wait = true;
			int key = screen_key(ui);
			ui->remote_wait = false;
			if (key == ERR)
				break;
			if (key == UI_KEY_REMOTE) {
				char note[UI_STATUS_LEN];
				int r = ui->submit.remote_pump(ui->submit.ctx, g, note,
							       sizeof note);
				remote_update(ui, r, note);
				continue;
			}
			ui->status_text[0] = '\0';
			actions_do(ui, input_decode(ui, key));
			continue;
		}
		if (ui->submit.ai_turn && computer) {
			int team = g->active, round = g->round;
			int human = ui->submit.ai_step ? watch_team(ui) : -1;
			bool watched = false;
			if (human >= 0 && (ui->viewer == human ||
					   ui->last_viewer == human)) {
				/* Watched: the human's screen stays. Skipped,
				 * the hand-over tells the digest. */
				bool skipped = watch_computer(ui, human);
				ui->last_viewer = human;
				ui->viewer = skipped ? -1 : human;
				watched = !skipped;
			} else {
				curtain_computer_turn(ui);
			}
			ui->submit.ai_turn(ui->submit.ctx, g);
			send_news(ui);
			if (watched && !g->over && g->active == human &&
			    ui->viewer == human) {
				/* Watched to its end, the turn still gets its
				 * digest: the log pane keeps only its last
				 * few lines, and what scrolled by unread (a
				 * unit disabled, an attack) is told again. */
				digest_show(ui, human);
				viewer_select(ui, viewer_first_unit(ui), true);
			}
			if (!g->over && g->active == team && g->round == round &&
			    g->w->teams[team].control != CONTROL_AI) {
				/* The computer could not finish the turn: a
				 * person took the team over rather than the
				 * game stalling. */
				screen_status(ui, true,
					      "the computer could not end %s's turn: "
					      "a person plays it now",
					      g->w->teams[team].name);
			}
			continue;
		}
		if (g->active != ui->viewer) {
			curtain_hand_over(ui);
			continue;
		}
		orders_turn_note(ui);
		frame_draw(ui);
		int key = screen_key(ui);
		if (key == ERR)
			break;
		/* A message stays until the next key, and so does what a
		 * command of the prompt put on the panel. */
		ui->status_text[0] = '\0';
		free(ui->preview);
		ui->preview = NULL;
		actions_do(ui, input_decode(ui, key));
	}
	int status = ui->exit_status;
	screen_close(ui);
	ui_release(ui);
	return status;
}
