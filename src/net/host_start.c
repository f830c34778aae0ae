/* host_start.c: a host's start (SPEC 11.1's order), and its end.
 *
 * New game: the player's scenario and roster are read by a child that
 * has given up the privilege, with the player's own rights, and piped
 * back as bytes; the game's folder and files are then made (a failure
 * removes them all); the privilege is given up for good; only then is
 * the network read. A game woken from its folder opens its files, then
 * gives the privilege up the same way. */
#define _GNU_SOURCE
#include "net/hostpriv.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "data/scenario_load.h"
#include "net/priv.h"

/* --- the player's scenario, read with the player's rights -------------- */

struct copy {
	char name[64];            /* the scenario's name */
	char *scenario, *roster;  /* owned: their bytes */
	size_t nscenario, nroster;
};

static void copy_free(struct copy *c)
{
	free(c->scenario);
	free(c->roster);
	memset(c, 0, sizeof *c);
}

static char *read_path(const char *path, size_t *len, char **err)
{
	const char *why;
	int fd = file_open_regular(path, O_RDONLY, &why);
	if (fd < 0) {
		*err = xasprintf("%s: %s", path, why);
		return NULL;
	}
	char rwhy[128];
	char *b = store_read_fd(fd, STORE_COPY_MAX, len, rwhy, sizeof rwhy);
	close(fd);
	if (!b)
		*err = xasprintf("%s: %s", path, rwhy);
	return b;
}

/* In the child: check the scenario and read both files, then send
 * [status][name][len][bytes][len][bytes] (status 0), or [1][len][why]. */
static void reader_child(const char *path, int fd)
{
	priv_drop();
	char *err = NULL;
	struct scenario sc;
	struct copy c = {0};
	if (scenario_load(path, &sc, &err) == 0) {
		snprintf(c.name, sizeof c.name, "%s", sc.name);
		c.scenario = read_path(sc.path, &c.nscenario, &err);
		if (c.scenario)
			c.roster = read_path(sc.roster_path, &c.nroster, &err);
		scenario_free(&sc);
	}
	char status = c.roster ? 0 : 1;
	bool ok = file_write_all(fd, &status, 1);
	if (status == 0) {
		ok = ok && file_write_all(fd, c.name, sizeof c.name) &&
		     file_write_all(fd, &c.nscenario, sizeof c.nscenario) &&
		     file_write_all(fd, c.scenario, c.nscenario) &&
		     file_write_all(fd, &c.nroster, sizeof c.nroster) &&
		     file_write_all(fd, c.roster, c.nroster);
	} else {
		const char *e = err ? err : "cannot read the scenario";
		size_t n = strlen(e);
		ok = ok && file_write_all(fd, &n, sizeof n) && file_write_all(fd, e, n);
	}
	_exit(ok ? 0 : 1);
}

static int read_scenario(const char *path, struct copy *c, char *why,
			 size_t whysize)
{
	memset(c, 0, sizeof *c);
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0) {
		snprintf(why, whysize, "pipe: %s", strerror(errno));
		return -1;
	}
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, whysize, "fork: %s", strerror(errno));
		close(p[0]);
		close(p[1]);
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		reader_child(path, p[1]);
	}
	close(p[1]);
	char status = 1;
	bool ok = (file_read_all(p[0], &status, 1) == 1);
	if (ok && status == 0) {
		ok = (file_read_all(p[0], c->name, sizeof c->name) == 1) &&
		     (file_read_all(p[0], &c->nscenario, sizeof c->nscenario) == 1) &&
		     c->nscenario <= STORE_COPY_MAX;
		if (ok) {
			c->scenario = xmalloc(c->nscenario + 1);
			ok = (file_read_all(p[0], c->scenario, c->nscenario) == 1) &&
			     (file_read_all(p[0], &c->nroster, sizeof c->nroster) == 1) &&
			     c->nroster <= STORE_COPY_MAX;
		}
		if (ok) {
			c->roster = xmalloc(c->nroster + 1);
			ok = (file_read_all(p[0], c->roster, c->nroster) == 1);
		}
		c->name[sizeof c->name - 1] = '\0';
		if (!ok)
			snprintf(why, whysize, "the scenario could not be read");
	} else if (ok) {
		size_t n = 0;
		char msg[512] = "";
		if ((file_read_all(p[0], &n, sizeof n) == 1) && n < sizeof msg &&
		    (file_read_all(p[0], msg, n) == 1))
			msg[n] = '\0';
		snprintf(why, whysize, "%s", msg[0] ? msg : "cannot read the scenario");
		ok = false;
	} else {
		snprintf(why, whysize, "the scenario could not be read");
	}
	close(p[0]);
	waitpid(pid, NULL, 0);
	if (!ok)
		copy_free(c);
	return ok ? 0 : -1;
}

/* --- the game's folder --------------------------------------------------- */

/* Lower-case letters and digits of s, at most n: a game's name. */
static void name_slug(const char *s, char *out, size_t n)
{
	size_t o = 0;
	for (; *s && o + 1 < n; s++) {
		char ch = *s;
		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9'))
			out[o++] = ch;
	}
	if (o == 0 && n > 1)
		out[o++] = 'x';
	out[o] = '\0';
}

static int make_game(struct host *h, const char *root, const struct copy *c,
		     char *why, size_t whysize)
{
	char scen[24], tag[8];
	name_slug(c->name, scen, sizeof scen);
	for (int tries = 0; tries < 8; tries++) {
		if (proto_tag(tag) != 0) {
			snprintf(why, whysize, "no random numbers from the system");
			return -1;
		}
		snprintf(h->game, sizeof h->game, "%s-%s", scen, tag);
		if (store_create(root, h->game, &h->store, why, whysize) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* The files every host of the game holds open: its seats, summary and
 * log. create: a new game's, made new. */
static int open_files(struct host *h, bool create, char *why, size_t whysize)
{
	int c = create ? O_CREAT : 0;
	h->seatsfd = store_file(&h->store, "seats", O_RDWR | c, why, whysize);
	if (h->seatsfd < 0)
		return -1;
	h->infofd = store_file(&h->store, "info", O_RDWR | c, why, whysize);
	if (h->infofd < 0)
		return -1;
	int logfd = store_file(&h->store, "log", O_WRONLY | O_APPEND | c, why,
			       whysize);
	if (logfd < 0)
		return -1;
	dup2(logfd, STDERR_FILENO);
	close(logfd);
	return 0;
}

/* The socket: in the game's folder for the referee (which only it and
 * the players' own medsiege, holding the privilege a moment, can
 * enter); for a per-user host, in the user's folder of sockets or the
 * group's, with a copy of the summary there for the group to list. */
static int open_socket(struct host *h, char *why, size_t whysize)
{
	if (h->referee) {
		store_path(&h->store, "sock", h->sock, sizeof h->sock);
	} else {
		char dir[PROTO_PATH_LEN];
		if (proto_dir(h->group[0] ? h->group : NULL, dir, sizeof dir, why,
			      whysize) != 0)
			return -1;
		snprintf(h->sock, sizeof h->sock, "%.180s/%.63s.sock", dir, h->game);
		if (h->group[0]) {
			snprintf(h->info_path, sizeof h->info_path, "%.180s/%.63s.info",
				 dir, h->game);
			unlink(h->info_path);
			h->groupinfofd = open(h->info_path,
					      O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW |
						      O_CLOEXEC,
					      0640);
			if (h->groupinfofd < 0) {
				snprintf(why, whysize, "%s: %s", h->info_path,
					 strerror(errno));
				return -1;
			}
		}
	}
	h->lfd = proto_listen(h->sock, why, whysize);
	return h->lfd < 0 ? -1 : 0;
}

static int apply_ai(struct host *h, const struct host_opts *o, char *why,
		    size_t whysize)
{
	struct world *w = h->s->g->w;
	for (int i = 0; i < o->nai; i++) {
		bool all = strcasecmp(o->ai[i].team, "all") == 0;
		int t = all ? -1 : world_find_team(w, o->ai[i].team);
		if (!all && t < 0) {
			snprintf(why, whysize, "--ai %s: no team of that name",
				 o->ai[i].team);
			return -1;
		}
		for (int k = 0; k < w->nteams; k++)
			if (all || k == t)
				session_set_ai(h->s, k, o->ai[i].level);
	}
	return 0;
}

/* Room under the file-size limit (ulimit -f) for a file of size bytes
 * to grow by a few rounds' orders: the save, or a copy to be written. */
static int check_room(long long size, char *why, size_t whysize)
{
	struct rlimit fsize;
	if (getrlimit(RLIMIT_FSIZE, &fsize) == 0 && fsize.rlim_cur != RLIM_INFINITY &&
	    (long long)fsize.rlim_cur < size + HOST_SAVE_ROOM) {
		snprintf(why, whysize,
			 "the file-size limit (ulimit -f) of %llu bytes leaves "
			 "this game's save no room to grow",
			 (unsigned long long)fsize.rlim_cur);
		return -1;
	}
	return 0;
}

/* The unfinished games in the store: in all, and this user's. */
struct census {
	const char *root;
	unsigned uid;
	int all, mine;
};

static void count_game(void *ctx, const char *name)
{
	struct census *c = ctx;
	struct store_game g;
	char why[256], rwhy[64];
	if (store_open(c->root, name, &g, why, sizeof why) != 0)
		return;
	int fd = store_file(&g, "info", O_RDONLY, why, sizeof why);
	size_t len;
	char *info = fd >= 0 ? store_read_fd(fd, 64 * 1024, &len, rwhy, sizeof rwhy)
			     : NULL;
	if (fd >= 0)
		close(fd);
	store_close(&g);
	/* A folder with no summary yet is a game being made: it counts. */
	if (info && strstr(info, "\"over\":true")) {
		free(info);
		return;
	}
	c->all++;
	char mine[48];
	snprintf(mine, sizeof mine, "\"starter\":%u,", c->uid);
	if (info && strstr(info, mine))
		c->mine++;
	free(info);
}

static int check_limits(const char *root, unsigned uid, char *why,
			size_t whysize)
{
	struct census c = {root, uid, 0, 0};
	store_list(root, count_game, &c);
	if (c.mine >= HOST_GAMES_PER_USER) {
		snprintf(why, whysize,
			 "you have %d unfinished games here, the most one player "
			 "may: finish one first",
			 c.mine);
		return -1;
	}
	if (c.all >= HOST_GAMES_MAX) {
		snprintf(why, whysize,
			 "%d unfinished games are hosted here, the most there may "
			 "be: try again when one has ended",
			 c.all);
		return -1;
	}
	return 0;
}

static int new_game(struct host *h, const struct host_opts *o, const char *root,
		    char *why, size_t whysize)
{
	if (check_limits(root, h->starter, why, whysize) != 0)
		return -1;
	struct copy c;
	if (read_scenario(o->scenario, &c, why, whysize) != 0)
		return -1;
	int rc = check_room((long long)(c.nscenario > c.nroster ? c.nscenario
								: c.nroster),
			    why, whysize);
	if (rc == 0)
		rc = make_game(h, root, &c, why, whysize);
	if (rc == 0)
		rc = store_write_new(&h->store, "scenario.yaml", c.scenario,
				     c.nscenario, why, whysize);
	if (rc == 0)
		rc = store_write_new(&h->store, "roster.yaml", c.roster, c.nroster,
				     why, whysize);
	copy_free(&c);
	if (rc == 0)
		rc = open_files(h, true, why, whysize);
	if (rc != 0)
		return -1;
	char scen[STORE_PATH_LEN], roster[STORE_PATH_LEN];
	store_path(&h->store, "scenario.yaml", scen, sizeof scen);
	store_path(&h->store, "roster.yaml", roster, sizeof roster);
	char *err = NULL;
	h->s = session_new_copy(scen, roster, o->seed, h->store.dir, &err);
	if (!h->s) {
		snprintf(why, whysize, "%s", err ? err : "cannot start the game");
		free(err);
		return -1;
	}
	host_attach(h, h->s->g);
	if (!h->s->j) {
		snprintf(why, whysize, "%s",
			 h->s->warning ? h->s->warning : "this game cannot be saved");
		return -1;
	}
	snprintf(h->group, sizeof h->group, "%s", o->group ? o->group : "");
	h->idle_ms = (o->idle < 0 ? (h->referee ? HOST_IDLE_DEFAULT : 0) : o->idle) *
		     1000;
	if (apply_ai(h, o, why, whysize) != 0 ||
	    host_seats_make(h, o, why, whysize) != 0 ||
	    host_seats_save(h, why, whysize) != 0)
		return -1;
	game_start(h->s->g);
	return 0;
}

static int wake_game(struct host *h, const struct host_opts *o, const char *root,
		     bool *busy, char *why, size_t whysize)
{
	if (store_open(root, o->resume, &h->store, why, whysize) != 0)
		return -1;
	h->woken = true;
	if (open_files(h, false, why, whysize) != 0)
		return -1;
	snprintf(h->game, sizeof h->game, "%s", h->store.name);
	char *busy_save = NULL;
	char *save = journal_latest(h->store.dir, &busy_save);
	if (busy_save) {
		/* Another host has the game: one host per game. */
		free(busy_save);
		free(save);
		if (busy)
			*busy = true;
		snprintf(why, whysize, "game %s is hosted already", h->game);
		return -1;
	}
	if (!save) {
		snprintf(why, whysize, "game %s is over (medsiege replay %s shows it)",
			 h->game, h->game);
		return -1;
	}
	/* How long the game slept: since its save was last written. */
	struct stat st;
	long long slept = stat(save, &st) == 0 ? (long long)(time(NULL) - st.st_mtime)
					       : 0;
	char roster[STORE_PATH_LEN];
	store_path(&h->store, "roster.yaml", roster, sizeof roster);
	char *err = NULL;
	h->s = session_resume_copy(save, roster, h->store.dir, host_attach, h,
				   &err);
	free(save);
	if (!h->s) {
		if (busy && err && strstr(err, "open elsewhere"))
			*busy = true;
		snprintf(why, whysize, "%s", err ? err : "cannot wake the game");
		free(err);
		return -1;
	}
	if (!h->s->j) {
		snprintf(why, whysize, "%s",
			 h->s->warning ? h->s->warning : "this game cannot be saved");
		return -1;
	}
	if (host_seats_load(h, why, whysize) != 0)
		return -1;
	host_seats_release_old(h, slept);
	return 0;
}

/* --- opening and closing ------------------------------------------------- */

static int host_open(struct host *h, const struct host_opts *o, bool *busy,
		     char *why, size_t whysize)
{
	memset(h, 0, sizeof *h);
	h->lfd = h->seatsfd = h->infofd = h->groupinfofd = -1;
	h->store.dirfd = -1;
	h->referee = priv_referee();
	h->starter = (unsigned)getuid();
	h->wirelog = priv_getenv("MEDSIEGE_WIRE_LOG");
	/* Tests shorten the times with --net-ms, or, for a game woken by a
	 * join, the environment (never under set-id). */
	int net_ms = o->net_ms;
	const char *env = priv_getenv("MEDSIEGE_TEST_NET_MS");
	if (net_ms <= 0 && env && atoi(env) > 0)
		net_ms = atoi(env);
	h->greet_ms = net_ms > 0 ? net_ms : HOST_GREET_MS;
	h->stall_ms = net_ms > 0 ? net_ms : HOST_STALL_MS;
	h->linger_ms = net_ms > 0 ? net_ms : HOST_LINGER_MS;
	char root[STORE_PATH_LEN];
	if (store_root(root, sizeof root, why, whysize) != 0)
		return -1;
	int rc = o->resume ? wake_game(h, o, root, busy, why, whysize)
			   : new_game(h, o, root, why, whysize);
	if (rc != 0)
		return -1;
	h->s->must_save = true;
	/* The referee's save is its group's to open, whichever player's
	 * medsiege wakes the game (the folder keeps it from the players). */
	if (h->referee && h->s->j && fchmod(h->s->j->fd, 0660) != 0) {
		snprintf(why, whysize, "the game's save: %s", strerror(errno));
		return -1;
	}
	if (!h->s->j) {
		snprintf(why, whysize, "%s",
			 h->s->warning ? h->s->warning : "this game cannot be saved");
		return -1;
	}
	if (check_room(journal_size(h->s->j), why, whysize) != 0 ||
	    proto_tag(h->boot) != 0)
		return -1;
	host_sync_all(h);
	if (open_socket(h, why, whysize) != 0)
		return -1;
	host_write_info(h);
	/* Everything is open: the group is given up for good, before a
	 * byte from the network is read. */
	priv_drop();
	return 0;
}

static void host_close(struct host *h, bool failed)
{
	for (int i = 0; i < h->ncl; i++)
		host_drop(h, &h->cl[i], "the host stops");
	free(h->cl);
	if (h->lfd >= 0) {
		close(h->lfd);
		/* The referee's socket stays (a dead socket is a sleeping
		 * game; the next host removes it): its folder is no longer
		 * this process's to write in. */
		if (!h->referee)
			unlink(h->sock);
	}
	if (h->s && !failed)
		host_write_info(h);
	if (h->s)
		game_unlisten(h->s->g, host_on_event, h);
	for (int t = 0; t < h->nrec; t++) {
		wire_team_free(&h->rec[t]);
		wire_said_free(&h->said[t]);
	}
	session_free(h->s);
	int fds[] = {h->seatsfd, h->infofd, h->groupinfofd};
	for (size_t i = 0; i < sizeof fds / sizeof *fds; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	if (failed && h->info_path[0])
		unlink(h->info_path);
	if (failed && !h->woken)
		store_remove(&h->store);
	else
		store_close(&h->store);
}

/* The started host's report, one line each, to whoever waits on fd:
 * nothing secret (a seat key or a watch code is told to its player
 * alone, over the socket). */
static void report_started(struct host *h, int fd)
{
	const struct world *w = h->s->g->w;
	const char *mine = "";
	for (int t = 0; t < w->nteams; t++)
		if (h->seats[t].bind == SEAT_UID && h->seats[t].uid == h->starter)
			mine = w->teams[t].name;
	dprintf(fd, "game %s\nscenario %s\nsocket %s\nteam %s\nreferee %d\nready\n",
		h->game, h->s->g->sc.name, h->sock, mine[0] ? mine : "-",
		h->referee ? 1 : 0);
}

static void host_child(const struct host_opts *o, int report_fd)
{
	struct host h;
	char why[512];
	bool busy = false;
	setsid();
	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	/* Past a file-size limit (ulimit -f) a write fails with EFBIG, and
	 * the order is refused, instead of the host being killed. */
	signal(SIGXFSZ, SIG_IGN);
	sigset_t waiting;
	host_catch_stops(&waiting);
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
		dup2(null, STDERR_FILENO);
		close(null);
	}
	if (host_open(&h, o, &busy, why, sizeof why) != 0) {
		dprintf(report_fd, "%s %s\n", busy ? "busy" : "error", why);
		close(report_fd);
		host_close(&h, true);
		_exit(1);
	}
	host_log("hosting %s (%s)%s, socket %s, pid %d", h.game, h.s->g->sc.name,
		 o->resume ? ", woken" : "", h.sock, (int)getpid());
	report_started(&h, report_fd);
	close(report_fd);
	host_serve(&h, &waiting);
	host_log("host stops%s", h.s->g->over ? ": the game is over"
			       : h.empty_since ? ": nobody here, the game sleeps"
					       : "");
	host_close(&h, false);
	_exit(0);
}

int host_spawn(const struct host_opts *o, struct host_started *out,
	       bool *busy, char *why, size_t whysize)
{
	if (busy)
		*busy = false;
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0) {
		snprintf(why, whysize, "pipe: %s", strerror(errno));
		return -1;
	}
	fflush(NULL);
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(why, whysize, "fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		close(p[0]);
		/* A grandchild, so that the host is nobody's child to reap. */
		pid_t gc = fork();
		if (gc != 0)
			_exit(gc < 0 ? 1 : 0);
		/* A host lives on: it keeps no descriptor of its starter's
		 * (a terminal, a pipe its starter waits on) but its report. */
		if (p[1] > 3)
			close_range(3, (unsigned)p[1] - 1, 0);
		close_range((unsigned)p[1] + 1, ~0U, 0);
		host_child(o, p[1]);
	}
	close(p[1]);
	waitpid(pid, NULL, 0);
	FILE *f = fdopen(p[0], "r");
	memset(out, 0, sizeof *out);
	char line[1024];
	bool ready = false;
	snprintf(why, whysize, "the host stopped before it was ready");
	while (f && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\n")] = '\0';
		int n = 0;
		if (strncmp(line, "error ", 6) == 0 || strncmp(line, "busy ", 5) == 0) {
			if (busy)
				*busy = line[0] == 'b';
			snprintf(why, whysize, "%s", strchr(line, ' ') + 1);
			break;
		}
		if (sscanf(line, "game %63s", out->game) == 1)
			continue;
		if (strncmp(line, "scenario ", 9) == 0) {
			snprintf(out->scenario, sizeof out->scenario, "%.63s", line + 9);
			continue;
		}
		if (strncmp(line, "socket ", 7) == 0) {
			snprintf(out->socket, sizeof out->socket, "%.255s", line + 7);
			continue;
		}
		if (strncmp(line, "team ", 5) == 0) {
			snprintf(out->team, sizeof out->team, "%.*s",
				 (int)sizeof out->team - 1,
				 strcmp(line + 5, "-") == 0 ? "" : line + 5);
			continue;
		}
		if (sscanf(line, "referee %d", &n) == 1) {
			out->referee = n != 0;
			continue;
		}
		if (strcmp(line, "ready") == 0)
			ready = true;
	}
	if (f)
		fclose(f);
	else
		close(p[0]);
	return ready ? 0 : -1;
}

struct finder {
	const char *game;
	char *path;
	size_t size;
	bool found;
};

static void look_in(void *ctx, const char *dir)
{
	struct finder *f = ctx;
	char p[PROTO_PATH_LEN + 80];
	struct stat st;
	if (f->found)
		return;
	const char *ext[] = {".sock", ".info"};
	for (int i = 0; i < 2 && !f->found; i++) {
		snprintf(p, sizeof p, "%s/%s%s", dir, f->game, ext[i]);
		if (lstat(p, &st) == 0 && strlen(p) < f->size) {
			snprintf(f->path, f->size, "%s/%s.sock", dir, f->game);
			f->found = true;
		}
	}
}

int host_socket_of(const char *game, char *path, size_t size, char *why,
		   size_t whysize)
{
	if (!store_name_ok(game)) {
		snprintf(why, whysize, "'%.60s' is not a game's name (medsiege "
				       "games lists them)",
			 game);
		return -1;
	}
	char root[STORE_PATH_LEN];
	if (priv_referee()) {
		if (store_root(root, sizeof root, why, whysize) != 0)
			return -1;
		snprintf(path, size, "%s/%s/sock", root, game);
		return 0;
	}
	struct finder f = {game, path, size, false};
	proto_dirs(look_in, &f);
	if (f.found)
		return 0;
	/* One of this user's own, asleep: its socket is where its group
	 * says. */
	struct store_game g;
	if (store_root(root, sizeof root, why, whysize) == 0 &&
	    store_open(root, game, &g, why, whysize) == 0) {
		char group[64] = "";
		int fd = store_file(&g, "seats", O_RDONLY, why, whysize);
		FILE *sf = fd >= 0 ? fdopen(fd, "r") : NULL;
		char line[256];
		while (sf && fgets(line, sizeof line, sf))
			if (sscanf(line, "group %63s", group) == 1 &&
			    strcmp(group, "-") == 0)
				group[0] = '\0';
		if (sf)
			fclose(sf);
		else if (fd >= 0)
			close(fd);
		store_close(&g);
		char dir[PROTO_PATH_LEN];
		if (proto_dir(group[0] ? group : NULL, dir, sizeof dir, why,
			      whysize) != 0)
			return -1;
		snprintf(path, size, "%s/%s.sock", dir, game);
		return 0;
	}
	snprintf(why, whysize, "no game %s is hosted here that you can reach",
		 game);
	return -1;
}
