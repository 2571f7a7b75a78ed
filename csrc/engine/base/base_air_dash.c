/* Air dash. Mirrors states/base/air_dash.py (characters/states/AirDash.gd). */
#include "base.h"
#include "engine.h"

#define BACKDASH_LAG_FRAMES 4
#define Y_MODIFIER FXC(0.60)
#define MIN_IASA 0
#define MAX_IASA 14
#define COMBO_IASA 7
#define NEUTRAL_MIN_IASA 9

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    air_dash_vars *v = ST_VARS(air_dash_vars, host, st);
    v->dir_x = prop_fx(NODE(st), P_dir_x, "3.0");
    v->dir_y = prop_fx(NODE(st), P_dir_y, "-5.0");
    v->speed = prop_fx(NODE(st), P_speed, "2.0");
    v->fric = prop_fx(NODE(st), P_fric, "0.05");
    v->forward_dash_name = (uint16_t)prop_sym(NODE(st), P_forward_dash_name, SYM_DashForward);
    v->backward_dash_name = (uint16_t)prop_sym(NODE(st), P_backward_dash_name, SYM_DashBackward);
}

int air_dash_frame_0(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    air_dash_vars *v = ST_VARS(air_dash_vars, host, st);
    int32_t x = 0, y = 0;
    ydata *data = st_data(host, st);
    ydata_get(data, SYM_x, SYM_NONE, &x);
    ydata_get(data, SYM_y, SYM_NONE, &y);
    fx force_x, force_y, dir_x, dir_y;
    obj_xy_to_dir(m, fxs_int(x), fxs_int(y), v->speed, FXI(100), &force_x, &force_y);
    obj_xy_to_dir(m, fxs_int(x), fxs_int(y), FX_ONE, FXI(100), &dir_x, &dir_y);
    v->starting_y = host->data.py;
    bool back = false;
    if (host->combo_count > 0) {
        st->starting_iasa_at = COMBO_IASA;
    } else {
        st->starting_iasa_at = (int32_t)int_max(
            fxs_round(fxs_add(fxs_mul(fxs_vec_len(dir_x, dir_y), fxs_int(MAX_IASA - MIN_IASA)), fxs_int(MIN_IASA))),
            NEUTRAL_MIN_IASA);
    }
    st->iasa_at = st->starting_iasa_at;
    int backward_facing = force_x < 0 ? 1 : -1;
    if (obj_facing(host) == backward_facing && x != 0) {
        st->anim_name = v->backward_dash_name;
        back = true;
    } else {
        st->anim_name = v->forward_dash_name;
    }
    if (back && host->combo_count <= 0) {
        st->backdash_iasa = 1;
        st->beats_backdash = 0;
        host->hitlag_ticks += BACKDASH_LAG_FRAMES;
        fighter_add_penalty(m, f, 5, false);
    } else {
        st->backdash_iasa = 0;
        st->beats_backdash = 1;
    }
    obj_apply_force(host, force_x, force_y < 0 ? fxs_mul(force_y, Y_MODIFIER) : force_y);
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    fg_apply_x_fric_raw(&host->chara, ST_VARS(air_dash_vars, host, st)->fric);
    obj_apply_forces_no_limit(m, host);
    if (obj_grounded(host) && host->combo_count <= 0) {
        fx vx = host->data.vx, vy = host->data.vy;
        if (fighter_opponent_dir(m, f) != fxs_sign(vx)) obj_set_vel(host, fxs_mul(vx, FXC(0.6)), vy);
    }
    return SYM_NONE;
}

const state_class air_dash_class = {
    .name = "states.base.air_dash.AirDash",
    .parent = &character_state_class,
    .vars_size = sizeof(air_dash_vars),
    .construct = construct,
    .frames = FRAMES({0, air_dash_frame_0}),
    .tick = tick,
};
