/* colors.c: team colours, or bold / underline / reverse without colour
 * (NO_COLOR set, or a terminal without colours). The map stays ASCII. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ui/uipriv.h"

enum {
	PAIR_TEAM = 1, /* 1..MAX_TEAMS */
	PAIR_ARC = MAX_TEAMS + 1,
	PAIR_DEST,
	PAIR_ERROR,
	PAIR_HEIGHT, /* 3 of them, low to high */
	PAIR_TERRAIN = PAIR_HEIGHT + 3 /* + each colour a legend may give terrain */
};

static short colour_of(const char *name)
{
	static const struct {
		const char *name;
		short c;
	} names[] = {
		{"red", COLOR_RED},       {"blue", COLOR_BLUE},
		{"green", COLOR_GREEN},   {"yellow", COLOR_YELLOW},
		{"magenta", COLOR_MAGENTA}, {"cyan", COLOR_CYAN},
		{"white", COLOR_WHITE},
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcasecmp(name, names[i].name) == 0)
			return names[i].c;
	return COLOR_WHITE;
}

/* Each team has one of these looks; bold, underline and reverse together
 * are left for the selected unit, so that no selection looks like some
 * team's units (standout is reverse on most terminals, so a team's look
 * with standout added, or taken away, would be another team's). */
static void mono(struct palette *p)
{
	static const attr_t looks[] = {
		A_BOLD, A_UNDERLINE, A_REVERSE, A_BOLD | A_UNDERLINE,
		A_BOLD | A_REVERSE, A_UNDERLINE | A_REVERSE, A_BLINK, A_DIM,
	};
	for (int t = 0; t < MAX_TEAMS; t++)
		p->team[t] = looks[t];
	p->remembered = A_DIM;
	p->arc = A_BOLD;
	p->dest = A_REVERSE;
	p->selected = A_BOLD | A_UNDERLINE | A_REVERSE;
	p->error = A_BOLD;
	p->title = A_REVERSE;
}

/* The colours a scenario's legend may draw its terrain in; black is
 * drawn bright (grey), which shows on a dark background. Without colour
 * they stay A_NORMAL: the symbol alone tells the terrain. */
static void terrain_colours(struct palette *p, short bg)
{
	static const short fg[TCOLOUR_COUNT] = {
		[TCOLOUR_BLACK] = COLOR_BLACK,     [TCOLOUR_RED] = COLOR_RED,
		[TCOLOUR_GREEN] = COLOR_GREEN,     [TCOLOUR_YELLOW] = COLOR_YELLOW,
		[TCOLOUR_BLUE] = COLOR_BLUE,       [TCOLOUR_MAGENTA] = COLOR_MAGENTA,
		[TCOLOUR_CYAN] = COLOR_CYAN,       [TCOLOUR_WHITE] = COLOR_WHITE,
	};
	for (int k = 1; k < TCOLOUR_COUNT; k++) {
		short pair = (short)(PAIR_TERRAIN + k - 1);
		if (pair >= COLOR_PAIRS || init_pair(pair, fg[k], bg) != OK)
			continue;
		p->terrain[k] = COLOR_PAIR(pair) | (k == TCOLOUR_BLACK ? A_BOLD : 0);
	}
}

void palette_init(struct palette *p, const struct world *w)
{
	memset(p, 0, sizeof *p);
	const char *no = getenv("NO_COLOR");
	if ((no && *no) || !has_colors() || start_color() != OK) {
		mono(p);
		return;
	}
	p->colour = true;
	short bg = COLOR_BLACK;
	if (use_default_colors() == OK)
		bg = -1;
	for (int t = 0; t < w->nteams && t < MAX_TEAMS; t++) {
		init_pair((short)(PAIR_TEAM + t), colour_of(w->teams[t].colour), bg);
		p->team[t] = COLOR_PAIR(PAIR_TEAM + t) | A_BOLD;
	}
	init_pair(PAIR_ARC, COLOR_YELLOW, bg);
	init_pair(PAIR_DEST, COLOR_BLACK, COLOR_GREEN);
	init_pair(PAIR_ERROR, COLOR_RED, bg);
	p->remembered = A_DIM;
	p->arc = COLOR_PAIR(PAIR_ARC) | A_BOLD;
	p->dest = COLOR_PAIR(PAIR_DEST);
	p->selected = A_REVERSE;
	p->error = COLOR_PAIR(PAIR_ERROR) | A_BOLD;
	p->title = A_REVERSE;
	/* Heights shaded low to high; the digits say them anyway. */
	static const short shades[3] = {COLOR_CYAN, COLOR_YELLOW, COLOR_MAGENTA};
	for (int i = 0; i < 3; i++) {
		init_pair((short)(PAIR_HEIGHT + i), shades[i], bg);
		p->height[i] = COLOR_PAIR(PAIR_HEIGHT + i);
	}
	terrain_colours(p, bg);
}
