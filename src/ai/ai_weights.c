/* ai_weights.c: the weights the normal player weighs places and blows
 * with (nai.h lists them). Their own file, below both the knowledge
 * (ai_know.c) and the scoring (ai_score.c) that read them, so that
 * neither calls up into the other for them. */
#define _GNU_SOURCE /* secure_getenv: no test hook or path from the environment under set-id */
#include "ai/nai.h"

#include <stdlib.h>
#include <string.h>

#ifdef NAI_DEBUG
double nai_w[W_COUNT] = {
#define X(e, v) v,
	NAI_WEIGHT_LIST(X)
#undef X
};

/* NAI_W="W_PROG_MELEE=0.3,W_AHEAD=0" overrides weights, for tuning. */
void nai_weights_from_env(void)
{
	static const char *const names[W_COUNT] = {
#define X(e, v) #e,
		NAI_WEIGHT_LIST(X)
#undef X
	};
	const char *s = secure_getenv("NAI_W");
	while (s && *s) {
		for (int i = 0; i < W_COUNT; i++) {
			size_t l = strlen(names[i]);
			if (strncmp(s, names[i], l) == 0 && s[l] == '=')
				nai_w[i] = atof(s + l + 1);
		}
		s = strchr(s, ',');
		s = s ? s + 1 : NULL;
	}
}
#else
const double nai_w[W_COUNT] = {
#define X(e, v) v,
	NAI_WEIGHT_LIST(X)
#undef X
};
#endif
