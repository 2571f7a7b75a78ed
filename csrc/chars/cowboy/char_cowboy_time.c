/* Cowboy's time moves: teleports (and the Foresight shift), Foresight after-images, 1000 Cuts
 * and Time Splitter. Mirrors states/cowboy/time.py.
 *
 * Each class names the game script it ports (paths under characters/swordandgun/). */
#include "char_cowboy.h"

/* ------------------------------------------------------------------ Teleport: states/Teleport.gd (Teleport, SpotDodge,
 * Shift, ForesightTeleport(FromStance), StanceTeleport, FastTeleport): vanish, reappear up to 200 px
 * away. Recovery grows with the distance, going backward or upward out of combos costs stall
 * frames; SpotDodge (in place) is invulnerable. `shift` (the Shift extra) ends on the after-image
 * and replays the last input; `foresight` teleports to it. */
#define MOVE_DIST FXI(200)
#define BACKWARDS_STALL_FRAMES 5
#define BACKWARDS_STALL_FRAMES_NEUTRAL_EXTRA 5
#define UPWARDS_STALL_FRAMES_NEUTRAL_EXTRA 5
#define EXTRA_FRAME_PER FXI(1000)
#define EXTRA_FRAME_IN_COMBOS 4
#define EXTRA_FRAME_PER_BACKWARDS FXC(0.2)
#define MOMENTUM_FORCE FXC(16.0)
#define CROSS_THROUGH_RECOVERY 2
#define FORWARD_SUPER 55
#define MAX_CROSS_THROUGH_DIST 32

typedef struct {
    super_move_vars s;
    fx x_dist;
    int32_t backwards_stall_frames, warp_stall_frames, starting_dir, extra_frames;
    yflag shift, from_stance, foresight, in_place, forward;
} teleport_vars;

static void teleport_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    v->shift = prop_bool(NODE(st), P_shift, 0);
    v->from_stance = prop_bool(NODE(st), P_from_stance, 0);
    v->foresight = prop_bool(NODE(st), P_foresight, 0);
    v->backwards_stall_frames = v->warp_stall_frames = v->starting_dir = v->extra_frames = 0;
    v->in_place = v->forward = false;
    v->x_dist = 0;
}

static bool teleport_is_usable(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(teleport_vars, host, st)->foresight && COWBOY(AS_F(host))->after_image_object == 0) return false;
    return super_move_class.is_usable(m, host, st) && st_name(obj_state(host)) != SYM_WhiffInstantCancel;
}

static int teleport_enter(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(teleport_vars, host, st)->shift) {
        yfighter *f = AS_F(host);
        cowboy_load_last_input_into_buffer(f);
        int prev = cowboy_previous_state_name(host);
        if (prev == SYM_LassoPull || prev == SYM_LassoReel)
            machine_change_state(m, &FOPP(m, f)->o, SYM_Grabbed, NULL, true, true);
    }
    return SYM_NONE;
}

/* Stall and recovery frames of a plain teleport, from its direction and distance. */
static void set_recovery(ymatch *m, yobj *host, ystate *st, fx sx, fx sy) {
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    yfighter *opp = FOPP(m, AS_F(host));
    bool comboing = obj_state(&opp->o)->busy_interrupt_type == BUSY_HURT;
    bool backward = fxs_sign(sx) != obj_facing(host) && sx != 0;
    if (v->x_dist > FXC(0.51) && backward) {
        v->backwards_stall_frames = BACKWARDS_STALL_FRAMES;
        if (!comboing) v->backwards_stall_frames += BACKWARDS_STALL_FRAMES_NEUTRAL_EXTRA;
    }
    v->forward = !(backward || v->in_place);
    if (!comboing && sy < FXC(-0.2)) v->backwards_stall_frames += UPWARDS_STALL_FRAMES_NEUTRAL_EXTRA;
    fx per = !backward ? EXTRA_FRAME_PER : EXTRA_FRAME_PER_BACKWARDS;
    v->extra_frames = fxs_round(yfx_div(m, fxs_abs(sx), per)) + (comboing ? EXTRA_FRAME_IN_COMBOS : 0);
    st->iasa_at += v->extra_frames;
}

static int teleport_frame_0(ymatch *m, yobj *host, ystate *st) {
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    yfighter *f = AS_F(host);
    cowboy_vars *cv = COWBOY(f);
    ydata *d = st_data(host, st);
    if (d->kind == YD_NONE) ydata_xy(d, 0, 0);
    if (v->from_stance) {
        v->warp_stall_frames = 1;
        ydata_xy(d, cv->stance_teleport_x, cv->stance_teleport_y);
    }
    v->starting_dir = fighter_opponent_dir(m, f);
    st->iasa_at = st_name(st) == SYM_SpotDodge ? 10 : 9;
    v->backwards_stall_frames = 0;
    if (!v->shift) host->throw_invulnerable = true;
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    fx sx, sy;
    obj_xy_to_dir(m, FXI(x), FXI(y), FX_ONE, FXI(100), &sx, &sy);
    v->forward = false;
    v->in_place = fxs_vec_len(sx, sy) < FXC(0.1);
    v->x_dist = fxs_abs(sx);
    st->next_state_on_hold_on_opponent_turn = 0;
    if (v->s.super_level > 0) {
        yobj *cuts = obj_from_name(m, cv->cut_projectile);
        if (cuts) obj_disable(m, cuts);
    }
    if (v->foresight) {
        st->iasa_at = 7;
        v->warp_stall_frames = 0;
        return SYM_NONE;
    }
    if (v->s.super_level > 0) {
        st->iasa_at = host->combo_count <= 0 ? 11 : 8;
        v->backwards_stall_frames = 2;
        return SYM_NONE;
    }
    set_recovery(m, host, st, sx, sy);
    return SYM_NONE;
}

static int teleport_frame_3(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (ST_VARS(teleport_vars, host, st)->from_stance) {
        host->invulnerable = true;
        host->projectile_invulnerable = true;
    }
    return SYM_NONE;
}

static int teleport_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    host->throw_invulnerable = false;
    if (v->in_place && !v->foresight && !v->shift) host->invulnerable = true;
    host->projectile_invulnerable = true;
    AS_F(host)->colliding_with_opponent = false;
    return SYM_NONE;
}

/* Keep some speed along the teleport (less upward), and meter for a forward one in neutral. */
static void apply_momentum(ymatch *m, yobj *host, ystate *st, int32_t x, int32_t y) {
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    yfighter *f = AS_F(host);
    fx fx_, fy;
    obj_xy_to_dir(m, FXI(x), FXI(y), MOMENTUM_FORCE, FXI(100), &fx_, &fy);
    if (fy < 0) fy = fxs_mul(fy, host->combo_count <= 0 ? FXC(0.4) : FXC(0.666667));
    if (v->forward && host->combo_count <= 0)
        FH(f)->gain_super_meter(m, f, fxs_round(fxs_mul(FXI(FORWARD_SUPER), v->x_dist)), FX_ONE);
    obj_apply_force(host, fx_, fy);
}

static int teleport_frame_5(ymatch *m, yobj *host, ystate *st) {
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    yfighter *f = AS_F(host);
    cowboy_vars *cv = COWBOY(f);
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    fx mx, my;
    obj_xy_to_dir(m, FXI(x), FXI(y), MOVE_DIST, FXI(100), &mx, &my);
    if (v->foresight && cv->after_image_object) {
        yobj *obj = obj_from_name(m, cv->after_image_object);
        if (obj) {
            int32_t lx, ly;
            obj_local_pos(m, host, obj, &lx, &ly);
            mx = FXI(lx);
            my = FXI(ly);
            obj_disable(m, obj);
            cv->after_image_object = 0;
        }
    }
    obj_move_directly(host, mx, my);
    if (!v->shift) obj_set_vel(host, host->data.vx, 0);
    apply_momentum(m, host, st, x, y);
    if (!YOK(m)) return SYM_NONE;
    fighter_update_data(m, f);
    if (v->shift) {
        if (f->buffered_has_action && f->buffered_action == SYM_Continue) {
            ystate *prev = obj_prev_state(host);
            if (!prev) {
                yerr(m, YE_INTERNAL, "Shift: no previous state");
                return SYM_NONE;
            }
            f->buffered_action = prev->fallback_state;
            fighter_release_opponent(m, f);
        }
        f->use_buffer = true; /* use_buffer(): replay the buffered input next tick */
    }
    return SYM_NONE;
}

static int teleport_frame_6(ymatch *m, yobj *host, ystate *st) {
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    st->next_state_on_hold_on_opponent_turn = 1;
    if (v->starting_dir != fighter_opponent_dir(m, f) && host->combo_count <= 0 && v->s.super_level <= 0 &&
        !v->foresight && !v->in_place) {
        st->iasa_at = st->iasa_at + CROSS_THROUGH_RECOVERY;
        int32_t my_x = host->data.px, my_y = host->data.py, opp_x = opp->o.data.px;
        if (int_abs(my_x - opp_x) > MAX_CROSS_THROUGH_DIST) {
            obj_set_pos(host, opp_x + MAX_CROSS_THROUGH_DIST * -fighter_opponent_dir(m, f), my_y);
            obj_set_vel(host, fxs_mul(host->data.vx, FXC(0.25)), host->data.vy);
        }
    }
    fighter_update_facing(m, f);
    return SYM_NONE;
}

static int teleport_frame_7(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false;
    host->projectile_invulnerable = false;
    AS_F(host)->colliding_with_opponent = true;
    return SYM_NONE;
}

static int teleport_tick(ymatch *m, yobj *host, ystate *st) {
    teleport_vars *v = ST_VARS(teleport_vars, host, st);
    if (v->from_stance && st->current_tick == 0) st->current_tick = 4;
    if (v->backwards_stall_frames > 0) {
        st->current_tick = 0;
        v->backwards_stall_frames--;
    }
    if (v->warp_stall_frames > 0) {
        st->current_tick = 0;
        v->warp_stall_frames--;
    }
    obj_apply_fric(m, host);
    obj_apply_grav(m, host);
    obj_apply_forces(m, host);
    fg_set_grounded(&host->chara, host->data.py == 0);
    return SYM_NONE;
}

static void teleport_exit(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(teleport_vars, host, st)->shift) {
        yfighter *f = AS_F(host);
        cowboy_shift(m, f);
        fighter_update_data(m, f);
        fighter_update_facing(m, f);
    }
}

const state_class cowboy_teleport_class = {
    .name = "states.cowboy.time.Teleport",
    .parent = &super_move_class,
    .vars_size = sizeof(teleport_vars),
    .construct = teleport_construct,
    .is_usable = teleport_is_usable,
    .enter = teleport_enter,
    .frames = FRAMES({0, teleport_frame_0}, {3, teleport_frame_3}, {4, teleport_frame_4}, {5, teleport_frame_5},
                     {6, teleport_frame_6}, {7, teleport_frame_7}),
    .tick = teleport_tick,
    .exit = teleport_exit,
};

/* ------------------------------------------------------------------ TPStance: states/TPStance.gd: remember where the
 * stance teleport will go. */
static int tp_stance_enter(ymatch *m, yobj *host, ystate *st) {
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    COWBOY(AS_F(host))->stance_teleport_x = x;
    COWBOY(AS_F(host))->stance_teleport_y = y;
    return SYM_NONE;
}

const state_class cowboy_tp_stance_class = {
    .name = "states.cowboy.time.TPStance",
    .parent = &character_state_class,
    .enter = tp_stance_enter,
};

/* ------------------------------------------------------------------ Foresight: states/Foresight.gd (Foresight,
 * ForesightNeutral): leave an after-image up to 200 px away (x scaled 1.5, y 1.25, never below the
 * floor). Quirk kept: frame 0 sets the length to 14 (10 in combos) whatever the table says. */
#define FORESIGHT_MAX_DIST FXI(200)
#define X_MULTIPLIER FXC(1.5)
#define Y_MULTIPLIER FXC(1.25)

static bool foresight_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->after_image_object == 0;
}

static int foresight_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    st->anim_length = host->combo_count > 0 ? 10 : 14;
    return SYM_NONE;
}

static void foresight_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *projectile) {
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return;
    fx dx, dy;
    obj_xy_to_dir(m, FXI(x), FXI(y), FORESIGHT_MAX_DIST, FXI(100), &dx, &dy);
    COWBOY(AS_F(host))->after_image_object = projectile->o.number; /* setup_foresight */
    int32_t px = host->data.px + fxs_round(fxs_mul(dx, X_MULTIPLIER));
    int32_t py = host->data.py + fxs_round(fxs_mul(dy, Y_MULTIPLIER));
    if (py > 0) py = 0;
    obj_set_pos(&projectile->o, px, py);
}

const state_class cowboy_foresight_class = {
    .name = "states.cowboy.time.Foresight",
    .parent = &character_state_class,
    .is_usable = foresight_is_usable,
    .frames = FRAMES({0, foresight_frame_0}),
    .process_projectile = foresight_process_projectile,
};

/* ------------------------------------------------------------------ ForesightExplosion: states/ForesightExplosion.gd:
 * detonate the after-image now. */
static bool foresight_explosion_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->after_image_object != 0;
}

static int foresight_explosion_frame_3(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    cowboy_vars *cv = COWBOY(AS_F(host));
    if (!cv->after_image_object) return SYM_NONE;
    yobj *obj = obj_from_name(m, cv->after_image_object);
    if (!obj) return SYM_NONE; /* the original's null access is a script error that ends the frame */
    int32_t px = obj->data.px, py = obj->data.py;
    yobj *explosion = obj_spawn(m, host, cowboy_scene(CB_SCENE_EXPLOSION), 0, 0, true, NULL, true);
    if (!explosion) return SYM_NONE;
    obj_set_pos(explosion, px, py - 18);
    obj_disable(m, obj);
    return SYM_NONE;
}

const state_class cowboy_foresight_explosion_class = {
    .name = "states.cowboy.time.ForesightExplosion",
    .parent = &character_state_class,
    .is_usable = foresight_explosion_is_usable,
    .frames = FRAMES({3, foresight_explosion_frame_3}),
};

/* ------------------------------------------------------------------ ThousandCuts: states/1000Cuts.gd (1000Cuts,
 * 1000CutsEnd "Fatal Cut"): start the 1000 Cuts stance (spawns the slashes, raises the air speed),
 * or end it. */
typedef struct {
    super_move_vars s;
    yflag end;
} cuts_vars;

static void cuts_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(cuts_vars, host, st)->end = prop_bool(NODE(st), P_end, 0);
}

static bool cuts_is_usable(ymatch *m, yobj *host, ystate *st) {
    /* Quirk kept: GDScript precedence: (usable and no cuts) if not end else (cuts) */
    if (!ST_VARS(cuts_vars, host, st)->end)
        return super_move_class.is_usable(m, host, st) && COWBOY(AS_F(host))->cut_projectile == 0;
    return COWBOY(AS_F(host))->cut_projectile != 0;
}

static int cuts_frame_0(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(cuts_vars, host, st)->end) {
        yobj *cuts = obj_from_name(m, COWBOY(AS_F(host))->cut_projectile);
        if (cuts) obj_disable(m, cuts);
    }
    return SYM_NONE;
}

static int cuts_frame_2(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(cuts_vars, host, st)->end) return SYM_NONE;
    yfighter *f = AS_F(host);
    yobj *cuts = obj_spawn(m, host, cowboy_scene(CB_SCENE_CUTS), 0, 0, true, NULL, true);
    if (!cuts) return SYM_NONE;
    COWBOY(f)->cut_projectile = cuts->number;
    cowboy_start_1k_cuts_buff(f);
    return SYM_NONE;
}

const state_class cowboy_thousand_cuts_class = {
    .name = "states.cowboy.time.ThousandCuts",
    .parent = &super_move_class,
    .vars_size = sizeof(cuts_vars),
    .construct = cuts_construct,
    .is_usable = cuts_is_usable,
    .frames = FRAMES({0, cuts_frame_0}, {2, cuts_frame_2}),
};

/* ------------------------------------------------------------------ WeebCut: states/WeebCut.gd (TimeSplitter): dash
 * 120 px through the foe, then 12 hitboxes along the path hit one after the other (frames 6..17). */
#define MOVE_DISTANCE 120
#define HITBOX_START_FRAME 6

typedef struct {
    super_move_vars s;
    yflag got_blocked;
} weeb_cut_vars;

/* setup_hitboxes: the hitboxes start one frame apart, in scene order (set before the base setup,
 * so the template's activation ticks are these) */
static void weeb_cut_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yhitbox *all = obj_hitboxes(host);
    int frame = HITBOX_START_FRAME;
    for (int k = st->st->hb_first; k < st->st->hb_first + st->st->hb_count; k++) all[k].start_tick = frame++;
    ST_VARS(weeb_cut_vars, host, st)->got_blocked = false;
}

static bool weeb_cut_is_usable(ymatch *m, yobj *host, ystate *st) {
    return super_move_class.is_usable(m, host, st) && COWBOY(AS_F(host))->cut_projectile != 0;
}

static int weeb_cut_enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    cowboy_vars *cv = COWBOY(f);
    ST_VARS(weeb_cut_vars, host, st)->got_blocked = false;
    yhitbox *all = obj_hitboxes(host);
    for (int k = st->st->hb_first; k < st->st->hb_first + st->st->hb_count; k++) {
        all[k].b.x = 0;
        all[k].b.y = 0;
    }
    fx dx, dy;
    if (ydata_truthy(st_data(host, st))) {
        int32_t x, y;
        if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
        obj_xy_to_dir(m, FXI(x), FXI(y), FX_ONE, FXI(100), &dx, &dy);
    } else {
        dx = FXI(obj_facing(host));
        dy = 0;
    }
    fx mx, my;
    fxs_vec_mul(dx, dy, FXI(12), &mx, &my);
    obj_apply_force(host, mx, yfx_div(m, my, FXI(2)));
    cv->fatal_cut_move_dir_x = dx;
    cv->fatal_cut_move_dir_y = dy;
    return SYM_NONE;
}

static int weeb_cut_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    cowboy_vars *cv = COWBOY(AS_F(host));
    fg_set_grounded(&host->chara, false);
    cv->fatal_cut_start_pos_x = host->data.px;
    cv->fatal_cut_start_pos_y = host->data.py;
    if (cv->cut_projectile) { /* has_1k_cuts() */
        yobj *cuts = obj_from_name(m, cv->cut_projectile);
        if (cuts) obj_disable(m, cuts); /* (a null here is a script error that ends the frame anyway) */
    }
    return SYM_NONE;
}

static int weeb_cut_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    yfighter *f = AS_F(host);
    cowboy_vars *cv = COWBOY(f);
    if (f->initiative) host->invulnerable = true;
    fx mx, my;
    fxs_normalized_times(cv->fatal_cut_move_dir_x, cv->fatal_cut_move_dir_y, FXI(MOVE_DISTANCE), &mx, &my);
    obj_move_directly(host, mx, my);
    fighter_update_data(m, f);
    return SYM_NONE;
}

/* Spread the hitboxes evenly from the start position to here. */
static int weeb_cut_frame_5(ymatch *m, yobj *host, ystate *st) {
    cowboy_vars *cv = COWBOY(AS_F(host));
    int32_t start_x = cv->fatal_cut_start_pos_x, start_y = cv->fatal_cut_start_pos_y;
    int32_t end_x = host->data.px, end_y = host->data.py;
    yhitbox *all = obj_hitboxes(host);
    int count = st->st->hb_count, facing = obj_facing(host);
    for (int i = 0; i < count; i++) {
        yhitbox *h = &all[st->st->hb_first + i];
        fx ratio = yfx_div(m, FXI(i), FXI(count));
        fx x = fxs_lerp(FXI(start_x), FXI(end_x), ratio);
        fx y = fxs_lerp(FXI(start_y), FXI(end_y), ratio);
        h->b.x = fxs_round(fxs_sub(x, FXI(host->data.px))) * facing;
        h->b.y = fxs_round(fxs_sub(y, FXI(host->data.py))) - 16;
    }
    host->invulnerable = false;
    return SYM_NONE;
}

static void weeb_cut_on_got_blocked(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(weeb_cut_vars, host, st)->got_blocked = true;
}

static int weeb_cut_tick(ymatch *m, yobj *host, ystate *st) {
    weeb_cut_vars *v = ST_VARS(weeb_cut_vars, host, st);
    if (st->current_tick > 12) {
        obj_apply_grav(m, host);
        obj_apply_fric(m, host);
    }
    if (st->current_tick > 35 && v->got_blocked) {
        st_enable_interrupt(m, host, st, true, false);
        if (!YOK(m)) return SYM_NONE;
        v->got_blocked = false;
    }
    obj_apply_forces_no_limit(m, host);
    return SYM_NONE;
}

const state_class cowboy_weeb_cut_class = {
    .name = "states.cowboy.time.WeebCut",
    .parent = &super_move_class,
    .vars_size = sizeof(weeb_cut_vars),
    .construct = weeb_cut_construct,
    .is_usable = weeb_cut_is_usable,
    .enter = weeb_cut_enter,
    .frames = FRAMES({0, weeb_cut_frame_0}, {4, weeb_cut_frame_4}, {5, weeb_cut_frame_5}),
    .on_got_blocked = weeb_cut_on_got_blocked,
    .tick = weeb_cut_tick,
};
