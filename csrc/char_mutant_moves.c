/* Mutant moves in C. Mirrors (a part of) states/mutant/moves.py: the base-state overrides
 * (Roll, OffensiveBurst, DashForward, SlopDash, Taunt), the BeastState base, and the
 * is_usable rules the action menu needs ("[legality]" classes: the move itself is not
 * written in C yet). */
#include "char_mutant.h"

#define JUKE_PIPS_PER_USE 2
#define DOWN_ROLL_SPEED FXI(10)

/* ------------------------------------------------------------------ MutantRoll: can go down (and land-cancel) */
typedef struct {
    roll_vars r;
    bool down;
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

static const state_class mutant_roll_class = {
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

static const state_class mutant_offensive_burst_class = {
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

static const state_class mutant_dash_forward_class = {
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

static const state_class slop_dash_class = {
    .name = "states.mutant.moves.SlopDash",
    .parent = &air_dash_class,
    .enter = slop_enter,
    .frames = FRAMES({0, slop_frame_0}),
    .is_usable = slop_is_usable,
};

/* ------------------------------------------------------------------ MutantTaunt (Taunt, JukeCharge "Howl") */
typedef struct {
    taunt_vars t;
    bool charge;
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

static const state_class mutant_taunt_class = {
    .name = "states.mutant.moves.MutantTaunt",
    .parent = &taunt_class,
    .vars_size = sizeof(mutant_taunt_vars),
    .construct = taunt_construct,
    .frames = FRAMES({1, taunt_frame_1}, {24, taunt_frame_24}, {34, taunt_frame_24}, {44, taunt_frame_44_}),
};

/* ------------------------------------------------------------------ BeastState: some moves need to be rising / falling */
typedef struct {
    bool moving_up_only, moving_down_only, force_air_juke;
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

static const state_class beast_state_class = {
    .name = "states.mutant.moves.BeastState",
    .parent = &character_state_class,
    .vars_size = sizeof(beast_vars),
    .construct = beast_construct,
    .is_usable = beast_is_usable,
};

static bool shockwave_usable(ymatch *m, yobj *host, ystate *st) {
    return MUTANT(AS_F(host))->shockwave_projectile == 0 && beast_is_usable(m, host, st);
}

static const state_class shockwave_class = {
    .name = "states.mutant.moves.Shockwave[legality]",
    .parent = &beast_state_class,
    .is_usable = shockwave_usable,
};

#define S "characters/mutant/states/"
const yscript_entry mutant_scripts[] = {
    {S "Roll.gd", &mutant_roll_class},
    {S "OffensiveBurst.gd", &mutant_offensive_burst_class},
    {S "DashForward.gd", &mutant_dash_forward_class},
    {S "SlopDash.gd", &slop_dash_class},
    {S "Taunt.gd", &mutant_taunt_class},
    {S "BeastState.gd", &beast_state_class},
    {"BeastState", &beast_state_class},
    {S "Shockwave.gd", &shockwave_class},
    {0, 0},
};
#undef S
