/* cmd_shoot.c: shoot ID TARGET, a unit or a door or wall X,Y. */
#include <ctype.h>
#include <stdio.h>

#include "cmd/cmd_target.h"

int cmd_target_arg(const struct game *g, int actor, const char *verb,
		   const char *s, int *unit, int *x, int *y, char *why)
{
	*unit = *x = *y = -1;
	if (isdigit((unsigned char)s[0]))
		return cmd_xy_arg(g, s, x, y, why);
	*unit = cmd_known_unit(g, g->w->units[actor].team, s);
	if (*unit < 0) {
		snprintf(why, CMD_WHY_LEN, "%s cannot %s %.40s: no such enemy in sight",
			 g->w->units[actor].id, verb, s);
		return -1;
	}
	return 0;
}

int cmd_shoot(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)argc;
	int t, x, y, u = cmd_unit_arg(g, issuer, argv[0], why);
	/* What the unit itself cannot do is said before its target. */
	if (u < 0 || !game_can_shoot(g, u, why) ||
	    cmd_target_arg(g, u, "shoot at", argv[1], &t, &x, &y, why))
		return -1;
	return game_shoot(g, u, t, x, y, why);
}
