/* store.h: where hosted games live (SPEC 11): one folder per game, with
 * the copies of its scenario and roster, its save, its seats and its log.
 *
 * The referee's store is its games folder, which no player can enter;
 * a per-user install keeps its games in the starter's state folder
 * ($XDG_STATE_HOME/medsiege/games), mode 0700. Every folder is checked
 * for its owner and mode when opened, and every file in it is opened
 * without following a link and checked on the open descriptor. */
#ifndef MEDSIEGE_STORE_H
#define MEDSIEGE_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define STORE_NAME_LEN 64
#define STORE_PATH_LEN 512
/* The largest scenario or roster a game copies (a 1024x1024 map and its
 * legend fit). */
#define STORE_COPY_MAX (4 * 1024 * 1024)

struct store_game {
	char name[STORE_NAME_LEN];
	char dir[STORE_PATH_LEN];   /* the game's folder */
	int dirfd;                  /* open on it, or -1 */
};

/* The store of this process: the referee's games folder (checked), or
 * this user's. 0 with its path, or -1 with why. */
int store_root(char *out, size_t size, char *why, size_t whysize);
/* Whether name can be a game's name: lower-case letters, digits and
 * dashes, 1 to STORE_NAME_LEN - 1 of them (so no path). */
bool store_name_ok(const char *name);
/* Make the folder of a new game (failing if it exists) and open it. */
int store_create(const char *root, const char *name, struct store_game *g,
		 char *why, size_t whysize);
/* Open the folder of an existing game, checked. */
int store_open(const char *root, const char *name, struct store_game *g,
	       char *why, size_t whysize);
void store_close(struct store_game *g);
/* Remove a game's folder and what is in it (a game that could not
 * start leaves nothing behind). */
void store_remove(struct store_game *g);
/* Open a file of the game's folder: never through a link, a regular
 * file with one name, closed to others. With O_CREAT it is created new
 * (O_EXCL). The descriptor, or -1 with why. */
int store_file(const struct store_game *g, const char *file, int flags,
	       char *why, size_t whysize);
/* Create file in the game's folder holding len bytes (fsync). */
int store_write_new(const struct store_game *g, const char *file,
		    const char *bytes, size_t len, char *why, size_t whysize);
/* The path of a file of the game's folder. */
void store_path(const struct store_game *g, const char *file, char *out,
		size_t size);
/* Every game in the store: fn(ctx, name) for each; how many. */
int store_list(const char *root, void (*fn)(void *ctx, const char *name),
	       void *ctx);
/* Read a whole file (at most max bytes) from a descriptor: the bytes
 * (caller frees, NUL added) and their number, or NULL with why. */
char *store_read_fd(int fd, size_t max, size_t *len, char *why,
		    size_t whysize);

#endif
