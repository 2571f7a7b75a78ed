/* The Ninja in C: its fighter variables and state classes (char_ninja*.c). */
#ifndef YOMI_CHAR_NINJA_H
#define YOMI_CHAR_NINJA_H

#include "base.h"

typedef struct {
    int32_t momentum_stores, sticky_bombs_left, skull_shaker_bleed_ticks, boost_frames_left;
    int32_t quick_slash_start_pos_x, quick_slash_start_pos_y;
    fx stored_momentum_x, stored_momentum_y, stored_speed_1, stored_speed_2, stored_speed_3, current_momentum;
    fx quick_slash_move_dir_x, quick_slash_move_dir_y;
    int16_t bomb_projectile, grappling_hook_projectile; /* object numbers, 0 = None */
    uint8_t n_substituted;
    int16_t substituted_objects[8];
    bool can_summon_kunai, can_summon_kick, bomb_thrown, pulling, used_grappling_hook, whip_beam_charged,
        released_this_turn, will_release_momentum, will_store_momentum, boosted_during_combo, stackriken_out,
        can_divekick_hop;
} ninja_vars;

#define NINJA(f) ((ninja_vars *)(f)->vars)

extern const yscript_entry ninja_scripts[];
extern const state_class ninja_grappling_hook_class, ninja_sticky_bomb_class, ninja_store_momentum_class,
    ninja_summon_class, ninja_swap_places_class;

#endif
