/* sim_report.c: medsiege sim's figures as a table: who wins and by which
 * goal, how long the games last, what each side loses by unit type and
 * by unit, who sat idle, and the commands that replay the first games of
 * each result; for a sweep, one row per value. Also what the text, JSON
 * and CSV reports share. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/sim.h"

double sim_rounds_mean(const struct sim_totals *t)
{
	return (double)t->rounds_sum / (double)t->games;
}

double sim_disabled_mean(const struct sim_totals *t,
			 const struct sim_kind_total *k)
{
	return (double)k->disabled / (double)t->games;
}

double sim_disabled_share(const struct sim_totals *t,
			  const struct sim_kind_total *k)
{
	double fielded = (double)k->fielded * (double)t->games;
	return fielded > 0 ? (double)k->disabled / fielded : 0;
}

struct sim_idle_note *sim_idle_notes(const struct sim_totals *t, int *n)
{
	struct sim_idle_note *notes = NULL;
	int cap = 0;
	*n = 0;
	double least = SIM_IDLE_SHARE * (double)t->games;
	for (int team = 0; team < t->setup->nteams; team++) {
		const uint64_t *c = t->idle[team];
		for (int r = 0; r < t->idle_rounds; r++) {
			if (c[r] == 0 || (double)c[r] < least)
				continue;
			int end = r;
			uint64_t fewest = c[r];
			while (end + 1 < t->idle_rounds && c[end + 1] > 0 &&
			       (double)c[end + 1] >= least) {
				end++;
				fewest = c[end] < fewest ? c[end] : fewest;
			}
			if (end > r) {
				if (*n == cap) {
					cap = cap ? 2 * cap : 4;
					notes = xrealloc(notes, (size_t)cap * sizeof *notes);
				}
				notes[(*n)++] = (struct sim_idle_note){team, r + 1,
								       end + 1, fewest};
			}
			r = end;
		}
	}
	return notes;
}

void sim_outcome_parts(const struct sim_totals *t, int o, int *team,
		       int *goal)
{
	const struct sim_setup *s = t->setup;
	*goal = o < s->ngoals ? o + 1 : 0;
	if (o < s->ngoals)
		*team = sim_setup_goals(s, t->value)[o].team;
	else
		*team = o < s->ngoals + s->nteams ? o - s->ngoals : -1;
}

int sim_outcome_order(const struct sim_totals *t, int *order)
{
	const struct sim_setup *s = t->setup;
	const struct sim_goal *goals = sim_setup_goals(s, t->value);
	int n = 0;
	for (int team = 0; team < s->nteams; team++) {
		for (int g = 0; g < s->ngoals; g++)
			if (goals[g].team == team)
				order[n++] = g;
		if (t->outcome[s->ngoals + team] > 0)
			order[n++] = s->ngoals + team;
	}
	order[n++] = s->ngoals + s->nteams;
	return n;
}

const char *sim_outcome_how(const struct sim_totals *t, int o)
{
	const struct sim_setup *s = t->setup;
	if (o < s->ngoals)
		return sim_setup_goals(s, t->value)[o].text;
	return o < s->ngoals + s->nteams ? "every enemy out of the battle"
					 : "draw";
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
	strbuf_addf(b, "  %-*s %7" PRIu64 "  %5.1f%%  %5.1f%% to %5.1f%%", width,
		    label, k, 100.0 * (double)k / (double)n, 100 * lo, 100 * hi);
}

/* A word as the shell reads it: quoted unless plain. */
static void add_shell_word(struct strbuf *b, const char *s)
{
	if (*s && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
			    "0123456789_./:=,+@%-") == strlen(s)) {
		strbuf_add(b, s);
		return;
	}
	strbuf_addc(b, '\'');
	for (; *s; s++)
		strbuf_add(b, *s == '\'' ? "'\\''" : (char[]){*s, '\0'});
	strbuf_addc(b, '\'');
}

/* The command that replays a game: the computer at the levels sim gave. */
static void add_replay(struct strbuf *b, const struct sim_setup *s,
		       uint64_t seed)
{
	strbuf_add(b, "medsiege run ");
	add_shell_word(b, s->scenario);
	strbuf_addf(b, " --seed %" PRIu64, seed);
	bool same = true;
	for (int t = 1; t < s->nteams; t++)
		same = same && s->level[t] == s->level[0];
	if (same && s->level[0] == AI_LEVEL_DEFAULT) {
		strbuf_add(b, " --ai all");
		return;
	}
	for (int t = 0; t < s->nteams && !(same && t > 0); t++) {
		char arg[TEAM_NAME_LEN + 16];
		snprintf(arg, sizeof arg, "%s:%s", same ? "all" : s->teams[t],
			 ai_level_names[s->level[t]]);
		strbuf_add(b, " --ai ");
		add_shell_word(b, arg);
	}
}

static void levels_line(struct strbuf *b, const struct sim_setup *s)
{
	strbuf_add(b, "  the rates measure the computer players at their levels (");
	for (int t = 0; t < s->nteams; t++)
		strbuf_addf(b, "%s%s %s", t ? ", " : "", s->teams[t],
			    ai_level_names[s->level[t]]);
	strbuf_add(b, "), not the scenario alone\n");
}

static void text_results(struct strbuf *b, const struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	int w = (int)strlen("result");
	for (int i = 0; i < s->nteams; i++)
		w = max_int(w, (int)strlen(s->teams[i]) + 5);
	strbuf_addf(b, "  %-*s %7s  %6s  %s\n", w, "result", "games", "share",
		    "95% interval");
	for (int i = 0; i < s->nteams; i++) {
		char label[TEAM_NAME_LEN + 8];
		snprintf(label, sizeof label, "%s wins", s->teams[i]);
		text_outcome(b, w, label, t->wins[i], t->games);
		strbuf_addc(b, '\n');
	}
	text_outcome(b, w, "draws", t->draws, t->games);
	strbuf_addc(b, '\n');
}

/* Each team's wins by goal, the goal's words last. */
static void text_goals(struct strbuf *b, const struct sim_totals *t,
		       const int *order, int n)
{
	const struct sim_setup *s = t->setup;
	int w = (int)strlen("wins by goal");
	for (int i = 0; i < s->nteams; i++)
		w = max_int(w, (int)strlen(s->teams[i]) + 9);
	strbuf_addf(b, "  %-*s %7s  %6s  %-16s  %s\n", w, "wins by goal", "games",
		    "share", "95% interval", "goal");
	for (int i = 0; i < n - 1; i++) {
		int team, goal;
		sim_outcome_parts(t, order[i], &team, &goal);
		char label[TEAM_NAME_LEN + 16];
		if (goal)
			snprintf(label, sizeof label, "%s goal %d", s->teams[team], goal);
		else
			snprintf(label, sizeof label, "%s", s->teams[team]);
		text_outcome(b, w, label, t->outcome[order[i]], t->games);
		strbuf_addf(b, "  %s\n", sim_outcome_how(t, order[i]));
	}
}

static void text_kinds(struct strbuf *b, const struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	int tw = (int)strlen("casualties"), nw = (int)strlen("unit type");
	for (int i = 0; i < t->nkinds; i++) {
		tw = max_int(tw, (int)strlen(s->teams[t->kinds[i].team]));
		nw = max_int(nw, (int)strlen(t->kinds[i].name));
	}
	strbuf_addf(b, "  %-*s  %-*s  %7s  %s\n", tw, "casualties", nw,
		    "unit type", "fielded", "disabled per game");
	for (int i = 0; i < t->nkinds; i++) {
		const struct sim_kind_total *k = &t->kinds[i];
		strbuf_addf(b, "  %-*s  %-*s  %7d  %5.2f  (%.0f%%)\n", tw,
			    s->teams[k->team], nw, k->name, k->fielded,
			    sim_disabled_mean(t, k),
			    100 * sim_disabled_share(t, k));
	}
}

/* Each unit: the games it ended disabled in. */
static void text_units(struct strbuf *b, const struct sim_totals *t)
{
	const struct sim_setup *s = t->setup;
	int iw = (int)strlen("by unit"), tw = (int)strlen("team"),
	    nw = (int)strlen("unit type");
	for (int i = 0; i < s->nunits; i++) {
		iw = max_int(iw, (int)strlen(s->units[i].id));
		tw = max_int(tw, (int)strlen(s->teams[s->units[i].team]));
		nw = max_int(nw, (int)strlen(s->units[i].name));
	}
	strbuf_addf(b, "  %-*s  %-*s  %-*s  %8s  %6s  %s\n", iw, "by unit", tw,
		    "team", nw, "unit type", "disabled", "share", "95% interval");
	for (int i = 0; i < s->nunits; i++) {
		const struct sim_unit *u = &s->units[i];
		uint64_t k = t->unit_disabled[i];
		double lo, hi;
		sim_wilson(k, t->games, &lo, &hi);
		strbuf_addf(b, "  %-*s  %-*s  %-*s  %8" PRIu64 "  %5.1f%%  %5.1f%% to %5.1f%%\n",
			    iw, u->id, tw, s->teams[u->team], nw, u->name, k,
			    100.0 * (double)k / (double)t->games, 100 * lo,
			    100 * hi);
	}
}

static void text_idle(struct strbuf *b, const struct sim_totals *t)
{
	int n;
	struct sim_idle_note *notes = sim_idle_notes(t, &n);
	for (int i = 0; i < n; i++)
		strbuf_addf(b, "  note: %s idle in rounds %d-%d of %.0f%% of games (no order that changed anything)\n",
			    t->setup->teams[notes[i].team], notes[i].from,
			    notes[i].to,
			    100.0 * (double)notes[i].games / (double)t->games);
	free(notes);
}

/* The first games of each result, with the command that replays each. */
static void text_replays(struct strbuf *b, const struct sim_totals *t,
			 const int *order, int n)
{
	const struct sim_setup *s = t->setup;
	strbuf_addf(b, "  to replay the first games of each result (up to %d):\n",
		    SIM_REPLAY_SEEDS);
	for (int i = 0; i < n; i++) {
		int o = order[i], team, goal;
		sim_outcome_parts(t, o, &team, &goal);
		for (uint64_t k = 0; k < t->outcome[o] && k < SIM_REPLAY_SEEDS; k++) {
			if (team < 0)
				strbuf_add(b, "    draw: ");
			else if (goal)
				strbuf_addf(b, "    %s wins by goal %d: ",
					    s->teams[team], goal);
			else
				strbuf_addf(b, "    %s wins, every enemy out: ",
					    s->teams[team]);
			add_replay(b, s, t->first[o][k]);
			strbuf_addc(b, '\n');
		}
	}
}

static void text_one(struct strbuf *b, const struct sim_totals *t)
{
	strbuf_addf(b, "%" PRIu64 " games, ", t->games);
	sim_seeds_describe(b, &t->seeds);
	strbuf_add(b, ", every team played by the computer\n");
	levels_line(b, t->setup);
	text_results(b, t);
	int *order = xcalloc((size_t)t->noutcomes, sizeof *order);
	int n = sim_outcome_order(t, order);
	text_goals(b, t, order, n);
	strbuf_addf(b, "  rounds: mean %.1f, min %d, max %d\n", sim_rounds_mean(t),
		    t->rounds_min, t->rounds_max);
	text_kinds(b, t);
	text_units(b, t);
	text_idle(b, t);
	text_replays(b, t, order, n);
	free(order);
}

/* End a line of padded columns, without the padding. */
static void trim_line(struct strbuf *b)
{
	while (b->len > 0 && b->s[b->len - 1] == ' ')
		b->s[--b->len] = '\0';
	strbuf_addc(b, '\n');
}

/* A sweep: one row per value, each team's rate with its interval. */
static void text_sweep(struct strbuf *b, const struct sim_run *run)
{
	const struct sim_setup *s = &run->setup;
	const struct sim_totals *t0 = &run->totals[0];
	strbuf_addf(b, "%s by %s: %" PRIu64 " games a value, ", s->name,
		    s->vary.key, t0->games);
	sim_seeds_describe(b, &t0->seeds);
	strbuf_add(b, ", every team played by the computer\n");
	levels_line(b, s);
	int kw = max_int((int)strlen(s->vary.key), 5);
	for (int v = 0; v < run->nvalues; v++)
		kw = max_int(kw, (int)strlen(s->vary.values[v].text));
	strbuf_addf(b, "  %-*s %7s", kw, s->vary.key, "games");
	for (int i = 0; i <= s->nteams; i++) {
		char label[TEAM_NAME_LEN + 8];
		snprintf(label, sizeof label, "%s", i < s->nteams ? s->teams[i] : "draws");
		if (i < s->nteams)
			strlcpy_s(label + strlen(label), " wins",
				  sizeof label - strlen(label));
		strbuf_addf(b, "  %-23s", label);
	}
	trim_line(b);
	for (int v = 0; v < run->nvalues; v++) {
		const struct sim_totals *t = &run->totals[v];
		strbuf_addf(b, "  %-*s %7" PRIu64, kw, s->vary.values[v].text,
			    t->games);
		for (int i = 0; i <= s->nteams; i++) {
			uint64_t k = i < s->nteams ? t->wins[i] : t->draws;
			double lo, hi;
			sim_wilson(k, t->games, &lo, &hi);
			strbuf_addf(b, "  %5.1f%% %5.1f%% to %5.1f%%",
				    100.0 * (double)k / (double)t->games,
				    100 * lo, 100 * hi);
		}
		trim_line(b);
	}
}

void sim_report_text(FILE *f, const struct sim_run *run)
{
	struct strbuf b;
	strbuf_init(&b);
	if (run->setup.vary.kind == SIM_VARY_NONE)
		text_one(&b, &run->totals[0]);
	else
		text_sweep(&b, run);
	fputs(b.s, f);
	strbuf_free(&b);
}
