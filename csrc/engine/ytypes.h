/* The engine's types: one match in one contiguous struct (ymatch), its fighters, objects, states,
 * hitboxes and hurtboxes, the classes of states and objects, the characters' hooks; the limits of the
 * struct and the error codes. Every module's header builds on it; no function is declared here.
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
 * as the trip through text does in Python.
 */
#ifndef YOMI_YTYPES_H
#define YOMI_YTYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "body.h"
#include "fixed.h"
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
typedef struct yobj_vt yobj_vt;

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
    const yobj_vt *vt; /* its class, resolved */
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

/* ------------------------------------------------------------------ object classes
 * An object class (a BaseProjectile subclass): hooks that override its parent's. A NULL hook is
 * inherited from the parent; scene.c resolves each class into a yobj_vt with the inherited hooks
 * filled, as it does for state classes. Every class descends from BaseProjectile
 * (base_projectile_class, projectile.c), which fills disable, on_hit_ceiling, hit_by and
 * can_hit_cancel, so a resolved class always has those; a hook still NULL after resolving has the
 * behaviour its caller names (obj.c: BaseObj.tick, the state's on_got_blocked...). */
#define OBJ_HOOKS                                                                                      \
    void (*disable)(ymatch *, yproj *);                                                                \
    void (*on_hit_ceiling)(ymatch *, yproj *);                                                         \
    void (*hit_by)(ymatch *, yproj *, yhbd *hb);                                                       \
    bool (*can_hit_cancel)(ymatch *, yproj *, yfighter *);                                             \
    void (*tick)(ymatch *, yproj *);                                                                   \
    void (*on_got_push_blocked)(ymatch *, yproj *);                                                    \
    void (*on_got_parried)(ymatch *, yproj *);                                                         \
    void (*on_got_blocked)(ymatch *, yproj *);                                                         \
    /* a run-time signal connection to this object (obj_connect_signal) */                            \
    void (*on_signal)(ymatch *, yproj *, int method, yobj *emitter);                                   \
    /* after BaseObj.init (a class's init that calls super().init() first: Stackriken) */              \
    void (*init)(ymatch *, yproj *);                                                                   \
    /* the object's own on_hit_something (after its state's): RobotGrenade. An override calls          \
     * obj_base_on_hit_something for super(). */                                                     \
    void (*on_hit_something)(ymatch *, yproj *, yobj *victim, yhitbox *hb);

struct yobj_class {
    const char *name; /* the Python class it mirrors */
    const yobj_class *parent;
    uint16_t vars_size;
    const yres_field *trace_fields; /* hp / active / locked / lifetime when the object has them */
    uint8_t n_trace_fields;
    /* a snapshot's object variables in range, its own part (snapshot_check.c calls every class up
     * the parents); NULL: any bytes are safe */
    bool (*vars_ok)(const yproj *p, const void *vars);
    void (*construct)(ymatch *, yproj *); /* __init__: chained root first, not inherited */
    OBJ_HOOKS
};

/* An object class resolved (scene.c: obj_vt_of): its own hooks and the inherited ones. */
struct yobj_vt {
    const yobj_class *cls;
    const yobj_vt *parent;
    OBJ_HOOKS
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

#endif
