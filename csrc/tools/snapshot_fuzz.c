/* A fuzzer of the snapshot importer (snapshot.c, snapshot_check.c), without Python. Built by
 * tests/engine/test_snapshot_fuzz.py with -fsanitize=address,undefined together with the engine's sources,
 * the environment's C part (env.c, its observation of a loaded match) and the generated tables.
 *
 *   snapshot_fuzz CASES SEED  -> prints "ok cases=... refused=... accepted=... ticks=..."
 *
 * It plays a few random matches and exports (match_export) a set of their states, some of them
 * with more objects than the inline slots (their portable form carries the object pool), then for
 * each case mutates one of them in the portable form, i.e. after the envelope's checksum (which only
 * detects accidents) is taken as fixed up: bit flips, byte overwrites, boundary values written into
 * the count and index fields (inline or pool slots, the pool's size and lists, the parried names a
 * fighter holds past its inline ones, the signal connections and the lists of object names past
 * theirs and their counts), object slots spliced
 * from another match, a length cut or grown. Each case runs in a child
 * process (fork): match_import either refuses it (exit 10) or the match is imported, observed
 * as the environment does, and played for a few decisions of random legal moves (exit 0). Anything
 * else (a signal, a sanitizer report, a hang past the alarm) is a failure: the parent prints the
 * case and stops with exit 1. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine.h"
#include "env.h"
#include "env_c.h"

static uint64_t rng_state = 0x2545F4914F6CDD1DULL;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

enum { POOL = 12, WITH_POOL = 4 }; /* the last WITH_POOL have more objects than the inline slots */
typedef struct {
    uint8_t *b; /* a portable (exported) match */
    size_t n;
} blob;
static blob pool[POOL];

/* one decision of both players: a random legal move each (Continue without data) */
static void play_decision(ymatch *m) {
    int16_t legal[YOMI_MAX_FSTATES + 1];
    for (int p = 0; p < 2 && YOK(m); p++) {
        yfighter *f = &m->f[p];
        int n = actions_legal(m, f, false, false, legal);
        if (!YOK(m) || n <= 0) return;
        int pick = rnd() % 3 ? ACT_CONTINUE : legal[rnd() % (uint32_t)n];
        int sym = pick == ACT_CONTINUE ? SYM_Continue : f->states[pick].st->name;
        if (!actions_is_legal(m, f, sym, false, false)) return;
        ydata d;
        ydata_none(&d);
        fighter_on_action_selected(m, f, sym, &d, NULL);
        m->submitted[p] = true;
    }
    if (!YOK(m)) return;
    match_end_turn(m);
    m->turn_open = false;
    m->submitted[0] = m->submitted[1] = false;
    match_iface_advance(m);
}

/* more objects than the inline slots: objects of the first playable object table, spawned
 * around P1 (as a move would), P2 told it parried them and a few throws (more names than its
 * inline parried list holds), then a few decisions so that they initialise and act */
static void crowd(ymatch *m) {
    int table = -1;
    for (int t = 0; t < YOMI_N_OBJECT_TABLES && table < 0; t++)
        if (table_object_template(t) && !table_unavailable_reason(0, t)) table = t;
    for (int k = 0; k < YOMI_INLINE_OBJECTS + 8 && table >= 0 && YOK(m); k++)
        obj_spawn(m, &m->f[0].o, table, (int32_t)(rnd() % 200) - 100, -(int32_t)(rnd() % 100), true, NULL, false);
    for (int d = 0; d < 3 && YOK(m) && !m->game_finished && m->turn_open; d++) play_decision(m);
    /* P2 parries a hitbox of each and some throws (names a match keeps: its parried names past the
     * inline ones are in the pool) */
    for (int k = 0; k < m->n_objs && YOK(m); k++) {
        yproj *o = match_obj_at(m, k);
        if (!o->o.disabled) fighter_parried_add(m, &m->f[1], o->o.number, (int)(rnd() % 3));
    }
    for (int k = 0; k < YOMI_MAX_PARRIED && YOK(m); k++)
        fighter_parried_add(m, &m->f[1], YHBD_STATE_NAME, (int)(rnd() % SYM_COUNT));
    /* P1 connected to each object (past its inline connections: the pool) on a signal nothing emits,
     * each character's lists of object names (and their copies the trace reads) given every object */
    for (int k = 0; k < m->n_objs && YOK(m); k++)
        obj_connect_signal(m, &m->f[0].o, SYM_Continue, &match_obj_at(m, k)->o, NULL, SYM_Continue);
    for (int p = 0; p < 2 && YOK(m); p++) {
        yfighter *f = &m->f[p];
        for (int j = 0; j < f->chr->n_ref_lists && YOK(m); j++) {
            for (int k = 0; k < m->n_objs && YOK(m); k++) fighter_ref_append(m, f, j, match_obj_at(m, k)->o.number);
            *fighter_ref_list(f, j, true) = *fighter_ref_list(f, j, false);
        }
        if (YOK(m) && fighter_ref_snapshot(m, f) < 0) yerr(m, YE_LIMIT, "out of memory");
    }
}

static int build_pool(void) {
    ymatch *m = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63);
    if (!m) return -1;
    memset(m, 0, sizeof *m); /* a match struct is zeros or a match */
    char err[200];
    int made = 0;
    for (int attempt = 0; made < POOL && attempt < 400; attempt++) {
        int t1 = made % YOMI_N_FIGHTER_TABLES, t2 = (int)(rnd() % YOMI_N_FIGHTER_TABLES);
        if (!fighter_char(t1) || table_unavailable_reason(1, t1) || !fighter_char(t2) || table_unavailable_reason(1, t2))
            continue;
        if (match_create(m, t1, t2, (int64_t)rnd(), &yomi_default_settings) != 0) continue;
        match_iface_advance(m);
        int decisions = 5 + (int)(rnd() % 60);
        for (int d = 0; d < decisions && YOK(m) && !m->game_finished && m->turn_open; d++) play_decision(m);
        if (made >= POOL - WITH_POOL && YOK(m) && m->turn_open) crowd(m);
        if (!YOK(m) || (made >= POOL - WITH_POOL && (!m->pool || m->f[1].n_parried <= YOMI_MAX_PARRIED ||
                                                     m->pool->n_conn_spill == 0)))
            continue;
        pool[made].n = match_export_bytes(m);
        pool[made].b = malloc(pool[made].n);
        if (!pool[made].b || match_export(m, pool[made].b, err, sizeof err) < 0) {
            fprintf(stderr, "export failed: %s\n", pool[made].b ? err : "out of memory");
            return -1;
        }
        ymatch *check = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63);
        if (!check) return -1;
        memset(check, 0, sizeof *check);
        if (match_import(check, pool[made].b, pool[made].n, err, sizeof err) < 0) { /* an unmutated export loads */
            fprintf(stderr, "the importer refused an unmutated export: %s\n", err);
            return -1;
        }
        match_clear(check);
        free(check);
        made++;
    }
    match_clear(m);
    free(m);
    return made == POOL ? 0 : -1;
}

/* the fields the fuzzer aims at: counts, indices, offsets, symbols (offset in ymatch, size) */
typedef struct {
    size_t off, size;
} field;
static field fields[4096];
static int n_fields;
static void add(size_t off, size_t size) {
    if (n_fields < (int)(sizeof fields / sizeof fields[0])) fields[n_fields++] = (field){off, size};
}
#define F(expr) add((size_t)((const char *)&(expr) - (const char *)z), sizeof(expr))

static void obj_fields(const ymatch *z, const yobj *o) {
    F(o->number), F(o->table), F(o->id), F(o->n_states), F(o->n_hitboxes), F(o->n_hurtstates), F(o->n_limbs);
    F(o->n_conns), F(o->sm.state), F(o->sm.prev), F(o->sm.queued), F(o->sm.queued_sym), F(o->sm.queued_data.n);
    F(o->sm.queued_data.kind), F(o->creator), F(o->last_object_hit), F(o->fighter_owner), F(o->sprite.anim);
    F(o->sprite.anim_index), F(o->spawn_data.n), F(o->data_cur.n), F(o->data_cur.kind), F(o->data_prev.n);
    F(o->chara.facing), F(o->disabled), F(o->is_fighter), F(o->conns[0].state), F(o->conns[0].target);
    F(o->conns[1].state), F(o->conns[1].target);
}
static void state_fields(const ymatch *z, const ystate *s) {
    F(s->vars_off), F(s->current_hurtbox), F(s->projectile_scene), F(s->n_interrupt_frames);
    F(s->n_interrupt_exceptions), F(s->fallback_state), F(s->anim_name), F(s->hold_restart), F(s->st);
}
static void hitbox_fields(const ymatch *z, const yhitbox *h) {
    F(h->n_hit), F(h->state), F(h->index), F(h->kind), F(h->hitbox_type), F(h->hit_height), F(h->hit_objects[0]);
}
static void collect_fields(void) {
    const ymatch *z = (const ymatch *)pool[0].b; /* only offsets are taken: the struct's layout */
    F(z->n_objs), F(z->n_gone), F(z->n_spawned), F(z->order[0]), F(z->order[1]), F(z->gone[0]), F(z->slot_used[0]);
    F(z->slot_used[1]), F(z->err), F(z->magic), F(z->current_tick), F(z->turn_open), F(z->game_finished);
    for (int p = 0; p < 2; p++) {
        const yfighter *f = &z->f[p];
        obj_fields(z, &f->o);
        F(f->chr), F(f->n_parried), F(f->n_combo_moves), F(f->n_hold_restarts), F(f->n_hold_force), F(f->stance);
        F(f->queued_action), F(f->queued_data.n), F(f->hitbox_data.host), F(f->hitbox_data.name_owner);
        F(f->hitbox_data.name_index), F(f->hp);
        for (int i = 0; i < YOMI_MAX_FSTATES; i += 7) state_fields(z, &f->states[i]);
        for (int i = 0; i < YOMI_MAX_FHITBOXES; i += 5) hitbox_fields(z, &f->hitboxes[i]);
    }
    for (int k = 0; k < 4; k++) {
        const yproj *o = &z->objs[k];
        obj_fields(z, &o->o);
        F(o->vt);
        for (int i = 0; i < YOMI_MAX_OSTATES; i++) state_fields(z, &o->states[i]);
        for (int i = 0; i < YOMI_MAX_OHITBOXES; i++) hitbox_fields(z, &o->hitboxes[i]);
    }
    for (int p = 0; p < 2; p++) /* the lengths of the lists of object names (a character's variables) */
        for (int j = 0; j < YOMI_N_FIGHTER_TABLES; j++) {
            const yomi_char *c = fighter_char(j);
            for (int k = 0; c && k < c->n_ref_lists; k++) {
                add(offsetof(ymatch, f[p].vars) + c->ref_lists[k], sizeof(int32_t));
                add(offsetof(ymatch, f[p].snap_vars) + c->ref_lists[k], sizeof(int32_t));
            }
        }
    F(z->pool); /* the pool's slot count */
    /* the counts of the pool's lists after the struct (when the pool member's bit 0 says so), and the
     * same fields of the first pool slots: in the portable form they follow the struct (and the counts) */
    enum { COUNTS = (1 + 2 * YOMI_REF_LISTS * 2) * sizeof(int32_t) };
    for (size_t at = 0; at < COUNTS; at += sizeof(int32_t)) add(sizeof(ymatch) + at, sizeof(int32_t));
    int n_inline = n_fields;
    for (int i = 0; i < n_inline; i++) {
        size_t at = offsetof(ymatch, objs[0]);
        if (fields[i].off < at || fields[i].off >= at + 4 * sizeof(yproj)) continue;
        add(sizeof(ymatch) + (fields[i].off - at), fields[i].size);
        add(sizeof(ymatch) + COUNTS + (fields[i].off - at), fields[i].size);
    }
}

static const int64_t SPECIAL[] = {0, 1, -1, 2, 3, 4, 5, 7, 12, 13, 16, 17, 31, 32, 33, 48, 49, 63, 64, 100, 111,
                                  112, 113, 127, 128, 200, 255, 256, 835, 836, 4096, 6144, 32767, -32768, 65535,
                                  INT32_MAX, INT32_MIN, INT64_MAX, INT64_MIN};

static void put(blob *m, size_t off, size_t size, int64_t v) {
    if (off + size > m->n) return; /* a pool slot's field in a match without a pool */
    memcpy(m->b + off, &v, size < 8 ? size : 8); /* little-endian: the low bytes */
}

/* (of the unmutated source) a byte where the match has something: the fighters, a used inline object
 * slot or the pool's slots and lists (mostly), anywhere (rarely) */
static size_t live_offset(const blob *m) {
    const ymatch *z = (const ymatch *)m->b;
    if (rnd() % 8 == 0) return rnd() % m->n;
    int which = (int)(rnd() % 5);
    if (which < 2) return offsetof(ymatch, f) + (size_t)which * sizeof(yfighter) + rnd() % sizeof(yfighter);
    if (which == 2) return rnd() % offsetof(ymatch, f);
    if (which == 3 && m->n > sizeof(ymatch)) return sizeof(ymatch) + rnd() % (m->n - sizeof(ymatch));
    for (int tries = 0; tries < 8; tries++) {
        int k = (int)(rnd() % YOMI_INLINE_OBJECTS);
        uint8_t used;
        memcpy(&used, (const uint8_t *)z + offsetof(ymatch, slot_used[k]), 1);
        if (used) return offsetof(ymatch, objs) + (size_t)k * sizeof(yproj) + rnd() % sizeof(yproj);
    }
    return offsetof(ymatch, f) + rnd() % sizeof(yfighter);
}

/* where object slot k's bytes are in a portable match (inline or pool); 0 when it has no slot k */
static size_t slot_offset(const blob *m, int k) {
    if (k < YOMI_INLINE_OBJECTS) return offsetof(ymatch, objs) + (size_t)k * sizeof(yproj);
    size_t at = sizeof(ymatch) + (size_t)(k - YOMI_INLINE_OBJECTS) * sizeof(yproj);
    return at + sizeof(yproj) <= m->n ? at : 0;
}

static int mutate(blob *m, const blob *src, const blob *other) {
    int kind = (int)(rnd() % 6);
    int n = 1 + (int)(rnd() % 4);
    for (int k = 0; k < n; k++) switch (kind) {
        case 0: { /* bit flips */
            size_t off = live_offset(src);
            m->b[off] ^= (uint8_t)(1u << (rnd() % 8));
            break;
        }
        case 1: { /* byte overwrites */
            size_t off = live_offset(src);
            m->b[off] = (uint8_t)rnd();
            break;
        }
        case 2:
        case 3: { /* a count / index / symbol field set to a boundary or a random value */
            const field *f = &fields[rnd() % (uint32_t)n_fields];
            int64_t v = rnd() % 4 ? SPECIAL[rnd() % (sizeof SPECIAL / sizeof SPECIAL[0])]
                                  : (int64_t)(((uint64_t)rnd() << 32) | rnd());
            put(m, f->off, f->size, v);
            break;
        }
        case 4: { /* an object slot or a state from another match */
            if (rnd() & 1) {
                int span = 2 * YOMI_INLINE_OBJECTS;
                size_t to = slot_offset(m, (int)(rnd() % (uint32_t)span)), from = slot_offset(other, (int)(rnd() % (uint32_t)span));
                if (to && from) memcpy(m->b + to, other->b + from, sizeof(yproj));
            } else {
                int p = (int)(rnd() % 2), i = (int)(rnd() % YOMI_MAX_FSTATES), j = (int)(rnd() % YOMI_MAX_FSTATES);
                memcpy(m->b + offsetof(ymatch, f[p].states[i]), other->b + offsetof(ymatch, f[rnd() % 2].states[j]),
                       sizeof(ystate));
            }
            break;
        }
        case 5: { /* the length: cut, or grown by zeros (the bytes past the end are the caller's room) */
            size_t d = 1 + rnd() % (rnd() & 1 ? 64 : sizeof(yproj) * 2);
            if (rnd() & 1) m->n = m->n > d ? m->n - d : 0;
            else m->n += d;
            break;
        }
        }
    return kind;
}

/* the child: load the case and, when accepted, observe and play it as the environment would */
static int run_case(ymatch *m, const blob *b) {
    char err[200];
    if (match_import(m, b->b, b->n, err, sizeof err) < 0) return 10;
    if (m->magic != YOMI_MAGIC) return 0;
    int chars[2] = {-1, -1};
    for (int p = 0; p < 2; p++)
        for (int c = 0; c < YENV_N_CHARS; c++)
            if (yenv_table_of(c) == m->f[p].o.table) chars[p] = c;
    static float obs[2 * YENV_OBS];
    bool busy[2];
    for (int d = 0; d < 6 && YOK(m) && !m->game_finished; d++) {
        if (!m->turn_open) {
            match_iface_advance(m);
            continue;
        }
        if (chars[0] >= 0 && chars[1] >= 0) yenv_observe(m, chars, obs, busy);
        play_decision(m);
    }
    return 0;
}

int main(int argc, char **argv) {
    long cases = argc > 1 ? atol(argv[1]) : 1000;
    if (argc > 2) rng_state ^= (uint64_t)atoll(argv[2]) * 0x9E3779B97F4A7C15ULL;
    /* the first case to run (the earlier ones are drawn but not run): a failed case of a long run
       is reproduced alone with the same count, seed and its number */
    long first = argc > 3 ? atol(argv[3]) : 0;
    char why[256];
    const char *env_err = NULL;
    if (yomi_engine_init(why, sizeof why) != 0 || yenv_init(&env_err) != 0) {
        fprintf(stderr, "init failed: %s\n", env_err ? env_err : why);
        return 2;
    }
    if (build_pool() < 0) return 2;
    collect_fields();
    ymatch *m = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63);
    size_t room = 0;
    for (int k = 0; k < POOL; k++) room = pool[k].n > room ? pool[k].n : room;
    room += 2 * sizeof(yproj) + 64; /* a grown case's bytes */
    uint8_t *bytes = malloc(room);
    if (!m || !bytes) return 2;
    /* pooled: cases from a match with a pool (its slots, and P2's parried names past the inline ones) */
    long refused = 0, accepted = 0, pooled = 0, pooled_accepted = 0;
    for (long c = 0; c < cases; c++) {
        const blob *src = &pool[rnd() % POOL], *other = &pool[rnd() % POOL];
        memset(m, 0, sizeof *m);
        memset(bytes, 0, room);
        memcpy(bytes, src->b, src->n);
        blob mutated = {bytes, src->n};
        int kind = mutate(&mutated, src, other);
        uint64_t case_seed = rng_state;
        if (c < first) {
            refused++; /* not run: counted so that the totals still add up to the cases */
            continue;
        }
        fflush(stdout);
        fflush(stderr);
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 2;
        }
        if (pid == 0) {
            alarm(20);
            rng_state = case_seed;
            _exit(run_case(m, &mutated));
        }
        int status = 0;
        waitpid(pid, &status, 0);
        pooled += src->n > sizeof(ymatch);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 10) refused++;
        else if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
            accepted++;
            pooled_accepted += src->n > sizeof(ymatch);
        }
        else {
            fprintf(stderr, "case %ld (mutation %d): %s %d\n", c, kind,
                    WIFSIGNALED(status) ? "killed by signal" : "exit status",
                    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
            printf("failed case=%ld\n", c);
            return 1;
        }
    }
    printf("ok cases=%ld refused=%ld accepted=%ld pooled=%ld pooled_accepted=%ld\n", cases, refused, accepted, pooled,
           pooled_accepted);
    return 0;
}
