"""GDScript 3 value semantics the simulation depends on.

The game's scripts compute with GDScript integers (signed 64-bit, wrapping), whose
``/`` truncates toward zero and whose ``%`` takes the sign of the dividend; Python's
``//`` and ``%`` floor instead.  Every integer division or remainder in the port goes
through :func:`idiv` / :func:`imod` so the difference can never slip in.  The
``Utils.int_*`` helpers of ``framework/utils.gd`` are reproduced with their exact
tie behaviour (``int_clamp`` checks the bounds in its own order).
"""
from __future__ import annotations

_U64 = (1 << 64) - 1


def wrap64(value: int) -> int:
    """GDScript int arithmetic wraps at 64 bits."""
    value &= _U64
    return value - (1 << 64) if value >> 63 else value


def idiv(a: int, b: int) -> int:
    """GDScript ``a / b`` for two ints: truncates toward zero (-7 / 2 == -3)."""
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def imod(a: int, b: int) -> int:
    """GDScript ``a % b`` for two ints: the result has the dividend's sign (-7 % 3 == -1)."""
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def int_sign(n: int) -> int:
    """``Utils.int_sign``."""
    if n == 0:
        return 0
    return -1 if n < 0 else 1


def int_abs(n: int) -> int:
    return -n if n < 0 else n


def int_min(a: int, b: int) -> int:
    return a if a < b else b


def int_max(a: int, b: int) -> int:
    return a if a > b else b


def int_clamp(n: int, lo: int, hi: int) -> int:
    """``Utils.int_clamp``: strictly inside keeps n, otherwise the first bound it touches."""
    if lo < n < hi:
        return n
    if n <= lo:
        return lo
    return hi


def split_lines(text) -> list[str]:
    """``Utils.split_lines``: non-empty stripped lines of a multi-line export string."""
    if not text:
        return []
    return [line.strip() for line in text.split("\n") if line.strip()]


def gd_str(value) -> str:
    """``str()`` of an int or a bool as GDScript prints it (used before handing ints to FixedMath)."""
    if value is True:
        return "True"
    if value is False:
        return "False"
    if isinstance(value, float):
        if value == int(value):
            return str(int(value))  # str(2.0) is "2" in GDScript
        return "%.14g" % value
    return str(value)
