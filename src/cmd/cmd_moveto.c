/* cmd_moveto.c: moveto ID X,Y, along the cheapest legal path; beyond
 * this turn's movement, as far as it goes (orders.h). */
#include "cmd/cmd.h"
#include "game/orders.h"

int cmd_moveto(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)argc;
	int x, y, u = cmd_unit_arg(g, issuer, argv[0], why);
	if (u < 0 || cmd_xy_arg(g, argv[1], &x, &y, why))
		return -1;
	/* A moveto to its standing order's cell is that order's part for
	 * this turn: it keeps the order. */
	const struct standing_order *o = game_order(g, u);
	bool same = o && o->x == x && o->y == y;
	int rc = game_moveto(g, u, x, y, why);
	return same ? rc : cmd_other_order(g, u, rc);
}
