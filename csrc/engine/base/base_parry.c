/* Blocking and parrying. Mirrors states/base/parry.py (Parry.gd, class ParryState: ParryAir,
 * Shield*; NewParry.gd, class GroundedParryState: ParryHigh, ParryAfterWhiff, ParryAuto,
 * ParryLow, ParrySuper). What a block does to both fighters is combat_block_hitbox. */
#include "base.h"
#include "engine.h"

#define PUSHBLOCK_PROJECTILE_FREEZE_FRAMES 9

static bool height_matches(int hit_height, int parry_type) {
    if (hit_height == HH_HIGH || hit_height == HH_MID) return parry_type == PARRY_HIGH || parry_type == PARRY_BOTH;
    if (hit_height == HH_LOW) return parry_type == PARRY_LOW || parry_type == PARRY_BOTH;
    return false;
}

/* ------------------------------------------------------------------ ParryState */
static void parry_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    parry_vars *v = ST_VARS(parry_vars, host, st);
    v->can_parry = prop_bool(NODE(st), P_can_parry, 1);
    v->parry_type = (int32_t)prop_int(NODE(st), P_parry_type, PARRY_HIGH);
    v->initial_parry_type = v->parry_type; /* _ready */
    v->perfect = true;
}

static int parry_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    parry_vars *v = ST_VARS(parry_vars, host, st);
    host->throw_invulnerable = false;
    v->started_in_combo = host->combo_count > 0;
    st->endless = 0;
    v->perfect = true;
    v->parry_type = v->initial_parry_type;
    v->parry_active = true;
    v->parry_tick = 0;
    v->parried = false;
    st->interruptible_on_opponent_turn = 0;
    st->anim_length = 20;
    st->iasa_at = -1;
    return SYM_NONE;
}

static bool parry_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && st_name(obj_state(host)) != SYM_WhiffInstantCancel;
}

static int parry_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    parry_vars *v = ST_VARS(parry_vars, host, st);
    if (v->can_parry && !v->parried && v->perfect) v->parry_active = false;
    return SYM_NONE;
}

static void parry_parry(ymatch *m, yobj *host, ystate *st, bool perfect) {
    parry_vars *v = ST_VARS(parry_vars, host, st);
    perfect = perfect && v->can_parry;
    if (perfect) {
        st_enable_interrupt(m, host, st, true, false);
    } else {
        v->parry_type = PARRY_BOTH;
        host->throw_invulnerable = true;
    }
    AS_F(host)->parried = true;
    v->parried = true;
    v->perfect = perfect;
}

static bool parry_can_parry_hitbox(ymatch *m, yobj *host, ystate *st, const yhbd *hb) {
    (void)m;
    parry_vars *v = ST_VARS(parry_vars, host, st);
    if (!v->perfect) return true;
    if (!hb || !st->active || !v->parry_active) return false;
    return height_matches(hb->hit_height, v->parry_type);
}

static int parry_tick(ymatch *m, yobj *host, ystate *st) {
    parry_vars *v = ST_VARS(parry_vars, host, st);
    obj_apply_fric(m, host);
    if (st->air_type == 1) obj_apply_grav(m, host);
    if (host->combo_count > 0 && st->current_tick > 30 && v->parried) {
        st_enable_interrupt(m, host, st, true, false);
        return st->fallback_state;
    }
    obj_apply_forces(m, host);
    if (st->current_tick >= 10 && v->perfect && v->can_parry) v->parry_active = false;
    return SYM_NONE;
}

static void parry_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->blocked_last_hit = false;
}

const state_class parry_state_class = {
    .name = "states.base.parry.ParryState",
    .parent = &character_state_class,
    .vars_size = sizeof(parry_vars),
    .traits = T_PARRY,
    .construct = parry_construct,
    .frames = FRAMES({0, parry_frame_0}, {10, parry_frame_10}),
    .is_usable = parry_is_usable,
    .parry = parry_parry,
    .can_parry_hitbox = parry_can_parry_hitbox,
    .tick = parry_tick,
    .exit = parry_exit,
};

/* ------------------------------------------------------------------ GroundedParryState */
static void gp_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    const ynode *n = NODE(st);
    v->push = prop_bool(n, P_push, 0);
    v->use_guard_sprites = prop_bool(n, P_use_guard_sprites, 0);
    v->autoguard = prop_bool(n, P_autoguard, 0);
    v->disable_aerial_movement = prop_bool(n, P_disable_aerial_movement, 0);
    v->reblock = prop_bool(n, P_reblock, 0);
    v->disable_aerial_movement_initial = v->disable_aerial_movement; /* _ready */
    st->fallback_state = SYM_ParryAfterWhiff;                       /* _ready overrides the export */
}

static bool gp_get_whiffed_block(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    ystate *prev = obj_prev_state(host);
    if (prev && st_is(prev, T_NEW_PARRY)) {
        grounded_parry_vars *pv = ST_VARS(grounded_parry_vars, host, prev);
        return !pv->parried_last && !pv->autoguard && host->combo_count <= 0;
    }
    return false;
}

static void gp_start(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    int32_t height = 0;
    ydata_get(st_data(host, st), SYM_Block_Height, SYM_y, &height);
    v->p.started_in_combo = host->combo_count > 0;
    st->endless = 0;
    v->p.perfect = true;
    v->p.parry_type = height == 0 ? PARRY_HIGH : PARRY_LOW;
    v->p.parry_active = true;
    v->p.parry_tick = 0;
    v->p.parried = false;
    st->interruptible_on_opponent_turn = host->combo_count <= 0;
    st->anim_length = 20 + v->extra_iasa;
    st->iasa_at = -1;
    AS_F(host)->blocked_hitbox_plus_frames = 0;
    int high_anim = v->use_guard_sprites ? SYM_ShieldHigh : SYM_ParryHigh;
    int low_anim = v->use_guard_sprites ? SYM_ShieldLow : SYM_ParryLow;
    if (obj_grounded(host)) st->anim_name = (uint16_t)(height == 0 ? high_anim : low_anim);
    else st->anim_name = (uint16_t)low_anim;
}

static int gp_enter(ymatch *m, yobj *host, ystate *st) {
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    ydata *d = st_data(host, st);
    if (d->kind == YD_NONE) {
        ydata_none(d);
        ydata_set(m, d, SYM_Melee_Parry_Timing, SYM_count, YD_INT, 0);
        ydata_set(m, d, SYM_Block_Height, SYM_x, YD_INT, 1);
        ydata_set(m, d, SYM_Block_Height, SYM_y, YD_INT, 0);
    }
    v->extra_iasa = 0;
    v->disable_aerial_movement = v->disable_aerial_movement_initial;
    gp_start(m, host, st);
    return SYM_NONE;
}

static int gp_get_hold_restart(ymatch *m, yobj *host, ystate *st) {
    return gp_get_whiffed_block(m, host, st) ? SYM_ParryAfterWhiff : SYM_ParryHigh;
}

static int gp_frame_0(ymatch *m, yobj *host, ystate *st) {
    gp_start(m, host, st);
    ystate *prev = obj_prev_state(host);
    if (!(prev && st_is(prev, T_NEW_PARRY)) || !prev) ST_VARS(grounded_parry_vars, host, st)->punishable = false;
    return SYM_NONE;
}

static int gp_frame_10(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    (void)st;
    return SYM_NONE;
}

static bool gp_is_usable(ymatch *m, yobj *host, ystate *st) {
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    ystate *cur = obj_state(host);
    bool whiffed_block_last = false;
    if (cur && st_is(cur, T_NEW_PARRY)) {
        grounded_parry_vars *cv = ST_VARS(grounded_parry_vars, host, cur);
        whiffed_block_last = !cv->p.parried && !cv->autoguard && host->combo_count <= 0;
    }
    return cs_is_usable(m, host, st) && st_name(cur) != SYM_WhiffInstantCancel &&
           ((v->reblock ? whiffed_block_last : !whiffed_block_last) || v->push);
}

static void gp_on_continue(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(grounded_parry_vars, host, st)->punishable = true;
}

static bool gp_matches_hitbox_height(ymatch *m, yobj *host, ystate *st, const yhbd *hb, int parry_type) {
    (void)m;
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    if (v->push) return true;
    if (parry_type < 0) parry_type = v->p.parry_type;
    return height_matches(hb->hit_height, parry_type);
}

static void gp_parry(ymatch *m, yobj *host, ystate *st, bool perfect) {
    yfighter *f = AS_F(host);
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    perfect = perfect && v->p.can_parry;
    if (perfect) {
        v->disable_aerial_movement = false;
        st_enable_interrupt(m, host, st, true, false);
        combat_set_block_stun(f, FOPP(m, f), 0, false, 0);
        f->blocked_hitbox_plus_frames = 0;
    } else {
        v->p.parry_type = PARRY_BOTH;
        host->throw_invulnerable = true;
    }
    f->parried = true;
    v->p.parried = true;
    v->parried_last = true;
    v->p.perfect = perfect;
}

static bool gp_can_parry_hitbox(ymatch *m, yobj *host, ystate *st, const yhbd *hb) {
    (void)m;
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    if (v->punishable) return false;
    if (!v->p.perfect) return true;
    if (!hb || !st->active || !v->p.parry_active) return false;
    if (v->p.started_in_combo && host->combo_count <= 0) return false;
    return true;
}

static int gp_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    if (host->combo_count > 0 && st->current_tick > 60 && v->p.parried) {
        st_enable_interrupt(m, host, st, true, false);
        return st->fallback_state;
    }
    obj_apply_forces(m, host);
    f->parry_knockback_divisor = FXC(1.5);
    yobj *oh = &FOPP(m, f)->o;
    ystate *os = obj_state(oh);
    if (st_is(os, T_NEW_PARRY)) {
        int stop_early_tick = 14;
        if (!v->push && !ST_VARS(grounded_parry_vars, oh, os)->push) stop_early_tick = 4;
        if (st->current_tick == stop_early_tick) st_enable_interrupt(m, host, st, true, false);
    }
    if (f->hp <= 0) return SYM_Wait;
    return SYM_NONE;
}

/* a push block's detect box freezes incoming projectiles */
static void gp_detect(ymatch *m, yobj *host, ystate *st, yobj *obj) {
    (void)m;
    (void)host;
    (void)st;
    if (obj && !obj->is_fighter && obj->hitlag_ticks <= 0) obj->hitlag_ticks += PUSHBLOCK_PROJECTILE_FREEZE_FRAMES;
}

static void gp_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    grounded_parry_vars *v = ST_VARS(grounded_parry_vars, host, st);
    v->p.parry_active = false;
    v->parried_last = v->p.parried;
    AS_F(host)->blocked_last_hit = false;
}

static void juggle_exceptions(ymatch *m, yobj *host, ystate *st) {
    st_remove_exception(st, SYM_AerialMovement);
    if (ST_VARS(grounded_parry_vars, host, st)->disable_aerial_movement) st_append_exception(m, st, SYM_AerialMovement);
}

static void gp_on_interrupt(ymatch *m, yobj *host, ystate *st) { juggle_exceptions(m, host, st); }

static void gp_enable_interrupt(ymatch *m, yobj *host, ystate *st, bool check_opponent, bool remove_hitlag) {
    juggle_exceptions(m, host, st);
    cs_enable_interrupt(m, host, st, check_opponent, remove_hitlag);
}

const state_class grounded_parry_state_class = {
    .name = "states.base.parry.GroundedParryState",
    .parent = &parry_state_class,
    .vars_size = sizeof(grounded_parry_vars),
    .traits = T_NEW_PARRY,
    .construct = gp_construct,
    .get_whiffed_block = gp_get_whiffed_block,
    .enter = gp_enter,
    .get_hold_restart = gp_get_hold_restart,
    .frames = FRAMES({0, gp_frame_0}, {10, gp_frame_10}),
    .is_usable = gp_is_usable,
    .on_continue = gp_on_continue,
    .matches_hitbox_height = gp_matches_hitbox_height,
    .parry = gp_parry,
    .can_parry_hitbox = gp_can_parry_hitbox,
    .tick = gp_tick,
    .detect = gp_detect,
    .exit = gp_exit,
    .on_interrupt = gp_on_interrupt,
    .enable_interrupt = gp_enable_interrupt,
};
