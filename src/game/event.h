/* event.h: what happened, reported by the game to every listener (the
 * log, the screen, the journal, network clients, JSON output). */
#ifndef MEDSIEGE_EVENT_H
#define MEDSIEGE_EVENT_H

#include <stdbool.h>

#include "rules/combat.h"
#include "world/world.h"

#define EVENT_LIST(X)                   \
	X(EV_STEP, "step")              \
	X(EV_MOVE, "move")              \
	X(EV_CLIMB, "climb")            \
	X(EV_FACE, "face")              \
	X(EV_DOOR, "door")              \
	X(EV_UNDO, "undo")              \
	X(EV_ANNOUNCE, "announce")      \
	X(EV_ROLL, "roll")              \
	X(EV_ATTACK, "attack")          \
	X(EV_HIT, "hit")                \
	X(EV_DISABLED, "disabled")      \
	X(EV_STRUCTURE, "structure")    \
	X(EV_ESCAPED, "escaped")        \
	X(EV_GOAL, "goal")              \
	X(EV_END, "end")

enum event_type {
#define X(e, n) e,
	EVENT_LIST(X)
#undef X
	EVENT_COUNT
};
extern const char *const event_names[EVENT_COUNT];

#define EVENT_TEXT_LEN 160

/* What an announcement says (EV_ANNOUNCE's kind). */
enum announce_kind {
	ANNOUNCE_STOPPED,     /* unit stopped at x0,y0: target in the way */
	ANNOUNCE_SHOT_AT,     /* unit's shot into melee flies at target */
	ANNOUNCE_OUTNUMBER,   /* before unit fights target: value2 = modifier */
	ANNOUNCE_UNFORESEEN,  /* unit halted at x0,y0: leaving would draw a
				 free attack from target it was not shown */
	/* Standing orders and the moves beyond one turn (orders.h): told to
	 * the unit's own team only. */
	ANNOUNCE_ORDER,       /* unit at x0,y0 has a standing order to x1,y1,
				 value more turns away (after this one) */
	ANNOUNCE_ORDER_END,   /* unit's standing order to x1,y1 ends: value
				 an order_end */
	ANNOUNCE_SHORT,       /* unit's moveto stops at x0,y0 for this turn:
				 x1,y1 is value turns more away */
	ANNOUNCE_SIGHTED,     /* unit's moveto to x1,y1 stops at x0,y0:
				 target comes into view */
	ANNOUNCE_ATTACK_AHEAD, /* unit's moveto to x1,y1 stops at x0,y0: the
				 next step would draw a free attack from
				 target, needing value */
	ANNOUNCE_BLOCKED,     /* unit's moveto to x1,y1 stops at x0,y0: no
				 way on as its team knows the field (text) */
};

/* How a standing order ended (ANNOUNCE_ORDER_END's value). */
enum order_end {
	ORDER_DONE,           /* the unit got there */
	ORDER_CANCELLED,      /* by "order ID cancel" */
	ORDER_REPLACED,       /* by another order to the unit */
};

/* What a roll is for (EV_ROLL's kind). */
enum roll_kind {
	ROLL_ATTACK,          /* unit's attack on target, or on x1,y1 */
	ROLL_MELEE_PICK,      /* which unit a shot at target into melee hits */
};

/* What a team may read of an event (its sight bits), set by the game when
 * it reports the event, from that team's knowledge at that moment. */
enum {
	EVS_SEEN = 1,         /* the team saw it: it is told at all */
	EVS_UNIT = 2,         /* it knows ev->unit and may name it */
	EVS_TARGET = 4,       /* it knows ev->target and may name it */
	EVS_FROM = 8,         /* it sees x0,y0 */
	EVS_TO = 16,          /* it sees x1,y1 */
	EVS_FULL = 32,        /* it may read every detail */
};

struct event {
	enum event_type type;
	int round, team, step;  /* when it happened (team: the active team) */
	int unit;               /* the unit acting, or -1 */
	int target;             /* the unit acted upon, or -1 */
	int x0, y0, x1, y1;     /* from and to, or the cell concerned */
	int value;              /* move: cost; roll: the die; hit: hits left;
				   structure: hits left; climb: paid */
	int value2;             /* move: movement left; roll: sides;
				   climb: needed */
	int weapon;             /* attack: weapon index of the unit */
	bool success;           /* attack */
	bool free_attack;       /* attack: on a unit leaving melee */
	struct attack_calc calc; /* attack */
	double chance;          /* attack */
	int winner;             /* end: winning team or -1 for a draw */
	int kind;               /* announce: announce_kind; roll: roll_kind */
	unsigned char sight[MAX_TEAMS]; /* per team: EVS_* bits */
	char text[EVENT_TEXT_LEN]; /* door action, roll purpose, goal, ... */
	/* In a projection (projection.h): the words the host gave this
	 * event for the team, said as they are; NULL elsewhere. */
	const char *told;
};

#endif
