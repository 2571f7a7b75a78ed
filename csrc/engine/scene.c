/* Build fighters and objects from the tables. Mirrors states/scene.py (with the
 * constructors it runs: BaseObj/Fighter/BaseProjectile __init__, the states'
 * __init__ and init(), the hitboxes' init).
 *
 * Everything that does not depend on the match (a state's class, its exports with
 * defaults applied, its parsed category lists, its hitboxes after Hitbox.init...) is
 * built once per table when the engine starts (yomi_engine_init) into a template
 * fighter/object; a match copies the template and only then runs the parts of
 * init() that depend on the match (Fighter.init, the first state...).
 *
 * Class lookup is the Python one (states/scene.py: state_class): for the script and
 * then each name of its extends chain, the character's registry, then the base
 * registry (base.c), then the base class names. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scene.h"
#include "char_state.h"
#include "data.h"
#include "fighter.h"
#include "fxs.h"
#include "match.h"
#include "obj.h"
#include "projectile.h"
#include "state.h"
#include "base.h"

/* ------------------------------------------------------------------ resolved classes */
#define MAX_VTS 256
static state_vt VTS[MAX_VTS];
static int N_VTS;
static yomi_char CHARS[YOMI_N_FIGHTER_TABLES];

static void frames_merge(yframe *dst, int16_t *n, const yframe *src) {
    if (!src) return;
    for (const yframe *fr = src; fr->n >= 0; fr++) {
        int found = 0;
        for (int i = 0; i < *n; i++)
            if (dst[i].n == fr->n) found = 1; /* a subclass's method overrides (already in) */
        if (!found && *n < YOMI_MAX_FRAMES) dst[(*n)++] = *fr;
    }
}

static int frame_cmp(const void *a, const void *b) { return ((const yframe *)a)->n - ((const yframe *)b)->n; }

const state_vt *state_vt_of(const state_class *cls) {
    for (int i = 0; i < N_VTS; i++)
        if (VTS[i].cls == cls) return &VTS[i];
    if (N_VTS >= MAX_VTS) return NULL;
    const state_vt *parent = cls->parent ? state_vt_of(cls->parent) : NULL;
    state_vt *vt = &VTS[N_VTS++];
    memset(vt, 0, sizeof *vt);
    vt->cls = cls;
    vt->parent = parent;
    vt->vars_size = cls->vars_size;
    if (parent && parent->vars_size > vt->vars_size) vt->vars_size = parent->vars_size;
    vt->traits = cls->traits | (parent ? parent->traits : 0);
    /* frames: own first, then inherited ones not overridden */
    for (const state_class *c = cls; c; c = c->parent) {
        frames_merge(vt->frames, &vt->n_frames, c->frames);
        frames_merge(vt->frames_shared, &vt->n_frames_shared, c->frames_shared);
    }
    qsort(vt->frames, (size_t)vt->n_frames, sizeof(yframe), frame_cmp);
    qsort(vt->frames_shared, (size_t)vt->n_frames_shared, sizeof(yframe), frame_cmp);
    for (int i = 0; i < vt->n_frames; i++)
        if (vt->frames[i].n < 64) vt->frame_mask |= 1ULL << vt->frames[i].n;
    for (int i = 0; i < vt->n_frames_shared; i++)
        if (vt->frames_shared[i].n < 64) vt->frame_shared_mask |= 1ULL << vt->frames_shared[i].n;
#define INHERIT(hook) vt->hook = cls->hook ? cls->hook : (parent ? parent->hook : NULL)
    vt->init = cls->init;           /* init/construct are chained, not inherited */
    vt->construct = cls->construct;
    INHERIT(enter_shared); INHERIT(enter); INHERIT(tick_before); INHERIT(tick_shared); INHERIT(tick);
    INHERIT(tick_after); INHERIT(exit_shared); INHERIT(exit); INHERIT(on_hit_something); INHERIT(got_parried);
    INHERIT(on_got_perfect_parried); INHERIT(on_got_blocked); INHERIT(on_got_blocked_by);
    INHERIT(on_got_perfect_parried_by); INHERIT(detect); INHERIT(get_projectile_pos); INHERIT(get_projectile_data);
    INHERIT(process_projectile); INHERIT(is_usable); INHERIT(get_hold_restart); INHERIT(can_interrupt);
    INHERIT(enable_interrupt); INHERIT(on_got_hit); INHERIT(opponent_turn_interrupt); INHERIT(on_continue);
    INHERIT(on_interrupt); INHERIT(on_land_cancel); INHERIT(get_velocity_forward_meter_gain_multiplier);
    INHERIT(can_land_cancel); INHERIT(can_hit_cancel); INHERIT(parry); INHERIT(can_parry_hitbox);
    INHERIT(matches_hitbox_height); INHERIT(get_whiffed_block); INHERIT(hitstun); INHERIT(on_signal);
    INHERIT(fizzle); INHERIT(move); INHERIT(apply_enter_force); INHERIT(interrupt_into);
    INHERIT(queue_state_change);
#undef INHERIT
    return vt;
}

/* the resolved parent class, for super() calls */
const state_vt *state_super(const state_class *cls) { return cls->parent ? state_vt_of(cls->parent) : NULL; }

/* object classes, resolved the same way (construct is chained by the template builder, not inherited) */
#define MAX_OBJ_VTS 64
static yobj_vt OBJ_VTS[MAX_OBJ_VTS];
static int N_OBJ_VTS;

const yobj_vt *obj_vt_of(const yobj_class *cls) {
    for (int i = 0; i < N_OBJ_VTS; i++)
        if (OBJ_VTS[i].cls == cls) return &OBJ_VTS[i];
    if (N_OBJ_VTS >= MAX_OBJ_VTS) return NULL;
    const yobj_vt *parent = NULL;
    if (cls->parent && !(parent = obj_vt_of(cls->parent))) return NULL;
    yobj_vt *vt = &OBJ_VTS[N_OBJ_VTS++];
    memset(vt, 0, sizeof *vt);
    vt->cls = cls;
    vt->parent = parent;
#define INHERIT(hook) vt->hook = cls->hook ? cls->hook : (parent ? parent->hook : NULL)
    INHERIT(disable); INHERIT(on_hit_ceiling); INHERIT(hit_by); INHERIT(can_hit_cancel); INHERIT(tick);
    INHERIT(on_got_push_blocked); INHERIT(on_got_parried); INHERIT(on_got_blocked); INHERIT(on_signal);
    INHERIT(init); INHERIT(on_hit_something);
#undef INHERIT
    return vt;
}

static const state_class *lookup_script(const yscript_entry *reg, const char *key) {
    if (!reg || !key) return NULL;
    for (const yscript_entry *e = reg; e->script; e++)
        if (strcmp(e->script, key) == 0) return e->cls;
    return NULL;
}

/* states/scene.py: state_class(entry, scripts) with `scripts` a list of registries */
static const state_class *resolve_state_class(const ynode *node, const yscript_entry *const *regs, int n_regs) {
    for (int k = -1; k < (int)node->n_extends; k++) {
        const char *key = k < 0 ? node->script : node->extends[k];
        if (!key) continue;
        for (int r = 0; r < n_regs; r++) {
            const state_class *c = lookup_script(regs[r], key);
            if (c) return c;
        }
        const state_class *c = lookup_script(base_scripts, key);
        if (c) return c;
        c = lookup_script(base_class_names, key);
        if (c) return c;
    }
    return NULL;
}

/* ------------------------------------------------------------------ per-table runtime data */
typedef struct {
    bool built, available;
    char why[160];
    ystate_static statics[YOMI_MAX_FSTATES];
    int n_states;
    int16_t *state_of_sym; /* [SYM_COUNT] */
    int16_t *anim_of_sym;  /* [SYM_COUNT] */
    int16_t *hb_act_tick;  /* activation tick of each hitbox (hitbox_start_frames key), or 0 */
    int16_t menu[YOMI_MAX_FSTATES]; /* by sort_rank: the legal list's order */
    int n_menu;
    int16_t **cancels; /* [SYM_COUNT] action_cancels[category] -> list, -1 terminated */
    ymenu_set *menu_reach; /* [SYM_COUNT] the menu positions action_cancels[category] holds */
    ystate_static root; /* the root's throw_positions */
} table_rt;

static table_rt FT[YOMI_N_FIGHTER_TABLES];
static table_rt OT[YOMI_N_OBJECT_TABLES];
static yfighter *FTEMPLATE[YOMI_N_FIGHTER_TABLES];
static yproj *OTEMPLATE[YOMI_N_OBJECT_TABLES];
static const yobj_class *OCLASS[YOMI_N_OBJECT_TABLES];
static const yobj_vt *OVT[YOMI_N_OBJECT_TABLES];

static table_rt *rt_of(int is_fighter, int table) { return is_fighter ? &FT[table] : &OT[table]; }
const ystate_static *table_state_statics(int is_fighter, int table) { return rt_of(is_fighter, table)->statics; }
const yobj_class *object_class_of_table(int table) { return OCLASS[table]; }
const yobj_vt *object_vt_of_table(int table) { return OVT[table]; }
const yomi_char *fighter_char(int table) { return CHARS[table].name ? &CHARS[table] : NULL; }

int table_state_of_sym(int is_fighter, int table, int sym) {
    if (sym < 0 || sym >= SYM_COUNT) return -1;
    table_rt *rt = rt_of(is_fighter, table);
    return rt->state_of_sym[sym];
}

int table_anim_of_sym(int is_fighter, int table, int sym) {
    if (sym < 0 || sym >= SYM_COUNT) return -1;
    return rt_of(is_fighter, table)->anim_of_sym[sym];
}

int table_menu_states(int table, const int16_t **out) {
    *out = FT[table].menu;
    return FT[table].n_menu;
}

void table_menu_reach(int table, int category_sym, ymenu_set *acc) {
    if (category_sym < 0 || category_sym >= SYM_COUNT) return;
    const ymenu_set *r = &FT[table].menu_reach[category_sym];
    acc->w[0] |= r->w[0];
    acc->w[1] |= r->w[1];
}

int table_extra_index(int table, const char *name) {
    static const char *COMMON[] = {"DI", "reverse", "feint", "prediction"};
    for (int i = 0; i < 4; i++)
        if (strcmp(COMMON[i], name) == 0) return i;
    const yomi_char *c = fighter_char(table);
    if (!c) return -1;
    for (int i = 0; i < c->n_extras; i++)
        if (strcmp(c->extras[i].name, name) == 0) return YX_CHAR0 + i;
    return -1;
}

/* ------------------------------------------------------------------ helpers */
static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size);
    if (!p) abort();
    return p;
}

static int split_lines(const char *text, uint16_t *out, int max) {
    int n = 0;
    if (!text) return 0;
    const char *p = text;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *a = p, *b = p + len;
        while (a < b && (*a == ' ' || *a == '\t' || *a == '\r')) a++;
        while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r')) b--;
        if (b > a && n < max) {
            int s = sym_lookup(a, (size_t)(b - a));
            if (s >= 0) out[n++] = (uint16_t)s;
        }
        if (!e) break;
        p = e + 1;
    }
    return n;
}

static const uint16_t *sym_list(const uint16_t *src, int n) {
    if (n == 0) return NULL;
    uint16_t *dst = xcalloc((size_t)n, sizeof(uint16_t));
    memcpy(dst, src, (size_t)n * sizeof(uint16_t));
    return dst;
}

static int texture_index(const ytable *t, const char *path) {
    for (int i = 0; i < t->n_textures; i++)
        if (strcmp(t->textures[i], path) == 0) return i;
    return -2; /* never the sprite's texture */
}

static void fill_box(ybox *b, int32_t x, int32_t y, int32_t w, int32_t h) {
    memset(b, 0, sizeof *b);
    b->x = x;
    b->y = y;
    b->width = w;
    b->height = h;
    b->facing = 1;
}

static void build_hostcmds(const yval *dict, const ynode *node, ystate_static *s) {
    /* the host_commands export: tick -> "method" or [method, args...] */
    if (dict && dict->kind == YV_DICT && dict->n) {
        yhostcmd *cmds = xcalloc(dict->n, sizeof(yhostcmd));
        int n = 0;
        for (int i = 0; i < dict->n; i++) {
            const yval *k = &dict->items[2 * i], *v = &dict->items[2 * i + 1];
            if (k->kind != YV_INT) continue;
            if (v->kind == YV_STR) {
                cmds[n++] = (yhostcmd){.tick = (int32_t)k->i, .method = (uint16_t)yval_sym(v, 0)};
            } else if (v->kind == YV_LIST && v->n > 0) {
                cmds[n++] = (yhostcmd){.tick = (int32_t)k->i, .method = (uint16_t)yval_sym(&v->items[0], 0),
                                       .n_args = (uint8_t)(v->n - 1), .args = v->items + 1};
            }
        }
        s->host_commands = cmds;
        s->n_host_commands = (uint8_t)n;
    }
    int nc = 0, nr = 0;
    for (int i = 0; i < node->n_children; i++) {
        if (node->children[i].kind == YN_HostCommand) nc++;
        if (node->children[i].kind == YN_UsableRequirement) nr++;
    }
    if (nc) {
        yhostcmd *cmds = xcalloc((size_t)nc, sizeof(yhostcmd));
        int n = 0;
        for (int i = 0; i < node->n_children; i++) {
            const ynode *c = &node->children[i];
            if (c->kind != YN_HostCommand) continue;
            const yval *args = node_prop(c, P_args);
            cmds[n++] = (yhostcmd){.tick = (int32_t)prop_int(c, P_tick, 0),
                                   .method = (uint16_t)prop_sym(c, P_command, 0),
                                   .n_args = (uint8_t)((args && args->kind == YV_LIST) ? args->n : 0),
                                   .args = (args && args->kind == YV_LIST) ? args->items : NULL};
        }
        s->cmd_nodes = cmds;
        s->n_cmd_nodes = (uint8_t)n;
    }
    if (nr) {
        yreq *reqs = xcalloc((size_t)nr, sizeof(yreq));
        int n = 0;
        for (int i = 0; i < node->n_children; i++) {
            const ynode *c = &node->children[i];
            if (c->kind != YN_UsableRequirement) continue;
            const yval *args = node_prop(c, P_args);
            reqs[n++] = (yreq){.method = (uint16_t)prop_sym(c, P_method, 0),
                               .n_args = (uint8_t)((args && args->kind == YV_LIST) ? args->n : 0),
                               .args = (args && args->kind == YV_LIST) ? args->items : NULL,
                               .inverse = prop_bool(c, P_inverse, 0)};
        }
        s->reqs = reqs;
        s->n_reqs = (uint8_t)n;
    }
}

static void build_throw_positions(const ytable *t, const yval *dict, ystate_static *s) {
    if (!dict || dict->kind != YV_DICT || !dict->n) return;
    ythrowpos *tp = xcalloc(dict->n, sizeof(ythrowpos));
    int n = 0;
    for (int i = 0; i < dict->n; i++) {
        const yval *k = &dict->items[2 * i], *v = &dict->items[2 * i + 1];
        if (k->kind != YV_STR || v->kind != YV_DICT) continue;
        int32_t x = 0, y = 0;
        for (int j = 0; j < v->n; j++) {
            const yval *kk = &v->items[2 * j], *vv = &v->items[2 * j + 1];
            if (kk->kind == YV_STR && strcmp(kk->s, "x") == 0) x = (int32_t)yval_int(vv, 0);
            if (kk->kind == YV_STR && strcmp(kk->s, "y") == 0) y = (int32_t)yval_int(vv, 0);
        }
        tp[n++] = (ythrowpos){.texture = (int16_t)texture_index(t, k->s), .x = x, .y = y};
    }
    s->throw_positions = tp;
    s->n_throw_positions = (uint8_t)n;
}

/* Hitbox.__init__ (HITBOX_DEFAULTS of yomi/hitbox.py) and Hitbox.init */
static void build_hitbox(const ynode *c, yhitbox *h, int state, int index) {
    memset(h, 0, sizeof *h);
    h->kind = c->kind == YN_ThrowBox ? HK_THROWBOX : (c->kind == YN_SweptHitbox ? HK_SWEPT : HK_HITBOX);
    h->state = (int16_t)state;
    h->index = (int16_t)index;
    h->node_name = c->name;
    fill_box(&h->b, (int32_t)prop_int(c, P_x, 0), (int32_t)prop_int(c, P_y, 0), (int32_t)prop_int(c, P_width, 20),
             (int32_t)prop_int(c, P_height, 20));
#define I(f, d) h->f = (int32_t)prop_int(c, P_##f, d)
#define B(f, d) h->f = prop_bool(c, P_##f, d) ? 1 : 0
#define F(f, d) h->f = prop_fx(c, P_##f, d)
#define S(f) h->f = (uint16_t)prop_sym(c, P_##f, 0)
    B(activated, 1); I(damage, 0); I(damage_in_combo, -1); I(minimum_damage, 0); F(chip_damage_modifier, "1.0");
    h->hitbox_type = (int8_t)prop_int(c, P_hitbox_type, HB_NORMAL);
    I(hitstun_ticks, 30); I(combo_hitstun_ticks, -1); I(hitlag_ticks, 4); I(victim_hitlag, -1);
    I(combo_victim_hitlag, -1); I(damage_proration, 0); B(scale_combo, 1); I(combo_scaling_amount, 1);
    B(cancellable, 1); B(increment_combo, 1); B(hits_otg, 0); B(hits_vs_standing, 1); B(hits_vs_grounded, 1);
    B(hits_vs_aerial, 1); B(can_counter_hit, 1); F(di_modifier, "1.0"); F(sdi_modifier, "1.0");
    F(meter_gain_modifier, "1.0"); I(parry_meter_gain, -1); B(ignore_armor, 0); S(followup_state);
    B(force_grounded, 0); B(can_clash, 1); B(hits_vs_dizzy, 1); B(beats_grab, 1); B(hits_projectiles, 1);
    B(ignore_projectile_armor, 0); B(allowed_to_hit_own_team, 1); B(guard_break, 0); I(guard_break_proration, 1);
    B(block_punishable, 0); B(parriable, 1); B(block_cancel_allowed, 1); I(plus_frames, 0);
    h->hit_height = (int8_t)prop_int(c, P_hit_height, HH_MID);
    I(priority, 0); I(group, 0); I(screenshake_amount, 4); I(screenshake_frames, -1); B(rumble, 1);
    F(dir_x, "1.0"); F(dir_y, "-1.0"); F(knockback, "10.0"); B(launch_reversible, 0); B(vacuum, 0);
    B(send_away_from_center, 0); F(block_pushback_modifier, "1.0"); B(block_pushback_reversible, 0);
    F(block_reverse_pushback_modifier, "1.0"); F(pushback_x, "1.0");
    h->grounded_hit_state = (uint16_t)prop_sym(c, P_grounded_hit_state, SYM_HurtGrounded);
    h->aerial_hit_state = (uint16_t)prop_sym(c, P_aerial_hit_state, SYM_HurtAerial);
    I(minimum_grounded_frames, -1); B(knockdown, 0); B(knockdown_extends_hitstun, 1); B(hard_knockdown, 0);
    B(disable_collision, 1); B(air_ground_bounce, 0); B(ground_bounce, 1); F(ground_bounce_knockback_modifier, "1.0");
    B(wall_slam, 0); I(start_tick, 0); I(active_ticks, 5); B(always_on, 0); B(looping, 0); I(loop_active_ticks, 2);
    I(loop_inactive_ticks, 2); S(misc_data); S(throw_state); B(bump_on_whiff, 0);
    if (h->kind == HK_SWEPT) {
        I(to_x, 0);
        I(to_y, 0);
    }
#undef I
#undef B
#undef F
#undef S
    h->active_tick = 1;
    h->spawn_particle_effect = 1;
    /* Hitbox.init */
    if (h->b.height < 0) h->b.height = -h->b.height;
    if (h->b.width < 0) h->b.width = -h->b.width;
    if (h->combo_hitstun_ticks == -1) h->combo_hitstun_ticks = h->hitstun_ticks;
    if (h->hitbox_type == HB_DETECT) h->can_clash = 0;
}

/* ObjectState.__init__ + CharacterState.__init__: exports with the scripts' defaults */
static void build_state_exports(const ynode *n, ystate *s) {
    memset(s, 0, sizeof *s);
#define I(f, d) s->f = (int32_t)prop_int(n, P_##f, d)
#define B(f, d) s->f = prop_bool(n, P_##f, d) ? 1 : 0
    B(apply_forces, 0); B(apply_fric, 0); B(apply_grav, 0); B(reset_momentum, 0); B(reset_x_momentum, 0);
    B(reset_y_momentum, 0); B(apply_custom_x_fric, 0); B(apply_custom_y_fric, 0); B(apply_custom_grav, 0);
    B(apply_forces_no_limit, 0); B(apply_custom_limits, 0);
    s->custom_x_fric = prop_fx(n, P_custom_x_fric, "0.0");
    s->custom_y_fric = prop_fx(n, P_custom_y_fric, "0.0");
    s->fallback_state = (uint16_t)prop_sym(n, P_fallback_state, SYM_Wait);
    I(anim_length, 1); I(sprite_anim_length, -1); I(ticks_per_frame, 1); B(loop_animation, 0);
    I(animation_loop_start, 0); B(absolute_loop, 0); B(refresh_loop, 1); B(endless, 0); B(disable_at_end, 0);
    I(force_tick, 0); I(projectile_tick, 1); I(projectile_pos_x, 0); I(projectile_pos_y, 0);
    B(projectile_local_pos, 1); B(projectile_match_facing, 0); I(extra_parry_hitlag, 0); I(flip_frame, -1);
    B(force_same_direction_as_previous_state, 0); I(earliest_hitbox, 0);
    /* CharacterState */
    B(show_in_menu, 1); I(type, AT_MOVEMENT); I(air_type, AIR_GROUNDED); B(uses_air_movement, 0);
    B(ignore_air_option_use_in_combos, 0); B(land_cancel, 0); I(landing_recovery, -1); I(min_land_cancel_frame, -1);
    s->land_cancel_state = (uint16_t)prop_sym(n, P_land_cancel_state, SYM_Landing);
    I(iasa_at, -1); I(iasa_on_hit, -1); B(iasa_on_hit_on_block, 1); B(throw_techable, 0);
    B(interruptible_on_opponent_turn, 0); B(update_facing_on_exit, 1); B(dynamic_iasa, 1); B(backdash_iasa, 0);
    B(allow_framecheat, 0); B(next_state_on_hold, 1); B(next_state_on_hold_on_opponent_turn, 0); B(combo_only, 0);
    B(neutral_only, 0); B(end_feint, 1); B(usable_from_whiff_cancel_if_possible, 1); B(count_projectile_hits, 1);
    s->hold_restart = (uint16_t)prop_sym(n, P_hold_restart, 0);
    I(busy_interrupt_type, BUSY_NORMAL); B(burst_cancellable, 1); B(burstable, 1); B(self_hit_cancellable, 1);
    B(self_interruptable, 1); B(reversible, 1); B(instant_cancellable, 1); B(force_feintable, 0);
    B(can_feint_if_possible, 1); B(selectable, 1); B(always_usable, 0);
    s->change_stance_to = (uint16_t)prop_sym(n, P_change_stance_to, 0);
    B(release_opponent_on_startup, 0); B(release_opponent_on_exit, 0); B(initiative_effect, 0);
    I(initiative_startup_reduction_amount, 0); B(apply_pushback, 1); B(beats_backdash, 0);
    I(no_collision_start_frame, -1); I(no_collision_end_frame, -1); B(can_be_counterhit, 1); I(tick_priority, 0);
    I(super_level_, 0); I(supers_used_, -1); I(super_freeze_ticks_, 15); B(super_effect_, 0);
    B(scale_combo_meter_, 0); B(force_super_effect, 0);
#undef I
#undef B
    const yval *frames = node_prop(n, P_interrupt_frames);
    if (frames && frames->kind == YV_LIST)
        for (int i = 0; i < frames->n && s->n_interrupt_frames < YOMI_MAX_IFRAMES; i++)
            s->interrupt_frames[s->n_interrupt_frames++] = (int16_t)yval_int(&frames->items[i], 0);
    /* runtime (ObjectState.__init__) */
    s->current_tick = -1;
    s->current_real_tick = -1;
    s->start_tick = -1;
    s->last_facing = 1;
    s->max_tick = -1;
    s->max_tick_shared = -1;
    s->exit_tick = -1;
    s->current_hurtbox = -1;
    s->starting_iasa_at = -1;
}

/* Build one table's states: statics (shared) and the template instances (host's arrays). */
static int build_states(int is_fighter, int table, const ytable *t, yobj *host, ystate *states, yhitbox *hitboxes,
                        int max_hb, yhurtstate *hurts, int max_hs, ylimb *limbs, int max_lb, uint8_t *arena,
                        int arena_size, const yscript_entry *const *regs, int n_regs) {
    table_rt *rt = rt_of(is_fighter, table);
    int max_states = is_fighter ? YOMI_MAX_FSTATES : YOMI_MAX_OSTATES;
    if (t->n_states > max_states) {
        snprintf(rt->why, sizeof rt->why, "%s: %d states (limit %d)", t->name, t->n_states, max_states);
        return -1;
    }
    rt->n_states = t->n_states;
    rt->state_of_sym = xcalloc(SYM_COUNT, sizeof(int16_t));
    rt->anim_of_sym = xcalloc(SYM_COUNT, sizeof(int16_t));
    for (int i = 0; i < SYM_COUNT; i++) rt->state_of_sym[i] = rt->anim_of_sym[i] = -1;
    for (int i = 0; i < t->n_anims; i++) rt->anim_of_sym[t->anims[i].name] = (int16_t)i;
    for (int i = 0; i < t->n_states; i++) rt->state_of_sym[t->states[i].name] = (int16_t)i; /* later ones win */
    int n_hb = 0, n_hs = 0, n_lb = 0, arena_used = 0;
    rt->hb_act_tick = xcalloc((size_t)max_hb, sizeof(int16_t));
    for (int i = 0; i < t->n_states; i++) {
        const ynode *node = &t->states[i];
        ystate_static *s = &rt->statics[i];
        ystate *st = &states[i];
        const state_class *cls = resolve_state_class(node, regs, n_regs);
        if (!cls) {
            snprintf(rt->why, sizeof rt->why, "%s: no C class ports the script %s of state %s", t->name,
                     node->script ? node->script : "?", sym_text(node->name));
            return -1;
        }
        memset(s, 0, sizeof *s);
        s->node = node;
        s->vt = state_vt_of(cls);
        s->name = node->name;
        s->index = (int16_t)i;
        s->custom_grav = prop_fx(node, P_custom_grav, "0.0");
        s->custom_grav_max_fall_speed = prop_fx(node, P_custom_grav_max_fall_speed, "0.0");
        s->custom_max_air_speed = prop_fx(node, P_custom_max_air_speed, "15.0");
        s->custom_max_ground_speed = prop_fx(node, P_custom_max_ground_speed, "10.0");
        s->force_dir_x = prop_fx(node, P_force_dir_x, "0.0");
        s->force_dir_y = prop_fx(node, P_force_dir_y, "0.0");
        s->force_speed = prop_fx(node, P_force_speed, "0.0");
        s->force_speed_set = strcmp(prop_str(node, P_force_speed, "0.0"), "0.0") != 0;
        s->enter_force_dir_x = prop_fx(node, P_enter_force_dir_x, "0.0");
        s->enter_force_dir_y = prop_fx(node, P_enter_force_dir_y, "0.0");
        s->enter_force_speed = prop_fx(node, P_enter_force_speed, "0.0");
        s->enter_force_speed_set = strcmp(prop_str(node, P_enter_force_speed, "0.0"), "0.0") != 0;
        s->sprite_animation = (uint16_t)prop_sym(node, P_sprite_animation, 0);
        const char *pscene = prop_str(node, P_projectile_scene, NULL);
        s->projectile_scene = (int16_t)(pscene && *pscene ? object_table_index(pscene) : -1);
        if (pscene && *pscene && s->projectile_scene < 0) s->projectile_scene = -2; /* unknown scene */
        build_hostcmds(node_prop(node, P_host_commands), node, s);
        build_throw_positions(t, node_prop(node, P_throw_positions), s);
        s->velocity_forward_meter_gain_multiplier = prop_fx(node, P_velocity_forward_meter_gain_multiplier, "1.0");
        s->whiff_meter_gain_multiplier = prop_fx(node, P_whiff_meter_gain_multiplier, "1.0");
        /* the instance: exports, then the class's __init__ */
        build_state_exports(node, st);
        st->st = s;
        st->projectile_scene = s->projectile_scene;
        st->is_hurt_state = (s->vt->traits & T_HURT) ? 1 : 0;
        int vsize = (s->vt->vars_size + 7) & ~7;
        if (arena_used + vsize > arena_size) {
            snprintf(rt->why, sizeof rt->why, "%s: state variables exceed %d bytes", t->name, arena_size);
            return -1;
        }
        st->vars_off = (uint16_t)arena_used;
        arena_used += vsize;
        memset(arena + st->vars_off, 0, (size_t)vsize);
        /* children: hitboxes, hurtbox windows, limbs (in scene order) */
        s->hb_first = (int16_t)n_hb;
        s->hs_first = (int16_t)n_hs;
        s->lb_first = (int16_t)n_lb;
        for (int c = 0; c < node->n_children; c++) {
            const ynode *ch = &node->children[c];
            if (ch->kind == YN_Hitbox || ch->kind == YN_ThrowBox || ch->kind == YN_SweptHitbox) {
                if (n_hb >= max_hb) {
                    snprintf(rt->why, sizeof rt->why, "%s: more than %d hitboxes", t->name, max_hb);
                    return -1;
                }
                build_hitbox(ch, &hitboxes[n_hb], i, n_hb);
                n_hb++;
            } else if (ch->kind == YN_HurtboxState || ch->kind == YN_LimbHurtbox) {
                int32_t x = (int32_t)prop_int(ch, P_x, 0), y = (int32_t)prop_int(ch, P_y, 0);
                int32_t w = (int32_t)prop_int(ch, P_width, 20), h = (int32_t)prop_int(ch, P_height, 20);
                if (ch->kind == YN_HurtboxState) {
                    if (n_hs >= max_hs) {
                        snprintf(rt->why, sizeof rt->why, "%s: more than %d hurtbox windows", t->name, max_hs);
                        return -1;
                    }
                    yhurtstate *hs = &hurts[n_hs++];
                    memset(hs, 0, sizeof *hs);
                    fill_box(&hs->b, x, y, w, h);
                    hs->start_tick = (int32_t)prop_int(ch, P_start_tick, 1);
                    hs->key_tick = hs->start_tick;
                    hs->active_ticks = (int32_t)prop_int(ch, P_active_ticks, 1);
                    hs->endless = prop_bool(ch, P_endless, 0);
                    hs->name = ch->name;
                } else {
                    if (n_lb >= max_lb) {
                        snprintf(rt->why, sizeof rt->why, "%s: more than %d limb hurtboxes", t->name, max_lb);
                        return -1;
                    }
                    ylimb *lb = &limbs[n_lb++];
                    memset(lb, 0, sizeof *lb);
                    fill_box(&lb->b, x, y, w, h);
                    lb->start_tick = (int32_t)prop_int(ch, P_start_tick, 0);
                    lb->active_ticks = (int32_t)prop_int(ch, P_active_ticks, 0);
                    lb->endless = prop_bool(ch, P_endless, 0);
                    lb->name = ch->name;
                }
            }
        }
        s->hb_count = (int16_t)(n_hb - s->hb_first);
        s->hs_count = (int16_t)(n_hs - s->hs_first);
        s->lb_count = (int16_t)(n_lb - s->lb_first);
        host->n_states = (int16_t)(i + 1);
        host->n_hitboxes = (int16_t)n_hb;
        host->n_hurtstates = (int16_t)n_hs;
        host->n_limbs = (int16_t)n_lb;
        /* class __init__ chain, root first */
        const state_vt *chain[16];
        int depth = 0;
        for (const state_vt *v = s->vt; v && depth < 16; v = v->parent) chain[depth++] = v;
        for (int k = depth - 1; k >= 0; k--)
            if (chain[k]->construct) chain[k]->construct(NULL, host, st);
    }
    return 0;
}

/* CharacterState.init / ObjectState.init for every state (StateMachine.init, before the first change) */
static void init_states(int is_fighter, int table, yobj *host) {
    table_rt *rt = rt_of(is_fighter, table);
    ystate *states = obj_states(host);
    yhitbox *hitboxes = obj_hitboxes(host);
    const ytable *t = is_fighter ? &yomi_fighter_tables[table] : &yomi_object_tables[table];
    for (int i = 0; i < rt->n_states; i++) {
        ystate *st = &states[i];
        ystate_static *s = &rt->statics[i];
        const ynode *node = s->node;
        if (s->vt->traits & T_CHARACTER_STATE) {
            /* CharState.gd: init */
            if (st->iasa_at < 0) st->iasa_at = st->anim_length + st->iasa_at;
            if (st->starting_iasa_at == -1) st->starting_iasa_at = st->iasa_at;
            uint16_t buf[64];
            int n;
            if (st->selectable) {
                n = split_lines(prop_str(node, P_interrupt_from_string, ""), buf, 64);
                s->interrupt_from = sym_list(buf, n);
                s->n_interrupt_from = (uint8_t)n;
            }
            n = split_lines(prop_str(node, P_interrupt_into_string, ""), buf, 64);
            s->interrupt_into = sym_list(buf, n);
            s->n_interrupt_into = (uint8_t)n;
            n = split_lines(prop_str(node, P_hit_cancel_into_string, ""), buf, 56);
            if (st->burst_cancellable) buf[n++] = SYM_OffensiveBurst;
            if (st->instant_cancellable) buf[n++] = SYM_InstantCancel;
            buf[n++] = SYM_GroundedDefense;
            buf[n++] = SYM_AerialDefense;
            buf[n++] = SYM_GroundedGrab;
            buf[n++] = SYM_AerialGrab;
            buf[n++] = SYM_Wait;
            buf[n++] = SYM_Fall;
            s->hit_cancel_into = sym_list(buf, n);
            s->n_hit_cancel_into = (uint8_t)n;
            n = split_lines(prop_str(node, P_hit_cancel_exceptions_string, ""), buf, 64);
            s->hit_cancel_exceptions = sym_list(buf, n);
            s->n_hit_cancel_exceptions = (uint8_t)n;
            n = split_lines(prop_str(node, P_allowed_stances_string, "Normal"), buf, 64);
            s->allowed_stances = sym_list(buf, n);
            s->n_allowed_stances = (uint8_t)n;
            n = split_lines(prop_str(node, P_interrupt_exceptions_string, ""), buf, YOMI_MAX_EXCEPTIONS);
            memcpy(st->interrupt_exceptions, buf, (size_t)n * sizeof(uint16_t));
            st->n_interrupt_exceptions = (uint8_t)n;
            st->start_interruptible_on_opponent_turn = st->interruptible_on_opponent_turn;
            n = 0;
            if (st->busy_interrupt_type == BUSY_NORMAL) buf[n++] = SYM_BusyNormal;
            else if (st->busy_interrupt_type == BUSY_HURT && st->burstable) buf[n++] = SYM_BusyHurt;
            s->busy_interrupt_into = sym_list(buf, n);
            s->n_busy_interrupt_into = (uint8_t)n;
        }
        /* ObjectState.gd: init */
        st->anim_name = s->sprite_animation ? s->sprite_animation : s->name;
        if (st->sprite_anim_length < 0) {
            int a = rt->anim_of_sym[st->anim_name];
            st->sprite_anim_length = a >= 0 ? t->anims[a].n_frames : st->anim_length;
        }
        /* setup_hitboxes */
        int earliest = 999999999;
        for (int k = s->hb_first; k < s->hb_first + s->hb_count; k++) {
            yhitbox *h = &hitboxes[k];
            if (h->kind == HK_THROWBOX) st->is_grab = 1;
            if (h->guard_break) st->is_guard_break = 1;
        }
        for (int k = s->hb_first; k < s->hb_first + s->hb_count; k++) {
            yhitbox *h = &hitboxes[k];
            bool detect = h->hitbox_type == HB_DETECT;
            if (!detect) st->has_hitboxes = 1;
            rt->hb_act_tick[k] = (int16_t)(h->start_tick > 0 ? h->start_tick : 0);
            if (h->start_tick > 0 && !detect && h->start_tick < earliest) earliest = h->start_tick;
        }
        if (st->earliest_hitbox <= 0 && earliest != 999999999) st->earliest_hitbox = earliest;
        state_setup_hurtboxes(host, st);
        /* the class's init() chain, root first */
        const state_vt *chain[16];
        int depth = 0;
        for (const state_vt *v = s->vt; v && depth < 16; v = v->parent) chain[depth++] = v;
        for (int k = depth - 1; k >= 0; k--)
            if (chain[k]->init) chain[k]->init(NULL, host, st);
    }
}

/* the order get_active_hitboxes walks a state's hitboxes: by activation tick (first appearance), then the rest */
static void build_hitbox_order(int is_fighter, int table) {
    table_rt *rt = rt_of(is_fighter, table);
    for (int i = 0; i < rt->n_states; i++) {
        ystate_static *s = &rt->statics[i];
        int16_t *order = xcalloc((size_t)s->hb_count + 1, sizeof(int16_t));
        int16_t ticks[YOMI_MAX_FHITBOXES];
        int n_ticks = 0, n = 0;
        for (int k = s->hb_first; k < s->hb_first + s->hb_count; k++) {
            int tk = rt->hb_act_tick[k];
            if (tk <= 0) continue;
            int seen = 0;
            for (int j = 0; j < n_ticks; j++)
                if (ticks[j] == tk) seen = 1;
            if (!seen) ticks[n_ticks++] = (int16_t)tk;
        }
        for (int j = 0; j < n_ticks; j++)
            for (int k = s->hb_first; k < s->hb_first + s->hb_count; k++)
                if (rt->hb_act_tick[k] == ticks[j]) order[n++] = (int16_t)k;
        s->n_hb_by_start = (int16_t)n;
        for (int k = s->hb_first; k < s->hb_first + s->hb_count; k++)
            if (rt->hb_act_tick[k] <= 0) order[n++] = (int16_t)k;
        s->hb_order = order;
    }
}

int table_hitbox_act_tick(int is_fighter, int table, int index) { return rt_of(is_fighter, table)->hb_act_tick[index]; }

const ythrowpos *table_root_throw_positions(int is_fighter, int table, int *n) {
    table_rt *rt = rt_of(is_fighter, table);
    *n = rt->root.n_throw_positions;
    return rt->root.throw_positions;
}

/* BaseObj.__init__ */
static void build_obj_base(yobj *o, const ytable *t, bool is_fighter, int table) {
    o->is_fighter = is_fighter;
    o->table = (int16_t)table;
    o->id = (int32_t)yval_int(table_root_prop(t, P_id), 1);
    o->dummy = yval_bool(table_root_prop(t, P_dummy), 0);
    o->gravity = yval_fx(table_root_prop(t, P_gravity), "0.8");
    o->ground_friction = yval_fx(table_root_prop(t, P_ground_friction), "2.5");
    o->air_friction = yval_fx(table_root_prop(t, P_air_friction), "0.2");
    o->max_ground_speed = yval_fx(table_root_prop(t, P_max_ground_speed), "15");
    o->max_air_speed = yval_fx(table_root_prop(t, P_max_air_speed), "10");
    o->max_fall_speed = yval_fx(table_root_prop(t, P_max_fall_speed), "15");
    o->damages_own_team = yval_bool(table_root_prop(t, P_damages_own_team), 0);
    o->has_projectile_parry_window = yval_bool(table_root_prop(t, P_has_projectile_parry_window), 1);
    o->always_parriable = yval_bool(table_root_prop(t, P_always_parriable), 0);
    fill_box(&o->collision_box, t->boxes[0].x, t->boxes[0].y, t->boxes[0].width, t->boxes[0].height);
    fill_box(&o->hurtbox, t->boxes[1].x, t->boxes[1].y, t->boxes[1].width, t->boxes[1].height);
    o->sprite.anim = is_fighter ? SYM_Wait : t->initial_anim;
    o->sprite.anim_index = (int16_t)-1;
    for (int i = 0; i < t->n_anims; i++)
        if (t->anims[i].name == o->sprite.anim) o->sprite.anim_index = (int16_t)i;
    o->sprite.frame = t->initial_frame;
    fg_init(&o->chara);
    o->gravity_enabled = true;
    o->can_update_sprite = true;
    o->state_interruptable = true;
    o->sm.state = -1;
    o->sm.prev = -1;
    o->sm.queued = -1;
    ydata_none(&o->sm.queued_data);
    ydata_none(&o->spawn_data);
    ydata_none(&o->data_cur);
    ydata_none(&o->data_prev);
    gd_rng_init(&o->logic_rng);
    gd_rng_init(&o->logic_rng_static);
}

/* Fighter.__init__ */
static void build_fighter_base(yfighter *f, const ytable *t) {
    f->MAX_HEALTH = 1500;
    static const uint16_t HOLD[] = {SYM_Wait, SYM_Fall, SYM_DashForward, SYM_ParryHigh, SYM_BlockHigh, SYM_ParryLow,
                                    SYM_ParryAir};
    memcpy(f->hold_restarts, HOLD, sizeof HOLD);
    f->n_hold_restarts = 7;
    f->hold_force[0][0] = SYM_ParrySuper;
    f->hold_force[0][1] = SYM_ParryHigh;
    f->hold_force[1][0] = SYM_DashBackward;
    f->hold_force[1][1] = SYM_Wait;
    f->n_hold_force = 2;
    f->num_air_movements = (int32_t)yval_int(table_root_prop(t, P_num_air_movements), 2);
    f->lose_one_air_option_in_neutral = yval_bool(table_root_prop(t, P_lose_one_air_option_in_neutral), 1);
    f->use_air_option_bar = yval_bool(table_root_prop(t, P_use_air_option_bar), 0);
    f->air_option_bar_max = (int32_t)yval_int(table_root_prop(t, P_air_option_bar_max), 100);
    f->air_option_bar = (int32_t)yval_int(table_root_prop(t, P_air_option_bar), 0);
    f->damage_taken_modifier = yval_fx(table_root_prop(t, P_damage_taken_modifier), "1.0");
    f->knockback_taken_modifier = yval_fx(table_root_prop(t, P_knockback_taken_modifier), "1.0");
    f->di_modifier = yval_fx(table_root_prop(t, P_di_modifier), "1.0");
    f->num_feints = (int32_t)yval_int(table_root_prop(t, P_num_feints), 2);
    f->global_damage_modifier = FX_ONE;
    f->global_hitstun_modifier = FX_ONE;
    f->global_hitstop_modifier = FX_ONE;
    f->min_di_scaling = FX_ONE;
    f->max_di_scaling = FXI(6);
    f->di_combo_limit = 15;
    f->di_enabled = true;
    f->burst_enabled = true;
    f->queued_action = ACT_NONE;
    ydata_none(&f->queued_data);
    f->colliding_with_opponent = true;
    f->any_available_actions = true;
    f->parry_chip_divisor = 3;
    f->parry_chip_projectile_divisor = 4;
    f->parry_knockback_divisor = FXI(3);
    f->nudge_amount = FX_ONE;
    f->feints = 2;
    f->grounded_last_frame = true;
    f->di_is_str = true;
    f->stance = SYM_Normal;
    f->throw_pos_x = 16;
    f->throw_pos_y = -5;
}

static void build_fighter_template(int table) {
    table_rt *rt = &FT[table];
    const ytable *t = &yomi_fighter_tables[table];
    const yomi_char_registry *reg = yomi_char_registries[table];
    rt->built = true;
    if (!reg) {
        snprintf(rt->why, sizeof rt->why, "the character %s is not written in C", t->name);
        return;
    }
    /* the character's hooks, with the base ones where it has none */
    yomi_char *c = &CHARS[table];
    *c = *reg->fighter;
    c->scripts = reg->scripts;
    c->objects = reg->objects;
    c->object_scripts = reg->object_scripts;
    const yomi_char *chr = c;
#define FILL(hook) if (!c->hook) c->hook = base_fighter_hooks.hook
    FILL(construct); FILL(init); FILL(tick); FILL(process_extra); FILL(process_action); FILL(process_continue);
    FILL(turn_end_effects); FILL(turn_start_effects); FILL(apply_grav); FILL(apply_grav_custom); FILL(apply_fric);
    FILL(apply_forces); FILL(on_got_hit); FILL(on_got_hit_by_fighter); FILL(on_got_hit_by_projectile);
    FILL(on_launched); FILL(on_grabbed); FILL(on_roll_started); FILL(on_parried); FILL(on_got_parried);
    FILL(on_got_blocked); FILL(on_got_push_blocked); FILL(on_blocked_melee_attack); FILL(on_attack_blocked);
    FILL(on_blocked_something); FILL(on_hit_something); FILL(on_state_started); FILL(on_state_ended);
    FILL(on_state_exited); FILL(on_state_interruptable); FILL(on_state_initiative_start); FILL(incr_combo);
    FILL(reset_combo); FILL(gain_super_meter); FILL(launched_by); FILL(passive_sadness_gain); FILL(has_armor);
    FILL(has_autoblock_armor); FILL(can_perfect_parry); FILL(can_block_cancel); FILL(can_guard_break);
    FILL(use_burst); FILL(should_free_cancel_allow_grounded_and_aerial_states); FILL(host_command);
    FILL(usable_requirement); FILL(refs_object); FILL(on_signal);
#undef FILL
    if (chr->vars_size > YOMI_CHAR_VARS) {
        snprintf(rt->why, sizeof rt->why, "%s: character variables exceed %d bytes", t->name, YOMI_CHAR_VARS);
        return;
    }
    yfighter *f = xcalloc(1, sizeof(yfighter));
    build_obj_base(&f->o, t, true, table);
    build_fighter_base(f, t);
    f->chr = c;
    const yscript_entry *regs[1] = {chr->scripts};
    if (build_states(1, table, t, &f->o, f->states, f->hitboxes, YOMI_MAX_FHITBOXES, f->hurtstates,
                     YOMI_MAX_FHURTSTATES, f->limbs, YOMI_MAX_FLIMBS, f->arena, YOMI_MAX_FARENA, regs, 1) < 0)
        return;
    c->construct(NULL, f);
    init_states(1, table, &f->o);
    build_hitbox_order(1, table);
    /* sort ranks: sorted(names | {"Continue"}) */
    for (int i = 0; i < rt->n_states; i++) {
        int rank = 0;
        const char *a = sym_text(rt->statics[i].name);
        for (int j = 0; j < rt->n_states; j++)
            if (strcmp(sym_text(rt->statics[j].name), a) < 0) rank++;
        if (strcmp("Continue", a) < 0) rank++;
        rt->statics[i].sort_rank = (int16_t)rank;
        rt->statics[i].after_continue = strcmp(a, "Continue") > 0;
    }
    /* action_cancels (Fighter.init) and the menu (fighter/actions.py: menu_states) */
    rt->cancels = xcalloc(SYM_COUNT, sizeof(int16_t *));
    int16_t counts[SYM_COUNT];
    memset(counts, 0, sizeof counts);
    for (int i = 0; i < rt->n_states; i++) {
        ystate_static *s = &rt->statics[i];
        if (!(s->vt->traits & T_CHARACTER_STATE)) continue;
        for (int k = 0; k < s->n_interrupt_from; k++) counts[s->interrupt_from[k]]++;
    }
    for (int cat = 0; cat < SYM_COUNT; cat++) {
        if (!counts[cat]) continue;
        int16_t *list = xcalloc((size_t)counts[cat] + 1, sizeof(int16_t));
        int n = 0;
        for (int i = 0; i < rt->n_states; i++) {
            ystate_static *s = &rt->statics[i];
            if (!(s->vt->traits & T_CHARACTER_STATE)) continue;
            for (int k = 0; k < s->n_interrupt_from; k++)
                if (s->interrupt_from[k] == cat) {
                    int dup = 0;
                    for (int j = 0; j < n; j++)
                        if (list[j] == i) dup = 1;
                    if (!dup) list[n++] = (int16_t)i;
                }
        }
        list[n] = -1;
        rt->cancels[cat] = list;
    }
    /* the menu in sort_rank order (ranks are unique: names are), so that actions_legal lists it
     * in order without sorting */
    for (int i = 0; i < rt->n_states; i++) {
        ystate_static *s = &rt->statics[i];
        bool in_cancels = (s->vt->traits & T_CHARACTER_STATE) && s->n_interrupt_from > 0;
        s->menu = in_cancels && f->states[i].show_in_menu;
        if (!s->menu) continue;
        int j = rt->n_menu++;
        while (j > 0 && rt->statics[rt->menu[j - 1]].sort_rank > s->sort_rank) {
            rt->menu[j] = rt->menu[j - 1];
            j--;
        }
        rt->menu[j] = (int16_t)i;
    }
    /* each category's action_cancels list as a set of menu positions (states off the menu are
     * never offered, so they are left out) */
    rt->menu_reach = xcalloc(SYM_COUNT, sizeof(ymenu_set));
    for (int cat = 0; cat < SYM_COUNT; cat++)
        for (const int16_t *list = rt->cancels[cat]; list && *list >= 0; list++)
            for (int k = 0; k < rt->n_menu; k++)
                if (rt->menu[k] == *list) rt->menu_reach[cat].w[k >> 6] |= (uint64_t)1 << (k & 63);
    build_throw_positions(t, table_root_prop(t, P_throw_positions), &rt->root);
    FTEMPLATE[table] = f;
    rt->available = true;
}

static const yobj_class *lookup_object_class(const char *script) {
    const yobj_class *found = NULL;
    if (script && strcmp(script, "projectile/BaseProjectile.gd") == 0) found = &base_projectile_class;
    /* the characters' registries, merged in package order (later ones win, like dict.update) */
    for (int o = 0; o < YOMI_N_FIGHTER_TABLES; o++) {
        int i = yomi_char_order[o];
        if (!yomi_char_registries[i]) continue;
        const struct yobj_entry *e = yomi_char_registries[i]->objects;
        for (; e && e->script; e++)
            if (script && strcmp(e->script, script) == 0) found = e->cls;
    }
    return found;
}

static void build_object_template(int table) {
    table_rt *rt = &OT[table];
    const ytable *t = &yomi_object_tables[table];
    rt->built = true;
    const yobj_class *cls = lookup_object_class(t->root_script);
    if (!cls) {
        snprintf(rt->why, sizeof rt->why, "the object scene %s (script %s) is not ported yet", t->scene,
                 t->root_script);
        return;
    }
    const yobj_vt *vt = obj_vt_of(cls);
    if (!vt || !vt->disable || !vt->on_hit_ceiling || !vt->hit_by || !vt->can_hit_cancel) {
        snprintf(rt->why, sizeof rt->why, "the object class %s %s", cls->name,
                 vt ? "does not extend BaseProjectile" : "is past the limit of object classes");
        return;
    }
    OCLASS[table] = cls;
    OVT[table] = vt;
    yproj *p = xcalloc(1, sizeof(yproj));
    build_obj_base(&p->o, t, false, table);
    p->vt = vt;
    /* BaseProjectile.__init__ */
#define RB(f, d) p->f = yval_bool(table_root_prop(t, P_##f), d)
    RB(immunity_susceptible, 1); RB(deletes_other_projectiles, 1); RB(fizzle_on_ceiling, 0); RB(movable, 1);
    RB(can_be_hit_by_melee, 0); RB(hit_by_self_projectiles, 0); RB(hit_cancel_on_hit, 0); RB(free_cancel_on_hit, 0);
    RB(apply_hitlag_when_hit_by_melee, 1); RB(projectile_immune, 0);
#undef RB
    p->hitlag_modifier = yval_fx(table_root_prop(t, P_hitlag_modifier), "1.0");
    /* the object state scripts of every character, then the generic ones */
    const yscript_entry *regs[YOMI_N_FIGHTER_TABLES + 1];
    int n_regs = 0;
    for (int o = YOMI_N_FIGHTER_TABLES - 1; o >= 0; o--) { /* later updates win: search them first */
        int i = yomi_char_order[o];
        if (yomi_char_registries[i] && yomi_char_registries[i]->object_scripts)
            regs[n_regs++] = yomi_char_registries[i]->object_scripts;
    }
    regs[n_regs++] = base_object_state_scripts;
    if (build_states(0, table, t, &p->o, p->states, p->hitboxes, YOMI_MAX_OHITBOXES, p->hurtstates,
                     YOMI_MAX_OHURTSTATES, p->limbs, YOMI_MAX_OLIMBS, p->arena, YOMI_MAX_OARENA, regs, n_regs) < 0)
        return;
    const yobj_class *chain[8];
    int depth = 0;
    for (const yobj_class *k = cls; k && depth < 8; k = k->parent) chain[depth++] = k;
    for (int k = depth - 1; k >= 0; k--)
        if (chain[k]->construct) chain[k]->construct(NULL, p);
    init_states(0, table, &p->o);
    build_hitbox_order(0, table);
    OTEMPLATE[table] = p;
    rt->available = true;
}

int yomi_engine_init(char *err, size_t errlen) {
    static int done = 0;
    if (done) return 0;
    done = 1;
    for (int i = 0; i < YOMI_N_FIGHTER_TABLES; i++) build_fighter_template(i);
    for (int i = 0; i < YOMI_N_OBJECT_TABLES; i++) build_object_template(i);
    (void)err;
    (void)errlen;
    return 0;
}

const char *table_unavailable_reason(int is_fighter, int table) {
    table_rt *rt = rt_of(is_fighter, table);
    return rt->available ? NULL : rt->why;
}

/* ------------------------------------------------------------------ snapshots (snapshot.c) */
int table_n_states(int is_fighter, int table) {
    int max = is_fighter ? YOMI_N_FIGHTER_TABLES : YOMI_N_OBJECT_TABLES;
    if (table < 0 || table >= max) return 0;
    bool ok = is_fighter ? FTEMPLATE[table] != NULL : OTEMPLATE[table] != NULL;
    return ok ? rt_of(is_fighter, table)->n_states : 0; /* a table that failed to build may hold a partial list */
}

const ystate *table_template_states(int is_fighter, int table) {
    if (table_n_states(is_fighter, table) <= 0) return NULL;
    return is_fighter ? FTEMPLATE[table]->states : OTEMPLATE[table]->states;
}

const yfighter *table_fighter_template(int table) {
    return table >= 0 && table < YOMI_N_FIGHTER_TABLES ? FTEMPLATE[table] : NULL;
}

const yproj *table_object_template(int table) {
    return table >= 0 && table < YOMI_N_OBJECT_TABLES ? OTEMPLATE[table] : NULL;
}

void fighter_from_template(ymatch *m, yfighter *f, int table) {
    (void)m;
    memcpy(f, FTEMPLATE[table], sizeof *f);
}

int object_from_template(ymatch *m, yproj *p, int table) {
    if (table < 0 || table >= YOMI_N_OBJECT_TABLES || !OTEMPLATE[table]) {
        yerr(m, YE_NOT_PORTED, "%s", table >= 0 && table < YOMI_N_OBJECT_TABLES ? OT[table].why : "unknown object scene");
        return -1;
    }
    memcpy(p, OTEMPLATE[table], sizeof *p);
    return 0;
}

