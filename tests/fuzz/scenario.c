/* scenario.c: fuzz the scenario loader. The input is a scenario file, read
 * as if it were maps/input.yaml (so "roster: ../units/standard.yaml"
 * finds the shipped roster). It is either refused with a message naming a
 * file, or it loads a battle that starts, holds its invariants, and plays
 * a few rounds of ended steps. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "fuzz.h"
#include "../invariants.h"

const char fuzz_name[] = "scenario";

static char *path;

static void free_path(void)
{
	free(path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	path = xasprintf("%s/maps/input.yaml", fuzz_srcdir());
	atexit(free_path);
	return 0;
}

static void play(struct scenario *sc)
{
	char why[CMD_WHY_LEN], broken[256];
	struct game *g = game_new(sc, 1);
	game_start(g);
	if (invariants_check(g, broken, sizeof broken) < 0)
		fuzz_fail("at the start: %s", broken);
	/* Two rounds of every team ending its three steps, until a melee
	 * must be fought first. */
	for (int i = 0; i < 6 * g->w->nteams && !g->over; i++) {
		struct game_snapshot before;
		invariants_snapshot(g, &before);
		int rc = cmd_execute(g, CMD_ANY_TEAM, "end", why);
		bool same = rc != 0 &&
			    invariants_unchanged(g, &before, broken, sizeof broken);
		invariants_snapshot_free(&before);
		if (rc != 0) {
			if (!same)
				fuzz_fail("end was refused (%s), yet %s", why,
					  broken);
			break;
		}
		if (invariants_check(g, broken, sizeof broken) < 0)
			fuzz_fail("after %d ends: %s", i + 1, broken);
	}
	game_free(g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct scenario sc;
	char *err = NULL;
	if (scenario_load_string(path, (const char *)data, size, &sc, &err) != 0) {
		/* The scenario's own errors name it, the roster's the roster. */
		if (!err || err[0] != '/')
			fuzz_fail("refused without naming the file: %s",
				  err ? err : "(no message)");
		if (sc.name || sc.world.units || sc.world.map.cells)
			fuzz_fail("a refused scenario half-loaded");
		free(err);
		return 0;
	}
	if (err)
		fuzz_fail("loaded, yet with a message: %s", err);
	if (sc.world.nteams < 2 || (sc.ngoals == 0 && sc.rounds == 0))
		fuzz_fail("a battle that cannot be played loaded");
	play(&sc);
	return 0;
}
