/* test_sight.c: what each team may read of every kind of event. The game
 * sets each event's sight bits from the team's knowledge when it reports
 * it (src/game/sight.c); the text and JSON of src/game/report.c then tell
 * the event in full, in part, or not at all. Each case runs on a small
 * scenario of tests/data/sight-*.yaml built so that who sees what is
 * plain; commands are given by the team whose turn it is. The last tests
 * check that a refusal gives nothing away: a hidden enemy and one that
 * does not exist get the same answer. */
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
#include "data/scenario_load.h"
#include "game/game.h"
#include "game/report.h"

enum { RED, BLUE, GREEN, YELLOW };

/* The sight bits the rules give, by name. */
#define ALL_OF_IT (EVS_SEEN | EVS_FULL)
#define MOVE_FULL (EVS_SEEN | EVS_UNIT | EVS_FROM | EVS_TO | EVS_FULL)
#define MOVE_TO (EVS_SEEN | EVS_UNIT | EVS_TO)
#define MOVE_FROM (EVS_SEEN | EVS_UNIT | EVS_FROM)
#define ONE_PLACE (EVS_SEEN | EVS_UNIT | EVS_FROM | EVS_FULL)
#define DOOR_PART (EVS_SEEN | EVS_FROM)
#define TOLD (EVS_SEEN | EVS_TARGET | EVS_FULL)
#define TOLD_BOTH (TOLD | EVS_UNIT)
#define ATTACK_FULL \
	(EVS_SEEN | EVS_UNIT | EVS_TARGET | EVS_FROM | EVS_TO | EVS_FULL)
#define TARGET_END (EVS_SEEN | EVS_TARGET | EVS_TO)
#define ATTACKER_END (EVS_SEEN | EVS_UNIT | EVS_FROM)
#define HIT_PART (EVS_SEEN | EVS_TARGET | EVS_FROM)
#define HIT_FULL (HIT_PART | EVS_UNIT | EVS_FULL)
#define STRUCTURE_SEEN (EVS_SEEN | EVS_FROM | EVS_FULL)

struct log {
	int n;
	struct event ev[64];
};

static void record(void *ctx, const struct game *g, const struct event *ev)
{
	(void)g;
	struct log *l = ctx;
	assert_true(l->n < 64);
	l->ev[l->n++] = *ev;
}

static struct game *load(const char *rel, uint64_t seed, struct log *l)
{
	const char *top = getenv("abs_top_srcdir");
	char *path = xasprintf("%s/%s", top ? top : ".", rel);
	struct scenario sc;
	char *err = NULL;
	int rc = scenario_load(path, &sc, &err);
	if (rc != 0)
		fprintf(stderr, "%s\n", err);
	assert_int_equal(rc, 0);
	free(path);
	struct game *g = game_new(&sc, seed);
	l->n = 0;
	game_listen(g, record, l);
	game_start(g);
	return g;
}

/* A command given by the team whose turn it is; the log is emptied first
 * so that it holds this command's events only. */
static void run(struct game *g, struct log *l, const char *line)
{
	char why[CMD_WHY_LEN];
	l->n = 0;
	int rc = cmd_execute(g, g->active, line, why);
	if (rc != 0)
		fprintf(stderr, "rejected: %s: %s\n", line, why);
	assert_int_equal(rc, 0);
}

/* The k-th event of a type in the log (from 0), which must be there. */
static const struct event *nth(const struct log *l, enum event_type t, int k)
{
	for (int i = 0, seen = 0; i < l->n; i++)
		if (l->ev[i].type == t && seen++ == k)
			return &l->ev[i];
	fail_msg("no %s event number %d among %d", event_names[t], k, l->n);
	return NULL;
}

static const struct event *first(const struct log *l, enum event_type t)
{
	return nth(l, t, 0);
}

static int count(const struct log *l, enum event_type t)
{
	int n = 0;
	for (int i = 0; i < l->n; i++)
		n += l->ev[i].type == t;
	return n;
}

/* The line and the JSON of ev as team reads it ("" for nothing). */
static char text_buf[1024], json_buf[2048];

static const char *text(const struct game *g, const struct event *ev, int team)
{
	struct strbuf b;
	strbuf_init(&b);
	report_event_text(g, ev, team, &b);
	snprintf(text_buf, sizeof text_buf, "%s", b.s ? b.s : "");
	strbuf_free(&b);
	return text_buf;
}

static const char *json(const struct game *g, const struct event *ev, int team)
{
	struct strbuf b;
	strbuf_init(&b);
	report_event_json(g, ev, team, &b);
	snprintf(json_buf, sizeof json_buf, "%s", b.s ? b.s : "");
	strbuf_free(&b);
	return json_buf;
}

/* Team reads ev with these sight bits, as this line and this JSON. */
static void reads(const struct game *g, const struct event *ev, int team,
		  unsigned bits, const char *line, const char *obj)
{
	assert_int_equal(ev->sight[team], bits);
	assert_string_equal(text(g, ev, team), line);
	assert_string_equal(json(g, ev, team), obj);
}

/* Team is not told ev at all. */
static void unseen(const struct game *g, const struct event *ev, int team)
{
	reads(g, ev, team, 0, "", "");
}

/* Team reads ev exactly as the all-seeing reader does. */
static void reads_all(const struct game *g, const struct event *ev, int team,
		      unsigned bits)
{
	char all[1024], all_json[2048];
	snprintf(all, sizeof all, "%s", text(g, ev, REPORT_ALL));
	snprintf(all_json, sizeof all_json, "%s", json(g, ev, REPORT_ALL));
	assert_true(all[0] != '\0');
	reads(g, ev, team, bits, all, all_json);
}

/* Team reads an attack's d20 in part: the line "roll d20 = N (WORDS)",
 * and JSON that is head (every field before "for") and then a "for" that
 * says the words. */
static void reads_part_roll(const struct game *g, const struct event *ev,
			    int team, unsigned bits, const char *head,
			    const char *words)
{
	char line[200], obj[400];
	assert_int_equal(ev->sight[team], bits);
	snprintf(line, sizeof line, "roll d%d = %d (%s)", ev->value2, ev->value,
		 words);
	assert_string_equal(text(g, ev, team), line);
	snprintf(obj, sizeof obj, "%s,\"die\":%d,\"value\":%d,\"for\":\"", head,
		 ev->value2, ev->value);
	const char *j = json(g, ev, team);
	if (strncmp(j, obj, strlen(obj)) != 0)
		fail_msg("JSON '%s' does not begin '%s'", j, obj);
	if (!strstr(j + strlen(obj), words))
		fail_msg("JSON '%s' does not say '%s'", j, words);
	assert_string_equal(j + strlen(j) - 2, "\"}");
}

/* Neither the line nor the JSON team reads contains s. */
static void never_says(const struct game *g, const struct event *ev, int team,
		       const char *s)
{
	if (strstr(text(g, ev, team), s))
		fail_msg("'%s' is in the line: %s", s, text_buf);
	if (strstr(json(g, ev, team), s))
		fail_msg("'%s' is in the JSON: %s", s, json_buf);
}

/* --- public events ------------------------------------------------------ */

/* Steps, goals and the end of the game are everyone's to read. */
static void test_steps_goals_end_are_public(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	reads_all(g, first(&l, EV_STEP), RED, ALL_OF_IT);
	reads_all(g, first(&l, EV_STEP), BLUE, ALL_OF_IT);
	run(g, &l, "end");
	const struct event *ev = first(&l, EV_STEP);
	reads(g, ev, RED, ALL_OF_IT, "== Round 1: Red, Missile fire ==",
	      "{\"type\":\"step\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\"}");
	reads_all(g, ev, BLUE, ALL_OF_IT);
	run(g, &l, "end");
	run(g, &l, "end");
	reads(g, first(&l, EV_STEP), BLUE, ALL_OF_IT,
	      "== Round 1: Blue, Movement ==",
	      "{\"type\":\"step\",\"round\":1,\"team\":\"Blue\",\"step\":\"movement\"}");
	reads_all(g, first(&l, EV_STEP), RED, ALL_OF_IT);
	run(g, &l, "end");
	run(g, &l, "end");
	/* Round 1 is the last: Blue's survival ends the game. */
	run(g, &l, "end");
	assert_true(g->over);
	for (int t = RED; t <= BLUE; t++) {
		reads(g, first(&l, EV_GOAL), t, ALL_OF_IT,
		      "goal met for Blue: survive until the end of round 1",
		      "{\"type\":\"goal\",\"round\":1,\"team\":\"Blue\",\"step\":"
		      "\"melee\",\"winner\":\"Blue\",\"goal\":\"survive until the "
		      "end of round 1\"}");
		reads(g, first(&l, EV_END), t, ALL_OF_IT,
		      "game over: Blue wins: survive until the end of round 1",
		      "{\"type\":\"end\",\"round\":1,\"team\":\"Blue\",\"step\":"
		      "\"melee\",\"winner\":\"Blue\",\"result\":\"Blue wins: "
		      "survive until the end of round 1\"}");
	}
	game_free(g);
}

/* An escape no one else saw still wins in public: goals are public. */
static void test_escape_goal_is_public(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-escape.yaml", 1, &l);
	run(g, &l, "move r2 e");
	run(g, &l, "move r1 e");
	assert_true(g->over);
	for (int t = RED; t <= BLUE; t++) {
		reads_all(g, first(&l, EV_GOAL), t, ALL_OF_IT);
		reads_all(g, first(&l, EV_END), t, ALL_OF_IT);
	}
	assert_string_equal(text(g, first(&l, EV_END), BLUE),
			    "game over: Red wins: get 2 units off the board "
			    "through 7,0-7,4");
	game_free(g);
}

/* --- movement ----------------------------------------------------------- */

/* Taking a movement back is the business of the team that took it. */
static void test_undo_is_told_to_its_team_only(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	run(g, &l, "move r1 n");
	run(g, &l, "undo");
	const struct event *ev = first(&l, EV_UNDO);
	reads(g, ev, RED, ALL_OF_IT, "Red takes back its last movement",
	      "{\"type\":\"undo\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\"}");
	unseen(g, ev, BLUE);
	run(g, &l, "end");
	run(g, &l, "end");
	run(g, &l, "end");
	run(g, &l, "move b1 n");
	run(g, &l, "undo");
	ev = first(&l, EV_UNDO);
	reads(g, ev, BLUE, ALL_OF_IT, "Blue takes back its last movement",
	      "{\"type\":\"undo\",\"round\":1,\"team\":\"Blue\",\"step\":\"movement\"}");
	unseen(g, ev, RED);
	game_free(g);
}

/* r1 walks from behind the wall into b1's view, across it, and out. */
static void test_move_seen_whole_in_part_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	run(g, &l, "move r1 n n w e se");
	assert_int_equal(count(&l, EV_MOVE), 5);

	/* Behind the wall: Blue is not told; Red reads its own move. */
	const struct event *ev = nth(&l, EV_MOVE, 0);
	reads(g, ev, RED, MOVE_FULL, "r1 moves 8,2 -> 8,1 (1 inch, 5 left)",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,2],\"to\":[8,1],\"cost\":1,\"left\":5}");
	unseen(g, ev, BLUE);

	/* Into view: where it came from, and what it paid, stay unsaid. */
	ev = nth(&l, EV_MOVE, 1);
	reads_all(g, ev, RED, MOVE_FULL);
	reads(g, ev, BLUE, MOVE_TO, "r1 comes into view at 8,0",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"to\":[8,0]}");
	never_says(g, ev, BLUE, "8,1");
	never_says(g, ev, BLUE, "left");

	/* In view at both ends: all of it. */
	ev = nth(&l, EV_MOVE, 2);
	reads(g, ev, BLUE, MOVE_FULL, "r1 moves 8,0 -> 7,0 (1 inch, 3 left)",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,0],\"to\":[7,0],\"cost\":1,\"left\":3}");
	reads_all(g, nth(&l, EV_MOVE, 3), BLUE, MOVE_FULL);

	/* Out of view: where it went stays unsaid. */
	ev = nth(&l, EV_MOVE, 4);
	reads(g, ev, RED, MOVE_FULL, "r1 moves 8,0 -> 9,1 (1.5 inches, 0.5 left)",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,0],\"to\":[9,1],\"cost\":1.5,"
	      "\"left\":0.5}");
	reads(g, ev, BLUE, MOVE_FROM, "r1 moves out of view from 8,0",
	      "{\"type\":\"move\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"from\":[8,0]}");
	never_says(g, ev, BLUE, "9,1");
	never_says(g, ev, BLUE, "1.5");
	game_free(g);
}

/* Turning is seen where the unit stands, or not at all. */
static void test_face_seen_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-field.yaml", 1, &l);
	run(g, &l, "face r1 s");
	const struct event *ev = first(&l, EV_FACE);
	reads(g, ev, RED, ONE_PLACE, "r1 faces s",
	      "{\"type\":\"face\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"facing\":\"s\",\"left\":6}");
	unseen(g, ev, BLUE);
	run(g, &l, "move r1 n n");
	run(g, &l, "face r1 s");
	ev = first(&l, EV_FACE);
	reads(g, ev, BLUE, ONE_PLACE, "r1 faces s",
	      "{\"type\":\"face\",\"round\":1,\"team\":\"Red\",\"step\":\"movement\","
	      "\"unit\":\"r1\",\"facing\":\"s\",\"left\":4}");
	reads_all(g, ev, RED, ONE_PLACE);
	game_free(g);
}

/* A climb part way up a ladder is seen at the ladder's foot. */
static void test_climb_seen_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-climb.yaml", 1, &l);
	run(g, &l, "move r1 n n");
	const struct event *ev = first(&l, EV_CLIMB);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, ONE_PLACE, "r1 climbs towards 2,0: 5 of 8 inches done",
		      "{\"type\":\"climb\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"movement\",\"unit\":\"r1\",\"at\":[2,1],\"towards\":[2,0],"
		      "\"paid\":5,\"needed\":8}");
	/* The east ladder is out of the archer's arc. */
	run(g, &l, "move r2 n n");
	ev = first(&l, EV_CLIMB);
	reads(g, ev, RED, ONE_PLACE, "r2 climbs towards 7,0: 5 of 8 inches done",
	      "{\"type\":\"climb\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r2\",\"at\":[7,1],\"towards\":[7,0],"
	      "\"paid\":5,\"needed\":8}");
	unseen(g, ev, BLUE);
	unseen(g, first(&l, EV_MOVE), BLUE);
	game_free(g);
}

/* Leaving the board is seen at the exit cell, or not at all. */
static void test_escape_seen_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-escape.yaml", 1, &l);
	run(g, &l, "move r2 e");
	const struct event *ev = first(&l, EV_ESCAPED);
	reads(g, ev, RED, ONE_PLACE, "r2 escapes off the board",
	      "{\"type\":\"escaped\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r2\",\"at\":[7,4]}");
	unseen(g, ev, BLUE);
	unseen(g, first(&l, EV_MOVE), BLUE);
	run(g, &l, "move r1 e");
	ev = first(&l, EV_ESCAPED);
	reads(g, ev, BLUE, ONE_PLACE, "r1 escapes off the board",
	      "{\"type\":\"escaped\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r1\",\"at\":[7,1]}");
	reads_all(g, first(&l, EV_MOVE), BLUE, MOVE_FULL);
	game_free(g);
}

/* A door: its user seen, all of it; only the door seen, that it opened;
 * neither, nothing. */
static void test_door_full_part_or_not(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-door.yaml", 1, &l);
	run(g, &l, "door r2 n open");
	const struct event *ev = first(&l, EV_DOOR);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, ONE_PLACE, "r2 opens the door at 6,2 (2 inches, 4 left)",
		      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"movement\",\"unit\":\"r2\",\"at\":[6,2],\"action\":\"open\","
		      "\"left\":4}");

	/* r1 stands behind the wall, beside the door Blue sees. */
	run(g, &l, "door r1 sw open");
	ev = first(&l, EV_DOOR);
	reads(g, ev, RED, ONE_PLACE, "r1 opens the door at 4,2 (2 inches, 4 left)",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"unit\":\"r1\",\"at\":[4,2],\"action\":\"open\","
	      "\"left\":4}");
	reads(g, ev, BLUE, DOOR_PART, "the door at 4,2 opens",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"at\":[4,2],\"action\":\"open\"}");
	never_says(g, ev, BLUE, "r1");
	run(g, &l, "door r1 sw close");
	reads(g, first(&l, EV_DOOR), BLUE, DOOR_PART, "the door at 4,2 closes",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"at\":[4,2],\"action\":\"close\"}");
	run(g, &l, "door r1 sw lock");
	ev = first(&l, EV_DOOR);
	reads(g, ev, BLUE, DOOR_PART, "the door at 4,2 is locked",
	      "{\"type\":\"door\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"movement\",\"at\":[4,2],\"action\":\"lock\"}");
	reads_all(g, ev, RED, ONE_PLACE);

	/* Out of the archer's arc. */
	run(g, &l, "door r3 s open");
	ev = first(&l, EV_DOOR);
	reads_all(g, ev, RED, ONE_PLACE);
	unseen(g, ev, BLUE);
	game_free(g);
}

/* --- announcements -------------------------------------------------------- */

/* "r1 is stopped at 5,2: b1 stands in the way" names two units: only a
 * team that knows both is told. Green sees the knight only, Yellow the
 * mover only. */
static void test_stopped_needs_both_units_known(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-stop.yaml", 1, &l);
	run(g, &l, "moveto r1 5,0");
	const struct event *ev = first(&l, EV_ANNOUNCE);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, TOLD_BOTH, "r1 is stopped at 5,2: b1 stands in the way",
		      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"movement\",\"unit\":\"r1\",\"target\":\"b1\",\"text\":\"r1 is "
		      "stopped at 5,2: b1 stands in the way\"}");
	int r1 = world_find_unit(g->w, "r1"), b1 = world_find_unit(g->w, "b1");
	assert_true(knowledge_knows(game_knowledge(g, GREEN), b1));
	assert_false(knowledge_knows(game_knowledge(g, GREEN), r1));
	unseen(g, ev, GREEN);
	assert_true(knowledge_knows(game_knowledge(g, YELLOW), r1));
	assert_false(knowledge_knows(game_knowledge(g, YELLOW), b1));
	unseen(g, ev, YELLOW);
	/* The moves up to the gap: Green and Yellow as they saw them. */
	unseen(g, nth(&l, EV_MOVE, 1), GREEN);
	reads_all(g, nth(&l, EV_MOVE, 1), YELLOW, MOVE_FULL);
	game_free(g);
}

/* The odds before a melee name the target only: a team that does not
 * see it is not told. */
static void test_outnumbered_told_where_target_known(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/sight-melee.yaml", 1, &l);
	run(g, &l, "end");
	run(g, &l, "end");
	run(g, &l, "fight r1 b1");
	const struct event *ev = first(&l, EV_ANNOUNCE);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, TOLD_BOTH, "b1 is outnumbered: -1 to the target number",
		      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"melee\",\"unit\":\"r1\",\"target\":\"b1\",\"text\":\"b1 is "
		      "outnumbered: -1 to the target number\"}");
	unseen(g, ev, GREEN);
	game_free(g);
}

/* Load tests/data/sight-shot.yaml with seed and let r1 shoot at g1 in
 * the Missile fire; returns the id of the unit the die picked. */
static const char *shoot_into_melee(struct game **gp, struct log *l,
				    uint64_t seed)
{
	*gp = load("tests/data/sight-shot.yaml", seed, l);
	run(*gp, l, "end");
	run(*gp, l, "shoot r1 g1");
	const struct event *pick = first(l, EV_ROLL);
	assert_int_equal(pick->kind, ROLL_MELEE_PICK);
	static const char *const order[] = {"b1", "g1", "r2"};
	return order[pick->value - 1];
}

/* The die for a shot into melee: read in full only by a team that knows
 * every unit it chooses among (its sides count them). Red does not see
 * Blue's b1 behind the wall; Blue does not see Red's r2; Yellow sees
 * neither the levy nor the men fighting it. */
static void test_melee_pick_needs_every_candidate_known(void **state)
{
	(void)state;
	struct log l;
	struct game *g;
	shoot_into_melee(&g, &l, 1);
	const struct event *ev = first(&l, EV_ROLL);
	char full[128];
	snprintf(full, sizeof full, "roll d3 = %d (shot into melee, target among b1 g1 r2)",
		 ev->value);
	assert_string_equal(text(g, ev, GREEN), full);
	assert_int_equal(ev->sight[GREEN], ATTACK_FULL);
	reads(g, ev, RED, EVS_SEEN | EVS_UNIT | EVS_TARGET | EVS_FROM | EVS_TO,
	      "a die picks which unit the shot into melee hits",
	      "{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"r1\",\"target\":\"g1\",\"for\":\"a die picks which unit "
	      "the shot into melee hits\"}");
	reads(g, ev, BLUE, TARGET_END,
	      "a die picks which unit the shot into melee hits",
	      "{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":null,\"target\":\"g1\",\"for\":\"a die picks which unit "
	      "the shot into melee hits\"}");
	/* Yellow sees the archer but not the levy it aims at. */
	reads(g, ev, YELLOW, ATTACKER_END,
	      "a die picks which unit the shot into melee hits",
	      "{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"r1\",\"target\":null,\"for\":\"a die picks which unit "
	      "the shot into melee hits\"}");
	/* No die sides and no value in the words or the JSON. */
	never_says(g, ev, RED, "d3");
	never_says(g, ev, RED, "\"die\"");
	never_says(g, ev, RED, "\"value\"");
	never_says(g, ev, BLUE, "\"die\"");
	never_says(g, ev, YELLOW, "\"value\"");
	game_free(g);
}

/* Friendly fire: "(a friend!)" is said to the shooter's team only; a
 * team that sees the shooter hears "(its own side!)"; a team that does
 * not know the unit hit is not told. */
static void test_shot_at_friend(void **state)
{
	(void)state;
	struct log l;
	struct game *g = NULL;
	for (uint64_t seed = 1; seed < 100; seed++) {
		if (strcmp(shoot_into_melee(&g, &l, seed), "r2") == 0)
			break;
		game_free(g);
		g = NULL;
	}
	assert_non_null(g);
	const struct event *ev = first(&l, EV_ANNOUNCE);
	reads(g, ev, RED, TOLD_BOTH, "the shot flies at r2 (a friend!)",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"r1\",\"target\":\"r2\",\"text\":\"the shot "
	      "flies at r2 (a friend!)\"}");
	reads(g, ev, GREEN, TOLD_BOTH, "the shot flies at r2 (its own side!)",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"r1\",\"target\":\"r2\",\"text\":\"the shot "
	      "flies at r2 (its own side!)\"}");
	unseen(g, ev, BLUE);
	unseen(g, ev, YELLOW);
	/* The attack on r2 is Red's and Green's to read, not Blue's. */
	reads_all(g, first(&l, EV_ATTACK), GREEN, ATTACK_FULL);
	unseen(g, first(&l, EV_ATTACK), BLUE);
	unseen(g, nth(&l, EV_ROLL, 1), BLUE);
	game_free(g);
}

/* The die picks Blue's b1, whom Red cannot see: Red is not told whom the
 * shot flies at, and reads its own attack on "an unseen enemy". Blue,
 * which does not see the archer, reads that "an unseen enemy" shoots at
 * b1, and that b1 is disabled by no one it may name. */
static void test_shot_at_unseen_candidate(void **state)
{
	(void)state;
	struct log l;
	struct game *g = NULL;
	for (uint64_t seed = 1; seed < 200; seed++) {
		if (strcmp(shoot_into_melee(&g, &l, seed), "b1") == 0 &&
		    count(&l, EV_DISABLED) == 1)
			break;
		game_free(g);
		g = NULL;
	}
	assert_non_null(g);
	const struct event *ev = first(&l, EV_ANNOUNCE);
	unseen(g, ev, RED);
	reads(g, ev, BLUE, TOLD, "the shot flies at b1",
	      "{\"type\":\"announce\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":null,\"target\":\"b1\",\"text\":\"the shot "
	      "flies at b1\"}");
	reads_all(g, ev, GREEN, TOLD_BOTH);

	const struct event *roll = nth(&l, EV_ROLL, 1);
	const struct event *att = first(&l, EV_ATTACK);
	char line[160], obj[400];
	int v = roll->value;
	assert_int_equal(att->calc.need, 15);
	reads_part_roll(g, roll, RED, ATTACKER_END,
			"{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":"
			"\"missile\",\"unit\":\"r1\",\"target\":null",
			"attack by r1 on an unseen enemy, need 15");
	reads_part_roll(g, roll, BLUE, TARGET_END,
			"{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":"
			"\"missile\",\"unit\":null,\"target\":\"b1\"",
			"attack by an unseen enemy on b1, need 15");
	reads_all(g, roll, GREEN, ATTACK_FULL);

	snprintf(line, sizeof line,
		 "r1 attacks an unseen enemy: need 15+; rolled %d: HIT", v);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":\"r1\",\"target\":null,\"need\":15,"
		 "\"chance\":0.30,\"roll\":%d,\"result\":\"hit\",\"free\":false}", v);
	reads(g, att, RED, ATTACKER_END, line, obj);
	reads(g, att, YELLOW, ATTACKER_END, line, obj);
	never_says(g, att, RED, "6,0");
	never_says(g, att, RED, "b1");
	snprintf(line, sizeof line,
		 "an unseen enemy attacks b1: need 15+; rolled %d: HIT", v);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":null,\"target\":\"b1\",\"at\":[6,0],"
		 "\"need\":15,\"chance\":0.30,\"roll\":%d,\"result\":\"hit\","
		 "\"free\":false}", v);
	reads(g, att, BLUE, TARGET_END, line, obj);
	never_says(g, att, BLUE, "longbow");
	never_says(g, att, BLUE, "terms");

	ev = first(&l, EV_DISABLED);
	unseen(g, ev, RED);
	reads(g, ev, BLUE, HIT_PART, "b1 is disabled",
	      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"b1\",\"by\":null}");
	reads_all(g, ev, GREEN, HIT_FULL);
	game_free(g);
}

/* --- attacks and their effects ------------------------------------------ */

/* What each command of the battle in tests/data/sight-melee.yaml
 * reported. */
struct battle {
	struct log l; /* the game's listener writes here */
	struct log door, ballista, archer, fight;
};

/* Play the Missile fire and Melee of tests/data/sight-melee.yaml with the
 * first seed where every attack hits. */
static struct game *melee_battle(struct battle *b)
{
	for (uint64_t seed = 1; seed < 500; seed++) {
		struct game *g = load("tests/data/sight-melee.yaml", seed, &b->l);
		run(g, &b->l, "end");
		run(g, &b->l, "shoot r5 18,1");
		b->door = b->l;
		run(g, &b->l, "shoot r3 b2");
		b->ballista = b->l;
		run(g, &b->l, "shoot r4 b3");
		b->archer = b->l;
		run(g, &b->l, "end");
		run(g, &b->l, "fight r1 b1");
		b->fight = b->l;
		if (count(&b->door, EV_STRUCTURE) && count(&b->ballista, EV_HIT) &&
		    count(&b->archer, EV_DISABLED) && count(&b->fight, EV_DISABLED))
			return g;
		game_free(g);
	}
	fail_msg("no seed in 500 made every attack hit");
	return NULL;
}

/* Melee seen by both sides; Green, far away, is told nothing. */
static void test_attack_in_full_and_not_at_all(void **state)
{
	(void)state;
	static struct battle b;
	struct game *g = melee_battle(&b);
	const struct event *roll = first(&b.fight, EV_ROLL);
	const struct event *att = first(&b.fight, EV_ATTACK);
	char line[200];
	snprintf(line, sizeof line, "roll d20 = %d (r1 sword at b1, need 6)",
		 roll->value);
	for (int t = RED; t <= BLUE; t++) {
		assert_string_equal(text(g, roll, t), line);
		reads_all(g, roll, t, ATTACK_FULL);
		reads_all(g, att, t, ATTACK_FULL);
	}
	snprintf(line, sizeof line,
		 "r1 sword at b1: need 6+ (75%%): AV 6 + DV 3 - outnumbered 1 - "
		 "from behind 2; rolled %d: HIT",
		 att->value);
	assert_string_equal(text(g, att, BLUE), line);
	assert_non_null(strstr(json(g, att, BLUE), "\"weapon\":\"sword\""));
	assert_non_null(strstr(json(g, att, BLUE), "\"terms\":["));
	/* Blue's b4 still sees r1 once b1 is down. */
	const struct event *ev = first(&b.fight, EV_DISABLED);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, HIT_FULL, "b1 is disabled",
		      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"melee\",\"unit\":\"b1\",\"by\":\"r1\"}");
	for (int i = 0; i < b.fight.n; i++)
		unseen(g, &b.fight.ev[i], GREEN);
	game_free(g);
}

/* Shots from where Blue cannot see: the attack is told from the target's
 * end, without weapon or terms; hits and disablings name no attacker. */
static void test_unseen_shooter_hits_and_disables(void **state)
{
	(void)state;
	static struct battle b;
	struct game *g = melee_battle(&b);
	const struct event *att = first(&b.ballista, EV_ATTACK);
	char line[200], obj[400];
	snprintf(line, sizeof line,
		 "an unseen enemy attacks b2: need 16+; rolled %d: HIT", att->value);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":null,\"target\":\"b2\",\"at\":[8,2],"
		 "\"need\":16,\"chance\":0.25,\"roll\":%d,\"result\":\"hit\","
		 "\"free\":false}", att->value);
	reads(g, att, BLUE, TARGET_END, line, obj);
	reads_all(g, att, RED, ATTACK_FULL);
	never_says(g, att, BLUE, "r3");
	never_says(g, att, BLUE, "longbow");
	never_says(g, att, BLUE, "large target");

	const struct event *ev = first(&b.ballista, EV_HIT);
	reads(g, ev, RED, HIT_FULL, "b2 is hit, 1 hit left",
	      "{\"type\":\"hit\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"b2\",\"by\":\"r3\",\"hits\":1}");
	reads(g, ev, BLUE, HIT_PART, "b2 is hit, 1 hit left",
	      "{\"type\":\"hit\",\"round\":1,\"team\":\"Red\",\"step\":\"missile\","
	      "\"unit\":\"b2\",\"by\":null,\"hits\":1}");
	unseen(g, ev, GREEN);

	ev = first(&b.archer, EV_DISABLED);
	reads(g, ev, RED, HIT_FULL, "b3 is disabled",
	      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"b3\",\"by\":\"r4\"}");
	reads(g, ev, BLUE, HIT_PART, "b3 is disabled",
	      "{\"type\":\"disabled\",\"round\":1,\"team\":\"Red\",\"step\":"
	      "\"missile\",\"unit\":\"b3\",\"by\":null}");
	unseen(g, ev, GREEN);
	for (int i = 0; i < b.archer.n; i++) {
		never_says(g, &b.archer.ev[i], BLUE, "r4");
		unseen(g, &b.archer.ev[i], GREEN);
	}
	game_free(g);
}

/* A door under fire from an unseen catapult: the blows are told where
 * the door is seen, the thrower is not named; Green sees no door. */
static void test_structure_seen_or_not(void **state)
{
	(void)state;
	static struct battle b;
	struct game *g = melee_battle(&b);
	const struct event *roll = first(&b.door, EV_ROLL);
	char line[200], obj[400];
	reads_part_roll(g, roll, BLUE, TARGET_END,
			"{\"type\":\"roll\",\"round\":1,\"team\":\"Red\",\"step\":"
			"\"missile\",\"unit\":null",
			"attack by an unseen enemy on 18,1, need 11");
	snprintf(line, sizeof line,
		 "roll d20 = %d (r5 stone at door (closed) 18,1, need 11)",
		 roll->value);
	assert_string_equal(text(g, roll, RED), line);

	const struct event *att = first(&b.door, EV_ATTACK);
	snprintf(line, sizeof line,
		 "an unseen enemy attacks 18,1: need 11+; rolled %d: HIT",
		 att->value);
	snprintf(obj, sizeof obj,
		 "{\"type\":\"attack\",\"round\":1,\"team\":\"Red\",\"step\":"
		 "\"missile\",\"attacker\":null,\"at\":[18,1],\"need\":11,"
		 "\"chance\":0.50,\"roll\":%d,\"result\":\"hit\",\"free\":false}",
		 att->value);
	reads(g, att, BLUE, TARGET_END, line, obj);
	reads_all(g, att, RED, ATTACK_FULL);

	const struct event *ev = first(&b.door, EV_STRUCTURE);
	for (int t = RED; t <= BLUE; t++)
		reads(g, ev, t, STRUCTURE_SEEN, "18,1: the door holds, 1 hit left",
		      "{\"type\":\"structure\",\"round\":1,\"team\":\"Red\",\"step\":"
		      "\"missile\",\"at\":[18,1],\"hits\":1,\"text\":\"the door holds, "
		      "1 hit left\"}");
	for (int i = 0; i < b.door.n; i++)
		unseen(g, &b.door.ev[i], GREEN);
	game_free(g);
}

/* --- a hidden unit casts no shadow ----------------------------------------- */

/* A troop within 4 inches blocks a line only when the viewer sees it
 * (SPEC 2.1), so an enemy hidden behind a wall casts no shadow on the
 * viewer's view. In tests/data/sight-shadow-a.yaml Blue's b2 at 2,1 is
 * hidden from Red's archer r1 at 0,0 by the wall at 1,1, and the line from
 * r1 to 3,1 (and to 4,1, 6,2, 7,2) passes through 2,1: Red must see the 17
 * cells it sees in sight-shadow-b.yaml, where b2 is absent, b1 at 7,2
 * among them (tests/test_sight_rule.c moves b2 about too). Compare:
 *   medsiege view tests/data/sight-shadow-a.yaml --team Red
 *   medsiege view tests/data/sight-shadow-b.yaml --team Red */
static void test_hidden_unit_casts_no_shadow(void **state)
{
	(void)state;
	struct log la, lb;
	struct game *a = load("tests/data/sight-shadow-a.yaml", 1, &la);
	struct game *b = load("tests/data/sight-shadow-b.yaml", 1, &lb);
	const struct knowledge *ka = game_knowledge(a, RED);
	const struct knowledge *kb = game_knowledge(b, RED);
	assert_false(knowledge_knows(ka, world_find_unit(a->w, "b2")));
	for (int y = 0; y < ka->h; y++)
		for (int x = 0; x < ka->w; x++)
			if (knowledge_sees(ka, x, y) != knowledge_sees(kb, x, y))
				fail_msg("Red %s %d,%d only because of a unit it "
					 "cannot see",
					 knowledge_sees(ka, x, y) ? "sees" : "does not see",
					 x, y);
	assert_int_equal(knowledge_knows(ka, world_find_unit(a->w, "b1")),
			 knowledge_knows(kb, world_find_unit(b->w, "b1")));
	game_free(a);
	game_free(b);
}

/* --- refusals ------------------------------------------------------------- */

/* What the issuing team is told of a command line, and whether anything
 * changed: the refusal must be the same whatever the team cannot see. */
struct answer {
	int rc;
	char why[CMD_WHY_LEN];
};

static struct answer ask(struct game *g, struct log *l, int issuer,
			 const char *line)
{
	struct answer a;
	uint64_t before = game_state_hash(g);
	l->n = 0;
	a.rc = cmd_execute(g, issuer, line, a.why);
	if (a.rc < 0) {
		assert_true(game_state_hash(g) == before);
		assert_int_equal(l->n, 0);
	}
	return a;
}

/* Replace every "from" in s with "to" (ids of the same length). */
static void swap_id(char *s, const char *from, const char *to)
{
	size_t n = strlen(from);
	assert_int_equal(n, strlen(to));
	for (char *p = strstr(s, from); p; p = strstr(p + n, from))
		memcpy(p, to, n);
}

/* Red's commands naming b6 and b7 (hidden in fog-a and fog-b, absent
 * from fog-c), b8 (hidden in fog-b only) and b9 (nowhere), or aimed at
 * the cells where fog-a and fog-b hide them, in each step of Red's first
 * turn. */
static const char *const probes[STEP_COUNT][16] = {
	{"move b6 n", "moveto b7 14,4", "face b8 n", "door b6 s open",
	 "move b9 n", "moveto r1 8,6", "moveto r1 14,3", "moveto r1 30,4",
	 "moveto r1 4,2", "moveto r1 20,2", "shoot r5 b6", "fight r1 b7",
	 NULL},
	{"shoot r5 b6", "shoot r6 b7", "shoot r7 b8", "shoot r5 b9",
	 "shoot r5 8,6", "shoot r5 30,4", "shoot b6 r5", "move b7 n", NULL},
	{"fight r1 b6", "fight r2 b7", "fight r1 b8", "fight r1 b9",
	 "fight r1 14,3", "fight b6 r1", "shoot r5 b6", NULL},
};

/* A hidden enemy and one that does not exist get the same answer, word
 * for word: across the three fog fixtures, and within one. */
static void test_hidden_and_missing_ids_refused_alike(void **state)
{
	(void)state;
	static const char *const files[] = {"tests/data/fog-a.yaml",
					    "tests/data/fog-b.yaml",
					    "tests/data/fog-c.yaml"};
	struct game *g[3];
	struct log l[3];
	for (int f = 0; f < 3; f++)
		g[f] = load(files[f], 5, &l[f]);
	for (int step = 0; step < STEP_COUNT; step++) {
		for (int i = 0; probes[step][i]; i++) {
			struct answer a[3];
			for (int f = 0; f < 3; f++) {
				a[f] = ask(g[f], &l[f], RED, probes[step][i]);
				assert_int_equal(a[f].rc, -1);
			}
			for (int f = 1; f < 3; f++)
				if (strcmp(a[0].why, a[f].why) != 0)
					fail_msg("'%s': '%s' in %s but '%s' in %s",
						 probes[step][i], a[0].why, files[0],
						 a[f].why, files[f]);
		}
		for (int f = 0; f < 3; f++) {
			char why[CMD_WHY_LEN];
			assert_int_equal(cmd_execute(g[f], RED, "end", why), 0);
		}
	}
	for (int f = 0; f < 3; f++)
		game_free(g[f]);

	/* In one game: b6 (hidden) reads as b9 (never was), and as "zz9". */
	struct log lg;
	struct game *one = load("tests/data/fog-a.yaml", 5, &lg);
	static const char *const forms[] = {
		"move %s n", "face %s e", "door %s s open", "moveto %s 1,1",
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		char hidden[64], missing[64];
		snprintf(hidden, sizeof hidden, forms[i], "b6");
		snprintf(missing, sizeof missing, forms[i], "b9");
		struct answer h = ask(one, &lg, RED, hidden);
		struct answer m = ask(one, &lg, RED, missing);
		assert_int_equal(h.rc, -1);
		assert_int_equal(m.rc, -1);
		swap_id(m.why, "b9", "b6");
		assert_string_equal(h.why, m.why);
		assert_string_equal(h.why, "you have no unit 'b6'");
	}
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(one, RED, "end", why), 0);
	struct answer h = ask(one, &lg, RED, "shoot r5 b6");
	struct answer m = ask(one, &lg, RED, "shoot r5 b9");
	swap_id(m.why, "b9", "b6");
	assert_string_equal(h.why, m.why);
	assert_string_equal(h.why, "r5 cannot shoot at b6: no such enemy in sight");
	assert_int_equal(cmd_execute(one, RED, "end", why), 0);
	h = ask(one, &lg, RED, "fight r1 b6");
	m = ask(one, &lg, RED, "fight r1 b9");
	swap_id(m.why, "b9", "b6");
	assert_string_equal(h.why, m.why);
	assert_string_equal(h.why, "r1 cannot fight b6: no such enemy in sight");
	game_free(one);
}

/* A command for another team's unit, or out of turn, changes nothing
 * (ask checks the hash and that no event was reported). */
static void test_other_team_and_out_of_turn_refused(void **state)
{
	(void)state;
	struct log l;
	struct game *g = load("tests/data/fog-a.yaml", 5, &l);
	struct answer a = ask(g, &l, RED, "move b1 s");
	assert_int_equal(a.rc, -1);
	assert_string_equal(a.why, "b1 is not one of your units");
	a = ask(g, &l, RED, "face b1 n");
	assert_string_equal(a.why, "b1 is not one of your units");
	/* Blue's player speaks out of turn: nothing it says is done. */
	static const char *const lines[] = {
		"move b1 s", "face b6 n", "move r1 n", "end", "undo",
		"shoot b1 r1", "door b4 s open", "moveto b6 9,6",
	};
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		a = ask(g, &l, BLUE, lines[i]);
		assert_int_equal(a.rc, -1);
		assert_string_equal(a.why, "it is Red's turn, not yours");
	}
	/* Red moves; Blue cannot take it back. */
	char why[CMD_WHY_LEN];
	assert_int_equal(cmd_execute(g, RED, "move r1 n", why), 0);
	uint64_t moved = game_state_hash(g);
	a = ask(g, &l, BLUE, "undo");
	assert_string_equal(a.why, "it is Red's turn, not yours");
	assert_true(game_state_hash(g) == moved);
	/* In Blue's turn, Red's player is the one out of turn. */
	for (int i = 0; i < 3; i++)
		assert_int_equal(cmd_execute(g, RED, "end", why), 0);
	assert_int_equal(g->active, BLUE);
	a = ask(g, &l, RED, "move r1 n");
	assert_string_equal(a.why, "it is Blue's turn, not yours");
	a = ask(g, &l, RED, "end");
	assert_string_equal(a.why, "it is Blue's turn, not yours");
	a = ask(g, &l, BLUE, "move r1 n");
	assert_string_equal(a.why, "r1 is not one of your units");
	game_free(g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steps_goals_end_are_public),
		cmocka_unit_test(test_escape_goal_is_public),
		cmocka_unit_test(test_undo_is_told_to_its_team_only),
		cmocka_unit_test(test_move_seen_whole_in_part_or_not),
		cmocka_unit_test(test_face_seen_or_not),
		cmocka_unit_test(test_climb_seen_or_not),
		cmocka_unit_test(test_escape_seen_or_not),
		cmocka_unit_test(test_door_full_part_or_not),
		cmocka_unit_test(test_stopped_needs_both_units_known),
		cmocka_unit_test(test_outnumbered_told_where_target_known),
		cmocka_unit_test(test_melee_pick_needs_every_candidate_known),
		cmocka_unit_test(test_shot_at_friend),
		cmocka_unit_test(test_shot_at_unseen_candidate),
		cmocka_unit_test(test_attack_in_full_and_not_at_all),
		cmocka_unit_test(test_unseen_shooter_hits_and_disables),
		cmocka_unit_test(test_structure_seen_or_not),
		cmocka_unit_test(test_hidden_and_missing_ids_refused_alike),
		cmocka_unit_test(test_other_team_and_out_of_turn_refused),
		/* FAIRNESS LEAK: fails until a unit a team cannot see stops
		 * blocking that team's sight; enable it with the fix. */
		cmocka_unit_test(test_hidden_unit_casts_no_shadow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
