/* store.c: the folders of hosted games, opened as OpenSSH opens what it
 * trusts: by descriptor, never through a link, checked with fstat. */
#define _GNU_SOURCE
#include "net/store.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "net/priv.h"
#include "save/journal.h"

int store_root(char *out, size_t size, char *why, size_t whysize)
{
	if (priv_referee())
		return priv_games_dir(out, size, why, whysize);
	char *state = journal_dir();
	int n = snprintf(out, size, "%s/games", state);
	free(state);
	if (n < 0 || (size_t)n >= size) {
		snprintf(why, whysize, "the state folder's name is too long");
		return -1;
	}
	/* Made as mkdir -p would, each new folder the user's alone. */
	for (char *p = out + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(out, 0700) != 0 && errno != EEXIST) {
			snprintf(why, whysize, "%s: %s", out, strerror(errno));
			*p = '/';
			return -1;
		}
		*p = '/';
	}
	if (mkdir(out, 0700) != 0 && errno != EEXIST) {
		snprintf(why, whysize, "%s: %s", out, strerror(errno));
		return -1;
	}
	struct stat st;
	if (lstat(out, &st) != 0 || !S_ISDIR(st.st_mode) ||
	    st.st_uid != getuid() || (st.st_mode & 077)) {
		snprintf(why, whysize,
			 "%s must be a folder of yours with mode 0700: other "
			 "users could read your games",
			 out);
		return -1;
	}
	return 0;
}

bool store_name_ok(const char *name)
{
	size_t n = strlen(name);
	if (n == 0 || n >= STORE_NAME_LEN || name[0] == '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		      (name[i] >= '0' && name[i] <= '9') || name[i] == '-'))
			return false;
	return true;
}

/* A game's folder as it must be: a folder (no link), and, for the
 * referee, of group games and closed to others; for a per-user install,
 * the user's and closed to everyone else. */
static int check_game_dir(int fd, const char *path, char *why, size_t whysize)
{
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISDIR(st.st_mode)) {
		snprintf(why, whysize, "%s is not a game's folder", path);
		return -1;
	}
	bool ok = priv_referee()
			  ? st.st_gid == priv_games_gid() && !(st.st_mode & 07)
			  : st.st_uid == getuid() && !(st.st_mode & 077);
	if (!ok) {
		snprintf(why, whysize,
			 "%s has the wrong owner or mode (%04o): its game is "
			 "not safe to host",
			 path, (unsigned)(st.st_mode & 07777));
		return -1;
	}
	return 0;
}

static int open_game(const char *root, const char *name, bool create,
		     struct store_game *g, char *why, size_t whysize)
{
	memset(g, 0, sizeof *g);
	g->dirfd = -1;
	if (!store_name_ok(name)) {
		snprintf(why, whysize, "'%.60s' is not a game's name", name);
		return -1;
	}
	snprintf(g->name, sizeof g->name, "%s", name);
	if (snprintf(g->dir, sizeof g->dir, "%s/%s", root, name) >=
	    (int)sizeof g->dir) {
		snprintf(why, whysize, "the games folder's name is too long");
		return -1;
	}
	int rootfd = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (rootfd < 0) {
		snprintf(why, whysize, "%s: %s", root, strerror(errno));
		return -1;
	}
	mode_t mode = priv_referee() ? 02770 : 0700;
	if (create && mkdirat(rootfd, name, mode) != 0) {
		snprintf(why, whysize, "%s: %s", g->dir, strerror(errno));
		close(rootfd);
		return -1;
	}
	g->dirfd = openat(rootfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
					      O_CLOEXEC);
	int e = errno;
	close(rootfd);
	if (g->dirfd < 0) {
		snprintf(why, whysize, "%s",
			 e == ENOENT ? "no such game" : strerror(e));
		return -1;
	}
	/* The umask may have taken the group's bits (or the set-group-id
	 * bit): the folder is given exactly its mode. */
	if (create && fchmod(g->dirfd, mode) != 0) {
		snprintf(why, whysize, "%s: %s", g->dir, strerror(errno));
		store_remove(g);
		return -1;
	}
	if (check_game_dir(g->dirfd, g->dir, why, whysize) != 0) {
		store_close(g);
		return -1;
	}
	return 0;
}

int store_create(const char *root, const char *name, struct store_game *g,
		 char *why, size_t whysize)
{
	return open_game(root, name, true, g, why, whysize);
}

int store_open(const char *root, const char *name, struct store_game *g,
	       char *why, size_t whysize)
{
	return open_game(root, name, false, g, why, whysize);
}

void store_close(struct store_game *g)
{
	if (g->dirfd >= 0)
		close(g->dirfd);
	g->dirfd = -1;
}

void store_remove(struct store_game *g)
{
	if (g->dirfd < 0)
		return;
	int fd = dup(g->dirfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)))
			if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
				unlinkat(g->dirfd, e->d_name, 0);
		closedir(d);
	} else if (fd >= 0) {
		close(fd);
	}
	store_close(g);
	rmdir(g->dir);
}

int store_file(const struct store_game *g, const char *file, int flags,
	       char *why, size_t whysize)
{
	if (flags & O_CREAT)
		flags |= O_EXCL;
	mode_t mode = priv_referee() ? 0660 : 0600;
	int fd = openat(g->dirfd, file, flags | O_NOFOLLOW | O_CLOEXEC, mode);
	if (fd < 0) {
		snprintf(why, whysize, "%s/%s: %s", g->dir, file, strerror(errno));
		return -1;
	}
	struct stat st;
	bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
		  !(st.st_mode & 07) &&
		  (priv_referee() ? st.st_gid == priv_games_gid()
				  : st.st_uid == getuid() && !(st.st_mode & 070));
	if (!ok) {
		snprintf(why, whysize,
			 "%s/%s is not a file this game made (its owner, mode "
			 "or links are wrong)",
			 g->dir, file);
		close(fd);
		return -1;
	}
	return fd;
}

int store_write_new(const struct store_game *g, const char *file,
		    const char *bytes, size_t len, char *why, size_t whysize)
{
	int fd = store_file(g, file, O_WRONLY | O_CREAT, why, whysize);
	if (fd < 0)
		return -1;
	int rc = file_write_all(fd, bytes, len) && fsync(fd) == 0 ? 0 : -1;
	if (rc != 0)
		snprintf(why, whysize, "%s/%s: cannot write: %s", g->dir, file,
			 strerror(errno));
	close(fd);
	return rc;
}

void store_path(const struct store_game *g, const char *file, char *out,
		size_t size)
{
	snprintf(out, size, "%s/%s", g->dir, file);
}

int store_list(const char *root, void (*fn)(void *ctx, const char *name),
	       void *ctx)
{
	DIR *d = opendir(root);
	if (!d)
		return 0;
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (!store_name_ok(e->d_name))
			continue;
		fn(ctx, e->d_name);
		n++;
	}
	closedir(d);
	return n;
}

char *store_read_fd(int fd, size_t max, size_t *len, char *why,
		    size_t whysize)
{
	size_t cap = 4096, n = 0;
	char *buf = xmalloc(cap + 1);
	for (;;) {
		if (n == cap) {
			if (cap >= max) {
				snprintf(why, whysize, "longer than %zu bytes", max);
				free(buf);
				return NULL;
			}
			cap = cap * 2 > max ? max : cap * 2;
			buf = xrealloc(buf, cap + 1);
		}
		ssize_t r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(why, whysize, "%s", strerror(errno));
			free(buf);
			return NULL;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}
