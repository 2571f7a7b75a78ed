/* Hitboxes: activation, ticking, hitting, the per-hit snapshot, the swept test.
 * Mirrors yomi/hitbox.py (Hitbox.gd, ThrowBox.gd, HitboxData.gd, SweptHitbox.gd).
 * Signals: hit_something -> state_on_hitbox_hit_something (the owning state),
 * got_parried -> state_on_hitbox_got_parried. */
#include <stdlib.h>
#include <string.h>

#include "hitbox.h"
#include "boxes.h"
#include "combat.h"
#include "fighter.h"
#include "fxs.h"
#include "gd.h"
#include "match.h"
#include "obj.h"
#include "state.h"

#define COMBO_PUSHBACK_COEFFICIENT FXC(0.4)
#define KB_INCREASE_GROUNDED FXC(1.25)
#define KB_INCREASE_AERIAL FXC(1.05)
#define MAX_KNOCKBACK FXI(30)

static ystate *hb_state(yobj *host, const yhitbox *h) { return &obj_states(host)[h->state]; }

/* grouped_hitboxes: the hitboxes of the same state with the same group (itself included) */
#define FOR_GROUP(host, h, g)                                                                           \
    for (int g##_i = hb_state(host, h)->st->hb_first, g##_end = g##_i + hb_state(host, h)->st->hb_count; \
         g##_i < g##_end; g##_i++)                                                                      \
        for (yhitbox *g = &obj_hitboxes(host)[g##_i]; g && g->group == (h)->group; g = NULL)

void hitbox_activate(ymatch *m, yobj *host, yhitbox *h) {
    (void)m;
    if (h->active) return;
    hitbox_touch(host, h);
    h->b.pos_x = host->data.px;
    h->b.pos_y = host->data.py;
    h->active_tick = 0;
    h->active = 1;
    h->enabled = 1;
    if (host->is_fighter) h->cancellable = h->cancellable || (AS_F(host)->turbo_mode && !h->throw_);
    if (h->victim_hitlag == -1) h->victim_hitlag = h->hitlag_ticks; /* resolved once (persists) */
    if (h->combo_victim_hitlag == -1) h->combo_victim_hitlag = h->victim_hitlag;
    if (h->kind == HK_THROWBOX) { /* ThrowBox.activate */
        h->priority = 9999;
        h->spawn_particle_effect = 0;
        h->throw_ = 1;
    }
}

void hitbox_clear_hits(yhitbox *h) {
    h->n_hit = 0;
    if (h->spilled) h->hit_epoch++; /* its spilled entries are void from now on */
    h->spilled = 0;
}

void hitbox_deactivate(yhitbox *h) {
    h->active = 0;
    h->enabled = 0;
    hitbox_clear_hits(h);
}

static bool spill_is(const yhit_spill *e, const yobj *host, const yhitbox *h) {
    return e->owner == host->number && e->index == h->index && e->epoch == h->hit_epoch;
}

static bool hit_list_has(const ymatch *m, const yobj *host, const yhitbox *h, int number) {
    for (int i = 0; i < h->n_hit; i++)
        if (h->hit_objects[i] == number) return true;
    if (!h->spilled || !m->pool) return false;
    for (int i = 0; i < m->pool->n_spill; i++)
        if (m->pool->spill[i].number == number && spill_is(&m->pool->spill[i], host, h)) return true;
    return false;
}

/* a spilled entry still read: its hitbox's current list, of an object that can still be hit */
static bool spill_live(ymatch *m, const yhit_spill *e) {
    yobj *owner = obj_by_number(m, e->owner);
    if (!owner || e->index < 0 || e->index >= owner->n_hitboxes) return false;
    const yhitbox *h = &obj_hitboxes(owner)[e->index];
    return h->spilled && e->epoch == h->hit_epoch && (e->number <= 2 || obj_from_name(m, e->number));
}

/* One more hit object past the inline list, in the match's spill list; written here because the C
 * standard library has no growable array. The void entries are dropped when the length reaches a
 * power of two from 64 on: a rule of the entries alone, not of the room, so that a match and its
 * snapshot (which holds no spare room) keep the same bytes. */
static void spill_add(ymatch *m, const yobj *host, yhitbox *h, int number) {
    yobj_pool *p = match_pool(m);
    if (p && p->n_spill >= 64 && (p->n_spill & (p->n_spill - 1)) == 0) {
        int n = 0;
        for (int i = 0; i < p->n_spill; i++)
            if (spill_live(m, &p->spill[i])) p->spill[n++] = p->spill[i];
        p->n_spill = n;
    }
    yhit_spill *s = p ? match_grow(p->spill, &p->cap_spill, p->n_spill + 1, sizeof *s, 64) : NULL;
    if (!s) {
        yerr(m, YE_LIMIT, "out of memory for the objects a hitbox hit");
        return;
    }
    p->spill = s;
    p->spill[p->n_spill++] = (yhit_spill){host->number, h->index, number, h->hit_epoch};
    h->spilled = 1;
}

/* Membership is all that is ever read, and only for objects that can still be hit: when the
 * list is full, the entries of disabled or gone objects make room (an object is never enabled
 * again and numbers are never reused, so they are never asked about again); past that the list
 * goes on in the match's spill list. */
void hitbox_remember_object(ymatch *m, yobj *host, yhitbox *h, int number) {
    if (hit_list_has(m, host, h, number)) return;
    hitbox_touch(host, h);
    if (h->n_hit >= YOMI_MAX_HIT_OBJECTS) {
        int n = 0;
        for (int i = 0; i < h->n_hit; i++)
            if (h->hit_objects[i] <= 2 || obj_from_name(m, h->hit_objects[i])) h->hit_objects[n++] = h->hit_objects[i];
        h->n_hit = (uint8_t)n;
    }
    if (h->n_hit >= YOMI_MAX_HIT_OBJECTS) {
        spill_add(m, host, h, number);
        return;
    }
    h->hit_objects[h->n_hit++] = number;
}

void hitbox_save_hit_object(ymatch *m, yobj *host, yhitbox *h, int number) {
    FOR_GROUP(host, h, g) hitbox_remember_object(m, host, g, number);
}

bool hitbox_already_hit_object(const ymatch *m, yobj *host, const yhitbox *h, int number) {
    FOR_GROUP(host, h, g) if (hit_list_has(m, host, g, number)) return true;
    return false;
}

/* Quirk kept: the original appends the hitbox instead of the name, so this marks nothing. */
void hitbox_add_hit_object(yobj *host, yhitbox *h, int number) {
    (void)host;
    (void)h;
    (void)number;
}

void hitbox_clear_group(yobj *host, yhitbox *h) {
    FOR_GROUP(host, h, g) hitbox_clear_hits(g);
}

static bool can_counter(yfighter *f, bool throw_, int hit_height);

bool hitbox_is_counter_hit(ymatch *m, yobj *host, yhitbox *h) {
    if (!host->is_fighter) return false;
    yfighter *f = AS_F(host);
    if (f->counterhit_this_turn) return true;
    yfighter *opp = FOPP(m, f);
    ystate *os = obj_state(&opp->o);
    bool a = f->initiative && os->has_hitboxes && os->can_be_counterhit;
    bool b = os->is_brace && !can_counter(opp, h->throw_, h->hit_height);
    return (h->can_counter_hit && a) || b;
}

static fx real_knockback(ymatch *m, yobj *host, yhitbox *h) {
    if (!host->is_fighter) return h->knockback;
    yfighter *creator = AS_F(host);
    int move = creator->o.sm.state;
    if (!creator->combo_moves_used[move]) return h->knockback;
    fx base = obj_grounded(&FOPP(m, creator)->o) ? KB_INCREASE_GROUNDED : KB_INCREASE_AERIAL;
    fx modifier = fxs_powu(base, creator->combo_moves_used[move]);
    fx final_kb = fxs_mul(h->knockback, modifier);
    if (final_kb > MAX_KNOCKBACK) final_kb = MAX_KNOCKBACK;
    return final_kb;
}

static int32_t real_hitstun(ymatch *m, yobj *host, yhitbox *h) {
    yfighter *creator = AS_F(obj_get_fighter(m, host));
    int32_t ticks = creator->o.combo_count <= 0 ? h->hitstun_ticks : h->combo_hitstun_ticks;
    bool started_above_0 = ticks > 0;
    /* combo proration adjusts by PRORATION_HITSTUN_ADJUSTMENT_AMOUNT = 0 */
    if (host->is_fighter) {
        int move = creator->o.sm.state;
        if (creator->combo_moves_used[move]) {
            int32_t reduced = ticks - 1 * (creator->combo_moves_used[move] + 1);
            ticks = (int32_t)int_max(reduced, idiv(ticks, 2));
        }
    }
    if (started_above_0 && ticks <= 0) ticks = 1;
    return ticks;
}

static int32_t real_victim_hitlag(ymatch *m, yobj *host, yhitbox *h) {
    yfighter *creator = AS_F(obj_get_fighter(m, host));
    return creator->o.combo_count > 0 ? h->combo_victim_hitlag : h->victim_hitlag;
}

void hitbox_to_data(ymatch *m, yobj *host, yhitbox *h, yhbd *d) {
    memset(d, 0, sizeof *d);
    d->hit_height = h->hit_height;
    d->hitstun_ticks = real_hitstun(m, host, h);
    d->victim_hitlag = real_victim_hitlag(m, host, h);
    d->facing = (int8_t)obj_facing(host);
    d->facing_int = obj_facing(host);
    d->id = host->id;
    d->knockback = real_knockback(m, host, h);
    d->damage = h->damage;
    d->dir_y = h->dir_y;
    d->hitlag_ticks = h->hitlag_ticks;
    d->disable_collision = h->disable_collision;
    d->dir_x = h->dir_x;
    d->knockdown = h->knockdown;
    d->aerial_hit_state = h->aerial_hit_state;
    d->grounded_hit_state = h->grounded_hit_state;
    d->name_owner = host->number;
    d->name_index = h->index;
    d->ground_bounce = h->ground_bounce;
    d->throw_ = h->throw_;
    d->hard_knockdown = h->hard_knockdown;
    d->force_grounded = h->force_grounded;
    d->wall_slam = h->wall_slam;
    d->reversible = h->launch_reversible;
    d->pos_x = h->b.pos_x + (h->b.facing == 1 ? h->b.x : -h->b.x);
    d->pos_y = h->b.pos_y + h->b.y;
    d->is_projectile = !host->is_fighter;
    d->knockdown_extends_hitstun = h->knockdown_extends_hitstun;
    d->hits_otg = h->hits_otg;
    d->host = host->number;
    if (host->is_fighter) d->combo_count = host->combo_count;
    else {
        yfighter *owner = host->fighter_owner ? match_get_player(m, host->fighter_owner) : NULL;
        d->combo_count = owner ? owner->o.combo_count : 0;
    }
    d->screenshake_amount = h->screenshake_amount;
    d->screenshake_frames = h->screenshake_frames;
    d->counter_hit = hitbox_is_counter_hit(m, host, h);
    d->minimum_damage = h->minimum_damage;
    d->sdi_modifier = h->sdi_modifier;
    d->di_modifier = h->di_modifier;
    d->increment_combo = h->increment_combo;
    d->ignore_armor = h->ignore_armor;
    d->damage_proration = h->damage_proration;
    d->parry_meter_gain = h->parry_meter_gain;
    d->hitbox_type = h->hitbox_type;
    d->damage_in_combo = h->damage_in_combo;
    d->hits_vs_dizzy = h->hits_vs_dizzy;
    d->meter_gain_modifier = h->meter_gain_modifier;
    d->air_ground_bounce = h->air_ground_bounce;
    d->scale_combo = h->scale_combo;
    d->plus_frames = h->plus_frames;
    d->vacuum = h->vacuum;
    d->send_away_from_center = h->send_away_from_center;
    d->minimum_grounded_frames = h->minimum_grounded_frames;
    d->chip_damage_modifier = h->chip_damage_modifier;
    d->block_pushback_modifier = h->block_pushback_modifier;
    d->hits_vs_standing = h->hits_vs_standing;
    d->combo_scaling_amount = h->combo_scaling_amount;
    d->ground_bounce_knockback_modifier = h->ground_bounce_knockback_modifier;
    d->hits_projectiles = h->hits_projectiles;
    d->cancellable = h->cancellable;
    d->followup_state = h->followup_state;
    d->guard_break = h->guard_break;
    d->parriable = h->parriable;
    d->block_punishable = h->block_punishable;
    d->looping = h->looping;
    d->ignore_projectile_armor = h->ignore_projectile_armor;
    d->block_cancel_allowed = h->block_cancel_allowed;
    d->allowed_to_hit_own_team = h->allowed_to_hit_own_team;
    d->block_pushback_reversible = h->block_pushback_reversible;
    d->block_reverse_pushback_modifier = h->block_reverse_pushback_modifier;
    d->misc_data = h->misc_data;
    d->guard_break_proration = h->guard_break_proration;
    if (d->damage_in_combo == -1) d->damage_in_combo = d->damage;
}

static bool can_counter(yfighter *f, bool throw_, int hit_height) {
    /* Combat.can_counter_hitbox on a live hitbox */
    yhbd probe;
    memset(&probe, 0, sizeof probe);
    probe.throw_ = throw_;
    probe.hit_height = hit_height;
    return combat_can_counter_hitbox(f, &probe);
}

void hitbox_hit(ymatch *m, yobj *host, yhitbox *h, yobj *obj) {
    if (hit_list_has(m, host, h, obj->number)) return;
    if (obj->invulnerable && h->hitbox_type != HB_THROW_HIT) return;
    if (obj_is_otg(obj) && !h->hits_otg) return;
    hitbox_save_hit_object(m, host, h, obj->number);
    if (!YOK(m)) return;
    ystate *owner_state = hb_state(host, h);
    if (h->hitbox_type == HB_DETECT) {
        ystate *cur = obj_state(host);
        st_vt(cur)->detect(m, host, cur, obj);
        return;
    }
    yhbd data, probe;
    hitbox_to_data(m, host, h, &data);
    probe = data;
    obj_hit_by(m, obj, &data);
    if (!YOK(m)) return;
    bool can_hit = true;
    if (obj->is_fighter) {
        yfighter *victim = AS_F(obj);
        if (host->is_fighter) {
            ystate *hs = obj_state(host);
            if (hs->end_feint) {
                AS_F(host)->feinting = false;
                hs->feinting = 0;
            }
        }
        bool parried_name = fighter_parried_has(m, victim, host->number, h->index);
        if (combat_can_parry_hitbox(m, victim, &probe) || parried_name) {
            can_hit = false;
            state_on_hitbox_got_parried(m, host, owner_state); /* signal got_parried */
        }
        if (can_counter(victim, h->throw_, h->hit_height)) can_hit = false;
        if (victim->on_the_ground && !h->hits_otg) can_hit = false;
        if (!h->hits_vs_dizzy && st_name(obj_state(obj)) == SYM_HurtDizzy) can_hit = false;
    }
    if (can_hit) {
        fx decay = host->is_fighter ? fxs_int(AS_F(host)->hitstun_decay_combo_count) : 0;
        fx modifier = fxs_mul(decay, COMBO_PUSHBACK_COEFFICIENT);
        fx pushback = fxs_neg(fxs_add(h->pushback_x, modifier));
        pushback = yfx_div(m, pushback, FXI(2));
        obj_add_pushback(host, pushback);
        obj_add_pushback(obj, pushback);
        if (obj->is_fighter) {
            yobj *opponent = &FOPP(m, AS_F(obj))->o;
            if (opponent != host) obj_add_pushback(opponent, pushback);
        }
        state_on_hitbox_hit_something(m, host, owner_state, obj, h); /* signal hit_something */
    }
}

void hitbox_tick(ymatch *m, yobj *host, yhitbox *h) {
    (void)m;
    h->b.pos_x = host->data.px;
    h->b.pos_y = host->data.py;
    if (h->looping) {
        int32_t period = h->loop_active_ticks + h->loop_inactive_ticks;
        int32_t loop_tick = period ? (int32_t)(((h->active_tick % period) + period) % period) : 0;
        bool prev_enabled = h->enabled;
        h->enabled = loop_tick < h->loop_active_ticks;
        if (!h->enabled && prev_enabled) hitbox_clear_group(host, h);
    }
    h->active_tick++;
    if (h->active_tick > h->active_ticks && !h->always_on) hitbox_deactivate(h);
}

/* ------------------------------------------------------------------ SweptHitbox */
static int32_t x_facing(const ybox *b) { return b->facing == 1 ? b->x : -b->x; }

/* (near_time) or -1 for None; times are fixed strings compared as values */
static bool seg_seg(ymatch *m, int32_t start, int32_t delta, int32_t padding, int32_t n1, int32_t n2) {
    int32_t near_, far_;
    if (delta > 0) {
        near_ = n1 - padding;
        far_ = n2 + padding;
    } else {
        near_ = n2 + padding;
        far_ = n1 - padding;
    }
    fx recip = yfx_div(m, FX_ONE, FXI(delta));
    fx near_time = fxs_mul(FXI(near_ - start), recip);
    if (near_time >= FX_ONE) return false;
    fx far_time = fxs_mul(FXI(far_ - start), recip);
    if (far_time <= 0) return false;
    return true;
}

static bool swept_overlaps(ymatch *m, const yhitbox *h, const ybox *box) {
    if (box->width == 0 && box->height == 0) return false;
    int32_t start_x = x_facing(&h->b) + h->b.pos_x;
    int32_t start_y = h->b.y + h->b.pos_y;
    int32_t a[4];
    box_aabb(box, a);
    int32_t x1 = a[0], x2 = a[1], y1 = a[2], y2 = a[3];
    int32_t w = h->b.width, hh = h->b.height;
    if (x1 < start_x && start_x < x2 && y1 < start_y && start_y < y2) return true;
    int32_t delta_x = h->b.facing == 1 ? h->to_x : -h->to_x, delta_y = h->to_y;
    bool zero_x = delta_x == 0, zero_y = delta_y == 0;
    if (zero_x != zero_y) {
        if (zero_y) {
            if (y1 - hh < start_y && start_y < y2 + hh) return seg_seg(m, start_x, delta_x, w, x1, x2);
            return false;
        }
        if (x1 - w < start_x && start_x < x2 + w) return seg_seg(m, start_y, delta_y, hh, y1, y2);
        return false;
    } else if (zero_x && zero_y) {
        int32_t bx1 = x_facing(&h->b) + h->b.pos_x - w, bx2 = x_facing(&h->b) + h->b.pos_x + w;
        int32_t by1 = h->b.y + h->b.pos_y - hh, by2 = h->b.y + h->b.pos_y + hh;
        return !(bx1 > x2 || bx2 < x1 || by1 > y2 || by2 < y1);
    }
    int32_t near_x, far_x, near_y, far_y;
    if (delta_x > 0) {
        near_x = x1 - w;
        far_x = x2 + w;
    } else {
        near_x = x2 + w;
        far_x = x1 - w;
    }
    if (delta_y > 0) {
        near_y = y1 - hh;
        far_y = y2 + hh;
    } else {
        near_y = y2 + hh;
        far_y = y1 - hh;
    }
    fx recip_x = yfx_div(m, FX_ONE, FXI(delta_x));
    fx recip_y = yfx_div(m, FX_ONE, FXI(delta_y));
    fx near_time_x = fxs_mul(FXI(near_x - start_x), recip_x);
    fx far_time_y = fxs_mul(FXI(far_y - start_y), recip_y);
    if (near_time_x > far_time_y) return false;
    fx near_time_y = fxs_mul(FXI(near_y - start_y), recip_y);
    fx far_time_x = fxs_mul(FXI(far_x - start_x), recip_x);
    if (near_time_y > far_time_x) return false;
    fx near_time = near_time_x > near_time_y ? near_time_x : near_time_y;
    fx far_time = far_time_x < far_time_y ? far_time_x : far_time_y;
    if (near_time >= FX_ONE || far_time <= 0) return false;
    return true;
}

bool hitbox_overlaps(ymatch *m, const yhitbox *h, const ybox *box) {
    if (h->kind == HK_SWEPT) return swept_overlaps(m, h, box);
    return box_overlaps(&h->b, box);
}

bool hitbox_overlaps_hitbox(ymatch *m, const yhitbox *h, const yhitbox *other) {
    /* A swept "hurtbox" never overlaps: a plain box refuses swept boxes (CollisionBox.overlaps),
     * and, Quirk kept, a swept box gets no AABB from the other swept box, so the game's sweep test
     * stops on a script error that its caller reads as no overlap (yomi/hitbox.py
     * SweptHitbox.overlaps). */
    if (other->kind == HK_SWEPT) return false;
    if (h->kind == HK_SWEPT) return swept_overlaps(m, h, &other->b);
    return box_overlaps(&h->b, &other->b);
}
