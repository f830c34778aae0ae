/* cmd.h: the one command language. Every player action, from the keyboard,
 * a script, a save or the network, is a line parsed and run here. */
#ifndef MEDSIEGE_CMD_H
#define MEDSIEGE_CMD_H

#include "game/game.h"

#define CMD_MAX_ARGS 64
#define CMD_WHY_LEN GAME_WHY_LEN
/* The longest command line, in bytes with its comment (and the longest
 * line of a script): a command is a few words, and a longer line is no
 * script at all. Named in medsiege(6), LIMITS. */
#define CMD_LINE_MAX 1023

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
 * -1 when rejected (why holds one line, safe to print: what it quotes of
 * the line is escaped; the game is unchanged). A line of more than
 * CMD_LINE_MAX bytes, or with a control character (a carriage return
 * included: only tabs are blanks), is refused, so every line accepted
 * can be saved and read back as it was. A refusal depends only on what
 * the issuer knows: a unit it cannot see and a unit that does not exist
 * get the same answer. */
int cmd_execute(struct game *g, int issuer, const char *line, char *why);

/* Whether s holds no control character (tabs aside): what a command line
 * may hold, and what the journal accepts when it reads a save back. */
bool cmd_text_ok(const char *s);

/* Argument helpers for the commands, each -1 with why on bad input. */
/* The acting unit: one of the issuer's own (any unit for CMD_ANY_TEAM). */
int cmd_unit_arg(const struct game *g, int issuer, const char *s, char *why);
/* The unit with id s if team knows it is on the field (its own, or an
 * enemy it sees), else -1 (no reason: callers word it). */
int cmd_known_unit(const struct game *g, int team, const char *s);
int cmd_dir_arg(const char *s, char *why);
int cmd_xy_arg(const struct game *g, const char *s, int *x, int *y, char *why);

/* Where "end until TEAM STEP" or "end round" stops: round >= 0 for the
 * start of that round, else team's step. */
struct cmd_end_goal {
	int round;
	int team;
	int step;
};
/* When line is "end until ..." or "end round" (1, goal filled), or -1
 * with why when it is one but malformed or out of the issuer's reach (a
 * team's player ends only its own steps); 0 for any other line. Those
 * who keep a save give its steps as plain "end" lines, so a replay is
 * the same game whatever words were typed. */
int cmd_end_goal_from_line(const struct game *g, int issuer, const char *line,
			   struct cmd_end_goal *goal, char *why);
/* The same for the words after "end". */
int cmd_end_goal_parse(const struct game *g, int issuer, int argc,
		       char **argv, struct cmd_end_goal *goal, char *why);
/* Whether the game has come to goal (or is over). */
bool cmd_end_goal_reached(const struct game *g, const struct cmd_end_goal *goal);
/* Call end_one (which ends one step, or plays a computer's command, 0
 * when done) until goal is reached. -1 with why when an end is refused:
 * the first, and nothing changed; a later one, and why says where it
 * stopped and after how many ends. */
int cmd_end_until(struct game *g, const struct cmd_end_goal *goal,
		  int (*end_one)(void *ctx, char *why), void *ctx, char *why);

/* After a command that gives unit another order than its standing
 * order (move, face, door, a moveto elsewhere): when it was accepted
 * (rc 0) the standing order is dropped. Returns rc. */
int cmd_other_order(struct game *g, int unit, int rc);

/* Standing orders carried out ("order run [ID]"): each unit's part for
 * this turn is given as the "moveto ID X,Y" it stands for, through give
 * (which also saves it, where a save is kept: a save holds what was
 * done, so it replays exactly). Before a unit's first steps would draw
 * a free attack, consent (when set) is asked, with those steps; without
 * it the run stops there. */
struct cmd_order_run {
	int (*give)(void *ctx, const char *line, char *why);
	bool (*consent)(void *ctx, int unit, const enum dir *dirs, int n);
	void *ctx;
};
/* When line is "order run [ID]" (1, *only the unit named or -1), or -1
 * with why when it is one but malformed; 0 for any other line. */
int cmd_order_run_from_line(const struct game *g, int issuer, const char *line,
			    int *only, char *why);
/* Carry out issuer's standing orders (only's, when only >= 0), in order
 * of unit, each as far as it goes this turn. The run stops after a
 * moveto that brought an enemy into view (the moveto said so) or left
 * the game waiting for a die. Returns 0, or -1 with why when no order
 * could go on, a line was refused, or a free attack was not agreed to
 * (why then says what to give to go on regardless). */
int cmd_order_run(struct game *g, int issuer, int only,
		  const struct cmd_order_run *r, char *why);

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
int cmd_order(struct game *g, int issuer, int argc, char **argv,
		char *why);

#endif
