/* sim_setup.c: what every game of a medsiege sim run shares, read once
 * before play: the scenario's name and content hash, its teams and their
 * levels, its units, and its goals as each value of the sweep leaves
 * them. It heads the report and a shard. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"
#include "config.h"

int sim_setup_nvalues(const struct sim_setup *s)
{
	return s->vary.kind == SIM_VARY_NONE ? 1 : s->vary.nvalues;
}

const struct sim_goal *sim_setup_goals(const struct sim_setup *s, int v)
{
	return s->goals + (size_t)v * (size_t)s->ngoals;
}

void sim_setup_free(struct sim_setup *s)
{
	free(s->scenario);
	free(s->name);
	free(s->units);
	free(s->goals);
	sim_vary_free(&s->vary);
	memset(s, 0, sizeof *s);
}

/* The teams, their levels and the units, from the first game. */
static void take_sides(struct sim_setup *s, const struct session *ss)
{
	const struct world *w = ss->g->w;
	s->nteams = w->nteams;
	for (int t = 0; t < w->nteams; t++) {
		memcpy(s->teams[t], w->teams[t].name, TEAM_NAME_LEN);
		s->level[t] = ss->level[t];
	}
	s->nunits = w->nunits;
	s->units = xcalloc((size_t)(w->nunits ? w->nunits : 1), sizeof *s->units);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		const struct unit_type *ty = world_type(w, u);
		struct sim_unit *su = &s->units[i];
		su->team = u->team;
		strlcpy_s(su->id, u->id, sizeof su->id);
		strlcpy_s(su->type, ty->id, sizeof su->type);
		strlcpy_s(su->name, ty->name, sizeof su->name);
	}
}

static void take_goals(struct sim_setup *s, int v, const struct game *g)
{
	struct sim_goal *out = s->goals + (size_t)v * (size_t)s->ngoals;
	for (int i = 0; i < s->ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		out[i].team = gl->team;
		strlcpy_s(out[i].kind, goal_kind_names[gl->kind],
			  sizeof out[i].kind);
		game_goal_describe(g, gl, out[i].text, (int)sizeof out[i].text);
	}
}

int sim_setup_load(const struct sim_opts *o, struct sim_setup *s)
{
	memset(s, 0, sizeof *s);
	s->scenario = xstrdup(o->scenario);
	strlcpy_s(s->version, PACKAGE_VERSION, sizeof s->version);
	s->max_rounds = o->max_rounds;
	if (o->vary && o->vary->kind != SIM_VARY_NONE) {
		s->vary = *o->vary;
		s->vary.values = xcalloc((size_t)o->vary->nvalues,
					 sizeof *s->vary.values);
		memcpy(s->vary.values, o->vary->values,
		       (size_t)o->vary->nvalues * sizeof *s->vary.values);
	}
	int nv = sim_setup_nvalues(s);
	for (int v = 0; v < nv; v++) {
		char why[SIM_ERROR_LEN] = "";
		int status;
		struct session *ss = sim_session_new(o, v, o->seed, why, &status);
		if (!ss) {
			if (why[0])
				fprintf(stderr, "%s\n", why);
			return status;
		}
		const struct game *g = ss->g;
		if (v == 0) {
			take_sides(s, ss);
			s->name = xstrdup(g->sc.name);
			char *err = NULL;
			s->hash = journal_hash_files(g->sc.path, g->sc.roster_path,
						     &err);
			if (err) {
				cli_warn("medsiege sim: %s", err);
				free(err);
				session_free(ss);
				return EXIT_RUNTIME;
			}
			s->ngoals = g->sc.ngoals;
			s->goals = xcalloc((size_t)nv * (size_t)(s->ngoals ? s->ngoals : 1),
					   sizeof *s->goals);
		}
		take_goals(s, v, g);
		session_free(ss);
	}
	return 0;
}
