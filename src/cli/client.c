/* client.c: the player's process of a hosted game: a connection to the
 * host, the team's projection made from its record, and the screen. */
#define _GNU_SOURCE /* struct ucred */
#include "cli/client.h"

#include <pwd.h>
#include <sys/socket.h>
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
#include "net/connector.h"
#include "net/json.h"
#include "net/priv.h"
#include "net/store.h"
#include "net/proto.h"
#include "net/wire.h"
#include "ui/ui.h"
#include "ui/uilog.h"

/* How long a command's answer may take before the host counts as lost. */
#define CLIENT_ANSWER_MS 10000
/* How long to try again after the host is lost, and how often. */
#define CLIENT_RETRY_MS 30000
#define CLIENT_RETRY_EVERY_MS 1000

struct client {
	const struct client_seat *want;
	struct connector conn;     /* reaches the game's socket */
	char key[PROTO_CODE_LEN];  /* a seat key this terminal holds */
	char watch[PROTO_CODE_LEN]; /* the team's watch code, when told */
	char game[STORE_NAME_LEN];
	struct conn c;
	struct wire_client wc;
	/* The screen's log of the projection, listening from its first line
	 * (owned until the screen takes it over), and the game it is of. */
	struct uilog *history;
	const struct game *history_of;
	char team[TEAM_NAME_LEN];
	char boot[8];          /* the host's record, and how much of it */
	int nrecord;
	int skip;              /* lines of a snapshot still to come */
	int snap_from;         /* where the record goes on after it */
	bool restart;          /* the host's record is new: start again */
	bool back;             /* and the screen went for it: say so there */
	bool gone;             /* the seat is lost for good */
	bool told_host;        /* said whose account hosts the game */
	bool referee;          /* the referee hosts it */
	bool host_is_me;       /* this user's own account hosts it */
	bool new_key;          /* a seat key was just made: show it once */
	bool key_told;         /* and told to the lobby (keyfd) */
	char seatinfo[1024];   /* what the seat key shows on the screen */
	char note[256];        /* for the screen: chat, the connection */
	char result[256];      /* how the game ended, when it did */
	char why[512];
};

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
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
		bool past = cl->skip > 0;
		/* A snapshot's lines are not the record's: the record goes
		 * on from the line the seat named. */
		if (past && --cl->skip == 0)
			cl->nrecord = cl->snap_from;
		else if (!past && !cl->wc.has_said)
			cl->nrecord++;
		if (cl->wc.has_said) {
			/* An order the screen logged as it was given, read
			 * again from the record after joining. */
			cl->wc.has_said = false;
			if (past && cl->history)
				uilog_said(cl->history, cl->wc.said, cl->wc.team);
		}
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
static void seat_info(struct client *cl);

/* Whose process hosts the game, told once: the referee, or the
 * starter's own account (who can then read the game). */
static bool check_host(struct client *cl, int fd)
{
	struct ucred cred;
	socklen_t len = sizeof cred;
	if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) != 0) {
		snprintf(cl->why, sizeof cl->why, "cannot tell who hosts the game");
		return false;
	}
	cl->host_is_me = cred.uid == getuid();
	cl->referee = priv_referee();
	if (priv_referee()) {
		if (cred.gid != priv_games_gid()) {
			/* Something else listens where the referee's game
			 * should: no code or key is sent to it. */
			snprintf(cl->why, sizeof cl->why,
				 "game %s is not hosted by the referee: nothing "
				 "was sent to it",
				 cl->game);
			cl->gone = true;
			return false;
		}
		return true;
	}
	if (!cl->told_host && cred.uid != getuid()) {
		struct passwd *pw = getpwuid(cred.uid);
		char who[64];
		snprintf(who, sizeof who, "%s", pw ? pw->pw_name : "another user");
		fprintf(stderr, "medsiege: game %s runs under %s's account, who "
				"can read all of it\n",
			cl->game, who);
		cl->told_host = true;
	}
	return true;
}

/* Connect, greet and take the seat; the record then follows. 0, or -1
 * with why (gone set when trying again cannot help). */
static int connect_seat(struct client *cl)
{
	char line[PROTO_LINE_MAX];
	int fd = connector_connect(&cl->conn, cl->why, sizeof cl->why);
	if (fd < 0) {
		if (strstr(cl->why, "asleep") || strstr(cl->why, "no game"))
			cl->gone = true;
		return -1;
	}
	if (!check_host(cl, fd)) {
		close(fd);
		return -1;
	}
	conn_close(&cl->c, NULL);
	conn_init(&cl->c, fd);
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
	char hello[PROTO_CODE_LEN + 96], resume[32] = "";
	if (cl->boot[0] && cl->nrecord > 0)
		snprintf(resume, sizeof resume, " from %s %d", cl->boot,
			 cl->nrecord);
	const char *code = cl->key[0] ? cl->key : cl->want->code;
	if (code && code[0])
		snprintf(hello, sizeof hello, "hello %s%s", code, resume);
	else
		snprintf(hello, sizeof hello, "claim %s%s%s",
			 cl->want->team ? cl->want->team : "-",
			 cl->want->key ? " key" : "", resume);
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
	const char *key = json_str(o, "key"), *watch = json_str(o, "watch");
	int from = json_int(o, "from", 0);
	snprintf(cl->team, sizeof cl->team, "%s", team ? team : "?");
	if (key && !cl->key[0]) {
		snprintf(cl->key, sizeof cl->key, "%s", key);
		cl->new_key = true;
	}
	if (watch)
		snprintf(cl->watch, sizeof cl->watch, "%s", watch);
	const char *held = cl->key[0] ? cl->key : cl->want->code;
	if (cl->want->keyfd > 0 && held && held[0] && !cl->want->watch &&
	    !cl->key_told) {
		dprintf(cl->want->keyfd, "%s %s %s\n", cl->game, cl->team, held);
		cl->key_told = true;
	}
	seat_info(cl);
	int snapshot = json_int(o, "snapshot", 0);
	bool same = boot && strcmp(boot, cl->boot) == 0 && from == cl->nrecord &&
		    snapshot == 0;
	if (!same && (cl->nrecord > 0 || cl->wc.g))
		cl->restart = true; /* a new host process: its record anew */
	cl->skip = snapshot > 0 ? snapshot : 0;
	cl->snap_from = from;
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
		/* The screen is built anew at once: the status line would
		 * flash by, so its log says it. */
		cl->back = cl->restart;
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
	if (cl->want->watch) {
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
	/* The host's new record comes on the connection that found it: its
	 * id (boot) stays, for the next reconnection. */
	cl->nrecord = 0;
	cl->restart = false;
}

/* What the seat key of the screen shows: the game, the team, and the
 * team's watch code to hand to whom the player likes. */
static void seat_info(struct client *cl)
{
	if (cl->want->watch)
		snprintf(cl->seatinfo, sizeof cl->seatinfo,
			 "You watch %s in game %s.", cl->team, cl->game);
	else
		snprintf(cl->seatinfo, sizeof cl->seatinfo,
			 "You play %s in game %s.\n"
			 "Come back to your seat with: medsiege join %s\n"
			 "\n"
			 "Your team's watch code, to hand to whom you like: they\n"
			 "type it when 'medsiege watch %s %s' asks for it, and\n"
			 "see what %s sees.\n"
			 "\n"
			 "  %s",
			 cl->team, cl->game, cl->game, cl->game, cl->team, cl->team,
			 cl->watch[0] ? cl->watch : "(not told)");
}

/* Said on the shell once the screen is closed: why the client ended. */
static void say_end(const struct client *cl, int status)
{
	const struct game *g = cl->wc.g;
	if (g && g->over) {
		printf("Game %s is over: %s\n", cl->game,
		       g->result[0] ? g->result : "the game has ended");
		/* The referee hands its players the finished game; a
		 * starter's own account keeps it from the others. */
		if (cl->referee || cl->host_is_me)
			printf("Replay it with: medsiege replay %s\n", cl->game);
		else
			printf("Its save is kept by the account that hosts it: "
			       "ask its starter for a copy.\n");
		return;
	}
	if (status != 0 || cl->gone) {
		fprintf(stderr, "medsiege: %s\n",
			cl->why[0] ? cl->why : "the seat was lost");
		return;
	}
	if (cl->want->watch)
		printf("You stopped watching game %s.\n", cl->game);
	else
		printf("You left game %s (%s); it goes on. Come back with: "
		       "medsiege join %s\n",
		       cl->game, cl->team, cl->game);
}

int client_run(const struct client_seat *want)
{
	struct client cl;
	memset(&cl, 0, sizeof cl);
	cl.want = want;
	cl.conn.fd = -1;
	cl.conn.pid = -1;
	conn_init(&cl.c, -1);
	wire_client_init(&cl.wc);
	snprintf(cl.game, sizeof cl.game, "%.*s", (int)sizeof cl.game - 1,
		 want->game);
	if (!store_name_ok(want->game)) {
		fprintf(stderr, "medsiege: '%.60s' is not a game's name "
				"(medsiege games lists them)\n",
			want->game);
		return 2;
	}
	if (connector_start(&cl.conn, want->game, cl.why, sizeof cl.why) != 0) {
		fprintf(stderr, "medsiege: %s\n", cl.why);
		return 1;
	}
	/* The privilege stays with the connector: none of it is left when
	 * the screen opens or a byte from the host is read. */
	priv_drop();
	int status = 1;
	if (ui_check_terminal() != 0) {
		connector_stop(&cl.conn);
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	bool connected = false; /* the seat taken again by the screen */
	for (;;) {
		if (!connected && connect_seat(&cl) != 0 &&
		    (cl.gone || !reconnect(&cl))) {
			fprintf(stderr, "medsiege: %s\n", cl.why);
			status = 1;
			goto out;
		}
		if (cl.restart) {
			/* Begin the picture again from the host's new record. */
			start_again(&cl);
			continue;
		}
		if (cl.new_key) {
			/* Shown once, before the screen: the player needs it to
			 * come back to the seat (the lobby asks for it). */
			cl.new_key = false;
			fprintf(stderr, "Your seat key for %s in game %s:\n\n    %s\n\n"
					"Keep it: you are asked for it when you come "
					"back. Press Enter to play.",
				cl.team, cl.game, cl.key);
			char line[8];
			if (!fgets(line, sizeof line, stdin))
				fputc('\n', stderr);
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
			status = 1;
			goto out;
		}
		struct game *g = cl.wc.g;
		if (cl.back && cl.history)
			uilog_note(cl.history, "host lost; back in the game with a new host");
		cl.back = false;
		struct ui_submit sub = {
			.fn = submit,
			.ctx = &cl,
			.history = cl.history,
			.notice = cl.note[0] ? cl.note : NULL,
			.remote = true,
			.seat = cl.wc.team,
			.watching = want->watch,
			.seat_info = cl.seatinfo,
			.remote_fd = remote_fd,
			.remote_pump = pump,
			.remote_lost = lost,
		};
		cl.history = NULL; /* the screen takes it over */
		status = ui_play(g, &sub);
		cl.note[0] = '\0';
		if (status != UI_RESTART)
			break;
		/* A new host: the screen got the seat back, and its record
		 * follows on that connection. */
		start_again(&cl);
		connected = cl.c.fd >= 0;
	}
	if (status == UI_RESTART)
		status = 1;
	say_end(&cl, status);
out:
	if (cl.c.fd >= 0)
		send_line(&cl, "bye");
	conn_close(&cl.c, NULL);
	connector_stop(&cl.conn);
	ui_history_free(cl.wc.g, cl.history);
	wire_client_free(&cl.wc);
	return status;
}
