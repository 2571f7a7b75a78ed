/* Moves that cost super bars. Mirrors states/base/super_move.py (SuperMove.gd,
 * InstantCancel.gd, WhiffInstantCancel.gd). */
#include <string.h>

#include "base.h"
#include "engine.h"

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    super_move_vars *v = ST_VARS(super_move_vars, host, st);
    v->super_level = (int32_t)prop_int(NODE(st), P_super_level, 1);
    v->supers_used = (int32_t)prop_int(NODE(st), P_supers_used, -1);
    v->super_freeze_ticks = (int32_t)prop_int(NODE(st), P_super_freeze_ticks, 15);
    v->super_effect = prop_bool(NODE(st), P_super_effect, 1);
    v->scale_combo_meter = prop_bool(NODE(st), P_scale_combo_meter, 1);
}

static bool is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && AS_F(host)->supers_available >= ST_VARS(super_move_vars, host, st)->super_level;
}

static int frame_0_shared(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yfighter *f = AS_F(host);
    super_move_vars *v = ST_VARS(super_move_vars, host, st);
    int levels = v->supers_used == -1 ? v->super_level : v->supers_used;
    if (v->scale_combo_meter && levels > 0) f->combo_supers++;
    for (int i = 0; i < levels; i++) fighter_use_super_bar(f);
    return SYM_NONE;
}

const state_class super_move_class = {
    .name = "states.base.super_move.SuperMove",
    .parent = &character_state_class,
    .vars_size = sizeof(super_move_vars),
    .construct = construct,
    .frames_shared = FRAMES({0, frame_0_shared}),
    .is_usable = is_usable,
};

static int ic_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static bool ic_is_usable(ymatch *m, yobj *host, ystate *st) {
    int cur = st_name(obj_state(host));
    return is_usable(m, host, st) && (obj_hit_fighter_last(m, host) || host->combo_count > 0) && cur != SYM_Burst &&
           !strstr(sym_text(cur), "InstantCancel");
}

const state_class instant_cancel_class = {
    .name = "states.base.super_move.InstantCancel",
    .parent = &super_move_class,
    .tick = ic_tick,
    .is_usable = ic_is_usable,
};

static int32_t wic_cost(void) { return fxs_round(fxs_mul(fxs_int(1500), FXC(0.75))); }

static int wic_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fighter_use_burst_meter(AS_F(host), wic_cost());
    return SYM_NONE;
}

static bool wic_is_usable(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    yfighter *f = AS_F(host);
    bool has_meter = f->bursts_available > 0 || f->burst_meter >= wic_cost();
    return !f->got_parried && !f->got_blocked && has_meter;
}

const state_class whiff_instant_cancel_class = {
    .name = "states.base.super_move.WhiffInstantCancel",
    .parent = &instant_cancel_class,
    .enter = wic_enter,
    .is_usable = wic_is_usable,
};
