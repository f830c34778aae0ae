/* odds.c: medsiege odds: the target number of an attack, its breakdown
 * and its chance: between two unit types, each weapon of the attacker
 * that fits the situation the options describe; between two units of a
 * scenario, the attack the first would make where they stand; or the
 * table of a whole roster. All computed by the functions the game uses
 * (rules/odds.c, rules/attack.c, rules/combat.c). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "data/datapath.h"
#include "data/roster_load.h"
#include "game/los.h"
#include "game/unitodds.h"
#include "rules/odds.h"

static const char odds_usage[] =
	"usage: medsiege odds ATTACKER TARGET [options]\n"
	"       medsiege odds SCENARIO A B [--team T] [--script FILE|-] [--seed N] [--json]\n"
	"       medsiege odds --table [--roster FILE] [--range N] [--cover C] [--wide|--csv|--json]\n"
	"\n"
	"The number a d20 must reach for ATTACKER (a unit type id) to disable\n"
	"or hit TARGET, with every term of the sum and the chance of success,\n"
	"for each weapon of ATTACKER the situation fits, one after the other:\n"
	"melee and reach weapons in contact (with --outnumber, --behind and\n"
	"--ladder: those alone), missile and siege weapons at --range, or\n"
	"without it at half and at full range (with --range or --cover: those\n"
	"alone). With a SCENARIO and two of its units A and B: the attack A\n"
	"would make on B where they stand (a blow in melee, else a shot: its\n"
	"weapon, range and cover), as the game previews it. With --table:\n"
	"every weapon of every type against every type of the roster.\n"
	"\n"
	"  --roster FILE      unit types and chart (default: the standard roster)\n"
	"  --weapon NAME      only this weapon of the attacker\n"
	"  --range INCHES     distance to the target (missile and siege weapons),\n"
	"                     whole or decimal, as the game shows it: 16, 10.4;\n"
	"                     with --table, weapons that do not reach show '-'\n"
	"                     (without it, missiles are taken within half range)\n"
	"  --cover C          none, soft, half or heavy cover at the target\n"
	"  --outnumber N      attackers engaged with the target, this one included\n"
	"  --behind           the attacker is outside the target's arc (melee)\n"
	"  --ladder           the attacker stands on a ladder (melee)\n"
	"  --team T           SCENARIO A B: only what team T knows (A and B units\n"
	"                     it knows are on the field); without it, everything\n"
	"  --script FILE      SCENARIO A B: apply these commands first ('-': stdin)\n"
	"  --seed N           SCENARIO A B: seed the dice for the script (default 1)\n"
	"  --table            the attacker x target table of the whole roster, in\n"
	"                     80 columns (the targets in blocks, one under another)\n"
	"  --wide             with --table: each part of the table in one block, as\n"
	"                     wide as the roster makes it\n"
	"  --json             one JSON object for each answer, one a line\n"
	"  --csv              with --table: one CSV row per attacker, weapon and target\n"
	"  -h, --help         show this help\n";

/* Columns the table keeps within, without --wide. */
#define ODDS_TABLE_WIDTH 80

struct odds_opts {
	struct odds_query q;
	const char *roster;
	bool json, csv, table, wide;
	struct cli_scene scene;
	bool scene_opts;        /* --team, --script or --seed given */
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

/* One answer, as text or a JSON line. */
static void print_answer(const struct roster *r, int at, int tt,
			 const struct odds_answer *an, bool json)
{
	const struct unit_type *a = &r->types[at], *t = &r->types[tt];
	const struct weapon *wp = &a->weapons[an->weapon];
	struct strbuf b;
	strbuf_init(&b);
	if (json) {
		strbuf_addc(&b, '{');
		if (an->ok == 0) {
			odds_json_fields(&r->chart, a->id, wp->name, t->id,
					 &an->calc, &b);
		} else {
			strbuf_add(&b, "\"attacker\":");
			strbuf_add_json(&b, a->id);
			strbuf_add(&b, ",\"weapon\":");
			strbuf_add_json(&b, wp->name);
			strbuf_add(&b, ",\"target\":");
			strbuf_add_json(&b, t->id);
			strbuf_add(&b, ",\"need\":null,\"chance\":null,\"why\":");
			strbuf_add_json(&b, an->why);
		}
		/* The distance odds chose: the one asked for is known. */
		if (an->range_label) {
			strbuf_add(&b, ",\"range\":");
			odds_add_range(&b, an->range_num, an->range_den);
		}
		strbuf_addc(&b, '}');
		puts(b.s);
		strbuf_free(&b);
		return;
	}
	odds_answer_text(r, at, tt, an, &b);
	puts(b.s);
	strbuf_free(&b);
}

/* Between two types: each answer the situation allows. */
static int compute(const struct roster *r, int at, int tt,
		   const struct odds_opts *o)
{
	char why[256];
	struct odds_answer an[ODDS_MAX_ANSWERS];
	int n = odds_answers(r, at, tt, &o->q, an, why, sizeof why);
	int good = 0;
	for (int i = 0; i < n; i++)
		good += an[i].ok == 0;
	if (n < 0 || good == 0) {
		/* Nothing to answer: each reason, as an error. */
		if (n < 0)
			cli_warn("medsiege odds: %s", why);
		for (int i = 0; i < n; i++)
			cli_warn("medsiege odds: %s", an[i].why);
		return EXIT_USAGE;
	}
	for (int i = 0; i < n; i++)
		print_answer(r, at, tt, &an[i], o->json);
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
		odds_table_text(r, path, &o->q,
				o->wide ? 0 : ODDS_TABLE_WIDTH, &b);
	fputs(b.s, stdout);
	if (o->json)
		putchar('\n');
	strbuf_free(&b);
}

/* medsiege odds SCENARIO A B: the attack where they stand. */
static int between_units(char **args, const struct odds_opts *o)
{
	const char *who = "medsiege odds";
	int team, rc;
	struct session *s = cli_scene_open(who, args[0], &o->scene, &team, &rc);
	if (!s)
		return rc;
	struct game *g = s->g;
	struct los_end a, b;
	char why[GAME_WHY_LEN];
	rc = EXIT_USAGE;
	if (los_parse_end(g, team, args[1], &a, why, sizeof why) ||
	    los_parse_end(g, team, args[2], &b, why, sizeof why)) {
		cli_warn("%s: %s", who, why);
	} else if (a.unit < 0 || b.unit < 0) {
		struct los_end *e = a.unit < 0 ? &a : &b;
		cli_warn("%s: no unit %sat %d,%d", who,
			 team >= 0 ? "that team knows of " : "", e->x, e->y);
	} else {
		struct unit_odds u;
		if (unitodds_compute(g, team, a.unit, b.unit, &u) < 0) {
			cli_warn("%s: %s", who, u.why);
		} else {
			struct strbuf out;
			strbuf_init(&out);
			if (o->scene.json)
				unitodds_json(g->w, &u, &out);
			else
				unitodds_text(g->w, &u, &out);
			puts(out.s);
			strbuf_free(&out);
			rc = 0;
		}
	}
	session_free(s);
	return rc;
}

/* What the options say; -1 to go on, else the exit status. */
static int parse(int argc, char **argv, struct odds_opts *o)
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
		{"wide", no_argument, NULL, 'W'},
		{"json", no_argument, NULL, 'j'},
		{"csv", no_argument, NULL, 'C'},
		{"team", required_argument, NULL, 'T'},
		{"script", required_argument, NULL, 'f'},
		{"seed", required_argument, NULL, 's'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	char why[256];
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'r':
			o->roster = optarg;
			break;
		case 'w':
			o->q.weapon = optarg;
			break;
		case 'd':
			if (odds_parse_range(optarg, &o->q, why, sizeof why)) {
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
			o->q.cover = (enum cover)cv;
			o->q.have_cover = true;
			break;
		}
		case 'o':
			if (parse_int("--outnumber", optarg, 1, &o->q.outnumber))
				return EXIT_USAGE;
			break;
		case 'b':
			o->q.behind = true;
			break;
		case 'l':
			o->q.ladder = true;
			break;
		case 't':
			o->table = true;
			break;
		case 'W':
			o->wide = true;
			break;
		case 'j':
			o->json = true;
			break;
		case 'C':
			o->csv = true;
			break;
		case 'T':
			o->scene.team = optarg;
			o->scene_opts = true;
			break;
		case 'f':
			o->scene.script = optarg;
			o->scene_opts = true;
			break;
		case 's':
			if (!cli_seed_arg("medsiege odds", optarg, &o->scene.seed))
				return EXIT_USAGE;
			o->scene_opts = true;
			break;
		case 'h':
			fputs(odds_usage, stdout);
			return 0;
		default:
			fputs(odds_usage, stderr);
			return EXIT_USAGE;
		}
	}
	o->scene.json = o->json;
	return -1;
}

/* Options that do not go together, or not with the form asked. */
static bool options_fit(const struct odds_opts *o, int operands)
{
	const struct odds_query *q = &o->q;
	const char *no = NULL;
	if (o->csv && (!o->table || o->json))
		no = "--csv goes with --table, and not with --json";
	else if (o->wide && (!o->table || o->csv || o->json))
		no = "--wide goes with --table's text, not with --csv or --json";
	else if (o->table && q->weapon)
		no = "--weapon does not go with --table: the table has every weapon";
	else if (operands == 3 &&
		 (o->roster || q->weapon || q->have_range || q->have_cover ||
		  q->outnumber > 1 || q->behind || q->ladder))
		no = "between two units the situation is where they stand: "
		     "give unit types for --roster, --weapon, --range, --cover, "
		     "--outnumber, --behind or --ladder";
	else if (operands != 3 && o->scene_opts)
		no = "--team, --script and --seed go with SCENARIO A B";
	if (no)
		fprintf(stderr, "medsiege odds: %s\n", no);
	return !no;
}

int cli_odds(int argc, char **argv)
{
	struct odds_opts o = {.q = odds_query_default(), .scene = {.seed = 1}};
	int rc = parse(argc, argv, &o);
	if (rc >= 0)
		return rc;
	int operands = argc - optind;
	if (o.table ? operands != 0 : operands != 2 && operands != 3) {
		fputs(odds_usage, stderr);
		return EXIT_USAGE;
	}
	if (!options_fit(&o, operands))
		return EXIT_USAGE;
	if (operands == 3)
		return between_units(argv + optind, &o);
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
