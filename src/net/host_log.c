/* host_log.c: what a host tells whoever runs the machine (its log, kept
 * under HOST_LOG_MAX), and what it tells a listing (its info). */
#include "net/hostpriv.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"

/* The log is the host's standard error (its game's log file). Past its
 * bound its last quarter is kept, at the start of the file. */
static void log_bound(void)
{
	struct stat st;
	if (fstat(STDERR_FILENO, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_size <= HOST_LOG_MAX)
		return;
	size_t keep = HOST_LOG_MAX / 4;
	char *tail = xmalloc(keep);
	ssize_t r = pread(STDERR_FILENO, tail, keep, st.st_size - (off_t)keep);
	if (r > 0 && ftruncate(STDERR_FILENO, 0) == 0) {
		/* From the first whole line on. */
		char *nl = memchr(tail, '\n', (size_t)r);
		size_t from = nl ? (size_t)(nl - tail) + 1 : 0;
		dprintf(STDERR_FILENO, "(the log was cut here, at %d bytes)\n",
			HOST_LOG_MAX);
		if (write(STDERR_FILENO, tail + from, (size_t)r - from) < 0)
			return;
	}
	free(tail);
}

void host_log(const char *fmt, ...)
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
	log_bound();
}

char *host_info_line(const struct host *h)
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
	strbuf_addf(&b, ",\"over\":%s,\"referee\":%s,\"starter\":%u,\"group\":",
		    g->over ? "true" : "false", h->referee ? "true" : "false",
		    h->starter);
	strbuf_add_json(&b, h->group);
	strbuf_add(&b, ",\"seats\":[");
	for (int t = 0; t < g->w->nteams; t++) {
		const struct seat *s = &h->seats[t];
		strbuf_add(&b, t ? ",{\"team\":" : "{\"team\":");
		strbuf_add_json(&b, g->w->teams[t].name);
		strbuf_addf(&b, ",\"computer\":%s,\"taken\":%s",
			    s->bind == SEAT_COMPUTER ? "true" : "false",
			    s->bind == SEAT_UID || s->bind == SEAT_KEY ? "true"
								      : "false");
		if (s->bind == SEAT_UID)
			strbuf_addf(&b, ",\"uid\":%u", s->uid);
		strbuf_addc(&b, '}');
	}
	strbuf_add(&b, "]}");
	return b.s;
}

static void write_at_start(int fd, const char *s)
{
	size_t n = strlen(s);
	if (fd < 0)
		return;
	if (pwrite(fd, s, n, 0) != (ssize_t)n || ftruncate(fd, (off_t)n) != 0)
		host_log("cannot write the game's summary: its listing may be old");
}

void host_write_info(struct host *h)
{
	char *line = host_info_line(h);
	char *nl = xasprintf("%s\n", line);
	write_at_start(h->infofd, nl);
	write_at_start(h->groupinfofd, nl);
	free(nl);
	free(line);
}
