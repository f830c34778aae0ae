/* pager.c: a full-screen, scrollable page of text (help, the full log,
 * a turn's digest). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "ui/uipriv.h"

void page_lines_add(struct page_lines *l, char *s)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 32;
		l->v = xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
	}
	l->v[l->n++] = s;
}

void page_lines_free(struct page_lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}

struct rows {
	int *line, *skip; /* owned: each screen row's text line and sub-row */
	int n;
};

/* How far a line's further rows go in when it wraps: as far as the line
 * itself is indented (a digest's entry under its unit, a command's help
 * under its name), so that they read as one; at most half the width. */
static int hang(const char *s, int width)
{
	int n = (int)strspn(s, " ");
	return n < width / 2 ? n : width / 2;
}

static int line_rows(const char *s, int width)
{
	return screen_wrap_hang(NULL, 0, 0, width, 1 << 20, 0, s, 0,
				hang(s, width));
}

static void rows_build(struct rows *r, const char *const *lines, int n,
		       int width)
{
	int total = 0;
	for (int i = 0; i < n; i++) {
		int k = line_rows(lines[i], width);
		total += k ? k : 1;
	}
	r->line = xmalloc((size_t)(total + 1) * sizeof *r->line);
	r->skip = xmalloc((size_t)(total + 1) * sizeof *r->skip);
	r->n = 0;
	for (int i = 0; i < n; i++) {
		int k = line_rows(lines[i], width);
		for (int j = 0; j < (k ? k : 1); j++) {
			r->line[r->n] = i;
			r->skip[r->n] = j;
			r->n++;
		}
	}
}

static void rows_free(struct rows *r)
{
	free(r->line);
	free(r->skip);
	r->line = r->skip = NULL;
}

static void draw(struct ui *ui, const char *title, const char *const *lines,
		 const struct rows *r, int top, int page, const char *more)
{
	WINDOW *f = ui->full;
	char foot[160];
	werase(f);
	wattrset(f, ui->pal.title);
	mvwhline(f, 0, 0, ' ', COLS);
	screen_put(f, 0, 1, ui->pal.title, title);
	for (int y = 0; y < page && top + y < r->n; y++) {
		const char *s = lines[r->line[top + y]];
		screen_wrap_hang(f, 1 + y, 0, COLS, 1, A_NORMAL, s,
				 r->skip[top + y], hang(s, COLS));
	}
	int last = top + page < r->n ? top + page : r->n;
	if (more)
		snprintf(foot, sizeof foot,
			 "lines %d-%d of %d  Up/Down scroll  q/Enter: back  %s",
			 r->n ? top + 1 : 0, last, r->n, more);
	else
		snprintf(foot, sizeof foot,
			 "lines %d-%d of %d   Up/Down/PgUp/PgDn/Home/End scroll, "
			 "q or Enter to go back",
			 r->n ? top + 1 : 0, last, r->n);
	screen_put(f, LINES - 1, 0, A_DIM, foot);
	wnoutrefresh(f);
	doupdate();
}

int pager_show(struct ui *ui, const char *title, const char *const *lines,
	       int n, bool at_end)
{
	return pager_show_more(ui, title, lines, n, at_end, 0, NULL);
}

int pager_show_more(struct ui *ui, const char *title,
		    const char *const *lines, int n, bool at_end, int more_key,
		    const char *more)
{
	struct rows r = {0};
	int top = -1, key = ERR;
	while (!ui->quit) {
		if (ui->lay.too_small && !screen_wait_size(ui))
			break;
		if (!r.line)
			rows_build(&r, lines, n, COLS);
		int page = LINES - 2, max_top = r.n > page ? r.n - page : 0;
		if (top < 0)
			top = at_end ? max_top : 0;
		if (top > max_top)
			top = max_top;
		draw(ui, title, lines, &r, top, page, more);
		key = screen_key(ui);
		if (more_key && key == more_key)
			break;
		switch (key) {
		case ERR:
			break;
		case KEY_RESIZE:
			rows_free(&r);
			continue;
		case KEY_UP:
		case 'k':
		case '8':
			top = top > 0 ? top - 1 : 0;
			continue;
		case KEY_DOWN:
		case 'j':
		case '2':
			top++;
			continue;
		case KEY_PPAGE:
		case 'b':
		case '9':
			top = top > page ? top - page : 0;
			continue;
		case KEY_NPAGE:
		case ' ':
		case '3':
			top += page;
			continue;
		case KEY_HOME:
		case '<':
		case '7':
			top = 0;
			continue;
		case KEY_END:
		case '>':
		case '1':
			top = max_top;
			continue;
		case 'q':
		case 'Q':
		case 27:
		case '\n':
		case '\r':
		case KEY_ENTER:
		case '?':
		case 'g':
			break;
		default:
			continue;
		}
		break;
	}
	rows_free(&r);
	return ui->quit ? ERR : key;
}

void pager_show_text(struct ui *ui, const char *title, const char *text)
{
	char *copy = xstrdup(text);
	int n = 0, cap = 16;
	char **lines = xmalloc((size_t)cap * sizeof *lines);
	for (char *p = copy; p;) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		if (n == cap) {
			cap *= 2;
			lines = xrealloc(lines, (size_t)cap * sizeof *lines);
		}
		lines[n++] = p;
		p = nl ? nl + 1 : NULL;
	}
	while (n > 0 && !lines[n - 1][0])
		n--;
	pager_show(ui, title, (const char *const *)lines, n, false);
	free(lines);
	free(copy);
	ui->dirty = true;
}
