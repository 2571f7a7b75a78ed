/* I48F16 parsing, printing, sqrt, trigonometry and the FixedMath string facade.
 * Mirrors yomi/fixed.py function for function; see that module for the rules
 * and why each quirk is kept. */
#include "fixed.h"

#include <math.h>
#include <string.h>

const fx FX_PI = 205887; /* "3.14159265358979323846264338" parsed by the library */
#define HALF_PI_TRUNC ((fx)102943)
#define MIXED_PI ((fx)205887)
#define TAU ((fx)411774)
#define ATAN_C ((fx)18432) /* 0.28125 */

static const char *const ERR_KINDS[] = {
    "ok", "parse_invalid_digit", "parse_no_digits", "parse_too_many_points", "parse_overflow",
    "division_by_zero", "sqrt_negative", "hang", "bad_call",
};

const char *fx_err_kind(fx_err err) {
    if ((unsigned)err < sizeof ERR_KINDS / sizeof ERR_KINDS[0]) return ERR_KINDS[err];
    return "unknown";
}

/* ------------------------------------------------------------------ parsing */

/* Fraction digits (trailing zeros already removed) rounded to 16 bits: nearest, ties
 * to even, with the crate's quirk that a fraction ending while equal to a prefix of
 * the midpoint's expansion counts as a tie. */
static int64_t round_fraction(const char *d, size_t n) {
    if (n <= 6) {
        int64_t v = 0;
        for (size_t i = 0; i < 6; i++) v = v * 10 + (i < n ? d[i] - '0' : 0);
        int64_t scaled = v * 65536;
        int64_t q = scaled / 1000000, r = scaled % 1000000;
        if (2 * r > 1000000 || (2 * r == 1000000 && (q & 1))) q++;
        return q;
    }
    int64_t first6 = 0;
    for (size_t i = 0; i < 6; i++) first6 = first6 * 10 + (d[i] - '0');
    int64_t f0 = first6 * 65536 / 1000000;
    /* midpoint (2 f0 + 1) / 2^17 = (2 f0 + 1) * 5^17 / 10^17: exactly 17 digits */
    uint64_t mid = (uint64_t)(2 * f0 + 1) * 762939453125ULL;
    char mdig[17];
    for (int i = 16; i >= 0; i--) { mdig[i] = (char)('0' + mid % 10); mid /= 10; }
    size_t common = n < 17 ? n : 17;
    for (size_t i = 0; i < common; i++) {
        if (d[i] != mdig[i]) return d[i] < mdig[i] ? f0 : f0 + 1;
    }
    if (n > 17) return f0 + 1;
    return (f0 % 2 == 0) ? f0 : f0 + 1;
}

fx_err fx_parse(const char *s, size_t len, fx *out) {
    size_t start = 0;
    int negative = 0;
    if (len > 0 && (s[0] == '+' || s[0] == '-')) { negative = s[0] == '-'; start = 1; }
    size_t point = (size_t)-1;
    for (size_t i = start; i < len; i++) {
        char c = s[i];
        if (c == '.') {
            if (point != (size_t)-1) return FX_ERR_TOO_MANY_POINTS;
            point = i;
        } else if (c < '0' || c > '9') {
            return FX_ERR_INVALID_DIGIT;
        }
    }
    size_t int_begin = start, int_end = point == (size_t)-1 ? len : point;
    size_t frac_begin = point == (size_t)-1 ? len : point + 1, frac_end = len;
    if (int_end == int_begin && frac_end == frac_begin) return FX_ERR_NO_DIGITS;

    /* integer part: anything at or above 2^48 is an overflow whatever the fraction */
    uint64_t ip = 0;
    int too_big = 0;
    for (size_t i = int_begin; i < int_end; i++) {
        if (!too_big) {
            ip = ip * 10 + (uint64_t)(s[i] - '0');
            if (ip >= (1ULL << 48)) too_big = 1;
        }
    }
    while (frac_end > frac_begin && s[frac_end - 1] == '0') frac_end--;
    int64_t frac = round_fraction(s + frac_begin, frac_end - frac_begin);
    if (too_big) return FX_ERR_OVERFLOW;
    unsigned __int128 magnitude = ((unsigned __int128)ip << 16) + (unsigned __int128)frac;
    unsigned __int128 limit = negative ? ((unsigned __int128)1 << 63) : (((unsigned __int128)1 << 63) - 1);
    if (magnitude > limit) return FX_ERR_OVERFLOW;
    uint64_t m = (uint64_t)magnitude;
    *out = negative ? (fx)(0 - m) : (fx)m;
    return FX_OK;
}

/* ------------------------------------------------------------------ printing */

int fx_format(fx r, char *buf) {
    uint64_t a = r < 0 ? 0 - (uint64_t)r : (uint64_t)r;
    uint64_t ip = a >> 16;
    uint32_t f = (uint32_t)(a & 0xFFFF);
    char tmp[FX_STR_MAX];
    int n = 0;
    if (r < 0) tmp[n++] = '-';
    char ibuf[24];
    int il = 0;
    do { ibuf[il++] = (char)('0' + ip % 10); ip /= 10; } while (ip);
    while (il) tmp[n++] = ibuf[--il];
    if (f) {
        int digits[5], nd = 0;
        uint32_t tie = 0;
        for (int i = 0; i < 5; i++) {
            uint32_t p = f * 10;
            digits[nd++] = (int)(p >> 16);
            f = p & 0xFFFF;
            if (f < 10 || ((65536 - f) & 0xFFFF) < 10) break;
            tie = (tie * 10) & 0xFFFF;
            if (nd == 1) tie += 5;
            if (f < tie || ((65536 - f) & 0xFFFF) < tie) break;
        }
        if (f > 32768 || (f == 32768 && (digits[nd - 1] & 1))) {
            while (nd && digits[nd - 1] == 9) nd--;
            if (nd) digits[nd - 1]++;
        } else {
            while (nd && digits[nd - 1] == 0) nd--;
        }
        if (nd) {
            tmp[n++] = '.';
            for (int i = 0; i < nd; i++) tmp[n++] = (char)('0' + digits[i]);
        }
    }
    memcpy(buf, tmp, (size_t)n);
    buf[n] = 0;
    return n;
}

/* ------------------------------------------------------------------ sqrt, powers, trig */

static uint64_t isqrt_u64(uint64_t v) {
    /* exact floor(sqrt(v)) for v < 2^63: the double estimate is off by at most a few
     * units; integer steps correct it, so the result never depends on float rounding */
    uint64_t r = (uint64_t)sqrt((double)v);
    if (r > 3037000499ULL) r = 3037000499ULL; /* floor(sqrt(2^63 - 1)): r * r stays in 64 bits */
    while (r * r > v) r--;
    while ((r + 1) * (r + 1) <= v) r++;
    return r;
}

fx_err fx_sqrt(fx a, fx *out) {
    if (a < 0) return FX_ERR_SQRT_NEGATIVE;
    *out = (fx)(isqrt_u64((uint64_t)a) << 8);
    return FX_OK;
}

fx_err fx_powu(fx a, int64_t exponent, fx *out) {
    if (exponent < 0) return FX_ERR_HANG; /* the library loops ~2^64 times */
    fx result = FX_ONE;
    for (int64_t i = 0; i < exponent; i++) {
        fx next = fx_mul(result, a);
        if (next == result) break; /* fixed point: further steps change nothing */
        result = next;
    }
    *out = result;
    return FX_OK;
}

fx fx_sin(fx x) {
    if (x < -HALF_PI_TRUNC) x = fx_wrap_sub(-HALF_PI_TRUNC, fx_wrap_add(x, HALF_PI_TRUNC));
    else if (x > HALF_PI_TRUNC) x = fx_wrap_sub(HALF_PI_TRUNC, fx_wrap_sub(x, HALF_PI_TRUNC));
    fx p2 = fx_mul(x, x), p3 = fx_mul(p2, x), p4 = fx_mul(p3, x), p5 = fx_mul(p4, x);
    fx p6 = fx_mul(p5, x), p7 = fx_mul(p6, x), p8 = fx_mul(p7, x), p9 = fx_mul(p8, x);
    fx s = fx_wrap_sub(x, fx_div_int(p3, 6));
    s = fx_wrap_add(s, fx_div_int(p5, 120));
    s = fx_wrap_sub(s, fx_div_int(p7, 315) >> 4);
    s = fx_wrap_add(s, fx_div_int(fx_div_int(fx_div_int(p9, 81), 7), 5) >> 7);
    return s;
}

static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

fx fx_cos(fx x) {
    fx t = fx_wrap_add(x, HALF_PI_TRUNC);
    /* the library adds or subtracts one turn at a time; this takes the same number of turns at once */
    if (t < -MIXED_PI) t += -floor_div(t + MIXED_PI, TAU) * TAU;
    if (t >= MIXED_PI) t -= (floor_div(t - MIXED_PI, TAU) + 1) * TAU;
    return fx_sin(t);
}

fx_err fx_atan2(fx y, fx x, fx *out) {
    fx half_pi = fx_div_int(MIXED_PI, 2);
    if (y == 0) { *out = x < 0 ? MIXED_PI : 0; return FX_OK; }
    if (x == 0) { *out = y > 0 ? half_pi : fx_div_int(-MIXED_PI, 2); return FX_OK; }
    fx d = fx_wrap_sub(fx_abs(y), fx_abs(x));
    fx xy = fx_mul(x, y);
    fx den1 = fx_wrap_add(fx_mul(x, x), fx_mul(ATAN_C, fx_mul(y, y)));
    fx den2 = fx_wrap_add(fx_mul(y, y), fx_mul(ATAN_C, fx_mul(x, x)));
    int use_p1;
    fx base;
    if (y > 0) {
        if (x > 0) { use_p1 = d < 0; base = use_p1 ? 0 : half_pi; }
        else { use_p1 = !(d >= 0); base = use_p1 ? MIXED_PI : half_pi; }
    } else {
        if (x > 0) { use_p1 = d < 0; base = use_p1 ? 0 : -half_pi; }
        else { use_p1 = !(d >= 0); base = use_p1 ? -MIXED_PI : -half_pi; }
    }
    fx term;
    fx_err err = fx_div(xy, use_p1 ? den1 : den2, &term);
    if (err) return err;
    *out = use_p1 ? fx_wrap_add(base, term) : fx_wrap_sub(base, term);
    return FX_OK;
}

fx fx_length_squared(fx x, fx y) {
    fx ax = fx_abs(x), ay = fx_abs(y);
    return fx_wrap_add(fx_mul(ax, ax), fx_mul(ay, ay));
}

fx_err fx_length(fx x, fx y, fx *out) { return fx_sqrt(fx_length_squared(x, y), out); }

fx_err fx_normalized(fx x, fx y, fx *nx, fx *ny) {
    fx len;
    fx_err err = fx_length(x, y, &len);
    if (err) return err;
    if (len > 0) {
        fx_div(x, len, nx);
        fx_div(y, len, ny);
    } else {
        *nx = 0;
        *ny = 0;
    }
    return FX_OK;
}

fx fx_lerp(fx a, fx b, fx f) { return fx_wrap_add(fx_mul(a, fx_wrap_sub(FX_ONE, f)), fx_mul(b, f)); }

fx fx_short_angle_dist(fx from, fx to) {
    fx full_turn = FX_PI * 2;
    fx difference = fx_rem(fx_wrap_sub(to, from), full_turn);
    return fx_wrap_sub(fx_rem((fx)((uint64_t)difference * 2), full_turn), difference);
}

/* ------------------------------------------------------------------ the string facade */

#define TRY(expr) do { fx_err e_ = (expr); if (e_) return e_; } while (0)

static fx_err arg_fx(const fm_arg *a, fx *out) {
    if (a->is_int) return FX_ERR_BAD_CALL;
    return fx_parse(a->s, a->len, out);
}

static fx_err arg_int(const fm_arg *a, int64_t *out) {
    if (!a->is_int) return FX_ERR_BAD_CALL;
    *out = (int64_t)fx_wrap32(a->i); /* i32 parameters wrap */
    return FX_OK;
}

static fx_err parse_all(const fm_arg *args, int n, fx *out) {
    for (int i = 0; i < n; i++) TRY(arg_fx(&args[i], &out[i]));
    return FX_OK;
}

static fx_err out_str(fm_result *r, fx v) { r->kind = FM_OUT_STR; fx_format(v, r->s); return FX_OK; }
static fx_err out_int(fm_result *r, int64_t v) { r->kind = FM_OUT_INT; r->i = v; return FX_OK; }
static fx_err out_bool(fm_result *r, int v) { r->kind = FM_OUT_BOOL; r->i = v != 0; return FX_OK; }
static fx_err out_vec(fm_result *r, fx x, fx y) {
    r->kind = FM_OUT_VEC_STR;
    fx_format(x, r->s);
    fx_format(y, r->s2);
    return FX_OK;
}
static fx_err out_vec_int(fm_result *r, int64_t x, int64_t y) {
    r->kind = FM_OUT_VEC_INT;
    r->i = x;
    r->i2 = y;
    return FX_OK;
}

typedef fx_err (*fm_impl)(const fm_arg *, fm_result *);

static fx_err m_add(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_str(r, fx_wrap_add(v[0], v[1])); }
static fx_err m_sub(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_str(r, fx_wrap_sub(v[0], v[1])); }
static fx_err m_mul(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_str(r, fx_mul(v[0], v[1])); }
static fx_err m_div(const fm_arg *a, fm_result *r) {
    fx v[2], q;
    TRY(parse_all(a, 2, v));
    TRY(fx_div(v[0], v[1], &q));
    return out_str(r, q);
}
static fx_err m_abs(const fm_arg *a, fm_result *r) { fx v; TRY(arg_fx(a, &v)); return out_str(r, fx_abs(v)); }
static fx_err m_sign(const fm_arg *a, fm_result *r) { fx v; TRY(arg_fx(a, &v)); return out_int(r, fx_to_i32(fx_sign(v))); }
static fx_err m_powu(const fm_arg *a, fm_result *r) {
    fx v, p;
    int64_t e;
    TRY(arg_fx(&a[0], &v));
    TRY(arg_int(&a[1], &e));
    TRY(fx_powu(v, e, &p));
    return out_str(r, p);
}
static fx_err m_floor(const fm_arg *a, fm_result *r) { fx v; TRY(arg_fx(a, &v)); return out_int(r, fx_to_i32(fx_floor(v))); }
static fx_err m_ceil(const fm_arg *a, fm_result *r) { fx v; TRY(arg_fx(a, &v)); return out_int(r, fx_to_i32(fx_ceil(v))); }
static fx_err m_round(const fm_arg *a, fm_result *r) { fx v; TRY(arg_fx(a, &v)); return out_int(r, fx_round_to_int(v)); }
static fx_err m_lt(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_bool(r, v[0] < v[1]); }
static fx_err m_gt(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_bool(r, v[0] > v[1]); }
static fx_err m_le(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_bool(r, v[0] <= v[1]); }
static fx_err m_ge(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_bool(r, v[0] >= v[1]); }
static fx_err m_eq(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_bool(r, v[0] == v[1]); }
static fx_err m_lerp_string(const fm_arg *a, fm_result *r) { fx v[3]; TRY(parse_all(a, 3, v)); return out_str(r, fx_lerp(v[0], v[1], v[2])); }
static fx_err m_lerp_int(const fm_arg *a, fm_result *r) {
    fx v[2], t;
    int64_t maximum, f;
    TRY(parse_all(a, 2, v));
    TRY(arg_int(&a[2], &maximum));
    TRY(arg_int(&a[3], &f));
    TRY(fx_div(fx_from_int(f), fx_from_int(maximum), &t));
    return out_int(r, fx_to_i32(fx_lerp(v[0], v[1], t)));
}
static fx_err m_deg2rad(const fm_arg *a, fm_result *r) { fx v; TRY(arg_fx(a, &v)); return out_str(r, fx_div_int(fx_mul(v, FX_PI), 180)); }
static fx_err m_angle_dist(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_str(r, fx_short_angle_dist(v[0], v[1])); }
static fx_err m_lerp_angle(const fm_arg *a, fm_result *r) {
    fx v[3];
    TRY(parse_all(a, 3, v));
    return out_str(r, fx_wrap_add(v[0], fx_mul(fx_short_angle_dist(v[0], v[1]), v[2])));
}
static fx_err m_angle_to_vec(const fm_arg *a, fm_result *r) { fx t; TRY(arg_fx(a, &t)); return out_vec(r, fx_cos(t), fx_sin(t)); }
static fx_err m_int_map(const fm_arg *a, fm_result *r) {
    int64_t n[5];
    for (int i = 0; i < 5; i++) TRY(arg_int(&a[i], &n[i]));
    fx v = fx_from_int(n[0]), i0 = fx_from_int(n[1]), i1 = fx_from_int(n[2]), o0 = fx_from_int(n[3]), o1 = fx_from_int(n[4]);
    fx q;
    TRY(fx_div(fx_wrap_sub(v, i0), fx_wrap_sub(i1, i0), &q));
    return out_int(r, fx_to_i32(fx_wrap_add(o0, fx_mul(fx_wrap_sub(o1, o0), q))));
}
static fx_err m_get_x_intercept(const fm_arg *a, fm_result *r) {
    /* reproduced as written in the library: it mixes the roles of x and y */
    fx v[4], slope, out;
    TRY(parse_all(a, 4, v));
    fx x1 = v[0], y1 = v[1], x2 = v[2], y2 = v[3];
    if (y2 == y1 || x2 == x1) return out_str(r, fx_mul(fx_from_int(2147483647), fx_sign(fx_wrap_sub(x2, x1))));
    TRY(fx_div(fx_wrap_sub(y2, y1), fx_wrap_sub(x2, x1), &slope));
    fx intercept = fx_wrap_sub(x1, fx_mul(slope, y1));
    TRY(fx_div(fx_wrap_sub(y1, intercept), slope, &out));
    return out_str(r, out);
}
static fx_err m_vec_add(const fm_arg *a, fm_result *r) { fx v[4]; TRY(parse_all(a, 4, v)); return out_vec(r, fx_wrap_add(v[0], v[2]), fx_wrap_add(v[1], v[3])); }
static fx_err m_vec_sub(const fm_arg *a, fm_result *r) { fx v[4]; TRY(parse_all(a, 4, v)); return out_vec(r, fx_wrap_sub(v[0], v[2]), fx_wrap_sub(v[1], v[3])); }
static fx_err m_vec_mul(const fm_arg *a, fm_result *r) { fx v[3]; TRY(parse_all(a, 3, v)); return out_vec(r, fx_mul(v[0], v[2]), fx_mul(v[1], v[2])); }
static fx_err m_vec_div(const fm_arg *a, fm_result *r) {
    fx v[3], x, y;
    TRY(parse_all(a, 3, v));
    TRY(fx_div(v[0], v[2], &x));
    TRY(fx_div(v[1], v[2], &y));
    return out_vec(r, x, y);
}
static fx_err m_vec_dot(const fm_arg *a, fm_result *r) { fx v[4]; TRY(parse_all(a, 4, v)); return out_str(r, fx_wrap_add(fx_mul(v[0], v[2]), fx_mul(v[1], v[3]))); }
static fx_err m_vec_len(const fm_arg *a, fm_result *r) { fx v[2], l; TRY(parse_all(a, 2, v)); TRY(fx_length(v[0], v[1], &l)); return out_str(r, l); }
static fx_err m_vec_len_squared(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_str(r, fx_length_squared(v[0], v[1])); }
static fx_err m_vec_dist(const fm_arg *a, fm_result *r) {
    fx v[4], l;
    TRY(parse_all(a, 4, v));
    TRY(fx_length(fx_wrap_sub(v[0], v[2]), fx_wrap_sub(v[1], v[3]), &l));
    return out_str(r, l);
}
static fx_err m_vec_dist_squared(const fm_arg *a, fm_result *r) {
    fx v[4];
    TRY(parse_all(a, 4, v));
    return out_str(r, fx_length_squared(fx_wrap_sub(v[0], v[2]), fx_wrap_sub(v[1], v[3])));
}
static fx_err m_vec_to_angle(const fm_arg *a, fm_result *r) { fx v[2], t; TRY(parse_all(a, 2, v)); TRY(fx_atan2(v[1], v[0], &t)); return out_str(r, t); }
static fx_err m_normalized_vec(const fm_arg *a, fm_result *r) {
    fx v[2], nx, ny;
    TRY(parse_all(a, 2, v));
    TRY(fx_normalized(v[0], v[1], &nx, &ny));
    return out_vec(r, nx, ny);
}
static fx_err m_normalized_vec_times(const fm_arg *a, fm_result *r) {
    fx v[3], nx, ny;
    TRY(parse_all(a, 3, v));
    TRY(fx_normalized(v[0], v[1], &nx, &ny));
    return out_vec(r, fx_mul(nx, v[2]), fx_mul(ny, v[2]));
}
static fx_err m_rotate_vec(const fm_arg *a, fm_result *r) {
    fx v[3];
    TRY(parse_all(a, 3, v));
    fx c = fx_cos(v[2]), s = fx_sin(v[2]);
    return out_vec(r, fx_wrap_sub(fx_mul(v[0], c), fx_mul(v[1], s)), fx_wrap_add(fx_mul(v[0], s), fx_mul(v[1], c)));
}
static fx_err m_vec_round(const fm_arg *a, fm_result *r) { fx v[2]; TRY(parse_all(a, 2, v)); return out_vec_int(r, fx_round_to_int(v[0]), fx_round_to_int(v[1])); }
static fx_err m_vec_scale(const fm_arg *a, fm_result *r) {
    fx v[3];
    TRY(parse_all(a, 3, v));
    fx f = fx_lerp(0, FX_ONE, v[2]); /* the library scales by lerp(0, 1, f), which is exactly f */
    return out_vec_int(r, fx_round_to_int(fx_mul(v[0], f)), fx_round_to_int(fx_mul(v[1], f)));
}

static const struct { const char *name; int nargs; fm_impl fn; } METHODS[] = {
    {"abs", 1, m_abs}, {"add", 2, m_add}, {"angle_dist", 2, m_angle_dist}, {"angle_to_vec", 1, m_angle_to_vec},
    {"ceil", 1, m_ceil}, {"deg2rad", 1, m_deg2rad}, {"div", 2, m_div}, {"eq", 2, m_eq}, {"floor", 1, m_floor},
    {"ge", 2, m_ge}, {"get_x_intercept", 4, m_get_x_intercept}, {"gt", 2, m_gt}, {"int_map", 5, m_int_map},
    {"le", 2, m_le}, {"lerp_angle", 3, m_lerp_angle}, {"lerp_int", 4, m_lerp_int}, {"lerp_string", 3, m_lerp_string},
    {"lt", 2, m_lt}, {"mul", 2, m_mul}, {"normalized_vec", 2, m_normalized_vec},
    {"normalized_vec_times", 3, m_normalized_vec_times}, {"powu", 2, m_powu}, {"rotate_vec", 3, m_rotate_vec},
    {"round", 1, m_round}, {"sign", 1, m_sign}, {"sub", 2, m_sub}, {"vec_add", 4, m_vec_add},
    {"vec_dist", 4, m_vec_dist}, {"vec_dist_squared", 4, m_vec_dist_squared}, {"vec_div", 3, m_vec_div},
    {"vec_dot", 4, m_vec_dot}, {"vec_len", 2, m_vec_len}, {"vec_len_squared", 2, m_vec_len_squared},
    {"vec_mul", 3, m_vec_mul}, {"vec_round", 2, m_vec_round}, {"vec_scale", 3, m_vec_scale},
    {"vec_sub", 4, m_vec_sub}, {"vec_to_angle", 2, m_vec_to_angle},
};

fx_err fm_call(const char *op, const fm_arg *args, int nargs, fm_result *out) {
    for (size_t i = 0; i < sizeof METHODS / sizeof METHODS[0]; i++) {
        if (strcmp(METHODS[i].name, op) == 0) {
            if (nargs != METHODS[i].nargs) return FX_ERR_BAD_CALL;
            return METHODS[i].fn(args, out);
        }
    }
    return FX_ERR_BAD_CALL;
}
