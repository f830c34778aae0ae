/* sim_vary.c: medsiege sim --vary KEY=V1,V2,...: a sweep, one row per
 * value, each a change to the loaded scenario made before play. Keys:
 * "rounds" (the round limit), "goal.N.rounds" (a hold or survive goal's
 * rounds, N its place from 1) and "UNIT.at" (where a unit starts, cells
 * written X:Y). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"

/* The most values a sweep may have: each is a full run of games. */
#define MAX_VALUES 100
/* As a scenario file may give them. */
#define MAX_ROUNDS 9999

/* A whole decimal number in [min, max]. */
static bool whole(const char *s, size_t len, int min, int max, int *out)
{
	char buf[16];
	uint64_t v;
	if (len == 0 || len >= sizeof buf)
		return false;
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (!cli_parse_u64(buf, &v) || v < (uint64_t)min || v > (uint64_t)max)
		return false;
	*out = (int)v;
	return true;
}

/* The key: what it changes. */
static bool parse_key(const char *key, size_t len, struct sim_vary *v,
		      char *why)
{
	if (len == 0 || len >= SIM_KEY_LEN) {
		snprintf(why, SIM_ERROR_LEN,
			 "--vary needs KEY=V1,V2,... with KEY rounds, goal.N.rounds or UNIT.at");
		return false;
	}
	memcpy(v->key, key, len);
	v->key[len] = '\0';
	const char *k = v->key;
	size_t n = strlen(k);
	if (strcmp(k, "rounds") == 0) {
		v->kind = SIM_VARY_ROUNDS;
		return true;
	}
	if (strncmp(k, "goal.", 5) == 0 && n > 12 &&
	    strcmp(k + n - 7, ".rounds") == 0) {
		int g;
		if (!whole(k + 5, n - 12, 1, 1000, &g)) {
			snprintf(why, SIM_ERROR_LEN,
				 "--vary %s: N in goal.N.rounds is a goal's place, from 1",
				 k);
			return false;
		}
		v->kind = SIM_VARY_GOAL_ROUNDS;
		v->goal = g - 1;
		return true;
	}
	if (n > 3 && strcmp(k + n - 3, ".at") == 0 && n - 3 < UNIT_ID_LEN) {
		v->kind = SIM_VARY_UNIT_AT;
		memcpy(v->unit, k, n - 3);
		v->unit[n - 3] = '\0';
		return true;
	}
	char *p = util_printable(k);
	snprintf(why, SIM_ERROR_LEN,
		 "--vary: no key '%s' (rounds, goal.N.rounds or UNIT.at)", p);
	free(p);
	return false;
}

/* One value of the key's kind. */
static bool parse_value(const char *s, size_t len, struct sim_vary *v,
			struct sim_value *out, char *why)
{
	memset(out, 0, sizeof *out);
	bool ok = len > 0 && len < SIM_VALUE_LEN;
	if (ok) {
		memcpy(out->text, s, len);
		out->text[len] = '\0';
	}
	if (ok && v->kind == SIM_VARY_UNIT_AT) {
		const char *colon = memchr(s, ':', len);
		ok = colon && whole(s, (size_t)(colon - s), 0, 100000, &out->x) &&
		     whole(colon + 1, len - (size_t)(colon - s) - 1, 0, 100000,
			   &out->y);
	} else if (ok) {
		int min = v->kind == SIM_VARY_ROUNDS ? 0 : 1;
		ok = whole(s, len, min, MAX_ROUNDS, &out->n);
	}
	if (ok)
		return true;
	char buf[SIM_VALUE_LEN + 8];
	snprintf(buf, sizeof buf, "%.*s", (int)(len < SIM_VALUE_LEN ? len : SIM_VALUE_LEN), s);
	char *p = util_printable(buf);
	if (v->kind == SIM_VARY_UNIT_AT)
		snprintf(why, SIM_ERROR_LEN,
			 "--vary %s: '%s' is no cell: write it X:Y", v->key, p);
	else
		snprintf(why, SIM_ERROR_LEN,
			 "--vary %s: '%s' is no number of rounds from %d to %d",
			 v->key, p, v->kind == SIM_VARY_ROUNDS ? 0 : 1, MAX_ROUNDS);
	free(p);
	return false;
}

bool sim_vary_parse(const char *arg, struct sim_vary *v, char *why)
{
	memset(v, 0, sizeof *v);
	const char *eq = strchr(arg, '=');
	if (!parse_key(arg, eq ? (size_t)(eq - arg) : strlen(arg), v, why))
		return false;
	if (!eq || !eq[1]) {
		snprintf(why, SIM_ERROR_LEN, "--vary %s needs values: %s=V1,V2,...",
			 v->key, v->key);
		return false;
	}
	v->values = xcalloc(MAX_VALUES, sizeof *v->values);
	for (const char *s = eq + 1;; ) {
		const char *end = strchr(s, ',');
		size_t len = end ? (size_t)(end - s) : strlen(s);
		if (v->nvalues == MAX_VALUES) {
			snprintf(why, SIM_ERROR_LEN,
				 "--vary %s: more than %d values", v->key,
				 MAX_VALUES);
			sim_vary_free(v);
			return false;
		}
		if (!parse_value(s, len, v, &v->values[v->nvalues], why)) {
			sim_vary_free(v);
			return false;
		}
		v->nvalues++;
		if (!end)
			break;
		s = end + 1;
	}
	return true;
}

void sim_vary_free(struct sim_vary *v)
{
	free(v->values);
	v->values = NULL;
	v->nvalues = 0;
}

/* A unit may start where the scenario could have placed it: on the map,
 * on ground it may enter, on no other unit's cell. */
static int place_unit(struct world *w, int u, int x, int y, const char *key,
		      char *why)
{
	const struct unit_type *ty = world_type(w, &w->units[u]);
	if (!map_inside(&w->map, x, y)) {
		snprintf(why, SIM_ERROR_LEN,
			 "--vary %s: %d:%d is off the map (width %d, height %d)",
			 key, x, y, w->map.w, w->map.h);
		return -1;
	}
	const struct cell *cl = map_cell_c(&w->map, x, y);
	if (!cell_passable(cl) || (ty->cls == CLASS_MOUNTED && !cl->t.mounted) ||
	    (ty->cls == CLASS_MACHINE && !cl->t.machines)) {
		snprintf(why, SIM_ERROR_LEN,
			 "--vary %s: %s (%s) cannot stand at %d:%d, on %s", key,
			 w->units[u].id, ty->id, x, y, cell_describe(cl));
		return -1;
	}
	for (int i = 0; i < w->nunits; i++)
		if (i != u && w->units[i].x == x && w->units[i].y == y) {
			snprintf(why, SIM_ERROR_LEN,
				 "--vary %s: %d:%d is where %s stands", key, x,
				 y, w->units[i].id);
			return -1;
		}
	world_place(w, u, x, y);
	return 0;
}

int sim_vary_apply(const struct sim_vary *v, int i, struct scenario *sc,
		   char *why)
{
	const struct sim_value *val = &v->values[i];
	switch (v->kind) {
	case SIM_VARY_NONE:
		return 0;
	case SIM_VARY_ROUNDS:
		/* A survive goal that gave no rounds lasts to the limit:
		 * it moves with it, as the file would have it. */
		for (int k = 0; k < sc->ngoals; k++)
			if (sc->goals[k].rounds_by_limit && val->n == 0) {
				snprintf(why, SIM_ERROR_LEN,
					 "--vary rounds=0: goal %d (survive) lasts to the round limit, so the scenario needs one",
					 k + 1);
				return -1;
			}
		for (int k = 0; k < sc->ngoals; k++)
			if (sc->goals[k].rounds_by_limit)
				sc->goals[k].rounds = val->n;
		sc->rounds = val->n;
		return 0;
	case SIM_VARY_GOAL_ROUNDS: {
		if (v->goal >= sc->ngoals) {
			snprintf(why, SIM_ERROR_LEN,
				 "--vary %s: the scenario has %d goal%s", v->key,
				 sc->ngoals, sc->ngoals == 1 ? "" : "s");
			return -1;
		}
		struct goal *g = &sc->goals[v->goal];
		if (g->kind != GOAL_HOLD && g->kind != GOAL_SURVIVE) {
			snprintf(why, SIM_ERROR_LEN,
				 "--vary %s: goal %d is a %s goal, which has no rounds (hold and survive goals have)",
				 v->key, v->goal + 1, goal_kind_names[g->kind]);
			return -1;
		}
		g->rounds = val->n;
		return 0;
	}
	case SIM_VARY_UNIT_AT: {
		struct world *w = &sc->world;
		int u = world_find_unit(w, v->unit);
		if (u < 0) {
			const char **ids = xcalloc((size_t)w->nunits + 1,
						   sizeof *ids);
			for (int k = 0; k < w->nunits; k++)
				ids[k] = w->units[k].id;
			const char *near = util_nearest(v->unit, ids, w->nunits);
			char *p = util_printable(v->unit);
			snprintf(why, SIM_ERROR_LEN,
				 "--vary %s: no unit '%s'%s%s%s", v->key, p,
				 near ? " (did you mean '" : "", near ? near : "",
				 near ? "'?)" : "");
			free(p);
			free(ids);
			return -1;
		}
		return place_unit(w, u, val->x, val->y, v->key, why);
	}
	}
	return 0;
}
