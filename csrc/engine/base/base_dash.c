/* Ground dashes. Mirrors states/base/dash.py (Dash.gd: DashForward, DashBackward,
 * ChargeDashForward...; DashStartup.gd; ChargeDash.gd). */
#include <string.h>

#include "base.h"
#include "engine.h"

#define MIN_IASA 7
#define MIN_NEUTRAL_IASA 9
#define MAX_IASA 14
#define MIN_SPEED_RATIO FXC(0.5)

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    dash_vars *v = ST_VARS(dash_vars, host, st);
    const ynode *n = NODE(st);
    v->dir_x = (int32_t)prop_int(n, P_dir_x, 1);
    v->dash_speed = (int32_t)prop_int(n, P_dash_speed, 100);
    const char *dss = prop_str(n, P_dash_speed_string, "0");
    v->dash_speed_string = prop_fx(n, P_dash_speed_string, "0");
    v->dash_speed_string_zero = strcmp(dss, "0") == 0; /* compared as text */
    v->fric = prop_fx(n, P_fric, "0.05");
    v->spawn_particle = prop_bool(n, P_spawn_particle, 1);
    v->startup_lag = (int32_t)prop_int(n, P_startup_lag, 0);
    v->stop_frame = (int32_t)prop_int(n, P_stop_frame, 0);
    v->back_penalty = (int32_t)prop_int(n, P_back_penalty, 5);
    v->air = prop_bool(n, P_air, 0);
    v->speed_limit = prop_fx(n, P_speed_limit, "40");
    v->max_speed_ratio = FXC(1.25);
    v->dash_force = 0; /* quirk kept: frame_1 uses a local of that name, so this stays "0" */
    v->dist_ratio = FX_ONE;
}

int dash_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    dash_vars *v = ST_VARS(dash_vars, host, st);
    v->updated = false;
    v->charged = false;
    ydata *data = st_data(host, st);
    if (data->kind == YD_DICT && data->n && ydata_has(data, SYM_Distance)) {
        int32_t a = 0;
        ydata_get(data, SYM_AutoCorrect, SYM_NONE, &a);
        v->auto_ = a != 0;
        ydata sub;
        ydata_sub(data, SYM_Distance, &sub);
        *data = sub;
    }
    return SYM_NONE;
}

static fx vel_mult(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    return fxs_mul(st->st->velocity_forward_meter_gain_multiplier, ST_VARS(dash_vars, host, st)->dist_ratio);
}

static int frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(dash_vars, host, st)->dir_x < 0) host->throw_invulnerable = true;
    return SYM_NONE;
}

static int frame_1(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    dash_vars *v = ST_VARS(dash_vars, host, st);
    ydata *data = st_data(host, st);
    if (v->dir_x < 0) {
        v->max_speed_ratio = FX_ONE;
        fighter_add_penalty(m, f, v->back_penalty, false);
        fg_reset_momentum(&host->chara);
    } else {
        v->max_speed_ratio = FXC(1.25);
        st->beats_backdash = 1;
        int32_t x = 0;
        ydata_get(data, SYM_x, SYM_NONE, &x);
        v->dist_ratio = fxs_add(yfx_div(m, fxs_int(x), FXI(100)), 0);
        int min_iasa = host->combo_count > 0 ? MIN_IASA : MIN_NEUTRAL_IASA;
        if (!v->charged && host->combo_count > 0) st->starting_iasa_at = min_iasa;
        else
            st->starting_iasa_at = (int32_t)int_max(
                fxs_round(fxs_add(fxs_mul(v->dist_ratio, fxs_int(MAX_IASA - min_iasa)), fxs_int(min_iasa))), 1);
        st->iasa_at = st->starting_iasa_at;
    }
    if (v->startup_lag != 0) return SYM_NONE;
    fx dash_force = v->dash_speed_string_zero ? fxs_int((int64_t)v->dir_x * v->dash_speed)
                                              : fxs_mul(fxs_int(v->dir_x), v->dash_speed_string);
    ystate *prev = obj_prev_state(host);
    bool has_charged = data->kind == YD_DICT && data->n && ydata_has(data, SYM_charged);
    if ((prev && st_name(prev) == SYM_ChargeDash) || has_charged) {
        if (v->dir_x >= 0) {
            v->charged = true;
            if (has_charged) ydata_set(m, data, SYM_charged, SYM_NONE, YD_BOOL, 1);
            dash_force = fxs_mul(dash_force, FXI(2));
        }
    }
    fx speed_ratio = fxs_add(fxs_mul(v->dist_ratio, fxs_sub(v->max_speed_ratio, MIN_SPEED_RATIO)), MIN_SPEED_RATIO);
    obj_apply_force_relative(host, fxs_mul(dash_force, speed_ratio), 0);
    if (!v->air) obj_apply_grav(m, host);
    return SYM_NONE;
}

static int get_hold_restart(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(dash_vars, host, st)->air) return AS_F(host)->air_movements_left > 0 ? SYM_AirDashForward : SYM_Fall;
    return SYM_NONE;
}

static int frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(dash_vars, host, st)->dir_x < 0) host->throw_invulnerable = false;
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    dash_vars *v = ST_VARS(dash_vars, host, st);
    fg_apply_x_fric_raw(&host->chara, v->fric);
    if (!v->air) obj_apply_grav(m, host);
    if (v->charged) obj_apply_forces_no_limit(m, host);
    else obj_apply_forces(m, host);
    obj_limit_speed(m, host, v->speed_limit); /* reads the cached velocity (from before apply_forces) */
    ystate *prev = obj_prev_state(host);
    bool repeated = prev && st_name(prev) == st_name(st);
    if (v->startup_lag > 0 && st->current_tick == v->startup_lag && !repeated)
        obj_apply_force_relative(host, v->dash_force, 0);
    if (v->auto_ && v->dir_x > 0 && opp->colliding_with_opponent && !fighter_is_in_hurt_state(opp, true) &&
        imod(st->current_tick, 4) == 0) {
        fighter_update_data(m, f);
        fx vx = host->data.vx, vy = host->data.vy;
        if (vx != 0 && fxs_sign(vx) != fighter_opponent_dir(m, f)) {
            fighter_update_facing(m, f);
            v->updated = true;
            obj_set_vel(host, fxs_mul(fxs_abs(vx), fxs_int(fighter_opponent_dir(m, f))), vy);
        }
    }
    return SYM_NONE;
}

const state_class dash_class = {
    .name = "states.base.dash.Dash",
    .parent = &character_state_class,
    .vars_size = sizeof(dash_vars),
    .construct = construct,
    .enter = dash_enter,
    .get_velocity_forward_meter_gain_multiplier = vel_mult,
    .frames = FRAMES({0, frame_0}, {1, frame_1}, {7, frame_7}),
    .get_hold_restart = get_hold_restart,
    .tick = tick,
};

static int startup_enter(ymatch *m, yobj *host, ystate *st) {
    int32_t x = 0;
    ydata_get(st_data(host, st), SYM_x, SYM_NONE, &x);
    if ((int64_t)x * fighter_opponent_dir(m, AS_F(host)) < 0) return SYM_DashBackward;
    return SYM_DashForward;
}

static bool startup_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && st_name(obj_state(host)) != SYM_WhiffInstantCancel;
}

const state_class dash_startup_class = {
    .name = "states.base.dash.DashStartup",
    .parent = &character_state_class,
    .enter = startup_enter,
    .is_usable = startup_is_usable,
};

static int charge_frame_6(ymatch *m, yobj *host, ystate *st) {
    if (st->fallback_state == SYM_ChargeDashForward) {
        ydata d;
        ydata_none(&d);
        ydata_set(m, &d, SYM_x, SYM_NONE, YD_INT, 100);
        ydata_set(m, &d, SYM_charged, SYM_NONE, YD_BOOL, 1);
        state_queue_change(m, host, st, st->fallback_state, &d);
    } else {
        state_queue_change(m, host, st, st->fallback_state, NULL);
    }
    return SYM_NONE;
}

const state_class charge_dash_class = {
    .name = "states.base.dash.ChargeDash",
    .parent = &character_state_class,
    .frames = FRAMES({6, charge_frame_6}),
};
