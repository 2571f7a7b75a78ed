/* The FixedMath string facade on canonical raw values.
 *
 * Mirrors yomi/fixed.py's FixedMath class as the Python engine uses it: every method
 * parses its string arguments and prints its result, so a result is always the
 * value of its own text. Here a "string" is kept as the raw value that text parses
 * to (canonical), and each result goes through fx_rq (requantize: parse(to_str(x)))
 * instead of a real trip through text. fx_rq differs from the identity for 8
 * fractions only (x.1 .. x.9 with one decimal that the 5-digit printer rounds).
 *
 * Comparisons and round/sign/floor return plain values as the facade does.
 * FXC(1.25) is the raw value of the literal "1.25" (checked against the parser by
 * tests/engine/test_c_engine.py).
 */
#ifndef YOMI_FXS_H
#define YOMI_FXS_H

#include "fixed.h"

#define FXC(v) ((fx)((v) * 65536.0 + ((v) >= 0 ? 0.5 : -0.5)))
#define FXI(n) ((fx)(n) * 65536)

/* requantize: the value of the library's text of x. The 8 fractions (of 65536) it moves
 * by one unit have distinct top nibbles, so one 16-entry table tells them apart. */
static const uint32_t FX_RQ_FRAC[16] = {0x10000, 6553,  0x10000, 13108,   19660, 0x10000, 26215, 0x10000,
                                        0x10000, 39321, 0x10000, 45876,   52428, 0x10000, 58983, 0x10000};
static const int8_t FX_RQ_DELTA[16] = {0, 1, 0, -1, 1, 0, -1, 0, 0, 1, 0, -1, 1, 0, -1, 0};
static inline fx fx_rq(fx x) {
    /* s: all ones below zero. The magnitude and the signed step are taken without a branch on the
     * sign, which (of velocities, offsets) is as good as random. */
    uint64_t s = (uint64_t)(x >> 63);
    uint32_t f = (uint32_t)((((uint64_t)x ^ s) - s) & 0xFFFF);
    if (FX_RQ_FRAC[f >> 12] != f) return x;
    uint64_t d = (uint64_t)(int64_t)FX_RQ_DELTA[f >> 12];
    return (fx)((uint64_t)x + ((d ^ s) - s)); /* x + d, or x - d below zero */
}

static inline fx fxs_add(fx a, fx b) { return fx_rq(fx_wrap_add(a, b)); }
static inline fx fxs_sub(fx a, fx b) { return fx_rq(fx_wrap_sub(a, b)); }
static inline fx fxs_mul(fx a, fx b) { return fx_rq(fx_mul(a, b)); }
static inline fx fxs_abs(fx a) { return fx_rq(fx_abs(a)); }
static inline fx fxs_neg(fx a) { return fx_rq(fx_mul(a, -FX_ONE)); } /* fixed.mul(a, "-1") */
static inline int32_t fxs_sign(fx a) { return fx_to_i32(fx_sign(a)); }
static inline int32_t fxs_round(fx a) { return fx_round_to_int(a); }
static inline int32_t fxs_floor(fx a) { return fx_to_i32(fx_floor(a)); }
static inline fx fxs_powu(fx a, int64_t e) {
    fx out = FX_ONE;
    fx_powu(a, e < 0 ? 0 : e, &out);
    return fx_rq(out);
}
static inline fx fxs_lerp(fx a, fx b, fx f) { return fx_rq(fx_lerp(a, b, f)); }
static inline fx fxs_int(int64_t n) { return fx_from_int(n); } /* str(int) parsed */

/* vec_len; the sqrt cannot fail on a sum of squares unless it overflows (then 0 like a panic-free path) */
static inline fx fxs_vec_len(fx x, fx y) {
    fx out = 0;
    if (fx_length(x, y, &out)) out = 0;
    return fx_rq(out);
}
static inline void fxs_vec_mul(fx x, fx y, fx k, fx *ox, fx *oy) {
    *ox = fx_rq(fx_mul(x, k));
    *oy = fx_rq(fx_mul(y, k));
}
static inline void fxs_normalized(fx x, fx y, fx *ox, fx *oy) {
    fx nx = 0, ny = 0;
    fx_normalized(x, y, &nx, &ny);
    *ox = fx_rq(nx);
    *oy = fx_rq(ny);
}
static inline void fxs_normalized_times(fx x, fx y, fx k, fx *ox, fx *oy) {
    fx nx = 0, ny = 0;
    fx_normalized(x, y, &nx, &ny);
    *ox = fx_rq(fx_mul(nx, k));
    *oy = fx_rq(fx_mul(ny, k));
}
static inline fx fxs_vec_dist(fx x1, fx y1, fx x2, fx y2) { return fxs_vec_len(fx_wrap_sub(x1, x2), fx_wrap_sub(y1, y2)); }

#endif
