/* Projectiles. Mirrors states/objects/projectile.py (projectile/BaseProjectile.gd, the
 * straight mover characters/stickman/projectiles/fireball_states/Default.gd, class
 * DefaultFireball, that most projectile states extend, and the aimed/homing mover
 * projectile/DirProjectileDefault.gd, class DirProjectileDefault). */
#include "projectile.h"
#include "combat.h"
#include "data.h"
#include "fxs.h"
#include "hitbox.h"
#include "match.h"
#include "obj.h"
#include "state.h"
#include "base.h"

/* ------------------------------------------------------------------ BaseProjectile */
void proj_disable(ymatch *m, yproj *p) {
    if (!p->o.disabled) p->disabled_serial = m->tick_serial;
    p->o.disabled = true;
    yhitbox *hb[YOMI_MAX_OHITBOXES];
    int n = obj_active_hitboxes(&p->o, hb);
    for (int i = 0; i < n; i++) hitbox_deactivate(hb[i]);
}

void proj_on_hit_ceiling(ymatch *m, yproj *p) {
    if (p->fizzle_on_ceiling) {
        p->vt->disable(m, p);
    }
}

bool proj_can_hit_cancel(ymatch *m, yproj *p, yfighter *f) {
    (void)m;
    (void)f;
    return p->hit_cancel_on_hit;
}

void proj_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    if (hb) {
        if (hb->throw_) return;
        p->o.hitlag_ticks = fxs_round(fxs_mul(p->hitlag_modifier, fxs_int(hb->victim_hitlag)));
        yobj *host = obj_by_number(m, hb->host);
        if (host) {
            int32_t host_hitlag = fxs_round(fxs_mul(p->hitlag_modifier, fxs_int(hb->hitlag_ticks)));
            if (p->apply_hitlag_when_hit_by_melee && host->hitlag_ticks < host_hitlag) host->hitlag_ticks = host_hitlag;
            if (p->free_cancel_on_hit && host->is_fighter) combat_projectile_free_cancel(m, AS_F(host));
        }
    }
    /* BaseObj.hit_by: signal got_hit, nobody listens on an object */
}

const yobj_class base_projectile_class = {
    .name = "states.objects.projectile.BaseProjectile",
    .disable = proj_disable,
    .on_hit_ceiling = proj_on_hit_ceiling,
    .hit_by = proj_hit_by,
    .can_hit_cancel = proj_can_hit_cancel,
};

/* ------------------------------------------------------------------ DefaultFireball */
static void df_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    const ynode *n = NODE(st);
    v->move_x = (int32_t)prop_int(n, P_move_x, 4);
    v->move_y = (int32_t)prop_int(n, P_move_y, 0);
    v->move_x_string = prop_fx(n, P_move_x_string, "0");
    v->move_y_string = prop_fx(n, P_move_y_string, "0");
    v->clash = prop_bool(n, P_clash, 1);
    v->num_hits = (int32_t)prop_int(n, P_num_hits, 1);
    v->lifetime = (int32_t)prop_int(n, P_lifetime, 999999);
    v->fizzle_on_ground = prop_bool(n, P_fizzle_on_ground, 1);
    v->fizzle_on_walls = prop_bool(n, P_fizzle_on_walls, 1);
    v->fizzle_on_hit_opponent = prop_bool(n, P_fizzle_on_hit_opponent, 0);
    v->follow_creator = prop_bool(n, P_follow_creator, 0);
}

int default_fireball_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    v->hit_something = false;
    v->hit_something_tick = 0;
    fg_set_grounded(&host->chara, false);
    return SYM_NONE;
}

void default_fireball_fizzle(ymatch *m, yobj *host, ystate *st) {
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    v->hit_something = true;
    yproj *p = AS_P(host);
    p->vt->disable(m, p);
    state_terminate_hitboxes(m, host, st);
    v->hit_something_tick = st->current_tick;
}

void default_fireball_move(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    ydata *data = st_data(host, st);
    int32_t mod = 0;
    if (data->kind == YD_DICT && data->n && ydata_get(data, SYM_speed_modifier, SYM_NONE, &mod)) {
        obj_move_directly_relative(host, FXI(v->move_x != 0 ? v->move_x + mod : 0),
                                   FXI(v->move_y != 0 ? v->move_y + mod : 0));
    } else if (v->move_x_string > 0 || v->move_y_string > 0) {
        obj_move_directly_relative(host, v->move_x_string, v->move_y_string);
    } else {
        obj_move_directly_relative(host, FXI(v->move_x), FXI(v->move_y));
    }
}

int default_fireball_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    int32_t x = host->data.px;
    fg_update_grounded(&host->chara);
    if (!v->hit_something && ((obj_grounded(host) && v->fizzle_on_ground) ||
                              (v->fizzle_on_walls && (x <= -host->stage_width || x >= host->stage_width)))) {
        st_vt(st)->fizzle(m, host, st);
        host->hurtbox.width = 0;
        host->hurtbox.height = 0;
    }
    if (st->current_tick >= v->lifetime) st_vt(st)->fizzle(m, host, st);
    else if (!v->hit_something) st_vt(st)->move(m, host, st);
    if (v->follow_creator && host->creator) {
        yobj *creator = obj_by_number(m, host->creator);
        if (creator) obj_set_pos(host, creator->data.px, creator->data.py);
    }
    return SYM_NONE;
}

void default_fireball_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)hb;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    if (v->clash || (v->fizzle_on_hit_opponent && obj->is_fighter)) {
        if (!obj->is_fighter && !AS_P(obj)->deletes_other_projectiles) return;
        v->num_hits--;
        if (v->num_hits == 0) st_vt(st)->fizzle(m, host, st);
    }
}

const state_class default_fireball_class = {
    .name = "states.objects.projectile.DefaultFireball",
    .parent = &object_state_class,
    .vars_size = sizeof(default_fireball_vars),
    .construct = df_construct,
    .frames = FRAMES({0, default_fireball_frame_0}),
    .tick = default_fireball_tick,
    .on_hit_something = default_fireball_on_hit_something,
    .fizzle = default_fireball_fizzle,
    .move = default_fireball_move,
};

/* ------------------------------------------------------------------ DirProjectileDefault */
static void dp_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    dir_projectile_vars *v = ST_VARS(dir_projectile_vars, host, st);
    const ynode *n = NODE(st);
    v->move_speed = prop_fx(n, P_move_speed, "15.0");
    v->homing = prop_bool(n, P_homing, 0);
    v->homing_turn_speed = prop_fx(n, P_homing_turn_speed, "3.0");
    v->homing_accel = prop_fx(n, P_homing_accel, "1.0");
    v->max_homing_speed = prop_fx(n, P_max_homing_speed, "10");
    v->start_homing = prop_bool(n, P_start_homing, 0);
    v->lifetime = (int32_t)prop_int(n, P_lifetime, 99999);
    v->relative_data_dir = prop_bool(n, P_relative_data_dir, 0);
    v->clash = prop_bool(n, P_clash, 1);
    v->num_hits = (int32_t)prop_int(n, P_num_hits, 1);
    v->fizzle_on_ground = prop_bool(n, P_fizzle_on_ground, 1);
    v->bounce_on_ground = prop_bool(n, P_bounce_on_ground, 0);
    v->num_bounces = (int32_t)prop_int(n, P_num_bounces, 2);
    v->hit_something = false;
    v->hit_something_tick = 0;
    v->last_y_vel = 0;
}

/* self.data["dir"]: a KeyError in Python stops the match here */
static bool data_dir(ymatch *m, yobj *host, ystate *st, fx *x, fx *y) {
    ydata *d = st_data(host, st);
    if (ydata_get_fx(d, SYM_dir, SYM_x, x) && ydata_get_fx(d, SYM_dir, SYM_y, y)) return true;
    yerr(m, ydata_lookup_error(d, SYM_dir, SYM_x), "DirProjectileDefault: the spawn data has no dir");
    return false;
}

int dir_projectile_frame_0(ymatch *m, yobj *host, ystate *st) {
    dir_projectile_vars *v = ST_VARS(dir_projectile_vars, host, st);
    v->hit_something = false;
    v->hit_something_tick = 0;
    fg_set_grounded(&host->chara, false);
    if (v->homing) {
        if (v->start_homing) {
            fx dx, dy, mx, my;
            if (!data_dir(m, host, st, &dx, &dy)) return SYM_NONE;
            fxs_vec_mul(dx, dy, v->move_speed, &mx, &my);
            obj_apply_force(host, mx, my);
        } else {
            obj_apply_force_relative(host, v->move_speed, FXC(0.01));
        }
    }
    return SYM_NONE;
}

void dir_projectile_fizzle(ymatch *m, yobj *host, ystate *st) {
    dir_projectile_vars *v = ST_VARS(dir_projectile_vars, host, st);
    v->hit_something = true;
    yproj *p = AS_P(host);
    p->vt->disable(m, p);
    state_terminate_hitboxes(m, host, st);
    v->hit_something_tick = st->current_tick;
}

static void fly_straight(ymatch *m, yobj *host, ystate *st, dir_projectile_vars *v) {
    fx dx, dy, mx, my;
    if (!data_dir(m, host, st, &dx, &dy)) return;
    fx dir_x = v->relative_data_dir ? fxs_mul(dx, FXI(obj_facing(host))) : dx;
    fxs_normalized_times(dir_x, dy, v->move_speed, &mx, &my);
    obj_move_directly(host, mx, my);
    obj_set_facing(m, host, fxs_sign(dir_x), false);
}

static void home(ymatch *m, yobj *host, dir_projectile_vars *v, fx vx, fx vy) {
    yobj *opponent = obj_get_opponent(m, host);
    if (!opponent) return;
    int32_t tx, ty;
    obj_local_center(m, host, opponent, &tx, &ty);
    fx cx, cy, dx, dy, sx, sy;
    fxs_normalized(vx, vy, &cx, &cy);
    fxs_normalized(FXI(tx), FXI(ty), &dx, &dy);
    fxs_normalized_times(fxs_sub(dx, cx), fxs_sub(dy, cy), v->homing_turn_speed, &sx, &sy);
    fx force_x = fxs_mul(cx, v->homing_accel), force_y = fxs_mul(cy, v->homing_accel);
    if (vx != 0) obj_set_facing(m, host, vx > 0 ? 1 : -1, false);
    obj_apply_force(host, force_x, force_y);
    obj_apply_force(host, sx, sy);
    obj_apply_forces(m, host);
    obj_update_data(m, host);
    fx nvx = host->data.vx, nvy = host->data.vy;
    if (fxs_vec_len(nvx, nvy) > v->max_homing_speed) {
        fx kx, ky;
        fxs_normalized_times(nvx, nvy, v->max_homing_speed, &kx, &ky);
        obj_set_vel(host, kx, ky);
    }
}

int dir_projectile_tick(ymatch *m, yobj *host, ystate *st) {
    dir_projectile_vars *v = ST_VARS(dir_projectile_vars, host, st);
    int32_t x = host->data.px;
    fg_update_grounded(&host->chara);
    /* GDScript precedence: (ground and tick > 1 and not hit and grounded) or past a wall */
    if ((v->fizzle_on_ground && st->current_tick > 1 && !v->hit_something && obj_grounded(host)) ||
        x <= -host->stage_width || x >= host->stage_width) {
        st_vt(st)->fizzle(m, host, st);
        host->hurtbox.width = 0;
        host->hurtbox.height = 0;
    }
    fx vx = host->data.vx, vy = host->data.vy;
    if (vy != 0) v->last_y_vel = vy;
    if (obj_grounded(host) && v->bounce_on_ground) {
        fg_set_grounded(&host->chara, false);
        obj_move_directly(host, FXI(0), FXI(-1));
        obj_set_vel(host, vx, fxs_mul(fxs_abs(v->last_y_vel), FXC(-0.75)));
        v->num_bounces--;
        if (v->num_bounces < 0) st_vt(st)->fizzle(m, host, st);
    }
    if (st->current_tick > v->lifetime) {
        st_vt(st)->fizzle(m, host, st);
        host->hurtbox.width = 0;
        host->hurtbox.height = 0;
    } else if (!v->hit_something) {
        if (!v->homing) fly_straight(m, host, st, v);
        else home(m, host, v, vx, vy);
    }
    return SYM_NONE;
}

static void dp_got_parried(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(dir_projectile_vars, host, st)->homing) st_vt(st)->fizzle(m, host, st);
}

static void dp_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)hb;
    dir_projectile_vars *v = ST_VARS(dir_projectile_vars, host, st);
    if (v->clash) {
        if (!obj->is_fighter && !AS_P(obj)->deletes_other_projectiles) return;
        v->num_hits--;
        if (v->num_hits == 0) st_vt(st)->fizzle(m, host, st);
    }
}

const state_class dir_projectile_default_class = {
    .name = "states.objects.projectile.DirProjectileDefault",
    .parent = &object_state_class,
    .vars_size = sizeof(dir_projectile_vars),
    .construct = dp_construct,
    .frames = FRAMES({0, dir_projectile_frame_0}),
    .tick = dir_projectile_tick,
    .got_parried = dp_got_parried,
    .on_hit_something = dp_on_hit_something,
    .fizzle = dir_projectile_fizzle,
};
