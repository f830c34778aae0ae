/* bucket.c: the bucket queue the computer player's searches use. */
#include "base/bucket.h"

#include <stdlib.h>

#include "base/util.h"

/* A ring of at least span buckets, the queued entries moved to it. */
static void grow(struct bucket_queue *q, long span)
{
	int ring = q->ring ? q->ring : 64;
	while (ring < span)
		ring *= 2;
	int *head = xmalloc((size_t)ring * sizeof *head);
	for (int b = 0; b < ring; b++)
		head[b] = -1;
	for (int b = 0; b < q->ring; b++)
		for (int i = q->head[b]; i >= 0;) {
			struct bucket_entry *en = &q->e[i];
			int next = en->next, s = (int)((unsigned)en->key &
						       (unsigned)(ring - 1));
			en->next = head[s];
			head[s] = i;
			i = next;
		}
	free(q->head);
	q->head = head;
	q->ring = ring;
}

void bucket_make_room(struct bucket_queue *q, int key)
{
	if (q->n == 0) {
		q->lo = q->hi = key;
		if (!q->ring)
			grow(q, 1);
	} else {
		int lo = key < q->lo ? key : q->lo;
		int hi = key > q->hi ? key : q->hi;
		if ((long)hi - lo + 1 > q->ring)
			grow(q, (long)hi - lo + 1);
		q->lo = lo;
		q->hi = hi;
	}
	if (!q->free1 && q->used == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 256;
		q->e = xrealloc(q->e, (size_t)q->cap * sizeof *q->e);
	}
}

void bucket_clear(struct bucket_queue *q)
{
	for (int b = 0; b < q->ring; b++)
		q->head[b] = -1;
	q->n = q->used = q->free1 = 0;
}

void bucket_free(struct bucket_queue *q)
{
	free(q->head);
	free(q->e);
	*q = (struct bucket_queue){0};
}
