/* connector.c: the small child that reaches a game's socket for a
 * player's medsiege, waking the game when it sleeps. */
#define _GNU_SOURCE
#include "net/connector.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "net/host.h"
#include "net/priv.h"
#include "net/proto.h"
#include "net/store.h"

/* How long a woken game may take to listen. */
#define WAKE_WAIT_MS 10000

static void pause_ms(int ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	nanosleep(&ts, NULL);
}

/* Whether this user may start the game's host again: the referee may
 * wake any of its games; without one, only the starter's own games are
 * in reach (the others are told to ask the starter). */
static bool may_wake(const char *game)
{
	char root[STORE_PATH_LEN], why[256];
	struct store_game g;
	if (store_root(root, sizeof root, why, sizeof why) != 0 ||
	    store_open(root, game, &g, why, sizeof why) != 0)
		return false;
	store_close(&g);
	return true;
}

int connector_connect_here(const char *game, char *why, size_t whysize)
{
	char path[PROTO_PATH_LEN];
	if (host_socket_of(game, path, sizeof path, why, whysize) != 0)
		return -1;
	int fd = proto_connect(path, why, whysize);
	if (fd >= 0)
		return fd;
	if (!may_wake(game)) {
		struct stat st;
		if (lstat(path, &st) == 0 || errno != ENOENT)
			snprintf(why, whysize,
				 "game %s is asleep: ask the player who started "
				 "it to wake it (medsiege host --resume %s)",
				 game, game);
		else
			snprintf(why, whysize,
				 "no game %s is hosted here that you can reach",
				 game);
		return -1;
	}
	struct host_opts o;
	memset(&o, 0, sizeof o);
	o.resume = game;
	o.idle = -1;
	struct host_started hs;
	bool busy = false;
	if (host_spawn(&o, &hs, &busy, why, whysize) != 0 && !busy)
		return -1;
	/* Woken (or being woken by another player at the same moment: the
	 * save's lock lets one host start): connect as soon as it listens. */
	for (int waited = 0; waited < WAKE_WAIT_MS; waited += 50) {
		fd = proto_connect(path, why, whysize);
		if (fd >= 0)
			return fd;
		pause_ms(50);
	}
	return -1;
}

/* The child: one request a byte, one answer: a descriptor with a 0 byte,
 * or a 1 byte and why. */
static void serve_child(int sock, const char *game)
{
	char req;
	while (read(sock, &req, 1) == 1) {
		char why[512] = "";
		int fd = connector_connect_here(game, why, sizeof why);
		char status = fd >= 0 ? 0 : 1;
		struct iovec iov = {.iov_base = &status, .iov_len = 1};
		union {
			char buf[CMSG_SPACE(sizeof(int))];
			struct cmsghdr align;
		} u;
		struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1};
		if (fd >= 0) {
			memset(&u, 0, sizeof u);
			m.msg_control = u.buf;
			m.msg_controllen = sizeof u.buf;
			struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
			cm->cmsg_level = SOL_SOCKET;
			cm->cmsg_type = SCM_RIGHTS;
			cm->cmsg_len = CMSG_LEN(sizeof(int));
			memcpy(CMSG_DATA(cm), &fd, sizeof fd);
		}
		ssize_t sent = sendmsg(sock, &m, MSG_NOSIGNAL);
		if (fd >= 0)
			close(fd);
		if (sent != 1)
			break;
		if (status) {
			size_t n = strlen(why);
			if (write(sock, &n, sizeof n) != (ssize_t)sizeof n ||
			    write(sock, why, n) != (ssize_t)n)
				break;
		}
	}
	_exit(0);
}

int connector_start(struct connector *c, const char *game, char *why,
		    size_t whysize)
{
	c->pid = -1;
	c->fd = -1;
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		snprintf(why, whysize, "socketpair: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, whysize, "fork: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid == 0) {
		close(sv[0]);
		signal(SIGINT, SIG_IGN);
		signal(SIGPIPE, SIG_IGN);
		serve_child(sv[1], game);
	}
	close(sv[1]);
	c->pid = pid;
	c->fd = sv[0];
	return 0;
}

int connector_connect(struct connector *c, char *why, size_t whysize)
{
	char req = 'c', status = 1;
	if (c->fd < 0 || write(c->fd, &req, 1) != 1) {
		snprintf(why, whysize, "the connection to the games was lost");
		return -1;
	}
	struct iovec iov = {.iov_base = &status, .iov_len = 1};
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} u;
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1,
			   .msg_control = u.buf, .msg_controllen = sizeof u.buf};
	if (recvmsg(c->fd, &m, MSG_CMSG_CLOEXEC) != 1) {
		snprintf(why, whysize, "the connection to the games was lost");
		return -1;
	}
	if (status == 0) {
		struct cmsghdr *cm = CMSG_FIRSTHDR(&m);
		int fd = -1;
		if (cm && cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS)
			memcpy(&fd, CMSG_DATA(cm), sizeof fd);
		if (fd < 0)
			snprintf(why, whysize, "no connection was handed over");
		return fd;
	}
	size_t n = 0;
	if (read(c->fd, &n, sizeof n) != (ssize_t)sizeof n || n >= whysize ||
	    read(c->fd, why, n) != (ssize_t)n) {
		snprintf(why, whysize, "the connection to the games was lost");
		return -1;
	}
	why[n] = '\0';
	return -1;
}

void connector_stop(struct connector *c)
{
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	if (c->pid > 0)
		waitpid(c->pid, NULL, 0);
	c->pid = -1;
}
