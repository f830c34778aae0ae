/* priv.h: the only place that touches group ids (SPEC 11, 11.1).
 *
 * Installed by root, medsiege is set-group-id games: it is then the
 * referee, whose games live in a folder no player can enter. The
 * privilege is held only to create and open a game's files and to reach
 * its socket, then dropped for good: every later byte goes through the
 * descriptors opened before. Installed without root, nothing here
 * changes anything: the host runs as its starter, who is then the
 * game's trusted game master. */
#ifndef MEDSIEGE_PRIV_H
#define MEDSIEGE_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* First thing in main: stdin, stdout and stderr open (on /dev/null if a
 * caller closed them, so that no file opened later becomes one), and,
 * when set-id, a process no player can read (not dumpable). */
void priv_init(void);
/* Whether this process runs set-group-id: the referee. */
bool priv_referee(void);
/* Whether the privilege is still held. */
bool priv_held(void);
/* The referee's group (games), or (gid_t)-1 when not the referee. */
gid_t priv_games_gid(void);
/* Give the privilege up for good: all three group ids become the
 * player's, checked, and checked not to come back; the process stays
 * undumpable. Nothing to do when not set-id. Aborts when it cannot: a
 * process that might keep the group must not go on. */
void priv_drop(void);
/* A variable of the environment that a set-id run must not trust (test
 * hooks, paths): NULL under set-id. */
const char *priv_getenv(const char *name);
/* The referee's games folder, checked: it and every folder above it
 * owned by root and not writable by others (unless sticky, as /tmp), the
 * folder itself of group games with no access for others. 0 with its
 * path, or -1 with why. */
int priv_games_dir(char *out, size_t size, char *why, size_t whysize);

#endif
