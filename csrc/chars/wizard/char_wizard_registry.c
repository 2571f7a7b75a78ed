/* The Wizard's registry: mirrors states/wizard/__init__.py (game script -> class), and joins the
 * fighter's hooks (char_wizard.c) to it. The one file of the character that names every class, so
 * that its fighter, moves and objects files need not name each other's (the scene builder reads
 * char_wizard_registry through the generated yomi_char_registries). */
#include "char_wizard.h"

#define S "characters/wizard/"
static const yscript_entry wizard_scripts[] = {
    {S "states/WizardState.gd", &wizard_state_class},
    {"WizardState", &wizard_state_class},
    {S "states/Taunt.gd", &wizard_taunt_class},
    {S "states/Combust.gd", &wizard_combust_class},
    {S "states/IceSpikeGround.gd", &wizard_ice_spike_ground_class},
    {S "states/Kick.gd", &wizard_kick_class},
    {S "states/ManaStrike.gd", &wizard_mana_strike_class},
    {S "states/ConjureWeapon.gd", &wizard_conjure_weapon_class},
    {S "states/ConjureStorm.gd", &wizard_state_class},
    {S "states/MagmaBolt.gd", &wizard_state_class},
    {S "states/ConfusingTouch.gd", &wizard_confusing_touch_class},
    {S "states/Liftoff.gd", &wizard_liftoff_class},
    {S "states/Sandstorm.gd", &wizard_sandstorm_class},
    {S "states/CatchWind.gd", &wizard_catch_wind_class},
    {S "ZephyrThrow.gd", &wizard_zephyr_throw_class},
    {S "FlameWave.gd", &wizard_flame_wave_class},
    {S "states/MagicMissile.gd", &wizard_magic_missile_class},
    {S "states/VileClutch.gd", &wizard_vile_clutch_class},
    {S "CharacterState.gd", &wizard_draw_moisture_class},
    {S "states/Geyser.gd", &wizard_geyser_class},
    {S "states/Orb.gd", &wizard_orb_class},
    {S "states/LockOrb.gd", &wizard_lock_orb_class},
    {S "states/OrbPush.gd", &wizard_orb_push_class},
    {S "states/OrbTether.gd", &wizard_orb_tether_class},
    {S "states/OrbTeleport.gd", &wizard_orb_teleport_class},
    {S "EnergyBomb.gd", &wizard_energy_bomb_class},
    {S "states/ConjurePebble.gd", &wizard_conjure_pebble_class},
    {S "Launch.gd", &wizard_launch_class},
    {0, 0},
};

#define P S "projectiles/"
static const yobj_entry wizard_objects[] = {
    {P "orb/Orb.gd", &wizard_orb_obj_class},
    {P "orb/OrbLightning.gd", &wizard_orb_lightning_class},
    {P "OrbDart.gd", &wizard_orb_dart_class},
    {P "FlameWave.gd", &wizard_flame_wave_obj_class},
    {P "VileClutch.gd", &wizard_vile_clutch_obj_class},
    {P "SparkBomb.gd", &wizard_spark_bomb_class},
    {P "telekinesis/TelekinesisBoulder.gd", &wizard_telekinesis_projectile_class},
    {P "telekinesis/TelekinesisBomb.gd", &wizard_telekinesis_bomb_class},
    {P "telekinesis/TelekinesisFruit.gd", &wizard_telekinesis_fruit_class},
    {0, 0},
};

static const yscript_entry wizard_object_scripts[] = {
    {P "orb/states/Default.gd", &wizard_orb_default_class},
    {P "orb/states/Sword.gd", &wizard_orb_sword_class},
    {P "orb/states/LightningDefault.gd", &wizard_lightning_default_class},
    {P "states/OrbDartDefault.gd", &wizard_orb_dart_default_class},
    {P "states/MagicDartDefault.gd", &dir_projectile_default_class},
    {P "states/FlameWaveDefault.gd", &wizard_flame_wave_default_class},
    {P "states/VileClutchDefault.gd", &default_fireball_class},
    {P "states/SparkBombDefault.gd", &wizard_spark_bomb_default_class},
    {P "states/SparkBombExplode.gd", &wizard_spark_bomb_explode_class},
    {P "telekinesis/Default.gd", &wizard_telekinesis_hold_class},
    {P "telekinesis/BombDefault.gd", &wizard_telekinesis_hold_class},
    {P "telekinesis/BoulderFling.gd", &wizard_boulder_fling_class},
    {0, 0},
};
#undef P
#undef S

const yomi_char_registry char_wizard_registry = {
    .fighter = &char_wizard_hooks,
    .scripts = wizard_scripts,
    .objects = wizard_objects,
    .object_scripts = wizard_object_scripts,
};
