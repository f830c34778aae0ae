/* main.c: medsiege's subcommands. */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "net/priv.h"
#include "config.h"
#include "game/version.h"

static const char main_usage[] =
	"usage: medsiege [SCENARIO] [--seed N] [--dice manual] [--ai TEAM[:LEVEL]] [--pace MS]  play hot seat in the terminal\n"
	"       medsiege --resume [SAVE] [--force]     continue a saved game\n"
	"       medsiege run SCENARIO [--seed N] [--script FILE|-] [--json] [--strict] [--save] [--dice manual] [--ai TEAM[:LEVEL]] [--explain]\n"
	"       medsiege run --resume SAVE [--script FILE|-] [--json] [--strict] [--force]\n"
	"       medsiege run SAVE [--json]                 replay a save headless\n"
	"       medsiege view SCENARIO --team T [--script FILE|-] [--seed N] [--json]\n"
	"       medsiege odds ATTACKER TARGET [--range N] [--cover C] [...]\n"
	"       medsiege odds --table [--roster FILE] [--range N] [--cover C] [--csv|--json]\n"
	"       medsiege los SCENARIO A B [--team T] [--script FILE|-] [--json]\n"
	"       medsiege reach SCENARIO UNIT X,Y [--script FILE|-] [--json]\n"
	"       medsiege check FILE...\n"
	"       medsiege sim SCENARIO [--games N] [--seed S] [--max-rounds R] [--jobs J] [--json|--csv]\n"
	"       medsiege replay SAVE|GAME [--team T] [--round N]  watch a save, or a finished hosted game\n"
	"       medsiege host SCENARIO [--seed N] [--ai TEAM[:LEVEL]] [--detach] [--group G]\n"
	"       medsiege host --resume GAME [--detach]     wake a sleeping game by hand\n"
	"       medsiege join GAME [TEAM] [--key] | watch GAME TEAM   a seat in a hosted game\n"
	"       medsiege games | lobby                    hosted games: a list, a menu\n"
	"       medsiege --version | --help\n"
	"\n"
	"Medieval Siege: a turn-based tactical wargame. 'medsiege COMMAND --help'\n"
	"explains each command; 'man medsiege' has the rules as played.\n";

/* The commands that reach hosted games: they may hold the referee's
 * privilege a moment longer (to open a game's files or socket), and drop
 * it themselves. */
static bool reaches_games(const char *c)
{
	static const char *const names[] = {"host", "join", "watch", "games",
					    "lobby", "replay"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strcmp(c, names[i]) == 0)
			return true;
	return false;
}

int main(int argc, char **argv)
{
	priv_init();
	if (argc < 2 || !reaches_games(argv[1]))
		priv_drop();
	if (argc >= 2) {
		const char *c = argv[1];
		if (strcmp(c, "run") == 0)
			return cli_run(argc - 1, argv + 1);
		if (strcmp(c, "view") == 0)
			return cli_view(argc - 1, argv + 1);
		if (strcmp(c, "odds") == 0)
			return cli_odds(argc - 1, argv + 1);
		if (strcmp(c, "los") == 0)
			return cli_los(argc - 1, argv + 1);
		if (strcmp(c, "reach") == 0)
			return cli_reach(argc - 1, argv + 1);
		if (strcmp(c, "check") == 0)
			return cli_check(argc - 1, argv + 1);
		if (strcmp(c, "sim") == 0)
			return cli_sim(argc - 1, argv + 1);
		if (strcmp(c, "replay") == 0)
			return cli_replay(argc - 1, argv + 1);
		if (strcmp(c, "host") == 0)
			return cli_host(argc - 1, argv + 1);
		if (strcmp(c, "join") == 0)
			return cli_join(argc - 1, argv + 1);
		if (strcmp(c, "watch") == 0)
			return cli_watch(argc - 1, argv + 1);
		if (strcmp(c, "games") == 0)
			return cli_games(argc - 1, argv + 1);
		if (strcmp(c, "lobby") == 0)
			return cli_lobby(argc - 1, argv + 1);
		if (strcmp(c, "--help") == 0 || strcmp(c, "-h") == 0) {
			fputs(main_usage, stdout);
			return 0;
		}
		if (strcmp(c, "--version") == 0) {
			printf("medsiege %s, rules version %d\n", PACKAGE_VERSION,
			       RULES_VERSION);
			return 0;
		}
	}
	return cli_play(argc, argv);
}
