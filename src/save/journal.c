/* journal.c: saves that lose nothing. Lines are only ever appended, and
 * each is on disk (fsync) before the game goes on. A save in play is
 * locked; a full disk cuts it back to its last whole line; a save whose
 * folder vanished is written again from the open file. */
#define _GNU_SOURCE /* secure_getenv: no test hook or path from the environment under set-id */
#include "save/journal.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "game/version.h"

char *journal_dir(void)
{
	const char *xdg = secure_getenv("XDG_STATE_HOME");
	if (xdg && xdg[0] == '/')
		return xasprintf("%s/medsiege", xdg);
	/* Under set-id the environment is not trusted: the home is the
	 * account's. */
	const char *home = secure_getenv("HOME");
	if (!home || !*home) {
		struct passwd *pw = getpwuid(getuid());
		home = pw && pw->pw_dir ? pw->pw_dir : ".";
	}
	return xasprintf("%s/.local/state/medsiege", home);
}

static uint64_t fnv_file(uint64_t h, const char *path, char **err)
{
	const char *why;
	int fd = file_open_regular(path, O_RDONLY, &why);
	FILE *f = fd >= 0 ? fdopen(fd, "rb") : NULL;
	if (!f) {
		*err = xasprintf("%s: cannot open: %s", path,
				 why ? why : strerror(errno));
		if (fd >= 0)
			close(fd);
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

/* Write n bytes at fd; 0, or the errno of the failure. */
static int write_fd(int fd, const char *s, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, s, n);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			return errno;
		}
		s += w;
		n -= (size_t)w;
	}
	return 0;
}

/* The test hook, read once for each journal. */
static void fault_init(struct journal *j)
{
	const char *env = secure_getenv(JOURNAL_FAULT_ENV);
	char kind[16];
	int at = 0;
	size_t bytes = 0;
	int count = 0;
	if (!env || sscanf(env, "%15[a-z]:%d:%zu:%d", kind, &at, &bytes, &count) < 2 ||
	    at < 1)
		return;
	j->fault_count = count > 0 ? count : 0;
	if (strcmp(kind, "enospc") == 0)
		j->fault = 'n';
	else if (strcmp(kind, "kill") == 0)
		j->fault = 'k';
	j->fault_at = at;
	j->fault_bytes = bytes;
}

/* Lock the save for this game; false when another game holds it. */
static bool lock(int fd)
{
	while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
		if (errno == EINTR)
			continue;
		/* No locks here (some network file systems): go on, as
		 * before locks were taken. */
		return errno != EWOULDBLOCK;
	}
	return true;
}

/* mkdir -p for the folder that holds path. */
static int make_parent(const char *path, char **err)
{
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	int rc = 0;
	if (slash && slash != dir) {
		*slash = '\0';
		rc = make_dirs(dir, err);
	}
	free(dir);
	return rc;
}

/* The save was unlinked while we held it open (its folder removed, say):
 * what it holds is still in the open file. Write it all again at its
 * path, and go on there. */
static int rewrite_vanished(struct journal *j, char **err)
{
	struct stat st;
	if (fstat(j->fd, &st) != 0 || make_parent(j->path, err) != 0)
		goto fail;
	int fd = open(j->path, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC,
		      0600);
	if (fd < 0)
		goto fail;
	lock(fd);
	char buf[65536];
	int e = 0;
	for (off_t off = 0; off < st.st_size && !e;) {
		ssize_t r = pread(j->fd, buf, sizeof buf, off);
		if (r <= 0) {
			e = r < 0 ? errno : EIO;
			break;
		}
		e = write_fd(fd, buf, (size_t)r);
		off += r;
	}
	if (!e && fsync(fd) != 0)
		e = errno;
	if (e) {
		close(fd);
		unlink(j->path);
		errno = e;
		goto fail;
	}
	close(j->fd);
	j->fd = fd;
	j->rewritten = true;
	return 0;
fail:
	if (!*err)
		*err = xasprintf("%s: the save vanished and cannot be written "
				 "again: %s",
				 j->path, strerror(errno));
	return -1;
}

/* Append s (whole lines) and fsync; on failure the save is cut back to
 * what it held before, its last whole line. */
static int write_all(struct journal *j, const char *s, char **err)
{
	size_t n = strlen(s), cut = n;
	struct stat st;
	off_t before = fstat(j->fd, &st) == 0 ? st.st_size : -1;
	char fault = 0;
	j->writes++;
	if (j->fault && j->writes == j->fault_at) {
		fault = j->fault;
		cut = j->fault_bytes < n ? j->fault_bytes : n;
	} else if (j->fault == 'n' && j->writes > j->fault_at &&
		   (j->fault_count == 0 || j->writes < j->fault_at + j->fault_count)) {
		fault = 'n'; /* the disk stays full (for fault_count writes) */
		cut = 0;
	}
	int e = write_fd(j->fd, s, cut);
	if (!e && fault == 'k')
		raise(SIGKILL);
	if (!e && fault == 'n')
		e = ENOSPC;
	if (e) {
		if (before >= 0 && ftruncate(j->fd, before) == 0)
			fsync(j->fd);
		*err = xasprintf("%s: cannot write: %s", j->path, strerror(e));
		return -1;
	}
	if (fsync(j->fd) != 0) {
		*err = xasprintf("%s: cannot sync: %s", j->path, strerror(errno));
		return -1;
	}
	if (fstat(j->fd, &st) == 0 && st.st_nlink == 0)
		return rewrite_vanished(j, err);
	return 0;
}

static struct journal *journal_alloc(char *path, int fd)
{
	struct journal *j = xcalloc(1, sizeof *j);
	j->path = path;
	j->fd = fd;
	fault_init(j);
	return j;
}

struct journal *journal_create(const char *dir, const char *scenario_name,
			       const char *scenario_path, uint64_t hash,
			       uint64_t seed, char **err)
{
	*err = NULL;
	char abs[4096];
	const char *sp = realpath(scenario_path, abs) ? abs : scenario_path;
	/* The header must read back as it was written. */
	if (!cmd_text_ok(sp) || strlen(sp) + 16 > JOURNAL_LINE_MAX) {
		*err = xasprintf("the scenario's path cannot be written in a save "
				 "(a control character, or too long)");
		return NULL;
	}
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
	char *path = NULL;
	int fd = -1;
	/* Two games started in the same second get different names. */
	for (int n = 0; n < 100 && fd < 0; n++) {
		free(path);
		path = n ? xasprintf("%s/%s-%s-%d.save", dir, slug, stamp, n)
			 : xasprintf("%s/%s-%s.save", dir, slug, stamp);
		fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC,
			  0600);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		free(path);
		return NULL;
	}
	lock(fd);
	struct journal *j = journal_alloc(path, fd);
	char iso[40];
	strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%S", &tm);
	char *head = xasprintf("%s %d\n%s %d\n# scenario: %s\n"
			       "# hash: %016llx\n# seed: %llu\n# started: %s\n",
			       JOURNAL_MAGIC, JOURNAL_VERSION, JOURNAL_RULES,
			       RULES_VERSION, sp,
			       (unsigned long long)hash,
			       (unsigned long long)seed, iso);
	int rc = write_all(j, head, err);
	free(head);
	if (rc) {
		/* A save without its header is no save: leave nothing. */
		unlink(j->path);
		journal_close(j);
		return NULL;
	}
	return j;
}

struct journal *journal_open(const char *path, bool *busy, char **err)
{
	*err = NULL;
	*busy = false;
	const char *why;
	int fd = file_open_regular(path, O_RDWR | O_APPEND, &why);
	if (fd < 0) {
		*err = xasprintf("%s: cannot %s: %s", path,
				 fd == -1 ? "open" : "read", why);
		return NULL;
	}
	if (!lock(fd)) {
		close(fd);
		*busy = true;
		*err = xasprintf("%s: this game is open elsewhere (another "
				 "medsiege is playing it)",
				 path);
		return NULL;
	}
	return journal_alloc(xstrdup(path), fd);
}

int journal_append(struct journal *j, const char *line, char **err)
{
	char *s = xasprintf("%s\n", line);
	int rc = write_all(j, s, err);
	free(s);
	return rc;
}

long long journal_size(const struct journal *j)
{
	struct stat st;
	return fstat(j->fd, &st) == 0 ? (long long)st.st_size : -1;
}

int journal_cut(struct journal *j, long long size, char **err)
{
	if (size < 0 || ftruncate(j->fd, (off_t)size) != 0 || fsync(j->fd) != 0) {
		*err = xasprintf("%s: cannot take back a refused command: %s",
				 j->path, size < 0 ? "its size is unknown"
						   : strerror(errno));
		return -1;
	}
	return 0;
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
	free(d->roster);
	free(d->result);
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

/* Room for one more entry in an array of n, grown by doubling. */
static void *grow(void *p, int n, size_t size)
{
	if (n == 0 || (n >= 8 && (n & (n - 1)) == 0))
		return xrealloc(p, (size_t)(n ? 2 * n : 8) * size);
	return p;
}

/* The widths in read_line's formats are JOURNAL_LINE_MAX - 1. */
_Static_assert(JOURNAL_LINE_MAX == 4200, "update the %4199[ widths");

/* One line of the save (lineno from 2), into d; false when it is damage,
 * with d->warning set. */
static bool read_line(const char *path, int lineno, const char *line,
		      struct journal_data *d, bool *have_seed, bool *have_hash)
{
	unsigned long long v;
	int round;
	char buf[JOURNAL_LINE_MAX + 1], who[16];
	if (sscanf(line, "# scenario: %4199[^\n]", buf) == 1) {
		free(d->scenario);
		d->scenario = xstrdup(buf);
	} else if (sscanf(line, "# roster: %4199[^\n]", buf) == 1) {
		free(d->roster);
		d->roster = xstrdup(buf);
	} else if (sscanf(line, "# hash: %llx", &v) == 1) {
		d->hash = v;
		*have_hash = true;
	} else if (sscanf(line, JOURNAL_RULES " %d", &round) == 1) {
		d->rules = round;
	} else if (sscanf(line, "# seed: %llu", &v) == 1) {
		d->seed = v;
		*have_seed = true;
	} else if (sscanf(line, "# round %d hash %llx", &round, &v) == 2) {
		d->checks = grow(d->checks, d->ncheck, sizeof *d->checks);
		d->checks[d->ncheck++] =
			(struct journal_check){d->ncmds, round, v};
	} else if (sscanf(line, "# ai: %4199[^\n]", buf) == 1) {
		/* The form before control lines: the computer plays. */
		add_control(d, "ai", buf);
	} else if (sscanf(line, "# control: %15s %4199[^\n]", who, buf) == 2) {
		add_control(d, who, buf);
	} else if (strcmp(line, JOURNAL_DICE_MANUAL) == 0) {
		d->manual_dice = true;
	} else if (strncmp(line, "# over:", 7) == 0) {
		d->over = true;
		free(d->result);
		d->result = xstrdup(line + 7 + (line[7] == ' '));
	} else if (line[0] != '#' && line[0] != '\0') {
		/* What cmd_execute would refuse was never saved by us. */
		if (strlen(line) > CMD_LINE_MAX) {
			d->warning = xasprintf("%s:%d: damaged line; the game "
					       "resumes from the line before",
					       path, lineno);
			return false;
		}
		d->cmds = grow(d->cmds, d->ncmds, sizeof *d->cmds);
		d->lines = grow(d->lines, d->ncmds, sizeof *d->lines);
		d->lines[d->ncmds] = lineno;
		d->cmds[d->ncmds++] = xstrdup(line);
	}
	return true;
}

/* The first line: the magic and this version; NULL, or why not. */
static char *read_magic(const char *path, const char *line)
{
	size_t m = strlen(JOURNAL_MAGIC);
	if (strncmp(line, JOURNAL_MAGIC, m) != 0)
		return xasprintf("%s:1: not a medsiege save", path);
	int version = atoi(line + m);
	if (version != JOURNAL_VERSION)
		return xasprintf("%s:1: a save of version %d; this medsiege "
				 "reads version %d",
				 path, version, JOURNAL_VERSION);
	return NULL;
}

int journal_read(const char *path, struct journal_data *d, char **err)
{
	memset(d, 0, sizeof *d);
	d->rules = 1; /* no "# rules:" line: made before saves said */
	*err = NULL;
	const char *why;
	int fd = file_open_regular(path, O_RDONLY, &why);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	if (!f) {
		*err = xasprintf("%s: cannot %s: %s", path,
				 fd == -2 ? "read" : "open",
				 fd >= 0 ? strerror(errno) : why);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	char *line = xmalloc(JOURNAL_LINE_MAX + 1);
	size_t len;
	bool complete;
	int lineno = 0;
	bool have_seed = false, have_hash = false;
	enum file_line r;
	while ((r = file_read_line(f, line, JOURNAL_LINE_MAX, &len,
				   &complete)) != FILE_LINE_EOF) {
		lineno++;
		if (r == FILE_LINE_ERROR) {
			*err = xasprintf("%s:%d: cannot read: %s", path, lineno,
					 strerror(errno));
			break;
		}
		if (lineno == 1) {
			*err = read_magic(path, line);
			if (*err)
				break;
			continue;
		}
		if (r == FILE_LINE_OK && !complete) {
			d->warning = xasprintf("%s:%d: the last line was cut short "
					       "and is ignored",
					       path, lineno);
			break;
		}
		/* Too long, a NUL, a control character: nothing we wrote. */
		if (r == FILE_LINE_TOO_LONG || strlen(line) != len ||
		    !cmd_text_ok(line)) {
			d->warning = xasprintf("%s:%d: damaged line; the game "
					       "resumes from the line before",
					       path, lineno);
			break;
		}
		if (!read_line(path, lineno, line, d, &have_seed, &have_hash))
			break;
	}
	free(line);
	fclose(f);
	if (!*err && lineno == 0)
		*err = xasprintf("%s: empty file, not a medsiege save", path);
	if (!*err && (!d->scenario || !have_seed || !have_hash))
		*err = xasprintf("%s: the header is incomplete (scenario, hash "
				 "and seed are needed)",
				 path);
	int rc = *err ? -1 : 0;
	if (!*err && d->rules != RULES_VERSION) {
		*err = xasprintf("%s: made by rules version %d of medsiege; this "
				 "medsiege plays rules version %d (replay it "
				 "with the medsiege that made it)",
				 path, d->rules, RULES_VERSION);
		rc = JOURNAL_OTHER_RULES;
	}
	if (*err)
		journal_data_free(d);
	return rc;
}

/* Whether another medsiege holds the save (its lock): a resume without
 * a name passes over it rather than stop at it. */
static bool open_elsewhere(const char *path)
{
	const char *why;
	int fd = file_open_regular(path, O_RDONLY, &why);
	if (fd < 0)
		return false;
	bool busy = false;
	while (flock(fd, LOCK_SH | LOCK_NB) != 0) {
		if (errno == EINTR)
			continue;
		busy = errno == EWOULDBLOCK;
		break;
	}
	close(fd);
	return busy;
}

/* Whether a is newer than b. */
static bool newer(struct timespec a, struct timespec b)
{
	return a.tv_sec > b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec > b.tv_nsec);
}

char *journal_latest(const char *dir, char **busy)
{
	*busy = NULL;
	DIR *dp = opendir(dir);
	if (!dp)
		return NULL;
	char *best = NULL;
	struct timespec best_t = {0, 0}, busy_t = {0, 0};
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
		if (usable && open_elsewhere(p)) {
			/* Kept to be named: the player may mean that one. */
			if (newer(st.st_mtim, busy_t)) {
				free(*busy);
				*busy = xstrdup(p);
				busy_t = st.st_mtim;
			}
		} else if (usable && newer(st.st_mtim, best_t)) {
			free(best);
			best = xstrdup(p);
			best_t = st.st_mtim;
		}
		free(p);
	}
	closedir(dp);
	if (*busy && best && !newer(busy_t, best_t)) {
		free(*busy);
		*busy = NULL;
	}
	return best;
}
