/* The environment's C part (integration/env/backends.py's C backend): the static tables of observations,
 * masks and decoding.
 *
 * Mirrors integration/env/obs.py (observation layout), integration/env/action_layout.py (unified action
 * layout, packed masks) and integration/env/encoding.py (masks rules, decode) on the C engine's ymatch
 * (env.c, whose functions env_c.h declares); batch.h steps a batch of matches with them.
 *
 * The static tables (env_layout.h, env_tables.c) are generated from the Python layouts into
 * build/gen when the extension is built (setup.py, integration/env/c_tables.py: write_c). Names are
 * resolved to the engine's symbols, state indices and offsets once, by yenv_init().
 */
#ifndef YOMI_ENV_H
#define YOMI_ENV_H

#include <stdint.h>

#include "engine.h"

/* ------------------------------------------------------------------ generated layout constants */
#include "env_layout.h"

/* ------------------------------------------------------------------ static tables (env_tables.c) */
enum { YW_XY, YW_8WAY, YW_SLIDER, YW_COUNT, YW_CHECK, YW_BLOCK, YW_OPTION };
enum { YC_NONE, YC_SUPERJUMP, YC_STICKYBOMB, YC_SHOOT2, YC_SHOOTDODGE2, YC_PARRY };
enum { YDY_NONE, YDY_FORESIGHT, YDY_TELEPORT2, YDY_GRENADE };
enum { YI_NULL, YI_BOOL, YI_INT, YI_STR };
/* res kinds of obs.RES_LAYOUT */
enum { YR_BOOL, YR_INT, YR_INT_X, YR_FIXED, YR_FIXED_X, YR_REF, YR_VEC, YR_LIST };
/* fighter scalar sources (obs.FIGHTER_SCALARS) */
enum { YS_X, YS_Y, YS_VX, YS_VY, YS_FACING, YS_GROUNDED, YS_PUSHBACK, YS_HP, YS_SUPER_METER, YS_SUPERS,
       YS_BURST_METER, YS_BURSTS, YS_COMBO, YS_HITLAG, YS_HITSTUN, YS_IN_HITSTUN, YS_BLOCKSTUN, YS_AIR_MOVES,
       YS_FEINTS, YS_PENALTY, YS_INTERRUPTABLE, YS_HIT_CANCELLABLE, YS_BUSY, YS_INVULN, YS_PROJ_INVULN, YS_DI_X,
       YS_DI_Y, YS_AIR_OPTION_BAR, YS_ST };
/* state flags */
enum { YSF_DAM = 1, YSF_PARRY = 2, YSF_KNOCKDOWN = 4, YSF_DRIVE_CMD = 8, YSF_BRANDISH = 16, YSF_DASHBACK = 32 };

typedef struct {
    uint8_t kind; /* YI_ */
    int32_t i;
    const char *s;
} yenv_item;

typedef struct {
    const char *name;
    uint8_t kind;   /* YW_ */
    int8_t head;    /* the character's head index, -1: hidden (its value is fixed) */
    int16_t plot[4]; /* XYPlot: plot ids; [0] plain, or the variants of the move's dynamic kind */
    uint8_t pressed; /* hidden CheckButton */
    uint8_t n_items;
    const yenv_item *items; /* OptionButton: items[b] */
} yenv_widget;

typedef struct {
    const char *name;
    uint8_t has_scene, custom, dynamic, is_grab, busy_move;
    uint8_t n_widgets;
    const yenv_widget *widgets;
} yenv_move;

typedef struct {
    uint8_t rule; /* index in encoding.DYNAMIC_RULES order (YR_RULE_*) */
    uint8_t n_feat;
    uint8_t radix[8];
    int16_t slot;   /* first packed bit */
    uint8_t n_var;  /* varying bits */
    int32_t lut;    /* offset in the character's lut: n_var bytes per feature combination */
} yenv_key;

typedef struct {
    const char *name;
    int16_t unified;
    int8_t type;
    uint8_t flags; /* YSF_ */
} yenv_state;

typedef struct {
    const char *name;
    uint8_t kind; /* YR_ */
    double scale;
} yenv_res;

typedef struct {
    int16_t v1[YENV_XY_BINS][2]; /* facing-relative values (facing +1) */
    int16_t v0[YENV_XY_BINS][2]; /* degenerate facing 0 (absolute) */
} yenv_plot;

typedef struct {
    const char *name;
    int16_t K1, H, D, n_dyn;
    const int16_t *u2c;      /* [YENV_K1] */
    const int16_t *c2u;      /* [K1] */
    const int8_t *head_to_u; /* [H] */
    const int16_t *head_sizes, *data_off; /* [H] (data_off[0] unused) */
    const uint8_t *head_used; /* [K1 * H] */
    const int16_t *gather;    /* [K1 * D] into [0, 1, bits...] */
    const yenv_move *moves;   /* [K1] */
    int16_t n_keys;
    const yenv_key *keys;
    const uint8_t *lut;
    int16_t n_plots;
    const yenv_plot *plots;
    int16_t di_plot, boost_plot[2];
    int8_t h_di, h_feint, h_reverse;
    int8_t h_extra[5]; /* the character's extra heads in encoding.EXTRA_HEADS order */
    int16_t n_states;
    const yenv_state *states;
    int16_t n_res;
    const yenv_res *res;
    int16_t n_object_kinds;
    const char *const *object_kinds; /* scene basenames */
} yenv_char;

typedef struct {
    const char *scene;
    uint8_t n;
    const char *states[3];
} yenv_object_states;

typedef struct {
    uint8_t src; /* YS_ */
    double scale;
} yenv_scalar;

extern const yenv_char yenv_chars[YENV_N_CHARS];
extern const yenv_object_states yenv_object_state_names[];
extern const int yenv_n_object_state_names;
extern const yenv_scalar yenv_scalars[YENV_N_SCALARS];
extern const char *const yenv_stances[YENV_N_STANCES];
extern const int16_t yenv_dir8[9][2];
extern const uint8_t yenv_xybin_to_dir8[YENV_XY_BINS]; /* 0 when the bin is not one of the 8-way bins */

#endif
