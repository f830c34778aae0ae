/* ai.h: a computer player. It reads the game as its team sees it and
 * answers with command lines of the shared language, like any player. */
#ifndef MEDSIEGE_AI_H
#define MEDSIEGE_AI_H

#include <stdbool.h>

#include "game/game.h"

#define AI_LINE_LEN 128

struct ai {
	int team;
	int round, step, active; /* the step its plans were made for */
	bool *done;              /* per unit: already handled this step */
	int ndone;
	int last;                /* the unit of the last command */
};

/* A computer player for team; free with ai_free. */
struct ai *ai_new(const struct game *g, int team);
void ai_free(struct ai *a);
/* The next command for the AI's team, which must be the active team:
 * writes one line (ending with "end" once nothing is left to do). The
 * game is only read (planning may look at it as the team knows it). */
void ai_next(struct ai *a, struct game *g, char *line, int size);

/* The last command was rejected: that unit is left alone this step. */
void ai_rejected(struct ai *a);

#endif
