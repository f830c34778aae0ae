/* cmd_face.c: face ID DIR. */
#include "cmd/cmd.h"

int cmd_face(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)argc;
	int u = cmd_unit_arg(g, issuer, argv[0], why);
	if (u < 0)
		return -1;
	int d = cmd_dir_arg(argv[1], why);
	if (d < 0)
		return -1;
	return cmd_other_order(g, u, game_face(g, u, (enum dir)d, why));
}
