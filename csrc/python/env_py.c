/* CPython binding of the environment's C part: yomi._native.EnvBatch (integration/env/env.py's C backend).
 *
 * EnvBatch(n, template, damage_coef=0.0, illegal_penalty=0.0, raise_illegal=False, autoreset=True) holds n matches;
 * ``template`` is a yomi._native.Match whose settings every match uses. The Python side binds its
 * buffers once (PufferLib's observations / rewards / terminals / truncations and the per-slot
 * bookkeeping arrays), then each step() is one call for every match, without the GIL:
 *
 *   for every match: check both agents' head values against their masks (an illegal action is
 *   replaced by the Hold action and counted, or, with raise_illegal, nothing happens and the slot
 *   is reported), decode them into the panel's (action, data, extra), submit, advance to the next
 *   decision, write rewards (+-1 at the end, damage shaping, illegal penalty), terminals and
 *   truncations (an engine error cuts the match short; it is adjudicated by hp, winner_by_hp),
 *   restart a finished match with its slot's next characters and seed (with autoreset=False: halt
 *   the slot instead), write both observations (features + packed masks).
 *
 * clone_from(src, slots) copies matches of another batch into this one (integration/train/search.py
 * simulates every pair of candidate actions on such copies).
 *
 * This mirrors integration/env/env.py's PythonBackend operation for operation (tests/env/test_env_c.py). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif
#include <time.h>

#include "env.h"
#include "env_c.h"
#include "py_match.h"

enum { NRES = 12 }; /* env.RESULT_FIELDS */
enum { R_WINNER, R_KO, R_TURNS, R_TICKS, R_P1_HP, R_P2_HP, R_P1_CHAR, R_P2_CHAR, R_ILLEGAL_P1, R_ILLEGAL_P2, R_SEED,
       R_CUT_SHORT };
enum { B_OBS, B_REW, B_TERM, B_TRUNC, B_ENDED, B_RESULTS, B_FINAL, B_ILLEGAL, B_CHARS, B_SEEDS, B_HP, B_TURNS,
       B_RETURNS, B_COUNT };
static const char *BUF_NAMES[B_COUNT] = {"obs", "rewards", "terminals", "truncations", "ended", "results",
                                         "final_returns", "illegal", "chars", "seeds", "hp", "turns", "returns"};
static const Py_ssize_t BUF_ITEM[B_COUNT] = {4, 4, 1, 1, 1, 8, 8, 8, 8, 8, 8, 8, 8};


static PyObject *MATCH_TYPE; /* yomi._native.Match */

typedef struct {
    PyObject_HEAD
    Py_ssize_t n;
    ymatch *ms;
    ysettings settings;
    double damage_coef, illegal_penalty;
    bool raise_illegal;
    bool autoreset; /* false: a finished match stays finished (halted) instead of restarting (the search's batches) */
    bool bound;
    uint8_t *halted; /* [n]: autoreset off, the match in the slot has ended; step() leaves the slot alone */
    Py_buffer b[B_COUNT];
    float *tails;   /* [n][2][YENV_MASK]: the masks of the open decision (a private copy) */
    uint8_t *busy;  /* [n][2]: decision-time busy */
    long long illegal_total, engine_errors;
    double t_act, t_advance, t_observe, t_restart; /* seconds spent in step()'s parts (profiling) */
    long long ticks, decisions;                    /* ticks simulated by step()'s advances, decisions taken */
    int last_illegal[3]; /* slot, agent, code; slot -1: none */
    char last_error[512];
    int16_t *chars; /* [n][2]: the characters of the current matches, this object's own copy (the bound
                       chars array is written for Python to read; what Python writes there is never read) */
    bool in_step;   /* step() is running without the GIL: every other call is refused */
} EnvObject;

/* EnvBatch is not thread-safe: step() releases the GIL, and a call from another thread meanwhile
 * (set_state, bind, reset, a read) would race with it. The flag is set and read under the GIL, so a
 * concurrent call gets this error instead of corrupting memory. */
static int refuse_busy(EnvObject *e) {
    if (!e->in_step) return 0;
    PyErr_SetString(PyExc_RuntimeError, "EnvBatch is busy: step() is running in another thread (an EnvBatch, and "
                                        "the YomiEnv around it, is not thread-safe: use one per thread)");
    return -1;
}

#define OBS(e) ((float *)(e)->b[B_OBS].buf)
#define REW(e) ((float *)(e)->b[B_REW].buf)
#define TERM(e) ((uint8_t *)(e)->b[B_TERM].buf)
#define TRUNC(e) ((uint8_t *)(e)->b[B_TRUNC].buf)
#define ENDED(e) ((int8_t *)(e)->b[B_ENDED].buf)
#define RESULTS(e) ((int64_t *)(e)->b[B_RESULTS].buf)
#define FINAL(e) ((double *)(e)->b[B_FINAL].buf)
#define ILLEGAL(e) ((int64_t *)(e)->b[B_ILLEGAL].buf)
#define CHARS(e) ((int64_t *)(e)->b[B_CHARS].buf)
#define SEEDS(e) ((int64_t *)(e)->b[B_SEEDS].buf)
#define HP(e) ((int64_t *)(e)->b[B_HP].buf)
#define TURNS(e) ((int64_t *)(e)->b[B_TURNS].buf)
#define RETURNS(e) ((double *)(e)->b[B_RETURNS].buf)

static void env_dealloc(PyObject *self) {
    EnvObject *e = (EnvObject *)self;
    if (e->bound)
        for (int k = 0; k < B_COUNT; k++) PyBuffer_Release(&e->b[k]);
    for (Py_ssize_t i = 0; e->ms && i < e->n; i++) match_free(&e->ms[i]);
    free(e->ms);
    free(e->tails);
    free(e->busy);
    free(e->chars);
    free(e->halted);
    Py_TYPE(self)->tp_free(self);
}

/* The matches' array, all zeros (a match struct is zeros or a match). A match is 360 KB and a step
 * touches lines all over it, so an env of many matches spans thousands of 4 KB pages, more than the
 * processor's address-translation cache holds: an array of 2 MB or more is laid on 2 MB pages where
 * the system gives them (Linux's transparent huge pages, on request, asked for before the zeros touch
 * the pages), which a few dozen entries cover. A smaller one (a few matches) keeps 4 KB pages rather
 * than round up to 2 MB. */
static ymatch *alloc_matches(Py_ssize_t n) {
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

static int env_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"n", "template", "damage_coef", "illegal_penalty", "raise_illegal", "autoreset", NULL};
    EnvObject *e = (EnvObject *)self;
    Py_ssize_t n;
    PyObject *tmpl;
    double dc = 0.0, ip = 0.0;
    int ri = 0, ar = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nO|ddpp", kwlist, &n, &tmpl, &dc, &ip, &ri, &ar)) return -1;
    if (n <= 0 || n > 1 << 16) {
        PyErr_SetString(PyExc_ValueError, "n must be in 1 .. 65536");
        return -1;
    }
    if (!MATCH_TYPE || !PyObject_TypeCheck(tmpl, (PyTypeObject *)MATCH_TYPE)) {
        PyErr_SetString(PyExc_TypeError, "template must be a yomi._native.Match (its settings are used)");
        return -1;
    }
    const char *err;
    if (yenv_init(&err) < 0) {
        PyErr_Format(PyExc_RuntimeError, "EnvBatch: %s", err);
        return -1;
    }
    if (e->ms) { /* __init__ again: the old matches' pools first */
        for (Py_ssize_t i = 0; i < e->n; i++) match_free(&e->ms[i]);
        free(e->ms);
        e->ms = NULL;
    }
    e->n = n;
    e->settings = ((MatchObject *)tmpl)->m->s;
    e->damage_coef = dc;
    e->illegal_penalty = ip;
    e->raise_illegal = ri != 0;
    e->autoreset = ar != 0;
    e->ms = alloc_matches(n);
    e->tails = calloc((size_t)n * 2 * YENV_MASK, sizeof(float));
    e->busy = calloc((size_t)n * 2, 1);
    e->chars = calloc((size_t)n * 2, sizeof *e->chars);
    e->halted = calloc((size_t)n, 1);
    if (!e->ms || !e->tails || !e->busy || !e->chars || !e->halted) {
        PyErr_NoMemory();
        return -1;
    }
    e->last_illegal[0] = -1;
    e->last_error[0] = 0;
    return 0;
}

/* bind(obs, rewards, terminals, truncations, ended, results, final_returns, illegal, chars, seeds, hp, turns,
 *      returns): the arrays step() writes (C-contiguous, of the documented shapes) */
static PyObject *env_bind(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    if (PyTuple_Size(args) != B_COUNT) {
        PyErr_Format(PyExc_TypeError, "bind takes %d arrays", B_COUNT);
        return NULL;
    }
    static const Py_ssize_t PER_SLOT[B_COUNT] = {2 * YENV_OBS, 2, 2, 2, 1, NRES, 2, 2, 2, 1, 2, 1, 2};
    Py_buffer b[B_COUNT];
    int got = 0;
    for (int k = 0; k < B_COUNT; k++, got++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(args, k), &b[k], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
            goto fail;
        if (b[k].itemsize != BUF_ITEM[k] || b[k].len != BUF_ITEM[k] * PER_SLOT[k] * e->n) {
            PyErr_Format(PyExc_ValueError, "bind: %s must hold %zd items of %zd bytes", BUF_NAMES[k],
                         PER_SLOT[k] * e->n, BUF_ITEM[k]);
            got++;
            goto fail;
        }
    }
    if (e->bound)
        for (int k = 0; k < B_COUNT; k++) PyBuffer_Release(&e->b[k]);
    memcpy(e->b, b, sizeof b);
    e->bound = true;
    Py_RETURN_NONE;
fail:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return NULL;
}

/* ------------------------------------------------------------------ one slot */
static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void observe(EnvObject *e, Py_ssize_t i) {
    ymatch *m = &e->ms[i];
    int chars[2] = {e->chars[2 * i], e->chars[2 * i + 1]};
    float *obs = OBS(e) + (size_t)i * 2 * YENV_OBS;
    bool busy[2];
    yenv_observe(m, chars, obs, busy);
    for (int p = 0; p < 2; p++) {
        memcpy(e->tails + ((size_t)i * 2 + p) * YENV_MASK, obs + (size_t)p * YENV_OBS + YENV_FEAT, sizeof(float) * YENV_MASK);
        e->busy[2 * i + p] = busy[p];
    }
}

/* Where an env holds more matches than the cache (hundreds a worker), each match's step starts with
 * its lines in memory. The first lines it reads, its masks (the check of the actions) and the lines
 * of its fighters' current states that the chosen moves' legality reads (actions.c: the state's
 * first fields, its busy_interrupt_type and its interrupt exceptions), are asked for while the match
 * before it steps. */
static void prefetch_acting(const EnvObject *e, Py_ssize_t i) {
    const char *tails = (const char *)(e->tails + (size_t)i * 2 * YENV_MASK);
    for (size_t k = 0; k < sizeof(float) * 2 * YENV_MASK; k += 64) __builtin_prefetch(tails + k);
    const yfighter *f = e->ms[i].f;
    for (int p = 0; p < 2; p++) {
        int s = f[p].o.sm.state; /* any value in a slot never reset: only a valid index is followed */
        if (s < 0 || s >= YOMI_MAX_FSTATES) continue;
        const char *st = (const char *)&f[p].states[s];
        __builtin_prefetch(st);
        __builtin_prefetch(st + offsetof(ystate, busy_interrupt_type));
        __builtin_prefetch(st + offsetof(ystate, n_interrupt_exceptions));
    }
}

static void engine_error(EnvObject *e, Py_ssize_t i, const char *when) {
    ymatch *m = &e->ms[i];
    e->engine_errors++;
    snprintf(e->last_error, sizeof e->last_error, "%s vs %s, game seed %lld, turn %lld (%s): C engine: %s",
             yenv_chars[e->chars[2 * i]].name, yenv_chars[e->chars[2 * i + 1]].name, (long long)SEEDS(e)[i],
             (long long)TURNS(e)[i], when, m->errmsg[0] ? m->errmsg : "error");
}

/* start a match in slot i (PythonBackend._start: the next game seed after an engine failure) */
static int start(EnvObject *e, Py_ssize_t i, int c1, int c2, int64_t seed) {
    ymatch *m = &e->ms[i];
    int t1 = yenv_table_of(c1), t2 = yenv_table_of(c2);
    if (t1 < 0 || t2 < 0) { /* in range: reset() and step() checked the indices */
        snprintf(e->last_error, sizeof e->last_error, "the C engine cannot play %s", yenv_chars[t1 < 0 ? c1 : c2].name);
        return -1;
    }
    e->chars[2 * i] = CHARS(e)[2 * i] = c1;
    e->chars[2 * i + 1] = CHARS(e)[2 * i + 1] = c2;
    for (int attempt = 0; attempt < 100; attempt++) {
        SEEDS(e)[i] = seed + attempt;
        TURNS(e)[i] = 0;
        ILLEGAL(e)[2 * i] = ILLEGAL(e)[2 * i + 1] = 0;
        RETURNS(e)[2 * i] = RETURNS(e)[2 * i + 1] = 0.0;
        match_clear(m);
        if (match_create(m, t1, t2, seed + attempt, &e->settings) == 0 && match_iface_advance(m) == 0) {
            if (!m->game_finished && m->turn_open) {
                HP(e)[2 * i] = m->f[0].hp;
                HP(e)[2 * i + 1] = m->f[1].hp;
                observe(e, i);
                return 0;
            }
            snprintf(m->errmsg, sizeof m->errmsg, "the match ended before its first decision");
        }
        engine_error(e, i, "at the start");
    }
    return -1;
}

static void results(EnvObject *e, Py_ssize_t i, int winner, bool ko) {
    ymatch *m = &e->ms[i];
    int64_t *r = RESULTS(e) + (size_t)i * NRES;
    r[R_WINNER] = winner;
    r[R_KO] = ko;
    r[R_TURNS] = TURNS(e)[i];
    r[R_TICKS] = m->current_tick + 1;
    r[R_P1_CHAR] = e->chars[2 * i];
    r[R_P2_CHAR] = e->chars[2 * i + 1];
    r[R_ILLEGAL_P1] = ILLEGAL(e)[2 * i];
    r[R_ILLEGAL_P2] = ILLEGAL(e)[2 * i + 1];
    r[R_SEED] = SEEDS(e)[i];
    r[R_CUT_SHORT] = 0;
}

/* The game's rule at the end of a match (game.gd end_game, commit 4450348): the fighter with more hp
 * wins, equal hp is a draw. A match cut short by an engine error is adjudicated by it, with the hp of
 * the last decision (the failed turn's hp are not trusted), so that steering into an engine error
 * never spares the agent that is behind. */
static int winner_by_hp(int64_t hp1, int64_t hp2) {
    return hp1 > hp2 ? 1 : hp2 > hp1 ? 2 : 0;
}

/* reset(which int8[n], p1 int64[n], p2 int64[n], seeds int64[n]) */
static PyObject *env_reset(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    if (!e->bound) {
        PyErr_SetString(PyExc_RuntimeError, "EnvBatch: bind() the buffers first");
        return NULL;
    }
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Py_buffer b[4];
    static const Py_ssize_t item[4] = {1, 8, 8, 8};
    int got = 0;
    PyObject *ret = NULL;
    for (; got < 4; got++) {
        if (PyObject_GetBuffer(o[got], &b[got], PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) goto out;
        if (b[got].itemsize != item[got] || b[got].len != item[got] * e->n) {
            got++;
            PyErr_SetString(PyExc_ValueError, "reset(which int8[n], p1 int64[n], p2 int64[n], seeds int64[n])");
            goto out;
        }
    }
    const int8_t *which = b[0].buf;
    const int64_t *p1 = b[1].buf, *p2 = b[2].buf, *seeds = b[3].buf;
    for (Py_ssize_t i = 0; i < e->n; i++) /* every index before any slot changes */
        if (which[i] && (p1[i] < 0 || p1[i] >= YENV_N_CHARS || p2[i] < 0 || p2[i] >= YENV_N_CHARS ||
                         yenv_table_of((int)p1[i]) < 0 || yenv_table_of((int)p2[i]) < 0)) {
            PyErr_Format(PyExc_ValueError, "EnvBatch.reset: slot %zd: character index out of range", i);
            goto out;
        }
    for (Py_ssize_t i = 0; i < e->n; i++) {
        if (!which[i]) continue;
        if (start(e, i, (int)p1[i], (int)p2[i], seeds[i]) < 0) {
            PyErr_Format(PyExc_RuntimeError, "EnvBatch: slot %zd: %s", i, e->last_error);
            goto out;
        }
        REW(e)[2 * i] = REW(e)[2 * i + 1] = 0.0f;
        TERM(e)[2 * i] = TERM(e)[2 * i + 1] = 0;
        TRUNC(e)[2 * i] = TRUNC(e)[2 * i + 1] = 0;
        ENDED(e)[i] = 0;
        e->halted[i] = 0;
    }
    ret = Py_None;
    Py_INCREF(ret);
out:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return ret;
}

/* step(actions int32[n*2*NH], next_p1, next_p2, next_seeds int64[n]) -> (status, slot, agent, code)
 * status 0 done; 1 an illegal action with raise_illegal (nothing changed); 2 the engine refused an
 * action the masks allow (a bug: that slot and the later ones did not move); 3 a slot could not restart */
static PyObject *env_step(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    if (!e->bound) {
        PyErr_SetString(PyExc_RuntimeError, "EnvBatch: bind() the buffers first");
        return NULL;
    }
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Py_buffer b[4];
    static const Py_ssize_t item[4] = {4, 8, 8, 8};
    const Py_ssize_t count[4] = {e->n * 2 * YENV_NH, e->n, e->n, e->n};
    int got = 0;
    for (; got < 4; got++) {
        if (PyObject_GetBuffer(o[got], &b[got], PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) break;
        if (b[got].itemsize != item[got] || b[got].len != item[got] * count[got]) {
            got++;
            PyErr_SetString(PyExc_ValueError, "step(actions int32[n*2*heads], next_p1, next_p2, next_seeds int64[n])");
            break;
        }
    }
    if (got < 4 || PyErr_Occurred()) {
        for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
        return NULL;
    }
    const int32_t *actions = b[0].buf;
    const int64_t *np1 = b[1].buf, *np2 = b[2].buf, *nseeds = b[3].buf;
    int status = 0, s_slot = -1, s_agent = -1, s_code = 0;
    for (Py_ssize_t i = 0; i < e->n; i++) { /* nothing runs on a slot never reset or a character unknown */
        if (e->halted[i]) continue; /* a halted slot is skipped by the step below */
        const char *bad = e->ms[i].magic != YOMI_MAGIC ? "was never reset"
                          : (np1[i] < 0 || np1[i] >= YENV_N_CHARS || yenv_table_of((int)np1[i]) < 0 || np2[i] < 0 ||
                             np2[i] >= YENV_N_CHARS || yenv_table_of((int)np2[i]) < 0)
                              ? "has a next character index out of range"
                              : NULL;
        if (bad) {
            for (int k = 0; k < 4; k++) PyBuffer_Release(&b[k]);
            PyErr_Format(PyExc_ValueError, "EnvBatch.step: slot %zd %s", i, bad);
            return NULL;
        }
    }
    e->in_step = true;
    Py_BEGIN_ALLOW_THREADS
    if (e->raise_illegal) {
        for (Py_ssize_t i = 0; i < e->n && !status; i++)
            for (int p = 0; p < 2 && !e->halted[i]; p++) {
                int code = yenv_check(e->chars[2 * i + p], e->tails + ((size_t)i * 2 + p) * YENV_MASK,
                                      actions + ((size_t)i * 2 + p) * YENV_NH);
                if (code) {
                    status = 1, s_slot = (int)i, s_agent = p, s_code = code;
                    break;
                }
            }
    }
    double t0 = now(), t1;
    for (Py_ssize_t i = 0; i < e->n && !status; i++) {
        ymatch *m = &e->ms[i];
        if (i + 1 < e->n) prefetch_acting(e, i + 1);
        ENDED(e)[i] = 0;
        if (e->halted[i]) { /* autoreset off: the match has ended, nothing happens in its slot */
            REW(e)[2 * i] = REW(e)[2 * i + 1] = 0.0f;
            TERM(e)[2 * i] = TERM(e)[2 * i + 1] = 0;
            TRUNC(e)[2 * i] = TRUNC(e)[2 * i + 1] = 0;
            continue;
        }
        double reward[2] = {0.0, 0.0};
        int32_t heads[2][YENV_NH];
        int syms[2];
        ydata data[2];
        yextra extra[2];
        bool fg[2], fa[2];
        for (int p = 0; p < 2; p++) {
            int c = e->chars[2 * i + p];
            const float *tail = e->tails + ((size_t)i * 2 + p) * YENV_MASK;
            memcpy(heads[p], actions + ((size_t)i * 2 + p) * YENV_NH, sizeof heads[p]);
            int code = yenv_check(c, tail, heads[p]);
            if (code) {
                yenv_fallback(c, tail, heads[p]);
                ILLEGAL(e)[2 * i + p]++;
                e->illegal_total++;
                e->last_illegal[0] = (int)i, e->last_illegal[1] = p, e->last_illegal[2] = code;
                reward[p] += e->illegal_penalty;
            }
            yenv_decode(m, p + 1, c, e->busy[2 * i + p], heads[p], &syms[p], &data[p], &extra[p], &fg[p], &fa[p]);
        }
        for (int p = 0; p < 2; p++)
            if (!actions_is_legal(m, &m->f[p], syms[p], fg[p], fa[p])) {
                status = YOK(m) ? 2 : 0, s_slot = (int)i, s_agent = p, s_code = syms[p];
                break;
            }
        if (status) break;
        bool failed = !YOK(m);
        if (!failed) {
            for (int p = 0; p < 2; p++) {
                fighter_on_action_selected(m, &m->f[p], syms[p], &data[p], &extra[p]);
                m->submitted[p] = true;
            }
            match_end_turn(m);
            m->turn_open = false;
            m->submitted[0] = m->submitted[1] = false;
            t1 = now(), e->t_act += t1 - t0, t0 = t1;
            int32_t tick0 = m->current_tick;
            match_iface_advance(m);
            e->ticks += m->current_tick - tick0;
            e->decisions++;
            t1 = now(), e->t_advance += t1 - t0, t0 = t1;
            failed = !YOK(m);
        }
        TURNS(e)[i]++;
        if (failed) { /* PythonBackend._truncated: adjudicated by hp, as the game ends a match */
            engine_error(e, i, "during a turn");
            int w = winner_by_hp(HP(e)[2 * i], HP(e)[2 * i + 1]);
            results(e, i, w, false);
            int64_t *r = RESULTS(e) + (size_t)i * NRES;
            r[R_P1_HP] = HP(e)[2 * i];
            r[R_P2_HP] = HP(e)[2 * i + 1];
            r[R_CUT_SHORT] = 1;
            TURNS(e)[i]--; /* the turn that failed is not counted (the Python backend counts after advance) */
            r[R_TURNS] = TURNS(e)[i];
            reward[0] = reward[1] = 0.0; /* the adjudicated outcome only, as PythonBackend._truncated */
            if (w == 1) reward[0] += 1.0, reward[1] -= 1.0;
            else if (w == 2) reward[0] -= 1.0, reward[1] += 1.0;
            FINAL(e)[2 * i] = RETURNS(e)[2 * i] + reward[0];
            FINAL(e)[2 * i + 1] = RETURNS(e)[2 * i + 1] + reward[1];
            RETURNS(e)[2 * i] += reward[0];
            RETURNS(e)[2 * i + 1] += reward[1];
            REW(e)[2 * i] = (float)reward[0];
            REW(e)[2 * i + 1] = (float)reward[1];
            TERM(e)[2 * i] = TERM(e)[2 * i + 1] = 0;
            TRUNC(e)[2 * i] = TRUNC(e)[2 * i + 1] = 1;
            ENDED(e)[i] = 1;
        } else {
            int32_t hp0 = m->f[0].hp, hp1 = m->f[1].hp;
            if (e->damage_coef != 0.0) {
                int64_t lost0 = HP(e)[2 * i] - hp0, lost1 = HP(e)[2 * i + 1] - hp1;
                reward[0] += e->damage_coef * (double)(lost1 - lost0) / 1500.0;
                reward[1] += e->damage_coef * (double)(lost0 - lost1) / 1500.0;
            }
            HP(e)[2 * i] = hp0;
            HP(e)[2 * i + 1] = hp1;
            bool over = m->game_finished;
            if (over) {
                int w = m->winner;
                if (w == 1) reward[0] += 1.0, reward[1] -= 1.0;
                else if (w == 2) reward[0] -= 1.0, reward[1] += 1.0;
                results(e, i, w, hp0 <= 0 || hp1 <= 0);
                int64_t *r = RESULTS(e) + (size_t)i * NRES;
                r[R_P1_HP] = hp0;
                r[R_P2_HP] = hp1;
                FINAL(e)[2 * i] = RETURNS(e)[2 * i] + reward[0];
                FINAL(e)[2 * i + 1] = RETURNS(e)[2 * i + 1] + reward[1];
                ENDED(e)[i] = 1;
            }
            REW(e)[2 * i] = (float)reward[0];
            REW(e)[2 * i + 1] = (float)reward[1];
            RETURNS(e)[2 * i] += reward[0];
            RETURNS(e)[2 * i + 1] += reward[1];
            TERM(e)[2 * i] = TERM(e)[2 * i + 1] = over;
            TRUNC(e)[2 * i] = TRUNC(e)[2 * i + 1] = 0;
            if (!over) observe(e, i);
            t1 = now(), e->t_observe += t1 - t0, t0 = t1;
        }
        if (ENDED(e)[i] && !e->autoreset) {
            e->halted[i] = 1;
        } else if (ENDED(e)[i] && start(e, i, (int)np1[i], (int)np2[i], nseeds[i]) < 0) {
            status = 3, s_slot = (int)i;
            break;
        }
        t1 = now(), e->t_restart += t1 - t0, t0 = t1;
    }
    Py_END_ALLOW_THREADS
    e->in_step = false;
    for (int k = 0; k < 4; k++) PyBuffer_Release(&b[k]);
    return Py_BuildValue("(iiii)", status, s_slot, s_agent, s_code);
}

/* ------------------------------------------------------------------ clones (integration/search.py) */
static PyTypeObject EnvType;
static const char *settings_diff(const ysettings *a, const ysettings *b);

/* clone_from(src EnvBatch, slots int64[n]): slot i of this batch becomes a copy of src's slot
 * slots[i]: its match (match_copy: the struct and its object pool), the open decision's masks,
 * observations and bookkeeping (characters, seed, hp, turns, illegal counts, returns); its reward,
 * terminal, truncation and ended flags are cleared and it is no longer halted; slots[i] = -1 leaves slot i
 * idle (halted: step() skips it, at no cost). Both batches must be
 * bound and made with the same match settings; nothing changes when an argument is refused. A slot
 * whose copy finds no memory is left idle, and MemoryError is raised after the others are copied. */
static PyObject *env_clone_from(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self, *src;
    PyObject *so, *slots_o;
    if (!PyArg_ParseTuple(args, "O!O", &EnvType, &so, &slots_o)) return NULL;
    src = (EnvObject *)so;
    if (refuse_busy(e) < 0 || refuse_busy(src) < 0) return NULL;
    if (!e->bound || !src->bound) {
        PyErr_SetString(PyExc_RuntimeError, "EnvBatch.clone_from: bind() the buffers of both batches first");
        return NULL;
    }
    const char *field = settings_diff(&src->settings, &e->settings);
    if (field) {
        PyErr_Format(PyExc_ValueError, "EnvBatch.clone_from: the batches have other match settings (%s differs)", field);
        return NULL;
    }
    Py_buffer b;
    if (PyObject_GetBuffer(slots_o, &b, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (b.itemsize != 8 || b.len != 8 * e->n) {
        PyBuffer_Release(&b);
        PyErr_Format(PyExc_ValueError, "EnvBatch.clone_from: slots must be int64[%zd]", e->n);
        return NULL;
    }
    const int64_t *slots = b.buf;
    for (Py_ssize_t i = 0; i < e->n; i++)
        if (slots[i] != -1 && (slots[i] < 0 || slots[i] >= src->n || src->ms[slots[i]].magic != YOMI_MAGIC || src->halted[slots[i]])) {
            PyBuffer_Release(&b);
            PyErr_Format(PyExc_ValueError, "EnvBatch.clone_from: source slot %lld is out of range, never reset or "
                         "halted", (long long)slots[i]);
            return NULL;
        }
    if (e == src) { /* copying within one batch would read slots already overwritten */
        PyBuffer_Release(&b);
        PyErr_SetString(PyExc_ValueError, "EnvBatch.clone_from: the source must be another batch");
        return NULL;
    }
    e->in_step = src->in_step = true; /* both are read or written without the GIL below */
    bool out_of_memory = false;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < e->n; i++) {
        Py_ssize_t j = (Py_ssize_t)slots[i];
        if (j == -1) { /* an idle slot: halted, step() leaves it alone */
            ENDED(e)[i] = 0;
            e->halted[i] = 1;
            continue;
        }
        if (match_copy(&e->ms[i], &src->ms[j]) < 0) { /* e->ms[i] is all zeros: idle it */
            out_of_memory = true;
            ENDED(e)[i] = 0;
            e->halted[i] = 1;
            continue;
        }
        memcpy(e->tails + (size_t)i * 2 * YENV_MASK, src->tails + (size_t)j * 2 * YENV_MASK,
               sizeof(float) * 2 * YENV_MASK);
        e->busy[2 * i] = src->busy[2 * j], e->busy[2 * i + 1] = src->busy[2 * j + 1];
        memcpy(OBS(e) + (size_t)i * 2 * YENV_OBS, OBS(src) + (size_t)j * 2 * YENV_OBS, sizeof(float) * 2 * YENV_OBS);
        for (int p = 0; p < 2; p++) {
            e->chars[2 * i + p] = src->chars[2 * j + p];
            CHARS(e)[2 * i + p] = src->chars[2 * j + p];
            HP(e)[2 * i + p] = HP(src)[2 * j + p];
            ILLEGAL(e)[2 * i + p] = ILLEGAL(src)[2 * j + p];
            RETURNS(e)[2 * i + p] = RETURNS(src)[2 * j + p];
            REW(e)[2 * i + p] = 0.0f;
            TERM(e)[2 * i + p] = TRUNC(e)[2 * i + p] = 0;
        }
        SEEDS(e)[i] = SEEDS(src)[j];
        TURNS(e)[i] = TURNS(src)[j];
        ENDED(e)[i] = 0;
        e->halted[i] = 0;
    }
    Py_END_ALLOW_THREADS
    e->in_step = src->in_step = false;
    PyBuffer_Release(&b);
    if (out_of_memory) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ inspection (tests, wrappers) */
static ymatch *slot_of(EnvObject *e, PyObject *io) {
    Py_ssize_t i = PyLong_AsSsize_t(io);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= e->n || e->ms[i].magic != YOMI_MAGIC) {
        PyErr_Format(PyExc_IndexError, "slot %zd out of range or never reset", i);
        return NULL;
    }
    return &e->ms[i];
}

/* match(i) -> yomi._native.Match: a copy of slot i's match (its state(), legal_actions()...) */
static PyObject *env_match(PyObject *self, PyObject *io) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    ymatch *m = slot_of(e, io);
    if (!m) return NULL;
    const int16_t *ch = e->chars + 2 * PyLong_AsSsize_t(io);
    PyObject *copy = PyObject_CallFunction(MATCH_TYPE, "ssi", yenv_chars[ch[0]].name, yenv_chars[ch[1]].name, 0);
    if (!copy) return NULL;
    if (match_copy(((MatchObject *)copy)->m, m) < 0) {
        Py_DECREF(copy);
        return PyErr_NoMemory();
    }
    return copy;
}

static PyObject *leaf_value(uint8_t kind, int32_t v) {
    switch (kind) {
    case YD_INT: return PyLong_FromLong(v);
    case YD_BOOL: return PyBool_FromLong(v);
    case YD_STR: return PyUnicode_FromString(sym_text(v));
    default: Py_RETURN_NONE;
    }
}

static PyObject *data_value(const ydata *d) {
    if (d->kind == YD_NONE) Py_RETURN_NONE;
    if (d->kind != YD_DICT) return leaf_value(d->kind, d->i);
    PyObject *out = PyDict_New();
    for (int k = 0; out && k < d->n; k++) {
        const ydata_leaf *l = &d->e[k];
        PyObject *v = leaf_value(l->kind, l->v);
        if (l->k2 == SYM_NONE) {
            PyDict_SetItemString(out, sym_text(l->k1), v);
        } else {
            PyObject *sub = PyDict_GetItemString(out, sym_text(l->k1));
            if (!sub) {
                sub = PyDict_New();
                PyDict_SetItemString(out, sym_text(l->k1), sub);
                Py_DECREF(sub);
            }
            PyDict_SetItemString(sub, sym_text(l->k2), v);
        }
        Py_XDECREF(v);
    }
    return out;
}

static PyObject *extra_value(int table, const yextra *x) {
    PyObject *out = PyDict_New();
    const yomi_char *chr = fighter_char(table);
    int n = YX_CHAR0 + (chr ? chr->n_extras : 0);
    for (int k = 0; out && k < n; k++) {
        if (!yx_has(x, k)) continue;
        static const char *COMMON[] = {"DI", "reverse", "feint", "prediction"};
        const char *name = k < YX_CHAR0 ? COMMON[k] : chr->extras[k - YX_CHAR0].name;
        int shape = k == YX_DI ? YXS_DIR : k == YX_PREDICTION ? YXS_INT : k < YX_CHAR0 ? YXS_BOOL
                                                                                      : chr->extras[k - YX_CHAR0].shape;
        PyObject *v;
        if (yx_null(x, k)) v = Py_NewRef(Py_None);
        else if (shape == YXS_BOOL) v = PyBool_FromLong(yx_bool(x, k));
        else if (shape == YXS_INT) v = PyLong_FromLong(x->x[k]);
        else v = Py_BuildValue("{s:i,s:i}", "x", x->x[k], "y", x->y[k]);
        PyDict_SetItemString(out, name, v);
        Py_XDECREF(v);
    }
    return out;
}

/* decode(i, player, heads) -> (action, data, extra) at slot i's open decision (as step() submits them) */
static PyObject *env_decode(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    PyObject *io, *heads_o;
    int player;
    if (!PyArg_ParseTuple(args, "OiO", &io, &player, &heads_o)) return NULL;
    ymatch *m = slot_of(e, io);
    if (!m) return NULL;
    Py_ssize_t i = PyLong_AsSsize_t(io);
    if (player != 1 && player != 2) {
        PyErr_SetString(PyExc_ValueError, "player must be 1 or 2");
        return NULL;
    }
    int32_t heads[YENV_NH];
    PyObject *seq = PySequence_Fast(heads_o, "heads must be a sequence");
    if (!seq) return NULL;
    if (PySequence_Fast_GET_SIZE(seq) != YENV_NH) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "heads must have %d values", YENV_NH);
        return NULL;
    }
    for (int k = 0; k < YENV_NH; k++) heads[k] = (int32_t)PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
    Py_DECREF(seq);
    if (PyErr_Occurred()) return NULL;
    if (heads[0] < 0 || heads[0] >= YENV_K1) {
        PyErr_SetString(PyExc_ValueError, "move index out of range");
        return NULL;
    }
    int c = (int)e->chars[2 * i + player - 1];
    int sym;
    ydata data;
    yextra extra;
    bool fg, fa;
    int r = yenv_decode(m, player, c, e->busy[2 * i + player - 1], heads, &sym, &data, &extra, &fg, &fa);
    if (r < 0) {
        PyErr_SetString(PyExc_ValueError, r == -1 ? "no such move for this character" : "a head value is out of range");
        return NULL;
    }
    return Py_BuildValue("(sNN)", sym == SYM_Continue ? "Continue" : sym_text(sym), data_value(&data),
                         extra_value(yenv_table_of(c), &extra));
}

static PyObject *env_check(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    Py_ssize_t i;
    int player;
    PyObject *heads_o;
    if (!PyArg_ParseTuple(args, "niO", &i, &player, &heads_o)) return NULL;
    if (i < 0 || i >= e->n || (player != 1 && player != 2)) {
        PyErr_SetString(PyExc_IndexError, "slot or player out of range");
        return NULL;
    }
    int32_t heads[YENV_NH];
    for (int k = 0; k < YENV_NH; k++) {
        PyObject *v = PySequence_GetItem(heads_o, k);
        if (!v) return NULL;
        heads[k] = (int32_t)PyLong_AsLong(v);
        Py_DECREF(v);
    }
    return PyLong_FromLong(yenv_check((int)e->chars[2 * i + player - 1], e->tails + ((size_t)i * 2 + player - 1) * YENV_MASK, heads));
}

static PyObject *env_halted(PyObject *self, PyObject *unused) {
    (void)unused;
    EnvObject *e = (EnvObject *)self;
    return PyBytes_FromStringAndSize((const char *)e->halted, e->n);
}

static PyObject *env_counters(PyObject *self, PyObject *unused) {
    (void)unused;
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    PyObject *last = e->last_illegal[0] < 0 ? Py_NewRef(Py_None)
                                            : Py_BuildValue("(iii)", e->last_illegal[0], e->last_illegal[1], e->last_illegal[2]);
    return Py_BuildValue("{s:L,s:L,s:N,s:s,s:{s:d,s:d,s:d,s:d},s:L,s:L}", "illegal_total", e->illegal_total,
                         "engine_errors", e->engine_errors, "last_illegal", last, "last_error", e->last_error, "seconds",
                         "act", e->t_act, "advance", e->t_advance, "observe", e->t_observe, "restart", e->t_restart,
                         "ticks", e->ticks, "decisions", e->decisions);
}

static PyObject *env_sizes(PyObject *self, PyObject *unused) {
    (void)self, (void)unused;
    return Py_BuildValue("{s:i,s:i,s:i,s:i,s:i,s:i,s:i}", "obs", YENV_OBS, "features", YENV_FEAT, "mask", YENV_MASK,
                         "heads", YENV_NH, "K1", YENV_K1, "D", YENV_D, "match_bytes", (int)sizeof(ymatch));
}

static PyObject *env_missing_keys(PyObject *self, PyObject *unused) {
    (void)self, (void)unused;
    const char *keys[16];
    int n = yenv_missing_keys(keys, 16);
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++) PyList_SET_ITEM(out, i, PyUnicode_FromString(keys[i]));
    return out;
}

/* ------------------------------------------------------------------ snapshots (get_state / set_state)
 * A snapshot is bytes: a header, then the payload:
 *   header (56 bytes, native byte order): magic "YOMIENV\0", u32 format version, u32 header size,
 *     u64 build fingerprint, u64 batch size, u64 sizeof(ymatch), u64 payload size, u64 payload checksum
 *   payload: the env's scalars (settings, shaping, counters), the open decisions' masks and busy
 *     flags, then every match exported (match_export: its table pointers as stable codes, then its
 *     object pool's slots; so a match takes sizeof(ymatch) bytes or more, its own length in it).
 * The arrays bound with bind() are Python's (integration/env/env.py's CBackend saves them). */
#define SNAP_VERSION 2
static const char SNAP_MAGIC[8] = "YOMIENV";

typedef struct {
    char magic[8];
    uint32_t version, header_bytes;
    uint64_t fingerprint, n, match_bytes, payload_bytes, checksum;
} snap_header;
_Static_assert(sizeof(snap_header) == 56, "the header has no padding");

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

static const char *settings_diff(const ysettings *a, const ysettings *b) {
#define X(f) if (a->f != b->f) return #f;
    SETTINGS_FIELDS
#undef X
    return NULL;
}

typedef struct {
    ysettings settings;
    double damage_coef, illegal_penalty;
    int64_t raise_illegal, illegal_total, engine_errors, ticks, decisions;
    int64_t last_illegal[3];
    char last_error[512];
} snap_scalars;

/* the payload before the matches */
static size_t snap_fixed_bytes(Py_ssize_t n) {
    return sizeof(snap_scalars) + (size_t)n * 2 * YENV_MASK * sizeof(float) + (size_t)n * 2;
}

/* the engine's fingerprint and this file's layout (the env's tables and the payload's parts) */
static uint64_t snap_fingerprint(void) {
    const uint64_t parts[] = {match_layout_fingerprint(), sizeof(snap_scalars), YENV_OBS, YENV_MASK, YENV_NH,
                              YENV_N_CHARS};
    return snapshot_checksum(parts, sizeof parts);
}

/* get_state() -> bytes: everything that decides the batch's future steps, except the bound arrays.
 * Not the profiling seconds (this process's wall time): equal batches give equal bytes. */
static PyObject *env_get_state(PyObject *self, PyObject *unused) {
    (void)unused;
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    if (!e->autoreset) {
        PyErr_SetString(PyExc_ValueError, "EnvBatch.get_state: a batch made with autoreset=False (a search's "
                                          "scratch batch) has no snapshot");
        return NULL;
    }
    size_t payload = snap_fixed_bytes(e->n);
    for (Py_ssize_t i = 0; i < e->n; i++) payload += match_export_bytes(&e->ms[i]);
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(sizeof(snap_header) + payload));
    if (!out) return NULL;
    char *p = PyBytes_AS_STRING(out) + sizeof(snap_header), *body = p;
    snap_scalars sc;
    memset(&sc, 0, sizeof sc);
    settings_canon(&sc.settings, &e->settings);
    sc.damage_coef = e->damage_coef, sc.illegal_penalty = e->illegal_penalty, sc.raise_illegal = e->raise_illegal;
    sc.illegal_total = e->illegal_total, sc.engine_errors = e->engine_errors, sc.ticks = e->ticks;
    sc.decisions = e->decisions;
    for (int k = 0; k < 3; k++) sc.last_illegal[k] = e->last_illegal[k];
    memcpy(sc.last_error, e->last_error, sizeof sc.last_error);
    memcpy(p, &sc, sizeof sc), p += sizeof sc;
    memcpy(p, e->tails, (size_t)e->n * 2 * YENV_MASK * sizeof(float)), p += (size_t)e->n * 2 * YENV_MASK * sizeof(float);
    memcpy(p, e->busy, (size_t)e->n * 2), p += (size_t)e->n * 2;
    char err[200];
    for (Py_ssize_t i = 0; i < e->n; i++) {
        if (match_export(&e->ms[i], p, err, sizeof err) < 0) {
            Py_DECREF(out);
            PyErr_Format(PyExc_RuntimeError, "EnvBatch.get_state: slot %zd: %s", i, err);
            return NULL;
        }
        p += match_export_bytes(&e->ms[i]);
    }
    snap_header h;
    memset(&h, 0, sizeof h);
    memcpy(h.magic, SNAP_MAGIC, sizeof h.magic);
    h.version = SNAP_VERSION, h.header_bytes = sizeof h, h.fingerprint = snap_fingerprint();
    h.n = (uint64_t)e->n, h.match_bytes = sizeof(ymatch), h.payload_bytes = payload;
    h.checksum = snapshot_checksum(body, payload);
    memcpy(PyBytes_AS_STRING(out), &h, sizeof h);
    return out;
}

/* the header and the configuration against this batch: NULL when it may be loaded, else why not */
static const char *snap_refusal(EnvObject *e, const char *buf, size_t len, char *why, size_t whylen) {
    snap_header h;
    if (len < sizeof h) {
        snprintf(why, whylen, "truncated: %zu bytes, shorter than the %zu-byte header", len, sizeof h);
        return why;
    }
    memcpy(&h, buf, sizeof h);
    /* the payload the matches' own lengths make (each match says how long it is); 0 when the bytes end first */
    size_t payload = snap_fixed_bytes(e->n);
    for (Py_ssize_t i = 0; i < e->n && payload; i++) {
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
    else if (h.n != (uint64_t)e->n)
        snprintf(why, whylen, "a snapshot of %llu matches, this EnvBatch has %zd", (unsigned long long)h.n, e->n);
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
        snap_scalars sc;
        memcpy(&sc, buf + sizeof h, sizeof sc);
        const char *field = settings_diff(&sc.settings, &e->settings);
        if (field)
            snprintf(why, whylen, "made with other match settings (%s differs)", field);
        else if (sc.damage_coef != e->damage_coef)
            snprintf(why, whylen, "made with damage shaping %g, this EnvBatch has %g", sc.damage_coef, e->damage_coef);
        else if (sc.illegal_penalty != e->illegal_penalty)
            snprintf(why, whylen, "made with illegal_penalty %g, this EnvBatch has %g", sc.illegal_penalty,
                     e->illegal_penalty);
        else if (sc.raise_illegal != e->raise_illegal)
            snprintf(why, whylen, "made with raise_illegal=%d, this EnvBatch has %d", (int)sc.raise_illegal,
                     (int)e->raise_illegal);
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
static int mask_refusal(ymatch *m, const int16_t *chars16, const char *tails, const char *busy, Py_ssize_t i,
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

/* set_state(bytes, chars=None): the batch becomes the snapshot's; on any mismatch or corruption,
 * ValueError and the batch is unchanged (every match is checked in a new buffer before anything is
 * replaced). The characters of each slot come from its match; chars (int64[n, 2], the bound array's
 * saved values), when given, must agree with them. */
static PyObject *env_set_state(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    PyObject *arg, *chars_o = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &arg, &chars_o)) return NULL;
    Py_buffer cb = {0};
    if (chars_o != Py_None) {
        if (PyObject_GetBuffer(chars_o, &cb, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
        if (cb.itemsize != 8 || cb.len != 8 * 2 * e->n) {
            PyBuffer_Release(&cb);
            PyErr_SetString(PyExc_ValueError, "EnvBatch.set_state: chars must be int64[n, 2]");
            return NULL;
        }
    }
    PyObject *ret = NULL;
    int16_t *chars = calloc((size_t)e->n * 2, sizeof *chars);
    if (!chars) {
        if (cb.buf) PyBuffer_Release(&cb);
        return PyErr_NoMemory();
    }
    Py_buffer b;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0) goto done;
    const char *buf = b.buf;
    char why[300], err[200];
    if (snap_refusal(e, buf, (size_t)b.len, why, sizeof why)) {
        PyBuffer_Release(&b);
        PyErr_Format(PyExc_ValueError, "EnvBatch.set_state: %s", why);
        goto done;
    }
    const char *p = buf + sizeof(snap_header);
    snap_scalars sc;
    memcpy(&sc, p, sizeof sc), p += sizeof sc;
    const char *tails = p, *busy = tails + (size_t)e->n * 2 * YENV_MASK * sizeof(float);
    const char *matches = busy + (size_t)e->n * 2, *end = buf + b.len;
    ymatch *ms = alloc_matches(e->n);
    if (!ms) {
        PyBuffer_Release(&b);
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < e->n; i++) { /* each match says its length; together they fill the payload */
        size_t bytes = match_portable_bytes(matches, (size_t)(end - matches), err, sizeof err);
        if (!bytes || (i == e->n - 1 && matches + bytes != end) ||
            match_import(&ms[i], matches, bytes, err, sizeof err) < 0) {
            if (bytes && i == e->n - 1 && matches + bytes != end)
                snprintf(err, sizeof err, "%zu bytes after the last match", (size_t)(end - matches - (ptrdiff_t)bytes));
            for (Py_ssize_t k = 0; k < i; k++) match_free(&ms[k]);
            free(ms);
            PyBuffer_Release(&b);
            PyErr_Format(PyExc_ValueError, "EnvBatch.set_state: slot %zd: %s", i, err);
            goto done;
        }
        matches += bytes;
        for (int p = 0; p < 2 && ms[i].magic == YOMI_MAGIC; p++) {
            int c = char_of_table(ms[i].f[p].o.table);
            const int64_t *given = cb.buf;
            if (c < 0 || (given && given[2 * i + p] != c)) {
                for (Py_ssize_t k = 0; k <= i; k++) match_free(&ms[k]);
                free(ms);
                PyBuffer_Release(&b);
                PyErr_Format(PyExc_ValueError, "EnvBatch.set_state: slot %zd: P%d's character %s", i, p + 1,
                             c < 0 ? "cannot be played here" : "differs from the saved chars");
                goto done;
            }
            chars[2 * i + p] = (int16_t)c;
        }
        /* the stored masks and busy flags of the open decisions are what the match itself gives
         * (observe() wrote them from it): recomputed from the imported match and compared, so that a
         * snapshot whose match was changed under its masks (a stance, a state) is refused here
         * rather than refusing at the next step an action those masks allow */
        if (ms[i].magic == YOMI_MAGIC && mask_refusal(&ms[i], chars + 2 * i, tails, busy, i, err, sizeof err)) {
            for (Py_ssize_t k = 0; k <= i; k++) match_free(&ms[k]);
            free(ms);
            PyBuffer_Release(&b);
            PyErr_Format(PyExc_ValueError, "EnvBatch.set_state: slot %zd: %s", i, err);
            goto done;
        }
    }
    /* nothing can fail from here on */
    for (Py_ssize_t i = 0; i < e->n; i++) match_free(&e->ms[i]);
    free(e->ms);
    e->ms = ms;
    free(e->chars);
    e->chars = chars;
    chars = NULL;
    memcpy(e->tails, tails, (size_t)e->n * 2 * YENV_MASK * sizeof(float));
    memcpy(e->busy, busy, (size_t)e->n * 2);
    PyBuffer_Release(&b); /* tails and busy were read from it */
    e->illegal_total = sc.illegal_total, e->engine_errors = sc.engine_errors, e->ticks = sc.ticks;
    e->decisions = sc.decisions;
    for (int k = 0; k < 3; k++) e->last_illegal[k] = (int)sc.last_illegal[k];
    memcpy(e->last_error, sc.last_error, sizeof e->last_error);
    e->last_error[sizeof e->last_error - 1] = 0;
    ret = Py_NewRef(Py_None);
done:
    free(chars);
    if (cb.buf) PyBuffer_Release(&cb);
    return ret;
}

/* for tests and tools: the checksum of the header and where the pointer codes sit in a match */
static PyObject *env_snapshot_checksum(PyObject *self, PyObject *arg) {
    (void)self;
    Py_buffer b;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0) return NULL;
    uint64_t h = snapshot_checksum(b.buf, (size_t)b.len);
    PyBuffer_Release(&b);
    return PyLong_FromUnsignedLongLong(h);
}

static PyObject *env_snapshot_layout(PyObject *self, PyObject *unused) {
    (void)self, (void)unused;
    PyObject *out = Py_BuildValue(
        "{s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n}", "header", (Py_ssize_t)sizeof(snap_header), "scalars",
        (Py_ssize_t)sizeof(snap_scalars), "mask", (Py_ssize_t)YENV_MASK, "match", (Py_ssize_t)sizeof(ymatch),
        "fighter_chr", (Py_ssize_t)offsetof(ymatch, f[0].chr), "fighter_states", (Py_ssize_t)offsetof(ymatch, f[0].states),
        "state", (Py_ssize_t)sizeof(ystate), "state_st", (Py_ssize_t)offsetof(ystate, st), "object_cls",
        (Py_ssize_t)offsetof(ymatch, objs[0].vt), "object", (Py_ssize_t)sizeof(yproj), "hitbox", (Py_ssize_t)sizeof(yhitbox));
    if (!out) return NULL;
    /* where the counts, indices and symbols sit (offset in a match, size in bytes): P1's, and object
     * slot 0's (add k * "object" for slot k; P1's hitbox k: add k * "hitbox" to hit_n / hit_objects), for tests
     * that craft snapshots */
#define FIELD(name, member) {name, offsetof(ymatch, member), sizeof(((ymatch *)0)->member)}
    static const struct {
        const char *name;
        size_t off, size;
    } fields[] = {
        FIELD("n_spawned", n_spawned), FIELD("n_objs", n_objs), FIELD("order", order[0]), FIELD("n_gone", n_gone),
        FIELD("err", err), FIELD("n_parried", f[0].n_parried), FIELD("parried", f[0].parried_hitboxes[0]), FIELD("n_combo_moves", f[0].n_combo_moves),
        FIELD("n_hold_restarts", f[0].n_hold_restarts), FIELD("n_hold_force", f[0].n_hold_force),
        FIELD("stance", f[0].stance), FIELD("hp", f[0].hp), FIELD("queued_action", f[0].queued_action), FIELD("n_states", f[0].o.n_states),
        FIELD("n_hitboxes", f[0].o.n_hitboxes), FIELD("n_hurtstates", f[0].o.n_hurtstates),
        FIELD("n_limbs", f[0].o.n_limbs), FIELD("n_conns", f[0].o.n_conns), FIELD("data_n", f[0].o.data_cur.n),
        FIELD("data_kind", f[0].o.data_cur.kind), FIELD("creator", f[0].o.creator), FIELD("sm_state", f[0].o.sm.state),
        FIELD("vars_off", f[0].states[0].vars_off), FIELD("current_hurtbox", f[0].states[0].current_hurtbox),
        FIELD("super_level", f[0].states[0].super_level_), FIELD("supers_used", f[0].states[0].supers_used_),
        FIELD("hit_n", f[0].hitboxes[0].n_hit), FIELD("hit_objects", f[0].hitboxes[0].hit_objects[0]),
        FIELD("facing", f[0].o.chara.facing),
        FIELD("is_fighter", f[0].o.is_fighter), FIELD("hbd_host", f[0].hitbox_data.host),
        FIELD("object_number", objs[0].o.number), FIELD("object_creator", objs[0].o.creator),
        FIELD("object_is_fighter", objs[0].o.is_fighter), FIELD("object_n_states", objs[0].o.n_states),
        FIELD("object_sm_state", objs[0].o.sm.state), FIELD("slot_used", slot_used[0]), FIELD("pool", pool),
    };
#undef FIELD
    PyObject *d = PyDict_New();
    for (size_t i = 0; d && i < sizeof fields / sizeof fields[0]; i++) {
        PyObject *v = Py_BuildValue("(nn)", (Py_ssize_t)fields[i].off, (Py_ssize_t)fields[i].size);
        if (!v || PyDict_SetItemString(d, fields[i].name, v) < 0) Py_CLEAR(d);
        Py_XDECREF(v);
    }
    if (!d || PyDict_SetItemString(out, "fields", d) < 0) {
        Py_XDECREF(d);
        Py_DECREF(out);
        return NULL;
    }
    Py_DECREF(d);
    return out;
}

static PyMethodDef ENV_METHODS[] = {
    {"snapshot_checksum", env_snapshot_checksum, METH_O | METH_STATIC,
     "snapshot_checksum(data) -> the checksum get_state() puts in its header (over the payload)"},
    {"snapshot_layout", env_snapshot_layout, METH_NOARGS | METH_STATIC,
     "snapshot_layout() -> byte sizes and offsets of a snapshot's parts (tests craft snapshots with them)"},
    {"get_state", env_get_state, METH_NOARGS,
     "get_state() -> bytes: a snapshot of every match, the masks of the open decisions, the counters "
     "(portable across processes of the same build; the bound arrays are not included)"},
    {"set_state", env_set_state, METH_VARARGS,
     "set_state(snapshot, chars=None): restore get_state()'s bytes; ValueError (and no change) on any mismatch or "
     "corruption, or when chars (int64[n, 2]) disagree with the matches' characters"},
    {"bind", env_bind, METH_VARARGS, "bind(obs, rewards, terminals, truncations, ended, results, final_returns, "
                                     "illegal, chars, seeds, hp, turns, returns)"},
    {"reset", env_reset, METH_VARARGS, "reset(which int8[n], p1 int64[n], p2 int64[n], seeds int64[n])"},
    {"step", env_step, METH_VARARGS, "step(actions int32[n*2*heads], next_p1, next_p2, next_seeds) -> (status, slot, agent, code)"},
    {"clone_from", env_clone_from, METH_VARARGS,
     "clone_from(src EnvBatch, slots int64[n]): slot i becomes a copy of src's slot slots[i] (match, masks, "
     "observations, bookkeeping), not halted; slots[i] = -1: slot i idles (halted)"},
    {"halted", env_halted, METH_NOARGS, "halted() -> bytes of n flags: with autoreset=False, the slots whose match ended"},
    {"match", env_match, METH_O, "match(i) -> yomi._native.Match: a copy of slot i's match"},
    {"decode", env_decode, METH_VARARGS, "decode(i, player, heads) -> (action, data, extra)"},
    {"check", env_check, METH_VARARGS, "check(i, player, heads) -> 0 if legal, else a code"},
    {"counters", env_counters, METH_NOARGS, "counters() -> dict"},
    {"sizes", env_sizes, METH_NOARGS | METH_STATIC, "sizes() -> the layout sizes compiled in"},
    {"missing_keys", env_missing_keys, METH_NOARGS | METH_STATIC,
     "missing_keys() -> data keys the C engine has no symbol for (no C code reads them; left out of the data)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EnvType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "yomi._native.EnvBatch",
    .tp_basicsize = sizeof(EnvObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "EnvBatch(n, template, damage_coef=0.0, illegal_penalty=0.0, raise_illegal=False, autoreset=True): "
              "the C part of YomiEnv (autoreset=False: an ended match stays ended, for the search's clones).",
    .tp_new = PyType_GenericNew,
    .tp_init = env_init,
    .tp_dealloc = env_dealloc,
    .tp_methods = ENV_METHODS,
};

/* Adds EnvBatch to the module (after yomi_register_match: it needs the Match type). */
int yomi_register_env(PyObject *module) {
    MATCH_TYPE = PyObject_GetAttrString(module, "Match");
    if (!MATCH_TYPE) return -1;
    if (PyType_Ready(&EnvType) < 0) return -1;
    Py_INCREF(&EnvType);
    if (PyModule_AddObject(module, "EnvBatch", (PyObject *)&EnvType) < 0) return -1;
    return 0;
}
