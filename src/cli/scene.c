/* scene.c: what view and los share: a scenario seen by one team (or by
 * the designer), after a script of commands. */
#include <getopt.h>
#include <stdlib.h>

#include "base/util.h"
#include "cli/cli.h"

int cli_scene_options(const char *who, const char *usage, int argc,
		      char **argv, struct cli_scene *o)
{
	static const struct option opts[] = {
		{"team", required_argument, NULL, 't'},
		{"script", required_argument, NULL, 'f'},
		{"seed", required_argument, NULL, 's'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	*o = (struct cli_scene){.seed = 1};
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			o->team = optarg;
			break;
		case 'f':
			o->script = optarg;
			break;
		case 's':
			if (!cli_seed_arg(who, optarg, &o->seed))
				return EXIT_USAGE;
			break;
		case 'j':
			o->json = true;
			break;
		case 'h':
			fputs(usage, stdout);
			return 0;
		default:
			fputs(usage, stderr);
			return EXIT_USAGE;
		}
	}
	return -1;
}

static void script_error(void *ctx, int lineno, const char *line,
			 const char *why)
{
	cli_warn("%s: line %d: %s: %s", (const char *)ctx, lineno, line, why);
}

struct session *cli_scene_open(const char *who, const char *scenario,
			       const struct cli_scene *o, int *team,
			       int *status)
{
	char *err = NULL;
	struct session *s = session_new(scenario, o->seed, "", &err);
	if (!s) {
		cli_warn("%s", err);
		free(err);
		*status = EXIT_USAGE;
		return NULL;
	}
	const struct world *w = s->g->w;
	*team = -1;
	if (o->team && (*team = world_find_team(w, o->team)) < 0) {
		struct strbuf b;
		strbuf_init(&b);
		for (int t = 0; t < w->nteams; t++)
			strbuf_addf(&b, " %s", w->teams[t].name);
		cli_warn("%s: no team '%s'; teams:%s", who, o->team, b.s);
		strbuf_free(&b);
		session_free(s);
		*status = EXIT_USAGE;
		return NULL;
	}
	game_start(s->g);
	char *serr = NULL;
	if (o->script && cli_apply_script(s, o->script, false, script_error,
					  (void *)who, &serr) < 0) {
		cli_warn("%s: %s", who, serr);
		free(serr);
		session_free(s);
		*status = EXIT_RUNTIME;
		return NULL;
	}
	return s;
}
