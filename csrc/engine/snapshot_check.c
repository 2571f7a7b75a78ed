/* Validation of a match's fields before a snapshot is loaded: part of snapshot.c's import (the
 * snapshot support of yenv_batch_import, csrc/env/batch.c), not a port of any Python module.
 *
 * A snapshot's checksum detects accidents, not crafted bytes. match_check_fields refuses every
 * match whose bytes the engine could follow outside the match or into undefined behaviour, so that
 * no byte string can crash the engine or make it read or write outside the match. It runs on the
 * portable form (pointer members hold codes, snapshot.c), after match_import_check validated the
 * codes themselves.
 *
 * What is checked, and why:
 *  - Structure fixed by the tables (never changed by a running match: only scene.c writes them):
 *    a fighter's or object's table, is_fighter, number range, n_states / n_hitboxes / n_hurtstates /
 *    n_limbs, each state's statics code (state i of its own table, none past n_states), each state's
 *    vars_off (where its class variables lie in the arena), each hitbox's kind / owning state /
 *    index, the character hooks and the object class. These must equal the table's template:
 *    an index the engine follows without a check (arena + vars_off, hitboxes[hb_first + i]...).
 *  - Counts against their arrays: n_parried, n_combo_moves (a flag), n_hold_restarts, n_hold_force,
 *    n_conns (its entries in the pool counted, and the pool's entries all an object's), the lengths of a
 *    character's lists of object names (against their items in the pool), each hitbox's n_hit, each state's n_interrupt_frames / n_interrupt_exceptions, each
 *    ydata's n and kinds, n_objs / n_gone / n_spawned.
 *  - Indices: a state machine's state / prev / queued, a state's current_hurtbox (among its
 *    windows) and projectile_scene (an object table, -1, -2), a connection's target state, the
 *    slots in order / gone (distinct, used, numbers increasing as the binary search assumes).
 *  - Symbols (uint16 SYM_ values, printed and compared, some used as indices into name tables):
 *    every symbol field of a state, hitbox, hurtbox window, limb, fighter (stance, queued action,
 *    hold lists, inputs), ydata leaf, connection, HitboxData (and yomi_sym_text[] stays in range).
 *  - Object numbers: creator below the object's own number (obj_get_opponent follows creators, so
 *    a cycle would recurse without end), every number at most 2 + n_spawned (numbers are never
 *    reused, so a larger one would name a future object).
 *  - Enumerations used to choose a path or index a table: facing (+-1), hitbox type / height,
 *    HitboxData facing, match error code, sprite animation index, a fighter's team id.
 *  - Every C bool field (a byte other than 0 or 1 is undefined behaviour where it is read):
 *    the lists below hold all of them; tests/engine/test_snapshot_fuzz.py checks them against ytypes.h.
 *  - errmsg is NUL-terminated.
 * What is not checked, and why any value is safe:
 *  - Plain numbers (positions, velocities, meters, ticks, counters, frame data copied into states and
 *    hitboxes, RNG states and seeds): used only in arithmetic and comparisons. Integer overflow
 *    wraps (the engine is built with -fwrapv), FixedMath divisions check for zero and the 128-bit
 *    paths cannot overflow, so any value only gives another (legal or odd) game state; a match that
 *    makes no sense to the engine stops with its own error (m->err), which the env reports.
 *  - Bit-fields (one bit: always 0 or 1) and the extras' bit masks.
 *  - Class and character variables (the arena, vars, snap_vars): each class that keeps a count or
 *    an index there checks it in its vars_ok hook (state classes, characters, object classes),
 *    called here for every state, fighter and object; their flags are yflag (any byte is a truth
 *    value); symbols there are only looked up (range-checked lookups); object references are object
 *    numbers resolved by obj_by_number (NULL when unknown); the rest are plain numbers (above).
 *    snap_vars (the copy the trace and the observation read) is checked as vars.
 *  - Bytes of slots past n_states / n_hitboxes / ... and of unused object slots: never read before a
 *    template overwrites them (match_alloc_object copies a template into the slot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snapshot_check.h"
#include "match.h"
#include "scene.h"
#include "snapshot.h"

#define FAIL(...)                                                                                          \
    do {                                                                                                   \
        snprintf(err, errlen, __VA_ARGS__);                                                                \
        return -1;                                                                                         \
    } while (0)

/* a symbol, SYM_NONE, or 0xffff (a -1 stored in a uint16: no symbol, which the engine writes for an
 * absent input); every lookup by symbol (sym_text, table_state_of_sym) range-checks as well */
static bool sym_ok(unsigned s) { return s < SYM_COUNT || s == 0xffff; }
#define SNAP_MAX_HP (1 << 24) /* a fighter's hp and MAX_HEALTH (check_fighter) */

static bool byte_bool(const void *p) { /* the byte, read as a byte: reading a bad bool is what this avoids */
    uint8_t b;
    memcpy(&b, p, 1);
    return b <= 1;
}
static uint64_t code_of(const void *field) {
    uint64_t c;
    memcpy(&c, field, sizeof c);
    return c;
}

/* the bool fields of each struct, all of them (the test compares these lists with ytypes.h) */
#define BOOLS_YHURTSTATE X(endless) X(started) X(ended) X(has_prev)
#define BOOLS_YLIMB X(endless) X(active)
#define BOOLS_YHBD                                                                                                   \
    X(disable_collision) X(knockdown) X(ground_bounce) X(throw_) X(hard_knockdown) X(force_grounded) X(wall_slam)    \
    X(reversible) X(is_projectile) X(knockdown_extends_hitstun) X(hits_otg) X(counter_hit) X(increment_combo)        \
    X(ignore_armor) X(hits_vs_dizzy) X(air_ground_bounce) X(scale_combo) X(vacuum) X(send_away_from_center)          \
    X(hits_vs_standing) X(hits_projectiles) X(cancellable) X(guard_break) X(parriable) X(block_punishable) X(looping) \
    X(ignore_projectile_armor) X(block_cancel_allowed) X(allowed_to_hit_own_team) X(block_pushback_reversible)
#define BOOLS_YMACHINE X(initialized)
#define BOOLS_YOBJ                                                                                                  \
    X(is_fighter) X(dummy) X(damages_own_team) X(has_projectile_parry_window) X(always_parriable) X(has_ceiling)   \
    X(has_data) X(gravity_enabled) X(disabled) X(can_update_sprite) X(state_interruptable)                         \
    X(state_hit_cancellable) X(invulnerable) X(grounded_attack_immune) X(aerial_attack_immune)                     \
    X(projectile_invulnerable) X(throw_invulnerable) X(initialized)
#define BOOLS_FG_BODY X(grounded) X(snap_to_ground)
#define BOOLS_YPROJ                                                                                                \
    X(immunity_susceptible) X(deletes_other_projectiles) X(fizzle_on_ceiling) X(movable) X(can_be_hit_by_melee)   \
    X(hit_by_self_projectiles) X(hit_cancel_on_hit) X(free_cancel_on_hit) X(apply_hitlag_when_hit_by_melee)       \
    X(projectile_immune) X(got_parried) X(stopped)
#define BOOLS_YFIGHTER                                                                                             \
    X(lose_one_air_option_in_neutral) X(use_air_option_bar) X(di_enabled) X(turbo_mode) X(extremely_turbo_mode)   \
    X(infinite_resources) X(one_hit_ko) X(burst_enabled) X(always_perfect_parry) X(sadness_enabled)               \
    X(brace_enabled) X(has_queued_extra) X(last_input_has_action) X(previous_input_has_action)                   \
    X(last_input_has_extra) X(use_buffer) X(buffered_has_action) X(buffered_has_extra) X(hit_out_of_brace)        \
    X(braced_attack) X(brace_effect_applied_yet) X(dummy_interruptable) X(game_over) X(forfeit) X(will_forfeit)    \
    X(touching_wall) X(was_my_turn) X(colliding_with_opponent) X(got_parried) X(got_blocked)                      \
    X(block_used_air_movement) X(blocked_last_hit) X(blocked_last_turn) X(last_turn_block) X(parried_last_state)  \
    X(initiative_effect) X(clipping_wall) X(busy_interrupt) X(any_available_actions) X(refresh_prediction)        \
    X(burst_cancel_combo) X(moved_forward) X(buffer_moved_forward) X(moved_backward) X(buffer_moved_backward)      \
    X(had_sadness) X(on_the_ground) X(used_air_dodge) X(used_buffer) X(has_hyper_armor) X(has_projectile_armor)   \
    X(hit_during_armor) X(projectile_hit_cancelling) X(melee_attack_combo_scaling_applied)                        \
    X(counterhit_this_turn) X(guard_broken_this_turn) X(feinted_last) X(feint_parriable) X(grounded_last_frame)   \
    X(reverse_state) X(can_nudge) X(parried) X(initiative) X(in_blockstring) X(parry_combo) X(feinting)           \
    X(clashing) X(di_is_str) X(snap_interruptable) X(snap_hit_cancellable) X(snap_busy)
#define BOOLS_YSETTINGS                                                                                            \
    X(p2_dummy) X(di_enabled) X(turbo_mode) X(infinite_resources) X(one_hit_ko) X(burst_enabled)                 \
    X(frame_by_frame) X(always_perfect_parry) X(gravity_enabled) X(chess_timer) X(extremely_turbo_mode)           \
    X(clashing_enabled) X(asymmetrical_clashing) X(prediction_enabled) X(has_ceiling) X(sadness_enabled)          \
    X(brace_enabled)
#define BOOLS_YMATCH                                                                                               \
    X(clashing_enabled) X(asymmetrical_clashing) X(has_ceiling) X(gravity_enabled) X(game_finished) X(p1_turn)    \
    X(p2_turn) X(snap_valid) X(turn_open) X(submitted[0]) X(submitted[1])

/* ------------------------------------------------------------------ small parts */
static int check_data(const ydata *d, const char *who, char *err, size_t errlen) {
    if (d->kind > YD_FX) FAIL("%s: data of unknown kind %u", who, d->kind);
    if (d->n > YOMI_DATA_MAX) FAIL("%s: data with %u leaves (at most %d)", who, d->n, YOMI_DATA_MAX);
    if ((d->kind == YD_STR || d->kind == YD_STATE) && !sym_ok((unsigned)d->i))
        FAIL("%s: data names an unknown symbol", who);
    for (int k = 0; k < d->n; k++) {
        const ydata_leaf *e = &d->e[k];
        if (!sym_ok(e->k1) || !sym_ok(e->k2)) FAIL("%s: a data key is an unknown symbol", who);
        if (e->kind > YD_FX) FAIL("%s: a data leaf of unknown kind %u", who, e->kind);
        if (e->kind == YD_STR && !sym_ok((unsigned)e->v)) FAIL("%s: a data leaf names an unknown symbol", who);
    }
    return 0;
}

static int check_box(const ybox *b, const char *who, char *err, size_t errlen) {
    if (b->facing != 1 && b->facing != -1 && b->facing != 0) FAIL("%s: a box's facing is %d", who, b->facing);
    return 0;
}

static int check_hbd(const yhbd *h, int max_number, const char *who, char *err, size_t errlen) {
#define X(f) if (!byte_bool(&h->f)) FAIL("%s: HitboxData %s is not a bool", who, #f);
    BOOLS_YHBD
#undef X
    if (h->host < 0 || h->host > max_number) FAIL("%s: HitboxData host %d unknown", who, h->host);
    if (h->name_owner == YHBD_STATE_NAME) {
        if (!sym_ok((unsigned)h->name_index)) FAIL("%s: HitboxData names an unknown state", who);
    } else if (h->name_owner < 0 || h->name_owner > max_number) {
        FAIL("%s: HitboxData's hitbox owner %d unknown", who, h->name_owner);
    }
    if (!sym_ok(h->aerial_hit_state) || !sym_ok(h->grounded_hit_state) || !sym_ok(h->followup_state) ||
        !sym_ok(h->misc_data))
        FAIL("%s: HitboxData names an unknown symbol", who);
    if (h->facing != 1 && h->facing != -1 && h->facing != 0) FAIL("%s: HitboxData facing %d", who, h->facing);
    return 0;
}

static int check_hitbox(const yhitbox *h, const yhitbox *tmpl, int max_number, const char *who, char *err,
                        size_t errlen) {
    if (h->kind != tmpl->kind || h->state != tmpl->state || h->index != tmpl->index)
        FAIL("%s: hitbox %d is not its table's", who, tmpl->index);
    if (h->n_hit > YOMI_MAX_HIT_OBJECTS) FAIL("%s: hitbox %d remembers %u objects", who, tmpl->index, h->n_hit);
    for (int i = 0; i < h->n_hit; i++)
        if (h->hit_objects[i] < 1 || h->hit_objects[i] > max_number)
            FAIL("%s: hitbox %d remembers unknown object %d", who, tmpl->index, h->hit_objects[i]);
    if (h->hit_height < HH_HIGH || h->hit_height > HH_LOW || h->hitbox_type < HB_NORMAL || h->hitbox_type > HB_DETECT)
        FAIL("%s: hitbox %d type or height out of range", who, tmpl->index);
    if (!sym_ok(h->node_name) || !sym_ok(h->grounded_hit_state) || !sym_ok(h->aerial_hit_state) ||
        !sym_ok(h->followup_state) || !sym_ok(h->throw_state) || !sym_ok(h->misc_data))
        FAIL("%s: hitbox %d names an unknown symbol", who, tmpl->index);
    return check_box(&h->b, who, err, errlen);
}

/* state i of a host of table `table` with n states: its statics are the table's i-th (none past n) */
static int check_state(const ystate *s, const ystate *tmpl, bool is_fighter, int table, int n, const char *who, int i,
                       char *err, size_t errlen) {
    uint64_t want = i < n ? snapshot_state_code(is_fighter, table, i) : 0;
    if (code_of(&s->st) != want || s->vars_off != tmpl->vars_off)
        FAIL("%s: state %d is not its table's (statics or variables moved)", who, i);
    if (i >= n) return 0; /* past the table's states: never read */
    const ystate_static *st = &table_state_statics(is_fighter, table)[i];
    if (s->current_hurtbox < -1 || s->current_hurtbox >= st->hs_count)
        FAIL("%s: state %d hurtbox window %d out of range", who, i, s->current_hurtbox);
    if (s->projectile_scene < -2 || s->projectile_scene >= YOMI_N_OBJECT_TABLES)
        FAIL("%s: state %d projectile scene %d out of range", who, i, s->projectile_scene);
    if (s->n_interrupt_frames > YOMI_MAX_IFRAMES || s->n_interrupt_exceptions > YOMI_MAX_EXCEPTIONS)
        FAIL("%s: state %d interrupt lists too long", who, i);
    for (int k = 0; k < s->n_interrupt_exceptions; k++)
        if (!sym_ok(s->interrupt_exceptions[k])) FAIL("%s: state %d names an unknown exception", who, i);
    if (!sym_ok(s->fallback_state) || !sym_ok(s->anim_name) || !sym_ok(s->land_cancel_state) ||
        !sym_ok(s->hold_restart) || !sym_ok(s->change_stance_to))
        FAIL("%s: state %d names an unknown symbol", who, i);
    if (s->last_facing != 1 && s->last_facing != -1 && s->last_facing != 0)
        FAIL("%s: state %d last facing %d", who, i, s->last_facing);
    /* a state's super level and supers used come from its table and no script changes them; frame 0
       spends that many bars one by one, so a crafted count would run for billions of steps */
    if (s->super_level_ != tmpl->super_level_ || s->supers_used_ != tmpl->supers_used_)
        FAIL("%s: state %d super level %d or supers used %d is not its table's", who, i, (int)s->super_level_,
             (int)s->supers_used_);
    return 0;
}

/* a signal connection: its symbols, its target (numbers are never reused: a larger one names no object)
 * and the target's state */
static int check_conn(const ymatch *m, const yconnection *c, int max_number, const char *who, int i, char *err,
                      size_t errlen) {
    if (!sym_ok(c->signal) || !sym_ok(c->method) || c->target < 1 || c->target > max_number || c->state < -1)
        FAIL("%s: signal connection %d out of range", who, i);
    if (c->state >= 0) { /* the target's state: the target must exist */
        int n_states = -1;
        if (c->target <= 2) n_states = m->f[c->target - 1].o.n_states;
        for (int k = 0; k < m->n_objs + m->n_gone && n_states < 0; k++) {
            const yproj *t = match_slot(m, k < m->n_objs ? *match_order_at(m, k) : *match_gone_at(m, k - m->n_objs));
            if (t->o.number == c->target) n_states = t->o.n_states;
        }
        if (c->state >= n_states) FAIL("%s: signal connection %d to a state that does not exist", who, i);
    }
    return 0;
}

/* the common part of a fighter and an object against its table's template */
static int check_obj(const ymatch *m, const yobj *o, const yobj *tmpl, const ystate *states, const ystate *tstates,
                     const yhitbox *hbs, const yhitbox *thbs, const yhurtstate *hs, const ylimb *lb, int max_number,
                     const char *who, char *err, size_t errlen) {
#define X(f) if (!byte_bool(&o->f)) FAIL("%s: %s is not a bool", who, #f);
    BOOLS_YOBJ
#undef X
#define X(f) if (!byte_bool(&o->chara.f)) FAIL("%s: body %s is not a bool", who, #f);
    BOOLS_FG_BODY
#undef X
    if (!byte_bool(&o->sm.initialized)) FAIL("%s: machine flag is not a bool", who);
    if (o->is_fighter != tmpl->is_fighter || o->table != tmpl->table || o->n_states != tmpl->n_states ||
        o->n_hitboxes != tmpl->n_hitboxes || o->n_hurtstates != tmpl->n_hurtstates || o->n_limbs != tmpl->n_limbs)
        FAIL("%s: its shape is not its table's (kind, table or counts changed)", who);
    const ymachine *sm = &o->sm;
    if (sm->state < -1 || sm->state >= o->n_states || sm->prev < -1 || sm->prev >= o->n_states ||
        sm->queued < -1 || sm->queued >= o->n_states)
        FAIL("%s: state machine index out of range", who);
    if (!sym_ok(sm->queued_sym)) FAIL("%s: queued state is an unknown symbol", who);
    /* a machine has a current state exactly when it was initialized, and an initialized object's
     * machine was (unless the match already stopped): obj_state() is followed without a check */
    if (sm->initialized != (sm->state >= 0) || (o->initialized && !sm->initialized && m->err == YE_OK))
        FAIL("%s: state machine initialized without a state, or the reverse", who);
    if (check_data(&sm->queued_data, who, err, errlen) < 0 || check_data(&o->spawn_data, who, err, errlen) < 0 ||
        check_data(&o->data_cur, who, err, errlen) < 0 || check_data(&o->data_prev, who, err, errlen) < 0)
        return -1;
    if (o->chara.facing != 1 && o->chara.facing != -1) FAIL("%s: facing %d", who, o->chara.facing);
    if (check_box(&o->collision_box, who, err, errlen) < 0 || check_box(&o->hurtbox, who, err, errlen) < 0) return -1;
    if (!sym_ok(o->sprite.anim) || o->sprite.anim_index < -1 ||
        o->sprite.anim_index != table_anim_of_sym(o->is_fighter, o->table, o->sprite.anim))
        FAIL("%s: sprite animation out of range", who);
    if (o->creator < 0 || (o->creator && o->creator >= o->number)) FAIL("%s: creator %d out of range", who, o->creator);
    if (o->last_object_hit < 0 || o->last_object_hit > max_number || o->fighter_owner < 0 || o->fighter_owner > 2)
        FAIL("%s: object reference out of range", who);
    if (o->n_conns < 0) FAIL("%s: %d signal connections", who, o->n_conns);
    for (int i = 0; i < o->n_conns && i < YOMI_INLINE_CONNECTIONS; i++) /* the rest: check_conn_spill */
        if (check_conn(m, &o->conns[i], max_number, who, i, err, errlen) < 0) return -1;
    if (o->n_conns > YOMI_INLINE_CONNECTIONS) { /* its entries in the pool: as many as it counts */
        int32_t want = o->n_conns - YOMI_INLINE_CONNECTIONS, have = 0;
        for (int32_t i = 0; m->pool && i < m->pool->n_conn_spill; i++) have += m->pool->conn_spill[i].owner == o->number;
        if (have != want) FAIL("%s: %d signal connections, %d of them in the pool", who, o->n_conns, have);
    }
    int n_st = o->is_fighter ? YOMI_MAX_FSTATES : YOMI_MAX_OSTATES;
    for (int i = 0; i < n_st; i++)
        if (check_state(&states[i], &tstates[i], o->is_fighter, o->table, o->n_states, who, i, err, errlen) < 0)
            return -1;
    const uint8_t *arena = o->is_fighter ? ((const yfighter *)o)->arena : ((const yproj *)o)->arena;
    for (int i = 0; i < o->n_states; i++) /* each class's own counts and indices (vars_ok hooks) */
        for (const state_class *c = table_state_statics(o->is_fighter, o->table)[i].vt->cls; c; c = c->parent)
            if (c->vars_ok && !c->vars_ok(o, arena + states[i].vars_off))
                FAIL("%s: state %d's variables out of range (%s)", who, i, c->name);
    for (int i = 0; i < o->n_hitboxes; i++)
        if (check_hitbox(&hbs[i], &thbs[i], max_number, who, err, errlen) < 0) return -1;
    for (int i = 0; i < o->n_hurtstates; i++) {
#define X(f) if (!byte_bool(&hs[i].f)) FAIL("%s: hurtbox window %s is not a bool", who, #f);
        BOOLS_YHURTSTATE
#undef X
        if (!sym_ok(hs[i].name) || check_box(&hs[i].b, who, err, errlen) < 0)
            FAIL("%s: hurtbox window %d out of range", who, i);
    }
    for (int i = 0; i < o->n_limbs; i++) {
#define X(f) if (!byte_bool(&lb[i].f)) FAIL("%s: limb %s is not a bool", who, #f);
        BOOLS_YLIMB
#undef X
        if (!sym_ok(lb[i].name) || check_box(&lb[i].b, who, err, errlen) < 0) FAIL("%s: limb %d out of range", who, i);
    }
    return 0;
}

static int check_fighter(const ymatch *m, int p, int max_number, char *err, size_t errlen) {
    const yfighter *f = &m->f[p];
    char who[32];
    snprintf(who, sizeof who, "fighter %d", p + 1);
    const yfighter *t = table_fighter_template(f->o.table);
    if (!t) FAIL("%s: table %d cannot be played", who, f->o.table);
    if (code_of(&f->chr) != (uint64_t)f->o.table + 1) FAIL("%s: its hooks are not its table's", who);
    if (f->o.number != p + 1 || f->o.id != p + 1) FAIL("%s: number or team out of range", who);
    /* health within the game's range: damage stops it at 0 and only heals add to it (25 a use, a
     * few uses a turn), so no match of the longest game length comes near 2^24; MAX_HEALTH is the
     * scene's, or 1 (one-hit KO) */
    if (f->MAX_HEALTH < 1 || f->MAX_HEALTH > SNAP_MAX_HP || f->hp < 0 || f->hp > SNAP_MAX_HP)
        FAIL("%s: hp %d of MAX_HEALTH %d out of the game's range (0 .. %d)", who, (int)f->hp, (int)f->MAX_HEALTH,
             SNAP_MAX_HP);
    /* its byte first: the flag is read as a bool only once it is 0 or 1 */
    if (!byte_bool(&f->o.initialized)) FAIL("%s: initialized is not a bool", who);
    if (!f->o.initialized && m->err == YE_OK) FAIL("%s: not initialized in a started match", who);
#define X(fl) if (!byte_bool(&f->fl)) FAIL("%s: %s is not a bool", who, #fl);
    BOOLS_YFIGHTER
#undef X
    if (check_obj(m, &f->o, &t->o, f->states, t->states, f->hitboxes, t->hitboxes, f->hurtstates, f->limbs,
                  max_number, who, err, errlen) < 0)
        return -1;
    const yomi_char *chr = fighter_char(f->o.table);
    if (chr && chr->vars_ok && (!chr->vars_ok(f, f->vars) || !chr->vars_ok(f, f->snap_vars)))
        FAIL("%s: character variables out of range", who);
    for (int j = 0; j < YOMI_REF_LISTS; j++) /* its lists of object names: as many items in the pool as they count */
        for (int v = 0; v < 2; v++) {
            int32_t n = 0;
            if (chr && j < chr->n_ref_lists) memcpy(&n, (v ? f->snap_vars : f->vars) + chr->ref_lists[j], sizeof n);
            int32_t past = n > YOMI_REF_LIST_INLINE ? n - YOMI_REF_LIST_INLINE : 0;
            if (n < 0 || past != (m->pool ? m->pool->cap_refs[p][j][v] : 0))
                FAIL("%s: a list of %d object names, %d of them in the pool", who, n,
                     m->pool ? m->pool->cap_refs[p][j][v] : 0);
        }
    if (f->n_hold_restarts > YOMI_MAX_HOLD || f->n_hold_force > YOMI_MAX_HOLD)
        FAIL("%s: hold lists too long (%u, %u; at most %d)", who, f->n_hold_restarts, f->n_hold_force, YOMI_MAX_HOLD);
    for (int i = 0; i < f->n_hold_restarts; i++)
        if (!sym_ok(f->hold_restarts[i])) FAIL("%s: a hold restart is an unknown symbol", who);
    for (int i = 0; i < f->n_hold_force; i++)
        if (!sym_ok(f->hold_force[i][0]) || !sym_ok(f->hold_force[i][1]))
            FAIL("%s: a forced hold is an unknown symbol", who);
    if (f->n_parried < 0 || (f->n_parried > YOMI_MAX_PARRIED && (!m->pool || !m->pool->parried[p])))
        FAIL("%s: %d parried hitboxes, %s in the pool", who, f->n_parried, m->pool && m->pool->parried[p] ? "some" : "none");
    if (f->n_combo_moves > 1) FAIL("%s: combo-moves flag %u", who, f->n_combo_moves);
    const uint16_t syms[] = {f->stance, f->queued_action, f->last_input_action, f->previous_input_action,
                             f->buffered_action};
    static const char *const sym_names[] = {"stance", "queued action", "last input", "previous input",
                                            "buffered input"};
    for (int i = 0; i < 5; i++)
        if (!sym_ok(syms[i])) FAIL("%s: %s is an unknown symbol (%u)", who, sym_names[i], syms[i]);
    if (check_data(&f->queued_data, who, err, errlen) < 0 || check_data(&f->last_input_data, who, err, errlen) < 0 ||
        check_data(&f->buffered_data, who, err, errlen) < 0 ||
        check_hbd(&f->hitbox_data, max_number, who, err, errlen) < 0)
        return -1;
    return 0;
}

static int check_object(const ymatch *m, int k, int max_number, char *err, size_t errlen) {
    const yproj *o = match_slot(m, k);
    char who[32];
    snprintf(who, sizeof who, "object slot %d", k);
    const yproj *t = table_object_template(o->o.table);
    if (!t) FAIL("%s: object table %d cannot be played", who, o->o.table);
    bool ok_cls = code_of(&o->vt) != 0;
    if (ok_cls) { /* the class of its own table (tables may share a class: the code names any of them) */
        uint64_t c = code_of(&o->vt);
        ok_cls = c <= YOMI_N_OBJECT_TABLES && object_vt_of_table((int)c - 1) == t->vt;
    }
    if (!ok_cls) FAIL("%s: its class is not its table's", who);
    if (o->o.number < 3 || o->o.number > max_number || (o->o.id != 1 && o->o.id != 2))
        FAIL("%s: number or team out of range", who);
#define X(f) if (!byte_bool(&o->f)) FAIL("%s: %s is not a bool", who, #f);
    BOOLS_YPROJ
#undef X
    if (check_obj(m, &o->o, &t->o, o->states, t->states, o->hitboxes, t->hitboxes, o->hurtstates, o->limbs,
                  max_number, who, err, errlen) < 0)
        return -1;
    for (const yobj_class *c = t->vt->cls; c; c = c->parent)
        if (c->vars_ok && !c->vars_ok(o, o->vars)) FAIL("%s: object variables out of range (%s)", who, c->name);
    return 0;
}

static bool all_zero(const void *p, size_t n) {
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        if (b[i]) return false;
    return true;
}

/* 0 when every field listed above is in range (m is in the portable form: codes, not pointers) */
int match_check_fields(const ymatch *m, char *err, size_t errlen) {
    if (m->magic == 0) {
        if (!all_zero(m, sizeof *m)) FAIL("a never-started match that is not empty");
        return 0;
    }
    if (m->err < YE_OK || m->err > YE_TYPE) FAIL("error code %d out of range", m->err);
    if (!memchr(m->errmsg, 0, sizeof m->errmsg)) FAIL("error message not terminated");
#define X(f) if (!byte_bool(&m->f)) FAIL("match %s is not a bool", #f);
    BOOLS_YMATCH
#undef X
#define X(f) if (!byte_bool(&m->s.f)) FAIL("setting %s is not a bool", #f);
    BOOLS_YSETTINGS
#undef X
    int n_slots = match_n_slots(m); /* the pool (rebuilt by match_import) holds the slots past the inline ones */
    for (int k = 0; k < n_slots; k++)
        if (!byte_bool(match_slot_used(m, k))) FAIL("slot flag %d is not a bool", k);
    if (m->n_spawned < 0 || m->n_spawned > YOMI_MAX_SPAWNED + 1) FAIL("spawn count %d out of range", m->n_spawned);
    int max_number = 2 + m->n_spawned;
    if (m->n_objs < 0 || m->n_objs > n_slots || m->n_gone < 0 || m->n_gone > n_slots ||
        m->n_objs + m->n_gone > n_slots)
        FAIL("object counts out of range");
    bool *listed = calloc((size_t)n_slots, sizeof *listed);
    if (!listed) FAIL("out of memory for %d object slots", n_slots);
    int last = 2;
    for (int k = 0; k < m->n_objs + m->n_gone; k++) {
        int slot = k < m->n_objs ? *match_order_at(m, k) : *match_gone_at(m, k - m->n_objs);
        if (slot < 0 || slot >= n_slots || listed[slot] || !*match_slot_used(m, slot)) {
            free(listed);
            FAIL("object lists name a slot out of range, twice, or unused");
        }
        listed[slot] = true;
        if (k < m->n_objs) { /* spawn order: the binary search of obj_by_number relies on it */
            if (match_slot(m, slot)->o.number <= last) {
                free(listed);
                FAIL("objects out of spawn order");
            }
            last = match_slot(m, slot)->o.number;
        }
    }
    int r = 0;
    for (int p = 0; p < 2 && r == 0; p++) r = check_fighter(m, p, max_number, err, errlen);
    for (int k = 0; k < n_slots && r == 0; k++) {
        if (!*match_slot_used(m, k)) { /* never used: a template overwrites it before anything reads it */
            if (listed[k]) {
                snprintf(err, errlen, "object slot %d listed but unused", k);
                r = -1;
            }
            continue;
        }
        r = check_object(m, k, max_number, err, errlen);
    }
    free(listed);
    if (r == 0 && m->pool) { /* every connection in the pool is one of an object's (each counted its own above) */
        int64_t want = 0;
        for (int p = 0; p < 2; p++) want += m->f[p].o.n_conns > YOMI_INLINE_CONNECTIONS ? m->f[p].o.n_conns - YOMI_INLINE_CONNECTIONS : 0;
        for (int k = 0; k < n_slots; k++) {
            const yobj *o = &match_slot(m, k)->o;
            if (*match_slot_used(m, k) && o->n_conns > YOMI_INLINE_CONNECTIONS) want += o->n_conns - YOMI_INLINE_CONNECTIONS;
        }
        if (want != m->pool->n_conn_spill) FAIL("%d signal connections in the pool, the objects count %lld",
                                                m->pool->n_conn_spill, (long long)want);
        for (int32_t i = 0; i < m->pool->n_conn_spill; i++)
            if (check_conn(m, &m->pool->conn_spill[i].c, max_number, "the pool", i, err, errlen) < 0) return -1;
    }
    return r;
}
