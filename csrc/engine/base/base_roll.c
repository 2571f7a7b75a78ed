/* Dodge rolls. Mirrors states/base/roll.py (RollStartup.gd, class RollDodge: Roll, TechRoll). */
#include "base.h"
#include "engine.h"

#define GROUND_FRIC FXC(0.115)
#define AIR_FRIC FXC(0.1)
#define SPEED FXC(8.5)
#define ACCEL_SPEED FXC(0.7)

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    roll_vars *v = ST_VARS(roll_vars, host, st);
    v->tech = prop_bool(NODE(st), P_tech, 0);
    v->force_anim_length = (int32_t)prop_int(NODE(st), P_force_anim_length, -1);
}

int roll_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    roll_vars *v = ST_VARS(roll_vars, host, st);
    FH(f)->on_roll_started(m, f);
    v->back = false;
    f->used_air_dodge = true;
    int32_t x = 0;
    ydata_get(st_data(host, st), SYM_x, SYM_NONE, &x);
    obj_xy_to_dir(m, fxs_int(x), 0, SPEED, FX_ONE, &v->force_x, &v->force_y);
    obj_xy_to_dir(m, fxs_int(x), 0, ACCEL_SPEED, FX_ONE, &v->accel_x, &v->accel_y);
    v->has_force = true;
    int backward_facing = v->force_x < 0 ? 1 : -1; /* "-" in force.x: backward is facing right */
    if (obj_facing(host) == backward_facing) {
        st->anim_name = SYM_RollBackward;
        v->back = true;
        v->force_x = fxs_mul(v->force_x, FXC(0.3));
    } else {
        st->anim_name = SYM_RollForward;
    }
    if (v->back) {
        st->anim_length = 19;
        st->iasa_at = 19;
    } else {
        st->anim_length = 20;
        st->iasa_at = 20;
    }
    if (v->force_anim_length > -1) {
        st->anim_length = v->force_anim_length;
        st->iasa_at = v->force_anim_length;
    }
    obj_apply_force(host, v->force_x, 0);
    host->throw_invulnerable = true;
    host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yfighter *f = AS_F(host);
    if (ST_VARS(roll_vars, host, st)->tech) {
        int32_t no_invuln = 0;
        if (!(ydata_get(st_data(host, st), SYM_no_invuln, SYM_NONE, &no_invuln) && no_invuln)) host->invulnerable = true;
        f->colliding_with_opponent = false;
    }
    if (!obj_grounded(host)) {
        f->air_movements_left--;
        if (f->air_movements_left < 0) f->air_movements_left = 0;
    }
    return SYM_NONE;
}

static int frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->colliding_with_opponent = false;
    return SYM_NONE;
}

static int frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    int32_t no_invuln = 0;
    if (!(ydata_get(st_data(host, st), SYM_no_invuln, SYM_NONE, &no_invuln) && no_invuln)) host->invulnerable = true;
    return SYM_NONE;
}

static int frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    host->throw_invulnerable = false;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    roll_vars *v = ST_VARS(roll_vars, host, st);
    st->custom_x_fric = GROUND_FRIC;
    if (!obj_grounded(host)) st->custom_x_fric = AIR_FRIC;
    AS_F(host)->colliding_with_opponent = false;
    if (v->has_force) obj_apply_force(host, v->accel_x, 0); /* `if self.accel:` (a non-empty dict) */
    return SYM_NONE;
}

static bool is_usable(ymatch *m, yobj *host, ystate *st) {
    if (!obj_grounded(host)) return cs_is_usable(m, host, st) && !AS_F(host)->used_air_dodge;
    return cs_is_usable(m, host, st);
}

const state_class roll_dodge_class = {
    .name = "states.base.roll.RollDodge",
    .parent = &character_state_class,
    .vars_size = sizeof(roll_vars),
    .construct = construct,
    .enter = roll_enter,
    .frames = FRAMES({0, frame_0}, {1, frame_1}, {2, frame_2}, {10, frame_10}),
    .tick = tick,
    .is_usable = is_usable,
};
