/* test_bucket.c: the bucket queue the computer player's searches use:
 * everything pushed comes out once, least key first, whatever the spread
 * of the keys (the ring grows), pushes below the least key included; a
 * search over a small grid finds the distances a plain one does. And
 * util_fill_int, which the searches start from, fills what it is asked
 * and nothing past it. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/bucket.h"
#include "base/util.h"

/* A repeatable stream of numbers below n. */
static unsigned next_below(unsigned *s, unsigned n)
{
	*s = *s * 1103515245u + 12345u;
	return (*s >> 8) % n;
}

static void test_empty_queue_is_zero(void **state)
{
	(void)state;
	struct bucket_queue q = {0};
	bucket_push(&q, 5, 1);
	int key = -1;
	assert_int_equal(bucket_pop(&q, &key), 1);
	assert_int_equal(key, 5);
	assert_int_equal(q.n, 0);
	bucket_free(&q);
	assert_null(q.head);
	assert_null(q.e);
	assert_int_equal(q.ring, 0);
	/* Free, it is an empty queue again. */
	bucket_push(&q, 0, 2);
	assert_int_equal(bucket_pop(&q, &key), 2);
	assert_int_equal(key, 0);
	bucket_free(&q);
}

static void test_least_key_first(void **state)
{
	(void)state;
	struct bucket_queue q = {0};
	static const int keys[] = {7, 3, 9, 3, 0, 12, 7};
	int n = (int)(sizeof keys / sizeof keys[0]);
	for (int i = 0; i < n; i++)
		bucket_push(&q, keys[i], i);
	static const int want[] = {0, 3, 3, 7, 7, 9, 12};
	bool seen[7] = {false};
	for (int i = 0; i < n; i++) {
		int key, id = bucket_pop(&q, &key);
		assert_int_equal(key, want[i]);
		assert_in_range(id, 0, n - 1);
		assert_false(seen[id]);
		seen[id] = true;
		assert_int_equal(keys[id], key);
	}
	assert_int_equal(q.n, 0);
	bucket_free(&q);
}

/* Keys far apart (wider than the first ring) and pushes below the least
 * queued key, in a random order, against a count of what went in. */
static void test_any_spread_of_keys(void **state)
{
	(void)state;
	enum { N = 3000, KEYS = 5000 };
	unsigned s = 1;
	static int count[KEYS];
	memset(count, 0, sizeof count);
	struct bucket_queue q = {0};
	int pushed = 0, popped = 0, last = -1;
	while (popped < N) {
		if (pushed < N && (q.n == 0 || next_below(&s, 3) > 0)) {
			/* After a pop, keys at or above it, as a search
			 * pushes; before any, anywhere. */
			int lo = last < 0 ? 0 : last;
			int key = lo + (int)next_below(&s, (unsigned)(KEYS - lo));
			bucket_push(&q, key, key);
			count[key]++;
			pushed++;
		} else {
			int key, id = bucket_pop(&q, &key);
			assert_int_equal(id, key);
			assert_true(key >= last);
			assert_true(count[key] > 0);
			count[key]--;
			last = key;
			popped++;
		}
	}
	for (int k = 0; k < KEYS; k++)
		assert_int_equal(count[k], 0);
	assert_true(q.ring >= 64);
	bucket_free(&q);
}

static void test_push_below_least_before_pop(void **state)
{
	(void)state;
	struct bucket_queue q = {0};
	bucket_push(&q, 1000, 1);
	bucket_push(&q, 10, 2);
	bucket_push(&q, 500, 3);
	bucket_push(&q, 10, 4);
	int key, a = bucket_pop(&q, &key);
	assert_int_equal(key, 10);
	int b = bucket_pop(&q, &key);
	assert_int_equal(key, 10);
	assert_int_equal(a + b, 6);
	assert_int_equal(bucket_pop(&q, &key), 3);
	assert_int_equal(key, 500);
	assert_int_equal(bucket_pop(&q, &key), 1);
	assert_int_equal(key, 1000);
	bucket_free(&q);
}

static void test_clear_empties_and_keeps_memory(void **state)
{
	(void)state;
	struct bucket_queue q = {0};
	for (int i = 0; i < 100; i++)
		bucket_push(&q, i % 17, i);
	int *head = q.head;
	bucket_clear(&q);
	assert_int_equal(q.n, 0);
	assert_ptr_equal(q.head, head);
	bucket_push(&q, 4, 42);
	bucket_push(&q, 2, 43);
	int key;
	assert_int_equal(bucket_pop(&q, &key), 43);
	assert_int_equal(key, 2);
	assert_int_equal(bucket_pop(&q, &key), 42);
	assert_int_equal(key, 4);
	assert_int_equal(q.n, 0);
	bucket_free(&q);
}

/* Dijkstra with the queue over a grid of random step costs (1 to 40,
 * to every one of the four neighbours), against Bellman-Ford. */
static void test_search_distances(void **state)
{
	(void)state;
	enum { W = 23, H = 17, C = W * H };
	static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
	unsigned s = 7;
	static int cost[C], dist[C], ref[C];
	for (int c = 0; c < C; c++)
		cost[c] = 1 + (int)next_below(&s, 40);
	for (int c = 0; c < C; c++)
		dist[c] = ref[c] = INT_MAX;
	dist[0] = ref[0] = 0;
	dist[C - 1] = ref[C - 1] = 3;
	struct bucket_queue q = {0};
	bucket_push(&q, 3, C - 1);
	bucket_push(&q, 0, 0);
	while (q.n) {
		int at, id = bucket_pop(&q, &at);
		if (at > dist[id])
			continue;
		for (int d = 0; d < 4; d++) {
			int x = id % W + dx[d], y = id / W + dy[d];
			if (x < 0 || y < 0 || x >= W || y >= H)
				continue;
			int nc = y * W + x;
			if (at + cost[nc] < dist[nc]) {
				dist[nc] = at + cost[nc];
				bucket_push(&q, dist[nc], nc);
			}
		}
	}
	bucket_free(&q);
	for (bool changed = true; changed;) {
		changed = false;
		for (int c = 0; c < C; c++)
			for (int d = 0; d < 4; d++) {
				int x = c % W + dx[d], y = c / W + dy[d];
				if (ref[c] == INT_MAX || x < 0 || y < 0 ||
				    x >= W || y >= H)
					continue;
				int nc = y * W + x;
				if (ref[c] + cost[nc] < ref[nc]) {
					ref[nc] = ref[c] + cost[nc];
					changed = true;
				}
			}
	}
	for (int c = 0; c < C; c++)
		assert_int_equal(dist[c], ref[c]);
}

static void test_fill_every_length(void **state)
{
	(void)state;
	int a[40];
	for (size_t n = 0; n <= 37; n++) {
		for (int i = 0; i < 40; i++)
			a[i] = 7;
		util_fill_int(a + 1, n, n % 2 ? INT_MAX : -1);
		assert_int_equal(a[0], 7);
		for (size_t i = 1; i <= n; i++)
			assert_int_equal(a[i], n % 2 ? INT_MAX : -1);
		for (size_t i = n + 1; i < 40; i++)
			assert_int_equal(a[i], 7);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_empty_queue_is_zero),
		cmocka_unit_test(test_least_key_first),
		cmocka_unit_test(test_any_spread_of_keys),
		cmocka_unit_test(test_push_below_least_before_pop),
		cmocka_unit_test(test_clear_empties_and_keeps_memory),
		cmocka_unit_test(test_search_distances),
		cmocka_unit_test(test_fill_every_length),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
