/* cmd_end.c: end the current step. */
#include "cmd/cmd.h"

int cmd_end(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)issuer;
	(void)argc;
	(void)argv;
	return game_end_step(g, why);
}
