/* journal.h: a game's save: the scenario, its content hash, the seed and
 * every accepted command line, appended and flushed to disk before the
 * command's result is shown. A save is also a valid script: its header
 * lines are comments. A save being played is locked (flock), so that no
 * two games append to it. */
#ifndef MEDSIEGE_JOURNAL_H
#define MEDSIEGE_JOURNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define JOURNAL_MAGIC "# medsiege save"
#define JOURNAL_VERSION 1
/* The header line of a game played with manual dice (its rolls are
 * "roll N" lines among the commands). */
#define JOURNAL_DICE_MANUAL "# dice: manual"
/* The header line naming the rules version that made the save
 * (RULES_VERSION, game/version.h); a save without it is of version 1,
 * the rules before saves recorded them. */
#define JOURNAL_RULES "# rules:"
/* The longest line a save may hold: its header names the scenario by its
 * absolute path (at most PATH_MAX, 4096 bytes on Linux); commands are far
 * shorter (CMD_LINE_MAX). A longer line is damage. Named in medsiege(6),
 * LIMITS. */
#define JOURNAL_LINE_MAX 4200
/* Test hook: "enospc:N[:B[:K]]" makes the N-th write to a save write
 * its first B bytes (default 0), then fail as on a full disk, as does
 * every write after it (with K, the K writes from the N-th: then there
 * is room again); "kill:N[:B]" writes B bytes of it, then dies by
 * SIGKILL. Read by the journal writer only. */
#define JOURNAL_FAULT_ENV "MEDSIEGE_TEST_JOURNAL_FAULT"

struct journal {
	char *path;      /* owned */
	int fd;          /* open to read and append, locked; -1: not saving */
	int last_round;  /* round of the last checkpoint written */
	bool rewritten;  /* the save had vanished (its folder removed) and
			    was written again in full: the caller says so
			    and clears it */
	int writes;      /* lines written so far, for the fault hook */
	char fault;      /* the hook: 0, 'n' (full disk) or 'k' (SIGKILL) */
	int fault_at;
	size_t fault_bytes;
	int fault_count; /* writes that fail from fault_at on; 0: all */
};

/* What a save holds, as read back. */
struct journal_data {
	char *scenario;  /* owned: the scenario path */
	char *roster;    /* owned, may be NULL: a hosted game's copy of its
			    roster ("# roster:"), read instead of the one
			    the scenario names */
	uint64_t hash;   /* of the scenario and roster files at the start */
	uint64_t seed;
	int rules;       /* the rules version that made it */
	bool over;       /* the game ended */
	char *result;    /* owned, may be NULL: how, as the save says */
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
 * and the time, locked. Returns NULL with *err (caller frees) when it
 * cannot be written; nothing is left behind then (no empty save). Free
 * with journal_close. */
struct journal *journal_create(const char *dir, const char *scenario_name,
			       const char *scenario_path, uint64_t hash,
			       uint64_t seed, char **err);
/* Open an existing save to go on appending to it, and lock it. NULL with
 * *err when it cannot be; *busy tells when that is because another game
 * holds it ("... is open elsewhere"). Take the lock before reading the
 * save, so that what is read is what is appended to. */
struct journal *journal_open(const char *path, bool *busy, char **err);
/* Append an accepted command and fsync. -1 with *err on failure, the
 * save cut back to its last whole line. A save found unlinked (its folder
 * removed mid-game) is first written again in full at its path, and
 * rewritten set. */
int journal_append(struct journal *j, const char *line, char **err);
/* The save's size now, to cut it back to (journal_cut) when what was
 * appended after it must not stand: -1 when it cannot be known. */
long long journal_size(const struct journal *j);
/* Cut the save back to size bytes (from journal_size) and fsync: -1 with
 * *err when it cannot be. */
int journal_cut(struct journal *j, long long size, char **err);
/* Append a state-hash checkpoint for a round that has just begun. */
int journal_checkpoint(struct journal *j, int after_cmds, int round,
		       uint64_t hash, char **err);
/* Record that the game ended, so it is not offered for resume. */
int journal_finish(struct journal *j, const char *result, char **err);
void journal_close(struct journal *j);

/* Read a save. Damage (a half-written last line, an unreadable line: one
 * with a control character, or longer than JOURNAL_LINE_MAX) is
 * reported in data->warning and everything before it kept. Returns -1
 * with *err only when nothing usable is there (not a save, another
 * version, unreadable, no regular file), and JOURNAL_OTHER_RULES with
 * *err when it is a save made by another rules version, which this
 * program would not replay as it was played. Free with
 * journal_data_free. */
#define JOURNAL_OTHER_RULES (-2)
int journal_read(const char *path, struct journal_data *data, char **err);
void journal_data_free(struct journal_data *data);

/* The newest save in dir that is not over and that no other medsiege has
 * open; caller frees; NULL if none. *busy (caller frees; may be NULL) is
 * the newest one that is not over, when another medsiege has it open and
 * it is newer than the one returned. */
char *journal_latest(const char *dir, char **busy);

#endif
