/* util.c: allocation that aborts on failure, strings, nearest names. */
#include "base/util.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"

static void oom(void)
{
	fputs("medsiege: out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xmalloc(n);
	memcpy(p, s, n);
	return p;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		oom();
	char *p = xmalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = xvasprintf(fmt, ap);
	va_end(ap);
	return p;
}

void util_fill_int(int *a, size_t n, int v)
{
	size_t i = 0;
	/* Four at a step, which the compiler stores as one. */
	for (; i + 4 <= n; i += 4) {
		a[i] = v;
		a[i + 1] = v;
		a[i + 2] = v;
		a[i + 3] = v;
	}
	for (; i < n; i++)
		a[i] = v;
}

size_t strlcpy_s(char *dst, const char *src, size_t n)
{
	size_t len = strlen(src);
	if (n) {
		size_t c = len < n - 1 ? len : n - 1;
		memcpy(dst, src, c);
		dst[c] = '\0';
	}
	return len;
}

int util_edit_distance(const char *a, const char *b)
{
	/* Optimal string alignment: a swap of two letters is one edit. Three
	 * rows of the table are all it looks back on: a whole table on the
	 * stack costs more to set up than most words cost to compare. */
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return 99;
	int rows[3][65];
	int *two = rows[0], *one = rows[1], *cur = rows[2];
	for (size_t j = 0; j <= lb; j++)
		one[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int cost = a[i - 1] != b[j - 1];
			int m = one[j] + 1;
			if (cur[j - 1] + 1 < m)
				m = cur[j - 1] + 1;
			if (one[j - 1] + cost < m)
				m = one[j - 1] + cost;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && two[j - 2] + 1 < m)
				m = two[j - 2] + 1;
			cur[j] = m;
		}
		int *t = two;
		two = one;
		one = cur;
		cur = t;
	}
	return one[lb];
}

const char *util_nearest(const char *word, const char *const *cands, int n)
{
	/* Only suggest when the typo is small relative to the word. */
	size_t len = strlen(word);
	int limit = (int)len / 3 + 1;
	if (limit > 3)
		limit = 3;
	const char *best = NULL;
	int bestd = limit + 1;
	for (int i = 0; i < n; i++) {
		/* Words whose lengths differ by more than the limit are
		 * further apart than that: no need to compare them. */
		size_t lc = strlen(cands[i]);
		if ((lc > len ? lc - len : len - lc) > (size_t)limit)
			continue;
		int d = util_edit_distance(word, cands[i]);
		if (d < bestd) {
			bestd = d;
			best = cands[i];
		}
	}
	return best;
}

void strbuf_init(struct strbuf *b)
{
	b->cap = 64;
	b->len = 0;
	b->s = xmalloc(b->cap);
	b->s[0] = '\0';
}

static void strbuf_grow(struct strbuf *b, size_t extra)
{
	if (b->len + extra + 1 <= b->cap)
		return;
	while (b->len + extra + 1 > b->cap)
		b->cap *= 2;
	b->s = xrealloc(b->s, b->cap);
}

void strbuf_add(struct strbuf *b, const char *s)
{
	strbuf_addn(b, s, strlen(s));
}

void strbuf_addn(struct strbuf *b, const char *s, size_t n)
{
	strbuf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void strbuf_addc(struct strbuf *b, char c)
{
	strbuf_grow(b, 1);
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

void strbuf_addf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = xvasprintf(fmt, ap);
	va_end(ap);
	strbuf_add(b, p);
	free(p);
}

void strbuf_add_json(struct strbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	strbuf_addc(b, '"');
	while (*p) {
		unsigned cp;
		size_t n = utf8_decode((const char *)p, &cp);
		if (n == 0) {
			/* Not UTF-8: JSON text must be, so the byte is
			 * replaced, as a reader of a broken file would. */
			strbuf_add(b, "\\ufffd");
			p++;
			continue;
		}
		if (cp == '"' || cp == '\\') {
			strbuf_addc(b, '\\');
			strbuf_addc(b, (char)cp);
		} else if (cp == '\n') {
			strbuf_add(b, "\\n");
		} else if (utf8_is_control(cp)) {
			strbuf_addf(b, "\\u%04x", cp);
		} else {
			for (size_t i = 0; i < n; i++)
				strbuf_addc(b, (char)p[i]);
		}
		p += n;
	}
	strbuf_addc(b, '"');
}

void strbuf_add_printable(struct strbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		unsigned cp;
		size_t n = utf8_decode((const char *)p, &cp);
		if (n == 0) {
			strbuf_addf(b, "\\x%02x", *p++);
			continue;
		}
		if (cp == '\t')
			strbuf_add(b, "\\t");
		else if (cp == '\n')
			strbuf_add(b, "\\n");
		else if (cp == '\r')
			strbuf_add(b, "\\r");
		else if (utf8_is_control(cp))
			for (size_t i = 0; i < n; i++)
				strbuf_addf(b, "\\x%02x", p[i]);
		else if (utf8_is_format(cp))
			/* Invisible, and some turn the rest of the line
			 * around: shown as what they are. */
			strbuf_addf(b, cp > 0xffff ? "\\U%08x" : "\\u%04x", cp);
		else
			for (size_t i = 0; i < n; i++)
				strbuf_addc(b, (char)p[i]);
		p += n;
	}
}

char *util_printable(const char *s)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add_printable(&b, s);
	return b.s;
}

size_t util_copy_text(char *dst, const char *src, size_t n)
{
	size_t len = strlen(src);
	if (n == 0)
		return len;
	size_t k = len < n - 1 ? len : n - 1;
	/* Back off to the start of a character: never half of one. */
	while (k > 0 && k < len && ((unsigned char)src[k] & 0xc0) == 0x80)
		k--;
	memcpy(dst, src, k);
	dst[k] = '\0';
	return len;
}

void strbuf_free(struct strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}
