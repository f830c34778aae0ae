/* replay.c: a fuzz harness as a plain program, without clang's fuzzer
 * runtime: it feeds the harness every file named (a folder: every file in
 * it), or with no arguments its whole corpus, tests/fuzz/corpus/NAME.
 * Built with the sanitizers, `make check` runs it so every input ever
 * found stays a regression test. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "fuzz.h"

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	size_t cap = 4096, len = 0;
	char *data = xmalloc(cap);
	size_t got;
	while ((got = fread(data + len, 1, cap - len, f)) > 0) {
		len += got;
		if (len == cap)
			data = xrealloc(data, cap *= 2);
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "replay: %s: cannot read\n", path);
		free(data);
		return -1;
	}
	/* An exact-size copy, so the sanitizers catch a read past the end. */
	uint8_t *input = xmalloc(len ? len : 1);
	memcpy(input, data, len);
	free(data);
	LLVMFuzzerTestOneInput(input, len);
	free(input);
	return 0;
}

static int compare(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file in dir, in name order; -1 when unreadable. */
static int replay_dir(const char *dir, int *count)
{
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	char **names = NULL;
	int n = 0, rc = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		names = xrealloc(names, (size_t)(n + 1) * sizeof *names);
		names[n++] = xasprintf("%s/%s", dir, e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, compare);
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			if (replay_file(names[i]) < 0)
				rc = -1;
			else
				(*count)++;
		}
		free(names[i]);
	}
	free(names);
	return rc;
}

int main(int argc, char **argv)
{
	LLVMFuzzerInitialize(&argc, &argv);
	int count = 0, rc = 0;
	if (argc < 2) {
		char *dir = xasprintf("%s/tests/fuzz/corpus/%s", fuzz_srcdir(),
				      fuzz_name);
		rc = replay_dir(dir, &count);
		free(dir);
		/* An empty corpus would test nothing. */
		if (rc == 0 && count == 0) {
			fprintf(stderr, "replay: the %s corpus is empty\n", fuzz_name);
			rc = -1;
		}
	}
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
			rc |= replay_dir(argv[i], &count);
		else if (replay_file(argv[i]) < 0)
			rc = -1;
		else
			count++;
	}
	printf("%s: %d inputs replayed%s\n", fuzz_name, count,
	       rc ? ", some could not be read" : "");
	return rc ? 1 : 0;
}
