/* The Wizard. Mirrors states/wizard/fighter.py (characters/wizard/Wizard.gd); the
 * registries of states/wizard/__init__.py are char_wizard_registry.c.
 *
 * Resources: the hover gauge (hover / fast_fall extras), geyser charges, the orb (drains
 * meter every tick, pushed and locked by extras), spark bombs and the spark-speed boost,
 * flame-wave cooldown, the tether, the held boulder. Spark speed is handled before the
 * base tick, the hover/fast-fall/orb upkeep after it. */
#include <stddef.h>
#include <string.h>

#include "char_wizard.h"

#define HOVER_AMOUNT 1200
#define HOVER_MIN_AMOUNT 250
#define HOVER_VEL_Y_POS_MODIFIER FXC(0.70)
#define HOVER_VEL_Y_NEG_MODIFIER FXC(0.94)
#define HOVER_GROUND_FRIC FXC(0.025)
#define ORB_SUPER_DRAIN 2
#define FAST_FALL_SPEED FXI(7)
#define ORB_PUSH_SPEED FXC(8.5)
#define TETHER_FALLOFF FXC(0.95)
#define TETHER_SPEED FXC(1.5)
#define SPARK_BOMB_PUSH_DISTANCE FXI(90)
#define SPARK_EXPLOSION_AIR_SPEED 25
#define SPARK_EXPLOSION_GROUND_SPEED 20
#define SPARK_EXPLOSION_DASH_SPEED 12
#define SPARK_BOMB_SELF_DAMAGE 31
#define ORB_DRAIN_INCREASE_FREQUENCY 70
#define ORB_SCENE "characters/wizard/projectiles/orb/Orb.tscn"

wizard_vars *wizard_of(yobj *o) {
    if (!o || !o->is_fighter || FH(AS_F(o))->name != char_wizard_hooks.name) return NULL;
    return WIZARD(AS_F(o));
}

static void construct(ymatch *m, yfighter *f) {
    (void)m;
    wizard_vars *v = WIZARD(f);
    v->hover_drain_amount = 25;
    v->fast_fall_drain_amount = 20;
    v->hover_gain_amount = 12;
    v->hover_gain_amount_depleted = 4;
    v->hover_gain_amount_air = -1;
    v->can_flame_wave = true;
    v->can_vile_clutch = true;
}

static dash_vars *dash_forward(yfighter *f) {
    int i = obj_state_index_quiet(&f->o, SYM_DashForward);
    return i >= 0 && st_is(&f->states[i], T_CHARACTER_STATE) ? ST_VARS(dash_vars, &f->o, &f->states[i]) : NULL;
}

static jump_vars *jump_state(yfighter *f, int sym) {
    int i = obj_state_index_quiet(&f->o, sym);
    return i >= 0 && st_is(&f->states[i], T_JUMP) ? ST_VARS(jump_vars, &f->o, &f->states[i]) : NULL;
}

static void init(ymatch *m, yfighter *f) {
    fighter_base_init(m, f);
    wizard_vars *v = WIZARD(f);
    v->hover_left = (int32_t)idiv(HOVER_AMOUNT, 4) * 3;
    if (f->infinite_resources) v->hover_left = HOVER_AMOUNT;
    v->geyser_charge = f->infinite_resources ? 3 : 0;
    dash_vars *d = dash_forward(f);
    v->default_dash_speed = d ? d->dash_speed : 0;
}

void wizard_add_geyser_charge(wizard_vars *v) {
    v->geyser_charge++;
    if (v->geyser_charge > 3) v->geyser_charge = 3;
}

static bool can_hover(wizard_vars *v) { return v->hover_left > HOVER_MIN_AMOUNT; }

/* the Wizard's lists of object names (yomi_char.ref_lists) */
enum { SPARK_BOMBS, NEARBY_SPARK_BOMBS };
static const uint16_t REF_LISTS[] = {offsetof(wizard_vars, spark_bombs), offsetof(wizard_vars, nearby_spark_bombs)};

void wizard_add_spark_bomb(ymatch *m, yfighter *f, int number) { fighter_ref_append(m, f, SPARK_BOMBS, number); }

void wizard_spawn_orb(ymatch *m, yfighter *f) {
    yobj *orb = obj_spawn(m, &f->o, object_table_index(ORB_SCENE), -10, -56, true, NULL, true);
    if (orb) WIZARD(f)->orb_projectile = orb->number;
}

/* ------------------------------------------------------------------ hooks of the base fighter */
static void on_blocked_melee_attack(ymatch *m, yfighter *f) {
    fighter_base_on_blocked_melee_attack(m, f);
    WIZARD(f)->hovering = false;
}

static void on_roll_started(ymatch *m, yfighter *f) {
    (void)m;
    WIZARD(f)->hovering = false;
    WIZARD(f)->fast_falling = false;
}

static void on_parried(ymatch *m, yfighter *f) {
    (void)m;
    wizard_add_geyser_charge(WIZARD(f));
}

static void apply_grav_custom(ymatch *m, yfighter *f, fx grav, fx fall_speed) {
    if (!WIZARD(f)->hovering) fighter_base_apply_grav_custom(m, f, grav, fall_speed);
}

static void apply_grav(ymatch *m, yfighter *f) {
    wizard_vars *v = WIZARD(f);
    if (v->fast_falling) apply_grav_custom(m, f, FAST_FALL_SPEED, FAST_FALL_SPEED);
    if (!v->hovering) fighter_base_apply_grav(m, f);
}

static void apply_fric(ymatch *m, yfighter *f) {
    if (obj_grounded(&f->o) && WIZARD(f)->hovering) fg_apply_x_fric_raw(&f->o.chara, HOVER_GROUND_FRIC);
    else fighter_base_apply_fric(m, f);
}

static void on_state_started(ymatch *m, yfighter *f, ystate *st) {
    fighter_base_on_state_started(m, f, st);
    wizard_vars *v = WIZARD(f);
    if (st->busy_interrupt_type == BUSY_HURT) {
        v->fast_falling = false;
        v->detonating_bombs = false;
    }
    if (st_is(st, T_HURT)) {
        v->hovering = false;
        v->detonating_bombs = false;
    }
}

static void gain_super_meter(ymatch *m, yfighter *f, int32_t amount, fx stale) {
    if (WIZARD(f)->orb_projectile) amount = fxs_round(fxs_mul(fxs_int(amount), FXC(0.5)));
    fighter_base_gain_super_meter(m, f, amount, stale);
}

static void on_got_hit(ymatch *m, yfighter *f) {
    wizard_vars *v = WIZARD(f);
    v->hovering = false;
    v->fast_falling = false;
    if (v->boulder_projectile) {
        yobj *obj = obj_from_name(m, v->boulder_projectile);
        if (obj) {
            if (!telekinesis_is(AS_P(obj))) {
                yerr(m, YE_INTERNAL, "Wizard: boulder_projectile is not a telekinesis object");
                return;
            }
            telekinesis_drop(m, AS_P(obj));
            if (!YOK(m)) return;
        }
        v->boulder_projectile = 0;
    }
}

static void on_got_parried(ymatch *m, yfighter *f) {
    fighter_base_on_got_parried(m, f);
    wizard_vars *v = WIZARD(f);
    if (v->spark_speed_frames > 0) f->o.hitlag_ticks += 6;
    v->hovering = false;
}

static void incr_combo(ymatch *m, yfighter *f, bool scale, bool projectile, bool force, int amount) {
    if (!projectile && f->o.combo_count < 1) {
        const char *name = sym_text(st_name(obj_state(&f->o)));
        if (!strstr(name, "Geyser") && !strstr(name, "Burst")) wizard_add_geyser_charge(WIZARD(f));
    }
    fighter_base_incr_combo(m, f, scale, projectile, force, amount);
}

/* ------------------------------------------------------------------ the tick */
static void spark_speed(ymatch *m, yfighter *f) {
    (void)m;
    wizard_vars *v = WIZARD(f);
    if (v->spark_speed_frames <= 0) return;
    f->o.chara.max_ground_speed = FXI(SPARK_EXPLOSION_GROUND_SPEED);
    f->o.chara.max_air_speed = FXI(SPARK_EXPLOSION_AIR_SPEED);
    dash_vars *d = dash_forward(f);
    jump_vars *j = jump_state(f, SYM_Jump), *dj = jump_state(f, SYM_DoubleJump);
    if (d) d->dash_speed = SPARK_EXPLOSION_DASH_SPEED;
    if (j) j->x_modifier = FXC(1.5);
    if (dj) dj->x_modifier = FXC(1.5);
    if (f->o.hitlag_ticks <= 0) v->spark_speed_frames--;
    if (v->spark_speed_frames <= 0) {
        if (d) d->dash_speed = v->default_dash_speed;
        /* Quirk kept: the original restores the two speeds swapped. */
        f->o.chara.max_ground_speed = f->o.max_air_speed;
        f->o.chara.max_air_speed = f->o.max_ground_speed;
        if (j) j->x_modifier = FX_ONE;
        if (dj) dj->x_modifier = FX_ONE;
    }
}

static void hover_tick(ymatch *m, yfighter *f) {
    (void)m;
    wizard_vars *v = WIZARD(f);
    if (obj_grounded(&f->o)) {
        if (v->fast_falling) v->fast_fall_landing = true;
        v->fast_falling = false;
    } else {
        v->fast_fall_landing = false;
    }
    if (v->hovering) {
        v->fast_falling = false;
        if (obj_state(&f->o)->busy_interrupt_type != BUSY_HURT) {
            fx vy = f->o.data.vy;
            fx modifier = vy < 0 ? HOVER_VEL_Y_NEG_MODIFIER : HOVER_VEL_Y_POS_MODIFIER;
            obj_set_vel(&f->o, f->o.data.vx, fxs_mul(vy, modifier));
            if (v->hover_left > 0 && !f->infinite_resources) {
                v->hover_left -= v->hover_drain_amount;
                if (v->hover_left <= 0) {
                    v->hovering = false;
                    v->hover_left = 0;
                }
            }
        }
    }
    if (v->fast_falling) {
        v->hovering = false;
        if (!f->infinite_resources) {
            v->hover_left -= v->fast_fall_drain_amount;
            if (v->hover_left <= 0) {
                v->fast_falling = false;
                v->hover_left = 0;
            }
        }
        obj_move_directly(&f->o, 0, FAST_FALL_SPEED); /* apply_grav_fast_fall */
    }
    int32_t gain;
    if (obj_grounded(&f->o))
        gain = v->hover_left >= HOVER_MIN_AMOUNT ? v->hover_gain_amount : v->hover_gain_amount_depleted;
    else
        gain = v->hover_gain_amount_air;
    v->hover_left += gain;
    if (v->hover_left > HOVER_AMOUNT) v->hover_left = HOVER_AMOUNT;
}

static void orb_tick(ymatch *m, yfighter *f) {
    wizard_vars *v = WIZARD(f);
    if (v->orb_projectile) {
        fighter_use_super_meter(f, ORB_SUPER_DRAIN + v->orb_accumulator);
        if (f->super_meter == 0 && f->supers_available == 0) {
            yproj *orb = wizard_orb_of(m, v->orb_projectile);
            if (!orb) return;
            orb_disable(m, orb);
            if (!YOK(m)) return;
        }
        v->orb_duration++;
        if (v->orb_duration > 0 && imod(v->orb_duration, ORB_DRAIN_INCREASE_FREQUENCY) == 0) v->orb_accumulator++;
    } else {
        v->orb_duration = 0;
        v->orb_accumulator = 0;
    }
    if (v->current_orb_push.has) {
        if (v->orb_projectile) {
            int32_t px = v->current_orb_push.x, py = v->current_orb_push.y;
            if (!(px == 0 && py == 0)) {
                fx fx_, fy;
                fxs_normalized_times(FXI(px), FXI(py), ORB_PUSH_SPEED, &fx_, &fy);
                yproj *orb = wizard_orb_of(m, v->orb_projectile);
                if (!orb) return;
                orb_push(orb, fx_, fy);
            }
        }
        v->current_orb_push.has = false;
    }
}

static bool bomb_found(ymatch *m, int32_t number) { return obj_from_name(m, number) != NULL; }

/* The names found disabled leave the list after the walk, one list.remove each. Every occurrence of
 * such a name is found disabled (the walk disables nothing), so that removes exactly the entries
 * whose object is not found, which one pass keeps out. */
static void spark_bombs_tick(ymatch *m, yfighter *f) {
    wizard_vars *v = WIZARD(f);
    int n_disabled = 0;
    for (int i = 0; i < v->spark_bombs.n; i++) {
        int32_t number = fighter_ref_at(m, f, SPARK_BOMBS, false, i);
        yobj *bomb = obj_from_name(m, number);
        if (!bomb) {
            n_disabled++;
            continue;
        }
        if (!spark_bomb_is(AS_P(bomb))) {
            yerr(m, YE_INTERNAL, "Wizard: spark_bombs holds an object that is not a spark bomb");
            return;
        }
        int32_t dx, dy;
        obj_local_center(m, &f->o, bomb, &dx, &dy);
        if (!spark_bomb_exploded(AS_P(bomb)) && spark_bomb_armed(AS_P(bomb)) &&
            fxs_vec_len(FXI(dx), FXI(dy)) < SPARK_BOMB_PUSH_DISTANCE) {
            fighter_ref_append(m, f, NEARBY_SPARK_BOMBS, number);
            if (!YOK(m)) return;
        }
    }
    if (n_disabled) fighter_ref_keep(m, f, SPARK_BOMBS, bomb_found);
}

static void tether_tick(ymatch *m, yfighter *f) {
    wizard_vars *v = WIZARD(f);
    if (v->orb_projectile && !obj_grounded(&f->o)) {
        yproj *orb = wizard_orb_of(m, v->orb_projectile);
        if (!orb) return;
        if (!orb->o.disabled) {
            int32_t dx, dy;
            obj_local_center(m, &f->o, &orb->o, &dx, &dy);
            int32_t falloff_power = fxs_round(yfx_div(m, FXI(WIZARD_TETHER_TICKS - v->tether_ticks), FXI(3)));
            fx fx_, fy;
            fxs_normalized_times(FXI(dx), FXI(dy), fxs_mul(TETHER_SPEED, fxs_powu(TETHER_FALLOFF, falloff_power)),
                                 &fx_, &fy);
            obj_apply_force(&f->o, fx_, fy);
        }
    }
    v->tether_ticks--;
    if (obj_grounded(&f->o) || fighter_is_in_hurt_state(f, true)) v->tether_ticks = 0;
}

static void tick(ymatch *m, yfighter *f) {
    wizard_vars *v = WIZARD(f);
    spark_speed(m, f);
    fighter_base_tick(m, f);
    if (!YOK(m)) return;
    if (f->o.hitlag_ticks <= 0) hover_tick(m, f);
    orb_tick(m, f);
    if (!YOK(m)) return;
    if (v->detonating_bombs) {
        for (int i = 0; i < v->nearby_spark_bombs.n; i++) {
            yobj *bomb = obj_from_name(m, fighter_ref_at(m, f, NEARBY_SPARK_BOMBS, false, i));
            if (bomb) {
                spark_bomb_explode(m, AS_P(bomb), true);
                TAKE_DAMAGE(m, f, SPARK_BOMB_SELF_DAMAGE);
                if (!YOK(m)) return;
            }
        }
    }
    if (v->flame_wave_cooldown > 0) v->flame_wave_cooldown--;
    fighter_ref_clear(m, f, NEARBY_SPARK_BOMBS);
    if (v->spark_bombs.n) spark_bombs_tick(m, f);
    if (!YOK(m)) return;
    if (v->tether_ticks > 0) tether_tick(m, f);
    if (!YOK(m)) return;
    if (f->o.combo_count <= 0 && !obj_state(&FOPP(m, f)->o)->endless) v->gusts_in_combo = 0;
    if (v->hover_left <= 0) v->hover_left = 0;
}

/* ------------------------------------------------------------------ extras */
enum { HOVER = YX_CHAR0, FAST_FALL, DETONATE, ORB_PUSH, LOCK_ORB, LAUNCH, LAUNCH_DIR };

static void process_extra(ymatch *m, yfighter *f, const yextra *e) {
    wizard_vars *v = WIZARD(f);
    fighter_base_process_extra(m, f, e);
    if (!YOK(m)) return;
    if (can_hover(v)) {
        if (yx_has(e, HOVER)) v->hovering = yx_bool(e, HOVER);
    } else {
        v->hovering = false;
    }
    if (!obj_grounded(&f->o) && can_hover(v)) { /* can_fast_fall */
        if (yx_has(e, FAST_FALL)) {
            if (yx_bool(e, FAST_FALL)) {
                if (!v->fast_falling) obj_set_vel(&f->o, f->o.data.vx, FAST_FALL_SPEED);
                v->fast_falling = true;
            }
        } else {
            v->fast_falling = false;
        }
    } else {
        v->fast_falling = false;
    }
    if (yx_has(e, ORB_PUSH) && v->orb_projectile) {
        v->current_orb_push.has = !yx_null(e, ORB_PUSH);
        v->current_orb_push.x = e->x[ORB_PUSH];
        v->current_orb_push.y = e->y[ORB_PUSH];
    }
    if (yx_has(e, DETONATE)) v->detonating_bombs = yx_bool(e, DETONATE);
    if (yx_has(e, LOCK_ORB) && v->orb_projectile) {
        yobj *obj = obj_from_name(m, v->orb_projectile);
        if (obj) {
            yproj *orb = wizard_orb_of(m, v->orb_projectile);
            if (!orb) return;
            bool lock = yx_bool(e, LOCK_ORB);
            if (!orb_is_locked(orb) && lock) orb_lock(orb);
            else if (orb_is_locked(orb) && !lock) orb_unlock(orb);
        }
    }
}

/* An object this Wizard (or an object that still exists) refers to by name must keep its
 * name: the orb, the boulder, the spark bombs, and the creator of a live object (a
 * lightning bolt or dart reads its orb, the bomb's explosion its bomb). */
static bool refs_object(ymatch *m, yfighter *f, int number) {
    wizard_vars *v = WIZARD(f);
    if (v->orb_projectile == number || v->boulder_projectile == number) return true;
    for (int i = 0; i < v->spark_bombs.n; i++)
        if (fighter_ref_at(m, f, SPARK_BOMBS, false, i) == number) return true;
    for (int i = 0; i < v->nearby_spark_bombs.n; i++)
        if (fighter_ref_at(m, f, NEARBY_SPARK_BOMBS, false, i) == number) return true;
    for (int k = 0; k < m->n_objs; k++) {
        yobj *o = &match_obj_at(m, k)->o;
        if (!o->disabled && o->creator == number) return true;
    }
    return false;
}

static const yextra_key EXTRAS[] = {
    {"hover", YXS_BOOL},     {"fast_fall", YXS_BOOL}, {"detonate", YXS_BOOL},  {"orb_push", YXS_DIR},
    {"lock_orb", YXS_BOOL},  {"launch", YXS_BOOL},    {"launch_dir", YXS_DIR},
};

#define R(name, kind) {#name, kind, offsetof(wizard_vars, name)}
static const yres_field RES[] = {
    R(hover_left, RF_INT), R(hovering, RF_BOOL), R(fast_falling, RF_BOOL), R(fast_fall_landing, RF_BOOL),
    R(orb_projectile, RF_OBJREF), R(orb_duration, RF_INT), R(geyser_charge, RF_INT),
    R(flame_wave_cooldown, RF_INT), R(can_flame_wave, RF_BOOL), R(can_vile_clutch, RF_BOOL),
    R(tether_ticks, RF_INT), R(gusts_in_combo, RF_INT), R(detonating_bombs, RF_BOOL),
    R(spark_bombs, RF_OBJREF_LIST), R(spark_speed_frames, RF_INT), R(boulder_projectile, RF_OBJREF),
    R(current_orb_push, RF_XY_OR_NULL),
};
#undef R



const yomi_char char_wizard_hooks = {
    .name = "Wizard",
    .py_class = "states.wizard.fighter.Wizard",
    .vars_size = sizeof(wizard_vars),
    .extras = EXTRAS,
    .n_extras = sizeof EXTRAS / sizeof EXTRAS[0],
    .res = RES,
    .n_res = sizeof RES / sizeof RES[0],
    .ref_lists = REF_LISTS,
    .n_ref_lists = sizeof REF_LISTS / sizeof REF_LISTS[0],
    .construct = construct,
    .init = init,
    .tick = tick,
    .process_extra = process_extra,
    .on_blocked_melee_attack = on_blocked_melee_attack,
    .on_roll_started = on_roll_started,
    .on_parried = on_parried,
    .apply_grav = apply_grav,
    .apply_grav_custom = apply_grav_custom,
    .apply_fric = apply_fric,
    .on_state_started = on_state_started,
    .gain_super_meter = gain_super_meter,
    .on_got_hit = on_got_hit,
    .on_got_parried = on_got_parried,
    .incr_combo = incr_combo,
    .refs_object = refs_object,
};
