/* geom.c: all geometry is in integers, so nothing depends on rounding. */
#include "base/geom.h"

#include <stdlib.h>
#include <strings.h>

const char *const dir_names[DIR_COUNT] = {
#define X(e, n, dx, dy) n,
	DIR_LIST(X)
#undef X
};
const int dir_dx[DIR_COUNT] = {
#define X(e, n, dx, dy) dx,
	DIR_LIST(X)
#undef X
};
const int dir_dy[DIR_COUNT] = {
#define X(e, n, dx, dy) dy,
	DIR_LIST(X)
#undef X
};

int dir_parse(const char *s)
{
	for (int d = 0; d < DIR_COUNT; d++)
		if (strcasecmp(s, dir_names[d]) == 0)
			return d;
	return -1;
}

int dir_from_delta(int dx, int dy)
{
	for (int d = 0; d < DIR_COUNT; d++)
		if (dir_dx[d] == dx && dir_dy[d] == dy)
			return d;
	return -1;
}

int dir_turns(enum dir a, enum dir b)
{
	int t = abs((int)a - (int)b);
	return t > 4 ? 8 - t : t;
}

bool geom_within(int ax, int ay, int bx, int by, int r)
{
	return geom_dist2(ax, ay, bx, by) <= r * r;
}

bool geom_over_half(int ax, int ay, int bx, int by, int r)
{
	return 4 * geom_dist2(ax, ay, bx, by) > r * r;
}

bool geom_adjacent(int ax, int ay, int bx, int by)
{
	int dx = abs(bx - ax), dy = abs(by - ay);
	return dx <= 1 && dy <= 1 && (dx || dy);
}

bool geom_in_arc(enum dir f, int vx, int vy)
{
	switch (f) {
	case DIR_N:
		return -vy >= abs(vx);
	case DIR_S:
		return vy >= abs(vx);
	case DIR_E:
		return vx >= abs(vy);
	case DIR_W:
		return -vx >= abs(vy);
	case DIR_NE:
		return vx >= 0 && vy <= 0;
	case DIR_SE:
		return vx >= 0 && vy >= 0;
	case DIR_SW:
		return vx <= 0 && vy >= 0;
	case DIR_NW:
		return vx <= 0 && vy <= 0;
	default:
		return false;
	}
}

/*
 * Walk the grid from A towards B. With n = |dx|, m = |dy|, the segment
 * leaves the current cell through a vertical edge when (2i+1)*m < (2j+1)*n,
 * a horizontal edge when greater, and exactly through a corner when equal
 * (i, j = edges crossed so far along x and y).
 */
bool geom_line_walk(int ax, int ay, int bx, int by,
		    const struct line_visitor *v)
{
	int n = abs(bx - ax), m = abs(by - ay);
	int sx = bx > ax ? 1 : -1, sy = by > ay ? 1 : -1;
	int x = ax, y = ay, i = 0, j = 0;

	while (i < n || j < m) {
		long lhs = (long)(2 * i + 1) * m;
		long rhs = (long)(2 * j + 1) * n;
		if (lhs == rhs) {
			if (v->corner &&
			    v->corner(v->ctx, x + sx, y, x, y + sy))
				return true;
			x += sx;
			y += sy;
			i++;
			j++;
		} else if (lhs < rhs) {
			x += sx;
			i++;
		} else {
			y += sy;
			j++;
		}
		if (x == bx && y == by)
			break;
		if (v->cell && v->cell(v->ctx, x, y))
			return true;
	}
	return false;
}
