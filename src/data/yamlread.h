/* yamlread.h: a small owned tree of YAML nodes with positions, read from
 * a file or from text, and lookups in it. */
#ifndef MEDSIEGE_YAMLREAD_H
#define MEDSIEGE_YAMLREAD_H

#include <stdbool.h>
#include <stddef.h>

enum ynode_kind {
	YNODE_SCALAR,
	YNODE_SEQUENCE,
	YNODE_MAPPING,
};

struct ynode {
	enum ynode_kind kind;
	int line, col;          /* where the node starts, counted from 1 */
	char *value;            /* scalar: its text (owned); else NULL */
	bool plain;             /* scalar: unquoted, so "" and "~" are null */
	bool literal;           /* scalar: a literal block ('|') */
	int body_line, body_col; /* literal: where its first line of text is */
	int n;                  /* sequence items or mapping pairs */
	struct ynode **items;   /* sequence: the items; mapping: the values */
	struct ynode **keys;    /* mapping: the keys (scalars), else NULL */
};

/* Parse one YAML document from a file into a tree that the caller frees
 * with ytree_free; NULL and *err = "FILE:LINE:COL: why" (caller frees).
 * The file must be a regular file within the size limit (LIMITS in
 * medsiege-scenario(5)); it is refused at once otherwise ("FILE: cannot
 * read: not a regular file (a FIFO)"). Every message is safe to print:
 * control bytes from the file are escaped. */
struct ynode *ytree_load_file(const char *path, char **err);
/* The same from text in memory; name is the FILE of error messages. */
struct ynode *ytree_load_string(const char *name, const char *text,
				size_t len, char **err);
void ytree_free(struct ynode *n);

/* The value under key in a mapping, or NULL (also when n is no mapping). */
const struct ynode *ytree_get(const struct ynode *map, const char *key);
/* The key node itself, for its position, or NULL. */
const struct ynode *ytree_get_key(const struct ynode *map, const char *key);
/* A plain empty scalar, "~" or "null": a key written with no value. */
bool ytree_is_null(const struct ynode *n);

#endif
