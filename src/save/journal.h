/* journal.h: a game's save: the scenario, its content hash, the seed and
 * every accepted command line, appended and flushed to disk before the
 * command's result is shown. A save is also a valid script: its header
 * lines are comments. */
#ifndef MEDSIEGE_JOURNAL_H
#define MEDSIEGE_JOURNAL_H

#include <stdbool.h>
#include <stdint.h>

#define JOURNAL_MAGIC "# medsiege save"
#define JOURNAL_VERSION 1
/* The header line of a game played with manual dice (its rolls are
 * "roll N" lines among the commands). */
#define JOURNAL_DICE_MANUAL "# dice: manual"

struct journal {
	char *path;      /* owned */
	int fd;          /* open for appending, or -1 when not saving */
	int last_round;  /* round of the last checkpoint written */
};

/* What a save holds, as read back. */
struct journal_data {
	char *scenario;  /* owned: the scenario path */
	uint64_t hash;   /* of the scenario and roster files at the start */
	uint64_t seed;
	bool over;       /* the game ended */
	bool manual_dice; /* the players typed the dice in */
	int ncmds;
	char **cmds;     /* owned: the command lines, in order */
	int *lines;      /* owned: each command's line number in the file */
	int ncheck;
	struct journal_check {
		int after;   /* number of commands before the check */
		int round;
		uint64_t hash;
	} *checks;       /* owned */
	char *warning;   /* owned, may be NULL: damage found (FILE:LINE: ...) */
	int ncontrol;
	struct journal_control {
		char *team;  /* owned: the team's name */
		char *who;   /* owned: "human", "remote", "ai:LEVEL", or
				"ai" (a save from before levels) */
	} *control;      /* owned: who plays each team, latest last */
};

/* The folder saves live in: $XDG_STATE_HOME/medsiege or
 * ~/.local/state/medsiege. Caller frees. */
char *journal_dir(void);
/* Hash of the scenario file and its roster file (FNV-1a 64 over both
 * contents); 0 with *err when unreadable. */
uint64_t journal_hash_files(const char *scenario, const char *roster,
			    char **err);

/* Start a new save in dir (created if missing) named after the scenario
 * and the time. Returns NULL with *err (caller frees) when it cannot be
 * written. Free with journal_close. */
struct journal *journal_create(const char *dir, const char *scenario_name,
			       const char *scenario_path, uint64_t hash,
			       uint64_t seed, char **err);
/* Open an existing save to go on appending to it. */
struct journal *journal_reopen(const char *path, char **err);
/* Append an accepted command and fsync. -1 with *err on failure. */
int journal_append(struct journal *j, const char *line, char **err);
/* Append a state-hash checkpoint for a round that has just begun. */
int journal_checkpoint(struct journal *j, int after_cmds, int round,
		       uint64_t hash, char **err);
/* Record that the game ended, so it is not offered for resume. */
int journal_finish(struct journal *j, const char *result, char **err);
void journal_close(struct journal *j);

/* Read a save. Damage (a half-written last line, an unreadable line) is
 * reported in data->warning and everything before it kept. Returns -1
 * with *err only when nothing usable is there (not a save, another
 * version, unreadable). Free with journal_data_free. */
int journal_read(const char *path, struct journal_data *data, char **err);
void journal_data_free(struct journal_data *data);

/* The newest save in dir that is not over; caller frees; NULL if none. */
char *journal_latest(const char *dir);

#endif
