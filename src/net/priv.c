/* priv.c: the referee's privilege, held briefly and dropped for good. */
#define _GNU_SOURCE /* setresgid, getresgid, secure_getenv */
#include "net/priv.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"

#ifndef MEDSIEGE_GAMESDIR
#define MEDSIEGE_GAMESDIR "/var/games/medsiege"
#endif

/* The ids at start: process state of the program, not of a game. */
static gid_t start_rgid = (gid_t)-1, start_egid = (gid_t)-1;
static bool dropped;

void priv_init(void)
{
	/* A closed 0, 1 or 2 would be taken by the next file opened, and
	 * an error message would then land in a save. */
	for (int fd = 0; fd <= 2; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
			int n = open("/dev/null", O_RDWR);
			if (n < 0)
				abort();
			if (n != fd)
				abort(); /* 0-2 are taken lowest first */
		}
	gid_t r, e, s;
	if (getresgid(&r, &e, &s) != 0)
		abort();
	start_rgid = r;
	start_egid = e;
	if (r != e) {
		umask(007);
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	}
}

bool priv_referee(void)
{
	return start_rgid != start_egid;
}

bool priv_held(void)
{
	return priv_referee() && !dropped;
}

gid_t priv_games_gid(void)
{
	return priv_referee() ? start_egid : (gid_t)-1;
}

void priv_drop(void)
{
	if (!priv_referee() || dropped)
		return;
	gid_t g = start_rgid;
	if (setresgid(g, g, g) != 0) {
		fprintf(stderr, "medsiege: cannot give up group %u: %s\n",
			(unsigned)start_egid, strerror(errno));
		abort();
	}
	gid_t r, e, s;
	/* Root may always take any group: only another user's process is
	 * checked for a way back. */
	if (getresgid(&r, &e, &s) != 0 || r != g || e != g || s != g ||
	    (getuid() != 0 && setegid(start_egid) == 0)) {
		fprintf(stderr, "medsiege: group %u could be taken back\n",
			(unsigned)start_egid);
		abort();
	}
	/* Changing ids resets what may be dumped on some kernels: say it
	 * again, so that nobody reads what the privileged part left in
	 * memory. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	dropped = true;
}

const char *priv_getenv(const char *name)
{
	return secure_getenv(name);
}

/* Each folder from / down to path: root's, not writable by others
 * unless sticky. */
static int check_chain(const char *path, char *why, size_t whysize)
{
	char buf[512];
	if (snprintf(buf, sizeof buf, "%s", path) >= (int)sizeof buf) {
		snprintf(why, whysize, "the games folder's name is too long");
		return -1;
	}
	for (;;) {
		struct stat st;
		const char *p = buf[0] ? buf : "/";
		if (lstat(p, &st) != 0) {
			snprintf(why, whysize, "%s: %s", p, strerror(errno));
			return -1;
		}
		if (!S_ISDIR(st.st_mode) || st.st_uid != 0 ||
		    ((st.st_mode & S_IWOTH) && !(st.st_mode & S_ISVTX))) {
			snprintf(why, whysize,
				 "%s must be a folder of root's that others "
				 "cannot write: refereed games are not safe here",
				 p);
			return -1;
		}
		char *slash = strrchr(buf, '/');
		if (!slash || buf[0] == '\0')
			return 0;
		*slash = '\0';
	}
}

int priv_games_dir(char *out, size_t size, char *why, size_t whysize)
{
	const char *dir = MEDSIEGE_GAMESDIR;
	if (snprintf(out, size, "%s", dir) >= (int)size || dir[0] != '/') {
		snprintf(why, whysize, "the games folder %s is no absolute path",
			 dir);
		return -1;
	}
	if (check_chain(dir, why, whysize) != 0)
		return -1;
	struct stat st;
	if (stat(dir, &st) != 0 || st.st_gid != priv_games_gid() ||
	    (st.st_mode & 07) || (st.st_mode & 070) != 070) {
		snprintf(why, whysize,
			 "%s must be of group %u with mode 2770 (make install "
			 "as root sets it)",
			 dir, (unsigned)priv_games_gid());
		return -1;
	}
	return 0;
}
