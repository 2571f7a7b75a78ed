/* The Robot. Mirrors states/robot/fighter.py (characters/robo/Robot.gd); the registries
 * of states/robot/__init__.py (SCRIPTS, OBJECT_CLASSES, OBJECT_STATE_SCRIPTS) are char_robot_registry.c.
 *
 * Resources: the fuel tank (air_option_bar: flight with the fly_dir / fly_enabled extras),
 * the armor pip (armor_enabled extra, 3-tick startup), the LOIC meter, the grenade and its
 * magnet, Drive stance cancels. Upkeep after the base tick: armor, magnet, ground refuel,
 * flight, LOIC gain, ground-pound readiness. */
#include <stddef.h>

#include "char_robot.h"

#define MAX_ARMOR_PIPS 1
#define FLY_FORCE FXC(1.65)
#define FORWARD_FLY_SPEED_MODIFIER FX_ONE
#define MAX_FORWARD_FLIGHT_SPEED FXI(9)
#define MAX_BACKWARD_FLIGHT_SPEED FXI(5)
#define MAGNET_MIN_BOMB_DIST 64
#define MAGNET_MIN_TICKS 10
#define FLY_TICKS 25
#define MAX_FLY_UP_SPEED FXI(-6)
#define GROUND_POUND_MIN_HEIGHT (-48)
#define LOIC_METER 1000
#define START_LOIC_METER 500
#define LOIC_GAIN 5
#define LOIC_GAIN_NO_ARMOR 5
#define MAGNET_TICKS 100
#define MAGNET_STRENGTH FXC(1.6)
#define MAGNETIZE_OPPONENT_BLOCKED_MOD FXC(0.75)
#define MAGNET_BOMB_STRENGTH FX_ONE
#define BOUNCE_SPEED FXI(10)
#define MAGNETIZE_BOMB_STRENGTH_INCREASE FXC(0.1)
#define ARMOR_STARTUP_TICKS 3
#define WC_EXTRA_ARMOR_STARTUP_TICKS 2
#define DRAIN_AIR_OPTION_BAR_AMOUNT 20
#define GAIN_AIR_OPTION_BAR_AMOUNT 3
#define GAIN_AIR_OPTION_BAR_ON_HIT 300
#define MIN_AIR_OPTION_BAR_AMOUNT 80
#define FLY_GRAV FXC(0.05)
#define FLY_MAX_FALL_SPEED FXI(100)

static void construct(ymatch *m, yfighter *f) {
    (void)m;
    robot_vars *v = ROBOT(f);
    v->armor_pips = 1;
    v->can_gain_ground_pound = true;
    v->can_unlock_gratuitous = true;
    v->can_flamethrower = true;
}

static void init(ymatch *m, yfighter *f) {
    fighter_base_init(m, f);
    robot_vars *v = ROBOT(f);
    v->armor_pips = 1;
    v->loic_meter = START_LOIC_METER;
    if (f->infinite_resources) {
        v->can_loic = true;
        v->loic_meter = LOIC_METER;
    }
}

robot_vars *robot_of(ymatch *m, yobj *o) {
    /* f->chr is the resolved copy of char_robot_hooks: its name string is ours */
    if (o && o->is_fighter && AS_F(o)->chr->name == char_robot_hooks.name) return ROBOT(AS_F(o));
    yerr(m, YE_INTERNAL, "object %d is not a Robot", o ? o->number : 0);
    return NULL;
}

/* ------------------------------------------------------------------ hooks of the base fighter */
static void on_got_hit_by_fighter(ymatch *m, yfighter *f) {
    (void)m;
    if (ROBOT(f)->armor_active) ROBOT(f)->got_hit = true;
}

static void on_got_parried(ymatch *m, yfighter *f) {
    fighter_base_on_got_parried(m, f);
    ROBOT(f)->flying_dir.has = false;
    ROBOT(f)->can_ground_pound = false;
}

static void on_got_hit(ymatch *m, yfighter *f) {
    (void)m;
    fighter_gain_air_option_bar(f, (int32_t)idiv(GAIN_AIR_OPTION_BAR_ON_HIT, int_max(f->o.combo_count, 1)));
}

static void on_launched(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    yobj *strike = v->orbital_strike_projectile ? obj_by_number(m, v->orbital_strike_projectile) : NULL;
    if (strike) { /* objs_map: a disabled strike too */
        if (!robot_orbital(strike)) {
            yerr(m, YE_INTERNAL, "Robot: orbital_strike_projectile is not an orbital strike");
            return;
        }
        robot_orbital_deactivate(m, AS_P(strike));
        if (!YOK(m)) return;
        v->orbital_strike_out = false;
        v->orbital_strike_projectile = 0;
    }
}

static bool has_armor(ymatch *m, yfighter *f) {
    (void)m;
    robot_vars *v = ROBOT(f);
    return v->armor_active && v->super_armor_installed && !st_is(obj_state(&f->o), T_HURT);
}

static bool has_autoblock_armor(ymatch *m, yfighter *f) {
    (void)m;
    return ROBOT(f)->armor_active && !st_is(obj_state(&f->o), T_HURT);
}

static void incr_combo(ymatch *m, yfighter *f, bool scale, bool projectile, bool force, int amount) {
    robot_vars *v = ROBOT(f);
    if (f->o.combo_count == 0) v->landed_move = true;
    /* quirk kept: the original passes force and projectile swapped to the base */
    fighter_base_incr_combo(m, f, scale, force, projectile, amount);
    int ground_slam = obj_state_index_quiet(&f->o, SYM_GroundSlam);
    if (v->can_unlock_gratuitous && ground_slam >= 0 && f->combo_moves_used[ground_slam] &&
        st_name(obj_state(&f->o)) != SYM_GroundSlam)
        v->can_unlock_gratuitous = false;
}

static void apply_grav(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    yxy_opt *fl = &v->flying_dir;
    if (!fl->has || (f->o.data.vy < 0 && fl->x != 0 && fl->y >= 0)) fighter_base_apply_grav(m, f);
    else fighter_base_apply_grav_custom(m, f, FLY_GRAV, FLY_MAX_FALL_SPEED);
}

static void magnetize(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    if (v->magnetize_opponent) {
        fx dx, dy;
        fighter_opponent_dir_vec(m, f, &dx, &dy);
        fx strength = MAGNET_STRENGTH;
        if (v->magnetize_opponent_blocked) strength = fxs_mul(strength, MAGNETIZE_OPPONENT_BLOCKED_MOD);
        fx fx_, fy;
        fxs_vec_mul(dx, dy, fxs_neg(strength), &fx_, &fy);
        yfighter *opp = FOPP(m, f);
        if (fxs_round(obj_distance(m, &f->o, &opp->o)) < MAGNET_MIN_BOMB_DIST)
            if (MAGNET_TICKS - v->magnet_ticks_left > MAGNET_MIN_TICKS) v->magnet_ticks_left = 1;
        obj_apply_force(&opp->o, fx_, obj_grounded(&opp->o) ? fy : 0);
    }
    yobj *obj = v->grenade_object ? obj_from_name(m, v->grenade_object) : NULL;
    if (obj) {
        fx dx, dy, fx_, fy;
        /* get_object_dir_vec */
        fxs_normalized(fxs_int((int64_t)obj->data.px - f->o.data.px), fxs_int((int64_t)obj->data.py - f->o.data.py),
                       &dx, &dy);
        fxs_vec_mul(dx, dy, fxs_neg(fxs_mul(MAGNET_BOMB_STRENGTH, v->magnetize_bomb_strength)), &fx_, &fy);
        if (fxs_round(obj_distance(m, &f->o, obj)) < MAGNET_MIN_BOMB_DIST)
            if (MAGNET_TICKS - v->magnet_ticks_left > MAGNET_MIN_TICKS) v->magnet_ticks_left = 1;
        obj_apply_force(obj, fx_, fy);
    } else {
        v->magnet_ticks_left = 1;
    }
    v->magnetize_bomb_strength = fxs_add(v->magnetize_bomb_strength, MAGNETIZE_BOMB_STRENGTH_INCREASE);
    if (v->magnetize_bomb_strength > FX_ONE || v->magnetize_opponent) v->magnetize_bomb_strength = FX_ONE;
}

void robot_add_armor_pip(robot_vars *v) {
    v->armor_pips++;
    if (v->armor_pips > MAX_ARMOR_PIPS) v->armor_pips = MAX_ARMOR_PIPS;
}

static bool can_perfect_parry(ymatch *m, yfighter *f) {
    (void)m;
    return !ROBOT(f)->flying_dir.has;
}

/* ------------------------------------------------------------------ the tick */
static void armor_tick(robot_vars *v) {
    if (v->got_hit) {
        v->armor_pips = 0;
        v->got_hit = false;
        v->buffer_armor = false;
        if (v->armor_active) v->super_armor_installed = false;
        v->armor_active = false;
        if (v->armor_startup_ticks > 0) v->armor_startup_ticks = 0;
    } else if (v->armor_startup_ticks > 0) {
        v->armor_startup_ticks--;
        if (v->armor_startup_ticks == 0) {
            v->armor_active = true;
            v->buffer_armor = false;
        }
    }
}

/* fixed.abs(v) > "d" as Python compares the two *texts* (lexicographic order), for a canonical
 * v >= 0 and the one-digit speed caps "5" and "9", without printing v: the texts compare by
 * their first characters (v's leading integer digit against d), and when those are equal v's
 * text is the greater one iff it is longer than "d" (an integer part of two digits or more, or
 * any fraction: a canonical value with a fraction prints one). */
static bool text_gt_digit(fx v, int d) {
    int64_t ip = v >> 16, lead = ip;
    while (lead >= 10) lead /= 10;
    if (lead != d) return lead > d;
    return ip >= 10 || (v & FX_FRAC_MASK) != 0;
}

static void fly_tick(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    yxy_opt flying = v->flying_dir;
    if (obj_grounded(&f->o) && !v->force_fly) return;
    fx vx = f->o.data.vx, vy = f->o.data.vy;
    fx ffx, ffy;
    fxs_normalized_times(fxs_int(flying.x), fxs_int(flying.y), FLY_FORCE, &ffx, &ffy);
    if (flying.x == fighter_opponent_dir(m, f)) ffx = fxs_mul(ffx, FORWARD_FLY_SPEED_MODIFIER);
    if (v->force_fly && ffy >= 0) ffy = 0;
    fx upward_speed = ffy, upward_speed_mod = FX_ONE;
    fx ratio = yfx_div(m, fxs_int(f->air_option_bar), fxs_int(f->air_option_bar_max));
    if (ffy < 0) {
        upward_speed_mod = fxs_mul(FX_ONE, ratio);
        if (upward_speed_mod < FXC(0.3)) upward_speed_mod = FXC(0.3);
    }
    if (flying.y < 0 && vy > 0) {
        fighter_update_data(m, f);
        vx = f->o.data.vx;
        vy = f->o.data.vy;
        obj_set_vel(&f->o, vx, 0);
    }
    if (flying.y > 0 && vy < 0) {
        fighter_update_data(m, f);
        vx = f->o.data.vx;
        vy = f->o.data.vy;
        obj_set_vel(&f->o, vx, fxs_mul(vy, FXC(0.75)));
    }
    obj_apply_force(&f->o, ffx, fxs_mul(upward_speed, fxs_mul(upward_speed_mod, FXC(0.4))));
    fx max_horiz = fxs_sign(vx) != fighter_opponent_dir(m, f) ? MAX_BACKWARD_FLIGHT_SPEED : MAX_FORWARD_FLIGHT_SPEED;
    if (vy < MAX_FLY_UP_SPEED) {
        fighter_update_data(m, f);
        vx = f->o.data.vx;
        vy = f->o.data.vy;
        obj_set_vel(&f->o, vx, MAX_FLY_UP_SPEED);
    }
    /* quirk kept: the original compares two number *strings* here (lexicographic order) */
    if (text_gt_digit(fxs_abs(vx), max_horiz == MAX_BACKWARD_FLIGHT_SPEED ? 5 : 9) && fxs_sign(vx) == flying.x) {
        fighter_update_data(m, f);
        vx = f->o.data.vx;
        vy = f->o.data.vy;
        obj_set_vel(&f->o, fxs_mul(max_horiz, fxs_int(fxs_sign(vx))), vy);
    }
    if (fxs_vec_len(ffx, ffy) == 0) {
        fx nx, ny;
        fxs_vec_mul(vx, vy, FXC(0.90), &nx, &ny);
        obj_set_vel(&f->o, nx, ny);
    }
    fighter_drain_air_option_bar(f, DRAIN_AIR_OPTION_BAR_AMOUNT);
    v->fly_ticks_left--;
    if (v->fly_ticks_left <= 0) {
        v->flying_dir.has = false;
    } else if (imod(f->o.current_tick, 2) == 0) {
        if (flying.x != 0) {
            if (flying.x != fighter_opponent_dir(m, f)) fighter_add_penalty(m, f, 1, false);
        } else if (flying.y == -1) {
            fighter_add_penalty(m, f, 1, false);
        }
    }
}

static void loic_tick(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    if (v->loic_meter < LOIC_METER && !v->loic_draining) {
        yobj *obj = v->orbital_strike_projectile ? obj_from_name(m, v->orbital_strike_projectile) : NULL;
        robot_orbital_strike_vars *ov = robot_orbital(obj);
        bool can_gain_loic = !(obj && ov && ov->active);
        if (obj && !ov) {
            yerr(m, YE_INTERNAL, "Robot: orbital_strike_projectile is not an orbital strike");
            return;
        }
        if (can_gain_loic) v->loic_meter += v->armor_pips > 0 ? LOIC_GAIN : LOIC_GAIN_NO_ARMOR;
        if (f->infinite_resources) {
            v->loic_meter = LOIC_METER;
            v->can_loic = true;
        }
    }
    if (v->loic_meter >= LOIC_METER && f->supers_available > 1) {
        v->can_loic = true;
        v->loic_meter = LOIC_METER;
    } else {
        v->can_loic = false;
    }
}

static void tick(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    fighter_base_tick(m, f);
    if (!YOK(m)) return;
    if (v->propel_friction_ticks > 0) {
        v->propel_friction_ticks--;
        if (v->propel_friction_ticks == 0) f->o.chara.ground_friction = f->o.ground_friction;
    }
    armor_tick(v);
    if (obj_state(&f->o)->is_grab && f->feinting && v->armor_active) f->feinting = false;
    if (v->magnet_ticks_left > 0) {
        magnetize(m, f);
        if (!YOK(m)) return;
        v->magnet_ticks_left--;
    } else {
        v->magnetize_opponent = false;
        v->magnetize_opponent_blocked = false;
    }
    if (v->landed_move) {
        if (!st_is(obj_state(&f->o), T_HURT)) robot_add_armor_pip(v);
        v->landed_move = false;
    }
    if (obj_grounded(&f->o) && !v->force_fly) {
        v->flying_dir.has = false;
        if (f->air_option_bar < MIN_AIR_OPTION_BAR_AMOUNT) f->air_option_bar = MIN_AIR_OPTION_BAR_AMOUNT;
        fighter_gain_air_option_bar(f, GAIN_AIR_OPTION_BAR_AMOUNT);
    }
    if (fighter_is_in_hurt_state(f, true)) v->flying_dir.has = false;
    ystate *st = obj_state(&f->o);
    if (v->flying_dir.has && robot_state_can_fly(&f->o, st) == 0) v->flying_dir.has = false;
    if (v->start_fly && v->flying_dir.has) {
        v->fly_ticks_left = FLY_TICKS;
        v->start_fly = false;
    }
    if (v->flying_dir.has) fly_tick(m, f);
    loic_tick(m, f);
    if (!YOK(m)) return;
    if (v->buffer_reset_ground_pound) {
        v->buffer_reset_ground_pound = false;
        v->can_ground_pound = false;
    }
    if (obj_grounded(&f->o) && !obj_state(&f->o)->started_in_air) {
        v->buffer_reset_ground_pound = true;
        v->can_gain_ground_pound = true;
    }
    if (!v->can_ground_pound && v->can_gain_ground_pound && f->o.data.py < GROUND_POUND_MIN_HEIGHT &&
        !fighter_is_in_hurt_state(f, true)) {
        v->can_ground_pound = true;
        v->can_gain_ground_pound = false;
    }
    if (v->buffer_drive_cancel) {
        v->buffer_drive_cancel = false;
        v->drive_cancel = true;
    }
    if (f->air_option_bar == 0 && v->flying_dir.has) v->flying_dir.has = false;
}

void robot_start_magnetizing(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    v->magnet_ticks_left = MAGNET_TICKS;
    v->magnetize_bomb_strength = 0;
    yobj *obj = v->grenade_object ? obj_from_name(m, v->grenade_object) : NULL;
    if (obj) {
        if (!robot_grenade(obj)) {
            yerr(m, YE_INTERNAL, "Robot: grenade_object is not a grenade");
            return;
        }
        robot_grenade_refresh(m, AS_P(obj));
        if (!YOK(m)) return;
    }
    v->magnet_installed = false;
}

static void reset_combo(ymatch *m, yfighter *f) {
    fighter_base_reset_combo(m, f);
    ROBOT(f)->used_earthquake_grab = false;
}

/* ------------------------------------------------------------------ extras */
enum { FLY_DIR = YX_CHAR0, FLY_ENABLED, ARMOR_ENABLED, NADE_ACTIVATED, PULL_ENABLED, LOIC_DIR, DRIVE_CANCEL, BOUNCE,
       FORCE_FLY };

static void process_extra(ymatch *m, yfighter *f, const yextra *e) {
    robot_vars *v = ROBOT(f);
    fighter_base_process_extra(m, f, e);
    if (!YOK(m)) return;
    bool can_fly = !f->busy_interrupt;
    v->force_fly = false;
    bool force_fly = yx_has(e, FORCE_FLY) && yx_bool(e, FORCE_FLY);
    if (yx_has(e, FLY_DIR) && (!obj_grounded(&f->o) || force_fly) && can_fly) {
        if (yx_has(e, FLY_ENABLED) && yx_bool(e, FLY_ENABLED) && f->air_option_bar > 0) {
            bool null_dir = yx_null(e, FLY_DIR);
            if (null_dir && v->flying_dir.has) {
                yerr(m, YE_INTERNAL, "Robot: fly_dir is null");
                return;
            }
            bool same_dir = !v->flying_dir.has ||
                            (v->flying_dir.x == e->x[FLY_DIR] && v->flying_dir.y == e->y[FLY_DIR]);
            if (!v->flying_dir.has || !same_dir) v->start_fly = true;
            v->flying_dir.has = !null_dir;
            v->flying_dir.x = e->x[FLY_DIR];
            v->flying_dir.y = e->y[FLY_DIR];
            if (yx_has(e, FORCE_FLY)) v->force_fly = yx_bool(e, FORCE_FLY);
        } else if (yx_has(e, FLY_ENABLED) && !yx_bool(e, FLY_ENABLED)) {
            v->flying_dir.has = false;
        }
    }
    if (yx_has(e, LOIC_DIR)) {
        if (yx_null(e, LOIC_DIR)) {
            yerr(m, YE_INTERNAL, "Robot: loic_dir is null");
            return;
        }
        v->loic_dir = e->x[LOIC_DIR];
    }
    if (yx_has(e, ARMOR_ENABLED) && v->armor_pips > 0) {
        v->buffer_armor = yx_bool(e, ARMOR_ENABLED);
        if (yx_bool(e, ARMOR_ENABLED) && st_name(obj_state(&f->o)) == SYM_WhiffInstantCancel)
            v->armor_startup_ticks += WC_EXTRA_ARMOR_STARTUP_TICKS;
    }
    if (yx_has(e, NADE_ACTIVATED) && v->grenade_object && yx_bool(e, NADE_ACTIVATED)) {
        yobj *nade = obj_from_name(m, v->grenade_object);
        robot_grenade_vars *gv = robot_grenade(nade);
        if (nade && !gv) {
            yerr(m, YE_INTERNAL, "Robot: grenade_object is not a grenade");
            return;
        }
        if (nade && !gv->active) {
            robot_grenade_activate(m, AS_P(nade));
            if (!YOK(m)) return;
            if (yx_has(e, BOUNCE) && !yx_null(e, BOUNCE) && (e->x[BOUNCE] != 0 || e->y[BOUNCE] != 0)) {
                fx fx_, fy;
                obj_xy_to_dir(m, fxs_int(e->x[BOUNCE]), fxs_int(e->y[BOUNCE]), BOUNCE_SPEED, FXI(100), &fx_, &fy);
                fg_reset_momentum(&nade->chara);
                obj_apply_force(nade, fx_, fy);
            }
        }
    }
    if (yx_has(e, PULL_ENABLED) && v->magnet_installed && !v->buffer_armor && yx_bool(e, PULL_ENABLED)) {
        robot_start_magnetizing(m, f);
        if (!YOK(m)) return;
    }
    if (yx_has(e, DRIVE_CANCEL)) v->buffer_drive_cancel = yx_bool(e, DRIVE_CANCEL);
}

/* ------------------------------------------------------------------ signals */
static bool has_drive_cancel_command(ystate *st) {
    /* ObjectState.gd: get_host_command: only HostCommand nodes can match */
    for (int i = 0; i < st->st->n_cmd_nodes; i++)
        if (st->st->cmd_nodes[i].method == SYM_try_drive_cancel) return true;
    return false;
}

static void on_attack_blocked(ymatch *m, yfighter *f) {
    robot_vars *v = ROBOT(f);
    if (has_drive_cancel_command(obj_state(&f->o))) {
        if (v->drive_cancel) {
            v->drive_cancel = false;
            v->buffer_drive_cancel = false;
            machine_change_state(m, &f->o, f->stance == SYM_Drive ? SYM_UnDriveCancel : SYM_DriveCancel, NULL, true,
                                 true);
            if (!YOK(m)) return;
        }
    }
    fighter_gain_air_option_bar(f, (int32_t)idiv(GAIN_AIR_OPTION_BAR_ON_HIT, 4));
    v->can_ground_pound = false;
}

static void on_blocked_melee_attack(ymatch *m, yfighter *f) {
    fighter_base_on_blocked_melee_attack(m, f);
    ROBOT(f)->flying_dir.has = false;
}

static void use_burst(ymatch *m, yfighter *f) {
    fighter_base_use_burst(m, f);
    f->air_option_bar = f->air_option_bar_max;
}

static void on_state_ended(ymatch *m, yfighter *f, ystate *st) {
    (void)m;
    (void)st;
    ROBOT(f)->drive_cancel = false; /* (does not call the base) */
}

static void on_state_exited(ymatch *m, yfighter *f, ystate *st) {
    robot_vars *v = ROBOT(f);
    fighter_base_on_state_exited(m, f, st);
    if (v->buffer_armor) {
        v->armor_startup_ticks += ARMOR_STARTUP_TICKS;
        v->armor_pips = 0;
    } else {
        if (v->armor_active) v->super_armor_installed = false;
        v->armor_active = false;
    }
}

static void on_state_interruptable(ymatch *m, yfighter *f, ystate *st) {
    robot_vars *v = ROBOT(f);
    fighter_base_on_state_interruptable(m, f, st);
    if (v->armor_active) v->super_armor_installed = false;
    v->armor_active = false;
}

static void on_hit_something(ymatch *m, yfighter *f, yobj *victim, yhitbox *hb) {
    fighter_base_on_hit_something(m, f, victim, hb);
    if (victim->is_fighter)
        fighter_gain_air_option_bar(f, (int32_t)idiv(GAIN_AIR_OPTION_BAR_ON_HIT, int_max(f->o.combo_count, 1)));
}

static int host_command(ymatch *m, yfighter *f, int method, const yval *args, int n) {
    robot_vars *v = ROBOT(f);
    if (method == SYM_stop_flying) {
        v->flying_dir.has = false;
        return 1;
    }
    if (method == SYM_try_drive_cancel) {
        bool fast = n > 0 && yval_bool(&args[0], 0);
        if (f->got_parried || !v->drive_cancel) return 1;
        v->drive_cancel = false;
        if (f->stance == SYM_Drive) machine_change_state(m, &f->o, SYM_UnDriveCancel, NULL, true, true);
        else machine_change_state(m, &f->o, fast ? SYM_FastDriveCancel : SYM_DriveCancel, NULL, true, true);
        return 1;
    }
    return 0;
}

static bool refs_object(ymatch *m, yfighter *f, int number) {
    (void)m;
    robot_vars *v = ROBOT(f);
    return v->orbital_strike_projectile == number || v->grenade_object == number || v->flame_touching_opponent == number;
}

static const yextra_key EXTRAS[] = {
    {"fly_dir", YXS_DIR},        {"fly_enabled", YXS_BOOL}, {"armor_enabled", YXS_BOOL},
    {"nade_activated", YXS_BOOL}, {"pull_enabled", YXS_BOOL}, {"loic_dir", YXS_DIR},
    {"drive_cancel", YXS_BOOL},  {"bounce", YXS_DIR},       {"force_fly", YXS_BOOL},
};

#define R(name, kind) {#name, kind, offsetof(robot_vars, name)}
static const yres_field RES[] = {
    R(armor_pips, RF_INT), R(armor_active, RF_BOOL), R(buffer_armor, RF_BOOL), R(armor_startup_ticks, RF_INT),
    R(loic_meter, RF_INT), R(can_loic, RF_BOOL), R(loic_draining, RF_BOOL), R(orbital_strike_out, RF_BOOL),
    R(orbital_strike_projectile, RF_OBJREF), R(fly_ticks_left, RF_INT), R(flying_dir, RF_XY_OR_NULL),
    R(start_fly, RF_BOOL), R(magnet_ticks_left, RF_INT), R(magnet_installed, RF_BOOL), R(grenade_object, RF_OBJREF),
    R(kill_process_super_level, RF_INT), R(can_ground_pound, RF_BOOL), R(drive_cancel, RF_BOOL),
    R(super_armor_installed, RF_BOOL), R(propel_friction_ticks, RF_INT), R(landed_move, RF_BOOL),
    R(can_flamethrower, RF_BOOL), R(can_unlock_gratuitous, RF_BOOL), R(magnetize_opponent, RF_BOOL),
    R(loic_dir, RF_INT),
};
#undef R


const yomi_char char_robot_hooks = {
    .name = "Robot",
    .py_class = "states.robot.fighter.Robot",
    .vars_size = sizeof(robot_vars),
    .extras = EXTRAS,
    .n_extras = sizeof EXTRAS / sizeof EXTRAS[0],
    .res = RES,
    .n_res = sizeof RES / sizeof RES[0],
    .construct = construct,
    .init = init,
    .tick = tick,
    .process_extra = process_extra,
    .on_got_hit_by_fighter = on_got_hit_by_fighter,
    .on_got_parried = on_got_parried,
    .on_got_hit = on_got_hit,
    .on_launched = on_launched,
    .on_grabbed = on_launched,
    .has_armor = has_armor,
    .has_autoblock_armor = has_autoblock_armor,
    .incr_combo = incr_combo,
    .apply_grav = apply_grav,
    .can_perfect_parry = can_perfect_parry,
    .reset_combo = reset_combo,
    .on_attack_blocked = on_attack_blocked,
    .on_blocked_melee_attack = on_blocked_melee_attack,
    .use_burst = use_burst,
    .on_state_ended = on_state_ended,
    .on_state_exited = on_state_exited,
    .on_state_interruptable = on_state_interruptable,
    .on_hit_something = on_hit_something,
    .host_command = host_command,
    .refs_object = refs_object,
};
