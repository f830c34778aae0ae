/* sim.c: medsiege sim: computer against computer, many games, to see
 * whether a scenario is balanced. The options; the games are played by
 * sim_jobs.c (one game: sim_game.c) and the figures printed by
 * sim_report.c. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/sim.h"

static const char sim_usage[] =
	"usage: medsiege sim SCENARIO [--games N] [--seed S] [--max-rounds R]\n"
	"                    [--jobs J] [--ai TEAM:LEVEL]... [--json | --csv]\n"
	"\n"
	"Play N games of SCENARIO between computer players (every team), with\n"
	"seeds S, S+1, ..., and print each team's wins and win rate with its 95%\n"
	"Wilson score interval, the draws, how many rounds the games lasted, and\n"
	"for each team and unit type the units fielded and the mean disabled per\n"
	"game. The figures are the same whatever the number of jobs. A progress\n"
	"bar is drawn on stderr when it is a terminal.\n"
	"\n"
	"  --games N        games to play (default 20)\n"
	"  --seed S         seed of the first game (default 1)\n"
	"  --max-rounds R   call a game a draw after R rounds when the scenario\n"
	"                   has no round limit (default 50)\n"
	"  --jobs J         games played at once, in worker processes, 1 to 256\n"
	"                   (default: the number of online processors)\n"
	"  --ai TEAM:LEVEL  the computer plays TEAM at LEVEL, easy or normal\n"
	"                   (repeatable; 'all' for every team; default normal)\n"
	"  --json           one JSON object with the figures\n"
	"  --csv            CSV: a header line, then one row per team's wins, the\n"
	"                   draws, the rounds, and each team's units of a type:\n"
	"                   row,team,unit,games,count,rate,ci95_low,ci95_high,\n"
	"                   mean,min,max (see the man page)\n"
	"  -h, --help       show this help\n";

/* The default --jobs: the processors online. */
static int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > SIM_MAX_JOBS ? SIM_MAX_JOBS : (int)n;
}

/* An option's number in [min, max]; false (having said why) if not. */
static bool number_arg(const char *opt, const char *arg, uint64_t min,
		       uint64_t max, uint64_t *out)
{
	uint64_t v;
	if (cli_parse_u64(arg, &v) && v >= min && v <= max) {
		*out = v;
		return true;
	}
	fprintf(stderr,
		"medsiege sim: %s needs a number from %llu to %llu, not '%s'\n",
		opt, (unsigned long long)min, (unsigned long long)max, arg);
	fputs("Try 'medsiege sim --help'.\n", stderr);
	return false;
}

int cli_sim(int argc, char **argv)
{
	static const struct option opts[] = {
		{"games", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"max-rounds", required_argument, NULL, 'r'},
		{"jobs", required_argument, NULL, 'J'},
		{"ai", required_argument, NULL, 'A'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct cli_ai ai[2 * MAX_TEAMS];
	int nai = 0;
	struct sim_opts o = {.seed = 1, .games = 20, .max_rounds = 50, .ai = ai,
			     .jobs = online_cpus()};
	uint64_t v;
	bool json = false, csv = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (!number_arg("--games", optarg, 1, 1000000, &o.games))
				return EXIT_USAGE;
			break;
		case 's':
			if (!cli_seed_arg("medsiege sim", optarg, &o.seed))
				return EXIT_USAGE;
			break;
		case 'r':
			if (!number_arg("--max-rounds", optarg, 1, 1000000, &v))
				return EXIT_USAGE;
			o.max_rounds = (int)v;
			break;
		case 'J':
			if (!number_arg("--jobs", optarg, 1, SIM_MAX_JOBS, &v))
				return EXIT_USAGE;
			o.jobs = (int)v;
			break;
		case 'A':
			if (nai == 2 * MAX_TEAMS) {
				fprintf(stderr, "medsiege sim: too many --ai\n");
				return EXIT_USAGE;
			}
			if (!cli_ai_arg("medsiege sim", optarg, &ai[nai++]))
				return EXIT_USAGE;
			break;
		case 'j':
			json = true;
			break;
		case 'c':
			csv = true;
			break;
		case 'h':
			fputs(sim_usage, stdout);
			return 0;
		default:
			fputs(sim_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (json && csv) {
		fputs("medsiege sim: --json and --csv do not go together\n", stderr);
		return EXIT_USAGE;
	}
	if (optind != argc - 1) {
		fputs(sim_usage, stderr);
		return EXIT_USAGE;
	}
	o.scenario = argv[optind];
	o.progress = isatty(STDERR_FILENO);
	struct sim_totals t;
	sim_totals_init(&t, o.seed);
	o.nai = nai;
	int rc = sim_run(&o, &t);
	if (rc == 0) {
		if (json)
			sim_report_json(stdout, &t);
		else if (csv)
			sim_report_csv(stdout, &t);
		else
			sim_report_text(stdout, &t);
		if (fflush(stdout) != 0)
			rc = EXIT_RUNTIME;
	}
	sim_totals_free(&t);
	return rc;
}
