/* Standing still. Mirrors states/base/idle.py (characters/states/Idle.gd: Start, Wait). */
#include "base.h"
#include "engine.h"

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(idle_vars, host, st)->auto_fall = prop_bool(NODE(st), P_auto_fall, 1);
}

static int enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(idle_vars, host, st)->auto_fall && !obj_grounded(host)) return SYM_Fall;
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    if (ST_VARS(idle_vars, host, st)->auto_fall && !obj_grounded(host)) return SYM_Fall;
    if (AS_F(host)->hp <= 0) return SYM_Knockdown;
    return SYM_NONE;
}

const state_class idle_class = {
    .name = "states.base.idle.Idle",
    .parent = &character_state_class,
    .vars_size = sizeof(idle_vars),
    .construct = construct,
    .enter = enter,
    .tick = tick,
};
