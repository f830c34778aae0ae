/* cmd_target.h: the TARGET argument shared by shoot and fight. */
#ifndef MEDSIEGE_CMD_TARGET_H
#define MEDSIEGE_CMD_TARGET_H

#include "cmd/cmd.h"

/* A unit id (sets *unit, *x = *y = -1) or X,Y (sets *unit = -1). */
int cmd_target_arg(const struct game *g, const char *s, int *unit, int *x,
		   int *y, char *why);

#endif
