/* The Robot in C: its fighter variables, state and object classes (char_robot*.c).
 *
 *   char_robot.c          <- states/robot/fighter.py
 *   char_robot_registry.c <- the registries of states/robot/__init__.py
 *   char_robot_state.c    <- states/robot/moves.py: RobotState, RobotRoll (what the fighter reads)
 *   char_robot_moves.c    <- states/robot/moves.py: the other moves
 *   char_robot_grabs.c    <- states/robot/grabs.py
 *   char_robot_drive.c    <- states/robot/drive.py
 *   char_robot_objects.c  <- states/robot/objects.py
 */
#ifndef YOMI_CHAR_ROBOT_H
#define YOMI_CHAR_ROBOT_H

#include "base.h"
#include "engine.h"

typedef struct {
    int32_t armor_pips, fly_ticks_left, kill_process_super_level, loic_meter, magnet_ticks_left, armor_startup_ticks,
        loic_dir, propel_friction_ticks;
    fx magnetize_bomb_strength;
    yxy_opt flying_dir;
    int32_t orbital_strike_projectile, grenade_object, flame_touching_opponent; /* 0 = None */
    yflag loic_draining, landed_move, fly_fx_started, start_fly, can_ground_pound, can_gain_ground_pound,
        buffer_reset_ground_pound, orbital_strike_out, can_loic, got_hit, armor_active, buffer_armor,
        can_unlock_gratuitous, can_flamethrower, magnet_installed, used_earthquake_grab, force_fly, magnetize_opponent,
        magnetize_opponent_blocked, drive_cancel, buffer_drive_cancel, super_armor_installed;
} robot_vars;

#define ROBOT(f) ((robot_vars *)(f)->vars)

extern const yomi_char char_robot_hooks;

/* the Robot's variables of a fighter, or NULL (+ an error: the Python engine's AttributeError) */
robot_vars *robot_of(ymatch *m, yobj *o);

/* char_robot.c: Robot methods other files call */
void robot_add_armor_pip(robot_vars *v);
void robot_start_magnetizing(ymatch *m, yfighter *f);

/* char_robot_state.c: RobotState, whose variables every Robot state extends, and RobotRoll */
typedef struct {
    int32_t super_level, supers_used, super_freeze_ticks, throw_invuln_frames;
    yflag is_super, super_effect, can_fly, super_scale_combo_meter;
} robot_state_vars;
extern const state_class robot_state_class;
/* RobotState.is_usable (the moves' overrides call it for super()) */
bool robot_state_is_usable(ymatch *m, yobj *host, ystate *st);
/* the state's can_fly: -1 when the state has no such variable (getattr(state, "can_fly", None)) */
int robot_state_can_fly(yobj *host, ystate *st);

/* the state classes (the registry lives in char_robot_registry.c) */
extern const state_class robot_step_class, robot_roll_class, robot_fall_class, robot_landing_class,
    robot_super_jump_class, robot_air_forward_throw_class, robot_taunt_class, robot_saw_blade_class,
    robot_side_kick_class, robot_plummet_class, robot_ground_pound_class, robot_lariat_class, robot_vacuum_class,
    robot_chainsaw_class, robot_propel_class, robot_return_class, robot_clap_jump_class, robot_grenade_class,
    robot_magnetize_class, robot_flamethrower_class, robot_loic_class, robot_disable_loic_class,
    robot_missile_class;
extern const state_class robot_disembowel_grab_class, robot_ground_slam_class, robot_command_grab_class,
    robot_corner_carry_grab_class, robot_corner_carry_hold_class, robot_overflow_grab_class,
    robot_overflow_followup_class, robot_earthquake_throw_class, robot_kill_process_class,
    robot_kill_process_spin_class, robot_kill_process_landing_class;
extern const state_class robot_drive_forward_class, robot_fast_drive_cancel_class, robot_drive_jump_class,
    robot_drive_drift_class, robot_drive_wheelie_class;

/* char_robot_objects.c: the objects (states/robot/objects.py) */
typedef struct { /* LandingShockwave */
    int32_t damage, facing;
    fx speed;
} robot_shockwave_vars;
typedef struct { /* RobotGrenade */
    fx last_vel_x, last_vel_y;
    int32_t hits_chained, last_hit_by, ticks_left;
    yflag has_last_vel; /* last_vel_x/last_vel_y start as None */
    yflag active, hitbox_out;
} robot_grenade_vars;
typedef struct { /* OrbitalStrike */
    int32_t aim_ticks;
    fx t;
    yflag self_, active, deactivating;
} robot_orbital_strike_vars;

extern const yobj_class robot_landing_shockwave_class, robot_grenade_object_class, robot_missile_object_class,
    robot_ground_fire_class, robot_orbital_strike_class;
extern const state_class robot_landing_shockwave_default_class, robot_grenade_default_class,
    robot_missile_default_class, robot_ground_fire_state_class, robot_orbital_strike_default_class,
    robot_orbital_strike_fire_class;

/* RobotGrenade / OrbitalStrike methods the fighter and its states call */
robot_grenade_vars *robot_grenade(yobj *o);         /* NULL when o is not a RobotGrenade */
robot_orbital_strike_vars *robot_orbital(yobj *o);  /* NULL when o is not an OrbitalStrike */
void robot_grenade_activate(ymatch *m, yproj *p);
void robot_grenade_refresh(ymatch *m, yproj *p);
void robot_orbital_deactivate(ymatch *m, yproj *p);

#endif
