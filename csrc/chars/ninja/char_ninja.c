/* The Ninja. Mirrors states/ninja/fighter.py (characters/stickman/Stickman.gd); the
 * registry of states/ninja/__init__.py is char_ninja_registry.c.
 *
 * Resources: momentum store (released with the `release` extra, decays every tick out
 * of combos), grappling hook and pulling, sticky bombs, kunai/kick summons, the Skull
 * Shaker bleed. Upkeep after the base tick: hook pull, bleed, momentum release and decay.
 * Its states are in char_ninja_moves.c, its objects in char_ninja_objects.c. */
#include <stddef.h>

#include <string.h>

#include "char_ninja.h"

#define RELEASE_MODIFIER FXC(1.175)
#define HOOK_DISABLE_DIST FXI(32)
#define HOOK_PULL_SPEED FXI(2)
#define MAX_PULL_SPEED FXI(15)
#define MAX_PULL_UPWARD_SPEED FXI(-10)
#define MAX_MOMENTUM_UPWARD_SPEED FXI(-10)
#define BACKWARD_PULL_PENALTY 2
#define SKULL_SHAKER_BLEED_DAMAGE 2
#define BOOST_REDUCTION_PER_FRAME FXC(0.1)
#define MIN_BOOST_REDUCTION_PER_FRAME FXC(0.05)

static void construct(ymatch *m, yfighter *f) {
    (void)m;
    ninja_vars *v = NINJA(f);
    v->can_summon_kunai = true;
    v->can_summon_kick = true;
    v->sticky_bombs_left = 3;
    v->stored_speed_1 = v->stored_speed_2 = v->stored_speed_3 = FXI(11);
    v->can_divekick_hop = true;
}

static void init(ymatch *m, yfighter *f) {
    fighter_base_init(m, f);
    if (f->infinite_resources) NINJA(f)->momentum_stores = 1;
}

ninja_vars *ninja_of(ymatch *m, yobj *o) {
    if (is_ninja(o)) return NINJA(AS_F(o));
    yerr(m, YE_INTERNAL, "object %d is not the Ninja", o ? o->number : 0);
    return NULL;
}

void ninja_detach(ymatch *m, yfighter *f) {
    yobj *hook = obj_from_name(m, NINJA(f)->grappling_hook_projectile);
    if (hook) obj_disable(m, hook);
}

/* substituted_objects: `name in host.substituted_objects` (the mark on the object, yobj.substituted) */
bool ninja_substituted(const yfighter *f, const yobj *o) { return (o->substituted >> (f->o.number - 1)) & 1u; }

/* host.substituted_objects[name] = True */
void ninja_add_substituted(const yfighter *f, yobj *o) { o->substituted |= (uint8_t)(1u << (f->o.number - 1)); }

static void explode_sticky_bomb(ymatch *m, yfighter *f) {
    ninja_vars *v = NINJA(f);
    if (v->bomb_thrown && obj_from_name(m, v->bomb_projectile))
        ninja_sticky_bomb_explode(m, obj_by_number(m, v->bomb_projectile));
}

static void on_roll_started(ymatch *m, yfighter *f) { ninja_detach(m, f); }

static void process_extra(ymatch *m, yfighter *f, const yextra *e) {
    ninja_vars *v = NINJA(f);
    fx vx = f->o.data.vx;
    v->current_momentum = fxs_vec_len(f->o.data.vx, f->o.data.vy);
    fighter_base_process_extra(m, f, e);
    if (!YOK(m)) return;
    enum { EXPLODE = YX_CHAR0, PULL, DETACH, RELEASE, RELEASE_DIR, STORE };
    if (yx_has(e, EXPLODE) && yx_bool(e, EXPLODE)) explode_sticky_bomb(m, f);
    if (yx_has(e, PULL)) v->pulling = yx_bool(e, PULL);
    if (yx_has(e, DETACH) && yx_bool(e, DETACH)) ninja_detach(m, f);
    if (yx_has(e, RELEASE) && yx_bool(e, RELEASE) && yx_has(e, RELEASE_DIR)) {
        if (yx_null(e, RELEASE_DIR)) {
            yerr(m, YE_TYPE, "Ninja: release_dir is null (None[\"x\"])");
            return;
        }
        v->will_release_momentum = true;
        obj_xy_to_dir(m, fxs_int(e->x[RELEASE_DIR]), fxs_int(e->y[RELEASE_DIR]),
                      fxs_mul(RELEASE_MODIFIER, v->stored_speed_1), FXI(100), &v->stored_momentum_x,
                      &v->stored_momentum_y);
        if (v->stored_momentum_y < 0) {
            if (fxs_add(f->o.data.vy, v->stored_momentum_y) < MAX_MOMENTUM_UPWARD_SPEED) {
                obj_set_vel(&f->o, vx, 0);
                v->stored_momentum_y = MAX_MOMENTUM_UPWARD_SPEED;
            }
        }
        fighter_use_super_bar(f);
    }
    if (yx_has(e, STORE)) v->will_store_momentum = yx_bool(e, STORE);
}

static void apply_forces(ymatch *m, yfighter *f) {
    ninja_vars *v = NINJA(f);
    if (v->released_this_turn || v->pulling) obj_apply_forces_no_limit(m, &f->o);
    else fighter_base_apply_forces(m, f);
}

static void release_momentum(ymatch *m, yfighter *f) {
    (void)m;
    ninja_vars *v = NINJA(f);
    obj_apply_force(&f->o, v->stored_momentum_x, !obj_grounded(&f->o) ? v->stored_momentum_y : 0);
    if (!f->infinite_resources) v->momentum_stores = 0;
    if (v->momentum_stores < 0) v->momentum_stores = 0;
    v->released_this_turn = true;
    v->will_release_momentum = false;
    if (f->o.combo_count > 0) {
        v->boosted_during_combo = true;
        f->o.combo_count++;
    }
    f->colliding_with_opponent = false;
    v->stored_momentum_x = 0;
    v->stored_momentum_y = 0;
}

static void reset_combo(ymatch *m, yfighter *f) {
    fighter_base_reset_combo(m, f);
    NINJA(f)->boosted_during_combo = false;
}

/* no gravity for the first 7 frames of a move entered from an air dash */
static void apply_grav(ymatch *m, yfighter *f) {
    ystate *prev = obj_prev_state(&f->o);
    if (prev && st_name(prev) == SYM_AirDash) {
        ystate *st = obj_state(&f->o);
        if (!st_is(st, T_HURT) && st->current_tick <= 7) return;
    }
    fighter_base_apply_grav(m, f);
}

static void decay_momentum(ymatch *m, yfighter *f) {
    ninja_vars *v = NINJA(f);
    fx reduction = fxs_mul(BOOST_REDUCTION_PER_FRAME, yfx_div(m, v->stored_speed_1, FXI(20)));
    if (v->stored_speed_1 < FXI(8)) {
        reduction = 0;
    } else {
        if (reduction < MIN_BOOST_REDUCTION_PER_FRAME) reduction = MIN_BOOST_REDUCTION_PER_FRAME;
        if (v->stored_speed_1 < FXI(10)) reduction = fxs_mul(reduction, FXC(0.5));
    }
    v->stored_speed_1 = fxs_sub(v->stored_speed_1, reduction);
    fxs_normalized_times(v->stored_momentum_x, v->stored_momentum_y, v->stored_speed_1, &v->stored_momentum_x,
                         &v->stored_momentum_y);
    if (v->stored_speed_1 < 0) {
        v->momentum_stores--;
        v->stored_speed_1 = 0;
    }
}

/* pull toward the grappling hook (or what it is attached to) */
static void hook_tick(ymatch *m, yfighter *f, yobj *hook) {
    ninja_vars *v = NINJA(f);
    ninja_hook_vars *hv = ninja_hook(hook);
    if (!hv) {
        yerr(m, YE_INTERNAL, "Ninja: the grappling hook is not a GrapplingHookObject");
        return;
    }
    if (fighter_is_in_hurt_state(f, false)) obj_disable(m, hook);
    if (!YOK(m)) return;
    yobj *attached_to = obj_from_name(m, hv->attached_to);
    int32_t hx, hy;
    if (!attached_to) obj_local_center(m, &f->o, hook, &hx, &hy);
    else obj_local_center(m, &f->o, attached_to, &hx, &hy);
    if (attached_to && attached_to->is_fighter) obj_local_pos(m, &f->o, attached_to, &hx, &hy);
    if (hv->is_locked && obj_state(hook)->current_tick > 5 && fxs_vec_len(fxs_int(hx), fxs_int(hy)) < HOOK_DISABLE_DIST)
        obj_disable(m, hook);
    if (!YOK(m)) return;
    if (v->pulling) {
        fx dx, dy;
        fxs_normalized_times(fxs_int(hx), fxs_int(hy), HOOK_PULL_SPEED, &dx, &dy);
        obj_apply_force(&f->o, dx, dy);
        obj_limit_speed(m, &f->o, MAX_PULL_SPEED);
        if (f->o.data.vy < MAX_PULL_UPWARD_SPEED) obj_set_vel(&f->o, f->o.data.vx, MAX_PULL_UPWARD_SPEED);
        if (fxs_sign(dx) != fighter_opponent_dir(m, f) && f->o.combo_count <= 0)
            fighter_add_penalty(m, f, BACKWARD_PULL_PENALTY, false);
    }
}

static void tick(ymatch *m, yfighter *f) {
    ninja_vars *v = NINJA(f);
    fighter_base_tick(m, f);
    if (!YOK(m)) return;
    if (f->turn_frames <= 1 && v->boost_frames_left <= 0) v->released_this_turn = false;
    yobj *hook = obj_from_name(m, v->grappling_hook_projectile);
    if (fighter_is_in_hurt_state(f, true)) v->pulling = false;
    if (hook) hook_tick(m, f, hook);
    else v->pulling = false;
    if (!YOK(m)) return;
    if (v->skull_shaker_bleed_ticks > 0) {
        v->skull_shaker_bleed_ticks--;
        if (imod(v->skull_shaker_bleed_ticks, 8) == 0)
            combat_take_damage(m, FOPP(m, f), SKULL_SHAKER_BLEED_DAMAGE, 0, FXC(0.25), 0, FX_ONE);
    }
    if (v->will_release_momentum && f->turn_frames == 1) release_momentum(m, f);
    if (v->momentum_stores > 0 && f->o.combo_count <= 0) decay_momentum(m, f);
    if (obj_grounded(&f->o)) {
        v->used_grappling_hook = false;
        v->can_divekick_hop = true;
    }
}

static void on_got_parried(ymatch *m, yfighter *f) {
    fighter_base_on_got_parried(m, f);
    if (NINJA(f)->released_this_turn) f->o.hitlag_ticks += 10;
}

static void on_got_hit(ymatch *m, yfighter *f) {
    ninja_vars *v = NINJA(f);
    if (v->bomb_projectile || v->bomb_thrown) {
        v->bomb_thrown = false;
        yobj *bomb = obj_from_name(m, v->bomb_projectile);
        if (bomb) obj_disable(m, bomb);
        v->bomb_projectile = 0;
    }
}

static int host_command(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    (void)m;
    (void)args;
    (void)n;
    if (method == SYM_super_fall_detach) {
        NINJA(f)->pulling = false;
        return 1;
    }
    return 0;
}

/* the object SwapPlaces (Substitution) swapped last (frame 7 refreshes it, disabled or not): kept
 * from recycling. The state's class is recognised by its Python name rather than its address, so
 * that this file names no move class (the moves call the fighter's functions). */
static int swap_places_object(yfighter *f) {
    int i = table_state_of_sym(1, f->o.table, SYM_Substitution);
    if (i < 0) return 0;
    ystate *st = &f->states[i];
    if (strcmp(st_vt(st)->cls->name, "states.ninja.moves.SwapPlaces") != 0) return 0;
    return ST_VARS(ninja_swap_places_vars, &f->o, st)->obj_name;
}

static bool refs_object(ymatch *m, yfighter *f, int number) {
    (void)m;
    ninja_vars *v = NINJA(f);
    /* substituted_objects needs no object: only live objects are looked up in it (yobj.substituted) */
    return v->bomb_projectile == number || v->grappling_hook_projectile == number ||
           swap_places_object(f) == number;
}

static const yextra_key EXTRAS[] = {
    {"explode", YXS_BOOL}, {"pull", YXS_BOOL}, {"detach", YXS_BOOL},
    {"release", YXS_BOOL}, {"release_dir", YXS_DIR}, {"store", YXS_BOOL},
};

#define R(name, kind) {#name, kind, offsetof(ninja_vars, name)}
static const yres_field RES[] = {
    R(momentum_stores, RF_INT), R(stored_momentum_x, RF_FX), R(stored_momentum_y, RF_FX),
    R(current_momentum, RF_FX), R(stored_speed_1, RF_FX), R(stored_speed_2, RF_FX), R(stored_speed_3, RF_FX),
    R(boost_frames_left, RF_INT), R(sticky_bombs_left, RF_INT), R(bomb_thrown, RF_BOOL),
    R(bomb_projectile, RF_OBJREF), R(grappling_hook_projectile, RF_OBJREF), R(pulling, RF_BOOL),
    R(used_grappling_hook, RF_BOOL), R(can_summon_kunai, RF_BOOL), R(can_summon_kick, RF_BOOL),
    R(whip_beam_charged, RF_BOOL), R(skull_shaker_bleed_ticks, RF_INT), R(released_this_turn, RF_BOOL),
    R(will_release_momentum, RF_BOOL), R(will_store_momentum, RF_BOOL), R(boosted_during_combo, RF_BOOL),
    R(stackriken_out, RF_BOOL), R(can_divekick_hop, RF_BOOL),
};
#undef R

const yomi_char char_ninja_hooks = {
    .name = "Ninja",
    .py_class = "states.ninja.fighter.Ninja",
    .vars_size = sizeof(ninja_vars),
    .extras = EXTRAS,
    .n_extras = sizeof EXTRAS / sizeof EXTRAS[0],
    .res = RES,
    .n_res = sizeof RES / sizeof RES[0],
    .construct = construct,
    .init = init,
    .tick = tick,
    .process_extra = process_extra,
    .apply_forces = apply_forces,
    .apply_grav = apply_grav,
    .reset_combo = reset_combo,
    .on_roll_started = on_roll_started,
    .on_got_parried = on_got_parried,
    .on_got_hit = on_got_hit,
    .host_command = host_command,
    .refs_object = refs_object,
};
