/* legend.h: the kinds of terrain a team knows of, as help (the ? key)
 * and `medsiege view` list them: what each symbol it has seen means on
 * this map, the scenario's own names and colours included. Made from the
 * team's knowledge (cells it sees or saw, as it saw them), so a symbol
 * used only where it never looked is never told. */
#ifndef MEDSIEGE_LEGEND_H
#define MEDSIEGE_LEGEND_H

#include <stdbool.h>

#include "game/game.h"

struct legend_line {
	char sym;                         /* as the map draws it */
	char words[2 * TERRAIN_NAME_LEN]; /* "Postern gate (door)", "woods" */
	char traits[128];                 /* "height 6, half cover" */
	char name[TERRAIN_NAME_LEN];      /* the legend's name, or "" */
	enum terrain_colour colour;
};

/* The kinds team knows (every team's when team < 0), each once, in the
 * order of the standard symbols, then the others' by character; only
 * those the legend names or colours when labelled. Sets *n; the caller
 * frees the array. */
struct legend_line *legend_lines(const struct game *g, int team,
				 bool labelled, int *n);

#endif
