/* vision_index.c: the sight index of a map (what blocks, how high) as bit
 * planes in both orientations, and the grids of bits casts write. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "world/vision_int.h"

int vision_map_level(const struct vision_map *m, int height)
{
	int lo = 0, hi = m->nlev - 1;
	while (lo <= hi) {
		int mid = lo + (hi - lo) / 2;
		if (m->lev[mid] == height)
			return mid;
		if (m->lev[mid] < height)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/* eq and blk planes of level i from sight and le, words j0..j1-1 of a
 * plane in orientation o. */
static void derive_planes(struct vision_map *m, int o, int i, size_t j0,
			  size_t j1)
{
	size_t p = m->plane[o] ? m->plane[o] : 1;
	const uint64_t *le = m->le[o] + i * p, *below = le - p;
	uint64_t *eq = m->eq[o] + i * p, *blk = m->blk[o] + i * p;
	for (size_t j = j0; j < j1; j++) {
		eq[j] = i > 0 ? le[j] & ~below[j] : le[j];
		blk[j] = m->sight[o][j] | ~le[j];
	}
}

/* Make room for a new height h in m->lev (kept ascending) with a clear
 * row-major plane of its own in *eq; returns its index. */
static int add_level(struct vision_map *m, int h, uint64_t **eq, int *cap)
{
	size_t pr = m->plane[VB_ROWS];
	if (m->nlev == *cap) {
		*cap *= 2;
		m->lev = xrealloc(m->lev, (size_t)*cap * sizeof *m->lev);
		m->levbox = xrealloc(m->levbox,
				     (size_t)*cap * sizeof *m->levbox);
		*eq = xrealloc(*eq, (size_t)*cap * pr * sizeof **eq);
	}
	int k = m->nlev;
	while (k > 0 && m->lev[k - 1] > h)
		k--;
	memmove(m->lev + k + 1, m->lev + k, (size_t)(m->nlev - k) * sizeof *m->lev);
	memmove(m->levbox + k + 1, m->levbox + k,
		(size_t)(m->nlev - k) * sizeof *m->levbox);
	memmove(*eq + (k + 1) * pr, *eq + k * pr,
		(size_t)(m->nlev - k) * pr * sizeof **eq);
	memset(*eq + k * pr, 0, pr * sizeof **eq);
	m->lev[k] = h;
	m->levbox[k] = VISION_BOX_EMPTY;
	m->nlev++;
	return k;
}

void vision_map_build(struct vision_map *m, const struct world *w)
{
	const struct map *map = &w->map;
	int W = map->w, H = map->h;
	memset(m, 0, sizeof *m);
	m->w = W;
	m->h = H;
	m->words[VB_ROWS] = (W + 63) / 64;
	m->words[VB_COLS] = (H + 63) / 64;
	m->plane[VB_ROWS] = (size_t)H * (size_t)m->words[VB_ROWS];
	m->plane[VB_COLS] = (size_t)W * (size_t)m->words[VB_COLS];
	size_t pr = m->plane[VB_ROWS] ? m->plane[VB_ROWS] : 1;
	size_t pc = m->plane[VB_COLS] ? m->plane[VB_COLS] : 1;
	int cap = 4;
	m->lev = xmalloc((size_t)cap * sizeof *m->lev);
	m->levbox = xmalloc((size_t)cap * sizeof *m->levbox);
	uint64_t *eq = xmalloc((size_t)cap * pr * sizeof *eq);
	m->sight[VB_ROWS] = xcalloc(pr, sizeof(uint64_t));
	/* One pass over the cells: the sight bit, and a bit in the plane of
	 * the cell's own height, each new height getting a plane as it
	 * appears. Boxes grow by the ends of each row's runs of a height. */
	int wr = m->words[VB_ROWS], lasth = 0, k = -1;
	for (int y = 0; y < H; y++) {
		uint64_t *srow = m->sight[VB_ROWS] + (size_t)y * wr;
		const struct cell *c = map_cell_c(map, 0, y);
		for (int x = 0; x < W; x++, c++) {
			int h = c->t.height;
			if (k < 0 || h != lasth) {
				if (k >= 0) /* a run of height lasth ends */
					vision_box_add(&m->levbox[k], x - 1, y);
				k = vision_map_level(m, h);
				if (k < 0)
					k = add_level(m, h, &eq, &cap);
				lasth = h;
				vision_box_add(&m->levbox[k], x, y);
			}
			uint64_t bit = (uint64_t)1 << (x & 63);
			if (cell_blocks_sight(c))
				srow[x >> 6] |= bit;
			eq[(size_t)k * pr + (size_t)y * wr + (x >> 6)] |= bit;
		}
		/* The row's last run of a height ends at its last cell. */
		if (W > 0)
			vision_box_add(&m->levbox[k], W - 1, y);
		k = -1;
	}
	/* Plane i holds every height up to lev[i]: a running OR. */
	int nlev = m->nlev;
	for (int i = 1; i < nlev; i++)
		for (size_t j = 0; j < pr; j++)
			eq[i * pr + j] |= eq[(i - 1) * pr + j];
	m->le[VB_ROWS] = eq;
	m->sight[VB_COLS] = xcalloc(pc, sizeof(uint64_t));
	m->le[VB_COLS] = xcalloc(pc * (size_t)(nlev ? nlev : 1), sizeof(uint64_t));
	int wc = m->words[VB_COLS];
	vision_transpose_or(m->sight[VB_ROWS], H, wr, m->sight[VB_COLS], W,
			    wc);
	for (int i = 0; i < nlev; i++)
		vision_transpose_or(m->le[VB_ROWS] + i * pr, H, wr,
				    m->le[VB_COLS] + i * pc, W, wc);
	for (int o = 0; o < 2; o++) {
		size_t p = o == VB_ROWS ? pr : pc;
		m->eq[o] = xmalloc(p * (size_t)(nlev ? nlev : 1) * sizeof(uint64_t));
		m->blk[o] = xmalloc(p * (size_t)(nlev ? nlev : 1) * sizeof(uint64_t));
		for (int i = 0; i < nlev; i++)
			derive_planes(m, o, i, 0, p);
	}
}

void vision_map_free(struct vision_map *m)
{
	for (int o = 0; o < 2; o++) {
		free(m->sight[o]);
		free(m->le[o]);
		free(m->eq[o]);
		free(m->blk[o]);
	}
	free(m->lev);
	free(m->levbox);
	memset(m, 0, sizeof *m);
}

static void put_bit(uint64_t *line, int i, bool on)
{
	uint64_t bit = (uint64_t)1 << (i & 63);
	if (on)
		line[i >> 6] |= bit;
	else
		line[i >> 6] &= ~bit;
}

int vision_map_update_cell(struct vision_map *m, const struct world *w,
			   int x, int y)
{
	const struct cell *c = map_cell_c(&w->map, x, y);
	int k = vision_map_level(m, c->t.height);
	if (k < 0)
		return -1;
	int wr = m->words[VB_ROWS], wc = m->words[VB_COLS], r = 0;
	uint64_t *row = m->sight[VB_ROWS] + (size_t)y * wr;
	uint64_t *col = m->sight[VB_COLS] + (size_t)x * wc;
	bool s = cell_blocks_sight(c);
	if (vision_bit(row, x) != s) {
		put_bit(row, x, s);
		put_bit(col, y, s);
		r |= 1;
	}
	int old = 0;
	while (old < m->nlev &&
	       !vision_bit(m->le[VB_ROWS] + old * m->plane[VB_ROWS] +
				   (size_t)y * wr,
			   x))
		old++;
	if (old != k) {
		for (int i = 0; i < m->nlev; i++) {
			put_bit(m->le[VB_ROWS] + i * m->plane[VB_ROWS] +
					(size_t)y * wr,
				x, i >= k);
			put_bit(m->le[VB_COLS] + i * m->plane[VB_COLS] +
					(size_t)x * wc,
				y, i >= k);
		}
		vision_box_add(&m->levbox[k], x, y);
		r |= 2;
	}
	if (r) { /* the words of the cell in the derived planes */
		for (int i = 0; i < m->nlev; i++) {
			size_t jr = (size_t)y * wr + (x >> 6);
			size_t jc = (size_t)x * wc + (y >> 6);
			derive_planes(m, VB_ROWS, i, jr, jr + 1);
			derive_planes(m, VB_COLS, i, jc, jc + 1);
		}
	}
	return r;
}

/* ---- grids of bits ------------------------------------------------- */

/* Clear what was written, so the whole buffer is zero again. */
static void bits_clear(struct vision_bits *b)
{
	if (!b->w || b->hi < b->lo)
		return;
	size_t n = (size_t)(b->whi - b->wlo + 1) * sizeof *b->w;
	for (int l = b->lo; l <= b->hi; l++)
		memset(b->w + (size_t)(l - b->line0) * b->nwords +
			       (b->wlo - b->word0),
		       0, n);
	b->lo = b->wlo = INT_MAX;
	b->hi = b->whi = INT_MIN;
}

void vision_bits_cover(struct vision_bits *b, int o, struct vision_box box)
{
	bits_clear(b);
	b->lo = b->wlo = INT_MAX;
	b->hi = b->whi = INT_MIN;
	if (box.x1 < box.x0 || box.y1 < box.y0) {
		b->nlines = b->nwords = 0;
		return;
	}
	int l0 = o == VB_ROWS ? box.y0 : box.x0;
	int l1 = o == VB_ROWS ? box.y1 : box.x1;
	int m0 = o == VB_ROWS ? box.x0 : box.y0;
	int m1 = o == VB_ROWS ? box.x1 : box.y1;
	b->line0 = l0;
	b->nlines = l1 - l0 + 1;
	b->word0 = m0 >> 6;
	b->nwords = (m1 >> 6) - b->word0 + 1;
	size_t n = (size_t)b->nlines * (size_t)b->nwords;
	if (n > b->cap) {
		free(b->w);
		b->w = xcalloc(n, sizeof *b->w);
		b->cap = n;
	}
}

void vision_bits_whole(struct vision_bits *b, const struct vision_map *m,
		       int o)
{
	vision_bits_cover(b, o, (struct vision_box){0, 0, m->w - 1, m->h - 1});
}

void vision_bits_free(struct vision_bits *b)
{
	free(b->w);
	memset(b, 0, sizeof *b);
}

/* Transpose a 64x64 block of bits in place: bit c of a[r] trades places
 * with bit r of a[c] (the recursive block swap of Hacker's Delight 7-3,
 * for bits counted from the least significant). */
static void transpose64(uint64_t a[64])
{
	uint64_t m = 0x00000000FFFFFFFFULL;
	for (int j = 32; j != 0; j >>= 1, m ^= m << j) {
		for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
			uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
			a[k | j] ^= t;
			a[k] ^= t << j;
		}
	}
}

void vision_transpose_or_part(const uint64_t *src, int slines, int swords,
			      uint64_t *dst, int dlines, int dwords, int sb0,
			      int sb1, int db0, int db1)
{
	uint64_t a[64];
	for (int sb = sb0; sb <= sb1; sb++) {
		for (int db = db0; db <= db1; db++) {
			bool any = false;
			for (int r = 0; r < 64; r++) {
				int l = 64 * db + r;
				a[r] = l < slines ? src[(size_t)l * swords + sb]
						  : 0;
				any |= a[r] != 0;
			}
			if (!any)
				continue;
			transpose64(a);
			for (int c = 0; c < 64 && 64 * sb + c < dlines; c++)
				dst[(size_t)(64 * sb + c) * dwords + db] |= a[c];
		}
	}
}

void vision_transpose_or(const uint64_t *src, int slines, int swords,
			 uint64_t *dst, int dlines, int dwords)
{
	vision_transpose_or_part(src, slines, swords, dst, dlines, dwords, 0,
				 swords - 1, 0, dwords - 1);
}

/* Eight bits to eight bytes of 0 or 1, bit i to byte i. */
static uint64_t spread8(uint64_t b)
{
	b = (b | (b << 28)) & 0x0000000F0000000FULL;
	b = (b | (b << 14)) & 0x0003000300030003ULL;
	b = (b | (b << 7)) & 0x0101010101010101ULL;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	b = __builtin_bswap64(b); /* byte i first in memory */
#endif
	return b;
}

void vision_bits_to_bytes(const struct vision_map *m, const uint64_t *rows,
			  unsigned char *out)
{
	int W = m->w, wr = m->words[VB_ROWS];
	for (int y = 0; y < m->h; y++) {
		const uint64_t *row = rows + (size_t)y * wr;
		unsigned char *o = out + (size_t)y * W;
		for (int k = 0; k < wr; k++) {
			int n = W - 64 * k < 64 ? W - 64 * k : 64;
			uint64_t bits = row[k];
			if (bits == 0 || bits == ~(uint64_t)0) {
				memset(o + 64 * k, bits ? 1 : 0, (size_t)n);
				continue;
			}
			for (int j = 0; j * 8 < n; j++) {
				uint64_t v = spread8((bits >> (8 * j)) & 0xFF);
				int len = n - 8 * j < 8 ? n - 8 * j : 8;
				memcpy(o + 64 * k + 8 * j, &v, (size_t)len);
			}
		}
	}
}
