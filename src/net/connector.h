/* connector.h: how a player's medsiege reaches a game's socket, waking
 * the game when it sleeps (SPEC 11).
 *
 * The referee's games are in a folder only its group may enter, so only
 * a process holding the privilege can reach a game's socket. A player's
 * medsiege keeps the privilege in a small child that does nothing else
 * (as OpenSSH's monitor does): asked, it connects to the one game it was
 * started for, starting the game's host first when it sleeps, and hands
 * the connection over as a descriptor. The player's process itself gives
 * the privilege up before it draws, reads keys or parses a byte from a
 * host. Without a referee (a per-user install) the same child runs with
 * the user's rights. */
#ifndef MEDSIEGE_CONNECTOR_H
#define MEDSIEGE_CONNECTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct connector {
	pid_t pid;
	int fd;       /* to the child */
};

/* Start the child for game: 0, or -1 with why. The caller then drops
 * the privilege (priv_drop). */
int connector_start(struct connector *c, const char *game, char *why,
		    size_t whysize);
/* A new connection to the game's host (blocking, close-on-exec): the
 * descriptor, or -1 with why (the game is gone, asleep and not yours to
 * wake, ...). */
int connector_connect(struct connector *c, char *why, size_t whysize);
void connector_stop(struct connector *c);

/* In this process (what the child does): connect to game, waking it if
 * it sleeps and this user may wake it. */
int connector_connect_here(const char *game, char *why, size_t whysize);

#endif
