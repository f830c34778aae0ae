/* sim_json.c: medsiege sim --json: the figures as one JSON object on one
 * line, which is also a shard: it names the scenario (and its content
 * hash), the levels, the program's version and every game played, so
 * that --merge can add shards from many machines up again. The keys of
 * the first version come first, as they were. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"

static void json_rate(struct strbuf *b, const char *key, uint64_t k,
		      uint64_t n)
{
	double lo, hi;
	sim_wilson(k, n, &lo, &hi);
	strbuf_addf(b, "\"%s\":%.4f,\"%s_ci95\":[%.4f,%.4f]", key,
		    (double)k / (double)n, key, lo, hi);
}

/* The keys of the first version, and the intervals and casualties. */
static void json_first(struct strbuf *b, const struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	uint64_t first = t->seeds.r[0][0], last = t->seeds.r[t->seeds.n - 1][1];
	strbuf_addf(b, "\"games\":%" PRIu64 ",\"first_seed\":%" PRIu64 ",\"wins\":{",
		    t->games, first);
	for (int i = 0; i < s->nteams; i++) {
		strbuf_add(b, i ? "," : "");
		strbuf_add_json(b, s->teams[i]);
		strbuf_addf(b, ":%" PRIu64, t->wins[i]);
	}
	strbuf_addf(b, "},\"draws\":%" PRIu64 ",\"rounds\":{\"mean\":%.2f,\"min\":%d,\"max\":%d}",
		    t->draws, sim_rounds_mean(t), t->rounds_min, t->rounds_max);
	strbuf_addf(b, ",\"last_seed\":%" PRIu64 ",\"teams\":[", last);
	for (int i = 0; i < s->nteams; i++) {
		strbuf_add(b, i ? ",{\"name\":" : "{\"name\":");
		strbuf_add_json(b, s->teams[i]);
		strbuf_addf(b, ",\"wins\":%" PRIu64 ",", t->wins[i]);
		json_rate(b, "win_rate", t->wins[i], t->games);
		strbuf_add(b, "}");
	}
	strbuf_add(b, "],");
	json_rate(b, "draw_rate", t->draws, t->games);
	strbuf_add(b, ",\"casualties\":[");
	for (int i = 0; i < t->nkinds; i++) {
		const struct sim_kind_total *k = &t->kinds[i];
		strbuf_add(b, i ? ",{\"team\":" : "{\"team\":");
		strbuf_add_json(b, s->teams[k->team]);
		strbuf_add(b, ",\"type\":");
		strbuf_add_json(b, k->type);
		strbuf_add(b, ",\"name\":");
		strbuf_add_json(b, k->name);
		strbuf_addf(b, ",\"fielded\":%d,\"disabled_mean\":%.2f,\"disabled_min\":%d,"
			    "\"disabled_max\":%d,\"disabled_share\":%.4f}",
			    k->fielded, sim_disabled_mean(t, k), k->disabled_min,
			    k->disabled_max, sim_disabled_share(t, k));
	}
	strbuf_add(b, "]");
}

static void json_team_or_null(struct strbuf *b, const struct sim_setup *s,
			      int team)
{
	if (team < 0)
		strbuf_add(b, "null");
	else
		strbuf_add_json(b, s->teams[team]);
}

/* Each result (a team's goal, its wins with every enemy out, the draws)
 * with its games and their seeds; the goals; each unit's casualties; the
 * idle notes; the seeds played. */
static void json_added(struct strbuf *b, const struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	int *order = xcalloc((size_t)t->noutcomes, sizeof *order);
	int n = sim_outcome_order(t, order);
	strbuf_add(b, ",\"outcomes\":[");
	for (int i = 0; i < n; i++) {
		int o = order[i], team, goal;
		sim_outcome_parts(t, o, &team, &goal);
		strbuf_add(b, i ? ",{\"team\":" : "{\"team\":");
		json_team_or_null(b, s, team);
		strbuf_addf(b, ",\"goal\":%d,\"how\":", goal);
		strbuf_add_json(b, sim_outcome_how(t, o));
		strbuf_addf(b, ",\"games\":%" PRIu64 ",", t->outcome[o]);
		json_rate(b, "rate", t->outcome[o], t->games);
		strbuf_addf(b, ",\"seeds\":[%s]}", t->outcome_seeds[o].s ? t->outcome_seeds[o].s : "");
	}
	free(order);
	strbuf_add(b, "],\"goals\":[");
	const struct sim_goal *goals = sim_setup_goals(s, t->value);
	for (int g = 0; g < s->ngoals; g++) {
		strbuf_addf(b, "%s{\"goal\":%d,\"team\":", g ? "," : "", g + 1);
		strbuf_add_json(b, s->teams[goals[g].team]);
		strbuf_add(b, ",\"kind\":");
		strbuf_add_json(b, goals[g].kind);
		strbuf_add(b, ",\"text\":");
		strbuf_add_json(b, goals[g].text);
		strbuf_add(b, "}");
	}
	strbuf_add(b, "],\"units\":[");
	for (int i = 0; i < s->nunits; i++) {
		const struct sim_unit *u = &s->units[i];
		strbuf_add(b, i ? ",{\"id\":" : "{\"id\":");
		strbuf_add_json(b, u->id);
		strbuf_add(b, ",\"team\":");
		strbuf_add_json(b, s->teams[u->team]);
		strbuf_add(b, ",\"type\":");
		strbuf_add_json(b, u->type);
		strbuf_add(b, ",\"name\":");
		strbuf_add_json(b, u->name);
		strbuf_addf(b, ",\"disabled\":%" PRIu64 ",", t->unit_disabled[i]);
		json_rate(b, "disabled_rate", t->unit_disabled[i], t->games);
		strbuf_add(b, "}");
	}
	strbuf_add(b, "],\"idle\":[");
	int nn;
	struct sim_idle_note *notes = sim_idle_notes(t, &nn);
	for (int i = 0; i < nn; i++) {
		strbuf_add(b, i ? ",{\"team\":" : "{\"team\":");
		strbuf_add_json(b, s->teams[notes[i].team]);
		strbuf_addf(b, ",\"from\":%d,\"to\":%d,\"games\":%" PRIu64 ",\"share\":%.4f}",
			    notes[i].from, notes[i].to, notes[i].games,
			    (double)notes[i].games / (double)t->games);
	}
	free(notes);
	strbuf_add(b, "],\"seed_ranges\":[");
	for (int i = 0; i < t->seeds.n; i++)
		strbuf_addf(b, "%s[%" PRIu64 ",%" PRIu64 "]", i ? "," : "",
			    t->seeds.r[i][0], t->seeds.r[i][1]);
	strbuf_add(b, "]");
}

static void json_records(struct strbuf *b, const struct sim_totals *t)
{
	strbuf_add(b, ",\"records\":[");
	strbuf_add(b, t->records.s ? t->records.s : "");
	strbuf_add(b, "]");
}

/* What a merge checks shard against shard. */
static void json_shard(struct strbuf *b, const struct sim_setup *s)
{
	strbuf_addf(b, ",\"shard\":{\"format\":%d,\"version\":", SIM_SHARD_FORMAT);
	strbuf_add_json(b, s->version);
	strbuf_add(b, ",\"scenario\":");
	strbuf_add_json(b, s->scenario);
	strbuf_add(b, ",\"name\":");
	strbuf_add_json(b, s->name);
	strbuf_addf(b, ",\"hash\":\"%016" PRIx64 "\",\"max_rounds\":%d,\"levels\":[",
		    s->hash, s->max_rounds);
	for (int t = 0; t < s->nteams; t++) {
		strbuf_add(b, t ? ",{\"team\":" : "{\"team\":");
		strbuf_add_json(b, s->teams[t]);
		strbuf_addf(b, ",\"level\":\"%s\"}", ai_level_names[s->level[t]]);
	}
	strbuf_add(b, "]}");
}

void sim_report_json(FILE *f, const struct sim_run *run)
{
	const struct sim_setup *s = &run->setup;
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addc(&b, '{');
	if (s->vary.kind == SIM_VARY_NONE) {
		json_first(&b, &run->totals[0]);
		json_added(&b, &run->totals[0]);
		json_shard(&b, s);
		json_records(&b, &run->totals[0]);
	} else {
		strbuf_add(&b, "\"vary\":");
		strbuf_add_json(&b, s->vary.key);
		strbuf_add(&b, ",\"values\":[");
		for (int v = 0; v < run->nvalues; v++) {
			strbuf_add(&b, v ? "," : "");
			strbuf_add_json(&b, s->vary.values[v].text);
		}
		strbuf_add(&b, "],\"rows\":[");
		for (int v = 0; v < run->nvalues; v++) {
			strbuf_add(&b, v ? ",{\"value\":" : "{\"value\":");
			strbuf_add_json(&b, s->vary.values[v].text);
			strbuf_addc(&b, ',');
			json_first(&b, &run->totals[v]);
			json_added(&b, &run->totals[v]);
			json_records(&b, &run->totals[v]);
			strbuf_addc(&b, '}');
		}
		strbuf_addc(&b, ']');
		json_shard(&b, s);
	}
	strbuf_add(&b, "}\n");
	fputs(b.s, f);
	strbuf_free(&b);
}
