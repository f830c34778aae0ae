/* json.c: a recursive reader for one JSON value. */
#include "net/json.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

struct reader {
	const char *s;
	char *why;
};

static void skip_space(struct reader *r)
{
	while (*r->s == ' ' || *r->s == '\t' || *r->s == '\n' || *r->s == '\r')
		r->s++;
}

static bool fail(struct reader *r, const char *what)
{
	if (!r->why[0])
		snprintf(r->why, 80, "%s", what);
	return false;
}

static void put_utf8(struct strbuf *b, unsigned cp)
{
	if (cp < 0x80) {
		strbuf_addc(b, (char)cp);
	} else if (cp < 0x800) {
		strbuf_addc(b, (char)(0xc0 | (cp >> 6)));
		strbuf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else if (cp < 0x10000) {
		strbuf_addc(b, (char)(0xe0 | (cp >> 12)));
		strbuf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addc(b, (char)(0x80 | (cp & 0x3f)));
	} else {
		strbuf_addc(b, (char)(0xf0 | (cp >> 18)));
		strbuf_addc(b, (char)(0x80 | ((cp >> 12) & 0x3f)));
		strbuf_addc(b, (char)(0x80 | ((cp >> 6) & 0x3f)));
		strbuf_addc(b, (char)(0x80 | (cp & 0x3f)));
	}
}

static bool hex4(struct reader *r, unsigned *out)
{
	unsigned v = 0;
	for (int i = 0; i < 4; i++) {
		char c = *r->s++;
		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v |= (unsigned)(c - 'A' + 10);
		else
			return fail(r, "bad \\u escape");
	}
	*out = v;
	return true;
}

static bool read_string(struct reader *r, char **out)
{
	struct strbuf b;
	strbuf_init(&b);
	r->s++; /* the quote */
	for (;;) {
		unsigned char c = (unsigned char)*r->s;
		if (c == '"') {
			r->s++;
			break;
		}
		if (c < 0x20) {
			strbuf_free(&b);
			return fail(r, c ? "control byte in a string"
					 : "unterminated string");
		}
		if (c != '\\') {
			/* The plain bytes up to the next quote, escape or
			 * control byte, at once: most of a string. */
			size_t n = 1;
			while ((unsigned char)r->s[n] >= 0x20 && r->s[n] != '"' &&
			       r->s[n] != '\\')
				n++;
			strbuf_addn(&b, r->s, n);
			r->s += n;
			continue;
		}
		r->s++;
		char e = *r->s++;
		unsigned cp;
		switch (e) {
		case '"': strbuf_addc(&b, '"'); break;
		case '\\': strbuf_addc(&b, '\\'); break;
		case '/': strbuf_addc(&b, '/'); break;
		case 'b': strbuf_addc(&b, '\b'); break;
		case 'f': strbuf_addc(&b, '\f'); break;
		case 'n': strbuf_addc(&b, '\n'); break;
		case 'r': strbuf_addc(&b, '\r'); break;
		case 't': strbuf_addc(&b, '\t'); break;
		case 'u':
			if (!hex4(r, &cp) || cp == 0 ||
			    (cp >= 0xd800 && cp <= 0xdfff)) {
				strbuf_free(&b);
				return fail(r, "bad \\u escape");
			}
			put_utf8(&b, cp);
			break;
		default:
			strbuf_free(&b);
			return fail(r, "bad escape");
		}
	}
	*out = b.s ? b.s : xstrdup("");
	return true;
}

static bool read_value(struct reader *r, struct json *j, int depth);

static void push(struct json *j, int *cap)
{
	if (j->n == *cap) {
		*cap = *cap ? 2 * *cap : 4;
		j->items = xrealloc(j->items, (size_t)*cap * sizeof *j->items);
		if (j->type == JSON_OBJ)
			j->keys = xrealloc(j->keys, (size_t)*cap * sizeof *j->keys);
	}
	memset(&j->items[j->n], 0, sizeof j->items[j->n]);
	j->n++;
}

static bool read_container(struct reader *r, struct json *j, int depth)
{
	bool obj = *r->s == '{';
	char close = obj ? '}' : ']';
	int cap = 0;
	j->type = obj ? JSON_OBJ : JSON_ARR;
	r->s++;
	skip_space(r);
	if (*r->s == close) {
		r->s++;
		return true;
	}
	for (;;) {
		skip_space(r);
		char *key = NULL;
		if (obj) {
			if (*r->s != '"' || !read_string(r, &key))
				return fail(r, "expected a key");
			skip_space(r);
			if (*r->s++ != ':') {
				free(key);
				return fail(r, "expected ':'");
			}
		}
		push(j, &cap);
		if (obj)
			j->keys[j->n - 1] = key;
		if (!read_value(r, &j->items[j->n - 1], depth + 1))
			return false;
		skip_space(r);
		if (*r->s == ',') {
			r->s++;
			continue;
		}
		if (*r->s == close) {
			r->s++;
			return true;
		}
		return fail(r, obj ? "expected ',' or '}'" : "expected ',' or ']'");
	}
}

static bool read_value(struct reader *r, struct json *j, int depth)
{
	if (depth > JSON_DEPTH_MAX)
		return fail(r, "nested too deep");
	skip_space(r);
	const char *s = r->s;
	if (*s == '{' || *s == '[')
		return read_container(r, j, depth);
	if (*s == '"') {
		j->type = JSON_STR;
		return read_string(r, &j->str);
	}
	if (strncmp(s, "null", 4) == 0) {
		j->type = JSON_NULL;
		r->s += 4;
		return true;
	}
	if (strncmp(s, "true", 4) == 0 || strncmp(s, "false", 5) == 0) {
		j->type = JSON_BOOL;
		j->b = *s == 't';
		r->s += j->b ? 4 : 5;
		return true;
	}
	if (*s == '-' || (*s >= '0' && *s <= '9')) {
		char *end;
		j->type = JSON_NUM;
		j->num = strtod(s, &end);
		if (end == s || !isfinite(j->num))
			return fail(r, "bad number");
		r->s = end;
		return true;
	}
	return fail(r, *s ? "unexpected character" : "unexpected end");
}

struct json *json_parse(const char *s, char *why)
{
	struct reader r = {s, why};
	why[0] = '\0';
	struct json *j = xcalloc(1, sizeof *j);
	if (read_value(&r, j, 0)) {
		skip_space(&r);
		if (*r.s == '\0')
			return j;
		fail(&r, "text after the value");
	}
	json_free(j);
	return NULL;
}

static void json_clear(struct json *j)
{
	free(j->str);
	for (int i = 0; i < j->n; i++) {
		json_clear(&j->items[i]);
		if (j->keys)
			free(j->keys[i]);
	}
	free(j->items);
	free(j->keys);
}

void json_free(struct json *j)
{
	if (!j)
		return;
	json_clear(j);
	free(j);
}

const struct json *json_get(const struct json *o, const char *key)
{
	if (!o || o->type != JSON_OBJ)
		return NULL;
	for (int i = 0; i < o->n; i++)
		if (o->keys[i] && strcmp(o->keys[i], key) == 0)
			return &o->items[i];
	return NULL;
}

/* A number an int holds (converting any other is undefined). */
static bool holds_int(const struct json *v)
{
	return v && v->type == JSON_NUM && v->num >= -2147483647.0 &&
	       v->num <= 2147483647.0;
}

int json_int(const struct json *o, const char *key, int def)
{
	const struct json *v = json_get(o, key);
	return holds_int(v) ? (int)v->num : def;
}

bool json_int_array(const struct json *a, int n, int *out)
{
	if (!a || a->type != JSON_ARR || a->n != n)
		return false;
	for (int i = 0; i < n; i++) {
		if (!holds_int(&a->items[i]))
			return false;
		out[i] = (int)a->items[i].num;
	}
	return true;
}

double json_num(const struct json *o, const char *key, double def)
{
	const struct json *v = json_get(o, key);
	return v && v->type == JSON_NUM ? v->num : def;
}

const char *json_str(const struct json *o, const char *key)
{
	const struct json *v = json_get(o, key);
	return v && v->type == JSON_STR ? v->str : NULL;
}

bool json_bool(const struct json *o, const char *key, bool def)
{
	const struct json *v = json_get(o, key);
	return v && v->type == JSON_BOOL ? v->b : def;
}
