/* Grabs. Mirrors states/base/grab.py (characters/states/Grab.gd: Grab, AirGrab, JumpGrab). */
#include "base.h"
#include "engine.h"

#define DASH_LAG 4
#define DASH_SPEED FXI(14)
#define JUMP_HEIGHT FXI(-10)

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    grab_vars *v = ST_VARS(grab_vars, host, st);
    const ynode *n = NODE(st);
    v->jump_grab = prop_bool(n, P_jump_grab, 0);
    v->forward_throw_state = (uint16_t)prop_sym(n, P_forward_throw_state, SYM_ForwardThrow);
    v->back_throw_state = (uint16_t)prop_sym(n, P_back_throw_state, SYM_BackThrow);
    v->down_throw_state = (uint16_t)prop_sym(n, P_down_throw_state, SYM_AirDownThrow);
}

static bool dget(const ydata *d, int k1, int k2, int32_t *v) { return ydata_get(d, k1, k2, v); }

static int enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    grab_vars *v = ST_VARS(grab_vars, host, st);
    v->dash_momentum_applied = false;
    ydata *data = st_data(host, st);
    if (data->kind == YD_NONE) {
        ystate *prev = obj_prev_state(host);
        if (prev && st_is(prev, T_GRAB)) *data = *st_data(host, prev);
    }
    if (data->kind == YD_DICT) {
        int32_t dash = 0, jump = 0, dx = 0, dy = 0;
        dget(data, SYM_Dash, SYM_NONE, &dash);
        dget(data, SYM_Jump, SYM_NONE, &jump);
        if (ydata_has(data, SYM_x)) {
            dget(data, SYM_x, SYM_NONE, &dx);
            dget(data, SYM_y, SYM_NONE, &dy);
        } else {
            dget(data, SYM_Direction, SYM_x, &dx);
            dget(data, SYM_Direction, SYM_y, &dy);
        }
        if (dash && !jump) v->dash_lag = DASH_LAG;
        if (jump && st->air_type == AIR_GROUNDED) return SYM_JumpGrab;
        int facing = obj_facing(host);
        yhitbox *box = state_hitbox_child(host, st, SYM_ThrowBox);
        if (box) {
            if (dx == 0 && dy == 1) box->throw_state = v->down_throw_state;
            else if (dx == facing && dy == 0) box->throw_state = v->forward_throw_state;
            else if (dx == -facing && dy == 0) box->throw_state = v->back_throw_state;
        }
    }
    if (v->jump_grab) obj_apply_force_relative(host, DASH_SPEED, JUMP_HEIGHT);
    return SYM_NONE;
}

static int frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->throw_techable = 1;
    return SYM_NONE;
}

static int frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->throw_techable = 0;
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    grab_vars *v = ST_VARS(grab_vars, host, st);
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    if (v->dash_lag > 0) {
        st->current_tick = 0;
        v->dash_lag--;
        state_update_sprite_frame(m, host, st);
    }
    ydata *data = st_data(host, st);
    int32_t dash = 0, jump = 0;
    if (st->current_tick == 4 && data->kind == YD_DICT && data->n && dget(data, SYM_Dash, SYM_NONE, &dash) && dash) {
        yhitbox *box = state_hitbox_child(host, st, SYM_ThrowBox);
        if (box) hitbox_deactivate(box);
    }
    if (st->current_tick == 0 && data->kind == YD_DICT) {
        dash = 0;
        dget(data, SYM_Dash, SYM_NONE, &dash);
        dget(data, SYM_Jump, SYM_NONE, &jump);
        if (dash && !jump && !v->dash_momentum_applied) obj_apply_force_relative(host, DASH_SPEED, 0);
        if (!v->dash_momentum_applied) v->dash_momentum_applied = true;
    }
    return SYM_NONE;
}

const state_class grab_class = {
    .name = "states.base.grab.Grab",
    .parent = &character_state_class,
    .vars_size = sizeof(grab_vars),
    .traits = T_GRAB,
    .construct = construct,
    .enter = enter,
    .frames = FRAMES({1, frame_1}, {9, frame_9}),
    .tick = tick,
};
