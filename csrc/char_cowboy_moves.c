/* Cowboy moves in C. Mirrors (a part of) states/cowboy/moves.py: the base-state overrides
 * (CowboyDash, the Cowboy's HurtAerial and Taunt) and the is_usable rules the action menu
 * needs ("[legality]" classes: the move itself is not written in C yet). */
#include "char_cowboy.h"

#define MAX_EXTRA_LAG_FRAMES 5
#define MIN_IASA 7
#define MIN_NEUTRAL_IASA 9
#define SUPER_IASA 14

/* ------------------------------------------------------------------ CowboyDash (Dash, Dash1k, SuperDash) */
typedef struct {
    int32_t starting_y;
    bool startup_invuln, grounded, super_;
} cowboy_dash_vars;

static void dash_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    cowboy_dash_vars *v = ST_VARS(cowboy_dash_vars, host, st);
    v->startup_invuln = prop_bool(NODE(st), P_startup_invuln, 1);
    v->grounded = prop_bool(NODE(st), P_grounded, 0);
    v->super_ = prop_bool(NODE(st), P_super, 0);
}

static int cowboy_dash_enter(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    if (AS_F(host)->reverse_state) {
        st->beats_backdash = 0;
    } else {
        st->beats_backdash = 1;
        st->backdash_iasa = 0;
    }
    return SYM_NONE;
}

static int dash_frame_0(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    cowboy_dash_vars *v = ST_VARS(cowboy_dash_vars, host, st);
    int min_iasa = !v->super_ ? (host->combo_count > 0 ? MIN_IASA : MIN_NEUTRAL_IASA) : SUPER_IASA;
    st->starting_iasa_at = min_iasa;
    st->iasa_at = min_iasa;
    v->starting_y = host->data.py;
    obj_move_directly(host, 0, FXI(-1));
    fg_set_grounded(&host->chara, false);
    if (v->startup_invuln && AS_F(host)->initiative) host->projectile_invulnerable = true;
    return SYM_NONE;
}

static int dash_frame_4(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)st;
    host->projectile_invulnerable = false;
    return SYM_NONE;
}

/* the landing lag of a dash that touches down: 4, plus up to 5 when early out of combos */
static int32_t landing_lag(yobj *host, ystate *st) {
    if (host->combo_count > 0) return 4;
    return 4 + (int32_t)int_max(MAX_EXTRA_LAG_FRAMES - st->current_tick, 0);
}

static int dash_tick(ymatch *m, yobj *host, ystate *st) {
    if (obj_grounded(host)) state_queue_change_int(m, host, st, SYM_Landing, landing_lag(host, st));
    if (ST_VARS(cowboy_dash_vars, host, st)->super_) obj_move_directly_relative(host, FXI(5), 0);
    return SYM_NONE;
}

static const state_class cowboy_dash_class = {
    .name = "states.cowboy.moves.CowboyDash",
    .parent = &character_state_class,
    .vars_size = sizeof(cowboy_dash_vars),
    .construct = dash_construct,
    .enter = cowboy_dash_enter,
    .frames = FRAMES({0, dash_frame_0}, {4, dash_frame_4}),
    .tick = dash_tick,
};

/* ------------------------------------------------------------------ CowboyHurtAerial: hit by its own object */
typedef struct {
    hurt_aerial_vars ha;
    bool hit_self;
} cowboy_hurt_vars;

static int hurt_frame_0(ymatch *m, yobj *host, ystate *st) {
    cowboy_hurt_vars *v = ST_VARS(cowboy_hurt_vars, host, st);
    v->hit_self = false;
    yfighter *f = AS_F(host);
    yobj *obj = obj_from_name(m, f->hitbox_data.host);
    if (obj && obj_get_fighter(m, obj) == host) {
        yhitbox *h = state_hitbox_child(host, st, SYM_Hitbox);
        if (h) {
            hitbox_activate(m, host, h);
            hitbox_add_hit_object(host, h, obj->number);
        }
        v->hit_self = true;
        if (!obj->is_fighter) proj_disable(m, AS_P(obj));
    }
    return SYM_NONE;
}

static int hurt_tick(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    if (ST_VARS(cowboy_hurt_vars, host, st)->hit_self) FH(FOPP(m, f))->reset_combo(m, FOPP(m, f));
    return hurt_aerial_tick(m, host, st);
}

static void hurt_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *obj, yhitbox *hb) {
    cs_on_hit_something(m, host, st, obj, hb);
    yfighter *opp = FOPP(m, AS_F(host));
    FH(opp)->reset_combo(m, opp);
}

static const state_class cowboy_hurt_aerial_class = {
    .name = "states.cowboy.moves.CowboyHurtAerial",
    .parent = &hurt_aerial_class,
    .vars_size = sizeof(cowboy_hurt_vars),
    .frames = FRAMES({0, hurt_frame_0}),
    .tick = hurt_tick,
    .on_hit_something = hurt_on_hit_something,
};

/* ------------------------------------------------------------------ CowboyTaunt (Taunt, Guntrick) */
typedef struct {
    taunt_vars t;
    bool guntrick;
} cowboy_taunt_vars;

static void taunt_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    ST_VARS(cowboy_taunt_vars, host, st)->guntrick = prop_bool(NODE(st), P_guntrick, 0);
}

static int taunt_frame_15(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    (void)host;
    if (st_name(st) == SYM_Guntrick) st->current_tick += 2;
    return SYM_NONE;
}

static bool taunt_is_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) &&
           !(ST_VARS(cowboy_taunt_vars, host, st)->guntrick && !FOPP(m, AS_F(host))->busy_interrupt);
}

static const state_class cowboy_taunt_class = {
    .name = "states.cowboy.moves.CowboyTaunt",
    .parent = &taunt_class,
    .vars_size = sizeof(cowboy_taunt_vars),
    .construct = taunt_construct,
    .frames = FRAMES({15, taunt_frame_15}),
    .is_usable = taunt_is_usable,
};

/* ------------------------------------------------------------------ legality only */
static bool super_usable(ymatch *m, yobj *host, ystate *st) { return super_move_class.is_usable(m, host, st); }

static bool new_shoot_usable(ymatch *m, yobj *host, ystate *st) {
    cowboy_vars *v = COWBOY(AS_F(host));
    return cs_is_usable(m, host, st) && v->bullets_left > 0 && v->has_gun;
}
static const state_class new_shoot_class = {
    .name = "states.cowboy.moves.NewShoot[legality]", .parent = &character_state_class, .is_usable = new_shoot_usable};

static bool has_gun_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->has_gun;
}
static const state_class pistol_whip_class = {
    .name = "states.cowboy.moves.PistolWhip[legality]", .parent = &character_state_class, .is_usable = has_gun_usable};
static const state_class gun_throw_class = {
    .name = "states.cowboy.moves.GunThrow[legality]", .parent = &character_state_class, .is_usable = has_gun_usable};

static bool gun_reel_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && !COWBOY(AS_F(host))->has_gun;
}
static const state_class gun_reel_class = {
    .name = "states.cowboy.moves.GunReel[legality]", .parent = &character_state_class, .is_usable = gun_reel_usable};

static bool weeb_cut_usable(ymatch *m, yobj *host, ystate *st) {
    return super_usable(m, host, st) && COWBOY(AS_F(host))->cut_projectile != 0;
}
static const state_class weeb_cut_class = {
    .name = "states.cowboy.moves.WeebCut[legality]", .parent = &super_move_class, .is_usable = weeb_cut_usable};

static bool foresight_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->after_image_object == 0;
}
static const state_class foresight_class = {
    .name = "states.cowboy.moves.Foresight[legality]", .parent = &character_state_class, .is_usable = foresight_usable};

static bool foresight_explosion_usable(ymatch *m, yobj *host, ystate *st) {
    return cs_is_usable(m, host, st) && COWBOY(AS_F(host))->after_image_object != 0;
}
static const state_class foresight_explosion_class = {.name = "states.cowboy.moves.ForesightExplosion[legality]",
                                                      .parent = &character_state_class,
                                                      .is_usable = foresight_explosion_usable};

typedef struct {
    bool cancel, followup, neutral;
} lslice_vars;
static void lslice_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    lslice_vars *v = ST_VARS(lslice_vars, host, st);
    v->cancel = prop_bool(NODE(st), P_cancel, 0);
    v->followup = prop_bool(NODE(st), P_followup, 0);
    v->neutral = prop_bool(NODE(st), P_neutral, 0);
}
static bool lslice_usable(ymatch *m, yobj *host, ystate *st) {
    /* GDScript precedence: (usable and neutral and combo == 0) or (not neutral and combo > 0) */
    bool neutral = ST_VARS(lslice_vars, host, st)->neutral;
    int32_t combo = host->combo_count;
    return (cs_is_usable(m, host, st) && neutral && combo == 0) || (!neutral && combo > 0);
}
static const state_class lslice_class = {.name = "states.cowboy.moves.LightningSlice[legality]",
                                         .parent = &character_state_class,
                                         .vars_size = sizeof(lslice_vars),
                                         .construct = lslice_construct,
                                         .is_usable = lslice_usable};

typedef struct {
    super_move_vars s;
    bool end, temporal, dodge, shift, from_stance, foresight, quicker;
} cowboy_super_vars;
static void csuper_construct(ymatch *m, yobj *host, ystate *st) {
    (void)m;
    cowboy_super_vars *v = ST_VARS(cowboy_super_vars, host, st);
    const ynode *n = NODE(st);
    v->end = prop_bool(n, P_end, 0);
    v->temporal = prop_bool(n, P_temporal, 0);
    v->dodge = prop_bool(n, P_dodge, 0);
    v->shift = prop_bool(n, P_shift, 0);
    v->from_stance = prop_bool(n, P_from_stance, 0);
    v->foresight = prop_bool(n, P_foresight, 0);
    v->quicker = prop_bool(n, P_quicker, 0);
}

static bool cuts_usable(ymatch *m, yobj *host, ystate *st) {
    /* GDScript precedence: (usable and no cuts) if not end else (cuts) */
    if (!ST_VARS(cowboy_super_vars, host, st)->end)
        return super_usable(m, host, st) && COWBOY(AS_F(host))->cut_projectile == 0;
    return COWBOY(AS_F(host))->cut_projectile != 0;
}
static const state_class cuts_class = {.name = "states.cowboy.moves.ThousandCuts[legality]",
                                       .parent = &super_move_class,
                                       .vars_size = sizeof(cowboy_super_vars),
                                       .construct = csuper_construct,
                                       .is_usable = cuts_usable};

static bool shoot_usable(ymatch *m, yobj *host, ystate *st) {
    cowboy_vars *v = COWBOY(AS_F(host));
    return super_usable(m, host, st) && (v->bullets_left > 0 || ST_VARS(cowboy_super_vars, host, st)->temporal) &&
           v->has_gun;
}
static const state_class shoot_class = {.name = "states.cowboy.moves.Shoot[legality]",
                                        .parent = &super_move_class,
                                        .vars_size = sizeof(cowboy_super_vars),
                                        .construct = csuper_construct,
                                        .is_usable = shoot_usable};

static bool lasso_usable(ymatch *m, yobj *host, ystate *st) {
    /* the thrown gun (its `lassoed`) is not written in C: it never exists here */
    return cs_is_usable(m, host, st);
}
static const state_class lasso_class = {
    .name = "states.cowboy.moves.Lasso[legality]", .parent = &character_state_class, .is_usable = lasso_usable};

static bool teleport_usable(ymatch *m, yobj *host, ystate *st) {
    if (ST_VARS(cowboy_super_vars, host, st)->foresight && COWBOY(AS_F(host))->after_image_object == 0) return false;
    return super_usable(m, host, st) && st_name(obj_state(host)) != SYM_WhiffInstantCancel;
}
static const state_class teleport_class = {.name = "states.cowboy.moves.Teleport[legality]",
                                           .parent = &super_move_class,
                                           .vars_size = sizeof(cowboy_super_vars),
                                           .construct = csuper_construct,
                                           .is_usable = teleport_usable};

static bool brandish_usable(ymatch *m, yobj *host, ystate *st) {
    yfighter *f = AS_F(host);
    cowboy_vars *v = COWBOY(f);
    return super_usable(m, host, st) && (v->bullets_left > 0 || f->supers_available > 0) && v->has_gun;
}
static const state_class brandish_class = {.name = "states.cowboy.moves.Brandish[legality]",
                                           .parent = &super_move_class,
                                           .vars_size = sizeof(cowboy_super_vars),
                                           .construct = csuper_construct,
                                           .is_usable = brandish_usable};

#define S "characters/swordandgun/states/"
const yscript_entry cowboy_scripts[] = {
    {S "Dash.gd", &cowboy_dash_class},
    {S "HurtAerial.gd", &cowboy_hurt_aerial_class},
    {S "Taunt.gd", &cowboy_taunt_class},
    {"characters/swordandgun/NewShoot.gd", &new_shoot_class},
    {S "PistolWhip.gd", &pistol_whip_class},
    {S "GunThrow.gd", &gun_throw_class},
    {S "GunReel.gd", &gun_reel_class},
    {S "WeebCut.gd", &weeb_cut_class},
    {S "Foresight.gd", &foresight_class},
    {S "ForesightExplosion.gd", &foresight_explosion_class},
    {S "LightningSlice.gd", &lslice_class},
    {S "1000Cuts.gd", &cuts_class},
    {S "Shoot.gd", &shoot_class},
    {S "Lasso.gd", &lasso_class},
    {S "Teleport.gd", &teleport_class},
    {S "Brandish.gd", &brandish_class},
    {0, 0},
};
#undef S
