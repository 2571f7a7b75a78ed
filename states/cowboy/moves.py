"""Cowboy moves ported so far: the base-state overrides, SuperDash (reached from Charge
Dash), and the ``is_usable`` rules of the others (legality only).  Each class names the
game script it ports."""
from __future__ import annotations

from yomi.gd import int_max

from states.base.hurt import HurtAerial as BaseHurtAerial
from states.base.super_move import SuperMove
from states.base.taunt import Taunt as BaseTaunt
from states.char_state import CharacterState

MAX_EXTRA_LAG_FRAMES = 5
MIN_IASA = 7
MIN_NEUTRAL_IASA = 9
SUPER_IASA = 14


class CowboyDash(CharacterState):
    """``characters/swordandgun/states/Dash.gd`` (Dash, Dash1k, SuperDash): a hop forward."""

    EXPORTS = {"startup_invuln": True, "grounded": False, "super": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.starting_y = 0

    def enter(self):
        if self.host.reverse_state:
            self.beats_backdash = False
        else:
            self.backdash_iasa = True
            self.beats_backdash = True
            self.backdash_iasa = False
        return None

    def frame_0(self):
        host = self.host
        min_iasa = (MIN_IASA if host.combo_count > 0 else MIN_NEUTRAL_IASA) if not self.super else SUPER_IASA
        self.starting_iasa_at = min_iasa
        self.iasa_at = min_iasa
        self.starting_y = host.get_pos()["y"]
        host.move_directly(0, -1)
        host.set_grounded(False)
        if self.startup_invuln and host.initiative:
            host.start_projectile_invulnerability()

    def frame_4(self):
        self.host.end_projectile_invulnerability()

    def tick(self):
        host = self.host
        if host.is_grounded():
            if host.combo_count > 0:
                self.queue_state_change("Landing", 4)
            else:
                lag = 4 + int_max(MAX_EXTRA_LAG_FRAMES - self.current_tick, 0)
                self.queue_state_change("Landing", lag)
        if self.super:
            host.move_directly_relative(5, 0)
        return None


class CowboyHurtAerial(BaseHurtAerial):
    """``characters/swordandgun/states/HurtAerial.gd``: a Cowboy hit by its own object."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit_self = False

    def frame_0(self):
        self.hit_self = False
        host = self.host
        obj = host.obj_from_name(self.hitbox.host)
        if obj is not None and obj.get_fighter() is host:
            self_hitbox = self.get_child("Hitbox")
            self_hitbox.activate()
            self_hitbox.add_hit_object(obj.obj_name)
            self.hit_self = True
            obj.disable()

    def tick(self):
        if self.hit_self:
            self.host.opponent.reset_combo()
        return super().tick()

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        self.host.opponent.reset_combo()


class CowboyTaunt(BaseTaunt):
    """``characters/swordandgun/states/Taunt.gd`` (Taunt, Guntrick)."""

    EXPORTS = {"guntrick": False}

    def frame_15(self):
        if self.state_name == "Guntrick":
            self.current_tick += 2

    def is_usable(self) -> bool:
        return super().is_usable() and not (self.guntrick and not self.host.opponent.busy_interrupt)


# ---------------------------------------------------------------- legality only (so far)

class NewShoot(CharacterState):
    """``characters/swordandgun/NewShoot.gd`` (Shoot2, ShootDodge2, PointBlank)."""

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and host.bullets_left > 0 and host.has_gun


class PistolWhip(CharacterState):
    """``characters/swordandgun/states/PistolWhip.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.has_gun


class GunThrow(CharacterState):
    """``characters/swordandgun/states/GunThrow.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.has_gun


class GunReel(CharacterState):
    """``characters/swordandgun/states/GunReel.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and not self.host.has_gun


class WeebCut(SuperMove):
    """``characters/swordandgun/states/WeebCut.gd`` (TimeSplitter)."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.cut_projectile is not None


class Foresight(CharacterState):
    """``characters/swordandgun/states/Foresight.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.after_image_object is None


class ForesightExplosion(CharacterState):
    """``characters/swordandgun/states/ForesightExplosion.gd``."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.after_image_object is not None


class LightningSlice(CharacterState):
    """``characters/swordandgun/states/LightningSlice.gd``."""

    EXPORTS = {"cancel": False, "followup": False, "neutral": False}

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and neutral and combo == 0) or (not neutral and combo > 0)
        combo = self.host.combo_count
        return bool((super().is_usable() and self.neutral and combo == 0) or (not self.neutral and combo > 0))


class ThousandCuts(SuperMove):
    """``characters/swordandgun/states/1000Cuts.gd`` (1000Cuts, 1000CutsEnd)."""

    EXPORTS = {"end": False}

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and no cuts) if not end else (cuts)
        if not self.end:
            return super().is_usable() and self.host.cut_projectile is None
        return self.host.cut_projectile is not None


class Shoot(SuperMove):
    """``characters/swordandgun/states/Shoot.gd`` (Shoot, ShootDodge, TimeBullet)."""

    EXPORTS = {"temporal": False, "dodge": False}

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and (host.bullets_left > 0 or self.temporal) and host.has_gun


class Lasso(CharacterState):
    """``characters/swordandgun/states/Lasso.gd``."""

    def is_usable(self) -> bool:
        gun = self.host.obj_from_name(self.host.gun_projectile)
        if gun is not None and gun.lassoed:
            return False
        return super().is_usable()


class Teleport(SuperMove):
    """``characters/swordandgun/states/Teleport.gd`` (Teleport, SpotDodge, Shift...)."""

    EXPORTS = {"shift": False, "from_stance": False, "foresight": False}

    def is_usable(self) -> bool:
        if self.foresight and self.host.after_image_object is None:
            return False
        return super().is_usable() and self.host.current_state().state_name != "WhiffInstantCancel"


class Brandish(SuperMove):
    """``characters/swordandgun/states/Brandish.gd`` (Brandish, QuickerDraw)."""

    EXPORTS = {"quicker": False}

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and (host.bullets_left > 0 or host.supers_available > 0) and host.has_gun
