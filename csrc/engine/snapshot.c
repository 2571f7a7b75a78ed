/* A match as portable bytes: the snapshot support of the env batch
 * (yenv_batch_export/import, csrc/env/batch.c), not a port of any Python module.
 *
 * A match is one flat struct (ytypes.h), so a copy of its bytes is a copy of the match, inside
 * one process. Across processes three kinds of members are not portable: they point into tables
 * built when the engine starts, at addresses that differ from run to run (ASLR):
 *   ystate.st     -> a table's ystate_static array (scene.c: FT/OT[table].statics[index])
 *   yfighter.chr  -> the resolved hooks of a fighter table (scene.c: CHARS[table])
 *   yproj.vt      -> an object table's class, resolved (object_vt_of_table)
 *   ymatch.pool   -> the object slots past the inline ones (on the heap, owned by the match)
 * Nothing else in a match is a pointer (the state and character variables are plain values,
 * references are indices and object numbers). match_export replaces each table pointer by a code
 * that names its table and index (0 for NULL) and the pool by its sizes, then appends the pool's
 * slots and lists: the portable form is the struct followed by
 *     (when the pool member's bit 0 is set) the counts of the lists below that the struct does not
 *     hold: n_conn_spill, then n_refs[fighter][list][view] (int32 each, ytail_counts),
 *     cap slots (yproj), cap order entries, cap gone entries (int32), cap slot flags (bool),
 *     n_spill hit-list entries (yhit_spill),
 *     P1's parried names past its inline ones, then P2's (yparried: n_parried - YOMI_MAX_PARRIED each),
 *     n_conn_spill signal connections (yconn_spill),
 *     each fighter's lists of object names past their inline items, by list and view (int32)
 * where the pool member holds cap | n_spill << 32 | the bit (cap a multiple of YOMI_POOL_CHUNK; 0
 * without a pool) and each fighter's n_parried is in the struct; a match whose pool holds no
 * connection and no list of names leaves the counts out. A spilled entry, a parried name or a name
 * in a list is only compared or looked up, never followed without a check, so any values load; the
 * counts are checked against the objects' and the lists' own (snapshot_check.c).
 * match_import rebuilds the pool from those bytes, then match_import_check validates every code,
 * count and index against the tables of this process, inline slot or pool slot alike, before any
 * code becomes a pointer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot.h"
#include "fighter.h"
#include "hitbox.h"
#include "match.h"
#include "scene.h"
#include "snapshot_check.h"

_Static_assert(sizeof(void *) == sizeof(uint64_t), "codes are stored in the pointer members");

enum { K_FIGHTER = 1, K_OBJECT = 2 };
#define CODE_KIND_SHIFT 40
#define CODE_TABLE_SHIFT 16

/* ------------------------------------------------------------------ hashing */
static uint64_t fnv(uint64_t h, const void *data, size_t len) {
    const uint8_t *p = data;
    for (size_t i = 0; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}
static uint64_t fnv_u64(uint64_t h, uint64_t v) { return fnv(h, &v, sizeof v); }
static uint64_t fnv_str(uint64_t h, const char *s) { return s ? fnv(h, s, strlen(s) + 1) : fnv_u64(h, 0); }

/* 8 bytes at a time (snapshots are megabytes): every bit of every word moves the result. */
uint64_t snapshot_checksum(const void *data, size_t len) {
    const uint8_t *p = data;
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)len;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t w;
        memcpy(&w, p + i, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdULL;
        h ^= h >> 32;
    }
    for (; i < len; i++) h = (h ^ p[i]) * 0x100000001b3ULL;
    h ^= h >> 29;
    return h * 0xc4ceb9fe1a85ec53ULL;
}

/* ------------------------------------------------------------------ the fingerprint */
static uint64_t hash_table(uint64_t h, int is_fighter, int table) {
    int n = table_n_states(is_fighter, table);
    h = fnv_u64(h, (uint64_t)n);
    if (n <= 0) return h;
    const ystate_static *s = table_state_statics(is_fighter, table);
    const ystate *tmpl = table_template_states(is_fighter, table);
    for (int i = 0; i < n; i++) { /* what a match's states rely on: name, class, where its variables live */
        h = fnv_u64(h, s[i].name);
        h = fnv_str(h, s[i].vt->cls->name);
        h = fnv_u64(h, s[i].vt->vars_size);
        h = fnv_u64(h, tmpl[i].vars_off);
        h = fnv_u64(h, (uint64_t)(s[i].hb_first * 65536 + s[i].hb_count));
        h = fnv_u64(h, (uint64_t)(s[i].hs_first * 65536 + s[i].lb_first));
    }
    if (is_fighter) {
        const yomi_char *c = fighter_char(table);
        h = fnv_str(h, c ? c->name : NULL);
        h = fnv_u64(h, c ? c->vars_size : 0);
    } else {
        const yobj_class *c = object_class_of_table(table);
        h = fnv_str(h, c ? c->name : NULL);
        h = fnv_u64(h, c ? c->vars_size : 0);
    }
    return h;
}

/* Equal in two processes of the same build; differs when a struct's layout, the generated tables,
 * the symbols, a table's states, their classes or their variables' layout differ (what a
 * snapshot's bytes depend on). Code changes that keep all of these keep the fingerprint. */
uint64_t match_layout_fingerprint(void) {
    static uint64_t cached;
    if (cached) return cached;
    uint64_t h = 0xcbf29ce484222325ULL;
    const uint64_t sizes[] = {
        sizeof(ymatch), sizeof(yfighter), sizeof(yproj), sizeof(yobj), sizeof(ystate), sizeof(yhitbox),
        sizeof(yhurtstate), sizeof(ylimb), sizeof(ydata), sizeof(yextra), sizeof(yhbd), sizeof(ysettings),
        sizeof(gd_rng), sizeof(fg_body), offsetof(ymatch, f), offsetof(ymatch, objs), offsetof(ystate, st),
        offsetof(ystate, type), offsetof(ystate, vars_off), offsetof(ystate, current_tick),
        offsetof(ystate, landing_recovery), offsetof(yproj, vt), offsetof(yfighter, chr), offsetof(yfighter, states),
        offsetof(yproj, states), offsetof(yfighter, arena), offsetof(yfighter, vars), YOMI_MAGIC,
        YOMI_N_FIGHTER_TABLES, YOMI_N_OBJECT_TABLES, SYM_COUNT, P_COUNT,
    };
    h = fnv(h, sizes, sizeof sizes);
    h = fnv_str(h, yomi_tables_hash); /* the generated tables' text (frame data copied into matches) */
    for (int i = 0; i < SYM_COUNT; i++) h = fnv_str(h, yomi_sym_text[i]);
    for (int t = 0; t < YOMI_N_FIGHTER_TABLES; t++) h = hash_table(h, 1, t);
    for (int t = 0; t < YOMI_N_OBJECT_TABLES; t++) h = hash_table(h, 0, t);
    cached = h ? h : 1;
    return cached;
}

/* ------------------------------------------------------------------ codes */
static uint64_t get_code(const void *field) {
    uint64_t c;
    memcpy(&c, field, sizeof c);
    return c;
}
static void put_code(void *field, uint64_t c) { memcpy(field, &c, sizeof c); }

static uint64_t state_code(int kind, int table, int index) {
    return ((uint64_t)kind << CODE_KIND_SHIFT) | ((uint64_t)table << CODE_TABLE_SHIFT) | (uint64_t)index;
}

uint64_t snapshot_state_code(bool is_fighter, int table, int index) {
    return state_code(is_fighter ? K_FIGHTER : K_OBJECT, table, index);
}

static bool find_in(const ystate_static *p, int is_fighter, int table, int *index) {
    int n = table_n_states(is_fighter, table);
    if (n <= 0) return false;
    uintptr_t a = (uintptr_t)table_state_statics(is_fighter, table), q = (uintptr_t)p;
    if (q < a || q >= a + (uintptr_t)n * sizeof(ystate_static) || (q - a) % sizeof(ystate_static)) return false;
    *index = (int)((q - a) / sizeof(ystate_static));
    return true;
}

/* the code of a state's statics: its host's table first (always, in practice), then every table */
static uint64_t encode_state(const ystate_static *p, const yobj *host) {
    if (!p) return 0;
    int index;
    if (find_in(p, host->is_fighter, host->table, &index))
        return state_code(host->is_fighter ? K_FIGHTER : K_OBJECT, host->table, index);
    for (int t = 0; t < YOMI_N_FIGHTER_TABLES; t++)
        if (find_in(p, 1, t, &index)) return state_code(K_FIGHTER, t, index);
    for (int t = 0; t < YOMI_N_OBJECT_TABLES; t++)
        if (find_in(p, 0, t, &index)) return state_code(K_OBJECT, t, index);
    return UINT64_MAX; /* not in any table */
}

static const ystate_static *decode_state(uint64_t c, bool *ok) {
    *ok = true;
    if (c == 0) return NULL;
    uint64_t kind = c >> CODE_KIND_SHIFT, table = (c >> CODE_TABLE_SHIFT) & 0xffffff, index = c & 0xffff;
    if (kind != K_FIGHTER && kind != K_OBJECT) goto bad;
    int is_fighter = kind == K_FIGHTER;
    if (table >= (uint64_t)(is_fighter ? YOMI_N_FIGHTER_TABLES : YOMI_N_OBJECT_TABLES)) goto bad;
    if (index >= (uint64_t)table_n_states(is_fighter, (int)table)) goto bad;
    return &table_state_statics(is_fighter, (int)table)[index];
bad:
    *ok = false;
    return NULL;
}

static uint64_t encode_char(const yomi_char *c) {
    if (!c) return 0;
    for (int t = 0; t < YOMI_N_FIGHTER_TABLES; t++)
        if (fighter_char(t) == c) return (uint64_t)t + 1;
    return UINT64_MAX;
}

static const yomi_char *decode_char(uint64_t c, bool *ok) {
    *ok = c == 0 || (c <= YOMI_N_FIGHTER_TABLES && fighter_char((int)c - 1) != NULL);
    return *ok && c ? fighter_char((int)c - 1) : NULL;
}

/* several tables may share a class: the object's own table first */
static uint64_t encode_class(const yobj_vt *vt, int own_table) {
    if (!vt) return 0;
    if (own_table >= 0 && own_table < YOMI_N_OBJECT_TABLES && object_vt_of_table(own_table) == vt)
        return (uint64_t)own_table + 1;
    for (int t = 0; t < YOMI_N_OBJECT_TABLES; t++)
        if (object_vt_of_table(t) == vt) return (uint64_t)t + 1;
    return UINT64_MAX;
}

static const yobj_vt *decode_class(uint64_t c, bool *ok) {
    *ok = c == 0 || (c <= YOMI_N_OBJECT_TABLES && object_vt_of_table((int)c - 1) != NULL);
    return *ok && c ? object_vt_of_table((int)c - 1) : NULL;
}

/* ------------------------------------------------------------------ export */
static int export_states(ystate *states, int max, const yobj *host, char *err, size_t errlen) {
    for (int i = 0; i < max; i++) {
        uint64_t c = encode_state(states[i].st, host);
        if (c == UINT64_MAX) {
            snprintf(err, errlen, "object %d: state %d points outside the state tables", host->number, i);
            return -1;
        }
        put_code(&states[i].st, c);
    }
    return 0;
}

#define POOL_SLOT_BYTES (sizeof(yproj) + 2 * sizeof(int32_t) + sizeof(bool))
#define HAS_COUNTS 1u /* bit 0 of the pool member (cap is a multiple of the chunk) */

/* the counts of the pool's lists a portable match carries after its struct */
typedef struct {
    int32_t n_conn_spill;
    int32_t n_refs[2][YOMI_REF_LISTS][2];
} ytail_counts;

static uint64_t tail_items(const ytail_counts *c) { /* the lists' int32 names */
    uint64_t n = 0;
    for (int p = 0; p < 2; p++)
        for (int j = 0; j < YOMI_REF_LISTS; j++)
            for (int v = 0; v < 2; v++) n += (uint64_t)c->n_refs[p][j][v];
    return n;
}

static size_t portable_bytes(uint64_t cap, uint64_t n_spill, uint64_t n_parried_past, const ytail_counts *c) {
    size_t tail = c ? sizeof *c + (size_t)c->n_conn_spill * sizeof(yconn_spill) + (size_t)tail_items(c) * sizeof(int32_t) : 0;
    return sizeof(ymatch) + (size_t)cap * POOL_SLOT_BYTES + (size_t)n_spill * sizeof(yhit_spill) +
           (size_t)n_parried_past * sizeof(yparried) + tail;
}

/* fighter p's parried names in the pool */
static int32_t parried_past(int32_t n_parried) { return n_parried > YOMI_MAX_PARRIED ? n_parried - YOMI_MAX_PARRIED : 0; }

/* the counts of m's lists in the pool; false when they are all zero (the portable form leaves them out) */
static bool tail_counts(const ymatch *m, ytail_counts *c) {
    memset(c, 0, sizeof *c);
    if (!m->pool) return false;
    c->n_conn_spill = m->pool->n_conn_spill;
    bool any = c->n_conn_spill > 0;
    for (int p = 0; p < 2; p++) {
        const yfighter *f = &m->f[p];
        for (int j = 0; f->chr && j < f->chr->n_ref_lists; j++)
            for (int v = 0; v < 2; v++) {
                int32_t n = fighter_ref_list(f, j, v == 1)->n;
                c->n_refs[p][j][v] = n > YOMI_REF_LIST_INLINE ? n - YOMI_REF_LIST_INLINE : 0;
                any = any || c->n_refs[p][j][v] > 0;
            }
    }
    return any;
}

size_t match_export_bytes(const ymatch *m) {
    if (!m->pool) return sizeof(ymatch);
    ytail_counts c;
    bool has = tail_counts(m, &c);
    return portable_bytes((uint64_t)m->pool->cap, (uint64_t)m->pool->n_spill,
                          (uint64_t)parried_past(m->f[0].n_parried) + (uint64_t)parried_past(m->f[1].n_parried),
                          has ? &c : NULL);
}

static int export_object(const yproj *src, yproj *o, int k, char *err, size_t errlen) {
    uint64_t c = encode_class(o->vt, o->o.table);
    if (c == UINT64_MAX) {
        snprintf(err, errlen, "object slot %d: its class is no object table's", k);
        return -1;
    }
    put_code(&o->vt, c);
    return export_states(o->states, YOMI_MAX_OSTATES, &src->o, err, errlen);
}

int match_export(const ymatch *m, void *out, char *err, size_t errlen) {
    ymatch *t = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63); /* the struct, made portable in place */
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    memcpy(t, m, sizeof *t);
    int32_t cap = m->pool ? m->pool->cap : 0, n_spill = m->pool ? m->pool->n_spill : 0;
    ytail_counts counts;
    bool has_counts = tail_counts(m, &counts);
    put_code(&t->pool, (uint64_t)cap | (uint64_t)n_spill << 32 | (has_counts ? HAS_COUNTS : 0));
    for (int p = 0; p < 2; p++) {
        yfighter *f = &t->f[p];
        uint64_t c = encode_char(f->chr);
        if (c == UINT64_MAX) {
            snprintf(err, errlen, "fighter %d: its hooks are not a fighter table's", p + 1);
            goto fail;
        }
        put_code(&f->chr, c);
        /* hb_touched is derived from the hitboxes and rebuilt on import: the bytes leave it out */
        memset(f->hb_touched, 0, sizeof f->hb_touched);
        if (export_states(f->states, YOMI_MAX_FSTATES, &m->f[p].o, err, errlen) < 0) goto fail;
    }
    for (int k = 0; k < YOMI_INLINE_OBJECTS; k++)
        if (export_object(&m->objs[k], &t->objs[k], k, err, errlen) < 0) goto fail;
    uint8_t *p = out;
    memcpy(p, t, sizeof *t);
    p += sizeof *t;
    if (has_counts) memcpy(p, &counts, sizeof counts), p += sizeof counts;
    for (int k = 0; k < cap; k++, p += sizeof(yproj)) {
        const yproj *src = match_slot(m, YOMI_INLINE_OBJECTS + k);
        memcpy(&t->objs[0], src, sizeof(yproj)); /* t's first slot as an aligned scratch object */
        if (export_object(src, &t->objs[0], YOMI_INLINE_OBJECTS + k, err, errlen) < 0) goto fail;
        memcpy(p, &t->objs[0], sizeof(yproj));
    }
    if (cap) {
        memcpy(p, m->pool->order, (size_t)cap * sizeof(int32_t)), p += (size_t)cap * sizeof(int32_t);
        memcpy(p, m->pool->gone, (size_t)cap * sizeof(int32_t)), p += (size_t)cap * sizeof(int32_t);
        memcpy(p, m->pool->slot_used, (size_t)cap * sizeof(bool)), p += (size_t)cap * sizeof(bool);
    }
    if (n_spill) memcpy(p, m->pool->spill, (size_t)n_spill * sizeof(yhit_spill)), p += (size_t)n_spill * sizeof(yhit_spill);
    for (int f = 0; f < 2; f++) {
        int32_t past = parried_past(m->f[f].n_parried);
        if (past) memcpy(p, m->pool->parried[f], (size_t)past * sizeof(yparried)), p += (size_t)past * sizeof(yparried);
    }
    if (has_counts) {
        size_t bytes = (size_t)counts.n_conn_spill * sizeof(yconn_spill);
        if (bytes) memcpy(p, m->pool->conn_spill, bytes), p += bytes;
        for (int f = 0; f < 2; f++)
            for (int j = 0; j < YOMI_REF_LISTS; j++)
                for (int v = 0; v < 2; v++) {
                    bytes = (size_t)counts.n_refs[f][j][v] * sizeof(int32_t);
                    if (bytes) memcpy(p, m->pool->refs[f][j][v], bytes), p += bytes;
                }
    }
    free(t);
    return 0;
fail:
    free(t);
    return -1;
}

/* ------------------------------------------------------------------ import */
static int check_machine(const yobj *o, int n_states, const char *who, int k, char *err, size_t errlen) {
    const ymachine *sm = &o->sm;
    if (sm->state < -1 || sm->state >= n_states || sm->prev < -1 || sm->prev >= n_states) { /* queued: a flag */
        snprintf(err, errlen, "%s %d: state machine index out of range (state %d, below it %d, %d states)", who, k,
                 sm->state, sm->prev, n_states);
        return -1;
    }
    return 0;
}

static int check_states(const ystate *states, int max, const char *who, int k, char *err, size_t errlen) {
    for (int i = 0; i < max; i++) {
        bool ok;
        decode_state(get_code(&states[i].st), &ok);
        if (!ok) {
            snprintf(err, errlen, "%s %d: state %d has an invalid table code", who, k, i);
            return -1;
        }
    }
    return 0;
}

/* Every code and every index the engine follows without checking, against this process's tables. */
int match_import_check(const ymatch *m, char *err, size_t errlen) {
    if (m->magic != YOMI_MAGIC && m->magic != 0) {
        snprintf(err, errlen, "not a match (magic %08x)", m->magic);
        return -1;
    }
    for (int p = 0; p < 2; p++) {
        const yfighter *f = &m->f[p];
        bool ok;
        decode_char(get_code(&f->chr), &ok);
        if (!ok) {
            snprintf(err, errlen, "fighter %d: invalid character code", p + 1);
            return -1;
        }
        if (f->o.table < 0 || f->o.table >= YOMI_N_FIGHTER_TABLES || f->o.n_states < 0 ||
            f->o.n_states > YOMI_MAX_FSTATES) {
            snprintf(err, errlen, "fighter %d: table or state count out of range", p + 1);
            return -1;
        }
        if (check_states(f->states, YOMI_MAX_FSTATES, "fighter", p + 1, err, errlen) < 0 ||
            check_machine(&f->o, f->o.n_states, "fighter", p + 1, err, errlen) < 0)
            return -1;
    }
    int n_slots = match_n_slots(m);
    if (m->n_objs < 0 || m->n_objs > n_slots || m->n_gone < 0 || m->n_gone > n_slots) {
        snprintf(err, errlen, "object counts out of range");
        return -1;
    }
    for (int k = 0; k < m->n_objs; k++)
        if (*match_order_at(m, k) < 0 || *match_order_at(m, k) >= n_slots) goto bad_slot;
    for (int k = 0; k < m->n_gone; k++)
        if (*match_gone_at(m, k) < 0 || *match_gone_at(m, k) >= n_slots) goto bad_slot;
    for (int k = 0; k < n_slots; k++) {
        const yproj *o = match_slot(m, k);
        bool ok;
        decode_class(get_code(&o->vt), &ok);
        if (!ok) {
            snprintf(err, errlen, "object slot %d: invalid class code", k);
            return -1;
        }
        if (o->o.table < 0 || o->o.table >= YOMI_N_OBJECT_TABLES || o->o.n_states < 0 ||
            o->o.n_states > YOMI_MAX_OSTATES) {
            snprintf(err, errlen, "object slot %d: table or state count out of range", k);
            return -1;
        }
        if (check_states(o->states, YOMI_MAX_OSTATES, "object slot", k, err, errlen) < 0) return -1;
        uint8_t used; /* read as a byte: match_check_fields checks the bools below */
        memcpy(&used, match_slot_used(m, k), 1);
        bool never_used = !used && o->o.n_states == 0; /* all zeros: its machine reads 0, 0 */
        if (!never_used && check_machine(&o->o, o->o.n_states, "object slot", k, err, errlen) < 0) return -1;
    }
    return match_check_fields(m, err, errlen); /* every other count, index, offset, symbol and flag */
bad_slot:
    snprintf(err, errlen, "object order lists a slot out of range");
    return -1;
}

static void import_states(ystate *states, int max) {
    bool ok;
    for (int i = 0; i < max; i++) states[i].st = decode_state(get_code(&states[i].st), &ok);
}

/* the pool member of a portable match: its slot count, when the bytes can hold it */
size_t match_portable_bytes(const void *buf, size_t len, char *err, size_t errlen) {
    if (len < sizeof(ymatch)) {
        snprintf(err, errlen, "truncated: %zu bytes, a match has at least %zu", len, sizeof(ymatch));
        return 0;
    }
    uint64_t code = get_code((const uint8_t *)buf + offsetof(ymatch, pool));
    uint64_t cap = code & 0xffffffffu & ~(uint64_t)HAS_COUNTS, n_spill = code >> 32, room = len - sizeof(ymatch);
    ytail_counts counts, *has = NULL;
    if (code & HAS_COUNTS) { /* the counts, each in range, and what they take */
        if (room < sizeof counts) {
            snprintf(err, errlen, "truncated: no room for the pool's counts in %zu bytes", len);
            return 0;
        }
        memcpy(&counts, (const uint8_t *)buf + sizeof(ymatch), sizeof counts);
        room -= sizeof counts;
        bool ok = counts.n_conn_spill >= 0 && (uint64_t)counts.n_conn_spill <= room / sizeof(yconn_spill);
        for (int p = 0; p < 2; p++)
            for (int j = 0; j < YOMI_REF_LISTS; j++)
                for (int v = 0; v < 2; v++)
                    ok = ok && counts.n_refs[p][j][v] >= 0 && (uint64_t)counts.n_refs[p][j][v] <= room / sizeof(int32_t);
        uint64_t tail = ok ? (uint64_t)counts.n_conn_spill * sizeof(yconn_spill) + tail_items(&counts) * sizeof(int32_t) : 0;
        if (!ok || tail > room) {
            snprintf(err, errlen, "pool counts out of range for %zu bytes", len);
            return 0;
        }
        room -= (size_t)tail;
        has = &counts;
    }
    int32_t n_parried[2];
    for (int f = 0; f < 2; f++) memcpy(&n_parried[f], (const uint8_t *)buf + offsetof(ymatch, f[f].n_parried), sizeof(int32_t));
    if (n_parried[0] < 0 || n_parried[1] < 0) {
        snprintf(err, errlen, "parried lists of %d and %d names", n_parried[0], n_parried[1]);
        return 0;
    }
    uint64_t past = (uint64_t)parried_past(n_parried[0]) + (uint64_t)parried_past(n_parried[1]);
    if (cap % YOMI_POOL_CHUNK || cap > (uint64_t)(INT32_MAX - YOMI_INLINE_OBJECTS - YOMI_POOL_CHUNK) ||
        n_spill > INT32_MAX / 2 || cap > room / POOL_SLOT_BYTES ||
        n_spill > (room - cap * POOL_SLOT_BYTES) / sizeof(yhit_spill) ||
        past > (room - cap * POOL_SLOT_BYTES - n_spill * sizeof(yhit_spill)) / sizeof(yparried)) {
        snprintf(err, errlen, "an object pool of %llu slots, %llu hit entries and %llu parried names in %zu bytes",
                 (unsigned long long)cap, (unsigned long long)n_spill, (unsigned long long)past, len);
        return 0;
    }
    return portable_bytes(cap, n_spill, past, has);
}

int match_import(ymatch *m, const void *buf, size_t len, char *err, size_t errlen) {
    size_t bytes = match_portable_bytes(buf, len, err, errlen);
    if (!bytes) return -1;
    if (bytes != len) {
        snprintf(err, errlen, "a match of %zu bytes given %zu", bytes, len);
        return -1;
    }
    const uint8_t *p = buf;
    memcpy(m, p, sizeof *m);
    p += sizeof *m;
    uint64_t code = get_code(&m->pool);
    int32_t cap = (int32_t)(code & 0xffffffffu & ~(uint64_t)HAS_COUNTS), n_spill = (int32_t)(code >> 32);
    ytail_counts counts = {0};
    if (code & HAS_COUNTS) memcpy(&counts, p, sizeof counts), p += sizeof counts;
    m->pool = NULL;
    int32_t past[2] = {parried_past(m->f[0].n_parried), parried_past(m->f[1].n_parried)};
    if (cap || n_spill || past[0] || past[1] || (code & HAS_COUNTS)) {
        yobj_pool *pool = match_pool_new(cap);
        bool ok = pool != NULL;
        ok = ok && (!n_spill || (pool->spill = malloc((size_t)n_spill * sizeof(yhit_spill))));
        for (int f = 0; f < 2 && ok; f++) ok = !past[f] || (pool->parried[f] = malloc((size_t)past[f] * sizeof(yparried)));
        ok = ok && (!counts.n_conn_spill || (pool->conn_spill = malloc((size_t)counts.n_conn_spill * sizeof(yconn_spill))));
        for (int f = 0; f < 2 && ok; f++)
            for (int j = 0; j < YOMI_REF_LISTS && ok; j++)
                for (int v = 0; v < 2 && ok; v++)
                    ok = !counts.n_refs[f][j][v] ||
                         (pool->refs[f][j][v] = malloc((size_t)counts.n_refs[f][j][v] * sizeof(int32_t)));
        if (!ok && pool) {
            match_pool_free(pool);
            pool = NULL;
        }
        if (!pool) {
            memset(m, 0, sizeof *m);
            snprintf(err, errlen, "out of memory for %d object slots", YOMI_INLINE_OBJECTS + cap);
            return -1;
        }
        for (int k = 0; k < cap; k++, p += sizeof(yproj))
            memcpy(&pool->chunks[k / YOMI_POOL_CHUNK][k % YOMI_POOL_CHUNK], p, sizeof(yproj));
        if (cap) { /* a pool of no slots has no lists of them (memcpy takes no NULL, even for 0 bytes) */
            memcpy(pool->order, p, (size_t)cap * sizeof(int32_t)), p += (size_t)cap * sizeof(int32_t);
            memcpy(pool->gone, p, (size_t)cap * sizeof(int32_t)), p += (size_t)cap * sizeof(int32_t);
            memcpy(pool->slot_used, p, (size_t)cap * sizeof(bool)), p += (size_t)cap * sizeof(bool);
        }
        if (n_spill) memcpy(pool->spill, p, (size_t)n_spill * sizeof(yhit_spill)), p += (size_t)n_spill * sizeof(yhit_spill);
        pool->n_spill = pool->cap_spill = n_spill;
        for (int f = 0; f < 2; f++) {
            if (past[f]) memcpy(pool->parried[f], p, (size_t)past[f] * sizeof(yparried)), p += (size_t)past[f] * sizeof(yparried);
            pool->cap_parried[f] = past[f];
        }
        size_t bytes = (size_t)counts.n_conn_spill * sizeof(yconn_spill);
        if (bytes) memcpy(pool->conn_spill, p, bytes), p += bytes;
        pool->n_conn_spill = pool->cap_conn_spill = counts.n_conn_spill;
        for (int f = 0; f < 2; f++)
            for (int j = 0; j < YOMI_REF_LISTS; j++)
                for (int v = 0; v < 2; v++) {
                    bytes = (size_t)counts.n_refs[f][j][v] * sizeof(int32_t);
                    if (bytes) memcpy(pool->refs[f][j][v], p, bytes), p += bytes;
                    pool->cap_refs[f][j][v] = counts.n_refs[f][j][v];
                }
        m->pool = pool;
    }
    /* the pool is the real one from here on: the checks read every slot through it */
    if (match_import_check(m, err, errlen) < 0) {
        match_clear(m);
        return -1;
    }
    bool ok;
    for (int i = 0; i < 2; i++) {
        m->f[i].chr = decode_char(get_code(&m->f[i].chr), &ok);
        import_states(m->f[i].states, YOMI_MAX_FSTATES);
        /* the hitboxes that are not clear (ytypes.h: hb_touched) */
        yfighter *f = &m->f[i];
        memset(f->hb_touched, 0, sizeof f->hb_touched);
        for (int k = 0; k < f->o.n_hitboxes; k++)
            if (!hitbox_is_clear(&f->hitboxes[k])) fighter_touch_hitbox(f, (size_t)k);
    }
    for (int k = 0, n = match_n_slots(m); k < n; k++) {
        yproj *o = match_slot(m, k);
        o->vt = decode_class(get_code(&o->vt), &ok);
        import_states(o->states, YOMI_MAX_OSTATES);
    }
    return 0;
}
