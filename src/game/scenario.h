/* scenario.h: a battle as loaded from files, before play starts. */
#ifndef MEDSIEGE_SCENARIO_H
#define MEDSIEGE_SCENARIO_H

#include <stdbool.h>

#include "world/world.h"

#define GOAL_KIND_LIST(X)               \
	X(GOAL_ELIMINATE, "eliminate")  \
	X(GOAL_HOLD, "hold")            \
	X(GOAL_SURVIVE, "survive")      \
	X(GOAL_DESTROY, "destroy")      \
	X(GOAL_ESCAPE, "escape")

enum goal_kind {
#define X(e, n) e,
	GOAL_KIND_LIST(X)
#undef X
	GOAL_KIND_COUNT
};
extern const char *const goal_kind_names[GOAL_KIND_COUNT];
int goal_kind_parse(const char *s);

/* A pre-defined goal (SPEC 5). Areas are inclusive rectangles. */
struct goal {
	int team;               /* the team that wins by it */
	enum goal_kind kind;
	unsigned enemies;       /* eliminate: bit mask of teams; 0 = all enemies */
	int x0, y0, x1, y1;     /* hold, escape: the area */
	int rounds;             /* hold: consecutive rounds; survive: round N */
	bool rounds_by_limit;   /* survive: rounds not given, the round limit */
	int count;              /* escape: units needed */
	bool has_cell;          /* destroy: a door or wall cell ... */
	int cx, cy;
	char unit[UNIT_ID_LEN]; /* destroy: ... or a named unit */
	int progress;           /* hold: rounds held so far */
};

struct scenario {
	char *name;             /* owned */
	char *description;      /* owned, may be NULL */
	char *path;             /* owned: the scenario file */
	char *roster_path;      /* owned: the roster file, resolved */
	int rounds;             /* 0 = no limit */
	struct world world;
	int ngoals;
	struct goal *goals;     /* owned */
};

/* Free what a scenario owns (not the struct itself). */
void scenario_free(struct scenario *s);
/* True when (x,y) lies in the goal's area. */
bool goal_area_contains(const struct goal *g, int x, int y);

#endif
