/* cmd_target.h: the TARGET argument shared by shoot and fight. */
#ifndef MEDSIEGE_CMD_TARGET_H
#define MEDSIEGE_CMD_TARGET_H

#include "cmd/cmd.h"

/* A unit id the actor's team knows (sets *unit, *x = *y = -1) or X,Y
 * (sets *unit = -1). An id the team does not know, whether hidden or
 * made up, gets one answer: "ACTOR cannot VERB TARGET: no such enemy in
 * sight". */
int cmd_target_arg(const struct game *g, int actor, const char *verb,
		   const char *s, int *unit, int *x, int *y, char *why);

#endif
