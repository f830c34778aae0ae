/* scenario_legend.c: a scenario's legend: what each symbol of the grid
 * means, its properties over its kind's defaults, and the name and colour
 * it may give its terrain, each mistake at its line and column. */
#include "data/scenario_legend.h"

#include "world/world.h"

#define NKEYS(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *const legend_keys[] = {
	"terrain", "name", "colour", "passable", "cost", "blocks_sight",
	"height", "cover", "mounted", "machines", "state", "locked_by", "dv",
	"hits",
};

/* Property overrides for a legend entry, over its kind's defaults. */
static int legend_overrides(struct yctx *c, const struct ynode *m,
			    struct legend_entry *e)
{
	struct terrain *t = &e->t;
	const struct ynode *v;
	int k;

	if (ytree_opt_bool(c, m, "passable", &t->passable) < 0 ||
	    ytree_opt_int(c, m, "cost", 1, 99, &t->cost) < 0 ||
	    ytree_opt_bool(c, m, "blocks_sight", &t->blocks_sight) < 0 ||
	    ytree_opt_int(c, m, "height", 0, 99, &t->height) < 0 ||
	    ytree_opt_bool(c, m, "mounted", &t->mounted) < 0 ||
	    ytree_opt_bool(c, m, "machines", &t->machines) < 0 ||
	    ytree_opt_int(c, m, "dv", 0, 999, &t->dv) < 0 ||
	    ytree_opt_int(c, m, "hits", 0, 999, &t->hits) < 0)
		return -1;
	if ((v = ytree_get(m, "cover"))) {
		if (ytree_enum(c, v, "cover", cover_names, COVER_COUNT, &k) < 0)
			return -1;
		t->cover = (enum cover)k;
	}
	bool door = t->kind == TERRAIN_DOOR;
	if ((v = ytree_get(m, "state"))) {
		if (!door)
			return ytree_fail(c, ytree_get_key(m, "state"),
					  "'state' applies only to doors");
		if (ytree_enum(c, v, "door state", door_state_names,
			       DOOR_STATE_COUNT, &k) < 0)
			return -1;
		t->state = (enum door_state)k;
	}
	if ((v = ytree_get(m, "locked_by"))) {
		if (!door)
			return ytree_fail(c, ytree_get_key(m, "locked_by"),
					  "'locked_by' applies only to doors");
		const char *name;
		if (ytree_name(c, v, "team name", TEAM_NAME_LEN - 1, &name) < 0)
			return -1;
		if (!ytree_get(m, "state"))
			t->state = DOOR_LOCKED;
		if (t->state != DOOR_LOCKED)
			return ytree_fail(c, ytree_get_key(m, "locked_by"),
					  "'locked_by' needs state: locked");
		e->locked_by = v;
	}
	const char *bk[] = {"dv", "hits"};
	for (int i = 0; i < 2; i++)
		if (ytree_get(m, bk[i]) && !door && t->kind != TERRAIN_WALL)
			return ytree_fail(c, ytree_get_key(m, bk[i]),
					  "'%s' applies only to doors and walls",
					  bk[i]);
	return 0;
}

/* The entry's own words for its terrain: a name shown wherever the cell
 * is described, and a colour to draw it in. */
static int legend_words(struct yctx *c, const struct ynode *m,
			struct legend_entry *e)
{
	const struct ynode *v;
	int k;
	if ((v = ytree_get(m, "name")) &&
	    ytree_name(c, v, "terrain name", TERRAIN_NAME_LEN - 1, &e->name) < 0)
		return -1;
	if ((v = ytree_get(m, "colour"))) {
		if (ytree_enum(c, v, "colour", terrain_colour_names,
			       TCOLOUR_COUNT, &k) < 0)
			return -1;
		e->colour = (enum terrain_colour)k;
	}
	return 0;
}

int legend_load(struct yctx *c, const struct ynode *root,
		struct legend_entry *legend)
{
	const struct ynode *leg = ytree_get(root, "legend");
	if (!leg || ytree_is_null(leg))
		return 0;
	if (ytree_expect(c, leg, YNODE_MAPPING) < 0)
		return -1;
	for (int i = 0; i < leg->n; i++) {
		const struct ynode *m = leg->items[i];
		const struct ynode *v;
		char sym;
		int kind;
		if (ytree_char(c, leg->keys[i], "a single-character symbol",
			     &sym) < 0)
			return -1;
		struct legend_entry *e = &legend[(unsigned char)sym];
		if (ytree_check_keys(c, m, "legend entry", legend_keys,
				     NKEYS(legend_keys)) < 0 ||
		    ytree_need(c, m, "legend entry", "terrain", &v) < 0 ||
		    ytree_enum(c, v, "terrain", terrain_names, TERRAIN_COUNT,
			       &kind) < 0)
			return -1;
		e->defined = true;
		e->t = terrain_default((enum terrain_kind)kind);
		if (legend_overrides(c, m, e) < 0 || legend_words(c, m, e) < 0)
			return -1;
	}
	return 0;
}

void legend_label(struct legend_entry *legend, struct map *m)
{
	for (int i = 0; i < LEGEND_SYMBOLS; i++) {
		struct legend_entry *e = &legend[i];
		if (!e->defined)
			continue;
		/* At most one label an entry: never past the map's limit. */
		int k = map_label(m, e->name ? e->name : "", e->colour);
		e->t.label = (unsigned short)(k > 0 ? k : 0);
	}
}

bool legend_terrain(const struct legend_entry *legend, char ch,
		    struct terrain *t)
{
	const struct legend_entry *e = &legend[(unsigned char)ch & 0x7f];
	if ((unsigned char)ch < 128 && e->defined) {
		*t = e->t;
		return true;
	}
	if (ch == '\'') {
		*t = terrain_default(TERRAIN_DOOR);
		t->state = DOOR_OPEN;
		return true;
	}
	for (int k = 0; k < TERRAIN_COUNT; k++) {
		*t = terrain_default((enum terrain_kind)k);
		if (t->sym == ch)
			return true;
	}
	return false;
}

