/* heap.h: a binary min-heap of (key, id) pairs for searches: the least
 * key first and, among equal keys, the least id, so that the order in
 * which a search takes things never depends on how they went in. */
#ifndef MEDSIEGE_HEAP_H
#define MEDSIEGE_HEAP_H

#include <stdint.h>

struct heap_node {
	int64_t key;
	int id;
};

struct heap {
	struct heap_node *v; /* owned: heap_free */
	int n, cap;
};

void heap_push(struct heap *h, int64_t key, int id);
/* The least node, taken out; the heap must not be empty. */
struct heap_node heap_pop(struct heap *h);
void heap_free(struct heap *h);

#endif
