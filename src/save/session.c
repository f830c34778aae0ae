/* session.c: new games, resumed games, and the journal kept in step. */
#include "save/session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "data/datapath.h"
#include "data/scenario_load.h"

static void note_control(struct session *s, int team);
static void note(struct session *s, char *msg);

/* roster: a hosted game's copy of its roster, or NULL for the one the
 * scenario names. */
static struct game *load_game(const char *path, const char *roster,
			      uint64_t seed, char **err)
{
	struct scenario sc;
	if ((roster ? scenario_load_copy(path, roster, &sc, err)
		    : scenario_load(path, &sc, err)) != 0)
		return NULL;
	return game_new(&sc, seed);
}

static struct session *session_alloc(struct game *g)
{
	struct session *s = xcalloc(1, sizeof *s);
	s->g = g;
	for (int t = 0; t < MAX_TEAMS; t++)
		s->level[t] = AI_LEVEL_DEFAULT;
	return s;
}

/* What happened to the save: said at once (the session's alert), and
 * kept with the other warnings. */
static void alert(struct session *s, char *msg)
{
	char *both = s->alert ? xasprintf("%s; %s", s->alert, msg)
			      : xstrdup(msg);
	free(s->alert);
	s->alert = both;
	note(s, msg);
}

static void note(struct session *s, char *msg)
{
	if (!s->warning) {
		s->warning = msg;
		return;
	}
	char *both = xasprintf("%s; %s", s->warning, msg);
	free(s->warning);
	free(msg);
	s->warning = both;
}

static void start_journal(struct session *s, const char *state_dir,
			  const char **cmds, int ncmds)
{
	if (state_dir && !*state_dir)
		return;
	char *dir = state_dir ? xstrdup(state_dir) : journal_dir();
	char *err = NULL;
	uint64_t hash = journal_hash_files(s->g->sc.path, s->g->sc.roster_path,
					   &err);
	if (!err)
		s->j = journal_create(dir, s->g->sc.name, s->g->sc.path, hash,
				      s->g->seed, &err);
	if (s->j && !err && s->copy) {
		char *line = xasprintf("# roster: %s", s->g->sc.roster_path);
		journal_append(s->j, line, &err);
		free(line);
	}
	if (s->j && !err && s->g->dice == DICE_MANUAL)
		journal_append(s->j, JOURNAL_DICE_MANUAL, &err);
	for (int i = 0; s->j && !err && i < ncmds; i++)
		journal_append(s->j, cmds[i], &err);
	if (err) {
		note(s, xasprintf("this game is not being saved: %s", err));
		journal_close(s->j);
		s->j = NULL;
	}
	free(err);
	free(dir);
}

struct session *session_new(const char *scenario, uint64_t seed,
			    const char *state_dir, char **err)
{
	*err = NULL;
	char *path = datapath_scenario(scenario, err);
	if (!path)
		return NULL;
	struct game *g = load_game(path, NULL, seed, err);
	free(path);
	if (!g)
		return NULL;
	struct session *s = session_alloc(g);
	start_journal(s, state_dir, NULL, 0);
	return s;
}

struct session *session_new_copy(const char *scenario, const char *roster,
				 uint64_t seed, const char *state_dir, char **err)
{
	*err = NULL;
	struct game *g = load_game(scenario, roster, seed, err);
	if (!g)
		return NULL;
	struct session *s = session_alloc(g);
	s->copy = true;
	start_journal(s, state_dir, NULL, 0);
	return s;
}

static struct session *resume(const char *path, const char *state_dir,
			      bool force, const char *roster,
			      void (*attach)(void *ctx, struct game *g),
			      void *ctx, char **err);

struct session *session_resume_copy(const char *path, const char *roster,
				    const char *state_dir,
				    void (*attach)(void *ctx, struct game *g),
				    void *ctx, char **err)
{
	return resume(path, state_dir, false, roster, attach, ctx, err);
}

void session_check_init(struct session_check *c, const struct journal_data *d,
			const char *save, const char *verb, bool force)
{
	*c = (struct session_check){.d = d, .save = save, .verb = verb,
				    .force = force};
}

void session_check_free(struct session_check *c)
{
	free(c->warning);
	c->warning = NULL;
}

/* A difference (msg, which is freed): refused, or with force said in
 * the warning, the first only (a game that diverged, or of a changed
 * scenario, differs at every round after). */
static int differs(struct session_check *c, char *msg, char **err)
{
	if (!c->force) {
		*err = xasprintf("%s; %s anyway with --force", msg, c->verb);
		free(msg);
		return -1;
	}
	if (!c->diverged) {
		c->diverged = true;
		free(c->warning);
		c->warning = xasprintf("%s (--force)", msg);
	}
	free(msg);
	return 0;
}

int session_check_scenario(struct session_check *c, const struct game *g,
			   char **err)
{
	*err = NULL;
	uint64_t hash = journal_hash_files(g->sc.path, g->sc.roster_path, err);
	if (*err)
		return -1;
	if (hash == c->d->hash)
		return 0;
	return differs(c, xasprintf("%s: the scenario %s or its roster changed "
				    "since this game began",
				    c->save, c->d->scenario),
		       err);
}

int session_check_command(struct session_check *c, const struct game *g,
			  int k, char **err)
{
	const struct journal_data *d = c->d;
	*err = NULL;
	for (; c->next < d->ncheck && d->checks[c->next].after <= k; c->next++) {
		const struct journal_check *ck = &d->checks[c->next];
		if (ck->after == k && ck->hash != game_state_hash(g) &&
		    differs(c, xasprintf("%s:%d: the replay diverged at round %d "
					 "(a different medsiege or scenario, "
					 "or an edited save?)",
					 c->save, d->lines[k - 1], ck->round),
			    err) < 0)
			return -1;
	}
	if (k != d->ncmds || !d->over || !d->result ||
	    (g->over && strcmp(g->result, d->result) == 0))
		return 0;
	return differs(c, g->over ? xasprintf("%s: the save says the game ended "
					      "'%s', its replay '%s'",
					      c->save, d->result, g->result)
				  : xasprintf("%s: the save says the game ended "
					      "'%s', its replay goes on",
					      c->save, d->result),
		       err);
}

int session_check_refused(struct session_check *c, int k, const char *why,
			  char **err)
{
	*err = NULL;
	char *cmd = util_printable(c->d->cmds[k - 1]);
	char *msg = xasprintf("%s:%d: '%s' no longer applies (%s)", c->save,
			      c->d->lines[k - 1], cmd, why);
	free(cmd);
	return differs(c, msg, err);
}

struct session *session_resume(const char *path, const char *state_dir,
			       bool force, char **err)
{
	return session_resume_with(path, state_dir, force, NULL, NULL, err);
}

struct session *session_resume_with(const char *path, const char *state_dir,
				    bool force,
				    void (*attach)(void *ctx, struct game *g),
				    void *ctx, char **err)
{
	return resume(path, state_dir, force, NULL, attach, ctx, err);
}

static struct session *resume(const char *path, const char *state_dir,
			      bool force, const char *roster,
			      void (*attach)(void *ctx, struct game *g),
			      void *ctx, char **err)
{
	*err = NULL;
	char *dir = state_dir ? xstrdup(state_dir) : journal_dir();
	char *newest_busy = NULL;
	char *save = path ? xstrdup(path) : journal_latest(dir, &newest_busy);
	if (!save) {
		*err = newest_busy
			       ? xasprintf("the newest game (%s) is open elsewhere "
					   "(another medsiege is playing it), and "
					   "no other unfinished game is in %s",
					   newest_busy, dir)
			       : xasprintf("no unfinished game to resume in %s",
					   dir);
		free(newest_busy);
		free(dir);
		return NULL;
	}
	/* Locked before it is read: what is replayed is what is appended
	 * to, and no other game appends to it meanwhile. */
	bool busy;
	struct journal *j = journal_open(save, &busy, err);
	if (!j && busy) {
		free(newest_busy);
		free(save);
		free(dir);
		return NULL;
	}
	char *open_err = *err;
	*err = NULL;
	struct journal_data d;
	if (journal_read(save, &d, err) != 0) {
		journal_close(j);
		free(newest_busy);
		free(open_err);
		free(save);
		free(dir);
		return NULL;
	}
	struct session *s = NULL;
	struct session_check check;
	session_check_init(&check, &d, save, "resume it", force);
	struct game *g = load_game(d.scenario, roster ? roster : d.roster, d.seed, err);
	if (!g)
		goto out;
	if (session_check_scenario(&check, g, err) != 0) {
		game_free(g);
		goto out;
	}
	s = session_alloc(g);
	s->copy = roster || d.roster;
	if (newest_busy) /* both in dir: their names fit a status line */
		note(s, xasprintf("the newest game (%s) is open elsewhere; "
				  "resuming the newest free one, %s",
				  strrchr(newest_busy, '/') + 1,
				  strrchr(save, '/') + 1));
	if (d.manual_dice)
		game_set_dice(g, DICE_MANUAL);
	if (d.warning)
		note(s, xstrdup(d.warning));
	/* Each team goes on being played as it was. */
	for (int i = 0; i < d.ncontrol; i++) {
		int t = world_find_team(g->w, d.control[i].team);
		enum control c;
		enum ai_level level;
		if (t >= 0 && session_parse_control(d.control[i].who, &c, &level)) {
			g->w->teams[t].control = c;
			if (c == CONTROL_AI)
				s->level[t] = level;
		}
	}
	if (attach)
		attach(ctx, g);
	game_start(g);
	int good = 0;
	char why[CMD_WHY_LEN];
	for (; good < d.ncmds; good++) {
		if (cmd_execute(g, CMD_ANY_TEAM, d.cmds[good], why) != 0) {
			char *cmd = util_printable(d.cmds[good]);
			note(s, xasprintf("%s:%d: '%s' no longer applies (%s); the "
					  "game resumes from the line before",
					  save, d.lines[good], cmd, why));
			free(cmd);
			break;
		}
		if (session_check_command(&check, g, good + 1, err) != 0) {
			session_free(s);
			s = NULL;
			goto out;
		}
	}
	/* Said first: the scenario changed, the replay diverged. */
	if (check.warning) {
		char *all = s->warning ? xasprintf("%s; %s", check.warning,
						   s->warning)
				       : xstrdup(check.warning);
		free(s->warning);
		s->warning = all;
	}
	s->ncmds = good;
	bool damaged = d.warning || good < d.ncmds;
	if (damaged) {
		/* Never rewrite a save: the good part goes on in a new one. */
		start_journal(s, state_dir ? state_dir : dir,
			      (const char **)d.cmds, good);
		for (int t = 0; t < g->w->nteams; t++)
			note_control(s, t);
		if (s->j)
			note(s, xasprintf("continuing in %s", s->j->path));
	} else if (j) {
		s->j = j;
		j = NULL;
		s->j->last_round = g->round;
	} else {
		note(s, xasprintf("this game is not being saved: %s", open_err));
	}
out:
	free(newest_busy);
	session_check_free(&check);
	journal_close(j);
	free(open_err);
	journal_data_free(&d);
	free(save);
	free(dir);
	return s;
}

static int save_command(struct session *s, const char *line, int round,
			bool was_over);

/* After writing to the save: if it failed (err, which is freed), saving
 * stops; if the save had vanished and was written again, say where. */
static void saving_news(struct session *s, char *err)
{
	if (err) {
		/* The reason first ("cannot write: No space left on
		 * device"), the save last: a status line may not fit both. */
		size_t n = strlen(s->j->path);
		if (strncmp(err, s->j->path, n) == 0 &&
		    strncmp(err + n, ": ", 2) == 0)
			alert(s, xasprintf("saving stopped: %s (%s)", err + n + 2,
					   s->j->path));
		else
			alert(s, xasprintf("saving stopped: %s", err));
		free(err);
		journal_close(s->j);
		s->j = NULL;
	} else if (s->j && s->j->rewritten) {
		s->j->rewritten = false;
		alert(s, xasprintf("the save had vanished; written again in "
				   "full at %s",
				   s->j->path));
	}
}

char *session_take_alert(struct session *s)
{
	char *a = s->alert;
	s->alert = NULL;
	return a;
}

/* err without the save's path in front: what a player may be told. */
static const char *save_reason(const struct session *s, const char *err)
{
	size_t n = s->j ? strlen(s->j->path) : 0;
	if (n && strncmp(err, s->j->path, n) == 0 && strncmp(err + n, ": ", 2) == 0)
		return err + n + 2;
	return err;
}

/* The must_save way: on disk first, then played. */
static int submit_saved_first(struct session *s, int issuer, const char *line,
			      char *why)
{
	char *err = NULL;
	long long mark = s->j ? journal_size(s->j) : -1;
	if (!s->j || mark < 0 || journal_append(s->j, line, &err) != 0) {
		const char *reason = err ? save_reason(s, err) : "the game has no save";
		snprintf(why, CMD_WHY_LEN, "not played: the game cannot be saved "
					   "(%s); try again later",
			 reason);
		if (!s->save_broken)
			alert(s, xasprintf("saving stopped: %s; orders are refused "
					   "until it works again",
					   reason));
		s->save_broken = true;
		free(err);
		return -1;
	}
	if (s->save_broken) {
		s->save_broken = false;
		alert(s, xstrdup("saving works again; orders are taken"));
	}
	int round = s->g->round;
	bool was_over = s->g->over;
	int rc = cmd_execute(s->g, issuer, line, why);
	if (rc != 0) {
		if (journal_cut(s->j, mark, &err) != 0) {
			alert(s, xasprintf("%s", save_reason(s, err)));
			free(err);
		}
	} else {
		s->ncmds++;
		if (s->played)
			s->played(s->played_ctx, issuer, line);
		if (s->g->round != round)
			journal_checkpoint(s->j, s->ncmds, s->g->round,
					   game_state_hash(s->g), &err);
		if (!err && s->g->over && !was_over)
			journal_finish(s->j, s->g->result, &err);
		if (err) {
			/* The command stands (it is on disk); what failed
			 * is a check line, and the next order finds out
			 * whether saving works. */
			alert(s, xasprintf("saving: %s", save_reason(s, err)));
			free(err);
		}
	}
	if (s->done)
		s->done(s->done_ctx);
	return rc;
}

struct end_ctx {
	struct session *s;
	int issuer;
};

/* One step of "end until": the computer's command when a script's ends
 * have come to a computer's turn, else a plain "end", saved as such. */
static int end_one_saved(void *ctx, char *why)
{
	struct end_ctx *e = ctx;
	if (e->issuer == CMD_ANY_TEAM && session_computer_step(e->s))
		return 0;
	return session_submit(e->s, e->issuer, "end", why);
}

/* A line that stands for others (below) was refused: the reason is
 * made safe to print, as cmd_execute's are, and the screen told. */
static void refused_expansion(struct session *s, char *why)
{
	char *safe = util_printable(why);
	util_copy_text(why, safe, CMD_WHY_LEN);
	free(safe);
	if (s->done)
		s->done(s->done_ctx);
}

/* "end until ..." and "end round": the plain ends they stand for, each
 * submitted (and saved) alone, so a save replays the same game. */
static int submit_end_until(struct session *s, int issuer, const char *line,
			    char *why)
{
	struct cmd_end_goal goal;
	int until = cmd_end_goal_from_line(s->g, issuer, line, &goal, why);
	if (until == 0)
		return 1;
	int rc = -1;
	if (until > 0) {
		struct end_ctx e = {s, issuer};
		rc = cmd_end_until(s->g, &goal, end_one_saved, &e, why);
	}
	if (rc != 0)
		refused_expansion(s, why);
	return rc;
}

static int give_saved(void *ctx, const char *line, char *why)
{
	struct end_ctx *e = ctx;
	return session_submit(e->s, e->issuer, line, why);
}

/* "order run": the moveto lines it stands for, each submitted (and
 * saved) alone, so a save replays the same game. */
static int submit_order_run(struct session *s, int issuer, const char *line,
			    char *why)
{
	int only;
	int run = cmd_order_run_from_line(s->g, issuer, line, &only, why);
	if (run == 0)
		return 1;
	int rc = -1;
	if (run > 0) {
		struct end_ctx e = {s, issuer};
		struct cmd_order_run r = {give_saved, NULL, &e};
		rc = cmd_order_run(s->g, issuer, only, &r, why);
	}
	if (rc != 0)
		refused_expansion(s, why);
	return rc;
}

int session_submit(struct session *s, int issuer, const char *line, char *why)
{
	int until = submit_end_until(s, issuer, line, why);
	if (until <= 0)
		return until;
	int run = submit_order_run(s, issuer, line, why);
	if (run <= 0)
		return run;
	if (s->must_save)
		return submit_saved_first(s, issuer, line, why);
	int round = s->g->round;
	bool was_over = s->g->over;
	int rc = cmd_execute(s->g, issuer, line, why);
	if (rc == 0) {
		save_command(s, line, round, was_over);
		if (s->played)
			s->played(s->played_ctx, issuer, line);
	}
	if (s->done)
		s->done(s->done_ctx);
	return rc;
}

static int save_command(struct session *s, const char *line, int round,
			bool was_over)
{
	s->ncmds++;
	if (!s->j)
		return 0;
	char *err = NULL;
	if (journal_append(s->j, line, &err) == 0 && s->g->round != round)
		journal_checkpoint(s->j, s->ncmds, s->g->round,
				   game_state_hash(s->g), &err);
	if (!err && s->g->over && !was_over)
		journal_finish(s->j, s->g->result, &err);
	saving_news(s, err);
	return 0;
}

static void journal_line(struct session *s, const char *line)
{
	char *err = NULL;
	if (s->j) {
		journal_append(s->j, line, &err);
		saving_news(s, err);
	}
}

void session_set_dice(struct session *s, enum dice_mode mode)
{
	if (s->g->dice == mode)
		return;
	game_set_dice(s->g, mode);
	if (mode == DICE_MANUAL)
		journal_line(s, JOURNAL_DICE_MANUAL);
}

bool session_parse_control(const char *who, enum control *c,
			   enum ai_level *level)
{
	*level = AI_LEVEL_DEFAULT;
	const char *colon = strchr(who, ':');
	size_t n = colon ? (size_t)(colon - who) : strlen(who);
	for (int k = 0; k < CONTROL_COUNT; k++) {
		if (strlen(control_names[k]) != n ||
		    strncmp(who, control_names[k], n) != 0)
			continue;
		*c = (enum control)k;
		if (k != CONTROL_AI)
			return colon == NULL;
		/* "ai" alone: a save from before levels, whose computer
		 * player was the easy one. */
		int l = colon ? ai_level_parse(colon + 1) : AI_EASY;
		if (l < 0)
			return false;
		*level = (enum ai_level)l;
		return true;
	}
	return false;
}

/* Who plays team, in the save. */
static void note_control(struct session *s, int team)
{
	const struct team *t = &s->g->w->teams[team];
	char *line = t->control == CONTROL_AI
			     ? xasprintf("# control: %s:%s %s",
					 control_names[t->control],
					 ai_level_names[s->level[team]], t->name)
			     : xasprintf("# control: %s %s",
					 control_names[t->control], t->name);
	journal_line(s, line);
	free(line);
}

void session_set_control(struct session *s, int team, enum control c)
{
	struct team *t = &s->g->w->teams[team];
	if (t->control == c)
		return;
	t->control = c;
	note_control(s, team);
}

void session_set_ai(struct session *s, int team, enum ai_level level)
{
	struct team *t = &s->g->w->teams[team];
	if (t->control == CONTROL_AI && s->level[team] == level)
		return;
	s->level[team] = level;
	if (s->ai[team] && ai_get_level(s->ai[team]) != level) {
		ai_free(s->ai[team]);
		s->ai[team] = NULL;
	}
	t->control = CONTROL_AI;
	note_control(s, team);
}

/* Commands a computer turn may take before it is deemed stuck: a few for
 * each unit in each step, with room to spare. */
static int turn_bound(const struct game *g)
{
	return 64 + 32 * g->w->nunits;
}

/* The computer could not finish its turn: end its steps as a person
 * would; failing that, a person takes the team. */
static void unstick(struct session *s, int team)
{
	struct game *g = s->g;
	char why[CMD_WHY_LEN];
	int round = g->round;
	for (int k = 0; k < STEP_COUNT && !g->over && g->active == team &&
			g->round == round;
	     k++)
		if (session_submit(s, team, "end", why) != 0)
			break;
	if (!g->over && g->active == team && g->round == round) {
		session_set_control(s, team, CONTROL_HUMAN);
		note(s, xasprintf("the computer could not end %s's turn: a "
				  "person plays it now",
				  g->w->teams[team].name));
	}
}

int session_computer_due(struct session *s, bool *played)
{
	struct game *g = s->g;
	int team = g->active;
	if (g->over || g->w->teams[team].control != CONTROL_AI ||
	    game_awaited_roll(g))
		return -1;
	if (s->ai_team != team || s->ai_round != g->round) {
		s->ai_team = team;
		s->ai_round = g->round;
		s->ai_cmds = 0;
	}
	if (s->ai_cmds >= turn_bound(g)) {
		unstick(s, team);
		*played = true;
		return -1;
	}
	return team;
}

bool session_computer_play(struct session *s, int team, const char *line)
{
	char why[CMD_WHY_LEN];
	int rc = session_submit(s, team, line, why);
	/* An order that could not be saved is not the computer's mistake,
	 * nor one of its turn's commands: it is given again once saving
	 * works. */
	if (rc != 0 && s->save_broken)
		return false;
	s->ai_cmds++;
	if (rc == 0)
		return false;
	if (strcmp(line, "end") == 0)
		unstick(s, team);
	return true;
}

int session_computer_step(struct session *s)
{
	bool played = false;
	int team = session_computer_due(s, &played);
	if (team < 0)
		return played ? 1 : 0;
	if (!s->ai[team]) {
		s->ai[team] = ai_new(s->g, team, s->level[team]);
		if (s->explain)
			ai_explain(s->ai[team], s->explain, s->explain_ctx);
	}
	char line[AI_LINE_LEN];
	ai_next(s->ai[team], s->g, line, sizeof line);
	if (session_computer_play(s, team, line))
		ai_rejected(s->ai[team]);
	return 1;
}

int session_play_computer(struct session *s)
{
	int n = 0;
	while (session_computer_step(s))
		n++;
	return n;
}

void session_free(struct session *s)
{
	if (!s)
		return;
	journal_close(s->j);
	for (int t = 0; t < MAX_TEAMS; t++)
		ai_free(s->ai[t]);
	game_free(s->g);
	free(s->warning);
	free(s->alert);
	free(s);
}
