/* los.c: medsiege los: a line of sight explained, step by step, from the
 * same functions the game enforces sight and shots with. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "game/los.h"

static const char los_usage[] =
	"usage: medsiege los SCENARIO A B [--team T] [--script FILE|-] [--seed N] [--json]\n"
	"\n"
	"Explain the line of sight from A to B, each a unit id or a cell X,Y:\n"
	"every cell the line passes through and every corner it crosses with\n"
	"the cells beside it, each blocker and why it blocks, the distance, the\n"
	"arc, the cover that counts and from which cell, and the verdicts: the\n"
	"line, whether A sees B, and a shot from A at B. Without --team this is\n"
	"a designer's tool and knows everything, hidden units included.\n"
	"\n"
	"  --team T         only what team T knows: A and B must be units it\n"
	"                   knows are on the field, or cells; cells it never saw\n"
	"                   count as open ground, units it does not see are left out\n"
	"  --script FILE    apply these commands first ('-': standard input)\n"
	"  --seed N         seed the dice for the script (default 1)\n"
	"  --json           one JSON object\n"
	"  -h, --help       show this help\n";

static void script_error(void *ctx, int lineno, const char *line, const char *why)
{
	(void)ctx;
	cli_warn("medsiege los: line %d: %s: %s", lineno, line, why);
}

int cli_los(int argc, char **argv)
{
	static const struct option opts[] = {
		{"team", required_argument, NULL, 't'},
		{"script", required_argument, NULL, 'f'},
		{"seed", required_argument, NULL, 's'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *team_name = NULL, *script = NULL;
	uint64_t seed = 1;
	bool json = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			team_name = optarg;
			break;
		case 'f':
			script = optarg;
			break;
		case 's':
			if (!cli_seed_arg("medsiege los", optarg, &seed))
				return EXIT_USAGE;
			break;
		case 'j':
			json = true;
			break;
		case 'h':
			fputs(los_usage, stdout);
			return 0;
		default:
			fputs(los_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 3) {
		fputs(los_usage, stderr);
		return EXIT_USAGE;
	}
	char *err = NULL;
	struct session *s = session_new(argv[optind], seed, "", &err);
	if (!s) {
		cli_warn("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	struct game *g = s->g;
	int team = -1;
	if (team_name && (team = world_find_team(g->w, team_name)) < 0) {
		struct strbuf b;
		strbuf_init(&b);
		for (int t = 0; t < g->w->nteams; t++)
			strbuf_addf(&b, " %s", g->w->teams[t].name);
		cli_warn("medsiege los: no team '%s'; teams:%s", team_name, b.s);
		strbuf_free(&b);
		session_free(s);
		return EXIT_USAGE;
	}
	game_start(g);
	char *serr = NULL;
	if (script &&
	    cli_apply_script(s, script, false, script_error, NULL, &serr) < 0) {
		cli_warn("medsiege los: %s", serr);
		free(serr);
		session_free(s);
		return EXIT_RUNTIME;
	}
	struct los_end a, b;
	char why[GAME_WHY_LEN];
	if (los_parse_end(g, team, argv[optind + 1], &a, why, sizeof why) ||
	    los_parse_end(g, team, argv[optind + 2], &b, why, sizeof why)) {
		cli_warn("medsiege los: %s", why);
		session_free(s);
		return EXIT_USAGE;
	}
	struct los_report r;
	los_explain(g, team, a, b, &r);
	struct strbuf out;
	strbuf_init(&out);
	if (json)
		los_report_json(&r, &out);
	else
		los_report_text(&r, &out);
	fputs(out.s, stdout);
	if (json)
		putchar('\n');
	strbuf_free(&out);
	los_report_free(&r);
	session_free(s);
	return 0;
}
