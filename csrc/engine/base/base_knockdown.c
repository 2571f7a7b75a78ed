/* On the floor and getting up. Mirrors states/base/knockdown.py (Knockdown.gd, Getup.gd). */
#include "base.h"
#include "engine.h"

#define GROUND_FRIC FXC(0.125)

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(knockdown_vars, host, st)->hard = prop_bool(NODE(st), P_hard, 0);
}

static int frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    yfighter *f = AS_F(host);
    obj_set_vel(host, host->data.vx, 0);
    fg_set_grounded(&host->chara, true);
    obj_set_pos(host, host->data.px, 0);
    f->on_the_ground = true;
    f->colliding_with_opponent = false;
    return SYM_NONE;
}

static void knockdown_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->on_the_ground = false;
    AS_F(host)->colliding_with_opponent = true;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    fg_apply_x_fric_raw(&host->chara, GROUND_FRIC);
    obj_apply_forces_no_limit(m, host);
    if (AS_F(host)->hp <= 0) st->endless = 1;
    return SYM_NONE;
}

const state_class knockdown_class = {
    .name = "states.base.knockdown.Knockdown",
    .parent = &character_state_class,
    .vars_size = sizeof(knockdown_vars),
    .construct = construct,
    .frames = FRAMES({0, frame_0}),
    .exit = knockdown_exit,
    .tick = tick,
};

static int getup_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = true;
    AS_F(host)->colliding_with_opponent = true;
    return SYM_NONE;
}

static void getup_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fighter_start_wakeup_throw_immunity(AS_F(host));
}

const state_class getup_class = {
    .name = "states.base.knockdown.Getup",
    .parent = &character_state_class,
    .frames = FRAMES({0, getup_frame_0}),
    .exit = getup_exit,
};
