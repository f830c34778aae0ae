/* goals.c: the scenario's pre-defined goals, checked after every action
 * and at the end of every round. */
#include <stdio.h>
#include <string.h>

#include "base/util.h"
#include "game/game.h"
#include "game/internal.h"

static bool is_enemy_target(const struct goal *gl, int team)
{
	if (team == gl->team)
		return false;
	return gl->enemies == 0 || (gl->enemies & (1u << team));
}

/* Every unit of the named teams disabled: one that escaped off the board
 * was not beaten. */
static bool eliminated(const struct game *g, const struct goal *gl)
{
	for (int i = 0; i < g->w->nunits; i++) {
		const struct unit *u = &g->w->units[i];
		if (is_enemy_target(gl, u->team) && u->status != STATUS_DISABLED)
			return false;
	}
	return true;
}

static bool held(const struct game *g, const struct goal *gl)
{
	bool ours = false;
	for (int i = 0; i < g->w->nunits; i++) {
		const struct unit *u = &g->w->units[i];
		if (!unit_alive(u) || !goal_area_contains(gl, u->x, u->y))
			continue;
		if (u->team == gl->team)
			ours = true;
		else
			return false;
	}
	return ours;
}

static bool destroyed(const struct game *g, const struct goal *gl)
{
	if (gl->has_cell) {
		const struct cell *c = map_cell_c(&g->w->map, gl->cx, gl->cy);
		return c->t.rubble || c->t.broken;
	}
	int u = world_find_unit(g->w, gl->unit);
	return u >= 0 && g->w->units[u].status == STATUS_DISABLED;
}

static int escaped(const struct game *g, const struct goal *gl)
{
	int n = 0;
	for (int i = 0; i < g->w->nunits; i++)
		if (g->w->units[i].team == gl->team &&
		    g->w->units[i].status == STATUS_ESCAPED)
			n++;
	return n;
}

void game_goal_describe(const struct game *g, const struct goal *gl, char *buf,
			int size)
{
	const struct world *w = g->w;
	switch (gl->kind) {
	case GOAL_ELIMINATE:
		if (gl->enemies == 0) {
			snprintf(buf, (size_t)size, "disable every enemy unit");
		} else {
			int n = snprintf(buf, (size_t)size, "disable every unit of");
			for (int t = 0; t < w->nteams && n < size; t++)
				if (gl->enemies & (1u << t))
					n += snprintf(buf + n, (size_t)(size - n),
						      " %s", w->teams[t].name);
		}
		break;
	case GOAL_HOLD:
		/* Its own unit inside, not just no enemy: an empty area is
		 * not held (held(), above). */
		snprintf(buf, (size_t)size,
			 "hold %d,%d-%d,%d with one of its units in it and no "
			 "enemy at the end of %d round%s in a row",
			 gl->x0, gl->y0, gl->x1, gl->y1, gl->rounds,
			 gl->rounds == 1 ? "" : "s");
		break;
	case GOAL_SURVIVE:
		snprintf(buf, (size_t)size, "survive until the end of round %d",
			 gl->rounds);
		break;
	case GOAL_DESTROY:
		if (gl->has_cell)
			snprintf(buf, (size_t)size, "destroy the %s at %d,%d",
				 map_cell_c(&w->map, gl->cx, gl->cy)->t.kind ==
						 TERRAIN_DOOR
					 ? "door"
					 : "wall",
				 gl->cx, gl->cy);
		else
			snprintf(buf, (size_t)size, "disable %s", gl->unit);
		break;
	case GOAL_ESCAPE:
		snprintf(buf, (size_t)size,
			 "get %d unit%s off the board through %d,%d-%d,%d",
			 gl->count, gl->count == 1 ? "" : "s", gl->x0, gl->y0,
			 gl->x1, gl->y1);
		break;
	default:
		snprintf(buf, (size_t)size, "?");
	}
}

static void finish(struct game *g, int winner, const char *why)
{
	g->over = true;
	g->winner = winner;
	if (winner >= 0)
		snprintf(g->result, sizeof g->result, "%s wins: %s",
			 g->w->teams[winner].name, why);
	else
		snprintf(g->result, sizeof g->result, "draw: %s", why);
	struct event ev = game_event(EV_END);
	ev.winner = winner;
	strlcpy_s(ev.text, g->result, sizeof ev.text);
	game_emit(g, &ev);
}

bool game_check_goals(struct game *g, bool at_round_end)
{
	if (g->over)
		return true;
	for (int i = 0; i < g->sc.ngoals; i++) {
		struct goal *gl = &g->sc.goals[i];
		if (world_team_alive(g->w, gl->team) == 0 &&
		    gl->kind != GOAL_ESCAPE)
			continue;
		bool met = false;
		switch (gl->kind) {
		case GOAL_ELIMINATE:
			met = eliminated(g, gl);
			break;
		case GOAL_HOLD:
			if (at_round_end) {
				gl->progress = held(g, gl) ? gl->progress + 1 : 0;
				met = gl->progress >= gl->rounds;
			}
			break;
		case GOAL_SURVIVE:
			met = at_round_end && g->round >= gl->rounds;
			break;
		case GOAL_DESTROY:
			met = destroyed(g, gl);
			break;
		case GOAL_ESCAPE:
			met = escaped(g, gl) >= gl->count;
			break;
		default:
			break;
		}
		if (met) {
			char desc[GAME_WHY_LEN];
			game_goal_describe(g, gl, desc, sizeof desc);
			struct event ev = game_event(EV_GOAL);
			ev.winner = gl->team;
			strlcpy_s(ev.text, desc, sizeof ev.text);
			game_emit(g, &ev);
			finish(g, gl->team, desc);
			return true;
		}
	}
	/* A team with no units left is out; the last one standing wins. */
	int alive = 0, last = -1;
	for (int t = 0; t < g->w->nteams; t++)
		if (world_team_alive(g->w, t) > 0) {
			alive++;
			last = t;
		}
	if (alive == 0) {
		finish(g, -1, "no units are left on the field");
		return true;
	}
	if (alive == 1 && g->w->nteams > 1) {
		finish(g, last, "every enemy is out of the battle");
		return true;
	}
	return false;
}
