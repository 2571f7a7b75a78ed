/* Robot's objects in C. Mirrors states/robot/objects.py: the remote bomb and its explosion
 * (NadeExplosion.tscn is the generic projectile), the missiles, ground fire, the orbital
 * strike (LOIC) and the landing shockwave (characters/robo/projectiles/). */
#include "char_robot.h"

#define NADE_EXPLOSION "characters/robo/projectiles/NadeExplosion.tscn"


/* Utils.approach on ints (note: from a == b it steps and snaps back to b) */
static int32_t approach(int32_t a, int32_t b, int32_t amount) {
    if (a < b) {
        a += amount;
        return a > b ? b : a;
    }
    a -= amount;
    return a < b ? b : a;
}

/* the creator as a Robot (objects of this file are only ever made by a Robot) */
static robot_vars *creator_robot(ymatch *m, yobj *o) {
    yobj *c = o->creator ? obj_by_number(m, o->creator) : NULL;
    if (!c) {
        yerr(m, YE_INTERNAL, "Robot object %d: its creator is gone", o->number);
        return NULL;
    }
    return robot_of(m, c);
}

/* ================================================================== the landing shockwave */

/* ------------------------------------------------------------------ LandingShockwave */
static void shockwave_construct(ymatch *m, yproj *p) {
    (void)m;
    robot_shockwave_vars *v = (robot_shockwave_vars *)p->vars;
    v->damage = 0;
    v->speed = 0;
    v->facing = 0;
}

const yobj_class robot_landing_shockwave_class = {
    .name = "states.robot.objects.LandingShockwave",
    .parent = &base_projectile_class,
    .vars_size = sizeof(robot_shockwave_vars),
    .construct = shockwave_construct,
};

/* ------------------------------------------------------------------ LandingShockwaveDefault: weakens with distance */
#define LS_MIN_SPEED FXI(6)
#define LS_SPEED_MULTIPLIER FXC(1.25)
#define LS_BASE_HITSTUN 30
#define LS_MIN_HITSTUN 10
#define LS_LESS_DAMAGE_PER_PIXEL FXC(0.025)
#define LS_LESS_HITSTUN_PER_PIXEL FXC(0.05)

typedef struct {
    default_fireball_vars d;
    int32_t start_x;
} lsd_vars;

static int lsd_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(lsd_vars, host, st)->start_x = host->data.px;
    return SYM_NONE;
}

static int lsd_tick(ymatch *m, yobj *host, ystate *st) {
    lsd_vars *v = ST_VARS(lsd_vars, host, st);
    robot_shockwave_vars *sv = (robot_shockwave_vars *)AS_P(host)->vars;
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "LandingShockwave has no Hitbox");
        return SYM_NONE;
    }
    if (st->current_tick <= 1) {
        v->d.move_x_string = fxs_mul(sv->speed, LS_SPEED_MULTIPLIER);
        if (v->d.move_x_string < LS_MIN_SPEED) v->d.move_x_string = LS_MIN_SPEED;
        obj_set_facing(m, host, sv->facing, false);
    }
    fx travelled = fxs_abs(fxs_int(host->data.px - v->start_x));
    hitbox->damage = sv->damage - fxs_round(fxs_mul(LS_LESS_DAMAGE_PER_PIXEL, travelled));
    hitbox->hitstun_ticks = LS_BASE_HITSTUN - fxs_round(fxs_mul(LS_LESS_HITSTUN_PER_PIXEL, travelled));
    if (hitbox->hitstun_ticks < LS_MIN_HITSTUN) hitbox->hitstun_ticks = LS_MIN_HITSTUN;
    if (hitbox->damage < 0) obj_disable(m, host);
    return default_fireball_tick(m, host, st);
}

static int lsd_frame_5(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->has_projectile_parry_window = true;
    return SYM_NONE;
}

const state_class robot_landing_shockwave_default_class = {
    .name = "states.robot.objects.LandingShockwaveDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(lsd_vars),
    .enter = lsd_enter,
    .tick = lsd_tick,
    .frames = FRAMES({5, lsd_frame_5}),
};

/* ================================================================== the remote bomb */

/* ------------------------------------------------------------------ RobotGrenade */
/* It explodes after 900 ticks, or 30 ticks after it is armed (the nade_activated extra, or
 * the last 30 ticks of its life); hits knock it away (the hitter's DI steers it when Robot
 * hits his own bomb) and shorten an armed fuse. */
#define NADE_LIFETIME 900
#define NADE_ACTIVATE_TIME 30
#define NADE_DI_INFLUENCE FXI(5)
#define NADE_DI_HORIZONTAL_MODIFIER FXC(0.85)
#define NADE_DI_DEGRADATION_PER_HIT FXC(0.5)
#define NADE_NUDGE_DISTANCE 10
#define NADE_ARM_TIME_REDUCTION_ON_HIT 5
#define NADE_ARM_TIME_ON_OPPONENT_HIT 4

robot_grenade_vars *robot_grenade(yobj *o) {
    if (!o || o->is_fighter || AS_P(o)->vt->cls != &robot_grenade_object_class) return NULL;
    return (robot_grenade_vars *)AS_P(o)->vars;
}

static robot_grenade_vars *GV(yproj *p) { return (robot_grenade_vars *)p->vars; }

/* my_hitbox: the Active state's Hitbox */
static yhitbox *nade_my_hitbox(ymatch *m, yproj *p) {
    int i = obj_state_index(m, &p->o, SYM_Active);
    if (i < 0) return NULL;
    yhitbox *h = state_hitbox_child(&p->o, &p->states[i], SYM_Hitbox);
    if (!h) yerr(m, YE_INTERNAL, "RobotGrenade: the Active state has no Hitbox");
    return h;
}

static void nade_construct(ymatch *m, yproj *p) {
    (void)m;
    robot_grenade_vars *v = GV(p);
    v->last_vel_x = v->last_vel_y = 0;
    v->has_last_vel = false;
    v->hits_chained = 0;
    v->last_hit_by = -1;
    v->active = false;
    v->hitbox_out = false;
    v->ticks_left = NADE_LIFETIME;
}

static void nade_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    robot_vars *c = creator_robot(m, &p->o);
    if (!c) return;
    c->grenade_object = 0;
    c->magnetize_opponent = false;
    c->magnetize_opponent_blocked = false;
}

static void nade_explode(ymatch *m, yproj *p) {
    obj_disable(m, &p->o);
    if (!YOK(m)) return;
    obj_spawn(m, &p->o, object_table_index(NADE_EXPLOSION), 0, -8, true, NULL, true);
}

void robot_grenade_activate(ymatch *m, yproj *p) {
    robot_grenade_vars *v = GV(p);
    if (v->active) return;
    v->ticks_left = (int32_t)int_min(v->ticks_left, NADE_ACTIVATE_TIME);
    v->active = true;
    yhitbox *h = state_hitbox_child(&p->o, obj_state(&p->o), SYM_Hitbox);
    yhitbox *mine = nade_my_hitbox(m, p);
    if (!h || !mine) {
        if (YOK(m)) yerr(m, YE_INTERNAL, "RobotGrenade: its state has no Hitbox");
        return;
    }
    h->sdi_modifier = 0;
    mine->increment_combo = 0;
}

static void nade_tick(ymatch *m, yproj *p) {
    robot_grenade_vars *v = GV(p);
    obj_base_tick(m, &p->o);
    if (!YOK(m) || p->o.hitlag_ticks > 0) return;
    v->ticks_left--;
    if (v->ticks_left == NADE_ACTIVATE_TIME - 3) p->o.has_projectile_parry_window = false;
    yobj *creator = obj_by_number(m, p->o.creator);
    if (!creator || !creator->is_fighter) {
        yerr(m, YE_INTERNAL, "RobotGrenade: its creator is gone");
        return;
    }
    yfighter *opponent = FOPP(m, AS_F(creator));
    if (v->ticks_left <= 0 && st_name(obj_state(&opponent->o)) != SYM_Grabbed) nade_explode(m, p);
    else if (v->ticks_left <= NADE_ACTIVATE_TIME) robot_grenade_activate(m, p);
}

static bool nade_can_hit_cancel(ymatch *m, yproj *p, yfighter *f) {
    (void)m;
    if (GV(p)->active) return p->hit_cancel_on_hit && f->o.id == p->o.id;
    return p->hit_cancel_on_hit;
}

static void nade_knocked_away(ymatch *m, yproj *p, yhbd *hb) {
    yobj *o = &p->o;
    fg_reset_momentum(&o->chara);
    fx x_dir = obj_hitbox_x_dir(m, o, hb);
    fx fx_, fy;
    fxs_normalized_times(x_dir, hb->dir_y, fxs_mul(hb->knockback, FXC(1.5)), &fx_, &fy);
    if (obj_grounded(o) && fy > 0) fy = fxs_neg(fy);
    machine_change_state(m, o, SYM_Active, NULL, true, true);
    if (!YOK(m)) return;
    obj_apply_force(o, fx_, fy);
    fx nx, ny;
    fxs_normalized_times(x_dir, hb->dir_y, fxs_int(NADE_NUDGE_DISTANCE), &nx, &ny);
    obj_move_directly(o, nx, ny);
}

static void nade_hit_by_object(ymatch *m, yproj *p, yobj *host_object, int host_name) {
    robot_grenade_vars *v = GV(p);
    yhitbox *mine = nade_my_hitbox(m, p);
    if (!mine) return;
    yobj *player_object = obj_get_fighter(m, host_object); /* BaseObj.gd: get_owner */
    int player = player_object->number;
    if (v->last_hit_by != host_object->id || player_object->combo_count > 0 ||
        FOPP(m, AS_F(player_object))->o.combo_count > 0) {
        v->last_hit_by = host_object->id;
        v->hits_chained = 0;
    } else {
        v->hits_chained++;
    }
    p->hit_cancel_on_hit = player_object->combo_count > 0 && v->hits_chained == 0;
    if (host_name != player) {
        hitbox_remember_object(m, &p->o, mine, player);
        if (!YOK(m)) return;
    } else {
        fx degradation = fxs_mul(NADE_DI_DEGRADATION_PER_HIT, fxs_int(v->hits_chained));
        fx di_amount = fxs_mul(fxs_sub(FX_ONE, degradation), NADE_DI_INFLUENCE);
        if (di_amount < 0) di_amount = 0;
        yfighter *hf = AS_F(host_object);
        fx dx, dy;
        obj_xy_to_dir(m, fxs_int(hf->current_di[0]), fxs_int(hf->current_di[1]), di_amount, FXI(100), &dx, &dy);
        obj_apply_force(&p->o, fxs_mul(dx, NADE_DI_HORIZONTAL_MODIFIER), dy);
    }
    if (v->active) {
        if (host_object->id != p->o.id) v->ticks_left = (int32_t)int_min(v->ticks_left, NADE_ARM_TIME_ON_OPPONENT_HIT);
        else v->ticks_left -= NADE_ARM_TIME_REDUCTION_ON_HIT;
        if (v->ticks_left < 0) v->ticks_left = 0;
    }
}

static void nade_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    proj_hit_by(m, p, hb);
    if (!YOK(m) || !hb) return;
    if (hb->hitbox_type == HB_FLIP) {
        obj_set_vel(&p->o, fxs_neg(p->o.data.vx), p->o.data.vy);
        return;
    }
    nade_knocked_away(m, p, hb);
    if (!YOK(m)) return;
    int host_name = hb->host;
    if (host_name) {
        yhitbox *mine = nade_my_hitbox(m, p);
        if (!mine) return;
        hitbox_remember_object(m, &p->o, mine, host_name);
        if (!YOK(m)) return;
    }
    yobj *host_object = obj_from_name(m, host_name);
    if (host_object) nade_hit_by_object(m, p, host_object, host_name);
}

void robot_grenade_refresh(ymatch *m, yproj *p) {
    GV(p)->hitbox_out = false;
    machine_change_state(m, &p->o, st_name(obj_state(&p->o)), NULL, true, true);
}

static void nade_on_got_blocked(ymatch *m, yproj *p) {
    robot_grenade_vars *v = GV(p);
    fx vx = p->o.data.vx, vy = p->o.data.vy;
    if (v->active) v->ticks_left = (int32_t)int_min(v->ticks_left, NADE_ARM_TIME_ON_OPPONENT_HIT);
    else obj_set_vel(&p->o, fxs_mul(vx, FXC(-0.9)), vy);
    robot_vars *c = creator_robot(m, &p->o);
    if (!c) return;
    if (c->magnet_ticks_left > 0) {
        c->magnetize_opponent = true;
        c->magnetize_opponent_blocked = true;
    }
}

static void nade_on_hit_something(ymatch *m, yproj *p, yobj *victim, yhitbox *hb) {
    obj_base_on_hit_something(m, &p->o, victim, hb);
    robot_vars *c = creator_robot(m, &p->o);
    if (!c) return;
    if (victim->is_fighter && c->magnet_ticks_left > 0) {
        c->magnetize_opponent = true;
        c->magnetize_opponent_blocked = false;
    }
}

static const yres_field NADE_TRACE[] = {{"active", RF_BOOL, offsetof(robot_grenade_vars, active)}};

const yobj_class robot_grenade_object_class = {
    .name = "states.robot.objects.RobotGrenade",
    .parent = &base_projectile_class,
    .vars_size = sizeof(robot_grenade_vars),
    .trace_fields = NADE_TRACE,
    .n_trace_fields = 1,
    .construct = nade_construct,
    .disable = nade_disable,
    .hit_by = nade_hit_by,
    .can_hit_cancel = nade_can_hit_cancel,
    .tick = nade_tick,
    .on_got_blocked = nade_on_got_blocked,
    .on_hit_something = nade_on_hit_something,
};

/* ------------------------------------------------------------------ GrenadeDefault (Default, Active) */
#define NADE_BOUNCE_THRESHOLD FXI(2)
#define NADE_BOUNCE_MULTIPLIER FXC(-0.7)

static int gd_frame_1(ymatch *m, yobj *host, ystate *st) {
    robot_grenade_vars *v = GV(AS_P(host));
    if (!v->hitbox_out) {
        yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
        if (!hitbox) {
            yerr(m, YE_INTERNAL, "RobotGrenade: %s has no Hitbox", sym_text(st_name(st)));
            return SYM_NONE;
        }
        hitbox_activate(m, host, hitbox);
        v->hitbox_out = true;
        hitbox_remember_object(m, host, hitbox, obj_get_fighter(m, host)->number);
    }
    return SYM_NONE;
}

static int gd_tick(ymatch *m, yobj *host, ystate *st) {
    robot_grenade_vars *v = GV(AS_P(host));
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "RobotGrenade: %s has no Hitbox", sym_text(st_name(st)));
        return SYM_NONE;
    }
    fx vx = host->data.vx, vy = host->data.vy;
    /* last_vel_y starts as null: the comparison is then false (FixedMath gets no number). */
    if (obj_grounded(host) && v->has_last_vel && v->last_vel_y > NADE_BOUNCE_THRESHOLD)
        obj_set_vel(host, vx, fxs_mul(v->last_vel_y, NADE_BOUNCE_MULTIPLIER));
    fx speed = fxs_vec_len(vx, vy);
    if (st->current_tick > 10 && speed < FXI(5) && st_name(st) != SYM_Default) return SYM_Default;
    int32_t px = host->data.px;
    if (int_abs(px) >= host->stage_width) obj_set_vel(host, fxs_mul(fxs_abs(vx), fxs_int(int_sign(px) * -1)), vy);
    v->last_vel_x = vx;
    v->last_vel_y = vy;
    v->has_last_vel = true;
    int sign = fxs_sign(vx);
    obj_set_facing(m, host, sign != 0 ? sign : obj_facing(host), false);
    hitbox->dir_x = fxs_mul(vx, fxs_int(obj_facing(host)));
    hitbox->dir_y = vy;
    return SYM_NONE;
}

static void gd_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    /* replaces ObjectState's (no follow-up states on the bomb) */
    (void)st;
    (void)obj;
    (void)hb;
    if (GV(AS_P(host))->active) nade_explode(m, AS_P(host));
}

const state_class robot_grenade_default_class = {
    .name = "states.robot.objects.GrenadeDefault",
    .parent = &object_state_class,
    .frames = FRAMES({1, gd_frame_1}),
    .tick = gd_tick,
    .on_hit_something = gd_on_hit_something,
};

/* ================================================================== missiles */

/* ------------------------------------------------------------------ Missile: destroyed by any fighter's hit */
static void missile_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    if (hb->id == p->o.id) return;
    proj_hit_by(m, p, hb);
    if (!YOK(m) || hb->throw_) return;
    yobj *host = obj_by_number(m, hb->host);
    if (host && host->is_fighter) obj_disable(m, &p->o);
}

const yobj_class robot_missile_object_class = {
    .name = "states.robot.objects.Missile",
    .parent = &base_projectile_class,
    .hit_by = missile_hit_by,
};

/* ------------------------------------------------------------------ MissileDefault (Default, Flying) */
#define MISSILE_UP_FORCE FXC(-0.3)
#define MISSILE_FORWARD_FORCE FXC(0.01)
#define MISSILE_FORWARD_INCREASE FXC(0.02)

typedef struct {
    default_fireball_vars d;
    fx forward_force; /* never reset: it keeps growing while the state runs */
    yflag flying;
} missile_default_vars;

static void md_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    missile_default_vars *v = ST_VARS(missile_default_vars, host, st);
    v->flying = prop_bool(NODE(st), P_flying, 0);
    v->forward_force = MISSILE_FORWARD_FORCE;
}

static void md_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    default_fireball_on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    if (obj && obj->is_fighter) obj_disable(m, host);
}

static int md_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_tick(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    missile_default_vars *v = ST_VARS(missile_default_vars, host, st);
    if (v->flying) {
        fx up = host->data.vy > FXC(-0.8) ? MISSILE_UP_FORCE : 0;
        obj_apply_force_relative(host, v->forward_force, up);
        v->forward_force = fxs_add(v->forward_force, MISSILE_FORWARD_INCREASE);
    }
    return SYM_NONE;
}

static void md_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
}

const state_class robot_missile_default_class = {
    .name = "states.robot.objects.MissileDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(missile_default_vars),
    .construct = md_construct,
    .on_hit_something = md_on_hit_something,
    .tick = md_tick,
    .on_got_blocked = md_on_got_blocked,
};

/* ================================================================== ground fire */

/* ------------------------------------------------------------------ GroundFire (GroundFire, GroundFireLoic) */
typedef struct {
    yflag from_loic;
} ground_fire_vars;

static void ground_fire_construct(ymatch *m, yproj *p) {
    (void)m;
    ((ground_fire_vars *)p->vars)->from_loic =
        yval_bool(table_root_prop(&yomi_object_tables[p->o.table], P_from_loic), 0);
}

static void ground_fire_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    yobj *fighter = obj_get_fighter(m, &p->o);
    robot_vars *r = robot_of(m, fighter);
    if (!r) return;
    if (r->flame_touching_opponent == p->o.number) r->flame_touching_opponent = 0;
}

const yobj_class robot_ground_fire_class = {
    .name = "states.robot.objects.GroundFire",
    .parent = &base_projectile_class,
    .vars_size = sizeof(ground_fire_vars),
    .construct = ground_fire_construct,
    .disable = ground_fire_disable,
};

/* ------------------------------------------------------------------ GroundFireState: burns a grounded opponent in range */
/* Only one fire burns the opponent at a time (the fighter's flame_touching_opponent). */
#define FIRE_TIME 120
#define LOIC_FIRE_TIME 60
#define FIRE_DAMAGE 2

typedef struct {
    int32_t width;
} ground_fire_state_vars;

static void gfs_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(ground_fire_state_vars, host, st)->width = (int32_t)prop_int(NODE(st), P_width, 100);
}

static void gfs_burn(ymatch *m, yobj *host, ystate *st, yfighter *fighter) {
    robot_vars *r = robot_of(m, &fighter->o);
    if (!r) return;
    yfighter *opponent = FOPP(m, fighter);
    int32_t local_x, local_y;
    obj_local_pos(m, host, &opponent->o, &local_x, &local_y); /* refreshes both snapshots, as the original */
    if (int_abs(local_x) < ST_VARS(ground_fire_state_vars, host, st)->width) {
        if (r->flame_touching_opponent == 0) r->flame_touching_opponent = host->number;
        if (r->flame_touching_opponent == host->number) {
            if (!opponent->o.invulnerable && obj_grounded(&opponent->o) && !st_is(obj_state(&opponent->o), T_JUMP))
                TAKE_DAMAGE(m, opponent, FIRE_DAMAGE);
        }
    } else if (r->flame_touching_opponent == host->number) {
        r->flame_touching_opponent = 0;
    }
}

static int gfs_tick(ymatch *m, yobj *host, ystate *st) {
    yproj *p = AS_P(host);
    yobj *fighter = obj_get_fighter(m, host);
    if (fighter) gfs_burn(m, host, st, AS_F(fighter));
    if (!YOK(m)) return SYM_NONE;
    bool from_loic = ((ground_fire_vars *)p->vars)->from_loic;
    if (st->current_tick > (!from_loic ? FIRE_TIME : LOIC_FIRE_TIME)) {
        obj_disable(m, &p->o);
        if (!YOK(m)) return SYM_NONE;
        yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
        if (!from_loic && creator) {
            robot_vars *r = robot_of(m, creator);
            if (!r) return SYM_NONE;
            r->can_flamethrower = true;
        }
    }
    obj_set_y(host, 0);
    return SYM_NONE;
}

const state_class robot_ground_fire_state_class = {
    .name = "states.robot.objects.GroundFireState",
    .parent = &object_state_class,
    .vars_size = sizeof(ground_fire_state_vars),
    .construct = gfs_construct,
    .tick = gfs_tick,
};

/* ================================================================== the orbital strike (LOIC) */

/* ------------------------------------------------------------------ OrbitalStrike: aims (Default), then fires (Fire) */
/* The beam fades out after firing; the game ends the object when the beam's drawn width
 * reaches 0 (13 ticks after the firing time), which is simulation, so it is kept. */
#define MAX_BEAM_WIDTH 62
#define BEAM_FADE_PER_TICK 5

robot_orbital_strike_vars *robot_orbital(yobj *o) {
    if (!o || o->is_fighter || AS_P(o)->vt->cls != &robot_orbital_strike_class) return NULL;
    return (robot_orbital_strike_vars *)AS_P(o)->vars;
}

static robot_orbital_strike_vars *OV(yobj *o) { return (robot_orbital_strike_vars *)AS_P(o)->vars; }

typedef struct {
    int32_t last_ground_fire, active_time, move_velocity, last_dir, wiggle_penalty;
} orbital_fire_vars;

static void orbital_construct(ymatch *m, yproj *p) {
    (void)m;
    robot_orbital_strike_vars *v = OV(&p->o);
    v->aim_ticks = 60;
    v->self_ = false;
    v->active = false;
    v->deactivating = false;
    v->t = 0;
}

static void orbital_tick(ymatch *m, yproj *p) {
    obj_base_tick(m, &p->o);
    if (!YOK(m)) return;
    ystate *st = obj_state(&p->o);
    if (st_name(st) == SYM_Fire && state_is_a(st, &robot_orbital_strike_fire_class)) {
        orbital_fire_vars *fv = ST_VARS(orbital_fire_vars, &p->o, st);
        int64_t width = int_max(MAX_BEAM_WIDTH - int_max(0, st->current_tick - fv->active_time) * BEAM_FADE_PER_TICK, 0);
        if (width <= 0) obj_disable(m, &p->o);
    }
}

static void fire_deactivate(ymatch *m, yobj *host, ystate *st);

void robot_orbital_deactivate(ymatch *m, yproj *p) {
    robot_orbital_strike_vars *v = OV(&p->o);
    v->deactivating = true;
    if (v->active) {
        ystate *st = obj_state(&p->o);
        if (!state_is_a(st, &robot_orbital_strike_fire_class)) {
            yerr(m, YE_INTERNAL, "OrbitalStrike: active outside its Fire state");
            return;
        }
        fire_deactivate(m, &p->o, st);
    } else {
        obj_disable(m, &p->o);
    }
}

static void orbital_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    robot_vars *c = creator_robot(m, &p->o);
    if (!c) return;
    c->loic_draining = false;
    c->orbital_strike_projectile = 0;
    c->orbital_strike_out = false;
}

static const yres_field ORBITAL_TRACE[] = {{"active", RF_BOOL, offsetof(robot_orbital_strike_vars, active)}};

const yobj_class robot_orbital_strike_class = {
    .name = "states.robot.objects.OrbitalStrike",
    .parent = &base_projectile_class,
    .vars_size = sizeof(robot_orbital_strike_vars),
    .trace_fields = ORBITAL_TRACE,
    .n_trace_fields = 1,
    .construct = orbital_construct,
    .disable = orbital_disable,
    .tick = orbital_tick,
};

/* ------------------------------------------------------------------ OrbitalStrikeDefault: aim, steered by loic_dir */
#define OSD_FADE_IN_TIME 6
#define OSD_MOVE_SPEED 10
#define OSD_ACCEL 1

typedef struct {
    default_fireball_vars d;
    int32_t move_velocity;
} orbital_default_vars;

static int osd_frame_0(ymatch *m, yobj *host, ystate *st) {
    /* replaces DefaultFireball's frame 0 */
    (void)m;
    (void)st;
    obj_set_pos(host, host->data.px, 0);
    return SYM_NONE;
}

static int osd_tick(ymatch *m, yobj *host, ystate *st) {
    /* replaces DefaultFireball's tick (no straight flight, no fizzling) */
    orbital_default_vars *v = ST_VARS(orbital_default_vars, host, st);
    robot_vars *c = creator_robot(m, host);
    if (!c) return SYM_NONE;
    robot_orbital_strike_vars *ov = OV(host);
    if (st->current_tick >= OSD_FADE_IN_TIME) {
        v->move_velocity = approach(v->move_velocity, OSD_MOVE_SPEED * c->loic_dir, OSD_ACCEL);
        obj_move_directly(host, fxs_int(v->move_velocity), 0);
    }
    fx drain_ratio = fxs_sub(FX_ONE, yfx_div(m, fxs_int(st->current_tick), fxs_int(ov->aim_ticks)));
    if (!YOK(m)) return SYM_NONE;
    c->loic_meter = fxs_round(fxs_mul(fxs_int(1000 /* Robot.LOIC_METER */), drain_ratio));
    if (st->current_tick > ov->aim_ticks) return SYM_Fire;
    return SYM_NONE;
}

const state_class robot_orbital_strike_default_class = {
    .name = "states.robot.objects.OrbitalStrikeDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(orbital_default_vars),
    .frames = FRAMES({0, osd_frame_0}),
    .tick = osd_tick,
};

/* ------------------------------------------------------------------ OrbitalStrikeFire: the beam */
/* It follows its target (the lerp factor host.t stays "0": the homing of the aim state is
 * commented out in the original, so only the snapshot refreshes remain), leaves ground fire
 * every 64 px, and burns shorter when steered back and forth (loic_dir) or left neutral. */
#define OSF_GROUND_FIRE_DISTANCE 64
#define OSF_MOVE_SPEED 3
#define OSF_ACTIVE_TIME 20
#define OSF_NEUTRAL_PENALTY 2
#define OSF_WIGGLE_PENALTY 7
#define OSF_WIGGLE_PENALTY_INCREASE 5
#define OSF_ACCEL 1
#define OSF_ARMOR_PIP_DISTANCE 30
#define OSF_MIN_ACTIVE_TIME 5

static void osf_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    orbital_fire_vars *v = ST_VARS(orbital_fire_vars, host, st);
    v->last_ground_fire = 0;
    v->active_time = OSF_ACTIVE_TIME;
    v->move_velocity = 0;
    v->last_dir = 0;
    v->wiggle_penalty = 0;
}

static int osf_enter(ymatch *m, yobj *host, ystate *st) {
    orbital_fire_vars *v = ST_VARS(orbital_fire_vars, host, st);
    v->active_time = OSF_ACTIVE_TIME + (int32_t)int_max(OV(host)->aim_ticks - 14, 0) * 3;
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "OrbitalStrike Fire has no Hitbox");
        return SYM_NONE;
    }
    h->active_ticks = v->active_time;
    return SYM_NONE;
}

static int osf_frame_0(ymatch *m, yobj *host, ystate *st) {
    orbital_fire_vars *v = ST_VARS(orbital_fire_vars, host, st);
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    if (creator) {
        robot_vars *c = robot_of(m, creator);
        if (!c) return SYM_NONE;
        c->loic_meter = 0;
        c->can_loic = false;
        c->loic_draining = false;
        int32_t cx, cy;
        obj_local_center(m, host, creator, &cx, &cy);
        if (int_abs(cx) <= OSF_ARMOR_PIP_DISTANCE) robot_add_armor_pip(c);
    }
    v->last_ground_fire = host->data.px;
    OV(host)->active = true;
    return SYM_NONE;
}

static int osf_frame_200(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
    return SYM_NONE;
}

static void osf_follow_target(ymatch *m, yobj *host, yfighter *creator) {
    yobj *target = OV(host)->self_ ? &creator->o : &FOPP(m, creator)->o;
    int32_t off_x, off_y;
    obj_local_center(m, host, target, &off_x, &off_y); /* refreshes both snapshots */
    fx t = fxs_mul(OV(host)->t, FXC(0.65));
    int32_t x = host->data.px;
    obj_set_pos(host, fxs_round(fxs_lerp(fxs_int(x), fxs_int((int64_t)x + off_x), t)), 0);
}

static void osf_steer(ymatch *m, yobj *host, ystate *st, robot_vars *c) {
    (void)m;
    orbital_fire_vars *v = ST_VARS(orbital_fire_vars, host, st);
    if (c->loic_dir != 0) {
        if (st->current_tick > 3 && c->loic_dir != v->last_dir && v->last_dir != 0) {
            v->active_time -= OSF_WIGGLE_PENALTY + v->wiggle_penalty;
            v->wiggle_penalty += OSF_WIGGLE_PENALTY_INCREASE;
        }
        v->last_dir = c->loic_dir;
    }
    v->move_velocity = approach(v->move_velocity, OSF_MOVE_SPEED * c->loic_dir, OSF_ACCEL);
    obj_move_directly(host, fxs_int(v->move_velocity), 0);
    if (c->loic_dir == 0) {
        v->active_time -= OSF_NEUTRAL_PENALTY;
        if (imod(st->current_tick, 2) == 0) v->active_time -= 1;
    }
}

static int osf_tick(ymatch *m, yobj *host, ystate *st) {
    orbital_fire_vars *v = ST_VARS(orbital_fire_vars, host, st);
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    robot_vars *c = creator ? robot_of(m, creator) : NULL;
    if (!YOK(m)) return SYM_NONE;
    if (c) osf_follow_target(m, host, AS_F(creator));
    if (1 < st->current_tick && st->current_tick < v->active_time) {
        if (int_abs((int64_t)host->data.px - v->last_ground_fire) > OSF_GROUND_FIRE_DISTANCE) {
            int scene = st->projectile_scene;
            if (scene < 0) {
                yerr(m, YE_NOT_PORTED, "OrbitalStrike Fire: its projectile scene is not in the tables");
                return SYM_NONE;
            }
            if (!obj_spawn(m, host, scene, 0, 0, true, NULL, true)) return SYM_NONE;
            v->last_ground_fire = host->data.px;
        }
    }
    if (st->current_tick >= v->active_time) {
        OV(host)->deactivating = true;
        state_terminate_hitboxes(m, host, st);
    }
    if (c) osf_steer(m, host, st, c);
    if (v->active_time < OSF_MIN_ACTIVE_TIME) v->active_time = OSF_MIN_ACTIVE_TIME;
    return SYM_NONE;
}

static void fire_deactivate(ymatch *m, yobj *host, ystate *st) {
    st->current_tick = ST_VARS(orbital_fire_vars, host, st)->active_time;
    state_terminate_hitboxes(m, host, st);
    OV(host)->deactivating = true;
}

static void osf_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    object_state_on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    if (obj->is_fighter) fire_deactivate(m, host, st);
}

static void osf_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    fire_deactivate(m, host, st);
}

const state_class robot_orbital_strike_fire_class = {
    .name = "states.robot.objects.OrbitalStrikeFire",
    .parent = &object_state_class,
    .vars_size = sizeof(orbital_fire_vars),
    .construct = osf_construct,
    .enter = osf_enter,
    .frames = FRAMES({0, osf_frame_0}, {200, osf_frame_200}),
    .tick = osf_tick,
    .on_hit_something = osf_on_hit_something,
    .on_got_blocked = osf_on_got_blocked,
};
