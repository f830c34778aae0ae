/* testdata.c: a temporary folder of data files for the loaders' tests. */
#include "testdata.h"

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "data/roster_load.h"
#include "data/scenario_load.h"

/* A small roster that the scenario tests load as "r.yaml". */
static const char test_roster[] =
	"units:\n"
	"  - {id: archer, symbol: a, class: foot, move: 6, dv: 4,\n"
	"     weapons: [{name: bow, kind: missile, av: 9, range: 24}]}\n"
	"  - {id: knight, symbol: M, class: mounted, move: 12, dv: 8,\n"
	"     weapons: [{name: lance, kind: melee, av: 5}]}\n"
	"  - {id: ram, symbol: R, class: machine, move: 3, dv: 12, hits: 3,\n"
	"     weapons: [{name: ram, kind: melee, av: 4, structures: true}]}\n";

char *write_file(const struct fixture *f, const char *name, const char *text)
{
	char *path = xasprintf("%s/%s", f->dir, name);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(fputs(text, fp) >= 0, 1);
	assert_int_equal(fclose(fp), 0);
	return path;
}

int td_setup(void **state)
{
	struct fixture *f = xcalloc(1, sizeof *f);
	strcpy(f->dir, "/tmp/medsiege-test-XXXXXX");
	if (!mkdtemp(f->dir)) {
		free(f);
		return -1;
	}
	free(write_file(f, "r.yaml", test_roster));
	*state = f;
	return 0;
}

/* The folder holds only the files the tests wrote. */
int td_teardown(void **state)
{
	struct fixture *f = *state;
	DIR *d = opendir(f->dir);
	struct dirent *e;
	while (d && (e = readdir(d))) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		char *path = xasprintf("%s/%s", f->dir, e->d_name);
		unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
	rmdir(f->dir);
	free(f);
	return 0;
}

void roster_fails(void **state, const char *text, const char *want)
{
	struct fixture *f = *state;
	char *path = write_file(f, "roster.yaml", text);
	char *full = xasprintf("%s:%s", path, want);
	struct roster r;
	char *err = NULL;
	memset(&r, 0x5a, sizeof r);
	assert_int_equal(roster_load(path, &r, &err), -1);
	assert_non_null(err);
	assert_string_equal(err, full);
	assert_int_equal(r.ntypes, 0);
	assert_null(r.types);
	free(err);
	free(full);
	free(path);
}

void scenario_fails(void **state, const char *text, const char *want)
{
	struct fixture *f = *state;
	char *path = write_file(f, "scen.yaml", text);
	char *full = xasprintf("%s:%s", path, want);
	struct scenario s;
	char *err = NULL;
	memset(&s, 0x5a, sizeof s);
	assert_int_equal(scenario_load(path, &s, &err), -1);
	assert_non_null(err);
	assert_string_equal(err, full);
	assert_null(s.name);
	assert_null(s.world.units);
	assert_null(s.world.map.cells);
	assert_null(s.world.roster.types);
	assert_null(s.goals);
	free(err);
	free(full);
	free(path);
}
