/* Cowboy's sword strings, movement, lasso and impale states. Mirrors states/cowboy/moves.py.
 *
 * Each class names the game script it ports (paths under characters/swordandgun/). The gun
 * moves are in char_cowboy_gun.c, the time moves in char_cowboy_time.c. */
#include "char_cowboy.h"

#define MAX_EXTRA_LAG_FRAMES 5
#define MIN_IASA 7
#define MIN_NEUTRAL_IASA 9
#define SUPER_IASA 14

/* The landing lag of a Cowboy dash that touches down: 4, plus up to 5 when early out of combos. */
static int32_t landing_lag(yobj *host, ystate *st) {
    if (host->combo_count > 0) return 4;
    return 4 + (int32_t)int_max(MAX_EXTRA_LAG_FRAMES - st->current_tick, 0);
}

/* ====================================================================== movement */

/* ------------------------------------------------------------------ CowboyDash: states/Dash.gd (Dash, Dash1k, SuperDash) */
typedef struct {
    int32_t starting_y;
    yflag startup_invuln, grounded, super_;
} cowboy_dash_vars;

static void dash_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    cowboy_dash_vars *v = ST_VARS(cowboy_dash_vars, host, st);
    v->startup_invuln = prop_bool(NODE(st), P_startup_invuln, 1);
    v->grounded = prop_bool(NODE(st), P_grounded, 0);
    v->super_ = prop_bool(NODE(st), P_super, 0);
    v->starting_y = 0;
}

static int cowboy_dash_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (AS_F(host)->reverse_state) {
        st->beats_backdash = 0;
    } else {
        st->beats_backdash = 1;
        st->backdash_iasa = 0;
    }
    return SYM_NONE;
}

static int dash_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    cowboy_dash_vars *v = ST_VARS(cowboy_dash_vars, host, st);
    int min_iasa = !v->super_ ? (host->combo_count > 0 ? MIN_IASA : MIN_NEUTRAL_IASA) : SUPER_IASA;
    st->starting_iasa_at = min_iasa;
    st->iasa_at = min_iasa;
    v->starting_y = host->data.py;
    obj_move_directly(host, 0, FXI(-1));
    fg_set_grounded(&host->chara, false);
    if (v->startup_invuln && AS_F(host)->initiative) host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int dash_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

static int dash_tick(ymatch *m, yobj *host, ystate *st) {
    if (obj_grounded(host)) state_queue_change_int(m, host, st, SYM_Landing, landing_lag(host, st));
    if (ST_VARS(cowboy_dash_vars, host, st)->super_) obj_move_directly_relative(host, FXI(5), 0);
    return SYM_NONE;
}

const state_class cowboy_dash_class = {
    .name = "states.cowboy.moves.CowboyDash",
    .parent = &character_state_class,
    .vars_size = sizeof(cowboy_dash_vars),
    .construct = dash_construct,
    .enter = cowboy_dash_enter,
    .frames = FRAMES({0, dash_frame_0}, {4, dash_frame_4}),
    .tick = dash_tick,
};

/* ------------------------------------------------------------------ CowboyAirDash: states/AirDash.gd
 * (AirDash2, AirDash1k and their Back variants): an 8-way air dash. */
#define IASA_BACK 11
#define BACK_STARTUP_LAG 4

typedef struct {
    fx forward_force_x, forward_force_y, forward_force_speed, downward_force_x, downward_force_y,
        downward_force_speed;
    int32_t starting_y;
    yflag startup_invuln, grounded, back, cuts;
} cowboy_air_dash_vars;

static void air_dash_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    cowboy_air_dash_vars *v = ST_VARS(cowboy_air_dash_vars, host, st);
    const ynode *n = NODE(st);
    v->forward_force_x = prop_fx(n, P_FORWARD_FORCE_X, "1.4");
    v->forward_force_y = prop_fx(n, P_FORWARD_FORCE_Y, "0.5");
    v->forward_force_speed = prop_fx(n, P_FORWARD_FORCE_SPEED, "9.0");
    v->downward_force_x = prop_fx(n, P_DOWNWARD_FORCE_X, "0.0");
    v->downward_force_y = prop_fx(n, P_DOWNWARD_FORCE_Y, "1.0");
    v->downward_force_speed = prop_fx(n, P_DOWNWARD_FORCE_SPEED, "15.0");
    v->startup_invuln = prop_bool(n, P_startup_invuln, 1);
    v->grounded = prop_bool(n, P_grounded, 0);
    v->back = prop_bool(n, P_back, 0);
    v->cuts = prop_bool(n, P_cuts, 0);
    v->starting_y = 0;
}

static int air_dash_enter(ymatch *m, yobj *host, ystate *st) {
    cowboy_air_dash_vars *v = ST_VARS(cowboy_air_dash_vars, host, st);
    int facing = obj_facing(host);
    ydata *d = st_data(host, st);
    if (d->kind == YD_NONE) ydata_xy(d, v->back ? -facing : facing, 0);
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    bool go_back = !v->back && x == -facing;
    if (go_back) return v->cuts ? SYM_AirDash1kBack : SYM_AirDash2Back;
    st->beats_backdash = !v->back;
    st->backdash_iasa = v->back;
    return SYM_NONE;
}

static int cowboy_air_dash_frame_0(ymatch *m, yobj *host, ystate *st) {
    cowboy_air_dash_vars *v = ST_VARS(cowboy_air_dash_vars, host, st);
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    int min_iasa = host->combo_count > 0 ? MIN_IASA : MIN_NEUTRAL_IASA;
    st->starting_iasa_at = min_iasa;
    st->iasa_at = min_iasa;
    bool down = x == 0;
    if (host->combo_count <= 0 && (v->back || down)) st->iasa_at = IASA_BACK;
    v->starting_y = host->data.py;
    obj_move_directly(host, 0, FXI(-1));
    fg_set_grounded(&host->chara, false);
    if (v->startup_invuln && AS_F(host)->initiative) host->projectile_invulnerable = true;
    fx force_x, force_y, speed;
    if (down) {
        force_x = v->downward_force_x;
        force_y = v->downward_force_y;
        speed = v->downward_force_speed;
    } else {
        force_x = fxs_mul(v->forward_force_x, FXI((int64_t)x * obj_facing(host)));
        force_y = v->forward_force_y;
        speed = v->forward_force_speed;
    }
    fx fx_, fy;
    fxs_normalized_times(force_x, force_y, speed, &fx_, &fy);
    if (v->back) host->hitlag_ticks += BACK_STARTUP_LAG;
    fg_reset_momentum(&host->chara);
    obj_apply_force_relative(host, fx_, fy);
    return SYM_NONE;
}

static int air_dash_tick(ymatch *m, yobj *host, ystate *st) {
    if (obj_grounded(host)) state_queue_change_int(m, host, st, SYM_Landing, landing_lag(host, st));
    return SYM_NONE;
}

const state_class cowboy_air_dash_class = {
    .name = "states.cowboy.moves.CowboyAirDash",
    .parent = &character_state_class,
    .vars_size = sizeof(cowboy_air_dash_vars),
    .construct = air_dash_construct,
    .enter = air_dash_enter,
    .frames = FRAMES({0, cowboy_air_dash_frame_0}, {4, dash_frame_4}),
    .tick = air_dash_tick,
};

/* ====================================================================== sword */

/* ------------------------------------------------------------------ ThreeCombo: states/3Combo.gd (3Combo, 3ComboDown):
 * three rising (or diving) slashes that track a hit foe. */
#define TRACKING_SPEED FXC(2.0)
#define TRACKING_MIN_DIST FXI(32)

typedef struct {
    yflag down, hit_opponent;
} three_combo_vars;

static void three_combo_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    three_combo_vars *v = ST_VARS(three_combo_vars, host, st);
    v->down = prop_bool(NODE(st), P_down, 0);
    v->hit_opponent = false;
}

static void lunge(yobj *host, ystate *st, fx speed) {
    bool down = ST_VARS(three_combo_vars, host, st)->down;
    fg_reset_momentum(&host->chara);
    fx fx_, fy;
    fxs_normalized_times(down ? FXC(0.85) : FXC(0.5), down ? FXC(1.0) : FXC(-1.0), speed, &fx_, &fy);
    obj_apply_force_relative(host, fx_, fy);
}

static int three_combo_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(three_combo_vars, host, st)->hit_opponent = false;
    return SYM_NONE;
}

static int three_combo_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (!ST_VARS(three_combo_vars, host, st)->down) lunge(host, st, FXC(4.0));
    return SYM_NONE;
}

static int three_combo_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lunge(host, st, FXC(8.0));
    return SYM_NONE;
}

static int three_combo_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lunge(host, st, FXC(10.0));
    return SYM_NONE;
}

static int three_combo_frame_19(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lunge(host, st, FXC(12.0));
    return SYM_NONE;
}

static int three_combo_tick(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(three_combo_vars, host, st)->hit_opponent) {
        int32_t px, py;
        obj_local_center(m, host, &FOPP(m, AS_F(host))->o, &px, &py);
        fx x = FXI(px), y = FXI(py);
        if (fxs_vec_len(x, y) > TRACKING_MIN_DIST) {
            fx sx, sy;
            fxs_normalized_times(x, y, TRACKING_SPEED, &sx, &sy);
            obj_move_directly(host, sx, sy);
        }
    }
    return SYM_NONE;
}

static void three_combo_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    if (obj == &FOPP(m, AS_F(host))->o) ST_VARS(three_combo_vars, host, st)->hit_opponent = true;
}

const state_class cowboy_three_combo_class = {
    .name = "states.cowboy.moves.ThreeCombo",
    .parent = &character_state_class,
    .vars_size = sizeof(three_combo_vars),
    .construct = three_combo_construct,
    .frames = FRAMES({0, three_combo_frame_0}, {1, three_combo_frame_1}, {6, three_combo_frame_6},
                     {10, three_combo_frame_10}, {19, three_combo_frame_19}),
    .tick = three_combo_tick,
    .on_hit_something = three_combo_on_hit_something,
};

/* ------------------------------------------------------------------ HSlash: states/HSlash.gd (HSlash2, HSlashUp):
 * an upward input turns it into HSlashUp. */
static int hslash_enter(ymatch *m, yobj *host, ystate *st) {
    ydata *d = st_data(host, st);
    if (ydata_truthy(d)) {
        int32_t y;
        if (!ydata_get(d, SYM_y, SYM_NONE, &y)) {
            yerr(m, ydata_lookup_error(d, SYM_y, SYM_NONE), "HSlash: its data has no y");
            return SYM_NONE;
        }
        if (y != 0) return SYM_HSlashUp;
    }
    return SYM_NONE;
}

const state_class cowboy_hslash_class = {
    .name = "states.cowboy.moves.HSlash",
    .parent = &character_state_class,
    .enter = hslash_enter,
};

/* ------------------------------------------------------------------ VSlash: states/VSlash.gd: with initiative the
 * startup skips two frames and it may self-cancel. Quirk kept: self_hit_cancellable is rewritten for good. */
static int vslash_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick == 3) {
        bool initiative = AS_F(host)->initiative;
        st->self_hit_cancellable = initiative;
        if (initiative) st->current_tick = 5;
    }
    return SYM_NONE;
}

const state_class cowboy_vslash_class = {
    .name = "states.cowboy.moves.VSlash",
    .parent = &character_state_class,
    .tick = vslash_tick,
};

/* ------------------------------------------------------------------ UpwardSwipe: states/UpwardSwipe.gd (UpwardSwipe,
 * UpwardSwipeAir): a rising swipe (the air lift once per jump). */
typedef struct {
    fx grounded_lift, aerial_lift;
} upward_swipe_vars;

static void upward_swipe_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    upward_swipe_vars *v = ST_VARS(upward_swipe_vars, host, st);
    v->grounded_lift = prop_fx(NODE(st), P_GROUNDED_LIFT, "-15.0");
    v->aerial_lift = prop_fx(NODE(st), P_AERIAL_LIFT, "-7.0");
}

static int upward_swipe_frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    upward_swipe_vars *v = ST_VARS(upward_swipe_vars, host, st);
    cowboy_vars *cv = COWBOY(AS_F(host));
    obj_set_vel(host, host->data.vx, 0);
    if (obj_grounded(host) || cv->up_swipe_momentum) {
        obj_apply_force_relative(host, 0, obj_grounded(host) ? v->grounded_lift : v->aerial_lift);
        if (!obj_grounded(host)) cv->up_swipe_momentum = false;
    }
    return SYM_NONE;
}

static int upward_swipe_tick(ymatch *m, yobj *host, ystate *st) {
    fg_update_grounded(&host->chara);
    if (st->current_tick > 6) obj_apply_grav(m, host);
    return SYM_NONE;
}

const state_class cowboy_upward_swipe_class = {
    .name = "states.cowboy.moves.UpwardSwipe",
    .parent = &character_state_class,
    .vars_size = sizeof(upward_swipe_vars),
    .construct = upward_swipe_construct,
    .frames = FRAMES({7, upward_swipe_frame_7}),
    .tick = upward_swipe_tick,
};

/* ------------------------------------------------------------------ DownwardCleave: states/DownwardCleave.gd
 * (DownwardCleave, DownwardCleaveGround): hop, then cleave downward.
 * Quirk kept: entering the aerial version on the ground switches its `grounded` export on for the
 * rest of the match. */
typedef struct {
    fx jump_speed;
    int32_t grounded_frames;
    yflag grounded, moving_down;
} downward_cleave_vars;

static void cleave_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    v->jump_speed = prop_fx(NODE(st), P_jump_speed, "3");
    v->grounded = prop_bool(NODE(st), P_grounded, 0);
    v->moving_down = false;
    v->grounded_frames = 0;
}

static int cleave_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    v->grounded_frames = 0;
    if (!v->grounded && obj_grounded(host)) v->grounded = true;
    return SYM_NONE;
}

/* Stop falling, rise 8 px and jump forward-up at jump_speed. */
static void hop(yobj *host, ystate *st, bool mark_air_start) {
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    v->moving_down = false;
    fx vx = host->data.vx, vy = host->data.vy;
    obj_set_vel(host, vx, vy > 0 ? 0 : vy);
    fx fx_, fy;
    fxs_normalized_times(FXC(0.5), FXI(-1), v->jump_speed, &fx_, &fy);
    obj_move_directly(host, 0, FXI(-8));
    if (mark_air_start) st->entered_in_air = !obj_grounded(host);
    obj_apply_force_relative(host, fx_, fy);
}

static int cleave_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    if (v->grounded) {
        v->grounded_frames = 2;
        return SYM_NONE;
    }
    hop(host, st, true);
    return SYM_NONE;
}

static int cleave_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    if (v->grounded && v->grounded_frames <= 0) hop(host, st, false);
    return SYM_NONE;
}

static int cleave_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    if (!v->grounded) v->moving_down = true;
    return SYM_NONE;
}

static int cleave_frame_11(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    if (v->grounded) v->moving_down = true;
    return SYM_NONE;
}

static int cleave_tick(ymatch *m, yobj *host, ystate *st) {
    downward_cleave_vars *v = ST_VARS(downward_cleave_vars, host, st);
    if (v->grounded_frames > 0) {
        st->current_tick = 0;
        v->grounded_frames--;
    }
    if (v->moving_down) {
        obj_apply_force(host, 0, FXI(5));
        obj_move_directly(host, 0, FXI(10));
    }
    obj_apply_grav(m, host);
    return SYM_NONE;
}

const state_class cowboy_downward_cleave_class = {
    .name = "states.cowboy.moves.DownwardCleave",
    .parent = &character_state_class,
    .vars_size = sizeof(downward_cleave_vars),
    .construct = cleave_construct,
    .enter = cleave_enter,
    .frames = FRAMES({0, cleave_frame_0}, {1, cleave_frame_1}, {9, cleave_frame_9}, {11, cleave_frame_11}),
    .tick = cleave_tick,
};

/* ------------------------------------------------------------------ HAirSlash: states/HAirSlash.gd: the first one in
 * the air lifts the Cowboy. */
typedef struct {
    yflag apply_lift;
} hair_slash_vars;

static void hair_slash_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hair_slash_vars, host, st)->apply_lift = true;
}

static int hair_slash_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    hair_slash_vars *v = ST_VARS(hair_slash_vars, host, st);
    cowboy_vars *cv = COWBOY(AS_F(host));
    v->apply_lift = false;
    if (!cv->used_aerial_h_slash) {
        v->apply_lift = true;
        cv->used_aerial_h_slash = true;
    }
    return SYM_NONE;
}

static int hair_slash_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    fx vx, vy;
    fxs_vec_mul(host->data.vx, host->data.vy, FXC(0.5), &vx, &vy);
    obj_set_vel(host, vx, vy);
    fx fx_, fy;
    if (ST_VARS(hair_slash_vars, host, st)->apply_lift) fxs_normalized_times(FXC(1.0), FXC(-0.75), FXC(9.0), &fx_, &fy);
    else fxs_normalized_times(FXC(1.0), FXC(0.0), FXC(8.0), &fx_, &fy);
    obj_apply_force_relative(host, fx_, fy);
    return SYM_NONE;
}

static int hair_slash_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick > 6 && obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

const state_class cowboy_hair_slash_class = {
    .name = "states.cowboy.moves.HAirSlash",
    .parent = &character_state_class,
    .vars_size = sizeof(hair_slash_vars),
    .construct = hair_slash_construct,
    .frames = FRAMES({0, hair_slash_frame_0}, {5, hair_slash_frame_5}),
    .tick = hair_slash_tick,
};

/* ------------------------------------------------------------------ LightningSlice: states/LightningSlice.gd
 * (LightningSlice, LightningSliceNeutral, LightningSliceCancel): a slash at a distance (aimed in
 * combos; the cancel repeats the last position). */
#define TRACKING_DISTANCE FXC(86.0)
#define DEFAULT_HITBOX_X 128
#define DEFAULT_HITBOX_Y (-16)

typedef struct {
    yflag cancel, followup, neutral, stall;
} lslice_vars;

static void lslice_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lslice_vars *v = ST_VARS(lslice_vars, host, st);
    v->cancel = prop_bool(NODE(st), P_cancel, 0);
    v->followup = prop_bool(NODE(st), P_followup, 0);
    v->neutral = prop_bool(NODE(st), P_neutral, 0);
    v->stall = false;
}

static bool lslice_is_usable(ymatch *m, yobj *host, ystate *st) {
    /* Quirk kept: GDScript precedence: (usable and neutral and combo == 0) or (not neutral and combo > 0) */
    bool neutral = ST_VARS(lslice_vars, host, st)->neutral;
    int32_t combo = host->combo_count;
    return (cs_is_usable(m, host, st) && neutral && combo == 0) || (!neutral && combo > 0);
}

static int lslice_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(lslice_vars, host, st)->stall = false;
    return SYM_NONE;
}

static int lslice_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lslice_vars *v = ST_VARS(lslice_vars, host, st);
    cowboy_vars *cv = COWBOY(AS_F(host));
    if (!cv->used_aerial_l_slice) {
        obj_set_vel(host, host->data.vx, 0);
        cv->used_aerial_l_slice = true;
        v->stall = true;
    } else {
        v->stall = false;
    }
    return SYM_NONE;
}

static int lslice_tick(ymatch *m, yobj *host, ystate *st) {
    lslice_vars *v = ST_VARS(lslice_vars, host, st);
    cowboy_vars *cv = COWBOY(AS_F(host));
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "LightningSlice: no Hitbox");
        return SYM_NONE;
    }
    int facing = obj_facing(host);
    hitbox->b.x = DEFAULT_HITBOX_X;
    hitbox->b.y = DEFAULT_HITBOX_Y;
    if (v->followup) {
        hitbox->b.x = cv->lightning_slice_x;
        hitbox->b.y = cv->lightning_slice_y;
        return SYM_NONE;
    }
    fx px, py;
    if (v->neutral) {
        obj_xy_to_dir(m, FXI(50 * facing), 0, TRACKING_DISTANCE, FXI(100), &px, &py);
    } else {
        int32_t x, y;
        if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
        obj_xy_to_dir(m, FXI(x), FXI(y), TRACKING_DISTANCE, FXI(100), &px, &py);
    }
    hitbox->b.x = DEFAULT_HITBOX_X + fxs_round(px) * facing;
    hitbox->b.y = DEFAULT_HITBOX_Y + fxs_round(py);
    cv->lightning_slice_x = hitbox->b.x;
    cv->lightning_slice_y = hitbox->b.y;
    return SYM_NONE;
}

static int lslice_tick_after(ymatch *m, yobj *host, ystate *st) {
    lslice_vars *v = ST_VARS(lslice_vars, host, st);
    cs_tick_after(m, host, st);
    if (v->cancel && st->current_tick == 1) st->current_tick = 3;
    if (st->current_tick > 16 || !v->stall) obj_apply_grav(m, host);
    return SYM_NONE;
}

const state_class cowboy_lightning_slice_class = {
    .name = "states.cowboy.moves.LightningSlice",
    .parent = &character_state_class,
    .vars_size = sizeof(lslice_vars),
    .construct = lslice_construct,
    .is_usable = lslice_is_usable,
    .frames = FRAMES({0, lslice_frame_0}, {1, lslice_frame_1}),
    .tick = lslice_tick,
    .tick_after = lslice_tick_after,
};

/* ------------------------------------------------------------------ BackSlash: BackSlash.gd: a step back and a slash
 * behind (no step after a reversed ImpaleTeleport). */
typedef struct {
    yflag move;
} back_slash_vars;

static void back_slash_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(back_slash_vars, host, st)->move = true;
}

static int back_slash_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(back_slash_vars, host, st)->move =
        !(cowboy_previous_state_name(host) == SYM_ImpaleTeleport && AS_F(host)->reverse_state);
    return SYM_NONE;
}

static int back_slash_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(back_slash_vars, host, st)->move) obj_apply_force_relative(host, FXC(-14.0), 0);
    return SYM_NONE;
}

const state_class cowboy_back_slash_class = {
    .name = "states.cowboy.moves.BackSlash",
    .parent = &character_state_class,
    .vars_size = sizeof(back_slash_vars),
    .construct = back_slash_construct,
    .frames = FRAMES({0, back_slash_frame_0}, {2, back_slash_frame_2}),
};

/* ------------------------------------------------------------------ Impale: states/Impale.gd (Impale, ImpaleTeleport):
 * a thrust; the teleport version appears behind the foe. */
#define EXTRA_FRAME_PER_PIXEL FXC(0.05)
#define MIN_LAG_DIST FXI(200)
#define IMPALE_DIST 32
#define MAX_LAG_FRAMES 8

typedef struct {
    fx tp_vel_x, tp_vel_y;
    int32_t tp_pos_x, tp_pos_y, lag_frames, dir;
    yflag teleport, hit;
} impale_vars;

static void impale_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    impale_vars *v = ST_VARS(impale_vars, host, st);
    v->teleport = prop_bool(NODE(st), P_teleport, 0);
    v->hit = false;
    v->tp_pos_x = v->tp_pos_y = 0;
    v->tp_vel_x = v->tp_vel_y = 0;
    v->lag_frames = 0;
    v->dir = 1;
}

static int impale_frame_0(ymatch *m, yobj *host, ystate *st) {
    impale_vars *v = ST_VARS(impale_vars, host, st);
    yfighter *f = AS_F(host);
    v->lag_frames = 0;
    v->hit = false;
    obj_apply_force(host, fxs_mul(FXI(fighter_opponent_dir(m, f)), FXI(4)), 0);
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "Impale: no Hitbox");
        return SYM_NONE;
    }
    hitbox->followup_state = host->combo_count > 0 ? SYM_ImpaleFollowupCombo : SYM_ImpaleFollowup;
    yobj *cuts = obj_from_name(m, COWBOY(f)->cut_projectile);
    if (cuts) obj_disable(m, cuts);
    return SYM_NONE;
}

/* Aim the teleport at the far side of the foe, matching its velocity. */
static void impale_align(ymatch *m, yobj *host, ystate *st, bool reverse) {
    impale_vars *v = ST_VARS(impale_vars, host, st);
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    v->dir = fighter_opponent_dir(m, f);
    v->tp_pos_x = opp->o.data.px + IMPALE_DIST * (reverse ? fighter_opponent_dir(m, f) : -obj_facing(host));
    v->tp_pos_y = opp->o.data.py;
    v->tp_vel_x = opp->o.data.vx;
    v->tp_vel_y = opp->o.data.vy;
}

static void impale_warp(yobj *host, impale_vars *v) {
    obj_set_vel(host, v->tp_vel_x, v->tp_vel_y);
    obj_set_pos(host, v->tp_pos_x, v->tp_pos_y);
}

static int impale_frame_5(ymatch *m, yobj *host, ystate *st) {
    impale_vars *v = ST_VARS(impale_vars, host, st);
    if (!v->teleport) return SYM_NONE;
    yfighter *f = AS_F(host);
    int32_t lx, ly;
    obj_local_center(m, host, &FOPP(m, f)->o, &lx, &ly);
    fx distance = fxs_vec_len(FXI(lx), FXI(ly));
    if (distance > MIN_LAG_DIST) {
        int32_t extra = fxs_round(fxs_mul(EXTRA_FRAME_PER_PIXEL, fxs_sub(distance, MIN_LAG_DIST)));
        v->lag_frames = (int32_t)int_min(extra, MAX_LAG_FRAMES);
    }
    f->colliding_with_opponent = false;
    impale_align(m, host, st, true);
    return SYM_NONE;
}

static int impale_frame_6(ymatch *m, yobj *host, ystate *st) {
    impale_vars *v = ST_VARS(impale_vars, host, st);
    if (v->teleport) {
        impale_warp(host, v);
        impale_align(m, host, st, true);
    }
    return SYM_NONE;
}

static int impale_frame_7(ymatch *m, yobj *host, ystate *st) {
    impale_vars *v = ST_VARS(impale_vars, host, st);
    if (v->teleport) {
        obj_set_facing(m, host, v->dir * -1, false);
        impale_warp(host, v);
        impale_align(m, host, st, false);
    }
    return SYM_NONE;
}

static int impale_frame_8(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    impale_vars *v = ST_VARS(impale_vars, host, st);
    if (v->teleport) impale_warp(host, v);
    return SYM_NONE;
}

static int impale_frame_12(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

static int impale_tick(ymatch *m, yobj *host, ystate *st) {
    impale_vars *v = ST_VARS(impale_vars, host, st);
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    if (!(v->teleport && v->hit)) obj_apply_grav(m, host);
    if (st->current_tick >= 8) {
        if (v->lag_frames > 0) {
            v->lag_frames--;
            st->current_tick = 8;
        }
    }
    /* Quirk kept: the original's `current_tick > 30` gravity branch (an elif of the above) is unreachable. */
    return SYM_NONE;
}

static void impale_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    ST_VARS(impale_vars, host, st)->hit = true;
    cs_on_hit_something(m, host, st, obj, hb);
}

const state_class cowboy_impale_class = {
    .name = "states.cowboy.moves.Impale",
    .parent = &character_state_class,
    .vars_size = sizeof(impale_vars),
    .construct = impale_construct,
    .frames = FRAMES({0, impale_frame_0}, {5, impale_frame_5}, {6, impale_frame_6}, {7, impale_frame_7},
                     {8, impale_frame_8}, {12, impale_frame_12}),
    .tick = impale_tick,
    .on_hit_something = impale_on_hit_something,
};

/* ------------------------------------------------------------------ ImpaleFollowup: states/ImpaleFollowup.gd
 * (ImpaleFollowup, ImpaleFollowupCombo, ImpaleFollowupHKD). */
static int impale_followup_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (!obj_grounded(host)) fg_reset_momentum(&host->chara);
    return SYM_NONE;
}

static int impale_followup_frame_27(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int impale_followup_tick(ymatch *m, yobj *host, ystate *st) {
    if (st->current_tick > 18) obj_apply_grav(m, host);
    return SYM_NONE;
}

const state_class cowboy_impale_followup_class = {
    .name = "states.cowboy.moves.ImpaleFollowup",
    .parent = &throw_state_class,
    .frames = FRAMES({0, impale_followup_frame_0}, {27, impale_followup_frame_27}),
    .tick = impale_followup_tick,
};

/* ------------------------------------------------------------------ IzunaDrop: IzunaDrop.gd: leap up with the foe,
 * spin, and slam it down on landing. */
#define LIFT_SPEED (-20)
#define BACKWARDS_SPEED 3
#define IZUNA_GRAV FXC(0.9)
#define IZUNA_FALL_SPEED FXI(30)
#define IZUNA_SUPER_GAIN 125

typedef struct {
    throw_vars t;
    int32_t dir;
} izuna_vars;

static void izuna_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(izuna_vars, host, st)->dir = -1;
}

static int izuna_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_apply_force_relative(host, FXI(-BACKWARDS_SPEED), FXI(LIFT_SPEED));
    obj_move_directly(host, 0, FXI(-1));
    return SYM_NONE;
}

static int izuna_tick(ymatch *m, yobj *host, ystate *st) {
    izuna_vars *v = ST_VARS(izuna_vars, host, st);
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    if (st->current_tick > 1 && obj_grounded(host)) {
        throw_do_release(m, host, st);
        if (!YOK(m)) return SYM_NONE;
        yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
        if (!h) {
            yerr(m, YE_INTERNAL, "IzunaDrop: no Hitbox");
            return SYM_NONE;
        }
        state_activate_hitbox(m, host, st, h);
        state_queue_change_int(m, host, st, SYM_Landing, 40);
        fighter_update_facing(m, opp);
    }
    if (st->current_tick > 10 && imod(st->current_tick, 8) == 0) {
        fighter_update_data(m, f);
        obj_move_directly_relative(host, FXI(18), 0);
        v->dir = fighter_opponent_dir(m, f);
        if (!f->reverse_state) v->dir *= -1;
        obj_set_facing(m, host, v->dir, false);
    } else if (st->current_tick <= 10) {
        v->dir = obj_facing(host);
    }
    obj_apply_grav_custom(m, host, IZUNA_GRAV, IZUNA_FALL_SPEED);
    obj_apply_forces_no_limit(m, host);
    return SYM_NONE;
}

static void izuna_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    state_super(&cowboy_izuna_drop_class)->on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    FH(AS_F(host))->gain_super_meter(m, AS_F(host), IZUNA_SUPER_GAIN, FXC(0.35));
}

const state_class cowboy_izuna_drop_class = {
    .name = "states.cowboy.moves.IzunaDrop",
    .parent = &throw_state_class,
    .vars_size = sizeof(izuna_vars),
    .construct = izuna_construct,
    .frames = FRAMES({0, izuna_frame_0}),
    .tick = izuna_tick,
    .on_hit_something = izuna_on_hit_something,
};

/* ====================================================================== lasso */

/* release_lasso: disable the lasso object if the match knows it (objs_map.has(lasso_projectile)) */
static void release_lasso(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (!v->lasso_projectile) return;
    yobj *obj = obj_by_number(m, v->lasso_projectile);
    if (obj) {
        obj_disable(m, obj);
        v->lasso_projectile = 0;
    }
}

/* ------------------------------------------------------------------ Lasso: states/Lasso.gd: throw the lasso; a catch
 * (the object's lasso_hit) goes to LassoHit. */
#define LASSO_THROW_SPEED FXI(14)

typedef struct {
    int32_t lasso_hit_frame, anim_length_0;
    yflag lasso_hit;
} lasso_vars;

static void lasso_init(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(lasso_vars, host, st)->anim_length_0 = st->anim_length; /* onready ANIM_LENGTH */
}

static bool lasso_is_usable(ymatch *m, yobj *host, ystate *st) {
    yobj *gun = obj_from_name(m, COWBOY(AS_F(host))->gun_projectile);
    if (gun) {
        cowboy_gun_vars *g = cowboy_gun(gun);
        if (g && g->lassoed) return false;
    }
    return cs_is_usable(m, host, st);
}

static int lasso_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lasso_vars *v = ST_VARS(lasso_vars, host, st);
    st->anim_length = v->anim_length_0;
    v->lasso_hit = false;
    v->lasso_hit_frame = 0;
    st->fallback_state = SYM_Wait;
    return SYM_NONE;
}

static int lasso_frame_7(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    yobj *obj = obj_spawn(m, host, cowboy_scene(CB_SCENE_LASSO), 16, -16, true, NULL, true);
    if (!obj) return SYM_NONE;
    COWBOY(f)->lasso_projectile = obj->number;
    fx dx, dy, fx_, fy;
    obj_xy_to_dir(m, FXI(x), FXI(y), FX_ONE, FXI(100), &dx, &dy);
    /* Quirk kept: facing is applied here and again by apply_force_relative. */
    fxs_vec_mul(fxs_mul(dx, FXI(obj_facing(host))), dy, LASSO_THROW_SPEED, &fx_, &fy);
    obj_apply_force_relative(obj, fx_, fy);
    obj_apply_force(obj, host->data.vx, host->data.vy);
    return SYM_NONE;
}

/* Lasso.on_lasso_hit: the lasso object's lasso_hit signal (it carries the caught fighter, which
 * the method does not use), connected to the Lasso state that threw it, active or not */
static void lasso_on_signal(ymatch *m, yobj *host, ystate *st, int method, yobj *emitter) {
    (void)emitter;
    if (method != SYM_on_lasso_hit) return;
    yfighter *f = AS_F(host);
    lasso_vars *v = ST_VARS(lasso_vars, host, st);
    v->lasso_hit = true;
    v->lasso_hit_frame = st->current_tick;
    int32_t ox, oy;
    box_center(&FOPP(m, f)->o.hurtbox, &ox, &oy);
    yobj *obj = obj_from_name(m, COWBOY(f)->lasso_projectile);
    if (obj) {
        obj_set_pos(obj, ox, oy);
        machine_change_state(m, &f->o, SYM_LassoHit, NULL, true, true);
    }
}

static int lasso_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_grav(m, host);
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static void lasso_exit(ymatch *m, yobj *host, ystate *st) {
    cowboy_vars *cv = COWBOY(AS_F(host));
    if (cv->lasso_projectile && !ST_VARS(lasso_vars, host, st)->lasso_hit) {
        yobj *obj = obj_by_number(m, cv->lasso_projectile);
        if (obj) obj_disable(m, obj);
        cv->lasso_projectile = 0;
    }
}

const state_class cowboy_lasso_class = {
    .name = "states.cowboy.moves.Lasso",
    .parent = &character_state_class,
    .vars_size = sizeof(lasso_vars),
    .on_signal = lasso_on_signal,
    .init = lasso_init,
    .is_usable = lasso_is_usable,
    .enter = lasso_enter,
    .frames = FRAMES({7, lasso_frame_7}),
    .tick = lasso_tick,
    .exit = lasso_exit,
};

/* ------------------------------------------------------------------ LassoPull: states/LassoPull.gd: yank the caught
 * foe in the chosen direction. */
#define PULL_FORCE FXI(-10)
#define MOVE_AMOUNT FXI(-5)

static int lasso_pull_frame_12(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    release_lasso(m, f);
    if (!YOK(m)) return SYM_NONE;
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    fx dx, dy;
    obj_xy_to_dir(m, FXI(x), FXI(y), FX_ONE, FXI(100), &dx, &dy);
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "LassoPull: no Hitbox");
        return SYM_NONE;
    }
    hitbox->dir_x = fxs_mul(dx, FXI(obj_facing(host)));
    hitbox->dir_y = dy;
    hitbox_activate(m, host, hitbox);
    int32_t ox, oy;
    obj_local_center(m, host, &opp->o, &ox, &oy);
    hitbox->b.x = ox;
    hitbox->b.y = oy;
    fighter_release_opponent(m, f);
    hitbox_hit(m, host, hitbox, &opp->o);
    if (!YOK(m)) return SYM_NONE;
    fx fx_, fy, mx, my;
    fxs_vec_mul(dx, dy, PULL_FORCE, &fx_, &fy);
    fxs_vec_mul(dx, dy, MOVE_AMOUNT, &mx, &my);
    obj_apply_force(host, fx_, fy);
    obj_move_directly(host, mx, my);
    return SYM_NONE;
}

static int lasso_pull_tick(ymatch *m, yobj *host, ystate *st) {
    if (st->current_tick > 10) {
        obj_apply_fric(m, host);
        obj_apply_grav(m, host);
        obj_apply_forces(m, host);
    }
    return SYM_NONE;
}

static void lasso_pull_exit(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    fighter_release_opponent(m, AS_F(host));
    release_lasso(m, AS_F(host));
}

const state_class cowboy_lasso_pull_class = {
    .name = "states.cowboy.moves.LassoPull",
    .parent = &character_state_class,
    .frames = FRAMES({12, lasso_pull_frame_12}),
    .tick = lasso_pull_tick,
    .exit = lasso_pull_exit,
};

/* ------------------------------------------------------------------ LassoReel: states/LassoReel.gd: reel the foe in;
 * close enough, go to IzunaDrop. */
#define GRAB_DISTANCE FXI(16)
#define REEL_PULL_SPEED FXI(-15)

typedef struct {
    yflag grabbed;
} lasso_reel_vars;

static int lasso_reel_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(lasso_reel_vars, host, st)->grabbed = false;
    return SYM_NONE;
}

static yhitbox *throw_box(ymatch *m, yobj *host, ystate *st) {
    yhitbox *tb = state_hitbox_child(host, st, SYM_ThrowBox);
    if (!tb) yerr(m, YE_INTERNAL, "LassoReel: no ThrowBox");
    return tb;
}

static int lasso_reel_frame_1(ymatch *m, yobj *host, ystate *st) {
    int32_t ox, oy;
    obj_local_center(m, host, &FOPP(m, AS_F(host))->o, &ox, &oy);
    yhitbox *tb = throw_box(m, host, st);
    if (!tb) return SYM_NONE;
    hitbox_activate(m, host, tb);
    tb->b.x = ox * obj_facing(host);
    tb->b.y = oy;
    return SYM_NONE;
}

static int lasso_reel_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    lasso_reel_vars *v = ST_VARS(lasso_reel_vars, host, st);
    v->grabbed = false;
    int32_t ox, oy; /* _place_throw_box */
    obj_local_center(m, host, &opp->o, &ox, &oy);
    yhitbox *tb = throw_box(m, host, st);
    if (!tb) return SYM_NONE;
    tb->b.x = ox * obj_facing(host);
    tb->b.y = oy;
    if (st->current_tick > 1 && fxs_vec_len(FXI(ox), FXI(oy)) < GRAB_DISTANCE) {
        v->grabbed = true;
        return SYM_IzunaDrop;
    }
    int32_t lx, ly;
    obj_local_pos(m, host, &opp->o, &lx, &ly);
    fx sx, sy;
    fxs_normalized_times(FXI(lx), FXI(ly), REEL_PULL_SPEED, &sx, &sy);
    int32_t x = fxs_round(fxs_add(sx, FXI(opp->o.data.px)));
    int32_t y = fxs_round(fxs_add(sy, FXI(opp->o.data.py)));
    obj_set_pos(&opp->o, x, y);
    cowboy_vars *cv = COWBOY(f);
    if (cv->lasso_projectile) {
        yobj *lasso = obj_by_number(m, cv->lasso_projectile);
        if (lasso) obj_set_pos(lasso, x, y - 16);
    }
    return SYM_NONE;
}

static void lasso_reel_exit(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    release_lasso(m, f);
    if (!YOK(m)) return;
    if (!ST_VARS(lasso_reel_vars, host, st)->grabbed) machine_queue_state(m, &FOPP(m, f)->o, SYM_Wait, NULL, NULL);
}

const state_class cowboy_lasso_reel_class = {
    .name = "states.cowboy.moves.LassoReel",
    .parent = &character_state_class,
    .vars_size = sizeof(lasso_reel_vars),
    .frames = FRAMES({0, lasso_reel_frame_0}, {1, lasso_reel_frame_1}),
    .tick = lasso_reel_tick,
    .exit = lasso_reel_exit,
};

/* ====================================================================== base-state overrides */

/* ------------------------------------------------------------------ CowboyHurtAerial: states/HurtAerial.gd: a Cowboy
 * hit by its own object. Quirk kept: the hitbox, not the object, is marked as hit (add_hit_object, a
 * core quirk), and damages_own_team == false is a no-op. */
typedef struct {
    hurt_aerial_vars ha;
    yflag hit_self;
} cowboy_hurt_vars;

static int hurt_frame_0(ymatch *m, yobj *host, ystate *st) {
    cowboy_hurt_vars *v = ST_VARS(cowboy_hurt_vars, host, st);
    v->hit_self = false;
    yfighter *f = AS_F(host);
    yobj *obj = obj_from_name(m, f->hitbox_data.host);
    if (obj && obj_get_fighter(m, obj) == host) {
        yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
        if (!h) {
            yerr(m, YE_INTERNAL, "HurtAerial: no Hitbox");
            return SYM_NONE;
        }
        hitbox_activate(m, host, h);
        hitbox_add_hit_object(host, h, obj->number);
        v->hit_self = true;
        obj_disable(m, obj);
    }
    return SYM_NONE;
}

static int hurt_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    if (ST_VARS(cowboy_hurt_vars, host, st)->hit_self) FH(FOPP(m, f))->reset_combo(m, FOPP(m, f));
    return hurt_aerial_tick(m, host, st);
}

static void hurt_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    state_super(&cowboy_hurt_aerial_class)->on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    yfighter *opp = FOPP(m, AS_F(host));
    FH(opp)->reset_combo(m, opp);
}

const state_class cowboy_hurt_aerial_class = {
    .name = "states.cowboy.moves.CowboyHurtAerial",
    .parent = &hurt_aerial_class,
    .vars_size = sizeof(cowboy_hurt_vars),
    .frames = FRAMES({0, hurt_frame_0}),
    .tick = hurt_tick,
    .on_hit_something = hurt_on_hit_something,
};

/* ------------------------------------------------------------------ CowboyTaunt: states/Taunt.gd (Taunt, Guntrick) */
typedef struct {
    taunt_vars t;
    yflag guntrick;
} cowboy_taunt_vars;

static void taunt_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(cowboy_taunt_vars, host, st)->guntrick = prop_bool(NODE(st), P_guntrick, 0);
}

static int taunt_frame_15(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    if (st_name(st) == SYM_Guntrick) st->current_tick += 2;
    return SYM_NONE;
}

static bool taunt_is_usable(ymatch *m, yobj *host, ystate *st) {
    return state_super(&cowboy_taunt_class)->is_usable(m, host, st) &&
           !(ST_VARS(cowboy_taunt_vars, host, st)->guntrick && !FOPP(m, AS_F(host))->busy_interrupt);
}

const state_class cowboy_taunt_class = {
    .name = "states.cowboy.moves.CowboyTaunt",
    .parent = &taunt_class,
    .vars_size = sizeof(cowboy_taunt_vars),
    .construct = taunt_construct,
    .frames = FRAMES({15, taunt_frame_15}),
    .is_usable = taunt_is_usable,
};
