/* The Cowboy. Mirrors states/cowboy/fighter.py (characters/swordandgun/SwordGuy.gd); the
 * registries of states/cowboy/__init__.py are char_cowboy_registry.c.
 *
 * Resources: six bullets and the gun (in hand or thrown), the after-image ("Foresight")
 * with its detonate / shift / drift / hindsight extras, the lasso, the temporal round,
 * the 1000 Cuts buff, and bullet-cancelling (the gun_cancel extra arms try_shoot host
 * commands). */
#include <stddef.h>
#include <string.h>

#include "char_cowboy.h"

#define GUN_PICKUP_DISTANCE FXI(26)
#define GUN_PICKUP_DISTANCE_BOOMERANG FXI(32)
#define AFTER_IMAGE_MAX_DIST FXI(410)
#define MAX_AIR_SPEED_1KCUTS FXI(12)
#define DRIFT_JUMP_TIMER 4
#define DRIFT_SUPERS 1
#define GROUNDED_DRIFT_JUMP_SPEED FXI(-3)
#define BARREL_LOCATION_X FXI(26)
#define BARREL_LOCATION_Y FXI(-5)

#define P "characters/swordandgun/projectiles/"
static const char *const SCENES[CB_N_SCENES] = {
    [CB_SCENE_NEW_BULLET] = P "NewBullet.tscn",
    [CB_SCENE_BULLET] = P "bullet.tscn",
    [CB_SCENE_TEMPORAL_BULLET] = P "frozen_bullet.tscn",
    [CB_SCENE_FAST_TEMPORAL_BULLET] = P "frozen_bullet_fast.tscn",
    [CB_SCENE_GUN] = P "Gun.tscn",
    [CB_SCENE_LASSO] = P "Lasso.tscn",
    [CB_SCENE_EXPLOSION] = P "AfterImageExplosion.tscn",
    [CB_SCENE_CUTS] = P "1000cuts/1000Cuts.tscn",
    [CB_SCENE_FORESIGHT] = P "AfterImage.tscn",
    [CB_SCENE_GUN_BULLET] = P "gun_throw_bullet.tscn",
    [CB_SCENE_TIME_BULLET] = P "NewTimeBullet.tscn",
};
#undef P

/* The scenes are looked up by path once (immutable tables: the same index in every match). */
int cowboy_scene(int which) {
    static int16_t cache[CB_N_SCENES];
    static bool done;
    if (!done) {
        for (int i = 0; i < CB_N_SCENES; i++) cache[i] = (int16_t)object_table_index(SCENES[i]);
        done = true;
    }
    return cache[which];
}

/* ------------------------------------------------------------------ FixedMath methods (yomi/fixed.py) */
fx cb_angle_dist(fx a, fx b) { return fx_rq(fx_short_angle_dist(a, b)); }

void cb_vec_div(ymatch *m, fx x, fx y, fx k, fx *ox, fx *oy) {
    *ox = yfx_div(m, x, k);
    *oy = yfx_div(m, y, k);
}

int cowboy_previous_state_name(yobj *host) {
    ystate *prev = obj_prev_state(host);
    return prev ? st_name(prev) : SYM_NONE;
}

/* ------------------------------------------------------------------ construction */
static void construct(ymatch *m, yfighter *f) {
    (void)m;
    cowboy_vars *v = COWBOY(f);
    memset(v, 0, sizeof *v);
    v->bullets_left = 6;
    v->has_gun = true;
    v->consecutive_shots = 1;
    v->shot_dir_x = 100;
    v->up_swipe_momentum = true;
    v->default_max_air_speed = FXI(9);
}

static void init(ymatch *m, yfighter *f) {
    fighter_base_init(m, f);
    COWBOY(f)->bullets_left = 6;
    bool found = false; /* HOLD_FORCE_STATES["QuickerDraw"] = "SlowHolster" */
    for (int i = 0; i < f->n_hold_force; i++)
        if (f->hold_force[i][0] == SYM_QuickerDraw) {
            f->hold_force[i][1] = SYM_SlowHolster;
            found = true;
        }
    if (!found) {
        if (f->n_hold_force >= YOMI_MAX_HOLD || f->n_hold_restarts >= YOMI_MAX_HOLD) {
            yerr(m, YE_LIMIT, "Cowboy: more than %d hold states", YOMI_MAX_HOLD);
            return;
        }
        f->hold_force[f->n_hold_force][0] = SYM_QuickerDraw;
        f->hold_force[f->n_hold_force][1] = SYM_SlowHolster;
        f->n_hold_force++;
    }
    if (f->n_hold_restarts >= YOMI_MAX_HOLD) {
        yerr(m, YE_LIMIT, "Cowboy: more than %d hold states", YOMI_MAX_HOLD);
        return;
    }
    f->hold_restarts[f->n_hold_restarts++] = SYM_DashForward1k;
}

/* ------------------------------------------------------------------ helpers of the moves */
void cowboy_get_barrel_location(ymatch *m, fx angle, fx modifier, fx *x, fx *y) {
    (void)m;
    fx vx, vy;
    yfx_rotate_vec(BARREL_LOCATION_X, BARREL_LOCATION_Y, angle, &vx, &vy);
    fxs_vec_mul(vx, vy, modifier, x, y);
    *y = fxs_sub(*y, FXI(24));
}

void cowboy_load_last_input_into_buffer(yfighter *f) { fighter_load_last_input_into_buffer(f); }

void cowboy_use_bullet(yfighter *f) {
    if (f->infinite_resources) return;
    COWBOY(f)->bullets_left--;
}

/* ------------------------------------------------------------------ upkeep */
void cowboy_shift(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (FOPP(m, f)->o.combo_count > 0) return;
    yobj *obj = obj_from_name(m, v->after_image_object);
    if (!obj) return;
    obj_set_pos(&f->o, obj->data.px, obj->data.py);
    obj_disable(m, obj);
    v->after_image_object = 0;
    v->shifted_this_frame = true;
    if (obj->data.py >= 0) obj_set_vel(&f->o, f->o.data.vx, 0);
    if (f->o.combo_count <= 0) fighter_add_penalty(m, f, 15, false);
}

void cowboy_start_1k_cuts_buff(yfighter *f) {
    f->o.max_air_speed = MAX_AIR_SPEED_1KCUTS;
    f->o.chara.max_air_speed = MAX_AIR_SPEED_1KCUTS;
}

void cowboy_end_1k_cuts_buff(yfighter *f) {
    f->o.max_air_speed = COWBOY(f)->default_max_air_speed;
    f->o.chara.max_air_speed = COWBOY(f)->default_max_air_speed;
}

/* Detonate the after-image when asked or beyond 410 px; the Shift extra starts `Shift`. */
static void after_image_upkeep(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (!v->after_image_object) return;
    yobj *obj = obj_from_name(m, v->after_image_object);
    if (!obj) return;
    cowboy_after_image_vars *ai = cowboy_after_image(obj);
    if (!ai) {
        yerr(m, YE_INTERNAL, "Cowboy: the after-image is not an AfterImage");
        return;
    }
    if (v->detonating) {
        v->detonating = false;
        ai->detonating = true;
    } else if (obj_distance(m, &f->o, obj) > AFTER_IMAGE_MAX_DIST) {
        ai->detonating = true;
    }
    if (v->shifting && st_name(obj_state(&f->o)) != SYM_Shift) {
        fg_set_grounded(&f->o.chara, obj_grounded(obj));
        if (!obj_grounded(obj)) obj_move_directly(&f->o, 0, FXI(-1));
        v->shifted_this_turn = true;
        machine_change_state(m, &f->o, SYM_Shift, NULL, true, true);
    } else if (st_name(obj_state(&f->o)) == SYM_Shift) {
        v->shifting = false;
    }
}

/* Drift from the ground: a small hop 4 ticks later. */
static void drift_jump(yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (v->drift_jump_timer > 0) {
        v->drift_jump_timer--;
        if (v->drift_jump_timer == 0) {
            obj_apply_force(&f->o, 0, GROUNDED_DRIFT_JUMP_SPEED);
            obj_move_directly(&f->o, 0, FXI(-1));
            fg_set_grounded(&f->o.chara, false);
        }
    }
}

/* `"Grab" in state_name` (only the tick after a Shift asks) */
static bool name_has_grab(int sym) { return strstr(sym_text(sym), "Grab") != NULL; }

/* The tick after a Shift, an attack just started skips two frames (grabs excepted). */
static void shift_followup(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (v->shifted_last_frame) {
        ystate *st = obj_state(&f->o);
        if (st->current_tick == 1 && st->has_hitboxes && !name_has_grab(st_name(st))) {
            obj_state_tick(m, &f->o);
            if (!YOK(m)) return;
            obj_state_tick(m, &f->o);
            if (!YOK(m)) return;
        }
        v->shifted_last_frame = false;
    }
    if (v->shifted_this_frame) {
        fighter_update_facing(m, f);
        v->shifted_this_frame = false;
        v->shifted_last_frame = true;
    }
}

/* Catch the thrown gun when it is close (26 px, 32 after it shot); it stops hurting in combos. */
static void gun_pickup(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (v->has_gun || !v->gun_projectile) return;
    yobj *gun = obj_by_number(m, v->gun_projectile);
    if (!gun || !gun->has_data || gun->disabled) return;
    cowboy_gun_vars *g = cowboy_gun(gun);
    if (!g) {
        yerr(m, YE_INTERNAL, "Cowboy: the thrown gun is not a Gun");
        return;
    }
    int32_t dx, dy;
    obj_local_center(m, &f->o, gun, &dx, &dy);
    fx pickup_dist = g->shot ? GUN_PICKUP_DISTANCE_BOOMERANG : GUN_PICKUP_DISTANCE;
    if (g->can_be_picked_up && fxs_vec_len(FXI(dx), FXI(dy)) < pickup_dist) {
        obj_disable(m, gun);
        v->has_gun = true;
        v->gun_projectile = 0;
    }
    if (FOPP(m, f)->o.combo_count > 0) obj_deactivate_current_hitbox(gun);
}

/* SwordGuy.gd: tick (the after-image and Shift before the fighter's tick, upkeep after) */
static void tick(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    after_image_upkeep(m, f);
    if (!YOK(m)) return;
    fighter_base_tick(m, f);
    if (!YOK(m)) return;
    drift_jump(f);
    shift_followup(m, f);
    if (!YOK(m)) return;
    if (v->cut_projectile) { /* cut_projectile in objs_map */
        yobj *proj = obj_by_number(m, v->cut_projectile);
        if (proj && proj->disabled) v->cut_projectile = 0;
    }
    if (obj_grounded(&f->o)) {
        v->used_aerial_h_slash = false;
        v->used_aerial_l_slice = false;
        v->up_swipe_momentum = true;
    }
    if (f->o.combo_count > 0) v->up_swipe_momentum = true;
    gun_pickup(m, f);
    if (!YOK(m)) return;
    if (v->buffer_bullet_cancelling) {
        v->bullet_cancelling = true;
        v->buffer_bullet_cancelling = false;
    }
}

static void drift(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    yobj *obj = obj_from_name(m, v->after_image_object);
    if (f->supers_available >= DRIFT_SUPERS && obj) {
        cowboy_after_image_vars *ai = cowboy_after_image(obj);
        if (!ai) {
            yerr(m, YE_INTERNAL, "Cowboy: the after-image is not an AfterImage");
            return;
        }
        v->detonating = false;
        ai->detonating = true;
        if (!v->milk_toggled) {
            if (obj_grounded(&f->o)) {
                ystate *st = obj_state(&f->o);
                st->entered_in_air = 1;
                st->started_in_air = 1;
                v->drift_jump_timer = DRIFT_JUMP_TIMER;
            }
            v->milk_toggled = true;
            v->milk_toggle_tick = f->o.current_tick;
            for (int i = 0; i < DRIFT_SUPERS; i++) fighter_use_super_bar(f);
            f->combo_supers++;
            obj_set_vel(&f->o, f->o.data.vx, 0);
            v->drift_effect = true;
        }
    }
}

enum { GUN_CANCEL = YX_CHAR0, DETONATE, SHIFT, DRIFT, HINDSIGHT, INPUT_AERIAL, INPUT_GROUNDED };

static void process_extra(ymatch *m, yfighter *f, const yextra *e) {
    cowboy_vars *v = COWBOY(f);
    fighter_base_process_extra(m, f, e);
    if (!YOK(m)) return;
    if (yx_has(e, GUN_CANCEL)) v->buffer_bullet_cancelling = yx_bool(e, GUN_CANCEL);
    if (yx_has(e, DETONATE)) v->detonating = yx_bool(e, DETONATE);
    if (yx_has(e, SHIFT)) {
        v->shifting = yx_bool(e, SHIFT);
        if (v->shifting) {
            v->shifted_this_turn = true;
            if (st_is(obj_state(&f->o), T_NEW_PARRY)) machine_change_state(m, &f->o, SYM_Wait, NULL, true, true);
            if (!YOK(m)) return;
        }
    }
    if (yx_has(e, DRIFT) && yx_bool(e, DRIFT)) drift(m, f);
    if (!YOK(m)) return;
    if (yx_has(e, HINDSIGHT) && f->supers_available > 0 && yx_bool(e, HINDSIGHT)) {
        fighter_use_super_bar(f);
        yobj *obj = obj_from_name(m, v->after_image_object);
        if (obj) {
            cowboy_after_image_vars *ai = cowboy_after_image(obj);
            if (ai) ai->detonating = true;
        }
        yobj *spawned = obj_spawn(m, &f->o, cowboy_scene(CB_SCENE_FORESIGHT), 0, 0, true, NULL, true);
        if (spawned) v->after_image_object = spawned->number; /* setup_foresight */
    }
}

/* ------------------------------------------------------------------ signals */
static void on_state_ended(ymatch *m, yfighter *f, ystate *st) {
    cowboy_vars *v = COWBOY(f);
    fighter_base_on_state_ended(m, f, st);
    if (st_name(st) == SYM_Roll) v->lasso_parried = false;
    v->bullet_cancelling = false;
    if (v->milk_toggle_tick < f->o.current_tick) v->drift_effect = false;
    v->milk_toggled = false;
}

static void on_attack_blocked(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (!v->bullet_cancelling || !v->has_gun) return;
    if (v->bullets_left > 0) {
        v->bullet_cancelling = false;
        f->o.can_update_sprite = false;
        machine_change_state(m, &f->o, SYM_Brandish, NULL, true, true);
    }
}

static void on_got_hit(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    if (v->cut_projectile) {
        yobj *o = obj_by_number(m, v->cut_projectile);
        if (o) {
            obj_disable(m, o);
            v->cut_projectile = 0;
        }
    }
    if (v->after_image_object) {
        yobj *o = obj_from_name(m, v->after_image_object);
        if (o) {
            obj_disable(m, o);
            v->after_image_object = 0;
        }
    }
}

static bool can_block_cancel(ymatch *m, yfighter *f) {
    (void)m;
    int name = st_name(obj_state(&f->o));
    return !(name == SYM_Brandish || name == SYM_QuickerDraw);
}

static bool should_free_cancel(ymatch *m, yfighter *f) {
    (void)m;
    return st_name(obj_state(&f->o)) != SYM_QuickerDraw;
}

/* ------------------------------------------------------------------ host commands and requirements */
static int host_command(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    (void)args;
    (void)n;
    cowboy_vars *v = COWBOY(f);
    if (method == SYM_try_shoot) {
        if (f->got_parried || !v->bullet_cancelling || !v->has_gun) return 1;
        if (v->bullets_left > 0) {
            v->bullet_cancelling = false;
            f->o.can_update_sprite = false;
            machine_change_state(m, &f->o, SYM_QuickerDraw, NULL, true, true);
        }
        return 1;
    }
    if (method == SYM_use_bullet) {
        cowboy_use_bullet(f);
        return 1;
    }
    return 0;
}

static int usable_requirement(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    (void)m;
    (void)args;
    (void)n;
    if (method == SYM_has_1k_cuts) return COWBOY(f)->cut_projectile != 0;
    if (method == SYM_can_bullet_cancel) return COWBOY(f)->bullets_left > 0 && COWBOY(f)->has_gun;
    return -1;
}

static bool refs_object(ymatch *m, yfighter *f, int number) {
    (void)m;
    cowboy_vars *v = COWBOY(f);
    return v->cut_projectile == number || v->lasso_projectile == number || v->after_image_object == number ||
           v->gun_projectile == number || v->temporal_round == number;
}

static const yextra_key EXTRAS[] = {
    {"gun_cancel", YXS_BOOL}, {"detonate", YXS_BOOL},     {"shift", YXS_BOOL},          {"drift", YXS_BOOL},
    {"hindsight", YXS_BOOL},  {"input_aerial", YXS_BOOL}, {"input_grounded", YXS_BOOL},
};

#define R(name, kind) {#name, kind, offsetof(cowboy_vars, name)}
static const yres_field RES[] = {
    R(bullets_left, RF_INT), R(has_gun, RF_BOOL), R(gun_projectile, RF_OBJREF), R(consecutive_shots, RF_INT),
    R(after_image_object, RF_OBJREF), R(temporal_round, RF_OBJREF), R(lasso_projectile, RF_OBJREF),
    R(cut_projectile, RF_OBJREF), R(used_aerial_h_slash, RF_BOOL), R(used_aerial_l_slice, RF_BOOL),
    R(up_swipe_momentum, RF_BOOL), R(bullet_cancelling, RF_BOOL), R(detonating, RF_BOOL), R(shifting, RF_BOOL),
    R(drift_jump_timer, RF_INT), R(milk_toggled, RF_BOOL), R(ticks_until_time_shift, RF_INT),
};
#undef R


const yomi_char char_cowboy_hooks = {
    .name = "Cowboy",
    .py_class = "states.cowboy.fighter.Cowboy",
    .vars_size = sizeof(cowboy_vars),
    .extras = EXTRAS,
    .n_extras = sizeof EXTRAS / sizeof EXTRAS[0],
    .res = RES,
    .n_res = sizeof RES / sizeof RES[0],
    .construct = construct,
    .init = init,
    .tick = tick,
    .process_extra = process_extra,
    .on_state_ended = on_state_ended,
    .on_attack_blocked = on_attack_blocked,
    .on_got_hit = on_got_hit,
    .can_block_cancel = can_block_cancel,
    .should_free_cancel_allow_grounded_and_aerial_states = should_free_cancel,
    .host_command = host_command,
    .usable_requirement = usable_requirement,
    .refs_object = refs_object,
};
