/* test_orders_wire.c: standing orders in network play. A team's record
 * (net/wire.h) tells its own units' standing orders as they are given,
 * kept and ended, so a player's screen rebuilt from the record marks the
 * same orders the host keeps; another team's record never holds them. */
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
#include "net/wire.h"
#include "testgame.h"

enum { RED, BLUE };

struct host {
	struct game *g;
	struct wire_team rec[2];
};

static void on_event(void *ctx, const struct game *g, const struct event *ev)
{
	struct host *h = ctx;
	for (int t = 0; t < 2; t++)
		wire_team_event(&h->rec[t], g, ev);
}

/* The client's picture has the host's orders for Red's units, and only
 * those. */
static void same_orders(const struct game *g, const struct game *p)
{
	int n = 0;
	for (int i = 0; i < p->w->nunits; i++) {
		int j = world_find_unit(g->w, p->w->units[i].id);
		const struct standing_order *a = game_order(g, j);
		const struct standing_order *b = game_order(p, i);
		if (g->w->units[j].team != RED) {
			assert_null(b);
			continue;
		}
		assert_int_equal(a != NULL, b != NULL);
		if (a) {
			assert_int_equal(a->x, b->x);
			assert_int_equal(a->y, b->y);
			n++;
		}
	}
	assert_int_equal(n, p->norders);
}

static void test_record_tells_own_orders(void **state)
{
	(void)state;
	struct host h;
	h.g = tg_load("tests/data/orders-road.yaml", 1);
	for (int t = 0; t < 2; t++)
		wire_team_init(&h.rec[t], h.g, t);
	game_listen(h.g, on_event, &h);
	game_start(h.g);
	struct wire_client c;
	wire_client_init(&c);
	int sent = 0, had = 0;
	static const char *const script[] = {
		"moveto r1 14,1", "order r1 14,1", "order r2 5,5", "end",
		"end", "end", "end", "end", "end", "order run", "order r2 cancel",
		"order r2 4,4", "move r2 s", "end",
	};
	for (size_t i = 0; i < sizeof script / sizeof *script; i++) {
		char why[CMD_WHY_LEN];
		if (cmd_execute(h.g, CMD_ANY_TEAM, script[i], why) != 0)
			fail_msg("%s: %s", script[i], why);
		for (int t = 0; t < 2; t++)
			wire_team_sync(&h.rec[t], h.g);
		for (; sent < h.rec[RED].n; sent++)
			assert_int_equal(wire_client_apply(&c, h.rec[RED].lines[sent],
							   why),
					 0);
		assert_non_null(c.g);
		same_orders(h.g, c.g);
		had += c.g->norders > 0;
	}
	assert_true(had > 0);
	assert_int_equal(h.g->norders, 1); /* r1's, still under way */
	/* Blue's record never speaks of orders, or of where Red's stop. */
	for (int i = 0; i < h.rec[BLUE].n; i++) {
		assert_null(strstr(h.rec[BLUE].lines[i], "\"order\""));
		assert_null(strstr(h.rec[BLUE].lines[i], "standing order"));
		assert_null(strstr(h.rec[BLUE].lines[i], "stops at"));
	}
	/* A record with a bad order is refused, not applied. */
	struct wire_client d;
	wire_client_init(&d);
	char why[GAME_WHY_LEN];
	bool tried = false;
	for (int i = 0; i < h.rec[RED].n && !tried; i++) {
		const char *line = h.rec[RED].lines[i];
		char *bad = NULL;
		const char *o = strstr(line, "\"order\":[14,1]");
		if (o)
			bad = xasprintf("%.*s\"order\":[99,1]%s", (int)(o - line),
					line, o + strlen("\"order\":[14,1]"));
		int rc = wire_client_apply(&d, bad ? bad : line, why);
		assert_int_equal(rc, bad ? -1 : 0);
		tried = bad != NULL;
		free(bad);
	}
	assert_true(tried);
	wire_client_free(&d);
	wire_client_free(&c);
	game_unlisten(h.g, on_event, &h);
	for (int t = 0; t < 2; t++)
		wire_team_free(&h.rec[t]);
	game_free(h.g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_tells_own_orders),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
