/* projection.h: a game as one team knows it, for a player in another
 * process. It holds only what the team was told (the terrain it has
 * seen, its units, the enemies it has seen); the host keeps the real
 * game. Its knowledge is set by whoever feeds it, never computed, and no
 * action is ever applied to it: commands go to the host. */
#ifndef MEDSIEGE_PROJECTION_H
#define MEDSIEGE_PROJECTION_H

#include "game/game.h"

/* A projected game of sc (its map, roster, teams and goals; no units
 * yet) for team, taking sc's contents over as game_new does. Every cell
 * starts unknown. Free with game_free. */
struct game *projection_new(struct scenario *sc, int team);
/* The unit with this id, added (on no cell, out of sight) when the team
 * has not heard of it before; -1 for an id too long or a bad type or
 * team. */
int projection_unit(struct game *g, const char *id, int type, int team);
/* Rebuild the occupancy grid: the living units the team knows stand
 * where they are; the rest are only memories. */
void projection_index(struct game *g);
/* The team's standing order for unit i, as the host told it: to x,y, or
 * none when x < 0. */
void projection_order(struct game *g, int i, int x, int y);
/* Tell every listener of g about ev, as the host told it. */
void projection_emit(struct game *g, const struct event *ev);

#endif
