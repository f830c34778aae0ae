/* common.c: what the subcommands share: seeds, scripts, computer turns. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "cli/cli.h"
#include "cmd/cmd.h"

uint64_t cli_clock_seed(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t s = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
		     (uint64_t)getpid() << 16;
	return s % 1000000000u;
}

bool cli_parse_u64(const char *s, uint64_t *out)
{
	if (!s || !*s || *s == '-')
		return false;
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (errno || *end)
		return false;
	*out = v;
	return true;
}

void cli_warn(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	char *safe = util_printable(msg);
	fprintf(stderr, "%s\n", safe);
	free(safe);
	free(msg);
}

int cli_apply_script(struct session *s, const char *path, bool stop_on_error,
		     void (*report)(void *ctx, int lineno, const char *line,
				    const char *why),
		     void *ctx, char **err)
{
	/* A script may be a pipe or a FIFO (it is read as it comes), so it
	 * is not opened as data files are; its lines are bounded instead. */
	*err = NULL;
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	if (!f) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	/* Room for a CR before the newline. */
	char line[CMD_LINE_MAX + 2];
	size_t len;
	bool newline;
	int lineno = 0, bad = 0;
	char why[CMD_WHY_LEN];
	enum file_line r;
	session_play_computer(s);
	while ((r = file_read_line(f, line, CMD_LINE_MAX + 1, &len,
				   &newline)) != FILE_LINE_EOF) {
		lineno++;
		if (r == FILE_LINE_ERROR) {
			*err = xasprintf("%s: cannot read: %s", path,
					 strerror(errno));
			break;
		}
		/* Lines may end in CR LF; a CR inside a line is refused. */
		if (r == FILE_LINE_OK && len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		if (strlen(line) != len) {
			*err = xasprintf("%s:%d: a NUL byte: not a script", path,
					 lineno);
			break;
		}
		if (r == FILE_LINE_TOO_LONG || len > CMD_LINE_MAX) {
			*err = xasprintf("%s:%d: a line longer than %d bytes: "
					 "not a script",
					 path, lineno, CMD_LINE_MAX);
			break;
		}
		if (session_submit(s, CMD_ANY_TEAM, line, why) < 0) {
			bad++;
			report(ctx, lineno, line, why);
			if (stop_on_error)
				break;
		}
		session_play_computer(s);
	}
	if (f != stdin)
		fclose(f);
	return *err ? -1 : bad;
}

/* The level names as a reader would list them ("easy, normal or hard"),
 * from the one list of levels, so that a new level is named at once. */
static void add_level_names(struct strbuf *b)
{
	for (int l = 0; l < AI_LEVEL_COUNT; l++) {
		if (l > 0)
			strbuf_add(b, l == AI_LEVEL_COUNT - 1 ? " or " : ", ");
		strbuf_add(b, ai_level_names[l]);
	}
}

bool cli_ai_arg(const char *who, const char *arg, struct cli_ai *out)
{
	const char *colon = strrchr(arg, ':');
	size_t n = colon ? (size_t)(colon - arg) : strlen(arg);
	out->level = AI_LEVEL_DEFAULT;
	if (colon) {
		int l = ai_level_parse(colon + 1);
		if (l < 0) {
			struct strbuf names;
			strbuf_init(&names);
			add_level_names(&names);
			cli_warn("%s: --ai %s: no level '%s' (%s)", who, arg,
				 colon + 1, names.s);
			strbuf_free(&names);
			return false;
		}
		out->level = (enum ai_level)l;
	}
	if (n == 0 || n >= sizeof out->team) {
		cli_warn("%s: --ai needs TEAM or TEAM:LEVEL, not '%s'", who, arg);
		return false;
	}
	memcpy(out->team, arg, n);
	out->team[n] = '\0';
	return true;
}

int cli_ai_apply(struct session *s, const struct cli_ai *v, int n,
		 bool all_ok, const char *who)
{
	const struct world *w = s->g->w;
	for (int i = 0; i < n; i++) {
		bool all = all_ok && strcmp(v[i].team, "all") == 0;
		int t = all ? -1 : world_find_team(w, v[i].team);
		if (!all && t < 0) {
			cli_warn("%s: --ai: no team '%s'", who, v[i].team);
			return -1;
		}
		for (int k = 0; k < w->nteams; k++)
			if (all || k == t)
				session_set_ai(s, k, v[i].level);
	}
	return 0;
}

bool cli_seed_arg(const char *who, const char *arg, uint64_t *seed)
{
	if (cli_parse_u64(arg, seed))
		return true;
	cli_warn("%s: --seed needs a number, not '%s'", who, arg);
	return false;
}

bool cli_dice_arg(const char *who, const char *arg, enum dice_mode *mode)
{
	if (strcmp(arg, "manual") == 0) {
		*mode = DICE_MANUAL;
		return true;
	}
	if (strcmp(arg, "program") == 0) {
		*mode = DICE_RNG;
		return true;
	}
	fprintf(stderr, "%s: --dice is manual (the players type each roll in) "
			"or program (the default), not '%s'\n",
		who, arg);
	return false;
}
