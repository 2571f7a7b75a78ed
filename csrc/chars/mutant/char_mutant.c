/* The Mutant. Mirrors states/mutant/fighter.py (characters/mutant/Beast.gd).
 *
 * Resources: juke pips (juke_dir extra: a short dash in any direction on top of the chosen
 * move, 2 pips each), the spike (spike_enabled extra), the burst-cancel charge, the install
 * timer, the shockwave. Juke movement runs before the base tick. Its states are in
 * char_mutant_moves.c, its projectiles in char_mutant_objects.c. */
#include <stddef.h>
#include <string.h>

#include "char_mutant.h"

#define JUKE_PIPS 10
#define JUKE_PIPS_PER_USE 2
#define JUKE_TICKS 3
#define UP_JUKE_TICKS 10
#define NEUTRAL_JUKE_TICKS 6
#define SIDE_JUKE_TICKS 4
#define UP_JUKE_DOWN_FORCE FXI(2)
#define UP_JUKE_GRAVITY FXC(-0.95)
#define GROUNDED_UP_JUKE_GRAVITY FXC(-0.55)
#define JUKE_SPEED FXI(12)
#define JUKE_COMBO_MODIFIER FXC(1.25)
#define DOWN_JUKE_SPEED FXI(14)
#define JUKE_STARTUP_TICKS_NO_INITIATIVE 2

static void construct(ymatch *m, yfighter *f) {
    (void)m;
    mutant_vars *v = MUTANT(f);
    v->juke_pips = JUKE_PIPS_PER_USE * 2;
}

void mutant_add_juke_pips(yfighter *f, int32_t amount) {
    mutant_vars *v = MUTANT(f);
    v->juke_pips = (int32_t)int_clamp(v->juke_pips + amount, 0, JUKE_PIPS);
}

static void disable_spike(ymatch *m, yfighter *f) {
    yobj *obj = obj_from_name(m, MUTANT(f)->spike_projectile);
    if (!obj) return;
    obj_disable(m, obj);
}

/* ------------------------------------------------------------------ hooks of the base fighter */
static void apply_grav(ymatch *m, yfighter *f) {
    if (MUTANT(f)->up_juke_ticks <= 0) fighter_base_apply_grav(m, f);
}

static void apply_grav_custom(ymatch *m, yfighter *f, fx grav, fx fall_speed) {
    if (MUTANT(f)->juke_ticks <= 0) fighter_base_apply_grav_custom(m, f, grav, fall_speed);
}

static void process_action(ymatch *m, yfighter *f, int action) {
    (void)m;
    int i = obj_state_index_quiet(&f->o, action);
    if (i >= 0 && f->states[i].has_hitboxes && f->previous_input_has_action && f->previous_input_action == SYM_AirDash)
        MUTANT(f)->can_air_dash = true;
}

enum { SPIKE_ENABLED = YX_CHAR0, JUKE_DIR };

static void process_extra(ymatch *m, yfighter *f, const yextra *e) {
    mutant_vars *v = MUTANT(f);
    v->bc_charge = false;
    v->juke_startup_ticks = 0;
    v->juked_this_turn = false;
    fighter_base_process_extra(m, f, e);
    if (!YOK(m)) return;
    if (yx_has(e, SPIKE_ENABLED)) {
        if (!yx_bool(e, SPIKE_ENABLED)) disable_spike(m, f);
    }
    bool has_juke = yx_has(e, JUKE_DIR) && !yx_null(e, JUKE_DIR);
    fx jx = 0, jy = 0;
    if (has_juke) fxs_normalized(fxs_int(e->x[JUKE_DIR]), fxs_int(e->y[JUKE_DIR]), &jx, &jy);
    if (f->queued_action == SYM_DashBackward || !has_juke) return;
    v->juke_dir_x = jx;
    v->juke_dir_y = jy;
    v->juke_ticks = JUKE_TICKS;
    if (v->juke_dir_y < 0) {
        obj_set_vel(&f->o, fxs_mul(f->o.data.vx, FXC(0.75)), fxs_mul(f->o.data.vy, FXC(0.5)));
        v->up_juke_ticks = UP_JUKE_TICKS;
        int i = obj_state_index_quiet(&f->o, f->queued_action);
        if (!(i >= 0 && f->states[i].uses_air_movement)) fighter_use_air_movement(f);
        obj_apply_force(&f->o, 0, UP_JUKE_DOWN_FORCE);
        v->started_up_juke_from_ground = obj_grounded(&f->o);
    }
    if (v->juke_dir_y == 0 && jx == 0) v->juke_ticks = NEUTRAL_JUKE_TICKS;
    else if (v->juke_dir_x > 0 || v->juke_dir_x < 0) v->juke_ticks = SIDE_JUKE_TICKS;
    mutant_add_juke_pips(f, -JUKE_PIPS_PER_USE);
    v->juked_this_turn = true;
}

bool mutant_is_neutral_juke(yfighter *f) {
    mutant_vars *v = MUTANT(f);
    return v->juke_ticks > 0 && v->juke_dir_x == 0 && v->juke_dir_y == 0;
}

static void on_hit_something(ymatch *m, yfighter *f, yobj *victim, yhitbox *hb) {
    fighter_base_on_hit_something(m, f, victim, hb);
    if (victim->is_fighter) f->o.projectile_invulnerable = true;
    mutant_add_juke_pips(f, 1);
    MUTANT(f)->bc_charge = true;
}

static void on_parried(ymatch *m, yfighter *f) {
    (void)m;
    mutant_add_juke_pips(f, JUKE_PIPS_PER_USE);
}

static void on_got_blocked(ymatch *m, yfighter *f) {
    fighter_base_on_got_blocked(m, f);
    mutant_add_juke_pips(f, 1);
}

static void on_blocked_melee_attack(ymatch *m, yfighter *f) {
    fighter_base_on_blocked_melee_attack(m, f);
    disable_spike(m, f);
}

static void launched_by(ymatch *m, yfighter *f, yhbd *hb) {
    combat_base_launched_by(m, f, hb);
    if (!YOK(m)) return;
    disable_spike(m, f);
    if (MUTANT(f)->juked_this_turn && st_name(obj_state(&FOPP(m, f)->o)) == SYM_Burst)
        mutant_add_juke_pips(f, (int32_t)idiv(JUKE_PIPS_PER_USE, 2));
}

static void on_got_parried(ymatch *m, yfighter *f) {
    (void)m;
    mutant_vars *v = MUTANT(f); /* (replaces the base handler entirely) */
    if (v->juked_this_turn) {
        v->juke_ticks = 0;
        v->up_juke_ticks = 0;
        f->o.hitlag_ticks += 5;
    }
}

static void passive_sadness_gain(ymatch *m, yfighter *f) {
    fighter_base_passive_sadness_gain(m, f);
    int direction = fxs_sign(f->last_vel[0]);
    int opp_dir = fighter_opponent_dir(m, f);
    if (direction != 0 && direction != opp_dir && imod(f->o.current_tick, 6) == 0) fighter_add_penalty(m, f, 1, false);
}

static void on_got_push_blocked(ymatch *m, yfighter *f) {
    (void)m;
    if (mutant_is_neutral_juke(f)) MUTANT(f)->juke_ticks = 0;
}

/* ------------------------------------------------------------------ the tick */
static void juke_tick(ymatch *m, yfighter *f) {
    (void)m;
    mutant_vars *v = MUTANT(f);
    fx juke_speed = JUKE_SPEED;
    if (v->juke_dir_y > 0) juke_speed = DOWN_JUKE_SPEED;
    ystate *st = obj_state(&f->o);
    if (st_is(st, T_FAST_SWIPE) || st_is(st, T_GRAB)) juke_speed = fxs_mul(juke_speed, FXC(0.25));
    if (f->o.combo_count > 0) juke_speed = fxs_mul(juke_speed, JUKE_COMBO_MODIFIER);
    if (v->up_juke_ticks > 0) {
        v->up_juke_ticks--;
        if (v->juke_dir_y < 0 && !st_is(st, T_JUMP) && !st_is(st, T_THROW))
            obj_apply_force(&f->o, 0, !v->started_up_juke_from_ground ? UP_JUKE_GRAVITY : GROUNDED_UP_JUKE_GRAVITY);
    }
    if (v->juke_ticks > 0) {
        v->juke_ticks--;
        if (v->juke_dir_x != 0 && v->juke_ticks <= JUKE_TICKS) obj_move_directly(&f->o, fxs_mul(v->juke_dir_x, juke_speed), 0);
        if (v->juke_dir_y > 0) obj_move_directly(&f->o, 0, fxs_mul(v->juke_dir_y, juke_speed));
        if (v->juke_dir_x == 0 && v->juke_dir_y == 0) fg_reset_momentum(&f->o.chara); /* the "0" text test */
    }
}

static void tick(ymatch *m, yfighter *f) {
    mutant_vars *v = MUTANT(f);
    if (!f->initiative && f->turn_frames == 0) v->juke_startup_ticks = JUKE_STARTUP_TICKS_NO_INITIATIVE;
    if ((v->juke_ticks > 0 || v->up_juke_ticks > 0) && f->o.hitlag_ticks <= 0 && f->blockstun_ticks <= 0 &&
        v->juke_startup_ticks <= 0)
        juke_tick(m, f);
    else if (v->juke_startup_ticks > 0)
        v->juke_startup_ticks--;
    if (f->penalty_ticks > 0) v->juke_pips = 0;
    if (fighter_is_in_hurt_state(f, false) || strstr(sym_text(st_name(obj_state(&f->o))), "Knockdown")) {
        v->juke_ticks = 0;
        v->up_juke_ticks = 0;
    }
    if (f->infinite_resources) v->juke_pips = JUKE_PIPS;
    fighter_base_tick(m, f);
}

static int host_command(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    (void)m;
    (void)args;
    (void)n;
    if (method == SYM_add_juke_pip) {
        mutant_add_juke_pips(f, 1);
        return 1;
    }
    return 0;
}

static bool refs_object(ymatch *m, yfighter *f, int number) {
    (void)m;
    return MUTANT(f)->spike_projectile == number || MUTANT(f)->shockwave_projectile == number;
}

static const yextra_key EXTRAS[] = {{"spike_enabled", YXS_BOOL}, {"juke_dir", YXS_DIR}};

#define R(name, kind) {#name, kind, offsetof(mutant_vars, name)}
static const yres_field RES[] = {
    R(install_ticks, RF_INT), R(juke_pips, RF_INT), R(juke_ticks, RF_INT), R(up_juke_ticks, RF_INT),
    R(juke_startup_ticks, RF_INT), R(juke_dir_x, RF_FX), R(juke_dir_y, RF_FX), R(juked_this_turn, RF_BOOL),
    R(bc_charge, RF_BOOL), R(spike_projectile, RF_OBJREF), R(shockwave_projectile, RF_OBJREF),
    R(can_air_dash, RF_BOOL),
};
#undef R

const yomi_char char_mutant_hooks = {
    .name = "Mutant",
    .py_class = "states.mutant.fighter.Mutant",
    .vars_size = sizeof(mutant_vars),
    .extras = EXTRAS,
    .n_extras = sizeof EXTRAS / sizeof EXTRAS[0],
    .res = RES,
    .n_res = sizeof RES / sizeof RES[0],
    .construct = construct,
    .tick = tick,
    .process_extra = process_extra,
    .process_action = process_action,
    .apply_grav = apply_grav,
    .apply_grav_custom = apply_grav_custom,
    .on_hit_something = on_hit_something,
    .on_parried = on_parried,
    .on_got_blocked = on_got_blocked,
    .on_blocked_melee_attack = on_blocked_melee_attack,
    .launched_by = launched_by,
    .on_got_parried = on_got_parried,
    .passive_sadness_gain = passive_sadness_gain,
    .on_got_push_blocked = on_got_push_blocked,
    .host_command = host_command,
    .refs_object = refs_object,
};
