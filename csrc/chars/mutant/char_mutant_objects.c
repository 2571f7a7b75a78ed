/* The Mutant's projectiles and their states. Mirrors states/mutant/objects.py
 * (characters/mutant/projectiles/):
 *
 * - CausticSpike.tscn: the spike of the CausticSpike move; its eight side hitboxes turn with
 *   it toward the aimed direction;
 * - CausticThorn.tscn: one thorn of Caustic Barrage (a swept hitbox along its path);
 * - Shockwave.tscn: the ground wave of the Shockwave move (two hits from the opponent break it);
 * - Poison.tscn: Envenom's poison, stuck to the opponent: 5 damage every 15 frames for 600
 *   frames, and two acid bubbles when the opponent is hit or blocks (after 30 frames, 35-frame
 *   cooldown), their directions drawn from the *static* RNG;
 * - AcidBubble.tscn: a bubble the Mutant can bat around; anything else pops it. */
#include <string.h>

#include "char_mutant.h"

#define ACID_BUBBLE_SCENE "characters/mutant/projectiles/AcidBubble.tscn"


/* ================================================================== CausticSpike */
/* CausticSpikeProjectile (CausticSpike.gd): remembers the aimed direction; cancellable early */
typedef struct {
    yflag has_rotate_dir; /* rotate_dir_x/y are None until set_rotation */
    int32_t rotate_dir_x, rotate_dir_y;
    yflag can_cancel;
} spike_vars;

static void spike_construct(ymatch *m, yproj *p) {
    (void)m;
    spike_vars *v = (spike_vars *)p->vars;
    v->has_rotate_dir = false;
    v->rotate_dir_x = v->rotate_dir_y = 0;
    v->can_cancel = true;
}

void mutant_spike_set_rotation(yproj *spike, int32_t x, int32_t y) {
    spike_vars *v = (spike_vars *)spike->vars;
    v->has_rotate_dir = true;
    v->rotate_dir_x = x;
    v->rotate_dir_y = y;
}

const yobj_class mutant_caustic_spike_projectile_class = {
    .name = "states.mutant.objects.CausticSpikeProjectile",
    .parent = &base_projectile_class,
    .vars_size = sizeof(spike_vars),
    .construct = spike_construct,
};

/* CausticSpikeDefault: the side hitboxes turn toward the aim (20% a frame). Each side hitbox
 * keeps its scene offset and is placed at that offset rotated by the spike's angle; the x is
 * pre-multiplied by the facing because x_facing mirrors it. */
#define SPIKE_SIDE_HITBOXES 8
typedef struct {
    fx angle;
    int16_t hitbox[SPIKE_SIDE_HITBOXES];      /* get_child: indices in the host's hitboxes */
    int32_t start[SPIKE_SIDE_HITBOXES][2];    /* hitbox_start_angles: the scene offsets (x, y) */
} spike_default_vars;

static const uint16_t SIDE_HITBOXES[SPIKE_SIDE_HITBOXES] = {
    SYM_LeftHitbox1,  SYM_LeftHitbox2,  SYM_LeftHitbox3,  SYM_LeftHitbox4,
    SYM_RightHitbox1, SYM_RightHitbox2, SYM_RightHitbox3, SYM_RightHitbox4,
};

static void spike_default_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    spike_default_vars *v = ST_VARS(spike_default_vars, host, st);
    v->angle = 0;
    for (int i = 0; i < SPIKE_SIDE_HITBOXES; i++) v->hitbox[i] = -1;
}

static void spike_default_init(ymatch *m, yobj *host, ystate *st) { /* _ready: the offsets of the scene */
    (void)m;
    spike_default_vars *v = ST_VARS(spike_default_vars, host, st);
    for (int i = 0; i < SPIKE_SIDE_HITBOXES; i++) {
        yhitbox *h = state_hitbox_child(host, st, SIDE_HITBOXES[i]);
        if (!h) continue;
        v->hitbox[i] = (int16_t)(h - obj_hitboxes(host));
        v->start[i][0] = h->b.x;
        v->start[i][1] = h->b.y;
    }
}

static int spike_default_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    /* str(PI) of the script: GDScript's float text, which parses to the same value as PI */
    if (obj_facing(host) == -1) ST_VARS(spike_default_vars, host, st)->angle = FX_PI;
    return SYM_NONE;
}

static int spike_default_tick(ymatch *m, yobj *host, ystate *st) {
    if (st->current_tick <= 0) return SYM_NONE;
    spike_default_vars *v = ST_VARS(spike_default_vars, host, st);
    spike_vars *sv = (spike_vars *)AS_P(host)->vars;
    if (!sv->has_rotate_dir) {
        yerr(m, YE_INTERNAL, "CausticSpikeDefault: the spike has no rotation (str(None))");
        return SYM_NONE;
    }
    fx dx, dy;
    obj_xy_to_dir(m, FXI(sv->rotate_dir_x), FXI(sv->rotate_dir_y), FX_ONE, FXI(100), &dx, &dy);
    fx target = yfx_vec_to_angle(m, dx, dy);
    if (!YOK(m)) return SYM_NONE;
    v->angle = fxs_lerp(v->angle, target, FXC(0.2));
    int facing = obj_facing(host);
    yhitbox *all = obj_hitboxes(host);
    for (int i = 0; i < SPIKE_SIDE_HITBOXES; i++) {
        if (v->hitbox[i] < 0) {
            yerr(m, YE_INTERNAL, "CausticSpikeDefault: no %s", sym_text(SIDE_HITBOXES[i]));
            return SYM_NONE;
        }
        fx x, y;
        yfx_rotate_vec(FXI(v->start[i][0]), FXI(v->start[i][1]), v->angle, &x, &y);
        yhitbox *h = &all[v->hitbox[i]];
        h->b.x = fxs_round(x) * facing;
        h->b.y = fxs_round(y);
    }
    return SYM_NONE;
}

static int spike_default_frame_20(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ((spike_vars *)AS_P(host)->vars)->can_cancel = false;
    st->custom_x_fric = FXC(0.14);
    st->custom_y_fric = FXC(0.14);
    return SYM_NONE;
}

static int spike_default_frame_38(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
    return SYM_NONE;
}

static bool spike_default_vars_ok(const yobj *host, const void *vars) {
    const spike_default_vars *v = vars;
    for (int i = 0; i < SPIKE_SIDE_HITBOXES; i++)
        if (v->hitbox[i] < -1 || v->hitbox[i] >= host->n_hitboxes) return false;
    return true;
}

const state_class mutant_caustic_spike_default_class = {
    .vars_ok = spike_default_vars_ok,
    .name = "states.mutant.objects.CausticSpikeDefault",
    .parent = &object_state_class,
    .vars_size = sizeof(spike_default_vars),
    .construct = spike_default_construct,
    .init = spike_default_init,
    .enter = spike_default_enter,
    .tick = spike_default_tick,
    .frames = FRAMES({20, spike_default_frame_20}, {38, spike_default_frame_38}),
};

/* ================================================================== CausticThorn */
/* CausticThornDefault: flies 20 px a frame along its spawn direction. Its swept hitbox reaches
 * 10 px back along the path. Quirk kept: the sweep vector is the absolute direction, yet
 * to_x_facing mirrors it for a left-facing thorn. */
#define THORN_MOVE_SPEED FXI(20)

static int thorn_enter(ymatch *m, yobj *host, ystate *st) {
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    ydata *d = st_data(host, st);
    fx dx, dy;
    if (!ydata_get_fx(d, SYM_dir, SYM_x, &dx) || !ydata_get_fx(d, SYM_dir, SYM_y, &dy)) {
        yerr(m, YE_STATE, "CausticThornDefault: the spawn data has no dir");
        return SYM_NONE;
    }
    fxs_normalized_times(dx, dy, THORN_MOVE_SPEED, &v->move_x_string, &v->move_y_string);
    yhitbox *swept = state_hitbox_child(host, st, SYM_SweptHitbox);
    if (!swept) {
        yerr(m, YE_INTERNAL, "CausticThornDefault: no SweptHitbox");
        return SYM_NONE;
    }
    swept->to_x = fxs_round(fxs_mul(dx, FXI(-10)));
    swept->to_y = fxs_round(fxs_mul(dy, FXI(-10)));
    return SYM_NONE;
}

static void thorn_move(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    obj_move_directly(host, v->move_x_string, v->move_y_string);
}

const state_class mutant_caustic_thorn_default_class = {
    .name = "states.mutant.objects.CausticThornDefault",
    .parent = &default_fireball_class,
    .enter = thorn_enter,
    .move = thorn_move,
};

/* ================================================================== Shockwave */
/* ShockwaveProjectile (Shockwave.gd): two hits from the opponent fizzle it; frees the move */
typedef struct {
    int32_t hp;
} shockwave_vars;

static void shockwave_construct(ymatch *m, yproj *p) {
    (void)m;
    ((shockwave_vars *)p->vars)->hp = 2;
}

static void shockwave_disable(ymatch *m, yproj *p) {
    proj_disable(m, p);
    yobj *creator = obj_by_number(m, p->o.creator);
    if (creator && creator->is_fighter && strcmp(FH(AS_F(creator))->name, "Mutant") == 0)
        MUTANT(AS_F(creator))->shockwave_projectile = 0;
}

static void shockwave_on_got_blocked(ymatch *m, yproj *p) { shockwave_disable(m, p); }

static void shockwave_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    proj_hit_by(m, p, hb);
    if (!YOK(m)) return;
    yobj *obj = obj_from_name(m, hb->host);
    ystate *st = obj_state(&p->o);
    if (obj && obj == obj_get_opponent(m, &p->o) && st && st_name(st) == SYM_Default && !hb->throw_) {
        shockwave_vars *v = (shockwave_vars *)p->vars;
        v->hp--;
        if (v->hp <= 0) machine_change_state(m, &p->o, SYM_FizzleOut, NULL, true, true);
    }
}

static const yres_field SHOCKWAVE_FIELDS[] = {{"hp", RF_INT, offsetof(shockwave_vars, hp)}};

const yobj_class mutant_shockwave_projectile_class = {
    .name = "states.mutant.objects.ShockwaveProjectile",
    .parent = &base_projectile_class,
    .vars_size = sizeof(shockwave_vars),
    .trace_fields = SHOCKWAVE_FIELDS,
    .n_trace_fields = 1,
    .construct = shockwave_construct,
    .disable = shockwave_disable,
    .hit_by = shockwave_hit_by,
    .on_got_blocked = shockwave_on_got_blocked,
};

/* ShockwaveDefault: fizzles as soon as the opponent is in a combo */
static int shockwave_default_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_tick(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    yobj *fighter = obj_get_fighter(m, host);
    if (FOPP(m, AS_F(fighter))->o.combo_count > 0) return SYM_FizzleOut;
    return SYM_NONE;
}

const state_class mutant_shockwave_default_class = {
    .name = "states.mutant.objects.ShockwaveDefault",
    .parent = &default_fireball_class,
    .tick = shockwave_default_tick,
};

/* ================================================================== Poison */
/* Poison (Poison.gd): Envenom's poison and its acid bubbles. It listens to the opponent's
 * got_hit_by_fighter and blocked_melee_attack signals (connected at init, after the
 * fighter's own handlers); the bubbles' angles are randi_static() % 360 degrees, converted
 * with fixed_deg_to_rad. */
#define POISON_NUM_ACID_BUBBLES 2
#define POISON_ACID_BUBBLE_SPEED FXI(7)
#define POISON_COOLDOWN 35
#define POISON_STARTUP 5
#define POISON_DEG_TO_RAD FXC(0.01745329251) /* BaseObj.gd: fixed_deg_to_rad */

typedef struct {
    int32_t spawn_acid_bubble_cooldown, spawn_acid_bubble_startup;
    int16_t bubble_scene; /* the object table of ACID_BUBBLE_SCENE (-1: not in the tables) */
} poison_vars;

const yobj_class mutant_poison_class;

static void poison_construct(ymatch *m, yproj *p) {
    (void)m;
    poison_vars *v = (poison_vars *)p->vars;
    v->spawn_acid_bubble_cooldown = 0;
    v->spawn_acid_bubble_startup = 0;
    v->bubble_scene = (int16_t)object_table_index(ACID_BUBBLE_SCENE); /* once, when the template is built */
}

/* A disabled poison never ticks again and its handler only touches its own counters, so its
 * connections on the opponent are dead: they leave before connecting (the opponent keeps two per
 * live poison, however many poisons a match sees). */
static bool poison_connection_live(ymatch *m, const yconnection *c) {
    yobj *t = c->state < 0 ? obj_by_number(m, c->target) : NULL;
    return !(t && !t->is_fighter && AS_P(t)->vt->cls == &mutant_poison_class && t->disabled && c->method == SYM_on_opponent_hit);
}

static void drop_dead_poison_connections(ymatch *m, yobj *emitter) { obj_conns_filter(m, emitter, poison_connection_live); }

static void poison_init(ymatch *m, yproj *p) {
    yobj *opponent = &FOPP(m, AS_F(obj_get_fighter(m, &p->o)))->o;
    drop_dead_poison_connections(m, opponent);
    obj_connect_signal(m, opponent, SYM_got_hit_by_fighter, &p->o, NULL, SYM_on_opponent_hit);
    obj_connect_signal(m, opponent, SYM_blocked_melee_attack, &p->o, NULL, SYM_on_opponent_hit);
}

static void poison_on_signal(ymatch *m, yproj *p, int method, yobj *emitter) {
    (void)emitter;
    if (method != SYM_on_opponent_hit) {
        yerr(m, YE_NOT_PORTED, "Poison has no signal method %s", sym_text(method));
        return;
    }
    /* on_opponent_hit */
    poison_vars *v = (poison_vars *)p->vars;
    ystate *st = obj_state(&p->o);
    if (!st) {
        yerr(m, YE_INTERNAL, "Poison: on_opponent_hit before init");
        return;
    }
    if (st->current_tick < 30 || v->spawn_acid_bubble_cooldown > 0) return;
    v->spawn_acid_bubble_startup = POISON_STARTUP;
    v->spawn_acid_bubble_cooldown = POISON_COOLDOWN;
}

/* randi_static (BaseObj.gd): reseed from the game tick, then a 32-bit draw */
static uint32_t randi_static(yobj *o) {
    obj_hash_static_rng(o);
    return gd_rng_randi(&o->logic_rng_static);
}

/* The first bubble goes right, the second left, at a random angle; both carry the opponent's velocity. */
static void spawn_acid_bubble(ymatch *m, yproj *p, int index) {
    yobj *bubble = obj_spawn(m, &p->o, ((poison_vars *)p->vars)->bubble_scene, 0, 0, true, NULL, true);
    if (!bubble) return;
    int64_t degrees = (int64_t)(randi_static(&p->o) % 360u);
    fx dx, dy;
    yfx_angle_to_vec(fxs_mul(FXI(degrees), POISON_DEG_TO_RAD), &dx, &dy);
    if (index == 0 && dx < 0) dx = fxs_neg(dx);
    if (index == 1 && dx > 0) dx = fxs_neg(dx);
    fx force_x, force_y;
    fxs_vec_mul(dx, dy, POISON_ACID_BUBBLE_SPEED, &force_x, &force_y);
    obj_apply_force(bubble, force_x, force_y);
    yfighter *opponent = FOPP(m, AS_F(obj_get_fighter(m, &p->o)));
    obj_apply_force(bubble, opponent->o.data.vx, opponent->o.data.vy);
}

static void poison_tick(ymatch *m, yproj *p) {
    obj_base_tick(m, &p->o);
    if (!YOK(m)) return;
    yfighter *opponent = FOPP(m, AS_F(obj_get_fighter(m, &p->o)));
    if (opponent->o.combo_count > 0) {
        ystate *os = obj_state(obj_get_opponent(m, &p->o));
        if (!strstr(sym_text(st_name(os)), "Burst")) {
            obj_disable(m, &p->o);
            return;
        }
    }
    poison_vars *v = (poison_vars *)p->vars;
    if (v->spawn_acid_bubble_cooldown > 0) v->spawn_acid_bubble_cooldown--;
    if (v->spawn_acid_bubble_startup > 0) {
        v->spawn_acid_bubble_startup--;
        if (v->spawn_acid_bubble_startup <= 0) {
            v->spawn_acid_bubble_startup = 0;
            for (int i = 0; i < POISON_NUM_ACID_BUBBLES && YOK(m); i++) spawn_acid_bubble(m, p, i);
        }
    }
}

const yobj_class mutant_poison_class = {
    .name = "states.mutant.objects.Poison",
    .parent = &base_projectile_class,
    .vars_size = sizeof(poison_vars),
    .construct = poison_construct,
    .init = poison_init,
    .tick = poison_tick,
    .on_signal = poison_on_signal,
};

/* PoisonDefault: follows the opponent's hurtbox, 5 damage every 15 frames, 600 frames.
 * Quirk kept: frame_600 disables the poison before tick runs in the same frame, so frame 600
 * still doses: 41 doses (frames 0, 15, ..., 600), not 40. */
#define POISON_DAMAGE_EVERY 15
#define POISON_DAMAGE 5

static int poison_default_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *opponent = FOPP(m, AS_F(obj_get_fighter(m, host)));
    int32_t x, y;
    box_center(&opponent->o.hurtbox, &x, &y);
    obj_set_pos(host, x, y);
    if (imod(st->current_tick, POISON_DAMAGE_EVERY) == 0) TAKE_DAMAGE(m, opponent, POISON_DAMAGE);
    return SYM_NONE;
}

static int poison_default_frame_600(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
    return SYM_NONE;
}

const state_class mutant_poison_default_class = {
    .name = "states.mutant.objects.PoisonDefault",
    .parent = &object_state_class,
    .tick = poison_default_tick,
    .frames = FRAMES({600, poison_default_frame_600}),
};

/* ================================================================== AcidBubble */
/* AcidBubble (AcidBubble.gd): its owner's hits push it (twice the knockback); others pop it */
#define BUBBLE_KNOCKBACK_MULTIPLIER FXI(2)
#define BUBBLE_MAX_SPEED FXI(10)

static void bubble_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    /* Quirk kept: BaseProjectile.hit_by ignores a throw, but only its own part returns; a
     * throw box still pushes or pops the bubble here. */
    proj_hit_by(m, p, hb);
    if (!YOK(m)) return;
    yobj *host = obj_by_number(m, hb->host); /* objs_map.get: disabled objects too */
    if (!host) return;
    if (host->id == p->o.id) {
        fx fx_, fy;
        fxs_normalized_times(fxs_mul(hb->dir_x, FXI(obj_facing(host))), hb->dir_y,
                             fxs_mul(hb->knockback, BUBBLE_KNOCKBACK_MULTIPLIER), &fx_, &fy);
        obj_apply_force(&p->o, fx_, fy);
        if (host->is_fighter) combat_projectile_free_cancel(m, AS_F(host));
    } else {
        machine_change_state(m, &p->o, SYM_Pop, NULL, true, true);
    }
}

static void bubble_tick(ymatch *m, yproj *p) {
    obj_base_tick(m, &p->o);
    if (!YOK(m)) return;
    obj_limit_speed(m, &p->o, BUBBLE_MAX_SPEED);
}

static void bubble_on_got_blocked(ymatch *m, yproj *p) { machine_change_state(m, &p->o, SYM_Pop, NULL, true, true); }

const yobj_class mutant_acid_bubble_class = {
    .name = "states.mutant.objects.AcidBubble",
    .parent = &base_projectile_class,
    .tick = bubble_tick,
    .hit_by = bubble_hit_by,
    .on_got_blocked = bubble_on_got_blocked,
};

/* AcidBubbleDefault: pops on a hit; floats up off the floor (5 px above it) */
static void bubble_default_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)obj;
    (void)hb;
    state_queue_change(m, host, st, SYM_Pop, NULL);
}

static int bubble_default_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    if (host->data.py > -5) {
        obj_set_pos(host, host->data.px, -5);
        obj_set_vel(host, host->data.vx, fxs_mul(fxs_abs(host->data.vy), FXC(-0.25)));
    }
    return SYM_NONE;
}

const state_class mutant_acid_bubble_default_class = {
    .name = "states.mutant.objects.AcidBubbleDefault",
    .parent = &object_state_class,
    .on_hit_something = bubble_default_on_hit_something,
    .tick = bubble_default_tick,
};

/* AcidBubblePop: the bubble is gone when the pop ends */
static void bubble_pop_exit(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    obj_disable(m, host);
}

const state_class mutant_acid_bubble_pop_class = {
    .name = "states.mutant.objects.AcidBubblePop",
    .parent = &object_state_class,
    .exit = bubble_pop_exit,
};

