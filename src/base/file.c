/* file.c: files opened and read with bounds, so that a hostile path (a
 * FIFO, /dev/zero, a directory) is refused at once instead of hanging
 * the program or filling its memory. */
#include "base/file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *kind_of(mode_t m)
{
	if (S_ISDIR(m))
		return "not a regular file (a directory)";
	if (S_ISFIFO(m))
		return "not a regular file (a FIFO)";
	if (S_ISCHR(m))
		return "not a regular file (a character device)";
	if (S_ISBLK(m))
		return "not a regular file (a block device)";
	if (S_ISSOCK(m))
		return "not a regular file (a socket)";
	return "not a regular file";
}

int file_open_regular(const char *path, int flags, const char **why)
{
	/* O_NONBLOCK: opening a FIFO for reading waits for a writer, and
	 * one for writing fails; either way we look before we read. */
	int fd = open(path, flags | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno == EISDIR) {
			*why = kind_of(S_IFDIR);
			return -2;
		}
		*why = strerror(errno);
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int e = errno;
		close(fd);
		errno = e;
		*why = strerror(e);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		*why = kind_of(st.st_mode);
		return -2;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	*why = NULL;
	return fd;
}

enum file_line file_read_line(FILE *f, char *buf, size_t max, size_t *len,
			      bool *newline)
{
	size_t n = 0;
	int c;
	*newline = false;
	while ((c = getc(f)) != EOF) {
		if (c == '\n') {
			*newline = true;
			break;
		}
		if (n == max) {
			ungetc(c, f);
			buf[n] = '\0';
			*len = n;
			return FILE_LINE_TOO_LONG;
		}
		buf[n++] = (char)c;
	}
	buf[n] = '\0';
	*len = n;
	if (c == EOF && ferror(f))
		return FILE_LINE_ERROR;
	if (c == EOF && n == 0)
		return FILE_LINE_EOF;
	return FILE_LINE_OK;
}

bool file_write_all(int fd, const void *p, size_t n)
{
	const unsigned char *c = p;
	while (n > 0) {
		ssize_t k = write(fd, c, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return false;
		c += k;
		n -= (size_t)k;
	}
	return true;
}

int file_read_all(int fd, void *p, size_t n)
{
	unsigned char *c = p;
	size_t got = 0;
	while (got < n) {
		ssize_t k = read(fd, c + got, n - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k == 0 && got == 0 ? 0 : -1;
		got += (size_t)k;
	}
	return 1;
}
