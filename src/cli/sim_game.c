/* sim_game.c: one game of medsiege sim, computer against computer, from a
 * seed to its result: who won, by which goal, in which round, which units
 * ended it disabled, and the stretches of rounds in which a team gave no
 * order that changed anything. Nothing here knows about other games or
 * processes. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"
#include "cmd/cmd.h"
#include "data/scenario_load.h"
#include "save/session.h"

struct session *sim_session_new(const struct sim_opts *o, int value,
				uint64_t seed, char *why, int *status)
{
	char *err = NULL;
	why[0] = '\0';
	*status = EXIT_USAGE;
	struct session *s = session_new(o->scenario, seed, "", &err);
	if (!s) {
		strlcpy_s(why, err ? err : "cannot load the scenario",
			  SIM_ERROR_LEN);
		free(err);
		return NULL;
	}
	if (o->vary && o->vary->kind != SIM_VARY_NONE) {
		/* The sweep's change is made to the scenario as loaded, so
		 * that the game starts from it as from the file. */
		struct scenario sc;
		if (scenario_load(s->g->sc.path, &sc, &err) != 0) {
			strlcpy_s(why, err, SIM_ERROR_LEN);
			free(err);
			session_free(s);
			return NULL;
		}
		char vwhy[SIM_ERROR_LEN];
		if (sim_vary_apply(o->vary, value, &sc, vwhy) != 0) {
			snprintf(why, SIM_ERROR_LEN, "medsiege sim: %.480s", vwhy);
			scenario_free(&sc);
			session_free(s);
			return NULL;
		}
		game_free(s->g);
		s->g = game_new(&sc, seed);
	}
	for (int t = 0; t < s->g->w->nteams; t++)
		session_set_control(s, t, CONTROL_AI);
	if (cli_ai_apply(s, o->ai, o->nai, true, "medsiege sim") != 0) {
		session_free(s);
		return NULL; /* said by cli_ai_apply */
	}
	return s;
}

/* What the game's events tell: the goal met, and who did nothing. */
struct watch {
	struct sim_result *r;
	int cap;
	int team, round;        /* the turn being played; team -1: none yet */
	bool acted;             /* it has changed something */
	int from[MAX_TEAMS], to[MAX_TEAMS]; /* each team's idle stretch so
					       far; to 0: none */
	bool goal_met;
	int goal_team;
	char goal_text[EVENT_TEXT_LEN];
};

/* Keep a team's idle stretch if it is two rounds or more, in team and
 * round order. */
static void close_stretch(struct watch *w, int t)
{
	if (w->to[t] > w->from[t]) {
		struct sim_result *r = w->r;
		if (r->nidle == w->cap) {
			w->cap = w->cap ? 2 * w->cap : 4;
			r->idle = xrealloc(r->idle, (size_t)w->cap * sizeof *r->idle);
		}
		int at = r->nidle++;
		while (at > 0 && (r->idle[at - 1].team > t ||
				  (r->idle[at - 1].team == t &&
				   r->idle[at - 1].from > w->from[t]))) {
			r->idle[at] = r->idle[at - 1];
			at--;
		}
		r->idle[at] = (struct sim_idle){t, w->from[t], w->to[t]};
	}
	w->from[t] = w->to[t] = 0;
}

/* The turn being played is over. */
static void turn_over(struct watch *w)
{
	int t = w->team;
	if (t < 0)
		return;
	if (w->acted)
		close_stretch(w, t);
	else if (w->to[t] > 0 && w->to[t] == w->round - 1)
		w->to[t] = w->round;
	else {
		close_stretch(w, t);
		w->from[t] = w->to[t] = w->round;
	}
}

static void on_event(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	struct watch *w = ctx;
	switch (ev->type) {
	case EV_STEP:
		if (ev->step == STEP_MOVEMENT) {
			turn_over(w);
			w->team = ev->team;
			w->round = ev->round;
			w->acted = false;
		}
		break;
	case EV_MOVE:
	case EV_CLIMB:
	case EV_FACE:
	case EV_DOOR:
	case EV_ATTACK:
	case EV_ESCAPED:
		w->acted = true;
		break;
	case EV_GOAL:
		w->goal_met = true;
		w->goal_team = ev->winner;
		strlcpy_s(w->goal_text, ev->text, sizeof w->goal_text);
		break;
	default:
		break;
	}
}

/* The goal that ended the game, from 1; 0 when none did. Goals are told
 * by their words, as the event gives them. */
static int goal_met(const struct game *g, const struct watch *w)
{
	if (!w->goal_met)
		return 0;
	for (int i = 0; i < g->sc.ngoals; i++) {
		char desc[GAME_WHY_LEN];
		if (g->sc.goals[i].team != w->goal_team)
			continue;
		game_goal_describe(g, &g->sc.goals[i], desc, sizeof desc);
		if (strncmp(desc, w->goal_text, EVENT_TEXT_LEN - 1) == 0)
			return i + 1;
	}
	return 0;
}

int sim_play_one(const struct sim_opts *o, int value, uint64_t seed,
		 struct sim_result *r)
{
	memset(r, 0, sizeof *r);
	r->seed = seed;
	r->value = value;
	r->winner = -1;
	int status;
	struct session *s = sim_session_new(o, value, seed, r->error, &status);
	if (!s) {
		if (!r->error[0])
			strlcpy_s(r->error, "--ai names no team of the scenario",
				  sizeof r->error);
		return -1;
	}
	struct game *g = s->g;
	struct watch w = {.r = r, .team = -1};
	game_listen(g, on_event, &w);
	game_start(g);
	/* The session's one driver plays every team; a team whose turn the
	 * computer cannot finish is handed to a person, and with none here
	 * the game is a draw. */
	while (session_computer_step(s))
		if (g->sc.rounds == 0 && g->round > o->max_rounds)
			break;
	/* A game over at the end of a round ended its last turn; one cut
	 * short did not, and its turn is not counted. */
	if (g->over)
		turn_over(&w);
	for (int t = 0; t < g->w->nteams; t++)
		close_stretch(&w, t);
	r->winner = g->over ? g->winner : -1;
	r->goal = r->winner >= 0 ? goal_met(g, &w) : 0;
	r->rounds = g->round;
	r->nunits = g->w->nunits;
	r->disabled = xcalloc((size_t)(r->nunits ? r->nunits : 1), 1);
	for (int i = 0; i < g->w->nunits; i++)
		r->disabled[i] = g->w->units[i].status == STATUS_DISABLED;
	session_free(s);
	return 0;
}

void sim_result_free(struct sim_result *r)
{
	free(r->disabled);
	free(r->idle);
	r->disabled = NULL;
	r->idle = NULL;
	r->nunits = r->nidle = 0;
}
