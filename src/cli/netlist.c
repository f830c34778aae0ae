/* netlist.c: medsiege games and medsiege lobby (SPEC 11): the games a
 * player can reach, running or asleep, and a menu over them. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/util.h"
#include "cli/cli.h"
#include "cli/client.h"
#include "data/datapath.h"
#include "net/host.h"
#include "net/json.h"
#include "net/priv.h"
#include "net/proto.h"
#include "net/store.h"

/* A finished game stays in the list this long. */
#define LIST_OVER_DAYS 7
#define LIST_MAX 512

struct listed {
	char name[STORE_NAME_LEN];
	char *info;            /* owned: its summary, as the host wrote it */
	bool running;
	time_t when;           /* the summary's time */
};

struct listing {
	struct listed *g;
	int n, cap;
	const char *dir;       /* a folder of sockets being looked in */
	const char *root;      /* the store being looked in */
};

/* The lobby's games of this login (a shared account has no one's uid):
 * those whose seat keys were made or typed here, with their teams. */
#define MINE_MAX 32
struct mine {
	char game[STORE_NAME_LEN];
	char team[64];
	char key[PROTO_CODE_LEN];
};
struct mine_list {
	struct mine v[MINE_MAX];
	int n;
};

static const struct mine *mine_find(const struct mine_list *m, const char *game)
{
	for (int i = 0; m && i < m->n; i++)
		if (strcmp(m->v[i].game, game) == 0)
			return &m->v[i];
	return NULL;
}

static bool listed_already(const struct listing *l, const char *name)
{
	for (int i = 0; i < l->n; i++)
		if (strcmp(l->g[i].name, name) == 0)
			return true;
	return false;
}

static void add(struct listing *l, const char *name, int infofd,
		const char *sock)
{
	struct stat st;
	size_t len;
	char why[128];
	if (l->n == LIST_MAX || listed_already(l, name) || fstat(infofd, &st) != 0 ||
	    !S_ISREG(st.st_mode))
		return;
	char *info = store_read_fd(infofd, 64 * 1024, &len, why, sizeof why);
	if (!info)
		return;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->g = xrealloc(l->g, (size_t)l->cap * sizeof *l->g);
	}
	struct listed *g = &l->g[l->n++];
	snprintf(g->name, sizeof g->name, "%s", name);
	g->info = info;
	g->when = st.st_mtime;
	char cwhy[128];
	int fd = proto_connect(sock, cwhy, sizeof cwhy);
	g->running = fd >= 0;
	if (fd >= 0)
		close(fd);
}

/* A game of the store (the referee's, or this user's own). */
static void from_store(void *ctx, const char *name)
{
	struct listing *l = ctx;
	struct store_game g;
	char why[256], sock[PROTO_PATH_LEN];
	if (store_open(l->root, name, &g, why, sizeof why) != 0)
		return;
	int fd = store_file(&g, "info", O_RDONLY, why, sizeof why);
	if (fd >= 0 && host_socket_of(name, sock, sizeof sock, why, sizeof why) == 0)
		add(l, name, fd, sock);
	if (fd >= 0)
		close(fd);
	store_close(&g);
}

/* The summaries other users' games left in a folder of sockets this
 * user may enter (a group's). */
static void from_dir(void *ctx, const char *dir)
{
	struct listing *l = ctx;
	DIR *d = opendir(dir);
	if (!d)
		return;
	struct dirent *e;
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n < 6 || n - 5 >= STORE_NAME_LEN ||
		    strcmp(e->d_name + n - 5, ".info") != 0)
			continue;
		char name[STORE_NAME_LEN], path[PROTO_PATH_LEN + 80];
		snprintf(name, sizeof name, "%.*s", (int)(n - 5), e->d_name);
		if (!store_name_ok(name))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		snprintf(path, sizeof path, "%s/%s.sock", dir, name);
		add(l, name, fd, path);
		close(fd);
	}
	closedir(d);
}

/* Every game this user can reach, read while the privilege is held. */
static void collect(struct listing *l)
{
	memset(l, 0, sizeof *l);
	char root[STORE_PATH_LEN], why[256];
	if (store_root(root, sizeof root, why, sizeof why) == 0) {
		l->root = root;
		store_list(root, from_store, l);
	}
	if (!priv_referee())
		proto_dirs(from_dir, l);
}

static void listing_free(struct listing *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->g[i].info);
	free(l->g);
	memset(l, 0, sizeof *l);
}

/* Whether the game waits on this user: its active team's seat is
 * theirs. */
static bool waits_on_me(const struct json *info)
{
	const char *active = json_str(info, "active");
	const struct json *seats = json_get(info, "seats");
	for (int i = 0; active && seats && seats->type == JSON_ARR && i < seats->n;
	     i++) {
		const struct json *s = &seats->items[i];
		const char *team = json_str(s, "team");
		if (team && strcmp(team, active) == 0 &&
		    json_int(s, "uid", -1) == (long long)getuid())
			return true;
	}
	return false;
}

/* Whether this user may see the game listed: a --group game is its
 * group's members' (the referee's folder lists every game). */
static bool may_list(const struct json *info)
{
	const char *group = json_str(info, "group");
	if (!group || !group[0] ||
	    json_int(info, "starter", -1) == (long long)getuid())
		return true;
	struct group *gr = getgrnam(group);
	if (!gr)
		return false;
	if (getgid() == gr->gr_gid)
		return true;
	gid_t groups[256];
	int n = getgroups(256, groups);
	for (int i = 0; i < n; i++)
		if (groups[i] == gr->gr_gid)
			return true;
	return false;
}

/* Whether the game is one of the lobby's login (mine), and whether it
 * waits on it: its active team is the login's. */
static bool lobby_mine(const struct mine_list *m, const char *game,
		       const struct json *info, bool *turn)
{
	const struct mine *me = mine_find(m, game);
	const char *active = json_str(info, "active");
	*turn = me && active && strcmp(me->team, active) == 0;
	return me != NULL;
}

/* Print the games, the user's first (the lobby's: those of its login):
 * how many were printed. */
static int print_games(struct listing *l, const struct mine_list *m)
{
	int printed = 0;
	time_t now = time(NULL);
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < l->n; i++) {
			char why[80];
			struct json *info = json_parse(l->g[i].info, why);
			if (!info)
				continue;
			bool over = json_bool(info, "over", false);
			bool turn = waits_on_me(info);
			bool mine = m ? lobby_mine(m, l->g[i].name, info, &turn) : turn;
			if (!may_list(info)) {
				json_free(info);
				continue;
			}
			if (mine != (pass == 0) ||
			    (over && now - l->g[i].when > LIST_OVER_DAYS * 86400)) {
				json_free(info);
				continue;
			}
			char free_seats[256] = "";
			const struct json *seats = json_get(info, "seats");
			for (int k = 0; seats && seats->type == JSON_ARR && k < seats->n;
			     k++) {
				const struct json *s = &seats->items[k];
				const char *team = json_str(s, "team");
				if (team && !json_bool(s, "computer", false) &&
				    !json_bool(s, "taken", false) &&
				    strlen(free_seats) + strlen(team) + 3 <
					    sizeof free_seats) {
					if (free_seats[0])
						strcat(free_seats, ", ");
					strcat(free_seats, team);
				}
			}
			if (printed++ == 0)
				printf("%-24s %-12s %5s  %-16s %-8s %s\n", "GAME",
				       "SCENARIO", "ROUND", "TURN", "HOST",
				       "FREE SEATS");
			const char *scen = json_str(info, "scenario");
			const char *active = json_str(info, "active");
			char turnw[64];
			snprintf(turnw, sizeof turnw, "%s%s",
				 over ? "(over)" : active ? active : "?",
				 turn && !over ? " (yours)" : "");
			/* A host names its own game and teams: what it wrote
			 * is printed with its control characters escaped. */
			char *row = xasprintf("%-24s %-12s %5d  %-16s %-8s %s",
					      l->g[i].name, scen ? scen : "?",
					      (int)json_int(info, "round", 0), turnw,
					      l->g[i].running ? "running" : "asleep",
					      free_seats[0] ? free_seats : "-");
			char *safe = util_printable(row);
			printf("%s\n", safe);
			free(safe);
			free(row);
			json_free(info);
		}
	return printed;
}

int cli_games(int argc, char **argv)
{
	if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs("usage: medsiege games\n\n"
		      "List the hosted games you can reach, running or asleep (a\n"
		      "sleeping game wakes when a player joins it), the ones waiting on\n"
		      "you first. A seat is free until a player claims it.\n",
		      stdout);
		return 0;
	}
	if (argc > 1) {
		fputs("usage: medsiege games\n", stderr);
		return EXIT_USAGE;
	}
	struct listing l;
	collect(&l);
	priv_drop();
	if (print_games(&l, NULL) == 0)
		printf("No hosted games. Start one with: medsiege host SCENARIO\n");
	listing_free(&l);
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

/* The installed scenarios' names, comma-separated into out: the only
 * ones the lobby offers (it names no file). */
static int installed(char names[][64], int max)
{
	char *maps = datapath_find("maps");
	DIR *d = maps ? opendir(maps) : NULL;
	int n = 0;
	if (d) {
		struct dirent *e;
		while ((e = readdir(d)) && n < max) {
			size_t len = strlen(e->d_name);
			if (len > 5 && len - 5 < 64 &&
			    strcmp(e->d_name + len - 5, ".yaml") == 0)
				snprintf(names[n++], 64, "%.*s", (int)(len - 5),
					 e->d_name);
		}
		closedir(d);
	}
	free(maps);
	return n;
}

/* Run a seat in a child: the privilege is given up there, and the menu
 * keeps it for its next game. */
static void seat_in_child(const struct client_seat *want, struct mine_list *m)
{
	int p[2];
	if (pipe(p) != 0)
		p[0] = p[1] = -1;
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		struct client_seat w = *want;
		if (p[0] >= 0)
			close(p[0]);
		w.keyfd = p[1];
		_exit(client_run(&w));
	}
	if (p[1] >= 0)
		close(p[1]);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	/* The seat it took with a key: one of this login's games now (said
	 * before it ended, or not at all: nothing is waited for). */
	if (p[0] >= 0)
		fcntl(p[0], F_SETFL, O_NONBLOCK);
	char buf[STORE_NAME_LEN + 64 + PROTO_CODE_LEN + 8];
	ssize_t n = p[0] >= 0 ? read(p[0], buf, sizeof buf - 1) : -1;
	if (p[0] >= 0)
		close(p[0]);
	struct mine me;
	if (n <= 0)
		return;
	buf[n] = '\0';
	if (sscanf(buf, "%63s %63s %127s", me.game, me.team, me.key) != 3)
		return;
	const struct mine *had = mine_find(m, me.game);
	if (had)
		m->v[had - m->v] = me;
	else if (m->n < MINE_MAX)
		m->v[m->n++] = me;
}

static void lobby_host(struct mine_list *m)
{
	char names[64][64], name[128];
	int n = installed(names, 64);
	printf("Scenarios:");
	for (int i = 0; i < n; i++)
		printf("%s %s", i ? "," : "", names[i]);
	printf("\n");
	if (!ask("Scenario to host (Enter: gatehouse): ", name, sizeof name))
		return;
	const char *pick = name[0] ? name : "gatehouse";
	int k = 0;
	while (k < n && strcmp(names[k], pick) != 0)
		k++;
	if (k == n) {
		char *safe = util_printable(pick);
		printf("No scenario named '%s' is installed.\n", safe);
		free(safe);
		return;
	}
	char *err = NULL;
	char *path = datapath_scenario(names[k], &err);
	if (!path) {
		printf("%s\n", err);
		free(err);
		return;
	}
	struct host_opts o;
	memset(&o, 0, sizeof o);
	o.scenario = path;
	o.seed = cli_clock_seed();
	o.team = "-"; /* a shared account: seats go by seat key */
	o.idle = -1;
	char ai[64];
	if (ask("A team for the computer (Enter: none): ", ai, sizeof ai) && ai[0]) {
		snprintf(o.ai[0].team, sizeof o.ai[0].team, "%.39s", ai);
		o.ai[0].level = AI_NORMAL;
		o.nai = 1;
	}
	struct host_started hs;
	char why[512];
	bool busy;
	int r = host_spawn(&o, &hs, &busy, why, sizeof why);
	free(path);
	if (r != 0) {
		printf("Cannot host it: %s\n", why);
		return;
	}
	printf("Hosting %s. Other players join it from their own menu.\n", hs.game);
	char go[8];
	if (ask("Press Enter to take the first free seat here.", go, sizeof go)) {
		struct client_seat want = {.game = hs.game, .key = true};
		seat_in_child(&want, m);
	}
}

static void lobby_seat(char choice, struct mine_list *m)
{
	char game[STORE_NAME_LEN + 8], team[64] = "", code[PROTO_CODE_LEN + 8] = "";
	if (!ask("Game: ", game, sizeof game) || !game[0])
		return;
	if (!store_name_ok(game)) {
		printf("'%.60s' is not a game's name: copy it from the list.\n", game);
		return;
	}
	/* Back to a seat this login took: its key is known already. */
	const struct mine *me = choice == 'k' ? mine_find(m, game) : NULL;
	if (me)
		snprintf(code, sizeof code, "%s", me->key);
	if ((choice == 'j' || choice == 'w') &&
	    !ask(choice == 'w' ? "Team: " : "Team (Enter: the first free one): ",
		 team, sizeof team))
		return;
	if (choice == 'k' && !me && !ask("Your seat key: ", code, sizeof code))
		return;
	if (choice == 'w' && !ask("Watch code: ", code, sizeof code))
		return;
	struct client_seat want = {
		.game = game,
		.team = team[0] ? team : NULL,
		.watch = choice == 'w',
		.key = choice == 'j',
		.code = code[0] ? code : NULL,
	};
	seat_in_child(&want, m);
}

int cli_lobby(int argc, char **argv)
{
	if (argc > 1) {
		bool help = strcmp(argv[1], "--help") == 0;
		fputs("usage: medsiege lobby\n\n"
		      "A menu of hosted games: start one of the installed scenarios,\n"
		      "claim a seat (bound to a seat key shown to you once), come back\n"
		      "to it with its key, watch with a watch code. The games of\n"
		      "this login (the seats it took) are listed first, and their\n"
		      "keys are not asked for again. Meant as the ForceCommand of a\n"
		      "shared game account over SSH (see the man page).\n",
		      help ? stdout : stderr);
		return help ? 0 : EXIT_USAGE;
	}
	setlocale(LC_ALL, "");
	struct mine_list mine;
	memset(&mine, 0, sizeof mine);
	for (;;) {
		printf("\nMedieval Siege\n\n");
		fflush(stdout);
		/* The list is read and printed by a child that gives the
		 * privilege up before it parses what hosts wrote. */
		pid_t pid = fork();
		if (pid == 0) {
			struct listing l;
			collect(&l);
			priv_drop();
			if (print_games(&l, &mine) == 0)
				printf("No games are hosted now.\n");
			listing_free(&l);
			fflush(stdout);
			_exit(0);
		}
		if (pid > 0)
			waitpid(pid, NULL, 0);
		printf("\n  n  host a new game\n  j  join a game: a free seat\n"
		       "  k  come back to your seat (its key is asked for unless\n"
		       "     you took the seat in this login: your games, listed first)\n"
		       "  w  watch a game with a watch code\n  r  list the games again\n"
		       "  q  quit\n\n");
		char choice[64];
		if (!ask("> ", choice, sizeof choice))
			return 0;
		switch (choice[0]) {
		case 'n':
			lobby_host(&mine);
			break;
		case 'j':
		case 'k':
		case 'w':
			lobby_seat(choice[0], &mine);
			break;
		case 'q':
			return 0;
		default:
			break;
		}
	}
}
