/* The Ninja's own states. Mirrors states/ninja/moves.py (the scripts of characters/stickman/states/ and
 * characters/stickman/NunChukLight.gd).
 *
 * Each class names the game script it ports. States whose script adds nothing the
 * simulation sees (DiveKickHop.gd, PalmStrike.gd: camera only) keep the generic class of
 * their base; Taunt.gd only adds sounds to the shared taunt. */
#include <string.h>

#include "char_ninja.h"

/* Utils.int_sign2: the sign, with 0 counted as positive */
static int32_t int_sign2(int32_t n) { return n < 0 ? -1 : 1; }

static yfighter *F(yobj *host) { return AS_F(host); }

/* ================================================================== projectiles */
/* Fireball (Fireball, AirFireball "Shuriken"). Quirk kept: speed_modifier stays on the state
 * between throws; both branches of the original give the shuriken the grounded speed. */
#define FB_MOMENTUM_REDUCTION_X FXC(0.75)
#define FB_MOMENTUM_REDUCTION_Y FXC(0.75)
#define FB_GROUNDED_SPEED FXC(7.5)
#define FB_STARTUP_LAG 3

typedef struct {
    int32_t projectile_x, projectile_y, startup_lag;
    int16_t projectile; /* object table of the `projectile` export: -1 None, -2 not in the tables */
    fx speed_modifier_amount, push_back_amount, speed_modifier;
    yflag has_speed_modifier, projectile_spawned;
} fireball_vars;

static void fireball_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    fireball_vars *v = ST_VARS(fireball_vars, host, st);
    const ynode *n = NODE(st);
    const char *scene = prop_str(n, P_projectile, NULL);
    v->projectile = (int16_t)(scene && *scene ? object_table_index(scene) : -1);
    if (scene && *scene && v->projectile < 0) v->projectile = -2;
    v->projectile_x = (int32_t)prop_int(n, P_projectile_x, 16);
    v->projectile_y = (int32_t)prop_int(n, P_projectile_y, -16);
    v->speed_modifier_amount = prop_fx(n, P_speed_modifier_amount, "2.0");
    v->push_back_amount = prop_fx(n, P_push_back_amount, "-2.0");
    v->has_speed_modifier = false;
    v->speed_modifier = 0;
    v->startup_lag = 0;
    v->projectile_spawned = false;
}

static int fireball_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(fireball_vars, host, st)->startup_lag = FB_STARTUP_LAG;
    return SYM_NONE;
}

static int fireball_frame_0(ymatch *m, yobj *host, ystate *st) {
    fireball_vars *v = ST_VARS(fireball_vars, host, st);
    obj_set_vel(host, fxs_mul(host->data.vx, FB_MOMENTUM_REDUCTION_X), fxs_mul(host->data.vy, FB_MOMENTUM_REDUCTION_Y));
    if (ydata_truthy(st_data(host, st))) {
        int32_t x, y;
        if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x) || !st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
        fx dx, dy, vx, vy;
        obj_xy_to_dir(m, fxs_int(x), fxs_int(y), FX_ONE, FXI(100), &dx, &dy);
        fxs_vec_mul(dx, dy, v->speed_modifier_amount, &vx, &vy);
        v->speed_modifier = fxs_vec_len(vx, vy);
        v->has_speed_modifier = true;
    }
    v->projectile_spawned = false;
    return SYM_NONE;
}

static int fireball_frame_5(ymatch *m, yobj *host, ystate *st) {
    fireball_vars *v = ST_VARS(fireball_vars, host, st);
    v->projectile_spawned = true;
    if (v->projectile == -1) {
        yerr(m, YE_INTERNAL, "Fireball: spawn_object(None)");
        return SYM_NONE;
    }
    if (!v->has_speed_modifier) {
        yerr(m, YE_INTERNAL, "Fireball: the shuriken's speed_modifier is None");
        return SYM_NONE;
    }
    ydata d;
    ydata_none(&d);
    if (!ydata_set_fx(m, &d, SYM_speed_modifier, SYM_NONE, v->speed_modifier)) return SYM_NONE;
    yobj *shuriken = obj_spawn(m, host, v->projectile, v->projectile_x, v->projectile_y, true, &d, true);
    if (!shuriken) return SYM_NONE;
    int32_t x, y;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x) || !st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
    fx dx, dy;
    obj_xy_to_dir(m, fxs_int(x), fxs_int(y), FX_ONE, FXI(100), &dx, &dy);
    fx dir_x = fxs_mul(dx, FXI(obj_facing(host)));
    if (st->air_type == AIR_GROUNDED) obj_apply_force_relative(host, v->push_back_amount, 0);
    ninja_shuriken_vars *sv = ninja_shuriken(shuriken);
    if (!sv) {
        yerr(m, YE_INTERNAL, "Fireball: the projectile is not a NinjaShuriken");
        return SYM_NONE;
    }
    /* Both branches of the original give the shuriken the grounded speed. */
    sv->dir_x = fxs_mul(dir_x, FB_GROUNDED_SPEED);
    sv->dir_y = fxs_mul(dy, FB_GROUNDED_SPEED);
    return SYM_NONE;
}

static int fireball_tick(ymatch *m, yobj *host, ystate *st) {
    fireball_vars *v = ST_VARS(fireball_vars, host, st);
    if (v->startup_lag > 0 && st->current_tick == 3) {
        v->startup_lag--;
        st->current_tick = 2;
    }
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    if (st->air_type == AIR_AERIAL && v->projectile_spawned) {
        obj_apply_grav(m, host);
        if (obj_grounded(host)) return SYM_Landing;
    }
    return SYM_NONE;
}

const state_class ninja_fireball_class = {
    .name = "states.ninja.moves.Fireball",
    .parent = &character_state_class,
    .vars_size = sizeof(fireball_vars),
    .construct = fireball_construct,
    .enter = fireball_enter,
    .frames = FRAMES({0, fireball_frame_0}, {5, fireball_frame_5}),
    .tick = fireball_tick,
};

/* GrapplingHook: fire the hook (its scene is the state's exported projectile) */
#define HOOK_SPEED FXI(15)
typedef struct {
    yflag projectile_spawned;
} grappling_hook_vars;

static int gh_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(grappling_hook_vars, host, st)->projectile_spawned = false;
    NINJA(F(host))->used_grappling_hook = true;
    return SYM_NONE;
}

static void gh_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *p) {
    ninja_vars *v = NINJA(F(host));
    ST_VARS(grappling_hook_vars, host, st)->projectile_spawned = true;
    fg_set_grounded(&p->o.chara, false);
    int32_t x, y;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x) || !st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return;
    fx fx_, fy;
    obj_xy_to_dir(m, fxs_int(x), fxs_int(y), HOOK_SPEED, FXI(100), &fx_, &fy);
    obj_apply_force(&p->o, fxs_add(host->data.vx, fx_), fxs_add(host->data.vy, fy));
    v->grappling_hook_projectile = p->o.number;
    ninja_hook_vars *hv = ninja_hook(&p->o);
    if (!hv) {
        yerr(m, YE_INTERNAL, "GrapplingHook: the projectile is not a GrapplingHookObject");
        return;
    }
    hv->start_y = host->data.py;
}

static int gh_tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    if (st->air_type == AIR_AERIAL && ST_VARS(grappling_hook_vars, host, st)->projectile_spawned) {
        if (host->combo_count > 0) obj_apply_grav(m, host);
        if (obj_grounded(host)) return SYM_Landing;
    }
    return SYM_NONE;
}

static bool gh_is_usable(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *v = NINJA(F(host));
    return v->grappling_hook_projectile == 0 && !v->used_grappling_hook && cs_is_usable(m, host, st);
}

const state_class ninja_grappling_hook_class = {
    .name = "states.ninja.moves.GrapplingHook",
    .parent = &character_state_class,
    .vars_size = sizeof(grappling_hook_vars),
    .frames = FRAMES({0, gh_frame_0}),
    .process_projectile = gh_process_projectile,
    .tick = gh_tick,
    .is_usable = gh_is_usable,
};

/* StickyBomb: a hop (ground data `true`) that throws the bomb on frame 15; its ThrowBox grabs
 * into StickyBombThrow */
#define SB_THROW_SPEED FXI(15)
#define SB_THROW_DIR_X FXC(0.0)
#define SB_THROW_DIR_Y FXC(1.15)
#define SB_GRAV FXC(0.35)
#define SB_FALL_SPEED FXI(5)

static int sb_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    F(host)->colliding_with_opponent = false;
    return SYM_NONE;
}

static void sb_apply_enter_force(ymatch *m, yobj *host, ystate *st) {
    if (ydata_truthy(st_data(host, st))) state_apply_enter_force(m, host, st);
}

static int sb_tick(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *v = NINJA(F(host));
    if (st->current_tick == 15) {
        yobj *bomb = obj_spawn(m, host, ninja_scene(NJ_SCENE_STICKY_BOMB), 20, 0, true, NULL, true);
        if (!bomb) return SYM_NONE;
        v->bomb_thrown = true;
        v->bomb_projectile = bomb->number;
        fx fx_, fy;
        fxs_normalized_times(fxs_mul(SB_THROW_DIR_X, FXI(obj_facing(host))), SB_THROW_DIR_Y, SB_THROW_SPEED, &fx_, &fy);
        /* the push down is dropped while the new bomb's body still counts as grounded: it just falls
         * (states/ninja/__init__.py; do not "fix") */
        obj_apply_force(bomb, fx_, fy);
    }
    if (st->current_tick > 10 && obj_grounded(host)) return SYM_Landing;
    if (ydata_truthy(st_data(host, st))) obj_apply_grav_custom(m, host, SB_GRAV, SB_FALL_SPEED);
    else obj_apply_grav(m, host);
    return SYM_NONE;
}

static bool sb_is_usable(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *v = NINJA(F(host));
    return cs_is_usable(m, host, st) && !v->bomb_thrown && v->sticky_bombs_left > 0;
}

const state_class ninja_sticky_bomb_class = {
    .name = "states.ninja.moves.StickyBomb",
    .parent = &character_state_class,
    .frames = FRAMES({0, sb_frame_0}),
    .apply_enter_force = sb_apply_enter_force,
    .tick = sb_tick,
    .is_usable = sb_is_usable,
};

/* StickyBombThrow: the sticky bomb's grab: hold still, stick a bomb on frame 30 */
typedef struct {
    throw_vars t;
    int32_t x, y;
} sticky_bomb_throw_vars;

static int sbt_enter(ymatch *m, yobj *host, ystate *st) {
    /* Replaces ThrowState's enter (`released` is reset on the first tick anyway). */
    sticky_bomb_throw_vars *v = ST_VARS(sticky_bomb_throw_vars, host, st);
    fg_reset_momentum(&host->chara);
    fg_reset_momentum(&FOPP(m, F(host))->o.chara);
    v->x = host->data.px;
    v->y = host->data.py;
    return SYM_NONE;
}

static int sbt_frame_30(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    ninja_vars *v = NINJA(F(host));
    yobj *bomb = obj_spawn(m, host, ninja_scene(NJ_SCENE_STICKY_BOMB), 0, -16, true, NULL, true);
    if (!bomb) return SYM_NONE;
    v->bomb_thrown = true;
    v->bomb_projectile = bomb->number;
    ninja_sticky_bomb_vars *bv = ninja_sticky_bomb(bomb);
    if (!bv) {
        yerr(m, YE_INTERNAL, "StickyBomb.tscn is not a StickyBombObject");
        return SYM_NONE;
    }
    bv->attached = true;
    return SYM_NONE;
}

static int sbt_tick(ymatch *m, yobj *host, ystate *st) {
    sticky_bomb_throw_vars *v = ST_VARS(sticky_bomb_throw_vars, host, st);
    if (st->current_tick > 29) {
        st->interruptible_on_opponent_turn = 1;
        obj_apply_grav(m, host);
        obj_apply_fric(m, host);
        obj_apply_forces(m, host);
    } else {
        st->interruptible_on_opponent_turn = 0;
    }
    if (st->current_tick < 28) obj_set_pos(host, v->x, v->y);
    return SYM_NONE;
}

const state_class ninja_sticky_bomb_throw_class = {
    .name = "states.ninja.moves.StickyBombThrow",
    .parent = &throw_state_class,
    .vars_size = sizeof(sticky_bomb_throw_vars),
    .enter = sbt_enter,
    .frames = FRAMES({30, sbt_frame_30}),
    .tick = sbt_tick,
};

/* Caltrops: scatter three caltrops on frame 6 */
#define CALTROPS_VERTICAL_FORCE FXI(-3)
#define CALTROPS_OBJ_POS_X 5
#define CALTROPS_OBJ_POS_Y (-16)

static int caltrops_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    static const fx HORIZ_FORCES[3] = {FXI(5), FXI(9), FXI(14)};
    for (int i = 0; i < 3; i++) {
        yobj *caltrop =
            obj_spawn(m, host, ninja_scene(NJ_SCENE_CALTROPS), CALTROPS_OBJ_POS_X, CALTROPS_OBJ_POS_Y, true, NULL, true);
        if (!caltrop) return SYM_NONE;
        obj_apply_force_relative(caltrop, HORIZ_FORCES[i], CALTROPS_VERTICAL_FORCE);
    }
    return SYM_NONE;
}

const state_class ninja_caltrops_class = {
    .name = "states.ninja.moves.Caltrops",
    .parent = &super_move_class,
    .frames = FRAMES({6, caltrops_frame_6}),
};

/* Summon: a kunai thrower (aimed sideways) or a sliding clone (straight up/down) */
#define SUMMON_SPAWN_X 2
#define SUMMON_SPAWN_Y (-16)

static int summon_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static int summon_frame_4(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *v = NINJA(F(host));
    int32_t x;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x)) return SYM_NONE;
    if (x != 0) {
        int32_t y;
        if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
        int32_t spawn_y_offset = y != 0 ? 0 : -1;
        ydata copy = *st_data(host, st); /* dict(self.data) */
        yobj *summon = obj_spawn(m, host, ninja_scene(NJ_SCENE_KUNAI_SUMMON), SUMMON_SPAWN_X,
                                 SUMMON_SPAWN_Y + spawn_y_offset, true, &copy, true);
        if (!summon) return SYM_NONE;
        obj_set_facing(m, summon, obj_facing(host), false);
        v->can_summon_kunai = false;
    } else {
        yobj *summon =
            obj_spawn(m, host, ninja_scene(NJ_SCENE_SLIDE_SUMMON), SUMMON_SPAWN_X, SUMMON_SPAWN_Y, true, NULL, true);
        if (!summon) return SYM_NONE;
        obj_set_facing(m, summon, obj_facing(host), false);
        v->can_summon_kick = false;
    }
    return SYM_NONE;
}

static bool summon_is_usable(ymatch *m, yobj *host, ystate *st) {
    /* GDScript precedence: (usable and can_summon_kunai) or can_summon_kick */
    ninja_vars *v = NINJA(F(host));
    return (cs_is_usable(m, host, st) && v->can_summon_kunai) || v->can_summon_kick;
}

const state_class ninja_summon_class = {
    .name = "states.ninja.moves.Summon",
    .parent = &character_state_class,
    .frames = FRAMES({4, summon_frame_4}),
    .tick = summon_tick,
    .is_usable = summon_is_usable,
};

/* SwapPlaces (Substitution): trade places with one of the Ninja's own objects on frame 6.
 * Quirk kept: the swapped object's name stays on the state, so frame 7 refreshes the object of
 * the *last* successful swap even when this one found nothing. */
#define MAX_X_DIST 300
#define MAX_Y_DIST 300
#define NEUTRAL_LAG 0
#define BACKWARD_PENALTY_AMOUNT_PER_PX FXC(0.25)
#define BACKWARD_PENALTY_MAX_AMOUNT 15
#define BACKWARD_PENALTY_MIN_AMOUNT 5
#define CROSS_THROUGH_PENALTY 5


/* get_usable_projectiles: the last one (0: none), or only whether there is one */
static yobj *last_usable_projectile(ymatch *m, yfighter *f) {
    yfighter *opp = FOPP(m, f);
    yobj *last = NULL;
    for (int k = 0; k < m->n_objs; k++) {
        yobj *o = &match_obj_at(m, k)->o;
        if (o->id != f->o.id || o->disabled) continue;
        ninja_sticky_bomb_vars *bomb = ninja_sticky_bomb(o);
        if (bomb && bomb->attached) continue;
        ninja_hook_vars *hook = ninja_hook(o);
        if (hook && hook->attached_to != 0) continue;
        if (ninja_substituted(f, o)) continue;
        int32_t cx, cy;
        box_center(&opp->o.hurtbox, &cx, &cy);
        if (int_abs(o->data.px - cx) > MAX_X_DIST || int_abs(o->data.py - cy) > MAX_Y_DIST) continue;
        last = o;
    }
    return last;
}

static int swap_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ninja_swap_places_vars *v = ST_VARS(ninja_swap_places_vars, host, st);
    v->neutral_lag = 0;
    if (host->combo_count <= 0) {
        v->neutral_lag = NEUTRAL_LAG;
        st->anim_length = 13;
        st->iasa_at = 12;
    } else {
        st->anim_length = 8;
        st->iasa_at = 7;
    }
    st->interruptible_on_opponent_turn = 0;
    return SYM_NONE;
}

static void swap_with(ymatch *m, yobj *host, ystate *st, yobj *obj, int start_dir) {
    yfighter *f = F(host);
    ninja_swap_places_vars *v = ST_VARS(ninja_swap_places_vars, host, st);
    int32_t obj_x = obj->data.px, obj_y = obj->data.py, my_x, my_y;
    box_center(&host->hurtbox, &my_x, &my_y);
    if (host->combo_count <= 0) {
        int32_t obj_dist = (int32_t)int_abs(obj_x - my_x);
        if (int_sign(obj_x - my_x) != fighter_opponent_dir(m, f)) {
            int32_t penalty = (int32_t)int_clamp(fxs_round(fxs_mul(BACKWARD_PENALTY_AMOUNT_PER_PX, fxs_int(obj_dist))),
                                                 BACKWARD_PENALTY_MIN_AMOUNT, BACKWARD_PENALTY_MAX_AMOUNT);
            fighter_add_penalty(m, f, penalty, true);
        }
    }
    obj_y = obj_y + 18;
    if (obj_y > -16) obj_y = 0;
    obj_set_pos(host, obj_x, obj_y);
    obj_set_pos(obj, my_x, my_y);
    obj_set_facing(m, obj, obj_facing(host), false);
    if (f->reverse_state) obj_set_vel(obj, fxs_mul(obj->data.vx, -FX_ONE), obj->data.vy);
    v->obj_name = obj->number;
    ninja_add_substituted(f, obj);
    ninja_detach(m, f);
    if (!YOK(m)) return;
    obj_update_data(m, host);
    if (start_dir != fighter_opponent_dir(m, f)) fighter_add_penalty(m, f, CROSS_THROUGH_PENALTY, true);
}

static int swap_frame_6(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = F(host);
    yobj *obj = last_usable_projectile(m, f);
    int start_dir = fighter_opponent_dir(m, f);
    if (obj) swap_with(m, host, st, obj, start_dir);
    if (!YOK(m)) return SYM_NONE;
    if (host->combo_count == 0) host->hitlag_ticks += 2;
    st->interruptible_on_opponent_turn = 1;
    return SYM_NONE;
}

static int swap_frame_7(ymatch *m, yobj *host, ystate *st) {
    ninja_swap_places_vars *v = ST_VARS(ninja_swap_places_vars, host, st);
    yobj *obj = v->obj_name ? obj_by_number(m, v->obj_name) : NULL; /* objs_map.get: disabled or not */
    if (obj) {
        obj_refresh_hitboxes(m, obj);
        if (ninja_hook(obj)) ninja_hook_unlock(m, obj);
    }
    return SYM_NONE;
}

static int swap_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ninja_swap_places_vars *v = ST_VARS(ninja_swap_places_vars, host, st);
    if (st->current_tick > 6 && v->neutral_lag > 0) {
        v->neutral_lag--;
        st->current_tick = 6;
    }
    return SYM_NONE;
}

static bool swap_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && last_usable_projectile(m, F(host)) != NULL;
}

const state_class ninja_swap_places_class = {
    .name = "states.ninja.moves.SwapPlaces",
    .parent = &character_state_class,
    .vars_size = sizeof(ninja_swap_places_vars),
    .frames = FRAMES({0, swap_frame_0}, {6, swap_frame_6}, {7, swap_frame_7}),
    .tick = swap_tick,
    .is_usable = swap_is_usable,
};

/* ================================================================== momentum */
/* StoreMomentum (StoreMomentum; ReleaseMomentum shares the script): bank the speed. The
 * release is the fighter's `release` extra (char_ninja.c: process_extra). */
#define STORE_MODIFIER FXC(0.90)

static int store_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    yfighter *f = F(host);
    ninja_vars *v = NINJA(f);
    v->stored_momentum_x = fxs_add(v->stored_momentum_x, fxs_mul(fxs_abs(host->data.vx), STORE_MODIFIER));
    v->stored_momentum_y = fxs_add(v->stored_momentum_y, fxs_mul(fxs_abs(host->data.vy), STORE_MODIFIER));
    fx speed = fxs_vec_len(v->stored_momentum_x, v->stored_momentum_y);
    fg_reset_momentum(&host->chara);
    v->momentum_stores = 1;
    v->stored_speed_1 = speed;
    return SYM_NONE;
}

static int store_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static bool store_is_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = F(host);
    return cs_is_usable(m, host, st) && (NINJA(f)->momentum_stores < 3 || f->infinite_resources);
}

const state_class ninja_store_momentum_class = {
    .name = "states.ninja.moves.StoreMomentum",
    .parent = &character_state_class,
    .frames = FRAMES({1, store_frame_1}),
    .tick = store_tick,
    .is_usable = store_is_usable,
};

/* ================================================================== attacks */
/* Uppercut (Uppercut, UppercutAir): invulnerable start with initiative on the ground */
static yhitbox *hitbox_2(ymatch *m, yobj *host, ystate *st) {
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox2);
    if (!h) yerr(m, YE_INTERNAL, "%s has no Hitbox2", sym_text(st_name(st)));
    return h;
}

static int uppercut_frame_0(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = F(host);
    if (f->initiative && obj_grounded(host)) host->invulnerable = true;
    fx vx = host->data.vx, vy = host->data.vy;
    if (st->air_type != AIR_AERIAL) {
        if (fxs_sign(vx) != obj_facing(host)) {
            fg_reset_momentum(&host->chara);
        } else {
            fg_reset_momentum(&host->chara);
            obj_set_vel(host, yfx_div(m, vx, FXI(3)), vy);
        }
    }
    yhitbox *h = hitbox_2(m, host, st);
    if (h) h->block_punishable = 0;
    return SYM_NONE;
}

static void uppercut_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    yhitbox *h = hitbox_2(m, host, st);
    if (h) h->block_punishable = 1;
}

static int uppercut_tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    if (obj_grounded(host) && st->current_tick > st->force_tick) return SYM_UppercutLanding;
    return SYM_NONE;
}

static int uppercut_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    return SYM_NONE;
}

static int uppercut_frame_8(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->throw_invulnerable = false;
    return SYM_NONE;
}

static int uppercut_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    return SYM_NONE;
}

const state_class ninja_uppercut_class = {
    .name = "states.ninja.moves.Uppercut",
    .parent = &character_state_class,
    .frames = FRAMES({0, uppercut_frame_0}, {4, uppercut_frame_4}, {8, uppercut_frame_8}, {9, uppercut_frame_9}),
    .on_got_blocked = uppercut_on_got_blocked,
    .tick = uppercut_tick,
};

/* DiveKick (DiveKick in the air, DiveKick2 from the ground, up or down): the 8-way data picks
 * the dive's slope; the aerial version skips to frame 9 (6 without initiative) after frame 3;
 * hitting one of the Ninja's own objects hops off it once per air trip (can_divekick_hop). */
#define DK_MOMENTUM_REDUCTION FXC(0.75)

typedef struct {
    int32_t move_x, move_y, x_modifier_amount, y_modifier_amount;
    int32_t move_x_modifier, move_y_modifier, move_x_amount, move_y_amount;
    yflag grounded, moving;
} dive_kick_vars;

static void dk_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    dive_kick_vars *v = ST_VARS(dive_kick_vars, host, st);
    const ynode *n = NODE(st);
    v->move_x = (int32_t)prop_int(n, P_move_x, 3);
    v->move_y = (int32_t)prop_int(n, P_move_y, 3);
    v->x_modifier_amount = (int32_t)prop_int(n, P_x_modifier_amount, 2);
    v->y_modifier_amount = (int32_t)prop_int(n, P_y_modifier_amount, 2);
    v->grounded = prop_bool(n, P_grounded, 0);
    v->move_x_modifier = v->move_y_modifier = 0;
    v->move_x_amount = v->move_y_amount = 0;
    v->moving = false;
}

/* DiveKick2 rewrites its hitbox for a downward or an upward kick (persists, as in the original) */
static void dk_aim_ground_hitbox(ymatch *m, yobj *host, ystate *st, int32_t data_y) {
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "%s has no Hitbox", sym_text(st_name(st)));
        return;
    }
    st->anim_name = SYM_DiveKick2;
    h->b.y = -9;
    h->hits_vs_grounded = 1;
    h->block_cancel_allowed = 0;
    h->dir_y = FXC(1.0);
    if (data_y < 0) {
        h->hits_vs_grounded = 0;
        h->block_cancel_allowed = 1;
        h->dir_y = FXC(-1.0);
        st->anim_name = SYM_DiveKick2Up;
        h->b.y -= 16;
    }
}

static int dk_frame_0(ymatch *m, yobj *host, ystate *st) {
    dive_kick_vars *v = ST_VARS(dive_kick_vars, host, st);
    ydata *data = st_data(host, st);
    if (data->kind != YD_DICT) ydata_xy(data, 1, 1);
    int32_t x, y;
    if (!v->grounded) {
        obj_set_vel(host, fxs_mul(host->data.vx, DK_MOMENTUM_REDUCTION), 0);
    } else {
        if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
        dk_aim_ground_hitbox(m, host, st, y);
        if (!YOK(m)) return SYM_NONE;
    }
    v->moving = false;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x) || !st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
    v->move_x_modifier = (int32_t)int_abs(x) * v->x_modifier_amount;
    v->move_y_modifier = y * v->y_modifier_amount;
    int32_t move_x_amount = v->move_x + v->move_x_modifier;
    int32_t move_y_amount = int_sign2(y) * v->move_y + v->move_y_modifier;
    v->move_x_amount = fxs_round(fxs_mul(fxs_int(move_x_amount), FXC(1.0)));
    v->move_y_amount = fxs_round(fxs_mul(fxs_int(move_y_amount), FXC(1.0)));
    return SYM_NONE;
}

static int dk_frame_11(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    dive_kick_vars *v = ST_VARS(dive_kick_vars, host, st);
    fg_reset_momentum(&host->chara);
    obj_apply_force_relative(host, fxs_int(v->move_x + v->move_x_modifier), fxs_int(v->move_y + v->move_y_modifier));
    return SYM_NONE;
}

static int dk_frame_12(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(dive_kick_vars, host, st)->moving = true;
    return SYM_NONE;
}

static void dk_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    yfighter *f = F(host);
    ninja_vars *nv = NINJA(f);
    dive_kick_vars *v = ST_VARS(dive_kick_vars, host, st);
    if (nv->can_divekick_hop && !obj->is_fighter && obj->id == host->id) {
        state_queue_change(m, host, st, SYM_DiveKickHop, NULL);
        f->feinting = false;
        host->hitlag_ticks = 0;
        nv->can_divekick_hop = false;
    }
    cs_on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    if (v->grounded) {
        int32_t y;
        if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return;
        if (y >= 0) {
            obj_set_vel(host, host->data.vx, 0);
        } else {
            int32_t move_y_amount = (int32_t)int_sign(y) * v->move_y + v->move_y_modifier;
            obj_set_vel(host, host->data.vx, fxs_mul(fxs_int(move_y_amount), FXC(0.6)));
        }
        v->moving = false;
        if (obj->is_fighter) state_queue_change(m, host, st, SYM_Fall, NULL);
    }
}

static void dk_on_got_perfect_parried(ymatch *m, yobj *host, ystate *st) {
    int32_t y;
    if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return;
    if (y < 0) host->hitlag_ticks += 8;
}

static int dk_tick(ymatch *m, yobj *host, ystate *st) {
    dive_kick_vars *v = ST_VARS(dive_kick_vars, host, st);
    int32_t y;
    if (!v->grounded && st->current_tick == 3) st->current_tick = F(host)->initiative ? 9 : 6;
    if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
    if (v->grounded && y < 0 && st->current_tick == 4) st->current_tick = 8;
    if (y < 0 && st->current_tick > 20) return SYM_DiveKickHopLong;
    if (v->moving) obj_move_directly_relative(host, fxs_int(v->move_x_amount), fxs_int(v->move_y_amount));
    else obj_apply_forces(m, host);
    if (obj_grounded(host) && st->current_tick > (!v->grounded ? 5 : 10)) {
        fg_reset_momentum(&host->chara);
        obj_apply_force_relative(host, fxs_int(idiv(v->move_x + v->move_x_modifier, 2)), 0);
        return SYM_Landing;
    }
    return SYM_NONE;
}

const state_class ninja_dive_kick_class = {
    .name = "states.ninja.moves.DiveKick",
    .parent = &character_state_class,
    .vars_size = sizeof(dive_kick_vars),
    .construct = dk_construct,
    .frames = FRAMES({0, dk_frame_0}, {11, dk_frame_11}, {12, dk_frame_12}),
    .on_hit_something = dk_on_hit_something,
    .on_got_perfect_parried = dk_on_got_perfect_parried,
    .tick = dk_tick,
};

/* FlyingRoundhouse (JumpKick): a leaping kick, projectile-invulnerable with initiative */
typedef struct {
    yflag left_ground, started_on_ground, had_invuln;
} flying_roundhouse_vars;

static int fr_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    flying_roundhouse_vars *v = ST_VARS(flying_roundhouse_vars, host, st);
    v->left_ground = false;
    v->started_on_ground = obj_grounded(host);
    return SYM_NONE;
}

static int fr_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    flying_roundhouse_vars *v = ST_VARS(flying_roundhouse_vars, host, st);
    v->had_invuln = false;
    if (F(host)->initiative) {
        host->projectile_invulnerable = true;
        v->had_invuln = true;
    }
    return SYM_NONE;
}

static int fr_frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (!st->started_in_air) ST_VARS(flying_roundhouse_vars, host, st)->left_ground = true;
    return SYM_NONE;
}

static int fr_tick(ymatch *m, yobj *host, ystate *st) {
    flying_roundhouse_vars *v = ST_VARS(flying_roundhouse_vars, host, st);
    if (st->current_tick <= 6) {
        v->left_ground = false;
    } else if (st->started_in_air && obj_grounded(host)) {
        if (st->current_tick < 15) {
            obj_set_vel(host, host->data.vx, 0);
            fx fx_, fy;
            fxs_normalized_times(FXC(1.1), FXC(-0.25), FXC(11.0), &fx_, &fy);
            obj_apply_force_relative(host, fx_, fy);
        } else {
            v->left_ground = true;
        }
    }
    if (st->current_tick >= 24) host->projectile_invulnerable = false;
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "JumpKick has no Hitbox");
        return SYM_NONE;
    }
    h->block_cancel_allowed = !v->started_on_ground && !obj_grounded(&FOPP(m, F(host))->o);
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    if (v->left_ground && obj_grounded(host)) state_queue_change_int(m, host, st, SYM_JumpKickLanding, 8);
    return SYM_NONE;
}

const state_class ninja_flying_roundhouse_class = {
    .name = "states.ninja.moves.FlyingRoundhouse",
    .parent = &character_state_class,
    .vars_size = sizeof(flying_roundhouse_vars),
    .frames = FRAMES({0, fr_frame_0}, {1, fr_frame_1}, {7, fr_frame_7}),
    .tick = fr_tick,
};

/* JumpKickLanding: the JumpKick's landing keeps its projectile invulnerability */
static int jkl_enter(ymatch *m, yobj *host, ystate *st) {
    int next = state_super(&ninja_jump_kick_landing_class)->enter(m, host, st);
    if (next != SYM_NONE || !YOK(m)) return next;
    ystate *prev = obj_prev_state(host); /* getattr(prev, "had_invuln", False) */
    if (prev && st_vt(prev)->cls == &ninja_flying_roundhouse_class &&
        ST_VARS(flying_roundhouse_vars, host, prev)->had_invuln)
        host->projectile_invulnerable = true;
    return SYM_NONE;
}

const state_class ninja_jump_kick_landing_class = {
    .name = "states.ninja.moves.JumpKickLanding",
    .parent = &landing_class,
    .enter = jkl_enter,
};

/* NunChuk: the heavy swing is 4 frames more punishable on a perfect parry */
typedef struct {
    yflag heavy;
} nunchuk_vars;

static void nc_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(nunchuk_vars, host, st)->heavy = prop_bool(NODE(st), P_heavy, 0);
}

static void nc_on_got_perfect_parried(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(nunchuk_vars, host, st)->heavy) host->hitlag_ticks += 4;
}

const state_class ninja_nunchuk_class = {
    .name = "states.ninja.moves.NunChuk",
    .parent = &character_state_class,
    .vars_size = sizeof(nunchuk_vars),
    .construct = nc_construct,
    .on_got_perfect_parried = nc_on_got_perfect_parried,
};

/* NunChukLight (NunChukLight, NunChukLightHigh): after a heavy swing it also sends a whip wave.
 * An upward aim switches to NunChukLightHigh at once (which then inherits the charge). */
typedef struct {
    nunchuk_vars n;
    yflag charged;
} nunchuk_light_vars;

static void ncl_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(nunchuk_light_vars, host, st)->charged = false;
}

static void ncl_determine_charge(yobj *host, ystate *st) {
    nunchuk_light_vars *v = ST_VARS(nunchuk_light_vars, host, st);
    ystate *prev = obj_prev_state(host);
    int prev_name = prev ? st_name(prev) : SYM_NONE;
    int name = st_name(st);
    bool light = name == SYM_NunChukLight || name == SYM_NunChukLightHigh;
    if (strstr(sym_text(prev_name), "NunChukHeavy") && light)
        v->charged = true;
    else if ((prev_name == SYM_NunChukLight || prev_name == SYM_NunChukLightHigh) &&
             st_vt(prev)->cls == &ninja_nunchuk_light_class && ST_VARS(nunchuk_light_vars, host, prev)->charged)
        v->charged = true;
    else
        v->charged = false;
}

static int ncl_enter(ymatch *m, yobj *host, ystate *st) {
    ncl_determine_charge(host, st);
    const ydata *d = st_data(host, st);
    if (d->kind == YD_DICT) {
        int32_t y;
        if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
        if (y != 0) return SYM_NunChukLightHigh;
    }
    ncl_determine_charge(host, st);
    return SYM_NONE;
}

static int ncl_frame_4(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(nunchuk_light_vars, host, st)->charged) state_spawn_exported_projectile(m, host, st);
    return SYM_NONE;
}

const state_class ninja_nunchuk_light_class = {
    .name = "states.ninja.moves.NunChukLight",
    .parent = &ninja_nunchuk_class,
    .vars_size = sizeof(nunchuk_light_vars),
    .construct = ncl_construct,
    .enter = ncl_enter,
    .frames = FRAMES({4, ncl_frame_4}),
};

/* NunChukJump: a leap whose distance is the slider (-5..+5 px/tick forward) */
#define NCJ_SPEED_MODIFIER_AMOUNT FXC(10.0)
typedef struct {
    int32_t speed_modifier;
    yflag has_speed_modifier; /* None at first */
} nunchuk_jump_vars;

static int ncj_frame_1(ymatch *m, yobj *host, ystate *st) {
    nunchuk_jump_vars *v = ST_VARS(nunchuk_jump_vars, host, st);
    if (ydata_truthy(st_data(host, st))) {
        int32_t x;
        if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x)) return SYM_NONE;
        fx r = yfx_div(m, fxs_int(x), FXI(100));
        if (!YOK(m)) return SYM_NONE;
        v->speed_modifier = fxs_round(fxs_mul(fxs_sub(r, FXC(0.5)), NCJ_SPEED_MODIFIER_AMOUNT));
        v->has_speed_modifier = true;
    }
    if (!v->has_speed_modifier) {
        yerr(m, YE_INTERNAL, "NunChukJump: apply_force_relative(None, 0)");
        return SYM_NONE;
    }
    obj_apply_force_relative(host, fxs_int(v->speed_modifier), 0);
    return SYM_NONE;
}

static int ncj_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick > 2 && obj_grounded(host)) return SYM_Landing;
    return SYM_NONE;
}

const state_class ninja_nunchuk_jump_class = {
    .name = "states.ninja.moves.NunChukJump",
    .parent = &character_state_class,
    .vars_size = sizeof(nunchuk_jump_vars),
    .frames = FRAMES({1, ncj_frame_1}),
    .tick = ncj_tick,
};

/* BackSway: lean back, invulnerable on frames 2-8 with initiative, drifting forward */
#define BACK_SWAY_FORWARD_FORCE FXC(1.2)

static int bs_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (obj_grounded(host)) fg_reset_momentum(&host->chara);
    return SYM_NONE;
}

static int bs_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (F(host)->initiative) host->invulnerable = true;
    return SYM_NONE;
}

static int bs_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    return SYM_NONE;
}

static int bs_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_apply_force_relative(host, BACK_SWAY_FORWARD_FORCE, 0);
    return SYM_NONE;
}

const state_class ninja_back_sway_class = {
    .name = "states.ninja.moves.BackSway",
    .parent = &character_state_class,
    .enter = bs_enter,
    .frames = FRAMES({2, bs_frame_2}, {9, bs_frame_9}),
    .tick = bs_tick,
};

/* SlideKick (SlideKick, SlideKickAir2...): a low-friction slide, interruptible on frame 16
 * after contact */
#define SLIDE_X_FRIC FXC(0.06)
#define SLIDE_SPEED_LIMIT FXI(22)
typedef struct {
    yflag hit;
} slide_kick_vars;

static int sk_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(slide_kick_vars, host, st)->hit = false;
    return SYM_NONE;
}

static int sk_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yfighter *f = F(host);
    if (f->initiative) host->projectile_invulnerable = true;
    if (f->reverse_state && host->combo_count <= 0) fighter_add_penalty(m, f, 25, false);
    return SYM_NONE;
}

static int sk_tick(ymatch *m, yobj *host, ystate *st) {
    obj_apply_forces_no_limit(m, host);
    fg_apply_x_fric_raw(&host->chara, SLIDE_X_FRIC);
    obj_limit_speed(m, host, SLIDE_SPEED_LIMIT);
    if (st->current_tick > 24 && !ST_VARS(slide_kick_vars, host, st)->hit && obj_grounded(host)) return SYM_Knockdown;
    return SYM_NONE;
}

static int sk_frame_13(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

static int sk_frame_16(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(slide_kick_vars, host, st)->hit) st_enable_interrupt(m, host, st, true, false);
    return SYM_NONE;
}

static void sk_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    state_super(&ninja_slide_kick_class)->on_got_blocked(m, host, st);
    ST_VARS(slide_kick_vars, host, st)->hit = true;
}

static void sk_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    ST_VARS(slide_kick_vars, host, st)->hit = true;
}

const state_class ninja_slide_kick_class = {
    .name = "states.ninja.moves.SlideKick",
    .parent = &character_state_class,
    .vars_size = sizeof(slide_kick_vars),
    .enter = sk_enter,
    .frames = FRAMES({2, sk_frame_2}, {13, sk_frame_13}, {16, sk_frame_16}),
    .tick = sk_tick,
    .on_got_blocked = sk_on_got_blocked,
    .on_hit_something = sk_on_hit_something,
};

/* HitGrab ("Skull Shaker"): a lunge whose speed is the slider (3 to 14) */
#define HG_MIN_SPEED FXI(3)
#define HG_MAX_SPEED FXI(14)

static int hg_frame_0(ymatch *m, yobj *host, ystate *st) {
    int32_t x;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x)) return SYM_NONE;
    fx amount = yfx_div(m, fxs_int(x), FXI(100));
    if (!YOK(m)) return SYM_NONE;
    amount = fxs_lerp(HG_MIN_SPEED, HG_MAX_SPEED, amount);
    obj_apply_force_relative(host, amount, 0);
    return SYM_NONE;
}

const state_class ninja_hit_grab_class = {
    .name = "states.ninja.moves.HitGrab",
    .parent = &character_state_class,
    .frames = FRAMES({0, hg_frame_0}),
};

/* HitGrabFollowup: the Skull Shaker's throw; its hit starts the 80-tick bleed. Replaces the
 * state's hit handler entirely (no hit-cancel bookkeeping), as the original. */
#define SKULL_SHAKER_BLEED_TICKS 80

/* (replaces the whole hit handler: no hit-cancel window) */
static void hgf_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)st;
    (void)hb;
    yfighter *f = F(host);
    if (obj == &FOPP(m, f)->o) {
        int i = obj_state_index_quiet(host, SYM_HitGrab);
        if (i >= 0 && f->combo_moves_used[i] > 0 && f->combo_moves_used[i] <= 1)
            NINJA(f)->skull_shaker_bleed_ticks = SKULL_SHAKER_BLEED_TICKS;
    }
}

const state_class ninja_hit_grab_followup_class = {
    .name = "states.ninja.moves.HitGrabFollowup",
    .parent = &throw_state_class,
    .on_hit_something = hgf_on_hit_something,
};

/* GroundedSweep: steps 16 px forward on hitting the opponent */
static void gs_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    state_super(&ninja_grounded_sweep_class)->on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    if (obj->is_fighter) obj_move_directly_relative(host, FXI(16), 0);
}

const state_class ninja_grounded_sweep_class = {
    .name = "states.ninja.moves.GroundedSweep",
    .parent = &idle_class,
    .on_hit_something = gs_on_hit_something,
};

/* Stomp: friction and forces every frame (the rest is visual) */
static int stomp_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

const state_class ninja_stomp_class = {
    .name = "states.ninja.moves.Stomp",
    .parent = &character_state_class,
    .tick = stomp_tick,
};

/* ================================================================== super */
/* QuickSlash (QuickSlash, QuickSlashAir, *Neutral): a 120-px dash-slash. The 12 hitboxes are
 * laid along the path on frame 6; the data's Attack option (0 none, 1 punch, 2 kick, 3
 * nunchuk) chains into a QS follow-up, at once out of neutral or on hit in a combo. */
#define QS_MOVE_DISTANCE 120
#define QS_LANDING_LAG 2
#define QS_SNAP_DISTANCE 4 /* BUFFER_ATTACK_GROUND_SNAP_DISTANCE */

typedef struct {
    super_move_vars s;
    int32_t dist, attack, landing_lag;
    yflag started_in_neutral;
} quick_slash_vars;

static void qs_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    quick_slash_vars *v = ST_VARS(quick_slash_vars, host, st);
    v->dist = QS_MOVE_DISTANCE;
    v->attack = 0;
    v->landing_lag = QS_LANDING_LAG;
    v->started_in_neutral = false;
}

static int qs_next_attack(yobj *host, ystate *st) {
    quick_slash_vars *v = ST_VARS(quick_slash_vars, host, st);
    if (!v->started_in_neutral && !st->hit_anything) return SYM_NONE;
    bool grounded = host->data.py > -QS_SNAP_DISTANCE;
    switch (v->attack) {
    case 1: return grounded ? SYM_GroundedPunchQS : SYM_AirUpwardPunchQS;
    case 2: return grounded ? SYM_GroundedSweepQS : SYM_AirAttackQS;
    case 3: return grounded ? SYM_NunChukHeavyQS : SYM_NunChukSpinQS;
    default: return SYM_NONE;
    }
}

static int qs_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = F(host);
    ninja_vars *nv = NINJA(f);
    quick_slash_vars *v = ST_VARS(quick_slash_vars, host, st);
    v->dist = QS_MOVE_DISTANCE;
    int32_t attack;
    if (!st_data_get_int(m, host, st, SYM_Attack, SYM_id, &attack)) return SYM_NONE;
    v->attack = attack;
    yhitbox *all = obj_hitboxes(host);
    for (int k = st->st->hb_first; k < st->st->hb_first + st->st->hb_count; k++) {
        all[k].b.x = 0;
        all[k].b.y = 0;
        all[k].damage_in_combo = v->attack == 0 ? 90 : 40;
    }
    fx dir_x, dir_y;
    if (ydata_truthy(st_data(host, st))) {
        int32_t x, y;
        if (!st_data_get_int(m, host, st, SYM_Direction, SYM_x, &x) || !st_data_get_int(m, host, st, SYM_Direction, SYM_y, &y))
            return SYM_NONE;
        obj_xy_to_dir(m, fxs_int(x), fxs_int(y), FX_ONE, FXI(100), &dir_x, &dir_y);
    } else {
        dir_x = FXI(obj_facing(host));
        dir_y = 0;
    }
    fx mx, my;
    fxs_vec_mul(dir_x, dir_y, FXI(20), &mx, &my);
    obj_apply_force(host, mx, yfx_div(m, my, FXI(2)));
    nv->quick_slash_move_dir_x = dir_x;
    nv->quick_slash_move_dir_y = dir_y;
    return SYM_NONE;
}

static int qs_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    quick_slash_vars *v = ST_VARS(quick_slash_vars, host, st);
    ninja_vars *nv = NINJA(F(host));
    v->started_in_neutral = host->combo_count <= 0;
    fg_set_grounded(&host->chara, false);
    nv->quick_slash_start_pos_x = host->data.px;
    nv->quick_slash_start_pos_y = host->data.py;
    if (qs_next_attack(host, st) != SYM_NONE && v->started_in_neutral) st->current_tick++;
    return SYM_NONE;
}

static int qs_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (F(host)->initiative) host->invulnerable = true;
    return SYM_NONE;
}

static int qs_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    ninja_vars *nv = NINJA(F(host));
    fx mx, my;
    fxs_normalized_times(nv->quick_slash_move_dir_x, nv->quick_slash_move_dir_y, FXI(QS_MOVE_DISTANCE), &mx, &my);
    obj_move_directly(host, mx, my);
    obj_update_data(m, host);
    obj_update_data(m, host); /* (a second refresh after the visual trail, as in the original) */
    return SYM_NONE;
}

/* spread the hitboxes evenly from the start position to where the dash ended */
static void qs_lay_hitboxes(ymatch *m, yobj *host, ystate *st) {
    ninja_vars *nv = NINJA(F(host));
    fx start_x = fxs_int(nv->quick_slash_start_pos_x), start_y = fxs_int(nv->quick_slash_start_pos_y);
    fx end_x = fxs_int(host->data.px), end_y = fxs_int(host->data.py);
    int count = st->st->hb_count;
    yhitbox *all = obj_hitboxes(host);
    for (int i = 0; i < count; i++) {
        yhitbox *h = &all[st->st->hb_first + i];
        fx ratio = yfx_div(m, fxs_int(i), fxs_int(count));
        if (!YOK(m)) return;
        fx along_x = fxs_lerp(start_x, end_x, ratio), along_y = fxs_lerp(start_y, end_y, ratio);
        h->b.x = fxs_round(fxs_sub(along_x, fxs_int(host->data.px))) * obj_facing(host);
        h->b.y = fxs_round(fxs_sub(along_y, fxs_int(host->data.py))) - 16;
    }
}

static void qs_switch_to_followup(ymatch *m, yobj *host, ystate *st) {
    fx vx = host->data.vx, vy = host->data.vy;
    obj_set_vel(host, fxs_mul(vx, FXC(0.25)), fxs_mul(vy, FXC(0.5)));
    state_queue_change(m, host, st, qs_next_attack(host, st), NULL);
    if (!YOK(m)) return;
    if (host->data.py > -QS_SNAP_DISTANCE) {
        obj_set_vel(host, vx, 0);
        obj_move_directly(host, 0, FXI(QS_SNAP_DISTANCE));
        fg_set_grounded(&host->chara, true);
        obj_set_vel(host, fxs_mul(vx, FXC(0.35)), 0);
    }
}

static int qs_frame_6(ymatch *m, yobj *host, ystate *st) {
    quick_slash_vars *v = ST_VARS(quick_slash_vars, host, st);
    ninja_vars *nv = NINJA(F(host));
    qs_lay_hitboxes(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (qs_next_attack(host, st) == SYM_NONE) {
        fg_reset_momentum(&host->chara);
        obj_apply_force(host, nv->quick_slash_move_dir_x, fxs_mul(nv->quick_slash_move_dir_y, FXC(1.0)));
        obj_apply_force(host, 0, FXI(-1));
    } else if (v->started_in_neutral) {
        qs_switch_to_followup(m, host, st);
        if (!YOK(m)) return SYM_NONE;
    }
    host->invulnerable = false;
    return SYM_NONE;
}

static bool qs_can_hit_cancel(ymatch *m, yobj *host, ystate *st) {
    return (host->combo_count > 1 || !obj_grounded(&FOPP(m, F(host))->o)) &&
           ST_VARS(quick_slash_vars, host, st)->attack == 0;
}

static void qs_got_parried(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    (void)st;
}

static void qs_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    state_super(&ninja_quick_slash_class)->on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    if (qs_next_attack(host, st) != SYM_NONE && !ST_VARS(quick_slash_vars, host, st)->started_in_neutral)
        qs_switch_to_followup(m, host, st);
}

static int qs_tick(ymatch *m, yobj *host, ystate *st) {
    quick_slash_vars *v = ST_VARS(quick_slash_vars, host, st);
    if (qs_next_attack(host, st) != SYM_NONE && st->current_tick == 2) st->current_tick = 3;
    if (st->current_tick > 6 && obj_grounded(host) && qs_next_attack(host, st) == SYM_NONE)
        state_queue_change_int(m, host, st, SYM_Landing, v->landing_lag);
    obj_apply_grav(m, host);
    obj_apply_forces_no_limit(m, host);
    return SYM_NONE;
}

const state_class ninja_quick_slash_class = {
    .name = "states.ninja.moves.QuickSlash",
    .parent = &super_move_class,
    .vars_size = sizeof(quick_slash_vars),
    .construct = qs_construct,
    .enter = qs_enter,
    .frames = FRAMES({0, qs_frame_0}, {4, qs_frame_4}, {5, qs_frame_5}, {6, qs_frame_6}),
    .can_hit_cancel = qs_can_hit_cancel,
    .got_parried = qs_got_parried,
    .on_hit_something = qs_on_hit_something,
    .tick = qs_tick,
};

