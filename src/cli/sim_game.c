/* sim_game.c: one game of medsiege sim, computer against computer, from a
 * seed to its result. Nothing here knows about other games or processes. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"
#include "cmd/cmd.h"
#include "save/session.h"

/* The units each team fielded, by type, and how many were disabled. */
static void count_units(const struct world *w, struct sim_result *r)
{
	r->kinds = xcalloc((size_t)(w->nunits ? w->nunits : 1),
			   sizeof *r->kinds);
	r->nkinds = 0;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		const struct unit_type *ty = world_type(w, u);
		struct sim_kind *k = NULL;
		for (int j = 0; j < r->nkinds && !k; j++)
			if (r->kinds[j].team == u->team &&
			    strcmp(r->kinds[j].type, ty->id) == 0)
				k = &r->kinds[j];
		if (!k) {
			k = &r->kinds[r->nkinds++];
			k->team = u->team;
			strlcpy_s(k->type, ty->id, sizeof k->type);
			strlcpy_s(k->name, ty->name, sizeof k->name);
		}
		k->fielded++;
		if (u->status == STATUS_DISABLED)
			k->disabled++;
	}
}

int sim_play_one(const struct sim_opts *o, uint64_t seed, struct sim_result *r)
{
	memset(r, 0, sizeof *r);
	r->seed = seed;
	r->winner = -1;
	char *err = NULL;
	struct session *s = session_new(o->scenario, seed, "", &err);
	if (!s) {
		strlcpy_s(r->error, err ? err : "cannot load the scenario",
			  sizeof r->error);
		free(err);
		return -1;
	}
	struct game *g = s->g;
	game_start(g);
	r->nteams = g->w->nteams;
	for (int t = 0; t < g->w->nteams; t++)
		memcpy(r->teams[t], g->w->teams[t].name, TEAM_NAME_LEN);
	for (int t = 0; t < g->w->nteams; t++)
		session_set_control(s, t, CONTROL_AI);
	if (cli_ai_apply(s, o->ai, o->nai, true, "medsiege sim") != 0) {
		strlcpy_s(r->error, "--ai names no team of the scenario",
			  sizeof r->error);
		session_free(s);
		return -1;
	}
	/* The session's one driver plays every team; a team whose turn the
	 * computer cannot finish is handed to a person, and with none here
	 * the game is a draw. */
	while (session_computer_step(s))
		if (g->sc.rounds == 0 && g->round > o->max_rounds)
			break;
	r->winner = g->over ? g->winner : -1;
	r->rounds = g->round;
	count_units(g->w, r);
	session_free(s);
	return 0;
}

void sim_result_free(struct sim_result *r)
{
	free(r->kinds);
	r->kinds = NULL;
	r->nkinds = 0;
}
