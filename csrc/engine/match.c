/* A match: two fighters, the objects they spawn, the tick in the game's exact order,
 * the turns. Mirrors yomi/match.py (game.gd: start_game, on_object_spawned, tick, the
 * tick-priority rules, the turn gate, the end), plus the turn bookkeeping of the
 * engine interface (integration/engine.py: Match.tick/advance). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "collide.h"
#include "fighter.h"
#include "fxs.h"
#include "gd.h"
#include "hits.h"
#include "obj.h"
#include "scene.h"
#include "state.h"

/* ------------------------------------------------------------------ errors */
void yerr(ymatch *m, int code, const char *fmt, ...) {
    if (m->err != YE_OK) return; /* the first error wins */
    m->err = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m->errmsg, sizeof m->errmsg, fmt, ap);
    va_end(ap);
}

fx yfx_div(ymatch *m, fx a, fx b) {
    fx out = 0;
    if (fx_div(a, b, &out) != FX_OK) {
        yerr(m, YE_FIXED, "attempt to divide by zero");
        return 0;
    }
    return fx_rq(out);
}

/* the settings panel's defaults (yomi/match.py: DEFAULT_SETTINGS) */
const ysettings yomi_default_settings = {
    .stage_width = 800, .game_length = 3600, .turn_time = 30, .char_distance = 55, .char_height = 0,
    .ceiling_height = 800, .turn_min_length = 10, .di_combo_limit = 15, .p2_dummy = false, .di_enabled = true,
    .turbo_mode = false, .infinite_resources = false, .one_hit_ko = false, .burst_enabled = true,
    .frame_by_frame = false, .always_perfect_parry = false, .gravity_enabled = true, .chess_timer = false,
    .extremely_turbo_mode = false, .clashing_enabled = true, .asymmetrical_clashing = false,
    .prediction_enabled = true, .has_ceiling = true, .sadness_enabled = true, .brace_enabled = false,
    .global_damage_modifier = FX_ONE, .global_hitstun_modifier = FX_ONE, .global_hitstop_modifier = FX_ONE,
    .global_gravity_modifier = FX_ONE, .starting_meter = 0, .min_di_scaling = FX_ONE, .max_di_scaling = FXI(6),
};

/* ------------------------------------------------------------------ start (game.gd: start_game) */
static void copy_fighter_settings(yfighter *f, const ysettings *s) {
    /* FIGHTER_SETTING_KEYS: the settings that name a fighter property */
    f->o.stage_width = s->stage_width;
    f->di_enabled = s->di_enabled;
    f->turbo_mode = s->turbo_mode;
    f->extremely_turbo_mode = s->extremely_turbo_mode;
    f->infinite_resources = s->infinite_resources;
    f->one_hit_ko = s->one_hit_ko;
    f->burst_enabled = s->burst_enabled;
    f->always_perfect_parry = s->always_perfect_parry;
    f->o.gravity_enabled = s->gravity_enabled;
    f->global_damage_modifier = s->global_damage_modifier;
    f->o.has_ceiling = s->has_ceiling;
    f->global_hitstun_modifier = s->global_hitstun_modifier;
    f->global_hitstop_modifier = s->global_hitstop_modifier;
    f->o.ceiling_height = s->ceiling_height;
    f->sadness_enabled = s->sadness_enabled;
    f->min_di_scaling = s->min_di_scaling;
    f->max_di_scaling = s->max_di_scaling;
    f->di_combo_limit = s->di_combo_limit;
    f->brace_enabled = s->brace_enabled;
}

int match_create(ymatch *m, int p1_table, int p2_table, int64_t seed, const ysettings *s) {
    match_free(m); /* a match created again drops its objects, pool included */
    memset(m, 0, offsetof(ymatch, f));
    m->magic = YOMI_MAGIC;
    m->s = *s;
    m->seed = seed;
    m->current_tick = -1;
    fighter_from_template(m, &m->f[0], p1_table);
    fighter_from_template(m, &m->f[1], p2_table);
    yfighter *p1 = P1(m), *p2 = P2(m);
    p1->o.number = 1;
    p2->o.number = 2;
    m->stage_width = (int32_t)int_clamp(s->stage_width, 100, 50000);
    m->time = s->game_length;
    m->char_distance = s->char_distance;
    m->clashing_enabled = s->clashing_enabled;
    m->asymmetrical_clashing = s->asymmetrical_clashing;
    m->global_gravity_modifier = s->global_gravity_modifier;
    m->has_ceiling = s->has_ceiling;
    m->ceiling_height = s->ceiling_height;
    m->gravity_enabled = true;
    for (int i = 0; i < 2; i++) {
        m->f[i].o.has_ceiling = m->has_ceiling;
        m->f[i].o.ceiling_height = m->ceiling_height;
    }
    int64_t seeds[2] = {(int64_t)gd_hash_int(seed), (int64_t)gd_hash_int((int64_t)((uint64_t)seed + 1))};
    for (int i = 0; i < 2; i++) {
        yobj *o = &m->f[i].o;
        gd_rng_set_seed(&o->logic_rng, seeds[i]);
        o->logic_rng_seed = seeds[i];
        gd_rng_set_seed(&o->logic_rng_static, seeds[i]);
        o->logic_rng_static_seed = seeds[i];
    }
    p2->o.id = 2;
    for (int i = 0; i < 2; i++) m->f[i].o.chara.gravity_modifier = m->global_gravity_modifier;
    copy_fighter_settings(p1, s);
    copy_fighter_settings(p2, s);
    fighter_init(m, p1);
    if (!YOK(m)) return -1;
    fighter_init(m, p2);
    if (!YOK(m)) return -1;
    m->gravity_enabled = s->gravity_enabled;
    p1->o.gravity_enabled = p2->o.gravity_enabled = s->gravity_enabled;
    if (s->p2_dummy) p2->o.dummy = true;
    m->current_tick = -1;
    int32_t height = -s->char_height;
    obj_set_pos(&p1->o, -m->char_distance, height);
    obj_set_pos(&p2->o, m->char_distance, height);
    p1->o.stage_width = p2->o.stage_width = m->stage_width;
    obj_set_facing(m, &p2->o, -1, false);
    fighter_update_data(m, p1);
    fighter_update_data(m, p2);
    hits_apply(m, p1, p2);
    if (!YOK(m)) return -1;
    int32_t meter = fxs_round(fxs_mul(fxs_int(125), s->starting_meter));
    FH(p1)->gain_super_meter(m, p1, meter, FX_ONE);
    FH(p2)->gain_super_meter(m, p2, meter, FX_ONE);
    return YOK(m) ? 0 : -1;
}

/* ------------------------------------------------------------------ memory: the pool */
static void pool_release(yobj_pool *p) {
    if (!p) return;
    for (int c = 0; p->chunks && c < p->cap / YOMI_POOL_CHUNK; c++) free(p->chunks[c]);
    free(p->chunks);
    free(p->spill);
    free(p->conn_spill);
    for (int f = 0; f < 2; f++)
        for (int j = 0; j < YOMI_REF_LISTS; j++)
            for (int v = 0; v < 2; v++) free(p->refs[f][j][v]);
    free(p->parried[0]);
    free(p->parried[1]);
    free(p->order);
    free(p->gone);
    free(p->slot_used);
    free(p);
}

void match_pool_free(yobj_pool *p) { pool_release(p); }

void match_free(ymatch *m) {
    pool_release(m->pool);
    m->pool = NULL;
}

void match_clear(ymatch *m) {
    match_free(m);
    memset(m, 0, sizeof *m);
}

/* a pool of `cap` slots (a multiple of the chunk), all zeros; NULL when out of memory */
static yobj_pool *pool_new(int32_t cap) {
    yobj_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    if (!cap) return p; /* no slots (yet): the spill list only */
    int n_chunks = cap / YOMI_POOL_CHUNK;
    p->chunks = calloc((size_t)n_chunks, sizeof *p->chunks); /* NULL entries until allocated: free(NULL) */
    p->cap = p->chunks ? cap : 0;
    p->order = calloc((size_t)cap, sizeof *p->order);
    p->gone = calloc((size_t)cap, sizeof *p->gone);
    p->slot_used = calloc((size_t)cap, sizeof *p->slot_used);
    bool ok = p->chunks && p->order && p->gone && p->slot_used;
    for (int c = 0; ok && c < n_chunks; c++) ok = (p->chunks[c] = calloc(YOMI_POOL_CHUNK, sizeof(yproj))) != NULL;
    if (!ok) {
        pool_release(p);
        return NULL;
    }
    return p;
}

yobj_pool *match_pool_new(int32_t cap) { return cap >= 0 && cap % YOMI_POOL_CHUNK == 0 ? pool_new(cap) : NULL; }

yobj_pool *match_pool(ymatch *m) {
    if (!m->pool) m->pool = pool_new(0);
    return m->pool;
}

/* The pool's growable lists (spilled hits, parried names, connections, object names) grow here: the
 * C standard library has no growable array.  Doubling keeps appends amortised constant; the count
 * stays within int32 (the lists' counts are int32). */
void *match_grow(void *items, int32_t *cap, int32_t need, size_t size, int32_t first) {
    if (need <= *cap) return items;
    int64_t n = *cap > 0 ? *cap : (first > 0 ? first : 1);
    while (n < need) n *= 2;
    if (n > INT32_MAX) n = INT32_MAX;
    void *more = realloc(items, (size_t)n * size);
    if (more) *cap = (int32_t)n;
    return more;
}

/* a copy of n items of `size` bytes (NULL for none); false: out of memory */
static bool dup_items(void **dst, const void *src, int32_t n, size_t size) {
    *dst = NULL;
    if (n <= 0) return true;
    if (!(*dst = malloc((size_t)n * size))) return false;
    memcpy(*dst, src, (size_t)n * size);
    return true;
}

/* the length of fighter p's list j of object names in the pool (view v: 0 vars, 1 snap_vars) */
static int32_t refs_past(const ymatch *m, int p, int j, int v) {
    const yfighter *f = &m->f[p];
    if (!f->chr || j >= f->chr->n_ref_lists) return 0;
    int32_t n = fighter_ref_list(f, j, v == 1)->n;
    return n > YOMI_REF_LIST_INLINE ? n - YOMI_REF_LIST_INLINE : 0;
}

int match_copy(ymatch *dst, const ymatch *src) {
    if (dst == src) return 0;
    match_free(dst);
    memcpy(dst, src, sizeof *dst);
    dst->pool = NULL;
    if (!src->pool) return 0;
    const yobj_pool *sp = src->pool;
    yobj_pool *p = pool_new(sp->cap);
    if (!p) {
        memset(dst, 0, sizeof *dst);
        return -1;
    }
    /* the lists, with no spare room */
    bool ok = dup_items((void **)&p->spill, sp->spill, sp->n_spill, sizeof *p->spill) &&
              dup_items((void **)&p->conn_spill, sp->conn_spill, sp->n_conn_spill, sizeof *p->conn_spill);
    p->n_spill = p->cap_spill = sp->n_spill;
    p->n_conn_spill = p->cap_conn_spill = sp->n_conn_spill;
    for (int f = 0; f < 2 && ok; f++) { /* the parried names past the inline ones */
        int32_t n = src->f[f].n_parried - YOMI_MAX_PARRIED;
        ok = dup_items((void **)&p->parried[f], sp->parried[f], n, sizeof *p->parried[f]);
        p->cap_parried[f] = n > 0 ? n : 0;
        for (int j = 0; j < YOMI_REF_LISTS && ok; j++) /* the lists of object names past their inline items */
            for (int v = 0; v < 2 && ok; v++) {
                int32_t past = refs_past(src, f, j, v);
                ok = dup_items((void **)&p->refs[f][j][v], sp->refs[f][j][v], past, sizeof(int32_t));
                p->cap_refs[f][j][v] = past;
            }
    }
    if (!ok) {
        pool_release(p);
        memset(dst, 0, sizeof *dst);
        return -1;
    }
    for (int c = 0; c < sp->cap / YOMI_POOL_CHUNK; c++) memcpy(p->chunks[c], sp->chunks[c], YOMI_POOL_CHUNK * sizeof(yproj));
    if (sp->cap) {
        memcpy(p->order, sp->order, (size_t)sp->cap * sizeof *p->order);
        memcpy(p->gone, sp->gone, (size_t)sp->cap * sizeof *p->gone);
        memcpy(p->slot_used, sp->slot_used, (size_t)sp->cap * sizeof *p->slot_used);
    }
    dst->pool = p;
    return 0;
}

/* One more chunk of slots (zeros, unused). The chunks already there stay where they are; the
 * lists move (they are read by index). -1: out of memory, the pool as it was. */
static int pool_grow(ymatch *m) {
    yobj_pool *p = m->pool;
    if (!p) {
        if (!(p = calloc(1, sizeof *p))) return -1;
        m->pool = p;
    }
    if (p->cap > INT32_MAX - YOMI_INLINE_OBJECTS - 2 * YOMI_POOL_CHUNK) return -1; /* slot indices are int32 */
    int32_t cap = p->cap + YOMI_POOL_CHUNK;
    int n_chunks = cap / YOMI_POOL_CHUNK;
    yproj *chunk = calloc(YOMI_POOL_CHUNK, sizeof(yproj));
    yproj **chunks = chunk ? realloc(p->chunks, (size_t)n_chunks * sizeof *chunks) : NULL;
    if (!chunks) {
        free(chunk);
        return -1;
    }
    p->chunks = chunks;
    int32_t *order = realloc(p->order, (size_t)cap * sizeof *order);
    if (order) p->order = order;
    int32_t *gone = order ? realloc(p->gone, (size_t)cap * sizeof *gone) : NULL;
    if (gone) p->gone = gone;
    bool *used = gone ? realloc(p->slot_used, (size_t)cap * sizeof *used) : NULL;
    if (!used) {
        free(chunk);
        return -1;
    }
    p->slot_used = used;
    memset(used + p->cap, 0, YOMI_POOL_CHUNK * sizeof *used);
    chunks[n_chunks - 1] = chunk;
    p->cap = cap;
    return 0;
}

/* ------------------------------------------------------------------ objects */
static bool object_referenced(ymatch *m, int number) {
    for (int i = 0; i < 2; i++)
        if (FH(&m->f[i])->refs_object(m, &m->f[i], number)) return true;
    return false;
}

/* An object disabled before this tick (disabled for good) that no fighter refers to leaves
 * `order` for `gone`: the walks along `order` skip disabled objects anyway, and obj_by_number
 * still finds it until its slot is recycled, so nothing changes but the length of the walks.
 * (One not initialised yet stays: initialize_objects initialises disabled objects too.) */
void match_retire_objects(ymatch *m) {
    int n = 0;
    for (int k = 0; k < m->n_objs; k++) {
        int32_t slot = *match_order_at(m, k);
        yproj *p = match_slot(m, slot);
        if (p->o.disabled && p->o.initialized && p->disabled_serial < m->tick_serial &&
            !object_referenced(m, p->o.number)) {
            *match_gone_at(m, m->n_gone++) = slot;
            continue;
        }
        *match_order_at(m, n++) = slot;
    }
    m->n_objs = n;
}

yproj *match_alloc_object(ymatch *m) {
    int slot = -1;
    int n_slots = match_n_slots(m);
    for (int i = 0; i < n_slots; i++)
        if (!*match_slot_used(m, i)) {
            slot = i;
            break;
        }
    /* recycle the oldest retired object nobody refers to, else the oldest object disabled before
     * this tick that nobody refers to (any more) */
    for (int k = 0; k < m->n_gone && slot < 0; k++) {
        if (object_referenced(m, match_slot(m, *match_gone_at(m, k))->o.number)) continue;
        slot = *match_gone_at(m, k);
        for (int j = k + 1; j < m->n_gone; j++) *match_gone_at(m, j - 1) = *match_gone_at(m, j);
        m->n_gone--;
    }
    for (int k = 0; k < m->n_objs && slot < 0; k++) {
        yproj *p = match_obj_at(m, k);
        if (!p->o.disabled || !p->o.initialized || p->disabled_serial >= m->tick_serial ||
            object_referenced(m, p->o.number))
            continue;
        slot = *match_order_at(m, k);
        for (int j = k + 1; j < m->n_objs; j++) *match_order_at(m, j - 1) = *match_order_at(m, j);
        m->n_objs--;
    }
    if (slot < 0) { /* every slot holds a live or referenced object: the pool grows (the game has no limit) */
        if (pool_grow(m) < 0) {
            yerr(m, YE_LIMIT, "out of memory for %d objects at once", n_slots + 1);
            return NULL;
        }
        slot = n_slots;
    } else if (*match_slot_used(m, slot)) { /* a recycled object: its connections in the pool leave with it */
        obj_conns_release(m, &match_slot(m, slot)->o);
    }
    *match_slot_used(m, slot) = true;
    *match_order_at(m, m->n_objs++) = slot;
    return match_slot(m, slot);
}

static int next_index(ymatch *m, int after_number) {
    int lo = 0, hi = m->n_objs; /* spawn order: numbers increase; the first number above */
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (match_obj_at(m, mid)->o.number > after_number) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

yproj *match_next_object(ymatch *m, int after_number) {
    int i = next_index(m, after_number);
    return i < m->n_objs ? match_obj_at(m, i) : NULL;
}

/* The same, for a walk along the objects: *hint is where the answer was last time, + 1. The
 * numbers increase along `order`, so an index is the answer exactly when the number before it
 * is not above after_number and its own is; objects recycled or spawned meanwhile (which move
 * the answer) fall back to the binary search. */
yproj *match_next_object_search(ymatch *m, int after_number, int *hint) {
    int i = *hint;
    if (!(i >= 0 && i <= m->n_objs && (i == 0 || match_obj_at(m, i - 1)->o.number <= after_number) &&
          (i == m->n_objs || match_obj_at(m, i)->o.number > after_number)))
        i = next_index(m, after_number);
    *hint = i + 1;
    return i < m->n_objs ? match_obj_at(m, i) : NULL;
}

yfighter *match_get_player(ymatch *m, int id) {
    if (id == 1) return P1(m);
    if (id == 2) return P2(m);
    return NULL;
}

void match_on_object_spawned(ymatch *m, yproj *p) {
    yobj *o = &p->o;
    o->has_ceiling = m->has_ceiling;
    o->ceiling_height = m->ceiling_height;
    o->number = 3 + m->n_spawned;
    int64_t seed = (int64_t)gd_hash_int((int64_t)((uint64_t)m->seed + (uint64_t)o->number));
    gd_rng_set_seed(&o->logic_rng, seed);
    o->logic_rng_seed = seed;
    gd_rng_set_seed(&o->logic_rng_static, m->seed);
    o->logic_rng_static_seed = m->seed;
    m->n_spawned++;
    /* the creator is set by spawn_object (BaseObj._ready: objs_map[creator_name]) */
    o->gravity_enabled = m->gravity_enabled;
    o->chara.gravity_modifier = m->global_gravity_modifier;
    o->fighter_owner = match_get_player(m, o->id) ? (int16_t)o->id : 0;
    obj_update_data(m, o);
}

void match_on_hitbox_refreshed(ymatch *m, int owner, int index) {
    for (int i = 0; i < 2; i++) fighter_parried_remove(m, &m->f[i], owner, index);
}

void match_initialize_objects(ymatch *m) {
    int hint = 0;
    for (yproj *p = match_next_object_hint(m, 0, &hint); p && YOK(m); p = match_next_object_hint(m, p->o.number, &hint))
        if (!p->o.initialized) obj_init(m, &p->o);
}

/* ------------------------------------------------------------------ tick priority */
static int state_priority(ystate *s1, ystate *s2) {
    if (s1->tick_priority < s2->tick_priority) return 1;
    if (s2->tick_priority < s1->tick_priority) return 2;
    return 0;
}

static int comboing(ystate *s1, ystate *s2) {
    if (s1->is_hurt_state) return 2;
    if (s2->is_hurt_state) return 1;
    return 0;
}

static int attacks(yobj *h1, ystate *s1, yobj *h2, ystate *s2) {
    int n1 = s1->st->hb_count, n2 = s2->st->hb_count;
    if (!n1 && !n2) return 0;
    if (!n1) return 2;
    if (!n2) return 1;
    int32_t start1 = 999, start2 = 999, damage1 = 0, damage2 = 0;
    yhitbox *a = obj_hitboxes(h1), *b = obj_hitboxes(h2);
    for (int i = s1->st->hb_first; i < s1->st->hb_first + n1; i++)
        if (a[i].start_tick < start1) {
            start1 = a[i].start_tick;
            damage1 = a[i].damage;
        }
    for (int i = s2->st->hb_first; i < s2->st->hb_first + n2; i++)
        if (b[i].start_tick < start2) {
            start2 = b[i].start_tick;
            damage2 = b[i].damage;
        }
    if (start1 != start2) return start1 > start2 ? 1 : 2;
    if (damage1 != damage2) return damage1 > damage2 ? 1 : 2;
    return 0;
}

static int resolve_port_priority(ymatch *m) {
    yfighter *p1 = P1(m), *p2 = P2(m);
    ystate *s1 = obj_state(&p1->o), *s2 = obj_state(&p2->o);
    int priority = state_priority(s1, s2);
    if (priority <= 0) priority = comboing(s1, s2);
    if (priority <= 0) priority = attacks(&p1->o, s1, &p2->o, s2);
    if (priority <= 0) { /* lower sadness */
        if (int_abs(p1->penalty - p2->penalty) >= 10) priority = p1->penalty < p2->penalty ? 1 : 2;
    }
    if (priority <= 0) { /* forward movement */
        if (s1->beats_backdash && !s2->beats_backdash) priority = 1;
        else if (!s1->beats_backdash && s2->beats_backdash) priority = 2;
    }
    if (priority <= 0) { /* lower health: integer division, only "full" and "not full" differ */
        int64_t hp1 = idiv(p1->hp, p1->MAX_HEALTH), hp2 = idiv(p2->hp, p2->MAX_HEALTH);
        if (hp1 != hp2) priority = hp1 < hp2 ? 1 : 2;
    }
    return priority <= 1 ? 1 : 2;
}

/* ------------------------------------------------------------------ the tick (game.gd: tick) */
void match_tick(ymatch *m) {
    m->tick_serial++;
    match_retire_objects(m);
    int hint = 0;
    for (yproj *p = match_next_object_hint(m, 0, &hint); p; p = match_next_object_hint(m, p->o.number, &hint)) {
        yobj *o = &p->o;
        if (o->disabled) continue;
        if (!o->initialized) obj_init(m, o);
        if (!YOK(m)) return;
        obj_tick(m, o);
        if (!YOK(m)) return;
        int32_t x = o->data.px, y = o->data.py;
        if (x < -m->stage_width) obj_set_pos(o, -m->stage_width, y);
        else if (x > m->stage_width) obj_set_pos(o, m->stage_width, y);
        if (m->has_ceiling && y <= -m->ceiling_height) {
            obj_set_y(o, -m->ceiling_height);
            p->vt->on_hit_ceiling(m, p);
        }
        if (!YOK(m)) return;
    }
    m->current_tick++;
    yfighter *p1 = P1(m), *p2 = P2(m);
    p1->o.current_tick = p2->o.current_tick = m->current_tick;
    p1->lowest_tick = p2->lowest_tick = -1;
    int first = resolve_port_priority(m);
    yfighter *a = first == 1 ? p1 : p2, *b = first == 1 ? p2 : p1;
    fighter_tick_before(m, a);
    if (!YOK(m)) return;
    fighter_tick_before(m, b);
    if (!YOK(m)) return;
    fighter_update_advantage(m, a);
    fighter_update_advantage(m, b);
    FH(a)->tick(m, a);
    if (!YOK(m)) return;
    FH(b)->tick(m, b);
    if (!YOK(m)) return;
    collide_same_x(m);
    match_initialize_objects(m);
    if (!YOK(m)) return;
    collide_resolve(m, a, b, 0);
    hits_apply(m, a, b);
    if (!YOK(m)) return;
    if ((p1->o.state_interruptable || p1->dummy_interruptable) && !p1->busy_interrupt) FH(p2)->reset_combo(m, p2);
    if ((p2->o.state_interruptable || p2->dummy_interruptable) && !p2->busy_interrupt) FH(p1)->reset_combo(m, p1);
    if (m->current_tick > m->time || p1->hp <= 0 || p2->hp <= 0) { /* should_game_end, end_game */
        if (!m->game_finished) {
            m->game_end_tick = m->current_tick;
            m->game_finished = true;
            p1->game_over = p2->game_over = true;
            m->winner = p2->hp > p1->hp ? 2 : (p1->hp > p2->hp ? 1 : 0);
        }
    }
}

/* ------------------------------------------------------------------ turns */
bool match_is_waiting_on_player(ymatch *m) { return P1(m)->o.state_interruptable || P2(m)->o.state_interruptable; }

static bool negative_on_hit(ymatch *m, yfighter *f) {
    return obj_state(&f->o)->started_during_combo && !obj_state(&FOPP(m, f)->o)->started_during_combo;
}

static void ask(ymatch *m, yfighter *f) {
    ystate *st = obj_state(&f->o);
    f->busy_interrupt =
        !f->o.state_interruptable && !(st->interruptible_on_opponent_turn || f->feinting || negative_on_hit(m, f));
    if (!f->busy_interrupt) st_vt(st)->on_interrupt(m, &f->o, st);
    f->o.state_interruptable = true;
}

void match_start_turn(ymatch *m) {
    yfighter *p1 = P1(m), *p2 = P2(m);
    for (int i = 0; i < 2; i++) {
        if (p1->o.state_interruptable && !m->p1_turn) {
            ask(m, p2);
            m->p1_turn = true;
        } else if (p2->o.state_interruptable && !m->p2_turn) {
            ask(m, p1);
            m->p2_turn = true;
        }
    }
}

void match_end_turn(ymatch *m) {
    m->p1_turn = false;
    m->p2_turn = false;
    m->turns++;
}

/* what the trace shows for the last tick while a decision is open */
void match_take_turn_snapshot(ymatch *m) {
    for (int i = 0; i < 2; i++) {
        yfighter *f = &m->f[i];
        f->snap_interruptable = f->o.state_interruptable;
        f->snap_hit_cancellable = f->o.state_hit_cancellable;
        f->snap_busy = f->busy_interrupt;
        if (f->chr->vars_size) memcpy(f->snap_vars, f->vars, f->chr->vars_size);
        if (fighter_ref_snapshot(m, f) < 0) yerr(m, YE_LIMIT, "out of memory for the lists of object names");
    }
}

/* integration/engine.py: Match.tick */
int match_iface_tick(ymatch *m) {
    if (m->err || m->game_finished || m->turn_open) return -1;
    m->snap_valid = false;
    match_tick(m);
    if (!YOK(m)) return -1;
    if (!m->game_finished && match_is_waiting_on_player(m)) {
        /* game.gd: process_tick asks both players on the idle frames after this tick */
        match_take_turn_snapshot(m);
        m->snap_valid = true;
        match_start_turn(m);
        if (!YOK(m)) return -1;
        m->turn_open = true;
        m->submitted[0] = m->submitted[1] = false;
    }
    return 0;
}

int match_iface_advance(ymatch *m) {
    while (!m->turn_open && !m->game_finished && YOK(m))
        if (match_iface_tick(m) < 0) return -1;
    return YOK(m) ? 0 : -1;
}
