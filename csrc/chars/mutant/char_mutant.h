/* The Mutant in C: its fighter variables, its state and object classes (char_mutant*.c):
 * char_mutant.c <- states/mutant/fighter.py, char_mutant_moves.c <- states/mutant/moves.py,
 * char_mutant_objects.c <- states/mutant/objects.py, char_mutant_registry.c <- the registries of
 * states/mutant/__init__.py. */
#ifndef YOMI_CHAR_MUTANT_H
#define YOMI_CHAR_MUTANT_H

#include "base.h"
#include "engine.h"

typedef struct {
    int32_t install_ticks, juke_startup_ticks, juke_pips, juke_ticks, up_juke_ticks;
    fx juke_dir_x, juke_dir_y;
    int32_t shockwave_projectile, spike_projectile; /* 0 = None */
    yflag bc_charge, juked_this_turn, started_up_juke_from_ground, can_air_dash;
} mutant_vars;

#define MUTANT(f) ((mutant_vars *)(f)->vars)

/* char_mutant.c (Beast.gd) */
void mutant_add_juke_pips(yfighter *f, int32_t amount);
bool mutant_is_neutral_juke(yfighter *f);

/* char_mutant_moves.c: the state classes (the registry names them) */
extern const state_class mutant_acid_slash_h_class, mutant_acid_slash_j_class, mutant_air_dash_forward_class,
    mutant_air_swipe_class, mutant_beast_state_class, mutant_bite_grab_class, mutant_bite_throw_class,
    mutant_caustic_spike_class, mutant_dash_through_attack_class, mutant_forward_dash_back_followup_class,
    mutant_forward_dash_followup_class, mutant_dash_forward_class, mutant_offensive_burst_class, mutant_roll_class,
    mutant_taunt_class, mutant_overhead_claw_class, mutant_pounce_fail_roll_class, mutant_projectile_grab_class,
    mutant_projectile_grab_jump_class, mutant_rebirth_class, mutant_shockwave_class, mutant_slop_dash_class,
    mutant_swipe_air_class, mutant_swipe_class, mutant_thorn_barrage_class, mutant_twist_attack_class,
    mutant_wall_trick_class, mutant_wall_trick_followup_class;

/* char_mutant_objects.c: the projectiles and their state scripts */
extern const state_class mutant_acid_bubble_default_class, mutant_acid_bubble_pop_class,
    mutant_caustic_spike_default_class, mutant_caustic_thorn_default_class, mutant_poison_default_class,
    mutant_shockwave_default_class;
extern const yobj_class mutant_acid_bubble_class, mutant_caustic_spike_projectile_class, mutant_poison_class,
    mutant_shockwave_projectile_class;
void mutant_spike_set_rotation(yproj *spike, int32_t x, int32_t y); /* CausticSpikeProjectile.set_rotation */

/* FixedMath.deg2rad (yomi/fixed.py), the result re-quantised as its text would be */
static inline fx mutant_fx_deg2rad(fx deg) { return fx_rq(fx_div_int(fx_mul(deg, FX_PI), 180)); }

extern const yomi_char char_mutant_hooks; /* char_mutant.c: the fighter's hooks */

#endif
