/* Robot's Drive stance in C. Mirrors states/robot/drive.py: driving idle/forward/backward,
 * the jump, drift, wheelies and boost, and the fast cancel into the stance. (Drive,
 * DriveCancel and UnDriveCancel are plain RobotState rows: their table props do the work.) */
#include "char_robot.h"

#define RV(host) ROBOT(AS_F(host))

/* ------------------------------------------------------------------ DriveForward (DriveIdle, DriveForward, DriveBackward) */
/* dir (1, 0, -1) and SPEED come from the table. Reversing into DriveForward from
 * DriveBackward stalls for 6 frames. DriveForward's hitbox cancels unless a Drive cancel
 * is armed, in which case the move lasts longer and falls back out of the stance. */
#define DRIVE_SPEED_LIMIT FXI(20)
#define DRIVE_STALL 6

typedef struct {
    robot_state_vars r;
    fx SPEED;
    int32_t dir, stall;
} drive_forward_vars;

static void df_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    drive_forward_vars *v = ST_VARS(drive_forward_vars, host, st);
    v->SPEED = prop_fx(NODE(st), P_SPEED, "3.0");
    v->dir = (int32_t)prop_int(NODE(st), P_dir, 1);
    v->stall = 0;
}

static int df_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ystate *prev = obj_prev_state(host);
    if (st_name(st) == SYM_DriveForward && prev && st_name(prev) == SYM_DriveBackward) {
        ST_VARS(drive_forward_vars, host, st)->stall = DRIVE_STALL;
        fg_reset_momentum(&host->chara);
    }
    return SYM_NONE;
}

static int df_tick(ymatch *m, yobj *host, ystate *st) {
    drive_forward_vars *v = ST_VARS(drive_forward_vars, host, st);
    if (v->stall > 0) {
        v->stall--;
        st->current_tick = 0;
    }
    if (v->stall <= 0 && v->dir != 0) obj_apply_force_relative(host, fxs_mul(v->SPEED, fxs_int(v->dir)), 0);
    obj_apply_forces_no_limit(m, host);
    obj_limit_speed(m, host, DRIVE_SPEED_LIMIT);
    return SYM_NONE;
}

static int df_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(drive_forward_vars, host, st)->dir == 1) AS_F(host)->has_projectile_armor = true;
    return SYM_NONE;
}

static int df_frame_1(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(drive_forward_vars, host, st)->dir != 1) return SYM_NONE;
    /* The script's hitbox is DriveForward's own ("../DriveForward/Hitbox"). */
    int i = obj_state_index(m, host, SYM_DriveForward);
    if (i < 0) return SYM_NONE;
    yhitbox *hitbox = state_hitbox_child(host, &obj_states(host)[i], SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "Robot DriveForward has no Hitbox");
        return SYM_NONE;
    }
    if (RV(host)->drive_cancel) {
        hitbox->cancellable = 0;
        st->fallback_state = SYM_UnDriveCancel;
        st->anim_length = 20;
    } else {
        st->fallback_state = SYM_DriveIdle;
        hitbox->cancellable = 1;
        st->anim_length = 12;
    }
    return SYM_NONE;
}

static int df_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->has_projectile_armor = false;
    return SYM_NONE;
}

static void df_on_got_perfect_parried(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    st->interruptible_on_opponent_turn = 0;
    host->hitlag_ticks += 3;
}

const state_class robot_drive_forward_class = {
    .name = "states.robot.drive.DriveForward",
    .parent = &robot_state_class,
    .vars_size = sizeof(drive_forward_vars),
    .construct = df_construct,
    .enter = df_enter,
    .frames = FRAMES({0, df_frame_0}, {1, df_frame_1}, {5, df_frame_5}),
    .tick = df_tick,
    .on_got_perfect_parried = df_on_got_perfect_parried,
};

/* ------------------------------------------------------------------ FastDriveCancel: holds frame 2 while the turn is young */
static int fdc_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick == 3 && AS_F(host)->turn_frames < 10) st->current_tick = 2;
    return SYM_NONE;
}

const state_class robot_fast_drive_cancel_class = {
    .name = "states.robot.drive.FastDriveCancel",
    .parent = &robot_state_class,
    .tick = fdc_tick,
};

/* ------------------------------------------------------------------ DriveJump (JUMPSTART): data.x (0..100) sets the height */
#define DJ_VERTICAL_FORCE FXI(-10)
#define DJ_MINIMUM_FORCE FXI(-5)
#define DJ_HORIZ_FORCE FXI(5)
#define DJ_X_FRIC FXC(0.015)
#define DJ_GRAV FXC(0.6)
#define DJ_FALL_SPEED FXI(16)
#define DJ_INTERRUPT_TICK 20

/* BaseObj.gd: fixed_map (via fixed_inverse_lerp) */
static fx fixed_map(ymatch *m, fx i_min, fx i_max, fx o_min, fx o_max, fx v) {
    fx t = yfx_div(m, fxs_sub(v, i_min), fxs_sub(i_max, i_min));
    return fxs_lerp(o_min, o_max, t);
}

static int dj_frame_0(ymatch *m, yobj *host, ystate *st) {
    int32_t x = 0;
    if (!ydata_get(st_data(host, st), SYM_x, SYM_NONE, &x)) {
        yerr(m, ydata_lookup_error(st_data(host, st), SYM_x, SYM_NONE), "Robot DriveJump: the move data has no x");
        return SYM_NONE;
    }
    fx height, unused;
    obj_xy_to_dir(m, fxs_int(x), 0, DJ_VERTICAL_FORCE, FXI(100), &height, &unused);
    fx amount = fixed_map(m, 0, DJ_VERTICAL_FORCE, DJ_MINIMUM_FORCE, DJ_VERTICAL_FORCE, height);
    if (!YOK(m)) return SYM_NONE;
    obj_apply_force_relative(host, DJ_HORIZ_FORCE, amount);
    obj_move_directly(host, 0, FXI(-1));
    fg_set_grounded(&host->chara, false);
    return SYM_NONE;
}

static int dj_tick(ymatch *m, yobj *host, ystate *st) {
    fg_apply_x_fric_raw(&host->chara, DJ_X_FRIC);
    obj_apply_grav_custom(m, host, DJ_GRAV, DJ_FALL_SPEED);
    obj_apply_forces_no_limit(m, host);
    if (st->current_tick > 1 && obj_grounded(host)) return SYM_Landing;
    if (st->current_tick == DJ_INTERRUPT_TICK) st_enable_interrupt(m, host, st, true, false);
    return SYM_NONE;
}

const state_class robot_drive_jump_class = {
    .name = "states.robot.drive.DriveJump",
    .parent = &robot_state_class,
    .frames = FRAMES({0, dj_frame_0}),
    .tick = dj_tick,
};

/* ------------------------------------------------------------------ DriveDrift (DRIFT; a CharacterState, not a RobotState) */
static int drift_tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_forces_no_limit(m, host);
    fg_apply_x_fric_raw(&host->chara, st->current_tick < 8 ? FXC(0.12) : FXC(0.07));
    return SYM_NONE;
}

static int drift_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int drift_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

const state_class robot_drive_drift_class = {
    .name = "states.robot.drive.DriveDrift",
    .parent = &character_state_class,
    .frames = FRAMES({0, drift_frame_0}, {10, drift_frame_10}),
    .tick = drift_tick,
};

/* ------------------------------------------------------------------ DriveWheelie (WHEELIE, BOOST, CLUTCH) */
#define WHEELIE_X_FRIC FXC(0.15)

typedef struct {
    robot_state_vars r;
    yflag boost;
} wheelie_vars;

static void wheelie_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(wheelie_vars, host, st)->boost = prop_bool(NODE(st), P_boost, 0);
}

static int wheelie_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(wheelie_vars, host, st)->boost && AS_F(host)->initiative) host->invulnerable = true;
    return SYM_NONE;
}

static int wheelie_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    return SYM_NONE;
}

static int wheelie_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_forces_no_limit(m, host);
    fg_apply_x_fric_raw(&host->chara, WHEELIE_X_FRIC);
    return SYM_NONE;
}

const state_class robot_drive_wheelie_class = {
    .name = "states.robot.drive.DriveWheelie",
    .parent = &robot_state_class,
    .vars_size = sizeof(wheelie_vars),
    .construct = wheelie_construct,
    .frames = FRAMES({1, wheelie_frame_1}, {6, wheelie_frame_6}),
    .tick = wheelie_tick,
};
