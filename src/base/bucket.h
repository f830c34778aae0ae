/* bucket.h: a bucket queue (Dial's) of (key, id) pairs for searches whose
 * keys are small non-negative integers that grow as the search goes: a
 * ring of buckets, one per key, taken in key order. Push and pop cost
 * O(1), plus the empty buckets a pop walks past. The ring grows when the
 * queued keys span more buckets than it has, so any keys are allowed;
 * among equal keys the order is unspecified (a search that needs a
 * particular order among ties must not depend on it). */
#ifndef MEDSIEGE_BUCKET_H
#define MEDSIEGE_BUCKET_H

struct bucket_entry {
	int key, id;
	int next; /* the next entry in its bucket or in the free list, or -1 */
};

struct bucket_queue {
	int *head;                 /* owned: per bucket, its first entry or -1 */
	struct bucket_entry *e;    /* owned: the entries, queued and free */
	int ring;                  /* buckets: 0 or a power of two */
	int n;                     /* entries queued */
	int used, cap;             /* entries used since the last clear, allocated */
	int free1;                 /* the first free entry plus one (0: none), so
				      that {0} is an empty queue */
	int lo, hi;                /* while n > 0, every queued key is in lo..hi */
};

/* Out of bucket_push's way: make the ring hold key with the keys queued
 * and make room for one more entry. */
void bucket_make_room(struct bucket_queue *q, int key);

/* Queue id with key (>= 0). Inline, as the searches push every step. */
static inline void bucket_push(struct bucket_queue *q, int key, int id)
{
	if (q->n == 0 || key < q->lo || key > q->hi ||
	    (!q->free1 && q->used == q->cap))
		bucket_make_room(q, key);
	int i;
	if (q->free1) {
		i = q->free1 - 1;
		q->free1 = q->e[i].next + 1;
	} else {
		i = q->used++;
	}
	int s = (int)((unsigned)key & (unsigned)(q->ring - 1));
	q->e[i] = (struct bucket_entry){key, id, q->head[s]};
	q->head[s] = i;
	q->n++;
}

/* The id of a least key, taken out, with that key in *key; the queue
 * must not be empty. Every queued key is in lo..hi and the ring is at
 * least that wide, so the first bucket not empty from lo holds the
 * least. */
static inline int bucket_pop(struct bucket_queue *q, int *key)
{
	unsigned mask = (unsigned)q->ring - 1;
	int s = (int)((unsigned)q->lo & mask);
	while (q->head[s] < 0) {
		q->lo++;
		s = (int)((unsigned)(s + 1) & mask);
	}
	int i = q->head[s];
	struct bucket_entry *en = &q->e[i];
	q->head[s] = en->next;
	en->next = q->free1 - 1;
	q->free1 = i + 1;
	q->n--;
	*key = en->key;
	return en->id;
}

/* Take everything out, keeping the memory for the next search. */
void bucket_clear(struct bucket_queue *q);
/* Free what q owns; q is then an empty queue again. */
void bucket_free(struct bucket_queue *q);

#endif
