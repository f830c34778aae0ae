/* yamlcheck.c: typed access to a YAML tree for the loaders; the first
 * failed check records FILE:LINE:COL: message, quoting what was found and
 * suggesting the nearest valid name. */
#include "data/yamlcheck.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/utf8.h"
#include "base/util.h"

/* A short sequence of scalars is shown as written ("[0, 0]"), since "found
 * a sequence" says little when one was wanted of another shape. */
static char *found_sequence(const struct ynode *n)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addc(&b, '[');
	for (int i = 0; i < n->n; i++) {
		const struct ynode *it = n->items[i];
		if (it->kind != YNODE_SCALAR || strchr(it->value, '\n') ||
		    b.len + strlen(it->value) > 40) {
			strbuf_free(&b);
			return xstrdup("a sequence");
		}
		if (i)
			strbuf_add(&b, ", ");
		strbuf_add(&b, it->value);
	}
	strbuf_addc(&b, ']');
	return b.s;
}

char *ytree_found(const struct ynode *n)
{
	if (!n || ytree_is_null(n))
		return xstrdup("nothing");
	if (n->kind == YNODE_SEQUENCE)
		return found_sequence(n);
	if (n->kind == YNODE_MAPPING)
		return xstrdup("a mapping");
	size_t len = strcspn(n->value, "\n");
	/* Counted in characters, and cut between two, never inside one. */
	size_t cut = utf8_skip(n->value, 37);
	if (cut < len && utf8_skip(n->value, 40) < len)
		return xasprintf("'%.*s...'", (int)cut, n->value);
	if (n->value[len])
		return xasprintf("'%.*s...'", (int)len, n->value);
	return xasprintf("'%s'", n->value);
}

char *ytree_join(const char *const *names, int n)
{
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_add(&b, ", ");
		strbuf_add(&b, names[i]);
	}
	return b.s;
}

int ytree_fail(struct yctx *c, const struct ynode *at, const char *fmt, ...)
{
	if (c->err)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	/* The message may quote the file: never its control bytes. */
	char *raw = xasprintf("%s:%d:%d: %s", c->file, at ? at->line : 1,
			      at ? at->col : 1, msg);
	c->err = util_printable(raw);
	free(raw);
	free(msg);
	return -1;
}

/* "expected WHAT, found ..." at n. */
static int fail_expected(struct yctx *c, const struct ynode *n,
			 const char *what)
{
	char *found = ytree_found(n);
	ytree_fail(c, n, "expected %s, found %s", what, found);
	free(found);
	return -1;
}

int ytree_expect(struct yctx *c, const struct ynode *n, enum ynode_kind k)
{
	static const char *const what[] = {"a scalar", "a sequence",
					   "a mapping"};
	if (n && n->kind == k && !(k == YNODE_SCALAR && ytree_is_null(n)))
		return 0;
	return fail_expected(c, n, what[k]);
}

/* "unknown WHAT 'word', expected one of a, b; did you mean 'x'?" */
static int fail_unknown(struct yctx *c, const struct ynode *at,
			const char *what, const char *word,
			const char *const *names, int n)
{
	char *list = ytree_join(names, n);
	const char *near = util_nearest(word, names, n);
	if (near)
		ytree_fail(c, at, "unknown %s '%s', expected one of %s; did you mean '%s'?",
			   what, word, list, near);
	else
		ytree_fail(c, at, "unknown %s '%s', expected one of %s", what,
			   word, list);
	free(list);
	return -1;
}

/* "a, b or c" */
static char *join_or(const char *const *names, int n)
{
	struct strbuf b;
	strbuf_init(&b);
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_add(&b, i == n - 1 ? " or " : ", ");
		strbuf_add(&b, names[i]);
	}
	return b.s;
}

int ytree_check_root(struct yctx *c, const struct ynode *root, const char *what,
		     const char *const *keys, int nkeys)
{
	static const char *const kinds[] = {"text", "a sequence", "a mapping"};
	if (root->kind != YNODE_MAPPING)
		return ytree_fail(c, root, "expected a mapping, found %s",
				  ytree_is_null(root) ? "nothing"
						      : kinds[root->kind]);
	bool ours = root->n == 0;
	for (int i = 0; i < root->n && !ours; i++) {
		const char *k = root->keys[i]->value;
		for (int j = 0; j < nkeys && !ours; j++)
			ours = strcmp(k, keys[j]) == 0;
		ours = ours || util_nearest(k, keys, nkeys) != NULL;
	}
	if (!ours) {
		char *list = join_or(keys, nkeys);
		ytree_fail(c, root, "not a %s: none of its keys is %s", what,
			   list);
		free(list);
		return -1;
	}
	return ytree_check_keys(c, root, what, keys, nkeys);
}

int ytree_check_keys(struct yctx *c, const struct ynode *map, const char *what,
		     const char *const *keys, int nkeys)
{
	if (ytree_expect(c, map, YNODE_MAPPING) < 0)
		return -1;
	for (int i = 0; i < map->n; i++) {
		const char *k = map->keys[i]->value;
		bool known = false;
		for (int j = 0; j < nkeys && !known; j++)
			known = strcmp(k, keys[j]) == 0;
		if (known)
			continue;
		char *w = xasprintf("key '%s' in %s", k, what);
		char *list = ytree_join(keys, nkeys);
		const char *near = util_nearest(k, keys, nkeys);
		if (near)
			ytree_fail(c, map->keys[i],
				   "unknown %s, expected one of %s; did you mean '%s'?",
				   w, list, near);
		else
			ytree_fail(c, map->keys[i],
				   "unknown %s, expected one of %s", w, list);
		free(w);
		free(list);
		return -1;
	}
	return 0;
}

int ytree_need(struct yctx *c, const struct ynode *map, const char *what,
	       const char *key, const struct ynode **out)
{
	*out = ytree_get(map, key);
	if (*out)
		return 0;
	return ytree_fail(c, map, "missing key '%s' in %s", key, what);
}

int ytree_int(struct yctx *c, const struct ynode *n, int min, int max,
	      int *out)
{
	if (!n || n->kind != YNODE_SCALAR || ytree_is_null(n))
		return fail_expected(c, n, "an integer");
	const char *s = n->value;
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (end == s || *end || errno == ERANGE ||
	    isspace((unsigned char)s[0]))
		return fail_expected(c, n, "an integer");
	if (v < min || v > max) {
		char *what = min == INT_MIN ? xasprintf("an integer <= %d", max)
			     : max == INT_MAX
				     ? xasprintf("an integer >= %d", min)
				     : xasprintf("an integer from %d to %d",
						 min, max);
		fail_expected(c, n, what);
		free(what);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int ytree_bool(struct yctx *c, const struct ynode *n, bool *out)
{
	static const char *const yes[] = {"true", "yes", "on"};
	static const char *const no[] = {"false", "no", "off"};
	if (n && n->kind == YNODE_SCALAR) {
		for (int i = 0; i < 3; i++) {
			if (strcasecmp(n->value, yes[i]) == 0) {
				*out = true;
				return 0;
			}
			if (strcasecmp(n->value, no[i]) == 0) {
				*out = false;
				return 0;
			}
		}
	}
	return fail_expected(c, n, "true or false");
}

/* A non-empty scalar of at most maxlen bytes. */
static int short_string(struct yctx *c, const struct ynode *n, size_t maxlen)
{
	if (!n || n->kind != YNODE_SCALAR || ytree_is_null(n) ||
	    n->value[0] == '\0')
		return fail_expected(c, n, "a string");
	size_t len = strlen(n->value);
	if (len <= maxlen)
		return 0;
	/* The limit is in bytes: say so, as a character outside ASCII
	 * takes two to four. */
	char *found = ytree_found(n);
	ytree_fail(c, n, "expected a string of at most %zu bytes (UTF-8), "
		   "found %s, %zu bytes",
		   maxlen, found, len);
	free(found);
	return -1;
}

int ytree_str(struct yctx *c, const struct ynode *n, size_t maxlen,
	      const char **out)
{
	if (short_string(c, n, maxlen) < 0)
		return -1;
	/* Texts reach terminals: no control characters (C0 but newline and
	 * tab, DEL, and C1). */
	for (const char *p = n->value; *p; p++)
		if (*p != '\n' && *p != '\t') {
			unsigned cp;
			size_t k = utf8_decode(p, &cp);
			if (k && utf8_is_control(cp))
				return fail_expected(c, n, "text without control characters");
			p += k ? k - 1 : 0;
		}
	*out = n->value;
	return 0;
}

int ytree_name(struct yctx *c, const struct ynode *n, const char *what,
	       size_t maxlen, const char **out)
{
	if (short_string(c, n, maxlen) < 0)
		return -1;
	*out = n->value;
	unsigned cp;
	size_t at;
	switch (utf8_find_hidden(*out, &cp, &at)) {
	case UTF8_CLEAN:
		return 0;
	case UTF8_INVALID:
		return ytree_fail(c, n, "%s \"%s\" holds the byte 0x%02X, "
				  "which is not UTF-8", what, *out, cp);
	case UTF8_CONTROL:
		return ytree_fail(c, n, "%s \"%s\" holds U+%04X, a control "
				  "character", what, *out, cp);
	case UTF8_FORMAT:
		break;
	}
	return ytree_fail(c, n, "%s \"%s\" holds U+%04X %s, an invisible "
			  "format character", what, *out, cp,
			  utf8_format_name(cp));
}

int ytree_enum(struct yctx *c, const struct ynode *n, const char *what,
	       const char *const *names, int nnames, int *out)
{
	if (!n || n->kind != YNODE_SCALAR || ytree_is_null(n)) {
		char *list = ytree_join(names, nnames);
		char *exp = xasprintf("one of %s", list);
		fail_expected(c, n, exp);
		free(exp);
		free(list);
		return -1;
	}
	for (int i = 0; i < nnames; i++) {
		if (strcasecmp(n->value, names[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	return fail_unknown(c, n, what, n->value, names, nnames);
}

int ytree_opt_int(struct yctx *c, const struct ynode *map, const char *key,
		  int min, int max, int *out)
{
	const struct ynode *v = ytree_get(map, key);
	return v ? ytree_int(c, v, min, max, out) : 0;
}

int ytree_opt_bool(struct yctx *c, const struct ynode *map, const char *key,
		   bool *out)
{
	const struct ynode *v = ytree_get(map, key);
	return v ? ytree_bool(c, v, out) : 0;
}

int ytree_char(struct yctx *c, const struct ynode *n, const char *what,
	       char *out)
{
	if (n->kind != YNODE_SCALAR || strlen(n->value) != 1 ||
	    !isgraph((unsigned char)n->value[0])) {
		char *found = ytree_found(n);
		ytree_fail(c, n, "expected %s, found %s", what, found);
		free(found);
		return -1;
	}
	*out = n->value[0];
	return 0;
}

int ytree_point(struct yctx *c, const struct ynode *n, int *x, int *y)
{
	if (!n || n->kind != YNODE_SEQUENCE || n->n != 2)
		return fail_expected(c, n, "[x, y]");
	if (ytree_int(c, n->items[0], -99999, 99999, x) < 0 ||
	    ytree_int(c, n->items[1], -99999, 99999, y) < 0)
		return -1;
	return 0;
}
