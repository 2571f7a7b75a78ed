/* Robot moves in C. Mirrors (a part of) states/robot/moves.py: the RobotState base, the
 * base-state overrides (Step/ChargedStep, Roll, Fall, Landing with its shockwaves,
 * SuperJump, AirForwardThrow, Taunt) and the is_usable rules the action menu needs
 * ("[legality]" classes: the move itself is not written in C yet). */
#include "char_robot.h"

#define LANDING_SHOCKWAVE "characters/robo/projectiles/LandingShockwave.tscn"

/* ------------------------------------------------------------------ RobotState */
typedef struct {
    int32_t super_level, supers_used, super_freeze_ticks, throw_invuln_frames;
    bool is_super, super_effect, can_fly, super_scale_combo_meter;
} robot_state_vars;

static void rs_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    const ynode *n = NODE(st);
    v->is_super = prop_bool(n, P_is_super, 0);
    v->super_level = (int32_t)prop_int(n, P_super_level, 1);
    v->supers_used = (int32_t)prop_int(n, P_supers_used, -1);
    v->super_freeze_ticks = (int32_t)prop_int(n, P_super_freeze_ticks, 15);
    v->super_effect = prop_bool(n, P_super_effect, 1);
    v->can_fly = prop_bool(n, P_can_fly, 1);
    v->throw_invuln_frames = (int32_t)prop_int(n, P_throw_invuln_frames, 0);
    v->super_scale_combo_meter = prop_bool(n, P_super_scale_combo_meter, 1);
}

static bool rs_is_usable(ymatch *m, yobj *host, ystate *st) {
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    if (!v->is_super) return cs_is_usable(m, host, st);
    return cs_is_usable(m, host, st) && AS_F(host)->supers_available >= v->super_level;
}

static int rs_enter_shared(ymatch *m, yobj *host, ystate *st) {
    cs_enter_shared(m, host, st);
    if (ST_VARS(robot_state_vars, host, st)->throw_invuln_frames > 0) host->throw_invulnerable = true;
    return SYM_NONE;
}

static int rs_frame_0_shared(ymatch *m, yobj *host, ystate *st) {
    cs_frame_0_shared(m, host, st);
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    if (!v->is_super) return SYM_NONE;
    yfighter *f = AS_F(host);
    int levels = v->supers_used == -1 ? v->super_level : v->supers_used;
    if (v->super_scale_combo_meter && levels > 0) f->combo_supers++;
    for (int i = 0; i < levels; i++) fighter_use_super_bar(f);
    return SYM_NONE;
}

static int rs_tick_shared(ymatch *m, yobj *host, ystate *st) {
    cs_tick_shared(m, host, st); /* quirk kept: the result is dropped */
    if (!YOK(m)) return SYM_NONE;
    robot_state_vars *v = ST_VARS(robot_state_vars, host, st);
    if (st->current_tick == v->throw_invuln_frames && v->throw_invuln_frames > 0) host->throw_invulnerable = false;
    return SYM_NONE;
}

static const state_class robot_state_class = {
    .name = "states.robot.moves.RobotState",
    .parent = &character_state_class,
    .vars_size = sizeof(robot_state_vars),
    .construct = rs_construct,
    .is_usable = rs_is_usable,
    .enter_shared = rs_enter_shared,
    .frames_shared = FRAMES({0, rs_frame_0_shared}),
    .tick_shared = rs_tick_shared,
};

/* ------------------------------------------------------------------ Step (Step, ChargedStep) */
#define STEP_MOVE_AMOUNT 15
#define STEP_EXTRA_FORWARD_MOVEMENT 6
#define STEP_FLIP_LAG 2
#define STEP_STARTUP_LAG 3

typedef struct {
    robot_state_vars r;
    int32_t startup_lag; /* accumulates across entries; consumed by tick */
    bool charged;
} step_vars;

static void step_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(step_vars, host, st)->charged = prop_bool(NODE(st), P_charged, 0);
}

static int step_enter(ymatch *m, yobj *host, ystate *st) {
    step_vars *v = ST_VARS(step_vars, host, st);
    yfighter *f = AS_F(host);
    if (host->combo_count <= 0) v->startup_lag += STEP_STARTUP_LAG;
    if (f->reverse_state) {
        st->beats_backdash = 0;
        v->startup_lag += STEP_FLIP_LAG;
        fighter_add_penalty(m, f, 10, false);
    } else {
        st->beats_backdash = 1;
    }
    return SYM_NONE;
}

static int step_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(step_vars, host, st)->charged) AS_F(host)->has_projectile_armor = true;
    return SYM_NONE;
}

static int step_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (!AS_F(host)->reverse_state) obj_move_directly_relative(host, FXI(STEP_EXTRA_FORWARD_MOVEMENT), 0);
    return SYM_NONE;
}

static int step_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    st->self_interruptable = 0;
    st->next_state_on_hold = 0;
    st->next_state_on_hold_on_opponent_turn = 0;
    obj_move_directly_relative(host, FXI(STEP_MOVE_AMOUNT), 0);
    return SYM_NONE;
}

static int step_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->self_interruptable = 1;
    st->next_state_on_hold = 1;
    st->next_state_on_hold_on_opponent_turn = 1;
    return SYM_NONE;
}

static int step_tick(ymatch *m, yobj *host, ystate *st) {
    step_vars *v = ST_VARS(step_vars, host, st);
    if (st->current_tick >= 1 && v->startup_lag > 0) {
        v->startup_lag--;
        st->current_tick = 1;
    }
    if (v->charged) obj_apply_forces_no_limit(m, host);
    else obj_apply_forces(m, host);
    return SYM_NONE;
}

static const state_class step_class = {
    .name = "states.robot.moves.Step",
    .parent = &robot_state_class,
    .vars_size = sizeof(step_vars),
    .construct = step_construct,
    .enter = step_enter,
    .frames = FRAMES({0, step_frame_0}, {5, step_frame_5}, {6, step_frame_6}, {9, step_frame_9}),
    .tick = step_tick,
};

/* ------------------------------------------------------------------ RobotRoll: a roll that stops flight */
typedef struct {
    roll_vars r;
    bool can_fly;
} robot_roll_vars;

static void roll_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(robot_roll_vars, host, st)->can_fly = false;
}

static const state_class robot_roll_class = {
    .name = "states.robot.moves.RobotRoll",
    .parent = &roll_dodge_class,
    .vars_size = sizeof(robot_roll_vars),
    .construct = roll_construct,
};

int robot_state_can_fly(yobj *host, ystate *st) {
    for (const state_vt *vt = st_vt(st); vt; vt = vt->parent) {
        if (vt->cls == &robot_state_class) return ST_VARS(robot_state_vars, host, st)->can_fly;
        if (vt->cls == &robot_roll_class) return ST_VARS(robot_roll_vars, host, st)->can_fly;
    }
    return -1;
}

/* ------------------------------------------------------------------ RobotFall */
static int fall_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->iasa_at = 11;
    return SYM_NONE;
}

static int robot_fall_tick(ymatch *m, yobj *host, ystate *st) {
    fall_tick(m, host, st); /* its "Landing" is dropped; the check below decides */
    if (!YOK(m)) return SYM_NONE;
    if (ROBOT(AS_F(host))->flying_dir.has) {
        st->iasa_at = 10;
        if (st->current_tick > 0 && imod(st->current_tick, 10) == 0) st_enable_interrupt(m, host, st, true, false);
    }
    if (st->current_tick > 1 && obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

static const state_class robot_fall_class = {
    .name = "states.robot.moves.RobotFall",
    .parent = &fall_class,
    .enter = fall_enter,
    .tick = robot_fall_tick,
};

/* ------------------------------------------------------------------ RobotLanding: a hard landing can ground-pound */
#define SPEED_HITBOX_ACTIVATION FXI(5)
#define SPEED_HITBOX_RATIO FX_ONE
#define LANDING_BASE_DAMAGE 10
#define LANDING_DAMAGE_MODIFIER FXC(0.3)

typedef struct {
    landing_vars l;
    bool has_hitbox;
} robot_landing_vars;

typedef struct { /* states/robot/objects.py: LandingShockwave */
    int32_t damage, facing;
    fx speed;
} shockwave_vars;

static int landing_frame_0(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    robot_landing_vars *v = ST_VARS(robot_landing_vars, host, st);
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    landing_set_lag(m, host, st, false, 0);
    ystate *prev = obj_prev_state(host);
    fx speed = f->last_aerial_vel[1];
    v->has_hitbox = prev && prev->busy_interrupt_type != BUSY_HURT && !st_is(prev, T_HURT);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "Robot Landing has no Hitbox");
        return SYM_NONE;
    }
    hitbox->hits_vs_grounded = ROBOT(f)->can_ground_pound && speed > SPEED_HITBOX_ACTIVATION && v->has_hitbox;
    fx ratio = yfx_div(m, speed, SPEED_HITBOX_RATIO);
    int32_t damage = fxs_round(fxs_mul(ratio, fxs_int(LANDING_BASE_DAMAGE)));
    if (damage < LANDING_BASE_DAMAGE) damage = LANDING_BASE_DAMAGE;
    damage = fxs_round(fxs_mul(LANDING_DAMAGE_MODIFIER, fxs_int(damage)));
    if (hitbox->hits_vs_grounded) {
        int scene = object_table_index(LANDING_SHOCKWAVE);
        yobj *left = obj_spawn(m, host, scene, -16, -1, true, NULL, true);
        if (!left) return SYM_NONE;
        yobj *right = obj_spawn(m, host, scene, 16, -1, true, NULL, true);
        if (!right) return SYM_NONE;
        shockwave_vars *lv = (shockwave_vars *)AS_P(left)->vars, *rv = (shockwave_vars *)AS_P(right)->vars;
        rv->facing = 1;
        lv->facing = -1;
        lv->damage = rv->damage = damage;
        lv->speed = rv->speed = speed;
    }
    hitbox->damage = damage;
    return SYM_NONE;
}

static int robot_landing_tick(ymatch *m, yobj *host, ystate *st) {
    landing_tick(m, host, st);
    if (ST_VARS(robot_landing_vars, host, st)->has_hitbox) st->interruptible_on_opponent_turn = 0;
    return SYM_NONE;
}

static const state_class robot_landing_class = {
    .name = "states.robot.moves.RobotLanding",
    .parent = &landing_class,
    .vars_size = sizeof(robot_landing_vars),
    .frames = FRAMES({0, landing_frame_0}),
    .tick = robot_landing_tick,
};

/* ------------------------------------------------------------------ RobotSuperJump */
static int sj_frame_7(ymatch *m, yobj *host, ystate *st) {
    jump_frame_7(m, host, st);
    AS_F(host)->has_projectile_armor = true;
    return SYM_NONE;
}

static int sj_frame_8(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->air_movements_left = 3;
    return SYM_NONE;
}

static int sj_frame_38(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->has_projectile_armor = false;
    return SYM_NONE;
}

static const state_class robot_super_jump_class = {
    .name = "states.robot.moves.RobotSuperJump",
    .parent = &jump_class,
    .frames = FRAMES({7, sj_frame_7}, {8, sj_frame_8}, {38, sj_frame_38}),
};

/* ------------------------------------------------------------------ RobotAirForwardThrow (AirForwardThrow, AirBackThrow) */
static int aft_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    /* replaces ThrowState's enter (released is reset on the next frame anyway) */
    ST_VARS(throw_vars, host, st)->air_ground_bounce = host->combo_count != 0;
    return SYM_NONE;
}

static const state_class robot_air_forward_throw_class = {
    .name = "states.robot.moves.RobotAirForwardThrow",
    .parent = &throw_state_class,
    .enter = aft_enter,
};

/* ------------------------------------------------------------------ RobotTaunt: shorter in the air */
static int taunt_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(taunt_vars, host, st)->can_apply_sadness = host->combo_count <= 0;
    st->next_state_on_hold = 0;
    st->next_state_on_hold_on_opponent_turn = 0;
    st->anim_length = 45;
    if (!obj_grounded(host)) {
        st->anim_length = 11;
        st->next_state_on_hold = 1;
        st->next_state_on_hold_on_opponent_turn = 1;
    }
    return SYM_NONE;
}

static const state_class robot_taunt_class = {
    .name = "states.robot.moves.RobotTaunt",
    .parent = &taunt_class,
    .enter = taunt_enter,
};

/* ------------------------------------------------------------------ legality only */
#define RV(host) ROBOT(AS_F(host))
static bool grenade_usable(ymatch *m, yobj *host, ystate *st) {
    return rs_is_usable(m, host, st) && RV(host)->grenade_object == 0;
}
static const state_class grenade_class = {
    .name = "states.robot.moves.Grenade[legality]", .parent = &robot_state_class, .is_usable = grenade_usable};

static bool magnetize_usable(ymatch *m, yobj *host, ystate *st) {
    return rs_is_usable(m, host, st) && RV(host)->magnet_ticks_left <= 0 && RV(host)->grenade_object != 0;
}
static const state_class magnetize_class = {
    .name = "states.robot.moves.Magnetize[legality]", .parent = &robot_state_class, .is_usable = magnetize_usable};

static bool flamethrower_usable(ymatch *m, yobj *host, ystate *st) {
    return rs_is_usable(m, host, st) && RV(host)->can_flamethrower;
}
static const state_class flamethrower_class = {.name = "states.robot.moves.Flamethrower[legality]",
                                               .parent = &robot_state_class,
                                               .is_usable = flamethrower_usable};

static bool loic_usable(ymatch *m, yobj *host, ystate *st) {
    return rs_is_usable(m, host, st) && !RV(host)->orbital_strike_out && RV(host)->can_loic;
}
static const state_class loic_class = {
    .name = "states.robot.moves.LOIC[legality]", .parent = &robot_state_class, .is_usable = loic_usable};

static bool disable_loic_usable(ymatch *m, yobj *host, ystate *st) {
    /* the orbital strike is not written in C: it never exists here */
    (void)m;
    (void)host;
    (void)st;
    return false;
}
static const state_class disable_loic_class = {.name = "states.robot.moves.DisableLoic[legality]",
                                               .parent = &robot_state_class,
                                               .is_usable = disable_loic_usable};

static bool missile_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    return f->air_option_bar >= idiv(f->air_option_bar_max, 4) && rs_is_usable(m, host, st);
}
static const state_class missile_class = {
    .name = "states.robot.moves.RobotMissile[legality]", .parent = &robot_state_class, .is_usable = missile_usable};

#define S "characters/robo/"
const yscript_entry robot_scripts[] = {
    {S "RobotState.gd", &robot_state_class},
    {"RobotState", &robot_state_class},
    {S "states/Step.gd", &step_class},
    {S "Roll.gd", &robot_roll_class},
    {S "states/Fall.gd", &robot_fall_class},
    {S "states/Landing.gd", &robot_landing_class},
    {S "SuperJump.gd", &robot_super_jump_class},
    {S "states/AirGrab.gd", &grab_class},
    {S "states/AirForwardThrow.gd", &robot_air_forward_throw_class},
    {S "states/Taunt.gd", &robot_taunt_class},
    {S "Grenade.gd", &grenade_class},
    {S "states/Magnetize.gd", &magnetize_class},
    {S "states/Flamethrower.gd", &flamethrower_class},
    {S "states/LOIC.gd", &loic_class},
    {S "states/DisableLoic.gd", &disable_loic_class},
    {S "Missile.gd", &missile_class},
    {0, 0},
};

/* ------------------------------------------------------------------ objects (states/robot/objects.py) */
#define LS_MIN_SPEED FXI(6)
#define LS_SPEED_MULTIPLIER FXC(1.25)
#define LS_BASE_HITSTUN 30
#define LS_MIN_HITSTUN 10
#define LS_LESS_DAMAGE_PER_PIXEL FXC(0.025)
#define LS_LESS_HITSTUN_PER_PIXEL FXC(0.05)

static void shockwave_construct(ymatch *m, yproj *p) {
    (void)m;
    shockwave_vars *v = (shockwave_vars *)p->vars;
    v->damage = 0;
    v->speed = 0;
    v->facing = 0;
}

static const yobj_class landing_shockwave_class = {
    .name = "states.robot.objects.LandingShockwave",
    .parent = &base_projectile_class,
    .vars_size = sizeof(shockwave_vars),
    .construct = shockwave_construct,
};

typedef struct {
    default_fireball_vars d;
    int32_t start_x;
} lsd_vars;

static int lsd_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(lsd_vars, host, st)->start_x = host->data.px;
    return SYM_NONE;
}

static int lsd_tick(ymatch *m, yobj *host, ystate *st) {
    lsd_vars *v = ST_VARS(lsd_vars, host, st);
    shockwave_vars *sv = (shockwave_vars *)AS_P(host)->vars;
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (st->current_tick <= 1) {
        v->d.move_x_string = fxs_mul(sv->speed, LS_SPEED_MULTIPLIER);
        if (v->d.move_x_string < LS_MIN_SPEED) v->d.move_x_string = LS_MIN_SPEED;
        obj_set_facing(m, host, sv->facing, false);
    }
    fx travelled = fxs_abs(fxs_int(host->data.px - v->start_x));
    if (hitbox) {
        hitbox->damage = sv->damage - fxs_round(fxs_mul(LS_LESS_DAMAGE_PER_PIXEL, travelled));
        hitbox->hitstun_ticks = LS_BASE_HITSTUN - fxs_round(fxs_mul(LS_LESS_HITSTUN_PER_PIXEL, travelled));
        if (hitbox->hitstun_ticks < LS_MIN_HITSTUN) hitbox->hitstun_ticks = LS_MIN_HITSTUN;
        if (hitbox->damage < 0) proj_disable(m, AS_P(host));
    }
    return default_fireball_tick(m, host, st);
}

static int lsd_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->has_projectile_parry_window = true;
    return SYM_NONE;
}

static const state_class landing_shockwave_default_class = {
    .name = "states.robot.objects.LandingShockwaveDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(lsd_vars),
    .enter = lsd_enter,
    .tick = lsd_tick,
    .frames = FRAMES({5, lsd_frame_5}),
};

const struct yobj_entry robot_objects[] = {
    {S "projectiles/LandingShockwave.gd", &landing_shockwave_class},
    {0, 0},
};

const yscript_entry robot_object_scripts[] = {
    {S "projectiles/states/LandingShockwaveDefault.gd", &landing_shockwave_default_class},
    {0, 0},
};
#undef S
