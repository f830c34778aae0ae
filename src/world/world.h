/* world.h: the physical state of a battle: map, roster, teams and units. */
#ifndef MEDSIEGE_WORLD_H
#define MEDSIEGE_WORLD_H

#include <stdbool.h>

#include "world/map.h"
#include "world/unit.h"

#define MAX_TEAMS 8
#define TEAM_NAME_LEN 32

#define CONTROL_LIST(X)             \
	X(CONTROL_HUMAN, "human")   \
	X(CONTROL_AI, "ai")         \
	X(CONTROL_REMOTE, "remote")

enum control {
#define X(e, n) e,
	CONTROL_LIST(X)
#undef X
	CONTROL_COUNT
};
extern const char *const control_names[CONTROL_COUNT];

struct team {
	char name[TEAM_NAME_LEN];
	char letter;
	char colour[16];
	enum control control;
};

struct world {
	struct map map;
	struct roster roster;
	int nteams;
	struct team teams[MAX_TEAMS];
	int nunits;
	struct unit *units; /* owned */
	int *occ;           /* w*h: index of the living unit there, or -1 */
};

/* Free what a world owns (not the struct itself). */
void world_free(struct world *w);
/* Deep copy; free the copy with world_free. */
void world_copy(struct world *dst, const struct world *src);
/* Build the occupancy grid from the units; call once after loading. */
void world_index(struct world *w);

/* Index of the living unit at x,y, or -1. */
static inline int world_unit_at(const struct world *w, int x, int y)
{
	return map_inside(&w->map, x, y) ? w->occ[y * w->map.w + x] : -1;
}
/* Index of the unit with this id (any status), or -1. */
int world_find_unit(const struct world *w, const char *id);
/* Index of the team with this name (case-insensitive), or -1. */
int world_find_team(const struct world *w, const char *name);
/* Inline, as the searches and the computer ask them of every unit. */
static inline const struct unit_type *world_type(const struct world *w,
						 const struct unit *u)
{
	return &w->roster.types[u->type];
}
static inline bool unit_alive(const struct unit *u)
{
	return u->status == STATUS_ACTIVE;
}
/* Move a living unit to x,y, keeping the occupancy grid true. The target
 * cell must be free. */
void world_place(struct world *w, int idx, int x, int y);
/* Take a unit off the board (disabled or escaped). */
void world_remove(struct world *w, int idx, enum unit_status why);
/* Number of living units of a team. */
int world_team_alive(const struct world *w, int team);
/* Height of the ground at x,y (inches). */
static inline int world_height(const struct world *w, int x, int y)
{
	return map_cell_c(&w->map, x, y)->t.height;
}
/* Compare unit ids naturally ("r2" before "r10"). */
int unit_id_cmp(const char *a, const char *b);

#endif
