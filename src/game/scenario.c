/* scenario.c: ownership of a loaded battle and goal areas. */
#include "game/scenario.h"

#include <stdlib.h>
#include <strings.h>

const char *const goal_kind_names[GOAL_KIND_COUNT] = {
#define X(e, n) n,
	GOAL_KIND_LIST(X)
#undef X
};

int goal_kind_parse(const char *s)
{
	for (int i = 0; i < GOAL_KIND_COUNT; i++)
		if (strcasecmp(s, goal_kind_names[i]) == 0)
			return i;
	return -1;
}

void scenario_free(struct scenario *s)
{
	free(s->name);
	free(s->description);
	free(s->path);
	free(s->roster_path);
	free(s->goals);
	world_free(&s->world);
	s->name = s->description = s->path = s->roster_path = NULL;
	s->goals = NULL;
	s->ngoals = 0;
}

bool goal_area_contains(const struct goal *g, int x, int y)
{
	return x >= g->x0 && x <= g->x1 && y >= g->y0 && y <= g->y1;
}
