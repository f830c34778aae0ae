/* host.h: one hosted game (SPEC 11): the process that alone holds the
 * whole state, the dice and the save, and serves each seat its team's
 * record over a Unix-domain socket. A game is its folder in the store
 * (store.h): its host comes and goes, started again from there. */
#ifndef MEDSIEGE_HOST_H
#define MEDSIEGE_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "game/game.h"
#include "net/proto.h"
#include "net/store.h"

struct host_ai {
	char team[TEAM_NAME_LEN + 8];
	enum ai_level level;
};

/* --for USER[:TEAM]: a user who may claim that seat (any, team ""). */
struct host_for {
	unsigned uid;
	char team[TEAM_NAME_LEN + 8];
};

#define HOST_FOR_OPTS (2 * MAX_TEAMS)
/* A hosted game sleeps after this long with nobody connected (the
 * referee's default; a per-user host sleeps only when told). */
#define HOST_IDLE_DEFAULT 600

struct host_opts {
	const char *scenario;     /* a new game of this scenario file, or */
	const char *resume;       /* the name of a game to host again */
	uint64_t seed;
	bool seeded;
	struct host_ai ai[MAX_TEAMS];
	int nai;
	const char *group;        /* share with this group's members */
	const char *team;         /* the starter's team (NULL: the first a
				     person plays; "-": none) */
	struct host_for for_[HOST_FOR_OPTS];
	int nfor;
	int idle;                 /* seconds; -1: the default; 0: never */
	int net_ms;               /* > 0: the greeting, stall and linger
				     times, all this (tests) */
};

/* What a started host tells whoever started it: nothing secret. */
struct host_started {
	char game[STORE_NAME_LEN];
	char scenario[64];
	char socket[PROTO_PATH_LEN];
	char team[TEAM_NAME_LEN];  /* the starter's seat, or "" */
	bool referee;              /* hosted by the referee, not the starter */
};

/* Start the host in a process of its own (detached from the terminal,
 * its log in the game's folder) and wait until it listens: 0 with what
 * it said in out, or -1 with why (the host's own error). A game whose
 * host runs already (its save locked) is said so in why, with busy set
 * when busy is not NULL. */
int host_spawn(const struct host_opts *o, struct host_started *out,
	       bool *busy, char *why, size_t whysize);
/* Where the socket of the named game is, running or not: 0, or -1 with
 * why. */
int host_socket_of(const char *game, char *path, size_t size, char *why,
		   size_t whysize);

#endif
