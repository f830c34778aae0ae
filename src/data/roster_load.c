/* roster_load.c: unit types and the modifier chart from a roster file. */
#include "data/roster_load.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "data/yamltree.h"

/* Bounds that keep later arithmetic (squared ranges, sums of modifiers)
 * far from overflow; no sensible roster comes near them. */
#define MAX_STAT 999
#define MAX_MODIFIER 99

static const char *const top_keys[] = {"units", "chart"};
static const char *const unit_keys[] = {
	"id", "name", "symbol", "class", "move", "dv", "hits", "cover",
	"description", "weapons",
};
static const char *const weapon_keys[] = {
	"name", "kind", "av", "range", "min_range", "reload", "structures",
};
static const char *const chart_keys[] = {
#define X(f, key, label, def) key,
	CHART_LIST(X)
#undef X
	"natural_20_hits", "vision_range",
};
#define NKEYS(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* An optional integer: left alone when the key is absent. */
static int opt_int(struct yctx *c, const struct ynode *map, const char *key,
		   int min, int max, int *out)
{
	const struct ynode *v = ytree_get(map, key);
	return v ? ytree_int(c, v, min, max, out) : 0;
}

static int need_int(struct yctx *c, const struct ynode *map, const char *what,
		    const char *key, int min, int max, int *out)
{
	const struct ynode *v;
	if (ytree_need(c, map, what, key, &v) < 0)
		return -1;
	return ytree_int(c, v, min, max, out);
}

/* Ids are typed in commands, so keep them to one word. */
static int check_id(struct yctx *c, const struct ynode *n, const char *s)
{
	for (const char *p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
			return ytree_fail(c, n,
					  "expected an id of letters, digits, '_' or '-', found '%s'",
					  s);
	return 0;
}

static int load_weapon(struct yctx *c, const struct ynode *m,
		       struct weapon *w)
{
	const char *what = "weapon";
	const struct ynode *v;
	const char *s;
	int kind;

	memset(w, 0, sizeof *w);
	if (ytree_check_keys(c, m, what, weapon_keys, NKEYS(weapon_keys)) < 0)
		return -1;
	if (ytree_need(c, m, what, "name", &v) < 0 ||
	    ytree_name(c, v, "weapon name", NAME_MAX_LEN - 1, &s) < 0)
		return -1;
	strlcpy_s(w->name, s, sizeof w->name);
	if (ytree_need(c, m, what, "kind", &v) < 0 ||
	    ytree_enum(c, v, "weapon kind", weapon_kind_names,
		       WEAPON_KIND_COUNT, &kind) < 0)
		return -1;
	w->kind = (enum weapon_kind)kind;
	if (need_int(c, m, what, "av", 0, MAX_STAT, &w->av) < 0)
		return -1;
	/* Melee is contact unless it says otherwise; the rest must say. */
	w->range = 1;
	if (w->kind == WEAPON_MELEE) {
		if (opt_int(c, m, "range", 1, MAX_STAT, &w->range) < 0)
			return -1;
	} else if (need_int(c, m, what, "range", 1, MAX_STAT, &w->range) < 0) {
		return -1;
	}
	if (opt_int(c, m, "min_range", 0, MAX_STAT, &w->min_range) < 0 ||
	    opt_int(c, m, "reload", 0, MAX_STAT, &w->reload) < 0)
		return -1;
	if (w->min_range >= w->range)
		return ytree_fail(c, ytree_get(m, "min_range"),
				  "min_range %d must be less than range %d",
				  w->min_range, w->range);
	v = ytree_get(m, "structures");
	if (v && ytree_bool(c, v, &w->structures) < 0)
		return -1;
	return 0;
}

static int load_weapons(struct yctx *c, const struct ynode *seq,
			struct unit_type *t)
{
	/* "weapons:" empty, or [], is a unit that never attacks. */
	if (ytree_is_null(seq))
		return 0;
	if (ytree_expect(c, seq, YNODE_SEQUENCE) < 0)
		return -1;
	for (int i = 0; i < seq->n; i++) {
		if (i == MAX_WEAPONS)
			return ytree_fail(c, seq->items[i],
					  "too many weapons, at most %d",
					  MAX_WEAPONS);
		if (load_weapon(c, seq->items[i], &t->weapons[i]) < 0)
			return -1;
		t->nweapons++;
	}
	return 0;
}

static int load_unit(struct yctx *c, const struct ynode *m,
		     struct unit_type *t)
{
	const char *what = "unit";
	const struct ynode *v;
	const char *s;
	int cls;

	if (ytree_check_keys(c, m, what, unit_keys, NKEYS(unit_keys)) < 0)
		return -1;
	if (ytree_need(c, m, what, "id", &v) < 0 ||
	    ytree_name(c, v, "unit type id", NAME_MAX_LEN - 1, &s) < 0 ||
	    check_id(c, v, s) < 0)
		return -1;
	strlcpy_s(t->id, s, sizeof t->id);
	strlcpy_s(t->name, s, sizeof t->name);
	v = ytree_get(m, "name");
	if (v) {
		if (ytree_name(c, v, "unit type name", NAME_MAX_LEN - 1, &s) < 0)
			return -1;
		strlcpy_s(t->name, s, sizeof t->name);
	}
	if (ytree_need(c, m, what, "symbol", &v) < 0)
		return -1;
	if (v->kind != YNODE_SCALAR || strlen(v->value) != 1 ||
	    !isalpha((unsigned char)v->value[0])) {
		char *found = ytree_found(v);
		ytree_fail(c, v, "expected a single letter, found %s", found);
		free(found);
		return -1;
	}
	t->symbol = v->value[0];
	if (ytree_need(c, m, what, "class", &v) < 0 ||
	    ytree_enum(c, v, "class", unit_class_names, CLASS_COUNT, &cls) < 0)
		return -1;
	t->cls = (enum unit_class)cls;
	t->hits = 1;
	if (need_int(c, m, what, "move", 0, MAX_STAT, &t->move) < 0 ||
	    need_int(c, m, what, "dv", 0, MAX_STAT, &t->dv) < 0 ||
	    opt_int(c, m, "hits", 1, MAX_STAT, &t->hits) < 0)
		return -1;
	if ((v = ytree_get(m, "cover"))) {
		int cv;
		if (ytree_enum(c, v, "cover", cover_names, COVER_COUNT, &cv) < 0)
			return -1;
		t->cover = (enum cover)cv;
	}
	v = ytree_get(m, "description");
	if (v && !ytree_is_null(v)) {
		if (ytree_str(c, v, 4096, &s) < 0)
			return -1;
		t->description = xstrdup(s);
	}
	/* No weapons at all: an obstacle or a mantlet, which never
	 * attacks. */
	v = ytree_get(m, "weapons");
	return v ? load_weapons(c, v, t) : 0;
}

/* The same id or symbol twice is an error at the second. */
static int check_unique(struct yctx *c, const struct ynode *m,
			const struct roster *r, const struct unit_type *t)
{
	for (int i = 0; i < r->ntypes; i++) {
		if (strcmp(r->types[i].id, t->id) == 0)
			return ytree_fail(c, ytree_get(m, "id"),
					  "duplicate unit id '%s'", t->id);
		if (r->types[i].symbol == t->symbol)
			return ytree_fail(c, ytree_get(m, "symbol"),
					  "duplicate symbol '%c', already used by %s",
					  t->symbol, r->types[i].id);
	}
	return 0;
}

static int load_units(struct yctx *c, const struct ynode *seq,
		      struct roster *r)
{
	if (ytree_expect(c, seq, YNODE_SEQUENCE) < 0)
		return -1;
	if (seq->n == 0)
		return ytree_fail(c, seq, "expected at least one unit");
	r->types = xcalloc((size_t)seq->n, sizeof *r->types);
	for (int i = 0; i < seq->n; i++) {
		struct unit_type *t = &r->types[r->ntypes];
		int rc = load_unit(c, seq->items[i], t);
		if (rc == 0)
			rc = check_unique(c, seq->items[i], r, t);
		if (rc < 0) {
			free(t->description);
			t->description = NULL;
			return -1;
		}
		r->ntypes++;
	}
	return 0;
}

static int load_chart(struct yctx *c, const struct ynode *m, struct chart *ch)
{
	*ch = chart_default();
	if (!m)
		return 0;
	if (ytree_check_keys(c, m, "chart", chart_keys, NKEYS(chart_keys)) < 0)
		return -1;
#define X(f, key, label, def)                                              \
	if (opt_int(c, m, key, -MAX_MODIFIER, MAX_MODIFIER, &ch->f) < 0) \
		return -1;
	CHART_LIST(X)
#undef X
	const struct ynode *v = ytree_get(m, "natural_20_hits");
	if (v && ytree_bool(c, v, &ch->natural_20_hits) < 0)
		return -1;
	return opt_int(c, m, "vision_range", 0, MAX_STAT, &ch->vision_range);
}

/* The roster in the parsed tree root (freed here), named path. */
static int load_tree(const char *path, struct ynode *root, struct roster *out,
		     char **err)
{
	struct roster r = {0};
	struct yctx c = {.file = path};
	const struct ynode *units;

	if (ytree_check_root(&c, root, "roster", top_keys, NKEYS(top_keys)) <
		    0 ||
	    ytree_need(&c, root, "roster", "units", &units) < 0 ||
	    load_units(&c, units, &r) < 0 ||
	    load_chart(&c, ytree_get(root, "chart"), &r.chart) < 0) {
		roster_free(&r);
		ytree_free(root);
		*err = c.err;
		return -1;
	}
	ytree_free(root);
	*out = r;
	return 0;
}

int roster_load(const char *path, struct roster *out, char **err)
{
	memset(out, 0, sizeof *out);
	*err = NULL;
	struct ynode *root = ytree_load_file(path, err);
	return root ? load_tree(path, root, out, err) : -1;
}

int roster_load_string(const char *path, const char *text, size_t len,
		       struct roster *out, char **err)
{
	memset(out, 0, sizeof *out);
	*err = NULL;
	struct ynode *root = ytree_load_string(path, text, len, err);
	return root ? load_tree(path, root, out, err) : -1;
}
