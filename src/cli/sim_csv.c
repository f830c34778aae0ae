/* sim_csv.c: medsiege sim --csv: the figures as CSV rows of eleven
 * columns (a sweep's with the key and the value in front). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"

#define CSV_HEADER "row,team,unit,games,count,rate,ci95_low,ci95_high,mean,min,max\n"

/* A CSV field, quoted when it holds a comma, a quote or a line break. */
static void csv_field(struct strbuf *b, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		strbuf_add(b, s);
		return;
	}
	strbuf_addc(b, '"');
	for (; *s; s++) {
		if (*s == '"')
			strbuf_addc(b, '"');
		strbuf_addc(b, *s);
	}
	strbuf_addc(b, '"');
}

/* The start of a row: a sweep's key and value, the row's name, its team
 * and its unit. */
static void csv_start(struct strbuf *b, const struct sim_totals *t,
		      const char *row, const char *team, const char *unit)
{
	const struct sim_setup *s = t->setup;
	if (s->vary.kind != SIM_VARY_NONE) {
		csv_field(b, s->vary.key);
		strbuf_addc(b, ',');
		csv_field(b, s->vary.values[t->value].text);
		strbuf_addc(b, ',');
	}
	strbuf_add(b, row);
	strbuf_addc(b, ',');
	csv_field(b, team);
	strbuf_addc(b, ',');
	csv_field(b, unit);
}

/* A row counting games: k of n, its rate and interval. */
static void csv_count(struct strbuf *b, const struct sim_totals *t,
		      const char *row, const char *team, const char *unit,
		      uint64_t k)
{
	double lo, hi;
	uint64_t n = t->games;
	sim_wilson(k, n, &lo, &hi);
	csv_start(b, t, row, team, unit);
	strbuf_addf(b, ",%" PRIu64 ",%" PRIu64 ",%.4f,%.4f,%.4f,,,\n", n, k,
		    (double)k / (double)n, lo, hi);
}

static void csv_one(struct strbuf *b, const struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	for (int i = 0; i < s->nteams; i++)
		csv_count(b, t, "wins", s->teams[i], "", t->wins[i]);
	csv_count(b, t, "draws", "", "", t->draws);
	csv_start(b, t, "rounds", "", "");
	strbuf_addf(b, ",%" PRIu64 ",,,,,%.2f,%d,%d\n", t->games,
		    sim_rounds_mean(t), t->rounds_min, t->rounds_max);
	for (int i = 0; i < t->nkinds; i++) {
		const struct sim_kind_total *k = &t->kinds[i];
		csv_start(b, t, "casualties", s->teams[k->team], k->type);
		strbuf_addf(b, ",%" PRIu64 ",%d,%.4f,,,%.2f,%d,%d\n", t->games,
			    k->fielded, sim_disabled_share(t, k),
			    sim_disabled_mean(t, k), k->disabled_min,
			    k->disabled_max);
	}
	int *order = xcalloc((size_t)t->noutcomes, sizeof *order);
	int n = sim_outcome_order(t, order);
	for (int i = 0; i < n - 1; i++) {
		int team, goal;
		char num[16];
		sim_outcome_parts(t, order[i], &team, &goal);
		snprintf(num, sizeof num, "%d", goal);
		csv_count(b, t, "goal", s->teams[team], num, t->outcome[order[i]]);
	}
	free(order);
	for (int i = 0; i < s->nunits; i++)
		csv_count(b, t, "unit", s->teams[s->units[i].team],
			  s->units[i].id, t->unit_disabled[i]);
	int nn;
	struct sim_idle_note *notes = sim_idle_notes(t, &nn);
	for (int i = 0; i < nn; i++) {
		csv_start(b, t, "idle", s->teams[notes[i].team], "");
		strbuf_addf(b, ",%" PRIu64 ",%" PRIu64 ",%.4f,,,,%d,%d\n", t->games,
			    notes[i].games,
			    (double)notes[i].games / (double)t->games,
			    notes[i].from, notes[i].to);
	}
	free(notes);
}

void sim_report_csv(FILE *f, const struct sim_run *run)
{
	struct strbuf b;
	strbuf_init(&b);
	if (run->setup.vary.kind != SIM_VARY_NONE)
		strbuf_add(&b, "vary,value,");
	strbuf_add(&b, CSV_HEADER);
	for (int v = 0; v < run->nvalues; v++)
		csv_one(&b, &run->totals[v]);
	fputs(b.s, f);
	strbuf_free(&b);
}
