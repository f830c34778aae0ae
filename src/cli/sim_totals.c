/* sim_totals.c: medsiege sim's game results added up in seed order, and
 * one game written as a shard record and read back. Everything a report
 * prints comes from here, so a run and a merge of shards of it, which
 * add the same games in the same order, print the same bytes. */
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"

/* The kinds (team and unit type) in the order the scenario first lists
 * them, and how many of each a team fields. */
static void init_kinds(struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	t->kinds = xcalloc((size_t)(s->nunits ? s->nunits : 1), sizeof *t->kinds);
	for (int i = 0; i < s->nunits; i++) {
		const struct sim_unit *u = &s->units[i];
		struct sim_kind_total *k = NULL;
		for (int j = 0; j < t->nkinds && !k; j++)
			if (t->kinds[j].team == u->team &&
			    strcmp(t->kinds[j].type, u->type) == 0)
				k = &t->kinds[j];
		if (!k) {
			k = &t->kinds[t->nkinds++];
			k->team = u->team;
			memcpy(k->type, u->type, sizeof k->type);
			memcpy(k->name, u->name, sizeof k->name);
			k->disabled_min = INT_MAX;
		}
		k->fielded++;
	}
}

void sim_totals_init(struct sim_totals *t, const struct sim_setup *s,
		     int value, bool keep)
{
	memset(t, 0, sizeof *t);
	t->setup = s;
	t->value = value;
	t->keep = keep;
	t->rounds_min = INT_MAX;
	t->noutcomes = s->ngoals + s->nteams + 1;
	t->outcome = xcalloc((size_t)t->noutcomes, sizeof *t->outcome);
	t->first = xcalloc((size_t)t->noutcomes, sizeof *t->first);
	if (keep) {
		t->outcome_seeds = xcalloc((size_t)t->noutcomes,
					   sizeof *t->outcome_seeds);
		for (int i = 0; i < t->noutcomes; i++)
			strbuf_init(&t->outcome_seeds[i]);
		strbuf_init(&t->records);
	}
	init_kinds(t);
	t->unit_disabled = xcalloc((size_t)(s->nunits ? s->nunits : 1),
				   sizeof *t->unit_disabled);
}

void sim_totals_free(struct sim_totals *t)
{
	if (t->keep) {
		for (int i = 0; i < t->noutcomes; i++)
			strbuf_free(&t->outcome_seeds[i]);
		strbuf_free(&t->records);
	}
	free(t->outcome_seeds);
	free(t->outcome);
	free(t->first);
	free(t->kinds);
	free(t->unit_disabled);
	for (int i = 0; i < MAX_TEAMS; i++)
		free(t->idle[i]);
	free(t->seeds.r);
	memset(t, 0, sizeof *t);
}

int sim_outcome_of(const struct sim_totals *t, int winner, int goal)
{
	const struct sim_setup *s = t->setup;
	if (winner < 0 || winner >= s->nteams)
		return s->ngoals + s->nteams;
	if (goal > 0 && goal <= s->ngoals)
		return goal - 1;
	return s->ngoals + winner;
}

/* Seeds come in increasing order: one more either extends the last
 * range or starts a new one. */
static void add_seed(struct sim_seeds *s, uint64_t seed)
{
	if (s->n > 0 && s->r[s->n - 1][1] != UINT64_MAX &&
	    s->r[s->n - 1][1] + 1 == seed) {
		s->r[s->n - 1][1] = seed;
		return;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 4;
		s->r = xrealloc(s->r, (size_t)s->cap * sizeof *s->r);
	}
	s->r[s->n][0] = s->r[s->n][1] = seed;
	s->n++;
}

static void add_idle(struct sim_totals *t, const struct sim_idle *d)
{
	if (d->team < 0 || d->team >= MAX_TEAMS || d->from < 1)
		return;
	if (d->to > t->idle_rounds) {
		int n = d->to;
		for (int k = 0; k < MAX_TEAMS; k++) {
			t->idle[k] = xrealloc(t->idle[k], (size_t)n * sizeof *t->idle[k]);
			memset(t->idle[k] + t->idle_rounds, 0,
			       (size_t)(n - t->idle_rounds) * sizeof *t->idle[k]);
		}
		t->idle_rounds = n;
	}
	for (int r = d->from; r <= d->to; r++)
		t->idle[d->team][r - 1]++;
}

static void add_kinds(struct sim_totals *t, const struct sim_result *r)
{
	const struct sim_setup *s = t->setup;
	int lost[s->nunits ? s->nunits : 1];
	memset(lost, 0, sizeof lost);
	for (int i = 0; i < s->nunits && i < r->nunits; i++) {
		if (!r->disabled[i])
			continue;
		t->unit_disabled[i]++;
		const struct sim_unit *u = &s->units[i];
		for (int k = 0; k < t->nkinds; k++)
			if (t->kinds[k].team == u->team &&
			    strcmp(t->kinds[k].type, u->type) == 0) {
				lost[k]++;
				break;
			}
	}
	for (int k = 0; k < t->nkinds; k++) {
		struct sim_kind_total *kt = &t->kinds[k];
		kt->disabled += lost[k];
		if (lost[k] < kt->disabled_min)
			kt->disabled_min = lost[k];
		if (lost[k] > kt->disabled_max)
			kt->disabled_max = lost[k];
	}
}

void sim_totals_add(struct sim_totals *t, const struct sim_result *r)
{
	if (r->winner >= 0 && r->winner < MAX_TEAMS)
		t->wins[r->winner]++;
	else
		t->draws++;
	int o = sim_outcome_of(t, r->winner, r->goal);
	if (t->outcome[o] < SIM_REPLAY_SEEDS)
		t->first[o][t->outcome[o]] = r->seed;
	t->outcome[o]++;
	t->rounds_sum += (uint64_t)r->rounds;
	t->rounds_min = r->rounds < t->rounds_min ? r->rounds : t->rounds_min;
	t->rounds_max = r->rounds > t->rounds_max ? r->rounds : t->rounds_max;
	add_kinds(t, r);
	for (int i = 0; i < r->nidle; i++)
		add_idle(t, &r->idle[i]);
	add_seed(&t->seeds, r->seed);
	if (t->keep) {
		struct strbuf *b = &t->outcome_seeds[o];
		strbuf_addf(b, "%s%" PRIu64, b->len ? "," : "", r->seed);
		strbuf_add(&t->records, t->games ? ",\"" : "\"");
		sim_record_format(&t->records, r);
		strbuf_addc(&t->records, '"');
	}
	t->games++;
}

void sim_wilson(uint64_t k, uint64_t n, double *lo, double *hi)
{
	const double z = 1.959963984540054; /* the 97.5th percentile of N(0,1) */
	double nn = (double)n, p = (double)k / nn, z2 = z * z;
	double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
	double half = z * sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) /
		      (1 + z2 / nn);
	*lo = centre - half < 0 ? 0 : centre - half;
	*hi = centre + half > 1 ? 1 : centre + half;
}

void sim_record_format(struct strbuf *b, const struct sim_result *r)
{
	strbuf_addf(b, "%" PRIu64 " %d %d %d ", r->seed, r->winner, r->goal,
		    r->rounds);
	bool any = false;
	for (int i = 0; i < r->nunits; i++)
		if (r->disabled[i]) {
			strbuf_addf(b, any ? ",%d" : "%d", i);
			any = true;
		}
	strbuf_add(b, any ? " " : "- ");
	for (int i = 0; i < r->nidle; i++)
		strbuf_addf(b, "%s%d:%d-%d", i ? "," : "", r->idle[i].team,
			    r->idle[i].from, r->idle[i].to);
	if (r->nidle == 0)
		strbuf_addc(b, '-');
}

/* The parts of a record: a number, or the character c. */
static bool read_u64(const char **s, uint64_t *out)
{
	const char *p = *s;
	uint64_t v = 0;
	if (*p < '0' || *p > '9')
		return false;
	for (; *p >= '0' && *p <= '9'; p++) {
		unsigned d = (unsigned)(*p - '0');
		if (v > (UINT64_MAX - d) / 10)
			return false;
		v = 10 * v + d;
	}
	*s = p;
	*out = v;
	return true;
}

static bool read_int(const char **s, long long min, long long max, int *out)
{
	const char *p = *s;
	bool neg = *p == '-';
	uint64_t v;
	if (neg)
		p++;
	if (!read_u64(&p, &v) || v > INT_MAX)
		return false;
	long long x = neg ? -(long long)v : (long long)v;
	if (x < min || x > max)
		return false;
	*s = p;
	*out = (int)x;
	return true;
}

static bool expect(const char **s, char c)
{
	if (**s != c)
		return false;
	(*s)++;
	return true;
}

/* "-", or the disabled units' indices: "0,3,5". */
static bool read_disabled(const char **s, struct sim_result *r)
{
	if (expect(s, '-'))
		return true;
	do {
		int u;
		if (!read_int(s, 0, r->nunits - 1, &u))
			return false;
		r->disabled[u] = 1;
	} while (expect(s, ','));
	return true;
}

/* "-", or the idle stretches: "TEAM:FROM-TO,...". */
static bool read_idle(const char **s, int nteams, struct sim_result *r)
{
	if (expect(s, '-'))
		return true;
	int cap = 0;
	do {
		struct sim_idle d;
		if (!read_int(s, 0, nteams - 1, &d.team) || !expect(s, ':') ||
		    !read_int(s, 1, INT_MAX, &d.from) || !expect(s, '-') ||
		    !read_int(s, d.from + 1LL, r->rounds, &d.to))
			return false;
		if (r->nidle == cap) {
			cap = cap ? 2 * cap : 4;
			r->idle = xrealloc(r->idle, (size_t)cap * sizeof *r->idle);
		}
		r->idle[r->nidle++] = d;
	} while (expect(s, ','));
	return true;
}

bool sim_record_parse(const char *s, int nunits, int nteams, int ngoals,
		      struct sim_result *r, char *why)
{
	memset(r, 0, sizeof *r);
	r->nunits = nunits;
	r->disabled = xcalloc((size_t)(nunits ? nunits : 1), 1);
	bool ok = read_u64(&s, &r->seed) && expect(&s, ' ') &&
		  read_int(&s, -1, nteams - 1, &r->winner) && expect(&s, ' ') &&
		  read_int(&s, 0, ngoals, &r->goal) && expect(&s, ' ') &&
		  (r->goal == 0 || r->winner >= 0) &&
		  read_int(&s, 1, SIM_ROUND_MAX, &r->rounds) && expect(&s, ' ') &&
		  read_disabled(&s, r) && expect(&s, ' ') &&
		  read_idle(&s, nteams, r) && *s == '\0';
	if (!ok) {
		snprintf(why, SIM_ERROR_LEN, "a game record is damaged");
		sim_result_free(r);
	}
	return ok;
}

void sim_seeds_describe(struct strbuf *b, const struct sim_seeds *s)
{
	/* A few ranges in words; past that, how many more. */
	enum { SHOWN = 4 };
	strbuf_add(b, s->n == 1 && s->r[0][0] == s->r[0][1] ? "seed " : "seeds ");
	for (int i = 0; i < s->n && i < SHOWN; i++) {
		if (i > 0)
			strbuf_add(b, i == s->n - 1 ? " and " : ", ");
		if (s->r[i][0] == s->r[i][1])
			strbuf_addf(b, "%" PRIu64, s->r[i][0]);
		else
			strbuf_addf(b, "%" PRIu64 " to %" PRIu64, s->r[i][0],
				    s->r[i][1]);
	}
	if (s->n > SHOWN)
		strbuf_addf(b, " and %d more ranges", s->n - SHOWN);
}

void sim_run_init(struct sim_run *run, bool keep)
{
	run->nvalues = sim_setup_nvalues(&run->setup);
	run->totals = xcalloc((size_t)run->nvalues, sizeof *run->totals);
	for (int v = 0; v < run->nvalues; v++)
		sim_totals_init(&run->totals[v], &run->setup, v, keep);
}

void sim_run_free(struct sim_run *run)
{
	for (int v = 0; v < run->nvalues && run->totals; v++)
		sim_totals_free(&run->totals[v]);
	free(run->totals);
	sim_setup_free(&run->setup);
	run->totals = NULL;
	run->nvalues = 0;
}
