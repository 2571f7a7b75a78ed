/* Robot's moves in C. Mirrors states/robot/moves.py: the base-state overrides
 * (Step/ChargedStep, Fall, Landing with its shockwaves, SuperJump, AirForwardThrow, Taunt),
 * and the attacks, specials and supers of the menu. The RobotState base and RobotRoll are
 * char_robot_state.c, the grabs and throws char_robot_grabs.c, the Drive stance
 * char_robot_drive.c; the registry of scripts is char_robot_registry.c. */
#include "char_robot.h"

#define LANDING_SHOCKWAVE "characters/robo/projectiles/LandingShockwave.tscn"
#define RV(host) ROBOT(AS_F(host))

/* ------------------------------------------------------------------ Step (Step, ChargedStep) */
#define STEP_MOVE_AMOUNT 15
#define STEP_EXTRA_FORWARD_MOVEMENT 6
#define STEP_FLIP_LAG 2
#define STEP_STARTUP_LAG 3

typedef struct {
    robot_state_vars r;
    int32_t startup_lag; /* accumulates across entries; consumed by tick */
    yflag charged;
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

const state_class robot_step_class = {
    .name = "states.robot.moves.Step",
    .parent = &robot_state_class,
    .vars_size = sizeof(step_vars),
    .construct = step_construct,
    .enter = step_enter,
    .frames = FRAMES({0, step_frame_0}, {5, step_frame_5}, {6, step_frame_6}, {9, step_frame_9}),
    .tick = step_tick,
};

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
    if (RV(host)->flying_dir.has) {
        st->iasa_at = 10;
        if (st->current_tick > 0 && imod(st->current_tick, 10) == 0) st_enable_interrupt(m, host, st, true, false);
    }
    if (st->current_tick > 1 && obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

const state_class robot_fall_class = {
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
    yflag has_hitbox;
} robot_landing_vars;

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
        robot_shockwave_vars *lv = (robot_shockwave_vars *)AS_P(left)->vars;
        robot_shockwave_vars *rv = (robot_shockwave_vars *)AS_P(right)->vars;
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

const state_class robot_landing_class = {
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

const state_class robot_super_jump_class = {
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

const state_class robot_air_forward_throw_class = {
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

const state_class robot_taunt_class = {
    .name = "states.robot.moves.RobotTaunt",
    .parent = &taunt_class,
    .enter = taunt_enter,
};

/* ================================================================== attacks */

/* ------------------------------------------------------------------ SawBlade: hitting pushes Robot back up and away */
#define SAW_PUSH_BACK_AMOUNT FXI(6)

static void saw_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    fx nx, ny, fx_, fy;
    fxs_normalized(-FX_ONE, FX_ONE, &nx, &ny);
    fxs_vec_mul(nx, ny, SAW_PUSH_BACK_AMOUNT, &fx_, &fy);
    obj_apply_force_relative(host, fx_, fy);
}

const state_class robot_saw_blade_class = {
    .name = "states.robot.moves.SawBlade",
    .parent = &robot_state_class,
    .on_hit_something = saw_on_hit_something,
};

/* ------------------------------------------------------------------ SideKick (SideKick, SideKickAir) */
static int side_kick_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick == 3) {
        bool initiative = AS_F(host)->initiative;
        st->self_hit_cancellable = initiative;
        if (initiative) st->current_tick = 5;
    }
    return SYM_NONE;
}

const state_class robot_side_kick_class = {
    .name = "states.robot.moves.SideKick",
    .parent = &robot_state_class,
    .tick = side_kick_tick,
};

/* ------------------------------------------------------------------ Plummet (CRASH): a straight dive from frame 3 */
#define PLUMMET_DESCEND_SPEED FXI(13)

typedef struct {
    robot_state_vars r;
    yflag descending, apply_gravity;
} plummet_vars;

static int plummet_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    plummet_vars *v = ST_VARS(plummet_vars, host, st);
    v->descending = false;
    v->apply_gravity = false;
    return SYM_NONE;
}

static int plummet_frame_3(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(plummet_vars, host, st)->descending = true;
    return SYM_NONE;
}

static int plummet_tick(ymatch *m, yobj *host, ystate *st) {
    plummet_vars *v = ST_VARS(plummet_vars, host, st);
    robot_vars *r = RV(host);
    if (v->descending) {
        obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.05)), PLUMMET_DESCEND_SPEED);
        v->descending = false;
        if (r->flying_dir.has) r->flying_dir.x = 0;
    }
    /* get_vel() is the cached snapshot: the dive speed just set is not seen here. */
    if (host->data.vy < 0) v->apply_gravity = true;
    if (!r->flying_dir.has && v->apply_gravity) obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    if (!YOK(m)) return SYM_NONE;
    if (obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

static void plummet_on_got_perfect_parried(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->hitlag_ticks += 4;
}

const state_class robot_plummet_class = {
    .name = "states.robot.moves.Plummet",
    .parent = &robot_state_class,
    .vars_size = sizeof(plummet_vars),
    .frames = FRAMES({0, plummet_frame_0}, {3, plummet_frame_3}),
    .tick = plummet_tick,
    .on_got_perfect_parried = plummet_on_got_perfect_parried,
};

/* ------------------------------------------------------------------ GroundPound (EARTHQUAKE): the grab box once per combo */
static int ground_pound_frame_0(ymatch *m, yobj *host, ystate *st) {
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox4);
    if (!h) {
        yerr(m, YE_INTERNAL, "Robot GroundPound has no Hitbox4");
        return SYM_NONE;
    }
    h->active_ticks = RV(host)->used_earthquake_grab ? 0 : 3;
    return SYM_NONE;
}

const state_class robot_ground_pound_class = {
    .name = "states.robot.moves.GroundPound",
    .parent = &robot_state_class,
    .frames = FRAMES({0, ground_pound_frame_0}),
};

/* ------------------------------------------------------------------ Lariat (SPIN CYCLE) */
static int lariat_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (AS_F(host)->initiative) host->aerial_attack_immune = true;
    return SYM_NONE;
}

static int lariat_frame_15(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->aerial_attack_immune = false;
    return SYM_NONE;
}

const state_class robot_lariat_class = {
    .name = "states.robot.moves.Lariat",
    .parent = &robot_state_class,
    .frames = FRAMES({4, lariat_frame_4}, {15, lariat_frame_15}),
};

/* ------------------------------------------------------------------ Vacuum (states/Missile.gd): a wind box pulls the opponent in */
#define VACUUM_PULL_FORCE FXC(0.45)
#define VACUUM_PULL_UNTIL 15

static int vacuum_tick(ymatch *m, yobj *host, ystate *st) {
    const ynode *node = state_box_child(st, SYM_WindBox);
    if (!node) {
        yerr(m, YE_INTERNAL, "Robot Vacuum has no WindBox");
        return SYM_NONE;
    }
    /* the WindBox node: its facing and position are set here before its only use */
    ybox wind = {
        .x = (int32_t)prop_int(node, P_x, 0),
        .y = (int32_t)prop_int(node, P_y, 0),
        .width = (int32_t)prop_int(node, P_width, 20),
        .height = (int32_t)prop_int(node, P_height, 20),
        .pos_x = host->data.px,
        .pos_y = host->data.py,
        .facing = (int8_t)(obj_facing(host) == 1 ? 1 : -1),
    };
    yfighter *opponent = FOPP(m, AS_F(host));
    if (st->current_tick <= VACUUM_PULL_UNTIL && box_overlaps(&opponent->o.hurtbox, &wind)) {
        fx force_x = fxs_mul(fxs_int(fighter_opponent_dir(m, opponent)), VACUUM_PULL_FORCE);
        obj_apply_force(&opponent->o, force_x, 0);
    }
    return SYM_NONE;
}

const state_class robot_vacuum_class = {
    .name = "states.robot.moves.Vacuum",
    .parent = &robot_state_class,
    .tick = vacuum_tick,
};

/* ------------------------------------------------------------------ Chainsaw: two boxes sweep from Start to End */
#define CHAINSAW_HITBOX_DISTANCE FXI(48)

typedef struct {
    robot_state_vars r;
    int32_t chainsaw_start_tick, chainsaw_end_tick;
    fx start_x, start_y, end_x, end_y;
    int32_t last_hitbox_x, last_hitbox_y;
    yflag has_last_hitbox; /* last_hitbox_x/y are None */
} chainsaw_vars;

static void chainsaw_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    chainsaw_vars *v = ST_VARS(chainsaw_vars, host, st);
    v->chainsaw_start_tick = (int32_t)prop_int(NODE(st), P_chainsaw_start_tick, 10);
    v->chainsaw_end_tick = (int32_t)prop_int(NODE(st), P_chainsaw_end_tick, 19);
    v->has_last_hitbox = false;
    /* Chainsaw.gd: _ready runs before the state is initialised (the hitbox timing and the
     * on-hit iasa come from the two exports): done here, before the base init reads them. */
    int32_t sweep_ticks = v->chainsaw_end_tick - v->chainsaw_start_tick + 1;
    yhitbox *boxes[2] = {state_hitbox_child(host, st, SYM_Hitbox), state_hitbox_child(host, st, SYM_Hitbox2)};
    for (int i = 0; i < 2; i++)
        if (boxes[i]) {
            boxes[i]->start_tick = v->chainsaw_start_tick + 1;
            boxes[i]->active_ticks = sweep_ticks;
        }
    st->iasa_on_hit = v->chainsaw_end_tick;
}

static int chainsaw_enter(ymatch *m, yobj *host, ystate *st) {
    chainsaw_vars *v = ST_VARS(chainsaw_vars, host, st);
    int32_t sx = st_data_int(m, host, st, SYM_Start, SYM_x), sy = st_data_int(m, host, st, SYM_Start, SYM_y);
    int32_t ex = st_data_int(m, host, st, SYM_End, SYM_x), ey = st_data_int(m, host, st, SYM_End, SYM_y);
    if (!YOK(m)) return SYM_NONE;
    obj_xy_to_dir(m, fxs_int(sx), fxs_int(sy), FX_ONE, FXI(100), &v->start_x, &v->start_y);
    obj_xy_to_dir(m, fxs_int(ex), fxs_int(ey), FX_ONE, FXI(100), &v->end_x, &v->end_y);
    if (obj_facing(host) < 0) {
        v->start_y = fxs_neg(v->start_y);
        v->end_y = fxs_neg(v->end_y);
    }
    return SYM_NONE;
}

static int chainsaw_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(chainsaw_vars, host, st)->has_last_hitbox = false;
    st->iasa_at = 34;
    return SYM_NONE;
}

static void chainsaw_sweep(ymatch *m, yobj *host, ystate *st, chainsaw_vars *v) {
    int facing = obj_facing(host);
    int32_t elapsed = v->chainsaw_start_tick - st->current_tick;
    int32_t length = v->chainsaw_end_tick - v->chainsaw_start_tick;
    fx t = fxs_abs(yfx_div(m, fxs_int(elapsed), fxs_int(length)));
    fx a0 = yfx_vec_to_angle(m, v->start_x, v->start_y), a1 = yfx_vec_to_angle(m, v->end_x, v->end_y);
    if (!YOK(m)) return;
    fx angle = fx_rq(fx_wrap_add(a0, fx_mul(fx_short_angle_dist(a0, a1), t))); /* lerp_angle */
    fx ux = fx_rq(fx_cos(angle)), uy = fx_rq(fx_sin(angle));                /* angle_to_vec */
    fx ox, oy;
    fxs_vec_mul(ux, uy, CHAINSAW_HITBOX_DISTANCE, &ox, &oy);
    fx ix = yfx_div(m, ox, FXI(2)), iy = yfx_div(m, oy, FXI(2)); /* vec_div */
    int32_t center_x = host->hurtbox.x, center_y = host->hurtbox.y;
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox), *hitbox2 = state_hitbox_child(host, st, SYM_Hitbox2);
    if (!hitbox || !hitbox2) {
        yerr(m, YE_INTERNAL, "Robot Chainsaw has no Hitbox/Hitbox2");
        return;
    }
    hitbox->b.x = facing * (fxs_round(ox) + center_x);
    hitbox->b.y = (fxs_floor(oy) * facing + center_y) - 6;
    hitbox2->b.x = facing * (fxs_round(ix) + center_x);
    hitbox2->b.y = (fxs_floor(iy) * facing + center_y) - 6;
    fx kx, ky;
    if (v->has_last_hitbox) {
        fx dx = fxs_sub(fxs_int(hitbox->b.x), fxs_int(v->last_hitbox_x));
        fx dy = fxs_sub(fxs_int(hitbox->b.y), fxs_int(v->last_hitbox_y));
        fxs_normalized(dx, dy, &kx, &ky);
    } else {
        kx = FX_ONE; /* the original's ints 1 and -1, as the fixed-point text they become */
        ky = -FX_ONE;
    }
    v->has_last_hitbox = true;
    v->last_hitbox_x = hitbox->b.x;
    v->last_hitbox_y = hitbox->b.y;
    hitbox->dir_x = hitbox2->dir_x = kx;
    hitbox->dir_y = hitbox2->dir_y = ky;
}

static int chainsaw_tick(ymatch *m, yobj *host, ystate *st) {
    chainsaw_vars *v = ST_VARS(chainsaw_vars, host, st);
    if (v->chainsaw_start_tick <= st->current_tick && st->current_tick <= v->chainsaw_end_tick)
        chainsaw_sweep(m, host, st, v);
    return SYM_NONE;
}

static void chainsaw_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(chainsaw_vars, host, st)->has_last_hitbox = false;
}

const state_class robot_chainsaw_class = {
    .name = "states.robot.moves.Chainsaw",
    .parent = &robot_state_class,
    .vars_size = sizeof(chainsaw_vars),
    .construct = chainsaw_construct,
    .enter = chainsaw_enter,
    .frames = FRAMES({0, chainsaw_frame_0}),
    .tick = chainsaw_tick,
    .exit = chainsaw_exit,
};

/* ================================================================== movement */

/* ------------------------------------------------------------------ Propel: a boost with low ground friction */
#define PROPEL_FRICTION_TICKS 20
#define PROPEL_GROUND_FRICTION FXC(0.2)
#define PROPEL_FORCE FX_ONE

static int propel_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    st->next_state_on_hold = !RV(host)->buffer_drive_cancel;
    return SYM_NONE;
}

static int propel_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->chara.ground_friction = PROPEL_GROUND_FRICTION;
    RV(host)->propel_friction_ticks = PROPEL_FRICTION_TICKS;
    return SYM_NONE;
}

static int propel_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick > 3) obj_apply_force_relative(host, PROPEL_FORCE, 0);
    return SYM_NONE;
}

const state_class robot_propel_class = {
    .name = "states.robot.moves.Propel",
    .parent = &robot_state_class,
    .enter = propel_enter,
    .frames = FRAMES({0, propel_frame_0}),
    .tick = propel_tick,
};

/* ------------------------------------------------------------------ Return: a short hop back */
static int return_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static int return_frame_3(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_move_directly_relative(host, FXI(-12), 0);
    return SYM_NONE;
}

const state_class robot_return_class = {
    .name = "states.robot.moves.Return",
    .parent = &robot_state_class,
    .frames = FRAMES({3, return_frame_3}),
    .tick = return_tick,
};

/* ------------------------------------------------------------------ ClapJump (THUNDER CLAP) */
#define CLAP_GRAV FXC(0.58)
#define CLAP_STARTED_IN_AIR_GRAV FXC(0.80)
#define CLAP_MAX_FALL_SPEED FXI(3)
#define CLAP_STARTED_IN_AIR_MAX_FALL_SPEED FXI(8)
#define CLAP_EXTRA_VICTIM_HITLAG 15
#define CLAP_AUTO_LAG 4

typedef struct {
    robot_state_vars r;
    fx grav, max_fall_speed;
    int32_t auto_lag;
    yflag jumping;
} clap_jump_vars;

static void clap_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    clap_jump_vars *v = ST_VARS(clap_jump_vars, host, st);
    v->jumping = false;
    v->grav = CLAP_GRAV;
    v->max_fall_speed = CLAP_MAX_FALL_SPEED;
    v->auto_lag = CLAP_AUTO_LAG;
}

static int clap_frame_0(ymatch *m, yobj *host, ystate *st) {
    clap_jump_vars *v = ST_VARS(clap_jump_vars, host, st);
    yfighter *f = AS_F(host);
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "Robot ClapJump has no Hitbox");
        return SYM_NONE;
    }
    v->auto_lag = CLAP_AUTO_LAG;
    bool grounded = obj_grounded(host);
    v->grav = grounded ? CLAP_GRAV : CLAP_STARTED_IN_AIR_GRAV;
    v->max_fall_speed = grounded ? CLAP_MAX_FALL_SPEED : CLAP_STARTED_IN_AIR_MAX_FALL_SPEED;
    fg_set_grounded(&host->chara, false);
    v->jumping = true;
    if (!f->combo_moves_used[st->st->index]) {
        hitbox->victim_hitlag = hitbox->hitlag_ticks + CLAP_EXTRA_VICTIM_HITLAG;
        hitbox->ground_bounce = 0;
    } else {
        hitbox->victim_hitlag = hitbox->hitlag_ticks;
        hitbox->ground_bounce = 1;
    }
    hitbox->grounded_hit_state = SYM_HurtAerial;
    hitbox->combo_victim_hitlag = hitbox->victim_hitlag;
    int32_t autov = st_data_int(m, host, st, SYM_Auto, SYM_NONE);
    if (!YOK(m)) return SYM_NONE;
    hitbox->combo_scaling_amount = autov ? 2 : 1;
    return SYM_NONE;
}

static int clap_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_move_directly_relative(host, FXI(-10), 0);
    return SYM_NONE;
}

static int clap_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_move_directly_relative(host, FXI(1), FXI(-3));
    host->throw_invulnerable = true;
    return SYM_NONE;
}

static int clap_frame_3(ymatch *m, yobj *host, ystate *st) {
    fx fx_, fy;
    fxs_normalized_times(FX_ONE, FXC(-0.25), FXI(8), &fx_, &fy);
    int32_t dir_x = st_data_int(m, host, st, SYM_Direction, SYM_x);
    if (!YOK(m)) return SYM_NONE;
    if ((int64_t)dir_x * obj_facing(host) == -1) fx_ = fxs_mul(fx_, FXC(-0.55));
    obj_apply_force_relative(host, fx_, fy);
    return SYM_NONE;
}

static int clap_frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->throw_invulnerable = false;
    return SYM_NONE;
}

static int clap_tick(ymatch *m, yobj *host, ystate *st) {
    clap_jump_vars *v = ST_VARS(clap_jump_vars, host, st);
    obj_apply_grav_custom(m, host, v->grav, v->max_fall_speed);
    if (v->jumping && st->current_tick >= 10 && v->auto_lag > 0) {
        st->current_tick = 9;
        int32_t autov = st_data_int(m, host, st, SYM_Auto, SYM_NONE);
        if (!YOK(m)) return SYM_NONE;
        if (autov) v->auto_lag--;
    }
    if (v->jumping && st->current_tick > 1 && obj_grounded(host)) v->jumping = false;
    return SYM_NONE;
}

const state_class robot_clap_jump_class = {
    .name = "states.robot.moves.ClapJump",
    .parent = &robot_state_class,
    .vars_size = sizeof(clap_jump_vars),
    .construct = clap_construct,
    .frames = FRAMES({0, clap_frame_0}, {1, clap_frame_1}, {2, clap_frame_2}, {3, clap_frame_3}, {7, clap_frame_7}),
    .tick = clap_tick,
};

/* ================================================================== specials */

/* ------------------------------------------------------------------ Grenade (REMOTE BOMB) */
#define GRENADE_SPEED FXC(10.5)

static int grenade_enter(ymatch *m, yobj *host, ystate *st) {
    int32_t y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return SYM_NONE;
    st->projectile_pos_y = y <= 0 ? -32 : 16;
    return SYM_NONE;
}

static void grenade_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *obj) {
    int32_t x = st_data_int(m, host, st, SYM_x, SYM_NONE), y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return;
    fx fx_, fy;
    obj_xy_to_dir(m, fxs_int(x), fxs_int(y), GRENADE_SPEED, FXI(100), &fx_, &fy);
    fg_set_grounded(&obj->o.chara, false);
    obj_apply_force(&obj->o, fx_, fy);
    RV(host)->grenade_object = obj->o.number;
}

static bool grenade_usable(ymatch *m, yobj *host, ystate *st) {
    return robot_state_is_usable(m, host, st) && RV(host)->grenade_object == 0;
}

const state_class robot_grenade_class = {
    .name = "states.robot.moves.Grenade",
    .parent = &robot_state_class,
    .enter = grenade_enter,
    .process_projectile = grenade_process_projectile,
    .is_usable = grenade_usable,
};

/* ------------------------------------------------------------------ Magnetize: start the magnet */
static int magnetize_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    robot_start_magnetizing(m, AS_F(host));
    return SYM_NONE;
}

static int magnetize_tick(ymatch *m, yobj *host, ystate *st) {
    if (st->current_tick == 7 && host->combo_count > 0) st_enable_interrupt(m, host, st, true, false);
    return SYM_NONE;
}

static bool magnetize_usable(ymatch *m, yobj *host, ystate *st) {
    return robot_state_is_usable(m, host, st) && RV(host)->magnet_ticks_left <= 0 && RV(host)->grenade_object != 0;
}

const state_class robot_magnetize_class = {
    .name = "states.robot.moves.Magnetize",
    .parent = &robot_state_class,
    .frames = FRAMES({0, magnetize_frame_0}),
    .tick = magnetize_tick,
    .is_usable = magnetize_usable,
};

/* ------------------------------------------------------------------ Flamethrower: one ground fire at a time */
static void flamethrower_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *obj) {
    (void)m;
    (void)st;
    (void)obj;
    RV(host)->can_flamethrower = false;
}

static bool flamethrower_usable(ymatch *m, yobj *host, ystate *st) {
    return robot_state_is_usable(m, host, st) && RV(host)->can_flamethrower;
}

const state_class robot_flamethrower_class = {
    .name = "states.robot.moves.Flamethrower",
    .parent = &robot_state_class,
    .process_projectile = flamethrower_process_projectile,
    .is_usable = flamethrower_usable,
};

/* ================================================================== supers */

/* ------------------------------------------------------------------ LOIC (LOIC, Galvanize): call the orbital strike */
#define LOIC_MIN_AIM_TICKS_GALVANIZE 20
#define LOIC_MIN_AIM_TICKS 14
#define LOIC_MAX_AIM_TICKS 85

typedef struct {
    robot_state_vars r;
    yflag self_;
} loic_vars;

static void loic_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(loic_vars, host, st)->self_ = prop_bool(NODE(st), P_self_, 0);
}

static int loic_enter(ymatch *m, yobj *host, ystate *st) {
    robot_vars *r = RV(host);
    r->loic_draining = true;
    r->can_loic = false;
    int32_t self_ = st_data_int(m, host, st, SYM_Self, SYM_NONE);
    if (!YOK(m)) return SYM_NONE;
    ST_VARS(loic_vars, host, st)->self_ = self_ != 0;
    return SYM_NONE;
}

static void loic_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *obj) {
    loic_vars *v = ST_VARS(loic_vars, host, st);
    yfighter *f = AS_F(host);
    robot_orbital_strike_vars *ov = robot_orbital(&obj->o);
    if (!ov) {
        yerr(m, YE_INTERNAL, "Robot LOIC: the projectile is not an orbital strike");
        return;
    }
    yobj *target = v->self_ ? host : &FOPP(m, f)->o;
    obj_set_pos(&obj->o, target->data.px, 0);
    int32_t minimum = v->self_ ? LOIC_MIN_AIM_TICKS_GALVANIZE : LOIC_MIN_AIM_TICKS;
    int32_t delay = st_data_int(m, host, st, SYM_Delay, SYM_x);
    if (!YOK(m)) return;
    fx t = yfx_div(m, fxs_int(delay), FXI(100));
    t = fxs_mul(t, fxs_int(LOIC_MAX_AIM_TICKS - minimum));
    t = fxs_add(t, fxs_int(minimum));
    ov->aim_ticks = fxs_round(t);
    ROBOT(f)->orbital_strike_out = true;
    ROBOT(f)->orbital_strike_projectile = obj->o.number;
    ov->self_ = v->self_;
}

static bool loic_usable(ymatch *m, yobj *host, ystate *st) {
    return robot_state_is_usable(m, host, st) && !RV(host)->orbital_strike_out && RV(host)->can_loic;
}

const state_class robot_loic_class = {
    .name = "states.robot.moves.LOIC",
    .parent = &robot_state_class,
    .vars_size = sizeof(loic_vars),
    .construct = loic_construct,
    .enter = loic_enter,
    .process_projectile = loic_process_projectile,
    .is_usable = loic_usable,
};

/* ------------------------------------------------------------------ DisableLoic (SHUTDOWN): call the strike off */
static int disable_loic_enter(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yobj *obj = obj_from_name(m, RV(host)->orbital_strike_projectile);
    if (obj) robot_orbital_deactivate(m, AS_P(obj));
    return SYM_NONE;
}

static bool disable_loic_usable(ymatch *m, yobj *host, ystate *st) {
    yobj *obj = obj_from_name(m, RV(host)->orbital_strike_projectile);
    robot_orbital_strike_vars *ov = obj ? robot_orbital(obj) : NULL;
    bool usable = obj != NULL && !(ov && ov->deactivating);
    return robot_state_is_usable(m, host, st) && usable;
}

const state_class robot_disable_loic_class = {
    .name = "states.robot.moves.DisableLoic",
    .parent = &robot_state_class,
    .enter = disable_loic_enter,
    .is_usable = disable_loic_usable,
};

/* ------------------------------------------------------------------ RobotMissile (LAUNCH): three missiles */
#define MISSILES 3

typedef struct {
    robot_state_vars r;
    int32_t missiles_left;
} missile_vars;

static void missile_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(missile_vars, host, st)->missiles_left = MISSILES;
}

static int missile_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(missile_vars, host, st)->missiles_left = MISSILES;
    return SYM_NONE;
}

static void missile_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *obj) {
    (void)m;
    (void)obj;
    yfighter *f = AS_F(host);
    missile_vars *v = ST_VARS(missile_vars, host, st);
    fighter_drain_air_option_bar(f, (int32_t)idiv(f->air_option_bar_max, 12));
    v->missiles_left--;
    if (v->missiles_left > 0) st->current_tick = 1; /* replay the frames up to the next launch */
}

static bool missile_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    return f->air_option_bar >= idiv(f->air_option_bar_max, 4) && robot_state_is_usable(m, host, st);
}

const state_class robot_missile_class = {
    .name = "states.robot.moves.RobotMissile",
    .parent = &robot_state_class,
    .vars_size = sizeof(missile_vars),
    .construct = missile_construct,
    .enter = missile_enter,
    .process_projectile = missile_process_projectile,
    .is_usable = missile_usable,
};
