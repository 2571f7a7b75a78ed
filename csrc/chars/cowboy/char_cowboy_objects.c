/* The Cowboy's objects: the thrown gun, the lasso, the bullets, the after-image and the 1000 Cuts.
 * Mirrors states/cowboy/objects.py (scripts under characters/swordandgun/projectiles/):
 *
 *   Gun.gd -> Gun, states/GunSpin.gd -> GunSpin;
 *   Lasso.gd -> LassoObject, states/LassoDefault.gd -> LassoDefault, states/LassoHolding.gd -> LassoHolding;
 *   NewBullet.gd (NewBullet and NewTimeBullet scenes) -> NewBullet, states/NewBulletDefault.gd -> NewBulletDefault;
 *   bullet.gd (bullet, gun_throw_bullet, frozen_bullet, frozen_bullet_fast) -> Bullet,
 *     states/BulletDefault.gd -> BulletDefault, TemporalRoundDefault.gd -> TemporalRoundDefault;
 *   states/AfterImage.gd (class ForesightAfterImage) -> AfterImage, states/ForesightDefault.gd ->
 *     ForesightDefault, states/AfterImageExplosionDefault.gd -> AfterImageExplosionDefault;
 *   1000cuts/1000Cuts.gd -> ThousandCutsObject, states/1000CutsDefault.gd -> ThousandCutsDefault.
 *
 * Signals: the lasso's lasso_hit (it carries the caught fighter) is a direct call to the Cowboy's
 * Lasso state; a bullet's got_parried is a run-time connection (obj_connect_signal) to the Shoot
 * state that fired it. */
#include "char_cowboy.h"

static cowboy_vars *creator_cowboy(ymatch *m, yobj *o) {
    yobj *c = o->creator ? obj_by_number(m, o->creator) : NULL;
    if (!is_cowboy(c)) {
        yerr(m, YE_INTERNAL, "a Cowboy object whose creator is not a Cowboy");
        return NULL;
    }
    return COWBOY(AS_F(c));
}

static yfighter *creator_fighter(ymatch *m, yobj *o) {
    yobj *c = o->creator ? obj_by_number(m, o->creator) : NULL;
    return c && c->is_fighter ? AS_F(c) : NULL;
}

/* Hitbox.gd: reset_hit_objects: forget what the group hit; an active box restarts.
 * Quirk kept: a ricochet restarts an active hitbox (deactivate, then activate). */
static void reset_hit_objects(ymatch *m, yobj *host, yhitbox *h) {
    hitbox_clear_group(host, h);
    if (h->active && h->enabled) {
        hitbox_deactivate(h);
        hitbox_activate(m, host, h);
    }
}

/* ====================================================================== the thrown gun */

/* ------------------------------------------------------------------ Gun: projectiles/Gun.gd: the thrown revolver;
 * it can shoot once after hitting someone.
 * Quirk kept: `lassoed` starts true and is never cleared (a pulled gun always flies back). */
cowboy_gun_vars *cowboy_gun(yobj *o) {
    return (o && !o->is_fighter && AS_P(o)->vt->cls == &cowboy_gun_class) ? (cowboy_gun_vars *)AS_P(o)->vars : NULL;
}

static void gun_construct(ymatch *m, yproj *p) {
    (void)m;
    cowboy_gun_vars *g = (cowboy_gun_vars *)p->vars;
    g->can_be_picked_up = false;
    g->shot = false;
    g->lassoed = true; /* never cleared in this version: the gun always comes back when pulled */
    g->reeled = false;
}

static void gun_init(ymatch *m, yproj *p) {
    (void)m;
    ((cowboy_gun_vars *)p->vars)->can_be_picked_up = false;
}

/* Fire one bullet at `fighter` (a hitscan gun_throw_bullet on its hurtbox) and recoil. */
static void gun_shoot(ymatch *m, yobj *host, yobj *fighter) {
    int32_t tx, ty, lx, ly;
    box_center(&fighter->hurtbox, &tx, &ty);
    obj_local_center(m, host, fighter, &lx, &ly);
    fx dx, dy;
    fxs_normalized_times(FXI(lx), FXI(ly), FX_ONE, &dx, &dy);
    ydata target;
    ydata_xy(&target, tx, ty);
    if (!obj_spawn(m, host, cowboy_scene(CB_SCENE_GUN_BULLET), tx, ty, true, &target, false)) return;
    fx rx, ry;
    fxs_normalized_times(fxs_neg(dx), fxs_neg(dy), FXI(5), &rx, &ry);
    fg_reset_momentum(&host->chara);
    obj_apply_force(host, rx, ry);
    ((cowboy_gun_vars *)AS_P(host)->vars)->shot = true;
}

static void gun_pop_up(ymatch *m, yobj *host, ystate *st);

static void gun_on_got_blocked(ymatch *m, yproj *p) {
    ystate *st = obj_state(&p->o);
    if (st_name(st) == SYM_Spin && !((cowboy_gun_vars *)p->vars)->reeled) gun_pop_up(m, &p->o, st);
}

/* Reeled in: spin again (the hitbox comes back) and never shoot. */
void cowboy_gun_reset_hitbox(ymatch *m, yobj *gun) {
    cowboy_gun_vars *g = cowboy_gun(gun);
    if (!g) {
        yerr(m, YE_INTERNAL, "reset_hitbox on an object that is not a Gun");
        return;
    }
    machine_change_state(m, gun, SYM_Spin, NULL, true, true);
    g->reeled = true;
}

const yobj_class cowboy_gun_class = {
    .name = "states.cowboy.objects.Gun",
    .parent = &base_projectile_class,
    .vars_size = sizeof(cowboy_gun_vars),
    .construct = gun_construct,
    .init = gun_init,
    .on_got_blocked = gun_on_got_blocked,
};

/* ------------------------------------------------------------------ GunSpin: projectiles/states/GunSpin.gd: fly, hit,
 * pop up, shoot, then boomerang to the Cowboy. */
#define SHOOT_FRAMES_AFTER_HITTING 18
#define PICKUP_TICKS_AFTER_SHOOT 1
#define BOOMERANG_SPEED FXC(0.75)
#define DIRECT_MOVE_DIST FXI(64)
#define DIRECT_MOVE_PER_FRAME FXC(3.0)

typedef struct {
    int32_t hit_frame;
    yflag hit_someone, pull;
} gun_spin_vars;

static int gun_spin_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ((cowboy_gun_vars *)AS_P(host)->vars)->can_be_picked_up = false;
    fg_set_grounded(&host->chara, false);
    st->apply_grav = 1; /* the pull below switches gravity off for good (until re-entered) */
    ST_VARS(gun_spin_vars, host, st)->hit_someone = false;
    return SYM_NONE;
}

static void boomerang(ymatch *m, yobj *host, ystate *st, yobj *creator) {
    int32_t x, y;
    obj_local_center(m, host, creator, &x, &y);
    fx fx_, fy;
    fxs_normalized_times(FXI(x), FXI(y), BOOMERANG_SPEED, &fx_, &fy);
    if (fxs_vec_len(FXI(x), FXI(y)) > DIRECT_MOVE_DIST) {
        fx mx, my;
        fxs_normalized_times(FXI(x), FXI(y), DIRECT_MOVE_PER_FRAME, &mx, &my);
        obj_move_directly(host, mx, my);
    }
    obj_apply_force(host, fx_, fy);
    st->apply_grav = 0;
}

static int gun_spin_tick(ymatch *m, yobj *host, ystate *st) {
    gun_spin_vars *v = ST_VARS(gun_spin_vars, host, st);
    cowboy_gun_vars *g = (cowboy_gun_vars *)AS_P(host)->vars;
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "GunSpin: no Hitbox");
        return SYM_NONE;
    }
    if (g->shot) g->can_be_picked_up = true;
    if (v->hit_someone && !g->shot && !g->reeled) {
        if (st->current_tick == v->hit_frame + SHOOT_FRAMES_AFTER_HITTING) {
            yfighter *creator = creator_fighter(m, host);
            cowboy_vars *cv = creator_cowboy(m, host);
            if (!cv) return SYM_NONE;
            if (cv->bullets_left > 0) {
                cowboy_use_bullet(creator);
                gun_shoot(m, host, &FOPP(m, creator)->o);
                if (!YOK(m)) return SYM_NONE;
            }
        }
        if (st->current_tick == v->hit_frame + SHOOT_FRAMES_AFTER_HITTING + PICKUP_TICKS_AFTER_SHOOT && g->shot)
            g->can_be_picked_up = true;
    }
    if (obj_grounded(host)) {
        g->can_be_picked_up = true;
        if (!g->lassoed) hitbox_deactivate(hitbox);
        v->pull = true;
    }
    hitbox->dir_x = fxs_mul(FXI(fxs_sign(host->data.vx)), FXI(-1));
    if (g->shot) v->pull = true;
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    if (v->pull && creator && g->lassoed) boomerang(m, host, st, creator);
    return SYM_NONE;
}

static void gun_spin_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    ((cowboy_gun_vars *)AS_P(host)->vars)->can_be_picked_up = true;
}

static void gun_pop_up(ymatch *m, yobj *host, ystate *st) {
    obj_set_facing(m, host, obj_facing(host) * -1, false);
    fg_reset_momentum(&host->chara);
    obj_apply_force(host, 0, FXI(-8));
    ST_VARS(gun_spin_vars, host, st)->hit_someone = true;
    ((cowboy_gun_vars *)AS_P(host)->vars)->can_be_picked_up = false;
}

static void gun_spin_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    if (obj->is_fighter && !((cowboy_gun_vars *)AS_P(host)->vars)->reeled) {
        ST_VARS(gun_spin_vars, host, st)->hit_frame = st->current_tick;
        gun_pop_up(m, host, st);
    }
    object_state_on_hit_something(m, host, st, obj, hb);
}

const state_class cowboy_gun_spin_class = {
    .name = "states.cowboy.objects.GunSpin",
    .parent = &object_state_class,
    .vars_size = sizeof(gun_spin_vars),
    .enter = gun_spin_enter,
    .tick = gun_spin_tick,
    .exit = gun_spin_exit,
    .on_hit_something = gun_spin_on_hit_something,
};

/* ====================================================================== the lasso */

/* ------------------------------------------------------------------ LassoObject: projectiles/Lasso.gd: its hit
 * reaches the Cowboy's Lasso state (signal lasso_hit). */
static void lasso_object_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    cowboy_vars *cv = creator_cowboy(m, &p->o);
    if (cv) cv->lasso_projectile = 0;
}

/* Parried: the Cowboy rolls away (no invulnerability) and the rope stays drawn. */
static void lasso_object_on_got_parried(ymatch *m, yproj *p) {
    yfighter *creator = creator_fighter(m, &p->o);
    if (creator) {
        ydata d;
        ydata_none(&d);
        ydata_set(m, &d, SYM_x, SYM_NONE, YD_INT, fighter_opponent_dir(m, creator));
        ydata_set(m, &d, SYM_no_invuln, SYM_NONE, YD_BOOL, 1);
        machine_change_state(m, &creator->o, SYM_Roll, &d, true, true);
        if (!YOK(m)) return;
        cowboy_vars *cv = creator_cowboy(m, &p->o);
        if (cv) cv->lasso_parried = true;
    }
}

const yobj_class cowboy_lasso_object_class = {
    .name = "states.cowboy.objects.LassoObject",
    .parent = &base_projectile_class,
    .disable = lasso_object_disable,
    .on_got_parried = lasso_object_on_got_parried,
};

/* ------------------------------------------------------------------ LassoDefault: projectiles/states/LassoDefault.gd:
 * catching a fighter holds it. */
static void lasso_default_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    if (obj->is_fighter) {
        /* host.hit(obj): signal lasso_hit, connected to the Lasso state that threw it (active or not) */
        yfighter *creator = creator_fighter(m, host);
        if (!creator || !is_cowboy(&creator->o)) {
            yerr(m, YE_INTERNAL, "a lasso whose creator is not a Cowboy");
            return;
        }
        int index = obj_state_index(m, &creator->o, SYM_Lasso);
        if (index >= 0) {
            /* through the state's signal hook: the object file names no move class */
            ystate *lasso = &creator->states[index];
            if (st_vt(lasso)->on_signal) st_vt(lasso)->on_signal(m, &creator->o, lasso, SYM_on_lasso_hit, host);
            if (!YOK(m)) return;
        }
        state_queue_change(m, host, st, SYM_Holding, NULL);
    } else {
        default_fireball_on_hit_something(m, host, st, obj, hb);
    }
}

const state_class cowboy_lasso_default_class = {
    .name = "states.cowboy.objects.LassoDefault",
    .parent = &default_fireball_class,
    .on_hit_something = lasso_default_on_hit_something,
};

/* ------------------------------------------------------------------ LassoHolding: projectiles/states/LassoHolding.gd:
 * let go once the Cowboy is back to Wait. */
static int lasso_holding_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    if (st_name(obj_state(obj_get_fighter(m, host))) == SYM_Wait) obj_disable(m, host);
    return SYM_NONE;
}

const state_class cowboy_lasso_holding_class = {
    .name = "states.cowboy.objects.LassoHolding",
    .parent = &object_state_class,
    .tick = lasso_holding_tick,
};

/* ====================================================================== the revolver's bullets */

/* ------------------------------------------------------------------ NewBullet: projectiles/NewBullet.gd (class
 * NewBullet): a ricocheting bullet (Shoot2, Temporal Round). */
#define NEW_BULLET_SPEED FXI(50)

cowboy_new_bullet_vars *cowboy_new_bullet(yobj *o) {
    return (o && !o->is_fighter && AS_P(o)->vt->cls == &cowboy_new_bullet_class) ? (cowboy_new_bullet_vars *)AS_P(o)->vars
                                                                              : NULL;
}

static void new_bullet_construct(ymatch *m, yproj *p) {
    (void)m;
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)p->vars;
    b->dir_x = b->dir_y = 0;
    b->ricochet = false;
    b->speed = NEW_BULLET_SPEED;
    b->no_draw_ticks = 0;
    b->last_hit_by = 0;
}

/* get_owned_fighter: the fighter that last hit it, or its own; NULL (None) when that object is gone */
static yobj *owned_fighter(ymatch *m, yobj *o, int last_hit_by) {
    if (last_hit_by == 0) return obj_get_fighter(m, o);
    yobj *obj = obj_from_name(m, last_hit_by);
    return obj ? obj_get_fighter(m, obj) : NULL;
}

static void new_bullet_on_got_push_blocked(ymatch *m, yproj *p) {
    (void)m;
    p->o.hitlag_ticks += 10;
}

static void nbd_on_bounce(ymatch *m, yobj *host, ystate *st, bool di_influence, fx lerp_amount);

/* the NewBulletDefault state of a NewBullet (its only state) */
static ystate *new_bullet_state(ymatch *m, yobj *o) {
    ystate *st = obj_state(o);
    if (!st || st_vt(st)->cls != &cowboy_new_bullet_default_class) {
        yerr(m, YE_INTERNAL, "a NewBullet whose state is not NewBulletDefault");
        return NULL;
    }
    return st;
}

/* Two bullets meet: a random direction (0..361 degrees, reseeded draw), then both are gone. */
static void collide_with_bullet(ymatch *m, yproj *p, yobj *other) {
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)p->vars;
    int32_t random_angle = obj_randi_range(m, &p->o, 0, 361);
    if (!YOK(m)) return;
    fx radians = yfx_div(m, fxs_mul(FXI(random_angle), FXC(6.28318530)), FXI(360));
    yfx_angle_to_vec(radians, &b->dir_x, &b->dir_y);
    obj_disable(m, &p->o);
    obj_disable(m, other);
}

/* Hit: deflect along the hitbox; a bullet hit by another bullet flies off at random and both vanish.
 * Quirk kept: the direction is the hitbox direction, normalised, times the hitbox's facing-signed
 * dir_x (get_hitbox_x_dir), so it is scaled by dir_x.
 * Quirk kept: bullet against bullet: one reseeded draw, on the first victim of the collected pairs;
 * the second pair finds its hitter disabled and draws nothing. */
static void new_bullet_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)p->vars;
    if (hb->hitbox_type == HB_FLIP) {
        b->dir_x = fxs_mul(b->dir_x, FXI(-1));
        return;
    }
    fx nx, ny;
    fxs_normalized(hb->dir_x, hb->dir_y, &nx, &ny);
    b->dir_x = fxs_mul(nx, obj_hitbox_x_dir(m, &p->o, hb));
    b->dir_y = ny;
    yobj *hitter = obj_from_name(m, hb->host);
    if (hitter) {
        if (hitter->is_fighter) b->last_hit_by = hb->host;
        ystate *st = new_bullet_state(m, &p->o);
        if (!st) return;
        nbd_on_bounce(m, &p->o, st, true, FXC(0.8));
        if (!YOK(m)) return;
        b->speed = fxs_add(b->speed, hb->knockback);
        if (cowboy_new_bullet(hitter)) collide_with_bullet(m, p, hitter);
        if (!YOK(m)) return;
    }
    proj_hit_by(m, p, hb);
}

const yobj_class cowboy_new_bullet_class = {
    .name = "states.cowboy.objects.NewBullet",
    .parent = &base_projectile_class,
    .vars_size = sizeof(cowboy_new_bullet_vars),
    .construct = new_bullet_construct,
    .hit_by = new_bullet_hit_by,
    .on_got_push_blocked = new_bullet_on_got_push_blocked,
};

/* ------------------------------------------------------------------ NewBulletDefault: projectiles/states/
 * NewBulletDefault.gd: fly, ricochet off the stage, bounce on hits, slow down. */
#define AIR_DRAG_MOD FXC(0.95)
#define RICOCHET_SPEED_MOD FXC(0.75)
#define MIN_SPEED FXC(4.0)
#define BOUNCES 6
#define FORESIGHT_DIST FXI(20)
#define NB_KNOCKBACK FXI(12)
#define RESET_HITBOX_TICKS 2
#define BOUNCE_HITLAG 3
#define TERRAIN_DI_AMOUNT FXC(0.35)
#define DAMAGE_MODIFIER_PER_HIT FXC(0.8)
#define MIN_TERRAIN_RICOCHET_AMOUNT FXC(0.1)
#define NEG_MIN_TERRAIN_RICOCHET_AMOUNT FXC(-0.1) /* "-" + MIN_TERRAIN_RICOCHET_AMOUNT */
#define BOUNCE_DAMAGE_SCALE FXC(0.85)
#define BOUNCE_HITSTUN_SCALE FXC(0.85)
#define BOUNCED_OFF_FORESIGHT_TIMER 5

typedef struct {
    int32_t bounces_left, reset_hitbox_cooldown, bounce_lag_ticks, bounced_off_foresight_timer;
    yflag temporal;
} nbd_vars;

static void nbd_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    nbd_vars *v = ST_VARS(nbd_vars, host, st);
    v->temporal = prop_bool(NODE(st), P_temporal, 0);
    v->bounces_left = BOUNCES;
    v->reset_hitbox_cooldown = v->bounce_lag_ticks = v->bounced_off_foresight_timer = 0;
}

/* front (Hitbox), middle (Hitbox3), trail (Hitbox2), in the script's order; false (and the match
 * stops) where a box is missing (the original's null access) */
static bool bullet_hitboxes(ymatch *m, yobj *host, ystate *st, yhitbox *out[3]) {
    out[0] = state_hitbox_child(host, st, SYM_Hitbox);
    out[1] = state_hitbox_child(host, st, SYM_Hitbox3);
    out[2] = state_hitbox_child(host, st, SYM_Hitbox2);
    if (out[0] && out[1] && out[2]) return true;
    yerr(m, YE_INTERNAL, "NewBulletDefault: a bullet hitbox is missing");
    return false;
}

static void nbd_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    object_state_on_hit_something(m, host, st, obj, hb);
    if (obj->is_fighter) {
        ST_VARS(nbd_vars, host, st)->reset_hitbox_cooldown = RESET_HITBOX_TICKS;
        yhitbox *hs[3];
        if (!bullet_hitboxes(m, host, st, hs)) return;
        for (int i = 0; i < 3; i++) {
            yhitbox *h = hs[i];
            h->damage = fxs_round(fxs_mul(FXI(h->damage), DAMAGE_MODIFIER_PER_HIT));
            h->damage_in_combo = fxs_round(fxs_mul(FXI(h->damage_in_combo), DAMAGE_MODIFIER_PER_HIT));
            h->hitstun_ticks = (int32_t)idiv(h->hitstun_ticks, 2);
            if (h->hitstun_ticks < 5) h->hitstun_ticks = 5;
        }
    }
}

/* the owner's DI: its current_di, and whether `di["x"] != 0 or di["y"] != 0` holds. Quirk kept:
 * before the first DI input the DI is the strings "0", which differ from 0 (so it counts as active). */
static bool di_of(yfighter *f, int32_t *x, int32_t *y) {
    *x = f->di_is_str ? 0 : f->current_di[0];
    *y = f->di_is_str ? 0 : f->current_di[1];
    return f->di_is_str || *x != 0 || *y != 0;
}

static void nbd_bounce_full_control(ymatch *m, yobj *host, ystate *st, bool force);

static void bounce_off_foresight(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(nbd_vars, host, st)->bounce_lag_ticks > 0) return;
    yobj *creator = obj_get_fighter(m, host);
    if (!is_cowboy(creator)) return;
    yobj *after_image = obj_from_name(m, COWBOY(AS_F(creator))->after_image_object);
    if (after_image) {
        int32_t dx, dy;
        obj_local_center(m, host, after_image, &dx, &dy);
        if (fxs_vec_len(FXI(dx), FXI(dy)) < FORESIGHT_DIST) nbd_bounce_full_control(m, host, st, false);
    }
}

/* Redirect the bullet along its owner's DI (or keep its line when forced without DI). */
static void nbd_bounce_full_control(ymatch *m, yobj *host, ystate *st, bool force) {
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)AS_P(host)->vars;
    yobj *creator = owned_fighter(m, host, b->last_hit_by);
    if (!creator) {
        yerr(m, YE_INTERNAL, "NewBullet: its owner is gone");
        return;
    }
    if (!(creator->is_fighter && creator->id == host->id)) return;
    int32_t di_x, di_y;
    bool di_active = di_of(AS_F(creator), &di_x, &di_y);
    if (!(di_active || force)) return;
    b->speed = NEW_BULLET_SPEED; /* reset_speed */
    fx dx, dy;
    fxs_normalized(FXI(di_x), FXI(di_y), &dx, &dy);
    if (force && !di_active) fxs_normalized(b->dir_x, b->dir_y, &dx, &dy);
    else if (di_active) obj_xy_to_dir(m, FXI(di_x), FXI(di_y), FX_ONE, FXI(100), &dx, &dy);
    b->dir_x = dx;
    b->dir_y = dy;
    ST_VARS(nbd_vars, host, st)->bounced_off_foresight_timer = BOUNCED_OFF_FORESIGHT_TIMER;
    nbd_on_bounce(m, host, st, false, TERRAIN_DI_AMOUNT);
}

static int nbd_enter(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_set_facing(m, host, 1, false);
    return SYM_NONE;
}

/* The middle and trail boxes cover the segment flown this tick (none on the first tick). */
static void place_hitboxes(ymatch *m, yobj *host, ystate *st, yhitbox *hs[3], fx mx, fx my) {
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)AS_P(host)->vars;
    yhitbox *front = hs[0], *middle = hs[1], *trail = hs[2];
    trail->b.x = fxs_round(fxs_mul(mx, FXC(-1.0)));
    trail->b.y = fxs_round(fxs_mul(my, FXC(-1.0)));
    middle->b.x = fxs_round(fxs_mul(mx, FXC(-0.5)));
    middle->b.y = fxs_round(fxs_mul(my, FXC(-0.5)));
    if (st->current_tick == 0) {
        trail->b.x = 0;
        trail->b.y = 0;
    }
    fx knockback = fxs_mul(NB_KNOCKBACK, yfx_div(m, b->speed, NEW_BULLET_SPEED));
    yhitbox *three[3] = {front, middle, trail};
    for (int i = 0; i < 3; i++) {
        three[i]->dir_x = b->dir_x;
        three[i]->dir_y = b->dir_y;
        three[i]->knockback = knockback;
    }
}

/* Ricochet off the floor, the walls and the ceiling (never quite flat). */
static void bounce_off_stage(ymatch *m, yobj *host, ystate *st, int32_t px, int32_t py) {
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)AS_P(host)->vars;
    yobj *owner = owned_fighter(m, host, b->last_hit_by);
    if (!owner) {
        yerr(m, YE_INTERNAL, "NewBullet: its owner is gone");
        return;
    }
    bool own = owner->id == host->id;
    if (py >= 0) {
        b->dir_y = fxs_mul(b->dir_y, FXI(-1));
        nbd_on_bounce(m, host, st, own, TERRAIN_DI_AMOUNT);
        if (!YOK(m)) return;
        if (b->dir_y > 0) b->dir_y = NEG_MIN_TERRAIN_RICOCHET_AMOUNT;
    }
    if (int_abs(px) >= host->stage_width) {
        b->dir_x = fxs_mul(b->dir_x, FXI(-1));
        if (px > 0 && b->dir_x > 0) b->dir_x = NEG_MIN_TERRAIN_RICOCHET_AMOUNT;
        if (px < 0 && b->dir_x < 0) b->dir_x = MIN_TERRAIN_RICOCHET_AMOUNT;
        owner = owned_fighter(m, host, b->last_hit_by);
        if (!owner) {
            yerr(m, YE_INTERNAL, "NewBullet: its owner is gone");
            return;
        }
        nbd_on_bounce(m, host, st, owner->id == host->id, TERRAIN_DI_AMOUNT);
        if (!YOK(m)) return;
    }
    if (host->has_ceiling && py <= -host->ceiling_height) {
        obj_set_y(host, -host->ceiling_height);
        b->dir_y = fxs_mul(b->dir_y, FXI(-1));
        owner = owned_fighter(m, host, b->last_hit_by);
        if (!owner) {
            yerr(m, YE_INTERNAL, "NewBullet: its owner is gone");
            return;
        }
        nbd_on_bounce(m, host, st, owner->id == host->id, TERRAIN_DI_AMOUNT);
        if (!YOK(m)) return;
        if (b->dir_y < 0) b->dir_y = MIN_TERRAIN_RICOCHET_AMOUNT;
    }
}

static void bend_with_di(ymatch *m, yobj *host, fx lerp_amount) {
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)AS_P(host)->vars;
    yobj *fighter = owned_fighter(m, host, b->last_hit_by);
    if (!fighter || !fighter->is_fighter) return;
    int32_t di_x, di_y;
    if (di_of(AS_F(fighter), &di_x, &di_y)) {
        fx dx, dy;
        fxs_normalized(FXI(di_x), FXI(di_y), &dx, &dy);
        b->dir_x = fxs_lerp(b->dir_x, dx, lerp_amount);
        b->dir_y = fxs_lerp(b->dir_y, dy, lerp_amount);
    }
}

static void bounce_scale(yhitbox *hs[3]) {
    for (int i = 0; i < 3; i++) {
        yhitbox *h = hs[i];
        h->damage = fxs_round(fxs_mul(FXI(h->damage), BOUNCE_DAMAGE_SCALE));
        h->damage_in_combo = fxs_round(fxs_mul(FXI(h->damage_in_combo), BOUNCE_DAMAGE_SCALE));
        h->minimum_damage = fxs_round(fxs_mul(FXI(h->minimum_damage), BOUNCE_DAMAGE_SCALE));
        h->hitstun_ticks = fxs_round(fxs_mul(FXI(h->hitstun_ticks), BOUNCE_HITSTUN_SCALE));
    }
}

/* A ricochet: weaker and slower, hits again, a short freeze, and the owner's DI bends it. */
static void nbd_on_bounce(ymatch *m, yobj *host, ystate *st, bool di_influence, fx lerp_amount) {
    nbd_vars *v = ST_VARS(nbd_vars, host, st);
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)AS_P(host)->vars;
    if (v->bounce_lag_ticks > 0) return;
    if (!v->temporal) host->damages_own_team = true;
    v->bounces_left--;
    if (v->bounces_left == 0) obj_disable(m, host);
    b->ricochet = true;
    b->speed = fxs_mul(b->speed, RICOCHET_SPEED_MOD);
    yhitbox *hs[3];
    if (!bullet_hitboxes(m, host, st, hs)) return;
    if (v->bounce_lag_ticks <= 0) bounce_scale(hs);
    yobj *opponent = obj_get_opponent(m, host);
    for (int i = 0; i < 3; i++) {
        yhitbox *h = hs[i];
        h->chip_damage_modifier = FXC(0.60);
        reset_hit_objects(m, host, h);
        if (opponent->is_fighter) /* opponent.parried_hitboxes.remove(hitbox.name) */
            fighter_parried_remove(m, AS_F(opponent), host->number, h->index);
    }
    v->bounce_lag_ticks += BOUNCE_HITLAG;
    v->reset_hitbox_cooldown = RESET_HITBOX_TICKS;
    if (di_influence) bend_with_di(m, host, lerp_amount);
}

static int nbd_tick(ymatch *m, yobj *host, ystate *st) {
    nbd_vars *v = ST_VARS(nbd_vars, host, st);
    cowboy_new_bullet_vars *b = (cowboy_new_bullet_vars *)AS_P(host)->vars;
    if (v->bounced_off_foresight_timer > 0) v->bounced_off_foresight_timer--;
    fx mx, my;
    fxs_vec_mul(b->dir_x, b->dir_y, b->speed, &mx, &my);
    yhitbox *hs[3];
    if (!bullet_hitboxes(m, host, st, hs)) return SYM_NONE;
    place_hitboxes(m, host, st, hs, mx, my);
    if (v->reset_hitbox_cooldown > 0) v->reset_hitbox_cooldown--;
    if (v->bounce_lag_ticks > 0) {
        v->bounce_lag_ticks--;
        hs[2]->b.x = hs[2]->b.y = hs[1]->b.x = hs[1]->b.y = 0;
        return SYM_NONE;
    }
    obj_move_directly(host, mx, my);
    if (!b->ricochet) {
        /* Quirk kept: bounces off the stage using the position snapshot from before this tick's move */
        bounce_off_stage(m, host, st, host->data.px, host->data.py);
        if (!YOK(m)) return SYM_NONE;
    } else {
        b->ricochet = false;
        if (v->reset_hitbox_cooldown <= 0) state_queue_change(m, host, st, SYM_Default, NULL);
    }
    b->speed = fxs_mul(b->speed, AIR_DRAG_MOD);
    if (v->bounced_off_foresight_timer <= 0) bounce_off_foresight(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (b->speed < MIN_SPEED) obj_disable(m, host);
    if (b->no_draw_ticks > 0) b->no_draw_ticks--;
    return SYM_NONE;
}

const state_class cowboy_new_bullet_default_class = {
    .name = "states.cowboy.objects.NewBulletDefault",
    .parent = &object_state_class,
    .vars_size = sizeof(nbd_vars),
    .construct = nbd_construct,
    .on_hit_something = nbd_on_hit_something,
    .enter = nbd_enter,
    .tick = nbd_tick,
};

/* ------------------------------------------------------------------ Bullet: projectiles/bullet.gd: the hitscan bullet
 * of Shoot and of the thrown gun, and the Temporal Round (`frozen`) that fires a NewTimeBullet when
 * shot (shoot) or hit. */
#define DAMAGE_FALLOFF_PER_PIXEL FXC(0.85)
#define MIN_DISTANCE_START_SCALING FXI(256)
#define HITSTUN_FALLOFF_PER_PIXEL FXI(1)
#define MIN_HITSTUN_DIVISOR FXI(3)
#define MIN_DAMAGE_DIVISOR FXC(2.5)
#define SHOOT_TIMER 10

cowboy_bullet_vars *cowboy_bullet(yobj *o) {
    return (o && !o->is_fighter && AS_P(o)->vt->cls == &cowboy_bullet_class) ? (cowboy_bullet_vars *)AS_P(o)->vars : NULL;
}

static void bullet_construct(ymatch *m, yproj *p) {
    (void)m;
    cowboy_bullet_vars *b = (cowboy_bullet_vars *)p->vars;
    b->frozen = yval_bool(table_root_prop(&yomi_object_tables[p->o.table], P_frozen), 0);
    b->distance = 0;
    b->shoot_frame = b->shoot_timer = 0;
    b->shot = b->got_hit = false;
    b->last_hit_by = 0;
    b->dir_x = b->dir_y = 0;
}

static void temporal_round_step(ymatch *m, yobj *host, ystate *st, int step);

/* current_state().fN(): only the Temporal Round's state has them.
 * Quirk kept: on a plain bullet the call is a script error, which ends the calling function there
 * (false: the caller stops). */
static bool call_round_step(ymatch *m, yobj *host, int step) {
    ystate *st = obj_state(host);
    if (!st || st_vt(st)->cls != &cowboy_temporal_round_default_class) return false;
    temporal_round_step(m, host, st, step);
    return true;
}

static void bullet_tick(ymatch *m, yproj *p) {
    cowboy_bullet_vars *b = (cowboy_bullet_vars *)p->vars;
    obj_base_tick(m, &p->o);
    if (!YOK(m)) return;
    if (b->shoot_timer > 0) {
        b->shoot_timer--;
        if (b->shoot_timer == 0) {
            if (!call_round_step(m, &p->o, 1)) return;
            if (!YOK(m)) return;
            b->shoot_frame = 2;
        }
    }
    if (b->shoot_frame > 0) {
        b->shoot_frame--;
        if (b->shoot_frame == 1 && !call_round_step(m, &p->o, 2)) return;
        if (!YOK(m)) return;
        if (b->shoot_frame == 0) call_round_step(m, &p->o, 3);
    }
}

static int32_t scale_damage(cowboy_bullet_vars *b, int32_t damage, ymatch *m) {
    if (b->frozen || b->distance < MIN_DISTANCE_START_SCALING) return damage;
    fx falloff = fxs_mul(DAMAGE_FALLOFF_PER_PIXEL, fxs_sub(b->distance, MIN_DISTANCE_START_SCALING));
    fx min_damage = yfx_div(m, FXI(damage), MIN_DAMAGE_DIVISOR);
    fx scaled = fxs_sub(FXI(damage), falloff);
    if (scaled < min_damage) return fxs_round(min_damage);
    return fxs_round(scaled);
}

static int32_t scale_hitstun(cowboy_bullet_vars *b, int32_t hitstun, ymatch *m) {
    if (b->distance < MIN_DISTANCE_START_SCALING) return hitstun;
    fx falloff = fxs_mul(HITSTUN_FALLOFF_PER_PIXEL, fxs_sub(b->distance, MIN_DISTANCE_START_SCALING));
    fx min_hitstun = yfx_div(m, FXI(hitstun), MIN_HITSTUN_DIVISOR);
    fx scaled = fxs_sub(FXI(hitstun), falloff);
    if (scaled < min_hitstun) return fxs_round(min_hitstun);
    return fxs_round(scaled);
}

static void scale_hitbox(ymatch *m, cowboy_bullet_vars *b, yhitbox *h) {
    h->damage = scale_damage(b, h->damage, m);
    h->damage_in_combo = scale_damage(b, h->damage_in_combo, m);
    h->minimum_damage = scale_damage(b, h->minimum_damage, m);
    h->hitstun_ticks = scale_hitstun(b, h->hitstun_ticks, m);
}

static void bullet_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    cowboy_bullet_vars *b = (cowboy_bullet_vars *)p->vars;
    proj_hit_by(m, p, hb);
    if (b->got_hit) return;
    b->got_hit = true;
    b->shoot_frame = 2;
    b->shot = true;
    if (!call_round_step(m, &p->o, 1)) return;
    if (!YOK(m)) return;
    yobj *hitter = obj_from_name(m, hb->host);
    if (hitter && hitter->is_fighter) b->last_hit_by = hb->host;
    fx nx, ny;
    fxs_normalized(hb->dir_x, hb->dir_y, &nx, &ny);
    b->dir_x = fxs_mul(nx, obj_hitbox_x_dir(m, &p->o, hb));
    b->dir_y = ny;
}

/* BaseProjectile.gd: on_got_parried only emits got_parried (the Shoot state that fired it) */
static void bullet_on_got_parried(ymatch *m, yproj *p) { obj_emit_signal(m, &p->o, SYM_got_parried); }

void cowboy_bullet_shoot(cowboy_bullet_vars *b) {
    if (b->shot) return;
    b->shoot_timer = SHOOT_TIMER;
}

const yobj_class cowboy_bullet_class = {
    .name = "states.cowboy.objects.Bullet",
    .parent = &base_projectile_class,
    .vars_size = sizeof(cowboy_bullet_vars),
    .construct = bullet_construct,
    .hit_by = bullet_hit_by,
    .tick = bullet_tick,
    .on_got_parried = bullet_on_got_parried,
};

/* ------------------------------------------------------------------ BulletDefault: projectiles/states/BulletDefault.gd:
 * a hitscan flash at the target, weaker from far away. */
static int bullet_default_frame_0(ymatch *m, yobj *host, ystate *st) {
    cowboy_bullet_vars *b = cowboy_bullet(host);
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!b || !h) {
        yerr(m, YE_INTERNAL, "BulletDefault: not a Bullet, or no Hitbox");
        return SYM_NONE;
    }
    scale_hitbox(m, b, h);
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    obj_set_pos(host, x, y);
    return SYM_NONE;
}

static int bullet_default_frame_5(ymatch *m, yobj *host, ystate *st) {
    state_terminate_hitboxes(m, host, st);
    if (!host->disabled) AS_P(host)->disabled_serial = m->tick_serial; /* host.disabled = True */
    host->disabled = true;
    return SYM_NONE;
}

const state_class cowboy_bullet_default_class = {
    .name = "states.cowboy.objects.BulletDefault",
    .parent = &object_state_class,
    .frames = FRAMES({0, bullet_default_frame_0}, {5, bullet_default_frame_5}),
};

/* ------------------------------------------------------------------ TemporalRoundDefault: TemporalRoundDefault.gd: the
 * frozen Temporal Round; fires itself after 49 (fast: 16) frames.
 * Quirk kept: a Temporal Round hit sets `shot` before calling f1, so a hit round is never re-aimed or
 * distance-scaled; f2 moves its (inactive) hitbox to a local offset. */
typedef struct {
    yflag fast;
} temporal_round_vars;

static void trd_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(temporal_round_vars, host, st)->fast = prop_bool(NODE(st), P_fast, 0);
}

static void trd_f0(yobj *host) { host->invulnerable = true; }

/* Aim: distance to the target scales the hit (not the damage: the round is `frozen`). */
static void trd_f1(ymatch *m, yobj *host, ystate *st) {
    cowboy_bullet_vars *b = cowboy_bullet(host);
    if (!b) {
        yerr(m, YE_INTERNAL, "TemporalRoundDefault: not a Bullet");
        return;
    }
    if (b->shot) return;
    yobj *owned = owned_fighter(m, host, b->last_hit_by);
    if (!owned) {
        yerr(m, YE_INTERNAL, "Temporal Round: its owner is gone");
        return;
    }
    int32_t dx, dy;
    obj_local_center(m, host, obj_get_opponent(m, owned), &dx, &dy);
    b->distance = fxs_vec_len(FXI(dx), FXI(dy));
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "TemporalRoundDefault: no Hitbox");
        return;
    }
    scale_hitbox(m, b, h);
    int facing = (int)int_sign(dx);
    if (facing != 0) obj_set_facing(m, host, facing, false);
    b->shot = true;
}

/* Fire a NewTimeBullet along the owner's DI (else at the opponent), half bent by a hit. */
static void trd_f2(ymatch *m, yobj *host, ystate *st) {
    cowboy_bullet_vars *b = cowboy_bullet(host);
    if (!b) {
        yerr(m, YE_INTERNAL, "TemporalRoundDefault: not a Bullet");
        return;
    }
    yobj *owned = owned_fighter(m, host, b->last_hit_by);
    if (!owned || !owned->is_fighter) {
        yerr(m, YE_INTERNAL, "Temporal Round: its owner is gone");
        return;
    }
    yobj *opponent = obj_get_opponent(m, owned);
    int32_t di_x, di_y;
    di_of(AS_F(owned), &di_x, &di_y);
    fx dx, dy;
    fxs_normalized(FXI(di_x), FXI(di_y), &dx, &dy);
    if (fxs_vec_len(dx, dy) == 0) {
        int32_t mx, my, ox, oy;
        box_center(&host->hurtbox, &mx, &my);
        box_center(&opponent->hurtbox, &ox, &oy);
        fxs_normalized(FXI(ox - mx), FXI(oy - my), &dx, &dy);
    }
    if (b->got_hit) {
        dx = fxs_lerp(b->dir_x, dx, FXC(0.5));
        dy = fxs_lerp(b->dir_y, dy, FXC(0.5));
    }
    fxs_normalized(dx, dy, &dx, &dy);
    int32_t lx, ly;
    obj_local_center(m, host, opponent, &lx, &ly);
    int32_t px = host->data.px, py = host->data.py;
    yobj *bullet = obj_spawn(m, owned, cowboy_scene(CB_SCENE_TIME_BULLET), px, py, true, NULL, false);
    if (!bullet) return;
    cowboy_new_bullet_vars *nb = cowboy_new_bullet(bullet);
    if (nb) {
        nb->dir_x = dx;
        nb->dir_y = dy;
    }
    /* Quirk kept: a local offset is used as a position (the box is never activated). */
    yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
    if (!h) {
        yerr(m, YE_INTERNAL, "TemporalRoundDefault: no Hitbox");
        return;
    }
    h->b.pos_x = lx;
    h->b.pos_y = ly;
}

static void temporal_round_step(ymatch *m, yobj *host, ystate *st, int step) {
    switch (step) {
    case 0: trd_f0(host); break;
    case 1: trd_f1(m, host, st); break;
    case 2: trd_f2(m, host, st); break;
    default: obj_disable(m, host); break; /* f3 */
    }
}

static void timed(ymatch *m, yobj *host, ystate *st, bool fast, int step) {
    if (ST_VARS(temporal_round_vars, host, st)->fast == fast) temporal_round_step(m, host, st, step);
}

static int trd_frame_16(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, true, 0); return SYM_NONE; }
static int trd_frame_17(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, true, 1); return SYM_NONE; }
static int trd_frame_18(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, true, 2); return SYM_NONE; }
static int trd_frame_19(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, true, 3); return SYM_NONE; }
static int trd_frame_49(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, false, 0); return SYM_NONE; }
static int trd_frame_50(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, false, 1); return SYM_NONE; }
static int trd_frame_51(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, false, 2); return SYM_NONE; }
static int trd_frame_52(ymatch *m, yobj *host, ystate *st) { timed(m, host, st, false, 3); return SYM_NONE; }

const state_class cowboy_temporal_round_default_class = {
    .name = "states.cowboy.objects.TemporalRoundDefault",
    .parent = &object_state_class,
    .vars_size = sizeof(temporal_round_vars),
    .construct = trd_construct,
    .frames = FRAMES({16, trd_frame_16}, {17, trd_frame_17}, {18, trd_frame_18}, {19, trd_frame_19},
                     {49, trd_frame_49}, {50, trd_frame_50}, {51, trd_frame_51}, {52, trd_frame_52}),
};

/* ====================================================================== Foresight */

/* ------------------------------------------------------------------ AfterImage: projectiles/states/AfterImage.gd
 * (class ForesightAfterImage): any hit erases it. */
cowboy_after_image_vars *cowboy_after_image(yobj *o) {
    return (o && !o->is_fighter && AS_P(o)->vt->cls == &cowboy_after_image_class) ? (cowboy_after_image_vars *)AS_P(o)->vars
                                                                              : NULL;
}

static void after_image_construct(ymatch *m, yproj *p) {
    (void)m;
    ((cowboy_after_image_vars *)p->vars)->detonating = false;
}

static void after_image_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    cowboy_vars *cv = creator_cowboy(m, &p->o);
    if (cv) cv->after_image_object = 0;
}

/* BaseProjectile.hit_by, then BaseObj.hit_by's signal got_hit -> on_got_hit: disable() (a throw's
 * hit returns before both) */
static void after_image_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    if (hb && hb->throw_) return;
    proj_hit_by(m, p, hb);
    if (!YOK(m)) return;
    after_image_disable(m, p);
}

const yobj_class cowboy_after_image_class = {
    .name = "states.cowboy.objects.AfterImage",
    .parent = &base_projectile_class,
    .vars_size = sizeof(cowboy_after_image_vars),
    .construct = after_image_construct,
    .disable = after_image_disable,
    .hit_by = after_image_hit_by,
};

/* ------------------------------------------------------------------ ForesightDefault: projectiles/states/
 * ForesightDefault.gd: lives 100 frames; detonating, it explodes 5 frames later. Its _tick replaces
 * the fireball's entirely (it never moves or fizzles). */
#define FORESIGHT_LIFETIME 100

typedef struct {
    default_fireball_vars d;
    int32_t rift_frames;
} foresight_default_vars;

static void fsd_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(foresight_default_vars, host, st)->rift_frames = 5;
}

static void explode(ymatch *m, yobj *host) {
    int32_t px = host->data.px, py = host->data.py;
    yobj *explosion = obj_spawn(m, host, cowboy_scene(CB_SCENE_EXPLOSION), 0, 0, true, NULL, true);
    if (!explosion) return;
    obj_set_pos(explosion, px, py - 18);
    obj_disable(m, host);
}

static int fsd_tick(ymatch *m, yobj *host, ystate *st) {
    foresight_default_vars *v = ST_VARS(foresight_default_vars, host, st);
    cowboy_after_image_vars *ai = cowboy_after_image(host);
    if (!ai) {
        yerr(m, YE_INTERNAL, "ForesightDefault: not an AfterImage");
        return SYM_NONE;
    }
    if (st->current_tick > FORESIGHT_LIFETIME) obj_disable(m, host);
    if (ai->detonating) {
        v->rift_frames--;
        if (v->rift_frames == 0) explode(m, host);
    }
    return SYM_NONE;
}

const state_class cowboy_foresight_default_class = {
    .name = "states.cowboy.objects.ForesightDefault",
    .parent = &default_fireball_class,
    .vars_size = sizeof(foresight_default_vars),
    .construct = fsd_construct,
    .tick = fsd_tick,
};

/* ------------------------------------------------------------------ AfterImageExplosionDefault: projectiles/states/
 * AfterImageExplosionDefault.gd: the rift also grabs the owner's liveliest bullet and relaunches it
 * from here (its _frame_0 replaces the fireball's). */
static int aied_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    /* sort_bullets: more bounces left first, then the older (lower current_tick) first (a stable sort
     * of objs_map's order: the first best one) */
    yobj *best = NULL;
    int32_t best_bounces = 0, best_tick = 0;
    for (int k = 0; k < m->n_objs; k++) {
        yobj *obj = &match_obj_at(m, k)->o;
        if (obj->disabled || !cowboy_new_bullet(obj) || obj->id != host->id) continue;
        ystate *bst = new_bullet_state(m, obj);
        if (!bst) return SYM_NONE;
        int32_t bounces = ST_VARS(nbd_vars, obj, bst)->bounces_left;
        if (!best || bounces > best_bounces || (bounces == best_bounces && obj->current_tick < best_tick)) {
            best = obj;
            best_bounces = bounces;
            best_tick = obj->current_tick;
        }
    }
    if (best) {
        cowboy_new_bullet_vars *b = cowboy_new_bullet(best);
        obj_set_pos(best, host->data.px, host->data.py);
        b->last_hit_by = obj_get_fighter(m, host)->number;
        b->speed = NEW_BULLET_SPEED; /* reset_speed */
        nbd_bounce_full_control(m, best, obj_state(best), true);
        if (!YOK(m)) return SYM_NONE;
        b->no_draw_ticks = 1;
    }
    return SYM_NONE;
}

const state_class cowboy_after_image_explosion_default_class = {
    .name = "states.cowboy.objects.AfterImageExplosionDefault",
    .parent = &default_fireball_class,
    .frames = FRAMES({0, aied_frame_0}),
};

/* ====================================================================== 1000 Cuts */

/* ------------------------------------------------------------------ ThousandCutsObject: projectiles/1000cuts/
 * 1000Cuts.gd: the slashes around the Cowboy during 1000 Cuts. */
static void cuts_object_construct(ymatch *m, yproj *p) {
    (void)m;
    ((cowboy_cuts_vars *)p->vars)->total_ticks = 0;
}

static void cuts_object_disable(ymatch *m, yproj *p) {
    yfighter *creator = creator_fighter(m, &p->o);
    cowboy_vars *cv = creator_cowboy(m, &p->o);
    if (!cv) return;
    cv->cut_projectile = 0;
    cowboy_end_1k_cuts_buff(creator);
    proj_disable(m, p);
}

const yobj_class cowboy_cuts_object_class = {
    .name = "states.cowboy.objects.ThousandCutsObject",
    .parent = &base_projectile_class,
    .vars_size = sizeof(cowboy_cuts_vars),
    .construct = cuts_object_construct,
    .disable = cuts_object_disable,
};

/* ------------------------------------------------------------------ ThousandCutsDefault: projectiles/states/
 * 1000CutsDefault.gd: follow the Cowboy's hurtbox for 150 frames. */
#define CUTS_LIFETIME 150

static int cuts_default_tick(ymatch *m, yobj *host, ystate *st) {
    yobj *creator = host->creator ? obj_by_number(m, host->creator) : NULL;
    if (!creator || host->is_fighter || AS_P(host)->vt->cls != &cowboy_cuts_object_class) {
        yerr(m, YE_INTERNAL, "ThousandCutsDefault: not a ThousandCutsObject with a creator");
        return SYM_NONE;
    }
    int32_t cx, cy;
    box_center(&creator->hurtbox, &cx, &cy);
    obj_set_pos(host, cx, cy);
    if (st->current_tick == 1 || st->current_tick == 9 || st->current_tick == 17)
        obj_set_facing(m, host, obj_facing(creator), false);
    cowboy_cuts_vars *c = (cowboy_cuts_vars *)AS_P(host)->vars;
    c->total_ticks++;
    if (c->total_ticks > CUTS_LIFETIME) {
        obj_disable(m, host);
        state_terminate_hitboxes(m, host, st);
    }
    return SYM_NONE;
}

const state_class cowboy_cuts_default_class = {
    .name = "states.cowboy.objects.ThousandCutsDefault",
    .parent = &object_state_class,
    .tick = cuts_default_tick,
};
