/* snapshot_check.c (no Python module): a portable match's every count, index, offset, symbol and
 * flag checked before it loads. */
#ifndef YOMI_SNAPSHOT_CHECK_H
#define YOMI_SNAPSHOT_CHECK_H

#include "ytypes.h"

/* snapshot_check.c: every count, index, offset, symbol and flag of a portable match in range; 0 ok */
int match_check_fields(const ymatch *portable, char *err, size_t errlen);

#endif
