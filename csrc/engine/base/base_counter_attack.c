/* Brace. Mirrors states/base/counter_attack.py (CounterAttack.gd; needs brace_enabled). */
#include "base.h"
#include "engine.h"

#define HURT_GROUND_FRIC FXC(0.05)
#define HURT_AIR_FRIC FXC(0.015)
#define HURT_GRAV FXC(0.25)
#define HURT_FALL_SPEED FXI(15)

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(counter_vars, host, st)->counter_type = (int32_t)prop_int(NODE(st), P_counter_type, 0);
}

static void init(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->is_brace = 1;
}

static int32_t brace_cost(void) { return fxs_round(fxs_mul(fxs_int(1500), FXC(0.125))); }

static int enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(counter_vars, host, st)->bracing = true;
    fighter_use_burst_meter(AS_F(host), brace_cost());
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    counter_vars *v = ST_VARS(counter_vars, host, st);
    st->anim_name = (obj_grounded(host) && v->counter_type != 1) ? SYM_ParryHigh : SYM_ParryLow;
    if (obj_grounded(host)) {
        obj_set_pos(host, host->data.px, 0);
        fg_apply_x_fric_raw(&host->chara, HURT_GROUND_FRIC);
    } else {
        fg_apply_x_fric_raw(&host->chara, HURT_AIR_FRIC);
        obj_apply_grav_custom(m, host, HURT_GRAV, HURT_FALL_SPEED);
    }
    obj_apply_forces_no_limit(m, host);
    return SYM_NONE;
}

static bool is_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    if (!f->brace_enabled) return false;
    if (!(f->bursts_available > 0 || f->burst_meter >= brace_cost())) return false;
    if (!cs_is_usable(m, host, st)) return false;
    ystate *cur = obj_state(host);
    if (st_is(cur, T_HURT) && f->hitbox_data.counter_hit) return false;
    return true;
}

const state_class counter_attack_class = {
    .name = "states.base.counter_attack.CounterAttack",
    .parent = &character_state_class,
    .vars_size = sizeof(counter_vars),
    .traits = T_COUNTER_ATTACK,
    .construct = construct,
    .init = init,
    .enter = enter,
    .tick = tick,
    .is_usable = is_usable,
};
