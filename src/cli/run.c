/* run.c: medsiege run: apply a script headless and print every event. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "cmd/cmd.h"
#include "game/report.h"
#include "save/session.h"
#include "rules/move.h"

static const char run_usage[] =
	"usage: medsiege run SCENARIO [--seed N] [--script FILE|-] [--json] [--keep-going] [--save] [--dice manual] [--ai TEAM[:LEVEL]]... [--explain]\n"
	"       medsiege run --resume SAVE [--script FILE|-] [--json] [--keep-going] [--force]\n"
	"       medsiege run SAVE [--json] [--force]\n"
	"\n"
	"Play a scenario without a screen: apply the commands of the script\n"
	"(one per line, '#' starts a comment) and print every event, every roll\n"
	"with what it was for, and the final state.\n"
	"\n"
	"  --seed N         seed the dice (default: from the clock; printed)\n"
	"  --script FILE    read commands from FILE, or '-' for standard input\n"
	"                   (default: no commands, just the start of the game)\n"
	"  --json           one JSON object per line for each event\n"
	"  --keep-going     go on after a refused command (by default the first\n"
	"                   stops the script, with exit status 2)\n"
	"  --strict         stop at the first refused command (the default)\n"
	"  --save           keep a save of the game, as the terminal game does\n"
	"  --dice manual    the players roll: each die the game needs is asked\n"
	"                   for (a line 'waiting: roll a d20 for ...') and given\n"
	"                   by a 'roll N' line of the script\n"
	"  --resume SAVE    continue a saved game (its scenario and seed) and\n"
	"                   append the script's commands to it; a save is also a\n"
	"                   script: 'run SAVE' replays it (its scenario and seed)\n"
	"  --force          resume or replay a save even if its scenario changed\n"
	"                   since it began, or its replay comes out differently\n"
	"                   (refused without it: exit 2), saying so\n"
	"  --ai TEAM[:LEVEL]  the computer plays TEAM (repeat for more teams; 'all'\n"
	"                   for every team) at LEVEL, easy, normal (the\n"
	"                   default) or hard; its commands appear as events\n"
	"  --explain        before each command of a computer player, why: the\n"
	"                   unit, the cell or target it chose (or that it\n"
	"                   stays) and the terms that decided it, from what its\n"
	"                   team knows ('why' lines; with --json, objects of\n"
	"                   type \"why\")\n"
	"  -h, --help       show this help\n";

struct run_out {
	bool json;
	struct strbuf b;
	struct strbuf pending; /* a command's events, shown once it is saved */
	const struct game *g;
	long asked;            /* dice rolled when the die awaited was asked
				  for, or -1 */
	struct session *s;
	struct session_check *check; /* run SAVE: its replay checked */
};

/* With manual dice: the die awaited, asked for once. */
static void ask_die(struct run_out *o)
{
	const struct event *ask = o->g ? game_awaited_roll(o->g) : NULL;
	if (!ask || o->asked == (long)o->g->rolls)
		return;
	o->asked = (long)o->g->rolls;
	struct strbuf t;
	strbuf_init(&t);
	if (o->json) {
		report_ask_json(o->g, ask, REPORT_ALL, &t);
	} else {
		strbuf_add(&t, "waiting: ");
		report_ask_text(o->g, ask, REPORT_ALL, &t);
	}
	puts(t.s);
	strbuf_free(&t);
}

/* Once a command is saved: its events, and what happened to the save
 * (saving stopped), said at once. */
static void flush_events(void *ctx)
{
	struct run_out *o = ctx;
	fputs(o->pending.s, stdout);
	o->pending.len = 0;
	o->pending.s[0] = '\0';
	ask_die(o);
	char *alert = o->s ? session_take_alert(o->s) : NULL;
	if (alert) {
		fflush(stdout);
		cli_warn("medsiege run: %s", alert);
		free(alert);
	}
}

/* A term's value: whole numbers as such. */
static void add_value(struct strbuf *b, double v, bool json)
{
	if (v == (double)(long)v)
		strbuf_addf(b, "%ld", (long)v);
	else
		strbuf_addf(b, json ? "%.4f" : "%.2f", v);
}

/* Why a computer player chose what it did, before the command it gives
 * (and where it gives none), in the order of the events. */
static void print_reason(void *ctx, const struct game *g, int team,
			 const struct ai_reason *r)
{
	struct run_out *o = ctx;
	const struct world *w = g->w;
	struct strbuf *b = &o->pending;
	if (o->json) {
		strbuf_addf(b, "{\"type\":\"why\",\"round\":%d,\"team\":", g->round);
		strbuf_add_json(b, w->teams[team].name);
		strbuf_addf(b, ",\"step\":\"%s\",\"unit\":", step_names[g->step]);
		strbuf_add_json(b, w->units[r->unit].id);
		strbuf_add(b, ",\"choice\":");
		strbuf_add_json(b, r->choice);
		strbuf_add(b, ",\"target\":");
		if (r->target >= 0)
			strbuf_add_json(b, w->units[r->target].id);
		else
			strbuf_add(b, "null");
		strbuf_add(b, ",\"note\":");
		strbuf_add_json(b, r->note);
		strbuf_add(b, ",\"terms\":[");
		for (int i = 0; i < r->nterms; i++) {
			strbuf_add(b, i ? ",{\"name\":" : "{\"name\":");
			strbuf_add_json(b, r->terms[i].name);
			strbuf_add(b, ",\"value\":");
			add_value(b, r->terms[i].value, true);
			strbuf_addc(b, '}');
		}
		strbuf_add(b, "]}\n");
		return;
	}
	strbuf_addf(b, "why %s: %s", w->units[r->unit].id, r->choice);
	if (r->note[0])
		strbuf_addf(b, " (%s)", r->note);
	/* The terms that weighed: a zero decided nothing. */
	int n = 0;
	for (int i = 0; i < r->nterms; i++) {
		const struct ai_term *t = &r->terms[i];
		if (t->value == 0 && strcmp(t->name, "score") != 0)
			continue;
		strbuf_addf(b, "%s%s ", n++ ? ", " : ": ", t->name);
		add_value(b, t->value, false);
	}
	strbuf_addc(b, '\n');
}

static void print_event(void *ctx, const struct game *g, const struct event *ev)
{
	struct run_out *o = ctx;
	o->b.len = 0;
	o->b.s[0] = '\0';
	if (o->json)
		report_event_json(g, ev, REPORT_ALL, &o->b);
	else
		report_event_text(g, ev, REPORT_ALL, &o->b);
	strbuf_add(&o->pending, o->b.s);
	strbuf_addc(&o->pending, '\n');
}

static void print_error(void *ctx, int lineno, const char *line, const char *why)
{
	struct run_out *o = ctx;
	if (o->json) {
		struct strbuf b;
		strbuf_init(&b);
		strbuf_addf(&b, "{\"type\":\"error\",\"line\":%d,\"command\":", lineno);
		strbuf_add_json(&b, line);
		strbuf_add(&b, ",\"message\":");
		strbuf_add_json(&b, why);
		strbuf_addc(&b, '}');
		puts(b.s);
		strbuf_free(&b);
	} else {
		char *safe = util_printable(line);
		printf("error: line %d: %s: %s\n", lineno, safe, why);
		free(safe);
	}
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static void print_state_text(const struct game *g)
{
	const struct world *w = g->w;
	printf("-- state: round %d, %s, %s%s%s\n", g->round,
	       w->teams[g->active].name, step_labels[g->step],
	       g->over ? "; " : "", g->over ? g->result : "");
	/* Columns as wide as their longest entry (ids such as "captain"). */
	int idw = 4, typew = 14, teamw = 6;
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		idw = max_int(idw, (int)strlen(u->id));
		typew = max_int(typew, (int)strlen(world_type(w, u)->id));
		teamw = max_int(teamw, (int)strlen(w->teams[u->team].name));
	}
	for (int i = 0; i < w->nunits; i++) {
		const struct unit *u = &w->units[i];
		char buf[16];
		printf("   %-*s %-*s %-*s %2d,%-2d facing %-2s %-8s hits %d move %s\n",
		       idw, u->id, typew, world_type(w, u)->id, teamw,
		       w->teams[u->team].name, u->x, u->y, dir_names[u->facing],
		       unit_status_names[u->status], u->hits,
		       move_inches(u->move_left, buf));
	}
}

/* run SAVE: the save's own commands, with the computer's turns between
 * them, each checked against what the save recorded. Returns the number
 * refused, or -1 with *err at a difference (unless --force). */
static int replay_save(struct session *s, struct run_out *out, bool stop,
		       char **err)
{
	const struct journal_data *d = out->check->d;
	char why[CMD_WHY_LEN];
	int bad = 0;
	*err = NULL;
	session_play_computer(s);
	for (int k = 1; k <= d->ncmds; k++) {
		if (session_submit(s, CMD_ANY_TEAM, d->cmds[k - 1], why) < 0) {
			bad++;
			print_error(out, d->lines[k - 1], d->cmds[k - 1], why);
			if (session_check_refused(out->check, k, why, err) != 0)
				return -1;
			if (stop)
				break;
		} else if (session_check_command(out->check, s->g, k, err) != 0) {
			return -1;
		}
		session_play_computer(s);
	}
	return bad;
}

/* Play the session: the start line, the script (with computer players
 * between its lines), the final state. Returns the exit status: a game
 * that was to be saved (save) and is not, or not to the end, is a
 * runtime error. */
static int run_session(struct session *s, struct run_out *out, bool resumed,
		       const char *script, bool stop, bool strict, bool save)
{
	struct game *g = s->g;
	if (s->warning)
		cli_warn("medsiege run: %s", s->warning);
	free(session_take_alert(s)); /* said just now */
	if (out->json) {
		strbuf_add(&out->b, "{\"type\":\"start\",\"scenario\":");
		strbuf_add_json(&out->b, g->sc.name);
		strbuf_addf(&out->b, ",\"seed\":%llu", (unsigned long long)g->seed);
		if (s->j) {
			strbuf_add(&out->b, ",\"save\":");
			strbuf_add_json(&out->b, s->j->path);
		}
		strbuf_addc(&out->b, '}');
		puts(out->b.s);
	} else {
		printf("%s, seed %llu\n", g->sc.name, (unsigned long long)g->seed);
		if (s->j)
			printf("saving to %s\n", s->j->path);
	}
	/* A resumed game's past is not printed again: listen from here. */
	game_listen(g, print_event, out);
	out->s = s;
	s->done = flush_events;
	s->done_ctx = out;
	if (!resumed)
		game_start(g);
	flush_events(out);
	int bad = 0;
	if (out->check && !script) {
		char *err;
		/* A save is not a script: its refused lines are its
		 * replay's differences, and it goes on past them unless
		 * --strict (exit 1). */
		stop = false;
		bad = replay_save(s, out, strict, &err);
		flush_events(out);
		if (bad < 0) {
			cli_warn("medsiege run: %s", err);
			free(err);
			return EXIT_USAGE;
		}
		if (out->check->warning)
			cli_warn("medsiege run: %s", out->check->warning);
	} else if (script) {
		char *err;
		bad = cli_apply_script(s, script, stop, print_error, out, &err);
		if (bad < 0) {
			cli_warn("medsiege run: %s", err);
			free(err);
			return EXIT_RUNTIME;
		}
	} else {
		session_play_computer(s);
	}
	flush_events(out);
	if (out->json) {
		out->b.len = 0;
		report_state_json(g, &out->b);
		puts(out->b.s);
	} else {
		print_state_text(g);
	}
	/* No save, or one that stopped part-way, is not the game: say so
	 * in the status too. */
	if (save && !s->j)
		return EXIT_RUNTIME;
	if (strict && bad > 0 && !stop)
		return EXIT_RUNTIME;
	/* A script stopped at a refused line did not do what it says. */
	return stop && bad > 0 ? EXIT_USAGE : 0;
}

int cli_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{"seed", required_argument, NULL, 's'},
		{"script", required_argument, NULL, 'f'},
		{"json", no_argument, NULL, 'j'},
		{"strict", no_argument, NULL, 'x'},
		{"keep-going", no_argument, NULL, 'k'},
		{"save", no_argument, NULL, 'S'},
		{"resume", required_argument, NULL, 'R'},
		{"force", no_argument, NULL, 'F'},
		{"ai", required_argument, NULL, 'A'},
		{"dice", required_argument, NULL, 'D'},
		{"explain", no_argument, NULL, 'E'},
		{"help", no_argument, NULL, 'h'},
		{NULL, 0, NULL, 0},
	};
	enum dice_mode dice = DICE_RNG;
	bool have_dice = false;
	uint64_t seed = 0;
	bool have_seed = false, strict = false, keep_going = false;
	bool save = false, force = false, explain = false;
	const char *script = NULL, *resume = NULL;
	struct cli_ai ai[MAX_TEAMS + 1];
	int nai = 0;
	struct run_out out = {.asked = -1};
	int c;
	/* Line by line, so a reader (or a killed run) sees every event. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (!cli_seed_arg("medsiege run", optarg, &seed))
				return EXIT_USAGE;
			have_seed = true;
			break;
		case 'f':
			script = optarg;
			break;
		case 'j':
			out.json = true;
			break;
		case 'x':
			strict = true;
			break;
		case 'k':
			keep_going = true;
			break;
		case 'S':
			save = true;
			break;
		case 'R':
			resume = optarg;
			break;
		case 'F':
			force = true;
			break;
		case 'A':
			if (nai == MAX_TEAMS + 1) {
				fprintf(stderr, "medsiege run: too many --ai\n");
				return EXIT_USAGE;
			}
			if (!cli_ai_arg("medsiege run", optarg, &ai[nai++]))
				return EXIT_USAGE;
			break;
		case 'D':
			if (!cli_dice_arg("medsiege run", optarg, &dice))
				return EXIT_USAGE;
			have_dice = true;
			break;
		case 'E':
			explain = true;
			break;
		case 'h':
			fputs(run_usage, stdout);
			return 0;
		default:
			fputs(run_usage, stderr);
			return EXIT_USAGE;
		}
	}
	if (optind != argc - (resume ? 0 : 1)) {
		fputs(run_usage, stderr);
		return EXIT_USAGE;
	}
	if (resume && have_dice) {
		fprintf(stderr, "medsiege run: --dice is for a new game: a "
				"resumed one keeps the dice it began with\n");
		return EXIT_USAGE;
	}
	if (!have_seed)
		seed = cli_clock_seed();
	char *err = NULL;
	/* A save given as the scenario is replayed: its scenario, its seed,
	 * its commands (a save is a script), checked as they are played. */
	struct journal_data saved;
	struct session_check check;
	bool replay = false;
	int saved_rc = resume ? -1 : journal_read(argv[optind], &saved, &err);
	if (saved_rc == JOURNAL_OTHER_RULES) {
		cli_warn("%s", err);
		free(err);
		return EXIT_USAGE;
	}
	if (saved_rc == 0) {
		replay = true;
		session_check_init(&check, &saved, argv[optind], "replay it",
				   force);
		out.check = &check;
		argv[optind] = saved.scenario;
		seed = saved.seed;
		if (saved.manual_dice)
			dice = DICE_MANUAL;
	}
	free(err);
	err = NULL;
	struct session *s = resume ? session_resume(resume, NULL, force, &err)
			    : replay && saved.roster
				    ? session_new_copy(saved.scenario, saved.roster,
						       seed, save ? NULL : "", &err)
				    : session_new(argv[optind], seed,
						  save ? NULL : "", &err);
	if (s && replay && session_check_scenario(&check, s->g, &err) != 0) {
		session_free(s);
		s = NULL;
	}
	if (!s) {
		cli_warn("%s", err ? err : "cannot start the game");
		free(err);
		if (replay) {
			session_check_free(&check);
			journal_data_free(&saved);
		}
		return EXIT_USAGE;
	}
	if (replay && saved.warning)
		cli_warn("medsiege run: %s", saved.warning);
	if (replay && check.warning) {
		cli_warn("medsiege run: %s", check.warning);
		/* Said: what the replay finds is said after it. */
		session_check_free(&check);
	}
	struct game *g = s->g;
	int status = 0;
	if (!resume)
		session_set_dice(s, dice);
	out.g = g;
	strbuf_init(&out.b);
	strbuf_init(&out.pending);
	/* Every team is played from the script unless --ai names it. */
	for (int k = 0; k < g->w->nteams; k++)
		session_set_control(s, k, CONTROL_HUMAN);
	if (cli_ai_apply(s, ai, nai, true, "medsiege run") != 0)
		status = EXIT_USAGE;
	if (!status && explain) {
		int computers = 0;
		for (int k = 0; k < g->w->nteams; k++)
			computers += g->w->teams[k].control == CONTROL_AI;
		if (!computers) {
			fprintf(stderr, "medsiege run: --explain tells why the "
					"computer plays as it does: give --ai TEAM\n");
			status = EXIT_USAGE;
		}
		s->explain = print_reason;
		s->explain_ctx = &out;
	}
	if (!status)
		status = run_session(s, &out, resume != NULL, script,
				     strict || !keep_going, strict,
				     save || resume);
	strbuf_free(&out.b);
	strbuf_free(&out.pending);
	session_free(s);
	if (replay) {
		session_check_free(&check);
		journal_data_free(&saved);
	}
	return status;
}
