/* The Mutant's registry: mirrors states/mutant/__init__.py (game script -> class), and joins the
 * fighter's hooks (char_mutant.c) to it. The one file of the character that names every class, so
 * that its fighter, moves and objects files need not name each other's (the scene builder reads
 * char_mutant_registry through the generated yomi_char_registries). */
#include "char_mutant.h"

#define S "characters/mutant/states/"
static const yscript_entry mutant_scripts[] = {
    {"characters/mutant/states/BeastState.gd", &mutant_beast_state_class},
    {"BeastState", &mutant_beast_state_class},
    {S "Roll.gd", &mutant_roll_class},
    {S "OffensiveBurst.gd", &mutant_offensive_burst_class},
    {S "DashForward.gd", &mutant_dash_forward_class},
    {S "AirDashForward.gd", &mutant_air_dash_forward_class},
    {S "SlopDash.gd", &mutant_slop_dash_class},
    {S "Taunt.gd", &mutant_taunt_class},
    {S "Swipe.gd", &mutant_swipe_class},
    {S "SwipeAir.gd", &mutant_swipe_air_class},
    {S "Kick.gd", &mutant_beast_state_class},
    {S "GroundSpike.gd", &mutant_beast_state_class},
    {S "OverheadClaw.gd", &mutant_overhead_claw_class},
    {S "AirSwipe.gd", &mutant_air_swipe_class},
    {S "ForwardDashFollowup.gd", &mutant_forward_dash_followup_class},
    {S "ForwardDashBackFollowup.gd", &mutant_forward_dash_back_followup_class},
    {S "CausticSpike.gd", &mutant_caustic_spike_class},
    {S "AcidSlashJ.gd", &mutant_acid_slash_j_class},
    {S "AcidSlashH.gd", &mutant_acid_slash_h_class},
    {S "BiteGrab.gd", &mutant_bite_grab_class},
    {S "BiteThrow.gd", &mutant_bite_throw_class},
    {S "ProjectileGrab.gd", &mutant_projectile_grab_class},
    {S "ProjectileGrabJump.gd", &mutant_projectile_grab_jump_class},
    {S "TwistAttack.gd", &mutant_twist_attack_class},
    {S "Shockwave.gd", &mutant_shockwave_class},
    {S "ThornBarrage.gd", &mutant_thorn_barrage_class},
    {S "WallTrick.gd", &mutant_wall_trick_class},
    {S "WallTrickFollowup.gd", &mutant_wall_trick_followup_class},
    {S "PounceFailRoll.gd", &mutant_pounce_fail_roll_class},
    {"characters/mutant/Rebirth.gd", &mutant_rebirth_class},
    {"characters/mutant/DashThroughAttack.gd", &mutant_dash_through_attack_class},
    {0, 0},
};
#undef S

#define P "characters/mutant/projectiles/"
static const struct yobj_entry mutant_objects[] = {
    {P "CausticSpike.gd", &mutant_caustic_spike_projectile_class},
    {P "Shockwave.gd", &mutant_shockwave_projectile_class},
    {P "Poison.gd", &mutant_poison_class},
    {P "AcidBubble.gd", &mutant_acid_bubble_class},
    {0, 0},
};

static const yscript_entry mutant_object_scripts[] = {
    {P "states/CausticSpikeDefault.gd", &mutant_caustic_spike_default_class},
    {P "states/CausticThornDefault.gd", &mutant_caustic_thorn_default_class},
    {P "states/ShockwaveDefault.gd", &mutant_shockwave_default_class},
    {P "states/PoisonDefault.gd", &mutant_poison_default_class},
    {P "states/AcidBubbleDefault.gd", &mutant_acid_bubble_default_class},
    {P "states/AcidBubblePop.gd", &mutant_acid_bubble_pop_class},
    {0, 0},
};
#undef P

const yomi_char_registry char_mutant_registry = {
    .fighter = &char_mutant_hooks,
    .scripts = mutant_scripts,
    .objects = mutant_objects,
    .object_scripts = mutant_object_scripts,
};
