/* testsight.h: what each team may read of the events of a game, for the
 * sight tests: a game of a scenario whose events are recorded as they are
 * reported, commands given by the team whose turn it is, and assertions on
 * the line and the JSON each team reads of an event (src/game/report.c). */
#ifndef TESTSIGHT_H
#define TESTSIGHT_H

#include <stdint.h>

#include "game/game.h"

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

/* The events of a game, as they were reported, oldest first. */
struct log {
	int n;
	struct event ev[64];
};

/* The scenario at rel (from the top of the source tree) as a started game
 * with the seed, its events recorded in l. Free with game_free. */
struct game *load(const char *rel, uint64_t seed, struct log *l);

/* A command given by the team whose turn it is; the log is emptied first
 * so that it holds this command's events only. */
void run(struct game *g, struct log *l, const char *line);

/* The k-th event of a type in the log (from 0), which must be there. */
const struct event *nth(const struct log *l, enum event_type t, int k);
const struct event *first(const struct log *l, enum event_type t);
int count(const struct log *l, enum event_type t);

/* The line and the JSON of ev as team reads it ("" for nothing), in a
 * buffer that the next call overwrites. */
const char *text(const struct game *g, const struct event *ev, int team);
const char *json(const struct game *g, const struct event *ev, int team);

/* Team reads ev with these sight bits, as this line and this JSON. */
void reads(const struct game *g, const struct event *ev, int team,
	   unsigned bits, const char *line, const char *obj);

/* Team is not told ev at all. */
void unseen(const struct game *g, const struct event *ev, int team);

/* Team reads ev exactly as the all-seeing reader does. */
void reads_all(const struct game *g, const struct event *ev, int team,
	       unsigned bits);

/* Team reads an attack's d20 in part: the line "roll d20 = N (WORDS)",
 * and JSON that is head (every field before "for") and then a "for" that
 * says the words. */
void reads_part_roll(const struct game *g, const struct event *ev, int team,
		     unsigned bits, const char *head, const char *words);

/* Neither the line nor the JSON team reads contains s. */
void never_says(const struct game *g, const struct event *ev, int team,
		const char *s);

#endif
