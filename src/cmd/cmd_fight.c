/* cmd_fight.c: fight ID TARGET, a unit or a door or wall X,Y in contact. */
#include "cmd/cmd_target.h"

int cmd_fight(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)argc;
	int t, x, y, u = cmd_unit_arg(g, issuer, argv[0], why);
	/* What the unit itself cannot do is said before its target. */
	if (u < 0 || !game_can_fight(g, u, why) ||
	    cmd_target_arg(g, u, "fight", argv[1], &t, &x, &y, why))
		return -1;
	return game_fight(g, u, t, x, y, why);
}
