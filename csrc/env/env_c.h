/* The functions of env.c used by env_py.c (the environment's C part; see env.h). */
#ifndef YOMI_ENV_C_H
#define YOMI_ENV_C_H

#include <stdbool.h>
#include <stdint.h>

#include "engine.h"
#include "env_layout.h"

enum { YENV_BAD_MOVE = 1, YENV_BAD_HEAD = 16 };

/* The moves one seat chose at its free decisions since its match started (obs.MoveHistory, one seat):
 * counts per unified move, their total, and the last YENV_HISTORY_RECENT moves (move t at t % RECENT,
 * -1 where none yet). Plain data: the env's snapshots carry it as bytes, checked by yenv_history_check. */
typedef struct {
    int32_t count[YENV_K1];
    int32_t total;
    int16_t recent[YENV_HISTORY_RECENT];
} yenv_history; /* yenv_check: 0, BAD_MOVE, or BAD_HEAD + the character's head */

int yenv_init(const char **err);      /* resolve the tables against the engine once; 0 ok */
int yenv_table_of(int character);     /* the fighter table of an obs.CHARACTERS index, -1 if unplayable */
int yenv_missing_keys(const char **out, int max); /* data keys the engine has no symbol for */
void yenv_observe(ymatch *m, const int *chars, float *obs /* [2][YENV_OBS] */, bool *busy /* [2] */);
int yenv_check(int character, const float *mask_tail, const int32_t *heads);
void yenv_fallback(int character, const float *mask_tail, int32_t *heads);
void yenv_history_clear(yenv_history *h);                    /* no moves yet (a match starts) */
void yenv_history_add(yenv_history *h, int move);            /* a free decision chose unified move `move` */
void yenv_history_write(const yenv_history *h, float *row);  /* its shares into the opponent's features row */
const char *yenv_history_check(const yenv_history *h);      /* NULL, or why the bytes are no history */
int yenv_decode(ymatch *m, int player, int character, bool busy, const int32_t *heads, int *action_sym, ydata *data,
                yextra *extra, bool *force_grounded, bool *force_aerial);

#endif
