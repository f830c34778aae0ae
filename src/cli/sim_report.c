/* sim_report.c: medsiege sim's figures: game results added up in seed
 * order, and printed as a table, one JSON object or CSV. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"

void sim_totals_init(struct sim_totals *t, uint64_t first_seed)
{
	memset(t, 0, sizeof *t);
	t->first_seed = first_seed;
	t->rounds_min = INT_MAX;
}

void sim_totals_free(struct sim_totals *t)
{
	free(t->kinds);
	t->kinds = NULL;
	t->nkinds = 0;
}

static struct sim_kind_total *kind_total(struct sim_totals *t,
					 const struct sim_kind *k)
{
	for (int i = 0; i < t->nkinds; i++)
		if (t->kinds[i].team == k->team &&
		    strcmp(t->kinds[i].type, k->type) == 0)
			return &t->kinds[i];
	t->kinds = xrealloc(t->kinds, (size_t)(t->nkinds + 1) * sizeof *t->kinds);
	struct sim_kind_total *kt = &t->kinds[t->nkinds++];
	memset(kt, 0, sizeof *kt);
	kt->team = k->team;
	memcpy(kt->type, k->type, sizeof kt->type);
	memcpy(kt->name, k->name, sizeof kt->name);
	/* A kind first seen after some games had none of it in them. */
	kt->disabled_min = t->games ? 0 : INT_MAX;
	return kt;
}

void sim_totals_add(struct sim_totals *t, const struct sim_result *r)
{
	if (t->games == 0) {
		t->nteams = r->nteams;
		memcpy(t->teams, r->teams, sizeof t->teams);
	}
	if (r->winner >= 0 && r->winner < MAX_TEAMS)
		t->wins[r->winner]++;
	else
		t->draws++;
	t->rounds_sum += (uint64_t)r->rounds;
	t->rounds_min = r->rounds < t->rounds_min ? r->rounds : t->rounds_min;
	t->rounds_max = r->rounds > t->rounds_max ? r->rounds : t->rounds_max;
	/* Kinds this game did not field count as none disabled. */
	for (int i = 0; i < t->nkinds; i++) {
		bool seen = false;
		for (int j = 0; j < r->nkinds && !seen; j++)
			seen = t->kinds[i].team == r->kinds[j].team &&
			       strcmp(t->kinds[i].type, r->kinds[j].type) == 0;
		if (!seen)
			t->kinds[i].disabled_min = 0;
	}
	for (int j = 0; j < r->nkinds; j++) {
		const struct sim_kind *k = &r->kinds[j];
		struct sim_kind_total *kt = kind_total(t, k);
		kt->fielded += k->fielded;
		kt->disabled += k->disabled;
		if (k->disabled < kt->disabled_min)
			kt->disabled_min = k->disabled;
		if (k->disabled > kt->disabled_max)
			kt->disabled_max = k->disabled;
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

static double rounds_mean(const struct sim_totals *t)
{
	return (double)t->rounds_sum / (double)t->games;
}

/* Units of a kind fielded in a game: whole in every shipped scenario. */
static void add_fielded(struct strbuf *b, const struct sim_totals *t,
			const struct sim_kind_total *k)
{
	if ((uint64_t)k->fielded % t->games == 0)
		strbuf_addf(b, "%llu",
			    (unsigned long long)((uint64_t)k->fielded / t->games));
	else
		strbuf_addf(b, "%.2f", (double)k->fielded / (double)t->games);
}

static double disabled_mean(const struct sim_totals *t,
			    const struct sim_kind_total *k)
{
	return (double)k->disabled / (double)t->games;
}

static double disabled_share(const struct sim_kind_total *k)
{
	return k->fielded ? (double)k->disabled / (double)k->fielded : 0;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static void text_outcome(struct strbuf *b, int width, const char *label,
			 uint64_t k, uint64_t n)
{
	double lo, hi;
	sim_wilson(k, n, &lo, &hi);
	strbuf_addf(b, "  %-*s %7llu  %5.1f%%  %5.1f%% to %5.1f%%\n", width,
		    label, (unsigned long long)k, 100.0 * (double)k / (double)n,
		    100 * lo, 100 * hi);
}

void sim_report_text(FILE *f, const struct sim_totals *t)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "%llu games, seeds %llu to %llu, every team played by the computer\n",
		    (unsigned long long)t->games, (unsigned long long)t->first_seed,
		    (unsigned long long)(t->first_seed + t->games - 1));
	int w = (int)strlen("result");
	for (int i = 0; i < t->nteams; i++)
		w = max_int(w, (int)strlen(t->teams[i]) + 5);
	strbuf_addf(&b, "  %-*s %7s  %6s  %s\n", w, "result", "games", "share",
		    "95% interval");
	for (int i = 0; i < t->nteams; i++) {
		char label[TEAM_NAME_LEN + 8];
		snprintf(label, sizeof label, "%s wins", t->teams[i]);
		text_outcome(&b, w, label, t->wins[i], t->games);
	}
	text_outcome(&b, w, "draws", t->draws, t->games);
	strbuf_addf(&b, "  rounds: mean %.1f, min %d, max %d\n", rounds_mean(t),
		    t->rounds_min, t->rounds_max);
	int tw = (int)strlen("casualties"), nw = (int)strlen("unit type");
	for (int i = 0; i < t->nkinds; i++) {
		tw = max_int(tw, (int)strlen(t->teams[t->kinds[i].team]));
		nw = max_int(nw, (int)strlen(t->kinds[i].name));
	}
	strbuf_addf(&b, "  %-*s  %-*s  %7s  %s\n", tw, "casualties", nw,
		    "unit type", "fielded", "disabled per game");
	for (int i = 0; i < t->nkinds; i++) {
		const struct sim_kind_total *k = &t->kinds[i];
		struct strbuf n;
		strbuf_init(&n);
		add_fielded(&n, t, k);
		strbuf_addf(&b, "  %-*s  %-*s  %7s  %5.2f  (%.0f%%)\n", tw,
			    t->teams[k->team], nw, k->name, n.s,
			    disabled_mean(t, k), 100 * disabled_share(k));
		strbuf_free(&n);
	}
	fputs(b.s, f);
	strbuf_free(&b);
}

static void json_rate(struct strbuf *b, const char *key, uint64_t k,
		      uint64_t n)
{
	double lo, hi;
	sim_wilson(k, n, &lo, &hi);
	strbuf_addf(b, "\"%s\":%.4f,\"%s_ci95\":[%.4f,%.4f]", key,
		    (double)k / (double)n, key, lo, hi);
}

void sim_report_json(FILE *f, const struct sim_totals *t)
{
	struct strbuf b;
	strbuf_init(&b);
	/* The keys of the first version come first, as they were. */
	strbuf_addf(&b, "{\"games\":%llu,\"first_seed\":%llu,\"wins\":{",
		    (unsigned long long)t->games, (unsigned long long)t->first_seed);
	for (int i = 0; i < t->nteams; i++) {
		strbuf_add(&b, i ? "," : "");
		strbuf_add_json(&b, t->teams[i]);
		strbuf_addf(&b, ":%llu", (unsigned long long)t->wins[i]);
	}
	strbuf_addf(&b, "},\"draws\":%llu,\"rounds\":{\"mean\":%.2f,\"min\":%d,\"max\":%d}",
		    (unsigned long long)t->draws, rounds_mean(t), t->rounds_min,
		    t->rounds_max);
	strbuf_addf(&b, ",\"last_seed\":%llu,\"teams\":[",
		    (unsigned long long)(t->first_seed + t->games - 1));
	for (int i = 0; i < t->nteams; i++) {
		strbuf_add(&b, i ? ",{\"name\":" : "{\"name\":");
		strbuf_add_json(&b, t->teams[i]);
		strbuf_addf(&b, ",\"wins\":%llu,", (unsigned long long)t->wins[i]);
		json_rate(&b, "win_rate", t->wins[i], t->games);
		strbuf_add(&b, "}");
	}
	strbuf_add(&b, "],");
	json_rate(&b, "draw_rate", t->draws, t->games);
	strbuf_add(&b, ",\"casualties\":[");
	for (int i = 0; i < t->nkinds; i++) {
		const struct sim_kind_total *k = &t->kinds[i];
		strbuf_add(&b, i ? ",{\"team\":" : "{\"team\":");
		strbuf_add_json(&b, t->teams[k->team]);
		strbuf_add(&b, ",\"type\":");
		strbuf_add_json(&b, k->type);
		strbuf_add(&b, ",\"name\":");
		strbuf_add_json(&b, k->name);
		strbuf_add(&b, ",\"fielded\":");
		add_fielded(&b, t, k);
		strbuf_addf(&b, ",\"disabled_mean\":%.2f,\"disabled_min\":%d,"
			    "\"disabled_max\":%d,\"disabled_share\":%.4f}",
			    disabled_mean(t, k), k->disabled_min, k->disabled_max,
			    disabled_share(k));
	}
	strbuf_add(&b, "]}\n");
	fputs(b.s, f);
	strbuf_free(&b);
}

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

static void csv_outcome(struct strbuf *b, const char *row, const char *team,
			uint64_t k, uint64_t n)
{
	double lo, hi;
	sim_wilson(k, n, &lo, &hi);
	strbuf_add(b, row);
	strbuf_addc(b, ',');
	csv_field(b, team);
	strbuf_addf(b, ",,%llu,%llu,%.4f,%.4f,%.4f,,,\n", (unsigned long long)n,
		    (unsigned long long)k, (double)k / (double)n, lo, hi);
}

void sim_report_csv(FILE *f, const struct sim_totals *t)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "row,team,unit,games,count,rate,ci95_low,ci95_high,mean,min,max\n");
	for (int i = 0; i < t->nteams; i++)
		csv_outcome(&b, "wins", t->teams[i], t->wins[i], t->games);
	csv_outcome(&b, "draws", "", t->draws, t->games);
	strbuf_addf(&b, "rounds,,,%llu,,,,,%.2f,%d,%d\n",
		    (unsigned long long)t->games, rounds_mean(t), t->rounds_min,
		    t->rounds_max);
	for (int i = 0; i < t->nkinds; i++) {
		const struct sim_kind_total *k = &t->kinds[i];
		strbuf_add(&b, "casualties,");
		csv_field(&b, t->teams[k->team]);
		strbuf_addc(&b, ',');
		csv_field(&b, k->type);
		strbuf_addf(&b, ",%llu,", (unsigned long long)t->games);
		add_fielded(&b, t, k);
		strbuf_addf(&b, ",%.4f,,,%.2f,%d,%d\n", disabled_share(k),
			    disabled_mean(t, k), k->disabled_min, k->disabled_max);
	}
	fputs(b.s, f);
	strbuf_free(&b);
}
