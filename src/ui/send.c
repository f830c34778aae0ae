/* send.c: the screen's one way out to the game. Every change a key or
 * the prompt makes is a line of the command language, given to submit
 * (cmd_execute, or the session that saves it and, on a seat of a hosted
 * game, sends it to the host) as the viewer's; the log has the line
 * before what it did. Nothing else in src/ui changes the game. */
#include <stdio.h>

#include "cmd/cmd.h"
#include "ui/uipriv.h"

bool send_news(struct ui *ui)
{
	const char *news = ui->submit.news ? ui->submit.news(ui->submit.ctx)
					   : NULL;
	if (!news)
		return false;
	/* News of the save is every team's: in the log for all. */
	uilog_note(&ui->log, news);
	screen_status_text(ui, true, news, true);
	return true;
}

bool send_line(struct ui *ui, const char *line)
{
	char why[CMD_WHY_LEN];
	if (send_line_why(ui, line, why))
		return true;
	screen_status(ui, true, "%s", why);
	return false;
}

bool send_line_why(struct ui *ui, const char *line, char *why)
{
	char said[UI_STATUS_LEN];
	why[0] = '\0';
	viewer_refresh(ui);
	uilog_command(&ui->log);
	/* The command goes in the log before what it does. */
	snprintf(said, sizeof said, "> %s", line);
	uilog_said(&ui->log, said, ui->viewer);
	/* The viewer gives the command: the refusal speaks from what the
	 * viewer's team knows. */
	int r = ui->submit.fn(ui->submit.ctx, ui->g, ui->viewer, line, why);
	ui->dirty = true;
	if (r < 0)
		return false;
	if (!send_news(ui))
		screen_status_text(ui, false, said, true);
	return true;
}

bool send_roll(struct ui *ui, const char *line)
{
	const struct game *g = ui->g;
	if (g->w->teams[g->active].control != CONTROL_AI ||
	    ui->viewer == g->active)
		return send_line(ui, line);
	char why[CMD_WHY_LEN] = "";
	uilog_command(&ui->log);
	int r = ui->submit.fn(ui->submit.ctx, ui->g, g->active, line, why);
	ui->dirty = true;
	if (r < 0) {
		screen_status(ui, true, "%s", why);
		return false;
	}
	screen_status(ui, false, "> %s", line);
	return true;
}
