/* The Ninja in C: its fighter variables, state and object classes (char_ninja*.c).
 *
 *   char_ninja.c          <- states/ninja/fighter.py
 *   char_ninja_registry.c <- the registries of states/ninja/__init__.py
 *   char_ninja_moves.c    <- states/ninja/moves.py
 *   char_ninja_objects.c  <- states/ninja/objects.py
 */
#ifndef YOMI_CHAR_NINJA_H
#define YOMI_CHAR_NINJA_H

#include "base.h"
#include "engine.h"

typedef struct {
    int32_t momentum_stores, sticky_bombs_left, skull_shaker_bleed_ticks, boost_frames_left;
    int32_t quick_slash_start_pos_x, quick_slash_start_pos_y;
    fx stored_momentum_x, stored_momentum_y, stored_speed_1, stored_speed_2, stored_speed_3, current_momentum;
    fx quick_slash_move_dir_x, quick_slash_move_dir_y;
    int32_t bomb_projectile, grappling_hook_projectile; /* object numbers, 0 = None */
    yflag can_summon_kunai, can_summon_kick, bomb_thrown, pulling, used_grappling_hook, whip_beam_charged,
        released_this_turn, will_release_momentum, will_store_momentum, boosted_during_combo, stackriken_out,
        can_divekick_hop;
} ninja_vars;

#define NINJA(f) ((ninja_vars *)(f)->vars)

extern const yomi_char char_ninja_hooks;

/* `o` is a fighter playing the Ninja */
static inline bool is_ninja(const yobj *o) {
    return o && o->is_fighter && ((const yfighter *)o)->chr->name == char_ninja_hooks.name;
}
/* the Ninja variables of a fighter that must be the Ninja (else NULL + an error: Python's AttributeError) */
ninja_vars *ninja_of(ymatch *m, yobj *o);

/* ------------------------------------------------------------------ char_ninja.c: Ninja methods other files call */
void ninja_detach(ymatch *m, yfighter *f);
bool ninja_substituted(const yfighter *f, const yobj *o);
void ninja_add_substituted(const yfighter *f, yobj *o);

/* ------------------------------------------------------------------ char_ninja_moves.c (states/ninja/moves.py) */
extern const state_class ninja_fireball_class, ninja_grappling_hook_class, ninja_sticky_bomb_class,
    ninja_sticky_bomb_throw_class, ninja_caltrops_class, ninja_summon_class, ninja_swap_places_class,
    ninja_store_momentum_class, ninja_uppercut_class, ninja_dive_kick_class, ninja_flying_roundhouse_class,
    ninja_jump_kick_landing_class, ninja_nunchuk_class, ninja_nunchuk_light_class, ninja_nunchuk_jump_class,
    ninja_back_sway_class, ninja_slide_kick_class, ninja_hit_grab_class, ninja_hit_grab_followup_class,
    ninja_grounded_sweep_class, ninja_stomp_class, ninja_quick_slash_class;
/* SwapPlaces (Substitution, char_ninja_moves.c): its variables, which the fighter's refs_object reads */
typedef struct {
    int32_t obj_name; /* object number, 0 = None */
    int32_t neutral_lag;
} ninja_swap_places_vars;

/* ------------------------------------------------------------------ char_ninja_objects.c (states/ninja/objects.py) */
typedef struct { /* NinjaShuriken */
    fx dir_x, dir_y;
    yflag can_stack;
} ninja_shuriken_vars;
typedef struct { /* Stackriken */
    int32_t return_x, return_y, refresh_amount;
    fx force_x, force_y;
    yflag has_return, has_force; /* return_x / force_x start as None */
} ninja_stackriken_vars;
typedef struct { /* StickyBombObject */
    yflag detonating, attached;
} ninja_sticky_bomb_vars;
typedef struct { /* GrapplingHookObject */
    int32_t start_y;
    int32_t attached_to; /* object number, 0 = None */
    yflag is_locked;
} ninja_hook_vars;

extern const yobj_class ninja_shuriken_class, ninja_stackriken_class, ninja_caltrops_object_class,
    ninja_sticky_bomb_object_class, ninja_grappling_hook_object_class, ninja_kunai_object_class;

/* the object's variables when it is of that class (isinstance), else NULL */
ninja_sticky_bomb_vars *ninja_sticky_bomb(yobj *o);
ninja_hook_vars *ninja_hook(yobj *o);
ninja_shuriken_vars *ninja_shuriken(yobj *o);
/* methods the fighter and its states call */
void ninja_sticky_bomb_explode(ymatch *m, yobj *bomb); /* StickyBombObject.explode */
void ninja_hook_unlock(ymatch *m, yobj *hook);         /* GrapplingHookObject.unlock */
/* the object tables of the Ninja's scenes (looked up once) */
enum { NJ_SCENE_STICKY_BOMB, NJ_SCENE_CALTROPS, NJ_SCENE_KUNAI_SUMMON, NJ_SCENE_SLIDE_SUMMON, NJ_SCENE_STACKRIKEN,
       NJ_SCENE_KUNAI, NJ_SCENE_FIREBALL, NJ_SCENE_AIR_FIREBALL, NJ_N_SCENES };
int ninja_scene(int which);

/* char_ninja_objects.c: classes only the registry (char_ninja_registry.c) names */
extern const state_class ninja_caltrops_default_class, ninja_hook_default_class, ninja_hook_locked_class,
    ninja_shuriken_default_class, ninja_stackriken_default_class, ninja_sticky_bomb_default_class,
    ninja_sticky_bomb_explode_class, ninja_summon_kunai_class, ninja_summon_slide_class,
    ninja_summon_slide_kick_class;

#endif
