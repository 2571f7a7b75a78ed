/* CPython binding of the environment's C part: yomi._native.EnvBatch (integration/env/backends.py's CBackend
 * calls it; the batch it wraps, csrc/env/batch.c, mirrors integration/env/backends.py's PythonBackend).
 *
 * EnvBatch(n, template, damage_coef=0.0, illegal_penalty=0.0, raise_illegal=False, autoreset=True) holds n matches;
 * ``template`` is a yomi._native.Match whose settings every match uses. The Python side binds its
 * buffers once (PufferLib's observations / rewards / terminals / truncations and the per-slot
 * bookkeeping arrays), then each step() is one call of yenv_batch_step for every match, without the
 * GIL. This file only parses arguments, wraps the arrays, releases the GIL and turns the batch's
 * outcomes into Python values and exceptions; what a step does is batch.c's. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "batch.h"
#include "env.h"
#include "env_c.h"
#include "py_match.h"

static PyObject *MATCH_TYPE; /* yomi._native.Match */

typedef struct {
    PyObject_HEAD
    yenv_batch b;
    Py_buffer bufs[YB_COUNT]; /* the bound arrays, held while bound (b.buf points into them) */
    bool in_step;             /* step() or clone_from() is running without the GIL: every other call is refused */
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

static int refuse_unbound(EnvObject *e) {
    if (e->b.bound) return 0;
    PyErr_SetString(PyExc_RuntimeError, "EnvBatch: bind() the buffers first");
    return -1;
}

static void release_buffers(EnvObject *e) {
    if (e->b.bound)
        for (int k = 0; k < YB_COUNT; k++) PyBuffer_Release(&e->bufs[k]);
    e->b.bound = false;
}

static void env_dealloc(PyObject *self) {
    EnvObject *e = (EnvObject *)self;
    release_buffers(e);
    yenv_batch_free(&e->b);
    Py_TYPE(self)->tp_free(self);
}

static int env_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"n", "template", "damage_coef", "illegal_penalty", "raise_illegal", "autoreset", NULL};
    EnvObject *e = (EnvObject *)self;
    Py_ssize_t n;
    PyObject *tmpl;
    double dc = 0.0, ip = 0.0;
    int ri = 0, ar = 1;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nO|ddpp", kwlist, &n, &tmpl, &dc, &ip, &ri, &ar)) return -1;
    if (refuse_busy(e) < 0) return -1;
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
    release_buffers(e); /* __init__ again: the arrays were bound for the old batch */
    if (yenv_batch_init(&e->b, n, &((MatchObject *)tmpl)->m->s, dc, ip, ri != 0, ar != 0) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* bind(obs, rewards, terminals, truncations, ended, results, final_returns, illegal, chars, seeds, hp, turns,
 *      returns): the arrays step() writes (C-contiguous, of the documented shapes) */
static PyObject *env_bind(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    if (PyTuple_Size(args) != YB_COUNT) {
        PyErr_Format(PyExc_TypeError, "bind takes %d arrays", YB_COUNT);
        return NULL;
    }
    Py_buffer b[YB_COUNT];
    int got = 0;
    for (int k = 0; k < YB_COUNT; k++, got++) {
        if (PyObject_GetBuffer(PyTuple_GET_ITEM(args, k), &b[k], PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
            goto fail;
        Py_ssize_t item = (Py_ssize_t)yenv_buffer_item[k], count = (Py_ssize_t)yenv_buffer_per_slot[k] * e->b.n;
        if (b[k].itemsize != item || b[k].len != item * count) {
            PyErr_Format(PyExc_ValueError, "bind: %s must hold %zd items of %zd bytes", yenv_buffer_names[k], count,
                         item);
            got++;
            goto fail;
        }
    }
    release_buffers(e);
    memcpy(e->bufs, b, sizeof b);
    yenv_buffers buf = {
        .obs = b[YB_OBS].buf, .rewards = b[YB_REWARDS].buf, .terminals = b[YB_TERMINALS].buf,
        .truncations = b[YB_TRUNCATIONS].buf, .ended = b[YB_ENDED].buf, .results = b[YB_RESULTS].buf,
        .final_returns = b[YB_FINAL_RETURNS].buf, .illegal = b[YB_ILLEGAL].buf, .chars = b[YB_CHARS].buf,
        .seeds = b[YB_SEEDS].buf, .hp = b[YB_HP].buf, .turns = b[YB_TURNS].buf, .returns = b[YB_RETURNS].buf,
    };
    yenv_batch_bind(&e->b, &buf);
    Py_RETURN_NONE;
fail:
    for (int k = 0; k < got; k++) PyBuffer_Release(&b[k]);
    return NULL;
}

/* The four arrays of reset() and step(): C-contiguous, item[k] bytes an item, count[k] items; 0, or -1
 * with `usage` raised as a ValueError (nothing held then). */
static int get_arrays(PyObject *const *o, Py_buffer *b, const Py_ssize_t *item, const Py_ssize_t *count,
                      const char *usage) {
    for (int got = 0; got < 4; got++) {
        if (PyObject_GetBuffer(o[got], &b[got], PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0 ||
            b[got].itemsize != item[got] || b[got].len != item[got] * count[got]) {
            int held = PyErr_Occurred() ? got : got + 1;
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, usage);
            for (int k = 0; k < held; k++) PyBuffer_Release(&b[k]);
            return -1;
        }
    }
    return 0;
}

static void release4(Py_buffer *b) {
    for (int k = 0; k < 4; k++) PyBuffer_Release(&b[k]);
}

/* reset(which int8[n], p1 int64[n], p2 int64[n], seeds int64[n]) */
static PyObject *env_reset(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0 || refuse_unbound(e) < 0) return NULL;
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Py_buffer b[4];
    static const Py_ssize_t item[4] = {1, 8, 8, 8};
    const Py_ssize_t count[4] = {e->b.n, e->b.n, e->b.n, e->b.n};
    if (get_arrays(o, b, item, count, "reset(which int8[n], p1 int64[n], p2 int64[n], seeds int64[n])") < 0)
        return NULL;
    char err[600];
    int r = yenv_batch_reset(&e->b, b[0].buf, b[1].buf, b[2].buf, b[3].buf, err, sizeof err);
    release4(b);
    if (r == -1) return PyErr_Format(PyExc_ValueError, "EnvBatch.reset: %s", err);
    if (r < 0) return PyErr_Format(PyExc_RuntimeError, "EnvBatch: %s", err);
    Py_RETURN_NONE;
}

/* step(actions int32[n*2*NH], next_p1, next_p2, next_seeds int64[n]) -> (status, slot, agent, code): batch.h's
 * yenv_step_result */
static PyObject *env_step(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0 || refuse_unbound(e) < 0) return NULL;
    PyObject *o[4];
    if (!PyArg_ParseTuple(args, "OOOO", &o[0], &o[1], &o[2], &o[3])) return NULL;
    Py_buffer b[4];
    static const Py_ssize_t item[4] = {4, 8, 8, 8};
    const Py_ssize_t count[4] = {e->b.n * 2 * YENV_NH, e->b.n, e->b.n, e->b.n};
    if (get_arrays(o, b, item, count, "step(actions int32[n*2*heads], next_p1, next_p2, next_seeds int64[n])") < 0)
        return NULL;
    ptrdiff_t slot;
    const char *bad = yenv_batch_step_refusal(&e->b, b[1].buf, b[2].buf, &slot);
    if (bad) {
        release4(b);
        return PyErr_Format(PyExc_ValueError, "EnvBatch.step: slot %zd %s", (Py_ssize_t)slot, bad);
    }
    yenv_step_result r;
    e->in_step = true;
    Py_BEGIN_ALLOW_THREADS
    r = yenv_batch_step(&e->b, b[0].buf, b[1].buf, b[2].buf, b[3].buf);
    Py_END_ALLOW_THREADS
    e->in_step = false;
    release4(b);
    return Py_BuildValue("(iiii)", r.status, r.slot, r.agent, r.code);
}

static PyTypeObject EnvType;

/* clone_from(src EnvBatch, slots int64[n]): batch.h's yenv_batch_clone. Both batches must be bound and
 * made with the same match settings; nothing changes when an argument is refused. A slot whose copy
 * finds no memory is left idle, and MemoryError is raised after the others are copied. */
static PyObject *env_clone_from(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self, *src;
    PyObject *so, *slots_o;
    if (!PyArg_ParseTuple(args, "O!O", &EnvType, &so, &slots_o)) return NULL;
    src = (EnvObject *)so;
    if (refuse_busy(e) < 0 || refuse_busy(src) < 0) return NULL;
    if (!e->b.bound || !src->b.bound) {
        PyErr_SetString(PyExc_RuntimeError, "EnvBatch.clone_from: bind() the buffers of both batches first");
        return NULL;
    }
    const char *field = yenv_settings_diff(&src->b.settings, &e->b.settings);
    if (field)
        return PyErr_Format(PyExc_ValueError, "EnvBatch.clone_from: the batches have other match settings (%s differs)",
                            field);
    Py_buffer b;
    if (PyObject_GetBuffer(slots_o, &b, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (b.itemsize != 8 || b.len != 8 * e->b.n) {
        PyBuffer_Release(&b);
        return PyErr_Format(PyExc_ValueError, "EnvBatch.clone_from: slots must be int64[%zd]", (Py_ssize_t)e->b.n);
    }
    char why[200];
    if (yenv_batch_clone_refusal(&e->b, &src->b, b.buf, why, sizeof why)) {
        PyBuffer_Release(&b);
        return PyErr_Format(PyExc_ValueError, "EnvBatch.clone_from: %s", why);
    }
    int r;
    e->in_step = src->in_step = true; /* both are read or written without the GIL below */
    Py_BEGIN_ALLOW_THREADS
    r = yenv_batch_clone(&e->b, &src->b, b.buf);
    Py_END_ALLOW_THREADS
    e->in_step = src->in_step = false;
    PyBuffer_Release(&b);
    if (r < 0) return PyErr_NoMemory();
    Py_RETURN_NONE;
}

/* ------------------------------------------------------------------ inspection (tests, wrappers) */
static ymatch *slot_of(EnvObject *e, PyObject *io) {
    Py_ssize_t i = PyLong_AsSsize_t(io);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= e->b.n || e->b.ms[i].magic != YOMI_MAGIC) {
        PyErr_Format(PyExc_IndexError, "slot %zd out of range or never reset", i);
        return NULL;
    }
    return &e->b.ms[i];
}

/* match(i) -> yomi._native.Match: a copy of slot i's match (its state(), legal_actions()...) */
static PyObject *env_match(PyObject *self, PyObject *io) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    ymatch *m = slot_of(e, io);
    if (!m) return NULL;
    const int16_t *ch = e->b.chars + 2 * PyLong_AsSsize_t(io);
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
    int c = (int)e->b.chars[2 * i + player - 1];
    int sym;
    ydata data;
    yextra extra;
    int r = yenv_batch_decode(&e->b, i, player, heads, &sym, &data, &extra);
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
    if (i < 0 || i >= e->b.n || (player != 1 && player != 2)) {
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
    return PyLong_FromLong(yenv_batch_check(&e->b, i, player, heads));
}

static PyObject *env_halted(PyObject *self, PyObject *unused) {
    (void)unused;
    EnvObject *e = (EnvObject *)self;
    return PyBytes_FromStringAndSize((const char *)e->b.halted, e->b.n);
}

static PyObject *env_counters(PyObject *self, PyObject *unused) {
    (void)unused;
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    PyObject *last = e->b.last_illegal[0] < 0 ? Py_NewRef(Py_None)
                                            : Py_BuildValue("(iii)", e->b.last_illegal[0], e->b.last_illegal[1], e->b.last_illegal[2]);
    return Py_BuildValue("{s:L,s:L,s:N,s:s,s:{s:d,s:d,s:d,s:d},s:L,s:L}", "illegal_total", e->b.illegal_total,
                         "engine_errors", e->b.engine_errors, "last_illegal", last, "last_error", e->b.last_error, "seconds",
                         "act", e->b.t_act, "advance", e->b.t_advance, "observe", e->b.t_observe, "restart", e->b.t_restart,
                         "ticks", e->b.ticks, "decisions", e->b.decisions);
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

/* ------------------------------------------------------------------ snapshots (batch.h's format) */

/* get_state() -> bytes: everything that decides the batch's future steps, except the bound arrays */
static PyObject *env_get_state(PyObject *self, PyObject *unused) {
    (void)unused;
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    size_t bytes = yenv_batch_snapshot_bytes(&e->b);
    if (!bytes) {
        PyErr_SetString(PyExc_ValueError, "EnvBatch.get_state: a batch made with autoreset=False (a search's "
                                          "scratch batch) has no snapshot");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)bytes);
    if (!out) return NULL;
    char err[300];
    if (yenv_batch_export(&e->b, PyBytes_AS_STRING(out), err, sizeof err) < 0) {
        Py_DECREF(out);
        return PyErr_Format(PyExc_RuntimeError, "EnvBatch.get_state: %s", err);
    }
    return out;
}

/* set_state(bytes, chars=None): batch.h's yenv_batch_import; ValueError and the batch unchanged on any
 * mismatch or corruption. chars (int64[n, 2], the bound array's saved values), when given, must agree
 * with the matches' characters. */
static PyObject *env_set_state(PyObject *self, PyObject *args) {
    EnvObject *e = (EnvObject *)self;
    if (refuse_busy(e) < 0) return NULL;
    PyObject *arg, *chars_o = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &arg, &chars_o)) return NULL;
    Py_buffer cb = {0};
    if (chars_o != Py_None) {
        if (PyObject_GetBuffer(chars_o, &cb, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
        if (cb.itemsize != 8 || cb.len != 8 * 2 * e->b.n) {
            PyBuffer_Release(&cb);
            PyErr_SetString(PyExc_ValueError, "EnvBatch.set_state: chars must be int64[n, 2]");
            return NULL;
        }
    }
    Py_buffer b;
    if (PyObject_GetBuffer(arg, &b, PyBUF_SIMPLE) < 0) {
        if (cb.buf) PyBuffer_Release(&cb);
        return NULL;
    }
    char why[400];
    int r = yenv_batch_import(&e->b, b.buf, (size_t)b.len, cb.buf, why, sizeof why);
    PyBuffer_Release(&b);
    if (cb.buf) PyBuffer_Release(&cb);
    if (r == -2) return PyErr_NoMemory();
    if (r < 0) return PyErr_Format(PyExc_ValueError, "EnvBatch.set_state: %s", why);
    Py_RETURN_NONE;
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
        "{s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n,s:n}", "header", (Py_ssize_t)sizeof(yenv_snap_header), "scalars",
        (Py_ssize_t)sizeof(yenv_snap_scalars), "mask", (Py_ssize_t)YENV_MASK, "match", (Py_ssize_t)sizeof(ymatch),
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
