/* client.h: a seat in a hosted game, in this terminal: the screen of the
 * hot-seat game for one team, fed by the host (SPEC 11). */
#ifndef MEDSIEGE_CLIENT_H
#define MEDSIEGE_CLIENT_H

#include <stdbool.h>
#include <stddef.h>

/* Take the seat of a play code (watch: of a watch code) and play until
 * the game ends or the player quits. Returns an exit status; errors are
 * said on standard error. */
int client_run(const char *code, bool watch);

/* Find the socket of the game a code belongs to: 0 with its path, or -1
 * with why. */
int client_find_socket(const char *code, char *path, size_t size, char *why,
		       size_t whysize);

#endif
