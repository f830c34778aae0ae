/* ai_weights.c: the weights the normal and hard players weigh places and
 * blows with (nai.h lists them). Their own file, below both the
 * knowledge (ai_know.c) and the scoring (ai_score.c) that read them, so
 * that neither calls up into the other for them. */
#define _GNU_SOURCE /* secure_getenv: no test hook or path from the environment under set-id */
#include "ai/nai.h"

#if defined NAI_DEBUG && !defined NAI_TUNE
#define NAI_TUNE
#endif

#ifdef NAI_TUNE
#include <stdlib.h>
#include <string.h>
#define NAI_WEIGHTS_CONST
#else
#define NAI_WEIGHTS_CONST const
#endif

static NAI_WEIGHTS_CONST double weights[3][W_COUNT] = {
	{
#define X(e, normal, attack, defend) normal,
		NAI_WEIGHT_LIST(X)
#undef X
	},
	{
#define X(e, normal, attack, defend) attack,
		NAI_WEIGHT_LIST(X)
#undef X
	},
	{
#define X(e, normal, attack, defend) defend,
		NAI_WEIGHT_LIST(X)
#undef X
	},
};

#ifdef NAI_TUNE
/* NAI_W="W_PROG_MELEE=0.3,W_AHEAD=0" overrides normal's weights,
 * NAI_W_ATTACK and NAI_W_DEFEND hard's, for tuning. */
static void from_env(double *w, const char *var)
{
	static const char *const names[W_COUNT] = {
#define X(e, normal, attack, defend) #e,
		NAI_WEIGHT_LIST(X)
#undef X
	};
	const char *s = secure_getenv(var);
	while (s && *s) {
		for (int i = 0; i < W_COUNT; i++) {
			size_t l = strlen(names[i]);
			if (strncmp(s, names[i], l) == 0 && s[l] == '=')
				w[i] = atof(s + l + 1);
		}
		s = strchr(s, ',');
		s = s ? s + 1 : NULL;
	}
}
#endif

const double *nai_weights(bool hard, bool defend)
{
#ifdef NAI_TUNE
	static bool read;
	if (!read) {
		from_env(weights[0], "NAI_W");
		from_env(weights[1], "NAI_W_ATTACK");
		from_env(weights[2], "NAI_W_DEFEND");
		read = true;
	}
#endif
	return weights[hard ? 1 + defend : 0];
}
