/* The Wizard's objects. Mirrors states/wizard/projectiles.py (characters/wizard/projectiles/):
 * their root scripts (yobj_class) and state scripts (state_class).
 *
 * Orb (follows its creator, attacks when the Wizard's moves trigger it, can be pushed,
 * locked, shot through), its lightning and darts, the flame wave, the spark bomb, the
 * Vile Clutch grasp, and the telekinesis objects (held above the Wizard, launched,
 * dropped). The Geyser projectile scenes exist but nothing spawns them (the move uses
 * swept hitboxes of its own). The registries are in char_wizard_registry.c. */
#include <stddef.h>

#include "char_wizard.h"


/* spawn_object(scene, x, y, relative, data, local) by scene path (spawns are rare: the
 * table is looked up when one happens) */
static yobj *spawn(ymatch *m, yobj *o, const char *scene, int32_t x, int32_t y, bool relative, const ydata *data,
                   bool local) {
    return obj_spawn(m, o, object_table_index(scene), x, y, relative, data, local);
}

/* ================================================================== the orb */
/* Orb.gd. It drifts toward a point beside its creator (unless locked or frozen), is pushed
 * by the orb_push extra and OrbPush, and runs the attacks the Wizard's moves schedule
 * (triggered_attacks: tick -> attack type; an empty type still takes the slot). A hit
 * knocks it (and unlocks it) instead of the projectile hit rules. */
#define ORB_ACCEL_SPEED FXC(0.30)
#define ORB_FRIC FXC(0.04)
#define ORB_PUSH_SPEED_LIMIT FXI(8)
#define ORB_LIGHTNING_Y 132
#define ORB_LIGHTNING_PUSH_FORCE FXI(-5)
#define ORB_ATTACK_SUPER_DRAIN 0
#define ORB_LIGHTNING_DRAIN 0
#define ORB_HIT_FORCE_MODIFIER FXC(2.0)
#define ORB_PUSH_BACK_FORCE FXI(10)
#define ORB_PUSH_BLOCK_LOCK_COOLDOWN 20
#define ORB_PUSH_TICKS 30
#define ORB_DART_SCENE "characters/wizard/projectiles/OrbDart.tscn"
#define ORB_LOCKED_DART_SCENE "characters/wizard/projectiles/OrbDartLocked.tscn"
#define ORB_LIGHTNING_SCENE "characters/wizard/projectiles/orb/OrbLightning.tscn"

/* triggered_attacks, a dict tick -> type: the attacks scheduled at once. The moves schedule
 * one on their second tick, at most 70 ticks ahead, and the orb runs each when its tick
 * comes, so a few are pending at a time; more is an error (YE_LIMIT). */
#define ORB_MAX_TRIGGERS 24

typedef struct {
    int32_t lock_cooldown, push_ticks, strikes_left, strike_ticks_left;
    fx push_dir_x, push_dir_y;
    int32_t trigger_tick[ORB_MAX_TRIGGERS];
    uint16_t trigger_type[ORB_MAX_TRIGGERS]; /* symbols; SYM_NONE for "" */
    uint8_t n_triggers;
    yflag frozen, locked, has_push_dir; /* has_push_dir: push_dir is not None */
} orb_vars;
_Static_assert(sizeof(orb_vars) <= YOMI_OBJ_VARS, "orb_vars exceeds the object variables");

#define ORB(p) ((orb_vars *)(p)->vars)

yproj *wizard_orb_of(ymatch *m, int number) {
    yobj *o = obj_by_number(m, number);
    if (!o || o->is_fighter || AS_P(o)->vt->cls != &wizard_orb_obj_class) {
        yerr(m, YE_INTERNAL, "Wizard: orb_projectile names no orb");
        return NULL;
    }
    return AS_P(o);
}

bool orb_is_locked(yproj *orb) { return ORB(orb)->locked; }
void orb_set_frozen(yproj *orb) { ORB(orb)->frozen = true; }

/* the creator's hurtbox centre, 30 px behind it and 12 px up, relative to the orb */
static void orb_target_pos(ymatch *m, yproj *p, yobj *creator, int32_t *x, int32_t *y) {
    int32_t lx, ly;
    obj_local_center(m, &p->o, creator, &lx, &ly);
    *x = lx - obj_facing(creator) * 30;
    *y = ly - 12;
}

void orb_lock(yproj *orb) {
    fg_reset_momentum(&orb->o.chara);
    ORB(orb)->locked = true;
    ORB(orb)->push_ticks = 0;
}

void orb_unlock(yproj *orb) { ORB(orb)->locked = false; }

static void orb_on_got_push_blocked(ymatch *m, yproj *p) {
    orb_vars *v = ORB(p);
    orb_unlock(p);
    fg_reset_momentum(&p->o.chara);
    v->lock_cooldown = ORB_PUSH_BLOCK_LOCK_COOLDOWN;
    yobj *fighter = obj_get_fighter(m, &p->o);
    int dir_sign = fighter_opponent_dir(m, FOPP(m, AS_F(fighter)));
    obj_apply_force(&p->o, fxs_mul(FXI(dir_sign), ORB_PUSH_BACK_FORCE), 0);
}

static void orb_travel_towards_creator(ymatch *m, yproj *p) {
    yobj *o = &p->o;
    orb_vars *v = ORB(p);
    yobj *creator = obj_by_number(m, o->creator);
    if (!creator) return; /* get_travel_dir: None */
    int32_t tx, ty;
    orb_target_pos(m, p, creator, &tx, &ty);
    fx dir_x, dir_y, force_x, force_y;
    fxs_normalized(FXI(tx), FXI(ty), &dir_x, &dir_y);
    fxs_vec_mul(dir_x, dir_y, ORB_ACCEL_SPEED, &force_x, &force_y);
    if (o->data.py == 0) { /* bounces off the floor */
        obj_set_vel(o, o->data.vx, fxs_mul(o->data.vy, -FX_ONE));
        if (v->has_push_dir) v->push_dir_y = 0;
    }
    fg_apply_x_fric_raw(&o->chara, ORB_FRIC);
    fg_apply_y_fric_raw(&o->chara, ORB_FRIC);
    obj_apply_force(o, force_x, force_y);
    if (v->push_ticks > 0) {
        if (v->has_push_dir) obj_apply_force(o, yfx_div(m, v->push_dir_x, FXI(10)), yfx_div(m, v->push_dir_y, FXI(10)));
        obj_limit_speed(m, o, ORB_PUSH_SPEED_LIMIT);
        obj_apply_forces_no_limit(m, o);
    } else {
        obj_apply_forces(m, o);
    }
    if (!YOK(m)) return;
    if (o->data.py > -5) obj_apply_force(o, 0, FXC(-0.30)); /* "-" + ACCEL_SPEED */
    orb_target_pos(m, p, creator, &tx, &ty);
    if (fxs_vec_len(FXI(tx), FXI(ty)) < FXC(1.5)) obj_move_directly(o, FXI(tx), FXI(ty));
    obj_set_facing(m, o, obj_object_dir(o, &FOPP(m, AS_F(creator))->o), false);
}

static void orb_drain_super(ymatch *m, yproj *p) {
    yobj *creator = obj_by_number(m, p->o.creator);
    if (creator && creator->is_fighter) fighter_use_super_meter(AS_F(creator), ORB_ATTACK_SUPER_DRAIN);
}

/* a strike straight down from the orb, which first rises to at least 132 px up */
static void orb_spawn_lightning(ymatch *m, yproj *p) {
    yobj *o = &p->o;
    orb_vars *v = ORB(p);
    int32_t px = o->data.px, py = o->data.py, lightning_y = py;
    if (py > -ORB_LIGHTNING_Y) {
        obj_set_pos(o, px, -ORB_LIGHTNING_Y);
        obj_set_vel(o, o->data.vx, ORB_LIGHTNING_PUSH_FORCE);
        lightning_y = -ORB_LIGHTNING_Y;
    }
    spawn(m, o, ORB_LIGHTNING_SCENE, px, lightning_y, false, NULL, false);
    if (!YOK(m)) return;
    if (v->strikes_left > 0) {
        v->strikes_left--;
        v->strike_ticks_left = 15;
    }
    yobj *creator = obj_by_number(m, o->creator);
    if (creator && creator->is_fighter) fighter_use_super_meter(AS_F(creator), ORB_LIGHTNING_DRAIN);
}

static void orb_spawn_orb_dart(ymatch *m, yproj *p) {
    yobj *o = &p->o;
    yobj *creator = obj_by_number(m, o->creator);
    if (!creator || !creator->is_fighter) {
        yerr(m, YE_INTERNAL, "Orb: no creator to aim at the opponent of");
        return;
    }
    int32_t lx, ly;
    obj_local_center(m, o, &FOPP(m, AS_F(creator))->o, &lx, &ly);
    fx dx, dy;
    fxs_normalized(FXI(lx), FXI(ly), &dx, &dy);
    ydata data;
    ydata_none(&data);
    if (!ydata_set_fx(m, &data, SYM_dir, SYM_x, dx) || !ydata_set_fx(m, &data, SYM_dir, SYM_y, dy)) return;
    spawn(m, o, ORB(p)->locked ? ORB_LOCKED_DART_SCENE : ORB_DART_SCENE, 0, 0, true, &data, true);
}

static void orb_attack(ymatch *m, yproj *p, int attack_type) {
    if (attack_type == SYM_OrbDart) {
        orb_spawn_orb_dart(m, p);
        if (!YOK(m)) return;
        orb_drain_super(m, p);
    } else if (attack_type == SYM_Sword) {
        machine_queue_state(m, &p->o, SYM_Sword, NULL, NULL);
        orb_drain_super(m, p);
    } else if (attack_type == SYM_Lightning) {
        ORB(p)->strikes_left += 2;
        orb_spawn_lightning(m, p);
    }
}

static void orb_attempt_triggered_attack(ymatch *m, yproj *p) {
    orb_vars *v = ORB(p);
    for (int i = 0; i < v->n_triggers; i++) {
        if (v->trigger_tick[i] != p->o.current_tick) continue;
        int attack_type = v->trigger_type[i]; /* triggered_attacks.pop(current_tick) */
        for (int j = i + 1; j < v->n_triggers; j++) {
            v->trigger_tick[j - 1] = v->trigger_tick[j];
            v->trigger_type[j - 1] = v->trigger_type[j];
        }
        v->n_triggers--;
        orb_attack(m, p, attack_type);
        return;
    }
}

void orb_trigger_attack(ymatch *m, yproj *orb, int attack_type, int32_t delay) {
    orb_vars *v = ORB(orb);
    if (attack_type == SYM_Lightning) {
        if (v->strikes_left > 0 || v->strike_ticks_left > 0) return;
        for (int i = 0; i < v->n_triggers; i++)
            if (v->trigger_type[i] == SYM_Lightning) return;
    }
    ystate *st = obj_state(&orb->o);
    if (attack_type == SYM_Sword && st && st_name(st) == SYM_Sword) return;
    /* Quirk kept: most moves trigger the type "" -- it still takes (and may overwrite) the slot. */
    int32_t tick = orb->o.current_tick + delay;
    for (int i = 0; i < v->n_triggers; i++)
        if (v->trigger_tick[i] == tick) {
            v->trigger_type[i] = (uint16_t)attack_type;
            return;
        }
    if (v->n_triggers >= ORB_MAX_TRIGGERS) {
        yerr(m, YE_LIMIT, "Orb: more than %d attacks scheduled at once", ORB_MAX_TRIGGERS);
        return;
    }
    v->trigger_tick[v->n_triggers] = tick;
    v->trigger_type[v->n_triggers] = (uint16_t)attack_type;
    v->n_triggers++;
}

static void orb_tick(ymatch *m, yproj *p) {
    orb_vars *v = ORB(p);
    obj_base_tick(m, &p->o);
    if (!YOK(m)) return;
    if (v->strike_ticks_left > 0) {
        v->strike_ticks_left--;
        if (v->strike_ticks_left == 0) orb_spawn_lightning(m, p);
    }
    if (v->lock_cooldown > 0) v->lock_cooldown--;
}

void orb_push(yproj *orb, fx x, fx y) {
    if (x == 0 && y == 0) return;
    orb_vars *v = ORB(orb);
    v->push_ticks = ORB_PUSH_TICKS;
    v->push_dir_x = x;
    v->push_dir_y = y;
    v->has_push_dir = true;
}

void orb_disable(ymatch *m, yproj *orb) {
    proj_disable(m, orb);
    wizard_vars *w = wizard_of(obj_by_number(m, orb->o.creator));
    if (w) w->orb_projectile = 0;
}

/* knocked away (twice the hitbox's knockback) and unlocked; no hitlag, no got_hit */
static void orb_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    (void)m;
    if (!hb || hb->throw_) return;
    ORB(p)->locked = false;
    fx fx_, fy; /* get_knockback_force */
    fxs_normalized_times(fxs_mul(hb->dir_x, FXI(hb->facing_int)), hb->dir_y, hb->knockback, &fx_, &fy);
    fxs_vec_mul(fx_, fy, ORB_HIT_FORCE_MODIFIER, &fx_, &fy);
    obj_apply_force(&p->o, fx_, fy);
}

static const yres_field ORB_TRACE[] = {{"locked", RF_BOOL, offsetof(orb_vars, locked)}};

static bool orb_vars_ok(const yproj *p, const void *vars) {
    (void)p;
    return ((const orb_vars *)vars)->n_triggers <= ORB_MAX_TRIGGERS;
}

const yobj_class wizard_orb_obj_class = {
    .vars_ok = orb_vars_ok,
    .name = "states.wizard.projectiles.Orb",
    .parent = &base_projectile_class,
    .vars_size = sizeof(orb_vars),
    .trace_fields = ORB_TRACE,
    .n_trace_fields = 1,
    .disable = orb_disable,
    .hit_by = orb_hit_by,
    .tick = orb_tick,
    .on_got_push_blocked = orb_on_got_push_blocked,
};

/* orb/states/Default.gd: travel, attack on schedule, expire */
typedef struct {
    int32_t LIFETIME;
} orb_default_vars;

static void orb_default_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(orb_default_vars, host, st)->LIFETIME = (int32_t)prop_int(NODE(st), P_LIFETIME, 30000);
}

static int orb_default_tick(ymatch *m, yobj *host, ystate *st) {
    yproj *p = AS_P(host);
    orb_vars *v = ORB(p);
    if (v->frozen) return SYM_NONE;
    if (!v->locked) orb_travel_towards_creator(m, p);
    if (!YOK(m)) return SYM_NONE;
    orb_attempt_triggered_attack(m, p);
    if (!YOK(m)) return SYM_NONE;
    if (st->current_tick > ST_VARS(orb_default_vars, host, st)->LIFETIME) obj_disable(m, &p->o);
    if (v->push_ticks > 0) v->push_ticks--;
    return SYM_NONE;
}

const state_class wizard_orb_default_class = {
    .name = "states.wizard.projectiles.OrbDefault",
    .parent = &object_state_class,
    .vars_size = sizeof(orb_default_vars),
    .construct = orb_default_construct,
    .tick = orb_default_tick,
};

/* orb/states/Sword.gd: the orb's sword swing. Its first two hitboxes skip combo scaling
 * while the orb is locked. */
static void orb_sword_set_scale_combo(yobj *host, ystate *st, bool on) {
    yhitbox *a = state_hitbox_child(host, st, SYM_Hitbox), *b = state_hitbox_child(host, st, SYM_Hitbox2);
    if (a) a->scale_combo = on;
    if (b) b->scale_combo = on;
}

static int orb_sword_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    orb_sword_set_scale_combo(host, st, !ORB(AS_P(host))->locked);
    return SYM_NONE;
}

static int orb_sword_tick(ymatch *m, yobj *host, ystate *st) {
    orb_default_tick(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (!ORB(AS_P(host))->locked) orb_sword_set_scale_combo(host, st, true);
    return SYM_NONE;
}

const state_class wizard_orb_sword_class = {
    .name = "states.wizard.projectiles.OrbSword",
    .parent = &wizard_orb_default_class,
    .enter = orb_sword_enter,
    .tick = orb_sword_tick,
};

/* orb/OrbLightning.gd (and OrbDart.gd, the same script): a push block against it reaches the orb */
static void orb_lightning_on_got_push_blocked(ymatch *m, yproj *p) {
    yobj *creator = obj_by_number(m, p->o.creator);
    if (creator) obj_on_got_push_blocked(m, creator);
}

const yobj_class wizard_orb_lightning_class = {
    .name = "states.wizard.projectiles.OrbLightning",
    .parent = &base_projectile_class,
    .on_got_push_blocked = orb_lightning_on_got_push_blocked,
};

const yobj_class wizard_orb_dart_class = {
    .name = "states.wizard.projectiles.OrbDart",
    .parent = &wizard_orb_lightning_class,
};

/* orb/states/LightningDefault.gd: 100 damage, 110 from a locked orb */
#define LIGHTNING_UNLOCKED_DAMAGE 100
#define LIGHTNING_LOCKED_DAMAGE 110

static int lightning_default_enter(ymatch *m, yobj *host, ystate *st) {
    yobj *creator = obj_by_number(m, host->creator);
    if (!creator || creator->is_fighter || AS_P(creator)->vt->cls != &wizard_orb_obj_class) {
        yerr(m, YE_INTERNAL, "LightningDefault: the creator is not an orb");
        return SYM_NONE;
    }
    int32_t damage = !ORB(AS_P(creator))->locked ? LIGHTNING_UNLOCKED_DAMAGE : LIGHTNING_LOCKED_DAMAGE;
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (h) {
        h->damage = damage;
        h->damage_in_combo = damage;
    }
    return SYM_NONE;
}

static void lightning_default_exit(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
}

const state_class wizard_lightning_default_class = {
    .name = "states.wizard.projectiles.LightningDefault",
    .parent = &object_state_class,
    .enter = lightning_default_enter,
    .exit = lightning_default_exit,
};

/* states/OrbDartDefault.gd: knockback along the flight direction */
static int orb_dart_default_frame_0(ymatch *m, yobj *host, ystate *st) {
    dir_projectile_frame_0(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    fx dx, dy;
    ydata *d = st_data(host, st);
    if (!ydata_get_fx(d, SYM_dir, SYM_x, &dx) || !ydata_get_fx(d, SYM_dir, SYM_y, &dy)) {
        yerr(m, YE_STATE, "OrbDartDefault: the spawn data has no dir");
        return SYM_NONE;
    }
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (h) {
        h->dir_x = fxs_mul(dx, FXI(obj_facing(host)));
        h->dir_y = dy;
    }
    return SYM_NONE;
}

const state_class wizard_orb_dart_default_class = {
    .name = "states.wizard.projectiles.OrbDartDefault",
    .parent = &dir_projectile_default_class,
    .frames = FRAMES({0, orb_dart_default_frame_0}),
};

/* ================================================================== flame wave, vile clutch */
/* FlameWave.gd: when it ends the Wizard's flame wave cools down (30) */
static void flame_wave_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    wizard_vars *w = wizard_of(obj_by_number(m, p->o.creator));
    if (w) w->flame_wave_cooldown = WIZARD_FLAME_WAVE_COOLDOWN;
}

const yobj_class wizard_flame_wave_obj_class = {
    .name = "states.wizard.projectiles.FlameWave",
    .parent = &base_projectile_class,
    .disable = flame_wave_disable,
};

/* states/FlameWaveDefault.gd: fizzling gives the flame wave back */
static void flame_wave_default_fizzle(ymatch *m, yobj *host, ystate *st) {
    default_fireball_fizzle(m, host, st);
    wizard_vars *w = wizard_of(obj_by_number(m, host->creator));
    if (w) w->can_flame_wave = true;
}

const state_class wizard_flame_wave_default_class = {
    .name = "states.wizard.projectiles.FlameWaveDefault",
    .parent = &default_fireball_class,
    .fizzle = flame_wave_default_fizzle,
};

/* VileClutch.gd: when it ends the Wizard may clutch again */
static void vile_clutch_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    wizard_vars *w = wizard_of(obj_by_number(m, p->o.creator));
    if (w) w->can_vile_clutch = true;
}

const yobj_class wizard_vile_clutch_obj_class = {
    .name = "states.wizard.projectiles.VileClutchObject",
    .parent = &base_projectile_class,
    .disable = vile_clutch_disable,
};

/* ================================================================== spark bomb */
/* SparkBomb.gd: explodes at once, or 2 ticks after a manual detonation */
#define SPARK_BOMB_DELAY_TICKS 2

typedef struct {
    int32_t delay_ticks;
    yflag exploded, armed, in_spark_bomb_group; /* add_to_group("SparkBomb") in init */
} spark_bomb_vars;

#define SPARK(p) ((spark_bomb_vars *)(p)->vars)

bool spark_bomb_is(yproj *p) { return p->vt->cls == &wizard_spark_bomb_class; }
bool spark_bomb_exploded(yproj *bomb) { return SPARK(bomb)->exploded; }
bool spark_bomb_armed(yproj *bomb) { return SPARK(bomb)->armed; }

void spark_bomb_explode(ymatch *m, yproj *bomb, bool manual) {
    if (!manual) machine_change_state(m, &bomb->o, SYM_Explode, NULL, true, true);
    else SPARK(bomb)->delay_ticks = SPARK_BOMB_DELAY_TICKS;
    SPARK(bomb)->exploded = true;
}

static void spark_bomb_init(ymatch *m, yproj *p) { /* after BaseObj.init, the first time */
    (void)m;
    SPARK(p)->in_spark_bomb_group = true;
}

const yobj_class wizard_spark_bomb_class = {
    .name = "states.wizard.projectiles.SparkBomb",
    .parent = &base_projectile_class,
    .vars_size = sizeof(spark_bomb_vars),
    .init = spark_bomb_init,
};

/* states/SparkBombDefault.gd (Default, Armed): it drifts toward the opponent, keeps clear of
 * other spark bombs, arms after 15 ticks, and explodes when the opponent's hurtbox centre is
 * within 24 px, at the end of its lifetime, or when a manual detonation's delay runs out. */
#define SPARK_ACTIVATE_DISTANCE FXI(24)
#define SPARK_Y_FRIC FXC(0.05)
#define SPARK_MOVE_SPEED FXC(1.5)
#define SPARK_AVOID_DISTANCE FXC(24.0)

typedef struct {
    default_fireball_vars df;
    int32_t arming_time;
    yflag armed;
} spark_bomb_default_vars;

static void spark_bomb_default_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    spark_bomb_default_vars *v = ST_VARS(spark_bomb_default_vars, host, st);
    v->armed = prop_bool(NODE(st), P_armed, 0);
    v->arming_time = (int32_t)prop_int(NODE(st), P_arming_time, 15);
}

static int spark_bomb_default_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    SPARK(AS_P(host))->armed = ST_VARS(spark_bomb_default_vars, host, st)->armed;
    return SYM_NONE;
}

static void spark_bomb_avoid_other_bombs(ymatch *m, yobj *host) {
    /* objs_map: the fighters (never in the group), then the objects in spawn order */
    for (int k = 0; k < m->n_objs && YOK(m); k++) {
        yproj *p = match_obj_at(m, k);
        yobj *obj = &p->o;
        if (obj->disabled || obj == host) continue;
        if (p->vt->cls == &wizard_spark_bomb_class && SPARK(p)->in_spark_bomb_group) {
            int32_t lx, ly;
            obj_local_center(m, host, obj, &lx, &ly);
            if (fxs_vec_len(FXI(lx), FXI(ly)) < SPARK_AVOID_DISTANCE) {
                fx mx, my;
                fxs_normalized_times(FXI(lx), FXI(ly), FXC(-0.50), &mx, &my); /* "-" + AVOID_SPEED */
                obj_move_directly(host, mx, my);
            }
        }
    }
}

static int spark_bomb_default_tick(ymatch *m, yobj *host, ystate *st) {
    spark_bomb_default_vars *v = ST_VARS(spark_bomb_default_vars, host, st);
    yproj *p = AS_P(host);
    spark_bomb_vars *bomb = SPARK(p);
    if (st->current_tick > v->arming_time && !v->armed) return SYM_Armed;
    yobj *creator = obj_by_number(m, host->creator);
    if (!creator || !creator->is_fighter) {
        yerr(m, YE_INTERNAL, "SparkBombDefault: the creator is not a fighter");
        return SYM_NONE;
    }
    yobj *opponent = &FOPP(m, AS_F(creator))->o;
    if (v->armed) {
        int32_t cx, cy;
        box_center(&opponent->hurtbox, &cx, &cy);
        fx distance = fxs_vec_dist(FXI(host->data.px), FXI(host->data.py), FXI(cx), FXI(cy));
        if (distance < SPARK_ACTIVATE_DISTANCE) {
            if (bomb->delay_ticks <= 0) spark_bomb_explode(m, p, false);
            return SYM_NONE;
        }
        if (bomb->delay_ticks > 0) {
            bomb->delay_ticks--;
            if (bomb->delay_ticks == 0 && bomb->exploded) spark_bomb_explode(m, p, false);
            if (!YOK(m)) return SYM_NONE;
        }
    }
    spark_bomb_avoid_other_bombs(m, host);
    int32_t tx, ty;
    obj_local_center(m, host, opponent, &tx, &ty);
    fx mx, my;
    fxs_normalized_times(FXI(tx), FXI(ty), SPARK_MOVE_SPEED, &mx, &my);
    obj_move_directly(host, mx, my);
    fg_apply_x_fric_raw(&host->chara, SPARK_Y_FRIC);
    fg_apply_y_fric_raw(&host->chara, SPARK_Y_FRIC);
    obj_apply_forces_no_limit(m, host);
    if (st->current_tick >= v->df.lifetime) {
        if (bomb->delay_ticks <= 0) spark_bomb_explode(m, p, false);
    }
    return SYM_NONE;
}

const state_class wizard_spark_bomb_default_class = {
    .name = "states.wizard.projectiles.SparkBombDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(spark_bomb_default_vars),
    .construct = spark_bomb_default_construct,
    .enter = spark_bomb_default_enter,
    .tick = spark_bomb_default_tick,
};

/* states/SparkBombExplode.gd: the blast. A Wizard within 60 px is blown away from it
 * (frame 1); the Wizard's spark speed grows by 70 ticks (frame 2); the bomb is gone on
 * frame 16. */
#define SPARK_EXPLODE_PUSH_DISTANCE FXI(60)
#define SPARK_EXPLODE_PUSH_SPEED FXI(10)

typedef struct {
    yflag landed;
} spark_bomb_explode_vars;

static void spark_bomb_explode_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(spark_bomb_explode_vars, host, st)->landed = true;
}

static int spark_bomb_explode_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yobj *creator = obj_by_number(m, host->creator);
    if (!creator) {
        yerr(m, YE_INTERNAL, "SparkBombExplode: no creator");
        return SYM_NONE;
    }
    int32_t lx, ly;
    obj_local_center(m, host, creator, &lx, &ly);
    if (fxs_vec_len(FXI(lx), FXI(ly)) < SPARK_EXPLODE_PUSH_DISTANCE) {
        fx fx_, fy;
        fxs_normalized_times(FXI(lx), FXI(ly), SPARK_EXPLODE_PUSH_SPEED, &fx_, &fy);
        obj_apply_force(creator, fx_, fy);
    }
    return SYM_NONE;
}

static int spark_bomb_explode_frame_2(ymatch *m, yobj *host, ystate *st) {
    wizard_vars *w = wizard_of(obj_get_fighter(m, host));
    /* Quirk kept: landed starts true and is only ever set true, so the second test of the
     * original (a property the Wizard does not have) is never read. */
    if (w && ST_VARS(spark_bomb_explode_vars, host, st)->landed) w->spark_speed_frames += WIZARD_SPARK_SPEED_FRAMES;
    return SYM_NONE;
}

static int spark_bomb_explode_frame_16(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
    return SYM_NONE;
}

static void spark_bomb_explode_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    object_state_on_hit_something(m, host, st, obj, hb);
    ST_VARS(spark_bomb_explode_vars, host, st)->landed = true;
}

const state_class wizard_spark_bomb_explode_class = {
    .name = "states.wizard.projectiles.SparkBombExplode",
    .parent = &object_state_class,
    .vars_size = sizeof(spark_bomb_explode_vars),
    .construct = spark_bomb_explode_construct,
    .frames = FRAMES({1, spark_bomb_explode_frame_1}, {2, spark_bomb_explode_frame_2},
                     {16, spark_bomb_explode_frame_16}),
    .on_hit_something = spark_bomb_explode_on_hit_something,
};

/* ================================================================== telekinesis */
/* telekinesis/TelekinesisBoulder.gd (class TelekinesisProjectile): held by the Wizard until
 * launched or dropped; disabling it may leave an object behind (the bomb's explosion) and
 * frees the Wizard's hands. TelekinesisBomb.gd blows up after explode_tick ticks;
 * TelekinesisFruit.gd heals whoever it hits by 20. */
#define FRUIT_HEAL_AMOUNT 20

typedef struct {
    int32_t explode_tick;  /* TelekinesisBomb */
    int16_t disable_obj;   /* object table of the scene left behind, -1 none, -2 not in the tables */
    yflag launched, no_hitlag;
} telekinesis_vars;

#define TK(p) ((telekinesis_vars *)(p)->vars)

bool telekinesis_is(yproj *p) { return proj_is_a(p, &wizard_telekinesis_projectile_class); }

static void telekinesis_construct(ymatch *m, yproj *p) {
    (void)m;
    const ytable *t = &yomi_object_tables[p->o.table];
    telekinesis_vars *v = TK(p);
    const char *scene = yval_str(table_root_prop(t, P_disable_obj), NULL);
    v->disable_obj = (int16_t)(scene && *scene ? (object_table_index(scene) >= 0 ? object_table_index(scene) : -2) : -1);
    v->no_hitlag = yval_bool(table_root_prop(t, P_no_hitlag), 1);
    v->launched = false;
    v->explode_tick = (int32_t)yval_int(table_root_prop(t, P_explode_tick), 60);
}

static void telekinesis_disable(ymatch *m, yproj *p) {
    telekinesis_vars *v = TK(p);
    if (v->disable_obj != -1) {
        if (v->disable_obj < 0) {
            yerr(m, YE_NOT_PORTED, "telekinesis: the disable_obj scene is not in the tables");
            return;
        }
        obj_spawn(m, &p->o, v->disable_obj, 0, 0, true, NULL, true);
        if (!YOK(m)) return;
    }
    proj_disable(m, p);
    wizard_vars *w = wizard_of(obj_by_number(m, p->o.creator));
    if (w && w->boulder_projectile == p->o.number) w->boulder_projectile = 0;
}

/* hit_action: nothing, or the fruit's heal */
static void telekinesis_hit_action(yproj *p, yobj *obj) {
    if (p->vt->cls == &wizard_telekinesis_fruit_class && obj->is_fighter) AS_F(obj)->hp += FRUIT_HEAL_AMOUNT;
}

static void telekinesis_tick(ymatch *m, yproj *p) {
    obj_base_tick(m, &p->o);
    if (TK(p)->no_hitlag) p->o.hitlag_ticks = 0;
}

void telekinesis_drop(ymatch *m, yproj *p) {
    ystate *st = obj_state(&p->o);
    if (st && st_name(st) == SYM_Default) state_queue_change(m, &p->o, st, SYM_Drop, NULL); /* TelekinesisHold.drop */
}

void telekinesis_launch(ymatch *m, yproj *p, fx dir_x, fx dir_y) {
    ydata data;
    ydata_none(&data);
    if (!ydata_set_fx(m, &data, SYM_x, SYM_NONE, dir_x) || !ydata_set_fx(m, &data, SYM_y, SYM_NONE, dir_y)) return;
    machine_queue_state(m, &p->o, SYM_Launch, &data, NULL);
}

const yobj_class wizard_telekinesis_projectile_class = {
    .name = "states.wizard.projectiles.TelekinesisProjectile",
    .parent = &base_projectile_class,
    .vars_size = sizeof(telekinesis_vars),
    .construct = telekinesis_construct,
    .disable = telekinesis_disable,
    .tick = telekinesis_tick,
};

static void telekinesis_bomb_tick(ymatch *m, yproj *p) {
    telekinesis_tick(m, p);
    if (!YOK(m)) return;
    if (p->o.current_tick > TK(p)->explode_tick) obj_disable(m, &p->o);
}

const yobj_class wizard_telekinesis_bomb_class = {
    .name = "states.wizard.projectiles.TelekinesisBomb",
    .parent = &wizard_telekinesis_projectile_class,
    .tick = telekinesis_bomb_tick,
};

const yobj_class wizard_telekinesis_fruit_class = {
    .name = "states.wizard.projectiles.TelekinesisFruit",
    .parent = &wizard_telekinesis_projectile_class,
};

/* telekinesis/Default.gd (and BombDefault.gd): float beside the creator (8 % of the way per
 * tick), dropped after 150 ticks */
#define HOLD_OFFSET_X 20
#define HOLD_OFFSET_Y (-55)
#define HOLD_LERP_VALUE FXC(0.08)

static int telekinesis_hold_enter(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_set_facing(m, host, 1, false);
    return SYM_NONE;
}

static int telekinesis_hold_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yobj *creator = obj_by_number(m, host->creator);
    if (creator) {
        int32_t target_x = creator->data.px + HOLD_OFFSET_X * obj_facing(creator);
        int32_t target_y = creator->data.py + HOLD_OFFSET_Y;
        int32_t new_x = fxs_round(fxs_lerp(FXI(host->data.px), FXI(target_x), HOLD_LERP_VALUE));
        int32_t new_y = fxs_round(fxs_lerp(FXI(host->data.py), FXI(target_y), HOLD_LERP_VALUE));
        obj_set_pos(host, new_x, new_y);
    }
    return SYM_NONE;
}

static int telekinesis_hold_frame_150(ymatch *m, yobj *host, ystate *st) {
    state_queue_change(m, host, st, SYM_Drop, NULL); /* drop */
    return SYM_NONE;
}

const state_class wizard_telekinesis_hold_class = {
    .name = "states.wizard.projectiles.TelekinesisHold",
    .parent = &object_state_class,
    .enter = telekinesis_hold_enter,
    .tick = telekinesis_hold_tick,
    .frames = FRAMES({150, telekinesis_hold_frame_150}),
};

/* telekinesis/BoulderFling.gd (Launch, Drop): Launch is thrown along the data direction at
 * speed (its knockback follows the flight); Drop falls. It breaks on the floor, walls or
 * ceiling (or bounces, for the tire), and on hitting a fighter. */
typedef struct {
    int32_t disable_when_this_far_from_terrain, bounces, floor_bounce_ticks;
    fx speed, bounce_multiplier;
    yflag launch, launch_in_movement_direction, can_floor_bounce;
} boulder_fling_vars;

static void boulder_fling_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    boulder_fling_vars *v = ST_VARS(boulder_fling_vars, host, st);
    const ynode *n = NODE(st);
    v->disable_when_this_far_from_terrain = (int32_t)prop_int(n, P_disable_when_this_far_from_terrain, 10);
    v->speed = prop_fx(n, P_speed, "16.0");
    v->launch = prop_bool(n, P_launch, 1);
    v->bounces = (int32_t)prop_int(n, P_bounces, 0);
    v->bounce_multiplier = prop_fx(n, P_bounce_multiplier, "-0.9");
    v->launch_in_movement_direction = prop_bool(n, P_launch_in_movement_direction, 1);
    v->can_floor_bounce = true;
    v->floor_bounce_ticks = 0;
}

static int boulder_fling_enter(ymatch *m, yobj *host, ystate *st) {
    /* Quirk kept: the original resets a local can_floor_bounce, not the member. */
    boulder_fling_vars *v = ST_VARS(boulder_fling_vars, host, st);
    fg_reset_momentum(&host->chara);
    if (telekinesis_is(AS_P(host))) TK(AS_P(host))->launched = true;
    if (v->launch) {
        fx dx, dy;
        ydata *d = st_data(host, st);
        if (!ydata_get_fx(d, SYM_x, SYM_NONE, &dx) || !ydata_get_fx(d, SYM_y, SYM_NONE, &dy)) {
            yerr(m, YE_INTERNAL, "BoulderFling: the launch data has no x/y");
            return SYM_NONE;
        }
        fx fx_, fy;
        fxs_vec_mul(dx, dy, v->speed, &fx_, &fy);
        obj_apply_force(host, fx_, fy);
        obj_set_facing(m, host, 1, false);
    }
    return SYM_NONE;
}

static void boulder_fling_hit_terrain(ymatch *m, yobj *host, boulder_fling_vars *v, int32_t px, int32_t py, fx vx,
                                      fx vy) {
    int32_t margin = v->disable_when_this_far_from_terrain;
    if (py > -margin && v->can_floor_bounce) {
        if (v->bounces > 0) {
            v->bounces--;
            obj_set_vel(host, vx, fxs_mul(vy, v->bounce_multiplier));
            obj_set_pos(host, px, -margin);
            v->can_floor_bounce = false;
            v->floor_bounce_ticks = 3;
        } else {
            obj_disable(m, host);
        }
    } else if (host->stage_width - int_abs(px) < margin) {
        if (v->bounces > 0) {
            v->bounces--;
            obj_set_vel(host, fxs_mul(vx, v->bounce_multiplier), vy);
        } else {
            obj_disable(m, host);
        }
    } else if (host->has_ceiling && int_abs(-(int64_t)host->ceiling_height - py) < margin) {
        obj_disable(m, host);
    }
}

static int boulder_fling_tick(ymatch *m, yobj *host, ystate *st) {
    boulder_fling_vars *v = ST_VARS(boulder_fling_vars, host, st);
    int32_t px = host->data.px, py = host->data.py;
    fx vx = host->data.vx, vy = host->data.vy;
    if (v->floor_bounce_ticks > 0) v->floor_bounce_ticks--;
    if (vy > 0 && v->floor_bounce_ticks == 0) v->can_floor_bounce = true;
    if (st->current_tick > 3) boulder_fling_hit_terrain(m, host, v, px, py, vx, vy);
    if (!YOK(m)) return SYM_NONE;
    if (v->launch_in_movement_direction) {
        fx dx, dy;
        fxs_normalized(host->data.vx, host->data.vy, &dx, &dy);
        yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
        if (h) {
            h->dir_x = dx;
            h->dir_y = dy;
        }
    }
    if (v->launch) {
        obj_apply_forces_no_limit(m, host);
        obj_limit_speed(m, host, v->speed);
    }
    return SYM_NONE;
}

static void boulder_fling_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    if (obj->is_fighter) {
        telekinesis_hit_action(AS_P(host), obj);
        obj_disable(m, host);
        if (!YOK(m)) return;
    }
    object_state_on_hit_something(m, host, st, obj, hb);
}

const state_class wizard_boulder_fling_class = {
    .name = "states.wizard.projectiles.BoulderFling",
    .parent = &object_state_class,
    .vars_size = sizeof(boulder_fling_vars),
    .construct = boulder_fling_construct,
    .enter = boulder_fling_enter,
    .tick = boulder_fling_tick,
    .on_hit_something = boulder_fling_on_hit_something,
};
