/* heap.c: the binary min-heap searches share (ties by id). */
#include "base/heap.h"

#include <stdbool.h>
#include <stdlib.h>

#include "base/util.h"

static bool less(const struct heap_node *a, const struct heap_node *b)
{
	return a->key < b->key || (a->key == b->key && a->id < b->id);
}

void heap_push(struct heap *h, int64_t key, int id)
{
	if (h->n == h->cap) {
		h->cap = h->cap ? h->cap * 2 : 256;
		h->v = xrealloc(h->v, (size_t)h->cap * sizeof *h->v);
	}
	struct heap_node nd = {key, id};
	int i = h->n++;
	while (i > 0) {
		int p = (i - 1) / 2;
		if (!less(&nd, &h->v[p]))
			break;
		h->v[i] = h->v[p];
		i = p;
	}
	h->v[i] = nd;
}

struct heap_node heap_pop(struct heap *h)
{
	struct heap_node top = h->v[0], last = h->v[--h->n];
	int i = 0;
	for (;;) {
		int c = 2 * i + 1;
		if (c >= h->n)
			break;
		if (c + 1 < h->n && less(&h->v[c + 1], &h->v[c]))
			c++;
		if (!less(&h->v[c], &last))
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n)
		h->v[i] = last;
	return top;
}

void heap_free(struct heap *h)
{
	free(h->v);
	h->v = NULL;
	h->n = h->cap = 0;
}
