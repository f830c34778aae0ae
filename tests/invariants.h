/* invariants.h: what must hold of a game after any command, accepted or
 * not, for the property tests and the fuzz harnesses. */
#ifndef MEDSIEGE_INVARIANTS_H
#define MEDSIEGE_INVARIANTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "game/game.h"

/* Check the whole game: units on the map and on the occupancy grid, no two
 * in a cell, none inside a wall, hits never negative, and every team's
 * knowledge a subset of the truth (what it sees now is as it is; the
 * enemies it knows stand in cells it sees; its view is the one computed
 * from scratch, plus the enemies it is in melee with). 0, or -1 with the
 * first broken rule in why. */
int invariants_check(const struct game *g, char *why, size_t size);

/* Everything a command may change: units, cells, turn, dice, goals and
 * every team's knowledge. */
struct game_snapshot {
	uint64_t hash;
	int round, active, step, nundo;
	bool over;
	unsigned long rolls;
	struct unit *units;          /* owned */
	struct cell *cells;          /* owned */
	unsigned char *memory;       /* owned: every team's, one after another */
	unsigned char *known;        /* owned: likewise, their units[] */
	struct last_seen *last;      /* owned: likewise */
};

/* Take a snapshot of g; free it with invariants_snapshot_free. */
void invariants_snapshot(const struct game *g, struct game_snapshot *s);
/* Whether g is exactly as it was in s; false with what changed in why. */
bool invariants_unchanged(const struct game *g, const struct game_snapshot *s,
			  char *why, size_t size);
void invariants_snapshot_free(struct game_snapshot *s);

#endif
