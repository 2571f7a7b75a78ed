/* The Wizard in C: its fighter variables, state and object classes (char_wizard*.c).
 *
 *   char_wizard.c              <- states/wizard/fighter.py
 *   char_wizard_registry.c     <- the registries of states/wizard/__init__.py
 *   char_wizard_moves.c        <- states/wizard/moves.py
 *   char_wizard_projectiles.c  <- states/wizard/projectiles.py
 */
#ifndef YOMI_CHAR_WIZARD_H
#define YOMI_CHAR_WIZARD_H

#include "base.h"
#include "engine.h"

typedef struct {
    int32_t hover_left, hover_drain_amount, fast_fall_drain_amount, hover_gain_amount, hover_gain_amount_depleted,
        hover_gain_amount_air, gusts_in_combo, tether_ticks, geyser_charge, orb_duration, orb_accumulator,
        flame_wave_cooldown, default_dash_speed, spark_speed_frames;
    int32_t orb_projectile, boulder_projectile; /* 0 = None */
    yxy_opt current_orb_push;
    yref_list spark_bombs, nearby_spark_bombs;
    yflag hovering, fast_falling, fast_fall_landing, can_flame_wave, can_vile_clutch, detonating_bombs;
} wizard_vars;

#define WIZARD(f) ((wizard_vars *)(f)->vars)

extern const yomi_char char_wizard_hooks;

/* the Wizard's variables of an object, or NULL (not a Wizard fighter) */
wizard_vars *wizard_of(yobj *o);

/* char_wizard.c: Wizard methods other files call */
#define WIZARD_TETHER_TICKS 90
#define WIZARD_SPARK_SPEED_FRAMES 70
#define WIZARD_FLAME_WAVE_COOLDOWN 30
void wizard_add_geyser_charge(wizard_vars *v);
void wizard_spawn_orb(ymatch *m, yfighter *f);
void wizard_add_spark_bomb(ymatch *m, yfighter *f, int number);

/* char_wizard_moves.c: the state classes (the registry lives in char_wizard_registry.c) */
extern const state_class wizard_state_class, wizard_taunt_class, wizard_combust_class, wizard_ice_spike_ground_class,
    wizard_kick_class, wizard_mana_strike_class, wizard_conjure_weapon_class, wizard_confusing_touch_class,
    wizard_liftoff_class, wizard_sandstorm_class, wizard_catch_wind_class, wizard_zephyr_throw_class,
    wizard_flame_wave_class, wizard_magic_missile_class, wizard_vile_clutch_class, wizard_draw_moisture_class,
    wizard_geyser_class, wizard_orb_class, wizard_lock_orb_class, wizard_orb_push_class, wizard_orb_tether_class,
    wizard_orb_teleport_class, wizard_energy_bomb_class, wizard_conjure_pebble_class, wizard_launch_class;

/* char_wizard_projectiles.c: the object classes and their state classes */
extern const yobj_class wizard_orb_obj_class, wizard_orb_lightning_class, wizard_orb_dart_class,
    wizard_flame_wave_obj_class, wizard_vile_clutch_obj_class, wizard_spark_bomb_class,
    wizard_telekinesis_projectile_class, wizard_telekinesis_bomb_class, wizard_telekinesis_fruit_class;
extern const state_class wizard_orb_default_class, wizard_orb_sword_class, wizard_lightning_default_class,
    wizard_orb_dart_default_class, wizard_flame_wave_default_class, wizard_spark_bomb_default_class,
    wizard_spark_bomb_explode_class, wizard_telekinesis_hold_class, wizard_boulder_fling_class;

/* the orb (Orb.gd): the methods the fighter and the moves call */
yproj *wizard_orb_of(ymatch *m, int number); /* an Orb by name (disabled or not); NULL + error otherwise */
bool orb_is_locked(yproj *orb);
void orb_lock(yproj *orb);
void orb_unlock(yproj *orb);
void orb_push(yproj *orb, fx x, fx y);
void orb_trigger_attack(ymatch *m, yproj *orb, int attack_type, int32_t delay);
void orb_disable(ymatch *m, yproj *orb);
void orb_set_frozen(yproj *orb);

/* the spark bomb (SparkBomb.gd) */
bool spark_bomb_is(yproj *p);
bool spark_bomb_exploded(yproj *bomb);
bool spark_bomb_armed(yproj *bomb);
void spark_bomb_explode(ymatch *m, yproj *bomb, bool manual);

/* the telekinesis objects (TelekinesisBoulder.gd, class TelekinesisProjectile) */
bool telekinesis_is(yproj *p);
void telekinesis_drop(ymatch *m, yproj *p);
void telekinesis_launch(ymatch *m, yproj *p, fx dir_x, fx dir_y);

#endif
