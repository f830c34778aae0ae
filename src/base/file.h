/* file.h: opening the files the program reads whole (data files, saves)
 * without waiting on a FIFO or a device, and reading text a line at a
 * time with a bound on its length. */
#ifndef MEDSIEGE_FILE_H
#define MEDSIEGE_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Open path with flags (O_RDONLY, or O_RDWR | O_APPEND...) if it is a
 * regular file, never blocking on the way (a FIFO with no writer, a
 * device). Returns the descriptor (close-on-exec, blocking again), or
 * -1 when it cannot be opened (*why = strerror(errno), errno kept), or
 * -2 when it is no regular file (*why = "not a regular file (a FIFO)";
 * a directory is one of these). *why is a constant string. */
int file_open_regular(const char *path, int flags, const char **why);

/* Write all n bytes to fd, going on after a signal: false on an error
 * (errno says which). */
bool file_write_all(int fd, const void *p, size_t n);
/* Read exactly n bytes from fd: 1, or 0 at a clean end of file (nothing
 * read), or -1 on an error or an end within the n bytes. */
int file_read_all(int fd, void *p, size_t n);

/* How file_read_line ended. */
enum file_line {
	FILE_LINE_OK,       /* a line; *newline says if it ended with one */
	FILE_LINE_EOF,      /* nothing more */
	FILE_LINE_ERROR,    /* a read error: errno says which */
	FILE_LINE_TOO_LONG, /* longer than max bytes: the rest is unread */
};

/* Read one line of at most max bytes (the newline not counted) into buf
 * of size max + 1, never more: *len is its length, which may hold NUL
 * bytes, and buf is NUL-terminated. */
enum file_line file_read_line(FILE *f, char *buf, size_t max, size_t *len,
			      bool *newline);

#endif
