/* term.c: opening and closing the terminal, signals, reading keys.
 * Signal handlers only set a flag: curses is left by the main loop. */
#include <errno.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "ui/uipriv.h"

/* The one signal-safe flag: which fatal signal arrived (0 = none). */
static volatile sig_atomic_t term_signal;

static void on_signal(int sig)
{
	term_signal = sig;
}

static const int term_signals[] = {SIGINT, SIGTERM, SIGHUP};
#define NSIGNALS (int)(sizeof term_signals / sizeof term_signals[0])

/* No SA_RESTART: a blocked read returns EINTR so the loop sees the flag. */
static void signals_catch(bool on)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on ? on_signal : SIG_DFL;
	sigemptyset(&sa.sa_mask);
	for (int i = 0; i < NSIGNALS; i++)
		sigaction(term_signals[i], &sa, NULL);
}

/* newterm for TERM, else for the fallbacks; says which was used. */
static SCREEN *open_screen(struct ui *ui)
{
	static const char *const fallback[] = {"xterm-256color", "vt100"};
	const char *term = getenv("TERM");
	SCREEN *s = NULL;
	if (term && *term)
		s = newterm(NULL, stdout, stdin);
	for (size_t i = 0; !s && i < sizeof fallback / sizeof fallback[0]; i++) {
		s = newterm(fallback[i], stdout, stdin);
		if (s)
			snprintf(ui->term_note, sizeof ui->term_note,
				 "terminal type '%s' is unknown here; using %s",
				 term && *term ? term : "(unset)", fallback[i]);
	}
	return s;
}

int term_open(struct ui *ui)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("medsiege: playing needs a terminal on standard input and "
		      "output (try 'medsiege run' for scripts)\n",
		      stderr);
		return -1;
	}
	term_signal = 0;
	/* Caught before curses starts, so curses leaves them to us. */
	signals_catch(true);
	ui->scr = open_screen(ui);
	if (!ui->scr) {
		fprintf(stderr,
			"medsiege: cannot drive this terminal (TERM=%s), nor as "
			"xterm-256color or vt100\n",
			getenv("TERM") ? getenv("TERM") : "");
		signals_catch(false);
		return -1;
	}
	if (ui->term_note[0])
		fprintf(stderr, "medsiege: %s\n", ui->term_note);
	set_term(ui->scr);
	cbreak();
	noecho();
	nonl();
	set_escdelay(25);
	curs_set(1);
	ui->keys = newpad(1, 1);
	keypad(ui->keys, TRUE);
	ui->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	palette_init(&ui->pal, ui->g->w);
	screen_layout(ui);
	return 0;
}

void term_close(struct ui *ui)
{
	if (!ui->scr)
		return;
	screen_free(ui);
	if (ui->full)
		delwin(ui->full);
	ui->full = NULL;
	if (ui->keys)
		delwin(ui->keys);
	ui->keys = NULL;
	endwin();
	delscreen(ui->scr);
	ui->scr = NULL;
	signals_catch(false);
	if (term_signal)
		fprintf(stderr, "medsiege: stopped by signal %d\n", (int)term_signal);
}

int term_key(struct ui *ui)
{
	int interrupted = 0;
	for (;;) {
		if (term_signal) {
			ui->quit = true;
			ui->exit_status = 1;
			return ERR;
		}
		errno = 0;
		int k = wgetch(ui->keys);
		if (k == KEY_RESIZE) {
			screen_layout(ui);
			return k;
		}
		if (k != ERR)
			return k;
		if (term_signal)
			continue;
		/* A harmless interruption (a stop and continue, say): read
		 * again; anything else means the terminal is gone. */
		if (errno == EINTR && ++interrupted < 64)
			continue;
		ui->quit = true;
		ui->exit_status = 1;
		return ERR;
	}
}
