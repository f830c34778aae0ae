/* session.h: a game together with its save. Every command from a player
 * goes through session_submit: run, then on disk, then shown. */
#ifndef MEDSIEGE_SESSION_H
#define MEDSIEGE_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "game/game.h"
#include "save/journal.h"

struct session {
	struct game *g;        /* owned */
	struct journal *j;     /* owned; NULL when the game is not saved */
	char *warning;         /* owned, may be NULL: shown to the player */
	char *alert;           /* owned, may be NULL: what happened to the
				  save since session_take_alert was last
				  called (saving stopped), to be said at
				  once; also in warning */
	int ncmds;             /* accepted commands so far */
	/* A hosted game's rule (SPEC 11.1): a command is on disk before it
	 * is played, and one that cannot be saved is refused, not played
	 * unsaved; save_broken while the last write failed. */
	bool must_save;
	bool save_broken;
	bool copy;             /* a hosted game's copy of its scenario */
	/* The computer players of the teams whose control is CONTROL_AI
	 * (owned, made when first needed), the level each team's is to
	 * have, and how many commands the one playing now has given this
	 * turn. */
	struct ai *ai[MAX_TEAMS];
	enum ai_level level[MAX_TEAMS];
	int ai_cmds, ai_round, ai_team;
	/* Told why each computer player decides what it does
	 * (ai_explain), or NULL. */
	ai_explainer explain;
	void *explain_ctx;
	/* Called at the end of every session_submit, once the command is
	 * on disk: where a command's result may be shown. */
	void (*done)(void *ctx);
	void *done_ctx;
	/* Called for every command line accepted, with its issuer, once it
	 * is played (and on disk): what a copy of the game must be given
	 * to stay the same game (a host's computer player's, in a process
	 * of its own). May be NULL. */
	void (*played)(void *ctx, int issuer, const char *line);
	void *played_ctx;
};

/* Start a new game of the named scenario, saved under state_dir (NULL:
 * journal_dir(); "" : not saved). A save that cannot be written is not
 * fatal: the game plays and warning says so. NULL with *err when the
 * scenario cannot be loaded. The game is not started: attach listeners,
 * then game_start(s->g). Free with session_free. */
struct session *session_new(const char *scenario, uint64_t seed,
			    const char *state_dir, char **err);
/* Continue the save at path (NULL: the newest unfinished one in
 * state_dir), at exactly the state it had. A save that another game
 * holds open is refused ("... is open elsewhere"). A scenario or roster
 * that changed since the save began is refused unless force. A damaged
 * save resumes from its last good command in a new save file. The game
 * is started and replayed before this returns. */
struct session *session_resume(const char *path, const char *state_dir,
			       bool force, char **err);
/* The same, calling attach(ctx, g) once the game is loaded and before it
 * is started and replayed, so that listeners hear the whole story (the
 * screen's log, digest and panel come back as they were). */
struct session *session_resume_with(const char *path, const char *state_dir,
				    bool force,
				    void (*attach)(void *ctx, struct game *g),
				    void *ctx, char **err);
/* A hosted game's (SPEC 11.1): the scenario and roster are the copies in
 * the game's folder, which the save names; the save goes in state_dir.
 * Resuming one never goes on past a changed scenario (no force). */
struct session *session_new_copy(const char *scenario, const char *roster,
				 uint64_t seed, const char *state_dir, char **err);
struct session *session_resume_copy(const char *path, const char *roster,
				    const char *state_dir,
				    void (*attach)(void *ctx, struct game *g),
				    void *ctx, char **err);
/* A save's replay checked against what the save recorded: the hash of
 * its scenario and roster when the game began, the state's hash at the
 * start of each round, and how the game ended. Every reader that
 * replays a save checks it so (resume, run SAVE, replay): a difference
 * is refused, or with force gone past and said in warning. */
struct session_check {
	const struct journal_data *d;
	const char *save;  /* the save's path, for messages */
	const char *verb;  /* what force would do: "resume it", "replay it" */
	bool force;
	int next;          /* the next round's hash to compare */
	bool diverged;     /* force went past a difference */
	char *warning;     /* owned, may be NULL: the first difference force
			      went past */
};
void session_check_init(struct session_check *c, const struct journal_data *d,
			const char *save, const char *verb, bool force);
/* Before the replay: g's scenario and roster (just loaded from
 * d->scenario) hash as they did when the save began. -1 with *err
 * (caller frees) when they changed (unless force) or cannot be read. */
int session_check_scenario(struct session_check *c, const struct game *g,
			   char **err);
/* After the save's first k commands have been applied to g: the round
 * hashes recorded after the k-th agree, and when k is the last, the
 * game ends as the save says. -1 with *err at a difference. */
int session_check_command(struct session_check *c, const struct game *g,
			  int k, char **err);
/* The save's k-th command (from 1) was refused by the replay (why): a
 * difference too, for a reader that shows the game as it was played.
 * -1 with *err, or with force 0 and a warning. */
int session_check_refused(struct session_check *c, int k, const char *why,
			  char **err);
void session_check_free(struct session_check *c);

/* Run one command line given by issuer (a team, or CMD_ANY_TEAM for a
 * script); when accepted, append it to the save (fsync) before
 * returning. Returns like cmd_execute. With must_save, the line is
 * written (fsync) first and taken back when the command is refused; a
 * line that cannot be written is refused (-1, why says so) and the game
 * does not change: the alert says that saving stopped, and later that it
 * works again. */
int session_submit(struct session *s, int issuer, const char *line,
		   char *why);
/* Where the dice come from for the whole game (before any is rolled),
 * recorded in the save: a manual game is resumed and replayed with the
 * dice its players gave. */
void session_set_dice(struct session *s, enum dice_mode mode);
/* What happened to the save since this was last asked (saving stopped
 * on a full disk, the save written again after its folder vanished), in
 * one line for the player; NULL when nothing did. Caller frees. */
char *session_take_alert(struct session *s);
/* Who plays team from now on (a person here, the computer at the
 * team's level, a remote seat), recorded in the save so a resumed game
 * goes on so. */
void session_set_control(struct session *s, int team, enum control c);
/* The computer plays team from now on, at this level (recorded in the
 * save as "# control: ai:LEVEL TEAM"). */
void session_set_ai(struct session *s, int team, enum ai_level level);
/* Read a control line's WHO ("human", "remote", "ai:LEVEL", or "ai" as
 * saves before levels wrote it, which is the easy level): false for
 * anything else. */
bool session_parse_control(const char *who, enum control *c,
			   enum ai_level *level);
/* The one driver of computer turns: while the active team is the
 * computer's and the game goes on (and awaits no die: the players roll
 * the computer's dice too), its player gives its next command.
 * A computer player that cannot finish its turn (its "end" refused, or
 * far more commands than its units need) has the turn ended for it, and
 * if even that fails the team is handed to a person (control human,
 * recorded, with a warning). Returns the number of commands given. */
int session_play_computer(struct session *s);
/* The same, one command at most: 1 when the computer gave one, 0 when
 * it is not the computer's turn (or the game is over). */
int session_computer_step(struct session *s);
/* session_computer_step in two halves, for a host whose computer player
 * thinks in a process of its own (the decision between them is
 * ai_next's, made from the same state). session_computer_due: the team
 * whose computer is to give its next command now, or -1 for none; a
 * computer that gave far more commands than its turn needs has its turn
 * ended for it instead (*played set, -1). session_computer_play: its
 * command played as session_computer_step plays it; true when the
 * computer player is to hear that it was refused (ai_rejected). */
int session_computer_due(struct session *s, bool *played);
bool session_computer_play(struct session *s, int team, const char *line);
void session_free(struct session *s);

#endif
