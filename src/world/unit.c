/* unit.c: names of unit classes and weapons, the default chart, rosters. */
#include "world/unit.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

const char *const unit_class_names[CLASS_COUNT] = {
#define X(e, n) n,
	UNIT_CLASS_LIST(X)
#undef X
};
const char *const weapon_kind_names[WEAPON_KIND_COUNT] = {
#define X(e, n) n,
	WEAPON_KIND_LIST(X)
#undef X
};
const char *const unit_status_names[STATUS_COUNT] = {
#define X(e, n) n,
	STATUS_LIST(X)
#undef X
};

int unit_class_parse(const char *s)
{
	for (int i = 0; i < CLASS_COUNT; i++)
		if (strcasecmp(s, unit_class_names[i]) == 0)
			return i;
	return -1;
}

int weapon_kind_parse(const char *s)
{
	for (int i = 0; i < WEAPON_KIND_COUNT; i++)
		if (strcasecmp(s, weapon_kind_names[i]) == 0)
			return i;
	return -1;
}

bool weapon_is_ranged(const struct weapon *w)
{
	return w->kind == WEAPON_MISSILE || w->kind == WEAPON_SIEGE;
}

struct chart chart_default(void)
{
	struct chart c = {
#define X(f, key, label, def) .f = def,
		CHART_LIST(X)
#undef X
		.natural_20_hits = false,
		.vision_range = 0,
	};
	return c;
}

void roster_free(struct roster *r)
{
	for (int i = 0; i < r->ntypes; i++)
		free(r->types[i].description);
	free(r->types);
	r->types = NULL;
	r->ntypes = 0;
}

int roster_find(const struct roster *r, const char *id)
{
	for (int i = 0; i < r->ntypes; i++)
		if (strcmp(r->types[i].id, id) == 0)
			return i;
	return -1;
}

const char *roster_nearest(const struct roster *r, const char *id)
{
	const char **names = xcalloc((size_t)r->ntypes, sizeof *names);
	for (int i = 0; i < r->ntypes; i++)
		names[i] = r->types[i].id;
	const char *best = util_nearest(id, names, r->ntypes);
	free(names);
	return best;
}
