/* CPython binding of the native engine: the module yomi._native.
 *
 * Errors from the C code are raised as the same Python exception classes the
 * Python engine uses (yomi.fixed.FixedError, ...), so callers see one interface
 * whichever engine runs. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "fixed.h"

static PyObject *FixedErrorType = NULL;

int yomi_register_rng(PyObject *module);  /* py_rng.c */
int yomi_register_body(PyObject *module); /* py_body.c */
int yomi_register_match(PyObject *module); /* py_match.c */
int yomi_register_env(PyObject *module);   /* env_py.c (the environment's C part) */

static PyObject *raise_fixed_error(fx_err err, const char *op) {
    if (err == FX_ERR_BAD_CALL) {
        PyErr_Format(PyExc_TypeError, "FixedMath.%s: unknown method or wrong arguments", op);
        return NULL;
    }
    PyObject *exc = PyObject_CallFunction(FixedErrorType, "ss", fx_err_kind(err), op);
    if (exc) {
        PyErr_SetObject(FixedErrorType, exc);
        Py_DECREF(exc);
    }
    return NULL;
}

/* fixedmath(op, args) -> the library's result for one FixedMath call. */
static PyObject *py_fixedmath(PyObject *self, PyObject *call_args) {
    (void)self;
    const char *op;
    PyObject *args;
    if (!PyArg_ParseTuple(call_args, "sO", &op, &args)) return NULL;
    PyObject *seq = PySequence_Fast(args, "args must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > 8) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_TypeError, "too many arguments");
        return NULL;
    }
    fm_arg argv[8];
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, i);
        if (PyUnicode_Check(item)) {
            Py_ssize_t len;
            const char *s = PyUnicode_AsUTF8AndSize(item, &len);
            if (!s) { Py_DECREF(seq); return NULL; }
            argv[i] = (fm_arg){.is_int = 0, .s = s, .len = (size_t)len};
        } else if (PyLong_Check(item) && !PyBool_Check(item)) {
            int overflow = 0;
            long long v = PyLong_AsLongLongAndOverflow(item, &overflow);
            if (overflow || (v == -1 && PyErr_Occurred())) {
                Py_DECREF(seq);
                PyErr_SetString(PyExc_OverflowError, "integer argument out of range");
                return NULL;
            }
            argv[i] = (fm_arg){.is_int = 1, .i = v};
        } else {
            Py_DECREF(seq);
            PyErr_Format(PyExc_TypeError, "FixedMath.%s: argument %zd must be str or int", op, i);
            return NULL;
        }
    }
    fm_result r;
    fx_err err = fm_call(op, argv, (int)n, &r);
    Py_DECREF(seq);
    if (err) return raise_fixed_error(err, op);
    switch (r.kind) {
    case FM_OUT_STR: return PyUnicode_FromString(r.s);
    case FM_OUT_INT: return PyLong_FromLongLong(r.i);
    case FM_OUT_BOOL: return PyBool_FromLong((long)r.i);
    case FM_OUT_VEC_STR: return Py_BuildValue("{s:s,s:s}", "x", r.s, "y", r.s2);
    case FM_OUT_VEC_INT: return Py_BuildValue("{s:L,s:L}", "x", (long long)r.i, "y", (long long)r.i2);
    }
    PyErr_SetString(PyExc_RuntimeError, "bad result kind");
    return NULL;
}

/* fixed_parse(text) -> raw int; fixed_format(raw) -> text. */
static PyObject *py_fixed_parse(PyObject *self, PyObject *arg) {
    (void)self;
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &len);
    if (!s) return NULL;
    fx v;
    fx_err err = fx_parse(s, (size_t)len, &v);
    if (err) return raise_fixed_error(err, "parse");
    return PyLong_FromLongLong(v);
}

static PyObject *py_fixed_format(PyObject *self, PyObject *arg) {
    (void)self;
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(arg, &overflow);
    if (overflow) {
        PyErr_SetString(PyExc_OverflowError, "raw value out of i64 range");
        return NULL;
    }
    if (v == -1 && PyErr_Occurred()) return NULL;
    char buf[FX_STR_MAX];
    fx_format((fx)v, buf);
    return PyUnicode_FromString(buf);
}

static PyMethodDef METHODS[] = {
    {"fixedmath", py_fixedmath, METH_VARARGS, "fixedmath(op, args): one call of a FixedMath method in C."},
    {"fixed_parse", py_fixed_parse, METH_O, "fixed_parse(text) -> raw I48F16 value."},
    {"fixed_format", py_fixed_format, METH_O, "fixed_format(raw) -> the library's Display text."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {PyModuleDef_HEAD_INIT, "yomi._native", "The native C engine.", -1, METHODS};

PyMODINIT_FUNC PyInit__native(void) {
    PyObject *fixed = PyImport_ImportModule("yomi.fixed");
    if (!fixed) return NULL;
    FixedErrorType = PyObject_GetAttrString(fixed, "FixedError");
    Py_DECREF(fixed);
    if (!FixedErrorType) return NULL;
    PyObject *module = PyModule_Create(&MODULE);
    if (!module) return NULL;
    /* parts defined in their own binding files */
    if (yomi_register_rng(module) < 0 || yomi_register_body(module) < 0 || yomi_register_match(module) < 0 ||
        yomi_register_env(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
