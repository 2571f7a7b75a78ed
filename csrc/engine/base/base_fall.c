/* Falling. Mirrors states/base/fall.py (Fall.gd, SuperFallStartup.gd, SuperFall.gd). */
#include "base.h"
#include "engine.h"

int fall_tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    if (st->current_tick > 3 && obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

const state_class fall_class = {
    .name = "states.base.fall.Fall",
    .parent = &character_state_class,
    .tick = fall_tick,
};

static int startup_frame_5(ymatch *m, yobj *host, ystate *st) {
    state_queue_change(m, host, st, st->fallback_state, NULL);
    return SYM_NONE;
}

const state_class super_fall_startup_class = {
    .name = "states.base.fall.SuperFallStartup",
    .parent = &character_state_class,
    .frames = FRAMES({5, startup_frame_5}),
};

static void super_fall_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(super_fall_vars, host, st)->move_speed = prop_fx(NODE(st), P_move_speed, "10");
}

static int super_fall_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    obj_move_directly(host, 0, ST_VARS(super_fall_vars, host, st)->move_speed);
    return SYM_NONE;
}

const state_class super_fall_class = {
    .name = "states.base.fall.SuperFall",
    .parent = &character_state_class,
    .vars_size = sizeof(super_fall_vars),
    .construct = super_fall_construct,
    .tick = super_fall_tick,
};
