/* term.c: opening and closing the terminal, signals, reading keys.
 * Signal handlers only set a flag: curses is left by the main loop. The
 * screen (screen.c) lays itself out on what this file opens, and again
 * after each KEY_RESIZE it reads. */
#include <errno.h>
#include <sys/select.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "ui/termcap.h"
#include "ui/uipriv.h"

/* The one signal-safe flag: which fatal signal arrived (0 = none). */
static volatile sig_atomic_t term_signal;

static void on_signal(int sig)
{
	term_signal = sig;
}

/* Ctrl-\ (SIGQUIT) too: left to its default it dumps core with the
 * terminal still without echo or line editing. */
static const int term_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
#define NSIGNALS (int)(sizeof term_signals / sizeof term_signals[0])

/* The signal mask before we started, restored at the end; while waiting
 * for a key it is the mask in force, so the fatal signals are let in only
 * there, atomically (pselect): none can slip in between the check of the
 * flag and the wait. */
static sigset_t term_saved_mask;

static void signals_catch(bool on)
{
	struct sigaction sa;
	sigset_t set;
	sigemptyset(&set);
	for (int i = 0; i < NSIGNALS; i++)
		sigaddset(&set, term_signals[i]);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	if (on) {
		for (int i = 0; i < NSIGNALS; i++)
			sigaction(term_signals[i], &sa, NULL);
		sigprocmask(SIG_BLOCK, &set, &term_saved_mask);
	} else {
		/* Unblock first: a pending signal reaches our handler, not
		 * the default action, before the defaults return. */
		sigprocmask(SIG_SETMASK, &term_saved_mask, NULL);
		sa.sa_handler = SIG_DFL;
		for (int i = 0; i < NSIGNALS; i++)
			sigaction(term_signals[i], &sa, NULL);
	}
}

/* Keys some terminals send that their terminfo entry does not name. */
static void extra_keys(void)
{
	static const struct {
		const char *seq;
		int key;
	} keys[] = {
		{"\033[1~", KEY_HOME},  {"\033[7~", KEY_HOME}, {"\033[H", KEY_HOME},
		{"\033OH", KEY_HOME},   {"\033[4~", KEY_END},  {"\033[8~", KEY_END},
		{"\033[F", KEY_END},    {"\033OF", KEY_END},   {"\033[5~", KEY_PPAGE},
		{"\033[6~", KEY_NPAGE}, {"\033[E", KEY_B2},    {"\033OE", KEY_B2},
		{"\033[G", KEY_B2},     {"\033OA", KEY_UP},    {"\033OB", KEY_DOWN},
		{"\033OC", KEY_RIGHT},  {"\033OD", KEY_LEFT},  {"\033[A", KEY_UP},
		{"\033[B", KEY_DOWN},   {"\033[C", KEY_RIGHT}, {"\033[D", KEY_LEFT},
		{"\033[Z", KEY_BTAB},   {"\033OM", KEY_ENTER},
	};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (key_defined(keys[i].seq) <= 0)
			define_key(keys[i].seq, keys[i].key);
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

int ui_check_terminal(void)
{
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fputs("medsiege: playing needs a terminal on standard input and "
		      "output (try 'medsiege run' for scripts)\n",
		      stderr);
		return -1;
	}
	if (termcap_cannot_address()) {
		char *term = util_printable(getenv("TERM"));
		fprintf(stderr,
			"medsiege: this terminal (TERM=%s) cannot move its "
			"cursor, so it cannot show the map: set TERM to your "
			"terminal's type (TERM=xterm-256color, say), or play "
			"without a screen with 'medsiege run' and look with "
			"'medsiege view'\n",
			term);
		free(term);
		return -1;
	}
	return 0;
}

int term_open(struct ui *ui)
{
	if (ui_check_terminal() != 0)
		return -1;
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
	nodelay(ui->keys, TRUE);
	extra_keys();
	ui->utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	return 0;
}

void term_close(struct ui *ui)
{
	if (!ui->scr)
		return;
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

void term_title(struct ui *ui, const char *title)
{
	(void)ui;
	/* Only terminals known to take a title: elsewhere the bytes would
	 * show as text. */
	const char *t = getenv("TERM");
	if (!t || !(strncmp(t, "xterm", 5) == 0 || strncmp(t, "tmux", 4) == 0 ||
		    strncmp(t, "screen", 6) == 0 || strncmp(t, "rxvt", 4) == 0))
		return;
	printf("\033]0;%s\007", title);
	fflush(stdout);
}

/* After an Esc: swallow the rest of a sequence no terminfo entry named
 * (or an Alt-key), so its bytes do not act as keys; a lone Esc stays. */
static int after_escape(struct ui *ui)
{
	int c = wgetch(ui->keys);
	if (c == ERR)
		return 27;
	if (c == '[' || c == 'O') {
		bool csi = c == '[';
		for (int n = 0; n < 16; n++) {
			c = wgetch(ui->keys);
			if (c == ERR || !csi || (c >= 0x40 && c <= 0x7e))
				break;
		}
	}
	return UI_KEY_UNKNOWN;
}

int term_key_within(struct ui *ui, int ms)
{
	int idle = 0;
	struct timespec until, left, *wait = NULL;
	if (ms >= 0) {
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_sec += ms / 1000;
		until.tv_nsec += (long)(ms % 1000) * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		wait = &left;
	}
	for (;;) {
		if (term_signal) {
			ui->quit = true;
			ui->exit_status = 1;
			return ERR;
		}
		int k = wgetch(ui->keys);
		if (k == 27)
			return after_escape(ui);
		if (k != ERR)
			return k;
		/* Nothing to read: wait, letting the fatal signals in. */
		fd_set rd;
		FD_ZERO(&rd);
		FD_SET(STDIN_FILENO, &rd);
		/* The host's news only where the screen waits for anything:
		 * a question or a page waits for a key alone. */
		int rfd = ui->submit.remote && ui->submit.remote_fd && ui->remote_wait
				  ? ui->submit.remote_fd(ui->submit.ctx)
				  : -1;
		if (rfd >= FD_SETSIZE)
			rfd = -1;
		if (rfd >= 0)
			FD_SET(rfd, &rd);
		int top = rfd > STDIN_FILENO ? rfd : STDIN_FILENO;
		if (wait) {
			struct timespec now;
			clock_gettime(CLOCK_MONOTONIC, &now);
			long long ns = (long long)(until.tv_sec - now.tv_sec) * 1000000000LL +
				       (until.tv_nsec - now.tv_nsec);
			if (ns <= 0)
				return ERR;
			left.tv_sec = (time_t)(ns / 1000000000LL);
			left.tv_nsec = (long)(ns % 1000000000LL);
		}
		int r = pselect(top + 1, &rd, NULL, NULL, wait, &term_saved_mask);
		if (r == 0)
			continue; /* the time is up: said at the top */
		if (r < 0 && errno == EINTR)
			continue;
		if (r > 0 && rfd >= 0 && FD_ISSET(rfd, &rd))
			return UI_KEY_REMOTE;
		/* Readable, yet no key, again and again: the terminal is gone
		 * (end of file, or an error). */
		if (r < 0 || ++idle > 8) {
			ui->quit = true;
			ui->exit_status = 1;
			return ERR;
		}
	}
}
