/* testdata.h: a temporary folder of data files for the loaders' tests,
 * holding a small roster "r.yaml" that scenarios written there name, and
 * assertions that a roster or a scenario fails to load with exactly a
 * given message. */
#ifndef TESTDATA_H
#define TESTDATA_H

struct fixture {
	char dir[64];
};

/* cmocka group fixtures: *state is a struct fixture whose folder holds
 * r.yaml; the teardown removes the folder and everything written in it. */
int td_setup(void **state);
int td_teardown(void **state);

/* Write text to dir/name; returns the path (caller frees). */
char *write_file(const struct fixture *f, const char *name, const char *text);

/* Load a roster written from text; it must fail with exactly
 * "PATH:" + want, and leave the roster empty. */
void roster_fails(void **state, const char *text, const char *want);

/* Likewise for a scenario (its roster is r.yaml beside it). */
void scenario_fails(void **state, const char *text, const char *want);

#endif
