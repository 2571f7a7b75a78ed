/* The C engine: one match in one contiguous struct, mirroring the Python engine.
 *
 * Types and prototypes of every module. Each .c file mirrors one Python module and
 * names it in its first comment (match.c <- yomi/match.py, combat.c <-
 * fighter/combat.py, base_hurt.c <- states/base/hurt.py, ...).
 *
 * Memory: a match (ymatch) holds what it needs in fixed-size arrays: the two fighters
 * with all their states, hitboxes and hurtbox windows, the first YOMI_INLINE_OBJECTS
 * objects, the queued actions; more objects (the game has no limit) and the hit lists
 * past a hitbox's inline room, the parried names past a fighter's, the signal connections
 * past an object's and the object names past a character's list's live in its pool
 * (yobj_pool), on the heap, owned by the match. No pointer inside a match points into the match (references are indices and
 * object numbers; the other pointers are to immutable static tables), so a batch of
 * matches is an array of ymatch, and cloning a match is a memcpy plus a deep copy of its
 * pool (match_copy; match_free releases it). Nothing allocates while ticking but a
 * growing pool.
 *
 * Fixed point: a value the Python engine keeps as a FixedMath *string* is kept here
 * as its raw I48F16 value, always "canonical" (what parse(text) gives): every
 * operation of the string facade re-quantises its result (fxs_* in fxs.h) exactly
 * as the trip through text does in Python. Where the text itself matters it is
 * formatted on the spot (the RNG hashes velocity strings).
 *
 * Errors: a failure the Python engine would raise (a missing state, a division by
 * zero in FixedMath, a limit of this struct exceeded...) sets m->err and the match
 * refuses to go on; the binding raises it. It never corrupts memory.
 */
#ifndef YOMI_ENGINE_H
#define YOMI_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "body.h"
#include "fixed.h"
#include "fxs.h"
#include "rng.h"
#include "tables.h"

/* ------------------------------------------------------------------ limits */
/* Sized from the tables (largest fighter: Cowboy, 127 states; Ninja, 102 hitboxes);
 * scene.c checks every table against them when the engine starts. */
#define YOMI_MAX_FSTATES 128     /* states of a fighter */
#define YOMI_MAX_FHITBOXES 112   /* hitboxes of a fighter */
#define YOMI_MAX_FHURTSTATES 32  /* HurtboxState windows of a fighter */
#define YOMI_MAX_FLIMBS 32       /* LimbHurtboxes of a fighter */
#define YOMI_MAX_FARENA 6144     /* bytes of class variables of a fighter's states */
#define YOMI_MAX_OSTATES 4       /* states of an object */
#define YOMI_MAX_OHITBOXES 10    /* hitboxes of an object */
#define YOMI_MAX_OHURTSTATES 4
#define YOMI_MAX_OLIMBS 4
#define YOMI_MAX_OARENA 512
#define YOMI_INLINE_OBJECTS 32   /* object slots inside the match struct; more live in its pool (any number) */
#define YOMI_POOL_CHUNK 32       /* object slots per chunk of the pool */
/* run-time signal connections an object keeps inline (connect_signal); any more go on in the match's
 * pool (yconn_spill): the game has no limit. Connections are made by a Cowboy bullet (one, on the
 * bullet) and by the Mutant's Poison (two on the opponent per live poison), so one poison's fit. */
#define YOMI_INLINE_CONNECTIONS 2
#define YOMI_CHAR_VARS 768       /* a character's own fighter variables */
#define YOMI_OBJ_VARS 256        /* an object class's own variables */
#define YOMI_MAX_HIT_OBJECTS 16  /* live objects a hitbox remembers having hit inline (Robot's landing
                                    shockwave runs through a field of a dozen Ninja caltrops); entries of
                                    disabled objects make room (they are never hit again), and any more
                                    go to the match's spill list (yhit_spill): the game has no limit */
#define YOMI_MAX_PARRIED 48      /* parried hitbox names a fighter keeps inline (a parried throw's stays);
                                    names of objects gone make room (numbers are never reused, so they
                                    never match again), and any more go on in the match's pool
                                    (fighter_parried_*): the game has no limit */
#define YOMI_REF_LIST_INLINE 16  /* object names a character's list of them keeps inline (yref_list) */
#define YOMI_REF_LISTS 2         /* lists of object names a character keeps, at most */
#define YOMI_MAX_EXCEPTIONS 12   /* interrupt_exceptions of a state */
#define YOMI_MAX_IFRAMES 6       /* interrupt_frames of a state */
#define YOMI_DATA_MAX 8          /* leaves of a move's data */
#define YOMI_EXTRA_MAX 16        /* keys of an extra (4 common + the character's) */
#define YOMI_MAX_HOLD 12         /* hold_restarts / hold_force: filled at init from the tables and the
                                    character's init, never during play (data-derived) */
/* Objects spawned in one match: object numbers are int32 (3 + n_spawned), as every reference to one
 * is. A match that would spawn more (two billion objects: at one a tick, a game_length of that many
 * ticks) stops with YE_LIMIT rather than wrap around. */
#define YOMI_MAX_SPAWNED (INT32_MAX - 3)

/* ------------------------------------------------------------------ errors */
enum {
    YE_OK = 0,
    YE_FIXED,      /* FixedMath failed (division by zero, ...): FixedError */
    YE_STATE,      /* no state of that name */
    YE_LIMIT,      /* a limit of the struct was exceeded */
    YE_NOT_PORTED, /* a script/object/method the C engine does not have */
    YE_INTERNAL,   /* anything else the Python engine would raise on */
    YE_INDEX,      /* a sequence index out of range (move data outside the game's range): IndexError */
    YE_KEY,        /* a dict without the key Python reads: KeyError */
    YE_TYPE,       /* Python would subscript or use a value of the wrong type (None, an int): TypeError */
};

/* A flag of a class's or character's variables (the bytes of a state's arena, an object's or a
 * character's vars): every byte value is a defined truth value (nonzero), so a snapshot's variables
 * need no check. A C bool holding a byte other than 0 or 1 would be undefined behaviour where read. */
typedef uint8_t yflag;

/* ------------------------------------------------------------------ forward types */
typedef struct ymatch ymatch;
typedef struct yobj yobj;
typedef struct yfighter yfighter;
typedef struct yproj yproj;
typedef struct yobj_pool yobj_pool;
typedef struct ystate ystate;
typedef struct ystate_static ystate_static;
typedef struct state_vt state_vt;
typedef struct state_class state_class;
typedef struct yomi_char yomi_char;
typedef struct yobj_class yobj_class;

/* ------------------------------------------------------------------ move data
 * A move's data, a state's data, an object's spawn data: Python values of a few
 * shapes. A dict is kept as its leaves (key path of one or two symbols). */
enum { YD_NONE, YD_INT, YD_BOOL, YD_STR, YD_DICT, YD_STATE, YD_HITBOX, YD_NULL, YD_FX };
typedef struct {
    uint16_t k1, k2; /* symbols; k2 = SYM_NONE for a top-level leaf */
    uint8_t kind;    /* YD_INT, YD_BOOL, YD_STR (v = symbol), YD_NULL, YD_FX (a fixed-point string: v = its raw) */
    int32_t v;
} ydata_leaf;
typedef struct {
    uint8_t kind; /* YD_NONE (Python None), YD_INT, YD_BOOL, YD_STR, YD_DICT, YD_STATE (a state object
                     passed as data by queue_state_change without data), YD_HITBOX ({"hitbox": ...}) */
    uint8_t n;
    int32_t i; /* INT/BOOL value; STR symbol; STATE: the state's symbol */
    ydata_leaf e[YOMI_DATA_MAX];
} ydata;

/* ------------------------------------------------------------------ the extra (the panel's extra dict) */
enum { YX_DI = 0, YX_REVERSE, YX_FEINT, YX_PREDICTION, YX_CHAR0 };
enum { YXS_BOOL, YXS_INT, YXS_DIR };
typedef struct {
    uint32_t present; /* bit k: key k given */
    uint32_t nulls;   /* bit k: given as null */
    uint32_t bools;   /* bit k: bool value */
    int32_t x[YOMI_EXTRA_MAX], y[YOMI_EXTRA_MAX];
} yextra;
typedef struct {
    const char *name;
    uint8_t shape; /* YXS_ */
} yextra_key;
static inline bool yx_has(const yextra *e, int k) { return (e->present >> k) & 1u; }
static inline bool yx_null(const yextra *e, int k) { return (e->nulls >> k) & 1u; }
static inline bool yx_bool(const yextra *e, int k) { return (e->bools >> k) & 1u; }

/* ------------------------------------------------------------------ boxes (boxes.c <- yomi/boxes.py) */
typedef struct {
    int32_t x, y, width, height, pos_x, pos_y;
    int8_t facing; /* 1 "Right", -1 "Left" */
} ybox;

typedef struct { /* HurtboxState */
    ybox b;
    int32_t start_tick, active_ticks, current_tick;
    int32_t key_tick; /* the tick it is registered under (setup_hurtboxes) */
    bool endless, started, ended, has_prev;
    int32_t prev[4]; /* width, height, x, y of the hurtbox it replaced */
    uint16_t name;
} yhurtstate;

typedef struct { /* LimbHurtbox */
    ybox b;
    int32_t start_tick, active_ticks;
    bool endless, active;
    uint16_t name;
} ylimb;

/* ------------------------------------------------------------------ hitboxes (hitbox.c <- yomi/hitbox.py) */
enum { HB_NORMAL, HB_FLIP, HB_THROW_HIT, HB_OFFENSIVE_BURST, HB_BURST, HB_NO_HITSTUN, HB_DETECT };
enum { HH_HIGH, HH_MID, HH_LOW };
enum { HK_HITBOX, HK_THROWBOX, HK_SWEPT };

typedef struct {
    ybox b;
    uint8_t kind;     /* HK_ */
    int16_t state;    /* index of the owning state in the host */
    int16_t index;    /* index in the host's hitboxes: the name is "<host>_HB_<index>" */
    uint16_t node_name;
    int32_t to_x, to_y; /* SweptHitbox */
    int32_t damage, damage_in_combo, minimum_damage, hitstun_ticks, combo_hitstun_ticks, hitlag_ticks,
        victim_hitlag, combo_victim_hitlag, damage_proration, combo_scaling_amount, parry_meter_gain,
        guard_break_proration, plus_frames, priority, group, minimum_grounded_frames, start_tick, active_ticks,
        loop_active_ticks, loop_inactive_ticks, screenshake_amount, screenshake_frames;
    int8_t hitbox_type, hit_height;
    uint16_t grounded_hit_state, aerial_hit_state, followup_state, throw_state, misc_data; /* symbols */
    fx chip_damage_modifier, di_modifier, sdi_modifier, meter_gain_modifier, dir_x, dir_y, knockback,
        block_pushback_modifier, block_reverse_pushback_modifier, pushback_x, ground_bounce_knockback_modifier;
    unsigned activated : 1, scale_combo : 1, cancellable : 1, increment_combo : 1, hits_otg : 1, hits_vs_standing : 1,
        hits_vs_grounded : 1, hits_vs_aerial : 1, can_counter_hit : 1, ignore_armor : 1, force_grounded : 1,
        can_clash : 1, hits_vs_dizzy : 1, beats_grab : 1, hits_projectiles : 1, ignore_projectile_armor : 1,
        allowed_to_hit_own_team : 1, guard_break : 1, block_punishable : 1, parriable : 1,
        block_cancel_allowed : 1, rumble : 1, launch_reversible : 1, vacuum : 1, send_away_from_center : 1,
        block_pushback_reversible : 1, knockdown : 1, knockdown_extends_hitstun : 1, hard_knockdown : 1,
        disable_collision : 1, air_ground_bounce : 1, ground_bounce : 1, wall_slam : 1, always_on : 1,
        looping : 1, bump_on_whiff : 1;
    /* runtime */
    unsigned active : 1, enabled : 1, throw_ : 1, spawn_particle_effect : 1;
    unsigned spilled : 1; /* hit_objects overflowed into the match's spill list during this epoch */
    int32_t active_tick;
    uint32_t hit_epoch; /* counts the clears of hit_objects: spilled entries of an older epoch are void */
    uint8_t n_hit;
    int32_t hit_objects[YOMI_MAX_HIT_OBJECTS]; /* object numbers (1 = P1, 2 = P2, 3.. objects) */
} yhitbox;

/* A parried hitbox's name: its owner's number and its index ("P1_HB_3"), or YHBD_STATE_NAME and a
 * throw state's symbol (yhbd's name). */
typedef struct {
    int32_t owner, index;
} yparried;

/* HitboxData: the snapshot a victim receives (from a hitbox or a throw's release). */
#define YHBD_STATE_NAME (-2)
typedef struct {
    int32_t host;            /* object number of the attacker */
    int32_t name_owner;      /* the hitbox's name: owner number and index ("P1_HB_3"), or */
    int32_t name_index;      /* YHBD_STATE_NAME and the state's symbol (a throw state's data) */
    int32_t hit_height, hitstun_ticks, victim_hitlag, facing_int, id, damage, hitlag_ticks, pos_x, pos_y,
        combo_count, screenshake_amount, screenshake_frames, minimum_damage, damage_proration, parry_meter_gain,
        hitbox_type, damage_in_combo, plus_frames, minimum_grounded_frames, combo_scaling_amount,
        guard_break_proration;
    fx knockback, dir_y, dir_x, sdi_modifier, di_modifier, meter_gain_modifier, chip_damage_modifier,
        block_pushback_modifier, ground_bounce_knockback_modifier, block_reverse_pushback_modifier;
    uint16_t aerial_hit_state, grounded_hit_state, followup_state, misc_data;
    int8_t facing; /* 1 Right, -1 Left */
    bool disable_collision, knockdown, ground_bounce, throw_, hard_knockdown, force_grounded, wall_slam,
        reversible, is_projectile, knockdown_extends_hitstun, hits_otg, counter_hit, increment_combo,
        ignore_armor, hits_vs_dizzy, air_ground_bounce, scale_combo, vacuum, send_away_from_center,
        hits_vs_standing, hits_projectiles, cancellable, guard_break, parriable, block_punishable, looping,
        ignore_projectile_armor, block_cancel_allowed, allowed_to_hit_own_team, block_pushback_reversible;
} yhbd;

/* ------------------------------------------------------------------ states (state.c, char_state.c) */
typedef struct {
    int32_t tick;
    uint16_t method; /* symbol of the host method */
    uint8_t n_args;
    const yval *args;
} yhostcmd;

typedef struct {
    uint16_t method;
    uint8_t n_args;
    const yval *args;
    bool inverse;
} yreq;

typedef struct {
    int16_t texture; /* texture id in the host's table */
    int32_t x, y;
} ythrowpos;

/* The constants of one state of one table (built once by scene.c, shared by all matches). */
struct ystate_static {
    const ynode *node;
    const state_vt *vt; /* its class, resolved */
    uint16_t name;      /* symbol */
    int16_t index;
    /* ObjectState */
    fx custom_grav, custom_grav_max_fall_speed, custom_max_air_speed, custom_max_ground_speed;
    fx force_dir_x, force_dir_y, force_speed, enter_force_dir_x, enter_force_dir_y, enter_force_speed;
    bool force_speed_set, enter_force_speed_set; /* the scene literal is not "0.0" */
    uint16_t sprite_animation;                   /* symbol */
    int16_t projectile_scene;                    /* object table index, -1 none */
    const yhostcmd *host_commands; /* the host_commands export, by tick */
    uint8_t n_host_commands;
    const yhostcmd *cmd_nodes; /* HostCommand children */
    uint8_t n_cmd_nodes;
    const yreq *reqs;
    uint8_t n_reqs;
    const ythrowpos *throw_positions;
    uint8_t n_throw_positions;
    int16_t hb_first, hb_count; /* this state's hitboxes in the host's array */
    const int16_t *hb_order;    /* get_active_hitboxes' order: by activation tick (hitbox_start_frames), then the rest */
    int16_t n_hb_by_start;      /* the first n_hb_by_start of hb_order have an activation tick */
    int16_t hs_first, hs_count; /* hurtbox windows */
    int16_t lb_first, lb_count; /* limb hurtboxes */
    /* CharacterState: category lists (symbols) */
    const uint16_t *interrupt_from, *interrupt_into, *hit_cancel_into, *hit_cancel_exceptions,
        *busy_interrupt_into, *allowed_stances;
    uint8_t n_interrupt_from, n_interrupt_into, n_hit_cancel_into, n_hit_cancel_exceptions, n_busy_interrupt_into,
        n_allowed_stances;
    fx velocity_forward_meter_gain_multiplier, whiff_meter_gain_multiplier;
    bool menu;           /* has a button in the action menu */
    bool after_continue; /* its name sorts after "Continue" (the legal list's order) */
    int16_t sort_rank; /* rank of the name among the table's state names and "Continue" */
};

/* One state of one object in one match: the mutable part. */
struct ystate {
    /* First, up to current_tick (32 bytes): what the action menu reads of every candidate state (actions.c,
     * char_state.c: cs_is_usable), so that a menu touches one or two cache lines per candidate where the
     * match is out of the cache (an env of hundreds of matches a worker) */
    const ystate_static *st;
    int32_t type, air_type, super_level_; /* CharacterState */
    uint16_t vars_off;                    /* class variables in the host's arena */
    unsigned active : 1, same_as_last_state : 1, endless : 1, has_hitboxes : 1, is_grab : 1, is_guard_break : 1,
        apply_forces : 1, apply_fric : 1, apply_grav : 1, reset_momentum : 1, reset_x_momentum : 1,
        reset_y_momentum : 1, apply_custom_x_fric : 1, apply_custom_y_fric : 1, apply_custom_grav : 1,
        apply_forces_no_limit : 1, apply_custom_limits : 1, loop_animation : 1, absolute_loop : 1,
        refresh_loop : 1, disable_at_end : 1, projectile_local_pos : 1, projectile_match_facing : 1,
        force_same_direction_as_previous_state : 1;
    /* CharacterState */
    unsigned show_in_menu : 1, uses_air_movement : 1, ignore_air_option_use_in_combos : 1, land_cancel : 1,
        iasa_on_hit_on_block : 1, throw_techable : 1, interruptible_on_opponent_turn : 1,
        update_facing_on_exit : 1, dynamic_iasa : 1, backdash_iasa : 1, allow_framecheat : 1,
        next_state_on_hold : 1, next_state_on_hold_on_opponent_turn : 1, combo_only : 1, neutral_only : 1,
        end_feint : 1, usable_from_whiff_cancel_if_possible : 1, count_projectile_hits : 1, burst_cancellable : 1,
        burstable : 1, self_hit_cancellable : 1, self_interruptable : 1, reversible : 1, instant_cancellable : 1,
        force_feintable : 1, can_feint_if_possible : 1, selectable : 1, always_usable : 1,
        release_opponent_on_startup : 1, release_opponent_on_exit : 1, initiative_effect : 1, apply_pushback : 1,
        beats_backdash : 1, can_be_counterhit : 1, super_effect_ : 1, scale_combo_meter_ : 1,
        force_super_effect : 1;
    /* CharacterState runtime */
    unsigned initiative_effect_spawned : 1, started_in_air : 1, entered_in_air : 1, hit_yet : 1, hit_anything : 1,
        was_blocked : 1, hit_cancelled : 1, started_during_combo : 1, hit_hit_cancellable_projectile : 1,
        hit_fighter : 1, feinted_last : 1, is_brace : 1, feinting : 1, land_cancelled : 1,
        start_interruptible_on_opponent_turn : 1, initiative_startup_reduction : 1, is_hurt_state : 1;
    int32_t current_tick, current_real_tick, start_tick, exit_tick, max_tick, max_tick_shared;
    int32_t anim_length, sprite_anim_length, ticks_per_frame, animation_loop_start, earliest_hitbox;
    int32_t force_tick, projectile_tick, projectile_pos_x, projectile_pos_y, extra_parry_hitlag, flip_frame;
    uint32_t frames_seen, frames_shared_seen; /* frame_N methods called (bit: position in the class's list) */
    fx custom_x_fric, custom_y_fric; /* per match: scripts set them (CausticSpikeDefault) */
    uint16_t fallback_state, anim_name; /* symbols */
    uint16_t data_owner_pad;
    int16_t projectile_scene; /* the projectile_scene export (object table, -1 none, -2 unknown): a script may set it */
    int8_t last_facing;
    int8_t current_hurtbox; /* index among this state's hurtbox windows, -1 */
    /* CharacterState */
    int32_t landing_recovery, min_land_cancel_frame, iasa_at, iasa_on_hit, busy_interrupt_type,
        initiative_startup_reduction_amount, no_collision_start_frame, no_collision_end_frame, tick_priority,
        supers_used_, super_freeze_ticks_, starting_iasa_at;
    uint16_t land_cancel_state, hold_restart, change_stance_to; /* symbols */
    int16_t interrupt_frames[YOMI_MAX_IFRAMES];
    uint8_t n_interrupt_frames;
    uint8_t n_interrupt_exceptions;
    uint16_t interrupt_exceptions[YOMI_MAX_EXCEPTIONS];
};

/* ------------------------------------------------------------------ state classes
 * A class of state (a Python class of states/): hooks that override the base ones.
 * A NULL hook is inherited from the parent; scene.c resolves each class into a
 * state_vt with every hook filled. A hook that returns a state name returns its
 * symbol (SYM_NONE: None). */
typedef int (*st_ret_fn)(ymatch *, yobj *, ystate *);
typedef void (*st_fn)(ymatch *, yobj *, ystate *);
typedef struct {
    int16_t n;
    st_ret_fn fn;
} yframe;

#define STATE_HOOKS                                                                                    \
    st_fn init;         /* after the base init: read the class's exports into its variables */        \
    st_fn construct;    /* __init__: variables' initial values (before init) */                        \
    st_ret_fn enter_shared, enter, tick_before, tick_shared, tick, tick_after;                        \
    st_fn exit_shared, exit;                                                                           \
    void (*on_hit_something)(ymatch *, yobj *, ystate *, yobj *victim, yhitbox *hb);                   \
    st_fn got_parried, on_got_perfect_parried, on_got_blocked;                                         \
    void (*on_got_blocked_by)(ymatch *, yobj *, ystate *, yobj *who);                                 \
    void (*on_got_perfect_parried_by)(ymatch *, yobj *, ystate *, yobj *who);                         \
    void (*detect)(ymatch *, yobj *, ystate *, yobj *obj);                                             \
    void (*get_projectile_pos)(ymatch *, yobj *, ystate *, int32_t *x, int32_t *y);                   \
    void (*get_projectile_data)(ymatch *, yobj *, ystate *, ydata *out);                              \
    void (*process_projectile)(ymatch *, yobj *, ystate *, yproj *obj);                               \
    bool (*is_usable)(ymatch *, yobj *, ystate *);                                                     \
    int (*get_hold_restart)(ymatch *, yobj *, ystate *);                                               \
    bool (*can_interrupt)(ymatch *, yobj *, ystate *);                                                 \
    void (*enable_interrupt)(ymatch *, yobj *, ystate *, bool check_opponent, bool remove_hitlag);    \
    st_fn on_got_hit, opponent_turn_interrupt, on_continue, on_interrupt, on_land_cancel;              \
    fx (*get_velocity_forward_meter_gain_multiplier)(ymatch *, yobj *, ystate *);                      \
    bool (*can_land_cancel)(ymatch *, yobj *, ystate *);                                               \
    bool (*can_hit_cancel)(ymatch *, yobj *, ystate *);                                                \
    void (*parry)(ymatch *, yobj *, ystate *, bool perfect);                                           \
    bool (*can_parry_hitbox)(ymatch *, yobj *, ystate *, const yhbd *hb);                             \
    bool (*matches_hitbox_height)(ymatch *, yobj *, ystate *, const yhbd *hb, int parry_type);        \
    bool (*get_whiffed_block)(ymatch *, yobj *, ystate *);                                             \
    int (*hitstun)(ymatch *, yobj *, ystate *); /* the trace's "hitstun" (hurt states) */             \
    st_fn fizzle; /* DefaultFireball / DirProjectileDefault: self.fizzle(), which subclasses override */ \
    st_fn move; /* DefaultFireball: self.move(), which subclasses override (ShurikenDefault...) */       \
    st_fn apply_enter_force; /* ObjectState.apply_enter_force (StickyBomb: only with data) */         \
    /* CharacterState.interrupt_into, a per-instance list: the table's unless the class rewrites it  \
     * (NewShoot); its length in *n */                                                              \
    const uint16_t *(*interrupt_into)(ymatch *, yobj *, ystate *, int *n);                           \
    /* StateInterface.queue_state_change, overridable (state_queue_change calls it when set) */        \
    void (*queue_state_change)(ymatch *, yobj *, ystate *, int sym, const ydata *data);               \
    /* a run-time signal connection to this state (obj_connect_signal): method is the SYM_ */          \
    void (*on_signal)(ymatch *, yobj *, ystate *, int method, yobj *emitter);

enum { /* traits: the original's `is X` checks and IS_* constants */
    T_CHARACTER_STATE = 1 << 0, T_HURT = 1 << 1, T_NEW_PARRY = 1 << 2, T_PARRY = 1 << 3, T_THROW = 1 << 4,
    T_COUNTER_ATTACK = 1 << 5, T_GRAB = 1 << 6, T_JUMP = 1 << 7, T_FAST_SWIPE = 1 << 8,
};

struct state_class {
    const char *name; /* the Python class it mirrors, "module.Class" */
    const state_class *parent;
    uint16_t vars_size; /* bytes of variables, the parent's included */
    uint32_t traits;    /* added to the parent's */
    const yframe *frames;        /* frame_N, terminated by {-1, 0} */
    const yframe *frames_shared; /* frame_N_shared */
    /* a snapshot's variables of this class in range (the counts and indices it keeps; only its own
     * part: snapshot_check.c calls every class up the parents); NULL: any bytes are safe */
    bool (*vars_ok)(const yobj *host, const void *vars);
    STATE_HOOKS
};

#define YOMI_MAX_FRAMES 24
struct state_vt {
    const state_class *cls;
    const state_vt *parent;
    uint16_t vars_size;
    uint32_t traits;
    int16_t n_frames, n_frames_shared;
    yframe frames[YOMI_MAX_FRAMES], frames_shared[YOMI_MAX_FRAMES]; /* own and inherited, by N */
    uint64_t frame_mask, frame_shared_mask;                      /* bit N (N < 64): has a method */
    STATE_HOOKS
};

/* script path (or class_name) -> class, as the registries of states/(character)/__init__.py */
typedef struct {
    const char *script;
    const state_class *cls;
} yscript_entry;

/* ------------------------------------------------------------------ objects (obj.c <- yomi/obj.py) */
typedef struct {
    int32_t px, py; /* position rounded, as the game reads it */
    fx vx, vy;      /* velocity (canonical: the text's value) */
} ysnap;

typedef struct {
    uint16_t anim; /* symbol of the animation, SYM_NONE for none */
    int16_t anim_index; /* its index in the table, -1 if the sprite has none of that name */
    int32_t frame;
} ysprite;

typedef struct { /* StateMachine */
    int16_t state;     /* current state index, -1 before init */
    int16_t prev;      /* the state below the top of the stack, -1 if the stack has one entry */
    int16_t queued;    /* -1: nothing queued */
    uint16_t queued_sym;
    ydata queued_data;
    bool initialized;
} ymachine;

/* A run-time signal connection (BaseObj.connect_signal): Godot's connect(signal, target, method)
 * made during the match. The target is an object (by number) or one of its states. */
typedef struct {
    int32_t target;          /* object number of the target (of the state's host) */
    uint16_t signal, method; /* SYM_ */
    int16_t state;           /* -1: the object itself; else the index of the target state */
} yconnection;
/* A connection past an object's inline ones, in the match's pool: the object's number names its list
 * (numbers are never reused; a recycled object's entries leave with it). */
typedef struct {
    int32_t owner;
    yconnection c;
} yconn_spill;

struct yobj { /* BaseObj */
    bool is_fighter;
    int32_t number;   /* the obj_name: 1 "P1", 2 "P2", 3.. objects */
    int16_t table;    /* index in yomi_fighter_tables / yomi_object_tables */
    int32_t id;       /* team: 1 or 2 */
    bool dummy, damages_own_team, has_projectile_parry_window, always_parriable;
    fx gravity, ground_friction, air_friction, max_ground_speed, max_air_speed, max_fall_speed;
    ybox collision_box, hurtbox;
    int32_t default_hurtbox[4]; /* x, y, width, height */
    ysprite sprite;
    fg_body chara;
    int32_t stage_width, ceiling_height;
    bool has_ceiling;
    ysnap data;
    bool has_data;
    int32_t current_tick, game_tick, hitlag_ticks, combo_count, last_hit_frame;
    bool gravity_enabled, disabled, can_update_sprite, state_interruptable, state_hit_cancellable, invulnerable,
        grounded_attack_immune, aerial_attack_immune, projectile_invulnerable, throw_invulnerable, initialized;
    int32_t creator;         /* object number, 0 = none */
    int32_t last_object_hit; /* object number, 0 = "" */
    int16_t fighter_owner;   /* player id of get_player(id), 0 none */
    /* bit p: named in fighter p + 1's substituted_objects (the Ninja's dict of the objects it swapped
     * places with, never cleared). Only live objects are looked up in it and numbers are never reused,
     * so the mark lives on the object and the dict needs no room of its own however many there are. */
    uint8_t substituted;
    ydata spawn_data;
    gd_rng logic_rng, logic_rng_static;
    int64_t logic_rng_seed, logic_rng_static_seed;
    ymachine sm;
    ydata data_cur, data_prev; /* data of the current state / of the state below it on the stack */
    int16_t n_states, n_hitboxes, n_hurtstates, n_limbs;
    /* connect_signal, in connection order: the first YOMI_INLINE_CONNECTIONS here, the rest in the
     * match's pool; read with obj_conn_at */
    int32_t n_conns;
    yconnection conns[YOMI_INLINE_CONNECTIONS];
};

struct yproj { /* BaseProjectile */
    yobj o;
    ystate states[YOMI_MAX_OSTATES]; /* right after o in both kinds of object: obj_states needs no branch */
    const yobj_class *cls;
    bool immunity_susceptible, deletes_other_projectiles, fizzle_on_ceiling, movable, can_be_hit_by_melee,
        hit_by_self_projectiles, hit_cancel_on_hit, free_cancel_on_hit, apply_hitlag_when_hit_by_melee,
        projectile_immune, got_parried, stopped;
    fx hitlag_modifier;
    int32_t disabled_serial; /* m->tick_serial when it was disabled */
    yhitbox hitboxes[YOMI_MAX_OHITBOXES];
    yhurtstate hurtstates[YOMI_MAX_OHURTSTATES];
    ylimb limbs[YOMI_MAX_OLIMBS];
    uint8_t arena[YOMI_MAX_OARENA];
    _Alignas(8) uint8_t vars[YOMI_OBJ_VARS]; /* the object class's variables */
};

/* ------------------------------------------------------------------ fighters (fighter.c, combat.c) */
enum { ACT_NONE = -1, ACT_CONTINUE = -2 };

struct yfighter { /* Fighter */
    yobj o;
    ystate states[YOMI_MAX_FSTATES]; /* right after o, as in yproj */
    const yomi_char *chr; /* the character's hooks, resolved */
    int32_t MAX_HEALTH;
    uint16_t hold_restarts[YOMI_MAX_HOLD];
    uint8_t n_hold_restarts, n_hold_force;
    uint16_t hold_force[YOMI_MAX_HOLD][2]; /* from -> to */
    int32_t num_air_movements, air_option_bar_max, air_option_bar, num_feints;
    bool lose_one_air_option_in_neutral, use_air_option_bar;
    fx damage_taken_modifier, knockback_taken_modifier, di_modifier;
    /* match settings */
    fx global_damage_modifier, global_hitstun_modifier, global_hitstop_modifier, min_di_scaling, max_di_scaling;
    int32_t di_combo_limit;
    bool di_enabled, turbo_mode, extremely_turbo_mode, infinite_resources, one_hit_ko, burst_enabled,
        always_perfect_parry, sadness_enabled, brace_enabled;
    /* the turn's input */
    uint16_t queued_action; /* symbol of the move (SYM_Continue for hold), SYM_NONE: None */
    ydata queued_data;
    yextra queued_extra;
    bool has_queued_extra;
    bool last_input_has_action, previous_input_has_action;
    uint16_t last_input_action, previous_input_action; /* symbols */
    /* the rest of last_input ("data" set with "action"; "extra" when one was processed) and
     * buffered_input (load_last_input_into_buffer), replayed by tick_before when use_buffer is set */
    ydata last_input_data;
    yextra last_input_extra;
    bool last_input_has_extra;
    bool use_buffer, buffered_has_action, buffered_has_extra;
    uint16_t buffered_action;
    ydata buffered_data;
    yextra buffered_extra;
    /* resources and flags */
    bool hit_out_of_brace, braced_attack, brace_effect_applied_yet, dummy_interruptable, game_over, forfeit,
        will_forfeit, touching_wall, was_my_turn, colliding_with_opponent, got_parried, got_blocked,
        block_used_air_movement, blocked_last_hit, blocked_last_turn, last_turn_block, parried_last_state,
        initiative_effect, clipping_wall, busy_interrupt, any_available_actions, refresh_prediction,
        burst_cancel_combo, moved_forward, buffer_moved_forward, moved_backward, buffer_moved_backward, had_sadness,
        on_the_ground, used_air_dodge, used_buffer, has_hyper_armor, has_projectile_armor, hit_during_armor,
        projectile_hit_cancelling, melee_attack_combo_scaling_applied, counterhit_this_turn,
        guard_broken_this_turn, feinted_last, feint_parriable, grounded_last_frame, reverse_state, can_nudge,
        parried, initiative, in_blockstring, parry_combo, feinting, clashing, di_is_str;
    int32_t air_movements_left, hp, super_meter, supers_available, combo_proration, last_parry_tick, burst_meter,
        bursts_available, turn_frames, parry_chip_divisor, parry_chip_projectile_divisor, blocked_hitbox_plus_frames,
        wall_slams, penalty, penalty_buffer, penalty_ticks, blockstun_ticks, sadness_immunity_ticks, feints,
        super_meter_used_recently, super_meter_grace_ticks, grounded_hits_taken, throw_pos_x, throw_pos_y,
        combo_supers, combo_damage, visible_combo_count, hitlag_applied, forfeit_ticks, hitstun_decay_combo_count,
        lowest_tick, wakeup_throw_immunity_ticks, actions;
    int32_t last_pos[2];
    fx parry_knockback_divisor, nudge_amount;
    fx current_nudge[2], last_vel[2], last_aerial_vel[2];
    int32_t current_di[2]; /* the DI as ints; "0" strings while di_is_str */
    uint16_t stance;       /* symbol */
    uint8_t n_combo_moves;
    /* parried_hitboxes, in order: the first YOMI_MAX_PARRIED here, the rest in the match's pool; read
     * with fighter_parried_at */
    int32_t n_parried;
    yparried parried_hitboxes[YOMI_MAX_PARRIED];
    uint8_t combo_moves_used[YOMI_MAX_FSTATES];    /* combo_moves_used[state] (a dict of counts) */
    yhbd hitbox_data; /* the HitboxData the current hurt state was entered with ({"hitbox": ...}) */
    /* trace snapshot taken when a turn opens (what start_turn/submit change until the next tick) */
    bool snap_interruptable, snap_hit_cancellable, snap_busy;
    /* hitboxes[i] may be active, enabled or hold hits only where bit i is set (a superset: set by
     * hitbox_activate and hitbox_remember_object, cleared when leaving a state clears them all; a
     * snapshot's bytes hold zeros here and loading one rebuilds it from the hitboxes), so that
     * leaving a state visits those alone */
    uint64_t hb_touched[(YOMI_MAX_FHITBOXES + 63) / 64];
    /* the state machine's nodes */
    yhitbox hitboxes[YOMI_MAX_FHITBOXES];
    yhurtstate hurtstates[YOMI_MAX_FHURTSTATES];
    ylimb limbs[YOMI_MAX_FLIMBS];
    _Alignas(8) uint8_t arena[YOMI_MAX_FARENA];
    _Alignas(8) uint8_t vars[YOMI_CHAR_VARS];      /* the character's own variables */
    _Alignas(8) uint8_t snap_vars[YOMI_CHAR_VARS]; /* copy of vars at the turn's start (the trace's res) */
};

/* ------------------------------------------------------------------ the match (match.c <- yomi/match.py) */
typedef struct {
    int32_t stage_width, game_length, turn_time, char_distance, char_height, ceiling_height, turn_min_length,
        di_combo_limit;
    bool p2_dummy, di_enabled, turbo_mode, infinite_resources, one_hit_ko, burst_enabled, frame_by_frame,
        always_perfect_parry, gravity_enabled, chess_timer, extremely_turbo_mode, clashing_enabled,
        asymmetrical_clashing, prediction_enabled, has_ceiling, sadness_enabled, brace_enabled;
    fx global_damage_modifier, global_hitstun_modifier, global_hitstop_modifier, global_gravity_modifier,
        starting_meter, min_di_scaling, max_di_scaling;
} ysettings;

struct ymatch {
    uint32_t magic;
    int err;
    char errmsg[160];
    ysettings s;
    int64_t seed;
    int32_t stage_width, time, char_distance, ceiling_height;
    bool clashing_enabled, asymmetrical_clashing, has_ceiling, gravity_enabled;
    fx global_gravity_modifier;
    int32_t current_tick, game_end_tick, winner, turns;
    bool game_finished, p1_turn, p2_turn;
    bool snap_valid; /* state() shows the end-of-tick snapshot (a turn opened after the last tick) */
    /* engine interface (integration/engine.py: Match) */
    bool turn_open;
    bool submitted[2];
    int32_t n_spawned; /* objects ever spawned (objs_map has 2 + n_spawned names) */
    int32_t tick_serial; /* ticks started (an object disabled before this tick may be recycled) */
    /* The objects live in slots: the first YOMI_INLINE_OBJECTS in `objs`, the rest in `pool`. The
     * lists below keep their first YOMI_INLINE_OBJECTS entries here and the rest in the pool; read
     * them with match_order_at / match_gone_at / match_slot_used / match_slot. */
    int32_t n_objs;                     /* objects in `order` */
    int32_t order[YOMI_INLINE_OBJECTS]; /* slots of the objects in spawn order (game.objects) */
    int32_t n_gone;                     /* disabled objects nobody refers to, retired from `order` (every walk */
    int32_t gone[YOMI_INLINE_OBJECTS];  /* skips disabled objects): still found by number until recycled */
    bool slot_used[YOMI_INLINE_OBJECTS];
    /* the slots past YOMI_INLINE_OBJECTS: NULL until a match needs them (most never do); owned by the
     * match, so a match is copied with match_copy and released with match_free, never memcpy/free */
    yobj_pool *pool;
    yfighter f[2];
    yproj objs[YOMI_INLINE_OBJECTS]; /* slots: an object never moves while it exists */
};

/* The object slots of a match past the inline ones, on the heap (and the hitboxes' hit lists past
 * their inline room). The game has no limit on objects
 * (game.objects is a list), so neither has the pool: it grows by a chunk of YOMI_POOL_CHUNK slots
 * when every slot holds a live or referenced object. A chunk never moves while the match lives
 * (pointers to an object stay valid during a tick); the arrays below may be reallocated when the
 * pool grows, so they are read by index, never kept as pointers. */
/* A hit object past a hitbox's inline hit_objects: (owner number, hitbox index, epoch) name the
 * hitbox's list (an entry of an older epoch was cleared with it). */
typedef struct {
    int32_t owner, index, number;
    uint32_t epoch;
} yhit_spill;

struct yobj_pool {
    int32_t n_spill, cap_spill; /* the spill list of the hitboxes' hit_objects (hitbox.c) */
    yhit_spill *spill;
    /* the signal connections past the objects' inline ones, each object's in connection order
     * (obj.c): n_conns - YOMI_INLINE_CONNECTIONS of each live or referenced object */
    int32_t n_conn_spill, cap_conn_spill;
    yconn_spill *conn_spill;
    /* each fighter's lists of object names past their inline items (fighter.c): [fighter][list][0:
     * the list in vars, 1: its copy in snap_vars], n - YOMI_REF_LIST_INLINE of each; cap_refs: the room */
    int32_t *refs[2][YOMI_REF_LISTS][2];
    int32_t cap_refs[2][YOMI_REF_LISTS][2];
    /* each fighter's parried hitbox names past its inline ones: n_parried - YOMI_MAX_PARRIED of them
     * (fighter.c); cap_parried: the room */
    yparried *parried[2];
    int32_t cap_parried[2];
    int32_t cap;        /* slots in the pool: YOMI_INLINE_OBJECTS .. YOMI_INLINE_OBJECTS + cap - 1 (a multiple of
                           YOMI_POOL_CHUNK) */
    yproj **chunks;     /* cap / YOMI_POOL_CHUNK chunks */
    int32_t *order;     /* entries YOMI_INLINE_OBJECTS.. of the match's order (cap of them) */
    int32_t *gone;      /* entries YOMI_INLINE_OBJECTS.. of the match's gone (cap of them) */
    bool *slot_used;    /* slots YOMI_INLINE_OBJECTS.. (cap of them) */
};

/* Slots and list entries, inline or in the pool (the pool exists whenever an index past the inline
 * ones is valid). They take a const match and give mutable pointers, as strchr does, so that both the
 * engine and the snapshot checks read the same way. */
static inline int match_n_slots(const ymatch *m) { return YOMI_INLINE_OBJECTS + (m->pool ? m->pool->cap : 0); }
static inline yproj *match_slot(const ymatch *m, int s) {
    if (s < YOMI_INLINE_OBJECTS) return (yproj *)&m->objs[s];
    s -= YOMI_INLINE_OBJECTS;
    return &m->pool->chunks[s / YOMI_POOL_CHUNK][s % YOMI_POOL_CHUNK];
}
static inline int32_t *match_order_at(const ymatch *m, int k) {
    return k < YOMI_INLINE_OBJECTS ? (int32_t *)&m->order[k] : &m->pool->order[k - YOMI_INLINE_OBJECTS];
}
static inline int32_t *match_gone_at(const ymatch *m, int k) {
    return k < YOMI_INLINE_OBJECTS ? (int32_t *)&m->gone[k] : &m->pool->gone[k - YOMI_INLINE_OBJECTS];
}
static inline bool *match_slot_used(const ymatch *m, int s) {
    return s < YOMI_INLINE_OBJECTS ? (bool *)&m->slot_used[s] : &m->pool->slot_used[s - YOMI_INLINE_OBJECTS];
}
/* entry k (< f->n_parried) of fighter p's parried_hitboxes */
static inline yparried *match_parried_at(const ymatch *m, int p, int k) {
    return k < YOMI_MAX_PARRIED ? (yparried *)&m->f[p].parried_hitboxes[k] : &m->pool->parried[p][k - YOMI_MAX_PARRIED];
}

#define YOMI_MAGIC 0x594f4d49u

static inline yfighter *P1(ymatch *m) { return &m->f[0]; }
static inline yfighter *P2(ymatch *m) { return &m->f[1]; }
static inline yfighter *FOPP(ymatch *m, yfighter *f) { return f == &m->f[0] ? &m->f[1] : &m->f[0]; }
static inline yfighter *AS_F(yobj *o) { return (yfighter *)o; }
static inline yproj *AS_P(yobj *o) { return (yproj *)o; }

/* ------------------------------------------------------------------ characters and object classes */
typedef struct { /* a trace field of the character's res (or an object's extras) */
    const char *name;
    uint8_t kind;    /* RF_ */
    uint16_t offset; /* in the vars */
} yres_field;
enum { RF_INT, RF_BOOL, RF_FX, RF_OBJREF, RF_XY_OR_NULL, RF_OBJREF_LIST, RF_INT_OR_NULL };
typedef struct { /* RF_XY_OR_NULL: None or {"x": x, "y": y} */
    yflag has;
    int32_t x, y;
} yxy_opt;
/* A list of object names in a character's variables: the Wizard's spark_bombs (and
 * nearby_spark_bombs, a part of it), one per SparkBomb not yet found disabled. The game has no
 * limit; the first YOMI_REF_LIST_INLINE names live in the list, the rest in the match's pool (its
 * character names its lists in yomi_char.ref_lists). Read and changed with fighter_ref_* only. */
typedef struct { /* RF_OBJREF_LIST: a list of object names */
    int32_t n;
    int32_t items[YOMI_REF_LIST_INLINE];
} yref_list;
typedef struct { /* RF_INT_OR_NULL */
    yflag has;
    int32_t v;
} yint_opt;

/* The hooks a character implements (its Fighter subclass). NULL: the base behaviour.
 * The base implementations are the fighter_* / combat_* functions (fighter.c, combat.c);
 * an override calls them for `super()`. */
#define CHAR_HOOKS                                                                                      \
    void (*construct)(ymatch *, yfighter *); /* __init__: the character's variables */                 \
    void (*init)(ymatch *, yfighter *);                                                                 \
    void (*tick)(ymatch *, yfighter *);                                                                 \
    void (*process_extra)(ymatch *, yfighter *, const yextra *);                                        \
    void (*process_action)(ymatch *, yfighter *, int action_sym);                                       \
    bool (*process_continue)(ymatch *, yfighter *);                                                     \
    void (*turn_end_effects)(ymatch *, yfighter *);                                                     \
    void (*turn_start_effects)(ymatch *, yfighter *);                                                   \
    void (*apply_grav)(ymatch *, yfighter *);                                                           \
    void (*apply_grav_custom)(ymatch *, yfighter *, fx grav, fx fall_speed);                           \
    void (*apply_fric)(ymatch *, yfighter *);                                                           \
    void (*apply_forces)(ymatch *, yfighter *);                                                         \
    void (*on_got_hit)(ymatch *, yfighter *);                                                           \
    void (*on_got_hit_by_fighter)(ymatch *, yfighter *);                                                \
    void (*on_got_hit_by_projectile)(ymatch *, yfighter *);                                             \
    void (*on_launched)(ymatch *, yfighter *);                                                          \
    void (*on_grabbed)(ymatch *, yfighter *);                                                           \
    void (*on_roll_started)(ymatch *, yfighter *);                                                      \
    void (*on_parried)(ymatch *, yfighter *);                                                           \
    void (*on_got_parried)(ymatch *, yfighter *);                                                       \
    void (*on_got_blocked)(ymatch *, yfighter *);                                                       \
    void (*on_got_push_blocked)(ymatch *, yfighter *);                                                  \
    void (*on_blocked_melee_attack)(ymatch *, yfighter *);                                              \
    void (*on_attack_blocked)(ymatch *, yfighter *);                                                    \
    void (*on_blocked_something)(ymatch *, yfighter *);                                                 \
    void (*on_hit_something)(ymatch *, yfighter *, yobj *victim, yhitbox *hb);                          \
    void (*on_state_started)(ymatch *, yfighter *, ystate *);                                           \
    void (*on_state_ended)(ymatch *, yfighter *, ystate *);                                             \
    void (*on_state_exited)(ymatch *, yfighter *, ystate *);                                            \
    void (*on_state_interruptable)(ymatch *, yfighter *, ystate *);                                     \
    void (*on_state_initiative_start)(ymatch *, yfighter *);                                            \
    void (*incr_combo)(ymatch *, yfighter *, bool scale, bool projectile, bool force, int amount);     \
    void (*reset_combo)(ymatch *, yfighter *);                                                          \
    void (*gain_super_meter)(ymatch *, yfighter *, int32_t amount, fx stale_amount);                   \
    void (*launched_by)(ymatch *, yfighter *, yhbd *hb);                                                \
    void (*passive_sadness_gain)(ymatch *, yfighter *);                                                 \
    bool (*has_armor)(ymatch *, yfighter *);                                                            \
    bool (*has_autoblock_armor)(ymatch *, yfighter *);                                                  \
    bool (*can_perfect_parry)(ymatch *, yfighter *);                                                    \
    bool (*can_block_cancel)(ymatch *, yfighter *);                                                     \
    bool (*can_guard_break)(ymatch *, yfighter *);                                                      \
    void (*use_burst)(ymatch *, yfighter *);                                                            \
    bool (*should_free_cancel_allow_grounded_and_aerial_states)(ymatch *, yfighter *);                  \
    /* host methods the tables call by name (HostCommand, host_commands): 1 handled, 0 unknown */       \
    int (*host_command)(ymatch *, yfighter *, int method, const yval *args, int n_args);               \
    /* UsableRequirement methods: 1 true, 0 false, -1 unknown */                                        \
    int (*usable_requirement)(ymatch *, yfighter *, int method, const yval *args, int n_args);         \
    /* does this character still refer to object `number` (so it must not be recycled)? */             \
    bool (*refs_object)(ymatch *, yfighter *, int number);                                              \
    /* a run-time signal connection to this fighter (obj_connect_signal): method is the SYM_ */        \
    void (*on_signal)(ymatch *, yfighter *, int method, yobj *emitter);

struct yomi_char {
    const char *name;     /* the trace's character name, "Ninja" */
    const char *py_class; /* the Python Fighter subclass it mirrors */
    uint16_t vars_size;
    /* filled from the character's registry when the scene builder resolves it (NULL in char_<c>_hooks) */
    const yscript_entry *scripts;
    const struct yobj_entry *objects;
    const yscript_entry *object_scripts;
    const yextra_key *extras;            /* its extra keys (after DI, reverse, feint, prediction) */
    uint8_t n_extras;
    const yres_field *res; /* the trace's res, in order */
    uint8_t n_res;
    const uint16_t *ref_lists; /* offsets of its yref_list variables (list j: its j-th) */
    uint8_t n_ref_lists;       /* at most YOMI_REF_LISTS */
    /* a snapshot's character variables in range (its counts and indices); NULL: any bytes are safe */
    bool (*vars_ok)(const yfighter *f, const void *vars);
    CHAR_HOOKS
};

/* An object class (a BaseProjectile subclass). */
struct yobj_class {
    const char *name; /* the Python class it mirrors */
    const yobj_class *parent;
    uint16_t vars_size;
    const yres_field *trace_fields; /* hp / active / locked / lifetime when the object has them */
    uint8_t n_trace_fields;
    /* a snapshot's object variables in range, its own part (snapshot_check.c calls every class up
     * the parents); NULL: any bytes are safe */
    bool (*vars_ok)(const yproj *p, const void *vars);
    void (*construct)(ymatch *, yproj *);
    void (*disable)(ymatch *, yproj *);
    void (*on_hit_ceiling)(ymatch *, yproj *);
    void (*hit_by)(ymatch *, yproj *, yhbd *hb);
    bool (*can_hit_cancel)(ymatch *, yproj *, yfighter *);
    void (*tick)(ymatch *, yproj *);
    void (*on_got_push_blocked)(ymatch *, yproj *);
    void (*on_got_parried)(ymatch *, yproj *);
    void (*on_got_blocked)(ymatch *, yproj *);
    /* a run-time signal connection to this object (obj_connect_signal); looked up along parent */
    void (*on_signal)(ymatch *, yproj *, int method, yobj *emitter);
    /* after BaseObj.init (a class's init that calls super().init() first: Stackriken); looked up along parent */
    void (*init)(ymatch *, yproj *);
    /* the object's own on_hit_something (after its state's): RobotGrenade; looked up along parent.
     * An override calls obj_base_on_hit_something for super(). */
    void (*on_hit_something)(ymatch *, yproj *, yobj *victim, yhitbox *hb);
};
typedef struct yobj_entry {
    const char *script;
    const yobj_class *cls;
} yobj_entry;

/* A character's registry (states/<c>/__init__.py): its fighter's hooks and the classes of its
 * scripts. It lives in its own file (csrc/chars/<c>/char_<c>_registry.c), the one file that names
 * every class, so that the fighter, moves and objects files need not name each other's. The
 * scene builder copies `fighter` and fills the chr's scripts / objects / object_scripts from here. */
typedef struct yomi_char_registry {
    const yomi_char *fighter;
    const yscript_entry *scripts;        /* its state scripts, {0, 0} terminated */
    const struct yobj_entry *objects;    /* its object root scripts, {0, 0} terminated */
    const yscript_entry *object_scripts; /* its object state scripts */
} yomi_char_registry;

/* generated (tables_gen.c): each fighter table's character registry, NULL when not written in C */
extern const yomi_char_registry *const yomi_char_registries[YOMI_N_FIGHTER_TABLES];
/* the fighter tables in the order the characters' registries merge (generated with the tables) */
extern const int yomi_char_order[YOMI_N_FIGHTER_TABLES];

/* ------------------------------------------------------------------ errors (match.c) */
void yerr(ymatch *m, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
#define YOK(m) ((m)->err == YE_OK)

/* fixed-point failures inside the engine (fxs.h calls these) */
fx yfx_div(ymatch *m, fx a, fx b);
/* FixedMath methods the string facade (fxs.h) has no helper for, each result re-quantised as its
 * text would be; inline, as the characters' copies they replace were, since they run every tick */
static inline fx yfx_vec_to_angle(ymatch *m, fx x, fx y) { /* vec_to_angle: atan2(y, x); stops on division by zero */
    fx out = 0;
    if (fx_atan2(y, x, &out) != FX_OK) {
        yerr(m, YE_FIXED, "attempt to divide by zero");
        return 0;
    }
    return fx_rq(out);
}
static inline void yfx_angle_to_vec(fx angle, fx *x, fx *y) { /* angle_to_vec: (cos, sin) */
    *x = fx_rq(fx_cos(angle));
    *y = fx_rq(fx_sin(angle));
}
static inline void yfx_rotate_vec(fx x, fx y, fx angle, fx *ox, fx *oy) { /* rotate_vec */
    fx c = fx_cos(angle), s = fx_sin(angle);
    *ox = fx_rq(fx_wrap_sub(fx_mul(x, c), fx_mul(y, s)));
    *oy = fx_rq(fx_wrap_add(fx_mul(x, s), fx_mul(y, c)));
}

/* ------------------------------------------------------------------ scene.c <- states/scene.py */
int yomi_engine_init(char *err, size_t errlen); /* builds the static state tables once; 0 ok */
const char *table_unavailable_reason(int is_fighter, int table); /* NULL when the table can be played */
int table_hitbox_act_tick(int is_fighter, int table, int index);  /* its key in hitbox_start_frames, 0 none */
const ythrowpos *table_root_throw_positions(int is_fighter, int table, int *n);
const state_vt *state_vt_of(const state_class *cls);
const state_vt *state_super(const state_class *cls); /* the resolved parent, for super() */
const ystate_static *table_state_statics(int is_fighter, int table);
int table_state_of_sym(int is_fighter, int table, int sym); /* state index or -1 */
int table_anim_of_sym(int is_fighter, int table, int sym);  /* animation index or -1 */
const yobj_class *object_class_of_table(int table);
void fighter_from_template(ymatch *m, yfighter *f, int table);
int object_from_template(ymatch *m, yproj *p, int table); /* 0 ok */
/* the action menu, static per table: its states in the legal list's order (sort_rank), and a set of
 * positions in that list */
typedef struct {
    uint64_t w[2];
} ymenu_set;
_Static_assert(YOMI_MAX_FSTATES <= 128, "a menu position set holds 128 states");
int table_menu_states(int table, const int16_t **out);
void table_menu_reach(int table, int category_sym, ymenu_set *acc); /* acc |= action_cancels[category] */
const yomi_char *fighter_char(int table);
int table_extra_index(int table, const char *name);
/* snapshots (snapshot.c): the states a table built (0 when it is not playable) and its template's states */
int table_n_states(int is_fighter, int table);
const ystate *table_template_states(int is_fighter, int table);
const yfighter *table_fighter_template(int table); /* NULL when the table is not playable */
const yproj *table_object_template(int table);     /* NULL when the table is not playable */

/* ------------------------------------------------------------------ snapshot.c: a match as portable bytes
 * A match holds three kinds of pointers, all into tables built at start (ystate.st, yfighter.chr,
 * yproj.cls); their addresses differ between processes (ASLR). Exported, they become stable codes
 * (table and index); imported, the codes are checked against the tables and turned back. */
uint64_t match_layout_fingerprint(void); /* struct layouts + the tables' shape: equal builds agree */
/* The portable form: the struct, then the pool's slots and lists (snapshot.c), match_export_bytes(m) long */
size_t match_export_bytes(const ymatch *m);
int match_export(const ymatch *m, void *out, char *err, size_t errlen); /* 0 ok; out: the portable form */
/* the length of the portable match starting at buf (len bytes there); 0 and err when they cannot hold one */
size_t match_portable_bytes(const void *buf, size_t len, char *err, size_t errlen);
/* the portable match of exactly len bytes -> m (all zeros before), after every check: 0 ok; -1 and err
 * when refused, m all zeros again */
int match_import(ymatch *m, const void *buf, size_t len, char *err, size_t errlen);
int match_import_check(const ymatch *m, char *err, size_t errlen); /* codes, counts, indices (match_import) */
uint64_t snapshot_state_code(bool is_fighter, int table, int index); /* the code of a table's state */
/* snapshot_check.c: every count, index, offset, symbol and flag of a portable match in range; 0 ok */
int match_check_fields(const ymatch *portable, char *err, size_t errlen);
uint64_t snapshot_checksum(const void *data, size_t len);

/* ------------------------------------------------------------------ gd helpers (gd.h) */
#include "gd.h"

/* ------------------------------------------------------------------ data (data.c) */
void ydata_none(ydata *d); /* None, every byte defined */
/* *dst = *src field by field into zeros: the leaves past n and the padding (stack garbage in a
 * ydata built in place) never reach a match, whose bytes a snapshot compares */
void ydata_copy(ydata *dst, const ydata *src);
bool ydata_get(const ydata *d, int k1, int k2, int32_t *out); /* an int or bool leaf */
bool ydata_has(const ydata *d, int k1);                      /* "k1 in data" (a dict) */
bool ydata_is_dict(const ydata *d);
bool ydata_set(ymatch *m, ydata *d, int k1, int k2, int kind, int32_t v);
void ydata_sub(const ydata *d, int k1, ydata *out); /* data[k1] as its own value */
void ydata_xy(ydata *d, int32_t x, int32_t y);      /* {"x": x, "y": y} */
/* a fixed-point string leaf (e.g. {"dir": {"x": "0.7071", ...}}): its raw must fit 32 bits (+-32768.0),
 * else the match stops with YE_LIMIT. An int leaf reads as its value (str(int) parsed). */
bool ydata_set_fx(ymatch *m, ydata *d, int k1, int k2, fx v);
/* the error Python raises reading data[k1] (k2 == SYM_NONE) or data[k1][k2] when ydata_get found
 * nothing: YE_TYPE when data (or data[k1]) is not a dict (None, an int...), YE_KEY when the key is
 * absent; use as yerr(m, ydata_lookup_error(d, k1, k2), ...) */
int ydata_lookup_error(const ydata *d, int k1, int k2);
bool ydata_get_fx(const ydata *d, int k1, int k2, fx *out);
static inline bool ydata_truthy(const ydata *d) { /* bool(data): Python's truthiness of a move's data */
    switch (d->kind) {
    case YD_NONE:
    case YD_NULL: return false;
    case YD_INT:
    case YD_BOOL: return d->i != 0;
    case YD_STR: return d->i != SYM_NONE;
    case YD_DICT: return d->n > 0;
    default: return true; /* a state object, {"hitbox": ...} */
    }
}
/* a state's data[k1] (k2 == SYM_NONE) or data[k1][k2] as an int leaf; false (the match stopped with
 * the error Python raises there, *out untouched) when it is not one */
bool st_data_get_int(ymatch *m, yobj *host, ystate *st, int k1, int k2, int32_t *out);
int32_t st_data_int(ymatch *m, yobj *host, ystate *st, int k1, int k2); /* the same, 0 when the match stopped */
bool st_data_xy(ymatch *m, yobj *host, ystate *st, int32_t *x, int32_t *y); /* data["x"], then data["y"] */

/* ------------------------------------------------------------------ boxes.c */
void box_aabb(const ybox *b, int32_t out[4]); /* x1, x2, y1, y2 */
bool box_overlaps(const ybox *a, const ybox *b);
void box_center(const ybox *b, int32_t *x, int32_t *y);
void hurtstate_start(yhurtstate *h, yobj *host);
void hurtstate_tick(yhurtstate *h, yobj *host);
void hurtstate_end(yhurtstate *h, yobj *host);

/* ------------------------------------------------------------------ hitbox.c */
void hitbox_init(yhitbox *h);
void hitbox_activate(ymatch *m, yobj *host, yhitbox *h);
void hitbox_deactivate(yhitbox *h);
void hitbox_tick(ymatch *m, yobj *host, yhitbox *h);
void hitbox_hit(ymatch *m, yobj *host, yhitbox *h, yobj *obj);
void hitbox_to_data(ymatch *m, yobj *host, yhitbox *h, yhbd *out);
bool hitbox_overlaps(ymatch *m, const yhitbox *h, const ybox *box);
bool hitbox_overlaps_hitbox(ymatch *m, const yhitbox *h, const yhitbox *other);
void hitbox_save_hit_object(ymatch *m, yobj *host, yhitbox *h, int number); /* YE_LIMIT when full */
void hitbox_remember_object(ymatch *m, yobj *host, yhitbox *h, int number); /* the same on this one hitbox (no group) */
bool hitbox_already_hit_object(const ymatch *m, yobj *host, const yhitbox *h, int number);
void hitbox_clear_hits(yhitbox *h); /* hit_objects = [] (the spilled entries with it) */
void hitbox_add_hit_object(yobj *host, yhitbox *h, int number);
void hitbox_clear_group(yobj *host, yhitbox *h);
/* neither active nor enabled, and no hits remembered: what hitbox_deactivate leaves */
static inline bool hitbox_is_clear(const yhitbox *h) { return !(h->active || h->enabled || h->n_hit || h->spilled); }
/* marks fighter f's hitbox k in hb_touched */
static inline void fighter_touch_hitbox(yfighter *f, size_t k) { f->hb_touched[k / 64] |= (uint64_t)1 << (k % 64); }
/* marks a fighter's hitbox before it becomes active or remembers a hit (objects keep no mark) */
static inline void hitbox_touch(yobj *host, const yhitbox *h) {
    if (host->is_fighter) fighter_touch_hitbox(AS_F(host), (size_t)(h - AS_F(host)->hitboxes));
}
bool hitbox_is_counter_hit(ymatch *m, yobj *host, yhitbox *h);
void hbd_from_throw_state(ymatch *m, yfighter *host, ystate *st, yhbd *out);
static inline int32_t hbd_get_damage(const yhbd *h) { return h->combo_count > 0 ? h->damage_in_combo : h->damage; }

/* ------------------------------------------------------------------ obj.c */
/* The states sit at the same offset in a fighter and in an object (checked below), so reaching them
 * takes no branch on the kind: this is the engine's most frequent lookup. */
#define YOBJ_STATES_OFFSET offsetof(yproj, states)
_Static_assert(offsetof(yfighter, states) == offsetof(yproj, states), "states at one offset in both kinds");
static inline ystate *obj_states(yobj *o) { return (ystate *)((char *)o + YOBJ_STATES_OFFSET); }
static inline yhitbox *obj_hitboxes(yobj *o) { return o->is_fighter ? AS_F(o)->hitboxes : AS_P(o)->hitboxes; }
static inline yhurtstate *obj_hurtstates(yobj *o) { return o->is_fighter ? AS_F(o)->hurtstates : AS_P(o)->hurtstates; }
static inline ylimb *obj_limbs(yobj *o) { return o->is_fighter ? AS_F(o)->limbs : AS_P(o)->limbs; }
static inline uint8_t *obj_arena(yobj *o) { return o->is_fighter ? AS_F(o)->arena : AS_P(o)->arena; }
static inline ystate *obj_state(yobj *o) { return o->sm.state >= 0 ? &obj_states(o)[o->sm.state] : NULL; }
static inline ystate *obj_prev_state(yobj *o) { return o->sm.prev >= 0 ? &obj_states(o)[o->sm.prev] : NULL; }
ydata *obj_state_data(yobj *o, ystate *st); /* the data attribute of a state (current or the one below) */
yobj *obj_by_number(ymatch *m, int number); /* objs_map[name], NULL when gone */
yobj *obj_from_name(ymatch *m, int number); /* NULL when unknown or disabled */
int obj_state_index(ymatch *m, yobj *o, int sym); /* -1 + error when missing */
int obj_state_index_quiet(yobj *o, int sym);
void obj_init(ymatch *m, yobj *o);
void obj_update_data(ymatch *m, yobj *o);
void obj_read_body(yobj *o, ysnap *out);
void obj_update_collision_boxes(yobj *o);
void obj_collision_aabb(yobj *o, int32_t out[4]); /* get_collision_box: x1, x2, y1, y2 */
static inline int obj_facing(const yobj *o) { return o->chara.facing; }
void obj_set_facing(ymatch *m, yobj *o, int facing, bool force);
void obj_turn_around(ymatch *m, yobj *o);
void obj_set_vel(yobj *o, fx x, fx y);
static inline void obj_set_x(yobj *o, int32_t x) { fg_set_x(&o->chara, x); }
static inline void obj_set_y(yobj *o, int32_t y) { fg_set_y(&o->chara, y); }
void obj_set_pos(yobj *o, int32_t x, int32_t y);
void obj_set_pos_fx(yobj *o, fx x, fx y);
void obj_apply_force(yobj *o, fx x, fx y);
void obj_apply_force_relative(yobj *o, fx x, fx y);
void obj_move_directly(yobj *o, fx x, fx y);
void obj_move_directly_relative(yobj *o, fx x, fx y);
void obj_apply_grav(ymatch *m, yobj *o);
void obj_apply_grav_custom(ymatch *m, yobj *o, fx grav, fx fall_speed);
void obj_apply_fric(ymatch *m, yobj *o);
void obj_apply_forces(ymatch *m, yobj *o);
void obj_apply_forces_no_limit(ymatch *m, yobj *o);
void obj_limit_speed(ymatch *m, yobj *o, fx limit);
void obj_limit_x_speed(ymatch *m, yobj *o, fx limit);
static inline bool obj_grounded(const yobj *o) { return o->chara.grounded; }
void obj_add_pushback(yobj *o, fx pushback);
void obj_reset_hurtbox(yobj *o);
void obj_xy_to_dir(ymatch *m, fx x, fx y, fx mul, fx div, fx *ox, fx *oy);
void obj_local_pos(ymatch *m, yobj *o, yobj *other, int32_t *x, int32_t *y);
void obj_local_center(ymatch *m, yobj *o, yobj *other, int32_t *x, int32_t *y);
fx obj_distance(ymatch *m, yobj *o, yobj *other);
int obj_object_dir(yobj *o, yobj *other);
fx obj_hitbox_x_dir(ymatch *m, yobj *o, const yhbd *hb);
yobj *obj_spawn(ymatch *m, yobj *o, int table, int32_t x, int32_t y, bool relative, const ydata *data, bool local);
void obj_tick(ymatch *m, yobj *o);      /* the class's tick, or BaseObj.tick */
void obj_base_tick(ymatch *m, yobj *o); /* BaseObj.tick (a class's tick calls it for super().tick()) */
void obj_state_tick(ymatch *m, yobj *o);
int obj_active_hitboxes(yobj *o, yhitbox **out); /* sorted by priority (stable) */
void obj_deactivate_current_hitbox(yobj *o);
void obj_deactivate_hitboxes(ymatch *m, yobj *o);
void obj_hit_by(ymatch *m, yobj *o, yhbd *hb);
void obj_on_got_parried(ymatch *m, yobj *o);
/* BaseObj.connect_signal / emit_signal: target_state NULL for the object itself. Connections
 * to an object that was recycled (a disabled object nobody refers to) are skipped and dropped. */
void obj_connect_signal(ymatch *m, yobj *emitter, int signal, yobj *target, ystate *target_state, int method);
void obj_emit_signal(ymatch *m, yobj *emitter, int signal);
/* connection k (< n_conns) of o, inline or in the match's pool */
yconnection *obj_conn_at(const ymatch *m, const yobj *o, int k);
/* keeps o's connections for which keep() is true, in order */
void obj_conns_filter(ymatch *m, yobj *o, bool (*keep)(ymatch *m, const yconnection *c));
void obj_conns_release(ymatch *m, yobj *o); /* o's connections in the pool leave it (o's slot is recycled) */
void obj_on_got_blocked(ymatch *m, yobj *o);
void obj_on_got_parried_by(ymatch *m, yobj *o, yobj *who);
void obj_on_got_blocked_by(ymatch *m, yobj *o, yobj *who);
void obj_on_got_push_blocked(ymatch *m, yobj *o);
void obj_on_hit_something(ymatch *m, yobj *o, yobj *victim, yhitbox *hb);
void obj_base_on_hit_something(ymatch *m, yobj *o, yobj *victim, yhitbox *hb); /* BaseObj._on_hit_something */
void obj_on_state_started(ymatch *m, yobj *o, ystate *st);
void obj_on_state_ended(ymatch *m, yobj *o, ystate *st);
void obj_on_state_exited(ymatch *m, yobj *o, ystate *st);
void obj_on_state_changed(ymatch *m, yobj *o);
bool obj_is_otg(yobj *o);
bool obj_can_be_thrown(yobj *o);
yobj *obj_get_opponent(ymatch *m, yobj *o);
yobj *obj_get_fighter(ymatch *m, yobj *o);
void obj_refresh_hitboxes(ymatch *m, yobj *o);
void obj_start_invulnerability(yobj *o);
void obj_end_invulnerability(yobj *o);
bool obj_hit_fighter_last(ymatch *m, yobj *o);
int16_t obj_current_texture(yobj *o); /* texture id of the sprite's frame, -1 */
void obj_set_animation(yobj *o, int sym);
void obj_set_sprite_frame(yobj *o, int32_t frame);
void obj_hash_rng(ymatch *m, yobj *o);
void obj_hash_static_rng(yobj *o);
uint32_t obj_randi(ymatch *m, yobj *o);
int32_t obj_randi_range(ymatch *m, yobj *o, int64_t a, int64_t b);
bool obj_randi_percent(ymatch *m, yobj *o, int n);
int64_t obj_randi_choice(ymatch *m, yobj *o, int64_t n);
int64_t obj_randi_weighted_choice(ymatch *m, yobj *o, int64_t n, const int64_t *weights);
int32_t obj_randi_range_static(ymatch *m, yobj *o, int64_t a, int64_t b);
bool obj_host_command(ymatch *m, yobj *o, int method, const yval *args, int n_args);

/* projectile.c <- states/objects/projectile.py */
void proj_disable(ymatch *m, yproj *p);
void proj_hit_by(ymatch *m, yproj *p, yhbd *hb);
bool proj_can_hit_cancel(ymatch *m, yproj *p, yfighter *f);
void proj_on_hit_ceiling(ymatch *m, yproj *p);
extern const yobj_class base_projectile_class;
extern const state_class default_fireball_class;
void default_fireball_fizzle(ymatch *m, yobj *host, ystate *st);
void default_fireball_move(ymatch *m, yobj *host, ystate *st); /* DefaultFireball.move */
int default_fireball_tick(ymatch *m, yobj *host, ystate *st);
int default_fireball_frame_0(ymatch *m, yobj *host, ystate *st);
void default_fireball_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
extern const state_class dir_projectile_default_class;
int dir_projectile_frame_0(ymatch *m, yobj *host, ystate *st);
int dir_projectile_tick(ymatch *m, yobj *host, ystate *st);
void dir_projectile_fizzle(ymatch *m, yobj *host, ystate *st);
/* the DirProjectileDefault variables (subclasses extend them) */
typedef struct {
    fx move_speed, homing_turn_speed, homing_accel, max_homing_speed, last_y_vel;
    int32_t lifetime, num_hits, num_bounces, hit_something_tick;
    yflag homing, start_homing, relative_data_dir, clash, fizzle_on_ground, bounce_on_ground, hit_something;
} dir_projectile_vars;
/* the DefaultFireball variables (subclasses extend them) */
typedef struct {
    int32_t move_x, move_y, num_hits, lifetime, hit_something_tick;
    fx move_x_string, move_y_string;
    yflag clash, fizzle_on_ground, fizzle_on_walls, fizzle_on_hit_opponent, follow_creator, hit_something;
} default_fireball_vars;

/* ------------------------------------------------------------------ machine.c <- states/machine.py */
void machine_init(ymatch *m, yobj *o, const ydata *data);
void machine_queue_state(ymatch *m, yobj *o, int sym, const ydata *data, ystate *old_state);
void machine_tick(ymatch *m, yobj *o);
void machine_change_state(ymatch *m, yobj *o, int sym, const ydata *data, bool enter, bool exit);
void machine_change_state_index(ymatch *m, yobj *o, int index, const ydata *data, bool enter, bool exit);

/* ------------------------------------------------------------------ state.c <- states/state.py */
static inline void *st_vars(yobj *host, ystate *st) { return obj_arena(host) + st->vars_off; }
#define ST_VARS(type, host, st) ((type *)st_vars((host), (st)))
static inline const state_vt *st_vt(const ystate *st) { return st->st->vt; }
static inline bool st_is(const ystate *st, uint32_t trait) { return (st->st->vt->traits & trait) != 0; }
static inline int st_name(const ystate *st) { return st->st->name; }
/* isinstance(state, cls): the state's class is cls or a subclass of it */
static inline bool state_is_a(const ystate *st, const state_class *cls) {
    for (const state_vt *vt = st_vt(st); vt; vt = vt->parent)
        if (vt->cls == cls) return true;
    return false;
}
#define NODE(st) ((st)->st->node)
static inline ydata *st_data(yobj *host, ystate *st) { return obj_state_data(host, st); }
void state_queue_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data); /* the class's, or the base */
void state_base_queue_change(ymatch *m, yobj *host, ystate *st, int sym, const ydata *data);
void state_queue_change_int(ymatch *m, yobj *host, ystate *st, int sym, int32_t value);
int state_tick_shared(ymatch *m, yobj *host, ystate *st);
int state_enter_shared(ymatch *m, yobj *host, ystate *st);
void state_exit_shared(ymatch *m, yobj *host, ystate *st);
void state_apply_physics_flags(ymatch *m, yobj *host, ystate *st);
void state_process_hitboxes(ymatch *m, yobj *host, ystate *st);
void state_process_hurtboxes(ymatch *m, yobj *host, ystate *st);
void state_activate_hitbox(ymatch *m, yobj *host, ystate *st, yhitbox *h);
void state_terminate_hitboxes(ymatch *m, yobj *host, ystate *st);
void state_update_sprite_frame(ymatch *m, yobj *host, ystate *st);
void state_setup_hurtboxes(yobj *host, ystate *st);
int state_active_hitboxes(yobj *host, ystate *st, yhitbox **out);
bool state_is_hurtbox_active(const ystate *st, const ylimb *l);
yhitbox *state_hitbox_child(yobj *host, ystate *st, int name_sym);   /* get_child for hitboxes */
yhurtstate *state_hurtstate_child(yobj *host, ystate *st, int name_sym);
const ynode *state_box_child(ystate *st, int name_sym);              /* a plain CollisionBox child */
void state_on_hitbox_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
void state_on_hitbox_got_parried(ymatch *m, yobj *host, ystate *st);
int state_frame_methods(ymatch *m, yobj *host, ystate *st, int tick);
void state_apply_enter_force(ymatch *m, yobj *host, ystate *st);        /* ObjectState.apply_enter_force */
void state_spawn_exported_projectile(ymatch *m, yobj *host, ystate *st); /* ObjectState.spawn_exported_projectile */
void object_state_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
extern const state_class object_state_class;

/* ------------------------------------------------------------------ char_state.c <- states/char_state.py */
enum { AT_MOVEMENT, AT_ATTACK, AT_SPECIAL, AT_SUPER, AT_DEFENSE, AT_HURT };
enum { BUSY_NORMAL, BUSY_HURT, BUSY_NONE };
enum { AIR_GROUNDED, AIR_AERIAL, AIR_BOTH };
extern const state_class character_state_class;
bool cs_is_usable_with_grounded_check(ymatch *m, yfighter *f, ystate *st, bool force_aerial, bool force_grounded);
bool cs_allowed_in_stance(yfighter *f, ystate *st);
bool cs_can_feint(ymatch *m, yfighter *f, ystate *st);
int cs_enter_shared(ymatch *m, yobj *host, ystate *st);
void cs_exit_shared(ymatch *m, yobj *host, ystate *st);
int cs_tick_shared(ymatch *m, yobj *host, ystate *st);
int cs_tick_after(ymatch *m, yobj *host, ystate *st);
bool cs_is_usable(ymatch *m, yobj *host, ystate *st);
bool cs_can_interrupt(ymatch *m, yobj *host, ystate *st);
void cs_enable_interrupt(ymatch *m, yobj *host, ystate *st, bool check_opponent, bool remove_hitlag);
void cs_enable_hit_cancel(ymatch *m, yobj *host, ystate *st, bool projectile);
void cs_on_hit_something(ymatch *m, yobj *host, ystate *st, yobj *victim, yhitbox *hb);
int cs_frame_0_shared(ymatch *m, yobj *host, ystate *st);
bool st_in_list(const uint16_t *list, int n, int sym);
bool st_has_exception(const ystate *st, int sym);
void st_remove_exception(ystate *st, int sym);
void st_append_exception(ymatch *m, ystate *st, int sym);
bool st_has_hitbox_children(ystate *st);
/* calls through the resolved class */
static inline bool st_is_usable(ymatch *m, yobj *h, ystate *st) { return st_vt(st)->is_usable(m, h, st); }
static inline void st_enable_interrupt(ymatch *m, yobj *h, ystate *st, bool c, bool r) {
    st_vt(st)->enable_interrupt(m, h, st, c, r);
}

/* ------------------------------------------------------------------ fighter.c <- fighter/fighter.py */
extern const yomi_char base_fighter_hooks; /* the base implementations, filled */
void fighter_init(ymatch *m, yfighter *f);
void fighter_base_init(ymatch *m, yfighter *f);
void fighter_update_data(ymatch *m, yfighter *f);
void fighter_emit_got_hit(ymatch *m, yfighter *f);
void fighter_on_state_interruptable(ymatch *m, yfighter *f, ystate *st);
void fighter_base_on_state_interruptable(ymatch *m, yfighter *f, ystate *st);
void fighter_on_state_hit_cancellable(ymatch *m, yfighter *f, bool projectile);
void fighter_clash(ymatch *m, yfighter *f);
void fighter_gain_burst_meter(ymatch *m, yfighter *f, bool has_amount, int32_t amount);
void fighter_gain_burst(yfighter *f);
void fighter_base_use_burst(ymatch *m, yfighter *f);
void fighter_use_burst_meter(yfighter *f, int32_t amount);
int32_t fighter_total_super_meter(yfighter *f);
void fighter_use_super_bar(yfighter *f);
void fighter_use_super_meter(yfighter *f, int32_t amount);
void fighter_drain_super_meter(yfighter *f, int32_t amount);
void fighter_stack_move_in_combo(ymatch *m, yfighter *f, int state_index);
int32_t fighter_meter_gain_modified(ymatch *m, yfighter *f, int32_t amount);
int32_t fighter_combo_stale_meter(ymatch *m, yfighter *f, int32_t meter);
void fighter_base_gain_super_meter(ymatch *m, yfighter *f, int32_t amount, fx stale_amount);
void fighter_gain_super_meter_raw(yfighter *f, int32_t amount);
void fighter_use_air_movement(yfighter *f);
void fighter_refresh_air_movements(yfighter *f);
void fighter_refresh_feints(yfighter *f);
void fighter_gain_free_cancel(yfighter *f, int amount);
void fighter_drain_air_option_bar(yfighter *f, int32_t amount);
void fighter_gain_air_option_bar(yfighter *f, int32_t amount);
void fighter_consume_feint(yfighter *f);
void fighter_start_sadness_immunity(yfighter *f);
void fighter_start_wakeup_throw_immunity(yfighter *f);
void fighter_base_reset_combo(ymatch *m, yfighter *f);
void fighter_clean_parried_hitboxes(ymatch *m, yfighter *f);
/* parried_hitboxes (a list of names, in order): `name in`, append, remove(name) when in it */
bool fighter_parried_has(const ymatch *m, const yfighter *f, int owner, int index);
void fighter_parried_add(ymatch *m, yfighter *f, int owner, int index); /* YE_LIMIT: out of memory */
void fighter_parried_remove(ymatch *m, yfighter *f, int owner, int index);
/* the character's list j of object names (yomi_char.ref_lists), in vars or (snap) in snap_vars:
 * its length, item k (< n), append (YE_LIMIT: out of memory), list.remove at k, clear */
static inline yref_list *fighter_ref_list(const yfighter *f, int j, bool snap) {
    return (yref_list *)((snap ? f->snap_vars : f->vars) + f->chr->ref_lists[j]);
}
int32_t fighter_ref_at(const ymatch *m, const yfighter *f, int j, bool snap, int k);
void fighter_ref_append(ymatch *m, yfighter *f, int j, int32_t number);
void fighter_ref_remove_at(ymatch *m, yfighter *f, int j, int k);
void fighter_ref_clear(ymatch *m, yfighter *f, int j);
void fighter_ref_keep(ymatch *m, yfighter *f, int j, bool (*keep)(ymatch *m, int32_t number)); /* in order */
int fighter_ref_snapshot(ymatch *m, yfighter *f); /* the lists in snap_vars become the ones in vars; -1: no memory */
void fighter_release_opponent(ymatch *m, yfighter *f);
void fighter_global_throw_pos(yfighter *f, int32_t *x, int32_t *y);
int fighter_opponent_dir(ymatch *m, yfighter *f);
void fighter_opponent_dir_vec(ymatch *m, yfighter *f, fx *x, fx *y);
fx fighter_opponent_distance(ymatch *m, yfighter *f);
int fighter_move_dir(yfighter *f);
bool fighter_is_colliding_with_opponent(yfighter *f);
bool fighter_can_be_thrown(yfighter *f);
bool fighter_is_in_hurt_state(yfighter *f, bool count_all);
int fighter_touching_which_wall(yfighter *f);
void fighter_set_facing(ymatch *m, yfighter *f, int facing, bool force);
void fighter_update_facing(ymatch *m, yfighter *f);
bool fighter_get_advantage(ymatch *m, yfighter *f);
void fighter_set_lowest_tick(yfighter *f, int32_t tick);
void fighter_update_advantage(ymatch *m, yfighter *f);
int32_t fighter_sadness_distance_penalty(ymatch *m, yfighter *f);
void fighter_add_penalty(ymatch *m, yfighter *f, int32_t amount, bool ignore_min_distance);
void fighter_base_passive_sadness_gain(ymatch *m, yfighter *f);
void fighter_on_action_selected(ymatch *m, yfighter *f, int action_sym, const ydata *data, const yextra *extra);
void fighter_base_process_extra(ymatch *m, yfighter *f, const yextra *extra);
void fighter_tick_before(ymatch *m, yfighter *f);
void fighter_load_last_input_into_buffer(yfighter *f); /* BaseChar.gd: load_last_input_into_buffer */
void fighter_base_tick(ymatch *m, yfighter *f);
void fighter_state_tick(ymatch *m, yfighter *f);
int64_t fighter_state_hash(ymatch *m, yfighter *f);
void fighter_change_stance_to(yfighter *f, int stance);
void fighter_base_on_state_started(ymatch *m, yfighter *f, ystate *st);
void fighter_base_on_state_ended(ymatch *m, yfighter *f, ystate *st);
void fighter_base_on_state_exited(ymatch *m, yfighter *f, ystate *st);
void fighter_base_on_hit_something(ymatch *m, yfighter *f, yobj *victim, yhitbox *hb);
void fighter_base_on_blocked_melee_attack(ymatch *m, yfighter *f);
void fighter_base_on_got_parried(ymatch *m, yfighter *f);
void fighter_base_on_got_blocked(ymatch *m, yfighter *f);
void fighter_base_apply_grav(ymatch *m, yfighter *f);
void fighter_base_apply_grav_custom(ymatch *m, yfighter *f, fx grav, fx fall_speed);
void fighter_base_apply_fric(ymatch *m, yfighter *f);
void fighter_base_apply_forces(ymatch *m, yfighter *f);
void fighter_base_incr_combo(ymatch *m, yfighter *f, bool scale, bool projectile, bool force, int amount);
int fighter_base_host_command(ymatch *m, yfighter *f, int method, const yval *args, int n_args);
/* hooks through the character (chr is resolved: never NULL) */
#define FH(f) ((f)->chr)

/* ------------------------------------------------------------------ combat.c <- fighter/combat.py */
void combat_increment_opponent_combo(ymatch *m, yfighter *f, const yhbd *hb);
void combat_apply_hitlag(ymatch *m, yfighter *f, const yhbd *hb);
bool combat_is_bracing(yfighter *f);
bool combat_can_counter_hitbox(yfighter *f, const yhbd *hb);
bool combat_can_parry_hitbox(ymatch *m, yfighter *f, const yhbd *hb);
void combat_hit_by(ymatch *m, yfighter *f, yhbd *hb, bool force_hit);
void combat_emit_hit_by_signal(ymatch *m, yfighter *f, const yhbd *hb);
void combat_base_launched_by(ymatch *m, yfighter *f, yhbd *hb);
void combat_block_hitbox(ymatch *m, yfighter *f, yhbd *hb, bool force_parry, bool force_block,
                         bool ignore_guard_break, bool autoblock_armor);
void combat_set_block_stun(yfighter *f, yfighter *opp, int32_t total_plus_frames, bool has_hitlag, int32_t block_hitlag);
void combat_projectile_free_cancel(ymatch *m, yfighter *f);
void combat_take_damage(ymatch *m, yfighter *f, int32_t damage, int32_t minimum, fx meter_gain_modifier,
                        int32_t combo_scaling_offset, fx damage_taken_meter_gain_modifier);
fx combat_combo_stale(ymatch *m, int32_t count);
fx combat_di_scaling(ymatch *m, yfighter *f, bool brace);
void combat_scaled_di(ymatch *m, yfighter *f, fx *x, fx *y);
#define TAKE_DAMAGE(m, f, d) combat_take_damage((m), (f), (d), 0, FX_ONE, 0, FX_ONE)

/* ------------------------------------------------------------------ actions.c <- fighter/actions.py */
int actions_legal(ymatch *m, yfighter *f, bool force_grounded, bool force_aerial, int16_t *out); /* sorted; ACT_CONTINUE included */
bool actions_is_legal(ymatch *m, yfighter *f, int action, bool force_grounded, bool force_aerial);

/* ------------------------------------------------------------------ collide.c, hits.c */
void collide_same_x(ymatch *m);
void collide_resolve(ymatch *m, yfighter *a, yfighter *b, int step);
void hits_apply(ymatch *m, yfighter *a, yfighter *b);
yhitbox *hits_colliding_hitbox(ymatch *m, yobj *attacker, yhitbox **hitboxes, int n, yobj *host,
                               const ybox *hurtbox, const yhitbox *hurtbox_hitbox);

/* ------------------------------------------------------------------ match.c <- yomi/match.py */
extern const ysettings yomi_default_settings;
int match_create(ymatch *m, int p1_table, int p2_table, int64_t seed, const ysettings *s); /* m: zeros or a match */
void match_tick(ymatch *m);
bool match_is_waiting_on_player(ymatch *m);
void match_start_turn(ymatch *m);
void match_end_turn(ymatch *m);
void match_on_object_spawned(ymatch *m, yproj *p);
void match_on_hitbox_refreshed(ymatch *m, int owner, int index);
yfighter *match_get_player(ymatch *m, int id);
void match_initialize_objects(ymatch *m);
yproj *match_alloc_object(ymatch *m); /* a free slot, appended to `order` (recycling an old disabled object) */
void match_retire_objects(ymatch *m); /* `order` -> `gone`: the objects disabled before this tick nobody refers to */
static inline yproj *match_obj_at(ymatch *m, int k) { return match_slot(m, *match_order_at(m, k)); }
/* A match's memory. A match struct is either all zeros or a match; its pool is its own. */
int match_copy(ymatch *dst, const ymatch *src); /* dst (zeros or a match) becomes a deep copy; -1: out of memory,
                                                   dst is then all zeros */
void match_free(ymatch *m);  /* releases the pool (the struct itself stays the caller's); m: zeros or a match */
void match_clear(ymatch *m); /* match_free, then all zeros */
yobj_pool *match_pool_new(int32_t cap); /* a pool of cap slots (a multiple of the chunk), zeros; NULL: no memory */
yobj_pool *match_pool(ymatch *m);        /* m's pool, made (empty) when it has none; NULL: no memory */
void *match_grow(void *items, int32_t *cap, int32_t need, size_t size, int32_t first); /* a pool list with room for need items of size bytes (*cap grows by doubling from first); NULL: no memory, items and *cap unchanged */
void match_pool_free(yobj_pool *p);      /* a pool no match holds */
yproj *match_next_object(ymatch *m, int after_number); /* the first object (in order) with a larger number */
yproj *match_next_object_search(ymatch *m, int after_number, int *hint); /* the hint's binary-search fallback */
/* the same for a walk: *hint (start at 0) remembers the position, the binary search only when it moved */
static inline yproj *match_next_object_hint(ymatch *m, int after_number, int *hint) {
    int i = *hint, n = m->n_objs;
    /* every object inline (most matches): the hint is checked on the inline lists directly */
    if (!m->pool && i >= 0 && i <= n && (i == 0 || m->objs[m->order[i - 1]].o.number <= after_number) &&
        (i == n || m->objs[m->order[i]].o.number > after_number)) {
        *hint = i + 1;
        return i < n ? &m->objs[m->order[i]] : NULL;
    }
    return match_next_object_search(m, after_number, hint);
}
/* engine interface (integration/engine.py) */
int match_iface_tick(ymatch *m);    /* 0 ok; refuses while a decision is open */
int match_iface_advance(ymatch *m); /* tick until a decision or the end */
void match_take_turn_snapshot(ymatch *m);

#endif
