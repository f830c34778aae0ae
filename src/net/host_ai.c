/* host_ai.c: the computer's thinking, in a process of its own, so that
 * the host's loop never waits on it (SPEC 11).
 *
 * The worker is a fork of the host, made once the privilege is given up
 * for good: a fork, never an exec, which would take the set-id group
 * back. It keeps a copy of the game, made the same game by every command
 * line the host plays (its issuer and its words, as the session took
 * them), and the computer players, which read the game only through
 * their team's knowledge. Asked for a team's next command, it answers
 * one line of the command language and nothing else: the host plays
 * that line for that team through the session, as a player's (on disk
 * first), so the worker can tell nobody more than that team's orders
 * show. Its decisions are the ones the computer would make in the
 * host: the same players, asked at the same states (each question
 * carries the game's state hash, which the copy must have).
 *
 *   host -> worker   P ISSUER LINE      a command the host played
 *                    D TEAM LEVEL HASH  TEAM's next command, please
 *                    R TEAM             that command was refused
 *   worker -> host   the command decided, one line for each D
 *
 * A worker is made when the computer first has a command to give and
 * lives as long as the host. One that ends (killed, crashed, or finding
 * its copy differs) is reaped and logged, and a new one is made from the
 * game as it stands, at most one a second; its computer players begin
 * afresh, as they do when a sleeping game wakes. */
#define _GNU_SOURCE /* close_range */
#include "net/hostpriv.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "net/priv.h"

/* How a worker says why it stopped (its exit status). */
enum { WORKER_DIFFERS = 2, WORKER_REFUSED = 3, WORKER_CONFUSED = 4 };

/* --- the worker's side -------------------------------------------------- */

static void worker_say(int fd, const char *line)
{
	size_t n = strlen(line);
	while (n > 0) {
		ssize_t w = send(fd, line, n, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(0); /* the host is gone */
		line += w;
		n -= (size_t)w;
	}
}

/* TEAM's next command, decided from the state the host asked at. */
static void worker_decide(struct session *s, int fd, const char *args)
{
	struct game *g = s->g;
	int team, level;
	uint64_t hash;
	if (sscanf(args, "%d %d %" SCNu64, &team, &level, &hash) != 3 ||
	    team < 0 || team >= g->w->nteams || level < 0 ||
	    level >= AI_LEVEL_COUNT)
		_exit(WORKER_CONFUSED);
	if (team != g->active || hash != game_state_hash(g))
		_exit(WORKER_DIFFERS);
	if (s->ai[team] && ai_get_level(s->ai[team]) != (enum ai_level)level) {
		ai_free(s->ai[team]);
		s->ai[team] = NULL;
	}
	if (!s->ai[team])
		s->ai[team] = ai_new(g, team, (enum ai_level)level);
	char line[AI_LINE_LEN + 1];
	ai_next(s->ai[team], g, line, AI_LINE_LEN);
	strcat(line, "\n");
	worker_say(fd, line);
}

static void worker_obey(struct session *s, int fd, const char *line)
{
	char *end;
	char why[CMD_WHY_LEN];
	if (strncmp(line, "P ", 2) == 0) {
		long issuer = strtol(line + 2, &end, 10);
		if (end == line + 2 || *end != ' ')
			_exit(WORKER_CONFUSED);
		if (cmd_execute(s->g, (int)issuer, end + 1, why) != 0)
			_exit(WORKER_REFUSED);
	} else if (strncmp(line, "D ", 2) == 0) {
		worker_decide(s, fd, line + 2);
	} else if (strncmp(line, "R ", 2) == 0) {
		long team = strtol(line + 2, &end, 10);
		if (*end || team < 0 || team >= s->g->w->nteams)
			_exit(WORKER_CONFUSED);
		if (s->ai[team])
			ai_rejected(s->ai[team]);
	} else {
		_exit(WORKER_CONFUSED);
	}
}

/* Every descriptor but 0-2 and fd closed: the worker holds no client,
 * no socket to listen on, no save (nor its lock). */
static void worker_close_fds(int fd)
{
	if (fd > 3)
		close_range(3, (unsigned)fd - 1, 0);
	close_range((unsigned)fd + 1, ~0U, 0);
}

static _Noreturn void worker_main(struct host *h, int fd, pid_t host_pid)
{
	/* It goes with its host, however the host goes. */
	prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
	if (getppid() != host_pid)
		_exit(0);
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (h->referee)
		prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	/* The players' answers come before the computer's thinking, where
	 * the two share a processor. */
	errno = 0;
	int prio = getpriority(PRIO_PROCESS, 0);
	if (errno == 0)
		setpriority(PRIO_PROCESS, 0, prio + 5);
	worker_close_fds(fd);
	/* Its copy of the game tells nobody what happens in it. */
	game_unlisten(h->s->g, host_on_event, h);
	h->s->played = NULL;
	struct conn c;
	conn_init(&c, fd);
	char line[PROTO_LINE_MAX];
	for (;;) {
		int k;
		while ((k = conn_line(&c, line)) > 0)
			worker_obey(h->s, fd, line);
		if (k < 0)
			_exit(WORKER_CONFUSED);
		if (conn_read(&c) < 0)
			_exit(0); /* the host closed its end: it stops */
	}
}

/* --- the host's side ---------------------------------------------------- */

static void ask(struct host *h, const char *line)
{
	struct host_worker *w = &h->ai;
	if (!conn_queue(&w->c, line, HOST_AI_QUEUE_MAX))
		host_ai_end(h, "it fell behind the game");
}

/* The session's hook: every command played, for the worker's copy. */
static void on_played(void *ctx, int issuer, const char *line)
{
	struct host *h = ctx;
	if (!h->ai.pid)
		return; /* the next worker is made from the game as it is */
	char *msg = xasprintf("P %d %s", issuer, line);
	ask(h, msg);
	free(msg);
}

void host_ai_init(struct host *h)
{
	memset(&h->ai, 0, sizeof h->ai);
	conn_init(&h->ai.c, -1);
	h->ai.asked = -1;
	h->s->played = on_played;
	h->s->played_ctx = h;
}

static int worker_start(struct host *h, long long now)
{
	struct host_worker *w = &h->ai;
	/* Only a process that can no longer take the group back may
	 * think for the computer. */
	if (priv_held()) {
		host_log("the computer's process would hold the group: not made");
		abort();
	}
	w->started = now;
	int sv[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
		host_log("the computer's process: socketpair: %s", strerror(errno));
		return -1;
	}
	pid_t host_pid = getpid();
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		close(sv[0]);
		worker_main(h, sv[1], host_pid);
	}
	close(sv[1]);
	if (pid < 0) {
		host_log("the computer's process: fork: %s", strerror(errno));
		close(sv[0]);
		return -1;
	}
	fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
	conn_init(&w->c, sv[0]);
	w->pid = pid;
	host_log("the computer thinks in process %d", (int)pid);
	return 0;
}

/* How a worker's end reads in the log. */
static void say_end(pid_t pid, int status, const char *why)
{
	char how[96];
	if (WIFSIGNALED(status))
		snprintf(how, sizeof how, "killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else if (!WIFEXITED(status))
		snprintf(how, sizeof how, "status %d", status);
	else
		switch (WEXITSTATUS(status)) {
		case WORKER_DIFFERS:
			snprintf(how, sizeof how, "its copy of the game "
						  "differed from the game");
			break;
		case WORKER_REFUSED:
			snprintf(how, sizeof how, "its copy of the game "
						  "refused a command the game took");
			break;
		case WORKER_CONFUSED:
			snprintf(how, sizeof how, "it was told what it did not "
						  "understand");
			break;
		default:
			snprintf(how, sizeof how, "exit status %d",
				 WEXITSTATUS(status));
		}
	if (why)
		host_log("the computer's process %d is ended: %s", (int)pid, why);
	else
		host_log("the computer's process %d ended: %s; another is made",
			 (int)pid, how);
}

void host_ai_end(struct host *h, const char *why)
{
	struct host_worker *w = &h->ai;
	if (!w->pid)
		return;
	int status = 0;
	pid_t r = why ? 0 : waitpid(w->pid, &status, WNOHANG);
	if (r == 0) {
		kill(w->pid, SIGKILL);
		while ((r = waitpid(w->pid, &status, 0)) < 0 && errno == EINTR)
			;
	}
	say_end(w->pid, status, why);
	conn_close(&w->c, NULL);
	conn_init(&w->c, -1);
	w->pid = 0;
	/* A question it did not answer is asked of the next one. */
	w->asked = -1;
}

void host_ai_stop(struct host *h)
{
	if (h->ai.pid)
		host_ai_end(h, "the host stops");
	h->s->played = NULL;
}

static void flush(struct host *h)
{
	struct host_worker *w = &h->ai;
	if (w->pid && conn_flush(&w->c) != 0)
		host_ai_end(h, NULL);
}

bool host_ai_step(struct host *h, long long now)
{
	struct host_worker *w = &h->ai;
	if (w->asked >= 0)
		return false; /* it thinks */
	if (h->s->save_broken && now - h->save_retry < HOST_SAVE_RETRY_MS)
		return false;
	if (!w->pid && w->started && now - w->started < HOST_AI_RETRY_MS)
		return false;
	bool played = false;
	int team = session_computer_due(h->s, &played);
	if (team < 0)
		return played;
	if (!w->pid && worker_start(h, now) != 0)
		return false;
	char *msg = xasprintf("D %d %d %" PRIu64, team, (int)h->s->level[team],
			      game_state_hash(h->s->g));
	ask(h, msg);
	free(msg);
	if (w->pid) {
		w->asked = team;
		w->asked_at = h->s->ncmds;
	}
	flush(h);
	return false;
}

/* The worker's answer: played for the team it was asked for. */
static bool answered(struct host *h, const char *line, long long now)
{
	struct host_worker *w = &h->ai;
	int team = w->asked;
	if (team < 0 || strlen(line) >= AI_LINE_LEN || !cmd_text_ok(line)) {
		host_ai_end(h, "it said what it was not asked");
		return false;
	}
	w->asked = -1;
	if (h->s->ncmds != w->asked_at || h->s->g->active != team) {
		/* Nothing is played between a question and its answer;
		 * if something was, the answer is of another game. */
		host_ai_end(h, "the game changed while it thought");
		return false;
	}
	if (session_computer_play(h->s, team, line) && w->pid) {
		char msg[32];
		snprintf(msg, sizeof msg, "R %d", team);
		ask(h, msg);
	}
	if (h->s->save_broken)
		h->save_retry = now;
	flush(h);
	return true;
}

int host_ai_pollfd(const struct host *h, struct pollfd *p)
{
	const struct host_worker *w = &h->ai;
	if (!w->pid)
		return 0;
	*p = (struct pollfd){.fd = w->c.fd, .events = POLLIN};
	if (w->c.nout > 0)
		p->events |= POLLOUT;
	return 1;
}

int host_ai_timeout(const struct host *h, long long now)
{
	const struct host_worker *w = &h->ai;
	long long left = w->started + HOST_AI_RETRY_MS - now + 1;
	return w->pid || !w->started || left <= 0 ? -1 : (int)left;
}

bool host_ai_ready(struct host *h, const struct pollfd *p, long long now)
{
	struct host_worker *w = &h->ai;
	if (!w->pid || p->fd != w->c.fd || !p->revents)
		return false;
	if (p->revents & POLLOUT)
		flush(h);
	if (!w->pid || !(p->revents & (POLLIN | POLLHUP | POLLERR)))
		return false;
	int r = conn_read(&w->c);
	bool played = false;
	char line[PROTO_LINE_MAX];
	int k = 0;
	while (w->pid && (k = conn_line(&w->c, line)) > 0)
		played |= answered(h, line, now);
	if (w->pid && k < 0)
		host_ai_end(h, "it said what is no command line");
	else if (w->pid && r < 0)
		host_ai_end(h, NULL);
	return played;
}
