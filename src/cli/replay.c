/* replay.c: medsiege replay SAVE: watch a saved game in the terminal. */
#include <getopt.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "net/priv.h"
#include "net/store.h"
#include "save/journal.h"
#include "ui/ui.h"

static const char replay_usage[] =
	"usage: medsiege replay SAVE|GAME [--team T] [--round N] [--force]\n"
	"\n"
	"Watch a saved game in the terminal, one command at a time, forwards\n"
	"and backwards (n and p), by round (] and [, g to go to a round), as\n"
	"one team saw it or with everything shown (t switches). GAME is a\n"
	"finished hosted game you played in (or whose seat key or watch code\n"
	"you hold, asked for at a prompt): a copy of it is kept for you in\n"
	"your state folder's replays/GAME, then replayed.\n"
	"\n"
	"  --team T         start with team T's view (default: everything)\n"
	"  --round N        start at round N\n"
	"  --force          replay it even if its scenario changed since it\n"
	"                   began, or its replay comes out differently from the\n"
	"                   game it recorded (refused without it: exit 2)\n"
	"  -h, --help       show this help\n";

struct replay_src {
	struct journal_data d;
};

/* The game after the first k commands; listen hears the k-th. */
static struct game *build(void *ctx, int k, game_listener listen, void *lctx)
{
	struct replay_src *src = ctx;
	struct scenario sc;
	char *err = NULL;
	if ((src->d.roster ? scenario_load_copy(src->d.scenario, src->d.roster,
						&sc, &err)
			   : scenario_load(src->d.scenario, &sc, &err)) != 0) {
		free(err);
		return NULL;
	}
	struct game *g = game_new(&sc, src->d.seed);
	if (src->d.manual_dice)
		game_set_dice(g, DICE_MANUAL);
	game_start(g);
	char why[CMD_WHY_LEN];
	for (int i = 0; i < k; i++) {
		if (i == k - 1 && listen)
			game_listen(g, listen, lctx);
		cmd_execute(g, CMD_ANY_TEAM, src->d.cmds[i], why);
	}
	if (k == 0 && listen)
		game_listen(g, listen, lctx);
	return g;
}

int cli_replay(int argc, char **argv)
{
	static const struct option opts[] = {
		{"team", required_argument, NULL, 't'},
		{"round", required_argument, NULL, 'r'},
		{"force", no_argument, NULL, 'F'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	const char *team = NULL;
	uint64_t round = 0;
	bool force = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			team = optarg;
			break;
		case 'r':
			if (!cli_parse_u64(optarg, &round)) {
				cli_warn("medsiege replay: --round needs a number, not '%s'",
					 optarg);
				return EXIT_USAGE;
			}
			break;
		case 'F':
			force = true;
			break;
		case 'h':
			fputs(replay_usage, stdout);
			return 0;
		default:
			fputs(replay_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		priv_drop();
		fputs(replay_usage, stderr);
		return EXIT_USAGE;
	}
	/* A game's name (never a file's: a save's name has a dot) is a
	 * finished hosted game, copied for the player from the games folder
	 * with the privilege; a file is read without it. */
	char copy[4096];
	const char *path = argv[optind];
	if (store_name_ok(path)) {
		int rc = replay_game_copy(path, copy, sizeof copy);
		if (rc != 0)
			return rc;
		path = copy;
	}
	priv_drop();
	struct replay_src src;
	char *err = NULL;
	if (journal_read(path, &src.d, &err) != 0) {
		cli_warn("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	/* One pass to learn the round after each command, checking that it
	 * plays as the save recorded: the scenario, each round, the end. */
	struct game *g = build(&src, 0, NULL, NULL);
	if (!g) {
		cli_warn("medsiege replay: cannot load %s", src.d.scenario);
		journal_data_free(&src.d);
		return EXIT_USAGE;
	}
	struct session_check check;
	session_check_init(&check, &src.d, path, "replay it", force);
	int *round_at = xmalloc((size_t)(src.d.ncmds + 1) * sizeof *round_at);
	round_at[0] = g->round;
	char why[CMD_WHY_LEN];
	int n = src.d.ncmds;
	int rc = session_check_scenario(&check, g, &err);
	for (int i = 0; rc == 0 && i < n; i++) {
		rc = cmd_execute(g, CMD_ANY_TEAM, src.d.cmds[i], why) != 0
			     ? session_check_refused(&check, i + 1, why, &err)
			     : session_check_command(&check, g, i + 1, &err);
		round_at[i + 1] = g->round;
	}
	int viewer = -1;
	if (rc == 0 && team && (viewer = world_find_team(g->w, team)) < 0)
		err = xasprintf("no team '%s'", team);
	if (err) {
		cli_warn("medsiege replay: %s", err);
		free(err);
		game_free(g);
		free(round_at);
		session_check_free(&check);
		journal_data_free(&src.d);
		return EXIT_USAGE;
	}
	/* What force went past, and damage found in the save. */
	char *notice = src.d.warning && check.warning
			       ? xasprintf("%s; %s", check.warning, src.d.warning)
		       : src.d.warning ? xstrdup(src.d.warning)
		       : check.warning ? xstrdup(check.warning)
				       : NULL;
	session_check_free(&check);
	game_free(g);
	setlocale(LC_ALL, "");
	int start = 0;
	while (round > 0 && start < n && round_at[start] < (int)round)
		start++;
	struct ui_replay r = {
		.title = argv[optind],
		.ncmds = n,
		.cmds = (const char *const *)src.d.cmds,
		.round_at = round_at,
		.build = build,
		.ctx = &src,
		.viewer = viewer,
		.start = start,
		.notice = notice,
	};
	int status = ui_replay(&r);
	free(round_at);
	free(notice);
	journal_data_free(&src.d);
	return status;
}
