/* play.c: medsiege [SCENARIO]: the terminal game (in progress). */
#include "cli/cli.h"

int cli_play(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("medsiege: the terminal screen is not built yet; see medsiege --help\n", stderr);
	return EXIT_RUNTIME;
}
