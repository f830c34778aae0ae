/* check.c: medsiege check: validate scenarios and rosters. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "data/datapath.h"
#include "data/roster_load.h"
#include "data/scenario_lint.h"
#include "data/scenario_load.h"
#include "data/yamltree.h"

static const char check_usage[] =
	"usage: medsiege check [--reach] FILE...\n"
	"\n"
	"Validate scenario (maps/*.yaml) and roster (units/*.yaml) files. A\n"
	"file with a top-level 'grid:' or 'teams:' key is a scenario (its roster\n"
	"is checked too); any other is a roster. A FILE that does not exist and\n"
	"holds no '/' is the name of an installed scenario, as for 'medsiege run'.\n"
	"A scenario that loads is refused still when its goals cannot mean\n"
	"anything: a survive or hold goal longer than the round limit, a destroy\n"
	"goal naming the team's own unit or a door it locked, a hold or escape\n"
	"area none of the team's units can enter; and for a ladder with no\n"
	"higher neighbour to climb to, or a unit letter that is also one of the\n"
	"map's terrain symbols. Errors are printed as FILE:LINE:COLUMN: message.\n"
	"Exits 0 when every file is valid, 2 otherwise.\n"
	"\n"
	"  --reach          also say, for each goal, which unit able to meet it\n"
	"                   gets there first and in how many turns and inches,\n"
	"                   enemies ignored, and refuse a goal nobody can reach\n"
	"  -h, --help       show this help\n";

/* Scenarios are told from rosters by their top-level grid or teams
 * key. The file is read as the loaders read it (a regular file, of a
 * bounded size: never /dev/zero or a FIFO); one that cannot be read or
 * parsed says why here. */
static int file_kind(const char *path, bool *scenario)
{
	char *err = NULL;
	struct ynode *root = ytree_load_file(path, &err);
	if (!root) {
		cli_warn("%s", err);
		free(err);
		return -1;
	}
	*scenario = ytree_get(root, "grid") || ytree_get(root, "teams");
	ytree_free(root);
	return 0;
}

/* The findings about a loaded scenario, said; -1 when there are any.
 * With reach, each goal's line goes into report. */
static int lint_one(const struct scenario *sc, bool reach,
		    struct strbuf *report)
{
	struct lint l = {0};
	scenario_lint(sc, &l);
	if (reach && l.n == 0)
		scenario_lint_reach(sc, report, &l);
	if (l.n) {
		fputs(report->s, stdout);
		fflush(stdout);
	}
	for (int i = 0; i < l.n; i++)
		cli_warn("%s", l.msgs[i]);
	int status = l.n ? -1 : 0;
	lint_free(&l);
	return status;
}

static int check_one(const char *path, bool reach)
{
	char *err = NULL;
	bool scenario;
	fflush(stdout); /* keep the report in file order */
	if (file_kind(path, &scenario) != 0)
		return -1;
	if (scenario) {
		struct scenario sc;
		if (scenario_load(path, &sc, &err) != 0) {
			cli_warn("%s", err);
			free(err);
			return -1;
		}
		int units = sc.world.nunits;
		struct strbuf report;
		strbuf_init(&report);
		int status = lint_one(&sc, reach, &report);
		char *safe = util_printable(path);
		if (status == 0)
			printf("%s: ok: scenario '%s', %dx%d, %d teams, %d units, %d goals%s\n%s",
			       safe, sc.name, sc.world.map.w, sc.world.map.h,
			       sc.world.nteams, units, sc.ngoals,
			       sc.rounds ? "" : ", no round limit", report.s);
		free(safe);
		strbuf_free(&report);
		scenario_free(&sc);
		return status;
	}
	struct roster r;
	if (roster_load(path, &r, &err) != 0) {
		cli_warn("%s", err);
		free(err);
		return -1;
	}
	char *safe = util_printable(path);
	printf("%s: ok: roster, %d unit types\n", safe, r.ntypes);
	free(safe);
	roster_free(&r);
	return 0;
}

/* One file, or an installed scenario's name; its report names the file. */
static int check_arg(const char *arg, bool reach)
{
	char *err = NULL;
	char *path = datapath_scenario(arg, &err);
	if (!path) {
		fflush(stdout); /* keep the report in file order */
		cli_warn("%s", err);
		free(err);
		return -1;
	}
	int status = check_one(path, reach);
	free(path);
	return status;
}

int cli_check(int argc, char **argv)
{
	bool reach = false;
	int files = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(check_usage, stdout);
			return 0;
		}
		if (strcmp(argv[i], "--reach") == 0)
			reach = true;
		else
			files++;
	}
	if (files == 0) {
		fputs(check_usage, stderr);
		return EXIT_USAGE;
	}
	int bad = 0;
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--reach") != 0 &&
		    check_arg(argv[i], reach) != 0)
			bad++;
	return bad ? EXIT_USAGE : 0;
}
