/* net.c: medsiege host, join and watch (SPEC 11). */
#include <getopt.h>
#include <grp.h>
#include <locale.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "cli/cli.h"
#include "cli/client.h"
#include "data/datapath.h"
#include "net/host.h"
#include "net/priv.h"
#include "net/store.h"
#include "ui/ui.h"

static const char host_usage[] =
	"usage: medsiege host SCENARIO [--seed N] [--ai TEAM[:LEVEL]]... [--team T|-]\n"
	"                     [--for USER[:TEAM]]... [--group G] [--idle SECONDS] [--detach]\n"
	"       medsiege host --resume GAME [--detach]\n"
	"\n"
	"Host a game for players in their own terminals: one process holds the\n"
	"game, its dice and its save, and each player (medsiege join GAME) is sent\n"
	"only what their team knows. You are seated on the first team a person\n"
	"plays (or --team); the other seats are free for whoever joins first, and\n"
	"each is then bound to its player. Installed by root, medsiege hosts as a\n"
	"referee that no player, you included, can read.\n"
	"\n"
	"  --seed N           seed the dice (default: from the clock)\n"
	"  --ai TEAM[:LEVEL]  the computer plays TEAM (repeatable) at LEVEL, easy,\n"
	"                     normal (the default) or hard\n"
	"  --team T           your seat (-: none, you only start the game)\n"
	"  --for USER[:TEAM]  only USER may claim a seat (that TEAM's); repeatable\n"
	"  --group G          only members of group G may reach the game\n"
	"  --idle SECONDS     the host sleeps after this long with nobody\n"
	"                     connected (0: never); joining wakes it\n"
	"  --detach           only start the game, do not play it here\n"
	"  --resume GAME      wake a sleeping game (keeps its seats and group)\n"
	"  --net-ms MS        greeting, stall and linger times of MS (tests)\n"
	"  -h, --help         show this help\n";

static void print_started(const struct host_started *hs)
{
	printf("Hosting %s (%s)\n", hs->game, hs->scenario);
	if (hs->referee)
		printf("  refereed: no player, you included, can read its save or "
		       "another team's view\n");
	else
		printf("  under your account: you can read its save (no referee "
		       "is installed)\n");
	if (hs->team[0])
		printf("  your seat: %s\n", hs->team);
	printf("  others join with: medsiege join %s [TEAM]\n", hs->game);
	fflush(stdout);
}

/* --for USER[:TEAM]: the user's uid, and the team if named. */
static bool for_arg(const char *arg, struct host_opts *o)
{
	if (o->nfor == HOST_FOR_OPTS) {
		cli_warn("medsiege host: too many --for");
		return false;
	}
	char user[64];
	const char *colon = strchr(arg, ':');
	size_t n = colon ? (size_t)(colon - arg) : strlen(arg);
	if (n == 0 || n >= sizeof user) {
		cli_warn("medsiege host: --for %s: name a user", arg);
		return false;
	}
	memcpy(user, arg, n);
	user[n] = '\0';
	struct passwd *pw = getpwnam(user);
	if (!pw) {
		cli_warn("medsiege host: --for %s: no user named %s", arg, user);
		return false;
	}
	struct host_for *f = &o->for_[o->nfor++];
	f->uid = (unsigned)pw->pw_uid;
	snprintf(f->team, sizeof f->team, "%s", colon ? colon + 1 : "");
	return true;
}

static int parse_host(int argc, char **argv, struct host_opts *o, bool *detach)
{
	static const struct option opts[] = {
		{"seed", required_argument, NULL, 's'},
		{"ai", required_argument, NULL, 'A'},
		{"detach", no_argument, NULL, 'd'},
		{"group", required_argument, NULL, 'g'},
		{"resume", required_argument, NULL, 'R'},
		{"team", required_argument, NULL, 't'},
		{"for", required_argument, NULL, 'f'},
		{"idle", required_argument, NULL, 'i'},
		{"net-ms", required_argument, NULL, 'n'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	memset(o, 0, sizeof *o);
	o->idle = -1;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!cli_seed_arg("host", optarg, &o->seed))
				return EXIT_USAGE;
			o->seeded = true;
			break;
		case 'A': {
			struct cli_ai a;
			if (!cli_ai_arg("host", optarg, &a))
				return EXIT_USAGE;
			if (o->nai == MAX_TEAMS) {
				fprintf(stderr, "medsiege host: too many --ai\n");
				return EXIT_USAGE;
			}
			snprintf(o->ai[o->nai].team, sizeof o->ai[o->nai].team, "%s",
				 a.team);
			o->ai[o->nai++].level = a.level;
			break;
		}
		case 'd':
			*detach = true;
			break;
		case 'g':
			o->group = optarg;
			break;
		case 'R':
			o->resume = optarg;
			break;
		case 't':
			o->team = optarg;
			break;
		case 'f':
			if (!for_arg(optarg, o))
				return EXIT_USAGE;
			break;
		case 'i':
		case 'n': {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || v < 0 || v > 100000000) {
				fprintf(stderr, "medsiege host: --%s %s: a number "
						"of %s\n",
					c == 'i' ? "idle" : "net-ms", optarg,
					c == 'i' ? "seconds" : "milliseconds");
				return EXIT_USAGE;
			}
			if (c == 'i')
				o->idle = (int)v;
			else
				o->net_ms = (int)v;
			break;
		}
		case 'h':
			fputs(host_usage, stdout);
			return 0;
		default:
			fputs(host_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - (o->resume ? 0 : 1)) {
		fputs(host_usage, stderr);
		return EXIT_USAGE;
	}
	if (o->resume && (o->nai || o->group || o->team || o->nfor || o->seeded ||
			  o->idle >= 0)) {
		cli_warn("medsiege host: --resume GAME keeps the game's own "
			 "settings: give no other option");
		return EXIT_USAGE;
	}
	if (o->group && !getgrnam(o->group)) {
		cli_warn("medsiege host: no group named '%s'", o->group);
		return EXIT_USAGE;
	}
	return -1;
}

int cli_host(int argc, char **argv)
{
	struct host_opts o;
	bool detach = false;
	int rc = parse_host(argc, argv, &o, &detach);
	if (rc >= 0)
		return rc;
	char *scenario = NULL;
	if (!o.resume) {
		char *err = NULL;
		scenario = datapath_scenario(argv[optind], &err);
		if (!scenario) {
			cli_warn("medsiege host: %s", err);
			free(err);
			return EXIT_USAGE;
		}
		o.scenario = scenario;
		if (!o.seeded)
			o.seed = cli_clock_seed();
	}
	if (!detach && ui_check_terminal() != 0) {
		free(scenario);
		return EXIT_RUNTIME;
	}
	struct host_started hs;
	char why[512];
	bool busy;
	rc = host_spawn(&o, &hs, &busy, why, sizeof why);
	free(scenario);
	if (rc != 0) {
		cli_warn("medsiege host: %s", why);
		return EXIT_RUNTIME;
	}
	print_started(&hs);
	if (detach || !hs.team[0])
		return 0;
	setlocale(LC_ALL, "");
	struct client_seat want = {.game = hs.game, .team = hs.team};
	return client_run(&want);
}

/* A line from the player (a code or a key: asked, never taken from the
 * command line, where every user's ps shows it). */
bool cli_ask_secret(const char *prompt, char *buf, size_t size)
{
	fprintf(stderr, "%s", prompt);
	fflush(stderr);
	if (!fgets(buf, (int)size, stdin))
		return false;
	buf[strcspn(buf, "\r\n")] = '\0';
	return true;
}

static int seat_command(int argc, char **argv, bool watch)
{
	const char *usage =
		watch ? "usage: medsiege watch GAME TEAM\n\n"
			"Watch a hosted game as TEAM sees it: you are sent exactly what\n"
			"that team's player is sent, and give no orders. Asks for the\n"
			"team's watch code, which its player's screen shows (key W).\n"
		      : "usage: medsiege join GAME [TEAM] [--key]\n\n"
			"Claim a free seat of a hosted game (TEAM's, or the first free\n"
			"one) and play it in this terminal; the seat is then yours: join\n"
			"again, from any terminal, to come back to it. With --key (an\n"
			"account shared by several players) the seat is bound to a seat\n"
			"key shown to you once, and asked for when you come back.\n";
	bool key = false;
	int nargs = 0;
	const char *args[2] = {NULL, NULL};
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(usage, stdout);
			return 0;
		}
		if (!watch && strcmp(argv[i], "--key") == 0)
			key = true;
		else if (argv[i][0] == '-' || nargs == 2)
			nargs = 3;
		else
			args[nargs++] = argv[i];
	}
	if (nargs < 1 || nargs > 2 || (watch && nargs != 2)) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (strchr(args[0], '-') && strlen(args[0]) > STORE_NAME_LEN / 2 &&
	    !store_name_ok(args[0])) {
		cli_warn("medsiege %s: give the game's name, not a code: a code "
			 "on the command line is seen by every user (%s asks for "
			 "it)",
			 watch ? "watch" : "join", watch ? "watch" : "join --key");
		return EXIT_USAGE;
	}
	char code[PROTO_CODE_LEN + 8] = "";
	if (watch && !cli_ask_secret("Watch code: ", code, sizeof code))
		return EXIT_USAGE;
	if (key && !cli_ask_secret("Seat key (Enter for a new seat): ", code,
				   sizeof code))
		return EXIT_USAGE;
	setlocale(LC_ALL, "");
	struct client_seat want = {
		.game = args[0],
		.team = args[1],
		.watch = watch,
		.key = key && !code[0],
		.code = code[0] ? code : NULL,
	};
	return client_run(&want);
}

int cli_join(int argc, char **argv)
{
	return seat_command(argc, argv, false);
}

int cli_watch(int argc, char **argv)
{
	return seat_command(argc, argv, true);
}
