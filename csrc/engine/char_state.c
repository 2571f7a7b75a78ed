/* The state of a fighter: interrupts, cancels, initiative, legality, supers.
 * Mirrors states/char_state.py (CharState.gd, class CharacterState). */
#include "char_state.h"
#include "fighter.h"
#include "fxs.h"
#include "match.h"
#include "obj.h"
#include "state.h"

#define WHIFF_SUPER_GAIN 10

bool st_in_list(const uint16_t *list, int n, int sym) {
    for (int i = 0; i < n; i++)
        if (list[i] == sym) return true;
    return false;
}

bool st_has_exception(const ystate *st, int sym) {
    return st_in_list(st->interrupt_exceptions, st->n_interrupt_exceptions, sym);
}

void st_remove_exception(ystate *st, int sym) { /* list.remove: the first occurrence */
    for (int i = 0; i < st->n_interrupt_exceptions; i++) {
        if (st->interrupt_exceptions[i] == sym) {
            for (int j = i + 1; j < st->n_interrupt_exceptions; j++)
                st->interrupt_exceptions[j - 1] = st->interrupt_exceptions[j];
            st->n_interrupt_exceptions--;
            return;
        }
    }
}

void st_append_exception(ymatch *m, ystate *st, int sym) {
    if (st->n_interrupt_exceptions >= YOMI_MAX_EXCEPTIONS) {
        yerr(m, YE_LIMIT, "interrupt_exceptions of %s exceed %d", sym_text(st_name(st)), YOMI_MAX_EXCEPTIONS);
        return;
    }
    st->interrupt_exceptions[st->n_interrupt_exceptions++] = (uint16_t)sym;
}

bool st_has_hitbox_children(ystate *st) { return st->st->hb_count > 0; }

/* ------------------------------------------------------------------ legality */
bool cs_is_usable_with_grounded_check(ymatch *m, yfighter *f, ystate *st, bool force_aerial, bool force_grounded) {
    if (!st_is_usable(m, &f->o, st)) return false;
    bool grounded = obj_grounded(&f->o);
    if (st->air_type == AIR_AERIAL) {
        if (force_grounded) return false;
        if (grounded && !force_aerial) return false;
    }
    if (st->air_type == AIR_GROUNDED) {
        if (force_aerial) return false;
        if (!grounded && !force_grounded) return false;
    }
    return true;
}

bool cs_is_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    if (st_name(obj_state(host)) == SYM_WhiffInstantCancel) {
        if (!st->has_hitboxes) return false;
        if (!st->usable_from_whiff_cancel_if_possible) return false;
    }
    if (st->uses_air_movement && !(st->ignore_air_option_use_in_combos && host->combo_count > 0))
        if (f->air_movements_left <= 0) return false;
    if (st->type == AT_DEFENSE && f->penalty_ticks > 0) return false;
    if (st->combo_only && host->combo_count < 1) return false;
    if (st->neutral_only && host->combo_count >= 1) return false;
    const ystate_static *s = st->st;
    for (int i = 0; i < s->n_reqs; i++) {
        const yreq *r = &s->reqs[i];
        int v = FH(f)->usable_requirement(m, f, r->method, r->args, r->n_args);
        if (v < 0) {
            yerr(m, YE_NOT_PORTED, "usable requirement '%s' is not ported", sym_text(r->method));
            return false;
        }
        if ((v != 0) == r->inverse) return false;
    }
    if (f->supers_available < st->super_level_) return false;
    return true;
}

bool cs_allowed_in_stance(yfighter *f, ystate *st) {
    const ystate_static *s = st->st;
    return st_in_list(s->allowed_stances, s->n_allowed_stances, SYM_All) ||
           st_in_list(s->allowed_stances, s->n_allowed_stances, f->stance);
}

bool cs_can_feint(ymatch *m, yfighter *f, ystate *st) {
    (void)m;
    return (st->has_hitboxes || st->force_feintable) &&
           (f->feints > 0 || fighter_total_super_meter(f) >= 125) && st->can_feint_if_possible;
}

/* ------------------------------------------------------------------ frames */
int cs_frame_0_shared(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yfighter *f = AS_F(host);
    int levels = st->supers_used_ == -1 ? st->super_level_ : st->supers_used_;
    if (st->scale_combo_meter_ && levels > 0) f->combo_supers++;
    for (int i = 0; i < levels; i++) fighter_use_super_bar(f);
    return SYM_NONE;
}

int cs_enter_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    if (st->force_same_direction_as_previous_state) f->reverse_state = false;
    state_enter_shared(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (!st_is(st, T_NEW_PARRY)) f->block_used_air_movement = false;
    st->started_during_combo = 0;
    if (st->dynamic_iasa) st->interruptible_on_opponent_turn = st->start_interruptible_on_opponent_turn;
    st->hit_yet = 0;
    st->land_cancelled = 0;
    st->hit_anything = 0;
    st->hit_fighter = 0;
    st->hit_hit_cancellable_projectile = 0;
    st->entered_in_air = !obj_grounded(host);
    st->was_blocked = 0;
    st->started_in_air = 0;
    fg_update_grounded(&host->chara);
    if (st->change_stance_to != SYM_NONE) fighter_change_stance_to(f, st->change_stance_to);
    if (!obj_grounded(host) || st->air_type == AIR_AERIAL) st->started_in_air = 1;
    if (st->uses_air_movement && !(st->ignore_air_option_use_in_combos && host->combo_count > 0))
        if (!f->infinite_resources && host->gravity_enabled) f->air_movements_left--;
    if (st->has_hitboxes) {
        int direction = fighter_move_dir(f);
        if (direction == 0 || direction == fighter_opponent_dir(m, f)) fighter_add_penalty(m, f, -8, false);
        FH(f)->gain_super_meter(m, f, fxs_round(fxs_mul(FXI(WHIFF_SUPER_GAIN), st->st->whiff_meter_gain_multiplier)),
                                FX_ONE);
    }
    return SYM_NONE;
}

void cs_exit_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    st->beats_backdash = 0; /* quirk kept: cleared on every exit, never restored */
    if (st->feinting && st->end_feint) {
        fighter_update_facing(m, f);
        f->feinting = false;
    }
    st->feinting = 0;
    f->melee_attack_combo_scaling_applied = false;
    state_exit_shared(m, host, st);
    if (st->update_facing_on_exit) {
        fighter_update_facing(m, f);
    } else {
        f->reverse_state = false;
        obj_set_facing(m, host, obj_facing(host), false);
    }
    state_terminate_hitboxes(m, host, st);
    if (st->release_opponent_on_exit) fighter_release_opponent(m, f);
    f->got_parried = false;
    f->got_blocked = false;
    f->colliding_with_opponent = true;
    host->state_interruptable = false;
    f->projectile_hit_cancelling = false;
    f->has_hyper_armor = false;
    f->has_projectile_armor = false;
    host->state_hit_cancellable = false;
    f->clipping_wall = false;
    obj_on_state_ended(m, host, st); /* signal state_ended */
}

int cs_tick_shared(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    yfighter *opp = FOPP(m, f);
    if (st->current_tick == 0) {
        st->initiative_startup_reduction = 0;
        st->feinting = f->feinting;
        st->hit_cancelled = 0;
        if (f->initiative) {
            if (st->initiative_effect) {
                f->initiative_effect = false;
                if (st->initiative_startup_reduction_amount > 0) st->initiative_startup_reduction = 1;
            }
            FH(f)->on_state_initiative_start(m, f);
        }
        f->moved_forward = false;
        if (st->release_opponent_on_startup) fighter_release_opponent(m, f);
        if (!st->is_hurt_state && st->reversible && !st->force_same_direction_as_previous_state) {
            if (f->reverse_state) {
                int facing = obj_facing(host);
                bool equal_x = opp->o.data.px == host->data.px;
                obj_set_facing(m, host, facing * (equal_x ? 1 : -1), false);
                obj_update_data(m, host);
            }
        } else {
            f->reverse_state = false;
        }
        f->moved_backward = false;
    }
    if (st->initiative_startup_reduction) {
        st->current_tick += st->initiative_startup_reduction_amount;
        st->initiative_startup_reduction = 0;
    }
    if (!obj_grounded(host) || st->air_type == AIR_AERIAL) st->started_in_air = 1;
    int next = state_tick_shared(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    if (host->combo_count > 0 && st->hit_yet) st->started_during_combo = 1;
    if (next != SYM_NONE) return next;
    const state_vt *vt = st_vt(st);
    if (st->land_cancel && vt->can_land_cancel(m, host, st) && obj_grounded(host) && st->started_in_air &&
        st->current_tick > st->min_land_cancel_frame && host->data.vy >= 0) {
        if (st->landing_recovery >= 0) state_queue_change_int(m, host, st, st->land_cancel_state, st->landing_recovery);
        else state_queue_change(m, host, st, st->land_cancel_state, NULL);
        vt->on_land_cancel(m, host, st);
    }
    if (st->current_tick <= st->anim_length && !st->endless) {
        int n_into = 0;
        if (vt->can_interrupt(m, host, st) && (vt->interrupt_into(m, host, st, &n_into), n_into > 0)) {
            vt->enable_interrupt(m, host, st, true, false);
            if (!YOK(m)) return SYM_NONE;
            if (st->dynamic_iasa) st->interruptible_on_opponent_turn = 1;
        }
    }
    if (st->current_tick == st->no_collision_start_frame) f->colliding_with_opponent = false;
    if (st->current_tick == st->no_collision_end_frame) f->colliding_with_opponent = true;
    return SYM_NONE;
}

int cs_tick_after(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    fighter_set_lowest_tick(AS_F(host), st->current_real_tick);
    return SYM_NONE;
}

static void on_land_cancel(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->land_cancelled = 1;
}

bool cs_can_interrupt(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    int32_t tick = st->current_tick;
    if (tick == st->iasa_at) return true;
    for (int i = 0; i < st->n_interrupt_frames; i++)
        if (st->interrupt_frames[i] == tick) return true;
    if (tick == st->anim_length - 1) return true;
    if ((st->hit_fighter || st->hit_hit_cancellable_projectile) && tick == st->iasa_on_hit) return true;
    if (st->was_blocked && st->iasa_on_hit_on_block && tick == st->iasa_on_hit) return true;
    return false;
}

/* ------------------------------------------------------------------ interrupts and cancels */
void cs_enable_interrupt(ymatch *m, yobj *host, ystate *st, bool check_opponent, bool remove_hitlag) {
    (void)remove_hitlag;
    yfighter *f = AS_F(host);
    yfighter *opp = FOPP(m, f);
    ystate *os = obj_state(&opp->o);
    if (st->backdash_iasa && os->beats_backdash) return;
    if (check_opponent && st->beats_backdash && os->beats_backdash) {
        st_enable_interrupt(m, &opp->o, os, false, false);
        if (!YOK(m)) return;
        if (!st->allow_framecheat) state_queue_change(m, host, st, st->fallback_state, NULL);
    }
    os = obj_state(&opp->o);
    if (st->beats_backdash && os->backdash_iasa) {
        if (!os->allow_framecheat) state_queue_change(m, &opp->o, os, os->fallback_state, NULL);
        if (!st->allow_framecheat) state_queue_change(m, host, st, st->fallback_state, NULL);
    }
    if (st->hit_fighter && !st->allow_framecheat) state_queue_change(m, host, st, st->fallback_state, NULL);
    fighter_on_state_interruptable(m, f, st); /* signal state_interruptable */
}

void cs_enable_hit_cancel(ymatch *m, yobj *host, ystate *st, bool projectile) {
    (void)st;
    fighter_on_state_hit_cancellable(m, AS_F(host), projectile);
}

static bool obj_can_hit_cancel(ymatch *m, yobj *obj, yfighter *f) {
    if (obj->is_fighter) return false; /* fighters have no can_hit_cancel */
    yproj *p = AS_P(obj);
    return p->vt->can_hit_cancel(m, p, f);
}

static bool can_hit_cancel_(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    yfighter *f = AS_F(host);
    if (!hb->cancellable) return false;
    if (obj == &FOPP(m, f)->o && FH(AS_F(obj))->has_armor(m, AS_F(obj))) return false;
    /* hit_cancel_into == ["OffensiveBurst"] never holds: init appends six more categories */
    if (hb->kind == HK_THROWBOX) return false;
    if (!st_vt(st)->can_hit_cancel(m, host, st)) return false;
    bool can = obj_can_hit_cancel(m, obj, f);
    if (obj->is_fighter || can) {
        bool projectile = !obj->is_fighter;
        if (projectile || hb->followup_state == SYM_NONE) return true;
    }
    return false;
}

void cs_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    yfighter *f = AS_F(host);
    if (!st->hit_yet && obj == &FOPP(m, f)->o) {
        st->hit_yet = 1;
        fighter_stack_move_in_combo(m, f, st->st->index);
        if (host->combo_count > 0 && st->hit_yet) st->started_during_combo = 1;
    }
    if (st->count_projectile_hits && !obj->is_fighter) st->hit_anything = 1;
    if (obj->is_fighter) {
        st->hit_anything = 1;
        st->hit_fighter = 1;
        f->melee_attack_combo_scaling_applied = true;
        fighter_add_penalty(m, f, -25, false);
    } else if (AS_P(obj)->hit_cancel_on_hit) {
        st->hit_hit_cancellable_projectile = 1;
    }
    object_state_on_hit_something(m, host, st, obj, hb);
    /* try_hit_cancel */
    if (hb->cancellable && can_hit_cancel_(m, host, st, obj, hb)) {
        bool projectile = !obj->is_fighter;
        cs_enable_hit_cancel(m, host, st, projectile);
        if (projectile) host->hitlag_ticks = 0;
    }
}

static fx vel_mult(ymatch *m, yobj *h, ystate *st) {
    (void)m;
    (void)h;
    return st->st->velocity_forward_meter_gain_multiplier;
}

static const yframe CS_FRAMES_SHARED[] = {{0, cs_frame_0_shared}, {-1, 0}};

const state_class character_state_class = {
    .name = "states.char_state.CharacterState",
    .parent = &object_state_class,
    .traits = T_CHARACTER_STATE,
    .frames_shared = CS_FRAMES_SHARED,
    .enter_shared = cs_enter_shared,
    .exit_shared = cs_exit_shared,
    .tick_shared = cs_tick_shared,
    .tick_after = cs_tick_after,
    .on_hit_something = cs_on_hit_something,
    .is_usable = cs_is_usable,
    .can_interrupt = cs_can_interrupt,
    .enable_interrupt = cs_enable_interrupt,
    .on_land_cancel = on_land_cancel,
    .get_velocity_forward_meter_gain_multiplier = vel_mult,
};
