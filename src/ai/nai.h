/* nai.h: the normal computer player's insides, shared by its files
 * (ai_normal.c drives the steps; ai_know.c builds what the team knows;
 * ai_field.c measures ways; ai_goal.c reads the goals; ai_score.c weighs
 * the places a unit could go). */
#ifndef MEDSIEGE_NAI_H
#define MEDSIEGE_NAI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ai/ai_priv.h"
#include "base/bucket.h"

/* Opening, closing, locking a door: 2 inches, in half-inches. */
#define NAI_DOOR_COST 4
/* Cells a side of the squares units are filed by (nai's grid). */
#define NAI_GRID 8
/* A distance too far to matter (half-inches). */
#define NAI_FAR 100000

/* The weights the normal and hard players weigh places and blows with,
 * in the worth of hits (a plain unit is worth about 10): a name, the
 * normal level's value, then the hard level's when its side attacks and
 * when it holds out (a survive goal: the two play apart, and each was
 * tuned apart). Normal was tuned against the easy player and hard
 * against normal, both with bench/ai-strength.sh; a build with
 * -DNAI_TUNE reads NAI_W="W_PROG_MELEE=0.3,..." (normal), NAI_W_ATTACK
 * and NAI_W_DEFEND (hard) from the environment to try others, and one
 * with -DNAI_DEBUG also prints what each unit weighed on standard
 * error. */
#define NAI_WEIGHT_LIST(X)                                                  \
	X(W_PROG_MELEE, 0.25, 0.25, 0.25) /* a half-inch nearer the objective */  \
	X(W_PROG_SHOOT, 0.12, 0.06, 0.06) /* the same for shooters with a target */ \
	X(W_PROG_KILL, 3.0, 3.0, 3.0)   /* times more when the goal is a unit to kill */ \
	X(W_PROG_GUARDED, 0.0, 0.0, 0.0) /* times that for a unit an enemy must kill */ \
	X(W_FEAR_MELEE, 1.0, 1.0, 0.5)  /* share of an enemy's possible blow feared */ \
	X(W_FEAR_SHOT, 1.0, 1.0, 1.0)   /* share of an enemy's possible shot feared */ \
	X(W_COUNTER, 0.7, 1.0, 0.35)     /* share of our answer to a blow counted */ \
	X(W_HOLD, 6.0, 6.0, 6.0)        /* standing in the area to hold */         \
	X(W_CONTEST, 10.0, 10.0, 10.0)   /* the first in an area an enemy would hold */ \
	X(W_ESCAPE, 40.0, 40.0, 40.0)    /* leaving by the exit */                  \
	X(W_SUPPORT, 0.6, 0.6, 0.6)     /* each friend near, in danger */          \
	X(W_AHEAD, 0.3, 0.3, 0.3)       /* each enemy too many, in danger */       \
	X(W_URGENCY, 1.5, 3.0, 1.5)     /* how much more the way counts at the end */ \
	X(W_LOCK, 3.0, 3.0, 3.0)        /* beside a door to lock, able to */       \
	X(W_STRUCT, 8.0, 8.0, 8.0)      /* a hit on the door or wall aimed at */   \
	X(W_LAST, 1.0, 1.0, 1.0)        /* holding out, worth of the last units */ \
	X(W_GUARD, 4.0, 4.0, 4.0)       /* times the worth of a unit an enemy must kill */ \
	X(W_TARGET, 4.0, 4.0, 4.0)      /* times the worth of an enemy it must kill */ \
	X(W_PACK, 0.0, 2.5, 0.0)   /* running for an exit, turns ahead of its group's middle that the way still counts (0: any) */ \
	X(W_SALLY, 2.0, 2.0, 2.0)  /* holding out, times the hits of the enemies it knows of that its own must have to go out at them (0: never) */ \
	X(W_SEARCH, 10.0, 10.0, 10.0) /* half-inches further a cell of the area to hold is, in sight, than one out of it (where an enemy may hide) */

enum nweight {
#define X(e, normal, attack, defend) e,
	NAI_WEIGHT_LIST(X)
#undef X
	W_COUNT
};
/* The weights of a level (normal, or hard attacking or holding out):
 * W_COUNT values, static. */
const double *nai_weights(bool hard, bool defend);

/* An enemy the team knows of: seen now, or seen lately where it can no
 * longer see (a ghost). */
struct nenemy {
	int idx;
	int x, y;
	bool seen;
	bool stale;             /* a ghost whose place is in sight, empty:
				   somewhere near, no one knows where */
	double v;               /* worth of one hit on it, goals included */
	/* Where it could be in melee with a unit of ours after its next
	 * move: a byte per cell of the box at ex,ey, ew by eh cells, round
	 * what it could reach; none outside. Owned, grown as needed: the
	 * player's memory is not enemies times cells. */
	unsigned char *engage;
	size_t engage_cap;
	int ex, ey, ew, eh;
	/* What the map was made from (engage_from): made again only when
	 * that changes. 0: not made. */
	uint64_t engage_key;
	int nmelee, nshot;      /* units of ours it could strike, shoot at */
};

/* Whether enemy e could be in melee with a unit of ours at x,y after its
 * next move. */
static inline bool nk_engages(const struct nenemy *e, int x, int y)
{
	x -= e->ex;
	y -= e->ey;
	return x >= 0 && y >= 0 && x < e->ew && y < e->eh &&
	       e->engage[y * e->ew + x];
}

/* What an enemy's threat to one unit comes to wherever the unit stands
 * (the place changes only whether it applies, and the friends near). */
struct nthreat {
	int k;                  /* the enemy, in en */
	int av;                 /* its melee AV (nk_melee_av), 0: none */
	bool ranged;            /* it has a ranged weapon */
	double pe;              /* chance its blow hits the unit */
	double pm[3];           /* chance of the unit's answer, with 0, 1
				   or 2 friends near (0 when it has none) */
};

/* The enemies and friends that can matter to one unit's score anywhere
 * in a box of places (ns_scope): every other one adds nothing there,
 * not even a zero. Each list keeps the order of en or units, so that a
 * sum over a list is the very sum over all of them. */
struct nscope {
	int u;                  /* the unit, or -1: none */
	int ox, oy;             /* where it stood */
	int x0, y0, x1, y1;     /* the box of places */
	int *leave;             /* en: seen, able to strike it where it
				   stands (free attacks on leaving) */
	int *fight;             /* en: seen, close enough for melee */
	int *shot;              /* en: seen, within its longest shot */
	int *near;              /* en: within the distance of the forces */
	int *friends;           /* units: its friends within that distance */
	struct nthreat *threat; /* en that could strike or shoot at it */
	int nleave, nfight, nshot, nnear, nfriends, nthreat;
	int friends_in;         /* friends in the enemy's hold area */
	int cap;                /* entries each list has room for */
};

/* What the goals ask of the team. */
struct nposture {
	bool defend;            /* time is on its side (a survive goal) */
	bool eliminate;         /* disabling every enemy wins */
	int hold;               /* its hold goal, or -1 */
	int escape;             /* its escape goal, or -1 */
	int enemy_hold;         /* an enemy's hold goal, or -1 */
	int enemy_escape;       /* an enemy's escape goal, or -1 */
	int kill_unit;          /* the enemy unit it must disable, or -1 */
	int protect_unit;       /* its unit an enemy must disable, or -1 */
	int kill_cx, kill_cy;   /* the door or wall it must destroy, or -1 */
	int breach_x, breach_y; /* the door or wall its rams go for, or -1 */
	int rounds_left;        /* before the scenario's limit (0: none) */
	bool sally;             /* holding out at good odds: it goes out at
				   the enemies it knows of (ng_sally) */
};

/* Kinds of objective field: the team's goals, the ground it holds, the
 * door or wall its rams batter. */
enum nfield { NF_GOAL, NF_HOME, NF_BREACH, NF_COUNT };
/* The searches that price steps: the fields' (doors a team may open
 * cost the opening; NF_STEP_BREACH for one an enemy locked) and a
 * unit's reach (as the rules price a step: shut doors stop it). */
enum nsteps { NF_STEPS_FIELD, NF_STEPS_REACH, NF_STEPS_COUNT };

struct nai {
	int team;
	bool hard;              /* the hard level: its weights, its tactics */
	const double *wt;       /* the level's weights for its posture
				   (nai_weights) */
	int w, h, cells, nunits;
	/* The battle as the team knows it, rebuilt for every decision: its
	 * own units and the enemies it sees; every other unit is off the
	 * board. Shares the live map and roster, owns units and occ. */
	struct world kw;
	struct unit *units;
	int *occ;
	struct map kmap;        /* the ground as last seen, cell by cell */
	/* The cells that can ever change (doors, and walls that can be
	 * breached or were), in map order: everywhere else kmap is the map
	 * as it was made. */
	int *changeable;
	int nchangeable;
	unsigned kmap_version;  /* moves on whenever a cell of kmap changes */
	/* Per kind of search and movement class: what each step of kmap
	 * costs with no unit in the way (cell * DIR_COUNT + dir: for
	 * NF_STEPS_REACH the cell it leaves, for NF_STEPS_FIELD the cell it
	 * enters), built for kmap_version steps_for - 1 (0: not built), on
	 * demand. */
	short *steps[NF_STEPS_COUNT][CLASS_COUNT];
	unsigned steps_for[NF_STEPS_COUNT][CLASS_COUNT];
	unsigned char *zeros;   /* nunits zero flags: no unit known */
	/* The step's analysis, rebuilt when what the team knows changes. */
	int round, step;
	uint64_t sig;
	struct nposture p;
	int nen;
	struct nenemy *en;
	/* Per movement class and field kind: half-inches from each cell
	 * to the objective (NAI_FAR where there is no way). */
	int *field[NF_COUNT][CLASS_COUNT];
	/* Each field as last searched, and what it was searched from (its
	 * sources, the ladders friends are on, the ground, the class): a
	 * field asked again from the same is copied, not searched. */
	int *field_done[NF_COUNT][CLASS_COUNT];
	uint64_t field_key[NF_COUNT][CLASS_COUNT];
	/* Turns the middle of its fighting group needs to reach the
	 * objective, and how much the way there counts (more as the
	 * rounds run out). */
	double eta_ref, urgency;
	bool hold_clear;        /* no enemy known in the area it would hold */
	bool kill_known;        /* the enemy unit it must disable is known */
	int alive;              /* its units on the field */
	/* Movement state, per unit. */
	unsigned char *phase;   /* how far its Movement step has gone */
	unsigned char *has_shot; /* a target in range and sight, from where
				    it stood when its move began */
	int *cost, *prev;       /* w*h each */
	int *scratch;           /* w*h, INT_MAX between nf_reach_box's uses */
	int *busy;              /* w*h: what a ladder a friend is on costs */
	int *seen_hits;         /* per unit: hits left when last seen */
	struct bucket_queue queue; /* the searches': kept for the next one */
	/* The living units of kw by square of NAI_GRID cells, as nk_update
	 * left them: the first unit in each square (gw by gh of them) and
	 * the next after each unit, -1 for none. */
	int gw, gh;
	int *grid_first, *grid_next;
	int reach_max;          /* the longest reach of any type, 1 at least */
	/* The scope of the places a unit is choosing among (ns_scope), and
	 * one for a place weighed outside any. */
	struct nscope scope, point;
};

/* ai_know.c */
/* Rebuild kw from the team's knowledge (units it knows of, the ground
 * as it last saw it); refresh the step's analysis
 * when the step or what the team knows has changed. */
void nk_update(struct nai *n, const struct game *g);
/* The worth of one hit on unit i (goals included). */
double nk_hit_value(const struct nai *n, const struct game *g, int i);
/* The known enemy record of unit i, or NULL. */
const struct nenemy *nk_enemy(const struct nai *n, int i);
/* How many of the team's units each known enemy could strike or shoot
 * at next turn, as they stand now: an enemy makes one attack. */
void nk_targets(struct nai *n);
/* Whether unit i of kw is in melee with any living enemy there. */
bool nk_engaged(const struct nai *n, int i);
/* The same, for a unit of kw while every unit stands where nk_update
 * found it: only the enemies near it are asked. */
bool nk_engaged_as_found(const struct nai *n, int i);
/* Put unit i of kw at x,y (on the grid unless another stands there). */
void nk_place(struct nai *n, int i, int x, int y);
/* Chance a d20 meets need. */
double nk_chance(const struct world *w, int need);
/* Best melee or reach weapon's AV of a type, or 0 when it has none. */
int nk_melee_av(const struct unit_type *t);
bool nk_has_ranged(const struct unit_type *t);

/* ai_field.c */
/* Fill dist (w*h) with the cheapest way from every cell to the nearest
 * source for a unit like rep: on entry dist holds each source's starting
 * cost and INT_MAX elsewhere. Doors the team may open cost the opening;
 * doors an enemy locked that can be broken cost pen per hit; a ladder a
 * friend is on costs a wait (busy). Units are otherwise ignored. */
void nf_field(struct nai *n, int rep, int *dist, int pen);
/* nf_field for field kind f of class cls, from the sources on entry in
 * n->field[f][cls]; a search asked again from the same sources on the
 * same ground is answered from the last one. */
void nf_field_kind(struct nai *n, enum nfield f, int cls, int rep, int pen);
/* The cheapest cost for unit idx of kw to every cell within limit
 * (half-inches), INT_MAX beyond or where it cannot stop; prev (when not
 * NULL) gets the cell each is reached from (-1 for none); box (when not
 * NULL) gets x0, y0, x1, y1 of a box holding every cell reached. Turns
 * are free: for war machines, game_reach is exact. */
void nf_reach(struct nai *n, int idx, int limit, int *cost, int *prev,
	      int box[4]);
/* nf_reach's costs within the box it leaves in box, on a cost that is
 * INT_MAX on every cell on entry: nothing outside the box is written,
 * and nf_reach_box_clear makes it all INT_MAX again, at the cost of the
 * box rather than the map. */
void nf_reach_box(struct nai *n, int idx, int limit, int *cost, int box[4]);
void nf_reach_box_clear(const struct nai *n, int *cost, const int box[4]);

/* ai_goal.c */
/* Read the goals into n->p. */
void ng_posture(struct nai *n, const struct game *g);
/* After the enemies are found: whether a team holding out sallies. */
void ng_sally(struct nai *n);
/* Build the objective fields for the team's movement classes. */
void ng_fields(struct nai *n, const struct game *g);
/* The group's middle ETA and the urgency, for the step. */
void ng_group(struct nai *n, const struct game *g);
/* The field a unit follows. */
const int *ng_unit_field(const struct nai *n, const struct game *g, int u);
/* Whether the team may open the door at x,y, and whether it should keep
 * its own locked doors shut. */
bool ng_may_open(const struct nai *n, const struct game *g, int x, int y);
bool ng_keep_shut(const struct nai *n, const struct game *g);

/* ai_score.c */
/* How good it is for unit u to end its move at x,y, having paid cost. */
double ns_score(struct nai *n, struct game *g, int u, int x, int y,
		int cost, const int *field);
/* Work out once which enemies and friends can matter to unit u's score
 * at any place in the box x0, y0, x1, y1 (inclusive), u standing where
 * it is: ns_score there then looks at those alone, with the very same
 * result, until ns_scope_end. Nothing the scores read may change
 * between the two but u's place. */
void ns_scope(struct nai *n, const struct game *g, int u, int x0, int y0,
	      int x1, int y1);
void ns_scope_end(struct nai *n);
/* Free what the scopes own. */
void ns_scope_free(struct nai *n);
/* The same, term by term. */
struct nparts {
	double prog, place, leave, fight, shot, threat, group;
};
double ns_score_parts(struct nai *n, struct game *g, int u, int x, int y,
		      int cost, const int *field, struct nparts *parts);
/* The free attacks unit u would take on its way to x,y, along the way
 * prev (from nf_reach) or, with prev NULL, the one moveto would take;
 * as worth lost. */
double ns_path_risk(struct nai *n, struct game *g, int u, int x, int y,
		    const int *prev);
/* The worth of a shot by unit u (of kw, where it stands) at enemy t,
 * shots into melee included; -1e9 when it cannot shoot at t. */
double ns_shot_value(struct nai *n, const struct game *g, int u, int t);

#endif
