/* scenario_lint.h: what `medsiege check` knows of a scenario beyond
 * loading it: whether its goals, ladders and symbols mean something on its
 * map (scenario_lint), and whether a unit can get where each goal asks
 * (scenario_lint_reach, for check --reach). Every finding is a line
 * "FILE:LINE:COL: message" at the place in the scenario file it is about. */
#ifndef MEDSIEGE_SCENARIO_LINT_H
#define MEDSIEGE_SCENARIO_LINT_H

#include "base/util.h"
#include "data/yamltree.h"
#include "game/scenario.h"

struct lint {
	int n;
	char **msgs; /* owned: lint_free */
};

/* Add the findings about sc (loaded from sc->path, which is read again
 * for the places) to out; returns how many it added. */
int scenario_lint(const struct scenario *sc, struct lint *out);
/* For each goal, one line into report ("Red hold 3,4-6,4: r2
 * (foot_knight) in 3 turns, 14 inches"), enemies ignored; a finding for
 * each goal that no unit able to meet it can get to, with the reason.
 * Returns how many findings it added. */
int scenario_lint_reach(const struct scenario *sc, struct strbuf *report,
			struct lint *out);
void lint_free(struct lint *l);

/* Shared by the two: the scenario's parsed file (NULL having added a
 * finding when it cannot be read again), a finding at node at, and the
 * node of goal i (or its key key's value, when given and present). */
struct ynode *lint_tree(const struct scenario *sc, struct lint *out);
void lint_add(struct lint *l, const char *file, const struct ynode *at,
	      const char *fmt, ...) __attribute__((format(printf, 4, 5)));
const struct ynode *lint_goal_node(const struct ynode *root, int i,
				   const char *key);

#endif
