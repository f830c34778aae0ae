/* ui.h: the terminal screen (curses). The only public door into src/ui/:
 * the rest of the program never sees curses. */
#ifndef MEDSIEGE_UI_H
#define MEDSIEGE_UI_H

#include <stdbool.h>

#include "game/game.h"

/* How the screen talks to the rest of the program. submit receives every
 * command line built from keys, with the team whose player gave it (the
 * viewer), and returns as cmd_execute does: 0
 * accepted, 1 blank, -1 rejected with a one-line reason in why
 * (CMD_WHY_LEN bytes). ai_turn, when set, plays the active team's whole
 * turn for a team whose control is CONTROL_AI (through the same command
 * lines), and may hand the team to a person (control CONTROL_HUMAN) if
 * the computer cannot finish it; while it runs no human team's view is
 * shown. notice, when set,
 * is shown on the status line when play begins. saving, when set, tells
 * whether the game is being saved (for the question asked on quitting). */
struct uilog;

struct ui_submit {
	int (*fn)(void *ctx, struct game *g, int issuer, const char *line,
		  char *why);
	void (*ai_turn)(void *ctx, struct game *g);
	/* When set, one command of the computer's (0 when it is not the
	 * computer's turn): a computer's turn is then shown action by
	 * action to the one human team at the keyboard, each visible one
	 * for pace_ms (0: not shown; any key skips the rest). */
	int (*ai_step)(void *ctx, struct game *g);
	int pace_ms;
	bool (*saving)(void *ctx); /* whether commands are being saved */
	/* news, when set, returns what the players must be told at once
	 * that no command's result says (saving stopped: the disk is full),
	 * or NULL; asked after every command and computer turn. The string
	 * stays ctx's. */
	const char *(*news)(void *ctx);
	void *ctx;
	const char *notice;
	/* When set (ui_history_new), the log heard since before the game
	 * started or was replayed: ui_play takes it over. */
	struct uilog *history;
	/* A seat of a hosted game (remote): this terminal is one team's
	 * (seat), or watches it; g is that team's projection, kept up to
	 * date by remote_pump whenever remote_fd(ctx) is readable, while
	 * the keys answer at once. remote_pump returns 1 when it applied
	 * what came (note: a line to show, or ""), 2 when the game must be
	 * built anew (ui_play returns UI_RESTART), 3 when the host is lost
	 * (then remote_lost tries to get it back: 1 back, 2 back with a new
	 * game, -1 gone), -1 when the seat is gone for good. */
	bool remote;
	int seat;
	bool watching;
	/* A remote seat's own words about itself (the game, the team, its
	 * watch code to hand out), shown by the seat key. */
	const char *seat_info;
	int (*remote_fd)(void *ctx);
	int (*remote_pump)(void *ctx, struct game *g, char *note, size_t size);
	int (*remote_lost)(void *ctx, char *note, size_t size);
};

/* ui_play's status when a remote game must be built anew. */
#define UI_RESTART 100

/* A log of g for the screen, listening from now on: begun before
 * game_start, or before a saved game is replayed, it keeps the whole
 * story (log, digest) for ui_play. Free with ui_history_free only if it
 * is not handed to ui_play. */
struct uilog *ui_history_new(struct game *g);
void ui_history_free(struct game *g, struct uilog *l);

/* 0 when standard input and output are a terminal; else -1, saying so on
 * standard error. */
int ui_check_terminal(void);

/* Play g (already started with game_start) in the terminal until the game
 * ends or the players quit. Every action goes through submit (NULL: run
 * it with cmd_execute). Returns an exit status: 0 after a finished game or
 * a quit, 1 when the terminal cannot be used or went away (a signal or a
 * dropped connection). The screen listens to g's events while it runs. */
int ui_play(struct game *g, const struct ui_submit *submit);

/* A saved game to watch, one command at a time. build returns a new game
 * (freed by the screen with game_free) after the first k commands, with
 * listen attached before the k-th so the screen hears what it did. */
struct ui_replay {
	const char *title;       /* what is being replayed (the save) */
	int ncmds;
	const char *const *cmds; /* the command lines */
	const int *round_at;     /* ncmds + 1 entries: round after k commands */
	struct game *(*build)(void *ctx, int k, game_listener listen,
			      void *listen_ctx);
	void *ctx;
	int viewer;              /* the team whose view is shown; -1: all */
	int start;               /* the command to start at */
	const char *notice;      /* shown on the status line at first */
};

/* Watch a saved game: forwards, backwards, by round, as any team saw it
 * or all of it. Returns an exit status. */
int ui_replay(const struct ui_replay *r);

#endif
