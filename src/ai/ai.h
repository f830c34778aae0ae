/* ai.h: a computer player. It reads the game as its team sees it and
 * answers with command lines of the shared language, like any player.
 * Two levels: easy (greedy, unit by unit) and normal (plays the goals,
 * moves as a group, weighs odds and risks). */
#ifndef MEDSIEGE_AI_H
#define MEDSIEGE_AI_H

#include <stdbool.h>

#include "game/game.h"

#define AI_LINE_LEN 128

#define AI_LEVEL_LIST(X)          \
	X(AI_EASY, "easy")        \
	X(AI_NORMAL, "normal")

enum ai_level {
#define X(e, n) e,
	AI_LEVEL_LIST(X)
#undef X
	AI_LEVEL_COUNT
};
extern const char *const ai_level_names[AI_LEVEL_COUNT];
/* The level a computer player has unless told otherwise. */
#define AI_LEVEL_DEFAULT AI_NORMAL

/* Level from its name ("easy", "normal"), or -1. */
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

#endif
