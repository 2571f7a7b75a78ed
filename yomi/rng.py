"""Godot 3.6 randomness as the game sees it, bit for bit.

Ports, by behaviour (checked against ``tests/data/parity/godot_rng_vectors.jsonl.gz``,
recorded from Godot 3.6 headless):

* Godot's ``hash()`` of a Variant: int (low 32 bits), String (djb2 over code
  points), float (the engine's 64-bit integer mix of the double's bits);
* ``RandomNumberGenerator``: PCG32 with Godot's default stream, its ``seed`` and
  ``state`` properties, ``randi``, ``randi_range``, ``randf``, ``randf_range``;
* the game's wrapper ``framework/BetterRng.gd`` (``choose``, ``weighted_choice``,
  ``coin_flip``, ``percent``, ``random_sign``);
* the per-draw reseeding of ``obj/BaseObj.gd`` (``hash_rng``,
  ``hash_static_rng``) and the fighter fingerprint of
  ``characters/BaseChar.gd`` (``get_state_hash``).

GDScript ints are signed 64-bit and wrap; the engine's C++ ``int`` parameters
are 32-bit.  Both are masked explicitly here.  ``state`` and ``seed`` read back
as signed 64-bit values, as GDScript prints them.
"""
from __future__ import annotations

import math
import struct
from typing import Sequence

_U32 = 0xFFFFFFFF
_U64 = (1 << 64) - 1

PCG_MULT = 6364136223846793005
PCG_DEFAULT_INC = 1442695040888963407  # Godot's stream selector; the generator uses (inc << 1) | 1
DEFAULT_SEED = 12047754176567800795  # what RandomNumberGenerator.new() starts from


def _i64(value: int) -> int:
    value &= _U64
    return value - (1 << 64) if value >> 63 else value


def _i32(value: int) -> int:
    value &= _U32
    return value - (1 << 32) if value >> 31 else value


def _f32(value: float) -> float:
    """Round a double to the nearest float32 (the engine's ``real_t``), as C's cast does."""
    try:
        return struct.unpack("<f", struct.pack("<f", value))[0]
    except OverflowError:
        return math.copysign(math.inf, value)


# --------------------------------------------------------------------------- hash()

def hash_int(value: int) -> int:
    """``hash(int)``: the low 32 bits of the int64, unsigned."""
    return value & _U32


def hash_str(text: str) -> int:
    """``hash(String)``: djb2 (h = h*33 + c, from 5381) over the code points, mod 2**32.

    Godot on Linux stores strings as 32-bit code points; the Windows build uses
    UTF-16, so characters outside the BMP would hash differently there (the
    game's strings are ASCII).
    """
    h = 5381
    for char in text:
        h = (h * 33 + ord(char)) & _U32
    return h


def _mix64(v: int) -> int:
    """Godot's 64-bit to 32-bit integer hash (core/hashfuncs.h, hash_one_uint64)."""
    v = (~v + (v << 18)) & _U64
    v ^= v >> 31
    v = (v * 21) & _U64
    v ^= v >> 11
    v = (v + (v << 6)) & _U64
    v ^= v >> 22
    return v & _U32


def hash_float(value: float) -> int:
    """``hash(float)``: one djb2 step over the mixed bits of the double (+-0 and NaNs collapse)."""
    if value == 0.0:
        value = 0.0
    elif math.isnan(value):
        value = math.nan
    bits = struct.unpack("<Q", struct.pack("<d", value))[0]
    return (5381 * 33 + _mix64(bits)) & _U32


def godot_hash(value: object) -> int:
    """``hash(value)`` for the Variant types the simulation hashes: bool, int, float, String."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return hash_int(value)
    if isinstance(value, str):
        return hash_str(value)
    if isinstance(value, float):
        return hash_float(value)
    raise TypeError(f"no Godot hash for {type(value).__name__}")


# --------------------------------------------------------------------------- reseeding rules

def state_hash(pos_x: int, pos_y: int, vel_x: str, vel_y: str, di_x: object, di_y: object,
               state_name: str) -> int:
    """``BaseChar.get_state_hash``: the sum of the hashes of the fighter's fingerprint.

    ``pos_x``/``pos_y`` are the integer position of the cached ``data`` snapshot,
    ``vel_x``/``vel_y`` the velocity as fixed Display strings, ``di_x``/``di_y``
    the current DI: ints from the DI pad, but the strings ``"0"`` before the
    first DI is set (``hash("0")`` is 177621, not 0).  The sum is a GDScript int.
    """
    parts = (godot_hash(pos_x), godot_hash(pos_y), hash_str(vel_x), hash_str(vel_y),
             godot_hash(di_x), godot_hash(di_y), hash_str(state_name))
    return _i64(sum(parts))


def reseed(state: int, own_hash: int, opp_hash: int) -> int:
    """``BaseObj.hash_rng``: the seed given to the logic RNG before each of its draws.

    ``state`` is the RNG's current state, ``own_hash``/``opp_hash`` are the
    ``state_hash`` of the owning fighter and of its opponent.
    """
    input_hash = hash_int(own_hash) + hash_int(opp_hash)
    return hash_int(_i64(state + input_hash))


def reseed_static(state: int, game_tick: int) -> int:
    """``BaseObj.hash_static_rng``: the seed given to the static RNG before each of its draws."""
    return hash_int(_i64(state + hash_int(game_tick)))


# --------------------------------------------------------------------------- RandomNumberGenerator

class RandomNumberGenerator:
    """Godot 3.6 ``RandomNumberGenerator``: PCG32 (XSH RR) on Godot's default stream."""

    __slots__ = ("_state", "_seed", "_inc")

    def __init__(self, seed: int = DEFAULT_SEED):
        self._inc = ((PCG_DEFAULT_INC << 1) | 1) & _U64
        self._state = 0
        self._seed = 0
        self.seed = seed

    # -- properties, as GDScript reads and writes them
    @property
    def seed(self) -> int:
        """The seed set last, or, after draws, the state before the latest 32-bit draw (Godot 3.6)."""
        return _i64(self._seed)

    @seed.setter
    def seed(self, value: int) -> None:
        # pcg32_srandom: state 0, one step, add the seed, one step.
        self._seed = value & _U64
        self._state = 0
        self._step()
        self._state = (self._state + self._seed) & _U64
        self._step()

    @property
    def state(self) -> int:
        return _i64(self._state)

    @state.setter
    def state(self, value: int) -> None:
        self._state = value & _U64

    def copy(self) -> "RandomNumberGenerator":
        other = self.__class__.__new__(self.__class__)
        other._state, other._seed, other._inc = self._state, self._seed, self._inc
        return other

    # -- the generator
    def _step(self) -> None:
        self._state = (self._state * PCG_MULT + self._inc) & _U64

    def _next(self) -> int:
        old = self._state
        self._seed = old  # Godot 3.6 remembers the pre-draw state as the "seed"
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & _U32
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & _U32

    def randi(self) -> int:
        """A uniform 32-bit unsigned value."""
        return self._next()

    def randi_range(self, from_: int, to: int) -> int:
        """``draw % size + low`` in 32-bit arithmetic (biased; one draw), arguments cut to C ``int``.

        A range whose 32-bit size wraps to 0 (the full int32 range) crashes
        Godot 3.6 with SIGFPE; here it raises ``ZeroDivisionError`` without drawing.
        """
        lo, hi = _i32(from_), _i32(to)
        if hi < lo:
            lo, hi = hi, lo
        size = (hi - lo + 1) & _U32
        if size == 0:
            raise ZeroDivisionError(f"randi_range({from_}, {to}): 32-bit range size is 0 (Godot crashes)")
        return _i32(self._next() % size + lo)

    def randf(self) -> float:
        """A float32 in [0, 1]: an exponent from the first draw's leading zeros, a mantissa from the second."""
        exponent_source = self._next()
        if exponent_source == 0:
            return 0.0
        significand = self._next() | 0x80000001
        leading_zeros = 32 - exponent_source.bit_length()
        return math.ldexp(_f32(float(significand)), -32 - leading_zeros)

    def randf_range(self, from_: float, to: float) -> float:
        """``randf() * (to - from) + from``, every step in float32 (Godot 3's ``real_t``)."""
        lo, hi = _f32(float(from_)), _f32(float(to))
        return _f32(_f32(self.randf() * _f32(hi - lo)) + lo)


# --------------------------------------------------------------------------- BetterRng.gd

class BetterRng(RandomNumberGenerator):
    """The game's ``framework/BetterRng.gd`` helpers the simulation uses, plus BaseObj's reseeding."""

    __slots__ = ()

    def choose_index(self, n: int) -> int:
        """Index picked by ``choose`` on an ``n``-element array: ``randi() % n - 1``, -1 meaning the last."""
        if n <= 0:
            raise ZeroDivisionError("choose on an empty array (GDScript: modulo by zero)")
        index = self.randi() % n - 1
        return index + n if index < 0 else index

    def choose(self, array: Sequence):
        return array[self.choose_index(len(array))]

    def weighted_choice(self, array: Sequence, weights: Sequence[int] | None = None) -> int:
        """The chosen *index*: draw ``randi_range(0, sum)`` (inclusive) and walk the weights.

        No weights (or an empty list) favours the front: weights n, n-1, ..., 1.
        Weights are GDScript ``int`` variables (a float truncates).  If the walk
        falls through (negative weights) the game returns 0.
        """
        n = len(array)
        if not weights:
            weights = [n - i for i in range(n)]
        chosen = [int(weights[i]) for i in range(n)]
        rnd = self.randi_range(0, _i64(sum(chosen)))
        for i, weight in enumerate(chosen):
            if rnd <= weight:
                return i
            rnd -= weight
        return 0

    def coin_flip(self) -> bool:
        return self.randi() % 2 == 0

    def percent(self, percent: float) -> bool:
        return self.randf_range(0.0, 100.0) < percent

    def random_sign(self) -> int:
        return 1 if self.coin_flip() else -1

    # -- obj/BaseObj.gd: every logic draw is preceded by one of these
    def hash_rng(self, own_hash: int, opp_hash: int) -> None:
        """``BaseObj.hash_rng``: reseed from the current state and both fighters' ``state_hash``."""
        self.seed = reseed(self.state, own_hash, opp_hash)

    def hash_static_rng(self, game_tick: int) -> None:
        """``BaseObj.hash_static_rng``: reseed from the current state and the game tick."""
        self.seed = reseed_static(self.state, game_tick)
