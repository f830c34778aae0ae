/* cmd_end.c: end the current step, or every step up to a named point
 * ("end until TEAM STEP", "end round"). */
#include "cmd/cmd.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

/* The team whose turn follows team's (the next still in the game), and
 * whether a new round begins on the way. */
static int next_team(const struct game *g, int team, bool *new_round)
{
	int t = team;
	*new_round = false;
	for (int k = 0; k < g->w->nteams; k++) {
		if (++t >= g->w->nteams) {
			t = 0;
			*new_round = true;
		}
		if (world_team_alive(g->w, t) > 0)
			return t;
	}
	return team;
}

static int parse_team(const struct game *g, int argc, char **argv, char *why)
{
	/* A team's name may hold spaces: every word between "until" and
	 * the step. */
	char name[128] = "";
	size_t len = 0;
	for (int i = 0; i < argc && len < sizeof name; i++)
		len += (size_t)snprintf(name + len, sizeof name - len, "%s%s",
					i ? " " : "", argv[i]);
	int t = world_find_team(g->w, name);
	if (t >= 0)
		return t;
	const char *names[MAX_TEAMS];
	for (int i = 0; i < g->w->nteams; i++)
		names[i] = g->w->teams[i].name;
	const char *near = util_nearest(name, names, g->w->nteams);
	if (near)
		snprintf(why, CMD_WHY_LEN, "no team '%.40s'; did you mean '%s'?",
			 name, near);
	else
		snprintf(why, CMD_WHY_LEN, "no team '%.40s'", name);
	return -1;
}

static int parse_step(const char *s, char *why)
{
	for (int k = 0; k < STEP_COUNT; k++)
		if (strcasecmp(s, step_names[k]) == 0)
			return k;
	snprintf(why, CMD_WHY_LEN,
		 "'%.40s' is not a step: use movement, missile or melee", s);
	return -1;
}

/* Whether issuer's own ends reach the goal: its turn's later steps, and
 * the first step of the turn after it. */
static bool issuer_reaches(const struct game *g, int issuer,
			   const struct cmd_end_goal *goal)
{
	if (issuer == CMD_ANY_TEAM)
		return true;
	bool new_round;
	int next = next_team(g, issuer, &new_round);
	if (goal->round >= 0)
		return new_round;
	if (goal->team == issuer && goal->step > (int)g->step)
		return true;
	return goal->team == next && goal->step == STEP_MOVEMENT;
}

int cmd_end_goal_parse(const struct game *g, int issuer, int argc,
		       char **argv, struct cmd_end_goal *goal, char *why)
{
	static const char usage[] = "usage: end, end until TEAM STEP, or end round";
	*goal = (struct cmd_end_goal){.round = -1, .team = -1, .step = -1};
	if (argc == 1 && strcasecmp(argv[0], "round") == 0) {
		goal->round = g->round + 1;
	} else if (argc >= 3 && strcasecmp(argv[0], "until") == 0) {
		goal->team = parse_team(g, argc - 2, argv + 1, why);
		if (goal->team < 0)
			return -1;
		goal->step = parse_step(argv[argc - 1], why);
		if (goal->step < 0)
			return -1;
		if (world_team_alive(g->w, goal->team) == 0) {
			snprintf(why, CMD_WHY_LEN, "%s is out of the game",
				 g->w->teams[goal->team].name);
			return -1;
		}
		if (goal->team == g->active && goal->step == (int)g->step) {
			snprintf(why, CMD_WHY_LEN, "it is %s's %s step already",
				 g->w->teams[goal->team].name,
				 step_names[goal->step]);
			return -1;
		}
	} else {
		snprintf(why, CMD_WHY_LEN, "%s", usage);
		return -1;
	}
	if (!g->over && issuer >= 0 && issuer == g->active &&
	    !issuer_reaches(g, issuer, goal)) {
		snprintf(why, CMD_WHY_LEN,
			 "ending your own steps does not reach %s%s%s%s: "
			 "other teams play first",
			 goal->round >= 0 ? "the next round" : "",
			 goal->round >= 0 ? "" : g->w->teams[goal->team].name,
			 goal->round >= 0 ? "" : "'s ",
			 goal->round >= 0 ? "" : step_names[goal->step]);
		return -1;
	}
	return 0;
}

bool cmd_end_goal_reached(const struct game *g, const struct cmd_end_goal *goal)
{
	if (g->over)
		return true;
	if (goal->round >= 0)
		return g->round >= goal->round;
	return g->active == goal->team && (int)g->step == goal->step;
}

int cmd_end_until(struct game *g, const struct cmd_end_goal *goal,
		  int (*end_one)(void *ctx, char *why), void *ctx, char *why)
{
	/* Far more ends than any game's teams and steps need, with computer
	 * turns between them: a bound, not a limit a game meets. */
	int ends = 0;
	for (int k = 0; k < 100000 && !cmd_end_goal_reached(g, goal); k++) {
		char inner[CMD_WHY_LEN];
		int active = g->active;
		enum step step = g->step;
		if (end_one(ctx, inner) != 0) {
			if (ends == 0) {
				snprintf(why, CMD_WHY_LEN, "%s", inner);
			} else {
				snprintf(why, CMD_WHY_LEN,
					 "stopped at %s's %s step after %d "
					 "end%s: %.120s",
					 g->w->teams[g->active].name,
					 step_names[g->step], ends,
					 ends == 1 ? "" : "s", inner);
			}
			return -1;
		}
		if (g->active != active || g->step != step)
			ends++;
	}
	return 0;
}

static int end_in_game(void *ctx, char *why)
{
	return game_end_step(ctx, why);
}

int cmd_end(struct game *g, int issuer, int argc, char **argv, char *why)
{
	if (argc == 0)
		return game_end_step(g, why);
	struct cmd_end_goal goal;
	if (cmd_end_goal_parse(g, issuer, argc, argv, &goal, why) != 0)
		return -1;
	return cmd_end_until(g, &goal, end_in_game, g, why);
}
