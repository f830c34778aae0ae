/* sim.h: the parts of medsiege sim. sim_game.c plays one game and returns
 * its result; sim_jobs.c plays many, in worker processes, and hands the
 * results over in seed order; sim_report.c adds them up and prints the
 * figures; sim_progress.c draws the progress bar. */
#ifndef MEDSIEGE_SIM_H
#define MEDSIEGE_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include "cli/cli.h"
#include <stdio.h>

#include "world/world.h"

#define SIM_MAX_JOBS 256
#define SIM_ERROR_LEN 512

/* What to play. */
struct sim_opts {
	const char *scenario;
	uint64_t seed;   /* game i is played with seed + i */
	uint64_t games;
	int max_rounds;  /* a draw after this round when the scenario has
			  * no round limit of its own */
	int jobs;        /* worker processes; 1 plays in this process */
	const struct cli_ai *ai; /* --ai TEAM:LEVEL, nai of them */
	int nai;
	bool progress;   /* draw a progress bar on stderr */
};

/* The units of one type one team fielded in a game, and how many of
 * them ended it disabled. */
struct sim_kind {
	int team;
	char type[NAME_MAX_LEN]; /* the roster id */
	char name[NAME_MAX_LEN]; /* the unit type's name */
	int fielded, disabled;
};

/* What one game came to. */
struct sim_result {
	uint64_t seed;
	int winner;               /* index of the team that won; -1 a draw */
	int rounds;               /* the round the game ended in */
	int nteams;
	char teams[MAX_TEAMS][TEAM_NAME_LEN];
	int nkinds;
	struct sim_kind *kinds;   /* owned: in the scenario's unit order */
	char error[SIM_ERROR_LEN]; /* not empty: the game could not be played */
};

/* sim_game.c. Play one game of o->scenario with this seed, every team
 * played by the computer, and fill r (free with sim_result_free).
 * Returns 0, or -1 with r->error saying why. */
int sim_play_one(const struct sim_opts *o, uint64_t seed, struct sim_result *r);
void sim_result_free(struct sim_result *r);

/* The figures over many games, added up in seed order. */
struct sim_kind_total {
	int team;
	char type[NAME_MAX_LEN];
	char name[NAME_MAX_LEN];
	long fielded, disabled; /* summed over the games */
	int disabled_min, disabled_max;
};

struct sim_totals {
	uint64_t games;         /* added so far */
	uint64_t first_seed;
	int nteams;
	char teams[MAX_TEAMS][TEAM_NAME_LEN];
	uint64_t wins[MAX_TEAMS], draws;
	uint64_t rounds_sum;
	int rounds_min, rounds_max;
	int nkinds;
	struct sim_kind_total *kinds; /* owned */
};

/* sim_report.c */
void sim_totals_init(struct sim_totals *t, uint64_t first_seed);
/* Add one game; call in seed order. */
void sim_totals_add(struct sim_totals *t, const struct sim_result *r);
void sim_totals_free(struct sim_totals *t);
/* The 95% Wilson score interval of a proportion: k successes of n
 * trials (n > 0) in [*lo, *hi]. */
void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi);
/* The figures as a table, as one JSON object, or as CSV. */
void sim_report_text(FILE *f, const struct sim_totals *t);
void sim_report_json(FILE *f, const struct sim_totals *t);
void sim_report_csv(FILE *f, const struct sim_totals *t);

/* sim_jobs.c. Play the games of o, o->jobs at a time, adding each result
 * to t in seed order. Returns 0; or, having printed why on stderr,
 * EXIT_USAGE when a game could not be set up (bad scenario) and
 * EXIT_RUNTIME when a worker failed (crashed, killed, or fork failed). */
int sim_run(const struct sim_opts *o, struct sim_totals *t);

/* sim_progress.c: games done of total on stderr, redrawn in place at most
 * ten times a second. */
struct sim_progress {
	bool on;
	uint64_t total;
	double start, last;   /* seconds, monotonic clock */
	int width;            /* of the last line drawn */
};
void sim_progress_start(struct sim_progress *p, bool on, uint64_t total);
/* done games are finished; force draws even within a tenth of a second. */
void sim_progress_update(struct sim_progress *p, uint64_t done, bool force);
/* Wipe the bar. */
void sim_progress_end(struct sim_progress *p);

#endif
