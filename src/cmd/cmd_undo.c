/* cmd_undo.c: take back the last movement that rolled no dice. */
#include "cmd/cmd.h"

int cmd_undo(struct game *g, int issuer, int argc, char **argv, char *why)
{
	(void)issuer;
	(void)argc;
	(void)argv;
	return game_undo(g, why);
}
