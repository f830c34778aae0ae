/* termcap.h: what the terminal named by TERM can do, from its terminfo
 * entry (term.h, whose names clash with the game's, is kept to
 * termcap.c). */
#ifndef MEDSIEGE_TERMCAP_H
#define MEDSIEGE_TERMCAP_H

#include <stdbool.h>

/* Whether TERM names a terminal known here that cannot move its cursor
 * (dumb, a printing terminal): no map can be drawn on it. One that is
 * not known is not such a terminal: the screen falls back for it. */
bool termcap_cannot_address(void);

#endif
