/* wire_client.c: the player's side of the wire: a team's record, read
 * line by line into the team's projection (game/projection.h), every line
 * checked, since a host may be anything. */
#include "net/wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"
#include "game/projection.h"
#include "game/report.h"
#include "net/json.h"
#include "net/proto.h"

void wire_client_init(struct wire_client *c)
{
	memset(c, 0, sizeof *c);
	c->team = -1;
}

struct game *wire_client_take(struct wire_client *c)
{
	struct game *g = c->g;
	c->g = NULL;
	return g;
}

void wire_client_free(struct wire_client *c)
{
	game_free(c->g);
	scenario_free(&c->sc);
	free(c->palette);
	memset(c, 0, sizeof *c);
}

static int bad(char *why, const char *what)
{
	snprintf(why, GAME_WHY_LEN, "the host sent %s", what);
	return -1;
}

static int name_index(const char *const *names, int n, const char *s)
{
	for (int i = 0; s && i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

static int apply_setup(struct wire_client *c, const struct json *o, char *why)
{
	int w = json_int(o, "width", 0), h = json_int(o, "height", 0);
	int team = json_int(o, "team", -1);
	if (c->sc.world.map.cells || w < 1 || h < 1 || w > 4096 || h > 4096 ||
	    team < 0 || team >= MAX_TEAMS)
		return bad(why, "a bad setup");
	c->team = team;
	const char *name = json_str(o, "scenario");
	c->sc.name = xstrdup(name ? name : "?");
	c->sc.rounds = json_int(o, "rounds", 0);
	map_init(&c->sc.world.map, w, h);
	const struct json *ch = json_get(o, "chart");
	struct chart *cc = &c->sc.world.roster.chart;
	*cc = chart_default();
	cc->natural_20_hits = json_bool(ch, "natural_20_hits", cc->natural_20_hits);
	cc->vision_range = json_int(ch, "vision_range", cc->vision_range);
#define X(f, k, label, def) cc->f = json_int(ch, k, cc->f);
	CHART_LIST(X)
#undef X
	return 0;
}

static int apply_team(struct wire_client *c, const struct json *o, char *why)
{
	struct world *w = &c->sc.world;
	const char *name = json_str(o, "name"), *letter = json_str(o, "letter");
	const char *colour = json_str(o, "colour");
	int control = name_index(control_names, CONTROL_COUNT,
				 json_str(o, "control"));
	if (w->nteams >= MAX_TEAMS || !name || !letter || !colour ||
	    strlen(name) >= TEAM_NAME_LEN || strlen(letter) != 1 || control < 0)
		return bad(why, "a bad team");
	struct team *t = &w->teams[w->nteams++];
	snprintf(t->name, sizeof t->name, "%s", name);
	t->letter = letter[0];
	snprintf(t->colour, sizeof t->colour, "%s", colour);
	t->control = (enum control)control;
	return 0;
}

static int apply_unittype(struct wire_client *c, const struct json *o,
			  char *why)
{
	struct roster *r = &c->sc.world.roster;
	const char *id = json_str(o, "id"), *name = json_str(o, "name");
	const char *sym = json_str(o, "symbol");
	int cls = name_index(unit_class_names, CLASS_COUNT, json_str(o, "class"));
	const struct json *wps = json_get(o, "weapons");
	const char *cover_name = json_str(o, "cover");
	int cover = cover_name ? name_index(cover_names, COVER_COUNT, cover_name)
			       : COVER_NONE;
	if (!id || !name || !sym || strlen(sym) != 1 || cls < 0 || cover < 0 ||
	    strlen(id) >= NAME_MAX_LEN || strlen(name) >= NAME_MAX_LEN || !wps ||
	    wps->type != JSON_ARR || wps->n > MAX_WEAPONS || r->ntypes >= 4096)
		return bad(why, "a bad unit type");
	r->types = xrealloc(r->types, (size_t)(r->ntypes + 1) * sizeof *r->types);
	struct unit_type *t = &r->types[r->ntypes++];
	memset(t, 0, sizeof *t);
	snprintf(t->id, sizeof t->id, "%s", id);
	snprintf(t->name, sizeof t->name, "%s", name);
	t->symbol = sym[0];
	t->cls = (enum unit_class)cls;
	t->move = json_int(o, "move", 0);
	t->dv = json_int(o, "dv", 0);
	t->hits = json_int(o, "hits", 1);
	t->cover = (enum cover)cover;
	for (int k = 0; k < wps->n; k++) {
		const struct json *wj = &wps->items[k];
		struct weapon *wp = &t->weapons[t->nweapons];
		const char *wn = json_str(wj, "name");
		int kind = name_index(weapon_kind_names, WEAPON_KIND_COUNT,
				      json_str(wj, "kind"));
		if (!wn || strlen(wn) >= NAME_MAX_LEN || kind < 0)
			return bad(why, "a bad weapon");
		snprintf(wp->name, sizeof wp->name, "%s", wn);
		wp->kind = (enum weapon_kind)kind;
		wp->av = json_int(wj, "av", 0);
		wp->range = json_int(wj, "range", 1);
		wp->min_range = json_int(wj, "min", 0);
		wp->reload = json_int(wj, "reload", 0);
		wp->structures = json_bool(wj, "structures", false);
		t->nweapons++;
	}
	return 0;
}

static int apply_goalset(struct wire_client *c, const struct json *o,
			 char *why)
{
	int team = json_int(o, "team", -1);
	int kind = name_index(goal_kind_names, GOAL_KIND_COUNT, json_str(o, "kind"));
	int area[4], cell[2];
	const char *unit = json_str(o, "unit");
	if (team < 0 || team >= c->sc.world.nteams || kind < 0 ||
	    !json_int_array(json_get(o, "area"), 4, area) ||
	    !json_int_array(json_get(o, "cell"), 2, cell) || !unit ||
	    strlen(unit) >= UNIT_ID_LEN || c->sc.ngoals >= 256)
		return bad(why, "a bad goal");
	c->sc.goals = xrealloc(c->sc.goals,
			       (size_t)(c->sc.ngoals + 1) * sizeof *c->sc.goals);
	struct goal *g = &c->sc.goals[c->sc.ngoals++];
	memset(g, 0, sizeof *g);
	g->team = team;
	g->kind = (enum goal_kind)kind;
	g->enemies = (unsigned)json_int(o, "enemies", 0);
	g->x0 = area[0];
	g->y0 = area[1];
	g->x1 = area[2];
	g->y1 = area[3];
	g->rounds = json_int(o, "rounds", 0);
	g->count = json_int(o, "count", 0);
	g->has_cell = json_bool(o, "has_cell", false);
	g->cx = cell[0];
	g->cy = cell[1];
	snprintf(g->unit, sizeof g->unit, "%s", unit);
	return 0;
}

/* A terrain's name and colour, when the host tells them: into the
 * labels of the map being built (or the projection's, after start). */
static int terrain_label(struct wire_client *c, const struct json *o,
			 struct terrain *t, char *why)
{
	const char *name = json_str(o, "name"), *colour = json_str(o, "colour");
	int k = colour ? name_index(terrain_colour_names, TCOLOUR_COUNT, colour)
		       : TCOLOUR_NONE;
	if (!name && !colour)
		return 0;
	unsigned cp;
	size_t at;
	if (k < 0 || (name && (strlen(name) >= TERRAIN_NAME_LEN ||
			       utf8_find_hidden(name, &cp, &at) != UTF8_CLEAN)))
		return bad(why, "a bad terrain name or colour");
	struct map *m = c->g ? &c->g->w->map : &c->sc.world.map;
	if (!m->cells)
		return bad(why, "a terrain name before the setup");
	int label = map_label(m, name ? name : "", (enum terrain_colour)k);
	if (label < 0)
		return bad(why, "too many terrain names");
	t->label = (unsigned short)label;
	return 0;
}

static int apply_terrain(struct wire_client *c, const struct json *o,
			 char *why)
{
	int kind = name_index(terrain_names, TERRAIN_COUNT, json_str(o, "kind"));
	int cover = name_index(cover_names, COVER_COUNT, json_str(o, "cover"));
	int state = name_index(door_state_names, DOOR_STATE_COUNT,
			       json_str(o, "state"));
	const char *sym = json_str(o, "sym");
	if (json_int(o, "k", -1) != c->npal || kind < 0 || cover < 0 ||
	    state < 0 || !sym || strlen(sym) != 1 || c->npal >= 65536)
		return bad(why, "a bad terrain");
	if (c->npal == c->palcap) {
		c->palcap = c->palcap ? 2 * c->palcap : 16;
		c->palette = xrealloc(c->palette,
				      (size_t)c->palcap * sizeof *c->palette);
	}
	struct cell *cell = &c->palette[c->npal++];
	memset(cell, 0, sizeof *cell);
	struct terrain *t = &cell->t;
	*t = terrain_default((enum terrain_kind)kind);
	t->sym = sym[0];
	t->passable = json_bool(o, "passable", t->passable);
	t->cost = json_int(o, "cost", t->cost);
	t->blocks_sight = json_bool(o, "blocks_sight", t->blocks_sight);
	t->height = json_int(o, "height", t->height);
	t->cover = (enum cover)cover;
	t->mounted = json_bool(o, "mounted", t->mounted);
	t->machines = json_bool(o, "machines", t->machines);
	t->state = (enum door_state)state;
	t->locked_by = json_int(o, "locked_by", -1);
	t->key = json_int(o, "key", -1);
	t->dv = json_int(o, "dv", 0);
	t->hits = json_int(o, "hits", 0);
	t->rubble = json_bool(o, "rubble", false);
	t->broken = json_bool(o, "broken", false);
	cell->hits_left = json_int(o, "hits_left", 0);
	return terrain_label(c, o, t, why);
}

static int apply_cells(struct wire_client *c, const struct json *o, char *why)
{
	struct map *m = &c->g->w->map;
	int x = json_int(o, "x", -1), y = json_int(o, "y", -1);
	const struct json *k = json_get(o, "k");
	if (!k || k->type != JSON_ARR || y < 0 || y >= m->h || x < 0 ||
	    x + k->n > m->w)
		return bad(why, "bad cells");
	for (int i = 0; i < k->n; i++) {
		double v = k->items[i].num;
		if (k->items[i].type != JSON_NUM || v < 0 || v >= c->npal)
			return bad(why, "a cell of no terrain");
		*map_cell(m, x + i, y) = c->palette[(int)v];
	}
	return 0;
}

static int hexval(char h)
{
	if (h >= '0' && h <= '9')
		return h - '0';
	if (h >= 'a' && h <= 'f')
		return h - 'a' + 10;
	return -1;
}

static int apply_row(struct wire_client *c, const struct json *o, bool view,
		     char *why)
{
	struct knowledge *k = &c->g->know[c->team];
	int y = json_int(o, "y", -1);
	const char *s = json_str(o, view ? "v" : "s");
	int w = k->w;
	if (y < 0 || y >= k->h || !s ||
	    strlen(s) != (size_t)(view ? (w + 3) / 4 : w))
		return bad(why, view ? "a bad view row" : "a bad memory row");
	unsigned char *row = (view ? k->view : k->memory) + (size_t)y * (size_t)w;
	for (int x = 0; x < w; x++) {
		if (view) {
			int v = hexval(s[x / 4]);
			if (v < 0)
				return bad(why, "a bad view row");
			row[x] = (unsigned char)((v >> (3 - x % 4)) & 1);
		} else {
			row[x] = s[x] == ' ' ? 0 : (unsigned char)s[x];
		}
	}
	return 0;
}

static int apply_unit(struct wire_client *c, const struct json *o, char *why)
{
	struct game *g = c->g;
	const char *id = json_str(o, "id");
	int last[3];
	int i = id ? projection_unit(g, id, json_int(o, "ut", -1),
				     json_int(o, "team", -1))
		   : -1;
	if (i < 0 || !json_int_array(json_get(o, "last"), 3, last))
		return bad(why, "a bad unit");
	struct unit *u = &g->w->units[i];
	struct knowledge *k = &g->know[c->team];
	k->units[i] = json_bool(o, "known", false);
	k->last[i] = (struct last_seen){last[0], last[1], last[2],
					json_bool(o, "gone", false)};
	if (json_get(o, "x")) {
		int x = json_int(o, "x", -1), y = json_int(o, "y", -1);
		int facing = dir_parse(json_str(o, "facing") ? json_str(o, "facing") : "");
		int status = name_index(unit_status_names, STATUS_COUNT,
					json_str(o, "status"));
		int cl[2];
		if (!map_inside(&g->w->map, x, y) || facing < 0 || status < 0 ||
		    !json_int_array(json_get(o, "climb"), 2, cl) || cl[0] < 0 ||
		    cl[0] >= DIR_COUNT)
			return bad(why, "a bad unit");
		u->x = x;
		u->y = y;
		u->facing = (enum dir)facing;
		u->status = (enum unit_status)status;
		u->hits = json_int(o, "hits", u->hits);
		u->climb_dir = (enum dir)cl[0];
		u->climb_paid = cl[1];
	}
	if (json_get(o, "move")) {
		u->move_left = json_int(o, "move", 0);
		u->shot = json_bool(o, "shot", false);
		u->fought = json_bool(o, "fought", false);
		u->reload_wait = json_int(o, "reload", 0);
	}
	int ord[2];
	if (json_get(o, "order")) {
		if (!json_int_array(json_get(o, "order"), 2, ord) ||
		    u->team != c->team ||
		    (!(ord[0] == -1 && ord[1] == -1) &&
		     !map_inside(&g->w->map, ord[0], ord[1])))
			return bad(why, "a bad unit");
		projection_order(g, i, ord[0], ord[1]);
	}
	return 0;
}

static int apply_turn(struct wire_client *c, const struct json *o, char *why)
{
	struct game *g = c->g;
	int active = json_int(o, "active", -1), step = json_int(o, "step", -1);
	int winner = json_int(o, "winner", -1);
	const char *result = json_str(o, "result");
	if (active < 0 || active >= g->w->nteams || step < 0 ||
	    step >= STEP_COUNT || winner < -1 || winner >= g->w->nteams)
		return bad(why, "a bad turn");
	g->round = json_int(o, "round", 1);
	g->active = active;
	g->step = (enum step)step;
	g->machines_done = json_bool(o, "machines_done", false);
	g->over = json_bool(o, "over", false);
	g->winner = winner;
	snprintf(g->result, sizeof g->result, "%s", result ? result : "");
	return 0;
}

static int unit_by_ref(const struct game *g, const struct json *raw,
		       const char *k)
{
	const char *id = json_str(raw, k);
	return id ? world_find_unit(g->w, id) : -1;
}

static int apply_event(struct wire_client *c, const struct json *o, char *why)
{
	struct game *g = c->g;
	const struct json *raw = json_get(o, "raw");
	int from[2], to[2];
	int type = name_index(event_names, EVENT_COUNT, json_str(raw, "ev"));
	if (type < 0 || !json_int_array(json_get(raw, "from"), 2, from) ||
	    !json_int_array(json_get(raw, "to"), 2, to))
		return bad(why, "a bad event");
	struct event ev;
	memset(&ev, 0, sizeof ev);
	ev.type = (enum event_type)type;
	ev.round = json_int(raw, "round", g->round);
	ev.team = json_int(raw, "team", 0);
	ev.step = json_int(raw, "step", 0);
	if (ev.team < 0 || ev.team >= g->w->nteams || ev.step < 0 ||
	    ev.step >= STEP_COUNT)
		return bad(why, "a bad event");
	ev.unit = unit_by_ref(g, raw, "u");
	ev.target = unit_by_ref(g, raw, "t");
	ev.x0 = from[0];
	ev.y0 = from[1];
	ev.x1 = to[0];
	ev.y1 = to[1];
	ev.value = json_int(raw, "v", 0);
	ev.value2 = json_int(raw, "v2", 0);
	ev.kind = json_int(raw, "kind", 0);
	ev.success = json_bool(raw, "ok", false);
	ev.free_attack = json_bool(raw, "free", false);
	ev.winner = json_int(raw, "winner", -1);
	ev.sight[c->team] = (unsigned char)json_int(raw, "sight", 0);
	const char *text = json_str(raw, "text");
	snprintf(ev.text, sizeof ev.text, "%s", text ? text : "");
	ev.told = json_str(raw, "told");
	if (!ev.told && (ev.type != EV_MOVE || ev.unit < 0))
		return bad(why, "an event without its words");
	/* What the event itself tells of a unit the team knows. */
	if ((ev.type == EV_DISABLED || ev.type == EV_ESCAPED)) {
		int u = ev.type == EV_DISABLED ? ev.target : ev.unit;
		if (u >= 0)
			g->w->units[u].status = ev.type == EV_DISABLED
							? STATUS_DISABLED
							: STATUS_ESCAPED;
	}
	projection_index(g);
	projection_emit(g, &ev);
	return 0;
}

int wire_client_apply(struct wire_client *c, const char *line, char *why)
{
	char jwhy[80];
	struct json *o = json_parse(line, jwhy);
	if (!o || o->type != JSON_OBJ) {
		json_free(o);
		snprintf(why, GAME_WHY_LEN, "the host sent a line that is not "
					    "a JSON object (%s)",
			 o ? "not an object" : jwhy);
		return -1;
	}
	const char *type = json_str(o, "type");
	int r = 1;
	bool setup = c->g == NULL;
	if (!type) {
		r = bad(why, "a line of no type");
	} else if (strcmp(type, "setup") == 0) {
		r = setup ? apply_setup(c, o, why) : bad(why, "a second setup");
	} else if (strcmp(type, "about") == 0) {
		const char *text = json_str(o, "text");
		size_t had = c->sc.description ? strlen(c->sc.description) : 0;
		if (!setup || !text || had + strlen(text) > 65536) {
			r = bad(why, "a bad description");
		} else {
			c->sc.description = xrealloc(c->sc.description,
						     had + strlen(text) + 1);
			memcpy(c->sc.description + had, text, strlen(text) + 1);
			r = 0;
		}
	} else if (strcmp(type, "team") == 0 || strcmp(type, "unittype") == 0 ||
		   strcmp(type, "goalset") == 0 || strcmp(type, "start") == 0) {
		if (!setup || !c->sc.world.map.cells)
			r = bad(why, "setup out of order");
		else if (type[0] == 't')
			r = apply_team(c, o, why);
		else if (type[0] == 'u')
			r = apply_unittype(c, o, why);
		else if (type[0] == 'g')
			r = apply_goalset(c, o, why);
		else if (c->sc.world.nteams < 1 || c->team >= c->sc.world.nteams)
			r = bad(why, "a setup of no teams");
		else {
			c->g = projection_new(&c->sc, c->team);
			r = 0;
		}
	} else if (strcmp(type, "terrain") == 0 || strcmp(type, "cells") == 0 ||
		   strcmp(type, "view") == 0 || strcmp(type, "mem") == 0 ||
		   strcmp(type, "unit") == 0 || strcmp(type, "turn") == 0 ||
		   strcmp(type, "goal") == 0 || strcmp(type, "event") == 0) {
		if (setup && strcmp(type, "terrain") != 0)
			r = bad(why, "a record before its setup");
		else if (strcmp(type, "terrain") == 0)
			r = apply_terrain(c, o, why);
		else if (strcmp(type, "cells") == 0)
			r = apply_cells(c, o, why);
		else if (strcmp(type, "view") == 0)
			r = apply_row(c, o, true, why);
		else if (strcmp(type, "mem") == 0)
			r = apply_row(c, o, false, why);
		else if (strcmp(type, "unit") == 0)
			r = apply_unit(c, o, why);
		else if (strcmp(type, "turn") == 0)
			r = apply_turn(c, o, why);
		else if (strcmp(type, "goal") == 0) {
			int i = json_int(o, "i", -1);
			if (i < 0 || i >= c->g->sc.ngoals)
				r = bad(why, "a bad goal");
			else {
				c->g->sc.goals[i].progress = json_int(o, "progress", 0);
				r = 0;
			}
		} else
			r = apply_event(c, o, why);
	} else if (strcmp(type, "said") == 0) {
		const char *l = json_str(o, "line"), *w = json_str(o, "why");
		if (!l) {
			r = bad(why, "a bad order");
		} else {
			/* As the screen logs a refusal: its reason, under
			 * the order. */
			if (w)
				snprintf(c->said, sizeof c->said, "%.500s", w);
			else
				snprintf(c->said, sizeof c->said, "> %.400s", l);
			c->has_said = true;
			r = 0;
		}
	} else if (strcmp(type, "chat") == 0) {
		const char *from = json_str(o, "from"), *text = json_str(o, "text");
		snprintf(c->chat, sizeof c->chat, "%s: %s", from ? from : "?",
			 text ? text : "");
		c->has_chat = true;
		r = 0;
	}
	json_free(o);
	return r;
}
