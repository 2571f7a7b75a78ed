/* CPython binding of the physics body (body.h): the type yomi._native.Body.
 *
 * Same methods, argument rules and exceptions as yomi.body.FGObject, so the
 * parity replay and the engine drive either one: an int argument must be an
 * int (not bool) and is cut to 32 bits, a bool must be a bool, a number is a
 * str; a wrong type raises yomi.body.ArgumentTypeError, a bad number
 * yomi.fixed.FixedError, another library panic yomi.body.BodyError. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

#include "body.h"

static PyObject *FixedError = NULL, *BodyError = NULL, *ArgumentTypeError = NULL;

typedef struct {
    PyObject_HEAD
    fg_body b;
} BodyObject;

static PyTypeObject BodyType;

/* ---- errors and argument conversion ---- */

static PyObject *raise_err(int err, const char *method) {
    PyObject *type = FixedError;
    const char *kind = "bad_call";
    const char *message = method;
    if (err == FG_ERR_INVALID_FACING) { type = BodyError; kind = "invalid_facing"; message = "invalid facing direction"; }
    else if (err == FG_ERR_COPY_TO_SELF) { type = BodyError; kind = "borrow_failed"; message = "called `Result::unwrap()` on an `Err` value: BorrowFailed"; }
    else if (err == FG_ERR_NULL) { type = BodyError; kind = "invalid_variant_type"; message = "called `Result::unwrap()` on an `Err` value: InvalidVariantType"; }
    else kind = fx_err_kind((fx_err)err);
    PyObject *exc = PyObject_CallFunction(type, "ss", kind, message);
    if (exc) {
        PyErr_SetObject(type, exc);
        Py_DECREF(exc);
    }
    return NULL;
}

static int arg_i32(PyObject *o, const char *name, int32_t *out) {
    if (!PyLong_Check(o) || PyBool_Check(o)) {
        PyErr_Format(ArgumentTypeError, "cannot convert argument `%s` (%s) to i32", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLongMask(o); /* wraps, like the Variant's int64 to i32 */
    if (v == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    *out = (int32_t)(uint32_t)v;
    return 0;
}

static int arg_bool(PyObject *o, const char *name, bool *out) {
    if (!PyBool_Check(o)) {
        PyErr_Format(ArgumentTypeError, "cannot convert argument `%s` (%s) to bool", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    *out = o == Py_True;
    return 0;
}

static int arg_str(PyObject *o, const char *name, const char **s, size_t *len) {
    if (!PyUnicode_Check(o)) {
        PyErr_Format(ArgumentTypeError, "cannot convert argument `%s` (%s) to String", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t n;
    *s = PyUnicode_AsUTF8AndSize(o, &n);
    if (!*s) return -1;
    *len = (size_t)n;
    return 0;
}

#define BODY(self) (&((BodyObject *)(self))->b)

/* ---- method shapes ---- */

#define M_VOID0(name)                                                   \
    static PyObject *b_##name(PyObject *self, PyObject *noargs) {       \
        (void)noargs;                                                   \
        fg_##name(BODY(self));                                          \
        Py_RETURN_NONE;                                                 \
    }

#define M_ERR0(name)                                                    \
    static PyObject *b_##name(PyObject *self, PyObject *noargs) {       \
        (void)noargs;                                                   \
        int err = fg_##name(BODY(self));                                \
        if (err) return raise_err(err, #name);                          \
        Py_RETURN_NONE;                                                 \
    }

#define M_INT1(name, a)                                                 \
    static PyObject *b_##name(PyObject *self, PyObject *arg) {          \
        int32_t v;                                                      \
        if (arg_i32(arg, a, &v)) return NULL;                           \
        fg_##name(BODY(self), v);                                       \
        Py_RETURN_NONE;                                                 \
    }

#define M_INT2(name)                                                    \
    static PyObject *b_##name(PyObject *self, PyObject *args) {         \
        PyObject *ox, *oy;                                              \
        int32_t x, y;                                                   \
        if (!PyArg_UnpackTuple(args, #name, 2, 2, &ox, &oy)) return NULL; \
        if (arg_i32(ox, "x", &x) || arg_i32(oy, "y", &y)) return NULL;  \
        fg_##name(BODY(self), x, y);                                    \
        Py_RETURN_NONE;                                                 \
    }

#define M_STR1(name, a)                                                 \
    static PyObject *b_##name(PyObject *self, PyObject *arg) {          \
        const char *s;                                                  \
        size_t n;                                                       \
        if (arg_str(arg, a, &s, &n)) return NULL;                       \
        int err = fg_##name(BODY(self), s, n);                          \
        if (err) return raise_err(err, #name);                          \
        Py_RETURN_NONE;                                                 \
    }

#define M_STR2(name, a, b)                                              \
    static PyObject *b_##name(PyObject *self, PyObject *args) {         \
        PyObject *ox, *oy;                                              \
        const char *sx, *sy;                                            \
        size_t nx, ny;                                                  \
        if (!PyArg_UnpackTuple(args, #name, 2, 2, &ox, &oy)) return NULL; \
        if (arg_str(ox, a, &sx, &nx) || arg_str(oy, b, &sy, &ny)) return NULL; \
        int err = fg_##name(BODY(self), sx, nx, sy, ny);                \
        if (err) return raise_err(err, #name);                          \
        Py_RETURN_NONE;                                                 \
    }

static int arg_raw(PyObject *o, fx *out) {
    long long v = PyLong_AsLongLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (fx)v;
    return 0;
}

#define M_RAW1(name)                                                    \
    static PyObject *b_##name(PyObject *self, PyObject *arg) {          \
        fx v;                                                           \
        if (arg_raw(arg, &v)) return NULL;                              \
        fg_##name(BODY(self), v);                                       \
        Py_RETURN_NONE;                                                 \
    }

#define M_RAW2(name)                                                    \
    static PyObject *b_##name(PyObject *self, PyObject *args) {         \
        PyObject *ox, *oy;                                              \
        fx x, y;                                                        \
        if (!PyArg_UnpackTuple(args, #name, 2, 2, &ox, &oy)) return NULL; \
        if (arg_raw(ox, &x) || arg_raw(oy, &y)) return NULL;            \
        fg_##name(BODY(self), x, y);                                    \
        Py_RETURN_NONE;                                                 \
    }

M_RAW2(move_directly_raw)
M_RAW2(move_directly_relative_raw)
M_RAW2(apply_force_raw)
M_RAW2(apply_force_relative_raw)
M_RAW2(apply_grav_custom_raw)
M_RAW1(apply_x_fric_raw)
M_RAW1(apply_y_fric_raw)
M_RAW1(add_pushback_raw)

M_INT2(set_position)
M_INT1(set_x, "x")
M_INT1(set_y, "y")
M_STR2(set_position_str, "x", "y")
M_INT2(move_directly)
M_STR2(move_directly_str, "x", "y")
M_INT2(move_directly_relative)
M_STR2(move_directly_relative_str, "x", "y")
M_INT2(apply_force)
M_STR2(apply_force_str, "x", "y")
M_INT2(apply_force_relative)
M_STR2(apply_force_relative_str, "x", "y")
M_VOID0(apply_grav)
M_STR2(apply_grav_custom, "grav", "fall_speed")
M_ERR0(apply_fric)
M_STR1(apply_x_fric, "fric")
M_STR1(apply_y_fric, "fric")
M_ERR0(apply_forces)
M_VOID0(apply_forces_no_limit)
M_VOID0(reset_momentum)
M_STR2(set_vel, "x", "y")
M_STR1(add_pushback, "pushback")
M_INT1(apply_pushback, "dir")
M_VOID0(reset_pushback)
M_STR1(set_gravity, "gravity")
M_STR1(set_ground_friction, "friction")
M_STR1(set_air_friction, "friction")
M_STR1(set_max_ground_speed, "speed")
M_STR1(set_max_air_speed, "speed")
M_STR1(set_max_fall_speed, "speed")
M_STR1(set_gravity_modifier, "x")
M_VOID0(update_grounded)

static PyObject *b_set_facing(PyObject *self, PyObject *arg) {
    int32_t v;
    if (arg_i32(arg, "facing", &v)) return NULL;
    int err = fg_set_facing(BODY(self), v);
    if (err) return raise_err(err, "set_facing");
    Py_RETURN_NONE;
}

static PyObject *b_get_facing(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return Py_BuildValue("{s:{}}", fg_get_facing(BODY(self)) == 1 ? "Right" : "Left");
}

static PyObject *b_set_grounded(PyObject *self, PyObject *arg) {
    bool v;
    if (arg_bool(arg, "grounded", &v)) return NULL;
    fg_set_grounded(BODY(self), v);
    Py_RETURN_NONE;
}

static PyObject *b_set_snap_to_ground(PyObject *self, PyObject *arg) {
    bool v;
    if (arg_bool(arg, "snap", &v)) return NULL;
    fg_set_snap_to_ground(BODY(self), v);
    Py_RETURN_NONE;
}

static PyObject *b_is_grounded(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyBool_FromLong(fg_is_grounded(BODY(self)));
}

static PyObject *b_get_snap_to_ground(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyBool_FromLong(fg_get_snap_to_ground(BODY(self)));
}

static PyObject *b_get_x_vel_int(PyObject *self, PyObject *noargs) {
    (void)noargs;
    return PyLong_FromLong(fg_get_x_vel_int(BODY(self)));
}

static PyObject *b_get_data(PyObject *self, PyObject *noargs) {
    (void)noargs;
    fg_data d;
    fg_get_data(BODY(self), &d);
    return Py_BuildValue("{s:{s:(dd),s:i,s:i,s:s,s:s,s:i,s:O,s:O}}", "object_data",
                         "position_float", (double)d.position_float[0], (double)d.position_float[1],
                         "position_x", (int)d.position_x, "position_y", (int)d.position_y,
                         "vel_x", d.vel_x, "vel_y", d.vel_y, "facing", (int)d.facing,
                         "grounded", d.grounded ? Py_True : Py_False,
                         "snap_to_ground", d.snap_to_ground ? Py_True : Py_False);
}

static PyObject *b_copy_to(PyObject *self, PyObject *other) {
    fg_body *target = PyObject_TypeCheck(other, &BodyType) ? BODY(other) : NULL;
    int err = fg_copy_to(BODY(self), target);
    if (err) return raise_err(err, "copy_to");
    Py_RETURN_NONE;
}

static PyObject *b_clone(PyObject *self, PyObject *noargs) {
    (void)noargs;
    BodyObject *copy = PyObject_New(BodyObject, Py_TYPE(self));
    if (!copy) return NULL;
    copy->b = *BODY(self);
    return (PyObject *)copy;
}

static PyObject *b_raw_state(PyObject *self, PyObject *noargs) {
    (void)noargs;
    const fg_body *b = BODY(self);
    return Py_BuildValue("(LLLLLLLLLLLLLLiOOL)", (long long)b->pos_x, (long long)b->pos_y, (long long)b->vel_x,
                         (long long)b->vel_y, (long long)b->accel_x, (long long)b->accel_y,
                         (long long)b->pushback_vel, (long long)b->gravity, (long long)b->ground_friction,
                         (long long)b->air_friction, (long long)b->max_ground_speed, (long long)b->max_air_speed,
                         (long long)b->max_fall_speed, (long long)b->gravity_modifier, (int)b->facing,
                         b->grounded ? Py_True : Py_False, b->snap_to_ground ? Py_True : Py_False,
                         (long long)b->id);
}

#define MV(name) {#name, (PyCFunction)b_##name, METH_VARARGS, NULL}
#define MO(name) {#name, (PyCFunction)b_##name, METH_O, NULL}
#define MN(name) {#name, (PyCFunction)b_##name, METH_NOARGS, NULL}

static PyMethodDef BODY_METHODS[] = {
    MV(move_directly_raw), MV(move_directly_relative_raw), MV(apply_force_raw), MV(apply_force_relative_raw),
    MV(apply_grav_custom_raw), MO(apply_x_fric_raw), MO(apply_y_fric_raw), MO(add_pushback_raw),
    MV(set_position), MO(set_x), MO(set_y), MV(set_position_str), MV(move_directly), MV(move_directly_str),
    MV(move_directly_relative), MV(move_directly_relative_str), MV(apply_force), MV(apply_force_str),
    MV(apply_force_relative), MV(apply_force_relative_str), MN(apply_grav), MV(apply_grav_custom),
    MN(apply_fric), MO(apply_x_fric), MO(apply_y_fric), MN(apply_forces), MN(apply_forces_no_limit),
    MN(reset_momentum), MV(set_vel), MO(add_pushback), MO(apply_pushback), MN(reset_pushback),
    MO(set_gravity), MO(set_ground_friction), MO(set_air_friction), MO(set_max_ground_speed),
    MO(set_max_air_speed), MO(set_max_fall_speed), MO(set_gravity_modifier),
    MO(set_facing), MN(get_facing), MO(set_grounded), MN(update_grounded), MN(is_grounded),
    MN(get_snap_to_ground), MO(set_snap_to_ground), MN(get_x_vel_int), MN(get_data),
    MO(copy_to), MN(clone), MN(raw_state),
    {NULL, NULL, 0, NULL},
};

/* ---- raw fields, same names as yomi.body.FGObject ---- */

#define RAW_MEMBER(pyname, field) {pyname, T_LONGLONG, offsetof(BodyObject, b) + offsetof(fg_body, field), 0, NULL}

static PyMemberDef BODY_MEMBERS[] = {
    RAW_MEMBER("pos_x_raw", pos_x), RAW_MEMBER("pos_y_raw", pos_y),
    RAW_MEMBER("vel_x_raw", vel_x), RAW_MEMBER("vel_y_raw", vel_y),
    RAW_MEMBER("accel_x_raw", accel_x), RAW_MEMBER("accel_y_raw", accel_y),
    RAW_MEMBER("pushback_vel_raw", pushback_vel), RAW_MEMBER("gravity_raw", gravity),
    RAW_MEMBER("ground_friction_raw", ground_friction), RAW_MEMBER("air_friction_raw", air_friction),
    RAW_MEMBER("max_ground_speed_raw", max_ground_speed), RAW_MEMBER("max_air_speed_raw", max_air_speed),
    RAW_MEMBER("max_fall_speed_raw", max_fall_speed), RAW_MEMBER("gravity_modifier_raw", gravity_modifier),
    RAW_MEMBER("id", id),
    {NULL, 0, 0, 0, NULL},
};

static PyObject *get_facing_field(PyObject *self, void *c) { (void)c; return PyLong_FromLong(BODY(self)->facing); }
static int set_facing_field(PyObject *self, PyObject *v, void *c) {
    (void)c;
    long f = v ? PyLong_AsLong(v) : 0;
    if (!v || (f == -1 && PyErr_Occurred()) || (f != 1 && f != -1)) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "facing is 1 or -1");
        return -1;
    }
    BODY(self)->facing = (int32_t)f;
    return 0;
}
static PyObject *get_bool_field(PyObject *self, void *c) {
    return PyBool_FromLong(c ? BODY(self)->snap_to_ground : BODY(self)->grounded);
}
static int set_bool_field(PyObject *self, PyObject *v, void *c) {
    if (!v) { PyErr_SetString(PyExc_AttributeError, "cannot delete"); return -1; }
    int t = PyObject_IsTrue(v);
    if (t < 0) return -1;
    if (c) BODY(self)->snap_to_ground = t; else BODY(self)->grounded = t;
    return 0;
}

static PyGetSetDef BODY_GETSET[] = {
    {"facing", get_facing_field, set_facing_field, NULL, NULL},
    {"grounded", get_bool_field, set_bool_field, NULL, NULL},
    {"snap_to_ground", get_bool_field, set_bool_field, NULL, (void *)1},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyObject *body_new(PyTypeObject *type, PyObject *args, PyObject *kwds) {
    if (PyTuple_GET_SIZE(args) || (kwds && PyDict_GET_SIZE(kwds))) {
        PyErr_SetString(PyExc_TypeError, "Body() takes no arguments");
        return NULL;
    }
    BodyObject *self = (BodyObject *)type->tp_alloc(type, 0);
    if (self) fg_init(&self->b);
    return (PyObject *)self;
}

static PyObject *body_richcompare(PyObject *a, PyObject *b, int op) {
    if (!PyObject_TypeCheck(b, &BodyType) || (op != Py_EQ && op != Py_NE)) Py_RETURN_NOTIMPLEMENTED;
    const fg_body *x = BODY(a), *y = BODY(b);
    int same = x->pos_x == y->pos_x && x->pos_y == y->pos_y && x->vel_x == y->vel_x && x->vel_y == y->vel_y &&
               x->accel_x == y->accel_x && x->accel_y == y->accel_y && x->pushback_vel == y->pushback_vel &&
               x->gravity == y->gravity && x->ground_friction == y->ground_friction &&
               x->air_friction == y->air_friction && x->max_ground_speed == y->max_ground_speed &&
               x->max_air_speed == y->max_air_speed && x->max_fall_speed == y->max_fall_speed &&
               x->gravity_modifier == y->gravity_modifier && x->id == y->id && x->facing == y->facing &&
               x->grounded == y->grounded && x->snap_to_ground == y->snap_to_ground;
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static PyTypeObject BodyType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "yomi._native.Body",
    .tp_doc = "The physics body FGObject in C (csrc/engine/body.c); same methods and fields as yomi.body.FGObject.",
    .tp_basicsize = sizeof(BodyObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_new = body_new,
    .tp_methods = BODY_METHODS,
    .tp_members = BODY_MEMBERS,
    .tp_getset = BODY_GETSET,
    .tp_richcompare = body_richcompare,
};

static PyObject *import_attr(const char *module, const char *name) {
    PyObject *m = PyImport_ImportModule(module);
    if (!m) return NULL;
    PyObject *attr = PyObject_GetAttrString(m, name);
    Py_DECREF(m);
    return attr;
}

/* Adds the Body type to the module; called from PyInit__native. */
int yomi_register_body(PyObject *module) {
    if (!FixedError && !(FixedError = import_attr("yomi.fixed", "FixedError"))) return -1;
    if (!BodyError && !(BodyError = import_attr("yomi.body", "BodyError"))) return -1;
    if (!ArgumentTypeError && !(ArgumentTypeError = import_attr("yomi.body", "ArgumentTypeError"))) return -1;
    if (PyType_Ready(&BodyType) < 0) return -1;
    Py_INCREF(&BodyType);
    if (PyModule_AddObject(module, "Body", (PyObject *)&BodyType) < 0) {
        Py_DECREF(&BodyType);
        return -1;
    }
    return 0;
}
