/* ai_normal.c: the normal computer player (work in progress). */
#include "ai/ai_priv.h"

#include <stdlib.h>

#include "base/util.h"

struct nai {
	int team;
};

struct nai *nai_new(const struct game *g, int team)
{
	(void)g;
	struct nai *n = xcalloc(1, sizeof *n);
	n->team = team;
	return n;
}

void nai_free(struct nai *n)
{
	free(n);
}

void ai_normal_next(struct ai *a, struct game *g, char *line, int size)
{
	ai_easy_next(a, g, line, size);
}
