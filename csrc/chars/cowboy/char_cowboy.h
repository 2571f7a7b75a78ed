/* The Cowboy in C: its fighter variables, state and object classes (char_cowboy*.c).
 *
 *   char_cowboy.c          <- states/cowboy/fighter.py
 *   char_cowboy_registry.c <- the registries of states/cowboy/__init__.py
 *   char_cowboy_moves.c    <- states/cowboy/moves.py
 *   char_cowboy_gun.c      <- states/cowboy/gun.py
 *   char_cowboy_time.c     <- states/cowboy/time.py
 *   char_cowboy_objects.c  <- states/cowboy/objects.py
 */
#ifndef YOMI_CHAR_COWBOY_H
#define YOMI_CHAR_COWBOY_H

#include "base.h"
#include "engine.h"

typedef struct {
    int32_t bullets_left, consecutive_shots, shot_dir_x, shot_dir_y, lightning_slice_x, lightning_slice_y,
        stance_teleport_x, stance_teleport_y, drift_jump_timer, ticks_until_time_shift, milk_toggle_tick,
        fatal_cut_start_pos_x, fatal_cut_start_pos_y;
    fx default_max_air_speed, fatal_cut_move_dir_x, fatal_cut_move_dir_y;
    int32_t cut_projectile, lasso_projectile, after_image_object, gun_projectile, temporal_round; /* 0 = None */
    yflag used_aerial_h_slash, used_aerial_l_slice, has_gun, up_swipe_momentum, buffer_bullet_cancelling,
        bullet_cancelling, detonating, shifting, drift_effect, shifted_this_frame, shifted_last_frame, lasso_parried,
        milk_toggled, shifted_this_turn;
} cowboy_vars;

#define COWBOY(f) ((cowboy_vars *)(f)->vars)

extern const yomi_char char_cowboy_hooks;

/* `CHARACTER == "Cowboy"`: o is a fighter playing the Cowboy */
static inline bool is_cowboy(yobj *o) { return o && o->is_fighter && AS_F(o)->chr->name == char_cowboy_hooks.name; }

/* ------------------------------------------------------------------ char_cowboy.c: Cowboy methods other files call */
void cowboy_get_barrel_location(ymatch *m, fx angle, fx modifier, fx *x, fx *y);
void cowboy_shift(ymatch *m, yfighter *f);
void cowboy_start_1k_cuts_buff(yfighter *f);
void cowboy_end_1k_cuts_buff(yfighter *f);
void cowboy_use_bullet(yfighter *f);
void cowboy_load_last_input_into_buffer(yfighter *f);
/* the object table of one of the Cowboy's scenes (looked up once) */
enum {
    CB_SCENE_NEW_BULLET, CB_SCENE_BULLET, CB_SCENE_TEMPORAL_BULLET, CB_SCENE_FAST_TEMPORAL_BULLET, CB_SCENE_GUN,
    CB_SCENE_LASSO, CB_SCENE_EXPLOSION, CB_SCENE_CUTS, CB_SCENE_FORESIGHT, CB_SCENE_GUN_BULLET, CB_SCENE_TIME_BULLET,
    CB_N_SCENES
};
int cowboy_scene(int which);

int cowboy_previous_state_name(yobj *host); /* previous_state_name(): SYM_NONE for "" */

/* FixedMath methods fxs.h does not have (the string facade: results re-quantised) */
fx cb_angle_dist(fx a, fx b);
void cb_vec_div(ymatch *m, fx x, fx y, fx k, fx *ox, fx *oy);

/* ------------------------------------------------------------------ char_cowboy_moves.c (states/cowboy/moves.py) */
extern const state_class cowboy_dash_class, cowboy_air_dash_class, cowboy_three_combo_class, cowboy_hslash_class,
    cowboy_vslash_class, cowboy_upward_swipe_class, cowboy_downward_cleave_class, cowboy_hair_slash_class,
    cowboy_lightning_slice_class, cowboy_back_slash_class, cowboy_impale_class, cowboy_impale_followup_class,
    cowboy_izuna_drop_class, cowboy_lasso_class, cowboy_lasso_pull_class, cowboy_lasso_reel_class,
    cowboy_hurt_aerial_class, cowboy_taunt_class;

/* ------------------------------------------------------------------ char_cowboy_gun.c (states/cowboy/gun.py) */
extern const state_class cowboy_new_shoot_class, cowboy_shoot_class, cowboy_brandish_class, cowboy_pistol_whip_class,
    cowboy_gun_throw_class, cowboy_gun_reel_class;

/* ------------------------------------------------------------------ char_cowboy_time.c (states/cowboy/time.py) */
extern const state_class cowboy_teleport_class, cowboy_tp_stance_class, cowboy_foresight_class,
    cowboy_foresight_explosion_class, cowboy_thousand_cuts_class, cowboy_weeb_cut_class;

/* ------------------------------------------------------------------ char_cowboy_objects.c (states/cowboy/objects.py) */
typedef struct { /* Gun */
    yflag can_be_picked_up, shot, lassoed, reeled;
} cowboy_gun_vars;
typedef struct { /* NewBullet */
    fx dir_x, dir_y, speed;
    int32_t no_draw_ticks;
    int32_t last_hit_by; /* object number, 0 = "" */
    yflag ricochet;
} cowboy_new_bullet_vars;
typedef struct { /* Bullet */
    fx distance, dir_x, dir_y;
    int32_t shoot_frame, shoot_timer;
    int32_t last_hit_by; /* object number, 0 = "" */
    yflag frozen, shot, got_hit;
} cowboy_bullet_vars;
typedef struct { /* AfterImage */
    yflag detonating;
} cowboy_after_image_vars;
typedef struct { /* ThousandCutsObject */
    int32_t total_ticks;
} cowboy_cuts_vars;

extern const yobj_class cowboy_gun_class, cowboy_lasso_object_class, cowboy_new_bullet_class, cowboy_bullet_class,
    cowboy_after_image_class, cowboy_cuts_object_class;
extern const state_class cowboy_gun_spin_class, cowboy_lasso_default_class, cowboy_lasso_holding_class,
    cowboy_new_bullet_default_class, cowboy_bullet_default_class, cowboy_temporal_round_default_class,
    cowboy_foresight_default_class, cowboy_after_image_explosion_default_class, cowboy_cuts_default_class;

/* the object's variables when it is of that class, else NULL */
cowboy_gun_vars *cowboy_gun(yobj *o);
cowboy_new_bullet_vars *cowboy_new_bullet(yobj *o); /* getattr(obj, "IS_NEW_BULLET", False) */
cowboy_bullet_vars *cowboy_bullet(yobj *o);
cowboy_after_image_vars *cowboy_after_image(yobj *o);
/* methods the fighter and its states call */
void cowboy_bullet_shoot(cowboy_bullet_vars *b); /* Bullet.shoot */
void cowboy_gun_reset_hitbox(ymatch *m, yobj *gun); /* Gun.reset_hitbox */

#endif
