/* A batch of matches stepped as one environment: integration/env/backends.py's PythonBackend.
 *
 * The rules of a step live here (batch.c), the CPython binding (csrc/python/env_py.c) only parses
 * arguments, wraps the caller's arrays as a yenv_buffers and calls these functions. For every
 * match, one step checks both agents' head values against their masks (an illegal action is
 * replaced by the Hold action and counted, or, with raise_illegal, nothing happens and the slot is
 * reported), decodes them into the panel's (action, data, extra), submits, advances to the next
 * decision, writes rewards (+-1 at the end, damage shaping, illegal penalty), terminals and
 * truncations (an engine error cuts the match short; it is adjudicated by hp, yenv_winner_by_hp),
 * restarts a finished match with its slot's next characters and seed (with autoreset off: halts the
 * slot instead), and writes both observations (features + packed masks).
 *
 * A batch also copies slots of another batch (yenv_batch_clone: the search's scratch batches) and
 * turns itself into portable bytes and back (yenv_batch_export / yenv_batch_import, the snapshot
 * format below). Nothing here takes a lock: the caller serialises calls on one batch. */
#ifndef YOMI_ENV_BATCH_H
#define YOMI_ENV_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine.h"
#include "env.h"
#include "env_c.h"

/* the per-match results of a match that ended during a step (backends.RESULT_FIELDS, in order) */
enum { YRES_WINNER, YRES_KO, YRES_TURNS, YRES_TICKS, YRES_P1_HP, YRES_P2_HP, YRES_P1_CHAR, YRES_P2_CHAR,
       YRES_ILLEGAL_P1, YRES_ILLEGAL_P2, YRES_SEED, YRES_CUT_SHORT, YENV_NRES };

/* The arrays a step writes, owned by the caller (backends.BATCH_BUFFERS, in order), n slots each:
 * [n][2] per agent, [n] per slot, results [n][YENV_NRES]. chars is written for the caller to read;
 * what the caller writes there is never read (the batch keeps its own copy). */
enum { YB_OBS, YB_REWARDS, YB_TERMINALS, YB_TRUNCATIONS, YB_ENDED, YB_RESULTS, YB_FINAL_RETURNS, YB_ILLEGAL,
       YB_CHARS, YB_SEEDS, YB_HP, YB_TURNS, YB_RETURNS, YB_COUNT };
extern const char *const yenv_buffer_names[YB_COUNT];
extern const size_t yenv_buffer_item[YB_COUNT];     /* bytes an item */
extern const size_t yenv_buffer_per_slot[YB_COUNT]; /* items a slot */

typedef struct {
    float *obs;     /* [n][2][YENV_OBS] */
    float *rewards; /* [n][2] */
    uint8_t *terminals, *truncations; /* [n][2] */
    int8_t *ended;                    /* [n] */
    int64_t *results;                 /* [n][YENV_NRES] */
    double *final_returns;            /* [n][2] */
    int64_t *illegal, *chars;         /* [n][2] */
    int64_t *seeds;                   /* [n] */
    int64_t *hp;                      /* [n][2] */
    int64_t *turns;                   /* [n] */
    double *returns;                  /* [n][2] */
} yenv_buffers;

typedef struct {
    ptrdiff_t n;
    ymatch *ms;
    ysettings settings;
    double damage_coef, illegal_penalty;
    bool raise_illegal;
    bool autoreset; /* false: a finished match stays finished (halted) instead of restarting (the search's batches) */
    bool bound;     /* buf is set (yenv_batch_bind) */
    yenv_buffers buf;
    uint8_t *halted; /* [n]: autoreset off, the match in the slot has ended; a step leaves the slot alone */
    float *tails;    /* [n][2][YENV_MASK]: the masks of the open decision (a private copy) */
    uint8_t *busy;   /* [n][2]: decision-time busy */
    int16_t *chars;  /* [n][2]: the characters of the current matches */
    long long illegal_total, engine_errors;
    double t_act, t_advance, t_observe, t_restart; /* seconds spent in a step's parts (profiling) */
    long long ticks, decisions;                    /* ticks simulated by the steps' advances, decisions taken */
    int last_illegal[3];                           /* slot, agent, code; slot -1: none */
    char last_error[512];
} yenv_batch;

/* A step's outcome. status 0: done; 1: an illegal action with raise_illegal (nothing changed); 2: the
 * engine refused an action the masks allow (a bug: that slot and the later ones did not move); 3: a
 * slot could not restart (last_error says why). */
enum { YSTEP_DONE, YSTEP_ILLEGAL, YSTEP_REFUSED, YSTEP_NO_RESTART };
typedef struct {
    int status, slot, agent, code;
} yenv_step_result;

/* n matches of these settings, all zeros until reset; 0, or -1 when memory runs out (then the batch
 * holds nothing and may be freed or initialised again). b must be zeros or a freed batch. */
int yenv_batch_init(yenv_batch *b, ptrdiff_t n, const ysettings *settings, double damage_coef,
                    double illegal_penalty, bool raise_illegal, bool autoreset);
void yenv_batch_free(yenv_batch *b); /* leaves zeros */
void yenv_batch_bind(yenv_batch *b, const yenv_buffers *buf);

/* The game's rule at the end of a match: the fighter with more hp wins, equal hp is a draw. */
int yenv_winner_by_hp(int64_t hp1, int64_t hp2);

/* Restart the slots where which[i] with characters p1[i], p2[i] and game seed seeds[i] (backends
 * PythonBackend.reset). Every index is checked before any slot changes: -1 and err set when one is
 * out of range (nothing changed) or a slot could not start (the slots before it restarted). */
int yenv_batch_reset(yenv_batch *b, const int8_t *which, const int64_t *p1, const int64_t *p2,
                     const int64_t *seeds, char *err, size_t errlen);

/* Why step() cannot run with these next characters (a slot never reset, an index out of range),
 * NULL when it can; *slot is the slot. */
const char *yenv_batch_step_refusal(const yenv_batch *b, const int64_t *next_p1, const int64_t *next_p2,
                                    ptrdiff_t *slot);
/* One step of every slot: actions int32[n][2][YENV_NH]; a slot that ends restarts with next_p1[i],
 * next_p2[i], next_seeds[i]. The batch must be bound and yenv_batch_step_refusal must have said NULL. */
yenv_step_result yenv_batch_step(yenv_batch *b, const int32_t *actions, const int64_t *next_p1,
                                 const int64_t *next_p2, const int64_t *next_seeds);

/* Slot i of dst becomes a copy of src's slot slots[i] (match, masks, observations, bookkeeping),
 * not halted; slots[i] = -1 idles slot i (halted). yenv_batch_clone_refusal says why it may not
 * run (NULL: it may); yenv_batch_clone returns -1 when a copy found no memory (that slot idles,
 * the others are copied). */
const char *yenv_batch_clone_refusal(const yenv_batch *dst, const yenv_batch *src, const int64_t *slots,
                                     char *why, size_t whylen);
int yenv_batch_clone(yenv_batch *dst, const yenv_batch *src, const int64_t *slots);

/* slot i's open decision for player 1 or 2: the check of head values against its masks (0 legal,
 * else yenv_check's code) and their decoding (yenv_decode's return) */
int yenv_batch_check(const yenv_batch *b, ptrdiff_t i, int player, const int32_t *heads);
int yenv_batch_decode(yenv_batch *b, ptrdiff_t i, int player, const int32_t *heads, int *action_sym, ydata *data,
                      yextra *extra);

/* ------------------------------------------------------------------ snapshots
 * A snapshot is bytes: a header, then the payload:
 *   header (56 bytes, native byte order): magic "YOMIENV\0", u32 format version, u32 header size,
 *     u64 build fingerprint, u64 batch size, u64 sizeof(ymatch), u64 payload size, u64 payload checksum
 *   payload: the env's scalars (settings, shaping, counters), the open decisions' masks and busy
 *     flags, then every match exported (match_export: its table pointers as stable codes, then its
 *     object pool's slots; so a match takes sizeof(ymatch) bytes or more, its own length in it).
 * The caller's arrays (yenv_buffers) are not in it (integration/env/backends.py's CBackend saves them). */
typedef struct {
    char magic[8];
    uint32_t version, header_bytes;
    uint64_t fingerprint, n, match_bytes, payload_bytes, checksum;
} yenv_snap_header;

typedef struct {
    ysettings settings;
    double damage_coef, illegal_penalty;
    int64_t raise_illegal, illegal_total, engine_errors, ticks, decisions;
    int64_t last_illegal[3];
    char last_error[512];
} yenv_snap_scalars;

/* the field that differs between two settings, NULL when none does */
const char *yenv_settings_diff(const ysettings *a, const ysettings *b);
/* the bytes yenv_batch_export writes; 0 for a batch made with autoreset off (it has no snapshot) */
size_t yenv_batch_snapshot_bytes(const yenv_batch *b);
/* writes yenv_batch_snapshot_bytes(b) bytes: everything that decides the batch's future steps, except
 * the caller's arrays and the profiling seconds (equal batches give equal bytes); -1 and err set
 * when a match cannot be exported */
int yenv_batch_export(const yenv_batch *b, char *out, char *err, size_t errlen);
/* The batch becomes the snapshot's; on any mismatch or corruption, -1, why set and the batch
 * unchanged (every match is checked in a new buffer before anything is replaced). The characters
 * of each slot come from its match; given_chars ([n][2], may be NULL) must agree with them. */
int yenv_batch_import(yenv_batch *b, const char *buf, size_t len, const int64_t *given_chars, char *why,
                      size_t whylen);

#endif
