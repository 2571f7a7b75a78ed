/* Landing lag. Mirrors states/base/landing.py (characters/states/Landing.gd). */
#include "base.h"
#include "engine.h"

#define DEFAULT_LAG 4
#define MAX_EXTRA_LAG_FRAMES 5

/* lag from the data (an int) or 4, plus up to 5 frames after a short previous state in neutral */
void landing_set_lag(ymatch *m, yobj *host, ystate *st, bool has_lag, int32_t lag) {
    yfighter *f = AS_F(host);
    if (!has_lag) lag = DEFAULT_LAG;
    ydata *data = st_data(host, st);
    if (data->kind == YD_INT) lag = data->i;
    ystate *prev = obj_prev_state(host);
    if (prev && host->combo_count <= 0 && FOPP(m, f)->o.combo_count <= 0)
        lag = lag + (int32_t)int_max(MAX_EXTRA_LAG_FRAMES - prev->current_tick, 0);
    st->anim_length = lag;
    st->iasa_at = lag - 1;
    ST_VARS(landing_vars, host, st)->lag = lag;
}

static int frame_0(ymatch *m, yobj *host, ystate *st) {
    landing_set_lag(m, host, st, false, 0);
    return SYM_NONE;
}

int landing_tick(ymatch *m, yobj *host, ystate *st) {
    if (st->current_tick > 4) obj_apply_fric(m, host);
    obj_apply_forces(m, host);
    st->interruptible_on_opponent_turn =
        FOPP(m, AS_F(host))->o.combo_count <= 0 && ST_VARS(landing_vars, host, st)->lag <= DEFAULT_LAG;
    return SYM_NONE;
}

const state_class landing_class = {
    .name = "states.base.landing.Landing",
    .parent = &character_state_class,
    .vars_size = sizeof(landing_vars),
    .frames = FRAMES({0, frame_0}),
    .tick = landing_tick,
};
