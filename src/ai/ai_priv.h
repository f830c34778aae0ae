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
	ai_explainer explain;    /* told each decision, or NULL */
	void *explain_ctx;
};

/* A reason for unit, its choice in words (printf), no terms yet. */
void ai_reason_init(struct ai_reason *r, int unit, int target,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The same, its choice the command line without its unit's id ("door
 * r3 ne open": "door ne open"). */
void ai_reason_line(struct ai_reason *r, int unit, int target,
		    const char *line);
void ai_reason_term(struct ai_reason *r, const char *name, double value);
/* Tell the reason to whoever asked (ai_explain). */
void ai_tell(const struct ai *a, const struct game *g,
	     const struct ai_reason *r);

/* ai_easy.c: the greedy player's next command. */
void ai_easy_next(struct ai *a, struct game *g, char *line, int size);

/* ai_normal.c: the normal (or hard) player's state (free with
 * nai_free) and its next command. */
struct nai *nai_new(const struct game *g, int team, bool hard);
void nai_free(struct nai *n);
void ai_normal_next(struct ai *a, struct game *g, char *line, int size);

#endif
