/* sim_shard.c: medsiege sim --merge: shards (sim --json outputs, made on
 * any number of machines) read back and their games added up in seed
 * order, as one run over all their seeds adds them, so that the merge
 * prints what that run prints. Shards of another scenario or roster (by
 * content hash), other levels, another sweep or round cap, or another
 * version of the program are refused, as are shards that share a seed. */
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "cli/sim.h"
#include "config.h"
#include "net/json.h"

/* A shard read: its JSON and the setup it describes. */
struct shard {
	const char *name;
	struct json *j;              /* owned */
	struct sim_setup setup;      /* owned */
	int nrows;
	const struct json **rows;    /* owned array: each value's object */
};

/* A game of some shard, to be put in seed order. */
struct game_ref {
	uint64_t seed;
	int value, shard;
	const char *record;
};

static int fail(char *why, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int fail(char *why, const char *name, const char *fmt, ...)
{
	char msg[SIM_ERROR_LEN];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	char *p = util_printable(name);
	char *all = xasprintf("medsiege sim: %s: %s", p, msg);
	util_copy_text(why, all, SIM_ERROR_LEN);
	free(all);
	free(p);
	return -1;
}

static int find_team(const struct sim_setup *s, const char *name)
{
	for (int t = 0; name && t < s->nteams; t++)
		if (strcmp(s->teams[t], name) == 0)
			return t;
	return -1;
}

/* The sweep: "vary" and "values", as --vary would have given them. */
static int read_vary(struct shard *sh, char *why)
{
	const char *key = json_str(sh->j, "vary");
	const struct json *values = json_get(sh->j, "values");
	if (!key)
		return 0;
	if (!values || values->type != JSON_ARR || values->n < 1)
		return fail(why, sh->name, "a sweep with no values");
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "%s=", key);
	for (int i = 0; i < values->n; i++) {
		if (values->items[i].type != JSON_STR) {
			strbuf_free(&b);
			return fail(why, sh->name, "a sweep value is no string");
		}
		strbuf_addf(&b, "%s%s", i ? "," : "", values->items[i].str);
	}
	char vwhy[SIM_ERROR_LEN];
	bool ok = sim_vary_parse(b.s, &sh->setup.vary, vwhy);
	strbuf_free(&b);
	return ok ? 0 : fail(why, sh->name, "%s", vwhy);
}

/* "shard": the program, the scenario, the teams and their levels. */
static int read_head(struct shard *sh, const struct json *h, char *why)
{
	struct sim_setup *s = &sh->setup;
	if (!h || h->type != JSON_OBJ)
		return fail(why, sh->name, "no \"shard\" in it: not the output of medsiege sim --json");
	int format = json_int(h, "format", -1);
	if (format != SIM_SHARD_FORMAT)
		return fail(why, sh->name, "a shard of format %d; this program reads format %d",
			    format, SIM_SHARD_FORMAT);
	const char *version = json_str(h, "version");
	const char *scenario = json_str(h, "scenario");
	const char *name = json_str(h, "name");
	const char *hash = json_str(h, "hash");
	const struct json *levels = json_get(h, "levels");
	char *end = NULL;
	if (hash)
		s->hash = strtoull(hash, &end, 16);
	if (!version || !scenario || !name || !hash || strlen(hash) != 16 ||
	    *end || !levels || levels->type != JSON_ARR || levels->n < 1 ||
	    levels->n > MAX_TEAMS)
		return fail(why, sh->name, "its \"shard\" is damaged");
	if (strcmp(version, PACKAGE_VERSION) != 0)
		return fail(why, sh->name, "made by medsiege %s; this is medsiege %s",
			    version, PACKAGE_VERSION);
	strlcpy_s(s->version, version, sizeof s->version);
	s->scenario = xstrdup(scenario);
	s->name = xstrdup(name);
	s->max_rounds = json_int(h, "max_rounds", 0);
	s->nteams = levels->n;
	for (int t = 0; t < levels->n; t++) {
		const char *team = json_str(&levels->items[t], "team");
		int level = ai_level_parse(json_str(&levels->items[t], "level"));
		if (!team || strlen(team) >= TEAM_NAME_LEN || level < 0)
			return fail(why, sh->name, "its \"levels\" are damaged");
		strlcpy_s(s->teams[t], team, TEAM_NAME_LEN);
		s->level[t] = (enum ai_level)level;
	}
	return 0;
}

/* A row's units (the first row's) and goals (every row's). */
static int read_units(struct shard *sh, const struct json *row, char *why)
{
	struct sim_setup *s = &sh->setup;
	const struct json *units = json_get(row, "units");
	if (!units || units->type != JSON_ARR)
		return fail(why, sh->name, "no \"units\" in it");
	s->nunits = units->n;
	s->units = xcalloc((size_t)(units->n ? units->n : 1), sizeof *s->units);
	for (int i = 0; i < units->n; i++) {
		const struct json *u = &units->items[i];
		const char *id = json_str(u, "id"), *type = json_str(u, "type"),
			   *name = json_str(u, "name");
		int team = find_team(s, json_str(u, "team"));
		if (!id || !type || !name || team < 0)
			return fail(why, sh->name, "its \"units\" are damaged");
		s->units[i].team = team;
		strlcpy_s(s->units[i].id, id, sizeof s->units[i].id);
		strlcpy_s(s->units[i].type, type, sizeof s->units[i].type);
		strlcpy_s(s->units[i].name, name, sizeof s->units[i].name);
	}
	return 0;
}

static int read_goals(struct shard *sh, int v, const struct json *row,
		      char *why)
{
	struct sim_setup *s = &sh->setup;
	const struct json *goals = json_get(row, "goals");
	if (!goals || goals->type != JSON_ARR || (v > 0 && goals->n != s->ngoals))
		return fail(why, sh->name, "no \"goals\" in it, or not as many in every row");
	if (v == 0) {
		s->ngoals = goals->n;
		s->goals = xcalloc((size_t)sh->nrows * (size_t)(goals->n ? goals->n : 1),
				   sizeof *s->goals);
	}
	struct sim_goal *out = s->goals + (size_t)v * (size_t)s->ngoals;
	for (int i = 0; i < goals->n; i++) {
		const struct json *g = &goals->items[i];
		const char *kind = json_str(g, "kind"), *text = json_str(g, "text");
		out[i].team = find_team(s, json_str(g, "team"));
		if (!kind || !text || out[i].team < 0)
			return fail(why, sh->name, "its \"goals\" are damaged");
		strlcpy_s(out[i].kind, kind, sizeof out[i].kind);
		strlcpy_s(out[i].text, text, sizeof out[i].text);
	}
	return 0;
}

static int read_file_whole(const char *path, char **text, char *why)
{
	const char *err;
	int fd = file_open_regular(path, O_RDONLY, &err);
	if (fd < 0)
		return fail(why, path, "%s", err);
	struct strbuf b;
	strbuf_init(&b);
	char buf[65536];
	ssize_t n;
	while ((n = read(fd, buf, sizeof buf)) > 0) {
		if (memchr(buf, '\0', (size_t)n)) {
			close(fd);
			strbuf_free(&b);
			return fail(why, path, "not the output of medsiege sim --json (a NUL byte)");
		}
		strbuf_addn(&b, buf, (size_t)n);
	}
	close(fd);
	if (n < 0) {
		strbuf_free(&b);
		return fail(why, path, "cannot be read");
	}
	*text = b.s ? b.s : xstrdup("");
	return 0;
}

static int read_shard(struct shard *sh, const char *text, char *why)
{
	char jwhy[80];
	sh->j = json_parse(text, jwhy);
	if (!sh->j || sh->j->type != JSON_OBJ)
		return fail(why, sh->name, "not the output of medsiege sim --json (%s)",
			    sh->j ? "no object" : jwhy);
	if (read_head(sh, json_get(sh->j, "shard"), why) != 0 ||
	    read_vary(sh, why) != 0)
		return -1;
	const struct json *rows = json_get(sh->j, "rows");
	if (sh->setup.vary.kind == SIM_VARY_NONE) {
		sh->nrows = 1;
		sh->rows = xcalloc(1, sizeof *sh->rows);
		sh->rows[0] = sh->j;
	} else {
		if (!rows || rows->type != JSON_ARR || rows->n != sh->setup.vary.nvalues)
			return fail(why, sh->name, "not a row for every value of its sweep");
		sh->nrows = rows->n;
		sh->rows = xcalloc((size_t)rows->n, sizeof *sh->rows);
		for (int v = 0; v < rows->n; v++)
			sh->rows[v] = &rows->items[v];
	}
	if (read_units(sh, sh->rows[0], why) != 0)
		return -1;
	for (int v = 0; v < sh->nrows; v++) {
		const struct json *rec = json_get(sh->rows[v], "records");
		if (read_goals(sh, v, sh->rows[v], why) != 0)
			return -1;
		if (!rec || rec->type != JSON_ARR || rec->n < 1 ||
		    json_num(sh->rows[v], "games", -1) != (double)rec->n)
			return fail(why, sh->name, "its games are not all in its \"records\"");
	}
	return 0;
}

/* Why shard b does not go with shard a, into why (SIM_ERROR_LEN);
 * false when it does. */
static bool mismatch(const struct sim_setup *a, const struct sim_setup *b,
		     char *why)
{
	if (a->hash != b->hash || strcmp(a->name, b->name) != 0) {
		snprintf(why, SIM_ERROR_LEN,
			 "another scenario or roster (content hash %016" PRIx64
			 ", not %016" PRIx64 ")", b->hash, a->hash);
		return true;
	}
	bool same = a->nteams == b->nteams && a->nunits == b->nunits &&
		    a->ngoals == b->ngoals;
	for (int t = 0; same && t < a->nteams; t++)
		same = strcmp(a->teams[t], b->teams[t]) == 0;
	for (int i = 0; same && i < a->nunits; i++)
		same = memcmp(&a->units[i], &b->units[i], sizeof a->units[i]) == 0;
	if (!same) {
		snprintf(why, SIM_ERROR_LEN, "other teams or units");
		return true;
	}
	for (int t = 0; t < a->nteams; t++)
		if (a->level[t] != b->level[t]) {
			snprintf(why, SIM_ERROR_LEN, "other levels (%s %s, not %s)",
				 a->teams[t], ai_level_names[b->level[t]],
				 ai_level_names[a->level[t]]);
			return true;
		}
	if (a->max_rounds != b->max_rounds) {
		snprintf(why, SIM_ERROR_LEN, "another --max-rounds (%d, not %d)",
			 b->max_rounds, a->max_rounds);
		return true;
	}
	same = strcmp(a->vary.key, b->vary.key) == 0 &&
	       a->vary.nvalues == b->vary.nvalues;
	for (int v = 0; same && v < a->vary.nvalues; v++)
		same = strcmp(a->vary.values[v].text, b->vary.values[v].text) == 0;
	if (!same) {
		snprintf(why, SIM_ERROR_LEN, "another sweep (--vary)");
		return true;
	}
	size_t ng = (size_t)sim_setup_nvalues(a) * (size_t)a->ngoals;
	for (size_t g = 0; g < ng; g++)
		if (a->goals[g].team != b->goals[g].team ||
		    strcmp(a->goals[g].text, b->goals[g].text) != 0) {
			snprintf(why, SIM_ERROR_LEN, "other goals");
			return true;
		}
	return false;
}

static int by_value_and_seed(const void *pa, const void *pb)
{
	const struct game_ref *a = pa, *b = pb;
	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	if (a->seed != b->seed)
		return a->seed < b->seed ? -1 : 1;
	return a->shard - b->shard;
}

/* Every game of every shard, by value and seed; -1 when a seed is in
 * two shards (or twice in one). */
static struct game_ref *collect(struct shard *sh, int n, size_t *count,
				char *why)
{
	size_t total = 0;
	for (int i = 0; i < n; i++)
		for (int v = 0; v < sh[i].nrows; v++)
			total += (size_t)json_get(sh[i].rows[v], "records")->n;
	struct game_ref *g = xcalloc(total, sizeof *g);
	size_t k = 0;
	for (int i = 0; i < n; i++)
		for (int v = 0; v < sh[i].nrows; v++) {
			const struct json *rec = json_get(sh[i].rows[v], "records");
			for (int r = 0; r < rec->n; r++, k++) {
				const char *s = rec->items[r].str;
				char *end;
				if (rec->items[r].type != JSON_STR || *s < '0' || *s > '9') {
					fail(why, sh[i].name, "a game record is damaged");
					free(g);
					return NULL;
				}
				g[k] = (struct game_ref){strtoull(s, &end, 10), v, i, s};
			}
		}
	qsort(g, total, sizeof *g, by_value_and_seed);
	for (size_t i = 1; i < total; i++)
		if (g[i].value == g[i - 1].value && g[i].seed == g[i - 1].seed) {
			char *a = util_printable(sh[g[i - 1].shard].name);
			char *b = util_printable(sh[g[i].shard].name);
			if (g[i].shard == g[i - 1].shard)
				snprintf(why, SIM_ERROR_LEN,
					 "medsiege sim: %s holds seed %" PRIu64 " twice",
					 a, g[i].seed);
			else
				snprintf(why, SIM_ERROR_LEN,
					 "medsiege sim: %s and %s overlap: both played seed %" PRIu64,
					 a, b, g[i].seed);
			free(a);
			free(b);
			free(g);
			return NULL;
		}
	*count = total;
	return g;
}

/* The setup of the merge: the shards', named as in the shard that holds
 * the first seed, so that the order of the shards changes nothing. */
static void take_setup(struct sim_setup *out, struct shard *from)
{
	*out = from->setup;
	memset(&from->setup, 0, sizeof from->setup);
}

static int add_games(struct shard *sh, int n, struct sim_run *run, char *why)
{
	size_t count;
	struct game_ref *g = collect(sh, n, &count, why);
	if (!g)
		return -1;
	take_setup(&run->setup, &sh[g[0].shard]);
	sim_run_init(run, true);
	const struct sim_setup *s = &run->setup;
	int status = 0;
	for (size_t i = 0; i < count && status == 0; i++) {
		struct sim_result r;
		char rwhy[SIM_ERROR_LEN];
		if (!sim_record_parse(g[i].record, s->nunits, s->nteams, s->ngoals,
				      &r, rwhy)) {
			status = fail(why, sh[g[i].shard].name, "%s: '%.60s'", rwhy,
				      g[i].record);
			break;
		}
		if (r.goal > 0 && sim_setup_goals(s, g[i].value)[r.goal - 1].team != r.winner)
			status = fail(why, sh[g[i].shard].name,
				      "a game record is damaged: '%.60s'", g[i].record);
		r.value = g[i].value;
		if (status == 0)
			sim_totals_add(&run->totals[r.value], &r);
		sim_result_free(&r);
	}
	free(g);
	return status;
}

int sim_merge_texts(const char *const *names, const char *const *texts,
		    int n, struct sim_run *run, char *why)
{
	memset(run, 0, sizeof *run);
	struct shard *sh = xcalloc((size_t)n, sizeof *sh);
	int status = 0;
	for (int i = 0; i < n && status == 0; i++) {
		sh[i].name = names[i];
		if (read_shard(&sh[i], texts[i], why) != 0) {
			status = EXIT_USAGE;
			break;
		}
		char bad[SIM_ERROR_LEN];
		if (i > 0 && mismatch(&sh[0].setup, &sh[i].setup, bad)) {
			char *first = util_printable(names[0]);
			fail(why, names[i], "does not go with %s: %s", first, bad);
			free(first);
			status = EXIT_USAGE;
		}
	}
	if (status == 0 && add_games(sh, n, run, why) != 0)
		status = EXIT_USAGE;
	for (int i = 0; i < n; i++) {
		json_free(sh[i].j);
		free(sh[i].rows);
		sim_setup_free(&sh[i].setup);
	}
	free(sh);
	if (status != 0)
		sim_run_free(run);
	return status;
}

int sim_merge(const char *const *paths, int n, struct sim_run *run,
	      char *why)
{
	char **texts = xcalloc((size_t)n, sizeof *texts);
	int status = 0;
	for (int i = 0; i < n && status == 0; i++)
		if (read_file_whole(paths[i], &texts[i], why) != 0)
			status = EXIT_USAGE;
	if (status == 0)
		status = sim_merge_texts(paths, (const char *const *)texts, n,
					 run, why);
	else
		memset(run, 0, sizeof *run);
	for (int i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	return status;
}
