/* test_game.c: the turn controller, goals, undo, the command parser, and
 * that previews agree with resolutions, on small scenario files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/rng.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "game/game.h"
#include "game/report.h"

struct log {
	int n;
	struct event ev[512];
};

static void record(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	struct log *l = ctx;
	if (l->n < 512)
		l->ev[l->n++] = *ev;
}

static struct game *load(const char *rel, uint64_t seed, struct log *l)
{
	const char *top = getenv("abs_top_srcdir");
	char *path = xasprintf("%s/%s", top ? top : ".", rel);
	struct scenario sc;
	char *err = NULL;
	int rc = scenario_load(path, &sc, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err);
	assert_int_equal(rc, 0);
	free(path);
	struct game *g = game_new(&sc, seed);
	if (l) {
		l->n = 0;
		game_listen(g, record, l);
	}
	game_start(g);
	return g;
}

static void ok(struct game *g, const char *line)
{
	char why[CMD_WHY_LEN];
	int rc = cmd_execute(g, CMD_ANY_TEAM, line, why);
	if (rc != 0)
		fprintf(stderr, "rejected: %s: %s\n", line, why);
	assert_int_equal(rc, 0);
}

static void rejected(struct game *g, const char *line, const char *want)
{
	char why[CMD_WHY_LEN];
	uint64_t before = game_state_hash(g);
	assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, line, why), -1);
	assert_string_equal(why, want);
	assert_true(game_state_hash(g) == before);
}

static int count(const struct log *l, enum event_type t)
{
	int n = 0;
	for (int i = 0; i < l->n; i++)
		n += l->ev[i].type == t;
	return n;
}

static void test_turn_order(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/golden/maps/yard.yaml", 1, &l);
	assert_int_equal(g->round, 1);
	assert_int_equal(g->active, 0);
	assert_int_equal(g->step, STEP_MOVEMENT);
	ok(g, "end");
	assert_int_equal(g->step, STEP_MISSILE);
	ok(g, "end");
	assert_int_equal(g->step, STEP_MELEE);
	ok(g, "end");
	assert_int_equal(g->active, 1);
	assert_int_equal(g->step, STEP_MOVEMENT);
	ok(g, "END  # case and comments are fine");
	ok(g, "end");
	ok(g, "end");
	assert_int_equal(g->round, 2);
	assert_int_equal(g->active, 0);
	assert_int_equal(count(&l, EV_STEP), 7);
	game_free(g);
}

static void count_event(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	(void)ev;
	(*(int *)ctx)++;
}

/* Listeners have no silent limit: a network host has one per client. */
static void test_many_listeners(void **state)
{
	(void)state;
	struct game *g = load("maps/tutorial.yaml", 1, NULL);
	int counts[20] = {0};
	for (int i = 0; i < 20; i++)
		game_listen(g, count_event, &counts[i]);
	ok(g, "end");
	for (int i = 0; i < 20; i++)
		assert_int_equal(counts[i], 1);
	game_unlisten(g, count_event, &counts[3]);
	ok(g, "end");
	assert_int_equal(counts[3], 1);
	assert_int_equal(counts[19], 2);
	game_free(g);
}

static void test_rejections_change_nothing(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/golden/maps/yard.yaml", 1, &l);
	int before = l.n;
	rejected(g, "mvoe r1 n", "unknown command 'mvoe'; did you mean 'move'?");
	rejected(g, "move r1", "usage: move ID DIR...");
	rejected(g, "move r99 n", "no unit 'r99'");
	rejected(g, "move r1 up", "'up' is not a direction: use n ne e se s sw w nw");
	rejected(g, "move b1 n", "b1 cannot move: it is Red's turn");
	rejected(g, "move r1 n n n n n n n n", "r1 cannot move n: 8 inches needed, 4 left");
	rejected(g, "move r1 n n e", "r1 cannot move e: 4,5 is parapet");
	rejected(g, "shoot r4 b1", "r4 cannot shoot: this is the Movement step");
	rejected(g, "moveto r1 99,1", "99,1 is off the map (11x9)");
	rejected(g, "door r1 n open", "r1 cannot open: there is no door n of it");
	rejected(g, "door r2 e smash",
		 "'smash' is not a door action: use open, close, lock or unlock");
	rejected(g, "undo",
		 "nothing to undo: only movements that rolled no dice and "
		 "brought no enemy into sight, in the Movement step they were "
		 "made in");
	assert_int_equal(l.n, before);
	game_free(g);
}

static void test_undo_restores(void **state)
{
	(void)state;
	struct game *g = load("tests/golden/maps/yard.yaml", 1, NULL);
	uint64_t h0 = game_state_hash(g);
	ok(g, "move r2 ne");
	uint64_t h1 = game_state_hash(g);
	ok(g, "move r2 e");
	ok(g, "undo");
	assert_true(game_state_hash(g) == h1);
	ok(g, "undo");
	assert_true(game_state_hash(g) == h0);
	assert_int_equal(g->w->units[1].x, 2);
	/* The unit can stand where it stood: the occupancy grid followed. */
	assert_int_equal(world_unit_at(g->w, 2, 3), 1);
	/* A closed door opened and undone comes back closed... */
	ok(g, "move r1 n");
	ok(g, "move r2 ne e");
	assert_int_equal(map_cell(&g->w->map, 5, 2)->t.state, DOOR_CLOSED);
	/* ...but opening it shows the levy in the east room: no taking that
	 * back. */
	ok(g, "door r2 e open");
	assert_int_equal(map_cell(&g->w->map, 5, 2)->t.state, DOOR_OPEN);
	rejected(g, "undo",
		 "nothing to undo: only movements that rolled no dice and "
		 "brought no enemy into sight, in the Movement step they were "
		 "made in");
	game_free(g);
}

/* Opening a door that shows nothing new can be undone. */
static void test_undo_door(void **state)
{
	(void)state;
	struct game *g = load("tests/data/key.yaml", 1, NULL);
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	ok(g, "face b2 w"); /* its back to the door: nothing new to see */
	uint64_t h = game_state_hash(g);
	ok(g, "door b2 e open");
	ok(g, "undo");
	assert_int_equal(map_cell(&g->w->map, 4, 4)->t.state, DOOR_LOCKED);
	assert_true(game_state_hash(g) == h);
	game_free(g);
}

/* The odds shown before an attack are the odds it is then rolled at. */
static void test_preview_agrees_with_attack(void **state)
{
	(void)state;
	struct log l;
	for (uint64_t seed = 1; seed <= 20; seed++) {
		struct game *g = load("tests/golden/maps/field.yaml", seed, &l);
		ok(g, "end");
		struct attack_calc pre;
		char why[CMD_WHY_LEN];
		int t = world_find_unit(g->w, "b2");
		int shooter = world_find_unit(g->w, "r5");
		assert_true(game_preview_shot(g, shooter, t, -1, -1, &pre, why) >= 0);
		l.n = 0;
		ok(g, "shoot r5 b2");
		int found = 0;
		for (int i = 0; i < l.n; i++)
			if (l.ev[i].type == EV_ATTACK) {
				assert_int_equal(l.ev[i].calc.need, pre.need);
				assert_int_equal(l.ev[i].calc.nterms, pre.nterms);
				found++;
			}
		assert_int_equal(found, 1);
		ok(g, "end");
		struct attack_calc fpre;
		int r2 = world_find_unit(g->w, "r2"), b1 = world_find_unit(g->w, "b1");
		assert_true(game_preview_fight(g, r2, b1, -1, -1, &fpre, why) >= 0);
		l.n = 0;
		ok(g, "fight r2 b1");
		for (int i = 0; i < l.n; i++)
			if (l.ev[i].type == EV_ATTACK)
				assert_int_equal(l.ev[i].calc.need, fpre.need);
		/* Announced before the roll. */
		assert_int_equal(l.ev[0].type, EV_ANNOUNCE);
		game_free(g);
	}
}

static void test_same_seed_same_game(void **state)
{
	(void)state;
	const char *script[] = {"move r1 n", "end", "shoot r4 b1", "shoot r5 b1",
				"end", "fight r2 b1", "fight r3 b1", "end"};
	uint64_t h[2];
	for (int k = 0; k < 2; k++) {
		struct game *g = load("tests/golden/maps/field.yaml", 42, NULL);
		char why[CMD_WHY_LEN];
		for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
			cmd_execute(g, CMD_ANY_TEAM, script[i], why);
		h[k] = game_state_hash(g);
		game_free(g);
	}
	assert_true(h[0] == h[1]);
}

static void test_escape_goal(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/escape.yaml", 1, &l);
	ok(g, "move r1 e e e");
	assert_int_equal(g->w->units[0].status, STATUS_ESCAPED);
	assert_int_equal(world_unit_at(g->w, 7, 0), -1);
	assert_false(g->over);
	ok(g, "move r2 e e");
	assert_true(g->over);
	assert_int_equal(g->winner, 0);
	assert_string_equal(g->result,
			    "Red wins: get 2 units off the board through 7,0-7,2");
	assert_int_equal(count(&l, EV_ESCAPED), 2);
	assert_int_equal(count(&l, EV_GOAL), 1);
	rejected(g, "end",
		 "the game is over: Red wins: get 2 units off the board through "
		 "7,0-7,2");
	game_free(g);
}

static void end_round(struct game *g)
{
	for (int i = 0; i < 6 && !g->over; i++)
		ok(g, "end");
}

static void test_survive_goal(void **state)
{
	(void)state;
	struct game *g = load("tests/data/escape.yaml", 1, NULL);
	end_round(g);
	end_round(g);
	assert_false(g->over);
	end_round(g);
	assert_true(g->over);
	assert_int_equal(g->winner, 1);
	assert_string_equal(g->result, "Blue wins: survive until the end of round 3");
	game_free(g);
}

static void test_hold_goal_needs_consecutive_rounds(void **state)
{
	(void)state;
	struct game *g = load("tests/data/hold.yaml", 1, NULL);
	ok(g, "move r1 e");
	end_round(g);
	assert_false(g->over);
	assert_int_equal(g->sc.goals[0].progress, 1);
	/* Blue walks in: the hold is broken. */
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	ok(g, "move b1 nw w");
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	assert_int_equal(g->sc.goals[0].progress, 0);
	assert_false(g->over);
	game_free(g);
}

static void test_round_limit_draw_and_out_team(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/draw.yaml", 1, &l);
	/* Green has no units: it is out and its turns are skipped. */
	end_round(g);
	assert_int_equal(g->round, 2);
	assert_int_equal(g->active, 0);
	end_round(g);
	assert_true(g->over);
	assert_int_equal(g->winner, -1);
	assert_string_equal(g->result, "draw: the round limit (2) was reached");
	game_free(g);
}

static void test_destroy_unit_goal(void **state)
{
	(void)state;
	/* Find a seed where b9's arrows disable r1 in round 1. */
	for (uint64_t seed = 1; seed < 200; seed++) {
		struct game *g = load("tests/data/hold.yaml", seed, NULL);
		ok(g, "move r1 e");
		ok(g, "end");
		ok(g, "end");
		ok(g, "end");
		ok(g, "end");
		ok(g, "shoot b9 r1");
		if (g->over) {
			assert_int_equal(g->winner, 1);
			assert_string_equal(g->result, "Blue wins: disable r1");
			game_free(g);
			return;
		}
		game_free(g);
	}
	fail_msg("no seed in 200 let the archer hit");
}

/* A path is planned with what the team knows; an unseen enemy on it
 * stops the mover next to it, and no message gives it away before. */
static void test_hidden_enemy_stops_moveto(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/hidden.yaml", 1, &l);
	l.n = 0;
	ok(g, "moveto r1 5,0");
	int r1 = world_find_unit(g->w, "r1");
	assert_int_equal(g->w->units[r1].x, 5);
	assert_int_equal(g->w->units[r1].y, 2);
	assert_int_equal(l.ev[l.n - 1].type, EV_ANNOUNCE);
	struct strbuf b;
	strbuf_init(&b);
	report_event_text(g, &l.ev[l.n - 1], 0, &b);
	assert_string_equal(b.s, "r1 is stopped at 5,2: b1 stands in the way");
	strbuf_free(&b);
	game_free(g);
}

/* Stepping off the board out of contact is leaving melee. */
static void test_escape_from_contact_draws_free_attack(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/hidden.yaml", 1, &l);
	l.n = 0;
	ok(g, "move r2 e");
	int attacks = 0;
	for (int i = 0; i < l.n; i++)
		if (l.ev[i].type == EV_ATTACK) {
			attacks++;
			assert_true(l.ev[i].free_attack);
			assert_string_equal(g->w->units[l.ev[i].unit].id, "b3");
		}
	assert_int_equal(attacks, 1);
	assert_int_not_equal(g->w->units[1].status, STATUS_ACTIVE);
	game_free(g);
}

/* The team the scenario gives a door's key keeps it, whoever locks it. */
static void test_key_holder_opens_any_lock(void **state)
{
	(void)state;
	struct game *g = load("tests/data/key.yaml", 1, NULL);
	rejected(g, "door r1 w open",
		 "r1 cannot open the door at 4,4: it is locked (Blue)");
	end_round(g); /* Blue's turn comes round */
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	ok(g, "door b2 e open");
	ok(g, "door b2 e close");
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	ok(g, "door r1 w lock");
	assert_int_equal(map_cell(&g->w->map, 4, 4)->t.locked_by, 0);
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	ok(g, "door b2 e open");
	assert_int_equal(map_cell(&g->w->map, 4, 4)->t.state, DOOR_OPEN);
	game_free(g);
}

/* An enemy a unit reaches but its team cannot see does not hold up the
 * end of the Melee step (nobody could target it). */
/* A unit in melee always knows who it is fighting: an enemy whose reach
 * weapon engages it from outside its arc is in its team's view, so it
 * can (and must) make its own melee attack. */
static void test_reach_enemy_behind_is_seen_and_fought(void **state)
{
	(void)state;
	struct game *g = load("tests/data/reach-behind.yaml", 1, NULL);
	ok(g, "end");
	ok(g, "end");
	const struct knowledge *k = game_knowledge(g, 0);
	int b1 = world_find_unit(g->w, "b1");
	assert_true(knowledge_knows(k, b1));
	rejected(g, "end",
		 "cannot end the Melee step: r1 is in melee with b1 and has not "
		 "attacked (all units in melee attack)");
	ok(g, "fight r1 b1");
	ok(g, "end");
	assert_int_equal(g->active, 1);
	game_free(g);
}

/* Starting a climb from a friend's cell would leave two units on it. */
static void test_partial_climb_needs_its_own_cell(void **state)
{
	(void)state;
	struct game *g = load("tests/data/climb-friend.yaml", 1, NULL);
	rejected(g, "move r1 ne n",
		 "r1 cannot start climbing from 2,1: r2 stands there");
	game_free(g);
}

/* A unit that escaped was not beaten: the enemy's eliminate goal waits,
 * and the escape wins. */
static void test_escape_is_not_elimination(void **state)
{
	(void)state;
	struct game *g = load("tests/data/escape-not-eliminated.yaml", 1, NULL);
	ok(g, "end");
	ok(g, "end");
	ok(g, "end");
	ok(g, "move b1 w");
	assert_true(g->over);
	assert_int_equal(g->winner, 1);
	game_free(g);
}

/* With a vision range in the chart a unit shoots only as far as it sees,
 * and an unseen target gets the same answer wherever it is. */
static void test_vision_range_limits_shots(void **state)
{
	(void)state;
	struct game *g = load("tests/data/vision-range.yaml", 1, NULL);
	ok(g, "end");
	rejected(g, "shoot r1 b1", "r1 cannot shoot at b1: no such enemy in sight");
	rejected(g, "shoot r1 b2", "r1 cannot shoot at b2: no such enemy in sight");
	/* A made-up id reads as a hidden one: ids cannot be counted. */
	rejected(g, "shoot r1 b9", "r1 cannot shoot at b9: no such enemy in sight");
	rejected(g, "fight r1 b1", "r1 cannot fight: this is the Missile fire step");
	game_free(g);
}

/* Random command lines, from words that mean something and bytes that
 * do not: nothing crashes, and a rejected line never changes the game. */
static void test_random_commands(void **state)
{
	(void)state;
	static const char *const words[] = {
		"move", "moveto", "face", "door", "shoot", "fight", "end", "undo",
		"r1", "r2", "r3", "r4", "b1", "b2", "b3", "x9", "n", "ne", "e",
		"se", "s", "sw", "w", "nw", "open", "close", "lock", "unlock",
		"5,2", "3,4", "0,0", "99,99", "-1,3", "4,", ",4", "1,2,3", "#",
		"\t", "", "moveto", "end", "end", "end",
	};
	int nw = (int)(sizeof words / sizeof words[0]);
	struct rng r;
	rng_seed(&r, 99);
	struct game *g = load("tests/golden/maps/yard.yaml", 5, NULL);
	char line[256], why[CMD_WHY_LEN];
	for (int i = 0; i < 20000; i++) {
		int len = 0, n = rng_die(&r, 6);
		line[0] = '\0';
		for (int k = 0; k < n; k++) {
			const char *wd = words[rng_die(&r, nw) - 1];
			len += snprintf(line + len, sizeof line - (size_t)len, "%s%s",
					k ? " " : "", wd);
		}
		if (rng_die(&r, 10) == 1) /* now and then, raw bytes */
			for (int k = 0; k < 8 && len < 250; k++)
				line[len++] = (char)rng_die(&r, 255);
		line[len] = '\0';
		uint64_t before = game_state_hash(g);
		if (cmd_execute(g, CMD_ANY_TEAM, line, why) < 0) {
			assert_true(game_state_hash(g) == before);
			assert_true(why[0] != '\0');
			assert_null(strchr(why, '\n'));
		}
		if (g->over) {
			game_free(g);
			g = load("tests/golden/maps/yard.yaml", (uint64_t)i, NULL);
		}
	}
	game_free(g);
}

/* The free attacks a move would draw, as the preview shows them, are the
 * attacks it then rolls: the same attackers, in the same order, each
 * needing the same number (a prefix of them when one disables the
 * mover). */
static void test_free_attack_preview_matches_rolls(void **state)
{
	(void)state;
	int full = 0;
	for (uint64_t seed = 1; seed <= 12; seed++) {
		struct log l;
		struct game *g = load("tests/data/leave.yaml", seed, &l);
		int r1 = world_find_unit(g->w, "r1");
		enum dir dirs[] = {DIR_W, DIR_W};
		struct free_attack_preview f[8];
		char why[GAME_WHY_LEN];
		uint64_t before = game_state_hash(g);
		int n = game_preview_free_attacks(g, r1, dirs, 2, f, 8, why);
		assert_true(game_state_hash(g) == before);
		assert_int_equal(n, 2);
		assert_string_equal(g->w->units[f[0].attacker].id, "b1");
		assert_string_equal(g->w->units[f[1].attacker].id, "b2");
		/* b1 is outnumbered by the bill; both strike a back turned
		 * to them. */
		assert_int_equal(f[0].calc.need, 6 + 6 - 1 - 2);
		assert_int_equal(f[1].calc.need, 8 + 6 - 1 - 2);
		assert_int_equal(f[0].step, 0);
		assert_int_equal(f[0].x, 2);
		assert_int_equal(f[0].y, 3);
		l.n = 0;
		ok(g, "move r1 w w");
		int k = 0;
		for (int i = 0; i < l.n; i++) {
			if (l.ev[i].type != EV_ATTACK)
				continue;
			assert_true(l.ev[i].free_attack);
			assert_true(k < n);
			assert_int_equal(l.ev[i].unit, f[k].attacker);
			assert_int_equal(l.ev[i].weapon, f[k].weapon);
			assert_int_equal(l.ev[i].calc.need, f[k].calc.need);
			k++;
		}
		assert_true(k >= 1);
		if (k < n)
			assert_int_not_equal(g->w->units[r1].status,
					     STATUS_ACTIVE);
		else if (g->w->units[r1].status == STATUS_ACTIVE)
			assert_int_equal(g->w->units[r1].x, 0);
		full += k == n;
		game_free(g);
	}
	assert_true(full > 0);
}

/* A move never rolls a free attack its team was not shown: passing
 * through the reach of a billman it could not see, the mover halts
 * where leaving would draw the attack; the next move shows it. */
/* A last-seen mark is kept for an enemy that fell out of the team's
 * sight, and dropped (gone) for one the team watched fall; looking later
 * at the cell where one fell unseen does not tell it. */
static void test_watched_fall_leaves_no_mark(void **state)
{
	(void)state;
	struct game *g = load("tests/ui/ghosts.yaml", 1, NULL);
	game_set_dice(g, DICE_MANUAL);
	const struct knowledge *red = game_knowledge(g, 0);
	int b1 = 1, b2 = 2;
	assert_string_equal(g->w->units[b1].id, "b1");
	assert_string_equal(g->w->units[b2].id, "b2");
	static const char *const script[] = {
		"end", "shoot r1 b1", "roll 20", "end", "end",       /* Red */
		"end", "end", "end", "end", "end", "end",            /* Blue, Green */
		"face r1 w", "end", "end", "end",                    /* Red */
		"end", "end", "end",                                 /* Blue */
		"end", "shoot g1 b2", "roll 20", "end", "end",       /* Green */
	};
	for (size_t i = 0; i < sizeof script / sizeof script[0]; i++)
		ok(g, script[i]);
	assert_int_equal(g->round, 3);
	assert_false(unit_alive(&g->w->units[b1]));
	assert_false(unit_alive(&g->w->units[b2]));
	assert_true(red->last[b1].round >= 0);
	assert_true(red->last[b1].gone);
	assert_true(red->last[b2].round >= 0);
	assert_false(red->last[b2].gone);
	/* Red looks back at the field: b2's cell is in view, b2 is not
	 * there, and its fall is still not known. */
	ok(g, "face r1 e");
	assert_true(knowledge_sees(red, red->last[b2].x, red->last[b2].y));
	assert_false(red->last[b2].gone);
	game_free(g);
}

static void test_unforeseen_free_attack_halts_the_move(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/unforeseen.yaml", 1, &l);
	int r1 = world_find_unit(g->w, "r1"), b1 = world_find_unit(g->w, "b1");
	enum dir dirs[] = {DIR_E, DIR_E};
	struct free_attack_preview f[4];
	char why[GAME_WHY_LEN];
	assert_false(knowledge_knows(game_knowledge(g, 0), b1));
	assert_int_equal(game_preview_free_attacks(g, r1, dirs, 2, f, 4, why), 0);
	l.n = 0;
	ok(g, "move r1 e e");
	assert_int_equal(count(&l, EV_ATTACK), 0);
	assert_int_equal(count(&l, EV_ROLL), 0);
	assert_int_equal(g->w->units[r1].x, 2);
	assert_int_equal(g->w->units[r1].y, 3);
	assert_int_equal(l.ev[l.n - 1].type, EV_ANNOUNCE);
	struct strbuf b;
	strbuf_init(&b);
	report_event_text(g, &l.ev[l.n - 1], 0, &b);
	assert_string_equal(b.s, "r1 stops at 2,3: going on would draw a free "
				 "attack from b1 that was not foreseen");
	strbuf_free(&b);
	/* Now it knows: the preview names the attack, the move makes it. */
	assert_true(knowledge_knows(game_knowledge(g, 0), b1));
	int n = game_preview_free_attacks(g, r1, dirs, 1, f, 4, why);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].attacker, b1);
	l.n = 0;
	ok(g, "move r1 e");
	assert_int_equal(count(&l, EV_ATTACK), 1);
	for (int i = 0; i < l.n; i++)
		if (l.ev[i].type == EV_ATTACK)
			assert_int_equal(l.ev[i].calc.need, f[0].calc.need);
	game_free(g);
}

/* A preview of a move the game would refuse says why, as the refusal. */
static void test_free_attack_preview_refuses_as_move(void **state)
{
	(void)state;
	struct game *g = load("tests/data/leave.yaml", 1, NULL);
	int r1 = world_find_unit(g->w, "r1");
	enum dir dirs[] = {DIR_E};
	char why[GAME_WHY_LEN], why2[CMD_WHY_LEN];
	assert_int_equal(game_preview_free_attacks(g, r1, dirs, 1, NULL, 0, why),
			 -1);
	assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, "move r1 e", why2), -1);
	assert_string_equal(why, why2);
	game_free(g);
}

/* Random moves on crowded fields: every free attack rolled is one the
 * preview showed, with the same number, in the same order; a refused
 * preview is a refused move; and a move halts for an unforeseen attack
 * only after a step (its first step's attacks are always foreseen). */
static void test_free_attack_preview_random_moves(void **state)
{
	(void)state;
	static const char *const maps[] = {"tests/golden/maps/field.yaml",
					   "tests/data/leave.yaml",
					   "tests/data/unforeseen.yaml",
					   "maps/gatehouse.yaml"};
	struct rng r;
	rng_seed(&r, 7);
	int compared = 0;
	for (int m = 0; m < 4 * 4; m++) {
		struct log l;
		struct game *g = load(maps[m % 4], (uint64_t)m + 1, &l);
		for (int it = 0; it < 1500 && !g->over; it++) {
			if (g->step != STEP_MOVEMENT || rng_die(&r, 12) == 1) {
				char why[CMD_WHY_LEN];
				if (cmd_execute(g, CMD_ANY_TEAM, "end", why) < 0) {
					/* Melee owed: strike someone. */
					for (int i = 0; i < g->w->nunits; i++)
						for (int e = 0; e < g->w->nunits; e++) {
							char line[64];
							snprintf(line, sizeof line,
								 "fight %s %s",
								 g->w->units[i].id,
								 g->w->units[e].id);
							cmd_execute(g, CMD_ANY_TEAM,
								    line, why);
						}
					cmd_execute(g, CMD_ANY_TEAM, "end", why);
				}
				continue;
			}
			int u = rng_die(&r, g->w->nunits) - 1;
			if (g->w->units[u].team != g->active ||
			    !unit_alive(&g->w->units[u]))
				continue;
			enum dir dirs[4];
			int n = rng_die(&r, 4);
			char line[96], why[GAME_WHY_LEN], why2[CMD_WHY_LEN];
			int len = snprintf(line, sizeof line, "move %s",
					   g->w->units[u].id);
			for (int k = 0; k < n; k++) {
				dirs[k] = (enum dir)(rng_die(&r, DIR_COUNT) - 1);
				len += snprintf(line + len, sizeof line - (size_t)len,
						" %s", dir_names[dirs[k]]);
			}
			struct free_attack_preview f[64];
			int nf = game_preview_free_attacks(g, u, dirs, n, f, 64, why);
			l.n = 0;
			int rc = cmd_execute(g, CMD_ANY_TEAM, line, why2);
			if (nf < 0) {
				assert_int_equal(rc, -1);
				assert_string_equal(why, why2);
				continue;
			}
			assert_int_equal(rc, 0);
			int k = 0, moves = 0;
			for (int i = 0; i < l.n; i++) {
				const struct event *ev = &l.ev[i];
				if (ev->type == EV_MOVE)
					moves++;
				if (ev->type == EV_ANNOUNCE &&
				    ev->kind == ANNOUNCE_UNFORESEEN)
					assert_true(moves > 0);
				if (ev->type != EV_ATTACK)
					continue;
				assert_true(ev->free_attack);
				assert_true(k < nf);
				assert_int_equal(ev->unit, f[k].attacker);
				assert_int_equal(ev->calc.need, f[k].calc.need);
				k++;
				compared++;
			}
		}
		game_free(g);
	}
	assert_true(compared > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_turn_order),
		cmocka_unit_test(test_many_listeners),
		cmocka_unit_test(test_rejections_change_nothing),
		cmocka_unit_test(test_undo_restores),
		cmocka_unit_test(test_undo_door),
		cmocka_unit_test(test_preview_agrees_with_attack),
		cmocka_unit_test(test_same_seed_same_game),
		cmocka_unit_test(test_escape_goal),
		cmocka_unit_test(test_survive_goal),
		cmocka_unit_test(test_hold_goal_needs_consecutive_rounds),
		cmocka_unit_test(test_round_limit_draw_and_out_team),
		cmocka_unit_test(test_destroy_unit_goal),
		cmocka_unit_test(test_random_commands),
		cmocka_unit_test(test_reach_enemy_behind_is_seen_and_fought),
		cmocka_unit_test(test_partial_climb_needs_its_own_cell),
		cmocka_unit_test(test_escape_is_not_elimination),
		cmocka_unit_test(test_vision_range_limits_shots),
		cmocka_unit_test(test_hidden_enemy_stops_moveto),
		cmocka_unit_test(test_escape_from_contact_draws_free_attack),
		cmocka_unit_test(test_key_holder_opens_any_lock),
		cmocka_unit_test(test_free_attack_preview_matches_rolls),
		cmocka_unit_test(test_unforeseen_free_attack_halts_the_move),
		cmocka_unit_test(test_watched_fall_leaves_no_mark),
		cmocka_unit_test(test_free_attack_preview_refuses_as_move),
		cmocka_unit_test(test_free_attack_preview_random_moves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
