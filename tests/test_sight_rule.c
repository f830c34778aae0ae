/* test_sight_rule.c: a troop blocks a line only when the viewer sees it
 * (SPEC 2.1), and the decisions medsiege(6) writes down for it:
 *
 * - a unit hidden from a team, moved anywhere it stays hidden, changes
 *   nothing of what the team sees, byte for byte (tests/data/
 *   sight-shadow-a.yaml, where Blue's b2 stands hidden behind a wall on
 *   Red's lines, against sight-shadow-b.yaml, without it), by the game's
 *   knowledge, the fast cast and the reference walk alike, and changes
 *   nothing of what Red may shoot;
 * - troops are taken nearest first: a seen troop hides the one behind it,
 *   which then blocks nothing;
 * - a troop a teammate sees but the viewer does not blocks nothing of the
 *   viewer's lines, and the shot along such a line is open;
 * - `los` says why such a troop does not block. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cmd/cmd.h"
#include "game/game.h"
#include "game/internal.h"
#include "game/los.h"
#include "rules/shot.h"
#include "testgame.h"
#include "testworld.h"
#include "world/vision.h"

enum { RED, BLUE };

static struct game *load(const char *rel)
{
	struct game *g = tg_load(rel, 1);
	game_start(g);
	return g;
}

/* Red's view as the game knows it, as the cast finds it and as the
 * reference walk does, each the same as want, byte for byte. */
static void red_sees_as(const struct game *g, const unsigned char *want,
			const char *where)
{
	const struct world *w = g->w;
	size_t n = (size_t)w->map.w * (size_t)w->map.h;
	unsigned char *cast = xmalloc(n), *ref = xmalloc(n);
	vision_team_view(w, RED, cast);
	vision_team_view_ref(w, RED, ref);
	const struct knowledge *k = game_knowledge(g, RED);
	if (memcmp(k->view, want, n) != 0)
		fail_msg("b2 at %s changes Red's view (the game's)", where);
	if (memcmp(cast, want, n) != 0)
		fail_msg("b2 at %s changes Red's view (the cast)", where);
	if (memcmp(ref, want, n) != 0)
		fail_msg("b2 at %s changes Red's view (the reference)", where);
	free(cast);
	free(ref);
}

/* r1's shot at b1: the preview, whether Red may shoot, and the need. */
static int red_shot(const struct game *g, struct attack_calc *calc,
		    char *why)
{
	int r1 = world_find_unit(g->w, "r1"), b1 = world_find_unit(g->w, "b1");
	return game_preview_shot(g, r1, b1, -1, -1, calc, why);
}

static void test_hidden_unit_moved_changes_nothing(void **state)
{
	(void)state;
	struct game *a = load("tests/data/sight-shadow-a.yaml");
	struct game *b = load("tests/data/sight-shadow-b.yaml");
	char why[CMD_WHY_LEN];
	/* In the Missile step, so that the shot can be asked for too. */
	assert_int_equal(cmd_execute(a, RED, "end", why), 0);
	assert_int_equal(cmd_execute(b, RED, "end", why), 0);
	const struct knowledge *kb = game_knowledge(b, RED);
	struct world *w = a->w;
	int W = w->map.w, H = w->map.h;
	size_t n = (size_t)W * (size_t)H;
	unsigned char *want = xmalloc(n);
	memcpy(want, kb->view, n);
	struct attack_calc cb, ca;
	char whyb[GAME_WHY_LEN], whya[GAME_WHY_LEN];
	int wb = red_shot(b, &cb, whyb);
	assert_true(wb >= 0); /* b1 in the open at 7,2: Red may shoot it */

	int b2 = world_find_unit(w, "b2"), r1 = world_find_unit(w, "r1");
	const struct knowledge *ka = game_knowledge(a, RED);
	int places = 0, near = 0;
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			/* Every cell where b2 would stand hidden from Red. */
			if (want[y * W + x] || (world_unit_at(w, x, y) >= 0 &&
						world_unit_at(w, x, y) != b2))
				continue;
			int ox = w->units[b2].x, oy = w->units[b2].y;
			world_place(w, b2, x, y);
			game_touch_unit(a, b2, TOUCH_MOVED, ox, oy);
			game_refresh_knowledge(a);
			char where[32];
			snprintf(where, sizeof where, "%d,%d", x, y);
			assert_false(knowledge_knows(ka, b2));
			red_sees_as(a, want, where);
			int wa = red_shot(a, &ca, whya);
			assert_int_equal(wa, wb);
			assert_int_equal(ca.need, cb.need);
			places++;
			int dx = x - w->units[r1].x, dy = y - w->units[r1].y;
			near += dx * dx + dy * dy <= 16 &&
				geom_in_arc(w->units[r1].facing, dx, dy);
		}
	/* The hidden cells of Red's arc within 4 inches, where b2 would
	 * have blocked before (2,1, 2,2 and 3,2), were among them. */
	assert_int_equal(places, 7);
	assert_int_equal(near, 3);
	/* And the shot itself: b2 at 2,1 again, on the line from r1 to b1. */
	int ox = w->units[b2].x, oy = w->units[b2].y;
	world_place(w, b2, 2, 1);
	game_touch_unit(a, b2, TOUCH_MOVED, ox, oy);
	game_refresh_knowledge(a);
	assert_int_equal(cmd_execute(a, RED, "shoot r1 b1", why), 0);
	free(want);
	game_free(a);
	game_free(b);
}

/*
 * r1 at 0,0 faces east on an open field. b1 at 2,1 is in its arc with a
 * clear line: r1 sees it, so it blocks. b2 at 3,1 stands behind b1 on the
 * line from r1 (which passes 1,0 1,1 2,1): r1 does not see it, so it
 * blocks nothing, and the line to 6,1 through 3,1 (not through 2,1) is
 * clear. Without b1, r1 sees b2, and that line is blocked.
 */
static void field(struct world *w, bool with_b1)
{
	tw_init(w, TW_ROWS("........", "........", "........", "........"));
	tw_add_unit(w, "archer", TW_RED, 0, 0, DIR_E);
	if (with_b1)
		tw_add_unit(w, "man_at_arms", TW_BLUE, 2, 1, DIR_W);
	tw_add_unit(w, "man_at_arms", TW_BLUE, 3, 1, DIR_W);
}

/* r1 sees 6,1 by the plain walk, by its cast, and the line says so. */
static void sees_61(const struct world *w, bool want)
{
	size_t n = (size_t)w->map.w * (size_t)w->map.h;
	unsigned char *view = xmalloc(n);
	vision_unit_view(w, 0, view);
	assert_int_equal(vision_unit_sees(w, 0, 6, 1), want);
	assert_int_equal(view[1 * w->map.w + 6], want);
	assert_int_equal(vision_line_blocked(w, 0, 0, 6, 1), !want);
	free(view);
}

static void test_nearest_first(void **state)
{
	struct world *w = *state;
	field(w, true);
	int b2 = world_unit_at(w, 3, 1);
	assert_true(vision_unit_sees(w, 0, 2, 1));
	assert_false(vision_unit_sees(w, 0, 3, 1));
	sees_61(w, true);
	/* los: 3,1 holds a troop within 4 inches at the line's height that
	 * does not block, because r1 does not see it. */
	struct vision_line l;
	vision_line_explain(w, 0, 0, 6, 1, &l);
	bool said = false;
	for (int i = 0; i < l.nsteps; i++) {
		const struct vision_step *s = &l.steps[i];
		if (!s->corner && s->x == 3 && s->y == 1) {
			assert_int_equal(s->unit, b2);
			assert_int_equal(s->why, VBLOCK_TROOP);
			assert_true(s->unseen);
			assert_false(s->blocks);
			said = true;
		}
	}
	assert_true(said);
	assert_int_equal(l.first, -1);
	vision_line_free(&l);
	tw_free(w);
	memset(w, 0, sizeof *w);
	field(w, false);
	assert_true(vision_unit_sees(w, 0, 3, 1));
	sees_61(w, false);
}

/* The same with a second Red unit, r2 at 3,3 facing north, that sees b2
 * at 3,1: b2 still blocks nothing of r1's, whose line and shot to 6,1
 * stay open. What the team sees is each unit's own sight, put together. */
static void test_a_teammate_seeing_it_does_not_count(void **state)
{
	struct world *w = *state;
	field(w, true);
	int r2 = tw_add_unit(w, "archer", TW_RED, 3, 3, DIR_N);
	int b3 = tw_add_unit(w, "archer", TW_BLUE, 6, 1, DIR_W);
	assert_true(vision_unit_sees(w, r2, 3, 1));
	assert_false(vision_unit_sees(w, 0, 3, 1));
	assert_true(vision_unit_sees(w, 0, 6, 1));
	assert_false(vision_line_blocked(w, 0, 0, 6, 1));
	char why[200];
	int wi = shot_check(w, 0, 6, 1, false, "b3", why, sizeof why);
	if (wi < 0)
		fail_msg("r1 cannot shoot b3: %s", why);
	assert_int_equal(wi, tw_weapon(w, 0, "longbow"));
	/* b3 was never in the way: it stands at the line's end. */
	assert_int_equal(world_unit_at(w, 6, 1), b3);
}

/* A cell with no unit on it looks every way: a troop blocks its lines
 * when the line to the troop is clear, whatever the direction. */
static void test_a_cell_looks_every_way(void **state)
{
	struct world *w = *state;
	tw_init(w, TW_ROWS(".......", ".......", "......."));
	tw_add_unit(w, "man_at_arms", TW_BLUE, 2, 1, DIR_W);
	/* From 0,1 the troop at 2,1 (clear line) blocks 4,1 behind it. */
	assert_true(vision_line_blocked(w, 0, 1, 4, 1));
	/* A unit on 0,1 facing away does not see it: the line is clear. */
	tw_add_unit(w, "archer", TW_RED, 0, 1, DIR_W);
	assert_false(vision_line_blocked(w, 0, 1, 4, 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hidden_unit_moved_changes_nothing),
		TW_TEST(test_nearest_first),
		TW_TEST(test_a_teammate_seeing_it_does_not_count),
		TW_TEST(test_a_cell_looks_every_way),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
