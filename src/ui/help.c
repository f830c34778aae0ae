/* help.c: every key, a short rules reference, and the hint line. */
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "game/legend.h"
#include "ui/uipriv.h"

/* Where the scenario's own terrain goes among the lines. */
#define HELP_TERRAIN "\x01terrain"

static const char *const help_lines[] = {
	"MOVING THE CURSOR",
	"  arrows, h j k l (w s n e), y u b n (nw ne sw se), the numeric keypad",
	"  (7 8 9 / 4 6 / 1 2 3, with or without Num Lock)",
	"  Tab / Shift-Tab   next / previous unit of yours that can act now (in",
	"                    Melee: in melee, or a ram next to a door or wall)",
	"  t                 cursor to the next enemy in view: first those the",
	"                    selected unit can attack now, nearest first, then",
	"                    the others, nearest first",
	"",
	"ACTING (each action becomes a command line, shown in the log)",
	"  Enter or space    on one of your units: select it; elsewhere, act on",
	"                    the cell: Movement: move there (moveto, cheapest",
	"                    path); Missile fire: shoot at the unit or door there;",
	"                    Melee: fight it. Attacks show their arithmetic and",
	"                    odds and ask y/n before any die is rolled.",
	"                    Leaving melee: each free attack, its need, y/n.",
	"  m DIR             step one cell (move ID DIR); a climb may be paid",
	"                    over several turns (see RULES IN SHORT)",
	"  f DIR             face (face ID DIR); war machines pay 1 in per 45",
	"                    degrees, and are asked first",
	"  o DIR / c DIR     open / close the door in that direction (2 inches)",
	"  L DIR / U DIR     lock / unlock the door in that direction (2 inches)",
	"  x                 shoot at the cursor (unit, door or wall)",
	"  F                 fight at the cursor (unit, or an adjacent door/wall)",
	"  e                 end the step (asks first): Movement -> Missile fire",
	"                    -> Melee -> the next team. In Melee, while a unit",
	"                    must still fight, says so at once instead",
	"  E                 end the team's turn: every step left, asked once",
	"                    (one 'end' command a step); stops at a step the",
	"                    game will not end, saying why",
	"  z                 undo the last movement (if no die was rolled and",
	"                    no enemy came into sight); says what it took back",
	"  G                 carry out your standing orders: each unit goes on",
	"                    as far as it can this turn, asking before a free",
	"                    attack, stopping when an enemy comes into view. A",
	"                    move (Enter) too far for one turn goes as far as",
	"                    it can, then offers such an order: its cell is",
	"                    marked * on the map, its way underlined while the",
	"                    unit is selected",
	"  X                 cancel the selected unit's standing order",
	"  Esc               cancel; drop the selection",
	"  With --dice manual the game asks for each die it needs (on the",
	"  status line: 'roll a d20 for ... (need 15+)'): type what it shows.",
	"  A number that is no face of the die is refused and asked again; q",
	"  asks to quit only before a digit is typed.",
	"",
	"SHOWING",
	"  a                 the selected unit's arc of vision (cells it sees)",
	"  d                 where the selected unit can move this step (the",
	"                    panel gives the path's cost to the cursor anyway)",
	"  s                 last-seen marks '?' of enemies out of view",
	"  I                 unit ids written on the map (r2, b1: what the :",
	"                    prompt takes); I again: the letters",
	"  g                 the full log: every roll and what it was for, and",
	"                    every message and command, whole",
	"  i                 the scenario: its description, every goal, and who",
	"                    is who (as below)",
	"  D                 the digest again: what your team saw since its",
	"                    last turn (shown when the turn begins)",
	"  W                 in a hosted game, your seat: the game, and your",
	"                    team's watch code to hand to whom you like",
	"  ^                 heights: each cell a unit can stand on shows its",
	"                    height in inches (0-9, then a-z for 10-35) instead",
	"                    of its symbol, shaded where there is colour; walls,",
	"                    doors, ladders (H) and stairs (^) keep theirs. On a",
	"                    raised cell the panel says where the ways down and",
	"                    up are (ladders, stairs), nearest first",
	"  v                 the line of sight from the selected unit (or the",
	"                    cursor's cell) to the cursor, drawn on the map and",
	"                    explained on the panel; v or Esc hides it",
	"  :                 a command line: any command (move r3 n n ne, shoot",
	"                    r6 b2), or :odds, :los, :help; Tab completes (and",
	"                    lists what fits when several words do), Up and",
	"                    Down recall earlier lines. :odds r2 b2: the",
	"                    attack r2 would make on b2 where they stand (the",
	"                    panel's number); :odds archer billman: each weapon",
	"                    of the type, shots at half and at full range",
	"  ?                 this help      Ctrl-L   redraw the screen",
	"  Keys can be rebound in $XDG_CONFIG_HOME/medsiege/keys (default",
	"  ~/.config/medsiege/keys): one 'KEY ACTION' a line, e.g. 'w cursor-n';",
	"  see man medsiege for the action names.",
	"  q                 quit (asks first); the game is saved as it goes,",
	"                    and medsiege --resume continues it",
	"",
	"THE MAP AND THE SCREEN",
	"  The terrain you have seen on this map, as its legend has it (a",
	"  door drawn in a team's colour is locked; the ^ key draws every",
	"  cell's height):",
	HELP_TERRAIN,
	"  Letters are units in their team's colour (or bold / underline /",
	"  reverse without colour). Dim cells are remembered, not seen now;",
	"  blank cells were never seen.",
	"  A map larger than the screen has a scroll bar beside it and one",
	"  under it: ^ v < > where there is more, the part in view in reverse;",
	"  the view follows the cursor. On a large terminal the map is centred",
	"  and, with room, its cells are two columns wide.",
	"  Nothing that matters is cut: an attack's arithmetic on the panel",
	"  takes the rows it needs; a message too long for its line takes a",
	"  second (one longer still keeps its start and end, and g has it).",
	"  On a page (this help, the log, the digest) a line too long for the",
	"  screen goes on in the next row as far in as it is indented.",
	"",
	"RULES IN SHORT",
	"  A turn: each team in order plays Movement, then Missile fire (war",
	"  machines first, then missiles), then Melee. One cell is one inch;",
	"  orthogonal steps cost 1 inch, diagonal 1.5, times the terrain's cost.",
	"  Doors cost 2 inches. Heights change only by ladder (double cost,",
	"  foot only) or stairs. A climb costing more than the movement left is",
	"  paid over several turns: the unit stays at the foot until it is paid",
	"  ('climbing: 6 of 8 inches'); any other step forgets it.",
	"  A unit that leaves an enemy's reach (contact, or a bill's 2 inches),",
	"  or steps off the board beside one, takes a free attack from it. A",
	"  move halts rather than draw a free attack its team was not shown",
	"  (from an enemy it had not seen when the move began).",
	"  All units in melee must attack before the Melee step can end.",
	"  Missile fire needs the target in the shooter's arc (90 degrees to",
	"  the front), in range and a clear line; units in melee cannot shoot.",
	"  A shot at a unit in melee hits one of the units engaged, by a die.",
	"  An attack needs a d20 roll of at least AV + DV + modifiers: cover",
	"  (soft +1, half wall +2, heavy +4), over half range +2, large target",
	"  -2, outnumbered -1 per extra attacker (max -3), from behind -2, on a",
	"  ladder +2.",
	"  Hot seat: the screen is curtained between teams; each team sees only",
	"  what its units see.",
};

/* The scenario's own words and every team's goals: public knowledge;
 * then who is who, as the viewer knows it. */
void help_briefing(struct ui *ui)
{
	const struct game *g = ui->g;
	char **legend;
	int nlegend = whois_lines(ui, ui->viewer, &legend);
	int n = 0, cap = 9 + g->sc.ngoals + nlegend;
	char **lines = xcalloc((size_t)cap, sizeof *lines);
	lines[n++] = xstrdup(g->sc.description ? g->sc.description
					       : "(no description)");
	lines[n++] = xstrdup("");
	lines[n++] = xstrdup("GOALS");
	for (int i = 0; i < g->sc.ngoals; i++) {
		char desc[GAME_WHY_LEN];
		game_goal_describe(g, &g->sc.goals[i], desc, sizeof desc);
		lines[n++] = xasprintf("  %s: %s", g->w->teams[g->sc.goals[i].team].name,
				       desc);
	}
	lines[n++] = g->sc.rounds
			     ? xasprintf("  A draw if no goal is met by the end of round %d.",
					 g->sc.rounds)
			     : xstrdup("  No round limit.");
	lines[n++] = xstrdup("");
	for (int i = 0; i < nlegend; i++)
		lines[n++] = legend[i];
	free(legend);
	lines[n++] = xstrdup("");
	lines[n++] = xstrdup("Press i in the game to read this again, ? for every key.");
	char title[96];
	snprintf(title, sizeof title, "%s: the battle", g->sc.name);
	pager_show(ui, title, (const char *const *)lines, n, false);
	for (int i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

/* One line of the terrain the viewer knows: "    _  wall walk: height 6". */
static char *terrain_line(const struct legend_line *l)
{
	return xasprintf("    %c  %s%s%s%s%s", l->sym, l->words,
			 l->traits[0] ? ": " : "", l->traits,
			 l->colour != TCOLOUR_NONE ? "; drawn " : "",
			 l->colour != TCOLOUR_NONE
				 ? terrain_colour_names[l->colour]
				 : "");
}

/* Every key, the terrain of this map and who is who as the viewer knows
 * them, then the rules. */
void help_show(struct ui *ui)
{
	int nstatic = (int)(sizeof help_lines / sizeof help_lines[0]), nt = 0;
	/* The scenario's own legend, as far as the viewer has seen (all of
	 * it for a replay's spectator; nothing with no viewer). */
	struct legend_line *t = NULL;
	if (ui->viewer >= 0)
		t = legend_lines(ui->g, ui->viewer == UI_VIEW_ALL ? -1 : ui->viewer,
				 false, &nt);
	char **whois;
	int nwhois = whois_lines(ui, ui->viewer, &whois);
	char **lines = xcalloc((size_t)(nstatic + nt + nwhois + 1), sizeof *lines);
	int n = 0;
	for (int i = 0; i < nstatic; i++) {
		if (strcmp(help_lines[i], "RULES IN SHORT") == 0) {
			for (int k = 0; k < nwhois; k++)
				lines[n++] = xstrdup(whois[k]);
			lines[n++] = xstrdup("");
		}
		if (strcmp(help_lines[i], HELP_TERRAIN) != 0) {
			lines[n++] = xstrdup(help_lines[i]);
			continue;
		}
		for (int k = 0; k < nt; k++)
			lines[n++] = terrain_line(&t[k]);
	}
	free(t);
	whois_free(whois, nwhois);
	pager_show(ui, "medsiege: keys and rules", (const char *const *)lines,
		   n, false);
	for (int i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

const char *help_hint(const struct ui *ui)
{
	if (ui->mode == MODE_CONFIRM)
		return "y or Enter: yes   any other key: no";
	if (ui->mode == MODE_NOTICE)
		return "any key: go on";
	if (ui->mode == MODE_ASK)
		return "direction: arrows, h j k l y u b n or the keypad   "
		       "any other key: cancel";
	if (ui->mode == MODE_PROMPT && ui->prompt_hint)
		return ui->prompt_hint;
	if (ui->watching)
		return "the computer plays: your keys come back at your turn   "
		       "any key: skip to its end";
	if (ui->show_heights)
		return heights_legend();
	switch (ui->g->step) {
	case STEP_MOVEMENT:
		if (orders_any(ui))
			return "Enter:select/go G:orders X:cancel order m:step "
			       "z:undo Tab:next e:end ?:help";
		return "Enter:select/go m:step f:face o/c:door z:undo d:moves "
		       "Tab:next e:end ?:help";
	case STEP_MISSILE:
		return "Enter:select/shoot x:shoot t:next enemy a:arc Tab:next "
		       "g:log e:end ?:help q:quit";
	default:
		return "Enter:select/fight F:fight t:next enemy Tab:next g:log "
		       "e:end ?:help q:quit";
	}
}
