/* The fighter every character is. Mirrors fighter/fighter.py (BaseChar.gd: resources,
 * the turn input, the per-tick upkeep, facing, initiative, sadness). The hit/block/damage
 * half is combat.c. A character's own behaviour comes through its hooks (FH(f)->...):
 * the base_fighter_hooks below are the Python base class's methods. */
#include <stdlib.h>
#include <string.h>

#include "fighter.h"
#include "char_state.h"
#include "combat.h"
#include "data.h"
#include "fxs.h"
#include "gd.h"
#include "hitbox.h"
#include "machine.h"
#include "match.h"
#include "obj.h"
#include "state.h"
#include "base.h"

#define HITLAG_COLLISION_TICKS 4
#define AUTO_PARRY_TICKS 20
#define SADNESS_IMMUNITY_TICKS 60
#define WAKEUP_THROW_IMMUNITY_TICKS 3
#define DISTANCE_EXTRA_SADNESS FXI(180)
#define MIN_DIST_SADNESS FXI(128)
#define MAX_BURSTS 1
#define BURST_BUILD_SPEED 4
#define MAX_BURST_METER 1500
#define START_BURSTS 1
#define MAX_SUPER_METER 125
#define MAX_SUPERS 9
#define VEL_SUPER_GAIN_DIVISOR 4
#define AERIAL_VELOCITY_SUPER_GAIN_MODIFIER FXC(0.5)
#define NUDGE_DISTANCE 20
#define METER_GAIN_MODIFIER FXC(0.85)
#define CLASH_MOVE_BACK 3
#define MIN_PENALTY (-20)
#define MAX_PENALTY 75
#define PENALTY_TICKS 120
#define SUPER_METER_GRACE_PERIOD 3

static yfighter *OPP(ymatch *m, yfighter *f) { return FOPP(m, f); }

/* ------------------------------------------------------------------ setup */
void fighter_base_init(ymatch *m, yfighter *f) {
    obj_init(m, &f->o);
    if (!YOK(m)) return;
    f->feints = f->num_feints;
    if (f->one_hit_ko) f->MAX_HEALTH = 1;
    f->hp = f->MAX_HEALTH;
    f->game_over = false;
    if (f->max_di_scaling < f->min_di_scaling) f->max_di_scaling = f->min_di_scaling;
    if (f->burst_enabled)
        for (int i = 0; i < START_BURSTS; i++) fighter_gain_burst(f);
    /* action_cancels is static per table (scene.c) */
    if (f->infinite_resources) {
        f->supers_available = MAX_SUPERS;
        f->super_meter = MAX_SUPER_METER;
    }
    f->last_pos[0] = f->o.data.px;
    f->last_pos[1] = f->o.data.py;
    fighter_refresh_air_movements(f);
}

void fighter_init(ymatch *m, yfighter *f) { FH(f)->init(m, f); }

void fighter_update_data(ymatch *m, yfighter *f) {
    (void)m;
    obj_read_body(&f->o, &f->o.data);
    f->o.has_data = true;
}

/* ------------------------------------------------------------------ signals to the fighter */
void fighter_emit_got_hit(ymatch *m, yfighter *f) {
    FH(f)->on_got_hit(m, f);
    for (int i = 0; i < f->o.n_states && YOK(m); i++) {
        ystate *st = &f->states[i];
        if (st_is(st, T_CHARACTER_STATE)) st_vt(st)->on_got_hit(m, &f->o, st);
    }
}

void fighter_base_on_state_interruptable(ymatch *m, yfighter *f, ystate *st) {
    (void)m;
    (void)st;
    if (!f->o.dummy) {
        f->o.state_interruptable = true;
        f->was_my_turn = true;
    } else {
        f->dummy_interruptable = true;
        f->refresh_prediction = true;
    }
}

void fighter_on_state_interruptable(ymatch *m, yfighter *f, ystate *st) { FH(f)->on_state_interruptable(m, f, st); }

void fighter_on_state_hit_cancellable(ymatch *m, yfighter *f, bool projectile) {
    (void)m;
    if (!f->o.dummy) {
        f->o.state_hit_cancellable = true;
        f->refresh_prediction = true;
        if (projectile) f->projectile_hit_cancelling = true;
    }
}

/* ------------------------------------------------------------------ resources */
void fighter_clash(ymatch *m, yfighter *f) {
    f->clashing = true;
    fg_update_grounded(&f->o.chara);
    fighter_on_state_interruptable(m, f, obj_state(&f->o));
    obj_set_vel(&f->o, 0, f->o.data.vy);
    f->projectile_hit_cancelling = false;
    obj_add_pushback(&f->o, fxs_int(-CLASH_MOVE_BACK));
    if (f->feints < f->num_feints) f->feints++;
}

void fighter_gain_burst_meter(ymatch *m, yfighter *f, bool has_amount, int32_t amount) {
    if (!f->burst_enabled || f->penalty_ticks > 0) return;
    if (f->bursts_available < MAX_BURSTS) {
        int32_t build = has_amount ? amount : BURST_BUILD_SPEED;
        if (!has_amount && f->o.combo_count <= 0 && OPP(m, f)->o.combo_count <= 0) {
            build -= 1; /* passive gain is slower out of combos, and slower again airborne */
            if (!obj_grounded(&f->o)) build -= 1;
        }
        if (f->burst_cancel_combo) build -= 3;
        f->burst_meter += build;
        if (f->burst_meter > MAX_BURST_METER) fighter_gain_burst(f);
    }
}

void fighter_gain_burst(yfighter *f) {
    if (f->bursts_available < MAX_BURSTS) {
        f->bursts_available++;
        f->burst_meter = 0;
    }
}

void fighter_base_use_burst(ymatch *m, yfighter *f) {
    (void)m;
    f->bursts_available--;
    if (f->bursts_available < 0) f->bursts_available = 0;
    fighter_refresh_air_movements(f);
}

void fighter_use_burst_meter(yfighter *f, int32_t amount) {
    if (f->bursts_available > 0) {
        f->bursts_available = 0;
        f->burst_meter = MAX_BURST_METER;
    }
    f->burst_meter -= amount;
}

int32_t fighter_total_super_meter(yfighter *f) { return MAX_SUPER_METER * f->supers_available + f->super_meter; }

void fighter_use_super_bar(yfighter *f) {
    if (f->infinite_resources) return;
    f->supers_available--;
    if (f->supers_available < 0) {
        f->supers_available = 0;
        f->super_meter = 0;
    }
    f->super_meter_grace_ticks = SUPER_METER_GRACE_PERIOD;
    f->super_meter_used_recently += MAX_SUPER_METER;
}

void fighter_use_super_meter(yfighter *f, int32_t amount) {
    if (f->infinite_resources) return;
    f->super_meter -= amount;
    if (f->super_meter < 0) {
        if (f->supers_available > 0) {
            f->super_meter = MAX_SUPER_METER + f->super_meter;
            fighter_use_super_bar(f);
        } else {
            f->super_meter = 0;
        }
    }
}

void fighter_drain_super_meter(yfighter *f, int32_t amount) {
    if (f->infinite_resources) return;
    f->super_meter -= amount;
    if (f->super_meter < 0) {
        if (f->supers_available > 0) {
            f->super_meter += MAX_SUPER_METER;
            f->supers_available--;
        } else {
            f->super_meter = 0;
        }
    }
}

void fighter_stack_move_in_combo(ymatch *m, yfighter *f, int state_index) {
    (void)m;
    if (f->combo_moves_used[state_index] < 255) f->combo_moves_used[state_index]++;
    f->n_combo_moves = 1;
}

int32_t fighter_meter_gain_modified(ymatch *m, yfighter *f, int32_t amount) {
    if (f->penalty_ticks > 0) return 0;
    fx pen = yfx_div(m, fxs_int(f->penalty), fxs_int(MAX_PENALTY));
    if (f->penalty <= 0) pen = yfx_div(m, pen, FXI(5));
    return fxs_round(fxs_mul(fxs_sub(FX_ONE, pen), fxs_int(amount)));
}

int32_t fighter_combo_stale_meter(ymatch *m, yfighter *f, int32_t meter) {
    fx staling = combat_combo_stale(m, f->o.combo_count);
    return fxs_round(fxs_mul(fxs_mul(fxs_int(meter), staling), f->o.current_tick > 0 ? METER_GAIN_MODIFIER : FX_ONE));
}

void fighter_base_gain_super_meter(ymatch *m, yfighter *f, int32_t amount, fx stale_amount) {
    int32_t full_staled = fighter_combo_stale_meter(m, f, amount);
    if (stale_amount == FX_ONE) {
        /* Most gains (every tick's, hits', parries') pass 1: lerp(a, b, 1) is a * 0 + b * 1, b
         * exactly for the integers here, and a division by 2^0 leaves its integer as it is, so the
         * general path below gives this value with the lerps and the power left out. */
        amount = fighter_meter_gain_modified(m, f, full_staled);
        if (f->combo_supers != 0) amount = fxs_round(yfx_div(m, fxs_int(amount), fxs_powu(FXI(2), f->combo_supers)));
        fighter_gain_super_meter_raw(f, amount);
        return;
    }
    amount = fxs_round(fxs_lerp(fxs_int(amount), fxs_int(full_staled), stale_amount));
    amount = fighter_meter_gain_modified(m, f, amount);
    int32_t super_modified = fxs_round(yfx_div(m, fxs_int(amount), fxs_powu(FXI(2), f->combo_supers)));
    amount = fxs_round(fxs_lerp(fxs_int(amount), fxs_int(super_modified), stale_amount));
    fighter_gain_super_meter_raw(f, amount);
}

void fighter_gain_super_meter_raw(yfighter *f, int32_t amount) {
    f->super_meter += amount;
    while (f->super_meter >= MAX_SUPER_METER) {
        if (f->supers_available < MAX_SUPERS) {
            f->super_meter -= MAX_SUPER_METER;
            f->supers_available++;
        } else {
            f->super_meter = MAX_SUPER_METER;
            break;
        }
    }
}

void fighter_use_air_movement(yfighter *f) {
    if (f->infinite_resources) return;
    if (f->air_movements_left > 0) f->air_movements_left--;
}

void fighter_refresh_air_movements(yfighter *f) {
    if (!f->lose_one_air_option_in_neutral) {
        f->air_movements_left = f->num_air_movements;
        return;
    }
    if (f->num_air_movements == 0) {
        f->air_movements_left = 0;
        return;
    }
    f->air_movements_left = f->o.combo_count == 0 ? (int32_t)int_max(f->num_air_movements - 1, 1) : f->num_air_movements;
}

void fighter_refresh_feints(yfighter *f) { f->feints = f->num_feints; }

void fighter_gain_free_cancel(yfighter *f, int amount) {
    f->feints += amount;
    if (f->feints > f->num_feints) f->feints = f->num_feints;
}

void fighter_drain_air_option_bar(yfighter *f, int32_t amount) {
    if (f->infinite_resources) return;
    f->air_option_bar -= amount;
    if (f->air_option_bar < 0) f->air_option_bar = 0;
}

void fighter_gain_air_option_bar(yfighter *f, int32_t amount) {
    f->air_option_bar += amount;
    if (f->air_option_bar > f->air_option_bar_max) f->air_option_bar = f->air_option_bar_max;
}

void fighter_consume_feint(yfighter *f) {
    if (f->used_buffer) return;
    if (f->feints > 0) f->feints--;
    else fighter_use_super_bar(f);
}

void fighter_change_stance_to(yfighter *f, int stance) { f->stance = (uint16_t)stance; }
void fighter_start_sadness_immunity(yfighter *f) { f->sadness_immunity_ticks = SADNESS_IMMUNITY_TICKS; }
void fighter_start_wakeup_throw_immunity(yfighter *f) { f->wakeup_throw_immunity_ticks = WAKEUP_THROW_IMMUNITY_TICKS; }

void fighter_base_reset_combo(ymatch *m, yfighter *f) {
    f->o.combo_count = 0;
    f->visible_combo_count = 0;
    f->combo_damage = 0;
    f->hitstun_decay_combo_count = 0;
    f->combo_proration = 0;
    if (f->n_combo_moves) {
        memset(f->combo_moves_used, 0, sizeof f->combo_moves_used);
        f->n_combo_moves = 0;
    }
    f->burst_cancel_combo = false;
    f->combo_supers = 0;
    yfighter *opp = OPP(m, f);
    opp->grounded_hits_taken = 0;
    opp->wall_slams = 0;
    opp->hit_out_of_brace = false;
    opp->braced_attack = false;
    opp->brace_effect_applied_yet = false;
    f->parry_combo = false;
    if (f->lose_one_air_option_in_neutral && f->num_air_movements == f->air_movements_left)
        fighter_refresh_air_movements(f);
}

/* ------------------------------------------------------------------ parried_hitboxes
 * A list of hitbox names in the game, here the fighter's inline entries then its entries in the
 * match's pool (match_parried_at). Membership, append and remove are what the game does with it. */
static int fighter_player(const ymatch *m, const yfighter *f) { return f == &m->f[1]; }

bool fighter_parried_has(const ymatch *m, const yfighter *f, int owner, int index) {
    int p = fighter_player(m, f);
    for (int k = 0; k < f->n_parried; k++) {
        const yparried *e = match_parried_at(m, p, k);
        if (e->owner == owner && e->index == index) return true;
    }
    return false;
}

static void parried_remove_at(ymatch *m, yfighter *f, int k) {
    int p = fighter_player(m, f);
    for (int j = k + 1; j < f->n_parried; j++) *match_parried_at(m, p, j - 1) = *match_parried_at(m, p, j);
    f->n_parried--;
}

/* parried_hitboxes.remove(name), the first one, when in the list */
void fighter_parried_remove(ymatch *m, yfighter *f, int owner, int index) {
    int p = fighter_player(m, f);
    for (int k = 0; k < f->n_parried; k++) {
        const yparried *e = match_parried_at(m, p, k);
        if (e->owner == owner && e->index == index) {
            parried_remove_at(m, f, k);
            return;
        }
    }
}

/* parried_hitboxes.append(name). Once the inline room is full, every append first drops the names
 * of objects gone (numbers are never reused, so they never match again, and a name the game's list
 * keeps but cannot find is never removed): a rule of the entries alone, so that a match and its
 * snapshot keep the same entries. The rest goes on in the pool, whose room doubles as needed (the C
 * standard library has no growable array). */
void fighter_parried_add(ymatch *m, yfighter *f, int owner, int index) {
    int p = fighter_player(m, f);
    if (f->n_parried >= YOMI_MAX_PARRIED) {
        int n = 0;
        for (int k = 0; k < f->n_parried; k++) {
            yparried e = *match_parried_at(m, p, k);
            if (e.owner <= 2 || obj_from_name(m, e.owner)) *match_parried_at(m, p, n++) = e;
        }
        f->n_parried = n;
    }
    if (f->n_parried >= YOMI_MAX_PARRIED) {
        yobj_pool *pool = match_pool(m);
        int32_t need = f->n_parried - YOMI_MAX_PARRIED + 1;
        yparried *more = pool ? match_grow(pool->parried[p], &pool->cap_parried[p], need, sizeof *more, 16) : NULL;
        if (!more) {
            yerr(m, YE_LIMIT, "out of memory for the parried hitboxes");
            return;
        }
        pool->parried[p] = more;
    }
    f->n_parried++;
    *match_parried_at(m, p, f->n_parried - 1) = (yparried){owner, index};
}

/* The names of hitboxes found, and inactive or disabled, leave the list (every copy of them, as the
 * game's loop of removals does); the others stay in their order. */
void fighter_clean_parried_hitboxes(ymatch *m, yfighter *f) {
    int p = fighter_player(m, f), n = 0;
    for (int k = 0; k < f->n_parried; k++) {
        yparried e = *match_parried_at(m, p, k);
        yobj *o = obj_from_name(m, e.owner);
        bool refresh = false;
        if (o && e.index >= 0 && e.index < o->n_hitboxes) {
            const yhitbox *h = &obj_hitboxes(o)[e.index];
            refresh = !h->enabled || !h->active;
        }
        if (!refresh) *match_parried_at(m, p, n++) = e;
    }
    f->n_parried = n;
}

/* ------------------------------------------------------------------ lists of object names
 * A character's list of object names (yref_list, yomi_char.ref_lists): its first YOMI_REF_LIST_INLINE
 * items in the list, the rest in the match's pool, in order: refs[p][j][0] for the list in vars,
 * refs[p][j][1] for its copy in snap_vars (the trace's view of the last tick while a turn is open). */
static int32_t *ref_slot(const ymatch *m, const yfighter *f, int j, bool snap, int k) {
    if (k < YOMI_REF_LIST_INLINE) return (int32_t *)&fighter_ref_list(f, j, snap)->items[k];
    return &m->pool->refs[fighter_player(m, f)][j][snap][k - YOMI_REF_LIST_INLINE];
}

int32_t fighter_ref_at(const ymatch *m, const yfighter *f, int j, bool snap, int k) { return *ref_slot(m, f, j, snap, k); }

/* room for n items of fighter p's list j (view v): past the inline ones, in the pool; false: out of memory */
static bool ref_room(ymatch *m, int p, int j, int v, int32_t n) {
    if (n <= YOMI_REF_LIST_INLINE) return true;
    yobj_pool *pool = match_pool(m);
    int32_t *more = pool ? match_grow(pool->refs[p][j][v], &pool->cap_refs[p][j][v], n - YOMI_REF_LIST_INLINE,
                                      sizeof *more, 16) : NULL;
    if (more) pool->refs[p][j][v] = more;
    return more != NULL;
}

void fighter_ref_append(ymatch *m, yfighter *f, int j, int32_t number) {
    yref_list *l = fighter_ref_list(f, j, false);
    if (!ref_room(m, fighter_player(m, f), j, 0, l->n + 1)) {
        yerr(m, YE_LIMIT, "out of memory for a list of object names");
        return;
    }
    *ref_slot(m, f, j, false, l->n) = number;
    l->n++;
}

void fighter_ref_remove_at(ymatch *m, yfighter *f, int j, int k) {
    yref_list *l = fighter_ref_list(f, j, false);
    for (int i = k + 1; i < l->n; i++) *ref_slot(m, f, j, false, i - 1) = *ref_slot(m, f, j, false, i);
    l->n--;
}

void fighter_ref_keep(ymatch *m, yfighter *f, int j, bool (*keep)(ymatch *m, int32_t number)) {
    yref_list *l = fighter_ref_list(f, j, false);
    int32_t n = 0;
    for (int32_t k = 0; k < l->n; k++) { /* a write never passes the read */
        int32_t number = *ref_slot(m, f, j, false, k);
        if (keep(m, number)) *ref_slot(m, f, j, false, n++) = number;
    }
    l->n = n;
}

void fighter_ref_clear(ymatch *m, yfighter *f, int j) {
    (void)m;
    fighter_ref_list(f, j, false)->n = 0;
}

/* snap_vars was just copied from vars: the items in the pool follow */
int fighter_ref_snapshot(ymatch *m, yfighter *f) {
    int p = fighter_player(m, f);
    for (int j = 0; j < f->chr->n_ref_lists; j++) {
        int32_t n = fighter_ref_list(f, j, false)->n;
        if (n <= YOMI_REF_LIST_INLINE) continue;
        if (!ref_room(m, p, j, 1, n)) return -1;
        memcpy(m->pool->refs[p][j][1], m->pool->refs[p][j][0], (size_t)(n - YOMI_REF_LIST_INLINE) * sizeof(int32_t));
    }
    return 0;
}

void fighter_release_opponent(ymatch *m, yfighter *f) {
    yfighter *opp = OPP(m, f);
    if (st_name(obj_state(&opp->o)) == SYM_Grabbed) machine_change_state(m, &opp->o, SYM_Fall, NULL, true, true);
}

void fighter_global_throw_pos(yfighter *f, int32_t *x, int32_t *y) {
    *x = f->o.data.px + f->throw_pos_x * obj_facing(&f->o);
    *y = f->o.data.py + f->throw_pos_y;
}

/* ------------------------------------------------------------------ position queries */
int fighter_opponent_dir(ymatch *m, yfighter *f) { return (int)int_sign(OPP(m, f)->o.data.px - f->o.data.px); }

void fighter_opponent_dir_vec(ymatch *m, yfighter *f, fx *x, fx *y) {
    yfighter *opp = OPP(m, f);
    fxs_normalized(fxs_int(opp->o.data.px - f->o.data.px), fxs_int(opp->o.data.py - f->o.data.py), x, y);
}

fx fighter_opponent_distance(ymatch *m, yfighter *f) { return obj_distance(m, &f->o, &OPP(m, f)->o); }

int fighter_move_dir(yfighter *f) { return fxs_sign(f->last_vel[0]); }

bool fighter_is_colliding_with_opponent(yfighter *f) {
    ystate *st = obj_state(&f->o);
    return (f->colliding_with_opponent ||
            (st_is(st, T_HURT) && (f->hitlag_applied - f->o.hitlag_ticks) < HITLAG_COLLISION_TICKS)) &&
           st_name(st) != SYM_Grabbed;
}

bool fighter_can_be_thrown(yfighter *f) { return !f->o.throw_invulnerable && f->blockstun_ticks <= 0; }

bool fighter_is_in_hurt_state(yfighter *f, bool count_all) {
    ystate *st = obj_state(&f->o);
    if (count_all) return st->busy_interrupt_type == BUSY_HURT || st->is_hurt_state;
    return st->is_hurt_state;
}

int fighter_touching_which_wall(yfighter *f) {
    int32_t box[4];
    obj_collision_aabb(&f->o, box);
    if (box[0] <= -f->o.stage_width && f->o.data.vx <= 0) return -1;
    if (box[1] >= f->o.stage_width && f->o.data.vx >= 0) return 1;
    return 0;
}

/* ------------------------------------------------------------------ facing */
void fighter_set_facing(ymatch *m, yfighter *f, int facing, bool force) { obj_set_facing(m, &f->o, facing, force); }

void fighter_update_facing(ymatch *m, yfighter *f) {
    int32_t my_x = f->o.data.px, opp_x = OPP(m, f)->o.data.px;
    if (my_x < opp_x) obj_set_facing(m, &f->o, 1, false);
    else if (my_x > opp_x) obj_set_facing(m, &f->o, -1, false);
    if (f->o.initialized) fighter_update_data(m, f);
}

/* ------------------------------------------------------------------ initiative */
bool fighter_get_advantage(ymatch *m, yfighter *f) {
    yfighter *opp = OPP(m, f);
    if (f->o.combo_count > 0) return true;
    bool advantage = (opp->lowest_tick <= f->lowest_tick) || f->parried_last_state;
    if (f->o.state_interruptable && opp->o.state_interruptable) advantage = true;
    bool prev_advantage = advantage, whiff_cancel_advantage = false;
    ystate *st = obj_state(&f->o), *prev = obj_prev_state(&f->o);
    if (st_name(st) == SYM_WhiffInstantCancel ||
        (prev && st_name(prev) == SYM_WhiffInstantCancel && st->has_hitboxes)) {
        advantage = false;
        whiff_cancel_advantage = true;
    }
    ystate *os = obj_state(&opp->o), *oprev = obj_prev_state(&opp->o);
    if (st_name(os) == SYM_WhiffInstantCancel ||
        (oprev && st_name(oprev) == SYM_WhiffInstantCancel && os->has_hitboxes)) {
        advantage = false;
        whiff_cancel_advantage = true;
    }
    if (whiff_cancel_advantage && prev_advantage && st_is(st, T_NEW_PARRY)) advantage = true;
    return advantage;
}

void fighter_set_lowest_tick(yfighter *f, int32_t tick) {
    if (tick < f->lowest_tick) f->lowest_tick = tick;
}

void fighter_update_advantage(ymatch *m, yfighter *f) {
    bool adv = fighter_get_advantage(m, f);
    if (adv && !f->initiative) f->initiative_effect = true;
    f->initiative = adv;
}

/* ------------------------------------------------------------------ sadness */
int32_t fighter_sadness_distance_penalty(ymatch *m, yfighter *f) {
    yfighter *opp = OPP(m, f);
    if (f->o.combo_count > 0 || fighter_is_in_hurt_state(opp, false)) return 1;
    int32_t x, y;
    obj_local_center(m, &f->o, &opp->o, &x, &y);
    int32_t amount = 0;
    if (y > 0) amount = fxs_round(yfx_div(m, fxs_int(y), DISTANCE_EXTRA_SADNESS));
    return 1 + amount;
}

void fighter_add_penalty(ymatch *m, yfighter *f, int32_t amount, bool ignore_min_distance) {
    if (!f->sadness_enabled || f->sadness_immunity_ticks > 0) return;
    yfighter *opp = OPP(m, f);
    if (amount > 0) {
        if (!ignore_min_distance) {
            int32_t x, y;
            obj_local_center(m, &f->o, &opp->o, &x, &y);
            fx dist = fxs_vec_len(fxs_int(x), fxs_int(y));
            if (dist < MIN_DIST_SADNESS) return;
        }
        fx modifier = FX_ONE;
        if (obj_grounded(&f->o) && !obj_grounded(&opp->o)) modifier = FXC(0.25);
        amount = fxs_round(fxs_mul(fxs_int(amount), modifier));
    } else {
        fx modifier = FX_ONE;
        if (!obj_grounded(&f->o) && obj_grounded(&opp->o)) modifier = FXC(0.75);
        amount = fxs_round(fxs_mul(fxs_int(amount), modifier));
    }
    if (f->hp < opp->hp) {
        int32_t diff = (int32_t)int_abs(f->hp - opp->hp);
        fx ratio = fxs_sub(FX_ONE, yfx_div(m, fxs_int(diff), FXI(3000)));
        amount = fxs_round(fxs_mul(fxs_int(amount), ratio));
    }
    f->penalty += amount;
    if (f->penalty > MAX_PENALTY) {
        f->supers_available = 0;
        f->super_meter = 0;
        f->penalty = 0;
        f->penalty_buffer = 0;
        f->penalty_ticks = PENALTY_TICKS;
        f->had_sadness = true;
    }
    if (f->penalty < MIN_PENALTY) f->penalty = MIN_PENALTY;
}

void fighter_base_passive_sadness_gain(ymatch *m, yfighter *f) {
    int direction = fxs_sign(f->last_vel[0]);
    int opp_dir = fighter_opponent_dir(m, f);
    if (direction != 0 && direction != opp_dir && imod(f->o.current_tick, 3) == 0) fighter_add_penalty(m, f, 1, false);
    if (direction != 0 && direction == opp_dir && imod(f->o.current_tick, 4) == 0)
        if (fxs_abs(f->last_vel[0]) > FXC(0.01)) fighter_add_penalty(m, f, -1, false);
    if (imod(f->o.current_tick, 7) == 0) fighter_add_penalty(m, f, fighter_sadness_distance_penalty(m, f), false);
}

/* ------------------------------------------------------------------ the turn input */
void fighter_on_action_selected(ymatch *m, yfighter *f, int action_sym, const ydata *data, const yextra *extra) {
    (void)m;
    f->queued_action = (uint16_t)action_sym;
    if (data) ydata_copy(&f->queued_data, data);
    else ydata_none(&f->queued_data);
    if (extra) {
        f->queued_extra = *extra;
        f->has_queued_extra = extra->present != 0; /* an empty dict is falsy */
    } else {
        f->has_queued_extra = false;
    }
    f->o.state_interruptable = false;
    f->o.state_hit_cancellable = false;
}

void fighter_base_process_extra(ymatch *m, yfighter *f, const yextra *e) {
    if (yx_has(e, YX_DI)) {
        if (f->di_enabled) {
            obj_xy_to_dir(m, fxs_int(e->x[YX_DI]), fxs_int(e->y[YX_DI]), fxs_int(NUDGE_DISTANCE), FXI(100),
                          &f->current_nudge[0], &f->current_nudge[1]);
            f->current_di[0] = e->x[YX_DI];
            f->current_di[1] = e->y[YX_DI];
        } else {
            f->current_di[0] = 0;
            f->current_di[1] = 0;
        }
        f->di_is_str = false;
    }
    if (yx_has(e, YX_REVERSE)) f->reverse_state = yx_bool(e, YX_REVERSE);
    if (yx_has(e, YX_FEINT)) {
        f->feinting = yx_bool(e, YX_FEINT);
        if (f->feinting && !f->infinite_resources) fighter_consume_feint(f);
    } else {
        f->feinting = false;
    }
}

static bool in_hold_restarts(yfighter *f, int sym) {
    for (int i = 0; i < f->n_hold_restarts; i++)
        if (f->hold_restarts[i] == sym) return true;
    return false;
}

static int hold_force(yfighter *f, int sym) {
    for (int i = 0; i < f->n_hold_force; i++)
        if (f->hold_force[i][0] == sym) return f->hold_force[i][1];
    return SYM_NONE;
}

/* "Continue" (Hold): restart a holdable state, fall back after an own turn, or keep going */
static void resolve_continue(ymatch *m, yfighter *f) {
    ystate *st = obj_state(&f->o);
    int name = st_name(st);
    const state_vt *vt = st_vt(st);
    int restart = vt->get_hold_restart(m, &f->o, st);
    if (FH(f)->process_continue(m, f)) {
    } else if (restart != SYM_NONE && st->interruptible_on_opponent_turn) {
        f->queued_action = (uint16_t)restart;
        f->queued_data = *obj_state_data(&f->o, st);
    } else if (in_hold_restarts(f, name) && st->interruptible_on_opponent_turn) {
        f->queued_action = (uint16_t)name;
        f->queued_data = *obj_state_data(&f->o, st);
    } else if (hold_force(f, name) != SYM_NONE && st->interruptible_on_opponent_turn) {
        f->queued_action = (uint16_t)hold_force(f, name);
    } else if ((f->was_my_turn || (st->interruptible_on_opponent_turn && st->next_state_on_hold_on_opponent_turn) ||
                (st->hit_fighter && f->o.combo_count == 0)) &&
               !f->feinting && st->next_state_on_hold) {
        f->queued_action = st->fallback_state;
    }
    if (f->feinted_last) f->feint_parriable = true;
    if (!st->interruptible_on_opponent_turn) vt->on_continue(m, &f->o, st);
}

static void apply_queued_action(ymatch *m, yfighter *f, bool pressed_feint) {
    yfighter *opp = OPP(m, f);
    FH(f)->process_action(m, f, f->queued_action);
    f->turn_frames = 0;
    opp->turn_frames = 0;
    FH(f)->turn_start_effects(m, f);
    f->counterhit_this_turn = false;
    f->guard_broken_this_turn = false;
    ystate *st = obj_state(&f->o);
    if (st_is(st, T_COUNTER_ATTACK)) ST_VARS(counter_vars, &f->o, st)->bracing = false;
    if (f->brace_effect_applied_yet) {
        f->brace_effect_applied_yet = false;
        f->braced_attack = false;
    }
    f->last_input_has_action = true;
    f->last_input_action = f->queued_action;
    f->last_input_data = f->queued_data;
    f->feint_parriable = false;
    if (f->queued_action == SYM_Continue) resolve_continue(m, f);
    if (!YOK(m)) return;
    st = obj_state(&f->o);
    if (st->interruptible_on_opponent_turn) st_vt(st)->opponent_turn_interrupt(m, &f->o, st);
    int index = obj_state_index_quiet(&f->o, f->queued_action);
    if (index >= 0) {
        ydata data = f->queued_data;
        machine_change_state_index(m, &f->o, index, &data, true, true);
        if (!YOK(m)) return;
        st = obj_state(&f->o);
        if (!st->is_hurt_state) {
            if (!f->last_turn_block) f->o.hitlag_ticks = 0;
            f->last_turn_block = false;
        }
        if (!st_is(st, T_PARRY) && f->blocked_hitbox_plus_frames > 0) {
            f->o.hitlag_ticks += f->blocked_hitbox_plus_frames;
            f->blocked_hitbox_plus_frames = 0;
        }
        if (pressed_feint) {
            f->feinting = true;
            st->feinting = 1;
        }
    }
    obj_state(&f->o)->feinted_last = f->feinted_last;
}

/* BaseChar.gd: load_last_input_into_buffer (a deep copy of last_input) */
void fighter_load_last_input_into_buffer(yfighter *f) {
    f->buffered_has_action = f->last_input_has_action;
    f->buffered_action = f->last_input_action;
    f->buffered_data = f->last_input_data;
    f->buffered_has_extra = f->last_input_has_extra;
    f->buffered_extra = f->last_input_extra;
}

void fighter_tick_before(ymatch *m, yfighter *f) {
    yfighter *opp = OPP(m, f);
    if (f->clashing) {
        machine_change_state(m, &f->o, obj_grounded(&f->o) ? SYM_Wait : SYM_Fall, NULL, true, true);
        f->clashing = false;
        if (!YOK(m)) return;
    }
    FH(f)->turn_end_effects(m, f);
    f->dummy_interruptable = false;
    fighter_clean_parried_hitboxes(m, f);
    f->busy_interrupt = false;
    fg_update_grounded(&f->o.chara);
    if (f->queued_action != SYM_NONE) f->actions++;
    f->previous_input_has_action = f->last_input_has_action;
    f->previous_input_action = f->last_input_action;
    f->feinted_last = f->feinting;
    bool pressed_feint = false;
    if (f->refresh_prediction) f->refresh_prediction = false;
    f->blocked_last_turn = false;
    if (f->use_buffer) {
        if (f->buffered_has_action) {
            f->queued_action = f->buffered_action;
            f->queued_data = f->buffered_data; /* "data" is in the buffer with "action" */
        }
        if (f->buffered_has_extra) {
            f->queued_extra = f->buffered_extra;
            f->has_queued_extra = true;
        }
        f->use_buffer = false;
        f->used_buffer = true;
        f->buffered_has_action = f->buffered_has_extra = false; /* buffered_input = {} */
    }
    if (f->has_queued_extra) {
        f->turn_frames = 0;
        opp->turn_frames = 0;
        f->last_input_extra = f->queued_extra;
        f->last_input_has_extra = true;
        FH(f)->process_extra(m, f, &f->queued_extra);
        if (!YOK(m)) return;
        pressed_feint = f->feinting;
    }
    if (f->queued_action != SYM_NONE) apply_queued_action(m, f, pressed_feint);
    if (!YOK(m)) return;
    f->queued_action = SYM_NONE;
    ydata_none(&f->queued_data);
    f->has_queued_extra = false;
    f->was_my_turn = false;
    f->lowest_tick = obj_state(&f->o)->current_real_tick;
}

/* ------------------------------------------------------------------ the tick */
static void hitlag_tick(ymatch *m, yfighter *f) {
    (void)m;
    if (f->can_nudge) {
        if (fxs_round(fxs_mul(fxs_vec_len(f->current_nudge[0], f->current_nudge[1]), FXI(100))) > 1) {
            /* the nudge is scaled in place, so it stays scaled until the next DI input */
            fxs_vec_mul(f->current_nudge[0], f->current_nudge[1], f->nudge_amount, &f->current_nudge[0],
                        &f->current_nudge[1]);
            obj_move_directly(&f->o, f->current_nudge[0], obj_grounded(&f->o) ? 0 : f->current_nudge[1]);
        }
        f->can_nudge = false;
    }
    f->o.hitlag_ticks--;
    if (f->o.hitlag_ticks == 0) {
        if (f->o.state_hit_cancellable) {
            f->o.state_interruptable = true;
            f->can_nudge = false;
        }
        if (f->projectile_hit_cancelling) {
            f->o.state_interruptable = true;
            f->can_nudge = false;
        }
    }
    f->turn_frames++;
}

static void active_tick(ymatch *m, yfighter *f) {
    yfighter *opp = OPP(m, f);
    f->turn_frames++;
    if (f->projectile_hit_cancelling) {
        f->o.state_interruptable = true;
        f->can_nudge = false;
    }
    f->projectile_hit_cancelling = false;
    if (f->parried) {
        f->parried = false;
        ystate *st = obj_state(&f->o);
        if (st_is(st, T_PARRY)) ST_VARS(parry_vars, &f->o, st)->parry_active = false;
        ystate *prev = obj_prev_state(&f->o);
        if (prev && st_is(prev, T_PARRY)) ST_VARS(parry_vars, &f->o, prev)->parry_active = false;
    }
    obj_state_tick(m, &f->o);
    if (!YOK(m)) return;
    if (f->in_blockstring && !st_is(obj_state(&f->o), T_NEW_PARRY)) f->in_blockstring = false;
    if (f->o.state_hit_cancellable) {
        f->o.state_interruptable = true;
        f->can_nudge = false;
    }
    ystate *st = obj_state(&f->o);
    if (!st_is(st, T_THROW) && st->apply_pushback) fg_apply_pushback(&f->o.chara, fighter_opponent_dir(m, f));
    if (obj_grounded(&f->o)) {
        f->used_air_dodge = false;
        fighter_refresh_air_movements(f);
    }
    f->o.current_tick++;
    f->o.game_tick++;
    if (!obj_state(&f->o)->is_hurt_state && !obj_state(&opp->o)->is_hurt_state) {
        int32_t x_vel_int = fg_get_x_vel_int(&f->o.chara);
        if (int_sign(x_vel_int) == int_sign(opp->o.data.px - f->o.data.px)) {
            ystate *cur = obj_state(&f->o);
            fx multiplier = st_vt(cur)->get_velocity_forward_meter_gain_multiplier(m, &f->o, cur);
            fx gain = fxs_abs(fxs_mul(fxs_int(x_vel_int), multiplier));
            if (!obj_grounded(&f->o)) gain = fxs_mul(gain, AERIAL_VELOCITY_SUPER_GAIN_MODIFIER);
            int32_t super_gain = fxs_round(yfx_div(m, gain, fxs_int(VEL_SUPER_GAIN_DIVISOR)));
            FH(f)->gain_super_meter(m, f, (int32_t)int_max(super_gain, 0), FX_ONE);
        }
    }
}

static void upkeep(ymatch *m, yfighter *f) {
    yfighter *opp = OPP(m, f);
    if (f->o.state_interruptable) fg_update_grounded(&f->o.chara);
    if (f->hit_during_armor) {
        f->has_hyper_armor = false;
        f->hit_during_armor = false;
    }
    if (f->parried_last_state && f->o.current_tick - f->last_parry_tick >= AUTO_PARRY_TICKS)
        f->parried_last_state = false;
    if (f->wakeup_throw_immunity_ticks > 0) f->wakeup_throw_immunity_ticks--;
    if (f->sadness_immunity_ticks > 0) f->sadness_immunity_ticks--;
    fighter_gain_burst_meter(m, f, false, 0);
    fighter_update_data(m, f);
    ystate *st = obj_state(&f->o);
    if (st->beats_backdash) f->buffer_moved_forward = true;
    if (st->backdash_iasa) f->buffer_moved_backward = true;
    f->any_available_actions = true;
    f->o.can_update_sprite = true;
    f->last_vel[0] = f->o.data.vx;
    f->last_vel[1] = f->o.data.vy;
    int32_t px = f->o.data.px, py = f->o.data.py;
    if (!fighter_is_in_hurt_state(f, true) && !fighter_is_in_hurt_state(opp, true) && f->o.combo_count <= 0 &&
        f->penalty_ticks <= 0)
        FH(f)->passive_sadness_gain(m, f);
    f->last_pos[0] = px;
    f->last_pos[1] = py;
    if (f->penalty_ticks > 0) {
        f->penalty_ticks--;
        if (imod(f->o.current_tick, 3) == 0 && f->hp > 0) {
            combat_take_damage(m, f, 2, 1, FX_ONE, 0, FX_ONE);
            if (f->hp <= 0) f->hp = 1;
        }
    }
    f->touching_wall = false;
    int32_t box[4];
    obj_collision_aabb(&f->o, box);
    if (box[0] <= -f->o.stage_width && f->last_vel[0] < 0) f->touching_wall = true;
    if (box[1] >= f->o.stage_width && f->last_vel[0] > 0) f->touching_wall = true;
    if (!obj_grounded(&f->o)) {
        f->last_aerial_vel[0] = f->last_vel[0];
        f->last_aerial_vel[1] = f->last_vel[1];
    }
    ystate *prev = obj_prev_state(&f->o);
    if (!(prev && st_is(prev, T_PARRY)) || !st_is(obj_state(&f->o), T_PARRY)) f->parried_last_state = false;
    f->used_buffer = false;
    f->grounded_last_frame = obj_grounded(&f->o);
    if (f->forfeit) f->forfeit_ticks++;
    if (f->forfeit && f->forfeit_ticks > 2) {
        machine_change_state(m, &f->o, SYM_ForfeitExplosion, NULL, true, true);
        f->forfeit = false;
    }
    if (f->super_meter_grace_ticks > 0) {
        f->super_meter_grace_ticks--;
        if (f->super_meter_grace_ticks == 0) f->super_meter_used_recently = 0;
    }
}

void fighter_base_tick(ymatch *m, yfighter *f) {
    if (f->o.hitlag_ticks > 0) hitlag_tick(m, f);
    else if (f->blockstun_ticks > 0) f->blockstun_ticks--;
    else active_tick(m, f);
    if (!YOK(m)) return;
    upkeep(m, f);
}

void fighter_state_tick(ymatch *m, yfighter *f) { obj_state_tick(m, &f->o); }

/* ------------------------------------------------------------------ randomness */
int64_t fighter_state_hash(ymatch *m, yfighter *f) {
    (void)m;
    char vx[FX_STR_MAX], vy[FX_STR_MAX], dx[24], dy[24];
    fx_format(f->o.data.vx, vx);
    fx_format(f->o.data.vy, vy);
    gd_value di_x, di_y;
    if (f->di_is_str) {
        dx[0] = '0';
        dx[1] = 0;
        dy[0] = '0';
        dy[1] = 0;
        di_x = gd_str(dx);
        di_y = gd_str(dy);
    } else {
        di_x = gd_int(f->current_di[0]);
        di_y = gd_int(f->current_di[1]);
    }
    return gd_state_hash(f->o.data.px, f->o.data.py, vx, vy, di_x, di_y, sym_text(st_name(obj_state(&f->o))));
}

/* ------------------------------------------------------------------ the base hooks */
static void nop_f(ymatch *m, yfighter *f) {
    (void)m;
    (void)f;
}
static bool false_f(ymatch *m, yfighter *f) {
    (void)m;
    (void)f;
    return false;
}
static bool true_f(ymatch *m, yfighter *f) {
    (void)m;
    (void)f;
    return true;
}
static void process_action(ymatch *m, yfighter *f, int action) {
    (void)m;
    (void)f;
    (void)action;
}

void fighter_base_on_state_started(ymatch *m, yfighter *f, ystate *st) {
    (void)m;
    (void)st;
    f->o.state_interruptable = false;
    f->o.state_hit_cancellable = false;
}

void fighter_base_on_state_ended(ymatch *m, yfighter *f, ystate *st) {
    (void)m;
    (void)f;
    (void)st;
}

void fighter_base_on_state_exited(ymatch *m, yfighter *f, ystate *st) {
    (void)m;
    (void)st;
    /* every hitbox, as the original; the untouched ones are clear already (hitbox_is_clear), so only the touched are visited */
    for (int w = 0; w < (int)(sizeof f->hb_touched / sizeof f->hb_touched[0]); w++) {
        for (uint64_t bits = f->hb_touched[w]; bits; bits &= bits - 1) {
            int i = w * 64 + __builtin_ctzll(bits);
            if (i < f->o.n_hitboxes) hitbox_deactivate(&f->hitboxes[i]);
        }
        f->hb_touched[w] = 0;
    }
}

void fighter_base_on_hit_something(ymatch *m, yfighter *f, yobj *victim, yhitbox *hb) {
    (void)hb;
    yobj *o = &f->o;
    /* BaseObj.gd: _on_hit_something */
    if (o->last_hit_frame == o->current_tick && obj_hit_fighter_last(m, o)) return;
    o->last_object_hit = victim->number;
    o->last_hit_frame = o->current_tick;
}

void fighter_base_on_blocked_melee_attack(ymatch *m, yfighter *f) {
    obj_emit_signal(m, &f->o, SYM_blocked_melee_attack);
    f->in_blockstring = true;
}

static void base_on_signal(ymatch *m, yfighter *f, int method, yobj *emitter) {
    (void)emitter;
    yerr(m, YE_NOT_PORTED, "%s has no signal method %s", FH(f)->name, sym_text(method));
}

void fighter_base_on_got_parried(ymatch *m, yfighter *f) {
    ystate *st = obj_state(&f->o);
    f->o.hitlag_ticks += st->extra_parry_hitlag;
    st_vt(st)->on_got_perfect_parried(m, &f->o, st);
}

void fighter_base_on_got_blocked(ymatch *m, yfighter *f) {
    ystate *st = obj_state(&f->o);
    st_vt(st)->on_got_blocked(m, &f->o, st);
}

void fighter_base_apply_grav(ymatch *m, yfighter *f) {
    (void)m;
    if (f->o.gravity_enabled) fg_apply_grav(&f->o.chara);
}

void fighter_base_apply_grav_custom(ymatch *m, yfighter *f, fx grav, fx fall_speed) {
    (void)m;
    if (f->o.gravity_enabled) fg_apply_grav_custom_raw(&f->o.chara, grav, fall_speed);
}

void fighter_base_apply_fric(ymatch *m, yfighter *f) {
    if (fg_apply_fric(&f->o.chara)) yerr(m, YE_FIXED, "apply_fric: division by zero (max speed 0)");
}

void fighter_base_apply_forces(ymatch *m, yfighter *f) {
    if (fg_apply_forces(&f->o.chara)) yerr(m, YE_FIXED, "apply_forces: velocity overflow");
}

void fighter_base_incr_combo(ymatch *m, yfighter *f, bool scale, bool projectile, bool force, int amount) {
    (void)m;
    if ((scale && (!f->melee_attack_combo_scaling_applied || projectile)) || force) {
        f->o.combo_count += amount;
        f->hitstun_decay_combo_count++;
    }
    f->visible_combo_count++;
}

static void base_gain_super_meter(ymatch *m, yfighter *f, int32_t amount, fx stale) {
    fighter_base_gain_super_meter(m, f, amount, stale);
}

static bool base_has_armor(ymatch *m, yfighter *f) {
    (void)m;
    return f->has_hyper_armor;
}

static int no_host_command(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    (void)m;
    (void)f;
    (void)method;
    (void)args;
    (void)n;
    return 0;
}

static int no_requirement(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    (void)m;
    (void)f;
    (void)method;
    (void)args;
    (void)n;
    return -1;
}

static bool no_refs(ymatch *m, yfighter *f, int number) {
    (void)m;
    (void)f;
    (void)number;
    return false;
}

/* methods of Fighter itself the tables may call by name */
int fighter_base_host_command(ymatch *m, yfighter *f, int method, const yval *args, int n_args) {
    (void)args;
    (void)n_args;
    switch (method) {
    case SYM_use_super_bar: fighter_use_super_bar(f); return 1;
    case SYM_refresh_air_movements: fighter_refresh_air_movements(f); return 1;
    case SYM_release_opponent: fighter_release_opponent(m, f); return 1;
    case SYM_update_facing: fighter_update_facing(m, f); return 1;
    default: return 0;
    }
}

static void base_launched_by(ymatch *m, yfighter *f, yhbd *hb) { combat_base_launched_by(m, f, hb); }

const yomi_char base_fighter_hooks = {
    .name = "Fighter",
    .py_class = "fighter.fighter.Fighter",
    .construct = nop_f,
    .init = fighter_base_init,
    .tick = fighter_base_tick,
    .process_extra = fighter_base_process_extra,
    .process_action = process_action,
    .process_continue = false_f,
    .turn_end_effects = nop_f,
    .turn_start_effects = nop_f,
    .apply_grav = fighter_base_apply_grav,
    .apply_grav_custom = fighter_base_apply_grav_custom,
    .apply_fric = fighter_base_apply_fric,
    .apply_forces = fighter_base_apply_forces,
    .on_got_hit = nop_f,
    .on_got_hit_by_fighter = nop_f,
    .on_got_hit_by_projectile = nop_f,
    .on_launched = nop_f,
    .on_grabbed = nop_f,
    .on_roll_started = nop_f,
    .on_parried = nop_f,
    .on_got_parried = fighter_base_on_got_parried,
    .on_got_blocked = fighter_base_on_got_blocked,
    .on_got_push_blocked = nop_f,
    .on_blocked_melee_attack = fighter_base_on_blocked_melee_attack,
    .on_signal = base_on_signal,
    .on_attack_blocked = nop_f,
    .on_blocked_something = nop_f,
    .on_hit_something = fighter_base_on_hit_something,
    .on_state_started = fighter_base_on_state_started,
    .on_state_ended = fighter_base_on_state_ended,
    .on_state_exited = fighter_base_on_state_exited,
    .on_state_interruptable = fighter_base_on_state_interruptable,
    .on_state_initiative_start = nop_f,
    .incr_combo = fighter_base_incr_combo,
    .reset_combo = fighter_base_reset_combo,
    .gain_super_meter = base_gain_super_meter,
    .launched_by = base_launched_by,
    .passive_sadness_gain = fighter_base_passive_sadness_gain,
    .has_armor = base_has_armor,
    .has_autoblock_armor = false_f,
    .can_perfect_parry = true_f,
    .can_block_cancel = true_f,
    .can_guard_break = true_f,
    .use_burst = fighter_base_use_burst,
    .should_free_cancel_allow_grounded_and_aerial_states = true_f,
    .host_command = no_host_command,
    .usable_requirement = no_requirement,
    .refs_object = no_refs,
};
