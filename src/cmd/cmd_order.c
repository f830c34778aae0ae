/* cmd_order.c: standing orders (SPEC 7, game/orders.h): "order ID X,Y"
 * gives one, "order ID cancel" cancels it, "order run [ID]" carries them
 * out, each unit's part as the moveto it stands for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/orders.h"

int cmd_other_order(struct game *g, int unit, int rc)
{
	if (rc == 0)
		game_order_drop(g, unit);
	return rc;
}

/* "run [ID]": the unit named, -1 for all, or -2 with why. */
static int run_scope(const struct game *g, int issuer, int argc, char **argv,
		     char *why)
{
	if (argc == 1)
		return -1;
	int u = cmd_unit_arg(g, issuer, argv[1], why);
	return u < 0 ? -2 : u;
}

int cmd_order_run_from_line(const struct game *g, int issuer, const char *line,
			    int *only, char *why)
{
	char buf[CMD_LINE_MAX + 1];
	if (strlen(line) > CMD_LINE_MAX || !cmd_text_ok(line))
		return 0; /* refused as any command is */
	strlcpy_s(buf, line, sizeof buf);
	char *hash = strchr(buf, '#');
	if (hash)
		*hash = '\0';
	char *argv[4];
	int argc = 0;
	for (char *p = strtok(buf, " \t"); p && argc < 4; p = strtok(NULL, " \t"))
		argv[argc++] = p;
	if (argc < 2 || strcasecmp(argv[0], "order") != 0 ||
	    strcasecmp(argv[1], "run") != 0)
		return 0;
	if (argc > 3) {
		snprintf(why, CMD_WHY_LEN, "usage: order run [ID]");
		return -1;
	}
	*only = run_scope(g, issuer, argc - 1, argv + 1, why);
	return *only == -2 ? -1 : 1;
}

/* Why a unit's first steps would draw a free attack, and what to give
 * to go on regardless. */
static void ask_words(struct game *g, int unit, const struct standing_order *o,
		      const enum dir *dirs, int n, char *why)
{
	struct free_attack_preview f;
	char inner[GAME_WHY_LEN];
	int k = game_preview_free_attacks(g, unit, dirs, n, &f, 1, inner);
	const struct unit *u = &g->w->units[unit];
	snprintf(why, CMD_WHY_LEN,
		 "%s's standing order waits at %d,%d: going on draws %d free "
		 "attack%s (%s first, need %d+); 'moveto %s %d,%d' goes on "
		 "regardless",
		 u->id, u->x, u->y, k, k == 1 ? "" : "s",
		 g->w->units[f.attacker].id, f.calc.need, u->id, o->x, o->y);
}

/* Whether team sees an enemy now that it did not when seen was taken. */
static bool sees_more(const struct game *g, int team,
		      const unsigned char *seen)
{
	const struct knowledge *k = game_knowledge(g, team);
	for (int i = 0; i < g->w->nunits; i++)
		if (k->units[i] && !seen[i] && g->w->units[i].team != team)
			return true;
	return false;
}

/* One unit's part: 1 given, 0 nothing to do now (why says why), -1
 * stopped (why). */
static int run_one(struct game *g, int unit, const struct cmd_order_run *r,
		   char *why)
{
	const struct standing_order *o = game_order(g, unit);
	if (!o)
		return 0;
	int ox = o->x, oy = o->y;
	enum dir dirs[1024];
	int turns;
	int n = game_moveto_preview(g, unit, ox, oy, dirs, 1024, &turns, why);
	if (n < 0)
		return 0;
	if (n > 0 && game_preview_free_attacks(g, unit, dirs, n, NULL, 0,
					       why) > 0) {
		if (!r->consent) {
			ask_words(g, unit, o, dirs, n, why);
			return -1;
		}
		if (!r->consent(r->ctx, unit, dirs, n)) {
			snprintf(why, CMD_WHY_LEN, "%s stays where it is",
				 g->w->units[unit].id);
			return 0;
		}
	}
	char line[64];
	snprintf(line, sizeof line, "moveto %s %d,%d", g->w->units[unit].id,
		 ox, oy);
	return r->give(r->ctx, line, why) == 0 ? 1 : -1;
}

int cmd_order_run(struct game *g, int issuer, int only,
		  const struct cmd_order_run *r, char *why)
{
	int team = issuer >= 0 ? issuer : g->active;
	if (g->over) {
		snprintf(why, CMD_WHY_LEN, "the game is over: %.150s", g->result);
		return -1;
	}
	if (game_waiting(g, why))
		return -1;
	if (g->step != STEP_MOVEMENT || g->active != team) {
		snprintf(why, CMD_WHY_LEN,
			 "standing orders are carried out in their team's "
			 "Movement step");
		return -1;
	}
	/* The units with orders now, in order: a unit's order may end on
	 * the way, or another's be dropped. */
	int nunits = 0;
	int *units = xmalloc((size_t)(g->norders ? g->norders : 1) *
			     sizeof *units);
	for (int i = 0; i < g->norders; i++) {
		int u = g->orders[i].unit;
		if (g->w->units[u].team == team && (only < 0 || u == only) &&
		    game_order(g, u))
			units[nunits++] = u;
	}
	size_t nu = (size_t)(g->w->nunits ? g->w->nunits : 1);
	unsigned char *seen = xmalloc(nu);
	memcpy(seen, game_knowledge(g, team)->units, nu);
	int given = 0, rc = 0;
	char first[CMD_WHY_LEN] = "";
	for (int i = 0; i < nunits; i++) {
		char inner[CMD_WHY_LEN] = "";
		int r1 = run_one(g, units[i], r, inner);
		if (r1 < 0) {
			snprintf(why, CMD_WHY_LEN, "%s", inner);
			rc = -1;
			break;
		}
		if (r1 == 0 && !first[0])
			snprintf(first, sizeof first, "%s", inner);
		given += r1;
		if (r1 && (g->over || game_awaited_roll(g) ||
			   sees_more(g, team, seen)))
			break;
	}
	if (rc == 0 && given == 0) {
		if (nunits == 0)
			snprintf(why, CMD_WHY_LEN, "%s",
				 only >= 0 ? "that unit has no standing order"
					   : "no standing orders to carry out");
		else
			snprintf(why, CMD_WHY_LEN, "%s", first);
		rc = -1;
	}
	free(seen);
	free(units);
	return rc;
}

/* Where nothing is saved, each part is simply run, for the issuer. */
struct here {
	struct game *g;
	int issuer;
};

static int give_here(void *ctx, const char *line, char *why)
{
	struct here *h = ctx;
	return cmd_execute(h->g, h->issuer, line, why);
}

int cmd_order(struct game *g, int issuer, int argc, char **argv, char *why)
{
	if (strcasecmp(argv[0], "run") == 0) {
		int only = run_scope(g, issuer, argc, argv, why);
		if (only == -2)
			return -1;
		struct here h = {g, issuer};
		struct cmd_order_run r = {give_here, NULL, &h};
		return cmd_order_run(g, issuer, only, &r, why);
	}
	int u = cmd_unit_arg(g, issuer, argv[0], why);
	if (u < 0)
		return -1;
	if (argc < 2) {
		snprintf(why, CMD_WHY_LEN, "usage: order ID X,Y, order ID cancel "
					   "or order run [ID]");
		return -1;
	}
	if (strcasecmp(argv[1], "cancel") == 0)
		return game_order_cancel(g, u, why);
	int x, y;
	if (cmd_xy_arg(g, argv[1], &x, &y, why))
		return -1;
	return game_order_give(g, u, x, y, why);
}
