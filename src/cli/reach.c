/* reach.c: medsiege reach: how many turns and inches a unit needs to get
 * to a cell, the way drawn on the map, or never and why (rules/path.h),
 * planned with what the unit's team knows. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "cli/cli.h"
#include "cmd/cmd.h"
#include "game/orders.h"
#include "rules/path.h"

static const char reach_usage[] =
	"usage: medsiege reach SCENARIO UNIT X,Y [--script FILE|-] [--seed N] [--json]\n"
	"\n"
	"How many turns and inches UNIT needs to get to the cell X,Y from where\n"
	"it stands: its facing and a war machine's turning, doors it may open\n"
	"(2 inches each), ladders climbed over several turns, stairs and\n"
	"heights; the way drawn on the map as its team sees it, each cell marked\n"
	"with the turn it is reached in (1-9, then a-z); or never, and why. The\n"
	"first turn is what the unit has left when its team is moving now, else\n"
	"a full move. Enemies block only when the unit's team knows they are\n"
	"there, as its own plans do.\n"
	"\n"
	"  --script FILE    apply these commands first ('-': standard input)\n"
	"  --seed N         seed the dice for the script (default 1)\n"
	"  --json           one JSON object: unit, from, to, turns, inches,\n"
	"                   left, path (each action with its cell and turn), or\n"
	"                   never and why\n"
	"  -h, --help       show this help\n";

/* The unit named s, or -1 having said which ids come near. */
static int find_unit(const struct world *w, const char *s)
{
	int u = world_find_unit(w, s);
	if (u >= 0)
		return u;
	const char **ids = xcalloc((size_t)w->nunits + 1, sizeof *ids);
	for (int i = 0; i < w->nunits; i++)
		ids[i] = w->units[i].id;
	const char *near = util_nearest(s, ids, w->nunits);
	if (near)
		cli_warn("medsiege reach: no unit '%s'; did you mean '%s'?", s,
			 near);
	else
		cli_warn("medsiege reach: no unit '%s'", s);
	free(ids);
	return -1;
}

static const char *const act_names[] = {"step", "face", "open"};

/* The mark of turn t on the map. */
static char turn_mark(int t)
{
	return t <= 9 ? (char)('0' + t) : t <= 35 ? (char)('a' + t - 10) : '*';
}

static void print_text(const struct game *g, int idx, const struct path *p,
		       int tx, int ty)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	char a[24], b[24];
	printf("%s (%s, %s) at %d,%d facing %s, to %d,%d: ", u->id,
	       world_type(w, u)->id, w->teams[u->team].name, u->x, u->y,
	       dir_names[u->facing], tx, ty);
	if (p->turns < 0) {
		printf("never: %s\n", p->why);
		return;
	}
	if (p->turns == 0) {
		printf("already there\n");
		return;
	}
	printf("%d turn%s, %s (%s left in the last turn)\n", p->turns,
	       p->turns == 1 ? "" : "s", move_inches_unit(p->cost, a),
	       move_inches_unit(p->left, b));
	for (int i = 0; i < p->nsteps; i++) {
		const struct path_step *s = &p->steps[i];
		char when[32];
		if (s->begun < s->turn)
			snprintf(when, sizeof when, "turns %d-%d", s->begun,
				 s->turn);
		else
			snprintf(when, sizeof when, "turn %d", s->turn);
		const char *what = s->act == PATH_FACE ? "face"
				   : s->act == PATH_OPEN ? "open the door"
				   : s->begun < s->turn ? "climb"
							: "step";
		printf("  %-10s %s %-2s %s %d,%d, %s\n", when, what,
		       dir_names[s->dir], s->act == PATH_STEP ? "to" : "at",
		       s->x, s->y, move_inches_unit(s->cost, a));
	}
	/* The map as the team sees it, with the way on it. */
	const struct knowledge *k = game_knowledge(g, u->team);
	char *overlay = xcalloc((size_t)w->map.w * (size_t)w->map.h, 1);
	for (int i = 0; i < p->nsteps; i++)
		if (p->steps[i].act == PATH_STEP)
			overlay[p->steps[i].y * w->map.w + p->steps[i].x] =
				turn_mark(p->steps[i].turn);
	cli_draw_map(g, k, overlay);
	free(overlay);
}

static void print_json(const struct game *g, int idx, const struct path *p,
		       int tx, int ty)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	struct strbuf b;
	char n[16];
	strbuf_init(&b);
	strbuf_add(&b, "{\"unit\":");
	strbuf_add_json(&b, u->id);
	strbuf_addf(&b, ",\"from\":[%d,%d],\"facing\":\"%s\",\"to\":[%d,%d],",
		    u->x, u->y, dir_names[u->facing], tx, ty);
	if (p->turns < 0) {
		strbuf_add(&b, "\"never\":true,\"why\":");
		strbuf_add_json(&b, p->why);
		strbuf_add(&b, "}");
		puts(b.s);
		strbuf_free(&b);
		return;
	}
	strbuf_addf(&b, "\"turns\":%d,\"inches\":%s,", p->turns,
		    move_inches(p->cost, n));
	strbuf_addf(&b, "\"left\":%s,\"path\":[", move_inches(p->left, n));
	for (int i = 0; i < p->nsteps; i++) {
		const struct path_step *s = &p->steps[i];
		strbuf_addf(&b,
			    "%s{\"x\":%d,\"y\":%d,\"turn\":%d,\"begun\":%d,"
			    "\"act\":\"%s\",\"dir\":\"%s\",\"inches\":%s}",
			    i ? "," : "", s->x, s->y, s->turn, s->begun,
			    act_names[s->act], dir_names[s->dir],
			    move_inches(s->cost, n));
	}
	strbuf_add(&b, "]}");
	puts(b.s);
	strbuf_free(&b);
}

/* The way for unit idx to tx,ty, planned as its team knows the field. */
static void plan(struct game *g, int idx, int tx, int ty, struct path *p)
{
	const struct world *w = g->w;
	const struct unit *u = &w->units[idx];
	const struct knowledge *k = game_knowledge(g, u->team);
	unsigned char *exits = game_exit_cells(g, u->team);
	bool moving = g->active == u->team && g->step == STEP_MOVEMENT;
	struct path_query q = {
		.known = k->units,
		.tx = tx,
		.ty = ty,
		.exits = exits,
		.first = moving ? u->move_left : 2 * world_type(w, u)->move,
	};
	path_find(w, idx, &q, p);
	free(exits);
}

int cli_reach(int argc, char **argv)
{
	struct cli_scene o;
	int rc = cli_scene_options("medsiege reach", reach_usage, argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (optind != argc - 3 || o.team) {
		fputs(reach_usage, stderr);
		return EXIT_USAGE;
	}
	int team;
	struct session *s = cli_scene_open("medsiege reach", argv[optind], &o,
					   &team, &rc);
	if (!s)
		return rc;
	struct game *g = s->g;
	int idx = find_unit(g->w, argv[optind + 1]), x, y;
	char why[CMD_WHY_LEN];
	if (idx >= 0 && cmd_xy_arg(g, argv[optind + 2], &x, &y, why) != 0) {
		cli_warn("medsiege reach: %s", why);
		idx = -1;
	}
	if (idx < 0) {
		session_free(s);
		return EXIT_USAGE;
	}
	struct path p;
	plan(g, idx, x, y, &p);
	if (o.json)
		print_json(g, idx, &p, x, y);
	else
		print_text(g, idx, &p, x, y);
	path_free(&p);
	session_free(s);
	return 0;
}
