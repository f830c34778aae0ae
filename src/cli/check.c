/* check.c: medsiege check: validate scenarios and rosters. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "cli/cli.h"
#include "data/datapath.h"
#include "data/roster_load.h"
#include "data/scenario_load.h"
#include "data/yamltree.h"

static const char check_usage[] =
	"usage: medsiege check FILE...\n"
	"\n"
	"Validate scenario (maps/*.yaml) and roster (units/*.yaml) files. A\n"
	"file with a top-level 'grid:' or 'teams:' key is a scenario (its roster\n"
	"is checked too); any other is a roster. A FILE that does not exist and\n"
	"holds no '/' is the name of an installed scenario, as for 'medsiege run'.\n"
	"Errors are printed as FILE:LINE:COLUMN: message. Exits 0 when every file\n"
	"is valid, 2 otherwise.\n"
	"\n"
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

static int check_one(const char *path)
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
		char *safe = util_printable(path);
		printf("%s: ok: scenario '%s', %dx%d, %d teams, %d units, %d goals%s\n",
		       safe, sc.name, sc.world.map.w, sc.world.map.h,
		       sc.world.nteams, units, sc.ngoals,
		       sc.rounds ? "" : ", no round limit");
		free(safe);
		scenario_free(&sc);
		return 0;
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
static int check_arg(const char *arg)
{
	char *err = NULL;
	char *path = datapath_scenario(arg, &err);
	if (!path) {
		fflush(stdout); /* keep the report in file order */
		cli_warn("%s", err);
		free(err);
		return -1;
	}
	int status = check_one(path);
	free(path);
	return status;
}

int cli_check(int argc, char **argv)
{
	if (argc < 2) {
		fputs(check_usage, stderr);
		return EXIT_USAGE;
	}
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			fputs(check_usage, stdout);
			return 0;
		}
	int bad = 0;
	for (int i = 1; i < argc; i++)
		if (check_arg(argv[i]) != 0)
			bad++;
	return bad ? EXIT_USAGE : 0;
}
