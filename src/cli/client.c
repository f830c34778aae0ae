/* client.c: the player's process of a hosted game: a connection to the
 * host, the team's projection made from its record, and the screen. */
#include "cli/client.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "net/json.h"
#include "net/proto.h"
#include "net/wire.h"
#include "ui/ui.h"

/* How long a command's answer may take before the host counts as lost. */
#define CLIENT_ANSWER_MS 10000
/* How long to try again after the host is lost, and how often. */
#define CLIENT_RETRY_MS 30000
#define CLIENT_RETRY_EVERY_MS 1000

struct client {
	const char *code;
	bool watch;
	char sock[PROTO_PATH_LEN];
	struct conn c;
	struct wire_client wc;
	/* The screen's log of the projection, listening from its first line
	 * (owned until the screen takes it over), and the game it is of. */
	struct uilog *history;
	const struct game *history_of;
	char team[TEAM_NAME_LEN];
	char boot[8];          /* the host's record, and how much of it */
	int nrecord;
	bool restart;          /* the host's record is new: start again */
	bool gone;             /* the seat is lost for good */
	char note[256];        /* for the screen: chat, the connection */
	char why[512];
};

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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
	snprintf(p, sizeof p, "%s/%s.sock", dir, f->game);
	if (stat(p, &st) == 0 && S_ISSOCK(st.st_mode) && strlen(p) < f->size) {
		snprintf(f->path, f->size, "%s", p);
		f->found = true;
	}
}

int client_find_socket(const char *code, char *path, size_t size, char *why,
		       size_t whysize)
{
	char game[PROTO_CODE_LEN], team[PROTO_CODE_LEN];
	if (!proto_code_split(code, game, sizeof game, team, sizeof team)) {
		snprintf(why, whysize,
			 "'%.60s' is not a game code (codes look like "
			 "gatehouse-k3f9-red-7kq2-m9xd-p3ta-w8ne)",
			 code);
		return -1;
	}
	struct finder f = {game, path, size, false};
	proto_dirs(look_in, &f);
	if (!f.found) {
		snprintf(why, whysize,
			 "no game %s is hosted here that you can reach "
			 "(medsiege games lists them)",
			 game);
		return -1;
	}
	return 0;
}

/* Wait for the next line from the host, up to ms: 1 with it, 0 on time
 * out, -1 when the connection broke (why set). */
static int next_line(struct client *cl, char *line, int ms)
{
	long long end = now_ms() + ms;
	for (;;) {
		int r = conn_line(&cl->c, line);
		if (r != 0) {
			if (r < 0)
				snprintf(cl->why, sizeof cl->why, "%s", cl->c.why);
			return r;
		}
		long long left = end - now_ms();
		if (left <= 0)
			return 0;
		struct pollfd p = {.fd = cl->c.fd, .events = POLLIN};
		if (poll(&p, 1, (int)left) < 0 && errno != EINTR)
			return -1;
		if (conn_read(&cl->c) < 0) {
			snprintf(cl->why, sizeof cl->why, "%s", cl->c.why);
			return -1;
		}
	}
}

static bool send_line(struct client *cl, const char *line)
{
	if (!conn_queue(&cl->c, line, PROTO_QUEUE_MAX))
		return false;
	/* A player's lines are few and short: write them out now. */
	fcntl(cl->c.fd, F_SETFL, fcntl(cl->c.fd, F_GETFL) & ~O_NONBLOCK);
	int r = conn_flush(&cl->c);
	fcntl(cl->c.fd, F_SETFL, fcntl(cl->c.fd, F_GETFL) | O_NONBLOCK);
	return r == 0;
}

/* Apply a line of the record, or keep what the host says to us: the
 * seat, an error, a farewell. 1: a line for the caller (ok, refused...),
 * 0: applied, -1: the seat is lost (why set). */
static int take(struct client *cl, const char *line)
{
	char why[GAME_WHY_LEN];
	int r = wire_client_apply(&cl->wc, line, why);
	if (r == 0) {
		cl->nrecord++;
		if (cl->wc.has_chat) {
			cl->wc.has_chat = false;
			snprintf(cl->note, sizeof cl->note, "%.250s", cl->wc.chat);
		}
		if (cl->wc.g && cl->history_of != cl->wc.g) {
			cl->history = ui_history_new(cl->wc.g);
			cl->history_of = cl->wc.g;
		}
		return 0;
	}
	if (r < 0) {
		snprintf(cl->why, sizeof cl->why, "%s", why);
		return -1;
	}
	char jwhy[80];
	struct json *o = json_parse(line, jwhy);
	const char *type = json_str(o, "type");
	int out = 1;
	if (type && strcmp(type, "alert") == 0) {
		/* What happened to the game's save: for the status line. */
		const char *text = json_str(o, "text");
		snprintf(cl->note, sizeof cl->note, "%.250s", text ? text : "");
	} else if (type && (strcmp(type, "error") == 0 || strcmp(type, "bye") == 0)) {
		const char *text = json_str(o, "text");
		snprintf(cl->why, sizeof cl->why, "%s", text ? text : type);
		cl->gone = true;
		out = -1;
	}
	json_free(o);
	return out;
}

/* Connect, greet and take the seat; the record then follows. 0, or -1
 * with why (gone set when trying again cannot help). */
static int connect_seat(struct client *cl)
{
	char line[PROTO_LINE_MAX];
	int fd = proto_connect(cl->sock, cl->why, sizeof cl->why);
	if (fd < 0) {
		/* The host may have moved (restarted): look for it again. */
		char why[256];
		if (client_find_socket(cl->code, cl->sock, sizeof cl->sock, why,
				       sizeof why) == 0)
			fd = proto_connect(cl->sock, cl->why, sizeof cl->why);
		if (fd < 0)
			return -1;
	}
	conn_close(&cl->c, NULL);
	conn_init(&cl->c, fd);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	char hello[PROTO_CODE_LEN + 64];
	if (cl->boot[0] && cl->nrecord > 0)
		snprintf(hello, sizeof hello, "hello %s from %s %d", cl->code,
			 cl->boot, cl->nrecord);
	else
		snprintf(hello, sizeof hello, "hello %s", cl->code);
	if (!send_line(cl, PROTO_GREETING) || !send_line(cl, hello)) {
		snprintf(cl->why, sizeof cl->why, "the host closed the connection");
		return -1;
	}
	int r = next_line(cl, line, CLIENT_ANSWER_MS);
	if (r > 0 && strcmp(line, PROTO_GREETING) != 0) {
		take(cl, line);
		if (!cl->gone)
			snprintf(cl->why, sizeof cl->why,
				 "the host speaks another protocol");
		cl->gone = true;
		return -1;
	}
	if (r > 0)
		r = next_line(cl, line, CLIENT_ANSWER_MS);
	if (r <= 0) {
		if (r == 0)
			snprintf(cl->why, sizeof cl->why, "the host did not answer");
		return -1;
	}
	char jwhy[80];
	struct json *o = json_parse(line, jwhy);
	const char *type = json_str(o, "type");
	if (!type || strcmp(type, "seat") != 0) {
		json_free(o);
		take(cl, line);
		cl->gone = true;
		if (!cl->why[0])
			snprintf(cl->why, sizeof cl->why, "the host refused the code");
		return -1;
	}
	const char *team = json_str(o, "team"), *boot = json_str(o, "record");
	int from = json_int(o, "from", 0);
	snprintf(cl->team, sizeof cl->team, "%s", team ? team : "?");
	bool same = boot && strcmp(boot, cl->boot) == 0 && from == cl->nrecord;
	if (!same && cl->nrecord > 0)
		cl->restart = true; /* a new host process: its record anew */
	snprintf(cl->boot, sizeof cl->boot, "%s", boot ? boot : "");
	json_free(o);
	return 0;
}

/* Apply whatever the host has sent, without waiting. -1 when the
 * connection broke. */
static int drain(struct client *cl)
{
	char line[PROTO_LINE_MAX];
	for (;;) {
		int r = conn_line(&cl->c, line);
		if (r < 0) {
			snprintf(cl->why, sizeof cl->why, "%s", cl->c.why);
			return -1;
		}
		if (r > 0) {
			if (take(cl, line) < 0)
				return -1;
			if (cl->restart)
				return 0;
			continue;
		}
		int rr = conn_read(&cl->c);
		if (rr < 0) {
			snprintf(cl->why, sizeof cl->why, "%s", cl->c.why);
			return -1;
		}
		if (rr == 0)
			return 0;
	}
}

/* The host is lost: try to get the seat back for a while. */
static bool reconnect(struct client *cl)
{
	long long end = now_ms() + CLIENT_RETRY_MS;
	while (!cl->gone && now_ms() < end) {
		if (connect_seat(cl) == 0)
			return true;
		if (cl->gone)
			break;
		usleep(CLIENT_RETRY_EVERY_MS * 1000);
	}
	return false;
}

static int pump(void *ctx, struct game *g, char *note, size_t size)
{
	struct client *cl = ctx;
	(void)g;
	note[0] = '\0';
	if (drain(cl) < 0) {
		if (cl->gone) {
			snprintf(note, size, "%.200s", cl->why);
			return -1;
		}
		snprintf(note, size, "host lost, reconnecting");
		return 3;
	}
	if (cl->restart)
		return 2;
	if (cl->note[0]) {
		snprintf(note, size, "%s", cl->note);
		cl->note[0] = '\0';
	}
	return 1;
}

static int lost(void *ctx, char *note, size_t size)
{
	struct client *cl = ctx;
	if (reconnect(cl)) {
		snprintf(note, size, "back in the game");
		return cl->restart ? 2 : 1;
	}
	snprintf(note, size, "host lost: %s", cl->why);
	return -1;
}

static int remote_fd(void *ctx)
{
	const struct client *cl = ctx;
	return cl->c.fd;
}

static int submit(void *ctx, struct game *g, int issuer, const char *line,
		  char *why)
{
	struct client *cl = ctx;
	(void)g;
	(void)issuer;
	if (strncmp(line, "chat ", 5) == 0) {
		/* Said to everyone in the game; the host answers nothing. */
		if (!send_line(cl, line)) {
			snprintf(why, CMD_WHY_LEN, "host lost: not said");
			return -1;
		}
		return 0;
	}
	if (cl->watch) {
		snprintf(why, CMD_WHY_LEN, "you are watching %s: you cannot give "
					   "orders", cl->team);
		return -1;
	}
	if (!send_line(cl, line)) {
		snprintf(why, CMD_WHY_LEN, "host lost: the command was not sent");
		return -1;
	}
	char reply[PROTO_LINE_MAX];
	for (;;) {
		int r = next_line(cl, reply, CLIENT_ANSWER_MS);
		if (r <= 0) {
			snprintf(why, CMD_WHY_LEN, "host lost: %.180s",
				 r == 0 ? "no answer" : cl->why);
			return -1;
		}
		int t = take(cl, reply);
		if (t < 0) {
			snprintf(why, CMD_WHY_LEN, "%.190s", cl->why);
			return -1;
		}
		if (t == 0)
			continue;
		char jwhy[80];
		struct json *o = json_parse(reply, jwhy);
		const char *type = json_str(o, "type");
		const char *l = json_str(o, "line");
		int out = 2;
		if (type && l && strcmp(l, line) == 0) {
			if (strcmp(type, "ok") == 0)
				out = 0;
			else if (strcmp(type, "refused") == 0) {
				const char *w = json_str(o, "why");
				snprintf(why, CMD_WHY_LEN, "%s", w ? w : "refused");
				out = -1;
			}
		}
		json_free(o);
		if (out != 2)
			return out;
	}
}

/* Forget the picture: the host's record is to be read anew. */
static void start_again(struct client *cl)
{
	ui_history_free(cl->wc.g, cl->history);
	cl->history = NULL;
	cl->history_of = NULL;
	wire_client_free(&cl->wc);
	wire_client_init(&cl->wc);
	cl->nrecord = 0;
	cl->boot[0] = '\0';
	cl->restart = false;
}

int client_run(const char *code, bool watch)
{
	struct client cl;
	memset(&cl, 0, sizeof cl);
	cl.code = code;
	cl.watch = watch;
	conn_init(&cl.c, -1);
	wire_client_init(&cl.wc);
	char game[PROTO_CODE_LEN], team[PROTO_CODE_LEN];
	if (proto_code_split(code, game, sizeof game, team, sizeof team)) {
		size_t n = strlen(team);
		bool is_watch = n >= 5 && strcmp(team + n - 5, "watch") == 0;
		if (is_watch != watch) {
			fprintf(stderr,
				"medsiege: %s is a %s code: use medsiege %s %s\n",
				code, is_watch ? "watch" : "play",
				is_watch ? "watch" : "join", code);
			return 2;
		}
	}
	if (client_find_socket(code, cl.sock, sizeof cl.sock, cl.why,
			       sizeof cl.why) != 0) {
		fprintf(stderr, "medsiege: %s\n", cl.why);
		return 1;
	}
	if (ui_check_terminal() != 0)
		return 1;
	signal(SIGPIPE, SIG_IGN);
	int status = 1;
	for (;;) {
		if (connect_seat(&cl) != 0 && !reconnect(&cl)) {
			fprintf(stderr, "medsiege: %s\n", cl.why);
			break;
		}
		if (cl.restart) {
			/* Begin the picture again from the host's new record. */
			start_again(&cl);
			continue;
		}
		/* The story so far, before the screen opens. */
		long long end = now_ms() + CLIENT_ANSWER_MS;
		char line[PROTO_LINE_MAX];
		while (!cl.wc.g && now_ms() < end) {
			int r = next_line(&cl, line, (int)(end - now_ms()));
			if (r <= 0 || take(&cl, line) < 0)
				break;
		}
		if (!cl.wc.g || drain(&cl) < 0) {
			fprintf(stderr, "medsiege: %s\n",
				cl.why[0] ? cl.why : "the host sent no game");
			break;
		}
		struct game *g = cl.wc.g;
		struct ui_submit sub = {
			.fn = submit,
			.ctx = &cl,
			.history = cl.history,
			.remote = true,
			.seat = cl.wc.team,
			.watching = watch,
			.remote_fd = remote_fd,
			.remote_pump = pump,
			.remote_lost = lost,
		};
		cl.history = NULL; /* the screen takes it over */
		status = ui_play(g, &sub);
		if (status != UI_RESTART)
			break;
		start_again(&cl);
	}
	if (cl.c.fd >= 0)
		send_line(&cl, "bye");
	conn_close(&cl.c, NULL);
	ui_history_free(cl.wc.g, cl.history);
	wire_client_free(&cl.wc);
	return status == UI_RESTART ? 1 : status;
}
