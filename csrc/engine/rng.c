/* Godot 3.6 randomness: mirrors yomi/rng.py (see rng.h). */
#include "rng.h"

#include <math.h>
#include <string.h>

#define U32 0xFFFFFFFFu

/* ---- hash() ---- */

/* Decodes one UTF-8 code point at s[*i]; returns -1 on malformed input. */
static int64_t utf8_next(const unsigned char *s, size_t len, size_t *i) {
    unsigned char c = s[*i];
    int extra;
    uint32_t cp;
    if (c < 0x80) { *i += 1; return c; }
    if ((c & 0xE0) == 0xC0) { extra = 1; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { extra = 2; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { extra = 3; cp = c & 0x07; }
    else return -1;
    if (*i + (size_t)extra >= len) return -1; /* truncated sequence */
    for (int k = 1; k <= extra; k++) {
        unsigned char cc = s[*i + (size_t)k];
        if ((cc & 0xC0) != 0x80) return -1;
        cp = (cp << 6) | (cc & 0x3F);
    }
    *i += (size_t)extra + 1;
    return cp;
}

gd_err gd_hash_str(const char *utf8, size_t len, uint32_t *out) {
    const unsigned char *s = (const unsigned char *)utf8;
    uint32_t h = 5381;
    size_t i = 0;
    while (i < len) {
        int64_t cp = utf8_next(s, len, &i);
        if (cp < 0) return GD_ERR_BAD_UTF8;
        h = h * 33u + (uint32_t)cp; /* unsigned arithmetic wraps mod 2^32 */
    }
    *out = h;
    return GD_OK;
}

uint32_t gd_hash_cstr(const char *utf8) {
    uint32_t h = 0;
    if (gd_hash_str(utf8, strlen(utf8), &h) != GD_OK) {
        /* Not valid UTF-8: hash the bytes, the best a caller of this variant can get. */
        h = 5381;
        for (const unsigned char *p = (const unsigned char *)utf8; *p; p++) h = h * 33u + *p;
    }
    return h;
}

/* Godot's 64-bit to 32-bit integer hash (core/hashfuncs.h). */
static uint32_t mix64(uint64_t v) {
    v = (~v) + (v << 18);
    v ^= v >> 31;
    v *= 21;
    v ^= v >> 11;
    v += v << 6;
    v ^= v >> 22;
    return (uint32_t)v;
}

uint32_t gd_hash_float(double v) {
    if (v == 0.0) v = 0.0; /* -0.0 hashes as +0.0 */
    else if (isnan(v)) v = NAN; /* every NaN hashes as the canonical quiet NaN */
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    return 5381u * 33u + mix64(bits);
}

uint32_t gd_hash_value(gd_value v) { return v.is_str ? gd_hash_cstr(v.s) : gd_hash_int(v.i); }

/* ---- the reseeding rules ---- */

int64_t gd_state_hash(int64_t pos_x, int64_t pos_y, const char *vel_x, const char *vel_y,
                      gd_value di_x, gd_value di_y, const char *state_name) {
    uint64_t sum = (uint64_t)gd_hash_int(pos_x) + gd_hash_int(pos_y) + gd_hash_cstr(vel_x) + gd_hash_cstr(vel_y) +
                   gd_hash_value(di_x) + gd_hash_value(di_y) + gd_hash_cstr(state_name);
    return (int64_t)sum;
}

uint32_t gd_reseed(int64_t state, int64_t own_hash, int64_t opp_hash) {
    uint64_t input = (uint64_t)gd_hash_int(own_hash) + gd_hash_int(opp_hash);
    return gd_hash_int((int64_t)((uint64_t)state + input));
}

uint32_t gd_reseed_static(int64_t state, int64_t game_tick) {
    return gd_hash_int((int64_t)((uint64_t)state + gd_hash_int(game_tick)));
}

/* ---- RandomNumberGenerator ---- */

static inline void step(gd_rng *r) { r->state = r->state * GD_PCG_MULT + r->inc; }

void gd_rng_init(gd_rng *r) {
    r->inc = (GD_PCG_DEFAULT_INC << 1) | 1u;
    gd_rng_set_seed(r, (int64_t)GD_RNG_DEFAULT_SEED);
}

void gd_rng_set_seed(gd_rng *r, int64_t seed) {
    /* pcg32_srandom: state 0, one step, add the seed, one step. */
    r->seed = (uint64_t)seed;
    r->state = 0;
    step(r);
    r->state += r->seed;
    step(r);
}

uint32_t gd_rng_randi(gd_rng *r) {
    uint64_t old = r->state;
    r->seed = old; /* Godot 3.6 remembers the pre-draw state as the "seed" */
    step(r);
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31u));
}

gd_err gd_rng_randi_range(gd_rng *r, int64_t from, int64_t to, int32_t *out) {
    int32_t lo = (int32_t)(uint32_t)(uint64_t)from, hi = (int32_t)(uint32_t)(uint64_t)to;
    if (hi < lo) { int32_t t = lo; lo = hi; hi = t; }
    uint32_t size = (uint32_t)hi - (uint32_t)lo + 1u;
    if (size == 0) return GD_ERR_RANGE_ZERO;
    *out = (int32_t)(gd_rng_randi(r) % size + (uint32_t)lo);
    return GD_OK;
}

float gd_rng_randf(gd_rng *r) {
    uint32_t exponent_source = gd_rng_randi(r);
    if (exponent_source == 0) return 0.0f;
    uint32_t significand = gd_rng_randi(r) | 0x80000001u;
    int leading_zeros = __builtin_clz(exponent_source);
    return ldexpf((float)significand, -32 - leading_zeros);
}

float gd_rng_randf_range(gd_rng *r, double from, double to) {
    /* Every step in float32 (Godot 3's real_t); separate statements keep the compiler from fusing them. */
    float lo = (float)from, hi = (float)to;
    float span = hi - lo;
    float scaled = gd_rng_randf(r) * span;
    float result = scaled + lo;
    return result;
}

/* ---- framework/BetterRng.gd ---- */

gd_err gd_rng_choose_index(gd_rng *r, int64_t n, int64_t *out) {
    if (n <= 0) return GD_ERR_EMPTY;
    int64_t index = (int64_t)(gd_rng_randi(r) % (uint64_t)n) - 1;
    *out = index < 0 ? index + n : index; /* array[-1] is the last element */
    return GD_OK;
}

gd_err gd_rng_weighted_choice(gd_rng *r, int64_t n, const int64_t *weights, size_t n_weights, int64_t *out) {
    int use_default = weights == NULL || n_weights == 0;
    if (n < 0) n = 0;
    if (!use_default && n_weights < (size_t)n) return GD_ERR_BAD_WEIGHTS;
    uint64_t sum = 0;
    for (int64_t i = 0; i < n; i++) sum += (uint64_t)(use_default ? n - i : weights[i]);
    int32_t drawn;
    gd_err err = gd_rng_randi_range(r, 0, (int64_t)sum, &drawn);
    if (err) return err;
    int64_t rnd = drawn;
    for (int64_t i = 0; i < n; i++) {
        int64_t w = use_default ? n - i : weights[i];
        if (rnd <= w) { *out = i; return GD_OK; }
        rnd = (int64_t)((uint64_t)rnd - (uint64_t)w);
    }
    *out = 0; /* the game's fall-through */
    return GD_OK;
}

int gd_rng_coin_flip(gd_rng *r) { return gd_rng_randi(r) % 2u == 0; }

int gd_rng_percent(gd_rng *r, double percent) { return (double)gd_rng_randf_range(r, 0.0, 100.0) < percent; }

int gd_rng_random_sign(gd_rng *r) { return gd_rng_coin_flip(r) ? 1 : -1; }
