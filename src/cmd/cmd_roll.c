/* cmd_roll.c: roll N: the die the game awaits, as the players rolled it
 * (manual dice). In a save it stands after the command that asked for
 * it, so a replay stops and goes on where the game did. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>

#include "cmd/cmd.h"

int cmd_roll(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)issuer;
	(void)argc;
	const char *s = argv[0];
	for (const char *p = s; *p; p++)
		if (!isdigit((unsigned char)*p) || p - s > 6) {
			snprintf(why, CMD_WHY_LEN,
				 "'%.20s' is not a number: give the number the die "
				 "shows, as in 'roll 14'",
				 s);
			return -1;
		}
	return game_give_roll(g, atoi(s), why);
}
