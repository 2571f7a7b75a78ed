/* Being hit. Mirrors states/base/hurt.py (CharacterHurtState.gd, HurtAerial.gd,
 * HurtGrounded.gd: HurtGrounded, HurtDizzy; WallSlam.gd). The knockback, DI and hitstun
 * are decided in enter from the hitbox snapshot the fighter was launched with
 * (f->hitbox_data, the state's {"hitbox": ...} data). */
#include "base.h"
#include "engine.h"

#define AIR_FRIC FXC(0.015)
#define HIT_GRAV FXC(0.25)
#define HIT_FALL_SPEED FXI(15)
#define BOUNCE_FRAMES 4
#define AIR_DI_STRENGTH FXI(2)
#define BOUNCE_FACTOR FXC(-0.85)
#define GROUND_FRIC FXC(0.05)
#define GROUND_DI_STRENGTH FXC(3.5)
#define BRACE_HITSTUN FXC(0.35)

/* ------------------------------------------------------------------ CharacterHurtState */
static void hurt_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->is_hurt_state = 1;
}

static int hurt_enter_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    f->blocked_hitbox_plus_frames = 0;
    ST_VARS(hurt_vars, host, st)->brace = false;
    f->feinting = false;
    fighter_release_opponent(m, f);
    if (!YOK(m)) return SYM_NONE;
    if (st_data(host, st)->kind != YD_HITBOX) {
        yerr(m, YE_INTERNAL, "%s entered without a hitbox", sym_text(st_name(st)));
        return SYM_NONE;
    }
    if (f->hitbox_data.disable_collision) f->colliding_with_opponent = false;
    if (f->penalty_ticks <= 0) fighter_refresh_air_movements(f);
    host->state_interruptable = true;
    f->busy_interrupt = true;
    f->buffered_has_action = f->buffered_has_extra = false; /* buffered_input = {} */
    cs_enter_shared(m, host, st);
    f->brace_effect_applied_yet = true;
    return SYM_NONE;
}

static int hurt_tick_shared(ymatch *m, yobj *host, ystate *st) {
    /* Quirk kept: the base result is dropped */
    cs_tick_shared(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (st->current_tick < 5) fighter_release_opponent(m, AS_F(host));
    return SYM_NONE;
}

static int32_t global_hitstun_modifier(yfighter *f, int32_t ticks) {
    return fxs_round(fxs_mul(fxs_int(ticks), f->global_hitstun_modifier));
}

static int32_t brace_shave_hitstun(int32_t hitstun) { return fxs_round(fxs_mul(fxs_int(hitstun), BRACE_HITSTUN)); }

static void vacuum_dir(ymatch *m, yfighter *f, const yhbd *hb, fx *x, fx *y) {
    *x = 0;
    *y = 0;
    if (obj_from_name(m, hb->host)) {
        int32_t cx, cy;
        box_center(&f->o.hurtbox, &cx, &cy);
        fxs_normalized(fxs_int(hb->pos_x - cx), fxs_int(hb->pos_y - cy), x, y);
    }
}

/* (x, y) of the launch before normalising: the hitbox's, or toward / away from its centre */
static void knockback_direction(ymatch *m, yfighter *f, const yhbd *hb, fx x, fx *ox, fx *oy) {
    fx y = hb->dir_y;
    if (hb->vacuum) {
        vacuum_dir(m, f, hb, &x, &y);
    } else if (hb->send_away_from_center) {
        fx vx, vy;
        vacuum_dir(m, f, hb, &vx, &vy);
        x = fxs_neg(vx);
        y = fxs_neg(vy);
    }
    *ox = x;
    *oy = y;
}

static void hurt_exit_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    hurt_vars *v = ST_VARS(hurt_vars, host, st);
    v->brace = false;
    f->hit_out_of_brace = false;
    v->guard_broken = false;
    fighter_start_sadness_immunity(f);
    cs_exit_shared(m, host, st);
}

static bool no_interrupt(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    (void)st;
    return false;
}

const state_class character_hurt_state_class = {
    .name = "states.base.hurt.CharacterHurtState",
    .parent = &character_state_class,
    .vars_size = sizeof(hurt_vars),
    .traits = T_HURT,
    .construct = hurt_construct,
    .enter_shared = hurt_enter_shared,
    .tick_shared = hurt_tick_shared,
    .exit_shared = hurt_exit_shared,
    .can_interrupt = no_interrupt,
};

/* ------------------------------------------------------------------ HurtAerial */
void hurt_aerial_begin_ground_bounce(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yhbd *hb = &AS_F(host)->hitbox_data;
    hurt_aerial_vars *v = ST_VARS(hurt_aerial_vars, host, st);
    hb->dir_y = fxs_neg(hb->dir_y);
    hb->knockback = fxs_mul(hb->knockback, hb->ground_bounce_knockback_modifier);
    v->bounce_frames = BOUNCE_FRAMES;
    v->ground_bounced = true;
}

static void ha_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hurt_aerial_vars, host, st)->can_act = -1;
}

static void ha_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hurt_aerial_vars, host, st)->bounce_frames = 0;
}

static int ha_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    yhbd *hb = &f->hitbox_data;
    hurt_aerial_vars *v = ST_VARS(hurt_aerial_vars, host, st);
    v->ground_bounced = false;
    v->can_act = 0;
    v->knockdown = hb->knockdown;
    v->hard_knockdown = hb->hard_knockdown;
    v->wall_slam = hb->wall_slam && f->wall_slams < 3;
    v->hitstun = global_hitstun_modifier(f, hb->hitstun_ticks);
    v->h.counter = hb->counter_hit;
    if (v->h.counter) FOPP(m, f)->counterhit_this_turn = true;
    if (hb->ground_bounce && obj_grounded(host) && hb->dir_y > 0) hurt_aerial_begin_ground_bounce(m, host, st);
    fx x, y;
    knockback_direction(m, f, hb, obj_hitbox_x_dir(m, host, hb), &x, &y);
    fx kx, ky;
    fxs_normalized_times(x, y, hb->knockback, &kx, &ky);
    obj_set_facing(m, host, (int)int_sign(fxs_round(x)) * -1, false);
    fx dix, diy, dfx, dfy;
    combat_scaled_di(m, f, &dix, &diy);
    fxs_vec_mul(dix, diy, fxs_mul(AIR_DI_STRENGTH, hb->di_modifier), &dfx, &dfy);
    if (hb->hitbox_type == HB_BURST) {
        dfx = 0;
        dfy = 0;
    } else {
        fxs_vec_mul(kx, ky, f->knockback_taken_modifier, &kx, &ky);
    }
    obj_apply_force(host, fxs_add(kx, dfx), fxs_add(ky, dfy));
    obj_move_directly(host, 0, FXI(-1));
    st->anim_name = SYM_HurtAerial;
    return SYM_NONE;
}

static int ha_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    (void)st;
    return SYM_NONE;
}

static int ha_frame_1(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    hurt_aerial_vars *v = ST_VARS(hurt_aerial_vars, host, st);
    if (AS_F(host)->braced_attack) v->hitstun = brace_shave_hitstun(v->hitstun);
    return SYM_NONE;
}

int hurt_aerial_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    yhbd *hb = &f->hitbox_data;
    hurt_aerial_vars *v = ST_VARS(hurt_aerial_vars, host, st);
    fg_apply_x_fric_raw(&host->chara, AIR_FRIC);
    obj_apply_grav_custom(m, host, HIT_GRAV, HIT_FALL_SPEED);
    obj_apply_forces_no_limit(m, host);
    fx vx = host->data.vx, vy = host->data.vy;
    int bounce = BOUNCE_NONE;
    int32_t box[4];
    obj_collision_aabb(host, box);
    if (host->hitlag_ticks > 0 || (obj_grounded(host) && v->bounce_frames > 0)) {
    } else if (box[0] <= -host->stage_width && vx < 0) {
        bounce = BOUNCE_LEFT_WALL;
    } else if (box[1] >= host->stage_width && vx > 0) {
        bounce = BOUNCE_RIGHT_WALL;
    }
    if (bounce != BOUNCE_NONE) {
        if (v->wall_slam) {
            state_queue_change_int(m, host, st, SYM_WallSlam, bounce);
            return SYM_NONE;
        }
        host->hitlag_ticks = 3;
        obj_set_vel(host, fxs_mul(vx, BOUNCE_FACTOR), vy);
    }
    if (v->bounce_frames > 0) {
        obj_set_pos(host, host->data.px, 0);
        v->bounce_frames--;
        if (v->bounce_frames == 0) obj_set_pos(host, host->data.px, -1);
    } else if (obj_grounded(host) && vy >= 0) {
        if (hb->air_ground_bounce && !v->ground_bounced) {
            hurt_aerial_begin_ground_bounce(m, host, st);
            obj_set_vel(host, vx, fxs_neg(vy));
        } else if (st->current_tick > hb->minimum_grounded_frames) {
            if (v->knockdown || f->hp == 0) return v->hard_knockdown ? SYM_HardKnockdown : SYM_Knockdown;
            return f->hp > 0 ? SYM_Landing : SYM_Knockdown;
        }
    }
    bool extended = hb->knockdown_extends_hitstun && hb->knockdown && !v->ground_bounced;
    if (!extended && st->current_tick > v->hitstun) {
        if (v->can_act == 1 && f->hp > 0) return st->fallback_state;
        st_enable_interrupt(m, host, st, true, false);
        v->can_act = 1;
    }
    return SYM_NONE;
}

static int ha_hitstun(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    return ST_VARS(hurt_aerial_vars, host, st)->hitstun;
}

const state_class hurt_aerial_class = {
    .name = "states.base.hurt.HurtAerial",
    .parent = &character_hurt_state_class,
    .vars_size = sizeof(hurt_aerial_vars),
    .construct = ha_construct,
    .exit = ha_exit,
    .enter = ha_enter,
    .frames = FRAMES({0, ha_frame_0}, {1, ha_frame_1}),
    .tick = hurt_aerial_tick,
    .hitstun = ha_hitstun,
};

/* ------------------------------------------------------------------ HurtGrounded */
static void hg_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(hurt_grounded_vars, host, st)->dizzy = prop_bool(NODE(st), P_dizzy, 0);
}

static int hg_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    yhbd *hb = &f->hitbox_data;
    hurt_grounded_vars *v = ST_VARS(hurt_grounded_vars, host, st);
    v->can_act = false;
    if (hb->hit_height == HH_HIGH) st->anim_name = SYM_HurtGroundedHigh;
    else if (hb->hit_height == HH_MID) st->anim_name = SYM_HurtGroundedMid;
    else if (hb->hit_height == HH_LOW) st->anim_name = SYM_HurtGroundedLow;
    v->hitstun = global_hitstun_modifier(f, hb->hitstun_ticks);
    v->wall_slam = hb->wall_slam && f->wall_slams < 3;
    v->h.counter = hb->counter_hit;
    if (v->h.counter) FOPP(m, f)->counterhit_this_turn = true;
    fx x = obj_hitbox_x_dir(m, host, hb);
    obj_set_facing(m, host, (int)int_sign(fxs_round(x)) * -1, false);
    fx y;
    knockback_direction(m, f, hb, x, &x, &y);
    fx kx, ky;
    fxs_normalized_times(x, y, hb->knockback, &kx, &ky);
    ky = 0;
    fx dix, diy, dfx, dfy;
    combat_scaled_di(m, f, &dix, &diy);
    fxs_vec_mul(dix, 0, fxs_mul(GROUND_DI_STRENGTH, hb->di_modifier), &dfx, &dfy);
    if (hb->hitbox_type == HB_BURST) {
        dfx = 0;
        dfy = 0;
    } else {
        fxs_vec_mul(kx, ky, f->knockback_taken_modifier, &kx, &ky);
    }
    if (f->braced_attack) v->hitstun = brace_shave_hitstun(v->hitstun);
    if (f->touching_wall && !v->wall_slam) kx = 0;
    obj_apply_force(host, fxs_add(kx, dfx), fxs_add(ky, dfy));
    if (v->dizzy) host->throw_invulnerable = true;
    return SYM_NONE;
}

static int hg_tick(ymatch *m, yobj *host, ystate *st) {
    hurt_grounded_vars *v = ST_VARS(hurt_grounded_vars, host, st);
    obj_set_pos(host, host->data.px, 0);
    fg_apply_x_fric_raw(&host->chara, GROUND_FRIC);
    obj_apply_forces_no_limit(m, host);
    if (v->wall_slam) {
        fx vx = host->data.vx;
        int32_t box[4];
        obj_collision_aabb(host, box);
        int bounce = BOUNCE_NONE;
        if (box[0] <= -host->stage_width && vx < 0) bounce = BOUNCE_LEFT_WALL;
        else if (box[1] >= host->stage_width && vx > 0) bounce = BOUNCE_RIGHT_WALL;
        if (bounce != BOUNCE_NONE) {
            state_queue_change_int(m, host, st, SYM_WallSlam, bounce);
            return SYM_NONE;
        }
    }
    if (st->current_tick >= v->hitstun) {
        if (v->can_act) return st->fallback_state;
        st_enable_interrupt(m, host, st, true, false);
        v->can_act = true;
    }
    return SYM_NONE;
}

static int hg_hitstun(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    return ST_VARS(hurt_grounded_vars, host, st)->hitstun;
}

const state_class hurt_grounded_class = {
    .name = "states.base.hurt.HurtGrounded",
    .parent = &character_hurt_state_class,
    .vars_size = sizeof(hurt_grounded_vars),
    .construct = hg_construct,
    .enter = hg_enter,
    .tick = hg_tick,
    .hitstun = hg_hitstun,
};

/* ------------------------------------------------------------------ WallSlam */
#define WS_GRAV FXC(0.25)
#define WS_MAX_FALL_SPEED FXI(5)
#define WS_GRAV_PER_SLAM FXC(0.2)
#define WS_FALL_SPEED_PER_SLAM FXC(0.5)
#define WS_MIN_DURATION 20
#define WS_MIN_HEIGHT (-30)
#define WS_DI_EFFECT FXI(10)

static void ws_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->is_hurt_state = 1; /* _ready */
}

static int ws_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->clipping_wall = true;
    AS_F(host)->colliding_with_opponent = false;
    return SYM_NONE;
}

static int ws_frame_0(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    wall_slam_vars *v = ST_VARS(wall_slam_vars, host, st);
    ydata *d = st_data(host, st);
    v->dir = (d->kind == YD_INT && d->i == BOUNCE_LEFT_WALL) ? 1 : -1;
    fx dix, diy;
    combat_scaled_di(m, f, &dix, &diy);
    fx di = fxs_mul(diy, WS_DI_EFFECT);
    int32_t y_pos = (int32_t)int_min(host->data.py, WS_MIN_HEIGHT) + fxs_round(di);
    if (f->wall_slams == 0) f->combo_proration++;
    f->wall_slams++;
    obj_set_pos(host, host->stage_width * -v->dir, y_pos);
    return SYM_NONE;
}

static int ws_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    wall_slam_vars *v = ST_VARS(wall_slam_vars, host, st);
    if (st->current_tick > (WS_MIN_DURATION - (f->wall_slams - 1) * 8) + (!obj_grounded(host) ? 5 : 0)) {
        if (obj_grounded(host)) return SYM_Knockdown;
        st_enable_interrupt(m, host, st, true, false);
        state_queue_change(m, host, st, SYM_Fall, NULL);
    }
    if (v->dir != 0) {
        obj_set_x(host, host->stage_width * -v->dir);
        obj_set_facing(m, host, v->dir, false);
    }
    fx grav = fxs_add(WS_GRAV, fxs_mul(WS_GRAV_PER_SLAM, fxs_int(f->wall_slams - 1)));
    fx fall_speed = fxs_add(WS_MAX_FALL_SPEED, fxs_mul(WS_FALL_SPEED_PER_SLAM, fxs_int(f->wall_slams - 1)));
    obj_apply_grav_custom(m, host, grav, fall_speed);
    obj_apply_forces(m, host);
    if (st->current_tick > 30) {
        st_enable_interrupt(m, host, st, true, false);
        return SYM_Fall;
    }
    return SYM_NONE;
}

const state_class wall_slam_class = {
    .name = "states.base.hurt.WallSlam",
    .parent = &character_state_class,
    .vars_size = sizeof(wall_slam_vars),
    .construct = ws_construct,
    .enter = ws_enter,
    .frames = FRAMES({0, ws_frame_0}),
    .tick = ws_tick,
};
