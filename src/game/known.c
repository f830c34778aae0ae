/* known.c: the field as one team knows it, for explanations given to
 * that team (`:los`, `v`, `medsiege los --team`): nothing in it comes
 * from what the team has not seen. */
#include <string.h>

#include "game/game.h"

/* A cell as it looked when last seen, from the symbol remembered: only
 * doors and breaches change a cell during a battle. */
static void as_remembered(struct cell *c, char seen)
{
	if (seen == cell_symbol(c))
		return;
	if (c->t.kind == TERRAIN_DOOR) {
		c->t.broken = false;
		c->t.state = seen == '\'' ? DOOR_OPEN : DOOR_CLOSED;
		return;
	}
	if (c->t.rubble) { /* seen standing: a wall, as walls are */
		char sym = c->t.sym;
		unsigned short label = c->t.label;
		c->t = terrain_default(TERRAIN_WALL);
		c->t.sym = sym;
		c->t.label = label;
	}
}

void game_known_world(const struct game *g, int team, struct world *out,
		      unsigned char *unknown)
{
	const struct knowledge *k = game_knowledge(g, team);
	world_copy(out, g->w);
	int cells = out->map.w * out->map.h;
	for (int i = 0; i < cells; i++) {
		struct cell *c = &out->map.cells[i];
		bool never = !k->view[i] && !k->memory[i];
		if (unknown)
			unknown[i] = never;
		if (never) {
			c->t = terrain_default(TERRAIN_OPEN);
			c->hits_left = 0;
		} else if (!k->view[i]) {
			as_remembered(c, (char)k->memory[i]);
		}
	}
	for (int i = 0; i < out->nunits; i++) {
		struct unit *u = &out->units[i];
		if (u->team != team && unit_alive(u) && !knowledge_knows(k, i))
			u->status = STATUS_DISABLED;
	}
	world_index(out);
}
