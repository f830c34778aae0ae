/* cli.h: the subcommands of the medsiege program. Each returns the exit
 * status: 0 success, 1 runtime error, 2 bad usage or bad data. */
#ifndef MEDSIEGE_CLI_H
#define MEDSIEGE_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "game/game.h"
#include "ai/ai.h"
#include "save/session.h"

#define EXIT_RUNTIME 1
#define EXIT_USAGE 2

int cli_run(int argc, char **argv);
int cli_view(int argc, char **argv);
int cli_odds(int argc, char **argv);
int cli_los(int argc, char **argv);
int cli_check(int argc, char **argv);
int cli_reach(int argc, char **argv);
int cli_sim(int argc, char **argv);
int cli_replay(int argc, char **argv);
/* replay GAME: a finished hosted game the caller played in, copied to
 * their state folder (the privilege dropped on the way, whatever
 * happens): 0 with the copy's save path, or an exit status, the reason
 * said. */
int replay_game_copy(const char *name, char *save, size_t size);
/* Network play (SPEC 11): net.c. */
int cli_host(int argc, char **argv);
int cli_join(int argc, char **argv);
int cli_watch(int argc, char **argv);
int cli_games(int argc, char **argv);
int cli_lobby(int argc, char **argv);
/* A code or key asked of the player on standard input (never taken from
 * the command line, where every user's ps shows it): false at its end. */
bool cli_ask_secret(const char *prompt, char *buf, size_t size);
/* Play in the terminal: medsiege [SCENARIO] [options]. */
int cli_play(int argc, char **argv);

/* scene.c: the options and set-up view and los share. */
struct cli_scene {
	const char *team;   /* --team, or NULL */
	const char *script; /* --script FILE ('-': standard input), or NULL */
	uint64_t seed;      /* --seed, 1 by default */
	bool json;          /* --json */
};
/* Read argv's options into *o, as who (the messages' prefix); usage is
 * printed for --help and on a bad option. Returns -1 to go on (optind is
 * the first operand), else the exit status. */
int cli_scene_options(const char *who, const char *usage, int argc,
		      char **argv, struct cli_scene *o);
/* Load the scenario, find o->team (*team, -1 when none was given), start
 * the game and apply o->script. Returns the session (free it with
 * session_free), or NULL having said why, with the exit status in
 * *status. */
struct session *cli_scene_open(const char *who, const char *scenario,
			       const struct cli_scene *o, int *team,
			       int *status);

/* view.c: the map as team k sees it, as view prints it (column numbers,
 * then one row a line), with overlay's characters (w*h, 0 for none; NULL:
 * no overlay) drawn over cells and units. */
void cli_draw_map(const struct game *g, const struct knowledge *k,
		  const char *overlay);

/* A seed from the clock, for games started without --seed. */
uint64_t cli_clock_seed(void);
/* The value of --seed; false (having said why, as who) on junk. */
bool cli_seed_arg(const char *who, const char *arg, uint64_t *seed);
/* The value of --dice: "manual" (the players type each roll in) or
 * "program" (the default); false (having said why, as who) otherwise. */
bool cli_dice_arg(const char *who, const char *arg, enum dice_mode *mode);
/* Parse a non-negative integer option value; false on junk. */
bool cli_parse_u64(const char *s, uint64_t *out);
/* One --ai TEAM[:LEVEL] argument: a team's name (or "all") and the
 * level its computer player is to have. */
struct cli_ai {
	char team[TEAM_NAME_LEN + 8];
	enum ai_level level;
};
/* Parse an --ai argument; false (having said why, as who) on a bad
 * level or an over-long name. */
bool cli_ai_arg(const char *who, const char *arg, struct cli_ai *out);
/* Give each named team (every team for "all", when all_ok) to the
 * computer at its level, through the session so the save records it.
 * -1 (having said why, as who) when a name is no team's. */
int cli_ai_apply(struct session *s, const struct cli_ai *v, int n,
		 bool all_ok, const char *who);

/* Apply each line of a script to the game through the session (so a
 * saved game records them); rejected lines are reported
 * through report(ctx, lineno, line, why). Returns the number rejected,
 * or -1 with *err (caller frees) when the file cannot be read or is no
 * script (a NUL byte, a line longer than CMD_LINE_MAX): what came before
 * it is played and saved. stop_on_error stops at the first rejection.
 * The computer's teams take their turns in between. */
int cli_apply_script(struct session *s, const char *path, bool stop_on_error,
		     void (*report)(void *ctx, int lineno, const char *line,
				    const char *why),
		     void *ctx, char **err);
/* Say a message on standard error, on one line, its control characters
 * and bytes that are not UTF-8 escaped (it may quote a file). */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
