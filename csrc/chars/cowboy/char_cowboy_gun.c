/* Cowboy's revolver: drawing, shooting (Shoot2 family and the older Shoot family with the
 * Temporal Round), pistol whips, throwing the gun and reeling it back. Mirrors
 * states/cowboy/gun.py.
 *
 * Each class names the game script it ports (paths under characters/swordandgun/). */
#include "char_cowboy.h"

/* ------------------------------------------------------------------ NewShoot: NewShoot.gd (Shoot2, ShootDodge2,
 * PointBlank): one aimed shot (a NewBullet, or a close hitbox for PointBlank); without `holster`
 * the gun stays out for more gun moves. */
#define REPEAT_STARTUP_LAG 3
#define POINT_BLANK_HITBOX_DISTANCE_MODIFIER FXC(1.5)
#define NEW_SHOOT_MAX_INTO 24 /* the categories interrupt_into can hold (the table's 3 + 8 appended) */

static const uint16_t ERASED_INTO[] = {SYM_Gun, SYM_Grounded, SYM_Aerial, SYM_SlowHolster, SYM_AerialSuper,
                                       SYM_GroundedSuper, SYM_Guntrick, SYM_ShootDodge, SYM_Teleport};
static const uint16_t ERASED_EXCEPTIONS[] = {SYM_Hustle, SYM_FastTeleport, SYM_SpotDodge, SYM_Shoot};
static const uint16_t GUN_OUT_INTERRUPTS[] = {SYM_Gun, SYM_SlowHolster, SYM_AerialSuper, SYM_GroundedSuper,
                                              SYM_Guntrick, SYM_Shoot, SYM_ShootDodge, SYM_Teleport};
static const uint16_t GUN_OUT_EXCEPTIONS[] = {SYM_Hustle, SYM_FastTeleport, SYM_SpotDodge};
static const uint16_t HOLSTERED_INTERRUPTS[] = {SYM_Grounded, SYM_Aerial};
#define N_OF(a) ((int)(sizeof(a) / sizeof((a)[0])))

typedef struct {
    int32_t startup_lag;
    uint8_t n_into;
    uint16_t into[NEW_SHOOT_MAX_INTO]; /* this state's interrupt_into (rewritten by set_follow_ups) */
    yflag dodge, projectile, lagged;
} new_shoot_vars;

static void new_shoot_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    v->dodge = prop_bool(NODE(st), P_dodge, 0);
    v->projectile = prop_bool(NODE(st), P_projectile, 1);
    v->startup_lag = 0;
    v->lagged = false;
}

/* CharacterState.init made interrupt_into from the table: this instance's copy */
static void new_shoot_init(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    const ystate_static *s = st->st;
    v->n_into = 0;
    for (int i = 0; i < s->n_interrupt_into && i < NEW_SHOOT_MAX_INTO; i++) v->into[v->n_into++] = s->interrupt_into[i];
}

static const uint16_t *new_shoot_interrupt_into(ymatch *m, yobj *host, ystate *st, int *n) {
    (void)m;
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    *n = v->n_into;
    return v->into;
}

static bool new_shoot_is_usable(ymatch *m, yobj *host, ystate *st) {
    cowboy_vars *cv = COWBOY(AS_F(host));
    return cs_is_usable(m, host, st) && cv->bullets_left > 0 && cv->has_gun;
}

static int new_shoot_enter(ymatch *m, yobj *host, ystate *st) {
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    v->lagged = false;
    ydata *d = st_data(host, st);
    if (d->kind == YD_NONE) {
        ydata_xy(d, 100 * obj_facing(host), 0);
        ydata_set(m, d, SYM_holster, SYM_NONE, YD_BOOL, 1);
    }
    return SYM_NONE;
}

/* GDScript Array.erase: the first occurrence, if any */
static void erase_into(new_shoot_vars *v, int sym) {
    for (int i = 0; i < v->n_into; i++)
        if (v->into[i] == sym) {
            for (int j = i + 1; j < v->n_into; j++) v->into[j - 1] = v->into[j];
            v->n_into--;
            return;
        }
}

/* Appending a category the list already has changes nothing the list is read for (membership:
 * the menu, and whether it is empty), so it is not stored twice; the list stays bounded. */
static void append_into(ymatch *m, new_shoot_vars *v, int sym) {
    for (int i = 0; i < v->n_into; i++)
        if (v->into[i] == sym) return;
    if (v->n_into >= NEW_SHOOT_MAX_INTO) {
        yerr(m, YE_LIMIT, "NewShoot: interrupt_into exceeds %d categories", NEW_SHOOT_MAX_INTO);
        return;
    }
    v->into[v->n_into++] = (uint16_t)sym;
}

/* Quirk kept: rewrite (persistently, as the original) what this move may be interrupted into:
 * first occurrences erased, then appended. */
static void set_follow_ups(ymatch *m, yobj *host, ystate *st, bool gun_out) {
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    for (int i = 0; i < N_OF(ERASED_INTO); i++) erase_into(v, ERASED_INTO[i]);
    for (int i = 0; i < N_OF(ERASED_EXCEPTIONS); i++) st_remove_exception(st, ERASED_EXCEPTIONS[i]);
    if (gun_out) {
        for (int i = 0; i < N_OF(GUN_OUT_INTERRUPTS); i++) append_into(m, v, GUN_OUT_INTERRUPTS[i]);
        for (int i = 0; i < N_OF(GUN_OUT_EXCEPTIONS); i++) st_append_exception(m, st, GUN_OUT_EXCEPTIONS[i]);
    } else {
        for (int i = 0; i < N_OF(HOLSTERED_INTERRUPTS); i++) append_into(m, v, HOLSTERED_INTERRUPTS[i]);
        st_append_exception(m, st, SYM_Shoot);
    }
}

static int new_shoot_frame_0(ymatch *m, yobj *host, ystate *st) {
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    v->startup_lag = cowboy_previous_state_name(host) == SYM_Shoot2 ? REPEAT_STARTUP_LAG : 0;
    int32_t holster;
    if (!ydata_get(st_data(host, st), SYM_holster, SYM_NONE, &holster)) {
        yerr(m, ydata_lookup_error(st_data(host, st), SYM_holster, SYM_NONE), "NewShoot: its data has no holster");
        return SYM_NONE;
    }
    set_follow_ups(m, host, st, !holster);
    return SYM_NONE;
}

static int new_shoot_frame_3(ymatch *m, yobj *host, ystate *st) {
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    yfighter *f = AS_F(host);
    cowboy_vars *cv = COWBOY(f);
    int facing = obj_facing(host);
    int32_t px = host->data.px, py = host->data.py;
    int32_t shot_x, shot_y;
    if (!st_data_xy(m, host, st, &shot_x, &shot_y)) return SYM_NONE;
    fx dx, dy;
    obj_xy_to_dir(m, FXI(shot_x), FXI(shot_y), FX_ONE, FXI(100), &dx, &dy);
    fx shot_angle = yfx_vec_to_angle(m, fxs_mul(FXI(shot_x), FXI(facing)), FXI(shot_y));
    fx hitbox_distance = v->projectile ? FX_ONE : POINT_BLANK_HITBOX_DISTANCE_MODIFIER;
    fx bx, by;
    cowboy_get_barrel_location(m, shot_angle, hitbox_distance, &bx, &by);
    yhitbox *hitbox = state_hitbox_child(host, st, SYM_Hitbox);
    if (!hitbox) {
        yerr(m, YE_INTERNAL, "NewShoot: no Hitbox");
        return SYM_NONE;
    }
    hitbox->dir_x = fxs_sign(FXI(shot_x)) != facing ? FXC(-1.0) : FXC(1.0);
    hitbox->b.x = fxs_round(bx);
    hitbox->b.y = fxs_round(by);
    bx = fxs_mul(bx, FXI(facing));
    cowboy_use_bullet(f);
    if (v->dodge) host->invulnerable = true;
    if (v->projectile) {
        ydata barrel;
        ydata_none(&barrel);
        if (!ydata_set_fx(m, &barrel, SYM_x, SYM_NONE, bx) || !ydata_set_fx(m, &barrel, SYM_y, SYM_NONE, by))
            return SYM_NONE;
        yobj *bullet = obj_spawn(m, host, cowboy_scene(CB_SCENE_NEW_BULLET), px + fxs_round(bx), py + fxs_round(by),
                                 true, &barrel, false);
        if (!bullet) return SYM_NONE;
        cowboy_new_bullet_vars *b = cowboy_new_bullet(bullet);
        b->dir_x = dx;
        b->dir_y = dy;
    }
    ydata *d = st_data(host, st);
    int32_t temporal = 0;
    if (ydata_truthy(d) && ydata_get(d, SYM_ActivateTemporal, SYM_NONE, &temporal) && temporal) {
        yobj *round = obj_from_name(m, cv->temporal_round);
        if (round) {
            cowboy_bullet_vars *b = cowboy_bullet(round);
            if (b) cowboy_bullet_shoot(b);
        }
    }
    return SYM_NONE;
}

static int new_shoot_frame_5(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(new_shoot_vars, host, st)->dodge) {
        ydata d;
        ydata_none(&d);
        ydata_set(m, &d, SYM_x, SYM_NONE, YD_INT, obj_facing(host));
        state_queue_change(m, host, st, SYM_TechRoll, &d);
    }
    return SYM_NONE;
}

static int new_shoot_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    new_shoot_vars *v = ST_VARS(new_shoot_vars, host, st);
    if (v->startup_lag > 0) {
        v->startup_lag--;
        st->current_tick = 1;
    }
    return SYM_NONE;
}

static bool new_shoot_vars_ok(const yobj *host, const void *vars) {
    (void)host;
    return ((const new_shoot_vars *)vars)->n_into <= NEW_SHOOT_MAX_INTO;
}

const state_class cowboy_new_shoot_class = {
    .vars_ok = new_shoot_vars_ok,
    .name = "states.cowboy.gun.NewShoot",
    .parent = &character_state_class,
    .vars_size = sizeof(new_shoot_vars),
    .construct = new_shoot_construct,
    .init = new_shoot_init,
    .interrupt_into = new_shoot_interrupt_into,
    .is_usable = new_shoot_is_usable,
    .enter = new_shoot_enter,
    .frames = FRAMES({0, new_shoot_frame_0}, {3, new_shoot_frame_3}, {5, new_shoot_frame_5}),
    .tick = new_shoot_tick,
};

/* ------------------------------------------------------------------ Shoot: states/Shoot.gd (Shoot, ShootDodge,
 * TimeBullet): the auto-aimed hitscan shot (repeated `Shots` times), and the Temporal Round (a
 * frozen bullet that fires later). */
#define KICKBACK_FORCE FXC(-1.0)
#define AUTO_AIM_DIST FXC(0.2)

typedef struct {
    super_move_vars s;
    int32_t screenshake_amount;
    yflag temporal, dodge, parried, fast;
} shoot_vars;

static void shoot_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    shoot_vars *v = ST_VARS(shoot_vars, host, st);
    v->screenshake_amount = (int32_t)prop_int(NODE(st), P_screenshake_amount, 12);
    v->temporal = prop_bool(NODE(st), P_temporal, 0);
    v->dodge = prop_bool(NODE(st), P_dodge, 0);
    v->parried = false;
    v->fast = false;
}

static bool shoot_is_usable(ymatch *m, yobj *host, ystate *st) {
    cowboy_vars *cv = COWBOY(AS_F(host));
    return super_move_class.is_usable(m, host, st) &&
           (cv->bullets_left > 0 || ST_VARS(shoot_vars, host, st)->temporal) && cv->has_gun;
}

static int shoot_frame_0(ymatch *m, yobj *host, ystate *st) {
    shoot_vars *v = ST_VARS(shoot_vars, host, st);
    cowboy_vars *cv = COWBOY(AS_F(host));
    ydata *d = st_data(host, st);
    v->parried = false;
    if (v->temporal) {
        v->fast = ydata_truthy(d);
        return SYM_NONE;
    }
    if (d->kind == YD_DICT) {
        int32_t count;
        if (ydata_get(d, SYM_Shots, SYM_count, &count)) {
            cv->consecutive_shots = count;
            if (v->dodge) cv->consecutive_shots = 1;
        }
        if (ydata_has(d, SYM_Direction)) {
            int32_t x, y;
            if (!ydata_get(d, SYM_Direction, SYM_x, &x)) {
                yerr(m, ydata_lookup_error(d, SYM_Direction, SYM_x), "Shoot: its Direction has no x");
                return SYM_NONE;
            }
            if (!ydata_get(d, SYM_Direction, SYM_y, &y)) {
                yerr(m, ydata_lookup_error(d, SYM_Direction, SYM_y), "Shoot: its Direction has no y");
                return SYM_NONE;
            }
            cv->shot_dir_x = x;
            cv->shot_dir_y = y;
        }
    }
    st->iasa_at = 9;
    if (cv->consecutive_shots > 0) {
        st->iasa_at = -1;
        cv->consecutive_shots--;
    }
    return SYM_NONE;
}

/* on_got_parried: connected to the got_parried signal of each bullet this state fires */
static void shoot_on_signal(ymatch *m, yobj *host, ystate *st, int method, yobj *emitter) {
    (void)emitter;
    if (method == SYM_on_got_parried) ST_VARS(shoot_vars, host, st)->parried = true;
    else yerr(m, YE_NOT_PORTED, "Shoot has no signal method %s", sym_text(method));
}

static fx bullet_distance(ymatch *m, yobj *host) {
    int32_t x, y;
    obj_local_center(m, host, &FOPP(m, AS_F(host))->o, &x, &y);
    return fxs_vec_len(FXI(x), FXI(y));
}

static bool is_accurate(ymatch *m, yobj *host, fx dx, fx dy, fx angle) {
    fx aim = yfx_vec_to_angle(m, fxs_mul(dx, FXI(obj_facing(host))), dy);
    return fxs_abs(cb_angle_dist(aim, angle)) < AUTO_AIM_DIST;
}

static void kick_back(ymatch *m, yobj *host, fx dx, fx dy) {
    (void)m;
    fx fx_, fy;
    fxs_vec_mul(dx, dy, KICKBACK_FORCE, &fx_, &fy);
    if (obj_grounded(host)) fy = 0;
    obj_apply_force(host, fx_, fy);
}

/* Two Cowboys shooting accurately at each other on the same tick cancel out. */
static bool clashes_with_opponent_shot(ymatch *m, yobj *host, ystate *st, bool shot_hits) {
    yfighter *opp = FOPP(m, AS_F(host));
    if (!is_cowboy(&opp->o)) return false;
    ystate *os = obj_state(&opp->o);
    if (!(st_name(os) == SYM_Shoot && st_vt(os)->cls == &cowboy_shoot_class &&
          !ST_VARS(shoot_vars, &opp->o, os)->temporal && os->start_tick == st->start_tick))
        return false;
    int32_t lx, ly;
    obj_local_center(m, &opp->o, host, &lx, &ly);
    fx ex, ey;
    fxs_normalized_times(FXI(lx), FXI(ly), FX_ONE, &ex, &ey);
    cowboy_vars *ocv = COWBOY(opp);
    fx enemy_angle = yfx_vec_to_angle(m, fxs_mul(FXI(ocv->shot_dir_x), FXI(obj_facing(host))), FXI(ocv->shot_dir_y));
    return shot_hits && is_accurate(m, host, ex, ey, enemy_angle);
}

/* Hit the foe's (predicted) hurtbox centre when the shot's angle is close enough to it. */
static void fire_hitscan(ymatch *m, yobj *host, ystate *st) {
    shoot_vars *v = ST_VARS(shoot_vars, host, st);
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    cowboy_vars *cv = COWBOY(f);
    int facing = obj_facing(host);
    int32_t lx, ly;
    obj_local_center(m, host, &opp->o, &lx, &ly);
    fx dx, dy;
    fxs_normalized_times(FXI(lx), FXI(ly), FX_ONE, &dx, &dy);
    fx angle = yfx_vec_to_angle(m, fxs_mul(dx, FXI(facing)), dy);
    bool autoaim = cowboy_previous_state_name(host) == SYM_Shoot && host->combo_count > 0;
    fx shot_angle;
    if (autoaim) {
        cv->shot_dir_x = lx;
        cv->shot_dir_y = ly;
        shot_angle = angle;
    } else {
        shot_angle = yfx_vec_to_angle(m, fxs_mul(FXI(cv->shot_dir_x), FXI(facing)), FXI(cv->shot_dir_y));
    }
    kick_back(m, host, dx, dy);
    cowboy_use_bullet(f);
    int32_t tx, ty;
    box_center(&opp->o.hurtbox, &tx, &ty);
    tx = fxs_round(fxs_add(FXI(tx), opp->o.data.vx));
    ty = fxs_round(fxs_add(FXI(ty), opp->o.data.vy));
    int32_t px = host->data.px;
    bool shot_hits = is_accurate(m, host, dx, dy, shot_angle);
    if (!YOK(m)) return;
    if (!clashes_with_opponent_shot(m, host, st, shot_hits) && shot_hits) {
        if (!YOK(m)) return;
        ydata target;
        ydata_xy(&target, tx, ty);
        yobj *bullet = obj_spawn(m, host, cowboy_scene(CB_SCENE_BULLET), tx, ty, true, &target, false);
        if (!bullet) return;
        obj_connect_signal(m, bullet, SYM_got_parried, host, st, SYM_on_got_parried);
        obj_set_facing(m, bullet, (int)int_sign(opp->o.data.px - px), false);
        cowboy_bullet(bullet)->distance = bullet_distance(m, host);
    }
    if (v->dodge) host->invulnerable = true;
}

static int shoot_frame_3(ymatch *m, yobj *host, ystate *st) {
    if (!ST_VARS(shoot_vars, host, st)->temporal) fire_hitscan(m, host, st);
    return SYM_NONE;
}

/* Leave a frozen bullet at the barrel, aimed at the foe. */
static void place_temporal_round(ymatch *m, yobj *host, ystate *st) {
    shoot_vars *v = ST_VARS(shoot_vars, host, st);
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    int facing = obj_facing(host);
    int32_t lx, ly;
    obj_local_center(m, host, &opp->o, &lx, &ly);
    fx dx, dy;
    fxs_normalized(FXI(lx), FXI(ly), &dx, &dy);
    fx angle = yfx_vec_to_angle(m, fxs_mul(dx, FXI(facing)), dy);
    fx bx, by;
    cowboy_get_barrel_location(m, angle, FX_ONE, &bx, &by);
    kick_back(m, host, dx, dy);
    int32_t px = host->data.px, py = host->data.py;
    fx lxx = fxs_add(FXI(px), fxs_mul(bx, FXI(facing))), lyy = fxs_add(FXI(py), by);
    int scene = cowboy_scene(v->fast ? CB_SCENE_FAST_TEMPORAL_BULLET : CB_SCENE_TEMPORAL_BULLET);
    ydata location;
    ydata_none(&location);
    if (!ydata_set_fx(m, &location, SYM_x, SYM_NONE, lxx) || !ydata_set_fx(m, &location, SYM_y, SYM_NONE, lyy))
        return;
    yobj *bullet = obj_spawn(m, host, scene, fxs_round(lxx), fxs_round(lyy), true, &location, false);
    if (!bullet) return;
    obj_set_facing(m, bullet, (int)int_sign(opp->o.data.px - px), false);
    COWBOY(f)->temporal_round = bullet->number;
}

static int shoot_frame_4(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(shoot_vars, host, st)->temporal) place_temporal_round(m, host, st);
    return SYM_NONE;
}

static int shoot_frame_5(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(shoot_vars, host, st)->dodge) {
        ydata d;
        ydata_none(&d);
        ydata_set(m, &d, SYM_x, SYM_NONE, YD_INT, obj_facing(host));
        state_queue_change(m, host, st, SYM_ShootDodgeRoll, &d);
    }
    return SYM_NONE;
}

static int shoot_tick(ymatch *m, yobj *host, ystate *st) {
    shoot_vars *v = ST_VARS(shoot_vars, host, st);
    cowboy_vars *cv = COWBOY(AS_F(host));
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    obj_apply_grav(m, host);
    if (st->air_type == AIR_AERIAL && st->current_tick > 2 && obj_grounded(host)) return SYM_Landing;
    if (st->current_tick == 7 && !v->temporal)
        if (cv->consecutive_shots > 0 && cv->bullets_left > 0) return SYM_Shoot;
    if (v->parried && !v->dodge) state_queue_change(m, host, st, SYM_SlowHolster, NULL);
    return SYM_NONE;
}

const state_class cowboy_shoot_class = {
    .name = "states.cowboy.gun.Shoot",
    .parent = &super_move_class,
    .vars_size = sizeof(shoot_vars),
    .construct = shoot_construct,
    .is_usable = shoot_is_usable,
    .frames = FRAMES({0, shoot_frame_0}, {3, shoot_frame_3}, {4, shoot_frame_4}, {5, shoot_frame_5}),
    .tick = shoot_tick,
    .on_signal = shoot_on_signal,
};

/* ------------------------------------------------------------------ Brandish: states/Brandish.gd (Brandish,
 * QuickerDraw): draw the gun.
 * Quirk kept: outside the ghost preview a Brandish always falls back to SlowHolster (the original
 * tests !host.is_ghost); QuickerDraw goes on into Shoot2. */
typedef struct {
    super_move_vars s;
    yflag quicker;
} brandish_vars;

static void brandish_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(brandish_vars, host, st)->quicker = prop_bool(NODE(st), P_quicker, 0);
}

static int brandish_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    const bool is_ghost = false; /* the real match, never the UI's preview */
    if (!ST_VARS(brandish_vars, host, st)->quicker && (COWBOY(AS_F(host))->bullets_left <= 0 || !is_ghost))
        st->fallback_state = SYM_SlowHolster;
    else
        st->fallback_state = SYM_Shoot2;
    return SYM_NONE;
}

static int brandish_tick(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    obj_apply_grav(m, host);
    return SYM_NONE;
}

static bool brandish_is_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    cowboy_vars *cv = COWBOY(f);
    return super_move_class.is_usable(m, host, st) && (cv->bullets_left > 0 || f->supers_available > 0) && cv->has_gun;
}

const state_class cowboy_brandish_class = {
    .name = "states.cowboy.gun.Brandish",
    .parent = &super_move_class,
    .vars_size = sizeof(brandish_vars),
    .construct = brandish_construct,
    .frames = FRAMES({0, brandish_frame_0}),
    .tick = brandish_tick,
    .is_usable = brandish_is_usable,
};

/* ------------------------------------------------------------------ PistolWhip: states/PistolWhip.gd (PistolWhip,
 * PistolWhipGround, ...Combo): needs the gun in hand. (Its can_feint / can_draw_cancel are never
 * called by the engine: the feint rule reads can_feint_if_possible.) */
static bool pistol_whip_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->has_gun;
}

const state_class cowboy_pistol_whip_class = {
    .name = "states.cowboy.gun.PistolWhip",
    .parent = &character_state_class,
    .is_usable = pistol_whip_is_usable,
};

/* ------------------------------------------------------------------ GunThrow: states/GunThrow.gd: throw the gun (it
 * hits, pops up, shoots, and comes back). */
#define GUN_THROW_SPEED FXI(13)

static bool gun_throw_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->has_gun;
}

static int gun_throw_frame_7(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    int32_t x, y;
    st_vt(st)->get_projectile_pos(m, host, st, &x, &y);
    yobj *gun = obj_spawn(m, host, cowboy_scene(CB_SCENE_GUN), x, y, true, NULL, true);
    if (!gun) return SYM_NONE;
    COWBOY(f)->gun_projectile = gun->number;
    COWBOY(f)->has_gun = false;
    if (obj_grounded(host)) obj_apply_force_relative(host, FXI(7), 0);
    return SYM_NONE;
}

static int gun_throw_frame_8(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    yobj *gun = COWBOY(f)->gun_projectile ? obj_by_number(m, COWBOY(f)->gun_projectile) : NULL;
    if (gun) {
        /* Quirk kept: only the data's y is read; the throw always goes forward. */
        int32_t y;
        if (!ydata_get(st_data(host, st), SYM_y, SYM_NONE, &y)) {
            yerr(m, ydata_lookup_error(st_data(host, st), SYM_y, SYM_NONE), "GunThrow: its data has no y");
            return SYM_NONE;
        }
        fx dx, dy;
        fxs_normalized_times(FX_ONE, fxs_sub(FXI(y), FXC(0.15)), GUN_THROW_SPEED, &dx, &dy);
        obj_apply_force_relative(gun, dx, dy);
    }
    return SYM_NONE;
}

const state_class cowboy_gun_throw_class = {
    .name = "states.cowboy.gun.GunThrow",
    .parent = &character_state_class,
    .is_usable = gun_throw_is_usable,
    .frames = FRAMES({7, gun_throw_frame_7}, {8, gun_throw_frame_8}),
};

/* ------------------------------------------------------------------ GunReel: states/GunReel.gd: pull the thrown gun
 * back (it spins and hits again on the way). */
#define GUN_REEL_PULL_SPEED FXI(15)

static bool gun_reel_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && !COWBOY(AS_F(host))->has_gun;
}

static int gun_reel_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yobj *gun = obj_from_name(m, COWBOY(AS_F(host))->gun_projectile);
    if (gun) {
        fg_reset_momentum(&gun->chara);
        fx dx, dy, fx_, fy; /* gun.get_object_dir_vec(host) */
        fxs_normalized(FXI(host->data.px - gun->data.px), FXI(host->data.py - gun->data.py), &dx, &dy);
        fxs_vec_mul(dx, dy, GUN_REEL_PULL_SPEED, &fx_, &fy);
        obj_apply_force(gun, fx_, fy);
        cowboy_gun_reset_hitbox(m, gun);
    }
    return SYM_NONE;
}

const state_class cowboy_gun_reel_class = {
    .name = "states.cowboy.gun.GunReel",
    .parent = &character_state_class,
    .is_usable = gun_reel_is_usable,
    .frames = FRAMES({2, gun_reel_frame_2}),
};
