/* test_orders_fair.c: moves beyond one turn and standing orders are
 * planned from what their team knows. The same commands are played on
 * fields that differ only by enemies the team cannot see: the plans, and
 * every word the team is told, are the same, up to the moment an enemy
 * comes into view; the enemy is never told of another team's orders. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "game/orders.h"
#include "game/report.h"
#include "testgame.h"

enum { RED, BLUE };

struct account {
	int team;
	struct strbuf b;
};

/* Every event as the account's team reads it, one line each. */
static void told(void *ctx, const struct game *g, const struct event *ev)
{
	struct account *a = ctx;
	size_t before = a->b.len;
	report_event_text(g, ev, a->team, &a->b);
	if (a->b.len != before)
		strbuf_addc(&a->b, '\n');
}

/* The plan for unit to x,y, written out step by step. */
static void plan_text(const struct game *g, int unit, int x, int y,
		      struct strbuf *b)
{
	struct path p;
	if (game_plan(g, unit, x, y, &p) != 0)
		strbuf_addf(b, "never: %s\n", p.why);
	else
		strbuf_addf(b, "%d turns, %d left:", p.turns, p.left);
	for (int i = 0; i < p.nsteps; i++)
		strbuf_addf(b, " %d:%d,%d", p.steps[i].act, p.steps[i].x,
			    p.steps[i].y);
	strbuf_addc(b, '\n');
	path_free(&p);
}

/* Red's side of a game of the fixture: the commands (Blue only ends its
 * steps), what Red is told and, after each command, Red's plans to a
 * few cells; Blue's account goes to blue when not NULL. */
static char *play(const char *rel, const char *const *lines,
		  const int (*cells)[2], char **blue)
{
	struct game *g = tg_load(rel, 5);
	struct account red = {RED, {0}}, bl = {BLUE, {0}};
	strbuf_init(&red.b);
	strbuf_init(&bl.b);
	game_listen(g, told, &red);
	game_listen(g, told, &bl);
	game_start(g);
	char why[CMD_WHY_LEN];
	for (int i = 0; lines[i]; i++) {
		while (!g->over && g->active == BLUE)
			assert_int_equal(cmd_execute(g, BLUE, "end", why), 0);
		int rc = cmd_execute(g, RED, lines[i], why);
		strbuf_addf(&red.b, "> %s: %d %s\n", lines[i], rc,
			    rc ? why : "");
		for (int k = 0; cells[k][0] >= 0; k++)
			plan_text(g, 0, cells[k][0], cells[k][1], &red.b);
	}
	game_free(g);
	if (blue)
		*blue = bl.b.s ? bl.b.s : xstrdup("");
	else
		strbuf_free(&bl.b);
	return red.b.s;
}

/* The two accounts agree up to the first line of a that holds upto
 * (the whole of both when upto is NULL), and a has that line. */
static void same_until(const char *a, const char *b, const char *upto)
{
	size_t n = strlen(a);
	if (upto) {
		const char *at = strstr(a, upto);
		assert_non_null(at);
		while (at > a && at[-1] != '\n')
			at--;
		n = (size_t)(at - a);
	}
	if (strncmp(a, b, n) != 0 || (!upto && strcmp(a, b) != 0)) {
		size_t i = 0, line = 1;
		while (a[i] && a[i] == b[i])
			line += a[i++] == '\n';
		fail_msg("the accounts part at line %zu: '%.100s' / '%.100s'",
			 line, a + i, b + i);
	}
}

/* The gatehouse, with Blue's unseen units as shipped, moved and added,
 * or removed: Red's moves towards them, into the fog and on standing
 * orders over two turns, read the same, word for word. */
static void test_gatehouse_same_for_red(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"moveto r1 30,4", "undo", "moveto r1 8,6", "undo",
		"moveto r1 14,3", "order r1 14,3", "moveto r3 4,2",
		"order r3 4,2", "order r4 20,2", "order run", "end", "end",
		"end", "order run", "end", NULL,
	};
	static const int cells[][2] = {{8, 6}, {14, 3}, {30, 4}, {4, 2}, {-1, -1}};
	char *a = play("tests/data/fog-a.yaml", lines, cells, NULL);
	char *b = play("tests/data/fog-b.yaml", lines, cells, NULL);
	char *c = play("tests/data/fog-c.yaml", lines, cells, NULL);
	/* Red moved on its orders, and went on in the next turn. */
	assert_non_null(strstr(a, "r1 has a standing order to 14,3"));
	assert_non_null(strstr(a, "== Round 2: Red, Missile fire =="));
	assert_null(strstr(a, "comes into view"));
	same_until(a, b, NULL);
	same_until(a, c, NULL);
	free(a);
	free(b);
	free(c);
}

/* Round the wall, Blue's archer comes into view: that stops Red's
 * knight, and up to that line Red was told the same as on the field
 * where the archer stays out of sight. Blue hears nothing of Red's
 * orders. */
static void test_road_same_until_seen(void **state)
{
	(void)state;
	static const char *const lines[] = {
		"moveto r1 14,1", "order r1 14,1", "end", "end", "end",
		"order run", NULL,
	};
	static const int cells[][2] = {{14, 1}, {-1, -1}};
	char *blue;
	char *a = play("tests/data/orders-road.yaml", lines, cells, &blue);
	char *b = play("tests/data/orders-road-b.yaml", lines, cells, NULL);
	assert_non_null(strstr(a, "b1 comes into view"));
	assert_null(strstr(b, "b1"));
	same_until(a, b, "b1 comes into view");
	/* Blue sees the knight come round the corner, and no more. */
	assert_non_null(strstr(blue, "r1 moves"));
	assert_null(strstr(blue, "order"));
	assert_null(strstr(blue, "stops"));
	free(blue);
	free(a);
	free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gatehouse_same_for_red),
		cmocka_unit_test(test_road_same_until_seen),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
