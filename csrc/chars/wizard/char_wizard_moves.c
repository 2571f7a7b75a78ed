/* The Wizard's own states. Mirrors states/wizard/moves.py (characters/wizard/): one
 * class per game script. Most extend WizardState, which lets a move trigger the orb's
 * attack on its second tick; the supers extend the base SuperMove. Numbers written here
 * are the scripts' constants; frame data (hitboxes, timings, forces) comes from the
 * tables. The registry (SCRIPTS) is in char_wizard_registry.c. */
#include <stdlib.h>

#include "char_wizard.h"

#define W(host) WIZARD(AS_F(host))
#define TELEKINESIS "characters/wizard/projectiles/telekinesis/"

/* host.xy_to_dir(x, y, mul) with the default divisor "100.0" */
static void xy_to_dir(ymatch *m, int32_t x, int32_t y, fx mul, fx *ox, fx *oy) {
    obj_xy_to_dir(m, FXI(x), FXI(y), mul, FXI(100), ox, oy);
}

/* _orb(host): the host's orb object (objs_map[orb_projectile], disabled or not), or NULL */
static yproj *host_orb(ymatch *m, yobj *host) {
    int number = W(host)->orb_projectile;
    return number ? wizard_orb_of(m, number) : NULL;
}

/* _orb_locked(host): orb.locked, or None (false) without an orb */
static bool host_orb_locked(ymatch *m, yobj *host) {
    yproj *orb = host_orb(m, host);
    return orb && orb_is_locked(orb);
}

static yhitbox *child_hitbox(ymatch *m, yobj *host, ystate *st, int sym) {
    yhitbox *h = state_hitbox_child(host, st, sym);
    if (!h) yerr(m, YE_INTERNAL, "%s has no hitbox %s", sym_text(st_name(st)), sym_text(sym));
    return h;
}

static yobj *spawn(ymatch *m, yobj *host, const char *scene, int32_t x, int32_t y, const ydata *data) {
    return obj_spawn(m, host, object_table_index(scene), x, y, true, data, true);
}

/* ------------------------------------------------------------------ WizardTaunt */
#define TAUNT_FRIC FXC(0.025)

static int taunt_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fg_apply_x_fric_raw(&host->chara, TAUNT_FRIC);
    return SYM_NONE;
}

const state_class wizard_taunt_class = {
    .name = "states.wizard.moves.WizardTaunt",
    .parent = &taunt_class,
    .tick = taunt_tick,
};

/* ------------------------------------------------------------------ WizardState */
typedef struct {
    int32_t trigger_orb_delay;
    uint16_t trigger_orb_type; /* symbol; SYM_NONE for "" */
    yflag trigger_orb_attack, triggered_orb_attack;
} wizard_state_vars;

static void ws_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    wizard_state_vars *v = ST_VARS(wizard_state_vars, host, st);
    v->trigger_orb_attack = prop_bool(NODE(st), P_trigger_orb_attack, 1);
    v->trigger_orb_type = (uint16_t)prop_sym(NODE(st), P_trigger_orb_type, 0);
    v->trigger_orb_delay = (int32_t)prop_int(NODE(st), P_trigger_orb_delay, 20);
}

static int ws_enter_shared(ymatch *m, yobj *host, ystate *st) {
    cs_enter_shared(m, host, st);
    ST_VARS(wizard_state_vars, host, st)->triggered_orb_attack = false;
    return SYM_NONE;
}

static int ws_tick_shared(ymatch *m, yobj *host, ystate *st) {
    wizard_state_vars *v = ST_VARS(wizard_state_vars, host, st);
    if (!v->triggered_orb_attack && st->current_tick == 0 && v->trigger_orb_attack) {
        yproj *orb = host_orb(m, host);
        if (!YOK(m)) return SYM_NONE;
        if (orb) {
            orb_trigger_attack(m, orb, v->trigger_orb_type, v->trigger_orb_delay);
            if (!YOK(m)) return SYM_NONE;
            v->triggered_orb_attack = true;
        }
    }
    return cs_tick_shared(m, host, st);
}

const state_class wizard_state_class = {
    .name = "states.wizard.moves.WizardState",
    .parent = &character_state_class,
    .vars_size = sizeof(wizard_state_vars),
    .construct = ws_construct,
    .enter_shared = ws_enter_shared,
    .tick_shared = ws_tick_shared,
};

static bool ws_usable(ymatch *m, yobj *host, ystate *st) { return cs_is_usable(m, host, st); }
static bool super_usable(ymatch *m, yobj *host, ystate *st) { return super_move_class.is_usable(m, host, st); }

/* ------------------------------------------------------------------ attacks */
static int combust_frame_8(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_apply_force_relative(host, FXC(-3.0), FXC(-2.0)); /* KICKBACK_X, KICKBACK_Y */
    return SYM_NONE;
}

const state_class wizard_combust_class = {
    .name = "states.wizard.moves.Combust",
    .parent = &wizard_state_class,
    .frames = FRAMES({8, combust_frame_8}),
};

/* an angled input becomes the aerial version */
static int ice_spike_ground_enter(ymatch *m, yobj *host, ystate *st) {
    ydata *d = st_data(host, st);
    if (!ydata_is_dict(d)) return SYM_NONE;
    int32_t y;
    if (!st_data_get_int(m, host, st, SYM_y, SYM_NONE, &y)) return SYM_NONE;
    return y != 0 ? SYM_IceSpikeAir2 : SYM_NONE;
}

const state_class wizard_ice_spike_ground_class = {
    .name = "states.wizard.moves.IceSpikeGround",
    .parent = &wizard_state_class,
    .enter = ice_spike_ground_enter,
};

static int kick_frame_3(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    obj_apply_force_relative(host, FXC(9.0), 0);
    return SYM_NONE;
}

const state_class wizard_kick_class = {
    .name = "states.wizard.moves.Kick",
    .parent = &wizard_state_class,
    .frames = FRAMES({3, kick_frame_3}),
};

/* ManaStrike: the strike lands 30..120 px ahead (distance slider).
 * Quirk kept: the extra startup is scaled by MAX_EXTRA_STARTUP = 0, so it is always 0;
 * it is computed anyway, as the original does. */
#define MANA_MAX_DISTANCE FXI(120)
#define MANA_MIN_DISTANCE FXI(30)
#define MANA_MAX_EXTRA_STARTUP 0

typedef struct {
    wizard_state_vars ws;
    int32_t startup_lag;
} mana_strike_vars;

static int mana_strike_enter(ymatch *m, yobj *host, ystate *st) {
    int32_t x;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x)) return SYM_NONE;
    ST_VARS(mana_strike_vars, host, st)->startup_lag =
        fxs_round(fxs_mul(yfx_div(m, FXI(x), FXI(100)), FXI(MANA_MAX_EXTRA_STARTUP)));
    return SYM_NONE;
}

static int mana_strike_tick(ymatch *m, yobj *host, ystate *st) {
    mana_strike_vars *v = ST_VARS(mana_strike_vars, host, st);
    if (st->current_tick == 2 && v->startup_lag > 0) {
        v->startup_lag--;
        st->current_tick = 1;
    }
    if (st->current_tick == 5) {
        obj_update_data(m, host);
        int32_t x;
        if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &x)) return SYM_NONE;
        fx dx, dy;
        xy_to_dir(m, x, 0, FX_ONE, &dx, &dy);
        fx dir_x = yfx_div(m, fxs_add(dx, FX_ONE), FXI(2));
        fx span = fxs_sub(MANA_MAX_DISTANCE, MANA_MIN_DISTANCE);
        int32_t hitbox_x = fxs_round(fxs_add(fxs_mul(dir_x, span), MANA_MIN_DISTANCE)) * obj_facing(host);
        yhitbox *h = child_hitbox(m, host, st, SYM_Hitbox);
        if (h) h->b.x = (int32_t)int_abs(hitbox_x);
    }
    return SYM_NONE;
}

static void mana_strike_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(mana_strike_vars, host, st)->startup_lag = 0;
}

const state_class wizard_mana_strike_class = {
    .name = "states.wizard.moves.ManaStrike",
    .parent = &wizard_state_class,
    .vars_size = sizeof(mana_strike_vars),
    .enter = mana_strike_enter,
    .tick = mana_strike_tick,
    .exit = mana_strike_exit,
};

/* ConjureWeapon: projectile invulnerability and hyper armor, unless hit first. Its
 * on_got_hit runs on every hit the Wizard takes, whatever its state (the fighter's
 * got_hit reaches every state): the swing's hitstun becomes 25 and a feint is cancelled. */
typedef struct {
    wizard_state_vars ws;
    yflag got_hit;
} conjure_weapon_vars;

static int conjure_weapon_frame_0(ymatch *m, yobj *host, ystate *st) {
    ST_VARS(conjure_weapon_vars, host, st)->got_hit = false;
    yhitbox *h = child_hitbox(m, host, st, SYM_Hitbox);
    if (h) h->hitstun_ticks = 20;
    return SYM_NONE;
}

static int conjure_weapon_frame_3(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int conjure_weapon_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (!ST_VARS(conjure_weapon_vars, host, st)->got_hit) AS_F(host)->has_hyper_armor = true;
    return SYM_NONE;
}

static int conjure_weapon_frame_14(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    AS_F(host)->has_hyper_armor = false;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

static void conjure_weapon_on_got_hit(ymatch *m, yobj *host, ystate *st) {
    yhitbox *h = child_hitbox(m, host, st, SYM_Hitbox);
    if (h) h->hitstun_ticks = 25;
    ST_VARS(conjure_weapon_vars, host, st)->got_hit = true;
    st->feinting = 0;
    AS_F(host)->feinting = false;
}

const state_class wizard_conjure_weapon_class = {
    .name = "states.wizard.moves.ConjureWeapon",
    .parent = &wizard_state_class,
    .vars_size = sizeof(conjure_weapon_vars),
    .frames = FRAMES({0, conjure_weapon_frame_0}, {3, conjure_weapon_frame_3}, {6, conjure_weapon_frame_6},
                     {14, conjure_weapon_frame_14}),
    .on_got_hit = conjure_weapon_on_got_hit,
};

/* ConfusingTouch: on hit it pushes the victim and opens an early cancel */
#define CONFUSING_TOUCH_PUSH_FORCE FXC(5.0)

static int confusing_touch_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->iasa_at = -1;
    st->next_state_on_hold = 1;
    st->next_state_on_hold_on_opponent_turn = 1;
    return SYM_NONE;
}

static void confusing_touch_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    state_super(&wizard_confusing_touch_class)->on_hit_something(m, host, st, obj, hb);
    if (!YOK(m)) return;
    obj_apply_force(obj, fxs_mul(FXI(obj_facing(host)), CONFUSING_TOUCH_PUSH_FORCE), 0);
    st->next_state_on_hold = 0;
    st->next_state_on_hold_on_opponent_turn = 0;
    st->iasa_at = 12;
}

const state_class wizard_confusing_touch_class = {
    .name = "states.wizard.moves.ConfusingTouch",
    .parent = &wizard_state_class,
    .frames = FRAMES({0, confusing_touch_frame_0}),
    .on_hit_something = confusing_touch_on_hit_something,
};

/* ------------------------------------------------------------------ movement */
/* Liftoff ("Missile Form"): launch in the chosen direction, land with lag. */
#define LIFTOFF_SPEED FXC(15.0)
#define LIFTOFF_HITBOX_OFFSET FXC(-28.0)
#define LIFTOFF_FAST_FALL_REDUCTION 200

typedef struct {
    wizard_state_vars ws;
    uint16_t queued_state; /* StateInterface's queued_state: the last state asked for, never cleared */
} liftoff_vars;

/* StateInterface.queue_state_change records the request in queued_state, which nothing
 * ever clears; exit reads it. */
static void liftoff_queue_state_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data) {
    ST_VARS(liftoff_vars, host, st)->queued_state = (uint16_t)sym;
    state_base_queue_change(m, host, st, sym, data);
}

static int liftoff_frame_0(ymatch *m, yobj *host, ystate *st) {
    wizard_vars *w = W(host);
    st->land_cancel = 0;
    if (w->fast_falling) w->hover_left -= LIFTOFF_FAST_FALL_REDUCTION;
    yhitbox *h2 = child_hitbox(m, host, st, SYM_Hitbox2);
    if (h2) h2->plus_frames = 2;
    st->landing_recovery = 6;
    return SYM_NONE;
}

static int liftoff_frame_6(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    wizard_vars *w = W(host);
    yhitbox *hitbox = child_hitbox(m, host, st, SYM_Hitbox);
    if (!hitbox) return SYM_NONE;
    fg_reset_momentum(&host->chara);
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    fx dx, dy;
    xy_to_dir(m, x, y, LIFTOFF_SPEED, &dx, &dy);
    if (w->spark_speed_frames > 0) dx = fxs_mul(dx, FXC(1.75));
    int facing = obj_facing(host);
    if (host->combo_count <= 0 && fxs_sign(dx) != facing) fighter_add_penalty(m, f, 20, true);
    fx ox, oy;
    fxs_normalized_times(dx, dy, LIFTOFF_HITBOX_OFFSET, &ox, &oy);
    hitbox->dir_x = fxs_mul(ox, FXI(facing));
    hitbox->dir_y = oy;
    hitbox->b.x = fxs_round(ox) * facing;
    hitbox->b.y = fxs_round(oy) - 16;
    fx force_y = !w->fast_falling ? dy : fxs_mul(dy, FXC(0.25));
    obj_apply_force(host, dx, force_y);
    st->land_cancel = 1;
    f->colliding_with_opponent = false;
    return SYM_NONE;
}

static int liftoff_tick(ymatch *m, yobj *host, ystate *st) {
    if (W(host)->spark_speed_frames > 0) {
        yhitbox *h2 = child_hitbox(m, host, st, SYM_Hitbox2);
        if (h2) h2->plus_frames = 3;
    }
    obj_apply_forces_no_limit(m, host);
    fx vx = host->data.vx;
    if (st->current_tick > 7 && obj_grounded(host)) {
        int32_t landing_lag = 4;
        if (vx != 0 && fxs_sign(vx) != obj_facing(host)) landing_lag = 12;
        state_queue_change_int(m, host, st, SYM_Landing, landing_lag);
    }
    return SYM_NONE;
}

static void liftoff_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    /* Quirk kept: queued_state is never cleared, so once a Liftoff has landed every later
     * exit of this state takes this branch too. */
    if (ST_VARS(liftoff_vars, host, st)->queued_state == SYM_Landing && host->combo_count <= 0)
        obj_set_vel(host, host->data.vx, fxs_mul(host->data.vy, FXC(0.75)));
}

const state_class wizard_liftoff_class = {
    .name = "states.wizard.moves.Liftoff",
    .parent = &wizard_state_class,
    .vars_size = sizeof(liftoff_vars),
    .frames = FRAMES({0, liftoff_frame_0}, {6, liftoff_frame_6}),
    .tick = liftoff_tick,
    .exit = liftoff_exit,
    .queue_state_change = liftoff_queue_state_change,
};

/* _blown_objects: the objects a wind box covers, in objs_map order (fighters first, then
 * spawn order). Neither the Wizard, nor anything bursting, nor disabled or immovable
 * projectiles; Zephyr only takes airborne ones. An object not initialised yet has no
 * state and is skipped. */
static int blown_objects(ymatch *m, yobj *host, const ybox *windbox, bool require_airborne, yobj **out) {
    int n = 0; /* out: room for 2 + m->n_objs (blown_list) */
    for (int k = -2; k < m->n_objs; k++) {
        yobj *obj = k < 0 ? &m->f[k + 2].o : &match_obj_at(m, k)->o;
        if (obj == host) continue;
        if (require_airborne && obj_grounded(obj)) continue;
        ystate *st = obj_state(obj);
        if (!st || st_name(st) == SYM_Burst || !box_overlaps(windbox, &obj->hurtbox)) continue;
        if (!obj->is_fighter && (obj->disabled || !AS_P(obj)->movable)) continue;
        out[n++] = obj;
    }
    return n;
}

/* Room for blown_objects' answer: `first` when it fits, else the heap (NULL: out of memory, the
 * match stopped); the caller gives it to blown_list_free. Pushing an object moves it, so the list is
 * taken whole before the first push, as the original does. */
typedef struct {
    yobj *first[2 + YOMI_INLINE_OBJECTS];
} blown_room;
static yobj **blown_list(ymatch *m, blown_room *r) {
    if (2 + m->n_objs <= 2 + YOMI_INLINE_OBJECTS) return r->first;
    yobj **out = malloc((size_t)(2 + m->n_objs) * sizeof *out);
    if (!out) yerr(m, YE_LIMIT, "out of memory for %d objects", m->n_objs);
    return out;
}
static void blown_list_free(blown_room *r, yobj **list) {
    if (list != r->first) free(list);
}

/* a CollisionBox child (WindBox...) placed on the host, as the scripts set it before use */
static bool wind_box(ymatch *m, yobj *host, ystate *st, int sym, ybox *b) {
    const ynode *n = state_box_child(st, sym);
    if (!n) {
        yerr(m, YE_INTERNAL, "%s has no box %s", sym_text(st_name(st)), sym_text(sym));
        return false;
    }
    b->x = (int32_t)prop_int(n, P_x, 0);
    b->y = (int32_t)prop_int(n, P_y, 0);
    b->width = (int32_t)prop_int(n, P_width, 20);
    b->height = (int32_t)prop_int(n, P_height, 20);
    b->facing = (int8_t)obj_facing(host);
    b->pos_x = host->data.px;
    b->pos_y = host->data.py;
    return true;
}

/* Sandstorm (Gust, Sandstorm): a wind box pushes what it covers. Fighters get a force that
 * falls off with distance (and with the gusts already used in this combo); projectiles are
 * moved directly. The Wizard itself is pushed back. */
#define SAND_PUSH_SPEED FXI(5)
#define SAND_MAX_EXTRA_PUSH_DIST FXI(200)
#define SAND_MAX_EXTRA_PUSH FXI(10)
#define SAND_FIGHTER_PUSH_SPEED FXI(1)
#define SAND_PUSHBACK_SPEED_X FXC(0.25)
#define SAND_PUSHBACK_SPEED_Y FXC(0.25)
#define SAND_COMBO_REDUCTION FXC(0.85)

static void sandstorm_push_object(ymatch *m, yobj *host, yobj *obj, fx dir_x, fx dir_y) {
    fx diff_x = fxs_sub(FXI(obj->data.px), FXI(host->data.px)), diff_y = fxs_sub(0, 0);
    fx length = fxs_vec_len(diff_x, diff_y);
    fx dist_ratio = yfx_div(m, length, SAND_MAX_EXTRA_PUSH_DIST);
    if (dist_ratio > FX_ONE) dist_ratio = FX_ONE;
    if (obj->is_fighter) {
        if (obj->hitlag_ticks == 0) {
            fx dy = obj_grounded(obj) ? 0 : dir_y;
            fx fx_, fy;
            fxs_normalized_times(dir_x, dy, fxs_mul(SAND_FIGHTER_PUSH_SPEED, fxs_sub(FX_ONE, dist_ratio)), &fx_, &fy);
            fxs_vec_mul(fx_, fy, fxs_powu(SAND_COMBO_REDUCTION, W(host)->gusts_in_combo), &fx_, &fy);
            obj_apply_force(obj, fx_, fy);
        }
    } else {
        fx extra_push = fxs_mul(fxs_sub(FX_ONE, dist_ratio), SAND_MAX_EXTRA_PUSH);
        fx total_push = fxs_add(SAND_PUSH_SPEED, extra_push);
        if (total_push > length) total_push = length;
        fx fx_, fy;
        fxs_normalized_times(dir_x, dir_y, total_push, &fx_, &fy);
        obj_move_directly(obj, fx_, fy);
    }
}

static int sandstorm_tick(ymatch *m, yobj *host, ystate *st) {
    if (1 < st->current_tick && st->current_tick < 15) {
        int32_t x, y;
        if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
        fx dir_x, dir_y;
        xy_to_dir(m, x, y, FX_ONE, &dir_x, &dir_y);
        ybox windbox;
        if (!wind_box(m, host, st, SYM_WindBox, &windbox)) return SYM_NONE;
        blown_room room;
        yobj **found = blown_list(m, &room);
        if (!found) return SYM_NONE;
        int n = blown_objects(m, host, &windbox, false, found);
        for (int i = 0; i < n && YOK(m); i++) sandstorm_push_object(m, host, found[i], dir_x, dir_y);
        blown_list_free(&room, found);
        fx pbx, pby;
        xy_to_dir(m, x, y, -FX_ONE, &pbx, &pby);
        fx push_y = (!obj_grounded(host) || W(host)->hovering) ? fxs_mul(pby, SAND_PUSHBACK_SPEED_Y) : 0;
        obj_apply_force(host, fxs_mul(pbx, SAND_PUSHBACK_SPEED_X), push_y);
    }
    return SYM_NONE;
}

static void sandstorm_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    W(host)->gusts_in_combo++;
}

const state_class wizard_sandstorm_class = {
    .name = "states.wizard.moves.Sandstorm",
    .parent = &wizard_state_class,
    .tick = sandstorm_tick,
    .exit = sandstorm_exit,
};

/* CatchWind (WindForce, "Zephyr"): while the throw box is out, a wind box pulls airborne
 * objects toward it (a bigger box when the Wizard has the initiative). */
#define WIND_PULL_SPEED FXI(-5)
#define WIND_MAX_EXTRA_PULL_DIST FXI(200)
#define WIND_MAX_EXTRA_PULL FXI(-10)
#define WIND_PULL_FORCE FXI(-1)
#define WIND_FIGHTER_PULL_SPEED FXI(-2)

static void catch_wind_pull_object(ymatch *m, yobj *obj, const yhitbox *throwbox) {
    const ybox *b = &throwbox->b; /* get_absolute_position */
    int32_t tx = b->pos_x + (b->facing == 1 ? b->x : -b->x), ty = b->pos_y + b->y;
    fx diff_x = fxs_sub(FXI(obj->data.px), FXI(tx)), diff_y = fxs_sub(FXI(obj->data.py), FXI(ty));
    fx length = fxs_vec_len(diff_x, diff_y);
    if (obj->is_fighter) {
        fx fx_, fy;
        fxs_normalized_times(diff_x, diff_y, WIND_PULL_FORCE, &fx_, &fy);
        obj_apply_force(obj, fx_, fy);
    }
    fx dist_ratio = yfx_div(m, length, WIND_MAX_EXTRA_PULL_DIST);
    if (dist_ratio > FX_ONE) dist_ratio = FX_ONE;
    fx extra_pull = fxs_mul(fxs_sub(FX_ONE, dist_ratio), WIND_MAX_EXTRA_PULL);
    fx total_pull = !obj->is_fighter ? fxs_add(WIND_PULL_SPEED, extra_pull) : WIND_FIGHTER_PULL_SPEED;
    if (total_pull > length) total_pull = length;
    fx mx, my;
    fxs_normalized_times(diff_x, diff_y, total_pull, &mx, &my);
    obj_move_directly(obj, mx, my);
}

static int catch_wind_tick(ymatch *m, yobj *host, ystate *st) {
    yhitbox *throwbox = child_hitbox(m, host, st, SYM_ThrowBox);
    if (!throwbox) return SYM_NONE;
    if (throwbox->active && throwbox->enabled) {
        ybox windbox;
        if (!wind_box(m, host, st, AS_F(host)->initiative ? SYM_WindBox2 : SYM_WindBox, &windbox)) return SYM_NONE;
        blown_room room;
        yobj **found = blown_list(m, &room);
        if (!found) return SYM_NONE;
        int n = blown_objects(m, host, &windbox, true, found);
        for (int i = 0; i < n && YOK(m); i++) catch_wind_pull_object(m, found[i], throwbox);
        blown_list_free(&room, found);
    }
    return SYM_NONE;
}

static void catch_wind_exit(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    fighter_release_opponent(m, AS_F(host));
}

const state_class wizard_catch_wind_class = {
    .name = "states.wizard.moves.CatchWind",
    .parent = &wizard_state_class,
    .tick = catch_wind_tick,
    .exit = catch_wind_exit,
};

/* ZephyrThrow: the throw makes the orb swing its sword 50 ticks later */
#define ZEPHYR_TRIGGER_ORB_DELAY 50

static int zephyr_throw_enter(ymatch *m, yobj *host, ystate *st) {
    state_super(&wizard_zephyr_throw_class)->enter(m, host, st);
    if (!YOK(m)) return SYM_NONE;
    int number = W(host)->orb_projectile;
    if (number && obj_from_name(m, number)) {
        yproj *orb = wizard_orb_of(m, number);
        if (orb) orb_trigger_attack(m, orb, SYM_Sword, ZEPHYR_TRIGGER_ORB_DELAY);
    }
    return SYM_NONE;
}

const state_class wizard_zephyr_throw_class = {
    .name = "states.wizard.moves.ZephyrThrow",
    .parent = &throw_state_class,
    .enter = zephyr_throw_enter,
};

/* ------------------------------------------------------------------ specials */
/* FlameWave: sends a ground fire wave on frame 9 (one at a time, then a cooldown) */
static int flame_wave_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    spawn(m, host, "characters/wizard/projectiles/FlameWave.tscn", 40, -16, NULL);
    W(host)->can_flame_wave = false;
    return SYM_NONE;
}

static bool flame_wave_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->can_flame_wave && W(host)->flame_wave_cooldown <= 0;
}

const state_class wizard_flame_wave_class = {
    .name = "states.wizard.moves.FlameWave",
    .parent = &wizard_state_class,
    .frames = FRAMES({9, flame_wave_frame_9}),
    .is_usable = flame_wave_usable,
};

/* MagicMissile ("Magic Dart"): a homing dart, aimed, on frame 7 */
static int magic_missile_frame_7(ymatch *m, yobj *host, ystate *st) {
    int32_t x, y;
    if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
    fx dx, dy;
    xy_to_dir(m, x, y, FX_ONE, &dx, &dy);
    ydata data;
    ydata_none(&data);
    if (!ydata_set_fx(m, &data, SYM_dir, SYM_x, dx) || !ydata_set_fx(m, &data, SYM_dir, SYM_y, dy)) return SYM_NONE;
    spawn(m, host, "characters/wizard/projectiles/MagicMissile.tscn", 10, -16, &data);
    return SYM_NONE;
}

const state_class wizard_magic_missile_class = {
    .name = "states.wizard.moves.MagicMissile",
    .parent = &wizard_state_class,
    .frames = FRAMES({7, magic_missile_frame_7}),
};

/* VileClutch: a grasp rises from the ground 0..500 px ahead (slider). The projectile is
 * placed in world coordinates (the state's projectile_local_pos is off); only one may
 * exist at a time. */
#define VILE_CLUTCH_MAX_DISTANCE FXI(500)

static void vile_clutch_projectile_pos(ymatch *m, yobj *host, ystate *st, int32_t *x, int32_t *y) {
    int32_t dx = 0;
    *x = 0;
    *y = 0;
    if (!st_data_get_int(m, host, st, SYM_x, SYM_NONE, &dx)) return;
    fx ux, uy;
    xy_to_dir(m, dx, 0, FX_ONE, &ux, &uy);
    *x = fxs_round(fxs_mul(ux, VILE_CLUTCH_MAX_DISTANCE)) * obj_facing(host) + host->data.px;
}

static void vile_clutch_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *p) {
    (void)m;
    (void)st;
    (void)p;
    W(host)->can_vile_clutch = false;
}

static bool vile_clutch_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->can_vile_clutch;
}

const state_class wizard_vile_clutch_class = {
    .name = "states.wizard.moves.VileClutch",
    .parent = &wizard_state_class,
    .get_projectile_pos = vile_clutch_projectile_pos,
    .process_projectile = vile_clutch_process_projectile,
    .is_usable = vile_clutch_usable,
};

/* DrawMoisture (CharacterState.gd): one geyser charge on frame 12 */
static int draw_moisture_frame_12(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    wizard_add_geyser_charge(W(host));
    return SYM_NONE;
}

static bool draw_moisture_usable(ymatch *m, yobj *host, ystate *st) {
    ystate *cur = obj_state(host);
    return ws_usable(m, host, st) && W(host)->geyser_charge < 3 &&
           !(st_name(cur) == SYM_DrawMoisture && cur->current_tick < st->anim_length - 1);
}

const state_class wizard_draw_moisture_class = {
    .name = "states.wizard.moves.DrawMoisture",
    .parent = &wizard_state_class,
    .frames = FRAMES({12, draw_moisture_frame_12}),
    .is_usable = draw_moisture_usable,
};

/* Geyser: spends 1..3 charges for a swept water column of 300/400/500 px. Frame 0 arms the
 * one swept hitbox of the chosen level (the others are switched off), sets its damage and
 * sweep vector. The state holds on frame 0 for 4 more ticks (startup_lag), and the
 * 3-charge version skips frame 1. The charges are spent on frame 9. */
#define GEYSER_STARTUP_LAG 4
static const int32_t GEYSER_MAX_DISTS[3] = {300, 400, 500};
static const int32_t GEYSER_DAMAGE[3] = {130, 150, 170};
static const int32_t GEYSER_MINDAMAGE[3] = {0, 50, 80};
static const int32_t GEYSER_TIMING[3] = {11, 11, 10};
static const int32_t GEYSER_PLUS[3] = {1, 3, 4};
static const int32_t GEYSER_PRORATION[3] = {6, 5, 4};
static const uint16_t GEYSER_HITBOXES[3] = {SYM_Hitbox1, SYM_Hitbox2, SYM_Hitbox3};

typedef struct {
    wizard_state_vars ws;
    int32_t charges, startup_lag;
    yflag hit;
} geyser_vars;

static void geyser_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    geyser_vars *v = ST_VARS(geyser_vars, host, st);
    v->hit = false;
    v->charges = 3;
    v->startup_lag = GEYSER_STARTUP_LAG;
}

static int geyser_enter(ymatch *m, yobj *host, ystate *st) {
    geyser_vars *v = ST_VARS(geyser_vars, host, st);
    if (!st_data_get_int(m, host, st, SYM_Charge, SYM_count, &v->charges)) return SYM_NONE;
    v->hit = false;
    return SYM_NONE;
}

static int geyser_frame_0(ymatch *m, yobj *host, ystate *st) {
    geyser_vars *v = ST_VARS(geyser_vars, host, st);
    v->startup_lag = GEYSER_STARTUP_LAG;
    int32_t x, y;
    if (!st_data_get_int(m, host, st, SYM_Direction, SYM_x, &x) || !st_data_get_int(m, host, st, SYM_Direction, SYM_y, &y))
        return SYM_NONE;
    fx dx, dy;
    xy_to_dir(m, x, y, FX_ONE, &dx, &dy);
    int64_t level = (int64_t)v->charges - 1;
    for (int i = 0; i < 3; i++) {
        yhitbox *h = child_hitbox(m, host, st, GEYSER_HITBOXES[i]);
        if (!h) return SYM_NONE;
        h->activated = 0;
    }
    /* the tuples are indexed as Python does: -3..-1 from the end, anything else is an IndexError */
    int64_t k = level < 0 ? level + 3 : level;
    if (k < 0 || k > 2) {
        yerr(m, YE_INDEX, "Geyser: tuple index out of range (charge count %d)", (int)v->charges);
        return SYM_NONE;
    }
    /* Quirk kept: start_tick changes here, but the activation frame was indexed at init (11),
     * so only the tick-priority rule sees the 3-charge 10. */
    yhitbox *h = child_hitbox(m, host, st, GEYSER_HITBOXES[k]);
    h->activated = 1;
    h->damage = GEYSER_DAMAGE[k];
    h->minimum_damage = GEYSER_MINDAMAGE[k];
    h->start_tick = GEYSER_TIMING[k];
    h->plus_frames = GEYSER_PLUS[k];
    h->damage_proration = GEYSER_PRORATION[k];
    fx tx, ty;
    fxs_vec_mul(dx, dy, FXI(GEYSER_MAX_DISTS[k]), &tx, &ty);
    /* Quirk kept: mirrored here by facing, and again by the swept box's own facing. */
    h->to_x = fxs_round(tx) * obj_facing(host);
    h->to_y = fxs_round(ty);
    return SYM_NONE;
}

static bool geyser_usable(ymatch *m, yobj *host, ystate *st) {
    return W(host)->geyser_charge > 0 && ws_usable(m, host, st);
}

static int geyser_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    geyser_vars *v = ST_VARS(geyser_vars, host, st);
    if (st->started_in_air && (st->current_tick > 10 || st->current_tick < 6) && obj_grounded(host))
        return SYM_Landing;
    if (v->charges == 3 && st->current_tick == 1) st->current_tick = 2;
    if (v->startup_lag > 0) {
        st->current_tick = 0;
        v->startup_lag--;
    }
    return SYM_NONE;
}

static int geyser_frame_9(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    yfighter *f = AS_F(host);
    wizard_vars *w = W(host);
    if (!f->infinite_resources) w->geyser_charge -= ST_VARS(geyser_vars, host, st)->charges;
    if (w->geyser_charge < 0) w->geyser_charge = 0;
    return SYM_NONE;
}

static void geyser_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    if (obj->is_fighter) ST_VARS(geyser_vars, host, st)->hit = true;
    state_super(&wizard_geyser_class)->on_hit_something(m, host, st, obj, hb);
}

const state_class wizard_geyser_class = {
    .name = "states.wizard.moves.Geyser",
    .parent = &wizard_state_class,
    .vars_size = sizeof(geyser_vars),
    .construct = geyser_construct,
    .enter = geyser_enter,
    .frames = FRAMES({0, geyser_frame_0}, {9, geyser_frame_9}),
    .tick = geyser_tick,
    .is_usable = geyser_usable,
    .on_hit_something = geyser_on_hit_something,
};

/* ------------------------------------------------------------------ the orb */
/* Orb: conjures the orb on frame 6 (needs 3 bars, spends none) */
static int orb_frame_6(ymatch *m, yobj *host, ystate *st) {
    (void)st;
    wizard_spawn_orb(m, AS_F(host));
    return SYM_NONE;
}

static bool orb_usable(ymatch *m, yobj *host, ystate *st) {
    return super_usable(m, host, st) && W(host)->orb_projectile == 0;
}

const state_class wizard_orb_class = {
    .name = "states.wizard.moves.Orb",
    .parent = &super_move_class,
    .frames = FRAMES({6, orb_frame_6}),
    .is_usable = orb_usable,
};

/* LockOrb (LockOrb, UnlockOrb): pins the orb in place, or frees it */
typedef struct {
    wizard_state_vars ws;
    yflag locks_orb;
} lock_orb_vars;

static void lock_orb_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(lock_orb_vars, host, st)->locks_orb = prop_bool(NODE(st), P_locks_orb, 0);
}

static bool lock_orb_usable(ymatch *m, yobj *host, ystate *st) {
    /* GDScript precedence: (usable and orb and not locked) if locks_orb else locked */
    if (ST_VARS(lock_orb_vars, host, st)->locks_orb)
        return ws_usable(m, host, st) && W(host)->orb_projectile != 0 && !host_orb_locked(m, host);
    return host_orb_locked(m, host);
}

static int lock_orb_frame_1(ymatch *m, yobj *host, ystate *st) {
    yproj *orb = host_orb(m, host);
    if (orb) {
        if (ST_VARS(lock_orb_vars, host, st)->locks_orb) orb_lock(orb);
        else orb_unlock(orb);
    }
    return SYM_NONE;
}

const state_class wizard_lock_orb_class = {
    .name = "states.wizard.moves.LockOrb",
    .parent = &wizard_state_class,
    .vars_size = sizeof(lock_orb_vars),
    .construct = lock_orb_construct,
    .frames = FRAMES({1, lock_orb_frame_1}),
    .is_usable = lock_orb_usable,
};

/* OrbPush: pushes the (unlocked) orb in a direction */
#define ORB_PUSH_MOVE_SPEED FXI(12)

static bool orb_push_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->orb_projectile != 0 && !host_orb_locked(m, host);
}

static int orb_push_frame_1(ymatch *m, yobj *host, ystate *st) {
    yproj *orb = host_orb(m, host);
    if (orb) {
        int32_t x, y;
        if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
        fx fx_, fy;
        fxs_normalized_times(FXI(x), FXI(y), ORB_PUSH_MOVE_SPEED, &fx_, &fy);
        orb_push(orb, fx_, fy);
    }
    return SYM_NONE;
}

const state_class wizard_orb_push_class = {
    .name = "states.wizard.moves.OrbPush",
    .parent = &wizard_state_class,
    .frames = FRAMES({1, orb_push_frame_1}),
    .is_usable = orb_push_usable,
};

/* OrbTether: the Wizard is pulled toward the orb for 90 ticks */
static bool orb_tether_usable(ymatch *m, yobj *host, ystate *st) {
    return ws_usable(m, host, st) && W(host)->orb_projectile != 0 &&
           (obj_grounded(host) || AS_F(host)->air_movements_left > 0);
}

static int orb_tether_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    yfighter *f = AS_F(host);
    if (!obj_grounded(host) && !f->infinite_resources) f->air_movements_left--;
    obj_move_directly(host, 0, FXI(-1));
    fg_set_grounded(&host->chara, false);
    W(host)->tether_ticks = WIZARD_TETHER_TICKS;
    return SYM_NONE;
}

static int orb_tether_tick(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (st->current_tick > 8) {
        if (obj_grounded(host)) return SYM_Landing;
    } else {
        fg_set_grounded(&host->chara, false);
    }
    return SYM_NONE;
}

const state_class wizard_orb_tether_class = {
    .name = "states.wizard.moves.OrbTether",
    .parent = &wizard_state_class,
    .frames = FRAMES({0, orb_tether_frame_0}),
    .tick = orb_tether_tick,
    .is_usable = orb_tether_usable,
};

/* OrbTeleport ("Orb Portal"): swap into the orb's place; the orb is spent */
#define ORB_TELEPORT_SUPERS_CONSUMED 1
#define ORB_TELEPORT_MAX_DIST_H 640
#define ORB_TELEPORT_MAX_DIST_V 200

static int orb_teleport_frame_1(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    host->invulnerable = true; /* start_invulnerability */
    yproj *orb = host_orb(m, host);
    if (!YOK(m)) return SYM_NONE;
    if (orb) {
        orb_set_frozen(orb);
        obj_set_pos(host, orb->o.data.px, orb->o.data.py + 16);
        orb_disable(m, orb);
        if (!YOK(m)) return SYM_NONE;
    } else {
        state_queue_change(m, host, st, SYM_Wait, NULL);
    }
    for (int i = 0; i < ORB_TELEPORT_SUPERS_CONSUMED; i++) fighter_use_super_bar(f);
    return SYM_NONE;
}

static int orb_teleport_frame_2(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->invulnerable = false; /* end_invulnerability */
    return SYM_NONE;
}

static bool orb_teleport_usable(ymatch *m, yobj *host, ystate *st) {
    int number = W(host)->orb_projectile;
    if (number) {
        yobj *obj = obj_from_name(m, number);
        if (obj) {
            int32_t ox, oy;
            obj_local_center(m, host, obj, &ox, &oy);
            if (int_abs(ox) > ORB_TELEPORT_MAX_DIST_H || oy < -ORB_TELEPORT_MAX_DIST_V) return false;
        }
    }
    return super_usable(m, host, st) && number != 0;
}

const state_class wizard_orb_teleport_class = {
    .name = "states.wizard.moves.OrbTeleport",
    .parent = &super_move_class,
    .frames = FRAMES({1, orb_teleport_frame_1}, {2, orb_teleport_frame_2}),
    .is_usable = orb_teleport_usable,
};

/* ------------------------------------------------------------------ spark bombs and telekinesis */
/* EnergyBomb (SparkBomb): throws a spark bomb (the exported projectile). The move is not
 * interruptible on the opponent's turn until the bomb exists. */
static int energy_bomb_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->interruptible_on_opponent_turn = 0;
    return SYM_NONE;
}

static void energy_bomb_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *p) {
    wizard_add_spark_bomb(m, AS_F(host), p->o.number);
    st->interruptible_on_opponent_turn = 1;
}

const state_class wizard_energy_bomb_class = {
    .name = "states.wizard.moves.EnergyBomb",
    .parent = &super_move_class,
    .frames = FRAMES({0, energy_bomb_frame_0}),
    .process_projectile = energy_bomb_process_projectile,
};

/* ConjurePebble (Telekinesis): conjures a random boulder to hold. Frame 1 draws from the
 * Wizard's logic RNG (reseeded before every draw): one of five boulder scenes (choose),
 * then a 15 % chance of a silly item instead, picked by weight (pebble 3, bomb 3, tire 5,
 * fruit 3). The exported projectile (frame 6) uses the scene drawn. */
static const char *const BOULDERS[5] = {
    TELEKINESIS "TelekinesisBoulder.tscn", TELEKINESIS "TelekinesisBoulder2.tscn", TELEKINESIS "TelekinesisBoulder.tscn",
    TELEKINESIS "TelekinesisBoulder2.tscn", TELEKINESIS "TelekinesisBoulder3.tscn",
};
static const char *const SILLY_ITEMS[4] = {
    TELEKINESIS "TelekinesisPebble.tscn", TELEKINESIS "TelekinesisBomb.tscn", TELEKINESIS "TelekinesisTire.tscn",
    TELEKINESIS "TelekinesisFruit.tscn",
};
static const int64_t SILLY_ITEM_WEIGHTS[4] = {3, 3, 5, 3};
#define NON_BOULDER_CHANCE 15

static int conjure_pebble_frame_1(ymatch *m, yobj *host, ystate *st) {
    int64_t i = obj_randi_choice(m, host, 5);
    if (!YOK(m)) return SYM_NONE;
    const char *scene = BOULDERS[i];
    if (obj_randi_percent(m, host, NON_BOULDER_CHANCE)) {
        int64_t j = obj_randi_weighted_choice(m, host, 4, SILLY_ITEM_WEIGHTS);
        if (!YOK(m)) return SYM_NONE;
        scene = SILLY_ITEMS[j];
    }
    int table = object_table_index(scene);
    st->projectile_scene = (int16_t)(table >= 0 ? table : -2);
    return SYM_NONE;
}

static void conjure_pebble_process_projectile(ymatch *m, yobj *host, ystate *st, yproj *p) {
    (void)m;
    (void)st;
    W(host)->boulder_projectile = p->o.number;
}

static bool conjure_pebble_usable(ymatch *m, yobj *host, ystate *st) {
    return super_usable(m, host, st) && W(host)->boulder_projectile == 0;
}

const state_class wizard_conjure_pebble_class = {
    .name = "states.wizard.moves.ConjurePebble",
    .parent = &super_move_class,
    .frames = FRAMES({1, conjure_pebble_frame_1}),
    .process_projectile = conjure_pebble_process_projectile,
    .is_usable = conjure_pebble_usable,
};

/* Launch (Launch, SuperLaunch "Redirect"): throws the held boulder (aimed). Launch needs a
 * boulder that is not flying yet; Redirect one that is. */
typedef struct {
    wizard_state_vars ws;
    yflag redirect;
} launch_vars;

static void launch_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(launch_vars, host, st)->redirect = prop_bool(NODE(st), P_redirect, 0);
}

static int launch_frame_0(ymatch *m, yobj *host, ystate *st) {
    yobj *obj = obj_from_name(m, W(host)->boulder_projectile);
    if (obj) {
        if (!telekinesis_is(AS_P(obj))) {
            yerr(m, YE_INTERNAL, "Launch: boulder_projectile is not a telekinesis object");
            return SYM_NONE;
        }
        int32_t x, y;
        if (!st_data_xy(m, host, st, &x, &y)) return SYM_NONE;
        fx dx, dy;
        xy_to_dir(m, x, y, FX_ONE, &dx, &dy);
        telekinesis_launch(m, AS_P(obj), dx, dy);
    }
    return SYM_NONE;
}

static bool launch_usable(ymatch *m, yobj *host, ystate *st) {
    int number = W(host)->boulder_projectile;
    yobj *obj = obj_from_name(m, number);
    if (obj) {
        ystate *cur = obj_state(obj);
        bool launched = cur && st_name(cur) == SYM_Launch;
        bool redirect = ST_VARS(launch_vars, host, st)->redirect;
        if (redirect && !launched) return false;
        if (!redirect && launched) return false;
    }
    return number != 0 && ws_usable(m, host, st);
}

const state_class wizard_launch_class = {
    .name = "states.wizard.moves.Launch",
    .parent = &wizard_state_class,
    .vars_size = sizeof(launch_vars),
    .construct = launch_construct,
    .frames = FRAMES({0, launch_frame_0}),
    .is_usable = launch_usable,
};
