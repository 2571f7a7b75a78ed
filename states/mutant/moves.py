"""Mutant moves ported so far: the base-state overrides and the ``is_usable`` rules of the
others (legality only).  Each class names the game script it ports."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.base.air_dash import AirDash
from states.base.burst import OffensiveBurst
from states.base.dash import Dash
from states.base.roll import RollDodge
from states.base.taunt import Taunt as BaseTaunt
from states.char_state import CharacterState

JUKE_PIPS_PER_USE = 2
DOWN_ROLL_SPEED = "10"


class MutantRoll(RollDodge):
    """``characters/mutant/states/Roll.gd``: a roll that can go down (and land-cancel)."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.down = False

    def enter(self):
        super().enter()
        self.down = False
        self.land_cancel = False
        if self.data["y"] > 0:
            self.host.apply_force("0", DOWN_ROLL_SPEED)
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


class SlopDash(AirDash):
    """``characters/mutant/states/SlopDash.gd``: an air dash usable from the ground once earned."""

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
    """``characters/mutant/states/Taunt.gd`` (Taunt, JukeCharge "Howl")."""

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


class BeastState(CharacterState):
    """``characters/mutant/states/BeastState.gd``: some moves need to be rising / falling."""

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


class Shockwave(BeastState):
    """``characters/mutant/states/Shockwave.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        return self.host.shockwave_projectile is None and super().is_usable()
