/* scenario_load.h: read a scenario (SPEC 8) and its roster from YAML. */
#ifndef MEDSIEGE_SCENARIO_LOAD_H
#define MEDSIEGE_SCENARIO_LOAD_H

#include <stddef.h>

#include "game/scenario.h"

/* Load a scenario file, and the roster it names, into *out, which the
 * caller frees with scenario_free. The world is ready to play: cells from
 * the grid and legend, teams, units placed and indexed. On error returns
 * -1, leaves *out zeroed and sets *err to "FILE:LINE:COL: message"
 * (caller frees); nothing half-loads. */
int scenario_load(const char *path, struct scenario *out, char **err);
/* A hosted game's copy of a scenario (SPEC 11.1): the scenario file at
 * path with the roster file at roster, whatever its roster key names. */
int scenario_load_copy(const char *path, const char *roster,
		       struct scenario *out, char **err);
/* The same from len bytes of text in memory, as if read from the file at
 * path (which names the errors and locates the roster). */
int scenario_load_string(const char *path, const char *text, size_t len,
			 struct scenario *out, char **err);

#endif
