/* sim.c: medsiege sim: computer against computer, many games, to see
 * whether a scenario is balanced. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "base/util.h"
#include "cli/cli.h"
#include "cmd/cmd.h"

static const char sim_usage[] =
	"usage: medsiege sim SCENARIO [--games N] [--seed S] [--max-rounds R] [--ai TEAM:LEVEL]... [--json]\n"
	"\n"
	"Play N games of SCENARIO between computer players (every team), with\n"
	"seeds S, S+1, ..., and print each team's wins, the draws and how many\n"
	"rounds the games lasted.\n"
	"\n"
	"  --games N        games to play (default 20)\n"
	"  --seed S         seed of the first game (default 1)\n"
	"  --max-rounds R   call a game a draw after R rounds when the scenario\n"
	"                   has no round limit (default 50)\n"
	"  --ai TEAM:LEVEL  the computer plays TEAM at LEVEL, easy or normal\n"
	"                   (repeatable; 'all' for every team; default normal)\n"
	"  --json           one JSON object with the figures\n"
	"  -h, --help       show this help\n";

/* One game; returns the winner (-1: draw), rounds in *rounds. */
static int play_one(const char *scenario, uint64_t seed, int max_rounds,
		    int *rounds, int *nteams, char names[][TEAM_NAME_LEN],
		    const struct cli_ai *ai, int nai)
{
	char *err = NULL;
	struct session *s = session_new(scenario, seed, "", &err);
	if (!s) {
		fprintf(stderr, "%s\n", err);
		free(err);
		return -2;
	}
	struct game *g = s->g;
	game_start(g);
	*nteams = g->w->nteams;
	for (int t = 0; t < g->w->nteams; t++)
		memcpy(names[t], g->w->teams[t].name, TEAM_NAME_LEN);
	for (int t = 0; t < g->w->nteams; t++)
		session_set_control(s, t, CONTROL_AI);
	if (cli_ai_apply(s, ai, nai, true, "medsiege sim") != 0) {
		session_free(s);
		return -2;
	}
	/* The computer plays every team; a team it cannot finish a turn of
	 * is handed to a person, and with none here the game is a draw. */
	while (session_computer_step(s))
		if (g->sc.rounds == 0 && g->round > max_rounds)
			break;
	int winner = g->over ? g->winner : -1;
	*rounds = g->round;
	session_free(s);
	return winner;
}

int cli_sim(int argc, char **argv)
{
	static const struct option opts[] = {
		{"games", required_argument, NULL, 'n'},
		{"seed", required_argument, NULL, 's'},
		{"max-rounds", required_argument, NULL, 'r'},
		{"json", no_argument, NULL, 'j'},
		{"ai", required_argument, NULL, 'A'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	uint64_t games = 20, seed = 1, max_rounds = 50;
	bool json = false;
	struct cli_ai ai[2 * MAX_TEAMS];
	int c, nai = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'n':
		case 's':
		case 'r': {
			uint64_t v;
			if (!cli_parse_u64(optarg, &v) || (c != 's' && (v < 1 || v > 1000000))) {
				fprintf(stderr, "medsiege sim: %s needs a number%s, not '%s'\n",
					c == 'n' ? "--games" : c == 's' ? "--seed" : "--max-rounds",
					c == 's' ? "" : " from 1 to 1000000", optarg);
				return EXIT_USAGE;
			}
			*(c == 'n' ? &games : c == 's' ? &seed : &max_rounds) = v;
			break;
		}
		case 'j':
			json = true;
			break;
		case 'A':
			if (nai == 2 * MAX_TEAMS)
				fprintf(stderr, "medsiege sim: too many --ai\n");
			if (nai == 2 * MAX_TEAMS || !cli_ai_arg("medsiege sim", optarg, &ai[nai++]))
				return EXIT_USAGE;
			break;
		case 'h':
			fputs(sim_usage, stdout);
			return 0;
		default:
			fputs(sim_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 1) {
		fputs(sim_usage, stderr);
		return EXIT_USAGE;
	}
	int wins[MAX_TEAMS] = {0}, draws = 0, nteams = 0, rmin = 1 << 30, rmax = 0;
	long rsum = 0;
	char names[MAX_TEAMS][TEAM_NAME_LEN];
	for (uint64_t i = 0; i < games; i++) {
		int rounds;
		int w = play_one(argv[optind], seed + i, (int)max_rounds, &rounds,
				 &nteams, names, ai, nai);
		if (w == -2)
			return EXIT_USAGE;
		if (w >= 0)
			wins[w]++;
		else
			draws++;
		rsum += rounds;
		rmin = rounds < rmin ? rounds : rmin;
		rmax = rounds > rmax ? rounds : rmax;
	}
	double mean = (double)rsum / (double)games;
	if (json) {
		struct strbuf b;
		strbuf_init(&b);
		strbuf_addf(&b, "{\"games\":%llu,\"first_seed\":%llu,\"wins\":{",
			    (unsigned long long)games, (unsigned long long)seed);
		for (int t = 0; t < nteams; t++) {
			strbuf_add(&b, t ? "," : "");
			strbuf_add_json(&b, names[t]);
			strbuf_addf(&b, ":%d", wins[t]);
		}
		strbuf_addf(&b, "},\"draws\":%d,\"rounds\":{\"mean\":%.2f,\"min\":%d,\"max\":%d}}",
			    draws, mean, rmin, rmax);
		puts(b.s);
		strbuf_free(&b);
		return 0;
	}
	printf("%llu games, seeds %llu to %llu, every team played by the computer\n",
	       (unsigned long long)games, (unsigned long long)seed,
	       (unsigned long long)(seed + games - 1));
	for (int t = 0; t < nteams; t++)
		printf("  %-12s wins %5d  (%.0f%%)\n", names[t], wins[t],
		       100.0 * wins[t] / (double)games);
	printf("  %-12s      %5d  (%.0f%%)\n", "draws", draws,
	       100.0 * draws / (double)games);
	printf("  rounds: mean %.1f, min %d, max %d\n", mean, rmin, rmax);
	return 0;
}
