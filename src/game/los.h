/* los.h: a line of sight explained, between two units or cells: every
 * cell it passes through, every corner it crosses with the cells beside
 * it, what blocks it and why, the distance, the arc, the cover that
 * counts and the verdicts (line, sight, shot). Everything is asked of the
 * functions the game itself uses (vision_line_explain, vision_unit_sees,
 * shot_check, combat_cover_at), on the field as it is or as one team
 * knows it. For `medsiege los`, `:los` and `v`. */
#ifndef MEDSIEGE_LOS_H
#define MEDSIEGE_LOS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"
#include "game/game.h"
#include "world/vision.h"

/* One end of a line: a unit where it stands, or a cell. */
struct los_end {
	int unit;                /* unit index, or -1 for a cell */
	int x, y;
};

struct los_report {
	int team;                /* whose knowledge: a team, or -1 (all) */
	const struct world *w;   /* the field explained: g->w, or as the
				    team knows it (game_known_world) */
	const unsigned char *unknown; /* team >= 0: w*h, 1 where it never
				    looked (game_known_world's) */
	struct world known;      /* owned by los_explain's reports */
	unsigned char *known_unknown;
	struct los_end a, b;
	int ha, hb;              /* the heights of A's and B's cells */
	int d2;                  /* squared distance */
	struct vision_line line;
	int nunknown;            /* cells the team never saw among the ends,
				    the cells on the line and those beside
				    it at corners */
	/* A is a unit: */
	bool adjacent;           /* B touches A: always seen */
	bool in_arc;             /* B in A's arc of vision */
	bool in_vision_range;    /* within the chart's vision range (or none) */
	bool melee;              /* B is an enemy in melee with A: seen */
	bool sees;               /* A sees B's cell now */
	/* B is a unit: its best cover against a shot from A. */
	enum cover cover;
	int cover_x, cover_y;
	bool cover_own;          /* it is B's own (its type's cover) */
	/* A shot from A at B (A a unit with a missile or siege weapon; B an
	 * enemy, or a door or breachable wall): */
	bool shot_asked;
	int weapon;              /* the weapon shot_check picks, or -1 */
	char shot_why[GAME_WHY_LEN]; /* shot_check's refusal */
	struct attack_calc calc; /* when weapon >= 0 */
	bool engaged;            /* A is in melee: it may not shoot now */
};

/* One end given as "ID" (a unit team knows is on the field; any unit's
 * for team -1) or "X,Y" (a cell of the map; the unit there when team
 * knows of it). -1 with why, saying the same of a unit team does not
 * know and a unit that does not exist. */
int los_parse_end(const struct game *g, int team, const char *s,
		  struct los_end *e, char *why, size_t size);
/* Explain the line from a to b, on the field as team knows it (team -1:
 * as it is). Free r with los_report_free. */
void los_explain(const struct game *g, int team, struct los_end a,
		 struct los_end b, struct los_report *r);
/* The same on a field the caller built for team with game_known_world
 * (and keeps while r is used), for a caller explaining many lines on one
 * state of the game. */
void los_explain_in(const struct game *g, int team, const struct world *known,
		    const unsigned char *unknown, struct los_end a,
		    struct los_end b, struct los_report *r);
void los_report_free(struct los_report *r);

/* The whole explanation, line by line, appended to b (lines end in \n). */
void los_report_text(const struct los_report *r, struct strbuf *b);
/* A few short lines for the screen's panel (no final \n). */
void los_report_brief(const struct los_report *r, struct strbuf *b);
/* One JSON object (no newline). */
void los_report_json(const struct los_report *r, struct strbuf *b);
/* Distance in tenths of an inch, rounded: 26 -> 51 (5.1 inches). */
int los_tenths(int d2);

#endif
