/* A move's data (and a state's data, an object's spawn data) as a compact value.
 *
 * The Python engine keeps these as the Python values the panel sends (None, an int,
 * "homing", a dict of widget values, a dict of dicts) or that scripts build
 * ({"x": 100, "charged": True}, a state object passed as data by
 * StateInterface.queue_state_change, {"hitbox": HitboxData}). A dict is kept as its
 * leaves, each with a key path of one or two symbols. */
#include "data.h"
#include "fxs.h"
#include "match.h"
#include "state.h"

#include <string.h>

/* All of it zeroed (leaves, padding): a match's bytes are a function of its values, so that a
 * snapshot restored and stepped keeps the same bytes as the original (EnvBatch.get_state). */
void ydata_none(ydata *d) { memset(d, 0, sizeof *d); }

void ydata_copy(ydata *dst, const ydata *src) {
    ydata out; /* src may be dst */
    memset(&out, 0, sizeof out);
    out.kind = src->kind;
    out.n = src->n <= YOMI_DATA_MAX ? src->n : YOMI_DATA_MAX;
    out.i = src->i;
    for (int k = 0; k < out.n; k++) {
        out.e[k].k1 = src->e[k].k1;
        out.e[k].k2 = src->e[k].k2;
        out.e[k].kind = src->e[k].kind;
        out.e[k].v = src->e[k].v;
    }
    memcpy(dst, &out, sizeof out);
}

bool ydata_is_dict(const ydata *d) { return d->kind == YD_DICT; }

bool ydata_get(const ydata *d, int k1, int k2, int32_t *out) {
    if (d->kind != YD_DICT) return false;
    for (int i = 0; i < d->n; i++) {
        const ydata_leaf *e = &d->e[i];
        if (e->k1 == k1 && e->k2 == k2 && (e->kind == YD_INT || e->kind == YD_BOOL || e->kind == YD_STR)) {
            *out = e->v;
            return true;
        }
    }
    return false;
}

bool ydata_has(const ydata *d, int k1) {
    if (d->kind != YD_DICT) return false;
    for (int i = 0; i < d->n; i++)
        if (d->e[i].k1 == k1) return true;
    return false;
}

bool ydata_set(ymatch *m, ydata *d, int k1, int k2, int kind, int32_t v) {
    if (d->kind != YD_DICT) {
        d->kind = YD_DICT;
        d->n = 0;
    }
    for (int i = 0; i < d->n; i++) {
        if (d->e[i].k1 == k1 && d->e[i].k2 == k2) {
            d->e[i].kind = (uint8_t)kind;
            d->e[i].v = v;
            return true;
        }
    }
    if (d->n >= YOMI_DATA_MAX) {
        if (m) yerr(m, YE_LIMIT, "move data has more than %d values", YOMI_DATA_MAX);
        return false;
    }
    d->e[d->n++] = (ydata_leaf){.k1 = (uint16_t)k1, .k2 = (uint16_t)k2, .kind = (uint8_t)kind, .v = v};
    return true;
}

void ydata_sub(const ydata *d, int k1, ydata *out) {
    ydata_none(out);
    if (d->kind != YD_DICT) return;
    for (int i = 0; i < d->n; i++) {
        const ydata_leaf *e = &d->e[i];
        if (e->k1 != k1) continue;
        if (e->k2 == SYM_NONE) { /* a scalar */
            out->kind = e->kind == YD_NULL ? YD_NONE : e->kind;
            out->i = e->v;
            out->n = 0;
            return;
        }
        out->kind = YD_DICT;
        if (out->n < YOMI_DATA_MAX)
            out->e[out->n++] = (ydata_leaf){.k1 = e->k2, .k2 = SYM_NONE, .kind = e->kind, .v = e->v};
    }
}

void ydata_xy(ydata *d, int32_t x, int32_t y) {
    d->kind = YD_DICT;
    d->n = 2;
    d->i = 0;
    d->e[0] = (ydata_leaf){.k1 = SYM_x, .k2 = SYM_NONE, .kind = YD_INT, .v = x};
    d->e[1] = (ydata_leaf){.k1 = SYM_y, .k2 = SYM_NONE, .kind = YD_INT, .v = y};
}

int ydata_lookup_error(const ydata *d, int k1, int k2) {
    if (d->kind != YD_DICT) return YE_TYPE; /* None["x"], 5["x"] */
    bool found = false;
    for (int i = 0; i < d->n; i++) {
        const ydata_leaf *e = &d->e[i];
        if (e->k1 != k1) continue;
        found = true;
        if (k2 != SYM_NONE && e->k2 == SYM_NONE) return YE_TYPE; /* data[k1] is None or a scalar */
    }
    if (!found) return YE_KEY;
    return k2 == SYM_NONE ? YE_TYPE : YE_KEY; /* data[k1] is not an int / data[k1] lacks k2 */
}

bool ydata_set_fx(ymatch *m, ydata *d, int k1, int k2, fx v) {
    if (v < INT32_MIN || v > INT32_MAX) {
        if (m) yerr(m, YE_LIMIT, "fixed-point value in data out of the C engine's range (raw %lld)", (long long)v);
        return false;
    }
    return ydata_set(m, d, k1, k2, YD_FX, (int32_t)v);
}

bool ydata_get_fx(const ydata *d, int k1, int k2, fx *out) {
    if (d->kind != YD_DICT) return false;
    for (int i = 0; i < d->n; i++) {
        const ydata_leaf *e = &d->e[i];
        if (e->k1 == k1 && e->k2 == k2 && (e->kind == YD_FX || e->kind == YD_INT)) {
            *out = e->kind == YD_FX ? (fx)e->v : FXI(e->v);
            return true;
        }
    }
    return false;
}

bool st_data_get_int(ymatch *m, yobj *host, ystate *st, int k1, int k2, int32_t *out) {
    const ydata *d = st_data(host, st);
    if (ydata_get(d, k1, k2, out)) return true;
    yerr(m, ydata_lookup_error(d, k1, k2), "%s: its data has no %s%s%s", sym_text(st_name(st)), sym_text(k1),
         k2 != SYM_NONE ? "." : "", k2 != SYM_NONE ? sym_text(k2) : "");
    return false;
}

int32_t st_data_int(ymatch *m, yobj *host, ystate *st, int k1, int k2) {
    int32_t v = 0;
    st_data_get_int(m, host, st, k1, k2, &v);
    return v;
}

bool st_data_xy(ymatch *m, yobj *host, ystate *st, int32_t *x, int32_t *y) {
    return st_data_get_int(m, host, st, SYM_x, SYM_NONE, x) && st_data_get_int(m, host, st, SYM_y, SYM_NONE, y);
}
