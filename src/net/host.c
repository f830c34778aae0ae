/* host.c: the hosted game's process: one poll() loop over the listening
 * socket and its players' connections, each fed its team's record. */
#define _GNU_SOURCE /* SO_PEERCRED, struct ucred */
#include "net/host.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "net/wire.h"
#include "save/session.h"

/* A client has this long to greet and name its code. */
#define HOST_GREET_MS 10000
/* A client that takes nothing of what waits for it this long is gone. */
#define HOST_STALL_MS 30000
/* More lines than this in a second is a flood, not a player. */
#define HOST_FLOOD_LINES 400
/* Lines taken from one client before the others get a turn. */
#define HOST_LINES_PER_TURN 32
/* How much of a record is queued ahead of what the socket took. */
#define HOST_QUEUE_AHEAD (64 * 1024)
/* The least room a save must have under the file-size limit to be
 * hosted: a few rounds' orders. */
#define HOST_SAVE_ROOM (16 * 1024)
/* While saving fails, how often the computer gives its order again. */
#define HOST_SAVE_RETRY_MS 1000
/* A finished game's host stays this long after its last client left. */
#define HOST_LINGER_MS 5000

enum client_state { CL_GREET, CL_HELLO, CL_SEATED };

struct client {
	struct conn c;
	enum client_state state;
	int id;
	int team;
	bool watcher;
	int cursor;            /* next line of the team's record to send */
	long long since;       /* connected, then the last output taken */
	long long partial;     /* since when half a line waits, or 0 */
	long long window;      /* flood count's second */
	int window_lines;
	unsigned uid;
	int wirefd;            /* MEDSIEGE_WIRE_LOG: a copy of what is sent */
	bool overflow;         /* more waits for it than a reader leaves */
	bool closing;          /* gone but for its last line, being written */
};

struct seat {
	char play[PROTO_CODE_LEN];
	char watch[PROTO_CODE_LEN];
	int player;            /* the client's id, or 0 */
};

struct host {
	struct session *s;
	struct wire_team rec[MAX_TEAMS];
	int nrec;
	struct seat seats[MAX_TEAMS];
	char game[64];
	char sock[PROTO_PATH_LEN];
	char *codes_path;      /* owned: beside the save */
	int lfd;
	struct client *cl;     /* owned */
	int ncl, capcl;
	int next_id;
	const char *wirelog;
	long long empty_since; /* game over and nobody connected since */
	long long save_retry;  /* the computer's last order refused unsaved */
	/* HOST_*_MS, or all one value for tests (MEDSIEGE_TEST_NET_MS). */
	int greet_ms, stall_ms, linger_ms;
	char boot[8];          /* this process's records: a reconnecting
				  client may go on from where it was */
};

static volatile sig_atomic_t host_stop;

static void on_stop(int sig)
{
	(void)sig;
	host_stop = 1;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void logf_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf_(const char *fmt, ...)
{
	char stamp[32];
	time_t t = time(NULL);
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", &tm);
	fprintf(stderr, "%s ", stamp);
	va_list ap;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	fflush(stderr);
}

/* Lower-case letters and digits of s, at most n: names in codes. */
static void slug(const char *s, char *out, size_t n)
{
	size_t o = 0;
	for (; *s && o + 1 < n; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = (char)tolower((unsigned char)*s);
	if (o == 0 && n > 1)
		out[o++] = 'x';
	out[o] = '\0';
}

/* --- codes -------------------------------------------------------------- */

static int make_codes(struct host *h, char *why, size_t whysize)
{
	const struct world *w = h->s->g->w;
	char scen[24], tag[8], team[24], secret[PROTO_SECRET_LEN + 1];
	slug(h->s->g->sc.name, scen, sizeof scen);
	if (proto_tag(tag) != 0)
		goto fail;
	snprintf(h->game, sizeof h->game, "%s-%s", scen, tag);
	for (int t = 0; t < w->nteams; t++) {
		slug(w->teams[t].name, team, sizeof team);
		if (w->teams[t].control != CONTROL_AI) {
			if (proto_secret(secret) != 0)
				goto fail;
			snprintf(h->seats[t].play, sizeof h->seats[t].play,
				 "%s-%s-%s", h->game, team, secret);
		}
		if (proto_secret(secret) != 0)
			goto fail;
		snprintf(h->seats[t].watch, sizeof h->seats[t].watch,
			 "%s-%swatch-%s", h->game, team, secret);
	}
	return 0;
fail:
	snprintf(why, whysize, "no random numbers from the system: %s",
		 strerror(errno));
	return -1;
}

/* The codes are kept beside the save (mode 0600), so that a host
 * restarted from the save after a crash takes the same codes. */
static void save_codes(struct host *h)
{
	if (!h->codes_path)
		return;
	int fd = open(h->codes_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		logf_("cannot keep the codes in %s: %s", h->codes_path,
		      strerror(errno));
		return;
	}
	FILE *f = fdopen(fd, "w");
	fprintf(f, "game %s\n", h->game);
	for (int t = 0; t < h->s->g->w->nteams; t++)
		fprintf(f, "seat %d %s %s\n", t,
			h->seats[t].play[0] ? h->seats[t].play : "-",
			h->seats[t].watch);
	fclose(f);
}

static bool load_codes(struct host *h, const char *path)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char line[512];
	bool game = false;
	int seats = 0;
	while (fgets(line, sizeof line, f)) {
		char a[PROTO_CODE_LEN], b[PROTO_CODE_LEN];
		int t;
		if (sscanf(line, "game %63s", h->game) == 1)
			game = true;
		else if (sscanf(line, "seat %d %127s %127s", &t, a, b) == 3 &&
			 t >= 0 && t < h->s->g->w->nteams) {
			snprintf(h->seats[t].play, sizeof h->seats[t].play, "%s",
				 strcmp(a, "-") == 0 ? "" : a);
			snprintf(h->seats[t].watch, sizeof h->seats[t].watch, "%s", b);
			seats++;
		}
	}
	fclose(f);
	return game && seats == h->s->g->w->nteams;
}

/* --- the record --------------------------------------------------------- */

static void on_event(void *ctx, const struct game *g, const struct event *ev)
{
	struct host *h = ctx;
	for (int t = 0; t < h->nrec; t++)
		wire_team_event(&h->rec[t], g, ev);
}

static void attach(void *ctx, struct game *g)
{
	struct host *h = ctx;
	h->nrec = g->w->nteams;
	for (int t = 0; t < h->nrec; t++)
		wire_team_init(&h->rec[t], g, t);
	game_listen(g, on_event, h);
}

static void sync_all(struct host *h)
{
	for (int t = 0; t < h->nrec; t++)
		wire_team_sync(&h->rec[t], h->s->g);
}

/* --- clients ------------------------------------------------------------ */

static struct client *client_by_id(struct host *h, int id)
{
	for (int i = 0; i < h->ncl; i++)
		if (h->cl[i].id == id && h->cl[i].c.fd >= 0)
			return &h->cl[i];
	return NULL;
}

static void wire_copy(struct client *c, const char *s, size_t n)
{
	if (c->wirefd < 0)
		return;
	while (n > 0) {
		ssize_t w = write(c->wirefd, s, n);
		if (w <= 0)
			return;
		s += w;
		n -= (size_t)w;
	}
}

/* Queue one line for a client, kept in the wire log too. */
static bool say(struct client *c, const char *line)
{
	size_t before = c->c.nout;
	if (!conn_queue(&c->c, line, PROTO_QUEUE_MAX + HOST_QUEUE_AHEAD)) {
		c->overflow = true;
		return false;
	}
	wire_copy(c, c->c.out + before, c->c.nout - before);
	return true;
}

static void say_json(struct client *c, const char *type, const char *key,
		     const char *val)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "{\"type\":\"%s\",\"%s\":", type, key);
	strbuf_add_json(&b, val);
	strbuf_addc(&b, '}');
	say(c, b.s);
	strbuf_free(&b);
}

/* The client is gone from the game (its seat free again). */
static void leave(struct host *h, struct client *c, const char *why)
{
	logf_("client %d (uid %u%s%s) leaves: %s", c->id, c->uid,
	      c->state == CL_SEATED ? ", " : "",
	      c->state == CL_SEATED ? h->s->g->w->teams[c->team].name : "", why);
	if (c->state == CL_SEATED && !c->watcher &&
	    h->seats[c->team].player == c->id)
		h->seats[c->team].player = 0;
}

static void drop(struct host *h, struct client *c, const char *why)
{
	if (c->c.fd < 0)
		return;
	if (!c->closing)
		leave(h, c, why);
	conn_flush(&c->c);
	conn_close(&c->c, why);
	if (c->wirefd >= 0)
		close(c->wirefd);
	c->wirefd = -1;
}

/* Say one last line (an error, a farewell), then close. The line goes
 * out before whatever else waits for the client (the rest of its
 * record), which it will never read now, and the connection stays open
 * (read no more) until the line is written or the client's time to take
 * it is up: a client still reading gets it, however far behind it was
 * and however full its socket. */
static void refuse_and_drop(struct host *h, struct client *c, const char *type,
			    const char *text)
{
	if (c->c.fd < 0 || c->closing)
		return;
	size_t queued = c->c.nout;
	conn_cut_queue(&c->c);
	if (c->wirefd >= 0 && queued > c->c.nout) {
		/* The wire log holds what is sent: not what was cut. */
		off_t end = lseek(c->wirefd, 0, SEEK_END);
		off_t cut = (off_t)(queued - c->c.nout);
		if (end >= cut && ftruncate(c->wirefd, end - cut) != 0)
			logf_("client %d: wire log: %s", c->id, strerror(errno));
	}
	say_json(c, type, "text", text);
	leave(h, c, text);
	c->closing = true;
	c->since = now_ms();
	if (conn_flush(&c->c) != 0 || c->c.nout == 0)
		drop(h, c, text);
}

static void open_wire_log(struct host *h, struct client *c)
{
	if (!h->wirelog)
		return;
	char path[PROTO_PATH_LEN + 128];
	snprintf(path, sizeof path, "%s/%s-%d-%s-%s.wire", h->wirelog, h->game,
		 c->id, h->s->g->w->teams[c->team].name,
		 c->watcher ? "watch" : "play");
	c->wirefd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	/* Opened once the seat is known: all it was sent before is the
	 * greeting. */
	wire_copy(c, PROTO_GREETING "\n", strlen(PROTO_GREETING "\n"));
}

static void accept_clients(struct host *h)
{
	for (;;) {
		int fd = accept4(h->lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
		if (fd < 0)
			return;
		if (h->ncl == h->capcl) {
			h->capcl = h->capcl ? 2 * h->capcl : 8;
			h->cl = xrealloc(h->cl, (size_t)h->capcl * sizeof *h->cl);
		}
		struct client *c = &h->cl[h->ncl++];
		memset(c, 0, sizeof *c);
		conn_init(&c->c, fd);
		c->id = ++h->next_id;
		c->state = CL_GREET;
		c->since = now_ms();
		c->wirefd = -1;
		c->team = -1;
		struct ucred cred;
		socklen_t len = sizeof cred;
		c->uid = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0
				 ? (unsigned)cred.uid
				 : (unsigned)-1;
		logf_("client %d connects (uid %u)", c->id, c->uid);
	}
}

static void send_info(struct host *h, struct client *c)
{
	const struct game *g = h->s->g;
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"info\",\"game\":");
	strbuf_add_json(&b, h->game);
	strbuf_add(&b, ",\"scenario\":");
	strbuf_add_json(&b, g->sc.name);
	strbuf_addf(&b, ",\"round\":%d,\"active\":", g->round);
	strbuf_add_json(&b, g->w->teams[g->active].name);
	strbuf_addf(&b, ",\"over\":%s,\"seats\":[", g->over ? "true" : "false");
	for (int t = 0; t < g->w->nteams; t++) {
		strbuf_add(&b, t ? ",{\"team\":" : "{\"team\":");
		strbuf_add_json(&b, g->w->teams[t].name);
		strbuf_addf(&b, ",\"computer\":%s,\"taken\":%s}",
			    g->w->teams[t].control == CONTROL_AI ? "true" : "false",
			    h->seats[t].player ? "true" : "false");
	}
	strbuf_add(&b, "]}");
	say(c, b.s);
	strbuf_free(&b);
}

static void seat_client(struct host *h, struct client *c, const char *arg)
{
	const struct world *w = h->s->g->w;
	/* "CODE", or "CODE from BOOT N" from a client that has the first N
	 * lines of this process's record already. */
	char code[PROTO_CODE_LEN] = "", boot[8] = "";
	int from = 0;
	if (sscanf(arg, "%127s from %7s %d", code, boot, &from) != 3) {
		from = 0;
		boot[0] = '\0';
		if (strlen(arg) >= sizeof code) {
			refuse_and_drop(h, c, "error", "no seat in this game has that code");
			return;
		}
		snprintf(code, sizeof code, "%s", arg);
	}
	int team = -1;
	bool watcher = false;
	for (int t = 0; t < w->nteams && team < 0; t++) {
		if (h->seats[t].play[0] && strcmp(code, h->seats[t].play) == 0)
			team = t;
		else if (strcmp(code, h->seats[t].watch) == 0)
			team = t, watcher = true;
	}
	if (team < 0) {
		logf_("client %d (uid %u) gave a wrong code", c->id, c->uid);
		refuse_and_drop(h, c, "error", "no seat in this game has that code");
		return;
	}
	if (!watcher && w->teams[team].control == CONTROL_AI) {
		refuse_and_drop(h, c, "error", "the computer plays that team now");
		return;
	}
	if (!watcher && h->seats[team].player) {
		struct client *old = client_by_id(h, h->seats[team].player);
		if (old) {
			refuse_and_drop(h, old, "bye",
					"your seat was taken by a new connection "
					"with its code");
		}
	}
	c->state = CL_SEATED;
	c->team = team;
	c->watcher = watcher;
	c->cursor = 0;
	if (strcmp(boot, h->boot) == 0 && from > 0 && from <= h->rec[team].n)
		c->cursor = from;
	c->since = now_ms();
	if (!watcher)
		h->seats[team].player = c->id;
	open_wire_log(h, c);
	logf_("client %d (uid %u) %s %s", c->id, c->uid,
	      watcher ? "watches" : "plays", w->teams[team].name);
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"seat\",\"game\":");
	strbuf_add_json(&b, h->game);
	strbuf_add(&b, ",\"team\":");
	strbuf_add_json(&b, w->teams[team].name);
	strbuf_addf(&b, ",\"role\":\"%s\",\"record\":\"%s\",\"from\":%d}",
		    watcher ? "watch" : "play", h->boot, c->cursor);
	say(c, b.s);
	strbuf_free(&b);
	if (h->s->save_broken)
		say_json(c, "alert", "text",
			 "saving stopped: orders are refused until it works again");
}

/* Queue what a seated client has not yet been sent of its record. */
static void feed(struct host *h, struct client *c)
{
	if (c->state != CL_SEATED || c->c.fd < 0 || c->closing)
		return;
	const struct wire_team *r = &h->rec[c->team];
	while (c->cursor < r->n && c->c.nout < HOST_QUEUE_AHEAD) {
		if (!say(c, r->lines[c->cursor]))
			break;
		c->cursor++;
	}
}

/* Answer a line: ok, or refused with why. The line is echoed so that
 * its sender can match the answer, whole when the answer then fits in
 * PROTO_LINE_MAX (escaping may double a line, or make a tab six bytes),
 * else cut at a character's start: only a line longer than any command
 * is cut. */
static void answer(struct client *c, const char *line, const char *why)
{
	size_t keep = strlen(line);
	struct strbuf b;
	for (;;) {
		char *part = xmalloc(keep + 1);
		memcpy(part, line, keep);
		part[keep] = '\0';
		strbuf_init(&b);
		strbuf_add(&b, why ? "{\"type\":\"refused\",\"line\":"
				   : "{\"type\":\"ok\",\"line\":");
		strbuf_add_json(&b, part);
		free(part);
		if (why) {
			strbuf_add(&b, ",\"why\":");
			strbuf_add_json(&b, why);
		}
		strbuf_addc(&b, '}');
		if (b.len < PROTO_LINE_MAX || keep == 0)
			break;
		strbuf_free(&b);
		keep /= 2;
		while (keep > 0 && ((unsigned char)line[keep] & 0xc0) == 0x80)
			keep--;
	}
	say(c, b.s);
	strbuf_free(&b);
}

/* A chat line goes into every team's record, so it must fit in a line
 * of the protocol: a longer one is refused to its sender alone. */
static void broadcast_chat(struct host *h, struct client *from,
			   const char *line)
{
	struct strbuf b;
	strbuf_init(&b);
	char who[TEAM_NAME_LEN + 16];
	snprintf(who, sizeof who, "%s%s", h->s->g->w->teams[from->team].name,
		 from->watcher ? " (watching)" : "");
	strbuf_add(&b, "{\"type\":\"chat\",\"from\":");
	strbuf_add_json(&b, who);
	strbuf_add(&b, ",\"text\":");
	strbuf_add_json(&b, line + 5);
	strbuf_addc(&b, '}');
	if (b.len < PROTO_LINE_MAX) {
		for (int t = 0; t < h->nrec; t++)
			wire_team_add(&h->rec[t], b.s);
	} else {
		answer(from, line, "too long to say: say it in a few lines");
	}
	strbuf_free(&b);
}

/* What happened to the save (it stopped working, it works again): said
 * to every connected client and in the log, at once. */
static void tell_alert(struct host *h)
{
	char *a = session_take_alert(h->s);
	if (!a)
		return;
	logf_("%s", a);
	for (int i = 0; i < h->ncl; i++) {
		struct client *c = &h->cl[i];
		if (c->c.fd >= 0 && !c->closing && c->state == CL_SEATED)
			say_json(c, "alert", "text", a);
	}
	free(a);
}

static void seated_line(struct host *h, struct client *c, const char *line)
{
	if (strncmp(line, "chat ", 5) == 0) {
		broadcast_chat(h, c, line);
		return;
	}
	if (strcmp(line, "ping") == 0) {
		say(c, "{\"type\":\"pong\"}");
		return;
	}
	if (strcmp(line, "bye") == 0) {
		drop(h, c, "said bye");
		return;
	}
	char why[CMD_WHY_LEN] = "";
	int r;
	if (c->watcher) {
		snprintf(why, sizeof why, "a watcher cannot give orders");
		r = -1;
	} else {
		r = session_submit(h->s, c->team, line, why);
	}
	sync_all(h);
	tell_alert(h);
	/* After the record that the command made, so that the player's
	 * picture is up to date when it hears the answer. */
	feed(h, c);
	answer(c, line, r < 0 ? why : NULL);
}

static void client_lines(struct host *h, struct client *c)
{
	char line[PROTO_LINE_MAX];
	for (int k = 0; k < HOST_LINES_PER_TURN && c->c.fd >= 0 && !c->closing;
	     k++) {
		int r = conn_line(&c->c, line);
		if (r == 0)
			return;
		if (r < 0) {
			refuse_and_drop(h, c, "error", c->c.why);
			return;
		}
		long long t = now_ms();
		if (t - c->window >= 1000) {
			c->window = t;
			c->window_lines = 0;
		}
		if (++c->window_lines > HOST_FLOOD_LINES) {
			refuse_and_drop(h, c, "error",
					"more lines than a player types: dropped");
			return;
		}
		if (c->state == CL_GREET) {
			if (strcmp(line, PROTO_GREETING) != 0) {
				refuse_and_drop(h, c, "error",
						"this host speaks " PROTO_GREETING
						"; your program speaks another "
						"protocol (upgrade it)");
				return;
			}
			say(c, PROTO_GREETING);
			c->state = CL_HELLO;
		} else if (c->state == CL_HELLO) {
			if (strcmp(line, "info") == 0) {
				send_info(h, c);
				drop(h, c, "asked for the game's state");
				return;
			}
			if (strncmp(line, "hello ", 6) != 0) {
				refuse_and_drop(h, c, "error",
						"expected 'hello CODE' or 'info'");
				return;
			}
			seat_client(h, c, line + 6);
		} else {
			seated_line(h, c, line);
		}
	}
}

/* --- the loop ----------------------------------------------------------- */

static void compact_clients(struct host *h)
{
	int o = 0;
	for (int i = 0; i < h->ncl; i++)
		if (h->cl[i].c.fd >= 0)
			h->cl[o++] = h->cl[i];
	h->ncl = o;
}

static int seated_count(const struct host *h)
{
	int n = 0;
	for (int i = 0; i < h->ncl; i++)
		n += h->cl[i].c.fd >= 0;
	return n;
}

/* When a client's time is up: to greet, to take what waits for it, to
 * finish a line; -1 for none. */
static long long client_due(const struct host *h, const struct client *c)
{
	if (c->c.fd < 0)
		return -1;
	if (c->state != CL_SEATED)
		return c->since + h->greet_ms;
	if (c->c.nout > 0)
		return c->since + h->stall_ms;
	if (c->partial && !memchr(c->c.in, '\n', c->c.nin))
		return c->partial + h->greet_ms;
	return -1;
}

/* waiting: the signal mask while the loop waits, the only time a
 * SIGTERM or SIGINT may arrive (blocked the rest of the time, so that
 * one come while the loop works is not lost before it sleeps). */
static void serve(struct host *h, const sigset_t *waiting)
{
	struct pollfd *pfd = NULL;
	int cap = 0;
	while (!host_stop) {
		/* The computer plays one command at a time, between the
		 * players' lines. */
		long long t = now_ms();
		/* While saving fails, the computer tries its order again
		 * once a second, not in a busy loop. */
		bool busy = false;
		if (!h->s->save_broken || t - h->save_retry >= HOST_SAVE_RETRY_MS) {
			busy = session_computer_step(h->s) > 0;
			if (h->s->save_broken) {
				h->save_retry = t;
				busy = false;
			}
		}
		if (busy || h->save_retry == t) {
			sync_all(h);
			tell_alert(h);
		}
		bool pending = false;
		for (int i = 0; i < h->ncl; i++) {
			struct client *c = &h->cl[i];
			feed(h, c);
			size_t before = c->c.nout;
			if (conn_flush(&c->c) != 0) {
				drop(h, c, c->c.why);
				continue;
			}
			if (c->state == CL_SEATED && (c->c.nout < before || c->c.nout == 0))
				c->since = t;
			if (c->closing) {
				/* Its last line is written, or its time is up. */
				long long due = client_due(h, c);
				if (c->c.nout == 0 || (due >= 0 && t >= due))
					drop(h, c, "closed");
				continue;
			}
			if (c->c.nin > 0 && !c->partial)
				c->partial = t;
			else if (c->c.nin == 0)
				c->partial = 0;
			long long due = client_due(h, c);
			if (c->overflow)
				drop(h, c, "not reading what it is sent");
			else if (due >= 0 && t >= due)
				refuse_and_drop(h, c, "error",
						c->state != CL_SEATED
							? "no greeting and code in time"
						: c->c.nout > 0
							? "not reading what it is sent"
							: "half a line, then silence");
			else if (c->c.fd >= 0 && memchr(c->c.in, '\n', c->c.nin))
				pending = true; /* lines left for the next turn */
		}
		compact_clients(h);
		if (h->s->g->over && seated_count(h) == 0) {
			if (!h->empty_since)
				h->empty_since = t;
			if (t - h->empty_since > h->linger_ms)
				break;
		} else {
			h->empty_since = 0;
		}
		if (cap < h->ncl + 1) {
			cap = h->ncl + 8;
			pfd = xrealloc(pfd, (size_t)cap * sizeof *pfd);
		}
		pfd[0] = (struct pollfd){.fd = h->lfd, .events = POLLIN};
		int timeout = -1;
		for (int i = 0; i < h->ncl; i++) {
			struct client *c = &h->cl[i];
			pfd[i + 1] = (struct pollfd){.fd = c->c.fd,
						     .events = c->closing ? 0 : POLLIN};
			if (c->c.nout > 0)
				pfd[i + 1].events |= POLLOUT;
			long long due = client_due(h, c);
			if (due >= 0) {
				int ms = (int)(due - t + 1);
				if (ms < 0)
					ms = 0;
				if (timeout < 0 || ms < timeout)
					timeout = ms;
			}
		}
		if (h->s->g->over && seated_count(h) == 0)
			timeout = h->linger_ms / 5 + 1;
		if (h->s->save_broken && (timeout < 0 || timeout > HOST_SAVE_RETRY_MS))
			timeout = HOST_SAVE_RETRY_MS;
		if (busy || pending)
			timeout = 0;
		int polled = h->ncl; /* accepting adds clients not polled yet */
		struct timespec ts = {timeout / 1000, (timeout % 1000) * 1000000L};
		int n = ppoll(pfd, (nfds_t)(polled + 1), timeout < 0 ? NULL : &ts,
			      waiting);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			logf_("poll: %s", strerror(errno));
			break;
		}
		if (pfd[0].revents & POLLIN)
			accept_clients(h);
		for (int i = 0; i < polled; i++) {
			struct client *c = &h->cl[i];
			if (c->c.fd < 0 || pfd[i + 1].fd != c->c.fd || c->closing)
				continue;
			if (pfd[i + 1].revents & (POLLIN | POLLHUP | POLLERR) ||
			    memchr(c->c.in, '\n', c->c.nin)) {
				int r = pfd[i + 1].revents ? conn_read(&c->c) : 0;
				client_lines(h, c);
				if (r < 0 && c->c.fd >= 0)
					drop(h, c, c->c.why);
			}
		}
	}
	free(pfd);
}

/* --- starting ----------------------------------------------------------- */

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

static int host_open(struct host *h, const struct host_opts *o, char *why,
		     size_t whysize)
{
	char *err = NULL;
	memset(h, 0, sizeof *h);
	h->lfd = -1;
	h->wirelog = getenv("MEDSIEGE_WIRE_LOG");
	h->greet_ms = HOST_GREET_MS;
	h->stall_ms = HOST_STALL_MS;
	h->linger_ms = HOST_LINGER_MS;
	const char *test_ms = getenv("MEDSIEGE_TEST_NET_MS");
	if (test_ms && atoi(test_ms) > 0)
		h->greet_ms = h->stall_ms = h->linger_ms = atoi(test_ms);
	if (o->resume) {
		h->s = session_resume_with(o->resume, o->state_dir, o->force, attach,
					   h, &err);
	} else {
		h->s = session_new(o->scenario, o->seed, o->state_dir, &err);
		if (h->s)
			attach(h, h->s->g);
	}
	if (!h->s) {
		snprintf(why, whysize, "%s", err ? err : "cannot start the game");
		free(err);
		return -1;
	}
	/* Nothing acknowledged unsaved (SPEC 11): a game that cannot be
	 * saved is not hosted at all. */
	if (!h->s->j) {
		snprintf(why, whysize, "%s",
			 h->s->warning ? h->s->warning : "this game cannot be saved");
		return -1;
	}
	h->s->must_save = true;
	struct rlimit fsize;
	long long size = journal_size(h->s->j);
	if (getrlimit(RLIMIT_FSIZE, &fsize) == 0 && fsize.rlim_cur != RLIM_INFINITY &&
	    (long long)fsize.rlim_cur < size + HOST_SAVE_ROOM) {
		snprintf(why, whysize,
			 "the file-size limit (ulimit -f) of %llu bytes leaves "
			 "this game's save no room to grow",
			 (unsigned long long)fsize.rlim_cur);
		return -1;
	}
	if (h->s->j)
		h->codes_path = xasprintf("%s.codes", h->s->j->path);
	/* A resumed game keeps its codes, beside the save it was resumed
	 * from; a damaged save's game goes on in a new save, and its codes
	 * go there with it. */
	char *kept = o->resume ? xasprintf("%s.codes", o->resume) : NULL;
	bool same = kept && load_codes(h, kept);
	bool moved = same && h->codes_path && strcmp(kept, h->codes_path) != 0;
	free(kept);
	if (apply_ai(h, o, why, whysize) != 0 ||
	    (!same && make_codes(h, why, whysize) != 0))
		return -1;
	if (!same || moved)
		save_codes(h);
	if (proto_tag(h->boot) != 0) {
		snprintf(why, whysize, "no random numbers from the system");
		return -1;
	}
	if (!o->resume)
		game_start(h->s->g);
	sync_all(h);
	char dir[PROTO_PATH_LEN];
	if (proto_dir(o->group, dir, sizeof dir, why, whysize) != 0)
		return -1;
	snprintf(h->sock, sizeof h->sock, "%.180s/%.63s.sock", dir, h->game);
	h->lfd = proto_listen(h->sock, why, whysize);
	return h->lfd < 0 ? -1 : 0;
}

static void host_close(struct host *h)
{
	for (int i = 0; i < h->ncl; i++)
		drop(h, &h->cl[i], "the host stops");
	free(h->cl);
	if (h->lfd >= 0) {
		close(h->lfd);
		unlink(h->sock);
	}
	if (h->s)
		game_unlisten(h->s->g, on_event, h);
	for (int t = 0; t < h->nrec; t++)
		wire_team_free(&h->rec[t]);
	session_free(h->s);
	free(h->codes_path);
}

/* The started host's report, one line each, to whoever waits on fd. */
static void report_started(struct host *h, int fd)
{
	FILE *f = fdopen(fd, "w");
	if (!f)
		return;
	const struct world *w = h->s->g->w;
	fprintf(f, "game %s\nsocket %s\n", h->game, h->sock);
	for (int t = 0; t < w->nteams; t++)
		fprintf(f, "seat %s %s %s\n", w->teams[t].name,
			h->seats[t].play[0] ? h->seats[t].play : "-",
			h->seats[t].watch);
	fprintf(f, "ready\n");
	fclose(f);
}

static void host_child(const struct host_opts *o, int report_fd)
{
	struct host h;
	char why[512];
	setsid();
	signal(SIGPIPE, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	/* Past a file-size limit (ulimit -f) a write fails with EFBIG, and
	 * the order is refused, instead of the host being killed. */
	signal(SIGXFSZ, SIG_IGN);
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigset_t stops, waiting;
	sigemptyset(&stops);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGINT);
	sigprocmask(SIG_BLOCK, &stops, &waiting);
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);
	if (null >= 0) {
		dup2(null, STDIN_FILENO);
		dup2(null, STDOUT_FILENO);
	}
	if (host_open(&h, o, why, sizeof why) != 0) {
		dprintf(report_fd, "error %s\n", why);
		close(report_fd);
		host_close(&h);
		_exit(1);
	}
	/* The log beside the socket, for whoever runs the machine. */
	char logpath[PROTO_PATH_LEN + 8];
	snprintf(logpath, sizeof logpath, "%.*s.log",
		 (int)(strlen(h.sock) - 5), h.sock);
	int lfd = open(logpath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0600);
	if (lfd >= 0) {
		dup2(lfd, STDERR_FILENO);
		close(lfd);
	} else if (null >= 0) {
		dup2(null, STDERR_FILENO);
	}
	logf_("hosting %s (%s), socket %s, pid %d", h.game, h.s->g->sc.name,
	      h.sock, (int)getpid());
	report_started(&h, report_fd);
	serve(&h, &waiting);
	logf_("host stops%s", h.s->g->over ? ": the game is over" : "");
	host_close(&h);
	_exit(0);
}

int host_spawn(const struct host_opts *o, struct host_started *out,
	       char *why, size_t whysize)
{
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
		char a[TEAM_NAME_LEN], b[PROTO_CODE_LEN], c[PROTO_CODE_LEN];
		if (strncmp(line, "error ", 6) == 0) {
			snprintf(why, whysize, "%s", line + 6);
			break;
		}
		if (sscanf(line, "game %63s", out->game) == 1)
			continue;
		if (strncmp(line, "socket ", 7) == 0) {
			snprintf(out->socket, sizeof out->socket, "%.255s", line + 7);
			continue;
		}
		if (sscanf(line, "seat %31s %127s %127s", a, b, c) == 3 &&
		    out->nteams < MAX_TEAMS) {
			int t = out->nteams++;
			snprintf(out->seat[t].team, sizeof out->seat[t].team, "%s", a);
			snprintf(out->seat[t].play, sizeof out->seat[t].play, "%s",
				 strcmp(b, "-") == 0 ? "" : b);
			snprintf(out->seat[t].watch, sizeof out->seat[t].watch, "%s", c);
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
