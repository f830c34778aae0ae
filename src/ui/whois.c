/* whois.c: who is who, for the help (?) and the briefing (i): the map
 * letter of each unit type of the roster (public: every side may read
 * the roster), each side's id letter, and the units the viewer may name:
 * all of its own, and the enemies it sees now or saw before (with where).
 * An enemy the viewer never saw is never listed, named or counted. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"

#define LEGEND_WIDTH 76 /* a row's text, within 80 columns with margins */

/* items (owned, freed here) laid out in columns as wide as the widest,
 * as many to a row as fit, each row indented. */
static void columns(struct page_lines *l, char **items, int n, int indent)
{
	int wide = 0;
	for (int i = 0; i < n; i++)
		if ((int)strlen(items[i]) > wide)
			wide = (int)strlen(items[i]);
	int per = (LEGEND_WIDTH - indent) / (wide + 3);
	if (per < 1)
		per = 1;
	for (int i = 0; i < n; i += per) {
		struct strbuf row;
		strbuf_init(&row);
		strbuf_addf(&row, "%*s", indent, "");
		for (int k = i; k < i + per && k < n; k++)
			strbuf_addf(&row, "%-*s", k + 1 < i + per && k + 1 < n
							  ? wide + 3
							  : 0,
				    items[k]);
		page_lines_add(l, row.s);
	}
	for (int i = 0; i < n; i++)
		free(items[i]);
}

/* The roster's types, by the letter the map draws them with. */
static void type_letters(struct page_lines *l, const struct world *w)
{
	const struct roster *r = &w->roster;
	char **items = xcalloc((size_t)(r->ntypes ? r->ntypes : 1), sizeof *items);
	for (int i = 0; i < r->ntypes; i++)
		items[i] = xasprintf("%c %s", r->types[i].symbol, r->types[i].name);
	columns(l, items, r->ntypes, 4);
	free(items);
}

/* One side's units as viewer may name them: its own, all; another's,
 * those it sees ("in view") or saw ("seen at x,y, round n"). */
static void side_units(struct page_lines *l, const struct ui *ui, int viewer,
		       int team)
{
	const struct world *w = ui->g->w;
	const struct knowledge *k = viewer_knowledge(ui, viewer);
	char **items = xcalloc((size_t)(w->nunits ? w->nunits : 1), sizeof *items);
	int n = 0;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		const struct unit_type *t = world_type(w, u);
		if (u->team != team)
			continue;
		if (team == viewer)
			items[n++] = xasprintf("%s %c %s%s", u->id, t->symbol, t->name,
					       unit_alive(u) ? "" : " (disabled)");
		else if (viewer_knows_unit(ui, viewer, i))
			items[n++] = xasprintf("%s %c %s (in view)", u->id, t->symbol,
					       t->name);
		else if (k && k->last[i].gone)
			items[n++] = xasprintf("%s %c %s (seen out of the fight)",
					       u->id, t->symbol, t->name);
		else if (k && k->last[i].round >= 0)
			items[n++] = xasprintf("%s %c %s (seen at %d,%d, round %d)",
					       u->id, t->symbol, t->name,
					       k->last[i].x, k->last[i].y,
					       k->last[i].round);
	}
	const struct team *s = &w->teams[team];
	if (team == viewer)
		page_lines_add(l, xasprintf("  %s (ids %c1, %c2...), your side:", s->name,
				      s->letter, s->letter));
	else
		page_lines_add(l, xasprintf("  %s (ids %c1, %c2...): %s", s->name,
				      s->letter, s->letter,
				      n ? "the units your side has seen"
					: "none of its units seen yet"));
	columns(l, items, n, 4);
	free(items);
}

int whois_lines(const struct ui *ui, int viewer, char ***out)
{
	const struct world *w = ui->g->w;
	struct page_lines l = {0};
	page_lines_add(&l, xstrdup("WHO IS WHO (from what your side knows)"));
	page_lines_add(&l, xstrdup("  Letters on the map are unit types, the same for "
			     "every side (the colour"));
	page_lines_add(&l, xstrdup("  tells the side):"));
	type_letters(&l, w);
	page_lines_add(&l, xstrdup("  A unit's id (for the : prompt) is its side's "
			     "letter and a number, or a"));
	page_lines_add(&l, xstrdup("  name the scenario gives it; I shows the ids on "
			     "the map."));
	if (viewer >= 0 && viewer < w->nteams) {
		side_units(&l, ui, viewer, viewer);
		for (int t = 0; t < w->nteams; t++)
			if (t != viewer)
				side_units(&l, ui, viewer, t);
	}
	*out = l.v;
	return l.n;
}

void whois_free(char **lines, int n)
{
	for (int i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
