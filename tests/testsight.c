/* testsight.c: a game's events as each team reads them, for tests. */
#include "testsight.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/report.h"
#include "testgame.h"

static void record(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	struct log *l = ctx;
	assert_true(l->n < 64);
	l->ev[l->n++] = *ev;
}

struct game *load(const char *rel, uint64_t seed, struct log *l)
{
	struct game *g = tg_load(rel, seed);
	l->n = 0;
	game_listen(g, record, l);
	game_start(g);
	return g;
}

void run(struct game *g, struct log *l, const char *line)
{
	char why[CMD_WHY_LEN];
	l->n = 0;
	int rc = cmd_execute(g, g->active, line, why);
	if (rc != 0)
		fprintf(stderr, "rejected: %s: %s\n", line, why);
	assert_int_equal(rc, 0);
}

const struct event *nth(const struct log *l, enum event_type t, int k)
{
	for (int i = 0, seen = 0; i < l->n; i++)
		if (l->ev[i].type == t && seen++ == k)
			return &l->ev[i];
	fail_msg("no %s event number %d among %d", event_names[t], k, l->n);
	return NULL;
}

const struct event *first(const struct log *l, enum event_type t)
{
	return nth(l, t, 0);
}

int count(const struct log *l, enum event_type t)
{
	int n = 0;
	for (int i = 0; i < l->n; i++)
		n += l->ev[i].type == t;
	return n;
}

static char text_buf[1024], json_buf[2048];

const char *text(const struct game *g, const struct event *ev, int team)
{
	struct strbuf b;
	strbuf_init(&b);
	report_event_text(g, ev, team, &b);
	snprintf(text_buf, sizeof text_buf, "%s", b.s ? b.s : "");
	strbuf_free(&b);
	return text_buf;
}

const char *json(const struct game *g, const struct event *ev, int team)
{
	struct strbuf b;
	strbuf_init(&b);
	report_event_json(g, ev, team, &b);
	snprintf(json_buf, sizeof json_buf, "%s", b.s ? b.s : "");
	strbuf_free(&b);
	return json_buf;
}

void reads(const struct game *g, const struct event *ev, int team,
	   unsigned bits, const char *line, const char *obj)
{
	assert_int_equal(ev->sight[team], bits);
	assert_string_equal(text(g, ev, team), line);
	assert_string_equal(json(g, ev, team), obj);
}

void unseen(const struct game *g, const struct event *ev, int team)
{
	reads(g, ev, team, 0, "", "");
}

void reads_all(const struct game *g, const struct event *ev, int team,
	       unsigned bits)
{
	char all[1024], all_json[2048];
	snprintf(all, sizeof all, "%s", text(g, ev, REPORT_ALL));
	snprintf(all_json, sizeof all_json, "%s", json(g, ev, REPORT_ALL));
	assert_true(all[0] != '\0');
	reads(g, ev, team, bits, all, all_json);
}

void reads_part_roll(const struct game *g, const struct event *ev,
		     int team, unsigned bits, const char *head,
		     const char *words)
{
	char line[200], obj[400];
	assert_int_equal(ev->sight[team], bits);
	snprintf(line, sizeof line, "roll d%d = %d (%s)", ev->value2, ev->value,
		 words);
	assert_string_equal(text(g, ev, team), line);
	snprintf(obj, sizeof obj, "%s,\"die\":%d,\"value\":%d,\"for\":\"", head,
		 ev->value2, ev->value);
	const char *j = json(g, ev, team);
	if (strncmp(j, obj, strlen(obj)) != 0)
		fail_msg("JSON '%s' does not begin '%s'", j, obj);
	if (!strstr(j + strlen(obj), words))
		fail_msg("JSON '%s' does not say '%s'", j, words);
	assert_string_equal(j + strlen(j) - 2, "\"}");
}

void never_says(const struct game *g, const struct event *ev, int team,
		const char *s)
{
	if (strstr(text(g, ev, team), s))
		fail_msg("'%s' is in the line: %s", s, text_buf);
	if (strstr(json(g, ev, team), s))
		fail_msg("'%s' is in the JSON: %s", s, json_buf);
}
