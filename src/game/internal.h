/* internal.h: shared by the game module's own files, not by its users. */
#ifndef MEDSIEGE_GAME_INTERNAL_H
#define MEDSIEGE_GAME_INTERNAL_H

#include "game/game.h"

/* Report an event to every listener, with what each team may read of
 * it (its sight), from knowledge brought up to date first. */
void game_emit(struct game *g, struct event *ev);
/* Roll a die of the given sides and report it: ev is an EV_ROLL event
 * whose kind, unit, target, places and text say what it is for. With
 * manual dice and no die given, nothing is rolled: the game waits (its
 * wait.ask is ev, wait.kind WAIT_ATTACK until the caller says how the
 * action goes on) and 0 is returned. */
int game_roll(struct game *g, struct event *ev, int sides);
/* A move that waited for a die goes on (game_move.c); and its record,
 * freed when the game is. */
void game_move_resume(struct game *g, struct move_run *m);
void game_move_run_free(struct move_run *m);
/* A shot that waited for the die that picks who it hits goes on. */
void game_shot_resume(struct game *g, int unit, int weapon, int target);
/* Set ev->sight for every team from its knowledge now (sight.c). */
void game_event_sight(const struct game *g, struct event *ev);

/* Knowledge (knowledge.c). Allocate every team's record and fill it. */
void knowledge_init(struct game *g);
void knowledge_free_all(struct game *g);
/* A change: every team's view may differ (everything is seen anew). */
void game_touch_all(struct game *g);
/* What became of a unit. */
enum touch {
	TOUCH_MOVED,    /* from ox,oy to where it stands */
	TOUCH_TURNED,   /* where it stands */
	TOUCH_ARRIVED,  /* back on the occupancy grid after a move */
	TOUCH_REMOVED,  /* off the board (disabled, escaped) */
};
/* A unit changed: its own team's view and those of teams with a unit
 * near where it was or is may differ. */
void game_touch_unit(struct game *g, int unit, enum touch what, int ox,
		     int oy);
/* The cell x,y changed (a door, a breach): every team's view may. */
void game_touch_cell(struct game *g, int x, int y);
/* Recompute what the changes since the last refresh may have altered. */
void game_refresh_knowledge(struct game *g);
/* Undo: save notes in e what every team knew before a movement; restore
 * takes the game's knowledge back to it; forget_undo drops what was
 * noted once nothing can be undone. */
void knowledge_save(const struct game *g, struct undo_entry *e);
void knowledge_restore(struct game *g, struct undo_entry *e);
void knowledge_forget_undo(struct game *g);
/* Drop every undo snapshot: what was done can no longer be taken back. */
void game_undo_forget(struct game *g);
/* Snapshot units (and the cell at cx,cy when cx >= 0) for undo. */
void game_undo_push(struct game *g, int cx, int cy);
/* Check goals (at_round_end: also hold and survive); ends the game when
 * one is met. Returns true when the game is over. */
bool game_check_goals(struct game *g, bool at_round_end);
/* A blank event of a type (no unit, no target). */
struct event game_event(enum event_type type);
/* After every accepted action: goals, knowledge. */
void game_after_action(struct game *g);
/* Roll the d20 for an attack whose target number is computed, report it
 * and apply the damage to unit target, or to the structure at x,y when
 * target < 0. False when the game waits for the die instead (manual
 * dice): wait.kind is then WAIT_ATTACK with these arguments. */
bool game_resolve_attack(struct game *g, int attacker, int weapon, int target,
			 int x, int y, const struct attack_calc *calc,
			 bool free_attack);
/* Whether unit may act now: the game goes on, it is its team's turn, it
 * is on the field and this is the step; -1 with why ("r3 cannot VERB: ..."). */
int game_check_actor(const struct game *g, int unit, enum step step,
		     const char *verb, char *why);
/* Standing orders (orders.c). An order to where unit now stands is
 * done; the orders as an undo snapshot had them (n of them) come back. */
void game_orders_arrive(struct game *g, int unit);
/* unit's standing order set to x,y, or taken away when x < 0, as it is
 * (no check, no event): for the checked actions and projections. */
void game_orders_set(struct game *g, int unit, int x, int y);
void game_orders_restore(struct game *g, const struct standing_order *o,
			 int n);
/* Tell unit's team (only: sight.c) of its standing order or of where
 * its move stopped: an announcement of kind (ANNOUNCE_ORDER on), the
 * unit where it stands, x,y the cell it goes to (orders.c). */
void game_order_news(struct game *g, int kind, int unit, int x, int y,
		     int target, int value, const char *text);
/* Whether unit may be sent to x,y now, or -1 with why (game_move.c). */
int game_moveto_check(const struct game *g, int unit, int x, int y, char *why);
/* The way to x,y when it lies within this turn's movement along
 * game_path: its steps (as many as max) and their number, else -1 with
 * why (game_move.c). */
int game_within_turn(struct game *g, int unit, int x, int y, enum dir *dirs,
		     int max, char *why);
/* A moveto beyond this turn's movement (advance.c): as far as it goes
 * this turn, planning again as the unit sees; 0, or -1 with why when it
 * can do nothing (then nothing changed). */
int game_advance(struct game *g, int unit, int x, int y, char *why);
/* Sort unit indices by id ("b2" before "b10"). */
void game_sort_units(const struct world *w, int *v, int n);

#endif
