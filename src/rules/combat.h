/* combat.h: target numbers from the chart, with every term named. The one
 * function here computes both the preview and the real attack's number. */
#ifndef MEDSIEGE_COMBAT_H
#define MEDSIEGE_COMBAT_H

#include <stdbool.h>

#include "world/world.h"

#define MAX_TERMS 10

struct term {
	const char *name; /* a constant string */
	int value;
};

struct attack_calc {
	int need;
	int nterms;
	struct term terms[MAX_TERMS];
};

/* Everything about an attack that changes its target number. */
struct attack_situation {
	int av;
	int dv;
	bool ranged;          /* missile or siege weapon */
	enum cover cover;     /* ranged: best cover the target has */
	bool over_half;       /* ranged: distance over half the range */
	bool large_target;    /* ranged: the target is a war machine */
	int outnumber;        /* melee: attackers engaged with the target,
				 the attacker included (1 = not outnumbered) */
	bool behind;          /* melee: attacker outside the target's arc */
	bool on_ladder;       /* melee: attacker stands on a ladder */
};

/* The target number and its breakdown: AV + DV + each modifier. */
void combat_compute(const struct chart *c, const struct attack_situation *s,
		    struct attack_calc *out);
/* Chance that a d20 meets the target number, 0..1. */
double combat_chance(const struct chart *c, int need);
/* Whether a d20 roll succeeds against need. */
bool combat_success(const struct chart *c, int need, int roll);
/* "need 19+ (10%): AV 9 + DV 6 + half wall cover 2 + ..." into buf. */
void combat_describe(const struct chart *c, const struct attack_calc *a,
		     char *buf, int size);

/* The best cover the target at t has against a shot from a: its own cell,
 * and cells on the line (or beside it at a corner) touching the target. */
enum cover combat_cover(const struct world *w, int ax, int ay, int tx, int ty);
/* The same, and the cell it comes from in *cx,*cy (the target's own cell
 * when it has the best, or the first cell beside it along the line with
 * the best; the target's cell when there is none). */
enum cover combat_cover_at(const struct world *w, int ax, int ay, int tx,
			   int ty, int *cx, int *cy);

/* The cover a target of type t has where the terrain gives it terrain:
 * the better of the two, never both (SPEC 4: a pavise). */
enum cover combat_own_cover(enum cover terrain, const struct unit_type *t);
/* The cover unit t has against a missile from ax,ay: combat_cover_at's,
 * or its own when that is better, when *own (may be NULL) is set and
 * *cx,*cy are its cell. */
enum cover combat_unit_cover(const struct world *w, int ax, int ay, int t,
			     int *cx, int *cy, bool *own);

/* Situation of a ranged attack by unit a with its weapon wi on the cell
 * tx,ty (target unit t, or -1 for a structure). */
void combat_ranged_situation(const struct world *w, int a, int wi, int tx,
			     int ty, int t, struct attack_situation *s);
/* Situation of a melee attack by unit a with weapon wi on unit t; when
 * mover_facing >= 0 the target is taken to face that way (a free attack
 * on a unit turning to leave). */
void combat_melee_situation(const struct world *w, int a, int wi, int t,
			    int target_facing, struct attack_situation *s);
/* Situation of an attack by unit a with weapon wi on the structure at x,y. */
void combat_structure_situation(const struct world *w, int a, int wi, int x,
				int y, struct attack_situation *s);

#endif
