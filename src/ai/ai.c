/* ai.c: what both levels of computer player share: levels by name, the
 * player's life, and the bookkeeping of which units a step has seen. */
#include "ai/ai_priv.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/orders.h"

const char *const ai_level_names[AI_LEVEL_COUNT] = {
#define X(e, n) n,
	AI_LEVEL_LIST(X)
#undef X
};

int ai_level_parse(const char *s)
{
	for (int i = 0; i < AI_LEVEL_COUNT; i++)
		if (s && strcmp(s, ai_level_names[i]) == 0)
			return i;
	return -1;
}

struct ai *ai_new(const struct game *g, int team, enum ai_level level)
{
	struct ai *a = xcalloc(1, sizeof *a);
	a->team = team;
	a->level = level;
	a->round = -1;
	a->last = -1;
	a->ndone = g->w->nunits;
	a->done = xcalloc((size_t)(a->ndone ? a->ndone : 1), sizeof *a->done);
	if (level != AI_EASY)
		a->n = nai_new(g, team, level == AI_HARD);
	return a;
}

void ai_free(struct ai *a)
{
	if (!a)
		return;
	nai_free(a->n);
	free(a->done);
	free(a);
}

enum ai_level ai_get_level(const struct ai *a)
{
	return a->level;
}

/* Whether line is a moveto to a cell beyond this turn's movement. The
 * computer chooses its moves within one turn, on the field as its team
 * knows it, and a moveto that the game's own path takes beyond was
 * refused before such moves went as far as they can (game/orders.h): it
 * is taken as refused still, so that the computer plays the games it
 * played. */
static bool beyond_turn(struct game *g, const char *line)
{
	char id[UNIT_ID_LEN + 1];
	int x, y;
	if (sscanf(line, "moveto %16s %d,%d", id, &x, &y) != 3)
		return false;
	int u = world_find_unit(g->w, id);
	return u >= 0 && game_moveto_beyond_turn(g, u, x, y);
}

void ai_next(struct ai *a, struct game *g, char *line, int size)
{
	/* A new step: every unit may act again. */
	if (g->round != a->round || (int)g->step != a->step ||
	    g->active != a->active) {
		a->round = g->round;
		a->step = (int)g->step;
		a->active = g->active;
		memset(a->done, 0, (size_t)a->ndone * sizeof *a->done);
	}
	for (;;) {
		if (a->level != AI_EASY)
			ai_normal_next(a, g, line, size);
		else
			ai_easy_next(a, g, line, size);
		if (!beyond_turn(g, line))
			return;
		ai_rejected(a);
	}
}

void ai_rejected(struct ai *a)
{
	if (a->last >= 0 && a->last < a->ndone)
		a->done[a->last] = true;
}

void ai_explain(struct ai *a, ai_explainer fn, void *ctx)
{
	a->explain = fn;
	a->explain_ctx = ctx;
}

void ai_reason_init(struct ai_reason *r, int unit, int target,
		    const char *fmt, ...)
{
	memset(r, 0, sizeof *r);
	r->unit = unit;
	r->target = target;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->choice, sizeof r->choice, fmt, ap);
	va_end(ap);
}

void ai_reason_line(struct ai_reason *r, int unit, int target,
		    const char *line)
{
	const char *id = strchr(line, ' ');
	const char *rest = id ? strchr(id + 1, ' ') : NULL;
	ai_reason_init(r, unit, target, "%.*s%s",
		       (int)(id ? id - line : (ptrdiff_t)strlen(line)), line,
		       rest ? rest : "");
}

void ai_reason_term(struct ai_reason *r, const char *name, double value)
{
	if (r->nterms < AI_REASON_TERMS)
		r->terms[r->nterms++] = (struct ai_term){name, value};
}

void ai_tell(const struct ai *a, const struct game *g,
	     const struct ai_reason *r)
{
	if (a->explain)
		a->explain(a->explain_ctx, g, a->team, r);
}
