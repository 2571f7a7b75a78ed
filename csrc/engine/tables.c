/* Lookups in the generated tables. Mirrors states/data/__init__.py (the loader side). */
#include "tables.h"

#include <string.h>

#include "fixed.h"

int sym_lookup(const char *text, size_t len) {
    int lo = 0, hi = SYM_COUNT - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        const char *s = yomi_sym_text[yomi_sym_sorted[mid]];
        size_t sl = strlen(s);
        size_t n = sl < len ? sl : len;
        int c = memcmp(s, text, n);
        if (c == 0) c = (sl < len) ? -1 : (sl > len ? 1 : 0);
        if (c == 0) return yomi_sym_sorted[mid];
        if (c < 0) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

static const yval *find_prop(const yprop *props, uint16_t n, int prop) {
    int lo = 0, hi = (int)n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (props[mid].id == prop) return &props[mid].v;
        if (props[mid].id < prop) lo = mid + 1;
        else hi = mid - 1;
    }
    return NULL;
}

const yval *node_prop(const ynode *node, int prop) { return node ? find_prop(node->props, node->n_props, prop) : NULL; }
const yval *table_root_prop(const ytable *t, int prop) { return find_prop(t->root_props, t->n_root_props, prop); }

int64_t yval_int(const yval *v, int64_t dflt) {
    if (!v) return dflt;
    if (v->kind == YV_INT || v->kind == YV_BOOL) return v->i;
    return dflt;
}

int yval_bool(const yval *v, int dflt) {
    if (!v) return dflt;
    if (v->kind == YV_BOOL || v->kind == YV_INT) return v->i != 0;
    if (v->kind == YV_NULL) return 0;
    return dflt;
}

int64_t yval_fx(const yval *v, const char *dflt) {
    fx out = 0;
    const char *text = (v && v->kind == YV_STR) ? v->s : dflt;
    if (v && v->kind == YV_INT) return fx_from_int(v->i);
    if (text == NULL || fx_parse(text, strlen(text), &out) != FX_OK) return 0;
    return out;
}

int yval_sym(const yval *v, int dflt) {
    if (!v) return dflt;
    if (v->kind == YV_NULL) return 0;
    if (v->kind == YV_STR) return v->i >= 0 ? (int)v->i : sym_lookup(v->s, strlen(v->s));
    return dflt;
}

const char *yval_str(const yval *v, const char *dflt) {
    if (v && v->kind == YV_STR) return v->s;
    return dflt;
}

const ynode *node_child(const ynode *node, int name_sym) {
    if (!node) return NULL;
    for (uint16_t i = 0; i < node->n_children; i++)
        if (node->children[i].name == name_sym) return &node->children[i];
    return NULL;
}

int object_table_index(const char *scene) {
    for (int i = 0; i < YOMI_N_OBJECT_TABLES; i++)
        if (strcmp(yomi_object_tables[i].scene, scene) == 0) return i;
    return -1;
}

int fighter_table_index(const char *name) {
    for (int i = 0; i < YOMI_N_FIGHTER_TABLES; i++)
        if (strcmp(yomi_fighter_tables[i].name, name) == 0) return i;
    return -1;
}
