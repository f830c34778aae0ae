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
/* The distance num / den inches (den a power of ten, as
 * odds_parse_range keeps it) in digits: 16, 10.50. */
void odds_add_range(struct strbuf *b, long num, long den);

/* One answer of odds_answers: a weapon of the attacker, at one
 * distance when it shoots. */
struct odds_answer {
	int weapon;
	bool ranged;
	long range_num, range_den; /* a shot: the distance, num / den inches */
	/* NULL: the query's own range (or none, for a blow); else the
	 * distance odds_answers took for a shot the query gave none for:
	 * "half range", "least range" (half is under its minimum) or "full
	 * range", range_text in inches. */
	const char *range_label;
	char range_text[24];
	int ok;                 /* 0: calc holds the attack; -1: why not */
	struct attack_calc calc;
	char why[160];
};

/* Room enough for every answer: two distances a weapon. */
#define ODDS_MAX_ANSWERS (2 * MAX_WEAPONS)

/* Every attack of type attacker on type target the query allows, in the
 * order of the attacker's weapons, into out (ODDS_MAX_ANSWERS of room):
 * the named weapon only, with --weapon; else each weapon whose kind the
 * situation is for (a range or a cover: missile and siege weapons; melee
 * modifiers: melee and reach weapons; nothing said: all). A shot without
 * a range is answered at half the weapon's range and at its full range.
 * An answer that the situation does not fit (out of range) says why.
 * Returns how many, or -1 with why when none can be given. */
int odds_answers(const struct roster *r, int attacker, int target,
		 const struct odds_query *q, struct odds_answer *out, char *why,
		 size_t size);
/* The target number of type attacker's weapon against type target in
 * the situation; -1 with why when the situation does not fit the weapon
 * (a shot without a range, out of range, too close, melee modifiers on a
 * shot or a range on a blow). */
int odds_compute(const struct roster *r, int attacker, int weapon, int target,
		 const struct odds_query *q, struct attack_calc *out, char *why,
		 size_t size);

/* An answer in words: "Archer (longbow, missile) against Billman at 12
 * inches (half range):" and, on the next line, the need and every term
 * (or ": cannot: " and why); no final newline. */
void odds_answer_text(const struct roster *r, int attacker, int target,
		      const struct odds_answer *an, struct strbuf *b);
/* The fields of one attack as JSON, without the braces around them:
 * "attacker":A,"weapon":W,"target":T,"need":N,"chance":C,"terms":[...]
 * (SPEC 8), for a caller to add its own and close the object. */
void odds_json_fields(const struct chart *c, const char *attacker,
		      const char *weapon, const char *target,
		      const struct attack_calc *calc, struct strbuf *b);

/* The table of a roster: every melee and reach weapon against every
 * type (with the query's melee modifiers), then every missile and siege
 * weapon against every type (at the query's range, or within half range
 * when it gives none, with its cover). roster_name says where the roster
 * came from. Text: two matrices, targets in columns by symbol, in rows
 * of at most width columns (the targets split into blocks, one under
 * the other, as a roster needs); width 0: each matrix one block, its
 * rows as long as they come. */
void odds_table_text(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, int width, struct strbuf *b);
/* The same as CSV: a header, then one row per attacker, weapon and
 * target (need and chance empty where the weapon cannot reach). */
void odds_table_csv(const struct roster *r, const struct odds_query *q,
		    struct strbuf *b);
/* The same as one JSON object (no newline). */
void odds_table_json(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, struct strbuf *b);

#endif
