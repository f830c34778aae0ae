/* unit.h: unit types and the modifier chart (a roster), and unit instances. */
#ifndef MEDSIEGE_UNIT_H
#define MEDSIEGE_UNIT_H

#include <stdbool.h>

#include "base/geom.h"
#include "world/map.h"

#define UNIT_CLASS_LIST(X)          \
	X(CLASS_FOOT, "foot")       \
	X(CLASS_MOUNTED, "mounted") \
	X(CLASS_MACHINE, "machine")

enum unit_class {
#define X(e, n) e,
	UNIT_CLASS_LIST(X)
#undef X
	CLASS_COUNT
};
extern const char *const unit_class_names[CLASS_COUNT];

#define WEAPON_KIND_LIST(X)        \
	X(WEAPON_MELEE, "melee")   \
	X(WEAPON_REACH, "reach")   \
	X(WEAPON_MISSILE, "missile") \
	X(WEAPON_SIEGE, "siege")

enum weapon_kind {
#define X(e, n) e,
	WEAPON_KIND_LIST(X)
#undef X
	WEAPON_KIND_COUNT
};
extern const char *const weapon_kind_names[WEAPON_KIND_COUNT];

int unit_class_parse(const char *s);
int weapon_kind_parse(const char *s);

#define NAME_MAX_LEN 48
#define MAX_WEAPONS 4

struct weapon {
	char name[NAME_MAX_LEN];
	enum weapon_kind kind;
	int av;
	int range;      /* inches; melee weapons: 1 (contact) */
	int min_range;  /* inches; 0 = none */
	int reload;     /* missile steps to skip after shooting */
	bool structures; /* may attack doors and breachable walls */
};

/* Melee and reach weapons are used in Step 3; missile and siege in Step 2. */
bool weapon_is_ranged(const struct weapon *w);

struct unit_type {
	char id[NAME_MAX_LEN];
	char name[NAME_MAX_LEN];
	char symbol;
	enum unit_class cls;
	int move;       /* inches */
	int dv;
	int hits;
	/* Cover the unit carries (a pavise, a mantlet): against missiles it
	 * counts the better of this and the terrain's (SPEC 4). */
	enum cover cover;
	/* 0 for a unit that never attacks (an obstacle, a mantlet). */
	int nweapons;
	struct weapon weapons[MAX_WEAPONS];
	char *description; /* owned, may be NULL */
};

/* The modifier chart (SPEC 4); values are added to the target number. */
#define CHART_LIST(X)                                          \
	X(half_cover, "half_cover", "half wall cover", 2)      \
	X(heavy_cover, "heavy_cover", "heavy cover", 4)        \
	X(soft_cover, "soft_cover", "soft cover", 1)           \
	X(over_half_range, "over_half_range", "over half range", 2) \
	X(outnumber, "outnumber", "outnumbered", -1)           \
	X(outnumber_max, "outnumber_max", "outnumbered (max)", -3) \
	X(behind, "behind", "from behind", -2)                 \
	X(ladder, "ladder", "on a ladder", 2)                  \
	X(large_target, "large_target", "large target", -2)

struct chart {
#define X(f, key, label, def) int f;
	CHART_LIST(X)
#undef X
	bool natural_20_hits;
	int vision_range; /* inches; 0 = unlimited */
};
/* The standard chart's values. */
struct chart chart_default(void);

struct roster {
	int ntypes;
	struct unit_type *types; /* owned */
	struct chart chart;
};

/* Free what a roster owns (not the struct itself). */
void roster_free(struct roster *r);
/* Index of the unit type with this id, or -1. */
int roster_find(const struct roster *r, const char *id);
/* Nearest type id to a misspelt one, or NULL. */
const char *roster_nearest(const struct roster *r, const char *id);

#define STATUS_LIST(X)                  \
	X(STATUS_ACTIVE, "active")      \
	X(STATUS_DISABLED, "disabled")  \
	X(STATUS_ESCAPED, "escaped")

enum unit_status {
#define X(e, n) e,
	STATUS_LIST(X)
#undef X
	STATUS_COUNT
};
extern const char *const unit_status_names[STATUS_COUNT];

#define UNIT_ID_LEN 16

/* One unit on the battlefield. Movement is kept in half-inches. */
struct unit {
	char id[UNIT_ID_LEN];
	int type;       /* index into the roster */
	int team;       /* index into the teams */
	int x, y;
	enum dir facing;
	enum unit_status status;
	int hits;       /* hits left */
	int move_left;  /* half-inches left this Movement step */
	bool shot;      /* has made its missile attack this step */
	bool fought;    /* has made its melee attack this step */
	int reload_wait; /* own missile steps still to skip */
	/* A ladder climb may take more than one turn: movement paid so far
	 * (half-inches) towards the step in climb_dir. */
	enum dir climb_dir;
	int climb_paid;
};

#endif
