/* yamlcheck.h: typed accessors over a YAML tree for the loaders, which
 * explain what was wrong and where (FILE:LINE:COL). */
#ifndef MEDSIEGE_YAMLCHECK_H
#define MEDSIEGE_YAMLCHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "data/yamlread.h"

/* A short description of a node for messages: "'abc'", "nothing", "a
 * mapping"; the caller frees it. */
char *ytree_found(const struct ynode *n);

/*
 * Typed access for loaders. Each check that fails records the first error
 * as "FILE:LINE:COL: message" at the offending node in c->err (owned by
 * the context: free it or take it) and returns -1; success returns 0.
 */
struct yctx {
	const char *file;
	char *err;
};

/* Record an error at node at (or at 1:1 when NULL); returns -1. */
int ytree_fail(struct yctx *c, const struct ynode *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* n must be of kind k: "expected a mapping, found 'x'". */
int ytree_expect(struct yctx *c, const struct ynode *n, enum ynode_kind k);
/* The top of a file: a mapping whose keys are all keys. What is not a
 * mapping, or a mapping none of whose keys is one of keys or near one,
 * is said to be no WHAT without quoting any of it: the file may be
 * anything (a password file given as a roster). */
int ytree_check_root(struct yctx *c, const struct ynode *root, const char *what,
		     const char *const *keys, int nkeys);
/* Every key of a mapping must be one of keys; what names the mapping in
 * the message ("unknown key 'mvoe' in unit, expected one of ..."). */
int ytree_check_keys(struct yctx *c, const struct ynode *map, const char *what,
		     const char *const *keys, int nkeys);
/* *out = the value under a key that must be there ("missing key ..."). */
int ytree_need(struct yctx *c, const struct ynode *map, const char *what,
	       const char *key, const struct ynode **out);
/* An integer in [min, max]. */
int ytree_int(struct yctx *c, const struct ynode *n, int min, int max,
	      int *out);
/* true/false (also yes/no). */
int ytree_bool(struct yctx *c, const struct ynode *n, bool *out);
/* A non-empty string of at most maxlen bytes, without control
 * characters but newline and tab; *out points into the tree. */
int ytree_str(struct yctx *c, const struct ynode *n, size_t maxlen,
	      const char **out);
/* A name a player reads or types (a team's, a unit type's, the
 * scenario's): as ytree_str, and no control character at all nor any
 * invisible format character (a bidi control, a zero-width space),
 * which would make two names look alike or turn a line around. what
 * names it in the message: 'team name "Red\u200b" holds U+200B ZERO
 * WIDTH SPACE, an invisible format character'. */
int ytree_name(struct yctx *c, const struct ynode *n, const char *what,
	       size_t maxlen, const char **out);
/* One of names (case-insensitive); *out is its index. what names the
 * value: "unknown class 'x', expected one of ...; did you mean 'y'?". */
int ytree_enum(struct yctx *c, const struct ynode *n, const char *what,
	       const char *const *names, int nnames, int *out);
/* The same of the value of key in map, when map has it: 0 and *out
 * left alone when it does not. */
int ytree_opt_int(struct yctx *c, const struct ynode *map, const char *key,
		  int min, int max, int *out);
int ytree_opt_bool(struct yctx *c, const struct ynode *map, const char *key,
		   bool *out);
/* One printable ASCII character, not a blank (a grid symbol, a team's
 * letter); what says what was expected: "expected a lowercase letter,
 * found 'ab'". */
int ytree_char(struct yctx *c, const struct ynode *n, const char *what,
	       char *out);
/* A pair [x, y] of integers (callers check them against the map). */
int ytree_point(struct yctx *c, const struct ynode *n, int *x, int *y);

/* ", "-joined names for messages; the caller frees it. */
char *ytree_join(const char *const *names, int n);

#endif
