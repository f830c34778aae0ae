/* ai_priv.h: shared by the computer player's own files, not its users. */
#ifndef MEDSIEGE_AI_PRIV_H
#define MEDSIEGE_AI_PRIV_H

#include "ai/ai.h"

struct nai;

struct ai {
	int team;
	enum ai_level level;
	int round, step, active; /* the step its plans were made for */
	bool *done;              /* per unit: already handled this step */
	int ndone;
	int last;                /* the unit of the last command, or -1 */
	struct nai *n;           /* the normal level's state, or NULL */
};

/* ai_easy.c: the greedy player's next command. */
void ai_easy_next(struct ai *a, struct game *g, char *line, int size);

/* ai_normal.c: the normal player's state (free with nai_free) and its
 * next command. */
struct nai *nai_new(const struct game *g, int team);
void nai_free(struct nai *n);
void ai_normal_next(struct ai *a, struct game *g, char *line, int size);

#endif
