/* odds.h: the number an attack between two unit types needs in a
 * situation described in words (a range, a cover, the melee modifiers),
 * and the table of every attacker against every target of a roster. One
 * module for `medsiege odds` and the game's `:odds`, computing through
 * combat_compute as the game does. No I/O: text goes into buffers. */
#ifndef MEDSIEGE_ODDS_H
#define MEDSIEGE_ODDS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/util.h"
#include "rules/combat.h"

/* At most this many decimals in a range: the distance is kept exactly as
 * num / den, and compared in integers. */
#define ODDS_RANGE_DECIMALS 3

/* The situation: what the options say. */
struct odds_query {
	const char *weapon;     /* a weapon's name, or NULL for the default */
	bool have_range;
	const char *range_text; /* the range as typed, for messages */
	long range_num, range_den; /* the range: num / den inches */
	bool have_cover;
	enum cover cover;
	int outnumber;          /* attackers engaged, this one included */
	bool behind, ladder;
};

/* A query with nothing said: no range, no cover, one attacker. */
struct odds_query odds_query_default(void);
/* A distance in inches, whole or with up to ODDS_RANGE_DECIMALS decimals
 * ("16", "16.5", "10.42"), into q; -1 with why otherwise. */
int odds_parse_range(const char *s, struct odds_query *q, char *why,
		     size_t size);
/* The weapon of type t the query means: the named one, else the first
 * missile or siege weapon when a range is given, else the first melee or
 * reach weapon; -1 with why. */
int odds_pick_weapon(const struct unit_type *t, const struct odds_query *q,
		     char *why, size_t size);
/* The target number of type attacker's weapon against type target in
 * the situation; -1 with why when the situation does not fit the weapon
 * (a shot without a range, out of range, too close, melee modifiers on a
 * shot or a range on a blow). */
int odds_compute(const struct roster *r, int attacker, int weapon, int target,
		 const struct odds_query *q, struct attack_calc *out, char *why,
		 size_t size);

/* The table of a roster: every melee and reach weapon against every
 * type (with the query's melee modifiers), then every missile and siege
 * weapon against every type (at the query's range, or within half range
 * when it gives none, with its cover). roster_name says where the roster
 * came from. Text: two matrices, targets in columns by symbol. */
void odds_table_text(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, struct strbuf *b);
/* The same as CSV: a header, then one row per attacker, weapon and
 * target (need and chance empty where the weapon cannot reach). */
void odds_table_csv(const struct roster *r, const struct odds_query *q,
		    struct strbuf *b);
/* The same as one JSON object (no newline). */
void odds_table_json(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, struct strbuf *b);

#endif
