/* What happens to a fighter that is hit, blocks or parries. Mirrors fighter/combat.py
 * (the hit half of BaseChar.gd: hit_by, launched_by, block_hitbox, take_damage, DI). */
#include <string.h>

#include "combat.h"
#include "char_state.h"
#include "data.h"
#include "fighter.h"
#include "fxs.h"
#include "gd.h"
#include "hitbox.h"
#include "machine.h"
#include "match.h"
#include "obj.h"
#include "state.h"
#include "base.h"

#define MAX_STALES 15
#define MIN_STALE_MODIFIER FXC(0.2)
#define DI_SNAP_DISTANCE FXC(0.01)
#define DAMAGE_SUPER_GAIN_DIVISOR 1
#define DAMAGE_TAKEN_SUPER_GAIN_DIVISOR 5
#define PROJECTILE_PERFECT_PARRY_WINDOW 3
#define BURST_ON_DAMAGE_AMOUNT 5
#define COUNTER_HIT_ADDITIONAL_HITLAG_FRAMES 0
#define MAX_GROUNDED_HITS 7
#define PUSH_BLOCK_CHIP_MODIFIER FXC(0.33)
#define PARRY_KNOCKBACK_DIVISOR FXI(3)
#define PARRY_COMBO_SCALING FXC(0.85)
#define PUSH_BLOCK_FORCE FXI(-10)
#define PUSH_BLOCK_DIST FXI(220)
#define PUSH_BLOCK_ADVANTAGE_PENALTY 0
#define AIR_BLOCK_PUSHBACK_MODIFIER FXC(0.35)
#define BASE_PLUS_FRAMES 0
#define VS_AERIAL_ADDITIONAL_PLUS_FRAMES 2
#define WRONG_HIT_HEIGHT_ADDITIONAL_PLUS_FRAMES 2
#define SUCCESSFUL_BRACE_HITSTUN_MODIFIER FXC(0.35)
#define SUCCESSFUL_BRACE_DI_MODIFIER FXC(1.5)
#define COUNTER_HIT_DAMAGE_MODIFIER FXC(1.1)
#define PARRY_METER 50
#define SUPER_METER_GRACE_DIVISOR 2

static yfighter *OPP(ymatch *m, yfighter *f) { return FOPP(m, f); }

/* ------------------------------------------------------------------ combo bookkeeping */
void combat_increment_opponent_combo(ymatch *m, yfighter *f, const yhbd *hb) {
    yobj *host = obj_by_number(m, hb->host);
    bool projectile = host && !host->is_fighter;
    yfighter *opp = OPP(m, f);
    bool will_scale = hb->scale_combo || opp->o.combo_count == 0;
    int32_t old_count = opp->o.combo_count;
    if (hb->increment_combo) {
        FH(opp)->incr_combo(m, opp, will_scale, projectile, projectile && hb->scale_combo, hb->combo_scaling_amount);
        if (opp->o.combo_count <= 1 && hb->scale_combo) {
            opp->combo_proration = hb->damage_proration;
            if (opp->o.combo_count == 1 && old_count == 0 && opp->air_movements_left < opp->num_air_movements)
                opp->air_movements_left++;
        }
    }
}

void combat_apply_hitlag(ymatch *m, yfighter *f, const yhbd *hb) {
    (void)m;
    f->o.hitlag_ticks = hb->victim_hitlag + (hb->counter_hit ? COUNTER_HIT_ADDITIONAL_HITLAG_FRAMES : 0);
    if (f->braced_attack)
        f->o.hitlag_ticks = fxs_round(fxs_mul(fxs_int(f->o.hitlag_ticks), SUCCESSFUL_BRACE_HITSTUN_MODIFIER));
    f->o.hitlag_ticks = fxs_round(fxs_mul(fxs_int(f->o.hitlag_ticks), f->global_hitstop_modifier));
    f->hitlag_applied = f->o.hitlag_ticks;
}

/* ------------------------------------------------------------------ armor and braces */
bool combat_is_bracing(yfighter *f) {
    ystate *st = obj_state(&f->o);
    return st_is(st, T_COUNTER_ATTACK) && ST_VARS(counter_vars, &f->o, st)->bracing;
}

bool combat_can_counter_hitbox(yfighter *f, const yhbd *hb) {
    ystate *st = obj_state(&f->o);
    if (!combat_is_bracing(f)) return false;
    if (st_is(st, T_COUNTER_ATTACK)) {
        int type = ST_VARS(counter_vars, &f->o, st)->counter_type;
        if (type == COUNTER_GRAB) return hb->throw_;
        if (type == COUNTER_HIGH) return !hb->throw_ && (hb->hit_height == HH_HIGH || hb->hit_height == HH_MID);
        if (type == COUNTER_LOW) return !hb->throw_ && hb->hit_height == HH_LOW;
    }
    return false;
}

bool combat_can_parry_hitbox(ymatch *m, yfighter *f, const yhbd *hb) {
    ystate *st = obj_state(&f->o);
    if (!st_is(st, T_PARRY)) return false;
    return st_vt(st)->can_parry_hitbox(m, &f->o, st, hb);
}

/* ------------------------------------------------------------------ being hit */
static void thrown_by(ymatch *m, yfighter *f) {
    fighter_emit_got_hit(m, f);
    if (!YOK(m)) return;
    machine_change_state(m, &f->o, SYM_Grabbed, NULL, true, true);
}

void combat_hit_by(ymatch *m, yfighter *f, yhbd *hb, bool force_hit) {
    yfighter *opp = OPP(m, f);
    if (f->parried) return;
    if (fighter_parried_has(m, f, hb->name_owner, hb->name_index)) return;
    if (!hb->hits_otg && obj_is_otg(&f->o)) return;
    if (!hb->hits_vs_dizzy && st_name(obj_state(&f->o)) == SYM_HurtDizzy) return;
    if (combat_can_counter_hitbox(f, hb)) f->braced_attack = true; /* counter_hitbox */
    else if (st_is(obj_state(&f->o), T_COUNTER_ATTACK)) f->hit_out_of_brace = true;
    if (hb->throw_ && !obj_is_otg(&f->o)) {
        thrown_by(m, f);
        return;
    }
    if (force_hit || !combat_can_parry_hitbox(m, f, hb)) {
        switch (hb->hitbox_type) {
        case HB_NORMAL:
        case HB_BURST: FH(f)->launched_by(m, f, hb); break;
        case HB_NO_HITSTUN: TAKE_DAMAGE(m, f, opp->o.combo_count <= 0 ? hb->damage : hb->damage_in_combo); break;
        case HB_FLIP:
            obj_set_facing(m, &f->o, obj_facing(&f->o) * -1, true);
            obj_set_vel(&f->o, fxs_neg(f->o.data.vx), f->o.data.vy);
            for (int i = 0; i < f->o.n_hitboxes; i++) f->hitboxes[i].b.facing = (int8_t)obj_facing(&f->o);
            fighter_emit_got_hit(m, f);
            combat_increment_opponent_combo(m, f, hb);
            combat_take_damage(m, f, hbd_get_damage(hb), hb->minimum_damage, hb->meter_gain_modifier, 0, FX_ONE);
            break;
        case HB_THROW_HIT:
            fighter_emit_got_hit(m, f);
            combat_apply_hitlag(m, f, hb);
            combat_apply_hitlag(m, opp, hb);
            combat_take_damage(m, f, hbd_get_damage(hb), hb->minimum_damage, hb->meter_gain_modifier, 0, FX_ONE);
            FH(opp)->incr_combo(m, opp, hb->scale_combo, false, false, hb->combo_scaling_amount);
            break;
        case HB_OFFENSIVE_BURST:
            opp->hitstun_decay_combo_count = 0;
            FH(f)->launched_by(m, f, hb);
            fg_reset_pushback(&f->o.chara);
            fg_reset_pushback(&opp->o.chara);
            break;
        default: break;
        }
    } else {
        combat_block_hitbox(m, f, hb, false, false, false, false);
    }
}

void combat_emit_hit_by_signal(ymatch *m, yfighter *f, const yhbd *hb) {
    fighter_emit_got_hit(m, f);
    if (!hb || !YOK(m)) return;
    yobj *host = obj_by_number(m, hb->host);
    if (host && host->is_fighter) { /* the fighter's own connection first, then the run-time ones */
        FH(f)->on_got_hit_by_fighter(m, f);
        obj_emit_signal(m, &f->o, SYM_got_hit_by_fighter);
    } else {
        FH(f)->on_got_hit_by_projectile(m, f);
        obj_emit_signal(m, &f->o, SYM_got_hit_by_projectile);
    }
}

/* BaseChar.gd: launched_by. Ends with one immediate tick of the hurt state. The hurt
 * state keeps the snapshot it was entered with (f->hitbox_data, its {"hitbox": ...}
 * data); from the change on, that copy is "the" hitbox, as in Python where both are
 * the same object. */
void combat_base_launched_by(ymatch *m, yfighter *f, yhbd *hb_in) {
    yfighter *opp = OPP(m, f);
    yhbd *hb = hb_in;
    if (f->super_meter_used_recently > 0) {
        fighter_gain_super_meter_raw(f, (int32_t)idiv(f->super_meter_used_recently, SUPER_METER_GRACE_DIVISOR));
        f->super_meter_used_recently = 0;
        f->super_meter_grace_ticks = 0;
    }
    combat_apply_hitlag(m, f, hb);
    f->feinting = false;
    yobj *host = obj_by_number(m, hb->host);
    if (host) {
        int32_t host_hitlag = fxs_round(fxs_mul(fxs_int(hb->hitlag_ticks), f->global_hitstop_modifier));
        if (host->hitlag_ticks < host_hitlag) host->hitlag_ticks = host_hitlag;
    }
    f->nudge_amount = hb->sdi_modifier;
    bool projectile = host && !host->is_fighter;
    bool will_launch = hb->ignore_armor || !FH(f)->has_armor(m, f);
    if (!hb->ignore_armor)
        if (projectile && f->has_projectile_armor && !hb->ignore_projectile_armor) will_launch = false;
    bool will_block = false;
    bool autoblock = FH(f)->has_autoblock_armor(m, f);
    if (will_launch && autoblock) {
        if (!hb->ignore_projectile_armor && !hb->ignore_armor) {
            will_launch = false;
            will_block = !projectile;
        }
    }
    int32_t scaling_offset = hb->combo_scaling_amount - 1;
    if (will_launch) {
        int state = obj_grounded(&f->o) ? hb->grounded_hit_state : hb->aerial_hit_state;
        if (state == SYM_HurtGrounded) {
            f->grounded_hits_taken++;
            if (f->grounded_hits_taken >= MAX_GROUNDED_HITS && !hb->force_grounded) {
                state = SYM_HurtAerial;
                f->grounded_hits_taken = 0;
            }
        }
        if (!projectile) {
            fighter_refresh_feints(f);
            fighter_refresh_feints(opp);
        } else if (opp->o.combo_count == 0) {
            fighter_gain_free_cancel(opp, 1);
        }
        combat_increment_opponent_combo(m, f, hb);
        if (!YOK(m)) return;
        if (hb != &f->hitbox_data) f->hitbox_data = *hb;
        hb = &f->hitbox_data;
        ydata data;
        ydata_none(&data);
        data.kind = YD_HITBOX;
        machine_change_state(m, &f->o, state, &data, true, true);
        if (!YOK(m)) return;
        if (hb->disable_collision) f->colliding_with_opponent = false;
        f->busy_interrupt = true;
        f->can_nudge = true;
        FH(f)->on_launched(m, f);
    } else if (will_block) {
        machine_change_state(m, &f->o, autoblock ? SYM_ParryAuto : SYM_ParryHigh, NULL, true, true);
        if (!YOK(m)) return;
        combat_block_hitbox(m, f, hb, false, true, false, autoblock);
    }
    if (!YOK(m)) return;
    if (f->has_hyper_armor) f->hit_during_armor = true;
    combat_emit_hit_by_signal(m, f, hb);
    if (!YOK(m)) return;
    int32_t damage = hbd_get_damage(hb);
    if (will_block) damage = fxs_round(fxs_mul(fxs_int(damage), FXC(0.5)));
    if (hb->counter_hit) damage = fxs_round(fxs_mul(fxs_int(damage), COUNTER_HIT_DAMAGE_MODIFIER));
    combat_take_damage(m, f, damage, hb->minimum_damage, hb->meter_gain_modifier, scaling_offset, FX_ONE);
    if (will_launch && YOK(m)) obj_state_tick(m, &f->o);
}

/* ------------------------------------------------------------------ blocking and parrying */
static bool state_push(yobj *host, ystate *st) {
    return st_is(st, T_NEW_PARRY) && ST_VARS(grounded_parry_vars, host, st)->push;
}

void combat_block_hitbox(ymatch *m, yfighter *f, yhbd *hb, bool force_parry, bool force_block, bool ignore_guard_break,
                         bool autoblock_armor) {
    yfighter *opp = OPP(m, f);
    yobj *host = obj_by_number(m, hb->host);
    bool projectile = host && !host->is_fighter;
    ystate *st = obj_state(&f->o);
    const state_vt *vt = st_vt(st);
    int parry_type = st_is(st, T_PARRY) ? ST_VARS(parry_vars, &f->o, st)->parry_type : PARRY_HIGH;
    bool can_parry = st_is(st, T_PARRY) ? ST_VARS(parry_vars, &f->o, st)->can_parry : false;
    int32_t timing = 0;
    ydata_get(obj_state_data(&f->o, st), SYM_Melee_Parry_Timing, SYM_count, &timing);
    int32_t input_timing = timing + (f->blocked_hitbox_plus_frames - opp->blocked_hitbox_plus_frames);
    f->o.state_interruptable = false;
    bool perfect_parry;
    ystate *ost = obj_state(&opp->o);
    if (!projectile) {
        if (st_is(st, T_NEW_PARRY)) {
            int32_t parry_timing = f->turn_frames + opp->o.hitlag_ticks;
            bool in_window = (parry_timing == input_timing || (input_timing >= 20 && f->turn_frames >= 20)) ||
                             (hb->hitbox_type == HB_BURST && f->o.combo_count > 0);
            bool req_no_height = FH(f)->can_perfect_parry(m, f) && !vt->get_whiffed_block(m, &f->o, st) &&
                                 (ost->feinting || opp->feinting || f->initiative) && hb->parriable;
            bool requirement = req_no_height && vt->matches_hitbox_height(m, &f->o, st, hb, -1);
            perfect_parry = can_parry && ((FH(f)->can_perfect_parry(m, f) && f->always_perfect_parry) ||
                                          (in_window && requirement && !f->blocked_last_hit));
            if (opp->feint_parriable) perfect_parry = true;
        } else {
            perfect_parry = can_parry && (f->always_perfect_parry || ost->feinting || opp->feinting ||
                                          (f->initiative && !f->blocked_last_hit) || f->parried_last_state);
            perfect_parry = perfect_parry && hb->parriable;
        }
    } else {
        perfect_parry = can_parry && !state_push(&f->o, st) &&
                        (f->always_perfect_parry || host->always_parriable || f->parried_last_state ||
                         (st->current_tick < PROJECTILE_PERFECT_PARRY_WINDOW && host->has_projectile_parry_window));
    }
    if (force_parry) perfect_parry = true;
    if (force_block) perfect_parry = false;

    if (perfect_parry) {
        f->parried_last_state = true;
        f->last_parry_tick = f->o.current_tick;
        if (!hb->block_punishable && !projectile) f->parry_combo = true;
    } else {
        f->blocked_last_hit = true;
        f->blocked_last_turn = true;
        f->o.throw_invulnerable = true;
        if (!projectile && !f->last_turn_block && f->initiative) {
            if (hb->guard_break && !ignore_guard_break && !vt->get_whiffed_block(m, &f->o, st) &&
                FH(opp)->can_guard_break(m, opp)) {
                hb->damage_proration = (int32_t)int_max(hb->guard_break_proration, hb->damage_proration);
                combat_hit_by(m, f, hb, true);
                if (!YOK(m)) return;
                ystate *cur = obj_state(&f->o);
                if (st_is(cur, T_HURT)) {
                    ST_VARS(hurt_vars, &f->o, cur)->guard_broken = true;
                    f->guard_broken_this_turn = true;
                }
                return;
            }
        }
    }
    if (!projectile) {
        if (!perfect_parry) {
            opp->feinting = false;
            opp->got_blocked = true;
            FH(f)->on_blocked_melee_attack(m, f);
        } else {
            opp->feinting = false;
            opp->got_parried = true;
            obj_state(&opp->o)->interruptible_on_opponent_turn = 0;
        }
        if (!st_is(st, T_NEW_PARRY)) obj_state(&opp->o)->feinting = 0;
    }
    f->parried = true;
    f->o.hitlag_ticks = 0;
    fighter_parried_add(m, f, hb->name_owner, hb->name_index);
    if (!YOK(m)) return;
    if (st_is(st, T_NEW_PARRY)) {
        bool guard = ST_VARS(grounded_parry_vars, &f->o, st)->use_guard_sprites;
        int high_anim = guard ? SYM_ShieldHigh : SYM_ParryHigh, low_anim = guard ? SYM_ShieldLow : SYM_ParryLow;
        st->anim_name = (uint16_t)((hb->hit_height == HH_LOW || !obj_grounded(&f->o)) ? low_anim : high_anim);
        state_update_sprite_frame(m, &f->o, st);
    }
    int32_t parry_meter = hb->parry_meter_gain == -1 ? PARRY_METER : hb->parry_meter_gain;
    vt->parry(m, &f->o, st, perfect_parry);
    if (!YOK(m)) return;

    if (!perfect_parry) {
        f->last_turn_block = true;
        int32_t divisor = !projectile ? f->parry_chip_divisor : f->parry_chip_projectile_divisor;
        int32_t chip = fxs_round(fxs_mul(fxs_int(idiv(hb->damage, divisor)), hb->chip_damage_modifier));
        bool push_block = state_push(&f->o, st);
        if (push_block) chip = fxs_round(fxs_mul(fxs_int(chip), PUSH_BLOCK_CHIP_MODIFIER));
        if (!vt->matches_hitbox_height(m, &f->o, st, hb, parry_type))
            chip += fxs_round(
                fxs_mul(fxs_mul(fxs_int(idiv(hb->damage, f->parry_chip_divisor)), FXC(0.5)), hb->chip_damage_modifier));
        if (!autoblock_armor) combat_take_damage(m, f, chip, 0, FXC(0.4), 0, FXI(2));
        FH(opp)->gain_super_meter(m, opp, (int32_t)idiv(parry_meter, 10), FX_ONE);
        int32_t block_hitlag = hb->hitlag_ticks + 1;
        if (!projectile) {
            if (!f->block_used_air_movement) f->block_used_air_movement = true;
            if (autoblock_armor) opp->o.hitlag_ticks = 0;
            ystate *os = obj_state(&opp->o);
            st->anim_length = os->anim_length;
            st->endless = os->endless;
            st->iasa_at = os->iasa_at;
            st->current_tick = 0;
            os->was_blocked = 1;
            FH(opp)->on_attack_blocked(m, opp);
            if (!YOK(m)) return;
            opp->blockstun_ticks += block_hitlag;
            fighter_add_penalty(m, opp, -10, false);
            if (opp->feints < opp->num_feints) opp->feints++;
            if (!(hb->looping && !hb->cancellable) && hb->block_cancel_allowed && FH(opp)->can_block_cancel(m, opp)) {
                if (!hb->block_punishable || autoblock_armor) {
                    st_enable_interrupt(m, &f->o, st, true, false);
                    obj_state(&opp->o)->interruptible_on_opponent_turn = 1;
                    opp->last_turn_block = true;
                } else {
                    st_enable_interrupt(m, &f->o, st, true, false);
                }
                if (!YOK(m)) return;
            }
            if (fxs_sign(fxs_int(fighter_opponent_dir(m, f))) == fxs_sign(f->o.data.vx))
                obj_set_vel(&f->o, 0, f->o.data.vy);
            fx block_pushback_modifier = hb->block_pushback_modifier;
            if (hb->block_pushback_reversible) {
                int direction = (int)int_sign(hb->pos_x - f->o.data.px);
                fx modifier = FX_ONE;
                if (direction == -1 && hb->facing == -1) modifier = -FX_ONE;
                if (direction == 1 && hb->facing == 1) modifier = -FX_ONE;
                if (modifier == -FX_ONE) modifier = fxs_mul(hb->block_reverse_pushback_modifier, modifier);
                block_pushback_modifier = fxs_mul(block_pushback_modifier, modifier);
            }
            if (state_push(&f->o, st) && block_pushback_modifier < 0)
                block_pushback_modifier = fxs_neg(block_pushback_modifier);
            /* Quirk kept (fighter/combat.py): on the same x the opponent dir is 0 and this divides
             * by zero; yfx_div raises YE_FIXED as Python's FixedError (the game goes on with a null). */
            fx pushback_force = fxs_mul(
                yfx_div(m, hb->knockback,
                        fxs_mul(fxs_int(fighter_opponent_dir(m, f)), fxs_neg(f->parry_knockback_divisor))),
                block_pushback_modifier);
            if (!obj_grounded(&f->o)) pushback_force = fxs_mul(pushback_force, AIR_BLOCK_PUSHBACK_MODIFIER);
            obj_apply_force(&f->o, pushback_force, 0);
            obj_apply_force_relative(
                &opp->o,
                fxs_mul(yfx_div(m, hb->knockback, fxs_mul(f->parry_knockback_divisor, FXI(-2))), block_pushback_modifier),
                0);
        }
        if (state_push(&f->o, st)) {
            if (!projectile || fighter_opponent_distance(m, f) <= PUSH_BLOCK_DIST) {
                obj_apply_force(&opp->o, fxs_mul(fxs_int(fighter_opponent_dir(m, opp)), PUSH_BLOCK_FORCE), 0);
                FH(opp)->on_got_push_blocked(m, opp);
            }
            if (projectile) obj_on_got_push_blocked(m, host);
        }
        f->blocked_hitbox_plus_frames = BASE_PLUS_FRAMES;
        st->interruptible_on_opponent_turn = 1;
        int32_t total_plus_frames = hb->plus_frames;
        if (!vt->matches_hitbox_height(m, &f->o, st, hb, parry_type))
            total_plus_frames += WRONG_HIT_HEIGHT_ADDITIONAL_PLUS_FRAMES;
        if (state_push(&f->o, st)) total_plus_frames += PUSH_BLOCK_ADVANTAGE_PENALTY;
        if (!projectile) {
            total_plus_frames += BASE_PLUS_FRAMES;
            if (!obj_grounded(&f->o)) total_plus_frames += VS_AERIAL_ADDITIONAL_PLUS_FRAMES;
        }
        combat_set_block_stun(f, opp, total_plus_frames, true, projectile ? 0 : block_hitlag);
        f->parried = false;
        if (projectile)
            obj_apply_force_relative(&f->o,
                                     fxs_mul(yfx_div(m, hb->knockback, fxs_mul(PARRY_KNOCKBACK_DIVISOR, -FX_ONE)),
                                             hb->block_pushback_modifier),
                                     0);
        if (host) {
            obj_on_got_blocked(m, host);
            if (!YOK(m)) return;
            obj_on_got_blocked_by(m, host, &f->o);
            if (!YOK(m)) return;
        }
        FH(f)->on_blocked_something(m, f);
        if (hb->hitbox_type == HB_FLIP) obj_set_facing(m, &f->o, obj_facing(&f->o) * -1, true);
    } else {
        if (!projectile) {
            FH(f)->gain_super_meter(m, f, parry_meter, FX_ONE);
            fighter_add_penalty(m, f, -20, false);
        } else {
            fighter_add_penalty(m, f, -10, false);
            FH(f)->gain_super_meter(m, f, (int32_t)idiv(parry_meter, 3), FX_ONE);
        }
        if (host) {
            obj_on_got_parried(m, host);
            if (!YOK(m)) return;
            obj_on_got_parried_by(m, host, &f->o);
            if (!YOK(m)) return;
        }
        FH(f)->on_parried(m, f);
    }
}

void combat_set_block_stun(yfighter *f, yfighter *opp, int32_t total_plus_frames, bool has_hitlag, int32_t block_hitlag) {
    if (!has_hitlag) block_hitlag = total_plus_frames;
    if (total_plus_frames > 0) f->blocked_hitbox_plus_frames = total_plus_frames;
    else if (total_plus_frames < 0) opp->blocked_hitbox_plus_frames = total_plus_frames * -1;
    f->blockstun_ticks += block_hitlag;
}

void combat_projectile_free_cancel(ymatch *m, yfighter *f) {
    (void)m;
    if (!obj_state(&f->o)->can_feint_if_possible) return;
    if (f->got_blocked || f->got_parried) return;
    f->feinting = true;
}

/* ------------------------------------------------------------------ damage */
static fx penalty_damage_modifier(ymatch *m, yfighter *f) {
    int32_t min_penalty = 20;
    if (f->penalty_ticks > 0) return FXC(1.5);
    if (f->penalty < min_penalty) return FX_ONE;
    return fxs_add(FX_ONE,
                   fxs_mul(yfx_div(m, fxs_int(f->penalty - min_penalty), fxs_int(75 - min_penalty)), FXC(0.5)));
}

/* The combo staling of `count` (get_combo_stale): the divisor is the constant MAX_STALES, so the
 * division cannot fail and needs no match to report to. */
static fx stale_of(int32_t count) {
    fx ratio = 0;
    fx_div(fxs_sub(fxs_int(MAX_STALES), fxs_int(int_min(count, MAX_STALES))), fxs_int(MAX_STALES), &ratio);
    fx mod = fxs_mul(fxs_sub(FX_ONE, MIN_STALE_MODIFIER), fxs_powu(fx_rq(ratio), 2));
    return fxs_add(mod, MIN_STALE_MODIFIER);
}

/* stale_of(0 .. MAX_STALES), asked for by every meter gain and every hit: filled when the library
 * loads, before any match can run. Counts from MAX_STALES on stale alike (int_min above). */
static fx STALE_TABLE[MAX_STALES + 1];
__attribute__((constructor)) static void fill_stale_table(void) {
    for (int32_t c = 0; c <= MAX_STALES; c++) STALE_TABLE[c] = stale_of(c);
}

fx combat_combo_stale(ymatch *m, int32_t count) {
    (void)m;
    if (count < 0) return stale_of(count);
    return STALE_TABLE[count < MAX_STALES ? count : MAX_STALES];
}

static int32_t combo_stale_damage(ymatch *m, yfighter *f, int32_t damage, int32_t offset) {
    yfighter *opp = OPP(m, f);
    int32_t count = opp->o.combo_count - offset + (opp->o.combo_count > 1 ? opp->combo_proration : 0) - 1;
    fx staling = combat_combo_stale(m, (int32_t)int_max(count, 0));
    return fxs_round(fxs_mul(fxs_int(damage), staling));
}

static fx guts(ymatch *m, yfighter *f) {
    /* GUTS_REDUCTIONS is {"1.0": "1.0"}: hp / MAX_HEALTH <= 1 always gives 1 */
    fx current = FX_ONE;
    fx hp_level = yfx_div(m, fxs_int(f->hp), fxs_int(f->MAX_HEALTH));
    if (hp_level <= FX_ONE) current = FX_ONE;
    return current;
}

void combat_take_damage(ymatch *m, yfighter *f, int32_t damage, int32_t minimum, fx meter_gain_modifier,
                        int32_t combo_scaling_offset, fx damage_taken_meter_gain_modifier) {
    yfighter *opp = OPP(m, f);
    if (damage == 0) return;
    fighter_gain_burst_meter(m, f, true, (int32_t)idiv(damage, BURST_ON_DAMAGE_AMOUNT));
    damage = (int32_t)int_max(combo_stale_damage(m, f, damage, combo_scaling_offset), 1);
    damage = (int32_t)int_max(damage, minimum);
    damage = (int32_t)int_max(fxs_round(fxs_mul(fxs_int(damage), guts(m, f))), 1);
    if (opp->parry_combo) damage = fxs_round(fxs_mul(fxs_int(damage), PARRY_COMBO_SCALING));
    damage = fxs_round(fxs_mul(fxs_int(damage), penalty_damage_modifier(m, f)));
    int32_t meter_gain = fxs_round(fxs_mul(fxs_int(idiv(damage, DAMAGE_SUPER_GAIN_DIVISOR)), meter_gain_modifier));
    FH(opp)->gain_super_meter(m, opp, meter_gain, FX_ONE);
    FH(f)->gain_super_meter(
        m, f, fxs_round(fxs_mul(fxs_int(idiv(damage, DAMAGE_TAKEN_SUPER_GAIN_DIVISOR)), damage_taken_meter_gain_modifier)),
        FX_ONE);
    damage = fxs_round(fxs_mul(fxs_mul(fxs_int(damage), f->damage_taken_modifier), f->global_damage_modifier));
    opp->combo_damage += damage;
    f->hp -= damage;
    fighter_add_penalty(m, f, -25, false);
    if (f->hp < 0) f->hp = 0;
    ystate *st = obj_state(&f->o);
    if (state_push(&f->o, st) && f->hp <= 0) f->hp = 1;
}

/* ------------------------------------------------------------------ DI */
fx combat_di_scaling(ymatch *m, yfighter *f, bool brace) {
    yfighter *opp = OPP(m, f);
    if (brace && f->hit_out_of_brace) return 0;
    fx max_extra = fxs_sub(f->max_di_scaling, f->min_di_scaling);
    fx amount = fxs_int(int_clamp(opp->o.combo_count, 0, f->di_combo_limit));
    fx ratio = yfx_div(m, amount, fxs_int(f->di_combo_limit));
    fx total = fxs_add(f->min_di_scaling, fxs_mul(max_extra, ratio));
    if (brace && f->braced_attack) total = fxs_mul(total, SUCCESSFUL_BRACE_DI_MODIFIER);
    return fxs_mul(total, f->di_modifier);
}

void combat_scaled_di(ymatch *m, yfighter *f, fx *x, fx *y) {
    fx scaling = combat_di_scaling(m, f, true);
    fx rx, ry;
    fx dx = f->di_is_str ? 0 : fxs_int(f->current_di[0]);
    fx dy = f->di_is_str ? 0 : fxs_int(f->current_di[1]);
    obj_xy_to_dir(m, dx, dy, scaling, FXI(100), &rx, &ry);
    fx length = fxs_vec_len(rx, ry);
    if (fxs_abs(fxs_sub(length, scaling)) < DI_SNAP_DISTANCE || length > scaling)
        fxs_normalized_times(rx, ry, scaling, &rx, &ry);
    *x = rx;
    *y = ry;
}
