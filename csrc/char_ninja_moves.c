/* Ninja moves in C. Mirrors (a part of) states/ninja/moves.py: the is_usable rules the
 * action menu needs. The moves themselves are not written in C yet (their class names
 * say "[legality]" so the differential test knows the C and Python classes differ);
 * the Ninja's engineer adds them here. */
#include "char_ninja.h"

#define MAX_X_DIST 300
#define MAX_Y_DIST 300

static bool grappling_hook_usable(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *v = NINJA(AS_F(host));
    return v->grappling_hook_projectile == 0 && !v->used_grappling_hook && cs_is_usable(m, host, st);
}

const state_class ninja_grappling_hook_class = {
    .name = "states.ninja.moves.GrapplingHook[legality]",
    .parent = &character_state_class,
    .is_usable = grappling_hook_usable,
};

static bool sticky_bomb_usable(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *v = NINJA(AS_F(host));
    return cs_is_usable(m, host, st) && !v->bomb_thrown && v->sticky_bombs_left > 0;
}

const state_class ninja_sticky_bomb_class = {
    .name = "states.ninja.moves.StickyBomb[legality]",
    .parent = &character_state_class,
    .is_usable = sticky_bomb_usable,
};

static bool store_momentum_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    return cs_is_usable(m, host, st) && (NINJA(f)->momentum_stores < 3 || f->infinite_resources);
}

const state_class ninja_store_momentum_class = {
    .name = "states.ninja.moves.StoreMomentum[legality]",
    .parent = &character_state_class,
    .is_usable = store_momentum_usable,
};

static bool summon_usable(ymatch *m, yobj *host, ystate *st) {
    /* GDScript precedence: (usable and can_summon_kunai) or can_summon_kick */
    ninja_vars *v = NINJA(AS_F(host));
    return (cs_is_usable(m, host, st) && v->can_summon_kunai) || v->can_summon_kick;
}

const state_class ninja_summon_class = {
    .name = "states.ninja.moves.Summon[legality]",
    .parent = &character_state_class,
    .is_usable = summon_usable,
};

/* get_usable_projectiles: the Ninja's own objects near the opponent (none can be attached
 * sticky bombs or hooks: those objects are not written in C) */
static bool any_usable_projectile(ymatch *m, yfighter *f) {
    ninja_vars *v = NINJA(f);
    yfighter *opp = FOPP(m, f);
    int32_t cx, cy;
    box_center(&opp->o.hurtbox, &cx, &cy);
    for (int k = 0; k < m->n_objs; k++) {
        yproj *p = match_obj_at(m, k);
        yobj *o = &p->o;
        if (o->id != f->o.id || o->disabled) continue;
        bool substituted = false;
        for (int i = 0; i < v->n_substituted; i++)
            if (v->substituted_objects[i] == o->number) substituted = true;
        if (substituted) continue;
        if (int_abs(o->data.px - cx) > MAX_X_DIST || int_abs(o->data.py - cy) > MAX_Y_DIST) continue;
        return true;
    }
    return false;
}

static bool swap_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && any_usable_projectile(m, AS_F(host));
}

const state_class ninja_swap_places_class = {
    .name = "states.ninja.moves.SwapPlaces[legality]",
    .parent = &character_state_class,
    .is_usable = swap_usable,
};

#define S "characters/stickman/states/"
const yscript_entry ninja_scripts[] = {
    {S "GrapplingHook.gd", &ninja_grappling_hook_class},
    {S "StickyBomb.gd", &ninja_sticky_bomb_class},
    {S "StoreMomentum.gd", &ninja_store_momentum_class},
    {S "Summon.gd", &ninja_summon_class},
    {S "SwapPlaces.gd", &ninja_swap_places_class},
    {S "Taunt.gd", &taunt_class}, /* only adds sounds */
    {0, 0},
};
#undef S
