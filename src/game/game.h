/* game.h: a battle in play: the world, whose turn it is, the dice, goals.
 * Every change of state goes through the game_* actions below; each one
 * checks the rules first and either changes nothing (returning -1 with the
 * reason) or applies fully and reports events. */
#ifndef MEDSIEGE_GAME_H
#define MEDSIEGE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/rng.h"
#include "game/event.h"
#include "game/knowledge.h"
#include "game/scenario.h"

#define STEP_LIST(X)                      \
	X(STEP_MOVEMENT, "movement", "Movement") \
	X(STEP_MISSILE, "missile", "Missile fire") \
	X(STEP_MELEE, "melee", "Melee")

enum step {
#define X(e, n, l) e,
	STEP_LIST(X)
#undef X
	STEP_COUNT
};
extern const char *const step_names[STEP_COUNT];
extern const char *const step_labels[STEP_COUNT];

#define GAME_WHY_LEN 200

struct game;
struct vision_cache;
struct move_run;

/* Where the dice come from (SPEC 6): the game's own generator, or the
 * players' dice at a real table, each number typed in ("roll N") when
 * the game asks for it. */
enum dice_mode { DICE_RNG, DICE_MANUAL };

/* What goes on once the die the game waits for is given. */
enum wait_kind {
	WAIT_NONE,
	WAIT_ATTACK, /* an attack: resolve it (then the action is over) */
	WAIT_PICK,   /* a shot into melee: pick who it hits, then attack */
	WAIT_MOVE,   /* a free attack on a unit on the move: make it, then
			the move goes on */
};

/* Manual dice: the die an action waits for, and how it goes on. */
struct game_wait {
	enum wait_kind kind;
	/* The roll wanted, as its EV_ROLL event will be reported but for
	 * the number: value2 its sides, kind/unit/target/places/text what
	 * it is for, calc.need the number to reach (attacks), sight what
	 * each team may read of it. */
	struct event ask;
	int unit, weapon, target, x, y; /* WAIT_ATTACK, WAIT_PICK */
	struct attack_calc calc;        /* WAIT_ATTACK */
	struct move_run *move;          /* WAIT_MOVE: owned */
};
typedef void (*game_listener)(void *ctx, const struct game *g,
			      const struct event *ev);

/* A standing order (SPEC 7, orders.h): unit keeps going to x,y, turn
 * after turn, until it gets there or is given another order. */
struct standing_order {
	int unit, x, y;
};

/* A snapshot taken before a movement command, so it can be undone while
 * no die has been rolled. */
struct undo_entry {
	struct unit *units;     /* owned copy */
	int memlog_mark;        /* the teams' memory log before it */
	struct last_seen *last; /* owned copy of every team's last sightings */
	bool has_cell;
	int cx, cy;
	struct cell cell;
	struct standing_order *orders; /* owned copy of the game's orders */
	int norders;
	/* Taken back with the entry before it: the actions of one command
	 * (a moveto that opens a door on its way) are undone together. */
	bool joined;
};

struct game {
	struct scenario sc;     /* owned; sc.world is the live state */
	struct world *w;        /* = &sc.world */
	uint64_t seed;
	struct rng rng;
	int round;              /* from 1 */
	int active;             /* index of the team playing */
	enum step step;
	bool machines_done;     /* a non-machine has shot this missile step */
	bool over;
	int winner;             /* -1 draw or not over */
	char result[GAME_WHY_LEN];
	int nundo;
	struct undo_entry undo[64];
	unsigned long rolls;    /* dice rolled so far */
	/* What each team knows (game_knowledge); know_dirty: the teams
	 * whose view a change may have altered, know_stale: some change
	 * since the last refresh. */
	struct knowledge know[MAX_TEAMS];
	unsigned know_dirty;
	bool know_stale;
	/* A cell changed since the last refresh: every cell in view is read
	 * again, not only those newly in view. */
	bool cells_touched;
	/* owned: w*h, a view before its refresh; between refreshes all 0,
	 * as it marks the cells a refresh of changes has read */
	unsigned char *view_was;
	int reach;              /* how far a unit's presence reaches (inches) */
	/* Per team, its view kept up to date change by change, or NULL on a
	 * map wider than the cache keeps (then cast anew). */
	struct vision_cache *vcache[MAX_TEAMS];
	/* Per team, the cells in its view only for the melee (owned): a
	 * refresh puts back the cache's bytes there. */
	struct cell_list {
		size_t *cell;
		size_t n, cap;
	} melee_only[MAX_TEAMS];
	/* A refresh of changes: the cells it read and their bytes before
	 * (owned; scratch). */
	struct cell_was {
		size_t cell;
		unsigned char was;
	} *read;
	size_t nread, read_cap;
	/* Changes to the teams' memory since the oldest undo snapshot. */
	struct memory_change {
		int cell;
		unsigned char team, old;
	} *memlog;              /* owned */
	int nmemlog, memlog_cap;
	int moving;             /* the unit in the middle of a move, or -1 */
	int nlisteners, listeners_cap;
	struct game_listener_entry {
		game_listener fn;
		void *ctx;
	} *listeners;           /* owned */
	/* events of the command being applied, for undo decisions */
	bool rolled;
	enum dice_mode dice;
	int die_given;          /* manual: the number given, not yet used */
	struct game_wait wait;  /* manual: what waits for a die */
	/* A projection (projection.h): one team's picture of a game hosted
	 * elsewhere, whose knowledge is given, not computed. */
	bool projected;
	/* The standing orders (orders.h), in order of unit: owned. */
	struct standing_order *orders;
	int norders, orders_cap;
};

/* Start a game from a loaded scenario, taking ownership of its contents
 * (sc is zeroed). Free with game_free. */
struct game *game_new(struct scenario *sc, uint64_t seed);
void game_free(struct game *g);
/* Subscribe to events; listeners are called in the order added. */
void game_listen(struct game *g, game_listener fn, void *ctx);
/* Stop calling a listener added with game_listen. */
void game_unlisten(struct game *g, game_listener fn, void *ctx);
/* Begin play: the first team's Movement step (reports the step event). */
void game_start(struct game *g);
/* Take the dice from the players (DICE_MANUAL) or the generator; set
 * before any die is rolled, for the whole game. */
void game_set_dice(struct game *g, enum dice_mode mode);
/* With manual dice, an action that needs a die stops where it needs it
 * until the die is given; meanwhile nothing else may be done. The die
 * awaited (the event of game_wait's ask), or NULL when none is. */
const struct event *game_awaited_roll(const struct game *g);
/* Whether the game waits for a die, saying which in why (nothing else
 * may be done meanwhile). */
bool game_waiting(const struct game *g, char *why);
/* Give the die awaited: the action goes on with it (and may stop again
 * for the next). -1 with why when no die is awaited, the dice are not
 * manual, or value is not a face of the die. */
int game_give_roll(struct game *g, int value, char *why);

/* Actions. Each returns 0, or -1 with a one-line reason in why (which
 * does not repeat the unit id). */
int game_move(struct game *g, int unit, const enum dir *dirs, int n,
	      char *why);
int game_moveto(struct game *g, int unit, int x, int y, char *why);
int game_face(struct game *g, int unit, enum dir d, char *why);
int game_door(struct game *g, int unit, enum dir d, const char *action,
	      char *why);
/* Shoot at a unit (target >= 0) or at the structure at x,y (target < 0). */
int game_shoot(struct game *g, int unit, int target, int x, int y, char *why);
int game_fight(struct game *g, int unit, int target, int x, int y, char *why);
int game_end_step(struct game *g, char *why);
int game_undo(struct game *g, char *why);

/* Previews: the same calculation the action then uses. Return the weapon
 * index, or -1 with why. */
int game_preview_shot(const struct game *g, int unit, int target, int x,
		      int y, struct attack_calc *calc, char *why);
int game_preview_fight(const struct game *g, int unit, int target, int x,
		       int y, struct attack_calc *calc, char *why);
/* game_preview_shot for a unit that game_can_shoot has just passed, the
 * game unchanged since: the shooter is not checked again (the computer
 * weighs every target of each of its shooters, and whether a unit is in
 * melee walks every unit). */
int game_preview_aim(const struct game *g, int unit, int target, int x,
		     int y, struct attack_calc *calc, char *why);
/* Units the shot at target may actually hit: the target and every unit
 * engaged with it, ordered by id; returns how many, at most max. */
int game_melee_candidates(const struct game *g, int target, int *out,
			  int max);

/* A free attack a move would draw: before the move's step-th step (from
 * 0), as the mover leaves x,y, the attacker strikes with its weapon and
 * needs calc. */
struct free_attack_preview {
	int step;
	int x, y;
	int attacker, weapon;
	struct attack_calc calc;
};

/* The free attacks moving unit by dirs would draw, in the order they
 * would be rolled, from what its team knows: the same steps the move
 * takes, up to where it would stop, as if the mover survived each one.
 * The move makes exactly these (it halts rather than roll one its team
 * was not shown). Returns how many there are (out holds the first max),
 * or -1 with why when the move would be refused. */
int game_preview_free_attacks(const struct game *g, int unit,
			      const enum dir *dirs, int n,
			      struct free_attack_preview *out, int max,
			      char *why);
/* What turning unit to face d would cost now, in half-inches (war
 * machines pay 1 inch per 45 degrees), or -1 with why, as face refuses. */
int game_preview_face(const struct game *g, int unit, enum dir d, char *why);
/* Whether the step may end now, or false with why, as end refuses. */
bool game_can_end_step(const struct game *g, char *why);

/* Movement planned with what the unit's team knows (enemies it does not
 * see are ignored), as moveto plans it: the cost to every cell (w*h,
 * INT_MAX where it cannot stop), and the path to one. The game is left
 * as it was. */
void game_reach(struct game *g, int unit, int *cost);
/* game_reach for the cells within limit half-inches (INT_MAX beyond). */
void game_reach_within(struct game *g, int unit, int limit, int *cost);
int game_path(struct game *g, int unit, int x, int y, enum dir *dirs, int max,
	      int *cost, char *why);

/* Whether the unit may shoot now at all (step, engaged, reload...). */
bool game_can_shoot(const struct game *g, int unit, char *why);
/* Whether the unit may fight now at all (step, not fought yet). */
bool game_can_fight(const struct game *g, int unit, char *why);

/* What team knows now (read-only; valid until the next action), or
 * NULL for no such team. */
const struct knowledge *game_knowledge(const struct game *g, int team);
/* The field as team knows it, into out (free with world_free): its own
 * units and the enemies it sees, every other unit off the board; cells
 * it sees as they are, cells it saw before as it last saw them (a door
 * open or shut, a wall standing), cells it never saw as open ground,
 * flagged 1 in unknown (w*h bytes, when not NULL). */
void game_known_world(const struct game *g, int team, struct world *out,
		      unsigned char *unknown);
/* A 64-bit hash of the whole state, for divergence checks. */
uint64_t game_state_hash(const struct game *g);

/* A sentence saying what a goal asks for. */
void game_goal_describe(const struct game *g, const struct goal *gl, char *buf,
			int size);

#endif
