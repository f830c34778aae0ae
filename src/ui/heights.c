/* heights.c: heights on the screen. With the overlay on (the ^ key)
 * every cell a unit can stand on shows its height, a digit or, from 10
 * inches, a letter, instead of its symbol; walls, doors, ladders and
 * stairs keep theirs, and colour (where there is colour) shades the
 * heights. Characters carry it all, so it reads at any TERM and under
 * NO_COLOR, where bold, underline and reverse mean teams. For a raised
 * cell under the cursor the panel says where the ways down and up are
 * (rules/heights.c). Both come from the field as the viewer knows it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "rules/heights.h"
#include "rules/move.h"
#include "ui/uipriv.h"

/* The field as the viewer knows it, kept until the game changes. */
struct heights {
	bool built;
	unsigned refreshed;     /* ui->refreshed when it was read */
	int team;
	bool copied;            /* known is a copy (a team's view) */
	struct world known;
	unsigned char *unknown; /* w*h, 1 where never seen */
};

void heights_free(struct heights *h)
{
	if (!h)
		return;
	if (h->copied)
		world_free(&h->known);
	free(h->unknown);
	free(h);
}

/* The field as viewer knows it, and its never-seen cells (NULL for the
 * all-seeing viewer of a replay, who sees the field as it is). */
static const struct world *known(struct ui *ui, int viewer,
				 const unsigned char **unknown)
{
	const struct game *g = ui->g;
	*unknown = NULL;
	if (!viewer_knowledge(ui, viewer))
		return g->w;
	struct heights *h = ui->heights;
	if (!h)
		h = ui->heights = xcalloc(1, sizeof *h);
	if (!h->built || h->refreshed != ui->refreshed || h->team != viewer) {
		size_t cells = (size_t)g->w->map.w * (size_t)g->w->map.h;
		if (h->copied)
			world_free(&h->known);
		if (!h->unknown)
			h->unknown = xcalloc(cells ? cells : 1, 1);
		game_known_world(g, viewer, &h->known, h->unknown);
		h->copied = true;
		h->built = true;
		h->refreshed = ui->refreshed;
		h->team = viewer;
	}
	*unknown = h->unknown;
	return &h->known;
}

void heights_toggle(struct ui *ui)
{
	ui->show_heights = !ui->show_heights;
	ui->dirty = true;
	screen_status(ui, false, "%s",
		      ui->show_heights
			      ? "heights shown: each cell's height in inches "
				"(the legend is below); ^ hides them"
			      : "heights hidden");
}

/* A height as one character: 0-9, then a-z for 10 to 35 inches. */
static char height_char(int height)
{
	if (height < 0)
		return '-';
	if (height < 10)
		return (char)('0' + height);
	return height < 36 ? (char)('a' + height - 10) : '*';
}

chtype heights_cell(struct ui *ui, int viewer, int x, int y)
{
	const unsigned char *unknown;
	const struct world *w = known(ui, viewer, &unknown);
	const struct cell *c = map_cell_c(&w->map, x, y);
	if (!cell_passable(c) || c->t.kind == TERRAIN_DOOR ||
	    c->t.kind == TERRAIN_LADDER || c->t.kind == TERRAIN_STAIRS)
		return 0;
	int hgt = c->t.height;
	attr_t a = A_NORMAL;
	if (hgt > 0)
		a = ui->pal.height[hgt < 4 ? 0 : hgt < 8 ? 1 : 2];
	return (chtype)(unsigned char)height_char(hgt) | a;
}

const char *heights_legend(void)
{
	return "heights in inches: 0-9, then a-z for 10-35; H ladder, ^ stairs"
	       "  ^:hide ?:help";
}

/* "ladder 10,9 (12 in)" for way v. */
static void way_words(const struct height_way *v, struct strbuf *b)
{
	char in[16];
	strbuf_addf(b, "%s %d,%d (%s in)",
		    v->kind == TERRAIN_LADDER ? "ladder" : "stairs", v->x, v->y,
		    move_inches(v->cost, in));
}

/* The viewer's unit whose steps the ways are reckoned for: the selected
 * one, else its first foot unit, else its first unit; -1 for none. */
static int climber(const struct ui *ui, int viewer)
{
	const struct world *w = ui->g->w;
	if (ui->sel >= 0 && unit_alive(&w->units[ui->sel]) &&
	    (viewer == UI_VIEW_ALL || w->units[ui->sel].team == viewer))
		return ui->sel;
	int any = -1;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (!unit_alive(u) || (viewer != UI_VIEW_ALL && u->team != viewer))
			continue;
		if (world_type(w, u)->cls == CLASS_FOOT)
			return i;
		if (any < 0)
			any = i;
	}
	return any;
}

#define WAYS_SHOWN 3

bool heights_ways_text(struct ui *ui, int viewer, int x, int y,
		       struct strbuf *b)
{
	/* Ground is the common case: no need to read what the viewer
	 * knows. (A cell's height changes only when a wall falls, to 0.) */
	if (map_cell_c(&ui->g->w->map, x, y)->t.height <= 0)
		return false;
	const unsigned char *unknown;
	const struct world *w = known(ui, viewer, &unknown);
	int unit = climber(ui, viewer);
	const struct cell *c = map_cell_c(&w->map, x, y);
	if (unit < 0 || c->t.height <= 0 ||
	    (!cell_passable(c) && !cell_is_door(c)))
		return false;
	enum { MAX = 64 };
	struct height_way v[MAX];
	int n = heights_ways(w, unknown, unit, x, y, v, MAX);
	if (n > MAX)
		n = MAX;
	const struct unit *u = &w->units[unit];
	const struct unit_type *t = world_type(w, u);
	char who[48] = "";
	if (t->cls != CLASS_FOOT)
		snprintf(who, sizeof who, " for %s (%s)", u->id,
			 unit_class_names[t->cls]);
	for (int pass = 0; pass < 2; pass++) {
		bool down = pass == 0;
		int k = 0;
		for (int i = 0; i < n; i++)
			k += v[i].down == down;
		if (!down && k == 0)
			break;
		strbuf_addf(b, "%s ways %s%s:", pass ? "\n" : "",
			    down ? "down" : "up", who);
		if (k == 0)
			strbuf_add(b, " none known");
		for (int i = 0, shown = 0; i < n && shown < WAYS_SHOWN; i++) {
			if (v[i].down != down)
				continue;
			strbuf_add(b, shown++ ? ", " : " ");
			way_words(&v[i], b);
		}
		if (k > WAYS_SHOWN)
			strbuf_addf(b, ", %d more", k - WAYS_SHOWN);
	}
	return true;
}
