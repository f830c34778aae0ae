/* play.c: medsiege [SCENARIO]: hot seat in the terminal. */
#include <getopt.h>
#include <locale.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cmd/cmd.h"
#include "ui/ui.h"

static const char play_usage[] =
	"usage: medsiege [SCENARIO] [--seed N]\n"
	"\n"
	"Play SCENARIO (a path, or the name of an installed scenario; default\n"
	"gatehouse) hot seat in this terminal: the teams take turns at the\n"
	"keyboard, and the screen is curtained between them. Press ? in the\n"
	"game for every key.\n"
	"\n"
	"  --seed N         seed the dice (default: from the clock; shown in the log)\n"
	"  -h, --help       show this help\n";

/* Every command line from the screen goes through here: the save journal
 * will be written at this point. */
static int submit_line(void *ctx, struct game *g, const char *line, char *why)
{
	(void)ctx;
	return cmd_execute(g, line, why);
}

int cli_play(int argc, char **argv)
{
	static const struct option opts[] = {
		{"seed", required_argument, NULL, 's'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	uint64_t seed = 0;
	bool have_seed = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!cli_parse_u64(optarg, &seed)) {
				fprintf(stderr, "medsiege: --seed needs a number, not '%s'\n",
					optarg);
				return EXIT_USAGE;
			}
			have_seed = true;
			break;
		case 'h':
			fputs(play_usage, stdout);
			return 0;
		default:
			fputs(play_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind > 1) {
		fputs(play_usage, stderr);
		return EXIT_USAGE;
	}
	const char *name = optind < argc ? argv[optind] : "gatehouse";
	setlocale(LC_ALL, "");
	if (!have_seed)
		seed = cli_clock_seed();
	struct game *g = cli_load_game(name, seed);
	if (!g)
		return EXIT_USAGE;
	game_start(g);
	struct ui_submit submit = {submit_line, NULL};
	int status = ui_play(g, &submit);
	game_free(g);
	return status;
}
