/* yamltree.c: build a position-keeping YAML tree from libyaml's events. */
#include "data/yamltree.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "base/util.h"

/* Deeper than any data file needs; keeps hostile input off the C stack. */
#define MAX_DEPTH 64
/* Data files are small; refuse anything absurd before reading it. */
#define MAX_FILE_SIZE (16 * 1024 * 1024)

struct builder {
	const char *name;
	const char *text;
	size_t len;
	yaml_parser_t parser;
	char *err;
};

/* Line and column (from 1) of a byte offset, for reader errors that carry
 * an offset but no mark. */
static void offset_pos(const struct builder *b, size_t off, int *line,
		       int *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off && i < b->len; i++) {
		if (b->text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static void fail_at(struct builder *b, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void fail_at(struct builder *b, int line, int col, const char *fmt, ...)
{
	if (b->err)
		return;
	va_list ap;
	va_start(ap, fmt);
	char *msg = xvasprintf(fmt, ap);
	va_end(ap);
	b->err = xasprintf("%s:%d:%d: %s", b->name, line, col, msg);
	free(msg);
}

static void fail_mark(struct builder *b, yaml_mark_t m, const char *msg)
{
	fail_at(b, (int)m.line + 1, (int)m.column + 1, "%s", msg);
}

/* The column (from 1) of the tab libyaml stopped at, line and col from
 * 1: the character at col when it is one, else (when libyaml's message
 * names a tab) the line's first; 0 for none. Columns count characters. */
static int tab_column(const struct builder *b, int line, int col,
		      bool named)
{
	size_t i = 0;
	for (int l = 1; l < line && i < b->len; i++)
		if (b->text[i] == '\n')
			l++;
	int first = 0;
	for (int c = 1; i < b->len && b->text[i] != '\n'; i++) {
		if ((b->text[i] & 0xc0) == 0x80)
			continue; /* inside a UTF-8 character */
		if (b->text[i] == '\t') {
			if (c == col)
				return c;
			if (!first)
				first = c;
		}
		c++;
	}
	return named ? first : 0;
}

static void fail_parser(struct builder *b)
{
	yaml_parser_t *p = &b->parser;
	const char *problem = p->problem ? p->problem : "invalid YAML";
	int line, col;
	if (p->error == YAML_READER_ERROR) {
		offset_pos(b, p->problem_offset, &line, &col);
		if (p->problem_value != -1)
			fail_at(b, line, col, "%s (byte 0x%02X)", problem,
				(unsigned)p->problem_value & 0xffu);
		else
			fail_at(b, line, col, "%s", problem);
		return;
	}
	line = (int)p->problem_mark.line + 1;
	col = (int)p->problem_mark.column + 1;
	/* libyaml's words for a tab ("found character that cannot start any
	 * token") do not say what is wrong, or how to mend it. */
	int tab = tab_column(b, line, col, strstr(problem, "tab") != NULL);
	if (tab > 0) {
		fail_at(b, line, tab,
			"found a tab character; YAML indents with spaces, not tabs");
		return;
	}
	if (p->context)
		fail_at(b, line, col, "%s %s", problem, p->context);
	else
		fail_at(b, line, col, "%s", problem);
}

static bool next_event(struct builder *b, yaml_event_t *ev)
{
	if (yaml_parser_parse(&b->parser, ev))
		return true;
	fail_parser(b);
	return false;
}

static struct ynode *node_new(enum ynode_kind k, yaml_mark_t m)
{
	struct ynode *n = xcalloc(1, sizeof *n);
	n->kind = k;
	n->line = (int)m.line + 1;
	n->col = (int)m.column + 1;
	return n;
}

/* Where the text of a literal block starts: the line after its '|', at the
 * indentation of its first non-blank line. Rows of a grid map 1:1 to lines
 * from there, so a cell's position in the file is exact. */
static void literal_body(const struct builder *b, struct ynode *n)
{
	size_t i = 0;
	int line = 1;
	while (i < b->len && line < n->line + 1) {
		if (b->text[i++] == '\n')
			line++;
	}
	n->body_line = line;
	n->body_col = 1;
	while (i < b->len) {
		int indent = 0;
		while (i + (size_t)indent < b->len && b->text[i + indent] == ' ')
			indent++;
		size_t j = i + (size_t)indent;
		if (j < b->len && b->text[j] != '\n' && b->text[j] != '\r') {
			n->body_col = indent + 1;
			return;
		}
		while (i < b->len && b->text[i] != '\n')
			i++;
		i++;
	}
}

static void append(struct ynode *n, struct ynode *key, struct ynode *item)
{
	n->items = xrealloc(n->items, (size_t)(n->n + 1) * sizeof *n->items);
	n->items[n->n] = item;
	if (n->kind == YNODE_MAPPING) {
		n->keys = xrealloc(n->keys, (size_t)(n->n + 1) * sizeof *n->keys);
		n->keys[n->n] = key;
	}
	n->n++;
}

static struct ynode *parse_node(struct builder *b, yaml_event_t *ev,
				int depth);

/* Items of a sequence or pairs of a mapping, up to its end event. */
static bool parse_children(struct builder *b, struct ynode *n, int depth)
{
	yaml_event_type_t end = n->kind == YNODE_MAPPING
					? YAML_MAPPING_END_EVENT
					: YAML_SEQUENCE_END_EVENT;
	for (;;) {
		yaml_event_t ev;
		if (!next_event(b, &ev))
			return false;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			return true;
		}
		struct ynode *key = NULL;
		if (n->kind == YNODE_MAPPING) {
			key = parse_node(b, &ev, depth + 1);
			if (!key)
				return false;
			if (key->kind != YNODE_SCALAR) {
				fail_at(b, key->line, key->col,
					"mapping keys must be scalars");
				ytree_free(key);
				return false;
			}
			if (ytree_get_key(n, key->value)) {
				fail_at(b, key->line, key->col,
					"duplicate key '%s'", key->value);
				ytree_free(key);
				return false;
			}
			if (!next_event(b, &ev)) {
				ytree_free(key);
				return false;
			}
		}
		struct ynode *item = parse_node(b, &ev, depth + 1);
		if (!item) {
			ytree_free(key);
			return false;
		}
		append(n, key, item);
	}
}

/* Build the node that event ev starts; consumes ev. */
static struct ynode *parse_node(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n = NULL;
	const yaml_char_t *anchor = NULL;
	yaml_mark_t mark = ev->start_mark;

	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		fail_mark(b, mark, "aliases are not supported");
		break;
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		n = node_new(YNODE_SCALAR, mark);
		n->value = xmalloc(ev->data.scalar.length + 1);
		memcpy(n->value, ev->data.scalar.value, ev->data.scalar.length);
		n->value[ev->data.scalar.length] = '\0';
		n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
		n->literal = ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
		if (n->literal)
			literal_body(b, n);
		break;
	case YAML_SEQUENCE_START_EVENT:
		anchor = ev->data.sequence_start.anchor;
		n = node_new(YNODE_SEQUENCE, mark);
		break;
	case YAML_MAPPING_START_EVENT:
		anchor = ev->data.mapping_start.anchor;
		n = node_new(YNODE_MAPPING, mark);
		break;
	default:
		fail_mark(b, mark, "unexpected YAML event");
		break;
	}
	yaml_event_delete(ev);
	if (!n)
		return NULL;
	if (anchor) {
		fail_at(b, n->line, n->col, "anchors are not supported");
		ytree_free(n);
		return NULL;
	}
	if (n->kind == YNODE_SCALAR)
		return n;
	if (depth >= MAX_DEPTH) {
		fail_at(b, n->line, n->col, "nesting is too deep (at most %d)",
			MAX_DEPTH);
		ytree_free(n);
		return NULL;
	}
	if (!parse_children(b, n, depth)) {
		ytree_free(n);
		return NULL;
	}
	return n;
}

/* Stream start, one document, stream end. */
static struct ynode *parse_stream(struct builder *b)
{
	yaml_event_t ev;
	struct ynode *root = NULL;

	if (!next_event(b, &ev))
		return NULL;
	yaml_event_delete(&ev); /* stream start */
	if (!next_event(b, &ev))
		return NULL;
	if (ev.type != YAML_DOCUMENT_START_EVENT) {
		yaml_event_delete(&ev);
		fail_at(b, 1, 1, "empty file, expected a mapping");
		return NULL;
	}
	yaml_event_delete(&ev);
	if (!next_event(b, &ev))
		return NULL;
	root = parse_node(b, &ev, 0);
	if (!root)
		return NULL;
	if (!next_event(b, &ev)) /* document end */
		goto fail;
	yaml_event_delete(&ev);
	if (!next_event(b, &ev))
		goto fail;
	if (ev.type != YAML_STREAM_END_EVENT) {
		fail_mark(b, ev.start_mark,
			  "only one YAML document is allowed in a file");
		yaml_event_delete(&ev);
		goto fail;
	}
	yaml_event_delete(&ev);
	return root;
fail:
	ytree_free(root);
	return NULL;
}

struct ynode *ytree_load_string(const char *name, const char *text,
				size_t len, char **err)
{
	struct builder b = {.name = name, .text = text, .len = len};
	*err = NULL;
	if (!yaml_parser_initialize(&b.parser)) {
		*err = xasprintf("%s: cannot start the YAML parser", name);
		return NULL;
	}
	yaml_parser_set_input_string(&b.parser, (const unsigned char *)text,
				     len);
	struct ynode *root = parse_stream(&b);
	yaml_parser_delete(&b.parser);
	if (!root) {
		if (!b.err)
			b.err = xasprintf("%s:1:1: invalid YAML", name);
		*err = b.err;
	}
	return root;
}

/* Read a whole file; NULL with errno set. */
static char *read_file(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return NULL;
	struct stat st;
	if (fstat(fd, &st) < 0)
		goto fail;
	if (S_ISDIR(st.st_mode)) {
		errno = EISDIR;
		goto fail;
	}
	size_t cap = 4096, n = 0;
	char *buf = xmalloc(cap);
	for (;;) {
		if (n == cap) {
			if (cap >= MAX_FILE_SIZE) {
				free(buf);
				errno = EFBIG;
				goto fail;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		ssize_t r = read(fd, buf + n, cap - n);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			int e = errno;
			free(buf);
			errno = e;
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	*len = n;
	return buf;
fail:;
	int e = errno;
	close(fd);
	errno = e;
	return NULL;
}

struct ynode *ytree_load_file(const char *path, char **err)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		*err = xasprintf("%s: cannot open: %s", path, strerror(errno));
		return NULL;
	}
	struct ynode *root = ytree_load_string(path, text, len, err);
	free(text);
	return root;
}

void ytree_free(struct ynode *n)
{
	if (!n)
		return;
	for (int i = 0; i < n->n; i++) {
		ytree_free(n->items[i]);
		if (n->keys)
			ytree_free(n->keys[i]);
	}
	free(n->items);
	free(n->keys);
	free(n->value);
	free(n);
}

const struct ynode *ytree_get_key(const struct ynode *map, const char *key)
{
	if (!map || map->kind != YNODE_MAPPING)
		return NULL;
	for (int i = 0; i < map->n; i++)
		if (strcmp(map->keys[i]->value, key) == 0)
			return map->keys[i];
	return NULL;
}

const struct ynode *ytree_get(const struct ynode *map, const char *key)
{
	if (!map || map->kind != YNODE_MAPPING)
		return NULL;
	for (int i = 0; i < map->n; i++)
		if (strcmp(map->keys[i]->value, key) == 0)
			return map->items[i];
	return NULL;
}

bool ytree_is_null(const struct ynode *n)
{
	if (!n || n->kind != YNODE_SCALAR || !n->plain)
		return false;
	return n->value[0] == '\0' || strcmp(n->value, "~") == 0 ||
	       strcasecmp(n->value, "null") == 0;
}

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
	if (len > 40)
		return xasprintf("'%.37s...'", n->value);
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
	c->err = xasprintf("%s:%d:%d: %s", c->file, at ? at->line : 1,
			   at ? at->col : 1, msg);
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

int ytree_str(struct yctx *c, const struct ynode *n, size_t maxlen,
	      const char **out)
{
	if (!n || n->kind != YNODE_SCALAR || ytree_is_null(n) ||
	    n->value[0] == '\0')
		return fail_expected(c, n, "a string");
	if (strlen(n->value) > maxlen) {
		char *what = xasprintf("a string of at most %zu characters",
				       maxlen);
		fail_expected(c, n, what);
		free(what);
		return -1;
	}
	for (const char *p = n->value; *p; p++)
		if ((unsigned char)*p < 0x20 && *p != '\n' && *p != '\t')
			return fail_expected(c, n, "text without control characters");
	*out = n->value;
	return 0;
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

int ytree_point(struct yctx *c, const struct ynode *n, int *x, int *y)
{
	if (!n || n->kind != YNODE_SEQUENCE || n->n != 2)
		return fail_expected(c, n, "[x, y]");
	if (ytree_int(c, n->items[0], -99999, 99999, x) < 0 ||
	    ytree_int(c, n->items[1], -99999, 99999, y) < 0)
		return -1;
	return 0;
}
