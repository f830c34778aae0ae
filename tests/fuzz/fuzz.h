/* fuzz.h: what the fuzz harnesses share. Each harness is one libFuzzer
 * entry point; `make fuzz` links it with clang's fuzzer runtime, and
 * `make check` links it with replay.c, which feeds it every file of its
 * corpus (tests/fuzz/corpus/NAME) under the sanitizers. */
#ifndef MEDSIEGE_FUZZ_H
#define MEDSIEGE_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "game/scenario.h"

/* The libFuzzer interface: set up once, then one input at a time. An
 * input that makes the program misbehave aborts (a crash to libFuzzer). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The harness's name, which is also its corpus folder's. */
extern const char fuzz_name[];

/* The source tree: the shipped maps, rosters and test data. */
const char *fuzz_srcdir(void);
/* A private folder for the files a harness must write, made on first
 * use and removed at exit. */
const char *fuzz_tmpdir(void);
/* The input as a NUL-terminated string (a NUL inside ends it early, as
 * it would for a line read with fgets); caller frees. */
char *fuzz_cstr(const uint8_t *data, size_t size);
/* Write the input to path; aborts when it cannot (the harness is broken,
 * not the input). */
void fuzz_write_file(const char *path, const uint8_t *data, size_t size);
/* Deep copy of a loaded scenario, to start many games from one load;
 * free with scenario_free. */
void fuzz_copy_scenario(struct scenario *dst, const struct scenario *src);
/* Abort with a message when a checked property fails. */
void fuzz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

#endif
