/* ai.h: a computer player. It reads the game as its team sees it and
 * answers with command lines of the shared language, like any player.
 * Three levels: easy (greedy, unit by unit), normal (plays the goals,
 * moves as a group, weighs odds and risks) and hard (normal's play with
 * weights of its own, one table when its side attacks and one when it
 * holds out, tuned against normal). */
#ifndef MEDSIEGE_AI_H
#define MEDSIEGE_AI_H

#include <stdbool.h>

#include "game/game.h"

#define AI_LINE_LEN 128

#define AI_LEVEL_LIST(X)          \
	X(AI_EASY, "easy")        \
	X(AI_NORMAL, "normal")    \
	X(AI_HARD, "hard")

enum ai_level {
#define X(e, n) e,
	AI_LEVEL_LIST(X)
#undef X
	AI_LEVEL_COUNT
};
extern const char *const ai_level_names[AI_LEVEL_COUNT];
/* The level a computer player has unless told otherwise. */
#define AI_LEVEL_DEFAULT AI_NORMAL

/* Level from its name ("easy", "normal", "hard"), or -1. */
int ai_level_parse(const char *s);

struct ai;

/* A computer player of the given level for team; free with ai_free. */
struct ai *ai_new(const struct game *g, int team, enum ai_level level);
void ai_free(struct ai *a);
enum ai_level ai_get_level(const struct ai *a);
/* The next command for the AI's team, which must be the active team:
 * writes one line (ending with "end" once nothing is left to do). The
 * game is only read: planning looks at it as the team knows it. */
void ai_next(struct ai *a, struct game *g, char *line, int size);

/* The last command was rejected: that unit is left alone this step. */
void ai_rejected(struct ai *a);

/* Why the computer chose what it did for one unit: the place, target,
 * door or facing it chose (or to stay), and the terms that decided it,
 * each a name and its weight; all of it from what its team knows. */
#define AI_REASON_TERMS 12
struct ai_term {
	const char *name; /* a constant string */
	double value;
};
struct ai_reason {
	int unit;            /* the unit it decided for */
	int target;          /* the enemy it aims at (one its team knows
				of), or -1 */
	char choice[64];     /* "moveto 12,5", "stays at 4,4", "shoot b2" */
	char note[96];       /* a few words more, or "" */
	int nterms;
	struct ai_term terms[AI_REASON_TERMS];
};
typedef void (*ai_explainer)(void *ctx, const struct game *g, int team,
			     const struct ai_reason *r);
/* Have the player tell fn each decision, before the command it gives
 * for it (also a unit's decision to stay, which gives none). NULL, the
 * default, tells nothing and costs nothing. */
void ai_explain(struct ai *a, ai_explainer fn, void *ctx);

#endif
