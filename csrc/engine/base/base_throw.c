/* Throws. Mirrors states/base/throw.py (characters/states/ThrowState.gd: Hold, AirHold,
 * ForwardThrow, BackThrow, Air*Throw). The thrower carries the opponent at its throw
 * position (from its current sprite frame's texture) and at release_frame hits it with a
 * HitboxData built from this state's release exports. */
#include <string.h>

#include "base.h"
#include "engine.h"

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    throw_vars *v = ST_VARS(throw_vars, host, st);
    const ynode *n = NODE(st);
#define I(f, d) v->f = (int32_t)prop_int(n, P_##f, d)
#define B(f, d) v->f = prop_bool(n, P_##f, d)
    B(release, 0); I(release_frame, -1); B(use_start_throw_pos, 1); I(start_throw_pos_x, 0); I(start_throw_pos_y, 0);
    B(use_release_throw_pos, 1); I(release_throw_pos_x, 0); I(release_throw_pos_y, 0); I(hitstun_ticks, 0);
    v->knockback = prop_fx(n, P_knockback, "1.0");
    v->dir_x = prop_fx(n, P_dir_x, "1.0");
    v->dir_y = prop_fx(n, P_dir_y, "0.0");
    B(knockdown, 1); B(knockdown_extends_hitstun, 1);
    v->aerial_hit_state = (uint16_t)prop_sym(n, P_aerial_hit_state, SYM_HurtAerial);
    v->grounded_hit_state = (uint16_t)prop_sym(n, P_grounded_hit_state, SYM_HurtGrounded);
    I(damage, 10); I(damage_in_combo, -1); B(reverse, 0); B(disable_collision, 1); B(ground_bounce, 1);
    I(screenshake_amount, 0); I(screenshake_frames, 0); B(hits_otg, 0); B(increment_combo, 1); B(hard_knockdown, 0);
    B(force_grounded, 0); B(air_ground_bounce, 0); B(wall_slam, 0);
    v->di_modifier = prop_fx(n, P_di_modifier, "1.0");
    I(minimum_grounded_frames, -1); I(damage_proration, 0); I(hit_height, HH_MID);
    v->misc_data = (uint16_t)prop_sym(n, P_misc_data, 0);
#undef I
#undef B
    v->released = false;
    v->hitlag_ticks = 0;
    v->victim_hitlag = 0;
    v->throw_ = true;
}

static int enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(throw_vars, host, st)->released = false;
    return SYM_NONE;
}

static bool find_pos(const ythrowpos *tp, int n, int texture, int32_t *x, int32_t *y) {
    for (int i = 0; i < n; i++)
        if (tp[i].texture == texture) {
            *x = tp[i].x;
            *y = tp[i].y;
            return true;
        }
    return false;
}

static void update_throw_position(yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    int texture = obj_current_texture(host);
    if (texture < 0) return;
    int32_t x, y;
    int n_root;
    const ythrowpos *root = table_root_throw_positions(1, host->table, &n_root);
    if (find_pos(st->st->throw_positions, st->st->n_throw_positions, texture, &x, &y) ||
        find_pos(root, n_root, texture, &x, &y)) {
        f->throw_pos_x = x;
        f->throw_pos_y = y;
    }
}

static int frame_0_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    throw_vars *v = ST_VARS(throw_vars, host, st);
    cs_frame_0_shared(m, host, st);
    machine_change_state(m, &opp->o, SYM_Grabbed, NULL, true, true);
    if (!YOK(m)) return SYM_NONE;
    if (v->use_start_throw_pos) {
        f->throw_pos_x = v->start_throw_pos_x;
        f->throw_pos_y = v->start_throw_pos_y;
    } else {
        update_throw_position(host, st);
    }
    int32_t x, y;
    fighter_global_throw_pos(f, &x, &y);
    obj_set_pos(&opp->o, x, y);
    return SYM_NONE;
}

/* HitboxData(ThrowState): the state's exports; defaults where a ThrowState has no such attribute */
void hbd_from_throw_state(ymatch *m, yfighter *f, ystate *st, yhbd *d) {
    (void)m;
    throw_vars *v = ST_VARS(throw_vars, &f->o, st);
    memset(d, 0, sizeof *d);
    d->hit_height = v->hit_height;
    d->hitstun_ticks = v->hitstun_ticks;
    d->victim_hitlag = v->victim_hitlag;
    d->facing = (int8_t)obj_facing(&f->o);
    d->facing_int = obj_facing(&f->o);
    d->id = f->o.id;
    d->knockback = v->knockback;
    d->damage = v->damage;
    d->dir_y = v->dir_y;
    d->hitlag_ticks = v->hitlag_ticks;
    d->disable_collision = v->disable_collision;
    d->dir_x = v->dir_x;
    d->knockdown = v->knockdown;
    d->aerial_hit_state = v->aerial_hit_state;
    d->grounded_hit_state = v->grounded_hit_state;
    /* HitboxData(self): the name is the state's. Nothing ever removes it from a fighter's
     * parried_hitboxes (no hitbox has that name), so a parried throw state never lands again. */
    d->name_owner = YHBD_STATE_NAME;
    d->name_index = (int16_t)st->st->name;
    d->ground_bounce = v->ground_bounce;
    d->throw_ = v->throw_;
    d->hard_knockdown = v->hard_knockdown;
    d->force_grounded = v->force_grounded;
    d->wall_slam = v->wall_slam;
    d->reversible = false;
    d->pos_x = 0;
    d->pos_y = 0;
    d->is_projectile = false;
    d->knockdown_extends_hitstun = v->knockdown_extends_hitstun;
    d->hits_otg = v->hits_otg;
    d->host = f->o.number;
    d->combo_count = f->o.combo_count;
    d->screenshake_amount = v->screenshake_amount;
    d->screenshake_frames = v->screenshake_frames;
    d->counter_hit = false;
    d->minimum_damage = 0;
    d->sdi_modifier = FX_ONE;
    d->di_modifier = v->di_modifier;
    d->increment_combo = v->increment_combo;
    d->ignore_armor = false;
    d->damage_proration = v->damage_proration;
    d->parry_meter_gain = -1;
    d->hitbox_type = HB_NORMAL;
    d->damage_in_combo = v->damage_in_combo;
    d->hits_vs_dizzy = true;
    d->meter_gain_modifier = FX_ONE;
    d->air_ground_bounce = v->air_ground_bounce;
    d->scale_combo = true;
    d->plus_frames = 0;
    d->vacuum = false;
    d->send_away_from_center = false;
    d->minimum_grounded_frames = v->minimum_grounded_frames;
    d->chip_damage_modifier = FX_ONE;
    d->block_pushback_modifier = FX_ONE;
    d->hits_vs_standing = true;
    d->combo_scaling_amount = 1;
    d->ground_bounce_knockback_modifier = FX_ONE;
    d->hits_projectiles = true;
    d->cancellable = false;
    d->followup_state = SYM_NONE;
    d->guard_break = false;
    d->parriable = true;
    d->block_punishable = false;
    d->looping = false;
    d->ignore_projectile_armor = false;
    d->block_cancel_allowed = true;
    d->allowed_to_hit_own_team = true;
    d->block_pushback_reversible = false;
    d->block_reverse_pushback_modifier = FX_ONE;
    d->misc_data = v->misc_data;
    d->guard_break_proration = 0;
    if (d->damage_in_combo == -1) d->damage_in_combo = d->damage;
}

void throw_do_release(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    throw_vars *v = ST_VARS(throw_vars, host, st);
    v->throw_ = false;
    if (v->use_release_throw_pos) {
        f->throw_pos_x = v->release_throw_pos_x;
        f->throw_pos_y = v->release_throw_pos_y;
    } else {
        update_throw_position(host, st);
    }
    int32_t x, y;
    fighter_global_throw_pos(f, &x, &y);
    obj_set_pos(&opp->o, x, y);
    fighter_update_facing(m, opp);
    yhbd d;
    hbd_from_throw_state(m, f, st, &d);
    combat_hit_by(m, opp, &d, false);
}

static int tick_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    throw_vars *v = ST_VARS(throw_vars, host, st);
    if (st->current_tick == 0) {
        v->throw_ = true;
        if (v->reverse && !st->force_same_direction_as_previous_state) {
            f->reverse_state = false;
            obj_set_facing(m, host, -obj_facing(host), false);
        }
        host->invulnerable = true;
        v->released = false;
    }
    /* quirk kept: the base result is dropped */
    cs_tick_shared(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (!v->released && v->release && st->current_tick + 1 == v->release_frame) {
        throw_do_release(m, host, st);
        if (!YOK(m)) return SYM_NONE;
        v->released = true;
    }
    if (!v->released) {
        opp->colliding_with_opponent = false;
        f->colliding_with_opponent = false;
    }
    update_throw_position(host, st);
    return SYM_NONE;
}

static int tick_after(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    cs_tick_after(m, host, st);
    if (!ST_VARS(throw_vars, host, st)->released) {
        fighter_update_data(m, f);
        int32_t x, y;
        fighter_global_throw_pos(f, &x, &y);
        obj_set_pos(&opp->o, x, y);
    }
    return SYM_NONE;
}

static void throw_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(throw_vars, host, st)->released = false;
}

const state_class throw_state_class = {
    .name = "states.base.throw.ThrowState",
    .parent = &character_state_class,
    .vars_size = sizeof(throw_vars),
    .traits = T_THROW,
    .construct = construct,
    .enter = enter,
    .frames_shared = FRAMES({0, frame_0_shared}),
    .tick_shared = tick_shared,
    .tick_after = tick_after,
    .exit = throw_exit,
};
