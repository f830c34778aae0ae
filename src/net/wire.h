/* wire.h: what the host tells one team, and how a player's process turns
 * it back into that team's picture of the game (projection.h).
 *
 * The host keeps, per team, the record of every line that team was sent
 * since the game began: the scenario's public part, then changes to what
 * the team knows (its view, its memory of cells, the units it knows and
 * where it last saw the others, whose turn) and the events it saw, each
 * written from the team's knowledge when it happened. A player or
 * watcher of the team is sent that record from its start, so a
 * reconnection rebuilds the same screen. Nothing else reaches a team:
 * the record is made from game_knowledge(g, team) and the events' sight,
 * never from the rest of the game (until the game is over, when everyone
 * may see everything). */
#ifndef MEDSIEGE_WIRE_H
#define MEDSIEGE_WIRE_H

#include <stdbool.h>
#include <stddef.h>

#include "game/game.h"

struct wire_unit;

struct wire_team {
	int team;
	/* What the record has told so far (the team's picture). */
	int w, h;
	unsigned char *view, *mem; /* w*h */
	int *cellk;                /* w*h: palette entry told, -1 none */
	struct cell *palette;      /* owned */
	int npal, palcap;
	struct wire_unit *units;   /* owned: one per unit of the game */
	int nunits;
	int *progress;             /* owned: each goal's progress told */
	/* The turn line last told: its numbers, and the game's result
	 * (GAME_WHY_LEN bytes, at most 6 each once escaped). */
	char turn[160 + 6 * GAME_WHY_LEN];
	bool revealed;             /* the game is over: all is told */
	/* The record. */
	char **lines;              /* owned */
	int n, cap;
	size_t bytes;
};

/* Begin team's record with the scenario's public part (map size,
 * roster, teams, goals) and what it knows now. */
void wire_team_init(struct wire_team *t, const struct game *g, int team);
void wire_team_free(struct wire_team *t);
/* Add what changed in what the team knows since the record last told
 * it. */
void wire_team_sync(struct wire_team *t, const struct game *g);
/* An event: what changed first, then the event as the team may read it
 * (nothing when it did not see it). */
void wire_team_event(struct wire_team *t, const struct game *g,
		     const struct event *ev);
/* Add a line of the host's own (chat) to the record. */
void wire_team_add(struct wire_team *t, const char *line);

/* The player's side: the lines of a record, applied in order. */
#define WIRE_CHAT_LEN 512
struct wire_client {
	int team;                 /* the seat's team, once told */
	struct scenario sc;       /* being built until "start" */
	struct game *g;           /* the projection, after "start" */
	struct cell *palette;     /* owned */
	int npal, palcap;
	/* Set by a chat line: the newest one, for the screen. */
	char chat[WIRE_CHAT_LEN];
	bool has_chat;
};
void wire_client_init(struct wire_client *c);
/* The game is handed over to the caller (c no longer frees it). */
struct game *wire_client_take(struct wire_client *c);
void wire_client_free(struct wire_client *c);
/* Apply one line of the record: 0 when applied, 1 for a line that is
 * not part of a record (the caller's: ok, refused, error...), or -1 with
 * why (GAME_WHY_LEN) for a line that breaks the record (the connection
 * is then not to be trusted). Events are told to the projection's
 * listeners. */
int wire_client_apply(struct wire_client *c, const char *line, char *why);

#endif
