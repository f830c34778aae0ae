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
	int target;              /* the unit acted upon, or -1 */
	int x0, y0, x1, y1;      /* the event's places (a move: from, to) */
	unsigned char sight[MAX_TEAMS]; /* what each team may read (EVS_*) */
	unsigned long cmd;       /* the command that caused it */
	bool said;               /* a message of the screen's, not an event */
};

struct uilog {
	struct uilog_line *v;    /* owned */
	int n, cap;
	struct event last_move;  /* the move merged into the last line */
	unsigned long cmd;       /* serial of the command being applied */
	int nteams, nunits;
	int active;              /* the team playing, as the log last heard */
	/* Per team: the line where its last turn ended and the one where
	 * its turn now began (its digest is what lies between), and the
	 * units it knew of when its last turn ended (owned, nunits flags). */
	int turn_end[MAX_TEAMS], turn_start[MAX_TEAMS];
	unsigned char *known_at_end[MAX_TEAMS];
	unsigned char *known_at_start[MAX_TEAMS]; /* ... and when it began */
};

/* Start an empty log for g's world (what each team knows now is not
 * news to it); free with uilog_free. Listen before game_start to hear
 * the first step, and before a saved game is replayed to keep its story. */
void uilog_init(struct uilog *l, const struct game *g);
void uilog_free(struct uilog *l);
/* Make room for units a projection heard of since the log began. */
void uilog_fit(struct uilog *l, const struct game *g);
/* The game listener: game_listen(g, uilog_listener, l). */
void uilog_listener(void *ctx, const struct game *g, const struct event *ev);
/* A new command begins: its moves are not merged with earlier ones. */
void uilog_command(struct uilog *l);
/* A line every team may read (the seed, a banner). */
void uilog_note(struct uilog *l, const char *text);
/* A message the screen said to team (to every team when team < 0): a
 * command given, a refusal, a notice. The full log keeps it; it is not
 * the game's story, which a resumed game or a seat taken back retells,
 * so the log pane leaves it out. The same message twice running is
 * kept once. */
void uilog_said(struct uilog *l, const char *text, int team);
/* The text of line i as team reads it, or NULL when hidden from it. */
const char *uilog_text(const struct uilog *l, int i, int team);
/* Whether line i belongs in a turn digest for team: what another team
 * did that team saw (moves, turns, climbs, doors, attacks and their
 * rolls, hits, escapes, announcements) and goals; not step banners,
 * undos or notes. */
bool uilog_digest_worthy(const struct uilog *l, int i, int team);
/* The unit team may name as the doer of line i (the group its digest
 * puts the line in), or -1. */
int uilog_doer(const struct uilog *l, int i, int team);

#endif
