/* vision_int.h: what the files of the vision module share and nothing else
 * uses: the sight index of a map, grids of bits and the exact shadow cast. */
#ifndef MEDSIEGE_VISION_INT_H
#define MEDSIEGE_VISION_INT_H

#include <stddef.h>
#include <stdint.h>

#include "world/vision.h"

/* Bit grids come in two orientations: lines are rows (bit i of a line is
 * x = i) or columns (bit i is y = i). Casting along x writes columns, along
 * y rows, so every span a cast marks lies within one line. */
enum { VB_ROWS, VB_COLS };

/*
 * The sight index of a map, in both orientations: one bit per cell for
 * terrain that blocks sight now, and for each distinct height lev[i] of the
 * map three planes: le, the cells no higher than lev[i]; eq, the cells
 * exactly that high; blk, the cells that block a line whose higher end is
 * at lev[i] (sight, or higher than lev[i]; troops are not in the index).
 * Built from the map; callers that change a cell update it.
 */
struct vision_map {
	int w, h;
	int words[2];    /* words per line: [VB_ROWS] covers w, [VB_COLS] h */
	size_t plane[2]; /* words per plane */
	int nlev;
	int *lev;                  /* the distinct heights, ascending */
	struct vision_box *levbox; /* the cells exactly at each height */
	uint64_t *sight[2];
	uint64_t *le[2], *eq[2], *blk[2]; /* nlev planes each */
};

/* Build m from the world's map (m uninitialised); free with
 * vision_map_free. */
void vision_map_build(struct vision_map *m, const struct world *w);
void vision_map_free(struct vision_map *m);
/* Level index of a height of the map, or -1 when it is none of them. */
int vision_map_level(const struct vision_map *m, int height);
/* Bring cell x,y up to date. Returns a bit set: 1 when its sight bit
 * changed, 2 when its height did; -1 when the new height is not one of the
 * index's levels (then rebuild the index). */
int vision_map_update_cell(struct vision_map *m, const struct world *w,
			   int x, int y);

static inline bool vision_bit(const uint64_t *line, int i)
{
	return (line[i >> 6] >> (i & 63)) & 1;
}

/* A grid of bits over a rectangle of lines (line0.., words word0.. along
 * each line; word k holds bits 64k..64k+63 of the whole line). lo..hi and
 * wlo..whi bound the lines and words a cast has written (hi < lo: none). */
struct vision_bits {
	uint64_t *w;
	size_t cap;
	int line0, nlines, word0, nwords;
	int lo, hi, wlo, whi;
};

/* Size b to cover box (cells) in orientation o, all bits clear. */
void vision_bits_cover(struct vision_bits *b, int o, struct vision_box box);
/* Cover the whole map (lines and words of m), all bits clear. */
void vision_bits_whole(struct vision_bits *b, const struct vision_map *m,
		       int o);
void vision_bits_free(struct vision_bits *b);

/* A view as runs of set cells along each line lo..hi of one orientation
 * (hi < lo: none): the runs of line l are run[first[l - lo]] up to
 * run[first[l - lo + 1]], each [start, end) along the line, sorted and
 * apart. Lines are at most VISION_RUNS_MAX cells long. */
#define VISION_RUNS_MAX 65535
struct vision_runs {
	int lo, hi;
	uint32_t *first;
	size_t firstcap;
	uint16_t (*run)[2];
	size_t nrun, runcap;
};

/* Empty r, keeping its memory; free it with vision_runs_free. */
void vision_runs_clear(struct vision_runs *r);
void vision_runs_free(struct vision_runs *r);
/* dst = src, in memory the size of src: a cache holds many. */
void vision_runs_copy(struct vision_runs *dst, const struct vision_runs *src);
/* r = the set bits of b. */
void vision_runs_from_bits(struct vision_runs *r, const struct vision_bits *b);
/* Called for the cells a..b-1 of line l: d = 1 where they are in one view
 * and not in the other it is compared with, d = -1 the other way. */
typedef void (*vision_runs_fn)(void *arg, int l, int a, int b, int d);
/* f for every span in now and not in was (d = 1) and in was and not in
 * now (d = -1); cells in both, or in neither, are not passed. */
void vision_runs_diff(const struct vision_runs *was,
		      const struct vision_runs *now, vision_runs_fn f,
		      void *arg);

/* dst |= the transpose of src: src has slines lines of swords words, dst
 * dlines lines of dwords words; bit j of src line i is bit i of dst line
 * j. */
void vision_transpose_or(const uint64_t *src, int slines, int swords,
			 uint64_t *dst, int dlines, int dwords);
/* The same for the 64x64 blocks of words sb0..sb1 of src lines
 * 64*db0..64*db1+63 only. */
void vision_transpose_or_part(const uint64_t *src, int slines, int swords,
			      uint64_t *dst, int dlines, int dwords, int sb0,
			      int sb1, int db0, int db1);

/* out[y*w+x] = 1 where row-major bits (m's row words) are set, else 0. */
void vision_bits_to_bytes(const struct vision_map *m, const uint64_t *rows,
			  unsigned char *out);

/* One end n/d (d > 0, 0 <= n/d <= 1) of a lit interval of slopes, with
 * n*u = q*d + r for the column u being cast, so that moving on a column
 * takes an addition instead of a division. */
struct vision_end {
	int n, d, q, r;
};

/* A closed interval of lit slopes [a, b]. */
struct vision_gap {
	struct vision_end a, b;
};

/* Memory a cast reuses from one call to the next. */
struct vision_scratch {
	struct vision_gap *gap[2];
	int gcap, ngap;
	int *run; /* pairs of cells: runs of blockers within one line */
	int rcap;
};
void vision_scratch_free(struct vision_scratch *s);

/* The cells living unit idx's cast may write, per orientation (empty boxes
 * have x1 < x0). */
void vision_cast_region(const struct vision_map *m, const struct world *w,
			int idx, struct vision_box reg[2]);

/* The troops within 4 inches that a unit sees, at [dy + 4][dx + 4]: all
 * that its cast reads of where units stand. */
struct vision_troops {
	unsigned char at[9][9];
};

/* The troops within 4 inches that living unit idx sees into t, as
 * vision_cast_unit finds them; touched, when not NULL, is widened as
 * vision_cast_unit widens it for them. */
void vision_troops_seen(const struct vision_map *m, const struct world *w,
			int idx, struct vision_troops *t,
			struct vision_box *touched);

/*
 * Cast what living unit idx sees (SPEC 2.2) into out[VB_ROWS] and
 * out[VB_COLS], which must cover vision_cast_region; each seen cell is set
 * in exactly one of the two. When touched is not NULL it is widened to
 * every cell whose terrain can change the result (the unit's cell, those
 * it sees and those that cast its shadows) and every cell within 4 inches
 * where a troop would change which troops the unit sees. The troops it
 * saw go into troops when that is not NULL: on the same map, a cast of
 * the unit where it stands, facing the same way, that sees the same
 * troops sees the same cells.
 */
void vision_cast_unit(const struct vision_map *m, const struct world *w,
		      int idx, struct vision_scratch *s,
		      struct vision_bits out[2], struct vision_box *touched,
		      struct vision_troops *troops);

static inline void vision_box_add(struct vision_box *b, int x, int y)
{
	if (b->x1 < b->x0) {
		*b = (struct vision_box){x, y, x, y};
		return;
	}
	b->x0 = x < b->x0 ? x : b->x0;
	b->x1 = x > b->x1 ? x : b->x1;
	b->y0 = y < b->y0 ? y : b->y0;
	b->y1 = y > b->y1 ? y : b->y1;
}

static inline bool vision_box_has(const struct vision_box *b, int x, int y)
{
	return x >= b->x0 && x <= b->x1 && y >= b->y0 && y <= b->y1;
}

#define VISION_BOX_EMPTY ((struct vision_box){0, 0, -1, -1})

#endif
