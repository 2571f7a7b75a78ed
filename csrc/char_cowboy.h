/* The Cowboy in C: its fighter variables and state classes (char_cowboy*.c). */
#ifndef YOMI_CHAR_COWBOY_H
#define YOMI_CHAR_COWBOY_H

#include "base.h"

typedef struct {
    int32_t bullets_left, consecutive_shots, shot_dir_x, shot_dir_y, lightning_slice_x, lightning_slice_y,
        stance_teleport_x, stance_teleport_y, drift_jump_timer, ticks_until_time_shift, milk_toggle_tick,
        fatal_cut_move_dir_x, fatal_cut_move_dir_y, fatal_cut_start_pos_x, fatal_cut_start_pos_y;
    fx default_max_air_speed;
    int16_t cut_projectile, lasso_projectile, after_image_object, gun_projectile, temporal_round; /* 0 = None */
    bool used_aerial_h_slash, used_aerial_l_slice, has_gun, up_swipe_momentum, buffer_bullet_cancelling,
        bullet_cancelling, detonating, shifting, drift_effect, shifted_this_frame, shifted_last_frame, lasso_parried,
        milk_toggled, shifted_this_turn;
} cowboy_vars;

#define COWBOY(f) ((cowboy_vars *)(f)->vars)

extern const yscript_entry cowboy_scripts[];

#endif
