/* GDScript int semantics. Mirrors yomi/gd.py: truncating / and %, the Utils.int_* helpers.
 * GDScript ints are int64 and wrap. */
#ifndef YOMI_GD_H
#define YOMI_GD_H

#include <stdint.h>

static inline int64_t idiv(int64_t a, int64_t b) { return (b == -1) ? (int64_t)(0 - (uint64_t)a) : a / b; }
static inline int64_t imod(int64_t a, int64_t b) { return (b == -1) ? 0 : a % b; }
/* no branch: the signs it is asked for (of offsets between objects) are as good as random */
static inline int64_t int_sign(int64_t n) { return (int64_t)(n > 0) - (int64_t)(n < 0); }
static inline int64_t int_abs(int64_t n) { return n < 0 ? -n : n; }
static inline int64_t int_min(int64_t a, int64_t b) { return a < b ? a : b; }
static inline int64_t int_max(int64_t a, int64_t b) { return a > b ? a : b; }
/* Utils.int_clamp: strictly inside keeps n, otherwise the first bound it touches */
static inline int64_t int_clamp(int64_t n, int64_t lo, int64_t hi) {
    if (lo < n && n < hi) return n;
    if (n <= lo) return lo;
    return hi;
}

#endif
