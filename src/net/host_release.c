/* host_release.c: freeing a seat whose key is lost (SPEC 11.1). A seat
 * of a shared account is bound to a seat key shown to its player once;
 * a player who loses it cannot come back, and nobody else may take the
 * seat. It is freed when every other seated player asks for it
 * ("release TEAM"), or when the game has slept HOST_KEY_RELEASE_DAYS.
 * The asks are kept in the seats file, so players may ask days apart. */
#include "net/hostpriv.h"

#include <stdio.h>
#include <string.h>

/* The teams whose players are seated in the game, but t's. */
static unsigned others_seated(const struct host *h, int t)
{
	unsigned m = 0;
	for (int u = 0; u < h->s->g->w->nteams; u++)
		if (u != t && (h->seats[u].bind == SEAT_UID ||
			       h->seats[u].bind == SEAT_KEY))
			m |= 1u << u;
	return m;
}

static void free_seat(struct host *h, int t, const char *why)
{
	struct seat *s = &h->seats[t];
	s->bind = SEAT_FREE;
	memset(s->key, 0, sizeof s->key);
	s->release = 0;
	char text[160];
	snprintf(text, sizeof text, "%s's seat is free again: %s",
		 h->s->g->w->teams[t].name, why);
	host_log("%s", text);
	host_chat_all(h, "referee", text);
}

bool host_seat_release(struct host *h, struct client *c, const char *team,
		       char *why, size_t whysize)
{
	const struct world *w = h->s->g->w;
	int t = world_find_team(w, team);
	if (c->watcher) {
		snprintf(why, whysize, "a watcher cannot release a seat");
		return false;
	}
	if (t < 0) {
		snprintf(why, whysize, "no team '%.40s' in this game", team);
		return false;
	}
	struct seat *s = &h->seats[t];
	if (t == c->team) {
		snprintf(why, whysize, "that is your own seat: leave it with q");
		return false;
	}
	if (s->bind != SEAT_KEY) {
		snprintf(why, whysize, "%s's seat is not held by a seat key",
			 w->teams[t].name);
		return false;
	}
	if (s->player) {
		snprintf(why, whysize, "%s's player is in the game now",
			 w->teams[t].name);
		return false;
	}
	struct seat before = *s;
	s->release |= 1u << c->team;
	unsigned need = others_seated(h, t);
	if ((s->release & need) == need)
		free_seat(h, t, "its other players released it");
	char swhy[160];
	if (host_seats_save(h, swhy, sizeof swhy) != 0) {
		*s = before;
		snprintf(why, whysize, "%s", swhy);
		return false;
	}
	host_log("client %d (%s) asks to release %s's seat", c->id,
		 w->teams[c->team].name, w->teams[t].name);
	if (s->bind == SEAT_KEY) {
		char text[160];
		snprintf(text, sizeof text,
			 "%s asks to free %s's seat (a lost seat key): every "
			 "other seated player must ask it too",
			 w->teams[c->team].name, w->teams[t].name);
		host_chat_all(h, "referee", text);
	}
	host_write_info(h);
	return true;
}

void host_seats_release_old(struct host *h, long long slept_s)
{
	if (slept_s < (long long)HOST_KEY_RELEASE_DAYS * 86400)
		return;
	bool any = false;
	for (int t = 0; t < h->s->g->w->nteams; t++)
		if (h->seats[t].bind == SEAT_KEY) {
			free_seat(h, t, "the game slept 30 days");
			any = true;
		}
	char why[160];
	if (any && host_seats_save(h, why, sizeof why) != 0)
		host_log("cannot keep the seats: %s", why);
}
