/* proto.h: the wire between a game's host and its players (SPEC 11):
 * newline-terminated UTF-8 lines of at most PROTO_LINE_MAX bytes over a
 * Unix-domain socket, the first line each way the greeting. Only framing,
 * buffers and the places sockets live: what the lines say is wire.h's. */
#ifndef MEDSIEGE_PROTO_H
#define MEDSIEGE_PROTO_H

#include <stdbool.h>
#include <stddef.h>

#define PROTO_GREETING "medsiege-proto 1"
/* The longest line either side may send, newline included: a map row of
 * 1024 cells and its view fit; anything longer is an attack or a bug. */
#define PROTO_LINE_MAX 4096
/* What may wait unread for one connection beyond its team's record (its
 * own refusals, chat): a reader this far behind is not reading at all. */
#define PROTO_QUEUE_MAX (256 * 1024)
/* A code's secret: 16 symbols of 32, 80 bits from the OS. */
#define PROTO_SECRET_LEN 19 /* "xxxx-xxxx-xxxx-xxxx" */
#define PROTO_CODE_LEN 128
#define PROTO_PATH_LEN 256

/* One side of a connection: bytes read but not yet a whole line, and
 * bytes queued to write. */
struct conn {
	int fd;
	char in[PROTO_LINE_MAX];
	size_t nin;
	char *out;      /* owned */
	size_t nout, outcap;
	char why[160];  /* why it was closed, when fd < 0 */
};

void conn_init(struct conn *c, int fd);
/* Close the socket (if open) and free the buffers; why is kept. */
void conn_close(struct conn *c, const char *why);
/* Read what the socket has (non-blocking): 1 when something came, 0 when
 * nothing, -1 at end of file or on an error (why set). */
int conn_read(struct conn *c);
/* Take the next whole line out of the input (without its newline) into
 * line (PROTO_LINE_MAX bytes): 1 with a line, 0 when none is whole yet,
 * -1 when the input breaks the protocol (over-long, NUL, not UTF-8),
 * with why set. */
int conn_line(struct conn *c, char *line);
/* Queue a line (a newline is added): false, with why, when the queue
 * would pass max bytes. */
bool conn_queue(struct conn *c, const char *line, size_t max);
/* Write what is queued, as far as the socket takes: 0, or -1 on an
 * error (why set). */
int conn_flush(struct conn *c);
/* Forget what is queued after the line being written now, so that a
 * last line queued next goes out before anything else. */
void conn_cut_queue(struct conn *c);
/* Whether s is well-formed UTF-8 with no NUL and no control byte but
 * tab. */
bool proto_text_ok(const char *s, size_t n);

/* The folder of this user's game sockets (made, mode 0700, when missing;
 * checked to be this user's and closed to others), or with group, the
 * shared folder of that group, /tmp/medsiege-group-GROUP (made setgid,
 * mode 3770: sticky, so that nobody removes another's socket;
 * MEDSIEGE_GROUP_ROOT instead of /tmp). 0, or -1 with why. */
int proto_dir(const char *group, char *out, size_t size, char *why,
	      size_t whysize);
/* Every folder a player may find games in: its own, and each group
 * folder it can enter. Calls fn(ctx, dir) for each; returns how many. */
int proto_dirs(void (*fn)(void *ctx, const char *dir), void *ctx);
/* A secret of PROTO_SECRET_LEN symbols from the OS's random source:
 * 0, or -1 when the source fails. */
int proto_secret(char *out);
/* A short random tag (4 symbols) that tells games apart in a name. */
int proto_tag(char *out);
/* Split a code "GAME-TEAM-SECRET" (GAME itself "scenario-tag"): false
 * when it is not shaped like one. */
bool proto_code_split(const char *code, char *game, size_t gsize, char *team,
		      size_t tsize);

/* Sockets: listen at path (removing a dead socket left there), or
 * connect to it. The fd, non-blocking for listen; or -1 with why. */
int proto_listen(const char *path, char *why, size_t whysize);
int proto_connect(const char *path, char *why, size_t whysize);

#endif
