/* sim_jobs.c: medsiege sim's runner: many games, in this process or in
 * worker processes (fork and pipes), their results added up in seed order
 * so the figures are the same whatever the number of workers.
 *
 * Each worker has two pipes: the parent writes it the index of a game to
 * play, one at a time, and it answers with the game's result (struct
 * sim_result, then its disabled units and idle stretches). A sweep's
 * games are numbered value after value, so each value's are added up in
 * seed order too. Game state has no globals, so a forked
 * worker plays from a clean start. A worker that dies before answering is
 * an error, never a game dropped. */
#define _GNU_SOURCE /* secure_getenv: no test hook or path from the environment under set-id */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "cli/cli.h"
#include "cli/sim.h"

/* Kept: at most this many results per worker wait for an earlier game. */
#define WINDOW_PER_WORKER 8
/* Test hook: a worker playing this seed kills itself, so the test suite
 * can check that a lost worker is reported. */
#define KILL_SEED_ENV "MEDSIEGE_TEST_SIM_KILL_SEED"

struct worker {
	pid_t pid;          /* 0 once reaped */
	int task_fd;        /* parent -> worker: game indices; -1 closed */
	int result_fd;      /* worker -> parent: results; -1 closed */
	bool busy;
	uint64_t game;      /* the game it plays, when busy */
	unsigned char *buf; /* the result being received */
	size_t len, cap;
};

struct slot {
	bool full;
	struct sim_result r;
};

struct runner {
	const struct sim_opts *o;
	struct sim_run *run;
	uint64_t total;      /* games of every value */
	struct sim_progress prog;
	int nworkers;
	struct worker *w;
	uint64_t window;
	struct slot *ring;   /* window slots: game i in i % window */
	uint64_t next_task;  /* the next game to hand out */
	uint64_t next_add;   /* the next game to add to the totals */
	int status;          /* 0, or the exit status of a failure */
};

/* The bytes that follow a result's head: its disabled units and its idle
 * stretches. */
static size_t tail_size(const struct sim_result *r)
{
	return (size_t)r->nunits + (size_t)r->nidle * sizeof *r->idle;
}

/* Game k of the run: the values one after the other, each with the same
 * seeds. */
static int value_of(const struct sim_opts *o, uint64_t k)
{
	return (int)(k / o->games);
}

static uint64_t seed_of(const struct sim_opts *o, uint64_t k)
{
	return o->seed + k % o->games;
}

/* A worker's life: play each game it is sent until its pipe closes. */
__attribute__((noreturn)) static void worker_main(const struct sim_opts *o, int task_fd, int result_fd)
{
	const char *kill_env = secure_getenv(KILL_SEED_ENV);
	uint64_t kill_seed = 0;
	bool kill = kill_env && cli_parse_u64(kill_env, &kill_seed);
	uint64_t game;
	int rc;
	while ((rc = file_read_all(task_fd, &game, sizeof game)) == 1) {
		struct sim_result r;
		sim_play_one(o, value_of(o, game), seed_of(o, game), &r);
		if (kill && r.seed == kill_seed)
			raise(SIGKILL);
		bool ok = file_write_all(result_fd, &r, sizeof r) &&
			  file_write_all(result_fd, r.disabled, (size_t)r.nunits) &&
			  file_write_all(result_fd, r.idle,
				    (size_t)r.nidle * sizeof *r.idle);
		sim_result_free(&r);
		if (!ok)
			_exit(EXIT_RUNTIME);
	}
	_exit(rc == 0 ? 0 : EXIT_RUNTIME);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/* Start worker i; false (having said why) when the system refuses. */
static bool spawn(struct runner *ru, int i)
{
	int task[2], result[2], err;
	if (pipe(task) != 0) {
		err = errno;
		goto fail;
	}
	if (pipe(result) != 0) {
		err = errno;
		close(task[0]);
		close(task[1]);
		goto fail;
	}
	fflush(NULL); /* or the worker would print what is buffered again */
	pid_t pid = fork();
	if (pid < 0) {
		err = errno;
		close(task[0]);
		close(task[1]);
		close(result[0]);
		close(result[1]);
		goto fail;
	}
	if (pid == 0) {
		for (int j = 0; j < i; j++) {
			close_fd(&ru->w[j].task_fd);
			close_fd(&ru->w[j].result_fd);
		}
		close(task[1]);
		close(result[0]);
		worker_main(ru->o, task[0], result[1]);
	}
	close(task[0]);
	close(result[1]);
	struct worker *w = &ru->w[i];
	memset(w, 0, sizeof *w);
	w->pid = pid;
	w->task_fd = task[1];
	w->result_fd = result[0];
	return true;
fail:
	fprintf(stderr, "medsiege sim: cannot start a worker process: %s\n",
		strerror(err));
	return false;
}

/* How a process ended, from its wait status. */
static void describe_end(int st, char *how, size_t size)
{
	if (WIFSIGNALED(st))
		snprintf(how, size, "was killed by signal %d (%s)", WTERMSIG(st),
			 strsignal(WTERMSIG(st)));
	else if (WIFEXITED(st))
		snprintf(how, size, "exited with status %d", WEXITSTATUS(st));
	else
		snprintf(how, size, "stopped answering");
}

/* Say how a worker that stopped answering ended. */
static void report_lost(struct runner *ru, struct worker *w)
{
	int st = 0;
	char how[160] = "closed its pipe";
	if (w->pid > 0 && waitpid(w->pid, &st, 0) == w->pid) {
		w->pid = 0;
		describe_end(st, how, sizeof how);
	}
	sim_progress_end(&ru->prog);
	if (w->busy)
		fprintf(stderr, "medsiege sim: the worker process playing game %llu (seed %llu) %s\n",
			(unsigned long long)w->game + 1,
			(unsigned long long)seed_of(ru->o, w->game), how);
	else
		fprintf(stderr, "medsiege sim: a worker process %s\n", how);
	ru->status = EXIT_RUNTIME;
}

/* A whole result in w->buf: into its slot of the ring. */
static void take_result(struct runner *ru, struct worker *w)
{
	struct sim_result r;
	memcpy(&r, w->buf, sizeof r);
	size_t idle = (size_t)r.nidle * sizeof *r.idle;
	r.disabled = xmalloc(r.nunits ? (size_t)r.nunits : 1);
	memcpy(r.disabled, w->buf + sizeof r, (size_t)r.nunits);
	r.idle = xmalloc(idle ? idle : 1);
	memcpy(r.idle, w->buf + sizeof r + r.nunits, idle);
	r.error[SIM_ERROR_LEN - 1] = '\0';
	struct slot *s = &ru->ring[w->game % ru->window];
	s->r = r;
	s->full = true;
	w->busy = false;
	w->len = 0;
}

/* Read what a worker sent; a whole result goes to its slot. */
static void receive(struct runner *ru, struct worker *w)
{
	if (w->cap - w->len < 4096) {
		w->cap = w->cap ? 2 * w->cap : 8192;
		w->buf = xrealloc(w->buf, w->cap);
	}
	ssize_t k = read(w->result_fd, w->buf + w->len, w->cap - w->len);
	if (k < 0 && errno == EINTR)
		return;
	if (k <= 0) {
		close_fd(&w->result_fd);
		report_lost(ru, w);
		return;
	}
	w->len += (size_t)k;
	if (!w->busy || w->len < sizeof(struct sim_result))
		return;
	struct sim_result head;
	memcpy(&head, w->buf, sizeof head);
	if (head.nunits < 0 || head.nunits > (1 << 24) || head.nidle < 0 ||
	    head.nidle > (1 << 24)) {
		report_lost(ru, w);
		return;
	}
	if (w->len >= sizeof head + tail_size(&head))
		take_result(ru, w);
}

/* Add the results that are next in seed order; stop at a game that could
 * not be played. */
static void add_ready(struct runner *ru)
{
	while (ru->status == 0 && ru->next_add < ru->total) {
		struct slot *s = &ru->ring[ru->next_add % ru->window];
		if (!s->full)
			return;
		if (s->r.error[0]) {
			sim_progress_end(&ru->prog);
			fprintf(stderr, "%s\n", s->r.error);
			ru->status = EXIT_USAGE;
			return;
		}
		sim_totals_add(&ru->run->totals[s->r.value], &s->r);
		sim_result_free(&s->r);
		s->full = false;
		ru->next_add++;
	}
}

/* Hand the next games to idle workers, no further ahead than the ring. */
static void dispatch(struct runner *ru)
{
	for (int i = 0; i < ru->nworkers && ru->status == 0; i++) {
		struct worker *w = &ru->w[i];
		if (w->busy || w->task_fd < 0 || ru->next_task >= ru->total ||
		    ru->next_task >= ru->next_add + ru->window)
			continue;
		w->game = ru->next_task++;
		w->busy = true;
		if (!file_write_all(w->task_fd, &w->game, sizeof w->game)) {
			close_fd(&w->task_fd);
			report_lost(ru, w);
		}
	}
}

/* Wait for results (waking ten times a second for the progress bar). */
static void wait_results(struct runner *ru)
{
	struct pollfd pf[SIM_MAX_JOBS];
	int who[SIM_MAX_JOBS], n = 0;
	for (int i = 0; i < ru->nworkers; i++)
		if (ru->w[i].result_fd >= 0) {
			pf[n] = (struct pollfd){.fd = ru->w[i].result_fd,
						.events = POLLIN};
			who[n++] = i;
		}
	int k = poll(pf, (nfds_t)n, ru->prog.on ? 100 : -1);
	if (k < 0 && errno != EINTR) {
		fprintf(stderr, "medsiege sim: poll: %s\n", strerror(errno));
		ru->status = EXIT_RUNTIME;
	}
	for (int j = 0; j < n && k > 0 && ru->status == 0; j++)
		if (pf[j].revents)
			receive(ru, &ru->w[who[j]]);
}

/* Close every pipe, stop the workers still busy, and reap them all. */
static void stop_workers(struct runner *ru)
{
	for (int i = 0; i < ru->nworkers; i++) {
		struct worker *w = &ru->w[i];
		close_fd(&w->task_fd);
		close_fd(&w->result_fd);
		if (w->pid > 0 && ru->status != 0)
			kill(w->pid, SIGTERM);
	}
	for (int i = 0; i < ru->nworkers; i++) {
		struct worker *w = &ru->w[i];
		int st;
		if (w->pid > 0 && waitpid(w->pid, &st, 0) == w->pid &&
		    ru->status == 0 && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) {
			char how[160];
			describe_end(st, how, sizeof how);
			sim_progress_end(&ru->prog);
			fprintf(stderr, "medsiege sim: a worker process %s as it ended\n",
				how);
			ru->status = EXIT_RUNTIME;
		}
		free(w->buf);
	}
	for (uint64_t i = 0; i < ru->window; i++)
		if (ru->ring[i].full)
			sim_result_free(&ru->ring[i].r);
}

static int run_workers(const struct sim_opts *o, struct sim_run *run,
		       uint64_t total)
{
	struct runner ru = {.o = o, .run = run, .total = total};
	ru.nworkers = (uint64_t)o->jobs < total ? o->jobs : (int)total;
	ru.window = (uint64_t)ru.nworkers * WINDOW_PER_WORKER;
	ru.w = xcalloc((size_t)ru.nworkers, sizeof *ru.w);
	ru.ring = xcalloc(ru.window, sizeof *ru.ring);
	/* A worker that dies makes writing to it fail, not kill us. */
	struct sigaction ign = {.sa_handler = SIG_IGN}, old;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGPIPE, &ign, &old);
	int started = 0;
	for (; started < ru.nworkers; started++)
		if (!spawn(&ru, started)) {
			ru.status = EXIT_RUNTIME;
			break;
		}
	ru.nworkers = started;
	sim_progress_start(&ru.prog, o->progress, total);
	while (ru.status == 0 && ru.next_add < total) {
		dispatch(&ru);
		if (ru.status == 0)
			wait_results(&ru);
		add_ready(&ru);
		sim_progress_update(&ru.prog, ru.next_add, false);
	}
	stop_workers(&ru);
	sigaction(SIGPIPE, &old, NULL);
	sim_progress_end(&ru.prog);
	free(ru.ring);
	free(ru.w);
	return ru.status;
}

/* One process: the games one after the other. */
static int run_here(const struct sim_opts *o, struct sim_run *run,
		    uint64_t total)
{
	struct sim_progress prog;
	sim_progress_start(&prog, o->progress, total);
	for (uint64_t i = 0; i < total; i++) {
		struct sim_result r;
		if (sim_play_one(o, value_of(o, i), seed_of(o, i), &r) != 0) {
			sim_progress_end(&prog);
			fprintf(stderr, "%s\n", r.error);
			sim_result_free(&r);
			return EXIT_USAGE;
		}
		sim_totals_add(&run->totals[r.value], &r);
		sim_result_free(&r);
		sim_progress_update(&prog, i + 1, false);
	}
	sim_progress_end(&prog);
	return 0;
}

int sim_run(const struct sim_opts *o, struct sim_run *run)
{
	uint64_t total = o->games * (uint64_t)run->nvalues;
	if (o->jobs <= 1 || total <= 1)
		return run_here(o, run, total);
	return run_workers(o, run, total);
}
