"""The Mutant's states (``characters/mutant/states/*.gd``, ``Rebirth.gd``, ``DashThroughAttack.gd``).

Each class names the game script it ports; a state whose script only extends
``BeastState`` without code of its own (Slash, Sweep, Kick, GroundSpike...) is a
:class:`BeastState`.  Visual-only code of the scripts (particles, sounds, the twist
sprite, after-images) has no counterpart.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_abs, int_sign

from states.base.air_dash import AirDash
from states.base.burst import OffensiveBurst
from states.base.dash import Dash
from states.base.hurt import LEFT_WALL, RIGHT_WALL
from states.base.roll import RollDodge
from states.base.taunt import Taunt as BaseTaunt
from states.base.throw import ThrowState
from states.char_state import CharacterState

JUKE_PIPS_PER_USE = 2  # Beast.gd: JUKE_PIPS_PER_USE
CAUSTIC_THORN_SCENE = "characters/mutant/projectiles/CausticThorn.tscn"


def _wall_bounce(wall: int) -> int:
    """The WallSlam data for a wall side (-1 left, 1 right): ``CharacterHurtState.BOUNCE``."""
    return LEFT_WALL if wall == -1 else RIGHT_WALL


# ---------------------------------------------------------------------------------------- base overrides
class MutantRoll(RollDodge):
    """``characters/mutant/states/Roll.gd``: a roll that can go down (and land-cancel)."""

    DOWN_ROLL_SPEED = "10"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.down = False

    def enter(self):
        super().enter()
        self.down = False
        self.land_cancel = False
        if self.data["y"] > 0:
            self.host.apply_force("0", self.DOWN_ROLL_SPEED)
            self.land_cancel = True
            self.down = True
        return None

    def frame_6(self):
        if self.down:
            host = self.host
            host.end_invulnerability()
            host.end_throw_invulnerability()
            host.end_projectile_invulnerability()


class MutantOffensiveBurst(OffensiveBurst):
    """``characters/mutant/states/OffensiveBurst.gd``: needs the burst-cancel charge."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.bc_charge


class MutantDashForward(Dash):
    """``characters/mutant/states/DashForward.gd``: low hurtbox from frame 3 (0 when repeated); a pip."""

    def enter(self):
        super().enter()
        hurtbox_state = self.get_child("HurtboxState")
        hurtbox_state.start_tick = 0 if self.previous_state_name() == "DashForward" else 3
        self.setup_hurtboxes()
        return None

    def frame_4(self):
        if self.previous_state_name() != "DashForward":
            if self.data and self.data.get("x") == 100:
                self.host.add_juke_pip()


class AirDashForward(Dash):
    """``characters/mutant/states/AirDashForward.gd``: a full-distance air dash earns a juke pip."""

    def frame_4(self):
        if self.previous_state_name() != "AirDashForward":
            if self.data and self.data.get("x") == 100:
                self.host.add_juke_pip()


class SlopDash(AirDash):
    """``characters/mutant/states/SlopDash.gd`` ("Slop Dash"): an air dash usable from the ground once earned."""

    force_air_juke = True  # a constant in the original

    def enter(self):
        self.host.can_air_dash = False
        return None

    def frame_0(self):
        host = self.host
        if host.is_grounded():
            self.started_in_air = True
            host.set_grounded(False)
            host.move_directly(0, -1)
        super().frame_0()

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.can_air_dash


class MutantTaunt(BaseTaunt):
    """``characters/mutant/states/Taunt.gd`` (Taunt, and JukeCharge "Howl" with ``charge``)."""

    EXPORTS = {"charge": False}

    def frame_1(self):
        if self.charge:
            self.current_tick = 28
            self.host.add_juke_pips(JUKE_PIPS_PER_USE * 3)
            self.host.can_air_dash = True

    def frame_24(self):
        self.host.add_juke_pips(JUKE_PIPS_PER_USE)

    def frame_34(self):
        self.host.add_juke_pips(JUKE_PIPS_PER_USE)

    def frame_44(self):
        if not self.charge:
            self.host.add_juke_pips(JUKE_PIPS_PER_USE)
            super().frame_44()


# ---------------------------------------------------------------------------------------- BeastState
class BeastState(CharacterState):
    """``characters/mutant/states/BeastState.gd``: some moves need to be rising / falling.

    Its ``get_interrupt_from`` adds Grounded and Aerial while ``install_ticks > 0``; nothing
    in this build ever sets ``install_ticks`` above 0, so that getter changes nothing.
    """

    EXPORTS = {"moving_up_only": False, "moving_down_only": False, "force_air_juke": False}

    def is_usable(self) -> bool:
        if not super().is_usable():
            return False
        host = self.host
        if host.install_ticks == 0 and (self.moving_up_only or self.moving_down_only):
            vel = host.get_vel()
            if self.moving_down_only and not fixed.ge(vel["y"], "0"):
                return False
            if self.moving_up_only and not fixed.lt(vel["y"], "0"):
                return False
        return True


# ---------------------------------------------------------------------------------------- attacks
class Swipe(BeastState):
    """``characters/mutant/states/Swipe.gd`` (Swipe, Swipe2): up/down variants; a frame later without initiative."""

    IS_FAST_SWIPE = True  # juking during it is slower (Beast.gd: tick)

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.lagged = False

    def enter(self):
        if self.data["y"] == -1:
            return "SwipeUp"
        if self.data["y"] == 1:
            return "SwipeDown"
        self.lagged = False
        return None

    def tick(self):
        if self.current_tick == 1 and not self.host.initiative and not self.lagged:
            self.current_tick = 0
            self.lagged = True
        return None


class SwipeAir(BeastState):
    """``characters/mutant/states/SwipeAir.gd`` (AirSpin, GroundToAirSpin "Shred"): late land cancels recover less."""

    EXPORTS = {"grounded": False}

    def enter(self):
        self.land_cancel_state = "Landing"
        return None

    def tick(self):
        if self.current_tick < (2 if not self.grounded else 5) and self.host.combo_count <= 0:
            self.land_cancel_state = "Landing"
        else:
            self.land_cancel_state = "ShredLandCancel"
        return None

    def frame_4(self):
        if self.grounded:
            self.host.start_projectile_invulnerability()


class OverheadClaw(BeastState):
    """``characters/mutant/states/OverheadClaw.gd``: creeps forward, projectile-invulnerable frames 4-12."""

    def tick(self):
        if 4 < self.current_tick < 12:
            self.host.move_directly_relative(3, 0)
        return None

    def frame_4(self):
        self.host.start_projectile_invulnerability()

    def frame_13(self):
        self.host.end_projectile_invulnerability()


class AirSwipe(BeastState):
    """``characters/mutant/states/AirSwipe.gd``: a hit or a block lifts the Mutant."""

    HIT_LIFT = "-7"

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        self.host.set_vel(self.host.get_vel()["x"], self.HIT_LIFT)

    def on_got_blocked(self) -> None:
        self.host.set_vel(self.host.get_vel()["x"], self.HIT_LIFT)


class ForwardDashFollowup(BeastState):
    """``characters/mutant/states/ForwardDashFollowup.gd`` ("Dash Attack"): backward input turns it around."""

    def _goes_back(self) -> bool:
        return bool(self.data) and int_sign(self.data["x"]) != self.host.get_facing_int()

    def enter(self):
        self.host.update_facing()
        return None

    def apply_enter_force(self) -> None:
        if self._goes_back():
            return
        super().apply_enter_force()

    def frame_0(self):
        host = self.host
        if self._goes_back():
            if host.get_facing_int() == fixed.sign(host.get_vel()["x"]):
                host.reset_momentum()
            return "ForwardDashBackFollowup"
        host.start_projectile_invulnerability()
        self.apply_grav = False  # the state's export, until frame 6
        return None

    def frame_6(self):
        self.host.end_projectile_invulnerability()
        self.apply_grav = True


class ForwardDashBackFollowup(BeastState):
    """``characters/mutant/states/ForwardDashBackFollowup.gd``: passes through the opponent unless blocked."""

    def frame_0(self):
        self.host.colliding_with_opponent = False

    def on_got_blocked(self) -> None:
        self.host.colliding_with_opponent = True
        self.host.reset_momentum()


# ---------------------------------------------------------------------------------------- specials
class CausticSpike(BeastState):
    """``characters/mutant/states/CausticSpike.gd``: throws the spike (``CausticSpike.tscn``) toward the chosen direction."""

    PUSH = "10.0"
    EXTRA_FORCE = "9.0"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.combo_lag = 0

    def process_projectile(self, projectile) -> None:
        host = self.host
        projectile.set_grounded(False)
        direction = self.host.xy_to_dir(self.data["x"], self.data["y"], self.EXTRA_FORCE)
        projectile.apply_force(fixed.mul(self.PUSH, str(host.get_facing_int())), "0")
        projectile.apply_force(direction["x"], direction["y"])
        projectile.set_rotation(self.data)
        host.spike_projectile = projectile.obj_name

    def enter(self):
        if self.host.combo_count > 0 and self.host.is_grounded():
            self.combo_lag = 4
        return None

    def tick(self):
        if self.combo_lag > 0:
            self.current_tick = 1
            self.combo_lag -= 1
        if self.host.combo_count > 0 and self.started_in_air:
            if self.current_tick == 1:
                self.current_tick = 5
            if self.current_tick == 18:
                self.enable_interrupt()
        return None


class AcidSlashJ(BeastState):
    """``characters/mutant/states/AcidSlashJ.gd`` ("Leap Slash", and AcidSlashJUp with ``up``): a leap at frame 9."""

    EXPORTS = {"up": False}
    FORWARD_X_FORCE = "13"
    FORWARD_Y_FORCE = "-13"
    UP_X_FORCE = "5"
    UP_Y_FORCE = "-16"
    AIR_MODIFIER = "0.75"
    GROUND_MODIFIER = "0.85"

    def enter(self):
        if self.data and self.data["x"] == 0:
            return "AcidSlashJUp"
        return None

    def frame_9(self):
        host = self.host
        host.set_vel(host.get_vel()["x"], "0")
        host.move_directly(0, -1)
        modifier = self.AIR_MODIFIER if not host.is_grounded() else self.GROUND_MODIFIER
        force_x = self.FORWARD_X_FORCE if not self.up else self.UP_X_FORCE
        force_y = self.FORWARD_Y_FORCE if not self.up else self.UP_Y_FORCE
        host.apply_force_relative(fixed.mul(force_x, modifier), fixed.mul(force_y, modifier))


class AcidSlashH(BeastState):
    """``characters/mutant/states/AcidSlashH.gd``: a lunge at frame 10 (none during a neutral juke)."""

    FORCE_SPEED = "10"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.force_speed_ = self.FORCE_SPEED

    def frame_0(self):
        self.force_speed_ = self.FORCE_SPEED if not self.host.is_neutral_juke() else "0"

    def frame_10(self):
        self.host.apply_force_relative(self.force_speed_, "0")


class BiteGrab(BeastState):
    """``characters/mutant/states/BiteGrab.gd`` ("Envenom"): creeps forward; a reversed bite starts 5 frames late."""

    MOVE_X = "2.0"
    BACK_LAG = 5

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.back_lag = 0

    def enter(self):
        self.back_lag = self.BACK_LAG if self.host.reverse_state else 0
        return None

    def tick(self):
        if self.back_lag > 0:
            self.back_lag -= 1
            self.current_tick = 0
        if self.current_tick < 13:
            self.host.move_directly_relative(self.MOVE_X, "0")
        return None


class BiteThrow(ThrowState):
    """``characters/mutant/states/BiteThrow.gd``: its exported projectile is the Poison; proration at least 3."""

    def frame_0(self):
        if self.host.combo_proration < 3:
            self.host.combo_proration = 3


class ProjectileGrab(BeastState):
    """``characters/mutant/states/ProjectileGrab.gd`` ("Vault"): touching something bounces off it."""

    JUMP_FORCE = -10
    JUMP_HORIZ_SPEED = "7.0"
    FIGHTER_JUMP_FORCE = -5
    BASE_JUMP_FORCE = -5

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.jumped = False

    def enter(self):
        self.jumped = False
        return None

    def frame_5(self):
        self.host.start_projectile_invulnerability()

    def frame_16(self):
        self.host.end_projectile_invulnerability()

    def detect(self, obj) -> None:
        if self.jumped:
            return
        self.jumped = True
        host = self.host
        host.set_vel(0, 0)
        direction = host.xy_to_dir(self.data["x"], self.data["y"])
        dir_x = fixed.mul(direction["x"], self.JUMP_HORIZ_SPEED)
        jump_force = self.JUMP_FORCE if not obj.is_fighter else self.FIGHTER_JUMP_FORCE
        dir_y = fixed.mul(fixed.mul(direction["y"], str(jump_force)), "-1")
        host.apply_force(dir_x, dir_y)
        host.apply_force(0, self.BASE_JUMP_FORCE)
        self.queue_state_change("ProjectileGrabJump")
        if not obj.is_fighter:
            obj.apply_force(0, -self.JUMP_FORCE)


class ProjectileGrabJump(CharacterState):
    """``characters/mutant/states/ProjectileGrabJump.gd``: three projectile-invulnerable frames."""

    def frame_0(self):
        self.host.start_projectile_invulnerability()

    def frame_3(self):
        self.host.end_projectile_invulnerability()


class TwistAttack(BeastState):
    """``characters/mutant/states/TwistAttack.gd`` ("Corkscrew"): flies straight in the chosen direction.

    The hitbox and limb hurtbox are rotated toward the direction at entry; their x is
    pre-multiplied by the facing because ``x_facing`` mirrors it again.
    """

    MOVE_SPEED = "11"
    HITBOX_X = "34"
    HURTBOX_X = "19"
    PIVOT_X = 0
    PIVOT_Y = -15

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.moving = False
        self.move_x = "0"
        self.move_y = "0"
        self.dir_x = "0"
        self.dir_y = "0"

    def enter(self):
        host = self.host
        facing = host.get_facing_int()
        self.moving = False
        move = host.xy_to_dir(self.data["x"], self.data["y"], self.MOVE_SPEED)
        self.move_x, self.move_y = move["x"], move["y"]
        self.dir_x = fixed.div(self.move_x, self.MOVE_SPEED)
        self.dir_y = fixed.div(self.move_y, self.MOVE_SPEED)
        angle = fixed.vec_to_angle(self.dir_x, self.dir_y)
        hurtbox_vec = fixed.rotate_vec(self.HURTBOX_X, "0", angle)
        hitbox_vec = fixed.rotate_vec(self.HITBOX_X, "0", angle)
        hurtbox = self.get_child("LimbHurtbox")
        hitbox = self.get_child("Hitbox")
        hitbox_2 = self.get_child("Hitbox2")
        hurtbox.x = (fixed.round(hurtbox_vec["x"]) + self.PIVOT_X) * facing
        hurtbox.y = fixed.round(hurtbox_vec["y"]) + self.PIVOT_Y
        hitbox.x = (fixed.round(hitbox_vec["x"]) + self.PIVOT_X) * facing
        hitbox.y = fixed.round(hitbox_vec["y"]) + self.PIVOT_Y
        hitbox.dir_x = fixed.mul(self.dir_x, str(facing))
        hitbox.dir_y = self.dir_y if not fixed.gt(self.dir_y, "0") else "0"
        hitbox_2.dir_x = hitbox.dir_x
        hitbox_2.dir_y = hitbox.dir_y
        hitbox.vacuum = False
        hitbox_2.vacuum = False
        return None

    def frame_0(self):
        self.allow_framecheat = True
        self.next_state_on_hold_on_opponent_turn = False
        self.next_state_on_hold = False

    def frame_25(self):
        self.allow_framecheat = False
        self.next_state_on_hold_on_opponent_turn = True
        self.next_state_on_hold = True

    def frame_6(self):
        self.moving = True

    def frame_10(self):
        self.host.reset_momentum()

    def tick(self):
        host = self.host
        if not self.moving:
            self.apply_custom_grav = True
        else:
            self.apply_custom_grav = False
            host.move_directly(self.move_x, self.move_y)
            if self.current_tick > 14 and host.is_grounded() and fixed.gt(self.move_y, "0"):
                return "Landing"
        host.apply_fric()
        host.apply_forces()
        return None

    def exit(self) -> None:
        if self.moving:
            self.host.set_vel(self.move_x, self.move_y)


class Shockwave(BeastState):
    """``characters/mutant/states/Shockwave.gd``: one shockwave (``Shockwave.tscn``) on screen at a time."""

    def process_projectile(self, projectile) -> None:
        self.host.shockwave_projectile = projectile.obj_name

    def is_usable(self) -> bool:
        return self.host.shockwave_projectile is None and super().is_usable()


class ThornBarrage(BeastState):
    """``characters/mutant/states/ThornBarrage.gd`` (CausticBarrage, CausticBarrageAir with ``air``).

    From frame 5, one caustic thorn a frame, six in all, fanned over a 34-degree arc
    aimed 45 degrees up (down in the air).  Quirk kept: facing left the thorn index
    counts 6..1 instead of 0..5, so the fan is shifted by one step (the last thorn is
    aimed past the arc).
    """

    EXPORTS = {"air": False}
    ARC = "34"
    AIM = "45"
    NUM_PROJECTILES = 6
    PROJECTILES_PER_FRAME = 1
    JUMP_FORCE = -3
    GROUND_JUMP_FORCE = -6
    GROUND_JUMP_FORCE_HORIZ = -1

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.projectiles_left = 0

    def frame_5(self):
        host = self.host
        self.projectiles_left = self.NUM_PROJECTILES
        if self.air:
            if host.is_grounded():
                host.apply_force(self.GROUND_JUMP_FORCE_HORIZ, self.GROUND_JUMP_FORCE)
            else:
                host.apply_force(0, self.JUMP_FORCE)

    def tick(self):
        for _ in range(self.PROJECTILES_PER_FRAME):
            if self.projectiles_left > 0:
                self._spawn_thorn()
                self.projectiles_left -= 1
        return None

    def _spawn_thorn(self) -> None:
        host = self.host
        facing = host.get_facing_int()
        index = (self.NUM_PROJECTILES - self.projectiles_left) if facing > 0 else self.projectiles_left
        ratio = fixed.div(str(index), str(self.NUM_PROJECTILES - 1))
        arc = fixed.deg2rad(self.ARC)
        angle = fixed.add(fixed.lerp_string(fixed.mul(arc, "0.5"), fixed.mul(arc, "-0.5"), ratio),
                          fixed.mul(fixed.deg2rad(self.AIM), str(facing)))
        if self.air:
            angle = fixed.mul(angle, "-1")
        vec = fixed.rotate_vec("0", "-1" if not self.air else "1", angle)
        host.spawn_object(CAUSTIC_THORN_SCENE, -8, -16 if not self.air else -32, True, {"dir": vec, "angle": angle})


class WallTrick(BeastState):
    """``characters/mutant/states/WallTrick.gd`` ("Pounce"): a jump that picks its follow-up from the direction.

    Up-forward inputs follow up with WallTrickFollowup, diagonals with ...Followup2, straight
    down with ...Followup3; off a wall it jumps three frames sooner.
    """

    MOVE_X_1 = "-3"
    MOVE_Y_1 = "-1"
    MOVE_X_2 = "-1"
    MOVE_Y_2 = "-1"
    MOVE_SPEED_1 = "25"
    MOVE_SPEED_2 = "19"
    JUMP_TICK = 4
    AIR_ADVANTAGE = JUMP_TICK - 1
    DOWN_TICK = 7

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.air_advantage = 0
        self.down = False

    def enter(self):
        host = self.host
        host.reset_momentum()
        wall = host.touching_which_wall()
        self.air_advantage = self.AIR_ADVANTAGE if wall != 0 and host.get_facing_int() != wall else 0
        if self.data is None:
            self.data = {"x": 1, "y": 0}
        data = self.data
        if data["y"] == 0:
            self.fallback_state = "WallTrickFollowup"
        elif int_abs(data["x"]) == 1:
            self.fallback_state = "WallTrickFollowup2"
        else:
            self.fallback_state = "WallTrickFollowup3"
        self.down = data["y"] == 1 and data["x"] == 0
        return None

    def tick(self):
        host = self.host
        straight = self.data["y"] == 0
        if self.current_tick > (self.JUMP_TICK - 1) - self.air_advantage:
            move = fixed.normalized_vec_times(self.MOVE_X_1 if straight else self.MOVE_X_2,
                                              self.MOVE_Y_1 if straight else self.MOVE_Y_2,
                                              self.MOVE_SPEED_1 if straight else self.MOVE_SPEED_2)
            host.set_vel(fixed.mul(move["x"], str(host.get_facing_int())), move["y"])
            if self.current_tick > self.JUMP_TICK - self.air_advantage:
                if ((host.touching_which_wall() != 0 and not host.is_grounded())
                        or self.current_tick >= self.anim_length - 1
                        or (self.down and self.current_tick >= self.DOWN_TICK)):
                    return self.fallback_state
        return None

    def frame_0(self):
        host = self.host
        host.start_throw_invulnerability()
        if host.is_neutral_juke():
            host.juke_ticks += 2

    def frame_1(self):
        self.host.start_projectile_invulnerability()

    def frame_8(self):
        self.host.end_projectile_invulnerability()
        self.host.end_throw_invulnerability()

    def exit(self) -> None:
        self.host.reset_momentum()


class WallTrickFollowup(BeastState):
    """``characters/mutant/states/WallTrickFollowup.gd`` (WallTrickFollowup 1-3): the pounce itself.

    Flies at a fixed velocity from frame 4; on landing it recovers (``Landing``) if it hit
    or was blocked, or if it went straight down, and rolls out (``PounceFailRoll``) if not;
    a wall in front slams it, and a miss in the air rolls out after frame 11.
    """

    EXPORTS = {"move_x_": "2", "move_y_": "0.5", "move_speed": "37"}
    GO_FRAME = 16

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.move_x = "0"
        self.move_y = "0"
        self.hit_opponent = False

    def enter(self):
        self.hit_opponent = False
        move = fixed.normalized_vec_times(self.move_x_, self.move_y_, self.move_speed)
        self.move_x = fixed.mul(move["x"], str(self.host.get_facing_int()))
        self.move_y = move["y"]
        return None

    def frame_0(self):
        host = self.host
        wall = host.touching_which_wall()
        if wall != 0:
            host.set_facing(-wall)
            if host.reverse_state:
                host.set_facing(wall)

    def tick(self):
        host = self.host
        if self.current_tick > 3:
            host.set_vel(self.move_x, self.move_y)
            if host.is_grounded() or host.get_pos()["y"] > -2:
                host.set_pos(host.get_pos()["x"], 0)
                return "Landing" if (self.hit_opponent or fixed.eq(self.move_x, "0")) else "PounceFailRoll"
        if not self.hit_opponent and not fixed.eq(self.move_x, "0"):
            wall = host.touching_which_wall()
            if wall != 0:
                if wall == host.get_facing_int():
                    self.queue_state_change("WallSlam", _wall_bounce(wall))
            elif self.current_tick > 11:
                self.queue_state_change("PounceFailRoll")
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self.hit_opponent = True

    def on_got_blocked(self) -> None:
        self.hit_opponent = True

    def exit(self) -> None:
        host = self.host
        host.set_vel(self.move_x, self.move_y)
        if host.is_grounded():
            # Quirk kept: get_vel() reads the cached snapshot, not the velocity just set.
            vel = host.get_vel()
            host.set_vel(fixed.mul(vel["x"], "0.33"), vel["y"])


class PounceFailRoll(BeastState):
    """``characters/mutant/states/PounceFailRoll.gd``: a missed pounce tumbles into a knockdown.

    Quirk kept: the wall test compares the touched wall (0 for none) with the sign of the
    velocity, so a tumble with no horizontal velocity away from any wall also wall-slams
    (as if into the right wall).
    """

    VEL_MUL = "0.5"

    def enter(self):
        host = self.host
        vel = host.get_vel()
        host.set_vel(fixed.mul(vel["x"], self.VEL_MUL), fixed.mul(vel["y"], self.VEL_MUL))
        return None

    def tick(self):
        host = self.host
        if host.is_grounded() and self.current_tick > 8:
            return "Knockdown"
        wall = host.touching_which_wall()
        if wall == fixed.sign(host.get_vel()["x"]):
            self.queue_state_change("WallSlam", _wall_bounce(wall))
        return None


class DashThroughAttack(BeastState):
    """``characters/mutant/DashThroughAttack.gd`` ("Sneak Attack"): dashes through and turns around.

    Between frames 4 and 11, once the opponent is behind and at least 40 px away, it
    tracks back toward them at 7 px/frame.

    Quirk kept: its ``_on_hit_something`` replaces the CharacterState one without calling
    it, so a hit records nothing (no hit_yet / combo staling entry, no penalty relief) and
    opens no hit-cancel window.
    """

    TRACKING_SPEED = 7
    MIN_TRACKING_SPEED = 40

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.starting_dir = 0
        self.tracking = False
        self.tracked_yet = False

    def frame_0(self):
        host = self.host
        self.tracking = False
        self.tracked_yet = False
        host.colliding_with_opponent = False
        self.apply_grav = False  # the state's export, until frame 13
        self.starting_dir = host.get_opponent_dir()

    def frame_15(self):
        self.host.set_vel(fixed.mul(self.host.get_vel()["x"], "0.15"), "0")

    def frame_6(self):
        self.host.turn_around()

    def tick(self):
        host = self.host
        vel = host.get_vel()
        opp_dist = int_abs(host.obj_local_pos(host.opponent)["x"])
        if 3 < self.current_tick < 12 and not self.tracked_yet:
            if host.get_opponent_dir() != self.starting_dir and opp_dist >= self.MIN_TRACKING_SPEED:
                self.tracking = True
                self.tracked_yet = True
                host.set_vel(vel["x"], "0")
                host.update_data()
                vel = host.get_vel()
        if self.tracking and opp_dist >= self.MIN_TRACKING_SPEED:
            host.set_vel(str(-self.starting_dir * self.TRACKING_SPEED), vel["y"])
            if host.get_opponent_dir() == self.starting_dir:
                self.tracking = False
        return None

    def frame_10(self):
        self.host.colliding_with_opponent = True

    def frame_13(self):
        self.apply_grav = True

    def on_hit_something(self, obj, hitbox) -> None:
        self.tracking = False
        self.host.set_vel(fixed.mul(self.host.get_vel()["x"], "0.75"), "0")

    def got_parried(self) -> None:
        self.host.set_vel(fixed.mul(self.host.get_vel()["x"], "0.75"), "0")


class Rebirth(BeastState):
    """``characters/mutant/Rebirth.gd``: pulls a detected opponent in; a hit or block heals 25.

    Quirk kept: the heal is a plain ``hp += 25`` with no cap, so it can take the
    Mutant above its maximum HP.
    """

    PULL_SPEED = "1.5"
    REGEN = 25

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.pulling = False

    def enter(self):
        self.pulling = False
        return None

    def frame_0(self):
        host = self.host
        host.set_vel(host.get_vel()["x"], "0")

    def detect(self, obj) -> None:
        if obj is self.host.opponent:
            self.pulling = True

    def tick(self):
        if self.pulling:
            opponent = self.host.opponent
            direction = opponent.get_opponent_dir_vec()
            force = fixed.vec_mul(direction["x"], direction["y"], self.PULL_SPEED)
            opponent.apply_force(force["x"], force["y"] if not opponent.is_grounded() else "0")
        return None

    def _regenerate(self) -> None:
        host = self.host
        host.refresh_air_movements()
        host.add_juke_pips(JUKE_PIPS_PER_USE - 1)
        self.pulling = False
        host.hp += self.REGEN

    def on_got_blocked(self) -> None:
        self._regenerate()

    def frame_14(self):
        self.pulling = False

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self._regenerate()
