/* odds.c: attacks between unit types, one at a time or all of a roster
 * at once, for rules designers. */
#include "rules/odds.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

struct odds_query odds_query_default(void)
{
	struct odds_query q;
	memset(&q, 0, sizeof q);
	q.cover = COVER_NONE;
	q.outnumber = 1;
	q.range_den = 1;
	return q;
}

int odds_parse_range(const char *s, struct odds_query *q, char *why,
		     size_t size)
{
	long num = 0, den = 1;
	const char *p = s;
	int digits = 0, decimals = -1;
	for (; *p; p++) {
		if (*p == '.' && decimals < 0 && digits > 0) {
			decimals = 0;
			continue;
		}
		if (*p < '0' || *p > '9' || decimals == ODDS_RANGE_DECIMALS ||
		    num > 100000L * 1000)
			break;
		num = num * 10 + (*p - '0');
		digits++;
		if (decimals >= 0) {
			decimals++;
			den *= 10;
		}
	}
	if (*p || digits == 0 || decimals == 0 || num > 100000L * den) {
		snprintf(why, size,
			 "--range needs a distance in inches, whole or with up "
			 "to %d decimals (16, 16.5), not '%s'",
			 ODDS_RANGE_DECIMALS, s);
		return -1;
	}
	q->have_range = true;
	q->range_text = s;
	q->range_num = num;
	q->range_den = den;
	return 0;
}

int odds_pick_weapon(const struct unit_type *t, const struct odds_query *q,
		     char *why, size_t size)
{
	if (t->nweapons == 0) {
		snprintf(why, size, "%s has no weapons: it never attacks",
			 t->id);
		return -1;
	}
	if (q->weapon) {
		for (int i = 0; i < t->nweapons; i++)
			if (strcasecmp(t->weapons[i].name, q->weapon) == 0)
				return i;
		int n = snprintf(why, size, "%s has no weapon '%s'; it has",
				 t->id, q->weapon);
		for (int i = 0; i < t->nweapons && n >= 0 && (size_t)n < size;
		     i++)
			n += snprintf(why + n, size - (size_t)n, "%s '%s'",
				      i ? "," : "", t->weapons[i].name);
		return -1;
	}
	for (int i = 0; i < t->nweapons; i++)
		if (weapon_is_ranged(&t->weapons[i]) == q->have_range)
			return i;
	snprintf(why, size, "%s has no %s weapon", t->id,
		 q->have_range ? "missile or siege" : "melee or reach");
	return -1;
}

int odds_compute(const struct roster *r, int attacker, int weapon, int target,
		 const struct odds_query *q, struct attack_calc *out, char *why,
		 size_t size)
{
	const struct unit_type *a = &r->types[attacker], *t = &r->types[target];
	const struct weapon *wp = &a->weapons[weapon];
	bool ranged = weapon_is_ranged(wp);
	if (ranged && !q->have_range) {
		snprintf(why, size, "the %s shoots: give --range INCHES",
			 wp->name);
		return -1;
	}
	/* Exact, in integers: d = range_num / range_den. */
	if (ranged && q->range_num > wp->range * q->range_den) {
		snprintf(why, size,
			 "%s inches is out of range: the %s reaches %d",
			 q->range_text, wp->name, wp->range);
		return -1;
	}
	if (ranged && q->range_num < wp->min_range * q->range_den) {
		snprintf(why, size,
			 "%s inches is too close: the %s needs at least %d",
			 q->range_text, wp->name, wp->min_range);
		return -1;
	}
	if (!ranged && (q->have_cover || q->have_range)) {
		snprintf(why, size,
			 "--range and --cover apply to missile and siege weapons, "
			 "and the %s is a %s weapon",
			 wp->name, weapon_kind_names[wp->kind]);
		return -1;
	}
	if (ranged && (q->outnumber > 1 || q->behind || q->ladder)) {
		snprintf(why, size,
			 "--outnumber, --behind and --ladder apply to melee, and "
			 "the %s shoots",
			 wp->name);
		return -1;
	}
	struct attack_situation s = {
		.av = wp->av,
		.dv = t->dv,
		.ranged = ranged,
		/* A target's own cover (a pavise) counts when it is the
		 * better. */
		.cover = ranged ? combat_own_cover(q->cover, t) : q->cover,
		/* d > R/2 exactly: 2 d > R, that is 2 num > R den. */
		.over_half = ranged && 2 * q->range_num > wp->range * q->range_den,
		.large_target = ranged && t->cls == CLASS_MACHINE,
		.outnumber = q->outnumber,
		.behind = q->behind,
		.on_ladder = q->ladder,
	};
	combat_compute(&r->chart, &s, out);
	return 0;
}

/* ---- the table ------------------------------------------------------ */

/* One entry of the table: the attack, or why it cannot be made. For the
 * missile part without a range, the attack is taken within half range. */
static int table_entry(const struct roster *r, int a, int wi, int t,
		       const struct odds_query *q, struct attack_calc *calc)
{
	const struct weapon *wp = &r->types[a].weapons[wi];
	struct odds_query e = *q;
	char why[160];
	if (weapon_is_ranged(wp)) {
		e.outnumber = 1;
		e.behind = e.ladder = false;
		if (!q->have_range) {
			/* At the weapon's minimum: never over half range. */
			e.have_range = true;
			e.range_num = wp->min_range;
			e.range_den = 1;
			e.range_text = "";
		}
	} else {
		e.have_range = e.have_cover = false;
		e.cover = COVER_NONE;
	}
	return odds_compute(r, a, wi, t, &e, calc, why, sizeof why);
}

static void heading(const struct roster *r, const struct odds_query *q,
		    bool ranged, struct strbuf *b)
{
	if (!ranged) {
		strbuf_add(b, "MELEE AND REACH (");
		if (q->outnumber > 1)
			strbuf_addf(b, "%d attackers engaged", q->outnumber);
		else
			strbuf_add(b, "not outnumbered");
		strbuf_addf(b, ", %s, %s)\n", q->behind ? "from behind" : "from the front",
			    q->ladder ? "on a ladder" : "not on a ladder");
		return;
	}
	strbuf_add(b, "MISSILE AND SIEGE (");
	if (q->have_range)
		strbuf_addf(b, "at %s inches", q->range_text);
	else
		strbuf_add(b, "within half range");
	strbuf_addf(b, ", %s",
		    q->cover == COVER_NONE ? "no cover"
		    : q->cover == COVER_SOFT ? "soft cover"
		    : q->cover == COVER_HALF ? "half wall cover"
					     : "heavy cover");
	bool carried = false;
	for (int i = 0; i < r->ntypes; i++)
		carried = carried || r->types[i].cover != COVER_NONE;
	strbuf_add(b, carried ? ", or a target's own where better)\n" : ")\n");
}

static int max_i(int a, int b)
{
	return a > b ? a : b;
}

/* End a row: blanks at its end carry nothing. */
static void end_row(struct strbuf *b)
{
	while (b->len > 0 && b->s[b->len - 1] == ' ')
		b->s[--b->len] = '\0';
	strbuf_addc(b, '\n');
}

static void matrix(const struct roster *r, const struct odds_query *q,
		   bool ranged, struct strbuf *b)
{
	int idw = 4, ww = 6;
	for (int a = 0; a < r->ntypes; a++)
		for (int i = 0; i < r->types[a].nweapons; i++)
			if (weapon_is_ranged(&r->types[a].weapons[i]) == ranged) {
				idw = max_i(idw, (int)strlen(r->types[a].id));
				ww = max_i(ww, (int)strlen(r->types[a].weapons[i].name));
			}
	heading(r, q, ranged, b);
	strbuf_addf(b, "  %-*s %-*s", idw + 2, "", ww, "");
	/* Each symbol over the need of its column. */
	for (int t = 0; t < r->ntypes; t++)
		strbuf_addf(b, "  %c     ", r->types[t].symbol);
	end_row(b);
	int rows = 0;
	for (int a = 0; a < r->ntypes; a++) {
		const struct unit_type *at = &r->types[a];
		for (int i = 0; i < at->nweapons; i++) {
			if (weapon_is_ranged(&at->weapons[i]) != ranged)
				continue;
			rows++;
			strbuf_addf(b, "  %c %-*s %-*s", at->symbol, idw, at->id, ww,
				    at->weapons[i].name);
			for (int t = 0; t < r->ntypes; t++) {
				struct attack_calc c;
				if (table_entry(r, a, i, t, q, &c) < 0)
					strbuf_add(b, "  -     ");
				else
					strbuf_addf(b, " %2d %3.0f%%", c.need,
						    combat_chance(&r->chart, c.need) *
							    100.0);
			}
			end_row(b);
		}
	}
	if (!rows)
		strbuf_add(b, "  (no such weapon in this roster)\n");
}

void odds_table_text(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, struct strbuf *b)
{
	strbuf_addf(b, "Odds in %s: the d20 roll each attacker needs against each "
		       "target, and its chance.\nTargets by symbol:",
		    roster_name);
	for (int t = 0; t < r->ntypes; t++)
		strbuf_addf(b, "%s %c %s", t ? "," : "", r->types[t].symbol,
			    r->types[t].id);
	strbuf_add(b, ". '-': out of range or too close.\n\n");
	matrix(r, q, false, b);
	strbuf_addc(b, '\n');
	matrix(r, q, true, b);
}

/* A CSV field: quoted when it holds a comma or a quote. */
static void csv_field(struct strbuf *b, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		strbuf_add(b, s);
		return;
	}
	strbuf_addc(b, '"');
	for (; *s; s++) {
		if (*s == '"')
			strbuf_addc(b, '"');
		strbuf_addc(b, *s);
	}
	strbuf_addc(b, '"');
}

void odds_table_csv(const struct roster *r, const struct odds_query *q,
		    struct strbuf *b)
{
	strbuf_add(b, "attacker,weapon,kind,target,need,chance\n");
	for (int pass = 0; pass < 2; pass++)
		for (int a = 0; a < r->ntypes; a++) {
			const struct unit_type *at = &r->types[a];
			for (int i = 0; i < at->nweapons; i++) {
				const struct weapon *wp = &at->weapons[i];
				if (weapon_is_ranged(wp) != (pass == 1))
					continue;
				for (int t = 0; t < r->ntypes; t++) {
					struct attack_calc c;
					csv_field(b, at->id);
					strbuf_addc(b, ',');
					csv_field(b, wp->name);
					strbuf_addf(b, ",%s,", weapon_kind_names[wp->kind]);
					csv_field(b, r->types[t].id);
					if (table_entry(r, a, i, t, q, &c) < 0)
						strbuf_add(b, ",,\n");
					else
						strbuf_addf(b, ",%d,%.2f\n", c.need,
							    combat_chance(&r->chart,
									  c.need));
				}
			}
		}
}

void odds_table_json(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, struct strbuf *b)
{
	strbuf_add(b, "{\"roster\":");
	strbuf_add_json(b, roster_name);
	strbuf_add(b, ",\"range\":");
	if (!q->have_range) {
		strbuf_add(b, "null");
	} else {
		/* num / den, den a power of ten: its digits, as typed but
		 * for leading zeros. */
		int decimals = 0;
		for (long d = q->range_den; d > 1; d /= 10)
			decimals++;
		strbuf_addf(b, "%ld", q->range_num / q->range_den);
		if (decimals)
			strbuf_addf(b, ".%0*ld", decimals,
				    q->range_num % q->range_den);
	}
	strbuf_add(b, ",\"cover\":");
	strbuf_add_json(b, cover_names[q->cover]);
	strbuf_addf(b, ",\"outnumber\":%d,\"behind\":%s,\"ladder\":%s,\"odds\":[",
		    q->outnumber, q->behind ? "true" : "false",
		    q->ladder ? "true" : "false");
	int n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int a = 0; a < r->ntypes; a++) {
			const struct unit_type *at = &r->types[a];
			for (int i = 0; i < at->nweapons; i++) {
				const struct weapon *wp = &at->weapons[i];
				if (weapon_is_ranged(wp) != (pass == 1))
					continue;
				for (int t = 0; t < r->ntypes; t++) {
					struct attack_calc c;
					strbuf_add(b, n++ ? ",{\"attacker\":"
							  : "{\"attacker\":");
					strbuf_add_json(b, at->id);
					strbuf_add(b, ",\"weapon\":");
					strbuf_add_json(b, wp->name);
					strbuf_add(b, ",\"kind\":");
					strbuf_add_json(b, weapon_kind_names[wp->kind]);
					strbuf_add(b, ",\"target\":");
					strbuf_add_json(b, r->types[t].id);
					if (table_entry(r, a, i, t, q, &c) < 0) {
						strbuf_add(b, ",\"need\":null,"
							      "\"chance\":null}");
						continue;
					}
					strbuf_addf(b, ",\"need\":%d,\"chance\":%.2f,"
						       "\"terms\":[",
						    c.need,
						    combat_chance(&r->chart, c.need));
					for (int k = 0; k < c.nterms; k++) {
						strbuf_add(b, k ? ",{\"name\":"
								: "{\"name\":");
						strbuf_add_json(b, c.terms[k].name);
						strbuf_addf(b, ",\"value\":%d}",
							    c.terms[k].value);
					}
					strbuf_add(b, "]}");
				}
			}
		}
	strbuf_add(b, "]}");
}
