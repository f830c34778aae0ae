/* cmd_shoot.c: shoot ID TARGET, a unit or a door or wall X,Y. */
#include <ctype.h>

#include "cmd/cmd_target.h"

int cmd_target_arg(const struct game *g, const char *s, int *unit, int *x,
		   int *y, char *why)
{
	*unit = *x = *y = -1;
	if (isdigit((unsigned char)s[0]))
		return cmd_xy_arg(g, s, x, y, why);
	*unit = cmd_unit_arg(g, s, why);
	return *unit < 0 ? -1 : 0;
}

int cmd_shoot(struct game *g, int argc, char **argv, char *why)
{
	(void)argc;
	int t, x, y, u = cmd_unit_arg(g, argv[0], why);
	if (u < 0 || cmd_target_arg(g, argv[1], &t, &x, &y, why))
		return -1;
	return game_shoot(g, u, t, x, y, why);
}
