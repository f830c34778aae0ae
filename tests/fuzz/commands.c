/* commands.c: fuzz the command parser by playing a stream of command
 * lines against a shipped or test scenario. The input is a script:
 * "# scenario: NAME" picks the battle (by file name, default tutorial),
 * "# seed: N" the dice, and "# as: TEAM|active|any" who gives the lines
 * after it (default any, as a script or a save). A refused line must
 * change nothing, every event must read as one line to every team, the
 * game must hold its invariants at the end, and replaying the accepted
 * lines as a save would must end in the same state. */
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "fuzz.h"
#include "game/report.h"
#include "../invariants.h"

const char fuzz_name[] = "commands";

/* The battles an input may name, loaded once. */
static struct battle {
	char *name; /* the file name without .yaml */
	struct scenario sc;
} *battles;
static int nbattles;

static void load_folder(const char *rel)
{
	char *dir = xasprintf("%s/%s", fuzz_srcdir(), rel);
	DIR *d = opendir(dir);
	if (!d)
		fuzz_fail("cannot read %s", dir);
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 6 || strcmp(e->d_name + n - 5, ".yaml") != 0)
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		struct scenario sc;
		char *err = NULL;
		/* Some test files are meant to be refused. */
		if (scenario_load(path, &sc, &err) == 0) {
			battles = xrealloc(battles, (size_t)(nbattles + 1) *
							    sizeof *battles);
			battles[nbattles].name = xasprintf("%.*s", (int)(n - 5),
							   e->d_name);
			battles[nbattles++].sc = sc;
		}
		free(err);
		free(path);
	}
	closedir(d);
	free(dir);
}

static void free_battles(void)
{
	for (int i = 0; i < nbattles; i++) {
		free(battles[i].name);
		scenario_free(&battles[i].sc);
	}
	free(battles);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	load_folder("maps");
	load_folder("tests/golden/maps");
	load_folder("tests/ui");
	load_folder("tests/data");
	if (nbattles == 0)
		fuzz_fail("no scenario to play");
	atexit(free_battles);
	return 0;
}

/* The battle "# scenario: PATH" names, by its file name. */
static const struct scenario *find_battle(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	size_t n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".yaml") == 0)
		n -= 5;
	for (int i = 0; i < nbattles; i++)
		if (strlen(battles[i].name) == n &&
		    strncmp(battles[i].name, base, n) == 0)
			return &battles[i].sc;
	return NULL;
}

static struct game *start(const struct scenario *sc, uint64_t seed,
			  game_listener listen, void *ctx)
{
	struct scenario copy;
	fuzz_copy_scenario(&copy, sc);
	struct game *g = game_new(&copy, seed);
	if (listen)
		game_listen(g, listen, ctx);
	game_start(g);
	return g;
}

/* Every event, as every team and a spectator would read it. */
static void report(void *ctx, const struct game *g, const struct event *ev)
{
	struct strbuf *b = ctx;
	for (int t = REPORT_ALL; t < g->w->nteams; t++) {
		b->len = 0;
		b->s[0] = '\0';
		report_event_text(g, ev, t, b);
		report_event_json(g, ev, t, b);
		if (strchr(b->s, '\n'))
			fuzz_fail("event %s reads as more than one line: %s",
				  event_names[ev->type], b->s);
	}
}

/* A header line's value: "# KEY: value". */
static const char *header(const char *line, const char *key)
{
	size_t n = strlen(key);
	if (strncmp(line, "# ", 2) != 0 || strncmp(line + 2, key, n) != 0 ||
	    line[2 + n] != ':')
		return NULL;
	const char *v = line + 3 + n;
	while (*v == ' ')
		v++;
	return v;
}

static int issuer_of(const struct game *g, const char *who, int current)
{
	if (strcmp(who, "any") == 0)
		return CMD_ANY_TEAM;
	if (strcmp(who, "active") == 0)
		return MAX_TEAMS; /* resolved line by line */
	int t = world_find_team(g->w, who);
	return t >= 0 ? t : current;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_cstr(data, size);
	int nlines = 0;
	char **lines = NULL;
	for (char *p = text, *nl; p; p = nl ? nl + 1 : NULL) {
		nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		lines = xrealloc(lines, (size_t)(nlines + 1) * sizeof *lines);
		lines[nlines++] = p;
	}
	const struct scenario *sc = find_battle("tutorial");
	uint64_t seed = 1;
	for (int i = 0; i < nlines; i++) {
		const char *v;
		if ((v = header(lines[i], "scenario")) && find_battle(v))
			sc = find_battle(v);
		else if ((v = header(lines[i], "seed")))
			seed = strtoull(v, NULL, 10);
	}
	if (!sc)
		sc = &battles[0].sc;

	struct strbuf events;
	strbuf_init(&events);
	struct game *g = start(sc, seed, report, &events);
	char why[CMD_WHY_LEN], broken[256];
	if (invariants_check(g, broken, sizeof broken) < 0)
		fuzz_fail("at the start: %s", broken);
	int issuer = CMD_ANY_TEAM, naccepted = 0;
	const char **accepted = xcalloc((size_t)nlines, sizeof *accepted);
	for (int i = 0; i < nlines; i++) {
		const char *v = header(lines[i], "as");
		if (v) {
			issuer = issuer_of(g, v, issuer);
			continue;
		}
		/* The state hash only, line by line: the full checks cost as
		 * much as the game, and tests/test_props makes them all after
		 * every line of its streams. */
		uint64_t before = game_state_hash(g);
		int who = issuer == MAX_TEAMS ? g->active : issuer;
		why[0] = '\0';
		int rc = cmd_execute(g, who, lines[i], why);
		if (rc < 0 && (!why[0] || strchr(why, '\n')))
			fuzz_fail("line %d refused with '%s'", i + 1, why);
		if (rc != 0 && game_state_hash(g) != before)
			fuzz_fail("line %d was %s, yet the state changed", i + 1,
				  rc < 0 ? "refused" : "blank");
		if (rc == 0)
			accepted[naccepted++] = lines[i];
	}
	if (invariants_check(g, broken, sizeof broken) < 0)
		fuzz_fail("after %d lines: %s", nlines, broken);

	/* As a save resumes: the same seed, the accepted lines, no issuer. */
	struct game *again = start(sc, seed, NULL, NULL);
	for (int i = 0; i < naccepted; i++)
		if (cmd_execute(again, CMD_ANY_TEAM, accepted[i], why) != 0)
			fuzz_fail("replayed, '%s' is refused: %s", accepted[i], why);
	if (game_state_hash(again) != game_state_hash(g))
		fuzz_fail("the replay of %d lines ends in another state",
			  naccepted);
	game_free(again);
	game_free(g);
	strbuf_free(&events);
	free(accepted);
	free(lines);
	free(text);
	return 0;
}
