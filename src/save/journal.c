/* journal.c: saves that lose nothing. Lines are only ever appended, and
 * each is on disk (fsync) before the game goes on. */
#include "save/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

char *journal_dir(void)
{
	const char *xdg = getenv("XDG_STATE_HOME");
	if (xdg && xdg[0] == '/')
		return xasprintf("%s/medsiege", xdg);
	const char *home = getenv("HOME");
	return xasprintf("%s/.local/state/medsiege", home && *home ? home : ".");
}

static uint64_t fnv_file(uint64_t h, const char *path, char **err)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		return 0;
	}
	int c;
	while ((c = getc(f)) != EOF) {
		h ^= (unsigned char)c;
		h *= 0x100000001b3ULL;
	}
	fclose(f);
	return h;
}

uint64_t journal_hash_files(const char *scenario, const char *roster, char **err)
{
	*err = NULL;
	uint64_t h = fnv_file(0xcbf29ce484222325ULL, scenario, err);
	if (*err)
		return 0;
	h = fnv_file(h, roster, err);
	return *err ? 0 : h;
}

/* mkdir -p */
static int make_dirs(const char *dir, char **err)
{
	char *p = xstrdup(dir);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0700) != 0 && errno != EEXIST)
			goto fail;
		*s = '/';
	}
	if (mkdir(p, 0700) != 0 && errno != EEXIST)
		goto fail;
	free(p);
	return 0;
fail:
	*err = xasprintf("%s: cannot create: %s", p, strerror(errno));
	free(p);
	return -1;
}

static int write_all(struct journal *j, const char *s, char **err)
{
	size_t n = strlen(s);
	while (n > 0) {
		ssize_t w = write(j->fd, s, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			*err = xasprintf("%s: cannot write: %s", j->path,
					 strerror(errno));
			return -1;
		}
		s += w;
		n -= (size_t)w;
	}
	if (fsync(j->fd) != 0) {
		*err = xasprintf("%s: cannot sync: %s", j->path, strerror(errno));
		return -1;
	}
	return 0;
}

static struct journal *journal_open_fd(char *path, int flags, char **err)
{
	int fd = open(path, flags, 0600);
	if (fd < 0) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	struct journal *j = xcalloc(1, sizeof *j);
	j->path = path;
	j->fd = fd;
	return j;
}

struct journal *journal_create(const char *dir, const char *scenario_name,
			       const char *scenario_path, uint64_t hash,
			       uint64_t seed, char **err)
{
	*err = NULL;
	if (make_dirs(dir, err))
		return NULL;
	char slug[40];
	size_t k = 0;
	for (const char *s = scenario_name; *s && k < sizeof slug - 1; s++) {
		char c = *s;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
			slug[k++] = c;
		else if (c >= 'A' && c <= 'Z')
			slug[k++] = (char)(c - 'A' + 'a');
		else if (k && slug[k - 1] != '-')
			slug[k++] = '-';
	}
	slug[k] = '\0';
	time_t now = time(NULL);
	struct tm tm;
	localtime_r(&now, &tm);
	char stamp[32];
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	struct journal *j = NULL;
	/* Two games started in the same second get different names. */
	for (int n = 0; n < 100 && !j; n++) {
		char *path = n ? xasprintf("%s/%s-%s-%d.save", dir, slug, stamp, n)
			       : xasprintf("%s/%s-%s.save", dir, slug, stamp);
		free(*err);
		*err = NULL;
		j = journal_open_fd(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND,
				    err);
		if (!j && errno != EEXIST)
			break;
	}
	if (!j)
		return NULL;
	char abs[4096];
	const char *sp = realpath(scenario_path, abs) ? abs : scenario_path;
	char iso[40];
	strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%S", &tm);
	char *head = xasprintf("%s %d\n# scenario: %s\n# hash: %016llx\n"
			       "# seed: %llu\n# started: %s\n",
			       JOURNAL_MAGIC, JOURNAL_VERSION, sp,
			       (unsigned long long)hash,
			       (unsigned long long)seed, iso);
	int rc = write_all(j, head, err);
	free(head);
	if (rc) {
		journal_close(j);
		return NULL;
	}
	return j;
}

struct journal *journal_reopen(const char *path, char **err)
{
	*err = NULL;
	return journal_open_fd(xstrdup(path), O_WRONLY | O_APPEND, err);
}

int journal_append(struct journal *j, const char *line, char **err)
{
	char *s = xasprintf("%s\n", line);
	int rc = write_all(j, s, err);
	free(s);
	return rc;
}

int journal_checkpoint(struct journal *j, int after_cmds, int round,
		       uint64_t hash, char **err)
{
	(void)after_cmds;
	if (round <= j->last_round)
		return 0;
	j->last_round = round;
	char *s = xasprintf("# round %d hash %016llx\n", round,
			    (unsigned long long)hash);
	int rc = write_all(j, s, err);
	free(s);
	return rc;
}

int journal_finish(struct journal *j, const char *result, char **err)
{
	char *s = xasprintf("# over: %s\n", result);
	int rc = write_all(j, s, err);
	free(s);
	return rc;
}

void journal_close(struct journal *j)
{
	if (!j)
		return;
	if (j->fd >= 0)
		close(j->fd);
	free(j->path);
	free(j);
}

static void add_control(struct journal_data *d, const char *who,
			const char *team)
{
	d->control = xrealloc(d->control,
			      (size_t)(d->ncontrol + 1) * sizeof *d->control);
	d->control[d->ncontrol].team = xstrdup(team);
	d->control[d->ncontrol].who = xstrdup(who);
	d->ncontrol++;
}

void journal_data_free(struct journal_data *d)
{
	free(d->scenario);
	for (int i = 0; i < d->ncmds; i++)
		free(d->cmds[i]);
	free(d->cmds);
	free(d->lines);
	free(d->checks);
	free(d->warning);
	for (int i = 0; i < d->ncontrol; i++) {
		free(d->control[i].team);
		free(d->control[i].who);
	}
	free(d->control);
	memset(d, 0, sizeof *d);
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 && *s != '\t')
			return false;
	return true;
}

int journal_read(const char *path, struct journal_data *d, char **err)
{
	memset(d, 0, sizeof *d);
	*err = NULL;
	FILE *f = fopen(path, "r");
	if (!f) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, version = -1;
	bool have_seed = false, have_hash = false;
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		bool complete = len > 0 && line[len - 1] == '\n';
		if (complete)
			line[--len] = '\0';
		if (lineno == 1) {
			size_t m = strlen(JOURNAL_MAGIC);
			if (strncmp(line, JOURNAL_MAGIC, m) != 0) {
				*err = xasprintf("%s:1: not a medsiege save", path);
				break;
			}
			version = atoi(line + m);
			if (version != JOURNAL_VERSION) {
				*err = xasprintf("%s:1: a save of version %d; this "
						 "medsiege reads version %d",
						 path, version, JOURNAL_VERSION);
				break;
			}
			continue;
		}
		if (!complete) {
			d->warning = xasprintf("%s:%d: the last line was cut short "
					       "and is ignored",
					       path, lineno);
			break;
		}
		if (strlen(line) != (size_t)len || !printable(line)) {
			d->warning = xasprintf("%s:%d: damaged line; the game "
					       "resumes from the line before",
					       path, lineno);
			break;
		}
		unsigned long long v;
		int round;
		char buf[4096], who[16];
		if (sscanf(line, "# scenario: %4095[^\n]", buf) == 1) {
			free(d->scenario);
			d->scenario = xstrdup(buf);
		} else if (sscanf(line, "# hash: %llx", &v) == 1) {
			d->hash = v;
			have_hash = true;
		} else if (sscanf(line, "# seed: %llu", &v) == 1) {
			d->seed = v;
			have_seed = true;
		} else if (sscanf(line, "# round %d hash %llx", &round, &v) == 2) {
			d->checks = xrealloc(d->checks, (size_t)(d->ncheck + 1) *
								sizeof *d->checks);
			d->checks[d->ncheck++] =
				(struct journal_check){d->ncmds, round, v};
		} else if (sscanf(line, "# ai: %4095[^\n]", buf) == 1) {
			/* The form before control lines: the computer plays. */
			add_control(d, "ai", buf);
		} else if (sscanf(line, "# control: %15s %4095[^\n]", who, buf) ==
			   2) {
			add_control(d, who, buf);
		} else if (strcmp(line, JOURNAL_DICE_MANUAL) == 0) {
			d->manual_dice = true;
		} else if (strncmp(line, "# over:", 7) == 0) {
			d->over = true;
		} else if (line[0] != '#' && line[0] != '\0') {
			d->cmds = xrealloc(d->cmds,
					   (size_t)(d->ncmds + 1) * sizeof *d->cmds);
			d->lines = xrealloc(d->lines, (size_t)(d->ncmds + 1) *
							      sizeof *d->lines);
			d->lines[d->ncmds] = lineno;
			d->cmds[d->ncmds++] = xstrdup(line);
		}
	}
	free(line);
	fclose(f);
	if (!*err && lineno == 0)
		*err = xasprintf("%s: empty file, not a medsiege save", path);
	if (!*err && (!d->scenario || !have_seed || !have_hash))
		*err = xasprintf("%s: the header is incomplete (scenario, hash "
				 "and seed are needed)",
				 path);
	if (*err) {
		journal_data_free(d);
		return -1;
	}
	return 0;
}

char *journal_latest(const char *dir)
{
	DIR *dp = opendir(dir);
	if (!dp)
		return NULL;
	char *best = NULL;
	struct timespec best_t = {0, 0};
	struct dirent *e;
	while ((e = readdir(dp))) {
		size_t n = strlen(e->d_name);
		if (n < 6 || strcmp(e->d_name + n - 5, ".save") != 0)
			continue;
		char *p = xasprintf("%s/%s", dir, e->d_name);
		struct stat st;
		struct journal_data d;
		char *err = NULL;
		bool usable = stat(p, &st) == 0 && journal_read(p, &d, &err) == 0;
		if (usable) {
			usable = !d.over;
			journal_data_free(&d);
		}
		free(err);
		if (usable && (st.st_mtim.tv_sec > best_t.tv_sec ||
			       (st.st_mtim.tv_sec == best_t.tv_sec &&
				st.st_mtim.tv_nsec > best_t.tv_nsec))) {
			free(best);
			best = p;
			best_t = st.st_mtim;
		} else {
			free(p);
		}
	}
	closedir(dp);
	return best;
}
