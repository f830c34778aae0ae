/* legend.c: the kinds of terrain a team knows of, from what it saw. */
#include "game/legend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* The standard symbols first, in the order help has always shown them. */
static const char standard_order[] = ".,#_=%T~+'H^";

static int sym_rank(char c)
{
	const char *p = strchr(standard_order, c);
	return p && c ? (int)(p - standard_order) : 64 + (unsigned char)c;
}

static int line_cmp(const void *a, const void *b)
{
	const struct legend_line *x = a, *y = b;
	int d = sym_rank(x->sym) - sym_rank(y->sym);
	if (d)
		return d;
	d = strcmp(x->words, y->words);
	return d ? d : strcmp(x->traits, y->traits);
}

/* The cell as a line. A door's state is left out: the symbol drawn says
 * open or shut, and a door remembered shut may since be locked. */
static void describe(const struct map *m, const struct cell *c,
		     struct legend_line *l)
{
	memset(l, 0, sizeof *l);
	l->sym = cell_symbol(c);
	const char *kind = cell_describe(c);
	if (c->t.kind == TERRAIN_DOOR && !c->t.broken)
		kind = "door";
	const char *name = map_cell_name(m, c);
	if (name) {
		snprintf(l->name, sizeof l->name, "%s", name);
		snprintf(l->words, sizeof l->words, "%s (%s)", name, kind);
	} else {
		snprintf(l->words, sizeof l->words, "%s", kind);
	}
	l->colour = map_cell_colour(m, c);
	map_cell_traits(c, l->traits, sizeof l->traits);
}

struct legend_line *legend_lines(const struct game *g, int team,
				 bool labelled, int *n)
{
	struct world known;
	if (team >= 0)
		game_known_world(g, team, &known, NULL);
	else
		world_copy(&known, g->w);
	const struct knowledge *k = team >= 0 ? game_knowledge(g, team) : NULL;
	const struct map *m = &known.map;
	struct legend_line *lines = NULL;
	int count = 0, cap = 0;
	for (int i = 0; i < m->w * m->h; i++) {
		const struct cell *c = &m->cells[i];
		if (k && !k->view[i] && !k->memory[i])
			continue;
		if (labelled && !map_cell_label(m, c))
			continue;
		struct legend_line l;
		describe(m, c, &l);
		bool have = false;
		for (int j = 0; j < count && !have; j++)
			have = lines[j].sym == l.sym && lines[j].colour == l.colour &&
			       !strcmp(lines[j].words, l.words) &&
			       !strcmp(lines[j].traits, l.traits);
		if (have)
			continue;
		if (count == cap) {
			cap = cap ? 2 * cap : 16;
			lines = xrealloc(lines, (size_t)cap * sizeof *lines);
		}
		lines[count++] = l;
	}
	world_free(&known);
	if (count)
		qsort(lines, (size_t)count, sizeof *lines, line_cmp);
	*n = count;
	return lines;
}
