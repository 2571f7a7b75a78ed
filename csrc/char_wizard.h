/* The Wizard in C: its fighter variables and state classes (char_wizard*.c). */
#ifndef YOMI_CHAR_WIZARD_H
#define YOMI_CHAR_WIZARD_H

#include "base.h"

typedef struct {
    int32_t hover_left, hover_drain_amount, fast_fall_drain_amount, hover_gain_amount, hover_gain_amount_depleted,
        hover_gain_amount_air, gusts_in_combo, tether_ticks, geyser_charge, orb_duration, orb_accumulator,
        flame_wave_cooldown, default_dash_speed, spark_speed_frames;
    int16_t orb_projectile, boulder_projectile; /* 0 = None */
    yxy_opt current_orb_push;
    yref_list spark_bombs, nearby_spark_bombs;
    bool hovering, fast_falling, fast_fall_landing, can_flame_wave, can_vile_clutch, detonating_bombs;
} wizard_vars;

#define WIZARD(f) ((wizard_vars *)(f)->vars)

extern const yscript_entry wizard_scripts[];

#endif
