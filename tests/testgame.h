/* testgame.h: a scenario of the source tree loaded as a game, for tests. */
#ifndef TESTGAME_H
#define TESTGAME_H

#include <stdint.h>

#include "game/game.h"

/* The path of rel (relative to the top of the source tree: the test
 * harness's abs_top_srcdir, else the current folder). Caller frees. */
char *tg_path(const char *rel);

/* The scenario at rel as a new game with the seed, not yet started
 * (a caller may listen first); a scenario that does not load fails the
 * running test. Free with game_free. */
struct game *tg_load(const char *rel, uint64_t seed);

#endif
