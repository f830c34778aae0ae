/* utf8.c: decoding UTF-8, and the table of Unicode's format characters
 * (general category Cf). The table is Unicode 15's DerivedGeneralCategory,
 * copied by hand; tests/test_names.c checks it against that file when the
 * machine has it (Debian's unicode-data). */
#include "base/utf8.h"

#include <stdint.h>
#include <stdlib.h>

size_t utf8_decode(const char *str, unsigned *cp)
{
	const unsigned char *s = (const unsigned char *)str;
	unsigned c = s[0];
	size_t n;
	unsigned min;
	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		min = 0x80;
		c &= 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		min = 0x800;
		c &= 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		min = 0x10000;
		c &= 0x07;
	} else {
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3fu);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

size_t utf8_skip(const char *s, size_t n)
{
	size_t at = 0;
	for (; n > 0 && s[at]; n--) {
		unsigned cp;
		size_t k = utf8_decode(s + at, &cp);
		at += k ? k : 1;
	}
	return at;
}

size_t utf8_length(const char *s)
{
	size_t n = 0;
	for (size_t at = 0; s[at]; n++) {
		unsigned cp;
		size_t k = utf8_decode(s + at, &cp);
		at += k ? k : 1;
	}
	return n;
}

bool utf8_is_control(unsigned cp)
{
	return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f);
}

/* General category Cf, Unicode 15.0: every range, in order. */
static const struct {
	uint32_t first, last;
} format_ranges[] = {
	{0x00ad, 0x00ad},   {0x0600, 0x0605},   {0x061c, 0x061c},
	{0x06dd, 0x06dd},   {0x070f, 0x070f},   {0x0890, 0x0891},
	{0x08e2, 0x08e2},   {0x180e, 0x180e},   {0x200b, 0x200f},
	{0x202a, 0x202e},   {0x2060, 0x2064},   {0x2066, 0x206f},
	{0xfeff, 0xfeff},   {0xfff9, 0xfffb},   {0x110bd, 0x110bd},
	{0x110cd, 0x110cd}, {0x13430, 0x1343f}, {0x1bca0, 0x1bca3},
	{0x1d173, 0x1d17a}, {0xe0001, 0xe0001}, {0xe0020, 0xe007f},
};

bool utf8_is_format(unsigned cp)
{
	size_t lo = 0, hi = sizeof format_ranges / sizeof format_ranges[0];
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (cp < format_ranges[mid].first)
			hi = mid;
		else if (cp > format_ranges[mid].last)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

/* Their names, but for the tag characters (U+E0020 to U+E007F), which
 * are named below. */
static const struct format_name {
	uint32_t cp;
	const char *name;
} format_names[] = {
	{0x00ad, "SOFT HYPHEN"},
	{0x0600, "ARABIC NUMBER SIGN"},
	{0x0601, "ARABIC SIGN SANAH"},
	{0x0602, "ARABIC FOOTNOTE MARKER"},
	{0x0603, "ARABIC SIGN SAFHA"},
	{0x0604, "ARABIC SIGN SAMVAT"},
	{0x0605, "ARABIC NUMBER MARK ABOVE"},
	{0x061c, "ARABIC LETTER MARK"},
	{0x06dd, "ARABIC END OF AYAH"},
	{0x070f, "SYRIAC ABBREVIATION MARK"},
	{0x0890, "ARABIC POUND MARK ABOVE"},
	{0x0891, "ARABIC PIASTRE MARK ABOVE"},
	{0x08e2, "ARABIC DISPUTED END OF AYAH"},
	{0x180e, "MONGOLIAN VOWEL SEPARATOR"},
	{0x200b, "ZERO WIDTH SPACE"},
	{0x200c, "ZERO WIDTH NON-JOINER"},
	{0x200d, "ZERO WIDTH JOINER"},
	{0x200e, "LEFT-TO-RIGHT MARK"},
	{0x200f, "RIGHT-TO-LEFT MARK"},
	{0x202a, "LEFT-TO-RIGHT EMBEDDING"},
	{0x202b, "RIGHT-TO-LEFT EMBEDDING"},
	{0x202c, "POP DIRECTIONAL FORMATTING"},
	{0x202d, "LEFT-TO-RIGHT OVERRIDE"},
	{0x202e, "RIGHT-TO-LEFT OVERRIDE"},
	{0x2060, "WORD JOINER"},
	{0x2061, "FUNCTION APPLICATION"},
	{0x2062, "INVISIBLE TIMES"},
	{0x2063, "INVISIBLE SEPARATOR"},
	{0x2064, "INVISIBLE PLUS"},
	{0x2066, "LEFT-TO-RIGHT ISOLATE"},
	{0x2067, "RIGHT-TO-LEFT ISOLATE"},
	{0x2068, "FIRST STRONG ISOLATE"},
	{0x2069, "POP DIRECTIONAL ISOLATE"},
	{0x206a, "INHIBIT SYMMETRIC SWAPPING"},
	{0x206b, "ACTIVATE SYMMETRIC SWAPPING"},
	{0x206c, "INHIBIT ARABIC FORM SHAPING"},
	{0x206d, "ACTIVATE ARABIC FORM SHAPING"},
	{0x206e, "NATIONAL DIGIT SHAPES"},
	{0x206f, "NOMINAL DIGIT SHAPES"},
	{0xfeff, "ZERO WIDTH NO-BREAK SPACE"},
	{0xfff9, "INTERLINEAR ANNOTATION ANCHOR"},
	{0xfffa, "INTERLINEAR ANNOTATION SEPARATOR"},
	{0xfffb, "INTERLINEAR ANNOTATION TERMINATOR"},
	{0x110bd, "KAITHI NUMBER SIGN"},
	{0x110cd, "KAITHI NUMBER SIGN ABOVE"},
	{0x13430, "EGYPTIAN HIEROGLYPH VERTICAL JOINER"},
	{0x13431, "EGYPTIAN HIEROGLYPH HORIZONTAL JOINER"},
	{0x13432, "EGYPTIAN HIEROGLYPH INSERT AT TOP START"},
	{0x13433, "EGYPTIAN HIEROGLYPH INSERT AT BOTTOM START"},
	{0x13434, "EGYPTIAN HIEROGLYPH INSERT AT TOP END"},
	{0x13435, "EGYPTIAN HIEROGLYPH INSERT AT BOTTOM END"},
	{0x13436, "EGYPTIAN HIEROGLYPH OVERLAY MIDDLE"},
	{0x13437, "EGYPTIAN HIEROGLYPH BEGIN SEGMENT"},
	{0x13438, "EGYPTIAN HIEROGLYPH END SEGMENT"},
	{0x13439, "EGYPTIAN HIEROGLYPH INSERT AT MIDDLE"},
	{0x1343a, "EGYPTIAN HIEROGLYPH INSERT AT TOP"},
	{0x1343b, "EGYPTIAN HIEROGLYPH INSERT AT BOTTOM"},
	{0x1343c, "EGYPTIAN HIEROGLYPH BEGIN ENCLOSURE"},
	{0x1343d, "EGYPTIAN HIEROGLYPH END ENCLOSURE"},
	{0x1343e, "EGYPTIAN HIEROGLYPH BEGIN WALLED ENCLOSURE"},
	{0x1343f, "EGYPTIAN HIEROGLYPH END WALLED ENCLOSURE"},
	{0x1bca0, "SHORTHAND FORMAT LETTER OVERLAP"},
	{0x1bca1, "SHORTHAND FORMAT CONTINUING OVERLAP"},
	{0x1bca2, "SHORTHAND FORMAT DOWN STEP"},
	{0x1bca3, "SHORTHAND FORMAT UP STEP"},
	{0x1d173, "MUSICAL SYMBOL BEGIN BEAM"},
	{0x1d174, "MUSICAL SYMBOL END BEAM"},
	{0x1d175, "MUSICAL SYMBOL BEGIN TIE"},
	{0x1d176, "MUSICAL SYMBOL END TIE"},
	{0x1d177, "MUSICAL SYMBOL BEGIN SLUR"},
	{0x1d178, "MUSICAL SYMBOL END SLUR"},
	{0x1d179, "MUSICAL SYMBOL BEGIN PHRASE"},
	{0x1d17a, "MUSICAL SYMBOL END PHRASE"},
	{0xe0001, "LANGUAGE TAG"},
};

static int by_cp(const void *key, const void *entry)
{
	uint32_t cp = *(const uint32_t *)key;
	uint32_t e = ((const struct format_name *)entry)->cp;
	return cp < e ? -1 : cp > e;
}

const char *utf8_format_name(unsigned cp)
{
	if (!utf8_is_format(cp))
		return NULL;
	if (cp == 0xe0020)
		return "TAG SPACE";
	if (cp == 0xe007f)
		return "CANCEL TAG";
	/* TAG LATIN CAPITAL LETTER A and so on: the tag of an ASCII
	 * character, named here by what they are. */
	if (cp > 0xe0020 && cp < 0xe007f)
		return "TAG CHARACTER";
	uint32_t key = cp;
	const struct format_name *n =
		bsearch(&key, format_names,
			sizeof format_names / sizeof format_names[0],
			sizeof format_names[0], by_cp);
	return n ? n->name : NULL;
}

enum utf8_hidden utf8_find_hidden(const char *s, unsigned *cp, size_t *at)
{
	for (size_t i = 0; s[i];) {
		size_t k = utf8_decode(s + i, cp);
		*at = i;
		if (k == 0) {
			*cp = (unsigned char)s[i];
			return UTF8_INVALID;
		}
		if (utf8_is_control(*cp))
			return UTF8_CONTROL;
		if (utf8_is_format(*cp))
			return UTF8_FORMAT;
		i += k;
	}
	return UTF8_CLEAN;
}
