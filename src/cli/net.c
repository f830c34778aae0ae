/* net.c: medsiege host, join, watch, games and lobby (SPEC 11). */
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>
#include <dirent.h>

#include "base/util.h"
#include "cli/cli.h"
#include "data/datapath.h"
#include "cli/client.h"
#include "net/host.h"
#include "net/json.h"
#include "net/proto.h"
#include "ui/ui.h"

static const char host_usage[] =
	"usage: medsiege host SCENARIO [--seed N] [--ai TEAM[:LEVEL]]... [--detach] [--group G]\n"
	"       medsiege host --resume SAVE [--force] [--detach]\n"
	"\n"
	"Host a game for players in their own terminals: one process holds the\n"
	"game, its dice and its save, and each player (medsiege join CODE) is sent\n"
	"only what their team knows. Prints a play code and a watch code for each\n"
	"team, then plays the first human team in this terminal (the game goes on\n"
	"if this terminal leaves: join again with its code).\n"
	"\n"
	"  --seed N           seed the dice (default: from the clock)\n"
	"  --ai TEAM[:LEVEL]  the computer plays TEAM (repeatable; easy or normal)\n"
	"  --detach           only start the host and print the codes\n"
	"  --group G          let members of group G reach the game (a shared\n"
	"                     folder /tmp/medsiege-group-G instead of your own)\n"
	"  --resume SAVE      host a crashed game again from its save, same codes\n"
	"  --force            resume even if the scenario changed since the save began\n"
	"  -h, --help         show this help\n";

static void print_codes(const struct host_started *hs)
{
	printf("Hosting %s\n", hs->game);
	for (int t = 0; t < hs->nteams; t++) {
		if (hs->seat[t].play[0])
			printf("  %-8s play:  medsiege join %s\n", hs->seat[t].team,
			       hs->seat[t].play);
		else
			printf("  %-8s (the computer plays)\n", hs->seat[t].team);
		printf("  %-8s watch: medsiege watch %s\n", "",
		       hs->seat[t].watch);
	}
	fflush(stdout);
}

int cli_host(int argc, char **argv)
{
	static const struct option opts[] = {
		{"seed", required_argument, NULL, 's'},
		{"ai", required_argument, NULL, 'A'},
		{"detach", no_argument, NULL, 'd'},
		{"group", required_argument, NULL, 'g'},
		{"resume", required_argument, NULL, 'R'},
		{"force", no_argument, NULL, 'F'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	struct host_opts o;
	memset(&o, 0, sizeof o);
	bool detach = false;
	int c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!cli_seed_arg("host", optarg, &o.seed))
				return EXIT_USAGE;
			o.seeded = true;
			break;
		case 'A': {
			struct cli_ai a;
			if (!cli_ai_arg("host", optarg, &a))
				return EXIT_USAGE;
			if (o.nai == MAX_TEAMS) {
				fprintf(stderr, "medsiege host: too many --ai\n");
				return EXIT_USAGE;
			}
			snprintf(o.ai[o.nai].team, sizeof o.ai[o.nai].team, "%s", a.team);
			o.ai[o.nai++].level = a.level;
			break;
		}
		case 'd':
			detach = true;
			break;
		case 'g':
			o.group = optarg;
			break;
		case 'R':
			o.resume = optarg;
			break;
		case 'F':
			o.force = true;
			break;
		case 'h':
			fputs(host_usage, stdout);
			return 0;
		default:
			fputs(host_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (!o.resume && optind != argc - 1) {
		fputs(host_usage, stderr);
		return EXIT_USAGE;
	}
	if (o.resume && optind != argc) {
		fputs(host_usage, stderr);
		return EXIT_USAGE;
	}
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
	int r = host_spawn(&o, &hs, why, sizeof why);
	free(scenario);
	if (r != 0) {
		cli_warn("medsiege host: %s", why);
		return EXIT_RUNTIME;
	}
	print_codes(&hs);
	if (detach)
		return 0;
	for (int t = 0; t < hs.nteams; t++)
		if (hs.seat[t].play[0]) {
			setlocale(LC_ALL, "");
			return client_run(hs.seat[t].play, false);
		}
	printf("Every team is the computer's: watch with a watch code.\n");
	return 0;
}

static int seat_command(int argc, char **argv, bool watch)
{
	const char *usage =
		watch ? "usage: medsiege watch CODE\n\n"
			"Watch a hosted game as the code's team sees it (a watch code,\n"
			"printed by medsiege host). You are sent exactly what that team's\n"
			"player is sent, and give no orders.\n"
		      : "usage: medsiege join CODE\n\n"
			"Take your seat in a hosted game with the play code its host printed,\n"
			"and play your team in this terminal. Joining again with the same code\n"
			"takes the seat back (after a lost connection, or from another\n"
			"terminal).\n";
	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs(usage, stdout);
		return 0;
	}
	if (argc != 2) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	setlocale(LC_ALL, "");
	return client_run(argv[1], watch);
}

int cli_join(int argc, char **argv)
{
	return seat_command(argc, argv, false);
}

int cli_watch(int argc, char **argv)
{
	return seat_command(argc, argv, true);
}

/* --- listing ------------------------------------------------------------ */

struct listing {
	int n;
	bool json;
};

/* Ask the host behind a socket how its game stands. */
static struct json *ask_info(const char *path)
{
	char why[256];
	int fd = proto_connect(path, why, sizeof why);
	if (fd < 0)
		return NULL;
	struct conn c;
	conn_init(&c, fd);
	struct json *info = NULL;
	char line[PROTO_LINE_MAX];
	if (dprintf(fd, "%s\ninfo\n", PROTO_GREETING) > 0) {
		int got = 0;
		struct timeval tv = {2, 0};
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
		while (got < 2) {
			int r = conn_line(&c, line);
			if (r < 0)
				break;
			if (r == 0) {
				if (conn_read(&c) <= 0)
					break;
				continue;
			}
			if (++got == 2)
				info = json_parse(line, why);
		}
	}
	conn_close(&c, NULL);
	return info;
}

static void list_dir(void *ctx, const char *dir)
{
	struct listing *l = ctx;
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 6 || strcmp(e->d_name + n - 5, ".sock") != 0)
			continue;
		char path[PROTO_PATH_LEN + 256];
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		struct json *info = ask_info(path);
		if (!info)
			continue;
		const char *game = json_str(info, "game");
		const char *scen = json_str(info, "scenario");
		const char *active = json_str(info, "active");
		const struct json *seats = json_get(info, "seats");
		char free_seats[256] = "";
		for (int i = 0; seats && seats->type == JSON_ARR && i < seats->n; i++) {
			const struct json *s = &seats->items[i];
			const char *team = json_str(s, "team");
			if (team && !json_bool(s, "computer", false) &&
			    !json_bool(s, "taken", false) &&
			    strlen(free_seats) + strlen(team) + 3 < sizeof free_seats) {
				if (free_seats[0])
					strcat(free_seats, ", ");
				strcat(free_seats, team);
			}
		}
		if (l->n++ == 0)
			printf("%-24s %-12s %5s  %-10s %s\n", "GAME", "SCENARIO",
			       "ROUND", "TURN", "FREE SEATS");
		/* Another user's host (a group folder) names its own game
		 * and teams: its words are printed with their control
		 * characters escaped. */
		char *row = xasprintf("%-24s %-12s %5d  %-10s %s",
				      game ? game : "?", scen ? scen : "?",
				      json_int(info, "round", 0),
				      json_bool(info, "over", false) ? "(over)"
				      : active ? active : "?",
				      free_seats[0] ? free_seats : "-");
		char *safe = util_printable(row);
		printf("%s\n", safe);
		free(safe);
		free(row);
		json_free(info);
	}
	closedir(d);
}

int cli_games(int argc, char **argv)
{
	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs("usage: medsiege games\n\n"
		      "List the hosted games you can reach: yours, and those of groups\n"
		      "you belong to (medsiege host --group). A seat is free while\n"
		      "nobody plays it; join it with its code.\n",
		      stdout);
		return 0;
	}
	if (argc > 1) {
		fputs("usage: medsiege games\n", stderr);
		return EXIT_USAGE;
	}
	struct listing l = {0, false};
	proto_dirs(list_dir, &l);
	if (l.n == 0)
		printf("No hosted games. Start one with: medsiege host SCENARIO\n");
	return 0;
}

/* --- the lobby ---------------------------------------------------------- */

/* A line from the player, without its newline: false at end of input. */
static bool ask(const char *prompt, char *buf, size_t size)
{
	printf("%s", prompt);
	fflush(stdout);
	if (!fgets(buf, (int)size, stdin))
		return false;
	buf[strcspn(buf, "\r\n")] = '\0';
	return true;
}

static void lobby_host(void)
{
	char name[128];
	char *maps = datapath_find("maps");
	DIR *d = maps ? opendir(maps) : NULL;
	if (d) {
		struct dirent *e;
		int n = 0;
		printf("Scenarios:");
		while ((e = readdir(d))) {
			size_t len = strlen(e->d_name);
			if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0)
				printf("%s %.*s", n++ ? "," : "", (int)(len - 5),
				       e->d_name);
		}
		printf("\n");
		closedir(d);
	}
	free(maps);
	if (!ask("Scenario to host (Enter: gatehouse): ", name, sizeof name))
		return;
	char *err = NULL;
	char *path = datapath_scenario(name[0] ? name : "gatehouse", &err);
	if (!path) {
		cli_warn("%s", err);
		free(err);
		return;
	}
	struct host_opts o;
	memset(&o, 0, sizeof o);
	o.scenario = path;
	o.seed = cli_clock_seed();
	char ai[64];
	if (ask("A team for the computer (Enter: none): ", ai, sizeof ai) && ai[0]) {
		snprintf(o.ai[0].team, sizeof o.ai[0].team, "%.39s", ai);
		o.ai[0].level = AI_NORMAL;
		o.nai = 1;
	}
	struct host_started hs;
	char why[512];
	int r = host_spawn(&o, &hs, why, sizeof why);
	free(path);
	if (r != 0) {
		cli_warn("Cannot host it: %s", why);
		return;
	}
	print_codes(&hs);
	printf("Give each player their code. ");
	char go[8];
	for (int t = 0; t < hs.nteams; t++)
		if (hs.seat[t].play[0]) {
			if (ask("Press Enter to play the first team here.", go,
				sizeof go))
				client_run(hs.seat[t].play, false);
			return;
		}
}

int cli_lobby(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		fputs("usage: medsiege lobby\n\n"
		      "A menu of hosted games: start one, join with a code, watch one.\n"
		      "Meant as the ForceCommand of a shared game account over SSH\n"
		      "(see the man page).\n",
		      argc > 1 && strcmp(argv[1], "--help") == 0 ? stdout : stderr);
		return argc > 1 && strcmp(argv[1], "--help") == 0 ? 0 : EXIT_USAGE;
	}
	setlocale(LC_ALL, "");
	for (;;) {
		printf("\nMedieval Siege\n\n");
		struct listing l = {0, false};
		proto_dirs(list_dir, &l);
		if (l.n == 0)
			printf("No games are hosted now.\n");
		printf("\n  n  host a new game\n  j  join a game with a play code\n"
		       "  w  watch a game with a watch code\n  r  list the games again\n"
		       "  q  quit\n\n");
		char choice[64], code[PROTO_CODE_LEN + 8];
		if (!ask("> ", choice, sizeof choice))
			return 0;
		switch (choice[0]) {
		case 'n':
			lobby_host();
			break;
		case 'j':
		case 'w':
			if (!ask("Code: ", code, sizeof code))
				return 0;
			if (code[0])
				client_run(code, choice[0] == 'w');
			break;
		case 'q':
			return 0;
		default:
			break;
		}
	}
}
