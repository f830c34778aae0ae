/* datapath.h: finding the installed maps and rosters. */
#ifndef MEDSIEGE_DATAPATH_H
#define MEDSIEGE_DATAPATH_H

/* The path of a data file such as "units/standard.yaml": under
 * $MEDSIEGE_DATA_DIR, else beside the running program (the source tree),
 * else the installed package data directory. Caller frees; NULL when
 * none exists. */
char *datapath_find(const char *rel);
/* A scenario named on the command line: the path itself when it exists or
 * has a '/' (the loader says why it cannot be read), else maps/NAME or
 * maps/NAME.yaml from datapath_find. Caller frees. NULL when none exists,
 * with *err (caller frees) suggesting the nearest installed scenario or
 * listing them. */
char *datapath_scenario(const char *name, char **err);

#endif
