/* hostpriv.h: the parts of a host, shared by its files and nothing else.
 *
 *   host.c        the loop: connections, their lines, what each is fed
 *   host_seats.c  the seats: claims, binding to a uid or a seat key,
 *                 watch codes, who may act, the seats file
 *   host_start.c  starting: the game's folder and files, the session,
 *                 the socket, the privilege given up; and stopping
 *   host_log.c    the host's log, bounded, and its public summary (info)
 *   host_ai.c     the computer's thinking, in a process of its own
 *
 * A seat is claimed once and then bound: to its player's uid (taken from
 * the socket, SO_PEERCRED), so that coming back needs nothing, or, for a
 * player on a shared account (the lobby), to a seat key shown to that
 * player alone. Nobody is ever sent another team's key or watch code. */
#ifndef MEDSIEGE_HOSTPRIV_H
#define MEDSIEGE_HOSTPRIV_H

#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <sys/types.h>

#include "net/host.h"
#include "net/proto.h"
#include "net/store.h"
#include "net/wire.h"
#include "save/session.h"

/* A client has this long to greet and say what it wants. */
#define HOST_GREET_MS 10000
/* A client that takes nothing of what waits for it this long is gone. */
#define HOST_STALL_MS 30000
/* More lines than this in a second is a flood, not a player. */
#define HOST_FLOOD_LINES 400
/* Lines taken from one client before the others get a turn. */
#define HOST_LINES_PER_TURN 32
/* How much of a record is queued ahead of what the socket took. */
#define HOST_QUEUE_AHEAD (64 * 1024)
/* A finished game's host stays this long after its last client left. */
#define HOST_LINGER_MS 5000
/* The least room a save must have under the file-size limit to be
 * hosted: a few rounds' orders. */
#define HOST_SAVE_ROOM (16 * 1024)
/* While saving fails, how often the computer gives its order again. */
#define HOST_SAVE_RETRY_MS 1000
/* A computer's process is made again at most this often. */
#define HOST_AI_RETRY_MS 1000
/* What may wait for the computer's process to read before it is deemed
 * stuck (and made again). */
#define HOST_AI_QUEUE_MAX (1024 * 1024)
/* Wrong codes or keys one uid may give in HOST_WRONG_WINDOW_MS before
 * it is refused without a look until the window ends. */
#define HOST_WRONG_MAX 20
#define HOST_WRONG_WINDOW_MS 10000
/* Unfinished games one user may start, and the store may hold. */
#define HOST_GAMES_PER_USER 32
#define HOST_GAMES_MAX 256
/* The host's log is cut back to its last quarter past this size. */
#define HOST_LOG_MAX (1024 * 1024)

enum client_state { CL_GREET, CL_HELLO, CL_SEATED };

struct client {
	struct conn c;
	enum client_state state;
	int id;
	int team;
	bool watcher;
	int cursor;            /* next line of the team's record to send */
	struct wire_team *snap; /* owned: a join's snapshot, being sent */
	int snap_at;           /* its next line */
	long long since;       /* connected, then the last output taken */
	long long partial;     /* since when half a line waits, or 0 */
	long long window;      /* flood count's second */
	int window_lines;
	unsigned uid;
	int wirefd;            /* MEDSIEGE_WIRE_LOG: a copy of what is sent */
	bool overflow;         /* more waits for it than a reader leaves */
	bool closing;          /* gone but for its last line, being written */
	bool fed;              /* has been sent its first record line */
};

enum seat_bind { SEAT_FREE, SEAT_UID, SEAT_KEY, SEAT_COMPUTER };

#define HOST_FOR_MAX 8

struct seat {
	enum seat_bind bind;
	unsigned uid;                 /* SEAT_UID: its player */
	char key[PROTO_CODE_LEN];     /* SEAT_KEY: the seat key */
	char watch[PROTO_CODE_LEN];   /* the team's watch code */
	unsigned for_uid[HOST_FOR_MAX]; /* --for: who may claim it (none:
					   whoever reaches the game) */
	int nfor;
	int player;                   /* the client's id, or 0 */
	unsigned release;             /* SEAT_KEY: the teams whose players
					 asked to free it (a lost key) */
};

/* The process the computer thinks in (host_ai.c). */
struct host_worker {
	pid_t pid;             /* 0: none */
	struct conn c;         /* the host's end of their socket pair */
	int asked;             /* the team whose command it thinks of, or -1 */
	int asked_at;          /* the commands played when it was asked */
	long long started;     /* when the last one was made (0: never) */
};

/* A uid that gave wrong codes lately. */
struct wrong {
	unsigned uid;
	long long since;
	int n;
	bool said;             /* logged that it is refused for now */
};

struct host {
	struct session *s;
	struct wire_team rec[MAX_TEAMS];
	struct wire_said said[MAX_TEAMS]; /* each seat's own orders */
	int nrec;
	struct seat seats[MAX_TEAMS];
	char game[STORE_NAME_LEN];
	char group[64];        /* "" or the --group the game keeps */
	unsigned starter;      /* the uid that started it */
	int idle_ms;           /* 0: never sleep */
	bool restricted;       /* --for: only the named users may claim */
	bool referee;
	bool woken;            /* started again from its folder */
	struct store_game store;
	char sock[PROTO_PATH_LEN];
	char info_path[PROTO_PATH_LEN]; /* per-user --group: the public copy */
	int seatsfd, infofd, groupinfofd;
	int lfd;
	struct client *cl;     /* owned */
	int ncl, capcl;
	int next_id;
	const char *wirelog;
	long long empty_since; /* nobody connected since (0: somebody is) */
	long long save_retry;  /* the computer's last order refused unsaved */
	struct wrong wrong[16];
	struct host_worker ai;
	int greet_ms, stall_ms, linger_ms;
	char boot[8];          /* this process's records: a reconnecting
				  client may go on from where it was */
};

/* host_log.c */
void host_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The game's public summary, one line of JSON (scenario, round, whose
 * turn, who holds each seat, asleep or not: no secret); caller frees. */
char *host_info_line(const struct host *h);
/* Write it where listings read it while the host sleeps. */
void host_write_info(struct host *h);

/* host_seats.c */
int host_seats_make(struct host *h, const struct host_opts *o, char *why,
		    size_t whysize);
int host_seats_load(struct host *h, char *why, size_t whysize);
int host_seats_save(struct host *h, char *why, size_t whysize);
/* A client's "claim [TEAM] [key]", "hello CODE" (a seat key or a watch
 * code), each optionally followed by "from BOOT N". */
void host_seat_claim(struct host *h, struct client *c, const char *arg);
void host_seat_hello(struct host *h, struct client *c, const char *arg);
/* The game's state for a listing, one line. */
void host_send_info(struct host *h, struct client *c);
/* host_release.c: "release TEAM" from a seated player: TEAM's seat, bound
 * to a seat key that is lost, is freed once every other seated player
 * asked. True when taken (the answer is ok), else false with why. */
bool host_seat_release(struct host *h, struct client *c, const char *team,
		       char *why, size_t whysize);
/* A seat key of a game that slept this long is released when it
 * wakes. */
#define HOST_KEY_RELEASE_DAYS 30
void host_seats_release_old(struct host *h, long long slept_s);
/* host_ai.c: the computer's thinking, which the loop never waits on.
 * host_ai_init before the loop; host_ai_step at each turn of it (asks
 * for the computer's next command when one is due: true when something
 * was played meanwhile, a computer's turn ended for it); host_ai_pollfd
 * (0 or 1 entries) and host_ai_timeout (ms, or -1) for its poll, and
 * host_ai_ready with what poll said (true when the computer's command
 * was played); host_ai_end ends the process (why: the host's reason, or
 * NULL when it ended by itself), host_ai_stop when the host stops. */
void host_ai_init(struct host *h);
bool host_ai_step(struct host *h, long long now);
struct pollfd;
int host_ai_pollfd(const struct host *h, struct pollfd *p);
int host_ai_timeout(const struct host *h, long long now);
bool host_ai_ready(struct host *h, const struct pollfd *p, long long now);
void host_ai_end(struct host *h, const char *why);
void host_ai_stop(struct host *h);
/* host.c: a chat line to every team, from who: false when it does not
 * fit a line. */
bool host_chat_all(struct host *h, const char *who, const char *text);

/* host.c, for the seats */
bool host_say(struct client *c, const char *line);
void host_say_json(struct client *c, const char *type, const char *key,
		   const char *val);
void host_refuse_and_drop(struct host *h, struct client *c, const char *type,
			  const char *text);
struct client *host_client_by_id(struct host *h, int id);
void host_open_wire_log(struct host *h, struct client *c);
long long host_now_ms(void);

/* host.c: SIGTERM and SIGINT end the loop; they are blocked but while
 * it waits (waiting: the mask then). */
void host_catch_stops(sigset_t *waiting);
void host_attach(void *ctx, struct game *g);
void host_on_event(void *ctx, const struct game *g, const struct event *ev);
void host_drop(struct host *h, struct client *c, const char *why);
void host_free_snapshot(struct client *c);
void host_sync_all(struct host *h);
/* host.c: the loop, until the game sleeps, ends or is stopped. */
void host_serve(struct host *h, const sigset_t *waiting);

#endif
