/* test_net.c: the parts of network play that need no socket. The JSON
 * reader and the line checks refuse what they must; a code splits into
 * its game and team; and, above all, a team's record rebuilds on the
 * player's side exactly what the team knows: after every command of a
 * game, the projection made from Red's record has Red's view, memory and
 * units and nothing else, and tells every event in Red's words. Damaged
 * records are refused without a crash. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/rng.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "game/game.h"
#include "game/report.h"
#include "net/json.h"
#include "net/proto.h"
#include "net/wire.h"

static void test_json_reads_the_wire(void **state)
{
	(void)state;
	char why[80];
	struct json *j = json_parse(
		"{\"type\":\"unit\",\"id\":\"b4\",\"x\":-3,\"ok\":true,\"n\":null,"
		"\"a\":[1,[2,3],{\"k\":\"\\u00e9\\n\"}],\"f\":2.5e1}",
		why);
	assert_non_null(j);
	assert_string_equal(json_str(j, "type"), "unit");
	assert_int_equal(json_int(j, "x", 0), -3);
	assert_true(json_bool(j, "ok", false));
	assert_int_equal(json_get(j, "n")->type, JSON_NULL);
	const struct json *a = json_get(j, "a");
	assert_int_equal(a->n, 3);
	assert_string_equal(json_str(&a->items[2], "k"), "\xc3\xa9\n");
	assert_true(json_num(j, "f", 0) == 25.0);
	assert_int_equal(json_int(j, "missing", 7), 7);
	assert_int_equal(json_int(j, "type", 7), 7); /* not a number */
	json_free(j);
}

static void test_json_refuses_the_rest(void **state)
{
	(void)state;
	static const char *const bad[] = {
		"", "{", "{\"a\":}", "{\"a\":1,}", "[1 2]", "{\"a\":1} x",
		"\"\\x\"", "\"\\u00g0\"", "\"\\u0000\"", "\"\\ud800\"", "nul",
		"\"a\tb\"", "1e999", "{a:1}", "[[[[[[[[[[[[1]]]]]]]]]]]]",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char why[80];
		struct json *j = json_parse(bad[i], why);
		if (j)
			fprintf(stderr, "accepted: %s\n", bad[i]);
		assert_null(j);
		assert_true(why[0] != '\0');
	}
}

/* Arrays of coordinates: numbers an int holds, or a refusal (converting
 * 1e128 to an int is undefined, and a host may send anything). */
static void test_json_int_arrays(void **state)
{
	(void)state;
	char why[80];
	struct json *j = json_parse(
		"{\"ok\":[1,-2,2147483647],\"big\":[1,1e128,3],"
		"\"low\":[-2147483648],\"str\":[1,\"2\"],\"obj\":{\"a\":1},"
		"\"half\":[2.5]}",
		why);
	assert_non_null(j);
	int v[3] = {0, 0, 0};
	assert_true(json_int_array(json_get(j, "ok"), 3, v));
	assert_int_equal(v[0], 1);
	assert_int_equal(v[1], -2);
	assert_int_equal(v[2], 2147483647);
	assert_false(json_int_array(json_get(j, "ok"), 2, v));
	assert_false(json_int_array(json_get(j, "big"), 3, v));
	assert_false(json_int_array(json_get(j, "low"), 1, v));
	assert_false(json_int_array(json_get(j, "str"), 2, v));
	assert_false(json_int_array(json_get(j, "obj"), 1, v));
	assert_false(json_int_array(json_get(j, "missing"), 1, v));
	assert_true(json_int_array(json_get(j, "half"), 1, v));
	assert_int_equal(v[0], 2);
	assert_int_equal(json_int(j, "big", 7), 7);
	json_free(j);
}

static void test_text_is_utf8_without_controls(void **state)
{
	(void)state;
	static const char *const good[] = {"move r3 n", "tab\there",
					   "caf\xc3\xa9", "\xf0\x9f\x8f\xb0", ""};
	static const char *const bad[] = {
		"a\x01", "a\x7f", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80",
		"\xf4\x90\x80\x80", "\xc3", "\xe2\x82", "\x80", "\xff"};
	for (size_t i = 0; i < sizeof good / sizeof *good; i++)
		assert_true(proto_text_ok(good[i], strlen(good[i])));
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_false(proto_text_ok(bad[i], strlen(bad[i])));
	assert_false(proto_text_ok("a\0b", 3));
}

static void test_codes_split_into_game_and_team(void **state)
{
	(void)state;
	char game[64], team[64], secret[PROTO_SECRET_LEN + 1], tag[8];
	assert_true(proto_code_split("gatehouse-k3f9-red-7kq2-m9xd-p3ta-w8ne",
				     game, sizeof game, team, sizeof team));
	assert_string_equal(game, "gatehouse-k3f9");
	assert_string_equal(team, "red");
	assert_true(proto_code_split("gatehouse-k3f9-redwatch-7kq2-m9xd-p3ta-w8ne",
				     game, sizeof game, team, sizeof team));
	assert_string_equal(team, "redwatch");
	static const char *const bad[] = {
		"", "gatehouse", "gatehouse-k3f9-7kq2-m9xd-p3ta-w8ne",
		"Gatehouse-k3f9-red-7kq2-m9xd-p3ta-w8ne",
		"gatehouse-k3f9-red-7kq2-m9xd-p3ta-w8n",
		"gatehouse-k3f9-red-7kq2-m9xd-p3ta-w8ne/../x",
		"../../etc/passwd-red-7kq2-m9xd-p3ta-w8ne"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		assert_false(proto_code_split(bad[i], game, sizeof game, team,
					      sizeof team));
	/* Secrets: 16 symbols in four groups, none alike twice running. */
	char other[PROTO_SECRET_LEN + 1];
	assert_int_equal(proto_secret(secret), 0);
	assert_int_equal(proto_secret(other), 0);
	assert_int_equal(strlen(secret), PROTO_SECRET_LEN);
	assert_true(secret[4] == '-' && secret[9] == '-' && secret[14] == '-');
	assert_string_not_equal(secret, other);
	assert_int_equal(proto_tag(tag), 0);
	assert_int_equal(strlen(tag), 4);
}

static void test_lines_are_framed_and_bounded(void **state)
{
	(void)state;
	int sv[2];
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	struct conn c;
	conn_init(&c, sv[0]);
	char line[PROTO_LINE_MAX];
	assert_int_equal(write(sv[1], "end\r\nmove r", 11), 11);
	assert_int_equal(conn_read(&c), 1);
	assert_int_equal(conn_line(&c, line), 1);
	assert_string_equal(line, "end");
	assert_int_equal(conn_line(&c, line), 0); /* half a line waits */
	assert_int_equal(write(sv[1], "3 n\n", 4), 4);
	conn_read(&c);
	assert_int_equal(conn_line(&c, line), 1);
	assert_string_equal(line, "move r3 n");
	assert_int_equal(write(sv[1], "a\0b\n", 4), 4);
	conn_read(&c);
	assert_int_equal(conn_line(&c, line), -1);
	conn_close(&c, NULL);
	close(sv[1]);
	/* A line that never ends within the limit is refused. */
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	conn_init(&c, sv[0]);
	char big[PROTO_LINE_MAX + 10];
	memset(big, 'x', sizeof big);
	big[sizeof big - 1] = '\0';
	assert_int_equal(write(sv[1], big, sizeof big - 1), (ssize_t)sizeof big - 1);
	conn_read(&c);
	assert_int_equal(conn_line(&c, line), -1);
	assert_non_null(strstr(c.why, "longer than"));
	conn_close(&c, NULL);
	close(sv[1]);
	/* A queue past its bound says so rather than growing. */
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	conn_init(&c, sv[0]);
	assert_true(conn_queue(&c, "hello", 100));
	assert_false(conn_queue(&c, big + 4000, 100));
	conn_close(&c, NULL);
	close(sv[1]);
}

/* --- the record and the projection -------------------------------------- */

struct told {
	struct strbuf text; /* what the projection's listener heard */
};

static void hear(void *ctx, const struct game *g, const struct event *ev)
{
	struct told *t = ctx;
	(void)g;
	strbuf_add(&t->text, ev->told ? ev->told : "(worded by the screen)");
	strbuf_addc(&t->text, '\n');
}

struct host_side {
	struct game *g;
	struct wire_team rec;
	struct strbuf words; /* the host's words for Red, event by event */
};

static void on_event(void *ctx, const struct game *g, const struct event *ev)
{
	struct host_side *h = ctx;
	wire_team_event(&h->rec, g, ev);
	if (ev->sight[0] & EVS_SEEN) {
		if ((ev->sight[0] & EVS_FULL) && ev->type == EV_MOVE)
			strbuf_add(&h->words, "(worded by the screen)");
		else
			report_event_text(g, ev, 0, &h->words);
		strbuf_addc(&h->words, '\n');
	}
}

/* The projection holds what Red knows, and no more. */
static void same_picture(const struct game *g, const struct game *p)
{
	const struct knowledge *k = game_knowledge(g, 0), *pk = &p->know[0];
	size_t cells = (size_t)k->w * (size_t)k->h;
	assert_memory_equal(k->view, pk->view, cells);
	assert_memory_equal(k->memory, pk->memory, cells);
	assert_int_equal(g->round, p->round);
	assert_int_equal(g->active, p->active);
	assert_int_equal((int)g->step, (int)p->step);
	assert_int_equal(g->over, p->over);
	for (size_t c = 0; c < cells; c++)
		if (k->view[c])
			assert_int_equal(cell_symbol(&g->w->map.cells[c]),
					 cell_symbol(&p->w->map.cells[c]));
	for (int i = 0; i < p->w->nunits; i++) {
		const struct unit *pu = &p->w->units[i];
		int j = world_find_unit(g->w, pu->id);
		assert_true(j >= 0);
		const struct unit *u = &g->w->units[j];
		/* Every unit the projection names is Red's or one Red saw. */
		assert_true(u->team == 0 || k->last[j].round >= 0);
		assert_int_equal(pk->units[i], knowledge_knows(k, j));
		if (pk->units[i]) {
			assert_int_equal(pu->x, u->x);
			assert_int_equal(pu->y, u->y);
			assert_int_equal((int)pu->facing, (int)u->facing);
			assert_int_equal(pu->hits, u->hits);
			assert_int_equal(pu->team, u->team);
		}
		if (u->team == 0)
			assert_int_equal(pu->move_left, u->move_left);
	}
	/* And every unit Red knows is there. */
	for (int j = 0; j < g->w->nunits; j++)
		if (knowledge_knows(k, j))
			assert_true(world_find_unit(p->w, g->w->units[j].id) >= 0);
}

/* Red's record of a game of fog-b, from its start. */
static void host_side_start(struct host_side *h, unsigned seed)
{
	const char *top = getenv("abs_top_srcdir");
	char *path = xasprintf("%s/tests/data/fog-b.yaml", top ? top : ".");
	struct scenario sc;
	char *err = NULL;
	assert_int_equal(scenario_load(path, &sc, &err), 0);
	free(path);
	memset(h, 0, sizeof *h);
	strbuf_init(&h->words);
	h->g = game_new(&sc, seed);
	wire_team_init(&h->rec, h->g, 0);
	game_listen(h->g, on_event, h);
	game_start(h->g);
}

static void host_side_end(struct host_side *h)
{
	strbuf_free(&h->words);
	game_unlisten(h->g, on_event, h);
	wire_team_free(&h->rec);
	game_free(h->g);
}

static struct wire_client *feed(struct host_side *h, struct wire_client *c,
				int *sent, struct told *t)
{
	char why[GAME_WHY_LEN];
	for (; *sent < h->rec.n; (*sent)++) {
		int r = wire_client_apply(c, h->rec.lines[*sent], why);
		if (r != 0)
			fprintf(stderr, "%s: %s\n", why, h->rec.lines[*sent]);
		assert_int_equal(r, 0);
		assert_true(strlen(h->rec.lines[*sent]) < PROTO_LINE_MAX);
		if (c->g && c->g->nlisteners == 0)
			game_listen(c->g, hear, t);
	}
	return c;
}

static void test_record_rebuilds_what_the_team_knows(void **state)
{
	(void)state;
	struct host_side h;
	host_side_start(&h, 5);
	struct wire_client c;
	wire_client_init(&c);
	struct told t;
	strbuf_init(&t.text);
	int sent = 0;
	/* A game's first rounds: moves, a turn undone, shots, Blue's
	 * hidden units moving, then a few rounds of plain ends. */
	static const char *const script[] = {
		"move r3 n", "move r3 ne", "face r3 e", "undo", "move r8 n",
		"move r7 n", "move r4 n n", "end", "shoot r5 b1", "shoot r6 b2",
		"end", "end", "move b6 w", "move b7 e e", "move b8 s s",
		"move b1 e", "end", "shoot b1 r5", "shoot b3 r7", "end", "end",
		"move r8 n n", "move r1 nw", "end", "end", "end", "end", "end",
		"end", "end", "end", "end", "end", "end", "end",
	};
	for (size_t i = 0; i < sizeof script / sizeof *script; i++) {
		char why[CMD_WHY_LEN];
		cmd_execute(h.g, CMD_ANY_TEAM, script[i], why);
		wire_team_sync(&h.rec, h.g);
		feed(&h, &c, &sent, &t);
		assert_non_null(c.g);
		same_picture(h.g, c.g);
	}
	/* The projection told each event as the host words it for Red. */
	assert_string_equal(t.text.s, h.words.s);
	/* Damaged records: every line cut short or with a byte changed is
	 * refused or applied, never a crash; the picture is not trusted. */
	struct rng r;
	rng_seed(&r, 7);
	for (int round = 0; round < 20; round++) {
		struct wire_client d;
		wire_client_init(&d);
		for (int i = 0; i < h.rec.n; i++) {
			char *line = xstrdup(h.rec.lines[i]);
			size_t n = strlen(line);
			int what = rng_die(&r, 4);
			if (n > 1 && what == 1)
				line[rng_die(&r, (int)n) - 1] = '\0';
			else if (n > 1 && what == 2)
				line[rng_die(&r, (int)n) - 1] =
					"0{}[],:\"-9x"[rng_die(&r, 11) - 1];
			char why[GAME_WHY_LEN];
			int rc = wire_client_apply(&d, line, why);
			assert_true(rc >= -1 && rc <= 1);
			free(line);
		}
		wire_client_free(&d);
	}
	wire_client_free(&c);
	strbuf_free(&t.text);
	host_side_end(&h);
}

/* Two projections of the same record hold the same picture: every
 * cell, the view and memory, and the units in the same order. */
static void same_projection(const struct game *a, const struct game *b)
{
	const struct knowledge *ka = &a->know[0], *kb = &b->know[0];
	size_t cells = (size_t)ka->w * (size_t)ka->h;
	assert_memory_equal(ka->view, kb->view, cells);
	assert_memory_equal(ka->memory, kb->memory, cells);
	for (size_t c = 0; c < cells; c++) {
		const struct cell *x = &a->w->map.cells[c], *y = &b->w->map.cells[c];
		assert_int_equal(cell_symbol(x), cell_symbol(y));
		assert_int_equal(x->hits_left, y->hits_left);
		assert_int_equal(x->t.height, y->t.height);
	}
	assert_int_equal(a->round, b->round);
	assert_int_equal(a->active, b->active);
	assert_int_equal((int)a->step, (int)b->step);
	assert_int_equal(a->over, b->over);
	assert_int_equal(a->w->nunits, b->w->nunits);
	for (int i = 0; i < a->w->nunits; i++) {
		const struct unit *u = &a->w->units[i], *v = &b->w->units[i];
		assert_string_equal(u->id, v->id);
		assert_int_equal(ka->units[i], kb->units[i]);
		assert_int_equal(ka->last[i].x, kb->last[i].x);
		assert_int_equal(ka->last[i].y, kb->last[i].y);
		assert_int_equal(ka->last[i].round, kb->last[i].round);
		assert_int_equal(ka->last[i].gone, kb->last[i].gone);
		assert_int_equal(u->x, v->x);
		assert_int_equal(u->y, v->y);
		assert_int_equal((int)u->status, (int)v->status);
		assert_int_equal(u->hits, v->hits);
		assert_int_equal(u->move_left, v->move_left);
	}
	for (int i = 0; i < a->sc.ngoals; i++)
		assert_int_equal(a->sc.goals[i].progress, b->sc.goals[i].progress);
}

/* A join is sent the record as it stands, not its history: at every
 * point of a game the snapshot rebuilds the picture the whole record
 * built, then takes the record's next lines as well; it tells the
 * newest events as the record did, and is far shorter than a long
 * game's record. */
static void test_join_sees_the_picture_not_the_history(void **state)
{
	(void)state;
	struct host_side h;
	host_side_start(&h, 9);
	struct wire_client whole;
	wire_client_init(&whole);
	struct told t;
	strbuf_init(&t.text);
	int sent = 0;
	static const char *const moves[] = {
		"move r3 n", "move r8 n", "move r7 n", "move r4 n n", "end",
		"shoot r5 b1", "shoot r6 b2", "end", "end", "move b6 w",
		"move b7 e e", "move b8 s s", "move b1 e", "end", "shoot b1 r5",
		"shoot b3 r7", "end", "end", "move r8 n n", "move r1 nw",
	};
	/* Then plain ends to the last round (12 of 3 steps for 2 teams). */
	const char *script[sizeof moves / sizeof *moves + 80];
	size_t n = 0;
	for (size_t i = 0; i < sizeof moves / sizeof *moves; i++)
		script[n++] = moves[i];
	while (n < sizeof script / sizeof *script)
		script[n++] = "end";
	for (size_t i = 0; i <= n; i++) {
		if (i < n) {
			char why[CMD_WHY_LEN];
			cmd_execute(h.g, CMD_ANY_TEAM, script[i], why);
			wire_team_sync(&h.rec, h.g);
		}
		feed(&h, &whole, &sent, &t);
		struct wire_team snap;
		wire_team_snapshot(&h.rec, h.g, NULL, &snap);
		struct wire_client join;
		wire_client_init(&join);
		struct told heard;
		strbuf_init(&heard.text);
		size_t bytes = 0;
		for (int k = 0; k < snap.n; k++) {
			char why[GAME_WHY_LEN];
			int r = wire_client_apply(&join, snap.lines[k], why);
			if (r != 0)
				fprintf(stderr, "%s: %s\n", why, snap.lines[k]);
			assert_int_equal(r, 0);
			assert_true(strlen(snap.lines[k]) < PROTO_LINE_MAX);
			bytes += strlen(snap.lines[k]) + 1;
			if (join.g && join.g->nlisteners == 0)
				game_listen(join.g, hear, &heard);
		}
		assert_non_null(join.g);
		same_projection(whole.g, join.g);
		if (!h.g->over)
			same_picture(h.g, join.g);
		/* The events it heard are the newest the whole record told. */
		if (heard.text.s) {
			size_t a = strlen(t.text.s), b = strlen(heard.text.s);
			assert_true(b <= a);
			assert_string_equal(t.text.s + a - b, heard.text.s);
		}
		if (i == n)
			assert_true(bytes * 2 < h.rec.bytes);
		/* And the record goes on from there. */
		if (i + 3 < n) {
			int at = h.rec.n;
			for (size_t j = i + 1; j <= i + 3; j++) {
				char why[CMD_WHY_LEN];
				cmd_execute(h.g, CMD_ANY_TEAM, script[j], why);
				wire_team_sync(&h.rec, h.g);
			}
			feed(&h, &join, &at, &heard);
			feed(&h, &whole, &sent, &t);
			same_projection(whole.g, join.g);
			i += 3;
		}
		game_unlisten(join.g, hear, &heard);
		strbuf_free(&heard.text);
		wire_client_free(&join);
		wire_team_free(&snap);
	}
	assert_true(h.g->over);
	wire_client_free(&whole);
	strbuf_free(&t.text);
	host_side_end(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_reads_the_wire),
		cmocka_unit_test(test_json_refuses_the_rest),
		cmocka_unit_test(test_json_int_arrays),
		cmocka_unit_test(test_text_is_utf8_without_controls),
		cmocka_unit_test(test_codes_split_into_game_and_team),
		cmocka_unit_test(test_lines_are_framed_and_bounded),
		cmocka_unit_test(test_record_rebuilds_what_the_team_knows),
		cmocka_unit_test(test_join_sees_the_picture_not_the_history),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
