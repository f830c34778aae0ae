/* roster_load.h: read a roster (unit types and the chart) from YAML. */
#ifndef MEDSIEGE_ROSTER_LOAD_H
#define MEDSIEGE_ROSTER_LOAD_H

#include <stddef.h>

#include "world/unit.h"

/* Load a roster file (SPEC 4) into *out, which the caller frees with
 * roster_free. On error returns -1, leaves *out empty and sets *err to
 * "FILE:LINE:COL: message" (caller frees); nothing half-loads. */
int roster_load(const char *path, struct roster *out, char **err);
/* The same from len bytes of text in memory; path names the errors. */
int roster_load_string(const char *path, const char *text, size_t len,
		       struct roster *out, char **err);

#endif
