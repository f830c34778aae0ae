/* undo.c: z, the last movement taken back, and what it was. The game
 * says only that the team took something back; the screen compares the
 * team's own units, and the doors it sees, before and after "undo", and
 * says what went back where (all of it the team's own to know). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/orders.h"
#include "rules/move.h"
#include "ui/uipriv.h"

/* A door cell's state as one number (0: no door), to compare. */
static unsigned char door_code(const struct cell *c)
{
	if (c->t.kind != TERRAIN_DOOR)
		return 0;
	return (unsigned char)(1 + (int)c->t.state + (c->t.broken ? 8 : 0));
}

/* Whether one of the viewer's units changed in a way worth saying. */
static bool changed(const struct unit *was, const struct unit *u)
{
	return was->x != u->x || was->y != u->y || was->facing != u->facing ||
	       was->move_left != u->move_left;
}

/* What went back for one of the viewer's units: "r1 back at 10,17 (from
 * 10,16), faces n again, 5 in of movement left". */
static void unit_back(struct strbuf *b, const struct unit *was,
		      const struct unit *u)
{
	char in[16];
	const char *sep = "";
	strbuf_add(b, u->id);
	if (was->x != u->x || was->y != u->y) {
		strbuf_addf(b, " back at %d,%d (from %d,%d)", u->x, u->y, was->x,
			    was->y);
		sep = ",";
	}
	if (was->facing != u->facing) {
		strbuf_addf(b, "%s faces %s again", sep, dir_names[u->facing]);
		sep = ",";
	}
	if (was->move_left != u->move_left)
		strbuf_addf(b, "%s %s in of movement left", sep[0] ? sep : ":",
			    move_inches(u->move_left, in));
}

/* The viewer's standing orders that undo gave back or took back (was:
 * the game's orders before it, n of them). */
static void orders_back(struct strbuf *b, const struct ui *ui,
			const struct standing_order *was, int n)
{
	const struct game *g = ui->g;
	for (int i = 0; i < g->w->nunits; i++) {
		if (g->w->units[i].team != ui->viewer)
			continue;
		const struct standing_order *o = NULL, *now = game_order(g, i);
		for (int k = 0; k < n; k++)
			if (was[k].unit == i)
				o = &was[k];
		if (now && (!o || o->x != now->x || o->y != now->y))
			strbuf_addf(b, "%s%s's standing order to %d,%d is back",
				    b->len ? "; " : "", g->w->units[i].id, now->x,
				    now->y);
		else if (o && !now)
			strbuf_addf(b, "%s%s's standing order to %d,%d is taken "
				    "back", b->len ? "; " : "", g->w->units[i].id,
				    o->x, o->y);
	}
}

void undo_take_back(struct ui *ui)
{
	const struct world *w = ui->g->w;
	int n = w->nunits, cells = w->map.w * w->map.h;
	struct unit *was = xmalloc((size_t)(n ? n : 1) * sizeof *was);
	memcpy(was, w->units, (size_t)n * sizeof *was);
	unsigned char *doors = xmalloc((size_t)(cells ? cells : 1));
	for (int i = 0; i < cells; i++)
		doors[i] = door_code(&w->map.cells[i]);
	int norders = ui->g->norders;
	struct standing_order *orders =
		xmalloc((size_t)(norders ? norders : 1) * sizeof *orders);
	if (norders)
		memcpy(orders, ui->g->orders, (size_t)norders * sizeof *orders);
	char why[CMD_WHY_LEN];
	if (!send_line_why(ui, "undo", why)) {
		screen_status(ui, true, "%s", why);
		free(was);
		free(doors);
		free(orders);
		return;
	}
	viewer_refresh(ui);
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < n && i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (u->team != ui->viewer || strcmp(u->id, was[i].id) != 0 ||
		    !changed(&was[i], u))
			continue;
		if (b.len)
			strbuf_add(&b, "; ");
		unit_back(&b, &was[i], u);
	}
	for (int i = 0; i < cells && i < w->map.w * w->map.h; i++) {
		const struct cell *c = &w->map.cells[i];
		if (door_code(c) == doors[i] || !door_code(c) || !ui->view[i])
			continue;
		strbuf_addf(&b, "%sthe door at %d,%d is %s again", b.len ? "; " : "",
			    i % w->map.w, i / w->map.w,
			    door_state_names[c->t.state]);
	}
	orders_back(&b, ui, orders, norders);
	free(orders);
	if (b.len)
		screen_status(ui, false, "undone: %s", b.s);
	else
		screen_status(ui, false, "undone: %s's last movement",
			      w->teams[ui->viewer].name);
	strbuf_free(&b);
	free(was);
	free(doors);
}
