/* host.c: the hosted game's process: one poll() loop over the listening
 * socket and its players' connections, each fed its team's record. */
#define _GNU_SOURCE /* SO_PEERCRED, struct ucred */
#include "net/hostpriv.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/utf8.h"
#include "base/util.h"
#include "cmd/cmd.h"
#include "net/priv.h"

static volatile sig_atomic_t host_stop;

static void on_stop(int sig)
{
	(void)sig;
	host_stop = 1;
}

long long host_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* --- the record --------------------------------------------------------- */

void host_on_event(void *ctx, const struct game *g, const struct event *ev)
{
	struct host *h = ctx;
	for (int t = 0; t < h->nrec; t++)
		wire_team_event(&h->rec[t], g, ev);
}

void host_attach(void *ctx, struct game *g)
{
	struct host *h = ctx;
	h->nrec = g->w->nteams;
	for (int t = 0; t < h->nrec; t++)
		wire_team_init(&h->rec[t], g, t);
	game_listen(g, host_on_event, h);
}

void host_sync_all(struct host *h)
{
	for (int t = 0; t < h->nrec; t++)
		wire_team_sync(&h->rec[t], h->s->g);
}

/* --- clients ------------------------------------------------------------ */

struct client *host_client_by_id(struct host *h, int id)
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
bool host_say(struct client *c, const char *line)
{
	size_t before = c->c.nout;
	if (!conn_queue(&c->c, line, PROTO_QUEUE_MAX + HOST_QUEUE_AHEAD)) {
		c->overflow = true;
		return false;
	}
	wire_copy(c, c->c.out + before, c->c.nout - before);
	return true;
}

void host_say_json(struct client *c, const char *type, const char *key,
		     const char *val)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "{\"type\":\"%s\",\"%s\":", type, key);
	strbuf_add_json(&b, val);
	strbuf_addc(&b, '}');
	host_say(c, b.s);
	strbuf_free(&b);
}

void host_free_snapshot(struct client *c)
{
	if (!c->snap)
		return;
	wire_team_free(c->snap);
	free(c->snap);
	c->snap = NULL;
}

/* The client is gone from the game (its seat free again). */
static void leave(struct host *h, struct client *c, const char *why)
{
	host_log("client %d (uid %u%s%s) leaves: %s", c->id, c->uid,
	      c->state == CL_SEATED ? ", " : "",
	      c->state == CL_SEATED ? h->s->g->w->teams[c->team].name : "", why);
	if (c->state == CL_SEATED && !c->watcher &&
	    h->seats[c->team].player == c->id)
		h->seats[c->team].player = 0;
}

void host_drop(struct host *h, struct client *c, const char *why)
{
	if (c->c.fd < 0)
		return;
	if (!c->closing)
		leave(h, c, why);
	conn_flush(&c->c);
	conn_close(&c->c, why);
	host_free_snapshot(c);
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
void host_refuse_and_drop(struct host *h, struct client *c, const char *type,
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
			host_log("client %d: wire log: %s", c->id, strerror(errno));
	}
	host_say_json(c, type, "text", text);
	leave(h, c, text);
	c->closing = true;
	c->since = host_now_ms();
	if (conn_flush(&c->c) != 0 || c->c.nout == 0)
		host_drop(h, c, text);
}

void host_open_wire_log(struct host *h, struct client *c)
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
		c->since = host_now_ms();
		c->wirefd = -1;
		c->team = -1;
		struct ucred cred;
		socklen_t len = sizeof cred;
		c->uid = getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0
				 ? (unsigned)cred.uid
				 : (unsigned)-1;
		host_log("client %d connects (uid %u)", c->id, c->uid);
	}
}

/* Queue what a seated client has not yet been sent of its record. */
static void feed(struct host *h, struct client *c)
{
	if (c->state != CL_SEATED || c->c.fd < 0 || c->closing)
		return;
	/* A join's snapshot first, then the record from where it stands. */
	while (c->snap && c->snap_at < c->snap->n &&
	       c->c.nout < HOST_QUEUE_AHEAD) {
		if (!host_say(c, c->snap->lines[c->snap_at]))
			return;
		c->snap_at++;
	}
	if (c->snap && c->snap_at < c->snap->n)
		return;
	host_free_snapshot(c);
	const struct wire_team *r = &h->rec[c->team];
	while (c->cursor < r->n && c->c.nout < HOST_QUEUE_AHEAD) {
		if (!host_say(c, r->lines[c->cursor]))
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
	host_say(c, b.s);
	strbuf_free(&b);
}

/* A chat line as the others may read it: an invisible format character
 * (a right-to-left override would turn their screen's line around, a
 * zero-width one hide a word) is written out as its \u escape of four
 * hex digits. Caller frees. */
static char *chat_visible(const char *text)
{
	struct strbuf b;
	strbuf_init(&b);
	for (const char *p = text; *p;) {
		unsigned cp;
		size_t n = utf8_decode(p, &cp);
		if (n == 0)
			n = 1; /* the protocol let no such byte in */
		if (utf8_is_format(cp))
			strbuf_addf(&b, "\\u%04x", cp);
		else
			strbuf_addn(&b, p, n);
		p += n;
	}
	return b.s;
}

/* A chat line goes into every team's record, so it must fit in a line
 * of the protocol: a longer one is refused to its sender alone. */
bool host_chat_all(struct host *h, const char *who, const char *text)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"chat\",\"from\":");
	strbuf_add_json(&b, who);
	strbuf_add(&b, ",\"text\":");
	char *seen = chat_visible(text);
	strbuf_add_json(&b, seen);
	free(seen);
	strbuf_addc(&b, '}');
	bool fits = b.len < PROTO_LINE_MAX;
	if (fits)
		for (int t = 0; t < h->nrec; t++)
			wire_team_add(&h->rec[t], b.s);
	strbuf_free(&b);
	return fits;
}

static void broadcast_chat(struct host *h, struct client *from,
			   const char *line)
{
	char who[TEAM_NAME_LEN + 16];
	snprintf(who, sizeof who, "%s%s", h->s->g->w->teams[from->team].name,
		 from->watcher ? " (watching)" : "");
	if (!host_chat_all(h, who, line + 5))
		answer(from, line, "too long to say: say it in a few lines");
}

/* What happened to the save (it stopped working, it works again): said
 * to every connected client and in the log, at once. */
static void tell_alert(struct host *h)
{
	char *a = session_take_alert(h->s);
	if (!a)
		return;
	host_log("%s", a);
	for (int i = 0; i < h->ncl; i++) {
		struct client *c = &h->cl[i];
		if (c->c.fd >= 0 && !c->closing && c->state == CL_SEATED)
			host_say_json(c, "alert", "text", a);
	}
	free(a);
}

/* At most n bytes of s, not cut inside a character. */
static void add_cut(struct strbuf *b, const char *s, size_t n)
{
	size_t len = strlen(s);
	if (len > n) {
		len = n;
		while (len > 0 && ((unsigned char)s[len] & 0xc0) == 0x80)
			len--;
	}
	char *part = xmalloc(len + 1);
	memcpy(part, s, len);
	part[len] = '\0';
	strbuf_add_json(b, part);
	free(part);
}

/* A player's own order, and its refusal, kept for its seat: a player
 * who joins again reads in its log what it ordered (wire_said). Cut so
 * that the line fits the protocol's limit however it is escaped. */
static void said(struct host *h, int team, const char *line, const char *why)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"said\",\"line\":");
	add_cut(&b, line, 300);
	if (why) {
		strbuf_add(&b, ",\"why\":");
		add_cut(&b, why, 300);
	}
	strbuf_addc(&b, '}');
	wire_said_add(&h->said[team], &h->rec[team], b.s);
	strbuf_free(&b);
}

static void seated_line(struct host *h, struct client *c, const char *line)
{
	if (strncmp(line, "chat ", 5) == 0) {
		broadcast_chat(h, c, line);
		return;
	}
	if (strcmp(line, "ping") == 0) {
		host_say(c, "{\"type\":\"pong\"}");
		return;
	}
	if (strcmp(line, "bye") == 0) {
		host_drop(h, c, "said bye");
		return;
	}
	if (strncmp(line, "release ", 8) == 0) {
		char why[CMD_WHY_LEN];
		answer(c, line, host_seat_release(h, c, line + 8, why, sizeof why)
					? NULL
					: why);
		return;
	}
	char why[CMD_WHY_LEN] = "";
	int r;
	if (c->watcher) {
		snprintf(why, sizeof why, "a watcher cannot give orders");
		r = -1;
	} else {
		said(h, c->team, line, NULL);
		r = session_submit(h->s, c->team, line, why);
		if (r < 0)
			said(h, c->team, line, why);
	}
	host_sync_all(h);
	tell_alert(h);
	if (r == 0)
		host_write_info(h);
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
			host_refuse_and_drop(h, c, "error", c->c.why);
			return;
		}
		long long t = host_now_ms();
		if (t - c->window >= 1000) {
			c->window = t;
			c->window_lines = 0;
		}
		if (++c->window_lines > HOST_FLOOD_LINES) {
			host_refuse_and_drop(h, c, "error",
					"more lines than a player types: dropped");
			return;
		}
		if (c->state == CL_GREET) {
			if (strcmp(line, PROTO_GREETING) != 0) {
				host_refuse_and_drop(h, c, "error",
						"this host speaks " PROTO_GREETING
						"; your program speaks another "
						"protocol (upgrade it)");
				return;
			}
			host_say(c, PROTO_GREETING);
			c->state = CL_HELLO;
		} else if (c->state == CL_HELLO) {
			if (strcmp(line, "info") == 0) {
				host_send_info(h, c);
				host_drop(h, c, "asked for the game's state");
				return;
			}
			if (strncmp(line, "hello ", 6) == 0)
				host_seat_hello(h, c, line + 6);
			else if (strcmp(line, "claim") == 0 ||
				 strncmp(line, "claim ", 6) == 0)
				host_seat_claim(h, c, line + 5);
			else
				host_refuse_and_drop(h, c, "error",
						     "expected 'claim [TEAM] [key]', "
						     "'hello CODE' or 'info'");
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
void host_catch_stops(sigset_t *waiting)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigset_t stops;
	sigemptyset(&stops);
	sigaddset(&stops, SIGTERM);
	sigaddset(&stops, SIGINT);
	sigprocmask(SIG_BLOCK, &stops, waiting);
}

/* What a computer's order changed: told to everyone at once. */
static void after_computer(struct host *h)
{
	host_sync_all(h);
	tell_alert(h);
	host_write_info(h);
}

void host_serve(struct host *h, const sigset_t *waiting)
{
	struct pollfd *pfd = NULL;
	int cap = 0;
	host_ai_init(h);
	while (!host_stop) {
		long long t = host_now_ms();
		/* The computer's next order is asked for, never waited on:
		 * it is played when its process answers (host_ai.c). */
		if (host_ai_step(h, t))
			after_computer(h);
		bool pending = false;
		for (int i = 0; i < h->ncl; i++) {
			struct client *c = &h->cl[i];
			feed(h, c);
			size_t before = c->c.nout;
			if (conn_flush(&c->c) != 0) {
				host_drop(h, c, c->c.why);
				continue;
			}
			if (c->state == CL_SEATED && (c->c.nout < before || c->c.nout == 0))
				c->since = t;
			if (c->closing) {
				/* Its last line is written, or its time is up. */
				long long due = client_due(h, c);
				if (c->c.nout == 0 || (due >= 0 && t >= due))
					host_drop(h, c, "closed");
				continue;
			}
			if (c->c.nin > 0 && !c->partial)
				c->partial = t;
			else if (c->c.nin == 0)
				c->partial = 0;
			long long due = client_due(h, c);
			if (c->overflow)
				host_drop(h, c, "not reading what it is sent");
			else if (due >= 0 && t >= due)
				host_refuse_and_drop(h, c, "error",
						c->state != CL_SEATED
							? "no greeting and code in time"
						: c->c.nout > 0
							? "not reading what it is sent"
							: "half a line, then silence");
			else if (c->c.fd >= 0 && memchr(c->c.in, '\n', c->c.nin))
				pending = true; /* lines left for the next turn */
		}
		compact_clients(h);
		/* Nobody here: a finished game's host goes after a moment,
		 * a game's after its idle time (it sleeps: its save wakes
		 * it), unless the computer has a turn to play. */
		int quiet_ms = h->s->g->over ? h->linger_ms : h->idle_ms;
		bool computer = !h->s->g->over &&
				h->s->g->w->teams[h->s->g->active].control == CONTROL_AI;
		if (seated_count(h) == 0 && quiet_ms > 0 && !computer) {
			if (!h->empty_since)
				h->empty_since = t;
			if (t - h->empty_since >= quiet_ms)
				break;
		} else {
			h->empty_since = 0;
		}
		if (cap < h->ncl + 2) {
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
		if (h->empty_since) {
			long long left = h->empty_since + quiet_ms - t + 1;
			if (timeout < 0 || left < timeout)
				timeout = left < 0 ? 0 : (int)left;
		}
		if (h->s->save_broken && (timeout < 0 || timeout > HOST_SAVE_RETRY_MS))
			timeout = HOST_SAVE_RETRY_MS;
		int again = host_ai_timeout(h, t);
		if (again >= 0 && (timeout < 0 || again < timeout))
			timeout = again;
		if (pending)
			timeout = 0;
		int polled = h->ncl; /* accepting adds clients not polled yet */
		int nfds = polled + 1 + host_ai_pollfd(h, &pfd[polled + 1]);
		struct timespec ts = {timeout / 1000, (timeout % 1000) * 1000000L};
		int n = ppoll(pfd, (nfds_t)nfds, timeout < 0 ? NULL : &ts, waiting);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			host_log("poll: %s", strerror(errno));
			break;
		}
		if (nfds > polled + 1 &&
		    host_ai_ready(h, &pfd[polled + 1], host_now_ms()))
			after_computer(h);
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
					host_drop(h, c, c->c.why);
			}
		}
	}
	host_ai_stop(h);
	free(pfd);
}

