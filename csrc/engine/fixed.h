/* I48F16 fixed point, bit-exact with the game's native math library.
 *
 * Mirrors yomi/fixed.py (which ports tbfg-lib src/utils.rs FixedMath and
 * src/point.rs FixedVec2). A value is an int64_t raw worth raw / 65536.
 * Overflow wraps silently (the game's library is a release build); only the
 * operations that panic in the library return an error code. The rules are
 * stated in yomi/fixed.py.
 */
#ifndef YOMI_FIXED_H
#define YOMI_FIXED_H

#include <stddef.h>
#include <stdint.h>

typedef int64_t fx;

#define FX_ONE ((fx)65536)
#define FX_FRAC_MASK ((fx)0xFFFF)

typedef enum {
    FX_OK = 0,
    FX_ERR_INVALID_DIGIT,
    FX_ERR_NO_DIGITS,
    FX_ERR_TOO_MANY_POINTS,
    FX_ERR_OVERFLOW,
    FX_ERR_DIV_ZERO,
    FX_ERR_SQRT_NEGATIVE,
    FX_ERR_HANG,
    FX_ERR_BAD_CALL, /* unknown method or wrong argument count/type */
} fx_err;

/* The error kinds of the reference vectors, indexed by fx_err. */
const char *fx_err_kind(fx_err err);

/* Wrapping helpers: arithmetic on uint64_t is defined to wrap in C. */
static inline fx fx_wrap_add(fx a, fx b) { return (fx)((uint64_t)a + (uint64_t)b); }
static inline fx fx_wrap_sub(fx a, fx b) { return (fx)((uint64_t)a - (uint64_t)b); }
static inline fx fx_wrap_neg(fx a) { return (fx)(0 - (uint64_t)a); }
static inline int32_t fx_wrap32(int64_t v) { return (int32_t)(uint32_t)(uint64_t)v; }

static inline fx fx_from_int(int64_t v) { return (fx)((uint64_t)v << 16); }

/* Multiply: 128-bit product, arithmetic shift right 16 (floor), wrapped to 64 bits. */
static inline fx fx_mul(fx a, fx b) {
    __int128 p = (__int128)a * (__int128)b;
    return (fx)(uint64_t)(unsigned __int128)(p >> 16);
}

/* Divide: a * 2^16 / b truncated toward zero. Returns FX_ERR_DIV_ZERO for b == 0. */
static inline fx_err fx_div(fx a, fx b, fx *out) {
    if (b == 0) return FX_ERR_DIV_ZERO;
    if (a > -((fx)1 << 47) && a < ((fx)1 << 47)) { /* a * 2^16 fits in 64 bits: the same quotient */
        *out = (a * 65536) / b;
        return FX_OK;
    }
    __int128 q = ((__int128)a * 65536) / (__int128)b; /* C division truncates toward zero */
    *out = (fx)(uint64_t)(unsigned __int128)q;
    return FX_OK;
}

/* Divide by the fixed integer k (k != 0): truncates toward zero. */
static inline fx fx_div_int(fx a, int64_t k) {
    /* (a * 2^16) / (k * 2^16) is a / k; only INT64_MIN / -1 leaves 64 bits (and wraps) */
    return k == -1 ? fx_wrap_neg(a) : a / k;
}

/* |a| (|MIN| wraps to MIN), without a branch on the sign: s is all ones below zero */
static inline fx fx_abs(fx a) {
    uint64_t s = (uint64_t)(a >> 63);
    return (fx)(((uint64_t)a ^ s) - s);
}
static inline fx fx_floor(fx a) { return (fx)((uint64_t)a & ~(uint64_t)0xFFFF); }
static inline fx fx_ceil(fx a) { return fx_wrap_add(fx_floor(a), (fx)((a & FX_FRAC_MASK) != 0) << 16); }
/* Round half away from zero: up by one unit from a fraction of one half on, except at exactly one
 * half below zero. Computed without branches: positions' fractions are as good as random, so a
 * branch on them would be mispredicted about every other time. */
static inline fx fx_round(fx a) {
    uint64_t half = ((uint64_t)a >> 15) & 1;
    uint64_t neg_tie = (uint64_t)(((a & FX_FRAC_MASK) == 0x8000) & (a < 0));
    return fx_wrap_add(fx_floor(a), (fx)((half & ~neg_tie) << 16));
}
/* to_num::<i32>: floor, keep the low 32 bits. */
static inline int32_t fx_to_i32(fx a) { return fx_wrap32(a >> 16); }
static inline int32_t fx_round_to_int(fx a) { return fx_to_i32(fx_round(a)); }
/* FixedExtra::sign: a / |a| (|MIN| wraps to MIN, so MIN gives +1). The quotient of a non-zero value
 * by its magnitude is one unit exactly, so the sign is read off without the division (and without
 * a branch: signs of velocities are as good as random). */
static inline fx fx_sign(fx a) {
    int64_t pos = (a > 0) | (a == INT64_MIN), neg = (a < 0) & (a != INT64_MIN);
    return (pos - neg) * FX_ONE;
}

/* Truncated remainder of raws; b must be non-zero. */
static inline fx fx_rem(fx a, fx b) {
    if (b == -1) return 0;
    return a % b;
}

/* the raw value of a number's text, as the library parses it (FX_OK or the error) */
fx_err fx_parse(const char *s, size_t len, fx *out);
#define FX_STR_MAX 32
/* Writes the library's Display text (NUL-terminated) into buf (at least FX_STR_MAX bytes); returns its length. */
int fx_format(fx r, char *buf);

/* a to an integer power (FixedExtra::powu: repeated wrapping products); FX_ERR_HANG for a negative one */
fx_err fx_powu(fx a, int64_t exponent, fx *out);
/* the square root (FX_ERR_SQRT_NEGATIVE below zero) */
fx_err fx_sqrt(fx a, fx *out);
/* the sine of an angle in radians (the library's polynomial) */
fx fx_sin(fx x);
/* the cosine of an angle in radians (the library's polynomial) */
fx fx_cos(fx x);
/* atan2(y, x) in radians, the library's approximation (an error where it fails) */
fx_err fx_atan2(fx y, fx x, fx *out);
/* x * x + y * y */
fx fx_length_squared(fx x, fx y);
/* the length of the vector (x, y) */
fx_err fx_length(fx x, fx y, fx *out);
/* the vector (x, y) scaled to length one (the zero vector stays zero) */
fx_err fx_normalized(fx x, fx y, fx *nx, fx *ny);
/* a * (1 - f) + b * f */
fx fx_lerp(fx a, fx b, fx f);
/* the shortest signed angle from one angle to another */
fx fx_short_angle_dist(fx from, fx to);

extern const fx FX_PI;

/* ---- the string facade: one call of a FixedMath method by name ----
 * Arguments are strings or ints as in the library; the result kind says which
 * of the out fields is set. Used by the parity tool and the binding. */
typedef enum { FM_OUT_STR, FM_OUT_INT, FM_OUT_BOOL, FM_OUT_VEC_STR, FM_OUT_VEC_INT } fm_out_kind;

typedef struct {
    int is_int;
    const char *s;
    size_t len;
    int64_t i;
} fm_arg;

typedef struct {
    fm_out_kind kind;
    char s[FX_STR_MAX];
    char s2[FX_STR_MAX];
    int64_t i, i2;
} fm_result;

/* calls the FixedMath method named op on args (strings or ints), its result in *out */
fx_err fm_call(const char *op, const fm_arg *args, int nargs, fm_result *out);

#endif
