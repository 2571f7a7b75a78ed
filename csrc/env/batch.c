/* A batch of matches stepped as one environment (batch.h): integration/env/backends.py's PythonBackend.
 *
 * Mirrors PythonBackend operation for operation (tests/env/test_env_c.py): _start (reset, restarts),
 * _choices (check, fallback), _turn (decode, submit, advance, rewards and shaping, results),
 * _truncated (an engine error: adjudicated by hp). The observations and masks come from env.c. */
/* clock_gettime, and madvise's MADV_HUGEPAGE (a Linux extension) under -std=c11 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <time.h>

#include "batch.h"

#define MAX_HEALTH 1500.0 /* backends.MAX_HEALTH: the damage shaping's scale */

const char *const yenv_buffer_names[YB_COUNT] = {"obs", "rewards", "terminals", "truncations", "ended", "results",
                                                 "final_returns", "illegal", "chars", "seeds", "hp", "turns",
                                                 "returns"};
const size_t yenv_buffer_item[YB_COUNT] = {4, 4, 1, 1, 1, 8, 8, 8, 8, 8, 8, 8, 8};
const size_t yenv_buffer_per_slot[YB_COUNT] = {2 * YENV_OBS, 2, 2, 2, 1, YENV_NRES, 2, 2, 2, 1, 2, 1, 2};

/* The matches' array, all zeros (a match struct is zeros or a match). A match is 360 KB and a step
 * touches lines all over it, so an env of many matches spans thousands of 4 KB pages, more than the
 * processor's address-translation cache holds: an array of 2 MB or more is laid on 2 MB pages where
 * the system gives them (Linux's transparent huge pages, on request, asked for before the zeros touch
 * the pages), which a few dozen entries cover. A smaller one (a few matches) keeps 4 KB pages rather
 * than round up to 2 MB. */
static ymatch *alloc_matches(ptrdiff_t n) {
    size_t size = sizeof(ymatch) * (size_t)n;
    ymatch *ms;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const size_t huge = (size_t)2 << 20;
    if (size >= huge) {
        size = (size + huge - 1) & ~(huge - 1);
        ms = aligned_alloc(huge, size);
        if (ms) madvise(ms, size, MADV_HUGEPAGE); /* advice: without huge pages the array works as well */
    } else
#endif
    {
        size = (size + 63) & ~(size_t)63;
        ms = aligned_alloc(64, size);
    }
    if (ms) memset(ms, 0, size);
    return ms;
}

static void free_matches(ymatch *ms, ptrdiff_t n) {
    for (ptrdiff_t i = 0; ms && i < n; i++) match_free(&ms[i]);
    free(ms);
}

void yenv_batch_free(yenv_batch *b) {
    free_matches(b->ms, b->n);
    free(b->tails);
    free(b->busy);
    free(b->chars);
    free(b->halted);
    memset(b, 0, sizeof *b);
}

int yenv_batch_init(yenv_batch *b, ptrdiff_t n, const ysettings *settings, double damage_coef,
                    double illegal_penalty, bool raise_illegal, bool autoreset) {
    yenv_batch_free(b);
    b->n = n;
    b->settings = *settings;
    b->damage_coef = damage_coef;
    b->illegal_penalty = illegal_penalty;
    b->raise_illegal = raise_illegal;
    b->autoreset = autoreset;
    b->ms = alloc_matches(n);
    b->tails = calloc((size_t)n * 2 * YENV_MASK, sizeof(float));
    b->busy = calloc((size_t)n * 2, 1);
    b->chars = calloc((size_t)n * 2, sizeof *b->chars);
    b->halted = calloc((size_t)n, 1);
    b->last_illegal[0] = -1;
    b->last_error[0] = 0;
    if (!b->ms || !b->tails || !b->busy || !b->chars || !b->halted) {
        yenv_batch_free(b);
        return -1;
    }
    return 0;
}

void yenv_batch_bind(yenv_batch *b, const yenv_buffers *buf) {
    b->buf = *buf;
    b->bound = true;
}

/* ------------------------------------------------------------------ one slot */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* PythonBackend._observe */
static void observe(yenv_batch *b, ptrdiff_t i) {
    ymatch *m = &b->ms[i];
    int chars[2] = {b->chars[2 * i], b->chars[2 * i + 1]};
    float *obs = b->buf.obs + (size_t)i * 2 * YENV_OBS;
    bool busy[2];
    yenv_observe(m, chars, obs, busy);
    for (int p = 0; p < 2; p++) {
        memcpy(b->tails + ((size_t)i * 2 + p) * YENV_MASK, obs + (size_t)p * YENV_OBS + YENV_FEAT,
               sizeof(float) * YENV_MASK);
        b->busy[2 * i + p] = busy[p];
    }
}

/* Where an env holds more matches than the cache (hundreds a worker), each match's step starts with
 * its lines in memory. The first lines it reads, its masks (the check of the actions) and the lines
 * of its fighters' current states that the chosen moves' legality reads (actions.c: the state's
 * first fields, its busy_interrupt_type and its interrupt exceptions), are asked for while the match
 * before it steps. */
static void prefetch_acting(const yenv_batch *b, ptrdiff_t i) {
    const char *tails = (const char *)(b->tails + (size_t)i * 2 * YENV_MASK);
    for (size_t k = 0; k < sizeof(float) * 2 * YENV_MASK; k += 64) __builtin_prefetch(tails + k);
    const yfighter *f = b->ms[i].f;
    for (int p = 0; p < 2; p++) {
        int s = f[p].o.sm.state; /* any value in a slot never reset: only a valid index is followed */
        if (s < 0 || s >= YOMI_MAX_FSTATES) continue;
        const char *st = (const char *)&f[p].states[s];
        __builtin_prefetch(st);
        __builtin_prefetch(st + offsetof(ystate, busy_interrupt_type));
        __builtin_prefetch(st + offsetof(ystate, n_interrupt_exceptions));
    }
}

/* PythonBackend._engine_error */
static void engine_error(yenv_batch *b, ptrdiff_t i, const char *when) {
    ymatch *m = &b->ms[i];
    b->engine_errors++;
    snprintf(b->last_error, sizeof b->last_error, "%s vs %s, game seed %lld, turn %lld (%s): C engine: %s",
             yenv_chars[b->chars[2 * i]].name, yenv_chars[b->chars[2 * i + 1]].name, (long long)b->buf.seeds[i],
             (long long)b->buf.turns[i], when, m->errmsg[0] ? m->errmsg : "error");
}

/* start a match in slot i (PythonBackend._start: the next game seed after an engine failure) */
static int start(yenv_batch *b, ptrdiff_t i, int c1, int c2, int64_t seed) {
    ymatch *m = &b->ms[i];
    const yenv_buffers *B = &b->buf;
    int t1 = yenv_table_of(c1), t2 = yenv_table_of(c2);
    if (t1 < 0 || t2 < 0) { /* in range: reset and step checked the indices */
        snprintf(b->last_error, sizeof b->last_error, "the C engine cannot play %s", yenv_chars[t1 < 0 ? c1 : c2].name);
        return -1;
    }
    b->chars[2 * i] = (int16_t)c1, B->chars[2 * i] = c1;
    b->chars[2 * i + 1] = (int16_t)c2, B->chars[2 * i + 1] = c2;
    for (int attempt = 0; attempt < 100; attempt++) {
        B->seeds[i] = seed + attempt;
        B->turns[i] = 0;
        B->illegal[2 * i] = B->illegal[2 * i + 1] = 0;
        B->returns[2 * i] = B->returns[2 * i + 1] = 0.0;
        match_clear(m);
        if (match_create(m, t1, t2, seed + attempt, &b->settings) == 0 && match_iface_advance(m) == 0) {
            if (!m->game_finished && m->turn_open) {
                B->hp[2 * i] = m->f[0].hp;
                B->hp[2 * i + 1] = m->f[1].hp;
                observe(b, i);
                return 0;
            }
            snprintf(m->errmsg, sizeof m->errmsg, "the match ended before its first decision");
        }
        engine_error(b, i, "at the start");
    }
    return -1;
}

static int64_t *results(yenv_batch *b, ptrdiff_t i, int winner, bool ko) {
    ymatch *m = &b->ms[i];
    const yenv_buffers *B = &b->buf;
    int64_t *r = B->results + (size_t)i * YENV_NRES;
    r[YRES_WINNER] = winner;
    r[YRES_KO] = ko;
    r[YRES_TURNS] = B->turns[i];
    r[YRES_TICKS] = m->current_tick + 1;
    r[YRES_P1_CHAR] = b->chars[2 * i];
    r[YRES_P2_CHAR] = b->chars[2 * i + 1];
    r[YRES_ILLEGAL_P1] = B->illegal[2 * i];
    r[YRES_ILLEGAL_P2] = B->illegal[2 * i + 1];
    r[YRES_SEED] = B->seeds[i];
    r[YRES_CUT_SHORT] = 0;
    return r;
}

/* The game's rule at the end of a match (game.gd end_game, commit 4450348): the fighter with more hp
 * wins, equal hp is a draw. A match cut short by an engine error is adjudicated by it, with the hp of
 * the last decision (the failed turn's hp are not trusted), so that steering into an engine error
 * never spares the agent that is behind. */
int yenv_winner_by_hp(int64_t hp1, int64_t hp2) {
    return hp1 > hp2 ? 1 : hp2 > hp1 ? 2 : 0;
}

static bool playable(int64_t c) {
    return c >= 0 && c < YENV_N_CHARS && yenv_table_of((int)c) >= 0;
}

int yenv_batch_reset(yenv_batch *b, const int8_t *which, const int64_t *p1, const int64_t *p2,
                     const int64_t *seeds, char *err, size_t errlen) {
    const yenv_buffers *B = &b->buf;
    for (ptrdiff_t i = 0; i < b->n; i++) /* every index before any slot changes */
        if (which[i] && (!playable(p1[i]) || !playable(p2[i]))) {
            snprintf(err, errlen, "slot %td: character index out of range", i);
            return -1;
        }
    for (ptrdiff_t i = 0; i < b->n; i++) {
        if (!which[i]) continue;
        if (start(b, i, (int)p1[i], (int)p2[i], seeds[i]) < 0) {
            snprintf(err, errlen, "slot %td: %s", i, b->last_error);
            return -2;
        }
        B->rewards[2 * i] = B->rewards[2 * i + 1] = 0.0f;
        B->terminals[2 * i] = B->terminals[2 * i + 1] = 0;
        B->truncations[2 * i] = B->truncations[2 * i + 1] = 0;
        B->ended[i] = 0;
        b->halted[i] = 0;
    }
    return 0;
}

/* ------------------------------------------------------------------ one step */
const char *yenv_batch_step_refusal(const yenv_batch *b, const int64_t *next_p1, const int64_t *next_p2,
                                    ptrdiff_t *slot) {
    for (ptrdiff_t i = 0; i < b->n; i++) { /* nothing runs on a slot never reset or a character unknown */
        if (b->halted[i]) continue;        /* a halted slot is skipped by the step */
        *slot = i;
        if (b->ms[i].magic != YOMI_MAGIC) return "was never reset";
        if (!playable(next_p1[i]) || !playable(next_p2[i])) return "has a next character index out of range";
    }
    return NULL;
}

/* PythonBackend._truncated: the match in slot i is cut short by an engine error, adjudicated by hp */
static void truncated(yenv_batch *b, ptrdiff_t i, double reward[2]) {
    const yenv_buffers *B = &b->buf;
    engine_error(b, i, "during a turn");
    int w = yenv_winner_by_hp(B->hp[2 * i], B->hp[2 * i + 1]);
    int64_t *r = results(b, i, w, false);
    r[YRES_P1_HP] = B->hp[2 * i];
    r[YRES_P2_HP] = B->hp[2 * i + 1];
    r[YRES_CUT_SHORT] = 1;
    B->turns[i]--; /* the turn that failed is not counted (the Python backend counts after advance) */
    r[YRES_TURNS] = B->turns[i];
    reward[0] = reward[1] = 0.0; /* the adjudicated outcome only, as PythonBackend._truncated */
    if (w == 1) reward[0] += 1.0, reward[1] -= 1.0;
    else if (w == 2) reward[0] -= 1.0, reward[1] += 1.0;
    B->final_returns[2 * i] = B->returns[2 * i] + reward[0];
    B->final_returns[2 * i + 1] = B->returns[2 * i + 1] + reward[1];
    B->returns[2 * i] += reward[0];
    B->returns[2 * i + 1] += reward[1];
    B->rewards[2 * i] = (float)reward[0];
    B->rewards[2 * i + 1] = (float)reward[1];
    B->terminals[2 * i] = B->terminals[2 * i + 1] = 0;
    B->truncations[2 * i] = B->truncations[2 * i + 1] = 1;
    B->ended[i] = 1;
}

/* the rest of PythonBackend._turn once the match advanced: shaping, the end's +-1 and results */
static void scored(yenv_batch *b, ptrdiff_t i, double reward[2]) {
    ymatch *m = &b->ms[i];
    const yenv_buffers *B = &b->buf;
    int32_t hp0 = m->f[0].hp, hp1 = m->f[1].hp;
    if (b->damage_coef != 0.0) {
        int64_t lost0 = B->hp[2 * i] - hp0, lost1 = B->hp[2 * i + 1] - hp1;
        reward[0] += b->damage_coef * (double)(lost1 - lost0) / MAX_HEALTH;
        reward[1] += b->damage_coef * (double)(lost0 - lost1) / MAX_HEALTH;
    }
    B->hp[2 * i] = hp0;
    B->hp[2 * i + 1] = hp1;
    bool over = m->game_finished;
    if (over) {
        int w = m->winner;
        if (w == 1) reward[0] += 1.0, reward[1] -= 1.0;
        else if (w == 2) reward[0] -= 1.0, reward[1] += 1.0;
        int64_t *r = results(b, i, w, hp0 <= 0 || hp1 <= 0);
        r[YRES_P1_HP] = hp0;
        r[YRES_P2_HP] = hp1;
        B->final_returns[2 * i] = B->returns[2 * i] + reward[0];
        B->final_returns[2 * i + 1] = B->returns[2 * i + 1] + reward[1];
        B->ended[i] = 1;
    }
    B->rewards[2 * i] = (float)reward[0];
    B->rewards[2 * i + 1] = (float)reward[1];
    B->returns[2 * i] += reward[0];
    B->returns[2 * i + 1] += reward[1];
    B->terminals[2 * i] = B->terminals[2 * i + 1] = over;
    B->truncations[2 * i] = B->truncations[2 * i + 1] = 0;
    if (!over) observe(b, i);
}

yenv_step_result yenv_batch_step(yenv_batch *b, const int32_t *actions, const int64_t *next_p1,
                                 const int64_t *next_p2, const int64_t *next_seeds) {
    const yenv_buffers *B = &b->buf;
    yenv_step_result res = {YSTEP_DONE, -1, -1, 0};
    if (b->raise_illegal) { /* every slot checked before any match moves */
        for (ptrdiff_t i = 0; i < b->n && !res.status; i++)
            for (int p = 0; p < 2 && !b->halted[i]; p++) {
                int code = yenv_check(b->chars[2 * i + p], b->tails + ((size_t)i * 2 + p) * YENV_MASK,
                                      actions + ((size_t)i * 2 + p) * YENV_NH);
                if (code) {
                    res = (yenv_step_result){YSTEP_ILLEGAL, (int)i, p, code};
                    break;
                }
            }
    }
    double t0 = now(), t1;
    for (ptrdiff_t i = 0; i < b->n && !res.status; i++) {
        ymatch *m = &b->ms[i];
        if (i + 1 < b->n) prefetch_acting(b, i + 1);
        B->ended[i] = 0;
        if (b->halted[i]) { /* autoreset off: the match has ended, nothing happens in its slot */
            B->rewards[2 * i] = B->rewards[2 * i + 1] = 0.0f;
            B->terminals[2 * i] = B->terminals[2 * i + 1] = 0;
            B->truncations[2 * i] = B->truncations[2 * i + 1] = 0;
            continue;
        }
        double reward[2] = {0.0, 0.0};
        int32_t heads[2][YENV_NH];
        int syms[2];
        ydata data[2];
        yextra extra[2];
        bool fg[2], fa[2];
        for (int p = 0; p < 2; p++) { /* PythonBackend._choices, then the decode of _turn */
            int c = b->chars[2 * i + p];
            const float *tail = b->tails + ((size_t)i * 2 + p) * YENV_MASK;
            memcpy(heads[p], actions + ((size_t)i * 2 + p) * YENV_NH, sizeof heads[p]);
            int code = yenv_check(c, tail, heads[p]);
            if (code) {
                yenv_fallback(c, tail, heads[p]);
                B->illegal[2 * i + p]++;
                b->illegal_total++;
                b->last_illegal[0] = (int)i, b->last_illegal[1] = p, b->last_illegal[2] = code;
                reward[p] += b->illegal_penalty;
            }
            yenv_decode(m, p + 1, c, b->busy[2 * i + p], heads[p], &syms[p], &data[p], &extra[p], &fg[p], &fa[p]);
        }
        for (int p = 0; p < 2; p++)
            if (!actions_is_legal(m, &m->f[p], syms[p], fg[p], fa[p])) {
                res = (yenv_step_result){YOK(m) ? YSTEP_REFUSED : YSTEP_DONE, (int)i, p, syms[p]};
                break;
            }
        if (res.status) break;
        bool failed = !YOK(m);
        if (!failed) {
            for (int p = 0; p < 2; p++) {
                fighter_on_action_selected(m, &m->f[p], syms[p], &data[p], &extra[p]);
                m->submitted[p] = true;
            }
            match_end_turn(m);
            m->turn_open = false;
            m->submitted[0] = m->submitted[1] = false;
            t1 = now(), b->t_act += t1 - t0, t0 = t1;
            int32_t tick0 = m->current_tick;
            match_iface_advance(m);
            b->ticks += m->current_tick - tick0;
            b->decisions++;
            t1 = now(), b->t_advance += t1 - t0, t0 = t1;
            failed = !YOK(m);
        }
        B->turns[i]++;
        if (failed) {
            truncated(b, i, reward);
        } else {
            scored(b, i, reward);
            t1 = now(), b->t_observe += t1 - t0, t0 = t1;
        }
        if (B->ended[i] && !b->autoreset) {
            b->halted[i] = 1;
        } else if (B->ended[i] && start(b, i, (int)next_p1[i], (int)next_p2[i], next_seeds[i]) < 0) {
            res = (yenv_step_result){YSTEP_NO_RESTART, (int)i, -1, 0};
            break;
        }
        t1 = now(), b->t_restart += t1 - t0, t0 = t1;
    }
    return res;
}

/* ------------------------------------------------------------------ clones (integration/train/search.py) */
const char *yenv_batch_clone_refusal(const yenv_batch *dst, const yenv_batch *src, const int64_t *slots,
                                     char *why, size_t whylen) {
    for (ptrdiff_t i = 0; i < dst->n; i++)
        if (slots[i] != -1 && (slots[i] < 0 || slots[i] >= src->n || src->ms[slots[i]].magic != YOMI_MAGIC ||
                               src->halted[slots[i]])) {
            snprintf(why, whylen, "source slot %lld is out of range, never reset or halted", (long long)slots[i]);
            return why;
        }
    if (dst == src) { /* copying within one batch would read slots already overwritten */
        snprintf(why, whylen, "the source must be another batch");
        return why;
    }
    return NULL;
}

int yenv_batch_clone(yenv_batch *dst, const yenv_batch *src, const int64_t *slots) {
    const yenv_buffers *D = &dst->buf, *S = &src->buf;
    int ret = 0;
    for (ptrdiff_t i = 0; i < dst->n; i++) {
        ptrdiff_t j = (ptrdiff_t)slots[i];
        if (j == -1) { /* an idle slot: halted, a step leaves it alone */
            D->ended[i] = 0;
            dst->halted[i] = 1;
            continue;
        }
        if (match_copy(&dst->ms[i], &src->ms[j]) < 0) { /* dst->ms[i] is all zeros: idle it */
            ret = -1;
            D->ended[i] = 0;
            dst->halted[i] = 1;
            continue;
        }
        memcpy(dst->tails + (size_t)i * 2 * YENV_MASK, src->tails + (size_t)j * 2 * YENV_MASK,
               sizeof(float) * 2 * YENV_MASK);
        dst->busy[2 * i] = src->busy[2 * j], dst->busy[2 * i + 1] = src->busy[2 * j + 1];
        memcpy(D->obs + (size_t)i * 2 * YENV_OBS, S->obs + (size_t)j * 2 * YENV_OBS, sizeof(float) * 2 * YENV_OBS);
        for (int p = 0; p < 2; p++) {
            dst->chars[2 * i + p] = src->chars[2 * j + p];
            D->chars[2 * i + p] = src->chars[2 * j + p];
            D->hp[2 * i + p] = S->hp[2 * j + p];
            D->illegal[2 * i + p] = S->illegal[2 * j + p];
            D->returns[2 * i + p] = S->returns[2 * j + p];
            D->rewards[2 * i + p] = 0.0f;
            D->terminals[2 * i + p] = D->truncations[2 * i + p] = 0;
        }
        D->seeds[i] = S->seeds[j];
        D->turns[i] = S->turns[j];
        D->ended[i] = 0;
        dst->halted[i] = 0;
    }
    return ret;
}

/* ------------------------------------------------------------------ one decision (inspection) */
int yenv_batch_check(const yenv_batch *b, ptrdiff_t i, int player, const int32_t *heads) {
    return yenv_check(b->chars[2 * i + player - 1], b->tails + ((size_t)i * 2 + player - 1) * YENV_MASK, heads);
}

int yenv_batch_decode(yenv_batch *b, ptrdiff_t i, int player, const int32_t *heads, int *action_sym, ydata *data,
                      yextra *extra) {
    bool fg, fa;
    return yenv_decode(&b->ms[i], player, b->chars[2 * i + player - 1], b->busy[2 * i + player - 1], heads,
                       action_sym, data, extra, &fg, &fa);
}

/* ------------------------------------------------------------------ snapshots (batch.h) */
#define SNAP_VERSION 2
static const char SNAP_MAGIC[8] = "YOMIENV";
_Static_assert(sizeof(yenv_snap_header) == 56, "the header has no padding");

#define SETTINGS_FIELDS                                                                                         \
    X(stage_width) X(game_length) X(turn_time) X(char_distance) X(char_height) X(ceiling_height)              \
    X(turn_min_length) X(di_combo_limit) X(p2_dummy) X(di_enabled) X(turbo_mode) X(infinite_resources)       \
    X(one_hit_ko) X(burst_enabled) X(frame_by_frame) X(always_perfect_parry) X(gravity_enabled) X(chess_timer) \
    X(extremely_turbo_mode) X(clashing_enabled) X(asymmetrical_clashing) X(prediction_enabled) X(has_ceiling) \
    X(sadness_enabled) X(brace_enabled) X(global_damage_modifier) X(global_hitstun_modifier)                  \
    X(global_hitstop_modifier) X(global_gravity_modifier) X(starting_meter) X(min_di_scaling) X(max_di_scaling)

/* field by field into zeroed memory: the snapshot's bytes never carry padding garbage */
static void settings_canon(ysettings *out, const ysettings *in) {
    memset(out, 0, sizeof *out);
#define X(f) out->f = in->f;
    SETTINGS_FIELDS
#undef X
}

const char *yenv_settings_diff(const ysettings *a, const ysettings *b) {
#define X(f) if (a->f != b->f) return #f;
    SETTINGS_FIELDS
#undef X
    return NULL;
}

/* the payload before the matches */
static size_t snap_fixed_bytes(ptrdiff_t n) {
    return sizeof(yenv_snap_scalars) + (size_t)n * 2 * YENV_MASK * sizeof(float) + (size_t)n * 2;
}

/* the engine's fingerprint and this file's layout (the env's tables and the payload's parts) */
static uint64_t snap_fingerprint(void) {
    const uint64_t parts[] = {match_layout_fingerprint(), sizeof(yenv_snap_scalars), YENV_OBS, YENV_MASK, YENV_NH,
                              YENV_N_CHARS};
    return snapshot_checksum(parts, sizeof parts);
}

size_t yenv_batch_snapshot_bytes(const yenv_batch *b) {
    if (!b->autoreset) return 0;
    size_t payload = snap_fixed_bytes(b->n);
    for (ptrdiff_t i = 0; i < b->n; i++) payload += match_export_bytes(&b->ms[i]);
    return sizeof(yenv_snap_header) + payload;
}

int yenv_batch_export(const yenv_batch *b, char *out, char *err, size_t errlen) {
    size_t payload = yenv_batch_snapshot_bytes(b) - sizeof(yenv_snap_header);
    char *p = out + sizeof(yenv_snap_header), *body = p;
    yenv_snap_scalars sc;
    memset(&sc, 0, sizeof sc);
    settings_canon(&sc.settings, &b->settings);
    sc.damage_coef = b->damage_coef, sc.illegal_penalty = b->illegal_penalty, sc.raise_illegal = b->raise_illegal;
    sc.illegal_total = b->illegal_total, sc.engine_errors = b->engine_errors, sc.ticks = b->ticks;
    sc.decisions = b->decisions;
    for (int k = 0; k < 3; k++) sc.last_illegal[k] = b->last_illegal[k];
    memcpy(sc.last_error, b->last_error, sizeof sc.last_error);
    memcpy(p, &sc, sizeof sc), p += sizeof sc;
    memcpy(p, b->tails, (size_t)b->n * 2 * YENV_MASK * sizeof(float)), p += (size_t)b->n * 2 * YENV_MASK * sizeof(float);
    memcpy(p, b->busy, (size_t)b->n * 2), p += (size_t)b->n * 2;
    char why[200];
    for (ptrdiff_t i = 0; i < b->n; i++) {
        if (match_export(&b->ms[i], p, why, sizeof why) < 0) {
            snprintf(err, errlen, "slot %td: %s", i, why);
            return -1;
        }
        p += match_export_bytes(&b->ms[i]);
    }
    yenv_snap_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, SNAP_MAGIC, sizeof h.magic);
    h.version = SNAP_VERSION, h.header_bytes = sizeof h, h.fingerprint = snap_fingerprint();
    h.n = (uint64_t)b->n, h.match_bytes = sizeof(ymatch), h.payload_bytes = payload;
    h.checksum = snapshot_checksum(body, payload);
    memcpy(out, &h, sizeof h);
    return 0;
}

/* the header and the configuration against this batch: NULL when it may be loaded, else why not */
static const char *snap_refusal(const yenv_batch *b, const char *buf, size_t len, char *why, size_t whylen) {
    yenv_snap_header h;
    if (len < sizeof h) {
        snprintf(why, whylen, "truncated: %zu bytes, shorter than the %zu-byte header", len, sizeof h);
        return why;
    }
    memcpy(&h, buf, sizeof h);
    /* the payload the matches' own lengths make (each match says how long it is); 0 when the bytes end first */
    size_t payload = snap_fixed_bytes(b->n);
    for (ptrdiff_t i = 0; i < b->n && payload; i++) {
        char err[160];
        size_t at = sizeof h + payload, bytes = at < len ? match_portable_bytes(buf + at, len - at, err, sizeof err) : 0;
        payload = bytes ? payload + bytes : 0;
    }
    if (memcmp(h.magic, SNAP_MAGIC, sizeof h.magic) != 0)
        snprintf(why, whylen, "not an EnvBatch snapshot (bad magic)");
    else if (h.version != SNAP_VERSION)
        snprintf(why, whylen, "snapshot format version %u, this build reads version %d", h.version, SNAP_VERSION);
    else if (h.header_bytes != sizeof h)
        snprintf(why, whylen, "header of %u bytes, expected %zu", h.header_bytes, sizeof h);
    else if (h.fingerprint != snap_fingerprint())
        snprintf(why, whylen, "made by a different build of the engine (fingerprint %016llx, this build %016llx)",
                 (unsigned long long)h.fingerprint, (unsigned long long)snap_fingerprint());
    else if (h.n != (uint64_t)b->n)
        snprintf(why, whylen, "a snapshot of %llu matches, this EnvBatch has %td", (unsigned long long)h.n, b->n);
    else if (h.match_bytes != sizeof(ymatch))
        snprintf(why, whylen, "matches of %llu bytes, this build's are %zu", (unsigned long long)h.match_bytes,
                 sizeof(ymatch));
    else if (!payload)
        snprintf(why, whylen, "truncated: %zu bytes end inside the matches", len);
    else if (len != sizeof h + payload)
        snprintf(why, whylen, "wrong length: %zu bytes, the matches end at %zu", len, sizeof h + payload);
    else if (h.payload_bytes != payload)
        snprintf(why, whylen, "payload of %llu bytes, expected %zu", (unsigned long long)h.payload_bytes, payload);
    else if (h.checksum != snapshot_checksum(buf + sizeof h, payload))
        snprintf(why, whylen, "corrupted: the payload's checksum does not match");
    else {
        yenv_snap_scalars sc;
        memcpy(&sc, buf + sizeof h, sizeof sc);
        const char *field = yenv_settings_diff(&sc.settings, &b->settings);
        if (field)
            snprintf(why, whylen, "made with other match settings (%s differs)", field);
        else if (sc.damage_coef != b->damage_coef)
            snprintf(why, whylen, "made with damage shaping %g, this EnvBatch has %g", sc.damage_coef, b->damage_coef);
        else if (sc.illegal_penalty != b->illegal_penalty)
            snprintf(why, whylen, "made with illegal_penalty %g, this EnvBatch has %g", sc.illegal_penalty,
                     b->illegal_penalty);
        else if (sc.raise_illegal != b->raise_illegal)
            snprintf(why, whylen, "made with raise_illegal=%d, this EnvBatch has %d", (int)sc.raise_illegal,
                     (int)b->raise_illegal);
        else
            return NULL;
    }
    return why;
}

/* the character index playing a fighter table, -1 none */
static int char_of_table(int table) {
    for (int c = 0; c < YENV_N_CHARS; c++)
        if (yenv_table_of(c) == table) return c;
    return -1;
}

/* Why slot i's stored masks (tails, unaligned in the snapshot) and busy flags are not those the
 * imported match m gives, or 0 when they are (1, and err set, otherwise). */
static int mask_refusal(ymatch *m, const int16_t *chars16, const char *tails, const char *busy, ptrdiff_t i,
                        char *err, size_t errlen) {
    float *obs = malloc(sizeof(float) * 2 * YENV_OBS);
    if (!obs) {
        snprintf(err, errlen, "out of memory recomputing its masks");
        return 1;
    }
    int chars[2] = {chars16[0], chars16[1]};
    bool fresh[2];
    yenv_observe(m, chars, obs, fresh);
    int bad = 0;
    for (int p = 0; p < 2 && !bad; p++) {
        const char *stored = tails + ((size_t)i * 2 + p) * YENV_MASK * sizeof(float);
        if (memcmp(stored, obs + (size_t)p * YENV_OBS + YENV_FEAT, sizeof(float) * YENV_MASK) != 0 ||
            (uint8_t)busy[2 * i + p] != (uint8_t)fresh[p]) {
            snprintf(err, errlen, "P%d's stored masks are not those of its match (recomputed from it)", p + 1);
            bad = 1;
        }
    }
    free(obs);
    return bad;
}

/* the matches of a snapshot (its payload's tail, from `matches` to `end`), each checked and imported
 * into ms with its characters; 0, or -1 with why set (ms holds nothing then) */
static int import_matches(const yenv_batch *b, ymatch *ms, int16_t *chars, const char *matches, const char *end,
                          const char *tails, const char *busy, const int64_t *given, char *why, size_t whylen) {
    char err[200];
    for (ptrdiff_t i = 0; i < b->n; i++) { /* each match says its length; together they fill the payload */
        size_t bytes = match_portable_bytes(matches, (size_t)(end - matches), err, sizeof err);
        if (!bytes || (i == b->n - 1 && matches + bytes != end) ||
            match_import(&ms[i], matches, bytes, err, sizeof err) < 0) {
            if (bytes && i == b->n - 1 && matches + bytes != end)
                snprintf(err, sizeof err, "%zu bytes after the last match", (size_t)(end - matches - (ptrdiff_t)bytes));
            for (ptrdiff_t k = 0; k < i; k++) match_free(&ms[k]);
            snprintf(why, whylen, "slot %td: %s", i, err);
            return -1;
        }
        matches += bytes;
        for (int p = 0; p < 2 && ms[i].magic == YOMI_MAGIC; p++) {
            int c = char_of_table(ms[i].f[p].o.table);
            if (c < 0 || (given && given[2 * i + p] != c)) {
                for (ptrdiff_t k = 0; k <= i; k++) match_free(&ms[k]);
                snprintf(why, whylen, "slot %td: P%d's character %s", i, p + 1,
                         c < 0 ? "cannot be played here" : "differs from the saved chars");
                return -1;
            }
            chars[2 * i + p] = (int16_t)c;
        }
        /* the stored masks and busy flags of the open decisions are what the match itself gives
         * (observe() wrote them from it): recomputed from the imported match and compared, so that a
         * snapshot whose match was changed under its masks (a stance, a state) is refused here
         * rather than refusing at the next step an action those masks allow */
        if (ms[i].magic == YOMI_MAGIC && mask_refusal(&ms[i], chars + 2 * i, tails, busy, i, err, sizeof err)) {
            for (ptrdiff_t k = 0; k <= i; k++) match_free(&ms[k]);
            snprintf(why, whylen, "slot %td: %s", i, err);
            return -1;
        }
    }
    return 0;
}

int yenv_batch_import(yenv_batch *b, const char *buf, size_t len, const int64_t *given_chars, char *why,
                      size_t whylen) {
    if (snap_refusal(b, buf, len, why, whylen)) return -1;
    const char *p = buf + sizeof(yenv_snap_header);
    yenv_snap_scalars sc;
    memcpy(&sc, p, sizeof sc), p += sizeof sc;
    const char *tails = p, *busy = tails + (size_t)b->n * 2 * YENV_MASK * sizeof(float);
    const char *matches = busy + (size_t)b->n * 2, *end = buf + len;
    int16_t *chars = calloc((size_t)b->n * 2, sizeof *chars);
    ymatch *ms = alloc_matches(b->n);
    if (!chars || !ms) {
        free(chars);
        free(ms);
        snprintf(why, whylen, "out of memory");
        return -2;
    }
    if (import_matches(b, ms, chars, matches, end, tails, busy, given_chars, why, whylen) < 0) {
        free(chars);
        free(ms);
        return -1;
    }
    /* nothing can fail from here on */
    free_matches(b->ms, b->n);
    b->ms = ms;
    free(b->chars);
    b->chars = chars;
    memcpy(b->tails, tails, (size_t)b->n * 2 * YENV_MASK * sizeof(float));
    memcpy(b->busy, busy, (size_t)b->n * 2);
    b->illegal_total = sc.illegal_total, b->engine_errors = sc.engine_errors, b->ticks = sc.ticks;
    b->decisions = sc.decisions;
    for (int k = 0; k < 3; k++) b->last_illegal[k] = (int)sc.last_illegal[k];
    memcpy(b->last_error, sc.last_error, sizeof b->last_error);
    b->last_error[sizeof b->last_error - 1] = 0;
    return 0;
}
