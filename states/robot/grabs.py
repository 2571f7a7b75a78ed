"""Robot's grabs and throws: the hit-grabs (TRY-CATCH, BOUNDS CHECK), the command grab
and its ground slam, the air grab (OVERFLOW), KILL PROCESS, and the throws they lead to.
Each class names the game script it ports."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_abs

from states.base.throw import ThrowState
from states.robot.moves import RobotState


class DisembowelGrab(RobotState):
    """``characters/robo/states/DisembowelGrab.gd`` (TRY-CATCH): the data picks the follow-up.

    Quirk kept: a box counts as a throw box only once it has been activated in this
    match (``throw`` is set by ``ThrowBox.activate``), so before that the script sets its
    ``followup_state`` instead of its ``throw_state``.
    """

    BOXES = ("Hitbox", "Hitbox2", "Hitbox3", "Hitbox4")

    def frame_0(self):
        followup = "DisembowelGrabFollowup" if not self.data else "TryCatchGroundSlam"
        for name in self.BOXES:
            box = self.get_child(name)
            if box.throw:
                box.throw_state = followup
            else:
                box.followup_state = followup


class GroundSlam(ThrowState):
    """``characters/robo/states/GroundSlam.gd`` (GroundSlam, TryCatchGroundSlam): two slams.

    Each slam makes the opponent take a throw-hit box (the no-combo one outside a combo).
    Quirk kept: frame 40 releases the opponent itself, and the ThrowState release at
    ``release_frame`` 41 still follows in the same frame, so the release hits twice.
    """

    WALK_BACK_SPEED = "-4.0"
    WALK_FORWARD_SPEED = "6.0"
    SINGLE_HIT_WAIT_TICKS = 2
    SINGLE_HIT_START_TICK = 31
    SINGLE_HIT_WAIT_TICK = 32
    EXPORTS = {"single_hit": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.is_in_combo = False
        self.single_hit_wait_ticks = 0

    def walk_back(self) -> None:
        self.host.apply_force_relative(self.WALK_BACK_SPEED, "0")

    def walk_forward(self) -> None:
        self.host.apply_force_relative(self.WALK_FORWARD_SPEED, "0")

    def frame_0(self):
        self.walk_back()
        self.is_in_combo = self.host.combo_count != 0
        if self.single_hit:
            self.current_tick = self.SINGLE_HIT_START_TICK

    def frame_7(self):
        self.host.move_directly_relative(-16, 0)

    def frame_16(self):
        self.walk_forward()

    def frame_21(self):
        self.ground_slam()
        self.host.move_directly_relative(16, 0)

    def frame_28(self):
        self.walk_back()
        self.host.move_directly_relative(-16, 0)

    def frame_32(self):
        host = self.host
        if self.single_hit:
            self.single_hit_wait_ticks = self.SINGLE_HIT_WAIT_TICKS
            host.turn_around()
        if getattr(self.previous_state(), "reversing_command_grab", None):
            host.set_facing(host.get_facing_int() * -1)

    def frame_36(self):
        self.walk_forward()

    def frame_39(self):
        self.host.move_directly_relative(16, 0)

    def frame_40(self):
        self.ground_slam()
        self.do_release()

    def frame_44(self):
        self.walk_back()

    def ground_slam(self) -> None:
        no_combo_hitbox = self.get_child("NoComboHitbox")
        hitbox = self.get_child("Hitbox")
        (hitbox if self.is_in_combo else no_combo_hitbox).hit(self.host.opponent)
        no_combo_hitbox.deactivate()
        hitbox.deactivate()

    def tick(self):
        if self.single_hit_wait_ticks > 0:
            self.single_hit_wait_ticks -= 1
            self.current_tick = self.SINGLE_HIT_WAIT_TICK
        return None

    def exit(self) -> None:
        # Replaces ThrowState's exit (``released`` is reset on entry anyway).
        self.is_in_combo = False


class CommandGrab(RobotState):
    """``characters/robo/states/CommandGrab.gd``: ``data`` true turns the slam around."""

    COMBO_PRORATION = 12

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.reversing_command_grab = False

    def enter(self):
        self.reversing_command_grab = self.data
        return None

    def frame_1(self):
        self.host.move_directly_relative(5, 0)

    def frame_2(self):
        self.host.start_throw_invulnerability()

    def frame_7(self):
        self.host.end_throw_invulnerability()

    def on_hit_something(self, obj, hitbox) -> None:
        if self.host.combo_count <= 0:
            self.host.combo_proration = self.COMBO_PRORATION
        super().on_hit_something(obj, hitbox)


class CornerCarryGrab(RobotState):
    """``characters/robo/states/CornerCarryGrab.gd`` (BOUNDS CHECK, grab and hit-grab, ground and air)."""

    ADDED_FORCE = "1.5"
    MAX_TICK = 15
    REVERSE_PENALTY = 25

    def enter(self):
        host = self.host
        if host.reverse_state and host.combo_count <= 0:
            host.add_penalty(self.REVERSE_PENALTY, True)
        return None

    def frame_0(self):
        host = self.host
        if host.flying_dir is not None:
            host.flying_dir = {"x": 0, "y": host.flying_dir["y"]}

    def frame_15(self):
        self.host.has_projectile_armor = False

    def tick(self):
        host = self.host
        host.apply_forces_no_limit()
        if self.current_tick < self.MAX_TICK:
            host.apply_force_relative(self.ADDED_FORCE, "0")
        return None


class CornerCarryHold(ThrowState):
    """``characters/robo/states/CornerCarryHold.gd``: fly the opponent to the wall."""

    ADDED_FORCE = "2.0"
    RELEASE_DIST_FROM_WALL = 64
    MAX_TICK = 240
    COMBO_DURATION = 20

    def tick(self):
        host = self.host
        host.apply_force_relative(self.ADDED_FORCE, "0")
        host.apply_forces_no_limit()
        if self.current_tick > self.MAX_TICK or (host.combo_count > 0 and self.current_tick > self.COMBO_DURATION):
            return "CornerCarryRelease"
        facing = host.get_facing_int()
        wall_x = host.stage_width * facing
        if int_abs(host.get_pos()["x"] - wall_x) < self.RELEASE_DIST_FROM_WALL:
            host.set_pos(wall_x - self.RELEASE_DIST_FROM_WALL * facing, host.get_pos()["y"])
            return "CornerCarryRelease"
        if host.penalty > 0:
            host.penalty = 0
        return None


class OverflowGrab(RobotState):
    """``characters/robo/states/OverflowGrab.gd`` (OVERFLOW, and the old version): keep facing until frame 8."""

    def frame_0(self):
        self.update_facing_on_exit = False

    def frame_8(self):
        self.update_facing_on_exit = True


class OverflowFollowup(ThrowState):
    """``characters/robo/states/OverflowFollowup.gd``: ends flight, gives an air option back."""

    def frame_0(self):
        host = self.host
        host.flying_dir = None
        if host.air_movements_left < host.num_air_movements:
            host.air_movements_left += 1


class EarthquakeThrow(ThrowState):
    """``characters/robo/states/EarthquakeThrow.gd``: once per combo (see GroundPound)."""

    def frame_0(self):
        self.host.used_earthquake_grab = True


class KillProcess(RobotState):
    """``characters/robo/states/AirGrabSuper.gd`` (KILL PROCESS): spends every bar it has.

    The bars on hand set the landing's damage (``kill_process_super_level``; 9 bars
    count as 200 in neutral and 11 in a combo).  Quirk kept: ``RobotState`` then spends
    ``super_level`` (3) more bars on frame 0, which empties the meter too.
    """

    FULL_BARS = 9
    FULL_BARS_NEUTRAL_LEVEL = 200
    FULL_BARS_COMBO_LEVEL = 11

    def enter_shared(self):
        host = self.host
        host.kill_process_super_level = host.supers_available
        if host.kill_process_super_level == self.FULL_BARS:
            host.kill_process_super_level = (self.FULL_BARS_NEUTRAL_LEVEL if host.combo_count <= 0
                                             else self.FULL_BARS_COMBO_LEVEL)
        super().enter_shared()
        for _ in range(host.supers_available):
            host.use_super_bar()
        return None

    def frame_0(self):
        self.host.flying_dir = None
        self.host.fly_ticks_left = 0

    def frame_1(self):
        if self.host.initiative:
            self.host.start_invulnerability()
        self.host.start_projectile_invulnerability()

    def frame_9(self):
        self.host.end_invulnerability()

    def frame_14(self):
        vel = self.host.get_vel()
        self.host.set_vel(fixed.mul(vel["x"], "0.5"), fixed.mul(vel["y"], "0.5"))


class KillProcessSpin(ThrowState):
    """``characters/robo/states/KillProcessSpin.gd``: fall with the opponent until landing."""

    def tick(self):
        host = self.host
        host.apply_grav_custom("0.66", "20")
        if host.is_grounded():
            host.throw_pos_x = self.release_throw_pos_x
            host.throw_pos_y = self.release_throw_pos_y
            pos = host.get_global_throw_pos()
            host.opponent.set_pos(pos["x"], pos["y"])
            host.opponent.update_facing()
            return "KillProcessLanding"
        return None


class KillProcessLanding(RobotState):
    """``characters/robo/states/KillProcessLanding.gd``: the landing hit, scaled by the bars spent."""

    DAMAGE_PER_BAR = 75
    COMBO_DAMAGE_PER_BAR = 30
    MIN_DAMAGE_PER_BAR = 20
    MIN_COMBO_DAMAGE_PER_BAR = 20
    MIN_DAMAGE = 150
    MIN_COMBO_DAMAGE = 150

    def enter(self):
        host = self.host
        level = host.kill_process_super_level
        hitbox = self.get_child("Hitbox")
        hitbox.damage = self.MIN_DAMAGE + self.DAMAGE_PER_BAR * level
        hitbox.damage_in_combo = self.MIN_COMBO_DAMAGE + self.COMBO_DAMAGE_PER_BAR * level
        per_bar = self.MIN_DAMAGE_PER_BAR if host.combo_count <= 0 else self.MIN_COMBO_DAMAGE_PER_BAR
        hitbox.minimum_damage = per_bar * level
        host.start_invulnerability()
        host.super_armor_installed = True
        return None
