/* ui.h: the terminal screen (curses). The only public door into src/ui/:
 * the rest of the program never sees curses. */
#ifndef MEDSIEGE_UI_H
#define MEDSIEGE_UI_H

#include "game/game.h"

/* Where the screen sends every command line it builds from keys. fn
 * returns as cmd_execute does: 0 accepted, 1 blank, -1 rejected with a
 * one-line reason in why (CMD_WHY_LEN bytes). */
struct ui_submit {
	int (*fn)(void *ctx, struct game *g, const char *line, char *why);
	void *ctx;
};

/* Play g (already started with game_start) in the terminal until the game
 * ends or the players quit. Every action goes through submit (NULL: run
 * it with cmd_execute). Returns an exit status: 0 after a finished game or
 * a quit, 1 when the terminal cannot be used or went away (a signal or a
 * dropped connection). The screen listens to g's events while it runs. */
int ui_play(struct game *g, const struct ui_submit *submit);

#endif
