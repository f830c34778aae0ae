/* cmd.h: the one command language. Every player action, from the keyboard,
 * a script, a save or the network, is a line parsed and run here. */
#ifndef MEDSIEGE_CMD_H
#define MEDSIEGE_CMD_H

#include "game/game.h"

#define CMD_MAX_ARGS 64
#define CMD_WHY_LEN GAME_WHY_LEN

struct cmd_entry {
	const char *name;
	const char *usage;   /* arguments, e.g. "ID DIR..." */
	const char *help;    /* one line */
	int min_args, max_args; /* not counting the name; max -1 = any */
	int (*exec)(struct game *g, int issuer, int argc, char **argv,
		    char *why);
};

/* The issuer of a command that any team's player may give: a script or
 * a save replayed headless, where each command speaks for the team of
 * the unit it names. */
#define CMD_ANY_TEAM (-1)

/* The table of every command, ended by an entry with a NULL name. */
extern const struct cmd_entry cmd_table[];

/* Parse and run one command line given by issuer (a team, or
 * CMD_ANY_TEAM). Returns 0 when accepted, 1 for a blank or comment line,
 * -1 when rejected (why holds one line; the game is unchanged). A
 * refusal depends only on what the issuer knows: a unit it cannot see
 * and a unit that does not exist get the same answer. */
int cmd_execute(struct game *g, int issuer, const char *line, char *why);

/* Argument helpers for the commands, each -1 with why on bad input. */
/* The acting unit: one of the issuer's own (any unit for CMD_ANY_TEAM). */
int cmd_unit_arg(const struct game *g, int issuer, const char *s, char *why);
/* The unit with id s if team knows it is on the field (its own, or an
 * enemy it sees), else -1 (no reason: callers word it). */
int cmd_known_unit(const struct game *g, int team, const char *s);
int cmd_dir_arg(const char *s, char *why);
int cmd_xy_arg(const struct game *g, const char *s, int *x, int *y, char *why);

/* The commands, one file each. */
int cmd_move(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_moveto(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_face(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_door(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_shoot(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_fight(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_end(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_undo(struct game *g, int issuer, int argc, char **argv,
		char *why);
int cmd_roll(struct game *g, int issuer, int argc, char **argv,
		char *why);

#endif
