/* sim_progress.c: medsiege sim's progress bar on stderr: games done of the
 * total, games a second and the time left, redrawn in place on one line. */
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "cli/sim.h"

#define BAR_CELLS 20

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int term_columns(void)
{
	struct winsize ws;
	if (ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

void sim_progress_start(struct sim_progress *p, bool on, uint64_t total)
{
	memset(p, 0, sizeof *p);
	p->on = on;
	p->total = total;
	p->start = now();
	sim_progress_update(p, 0, true);
}

/* "1:02:03" or "2:03". */
static void format_time(char *buf, size_t size, double secs)
{
	unsigned long s = (unsigned long)(secs + 0.5);
	if (s >= 3600)
		snprintf(buf, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60,
			 s % 60);
	else
		snprintf(buf, size, "%lu:%02lu", s / 60, s % 60);
}

void sim_progress_update(struct sim_progress *p, uint64_t done, bool force)
{
	if (!p->on)
		return;
	double t = now();
	if (!force && t - p->last < 0.1)
		return;
	p->last = t;
	double elapsed = t - p->start;
	char rate[32] = "", left[32] = "--:--";
	if (done > 0 && elapsed > 0) {
		double r = (double)done / elapsed;
		snprintf(rate, sizeof rate, "  %.1f games/s", r);
		format_time(left, sizeof left, (double)(p->total - done) / r);
	}
	char bar[BAR_CELLS + 1];
	int fill = p->total ? (int)(done * BAR_CELLS / p->total) : 0;
	for (int i = 0; i < BAR_CELLS; i++)
		bar[i] = i < fill ? '#' : '.';
	bar[BAR_CELLS] = '\0';
	char line[256];
	int n = snprintf(line, sizeof line, "%llu/%llu games  [%s]%s  %s left",
			 (unsigned long long)done, (unsigned long long)p->total,
			 bar, rate, left);
	int cols = term_columns() - 1;
	if (n > cols) /* a narrow terminal: the figures without the bar */
		n = snprintf(line, sizeof line, "%llu/%llu%s  %s left",
			     (unsigned long long)done,
			     (unsigned long long)p->total, rate, left);
	if (n > cols)
		n = cols > 0 ? cols : 0;
	line[n < (int)sizeof line ? n : (int)sizeof line - 1] = '\0';
	/* Pad over what is left of a longer previous line. */
	fprintf(stderr, "\r%s%*s", line, p->width > n ? p->width - n : 0, "");
	fflush(stderr);
	p->width = n;
}

void sim_progress_end(struct sim_progress *p)
{
	if (!p->on)
		return;
	fprintf(stderr, "\r%*s\r", p->width, "");
	fflush(stderr);
	p->on = false;
}
