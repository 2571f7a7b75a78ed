"""Robot's Drive stance: driving idle/forward/backward, the jump, drift, wheelies and boost,
and the fast cancel into the stance.  (Drive, DriveCancel and UnDriveCancel are plain
``RobotState`` rows: their table props do the work.)  Each class names the game script
it ports."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.char_state import CharacterState
from states.robot.moves import RobotState


class DriveForward(RobotState):
    """``characters/robo/states/DriveForward.gd`` (DriveIdle, DriveForward, DriveBackward).

    ``dir`` (1, 0, -1) and ``SPEED`` come from the table.  Reversing into DriveForward
    from DriveBackward stalls for 6 frames.  DriveForward's hitbox cancels unless a
    Drive cancel is armed, in which case the move lasts longer and falls back out of
    the stance.
    """

    SPEED_LIMIT = "20"
    STALL = 6
    EXPORTS = {"SPEED": "3.0", "dir": 1}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.stall = 0

    def enter(self):
        if self.state_name == "DriveForward" and self.previous_state_name() == "DriveBackward":
            self.stall = self.STALL
            self.host.reset_momentum()
        return None

    def tick(self):
        host = self.host
        if self.stall > 0:
            self.stall -= 1
            self.current_tick = 0
        if self.stall <= 0 and self.dir != 0:
            host.apply_force_relative(fixed.mul(self.SPEED, str(self.dir)), "0")
        host.apply_forces_no_limit()
        host.limit_speed(self.SPEED_LIMIT)
        return None

    def frame_0(self):
        if self.dir == 1:
            self.host.has_projectile_armor = True

    def frame_1(self):
        if self.dir != 1:
            return
        # The script's hitbox is DriveForward's own ("../DriveForward/Hitbox").
        hitbox = self.host.get_state("DriveForward").get_child("Hitbox")
        if self.host.drive_cancel:
            hitbox.cancellable = False
            self.fallback_state = "UnDriveCancel"
            self.anim_length = 20
        else:
            self.fallback_state = "DriveIdle"
            hitbox.cancellable = True
            self.anim_length = 12

    def frame_5(self):
        self.host.has_projectile_armor = False

    def on_got_perfect_parried(self) -> None:
        self.interruptible_on_opponent_turn = False
        self.host.hitlag_ticks += 3


class FastDriveCancel(RobotState):
    """``characters/robo/states/FastDriveCancel.gd``: holds frame 2 while the turn is young."""

    def tick(self):
        if self.current_tick == 3 and self.host.turn_frames < 10:
            self.current_tick = 2
        return None


class DriveJump(RobotState):
    """``characters/robo/states/DriveJump.gd`` (JUMPSTART): ``data.x`` (0..100) sets the height."""

    VERTICAL_FORCE = "-10"
    MINIMUM_FORCE = "-5"
    HORIZ_FORCE = "5.0"
    X_FRIC = "0.015"
    GRAV = "0.6"
    FALL_SPEED = "16"
    INTERRUPT_TICK = 20

    def frame_0(self):
        host = self.host
        height = host.xy_to_dir(self.data["x"], "0", self.VERTICAL_FORCE)["x"]
        amount = _fixed_map("0.0", self.VERTICAL_FORCE, self.MINIMUM_FORCE, self.VERTICAL_FORCE, height)
        host.apply_force_relative(self.HORIZ_FORCE, amount)
        host.move_directly(0, -1)
        host.set_grounded(False)

    def tick(self):
        host = self.host
        host.apply_x_fric(self.X_FRIC)
        host.apply_grav_custom(self.GRAV, self.FALL_SPEED)
        host.apply_forces_no_limit()
        if self.current_tick > 1 and host.is_grounded():
            return "Landing"
        if self.current_tick == self.INTERRUPT_TICK:
            self.enable_interrupt()
        return None


class DriveDrift(CharacterState):
    """``characters/robo/states/DriveDrift.gd`` (DRIFT; a CharacterState, not a RobotState)."""

    def tick(self):
        host = self.host
        host.apply_forces_no_limit()
        host.apply_x_fric("0.12" if self.current_tick < 8 else "0.07")
        return None

    def frame_0(self):
        self.host.start_projectile_invulnerability()

    def frame_10(self):
        self.host.end_projectile_invulnerability()


class DriveWheelie(RobotState):
    """``characters/robo/states/DriveWheelie.gd`` (WHEELIE, BOOST, CLUTCH): boost is invulnerable early with initiative."""

    X_FRIC = "0.15"
    EXPORTS = {"boost": False}

    def frame_1(self):
        if self.boost and self.host.initiative:
            self.host.start_invulnerability()

    def frame_6(self):
        self.host.end_invulnerability()

    def tick(self):
        self.host.apply_forces_no_limit()
        self.host.apply_x_fric(self.X_FRIC)
        return None


def _fixed_map(i_min: str, i_max: str, o_min: str, o_max: str, v: str) -> str:
    """``BaseObj.gd: fixed_map`` (via ``fixed_inverse_lerp``)."""
    t = fixed.div(fixed.sub(v, i_min), fixed.sub(i_max, i_min))
    return fixed.lerp_string(o_min, o_max, t)
