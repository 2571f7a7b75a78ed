/* The functions of env.c (integration/env/obs.py, action_layout.py, encoding.py and backends.py's decision
 * helpers on a ymatch) used by batch.c and env_py.c (the environment's C part; see env.h). */
#ifndef YOMI_ENV_C_H
#define YOMI_ENV_C_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"

enum { YENV_BAD_MOVE = 1, YENV_BAD_HEAD = 16 }; /* yenv_check: 0, BAD_MOVE, or BAD_HEAD + the character's head */

int yenv_init(const char **err);      /* resolve the tables against the engine once; 0 ok */
int yenv_table_of(int character);     /* the fighter table of an obs.CHARACTERS index, -1 if unplayable */
int yenv_missing_keys(const char **out, int max); /* data keys the engine has no symbol for */
void yenv_observe(ymatch *m, const int *chars, float *obs /* [2][YENV_OBS] */, bool *busy /* [2] */);
int yenv_check(int character, const float *mask_tail, const int32_t *heads);
void yenv_fallback(int character, const float *mask_tail, int32_t *heads);
int yenv_decode(ymatch *m, int player, int character, bool busy, const int32_t *heads, int *action_sym, ydata *data,
                yextra *extra, bool *force_grounded, bool *force_aerial);

#endif
