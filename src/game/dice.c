/* dice.c: every die the game rolls, from its generator or, with manual
 * dice, from the players: an action that needs a die they have not given
 * stops there, and goes on when it is given ("roll N"). The action keeps
 * what it needs to go on in g->wait; since the game is a pure function of
 * its commands, a save or a replay of the same lines stops and goes on
 * at the same places. */
#include <stdio.h>
#include <string.h>

#include "game/internal.h"

void game_set_dice(struct game *g, enum dice_mode mode)
{
	g->dice = mode;
}

int game_roll(struct game *g, struct event *ev, int sides)
{
	int v;
	ev->type = EV_ROLL;
	ev->value2 = sides;
	if (g->dice == DICE_MANUAL) {
		if (g->die_given <= 0) {
			/* The die is owed now: what it decides is under way
			 * and can no longer be taken back. */
			game_undo_forget(g);
			ev->value = 0;
			ev->round = g->round;
			ev->team = g->active;
			ev->step = (int)g->step;
			game_refresh_knowledge(g);
			game_event_sight(g, ev);
			g->wait.kind = WAIT_ATTACK;
			g->wait.ask = *ev;
			return 0;
		}
		v = g->die_given;
		g->die_given = 0;
	} else {
		v = rng_die(&g->rng, sides);
	}
	g->rolls++;
	g->rolled = true;
	game_undo_forget(g);
	ev->value = v;
	game_emit(g, ev);
	return v;
}

const struct event *game_awaited_roll(const struct game *g)
{
	return g->wait.kind != WAIT_NONE ? &g->wait.ask : NULL;
}

bool game_waiting(const struct game *g, char *why)
{
	if (g->wait.kind == WAIT_NONE)
		return false;
	/* Said to whoever asks: what the die is for is told apart, as the
	 * asker may read it (report_ask_text). */
	int sides = g->wait.ask.value2;
	snprintf(why, GAME_WHY_LEN,
		 "a d%d is awaited first: give it with 'roll N', N from 1 to %d",
		 sides, sides);
	return true;
}

int game_give_roll(struct game *g, int value, char *why)
{
	if (g->dice != DICE_MANUAL) {
		snprintf(why, GAME_WHY_LEN,
			 "the program rolls the dice in this game (it was not "
			 "started with --dice manual)");
		return -1;
	}
	if (g->wait.kind == WAIT_NONE) {
		snprintf(why, GAME_WHY_LEN, "no die is awaited now");
		return -1;
	}
	int sides = g->wait.ask.value2;
	if (value < 1 || value > sides) {
		snprintf(why, GAME_WHY_LEN, "a d%d shows 1 to %d, not %d", sides,
			 sides, value);
		return -1;
	}
	struct game_wait w = g->wait;
	memset(&g->wait, 0, sizeof g->wait);
	g->die_given = value;
	switch (w.kind) {
	case WAIT_ATTACK:
		/* A shot or a fight: the action ends with its attack. */
		if (game_resolve_attack(g, w.unit, w.weapon, w.target, w.x, w.y,
					&w.calc, false))
			game_after_action(g);
		break;
	case WAIT_PICK:
		game_shot_resume(g, w.unit, w.weapon, w.target);
		break;
	case WAIT_MOVE:
		game_move_resume(g, w.move);
		break;
	case WAIT_NONE:
		break;
	}
	g->die_given = 0;
	return 0;
}
