"""Wizard moves ported so far: the Taunt override, the shared WizardState base, and the
``is_usable`` rules of the others (legality only).  Each class names the game script it
ports."""
from __future__ import annotations

from yomi.gd import int_abs

from states.base.super_move import SuperMove
from states.base.taunt import Taunt as BaseTaunt
from states.char_state import CharacterState


class WizardTaunt(BaseTaunt):
    """``characters/wizard/states/Taunt.gd``: slides to a stop."""

    FRIC = "0.025"

    def tick(self):
        self.host.apply_x_fric(self.FRIC)
        return None


class WizardState(CharacterState):
    """``characters/wizard/states/WizardState.gd``: a move may trigger the orb's attack on its 2nd tick."""

    EXPORTS = {"trigger_orb_attack": True, "trigger_orb_type": "", "trigger_orb_delay": 20}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.triggered_orb_attack = False

    def enter_shared(self):
        super().enter_shared()
        self.triggered_orb_attack = False
        return None

    def tick_shared(self):
        host = self.host
        if not self.triggered_orb_attack and self.current_tick == 0 and self.trigger_orb_attack:
            if host.orb_projectile:
                host.match.objs_map[host.orb_projectile].trigger_attack(self.trigger_orb_type, self.trigger_orb_delay)
                self.triggered_orb_attack = True
        return super().tick_shared()


def _orb_locked(host):
    if host.orb_projectile:
        return host.match.objs_map[host.orb_projectile].locked
    return None


class DrawMoisture(WizardState):
    """``characters/wizard/CharacterState.gd`` (DrawMoisture; legality only so far)."""

    def is_usable(self) -> bool:
        host = self.host
        current = host.current_state()
        return bool(super().is_usable() and host.geyser_charge < 3
                    and not (current.name == "DrawMoisture" and current.current_tick < self.anim_length - 1))


class Geyser(WizardState):
    """``characters/wizard/states/Geyser.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        return self.host.geyser_charge > 0 and super().is_usable()


class LockOrb(WizardState):
    """``characters/wizard/states/LockOrb.gd`` (LockOrb, UnlockOrb; legality only so far)."""

    EXPORTS = {"locks_orb": False}

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and orb and not locked) if locks_orb else locked
        if self.locks_orb:
            return bool(super().is_usable() and self.host.orb_projectile and not _orb_locked(self.host))
        return bool(_orb_locked(self.host))


class OrbPush(WizardState):
    """``characters/wizard/states/OrbPush.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        return bool(super().is_usable() and self.host.orb_projectile and not _orb_locked(self.host))


class OrbTether(WizardState):
    """``characters/wizard/states/OrbTether.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        host = self.host
        return bool(super().is_usable() and host.orb_projectile
                    and (host.is_grounded() or host.air_movements_left > 0))


class VileClutch(WizardState):
    """``characters/wizard/states/VileClutch.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.can_vile_clutch


class FlameWave(WizardState):
    """``characters/wizard/FlameWave.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and host.can_flame_wave and host.flame_wave_cooldown <= 0


class Launch(WizardState):
    """``characters/wizard/Launch.gd`` (Launch, SuperLaunch; legality only so far)."""

    EXPORTS = {"redirect": False}

    def is_usable(self) -> bool:
        host = self.host
        obj = host.obj_from_name(host.boulder_projectile)
        if obj is not None:
            launched = obj.current_state().state_name == "Launch"
            if self.redirect and not launched:
                return False
            if not self.redirect and launched:
                return False
        return host.boulder_projectile is not None and super().is_usable()


class Orb(SuperMove):
    """``characters/wizard/states/Orb.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.orb_projectile is None


class ConjurePebble(SuperMove):
    """``characters/wizard/states/ConjurePebble.gd`` (Telekinesis; legality only so far)."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.boulder_projectile is None


class OrbTeleport(SuperMove):
    """``characters/wizard/states/OrbTeleport.gd`` (legality only so far)."""

    MAX_DIST_H = 640
    MAX_DIST_V = 200

    def is_usable(self) -> bool:
        host = self.host
        if host.orb_projectile:
            obj = host.obj_from_name(host.orb_projectile)
            if obj is not None:
                offs = host.obj_local_center(obj)
                if int_abs(offs["x"]) > self.MAX_DIST_H or offs["y"] < -self.MAX_DIST_V:
                    return False
        return bool(super().is_usable() and host.orb_projectile)
