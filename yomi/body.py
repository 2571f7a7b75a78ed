"""The native physics body of every game object: tbfg-lib's ``FGObject``.

Ports ``tbfg/src/obj.rs`` (``BaseObject``: position, velocity, acceleration,
pushback, gravity, friction, speed caps, grounding) and ``tbfg/src/char.rs``
(the ``FGObject`` methods the game calls), with the semantics recorded call by
call from the game's shipped library (the physics-body vectors that
``yomi parity fgobject`` replays), which win where they differ from a reading of the Rust
(notably: ``set_position``/``set_x``/``set_y``/``set_position_str`` do not snap
to the floor, moves do).

Numbers are raw I48F16 integers (``yomi.fixed``).  Methods keep the game's
names and argument types so GDScript ports line for line:

* an ``int`` argument must be an ``int`` (not a bool, not a float) and is cut
  to 32 bits; a ``bool`` must be a bool; a fixed-point number is a decimal
  ``str``.  A wrong type raises ``ArgumentTypeError`` and changes nothing (the
  game gets ``null`` and an error in the log);
* a bad number string raises ``yomi.fixed.FixedError``; a failed call changes
  nothing except where the library had already changed something;
* the library's other panics raise ``BodyError``.

Engine code may also read and write the raw fields directly and use the
``*_raw`` methods, which take raw fixed values.
"""
from __future__ import annotations

import math
import struct
from dataclasses import dataclass

from .fixed import ONE, FixedError, div, fabs, fround, mul, parse, round_to_int, sign, to_str, wrap64

PUSHBACK_FRIC = parse("0.55")  # raw 36045: the decay is 0.5500030517578125 per apply_pushback
MAX_PUSHBACK = parse("10")
MIN_SPEED = parse("0.0001")  # raw 7, but compared with a length that is a multiple of 1/256

FIELDS = ("pos_x_raw", "pos_y_raw", "vel_x_raw", "vel_y_raw", "accel_x_raw", "accel_y_raw", "pushback_vel_raw",
          "gravity_raw", "ground_friction_raw", "air_friction_raw", "max_ground_speed_raw", "max_air_speed_raw",
          "max_fall_speed_raw", "gravity_modifier_raw", "facing", "grounded", "snap_to_ground", "id")


class BodyError(ValueError):
    """The library panicked (the game gets ``null``).

    ``kind``: ``invalid_facing`` (set_facing not +-1), ``borrow_failed``
    (copy_to into itself), ``invalid_variant_type`` (copy_to a non-object).
    """

    def __init__(self, kind: str, message: str):
        super().__init__(f"{message} [{kind}]")
        self.kind = kind


class ArgumentTypeError(TypeError):
    """An argument of the wrong Variant type: gdnative rejects the call before it runs."""


# --------------------------------------------------------------------------- argument conversion

def _int(value, name: str) -> int:
    """An ``i32`` parameter: only an int Variant converts, and it wraps modulo 2**32."""
    if type(value) is not int:
        raise ArgumentTypeError(f"cannot convert argument `{name}` ({type(value).__name__}) to i32")
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value >> 31 else value


def _bool(value, name: str) -> bool:
    if type(value) is not bool:
        raise ArgumentTypeError(f"cannot convert argument `{name}` ({type(value).__name__}) to bool")
    return value


def _str(value, name: str) -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(f"cannot convert argument `{name}` ({type(value).__name__}) to String")
    return value


def _fixed(value, name: str) -> int:
    return parse(_str(value, name))


def _fixed2(x, y) -> tuple[int, int]:
    """Two String arguments: both converted, then both parsed, before anything is assigned."""
    _str(x, "x")
    _str(y, "y")
    return parse(x), parse(y)


def _f32(value: int) -> float:
    """``to_num::<f32>()`` of an integral value (nearest, ties to even)."""
    return struct.unpack("<f", struct.pack("<f", float(value)))[0]


# --------------------------------------------------------------------------- the body

@dataclass(slots=True)
class FGObject:
    """One physics body. Defaults are those of ``FGObject.new()``."""

    pos_x_raw: int = 0
    pos_y_raw: int = 0
    vel_x_raw: int = 0
    vel_y_raw: int = 0
    accel_x_raw: int = 0
    accel_y_raw: int = 0
    pushback_vel_raw: int = 0
    gravity_raw: int = ONE
    ground_friction_raw: int = ONE
    air_friction_raw: int = ONE
    max_ground_speed_raw: int = ONE
    max_air_speed_raw: int = ONE
    max_fall_speed_raw: int = ONE
    gravity_modifier_raw: int = ONE
    facing: int = 1  # +1 Right, -1 Left
    grounded: bool = True
    snap_to_ground: bool = True
    id: int = 1  # not observable; copied by copy_to

    # -- raw primitives (obj.rs) used by the methods below and by engine code
    def move_directly_raw(self, x: int, y: int) -> None:
        """pos += v, then the snap: with snap_to_ground, a y at or below the floor becomes 0."""
        self.pos_x_raw = wrap64(self.pos_x_raw + x)
        y = wrap64(self.pos_y_raw + y)
        self.pos_y_raw = 0 if self.snap_to_ground and y >= 0 else y

    def move_directly_relative_raw(self, x: int, y: int) -> None:
        self.move_directly_raw(wrap64(-x) if self.facing == -1 else x, y)

    def apply_force_raw(self, x: int, y: int) -> None:
        """Forces accumulate into accel; a downward force on a grounded body loses its y."""
        if self.grounded and y > 0:
            y = 0
        self.accel_x_raw = wrap64(self.accel_x_raw + x)
        self.accel_y_raw = wrap64(self.accel_y_raw + y)

    def apply_force_relative_raw(self, x: int, y: int) -> None:
        self.apply_force_raw(wrap64(-x) if self.facing == -1 else x, y)

    def apply_grav_custom_raw(self, gravity: int, fall_speed: int) -> None:
        # Strict compare on the current velocity, pending accel not included.
        if not self.grounded and self.vel_y_raw < fall_speed:
            self.apply_force_raw(0, mul(gravity, self.gravity_modifier_raw))

    def apply_x_fric_raw(self, fric: int) -> None:
        if fabs(self.vel_x_raw) > fric:
            self.vel_x_raw = wrap64(self.vel_x_raw - mul(self.vel_x_raw, fric))

    def apply_y_fric_raw(self, fric: int) -> None:
        if fabs(self.vel_y_raw) > fric:
            self.vel_y_raw = wrap64(self.vel_y_raw - mul(self.vel_y_raw, fric))

    def add_pushback_raw(self, pushback: int) -> None:
        # The cap is tested before adding, so one add may overshoot past 10.
        if fabs(self.pushback_vel_raw) < MAX_PUSHBACK:
            self.pushback_vel_raw = wrap64(self.pushback_vel_raw + pushback)

    # -- position
    def set_position(self, x, y) -> None:
        """Assigns; no snap, no grounding."""
        x, y = _int(x, "x"), _int(y, "y")
        self.pos_x_raw, self.pos_y_raw = x << 16, y << 16

    def set_x(self, x) -> None:
        self.pos_x_raw = _int(x, "x") << 16

    def set_y(self, y) -> None:
        self.pos_y_raw = _int(y, "y") << 16

    def set_position_str(self, x, y) -> None:
        self.pos_x_raw, self.pos_y_raw = _fixed2(x, y)

    def move_directly(self, x, y) -> None:
        x, y = _int(x, "x"), _int(y, "y")
        self.move_directly_raw(x << 16, y << 16)

    def move_directly_str(self, x, y) -> None:
        self.move_directly_raw(*_fixed2(x, y))

    def move_directly_relative(self, x, y) -> None:
        x, y = _int(x, "x"), _int(y, "y")
        self.move_directly_relative_raw(x << 16, y << 16)

    def move_directly_relative_str(self, x, y) -> None:
        self.move_directly_relative_raw(*_fixed2(x, y))

    # -- forces
    def apply_force(self, x, y) -> None:
        x, y = _int(x, "x"), _int(y, "y")
        self.apply_force_raw(x << 16, y << 16)

    def apply_force_str(self, x, y) -> None:
        self.apply_force_raw(*_fixed2(x, y))

    def apply_force_relative(self, x, y) -> None:
        x, y = _int(x, "x"), _int(y, "y")
        self.apply_force_relative_raw(x << 16, y << 16)

    def apply_force_relative_str(self, x, y) -> None:
        self.apply_force_relative_raw(*_fixed2(x, y))

    def apply_grav(self) -> None:
        self.apply_grav_custom_raw(self.gravity_raw, self.max_fall_speed_raw)

    def apply_grav_custom(self, grav, fall_speed) -> None:
        self.apply_grav_custom_raw(*_fixed2(grav, fall_speed))

    def apply_fric(self) -> None:
        """vx -= ((|vx| / max_speed) * friction) * sign(vx): truncating divide, floor multiply, no clamp.

        Ground or air parameters by the grounded flag.  max_speed 0 raises
        FixedError (division by zero) with vel unchanged.
        """
        if self.grounded:
            max_speed, friction = self.max_ground_speed_raw, self.ground_friction_raw
        else:
            max_speed, friction = self.max_air_speed_raw, self.air_friction_raw
        vx = self.vel_x_raw
        self.vel_x_raw = wrap64(vx - mul(mul(div(fabs(vx), max_speed), friction), sign(vx)))

    def apply_x_fric(self, fric) -> None:
        self.apply_x_fric_raw(_fixed(fric, "fric"))

    def apply_y_fric(self, fric) -> None:
        self.apply_y_fric_raw(_fixed(fric, "fric"))

    def apply_forces(self) -> None:
        """Integrate one tick: accel into vel, speed caps, move, ground, MIN_SPEED, clear accel."""
        vx = wrap64(self.vel_x_raw + self.accel_x_raw)
        vy = wrap64(self.vel_y_raw + self.accel_y_raw)
        # The caps use the grounded flag from before the move.
        if self.grounded:
            if fabs(vx) > self.max_ground_speed_raw:
                vx = mul(self.max_ground_speed_raw, sign(vx))
        else:
            if fabs(vx) > self.max_air_speed_raw:
                vx = mul(self.max_air_speed_raw, sign(vx))
            if vy > self.max_fall_speed_raw:
                vy = self.max_fall_speed_raw
        self.vel_x_raw, self.vel_y_raw = vx, vy
        self.move_directly_raw(vx, vy)
        self.grounded = self.pos_y_raw >= 0
        if self.grounded and vy > 0:
            self.vel_y_raw = vy = 0
        # |vel| is isqrt(vx*vx + vy*vy) << 8: a multiple of 1/256, so this zeroes the velocity
        # iff both components are under 1/256.  Its sqrt may panic (vel**2 overflow): the
        # library then keeps pos/vel/grounded as updated and does not clear accel.
        length = _length(vx, vy)
        if length < MIN_SPEED:
            self.vel_x_raw = self.vel_y_raw = 0
        self.accel_x_raw = self.accel_y_raw = 0

    def apply_forces_no_limit(self) -> None:
        """Ground first (from the position before the move), then integrate; no caps, no MIN_SPEED."""
        self.grounded = grounded = self.pos_y_raw >= 0
        vx = self.vel_x_raw = wrap64(self.vel_x_raw + self.accel_x_raw)
        vy = self.vel_y_raw = wrap64(self.vel_y_raw + self.accel_y_raw)
        self.move_directly_raw(vx, vy)
        if grounded and vy > 0:
            self.vel_y_raw = 0
        self.accel_x_raw = self.accel_y_raw = 0

    def reset_momentum(self) -> None:
        """vel = accel = 0; pushback is kept."""
        self.vel_x_raw = self.vel_y_raw = self.accel_x_raw = self.accel_y_raw = 0

    def set_vel(self, x, y) -> None:
        self.vel_x_raw, self.vel_y_raw = _fixed2(x, y)

    # -- pushback
    def add_pushback(self, pushback) -> None:
        self.add_pushback_raw(_fixed(pushback, "pushback"))

    def apply_pushback(self, dir) -> None:
        """Move by (pushback * dir, 0) with the snap, then decay 0.55 toward 0 whatever dir is."""
        dir = _int(dir, "dir")
        pb = self.pushback_vel_raw
        self.move_directly_raw(mul(pb, dir << 16), 0)
        self.pushback_vel_raw = wrap64(pb - mul(PUSHBACK_FRIC, sign(pb))) if fabs(pb) > PUSHBACK_FRIC else 0

    def reset_pushback(self) -> None:
        self.pushback_vel_raw = 0

    # -- parameters
    def set_gravity(self, gravity) -> None:
        self.gravity_raw = _fixed(gravity, "gravity")

    def set_ground_friction(self, friction) -> None:
        self.ground_friction_raw = _fixed(friction, "friction")

    def set_air_friction(self, friction) -> None:
        self.air_friction_raw = _fixed(friction, "friction")

    def set_max_ground_speed(self, speed) -> None:
        self.max_ground_speed_raw = _fixed(speed, "speed")

    def set_max_air_speed(self, speed) -> None:
        self.max_air_speed_raw = _fixed(speed, "speed")

    def set_max_fall_speed(self, speed) -> None:
        self.max_fall_speed_raw = _fixed(speed, "speed")

    def set_gravity_modifier(self, x) -> None:
        self.gravity_modifier_raw = _fixed(x, "x")

    # -- facing, grounding, snapping
    def set_facing(self, facing) -> None:
        facing = _int(facing, "facing")
        if facing not in (-1, 1):
            raise BodyError("invalid_facing", "invalid facing direction")
        self.facing = facing

    def get_facing(self) -> dict:
        return {"Right": {}} if self.facing == 1 else {"Left": {}}

    def set_grounded(self, grounded) -> None:
        self.grounded = _bool(grounded, "grounded")

    def update_grounded(self) -> None:
        self.grounded = self.pos_y_raw >= 0

    def is_grounded(self) -> bool:
        return self.grounded

    def get_snap_to_ground(self) -> bool:
        return self.snap_to_ground

    def set_snap_to_ground(self, snap) -> None:
        self.snap_to_ground = _bool(snap, "snap")

    # -- read-out
    def get_x_vel_int(self) -> int:
        """round(vx), halves away from zero, as i32."""
        return round_to_int(self.vel_x_raw)

    def get_data(self) -> dict:
        """``{"object_data": {...}}`` with the game's keys in the game's order.

        ``position_float`` is the rounded position as a pair of float32 values
        (the game's Vector2); ``position_x``/``position_y`` the same rounding as
        wrapped i32; ``vel_x``/``vel_y`` the exact Display strings.
        """
        rx, ry = fround(self.pos_x_raw), fround(self.pos_y_raw)
        return {"object_data": {
            "position_float": (_f32(rx >> 16), _f32(ry >> 16)),
            "position_x": round_to_int(self.pos_x_raw),
            "position_y": round_to_int(self.pos_y_raw),
            "vel_x": to_str(self.vel_x_raw),
            "vel_y": to_str(self.vel_y_raw),
            "facing": self.facing,
            "grounded": self.grounded,
            "snap_to_ground": self.snap_to_ground,
        }}

    # -- copies
    def copy_to(self, other) -> None:
        """Copy every field (accel, pushback, parameters and id included) into another body."""
        if other is self:
            raise BodyError("borrow_failed", "called `Result::unwrap()` on an `Err` value: BorrowFailed")
        if not isinstance(other, FGObject):
            raise BodyError("invalid_variant_type", "called `Result::unwrap()` on an `Err` value: InvalidVariantType")
        for name in FIELDS:
            setattr(other, name, getattr(self, name))

    def clone(self) -> "FGObject":
        other = FGObject()
        self.copy_to(other)
        return other

    def raw_state(self) -> tuple:
        """Every field, in ``FIELDS`` order (for save states and engine comparisons)."""
        return tuple(getattr(self, name) for name in FIELDS)


def _length(x: int, y: int) -> int:
    """``FixedVec2::length``: isqrt of the floored squares (wrapping), 8 fractional bits; panics below 0."""
    squared = wrap64(mul(x, x) + mul(y, y))
    if squared < 0:
        raise FixedError("sqrt_negative", "fixed point square root of a negative number")
    return math.isqrt(squared) << 8


Body = FGObject  # the name engine code uses
