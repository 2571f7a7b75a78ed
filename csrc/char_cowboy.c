/* The Cowboy. Mirrors states/cowboy/fighter.py (characters/swordandgun/SwordGuy.gd).
 *
 * Resources: six bullets and the gun (in hand or thrown), the after-image ("Foresight")
 * with its detonate / shift / drift / hindsight extras, the lasso, the temporal round,
 * the 1000 Cuts buff, and bullet-cancelling (the gun_cancel extra arms try_shoot host
 * commands). The Cowboy's objects are not written in C yet: their branches are dead here
 * (no such object can exist) and a spawn of one reports it. */
#include <stddef.h>
#include <string.h>

#include "char_cowboy.h"

#define FORESIGHT_SCENE "characters/swordandgun/projectiles/AfterImage.tscn"
#define GROUNDED_DRIFT_JUMP_SPEED FXI(-3)

static void construct(ymatch *m, yfighter *f) {
    (void)m;
    cowboy_vars *v = COWBOY(f);
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
    if (f->n_hold_force < YOMI_MAX_HOLD) {
        f->hold_force[f->n_hold_force][0] = SYM_QuickerDraw;
        f->hold_force[f->n_hold_force][1] = SYM_SlowHolster;
        f->n_hold_force++;
    }
    if (f->n_hold_restarts < YOMI_MAX_HOLD) f->hold_restarts[f->n_hold_restarts++] = SYM_DashForward1k;
}

static void not_ported(ymatch *m, const char *what) {
    yerr(m, YE_NOT_PORTED, "Cowboy: %s is not written in C yet", what);
}

static void tick(ymatch *m, yfighter *f) {
    cowboy_vars *v = COWBOY(f);
    /* _after_image_upkeep: the after-image object is not written in C (it never exists here) */
    if (v->after_image_object && obj_from_name(m, v->after_image_object)) {
        not_ported(m, "the after-image");
        return;
    }
    fighter_base_tick(m, f);
    if (!YOK(m)) return;
    /* _drift_jump */
    if (v->drift_jump_timer > 0) {
        v->drift_jump_timer--;
        if (v->drift_jump_timer == 0) {
            obj_apply_force(&f->o, 0, GROUNDED_DRIFT_JUMP_SPEED);
            obj_move_directly(&f->o, 0, FXI(-1));
            fg_set_grounded(&f->o.chara, false);
        }
    }
    /* _shift_followup */
    if (v->shifted_last_frame) {
        ystate *st = obj_state(&f->o);
        if (st->current_tick == 1 && st->has_hitboxes && !strstr(sym_text(st_name(st)), "Grab")) {
            obj_state_tick(m, &f->o);
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
    if (v->cut_projectile) {
        yobj *proj = obj_by_number(m, v->cut_projectile);
        if (!proj || proj->disabled) v->cut_projectile = 0;
    }
    if (obj_grounded(&f->o)) {
        v->used_aerial_h_slash = false;
        v->used_aerial_l_slice = false;
        v->up_swipe_momentum = true;
    }
    if (f->o.combo_count > 0) v->up_swipe_momentum = true;
    /* _gun_pickup: the thrown gun is not written in C (it never exists here) */
    if (!v->has_gun && v->gun_projectile && obj_from_name(m, v->gun_projectile)) {
        not_ported(m, "the thrown gun");
        return;
    }
    if (v->buffer_bullet_cancelling) {
        v->bullet_cancelling = true;
        v->buffer_bullet_cancelling = false;
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
        }
    }
    /* drift: needs the after-image, which never exists here */
    if (yx_has(e, HINDSIGHT) && f->supers_available > 0 && yx_bool(e, HINDSIGHT)) {
        fighter_use_super_bar(f);
        int scene = object_table_index(FORESIGHT_SCENE);
        yobj *obj = obj_spawn(m, &f->o, scene, 0, 0, true, NULL, true);
        if (obj) v->after_image_object = obj->number;
    }
}

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
            proj_disable(m, AS_P(o));
            v->cut_projectile = 0;
        }
    }
    if (v->after_image_object) {
        yobj *o = obj_from_name(m, v->after_image_object);
        if (o) {
            proj_disable(m, AS_P(o));
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
        if (!f->infinite_resources) v->bullets_left--;
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
    .scripts = cowboy_scripts,
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
