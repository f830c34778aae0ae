/* cmd.c: the command table, the tokenizer and argument parsing. */
#include "cmd/cmd.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

const struct cmd_entry cmd_table[] = {
	{"move", "ID DIR...", "move a unit step by step (n ne e se s sw w nw)",
	 2, -1, cmd_move},
	{"moveto", "ID X,Y", "move a unit to a cell along the cheapest path",
	 2, 2, cmd_moveto},
	{"face", "ID DIR", "turn a unit to face a direction", 2, 2, cmd_face},
	{"door", "ID DIR open|close|lock|unlock",
	 "open, close, lock or unlock the door next to a unit", 3, 3, cmd_door},
	{"shoot", "ID TARGET", "shoot at a unit, or at a door or wall X,Y", 2,
	 2, cmd_shoot},
	{"fight", "ID TARGET", "attack a unit, door or wall in melee", 2, 2,
	 cmd_fight},
	{"end", "[until TEAM STEP | round]",
	 "end the current step, or every step up to TEAM's STEP or the next "
	 "round", 0, -1, cmd_end},
	{"undo", "", "take back the last movement (no dice, no enemy seen)", 0, 0,
	 cmd_undo},
	{"roll", "N", "give the die the game awaits (manual dice): the number it "
	 "shows", 1, 1, cmd_roll},
	{"order", "ID X,Y | ID cancel | run [ID]",
	 "keep a unit going to a cell turn after turn (a standing order), "
	 "cancel it, or carry out the standing orders", 1, 2, cmd_order},
	{NULL, NULL, NULL, 0, 0, NULL},
};

static const struct cmd_entry *cmd_find(const char *name)
{
	for (const struct cmd_entry *c = cmd_table; c->name; c++)
		if (strcasecmp(c->name, name) == 0)
			return c;
	return NULL;
}

static int cmd_parse_run(struct game *g, int issuer, const char *line,
			 char *why);

/* The words of line (its comment dropped) into argv, pointing into buf
 * (CMD_LINE_MAX + 1 bytes; line no longer). Returns their number, or -1
 * with why. */
static int split_words(const char *line, char *buf, char **argv, char *why)
{
	int argc = 0;
	strlcpy_s(buf, line, CMD_LINE_MAX + 1);
	char *hash = strchr(buf, '#');
	if (hash)
		*hash = '\0';
	for (char *p = strtok(buf, " \t"); p; p = strtok(NULL, " \t")) {
		if (argc == CMD_MAX_ARGS) {
			snprintf(why, CMD_WHY_LEN, "too many words in one command");
			return -1;
		}
		argv[argc++] = p;
	}
	return argc;
}

int cmd_end_goal_from_line(const struct game *g, int issuer, const char *line,
			   struct cmd_end_goal *goal, char *why)
{
	char buf[CMD_LINE_MAX + 1];
	char *argv[CMD_MAX_ARGS];
	if (strlen(line) > CMD_LINE_MAX || !cmd_text_ok(line))
		return 0; /* refused as any command is */
	int argc = split_words(line, buf, argv, why);
	if (argc < 2 || strcasecmp(argv[0], "end") != 0)
		return 0;
	return cmd_end_goal_parse(g, issuer, argc - 1, argv + 1, goal, why) == 0
		       ? 1
		       : -1;
}

int cmd_execute(struct game *g, int issuer, const char *line, char *why)
{
	int rc = cmd_parse_run(g, issuer, line, why);
	/* Reasons quote the line (an id, a word): never its raw bytes. */
	if (rc < 0) {
		char *safe = util_printable(why);
		util_copy_text(why, safe, CMD_WHY_LEN);
		free(safe);
	}
	return rc;
}

static int cmd_parse_run(struct game *g, int issuer, const char *line,
			 char *why)
{
	char buf[CMD_LINE_MAX + 1];
	char *argv[CMD_MAX_ARGS];
	int argc;
	why[0] = '\0';
	if (strlen(line) > CMD_LINE_MAX) {
		snprintf(why, CMD_WHY_LEN, "command too long (at most %d bytes)",
			 CMD_LINE_MAX);
		return -1;
	}
	/* The journal reads a save back with the same test: a command
	 * accepted here resumes as it was played. */
	if (!cmd_text_ok(line)) {
		snprintf(why, CMD_WHY_LEN,
			 "a command cannot hold control characters");
		return -1;
	}
	argc = split_words(line, buf, argv, why);
	if (argc <= 0)
		return argc < 0 ? -1 : 1;
	const struct cmd_entry *c = cmd_find(argv[0]);
	if (!c) {
		const char *names[32];
		int n = 0;
		for (const struct cmd_entry *e = cmd_table; e->name && n < 32; e++)
			names[n++] = e->name;
		const char *near = util_nearest(argv[0], names, n);
		if (near)
			snprintf(why, CMD_WHY_LEN,
				 "unknown command '%.40s'; did you mean '%s'?",
				 argv[0], near);
		else
			snprintf(why, CMD_WHY_LEN,
				 "unknown command '%.40s'; commands: move moveto "
				 "face door shoot fight end undo roll order",
				 argv[0]);
		return -1;
	}
	int nargs = argc - 1;
	if (nargs < c->min_args || (c->max_args >= 0 && nargs > c->max_args)) {
		snprintf(why, CMD_WHY_LEN, "usage: %s%s%s", c->name,
			 c->usage[0] ? " " : "", c->usage);
		return -1;
	}
	if (g->over) {
		snprintf(why, CMD_WHY_LEN, "the game is over: %.150s", g->result);
		return -1;
	}
	if (issuer >= 0 && issuer != g->active) {
		snprintf(why, CMD_WHY_LEN, "it is %s's turn, not yours",
			 g->w->teams[g->active].name);
		return -1;
	}
	/* With manual dice, an action waiting for its die comes first. */
	if (c->exec != cmd_roll && game_waiting(g, why))
		return -1;
	return c->exec(g, issuer, nargs, argv + 1, why) == 0 ? 0 : -1;
}

bool cmd_text_ok(const char *s)
{
	for (; *s; s++)
		if (((unsigned char)*s < 0x20 && *s != '\t') || *s == 0x7f)
			return false;
	return true;
}

int cmd_known_unit(const struct game *g, int team, const char *s)
{
	int u = world_find_unit(g->w, s);
	const struct knowledge *k = game_knowledge(g, team);
	if (u < 0 || !k || (g->w->units[u].team != team && !knowledge_knows(k, u)))
		return -1;
	return u;
}

int cmd_unit_arg(const struct game *g, int issuer, const char *s, char *why)
{
	if (issuer == CMD_ANY_TEAM) {
		int u = world_find_unit(g->w, s);
		if (u < 0)
			snprintf(why, CMD_WHY_LEN, "no unit '%.40s'", s);
		return u;
	}
	/* One answer for a unit the issuer does not know of, whether it
	 * exists or not: trying ids must not count the enemy. */
	int u = cmd_known_unit(g, issuer, s);
	if (u < 0) {
		snprintf(why, CMD_WHY_LEN, "you have no unit '%.40s'", s);
		return -1;
	}
	if (g->w->units[u].team != issuer) {
		snprintf(why, CMD_WHY_LEN, "%s is not one of your units",
			 g->w->units[u].id);
		return -1;
	}
	return u;
}

int cmd_dir_arg(const char *s, char *why)
{
	int d = dir_parse(s);
	if (d < 0)
		snprintf(why, CMD_WHY_LEN,
			 "'%.40s' is not a direction: use n ne e se s sw w nw", s);
	return d;
}

int cmd_xy_arg(const struct game *g, const char *s, int *x, int *y, char *why)
{
	char *end;
	long a = strtol(s, &end, 10);
	if (end == s || *end != ',' || !isdigit((unsigned char)end[1]) ||
	    a < 0) {
		snprintf(why, CMD_WHY_LEN, "'%.40s' is not a cell: use X,Y", s);
		return -1;
	}
	const char *p = end + 1;
	long b = strtol(p, &end, 10);
	if (*end != '\0') {
		snprintf(why, CMD_WHY_LEN, "'%.40s' is not a cell: use X,Y", s);
		return -1;
	}
	if (a >= g->w->map.w || b >= g->w->map.h) {
		snprintf(why, CMD_WHY_LEN, "%ld,%ld is off the map (%dx%d)", a,
			 b, g->w->map.w, g->w->map.h);
		return -1;
	}
	*x = (int)a;
	*y = (int)b;
	return 0;
}
