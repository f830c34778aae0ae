/* host_seats.c: a hosted game's seats (SPEC 11): claimed, then bound to
 * a uid or to a seat key; the watch codes; the seats file that keeps
 * them across a host's sleep. */
#include "net/hostpriv.h"

#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"

#define SEATS_MAGIC "# medsiege seats 1"

static const char *const bind_names[] = {"free", "uid", "key", "computer"};

/* Lower-case letters and digits of s, at most n: names in codes. */
static void slug(const char *s, char *out, size_t n)
{
	size_t o = 0;
	for (; *s && o + 1 < n; s++)
		if (isalnum((unsigned char)*s))
			out[o++] = (char)tolower((unsigned char)*s);
	if (o == 0 && n > 1)
		out[o++] = 'x';
	out[o] = '\0';
}

/* A code for team t: "GAME-TEAM-SECRET", or with watch
 * "GAME-TEAMwatch-SECRET". */
static int make_code(struct host *h, int t, bool watch, char *out, size_t size)
{
	char team[24], secret[PROTO_SECRET_LEN + 1];
	slug(h->s->g->w->teams[t].name, team, sizeof team);
	if (proto_secret(secret) != 0)
		return -1;
	snprintf(out, size, "%s-%s%s-%s", h->game, team, watch ? "watch" : "",
		 secret);
	return 0;
}

int host_seats_make(struct host *h, const struct host_opts *o, char *why,
		    size_t whysize)
{
	const struct world *w = h->s->g->w;
	int mine = -1;
	if (o->team && strcmp(o->team, "-") != 0) {
		mine = world_find_team(w, o->team);
		if (mine < 0 || w->teams[mine].control == CONTROL_AI) {
			snprintf(why, whysize, "--team %s: no team of that name "
					       "for a person to play",
				 o->team);
			return -1;
		}
	}
	for (int t = 0; t < w->nteams; t++) {
		struct seat *s = &h->seats[t];
		memset(s, 0, sizeof *s);
		s->bind = w->teams[t].control == CONTROL_AI ? SEAT_COMPUTER
							    : SEAT_FREE;
		if (make_code(h, t, true, s->watch, sizeof s->watch) != 0) {
			snprintf(why, whysize, "no random numbers from the "
					       "system: %s",
				 strerror(errno));
			return -1;
		}
		if (!o->team && mine < 0 && s->bind == SEAT_FREE)
			mine = t;
		for (int i = 0; i < o->nfor; i++) {
			if (o->for_[i].team[0] &&
			    world_find_team(w, o->for_[i].team) != t)
				continue;
			if (s->nfor < HOST_FOR_MAX)
				s->for_uid[s->nfor++] = o->for_[i].uid;
		}
	}
	for (int i = 0; i < o->nfor; i++)
		if (o->for_[i].team[0] && world_find_team(w, o->for_[i].team) < 0) {
			snprintf(why, whysize, "--for %s: no team named %s",
				 o->for_[i].team, o->for_[i].team);
			return -1;
		}
	h->restricted = o->nfor > 0;
	if (mine >= 0) {
		h->seats[mine].bind = SEAT_UID;
		h->seats[mine].uid = h->starter;
	}
	return 0;
}

/* --- the seats file ----------------------------------------------------- */

int host_seats_save(struct host *h, char *why, size_t whysize)
{
	struct strbuf b;
	strbuf_init(&b);
	strbuf_addf(&b, "%s\ngame %s\nstarter %u\ngroup %s\nidle %d\n"
			"restricted %d\n",
		    SEATS_MAGIC, h->game, h->starter, h->group[0] ? h->group : "-",
		    h->idle_ms / 1000, h->restricted ? 1 : 0);
	for (int t = 0; t < h->s->g->w->nteams; t++) {
		const struct seat *s = &h->seats[t];
		strbuf_addf(&b, "seat %d %s ", t, bind_names[s->bind]);
		if (s->bind == SEAT_UID)
			strbuf_addf(&b, "%u", s->uid);
		else if (s->bind == SEAT_KEY)
			strbuf_add(&b, s->key);
		else
			strbuf_addc(&b, '-');
		strbuf_addf(&b, " %s ", s->watch);
		for (int i = 0; i < s->nfor; i++)
			strbuf_addf(&b, "%s%u", i ? "," : "", s->for_uid[i]);
		if (s->nfor == 0)
			strbuf_addc(&b, '-');
		strbuf_addc(&b, '\n');
		if (s->release)
			strbuf_addf(&b, "release %d %u\n", t, s->release);
	}
	/* One write of the whole file at its start: a crash leaves the old
	 * seats or the new ones (it is far smaller than a page). */
	int rc = 0;
	if (pwrite(h->seatsfd, b.s, b.len, 0) != (ssize_t)b.len ||
	    ftruncate(h->seatsfd, (off_t)b.len) != 0 || fsync(h->seatsfd) != 0) {
		snprintf(why, whysize, "cannot keep the seats: %s", strerror(errno));
		rc = -1;
	}
	strbuf_free(&b);
	return rc;
}

static bool parse_seat(struct host *h, const char *line)
{
	int t;
	char bind[16], val[PROTO_CODE_LEN], watch[PROTO_CODE_LEN], fors[256];
	if (sscanf(line, "seat %d %15s %127s %127s %255s", &t, bind, val, watch,
		   fors) != 5 ||
	    t < 0 || t >= h->s->g->w->nteams)
		return false;
	struct seat *s = &h->seats[t];
	memset(s, 0, sizeof *s);
	int k = 0;
	while (k < 4 && strcmp(bind_names[k], bind) != 0)
		k++;
	if (k == 4)
		return false;
	s->bind = (enum seat_bind)k;
	if (s->bind == SEAT_UID && sscanf(val, "%u", &s->uid) != 1)
		return false;
	if (s->bind == SEAT_KEY)
		snprintf(s->key, sizeof s->key, "%s", val);
	snprintf(s->watch, sizeof s->watch, "%s", watch);
	if (strcmp(fors, "-") != 0)
		for (char *p = fors; *p && s->nfor < HOST_FOR_MAX;) {
			s->for_uid[s->nfor++] = (unsigned)strtoul(p, &p, 10);
			if (*p == ',')
				p++;
			else
				break;
		}
	return true;
}

int host_seats_load(struct host *h, char *why, size_t whysize)
{
	size_t len;
	char rwhy[128];
	lseek(h->seatsfd, 0, SEEK_SET);
	char *text = store_read_fd(h->seatsfd, 64 * 1024, &len, rwhy, sizeof rwhy);
	if (!text) {
		snprintf(why, whysize, "the game's seats: %s", rwhy);
		return -1;
	}
	int seats = 0, idle = 0, restricted = 0, t;
	unsigned mask;
	bool magic = false, game = false;
	char *save = NULL;
	for (char *line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char word[64];
		if (strcmp(line, SEATS_MAGIC) == 0)
			magic = true;
		else if (sscanf(line, "game %63s", word) == 1)
			game = strcmp(word, h->game) == 0;
		else if (sscanf(line, "starter %u", &h->starter) == 1)
			;
		else if (sscanf(line, "group %63s", word) == 1)
			snprintf(h->group, sizeof h->group, "%s",
				 strcmp(word, "-") == 0 ? "" : word);
		else if (sscanf(line, "idle %d", &idle) == 1)
			h->idle_ms = idle > 0 ? idle * 1000 : 0;
		else if (sscanf(line, "restricted %d", &restricted) == 1)
			h->restricted = restricted != 0;
		else if (parse_seat(h, line))
			seats++;
		else if (sscanf(line, "release %d %u", &t, &mask) == 2 && t >= 0 &&
			 t < h->s->g->w->nteams)
			h->seats[t].release = mask; /* after its seat line */
	}
	free(text);
	if (!magic || !game || seats != h->s->g->w->nteams) {
		snprintf(why, whysize, "the game's seats file is damaged");
		return -1;
	}
	return 0;
}

/* --- claims ------------------------------------------------------------- */

/* Whether uid may reach the game at all: anyone, or for a --group game
 * the group's members (the referee's socket is no folder's to guard). */
static bool may_reach(const struct host *h, unsigned uid)
{
	if (!h->group[0] || uid == h->starter)
		return true;
	struct group *gr = getgrnam(h->group);
	struct passwd *pw = getpwuid((uid_t)uid);
	if (!gr || !pw)
		return false;
	if (pw->pw_gid == gr->gr_gid)
		return true;
	for (char **m = gr->gr_mem; *m; m++)
		if (strcmp(*m, pw->pw_name) == 0)
			return true;
	return false;
}

static bool refuse_stranger(struct host *h, struct client *c)
{
	if (may_reach(h, c->uid))
		return false;
	host_log("client %d (uid %u) is not of group %s: refused", c->id, c->uid,
		 h->group);
	host_refuse_and_drop(h, c, "error", "this game is for its group's members");
	return true;
}

static bool may_claim(const struct host *h, const struct seat *s, unsigned uid)
{
	if (s->bind != SEAT_FREE)
		return false;
	if (!h->restricted)
		return true;
	for (int i = 0; i < s->nfor; i++)
		if (s->for_uid[i] == uid)
			return true;
	return false;
}

/* The words after a claim or a code: "from BOOT N" when the client holds
 * the first N lines of this process's record. */
static void parse_from(const char *rest, char *boot, size_t bsize, int *from)
{
	char b[8];
	int n;
	*from = 0;
	boot[0] = '\0';
	const char *p = rest ? strstr(rest, "from ") : NULL;
	if (p && sscanf(p, "from %7s %d", b, &n) == 2 && n > 0) {
		snprintf(boot, bsize, "%s", b);
		*from = n;
	}
}

/* Seat the client on team t (as a player or a watcher), taking a
 * player's seat from an older connection of the same player. */
static void seat(struct host *h, struct client *c, int t, bool watcher,
		 const char *boot, int from, const char *key)
{
	const struct world *w = h->s->g->w;
	struct seat *s = &h->seats[t];
	if (!watcher && s->player) {
		struct client *old = host_client_by_id(h, s->player);
		if (old && old != c)
			host_refuse_and_drop(h, old, "bye",
					     "your seat was taken by a new "
					     "connection of yours");
	}
	c->state = CL_SEATED;
	c->team = t;
	c->watcher = watcher;
	c->cursor = 0;
	host_free_snapshot(c);
	if (strcmp(boot, h->boot) == 0 && from > 0 && from <= h->rec[t].n) {
		/* Back on this host: the lines it missed. */
		c->cursor = from;
	} else {
		/* New to this host: the picture as it stands and the
		 * recent events, not the history; then the record goes
		 * on from its end. */
		c->snap = xmalloc(sizeof *c->snap);
		wire_team_snapshot(&h->rec[t], h->s->g,
				   watcher ? NULL : &h->said[t], c->snap);
		c->snap_at = 0;
		c->cursor = h->rec[t].n;
	}
	c->since = host_now_ms();
	if (!watcher)
		s->player = c->id;
	host_open_wire_log(h, c);
	host_log("client %d (uid %u) %s %s", c->id, c->uid,
		 watcher ? "watches" : "plays", w->teams[t].name);
	struct strbuf b;
	strbuf_init(&b);
	strbuf_add(&b, "{\"type\":\"seat\",\"game\":");
	strbuf_add_json(&b, h->game);
	strbuf_add(&b, ",\"team\":");
	strbuf_add_json(&b, w->teams[t].name);
	strbuf_addf(&b, ",\"role\":\"%s\",\"record\":\"%s\",\"from\":%d",
		    watcher ? "watch" : "play", h->boot, c->cursor);
	/* The snapshot's lines come first and are not the record's. */
	if (c->snap)
		strbuf_addf(&b, ",\"snapshot\":%d", c->snap->n);
	/* A player is told their own team's watch code (to hand to whom
	 * they like), and a seat key once, when it is made. */
	if (!watcher) {
		strbuf_add(&b, ",\"watch\":");
		strbuf_add_json(&b, s->watch);
	}
	if (key) {
		strbuf_add(&b, ",\"key\":");
		strbuf_add_json(&b, key);
	}
	strbuf_add(&b, h->referee ? ",\"referee\":true}" : ",\"referee\":false}");
	host_say(c, b.s);
	strbuf_free(&b);
	if (h->s->save_broken)
		host_say_json(c, "alert", "text",
			      "saving stopped: orders are refused until it "
			      "works again");
	host_write_info(h);
}

/* Bind a free seat and keep it on disk before the player hears of it. */
static bool bind_seat(struct host *h, struct client *c, int t, bool key)
{
	struct seat *s = &h->seats[t];
	struct seat before = *s;
	if (key) {
		if (make_code(h, t, false, s->key, sizeof s->key) != 0) {
			host_refuse_and_drop(h, c, "error",
					     "no random numbers from the system");
			return false;
		}
		s->bind = SEAT_KEY;
	} else {
		s->bind = SEAT_UID;
		s->uid = c->uid;
	}
	char why[160];
	if (host_seats_save(h, why, sizeof why) != 0) {
		*s = before;
		host_log("%s", why);
		host_refuse_and_drop(h, c, "error",
				     "the game cannot keep your seat now: try "
				     "again later");
		return false;
	}
	host_log("client %d (uid %u) claims %s (bound to %s)", c->id, c->uid,
		 h->s->g->w->teams[t].name, key ? "a seat key" : "its uid");
	return true;
}

void host_seat_claim(struct host *h, struct client *c, const char *arg)
{
	const struct world *w = h->s->g->w;
	if (refuse_stranger(h, c))
		return;
	char team[TEAM_NAME_LEN + 8] = "", word[16] = "", boot[8];
	int from;
	parse_from(arg, boot, sizeof boot, &from);
	/* "claim", "claim TEAM", "claim TEAM key", "claim - key". */
	int n = sscanf(arg, "%39s %15s", team, word);
	if (n >= 1 && strcmp(team, "from") == 0)
		team[0] = '\0', n = 0;
	bool key = n == 2 && strcmp(word, "key") == 0;
	int want = -1;
	if (team[0] && strcmp(team, "-") != 0) {
		want = world_find_team(w, team);
		if (want < 0) {
			host_refuse_and_drop(h, c, "error",
					     "this game has no team of that name");
			return;
		}
	}
	if (want >= 0 && w->teams[want].control == CONTROL_AI) {
		host_refuse_and_drop(h, c, "error", "the computer plays that team");
		return;
	}
	/* Coming back: the seat bound to this uid. */
	int held = -1;
	for (int t = 0; t < w->nteams && !key; t++)
		if (h->seats[t].bind == SEAT_UID && h->seats[t].uid == c->uid)
			held = t;
	if (held >= 0) {
		if (want >= 0 && want != held) {
			char msg[160];
			snprintf(msg, sizeof msg,
				 "you hold %s in this game: one seat each",
				 w->teams[held].name);
			host_refuse_and_drop(h, c, "error", msg);
			return;
		}
		seat(h, c, held, false, boot, from, NULL);
		return;
	}
	int t = want;
	if (t < 0)
		for (int k = 0; k < w->nteams && t < 0; k++)
			if (may_claim(h, &h->seats[k], c->uid))
				t = k;
	if (t < 0 || !may_claim(h, &h->seats[t], c->uid)) {
		host_refuse_and_drop(h, c, "error",
				     t >= 0 && h->seats[t].bind != SEAT_FREE
					     ? "that seat is taken"
					     : "no seat of this game is free for you");
		return;
	}
	if (!bind_seat(h, c, t, key))
		return;
	seat(h, c, t, false, boot, from, key ? h->seats[t].key : NULL);
}

/* Whether uid may try a code now (not too many wrong ones lately). */
static struct wrong *wrong_of(struct host *h, unsigned uid, long long now)
{
	struct wrong *free_slot = NULL, *oldest = &h->wrong[0];
	for (size_t i = 0; i < sizeof h->wrong / sizeof *h->wrong; i++) {
		struct wrong *x = &h->wrong[i];
		if (x->n && now - x->since >= HOST_WRONG_WINDOW_MS)
			x->n = 0;
		if (x->n && x->uid == uid)
			return x;
		if (!x->n && !free_slot)
			free_slot = x;
		if (x->since < oldest->since)
			oldest = x;
	}
	struct wrong *x = free_slot ? free_slot : oldest;
	*x = (struct wrong){.uid = uid, .since = now};
	return x;
}

void host_seat_hello(struct host *h, struct client *c, const char *arg)
{
	const struct world *w = h->s->g->w;
	char code[PROTO_CODE_LEN] = "", boot[8];
	int from;
	if (refuse_stranger(h, c))
		return;
	long long now = host_now_ms();
	struct wrong *x = wrong_of(h, c->uid, now);
	if (x->n >= HOST_WRONG_MAX) {
		if (!x->said)
			host_log("uid %u: %d wrong codes; refused until %lld s "
				 "have passed",
				 c->uid, x->n, (long long)HOST_WRONG_WINDOW_MS / 1000);
		x->said = true;
		host_refuse_and_drop(h, c, "error",
				     "too many wrong codes: wait a few seconds");
		return;
	}
	/* "CODE" or "CODE from BOOT N": the code exactly, nothing around it. */
	parse_from(arg, boot, sizeof boot, &from);
	const char *end = strstr(arg, " from ");
	size_t n = end ? (size_t)(end - arg) : strlen(arg);
	if (n < sizeof code && !memchr(arg, ' ', n)) {
		memcpy(code, arg, n);
		code[n] = '\0';
	}
	for (int t = 0; t < w->nteams && code[0]; t++) {
		const struct seat *s = &h->seats[t];
		if (s->bind == SEAT_KEY && strcmp(code, s->key) == 0) {
			seat(h, c, t, false, boot, from, NULL);
			return;
		}
		if (strcmp(code, s->watch) == 0) {
			seat(h, c, t, true, boot, from, NULL);
			return;
		}
	}
	if (x->n++ == 0)
		host_log("client %d (uid %u) gave a wrong code", c->id, c->uid);
	host_refuse_and_drop(h, c, "error", "no seat in this game has that code");
}

void host_send_info(struct host *h, struct client *c)
{
	char *line = host_info_line(h);
	host_say(c, line);
	free(line);
}
