/* datapath.c: the program runs from its build tree as well as installed. */
#define _GNU_SOURCE /* secure_getenv: no test hook or path from the environment under set-id */
#include "data/datapath.h"

#include <dirent.h>
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
	char *p = try_dir(secure_getenv("MEDSIEGE_DATA_DIR"), rel);
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

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The installed scenarios' names (maps/NAME.yaml), sorted; caller frees
 * each and the array. */
static char **installed_scenarios(int *n)
{
	*n = 0;
	char *dir = datapath_find("maps");
	DIR *d = dir ? opendir(dir) : NULL;
	free(dir);
	if (!d)
		return NULL;
	char **names = NULL;
	int cap = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		if (e->d_name[0] == '.' || len <= 5 ||
		    strcmp(e->d_name + len - 5, ".yaml") != 0)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 8;
			names = xrealloc(names, (size_t)cap * sizeof *names);
		}
		names[(*n)++] = xasprintf("%.*s", (int)(len - 5), e->d_name);
	}
	closedir(d);
	if (*n > 1)
		qsort(names, (size_t)*n, sizeof *names, cmp_names);
	return names;
}

/* Why name is no scenario, with the nearest installed one or the list. */
static char *no_scenario(const char *name)
{
	int n;
	char **names = installed_scenarios(&n);
	size_t len = strlen(name);
	char *word = len > 5 && strcmp(name + len - 5, ".yaml") == 0
			     ? xasprintf("%.*s", (int)(len - 5), name)
			     : xstrdup(name);
	const char *near = util_nearest(word, (const char *const *)names, n);
	char *why;
	if (near) {
		why = xasprintf("%s: no such file or installed scenario; did you "
				"mean '%s'?",
				name, near);
	} else if (n > 0) {
		struct strbuf b;
		strbuf_init(&b);
		for (int i = 0; i < n; i++)
			strbuf_addf(&b, "%s%s", i ? ", " : "", names[i]);
		why = xasprintf("%s: no such file or installed scenario "
				"(installed: %s)",
				name, b.s);
		strbuf_free(&b);
	} else {
		why = xasprintf("%s: no such file or installed scenario", name);
	}
	free(word);
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return why;
}

char *datapath_scenario(const char *name, char **err)
{
	*err = NULL;
	/* "" is no name: not maps/ itself. */
	if (!*name) {
		*err = xstrdup("no scenario given: a file, or the name of an "
			       "installed scenario");
		return NULL;
	}
	/* A path is left to the loader, which says why it cannot be read. */
	if (access(name, F_OK) == 0 || strchr(name, '/'))
		return xstrdup(name);
	char *rel = xasprintf("maps/%s", name);
	char *p = datapath_find(rel);
	free(rel);
	if (p)
		return p;
	rel = xasprintf("maps/%s.yaml", name);
	p = datapath_find(rel);
	free(rel);
	if (!p)
		*err = no_scenario(name);
	return p;
}
