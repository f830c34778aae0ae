/* version.h: the rules version, which every save records (SPEC 11.1). */
#ifndef MEDSIEGE_VERSION_H
#define MEDSIEGE_VERSION_H

/*
 * The version of the rules this program plays. A game is a pure function
 * of its scenario, its seed and its commands only for one version of the
 * rules: a save records the version that made it, and a save of another
 * version is refused rather than replayed into a different game.
 *
 * Add one to it in the change that alters what a replay of some save
 * would do: what a unit sees or may shoot at (sight), the paths and costs
 * of movement, the computer's decisions, the dice or the order of their
 * rolls, any rule of play, or a shipped map or roster. Not for a change
 * that leaves every replay the same (the screen, messages, speed, the
 * save's own format: that is JOURNAL_VERSION). Regenerate the golden
 * files (UPDATE=1 tests/golden.sh) in the same series, in one commit.
 *
 * 1: every save before saves recorded a version (no "# rules:" line).
 * 2: a troop within 4 inches blocks a line only when the viewer sees it.
 */
#define RULES_VERSION 2

#endif
