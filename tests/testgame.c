/* testgame.c: scenarios of the source tree as games, for tests. */
#include "testgame.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "base/util.h"
#include "data/scenario_load.h"

char *tg_path(const char *rel)
{
	const char *top = getenv("abs_top_srcdir");
	return xasprintf("%s/%s", top ? top : ".", rel);
}

struct game *tg_load(const char *rel, uint64_t seed)
{
	char *path = tg_path(rel);
	struct scenario sc;
	char *err = NULL;
	if (scenario_load(path, &sc, &err) != 0)
		fail_msg("%s", err);
	free(path);
	return game_new(&sc, seed);
}
