/* Jumps. Mirrors states/base/jump.py (characters/states/Jump.gd: Jump, SuperJump, DoubleJump). */
#include "base.h"
#include "engine.h"

#define GLOBAL_JUMP_MODIFIER FXC(0.85)
#define SHORT_HOP_IASA 9
#define SHORT_HOP_COMBO_IASA 7
#define FULL_HOP_LENGTH FXC(0.7)
#define SUPER_JUMP_SPEED FXI(17)
#define BASE_JUMP_SPEED FXC(0.5)
#define SUPER_JUMP_FORCES_END_TICK 25

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    jump_vars *v = ST_VARS(jump_vars, host, st);
    const ynode *n = NODE(st);
    v->speed = prop_fx(n, P_speed, "25.0");
    v->y_modifier = prop_fx(n, P_y_modifier, "1.5");
    v->x_modifier = prop_fx(n, P_x_modifier, "1.0");
    v->x_speed_preserved = prop_fx(n, P_x_speed_preserved, "0.25");
    v->super_jump = prop_bool(n, P_super_jump, 0);
    const char *ovr = prop_str(n, P_super_jump_speed_override, "");
    v->has_speed_override = ovr[0] != 0;
    v->super_jump_speed_override = v->has_speed_override ? prop_fx(n, P_super_jump_speed_override, "0") : 0;
    v->fall_anim = prop_bool(n, P_fall_anim, 0);
    v->fall_anim_speed = prop_fx(n, P_fall_anim_speed, "1");
    v->back_full_hop_sadness = (int32_t)prop_int(n, P_back_full_hop_sadness, 10);
    v->back_short_hop_sadness = (int32_t)prop_int(n, P_back_short_hop_sadness, 5);
    v->jump_tick = 1;
}

static int32_t dx(yobj *host, ystate *st) {
    int32_t x = 0;
    ydata_get(st_data(host, st), SYM_x, SYM_NONE, &x);
    return x;
}
static int32_t dy(yobj *host, ystate *st) {
    int32_t y = 0;
    ydata_get(st_data(host, st), SYM_y, SYM_NONE, &y);
    return y;
}

/* toward the opponent, at least 0.34 upward (the "homing" super jump and a jump without data) */
static void homing_data(ymatch *m, yobj *host, ydata *out) {
    yfighter *f = AS_F(host);
    fx x, y;
    fighter_opponent_dir_vec(m, f, &x, &y);
    if (y > FXC(-0.34)) {
        y = FXC(-0.34);
        x = fxs_mul(fxs_int(obj_facing(host)), FXC(0.94));
    }
    fxs_normalized(x, y, &x, &y);
    ydata_xy(out, fxs_round(fxs_mul(x, FXI(100))), fxs_round(fxs_mul(y, FXI(100))));
}

static bool is_back(yobj *host, ystate *st) {
    int32_t x = dx(host, st);
    return int_sign(x) != obj_facing(host) || x == 0;
}

static bool is_full_hop(ymatch *m, yobj *host, ystate *st) {
    fx x, y;
    obj_xy_to_dir(m, fxs_int(dx(host, st)), fxs_int(dy(host, st)), FX_ONE, FXI(100), &x, &y);
    return fxs_vec_len(x, y) > FULL_HOP_LENGTH;
}

static bool is_squat(ymatch *m, yobj *host, ystate *st) {
    bool full_hop = is_full_hop(m, host, st);
    bool back = is_back(host, st);
    return ST_VARS(jump_vars, host, st)->super_jump ||
           (st->air_type == AIR_GROUNDED && (back || host->combo_count <= 0) && full_hop);
}

static bool is_homing_or_none(const ydata *d) {
    return d->kind == YD_NONE || (d->kind == YD_STR && d->i == SYM_homing);
}

static int enter(ymatch *m, yobj *host, ystate *st) {
    jump_vars *v = ST_VARS(jump_vars, host, st);
    st->anim_name = SYM_Landing;
    ydata *data = st_data(host, st);
    if (is_homing_or_none(data)) homing_data(m, host, data);
    v->squat = is_squat(m, host, st);
    if (!v->squat) host->throw_invulnerable = true;
    return SYM_NONE;
}

static void jump(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    jump_vars *v = ST_VARS(jump_vars, host, st);
    host->throw_invulnerable = false;
    fx vx = host->data.vx;
    fg_set_grounded(&host->chara, false);
    obj_set_vel(host, fxs_mul(vx, v->x_speed_preserved), 0);
    fx fx_, fy;
    obj_xy_to_dir(m, fxs_int(dx(host, st)), fxs_int(dy(host, st)), FX_ONE, FXI(100), &fx_, &fy);
    fx px, py;
    fxs_vec_mul(fx_, fy, fxs_powu(fxs_vec_len(fx_, fy), 2), &px, &py);
    fx_ = yfx_div(m, fxs_add(px, fx_), FXI(2));
    fy = yfx_div(m, fxs_add(py, fy), FXI(2));
    fx speed;
    if (!v->super_jump) speed = fxs_add(v->speed, BASE_JUMP_SPEED);
    else speed = v->has_speed_override ? v->super_jump_speed_override : SUPER_JUMP_SPEED;
    fxs_vec_mul(fx_, fy, speed, &fx_, &fy);
    fy = fxs_mul(fy, v->y_modifier);
    fx_ = fxs_mul(fx_, v->x_modifier);
    if ((host->combo_count <= 0 || FOPP(m, f)->on_the_ground) && !v->super_jump) fy = fxs_mul(fy, GLOBAL_JUMP_MODIFIER);
    obj_apply_force(host, fx_, fy);
    v->force_x = fx_;
    v->force_y = fy;
    st->interruptible_on_opponent_turn = 1;
    st->next_state_on_hold = 1;
    st->next_state_on_hold_on_opponent_turn = 1;
}

static int frame_4(ymatch *m, yobj *host, ystate *st) {
    jump_vars *v = ST_VARS(jump_vars, host, st);
    if (v->squat && !v->super_jump) jump(m, host, st);
    return SYM_NONE;
}

int jump_frame_7(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(jump_vars, host, st)->super_jump) jump(m, host, st);
    return SYM_NONE;
}

static void set_frames(ymatch *m, ystate *st, int a, int b) {
    if (st->n_interrupt_frames < 2) {
        yerr(m, YE_INTERNAL, "Jump: interrupt_frames has fewer than 2 entries");
        return;
    }
    st->interrupt_frames[0] = (int16_t)a;
    st->interrupt_frames[1] = (int16_t)b;
}

static int frame_0(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    jump_vars *v = ST_VARS(jump_vars, host, st);
    ydata *data = st_data(host, st);
    if (data->kind == YD_STR && data->i == SYM_homing) homing_data(m, host, data);
    if (!v->super_jump) st->interruptible_on_opponent_turn = 1;
    st->next_state_on_hold = 0;
    st->next_state_on_hold_on_opponent_turn = 0;
    v->queue_backdash_check = false;
    bool full_hop = is_full_hop(m, host, st);
    bool back = is_back(host, st);
    v->squat = is_squat(m, host, st);
    if (v->squat && !back) st->current_tick = 3;
    if (back && host->combo_count <= 0) {
        fighter_add_penalty(m, f, full_hop ? v->back_full_hop_sadness : v->back_short_hop_sadness, false);
        st->backdash_iasa = 1;
        st->beats_backdash = 0;
    } else {
        st->backdash_iasa = 0;
        ystate *os = obj_state(&FOPP(m, f)->o);
        st->beats_backdash = !os->beats_backdash;
        int on = st_name(os);
        if (on == SYM_Jump || on == SYM_DoubleJump || on == SYM_SuperJump) v->queue_backdash_check = true;
    }
    if (!v->squat) {
        v->jump_tick = 1;
        jump(m, host, st);
    } else {
        v->jump_tick = !v->super_jump ? 4 : 7;
        st->anim_name = SYM_Landing;
    }
    if (!v->super_jump) {
        if (v->squat) {
            set_frames(m, st, 14, 25);
            if (!back) set_frames(m, st, 14, 24);
        } else if (full_hop) {
            set_frames(m, st, 10, 21);
        } else {
            set_frames(m, st, host->combo_count <= 0 ? SHORT_HOP_IASA : SHORT_HOP_COMBO_IASA, 18);
        }
    }
    return SYM_NONE;
}

static int frame_1(ymatch *m, yobj *host, ystate *st) {
    jump_vars *v = ST_VARS(jump_vars, host, st);
    if (!v->queue_backdash_check) return SYM_NONE;
    v->queue_backdash_check = false;
    yfighter *f = AS_F(host);
    if (is_back(host, st)) return SYM_NONE;
    yobj *oh = &FOPP(m, f)->o;
    ystate *os = obj_state(oh);
    int32_t ox = 0;
    ydata_get(st_data(oh, os), SYM_x, SYM_NONE, &ox);
    bool opponent_back = fxs_sign(fxs_int(ox)) == obj_facing(host) || ox == 0;
    st->beats_backdash = opponent_back;
    if (!st->beats_backdash) {
        bool full_hop =
            yfx_div(m, fxs_vec_len(fxs_int(dx(host, st)), fxs_int(dy(host, st))), FXI(100)) > FULL_HOP_LENGTH;
        /* quirk kept: the original measures the opponent's hop with its x twice */
        bool opponent_full_hop = yfx_div(m, fxs_vec_len(fxs_int(ox), fxs_int(ox)), FXI(100)) > FULL_HOP_LENGTH;
        bool opp_super = st_is(os, T_JUMP) && ST_VARS(jump_vars, oh, os)->super_jump;
        st->beats_backdash = full_hop == (opponent_full_hop || !opp_super);
    }
    return SYM_NONE;
}

static int tick(ymatch *m, yobj *host, ystate *st) {
    jump_vars *v = ST_VARS(jump_vars, host, st);
    int32_t x = dx(host, st);
    if (st->current_tick >= v->jump_tick) {
        if (v->force_x < 0) {
            st->anim_name = (obj_facing(host) == 1 && x != 0) ? SYM_JumpBack : st->st->sprite_animation;
        } else {
            st->anim_name = (obj_facing(host) == -1 && x != 0) ? SYM_JumpBack : st->st->sprite_animation;
        }
        if (v->fall_anim && host->data.vy > v->fall_anim_speed) st->anim_name = SYM_Fall;
        obj_apply_grav(m, host);
        if (!v->super_jump || host->data.vy > 0 || st->current_tick > SUPER_JUMP_FORCES_END_TICK)
            obj_apply_forces(m, host);
        else
            obj_apply_forces_no_limit(m, host);
    }
    if (st->current_tick > v->jump_tick && obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

const state_class jump_class = {
    .name = "states.base.jump.Jump",
    .parent = &character_state_class,
    .vars_size = sizeof(jump_vars),
    .traits = T_JUMP,
    .construct = construct,
    .enter = enter,
    .frames = FRAMES({0, frame_0}, {1, frame_1}, {4, frame_4}, {7, jump_frame_7}),
    .tick = tick,
};
