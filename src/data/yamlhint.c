/* yamlhint.c: libyaml stops where the parse fails, which for a badly
 * indented or unfinished line is often the line after the mistake, and
 * says it in a parser's words ("did not find expected '-' indicator"):
 * here the common structure mistakes are told in plain words, at the
 * line that holds them. */
#include "data/yamlhint.h"

#include <stdbool.h>
#include <string.h>

#include "base/util.h"

struct text {
	const char *s;
	size_t len;
};

/* Line n (from 1) of t: its start and length (no newline); false past
 * the end. */
static bool line_of(const struct text *t, int n, const char **start,
		    size_t *len)
{
	size_t i = 0;
	for (int l = 1; l < n; l++) {
		const char *nl = memchr(t->s + i, '\n', t->len - i);
		if (!nl)
			return false;
		i = (size_t)(nl - t->s) + 1;
	}
	if (i > t->len || (i == t->len && n > 1))
		return false;
	const char *nl = memchr(t->s + i, '\n', t->len - i);
	*start = t->s + i;
	*len = nl ? (size_t)(nl - *start) : t->len - i;
	return true;
}

static int indent_of(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && s[i] == ' ')
		i++;
	return (int)i;
}

/* Whether a line holds nothing the parser reads: blank, or a comment. */
static bool is_blank(const char *s, size_t len)
{
	size_t i = (size_t)indent_of(s, len);
	return i == len || s[i] == '#' || s[i] == '\r';
}

/* The nearest line before n that holds something, or 0. */
static int prev_line(const struct text *t, int n)
{
	const char *s;
	size_t len;
	for (int l = n - 1; l >= 1; l--)
		if (line_of(t, l, &s, &len) && !is_blank(s, len))
			return l;
	return 0;
}

/* The column (from 1) where line n's keys start: after its "- " when it
 * begins a list item. */
static int key_column(const struct text *t, int n)
{
	const char *s;
	size_t len;
	if (!line_of(t, n, &s, &len))
		return 1;
	int i = indent_of(s, len);
	if ((size_t)i + 1 < len && s[i] == '-' && s[i + 1] == ' ')
		i += 2 + indent_of(s + i + 2, len - (size_t)i - 2);
	return i + 1;
}

static bool starts_item(const struct text *t, int n)
{
	const char *s;
	size_t len;
	if (!line_of(t, n, &s, &len))
		return false;
	size_t i = (size_t)indent_of(s, len);
	return i < len && s[i] == '-' && (i + 1 == len || s[i + 1] == ' ');
}

/* The nearest line before n that begins a list item indented no more
 * than n, or 0. */
static int item_above(const struct text *t, int n)
{
	const char *s;
	size_t len;
	if (!line_of(t, n, &s, &len))
		return 0;
	int ind = indent_of(s, len);
	for (int l = n - 1; l >= 1; l--) {
		const char *p;
		size_t plen;
		if (!line_of(t, l, &p, &plen) || is_blank(p, plen))
			continue;
		if (indent_of(p, plen) <= ind && starts_item(t, l))
			return l;
		if (indent_of(p, plen) < ind)
			return 0;
	}
	return 0;
}

/* Whether line n has ": " (or a final ':') before column col: a key with
 * its value, so a second ':' after it is in the value. */
static bool has_key_before(const struct text *t, int n, int col)
{
	const char *s;
	size_t len;
	if (!line_of(t, n, &s, &len))
		return false;
	for (size_t i = 0; i + 1 < len && (int)i + 1 < col - 1; i++)
		if (s[i] == ':' && s[i + 1] == ' ')
			return true;
	return false;
}

/* The nearest line at or before n that holds something but no ':' (a
 * key whose colon is missing), or 0. */
static int line_without_colon(const struct text *t, int n)
{
	const char *s;
	size_t len;
	for (int l = n; l >= 1 && l >= n - 1; l--) {
		if (!line_of(t, l, &s, &len) || is_blank(s, len))
			continue;
		if (!memchr(s, ':', len) && !starts_item(t, l))
			return l;
	}
	return 0;
}

static int first_col(const struct text *t, int n)
{
	const char *s;
	size_t len;
	return line_of(t, n, &s, &len) ? indent_of(s, len) + 1 : 1;
}

static bool said(const char *problem, const char *words)
{
	return problem && strstr(problem, words) != NULL;
}

char *yamlhint_explain(const char *text, size_t len,
		       const struct yamlhint_error *e, int *line, int *col)
{
	struct text t = {text, len};
	int n = e->line;
	if (said(e->problem, "mapping values are not allowed")) {
		*line = n;
		*col = first_col(&t, n);
		if (has_key_before(&t, n, e->col))
			return xasprintf("line %d holds a second ': ' after its "
					 "key: a value with ': ' in it must be "
					 "quoted (key: \"a: b\")",
					 n);
		int p = prev_line(&t, n);
		if (p > 0 && first_col(&t, n) > first_col(&t, p))
			return xasprintf("line %d is indented further than line "
					 "%d above it, whose key already has a "
					 "value: line it up with the keys it "
					 "belongs with",
					 n, p);
		return NULL;
	}
	if (said(e->problem, "could not find expected ':'")) {
		int l = line_without_colon(&t, n);
		if (l == 0)
			return NULL;
		*line = l;
		*col = first_col(&t, l);
		return xasprintf("line %d has no ':' after its key: write "
				 "'key: value'", l);
	}
	if (said(e->problem, "did not find expected '-' indicator")) {
		int item = item_above(&t, n);
		*line = n;
		*col = first_col(&t, n);
		if (item == 0)
			return xasprintf("line %d is not in line with the list "
					 "above it: begin it with '- ' to make it "
					 "an item, or indent it as the key it "
					 "belongs with",
					 n);
		return xasprintf("line %d is not in line with the list item "
				 "begun at line %d: to put it in that item, "
				 "indent it to column %d as the item's keys; to "
				 "start a new item, begin it with '- '",
				 n, item, key_column(&t, item));
	}
	if (said(e->problem, "did not find expected key")) {
		int p = prev_line(&t, n);
		*line = n;
		*col = first_col(&t, n);
		if (starts_item(&t, n))
			return xasprintf("line %d begins a list item ('- ') where "
					 "the mapping above expects a key: put "
					 "the list under a key of its own, or "
					 "line its '-' up with its list's other "
					 "items",
					 n);
		if (p > 0)
			return xasprintf("line %d is not in line with the keys "
					 "above it (line %d's start at column %d): "
					 "indent it as the key it belongs with",
					 n, p, key_column(&t, p));
		return NULL;
	}
	if (e->context_line > 0 && said(e->problem, "did not find expected ','")) {
		bool brace = said(e->problem, "'}'");
		*line = e->context_line;
		*col = first_col(&t, e->context_line);
		return xasprintf("the '%c' on line %d is not closed: end it with "
				 "'%c', and separate its entries with ','",
				 brace ? '{' : '[', e->context_line,
				 brace ? '}' : ']');
	}
	if (e->context_line > 0 && said(e->context, "quoted scalar") &&
	    said(e->problem, "end of stream")) {
		*line = e->context_line;
		*col = first_col(&t, e->context_line);
		return xasprintf("the quote opened on line %d is never closed",
				 e->context_line);
	}
	return NULL;
}
