/*
 * vision_runs.c: a unit's view kept as runs of seen cells along each line.
 *
 * A view seen without a range covers a good part of a big field, and a
 * grid of bits over its box costs that whole box for every unit; the
 * shadows of a field break each line of it into a few runs only, so the
 * runs are what a cache keeps of each unit, and a step's change of view is
 * found run against run, in the few cells where it differs.
 */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "world/vision_int.h"

void vision_runs_clear(struct vision_runs *r)
{
	r->lo = 0;
	r->hi = -1;
	r->nrun = 0;
}

void vision_runs_free(struct vision_runs *r)
{
	free(r->first);
	free(r->run);
	*r = (struct vision_runs){0, -1, NULL, 0, NULL, 0, 0};
}

void vision_runs_copy(struct vision_runs *dst, const struct vision_runs *src)
{
	size_t nl = src->hi < src->lo ? 0 : (size_t)(src->hi - src->lo + 2);
	/* Fitted, not grown: a view seen once from a hill is not kept for
	 * every view after it. */
	if (nl > dst->firstcap || nl < dst->firstcap / 2) {
		free(dst->first);
		dst->first = nl ? xmalloc(nl * sizeof *dst->first) : NULL;
		dst->firstcap = nl;
	}
	if (src->nrun > dst->runcap || src->nrun < dst->runcap / 2) {
		free(dst->run);
		dst->run = src->nrun ? xmalloc(src->nrun * sizeof *dst->run)
				     : NULL;
		dst->runcap = src->nrun;
	}
	dst->lo = src->lo;
	dst->hi = src->hi;
	dst->nrun = src->nrun;
	if (nl)
		memcpy(dst->first, src->first, nl * sizeof *dst->first);
	if (src->nrun)
		memcpy(dst->run, src->run, src->nrun * sizeof *dst->run);
}

static void push_run(struct vision_runs *r, int a, int b)
{
	if (r->nrun == r->runcap) {
		r->runcap = r->runcap ? 2 * r->runcap : 64;
		r->run = xrealloc(r->run, r->runcap * sizeof *r->run);
	}
	r->run[r->nrun][0] = (uint16_t)a;
	r->run[r->nrun][1] = (uint16_t)b;
	r->nrun++;
}

void vision_runs_from_bits(struct vision_runs *r, const struct vision_bits *b)
{
	vision_runs_clear(r);
	if (b->hi < b->lo)
		return;
	r->lo = b->lo;
	r->hi = b->hi;
	size_t nl = (size_t)(r->hi - r->lo + 2);
	if (nl > r->firstcap) {
		free(r->first);
		r->first = xmalloc(nl * sizeof *r->first);
		r->firstcap = nl;
	}
	for (int l = b->lo; l <= b->hi; l++) {
		const uint64_t *s = b->w + (size_t)(l - b->line0) * b->nwords;
		r->first[l - r->lo] = (uint32_t)r->nrun;
		int start = -1, end = -1; /* the open run [start, end) */
		for (int k = b->wlo; k <= b->whi; k++) {
			uint64_t w = s[k - b->word0];
			while (w) {
				int s0 = __builtin_ctzll(w);
				uint64_t rest = ~(w >> s0);
				int len = rest ? __builtin_ctzll(rest) : 64 - s0;
				int a = 64 * k + s0;
				if (a != end) {
					if (start >= 0)
						push_run(r, start, end);
					start = a;
				}
				end = a + len;
				w = s0 + len >= 64 ? 0 : w & (~(uint64_t)0 << (s0 + len));
			}
		}
		if (start >= 0)
			push_run(r, start, end);
	}
	r->first[r->hi - r->lo + 1] = (uint32_t)r->nrun;
}

/* The runs of line l of r: *n of them from the returned one. */
static const uint16_t (*line_runs(const struct vision_runs *r, int l,
				   int *n))[2]
{
	if (l < r->lo || l > r->hi) {
		*n = 0;
		return NULL;
	}
	size_t i = (size_t)(l - r->lo);
	*n = (int)(r->first[i + 1] - r->first[i]);
	return r->run + r->first[i];
}

/* Call f with d for each span of the runs a (na of them) outside the runs
 * b (nb); both are sorted and each is disjoint. */
static void outside(const uint16_t (*a)[2], int na, const uint16_t (*b)[2],
		    int nb, int line, int d, vision_runs_fn f, void *arg)
{
	int j = 0;
	for (int i = 0; i < na; i++) {
		int x = a[i][0], end = a[i][1];
		while (j < nb && b[j][1] <= x)
			j++;
		for (int k = j; x < end;) {
			if (k < nb && b[k][0] <= x) {
				x = b[k++][1];
				continue;
			}
			int to = k < nb && b[k][0] < end ? b[k][0] : end;
			f(arg, line, x, to, d);
			x = to;
		}
	}
}

void vision_runs_diff(const struct vision_runs *was,
		      const struct vision_runs *now, vision_runs_fn f,
		      void *arg)
{
	int lo = was->lo, hi = was->hi;
	if (now->hi >= now->lo) {
		lo = was->hi < was->lo || now->lo < lo ? now->lo : lo;
		hi = was->hi < was->lo || now->hi > hi ? now->hi : hi;
	}
	for (int l = lo; l <= hi; l++) {
		int nw, nn;
		const uint16_t(*rw)[2] = line_runs(was, l, &nw);
		const uint16_t(*rn)[2] = line_runs(now, l, &nn);
		outside(rw, nw, rn, nn, l, -1, f, arg);
		outside(rn, nn, rw, nw, l, 1, f, arg);
	}
}
