/* yamltree.h: a small owned tree of YAML nodes with positions, and typed
 * accessors that explain what was wrong and where (FILE:LINE:COL): the
 * reader (yamlread.h, in yamltree.c, the only file that includes yaml.h)
 * and the checks with their messages (yamlcheck.h, in yamlcheck.c). */
#ifndef MEDSIEGE_YAMLTREE_H
#define MEDSIEGE_YAMLTREE_H

#include "data/yamlcheck.h"
#include "data/yamlread.h"

#endif
