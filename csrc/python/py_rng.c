/* CPython binding of rng.h: hash functions, the reseeding rules and the type
 * yomi._native.Rng, with the same interface and exceptions as yomi.rng.BetterRng. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "rng.h"

typedef struct {
    PyObject_HEAD
    gd_rng r;
} RngObject;

#define RNG(self) (&((RngObject *)(self))->r)

/* A GDScript int argument: any Python int, kept modulo 2^64 like an int64 Variant. */
static int arg_i64(PyObject *o, int64_t *out) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "expected an int, got %s", Py_TYPE(o)->tp_name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLongMask(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (int64_t)v;
    return 0;
}

static PyObject *raise_gd(gd_err err) {
    switch (err) {
    case GD_ERR_RANGE_ZERO: PyErr_SetString(PyExc_ZeroDivisionError, "randi_range: 32-bit range size is 0 (Godot crashes)"); break;
    case GD_ERR_EMPTY: PyErr_SetString(PyExc_ZeroDivisionError, "choose on an empty array (GDScript: modulo by zero)"); break;
    case GD_ERR_BAD_UTF8: PyErr_SetString(PyExc_ValueError, "string is not valid UTF-8"); break;
    case GD_ERR_BAD_WEIGHTS: PyErr_SetString(PyExc_IndexError, "fewer weights than choices"); break;
    default: PyErr_SetString(PyExc_RuntimeError, "rng error"); break;
    }
    return NULL;
}

/* ---- module functions ---- */

static PyObject *py_hash_int(PyObject *self, PyObject *arg) {
    (void)self;
    int64_t v;
    if (arg_i64(arg, &v)) return NULL;
    return PyLong_FromUnsignedLong(gd_hash_int(v));
}

static PyObject *py_hash_str(PyObject *self, PyObject *arg) {
    (void)self;
    Py_ssize_t n;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &n);
    if (!s) return NULL;
    uint32_t h;
    gd_err err = gd_hash_str(s, (size_t)n, &h);
    if (err) return raise_gd(err);
    return PyLong_FromUnsignedLong(h);
}

static PyObject *py_hash_float(PyObject *self, PyObject *arg) {
    (void)self;
    double v = PyFloat_AsDouble(arg);
    if (v == -1.0 && PyErr_Occurred()) return NULL;
    return PyLong_FromUnsignedLong(gd_hash_float(v));
}

/* A state_hash part: an int or a str (the DI is either). The str must outlive the call. */
static int arg_value(PyObject *o, gd_value *out) {
    if (PyUnicode_Check(o)) {
        const char *s = PyUnicode_AsUTF8(o);
        if (!s) return -1;
        *out = gd_str(s);
        return 0;
    }
    if (PyBool_Check(o) || !PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "expected an int or a str, got %s", Py_TYPE(o)->tp_name);
        return -1;
    }
    int64_t v;
    if (arg_i64(o, &v)) return -1;
    *out = gd_int(v);
    return 0;
}

static PyObject *py_state_hash(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *o[7];
    if (!PyArg_UnpackTuple(args, "gd_state_hash", 7, 7, &o[0], &o[1], &o[2], &o[3], &o[4], &o[5], &o[6])) return NULL;
    gd_value v[7];
    for (int i = 0; i < 7; i++)
        if (arg_value(o[i], &v[i])) return NULL;
    if (!v[2].is_str || !v[3].is_str || !v[6].is_str) {
        PyErr_SetString(PyExc_TypeError, "vel_x, vel_y and state_name are str");
        return NULL;
    }
    if (v[0].is_str || v[1].is_str) {
        PyErr_SetString(PyExc_TypeError, "pos_x and pos_y are int");
        return NULL;
    }
    return PyLong_FromLongLong(gd_state_hash(v[0].i, v[1].i, v[2].s, v[3].s, v[4], v[5], v[6].s));
}

static PyObject *py_reseed(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *a, *b, *c;
    int64_t state, own, opp;
    if (!PyArg_UnpackTuple(args, "gd_reseed", 3, 3, &a, &b, &c)) return NULL;
    if (arg_i64(a, &state) || arg_i64(b, &own) || arg_i64(c, &opp)) return NULL;
    return PyLong_FromUnsignedLong(gd_reseed(state, own, opp));
}

static PyObject *py_reseed_static(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *a, *b;
    int64_t state, tick;
    if (!PyArg_UnpackTuple(args, "gd_reseed_static", 2, 2, &a, &b)) return NULL;
    if (arg_i64(a, &state) || arg_i64(b, &tick)) return NULL;
    return PyLong_FromUnsignedLong(gd_reseed_static(state, tick));
}

/* ---- the Rng type ---- */

static PyObject *rng_randi(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyLong_FromUnsignedLong(gd_rng_randi(RNG(self)));
}

static PyObject *rng_randi_range(PyObject *self, PyObject *args) {
    PyObject *a, *b;
    int64_t from, to;
    if (!PyArg_UnpackTuple(args, "randi_range", 2, 2, &a, &b)) return NULL;
    if (arg_i64(a, &from) || arg_i64(b, &to)) return NULL;
    int32_t out;
    gd_err err = gd_rng_randi_range(RNG(self), from, to, &out);
    if (err) return raise_gd(err);
    return PyLong_FromLong(out);
}

static PyObject *rng_randf(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyFloat_FromDouble((double)gd_rng_randf(RNG(self)));
}

static PyObject *rng_randf_range(PyObject *self, PyObject *args) {
    double from, to;
    if (!PyArg_ParseTuple(args, "dd:randf_range", &from, &to)) return NULL;
    return PyFloat_FromDouble((double)gd_rng_randf_range(RNG(self), from, to));
}

static PyObject *rng_choose_index(PyObject *self, PyObject *arg) {
    int64_t n, out;
    if (arg_i64(arg, &n)) return NULL;
    gd_err err = gd_rng_choose_index(RNG(self), n, &out);
    if (err) return raise_gd(err);
    return PyLong_FromLongLong(out);
}

static PyObject *rng_choose(PyObject *self, PyObject *seq) {
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return NULL;
    int64_t index;
    gd_err err = gd_rng_choose_index(RNG(self), n, &index);
    if (err) return raise_gd(err);
    return PySequence_GetItem(seq, (Py_ssize_t)index);
}

static PyObject *rng_weighted_choice(PyObject *self, PyObject *args) {
    PyObject *array, *weights = Py_None;
    if (!PyArg_UnpackTuple(args, "weighted_choice", 1, 2, &array, &weights)) return NULL;
    Py_ssize_t n = PySequence_Size(array);
    if (n < 0) return NULL;
    int64_t stack[64];
    int64_t *w = NULL;
    Py_ssize_t nw = 0;
    PyObject *fast = NULL;
    if (weights != Py_None) {
        fast = PySequence_Fast(weights, "weights must be a sequence");
        if (!fast) return NULL;
        nw = PySequence_Fast_GET_SIZE(fast);
        if (nw > 0 && nw < n) {
            Py_DECREF(fast);
            return raise_gd(GD_ERR_BAD_WEIGHTS);
        }
        if (nw > n) nw = n; /* extra weights are never read */
        w = nw <= 64 ? stack : PyMem_New(int64_t, (size_t)nw);
        if (!w) { Py_DECREF(fast); return PyErr_NoMemory(); }
        for (Py_ssize_t i = 0; i < nw; i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
            /* a GDScript int variable: a float weight truncates */
            PyObject *as_int = PyFloat_Check(item) ? PyNumber_Long(item) : (Py_INCREF(item), item);
            int bad = !as_int || arg_i64(as_int, &w[i]);
            Py_XDECREF(as_int);
            if (bad) {
                if (w != stack) PyMem_Free(w);
                Py_DECREF(fast);
                return NULL;
            }
        }
    }
    int64_t out;
    gd_err err = gd_rng_weighted_choice(RNG(self), n, nw ? w : NULL, (size_t)nw, &out);
    if (w && w != stack) PyMem_Free(w);
    Py_XDECREF(fast);
    if (err) return raise_gd(err);
    return PyLong_FromLongLong(out);
}

static PyObject *rng_coin_flip(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyBool_FromLong(gd_rng_coin_flip(RNG(self)));
}

static PyObject *rng_percent(PyObject *self, PyObject *arg) {
    double p = PyFloat_AsDouble(arg);
    if (p == -1.0 && PyErr_Occurred()) return NULL;
    return PyBool_FromLong(gd_rng_percent(RNG(self), p));
}

static PyObject *rng_random_sign(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyLong_FromLong(gd_rng_random_sign(RNG(self)));
}

static PyObject *rng_hash_rng(PyObject *self, PyObject *args) {
    PyObject *a, *b;
    int64_t own, opp;
    if (!PyArg_UnpackTuple(args, "hash_rng", 2, 2, &a, &b)) return NULL;
    if (arg_i64(a, &own) || arg_i64(b, &opp)) return NULL;
    gd_rng_hash_rng(RNG(self), own, opp);
    Py_RETURN_NONE;
}

static PyObject *rng_hash_static_rng(PyObject *self, PyObject *arg) {
    int64_t tick;
    if (arg_i64(arg, &tick)) return NULL;
    gd_rng_hash_static_rng(RNG(self), tick);
    Py_RETURN_NONE;
}

static PyObject *rng_copy(PyObject *self, PyObject *noargs) {
    (void)noargs;
    RngObject *copy = PyObject_New(RngObject, Py_TYPE(self));
    if (!copy) return NULL;
    copy->r = *RNG(self);
    return (PyObject *)copy;
}

static PyMethodDef RNG_METHODS[] = {
    {"randi", rng_randi, METH_NOARGS, NULL},
    {"randi_range", rng_randi_range, METH_VARARGS, NULL},
    {"randf", rng_randf, METH_NOARGS, NULL},
    {"randf_range", rng_randf_range, METH_VARARGS, NULL},
    {"choose_index", rng_choose_index, METH_O, NULL},
    {"choose", rng_choose, METH_O, NULL},
    {"weighted_choice", rng_weighted_choice, METH_VARARGS, NULL},
    {"coin_flip", rng_coin_flip, METH_NOARGS, NULL},
    {"percent", rng_percent, METH_O, NULL},
    {"random_sign", rng_random_sign, METH_NOARGS, NULL},
    {"hash_rng", rng_hash_rng, METH_VARARGS, NULL},
    {"hash_static_rng", rng_hash_static_rng, METH_O, NULL},
    {"copy", rng_copy, METH_NOARGS, NULL},
    {NULL, NULL, 0, NULL},
};

static PyObject *rng_get_seed(PyObject *self, void *c) { (void)c; return PyLong_FromLongLong(gd_rng_get_seed(RNG(self))); }
static int rng_set_seed(PyObject *self, PyObject *v, void *c) {
    (void)c;
    int64_t seed;
    if (!v) { PyErr_SetString(PyExc_AttributeError, "cannot delete seed"); return -1; }
    if (arg_i64(v, &seed)) return -1;
    gd_rng_set_seed(RNG(self), seed);
    return 0;
}
static PyObject *rng_get_state(PyObject *self, void *c) { (void)c; return PyLong_FromLongLong(gd_rng_get_state(RNG(self))); }
static int rng_set_state(PyObject *self, PyObject *v, void *c) {
    (void)c;
    int64_t state;
    if (!v) { PyErr_SetString(PyExc_AttributeError, "cannot delete state"); return -1; }
    if (arg_i64(v, &state)) return -1;
    gd_rng_set_state(RNG(self), state);
    return 0;
}

static PyGetSetDef RNG_GETSET[] = {
    {"seed", rng_get_seed, rng_set_seed, NULL, NULL},
    {"state", rng_get_state, rng_set_state, NULL, NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *rng_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *seed = NULL;
    if (!PyArg_UnpackTuple(args, "Rng", 0, 1, &seed)) return NULL;
    RngObject *self = (RngObject *)type->tp_alloc(type, 0);
    if (!self) return NULL;
    gd_rng_init(&self->r);
    if (seed && rng_set_seed((PyObject *)self, seed, NULL) < 0) {
        Py_DECREF(self);
        return NULL;
    }
    return (PyObject *)self;
}

static PyTypeObject RngType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "yomi._native.Rng",
    .tp_doc = "Godot 3.6 RandomNumberGenerator + the game's BetterRng in C (csrc/engine/rng.c); same interface as yomi.rng.BetterRng.",
    .tp_basicsize = sizeof(RngObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = rng_new,
    .tp_methods = RNG_METHODS,
    .tp_getset = RNG_GETSET,
};

static PyMethodDef RNG_FUNCTIONS[] = {
    {"gd_hash_int", py_hash_int, METH_O, "Godot hash() of an int."},
    {"gd_hash_str", py_hash_str, METH_O, "Godot hash() of a String."},
    {"gd_hash_float", py_hash_float, METH_O, "Godot hash() of a float."},
    {"gd_state_hash", py_state_hash, METH_VARARGS, "BaseChar.get_state_hash from its seven parts."},
    {"gd_reseed", py_reseed, METH_VARARGS, "BaseObj.hash_rng: the new seed."},
    {"gd_reseed_static", py_reseed_static, METH_VARARGS, "BaseObj.hash_static_rng: the new seed."},
    {NULL, NULL, 0, NULL},
};

/* Adds the rng functions and the Rng type to the module; called from PyInit__native. */
int yomi_register_rng(PyObject *module) {
    if (PyModule_AddFunctions(module, RNG_FUNCTIONS) < 0) return -1;
    if (PyType_Ready(&RngType) < 0) return -1;
    Py_INCREF(&RngType);
    if (PyModule_AddObject(module, "Rng", (PyObject *)&RngType) < 0) {
        Py_DECREF(&RngType);
        return -1;
    }
    return 0;
}
