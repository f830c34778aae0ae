/* wire.c: fuzz the network protocol's reader on the player's side: the
 * bytes a host sends, cut into lines by the same framing (conn_line) and
 * applied to a team's picture (wire_client_apply). Whatever the bytes, no
 * line taken is over the limit or holds a control byte, every line is
 * applied or refused, and the picture built stays whole: its units on its
 * map, its knowledge the size of its map and units. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "net/proto.h"
#include "net/wire.h"

const char fuzz_name[] = "wire";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static void check_picture(const struct game *g, int team)
{
	const struct world *w = g->w;
	if (team < 0 || team >= w->nteams)
		fuzz_fail("a picture of team %d of %d", team, w->nteams);
	const struct knowledge *k = &g->know[team];
	if (k->w != w->map.w || k->h != w->map.h || k->nunits != w->nunits)
		fuzz_fail("knowledge %dx%d of %d units for a %dx%d map of %d",
			  k->w, k->h, k->nunits, w->map.w, w->map.h, w->nunits);
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		if (u->type < 0 || u->type >= w->roster.ntypes || u->team < 0 ||
		    u->team >= w->nteams)
			fuzz_fail("unit %s of type %d, team %d", u->id, u->type,
				  u->team);
		if (k->units[i] && !map_inside(&w->map, u->x, u->y))
			fuzz_fail("unit %s known at %d,%d off the map", u->id, u->x,
				  u->y);
		int at = map_inside(&w->map, u->x, u->y) ? world_unit_at(w, u->x, u->y) : -1;
		if (at >= 0 && (at >= w->nunits))
			fuzz_fail("the occupancy grid names unit %d of %d", at,
				  w->nunits);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct conn c;
	conn_init(&c, -1);
	struct wire_client wc;
	wire_client_init(&wc);
	char line[PROTO_LINE_MAX], why[GAME_WHY_LEN];
	size_t off = 0;
	while (off < size) {
		/* As a socket would give them: as much as the buffer takes. */
		size_t room = sizeof c.in - c.nin;
		size_t n = size - off < room ? size - off : room;
		memcpy(c.in + c.nin, data + off, n);
		c.nin += n;
		off += n;
		int r;
		while ((r = conn_line(&c, line)) == 1) {
			size_t len = strlen(line);
			if (len >= PROTO_LINE_MAX || !proto_text_ok(line, len))
				fuzz_fail("a line taken that breaks the framing");
			/* Every line goes through the JSON reader there. */
			int a = wire_client_apply(&wc, line, why);
			if (a < -1 || a > 1)
				fuzz_fail("apply said %d", a);
			if (a < 0 && !why[0])
				fuzz_fail("a refusal without a reason");
			if (wc.g)
				check_picture(wc.g, wc.team);
		}
		if (r < 0)
			break; /* the host would be dropped here */
	}
	wire_client_free(&wc);
	return 0;
}
