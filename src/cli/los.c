/* los.c: medsiege los: a line of sight explained, step by step, from the
 * same functions the game enforces sight and shots with. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

int cli_los(int argc, char **argv)
{
	struct cli_scene o;
	int rc = cli_scene_options("medsiege los", los_usage, argc, argv, &o);
	if (rc >= 0)
		return rc;
	if (optind != argc - 3) {
		fputs(los_usage, stderr);
		return EXIT_USAGE;
	}
	int team;
	struct session *s = cli_scene_open("medsiege los", argv[optind], &o,
					   &team, &rc);
	if (!s)
		return rc;
	struct game *g = s->g;
	bool json = o.json;
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
