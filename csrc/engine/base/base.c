/* The registries of the shared states. Mirrors states/base/__init__.py (SCRIPTS and
 * CLASS_NAMES: game script path or class_name -> class) and the generic object state
 * scripts of states/objects/__init__.py. */
#include "base.h"
#include "engine.h"

const yscript_entry base_scripts[] = {
    {"ObjectState.gd", &object_state_class},
    {"characters/states/CharState.gd", &character_state_class},
    {"characters/CharacterHurtState.gd", &character_hurt_state_class},
    {"characters/states/Idle.gd", &idle_class},
    {"characters/states/NewParry.gd", &grounded_parry_state_class},
    {"characters/states/Parry.gd", &parry_state_class},
    {"characters/states/RollStartup.gd", &roll_dodge_class},
    {"characters/states/Burst.gd", &burst_class},
    {"characters/states/OffensiveBurst.gd", &offensive_burst_class},
    {"characters/states/CounterAttack.gd", &counter_attack_class},
    {"characters/states/Fall.gd", &fall_class},
    {"characters/states/SuperFallStartup.gd", &super_fall_startup_class},
    {"characters/states/SuperFall.gd", &super_fall_class},
    {"characters/states/Landing.gd", &landing_class},
    {"characters/states/Knockdown.gd", &knockdown_class},
    {"characters/states/Getup.gd", &getup_class},
    {"characters/states/Dash.gd", &dash_class},
    {"characters/DashForward.gd", &character_state_class},
    {"characters/states/DashStartup.gd", &dash_startup_class},
    {"characters/states/ChargeDash.gd", &charge_dash_class},
    {"characters/states/Jump.gd", &jump_class},
    {"characters/states/AirDash.gd", &air_dash_class},
    {"characters/states/SuperMove.gd", &super_move_class},
    {"characters/states/InstantCancel.gd", &instant_cancel_class},
    {"characters/states/WhiffInstantCancel.gd", &whiff_instant_cancel_class},
    {"characters/states/HurtGrounded.gd", &hurt_grounded_class},
    {"characters/states/HurtAerial.gd", &hurt_aerial_class},
    {"characters/states/WallSlam.gd", &wall_slam_class},
    {"characters/states/Grabbed.gd", &grabbed_class},
    {"characters/states/ThrowState.gd", &throw_state_class},
    {"characters/states/Grab.gd", &grab_class},
    {"characters/states/ThrowTech.gd", &throw_tech_class},
    {"characters/states/Taunt.gd", &taunt_class},
    {"characters/states/ForfeitExplosion.gd", &forfeit_explosion_class},
    {0, 0},
};

/* by the game's class_name, for scripts nobody has ported: the nearest ported base */
const yscript_entry base_class_names[] = {
    {"ObjectState", &object_state_class},
    {"CharacterState", &character_state_class},
    {"CharacterHurtState", &character_hurt_state_class},
    {"ParryState", &parry_state_class},
    {"GroundedParryState", &grounded_parry_state_class},
    {"RollDodge", &roll_dodge_class},
    {"SuperMove", &super_move_class},
    {"ThrowState", &throw_state_class},
    {"HurtAerial", &hurt_aerial_class},
    {"HurtGrounded", &hurt_grounded_class},
    {"CounterAttack", &counter_attack_class},
    {"Getup", &knockdown_class},
    {0, 0},
};

const yscript_entry base_object_state_scripts[] = {
    {"characters/stickman/projectiles/fireball_states/Default.gd", &default_fireball_class},
    {"DefaultFireball", &default_fireball_class},
    {"projectile/DirProjectileDefault.gd", &dir_projectile_default_class},
    {"DirProjectileDefault", &dir_projectile_default_class},
    {0, 0},
};
