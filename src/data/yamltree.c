/* yamltree.c: build a position-keeping YAML tree from libyaml's events. */
#include "data/yamlread.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include <yaml.h>

#include "base/file.h"
#include "base/utf8.h"
#include "data/yamlhint.h"
#include "base/util.h"

/* The limits on a data file, each named in the man pages (LIMITS). */
/* Deeper than any data file needs; keeps hostile input off the C stack. */
#define MAX_DEPTH 64
/* Data files are small (the 1024 x 1024 test field is 1.1 MB): anything
 * bigger is refused before it is read. */
#define MAX_FILE_SIZE (16 * 1024 * 1024)
#define MAX_FILE_SIZE_TEXT "16 MiB"
/* Entries in one sequence or mapping: a team's units are the longest
 * list a battle needs (1,000 in the scale test); bounds the time and
 * memory a hostile file can cost the loaders. */
#define MAX_ITEMS 10000
/* Values (scalars, sequences, mappings) in one file: the scale test's
 * field of 2,000 units holds about 20,000. Bounds the memory and time of
 * a file of millions of tiny values, each within the limits above. */
#define MAX_NODES 200000

struct builder {
	const char *name;
	const char *text;
	size_t len;
	yaml_parser_t parser;
	char *err;
	/* The start of line cur_line (from 1): events come in file order,
	 * so finding a line goes on from the last one found. */
	size_t cur;
	int cur_line;
	int nodes; /* made so far */
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
	/* The message may quote the file: never its control bytes. */
	char *raw = xasprintf("%s:%d:%d: %s", b->name, line, col, msg);
	b->err = util_printable(raw);
	free(raw);
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
	char *words = p->context ? xasprintf("%s %s", problem, p->context)
				 : xstrdup(problem);
	struct yamlhint_error e = {
		.problem = problem,
		.context = p->context,
		.line = line,
		.col = col,
		.context_line = p->context ? (int)p->context_mark.line + 1 : 0,
	};
	int at_line, at_col;
	char *hint = yamlhint_explain(b->text, b->len, &e, &at_line, &at_col);
	/* The plain words first; libyaml's, and where it stopped, kept for
	 * whoever knows them. */
	if (hint)
		fail_at(b, at_line, at_col, "%s (libyaml at %d:%d: %s)", hint,
			line, col, words);
	else
		fail_at(b, line, col, "%s", words);
	free(hint);
	free(words);
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

/* The byte offset where line (from 1) starts, or the end of the text. */
static size_t line_start(struct builder *b, int line)
{
	if (line < b->cur_line) {
		b->cur = 0;
		b->cur_line = 1;
	}
	while (b->cur_line < line && b->cur < b->len) {
		const char *nl = memchr(b->text + b->cur, '\n', b->len - b->cur);
		if (!nl) {
			b->cur = b->len;
			break;
		}
		b->cur = (size_t)(nl - b->text) + 1;
		b->cur_line++;
	}
	return b->cur;
}

/* Where the text of a literal block starts: the line after its '|', at the
 * indentation of its first non-blank line. Rows of a grid map 1:1 to lines
 * from there, so a cell's position in the file is exact. */
static void literal_body(struct builder *b, struct ynode *n)
{
	size_t i = line_start(b, n->line + 1);
	int line = b->cur_line;
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
	/* The arrays hold 4, then double when full (at 4, 8, 16...):
	 * growing them one item at a time costs the square of their length. */
	if (n->n == 0 || (n->n >= 4 && (n->n & (n->n - 1)) == 0)) {
		size_t cap = n->n ? 2 * (size_t)n->n : 4;
		n->items = xrealloc(n->items, cap * sizeof *n->items);
		if (n->kind == YNODE_MAPPING)
			n->keys = xrealloc(n->keys, cap * sizeof *n->keys);
	}
	n->items[n->n] = item;
	if (n->kind == YNODE_MAPPING)
		n->keys[n->n] = key;
	n->n++;
}

/* The keys of a mapping being read, hashed: a duplicate is found in
 * constant time, so a mapping of many keys costs no more than its size.
 * Each slot holds a key's index in the mapping plus one (0: empty). */
struct keyset {
	int *slot;
	size_t cap; /* a power of two, at least twice the keys */
};

static uint64_t key_hash(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static void keyset_put(struct keyset *ks, const struct ynode *map, int i)
{
	size_t k = (size_t)key_hash(map->keys[i]->value) & (ks->cap - 1);
	while (ks->slot[k])
		k = (k + 1) & (ks->cap - 1);
	ks->slot[k] = i + 1;
}

/* The index of key among the map's keys so far, or -1. */
static int keyset_find(const struct keyset *ks, const struct ynode *map,
		       const char *key)
{
	if (!ks->cap)
		return -1;
	size_t k = (size_t)key_hash(key) & (ks->cap - 1);
	for (; ks->slot[k]; k = (k + 1) & (ks->cap - 1))
		if (strcmp(map->keys[ks->slot[k] - 1]->value, key) == 0)
			return ks->slot[k] - 1;
	return -1;
}

/* Record the map's newest key, its last (growing the table as needed). */
static void keyset_add(struct keyset *ks, const struct ynode *map)
{
	if ((size_t)map->n * 2 > ks->cap) {
		free(ks->slot);
		ks->cap = ks->cap ? ks->cap * 2 : 16;
		ks->slot = xcalloc(ks->cap, sizeof *ks->slot);
		for (int i = 0; i < map->n - 1; i++)
			keyset_put(ks, map, i);
	}
	keyset_put(ks, map, map->n - 1);
}

static struct ynode *parse_node(struct builder *b, yaml_event_t *ev,
				int depth);

/* Items of a sequence or pairs of a mapping, up to its end event. */
static bool parse_children(struct builder *b, struct ynode *n, int depth)
{
	bool map = n->kind == YNODE_MAPPING;
	yaml_event_type_t end = map ? YAML_MAPPING_END_EVENT
				    : YAML_SEQUENCE_END_EVENT;
	struct keyset keys = {NULL, 0};
	bool ok = false;
	for (;;) {
		yaml_event_t ev;
		if (!next_event(b, &ev))
			break;
		if (ev.type == end) {
			yaml_event_delete(&ev);
			ok = true;
			break;
		}
		if (n->n == MAX_ITEMS) {
			fail_at(b, (int)ev.start_mark.line + 1,
				(int)ev.start_mark.column + 1,
				"too many entries in one %s (at most %d)",
				map ? "mapping" : "sequence", MAX_ITEMS);
			yaml_event_delete(&ev);
			break;
		}
		struct ynode *key = NULL;
		if (map) {
			key = parse_node(b, &ev, depth + 1);
			if (!key)
				break;
			if (key->kind != YNODE_SCALAR) {
				fail_at(b, key->line, key->col,
					"mapping keys must be scalars");
				ytree_free(key);
				break;
			}
			if (keyset_find(&keys, n, key->value) >= 0) {
				fail_at(b, key->line, key->col,
					"duplicate key '%s'", key->value);
				ytree_free(key);
				break;
			}
			if (!next_event(b, &ev)) {
				ytree_free(key);
				break;
			}
		}
		struct ynode *item = parse_node(b, &ev, depth + 1);
		if (!item) {
			ytree_free(key);
			break;
		}
		append(n, key, item);
		if (map)
			keyset_add(&keys, n);
	}
	free(keys.slot);
	return ok;
}

/* Build the node that event ev starts; consumes ev. */
static struct ynode *parse_node(struct builder *b, yaml_event_t *ev, int depth)
{
	struct ynode *n = NULL;
	const yaml_char_t *anchor = NULL;
	yaml_mark_t mark = ev->start_mark;

	if (++b->nodes > MAX_NODES) {
		fail_at(b, (int)mark.line + 1, (int)mark.column + 1,
			"too many values in one file (at most %d)", MAX_NODES);
		yaml_event_delete(ev);
		return NULL;
	}
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		fail_mark(b, mark, "aliases are not supported");
		break;
	case YAML_SCALAR_EVENT:
		anchor = ev->data.scalar.anchor;
		/* "\0" in a quoted scalar: the text would end there, and
		 * what follows be dropped without a word. */
		if (memchr(ev->data.scalar.value, '\0', ev->data.scalar.length)) {
			fail_mark(b, mark,
				  "a NUL character (\\0) cannot be in a value");
			break;
		}
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
	struct builder b = {.name = name, .text = text, .len = len,
			    .cur_line = 1};
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

/* Read a whole regular file of at most MAX_FILE_SIZE bytes; NULL with
 * *err ("FILE: cannot open: why") when it cannot be. */
static char *read_file(const char *path, size_t *len, char **err)
{
	const char *why;
	int fd = file_open_regular(path, O_RDONLY, &why);
	if (fd < 0) {
		*err = xasprintf("%s: cannot %s: %s", path,
				 fd == -1 ? "open" : "read", why);
		return NULL;
	}
	struct stat st;
	if (fstat(fd, &st) == 0 && st.st_size > MAX_FILE_SIZE) {
		close(fd);
		*err = xasprintf("%s: cannot read: larger than %s, the most a "
				 "data file may hold",
				 path, MAX_FILE_SIZE_TEXT);
		return NULL;
	}
	size_t cap = 4096, n = 0;
	char *buf = xmalloc(cap);
	for (;;) {
		if (n == cap) {
			/* It grew while we read it. */
			if (cap > MAX_FILE_SIZE) {
				*err = xasprintf("%s: cannot read: larger than "
						 "%s, the most a data file may "
						 "hold",
						 path, MAX_FILE_SIZE_TEXT);
				break;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
		ssize_t r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			*err = xasprintf("%s: cannot read: %s", path,
					 strerror(errno));
			break;
		}
		if (r == 0) {
			close(fd);
			*len = n;
			return buf;
		}
		n += (size_t)r;
	}
	close(fd);
	free(buf);
	return NULL;
}

struct ynode *ytree_load_file(const char *path, char **err)
{
	size_t len;
	*err = NULL;
	char *text = read_file(path, &len, err);
	if (!text) {
		char *raw = *err;
		*err = util_printable(raw);
		free(raw);
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
