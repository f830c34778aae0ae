/* sim.h: the parts of medsiege sim. sim_setup.c reads what every game
 * shares (the scenario, its teams, units and goals, the levels) and
 * sim_vary.c the changes a sweep makes to it; sim_game.c plays one game
 * and returns its result; sim_jobs.c plays many, in worker processes, and
 * hands the results over in seed order; sim_totals.c adds them up;
 * sim_report.c prints the figures as text, sim_json.c as JSON (which is
 * also a shard), sim_csv.c as CSV; sim_shard.c reads shards back and
 * merges them; sim_progress.c draws the progress bar. */
#ifndef MEDSIEGE_SIM_H
#define MEDSIEGE_SIM_H

#include <stdbool.h>
#include <stdint.h>

#include <stdio.h>

#include "base/util.h"
#include "cli/cli.h"

#include "world/world.h"

#define SIM_MAX_JOBS 256
#define SIM_ERROR_LEN 512
/* The shard format (the "format" of --json's "shard" object): a reader
 * takes only its own. */
#define SIM_SHARD_FORMAT 1
/* Seeds shown with a replay line, per result, in the text report. */
#define SIM_REPLAY_SEEDS 3
/* A stretch of rounds is noted as idle when, in each of its rounds, at
 * least this share of the games had the team idle. */
#define SIM_IDLE_SHARE 0.10
/* The last round a game can reach: --max-rounds at most 1000000, and
 * the round after it begun. */
#define SIM_ROUND_MAX 1000001
#define SIM_VALUE_LEN 32
#define SIM_KEY_LEN 64

/* What --vary changes in the scenario, one value a row. */
enum sim_vary_kind {
	SIM_VARY_NONE,
	SIM_VARY_ROUNDS,      /* rounds=N: the round limit (0: none) */
	SIM_VARY_GOAL_ROUNDS, /* goal.N.rounds=R: a hold or survive goal's */
	SIM_VARY_UNIT_AT,     /* UNIT.at=X:Y: where a unit starts */
};

struct sim_value {
	char text[SIM_VALUE_LEN]; /* as given */
	int n, x, y;              /* rounds, or the cell */
};

struct sim_vary {
	enum sim_vary_kind kind;
	char key[SIM_KEY_LEN];    /* as given: "rounds", "goal.2.rounds", ... */
	int goal;                 /* GOAL_ROUNDS: the goal's index from 0 */
	char unit[UNIT_ID_LEN];   /* UNIT_AT */
	int nvalues;
	struct sim_value *values; /* owned */
};

/* A unit of the scenario, in the scenario's order. */
struct sim_unit {
	int team;
	char id[UNIT_ID_LEN];
	char type[NAME_MAX_LEN];  /* the roster id */
	char name[NAME_MAX_LEN];  /* the unit type's name */
};

/* A goal of the scenario, as a value of the sweep leaves it. */
struct sim_goal {
	int team;
	char kind[16];
	char text[200];           /* game_goal_describe's words */
};

/* What every game of a run shares: the scenario as sim plays it. It is
 * also the head of a shard, which a merge checks shard against shard. */
struct sim_setup {
	char *scenario;           /* owned: as given on the command line */
	char *name;               /* owned: the scenario's name */
	uint64_t hash;            /* of the scenario and roster files */
	char version[32];         /* the program's */
	int max_rounds;
	int nteams;
	char teams[MAX_TEAMS][TEAM_NAME_LEN];
	enum ai_level level[MAX_TEAMS];
	int nunits;
	struct sim_unit *units;   /* owned */
	int ngoals;
	struct sim_goal *goals;   /* owned: ngoals for each value (one
				     value without --vary), value-major */
	struct sim_vary vary;     /* owned values; kind NONE without --vary */
};

/* The values a run has: 1 without --vary. */
int sim_setup_nvalues(const struct sim_setup *s);
/* The goals as value v leaves them (ngoals of them). */
const struct sim_goal *sim_setup_goals(const struct sim_setup *s, int v);
void sim_setup_free(struct sim_setup *s);

/* What to play. */
struct sim_opts {
	const char *scenario;
	uint64_t seed;   /* game i is played with seed + i */
	uint64_t games;  /* for each value of the sweep */
	int max_rounds;  /* a draw after this round when the scenario has
			  * no round limit of its own */
	int jobs;        /* worker processes; 1 plays in this process */
	const struct cli_ai *ai; /* --ai TEAM:LEVEL, nai of them */
	int nai;
	const struct sim_vary *vary; /* NULL or kind NONE: no sweep */
	bool progress;   /* draw a progress bar on stderr */
};

/* sim_setup.c. Load o->scenario once, with o's levels and each value of
 * the sweep, into s (free with sim_setup_free). Returns 0, or having
 * said why on stderr EXIT_USAGE (bad scenario, team or value) or
 * EXIT_RUNTIME. */
int sim_setup_load(const struct sim_opts *o, struct sim_setup *s);

/* sim_vary.c. Parse --vary's KEY=V1,V2,... into v (free with
 * sim_vary_free); false with why (SIM_ERROR_LEN) on a bad one. */
bool sim_vary_parse(const char *arg, struct sim_vary *v, char *why);
void sim_vary_free(struct sim_vary *v);
/* Make value i of the sweep in a loaded scenario, before play; -1 with
 * why (SIM_ERROR_LEN) when it cannot be (no such unit or goal, a cell a
 * unit cannot stand on). */
int sim_vary_apply(const struct sim_vary *v, int i, struct scenario *sc,
		   char *why);

/* A stretch of two or more rounds in a row in which a team gave no
 * order that changed anything. */
struct sim_idle {
	int team, from, to;
};

/* What one game came to. */
struct sim_result {
	uint64_t seed;
	int value;                /* the index of the sweep's value */
	int winner;               /* index of the team that won; -1 a draw */
	int goal;                 /* the goal that won it, from 1; 0 none
				     (a draw, or every enemy out) */
	int rounds;               /* the round the game ended in */
	int nunits;
	unsigned char *disabled;  /* owned: per unit, 1 if disabled at the end */
	int nidle;
	struct sim_idle *idle;    /* owned */
	char error[SIM_ERROR_LEN]; /* not empty: the game could not be played */
};

/* sim_game.c. A game of o->scenario as value of the sweep leaves it,
 * with this seed, every team given to the computer at its level, not
 * started; NULL with why (may be empty: said already) and the exit
 * status. Free with session_free. */
struct session *sim_session_new(const struct sim_opts *o, int value,
				uint64_t seed, char *why, int *status);
/* Play one game of o->scenario (value of the sweep) with
 * this seed, every team played by the computer, and fill r (free with
 * sim_result_free). Returns 0, or -1 with r->error saying why. */
int sim_play_one(const struct sim_opts *o, int value, uint64_t seed,
		 struct sim_result *r);
void sim_result_free(struct sim_result *r);

/* The figures of one type of unit of one team, over the games. */
struct sim_kind_total {
	int team;
	char type[NAME_MAX_LEN];
	char name[NAME_MAX_LEN];
	int fielded;            /* in a game */
	long disabled;          /* summed over the games */
	int disabled_min, disabled_max;
};

/* The seeds played, as ranges in increasing order. */
struct sim_seeds {
	int n, cap;
	uint64_t (*r)[2];       /* owned: [first, last] */
};

/* The figures over many games (of one value of a sweep), added up in
 * seed order. */
struct sim_totals {
	const struct sim_setup *setup;
	int value;
	bool keep;              /* keep every game for the JSON output */
	uint64_t games;         /* added so far */
	uint64_t wins[MAX_TEAMS], draws;
	/* Games by outcome: each goal's wins (in the scenario's order),
	 * then each team's wins with every enemy out, then the draws. */
	int noutcomes;
	uint64_t *outcome;      /* owned */
	uint64_t (*first)[SIM_REPLAY_SEEDS]; /* owned: the first seeds of each */
	struct strbuf *outcome_seeds; /* owned when keep: "s1,s2,..." */
	uint64_t rounds_sum;
	int rounds_min, rounds_max;
	int nkinds;
	struct sim_kind_total *kinds; /* owned: in the scenario's order */
	uint64_t *unit_disabled; /* owned: games each unit ended disabled */
	/* Per team, per round (from 1): the games in which it was idle. */
	int idle_rounds;
	uint64_t *idle[MAX_TEAMS]; /* owned */
	struct sim_seeds seeds;
	struct strbuf records;  /* when keep: the games, as JSON strings */
};

/* sim_totals.c */
void sim_totals_init(struct sim_totals *t, const struct sim_setup *s,
		     int value, bool keep);
/* Add one game; call in seed order. */
void sim_totals_add(struct sim_totals *t, const struct sim_result *r);
void sim_totals_free(struct sim_totals *t);
/* The outcome a game came to (an index into t->outcome). */
int sim_outcome_of(const struct sim_totals *t, int winner, int goal);
/* The 95% Wilson score interval of a proportion: k successes of n
 * trials (n > 0) in [*lo, *hi]. */
void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi);
/* One game as a shard record: "SEED WINNER GOAL ROUNDS DISABLED IDLE"
 * (see medsiege(6)), appended to b. */
void sim_record_format(struct strbuf *b, const struct sim_result *r);
/* Read a record back into r (free with sim_result_free), for a setup of
 * nunits units and nteams teams; false with why on a bad one. */
bool sim_record_parse(const char *s, int nunits, int nteams, int ngoals,
		      struct sim_result *r, char *why);
/* The seeds of t as words: "seeds 1 to 20", "seeds 1 to 5 and 9 to 12". */
void sim_seeds_describe(struct strbuf *b, const struct sim_seeds *s);

/* The figures of a run: the setup and one totals per value. */
struct sim_run {
	struct sim_setup setup;
	int nvalues;
	struct sim_totals *totals; /* owned */
};
void sim_run_init(struct sim_run *run, bool keep);
void sim_run_free(struct sim_run *run);

/* sim_report.c, sim_json.c, sim_csv.c: the figures as a table, as one
 * JSON object (a shard, which --merge reads back), or as CSV. */
void sim_report_text(FILE *f, const struct sim_run *run);
void sim_report_json(FILE *f, const struct sim_run *run);
void sim_report_csv(FILE *f, const struct sim_run *run);

/* sim_report.c: what the three share. */
double sim_rounds_mean(const struct sim_totals *t);
double sim_disabled_mean(const struct sim_totals *t,
			 const struct sim_kind_total *k);
double sim_disabled_share(const struct sim_totals *t,
			  const struct sim_kind_total *k);
/* A stretch of rounds in which a team was idle in a share of the games:
 * in each of rounds from..to, at least games of them (the fewest of any
 * of those rounds), which is SIM_IDLE_SHARE of all or more. */
struct sim_idle_note {
	int team, from, to;
	uint64_t games;
};
/* The notes of t, in team and round order (caller frees; *n of them). */
struct sim_idle_note *sim_idle_notes(const struct sim_totals *t, int *n);
/* The team or draw an outcome stands for (-1: the draws), and its goal
 * from 1 (0: none). */
void sim_outcome_parts(const struct sim_totals *t, int o, int *team,
		       int *goal);
/* The outcomes as the reports show them, into order (t->noutcomes of
 * room): each team's goals, then its wins with every enemy out if it
 * has any, team by team, then the draws. Returns how many. */
int sim_outcome_order(const struct sim_totals *t, int *order);
/* What an outcome is, in words: a goal's, "every enemy out of the
 * battle" or "draw". */
const char *sim_outcome_how(const struct sim_totals *t, int o);

/* sim_shard.c. Read the shards (sim --json outputs) at paths[0..n) and
 * add their games up in seed order into run (free with sim_run_free),
 * as one run over all their seeds would. Returns 0, or EXIT_USAGE with
 * why (one line, SIM_ERROR_LEN): a file that is no shard, shards of
 * another scenario, roster, levels, sweep or program version, or shards
 * that share a seed. */
int sim_merge(const char *const *paths, int n, struct sim_run *run,
	      char *why);
/* The same over shards already read into memory (name for messages). */
int sim_merge_texts(const char *const *names, const char *const *texts,
		    int n, struct sim_run *run, char *why);

/* sim_jobs.c. Play the games of o (every value of the sweep), o->jobs at
 * a time, adding each result to run's totals in seed order. Returns 0;
 * or, having printed why on stderr, EXIT_USAGE when a game could not be
 * set up and EXIT_RUNTIME when a worker failed (crashed, killed, or fork
 * failed). */
int sim_run(const struct sim_opts *o, struct sim_run *run);

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
