/* wire.h: what the host tells one team, and how a player's process turns
 * it back into that team's picture of the game (projection.h).
 *
 * The host keeps, per team, the record of every line that team was sent
 * since the game began: the scenario's public part, then changes to what
 * the team knows (its view, its memory of cells, the units it knows and
 * where it last saw the others, whose turn) and the events it saw, each
 * written from the team's knowledge when it happened. A player or
 * watcher who joins is sent the record as it stands (its snapshot: the
 * picture now and the recent events) and then its new lines; one who
 * reconnects to the same host is sent the lines it missed, so both
 * rebuild the same screen. Nothing else reaches a team:
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
	int useq;                  /* units told so far */
	int *round_at;             /* owned: where each round's lines begin */
	int nround_at;
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
/* A player's own orders and their refusals, as lines for its log, each
 * with the length of the team's record when it was said: sent to that
 * player alone, when it joins again (never to a watcher, nor in the
 * record). The oldest go past WIRE_RECENT_LINES. */
struct wire_said {
	char **lines; /* owned */
	int *at;      /* owned */
	int n, cap;
};
void wire_said_add(struct wire_said *s, const struct wire_team *t,
		   const char *line);
void wire_said_free(struct wire_said *s);

/* What a player who joins is sent instead of the whole record: the
 * setup, the picture as the record has told it so far (not its
 * history), then the newest events and chat the record told since the
 * round before the present one began (at most WIRE_RECENT_LINES lines,
 * WIRE_RECENT_BYTES bytes). Applied by a new player's side, it gives
 * the picture the whole record would have, and the record then goes on
 * from its line t->n. With own (a player's, not a watcher's), the
 * player's orders and refusals of that time come in their places among
 * the events. out is made anew: only its lines are meant (free it with
 * wire_team_free). */
#define WIRE_RECENT_LINES 400
#define WIRE_RECENT_BYTES (40 * 1024)
void wire_team_snapshot(const struct wire_team *t, const struct game *g,
			const struct wire_said *own, struct wire_team *out);

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
	/* Set by a said line: the player's order (or its refusal) as its
	 * log reads it. */
	char said[WIRE_CHAT_LEN];
	bool has_said;
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
