/* save.c: fuzz the save reader and resume. The input is a save file; its
 * scenario path is read from the source tree (a save naming a file
 * outside it is skipped: the harness tests saves, not the file system).
 * Whatever the damage, resume either refuses with a message or gives a
 * game that holds its invariants, replayed up to its last good line. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "fuzz.h"
#include "../invariants.h"
#include "save/journal.h"
#include "save/session.h"

const char fuzz_name[] = "save";

static char *save_path;
static char srcdir[PATH_MAX];

static void free_path(void)
{
	free(save_path);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* Saves name their scenario relative to where the game ran. */
	if (!realpath(fuzz_srcdir(), srcdir) || chdir(srcdir) != 0)
		fuzz_fail("cannot go to %s", fuzz_srcdir());
	save_path = xasprintf("%s/input.save", fuzz_tmpdir());
	atexit(free_path);
	return 0;
}

/* A YAML file of the source tree. */
static bool in_tree(const char *path)
{
	char real[PATH_MAX];
	struct stat st;
	size_t n = strlen(srcdir), len = strlen(path);
	return len > 5 && strcmp(path + len - 5, ".yaml") == 0 &&
	       realpath(path, real) && strncmp(real, srcdir, n) == 0 &&
	       real[n] == '/' && stat(real, &st) == 0 && S_ISREG(st.st_mode);
}

static void check_session(const struct session *s, const struct journal_data *d)
{
	char broken[256];
	if (s->ncmds < 0 || s->ncmds > d->ncmds)
		fuzz_fail("resumed after %d commands of %d", s->ncmds, d->ncmds);
	if (s->ncmds < d->ncmds && !s->warning)
		fuzz_fail("%d of %d commands replayed, and no warning",
			  s->ncmds, d->ncmds);
	if (invariants_check(s->g, broken, sizeof broken) < 0)
		fuzz_fail("resumed: %s", broken);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	fuzz_write_file(save_path, data, size);
	struct journal_data d;
	char *err = NULL;
	if (journal_read(save_path, &d, &err) != 0) {
		if (!err || !err[0])
			fuzz_fail("a save refused without a reason");
		free(err);
		return 0;
	}
	if (err)
		fuzz_fail("a save read, yet with a message: %s", err);
	if (!in_tree(d.scenario)) {
		journal_data_free(&d);
		return 0;
	}
	/* As the player would resume it, then with --force. */
	for (int force = 0; force < 2; force++) {
		struct session *s = session_resume(save_path, "", force, &err);
		if (s) {
			if (err)
				fuzz_fail("resumed, yet with a message: %s", err);
			check_session(s, &d);
			session_free(s);
			break;
		}
		if (!err || !err[0])
			fuzz_fail("resume refused without a reason");
		free(err);
		err = NULL;
	}
	journal_data_free(&d);
	return 0;
}
