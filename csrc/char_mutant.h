/* The Mutant in C: its fighter variables and state classes (char_mutant*.c). */
#ifndef YOMI_CHAR_MUTANT_H
#define YOMI_CHAR_MUTANT_H

#include "base.h"

typedef struct {
    int32_t install_ticks, juke_startup_ticks, juke_pips, juke_ticks, up_juke_ticks;
    fx juke_dir_x, juke_dir_y;
    int16_t shockwave_projectile, spike_projectile; /* 0 = None */
    bool bc_charge, juked_this_turn, started_up_juke_from_ground, can_air_dash;
} mutant_vars;

#define MUTANT(f) ((mutant_vars *)(f)->vars)

extern const yscript_entry mutant_scripts[];
void mutant_add_juke_pips(yfighter *f, int32_t amount);

#endif
