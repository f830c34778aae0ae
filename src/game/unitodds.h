/* unitodds.h: the odds of one unit's attack on another where both stand
 * (`medsiege odds SCENARIO A B`, the game's `:odds A B`): the attack the
 * rules say it would make (rules/attack.h: the one the panel previews and
 * `los` explains), its weapon, range and cover included, on the field as
 * one team knows it. */
#ifndef MEDSIEGE_UNITODDS_H
#define MEDSIEGE_UNITODDS_H

#include <stdbool.h>

#include "base/util.h"
#include "game/game.h"

struct unit_odds {
	int attacker, target;   /* unit indices */
	int weapon;             /* the attacker's weapon, or -1: no attack */
	bool ranged;            /* a shot, else a blow */
	int d2;                 /* squared distance between them */
	struct attack_calc calc;
	char why[GAME_WHY_LEN]; /* weapon -1: why there is no attack */
};

/* The attack unit a would make on unit b now, on the field as team knows
 * it (team -1: as it is); both must be units the team knows are on the
 * field (the caller checks, as los_parse_end does). Returns the weapon,
 * or -1 with out->why. */
int unitodds_compute(const struct game *g, int team, int a, int b,
		     struct unit_odds *out);
/* "r2 Archer (longbow, missile) against b2 Billman, 14.1 inches away:"
 * and, on the next line, the need and every term (no final newline). */
void unitodds_text(const struct world *w, const struct unit_odds *o,
		   struct strbuf *b);
/* One JSON object (no newline): odds' fields (SPEC 8), then "range" (a
 * shot's distance in inches), "attacker_unit" and "target_unit". */
void unitodds_json(const struct world *w, const struct unit_odds *o,
		   struct strbuf *b);

#endif
