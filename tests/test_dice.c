/* test_dice.c: manual dice. A game whose players type in the same numbers
 * the generator would have rolled is the same game, event for event;
 * while a die is awaited nothing else happens; a roll that is no face of
 * the die is refused; the save records the dice and a resumed or
 * replayed game stops and goes on where the game did. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai/ai.h"
#include "base/rng.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "game/game.h"
#include "game/report.h"
#include "save/session.h"

struct log {
	int n, cap;
	struct event *ev;
};

static void record(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	struct log *l = ctx;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 256;
		l->ev = xrealloc(l->ev, (size_t)l->cap * sizeof *l->ev);
	}
	l->ev[l->n++] = *ev;
}

static char *data_path(const char *rel)
{
	const char *top = getenv("abs_top_srcdir");
	return xasprintf("%s/%s", top ? top : ".", rel);
}

static struct game *load(const char *rel, uint64_t seed, enum dice_mode dice,
			 struct log *l)
{
	char *path = data_path(rel);
	struct scenario sc;
	char *err = NULL;
	int rc = scenario_load(path, &sc, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err);
	assert_int_equal(rc, 0);
	free(path);
	struct game *g = game_new(&sc, seed);
	game_set_dice(g, dice);
	if (l)
		game_listen(g, record, l);
	game_start(g);
	return g;
}

static int run(struct game *g, const char *line)
{
	char why[CMD_WHY_LEN];
	return cmd_execute(g, CMD_ANY_TEAM, line, why);
}

static void refused(struct game *g, const char *line, const char *want)
{
	char why[CMD_WHY_LEN];
	uint64_t before = game_state_hash(g);
	assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, line, why), -1);
	assert_string_equal(why, want);
	assert_true(game_state_hash(g) == before);
}

/* Two games are the same game: every event alike (the dice included),
 * every unit and cell alike. The generator's own state is left out: a
 * manual game never turns it. */
static void same_game(const struct log *a, const struct log *b,
		      const struct game *ga, const struct game *gb)
{
	assert_int_equal(a->n, b->n);
	for (int i = 0; i < a->n; i++) {
		const struct event *x = &a->ev[i], *y = &b->ev[i];
		assert_int_equal(x->type, y->type);
		assert_int_equal(x->unit, y->unit);
		assert_int_equal(x->target, y->target);
		assert_int_equal(x->value, y->value);
		assert_int_equal(x->value2, y->value2);
		assert_int_equal(x->x0, y->x0);
		assert_int_equal(x->y1, y->y1);
		assert_int_equal(x->calc.need, y->calc.need);
		assert_int_equal(x->success, y->success);
		assert_memory_equal(x->sight, y->sight, sizeof x->sight);
		assert_string_equal(x->text, y->text);
	}
	const struct world *wa = ga->w, *wb = gb->w;
	for (int i = 0; i < wa->nunits; i++) {
		const struct unit *x = &wa->units[i], *y = &wb->units[i];
		assert_int_equal(x->x, y->x);
		assert_int_equal(x->y, y->y);
		assert_int_equal(x->facing, y->facing);
		assert_int_equal(x->status, y->status);
		assert_int_equal(x->hits, y->hits);
		assert_int_equal(x->move_left, y->move_left);
		assert_int_equal(x->shot, y->shot);
		assert_int_equal(x->fought, y->fought);
		assert_int_equal(x->reload_wait, y->reload_wait);
	}
	for (int i = 0; i < wa->map.w * wa->map.h; i++) {
		const struct cell *x = &wa->map.cells[i], *y = &wb->map.cells[i];
		assert_int_equal(cell_symbol(x), cell_symbol(y));
		assert_int_equal(x->hits_left, y->hits_left);
		assert_int_equal(x->t.state, y->t.state);
		assert_int_equal(x->t.locked_by, y->t.locked_by);
	}
	assert_int_equal(ga->round, gb->round);
	assert_int_equal(ga->active, gb->active);
	assert_int_equal(ga->step, gb->step);
	assert_int_equal(ga->over, gb->over);
	assert_int_equal(ga->winner, gb->winner);
}

/* The dice the generator rolled, in order. */
static int *rolls_of(const struct log *l, int *n)
{
	int *v = xmalloc((size_t)(l->n ? l->n : 1) * sizeof *v);
	*n = 0;
	for (int i = 0; i < l->n; i++)
		if (l->ev[i].type == EV_ROLL)
			v[(*n)++] = l->ev[i].value;
	return v;
}

/* A command in the manual game, then the dice it waits for, from the
 * generator's rolls; no command but roll is taken meanwhile. */
static void play_manual(struct game *g, const char *line, const int *rolls,
			int nrolls, int *next)
{
	run(g, line);
	while (game_awaited_roll(g)) {
		assert_true(*next < nrolls);
		char why[CMD_WHY_LEN];
		uint64_t before = game_state_hash(g);
		assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, "end", why), -1);
		assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, "undo", why), -1);
		assert_int_equal(
			cmd_execute(g, CMD_ANY_TEAM, "roll 0", why), -1);
		assert_true(game_state_hash(g) == before);
		char roll[32];
		snprintf(roll, sizeof roll, "roll %d", rolls[(*next)++]);
		assert_int_equal(run(g, roll), 0);
	}
}

/* The golden games' scripts, played with the players' dice. */
static void test_golden_scripts_by_hand(void **state)
{
	(void)state;
	static const struct {
		const char *script, *map;
		uint64_t seed;
	} games[] = {
		{"tests/golden/field-free-attack.script", "tests/golden/maps/field.yaml", 0},
		{"tests/golden/field-shot-into-melee.script", "tests/golden/maps/field.yaml", 0},
		{"tests/golden/gate-ram.script", "tests/golden/maps/gate.yaml", 0},
		{"tests/golden/yard-doors-ladder.script", "tests/golden/maps/yard.yaml", 0},
	};
	int picks = 0, free_attacks = 0;
	for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
		char *path = data_path(games[k].script);
		FILE *f = fopen(path, "r");
		assert_non_null(f);
		free(path);
		char *lines[256];
		int n = 0;
		unsigned long long seed = 1;
		char buf[512];
		while (n < 256 && fgets(buf, sizeof buf, f)) {
			buf[strcspn(buf, "\n")] = '\0';
			sscanf(buf, "# seed: %llu", &seed);
			lines[n++] = xstrdup(buf);
		}
		fclose(f);
		struct log la = {0}, lb = {0};
		struct game *a = load(games[k].map, seed, DICE_RNG, &la);
		for (int i = 0; i < n; i++)
			run(a, lines[i]);
		int nrolls, next = 0;
		int *rolls = rolls_of(&la, &nrolls);
		assert_true(nrolls > 0);
		struct game *b = load(games[k].map, seed, DICE_MANUAL, &lb);
		for (int i = 0; i < n; i++)
			play_manual(b, lines[i], rolls, nrolls, &next);
		assert_int_equal(next, nrolls);
		same_game(&la, &lb, a, b);
		for (int i = 0; i < lb.n; i++) {
			picks += lb.ev[i].type == EV_ROLL &&
				 lb.ev[i].kind == ROLL_MELEE_PICK;
			free_attacks += lb.ev[i].type == EV_ATTACK &&
					lb.ev[i].free_attack;
		}
		game_free(a);
		game_free(b);
		free(rolls);
		free(la.ev);
		free(lb.ev);
		for (int i = 0; i < n; i++)
			free(lines[i]);
	}
	/* The scripts hold both kinds of roll that stop a command half-way. */
	assert_true(picks > 0);
	assert_true(free_attacks > 0);
}

/* Computer players fight whole battles; given the generator's numbers,
 * the same battles come out of the players' dice. */
static void test_computer_battles_by_hand(void **state)
{
	(void)state;
	static const char *const maps[] = {"maps/gatehouse.yaml",
					   "maps/bridge.yaml",
					   "maps/ambush.yaml",
					   "tests/golden/maps/field.yaml"};
	int total = 0;
	for (size_t m = 0; m < sizeof maps / sizeof maps[0]; m++) {
		for (uint64_t seed = 1; seed <= 2; seed++) {
			struct log la = {0}, lb = {0};
			struct game *a = load(maps[m], seed, DICE_RNG, &la);
			struct ai *ai[MAX_TEAMS] = {0};
			for (int t = 0; t < a->w->nteams; t++)
				ai[t] = ai_new(a, t, seed == 1 ? AI_EASY : AI_NORMAL);
			char **lines = NULL;
			int n = 0, cap = 0;
			for (int i = 0; i < 3000 && !a->over; i++) {
				char line[AI_LINE_LEN];
				ai_next(ai[a->active], a, line, sizeof line);
				if (n == cap) {
					cap = cap ? 2 * cap : 256;
					lines = xrealloc(lines,
							 (size_t)cap * sizeof *lines);
				}
				lines[n++] = xstrdup(line);
				if (run(a, line) != 0) {
					ai_rejected(ai[a->active]);
					if (strcmp(line, "end") == 0)
						break;
				}
			}
			int nrolls, next = 0;
			int *rolls = rolls_of(&la, &nrolls);
			struct game *b = load(maps[m], seed, DICE_MANUAL, &lb);
			for (int i = 0; i < n; i++)
				play_manual(b, lines[i], rolls, nrolls, &next);
			assert_int_equal(next, nrolls);
			same_game(&la, &lb, a, b);
			total += nrolls;
			for (int t = 0; t < a->w->nteams; t++)
				ai_free(ai[t]);
			for (int i = 0; i < n; i++)
				free(lines[i]);
			free(lines);
			free(rolls);
			free(la.ev);
			free(lb.ev);
			game_free(a);
			game_free(b);
		}
	}
	printf("%d dice given by hand in the computers' battles\n", total);
	assert_true(total > 100);
}

/* A move out of melee waits for each free attack's die in turn; while
 * it waits, nothing else is taken; the die must be one of its faces. */
static void test_free_attacks_wait(void **state)
{
	(void)state;
	struct log l = {0};
	struct game *g = load("tests/data/leave.yaml", 1, DICE_MANUAL, &l);
	int r1 = world_find_unit(g->w, "r1");
	refused(g, "roll 5", "no die is awaited now");
	assert_int_equal(run(g, "move r1 w w"), 0);
	const struct event *ask = game_awaited_roll(g);
	assert_non_null(ask);
	assert_int_equal(ask->value2, 20);
	assert_string_equal(g->w->units[ask->unit].id, "b1");
	assert_true(ask->free_attack);
	/* The mover stands where it was, on the field, while it waits. */
	assert_int_equal(world_unit_at(g->w, 2, 3), r1);
	struct strbuf b;
	strbuf_init(&b);
	report_ask_text(g, ask, 0, &b);
	assert_string_equal(b.s, "roll a d20 for b1's free attack with its "
				 "sword on r1 (need 9+)");
	strbuf_free(&b);
	const char *wait = "a d20 is awaited first: give it with 'roll N', N "
			   "from 1 to 20";
	refused(g, "end", wait);
	refused(g, "undo", wait);
	refused(g, "move r1 e", wait);
	refused(g, "roll 21", "a d20 shows 1 to 20, not 21");
	refused(g, "roll 0", "a d20 shows 1 to 20, not 0");
	refused(g, "roll -3", "'-3' is not a number: give the number the die "
			      "shows, as in 'roll 14'");
	refused(g, "roll 1 2", "usage: roll N");
	assert_int_equal(run(g, "roll 1"), 0); /* b1 misses */
	ask = game_awaited_roll(g);
	assert_non_null(ask);
	assert_string_equal(g->w->units[ask->unit].id, "b2");
	assert_int_equal(run(g, "roll 2"), 0); /* b2 misses: r1 goes on */
	assert_null(game_awaited_roll(g));
	assert_int_equal(g->w->units[r1].x, 0);
	assert_int_equal(g->rolls, 2);
	/* Undo is gone: dice were rolled. */
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(g, CMD_ANY_TEAM, "undo", why), -1);
	game_free(g);
	free(l.ev);

	/* A hit that disables the mover ends the move: one die only. */
	g = load("tests/data/leave.yaml", 1, DICE_MANUAL, NULL);
	r1 = world_find_unit(g->w, "r1");
	assert_int_equal(run(g, "move r1 w w"), 0);
	assert_int_equal(run(g, "roll 20"), 0);
	assert_null(game_awaited_roll(g));
	assert_int_not_equal(g->w->units[r1].status, STATUS_ACTIVE);
	assert_int_equal(world_unit_at(g->w, 2, 3), -1);
	game_free(g);
}

/* A die asked for is worded for the team at the keyboard from what it
 * may know: Red's archer shoots into a melee with a Blue unit the wall
 * hides from Red; the question to Red names neither that unit nor the
 * count, and the attack on it does not name it. */
static void test_asking_names_no_hidden_unit(void **state)
{
	(void)state;
	struct game *g = load("tests/data/sight-shot.yaml", 1, DICE_MANUAL, NULL);
	assert_int_equal(run(g, "end"), 0);
	assert_int_equal(run(g, "shoot r1 g1"), 0);
	const struct event *ask = game_awaited_roll(g);
	assert_non_null(ask);
	assert_int_equal(ask->value2, 3);
	struct strbuf b;
	strbuf_init(&b);
	report_ask_text(g, ask, REPORT_ALL, &b);
	assert_string_equal(b.s, "roll a d3 for the shot into melee: 1 hits b1, "
				 "2 hits g1, 3 hits r2");
	b.len = 0;
	report_ask_text(g, ask, 0, &b);
	assert_string_equal(b.s,
			    "roll a d3 for which unit the shot into melee hits");
	assert_int_equal(run(g, "roll 1"), 0); /* the shot flies at b1 */
	ask = game_awaited_roll(g);
	assert_non_null(ask);
	b.len = 0;
	report_ask_text(g, ask, 0, &b);
	assert_null(strstr(b.s, "b1"));
	assert_non_null(strstr(b.s, "an unseen enemy"));
	b.len = 0;
	report_ask_json(g, ask, 0, &b);
	assert_null(strstr(b.s, "b1"));
	strbuf_free(&b);
	game_free(g);
}

/* In a game rolled by the program, roll is refused. */
static void test_roll_refused_without_manual_dice(void **state)
{
	(void)state;
	struct game *g = load("tests/data/leave.yaml", 1, DICE_RNG, NULL);
	refused(g, "roll 4", "the program rolls the dice in this game (it was "
			     "not started with --dice manual)");
	game_free(g);
}

/* The save says the dice are manual and holds the rolls as commands: a
 * game resumed in the middle of a wait waits again, for the same die. */
static void test_save_and_resume(void **state)
{
	(void)state;
	char dir[] = "/tmp/medsiege-dice.XXXXXX";
	assert_non_null(mkdtemp(dir));
	char *err = NULL, *path = data_path("tests/data/leave.yaml");
	struct session *s = session_new(path, 1, dir, &err);
	free(path);
	assert_non_null(s);
	session_set_dice(s, DICE_MANUAL);
	game_start(s->g);
	char why[CMD_WHY_LEN];
	assert_int_equal(session_submit(s, CMD_ANY_TEAM, "move r1 w w", why), 0);
	assert_int_equal(session_submit(s, CMD_ANY_TEAM, "roll 3", why), 0);
	assert_int_equal(session_submit(s, CMD_ANY_TEAM, "end", why), -1);
	assert_non_null(game_awaited_roll(s->g));
	uint64_t hash = game_state_hash(s->g);
	char *save = xstrdup(s->j->path);
	session_free(s);

	struct journal_data d;
	assert_int_equal(journal_read(save, &d, &err), 0);
	assert_true(d.manual_dice);
	assert_int_equal(d.ncmds, 2);
	assert_string_equal(d.cmds[1], "roll 3");
	journal_data_free(&d);

	s = session_resume(save, dir, false, &err);
	assert_non_null(s);
	assert_int_equal(s->g->dice, DICE_MANUAL);
	const struct event *ask = game_awaited_roll(s->g);
	assert_non_null(ask);
	assert_string_equal(s->g->w->units[ask->unit].id, "b2");
	assert_true(game_state_hash(s->g) == hash);
	/* The computer does not play while a die is awaited. */
	s->g->w->teams[s->g->active].control = CONTROL_AI;
	assert_int_equal(session_computer_step(s), 0);
	s->g->w->teams[s->g->active].control = CONTROL_HUMAN;
	assert_int_equal(session_submit(s, CMD_ANY_TEAM, "roll 4", why), 0);
	assert_null(game_awaited_roll(s->g));
	session_free(s);
	unlink(save);
	free(save);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_golden_scripts_by_hand),
		cmocka_unit_test(test_computer_battles_by_hand),
		cmocka_unit_test(test_free_attacks_wait),
		cmocka_unit_test(test_asking_names_no_hidden_unit),
		cmocka_unit_test(test_roll_refused_without_manual_dice),
		cmocka_unit_test(test_save_and_resume),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
