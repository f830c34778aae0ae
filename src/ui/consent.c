/* consent.c: nothing is rolled without the player's consent. Before a
 * move that leaves melee, every free attack it would draw (the game's own
 * preview, from what the team knows) is shown on the panel, with a
 * question; no is no move. A move the game would refuse is let through,
 * to be refused with its reason. */
#include <stdio.h>
#include <stdlib.h>

#include "base/util.h"
#include "ui/uipriv.h"

bool consent_move(struct ui *ui, int unit, const enum dir *dirs, int n)
{
	struct game *g = ui->g;
	const struct world *w = g->w;
	const struct unit *u = &w->units[unit];
	enum { SHOWN = 32 };
	struct free_attack_preview f[SHOWN];
	char why[GAME_WHY_LEN];
	int k = game_preview_free_attacks(g, unit, dirs, n, f, SHOWN, why);
	if (k <= 0)
		return true;
	int shown = k < SHOWN ? k : SHOWN;
	struct strbuf panel, q;
	strbuf_init(&panel);
	strbuf_init(&q);
	strbuf_addf(&panel, "%s leaves melee, drawing %d free attack%s:",
		    u->id, k, k == 1 ? "" : "s");
	strbuf_addf(&q, "Move %s out of melee? free attack%s: ", u->id,
		    k == 1 ? "" : "s");
	for (int i = 0; i < shown; i++) {
		const struct unit *a = &w->units[f[i].attacker];
		char desc[256], where[32] = "";
		combat_describe(&w->roster.chart, &f[i].calc, desc, sizeof desc);
		if (f[i].x != u->x || f[i].y != u->y)
			snprintf(where, sizeof where, " (leaving %d,%d)", f[i].x,
				 f[i].y);
		strbuf_addf(&panel, "\n%s %s%s: %s", a->id,
			    world_type(w, a)->weapons[f[i].weapon].name, where,
			    desc);
		if (i < 3)
			strbuf_addf(&q, "%s%s %d+ (%.0f%%)", i ? ", " : "",
				    a->id, f[i].calc.need,
				    combat_chance(&w->roster.chart,
						  f[i].calc.need) *
					    100.0);
	}
	if (k > 3)
		strbuf_addf(&q, " and %d more", k - 3);
	strbuf_addf(&panel,
		    "\nEach is made as %s leaves the cell; a hit that "
		    "disables it stops it there.",
		    u->id);
	free(ui->preview);
	ui->preview = panel.s;
	bool yes = input_confirm(ui, q.s);
	strbuf_free(&q);
	free(ui->preview);
	ui->preview = NULL;
	ui->dirty = true;
	if (!yes && !ui->quit)
		screen_status(ui, false, "no move made");
	return yes;
}
