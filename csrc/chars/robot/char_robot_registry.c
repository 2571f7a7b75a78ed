/* The Robot's registry: mirrors states/robot/__init__.py (game script -> class), and joins the
 * fighter's hooks (char_robot.c) to it. The one file of the character that names every class, so
 * that its fighter, moves and objects files need not name each other's (the scene builder reads
 * char_robot_registry through the generated yomi_char_registries). */
#include "char_robot.h"

#define S "characters/robo/"
static const yscript_entry robot_scripts[] = {
    {S "RobotState.gd", &robot_state_class},
    {"RobotState", &robot_state_class},
    /* base-state overrides */
    {S "states/Step.gd", &robot_step_class},
    {S "Roll.gd", &robot_roll_class},
    {S "states/Fall.gd", &robot_fall_class},
    {S "states/Landing.gd", &robot_landing_class},
    {S "SuperJump.gd", &robot_super_jump_class},
    {S "states/AirGrab.gd", &grab_class},
    {S "states/AirForwardThrow.gd", &robot_air_forward_throw_class},
    {S "states/Taunt.gd", &robot_taunt_class},
    /* attacks, movement, specials, supers */
    {S "states/SawBlade.gd", &robot_saw_blade_class},
    {S "states/SideKick.gd", &robot_side_kick_class},
    {S "states/Plummet.gd", &robot_plummet_class},
    {S "states/GroundPound.gd", &robot_ground_pound_class},
    {S "states/Lariat.gd", &robot_lariat_class},
    {S "states/Missile.gd", &robot_vacuum_class},
    {S "states/Chainsaw.gd", &robot_chainsaw_class},
    {S "states/Propel.gd", &robot_propel_class},
    {S "states/Return.gd", &robot_return_class},
    {S "states/ClapJump.gd", &robot_clap_jump_class},
    {S "states/ClapLand.gd", &robot_state_class},
    {S "Grenade.gd", &robot_grenade_class},
    {S "states/Magnetize.gd", &robot_magnetize_class},
    {S "states/Flamethrower.gd", &robot_flamethrower_class},
    {S "states/LOIC.gd", &robot_loic_class},
    {S "states/DisableLoic.gd", &robot_disable_loic_class},
    {S "Missile.gd", &robot_missile_class},
    /* grabs and throws */
    {S "states/DisembowelGrab.gd", &robot_disembowel_grab_class},
    {S "states/GroundSlam.gd", &robot_ground_slam_class},
    {S "states/CommandGrab.gd", &robot_command_grab_class},
    {S "states/CornerCarryGrab.gd", &robot_corner_carry_grab_class},
    {S "states/CornerCarryHold.gd", &robot_corner_carry_hold_class},
    {S "states/CornerCarryRelease.gd", &throw_state_class},
    {S "states/OverflowGrab.gd", &robot_overflow_grab_class},
    {S "states/OverflowFollowup.gd", &robot_overflow_followup_class},
    {S "states/EarthquakeThrow.gd", &robot_earthquake_throw_class},
    {S "states/AirGrabSuper.gd", &robot_kill_process_class},
    {S "states/KillProcessSpin.gd", &robot_kill_process_spin_class},
    {S "states/KillProcessLanding.gd", &robot_kill_process_landing_class},
    /* the Drive stance */
    {S "states/DriveForward.gd", &robot_drive_forward_class},
    {S "states/FastDriveCancel.gd", &robot_fast_drive_cancel_class},
    {S "states/DriveJump.gd", &robot_drive_jump_class},
    {S "states/DriveDrift.gd", &robot_drive_drift_class},
    {S "states/DriveWheelie.gd", &robot_drive_wheelie_class},
    {0, 0},
};

static const struct yobj_entry robot_objects[] = {
    {S "projectiles/LandingShockwave.gd", &robot_landing_shockwave_class},
    {S "projectiles/RobotGrenade.gd", &robot_grenade_object_class},
    {S "projectiles/Missile.gd", &robot_missile_object_class},
    {S "projectiles/GroundFire.gd", &robot_ground_fire_class},
    {S "projectiles/OrbitalStrike.gd", &robot_orbital_strike_class},
    {0, 0},
};

static const yscript_entry robot_object_scripts[] = {
    {S "projectiles/states/LandingShockwaveDefault.gd", &robot_landing_shockwave_default_class},
    {S "projectiles/states/GrenadeDefault.gd", &robot_grenade_default_class},
    {S "projectiles/states/MissileDefault.gd", &robot_missile_default_class},
    {S "projectiles/states/GroundFire.gd", &robot_ground_fire_state_class},
    {S "projectiles/states/orbital_strike_default.gd", &robot_orbital_strike_default_class},
    {S "projectiles/states/OrbitalStrikeFire.gd", &robot_orbital_strike_fire_class},
    {0, 0},
};
#undef S

const yomi_char_registry char_robot_registry = {
    .fighter = &char_robot_hooks,
    .scripts = robot_scripts,
    .objects = robot_objects,
    .object_scripts = robot_object_scripts,
};
