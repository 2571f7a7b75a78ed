/* The shared states of characters/BaseChar.tscn (states/base/) and the generic object
 * states (states/objects/): their classes and variables, for the core and for the
 * characters that extend them. Each base_*.c mirrors one module of states/base/. */
#ifndef YOMI_BASE_H
#define YOMI_BASE_H

#include "ytypes.h"

/* base.c <- states/base/__init__.py: the registries */
extern const yscript_entry base_scripts[];
extern const yscript_entry base_class_names[];
extern const yscript_entry base_object_state_scripts[];

/* base_hurt.c <- states/base/hurt.py */
enum { BOUNCE_LEFT_WALL, BOUNCE_RIGHT_WALL, BOUNCE_NONE };
typedef struct {
    yflag brace, guard_broken, counter;
} hurt_vars;
typedef struct {
    hurt_vars h;
    int32_t hitstun, bounce_frames;
    int8_t can_act; /* -1 None, 0, 1 */
    yflag knockdown, wall_slam, hard_knockdown, ground_bounced;
} hurt_aerial_vars;
typedef struct {
    hurt_vars h;
    int32_t hitstun;
    yflag can_act, wall_slam, dizzy;
} hurt_grounded_vars;
typedef struct {
    int8_t dir; /* 0: None */
} wall_slam_vars;
extern const state_class character_hurt_state_class, hurt_aerial_class, hurt_grounded_class, wall_slam_class;
int hurt_aerial_tick(ymatch *m, yobj *host, ystate *st);
void hurt_aerial_begin_ground_bounce(ymatch *m, yobj *host, ystate *st);

/* base_parry.c <- states/base/parry.py */
enum { PARRY_HIGH, PARRY_LOW, PARRY_BOTH };
typedef struct {
    int32_t initial_parry_type, parry_tick, parry_type;
    yflag can_parry, parried, started_in_combo, parry_active, perfect;
} parry_vars;
typedef struct {
    parry_vars p;
    int32_t extra_iasa;
    yflag push, use_guard_sprites, autoguard, disable_aerial_movement, reblock, disable_aerial_movement_initial,
        punishable, parried_last;
} grounded_parry_vars;
extern const state_class parry_state_class, grounded_parry_state_class;

/* base_counter_attack.c */
typedef struct {
    int32_t counter_type;
    yflag bracing;
} counter_vars;
enum { COUNTER_HIGH, COUNTER_LOW, COUNTER_GRAB };
extern const state_class counter_attack_class;

/* base_idle.c */
typedef struct {
    yflag auto_fall;
} idle_vars;
extern const state_class idle_class;

/* base_roll.c */
typedef struct {
    fx force_x, force_y, accel_x, accel_y;
    yflag has_force, back, tech;
    int32_t force_anim_length;
} roll_vars;
extern const state_class roll_dodge_class;
int roll_enter(ymatch *m, yobj *host, ystate *st);

/* base_burst.c */
typedef struct {
    yflag started_falling, defensive;
} burst_vars;
extern const state_class burst_class, offensive_burst_class;

/* base_fall.c */
typedef struct {
    fx move_speed;
} super_fall_vars;
extern const state_class fall_class, super_fall_startup_class, super_fall_class;
int fall_tick(ymatch *m, yobj *host, ystate *st);

/* base_landing.c */
typedef struct {
    int32_t lag;
} landing_vars;
extern const state_class landing_class;
void landing_set_lag(ymatch *m, yobj *host, ystate *st, bool has_lag, int32_t lag);
int landing_tick(ymatch *m, yobj *host, ystate *st);

/* base_knockdown.c */
typedef struct {
    yflag hard;
} knockdown_vars;
extern const state_class knockdown_class, getup_class;

/* base_dash.c */
typedef struct {
    int32_t dir_x, dash_speed, back_penalty, startup_lag, stop_frame;
    fx dash_speed_string, fric, speed_limit, max_speed_ratio, dash_force, dist_ratio;
    yflag dash_speed_string_zero, spawn_particle, air, updated, charged, auto_;
} dash_vars;
extern const state_class dash_class, dash_startup_class, charge_dash_class;
int dash_enter(ymatch *m, yobj *host, ystate *st);

/* base_jump.c */
typedef struct {
    fx speed, y_modifier, x_modifier, x_speed_preserved, super_jump_speed_override, fall_anim_speed, force_x, force_y;
    int32_t back_full_hop_sadness, back_short_hop_sadness, jump_tick;
    yflag super_jump, has_speed_override, fall_anim, queue_backdash_check, front_squat, squat;
} jump_vars;
extern const state_class jump_class;
int jump_frame_7(ymatch *m, yobj *host, ystate *st);

/* base_air_dash.c */
typedef struct {
    fx dir_x, dir_y, speed, fric;
    uint16_t forward_dash_name, backward_dash_name;
    int32_t starting_y, startup_lag_frames;
} air_dash_vars;
extern const state_class air_dash_class;
int air_dash_frame_0(ymatch *m, yobj *host, ystate *st);

/* base_super_move.c */
typedef struct {
    int32_t super_level, supers_used, super_freeze_ticks;
    yflag super_effect, scale_combo_meter;
} super_move_vars;
extern const state_class super_move_class, instant_cancel_class, whiff_instant_cancel_class;

/* base_grab.c */
typedef struct {
    uint16_t forward_throw_state, back_throw_state, down_throw_state;
    int32_t dash_lag;
    yflag jump_grab, dash_momentum_applied;
} grab_vars;
extern const state_class grab_class;

/* base_grabbed.c, base_throw_tech.c, base_taunt.c */
extern const state_class grabbed_class, throw_tech_class, taunt_class, forfeit_explosion_class;
typedef struct {
    yflag can_apply_sadness;
} taunt_vars;
int taunt_frame_44(ymatch *m, yobj *host, ystate *st);

/* base_throw.c */
typedef struct {
    int32_t release_frame, start_throw_pos_x, start_throw_pos_y, release_throw_pos_x, release_throw_pos_y,
        hitstun_ticks, damage, damage_in_combo, screenshake_amount, screenshake_frames, minimum_grounded_frames,
        damage_proration, hit_height, hitlag_ticks, victim_hitlag;
    fx knockback, dir_x, dir_y, di_modifier;
    uint16_t aerial_hit_state, grounded_hit_state, misc_data;
    yflag release, use_start_throw_pos, use_release_throw_pos, knockdown, knockdown_extends_hitstun, reverse,
        disable_collision, ground_bounce, hits_otg, increment_combo, hard_knockdown, force_grounded,
        air_ground_bounce, wall_slam, released, throw_;
} throw_vars;
extern const state_class throw_state_class;
void throw_do_release(ymatch *m, yobj *host, ystate *st); /* ThrowState.do_release (GroundSlam calls it from a frame) */
/* HitboxData(ThrowState): a throw's release (the state's exports; defaults where it has none) */
void hbd_from_throw_state(ymatch *m, yfighter *host, ystate *st, yhbd *out);

/* states/objects/projectile.py is projectile.c (projectile.h) */

/* frame table helper */
#define FRAMES(...) ((const yframe[]){__VA_ARGS__, {-1, 0}})

#endif
