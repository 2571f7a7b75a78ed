/* A standalone driver of the C engine, without Python: plays random matches with random
 * (legal and malformed) inputs. Built by tests/engine/test_sanitizers.py (tests/support/sanitize.py) with
 * -fsanitize=address,undefined together with the engine's sources (csrc/engine, csrc/chars:
 * no Python binding, no environment) and the generated tables, so that any memory error or undefined behaviour
 * the engine reaches shows as a sanitizer report.
 *
 *   yomi_driver TICKS SEED  -> prints "ok ticks=... matches=... errors=... decisions=..."
 *
 * Inputs go through the engine's own entry points as the binding uses them
 * (actions_is_legal, fighter_on_action_selected, match_end_turn, match_iface_advance);
 * data and extras are drawn in and beyond the panels' shapes, and every few decisions an
 * input is deliberately malformed (unknown move, illegal move, junk data, stray extra bits).
 * Matches stopped by an engine error (YE_*) are replaced by new ones. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine.h"

static uint64_t rng_state = 88172645463325252ULL;
static uint32_t rnd(void) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}
static int32_t rnd_range(int32_t lo, int32_t hi) { return lo + (int32_t)(rnd() % (uint32_t)(hi - lo + 1)); }

/* the bytes of a and b in [from, to) */
static bool same_bytes(const ymatch *a, const ymatch *b, size_t from, size_t to) {
    return memcmp((const char *)a + from, (const char *)b + from, to - from) == 0;
}

/* every hitbox of f that is not clear is marked in hb_touched (the mark is a superset, so a copy
 * rebuilt from the hitboxes may mark fewer than the original did) */
static bool touched_covers(const yfighter *f) {
    for (int k = 0; k < f->o.n_hitboxes; k++)
        if (!hitbox_is_clear(&f->hitboxes[k]) && !((f->hb_touched[k / 64] >> (k % 64)) & 1)) return false;
    return true;
}

/* a and b hold the same match: the struct (but the pool's address and the fighters' hb_touched, which
 * only has to cover the hitboxes) and every pool slot and list */
static bool same_match(const ymatch *a, const ymatch *b) {
    size_t pool = offsetof(ymatch, pool), t0 = offsetof(ymatch, f[0].hb_touched), t1 = offsetof(ymatch, f[1].hb_touched);
    size_t mask = sizeof a->f[0].hb_touched;
    if (!same_bytes(a, b, 0, pool) || !same_bytes(a, b, pool + sizeof a->pool, t0) ||
        !same_bytes(a, b, t0 + mask, t1) || !same_bytes(a, b, t1 + mask, sizeof *a))
        return false;
    if (!touched_covers(&a->f[0]) || !touched_covers(&a->f[1]) || !touched_covers(&b->f[0]) || !touched_covers(&b->f[1]))
        return false;
    if (match_n_slots(a) != match_n_slots(b)) return false;
    int n_spill = a->pool ? a->pool->n_spill : 0;
    if (n_spill != (b->pool ? b->pool->n_spill : 0) ||
        (n_spill && memcmp(a->pool->spill, b->pool->spill, (size_t)n_spill * sizeof(yhit_spill)) != 0))
        return false;
    for (int p = 0; p < 2; p++) /* n_parried is in the struct */
        for (int k = YOMI_MAX_PARRIED; k < a->f[p].n_parried; k++)
            if (memcmp(match_parried_at(a, p, k), match_parried_at(b, p, k), sizeof(yparried)) != 0) return false;
    int n_conns = a->pool ? a->pool->n_conn_spill : 0;
    if (n_conns != (b->pool ? b->pool->n_conn_spill : 0) ||
        (n_conns && memcmp(a->pool->conn_spill, b->pool->conn_spill, (size_t)n_conns * sizeof(yconn_spill)) != 0))
        return false;
    for (int p = 0; p < 2; p++) /* the lists' lengths are in the struct */
        for (int j = 0; j < a->f[p].chr->n_ref_lists; j++)
            for (int v = 0; v < 2; v++)
                for (int k = YOMI_REF_LIST_INLINE; k < fighter_ref_list(&a->f[p], j, v)->n; k++)
                    if (fighter_ref_at(a, &a->f[p], j, v, k) != fighter_ref_at(b, &b->f[p], j, v, k)) return false;
    for (int k = YOMI_INLINE_OBJECTS; k < match_n_slots(a); k++)
        if (memcmp(match_slot(a, k), match_slot(b, k), sizeof(yproj)) != 0 || *match_slot_used(a, k) != *match_slot_used(b, k) ||
            *match_order_at(a, k) != *match_order_at(b, k) || *match_gone_at(a, k) != *match_gone_at(b, k))
            return false;
    return true;
}

/* match_copy, then match_export, a bad code refused, match_import: each copy is the match byte for
 * byte, pool included (snapshot.c) */
static int snapshot_round_trip(const ymatch *m, ymatch *twin) {
    char err[200];
    if (match_copy(twin, m) < 0 || !same_match(twin, m)) {
        fprintf(stderr, "match_copy: %s\n", match_n_slots(twin) ? "the copy differs" : "out of memory");
        return -1;
    }
    match_clear(twin);
    size_t n = match_export_bytes(m);
    uint8_t *buf = malloc(n);
    if (!buf || match_export(m, buf, err, sizeof err) < 0) {
        fprintf(stderr, "snapshot export: %s\n", buf ? err : "out of memory");
        free(buf);
        return -1;
    }
    uint64_t saved, bad = (uint64_t)1 << 40 | 7; /* no object table has that index */
    /* the first slot's class (inline, so at a fixed place; the pool's slots follow the struct after a
     * header whose size depends on the match, and the import checks every slot's code alike) */
    size_t at = offsetof(ymatch, objs[0].vt);
    memcpy(&saved, buf + at, sizeof saved);
    memcpy(buf + at, &bad, sizeof bad);
    int r = -1;
    if (match_import(twin, buf, n, err, sizeof err) == 0) {
        fprintf(stderr, "snapshot import accepted a bad class code\n");
        goto out;
    }
    memcpy(buf + at, &saved, sizeof saved);
    if (match_import(twin, buf, n, err, sizeof err) < 0) {
        fprintf(stderr, "snapshot import refused its own export: %s\n", err);
        goto out;
    }
    if (!same_match(twin, m)) {
        fprintf(stderr, "snapshot round trip changed the match\n");
        goto out;
    }
    r = 0;
out:
    if (r < 0) match_clear(twin);
    free(buf);
    return r; /* twin: the imported copy */
}

/* More objects than the inline slots (the pool), and one fighter hitbox told it hit every one of
 * them (past its inline hit list: the spill list), and P1 told it parried them (past its inline
 * parried names); each must be remembered. */
static void crowd(ymatch *m) {
    int table = -1;
    for (int t = 0; t < YOMI_N_OBJECT_TABLES && table < 0; t++)
        if (table_object_template(t) && !table_unavailable_reason(0, t)) table = t;
    int n = YOMI_INLINE_OBJECTS + 1 + (int)(rnd() % 40);
    for (int k = 0; k < n && table >= 0 && YOK(m); k++)
        obj_spawn(m, &m->f[0].o, table, rnd_range(-150, 150), rnd_range(-120, 0), true, NULL, false);
    yfighter *f = &m->f[1];
    if (!YOK(m) || f->o.n_hitboxes == 0) return;
    yhitbox *h = &f->hitboxes[rnd() % (uint32_t)f->o.n_hitboxes];
    for (int k = 0; k < m->n_objs && YOK(m); k++) hitbox_remember_object(m, &f->o, h, match_obj_at(m, k)->o.number);
    for (int k = 0; k < m->n_objs && YOK(m); k++)
        if (!hitbox_already_hit_object(m, &f->o, h, match_obj_at(m, k)->o.number)) {
            fprintf(stderr, "a hitbox forgot object %d of %d\n", k, m->n_objs);
            exit(5);
        }
    /* P1 parries a hitbox of every live object twice (past its inline parried names: the pool); each
     * is in the list, and a removal takes one copy, then the other */
    yfighter *p1 = &m->f[0];
    for (int round = 0; round < 2; round++)
        for (int k = 0; k < m->n_objs && YOK(m); k++) {
            yproj *o = match_obj_at(m, k);
            if (!o->o.disabled) fighter_parried_add(m, p1, o->o.number, k % 3);
        }
    for (int k = 0; k < m->n_objs && YOK(m); k++) {
        yproj *o = match_obj_at(m, k);
        if (o->o.disabled) continue;
        for (int copy = 0; copy < 2 && k % 2; copy++) {
            if (!fighter_parried_has(m, p1, o->o.number, k % 3)) {
                fprintf(stderr, "P1 forgot the parried hitbox of object %d of %d\n", k, m->n_objs);
                exit(5);
            }
            fighter_parried_remove(m, p1, o->o.number, k % 3);
        }
        if (fighter_parried_has(m, p1, o->o.number, k % 3) != !(k % 2)) {
            fprintf(stderr, "P1's parried hitbox of object %d: removed twice, still there\n", k);
            exit(5);
        }
    }
    /* P2 gets a connection to every object (past its inline ones: the pool), on a signal nothing emits;
     * each is kept in order, and those to the objects a filter drops leave in order */
    yobj *p2 = &m->f[1].o;
    int before = p2->n_conns;
    for (int k = 0; k < m->n_objs && YOK(m); k++)
        obj_connect_signal(m, p2, SYM_Continue, &match_obj_at(m, k)->o, NULL, SYM_Continue);
    for (int k = 0; k < m->n_objs && YOK(m); k++)
        if (p2->n_conns < before + m->n_objs || obj_conn_at(m, p2, before + k)->target != match_obj_at(m, k)->o.number) {
            fprintf(stderr, "P2 lost its connection to object %d of %d\n", k, m->n_objs);
            exit(5);
        }
    /* each character's lists of object names get every object (past their inline items), the copy
     * the trace reads too; every name is read back in order */
    for (int p = 0; p < 2 && YOK(m); p++) {
        yfighter *f = &m->f[p];
        for (int j = 0; j < f->chr->n_ref_lists && YOK(m); j++) {
            int32_t n0 = fighter_ref_list(f, j, false)->n;
            for (int k = 0; k < m->n_objs && YOK(m); k++) fighter_ref_append(m, f, j, match_obj_at(m, k)->o.number);
            *fighter_ref_list(f, j, true) = *fighter_ref_list(f, j, false);
            for (int k = 0; k < m->n_objs && YOK(m); k++)
                if (fighter_ref_at(m, f, j, false, n0 + k) != match_obj_at(m, k)->o.number) {
                    fprintf(stderr, "fighter %d's list %d lost object %d of %d\n", p + 1, j, k, m->n_objs);
                    exit(5);
                }
        }
        if (YOK(m) && fighter_ref_snapshot(m, f) < 0) yerr(m, YE_LIMIT, "out of memory");
    }
}

static const int DATA_KEYS[] = {SYM_x, SYM_y, SYM_count, SYM_charged, SYM_Distance, SYM_speed_modifier};

static void random_leaf(ydata *d, int k1, int k2, bool wild) {
    if (d->n >= YOMI_DATA_MAX) return;
    ydata_leaf *e = &d->e[d->n++];
    e->k1 = (uint16_t)k1;
    e->k2 = (uint16_t)k2;
    int r = rnd() % 10;
    e->kind = r < 7 ? YD_INT : r < 9 ? YD_BOOL : YD_NULL;
    e->v = e->kind == YD_INT ? (wild ? (int32_t)rnd_range(-100000, 100000) : rnd_range(-120, 120))
                             : (int32_t)(rnd() & 1);
}

static void random_data(ydata *d, bool wild) {
    ydata_none(d);
    int r = rnd() % 10;
    if (r < 2) return; /* None */
    if (r < 4) {        /* a scalar */
        d->kind = YD_INT;
        d->i = wild ? rnd_range(-100000, 100000) : rnd_range(-5, 120);
        return;
    }
    d->kind = YD_DICT;
    if (r < 8) { /* {"x": .., "y": ..} (XYPlot, 8Way) */
        random_leaf(d, SYM_x, SYM_NONE, wild);
        random_leaf(d, SYM_y, SYM_NONE, wild);
        d->e[0].kind = d->e[1].kind = YD_INT;
        return;
    }
    int n = 1 + (int)(rnd() % 4); /* junk keys, some two levels deep */
    for (int i = 0; i < n; i++) {
        int k1 = wild ? (int)(rnd() % SYM_COUNT) : DATA_KEYS[rnd() % (sizeof DATA_KEYS / sizeof DATA_KEYS[0])];
        int k2 = (rnd() % 3 == 0) ? (int)(rnd() % SYM_COUNT) : SYM_NONE;
        random_leaf(d, k1, k2, wild);
    }
}

static void random_extra(yextra *e, int n_keys, bool wild) {
    memset(e, 0, sizeof *e);
    for (int k = 0; k < n_keys && k < YOMI_EXTRA_MAX; k++) {
        if (rnd() % 3 == 0) continue;
        e->present |= 1u << k;
        if (wild && rnd() % 8 == 0) e->nulls |= 1u << k;
        if (rnd() & 1) e->bools |= 1u << k;
        e->x[k] = wild ? rnd_range(-100000, 100000) : rnd_range(-100, 100);
        e->y[k] = wild ? rnd_range(-100000, 100000) : rnd_range(-100, 100);
    }
    if (wild) e->present |= rnd(); /* bits past the character's keys */
}

static void new_match(ymatch *m, int *n_matches) {
    int t1, t2;
    do {
        t1 = (int)(rnd() % YOMI_N_FIGHTER_TABLES);
    } while (!fighter_char(t1) || table_unavailable_reason(1, t1));
    do {
        t2 = (int)(rnd() % YOMI_N_FIGHTER_TABLES);
    } while (!fighter_char(t2) || table_unavailable_reason(1, t2));
    ysettings s = yomi_default_settings;
    s.game_length = rnd_range(100, 1200);
    s.turbo_mode = rnd() % 5 == 0;
    s.extremely_turbo_mode = rnd() % 6 == 0;
    s.infinite_resources = rnd() % 4 == 0;
    s.one_hit_ko = rnd() % 10 == 0;
    s.stage_width = rnd_range(200, 1200);
    s.has_ceiling = rnd() & 1;
    s.ceiling_height = rnd_range(150, 1000);
    s.char_distance = rnd_range(0, 300);
    s.gravity_enabled = rnd() % 8 != 0;
    s.always_perfect_parry = rnd() % 8 == 0;
    s.global_damage_modifier = FXI(rnd_range(0, 3));
    s.global_gravity_modifier = FXC(0.5) * rnd_range(1, 4);
    if (match_create(m, t1, t2, (int64_t)rnd() * 7919, &s) == 0) match_iface_advance(m);
    if (rnd() % 4 == 0 && YOK(m) && m->turn_open) crowd(m);
    (*n_matches)++;
}

int main(int argc, char **argv) {
    long want = argc > 1 ? atol(argv[1]) : 5000;
    if (argc > 2) rng_state ^= (uint64_t)atoll(argv[2]) * 0x9E3779B97F4A7C15ULL;
    char why[256];
    if (yomi_engine_init(why, sizeof why) != 0) {
        fprintf(stderr, "engine init failed: %s\n", why);
        return 2;
    }
    ymatch *m = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63);
    ymatch *twin = aligned_alloc(64, (sizeof(ymatch) + 63) & ~(size_t)63);
    if (!m || !twin) return 2;
    memset(m, 0, sizeof *m); /* a match struct is zeros or a match */
    memset(twin, 0, sizeof *twin);
    long ticks = 0, decisions = 0, errors = 0, illegal = 0;
    int matches = 0;
    new_match(m, &matches);
    int16_t legal[YOMI_MAX_FSTATES + 1];
    while (ticks < want) {
        if (m->err || m->game_finished) {
            if (m->err) {
                errors++;
                if (getenv("YOMI_DRIVER_VERBOSE")) fprintf(stderr, "engine error %d: %s\n", m->err, m->errmsg);
            }
            new_match(m, &matches);
            continue;
        }
        if (!m->turn_open) {
            int32_t before = m->current_tick;
            match_iface_advance(m);
            ticks += m->current_tick - before;
            continue;
        }
        decisions++;
        if (decisions % 97 == 0) { /* a clone through a snapshot's portable form: the copy plays on by itself */
            if (snapshot_round_trip(m, twin) < 0) return 4;
            for (int p = 0; p < 2; p++) {
                ydata d;
                ydata_none(&d);
                fighter_on_action_selected(twin, &twin->f[p], SYM_Continue, &d, NULL);
            }
            match_end_turn(twin);
            twin->turn_open = false;
            match_iface_advance(twin);
        }
        for (int p = 0; p < 2 && !m->err; p++) {
            yfighter *f = &m->f[p];
            bool wild = rnd() % 25 == 0;
            bool fg = rnd() % 20 == 0, fa = !fg && rnd() % 20 == 0;
            if (wild) { /* malformed: an unknown or illegal move is refused, the match goes on */
                int sym = (int)(rnd() % (SYM_COUNT + 20)) - 10;
                if (!actions_is_legal(m, f, sym, fg, fa)) illegal++;
            }
            int n = actions_legal(m, f, fg, fa, legal);
            if (m->err || n <= 0) break;
            int pick = legal[rnd() % (uint32_t)n];
            int sym = pick == ACT_CONTINUE ? SYM_Continue : f->states[pick].st->name;
            if (!actions_is_legal(m, f, sym, fg, fa)) {
                fprintf(stderr, "legal list and legality check disagree on %s\n", sym_text(sym));
                return 3;
            }
            ydata d;
            yextra e;
            if (sym == SYM_Continue) ydata_none(&d);
            else random_data(&d, wild);
            random_extra(&e, YX_CHAR0 + FH(f)->n_extras, wild);
            fighter_on_action_selected(m, f, sym, &d, rnd() % 10 ? &e : NULL);
        }
        if (m->err) continue;
        match_end_turn(m);
        m->turn_open = false;
        m->submitted[0] = m->submitted[1] = false;
    }
    printf("ok ticks=%ld matches=%d errors=%ld decisions=%ld refused=%ld\n", ticks, matches, errors, decisions,
           illegal);
    match_clear(m);
    match_clear(twin);
    free(m);
    free(twin);
    return 0;
}
