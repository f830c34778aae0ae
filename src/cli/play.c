/* play.c: medsiege [SCENARIO]: hot seat in the terminal, saved as it goes. */
#include <getopt.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "cmd/cmd.h"
#include "data/datapath.h"
#include "ui/ui.h"

static const char play_usage[] =
	"usage: medsiege [SCENARIO] [--seed N] [--dice manual] [--ai TEAM[:LEVEL]]... [--pace MS]\n"
	"       medsiege --resume [SAVE] [--force] [--ai TEAM[:LEVEL]]...\n"
	"\n"
	"Play SCENARIO (a path, or the name of an installed scenario; default\n"
	"gatehouse) hot seat in this terminal: the teams take turns at the\n"
	"keyboard, and the screen is curtained between them. Every command is\n"
	"saved as it is made, under $XDG_STATE_HOME/medsiege (by default\n"
	"~/.local/state/medsiege). Press ? in the game for every key.\n"
	"\n"
	"  --seed N         seed the dice (default: from the clock; shown in the log)\n"
	"  --dice manual    the players roll real dice: the game asks for each\n"
	"                   roll it needs ('roll a d20 for r6's longbow at b2\n"
	"                   (need 15+)') and takes the number typed\n"
	"  --ai TEAM[:LEVEL]  the computer plays TEAM (repeatable) at LEVEL, easy,\n"
	"                   normal (the default) or hard; teams whose scenario\n"
	"                   says 'control: ai' are played by it too, at normal\n"
	"  --pace MS        how long each of the computer's actions you can see\n"
	"                   stays on the screen (default 700; 0: not shown)\n"
	"  --resume [SAVE]  continue the newest unfinished game, or SAVE\n"
	"  --force          resume even if the scenario changed since the save began,\n"
	"                   or its replay comes out differently\n"
	"  -h, --help       show this help\n";

struct play {
	struct session *s;
	struct uilog *history; /* the screen's log, heard from the start */
	char *news;            /* the last alert handed to the screen */
	char *save;            /* the save's path when play began, or NULL */
};

/* Before a saved game is replayed: the screen's log hears it all. */
static void attach_history(void *ctx, struct game *g)
{
	struct play *p = ctx;
	p->history = ui_history_new(g);
}

/* Every command line from the screen: run, saved (fsync), then shown. */
static int submit_line(void *ctx, struct game *g, int issuer, const char *line,
		       char *why)
{
	struct play *p = ctx;
	(void)g;
	return session_submit(p->s, issuer, line, why);
}

static bool saving(void *ctx)
{
	const struct play *p = ctx;
	return p->s->j != NULL;
}

/* What happened to the save since the screen last asked (saving
 * stopped), for it to say at once. */
static const char *news(void *ctx)
{
	struct play *p = ctx;
	free(p->news);
	p->news = session_take_alert(p->s);
	return p->news;
}

/* Computer teams play, through the same command lines, until a person
 * is to play. */
static void ai_turn(void *ctx, struct game *g)
{
	struct play *p = ctx;
	(void)g;
	session_play_computer(p->s);
}

/* One command of the computer's, for a turn watched action by action. */
static int ai_step(void *ctx, struct game *g)
{
	struct play *p = ctx;
	(void)g;
	return session_computer_step(p->s);
}

/* path as one word for a shell: as it is when it needs no quotes,
 * else in single quotes. Caller frees. */
static char *shell_word(const char *path)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789_@%+=:,./-";
	if (*path && strspn(path, plain) == strlen(path))
		return xstrdup(path);
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addc(&b, '\'');
	for (const char *c = path; *c; c++) {
		if (*c == '\'')
			strbuf_add(&b, "'\\'"); /* end, a quoted ', begin */
		strbuf_addc(&b, *c);
	}
	strbuf_addc(&b, '\'');
	return b.s;
}

/* Once the screen is gone, on the shell: how the game ended (or that it
 * is saved), where its save is, and the command that replays or goes on
 * with it. */
static void tell_the_shell(const struct play *p)
{
	const struct game *g = p->s->g;
	bool saved = p->s->j != NULL;
	if (g->over) {
		char *r = xstrdup(g->result);
		if (r[0] >= 'a' && r[0] <= 'z')
			r[0] = (char)(r[0] - 'a' + 'A');
		printf("%s (round %d).\n", r, g->round);
		free(r);
	} else if (saved) {
		puts("Saved.");
	}
	if (!p->save) {
		puts("This game was not saved.");
		return;
	}
	if (!saved)
		puts("Saving stopped part-way: the save holds the game up to "
		     "then.");
	/* A path may hold anything: shown safe (cli_warn's way). */
	char *path = util_printable(p->save);
	char *word = shell_word(path);
	printf("Save: %s\n%s: medsiege %s %s\n", path,
	       g->over ? "Replay" : "Go on", g->over ? "replay" : "--resume",
	       word);
	free(word);
	free(path);
}

int cli_play(int argc, char **argv)
{
	static const struct option opts[] = {
		{"seed", required_argument, NULL, 's'},
		{"ai", required_argument, NULL, 'A'},
		{"resume", optional_argument, NULL, 'R'},
		{"force", no_argument, NULL, 'F'},
		{"dice", required_argument, NULL, 'D'},
		{"pace", required_argument, NULL, 'P'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	uint64_t seed = 0;
	enum dice_mode dice = DICE_RNG;
	bool have_seed = false, resume = false, force = false, have_dice = false;
	int pace_ms = 700;
	const char *save = NULL;
	struct cli_ai ai[MAX_TEAMS];
	int nai = 0, c;
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!cli_seed_arg("medsiege", optarg, &seed))
				return EXIT_USAGE;
			have_seed = true;
			break;
		case 'A':
			if (nai == MAX_TEAMS) {
				fprintf(stderr, "medsiege: too many --ai\n");
				return EXIT_USAGE;
			}
			if (!cli_ai_arg("medsiege", optarg, &ai[nai++]))
				return EXIT_USAGE;
			break;
		case 'R':
			resume = true;
			/* --resume SAVE as well as --resume=SAVE */
			if (!optarg && optind < argc && argv[optind][0] != '-')
				optarg = argv[optind++];
			save = optarg;
			break;
		case 'F':
			force = true;
			break;
		case 'D':
			if (!cli_dice_arg("medsiege", optarg, &dice))
				return EXIT_USAGE;
			have_dice = true;
			break;
		case 'P': {
			uint64_t v;
			if (!cli_parse_u64(optarg, &v) || v > 600000) {
				fprintf(stderr,
					"medsiege: --pace needs milliseconds from 0 to "
					"600000, not '%s'\n",
					optarg);
				return EXIT_USAGE;
			}
			pace_ms = (int)v;
			break;
		}
		case 'h':
			fputs(play_usage, stdout);
			return 0;
		default:
			fputs(play_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind > (resume ? 0 : 1)) {
		fputs(play_usage, stderr);
		return EXIT_USAGE;
	}
	if (resume && have_dice) {
		fprintf(stderr, "medsiege: --dice is for a new game: a resumed one "
				"keeps the dice it began with\n");
		return EXIT_USAGE;
	}
	char *err = NULL, *path = NULL;
	/* A misspelt scenario is bad usage, said before the terminal is
	 * looked at. */
	const char *name = optind < argc ? argv[optind] : "gatehouse";
	if (!resume && !(path = datapath_scenario(name, &err))) {
		cli_warn("medsiege: %s", err);
		free(err);
		return EXIT_USAGE;
	}
	/* Before anything is saved: a game that cannot be shown is not begun. */
	if (ui_check_terminal() != 0) {
		free(path);
		return EXIT_RUNTIME;
	}
	setlocale(LC_ALL, "");
	if (!have_seed)
		seed = cli_clock_seed();
	struct play p = {0};
	p.s = resume ? session_resume_with(save, NULL, force, attach_history, &p,
					   &err)
		     : session_new(path, seed, NULL, &err);
	free(path);
	if (!p.s) {
		cli_warn("medsiege: %s", err ? err : "cannot start the game");
		free(err);
		ui_history_free(NULL, p.history);
		return EXIT_USAGE;
	}
	struct game *g = p.s->g;
	if (cli_ai_apply(p.s, ai, nai, false, "medsiege") != 0) {
		ui_history_free(g, p.history);
		session_free(p.s);
		return EXIT_USAGE;
	}
	if (!resume) {
		session_set_dice(p.s, dice);
		p.history = ui_history_new(g);
		game_start(g);
	}
	if (p.s->j)
		p.save = xstrdup(p.s->j->path);
	char *notice = NULL;
	if (p.s->j || p.s->warning)
		notice = p.s->warning ? xstrdup(p.s->warning)
				      : xasprintf("saving to %s", p.s->j->path);
	free(session_take_alert(p.s)); /* in the notice */
	struct ui_submit submit = {
		.fn = submit_line,
		.ai_turn = ai_turn,
		.ai_step = ai_step,
		.pace_ms = pace_ms,
		.saving = saving,
		.news = news,
		.ctx = &p,
		.notice = notice,
		.history = p.history,
	};
	int status = ui_play(g, &submit);
	tell_the_shell(&p);
	free(p.save);
	free(p.news);
	free(notice);
	session_free(p.s);
	return status;
}
