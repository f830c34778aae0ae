/* host.h: one hosted game (SPEC 11): the process that alone holds the
 * whole state, the dice and the save, and serves each seat its team's
 * record over a Unix-domain socket. */
#ifndef MEDSIEGE_HOST_H
#define MEDSIEGE_HOST_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "game/game.h"
#include "net/proto.h"

struct host_ai {
	char team[TEAM_NAME_LEN + 8];
	enum ai_level level;
};

struct host_opts {
	const char *scenario;     /* a new game of this, or */
	const char *resume;       /* the save of a game to host again */
	bool force;               /* resume although the scenario changed */
	uint64_t seed;
	bool seeded;
	struct host_ai ai[MAX_TEAMS];
	int nai;
	const char *group;        /* share with this group's members */
	const char *state_dir;    /* saves (NULL: the usual place) */
};

/* What a started host tells whoever started it. */
struct host_started {
	char game[64];
	char socket[PROTO_PATH_LEN];
	int nteams;
	struct {
		char team[TEAM_NAME_LEN];
		char play[PROTO_CODE_LEN];  /* "" for a computer's team */
		char watch[PROTO_CODE_LEN];
	} seat[MAX_TEAMS];
};

/* Start the host in a process of its own (detached from the terminal,
 * its log in the socket folder) and wait until it listens: 0 with what
 * it said in out, or -1 with why (the host's own error). */
int host_spawn(const struct host_opts *o, struct host_started *out,
	       char *why, size_t whysize);

#endif
