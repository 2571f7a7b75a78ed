/* The generic state: what every state of every object does each frame.
 * Mirrors states/state.py (ObjectState.gd, StateInterface.gd). */
#include <string.h>

#include "state.h"
#include "boxes.h"
#include "data.h"
#include "gd.h"
#include "hitbox.h"
#include "machine.h"
#include "match.h"
#include "obj.h"
#include "scene.h"

/* ------------------------------------------------------------------ queries */
int state_active_hitboxes(yobj *host, ystate *st, yhitbox **out) {
    yhitbox *all = obj_hitboxes(host);
    const ystate_static *s = st->st;
    /* A fighter's hitbox is active only where hb_touched marks it: reading the mark first spares a
     * cache line a hitbox for the many a state lists and has not activated (each is 320 bytes).
     * Objects keep no mark. */
    const uint64_t *touched = host->is_fighter ? AS_F(host)->hb_touched : NULL;
    int n = 0;
    for (int i = 0; i < s->hb_count; i++) {
        int k = s->hb_order[i];
        if (touched && !((touched[k / 64] >> (k % 64)) & 1)) continue;
        yhitbox *h = &all[k];
        if (h->active) out[n++] = h;
    }
    return n;
}

bool state_is_hurtbox_active(const ystate *st, const ylimb *l) {
    bool after_start = l->start_tick <= 0 || st->current_tick + 1 > l->start_tick;
    bool before_end = l->endless || st->current_tick <= l->start_tick + l->active_ticks;
    return after_start && before_end;
}

yhitbox *state_hitbox_child(yobj *host, ystate *st, int name_sym) {
    yhitbox *all = obj_hitboxes(host);
    for (int i = st->st->hb_first; i < st->st->hb_first + st->st->hb_count; i++)
        if (all[i].node_name == name_sym) return &all[i];
    return NULL;
}

yhurtstate *state_hurtstate_child(yobj *host, ystate *st, int name_sym) {
    yhurtstate *all = obj_hurtstates(host);
    for (int i = st->st->hs_first; i < st->st->hs_first + st->st->hs_count; i++)
        if (all[i].name == name_sym) return &all[i];
    return NULL;
}

const ynode *state_box_child(ystate *st, int name_sym) { return node_child(st->st->node, name_sym); }

void state_setup_hurtboxes(yobj *host, ystate *st) {
    yhurtstate *all = obj_hurtstates(host);
    for (int i = st->st->hs_first; i < st->st->hs_first + st->st->hs_count; i++) all[i].key_tick = all[i].start_tick;
}

/* StateInterface.gd: queue_state_change. Quirk kept: without data, the emitting state
 * object becomes the data; with data, the request is dropped if the emitter is inactive. */
void state_queue_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data) {
    const state_vt *vt = st_vt(st);
    if (vt->queue_state_change) vt->queue_state_change(m, host, st, sym, data);
    else state_base_queue_change(m, host, st, sym, data);
}

void state_base_queue_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data) {
    if (!data) {
        ydata d;
        ydata_none(&d);
        d.kind = YD_STATE;
        d.i = st_name(st);
        machine_queue_state(m, host, sym, &d, NULL);
    } else {
        machine_queue_state(m, host, sym, data, st);
    }
}

void state_queue_change_int(ymatch *m, yobj *host, ystate *st, int sym, int32_t value) {
    ydata d;
    ydata_none(&d);
    d.kind = YD_INT;
    d.i = value;
    state_queue_change(m, host, st, sym, &d);
}

/* ------------------------------------------------------------------ signals from this state's hitboxes */
void state_on_hitbox_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb) {
    if (st->active) {
        st_vt(st)->on_hit_something(m, host, st, victim, hb);
        if (!YOK(m)) return;
        obj_on_hit_something(m, host, victim, hb);
    }
}

void state_on_hitbox_got_parried(ymatch *m, yobj *host, ystate *st) {
    if (st->active) st_vt(st)->got_parried(m, host, st);
}

/* ------------------------------------------------------------------ enter / exit */
int state_enter_shared(ymatch *m, yobj *host, ystate *st) {
    st->same_as_last_state = 0;
    ystate *prev = obj_prev_state(host);
    if (prev) {
        if (st->force_same_direction_as_previous_state) obj_set_facing(m, host, prev->last_facing, false);
        if (prev != st) st->exit_tick = -1;
        else st->same_as_last_state = 1;
    }
    if (st->reset_momentum) fg_reset_momentum(&host->chara);
    if (st->reset_x_momentum) obj_set_vel(host, 0, host->data.vy);
    if (st->reset_y_momentum) obj_set_vel(host, host->data.vx, 0);
    st->current_tick = -1;
    st->current_real_tick = -1;
    st->start_tick = host->current_tick;
    obj_on_state_started(m, host, st); /* signal state_started */
    return SYM_NONE;
}

void state_exit_shared(ymatch *m, yobj *host, ystate *st) {
    st->exit_tick = st->current_tick + st->exit_tick;
    if (st->current_hurtbox >= 0) hurtstate_end(&obj_hurtstates(host)[st->st->hs_first + st->current_hurtbox], host);
    st->last_facing = (int8_t)obj_facing(host);
    obj_reset_hurtbox(host);
    host->invulnerable = false;
    host->projectile_invulnerable = false;
    host->throw_invulnerable = false;
    host->aerial_attack_immune = false;
    host->grounded_attack_immune = false;
    ylimb *limbs = obj_limbs(host);
    for (int i = st->st->lb_first; i < st->st->lb_first + st->st->lb_count; i++) limbs[i].active = false;
    if (st->disable_at_end) {
        if (!host->is_fighter) { /* host.disable(): the class's own (ShockwaveProjectile frees its move) */
            yproj *p = AS_P(host);
            p->vt->disable(m, p);
        } else {
            yerr(m, YE_INTERNAL, "disable_at_end on a fighter state");
        }
    }
}

/* ------------------------------------------------------------------ the frame driver */
void state_spawn_exported_projectile(ymatch *m, yobj *host, ystate *st) {
    int scene = st->projectile_scene;
    if (scene == -1) return;
    if (scene < 0) {
        yerr(m, YE_NOT_PORTED, "projectile scene of state %s is not in the tables", sym_text(st_name(st)));
        return;
    }
    const state_vt *vt = st_vt(st);
    int32_t x, y;
    vt->get_projectile_pos(m, host, st, &x, &y);
    ydata data;
    vt->get_projectile_data(m, host, st, &data);
    yobj *obj = obj_spawn(m, host, scene, x, y, true, &data, st->projectile_local_pos);
    if (!obj) return;
    if (st->projectile_match_facing) obj_set_facing(m, obj, obj_facing(host), false);
    vt->process_projectile(m, host, st, AS_P(obj));
}

int state_frame_methods(ymatch *m, yobj *host, ystate *st, int tick) {
    /* The original calls a frame method when the tick is a new maximum for the state
     * (tracked separately for the two kinds, crossed over as written) or the method was
     * called before; a method skipped once because an earlier one returned a state is
     * never called again. Kept exactly. */
    bool new_max = false, new_max_shared = false;
    if (tick > st->max_tick) {
        st->max_tick = tick;
        new_max = true;
    }
    if (tick > st->max_tick_shared) {
        st->max_tick_shared = tick;
        new_max_shared = true;
    }
    const state_vt *vt = st_vt(st);
    if (tick < 0) return SYM_NONE;
    if (tick >= 64 || (vt->frame_shared_mask >> tick) & 1) {
        for (int i = 0; i < vt->n_frames_shared; i++) {
            if (vt->frames_shared[i].n != tick) continue;
            bool seen = (st->frames_shared_seen >> i) & 1;
            if (new_max || seen) {
                st->frames_shared_seen |= 1u << i;
                int next = vt->frames_shared[i].fn(m, host, st);
                if (!YOK(m)) return SYM_NONE;
                if (next != SYM_NONE) return next;
            }
            break;
        }
    }
    if (tick >= 64 || (vt->frame_mask >> tick) & 1) {
        for (int i = 0; i < vt->n_frames; i++) {
            if (vt->frames[i].n != tick) continue;
            bool seen = (st->frames_seen >> i) & 1;
            if (new_max_shared || seen) {
                st->frames_seen |= 1u << i;
                int next = vt->frames[i].fn(m, host, st);
                if (!YOK(m)) return SYM_NONE;
                if (next != SYM_NONE) return next;
            }
            break;
        }
    }
    return SYM_NONE;
}

static void run_host_command(ymatch *m, yobj *host, const yhostcmd *c) {
    if (c->method == SYM_NONE) return;
    obj_host_command(m, host, c->method, c->args, c->n_args);
}

void state_apply_enter_force(ymatch *m, yobj *host, ystate *st) {
    const ystate_static *s = st->st;
    if (s->enter_force_speed_set) { /* compares the scene's literal text */
        fx fx_, fy;
        obj_xy_to_dir(m, s->enter_force_dir_x, s->enter_force_dir_y, s->enter_force_speed, FX_ONE, &fx_, &fy);
        obj_apply_force_relative(host, fx_, fy);
    }
}

int state_tick_shared(ymatch *m, yobj *host, ystate *st) {
    const ystate_static *s = st->st;
    if (st->current_tick == -1) {
        st_vt(st)->apply_enter_force(m, host, st);
        if (!YOK(m)) return SYM_NONE;
    }
    st->current_real_tick++;
    if (st->current_tick < st->anim_length || st->endless) {
        st->current_tick++;
        int tick = st->current_tick;
        state_process_hitboxes(m, host, st);
        if (!YOK(m)) return SYM_NONE;
        state_process_hurtboxes(m, host, st);
        if (host->can_update_sprite) state_update_sprite_frame(m, host, st);
        if (tick == st->force_tick && s->force_speed_set) {
            fx fx_, fy;
            obj_xy_to_dir(m, s->force_dir_x, s->force_dir_y, s->force_speed, FX_ONE, &fx_, &fy);
            obj_apply_force_relative(host, fx_, fy);
        }
        if (tick == st->projectile_tick) state_spawn_exported_projectile(m, host, st);
        if (!YOK(m)) return SYM_NONE;
        if (tick == st->flip_frame) obj_turn_around(m, host);
        for (int i = 0; i < s->n_host_commands; i++)
            if (s->host_commands[i].tick == tick) {
                run_host_command(m, host, &s->host_commands[i]);
                break;
            }
        if (!YOK(m)) return SYM_NONE;
        for (int i = 0; i < s->n_cmd_nodes; i++)
            if (s->cmd_nodes[i].tick == tick) run_host_command(m, host, &s->cmd_nodes[i]);
        if (!YOK(m)) return SYM_NONE;
        int next = state_frame_methods(m, host, st, tick);
        if (next != SYM_NONE || !YOK(m)) return next;
    }
    state_apply_physics_flags(m, host, st);
    return SYM_NONE;
}

void state_apply_physics_flags(ymatch *m, yobj *host, ystate *st) {
    const ystate_static *s = st->st;
    if (st->apply_fric) obj_apply_fric(m, host);
    if (st->apply_grav) obj_apply_grav(m, host);
    if (st->apply_custom_x_fric) fg_apply_x_fric_raw(&host->chara, st->custom_x_fric);
    if (st->apply_custom_y_fric) fg_apply_y_fric_raw(&host->chara, st->custom_y_fric);
    if (st->apply_custom_grav) obj_apply_grav_custom(m, host, s->custom_grav, s->custom_grav_max_fall_speed);
    if (st->apply_forces) {
        if (st->apply_forces_no_limit) {
            obj_apply_forces_no_limit(m, host);
        } else if (st->apply_custom_limits) {
            obj_limit_x_speed(m, host, obj_grounded(host) ? s->custom_max_ground_speed : s->custom_max_air_speed);
            obj_apply_forces_no_limit(m, host);
        } else {
            obj_apply_forces(m, host);
        }
    }
}

void state_activate_hitbox(ymatch *m, yobj *host, ystate *st, yhitbox *h) {
    (void)st;
    h->b.facing = (int8_t)obj_facing(host);
    hitbox_activate(m, host, h);
}

void state_process_hitboxes(ymatch *m, yobj *host, ystate *st) {
    obj_update_data(m, host);
    int32_t px = host->data.px, py = host->data.py;
    const ystate_static *s = st->st;
    yhitbox *all = obj_hitboxes(host);
    int next_tick = st->current_tick + 1;
    for (int i = 0; i < s->n_hb_by_start; i++) {
        int k = s->hb_order[i];
        if (table_hitbox_act_tick(host->is_fighter, host->table, k) != next_tick) continue;
        yhitbox *h = &all[k];
        if (!h->activated) continue;
        h->b.pos_x = px;
        h->b.pos_y = py;
        state_activate_hitbox(m, host, st, h);
        if (h->hitbox_type == HB_THROW_HIT) { /* hits the opponent at once */
            hitbox_hit(m, host, h, obj_get_opponent(m, host));
            if (!YOK(m)) return;
            hitbox_deactivate(h);
        }
    }
    yhitbox *active[YOMI_MAX_FHITBOXES];
    int n = state_active_hitboxes(host, st, active);
    for (int i = 0; i < n; i++) {
        yhitbox *h = active[i];
        h->b.pos_x = px;
        h->b.pos_y = py;
        h->b.facing = (int8_t)obj_facing(host);
        if (h->active) hitbox_tick(m, host, h);
    }
}

void state_process_hurtboxes(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    const ystate_static *s = st->st;
    yhurtstate *hs = obj_hurtstates(host);
    if (st->current_hurtbox >= 0) hurtstate_tick(&hs[s->hs_first + st->current_hurtbox], host);
    int found = -1;
    for (int i = 0; i < s->hs_count; i++)
        if (hs[s->hs_first + i].key_tick == st->current_tick) found = i; /* a dict: the last one wins */
    if (found >= 0) {
        if (st->current_hurtbox >= 0) hurtstate_end(&hs[s->hs_first + st->current_hurtbox], host);
        st->current_hurtbox = (int8_t)found;
        hurtstate_start(&hs[s->hs_first + found], host);
    }
    ylimb *limbs = obj_limbs(host);
    for (int i = s->lb_first; i < s->lb_first + s->lb_count; i++) {
        ylimb *l = &limbs[i];
        l->active = state_is_hurtbox_active(st, l);
        l->b.facing = (int8_t)obj_facing(host);
        l->b.pos_x = host->data.px;
        l->b.pos_y = host->data.py;
    }
    host->hurtbox.facing = (int8_t)obj_facing(host);
}

void state_terminate_hitboxes(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yhitbox *active[YOMI_MAX_FHITBOXES];
    int n = state_active_hitboxes(host, st, active);
    for (int i = 0; i < n; i++) hitbox_deactivate(active[i]);
}

void state_update_sprite_frame(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    int anim = table_anim_of_sym(host->is_fighter, host->table, st->anim_name);
    if (anim < 0) return;
    if (host->sprite.anim != st->anim_name) obj_set_animation(host, st->anim_name);
    int32_t tpf = st->ticks_per_frame ? st->ticks_per_frame : 1;
    int32_t sprite_tick = (int32_t)idiv(st->current_tick, tpf);
    if (st->loop_animation && st->absolute_loop) {
        sprite_tick = (int32_t)idiv(host->current_tick, tpf);
    } else if (st->loop_animation && !st->refresh_loop) {
        if (st->same_as_last_state) sprite_tick = (int32_t)idiv(st->current_tick + st->exit_tick, tpf);
    }
    int32_t frame;
    if (st->loop_animation && sprite_tick > st->animation_loop_start) {
        int32_t period = st->sprite_anim_length - st->animation_loop_start;
        frame = (int32_t)(period ? imod(sprite_tick, period) : 0) + st->animation_loop_start;
    } else {
        frame = sprite_tick < st->sprite_anim_length ? sprite_tick : st->sprite_anim_length;
    }
    obj_set_sprite_frame(host, frame);
}

/* ------------------------------------------------------------------ the base class's hooks */
static int ret_none(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h; (void)st;
    return SYM_NONE;
}
static void nop(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h; (void)st;
}
static void nop_who(ymatch *m, yobj *h, ystate *st, yobj *who) {
    (void)m; (void)h; (void)st; (void)who;
}

void object_state_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb) {
    if (hb->followup_state != SYM_NONE && victim->is_fighter) state_queue_change(m, host, st, hb->followup_state, NULL);
}

static void projectile_pos(ymatch *m, yobj *h, ystate *st, int32_t *x, int32_t *y) {
    (void)m; (void)h;
    *x = st->projectile_pos_x;
    *y = st->projectile_pos_y;
}
static void projectile_data(ymatch *m, yobj *h, ystate *st, ydata *out) {
    (void)m; (void)h; (void)st;
    ydata_none(out);
}
static void process_projectile(ymatch *m, yobj *h, ystate *st, yproj *p) {
    (void)m; (void)h; (void)st; (void)p;
}
static bool yes(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h; (void)st;
    return true;
}
static bool no(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h; (void)st;
    return false;
}
static int hold_restart(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h;
    return st->hold_restart;
}
static void enable_interrupt(ymatch *m, yobj *h, ystate *st, bool c, bool r) {
    (void)m; (void)h; (void)st; (void)c; (void)r;
}
static fx vel_mult(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h;
    return st->st->velocity_forward_meter_gain_multiplier;
}
static void parry(ymatch *m, yobj *h, ystate *st, bool perfect) {
    (void)m; (void)h; (void)st; (void)perfect;
}
static bool can_parry(ymatch *m, yobj *h, ystate *st, const yhbd *hb) {
    (void)m; (void)h; (void)st; (void)hb;
    return false;
}
static bool matches_height(ymatch *m, yobj *h, ystate *st, const yhbd *hb, int pt) {
    (void)m; (void)h; (void)st; (void)hb; (void)pt;
    return false;
}
static void detect(ymatch *m, yobj *h, ystate *st, yobj *obj) {
    (void)m; (void)h; (void)st; (void)obj;
}
static int no_hitstun(ymatch *m, yobj *h, ystate *st) {
    (void)m; (void)h; (void)st;
    return -1;
}

static const uint16_t *state_interrupt_into(ymatch *m, yobj *h, ystate *st, int *n) {
    (void)m; (void)h;
    *n = st->st->n_interrupt_into;
    return st->st->interrupt_into;
}

const state_class object_state_class = {
    .name = "states.state.ObjectState",
    .enter_shared = state_enter_shared,
    .enter = ret_none,
    .tick_before = ret_none,
    .tick_shared = state_tick_shared,
    .tick = ret_none,
    .tick_after = ret_none,
    .exit_shared = state_exit_shared,
    .exit = nop,
    .on_hit_something = object_state_on_hit_something,
    .got_parried = nop,
    .on_got_perfect_parried = nop,
    .on_got_blocked = nop,
    .on_got_blocked_by = nop_who,
    .on_got_perfect_parried_by = nop_who,
    .detect = detect,
    .get_projectile_pos = projectile_pos,
    .get_projectile_data = projectile_data,
    .process_projectile = process_projectile,
    .is_usable = yes,
    .get_hold_restart = hold_restart,
    .can_interrupt = no,
    .enable_interrupt = enable_interrupt,
    .on_got_hit = nop,
    .opponent_turn_interrupt = nop,
    .on_continue = nop,
    .on_interrupt = nop,
    .on_land_cancel = nop,
    .get_velocity_forward_meter_gain_multiplier = vel_mult,
    .can_land_cancel = yes,
    .can_hit_cancel = yes,
    .parry = parry,
    .can_parry_hitbox = can_parry,
    .matches_hitbox_height = matches_height,
    .get_whiffed_block = no,
    .hitstun = no_hitstun,
    .apply_enter_force = state_apply_enter_force,
    .interrupt_into = state_interrupt_into,
};
