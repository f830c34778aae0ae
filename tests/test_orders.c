/* test_orders.c: moves beyond one turn and standing orders
 * (game/orders.h, cmd/cmd_order.c): how far a moveto goes and what it
 * says, orders given, kept, dropped, done and undone, and their runs,
 * which stop to ask before a free attack and stop at a new sighting. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cmd/cmd.h"
#include "game/game.h"
#include "game/orders.h"
#include "testsight.h"

static const char road[] = "tests/data/orders-road.yaml";
static const char road_b[] = "tests/data/orders-road-b.yaml";
static const char melee[] = "tests/data/orders-melee.yaml";
static const char door[] = "tests/data/orders-door.yaml";

static void refused(struct game *g, const char *line, const char *want)
{
	char why[CMD_WHY_LEN];
	uint64_t before = game_state_hash(g);
	assert_int_equal(cmd_execute(g, g->active, line, why), -1);
	assert_string_equal(why, want);
	assert_true(game_state_hash(g) == before);
}

static const struct unit *unit(const struct game *g, const char *id)
{
	int i = world_find_unit(g->w, id);
	assert_true(i >= 0);
	return &g->w->units[i];
}

static void at(const struct game *g, const char *id, int x, int y)
{
	const struct unit *u = unit(g, id);
	if (u->x != x || u->y != y)
		fail_msg("%s at %d,%d, not %d,%d", id, u->x, u->y, x, y);
}

/* The last announcement of the log, which must be of kind. */
static const struct event *said(const struct log *l, int kind)
{
	for (int i = l->n - 1; i >= 0; i--)
		if (l->ev[i].type == EV_ANNOUNCE && l->ev[i].kind == kind)
			return &l->ev[i];
	fail_msg("no announcement of kind %d among %d events", kind, l->n);
	return NULL;
}

/* Every team ends its steps until Red's next Movement step. */
static void next_turn(struct game *g, struct log *l)
{
	int round = g->round;
	while (g->round == round || g->active != RED ||
	       g->step != STEP_MOVEMENT)
		run(g, l, "end");
}

/* A moveto beyond this turn's movement goes as far as the movement
 * allows, along the way the team plans, and says how far it still is,
 * to its own team only. */
static void test_far_moveto_goes_as_far_as_it_can(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road, 1, &l);
	const struct unit *r1 = unit(g, "r1");
	/* Facing south, Red has not seen the wall between the rooms: it
	 * plans straight east along row 1 (3 turns), where the field as it
	 * is takes 4. */
	struct path p;
	assert_int_equal(game_plan(g, 0, 14, 1, &p), 0);
	assert_int_equal(p.turns, 3);
	for (int i = 0; i < p.nsteps; i++)
		assert_int_equal(p.steps[i].y, 1);
	path_free(&p);
	struct path_query q = {.tx = 14, .ty = 1, .first = -1};
	assert_int_equal(path_find(g->w, 0, &q, &p), 0);
	assert_int_equal(p.turns, 4);
	path_free(&p);
	run(g, &l, "moveto r1 14,1");
	assert_int_equal(count(&l, EV_MOVE), 5);
	at(g, "r1", 6, 1);
	assert_int_equal(r1->move_left, 0);
	const struct event *ev = said(&l, ANNOUNCE_SHORT);
	reads(g, ev, RED, MOVE_FULL | EVS_TARGET,
	      "r1 stops at 6,1 for this turn: 14,1 is 3 more turns away",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r1\",\"text\":\"r1 stops at 6,1 for "
	      "this turn: 14,1 is 3 more turns away\"}");
	unseen(g, ev, BLUE);
	/* With nothing left, the next moveto is refused and changes
	 * nothing. */
	refused(g, "moveto r1 14,1",
		"r1 cannot move towards 14,1 now: its next step needs 1 inch, "
		"0 left (14,1 is 3 turns away)");
	game_free(g);
}

/* Within this turn's movement a moveto is what it always was: the same
 * steps as game_path's, so that saves replay as they were played. */
static void test_near_moveto_takes_game_path(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road, 1, &l);
	enum dir dirs[64], seen[64];
	int cost, turns;
	char why[GAME_WHY_LEN];
	int n = game_path(g, 0, 4, 4, dirs, 64, &cost, why);
	assert_true(n > 0 && cost <= unit(g, "r1")->move_left);
	assert_int_equal(game_moveto_preview(g, 0, 4, 4, seen, 64, &turns, why),
			 n);
	assert_int_equal(turns, 1);
	assert_memory_equal(seen, dirs, (size_t)n * sizeof *dirs);
	/* What a computer player's moveto is checked against (ai.c): only
	 * a move beyond this turn counts as one. */
	assert_false(game_moveto_beyond_turn(g, 0, 4, 4));
	assert_true(game_moveto_beyond_turn(g, 0, 14, 1));
	assert_false(game_moveto_beyond_turn(g, 0, 1, 1));
	run(g, &l, "moveto r1 4,4");
	assert_int_equal(count(&l, EV_MOVE), n);
	at(g, "r1", 4, 4);
	assert_int_equal(l.n, n); /* the moves and nothing else */
	game_free(g);
}

/* A moveto that opens a door on its way is taken back whole. */
static void test_far_moveto_undone_whole(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(door, 1, &l);
	uint64_t before = game_state_hash(g);
	run(g, &l, "moveto r1 8,2");
	at(g, "r1", 4, 2);
	assert_int_equal(count(&l, EV_DOOR), 1);
	assert_int_equal(map_cell(&g->w->map, 5, 2)->t.state, DOOR_OPEN);
	run(g, &l, "undo");
	assert_int_equal(count(&l, EV_UNDO), 1);
	at(g, "r1", 1, 2);
	assert_int_equal(map_cell(&g->w->map, 5, 2)->t.state, DOOR_CLOSED);
	assert_true(game_state_hash(g) == before);
	refused(g, "undo",
		"nothing to undo: only movements that rolled no dice and "
		"brought no enemy into sight, in the Movement step they were "
		"made in");
	game_free(g);
}

/* An order is given, kept by a moveto to its own cell, done there, and
 * told to its own team only. */
static void test_order_given_kept_and_done(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(door, 1, &l);
	run(g, &l, "order r1 8,2");
	const struct event *ev = said(&l, ANNOUNCE_ORDER);
	assert_string_equal(text(g, ev, RED),
			    "r1 has a standing order to 8,2, 1 more turn away");
	unseen(g, ev, BLUE);
	assert_non_null(game_order(g, 0));
	run(g, &l, "moveto r1 8,2");
	assert_non_null(game_order(g, 0));
	next_turn(g, &l);
	run(g, &l, "moveto r1 8,2");
	at(g, "r1", 8, 2);
	assert_null(game_order(g, 0));
	ev = said(&l, ANNOUNCE_ORDER_END);
	assert_int_equal(ev->value, ORDER_DONE);
	assert_string_equal(text(g, ev, RED),
			    "r1 reaches 8,2: its standing order is done");
	unseen(g, ev, BLUE);
	game_free(g);
}

/* Any other order to the unit drops its standing order; cancel does
 * too; undo brings back what it took back. */
static void test_order_dropped_cancelled_undone(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road_b, 1, &l);
	static const char *const others[] = {"move r1 s", "face r1 e",
					     "moveto r1 1,3"};
	for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
		run(g, &l, "order r1 14,1");
		run(g, &l, others[i]);
		assert_null(game_order(g, 0));
		const struct event *ev = said(&l, ANNOUNCE_ORDER_END);
		assert_int_equal(ev->value, ORDER_REPLACED);
		assert_string_equal(text(g, ev, RED),
				    "r1's standing order to 14,1 is dropped: it "
				    "was given another order");
		/* Undo takes back the other order, then the standing one. */
		run(g, &l, "undo");
		assert_non_null(game_order(g, 0));
		run(g, &l, "undo");
		assert_null(game_order(g, 0));
		at(g, "r1", 1, 1);
	}
	/* Orders to other units, and shots, leave it be. */
	run(g, &l, "order r1 14,1");
	run(g, &l, "move r2 s");
	assert_non_null(game_order(g, 0));
	run(g, &l, "order r1 cancel");
	assert_int_equal(said(&l, ANNOUNCE_ORDER_END)->value, ORDER_CANCELLED);
	assert_null(game_order(g, 0));
	refused(g, "order r1 cancel", "r1 has no standing order");
	refused(g, "order r1",
		"usage: order ID X,Y, order ID cancel or order run [ID]");
	refused(g, "order r1 99,1", "99,1 is off the map (16x7)");
	refused(g, "order b1 1,1", "you have no unit 'b1'");
	game_free(g);
}

/* A standing order goes on turn after turn, each turn's part the moveto
 * it stands for, until it is done. */
static void test_order_run_until_done(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road_b, 1, &l);
	run(g, &l, "moveto r1 14,1");
	run(g, &l, "order r1 14,1");
	refused(g, "order run",
		"r1 cannot move towards 14,1 now: its next step needs 1 inch, "
		"0 left (14,1 is 3 turns away)");
	for (int turn = 0; turn < 3; turn++) {
		next_turn(g, &l);
		assert_non_null(game_order(g, 0));
		run(g, &l, "order run");
		assert_true(count(&l, EV_MOVE) > 0);
	}
	at(g, "r1", 14, 1);
	assert_null(game_order(g, 0));
	assert_int_equal(said(&l, ANNOUNCE_ORDER_END)->value, ORDER_DONE);
	game_free(g);
}

/* A run stops after the moveto that brought an enemy into view: the
 * orders after it wait for the player. */
static void test_order_run_stops_at_sighting(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road, 1, &l);
	run(g, &l, "moveto r1 14,1");
	run(g, &l, "order r1 14,1");
	run(g, &l, "order r2 11,4");
	next_turn(g, &l);
	int r1 = world_find_unit(g->w, "r1"), r2 = world_find_unit(g->w, "r2");
	assert_false(knowledge_knows(game_knowledge(g, RED), 2));
	run(g, &l, "order run");
	assert_int_equal(count(&l, EV_MOVE), 4); /* r1's, not r2's */
	for (int i = 0; i < l.n; i++)
		if (l.ev[i].type == EV_MOVE)
			assert_int_equal(l.ev[i].unit, r1);
	at(g, "r2", 2, 1);
	const struct event *ev = said(&l, ANNOUNCE_SIGHTED);
	assert_string_equal(text(g, ev, RED),
			    "r1 stops at 9,4 on its way to 14,1: b1 comes into "
			    "view");
	unseen(g, ev, BLUE);
	assert_true(knowledge_knows(game_knowledge(g, RED), 2));
	/* Again: b1 is no news now, r1 has nothing left, and r2 goes on. */
	run(g, &l, "order run");
	assert_true(count(&l, EV_MOVE) > 0);
	for (int i = 0; i < l.n; i++)
		if (l.ev[i].type == EV_MOVE)
			assert_int_equal(l.ev[i].unit, r2);
	game_free(g);
}

/* A run stops to ask before a unit's first steps draw a free attack:
 * without anyone to ask it says what to give instead; asked, a no keeps
 * the unit where it is, a yes lets it go. */
struct asked {
	int asked, lines;
	bool answer;
	struct game *g;
	char last[64];
};

static int give(void *ctx, const char *line, char *why)
{
	struct asked *a = ctx;
	a->lines++;
	snprintf(a->last, sizeof a->last, "%s", line);
	return cmd_execute(a->g, RED, line, why);
}

static bool ask(void *ctx, int unit, const enum dir *dirs, int n)
{
	struct asked *a = ctx;
	assert_string_equal(a->g->w->units[unit].id, "r1");
	assert_int_equal(n, 2);
	assert_int_equal(dirs[0], DIR_W);
	a->asked++;
	return a->answer;
}

static void test_order_run_asks_before_free_attack(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(melee, 3, &l);
	run(g, &l, "order r1 0,2");
	refused(g, "order run",
		"r1's standing order waits at 2,2: going on draws 1 free attack "
		"(b1 first, need 10+); 'moveto r1 0,2' goes on regardless");
	struct asked a = {0, 0, false, g, ""};
	struct cmd_order_run r = {give, ask, &a};
	char why[CMD_WHY_LEN];
	uint64_t before = game_state_hash(g);
	assert_int_equal(cmd_order_run(g, RED, -1, &r, why), -1);
	assert_string_equal(why, "r1 stays where it is");
	assert_int_equal(a.asked, 1);
	assert_int_equal(a.lines, 0);
	assert_true(game_state_hash(g) == before);
	a.answer = true;
	l.n = 0;
	assert_int_equal(cmd_order_run(g, RED, -1, &r, why), 0);
	assert_int_equal(a.asked, 2);
	assert_int_equal(a.lines, 1);
	assert_string_equal(a.last, "moveto r1 0,2");
	assert_int_equal(first(&l, EV_ATTACK)->free_attack, true);
	game_free(g);
}

/* Past its first steps, a moveto beyond one turn stops rather than draw
 * a free attack: nothing is rolled that the player was not shown. */
static void test_far_moveto_stops_before_later_attack(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(melee, 3, &l);
	run(g, &l, "moveto r1 11,1");
	at(g, "r1", 4, 1);
	assert_int_equal(count(&l, EV_ROLL), 0);
	const struct event *ev = said(&l, ANNOUNCE_ATTACK_AHEAD);
	assert_string_equal(text(g, ev, RED),
			    "r1 stops at 4,1 on its way to 11,1: going on would "
			    "draw a free attack from b1 (need 10+)");
	unseen(g, ev, BLUE);
	game_free(g);
}

/* Orders are given in their team's own turn, carried out in its
 * Movement step, and never to another team's units. */
static void test_order_refusals(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road_b, 1, &l);
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(g, BLUE, "order run", why), -1);
	assert_string_equal(why, "it is Red's turn, not yours");
	refused(g, "order run", "no standing orders to carry out");
	refused(g, "order run r2", "that unit has no standing order");
	refused(g, "order run r2 r1",
		"usage: order ID X,Y | ID cancel | run [ID]");
	refused(g, "order r1 1,1", "r1 is already at 1,1");
	refused(g, "order r1 0,1", "r1 cannot be sent to 0,1: 0,1 is wall");
	/* A wall Red has not seen is ground as far as Red knows. */
	run(g, &l, "order r1 15,1");
	run(g, &l, "order r1 14,1");
	run(g, &l, "end");
	refused(g, "order run",
		"standing orders are carried out in their team's Movement "
		"step");
	/* Given out of the Movement step, it counts from the next turn. */
	run(g, &l, "order r2 5,5");
	assert_int_equal(said(&l, ANNOUNCE_ORDER)->value, 1);
	game_free(g);
}

/* A game with standing orders hashes them; one without hashes as games
 * did before orders existed (older saves' checks hold). */
static void test_orders_in_the_hash(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load(road_b, 1, &l);
	uint64_t none = game_state_hash(g);
	run(g, &l, "order r1 14,1");
	assert_true(game_state_hash(g) != none);
	run(g, &l, "order r1 cancel");
	assert_true(game_state_hash(g) == none);
	assert_int_equal(g->norders, 0);
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_far_moveto_goes_as_far_as_it_can),
		cmocka_unit_test(test_near_moveto_takes_game_path),
		cmocka_unit_test(test_far_moveto_undone_whole),
		cmocka_unit_test(test_order_given_kept_and_done),
		cmocka_unit_test(test_order_dropped_cancelled_undone),
		cmocka_unit_test(test_order_run_until_done),
		cmocka_unit_test(test_order_run_stops_at_sighting),
		cmocka_unit_test(test_order_run_asks_before_free_attack),
		cmocka_unit_test(test_far_moveto_stops_before_later_attack),
		cmocka_unit_test(test_order_refusals),
		cmocka_unit_test(test_orders_in_the_hash),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
