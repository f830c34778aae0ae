/* odds.c: medsiege odds: the target number of an attack, its breakdown
 * and its chance, or the table of a whole roster, computed by the same
 * function the game uses (rules/odds.c, rules/combat.c). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "data/datapath.h"
#include "data/roster_load.h"
#include "rules/odds.h"

static const char odds_usage[] =
	"usage: medsiege odds ATTACKER TARGET [options]\n"
	"       medsiege odds --table [--roster FILE] [--range N] [--cover C] [--csv|--json]\n"
	"\n"
	"The number a d20 must reach for ATTACKER (a unit type id) to disable\n"
	"or hit TARGET, with every term of the sum and the chance of success.\n"
	"Without --weapon: the first missile or siege weapon when --range is\n"
	"given, else the first melee or reach weapon. With --table: every\n"
	"weapon of every type against every type of the roster.\n"
	"\n"
	"  --roster FILE      unit types and chart (default: the standard roster)\n"
	"  --weapon NAME      the attacker's weapon\n"
	"  --range INCHES     distance to the target (missile and siege weapons),\n"
	"                     whole or decimal, as the game shows it: 16, 10.4;\n"
	"                     with --table, weapons that do not reach show '-'\n"
	"                     (without it, missiles are taken within half range)\n"
	"  --cover C          none, soft, half or heavy cover at the target\n"
	"  --outnumber N      attackers engaged with the target, this one included\n"
	"  --behind           the attacker is outside the target's arc (melee)\n"
	"  --ladder           the attacker stands on a ladder (melee)\n"
	"  --table            the attacker x target table of the whole roster\n"
	"  --json             one JSON object\n"
	"  --csv              with --table: one CSV row per attacker, weapon and target\n"
	"  -h, --help         show this help\n";

struct odds_opts {
	struct odds_query q;
	const char *roster;
	bool json, csv, table;
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

static int compute(const struct roster *r, int at, int tt,
		   const struct odds_opts *o)
{
	const struct unit_type *a = &r->types[at], *t = &r->types[tt];
	char why[256];
	struct attack_calc calc;
	int wi = odds_pick_weapon(a, &o->q, why, sizeof why);
	if (wi < 0 || odds_compute(r, at, wi, tt, &o->q, &calc, why, sizeof why)) {
		cli_warn("medsiege odds: %s", why);
		return EXIT_USAGE;
	}
	const struct weapon *wp = &a->weapons[wi];
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

static void table(const struct roster *r, const char *path,
		  const struct odds_opts *o)
{
	struct strbuf b;
	strbuf_init(&b);
	if (o->json)
		odds_table_json(r, path, &o->q, &b);
	else if (o->csv)
		odds_table_csv(r, &o->q, &b);
	else
		odds_table_text(r, path, &o->q, &b);
	fputs(b.s, stdout);
	if (o->json)
		putchar('\n');
	strbuf_free(&b);
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
		{"table", no_argument, NULL, 't'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'C'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct odds_opts o = {.q = odds_query_default()};
	char why[256];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o.roster = optarg;
			break;
		case 'w':
			o.q.weapon = optarg;
			break;
		case 'd':
			if (odds_parse_range(optarg, &o.q, why, sizeof why)) {
				cli_warn("medsiege odds: %s", why);
				return EXIT_USAGE;
			}
			break;
		case 'c': {
			int cv = cover_parse(optarg);
			if (cv < 0) {
				cli_warn("medsiege odds: --cover is none, soft, half or heavy, not '%s'",
					 optarg);
				return EXIT_USAGE;
			}
			o.q.cover = (enum cover)cv;
			o.q.have_cover = true;
			break;
		}
		case 'o':
			if (parse_int("--outnumber", optarg, 1, &o.q.outnumber))
				return EXIT_USAGE;
			break;
		case 'b':
			o.q.behind = true;
			break;
		case 'l':
			o.q.ladder = true;
			break;
		case 't':
			o.table = true;
			break;
		case 'j':
			o.json = true;
			break;
		case 'C':
			o.csv = true;
			break;
		case 'h':
			fputs(odds_usage, stdout);
			return 0;
		default:
			fputs(odds_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - (o.table ? 0 : 2)) {
		fputs(odds_usage, stderr);
		return EXIT_USAGE;
	}
	if (o.csv && (!o.table || o.json)) {
		fprintf(stderr, "medsiege odds: --csv goes with --table, and not "
				"with --json\n");
		return EXIT_USAGE;
	}
	if (o.table && o.q.weapon) {
		fprintf(stderr, "medsiege odds: --weapon does not go with --table: "
				"the table has every weapon\n");
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
	if (o.table) {
		table(&r, o.roster ? o.roster : "the standard roster", &o);
		status = 0;
	} else {
		int at = find_type(&r, argv[optind], path);
		int tt = at < 0 ? -1 : find_type(&r, argv[optind + 1], path);
		if (at >= 0 && tt >= 0)
			status = compute(&r, at, tt, &o);
	}
	roster_free(&r);
	free(path);
	return status;
}
