/* json.h: a small reader for the JSON lines of the wire (one object a
 * line, shallow). Bounded: nesting past JSON_DEPTH_MAX is refused. */
#ifndef MEDSIEGE_JSON_H
#define MEDSIEGE_JSON_H

#include <stdbool.h>

/* The wire's objects nest two or three deep; more is not ours. */
#define JSON_DEPTH_MAX 8

enum json_type { JSON_NULL, JSON_BOOL, JSON_NUM, JSON_STR, JSON_ARR, JSON_OBJ };

struct json {
	enum json_type type;
	bool b;
	double num;
	char *str;            /* owned: JSON_STR */
	int n;                /* items of an array or object */
	struct json *items;   /* owned */
	char **keys;          /* owned: an object's keys */
};

/* Parse one JSON value taking all of s; NULL with why (80 bytes) on
 * anything else. Free with json_free. */
struct json *json_parse(const char *s, char *why);
void json_free(struct json *j);
/* An object's member, or NULL. */
const struct json *json_get(const struct json *o, const char *key);
/* Members read with a default when absent or of another type. */
int json_int(const struct json *o, const char *key, int def);
double json_num(const struct json *o, const char *key, double def);
const char *json_str(const struct json *o, const char *key);
bool json_bool(const struct json *o, const char *key, bool def);
/* An array of exactly n numbers that an int holds, into out; false (out
 * partly written) when a is anything else. */
bool json_int_array(const struct json *a, int n, int *out);

#endif
