/* Taunting. Mirrors states/base/taunt.py (Taunt.gd, ForfeitExplosion.gd). */
#include "base.h"
#include "engine.h"

static int enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(taunt_vars, host, st)->can_apply_sadness = host->combo_count <= 0;
    return SYM_NONE;
}

int taunt_frame_44(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fighter_gain_super_meter_raw(AS_F(host), 125);
    return SYM_NONE;
}

const state_class taunt_class = {
    .name = "states.base.taunt.Taunt",
    .parent = &character_state_class,
    .vars_size = sizeof(taunt_vars),
    .enter = enter,
    .frames = FRAMES({44, taunt_frame_44}),
};

static int forfeit_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->hp = 0;
    return SYM_NONE;
}

const state_class forfeit_explosion_class = {
    .name = "states.base.taunt.ForfeitExplosion",
    .parent = &character_state_class,
    .frames = FRAMES({0, forfeit_frame_0}),
};
