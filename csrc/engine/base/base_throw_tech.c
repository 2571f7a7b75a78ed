/* Both players grabbed each other. Mirrors states/base/throw_tech.py (ThrowTech.gd). */
#include "base.h"
#include "engine.h"

static int frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yfighter *f = AS_F(host);
    f->reverse_state = false;
    host->invulnerable = true;
    obj_set_facing(m, host, fighter_opponent_dir(m, f), false);
    return SYM_NONE;
}

static int frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    fighter_update_data(m, AS_F(host));
    obj_move_directly_relative(host, FXI(-10), 0);
    obj_apply_force_relative(host, FXI(-8), 0);
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_grav(m, host);
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

const state_class throw_tech_class = {
    .name = "states.base.throw_tech.ThrowTech",
    .parent = &character_state_class,
    .frames = FRAMES({0, frame_0}, {1, frame_1}),
    .tick = tick,
};
