/* datapath.c: the program runs from its build tree as well as installed. */
#include "data/datapath.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

static char *try_dir(const char *dir, const char *rel)
{
	if (!dir || !*dir)
		return NULL;
	char *p = xasprintf("%s/%s", dir, rel);
	if (access(p, R_OK) == 0)
		return p;
	free(p);
	return NULL;
}

char *datapath_find(const char *rel)
{
	char *p = try_dir(getenv("MEDSIEGE_DATA_DIR"), rel);
	if (p)
		return p;
	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		char *slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			/* Built in the tree; libtool-free, so the binary is
			 * at the top. Tests live one folder down. */
			if ((p = try_dir(exe, rel)))
				return p;
			char *up = xasprintf("%s/..", exe);
			p = try_dir(up, rel);
			free(up);
			if (p)
				return p;
		}
	}
	if ((p = try_dir(MEDSIEGE_DATADIR, rel)))
		return p;
	return try_dir(MEDSIEGE_SRCDIR, rel);
}

char *datapath_scenario(const char *name)
{
	if (access(name, R_OK) == 0 || strchr(name, '/'))
		return xstrdup(name);
	char *rel = xasprintf("maps/%s", name);
	char *p = datapath_find(rel);
	free(rel);
	if (p)
		return p;
	rel = xasprintf("maps/%s.yaml", name);
	p = datapath_find(rel);
	free(rel);
	return p ? p : xstrdup(name);
}
