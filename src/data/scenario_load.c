/* scenario_load.c: a battle from a scenario file: grid and legend, teams,
 * units and goals, each mistake reported at its line and column. */
#include "data/scenario_load.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "data/roster_load.h"
#include "data/scenario_legend.h"
#include "data/yamltree.h"

#define NKEYS(a) ((int)(sizeof(a) / sizeof((a)[0])))
/* Bounds that keep w * h and distances small; real maps are far smaller. */
/* Every action recomputes what each team sees: past a few hundred cells a
 * side, play slows to a crawl. */
#define MAX_MAP_SIDE 1024
/* Units in a scenario: each is checked against the others as it loads,
 * and every action recomputes what each sees; the scale test plays
 * 2,000. */
#define MAX_UNITS 10000
#define MAX_ROUNDS 9999
#define MAX_NAME 200

static const char *const top_keys[] = {
	"name", "description", "roster", "rounds",
	"legend", "grid", "teams", "goals",
};
static const char *const team_keys[] = {
	"name", "letter", "colour", "control", "units",
};
static const char *const unit_keys[] = {"type", "at", "facing", "id"};
static const char *const goal_keys[] = {
	"team", "kind", "teams", "area", "rounds", "count", "at", "unit",
};
/* Which of the optional goal keys each kind of goal reads. */
static const char *const goal_kind_keys[GOAL_KIND_COUNT][2] = {
	[GOAL_ELIMINATE] = {"teams", NULL},
	[GOAL_HOLD] = {"area", "rounds"},
	[GOAL_SURVIVE] = {"rounds", NULL},
	[GOAL_DESTROY] = {"at", "unit"},
	[GOAL_ESCAPE] = {"area", "count"},
};
static const char *const default_colours[MAX_TEAMS] = {
	"red", "blue", "green", "yellow", "magenta", "cyan", "white", "black",
};

struct loader {
	struct yctx c;
	const struct ynode *root;
	struct scenario s;
	struct legend_entry legend[LEGEND_SYMBOLS];
	const struct ynode **unit_at; /* where each unit's id was given */
	const char *roster;           /* the roster to read instead of what
					 the roster key names, or NULL */
};

/* The roster path is relative to the scenario file's folder. */
static char *resolve_path(const char *scenario, const char *rel)
{
	const char *slash = strrchr(scenario, '/');
	if (rel[0] == '/' || !slash)
		return xstrdup(rel);
	return xasprintf("%.*s/%s", (int)(slash - scenario), scenario, rel);
}

static int load_header(struct loader *l)
{
	struct yctx *c = &l->c;
	struct scenario *s = &l->s;
	const struct ynode *v;
	const char *str;

	if (ytree_need(c, l->root, "scenario", "name", &v) < 0 ||
	    ytree_name(c, v, "scenario name", MAX_NAME, &str) < 0)
		return -1;
	s->name = xstrdup(str);
	v = ytree_get(l->root, "description");
	if (v && !ytree_is_null(v)) {
		if (ytree_str(c, v, 4096, &str) < 0)
			return -1;
		s->description = xstrdup(str);
	}
	if (ytree_opt_int(c, l->root, "rounds", 0, MAX_ROUNDS, &s->rounds) < 0)
		return -1;
	if (ytree_need(c, l->root, "scenario", "roster", &v) < 0 ||
	    ytree_str(c, v, 4096, &str) < 0)
		return -1;
	s->roster_path = l->roster ? xstrdup(l->roster) : resolve_path(s->path, str);
	/* Said at the roster key, and without waiting on a FIFO. */
	const char *why;
	int fd = file_open_regular(s->roster_path, O_RDONLY, &why);
	if (fd < 0)
		return ytree_fail(c, v, "cannot open roster '%s': %s",
				  s->roster_path, why);
	close(fd);
	/* The roster's own errors name the roster file. */
	if (roster_load(s->roster_path, &s->world.roster, &c->err) < 0)
		return -1;
	return 0;
}

/* Error at row r, column x of the grid's block. */
static int grid_fail(struct loader *l, const struct ynode *g, int r, int x,
		     const char *fmt, ...) __attribute__((format(printf, 5, 6)));

static int grid_fail(struct loader *l, const struct ynode *g, int r, int x,
		     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	struct ynode at = {.line = g->body_line + r, .col = g->body_col + x};
	ytree_fail(&l->c, &at, "%s", msg);
	free(msg);
	return -1;
}

static int load_grid(struct loader *l)
{
	struct yctx *c = &l->c;
	const struct ynode *g;
	if (ytree_need(c, l->root, "scenario", "grid", &g) < 0)
		return -1;
	if (g->kind != YNODE_SCALAR || !g->literal) {
		char *found = ytree_found(g);
		ytree_fail(c, g, "expected a literal block ('grid: |' then one line per row), found %s",
			   found);
		free(found);
		return -1;
	}
	const char *text = g->value;
	size_t len = strlen(text);
	if (len && text[len - 1] == '\n')
		len--;
	if (len == 0)
		return ytree_fail(c, g, "the grid is empty");
	int w = (int)strcspn(text, "\n"), h = 1;
	for (size_t i = 0; i < len; i++)
		h += text[i] == '\n';
	if (w == 0)
		return grid_fail(l, g, 0, 0, "the first row is empty");
	if (w > MAX_MAP_SIDE || h > MAX_MAP_SIDE)
		return ytree_fail(c, g, "the grid is %d x %d, at most %d x %d",
				  w, h, MAX_MAP_SIDE, MAX_MAP_SIDE);
	struct map *m = &l->s.world.map;
	map_init(m, w, h);
	legend_label(l->legend, m);
	const char *row = text;
	for (int y = 0; y < h; y++) {
		int rw = (int)strcspn(row, "\n");
		if (y == h - 1 && row + rw > text + len)
			rw = (int)(text + len - row);
		if (rw != w)
			return grid_fail(l, g, y, rw < w ? rw : w,
					 "this row has %d cells, expected %d like the first row",
					 rw, w);
		for (int x = 0; x < w; x++) {
			struct cell *cl = map_cell(m, x, y);
			unsigned char ch = (unsigned char)row[x];
			if (ch >= 128 || !isgraph(ch))
				return grid_fail(l, g, y, x,
						 "unexpected character 0x%02X in the grid",
						 ch);
			if (!legend_terrain(l->legend, (char)ch, &cl->t))
				return grid_fail(l, g, y, x,
						 "unknown symbol '%c': not in the legend or the standard symbols",
						 ch);
			cl->t.sym = (char)ch;
			cl->hits_left = cl->t.hits;
		}
		row += rw + 1;
	}
	return 0;
}

/* A team index from a name node: "unknown team 'Rde', expected ...". */
static int find_team(struct loader *l, const struct ynode *n, int *out)
{
	const struct world *w = &l->s.world;
	const char *names[MAX_TEAMS];
	const char *s;
	if (ytree_name(&l->c, n, "team name", TEAM_NAME_LEN - 1, &s) < 0)
		return -1;
	*out = world_find_team(w, s);
	if (*out >= 0)
		return 0;
	for (int i = 0; i < w->nteams; i++)
		names[i] = w->teams[i].name;
	int dummy;
	return ytree_enum(&l->c, n, "team", names, w->nteams, &dummy);
}

static int load_team(struct loader *l, const struct ynode *m, int idx)
{
	struct yctx *c = &l->c;
	struct world *w = &l->s.world;
	struct team *t = &w->teams[idx];
	const struct ynode *v;
	const char *s;
	int k;

	if (ytree_check_keys(c, m, "team", team_keys, NKEYS(team_keys)) < 0 ||
	    ytree_need(c, m, "team", "name", &v) < 0 ||
	    ytree_name(c, v, "team name", TEAM_NAME_LEN - 1, &s) < 0)
		return -1;
	if (world_find_team(w, s) >= 0)
		return ytree_fail(c, v, "duplicate team name '%s'", s);
	strlcpy_s(t->name, s, sizeof t->name);
	if (ytree_need(c, m, "team", "letter", &v) < 0)
		return -1;
	if (ytree_char(c, v, "a lowercase letter", &t->letter) < 0)
		return -1;
	if (!islower((unsigned char)t->letter))
		return ytree_fail(c, v, "expected a lowercase letter, found '%c'",
				  t->letter);
	for (int i = 0; i < idx; i++)
		if (w->teams[i].letter == t->letter)
			return ytree_fail(c, v,
					  "duplicate team letter '%c', already used by %s",
					  t->letter, w->teams[i].name);
	strlcpy_s(t->colour, default_colours[idx], sizeof t->colour);
	if ((v = ytree_get(m, "colour"))) {
		if (ytree_name(c, v, "colour", sizeof t->colour - 1, &s) < 0)
			return -1;
		strlcpy_s(t->colour, s, sizeof t->colour);
	}
	t->control = CONTROL_HUMAN;
	if ((v = ytree_get(m, "control"))) {
		/* A scenario names who plays at the start: a person here or
		 * the computer (remote seats are chosen when hosting). */
		if (ytree_enum(c, v, "control", control_names, CONTROL_REMOTE,
			       &k) < 0)
			return -1;
		t->control = (enum control)k;
	}
	if (ytree_need(c, m, "team", "units", &v) < 0)
		return -1;
	/* "units:" with nothing under it is a team with no units yet. */
	if (!ytree_is_null(v) && ytree_expect(c, v, YNODE_SEQUENCE) < 0)
		return -1;
	w->nteams++;
	return 0;
}

static int resolve_locks(struct loader *l)
{
	struct map *m = &l->s.world.map;
	for (int i = 0; i < LEGEND_SYMBOLS; i++) {
		const struct legend_entry *e = &l->legend[i];
		int team;
		if (!e->defined || !e->locked_by)
			continue;
		if (find_team(l, e->locked_by, &team) < 0)
			return -1;
		for (int j = 0; j < m->w * m->h; j++)
			if (m->cells[j].t.sym == (char)i) {
				m->cells[j].t.locked_by = team;
				m->cells[j].t.key = team;
			}
	}
	return 0;
}

/* A unit may stand where it could move to. */
static int check_placement(struct loader *l, const struct ynode *at,
			   const struct unit *u)
{
	struct world *w = &l->s.world;
	const struct unit_type *ty = &w->roster.types[u->type];
	if (!map_inside(&w->map, u->x, u->y))
		return ytree_fail(&l->c, at,
				  "unit %s at %d,%d is off the map (width %d, height %d)",
				  u->id, u->x, u->y, w->map.w, w->map.h);
	const struct cell *cl = map_cell_c(&w->map, u->x, u->y);
	if (!cell_passable(cl))
		return ytree_fail(&l->c, at,
				  "unit %s at %d,%d stands on %s, which cannot be entered",
				  u->id, u->x, u->y, cell_describe(cl));
	if ((ty->cls == CLASS_MOUNTED && !cl->t.mounted) ||
	    (ty->cls == CLASS_MACHINE && !cl->t.machines))
		return ytree_fail(&l->c, at,
				  "unit %s (%s, %s) at %d,%d cannot stand on %s",
				  u->id, ty->id, unit_class_names[ty->cls], u->x,
				  u->y, cell_describe(cl));
	for (int i = 0; i < w->nunits; i++)
		if (w->units[i].x == u->x && w->units[i].y == u->y)
			return ytree_fail(&l->c, at,
					  "unit %s at %d,%d is on the same cell as %s",
					  u->id, u->x, u->y, w->units[i].id);
	return 0;
}

static int load_unit(struct loader *l, const struct ynode *m, int team,
		     int nth)
{
	struct yctx *c = &l->c;
	struct world *w = &l->s.world;
	struct unit u = {.team = team, .status = STATUS_ACTIVE,
			 .facing = DIR_N};
	const struct ynode *v, *at, *idnode = m;
	const char *s;
	int k;

	if (w->nunits == MAX_UNITS)
		return ytree_fail(c, m, "too many units, at most %d", MAX_UNITS);
	if (ytree_check_keys(c, m, "unit", unit_keys, NKEYS(unit_keys)) < 0 ||
	    ytree_need(c, m, "unit", "type", &v) < 0 ||
	    ytree_name(c, v, "unit type id", NAME_MAX_LEN - 1, &s) < 0)
		return -1;
	u.type = roster_find(&w->roster, s);
	if (u.type < 0) {
		const char *near = roster_nearest(&w->roster, s);
		if (near)
			return ytree_fail(c, v,
					  "unknown unit type '%s'; did you mean '%s'?",
					  s, near);
		/* Nothing near: the roster's types, in its order. */
		int nt = w->roster.ntypes;
		const char **ids = xcalloc((size_t)nt + 1, sizeof *ids);
		for (int i = 0; i < nt; i++)
			ids[i] = w->roster.types[i].id;
		char *list = ytree_join(ids, nt);
		ytree_fail(c, v, "unknown unit type '%s', expected one of %s", s,
			   list);
		free(list);
		free(ids);
		return -1;
	}
	u.hits = w->roster.types[u.type].hits;
	snprintf(u.id, sizeof u.id, "%c%d", w->teams[team].letter, nth);
	if ((v = ytree_get(m, "id"))) {
		if (ytree_name(c, v, "unit id", UNIT_ID_LEN - 1, &s) < 0)
			return -1;
		/* A target starting with a digit is read as a cell X,Y. */
		if (!isalpha((unsigned char)s[0]))
			return ytree_fail(c, v,
					  "expected an id that begins with a letter, found '%s'",
					  s);
		for (const char *p = s; *p; p++)
			if (!isalnum((unsigned char)*p) && *p != '_' &&
			    *p != '-')
				return ytree_fail(c, v,
						  "expected an id of letters, digits, '_' or '-', found '%s'",
						  s);
		strlcpy_s(u.id, s, sizeof u.id);
		idnode = v;
	}
	int dup = world_find_unit(w, u.id);
	if (dup >= 0)
		return ytree_fail(c, idnode,
				  "duplicate unit id '%s', first used at %d:%d",
				  u.id, l->unit_at[dup]->line,
				  l->unit_at[dup]->col);
	if ((v = ytree_get(m, "facing"))) {
		if (ytree_enum(c, v, "facing", dir_names, DIR_COUNT, &k) < 0)
			return -1;
		u.facing = (enum dir)k;
	}
	if (ytree_need(c, m, "unit", "at", &at) < 0 ||
	    ytree_point(c, at, &u.x, &u.y) < 0 ||
	    check_placement(l, at, &u) < 0)
		return -1;
	w->units = xrealloc(w->units, (size_t)(w->nunits + 1) * sizeof u);
	l->unit_at = xrealloc(l->unit_at,
			      (size_t)(w->nunits + 1) * sizeof *l->unit_at);
	w->units[w->nunits] = u;
	l->unit_at[w->nunits] = idnode;
	w->nunits++;
	return 0;
}

static int load_teams(struct loader *l)
{
	struct yctx *c = &l->c;
	const struct ynode *seq;
	if (ytree_need(c, l->root, "scenario", "teams", &seq) < 0 ||
	    ytree_expect(c, seq, YNODE_SEQUENCE) < 0)
		return -1;
	if (seq->n == 0)
		return ytree_fail(c, seq, "expected at least one team");
	for (int i = 0; i < seq->n; i++) {
		if (i == MAX_TEAMS)
			return ytree_fail(c, seq->items[i],
					  "too many teams, at most %d",
					  MAX_TEAMS);
		if (load_team(l, seq->items[i], i) < 0)
			return -1;
	}
	if (resolve_locks(l) < 0)
		return -1;
	for (int i = 0; i < seq->n; i++) {
		const struct ynode *units = ytree_get(seq->items[i], "units");
		for (int j = 0; units && j < units->n; j++)
			if (load_unit(l, units->items[j], i, j + 1) < 0)
				return -1;
	}
	return 0;
}

/* A corner of a goal's area, on the map. */
static int area_point(struct loader *l, const struct ynode *n, int *x, int *y)
{
	const struct map *m = &l->s.world.map;
	if (ytree_point(&l->c, n, x, y) < 0)
		return -1;
	if (!map_inside(m, *x, *y))
		return ytree_fail(&l->c, n,
				  "%d,%d is off the map (width %d, height %d)",
				  *x, *y, m->w, m->h);
	return 0;
}

static int goal_area(struct loader *l, const struct ynode *m, struct goal *g)
{
	const struct ynode *a;
	if (ytree_need(&l->c, m, "goal", "area", &a) < 0)
		return -1;
	if (a->kind != YNODE_SEQUENCE || a->n != 2 ||
	    a->items[0]->kind != YNODE_SEQUENCE ||
	    a->items[1]->kind != YNODE_SEQUENCE) {
		char *found = ytree_found(a);
		ytree_fail(&l->c, a, "expected [[x0, y0], [x1, y1]], found %s",
			   found);
		free(found);
		return -1;
	}
	int x0, y0, x1, y1;
	if (area_point(l, a->items[0], &x0, &y0) < 0 ||
	    area_point(l, a->items[1], &x1, &y1) < 0)
		return -1;
	g->x0 = x0 < x1 ? x0 : x1;
	g->x1 = x0 < x1 ? x1 : x0;
	g->y0 = y0 < y1 ? y0 : y1;
	g->y1 = y0 < y1 ? y1 : y0;
	return 0;
}

static int goal_enemies(struct loader *l, const struct ynode *m,
			struct goal *g)
{
	const struct ynode *seq = ytree_get(m, "teams");
	if (!seq)
		return 0; /* all enemies */
	if (ytree_expect(&l->c, seq, YNODE_SEQUENCE) < 0)
		return -1;
	if (seq->n == 0)
		return ytree_fail(&l->c, seq, "expected at least one team");
	for (int i = 0; i < seq->n; i++) {
		int t;
		if (find_team(l, seq->items[i], &t) < 0)
			return -1;
		if (t == g->team)
			return ytree_fail(&l->c, seq->items[i],
					  "team %s cannot be its own enemy",
					  l->s.world.teams[t].name);
		g->enemies |= 1u << t;
	}
	return 0;
}

static int goal_destroy(struct loader *l, const struct ynode *m,
			struct goal *g)
{
	struct yctx *c = &l->c;
	const struct world *w = &l->s.world;
	const struct ynode *at = ytree_get(m, "at"), *un = ytree_get(m, "unit");
	if (at && un)
		return ytree_fail(c, ytree_get_key(m, "unit"),
				  "a destroy goal takes 'at' or 'unit', not both");
	if (at) {
		if (area_point(l, at, &g->cx, &g->cy) < 0)
			return -1;
		const struct cell *cl = map_cell_c(&w->map, g->cx, g->cy);
		if (!cell_breachable(cl))
			return ytree_fail(c, at,
					  "%d,%d is %s, which cannot be destroyed (only doors and walls with hits)",
					  g->cx, g->cy, cell_describe(cl));
		g->has_cell = true;
		return 0;
	}
	if (!un)
		return ytree_fail(c, m, "missing key 'at' or 'unit' in goal");
	const char *s;
	if (ytree_name(c, un, "unit id", UNIT_ID_LEN - 1, &s) < 0)
		return -1;
	int i = world_find_unit(w, s);
	if (i < 0) {
		const char **ids = xcalloc((size_t)w->nunits, sizeof *ids);
		for (int j = 0; j < w->nunits; j++)
			ids[j] = w->units[j].id;
		const char *near = util_nearest(s, ids, w->nunits);
		if (near)
			ytree_fail(c, un, "unknown unit '%s'; did you mean '%s'?",
				   s, near);
		else
			ytree_fail(c, un, "unknown unit '%s'", s);
		free(ids);
		return -1;
	}
	strlcpy_s(g->unit, w->units[i].id, sizeof g->unit);
	return 0;
}

static int load_goal(struct loader *l, const struct ynode *m, struct goal *g)
{
	struct yctx *c = &l->c;
	const struct ynode *v;
	int k;

	memset(g, 0, sizeof *g);
	if (ytree_check_keys(c, m, "goal", goal_keys, NKEYS(goal_keys)) < 0 ||
	    ytree_need(c, m, "goal", "team", &v) < 0 ||
	    find_team(l, v, &g->team) < 0 ||
	    ytree_need(c, m, "goal", "kind", &v) < 0 ||
	    ytree_enum(c, v, "goal kind", goal_kind_names, GOAL_KIND_COUNT,
		       &k) < 0)
		return -1;
	g->kind = (enum goal_kind)k;
	/* A key another kind of goal reads is a mistake here, not a no-op. */
	for (int i = 2; i < NKEYS(goal_keys); i++) {
		const char *key = goal_keys[i];
		if (!ytree_get(m, key))
			continue;
		const char *const *ok = goal_kind_keys[k];
		if ((ok[0] && !strcmp(ok[0], key)) ||
		    (ok[1] && !strcmp(ok[1], key)))
			continue;
		return ytree_fail(c, ytree_get_key(m, key),
				  "key '%s' does not apply to a goal of kind %s",
				  key, goal_kind_names[k]);
	}
	g->rounds = g->kind == GOAL_SURVIVE ? l->s.rounds : 1;
	g->count = 1;
	if (ytree_opt_int(c, m, "rounds", 1, MAX_ROUNDS, &g->rounds) < 0 ||
	    ytree_opt_int(c, m, "count", 1, 9999, &g->count) < 0)
		return -1;
	switch (g->kind) {
	case GOAL_ELIMINATE:
		return goal_enemies(l, m, g);
	case GOAL_HOLD:
	case GOAL_ESCAPE:
		return goal_area(l, m, g);
	case GOAL_SURVIVE:
		g->rounds_by_limit = !ytree_get(m, "rounds");
		if (g->rounds == 0)
			return ytree_fail(c, m,
					  "missing key 'rounds' in goal (the scenario has no round limit)");
		return 0;
	case GOAL_DESTROY:
		return goal_destroy(l, m, g);
	default:
		return 0;
	}
}

static int load_goals(struct loader *l)
{
	const struct ynode *seq = ytree_get(l->root, "goals");
	if (!seq || ytree_is_null(seq))
		return 0;
	if (ytree_expect(&l->c, seq, YNODE_SEQUENCE) < 0)
		return -1;
	l->s.goals = xcalloc((size_t)seq->n, sizeof *l->s.goals);
	for (int i = 0; i < seq->n; i++) {
		if (load_goal(l, seq->items[i], &l->s.goals[i]) < 0)
			return -1;
		l->s.ngoals++;
	}
	return 0;
}

/* The rules need two sides, and a game must be able to end. */
static int check_playable(struct loader *l)
{
	const struct ynode *teams = ytree_get(l->root, "teams");
	if (l->s.world.nteams < 2)
		return ytree_fail(&l->c, teams ? teams : l->root,
				  "a scenario needs two or more teams, found %d",
				  l->s.world.nteams);
	if (l->s.ngoals == 0 && l->s.rounds == 0)
		return ytree_fail(&l->c, l->root,
				  "this battle could never end: give it a goal "
				  "(goals:) or a round limit (rounds:)");
	return 0;
}

/* The scenario in the parsed tree root (freed here), named path. */
static int load_tree(const char *path, const char *roster, struct ynode *root,
		     struct scenario *out, char **err)
{
	struct loader l = {.c = {.file = path}, .roster = roster};

	l.root = root;
	l.s.path = xstrdup(path);
	int rc = ytree_check_root(&l.c, root, "scenario", top_keys,
				  NKEYS(top_keys));
	if (rc == 0)
		rc = load_header(&l);
	if (rc == 0)
		rc = legend_load(&l.c, root, l.legend);
	if (rc == 0)
		rc = load_grid(&l);
	if (rc == 0)
		rc = load_teams(&l);
	if (rc == 0)
		rc = load_goals(&l);
	if (rc == 0)
		rc = check_playable(&l);
	free(l.unit_at);
	ytree_free(root);
	if (rc < 0) {
		scenario_free(&l.s);
		*err = l.c.err;
		return -1;
	}
	/* Never NULL, even when empty, so copies need no special case. */
	if (!l.s.world.units)
		l.s.world.units = xcalloc(1, sizeof *l.s.world.units);
	if (!l.s.goals)
		l.s.goals = xcalloc(1, sizeof *l.s.goals);
	world_index(&l.s.world);
	*out = l.s;
	return 0;
}

int scenario_load(const char *path, struct scenario *out, char **err)
{
	memset(out, 0, sizeof *out);
	*err = NULL;
	struct ynode *root = ytree_load_file(path, err);
	return root ? load_tree(path, NULL, root, out, err) : -1;
}

int scenario_load_copy(const char *path, const char *roster,
		       struct scenario *out, char **err)
{
	memset(out, 0, sizeof *out);
	*err = NULL;
	struct ynode *root = ytree_load_file(path, err);
	return root ? load_tree(path, roster, root, out, err) : -1;
}

int scenario_load_string(const char *path, const char *text, size_t len,
			 struct scenario *out, char **err)
{
	memset(out, 0, sizeof *out);
	*err = NULL;
	struct ynode *root = ytree_load_string(path, text, len, err);
	return root ? load_tree(path, NULL, root, out, err) : -1;
}
