/* uipriv.h: what the files of src/ui/ share: the screen's state, its
 * layout and the functions each file offers the others. Every drawing
 * function takes the viewer team explicitly: nothing is drawn "for
 * everyone".
 *
 * The files are in layers. A file calls only functions of its own layer
 * or of a lower one, and the files of one layer call each other in no
 * circle; tests/ui-layers.sh checks both, with the list at the end of
 * this comment (a new file goes into it). The declarations below come in
 * the same order, layer by layer.
 *
 * 0. The state: what the screen keeps of the game for its viewer: the
 *    log as each team may read it, what the viewer knows, its caches,
 *    the selection and which of its units can act. No curses.
 * 1. The terminal: opening and closing curses, the signals, reading
 *    keys.
 * 2. The screen: the layout and its windows, the palette, drawing
 *    primitives (a string, wrapped text, a map cell), the status and key
 *    lines, keys read with the layout redone after a resize.
 * 3. The views: each draws from the viewer's state and changes nothing
 *    of the game: the play screen's frame, the map and what goes over
 *    it, the panel, the log, the pages (help, the digest, who is who,
 *    the pager). A view never calls an action.
 * 4. The interaction: keys to actions, the questions, the ':' prompt,
 *    the curtain, ending a step or the turn, undo, standing orders, a
 *    computer's turn watched. An action changes the game only with a
 *    line of the command language (send.c, through submit: cmd_execute
 *    or the session) and marks the screen dirty; the next frame shows
 *    what it did.
 * 5. The loop: ui_play, and ui_replay's.
 *
 *   layer 0, the state:        uilog.c viewer.c
 *   layer 1, the terminal:     term.c termcap.c
 *   layer 2, the screen:       screen.c colors.c
 *   layer 3, the views:        frame.c mapview.c idview.c ordersview.c
 *                              losview.c heights.c panel.c logview.c
 *                              pager.c digest.c help.c whois.c
 *   layer 4, the interaction:  keymap.c input.c send.c consent.c
 *                              actions.c prompt.c oddsprompt.c endturn.c
 *                              undo.c orderkeys.c curtain.c watch.c
 *   layer 5, the loop:         ui.c replay.c
 */
#ifndef MEDSIEGE_UIPRIV_H
#define MEDSIEGE_UIPRIV_H

#include <curses.h>
#include <stdbool.h>

#include "game/game.h"
#include "game/los.h"
#include "ui/ui.h"
#include "ui/uilog.h"

/* The viewer of a replay shown with everything in it: a spectator, never
 * a team in play. */
#define UI_VIEW_ALL MAX_TEAMS

#define UI_MIN_COLS 80
#define UI_MIN_LINES 24
#define UI_PANEL_MIN 30   /* columns of the side panel at least */
#define UI_LOG_MIN 3      /* lines of the log pane at least */
#define UI_STATUS_LEN 512
/* A key the terminal sent that means nothing here. */
#define UI_KEY_UNKNOWN (KEY_MAX + 1)
/* Not a key: the host of a remote game has sent something. */
#define UI_KEY_REMOTE (KEY_MAX + 2)

/* Where each part of the screen is. */
struct layout {
	int cols, lines;
	bool too_small;
	int top_h;            /* rows of map and panel */
	int map_w, map_h;     /* viewport in cells */
	int cell_w;           /* columns a cell takes: 1, or 2 with room */
	int map_x, map_y;     /* the viewport's corner in the map window */
	bool more_h, more_v;  /* the map is wider / taller than the viewport:
				 a scroll bar below / beside it */
	int panel_x, panel_w;
	int log_y, log_h;
	int status_y;         /* messages and questions */
	int hint_y;           /* the key hint (= status_y: they share it) */
};

/* Attributes for the parts of the map, in colour or monochrome. */
struct palette {
	bool colour;
	attr_t team[MAX_TEAMS];
	attr_t remembered;    /* dimmed terrain */
	attr_t arc;           /* the selected unit's arc of vision */
	attr_t dest;          /* legal move destinations */
	attr_t selected;      /* the selected unit: added to its team's
				 colour, or in monochrome its whole look */
	attr_t error;         /* a rejected command's reason */
	attr_t title;
	attr_t height[3];     /* heights shown: 1-3, 4-7, 8 inches and more
				 (nothing without colour: digits tell) */
	attr_t terrain[TCOLOUR_COUNT]; /* a legend's colours (none without
					  colour) */
};

enum ui_mode { MODE_PLAY, MODE_CONFIRM, MODE_ASK, MODE_NOTICE, MODE_PROMPT };

struct prompt;
struct losview;
struct heights;

struct ui {
	struct game *g;
	struct ui_submit submit;
	struct uilog log;
	SCREEN *scr;
	WINDOW *keys;         /* a pad: reading keys never repaints */
	WINDOW *map, *panel, *logw, *status, *hint, *full;
	struct layout lay;
	struct palette pal;
	bool utf8;
	char term_note[128];  /* said once when TERM had to be replaced */
	bool notice_shown;    /* the program's notice has been shown */
	unsigned briefed;     /* bit t: team t's first curtain, with the
				 briefing and its goals, has been lifted */
	const char *watching; /* the computer team whose turn is on screen,
				 or NULL: the key row offers no keys of the
				 viewer's own while it plays */
	struct keymap *keymap; /* owned: the player's own bindings, or NULL */
	char keymap_note[UI_STATUS_LEN]; /* what was wrong in the key file */

	int viewer;           /* the team whose view is on screen, or -1 */
	int last_viewer;      /* the human team that had the screen last */
	int cx, cy;           /* the cursor's cell */
	int sx, sy;           /* the viewport's top left cell */
	int sel;              /* selected unit, or -1 */
	bool show_arc, show_dest, show_marks;
	bool show_ids;        /* units' ids written on the map (I) */
	bool show_heights;    /* each cell's height instead of its symbol */
	struct heights *heights; /* owned: the field as the viewer knows it,
				    for heights */

	/* Caches for the viewer, recomputed when dirty (viewer.c). */
	bool dirty;
	unsigned refreshed;   /* how many times they were: what other files
				 keep from the game is stale when it
				 changes */
	unsigned char *view;  /* w*h: 1 where the viewer sees now */
	unsigned char *arc;   /* w*h: cells the selected unit sees */
	int *reach;           /* w*h: cost to move there, -1 = not legal */

	char status_text[UI_STATUS_LEN];
	bool status_err;
	/* Said dim after a one-row status text, as much as fits (the words
	 * Tab found at the prompt); "" for none. */
	char status_tail[UI_STATUS_LEN];
	char *preview;        /* owned: an attack's arithmetic on the panel */
	enum ui_mode mode;
	struct prompt *prompt; /* owned: the ':' prompt's history */
	const char *prompt_hint; /* the keys of the prompt on screen */
	struct losview *los;  /* owned: a line of sight shown (v, :los) */

	/* Hot seat: what each team saw at the end of its last turn. */
	/* A move being shown on the map (digest.c): where it began and
	 * ended, each end only if the viewer saw it. */
	struct {
		bool on, from, to;
		int x0, y0, x1, y1;
	} trail;

	int orders_noted;     /* the turn whose standing orders were pointed
				 out (ordersview.c), as round * MAX_TEAMS +
				 team */

	bool quit;
	int exit_status;
	bool remote_wait;     /* term_key_within also wakes for the host's
				 news */
	int pace_ms;          /* how long a computer's action stays shown */
};

/* ---- layer 0, the state ------------------------------------------- */

/* viewer.c: the viewer's state. */
/* What viewer knows (its team's knowledge), or NULL for the all-seeing
 * viewer of a replay and for no viewer. */
const struct knowledge *viewer_knowledge(const struct ui *ui, int viewer);
/* Whether viewer knows unit i is on the field now: its own living units
 * and the enemies it sees (every living unit for UI_VIEW_ALL). */
bool viewer_knows_unit(const struct ui *ui, int viewer, int i);
/* Recompute the viewer's caches if the game changed. */
void viewer_refresh(struct ui *ui);
/* The unit at x,y that viewer may see, or -1. */
int viewer_unit_at(const struct ui *ui, int viewer, int x, int y);
/* The enemy last seen at x,y by viewer that is not in view now, or -1. */
int viewer_mark_at(const struct ui *ui, int viewer, int x, int y);
/* Select a unit (or -1) and put the cursor on it. */
void viewer_select(struct ui *ui, int unit, bool move_cursor);
/* Whether unit u is one of the viewer's, on the field. */
bool viewer_owns(const struct ui *ui, int u);
/* Whether the viewer's unit i can still do something in this step. */
bool viewer_can_act(const struct ui *ui, int i);
/* The first of the viewer's units that can act in this step. */
int viewer_first_unit(const struct ui *ui);
/* Into buf, " N units could still move." (for the step), or "". */
void viewer_units_left(const struct ui *ui, char *buf, size_t size);

/* ---- layer 1, the terminal ---------------------------------------- */

/* term.c: the terminal and signals. */
int term_open(struct ui *ui);
void term_close(struct ui *ui);
/* The next key, waiting at most ms (-1: as long as it takes): KEY_RESIZE
 * after a resize, ERR when no key came in time (ui->quit not set) or the
 * game must stop (ui->quit set). */
int term_key_within(struct ui *ui, int ms);
/* Set the terminal's title, where the terminal is known to have one. */
void term_title(struct ui *ui, const char *title);

/* ---- layer 2, the screen ------------------------------------------ */

/* colors.c */
void palette_init(struct palette *p, const struct world *w);

/* screen.c: the layout, its windows, what views draw with. */
/* Open the terminal and lay the screen out on it; -1 when it cannot be
 * used (said on standard error). */
int screen_open(struct ui *ui);
void screen_close(struct ui *ui);
void screen_layout(struct ui *ui);
void screen_free(struct ui *ui);
/* The next key, KEY_RESIZE after a resize (the layout is then redone),
 * or ERR when the game must stop (ui->quit is then set). */
int screen_key(struct ui *ui);
/* The same, waiting at most ms: ERR when no key came in time (and
 * ui->quit not set). */
int screen_key_within(struct ui *ui, int ms);
/* Put a message on the status line (error: shown as a rejection) and in
 * the viewer's full log (not a question, while one is asked). */
void screen_status(struct ui *ui, bool error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A passing instruction on the status line, shown as a message is but,
 * like a question, not put in the log (stepping through the digest,
 * watching the computer's turn). */
void screen_prompt(struct ui *ui, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* The same with the text as it is; logged: the log has it already. */
void screen_status_text(struct ui *ui, bool error, const char *text,
			bool logged);
/* Rows of the log pane the log may use now (the status line may borrow
 * its last). */
int screen_log_rows(const struct ui *ui);
/* Draw the status line and the key hint (hint: the keys that matter). */
void screen_bottom(struct ui *ui, const char *hint);
/* Keep the cursor in view, scrolling the map viewport. */
void screen_follow(struct ui *ui);
/* The map window's row and column of map cell x,y (in the viewport or
 * not). */
int screen_map_row(const struct ui *ui, int y);
int screen_map_col(const struct ui *ui, int x);
/* Show "terminal too small" and wait until it is big enough (false: quit). */
bool screen_wait_size(struct ui *ui);
/* Show "terminal too small" (and send it). */
void screen_too_small(struct ui *ui);
/* Put ch at map cell x,y when it is in the viewport. */
void screen_cell_put(const struct ui *ui, int x, int y, chtype ch);
/* Show map cell x,y with attr instead of its own attributes, whatever is
 * drawn there (after mapview_draw), when it is in the viewport. */
void screen_cell_highlight(const struct ui *ui, int x, int y, attr_t attr);
/* Write s into win at row y from column x, cut to the window's width. */
void screen_put(WINDOW *win, int y, int x, attr_t attr, const char *s);
/* Write s wrapped into width-column rows; returns rows used. */
int screen_wrap(WINDOW *win, int y, int x, int width, int maxrows,
		attr_t attr, const char *s);
/* The same, leaving out the first skip rows. With win NULL it only counts. */
int screen_wrap_skip(WINDOW *win, int y, int x, int width, int maxrows,
		     attr_t attr, const char *s, int skip);
/* The same, the rows after the first hang columns in (and as much
 * narrower). */
int screen_wrap_hang(WINDOW *win, int y, int x, int width, int maxrows,
		     attr_t attr, const char *s, int skip, int hang);

/* ---- layer 3, the views ------------------------------------------- */

/* frame.c: draw the play screen for the viewer and send it. */
void frame_draw(struct ui *ui);

/* mapview.c: the map as viewer sees it, with what goes over it: standing
 * orders, ids, a move being retold, a line of sight. */
void mapview_draw(struct ui *ui, int viewer);

/* idview.c: each unit the viewer knows with its id written on the map
 * (I), after mapview_draw's units. */
void idview_draw(struct ui *ui, int viewer);

/* ordersview.c: standing orders on the screen. */
/* Mark viewer's standing orders on the map (after mapview_draw's units):
 * each order's cell, and the selected unit's way there. */
void orders_draw(struct ui *ui, int viewer);
/* Whether viewer may see unit's standing order: its own team's only (a
 * replay shown whole shows them all). */
bool orders_shown_to(const struct ui *ui, int viewer, int unit);
/* How many of viewer's units have a standing order. */
int orders_count(const struct ui *ui, int viewer);
/* Whether the viewer's team has standing orders. */
bool orders_any(const struct ui *ui);

/* losview.c: a line of sight on the map and its explanation on the
 * panel, from what the viewer knows. */
/* v: from the selected unit (or the cursor's cell) to the cursor, as it
 * moves; again: off. */
void losview_toggle(struct ui *ui);
/* :los: the line between two fixed ends. */
void losview_show(struct ui *ui, struct los_end a, struct los_end b);
void losview_off(struct ui *ui);
/* The line's cells marked on the map (after mapview_draw). */
void losview_draw(struct ui *ui, int viewer);
/* The explanation in short for the panel, or NULL when none is shown. */
const char *losview_brief(struct ui *ui);
void losview_free(struct losview *v);

/* heights.c: heights on the map and the ways off a raised stretch, from
 * what the viewer knows. */
/* ^: the height overlay on or off. */
void heights_toggle(struct ui *ui);
void heights_free(struct heights *h);
/* With the overlay on, what map cell x,y (seen or remembered) shows: its
 * height as a character with its shade, or 0 for a cell that keeps its
 * symbol (walls, doors, ladders, stairs). */
chtype heights_cell(struct ui *ui, int viewer, int x, int y);
/* The hint line's legend while the overlay is on. */
const char *heights_legend(void);
/* For a raised cell x,y a unit can stand on: where the ways down (and
 * up) are, nearest first, appended to b; false (nothing appended) for
 * any other cell. */
bool heights_ways_text(struct ui *ui, int viewer, int x, int y,
		       struct strbuf *b);

/* panel.c */
void panel_draw(struct ui *ui, int viewer);
/* Into buf, the sentence saying a shot at t goes into a melee and who
 * may be hit, naming only the units viewer knows; false (nothing worth
 * saying) when viewer knows of no melee around t. */
bool panel_melee_note(const struct ui *ui, int viewer, int t, char *buf,
		      size_t size);

/* logview.c */
void logview_draw(struct ui *ui, int viewer);
/* The full log for viewer, scrollable. */
void logview_full(struct ui *ui, int viewer);

/* Lines of a page being built: each owned, as is the array. */
struct page_lines {
	char **v;
	int n, cap;
};
/* Add an owned line; free them all with page_lines_free. */
void page_lines_add(struct page_lines *l, char *s);
void page_lines_free(struct page_lines *l);

/* pager.c: a full-screen scrollable text, from the top or the end;
 * returns the key that closed it (ERR when quitting). */
int pager_show(struct ui *ui, const char *title, const char *const *lines,
	       int n, bool at_end);
/* The same, with one more key that closes it (returned), named in the
 * footer as more ("s steps through the moves"). */
int pager_show_more(struct ui *ui, const char *title,
		    const char *const *lines, int n, bool at_end, int more_key,
		    const char *more);
/* A text of lines on a full page, from the top (the prompt's own
 * commands). */
void pager_show_text(struct ui *ui, const char *title, const char *text);

/* digest.c */
/* What team saw since its last turn, and its moves on the map; false
 * when it saw nothing worth telling (nothing is shown). */
bool digest_show(struct ui *ui, int team);
/* The viewer's digest again (D), or a word on the status line when it
 * is empty. */
void digest_recall(struct ui *ui);

/* help.c */
void help_show(struct ui *ui);
/* The scenario's description and goals, on a full page. */
void help_briefing(struct ui *ui);
/* The hint line for the current step. */
const char *help_hint(const struct ui *ui);

/* whois.c: who is who (the roster's unit letters, each side's id
 * letter, the units viewer may name: never an enemy it has not seen), as
 * owned lines in *out; returns how many. Free with whois_free. */
int whois_lines(const struct ui *ui, int viewer, char ***out);
void whois_free(char **lines, int n);

/* ---- layer 4, the interaction ------------------------------------- */

/* What a key asks for. */
enum ui_action {
	ACT_NONE,
	ACT_CURSOR,   /* with dir */
	ACT_SELECT,   /* Enter or space */
	ACT_STEP,     /* m DIR */
	ACT_FACE,     /* f DIR */
	ACT_OPEN,
	ACT_CLOSE,
	ACT_LOCK,
	ACT_UNLOCK,
	ACT_SHOOT,
	ACT_FIGHT,
	ACT_END,
	ACT_UNDO,
	ACT_NEXT,
	ACT_PREV,
	ACT_TARGET,   /* cursor to the next enemy in view */
	ACT_ARC,
	ACT_DEST,
	ACT_MARKS,
	ACT_HELP,
	ACT_BRIEFING, /* the scenario and its goals */
	ACT_LOG,
	ACT_QUIT,
	ACT_CANCEL,
	ACT_REDRAW,
	ACT_RESIZE,
	ACT_PROMPT,   /* ':' a command line */
	ACT_LINE,     /* 'v' the line of sight to the cursor */
	ACT_SEAT,     /* 'W' a hosted game's seat: its game, its watch code */
	ACT_DIGEST,   /* 'D' the digest of the turn again */
	ACT_END_TURN, /* 'E' every step of the turn left, asked once */
	ACT_IDS,      /* 'I' units' ids on the map */
	ACT_HEIGHTS,  /* '^' each cell's height on the map */
	ACT_ORDERS,   /* 'G' carry out the team's standing orders */
	ACT_UNORDER   /* 'X' cancel the selected unit's standing order */
};
/* The last action: a new one goes before this line and takes its place. */
#define ACT_LAST ACT_UNORDER
struct ui_key {
	enum ui_action act;
	int dir;          /* ACT_CURSOR: the direction */
};

/* keymap.c: keys rebound in $XDG_CONFIG_HOME/medsiege/keys, one
 * "KEY ACTION" a line. */
struct keymap {
	bool set[256];
	struct ui_key bind[256];
};
/* Load the player's key file into ui->keymap (absent: no change); lines
 * that make no sense are skipped and the first is described in
 * ui->keymap_note. */
void keymap_load(struct ui *ui);
/* The bindings in len bytes of key file text, read line by line as
 * keymap_load reads the file (name is the FILE of the notes); the first
 * line that makes no sense is described in note (size bytes). Caller
 * frees the result. */
struct keymap *keymap_parse(const char *name, const char *text, size_t len,
			    char *note, size_t size);
/* The action names a key file may use, for the help page. */
const char *keymap_action_names(void);

/* input.c: keys to actions, and the questions. */
/* What a key means: the player's key file first, then the defaults. */
struct ui_key input_decode(const struct ui *ui, int key);
/* The direction a key names (arrows, hjklyubn, keypad, digits, or the
 * key file's cursor bindings), or -1. */
int input_dir(const struct ui *ui, int key);
/* Ask on the status line; true for y or Enter. */
bool input_confirm(struct ui *ui, const char *question);
/* Ask for a direction on the status line; -1 when cancelled. */
int input_ask_dir(struct ui *ui, const char *question);
/* Say something on the status line and wait for any key. */
void input_notice(struct ui *ui, const char *message);

/* send.c: the one way out to the game. */
/* Send a command line as the viewer's; false (with the reason on the
 * status line) when rejected. */
bool send_line(struct ui *ui, const char *line);
/* The same, the reason of a refusal left in why (CMD_WHY_LEN bytes) for
 * the caller to tell. */
bool send_line_why(struct ui *ui, const char *line, char *why);
/* Send "roll N" as the team whose action waits for the die: the
 * viewer's own, or the computer's (the players at the table roll for
 * it, whichever screen watches its turn); false (said on the status
 * line) when rejected. */
bool send_roll(struct ui *ui, const char *line);
/* What the program has to tell at once (saving stopped), when there is
 * such news: on the status line, and in the log, where it stays. */
bool send_news(struct ui *ui);

/* consent.c: before unit moves by dirs out of melee: every free attack
 * it would draw, shown, and a question; false when the player says no. */
bool consent_move(struct ui *ui, int unit, const enum dir *dirs, int n);

/* actions.c: what each key does, as command lines. */
void actions_do(struct ui *ui, struct ui_key k);

/* prompt.c: the ':' prompt (a line of the command language, with
 * history and completion, and :odds, :los, :help) and manual dice. */
void prompt_command(struct ui *ui);
/* Ask for the die the game awaits until the game takes a number; false
 * when the players quit instead. */
bool prompt_dice(struct ui *ui);
void prompt_free(struct prompt *p);

/* oddsprompt.c: :odds ARGS... (argv[0] is "odds"); usage is its words
 * for a usage message. */
void prompt_odds(struct ui *ui, int argc, char **argv, const char *usage);

/* endturn.c: e, the step ended after a question, and E, every step of
 * the team's turn left, after one question, as the plain ends of the
 * command language. */
void endturn_step(struct ui *ui);
void endturn_ask(struct ui *ui);

/* undo.c: z, the last movement taken back, and what it was said on the
 * status line. */
void undo_take_back(struct ui *ui);

/* orderkeys.c: standing orders from the keyboard. */
/* After a moveto of unit to x,y: when it fell short, offer to keep it
 * going there as a standing order. */
void orders_offer(struct ui *ui, int unit, int x, int y);
/* G: carry out the team's standing orders, asking before any free
 * attack; X: cancel the selected unit's. */
void orders_run(struct ui *ui);
void orders_drop(struct ui *ui);
/* A line typed at the prompt: "order run [ID]" is carried out as G
 * does, asking before free attacks (true); false for any other line. */
bool orders_line(struct ui *ui, const char *line);
/* At the start of the viewer's Movement step, once a turn: point out
 * its standing orders and the key that carries them out. */
void orders_turn_note(struct ui *ui);

/* curtain.c: the hot seat. */
/* Hand the screen to the active team: curtain, then its digest. With
 * only computer teams between two turns of the same human team there is
 * nobody to hide from: no curtain, just the digest. */
void curtain_hand_over(struct ui *ui);
/* A computer team plays: no team's view stays on screen meanwhile. */
void curtain_computer_turn(struct ui *ui);
/* The game over screen; waits for a key. */
void curtain_game_over(struct ui *ui);

/* watch.c: the one human team at the keyboard (-1 when there are none
 * or several), and a computer's turn shown to it action by action;
 * true when the player skipped to the end. */
int watch_team(const struct ui *ui);
bool watch_computer(struct ui *ui, int team);

/* ---- layer 5, the loop -------------------------------------------- */

/* ui.c: the screen's state for game g, listening to its events; free
 * with ui_release (which stops listening). */
struct ui *ui_alloc(struct game *g, const struct ui_submit *submit);
void ui_release(struct ui *ui);

#endif
