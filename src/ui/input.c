/* input.c: keys to actions, and the two questions the screen asks (yes or
 * no; which direction). No key is bound to anything that can crash: keys
 * without a meaning do nothing. */
#include <stdio.h>

#include "ui/uipriv.h"

#define CTRL(c) ((c) & 0x1f)

static int default_dir(int key)
{
	switch (key) {
	case KEY_UP:
	case 'k':
	case '8':
		return DIR_N;
	case KEY_DOWN:
	case 'j':
	case '2':
		return DIR_S;
	case KEY_LEFT:
	case 'h':
	case '4':
		return DIR_W;
	case KEY_RIGHT:
	case 'l':
	case '6':
		return DIR_E;
	case 'y':
	case '7':
	case KEY_A1:
	case KEY_HOME:
		return DIR_NW;
	case 'u':
	case '9':
	case KEY_A3:
	case KEY_PPAGE:
		return DIR_NE;
	case 'b':
	case '1':
	case KEY_C1:
	case KEY_END:
		return DIR_SW;
	case 'n':
	case '3':
	case KEY_C3:
	case KEY_NPAGE:
		return DIR_SE;
	default:
		return -1;
	}
}

int input_dir(const struct ui *ui, int key)
{
	if (ui->keymap && key >= 0 && key < 256 && ui->keymap->set[key])
		return ui->keymap->bind[key].act == ACT_CURSOR
			       ? ui->keymap->bind[key].dir
			       : -1;
	return default_dir(key);
}

struct ui_key input_decode(const struct ui *ui, int key)
{
	struct ui_key k = {ACT_NONE, -1};
	if (ui->keymap && key >= 0 && key < 256 && ui->keymap->set[key])
		return ui->keymap->bind[key];
	int d = default_dir(key);
	if (d >= 0) {
		k.act = ACT_CURSOR;
		k.dir = d;
		return k;
	}
	switch (key) {
	case '\n':
	case '\r':
	case ' ':
	case KEY_ENTER:
	case KEY_B2:
	case '5':
		k.act = ACT_SELECT;
		break;
	case 'm':
		k.act = ACT_STEP;
		break;
	case 'f':
		k.act = ACT_FACE;
		break;
	case 'o':
		k.act = ACT_OPEN;
		break;
	case 'c':
		k.act = ACT_CLOSE;
		break;
	case 'L':
		k.act = ACT_LOCK;
		break;
	case 'U':
		k.act = ACT_UNLOCK;
		break;
	case 'x':
		k.act = ACT_SHOOT;
		break;
	case 'F':
		k.act = ACT_FIGHT;
		break;
	case 'e':
		k.act = ACT_END;
		break;
	case 'z':
		k.act = ACT_UNDO;
		break;
	case '\t':
		k.act = ACT_NEXT;
		break;
	case KEY_BTAB:
		k.act = ACT_PREV;
		break;
	case 't':
		k.act = ACT_TARGET;
		break;
	case 'a':
		k.act = ACT_ARC;
		break;
	case 'd':
		k.act = ACT_DEST;
		break;
	case 's':
		k.act = ACT_MARKS;
		break;
	case '?':
	case KEY_F(1):
		k.act = ACT_HELP;
		break;
	case 'i':
		k.act = ACT_BRIEFING;
		break;
	case 'g':
		k.act = ACT_LOG;
		break;
	case 'W':
		k.act = ACT_SEAT;
		break;
	case 'D':
		k.act = ACT_DIGEST;
		break;
	case 'E':
		k.act = ACT_END_TURN;
		break;
	case 'I':
		k.act = ACT_IDS;
		break;
	case '^':
		k.act = ACT_HEIGHTS;
		break;
	case 'G':
		k.act = ACT_ORDERS;
		break;
	case 'X':
		k.act = ACT_UNORDER;
		break;
	case 'q':
	case 'Q':
		k.act = ACT_QUIT;
		break;
	case 27:
		k.act = ACT_CANCEL;
		break;
	case CTRL('l'):
		k.act = ACT_REDRAW;
		break;
	case ':':
		k.act = ACT_PROMPT;
		break;
	case 'v':
		k.act = ACT_LINE;
		break;
	case KEY_RESIZE:
		k.act = ACT_RESIZE;
		break;
	default:
		break;
	}
	return k;
}

/* Show the question and wait for one key (redrawing after a resize). */
static int ask(struct ui *ui, enum ui_mode mode, const char *question)
{
	enum ui_mode old = ui->mode;
	ui->mode = mode;
	screen_status(ui, false, "%s", question);
	int k = ERR;
	while (!ui->quit) {
		if (ui->lay.too_small && !screen_wait_size(ui))
			break;
		frame_draw(ui);
		k = screen_key(ui);
		if (k != KEY_RESIZE)
			break;
	}
	ui->mode = old;
	screen_status(ui, false, "%s", "");
	return ui->quit ? ERR : k;
}

bool input_confirm(struct ui *ui, const char *question)
{
	char q[UI_STATUS_LEN];
	snprintf(q, sizeof q, "%s [y/n]", question);
	int k = ask(ui, MODE_CONFIRM, q);
	return k == 'y' || k == 'Y' || k == '\n' || k == '\r' || k == KEY_ENTER;
}

int input_ask_dir(struct ui *ui, const char *question)
{
	int k = ask(ui, MODE_ASK, question);
	int d = input_dir(ui, k);
	if (d < 0 && k != ERR)
		screen_status(ui, false, "cancelled");
	return d;
}

void input_notice(struct ui *ui, const char *message)
{
	ask(ui, MODE_NOTICE, message);
}
