/* scenario_legend.h: a scenario's legend (SPEC 3, 8): what each symbol of
 * its grid means, with the name and colour an entry may give its
 * terrain. Read for scenario_load.c. */
#ifndef MEDSIEGE_SCENARIO_LEGEND_H
#define MEDSIEGE_SCENARIO_LEGEND_H

#include <stdbool.h>

#include "data/yamltree.h"
#include "world/map.h"

/* One entry per ASCII symbol. */
#define LEGEND_SYMBOLS 128

struct legend_entry {
	bool defined;
	struct terrain t;
	const struct ynode *locked_by; /* a team name, resolved after teams */
	const char *name;              /* its name (the tree's), or NULL */
	enum terrain_colour colour;
};

/* Read the scenario's legend key (if any) into legend, LEGEND_SYMBOLS
 * zeroed entries; -1 with the error in c. The names point into root's
 * tree. */
int legend_load(struct yctx *c, const struct ynode *root,
		struct legend_entry *legend);
/* Put each entry's name and colour into the map's labels (m just made
 * by map_init), and the label into the entry's terrain. */
void legend_label(struct legend_entry *legend, struct map *m);
/* What symbol ch means: the legend's entry, else the standard table;
 * false for a symbol neither knows. */
bool legend_terrain(const struct legend_entry *legend, char ch,
		    struct terrain *t);

#endif
