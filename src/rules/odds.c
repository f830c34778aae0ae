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

void odds_add_range(struct strbuf *b, long num, long den)
{
	/* den a power of ten: its digits, as typed but for leading zeros. */
	int decimals = 0;
	for (long d = den; d > 1; d /= 10)
		decimals++;
	strbuf_addf(b, "%ld", num / den);
	if (decimals)
		strbuf_addf(b, ".%0*ld", decimals, num % den);
}

/* The weapon named q->weapon, or -1 with why. */
static int named_weapon(const struct unit_type *t, const struct odds_query *q,
			char *why, size_t size)
{
	for (int i = 0; i < t->nweapons; i++)
		if (strcasecmp(t->weapons[i].name, q->weapon) == 0)
			return i;
	int n = snprintf(why, size, "%s has no weapon '%s'; it has", t->id,
			 q->weapon);
	for (int i = 0; i < t->nweapons && n >= 0 && (size_t)n < size; i++)
		n += snprintf(why + n, size - (size_t)n, "%s '%s'", i ? "," : "",
			      t->weapons[i].name);
	return -1;
}

/* One answer: weapon wi in the query's situation, or (a shot the query
 * gives no range for) at the distance of label, in inches times ten. */
static void answer(const struct roster *r, int attacker, int wi, int target,
		   const struct odds_query *q, long tenths, const char *label,
		   struct odds_answer *out)
{
	struct odds_query e = *q;
	memset(out, 0, sizeof *out);
	out->weapon = wi;
	out->range_label = label;
	if (label) {
		/* Tenths only when there are any: "12", "3.5". */
		e.have_range = true;
		e.range_num = tenths % 10 ? tenths : tenths / 10;
		e.range_den = tenths % 10 ? 10 : 1;
		struct strbuf t;
		strbuf_init(&t);
		odds_add_range(&t, e.range_num, e.range_den);
		snprintf(out->range_text, sizeof out->range_text, "%s", t.s);
		strbuf_free(&t);
		e.range_text = out->range_text;
	}
	out->ranged = weapon_is_ranged(&r->types[attacker].weapons[wi]);
	out->range_num = e.range_num;
	out->range_den = e.range_den;
	out->ok = odds_compute(r, attacker, wi, target, &e, &out->calc,
			       out->why, sizeof out->why);
}

/* The answers for weapon wi: a shot without a range given at half its
 * range (or its least, when that is more) and at its full range; else
 * one, in the query's situation. */
static int weapon_answers(const struct roster *r, int attacker, int wi,
			  int target, const struct odds_query *q,
			  struct odds_answer *out)
{
	const struct weapon *wp = &r->types[attacker].weapons[wi];
	if (!weapon_is_ranged(wp) || q->have_range) {
		answer(r, attacker, wi, target, q, 0, NULL, out);
		return 1;
	}
	long near = 5L * wp->range, least = 10L * wp->min_range;
	int n = 0;
	if (near < least)
		answer(r, attacker, wi, target, q, least, "least range", &out[n++]);
	else
		answer(r, attacker, wi, target, q, near, "half range", &out[n++]);
	if (10L * wp->range > (near < least ? least : near))
		answer(r, attacker, wi, target, q, 10L * wp->range, "full range",
		       &out[n++]);
	return n;
}

int odds_answers(const struct roster *r, int attacker, int target,
		 const struct odds_query *q, struct odds_answer *out, char *why,
		 size_t size)
{
	const struct unit_type *t = &r->types[attacker];
	if (t->nweapons == 0) {
		snprintf(why, size, "%s has no weapons: it never attacks",
			 t->id);
		return -1;
	}
	if (q->weapon) {
		int wi = named_weapon(t, q, why, size);
		return wi < 0 ? -1 : weapon_answers(r, attacker, wi, target, q, out);
	}
	bool for_melee = q->outnumber > 1 || q->behind || q->ladder;
	bool for_shots = q->have_range || q->have_cover;
	if (for_melee && for_shots) {
		snprintf(why, size,
			 "--range and --cover are for missile and siege weapons, "
			 "--outnumber, --behind and --ladder for melee and reach "
			 "weapons: give a --weapon for one of them");
		return -1;
	}
	int n = 0;
	for (int i = 0; i < t->nweapons; i++) {
		bool ranged = weapon_is_ranged(&t->weapons[i]);
		if ((ranged && for_melee) || (!ranged && for_shots))
			continue;
		n += weapon_answers(r, attacker, i, target, q, out + n);
	}
	if (n == 0)
		snprintf(why, size, "%s has no %sweapon", t->id,
			 for_shots   ? "missile or siege "
			 : for_melee ? "melee or reach "
				     : "");
	return n ? n : -1;
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

void odds_answer_text(const struct roster *r, int attacker, int target,
		      const struct odds_answer *an, struct strbuf *b)
{
	const struct unit_type *a = &r->types[attacker], *t = &r->types[target];
	const struct weapon *wp = &a->weapons[an->weapon];
	strbuf_addf(b, "%s (%s, %s) against %s", a->name, wp->name,
		    weapon_kind_names[wp->kind], t->name);
	if (an->range_label)
		strbuf_addf(b, " at %s inches (%s)", an->range_text,
			    an->range_label);
	if (an->ok == 0) {
		char desc[256];
		combat_describe(&r->chart, &an->calc, desc, sizeof desc);
		strbuf_addf(b, ":\n%s", desc);
	} else {
		strbuf_addf(b, ": cannot: %s", an->why);
	}
}

void odds_json_fields(const struct chart *c, const char *attacker,
		      const char *weapon, const char *target,
		      const struct attack_calc *calc, struct strbuf *b)
{
	strbuf_add(b, "\"attacker\":");
	strbuf_add_json(b, attacker);
	strbuf_add(b, ",\"weapon\":");
	strbuf_add_json(b, weapon);
	strbuf_add(b, ",\"target\":");
	strbuf_add_json(b, target);
	strbuf_addf(b, ",\"need\":%d,\"chance\":%.2f,\"terms\":[", calc->need,
		    combat_chance(c, calc->need));
	for (int i = 0; i < calc->nterms; i++) {
		strbuf_add(b, i ? ",{\"name\":" : "{\"name\":");
		strbuf_add_json(b, calc->terms[i].name);
		strbuf_addf(b, ",\"value\":%d}", calc->terms[i].value);
	}
	strbuf_addc(b, ']');
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

/* A blank that joins two words in a row: "K foot_knight". */
#define JOIN '\1'

/* Text into rows of at most width columns (0: one row), broken at
 * blanks, not at JOIN (written as a blank); a word longer than a row
 * has a row of its own. */
static void add_wrapped(struct strbuf *b, const char *text, int width)
{
	int col = 0;
	while (*text) {
		int n = (int)strcspn(text, " ");
		if (col > 0 && width > 0 && col + 1 + n > width) {
			strbuf_addc(b, '\n');
			col = 0;
		} else if (col > 0) {
			strbuf_addc(b, ' ');
			col++;
		}
		for (int i = 0; i < n; i++)
			strbuf_addc(b, text[i] == JOIN ? ' ' : text[i]);
		col += n;
		text += n;
		while (*text == ' ')
			text++;
	}
	strbuf_addc(b, '\n');
}

/* Each entry: " NN PPP%" (or "  -     "), eight columns. */
#define ENTRY_W 8

/* One block of the matrix: the targets from t0 to t1 (excluded) in
 * columns, each attacker's weapon of the part in a row. */
static void block(const struct roster *r, const struct odds_query *q,
		  bool ranged, int idw, int ww, int t0, int t1,
		  struct strbuf *b)
{
	strbuf_addf(b, "  %-*s %-*s", idw + 2, "", ww, "");
	/* Each symbol over the need of its column. */
	for (int t = t0; t < t1; t++)
		strbuf_addf(b, "  %c     ", r->types[t].symbol);
	end_row(b);
	for (int a = 0; a < r->ntypes; a++) {
		const struct unit_type *at = &r->types[a];
		for (int i = 0; i < at->nweapons; i++) {
			if (weapon_is_ranged(&at->weapons[i]) != ranged)
				continue;
			strbuf_addf(b, "  %c %-*s %-*s", at->symbol, idw, at->id, ww,
				    at->weapons[i].name);
			for (int t = t0; t < t1; t++) {
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
}

/* The matrix of one part (melee and reach, or missile and siege). Within
 * width columns (0: no limit) the targets are split into blocks of about
 * as many columns each, one under the other. */
static void matrix(const struct roster *r, const struct odds_query *q,
		   bool ranged, int width, struct strbuf *b)
{
	int idw = 4, ww = 6, rows = 0;
	for (int a = 0; a < r->ntypes; a++)
		for (int i = 0; i < r->types[a].nweapons; i++)
			if (weapon_is_ranged(&r->types[a].weapons[i]) == ranged) {
				idw = max_i(idw, (int)strlen(r->types[a].id));
				ww = max_i(ww, (int)strlen(r->types[a].weapons[i].name));
				rows++;
			}
	heading(r, q, ranged, b);
	if (!rows) {
		strbuf_add(b, "  (no such weapon in this roster)\n");
		return;
	}
	int fit = r->ntypes;
	if (width > 0)
		fit = max_i(1, (width - (2 + 1 + 1 + idw + 1 + ww)) / ENTRY_W);
	int nblocks = (r->ntypes + fit - 1) / fit;
	int per = nblocks ? (r->ntypes + nblocks - 1) / nblocks : 0;
	for (int t0 = 0; t0 < r->ntypes; t0 += per) {
		if (t0 > 0)
			strbuf_addc(b, '\n');
		block(r, q, ranged, idw, ww, t0,
		      t0 + per < r->ntypes ? t0 + per : r->ntypes, b);
	}
}

void odds_table_text(const struct roster *r, const char *roster_name,
		     const struct odds_query *q, int width, struct strbuf *b)
{
	struct strbuf words;
	strbuf_init(&words);
	strbuf_addf(&words, "Odds in %s: the d20 roll each attacker needs against "
			    "each target, and its chance.",
		    roster_name);
	add_wrapped(b, words.s, width);
	strbuf_free(&words);
	strbuf_init(&words);
	strbuf_add(&words, "Targets by symbol:");
	for (int t = 0; t < r->ntypes; t++)
		strbuf_addf(&words, "%s %c%c%s", t ? "," : "", r->types[t].symbol,
			    JOIN, r->types[t].id);
	strbuf_add(&words, ". '-': out of range or too close.");
	add_wrapped(b, words.s, width);
	strbuf_free(&words);
	strbuf_addc(b, '\n');
	matrix(r, q, false, width, b);
	strbuf_addc(b, '\n');
	matrix(r, q, true, width, b);
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
	if (!q->have_range)
		strbuf_add(b, "null");
	else
		odds_add_range(b, q->range_num, q->range_den);
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
