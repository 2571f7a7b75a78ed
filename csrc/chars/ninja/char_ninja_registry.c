/* The Ninja's registry: mirrors states/ninja/__init__.py (game script -> class), and joins the
 * fighter's hooks (char_ninja.c) to it. The one file of the character that names every class, so
 * that its fighter, moves and objects files need not name each other's (the scene builder reads
 * char_ninja_registry through the generated yomi_char_registries). */
#include "char_ninja.h"

#define S "characters/stickman/states/"
static const yscript_entry ninja_scripts[] = {
    {S "Fireball.gd", &ninja_fireball_class},
    {S "GrapplingHook.gd", &ninja_grappling_hook_class},
    {S "StickyBomb.gd", &ninja_sticky_bomb_class},
    {S "StickyBombThrow.gd", &ninja_sticky_bomb_throw_class},
    {S "Caltrops.gd", &ninja_caltrops_class},
    {S "Summon.gd", &ninja_summon_class},
    {S "SwapPlaces.gd", &ninja_swap_places_class},
    {S "StoreMomentum.gd", &ninja_store_momentum_class},
    {S "Uppercut.gd", &ninja_uppercut_class},
    {S "DiveKick.gd", &ninja_dive_kick_class},
    {S "FlyingRoundhouse.gd", &ninja_flying_roundhouse_class},
    {S "JumpKickLanding.gd", &ninja_jump_kick_landing_class},
    {S "NunChuk.gd", &ninja_nunchuk_class},
    {"characters/stickman/NunChukLight.gd", &ninja_nunchuk_light_class},
    {S "NunChukJump.gd", &ninja_nunchuk_jump_class},
    {S "BackSway.gd", &ninja_back_sway_class},
    {S "SlideKick.gd", &ninja_slide_kick_class},
    {S "HitGrab.gd", &ninja_hit_grab_class},
    {S "HitGrabFollowup.gd", &ninja_hit_grab_followup_class},
    {S "GroundedSweep.gd", &ninja_grounded_sweep_class},
    {S "Stomp.gd", &ninja_stomp_class},
    {S "QuickSlash.gd", &ninja_quick_slash_class},
    {S "Taunt.gd", &taunt_class}, /* only adds sounds */
    {0, 0},
};
#undef S

#define P "characters/stickman/projectiles/"
static const struct yobj_entry ninja_objects[] = {
    {P "StickmanFireball.gd", &ninja_shuriken_class},
    {P "Stackriken.gd", &ninja_stackriken_class},
    {P "Caltrops.gd", &ninja_caltrops_object_class},
    {P "StickyBomb.gd", &ninja_sticky_bomb_object_class},
    {P "grappling_hook.gd", &ninja_grappling_hook_object_class},
    {P "Kunai.gd", &ninja_kunai_object_class},
    {0, 0},
};

static const yscript_entry ninja_object_scripts[] = {
    {P "fireball_states/ShurikenDefault.gd", &ninja_shuriken_default_class},
    {P "StackrikenDefault.gd", &ninja_stackriken_default_class},
    {P "CaltropsDefault.gd", &ninja_caltrops_default_class},
    {P "StickyBombDefault.gd", &ninja_sticky_bomb_default_class},
    {P "StickyBombExplode.gd", &ninja_sticky_bomb_explode_class},
    {P "GrapplingHook/GrapplingHookDefault.gd", &ninja_hook_default_class},
    {P "GrapplingHook/Locked.gd", &ninja_hook_locked_class},
    {P "fireball_states/StickmanSummonKunai.gd", &ninja_summon_kunai_class},
    {P "fireball_states/StickmanSummonSlide.gd", &ninja_summon_slide_class},
    {P "fireball_states/StickmanSummonSlideKick.gd", &ninja_summon_slide_kick_class},
    {0, 0},
};
#undef P

const yomi_char_registry char_ninja_registry = {
    .fighter = &char_ninja_hooks,
    .scripts = ninja_scripts,
    .objects = ninja_objects,
    .object_scripts = ninja_object_scripts,
};
