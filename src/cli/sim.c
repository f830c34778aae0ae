/* sim.c: medsiege sim: computer against computer, many games, to see
 * whether a scenario is balanced and why. The options; the games are
 * played by sim_jobs.c (one game: sim_game.c), added up by sim_totals.c
 * and printed by sim_report.c, sim_json.c and sim_csv.c; --merge reads
 * shards with sim_shard.c. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/sim.h"

static const char sim_usage[] =
	"usage: medsiege sim SCENARIO [--games N] [--seed S] [--max-rounds R]\n"
	"                    [--jobs J] [--ai TEAM:LEVEL]... [--vary KEY=V1,V2,...]\n"
	"                    [--json | --csv]\n"
	"       medsiege sim --merge SHARD... [--json | --csv]\n"
	"\n"
	"Play N games of SCENARIO between computer players (every team), with\n"
	"seeds S, S+1, ..., and print each team's wins and win rate with its 95%\n"
	"Wilson score interval, its wins by goal, the draws, how many rounds the\n"
	"games lasted, the units disabled by type and by unit, the teams that sat\n"
	"idle, and the first seeds of each result with the command that replays\n"
	"each. The rates measure the computer players at their levels. The\n"
	"figures are the same whatever the number of jobs. A progress bar is\n"
	"drawn on stderr when it is a terminal.\n"
	"\n"
	"  --games N        games to play (default 20), for each value of --vary\n"
	"  --seed S         seed of the first game (default 1)\n"
	"  --max-rounds R   call a game a draw after R rounds when the scenario\n"
	"                   has no round limit (default 50)\n"
	"  --jobs J         games played at once, in worker processes, 1 to 256\n"
	"                   (default: the number of online processors)\n"
	"  --ai TEAM:LEVEL  the computer plays TEAM at LEVEL, easy, normal or hard\n"
	"                   (repeatable; 'all' for every team; default normal)\n"
	"  --vary KEY=V1,V2,...  a sweep: the games again for each value, one row\n"
	"                   each; KEY is rounds (the round limit), goal.N.rounds\n"
	"                   (goal N's, from 1) or UNIT.at (where UNIT starts, X:Y)\n"
	"  --merge SHARD... add up the --json outputs of runs over other seeds\n"
	"                   (made anywhere) and print what one run of all their\n"
	"                   seeds prints; shards that overlap or do not match are\n"
	"                   refused\n"
	"  --json           one JSON object with the figures and every game (a\n"
	"                   shard that --merge reads)\n"
	"  --csv            CSV: a header line, then one row per team's wins, the\n"
	"                   draws, the rounds, each team's units of a type, each\n"
	"                   goal, each unit and each idle stretch:\n"
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

/* Print the figures; the exit status. */
static int report(const struct sim_run *run, bool json, bool csv)
{
	if (json)
		sim_report_json(stdout, run);
	else if (csv)
		sim_report_csv(stdout, run);
	else
		sim_report_text(stdout, run);
	return fflush(stdout) != 0 ? EXIT_RUNTIME : 0;
}

/* medsiege sim --merge SHARD...: one report from many shards. */
static int merge(int n, char **paths, bool json, bool csv)
{
	struct sim_run run;
	char why[SIM_ERROR_LEN];
	int rc = sim_merge((const char *const *)paths, n, &run, why);
	if (rc != 0) {
		cli_warn("%s", why);
		return rc;
	}
	rc = report(&run, json, csv);
	sim_run_free(&run);
	return rc;
}

/* Play the games of o and print the figures. */
static int play(struct sim_opts *o, bool json, bool csv)
{
	struct sim_run run = {0};
	int rc = sim_setup_load(o, &run.setup);
	if (rc != 0) {
		sim_setup_free(&run.setup);
		return rc;
	}
	sim_run_init(&run, json);
	rc = sim_run(o, &run);
	if (rc == 0)
		rc = report(&run, json, csv);
	sim_run_free(&run);
	return rc;
}

int cli_sim(int argc, char **argv)
{
	static const struct option opts[] = {
		{"games", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"max-rounds", required_argument, NULL, 'r'},
		{"jobs", required_argument, NULL, 'J'},
		{"ai", required_argument, NULL, 'A'},
		{"vary", required_argument, NULL, 'V'},
		{"merge", no_argument, NULL, 'M'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'c'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct cli_ai ai[2 * MAX_TEAMS];
	int nai = 0;
	struct sim_opts o = {.seed = 1, .games = 20, .max_rounds = 50, .ai = ai,
			     .jobs = online_cpus()};
	struct sim_vary vary = {.kind = SIM_VARY_NONE};
	uint64_t v;
	bool json = false, csv = false, merging = false, playing = false;
	char why[SIM_ERROR_LEN];
	int c, rc = EXIT_USAGE;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		playing = playing || (c != 'M' && c != 'j' && c != 'c');
		switch (c) {
		case 'n':
			if (!number_arg("--games", optarg, 1, 1000000, &o.games))
				goto out;
			break;
		case 's':
			if (!cli_seed_arg("medsiege sim", optarg, &o.seed))
				goto out;
			break;
		case 'r':
			if (!number_arg("--max-rounds", optarg, 1, 1000000, &v))
				goto out;
			o.max_rounds = (int)v;
			break;
		case 'J':
			if (!number_arg("--jobs", optarg, 1, SIM_MAX_JOBS, &v))
				goto out;
			o.jobs = (int)v;
			break;
		case 'A':
			if (nai == 2 * MAX_TEAMS) {
				fprintf(stderr, "medsiege sim: too many --ai\n");
				goto out;
			}
			if (!cli_ai_arg("medsiege sim", optarg, &ai[nai++]))
				goto out;
			break;
		case 'V':
			if (vary.kind != SIM_VARY_NONE) {
				fputs("medsiege sim: one --vary at a time\n", stderr);
				goto out;
			}
			if (!sim_vary_parse(optarg, &vary, why)) {
				cli_warn("medsiege sim: %s", why);
				goto out;
			}
			break;
		case 'M':
			merging = true;
			break;
		case 'j':
			json = true;
			break;
		case 'c':
			csv = true;
			break;
		case 'h':
			fputs(sim_usage, stdout);
			rc = 0;
			goto out;
		default:
			fputs(sim_usage, stderr);
			goto out;
		}
	}
	if (json && csv) {
		fputs("medsiege sim: --json and --csv do not go together\n", stderr);
		goto out;
	}
	if (merging && playing) {
		fputs("medsiege sim: --merge takes only shards, and --json or --csv\n",
		      stderr);
		goto out;
	}
	if (merging ? optind >= argc : optind != argc - 1) {
		fputs(sim_usage, stderr);
		goto out;
	}
	if (merging) {
		rc = merge(argc - optind, argv + optind, json, csv);
		goto out;
	}
	if (o.seed > UINT64_MAX - (o.games - 1)) {
		fprintf(stderr, "medsiege sim: seeds %llu and on: %llu games go past the last seed\n",
			(unsigned long long)o.seed, (unsigned long long)o.games);
		goto out;
	}
	o.scenario = argv[optind];
	o.progress = isatty(STDERR_FILENO);
	o.nai = nai;
	o.vary = &vary;
	rc = play(&o, json, csv);
out:
	sim_vary_free(&vary);
	return rc;
}
