/* Held by a throw. Mirrors states/base/grabbed.py (Grabbed.gd). */
#include "base.h"
#include "engine.h"

static void construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    st->is_hurt_state = 1; /* set in _ready */
}

static int enter(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host), *opp = FOPP(m, f);
    fg_set_snap_to_ground(&host->chara, false);
    f->has_hyper_armor = false;
    f->has_projectile_armor = false;
    f->colliding_with_opponent = false;
    opp->colliding_with_opponent = false;
    FH(f)->on_grabbed(m, f);
    host->invulnerable = true;
    ystate *os = obj_state(&opp->o);
    if (st_name(os) == SYM_Grabbed) {
        state_queue_change(m, host, st, SYM_Wait, NULL);
        state_queue_change(m, &opp->o, os, SYM_Wait, NULL);
    }
    return SYM_NONE;
}

static void grabbed_exit(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    fg_set_snap_to_ground(&host->chara, true);
}

const state_class grabbed_class = {
    .name = "states.base.grabbed.Grabbed",
    .parent = &character_state_class,
    .construct = construct,
    .enter = enter,
    .exit = grabbed_exit,
};
