/* view.c: medsiege view: the battlefield as one team sees it. */
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "game/legend.h"
#include "world/vision.h"

static const char view_usage[] =
	"usage: medsiege view SCENARIO --team T [--script FILE|-] [--seed N] [--json]\n"
	"\n"
	"Print the battlefield as team T sees it now (after the script's\n"
	"commands, if any): cells it sees with every unit on them, cells it\n"
	"saw before as it last saw them (without units), and blanks where it\n"
	"has never looked. Its own units are always shown.\n"
	"\n"
	"  --team T         the viewing team (name, case-insensitive)\n"
	"  --script FILE    apply these commands first ('-': standard input)\n"
	"  --seed N         seed the dice for the script (default 1)\n"
	"  --json           one JSON object: team, round, width, height,\n"
	"                   visible (rows of 0/1), the units in view,\n"
	"                   where it last saw the enemies it no longer sees\n"
	"                   and the terrain it saw that the legend names\n"
	"  -h, --help       show this help\n";

static void print_json(const struct game *g, const struct knowledge *k)
{
	const struct world *w = g->w;
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"team\":");
	strbuf_add_json(&b, w->teams[k->team].name);
	strbuf_addf(&b, ",\"round\":%d,\"width\":%d,\"height\":%d,\"visible\":[",
		    g->round, w->map.w, w->map.h);
	for (int y = 0; y < w->map.h; y++) {
		strbuf_add(&b, y ? ",\"" : "\"");
		for (int x = 0; x < w->map.w; x++)
			strbuf_addc(&b, knowledge_sees(k, x, y) ? '1' : '0');
		strbuf_addc(&b, '"');
	}
	strbuf_add(&b, "],\"units\":[");
	int n = 0;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (!knowledge_knows(k, i))
			continue;
		strbuf_add(&b, n++ ? ",{\"id\":" : "{\"id\":");
		strbuf_add_json(&b, u->id);
		strbuf_add(&b, ",\"type\":");
		strbuf_add_json(&b, world_type(w, u)->id);
		strbuf_add(&b, ",\"team\":");
		strbuf_add_json(&b, w->teams[u->team].name);
		strbuf_addf(&b, ",\"x\":%d,\"y\":%d,\"facing\":\"%s\"}", u->x, u->y,
			    dir_names[u->facing]);
	}
	/* The enemies it saw before and does not see now: where and when it
	 * last saw them, as its own memory has it. */
	strbuf_add(&b, "],\"last_seen\":[");
	n = 0;
	for (int i = 0; i < w->nunits; i++) {
		const struct last_seen *l = &k->last[i];
		if (knowledge_knows(k, i) || w->units[i].team == k->team ||
		    l->round < 0)
			continue;
		strbuf_add(&b, n++ ? ",{\"id\":" : "{\"id\":");
		strbuf_add_json(&b, w->units[i].id);
		strbuf_add(&b, ",\"team\":");
		strbuf_add_json(&b, w->teams[w->units[i].team].name);
		strbuf_addf(&b, ",\"x\":%d,\"y\":%d,\"round\":%d%s}", l->x,
			    l->y, l->round, l->gone ? ",\"gone\":true" : "");
	}
	strbuf_addc(&b, ']');
	/* Only a legend that names or colours terrain adds this. */
	int nt;
	struct legend_line *t = legend_lines(g, k->team, true, &nt);
	for (int i = 0; i < nt; i++) {
		char sym[2] = {t[i].sym, 0};
		strbuf_add(&b, i ? ",{\"sym\":" : ",\"terrain\":[{\"sym\":");
		strbuf_add_json(&b, sym);
		strbuf_add(&b, ",\"name\":");
		strbuf_add_json(&b, t[i].name);
		strbuf_add(&b, ",\"words\":");
		strbuf_add_json(&b, t[i].words);
		strbuf_add(&b, ",\"traits\":");
		strbuf_add_json(&b, t[i].traits);
		strbuf_add(&b, ",\"colour\":");
		strbuf_add_json(&b, terrain_colour_names[t[i].colour]);
		strbuf_add(&b, i == nt - 1 ? "}]" : "}");
	}
	free(t);
	strbuf_add(&b, "}");
	puts(b.s);
	strbuf_free(&b);
}

/* The terrain the scenario's legend names or colours, as the team has
 * seen it (nothing for a map of standard symbols). */
static void print_labelled(const struct game *g, const struct knowledge *k)
{
	int nt;
	struct legend_line *t = legend_lines(g, k->team, true, &nt);
	if (nt)
		printf("The map's own terrain, as %s has seen it:\n",
		       g->w->teams[k->team].name);
	for (int i = 0; i < nt; i++) {
		printf("  %c  %s%s%s", t[i].sym, t[i].words,
		       t[i].traits[0] ? ": " : "", t[i].traits);
		if (t[i].colour != TCOLOUR_NONE)
			printf("; drawn %s", terrain_colour_names[t[i].colour]);
		putchar('\n');
	}
	free(t);
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

void cli_draw_map(const struct game *g, const struct knowledge *k,
		  const char *overlay)
{
	const struct world *w = g->w;
	const unsigned char *view = k->view, *mem = k->memory;
	int W = w->map.w;
	if (W > 10) {
		printf("    ");
		for (int x = 0; x < W; x++)
			putchar(x >= 10 ? '0' + (x / 10) % 10 : ' ');
		putchar('\n');
	}
	printf("    ");
	for (int x = 0; x < W; x++)
		putchar('0' + x % 10);
	putchar('\n');
	char *row = xmalloc((size_t)W + 1);
	for (int y = 0; y < w->map.h; y++) {
		for (int x = 0; x < W; x++) {
			int i = y * W + x;
			row[x] = view[i] ? cell_symbol(&w->map.cells[i])
				 : mem[i] ? (char)mem[i] : ' ';
		}
		for (int i = 0; i < w->nunits; i++) {
			const struct unit *u = &w->units[i];
			if (u->y == y && knowledge_knows(k, i))
				row[u->x] = world_type(w, u)->symbol;
		}
		for (int x = 0; overlay && x < W; x++)
			if (overlay[y * W + x])
				row[x] = overlay[y * W + x];
		row[W] = '\0';
		/* Trailing blanks carry nothing. */
		for (int x = W - 1; x >= 0 && row[x] == ' '; x--)
			row[x] = '\0';
		printf("%3d %s\n", y, row);
	}
	free(row);
}

static void print_text(const struct game *g, const struct knowledge *k)
{
	const struct world *w = g->w;
	const unsigned char *view = k->view;
	int team = k->team;
	int W = w->map.w;
	printf("%s as %s sees it: round %d, %s, %s\n", g->sc.name,
	       w->teams[team].name, g->round, w->teams[g->active].name,
	       step_labels[g->step]);
	cli_draw_map(g, k, NULL);
	print_labelled(g, k);
	int seen = 0, total = W * w->map.h;
	for (int i = 0; i < total; i++)
		seen += view[i];
	printf("%s sees %d of %d cells. Units in view:\n", w->teams[team].name,
	       seen, total);
	/* Columns as wide as their longest entry, among the units shown
	 * only: an unseen unit's long id must not widen them. */
	int idw = 4, typew = 14, teamw = 6;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (!knowledge_knows(k, i))
			continue;
		idw = max_int(idw, (int)strlen(u->id));
		typew = max_int(typew, (int)strlen(world_type(w, u)->id));
		teamw = max_int(teamw, (int)strlen(w->teams[u->team].name));
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (knowledge_knows(k, i))
			printf("  %-*s %c %-*s %-*s at %d,%d facing %s\n", idw,
			       u->id, world_type(w, u)->symbol, typew,
			       world_type(w, u)->id, teamw, w->teams[u->team].name,
			       u->x, u->y, dir_names[u->facing]);
	}
}

int cli_view(int argc, char **argv)
{
	struct cli_scene o;
	int rc = cli_scene_options("medsiege view", view_usage, argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (optind != argc - 1 || !o.team) {
		fputs(view_usage, stderr);
		return EXIT_USAGE;
	}
	int team;
	struct session *s = cli_scene_open("medsiege view", argv[optind], &o,
					   &team, &rc);
	if (!s)
		return rc;
	struct game *g = s->g;
	/* Everything printed comes from what the team knows. */
	const struct knowledge *k = game_knowledge(g, team);
	if (o.json)
		print_json(g, k);
	else
		print_text(g, k);
	session_free(s);
	return 0;
}
