/* common.c: helpers every fuzz harness links: where the data is, a
 * scratch folder, inputs as strings and files, scenario copies. */
#include "fuzz.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/util.h"
#include "world/world.h"

void fuzz_fail(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fprintf(stderr, "fuzz %s: ", fuzz_name);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	abort();
}

const char *fuzz_srcdir(void)
{
	/* make check says where the sources are; a harness run by hand
	 * falls back on where it was configured. */
	const char *top = getenv("abs_top_srcdir");
	return top && *top ? top : MEDSIEGE_SRCDIR;
}

static char tmpdir[4096];

static void remove_tmpdir(void)
{
	DIR *d = opendir(tmpdir);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
				continue;
			char *p = xasprintf("%s/%s", tmpdir, e->d_name);
			unlink(p);
			free(p);
		}
		closedir(d);
	}
	rmdir(tmpdir);
}

const char *fuzz_tmpdir(void)
{
	if (tmpdir[0])
		return tmpdir;
	/* A file is written for every input: memory, where there is a
	 * tmpfs, is far faster than a disk. */
	struct stat st;
	const char *base = getenv("TMPDIR");
	if (!base || !*base)
		base = stat("/dev/shm", &st) == 0 && S_ISDIR(st.st_mode) &&
				       access("/dev/shm", W_OK) == 0
			       ? "/dev/shm"
			       : "/tmp";
	snprintf(tmpdir, sizeof tmpdir, "%s/medsiege-fuzz-XXXXXX", base);
	if (!mkdtemp(tmpdir))
		fuzz_fail("cannot make a folder in %s", base);
	atexit(remove_tmpdir);
	return tmpdir;
}

char *fuzz_cstr(const uint8_t *data, size_t size)
{
	char *s = xmalloc(size + 1);
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

void fuzz_write_file(const char *path, const uint8_t *data, size_t size)
{
	/* A new file each time: rewriting one in place makes some file
	 * systems (ext4) flush it to disk on close. */
	unlink(path);
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		fuzz_fail("cannot write %s", path);
}

void fuzz_copy_scenario(struct scenario *dst, const struct scenario *src)
{
	*dst = *src;
	dst->name = xstrdup(src->name);
	dst->description = src->description ? xstrdup(src->description) : NULL;
	dst->path = xstrdup(src->path);
	dst->roster_path = xstrdup(src->roster_path);
	world_copy(&dst->world, &src->world);
	dst->goals = xmalloc((size_t)(src->ngoals ? src->ngoals : 1) *
			     sizeof *dst->goals);
	memcpy(dst->goals, src->goals, (size_t)src->ngoals * sizeof *dst->goals);
}
