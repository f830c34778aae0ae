/* cmd_fight.c: fight ID TARGET, a unit or a door or wall X,Y in contact. */
#include "cmd/cmd_target.h"

int cmd_fight(struct game *g, int argc, char **argv, char *why)
{
	(void)argc;
	int t, x, y, u = cmd_unit_arg(g, argv[0], why);
	if (u < 0 || cmd_target_arg(g, argv[1], &t, &x, &y, why))
		return -1;
	return game_fight(g, u, t, x, y, why);
}
