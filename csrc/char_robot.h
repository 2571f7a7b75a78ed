/* The Robot in C: its fighter variables and state/object classes (char_robot*.c). */
#ifndef YOMI_CHAR_ROBOT_H
#define YOMI_CHAR_ROBOT_H

#include "base.h"

typedef struct {
    int32_t armor_pips, fly_ticks_left, kill_process_super_level, loic_meter, magnet_ticks_left, armor_startup_ticks,
        loic_dir, propel_friction_ticks;
    fx magnetize_bomb_strength;
    yxy_opt flying_dir;
    int16_t orbital_strike_projectile, grenade_object, flame_touching_opponent; /* 0 = None */
    bool loic_draining, landed_move, fly_fx_started, start_fly, can_ground_pound, can_gain_ground_pound,
        buffer_reset_ground_pound, orbital_strike_out, can_loic, got_hit, armor_active, buffer_armor,
        can_unlock_gratuitous, can_flamethrower, magnet_installed, used_earthquake_grab, force_fly, magnetize_opponent,
        magnetize_opponent_blocked, drive_cancel, buffer_drive_cancel, super_armor_installed;
} robot_vars;

#define ROBOT(f) ((robot_vars *)(f)->vars)

extern const yscript_entry robot_scripts[];
extern const struct yobj_entry robot_objects[];
extern const yscript_entry robot_object_scripts[];
/* the state's can_fly: -1 when the state has no such variable (getattr(state, "can_fly", None)) */
int robot_state_can_fly(yobj *host, ystate *st);

#endif
