/* Godot 3.6 randomness as the game sees it, bit for bit.
 *
 * Mirrors yomi/rng.py: Godot's hash() of ints, strings and floats; the
 * RandomNumberGenerator (PCG32 on Godot's default stream) with its seed/state
 * properties and draws; the game's framework/BetterRng.gd helpers; and the
 * per-draw reseeding of obj/BaseObj.gd (hash_rng, hash_static_rng) with the
 * fingerprint of characters/BaseChar.gd (get_state_hash).
 *
 * GDScript ints are int64_t and wrap; "state" and "seed" read back as int64_t
 * as GDScript sees them. No allocation anywhere.
 */
#ifndef YOMI_RNG_H
#define YOMI_RNG_H

#include <stddef.h>
#include <stdint.h>

#define GD_PCG_MULT 6364136223846793005ULL
#define GD_PCG_DEFAULT_INC 1442695040888963407ULL /* the generator steps with (inc << 1) | 1 */
#define GD_RNG_DEFAULT_SEED 12047754176567800795ULL

typedef enum {
    GD_OK = 0,
    GD_ERR_RANGE_ZERO,  /* randi_range whose 32-bit size wraps to 0: Godot 3.6 dies of SIGFPE */
    GD_ERR_EMPTY,       /* choose/weighted_choice on nothing: GDScript modulo by zero */
    GD_ERR_BAD_UTF8,    /* a string argument that is not valid UTF-8 */
    GD_ERR_BAD_WEIGHTS, /* fewer weights than choices: GDScript index out of range */
} gd_err;

/* ---- hash() ---- */
static inline uint32_t gd_hash_int(int64_t v) { return (uint32_t)(uint64_t)v; }
/* djb2 over code points; the text is UTF-8 (len bytes). */
gd_err gd_hash_str(const char *utf8, size_t len, uint32_t *out);
/* For ASCII/UTF-8 text known to be valid (game strings): NUL-terminated. */
uint32_t gd_hash_cstr(const char *utf8);
/* hash() of a GDScript float */
uint32_t gd_hash_float(double v);

/* A hashable GDScript value: an int or a String (the DI is either). */
typedef struct {
    int is_str;
    int64_t i;
    const char *s; /* NUL-terminated UTF-8 when is_str */
} gd_value;

static inline gd_value gd_int(int64_t v) { return (gd_value){.is_str = 0, .i = v, .s = NULL}; }
static inline gd_value gd_str(const char *s) { return (gd_value){.is_str = 1, .i = 0, .s = s}; }
/* hash() of an int or a String */
uint32_t gd_hash_value(gd_value v);

/* ---- the reseeding rules ---- */
/* BaseChar.get_state_hash: hash(px)+hash(py)+hash(vx str)+hash(vy str)+hash(di x)+hash(di y)+hash(state). */
int64_t gd_state_hash(int64_t pos_x, int64_t pos_y, const char *vel_x, const char *vel_y,
                      gd_value di_x, gd_value di_y, const char *state_name);
/* BaseObj.hash_rng: the seed hash(state + hash(own) + hash(opp)). */
uint32_t gd_reseed(int64_t state, int64_t own_hash, int64_t opp_hash);
/* BaseObj.hash_static_rng: the seed hash(state + hash(game_tick)). */
uint32_t gd_reseed_static(int64_t state, int64_t game_tick);

/* ---- RandomNumberGenerator ---- */
typedef struct {
    uint64_t state;
    uint64_t inc;
    uint64_t seed; /* the seed set last, or the state before the latest 32-bit draw */
} gd_rng;

void gd_rng_init(gd_rng *r); /* RandomNumberGenerator.new() */
/* RandomNumberGenerator.seed = seed (the state is derived from it) */
void gd_rng_set_seed(gd_rng *r, int64_t seed);
static inline int64_t gd_rng_get_seed(const gd_rng *r) { return (int64_t)r->seed; }
static inline void gd_rng_set_state(gd_rng *r, int64_t state) { r->state = (uint64_t)state; }
static inline int64_t gd_rng_get_state(const gd_rng *r) { return (int64_t)r->state; }

/* RandomNumberGenerator.randi: the next 32-bit number */
uint32_t gd_rng_randi(gd_rng *r);
/* Arguments are GDScript ints, cut to C int (32 bits). Biased modulo draw, one draw. */
gd_err gd_rng_randi_range(gd_rng *r, int64_t from, int64_t to, int32_t *out);
/* RandomNumberGenerator.randf: a float in [0, 1] */
float gd_rng_randf(gd_rng *r);
/* RandomNumberGenerator.randf_range: a float between from and to */
float gd_rng_randf_range(gd_rng *r, double from, double to);

/* ---- framework/BetterRng.gd ---- */
gd_err gd_rng_choose_index(gd_rng *r, int64_t n, int64_t *out);
/* weights == NULL (or n_weights == 0): the default n, n-1, ..., 1. n_weights must be >= n otherwise. */
gd_err gd_rng_weighted_choice(gd_rng *r, int64_t n, const int64_t *weights, size_t n_weights, int64_t *out);
/* BetterRng.coin_flip: 1 or 0 */
int gd_rng_coin_flip(gd_rng *r);
/* BetterRng.percent: 1 with that percent chance */
int gd_rng_percent(gd_rng *r, double percent);
/* BetterRng.random_sign: 1 or -1 */
int gd_rng_random_sign(gd_rng *r);
static inline void gd_rng_hash_rng(gd_rng *r, int64_t own_hash, int64_t opp_hash) {
    gd_rng_set_seed(r, (int64_t)gd_reseed(gd_rng_get_state(r), own_hash, opp_hash));
}
static inline void gd_rng_hash_static_rng(gd_rng *r, int64_t game_tick) {
    gd_rng_set_seed(r, (int64_t)gd_reseed_static(gd_rng_get_state(r), game_tick));
}

#endif
