/* Projectiles. Mirrors states/objects/projectile.py (projectile/BaseProjectile.gd and the
 * straight mover characters/stickman/projectiles/fireball_states/Default.gd, class
 * DefaultFireball, that most projectile states extend). */
#include "base.h"

/* ------------------------------------------------------------------ BaseProjectile */
void proj_disable(ymatch *m, yproj *p) {
    if (!p->o.disabled) p->disabled_serial = m->tick_serial;
    p->o.disabled = true;
    yhitbox *hb[YOMI_MAX_OHITBOXES];
    int n = obj_active_hitboxes(&p->o, hb);
    for (int i = 0; i < n; i++) hitbox_deactivate(hb[i]);
}

void proj_on_hit_ceiling(ymatch *m, yproj *p) {
    if (p->fizzle_on_ceiling) {
        if (p->cls->disable) p->cls->disable(m, p);
        else proj_disable(m, p);
    }
}

bool proj_can_hit_cancel(ymatch *m, yproj *p, yfighter *f) {
    (void)m;
    (void)f;
    return p->hit_cancel_on_hit;
}

void proj_hit_by(ymatch *m, yproj *p, yhbd *hb) {
    if (hb) {
        if (hb->throw_) return;
        p->o.hitlag_ticks = fxs_round(fxs_mul(p->hitlag_modifier, fxs_int(hb->victim_hitlag)));
        yobj *host = obj_by_number(m, hb->host);
        if (host) {
            int32_t host_hitlag = fxs_round(fxs_mul(p->hitlag_modifier, fxs_int(hb->hitlag_ticks)));
            if (p->apply_hitlag_when_hit_by_melee && host->hitlag_ticks < host_hitlag) host->hitlag_ticks = host_hitlag;
            if (p->free_cancel_on_hit && host->is_fighter) combat_projectile_free_cancel(m, AS_F(host));
        }
    }
    /* BaseObj.hit_by: signal got_hit, nobody listens on an object */
}

const yobj_class base_projectile_class = {
    .name = "states.objects.projectile.BaseProjectile",
    .disable = proj_disable,
    .on_hit_ceiling = proj_on_hit_ceiling,
    .hit_by = proj_hit_by,
    .can_hit_cancel = proj_can_hit_cancel,
};

/* ------------------------------------------------------------------ DefaultFireball */
static void df_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    const ynode *n = NODE(st);
    v->move_x = (int32_t)prop_int(n, P_move_x, 4);
    v->move_y = (int32_t)prop_int(n, P_move_y, 0);
    v->move_x_string = prop_fx(n, P_move_x_string, "0");
    v->move_y_string = prop_fx(n, P_move_y_string, "0");
    v->clash = prop_bool(n, P_clash, 1);
    v->num_hits = (int32_t)prop_int(n, P_num_hits, 1);
    v->lifetime = (int32_t)prop_int(n, P_lifetime, 999999);
    v->fizzle_on_ground = prop_bool(n, P_fizzle_on_ground, 1);
    v->fizzle_on_walls = prop_bool(n, P_fizzle_on_walls, 1);
    v->fizzle_on_hit_opponent = prop_bool(n, P_fizzle_on_hit_opponent, 0);
    v->follow_creator = prop_bool(n, P_follow_creator, 0);
}

int default_fireball_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    v->hit_something = false;
    v->hit_something_tick = 0;
    fg_set_grounded(&host->chara, false);
    return SYM_NONE;
}

void default_fireball_fizzle(ymatch *m, yobj *host, ystate *st) {
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    v->hit_something = true;
    yproj *p = AS_P(host);
    if (p->cls->disable) p->cls->disable(m, p);
    else proj_disable(m, p);
    state_terminate_hitboxes(m, host, st);
    v->hit_something_tick = st->current_tick;
}

static void move(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    ydata *data = st_data(host, st);
    int32_t mod = 0;
    if (data->kind == YD_DICT && data->n && ydata_get(data, SYM_speed_modifier, SYM_NONE, &mod)) {
        obj_move_directly_relative(host, FXI(v->move_x != 0 ? v->move_x + mod : 0),
                                   FXI(v->move_y != 0 ? v->move_y + mod : 0));
    } else if (v->move_x_string > 0 || v->move_y_string > 0) {
        obj_move_directly_relative(host, v->move_x_string, v->move_y_string);
    } else {
        obj_move_directly_relative(host, FXI(v->move_x), FXI(v->move_y));
    }
}

int default_fireball_tick(ymatch *m, yobj *host, ystate *st) {
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    int32_t x = host->data.px;
    fg_update_grounded(&host->chara);
    if (!v->hit_something && ((obj_grounded(host) && v->fizzle_on_ground) ||
                              (v->fizzle_on_walls && (x <= -host->stage_width || x >= host->stage_width)))) {
        default_fireball_fizzle(m, host, st);
        host->hurtbox.width = 0;
        host->hurtbox.height = 0;
    }
    if (st->current_tick >= v->lifetime) default_fireball_fizzle(m, host, st);
    else if (!v->hit_something) move(m, host, st);
    if (v->follow_creator && host->creator) {
        yobj *creator = obj_by_number(m, host->creator);
        if (creator) obj_set_pos(host, creator->data.px, creator->data.py);
    }
    return SYM_NONE;
}

void default_fireball_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    (void)hb;
    default_fireball_vars *v = ST_VARS(default_fireball_vars, host, st);
    if (v->clash || (v->fizzle_on_hit_opponent && obj->is_fighter)) {
        if (!obj->is_fighter && !AS_P(obj)->deletes_other_projectiles) return;
        v->num_hits--;
        if (v->num_hits == 0) default_fireball_fizzle(m, host, st);
    }
}

const state_class default_fireball_class = {
    .name = "states.objects.projectile.DefaultFireball",
    .parent = &object_state_class,
    .vars_size = sizeof(default_fireball_vars),
    .construct = df_construct,
    .frames = FRAMES({0, default_fireball_frame_0}),
    .tick = default_fireball_tick,
    .on_hit_something = default_fireball_on_hit_something,
};
