/* Robot's grabs and throws in C. Mirrors states/robot/grabs.py: the hit-grabs (TRY-CATCH,
 * BOUNDS CHECK), the command grab and its ground slam, the air grab (OVERFLOW), KILL
 * PROCESS, and the throws they lead to. */
#include "char_robot.h"

#define RV(host) ROBOT(AS_F(host))

/* ------------------------------------------------------------------ DisembowelGrab (TRY-CATCH) */
/* Quirk kept: a box counts as a throw box only once it has been activated in this match
 * (``throw`` is set by ``ThrowBox.activate``), so before that the script sets its
 * ``followup_state`` instead of its ``throw_state``. */
static int disembowel_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    int followup = !ydata_truthy(st_data(host, st)) ? SYM_DisembowelGrabFollowup : SYM_TryCatchGroundSlam;
    static const int BOXES[4] = {SYM_Hitbox, SYM_Hitbox2, SYM_Hitbox3, SYM_Hitbox4};
    for (int i = 0; i < 4; i++) {
        yhitbox *box = state_hitbox_child(host, st, BOXES[i]);
        if (!box) {
            yerr(m, YE_INTERNAL, "Robot %s has no %s", sym_text(st_name(st)), sym_text(BOXES[i]));
            return SYM_NONE;
        }
        if (box->throw_) box->throw_state = (uint16_t)followup;
        else box->followup_state = (uint16_t)followup;
    }
    return SYM_NONE;
}

const state_class robot_disembowel_grab_class = {
    .name = "states.robot.grabs.DisembowelGrab",
    .parent = &robot_state_class,
    .frames = FRAMES({0, disembowel_frame_0}),
};

/* ------------------------------------------------------------------ CommandGrab: data true turns the slam around */
#define COMMAND_GRAB_COMBO_PRORATION 12

typedef struct {
    robot_state_vars r;
    yflag reversing_command_grab;
} command_grab_vars;

static int command_grab_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(command_grab_vars, host, st)->reversing_command_grab = ydata_truthy(st_data(host, st));
    return SYM_NONE;
}

static int command_grab_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_move_directly_relative(host, FXI(5), 0);
    return SYM_NONE;
}

static int command_grab_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->throw_invulnerable = true;
    return SYM_NONE;
}

static int command_grab_frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->throw_invulnerable = false;
    return SYM_NONE;
}

static void command_grab_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    if (host->combo_count <= 0) AS_F(host)->combo_proration = COMMAND_GRAB_COMBO_PRORATION;
    cs_on_hit_something(m, host, st, obj, hb);
}

const state_class robot_command_grab_class = {
    .name = "states.robot.grabs.CommandGrab",
    .parent = &robot_state_class,
    .vars_size = sizeof(command_grab_vars),
    .enter = command_grab_enter,
    .frames = FRAMES({1, command_grab_frame_1}, {2, command_grab_frame_2}, {7, command_grab_frame_7}),
    .on_hit_something = command_grab_on_hit_something,
};

/* ------------------------------------------------------------------ GroundSlam (GroundSlam, TryCatchGroundSlam) */
/* Each slam makes the opponent take a throw-hit box (the no-combo one outside a combo).
 * Quirk kept: frame 40 releases the opponent itself, and the ThrowState release at
 * ``release_frame`` 41 still follows in the same frame, so the release hits twice. */
#define SLAM_WALK_BACK_SPEED FXI(-4)
#define SLAM_WALK_FORWARD_SPEED FXI(6)
#define SLAM_SINGLE_HIT_WAIT_TICKS 2
#define SLAM_SINGLE_HIT_START_TICK 31
#define SLAM_SINGLE_HIT_WAIT_TICK 32

typedef struct {
    throw_vars t;
    int32_t single_hit_wait_ticks;
    yflag single_hit, is_in_combo;
} ground_slam_vars;

static void slam_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ground_slam_vars *v = ST_VARS(ground_slam_vars, host, st);
    v->single_hit = prop_bool(NODE(st), P_single_hit, 0);
    v->is_in_combo = false;
    v->single_hit_wait_ticks = 0;
}

static void walk_back(yobj *host) { obj_apply_force_relative(host, SLAM_WALK_BACK_SPEED, 0); }
static void walk_forward(yobj *host) { obj_apply_force_relative(host, SLAM_WALK_FORWARD_SPEED, 0); }

static void ground_slam(ymatch *m, yobj *host, ystate *st) {
    ground_slam_vars *v = ST_VARS(ground_slam_vars, host, st);
    yhitbox *no_combo_hitbox = state_hitbox_child(host, st, SYM_NoComboHitbox);
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!no_combo_hitbox || !hitbox) {
        yerr(m, YE_INTERNAL, "Robot %s has no Hitbox/NoComboHitbox", sym_text(st_name(st)));
        return;
    }
    hitbox_hit(m, host, v->is_in_combo ? hitbox : no_combo_hitbox, &FOPP(m, AS_F(host))->o);
    if (!YOK(m)) return;
    hitbox_deactivate(no_combo_hitbox);
    hitbox_deactivate(hitbox);
}

static int slam_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ground_slam_vars *v = ST_VARS(ground_slam_vars, host, st);
    walk_back(host);
    v->is_in_combo = host->combo_count != 0;
    if (v->single_hit) st->current_tick = SLAM_SINGLE_HIT_START_TICK;
    return SYM_NONE;
}

static int slam_frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_move_directly_relative(host, FXI(-16), 0);
    return SYM_NONE;
}

static int slam_frame_16(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    walk_forward(host);
    return SYM_NONE;
}

static int slam_frame_21(ymatch *m, yobj *host, ystate *st) {
    ground_slam(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    obj_move_directly_relative(host, FXI(16), 0);
    return SYM_NONE;
}

static int slam_frame_28(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    walk_back(host);
    obj_move_directly_relative(host, FXI(-16), 0);
    return SYM_NONE;
}

static int slam_frame_32(ymatch *m, yobj *host, ystate *st) {
    ground_slam_vars *v = ST_VARS(ground_slam_vars, host, st);
    if (v->single_hit) {
        v->single_hit_wait_ticks = SLAM_SINGLE_HIT_WAIT_TICKS;
        obj_turn_around(m, host);
    }
    /* getattr(self.previous_state(), "reversing_command_grab", None) */
    ystate *prev = obj_prev_state(host);
    if (prev && state_is_a(prev, &robot_command_grab_class) &&
        ST_VARS(command_grab_vars, host, prev)->reversing_command_grab)
        obj_set_facing(m, host, obj_facing(host) * -1, false);
    return SYM_NONE;
}

static int slam_frame_36(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    walk_forward(host);
    return SYM_NONE;
}

static int slam_frame_39(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_move_directly_relative(host, FXI(16), 0);
    return SYM_NONE;
}

static int slam_frame_40(ymatch *m, yobj *host, ystate *st) {
    ground_slam(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    throw_do_release(m, host, st);
    return SYM_NONE;
}

static int slam_frame_44(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    walk_back(host);
    return SYM_NONE;
}

static int slam_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ground_slam_vars *v = ST_VARS(ground_slam_vars, host, st);
    if (v->single_hit_wait_ticks > 0) {
        v->single_hit_wait_ticks--;
        st->current_tick = SLAM_SINGLE_HIT_WAIT_TICK;
    }
    return SYM_NONE;
}

static void slam_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    /* replaces ThrowState's exit (released is reset on entry anyway) */
    ST_VARS(ground_slam_vars, host, st)->is_in_combo = false;
}

const state_class robot_ground_slam_class = {
    .name = "states.robot.grabs.GroundSlam",
    .parent = &throw_state_class,
    .vars_size = sizeof(ground_slam_vars),
    .construct = slam_construct,
    .frames = FRAMES({0, slam_frame_0}, {7, slam_frame_7}, {16, slam_frame_16}, {21, slam_frame_21},
                     {28, slam_frame_28}, {32, slam_frame_32}, {36, slam_frame_36}, {39, slam_frame_39},
                     {40, slam_frame_40}, {44, slam_frame_44}),
    .tick = slam_tick,
    .exit = slam_exit,
};

/* ------------------------------------------------------------------ CornerCarryGrab (BOUNDS CHECK) */
#define CC_ADDED_FORCE FXC(1.5)
#define CC_MAX_TICK 15
#define CC_REVERSE_PENALTY 25

static int cc_grab_enter(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yfighter *f = AS_F(host);
    if (f->reverse_state && host->combo_count <= 0) fighter_add_penalty(m, f, CC_REVERSE_PENALTY, true);
    return SYM_NONE;
}

static int cc_grab_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    robot_vars *r = RV(host);
    if (r->flying_dir.has) r->flying_dir.x = 0;
    return SYM_NONE;
}

static int cc_grab_frame_15(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->has_projectile_armor = false;
    return SYM_NONE;
}

static int cc_grab_tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_forces_no_limit(m, host);
    if (st->current_tick < CC_MAX_TICK) obj_apply_force_relative(host, CC_ADDED_FORCE, 0);
    return SYM_NONE;
}

const state_class robot_corner_carry_grab_class = {
    .name = "states.robot.grabs.CornerCarryGrab",
    .parent = &robot_state_class,
    .enter = cc_grab_enter,
    .frames = FRAMES({0, cc_grab_frame_0}, {15, cc_grab_frame_15}),
    .tick = cc_grab_tick,
};

/* ------------------------------------------------------------------ CornerCarryHold: fly the opponent to the wall */
#define CCH_ADDED_FORCE FXI(2)
#define CCH_RELEASE_DIST_FROM_WALL 64
#define CCH_MAX_TICK 240
#define CCH_COMBO_DURATION 20

static int cc_hold_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    obj_apply_force_relative(host, CCH_ADDED_FORCE, 0);
    obj_apply_forces_no_limit(m, host);
    if (st->current_tick > CCH_MAX_TICK || (host->combo_count > 0 && st->current_tick > CCH_COMBO_DURATION))
        return SYM_CornerCarryRelease;
    int facing = obj_facing(host);
    int64_t wall_x = (int64_t)host->stage_width * facing;
    if (int_abs(host->data.px - wall_x) < CCH_RELEASE_DIST_FROM_WALL) {
        obj_set_pos(host, (int32_t)(wall_x - CCH_RELEASE_DIST_FROM_WALL * facing), host->data.py);
        return SYM_CornerCarryRelease;
    }
    if (f->penalty > 0) f->penalty = 0;
    return SYM_NONE;
}

const state_class robot_corner_carry_hold_class = {
    .name = "states.robot.grabs.CornerCarryHold",
    .parent = &throw_state_class,
    .tick = cc_hold_tick,
};

/* ------------------------------------------------------------------ OverflowGrab: keep facing until frame 8 */
static int overflow_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->update_facing_on_exit = 0;
    return SYM_NONE;
}

static int overflow_frame_8(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->update_facing_on_exit = 1;
    return SYM_NONE;
}

const state_class robot_overflow_grab_class = {
    .name = "states.robot.grabs.OverflowGrab",
    .parent = &robot_state_class,
    .frames = FRAMES({0, overflow_frame_0}, {8, overflow_frame_8}),
};

/* ------------------------------------------------------------------ OverflowFollowup: ends flight, an air option back */
static int overflow_followup_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    yfighter *f = AS_F(host);
    ROBOT(f)->flying_dir.has = false;
    if (f->air_movements_left < f->num_air_movements) f->air_movements_left++;
    return SYM_NONE;
}

const state_class robot_overflow_followup_class = {
    .name = "states.robot.grabs.OverflowFollowup",
    .parent = &throw_state_class,
    .frames = FRAMES({0, overflow_followup_frame_0}),
};

/* ------------------------------------------------------------------ EarthquakeThrow: once per combo */
static int earthquake_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    RV(host)->used_earthquake_grab = true;
    return SYM_NONE;
}

const state_class robot_earthquake_throw_class = {
    .name = "states.robot.grabs.EarthquakeThrow",
    .parent = &throw_state_class,
    .frames = FRAMES({0, earthquake_frame_0}),
};

/* ------------------------------------------------------------------ KillProcess (AirGrabSuper.gd) */
/* The bars on hand set the landing's damage (kill_process_super_level; 9 bars count as 200
 * in neutral and 11 in a combo). Quirk kept: RobotState then spends super_level (3) more
 * bars on frame 0, which empties the meter too. */
#define KP_FULL_BARS 9
#define KP_FULL_BARS_NEUTRAL_LEVEL 200
#define KP_FULL_BARS_COMBO_LEVEL 11

static int kill_process_enter_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    robot_vars *r = ROBOT(f);
    r->kill_process_super_level = f->supers_available;
    if (r->kill_process_super_level == KP_FULL_BARS)
        r->kill_process_super_level = host->combo_count <= 0 ? KP_FULL_BARS_NEUTRAL_LEVEL : KP_FULL_BARS_COMBO_LEVEL;
    state_super(&robot_kill_process_class)->enter_shared(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    for (int i = 0, n = f->supers_available; i < n; i++) fighter_use_super_bar(f);
    return SYM_NONE;
}

static int kill_process_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    robot_vars *r = RV(host);
    r->flying_dir.has = false;
    r->fly_ticks_left = 0;
    return SYM_NONE;
}

static int kill_process_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (AS_F(host)->initiative) host->invulnerable = true;
    host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int kill_process_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    return SYM_NONE;
}

static int kill_process_frame_14(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.5)), fxs_mul(host->data.vy, FXC(0.5)));
    return SYM_NONE;
}

const state_class robot_kill_process_class = {
    .name = "states.robot.grabs.KillProcess",
    .parent = &robot_state_class,
    .enter_shared = kill_process_enter_shared,
    .frames = FRAMES({0, kill_process_frame_0}, {1, kill_process_frame_1}, {9, kill_process_frame_9},
                     {14, kill_process_frame_14}),
};

/* ------------------------------------------------------------------ KillProcessSpin: fall with the opponent */
static int kp_spin_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    obj_apply_grav_custom(m, host, FXC(0.66), FXI(20));
    if (obj_grounded(host)) {
        throw_vars *v = ST_VARS(throw_vars, host, st);
        f->throw_pos_x = v->release_throw_pos_x;
        f->throw_pos_y = v->release_throw_pos_y;
        int32_t x, y;
        fighter_global_throw_pos(f, &x, &y);
        yfighter *opp = FOPP(m, f);
        obj_set_pos(&opp->o, x, y);
        fighter_update_facing(m, opp);
        return SYM_KillProcessLanding;
    }
    return SYM_NONE;
}

const state_class robot_kill_process_spin_class = {
    .name = "states.robot.grabs.KillProcessSpin",
    .parent = &throw_state_class,
    .tick = kp_spin_tick,
};

/* ------------------------------------------------------------------ KillProcessLanding: scaled by the bars spent */
#define KPL_DAMAGE_PER_BAR 75
#define KPL_COMBO_DAMAGE_PER_BAR 30
#define KPL_MIN_DAMAGE_PER_BAR 20
#define KPL_MIN_COMBO_DAMAGE_PER_BAR 20
#define KPL_MIN_DAMAGE 150
#define KPL_MIN_COMBO_DAMAGE 150

static int kp_landing_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    robot_vars *r = ROBOT(f);
    int32_t level = r->kill_process_super_level;
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "Robot KillProcessLanding has no Hitbox");
        return SYM_NONE;
    }
    hitbox->damage = KPL_MIN_DAMAGE + KPL_DAMAGE_PER_BAR * level;
    hitbox->damage_in_combo = KPL_MIN_COMBO_DAMAGE + KPL_COMBO_DAMAGE_PER_BAR * level;
    int32_t per_bar = host->combo_count <= 0 ? KPL_MIN_DAMAGE_PER_BAR : KPL_MIN_COMBO_DAMAGE_PER_BAR;
    hitbox->minimum_damage = per_bar * level;
    host->invulnerable = true;
    r->super_armor_installed = true;
    return SYM_NONE;
}

const state_class robot_kill_process_landing_class = {
    .name = "states.robot.grabs.KillProcessLanding",
    .parent = &robot_state_class,
    .enter = kp_landing_enter,
};
