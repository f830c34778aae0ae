/* test_props.c: property tests. On every shipped scenario, a seeded stream
 * of commands (the computer's moves, commands built from the rules' own
 * vocabulary that may or may not be legal, and garbage) is submitted as
 * players would, each by the team playing, another team or a script; after
 * every line the invariants hold (tests/invariants.h), a refused line
 * changes nothing, and at the end of every game its save, resumed,
 * replays to the very state the live game reached. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/rng.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "invariants.h"
#include "save/session.h"

/* Lines per scenario: enough for several games on the small maps and
 * deep into one on the large, in seconds under the sanitizers. Under
 * valgrind, which is far slower, make check-valgrind asks for fewer
 * (MEDSIEGE_PROPS_LINES). */
#define LINES_PER_SCENARIO 2000

static int lines_per_scenario(void)
{
	const char *s = getenv("MEDSIEGE_PROPS_LINES");
	int n = s ? atoi(s) : 0;
	return n > 0 ? n : LINES_PER_SCENARIO;
}

struct run {
	struct rng rng;
	char *dir;              /* where the saves go */
	struct session *s;
	int games, accepted, refused, computer;
};

static int pick(struct run *r, int n)
{
	return rng_die(&r->rng, n) - 1;
}

/* A unit of team t, alive when it has one (any unit otherwise). */
static const struct unit *unit_of(struct run *r, const struct game *g, int t)
{
	int alive[256], n = 0;
	for (int i = 0; i < g->w->nunits && n < 256; i++)
		if (g->w->units[i].team == t && unit_alive(&g->w->units[i]))
			alive[n++] = i;
	if (n == 0)
		return &g->w->units[pick(r, g->w->nunits)];
	return &g->w->units[alive[pick(r, n)]];
}

static const char *dir_word(struct run *r)
{
	return dir_names[pick(r, DIR_COUNT)];
}

/* A command of the language with arguments that often make sense: the
 * active team's units, real enemies, cells near the unit. */
static void made_up(struct run *r, const struct game *g, char *line, int size)
{
	const struct unit *u = unit_of(r, g, g->active);
	const struct unit *e = &g->w->units[pick(r, g->w->nunits)];
	static const char *const doors[] = {"open", "close", "lock", "unlock"};
	int x = u->x + pick(r, 9) - 4, y = u->y + pick(r, 9) - 4;
	switch (pick(r, 9)) {
	case 0:
		snprintf(line, (size_t)size, "move %s %s %s", u->id, dir_word(r),
			 dir_word(r));
		break;
	case 1:
		snprintf(line, (size_t)size, "move %s %s", u->id, dir_word(r));
		break;
	case 2:
		snprintf(line, (size_t)size, "moveto %s %d,%d", u->id, x, y);
		break;
	case 3:
		snprintf(line, (size_t)size, "face %s %s", u->id, dir_word(r));
		break;
	case 4:
		snprintf(line, (size_t)size, "door %s %s %s", u->id, dir_word(r),
			 doors[pick(r, 4)]);
		break;
	case 5:
		if (pick(r, 4) == 0)
			snprintf(line, (size_t)size, "shoot %s %d,%d", u->id, x, y);
		else
			snprintf(line, (size_t)size, "shoot %s %s", u->id, e->id);
		break;
	case 6:
		snprintf(line, (size_t)size, "fight %s %s", u->id, e->id);
		break;
	case 7:
		snprintf(line, (size_t)size, "undo");
		break;
	default:
		snprintf(line, (size_t)size, "end");
		break;
	}
}

/* Words in the wrong places, ids that do not exist, numbers out of range,
 * bytes no one types. Never a control character: a save keeps only
 * printable lines. */
static void garbage(struct run *r, const struct game *g, char *line, int size)
{
	static const char *const words[] = {
		"move", "moveto", "face", "door", "shoot", "fight", "end", "undo",
		"n", "sw", "up", "open", "lock", "smash", "0,0", "-1,-1",
		"99999,2", "3,", ",", "1,2,3", "#", "x9", "", "\t", "MOVE",
		"2147483648,1",
	};
	int len = 0, n = 1 + pick(r, 5);
	line[0] = '\0';
	for (int k = 0; k < n && len < size - 40; k++) {
		const char *w = pick(r, 3) == 0
					? g->w->units[pick(r, g->w->nunits)].id
					: words[pick(r, (int)(sizeof words /
							      sizeof words[0]))];
		len += snprintf(line + len, (size_t)(size - len), "%s%s",
				k ? " " : "", w);
	}
	if (pick(r, 4) == 0)
		for (int k = 0; k < 6 && len < size - 1; k++)
			line[len++] = (char)(0x20 + pick(r, 0xe0));
	line[len] = '\0';
}

static void check_invariants(const struct game *g, const char *after)
{
	char why[256];
	if (invariants_check(g, why, sizeof why) < 0) {
		fprintf(stderr, "after '%s': %s\n", after, why);
		fail();
	}
}

/* One line from someone: the team playing mostly, now and then another
 * team or a script, which may speak for any. */
static void submit(struct run *r, const char *line)
{
	struct game *g = r->s->g;
	int issuer = g->active;
	int who = pick(r, 8);
	if (who == 0)
		issuer = CMD_ANY_TEAM;
	else if (who == 1)
		issuer = pick(r, g->w->nteams);
	struct game_snapshot before;
	invariants_snapshot(g, &before);
	char why[CMD_WHY_LEN], changed[256];
	int rc = session_submit(r->s, issuer, line, why);
	if (rc < 0) {
		r->refused++;
		assert_true(why[0] != '\0');
		assert_null(strchr(why, '\n'));
		if (!invariants_unchanged(g, &before, changed, sizeof changed)) {
			fprintf(stderr, "'%s' was refused (%s), yet %s\n", line,
				why, changed);
			fail();
		}
	} else if (rc == 0) {
		r->accepted++;
		check_invariants(g, line);
	}
	invariants_snapshot_free(&before);
}

/* The save of the game just played, resumed, is the same game. */
static void check_save(struct run *r)
{
	assert_non_null(r->s->j);
	char *err = NULL;
	/* A copy: the save itself is locked by the game that writes it. */
	char *copy = xasprintf("%s/copy.save", r->dir);
	FILE *in = fopen(r->s->j->path, "rb"), *out = fopen(copy, "wb");
	assert_non_null(in);
	assert_non_null(out);
	char buf[4096];
	size_t n;
	while ((n = fread(buf, 1, sizeof buf, in)) > 0)
		assert_int_equal(fwrite(buf, 1, n, out), n);
	fclose(in);
	fclose(out);
	struct session *again = session_resume(copy, r->dir, false, &err);
	if (!again)
		fprintf(stderr, "resume: %s\n", err);
	assert_non_null(again);
	assert_null(again->warning);
	assert_int_equal(again->ncmds, r->s->ncmds);
	assert_true(game_state_hash(again->g) == game_state_hash(r->s->g));
	check_invariants(again->g, "resume");
	session_free(again);
	unlink(copy);
	free(copy);
	unlink(r->s->j->path);
}

static void play_scenario(const char *name, uint64_t seed)
{
	struct run r = {0};
	rng_seed(&r.rng, seed);
	char tmpl[] = "/tmp/medsiege-props-XXXXXX";
	assert_non_null(mkdtemp(tmpl));
	r.dir = tmpl;
	char *path = xasprintf("%s/maps/%s", getenv("abs_top_srcdir")
						     ? getenv("abs_top_srcdir")
						     : ".",
			       name);
	char line[200];
	const int nlines = lines_per_scenario();
	for (int n = 0; n < nlines;) {
		char *err = NULL;
		r.s = session_new(path, seed + (uint64_t)r.games, r.dir, &err);
		if (!r.s)
			fprintf(stderr, "%s: %s\n", path, err);
		assert_non_null(r.s);
		assert_null(r.s->warning);
		struct game *g = r.s->g;
		for (int t = 0; t < g->w->nteams; t++)
			session_set_ai(r.s, t,
				       (enum ai_level)pick(&r, AI_LEVEL_COUNT));
		game_start(g);
		check_invariants(g, "the start");
		for (; n < nlines && !g->over; n++) {
			int kind = pick(&r, 10);
			if (kind < 4) {
				int before = r.s->ncmds;
				session_computer_step(r.s);
				r.computer += r.s->ncmds - before;
				check_invariants(g, "a computer move");
			} else {
				if (kind < 8)
					made_up(&r, g, line, sizeof line);
				else
					garbage(&r, g, line, sizeof line);
				submit(&r, line);
			}
		}
		check_save(&r);
		session_free(r.s);
		r.games++;
	}
	printf("%-10s %d games, %d lines accepted (%d the computer's), %d "
	       "refused\n",
	       name, r.games, r.accepted + r.computer, r.computer, r.refused);
	/* Else the stream tested nothing. */
	assert_true(r.accepted > 0 && r.refused > 0 && r.computer > 0);
	free(path);
	rmdir(tmpl);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void test_every_scenario(void **state)
{
	(void)state;
	char *dir = xasprintf("%s/maps", getenv("abs_top_srcdir")
						 ? getenv("abs_top_srcdir")
						 : ".");
	DIR *d = opendir(dir);
	assert_non_null(d);
	struct dirent *e;
	int n = 0;
	char *names[64];
	while ((e = readdir(d)) && n < 64) {
		size_t len = strlen(e->d_name);
		if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0)
			names[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	free(dir);
	assert_true(n >= 6);
	/* In name order, so each scenario always gets the same seed. */
	qsort(names, (size_t)n, sizeof names[0], by_name);
	for (int i = 0; i < n; i++) {
		play_scenario(names[i], 1000 + (uint64_t)i);
		free(names[i]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_scenario),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
