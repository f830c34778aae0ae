/* utf8.h: UTF-8 text one character at a time, and the characters that
 * text a player reads must not hold: controls (C0, DEL, C1) and
 * Unicode's invisible format characters (general category Cf: bidi
 * controls that turn a line around, zero-width characters that make two
 * names look alike). Names in data files are checked with it; so is
 * anything a peer sends to be shown (a chat line). */
#ifndef MEDSIEGE_UTF8_H
#define MEDSIEGE_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* The length of the UTF-8 character at s (1 to 4 bytes), or 0 when the
 * bytes there are no valid UTF-8 (a stray continuation byte, a cut or
 * overlong sequence, a surrogate, past U+10FFFF). *cp is the character. */
size_t utf8_decode(const char *s, unsigned *cp);
/* The number of characters in s; a byte that is no UTF-8 counts one. */
size_t utf8_length(const char *s);
/* The bytes the first n characters of s take (all of s when shorter);
 * a byte that is no UTF-8 counts as one character. */
size_t utf8_skip(const char *s, size_t n);

/* A control character: C0, DEL or C1 (which some terminals obey too). */
bool utf8_is_control(unsigned cp);
/* An invisible format character: general category Cf as of Unicode 15. */
bool utf8_is_format(unsigned cp);
/* The Unicode name of a format character ("ZERO WIDTH SPACE"), or NULL
 * for any other character. A constant string. */
const char *utf8_format_name(unsigned cp);

/* What text shown to a player may not hold. */
enum utf8_hidden {
	UTF8_CLEAN,    /* nothing */
	UTF8_INVALID,  /* a byte that is no UTF-8 (*cp is the byte) */
	UTF8_CONTROL,  /* a control character */
	UTF8_FORMAT,   /* an invisible format character */
};
/* The first character of s that is no UTF-8, a control or a format
 * character: its kind, its code point in *cp and its offset in *at. */
enum utf8_hidden utf8_find_hidden(const char *s, unsigned *cp, size_t *at);

#endif
