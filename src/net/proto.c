/* proto.c: lines, buffers, socket folders and codes for network play. */
#define _GNU_SOURCE /* secure_getenv: no test hook or path from the environment under set-id */
#include "net/proto.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "base/util.h"

void conn_init(struct conn *c, int fd)
{
	memset(c, 0, sizeof *c);
	c->fd = fd;
}

void conn_close(struct conn *c, const char *why)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	if (why && !c->why[0])
		snprintf(c->why, sizeof c->why, "%s", why);
	free(c->out);
	c->out = NULL;
	c->nout = c->outcap = 0;
	c->nin = 0;
}

int conn_read(struct conn *c)
{
	if (c->fd < 0)
		return -1;
	size_t room = sizeof c->in - c->nin;
	if (room == 0)
		return 1; /* a whole line must be taken out first */
	ssize_t n = read(c->fd, c->in + c->nin, room);
	if (n > 0) {
		c->nin += (size_t)n;
		return 1;
	}
	if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR))
		return 0;
	snprintf(c->why, sizeof c->why, "%s",
		 n == 0 ? "the other side closed the connection"
			: strerror(errno));
	return -1;
}

bool proto_text_ok(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		unsigned c = p[i];
		if (c < 0x80) {
			if ((c < 0x20 && c != '\t') || c == 0x7f)
				return false;
			i++;
			continue;
		}
		int len = c >= 0xf0 && c <= 0xf4 ? 4
			  : c >= 0xe0		 ? 3
			  : c >= 0xc2 && c <= 0xdf ? 2
						   : 0;
		if (len == 0 || i + (size_t)len > n)
			return false;
		unsigned cp = c & (len == 2 ? 0x1f : len == 3 ? 0x0f : 0x07);
		for (int k = 1; k < len; k++) {
			if ((p[i + k] & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (p[i + k] & 0x3f);
		}
		/* No overlong forms, surrogates or values past U+10FFFF. */
		if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += (size_t)len;
	}
	return true;
}

int conn_line(struct conn *c, char *line)
{
	char *nl = memchr(c->in, '\n', c->nin);
	if (!nl) {
		if (c->nin == sizeof c->in) {
			snprintf(c->why, sizeof c->why,
				 "a line longer than %d bytes", PROTO_LINE_MAX);
			return -1;
		}
		return 0;
	}
	size_t n = (size_t)(nl - c->in);
	if (n && c->in[n - 1] == '\r')
		n--; /* a terminal's line ending is still one line */
	if (!proto_text_ok(c->in, n)) {
		snprintf(c->why, sizeof c->why,
			 "a line that is not UTF-8 text (NUL or control bytes)");
		return -1;
	}
	memcpy(line, c->in, n);
	line[n] = '\0';
	size_t used = (size_t)(nl - c->in) + 1;
	memmove(c->in, c->in + used, c->nin - used);
	c->nin -= used;
	return 1;
}

bool conn_queue(struct conn *c, const char *line, size_t max)
{
	size_t n = strlen(line);
	if (c->fd < 0)
		return false;
	if (c->nout + n + 1 > max) {
		snprintf(c->why, sizeof c->why,
			 "not reading: more than %zu bytes waiting", max);
		return false;
	}
	if (c->nout + n + 1 > c->outcap) {
		size_t cap = c->outcap ? c->outcap : 1024;
		while (cap < c->nout + n + 1)
			cap *= 2;
		c->out = xrealloc(c->out, cap);
		c->outcap = cap;
	}
	memcpy(c->out + c->nout, line, n);
	c->out[c->nout + n] = '\n';
	c->nout += n + 1;
	return true;
}

int conn_flush(struct conn *c)
{
	while (c->fd >= 0 && c->nout > 0) {
		ssize_t n = send(c->fd, c->out, c->nout, MSG_NOSIGNAL | MSG_DONTWAIT);
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 0;
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			snprintf(c->why, sizeof c->why, "%s", strerror(errno));
			return -1;
		}
		memmove(c->out, c->out + n, c->nout - (size_t)n);
		c->nout -= (size_t)n;
	}
	if (c->nout == 0 && c->outcap > 65536) {
		/* A burst is over: give its memory back. */
		free(c->out);
		c->out = NULL;
		c->outcap = 0;
	}
	return 0;
}

void conn_cut_queue(struct conn *c)
{
	/* Every queued line ends in a newline: the first one may be
	 * partly written already, so it stays whole. */
	char *nl = c->nout ? memchr(c->out, '\n', c->nout) : NULL;
	c->nout = nl ? (size_t)(nl - c->out) + 1 : 0;
}

/* --- folders ------------------------------------------------------------ */

/* Group folders are made in /tmp, or where MEDSIEGE_GROUP_ROOT says (a
 * test's own folder). */
static const char *group_root(void)
{
	const char *r = secure_getenv("MEDSIEGE_GROUP_ROOT");
	return r && r[0] == '/' ? r : "/tmp";
}

/* Check an existing folder: a real folder (no link), owned by us (or,
 * for a group folder, of that group), open to nobody else. */
static int check_dir(const char *path, gid_t gid, bool group, char *why,
		     size_t whysize)
{
	struct stat st;
	if (lstat(path, &st) != 0) {
		snprintf(why, whysize, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		snprintf(why, whysize, "%s is not a folder", path);
		return -1;
	}
	if (!group && (st.st_uid != getuid() || (st.st_mode & 077))) {
		snprintf(why, whysize,
			 "%s must be yours with mode 0700 (it is %04o): "
			 "other users could reach your games",
			 path, (unsigned)(st.st_mode & 07777));
		return -1;
	}
	if (group && (st.st_gid != gid || (st.st_mode & 07))) {
		snprintf(why, whysize,
			 "%s must belong to the group and be closed to others",
			 path);
		return -1;
	}
	return 0;
}

int proto_dir(const char *group, char *out, size_t size, char *why,
	      size_t whysize)
{
	if (group) {
		struct group *gr = getgrnam(group);
		if (!gr) {
			snprintf(why, whysize, "no group named '%s'", group);
			return -1;
		}
		snprintf(out, size, "%s/medsiege-group-%s", group_root(), group);
		if (mkdir(out, 03770) == 0) {
			if (chown(out, (uid_t)-1, gr->gr_gid) != 0 ||
			    chmod(out, 03770) != 0) {
				snprintf(why, whysize, "%s: %s", out,
					 strerror(errno));
				rmdir(out);
				return -1;
			}
		} else if (errno != EEXIST) {
			snprintf(why, whysize, "%s: %s", out, strerror(errno));
			return -1;
		}
		return check_dir(out, gr->gr_gid, true, why, whysize);
	}
	const char *rt = secure_getenv("XDG_RUNTIME_DIR");
	if (rt && rt[0] == '/')
		snprintf(out, size, "%s/medsiege", rt);
	else
		snprintf(out, size, "/tmp/medsiege-%u", (unsigned)getuid());
	if (mkdir(out, 0700) != 0 && errno != EEXIST) {
		snprintf(why, whysize, "%s: %s", out, strerror(errno));
		return -1;
	}
	return check_dir(out, 0, false, why, whysize);
}

int proto_dirs(void (*fn)(void *ctx, const char *dir), void *ctx)
{
	char dir[PROTO_PATH_LEN], why[256];
	int n = 0;
	struct stat st;
	if (proto_dir(NULL, dir, sizeof dir, why, sizeof why) == 0) {
		fn(ctx, dir);
		n++;
	}
	const char *root = group_root();
	DIR *d = opendir(root);
	if (!d)
		return n;
	const char *base = "medsiege-group-";
	struct dirent *e;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, base, strlen(base)) != 0)
			continue;
		snprintf(dir, sizeof dir, "%.100s/%.100s", root, e->d_name);
		if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode) ||
		    (st.st_mode & 07) || access(dir, R_OK | X_OK) != 0)
			continue;
		fn(ctx, dir);
		n++;
	}
	closedir(d);
	return n;
}

/* --- codes -------------------------------------------------------------- */

/* Crockford's base32 in lower case: no i, l, o or u to misread aloud. */
static const char symbols[] = "0123456789abcdefghjkmnpqrstvwxyz";

static int random_symbols(char *out, int n)
{
	unsigned char raw[32];
	size_t got = 0;
	while (got < (size_t)n) {
		ssize_t r = getrandom(raw + got, (size_t)n - got, 0);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		got += (size_t)r;
	}
	for (int i = 0; i < n; i++)
		out[i] = symbols[raw[i] & 31];
	return 0;
}

int proto_secret(char *out)
{
	char s[16];
	if (random_symbols(s, 16) != 0)
		return -1;
	for (int g = 0, o = 0; g < 4; g++) {
		if (g)
			out[o++] = '-';
		memcpy(out + o, s + 4 * g, 4);
		o += 4;
		out[o] = '\0';
	}
	return 0;
}

int proto_tag(char *out)
{
	if (random_symbols(out, 4) != 0)
		return -1;
	out[4] = '\0';
	return 0;
}

bool proto_code_split(const char *code, char *game, size_t gsize, char *team,
		      size_t tsize)
{
	size_t n = strlen(code);
	if (n <= PROTO_SECRET_LEN + 1 || n >= PROTO_CODE_LEN ||
	    code[n - PROTO_SECRET_LEN - 1] != '-')
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(code[i] == '-' || (code[i] >= 'a' && code[i] <= 'z') ||
		      (code[i] >= '0' && code[i] <= '9')))
			return false;
	/* scenario-tag-team[-watch]-secret: the scenario and team are
	 * written without hyphens of their own. */
	const char *a = strchr(code, '-');
	const char *b = a ? strchr(a + 1, '-') : NULL;
	if (!a || !b || a == code || b == a + 1)
		return false;
	size_t glen = (size_t)(b - code);
	size_t tlen = n - PROTO_SECRET_LEN - 1 - glen - 1;
	if (b + 1 >= code + n - PROTO_SECRET_LEN - 1 || glen >= gsize ||
	    tlen >= tsize)
		return false;
	memcpy(game, code, glen);
	game[glen] = '\0';
	memcpy(team, b + 1, tlen);
	team[tlen] = '\0';
	return true;
}

/* --- sockets ------------------------------------------------------------ */

static int make_addr(const char *path, struct sockaddr_un *a, char *why,
		     size_t whysize)
{
	memset(a, 0, sizeof *a);
	a->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof a->sun_path) {
		snprintf(why, whysize, "socket path too long: %s", path);
		return -1;
	}
	memcpy(a->sun_path, path, strlen(path) + 1);
	return 0;
}

int proto_listen(const char *path, char *why, size_t whysize)
{
	struct sockaddr_un a;
	if (make_addr(path, &a, why, whysize) != 0)
		return -1;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(why, whysize, "socket: %s", strerror(errno));
		return -1;
	}
	if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0) {
		if (errno != EADDRINUSE)
			goto fail;
		/* A socket is there: a live host answers, a dead one's
		 * socket is removed. */
		char w2[64];
		int probe = proto_connect(path, w2, sizeof w2);
		if (probe >= 0) {
			close(probe);
			close(fd);
			snprintf(why, whysize, "a game is already hosted at %s", path);
			return -1;
		}
		unlink(path);
		if (bind(fd, (struct sockaddr *)&a, sizeof a) != 0)
			goto fail;
	}
	if (chmod(path, 0660) != 0 || listen(fd, 64) != 0)
		goto fail;
	return fd;
fail:
	snprintf(why, whysize, "%s: %s", path, strerror(errno));
	close(fd);
	return -1;
}

int proto_connect(const char *path, char *why, size_t whysize)
{
	struct sockaddr_un a;
	if (make_addr(path, &a, why, whysize) != 0)
		return -1;
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		snprintf(why, whysize, "socket: %s", strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&a, sizeof a) != 0) {
		snprintf(why, whysize, "%s", strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}
