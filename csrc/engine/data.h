/* data.c: move/state/spawn data (Python dicts) as a compact value (ydata), and the helpers every
 * character uses on it. */
#ifndef YOMI_DATA_H
#define YOMI_DATA_H

#include "ytypes.h"

void ydata_none(ydata *d); /* None, every byte defined */
/* *dst = *src field by field into zeros: the leaves past n and the padding (stack garbage in a
 * ydata built in place) never reach a match, whose bytes a snapshot compares */
void ydata_copy(ydata *dst, const ydata *src);
bool ydata_get(const ydata *d, int k1, int k2, int32_t *out); /* an int or bool leaf */
bool ydata_has(const ydata *d, int k1);                      /* "k1 in data" (a dict) */
/* the data is a dict */
bool ydata_is_dict(const ydata *d);
/* data[k1] (k2 == SYM_NONE) or data[k1][k2] = a leaf of kind and value v; false (YE_LIMIT) when full */
bool ydata_set(ymatch *m, ydata *d, int k1, int k2, int kind, int32_t v);
void ydata_sub(const ydata *d, int k1, ydata *out); /* data[k1] as its own value */
void ydata_xy(ydata *d, int32_t x, int32_t y);      /* {"x": x, "y": y} */
/* a fixed-point string leaf (e.g. {"dir": {"x": "0.7071", ...}}): its raw must fit 32 bits (+-32768.0),
 * else the match stops with YE_LIMIT. An int leaf reads as its value (str(int) parsed). */
bool ydata_set_fx(ymatch *m, ydata *d, int k1, int k2, fx v);
/* the error Python raises reading data[k1] (k2 == SYM_NONE) or data[k1][k2] when ydata_get found
 * nothing: YE_TYPE when data (or data[k1]) is not a dict (None, an int...), YE_KEY when the key is
 * absent; use as yerr(m, ydata_lookup_error(d, k1, k2), ...) */
int ydata_lookup_error(const ydata *d, int k1, int k2);
/* data[k1] or data[k1][k2] as a fixed-point raw (an int leaf reads as its value); false when absent */
bool ydata_get_fx(const ydata *d, int k1, int k2, fx *out);
static inline bool ydata_truthy(const ydata *d) { /* bool(data): Python's truthiness of a move's data */
    switch (d->kind) {
    case YD_NONE:
    case YD_NULL: return false;
    case YD_INT:
    case YD_BOOL: return d->i != 0;
    case YD_STR: return d->i != SYM_NONE;
    case YD_DICT: return d->n > 0;
    default: return true; /* a state object, {"hitbox": ...} */
    }
}
/* a state's data[k1] (k2 == SYM_NONE) or data[k1][k2] as an int leaf; false (the match stopped with
 * the error Python raises there, *out untouched) when it is not one */
bool st_data_get_int(ymatch *m, yobj *host, ystate *st, int k1, int k2, int32_t *out);
int32_t st_data_int(ymatch *m, yobj *host, ystate *st, int k1, int k2); /* the same, 0 when the match stopped */
bool st_data_xy(ymatch *m, yobj *host, ystate *st, int32_t *x, int32_t *y); /* data["x"], then data["y"] */

#endif
