/* replay_game.c: medsiege replay GAME: a finished hosted game handed to
 * one of its players (SPEC 11.1). While the privilege is held, the game's
 * folder is opened, the caller is checked to be one of its players (its
 * starter, a seat bound to their uid, or one whose seat key or watch code
 * they type), and its scenario, roster and save are read; then the
 * privilege is dropped for good and a copy is written to the player's
 * own state folder, which the replay then reads as any save. After the
 * end everyone in the game may see everything; before it, nothing is
 * handed out. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/file.h"
#include "base/util.h"
#include "cli/cli.h"
#include "net/json.h"
#include "net/priv.h"
#include "net/proto.h"
#include "net/store.h"
#include "save/journal.h"

/* What is read from the game's folder. */
struct finished {
	char *info, *seats, *scenario, *roster, *save; /* owned */
	size_t nscenario, nroster, nsave;
	char save_name[STORE_NAME_LEN + 64];
};

static void finished_free(struct finished *f)
{
	free(f->info);
	free(f->seats);
	free(f->scenario);
	free(f->roster);
	free(f->save);
}

static char *read_file(const struct store_game *g, const char *name,
		       size_t max, size_t *len, char *why, size_t whysize)
{
	int fd = store_file(g, name, O_RDONLY, why, whysize);
	if (fd < 0)
		return NULL;
	char *s = store_read_fd(fd, max, len, why, whysize);
	close(fd);
	return s;
}

/* The newest save of the game's folder (its name holds when it began). */
static bool newest_save(const struct store_game *g, char *out, size_t size)
{
	int fd = dup(g->dirfd);
	DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return false;
	}
	out[0] = '\0';
	struct dirent *e;
	while ((e = readdir(d)) != NULL) {
		size_t n = strlen(e->d_name);
		if (n > 5 && n < size && strcmp(e->d_name + n - 5, ".save") == 0 &&
		    strcmp(e->d_name, out) > 0)
			snprintf(out, size, "%s", e->d_name);
	}
	closedir(d);
	return out[0] != '\0';
}

/* Whether a seat key or watch code the player typed is one of the
 * game's (the seats file: "seat T BIND VALUE WATCH FOR"). */
static bool code_is_the_games(const char *seats, const char *code)
{
	char *copy = xstrdup(seats);
	bool found = false;
	for (char *save = NULL, *l = strtok_r(copy, "\n", &save); l && !found;
	     l = strtok_r(NULL, "\n", &save)) {
		int t;
		char bind[16], val[PROTO_CODE_LEN], watch[PROTO_CODE_LEN];
		if (sscanf(l, "seat %d %15s %127s %127s", &t, bind, val, watch) != 4)
			continue;
		found = (strcmp(bind, "key") == 0 && strcmp(val, code) == 0) ||
			strcmp(watch, code) == 0;
	}
	free(copy);
	return found;
}

/* Whether the caller played in the game: its starter, or a seat bound
 * to their uid (the info's seats). */
static bool played_in(const struct json *info)
{
	if (json_int(info, "starter", -1) == (long long)getuid())
		return true;
	const struct json *seats = json_get(info, "seats");
	for (int i = 0; seats && seats->type == JSON_ARR && i < seats->n; i++)
		if (json_int(&seats->items[i], "uid", -1) == (long long)getuid())
			return true;
	return false;
}

/* Read the finished game with the privilege held. 0, or an exit status
 * with the reason said. */
static int read_finished(const char *name, struct finished *f)
{
	char root[STORE_PATH_LEN], why[STORE_PATH_LEN + 160];
	struct store_game g;
	if (store_root(root, sizeof root, why, sizeof why) != 0) {
		cli_warn("medsiege replay: %s", why);
		return 1;
	}
	if (store_open(root, name, &g, why, sizeof why) != 0) {
		cli_warn("medsiege replay: no game %s is kept here%s", name,
			 priv_referee() ? ""
					: " (a game hosted by another user's own "
					  "account is kept by them: ask them for "
					  "its save)");
		return 1;
	}
	int rc = 1;
	size_t len;
	f->info = read_file(&g, "info", 64 * 1024, &len, why, sizeof why);
	f->seats = f->info ? read_file(&g, "seats", 64 * 1024, &len, why,
				       sizeof why)
			   : NULL;
	struct json *info = f->info ? json_parse(f->info, why) : NULL;
	if (!info || !f->seats) {
		cli_warn("medsiege replay: game %s cannot be read: %s", name, why);
		goto out;
	}
	if (!json_bool(info, "over", false)) {
		cli_warn("medsiege replay: game %s is not over: a game is shown "
			 "whole only after its end (medsiege join %s)",
			 name, name);
		goto out;
	}
	if (!played_in(info)) {
		char code[PROTO_CODE_LEN];
		if (!cli_ask_secret("Your seat key or your team's watch code for "
				    "this game: ",
				    code, sizeof code) ||
		    !code_is_the_games(f->seats, code)) {
			cli_warn("medsiege replay: game %s is its players' to "
				 "replay, and that is none of its codes",
				 name);
			goto out;
		}
	}
	if (!newest_save(&g, f->save_name, sizeof f->save_name)) {
		cli_warn("medsiege replay: game %s has no save", name);
		goto out;
	}
	f->scenario = read_file(&g, "scenario.yaml", STORE_COPY_MAX,
				&f->nscenario, why, sizeof why);
	f->roster = f->scenario ? read_file(&g, "roster.yaml", STORE_COPY_MAX,
					    &f->nroster, why, sizeof why)
				: NULL;
	f->save = f->roster ? read_file(&g, f->save_name, 64 * 1024 * 1024,
					&f->nsave, why, sizeof why)
			    : NULL;
	if (!f->save) {
		cli_warn("medsiege replay: game %s cannot be read: %s", name, why);
		goto out;
	}
	rc = 0;
out:
	json_free(info);
	store_close(&g);
	return rc;
}

static int write_copy(const char *path, const char *bytes, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC,
		      0600);
	if (fd < 0)
		return -1;
	bool ok = file_write_all(fd, bytes, len) && fsync(fd) == 0;
	return close(fd) == 0 && ok ? 0 : -1;
}

/* The save as it reads from the copy: its scenario and roster lines
 * name the copies beside it. Caller frees. */
static char *save_for_copy(const struct finished *f, const char *dir)
{
	struct strbuf b;
	strbuf_init(&b);
	const char *p = f->save, *end = f->save + f->nsave;
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
		if (strncmp(p, "# scenario: ", 12) == 0)
			strbuf_addf(&b, "# scenario: %s/scenario.yaml\n", dir);
		else if (strncmp(p, "# roster: ", 10) == 0)
			strbuf_addf(&b, "# roster: %s/roster.yaml\n", dir);
		else
			strbuf_addn(&b, p, n);
		p += n;
	}
	return b.s ? b.s : xstrdup("");
}

int replay_game_copy(const char *name, char *save, size_t size)
{
	struct finished f;
	memset(&f, 0, sizeof f);
	int rc = read_finished(name, &f);
	/* Nothing more is read with the privilege. */
	priv_drop();
	if (rc != 0) {
		finished_free(&f);
		return rc;
	}
	char *state = journal_dir();
	char *dir = xasprintf("%s/replays/%s", state, name);
	free(state);
	/* Made as mkdir -p would, each new folder the player's alone. */
	for (char *p = dir + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			mkdir(dir, 0700);
			*p = '/';
		}
	mkdir(dir, 0700);
	char *scen = xasprintf("%s/scenario.yaml", dir);
	char *roster = xasprintf("%s/roster.yaml", dir);
	char *body = save_for_copy(&f, dir);
	snprintf(save, size, "%s/%s", dir, f.save_name);
	if (write_copy(scen, f.scenario, f.nscenario) != 0 ||
	    write_copy(roster, f.roster, f.nroster) != 0 ||
	    write_copy(save, body, strlen(body)) != 0) {
		cli_warn("medsiege replay: cannot keep a copy of game %s in %s: %s",
			 name, dir, strerror(errno));
		rc = 1;
	} else {
		fprintf(stderr, "medsiege: game %s is kept for you in %s\n", name,
			dir);
	}
	free(body);
	free(scen);
	free(roster);
	free(dir);
	finished_free(&f);
	return rc;
}
