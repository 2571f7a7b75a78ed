/* match.c <- yomi/match.py (+ the tick/advance/turn logic of integration/engine.py): a match's
 * life (create, tick, turns), its memory (slots, pool, copies) and the engine's errors. */
#ifndef YOMI_MATCH_H
#define YOMI_MATCH_H

#include "fxs.h"
#include "ytypes.h"

/* errors: m->err and m->errmsg; once set, the match stops */
void yerr(ymatch *m, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
#define YOK(m) ((m)->err == YE_OK)

/* fixed-point failures inside the engine (fxs.h calls these) */
fx yfx_div(ymatch *m, fx a, fx b);
/* FixedMath methods the string facade (fxs.h) has no helper for, each result re-quantised as its
 * text would be; inline, as the characters' copies they replace were, since they run every tick */
static inline fx yfx_vec_to_angle(ymatch *m, fx x, fx y) { /* vec_to_angle: atan2(y, x); stops on division by zero */
    fx out = 0;
    if (fx_atan2(y, x, &out) != FX_OK) {
        yerr(m, YE_FIXED, "attempt to divide by zero");
        return 0;
    }
    return fx_rq(out);
}
static inline void yfx_angle_to_vec(fx angle, fx *x, fx *y) { /* angle_to_vec: (cos, sin) */
    *x = fx_rq(fx_cos(angle));
    *y = fx_rq(fx_sin(angle));
}
static inline void yfx_rotate_vec(fx x, fx y, fx angle, fx *ox, fx *oy) { /* rotate_vec */
    fx c = fx_cos(angle), s = fx_sin(angle);
    *ox = fx_rq(fx_wrap_sub(fx_mul(x, c), fx_mul(y, s)));
    *oy = fx_rq(fx_wrap_add(fx_mul(x, s), fx_mul(y, c)));
}

/* Slots and list entries, inline or in the pool (the pool exists whenever an index past the inline
 * ones is valid). They take a const match and give mutable pointers, as strchr does, so that both the
 * engine and the snapshot checks read the same way. */
static inline int match_n_slots(const ymatch *m) { return YOMI_INLINE_OBJECTS + (m->pool ? m->pool->cap : 0); }
static inline yproj *match_slot(const ymatch *m, int s) {
    if (s < YOMI_INLINE_OBJECTS) return (yproj *)&m->objs[s];
    s -= YOMI_INLINE_OBJECTS;
    return &m->pool->chunks[s / YOMI_POOL_CHUNK][s % YOMI_POOL_CHUNK];
}
static inline int32_t *match_order_at(const ymatch *m, int k) {
    return k < YOMI_INLINE_OBJECTS ? (int32_t *)&m->order[k] : &m->pool->order[k - YOMI_INLINE_OBJECTS];
}
static inline int32_t *match_gone_at(const ymatch *m, int k) {
    return k < YOMI_INLINE_OBJECTS ? (int32_t *)&m->gone[k] : &m->pool->gone[k - YOMI_INLINE_OBJECTS];
}
static inline bool *match_slot_used(const ymatch *m, int s) {
    return s < YOMI_INLINE_OBJECTS ? (bool *)&m->slot_used[s] : &m->pool->slot_used[s - YOMI_INLINE_OBJECTS];
}
/* entry k (< f->n_parried) of fighter p's parried_hitboxes */
static inline yparried *match_parried_at(const ymatch *m, int p, int k) {
    return k < YOMI_MAX_PARRIED ? (yparried *)&m->f[p].parried_hitboxes[k] : &m->pool->parried[p][k - YOMI_MAX_PARRIED];
}

extern const ysettings yomi_default_settings; /* the settings a match has unless told otherwise */
int match_create(ymatch *m, int p1_table, int p2_table, int64_t seed, const ysettings *s); /* m: zeros or a match */
/* Match.tick */
void match_tick(ymatch *m);
/* Match.is_waiting_on_player */
bool match_is_waiting_on_player(ymatch *m);
/* Match.start_turn */
void match_start_turn(ymatch *m);
/* Match.end_turn */
void match_end_turn(ymatch *m);
/* Match.on_object_spawned */
void match_on_object_spawned(ymatch *m, yproj *p);
/* Match.on_hitbox_refreshed */
void match_on_hitbox_refreshed(ymatch *m, int owner, int index);
/* Match.get_player */
yfighter *match_get_player(ymatch *m, int id);
/* Match.initialize_objects */
void match_initialize_objects(ymatch *m);
yproj *match_alloc_object(ymatch *m); /* a free slot, appended to `order` (recycling an old disabled object) */
void match_retire_objects(ymatch *m); /* `order` -> `gone`: the objects disabled before this tick nobody refers to */
static inline yproj *match_obj_at(ymatch *m, int k) { return match_slot(m, *match_order_at(m, k)); }
/* A match's memory. A match struct is either all zeros or a match; its pool is its own. */
int match_copy(ymatch *dst, const ymatch *src); /* dst (zeros or a match) becomes a deep copy; -1: out of memory,
                                                   dst is then all zeros */
void match_free(ymatch *m);  /* releases the pool (the struct itself stays the caller's); m: zeros or a match */
void match_clear(ymatch *m); /* match_free, then all zeros */
yobj_pool *match_pool_new(int32_t cap); /* a pool of cap slots (a multiple of the chunk), zeros; NULL: no memory */
yobj_pool *match_pool(ymatch *m);        /* m's pool, made (empty) when it has none; NULL: no memory */
void *match_grow(void *items, int32_t *cap, int32_t need, size_t size, int32_t first); /* a pool list with room for need items of size bytes (*cap grows by doubling from first); NULL: no memory, items and *cap unchanged */
void match_pool_free(yobj_pool *p);      /* a pool no match holds */
yproj *match_next_object(ymatch *m, int after_number); /* the first object (in order) with a larger number */
yproj *match_next_object_search(ymatch *m, int after_number, int *hint); /* the hint's binary-search fallback */
/* the same for a walk: *hint (start at 0) remembers the position, the binary search only when it moved */
static inline yproj *match_next_object_hint(ymatch *m, int after_number, int *hint) {
    int i = *hint, n = m->n_objs;
    /* every object inline (most matches): the hint is checked on the inline lists directly */
    if (!m->pool && i >= 0 && i <= n && (i == 0 || m->objs[m->order[i - 1]].o.number <= after_number) &&
        (i == n || m->objs[m->order[i]].o.number > after_number)) {
        *hint = i + 1;
        return i < n ? &m->objs[m->order[i]] : NULL;
    }
    return match_next_object_search(m, after_number, hint);
}
/* engine interface (integration/engine.py) */
int match_iface_tick(ymatch *m);    /* 0 ok; refuses while a decision is open */
int match_iface_advance(ymatch *m); /* tick until a decision or the end */
/* what the trace shows for the last tick while a decision is open */
void match_take_turn_snapshot(ymatch *m);

#endif
