/* The Ninja's objects. Mirrors states/ninja/objects.py (characters/stickman/projectiles/:
 * root scripts and state scripts).
 *
 * Shuriken (StickmanFireball / StickmanAirFireball, class NinjaShuriken) and the
 * Stackriken two of them fuse into; caltrops; the sticky bomb (Default / Explode /
 * BigExplode); the grappling hook (Default / Locked); the kunai thrower and slide-kick
 * summons, and the kunai they throw. The whip waves use the generic DefaultFireball.
 *
 * Object classes do not inherit hooks in C: each class names every hook of its
 * BaseProjectile base it keeps (proj_*). */
#include <string.h>

#include "char_ninja.h"

#define P "characters/stickman/projectiles/"

/* ------------------------------------------------------------------ scenes */
static const char *const SCENES[NJ_N_SCENES] = {
    [NJ_SCENE_STICKY_BOMB] = P "StickyBomb.tscn",
    [NJ_SCENE_CALTROPS] = P "Caltrops.tscn",
    [NJ_SCENE_KUNAI_SUMMON] = P "StickmanSummonKunai.tscn",
    [NJ_SCENE_SLIDE_SUMMON] = P "StickmanSummonSlide.tscn",
    [NJ_SCENE_STACKRIKEN] = P "Stackriken.tscn",
    [NJ_SCENE_KUNAI] = P "Kunai.tscn",
    [NJ_SCENE_FIREBALL] = P "StickmanFireball.tscn",
    [NJ_SCENE_AIR_FIREBALL] = P "StickmanAirFireball.tscn",
};

int ninja_scene(int which) {
    static int16_t cache[NJ_N_SCENES];
    static bool done;
    if (!done) {
        for (int i = 0; i < NJ_N_SCENES; i++) cache[i] = (int16_t)object_table_index(SCENES[i]);
        done = true;
    }
    return cache[which];
}

/* in_group: a match object's scene root groups (objects.json: the two shuriken scenes are in
 * "NinjaShuriken", Stackriken.tscn in "Stackriken"; tests/chars/ninja/test_c_ninja.py checks the table) */
static bool in_group_shuriken(const yobj *o) {
    return !o->is_fighter && (o->table == ninja_scene(NJ_SCENE_FIREBALL) || o->table == ninja_scene(NJ_SCENE_AIR_FIREBALL));
}
static bool in_group_stackriken(const yobj *o) {
    return !o->is_fighter && o->table == ninja_scene(NJ_SCENE_STACKRIKEN);
}

/* ------------------------------------------------------------------ helpers */
static bool is_class(const yobj *o, const yobj_class *cls) {
    return o && !o->is_fighter && proj_is_a((const yproj *)o, cls);
}

ninja_sticky_bomb_vars *ninja_sticky_bomb(yobj *o) {
    return is_class(o, &ninja_sticky_bomb_object_class) ? (ninja_sticky_bomb_vars *)AS_P(o)->vars : NULL;
}
ninja_hook_vars *ninja_hook(yobj *o) {
    return is_class(o, &ninja_grappling_hook_object_class) ? (ninja_hook_vars *)AS_P(o)->vars : NULL;
}
ninja_shuriken_vars *ninja_shuriken(yobj *o) {
    return is_class(o, &ninja_shuriken_class) ? (ninja_shuriken_vars *)AS_P(o)->vars : NULL;
}
static ninja_stackriken_vars *stackriken(yobj *o) {
    return is_class(o, &ninja_stackriken_class) ? (ninja_stackriken_vars *)AS_P(o)->vars : NULL;
}

/* `host.disabled = True` (no hitbox deactivation, unlike disable()) */
static void set_disabled(ymatch *m, yobj *o) {
    if (!o->disabled) AS_P(o)->disabled_serial = m->tick_serial;
    o->disabled = true;
}

/* BaseObj.on_got_parried */
static void base_on_got_parried(ymatch *m, yproj *p) {
    ystate *st = obj_state(&p->o);
    p->o.hitlag_ticks += st->extra_parry_hitlag;
    st_vt(st)->on_got_perfect_parried(m, &p->o, st);
}

/* the object's creator (self.creator): the fighter or object that spawned it */
static yobj *creator_of(ymatch *m, yobj *o) {
    yobj *c = o->creator ? obj_by_number(m, o->creator) : NULL;
    if (!c) yerr(m, YE_INTERNAL, "object %d has no creator", o->number);
    return c;
}

/* A walk along objs_map's objects (not the fighters) as they were when it started (list(...)):
 * the objects spawned meanwhile have larger numbers than `last` */
typedef struct {
    int hint, last;
} obj_walk;
static obj_walk walk_start(ymatch *m) { return (obj_walk){0, 2 + m->n_spawned}; }
static yobj *walk_next(ymatch *m, obj_walk *w, yobj *prev) {
    yproj *p = match_next_object_hint(m, prev ? prev->number : 0, &w->hint);
    return p && p->o.number <= w->last ? &p->o : NULL;
}

/* GDScript: a DI component is the pad's int ("0" while the DI is the initial string) */
static int32_t di_int(yfighter *f, int i) { return f->di_is_str ? 0 : f->current_di[i]; }

/* self.data["speed_modifier"] (a fixed-point string) */
static bool speed_modifier(ymatch *m, const ydata *d, fx *out) {
    if (ydata_get_fx(d, SYM_speed_modifier, SYM_NONE, out)) return true;
    yerr(m, ydata_lookup_error(d, SYM_speed_modifier, SYM_NONE), "shuriken: the spawn data has no speed_modifier");
    return false;
}

/* ================================================================== shuriken */
#define STACK_FORCE_MULTIPLIER FXC(0.9)
#define STACKRIKEN_REFRESH_FORCE_MULTIPLIER FXC(0.5)
#define SHURIKEN_LIFETIME 120

static void shuriken_construct(ymatch *m, yproj *p) {
    (void)m;
    ninja_shuriken_vars *v = (ninja_shuriken_vars *)p->vars;
    v->dir_x = 0;
    v->dir_y = 0;
    v->can_stack = true;
}

static void shuriken_on_got_parried(ymatch *m, yproj *p) {
    base_on_got_parried(m, p);
    ((ninja_shuriken_vars *)p->vars)->can_stack = false;
}

const yobj_class ninja_shuriken_class = {
    .name = "states.ninja.objects.NinjaShuriken",
    .parent = &base_projectile_class,
    .vars_size = sizeof(ninja_shuriken_vars),
    .construct = shuriken_construct,
    .on_got_parried = shuriken_on_got_parried,
};

/* _velocity_of: vec_mul(dir_x * facing, dir_y, speed_modifier) */
static bool velocity_of(ymatch *m, yobj *shuriken, const ydata *data, fx *x, fx *y) {
    ninja_shuriken_vars *v = ninja_shuriken(shuriken);
    fx k;
    if (!v) {
        yerr(m, YE_INTERNAL, "a NinjaShuriken group object is not a NinjaShuriken");
        return false;
    }
    if (!speed_modifier(m, data, &k)) return false;
    fxs_vec_mul(fxs_mul(v->dir_x, FXI(obj_facing(shuriken))), v->dir_y, k, x, y);
    return true;
}

static void stackriken_refresh(ymatch *m, yobj *o);

static void fuse_with(ymatch *m, yobj *host, ystate *st, yobj *other) {
    yobj *stack = obj_spawn(m, host, ninja_scene(NJ_SCENE_STACKRIKEN), 0, 0, true, NULL, true);
    if (!stack) return;
    fx mx, my, tx, ty;
    if (!velocity_of(m, host, st_data(host, st), &mx, &my)) return;
    if (!obj_state(other)) {
        yerr(m, YE_INTERNAL, "shuriken %d has no state", other->number);
        return;
    }
    if (!velocity_of(m, other, &other->data_cur, &tx, &ty)) return;
    fx fx_ = fxs_add(mx, tx), fy = fxs_add(my, ty);
    fxs_vec_mul(fx_, fy, STACK_FORCE_MULTIPLIER, &fx_, &fy);
    ninja_stackriken_vars *s = stackriken(stack);
    if (!s) {
        yerr(m, YE_INTERNAL, "Stackriken.tscn is not a Stackriken");
        return;
    }
    s->force_x = fx_;
    s->force_y = fy;
    s->has_force = true;
    obj_disable(m, other);
    obj_disable(m, host);
}

static int shuriken_default_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_tick(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    ninja_shuriken_vars *sv = ninja_shuriken(host);
    if (st->current_tick > SHURIKEN_LIFETIME) {
        obj_apply_grav(m, host);
        obj_set_vel(host, 0, host->data.vy);
        obj_apply_forces(m, host);
        if (!YOK(m)) return SYM_NONE;
    }
    if (!sv->can_stack) return SYM_NONE;
    ninja_vars *nv = ninja_of(m, obj_get_fighter(m, host));
    if (!nv) return SYM_NONE;
    bool stackriken_out = nv->stackriken_out;
    /* The original walks objs_map while spawning into it; a Stackriken born here is not
     * initialised yet, so visiting it would change nothing. (The fighters in objs_map
     * never are in these groups.) */
    obj_walk w = walk_start(m);
    for (yobj *obj = walk_next(m, &w, NULL); obj && YOK(m); obj = walk_next(m, &w, obj)) {
        if (obj == host || obj->disabled || obj->id != host->id) continue;
        if (!box_overlaps(&host->hurtbox, &obj->hurtbox)) continue;
        if (in_group_shuriken(obj)) {
            ninja_shuriken_vars *ov = ninja_shuriken(obj);
            if (stackriken_out || (ov && !ov->can_stack)) continue;
            fuse_with(m, host, st, obj);
            if (!YOK(m)) return SYM_NONE;
        }
        if (in_group_stackriken(obj)) {
            obj_disable(m, host);
            if (obj_state(obj)) {
                stackriken_refresh(m, obj);
                fx mx, my, fx_, fy;
                if (!velocity_of(m, host, st_data(host, st), &mx, &my)) return SYM_NONE;
                fxs_vec_mul(mx, my, STACKRIKEN_REFRESH_FORCE_MULTIPLIER, &fx_, &fy);
                obj_apply_force(obj, fx_, fy);
            }
        }
    }
    return SYM_NONE;
}

static void shuriken_default_move(ymatch *m, yobj *host, ystate *st) {
    ninja_shuriken_vars *sv = ninja_shuriken(host);
    fx k, x, y;
    if (!sv) {
        yerr(m, YE_INTERNAL, "ShurikenDefault on an object that is not a NinjaShuriken");
        return;
    }
    if (!speed_modifier(m, st_data(host, st), &k)) return;
    fxs_vec_mul(sv->dir_x, sv->dir_y, k, &x, &y);
    obj_move_directly_relative(host, x, y);
}

const state_class ninja_shuriken_default_class = {
    .name = "states.ninja.objects.ShurikenDefault",
    .parent = &default_fireball_class,
    .tick = shuriken_default_tick,
    .move = shuriken_default_move,
};

/* ================================================================== Stackriken */
#define REFRESH_AMOUNT 24
#define HOMING_FORCE FXC(0.25)
#define BLOCK_HITS 5
#define MIN_RATIO FXC(0.5)
#define FRAMES_PER_DAMAGE_LOSS 5
#define GRACE_PERIOD 20

typedef struct {
    default_fireball_vars d;
    int32_t block_hits, hitbox_width, hitbox_height, hitbox_damage, hurtbox_width, hurtbox_height;
} stackriken_default_vars;

static void stackriken_construct(ymatch *m, yproj *p) {
    (void)m;
    ninja_stackriken_vars *v = (ninja_stackriken_vars *)p->vars;
    memset(v, 0, sizeof *v);
    v->refresh_amount = REFRESH_AMOUNT;
}

static void stackriken_init(ymatch *m, yproj *p) {
    yobj *fighter = obj_get_fighter(m, &p->o);
    if (fighter) {
        ninja_vars *nv = ninja_of(m, fighter);
        if (!nv) return;
        nv->stackriken_out = true;
    }
    ((ninja_stackriken_vars *)p->vars)->refresh_amount = REFRESH_AMOUNT;
}

static void stackriken_disable(ymatch *m, yproj *p) {
    ninja_vars *nv = ninja_of(m, obj_get_fighter(m, &p->o));
    if (!nv) return;
    nv->stackriken_out = false;
    proj_disable(m, p);
}

static void stackriken_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    ninja_stackriken_vars *v = (ninja_stackriken_vars *)p->vars;
    proj_hit_by(m, p, hb);
    if (hb->throw_) return;
    yobj *hitter = obj_from_name(m, hb->host);
    if (!hitter || !hitter->is_fighter) return;
    fx fx_, fy;
    fxs_normalized_times(obj_hitbox_x_dir(m, &p->o, hb), hb->dir_y, fxs_mul(hb->knockback, FXC(0.85)), &fx_, &fy);
    yobj *fighter = obj_get_fighter(m, &p->o);
    if (fighter && p->o.id == hb->id) {
        yfighter *f = AS_F(fighter);
        fx_ = fxs_add(fx_, fxs_int(idiv(di_int(f, 0), 20)));
        fy = fxs_add(fy, fxs_int(idiv(di_int(f, 1), 20)));
    }
    obj_set_vel(&p->o, fx_, fy);
    ystate *st = obj_state(&p->o);
    st->current_tick -= v->refresh_amount;
    if (st->current_tick <= 0) st->current_tick = 0;
    v->refresh_amount -= 3;
    if (v->refresh_amount < 0) v->refresh_amount = 0;
}

const yobj_class ninja_stackriken_class = {
    .name = "states.ninja.objects.Stackriken",
    .parent = &base_projectile_class,
    .vars_size = sizeof(ninja_stackriken_vars),
    .construct = stackriken_construct,
    .init = stackriken_init,
    .disable = stackriken_disable,
    .hit_by = stackriken_hit_by,
};

const state_class ninja_stackriken_default_class;

/* Stackriken.refresh */
static void stackriken_refresh(ymatch *m, yobj *o) {
    ystate *st = obj_state(o);
    if (st_vt(st)->cls != &ninja_stackriken_default_class) {
        yerr(m, YE_INTERNAL, "Stackriken.refresh: the state has no lifetime");
        return;
    }
    st->current_tick -= ST_VARS(stackriken_default_vars, o, st)->d.lifetime;
    if (st->current_tick <= 0) st->current_tick = 1;
}

static void skd_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    stackriken_default_vars *v = ST_VARS(stackriken_default_vars, host, st);
    v->block_hits = BLOCK_HITS;
    v->hitbox_width = v->hitbox_height = v->hitbox_damage = 0;
    v->hurtbox_width = v->hurtbox_height = 0;
}

/* the scene's box sizes and damage, read once (onready) */
static void skd_init(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    stackriken_default_vars *v = ST_VARS(stackriken_default_vars, host, st);
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (h) {
        v->hitbox_width = h->b.width;
        v->hitbox_height = h->b.height;
        v->hitbox_damage = h->damage;
    }
    v->hurtbox_width = host->hurtbox.width;
    v->hurtbox_height = host->hurtbox.height;
}

static int skd_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    ninja_stackriken_vars *sv = stackriken(host);
    yobj *fighter = obj_get_fighter(m, host);
    if (fighter) {
        sv->return_x = fighter->data.px;
        sv->return_y = fighter->data.py;
        sv->has_return = true;
    }
    if (!sv->has_force) {
        yerr(m, YE_INTERNAL, "Stackriken: apply_force(None, None)");
        return SYM_NONE;
    }
    obj_apply_force(host, sv->force_x, sv->force_y);
    return SYM_NONE;
}

static void skd_move(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    ninja_stackriken_vars *sv = stackriken(host);
    if (!sv->has_return) return;
    fx dx, dy, fx_, fy;
    fxs_normalized(fxs_int(sv->return_x - host->data.px), fxs_int(sv->return_y - host->data.py), &dx, &dy);
    fxs_vec_mul(dx, dy, HOMING_FORCE, &fx_, &fy);
    obj_apply_force(host, fx_, fy);
}

static void skd_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    stackriken_default_vars *v = ST_VARS(stackriken_default_vars, host, st);
    v->block_hits--;
    if (v->block_hits == 0) st_vt(st)->fizzle(m, host, st);
}

static int skd_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_tick(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    stackriken_default_vars *v = ST_VARS(stackriken_default_vars, host, st);
    fx vx = host->data.vx, vy = host->data.vy, dx, dy;
    fxs_normalized(vx, vy, &dx, &dy);
    int32_t tick = (int32_t)int_max(st->current_tick - GRACE_PERIOD, 0);
    fx shrink = fxs_sub(FX_ONE, yfx_div(m, fxs_int(tick), fxs_int(v->d.lifetime - GRACE_PERIOD)));
    if (!YOK(m)) return SYM_NONE;
    fx size_ratio = fxs_add(MIN_RATIO, fxs_mul(shrink, fxs_sub(FX_ONE, MIN_RATIO)));
    if (size_ratio < MIN_RATIO) size_ratio = MIN_RATIO;
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "StackrikenDefault: no Hitbox");
        return SYM_NONE;
    }
    h->dir_x = dx;
    h->dir_y = dy;
    h->b.width = fxs_round(fxs_mul(fxs_int(v->hitbox_width), size_ratio));
    h->b.height = fxs_round(fxs_mul(fxs_int(v->hitbox_height), size_ratio));
    h->knockback = fxs_mul(fxs_vec_len(vx, vy), FXC(0.5));
    h->damage = v->hitbox_damage - (int32_t)idiv(tick, FRAMES_PER_DAMAGE_LOSS);
    host->hurtbox.width = fxs_round(fxs_mul(fxs_int(v->hurtbox_width), size_ratio));
    host->hurtbox.height = fxs_round(fxs_mul(fxs_int(v->hurtbox_height), size_ratio));
    obj_apply_forces_no_limit(m, host);
    return SYM_NONE;
}

const state_class ninja_stackriken_default_class = {
    .name = "states.ninja.objects.StackrikenDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(stackriken_default_vars),
    .construct = skd_construct,
    .init = skd_init,
    .frames = FRAMES({1, skd_frame_1}),
    .move = skd_move,
    .on_got_blocked = skd_on_got_blocked,
    .tick = skd_tick,
};

/* ================================================================== caltrops */
/* Quirk kept: the launch uses the hitbox's unmirrored dir_x. A hit from a disabled object
 * makes the original's script error out before anything happens. */
static void caltrops_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    yobj *self = &p->o;
    yobj *hitter = obj_from_name(m, hb->host);
    if (hitter && hitter->is_fighter && hitter->id != self->id) {
        const char *misc = sym_text(hb->misc_data);
        if (strstr(misc, "IgnoreCaltrops")) return;
        if (!strstr(misc, "LaunchCaltrops")) {
            obj_disable(m, self);
            return;
        }
    }
    if (hitter && hitter->is_fighter) combat_projectile_free_cancel(m, AS_F(hitter));
    fx fx_, fy;
    fxs_vec_mul(hb->dir_x, hb->dir_y, hb->knockback, &fx_, &fy);
    if (!hitter) return;
    if (hitter->id == self->id) {
        yobj *creator = creator_of(m, self);
        if (!creator) return;
        if (!creator->is_fighter) {
            yerr(m, YE_INTERNAL, "caltrops: the creator has no current_di");
            return;
        }
        yfighter *f = AS_F(creator);
        fx_ = fxs_add(fx_, fxs_int(idiv(di_int(f, 0), 5)));
        fy = fxs_add(fy, fxs_int(idiv(di_int(f, 1), 20)));
    }
    obj_apply_force(self, fx_, fy);
    proj_hit_by(m, p, hb);
}

const yobj_class ninja_caltrops_object_class = {
    .name = "states.ninja.objects.CaltropsObject",
    .parent = &base_projectile_class,
    .hit_by = caltrops_hit_by,
};

static int caltrops_default_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_tick(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "CaltropsDefault: no Hitbox");
        return SYM_NONE;
    }
    if (obj_grounded(host)) {
        host->has_projectile_parry_window = false;
        h->hit_height = HH_LOW;
    } else {
        host->has_projectile_parry_window = true;
        h->hit_height = HH_MID;
    }
    return SYM_NONE;
}

static void caltrops_default_got_parried(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
}

static void caltrops_default_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)st;
    (void)hb;
    if (obj->is_fighter && obj->id != host->id) obj_disable(m, host);
}

const state_class ninja_caltrops_default_class = {
    .name = "states.ninja.objects.CaltropsDefault",
    .parent = &default_fireball_class,
    .tick = caltrops_default_tick,
    .got_parried = caltrops_default_got_parried,
    .on_hit_something = caltrops_default_on_hit_something,
};

/* ================================================================== sticky bomb */
static void sticky_bomb_construct(ymatch *m, yproj *p) {
    (void)m;
    ninja_sticky_bomb_vars *v = (ninja_sticky_bomb_vars *)p->vars;
    v->detonating = false;
    v->attached = false;
}

const yobj_class ninja_sticky_bomb_object_class = {
    .name = "states.ninja.objects.StickyBombObject",
    .parent = &base_projectile_class,
    .vars_size = sizeof(ninja_sticky_bomb_vars),
    .construct = sticky_bomb_construct,
};

static void bomb_forget(ymatch *m, yobj *bomb) { /* creator.bomb_thrown = False; creator.bomb_projectile = None */
    yobj *creator = creator_of(m, bomb);
    ninja_vars *nv = creator ? ninja_of(m, creator) : NULL;
    if (!nv) return;
    nv->bomb_thrown = false;
    nv->bomb_projectile = 0;
}

void ninja_sticky_bomb_explode(ymatch *m, yobj *bomb) {
    ninja_sticky_bomb_vars *v = ninja_sticky_bomb(bomb);
    if (!v) {
        yerr(m, YE_INTERNAL, "explode() on an object that is not a StickyBombObject");
        return;
    }
    v->detonating = true;
    bomb_forget(m, bomb);
}

static void sticky_bomb_big_explode(ymatch *m, yobj *bomb) {
    machine_change_state(m, bomb, SYM_BigExplode, NULL, true, true);
    if (!YOK(m)) return;
    bomb_forget(m, bomb);
}

/* StickyBombDefault: replaces the fireball's frame 0 and tick entirely (the bomb never fizzles) */
#define ATTACH_DISTANCE FXI(16)
typedef struct {
    default_fireball_vars d;
    int32_t attach_frames, explode_ticks;
} sticky_bomb_default_vars;

static void sbd_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    sticky_bomb_default_vars *v = ST_VARS(sticky_bomb_default_vars, host, st);
    v->attach_frames = 0;
    v->explode_ticks = 10; /* per object: never reset */
}

static int sbd_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(sticky_bomb_default_vars, host, st)->attach_frames = 0;
    return SYM_NONE;
}

static int sbd_tick(ymatch *m, yobj *host, ystate *st) {
    sticky_bomb_default_vars *v = ST_VARS(sticky_bomb_default_vars, host, st);
    ninja_sticky_bomb_vars *bv = ninja_sticky_bomb(host);
    yobj *creator = creator_of(m, host);
    if (!creator || !bv) {
        if (YOK(m)) yerr(m, YE_INTERNAL, "StickyBombDefault on an object that is not a StickyBombObject");
        return SYM_NONE;
    }
    if (!creator->is_fighter) {
        yerr(m, YE_INTERNAL, "sticky bomb: the creator has no opponent");
        return SYM_NONE;
    }
    yfighter *opponent = FOPP(m, AS_F(creator));
    int32_t ox, oy;
    if (bv->attached) {
        obj_set_facing(m, host, obj_facing(&opponent->o), false);
        box_center(&opponent->o.hurtbox, &ox, &oy);
        obj_set_pos(host, ox, oy);
    } else {
        fg_update_grounded(&host->chara);
        box_center(&opponent->o.hurtbox, &ox, &oy);
        fx distance = fxs_vec_dist(fxs_int(host->data.px), fxs_int(host->data.py), fxs_int(ox), fxs_int(oy));
        if (distance < ATTACH_DISTANCE) v->attach_frames++;
        else v->attach_frames = 0;
        if (v->attach_frames > 2 && !opponent->o.invulnerable && !opponent->o.projectile_invulnerable)
            bv->attached = true;
    }
    if (st->current_tick > 120) {
        sticky_bomb_big_explode(m, host);
    } else if (bv->detonating) {
        v->explode_ticks--;
        if (v->explode_ticks == 0) return SYM_Explode;
    }
    return SYM_NONE;
}

const state_class ninja_sticky_bomb_default_class = {
    .name = "states.ninja.objects.StickyBombDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(sticky_bomb_default_vars),
    .construct = sbd_construct,
    .frames = FRAMES({0, sbd_frame_0}),
    .tick = sbd_tick,
};

static int sbe_tick(ymatch *m, yobj *host, ystate *st) {
    if (st->current_tick == 15) obj_disable(m, host);
    return SYM_NONE;
}

const state_class ninja_sticky_bomb_explode_class = {
    .name = "states.ninja.objects.StickyBombExplode",
    .parent = &object_state_class,
    .tick = sbe_tick,
};

/* ================================================================== grappling hook */
#define HOOK_MAX_HEIGHT 300

static void hook_construct(ymatch *m, yproj *p) {
    (void)m;
    ninja_hook_vars *v = (ninja_hook_vars *)p->vars;
    v->attached_to = 0;
    v->is_locked = false;
    v->start_y = 0;
}

static void hook_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    yobj *creator = creator_of(m, &p->o);
    ninja_vars *nv = creator ? ninja_of(m, creator) : NULL;
    if (nv) nv->grappling_hook_projectile = 0;
}

static void hook_tick(ymatch *m, yproj *p) {
    obj_base_tick(m, &p->o);
    if (!YOK(m)) return;
    if (p->o.data.py < ((ninja_hook_vars *)p->vars)->start_y - HOOK_MAX_HEIGHT) hook_disable(m, p);
}

static void hook_on_got_parried(ymatch *m, yproj *p) {
    base_on_got_parried(m, p);
    if (!YOK(m)) return;
    hook_disable(m, p);
}

void ninja_hook_unlock(ymatch *m, yobj *hook) {
    ninja_hook_vars *v = ninja_hook(hook);
    if (!v) {
        yerr(m, YE_INTERNAL, "unlock() on an object that is not a GrapplingHookObject");
        return;
    }
    if (v->is_locked) {
        machine_change_state(m, hook, SYM_Default, NULL, true, true);
        if (!YOK(m)) return;
        v->is_locked = false;
        v->attached_to = 0;
    }
}

const yobj_class ninja_grappling_hook_object_class = {
    .name = "states.ninja.objects.GrapplingHookObject",
    .parent = &base_projectile_class,
    .vars_size = sizeof(ninja_hook_vars),
    .construct = hook_construct,
    .disable = hook_disable,
    .tick = hook_tick,
    .on_got_parried = hook_on_got_parried,
};

#define LOCK_DISTANCE FXI(8)
#define CHARACTER_LOCK_DISTANCE FXI(16)

static void hook_lock(ymatch *m, yobj *host, ystate *st, yobj *obj) {
    ninja_hook_vars *v = ninja_hook(host);
    state_queue_change(m, host, st, SYM_Locked, NULL);
    v->attached_to = obj ? obj->number : 0;
    v->is_locked = true;
}

/* one object of the lock loop: true when the hook locked onto it (the loop stops) */
static bool hook_try_lock(ymatch *m, yobj *host, ystate *st, yobj *obj, yobj *creator) {
    if (obj->disabled || obj == host || obj == creator) return false;
    int32_t lx, ly;
    obj_local_center(m, host, obj, &lx, &ly);
    fx limit = obj->is_fighter ? CHARACTER_LOCK_DISTANCE : LOCK_DISTANCE;
    if (fxs_vec_len(fxs_int(lx), fxs_int(ly)) >= limit) return false;
    hook_lock(m, host, st, obj);
    return true;
}

static int hook_default_tick(ymatch *m, yobj *host, ystate *st) {
    if (!ninja_hook(host)) {
        yerr(m, YE_INTERNAL, "GrapplingHookDefault on an object that is not a GrapplingHookObject");
        return SYM_NONE;
    }
    obj_apply_grav_custom(m, host, host->gravity, FXI(1000000000000LL));
    obj_apply_forces_no_limit(m, host);
    if (obj_grounded(host)) hook_lock(m, host, st, NULL);
    if (int_abs(int_abs(host->data.px) - host->stage_width) < 2) hook_lock(m, host, st, NULL);
    /* objs_map: the two fighters, then the objects; obj_local_center refreshes every object's
     * cached data as it goes, as in the original */
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    for (int i = 0; i < 2 && YOK(m); i++)
        if (hook_try_lock(m, host, st, &m->f[i].o, creator)) return SYM_NONE;
    obj_walk w = walk_start(m);
    for (yobj *obj = walk_next(m, &w, NULL); obj && YOK(m); obj = walk_next(m, &w, obj))
        if (hook_try_lock(m, host, st, obj, creator)) break;
    return SYM_NONE;
}

static void hook_default_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)hb;
    hook_lock(m, host, st, obj);
}

const state_class ninja_hook_default_class = {
    .name = "states.ninja.objects.GrapplingHookDefault",
    .parent = &object_state_class,
    .tick = hook_default_tick,
    .on_hit_something = hook_default_on_hit_something,
};

#define MAX_LOCK_TIME 120
#define MAX_LOCK_TIME_TERRAIN 90
typedef struct {
    yflag was_attached;
} hook_locked_vars;

static void hl_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hook_locked_vars, host, st)->was_attached = false;
}

static int hl_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hook_locked_vars, host, st)->was_attached = false;
    return SYM_NONE;
}

static int hl_tick(ymatch *m, yobj *host, ystate *st) {
    hook_locked_vars *v = ST_VARS(hook_locked_vars, host, st);
    ninja_hook_vars *hv = ninja_hook(host);
    if (!hv) {
        yerr(m, YE_INTERNAL, "Locked on an object that is not a GrapplingHookObject");
        return SYM_NONE;
    }
    yobj *attached_to = obj_from_name(m, hv->attached_to);
    if (attached_to) {
        v->was_attached = true;
        int32_t x, y;
        box_center(&attached_to->hurtbox, &x, &y);
        obj_set_pos(host, x, y);
    } else if (v->was_attached) {
        ninja_hook_unlock(m, host);
        if (!YOK(m)) return SYM_NONE;
    }
    if (st->current_tick > (attached_to ? MAX_LOCK_TIME : MAX_LOCK_TIME_TERRAIN)) obj_disable(m, host);
    return SYM_NONE;
}

static void hl_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hook_locked_vars, host, st)->was_attached = false;
}

const state_class ninja_hook_locked_class = {
    .name = "states.ninja.objects.GrapplingHookLocked",
    .parent = &object_state_class,
    .vars_size = sizeof(hook_locked_vars),
    .construct = hl_construct,
    .frames = FRAMES({0, hl_frame_0}),
    .tick = hl_tick,
    .exit = hl_exit,
};

/* ================================================================== summons */
static void kunai_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    proj_hit_by(m, p, hb);
    yobj *hitter = obj_from_name(m, hb->host);
    if (hitter && hitter->is_fighter) obj_disable(m, &p->o);
}

const yobj_class ninja_kunai_object_class = {
    .name = "states.ninja.objects.KunaiObject",
    .parent = &base_projectile_class,
    .hit_by = kunai_hit_by,
};

#define SK_Y_MODIFIER FXC(5.0)
#define SK_ENTER_DIR_X FXC(-0.45)
#define SK_ENTER_DIR_Y FXC(-1.0)
#define SK_ENTER_FORCE FXC(6.0)
#define SK_KICKBACK FXC(-2.0)
#define SK_SPREAD_DEGREES 20

/* self.data["x"] / ["y"] of the Summon data the clone carries */
static bool summon_xy(ymatch *m, const ydata *d, int32_t *x, int32_t *y) {
    if (!ydata_get(d, SYM_x, SYM_NONE, x)) {
        yerr(m, ydata_lookup_error(d, SYM_x, SYM_NONE), "StickmanSummonKunai: the spawn data has no x");
        return false;
    }
    if (ydata_get(d, SYM_y, SYM_NONE, y)) return true;
    yerr(m, ydata_lookup_error(d, SYM_y, SYM_NONE), "StickmanSummonKunai: the spawn data has no y");
    return false;
}

static int sk_frame_0(ymatch *m, yobj *host, ystate *st) {
    int32_t x, y;
    AS_P(host)->stopped = false;
    if (!summon_xy(m, st_data(host, st), &x, &y)) return SYM_NONE;
    fx lift = fxs_mul(fxs_mul(fxs_int(y), SK_Y_MODIFIER), -FX_ONE);
    fx fx_, fy;
    fxs_normalized_times(SK_ENTER_DIR_X, SK_ENTER_DIR_Y, SK_ENTER_FORCE, &fx_, &fy);
    obj_apply_force_relative(host, fx_, fxs_add(fy, lift));
    return SYM_NONE;
}

static int sk_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_P(host)->stopped = true;
    return SYM_NONE;
}

static int sk_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yobj *creator = creator_of(m, host);
    if (!creator) return SYM_NONE;
    int32_t px = host->data.px, py = host->data.py, stage_width = creator->stage_width;
    if (px >= stage_width - 5 || px <= 5 - stage_width) obj_set_pos(host, (stage_width - 6) * (int32_t)int_sign(px), py);
    if (AS_P(host)->stopped) {
        obj_apply_grav(m, host);
        obj_update_data(m, host);
        if (host->data.vy >= 0) obj_set_vel(host, host->data.vx, 0);
    }
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    return SYM_NONE;
}

static int sk_frame_23(ymatch *m, yobj *host, ystate *st) {
    ydata *data = st_data(host, st);
    int32_t x, y;
    int facing = obj_facing(host);
    if (!summon_xy(m, data, &x, &y)) return SYM_NONE;
    x = (int32_t)int_abs(x) * facing;
    if (!ydata_set(m, data, SYM_x, SYM_NONE, YD_INT, x)) return SYM_NONE;
    AS_P(host)->stopped = false;
    fx kx, ky;
    fxs_normalized_times(fxs_int(x), fxs_int(y), SK_KICKBACK, &kx, &ky);
    obj_apply_force_relative(host, kx, ky);
    for (int i = -2; i < 1 && YOK(m); i++) {
        fx angle = fx_rq(fx_div_int(fx_mul(fxs_int(i * facing * SK_SPREAD_DEGREES), FX_PI), 180)); /* deg2rad */
        fx c = fx_cos(angle), s = fx_sin(angle);                                                     /* rotate_vec */
        fx dx = fx_rq(fx_wrap_sub(fx_mul(fxs_int(x), c), fx_mul(fxs_int(y), s)));
        fx dy = fx_rq(fx_wrap_add(fx_mul(fxs_int(x), s), fx_mul(fxs_int(y), c)));
        dx = fxs_abs(dx);
        ydata kd;
        ydata_none(&kd);
        if (!ydata_set_fx(m, &kd, SYM_dir, SYM_x, dx) || !ydata_set_fx(m, &kd, SYM_dir, SYM_y, dy)) return SYM_NONE;
        obj_spawn(m, host, ninja_scene(NJ_SCENE_KUNAI), 0, 0, true, &kd, true);
    }
    return SYM_NONE;
}

static int sk_frame_45(ymatch *m, yobj *host, ystate *st) {
    state_terminate_hitboxes(m, host, st);
    set_disabled(m, host);
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    if (creator) {
        ninja_vars *nv = ninja_of(m, creator);
        if (nv) nv->can_summon_kunai = true;
    }
    return SYM_NONE;
}

const state_class ninja_summon_kunai_class = {
    .name = "states.ninja.objects.SummonKunai",
    .parent = &object_state_class,
    .frames = FRAMES({0, sk_frame_0}, {2, sk_frame_2}, {23, sk_frame_23}, {45, sk_frame_45}),
    .tick = sk_tick,
};

static int ss_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_grav(m, host);
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    if (!YOK(m)) return SYM_NONE;
    if (obj_grounded(host)) return SYM_Slide;
    obj_set_facing(m, host, obj_facing(host), false);
    return SYM_NONE;
}

const state_class ninja_summon_slide_class = {
    .name = "states.ninja.objects.SummonSlide",
    .parent = &object_state_class,
    .tick = ss_tick,
};

#define SLIDE_ACTIVE_FRAMES 40

static void ssk_finished(ymatch *m, yobj *host, ystate *st) {
    state_terminate_hitboxes(m, host, st);
    set_disabled(m, host);
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    if (creator) {
        ninja_vars *nv = ninja_of(m, creator);
        if (nv) nv->can_summon_kick = true;
    }
}

static int ssk_tick(ymatch *m, yobj *host, ystate *st) {
    if (host->disabled) return SYM_NONE;
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    if (!YOK(m)) return SYM_NONE;
    if (st->current_tick > SLIDE_ACTIVE_FRAMES) ssk_finished(m, host, st);
    return SYM_NONE;
}

const state_class ninja_summon_slide_kick_class = {
    .name = "states.ninja.objects.SummonSlideKick",
    .parent = &object_state_class,
    .tick = ssk_tick,
};

#undef P
