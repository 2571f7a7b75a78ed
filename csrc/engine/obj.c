/* Every object of a match: fighters and projectiles share this base.
 * Mirrors yomi/obj.py (BaseObj.gd).
 *
 * Hazard kept (BaseObj.gd): get_pos()/get_vel() read `data`, the snapshot of
 * the last update_data(), not the live body; every update_data call site is kept. */
#include <stdlib.h>
#include <string.h>

#include "obj.h"
#include "boxes.h"
#include "combat.h"
#include "data.h"
#include "fighter.h"
#include "fxs.h"
#include "gd.h"
#include "hitbox.h"
#include "machine.h"
#include "match.h"
#include "scene.h"
#include "state.h"

/* ------------------------------------------------------------------ parts of a host */

ydata *obj_state_data(yobj *o, ystate *st) {
    static ydata NONE_DATA; /* states that are neither current nor just below: never read */
    ystate *states = obj_states(o);
    if (o->sm.state >= 0 && st == &states[o->sm.state]) return &o->data_cur;
    if (o->sm.prev >= 0 && st == &states[o->sm.prev]) return &o->data_prev;
    ydata_none(&NONE_DATA);
    return &NONE_DATA;
}

/* ------------------------------------------------------------------ identity */
yobj *obj_by_number(ymatch *m, int number) {
    if (number == 1) return &m->f[0].o;
    if (number == 2) return &m->f[1].o;
    if (number < 3) return NULL;
    int lo = 0, hi = m->n_objs - 1;
    while (lo <= hi) { /* objects are in spawn order: numbers increase */
        int mid = (lo + hi) / 2;
        yproj *p = match_obj_at(m, mid);
        int n = p->o.number;
        if (n == number) return &p->o;
        if (n < number) lo = mid + 1;
        else hi = mid - 1;
    }
    for (int k = 0; k < m->n_gone; k++) { /* a retired object (disabled, until its slot is recycled) */
        yproj *p = match_slot(m, *match_gone_at(m, k));
        if (p->o.number == number) return &p->o;
    }
    return NULL;
}

yobj *obj_from_name(ymatch *m, int number) {
    yobj *o = obj_by_number(m, number);
    return (o && !o->disabled) ? o : NULL;
}

int obj_state_index_quiet(yobj *o, int sym) { return table_state_of_sym(o->is_fighter, o->table, sym); }

int obj_state_index(ymatch *m, yobj *o, int sym) {
    int i = obj_state_index_quiet(o, sym);
    if (i < 0) yerr(m, YE_STATE, "%s: no state named '%s'", o->is_fighter ? (o->number == 1 ? "P1" : "P2") : "object",
                    sym_text(sym));
    return i;
}

yobj *obj_get_opponent(ymatch *m, yobj *o) {
    if (o->is_fighter) return &FOPP(m, AS_F(o))->o;
    if (o->creator) {
        yobj *c = obj_by_number(m, o->creator);
        if (c) return obj_get_opponent(m, c);
    }
    return o->id == 1 ? &m->f[1].o : &m->f[0].o;
}

yobj *obj_get_fighter(ymatch *m, yobj *o) {
    if (o->is_fighter) return o;
    if (o->creator) {
        yobj *c = obj_by_number(m, o->creator);
        if (c) return obj_get_fighter(m, c);
    }
    return o->id == 1 ? &m->f[0].o : &m->f[1].o;
}

bool obj_is_otg(yobj *o) {
    ystate *st = obj_state(o);
    return st && (st_name(st) == SYM_Knockdown || st_name(st) == SYM_HardKnockdown);
}

/* ------------------------------------------------------------------ lifecycle */
void obj_init(ymatch *m, yobj *o) {
    if (o->initialized) return;
    fg_body *c = &o->chara;
    c->id = o->id;
    c->gravity = o->gravity;
    c->ground_friction = o->ground_friction;
    c->air_friction = o->air_friction;
    c->max_ground_speed = o->max_ground_speed;
    c->max_air_speed = o->max_air_speed;
    c->max_fall_speed = o->max_fall_speed;
    o->default_hurtbox[0] = o->hurtbox.x;
    o->default_hurtbox[1] = o->hurtbox.y;
    o->default_hurtbox[2] = o->hurtbox.width;
    o->default_hurtbox[3] = o->hurtbox.height;
    machine_init(m, o, &o->spawn_data);
    obj_update_data(m, o);
    o->initialized = true;
    if (!o->is_fighter && YOK(m)) { /* a class's init after super().init() */
        const yobj_vt *vt = AS_P(o)->vt;
        if (vt->init) vt->init(m, AS_P(o));
    }
}

void obj_refresh_hitboxes(ymatch *m, yobj *o) {
    yhitbox *h = obj_hitboxes(o);
    for (int i = 0; i < o->n_hitboxes; i++) {
        hitbox_clear_hits(&h[i]);
        match_on_hitbox_refreshed(m, o->number, i);
    }
}

void obj_on_state_exited(ymatch *m, yobj *o, ystate *st) {
    if (o->is_fighter) {
        FH(AS_F(o))->on_state_exited(m, AS_F(o), st);
        return;
    }
    yhitbox *h = obj_hitboxes(o);
    for (int i = 0; i < o->n_hitboxes; i++) hitbox_deactivate(&h[i]);
}

void obj_on_state_changed(ymatch *m, yobj *o) {
    (void)m;
    if (!o->is_fighter) return;
    yfighter *f = AS_F(o);
    if (f->buffer_moved_forward) {
        f->buffer_moved_forward = false;
        f->moved_forward = true;
    }
    if (f->buffer_moved_backward) {
        f->buffer_moved_backward = false;
        f->moved_backward = true;
    }
}

void obj_on_state_started(ymatch *m, yobj *o, ystate *st) {
    if (o->is_fighter) {
        FH(AS_F(o))->on_state_started(m, AS_F(o), st);
        return;
    }
    o->state_interruptable = false;
    o->state_hit_cancellable = false;
}

void obj_on_state_ended(ymatch *m, yobj *o, ystate *st) {
    if (o->is_fighter) FH(AS_F(o))->on_state_ended(m, AS_F(o), st);
}

void obj_on_hit_something(ymatch *m, yobj *o, yobj *victim, yhitbox *hb) {
    if (o->is_fighter) {
        FH(AS_F(o))->on_hit_something(m, AS_F(o), victim, hb);
        return;
    }
    const yobj_vt *vt = AS_P(o)->vt;
    if (vt->on_hit_something) vt->on_hit_something(m, AS_P(o), victim, hb);
    else obj_base_on_hit_something(m, o, victim, hb);
}

/* BaseObj.gd: _on_hit_something */
void obj_base_on_hit_something(ymatch *m, yobj *o, yobj *victim, yhitbox *hb) {
    (void)hb;
    if (o->last_hit_frame == o->current_tick && obj_hit_fighter_last(m, o)) return;
    o->last_object_hit = victim->number;
    o->last_hit_frame = o->current_tick;
}

bool obj_hit_fighter_last(ymatch *m, yobj *o) {
    return o->last_object_hit == obj_get_opponent(m, o)->number || o->last_object_hit == obj_get_fighter(m, o)->number;
}

void obj_reset_hurtbox(yobj *o) {
    o->hurtbox.x = o->default_hurtbox[0];
    o->hurtbox.y = o->default_hurtbox[1];
    o->hurtbox.width = o->default_hurtbox[2];
    o->hurtbox.height = o->default_hurtbox[3];
}

/* ------------------------------------------------------------------ the cached snapshot */
void obj_read_body(yobj *o, ysnap *out) {
    out->px = fx_round_to_int(o->chara.pos_x);
    out->py = fx_round_to_int(o->chara.pos_y);
    out->vx = fx_rq(o->chara.vel_x);
    out->vy = fx_rq(o->chara.vel_y);
}

void obj_update_data(ymatch *m, yobj *o) {
    if (o->is_fighter) { /* BaseChar.gd: update_data (no box refresh) */
        fighter_update_data(m, AS_F(o));
        return;
    }
    obj_read_body(o, &o->data);
    o->has_data = true;
    obj_update_collision_boxes(o);
}

void obj_update_collision_boxes(yobj *o) {
    int8_t facing = (int8_t)o->chara.facing;
    o->hurtbox.facing = facing;
    o->collision_box.facing = facing;
    o->collision_box.pos_x = o->hurtbox.pos_x = o->data.px;
    o->collision_box.pos_y = o->hurtbox.pos_y = o->data.py;
}

void obj_collision_aabb(yobj *o, int32_t out[4]) {
    int32_t px = o->data.px, py = o->data.py;
    ybox *b = &o->collision_box;
    out[0] = px - b->width + b->x;
    out[1] = px + b->width + b->x;
    out[2] = py - b->height + b->y;
    out[3] = py + b->height + b->y;
}

/* ------------------------------------------------------------------ facing */
void obj_set_facing(ymatch *m, yobj *o, int facing, bool force) {
    if (o->is_fighter && AS_F(o)->reverse_state && !force) facing *= -1; /* BaseChar.gd: set_facing */
    if (facing != 1 && facing != -1) facing = 1;
    o->chara.facing = facing;
    if (o->initialized) obj_update_data(m, o);
}

void obj_turn_around(ymatch *m, yobj *o) { obj_set_facing(m, o, obj_facing(o) * -1, false); }

/* ------------------------------------------------------------------ body wrappers */
void obj_set_vel(yobj *o, fx x, fx y) {
    o->chara.vel_x = x;
    o->chara.vel_y = y;
}

void obj_set_pos(yobj *o, int32_t x, int32_t y) {
    fg_set_position(&o->chara, x, y);
    o->hurtbox.pos_x = x;
    o->hurtbox.pos_y = y;
    o->collision_box.pos_x = x;
    o->collision_box.pos_y = y;
}

void obj_set_pos_fx(yobj *o, fx x, fx y) {
    o->chara.pos_x = x;
    o->chara.pos_y = y;
}

void obj_apply_force(yobj *o, fx x, fx y) { fg_apply_force_raw(&o->chara, x, y); }
void obj_apply_force_relative(yobj *o, fx x, fx y) { fg_apply_force_relative_raw(&o->chara, x, y); }
void obj_move_directly(yobj *o, fx x, fx y) { fg_move_directly_raw(&o->chara, x, y); }
void obj_move_directly_relative(yobj *o, fx x, fx y) { fg_move_directly_relative_raw(&o->chara, x, y); }

/* The fighter's hooks (apply_grav...) dispatch through the character; objects use the body. */
void obj_apply_grav(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        FH(AS_F(o))->apply_grav(m, AS_F(o));
        return;
    }
    if (o->gravity_enabled) fg_apply_grav(&o->chara);
}

void obj_apply_grav_custom(ymatch *m, yobj *o, fx grav, fx fall_speed) {
    if (o->is_fighter) {
        FH(AS_F(o))->apply_grav_custom(m, AS_F(o), grav, fall_speed);
        return;
    }
    if (o->gravity_enabled) fg_apply_grav_custom_raw(&o->chara, grav, fall_speed);
}

void obj_apply_fric(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        FH(AS_F(o))->apply_fric(m, AS_F(o));
        return;
    }
    if (fg_apply_fric(&o->chara)) yerr(m, YE_FIXED, "apply_fric: division by zero (max speed 0)");
}

void obj_apply_forces(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        FH(AS_F(o))->apply_forces(m, AS_F(o));
        return;
    }
    if (fg_apply_forces(&o->chara)) yerr(m, YE_FIXED, "apply_forces: velocity overflow");
}

void obj_apply_forces_no_limit(ymatch *m, yobj *o) {
    (void)m;
    fg_apply_forces_no_limit(&o->chara);
}

void obj_limit_speed(ymatch *m, yobj *o, fx limit) {
    (void)m;
    fx vx = o->data.vx, vy = o->data.vy;
    if (fxs_vec_len(vx, vy) > limit) {
        fx nx, ny;
        fxs_normalized_times(vx, vy, limit, &nx, &ny);
        obj_set_vel(o, nx, ny);
    }
}

void obj_limit_x_speed(ymatch *m, yobj *o, fx limit) {
    (void)m;
    fx vx = o->data.vx;
    if (fxs_abs(vx) > limit) obj_set_vel(o, fxs_mul(fxs_int(fxs_sign(vx)), limit), o->data.vy);
}

void obj_add_pushback(yobj *o, fx pushback) { fg_add_pushback_raw(&o->chara, pushback); }

void obj_start_invulnerability(yobj *o) { o->invulnerable = true; }
void obj_end_invulnerability(yobj *o) { o->invulnerable = false; }

bool obj_can_be_thrown(yobj *o) {
    if (o->is_fighter) return fighter_can_be_thrown(AS_F(o));
    return !o->throw_invulnerable;
}

/* ------------------------------------------------------------------ helpers used by scripts */
void obj_xy_to_dir(ymatch *m, fx x, fx y, fx mul, fx div, fx *ox, fx *oy) {
    fx ux = yfx_div(m, x, div), uy = yfx_div(m, y, div);
    fxs_vec_mul(ux, uy, mul, ox, oy);
}

void obj_local_pos(ymatch *m, yobj *o, yobj *other, int32_t *x, int32_t *y) {
    obj_update_data(m, o);
    int32_t px = o->data.px, py = o->data.py;
    obj_update_data(m, other);
    *x = other->data.px - px;
    *y = other->data.py - py;
}

void obj_local_center(ymatch *m, yobj *o, yobj *other, int32_t *x, int32_t *y) {
    obj_update_data(m, o);
    int32_t cx, cy, ox, oy;
    box_center(&o->hurtbox, &cx, &cy);
    obj_update_data(m, other);
    box_center(&other->hurtbox, &ox, &oy);
    *x = ox - cx;
    *y = oy - cy;
}

fx obj_distance(ymatch *m, yobj *o, yobj *other) {
    (void)m;
    return fxs_vec_dist(FXI(o->data.px), FXI(o->data.py), FXI(other->data.px), FXI(other->data.py));
}

int obj_object_dir(yobj *o, yobj *other) {
    int d = (int)int_sign(other->data.px - o->data.px);
    return d == 0 ? obj_facing(o) : d;
}

fx obj_hitbox_x_dir(ymatch *m, yobj *o, const yhbd *hb) {
    (void)m;
    fx x = fxs_mul(hb->dir_x, hb->facing == -1 ? -FX_ONE : FX_ONE);
    if (hb->reversible) {
        int direction = (int)int_sign(hb->pos_x - o->data.px);
        fx modifier = FX_ONE;
        if (direction == -1 && hb->facing == -1) modifier = -FX_ONE;
        if (direction == 1 && hb->facing == 1) modifier = -FX_ONE;
        x = fxs_mul(x, modifier);
    }
    return x;
}

int16_t obj_current_texture(yobj *o) {
    const ytable *t = o->is_fighter ? &yomi_fighter_tables[o->table] : &yomi_object_tables[o->table];
    if (o->sprite.anim_index < 0) return -1;
    const yanim *a = &t->anims[o->sprite.anim_index];
    if (a->n_frames == 0 || o->sprite.frame < 0 || o->sprite.frame >= a->n_frames) return -1;
    return a->textures[o->sprite.frame];
}

/* Sprite.set_animation / set_frame (Godot 3 clamps the frame to the animation) */
void obj_set_sprite_frame(yobj *o, int32_t frame) {
    const ytable *t = o->is_fighter ? &yomi_fighter_tables[o->table] : &yomi_object_tables[o->table];
    if (o->sprite.anim_index >= 0) {
        int n = t->anims[o->sprite.anim_index].n_frames;
        if (frame >= n) frame = n - 1;
    }
    if (frame < 0) frame = 0;
    o->sprite.frame = frame;
}

void obj_set_animation(yobj *o, int sym) {
    if (sym == o->sprite.anim) return;
    o->sprite.anim = (uint16_t)sym;
    o->sprite.anim_index = (int16_t)table_anim_of_sym(o->is_fighter, o->table, sym);
    obj_set_sprite_frame(o, 0);
}

/* ------------------------------------------------------------------ spawning */
yobj *obj_spawn(ymatch *m, yobj *o, int table, int32_t x, int32_t y, bool relative, const ydata *data, bool local) {
    if (m->n_spawned > YOMI_MAX_SPAWNED) { /* object numbers are int32 (the match struct's references) */
        yerr(m, YE_LIMIT, "more than %d objects spawned in one match", YOMI_MAX_SPAWNED + 1);
        return NULL;
    }
    yproj *p = match_alloc_object(m);
    if (!p) return NULL;
    if (object_from_template(m, p, table) < 0) {
        *match_slot_used(m, *match_order_at(m, --m->n_objs)) = false;
        return NULL;
    }
    yobj *obj = &p->o;
    obj->creator = o->number;
    obj->number = 3 + m->n_spawned;
    if (data) ydata_copy(&obj->spawn_data, data);
    else ydata_none(&obj->spawn_data);
    obj->stage_width = o->stage_width;
    if (local) obj_set_pos(obj, o->data.px + x * (relative ? obj_facing(o) : 1), o->data.py + y);
    else obj_set_pos(obj, x, y);
    obj_set_facing(m, obj, obj_facing(o), false);
    obj->id = o->id;
    match_on_object_spawned(m, p); /* signal object_spawned */
    return obj;
}

/* ------------------------------------------------------------------ ticking */
void obj_tick(ymatch *m, yobj *o) {
    yproj *p = AS_P(o);
    if (p->vt->tick) p->vt->tick(m, p);
    else obj_base_tick(m, o);
}

void obj_base_tick(ymatch *m, yobj *o) {
    if (o->current_tick <= 0) obj_update_data(m, o);
    if (o->hitlag_ticks > 0) {
        o->hitlag_ticks--;
    } else { /* normal_tick */
        obj_state_tick(m, o);
        obj_update_data(m, o);
        o->current_tick++;
        o->game_tick++;
        fg_update_grounded(&o->chara);
    }
    o->can_update_sprite = true;
    obj_update_collision_boxes(o);
    obj_update_data(m, o);
}

void obj_state_tick(ymatch *m, yobj *o) {
    bool once = true;
    int guard = 0;
    while (YOK(m) && (once || obj_state(o)->current_tick < 0)) {
        once = false;
        machine_tick(m, o);
        if (!YOK(m)) return;
        ystate *st = obj_state(o);
        if (!st->endless && st->current_tick >= st->anim_length && o->sm.queued < 0) {
            machine_queue_state(m, o, st->fallback_state, NULL, NULL);
            machine_tick(m, o);
        }
        if (++guard > 1000) {
            yerr(m, YE_INTERNAL, "state_tick: states keep changing without ticking");
            return;
        }
    }
}

int obj_active_hitboxes(yobj *o, yhitbox **out) {
    ystate *st = obj_state(o);
    if (!st) return 0;
    yhitbox *all[YOMI_MAX_FHITBOXES];
    int n = state_active_hitboxes(o, st, all);
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (!all[i]->enabled) continue;
        /* stable insertion by priority */
        int j = k;
        while (j > 0 && out[j - 1]->priority > all[i]->priority) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = all[i];
        k++;
    }
    return k;
}

void obj_deactivate_current_hitbox(yobj *o) {
    yhitbox *hb[YOMI_MAX_FHITBOXES];
    int n = obj_active_hitboxes(o, hb);
    for (int i = 0; i < n; i++)
        if (hb[i]->active && hb[i]->enabled && !hb[i]->looping) hitbox_deactivate(hb[i]);
}

void obj_deactivate_hitboxes(ymatch *m, yobj *o) { state_terminate_hitboxes(m, o, obj_state(o)); }

void obj_hit_by(ymatch *m, yobj *o, yhbd *hb) {
    if (o->is_fighter) {
        combat_hit_by(m, AS_F(o), hb, false);
        return;
    }
    yproj *p = AS_P(o);
    p->vt->hit_by(m, p, hb);
}

void obj_disable(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        yerr(m, YE_INTERNAL, "disable() on a fighter");
        return;
    }
    AS_P(o)->vt->disable(m, AS_P(o));
}

void obj_on_got_parried(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        FH(AS_F(o))->on_got_parried(m, AS_F(o));
        return;
    }
    yproj *p = AS_P(o);
    if (p->vt->on_got_parried) {
        p->vt->on_got_parried(m, p);
        return;
    }
    ystate *st = obj_state(o);
    o->hitlag_ticks += st->extra_parry_hitlag;
    st_vt(st)->on_got_perfect_parried(m, o, st);
}

void obj_on_got_blocked(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        FH(AS_F(o))->on_got_blocked(m, AS_F(o));
        return;
    }
    yproj *p = AS_P(o);
    if (p->vt->on_got_blocked) {
        p->vt->on_got_blocked(m, p);
        return;
    }
    ystate *st = obj_state(o);
    st_vt(st)->on_got_blocked(m, o, st);
}

/* the quirk of add_hit_object (it marks nothing) makes the hitbox loop a no-op */
void obj_on_got_parried_by(ymatch *m, yobj *o, yobj *who) {
    ystate *st = obj_state(o);
    st_vt(st)->on_got_perfect_parried_by(m, o, st, who);
}

void obj_on_got_blocked_by(ymatch *m, yobj *o, yobj *who) {
    ystate *st = obj_state(o);
    st_vt(st)->on_got_blocked_by(m, o, st, who);
}

void obj_on_got_push_blocked(ymatch *m, yobj *o) {
    if (o->is_fighter) {
        FH(AS_F(o))->on_got_push_blocked(m, AS_F(o));
        return;
    }
    yproj *p = AS_P(o);
    if (p->vt->on_got_push_blocked) p->vt->on_got_push_blocked(m, p);
}

/* the methods the tables call by name (HostCommand nodes, host_commands exports) */
bool obj_host_command(ymatch *m, yobj *o, int method, const yval *args, int n_args) {
    if (o->is_fighter) {
        yfighter *f = AS_F(o);
        if (FH(f)->host_command(m, f, method, args, n_args)) return true;
        if (fighter_base_host_command(m, f, method, args, n_args)) return true;
    }
    switch (method) {
    case SYM_start_invulnerability: o->invulnerable = true; return true;
    case SYM_end_invulnerability: o->invulnerable = false; return true;
    case SYM_start_projectile_invulnerability: o->projectile_invulnerable = true; return true;
    case SYM_end_projectile_invulnerability: o->projectile_invulnerable = false; return true;
    case SYM_start_throw_invulnerability: o->throw_invulnerable = true; return true;
    case SYM_end_throw_invulnerability: o->throw_invulnerable = false; return true;
    case SYM_reset_momentum: fg_reset_momentum(&o->chara); return true;
    default: break;
    }
    yerr(m, YE_NOT_PORTED, "host method '%s' is not ported", sym_text(method));
    return false;
}

/* ------------------------------------------------------------------ randomness (BaseObj.gd) */
void obj_hash_rng(ymatch *m, yobj *o) {
    yfighter *f = AS_F(obj_get_fighter(m, o));
    yfighter *opp = AS_F(obj_get_opponent(m, o));
    gd_rng_hash_rng(&o->logic_rng, fighter_state_hash(m, f), fighter_state_hash(m, opp));
}

void obj_hash_static_rng(yobj *o) { gd_rng_hash_static_rng(&o->logic_rng_static, o->game_tick); }

uint32_t obj_randi(ymatch *m, yobj *o) {
    obj_hash_rng(m, o);
    return gd_rng_randi(&o->logic_rng);
}

int32_t obj_randi_range(ymatch *m, yobj *o, int64_t a, int64_t b) {
    obj_hash_rng(m, o);
    int32_t out = 0;
    if (gd_rng_randi_range(&o->logic_rng, a, b, &out)) yerr(m, YE_INTERNAL, "randi_range: empty range");
    return out;
}

bool obj_randi_percent(ymatch *m, yobj *o, int n) {
    obj_hash_rng(m, o);
    int32_t out = 0;
    gd_rng_randi_range(&o->logic_rng, 0, 99, &out);
    return out < n;
}

int64_t obj_randi_choice(ymatch *m, yobj *o, int64_t n) {
    obj_hash_rng(m, o);
    int64_t out = 0;
    if (gd_rng_choose_index(&o->logic_rng, n, &out)) yerr(m, YE_INTERNAL, "choose on an empty array");
    return out;
}

int64_t obj_randi_weighted_choice(ymatch *m, yobj *o, int64_t n, const int64_t *weights) {
    obj_hash_rng(m, o);
    int64_t out = 0;
    if (gd_rng_weighted_choice(&o->logic_rng, n, weights, weights ? (size_t)n : 0, &out))
        yerr(m, YE_INTERNAL, "weighted choice on nothing");
    return out;
}

int32_t obj_randi_range_static(ymatch *m, yobj *o, int64_t a, int64_t b) {
    obj_hash_static_rng(o);
    int32_t out = 0;
    if (gd_rng_randi_range(&o->logic_rng_static, a, b, &out)) yerr(m, YE_INTERNAL, "randi_range: empty range");
    return out;
}

/* ------------------------------------------------------------------ run-time signal connections */
/* An object's connections past its inline ones are the entries of the pool's list with its number,
 * in order: appended at the end, so the list keeps each object's connection order. The list is
 * written here because the C standard library has no growable array. */
yconnection *obj_conn_at(const ymatch *m, const yobj *o, int k) {
    if (k < YOMI_INLINE_CONNECTIONS) return (yconnection *)&o->conns[k];
    k -= YOMI_INLINE_CONNECTIONS;
    yconn_spill *e = m->pool->conn_spill;
    for (;; e++)
        if (e->owner == o->number && k-- == 0) return &e->c;
}

/* the pool's entries of object `number` from position `from` on leave the list */
static void conn_spill_drop(yobj_pool *p, int32_t number, int32_t from) {
    int32_t n = from;
    for (int32_t i = from; i < p->n_conn_spill; i++)
        if (p->conn_spill[i].owner != number) p->conn_spill[n++] = p->conn_spill[i];
    p->n_conn_spill = n;
}

void obj_conns_release(ymatch *m, yobj *o) {
    if (o->n_conns > YOMI_INLINE_CONNECTIONS) conn_spill_drop(m->pool, o->number, 0);
    o->n_conns = 0;
}

/* Kept connections are written back over the read ones in order (a write never passes a read), the
 * pool's entries left over leave it. */
void obj_conns_filter(ymatch *m, yobj *o, bool (*keep)(ymatch *m, const yconnection *c)) {
    yobj_pool *p = m->pool;
    int32_t n = 0, read = 0, write = 0;
    for (int32_t k = 0; k < o->n_conns; k++) {
        yconnection c;
        if (k < YOMI_INLINE_CONNECTIONS) {
            c = o->conns[k];
        } else {
            while (p->conn_spill[read].owner != o->number) read++;
            c = p->conn_spill[read++].c;
        }
        if (!keep(m, &c)) continue;
        if (n < YOMI_INLINE_CONNECTIONS) {
            o->conns[n] = c;
        } else {
            while (p->conn_spill[write].owner != o->number) write++;
            p->conn_spill[write++].c = c;
        }
        n++;
    }
    if (o->n_conns > YOMI_INLINE_CONNECTIONS) conn_spill_drop(p, o->number, write);
    o->n_conns = n;
}

static bool connection_live(ymatch *m, const yconnection *c) { return obj_by_number(m, c->target) != NULL; }

void obj_connect_signal(ymatch *m, yobj *emitter, int signal, yobj *target, ystate *target_state, int method) {
    yconnection c = {
        .target = target->number,
        .signal = (uint16_t)signal,
        .method = (uint16_t)method,
        .state = (int16_t)(target_state ? (int)(target_state - obj_states(target)) : -1),
    };
    /* connections to recycled objects are never called: they leave before the list grows */
    if (emitter->n_conns >= YOMI_INLINE_CONNECTIONS) obj_conns_filter(m, emitter, connection_live);
    if (emitter->n_conns < YOMI_INLINE_CONNECTIONS) {
        emitter->conns[emitter->n_conns++] = c;
        return;
    }
    yobj_pool *p = match_pool(m);
    yconn_spill *more = p ? match_grow(p->conn_spill, &p->cap_conn_spill, p->n_conn_spill + 1, sizeof *more, 16) : NULL;
    if (!more) {
        yerr(m, YE_LIMIT, "out of memory for the signal connections");
        return;
    }
    p->conn_spill = more;
    p->conn_spill[p->n_conn_spill++] = (yconn_spill){emitter->number, c};
    emitter->n_conns++;
}

void obj_emit_signal(ymatch *m, yobj *emitter, int signal) {
    /* index loop: a handler that connects more sees them called too, as a Python list would */
    for (int i = 0; i < emitter->n_conns && YOK(m); i++) {
        yconnection c = *obj_conn_at(m, emitter, i);
        if (c.signal != signal) continue;
        yobj *target = obj_by_number(m, c.target);
        if (!target) continue;
        if (c.state >= 0) {
            ystate *st = &obj_states(target)[c.state];
            const state_vt *vt = st_vt(st);
            if (vt->on_signal) vt->on_signal(m, target, st, c.method, emitter);
            else yerr(m, YE_NOT_PORTED, "%s has no signal method %s", vt->cls->name, sym_text(c.method));
        } else if (target->is_fighter) {
            FH(AS_F(target))->on_signal(m, AS_F(target), c.method, emitter);
        } else {
            const yobj_vt *ovt = AS_P(target)->vt;
            if (ovt->on_signal) ovt->on_signal(m, AS_P(target), c.method, emitter);
            else yerr(m, YE_NOT_PORTED, "%s has no signal method %s", ovt->cls->name, sym_text(c.method));
        }
    }
}
