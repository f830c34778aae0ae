/* uilog.h: the game's events as log lines, each kept with the teams that
 * may read it (SPEC 10). A team reads an event in full when it concerns
 * one of its units or happens where it can see, and every unit it names
 * is its own or in its view; it reads a shortened line ("an unseen enemy")
 * when the event concerns it but names a unit it cannot see; otherwise
 * the line is hidden from it. Curses-free, so tests can check the filter. */
#ifndef MEDSIEGE_UILOG_H
#define MEDSIEGE_UILOG_H

#include <stdbool.h>

#include "game/game.h"

enum uilog_vis { UILOG_HIDE, UILOG_PART, UILOG_FULL };

struct uilog_line {
	char *full;              /* owned */
	unsigned full_mask;      /* bit t: team t reads full */
	char *part[MAX_TEAMS];   /* owned: team t's shortened line, or NULL */
	enum event_type type;
	int unit;                /* the acting unit, or -1 */
	unsigned long cmd;       /* the command that caused it */
};

#define UILOG_MAX_PENDING 8

struct uilog {
	struct uilog_line *v;    /* owned */
	int n, cap;
	/* Rolls wait for the event that says what they were for. */
	struct event pend[UILOG_MAX_PENDING];
	int npend;
	struct event last_move;  /* the move merged into the last line */
	unsigned long cmd;       /* serial of the command being applied */
	unsigned char *view[MAX_TEAMS]; /* owned scratch: each team's view */
	int nteams, cells;
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

/* Copy text into out (size bytes), naming every unit id the team does not
 * know (not its own, not where its view shows) "an unseen unit". */
void uilog_redact(const struct game *g, int team, const unsigned char *view,
		  const char *text, char *out, int size);

/* How team may read ev, given the team's view now (w*h, 1 = seen). */
enum uilog_vis uilog_visibility(const struct game *g, const struct event *ev,
				int team, const unsigned char *view);

#endif
