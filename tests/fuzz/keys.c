/* keys.c: fuzz the key file parser. Whatever the file holds, only keys a
 * player can press are bound, each to an action the screen knows, and the
 * file read from disk binds exactly what the same text in memory does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/util.h"
#include "fuzz.h"
#include "ui/uipriv.h"

const char fuzz_name[] = "keys";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	/* keymap_load reads $XDG_CONFIG_HOME/medsiege/keys. */
	char *dir = xasprintf("%s/medsiege", fuzz_tmpdir());
	if (mkdir(dir, 0700) != 0)
		fuzz_fail("cannot make %s", dir);
	free(dir);
	setenv("XDG_CONFIG_HOME", fuzz_tmpdir(), 1);
	return 0;
}

static bool pressable(int k)
{
	return k == '\t' || k == '\n' || k == 27 || (k >= ' ' && k < 127);
}

static void check(const struct keymap *km)
{
	for (int k = 0; k < 256; k++) {
		if (!km->set[k])
			continue;
		if (!pressable(k))
			fuzz_fail("key %d cannot be pressed but is bound", k);
		const struct ui_key *b = &km->bind[k];
		/* A resize comes from the terminal, never from a key. */
		if (b->act < ACT_NONE || b->act > ACT_LAST ||
		    b->act == ACT_RESIZE)
			fuzz_fail("key %d bound to action %d", k, (int)b->act);
		if (b->act == ACT_CURSOR ? b->dir < 0 || b->dir >= DIR_COUNT
					 : b->dir != -1)
			fuzz_fail("key %d bound with direction %d", k, b->dir);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char name[] = "$XDG_CONFIG_HOME/medsiege/keys";
	char note[UI_STATUS_LEN] = "";
	struct keymap *km = keymap_parse(name, (const char *)data, size, note,
					 sizeof note);
	check(km);
	if (note[0] && strncmp(note, name, strlen(name)) != 0)
		fuzz_fail("a note that does not name the file: %s", note);

	char *path = xasprintf("%s/medsiege/keys", fuzz_tmpdir());
	fuzz_write_file(path, data, size);
	free(path);
	struct ui ui;
	memset(&ui, 0, sizeof ui);
	keymap_load(&ui);
	if (!ui.keymap)
		fuzz_fail("the key file was not read");
	if (memcmp(ui.keymap->set, km->set, sizeof km->set) != 0)
		fuzz_fail("the file and the text bind different keys");
	for (int k = 0; k < 256; k++)
		if (km->set[k] && (km->bind[k].act != ui.keymap->bind[k].act ||
				   km->bind[k].dir != ui.keymap->bind[k].dir))
			fuzz_fail("the file and the text bind key %d differently", k);
	if (strcmp(note, ui.keymap_note) != 0)
		fuzz_fail("the file and the text give different notes");
	free(ui.keymap);
	free(km);
	return 0;
}
