/* wire.c: a team's record on the host, written from the team's
 * knowledge (its reader, the player's side, is wire_client.c). */
#include "net/wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/orders.h"
#include "game/projection.h"
#include "game/report.h"
#include "net/json.h"
#include "net/proto.h"

/* What the record told of one unit. */
struct wire_unit {
	bool told;
	bool known;
	bool fields;    /* u's place and state were told */
	bool own;       /* and its own team's figures (move left...) */
	int seq;        /* the order in which units were first told */
	struct unit u;
	struct last_seen last;
	int ox, oy;     /* the standing order told (game/orders.h); -1: none */
};

/* --- the host's side ---------------------------------------------------- */

void wire_team_add(struct wire_team *t, const char *line)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->lines = xrealloc(t->lines, (size_t)t->cap * sizeof *t->lines);
	}
	t->lines[t->n++] = xstrdup(line);
	t->bytes += strlen(line) + 1;
}

static void add_buf(struct wire_team *t, struct strbuf *b)
{
	wire_team_add(t, b->s ? b->s : "");
	strbuf_free(b);
	strbuf_init(b);
}

static void key(struct strbuf *b, const char *k)
{
	strbuf_addf(b, ",\"%s\":", k);
}

static void kint(struct strbuf *b, const char *k, int v)
{
	strbuf_addf(b, ",\"%s\":%d", k, v);
}

static void kstr(struct strbuf *b, const char *k, const char *v)
{
	key(b, k);
	strbuf_add_json(b, v ? v : "");
}

static void kbool(struct strbuf *b, const char *k, bool v)
{
	strbuf_addf(b, ",\"%s\":%s", k, v ? "true" : "false");
}

static void setup_lines(struct wire_team *t, const struct game *g)
{
	const struct world *w = g->w;
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"setup\"");
	kstr(&b, "scenario", g->sc.name);
	kint(&b, "rounds", g->sc.rounds);
	kint(&b, "width", w->map.w);
	kint(&b, "height", w->map.h);
	kint(&b, "team", t->team);
	const struct chart *c = &w->roster.chart;
	strbuf_add(&b, ",\"chart\":{\"natural_20_hits\":");
	strbuf_add(&b, c->natural_20_hits ? "true" : "false");
	kint(&b, "vision_range", c->vision_range);
#define X(f, k, label, def) kint(&b, k, c->f);
	CHART_LIST(X)
#undef X
	strbuf_add(&b, "}}");
	add_buf(t, &b);
	/* The description in pieces, so that no line passes the limit: a
	 * byte is at most 6 once escaped (a tab is \u0009). */
	const char *d = g->sc.description ? g->sc.description : "";
	for (size_t len = strlen(d); len > 0;) {
		size_t n = len < 600 ? len : 600;
		while (n < len && ((unsigned char)d[n] & 0xc0) == 0x80)
			n--; /* not inside a character */
		char *piece = xmalloc(n + 1);
		memcpy(piece, d, n);
		piece[n] = '\0';
		strbuf_add(&b, "{\"type\":\"about\"");
		kstr(&b, "text", piece);
		strbuf_addc(&b, '}');
		add_buf(t, &b);
		free(piece);
		d += n;
		len -= n;
	}
	for (int i = 0; i < w->nteams; i++) {
		const struct team *tm = &w->teams[i];
		char letter[2] = {tm->letter, 0};
		strbuf_add(&b, "{\"type\":\"team\"");
		kstr(&b, "name", tm->name);
		kstr(&b, "letter", letter);
		kstr(&b, "colour", tm->colour);
		kstr(&b, "control", control_names[tm->control]);
		strbuf_addc(&b, '}');
		add_buf(t, &b);
	}
	for (int i = 0; i < w->roster.ntypes; i++) {
		const struct unit_type *ut = &w->roster.types[i];
		char sym[2] = {ut->symbol, 0};
		strbuf_add(&b, "{\"type\":\"unittype\"");
		kstr(&b, "id", ut->id);
		kstr(&b, "name", ut->name);
		kstr(&b, "symbol", sym);
		kstr(&b, "class", unit_class_names[ut->cls]);
		kint(&b, "move", ut->move);
		kint(&b, "dv", ut->dv);
		kint(&b, "hits", ut->hits);
		/* Its own cover, when it has any (the remote panel's and
		 * previews' numbers are the host's). */
		if (ut->cover != COVER_NONE)
			kstr(&b, "cover", cover_names[ut->cover]);
		strbuf_add(&b, ",\"weapons\":[");
		for (int k = 0; k < ut->nweapons; k++) {
			const struct weapon *wp = &ut->weapons[k];
			strbuf_add(&b, k ? ",{\"name\":" : "{\"name\":");
			strbuf_add_json(&b, wp->name);
			kstr(&b, "kind", weapon_kind_names[wp->kind]);
			kint(&b, "av", wp->av);
			kint(&b, "range", wp->range);
			kint(&b, "min", wp->min_range);
			kint(&b, "reload", wp->reload);
			kbool(&b, "structures", wp->structures);
			strbuf_addc(&b, '}');
		}
		strbuf_add(&b, "]}");
		add_buf(t, &b);
	}
	for (int i = 0; i < g->sc.ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		strbuf_add(&b, "{\"type\":\"goalset\"");
		kint(&b, "team", gl->team);
		kstr(&b, "kind", goal_kind_names[gl->kind]);
		kint(&b, "enemies", (int)gl->enemies);
		strbuf_addf(&b, ",\"area\":[%d,%d,%d,%d]", gl->x0, gl->y0, gl->x1,
			    gl->y1);
		kint(&b, "rounds", gl->rounds);
		kint(&b, "count", gl->count);
		kbool(&b, "has_cell", gl->has_cell);
		strbuf_addf(&b, ",\"cell\":[%d,%d]", gl->cx, gl->cy);
		kstr(&b, "unit", gl->unit);
		strbuf_addc(&b, '}');
		add_buf(t, &b);
	}
	strbuf_free(&b);
	wire_team_add(t, "{\"type\":\"start\"}");
}

void wire_team_init(struct wire_team *t, const struct game *g, int team)
{
	memset(t, 0, sizeof *t);
	const struct world *w = g->w;
	size_t cells = (size_t)w->map.w * (size_t)w->map.h;
	t->team = team;
	t->w = w->map.w;
	t->h = w->map.h;
	t->view = xcalloc(cells ? cells : 1, 1);
	t->mem = xcalloc(cells ? cells : 1, 1);
	t->cellk = xmalloc((cells ? cells : 1) * sizeof *t->cellk);
	for (size_t i = 0; i < cells; i++)
		t->cellk[i] = -1;
	t->nunits = w->nunits;
	t->units = xcalloc((size_t)(w->nunits ? w->nunits : 1), sizeof *t->units);
	t->progress = xcalloc((size_t)(g->sc.ngoals ? g->sc.ngoals : 1),
			      sizeof *t->progress);
	setup_lines(t, g);
	wire_team_sync(t, g);
}

void wire_team_free(struct wire_team *t)
{
	for (int i = 0; i < t->n; i++)
		free(t->lines[i]);
	free(t->lines);
	free(t->view);
	free(t->mem);
	free(t->cellk);
	free(t->palette);
	free(t->units);
	free(t->progress);
	free(t->round_at);
	memset(t, 0, sizeof *t);
}

/* A palette entry: cell c of map m as entry k. */
static void terrain_line(struct wire_team *t, const struct map *m, int k,
			 const struct cell *c)
{
	struct strbuf b;
	strbuf_init(&b);
	const struct terrain *x = &c->t;
	char sym[2] = {x->sym, 0};
	strbuf_add(&b, "{\"type\":\"terrain\"");
	kint(&b, "k", k);
	kstr(&b, "kind", terrain_names[x->kind]);
	kstr(&b, "sym", sym);
	kbool(&b, "passable", x->passable);
	kint(&b, "cost", x->cost);
	kbool(&b, "blocks_sight", x->blocks_sight);
	kint(&b, "height", x->height);
	kstr(&b, "cover", cover_names[x->cover]);
	kbool(&b, "mounted", x->mounted);
	kbool(&b, "machines", x->machines);
	kstr(&b, "state", door_state_names[x->state]);
	kint(&b, "locked_by", x->locked_by);
	kint(&b, "key", x->key);
	kint(&b, "dv", x->dv);
	kint(&b, "hits", x->hits);
	kbool(&b, "rubble", x->rubble);
	kbool(&b, "broken", x->broken);
	kint(&b, "hits_left", c->hits_left);
	/* The legend's name and colour, only where it gives them: the
	 * standard symbols cost no byte more. */
	if (x->label > 0 && x->label <= m->nlabels) {
		const struct terrain_label *l = &m->labels[x->label - 1];
		if (l->name[0])
			kstr(&b, "name", l->name);
		if (l->colour != TCOLOUR_NONE)
			kstr(&b, "colour", terrain_colour_names[l->colour]);
	}
	strbuf_addc(&b, '}');
	add_buf(t, &b);
	strbuf_free(&b);
}

static int palette_entry(struct wire_team *t, const struct map *m,
			 const struct cell *c)
{
	for (int i = 0; i < t->npal; i++)
		if (cell_same(&t->palette[i], c))
			return i;
	if (t->npal == t->palcap) {
		t->palcap = t->palcap ? 2 * t->palcap : 16;
		t->palette = xrealloc(t->palette,
				      (size_t)t->palcap * sizeof *t->palette);
	}
	t->palette[t->npal] = *c;
	terrain_line(t, m, t->npal, c);
	return t->npal++;
}

/* Cells the team sees whose content the record has not told: runs of a
 * row, each a line. */
static void sync_cells(struct wire_team *t, const struct game *g,
		       const unsigned char *view)
{
	const struct map *m = &g->w->map;
	struct strbuf b;
	strbuf_init(&b);
	for (int y = 0; y < t->h; y++) {
		int run = 0;
		for (int x = 0; x <= t->w; x++) {
			int c = y * t->w + x;
			bool tell = false;
			int k = -1;
			if (x < t->w && view[c]) {
				const struct cell *cell = map_cell_c(m, x, y);
				if (t->cellk[c] < 0 ||
				    !cell_same(&t->palette[t->cellk[c]], cell)) {
					k = palette_entry(t, m, cell);
					tell = true;
				}
			}
			if (tell && run < 256) {
				if (!run)
					strbuf_addf(&b,
						    "{\"type\":\"cells\",\"y\":%d,"
						    "\"x\":%d,\"k\":[%d",
						    y, x, k);
				else
					strbuf_addf(&b, ",%d", k);
				t->cellk[c] = k;
				run++;
				continue;
			}
			if (run) {
				strbuf_add(&b, "]}");
				add_buf(t, &b);
				run = 0;
			}
			if (tell) { /* a run full: this cell starts the next */
				x--;
				continue;
			}
		}
	}
	strbuf_free(&b);
}

/* Row y of a view (w cells): its bits, four to a hex digit. */
static void view_line(struct wire_team *out, int w, int y,
		      const unsigned char *row)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "{\"type\":\"view\",\"y\":%d,\"v\":\"", y);
	for (int x = 0; x < w; x += 4) {
		int v = 0;
		for (int i = 0; i < 4; i++)
			v = v << 1 | (x + i < w && row[x + i]);
		strbuf_addc(&b, "0123456789abcdef"[v]);
	}
	strbuf_add(&b, "\"}");
	add_buf(out, &b);
	strbuf_free(&b);
}

/* Row y of a memory (w cells): the symbols, a space for none. */
static void mem_line(struct wire_team *out, int w, int y,
		     const unsigned char *row)
{
	char *s = xmalloc((size_t)w + 1);
	for (int x = 0; x < w; x++)
		s[x] = row[x] ? (char)row[x] : ' ';
	s[w] = '\0';
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "{\"type\":\"mem\",\"y\":%d,\"s\":", y);
	strbuf_add_json(&b, s);
	strbuf_addc(&b, '}');
	add_buf(out, &b);
	strbuf_free(&b);
	free(s);
}

static void sync_rows(struct wire_team *t, const unsigned char *view,
		      const unsigned char *mem)
{
	for (int y = 0; y < t->h; y++) {
		size_t o = (size_t)y * (size_t)t->w;
		if (memcmp(t->view + o, view + o, (size_t)t->w) != 0) {
			memcpy(t->view + o, view + o, (size_t)t->w);
			view_line(t, t->w, y, view + o);
		}
		if (memcmp(t->mem + o, mem + o, (size_t)t->w) != 0) {
			memcpy(t->mem + o, mem + o, (size_t)t->w);
			mem_line(t, t->w, y, mem + o);
		}
	}
}

static bool unit_same(const struct unit *a, const struct unit *b, bool own)
{
	bool same = a->x == b->x && a->y == b->y && a->facing == b->facing &&
		    a->status == b->status && a->hits == b->hits &&
		    a->climb_dir == b->climb_dir && a->climb_paid == b->climb_paid;
	if (own)
		same = same && a->move_left == b->move_left && a->shot == b->shot &&
		       a->fought == b->fought && a->reload_wait == b->reload_wait;
	return same;
}

/* Unit i as the record last told it (r): out gets the line,
 * with its place and state when fields, its own team's figures when
 * own, and its standing order when order. */
static void unit_line(struct wire_team *out, const struct game *g, int i,
		      const struct wire_unit *r, bool fields, bool own,
		      bool order)
{
	const struct unit *id = &g->w->units[i], *u = &r->u;
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"unit\"");
	kstr(&b, "id", id->id);
	kint(&b, "ut", id->type);
	kint(&b, "team", id->team);
	kbool(&b, "known", r->known);
	strbuf_addf(&b, ",\"last\":[%d,%d,%d]", r->last.x, r->last.y,
		    r->last.round);
	if (r->last.gone)
		strbuf_add(&b, ",\"gone\":true");
	if (fields) {
		kint(&b, "x", u->x);
		kint(&b, "y", u->y);
		kstr(&b, "facing", dir_names[u->facing]);
		kstr(&b, "status", unit_status_names[u->status]);
		kint(&b, "hits", u->hits);
		strbuf_addf(&b, ",\"climb\":[%d,%d]", (int)u->climb_dir,
			    u->climb_paid);
	}
	if (own) {
		kint(&b, "move", u->move_left);
		kbool(&b, "shot", u->shot);
		kbool(&b, "fought", u->fought);
		kint(&b, "reload", u->reload_wait);
	}
	if (order)
		strbuf_addf(&b, ",\"order\":[%d,%d]", r->ox, r->oy);
	strbuf_addc(&b, '}');
	add_buf(out, &b);
	strbuf_free(&b);
}

static void sync_units(struct wire_team *t, const struct game *g,
		       const struct knowledge *k, bool all)
{
	const struct world *w = g->w;
	for (int i = 0; i < w->nunits && i < t->nunits; i++) {
		const struct unit *u = &w->units[i];
		struct wire_unit *r = &t->units[i];
		bool own = u->team == t->team || all;
		bool known = own ? unit_alive(u) : knowledge_knows(k, i);
		struct last_seen last = own ? (struct last_seen){-1, -1, -1,
								 false}
					    : k->last[i];
		if (!r->told && !known && !own && last.round < 0)
			continue; /* never seen: never named */
		bool fields = own || known;
		/* A standing order is its own team's alone; told when it
		 * changes, [-1,-1] when it ends. */
		const struct standing_order *o = own ? game_order(g, i) : NULL;
		int ox = o ? o->x : -1, oy = o ? o->y : -1;
		bool order_news = r->told ? ox != r->ox || oy != r->oy : ox >= 0;
		if (r->told && r->known == known &&
		    last_seen_same(&r->last, &last) &&
		    (!fields || unit_same(&r->u, u, own)) && !order_news)
			continue;
		if (!r->told)
			r->seq = t->useq++;
		r->known = known;
		r->last = last;
		if (fields) {
			r->u = *u;
			r->fields = true;
		}
		r->own = r->own || own;
		r->ox = ox;
		r->oy = oy;
		unit_line(t, g, i, r, fields, own, order_news);
		r->told = true;
	}
}

void wire_team_sync(struct wire_team *t, const struct game *g)
{
	const struct world *w = g->w;
	const struct knowledge *k = game_knowledge(g, t->team);
	bool all = g->over;
	size_t cells = (size_t)t->w * (size_t)t->h;
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"turn\"");
	kint(&b, "round", g->round);
	kint(&b, "active", g->active);
	kint(&b, "step", (int)g->step);
	kbool(&b, "machines_done", g->machines_done);
	kbool(&b, "over", g->over);
	kint(&b, "winner", g->winner);
	kstr(&b, "result", g->result);
	strbuf_addc(&b, '}');
	bool turn_changed = strcmp(b.s, t->turn) != 0;
	if (turn_changed)
		snprintf(t->turn, sizeof t->turn, "%s", b.s);
	/* Where each round begins in the record: a join is sent the
	 * events from the round before the present one. */
	if (g->round >= 0 && g->round < 100000 && g->round >= t->nround_at) {
		int n = g->round + 1;
		t->round_at = xrealloc(t->round_at, (size_t)n * sizeof *t->round_at);
		for (int r = t->nround_at; r < n; r++)
			t->round_at[r] = t->n;
		t->nround_at = n;
	}
	strbuf_free(&b);
	const unsigned char *view = k->view, *mem = k->memory;
	unsigned char *allview = NULL, *allmem = NULL;
	if (all) {
		/* Over: nothing is hidden any longer. */
		allview = xmalloc(cells ? cells : 1);
		allmem = xmalloc(cells ? cells : 1);
		memset(allview, 1, cells);
		for (size_t c = 0; c < cells; c++)
			allmem[c] = (unsigned char)cell_symbol(&w->map.cells[c]);
		view = allview;
		mem = allmem;
	}
	sync_cells(t, g, view);
	sync_rows(t, view, mem);
	sync_units(t, g, k, all);
	strbuf_init(&b);
	for (int i = 0; i < g->sc.ngoals; i++) {
		const struct goal *gl = &g->sc.goals[i];
		if ((gl->team != t->team && !all) || gl->progress == t->progress[i])
			continue;
		t->progress[i] = gl->progress;
		strbuf_addf(&b, "{\"type\":\"goal\",\"i\":%d,\"progress\":%d}", i,
			    gl->progress);
		add_buf(t, &b);
	}
	strbuf_free(&b);
	free(allview);
	free(allmem);
	/* Whose turn comes after what it changed, so that a player's
	 * screen never shows its turn with the old picture. */
	if (turn_changed)
		wire_team_add(t, t->turn);
}

static void unit_ref(struct strbuf *b, const char *k, const struct game *g,
		     int u, bool may)
{
	key(b, k);
	if (may && u >= 0 && u < g->w->nunits)
		strbuf_add_json(b, g->w->units[u].id);
	else
		strbuf_add(b, "null");
}

static bool owns(const struct wire_team *t, const struct game *g, int u)
{
	return u >= 0 && u < g->w->nunits && g->w->units[u].team == t->team;
}

void wire_team_event(struct wire_team *t, const struct game *g,
		     const struct event *ev)
{
	wire_team_sync(t, g);
	unsigned s = ev->sight[t->team];
	if (!(s & EVS_SEEN))
		return;
	bool full = s & EVS_FULL;
	struct strbuf b, j, told;
	strbuf_init(&b);
	strbuf_init(&j);
	strbuf_init(&told);
	report_event_json(g, ev, t->team, &j);
	report_event_text(g, ev, t->team, &told);
	strbuf_add(&b, "{\"type\":\"event\",\"event\":");
	strbuf_add(&b, j.s ? j.s : "{}");
	strbuf_add(&b, ",\"raw\":{");
	strbuf_addf(&b, "\"ev\":\"%s\"", event_names[ev->type]);
	kint(&b, "sight", (int)s);
	kint(&b, "round", ev->round);
	kint(&b, "team", ev->team);
	kint(&b, "step", ev->step);
	/* Reading an event in full is not knowing every unit it concerns
	 * (a door battered by an unseen ram, odds named for the target
	 * only): a unit is named where the team may name it, or is its. */
	unit_ref(&b, "u", g, ev->unit, (s & EVS_UNIT) || owns(t, g, ev->unit));
	unit_ref(&b, "t", g, ev->target,
		 (s & EVS_TARGET) || owns(t, g, ev->target));
	bool from = full || (s & EVS_FROM), to = full || (s & EVS_TO);
	strbuf_addf(&b, ",\"from\":[%d,%d],\"to\":[%d,%d]", from ? ev->x0 : -1,
		    from ? ev->y0 : -1, to ? ev->x1 : -1, to ? ev->y1 : -1);
	if (full) {
		kint(&b, "v", ev->value);
		kint(&b, "v2", ev->value2);
		kint(&b, "kind", ev->kind);
		kbool(&b, "ok", ev->success);
		kbool(&b, "free", ev->free_attack);
		kint(&b, "winner", ev->winner);
		kstr(&b, "text", ev->text);
	}
	/* A move read in full is worded by the player's screen (it joins
	 * the steps of one move); everything else as the host words it. */
	if (!(full && ev->type == EV_MOVE))
		kstr(&b, "told", told.s ? told.s : "");
	strbuf_add(&b, "}}");
	add_buf(t, &b);
	/* The player's side marks the unit so from the event itself
	 * (wire_client.c): the record's picture of it follows. */
	int named = ev->type == EV_DISABLED ? ev->target
		    : ev->type == EV_ESCAPED ? ev->unit : -1;
	bool may = ev->type == EV_DISABLED
			   ? (s & EVS_TARGET) || owns(t, g, named)
			   : (s & EVS_UNIT) || owns(t, g, named);
	if (named >= 0 && named < t->nunits && may && t->units[named].told)
		t->units[named].u.status = ev->type == EV_DISABLED
						   ? STATUS_DISABLED
						   : STATUS_ESCAPED;
	strbuf_free(&b);
	strbuf_free(&j);
	strbuf_free(&told);
}

/* --- a join's record ------------------------------------------------------ */

static bool recent_kind(const char *line)
{
	return strncmp(line, "{\"type\":\"event\"", 15) == 0 ||
	       strncmp(line, "{\"type\":\"chat\"", 14) == 0;
}

/* The cells the record told, in runs of a row as sync_cells tells them. */
static void snapshot_cells(const struct wire_team *t, struct wire_team *out)
{
	struct strbuf b;
	strbuf_init(&b);
	for (int y = 0; y < t->h; y++) {
		int run = 0;
		for (int x = 0; x <= t->w; x++) {
			int k = x < t->w ? t->cellk[y * t->w + x] : -1;
			if (k >= 0 && run < 256) {
				if (!run)
					strbuf_addf(&b,
						    "{\"type\":\"cells\",\"y\":%d,"
						    "\"x\":%d,\"k\":[%d",
						    y, x, k);
				else
					strbuf_addf(&b, ",%d", k);
				run++;
				continue;
			}
			if (run) {
				strbuf_add(&b, "]}");
				add_buf(out, &b);
				run = 0;
			}
			if (k >= 0)
				x--; /* a run full: this cell starts the next */
		}
	}
	strbuf_free(&b);
}

static void snapshot_rows(const struct wire_team *t, struct wire_team *out)
{
	for (int y = 0; y < t->h; y++) {
		const unsigned char *v = t->view + (size_t)y * (size_t)t->w;
		const unsigned char *m = t->mem + (size_t)y * (size_t)t->w;
		bool any_v = false, any_m = false;
		for (int x = 0; x < t->w; x++) {
			any_v = any_v || v[x];
			any_m = any_m || m[x];
		}
		if (any_v)
			view_line(out, t->w, y, v);
		if (any_m)
			mem_line(out, t->w, y, m);
	}
}

void wire_said_add(struct wire_said *s, const struct wire_team *t,
		   const char *line)
{
	if (s->n == WIRE_RECENT_LINES) {
		free(s->lines[0]);
		memmove(s->lines, s->lines + 1, (size_t)(s->n - 1) * sizeof *s->lines);
		memmove(s->at, s->at + 1, (size_t)(s->n - 1) * sizeof *s->at);
		s->n--;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 32;
		s->lines = xrealloc(s->lines, (size_t)s->cap * sizeof *s->lines);
		s->at = xrealloc(s->at, (size_t)s->cap * sizeof *s->at);
	}
	s->lines[s->n] = xstrdup(line);
	s->at[s->n++] = t->n;
}

void wire_said_free(struct wire_said *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->lines[i]);
	free(s->lines);
	free(s->at);
	memset(s, 0, sizeof *s);
}

void wire_team_snapshot(const struct wire_team *t, const struct game *g,
			const struct wire_said *own, struct wire_team *out)
{
	memset(out, 0, sizeof *out);
	out->team = t->team;
	setup_lines(out, g);
	for (int k = 0; k < t->npal; k++)
		terrain_line(out, &g->w->map, k, &t->palette[k]);
	snapshot_cells(t, out);
	snapshot_rows(t, out);
	/* Units in the order they were first told, so that the player's
	 * side numbers them as the whole record would have. */
	int n = t->useq;
	int *order = xmalloc((size_t)(n ? n : 1) * sizeof *order);
	for (int i = 0; i < t->nunits; i++)
		if (t->units[i].told)
			order[t->units[i].seq] = i; /* seq: 0 to useq - 1, once each */
	for (int i = 0; i < n; i++) {
		const struct wire_unit *r = &t->units[order[i]];
		unit_line(out, g, order[i], r, r->fields, r->own, r->ox >= 0);
	}
	free(order);
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < g->sc.ngoals; i++)
		if (t->progress[i] != 0) {
			strbuf_addf(&b, "{\"type\":\"goal\",\"i\":%d,\"progress\":%d}",
				    i, t->progress[i]);
			add_buf(out, &b);
		}
	strbuf_free(&b);
	if (t->turn[0])
		wire_team_add(out, t->turn);
	/* Then what the team read lately: the newest events, chat and its
	 * player's orders since the round before this one began, as the
	 * record told them. */
	int round = g->round - 1 < 1 ? 1 : g->round - 1;
	int from = round < t->nround_at ? t->round_at[round] : 0;
	int first = t->n, lines = 0;
	size_t bytes = 0;
	for (int i = t->n - 1; i >= from; i--) {
		if (!recent_kind(t->lines[i]))
			continue;
		size_t len = strlen(t->lines[i]) + 1;
		if (lines == WIRE_RECENT_LINES || bytes + len > WIRE_RECENT_BYTES)
			break;
		lines++;
		bytes += len;
		first = i;
	}
	int k = 0;
	while (own && k < own->n && own->at[k] < first)
		k++;
	for (int i = first; i <= t->n; i++) {
		for (; own && k < own->n && own->at[k] <= i; k++)
			wire_team_add(out, own->lines[k]);
		if (i < t->n && recent_kind(t->lines[i]))
			wire_team_add(out, t->lines[i]);
	}
}
