/* uilog.h: the game's events as log lines, each kept with what every
 * team may read of it. What a team may read is decided by the game when
 * the event happens (its sight, from the team's knowledge); this file
 * only keeps the words. Curses-free, so tests can read the lines. */
#ifndef MEDSIEGE_UILOG_H
#define MEDSIEGE_UILOG_H

#include <stdbool.h>

#include "game/game.h"

struct uilog_line {
	char *full;              /* owned */
	unsigned full_mask;      /* bit t: team t reads full */
	char *part[MAX_TEAMS];   /* owned: team t's shortened line, or NULL */
	enum event_type type;
	int unit;                /* the acting unit, or -1 */
	unsigned long cmd;       /* the command that caused it */
};

struct uilog {
	struct uilog_line *v;    /* owned */
	int n, cap;
	struct event last_move;  /* the move merged into the last line */
	unsigned long cmd;       /* serial of the command being applied */
	int nteams;
};

/* Start an empty log for g's world; free with uilog_free. */
void uilog_init(struct uilog *l, const struct game *g);
void uilog_free(struct uilog *l);
/* The game listener: game_listen(g, uilog_listener, l). */
void uilog_listener(void *ctx, const struct game *g, const struct event *ev);
/* A new command begins: its moves are not merged with earlier ones. */
void uilog_command(struct uilog *l);
/* A line every team may read (the seed, a banner). */
void uilog_note(struct uilog *l, const char *text);
/* The text of line i as team reads it, or NULL when hidden from it. */
const char *uilog_text(const struct uilog *l, int i, int team);
/* Whether line i belongs in a turn digest: attacks, rolls, hits, doors,
 * goals; not moves, facings, undos or step banners. */
bool uilog_digest_worthy(const struct uilog *l, int i);

#endif
