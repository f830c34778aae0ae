/* termcap.c: what the terminal can do, asked of its terminfo entry
 * before the screen is opened. */
#include "ui/termcap.h"

#include <curses.h>
#include <term.h>
#include <unistd.h>

bool termcap_cannot_address(void)
{
	int known = 0;
	if (setupterm(NULL, STDOUT_FILENO, &known) != OK || known != 1)
		return false;
	const char *cup = tigetstr("cup");
	bool cannot = !cup || cup == (const char *)-1 || tigetflag("hc") > 0;
	/* The screen makes its own when it opens. */
	del_curterm(cur_term);
	return cannot;
}
