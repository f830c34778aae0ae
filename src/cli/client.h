/* client.h: a seat in a hosted game, in this terminal: the screen of the
 * hot-seat game for one team, fed by the host (SPEC 11). */
#ifndef MEDSIEGE_CLIENT_H
#define MEDSIEGE_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

/* What this terminal asks of a game. */
struct client_seat {
	const char *game;   /* the game's name (not secret) */
	const char *team;   /* the team; NULL: the seat bound to this user,
			       else the first free one */
	bool watch;         /* watch team (code: its watch code) */
	bool key;           /* claim a seat bound to a new seat key (a
			       shared account) instead of to this uid */
	const char *code;   /* a seat key or a watch code, typed at a
			       prompt (never from the command line) */
	int keyfd;          /* > 0: once seated with a seat key, the line
			       "GAME TEAM KEY" is written there (the lobby
			       keeps its login's games) */
};

/* Take the seat (claim a free one, come back to one's own, or watch)
 * and play until the game ends or the player leaves. The referee's
 * privilege is given up before the screen opens. Says on the shell why
 * it ended. Returns an exit status. */
int client_run(const struct client_seat *want);

#endif
