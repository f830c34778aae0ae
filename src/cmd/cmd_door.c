/* cmd_door.c: door ID DIR open|close|lock|unlock. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cmd/cmd.h"

int cmd_door(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)argc;
	static const char *const actions[] = {"open", "close", "lock", "unlock"};
	int u = cmd_unit_arg(g, issuer, argv[0], why);
	if (u < 0)
		return -1;
	int d = cmd_dir_arg(argv[1], why);
	if (d < 0)
		return -1;
	for (size_t i = 0; i < sizeof actions / sizeof actions[0]; i++)
		if (strcasecmp(argv[2], actions[i]) == 0)
			return cmd_other_order(
				g, u, game_door(g, u, (enum dir)d, actions[i], why));
	snprintf(why, CMD_WHY_LEN,
		 "'%.40s' is not a door action: use open, close, lock or unlock",
		 argv[2]);
	return -1;
}
