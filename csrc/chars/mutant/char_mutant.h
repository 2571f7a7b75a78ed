/* The Mutant in C: its fighter variables, its state and object classes (char_mutant*.c):
 * char_mutant.c <- states/mutant/fighter.py, char_mutant_moves.c <- states/mutant/moves.py,
 * char_mutant_objects.c <- states/mutant/objects.py, registered as states/mutant/__init__.py. */
#ifndef YOMI_CHAR_MUTANT_H
#define YOMI_CHAR_MUTANT_H

#include "base.h"

typedef struct {
    int32_t install_ticks, juke_startup_ticks, juke_pips, juke_ticks, up_juke_ticks;
    fx juke_dir_x, juke_dir_y;
    int16_t shockwave_projectile, spike_projectile; /* 0 = None */
    yflag bc_charge, juked_this_turn, started_up_juke_from_ground, can_air_dash;
} mutant_vars;

#define MUTANT(f) ((mutant_vars *)(f)->vars)

/* char_mutant.c (Beast.gd) */
void mutant_add_juke_pips(yfighter *f, int32_t amount);
bool mutant_is_neutral_juke(yfighter *f);

/* char_mutant_moves.c: the state scripts */
extern const yscript_entry mutant_scripts[];

/* char_mutant_objects.c: the projectiles and their state scripts */
extern const struct yobj_entry mutant_objects[];
extern const yscript_entry mutant_object_scripts[];
void mutant_spike_set_rotation(yproj *spike, int32_t x, int32_t y); /* CausticSpikeProjectile.set_rotation */

/* FixedMath methods (yomi/fixed.py) the string facade of fxs.h has no helper for; each result
 * re-quantised as its text would be. */
static inline fx mutant_fx_vec_to_angle(ymatch *m, fx x, fx y) {
    fx out = 0;
    if (fx_atan2(y, x, &out) != FX_OK) {
        yerr(m, YE_FIXED, "attempt to divide by zero");
        return 0;
    }
    return fx_rq(out);
}

static inline void mutant_fx_rotate_vec(fx x, fx y, fx angle, fx *ox, fx *oy) {
    fx c = fx_cos(angle), s = fx_sin(angle);
    *ox = fx_rq(fx_wrap_sub(fx_mul(x, c), fx_mul(y, s)));
    *oy = fx_rq(fx_wrap_add(fx_mul(x, s), fx_mul(y, c)));
}

static inline fx mutant_fx_deg2rad(fx deg) { return fx_rq(fx_div_int(fx_mul(deg, FX_PI), 180)); }

static inline void mutant_fx_angle_to_vec(fx angle, fx *ox, fx *oy) {
    *ox = fx_rq(fx_cos(angle));
    *oy = fx_rq(fx_sin(angle));
}

#endif
