/* oddsprompt.c: the prompt's :odds, for testing the rules during a
 * game: between two units the viewer knows, the attack the first would
 * make where they stand (game/unitodds.c, the panel's own number);
 * between unit types, each weapon the options fit (rules/odds.c); or the
 * roster's table on a page. Nothing in the game changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/los.h"
#include "game/unitodds.h"
#include "rules/odds.h"
#include "ui/uipriv.h"

/* A unit type by its id, or the type of a unit the viewer knows. */
static int type_arg(struct ui *ui, const char *s, char *why, size_t size)
{
	const struct world *w = ui->g->w;
	int t = roster_find(&w->roster, s);
	if (t >= 0)
		return t;
	int u = world_find_unit(w, s);
	if (u >= 0 && viewer_knows_unit(ui, ui->viewer, u))
		return w->units[u].type;
	const char *near = roster_nearest(&w->roster, s);
	if (near)
		snprintf(why, size, "odds: no unit type or unit you know '%.40s'; "
				    "did you mean '%s'?",
			 s, near);
	else
		snprintf(why, size, "odds: no unit type or unit you know '%.40s'",
			 s);
	return -1;
}

/* A unit the viewer knows is on the field, by its id, or -1. */
static int known_unit(struct ui *ui, const char *s)
{
	int u = world_find_unit(ui->g->w, s);
	return viewer_knows_unit(ui, ui->viewer, u) ? u : -1;
}

/* :odds A B with two units the viewer knows: the attack A would make
 * where they stand, as the panel would preview it, from what the viewer
 * knows. False when A and B are not both such units (they are types). */
static bool odds_units(struct ui *ui, const char *const *pos, bool options)
{
	const struct world *w = ui->g->w;
	int a = known_unit(ui, pos[0]), b = a < 0 ? -1 : known_unit(ui, pos[1]);
	if (a < 0 || b < 0)
		return false;
	if (options) {
		screen_status(ui, true,
			      "odds: between two units the situation is where "
			      "they stand; give unit types for the options");
		return true;
	}
	struct unit_odds u;
	int team = ui->viewer < MAX_TEAMS ? ui->viewer : -1;
	if (unitodds_compute(ui->g, team, a, b, &u) < 0) {
		screen_status(ui, true, "odds: %s", u.why);
		return true;
	}
	struct strbuf text;
	strbuf_init(&text);
	unitodds_text(w, &u, &text);
	free(ui->preview);
	ui->preview = text.s;
	char where[32] = "";
	if (u.ranged) {
		int d = los_tenths(u.d2);
		snprintf(where, sizeof where, " at %d.%d in", d / 10, d % 10);
	}
	screen_status(ui, false, "odds: %s's %s on %s%s: need %d+ (%.0f%%)",
		      w->units[a].id,
		      world_type(w, &w->units[a])->weapons[u.weapon].name,
		      w->units[b].id, where, u.calc.need,
		      combat_chance(&w->roster.chart, u.calc.need) * 100.0);
	return true;
}

/* :odds between two types: each answer the situation allows, in short
 * on the status line, in full on the panel. */
static void odds_types(struct ui *ui, int at, int tt,
		       const struct odds_query *q)
{
	const struct roster *r = &ui->g->w->roster;
	struct odds_answer an[ODDS_MAX_ANSWERS];
	char why[GAME_WHY_LEN];
	int n = odds_answers(r, at, tt, q, an, why, sizeof why);
	int good = 0;
	for (int i = 0; i < n; i++)
		good += an[i].ok == 0;
	if (n < 0 || good == 0) {
		screen_status(ui, true, "odds: %s", n < 0 ? why : an[0].why);
		return;
	}
	struct strbuf panel, line;
	strbuf_init(&panel);
	strbuf_init(&line);
	strbuf_addf(&line, "odds: %s", r->types[at].id);
	if (n > 1)
		strbuf_addf(&line, " on %s:", r->types[tt].id);
	for (int i = 0; i < n; i++) {
		const char *wname = r->types[at].weapons[an[i].weapon].name;
		if (i)
			strbuf_add(&panel, "\n");
		odds_answer_text(r, at, tt, &an[i], &panel);
		if (n == 1)
			strbuf_addf(&line, "'s %s on %s:", wname, r->types[tt].id);
		else
			strbuf_addf(&line, "%s %s", i ? ";" : "", wname);
		if (an[i].range_label)
			strbuf_addf(&line, " at %s in", an[i].range_text);
		if (an[i].ok == 0)
			strbuf_addf(&line, " need %d+ (%.0f%%)", an[i].calc.need,
				    combat_chance(&r->chart, an[i].calc.need) *
					    100.0);
		else
			strbuf_add(&line, " cannot");
	}
	free(ui->preview);
	ui->preview = panel.s;
	screen_status(ui, false, "%s", line.s);
	strbuf_free(&line);
}

void prompt_odds(struct ui *ui, int argc, char **argv, const char *usage)
{
	const struct roster *r = &ui->g->w->roster;
	struct odds_query q = odds_query_default();
	bool table = false;
	char why[GAME_WHY_LEN];
	const char *pos[2];
	int npos = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--table") == 0) {
			table = true;
		} else if (strcmp(a, "--behind") == 0) {
			q.behind = true;
		} else if (strcmp(a, "--ladder") == 0) {
			q.ladder = true;
		} else if (strcmp(a, "--range") == 0 || strcmp(a, "--cover") == 0 ||
			   strcmp(a, "--weapon") == 0 ||
			   strcmp(a, "--outnumber") == 0) {
			if (!val) {
				screen_status(ui, true, "odds: %s needs a value", a);
				return;
			}
			i++;
			if (strcmp(a, "--range") == 0) {
				if (odds_parse_range(val, &q, why, sizeof why)) {
					screen_status(ui, true, "odds: %s", why);
					return;
				}
			} else if (strcmp(a, "--cover") == 0) {
				int cv = cover_parse(val);
				if (cv < 0) {
					screen_status(ui, true,
						      "odds: --cover is none, soft, "
						      "half or heavy, not '%.20s'",
						      val);
					return;
				}
				q.cover = (enum cover)cv;
				q.have_cover = true;
			} else if (strcmp(a, "--weapon") == 0) {
				q.weapon = val;
			} else {
				char *end;
				long n = strtol(val, &end, 10);
				if (*end || n < 1 || n > 100) {
					screen_status(ui, true,
						      "odds: --outnumber needs a whole "
						      "number of at least 1, not '%.20s'",
						      val);
					return;
				}
				q.outnumber = (int)n;
			}
		} else if (a[0] == '-' || npos == 2) {
			screen_status(ui, true, "usage: :odds %s", usage);
			return;
		} else {
			pos[npos++] = a;
		}
	}
	if (table) {
		if (npos || q.weapon) {
			screen_status(ui, true, "odds: --table takes no unit types "
						"and no --weapon: it has them all");
			return;
		}
		struct strbuf b;
		strbuf_init(&b);
		odds_table_text(r, "this battle's roster", &q, COLS, &b);
		pager_show_text(ui, "odds: every attacker against every target", b.s);
		strbuf_free(&b);
		return;
	}
	if (npos != 2) {
		screen_status(ui, true, "usage: :odds %s", usage);
		return;
	}
	if (odds_units(ui, pos, argc > 3))
		return;
	int at = type_arg(ui, pos[0], why, sizeof why);
	int tt = at < 0 ? -1 : type_arg(ui, pos[1], why, sizeof why);
	if (at < 0 || tt < 0) {
		screen_status(ui, true, "%s", why);
		return;
	}
	odds_types(ui, at, tt, &q);
}
