/* Mutant moves in C. Mirrors states/mutant/moves.py (characters/mutant/states/ scripts,
 * Rebirth.gd, DashThroughAttack.gd): the overrides of base states (Roll, OffensiveBurst,
 * DashForward, AirDashForward, SlopDash, Taunt), the BeastState base and every move of the
 * Mutant, class for class. A state whose script only extends BeastState (Slash, Sweep,
 * Kick, GroundSpike...) is a BeastState. */
#include "char_mutant.h"

#define JUKE_PIPS_PER_USE 2
#define DOWN_ROLL_SPEED FXI(10)

/* ------------------------------------------------------------------ MutantRoll: can go down (and land-cancel) */
typedef struct {
    roll_vars r;
    yflag down;
} mutant_roll_vars;

static int roll_enter_(ymatch *m, yobj *host, ystate *st) {
    roll_enter(m, host, st);
    mutant_roll_vars *v = ST_VARS(mutant_roll_vars, host, st);
    v->down = false;
    st->land_cancel = 0;
    int32_t y = 0;
    ydata_get(st_data(host, st), SYM_y, SYM_NONE, &y);
    if (y > 0) {
        obj_apply_force(host, 0, DOWN_ROLL_SPEED);
        st->land_cancel = 1;
        v->down = true;
    }
    return SYM_NONE;
}

static int roll_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(mutant_roll_vars, host, st)->down) {
        host->invulnerable = false;
        host->throw_invulnerable = false;
        host->projectile_invulnerable = false;
    }
    return SYM_NONE;
}

const state_class mutant_roll_class = {
    .name = "states.mutant.moves.MutantRoll",
    .parent = &roll_dodge_class,
    .vars_size = sizeof(mutant_roll_vars),
    .enter = roll_enter_,
    .frames = FRAMES({6, roll_frame_6}),
};

/* ------------------------------------------------------------------ MutantOffensiveBurst: needs the burst-cancel charge */
static bool ob_is_usable(ymatch *m, yobj *host, ystate *st) {
    return offensive_burst_class.is_usable(m, host, st) && MUTANT(AS_F(host))->bc_charge;
}

const state_class mutant_offensive_burst_class = {
    .name = "states.mutant.moves.MutantOffensiveBurst",
    .parent = &offensive_burst_class,
    .is_usable = ob_is_usable,
};

/* ------------------------------------------------------------------ MutantDashForward */
static int dash_enter_(ymatch *m, yobj *host, ystate *st) {
    dash_enter(m, host, st);
    yhurtstate *hs = state_hurtstate_child(host, st, SYM_HurtboxState);
    ystate *prev = obj_prev_state(host);
    if (hs) hs->start_tick = (prev && st_name(prev) == SYM_DashForward) ? 0 : 3;
    state_setup_hurtboxes(host, st);
    return SYM_NONE;
}

static int dash_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ystate *prev = obj_prev_state(host);
    if (!(prev && st_name(prev) == SYM_DashForward)) {
        ydata *d = st_data(host, st);
        int32_t x = 0;
        if (d->kind == YD_DICT && d->n && ydata_get(d, SYM_x, SYM_NONE, &x) && x == 100)
            mutant_add_juke_pips(AS_F(host), 1);
    }
    return SYM_NONE;
}

const state_class mutant_dash_forward_class = {
    .name = "states.mutant.moves.MutantDashForward",
    .parent = &dash_class,
    .enter = dash_enter_,
    .frames = FRAMES({4, dash_frame_4}),
};

/* ------------------------------------------------------------------ SlopDash: an air dash usable from the ground */
static int slop_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    MUTANT(AS_F(host))->can_air_dash = false;
    return SYM_NONE;
}

static int slop_frame_0(ymatch *m, yobj *host, ystate *st) {
    if (obj_grounded(host)) {
        st->started_in_air = 1;
        fg_set_grounded(&host->chara, false);
        obj_move_directly(host, 0, FXI(-1));
    }
    return air_dash_frame_0(m, host, st);
}

static bool slop_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && MUTANT(AS_F(host))->can_air_dash;
}

const state_class mutant_slop_dash_class = {
    .name = "states.mutant.moves.SlopDash",
    .parent = &air_dash_class,
    .enter = slop_enter,
    .frames = FRAMES({0, slop_frame_0}),
    .is_usable = slop_is_usable,
};

/* ------------------------------------------------------------------ MutantTaunt (Taunt, JukeCharge "Howl") */
typedef struct {
    taunt_vars t;
    yflag charge;
} mutant_taunt_vars;

static void taunt_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(mutant_taunt_vars, host, st)->charge = prop_bool(NODE(st), P_charge, 0);
}

static int taunt_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(mutant_taunt_vars, host, st)->charge) {
        st->current_tick = 28;
        mutant_add_juke_pips(AS_F(host), JUKE_PIPS_PER_USE * 3);
        MUTANT(AS_F(host))->can_air_dash = true;
    }
    return SYM_NONE;
}

static int taunt_frame_24(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    mutant_add_juke_pips(AS_F(host), JUKE_PIPS_PER_USE);
    return SYM_NONE;
}

static int taunt_frame_44_(ymatch *m, yobj *host, ystate *st) {
    if (!ST_VARS(mutant_taunt_vars, host, st)->charge) {
        mutant_add_juke_pips(AS_F(host), JUKE_PIPS_PER_USE);
        taunt_frame_44(m, host, st);
    }
    return SYM_NONE;
}

const state_class mutant_taunt_class = {
    .name = "states.mutant.moves.MutantTaunt",
    .parent = &taunt_class,
    .vars_size = sizeof(mutant_taunt_vars),
    .construct = taunt_construct,
    .frames = FRAMES({1, taunt_frame_1}, {24, taunt_frame_24}, {34, taunt_frame_24}, {44, taunt_frame_44_}),
};

/* ------------------------------------------------------------------ BeastState: some moves need to be rising / falling */
typedef struct {
    yflag moving_up_only, moving_down_only, force_air_juke;
} beast_vars;

static void beast_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    beast_vars *v = ST_VARS(beast_vars, host, st);
    v->moving_up_only = prop_bool(NODE(st), P_moving_up_only, 0);
    v->moving_down_only = prop_bool(NODE(st), P_moving_down_only, 0);
    v->force_air_juke = prop_bool(NODE(st), P_force_air_juke, 0);
}

static bool beast_is_usable(ymatch *m, yobj *host, ystate *st) {
    if (!cs_is_usable(m, host, st)) return false;
    beast_vars *v = ST_VARS(beast_vars, host, st);
    if (MUTANT(AS_F(host))->install_ticks == 0 && (v->moving_up_only || v->moving_down_only)) {
        fx vy = host->data.vy;
        if (v->moving_down_only && !(vy >= 0)) return false;
        if (v->moving_up_only && !(vy < 0)) return false;
    }
    return true;
}

const state_class mutant_beast_state_class = {
    .name = "states.mutant.moves.BeastState",
    .parent = &character_state_class,
    .vars_size = sizeof(beast_vars),
    .construct = beast_construct,
    .is_usable = beast_is_usable,
};

/* (BeastState.gd's get_interrupt_from adds Grounded and Aerial while install_ticks > 0; nothing
 * in this build raises install_ticks above 0, so it changes nothing and is not written.) */

/* ------------------------------------------------------------------ helpers */
#define HOST_F(host) AS_F(host)
#define MV(host) MUTANT(AS_F(host))

/* host.xy_to_dir(x, y, mul) with the data's ints (str(x) / "100.0" * mul) */
static void xy_to_dir(ymatch *m, int32_t x, int32_t y, fx mul, fx *ox, fx *oy) {
    obj_xy_to_dir(m, FXI(x), FXI(y), mul, FXI(100), ox, oy);
}

/* CharacterHurtState.BOUNCE for a wall side (-1 left, anything else right) */
static int32_t wall_bounce(int wall) { return wall == -1 ? BOUNCE_LEFT_WALL : BOUNCE_RIGHT_WALL; }

/* ------------------------------------------------------------------ AirDashForward: a full-distance air dash earns a pip */
static int air_dash_forward_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ystate *prev = obj_prev_state(host);
    if (!(prev && st_name(prev) == SYM_AirDashForward)) {
        ydata *d = st_data(host, st);
        int32_t x = 0;
        if (ydata_truthy(d) && ydata_get(d, SYM_x, SYM_NONE, &x) && x == 100) mutant_add_juke_pips(HOST_F(host), 1);
    }
    return SYM_NONE;
}

const state_class mutant_air_dash_forward_class = {
    .name = "states.mutant.moves.AirDashForward",
    .parent = &dash_class,
    .frames = FRAMES({4, air_dash_forward_frame_4}),
};

/* ------------------------------------------------------------------ Swipe (Swipe, Swipe2): up/down variants, a frame later without initiative */
typedef struct {
    beast_vars b;
    yflag lagged;
} swipe_vars;

static int swipe_enter(ymatch *m, yobj *host, ystate *st) {
    int32_t y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return SYM_NONE;
    if (y == -1) return SYM_SwipeUp;
    if (y == 1) return SYM_SwipeDown;
    ST_VARS(swipe_vars, host, st)->lagged = false;
    return SYM_NONE;
}

static int swipe_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    swipe_vars *v = ST_VARS(swipe_vars, host, st);
    if (st->current_tick == 1 && !HOST_F(host)->initiative && !v->lagged) {
        st->current_tick = 0;
        v->lagged = true;
    }
    return SYM_NONE;
}

const state_class mutant_swipe_class = {
    .name = "states.mutant.moves.Swipe",
    .parent = &mutant_beast_state_class,
    .traits = T_FAST_SWIPE, /* IS_FAST_SWIPE: juking during it is slower (Beast.gd: tick) */
    .vars_size = sizeof(swipe_vars),
    .enter = swipe_enter,
    .tick = swipe_tick,
};

/* ------------------------------------------------------------------ SwipeAir (AirSpin, GroundToAirSpin "Shred") */
typedef struct {
    beast_vars b;
    yflag grounded;
} swipe_air_vars;

static void swipe_air_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(swipe_air_vars, host, st)->grounded = prop_bool(NODE(st), P_grounded, 0);
}

static int swipe_air_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->land_cancel_state = SYM_Landing;
    return SYM_NONE;
}

static int swipe_air_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    bool grounded = ST_VARS(swipe_air_vars, host, st)->grounded;
    if (st->current_tick < (!grounded ? 2 : 5) && host->combo_count <= 0) st->land_cancel_state = SYM_Landing;
    else st->land_cancel_state = SYM_ShredLandCancel;
    return SYM_NONE;
}

static int swipe_air_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(swipe_air_vars, host, st)->grounded) host->projectile_invulnerable = true;
    return SYM_NONE;
}

const state_class mutant_swipe_air_class = {
    .name = "states.mutant.moves.SwipeAir",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(swipe_air_vars),
    .construct = swipe_air_construct,
    .enter = swipe_air_enter,
    .tick = swipe_air_tick,
    .frames = FRAMES({4, swipe_air_frame_4}),
};

/* ------------------------------------------------------------------ OverheadClaw: creeps forward, projectile-invulnerable 4-12 */
static int overhead_claw_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (4 < st->current_tick && st->current_tick < 12) obj_move_directly_relative(host, FXI(3), 0);
    return SYM_NONE;
}

static int start_projectile_invulnerability(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int end_projectile_invulnerability(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

const state_class mutant_overhead_claw_class = {
    .name = "states.mutant.moves.OverheadClaw",
    .parent = &mutant_beast_state_class,
    .tick = overhead_claw_tick,
    .frames = FRAMES({4, start_projectile_invulnerability}, {13, end_projectile_invulnerability}),
};

/* ------------------------------------------------------------------ AirSwipe: a hit or a block lifts the Mutant */
#define AIR_SWIPE_HIT_LIFT FXI(-7)

static void air_swipe_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    obj_set_vel(host, host->data.vx, AIR_SWIPE_HIT_LIFT);
}

static void air_swipe_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_set_vel(host, host->data.vx, AIR_SWIPE_HIT_LIFT);
}

const state_class mutant_air_swipe_class = {
    .name = "states.mutant.moves.AirSwipe",
    .parent = &mutant_beast_state_class,
    .on_hit_something = air_swipe_on_hit_something,
    .on_got_blocked = air_swipe_on_got_blocked,
};

/* ------------------------------------------------------------------ ForwardDashFollowup ("Dash Attack"): backward input turns it around */
const state_class mutant_forward_dash_followup_class;

static bool fdf_goes_back(ymatch *m, yobj *host, ystate *st) {
    ydata *d = st_data(host, st);
    if (!ydata_truthy(d)) return false;
    return int_sign(st_data_int(m, host, st, SYM_x, SYM_NONE)) != obj_facing(host);
}

static int fdf_enter(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    fighter_update_facing(m, HOST_F(host));
    return SYM_NONE;
}

static void fdf_apply_enter_force(ymatch *m, yobj *host, ystate *st) {
    if (fdf_goes_back(m, host, st)) return;
    state_super(&mutant_forward_dash_followup_class)->apply_enter_force(m, host, st);
}

static int fdf_frame_0(ymatch *m, yobj *host, ystate *st) {
    if (fdf_goes_back(m, host, st)) {
        if (obj_facing(host) == fxs_sign(host->data.vx)) fg_reset_momentum(&host->chara);
        return SYM_ForwardDashBackFollowup;
    }
    host->projectile_invulnerable = true;
    st->apply_grav = 0; /* the state's export, until frame 6 */
    return SYM_NONE;
}

static int fdf_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    host->projectile_invulnerable = false;
    st->apply_grav = 1;
    return SYM_NONE;
}

const state_class mutant_forward_dash_followup_class = {
    .name = "states.mutant.moves.ForwardDashFollowup",
    .parent = &mutant_beast_state_class,
    .enter = fdf_enter,
    .apply_enter_force = fdf_apply_enter_force,
    .frames = FRAMES({0, fdf_frame_0}, {6, fdf_frame_6}),
};

/* ------------------------------------------------------------------ ForwardDashBackFollowup: passes through unless blocked */
static int fdbf_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    HOST_F(host)->colliding_with_opponent = false;
    return SYM_NONE;
}

static void fdbf_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    HOST_F(host)->colliding_with_opponent = true;
    fg_reset_momentum(&host->chara);
}

const state_class mutant_forward_dash_back_followup_class = {
    .name = "states.mutant.moves.ForwardDashBackFollowup",
    .parent = &mutant_beast_state_class,
    .frames = FRAMES({0, fdbf_frame_0}),
    .on_got_blocked = fdbf_on_got_blocked,
};

/* ------------------------------------------------------------------ CausticSpike: throws the spike toward the chosen direction */
#define SPIKE_PUSH FXI(10)
#define SPIKE_EXTRA_FORCE FXI(9)

typedef struct {
    beast_vars b;
    int32_t combo_lag;
} caustic_spike_vars;

static void caustic_spike_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *projectile) {
    int32_t x = st_data_int(m, host, st, SYM_x, SYM_NONE), y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return;
    fg_set_grounded(&projectile->o.chara, false);
    fx dx, dy;
    xy_to_dir(m, x, y, SPIKE_EXTRA_FORCE, &dx, &dy);
    obj_apply_force(&projectile->o, fxs_mul(SPIKE_PUSH, FXI(obj_facing(host))), 0);
    obj_apply_force(&projectile->o, dx, dy);
    mutant_spike_set_rotation(projectile, x, y);
    MV(host)->spike_projectile = projectile->o.number;
}

static int caustic_spike_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (host->combo_count > 0 && obj_grounded(host)) ST_VARS(caustic_spike_vars, host, st)->combo_lag = 4;
    return SYM_NONE;
}

static int caustic_spike_tick(ymatch *m, yobj *host, ystate *st) {
    caustic_spike_vars *v = ST_VARS(caustic_spike_vars, host, st);
    if (v->combo_lag > 0) {
        st->current_tick = 1;
        v->combo_lag--;
    }
    if (host->combo_count > 0 && st->started_in_air) {
        if (st->current_tick == 1) st->current_tick = 5;
        if (st->current_tick == 18) st_enable_interrupt(m, host, st, true, false);
    }
    return SYM_NONE;
}

const state_class mutant_caustic_spike_class = {
    .name = "states.mutant.moves.CausticSpike",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(caustic_spike_vars),
    .process_projectile = caustic_spike_process_projectile,
    .enter = caustic_spike_enter,
    .tick = caustic_spike_tick,
};

/* ------------------------------------------------------------------ AcidSlashJ ("Leap Slash", AcidSlashJUp with `up`): a leap at frame 9 */
typedef struct {
    beast_vars b;
    yflag up;
} acid_slash_j_vars;

static void acid_slash_j_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(acid_slash_j_vars, host, st)->up = prop_bool(NODE(st), P_up, 0);
}

static int acid_slash_j_enter(ymatch *m, yobj *host, ystate *st) {
    if (ydata_truthy(st_data(host, st)) && st_data_int(m, host, st, SYM_x, SYM_NONE) == 0) return SYM_AcidSlashJUp;
    return SYM_NONE;
}

static int acid_slash_j_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    bool up = ST_VARS(acid_slash_j_vars, host, st)->up;
    obj_set_vel(host, host->data.vx, 0);
    obj_move_directly(host, 0, FXI(-1));
    fx modifier = !obj_grounded(host) ? FXC(0.75) : FXC(0.85);
    fx force_x = !up ? FXI(13) : FXI(5);
    fx force_y = !up ? FXI(-13) : FXI(-16);
    obj_apply_force_relative(host, fxs_mul(force_x, modifier), fxs_mul(force_y, modifier));
    return SYM_NONE;
}

const state_class mutant_acid_slash_j_class = {
    .name = "states.mutant.moves.AcidSlashJ",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(acid_slash_j_vars),
    .construct = acid_slash_j_construct,
    .enter = acid_slash_j_enter,
    .frames = FRAMES({9, acid_slash_j_frame_9}),
};

/* ------------------------------------------------------------------ AcidSlashH: a lunge at frame 10 (none during a neutral juke) */
#define ACID_SLASH_H_FORCE_SPEED FXI(10)

typedef struct {
    beast_vars b;
    fx force_speed_;
} acid_slash_h_vars;

static void acid_slash_h_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(acid_slash_h_vars, host, st)->force_speed_ = ACID_SLASH_H_FORCE_SPEED;
}

static int acid_slash_h_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(acid_slash_h_vars, host, st)->force_speed_ =
        !mutant_is_neutral_juke(HOST_F(host)) ? ACID_SLASH_H_FORCE_SPEED : 0;
    return SYM_NONE;
}

static int acid_slash_h_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    obj_apply_force_relative(host, ST_VARS(acid_slash_h_vars, host, st)->force_speed_, 0);
    return SYM_NONE;
}

const state_class mutant_acid_slash_h_class = {
    .name = "states.mutant.moves.AcidSlashH",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(acid_slash_h_vars),
    .construct = acid_slash_h_construct,
    .frames = FRAMES({0, acid_slash_h_frame_0}, {10, acid_slash_h_frame_10}),
};

/* ------------------------------------------------------------------ BiteGrab ("Envenom"): creeps forward; a reversed bite starts 5 frames late */
#define BITE_MOVE_X FXI(2)
#define BITE_BACK_LAG 5

typedef struct {
    beast_vars b;
    int32_t back_lag;
} bite_grab_vars;

static int bite_grab_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(bite_grab_vars, host, st)->back_lag = HOST_F(host)->reverse_state ? BITE_BACK_LAG : 0;
    return SYM_NONE;
}

static int bite_grab_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    bite_grab_vars *v = ST_VARS(bite_grab_vars, host, st);
    if (v->back_lag > 0) {
        v->back_lag--;
        st->current_tick = 0;
    }
    if (st->current_tick < 13) obj_move_directly_relative(host, BITE_MOVE_X, 0);
    return SYM_NONE;
}

const state_class mutant_bite_grab_class = {
    .name = "states.mutant.moves.BiteGrab",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(bite_grab_vars),
    .enter = bite_grab_enter,
    .tick = bite_grab_tick,
};

/* ------------------------------------------------------------------ BiteThrow: its exported projectile is the Poison; proration at least 3 */
static int bite_throw_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (HOST_F(host)->combo_proration < 3) HOST_F(host)->combo_proration = 3;
    return SYM_NONE;
}

const state_class mutant_bite_throw_class = {
    .name = "states.mutant.moves.BiteThrow",
    .parent = &throw_state_class,
    .frames = FRAMES({0, bite_throw_frame_0}),
};

/* ------------------------------------------------------------------ ProjectileGrab ("Vault"): touching something bounces off it */
#define VAULT_JUMP_FORCE (-10)
#define VAULT_JUMP_HORIZ_SPEED FXI(7)
#define VAULT_FIGHTER_JUMP_FORCE (-5)
#define VAULT_BASE_JUMP_FORCE (-5)

typedef struct {
    beast_vars b;
    yflag jumped;
} projectile_grab_vars;

static int projectile_grab_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(projectile_grab_vars, host, st)->jumped = false;
    return SYM_NONE;
}

static void projectile_grab_detect(ymatch *m, yobj *host, ystate *st, yobj *obj) {
    projectile_grab_vars *v = ST_VARS(projectile_grab_vars, host, st);
    if (v->jumped) return;
    v->jumped = true;
    obj_set_vel(host, 0, 0);
    int32_t x = st_data_int(m, host, st, SYM_x, SYM_NONE), y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return;
    fx dx, dy;
    xy_to_dir(m, x, y, FX_ONE, &dx, &dy);
    fx dir_x = fxs_mul(dx, VAULT_JUMP_HORIZ_SPEED);
    int32_t jump_force = !obj->is_fighter ? VAULT_JUMP_FORCE : VAULT_FIGHTER_JUMP_FORCE;
    fx dir_y = fxs_neg(fxs_mul(dy, FXI(jump_force)));
    obj_apply_force(host, dir_x, dir_y);
    obj_apply_force(host, 0, FXI(VAULT_BASE_JUMP_FORCE));
    state_queue_change(m, host, st, SYM_ProjectileGrabJump, NULL);
    if (!obj->is_fighter) obj_apply_force(obj, 0, FXI(-VAULT_JUMP_FORCE));
}

const state_class mutant_projectile_grab_class = {
    .name = "states.mutant.moves.ProjectileGrab",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(projectile_grab_vars),
    .enter = projectile_grab_enter,
    .detect = projectile_grab_detect,
    .frames = FRAMES({5, start_projectile_invulnerability}, {16, end_projectile_invulnerability}),
};

/* ------------------------------------------------------------------ ProjectileGrabJump: three projectile-invulnerable frames */
const state_class mutant_projectile_grab_jump_class = {
    .name = "states.mutant.moves.ProjectileGrabJump",
    .parent = &character_state_class,
    .frames = FRAMES({0, start_projectile_invulnerability}, {3, end_projectile_invulnerability}),
};

/* ------------------------------------------------------------------ TwistAttack ("Corkscrew"): flies straight in the chosen direction
 * The hitbox and limb hurtbox are rotated toward the direction at entry; their x is
 * pre-multiplied by the facing because x_facing mirrors it again. */
#define TWIST_MOVE_SPEED FXI(11)
#define TWIST_HITBOX_X FXI(34)
#define TWIST_HURTBOX_X FXI(19)
#define TWIST_PIVOT_X 0
#define TWIST_PIVOT_Y (-15)

typedef struct {
    beast_vars b;
    fx move_x, move_y, dir_x, dir_y;
    int16_t hurtbox, hitbox, hitbox_2; /* get_child: indices in the host's limbs / hitboxes, -1 none */
    yflag moving;
} twist_vars;

static void twist_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    twist_vars *v = ST_VARS(twist_vars, host, st);
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox), *h2 = state_hitbox_child(host, st, SYM_Hitbox2);
    v->hitbox = (int16_t)(h ? h - obj_hitboxes(host) : -1);
    v->hitbox_2 = (int16_t)(h2 ? h2 - obj_hitboxes(host) : -1);
    v->hurtbox = -1;
    ylimb *limbs = obj_limbs(host);
    for (int i = st->st->lb_first; i < st->st->lb_first + st->st->lb_count; i++)
        if (limbs[i].name == SYM_LimbHurtbox) {
            v->hurtbox = (int16_t)i;
            break;
        }
}

static int twist_enter(ymatch *m, yobj *host, ystate *st) {
    twist_vars *v = ST_VARS(twist_vars, host, st);
    int facing = obj_facing(host);
    v->moving = false;
    int32_t x = st_data_int(m, host, st, SYM_x, SYM_NONE), y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return SYM_NONE;
    xy_to_dir(m, x, y, TWIST_MOVE_SPEED, &v->move_x, &v->move_y);
    v->dir_x = yfx_div(m, v->move_x, TWIST_MOVE_SPEED);
    v->dir_y = yfx_div(m, v->move_y, TWIST_MOVE_SPEED);
    fx angle = yfx_vec_to_angle(m, v->dir_x, v->dir_y);
    if (!YOK(m)) return SYM_NONE;
    fx hurt_x, hurt_y, hit_x, hit_y;
    yfx_rotate_vec(TWIST_HURTBOX_X, 0, angle, &hurt_x, &hurt_y);
    yfx_rotate_vec(TWIST_HITBOX_X, 0, angle, &hit_x, &hit_y);
    if (v->hurtbox < 0 || v->hitbox < 0 || v->hitbox_2 < 0) {
        yerr(m, YE_INTERNAL, "TwistAttack: a child (LimbHurtbox, Hitbox, Hitbox2) is missing");
        return SYM_NONE;
    }
    ylimb *hurtbox = &obj_limbs(host)[v->hurtbox];
    yhitbox *hitbox = &obj_hitboxes(host)[v->hitbox], *hitbox_2 = &obj_hitboxes(host)[v->hitbox_2];
    hurtbox->b.x = (fxs_round(hurt_x) + TWIST_PIVOT_X) * facing;
    hurtbox->b.y = fxs_round(hurt_y) + TWIST_PIVOT_Y;
    hitbox->b.x = (fxs_round(hit_x) + TWIST_PIVOT_X) * facing;
    hitbox->b.y = fxs_round(hit_y) + TWIST_PIVOT_Y;
    hitbox->dir_x = fxs_mul(v->dir_x, FXI(facing));
    hitbox->dir_y = !(v->dir_y > 0) ? v->dir_y : 0;
    hitbox_2->dir_x = hitbox->dir_x;
    hitbox_2->dir_y = hitbox->dir_y;
    hitbox->vacuum = 0;
    hitbox_2->vacuum = 0;
    return SYM_NONE;
}

static int twist_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->allow_framecheat = 1;
    st->next_state_on_hold_on_opponent_turn = 0;
    st->next_state_on_hold = 0;
    return SYM_NONE;
}

static int twist_frame_25(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->allow_framecheat = 0;
    st->next_state_on_hold_on_opponent_turn = 1;
    st->next_state_on_hold = 1;
    return SYM_NONE;
}

static int twist_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(twist_vars, host, st)->moving = true;
    return SYM_NONE;
}

static int twist_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fg_reset_momentum(&host->chara);
    return SYM_NONE;
}

static int twist_tick(ymatch *m, yobj *host, ystate *st) {
    twist_vars *v = ST_VARS(twist_vars, host, st);
    if (!v->moving) {
        st->apply_custom_grav = 1;
    } else {
        st->apply_custom_grav = 0;
        obj_move_directly(host, v->move_x, v->move_y);
        if (st->current_tick > 14 && obj_grounded(host) && v->move_y > 0) return SYM_Landing;
    }
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static void twist_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    twist_vars *v = ST_VARS(twist_vars, host, st);
    if (v->moving) obj_set_vel(host, v->move_x, v->move_y);
}

static bool twist_vars_ok(const yobj *host, const void *vars) {
    const twist_vars *v = vars;
    return v->hurtbox >= -1 && v->hurtbox < host->n_limbs && v->hitbox >= -1 && v->hitbox < host->n_hitboxes &&
           v->hitbox_2 >= -1 && v->hitbox_2 < host->n_hitboxes;
}

const state_class mutant_twist_attack_class = {
    .vars_ok = twist_vars_ok,
    .name = "states.mutant.moves.TwistAttack",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(twist_vars),
    .construct = twist_construct,
    .enter = twist_enter,
    .frames = FRAMES({0, twist_frame_0}, {6, twist_frame_6}, {10, twist_frame_10}, {25, twist_frame_25}),
    .tick = twist_tick,
    .exit = twist_exit,
};

/* ------------------------------------------------------------------ Shockwave: one shockwave on screen at a time */
static void shockwave_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *projectile) {
    (void)m;
    (void)st;
    MV(host)->shockwave_projectile = projectile->o.number;
}

static bool shockwave_usable(ymatch *m, yobj *host, ystate *st) {
    return MV(host)->shockwave_projectile == 0 && beast_is_usable(m, host, st);
}

const state_class mutant_shockwave_class = {
    .name = "states.mutant.moves.Shockwave",
    .parent = &mutant_beast_state_class,
    .process_projectile = shockwave_process_projectile,
    .is_usable = shockwave_usable,
};

/* ------------------------------------------------------------------ ThornBarrage (CausticBarrage, CausticBarrageAir with `air`)
 * From frame 5, one caustic thorn a frame, six in all, fanned over a 34-degree arc aimed 45
 * degrees up (down in the air). Quirk kept: facing left the thorn index counts 6..1 instead
 * of 0..5, so the fan is shifted by one step (the last thorn is aimed past the arc). */
#define CAUSTIC_THORN_SCENE "characters/mutant/projectiles/CausticThorn.tscn"
#define BARRAGE_ARC FXI(34)
#define BARRAGE_AIM FXI(45)
#define BARRAGE_NUM_PROJECTILES 6
#define BARRAGE_PROJECTILES_PER_FRAME 1
#define BARRAGE_JUMP_FORCE (-3)
#define BARRAGE_GROUND_JUMP_FORCE (-6)
#define BARRAGE_GROUND_JUMP_FORCE_HORIZ (-1)

typedef struct {
    beast_vars b;
    int32_t projectiles_left;
    int16_t thorn_scene; /* the object table of CAUSTIC_THORN_SCENE (-1: not in the tables) */
    yflag air;
} thorn_barrage_vars;

static void thorn_barrage_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    thorn_barrage_vars *v = ST_VARS(thorn_barrage_vars, host, st);
    v->air = prop_bool(NODE(st), P_air, 0);
    v->thorn_scene = (int16_t)object_table_index(CAUSTIC_THORN_SCENE); /* once, when the template is built */
}

static int thorn_barrage_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    thorn_barrage_vars *v = ST_VARS(thorn_barrage_vars, host, st);
    v->projectiles_left = BARRAGE_NUM_PROJECTILES;
    if (v->air) {
        if (obj_grounded(host)) obj_apply_force(host, FXI(BARRAGE_GROUND_JUMP_FORCE_HORIZ), FXI(BARRAGE_GROUND_JUMP_FORCE));
        else obj_apply_force(host, 0, FXI(BARRAGE_JUMP_FORCE));
    }
    return SYM_NONE;
}

static void spawn_thorn(ymatch *m, yobj *host, thorn_barrage_vars *v) {
    int facing = obj_facing(host);
    int32_t index = facing > 0 ? BARRAGE_NUM_PROJECTILES - v->projectiles_left : v->projectiles_left;
    fx ratio = yfx_div(m, FXI(index), FXI(BARRAGE_NUM_PROJECTILES - 1));
    fx arc = mutant_fx_deg2rad(BARRAGE_ARC);
    fx angle = fxs_add(fxs_lerp(fxs_mul(arc, FXC(0.5)), fxs_mul(arc, FXC(-0.5)), ratio),
                       fxs_mul(mutant_fx_deg2rad(BARRAGE_AIM), FXI(facing)));
    if (v->air) angle = fxs_neg(angle);
    fx vx, vy;
    yfx_rotate_vec(0, !v->air ? FXI(-1) : FX_ONE, angle, &vx, &vy);
    ydata data;
    ydata_none(&data);
    if (!ydata_set_fx(m, &data, SYM_dir, SYM_x, vx) || !ydata_set_fx(m, &data, SYM_dir, SYM_y, vy) ||
        !ydata_set_fx(m, &data, SYM_angle, SYM_NONE, angle))
        return;
    obj_spawn(m, host, v->thorn_scene, -8, !v->air ? -16 : -32, true, &data, true);
}

static int thorn_barrage_tick(ymatch *m, yobj *host, ystate *st) {
    thorn_barrage_vars *v = ST_VARS(thorn_barrage_vars, host, st);
    for (int i = 0; i < BARRAGE_PROJECTILES_PER_FRAME; i++)
        if (v->projectiles_left > 0) {
            spawn_thorn(m, host, v);
            if (!YOK(m)) return SYM_NONE;
            v->projectiles_left--;
        }
    return SYM_NONE;
}

const state_class mutant_thorn_barrage_class = {
    .name = "states.mutant.moves.ThornBarrage",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(thorn_barrage_vars),
    .construct = thorn_barrage_construct,
    .frames = FRAMES({5, thorn_barrage_frame_5}),
    .tick = thorn_barrage_tick,
};

/* ------------------------------------------------------------------ WallTrick ("Pounce"): a jump that picks its follow-up from the direction
 * Up-forward inputs follow up with WallTrickFollowup, diagonals with ...Followup2, straight
 * down with ...Followup3; off a wall it jumps three frames sooner. */
#define WT_MOVE_X_1 FXI(-3)
#define WT_MOVE_Y_1 FXI(-1)
#define WT_MOVE_X_2 FXI(-1)
#define WT_MOVE_Y_2 FXI(-1)
#define WT_MOVE_SPEED_1 FXI(25)
#define WT_MOVE_SPEED_2 FXI(19)
#define WT_JUMP_TICK 4
#define WT_AIR_ADVANTAGE (WT_JUMP_TICK - 1)
#define WT_DOWN_TICK 7

typedef struct {
    beast_vars b;
    int32_t air_advantage;
    yflag down;
} wall_trick_vars;

static int wall_trick_enter(ymatch *m, yobj *host, ystate *st) {
    wall_trick_vars *v = ST_VARS(wall_trick_vars, host, st);
    fg_reset_momentum(&host->chara);
    int wall = fighter_touching_which_wall(HOST_F(host));
    v->air_advantage = (wall != 0 && obj_facing(host) != wall) ? WT_AIR_ADVANTAGE : 0;
    ydata *data = st_data(host, st);
    if (data->kind == YD_NONE) ydata_xy(data, 1, 0);
    int32_t x = st_data_int(m, host, st, SYM_x, SYM_NONE), y = st_data_int(m, host, st, SYM_y, SYM_NONE);
    if (!YOK(m)) return SYM_NONE;
    if (y == 0) st->fallback_state = SYM_WallTrickFollowup;
    else if (int_abs(x) == 1) st->fallback_state = SYM_WallTrickFollowup2;
    else st->fallback_state = SYM_WallTrickFollowup3;
    v->down = y == 1 && x == 0;
    return SYM_NONE;
}

static int wall_trick_tick(ymatch *m, yobj *host, ystate *st) {
    wall_trick_vars *v = ST_VARS(wall_trick_vars, host, st);
    bool straight = st_data_int(m, host, st, SYM_y, SYM_NONE) == 0;
    if (!YOK(m)) return SYM_NONE;
    if (st->current_tick > (WT_JUMP_TICK - 1) - v->air_advantage) {
        fx mx, my;
        fxs_normalized_times(straight ? WT_MOVE_X_1 : WT_MOVE_X_2, straight ? WT_MOVE_Y_1 : WT_MOVE_Y_2,
                             straight ? WT_MOVE_SPEED_1 : WT_MOVE_SPEED_2, &mx, &my);
        obj_set_vel(host, fxs_mul(mx, FXI(obj_facing(host))), my);
        if (st->current_tick > WT_JUMP_TICK - v->air_advantage) {
            if ((fighter_touching_which_wall(HOST_F(host)) != 0 && !obj_grounded(host)) ||
                st->current_tick >= st->anim_length - 1 || (v->down && st->current_tick >= WT_DOWN_TICK))
                return st->fallback_state;
        }
    }
    return SYM_NONE;
}

static int wall_trick_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->throw_invulnerable = true;
    if (mutant_is_neutral_juke(HOST_F(host))) MV(host)->juke_ticks += 2;
    return SYM_NONE;
}

static int wall_trick_frame_8(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    host->throw_invulnerable = false;
    return SYM_NONE;
}

static void wall_trick_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fg_reset_momentum(&host->chara);
}

const state_class mutant_wall_trick_class = {
    .name = "states.mutant.moves.WallTrick",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(wall_trick_vars),
    .enter = wall_trick_enter,
    .tick = wall_trick_tick,
    .frames = FRAMES({0, wall_trick_frame_0}, {1, start_projectile_invulnerability}, {8, wall_trick_frame_8}),
    .exit = wall_trick_exit,
};

/* ------------------------------------------------------------------ WallTrickFollowup (1-3): the pounce itself
 * Flies at a fixed velocity from frame 4; on landing it recovers (Landing) if it hit or was
 * blocked, or if it went straight down, and rolls out (PounceFailRoll) if not; a wall in
 * front slams it, and a miss in the air rolls out after frame 11. */
typedef struct {
    beast_vars b;
    fx move_x_, move_y_, move_speed; /* exports */
    fx move_x, move_y;
    yflag hit_opponent;
} wall_trick_followup_vars;

static void wtf_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    wall_trick_followup_vars *v = ST_VARS(wall_trick_followup_vars, host, st);
    const ynode *n = NODE(st);
    v->move_x_ = prop_fx(n, P_move_x_, "2");
    v->move_y_ = prop_fx(n, P_move_y_, "0.5");
    v->move_speed = prop_fx(n, P_move_speed, "37");
}

static int wtf_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    wall_trick_followup_vars *v = ST_VARS(wall_trick_followup_vars, host, st);
    v->hit_opponent = false;
    fx mx, my;
    fxs_normalized_times(v->move_x_, v->move_y_, v->move_speed, &mx, &my);
    v->move_x = fxs_mul(mx, FXI(obj_facing(host)));
    v->move_y = my;
    return SYM_NONE;
}

static int wtf_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    int wall = fighter_touching_which_wall(HOST_F(host));
    if (wall != 0) {
        obj_set_facing(m, host, -wall, false);
        if (HOST_F(host)->reverse_state) obj_set_facing(m, host, wall, false);
    }
    return SYM_NONE;
}

static int wtf_tick(ymatch *m, yobj *host, ystate *st) {
    wall_trick_followup_vars *v = ST_VARS(wall_trick_followup_vars, host, st);
    if (st->current_tick > 3) {
        obj_set_vel(host, v->move_x, v->move_y);
        if (obj_grounded(host) || host->data.py > -2) {
            obj_set_pos(host, host->data.px, 0);
            return (v->hit_opponent || v->move_x == 0) ? SYM_Landing : SYM_PounceFailRoll;
        }
    }
    if (!v->hit_opponent && v->move_x != 0) {
        int wall = fighter_touching_which_wall(HOST_F(host));
        if (wall != 0) {
            if (wall == obj_facing(host)) state_queue_change_int(m, host, st, SYM_WallSlam, wall_bounce(wall));
        } else if (st->current_tick > 11) {
            state_queue_change(m, host, st, SYM_PounceFailRoll, NULL);
        }
    }
    return SYM_NONE;
}

static void wtf_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    if (obj->is_fighter) ST_VARS(wall_trick_followup_vars, host, st)->hit_opponent = true;
}

static void wtf_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(wall_trick_followup_vars, host, st)->hit_opponent = true;
}

static void wtf_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    wall_trick_followup_vars *v = ST_VARS(wall_trick_followup_vars, host, st);
    obj_set_vel(host, v->move_x, v->move_y);
    if (obj_grounded(host)) {
        /* Quirk kept: get_vel() reads the cached snapshot, not the velocity just set. */
        obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.33)), host->data.vy);
    }
}

const state_class mutant_wall_trick_followup_class = {
    .name = "states.mutant.moves.WallTrickFollowup",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(wall_trick_followup_vars),
    .construct = wtf_construct,
    .enter = wtf_enter,
    .frames = FRAMES({0, wtf_frame_0}),
    .tick = wtf_tick,
    .on_hit_something = wtf_on_hit_something,
    .on_got_blocked = wtf_on_got_blocked,
    .exit = wtf_exit,
};

/* ------------------------------------------------------------------ PounceFailRoll: a missed pounce tumbles into a knockdown
 * Quirk kept: the wall test compares the touched wall (0 for none) with the sign of the
 * velocity, so a tumble with no horizontal velocity away from any wall also wall-slams (as if
 * into the right wall). */
#define POUNCE_FAIL_VEL_MUL FXC(0.5)

static int pounce_fail_roll_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_set_vel(host, fxs_mul(host->data.vx, POUNCE_FAIL_VEL_MUL), fxs_mul(host->data.vy, POUNCE_FAIL_VEL_MUL));
    return SYM_NONE;
}

static int pounce_fail_roll_tick(ymatch *m, yobj *host, ystate *st) {
    if (obj_grounded(host) && st->current_tick > 8) return SYM_Knockdown;
    int wall = fighter_touching_which_wall(HOST_F(host));
    if (wall == fxs_sign(host->data.vx)) state_queue_change_int(m, host, st, SYM_WallSlam, wall_bounce(wall));
    return SYM_NONE;
}

const state_class mutant_pounce_fail_roll_class = {
    .name = "states.mutant.moves.PounceFailRoll",
    .parent = &mutant_beast_state_class,
    .enter = pounce_fail_roll_enter,
    .tick = pounce_fail_roll_tick,
};

/* ------------------------------------------------------------------ DashThroughAttack ("Sneak Attack"): dashes through and turns around
 * Between frames 4 and 11, once the opponent is behind and at least 40 px away, it tracks back
 * toward them at 7 px/frame. Quirk kept: its hit handler replaces CharacterState's without
 * calling it, so a hit records nothing (no hit_yet / combo staling entry, no penalty relief)
 * and opens no hit-cancel window. */
#define DTA_TRACKING_SPEED 7
#define DTA_MIN_TRACKING_SPEED 40

typedef struct {
    beast_vars b;
    int32_t starting_dir;
    yflag tracking, tracked_yet;
} dash_through_vars;

static int dta_frame_0(ymatch *m, yobj *host, ystate *st) {
    dash_through_vars *v = ST_VARS(dash_through_vars, host, st);
    v->tracking = false;
    v->tracked_yet = false;
    HOST_F(host)->colliding_with_opponent = false;
    st->apply_grav = 0; /* the state's export, until frame 13 */
    v->starting_dir = fighter_opponent_dir(m, HOST_F(host));
    return SYM_NONE;
}

static int dta_frame_15(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.15)), 0);
    return SYM_NONE;
}

static int dta_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_turn_around(m, host);
    return SYM_NONE;
}

static int dta_tick(ymatch *m, yobj *host, ystate *st) {
    dash_through_vars *v = ST_VARS(dash_through_vars, host, st);
    yfighter *f = HOST_F(host);
    fx vx = host->data.vx, vy = host->data.vy;
    int32_t lx, ly;
    obj_local_pos(m, host, &FOPP(m, f)->o, &lx, &ly);
    int32_t opp_dist = (int32_t)int_abs(lx);
    if (3 < st->current_tick && st->current_tick < 12 && !v->tracked_yet) {
        if (fighter_opponent_dir(m, f) != v->starting_dir && opp_dist >= DTA_MIN_TRACKING_SPEED) {
            v->tracking = true;
            v->tracked_yet = true;
            obj_set_vel(host, vx, 0);
            obj_update_data(m, host);
            vx = host->data.vx;
            vy = host->data.vy;
        }
    }
    if (v->tracking && opp_dist >= DTA_MIN_TRACKING_SPEED) {
        obj_set_vel(host, FXI(-v->starting_dir * DTA_TRACKING_SPEED), vy);
        if (fighter_opponent_dir(m, f) == v->starting_dir) v->tracking = false;
    }
    (void)vx;
    return SYM_NONE;
}

static int dta_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    HOST_F(host)->colliding_with_opponent = true;
    return SYM_NONE;
}

static int dta_frame_13(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->apply_grav = 1;
    return SYM_NONE;
}

static void dta_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)m;
    (void)obj;
    (void)hb;
    ST_VARS(dash_through_vars, host, st)->tracking = false;
    obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.75)), 0);
}

static void dta_got_parried(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.75)), 0);
}

const state_class mutant_dash_through_attack_class = {
    .name = "states.mutant.moves.DashThroughAttack",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(dash_through_vars),
    .frames = FRAMES({0, dta_frame_0}, {6, dta_frame_6}, {10, dta_frame_10}, {13, dta_frame_13}, {15, dta_frame_15}),
    .tick = dta_tick,
    .on_hit_something = dta_on_hit_something,
    .got_parried = dta_got_parried,
};

/* ------------------------------------------------------------------ Rebirth: pulls a detected opponent in; a hit or block heals 25
 * Quirk kept: the heal is a plain hp += 25 with no cap, so it can take the Mutant above its
 * maximum HP. */
#define REBIRTH_PULL_SPEED FXC(1.5)
#define REBIRTH_REGEN 25

typedef struct {
    beast_vars b;
    yflag pulling;
} rebirth_vars;

static int rebirth_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(rebirth_vars, host, st)->pulling = false;
    return SYM_NONE;
}

static int rebirth_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_set_vel(host, host->data.vx, 0);
    return SYM_NONE;
}

static void rebirth_detect(ymatch *m, yobj *host, ystate *st, yobj *obj) {
    if (obj == &FOPP(m, HOST_F(host))->o) ST_VARS(rebirth_vars, host, st)->pulling = true;
}

static int rebirth_tick(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(rebirth_vars, host, st)->pulling) {
        yfighter *opponent = FOPP(m, HOST_F(host));
        fx dx, dy, fx_, fy;
        fighter_opponent_dir_vec(m, opponent, &dx, &dy);
        fxs_vec_mul(dx, dy, REBIRTH_PULL_SPEED, &fx_, &fy);
        obj_apply_force(&opponent->o, fx_, !obj_grounded(&opponent->o) ? fy : 0);
    }
    return SYM_NONE;
}

static void rebirth_regenerate(yobj *host, ystate *st) {
    yfighter *f = HOST_F(host);
    fighter_refresh_air_movements(f);
    mutant_add_juke_pips(f, JUKE_PIPS_PER_USE - 1);
    ST_VARS(rebirth_vars, host, st)->pulling = false;
    f->hp += REBIRTH_REGEN; /* Quirk kept: no cap */
}

static void rebirth_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    rebirth_regenerate(host, st);
}

static int rebirth_frame_14(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(rebirth_vars, host, st)->pulling = false;
    return SYM_NONE;
}

static void rebirth_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    if (obj->is_fighter) rebirth_regenerate(host, st);
}

const state_class mutant_rebirth_class = {
    .name = "states.mutant.moves.Rebirth",
    .parent = &mutant_beast_state_class,
    .vars_size = sizeof(rebirth_vars),
    .enter = rebirth_enter,
    .frames = FRAMES({0, rebirth_frame_0}, {14, rebirth_frame_14}),
    .detect = rebirth_detect,
    .tick = rebirth_tick,
    .on_got_blocked = rebirth_on_got_blocked,
    .on_hit_something = rebirth_on_hit_something,
};

