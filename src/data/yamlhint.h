/* yamlhint.h: plain words for libyaml's errors about a file's structure
 * (an indentation off, an item under the wrong key, a missing colon, an
 * unclosed brace or quote), and the line where the mistake is, which is
 * often not where libyaml stopped. */
#ifndef MEDSIEGE_YAMLHINT_H
#define MEDSIEGE_YAMLHINT_H

#include <stddef.h>

/* What libyaml said and where (lines and columns from 1; context_line
 * 0 when it gave none), about the file text. */
struct yamlhint_error {
	const char *problem;
	const char *context; /* may be NULL */
	int line, col;
	int context_line;
};

/* A sentence saying what is wrong, in the file's own terms, with *line
 * and *col set to the place to look at; NULL when the error is none of
 * the mistakes known here. Caller frees. */
char *yamlhint_explain(const char *text, size_t len,
		       const struct yamlhint_error *e, int *line, int *col);

#endif
