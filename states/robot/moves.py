"""Robot moves ported so far: the base-state overrides, the RobotState base, the charged
Step (reached from Charge Dash) and the ``is_usable`` rules of the others (legality only).
Each class names the game script it ports."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, imod

from states.base.fall import Fall as BaseFall
from states.base.jump import Jump
from states.base.landing import Landing as BaseLanding
from states.base.roll import RollDodge
from states.base.taunt import Taunt as BaseTaunt
from states.base.throw import ThrowState
from states.char_state import BUSY_HURT, CharacterState

LANDING_SHOCKWAVE = "characters/robo/projectiles/LandingShockwave.tscn"


class RobotState(CharacterState):
    """``characters/robo/RobotState.gd``: optional super cost, flight allowed, startup throw invulnerability."""

    EXPORTS = {"is_super": False, "super_level": 1, "supers_used": -1, "super_freeze_ticks": 15, "super_effect": True,
               "can_fly": True, "throw_invuln_frames": 0, "super_scale_combo_meter": True}

    def is_usable(self) -> bool:
        if not self.is_super:
            return super().is_usable()
        return super().is_usable() and self.host.supers_available >= self.super_level

    def enter_shared(self):
        super().enter_shared()
        if self.throw_invuln_frames > 0:
            self.host.start_throw_invulnerability()
        return None

    def frame_0_shared(self):
        super().frame_0_shared()
        if not self.is_super:
            return None
        host = self.host
        levels = self.super_level if self.supers_used == -1 else self.supers_used
        if self.super_scale_combo_meter and levels > 0:
            host.combo_supers += 1
        for _ in range(levels):
            host.use_super_bar()
        return None

    def tick_shared(self):
        super().tick_shared()  # quirk kept: the result is dropped
        if self.current_tick == self.throw_invuln_frames and self.throw_invuln_frames > 0:
            self.host.end_throw_invulnerability()
        return None


class Step(RobotState):
    """``characters/robo/states/Step.gd`` (Step, ChargedStep): a delayed stomp forward."""

    MOVE_AMOUNT = 15
    EXTRA_FORWARD_MOVEMENT = 6
    FLIP_LAG = 2
    STARTUP_LAG = 3
    EXPORTS = {"charged": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.startup_lag = 0  # accumulates across entries; consumed by tick

    def enter(self):
        host = self.host
        if host.combo_count <= 0:
            self.startup_lag += self.STARTUP_LAG
        if host.reverse_state:
            self.beats_backdash = False
            self.startup_lag += self.FLIP_LAG
            host.add_penalty(10)
        else:
            self.beats_backdash = True
        return None

    def frame_0(self):
        if self.charged:
            self.host.has_projectile_armor = True

    def frame_5(self):
        if not self.host.reverse_state:
            self.host.move_directly_relative(self.EXTRA_FORWARD_MOVEMENT, 0)

    def frame_6(self):
        self.self_interruptable = False
        self.next_state_on_hold = False
        self.next_state_on_hold_on_opponent_turn = False
        self.host.move_directly_relative(self.MOVE_AMOUNT, 0)

    def frame_9(self):
        self.self_interruptable = True
        self.next_state_on_hold = True
        self.next_state_on_hold_on_opponent_turn = True

    def tick(self):
        if self.current_tick >= 1 and self.startup_lag > 0:
            self.startup_lag -= 1
            self.current_tick = 1
        if self.charged:
            self.host.apply_forces_no_limit()
        else:
            self.host.apply_forces()
        return None


class RobotRoll(RollDodge):
    """``characters/robo/Roll.gd``: a roll that stops flight."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.can_fly = False


class RobotFall(BaseFall):
    """``characters/robo/states/Fall.gd``: lands after 2 frames; interruptible every 10 while flying."""

    def enter(self):
        self.iasa_at = 11
        return None

    def tick(self):
        host = self.host
        super().tick()  # its "Landing" is dropped; the check below decides
        if host.flying_dir is not None:
            self.iasa_at = 10
            if self.current_tick > 0 and imod(self.current_tick, 10) == 0:
                self.enable_interrupt()
        if self.current_tick > 1 and host.is_grounded():
            return "Landing"
        return None


class RobotLanding(BaseLanding):
    """``characters/robo/states/Landing.gd``: a hard landing can ground-pound (two shockwaves)."""

    SPEED_HITBOX_ACTIVATION = "5.0"
    SPEED_HITBOX_RATIO = "1.0"
    BASE_DAMAGE = 10
    DAMAGE_MODIFIER = "0.3"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.has_hitbox = False

    def frame_0(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        self.set_lag(None)
        prev = self.previous_state()
        speed = host.last_aerial_vel["y"]
        self.has_hitbox = prev.busy_interrupt_type != BUSY_HURT and not (prev is not None and prev.IS_HURT_STATE)
        hitbox.hits_vs_grounded = bool(host.can_ground_pound and fixed.gt(speed, self.SPEED_HITBOX_ACTIVATION)
                                       and self.has_hitbox)
        ratio = fixed.div(speed, self.SPEED_HITBOX_RATIO)
        damage = fixed.round(fixed.mul(ratio, str(self.BASE_DAMAGE)))
        if damage < self.BASE_DAMAGE:
            damage = self.BASE_DAMAGE
        damage = fixed.round(fixed.mul(self.DAMAGE_MODIFIER, str(damage)))
        if hitbox.hits_vs_grounded:
            left = host.spawn_object(LANDING_SHOCKWAVE, -16, -1)
            right = host.spawn_object(LANDING_SHOCKWAVE, 16, -1)
            right.facing = 1
            left.facing = -1
            left.damage = damage
            right.damage = damage
            left.speed = speed
            right.speed = speed
        hitbox.damage = damage

    def tick(self):
        super().tick()
        if self.has_hitbox:
            self.interruptible_on_opponent_turn = False
        return None


class RobotSuperJump(Jump):
    """``characters/robo/SuperJump.gd``: projectile armor while rising, three air options after."""

    def frame_7(self):
        super().frame_7()
        self.host.has_projectile_armor = True

    def frame_8(self):
        self.host.air_movements_left = 3

    def frame_38(self):
        self.host.has_projectile_armor = False


class RobotAirForwardThrow(ThrowState):
    """``characters/robo/states/AirForwardThrow.gd`` (AirForwardThrow, AirBackThrow)."""

    def enter(self):
        # Replaces ThrowState's enter (``released`` is reset on the next frame anyway).
        self.air_ground_bounce = self.host.combo_count != 0
        return None


class RobotTaunt(BaseTaunt):
    """``characters/robo/states/Taunt.gd``: shorter in the air."""

    def enter(self):
        host = self.host
        self.can_apply_sadness = host.combo_count <= 0
        self.next_state_on_hold = False
        self.next_state_on_hold_on_opponent_turn = False
        self.anim_length = 45
        if not host.is_grounded():
            self.anim_length = 11
            self.next_state_on_hold = True
            self.next_state_on_hold_on_opponent_turn = True
        return None


# ---------------------------------------------------------------- legality only (so far)

class Grenade(RobotState):
    """``characters/robo/Grenade.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.grenade_object is None


class Magnetize(RobotState):
    """``characters/robo/states/Magnetize.gd``."""

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and host.magnet_ticks_left <= 0 and host.grenade_object is not None


class Flamethrower(RobotState):
    """``characters/robo/states/Flamethrower.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.can_flamethrower


class LOIC(RobotState):
    """``characters/robo/states/LOIC.gd`` (LOIC, Galvanize)."""

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and not host.orbital_strike_out and host.can_loic


class DisableLoic(RobotState):
    """``characters/robo/states/DisableLoic.gd``."""

    def is_usable(self) -> bool:
        obj = self.host.obj_from_name(self.host.orbital_strike_projectile)
        usable = obj is not None and not obj.deactivating
        return super().is_usable() and usable


class RobotMissile(RobotState):
    """``characters/robo/Missile.gd`` (LAUNCH)."""

    def is_usable(self) -> bool:
        host = self.host
        return host.air_option_bar >= idiv(host.air_option_bar_max, 4) and super().is_usable()
