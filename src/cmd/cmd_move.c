/* cmd_move.c: move ID DIR... */
#include "cmd/cmd.h"

int cmd_move(struct game *g, int issuer, int argc, char **argv, char *why)
{
	int u = cmd_unit_arg(g, issuer, argv[0], why);
	if (u < 0)
		return -1;
	enum dir dirs[CMD_MAX_ARGS];
	for (int i = 1; i < argc; i++) {
		int d = cmd_dir_arg(argv[i], why);
		if (d < 0)
			return -1;
		dirs[i - 1] = (enum dir)d;
	}
	return cmd_other_order(g, u, game_move(g, u, dirs, argc - 1, why));
}
