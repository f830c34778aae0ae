/* keymap.c: the player's own key bindings. A missing file changes
 * nothing; a bad line is skipped and named, never fatal. */
#include <ctype.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "ui/uipriv.h"

static const struct {
	const char *name;
	enum ui_action act;
	int dir;
} actions[] = {
	{"cursor-n", ACT_CURSOR, DIR_N},   {"cursor-ne", ACT_CURSOR, DIR_NE},
	{"cursor-e", ACT_CURSOR, DIR_E},   {"cursor-se", ACT_CURSOR, DIR_SE},
	{"cursor-s", ACT_CURSOR, DIR_S},   {"cursor-sw", ACT_CURSOR, DIR_SW},
	{"cursor-w", ACT_CURSOR, DIR_W},   {"cursor-nw", ACT_CURSOR, DIR_NW},
	{"select", ACT_SELECT, -1},        {"step", ACT_STEP, -1},
	{"face", ACT_FACE, -1},            {"open", ACT_OPEN, -1},
	{"close", ACT_CLOSE, -1},          {"lock", ACT_LOCK, -1},
	{"unlock", ACT_UNLOCK, -1},        {"shoot", ACT_SHOOT, -1},
	{"fight", ACT_FIGHT, -1},          {"end", ACT_END, -1},
	{"undo", ACT_UNDO, -1},            {"next", ACT_NEXT, -1},
	{"previous", ACT_PREV, -1},        {"target", ACT_TARGET, -1},
	{"arc", ACT_ARC, -1},              {"moves", ACT_DEST, -1},
	{"marks", ACT_MARKS, -1},          {"help", ACT_HELP, -1},
	{"goals", ACT_BRIEFING, -1},       {"log", ACT_LOG, -1},
	{"quit", ACT_QUIT, -1},            {"cancel", ACT_CANCEL, -1},
	{"redraw", ACT_REDRAW, -1},        {"none", ACT_NONE, -1},
	{"command", ACT_PROMPT, -1},       {"line", ACT_LINE, -1},
	{"seat", ACT_SEAT, -1},            {"digest", ACT_DIGEST, -1},
	{"end-turn", ACT_END_TURN, -1},    {"ids", ACT_IDS, -1},
	{"heights", ACT_HEIGHTS, -1},      {"orders", ACT_ORDERS, -1},
	{"cancel-order", ACT_UNORDER, -1},
};
#define NACTIONS ((int)(sizeof actions / sizeof actions[0]))

const char *keymap_action_names(void)
{
	return "cursor-n cursor-ne cursor-e cursor-se cursor-s cursor-sw "
	       "cursor-w cursor-nw select step face open close lock unlock "
	       "shoot fight end undo next previous target arc moves marks help "
	       "goals log quit cancel redraw command line seat digest end-turn "
	       "ids heights orders cancel-order none";
}

/* A key: one printable character, or space, tab, enter, esc. */
static int parse_key(const char *s)
{
	if (strlen(s) == 1 && isgraph((unsigned char)s[0]))
		return (unsigned char)s[0];
	if (strcasecmp(s, "space") == 0)
		return ' ';
	if (strcasecmp(s, "tab") == 0)
		return '\t';
	if (strcasecmp(s, "enter") == 0)
		return '\n';
	if (strcasecmp(s, "esc") == 0)
		return 27;
	return -1;
}

struct notes {
	char *buf;
	size_t size;
	int bad;
};

static void note(struct notes *n, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void note(struct notes *n, const char *fmt, ...)
{
	if (n->bad++ == 0 && n->size) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(n->buf, n->size, fmt, ap);
		va_end(ap);
	}
}

/* One line of a key file (a NUL ends it early, as fgets would). */
static void parse_line(struct keymap *km, char *line, const char *name,
		       int lineno, struct notes *n)
{
	const char *names[NACTIONS];
	for (int i = 0; i < NACTIONS; i++)
		names[i] = actions[i].name;
	/* '#' starts a comment (so '#' itself cannot be bound). */
	char *hash = strchr(line, '#');
	if (hash)
		*hash = '\0';
	char key[32], act[64], extra[8];
	int got = sscanf(line, "%31s %63s %7s", key, act, extra);
	if (got <= 0)
		return;
	if (got != 2) {
		note(n, "%s:%d: expected KEY ACTION", name, lineno);
		return;
	}
	int k = parse_key(key);
	if (k < 0) {
		note(n, "%s:%d: '%s' is not a key (one character, space, tab, "
			"enter or esc)",
		     name, lineno, key);
		return;
	}
	int a = -1;
	for (int i = 0; i < NACTIONS; i++)
		if (strcasecmp(act, actions[i].name) == 0)
			a = i;
	if (a < 0) {
		/* Only the first problem is shown: a hint for a later one
		 * would be thrown away (and a file of unknown words cost a
		 * search a line). */
		const char *near = n->bad ? NULL : util_nearest(act, names, NACTIONS);
		if (near)
			note(n, "%s:%d: unknown action '%s'; did you mean '%s'?",
			     name, lineno, act, near);
		else
			note(n, "%s:%d: unknown action '%s'", name, lineno, act);
		return;
	}
	km->set[k] = true;
	km->bind[k].act = actions[a].act;
	km->bind[k].dir = actions[a].dir;
}

struct keymap *keymap_parse(const char *name, const char *text, size_t len,
			    char *note_buf, size_t note_size)
{
	struct keymap *km = xcalloc(1, sizeof *km);
	struct notes n = {note_buf, note_size, 0};
	char line[256];
	int lineno = 0;
	size_t at = 0;
	/* Pieces of at most 255 bytes, each ending at a newline where there
	 * is one: a longer line counts as several. */
	while (at < len) {
		size_t k = 0;
		while (at < len && k < sizeof line - 1) {
			line[k++] = text[at++];
			if (line[k - 1] == '\n')
				break;
		}
		line[k] = '\0';
		parse_line(km, line, name, ++lineno, &n);
	}
	return km;
}

void keymap_load(struct ui *ui)
{
	const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
	char *path = xdg && xdg[0] == '/'
			     ? xasprintf("%s/medsiege/keys", xdg)
			     : xasprintf("%s/.config/medsiege/keys",
					 home && *home ? home : ".");
	/* Not waiting on a FIFO, nor reading a device, in its place. */
	const char *why;
	int fd = file_open_regular(path, O_RDONLY, &why);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;
	free(path);
	/* Named as the player would write it: the full path rarely fits on
	 * the status line. */
	const char *name = xdg && xdg[0] == '/'
				   ? "$XDG_CONFIG_HOME/medsiege/keys"
				   : "~/.config/medsiege/keys";
	if (!f) {
		if (fd >= 0)
			close(fd);
		if (fd == -2)
			snprintf(ui->keymap_note, sizeof ui->keymap_note,
				 "%s: %s; the usual keys apply", name, why);
		return;
	}
	struct keymap *km = xcalloc(1, sizeof *km);
	struct notes n = {ui->keymap_note, sizeof ui->keymap_note, 0};
	char line[256];
	int lineno = 0;
	while (fgets(line, sizeof line, f))
		parse_line(km, line, name, ++lineno, &n);
	fclose(f);
	ui->keymap = km;
}
