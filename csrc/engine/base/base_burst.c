/* Bursts. Mirrors states/base/burst.py (Burst.gd: Burst, DefensiveBurst; OffensiveBurst.gd). */
#include "base.h"
#include "engine.h"

static void burst_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(burst_vars, host, st)->defensive = prop_bool(NODE(st), P_defensive, 0);
}

static int burst_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    host->invulnerable = true;
    host->projectile_invulnerable = true;
    st->interruptible_on_opponent_turn = 0;
    FH(FOPP(m, f))->reset_combo(m, FOPP(m, f));
    ST_VARS(burst_vars, host, st)->started_falling = false;
    FH(f)->use_burst(m, f);
    return SYM_NONE;
}

static int frame_15(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    host->invulnerable = false;
    ST_VARS(burst_vars, host, st)->started_falling = true;
    return SYM_NONE;
}

static int burst_tick(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(burst_vars, host, st)->started_falling) obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    host->invulnerable = !(st->current_tick > 15);
    return SYM_NONE;
}

static void burst_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
}

static bool burst_is_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    return f->burst_enabled && cs_is_usable(m, host, st) && f->bursts_available > 0;
}

static void burst_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    if (obj->is_fighter && ST_VARS(burst_vars, host, st)->defensive) {
        yfighter *f = AS_F(host);
        FOPP(m, f)->o.invulnerable = true;
        if (f->initiative) FH(f)->gain_super_meter(m, f, (int32_t)idiv(125 * 5, 3), FX_ONE);
    }
}

const state_class burst_class = {
    .name = "states.base.burst.Burst",
    .parent = &character_state_class,
    .vars_size = sizeof(burst_vars),
    .construct = burst_construct,
    .enter = burst_enter,
    .frames = FRAMES({15, frame_15}),
    .tick = burst_tick,
    .exit = burst_exit,
    .is_usable = burst_is_usable,
    .on_hit_something = burst_on_hit_something,
};

static int ob_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    FH(f)->use_burst(m, f);
    host->projectile_invulnerable = true;
    fg_update_grounded(&host->chara);
    ST_VARS(burst_vars, host, st)->started_falling = false;
    host->invulnerable = true;
    return SYM_NONE;
}

static bool ob_is_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    return f->burst_enabled && (obj_hit_fighter_last(m, host) || host->combo_count > 0) && f->bursts_available > 0 &&
           cs_is_usable(m, host, st);
}

static void ob_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    if (obj && obj->is_fighter) AS_F(host)->burst_cancel_combo = true;
}

const state_class offensive_burst_class = {
    .name = "states.base.burst.OffensiveBurst",
    .parent = &character_state_class,
    .vars_size = sizeof(burst_vars),
    .enter = ob_enter,
    .frames = FRAMES({15, frame_15}),
    .tick = burst_tick,
    .is_usable = ob_is_usable,
    .on_hit_something = ob_on_hit_something,
};
