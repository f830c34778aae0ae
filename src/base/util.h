/* util.h: abort-on-OOM allocation and small string helpers. */
#ifndef MEDSIEGE_UTIL_H
#define MEDSIEGE_UTIL_H

#include <stdarg.h>
#include <stddef.h>

/* Allocators that never return NULL: running out of memory aborts. */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* A newly allocated formatted string; the caller frees it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap);

/* Set a[0..n) to v: searches fill their arrays before each run. */
void util_fill_int(int *a, size_t n, int v);

/* Copy src into dst of size n, always terminated; returns strlen(src). */
size_t strlcpy_s(char *dst, const char *src, size_t n);
/* The same, cut short (if it must be) at the start of a UTF-8 character,
 * never inside one. */
size_t util_copy_text(char *dst, const char *src, size_t n);
/* s as strbuf_add_printable writes it, newly allocated: every message that
 * quotes a file, a script or an argument goes through it. */
char *util_printable(const char *s);

/* Edit distance between two short strings, for "did you mean" hints. */
int util_edit_distance(const char *a, const char *b);
/* The candidate nearest to word, or NULL when none is close enough. */
const char *util_nearest(const char *word, const char *const *cands, int n);

/* A growable string buffer. */
struct strbuf {
	char *s;
	size_t len, cap;
};
void strbuf_init(struct strbuf *b);
void strbuf_add(struct strbuf *b, const char *s);
void strbuf_addf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void strbuf_addc(struct strbuf *b, char c);
/* Append the n bytes at s (no NUL among them). */
void strbuf_addn(struct strbuf *b, const char *s, size_t n);
/* Append s as a JSON string literal (with quotes and escapes): control
 * characters escaped, bytes that are not UTF-8 replaced by U+FFFD. */
void strbuf_add_json(struct strbuf *b, const char *s);
/* Append s as text safe to show on a terminal: tab, newline and return
 * as \t \n \r, every other control character (C0, DEL, C1) and every
 * byte that is not UTF-8 as \xHH, every invisible format character (a
 * bidi control, a zero-width one: utf8_is_format) as \uHHHH or
 * \UHHHHHHHH. Doing it twice changes nothing. */
void strbuf_add_printable(struct strbuf *b, const char *s);
void strbuf_free(struct strbuf *b);

#endif
