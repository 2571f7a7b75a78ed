/* The environment's C part: observations, masks and decoding on a ymatch (env.h).
 *
 * Mirrors, line for line where it matters for bit-exactness:
 *   integration/env/obs.py      write_features (fighter scalars, stance, state, res, object slots)
 *   integration/env/action_layout.py pack_unified
 *   integration/env/encoding.py Ctx, the DYNAMIC_RULES' features (the rule outputs come from lookup tables
 *                           generated from the rules themselves), decode (_decode_data, _decode_extra)
 *   integration/env/backends.py observe_decision (decision-time busy: encoding.decision_view), check_action,
 *                           fallback_action
 * The views those functions read are the engine's trace view (state()): the snapshot fields while a
 * decision is open (snap_valid), exactly as py_match.c's fighter_view / match_view build them.
 * Every float is computed in double with the Python expression's operation order, then rounded once
 * to float32, as numpy does when the Python env assigns its float64 values. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "env_c.h"

/* ------------------------------------------------------------------ names resolved once */
static const char *RULE_RES[] = {
    "bomb_thrown", "grappling_hook_projectile", "pulling", "momentum_stores", "can_summon_kunai", "can_summon_kick",
    "geyser_charge", "temporal_round", "after_image_object", "bullets_left", "has_gun", "hovering", "fast_falling",
    "hover_left", "spark_bombs", "detonating_bombs", "orb_projectile", "flying_dir", "armor_pips", "magnet_installed",
    "grenade_object", "orbital_strike_out", "loic_dir", "spike_projectile", "juke_pips",
};
enum { RR_BOMB_THROWN, RR_HOOK, RR_PULLING, RR_MOMENTUM_STORES, RR_CAN_SUMMON_KUNAI, RR_CAN_SUMMON_KICK,
       RR_GEYSER_CHARGE, RR_TEMPORAL_ROUND, RR_AFTER_IMAGE, RR_BULLETS_LEFT, RR_HAS_GUN, RR_HOVERING, RR_FAST_FALLING,
       RR_HOVER_LEFT, RR_SPARK_BOMBS, RR_DETONATING_BOMBS, RR_ORB, RR_FLYING_DIR, RR_ARMOR_PIPS, RR_MAGNET_INSTALLED,
       RR_GRENADE, RR_ORBITAL_STRIKE_OUT, RR_LOIC_DIR, RR_SPIKE, RR_JUKE_PIPS, RR_COUNT };

static const char *EXTRA_KEYS[] = {
    "explode", "pull", "detach", "release", "release_dir",                                       /* Ninja */
    "gun_cancel", "detonate", "shift", "drift", "hindsight", "input_aerial", "input_grounded",  /* Cowboy */
    "hover", "fast_fall", "orb_push", "lock_orb",                                                /* Wizard */
    "fly_dir", "fly_enabled", "armor_enabled", "nade_activated", "pull_enabled", "loic_dir", "drive_cancel",
    "bounce",                                                                                    /* Robot */
    "spike_enabled", "juke_dir",                                                                 /* Mutant */
};
enum { XK_EXPLODE, XK_PULL, XK_DETACH, XK_RELEASE, XK_RELEASE_DIR, XK_GUN_CANCEL, XK_DETONATE, XK_SHIFT, XK_DRIFT,
       XK_HINDSIGHT, XK_INPUT_AERIAL, XK_INPUT_GROUNDED, XK_HOVER, XK_FAST_FALL, XK_ORB_PUSH, XK_LOCK_ORB, XK_FLY_DIR,
       XK_FLY_ENABLED, XK_ARMOR_ENABLED, XK_NADE_ACTIVATED, XK_PULL_ENABLED, XK_LOIC_DIR, XK_DRIVE_CANCEL, XK_BOUNCE,
       XK_SPIKE_ENABLED, XK_JUKE_DIR, XK_COUNT };

typedef struct {
    int16_t off; /* -1: the character has no such variable */
    uint8_t rf;  /* RF_ */
} yenv_var;

typedef struct {
    int table; /* fighter table, -1 when the C engine cannot play the character */
    int16_t move_state[YENV_MAX_CHAR_K1]; /* the move's state index, -1 Continue */
    int16_t move_sym[YENV_MAX_CHAR_K1];
    int16_t n_states;
    int16_t move_of_state[YOMI_MAX_FSTATES]; /* the character's move index of a menu state, -1 */
    int16_t state_unified[YOMI_MAX_FSTATES];
    int8_t state_type[YOMI_MAX_FSTATES];
    uint8_t state_flags[YOMI_MAX_FSTATES];
    yenv_var res[YENV_RES_SLOTS];
    yenv_var rule_res[RR_COUNT];
    int8_t extra_idx[XK_COUNT];
    int8_t obj_kind[YOMI_N_OBJECT_TABLES];
    /* symbols of the data: per move, per widget */
    int16_t widget_sym[YENV_MAX_CHAR_K1][8];
    int16_t item_sym[YENV_MAX_CHAR_K1][8][4];
} yenv_rt;

static yenv_rt RT[YENV_N_CHARS];
static int8_t OBJ_STATE[YOMI_N_OBJECT_TABLES][YOMI_MAX_OSTATES];
static yenv_var OBJ_FIELD[YOMI_N_OBJECT_TABLES][4]; /* hp, active, locked, lifetime */
static int16_t STANCE_SYM[YENV_N_STANCES];
static int16_t S_x, S_y, S_count, S_id, S_name, S_homing, S_ActivateTemporal, S_holster, S_Drive, S_Locked;
static char INIT_ERR[256];
static int INIT_STATE; /* 0 not yet, 1 ok, -1 failed */

static int sym(const char *text) { return sym_lookup(text, strlen(text)); }

/* Whether a scalar's value is its side times a side-free value (x, velocity, facing, pushback, DI x). */
static bool scalar_sided(int src) {
    return src == YS_X || src == YS_VX || src == YS_FACING || src == YS_PUSHBACK || src == YS_DI_X;
}

static yenv_var find_res(const yomi_char *chr, const char *name) {
    yenv_var v = {-1, 0};
    for (int i = 0; chr && i < chr->n_res; i++)
        if (strcmp(chr->res[i].name, name) == 0) {
            v.off = (int16_t)chr->res[i].offset;
            v.rf = chr->res[i].kind;
        }
    return v;
}

static int fail(const char *fmt, const char *a, const char *b) {
    snprintf(INIT_ERR, sizeof INIT_ERR, fmt, a, b);
    INIT_STATE = -1;
    return -1;
}

int yenv_init(const char **err) {
    if (INIT_STATE) {
        *err = INIT_ERR;
        return INIT_STATE > 0 ? 0 : -1;
    }
    char why[128];
    if (yomi_engine_init(why, sizeof why) != 0) return fail("the C engine failed to start: %s%s", why, ""), *err = INIT_ERR, -1;
    S_x = (int16_t)sym("x"), S_y = (int16_t)sym("y"), S_count = (int16_t)sym("count"), S_id = (int16_t)sym("id");
    S_name = (int16_t)sym("name"), S_homing = (int16_t)sym("homing"), S_ActivateTemporal = (int16_t)sym("ActivateTemporal");
    S_holster = (int16_t)sym("holster"), S_Drive = (int16_t)sym("Drive"), S_Locked = (int16_t)sym("Locked");
    /* "id", "name" (OptionButton) and "holster" (Shoot2) are keys no C code reads (they are not interned):
     * their leaves are left out of the data (yenv_decode's callers see the keys the engine knows) */
    if (S_x < 0 || S_y < 0 || S_count < 0 || S_homing < 0 || S_ActivateTemporal < 0)
        return fail("a data key is not a symbol of the C engine%s%s", "", ""), *err = INIT_ERR, -1;
    for (int i = 0; i < YENV_N_STANCES; i++) STANCE_SYM[i] = (int16_t)sym(yenv_stances[i]);
    /* object tables: state order of obs._object_tables, trace fields */
    for (int t = 0; t < YOMI_N_OBJECT_TABLES; t++) {
        const ytable *tab = &yomi_object_tables[t];
        for (int k = 0; k < YOMI_MAX_OSTATES; k++) OBJ_STATE[t][k] = YENV_OBJECT_STATES - 1;
        for (int s = 0; s < yenv_n_object_state_names; s++) {
            const yenv_object_states *os = &yenv_object_state_names[s];
            if (strcmp(os->scene, tab->name) != 0) continue;
            for (int k = 0; k < tab->n_states && k < YOMI_MAX_OSTATES; k++)
                for (int j = 0; j < os->n; j++)
                    if (strcmp(sym_text(tab->states[k].name), os->states[j]) == 0) OBJ_STATE[t][k] = (int8_t)j;
        }
        static const char *FIELDS[4] = {"hp", "active", "locked", "lifetime"};
        for (int j = 0; j < 4; j++) OBJ_FIELD[t][j] = (yenv_var){-1, 0};
        for (const yobj_class *c = object_class_of_table(t); c; c = c->parent)
            for (int i = 0; i < c->n_trace_fields; i++)
                for (int j = 0; j < 4; j++)
                    if (OBJ_FIELD[t][j].off < 0 && strcmp(c->trace_fields[i].name, FIELDS[j]) == 0)
                        OBJ_FIELD[t][j] = (yenv_var){(int16_t)c->trace_fields[i].offset, c->trace_fields[i].kind};
    }
    for (int c = 0; c < YENV_N_CHARS; c++) {
        const yenv_char *tc = &yenv_chars[c];
        yenv_rt *rt = &RT[c];
        rt->table = fighter_table_index(tc->name);
        if (rt->table < 0 || !fighter_char(rt->table) || table_unavailable_reason(1, rt->table)) {
            rt->table = -1;
            continue;
        }
        const ytable *tab = &yomi_fighter_tables[rt->table];
        const yomi_char *chr = fighter_char(rt->table);
        for (int m = 0; m < tc->K1; m++) {
            const yenv_move *mv = &tc->moves[m];
            if (m == 0) {
                rt->move_state[m] = -1;
                rt->move_sym[m] = SYM_Continue;
            } else {
                int s = sym(mv->name);
                int idx = s >= 0 ? table_state_of_sym(1, rt->table, s) : -1;
                if (idx < 0) return fail("%s: no state %s in the C engine", tc->name, mv->name), *err = INIT_ERR, -1;
                rt->move_state[m] = (int16_t)idx;
                rt->move_sym[m] = (int16_t)s;
            }
            for (int w = 0; w < mv->n_widgets && w < 8; w++) {
                const yenv_widget *wd = &mv->widgets[w];
                rt->widget_sym[m][w] = (int16_t)sym(wd->name);
                if (rt->widget_sym[m][w] < 0 && mv->n_widgets > 1 && mv->custom != YC_SHOOT2 && mv->custom != YC_SHOOTDODGE2)
                    return fail("%s: widget %s is not a symbol", tc->name, wd->name), *err = INIT_ERR, -1;
                for (int b = 0; b < wd->n_items && b < 4; b++) {
                    rt->item_sym[m][w][b] = -1;
                    if (wd->items[b].kind == YI_STR) rt->item_sym[m][w][b] = (int16_t)sym(wd->items[b].s);
                }
            }
        }
        for (int k = 0; k < YOMI_MAX_FSTATES; k++) rt->move_of_state[k] = -1;
        for (int k = 1; k < tc->K1; k++) rt->move_of_state[rt->move_state[k]] = (int16_t)k;
        rt->n_states = (int16_t)tab->n_states;
        for (int k = 0; k < tab->n_states && k < YOMI_MAX_FSTATES; k++) {
            const char *name = sym_text(tab->states[k].name);
            rt->state_unified[k] = 0;
            rt->state_type[k] = -1;
            rt->state_flags[k] = 0;
            for (int j = 0; j < tc->n_states; j++)
                if (strcmp(tc->states[j].name, name) == 0) {
                    rt->state_unified[k] = tc->states[j].unified;
                    rt->state_type[k] = tc->states[j].type;
                    rt->state_flags[k] = tc->states[j].flags;
                }
        }
        for (int i = 0; i < tc->n_res; i++) rt->res[i] = find_res(chr, tc->res[i].name);
        for (int i = 0; i < RR_COUNT; i++) rt->rule_res[i] = find_res(chr, RULE_RES[i]);
        for (int i = 0; i < XK_COUNT; i++) rt->extra_idx[i] = (int8_t)table_extra_index(rt->table, EXTRA_KEYS[i]);
        for (int t = 0; t < YOMI_N_OBJECT_TABLES; t++) {
            rt->obj_kind[t] = YENV_OBJECT_KINDS - 1;
            for (int k = 0; k < tc->n_object_kinds; k++)
                if (strcmp(tc->object_kinds[k], yomi_object_tables[t].name) == 0) rt->obj_kind[t] = (int8_t)k;
        }
    }
    /* fighter_features_mirrored: a sided value that is not zero stays not zero in float (the
     * smallest is 1/65536 of a fixed-point value, or 1 of an integer) */
    for (int i = 0; i < YENV_N_SCALARS; i++)
        if (scalar_sided(yenv_scalars[i].src) && !(fabs(yenv_scalars[i].scale) / 65536.0 >= FLT_MIN)) {
            char index[16];
            snprintf(index, sizeof index, "%d", i);
            return fail("the sided scalar %s has a scale that rounds values to 0%s", index, ""), *err = INIT_ERR, -1;
        }
    for (int c = 0; c < YENV_N_CHARS; c++)
        for (int i = 0; i < yenv_chars[c].n_res; i++) {
            const yenv_res *r = &yenv_chars[c].res[i];
            if ((r->kind == YR_INT_X || r->kind == YR_FIXED_X) && !(fabs(r->scale) / 65536.0 >= FLT_MIN))
                return fail("the sided res %s has a scale that rounds values to 0%s", r->name, ""), *err = INIT_ERR, -1;
        }
    INIT_STATE = 1;
    *err = INIT_ERR;
    return 0;
}

/* the data keys of the encoding the engine has no symbol for (their leaves are left out) */
int yenv_missing_keys(const char **out, int max) {
    static const char *KEYS[] = {"x", "y", "count", "id", "name", "homing", "ActivateTemporal", "holster"};
    int n = 0;
    for (size_t i = 0; i < sizeof KEYS / sizeof KEYS[0] && n < max; i++)
        if (sym(KEYS[i]) < 0) out[n++] = KEYS[i];
    return n;
}

int yenv_table_of(int c) { return (c >= 0 && c < YENV_N_CHARS) ? RT[c].table : -1; }

/* ------------------------------------------------------------------ the trace view's values */
/* A fixed-point value as the Python env reads it: obs.fixed_value(text) of the trace's Display text,
 * i.e. parse(to_str(v)) / 65536 (fx_rq: the 5-digit printer rounds 8 fractions to a neighbour). */
static inline double fxd(fx v) { return (double)fx_rq(v) / 65536.0; }

static inline const uint8_t *view_vars(const ymatch *m, const yfighter *f) { return m->snap_valid ? f->snap_vars : f->vars; }

/* a res variable as the trace shows it, reduced to what the Python code reads of it */
static bool var_present(const yenv_var *v) { return v->off >= 0; }

static double var_number(const yenv_var *v, const uint8_t *vars) { /* float(v or 0) / fixed_value(v) */
    if (v->off < 0) return 0.0;
    const void *p = vars + v->off;
    switch (v->rf) {
    case RF_INT: return (double)*(const int32_t *)p;
    case RF_BOOL: return *(const yflag *)p ? 1.0 : 0.0;
    case RF_FX: return fxd(*(const fx *)p);
    case RF_INT_OR_NULL: return ((const yint_opt *)p)->has ? (double)((const yint_opt *)p)->v : 0.0;
    case RF_OBJREF_LIST: return (double)((const yref_list *)p)->n;
    default: return 0.0;
    }
}

static bool var_truthy(const yenv_var *v, const uint8_t *vars) {
    if (v->off < 0) return false;
    const void *p = vars + v->off;
    switch (v->rf) {
    case RF_INT: return *(const int32_t *)p != 0;
    case RF_BOOL: return *(const yflag *)p != 0;
    case RF_FX: return true; /* a fixed-point string is never empty */
    case RF_OBJREF: return *(const int32_t *)p > 0;
    case RF_XY_OR_NULL: return ((const yxy_opt *)p)->has;
    case RF_OBJREF_LIST: return ((const yref_list *)p)->n > 0;
    case RF_INT_OR_NULL: return ((const yint_opt *)p)->has && ((const yint_opt *)p)->v != 0;
    }
    return false;
}

static bool var_is_none(const yenv_var *v, const uint8_t *vars) {
    if (v->off < 0) return true;
    const void *p = vars + v->off;
    switch (v->rf) {
    case RF_OBJREF: return *(const int32_t *)p <= 0;
    case RF_XY_OR_NULL: return !((const yxy_opt *)p)->has;
    case RF_INT_OR_NULL: return !((const yint_opt *)p)->has;
    default: return false;
    }
}

static int var_objref(const yenv_var *v, const uint8_t *vars) {
    return (v->off >= 0 && v->rf == RF_OBJREF) ? *(const int32_t *)(vars + v->off) : 0;
}

/* the object the trace lists under that number (non-disabled), or NULL */
static yproj *listed_object(ymatch *m, int number) {
    if (number <= 2) return NULL;
    for (int k = 0; k < m->n_objs; k++) {
        yproj *p = match_obj_at(m, k);
        if (!p->o.disabled && p->o.number == number) return p;
    }
    return NULL;
}

static double obj_field_number(const yproj *p, int j) { /* obs._num */
    const yenv_var *v = &OBJ_FIELD[p->o.table][j];
    if (v->off < 0) return 0.0;
    if (v->rf == RF_BOOL) return 0.0;
    return var_number(v, p->vars);
}

static bool obj_field_truthy(const yproj *p, int j) {
    const yenv_var *v = &OBJ_FIELD[p->o.table][j];
    return var_truthy(v, p->vars);
}

static int obj_state_name(yproj *p) { /* symbol of the trace's "state", SYM_NONE for null */
    if (!p->o.initialized) return SYM_NONE;
    ystate *st = obj_state(&p->o);
    return st ? st_name(st) : SYM_NONE;
}

static int32_t obj_st(yproj *p) {
    if (!p->o.initialized) return 0;
    ystate *st = obj_state(&p->o);
    return st ? st->current_tick : 0;
}

/* ------------------------------------------------------------------ one decision's context (encoding.Ctx) */
typedef struct {
    ymatch *m;
    yfighter *f, *o;
    int c;       /* character index */
    int player;  /* 1 or 2 */
    const yenv_char *tc;
    const yenv_rt *rt;
    const uint8_t *vars;
    int facing, opp_dir;
    bool grounded, busy, dam, cur_parry, knockdown, brandish, dashback, drive_cmd;
    int cur_type;
    int32_t combo, supers, meter_total, feints, air_moves, air_option_bar, opp_combo;
    int stance;
} yctx;

static int state_index(yfighter *f) { return f->o.sm.state; }

static void ctx_init(yctx *x, ymatch *m, int player, int c, bool busy) {
    x->m = m;
    x->player = player;
    x->f = &m->f[player - 1];
    x->o = &m->f[2 - player];
    x->c = c;
    x->tc = &yenv_chars[c];
    x->rt = &RT[c];
    x->vars = view_vars(m, x->f);
    x->facing = x->f->o.chara.facing >= 0 ? 1 : -1;
    x->grounded = x->f->o.chara.grounded;
    x->busy = busy;
    x->combo = x->f->o.combo_count;
    x->supers = x->f->supers_available;
    x->meter_total = 125 * x->f->supers_available + x->f->super_meter;
    x->feints = x->f->feints;
    x->air_moves = x->f->air_movements_left;
    x->air_option_bar = x->f->air_option_bar;
    x->stance = x->f->stance;
    int k = state_index(x->f);
    uint8_t flags = (k >= 0 && k < x->rt->n_states) ? x->rt->state_flags[k] : 0;
    x->dam = flags & YSF_DAM;
    x->cur_parry = flags & YSF_PARRY;
    x->knockdown = flags & YSF_KNOCKDOWN;
    x->drive_cmd = flags & YSF_DRIVE_CMD;
    x->brandish = flags & YSF_BRANDISH;
    x->dashback = flags & YSF_DASHBACK;
    x->cur_type = (k >= 0 && k < x->rt->n_states) ? x->rt->state_type[k] : -1;
    int32_t d = fx_round_to_int(x->o->o.chara.pos_x) - fx_round_to_int(x->f->o.chara.pos_x);
    x->opp_dir = (d > 0) - (d < 0);
    x->opp_combo = x->o->o.combo_count;
}

static const yenv_var *rr(const yctx *x, int k) { return &x->rt->rule_res[k]; }
static yproj *rule_obj(const yctx *x, int k) { return listed_object(x->m, var_objref(rr(x, k), x->vars)); }

/* encoding.DYNAMIC_RULES[...].features, as indices into the rule's domain */
static int rule_features(const yctx *x, int rule, uint8_t *f) {
    const uint8_t *v = x->vars;
    bool combo = x->combo > 0, busy = x->busy;
    switch (rule) {
    case YR_RULE_SUPERJUMP: f[0] = combo; return 1;
    case YR_RULE_FORESIGHT: f[0] = combo, f[1] = x->grounded; return 2;
    case YR_RULE_TELEPORT2: f[0] = combo; return 1;
    case YR_RULE_GRENADE: f[0] = x->grounded; return 1;
    case YR_RULE_SUMMON:
        f[0] = var_present(rr(x, RR_CAN_SUMMON_KUNAI)) ? var_truthy(rr(x, RR_CAN_SUMMON_KUNAI), v) : 1;
        f[1] = var_present(rr(x, RR_CAN_SUMMON_KICK)) ? var_truthy(rr(x, RR_CAN_SUMMON_KICK), v) : 1;
        return 2;
    case YR_RULE_MROLL: f[0] = x->grounded; return 1;
    case YR_RULE_GEYSER: {
        double g = var_number(rr(x, RR_GEYSER_CHARGE), v);
        f[0] = (uint8_t)(g < 0 ? 0 : (g > 3 ? 3 : (int)g));
        return 1;
    }
    case YR_RULE_STICKY: f[0] = x->grounded; return 1;
    case YR_RULE_TEMPORAL: f[0] = rule_obj(x, RR_TEMPORAL_ROUND) != NULL; return 1;
    case YR_RULE_FEINT: f[0] = x->feints > 0 || x->meter_total >= 125, f[1] = x->brandish; return 2;
    case YR_RULE_N_EXPLODE: f[0] = busy, f[1] = var_truthy(rr(x, RR_BOMB_THROWN), v); return 2;
    case YR_RULE_N_HOOK: {
        yproj *o = rule_obj(x, RR_HOOK);
        bool locked = o ? obj_state_name(o) == S_Locked : true;
        f[0] = busy, f[1] = o != NULL, f[2] = o != NULL && locked, f[3] = var_truthy(rr(x, RR_PULLING), v);
        f[4] = x->dam, f[5] = x->cur_parry;
        return 6;
    }
    case YR_RULE_N_RELEASE:
        f[0] = busy, f[1] = var_number(rr(x, RR_MOMENTUM_STORES), v) > 0, f[2] = x->dam, f[3] = combo;
        return 4;
    case YR_RULE_C_AIMAGE: {
        yproj *o = rule_obj(x, RR_AFTER_IMAGE);
        bool og = o ? fx_round_to_int(o->o.chara.pos_y) >= 0 : x->grounded;
        f[0] = busy, f[1] = o != NULL, f[2] = x->grounded, f[3] = x->air_moves > 0, f[4] = og, f[5] = x->supers > 0;
        f[6] = x->dam, f[7] = x->knockdown;
        return 8;
    }
    case YR_RULE_C_GUN:
        f[0] = busy;
        f[1] = var_number(rr(x, RR_BULLETS_LEFT), v) > 0 && var_truthy(rr(x, RR_HAS_GUN), v);
        f[2] = x->brandish;
        return 3;
    case YR_RULE_W_HOVER:
        f[0] = busy, f[1] = var_truthy(rr(x, RR_HOVERING), v), f[2] = var_truthy(rr(x, RR_FAST_FALLING), v);
        f[3] = var_number(rr(x, RR_HOVER_LEFT), v) > 250, f[4] = x->grounded, f[5] = x->dam, f[6] = x->knockdown;
        f[7] = x->cur_parry;
        return 8;
    case YR_RULE_W_DET:
        f[0] = busy, f[1] = var_truthy(rr(x, RR_SPARK_BOMBS), v), f[2] = var_truthy(rr(x, RR_DETONATING_BOMBS), v);
        return 3;
    case YR_RULE_W_ORB: {
        yproj *o = rule_obj(x, RR_ORB);
        f[0] = busy, f[1] = o != NULL, f[2] = o ? obj_field_truthy(o, 2) : 0, f[3] = o != NULL;
        return 4;
    }
    case YR_RULE_R_FLY: {
        const yenv_var *fd = rr(x, RR_FLYING_DIR);
        uint8_t fdir = 0; /* None */
        if (!var_is_none(fd, v) && fd->rf == RF_XY_OR_NULL) {
            const yxy_opt *xy = (const yxy_opt *)(v + fd->off);
            int rx = xy->x * x->facing, ry = xy->y;
            for (int d = 0; d < 9; d++)
                if (yenv_dir8[d][0] == rx && yenv_dir8[d][1] == ry) fdir = (uint8_t)(d + 1);
        }
        f[0] = busy, f[1] = x->grounded, f[2] = x->air_option_bar > 0, f[3] = fdir, f[4] = x->dam, f[5] = 0;
        f[6] = x->cur_parry;
        return 7;
    }
    case YR_RULE_R_ARMOR:
        f[0] = busy, f[1] = var_number(rr(x, RR_ARMOR_PIPS), v) > 0, f[2] = var_truthy(rr(x, RR_MAGNET_INSTALLED), v);
        return 3;
    case YR_RULE_R_NADE: {
        yproj *o = rule_obj(x, RR_GRENADE);
        f[0] = busy, f[1] = o != NULL && !obj_field_truthy(o, 1);
        return 2;
    }
    case YR_RULE_R_DRIVE: f[0] = busy, f[1] = x->stance == S_Drive, f[2] = x->drive_cmd; return 3;
    case YR_RULE_R_LOIC: {
        int lx = (int)var_number(rr(x, RR_LOIC_DIR), v) * x->facing;
        f[0] = busy, f[1] = var_truthy(rr(x, RR_ORBITAL_STRIKE_OUT), v), f[2] = lx == 0 ? 0 : (lx > 0 ? 1 : 2);
        return 3;
    }
    case YR_RULE_M_SPIKE: {
        yproj *o = rule_obj(x, RR_SPIKE);
        f[0] = busy, f[1] = o != NULL && obj_st(o) < 20;
        return 2;
    }
    case YR_RULE_M_JUKE:
        f[0] = busy, f[1] = var_number(rr(x, RR_JUKE_PIPS), v) >= 2 && x->opp_combo <= 0, f[2] = x->dam;
        f[3] = x->grounded, f[4] = x->air_moves > 0, f[5] = x->cur_type == 4 || x->dashback;
        return 6;
    }
    return -1;
}

/* ------------------------------------------------------------------ masks */
bool yenv_legal_moves(ymatch *m, int player, int c, uint8_t *legal /* [K1 of c] */) {
    const yenv_char *tc = &yenv_chars[c];
    const yenv_rt *rt = &RT[c];
    yfighter *f = &m->f[player - 1];
    int16_t list[YOMI_MAX_FSTATES + 1];
    memset(legal, 0, (size_t)tc->K1);
    int n = actions_legal(m, f, false, false, list);
    bool only_busy = true;
    for (int i = 0; i < n; i++) {
        if (list[i] == ACT_CONTINUE) {
            legal[0] = 1;
            continue;
        }
        int k = (list[i] >= 0 && list[i] < YOMI_MAX_FSTATES) ? rt->move_of_state[list[i]] : -1;
        if (k < 0) {
            only_busy = false; /* a menu state the encoding does not know: not a busy option */
            continue;
        }
        legal[k] = 1;
        if (!tc->moves[k].busy_move) only_busy = false;
    }
    return only_busy;
}

/* decision-time busy (encoding.decision_view on the trace view) */
static bool decision_busy(ymatch *m, yfighter *f, bool only_busy_moves) {
    bool busy = m->snap_valid ? f->snap_busy : f->busy_interrupt;
    bool interruptable = m->snap_valid ? f->snap_interruptable : f->o.state_interruptable;
    return busy || (!interruptable && only_busy_moves);
}

/* packed masks of one agent: bits [1 + YENV_K1 + YENV_NDYN) as obs.pack_unified writes them (after the
 * character index) */
static void pack_masks(const yctx *x, const uint8_t *legal, float *out) {
    const yenv_char *tc = x->tc;
    memset(out, 0, sizeof(float) * YENV_MASK);
    out[0] = (float)x->c;
    for (int k = 0; k < tc->K1; k++) /* out is zero: only the set bits are written */
        if (legal[k]) out[1 + tc->c2u[k]] = 1.0f;
    uint8_t feat[8];
    for (int i = 0; i < tc->n_keys; i++) {
        const yenv_key *key = &tc->keys[i];
        rule_features(x, key->rule, feat);
        int32_t idx = 0;
        for (int j = 0; j < key->n_feat; j++) idx = idx * key->radix[j] + feat[j];
        const uint8_t *bits = tc->lut + key->lut + idx * key->n_var;
        for (int t = 0; t < key->n_var; t++)
            if (bits[t]) out[1 + YENV_K1 + key->slot + t] = 1.0f;
    }
}

/* ------------------------------------------------------------------ features */
#define PUT(i, v)                                                                                                     \
    do {                                                                                                              \
        double _v = (v);                                                                                              \
        if (_v != 0.0) row[(i)] = (float)_v;                                                                          \
    } while (0)

static double scalar_value(ymatch *m, yfighter *f, int src, int side, bool busy) {
    fg_body *c = &f->o.chara;
    ystate *st = obj_state(&f->o);
    bool snap = m->snap_valid;
    switch (src) {
    case YS_X: return side * fxd(c->pos_x);
    case YS_Y: return fxd(c->pos_y);
    case YS_VX: return side * fxd(c->vel_x);
    case YS_VY: return fxd(c->vel_y);
    case YS_FACING: return (double)(side * c->facing);
    case YS_GROUNDED: return c->grounded ? 1.0 : 0.0;
    case YS_PUSHBACK: return side * fxd(c->pushback_vel);
    case YS_HP: return (double)f->hp;
    case YS_SUPER_METER: return (double)f->super_meter;
    case YS_SUPERS: return (double)f->supers_available;
    case YS_BURST_METER: return (double)f->burst_meter;
    case YS_BURSTS: return (double)f->bursts_available;
    case YS_COMBO: return (double)f->o.combo_count;
    case YS_HITLAG: return (double)f->o.hitlag_ticks;
    case YS_HITSTUN: return (st && st_is(st, T_HURT)) ? (double)st_vt(st)->hitstun(m, &f->o, st) : 0.0;
    case YS_IN_HITSTUN: return (st && st_is(st, T_HURT)) ? 1.0 : 0.0;
    case YS_BLOCKSTUN: return (double)f->blockstun_ticks;
    case YS_AIR_MOVES: return (double)f->air_movements_left;
    case YS_FEINTS: return (double)f->feints;
    case YS_PENALTY: return (double)f->penalty;
    case YS_INTERRUPTABLE: return (snap ? f->snap_interruptable : f->o.state_interruptable) ? 1.0 : 0.0;
    case YS_HIT_CANCELLABLE: return (snap ? f->snap_hit_cancellable : f->o.state_hit_cancellable) ? 1.0 : 0.0;
    case YS_BUSY: return busy ? 1.0 : 0.0;
    case YS_INVULN: return f->o.invulnerable ? 1.0 : 0.0;
    case YS_PROJ_INVULN: return f->o.projectile_invulnerable ? 1.0 : 0.0;
    case YS_DI_X: return (double)(side * (f->di_is_str ? 0 : f->current_di[0]));
    case YS_DI_Y: return (double)(f->di_is_str ? 0 : f->current_di[1]);
    case YS_AIR_OPTION_BAR: return (double)f->air_option_bar;
    case YS_ST: return st ? (double)st->current_tick : 0.0;
    }
    return 0.0;
}

static void fighter_features(float *row, int base, ymatch *m, yfighter *f, int c, int side, bool busy) {
    const yenv_char *tc = &yenv_chars[c];
    const yenv_rt *rt = &RT[c];
    for (int i = 0; i < YENV_N_SCALARS; i++) {
        double v = scalar_value(m, f, yenv_scalars[i].src, side, busy);
        if (v != 0.0) row[base + i] = (float)(v * yenv_scalars[i].scale);
    }
    int st_sym = f->stance, k = YENV_N_STANCES;
    if (st_sym == SYM_NONE) k = 0; /* "" -> Normal */
    for (int i = 0; i < YENV_N_STANCES; i++)
        if (STANCE_SYM[i] == st_sym) k = i;
    row[base + YENV_FOFF_STANCE + k] = 1.0f;
    int s = state_index(f);
    int type = (s >= 0 && s < rt->n_states) ? rt->state_type[s] : -1;
    if (type >= 0 && type < YENV_N_STATE_TYPES) row[base + YENV_FOFF_STATE_TYPE + type] = 1.0f;
    row[base + YENV_FOFF_STATE + ((s >= 0 && s < rt->n_states) ? rt->state_unified[s] : 0)] = 1.0f;
    const uint8_t *vars = view_vars(m, f);
    int off = base + YENV_FOFF_RES;
    for (int i = 0; i < tc->n_res; i++) {
        const yenv_var *v = &rt->res[i];
        double scale = tc->res[i].scale;
        switch (tc->res[i].kind) {
        case YR_VEC:
            if (!var_is_none(v, vars) && v->rf == RF_XY_OR_NULL) {
                const yxy_opt *xy = (const yxy_opt *)(vars + v->off);
                row[off] = 1.0f;
                row[off + 1] = (float)((side * (double)xy->x) * scale);
                row[off + 2] = (float)((double)xy->y * scale);
            }
            off += 3;
            continue;
        case YR_BOOL: PUT(off, var_truthy(v, vars) ? 1.0 : 0.0); break;
        case YR_INT: PUT(off, var_number(v, vars) * scale); break;
        case YR_INT_X: PUT(off, side * var_number(v, vars) * scale); break;
        case YR_FIXED: PUT(off, var_number(v, vars) * scale); break;
        case YR_FIXED_X: PUT(off, side * var_number(v, vars) * scale); break;
        case YR_REF: PUT(off, var_is_none(v, vars) ? 0.0 : 1.0); break;
        case YR_LIST: PUT(off, var_number(v, vars) * scale); break;
        }
        off++;
    }
}

/* A fighter's block as the other seat sees it (side -1), from the block written with side 1: the
 * sided entries change sign and nothing else does. That is exact: side * v is exactly -v, and the
 * products and the rounding to float are symmetric in sign. An entry written only when its value
 * is not zero (PUT, the scalars) is either unwritten (+0, in both blocks) or not zero (the scales
 * are not zero and no value is small enough to round to 0, checked by yenv_init), so it changes
 * sign when it is not zero; a vector's x is written whenever the vector is present, zero included
 * (-0.0 from side -1). */
_Static_assert(YENV_OFF_OWN_X + YENV_FIGHTER_SIZE == YENV_OFF_OPP_X && YENV_OFF_OPP_X + YENV_FIGHTER_SIZE == YENV_OFF_OBJECTS,
               "the two fighter blocks lie side by side, before the objects");
static void fighter_features_mirrored(float *dst, const float *src, int c) {
    const yenv_char *tc = &yenv_chars[c];
    memcpy(dst, src, sizeof(float) * YENV_FIGHTER_SIZE);
    for (int i = 0; i < YENV_N_SCALARS; i++)
        if (scalar_sided(yenv_scalars[i].src) && src[i] != 0.0f) dst[i] = -src[i];
    int off = YENV_FOFF_RES;
    for (int i = 0; i < tc->n_res; i++) {
        switch (tc->res[i].kind) {
        case YR_VEC:
            if (src[off] == 1.0f) dst[off + 1] = -src[off + 1];
            off += 3;
            continue;
        case YR_INT_X:
        case YR_FIXED_X:
            if (src[off] != 0.0f) dst[off] = -src[off];
            break;
        default: break;
        }
        off++;
    }
}

static void object_features(float *row, ymatch *m, int player, const int *chars, int side) {
    yfighter *own = &m->f[player - 1];
    int32_t opx = fx_round_to_int(own->o.chara.pos_x), opy = fx_round_to_int(own->o.chara.pos_y);
    double ox = fxd(own->o.chara.pos_x), oy = fxd(own->o.chara.pos_y);
    /* the YENV_N_OBJECTS nearest live objects, nearest first (ties in spawn order): a stable
     * insertion that drops what falls past the end, so any number of objects fits */
    yproj *list[YENV_N_OBJECTS];
    int32_t dist[YENV_N_OBJECTS];
    int n = 0;
    for (int k = 0; k < m->n_objs; k++) {
        yproj *p = match_obj_at(m, k);
        if (p->o.disabled) continue;
        int32_t d = abs(fx_round_to_int(p->o.chara.pos_x) - opx) + abs(fx_round_to_int(p->o.chara.pos_y) - opy);
        int j = n < YENV_N_OBJECTS ? n++ : YENV_N_OBJECTS;
        while (j > 0 && dist[j - 1] > d) {
            if (j < YENV_N_OBJECTS) {
                list[j] = list[j - 1];
                dist[j] = dist[j - 1];
            }
            j--;
        }
        if (j < YENV_N_OBJECTS) {
            list[j] = p;
            dist[j] = d;
        }
    }
    for (int slot = 0; slot < n && slot < YENV_N_OBJECTS; slot++) {
        yproj *p = list[slot];
        yobj *o = &p->o;
        int b = YENV_OFF_OBJECTS + slot * YENV_OBJECT_SIZE;
        int owner = o->id;
        int kind = (owner == 1 || owner == 2) ? RT[chars[owner - 1]].obj_kind[o->table] : YENV_OBJECT_KINDS - 1;
        int si = YENV_OBJECT_STATES - 1;
        if (o->initialized && o->sm.state >= 0 && o->sm.state < YOMI_MAX_OSTATES) si = OBJ_STATE[o->table][o->sm.state];
        row[b + YENV_OBJ_PRESENT] = 1.0f;
        row[b + YENV_OBJ_KIND + kind] = 1.0f;
        row[b + YENV_OBJ_STATE + si] = 1.0f;
        if (owner == player) row[b + YENV_OBJ_MINE] = 1.0f;
        double x = fxd(o->chara.pos_x), y = fxd(o->chara.pos_y), vx = fxd(o->chara.vel_x), vy = fxd(o->chara.vel_y);
        PUT(b + YENV_OBJ_ST, (double)obj_st(p) * 0.01);
        PUT(b + YENV_OBJ_DX, side * (x - ox) * YENV_X_SCALE);
        PUT(b + YENV_OBJ_DY, (y - oy) * YENV_Y_SCALE);
        PUT(b + YENV_OBJ_VX, side * vx * YENV_V_SCALE);
        PUT(b + YENV_OBJ_VY, vy * YENV_V_SCALE);
        PUT(b + YENV_OBJ_FACING, (double)(side * o->chara.facing));
        PUT(b + YENV_OBJ_HP, obj_field_number(p, 0) / 3.0);
        PUT(b + YENV_OBJ_ACTIVE, obj_field_truthy(p, 1) ? 1.0 : 0.0);
        PUT(b + YENV_OBJ_LOCKED, obj_field_truthy(p, 2) ? 1.0 : 0.0);
        PUT(b + YENV_OBJ_LIFETIME, obj_field_number(p, 3) * 0.01);
    }
}

/* both agents' observations at the open decision (features, then the packed masks); busy: decision-time */
void yenv_observe(ymatch *m, const int *chars, float *obs /* [2][YENV_OBS] */, bool *busy /* [2] */) {
    uint8_t legal[2][YENV_MAX_CHAR_K1];
    for (int p = 0; p < 2; p++) {
        bool only_busy = yenv_legal_moves(m, p + 1, chars[p], legal[p]);
        busy[p] = decision_busy(m, &m->f[p], only_busy);
    }
    /* each fighter's block once, as seat 1 sees it; seat 2's rows take it mirrored */
    float block[2][YENV_FIGHTER_SIZE], mirrored[2][YENV_FIGHTER_SIZE];
    for (int q = 0; q < 2; q++) {
        memset(block[q], 0, sizeof block[q]);
        fighter_features(block[q], 0, m, &m->f[q], chars[q], 1, busy[q]);
        fighter_features_mirrored(mirrored[q], block[q], chars[q]);
    }
    double game_length = (double)m->s.game_length;
    for (int p = 0; p < 2; p++) {
        int player = p + 1, side = player == 1 ? 1 : -1;
        float *row = obs + (size_t)p * YENV_OBS;
        /* the fighter blocks are copied whole below: the rest of the features starts at zero */
        memset(row, 0, sizeof(float) * YENV_OFF_OWN_X);
        memset(row + YENV_OFF_OBJECTS, 0, sizeof(float) * (YENV_FEAT - YENV_OFF_OBJECTS));
        yfighter *own = &m->f[p], *opp = &m->f[1 - p];
        double ox = fxd(own->o.chara.pos_x), oy = fxd(own->o.chara.pos_y);
        double px = fxd(opp->o.chara.pos_x), py = fxd(opp->o.chara.pos_y);
        PUT(YENV_OFF_TICK, (double)m->current_tick / game_length);
        PUT(YENV_OFF_SEAT, player == 1 ? 1.0 : 0.0);
        PUT(YENV_OFF_DX, side * (px - ox) * YENV_X_SCALE);
        PUT(YENV_OFF_DY, (py - oy) * YENV_Y_SCALE);
        row[YENV_OFF_OWN_CHAR + chars[p]] = 1.0f;
        row[YENV_OFF_OPP_CHAR + chars[1 - p]] = 1.0f;
        float (*seen)[YENV_FIGHTER_SIZE] = side == 1 ? block : mirrored;
        memcpy(row + YENV_OFF_OWN_X, seen[p], sizeof seen[p]);
        memcpy(row + YENV_OFF_OPP_X, seen[1 - p], sizeof seen[1 - p]);
        object_features(row, m, player, chars, side);
        yctx x;
        ctx_init(&x, m, player, chars[p], busy[p]);
        pack_masks(&x, legal[p], row + YENV_FEAT);
    }
}

/* ------------------------------------------------------------------ legality of head values */
static inline bool mask_bit(const float *tail, const yenv_char *tc, int cm, int j, int b) {
    int g = tc->gather[cm * tc->D + tc->data_off[j] + b];
    return g == 1 || (g >= 2 && tail[1 + YENV_K1 + (g - 2)] > 0.5f);
}

/* env.check_action on the agent's packed masks (its observation's tail): 0 legal, else the reason */
int yenv_check(int c, const float *tail, const int32_t *heads) {
    const yenv_char *tc = &yenv_chars[c];
    int u = heads[0];
    if (u < 0 || u >= YENV_K1) return YENV_BAD_MOVE;
    int cm = tc->u2c[u];
    if (cm < 0 || !(tail[1 + u] > 0.5f)) return YENV_BAD_MOVE;
    for (int j = 1; j < tc->H; j++) {
        if (!tc->head_used[cm * tc->H + j]) continue;
        int b = heads[tc->head_to_u[j]];
        if (b < 0 || b >= tc->head_sizes[j] || !mask_bit(tail, tc, cm, j, b)) return YENV_BAD_HEAD + j;
    }
    return 0;
}

/* env.fallback_action: Continue (or the lowest legal move), each used head at its first legal value */
void yenv_fallback(int c, const float *tail, int32_t *heads) {
    const yenv_char *tc = &yenv_chars[c];
    memset(heads, 0, sizeof(int32_t) * YENV_NH);
    int u = 0;
    if (!(tail[1] > 0.5f))
        for (int k = 0; k < YENV_K1; k++)
            if (tc->u2c[k] >= 0 && tail[1 + k] > 0.5f) {
                u = k;
                break;
            }
    heads[0] = u;
    int cm = tc->u2c[u];
    for (int j = 1; j < tc->H; j++) {
        if (!tc->head_used[cm * tc->H + j]) continue;
        for (int b = 0; b < tc->head_sizes[j]; b++)
            if (mask_bit(tail, tc, cm, j, b)) {
                heads[tc->head_to_u[j]] = b;
                break;
            }
    }
}

/* ------------------------------------------------------------------ decode (encoding.decode) */
static void leaf(ydata *d, int k1, int k2, uint8_t kind, int32_t v) {
    if (k1 < 0 || k2 < 0 || (kind == YD_STR && v < 0)) return; /* a key or text the engine does not know */
    if (d->n < YOMI_DATA_MAX) d->e[d->n++] = (ydata_leaf){.k1 = (uint16_t)k1, .k2 = (uint16_t)k2, .kind = kind, .v = v};
}

typedef struct {
    uint8_t kind; /* YD_DICT (x/y or count/id-name pairs), YD_BOOL */
    int n;
    int16_t k[2];
    uint8_t vk[2];
    int32_t v[2];
} wvalue;

static void xy_value(const yenv_char *tc, int plot, int b, int f_data, int32_t *x, int32_t *y) {
    const yenv_plot *pl = &tc->plots[plot];
    if (f_data == 0) {
        *x = pl->v0[b][0];
        *y = pl->v0[b][1];
    } else {
        *x = pl->v1[b][0] * f_data;
        *y = pl->v1[b][1];
    }
}

static wvalue widget_value(const yctx *x, int cm, int w, const int32_t *eff, int f_data) {
    const yenv_move *mv = &x->tc->moves[cm];
    const yenv_widget *wd = &mv->widgets[w];
    int b = wd->head >= 0 ? eff[wd->head] : 0;
    wvalue r = {YD_DICT, 2, {S_x, S_y}, {YD_INT, YD_INT}, {0, 0}};
    switch (wd->kind) {
    case YW_XY: {
        int variant = 0;
        if (mv->dynamic == YDY_FORESIGHT) variant = 2 * (x->combo > 0) + x->grounded;
        else if (mv->dynamic == YDY_TELEPORT2) variant = x->combo > 0;
        else if (mv->dynamic == YDY_GRENADE) variant = x->grounded;
        xy_value(x->tc, wd->plot[variant], b, f_data, &r.v[0], &r.v[1]);
        break;
    }
    case YW_8WAY: {
        int d = yenv_xybin_to_dir8[b];
        r.v[0] = yenv_dir8[d][0] * (f_data > 0 ? 1 : -1);
        r.v[1] = yenv_dir8[d][1];
        break;
    }
    case YW_SLIDER: r.n = 1, r.v[0] = 5 * b; break;
    case YW_COUNT: r.n = 1, r.k[0] = S_count, r.v[0] = wd->head < 0 ? (x->combo > 0 ? 2 : 1) : b + 1; break;
    case YW_CHECK: r.kind = YD_BOOL, r.n = 0, r.v[0] = wd->head < 0 ? wd->pressed : b != 0; break;
    case YW_BLOCK: r.v[0] = 0, r.v[1] = b; break;
    case YW_OPTION: {
        r.k[0] = S_id, r.k[1] = S_name, r.v[0] = b;
        if (b < wd->n_items) {
            const yenv_item *it = &wd->items[b];
            r.vk[1] = it->kind == YI_NULL ? YD_NULL : it->kind == YI_BOOL ? YD_BOOL : it->kind == YI_INT ? YD_INT : YD_STR;
            r.v[1] = it->kind == YI_STR ? x->rt->item_sym[cm][w][b] : it->i;
        } else {
            r.vk[1] = YD_NULL;
        }
        break;
    }
    }
    return r;
}

static void set_dir(yextra *e, int idx, int32_t xx, int32_t yy) {
    if (idx < 0) return;
    e->present |= 1u << idx;
    e->x[idx] = xx;
    e->y[idx] = yy;
}
static void set_null(yextra *e, int idx) {
    if (idx < 0) return;
    e->present |= 1u << idx;
    e->nulls |= 1u << idx;
}
static void set_bool(yextra *e, int idx, bool v) {
    if (idx < 0) return;
    e->present |= 1u << idx;
    if (v) e->bools |= 1u << idx;
}

int yenv_decode(ymatch *m, int player, int c, bool busy, const int32_t *heads, int *action_sym, ydata *data,
                yextra *extra, bool *force_grounded, bool *force_aerial) {
    yctx x;
    ctx_init(&x, m, player, c, busy);
    const yenv_char *tc = x.tc;
    const yenv_rt *rt = x.rt;
    int cm = tc->u2c[heads[0]];
    if (cm < 0) return -1;
    const yenv_move *mv = &tc->moves[cm];
    int32_t eff[YENV_MAX_CHAR_HEADS];
    eff[0] = cm;
    for (int j = 1; j < tc->H; j++) {
        eff[j] = tc->head_used[cm * tc->H + j] ? heads[tc->head_to_u[j]] : 0;
        if (eff[j] < 0 || eff[j] >= tc->head_sizes[j]) return -2; /* out of the head's range */
    }
    if (c == 3 /* Robot */ && mv->is_grab && tc->h_extra[1] >= 0 && eff[tc->h_extra[1]] == 1) eff[tc->h_feint] = 0;
    *action_sym = rt->move_sym[cm];
    bool reverse = eff[tc->h_reverse] != 0;
    /* data */
    ydata_none(data);
    if (mv->has_scene) {
        int f_data = x.opp_dir * (reverse ? -1 : 1);
        if (mv->custom == YC_SUPERJUMP && x.combo <= 0) {
            data->kind = YD_STR;
            data->i = S_homing;
        } else if (mv->custom == YC_STICKYBOMB && x.grounded) {
            data->kind = YD_BOOL;
            data->i = 1;
        } else if (mv->custom == YC_SHOOT2 || mv->custom == YC_SHOOTDODGE2) {
            /* widgets in the order Direction, Holster, ActivateTemporal (encoding sorts them) */
            wvalue dir = {0}, holster = {0}, temporal = {0};
            for (int w = 0; w < mv->n_widgets; w++) {
                wvalue v = widget_value(&x, cm, w, eff, f_data);
                const char *name = mv->widgets[w].name;
                if (strcmp(name, "Direction") == 0) dir = v;
                else if (strcmp(name, "Holster") == 0) holster = v;
                else if (strcmp(name, "ActivateTemporal") == 0) temporal = v;
            }
            data->kind = YD_DICT;
            leaf(data, S_x, SYM_NONE, YD_INT, dir.v[0]);
            leaf(data, S_y, SYM_NONE, YD_INT, dir.v[1]);
            leaf(data, S_ActivateTemporal, SYM_NONE, YD_BOOL, temporal.v[0]);
            leaf(data, S_holster, SYM_NONE, YD_BOOL, mv->custom == YC_SHOOT2 ? holster.v[0] : 1);
        } else if (mv->n_widgets == 1) {
            wvalue v = widget_value(&x, cm, 0, eff, f_data);
            if (v.kind == YD_BOOL) {
                data->kind = YD_BOOL;
                data->i = v.v[0];
            } else {
                data->kind = YD_DICT;
                for (int i = 0; i < v.n; i++) leaf(data, v.k[i], SYM_NONE, v.vk[i], v.v[i]);
            }
        } else {
            data->kind = YD_DICT;
            for (int w = 0; w < mv->n_widgets; w++) {
                wvalue v = widget_value(&x, cm, w, eff, f_data);
                int ws = rt->widget_sym[cm][w];
                if (v.kind == YD_BOOL) leaf(data, ws, SYM_NONE, YD_BOOL, v.v[0]);
                else
                    for (int i = 0; i < v.n; i++) leaf(data, ws, v.k[i], v.vk[i], v.v[i]);
            }
        }
    }
    /* extra */
    memset(extra, 0, sizeof *extra);
    const yenv_plot *di = &tc->plots[tc->di_plot];
    int db = eff[tc->h_di];
    set_dir(extra, YX_DI, di->v1[db][0] * x.facing, di->v1[db][1]);
    set_bool(extra, YX_REVERSE, reverse);
    set_bool(extra, YX_FEINT, eff[tc->h_feint] != 0);
    extra->present |= 1u << YX_PREDICTION;
    extra->x[YX_PREDICTION] = -1;
    const int8_t *xi = rt->extra_idx;
    const int8_t *hx = tc->h_extra;
    *force_grounded = *force_aerial = false;
    switch (c) {
    case 0: { /* Ninja: explode, hook, release */
        int hook = eff[hx[1]], rel = eff[hx[2]];
        set_bool(extra, xi[XK_EXPLODE], eff[hx[0]] != 0);
        set_bool(extra, xi[XK_PULL], hook == 1);
        set_bool(extra, xi[XK_DETACH], hook == 2);
        set_bool(extra, xi[XK_RELEASE], rel > 0);
        int32_t rx, ry;
        if (rel > 0) xy_value(tc, tc->boost_plot[x.combo > 0 ? 0 : 1], rel - 1, x.opp_dir, &rx, &ry);
        else rx = 4 * x.opp_dir, ry = 0;
        set_dir(extra, xi[XK_RELEASE_DIR], rx, ry);
        break;
    }
    case 1: { /* Cowboy: aimage, gun_cancel */
        int a = eff[hx[0]];
        bool aerial = false, grounded = false;
        yproj *o = rule_obj(&x, RR_AFTER_IMAGE);
        if (o) {
            int32_t oy = fx_round_to_int(o->o.chara.pos_y);
            if (a == 2) aerial = oy < 0, grounded = oy == 0;
            else if (a == 3) aerial = x.grounded, grounded = !x.grounded;
        }
        set_bool(extra, xi[XK_GUN_CANCEL], eff[hx[1]] != 0);
        set_bool(extra, xi[XK_DETONATE], a == 1);
        set_bool(extra, xi[XK_SHIFT], a == 2);
        set_bool(extra, xi[XK_DRIFT], a == 3);
        set_bool(extra, xi[XK_HINDSIGHT], a == 4);
        set_bool(extra, xi[XK_INPUT_AERIAL], aerial);
        set_bool(extra, xi[XK_INPUT_GROUNDED], grounded);
        *force_grounded = grounded;
        *force_aerial = aerial;
        break;
    }
    case 2: { /* Wizard: hover, detonate, orb */
        int h = eff[hx[0]], orb = eff[hx[2]];
        int d = orb < 9 ? orb : 0;
        set_bool(extra, xi[XK_HOVER], h == 1);
        set_bool(extra, xi[XK_FAST_FALL], h == 2);
        set_bool(extra, xi[XK_DETONATE], eff[hx[1]] != 0);
        set_dir(extra, xi[XK_ORB_PUSH], yenv_dir8[d][0] * x.facing, yenv_dir8[d][1]);
        set_bool(extra, xi[XK_LOCK_ORB], orb == 9);
        break;
    }
    case 3: { /* Robot: fly, armor, nade, drive, loic */
        int fly = eff[hx[0]], armor = eff[hx[1]], lo = eff[hx[4]];
        const yenv_var *fdv = rr(&x, RR_FLYING_DIR);
        bool fd_has = !var_is_none(fdv, x.vars) && fdv->rf == RF_XY_OR_NULL;
        int32_t fdx = 0, fdy = 0;
        if (fd_has) {
            const yxy_opt *xy = (const yxy_opt *)(x.vars + fdv->off);
            fdx = xy->x, fdy = xy->y;
        }
        bool dir_vis = !x.busy && !x.grounded && x.air_option_bar > 0 && !x.dam;
        if (fly > 0) {
            if (dir_vis || !fd_has) set_dir(extra, xi[XK_FLY_DIR], yenv_dir8[fly - 1][0] * x.facing, yenv_dir8[fly - 1][1]);
            else set_dir(extra, xi[XK_FLY_DIR], fdx, fdy);
        } else if (dir_vis) {
            set_dir(extra, xi[XK_FLY_DIR], fd_has ? fdx : 0, fd_has ? fdy : 0);
        } else if (fd_has) {
            set_dir(extra, xi[XK_FLY_DIR], fdx, fdy);
        } else {
            set_null(extra, xi[XK_FLY_DIR]);
        }
        static const int LOIC[3] = {0, 1, -1};
        set_bool(extra, xi[XK_FLY_ENABLED], fly > 0);
        set_bool(extra, xi[XK_ARMOR_ENABLED], armor == 1);
        set_bool(extra, xi[XK_NADE_ACTIVATED], eff[hx[2]] != 0);
        set_bool(extra, xi[XK_PULL_ENABLED], armor == 2);
        set_dir(extra, xi[XK_LOIC_DIR], LOIC[lo] * x.facing, 0);
        set_bool(extra, xi[XK_DRIVE_CANCEL], eff[hx[3]] != 0);
        set_dir(extra, xi[XK_BOUNCE], 0, 0);
        break;
    }
    case 4: { /* Mutant: spike, juke */
        int j = eff[hx[1]];
        set_bool(extra, xi[XK_SPIKE_ENABLED], eff[hx[0]] != 0);
        if (j == 0) set_null(extra, xi[XK_JUKE_DIR]);
        else set_dir(extra, xi[XK_JUKE_DIR], yenv_dir8[j - 1][0] * x.facing, yenv_dir8[j - 1][1]);
        break;
    }
    }
    return 0;
}
