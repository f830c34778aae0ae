/* cmd_moveto.c: moveto ID X,Y, along the cheapest legal path. */
#include "cmd/cmd.h"

int cmd_moveto(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)argc;
	int x, y, u = cmd_unit_arg(g, issuer, argv[0], why);
	if (u < 0 || cmd_xy_arg(g, argv[1], &x, &y, why))
		return -1;
	return game_moveto(g, u, x, y, why);
}
