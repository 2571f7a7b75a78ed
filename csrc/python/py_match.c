/* CPython binding of the C engine: yomi._native.Match and yomi._native.MatchBatch.
 *
 * Mirrors the engine interface of integration/engine.py (Match: advance, tick,
 * is_waiting, needs_action, legal_actions, submit, state, result, clone) on a ymatch.
 * A move's data and the panel's extra are converted once here into the compact C
 * forms (ydata, yextra); state() builds the traces' dict (tests/data/parity/README.md).
 * Errors are the Python engine's classes: EngineError and EngineUnavailable (yomi.errors),
 * InvalidAction (fighter.actions), FixedError (yomi.fixed).
 *
 * MatchBatch holds many matches in one array and steps them all from arrays of
 * pre-registered action codes, without a Python loop (for environments). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "py_match.h"

/* ------------------------------------------------------------------ errors */
static PyObject *import_attr(const char *module, const char *name) {
    PyObject *mod = PyImport_ImportModule(module);
    if (!mod) return NULL;
    PyObject *attr = PyObject_GetAttrString(mod, name);
    Py_DECREF(mod);
    return attr;
}

static PyObject *exc_class(const char *module, const char *name, PyObject **cache) {
    if (!*cache) *cache = import_attr(module, name);
    if (!*cache) {
        PyErr_Clear();
        return PyExc_RuntimeError;
    }
    return *cache;
}

static PyObject *ENGINE_ERROR, *ENGINE_UNAVAILABLE, *INVALID_ACTION, *FIXED_ERROR;
#define EngineError exc_class("yomi.errors", "EngineError", &ENGINE_ERROR)
#define EngineUnavailable exc_class("yomi.errors", "EngineUnavailable", &ENGINE_UNAVAILABLE)
#define InvalidAction exc_class("fighter.actions", "InvalidAction", &INVALID_ACTION)

static PyObject *raise_match_error(ymatch *m) {
    if (m->err == YE_FIXED) {
        PyObject *cls = exc_class("yomi.fixed", "FixedError", &FIXED_ERROR);
        if (cls != PyExc_RuntimeError) {
            PyObject *exc = PyObject_CallFunction(cls, "ss", "division_by_zero", m->errmsg);
            if (exc) {
                PyErr_SetObject(cls, exc);
                Py_DECREF(exc);
                return NULL;
            }
            return NULL;
        }
    }
    if (m->err == YE_NOT_PORTED) { /* the match reached code the C engine does not have yet */
        PyErr_Format(EngineUnavailable, "C engine: %s", m->errmsg);
        return NULL;
    }
    if (m->err == YE_INDEX) { /* the Python engine indexes a sequence out of range there */
        PyErr_Format(PyExc_IndexError, "C engine: %s", m->errmsg);
        return NULL;
    }
    if (m->err == YE_KEY) { /* the Python engine reads a missing key of a dict there */
        PyErr_Format(PyExc_KeyError, "C engine: %s", m->errmsg);
        return NULL;
    }
    if (m->err == YE_TYPE) { /* the Python engine subscripts None (or an int) there */
        PyErr_Format(PyExc_TypeError, "C engine: %s", m->errmsg);
        return NULL;
    }
    PyErr_Format(EngineError, "C engine: %s", m->errmsg);
    return NULL;
}

/* ------------------------------------------------------------------ settings */
typedef enum { SK_INT, SK_BOOL, SK_FX } setting_kind;
static const struct {
    const char *name;
    setting_kind kind;
    size_t offset;
} SETTINGS[] = {
#define SI(n) {#n, SK_INT, offsetof(ysettings, n)}
#define SB(n) {#n, SK_BOOL, offsetof(ysettings, n)}
#define SF(n) {#n, SK_FX, offsetof(ysettings, n)}
    SI(stage_width), SB(p2_dummy), SB(di_enabled), SB(turbo_mode), SB(infinite_resources), SB(one_hit_ko),
    SI(game_length), SI(turn_time), SB(burst_enabled), SB(frame_by_frame), SB(always_perfect_parry),
    SI(char_distance), SI(char_height), SB(gravity_enabled), SB(chess_timer), SB(extremely_turbo_mode),
    SB(clashing_enabled), SB(asymmetrical_clashing), SF(global_damage_modifier), SB(prediction_enabled),
    SB(has_ceiling), SF(global_hitstun_modifier), SF(global_hitstop_modifier), SF(global_gravity_modifier),
    SI(ceiling_height), SB(sadness_enabled), SI(turn_min_length), SF(starting_meter), SF(min_di_scaling),
    SF(max_di_scaling), SI(di_combo_limit), SB(brace_enabled),
#undef SI
#undef SB
#undef SF
};

static int convert_settings(PyObject *dict, ysettings *s) {
    *s = yomi_default_settings;
    if (!dict || dict == Py_None) return 0;
    if (!PyDict_Check(dict)) {
        PyErr_Format(EngineError, "settings must be a dict, got %s", Py_TYPE(dict)->tp_name);
        return -1;
    }
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(dict, &pos, &key, &value)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        int found = -1;
        for (size_t i = 0; k && i < sizeof SETTINGS / sizeof SETTINGS[0]; i++)
            if (strcmp(SETTINGS[i].name, k) == 0) found = (int)i;
        if (found < 0) {
            PyErr_Format(EngineError, "unknown match setting %R", key);
            return -1;
        }
        char *field = (char *)s + SETTINGS[found].offset;
        switch (SETTINGS[found].kind) {
        case SK_INT: {
            if (!PyLong_Check(value) || PyBool_Check(value)) {
                PyErr_Format(EngineError, "setting %s must be an int, got %R", k, value);
                return -1;
            }
            long long v = PyLong_AsLongLong(value);
            if ((v == -1 && PyErr_Occurred()) || v < -1000000000LL || v > 1000000000LL) {
                PyErr_Clear();
                PyErr_Format(EngineError, "setting %s out of range: %R", k, value);
                return -1;
            }
            *(int32_t *)field = (int32_t)v;
            break;
        }
        case SK_BOOL: {
            int t = PyObject_IsTrue(value);
            if (t < 0) return -1;
            *(bool *)field = t != 0;
            break;
        }
        case SK_FX: {
            Py_ssize_t n;
            const char *text = PyUnicode_Check(value) ? PyUnicode_AsUTF8AndSize(value, &n) : NULL;
            fx v;
            if (!text || fx_parse(text, (size_t)n, &v) != FX_OK) {
                PyErr_Format(EngineError, "setting %s must be a fixed-point string, got %R", k, value);
                return -1;
            }
            *(fx *)field = v;
            break;
        }
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ data and extra */
static int sym_of(PyObject *s) {
    Py_ssize_t n;
    const char *text = PyUnicode_AsUTF8AndSize(s, &n);
    if (!text) {
        PyErr_Clear();
        return -1;
    }
    return sym_lookup(text, (size_t)n);
}

static int leaf_of(PyObject *v, uint8_t *kind, int32_t *out) {
    if (v == Py_None) {
        *kind = YD_NULL;
        *out = 0;
        return 0;
    }
    if (PyBool_Check(v)) {
        *kind = YD_BOOL;
        *out = v == Py_True;
        return 0;
    }
    if (PyLong_Check(v)) {
        long long x = PyLong_AsLongLong(v);
        if ((x == -1 && PyErr_Occurred()) || x < INT32_MIN || x > INT32_MAX) {
            PyErr_Clear();
            return -1;
        }
        *kind = YD_INT;
        *out = (int32_t)x;
        return 0;
    }
    if (PyUnicode_Check(v)) {
        int s = sym_of(v);
        if (s < 0) return 1; /* a text no C code names */
        *kind = YD_STR;
        *out = s;
        return 0;
    }
    return -1;
}

/* Python data -> ydata: None, a bool, an int, a known string, or a dict of those (two levels).
 * Inside a dict, a leaf whose key or text no C code names (every name the C code reads is an
 * interned symbol) is left out, as the environment's decode does: an OptionButton's
 * {"id": 1, "name": "Punch"} keeps its id. */
static int convert_data(PyObject *data, ydata *out) {
    ydata_none(out);
    if (data == NULL || data == Py_None) return 0;
    if (!PyDict_Check(data)) {
        uint8_t kind;
        int32_t v;
        if (leaf_of(data, &kind, &v) != 0) goto bad;
        out->kind = kind;
        out->i = v;
        return 0;
    }
    out->kind = YD_DICT;
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(data, &pos, &key, &value)) {
        if (!PyUnicode_Check(key)) goto bad;
        int k1 = sym_of(key);
        if (PyDict_Check(value)) {
            PyObject *k2o, *v2;
            Py_ssize_t pos2 = 0;
            while (PyDict_Next(value, &pos2, &k2o, &v2)) {
                if (!PyUnicode_Check(k2o)) goto bad;
                int k2 = sym_of(k2o);
                uint8_t kind;
                int32_t v;
                if (k2 == 0) goto bad;
                int r = leaf_of(v2, &kind, &v);
                if (r < 0) goto bad;
                if (r > 0 || k1 < 0 || k2 < 0) continue;
                if (out->n >= YOMI_DATA_MAX) goto bad;
                out->e[out->n++] = (ydata_leaf){.k1 = (uint16_t)k1, .k2 = (uint16_t)k2, .kind = kind, .v = v};
            }
        } else {
            uint8_t kind;
            int32_t v;
            int r = leaf_of(value, &kind, &v);
            if (r < 0) goto bad;
            if (r > 0 || k1 < 0) continue;
            if (out->n >= YOMI_DATA_MAX) goto bad;
            out->e[out->n++] = (ydata_leaf){.k1 = (uint16_t)k1, .k2 = SYM_NONE, .kind = kind, .v = v};
        }
    }
    return 0;
bad:
    PyErr_Format(InvalidAction, "data %R cannot be represented by the C engine", data);
    return -1;
}

static int get_int32(PyObject *v, int32_t *out) {
    if (!PyLong_Check(v) || PyBool_Check(v)) return -1;
    long long x = PyLong_AsLongLong(v);
    if ((x == -1 && PyErr_Occurred()) || x < INT32_MIN || x > INT32_MAX) {
        PyErr_Clear();
        return -1;
    }
    *out = (int32_t)x;
    return 0;
}

static int convert_extra(int table, PyObject *extra, yextra *out, bool *has) {
    memset(out, 0, sizeof *out);
    *has = false;
    if (extra == NULL || extra == Py_None) return 0;
    if (!PyDict_Check(extra)) {
        PyErr_Format(InvalidAction, "extra must be a dict or null, got %R", extra);
        return -1;
    }
    const yomi_char *chr = fighter_char(table);
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(extra, &pos, &key, &value)) {
        const char *k = PyUnicode_Check(key) ? PyUnicode_AsUTF8(key) : NULL;
        int idx = k ? table_extra_index(table, k) : -1;
        if (idx < 0) {
            PyErr_Format(InvalidAction, "unknown extra %R for %s", key, yomi_fighter_tables[table].name);
            return -1;
        }
        int shape = idx == YX_DI ? YXS_DIR : idx == YX_PREDICTION ? YXS_INT
                    : idx < YX_CHAR0 ? YXS_BOOL : chr->extras[idx - YX_CHAR0].shape;
        out->present |= 1u << idx;
        if (shape == YXS_BOOL) {
            if (!PyBool_Check(value)) goto bad;
            if (value == Py_True) out->bools |= 1u << idx;
        } else if (shape == YXS_INT) {
            if (get_int32(value, &out->x[idx]) < 0) goto bad;
        } else {
            if (value == Py_None) {
                if (idx == YX_DI) goto bad; /* the Python engine would fail later on it */
                out->nulls |= 1u << idx;
                continue;
            }
            PyObject *x = PyDict_Check(value) ? PyDict_GetItemString(value, "x") : NULL;
            PyObject *y = PyDict_Check(value) ? PyDict_GetItemString(value, "y") : NULL;
            if (!x || !y || PyDict_Size(value) != 2 || get_int32(x, &out->x[idx]) < 0 ||
                get_int32(y, &out->y[idx]) < 0)
                goto bad;
        }
        continue;
    bad:
        PyErr_Format(InvalidAction, "extra[%R] has the wrong shape: %R", key, value);
        return -1;
    }
    *has = out->present != 0;
    return 0;
}

/* ------------------------------------------------------------------ state() */
static PyObject *fx_str(fx v) {
    char buf[FX_STR_MAX];
    fx_format(v, buf);
    return PyUnicode_FromString(buf);
}

static PyObject *objref(int number) {
    if (number <= 0) Py_RETURN_NONE;
    if (number == 1) return PyUnicode_FromString("P1");
    if (number == 2) return PyUnicode_FromString("P2");
    return PyUnicode_FromFormat("%d", number);
}

static int set_item(PyObject *d, const char *k, PyObject *v) {
    if (!v) return -1;
    int r = PyDict_SetItemString(d, k, v);
    Py_DECREF(v);
    return r;
}

/* a variable of a character (m, f: its lists of object names are partly in the match's pool; snap:
 * base is its snap_vars) or of an object (f NULL) */
static PyObject *res_value(const yres_field *r, const uint8_t *base, const ymatch *m, const yfighter *f, bool snap) {
    const void *p = base + r->offset;
    switch (r->kind) {
    case RF_INT: return PyLong_FromLong(*(const int32_t *)p);
    case RF_BOOL: return PyBool_FromLong(*(const yflag *)p != 0);
    case RF_FX: return fx_str(*(const fx *)p);
    case RF_OBJREF: return objref(*(const int32_t *)p);
    case RF_XY_OR_NULL: {
        const yxy_opt *xy = p;
        if (!xy->has) Py_RETURN_NONE;
        return Py_BuildValue("{s:i,s:i}", "x", xy->x, "y", xy->y);
    }
    case RF_OBJREF_LIST: {
        const yref_list *l = p;
        int j = 0;
        while (f && j < f->chr->n_ref_lists && f->chr->ref_lists[j] != r->offset) j++;
        if (!f || j == f->chr->n_ref_lists) {
            PyErr_Format(PyExc_RuntimeError, "%s is no list of object names of its character", r->name);
            return NULL;
        }
        PyObject *list = PyList_New(l->n);
        for (int i = 0; list && i < l->n; i++) PyList_SET_ITEM(list, i, objref(fighter_ref_at(m, f, j, snap, i)));
        return list;
    }
    case RF_INT_OR_NULL: {
        const yint_opt *v = p;
        if (!v->has) Py_RETURN_NONE;
        return PyLong_FromLong(v->v);
    }
    }
    Py_RETURN_NONE;
}

static int put_body(PyObject *d, yobj *o, ystate *st) {
    fg_body *c = &o->chara;
    if (st) {
        if (set_item(d, "state", PyUnicode_FromString(sym_text(st_name(st)))) < 0) return -1;
        if (set_item(d, "st", PyLong_FromLong(st->current_tick)) < 0) return -1;
    } else {
        if (PyDict_SetItemString(d, "state", Py_None) < 0 || PyDict_SetItemString(d, "st", Py_None) < 0) return -1;
    }
    if (set_item(d, "px", PyLong_FromLong(fx_round_to_int(c->pos_x))) < 0) return -1;
    if (set_item(d, "py", PyLong_FromLong(fx_round_to_int(c->pos_y))) < 0) return -1;
    if (set_item(d, "x", fx_str(c->pos_x)) < 0) return -1;
    if (set_item(d, "y", fx_str(c->pos_y)) < 0) return -1;
    if (set_item(d, "vx", fx_str(c->vel_x)) < 0) return -1;
    if (set_item(d, "vy", fx_str(c->vel_y)) < 0) return -1;
    if (set_item(d, "facing", PyLong_FromLong(c->facing)) < 0) return -1;
    return 0;
}

static PyObject *fighter_view(ymatch *m, yfighter *f) {
    PyObject *d = PyDict_New();
    if (!d) return NULL;
    ystate *st = obj_state(&f->o);
    bool snap = m->snap_valid;
    if (put_body(d, &f->o, st) < 0) goto fail;
    fg_body *c = &f->o.chara;
#define I(k, v) if (set_item(d, k, PyLong_FromLong(v)) < 0) goto fail
#define B(k, v) if (set_item(d, k, PyBool_FromLong(v)) < 0) goto fail
    B("grounded", c->grounded);
    if (set_item(d, "pushback", fx_str(c->pushback_vel)) < 0) goto fail;
    I("hp", f->hp);
    I("super_meter", f->super_meter);
    I("supers", f->supers_available);
    I("burst_meter", f->burst_meter);
    I("bursts", f->bursts_available);
    I("combo", f->o.combo_count);
    I("hitlag", f->o.hitlag_ticks);
    if (st && st_is(st, T_HURT)) {
        I("hitstun", st_vt(st)->hitstun(m, &f->o, st));
    } else if (PyDict_SetItemString(d, "hitstun", Py_None) < 0) {
        goto fail;
    }
    I("blockstun", f->blockstun_ticks);
    I("air_moves", f->air_movements_left);
    I("feints", f->feints);
    I("penalty", f->penalty);
    B("interruptable", snap ? f->snap_interruptable : f->o.state_interruptable);
    B("hit_cancellable", snap ? f->snap_hit_cancellable : f->o.state_hit_cancellable);
    B("busy", snap ? f->snap_busy : f->busy_interrupt);
    B("invuln", f->o.invulnerable);
    B("proj_invuln", f->o.projectile_invulnerable);
#undef I
#undef B
    PyObject *di = f->di_is_str ? Py_BuildValue("{s:s,s:s}", "x", "0", "y", "0")
                                : Py_BuildValue("{s:i,s:i}", "x", f->current_di[0], "y", f->current_di[1]);
    if (set_item(d, "di", di) < 0) goto fail;
    if (set_item(d, "stance", PyUnicode_FromString(sym_text(f->stance))) < 0) goto fail;
    if (set_item(d, "air_option_bar", PyLong_FromLong(f->air_option_bar)) < 0) goto fail;
    PyObject *res = PyDict_New();
    if (set_item(d, "res", res) < 0) goto fail;
    const uint8_t *vars = snap ? f->snap_vars : f->vars;
    for (int i = 0; i < f->chr->n_res; i++)
        if (set_item(res, f->chr->res[i].name, res_value(&f->chr->res[i], vars, m, f, snap)) < 0) goto fail;
    return d;
fail:
    Py_DECREF(d);
    return NULL;
}

static PyObject *match_view(ymatch *m) {
    PyObject *objs = PyList_New(0);
    if (!objs) return NULL;
    for (int k = 0; k < m->n_objs; k++) {
        yproj *p = match_obj_at(m, k);
        yobj *o = &p->o;
        if (o->disabled) continue;
        PyObject *d = PyDict_New();
        if (!d) goto fail;
        const ytable *t = &yomi_object_tables[o->table];
        if (set_item(d, "name", objref(o->number)) < 0 || set_item(d, "scene", PyUnicode_FromString(t->name)) < 0 ||
            set_item(d, "owner", PyLong_FromLong(o->id)) < 0 ||
            put_body(d, o, o->initialized ? obj_state(o) : NULL) < 0) {
            Py_DECREF(d);
            goto fail;
        }
        for (const yobj_class *c = p->vt->cls; c; c = c->parent)
            for (int i = 0; i < c->n_trace_fields; i++)
                if (set_item(d, c->trace_fields[i].name, res_value(&c->trace_fields[i], p->vars, m, NULL, false)) < 0) {
                    Py_DECREF(d);
                    goto fail;
                }
        if (PyList_Append(objs, d) < 0) {
            Py_DECREF(d);
            goto fail;
        }
        Py_DECREF(d);
    }
    PyObject *p1 = fighter_view(m, P1(m));
    PyObject *p2 = p1 ? fighter_view(m, P2(m)) : NULL;
    if (!p1 || !p2) {
        Py_XDECREF(p1);
        goto fail;
    }
    PyObject *out = Py_BuildValue("{s:N,s:N,s:N}", "p1", p1, "p2", p2, "objects", objs);
    return out;
fail:
    Py_DECREF(objs);
    return NULL;
}

static PyObject *match_result(ymatch *m) {
    if (!m->game_finished) Py_RETURN_NONE;
    const char *reason = (P1(m)->hp <= 0 || P2(m)->hp <= 0) ? "ko" : "timeout";
    return Py_BuildValue("{s:i,s:i,s:s,s:i,s:i,s:i,s:i}", "tick", m->game_end_tick, "winner", m->winner, "reason",
                         reason, "p1_hp", P1(m)->hp, "p2_hp", P2(m)->hp, "turns", m->turns, "game_length", m->time);
}

/* ------------------------------------------------------------------ the common operations */
static int check_player(PyObject *o, int *player) {
    if (!PyLong_Check(o) || PyBool_Check(o)) goto bad;
    long p = PyLong_AsLong(o);
    if (p != 1 && p != 2) goto bad;
    *player = (int)p;
    return 0;
bad:
    PyErr_Clear();
    PyErr_Format(EngineError, "player must be 1 or 2, got %R", o);
    return -1;
}

static bool needs_action(ymatch *m, int player) {
    return m->turn_open && !m->game_finished && !m->submitted[player - 1];
}

static PyObject *legal_list(ymatch *m, yfighter *f, bool fg, bool fa) {
    int16_t list[YOMI_MAX_FSTATES + 1];
    int n = actions_legal(m, f, fg, fa, list);
    if (!YOK(m)) return raise_match_error(m);
    PyObject *out = PyList_New(n);
    for (int i = 0; out && i < n; i++)
        PyList_SET_ITEM(out, i, PyUnicode_FromString(list[i] == ACT_CONTINUE ? "Continue"
                                                                              : sym_text(f->states[list[i]].st->name)));
    return out;
}

static int extra_flag(PyObject *extra, const char *key) {
    if (!extra || !PyDict_Check(extra)) return 0;
    PyObject *v = PyDict_GetItemString(extra, key);
    return v ? PyObject_IsTrue(v) > 0 : 0;
}

/* integration/engine.py: Match.submit */
static int do_submit(ymatch *m, int player, PyObject *action, PyObject *data, PyObject *extra) {
    yfighter *f = &m->f[player - 1];
    if (m->err) {
        raise_match_error(m);
        return -1;
    }
    if (m->game_finished) {
        PyErr_SetString(EngineError, "the match is over");
        return -1;
    }
    if (!m->turn_open) {
        PyErr_Format(EngineError, "player %d may not act now: no decision is open (call advance())", player);
        return -1;
    }
    if (m->submitted[player - 1]) {
        PyErr_Format(EngineError, "player %d has already submitted for this decision", player);
        return -1;
    }
    if (!PyUnicode_Check(action)) {
        PyErr_Format(InvalidAction, "action must be a move name (str), got %R", action);
        return -1;
    }
    bool fg = extra_flag(extra, "input_grounded"), fa = extra_flag(extra, "input_aerial");
    int sym = sym_of(action);
    if (sym < 0 || !actions_is_legal(m, f, sym, fg, fa)) {
        if (!YOK(m)) {
            raise_match_error(m);
            return -1;
        }
        bool known = sym >= 0 && obj_state_index_quiet(&f->o, sym) >= 0;
        PyObject *legal = legal_list(m, f, fg, fa);
        PyObject *sep = PyUnicode_FromString(", ");
        PyObject *joined = legal && sep ? PyUnicode_Join(sep, legal) : NULL;
        PyErr_Format(InvalidAction, "player %d (%s): move %R is %s; legal: %S", player, f->chr->name, action,
                     known ? "not legal now" : "unknown", joined ? joined : Py_None);
        Py_XDECREF(legal);
        Py_XDECREF(sep);
        Py_XDECREF(joined);
        return -1;
    }
    ydata d;
    if (sym == SYM_Continue) {
        if (data && data != Py_None) {
            PyErr_Format(InvalidAction, "Continue takes no data (got %R)", data);
            return -1;
        }
        ydata_none(&d);
    } else if (convert_data(data, &d) < 0) {
        return -1;
    }
    yextra e;
    bool has_extra;
    if (convert_extra(f->o.table, extra, &e, &has_extra) < 0) return -1;
    fighter_on_action_selected(m, f, sym, &d, has_extra ? &e : NULL);
    m->submitted[player - 1] = true;
    if (m->submitted[0] && m->submitted[1]) {
        match_end_turn(m);
        m->turn_open = false;
        m->submitted[0] = m->submitted[1] = false;
    }
    return 0;
}

/* all zeros: a match struct is zeros or a match (ytypes.h), never garbage */
static ymatch *new_match_struct(void) {
    ymatch *m = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63);
    if (!m) PyErr_NoMemory();
    else memset(m, 0, sizeof *m);
    return m;
}

/* a new Match owning a deep copy of src (its object pool too); NULL and an exception */
static PyObject *match_object_copy(const ymatch *src);

static int table_of_character(PyObject *name) {
    const char *s = PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;
    int t = s ? fighter_table_index(s) : -1;
    if (t < 0 || !fighter_char(t)) {
        if (t >= 0 && !fighter_char(t))
            PyErr_Format(EngineError, "the character %R is not written in C (%s)", name,
                         table_unavailable_reason(1, t));
        else PyErr_Format(EngineError, "unknown character %R", name);
        return -1;
    }
    const char *why = table_unavailable_reason(1, t);
    if (why) {
        PyErr_Format(EngineError, "the C engine cannot build %R: %s", name, why);
        return -1;
    }
    return t;
}

static int create_into(ymatch *m, PyObject *p1, PyObject *p2, PyObject *seed_o, PyObject *settings) {
    int t1 = table_of_character(p1);
    if (t1 < 0) return -1;
    int t2 = table_of_character(p2);
    if (t2 < 0) return -1;
    if (!PyLong_Check(seed_o) || PyBool_Check(seed_o)) {
        PyErr_Format(EngineError, "seed must be an int, got %R", seed_o);
        return -1;
    }
    int overflow = 0;
    long long seed = PyLong_AsLongLongAndOverflow(seed_o, &overflow);
    if (overflow || (seed == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        PyErr_Format(EngineError, "seed out of the 64-bit range: %R", seed_o);
        return -1;
    }
    ysettings s;
    if (convert_settings(settings, &s) < 0) return -1;
    if (match_create(m, t1, t2, seed, &s) < 0) {
        raise_match_error(m);
        return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ Match */

static PyTypeObject MatchType;

static void match_dealloc(PyObject *self) {
    ymatch *m = ((MatchObject *)self)->m;
    if (m) match_free(m);
    free(m);
    Py_TYPE(self)->tp_free(self);
}

static int match_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"p1", "p2", "seed", "settings", NULL};
    PyObject *p1, *p2, *seed = NULL, *settings = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|OO", kwlist, &p1, &p2, &seed, &settings)) return -1;
    char why[8];
    yomi_engine_init(why, sizeof why);
    MatchObject *mo = (MatchObject *)self;
    if (!mo->m && !(mo->m = new_match_struct())) return -1;
    PyObject *zero = NULL;
    if (!seed) seed = zero = PyLong_FromLong(0);
    int r = create_into(mo->m, p1, p2, seed, settings);
    Py_XDECREF(zero);
    return r;
}

#define M(self) (((MatchObject *)(self))->m)

static PyObject *m_advance(PyObject *self, PyObject *unused) {
    (void)unused;
    ymatch *m = M(self);
    if (m->err) return raise_match_error(m);
    if (match_iface_advance(m) < 0) return raise_match_error(m);
    Py_RETURN_NONE;
}

static PyObject *m_tick(PyObject *self, PyObject *unused) {
    (void)unused;
    ymatch *m = M(self);
    if (m->err) return raise_match_error(m);
    if (m->game_finished) {
        PyErr_SetString(EngineError, "the match is over");
        return NULL;
    }
    if (m->turn_open) {
        PyErr_SetString(EngineError, "a decision is open: both players must submit before the match can tick");
        return NULL;
    }
    if (match_iface_tick(m) < 0) return raise_match_error(m);
    Py_RETURN_NONE;
}

static PyObject *m_is_waiting(PyObject *self, PyObject *unused) {
    (void)unused;
    ymatch *m = M(self);
    return PyBool_FromLong(m->turn_open && !m->game_finished);
}

static PyObject *m_needs_action(PyObject *self, PyObject *arg) {
    int player;
    if (check_player(arg, &player) < 0) return NULL;
    return PyBool_FromLong(needs_action(M(self), player));
}

static PyObject *m_legal_actions(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"player", "force_grounded", "force_aerial", NULL};
    PyObject *po;
    int fg = 0, fa = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O|pp", kwlist, &po, &fg, &fa)) return NULL;
    int player;
    if (check_player(po, &player) < 0) return NULL;
    ymatch *m = M(self);
    if (m->err) return raise_match_error(m);
    if (!needs_action(m, player)) return PyList_New(0);
    return legal_list(m, &m->f[player - 1], fg, fa);
}

static PyObject *m_submit(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"player", "action", "data", "extra", NULL};
    PyObject *po, *action, *data = Py_None, *extra = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|OO", kwlist, &po, &action, &data, &extra)) return NULL;
    int player;
    if (check_player(po, &player) < 0) return NULL;
    if (do_submit(M(self), player, action, data, extra) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *m_state(PyObject *self, PyObject *unused) {
    (void)unused;
    return match_view(M(self));
}

static PyObject *m_result(PyObject *self, PyObject *unused) {
    (void)unused;
    return match_result(M(self));
}

static PyObject *match_object_copy(const ymatch *src) {
    MatchObject *copy = PyObject_New(MatchObject, &MatchType);
    if (!copy) return NULL;
    copy->m = new_match_struct();
    if (!copy->m || match_copy(copy->m, src) < 0) {
        if (copy->m) PyErr_NoMemory();
        Py_DECREF(copy);
        return NULL;
    }
    return (PyObject *)copy;
}

static PyObject *m_clone(PyObject *self, PyObject *unused) {
    (void)unused;
    return match_object_copy(M(self));
}

static PyObject *m_current_tick(PyObject *self, void *c) {
    (void)c;
    return PyLong_FromLong(M(self)->current_tick);
}

static PyObject *m_characters(PyObject *self, void *c) {
    (void)c;
    ymatch *m = M(self);
    return Py_BuildValue("(ss)", P1(m)->chr->name, P2(m)->chr->name);
}

static PyMethodDef MATCH_METHODS[] = {
    {"advance", m_advance, METH_NOARGS, "Tick until a decision is open or the match ends."},
    {"tick", m_tick, METH_NOARGS, "Simulate one tick (refused while a decision is open)."},
    {"is_waiting", m_is_waiting, METH_NOARGS, "A decision is open."},
    {"needs_action", m_needs_action, METH_O, "needs_action(player): this player still has to submit."},
    {"legal_actions", (PyCFunction)(void (*)(void))m_legal_actions, METH_VARARGS | METH_KEYWORDS,
     "legal_actions(player, force_grounded=False, force_aerial=False): sorted menu names, Continue included."},
    {"submit", (PyCFunction)(void (*)(void))m_submit, METH_VARARGS | METH_KEYWORDS,
     "submit(player, action, data=None, extra=None)."},
    {"state", m_state, METH_NOARGS, "The state at the end of the last tick, in the traces' format."},
    {"result", m_result, METH_NOARGS, "None, then the trace's end line."},
    {"clone", m_clone, METH_NOARGS, "An independent copy (match_copy: the struct and its object pool)."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef MATCH_GETSET[] = {
    {"current_tick", m_current_tick, NULL, "The last simulated tick (-1 before the first).", NULL},
    {"characters", m_characters, NULL, "The two characters.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject MatchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "yomi._native.Match",
    .tp_basicsize = sizeof(MatchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Match(p1, p2, seed=0, settings=None): one match on the C engine.",
    .tp_new = PyType_GenericNew,
    .tp_init = match_init,
    .tp_dealloc = match_dealloc,
    .tp_methods = MATCH_METHODS,
    .tp_getset = MATCH_GETSET,
};

/* ------------------------------------------------------------------ MatchBatch */
typedef struct {
    int16_t table;
    uint16_t action; /* symbol */
    ydata data;
    yextra extra;
    bool has_extra, force_grounded, force_aerial;
} ycode;

typedef struct {
    PyObject_HEAD
    ymatch *ms;
    Py_ssize_t n;
    ycode *codes;
    Py_ssize_t n_codes, cap_codes;
    bool busy; /* a step() or run_script() is running without the GIL: every other call is refused */
} BatchObject;

/* MatchBatch is not thread-safe: step() and run_script() release the GIL, and a call from another
 * thread meanwhile (a reset, a new action code, a read) would race with them. The flag is set and
 * read under the GIL, so a concurrent call gets this error instead. */
static int batch_refuse_busy(BatchObject *b) {
    if (!b->busy) return 0;
    PyErr_SetString(PyExc_RuntimeError, "MatchBatch is busy: step() or run_script() is running in another thread "
                                        "(a MatchBatch is not thread-safe: use one per thread)");
    return -1;
}

enum { ST_WAITING = 0, ST_FINISHED = 1, ST_ERROR = -1, ST_ILLEGAL = -2, ST_EMPTY = -3 };

static void batch_free_matches(BatchObject *b) {
    for (Py_ssize_t i = 0; b->ms && i < b->n; i++) match_free(&b->ms[i]);
    free(b->ms);
    b->ms = NULL;
    b->n = 0;
}

static void batch_dealloc(PyObject *self) {
    BatchObject *b = (BatchObject *)self;
    batch_free_matches(b);
    free(b->codes);
    Py_TYPE(self)->tp_free(self);
}

static int batch_init(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"n", NULL};
    Py_ssize_t n;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "n", kwlist, &n)) return -1;
    if (n <= 0 || n > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "n must be in 1 .. 2^20");
        return -1;
    }
    char why[8];
    yomi_engine_init(why, sizeof why);
    BatchObject *b = (BatchObject *)self;
    if (batch_refuse_busy(b) < 0) return -1;
    batch_free_matches(b);
    b->ms = calloc((size_t)n, sizeof(ymatch));
    if (!b->ms) {
        PyErr_NoMemory();
        return -1;
    }
    b->n = n;
    return 0;
}

static ymatch *batch_at(PyObject *self, PyObject *io) {
    BatchObject *b = (BatchObject *)self;
    if (batch_refuse_busy(b) < 0) return NULL;
    Py_ssize_t i = PyLong_AsSsize_t(io);
    if (i == -1 && PyErr_Occurred()) return NULL;
    if (i < 0 || i >= b->n) {
        PyErr_Format(PyExc_IndexError, "match index %zd out of range", i);
        return NULL;
    }
    ymatch *m = &b->ms[i];
    if (m->magic != YOMI_MAGIC) {
        PyErr_Format(EngineError, "match %zd was never reset", i);
        return NULL;
    }
    return m;
}

static PyObject *b_reset(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"index", "p1", "p2", "seed", "settings", NULL};
    Py_ssize_t i;
    PyObject *p1, *p2, *seed, *settings = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "nOOO|O", kwlist, &i, &p1, &p2, &seed, &settings))
        return NULL;
    BatchObject *b = (BatchObject *)self;
    if (batch_refuse_busy(b) < 0) return NULL;
    if (i < 0 || i >= b->n) {
        PyErr_Format(PyExc_IndexError, "match index %zd out of range", i);
        return NULL;
    }
    if (create_into(&b->ms[i], p1, p2, seed, settings) < 0) {
        b->ms[i].magic = 0;
        return NULL;
    }
    if (match_iface_advance(&b->ms[i]) < 0) return raise_match_error(&b->ms[i]);
    Py_RETURN_NONE;
}

static PyObject *b_register_action(PyObject *self, PyObject *args, PyObject *kw) {
    static char *kwlist[] = {"character", "action", "data", "extra", NULL};
    PyObject *character, *action, *data = Py_None, *extra = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "OO|OO", kwlist, &character, &action, &data, &extra)) return NULL;
    BatchObject *b = (BatchObject *)self;
    if (batch_refuse_busy(b) < 0) return NULL;
    int table = table_of_character(character);
    if (table < 0) return NULL;
    int sym = PyUnicode_Check(action) ? sym_of(action) : -1;
    if (sym < 0 || (sym != SYM_Continue && table_state_of_sym(1, table, sym) < 0)) {
        PyErr_Format(InvalidAction, "unknown move %R for %R", action, character);
        return NULL;
    }
    ycode c;
    memset(&c, 0, sizeof c);
    c.table = (int16_t)table;
    c.action = (uint16_t)sym;
    if (sym == SYM_Continue && data != Py_None) {
        PyErr_Format(InvalidAction, "Continue takes no data (got %R)", data);
        return NULL;
    }
    if (convert_data(data, &c.data) < 0) return NULL;
    if (convert_extra(table, extra, &c.extra, &c.has_extra) < 0) return NULL;
    c.force_grounded = extra_flag(extra, "input_grounded");
    c.force_aerial = extra_flag(extra, "input_aerial");
    if (b->n_codes == b->cap_codes) {
        Py_ssize_t cap = b->cap_codes ? b->cap_codes * 2 : 64;
        ycode *nc = realloc(b->codes, (size_t)cap * sizeof(ycode));
        if (!nc) return PyErr_NoMemory();
        b->codes = nc;
        b->cap_codes = cap;
    }
    b->codes[b->n_codes] = c;
    return PyLong_FromSsize_t(b->n_codes++);
}

/* step(codes, status): codes is an int32 buffer of n*2 (a code per player, -1: none); each
 * open decision gets the codes of the players that must act, then the match advances to
 * its next decision. status (int8, n): 0 waiting, 1 finished, -1 engine error, -2 illegal
 * action (that match did not move), -3 never reset. Releases the GIL while stepping. */
static PyObject *b_step(PyObject *self, PyObject *args) {
    BatchObject *b = (BatchObject *)self;
    if (batch_refuse_busy(b) < 0) return NULL;
    PyObject *codes_o, *status_o;
    if (!PyArg_ParseTuple(args, "OO", &codes_o, &status_o)) return NULL;
    Py_buffer cb, sb;
    if (PyObject_GetBuffer(codes_o, &cb, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (PyObject_GetBuffer(status_o, &sb, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0) {
        PyBuffer_Release(&cb);
        return NULL;
    }
    if (cb.itemsize != 4 || cb.len != (Py_ssize_t)(b->n * 2 * 4) || sb.itemsize != 1 || sb.len != b->n) {
        PyBuffer_Release(&cb);
        PyBuffer_Release(&sb);
        PyErr_SetString(PyExc_ValueError, "codes must be int32[n, 2] and status int8[n]");
        return NULL;
    }
    const int32_t *codes = cb.buf;
    int8_t *status = sb.buf;
    b->busy = true;
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < b->n; i++) {
        ymatch *m = &b->ms[i];
        if (m->magic != YOMI_MAGIC) {
            status[i] = ST_EMPTY;
            continue;
        }
        if (m->err) {
            status[i] = ST_ERROR;
            continue;
        }
        bool illegal = false;
        if (m->turn_open && !m->game_finished) {
            for (int p = 0; p < 2 && !illegal; p++) {
                if (m->submitted[p]) continue;
                int32_t code = codes[2 * i + p];
                if (code < 0) continue;
                if (code >= b->n_codes || b->codes[code].table != m->f[p].o.table) {
                    illegal = true;
                    break;
                }
                const ycode *c = &b->codes[code];
                yfighter *f = &m->f[p];
                if (!actions_is_legal(m, f, c->action, c->force_grounded, c->force_aerial)) {
                    illegal = true;
                    break;
                }
                fighter_on_action_selected(m, f, c->action, &c->data, c->has_extra ? &c->extra : NULL);
                m->submitted[p] = true;
            }
            if (!illegal && m->submitted[0] && m->submitted[1]) {
                match_end_turn(m);
                m->turn_open = false;
                m->submitted[0] = m->submitted[1] = false;
            }
        }
        if (illegal) {
            status[i] = ST_ILLEGAL;
            continue;
        }
        if (!m->turn_open && !m->game_finished) match_iface_advance(m);
        status[i] = m->err ? ST_ERROR : (m->game_finished ? ST_FINISHED : ST_WAITING);
    }
    Py_END_ALLOW_THREADS
    b->busy = false;
    PyBuffer_Release(&cb);
    PyBuffer_Release(&sb);
    Py_RETURN_NONE;
}

/* run_script(index, codes int32[k, 2]) -> (ticks, decisions, status): play one match from its
 * current decision through a scripted list of code pairs (one pair per decision), all in C.
 * Stops when the match ends, the script runs out (status 0), or an action is illegal (-2). */
static PyObject *b_run_script(PyObject *self, PyObject *args) {
    BatchObject *b = (BatchObject *)self;
    PyObject *io, *codes_o;
    if (!PyArg_ParseTuple(args, "OO", &io, &codes_o)) return NULL;
    ymatch *m = batch_at(self, io);
    if (!m) return NULL;
    Py_buffer cb;
    if (PyObject_GetBuffer(codes_o, &cb, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0) return NULL;
    if (cb.itemsize != 4 || cb.len % 8) {
        PyBuffer_Release(&cb);
        PyErr_SetString(PyExc_ValueError, "codes must be int32[k, 2]");
        return NULL;
    }
    const int32_t *codes = cb.buf;
    Py_ssize_t k = cb.len / 8, used = 0;
    int32_t start_tick = m->current_tick;
    int status = 0;
    b->busy = true;
    Py_BEGIN_ALLOW_THREADS
    while (!m->err && !m->game_finished) {
        if (!m->turn_open) {
            match_iface_advance(m);
            continue;
        }
        if (used >= k) break;
        for (int p = 0; p < 2 && status == 0; p++) {
            int32_t code = codes[2 * used + p];
            if (code < 0 || code >= b->n_codes || b->codes[code].table != m->f[p].o.table) {
                status = ST_ILLEGAL;
                break;
            }
            const ycode *c = &b->codes[code];
            if (!actions_is_legal(m, &m->f[p], c->action, c->force_grounded, c->force_aerial)) {
                status = ST_ILLEGAL;
                break;
            }
            fighter_on_action_selected(m, &m->f[p], c->action, &c->data, c->has_extra ? &c->extra : NULL);
        }
        if (status) break;
        used++;
        match_end_turn(m);
        m->turn_open = false;
        m->submitted[0] = m->submitted[1] = false;
        match_iface_advance(m);
    }
    Py_END_ALLOW_THREADS
    b->busy = false;
    PyBuffer_Release(&cb);
    if (m->err) status = ST_ERROR;
    else if (!status && m->game_finished) status = ST_FINISHED;
    return Py_BuildValue("(iin)", m->current_tick - start_tick, status, used);
}

/* error(index): None, or the exception the match's error would raise (class name, message) */
static PyObject *b_error(PyObject *self, PyObject *io) {
    ymatch *m = batch_at(self, io);
    if (!m) return NULL;
    if (!m->err) Py_RETURN_NONE;
    raise_match_error(m);
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    PyObject *out = Py_BuildValue("(sO)", ((PyTypeObject *)type)->tp_name, value ? value : Py_None);
    Py_XDECREF(type);
    Py_XDECREF(value);
    Py_XDECREF(tb);
    return out;
}

static PyObject *b_state(PyObject *self, PyObject *io) {
    ymatch *m = batch_at(self, io);
    return m ? match_view(m) : NULL;
}

static PyObject *b_result(PyObject *self, PyObject *io) {
    ymatch *m = batch_at(self, io);
    return m ? match_result(m) : NULL;
}

static PyObject *b_legal_actions(PyObject *self, PyObject *args) {
    PyObject *io, *po;
    if (!PyArg_ParseTuple(args, "OO", &io, &po)) return NULL;
    ymatch *m = batch_at(self, io);
    int player;
    if (!m || check_player(po, &player) < 0) return NULL;
    if (m->err) return raise_match_error(m);
    if (!needs_action(m, player)) return PyList_New(0);
    return legal_list(m, &m->f[player - 1], false, false);
}

static PyObject *b_get(PyObject *self, PyObject *io) {
    ymatch *src = batch_at(self, io);
    if (!src) return NULL;
    return match_object_copy(src);
}

static PyObject *b_len(PyObject *self, void *c) {
    (void)c;
    return PyLong_FromSsize_t(((BatchObject *)self)->n);
}

static PyMethodDef BATCH_METHODS[] = {
    {"reset", (PyCFunction)(void (*)(void))b_reset, METH_VARARGS | METH_KEYWORDS,
     "reset(index, p1, p2, seed, settings=None): start a match in a slot and advance it to its first decision."},
    {"register_action", (PyCFunction)(void (*)(void))b_register_action, METH_VARARGS | METH_KEYWORDS,
     "register_action(character, action, data=None, extra=None) -> code: a compiled action for step()."},
    {"step", b_step, METH_VARARGS, "step(codes int32[n,2], status int8[n]): submit and advance every match."},
    {"run_script", b_run_script, METH_VARARGS,
     "run_script(index, codes int32[k,2]) -> (ticks, status, decisions): play scripted decisions in C."},
    {"state", b_state, METH_O, "state(index): the trace view of one match."},
    {"error", b_error, METH_O, "error(index): None, or (exception class name, exception) of a stopped match."},
    {"result", b_result, METH_O, "result(index)."},
    {"legal_actions", b_legal_actions, METH_VARARGS, "legal_actions(index, player)."},
    {"get", b_get, METH_O, "get(index) -> Match: a copy of one match."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef BATCH_GETSET[] = {
    {"size", b_len, NULL, "Number of match slots.", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject BatchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "yomi._native.MatchBatch",
    .tp_basicsize = sizeof(BatchObject),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "MatchBatch(n): n matches in one array, stepped together from action codes.",
    .tp_new = PyType_GenericNew,
    .tp_init = batch_init,
    .tp_dealloc = batch_dealloc,
    .tp_methods = BATCH_METHODS,
    .tp_getset = BATCH_GETSET,
};

/* ------------------------------------------------------------------ module functions */
/* the C class of every state of a character (the differential test compares them with the Python ones) */
static PyObject *py_state_classes(PyObject *self, PyObject *arg) {
    (void)self;
    char why[8];
    yomi_engine_init(why, sizeof why);
    int t = table_of_character(arg);
    if (t < 0) return NULL;
    PyObject *d = PyDict_New();
    const ystate_static *s = table_state_statics(1, t);
    for (int i = 0; d && i < yomi_fighter_tables[t].n_states; i++)
        if (set_item(d, sym_text(s[i].name), PyUnicode_FromString(s[i].vt->cls->name)) < 0) {
            Py_DECREF(d);
            return NULL;
        }
    return d;
}

static PyObject *py_characters(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    char why[8];
    yomi_engine_init(why, sizeof why);
    PyObject *out = PyList_New(0);
    for (int t = 0; out && t < YOMI_N_FIGHTER_TABLES; t++)
        if (fighter_char(t) && !table_unavailable_reason(1, t)) {
            PyObject *s = PyUnicode_FromString(yomi_fighter_tables[t].name);
            PyList_Append(out, s);
            Py_DECREF(s);
        }
    return out;
}

static PyObject *py_engine_info(PyObject *self, PyObject *unused) {
    (void)self;
    (void)unused;
    return Py_BuildValue("{s:s,s:n,s:n,s:n,s:i,s:i,s:i,s:i,s:i}", "tables_hash", yomi_tables_hash, "match_bytes",
                         (Py_ssize_t)sizeof(ymatch), "fighter_bytes", (Py_ssize_t)sizeof(yfighter), "object_bytes",
                         (Py_ssize_t)sizeof(yproj), "inline_objects", YOMI_INLINE_OBJECTS, "max_fighter_states",
                         YOMI_MAX_FSTATES, "max_fighter_hitboxes", YOMI_MAX_FHITBOXES, "inline_connections",
                         YOMI_INLINE_CONNECTIONS, "inline_object_names", YOMI_REF_LIST_INLINE);
}

/* fixed_requantize(raw): the engine's fx_rq, the value of the library's text of raw (tests) */
static PyObject *py_fixed_requantize(PyObject *self, PyObject *arg) {
    (void)self;
    long long raw = PyLong_AsLongLong(arg);
    if (raw == -1 && PyErr_Occurred()) return NULL;
    return PyLong_FromLongLong((long long)fx_rq((fx)raw));
}

static PyMethodDef FUNCTIONS[] = {
    {"fixed_requantize", py_fixed_requantize, METH_O, "fixed_requantize(raw): parse(to_str(raw)) as the engine computes it."},
    {"state_classes", py_state_classes, METH_O, "state_classes(character): state name -> the C class it runs."},
    {"characters", py_characters, METH_NOARGS, "The characters the C engine can play."},
    {"engine_info", py_engine_info, METH_NOARGS, "Sizes and the tables' hash of this build."},
    {NULL, NULL, 0, NULL},
};

int yomi_register_match(PyObject *module) {
    if (PyType_Ready(&MatchType) < 0 || PyType_Ready(&BatchType) < 0) return -1;
    Py_INCREF(&MatchType);
    if (PyModule_AddObject(module, "Match", (PyObject *)&MatchType) < 0) return -1;
    Py_INCREF(&BatchType);
    if (PyModule_AddObject(module, "MatchBatch", (PyObject *)&BatchType) < 0) return -1;
    for (PyMethodDef *f = FUNCTIONS; f->ml_name; f++) {
        PyObject *fn = PyCFunction_New(f, NULL);
        if (!fn || PyModule_AddObject(module, f->ml_name, fn) < 0) return -1;
    }
    return 0;
}
