/* wire.c: what a legend's names and colours cost on the wire. Plays each
 * scenario given, seed 1, every team the normal computer player, keeping
 * each team's record as a host does (net/wire.h), twice: as written, and
 * with a colour given to every symbol of its grid but open ground (a
 * label added to each cell in memory, which no rule reads, so the game is
 * the same). Prints each record's bytes, its terrain lines, and what the
 * colours added. Figures only; bench/colour.sh runs it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "net/wire.h"

struct records {
	int n;
	struct wire_team t[MAX_TEAMS];
};

static void on_event(void *ctx, const struct game *g, const struct event *ev)
{
	struct records *r = ctx;
	for (int i = 0; i < r->n; i++)
		wire_team_event(&r->t[i], g, ev);
}

/* Every symbol but '.' drawn in a colour of its own, by symbol. */
static void colour_all(struct map *m)
{
	for (int i = 0; i < m->w * m->h; i++) {
		struct cell *c = &m->cells[i];
		if (c->t.sym == '.')
			continue;
		int k = map_label(m, "", (enum terrain_colour)(1 + c->t.sym % 8));
		if (k > 0)
			c->t.label = (unsigned short)k;
	}
}

/* One game; each team's record bytes and terrain lines into bytes and
 * tlines. */
static int play(const char *path, bool colour, size_t *bytes, int *tlines,
		int *nteams)
{
	struct scenario sc;
	char *err = NULL;
	if (scenario_load(path, &sc, &err) != 0) {
		fprintf(stderr, "%s\n", err);
		free(err);
		return -1;
	}
	if (colour)
		colour_all(&sc.world.map);
	struct game *g = game_new(&sc, 1);
	struct records r = {.n = g->w->nteams};
	for (int i = 0; i < r.n; i++)
		wire_team_init(&r.t[i], g, i);
	game_listen(g, on_event, &r);
	game_start(g);
	struct ai *ai[MAX_TEAMS];
	for (int i = 0; i < r.n; i++)
		ai[i] = ai_new(g, i, AI_NORMAL);
	char line[AI_LINE_LEN], why[CMD_WHY_LEN];
	for (int n = 0; n < 20000 && !g->over && g->round <= 50; n++) {
		ai_next(ai[g->active], g, line, sizeof line);
		if (cmd_execute(g, g->active, line, why) != 0)
			ai_rejected(ai[g->active]);
		for (int i = 0; i < r.n; i++)
			wire_team_sync(&r.t[i], g);
	}
	for (int i = 0; i < r.n; i++) {
		bytes[i] = r.t[i].bytes;
		tlines[i] = 0;
		for (int k = 0; k < r.t[i].n; k++)
			tlines[i] += strstr(r.t[i].lines[k],
					    "{\"type\":\"terrain\"") != NULL;
		ai_free(ai[i]);
		wire_team_free(&r.t[i]);
	}
	*nteams = r.n;
	game_unlisten(g, on_event, &r);
	game_free(g);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: bench/wire SCENARIO...\n");
		return 2;
	}
	printf("%-12s %-6s %9s %9s %8s %7s %9s\n", "scenario", "team",
	       "plain B", "colour B", "added B", "added%", "terrain");
	for (int a = 1; a < argc; a++) {
		size_t plain[MAX_TEAMS], col[MAX_TEAMS];
		int tl[MAX_TEAMS], tl2[MAX_TEAMS], n;
		if (play(argv[a], false, plain, tl, &n) != 0 ||
		    play(argv[a], true, col, tl2, &n) != 0)
			return 1;
		const char *name = strrchr(argv[a], '/');
		name = name ? name + 1 : argv[a];
		for (int i = 0; i < n; i++)
			printf("%-12.12s %-6d %9zu %9zu %8zu %6.2f%% %4d/%-4d\n",
			       name, i, plain[i], col[i], col[i] - plain[i],
			       100.0 * (double)(col[i] - plain[i]) / (double)plain[i],
			       tl[i], tl2[i]);
	}
	printf("(a record: every line a team's player is sent, seed 1, the "
	       "normal player for every team; terrain: its terrain lines, "
	       "plain/coloured)\n");
	return 0;
}
