/* los.c: a line of sight explained. The walk, the blockers, the arc, the
 * cover and the shot all come from the functions the game plays by; this
 * file only asks them and puts their answers into words. */
#include "game/los.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/geom.h"
#include "rules/attack.h"
#include "rules/combat.h"
#include "rules/engage.h"

int los_tenths(int d2)
{
	long long v = 100LL * d2, r = 0;
	while ((r + 1) * (r + 1) <= v)
		r++;
	/* Round: compare v with (r + 0.5)^2 = r^2 + r + 0.25. */
	return (int)(v > r * r + r ? r + 1 : r);
}

static bool parse_cell(const char *s, int *x, int *y)
{
	char *end;
	if (!isdigit((unsigned char)s[0]))
		return false;
	long a = strtol(s, &end, 10);
	if (*end != ',' || !isdigit((unsigned char)end[1]))
		return false;
	long b = strtol(end + 1, &end, 10);
	if (*end || a > 1000000 || b > 1000000)
		return false;
	*x = (int)a;
	*y = (int)b;
	return true;
}

int los_parse_end(const struct game *g, int team, const char *s,
		  struct los_end *e, char *why, size_t size)
{
	const struct world *w = g->w;
	e->unit = -1;
	if (isdigit((unsigned char)s[0])) {
		if (!parse_cell(s, &e->x, &e->y)) {
			snprintf(why, size, "'%.40s' is not a cell: use X,Y", s);
			return -1;
		}
		if (!map_inside(&w->map, e->x, e->y)) {
			snprintf(why, size, "%d,%d is off the map (%dx%d)", e->x,
				 e->y, w->map.w, w->map.h);
			return -1;
		}
		/* A unit the reader knows stands there: the line is to it. */
		int u = world_unit_at(w, e->x, e->y);
		const struct knowledge *k =
			team >= 0 ? game_knowledge(g, team) : NULL;
		if (u >= 0 && (!k || w->units[u].team == team ||
			       knowledge_knows(k, u)))
			e->unit = u;
		return 0;
	}
	int u = world_find_unit(w, s);
	const struct knowledge *k = team >= 0 ? game_knowledge(g, team) : NULL;
	/* One answer for an enemy the team does not see and a unit that
	 * does not exist. */
	if (u < 0 || (k && w->units[u].team != team && !knowledge_knows(k, u))) {
		if (k)
			snprintf(why, size,
				 "no unit '%.40s' that %s knows is on the field",
				 s, w->teams[team].name);
		else
			snprintf(why, size, "no unit '%.40s'", s);
		return -1;
	}
	if (!unit_alive(&w->units[u])) {
		snprintf(why, size, "%s is %s: it is not on the field",
			 w->units[u].id, unit_status_names[w->units[u].status]);
		return -1;
	}
	e->unit = u;
	e->x = w->units[u].x;
	e->y = w->units[u].y;
	return 0;
}

static bool never_seen(const struct los_report *r, int x, int y)
{
	return r->unknown && map_inside(&r->w->map, x, y) &&
	       r->unknown[y * r->w->map.w + x];
}

/* The shot, when A can shoot at all and B is something to shoot at. */
static void explain_shot(struct los_report *r)
{
	const struct world *w = r->w;
	const struct unit *a = &w->units[r->a.unit];
	const struct unit_type *t = world_type(w, a);
	bool ranged = false;
	for (int i = 0; i < t->nweapons; i++)
		ranged |= weapon_is_ranged(&t->weapons[i]);
	const struct cell *c = map_cell_c(&w->map, r->b.x, r->b.y);
	bool enemy = r->b.unit >= 0 && w->units[r->b.unit].team != a->team;
	bool structure = r->b.unit < 0 && cell_breachable(c);
	if (!ranged || !(enemy || structure))
		return;
	r->shot_asked = true;
	char what[48];
	if (enemy)
		snprintf(what, sizeof what, "%s", w->units[r->b.unit].id);
	else
		snprintf(what, sizeof what, "%d,%d", r->b.x, r->b.y);
	r->weapon = attack_shot(w, r->a.unit, enemy ? r->b.unit : -1, r->b.x,
				r->b.y, what, &r->calc, r->shot_why,
				sizeof r->shot_why);
	r->engaged = engage_engaged(w, r->a.unit);
}

void los_explain(const struct game *g, int team, struct los_end a,
		 struct los_end b, struct los_report *r)
{
	if (team < 0) {
		los_explain_in(g, -1, g->w, NULL, a, b, r);
		return;
	}
	struct world known;
	size_t cells = (size_t)g->w->map.w * (size_t)g->w->map.h;
	unsigned char *unknown = xcalloc(cells ? cells : 1, 1);
	game_known_world(g, team, &known, unknown);
	los_explain_in(g, team, &known, unknown, a, b, r);
	/* The report keeps them: r->w points at its own copy. */
	r->known = known;
	r->known_unknown = unknown;
	r->w = &r->known;
}

void los_explain_in(const struct game *g, int team, const struct world *known,
		    const unsigned char *unknown, struct los_end a,
		    struct los_end b, struct los_report *r)
{
	(void)g;
	memset(r, 0, sizeof *r);
	r->team = team;
	r->a = a;
	r->b = b;
	r->weapon = -1;
	r->w = known;
	r->unknown = team >= 0 ? unknown : NULL;
	const struct world *w = r->w;
	r->ha = world_height(w, a.x, a.y);
	r->hb = world_height(w, b.x, b.y);
	r->d2 = geom_dist2(a.x, a.y, b.x, b.y);
	vision_line_explain(w, a.x, a.y, b.x, b.y, &r->line);
	/* The ends' heights count as much as the cells between. */
	r->nunknown = never_seen(r, a.x, a.y) +
		      (b.x != a.x || b.y != a.y ? never_seen(r, b.x, b.y) : 0);
	for (int i = 0; i < r->line.nsteps; i++) {
		const struct vision_step *s = &r->line.steps[i];
		r->nunknown += never_seen(r, s->x, s->y);
		if (s->corner)
			r->nunknown += never_seen(r, s->x2, s->y2);
	}
	r->cover_x = b.x;
	r->cover_y = b.y;
	if (b.unit >= 0)
		r->cover = combat_unit_cover(w, a.x, a.y, b.unit, &r->cover_x,
					     &r->cover_y, &r->cover_own);
	if (a.unit < 0)
		return;
	const struct unit *u = &w->units[a.unit];
	int vr = w->roster.chart.vision_range;
	r->adjacent = geom_adjacent(a.x, a.y, b.x, b.y);
	r->in_arc = geom_in_arc(u->facing, b.x - a.x, b.y - a.y);
	r->in_vision_range = vr <= 0 || geom_within(a.x, a.y, b.x, b.y, vr);
	r->melee = b.unit >= 0 && b.unit != a.unit &&
		   engage_in_melee(w, a.unit, b.unit);
	r->sees = (a.x == b.x && a.y == b.y) ||
		  vision_unit_sees(w, a.unit, b.x, b.y) || r->melee;
	explain_shot(r);
}

void los_report_free(struct los_report *r)
{
	vision_line_free(&r->line);
	if (r->known_unknown) {
		world_free(&r->known);
		free(r->known_unknown);
	}
	memset(r, 0, sizeof *r);
}

/* ---- words -------------------------------------------------------- */

static void add_inches(struct strbuf *b, int d2)
{
	int t = los_tenths(d2);
	strbuf_addf(b, "%d.%d", t / 10, t % 10);
}

/* "r5 (archer, Red) at 8,3" or "the cell 8,3". */
static void end_name(const struct los_report *r, struct los_end e,
		     struct strbuf *b)
{
	const struct world *w = r->w;
	if (e.unit >= 0) {
		const struct unit *u = &w->units[e.unit];
		strbuf_addf(b, "%s (%s, %s) at %d,%d", u->id, world_type(w, u)->id,
			    w->teams[u->team].name, e.x, e.y);
	} else {
		strbuf_addf(b, "%d,%d", e.x, e.y);
	}
}

static const char *end_id(const struct los_report *r, struct los_end e,
			  char *buf, size_t size)
{
	if (e.unit >= 0)
		snprintf(buf, size, "%s", r->w->units[e.unit].id);
	else
		snprintf(buf, size, "%d,%d", e.x, e.y);
	return buf;
}

/* One cell of the line: what it is and whether (and why) it blocks. */
static void cell_words(const struct los_report *r, int x, int y,
		       enum vision_block why, bool unseen, int unit,
		       struct strbuf *b)
{
	const struct world *w = r->w;
	strbuf_addf(b, "%d,%d ", x, y);
	if (!map_inside(&w->map, x, y)) {
		strbuf_add(b, "off the map: blocks");
		return;
	}
	const struct cell *c = map_cell_c(&w->map, x, y);
	char words[2 * TERRAIN_NAME_LEN];
	map_cell_words(&w->map, c, words, sizeof words);
	if (never_seen(r, x, y))
		strbuf_addf(b, "never seen by %s (taken as open ground)",
			    w->teams[r->team].name);
	else
		strbuf_addf(b, "%s, height %d", words, c->t.height);
	if (unit >= 0) {
		strbuf_addf(b, ", %s stands there, ", w->units[unit].id);
		add_inches(b, geom_dist2(r->a.x, r->a.y, x, y));
		strbuf_add(b, " in from A");
	}
	switch (why) {
	case VBLOCK_TERRAIN:
		strbuf_addf(b, ": BLOCKS (%s blocks sight)", words);
		break;
	case VBLOCK_HEIGHT:
		strbuf_addf(b, ": BLOCKS (higher than both ends, %d)",
			    r->line.top);
		break;
	case VBLOCK_TROOP:
		if (unseen)
			strbuf_add(b, " (A does not see it: a troop blocks only "
				      "when A sees it)");
		else
			strbuf_add(b, ": BLOCKS (a troop within 4 inches of A, "
				      "seen by A)");
		break;
	case VBLOCK_EDGE:
		strbuf_add(b, ": BLOCKS (off the map)");
		break;
	case VBLOCK_NONE:
		if (unit >= 0 && geom_dist2(r->a.x, r->a.y, x, y) > 16)
			strbuf_add(b, " (troops further than 4 inches from A do "
				      "not block)");
		else if (unit >= 0)
			strbuf_addf(b, " (lower than the higher end, %d: looked "
				       "over)",
				    r->line.top);
		break;
	case VBLOCK_COUNT:
		break;
	}
}

static void step_words(const struct los_report *r, const struct vision_step *s,
		       struct strbuf *b)
{
	if (!s->corner) {
		cell_words(r, s->x, s->y, s->why, s->unseen, s->unit, b);
		return;
	}
	strbuf_addf(b, "corner between %d,%d and %d,%d: ", s->x, s->y, s->x2,
		    s->y2);
	if (s->blocks)
		strbuf_add(b, "BLOCKS (both cells beside it block: no seeing "
			      "through a diagonal gap)");
	else if ((s->why != VBLOCK_NONE && !s->unseen) ||
		 (s->why2 != VBLOCK_NONE && !s->unseen2))
		strbuf_add(b, "passes (only one cell beside it blocks)");
	else
		strbuf_add(b, "passes");
	strbuf_add(b, "\n      ");
	cell_words(r, s->x, s->y, s->why, s->unseen, s->unit, b);
	strbuf_add(b, "\n      ");
	cell_words(r, s->x2, s->y2, s->why2, s->unseen2, s->unit2, b);
}

/* "blocked at 6,3 (wall)" or "clear". */
static void line_verdict(const struct los_report *r, struct strbuf *b)
{
	if (r->line.first < 0) {
		strbuf_add(b, "clear");
		if (r->nunknown)
			strbuf_addf(b, " as far as %s knows (%d cell%s never seen)",
				    r->w->teams[r->team].name, r->nunknown,
				    r->nunknown == 1 ? "" : "s");
		return;
	}
	const struct vision_step *s = &r->line.steps[r->line.first];
	int nblock = 0;
	for (int i = 0; i < r->line.nsteps; i++)
		nblock += r->line.steps[i].blocks;
	if (s->corner)
		strbuf_addf(b, "blocked at the corner between %d,%d and %d,%d",
			    s->x, s->y, s->x2, s->y2);
	else
		strbuf_addf(b, "blocked at %d,%d (%s)", s->x, s->y,
			    s->why == VBLOCK_TROOP && s->unit >= 0
				    ? r->w->units[s->unit].id
				    : vision_block_names[s->why]);
	if (nblock > 1)
		strbuf_addf(b, ", %d blockers in all", nblock);
}

static const char *cover_word(enum cover c)
{
	switch (c) {
	case COVER_SOFT:
		return "soft cover";
	case COVER_HALF:
		return "half wall cover";
	case COVER_HEAVY:
		return "heavy cover";
	default:
		return "no cover";
	}
}

static void sight_words(const struct los_report *r, struct strbuf *b)
{
	const struct world *w = r->w;
	const struct unit *u = &w->units[r->a.unit];
	char bb[48];
	end_id(r, r->b, bb, sizeof bb);
	if (r->a.x == r->b.x && r->a.y == r->b.y) {
		strbuf_addf(b, "sight: %s stands there\n", u->id);
		return;
	}
	if (r->adjacent)
		strbuf_addf(b, "arc: %s touches %s: seen whatever the facing\n",
			    bb, u->id);
	else
		strbuf_addf(b, "arc: %s is %sin %s's arc of vision (it faces %s)\n",
			    bb, r->in_arc ? "" : "not ", u->id,
			    dir_names[u->facing]);
	int vr = w->roster.chart.vision_range;
	if (vr > 0 && !r->adjacent)
		strbuf_addf(b, "vision range: %d inches: %s\n", vr,
			    r->in_vision_range ? "within it" : "beyond it");
	strbuf_addf(b, "sight: %s %s %s", u->id, r->sees ? "sees" : "does not see",
		    bb);
	if (r->adjacent)
		strbuf_add(b, " (it touches it)");
	else if (r->melee && (!r->in_arc || !r->in_vision_range ||
			      r->line.first >= 0))
		strbuf_add(b, " (they are in melee: a unit knows who it fights)");
	else if (!r->in_arc)
		strbuf_add(b, " (not in its arc)");
	else if (!r->in_vision_range)
		strbuf_add(b, " (beyond its vision range)");
	else if (r->line.first >= 0)
		strbuf_add(b, " (the line is blocked)");
	else
		strbuf_add(b, " (in its arc, the line clear)");
	strbuf_addc(b, '\n');
}

static void shot_words(const struct los_report *r, struct strbuf *b)
{
	const struct world *w = r->w;
	const struct unit *u = &w->units[r->a.unit];
	if (r->weapon < 0) {
		strbuf_addf(b, "shot: no: %s\n", r->shot_why);
		return;
	}
	const struct weapon *wp = &world_type(w, u)->weapons[r->weapon];
	char desc[256];
	combat_describe(&w->roster.chart, &r->calc, desc, sizeof desc);
	strbuf_addf(b, "shot: %s's %s (range %d) reaches: %s\n", u->id, wp->name,
		    wp->range, desc);
	if (r->engaged)
		strbuf_addf(b, "      but %s is in melee now: missile weapons "
			       "cannot be used in melee\n",
			    u->id);
}

void los_report_text(const struct los_report *r, struct strbuf *b)
{
	const struct world *w = r->w;
	strbuf_add(b, "A: ");
	end_name(r, r->a, b);
	if (never_seen(r, r->a.x, r->a.y))
		strbuf_addf(b, ", never seen by %s (taken as open ground)",
			    w->teams[r->team].name);
	strbuf_addf(b, ", height %d", r->ha);
	if (r->a.unit >= 0)
		strbuf_addf(b, ", facing %s", dir_names[w->units[r->a.unit].facing]);
	strbuf_add(b, "\nB: ");
	end_name(r, r->b, b);
	if (never_seen(r, r->b.x, r->b.y))
		strbuf_addf(b, ", never seen by %s (taken as open ground)",
			    w->teams[r->team].name);
	strbuf_addf(b, ", height %d\n", r->hb);
	if (r->team >= 0)
		strbuf_addf(b, "as %s knows the field: its own units, the enemies "
			       "it sees, cells as it last saw them\n",
			    w->teams[r->team].name);
	strbuf_add(b, "distance ");
	add_inches(b, r->d2);
	strbuf_addf(b, " inches (%d across, %d down; %d squared)\n",
		    r->b.x - r->a.x, r->b.y - r->a.y, r->d2);
	strbuf_addf(b, "blockers: walls, closed doors and tall features; cells "
		       "higher than %d; troops within 4 inches of A standing at "
		       "%d or higher that A sees\n",
		    r->line.top, r->line.top);
	if (r->line.nsteps == 0)
		strbuf_add(b, "the line passes through no other cell\n");
	else
		strbuf_add(b, "the line, from A:\n");
	for (int i = 0; i < r->line.nsteps; i++) {
		strbuf_add(b, "  ");
		step_words(r, &r->line.steps[i], b);
		strbuf_addc(b, '\n');
	}
	strbuf_add(b, "line: ");
	line_verdict(r, b);
	strbuf_addc(b, '\n');
	if (r->a.unit >= 0)
		sight_words(r, b);
	else
		strbuf_add(b, "sight: A is a cell: no arc, the line alone (a "
			      "cell looks every way for the troops it sees)\n");
	if (r->b.unit >= 0 && r->b.unit != r->a.unit) {
		char words[2 * TERRAIN_NAME_LEN];
		map_cell_words(&w->map,
			       map_cell_c(&w->map, r->cover_x, r->cover_y), words,
			       sizeof words);
		if (r->cover == COVER_NONE)
			strbuf_addf(b, "cover: %s has none against a shot from "
				       "%d,%d\n",
				    w->units[r->b.unit].id, r->a.x, r->a.y);
		else if (r->cover_own)
			strbuf_addf(b, "cover: %s has %s of its own (%s)\n",
				    w->units[r->b.unit].id, cover_word(r->cover),
				    world_type(w, &w->units[r->b.unit])->name);
		else if (r->cover_x == r->b.x && r->cover_y == r->b.y)
			strbuf_addf(b, "cover: %s has %s from its own cell (%s)\n",
				    w->units[r->b.unit].id, cover_word(r->cover),
				    words);
		else
			strbuf_addf(b, "cover: %s has %s from %d,%d (%s, beside "
				       "it on the line)\n",
				    w->units[r->b.unit].id, cover_word(r->cover),
				    r->cover_x, r->cover_y, words);
	}
	if (r->shot_asked)
		shot_words(r, b);
}

void los_report_brief(const struct los_report *r, struct strbuf *b)
{
	const struct world *w = r->w;
	char aa[48], bb[48], words[2 * TERRAIN_NAME_LEN];
	strbuf_addf(b, "LINE %s -> %s\n", end_id(r, r->a, aa, sizeof aa),
		    end_id(r, r->b, bb, sizeof bb));
	add_inches(b, r->d2);
	strbuf_addf(b, " in, heights %d and %d\n", r->ha, r->hb);
	strbuf_add(b, "line ");
	line_verdict(r, b);
	for (int i = 0, n = 0; i < r->line.nsteps && n < 3; i++) {
		const struct vision_step *s = &r->line.steps[i];
		if (!s->blocks)
			continue;
		n++;
		enum vision_block why = s->why;
		int unit = s->unit;
		if (s->corner)
			strbuf_addf(b, "\n corner %d,%d/%d,%d", s->x, s->y, s->x2,
				    s->y2);
		else if (why == VBLOCK_TROOP && unit >= 0)
			strbuf_addf(b, "\n %d,%d %s within 4 in", s->x, s->y,
				    w->units[unit].id);
		else if (why == VBLOCK_HEIGHT)
			strbuf_addf(b, "\n %d,%d too high", s->x, s->y);
		else
			strbuf_addf(b, "\n %d,%d %s", s->x, s->y,
				    map_cell_words(&w->map,
						   map_cell_c(&w->map, s->x, s->y),
						   words, sizeof words));
	}
	if (r->a.unit >= 0 && (r->a.x != r->b.x || r->a.y != r->b.y)) {
		strbuf_addf(b, "\n%s%s, %s", r->adjacent ? "touching"
				: r->in_arc	     ? "in arc"
						     : "not in arc",
			    r->in_vision_range ? "" : ", too far to see",
			    r->sees ? "SEES" : "does not see");
	}
	bool covered = r->b.unit >= 0 && r->b.unit != r->a.unit &&
		       r->cover != COVER_NONE;
	if (covered && r->cover_own)
		strbuf_addf(b, "\n%s of its own", cover_word(r->cover));
	else if (covered)
		strbuf_addf(b, "\n%s from %d,%d", cover_word(r->cover), r->cover_x,
			    r->cover_y);
	if (r->shot_asked) {
		if (r->weapon < 0) {
			const char *c = strstr(r->shot_why, ": ");
			strbuf_addf(b, "\nno shot: %s", c ? c + 2 : r->shot_why);
		} else {
			strbuf_addf(b, "\nshot needs %d+ (%.0f%%)%s", r->calc.need,
				    combat_chance(&w->roster.chart, r->calc.need) *
					    100.0,
				    r->engaged ? ", but in melee" : "");
		}
	}
}

/* ---- JSON ----------------------------------------------------------- */

static void json_end(const struct los_report *r, struct los_end e, int h,
		     struct strbuf *b)
{
	const struct world *w = r->w;
	strbuf_add(b, "{\"unit\":");
	if (e.unit >= 0)
		strbuf_add_json(b, w->units[e.unit].id);
	else
		strbuf_add(b, "null");
	strbuf_addf(b, ",\"x\":%d,\"y\":%d,\"height\":%d", e.x, e.y, h);
	if (e.unit >= 0) {
		strbuf_add(b, ",\"facing\":");
		strbuf_add_json(b, dir_names[w->units[e.unit].facing]);
	}
	strbuf_addc(b, '}');
}

static void json_cell(const struct los_report *r, int x, int y,
		      enum vision_block why, bool unseen, int unit,
		      struct strbuf *b)
{
	const struct world *w = r->w;
	strbuf_addf(b, "{\"x\":%d,\"y\":%d", x, y);
	if (map_inside(&w->map, x, y)) {
		const struct cell *c = map_cell_c(&w->map, x, y);
		bool never = never_seen(r, x, y);
		const char *name = never ? NULL : map_cell_name(&w->map, c);
		strbuf_add(b, ",\"terrain\":");
		strbuf_add_json(b, never ? "never seen" : cell_describe(c));
		if (name) {
			strbuf_add(b, ",\"name\":");
			strbuf_add_json(b, name);
		}
		strbuf_addf(b, ",\"height\":%d", c->t.height);
	}
	strbuf_add(b, ",\"unit\":");
	if (unit >= 0)
		strbuf_add_json(b, w->units[unit].id);
	else
		strbuf_add(b, "null");
	strbuf_add(b, ",\"blocks\":");
	if (why != VBLOCK_NONE && !unseen)
		strbuf_add_json(b, vision_block_names[why]);
	else
		strbuf_add(b, "null");
	/* A troop that would block, but A does not see it. */
	if (unseen)
		strbuf_add(b, ",\"unseen\":true");
	strbuf_addc(b, '}');
}

void los_report_json(const struct los_report *r, struct strbuf *b)
{
	const struct world *w = r->w;
	strbuf_add(b, "{\"from\":");
	json_end(r, r->a, r->ha, b);
	strbuf_add(b, ",\"to\":");
	json_end(r, r->b, r->hb, b);
	strbuf_add(b, ",\"knowledge\":");
	if (r->team >= 0)
		strbuf_add_json(b, w->teams[r->team].name);
	else
		strbuf_add(b, "\"all\"");
	int t = los_tenths(r->d2);
	strbuf_addf(b, ",\"dist2\":%d,\"distance\":%d.%d,\"top\":%d,\"steps\":[",
		    r->d2, t / 10, t % 10, r->line.top);
	for (int i = 0; i < r->line.nsteps; i++) {
		const struct vision_step *s = &r->line.steps[i];
		if (i)
			strbuf_addc(b, ',');
		if (!s->corner) {
			strbuf_add(b, "{\"cell\":");
			json_cell(r, s->x, s->y, s->why, s->unseen, s->unit, b);
		} else {
			strbuf_add(b, "{\"corner\":[");
			json_cell(r, s->x, s->y, s->why, s->unseen, s->unit, b);
			strbuf_addc(b, ',');
			json_cell(r, s->x2, s->y2, s->why2, s->unseen2, s->unit2,
				  b);
			strbuf_addc(b, ']');
		}
		strbuf_addf(b, ",\"blocks\":%s}", s->blocks ? "true" : "false");
	}
	strbuf_addf(b, "],\"blocked\":%s,\"unknown\":%d",
		    r->line.first >= 0 ? "true" : "false", r->nunknown);
	if (r->a.unit >= 0)
		strbuf_addf(b, ",\"adjacent\":%s,\"in_arc\":%s,"
			       "\"in_vision_range\":%s,\"melee\":%s,\"sees\":%s",
			    r->adjacent ? "true" : "false",
			    r->in_arc ? "true" : "false",
			    r->in_vision_range ? "true" : "false",
			    r->melee ? "true" : "false",
			    r->sees ? "true" : "false");
	else
		strbuf_add(b, ",\"sees\":null");
	if (r->b.unit >= 0 && r->b.unit != r->a.unit) {
		strbuf_add(b, ",\"cover\":{\"cover\":");
		strbuf_add_json(b, cover_names[r->cover]);
		strbuf_addf(b, ",\"x\":%d,\"y\":%d%s}", r->cover_x, r->cover_y,
			    r->cover_own ? ",\"own\":true" : "");
	}
	strbuf_add(b, ",\"shot\":");
	if (!r->shot_asked) {
		strbuf_add(b, "null}");
		return;
	}
	if (r->weapon < 0) {
		strbuf_add(b, "{\"ok\":false,\"why\":");
		strbuf_add_json(b, r->shot_why);
		strbuf_add(b, "}}");
		return;
	}
	const struct unit *u = &w->units[r->a.unit];
	strbuf_add(b, "{\"ok\":true,\"weapon\":");
	strbuf_add_json(b, world_type(w, u)->weapons[r->weapon].name);
	strbuf_addf(b, ",\"need\":%d,\"chance\":%.2f,\"engaged\":%s,\"terms\":[",
		    r->calc.need, combat_chance(&w->roster.chart, r->calc.need),
		    r->engaged ? "true" : "false");
	for (int i = 0; i < r->calc.nterms; i++) {
		strbuf_add(b, i ? ",{\"name\":" : "{\"name\":");
		strbuf_add_json(b, r->calc.terms[i].name);
		strbuf_addf(b, ",\"value\":%d}", r->calc.terms[i].value);
	}
	strbuf_add(b, "]}}");
}
