/* odds.c: medsiege odds: the target number of an attack, its breakdown
 * and its chance, computed by the same function the game uses. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "cli/cli.h"
#include "data/datapath.h"
#include "data/roster_load.h"
#include "rules/combat.h"

static const char odds_usage[] =
	"usage: medsiege odds ATTACKER TARGET [options]\n"
	"\n"
	"The number a d20 must reach for ATTACKER (a unit type id) to disable\n"
	"or hit TARGET, with every term of the sum and the chance of success.\n"
	"Without --weapon: the first missile or siege weapon when --range is\n"
	"given, else the first melee or reach weapon.\n"
	"\n"
	"  --roster FILE      unit types and chart (default: the standard roster)\n"
	"  --weapon NAME      the attacker's weapon\n"
	"  --range INCHES     distance to the target (missile and siege weapons),\n"
	"                     whole or decimal, as the game shows it: 16, 10.4\n"
	"  --cover C          none, soft, half or heavy cover at the target\n"
	"  --outnumber N      attackers engaged with the target, this one included\n"
	"  --behind           the attacker is outside the target's arc (melee)\n"
	"  --ladder           the attacker stands on a ladder (melee)\n"
	"  --json             one JSON object\n"
	"  -h, --help         show this help\n";

/* At most this many decimals in --range: the distance is kept exactly as
 * range_num / range_den, and compared in integers. */
#define RANGE_DECIMALS 3

struct odds_opts {
	const char *roster, *weapon;
	const char *range_text; /* as typed, for messages */
	long range_num, range_den;
	int outnumber;
	enum cover cover;
	bool behind, ladder, json, have_range, have_cover;
};

static int parse_int(const char *opt, const char *s, int min, int *out)
{
	uint64_t v;
	if (!cli_parse_u64(s, &v) || v > 100000 || (int)v < min) {
		cli_warn("medsiege odds: %s needs a whole number of at least %d, not '%s'",
			 opt, min, s);
		return -1;
	}
	*out = (int)v;
	return 0;
}

/* A distance in inches, whole or with up to RANGE_DECIMALS decimals (16,
 * 16.5, 10.42), as num / den with den a power of ten. */
static int parse_range(const char *s, struct odds_opts *o)
{
	long num = 0, den = 1;
	const char *p = s;
	int digits = 0, decimals = -1;
	for (; *p; p++) {
		if (*p == '.' && decimals < 0 && digits > 0) {
			decimals = 0;
			continue;
		}
		if (*p < '0' || *p > '9' || decimals == RANGE_DECIMALS ||
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
		cli_warn("medsiege odds: --range needs a distance in inches, "
			 "whole or with up to %d decimals (16, 16.5), not '%s'",
			 RANGE_DECIMALS, s);
		return -1;
	}
	o->range_text = s;
	o->range_num = num;
	o->range_den = den;
	return 0;
}

static int find_type(const struct roster *r, const char *id, const char *path)
{
	int t = roster_find(r, id);
	if (t < 0) {
		const char *near = roster_nearest(r, id);
		struct strbuf b;
		strbuf_init(&b);
		strbuf_addf(&b, "medsiege odds: no unit type '%s' in %s", id, path);
		if (near) {
			strbuf_addf(&b, "; did you mean '%s'?", near);
		} else {
			strbuf_add(&b, "; its types are");
			for (int i = 0; i < r->ntypes; i++)
				strbuf_addf(&b, "%s %s", i ? "," : "",
					    r->types[i].id);
		}
		cli_warn("%s", b.s);
		strbuf_free(&b);
	}
	return t;
}

static int pick_weapon(const struct unit_type *t, const struct odds_opts *o)
{
	if (o->weapon) {
		for (int i = 0; i < t->nweapons; i++)
			if (strcasecmp(t->weapons[i].name, o->weapon) == 0)
				return i;
		struct strbuf b;
		strbuf_init(&b);
		strbuf_addf(&b, "medsiege odds: %s has no weapon '%s'; it has",
			    t->id, o->weapon);
		for (int i = 0; i < t->nweapons; i++)
			strbuf_addf(&b, "%s '%s'", i ? "," : "", t->weapons[i].name);
		cli_warn("%s", b.s);
		strbuf_free(&b);
		return -1;
	}
	for (int i = 0; i < t->nweapons; i++)
		if (weapon_is_ranged(&t->weapons[i]) == o->have_range)
			return i;
	fprintf(stderr, "medsiege odds: %s has no %s weapon\n", t->id,
		o->have_range ? "missile or siege" : "melee or reach");
	return -1;
}

static int compute(const struct roster *r, int at, int tt,
		   const struct odds_opts *o)
{
	const struct unit_type *a = &r->types[at], *t = &r->types[tt];
	int wi = pick_weapon(a, o);
	if (wi < 0)
		return EXIT_USAGE;
	const struct weapon *wp = &a->weapons[wi];
	bool ranged = weapon_is_ranged(wp);
	if (ranged && !o->have_range) {
		fprintf(stderr, "medsiege odds: the %s shoots: give --range INCHES\n",
			wp->name);
		return EXIT_USAGE;
	}
	/* Exact, in integers: d = range_num / range_den. */
	if (ranged && o->range_num > wp->range * o->range_den) {
		fprintf(stderr, "medsiege odds: %s inches is out of range: the %s reaches %d\n",
			o->range_text, wp->name, wp->range);
		return EXIT_USAGE;
	}
	if (ranged && o->range_num < wp->min_range * o->range_den) {
		fprintf(stderr, "medsiege odds: %s inches is too close: the %s needs at least %d\n",
			o->range_text, wp->name, wp->min_range);
		return EXIT_USAGE;
	}
	if (!ranged && (o->have_cover || o->have_range)) {
		fprintf(stderr, "medsiege odds: --range and --cover apply to missile "
				"and siege weapons, and the %s is a %s weapon\n",
			wp->name, weapon_kind_names[wp->kind]);
		return EXIT_USAGE;
	}
	if (ranged && (o->outnumber > 1 || o->behind || o->ladder)) {
		fprintf(stderr, "medsiege odds: --outnumber, --behind and --ladder "
				"apply to melee, and the %s shoots\n",
			wp->name);
		return EXIT_USAGE;
	}
	struct attack_situation s = {
		.av = wp->av,
		.dv = t->dv,
		.ranged = ranged,
		.cover = o->cover,
		/* d > R/2 exactly: 2 d > R, that is 2 num > R den. */
		.over_half = ranged &&
			     2 * o->range_num > wp->range * o->range_den,
		.large_target = ranged && t->cls == CLASS_MACHINE,
		.outnumber = o->outnumber,
		.behind = o->behind,
		.on_ladder = o->ladder,
	};
	struct attack_calc calc;
	combat_compute(&r->chart, &s, &calc);
	double chance = combat_chance(&r->chart, calc.need);
	if (o->json) {
		struct strbuf b;
		strbuf_init(&b);
		strbuf_add(&b, "{\"attacker\":");
		strbuf_add_json(&b, a->id);
		strbuf_add(&b, ",\"weapon\":");
		strbuf_add_json(&b, wp->name);
		strbuf_add(&b, ",\"target\":");
		strbuf_add_json(&b, t->id);
		strbuf_addf(&b, ",\"need\":%d,\"chance\":%.2f,\"terms\":[", calc.need,
			    chance);
		for (int i = 0; i < calc.nterms; i++) {
			strbuf_add(&b, i ? ",{\"name\":" : "{\"name\":");
			strbuf_add_json(&b, calc.terms[i].name);
			strbuf_addf(&b, ",\"value\":%d}", calc.terms[i].value);
		}
		strbuf_add(&b, "]}");
		puts(b.s);
		strbuf_free(&b);
	} else {
		char desc[256];
		combat_describe(&r->chart, &calc, desc, sizeof desc);
		printf("%s (%s, %s) against %s:\n", a->name, wp->name,
		       weapon_kind_names[wp->kind], t->name);
		printf("%s\n", desc);
	}
	return 0;
}

int cli_odds(int argc, char **argv)
{
	static const struct option opts[] = {
		{"roster", required_argument, NULL, 'r'},
		{"weapon", required_argument, NULL, 'w'},
		{"range", required_argument, NULL, 'd'},
		{"cover", required_argument, NULL, 'c'},
		{"outnumber", required_argument, NULL, 'o'},
		{"behind", no_argument, NULL, 'b'},
		{"ladder", no_argument, NULL, 'l'},
		{"json", no_argument, NULL, 'j'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct odds_opts o = {.outnumber = 1, .cover = COVER_NONE};
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o.roster = optarg;
			break;
		case 'w':
			o.weapon = optarg;
			break;
		case 'd':
			if (parse_range(optarg, &o))
				return EXIT_USAGE;
			o.have_range = true;
			break;
		case 'c': {
			int cv = cover_parse(optarg);
			if (cv < 0) {
				cli_warn("medsiege odds: --cover is none, soft, half or heavy, not '%s'",
					 optarg);
				return EXIT_USAGE;
			}
			o.cover = (enum cover)cv;
			o.have_cover = true;
			break;
		}
		case 'o':
			if (parse_int("--outnumber", optarg, 1, &o.outnumber))
				return EXIT_USAGE;
			break;
		case 'b':
			o.behind = true;
			break;
		case 'l':
			o.ladder = true;
			break;
		case 'j':
			o.json = true;
			break;
		case 'h':
			fputs(odds_usage, stdout);
			return 0;
		default:
			fputs(odds_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - 2) {
		fputs(odds_usage, stderr);
		return EXIT_USAGE;
	}
	char *path = o.roster ? xstrdup(o.roster) : datapath_find("units/standard.yaml");
	if (!path) {
		fprintf(stderr, "medsiege odds: cannot find units/standard.yaml; "
				"give --roster FILE\n");
		return EXIT_USAGE;
	}
	struct roster r;
	char *err = NULL;
	if (roster_load(path, &r, &err) != 0) {
		cli_warn("%s", err);
		free(err);
		free(path);
		return EXIT_USAGE;
	}
	int status = EXIT_USAGE;
	int at = find_type(&r, argv[optind], path);
	int tt = at < 0 ? -1 : find_type(&r, argv[optind + 1], path);
	if (at >= 0 && tt >= 0)
		status = compute(&r, at, tt, &o);
	roster_free(&r);
	free(path);
	return status;
}
