/* knowledge.h: what one team knows of the battle. The game keeps one
 * record per team, updated once after each change of state for the teams
 * that change can affect; everything that draws or decides for a team
 * (the screen, the computer player, `view`, a network client) reads that
 * record, never the full game. */
#ifndef MEDSIEGE_KNOWLEDGE_H
#define MEDSIEGE_KNOWLEDGE_H

#include <stdbool.h>

struct last_seen {
	int x, y, round;        /* round < 0: never seen */
	/* The team saw it disabled or gone from the field: its mark is
	 * no longer drawn. Only the screen and the tools read this; the
	 * computer player still plans from x, y and round alone. */
	bool gone;
};

struct knowledge {
	int team;
	int w, h, nunits;
	/* w*h: 1 where the team sees the cell now (SPEC 2.2, with every
	 * enemy it is in melee with) */
	unsigned char *view;
	/* w*h: 0 for a cell never seen, else its symbol as last seen (a
	 * door's state, a breach) */
	unsigned char *memory;
	/* nunits: 1 for a unit the team knows is on the field now: its own
	 * living units and the enemies it sees */
	unsigned char *units;
	/* nunits: where and in which round the team last saw each enemy */
	struct last_seen *last;
};

/* Whether two sightings are the same. */
static inline bool last_seen_same(const struct last_seen *a,
				  const struct last_seen *b)
{
	return a->x == b->x && a->y == b->y && a->round == b->round &&
	       a->gone == b->gone;
}

/* Whether the team sees cell x,y now (false off the map). */
static inline bool knowledge_sees(const struct knowledge *k, int x, int y)
{
	return x >= 0 && y >= 0 && x < k->w && y < k->h && k->view[y * k->w + x];
}

/* Whether the team knows unit i stands where it is now. */
static inline bool knowledge_knows(const struct knowledge *k, int i)
{
	return i >= 0 && i < k->nunits && k->units[i];
}

/* The symbol the team remembers at x,y, or 0 for a cell never seen. */
static inline char knowledge_remembers(const struct knowledge *k, int x, int y)
{
	return x >= 0 && y >= 0 && x < k->w && y < k->h
		       ? (char)k->memory[y * k->w + x]
		       : 0;
}

#endif
