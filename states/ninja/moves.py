"""Ninja moves ported so far: only what the base moves reach and what legality needs.

Each class names the game script it ports.  Most Ninja moves are not ported yet: their
states use the generic class of their script's base (CharacterState, SuperMove...),
which is right for everything the action menu asks (categories, air type, costs) except
the ``is_usable`` overrides below.
"""
from __future__ import annotations

from states.char_state import CharacterState
from yomi.gd import int_abs

MAX_X_DIST = 300
MAX_Y_DIST = 300


class GrapplingHook(CharacterState):
    """``characters/stickman/states/GrapplingHook.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        host = self.host
        return host.grappling_hook_projectile is None and not host.used_grappling_hook and super().is_usable()


class StickyBomb(CharacterState):
    """``characters/stickman/states/StickyBomb.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and not host.bomb_thrown and host.sticky_bombs_left > 0


class StoreMomentum(CharacterState):
    """``characters/stickman/states/StoreMomentum.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and (host.momentum_stores < 3 or host.infinite_resources)


class Summon(CharacterState):
    """``characters/stickman/states/Summon.gd`` (legality only so far)."""

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and can_summon_kunai) or can_summon_kick
        host = self.host
        return bool((super().is_usable() and host.can_summon_kunai) or host.can_summon_kick)


class SwapPlaces(CharacterState):
    """``characters/stickman/states/SwapPlaces.gd`` (Substitution; legality only so far)."""

    def get_usable_projectiles(self) -> list:
        host = self.host
        usable = []
        for obj_name, obj in host.match.objs_map.items():
            if obj is None or obj.is_fighter or obj.id != host.id or obj.disabled:
                continue
            if getattr(obj, "IS_STICKY_BOMB", False) and obj.attached:
                continue
            if getattr(obj, "IS_GRAPPLING_HOOK", False) and obj.attached_to is not None:
                continue
            if obj_name in host.substituted_objects:
                continue
            obj_pos = obj.get_pos()
            my_pos = host.opponent.get_hurtbox_center()
            if int_abs(obj_pos["x"] - my_pos["x"]) > MAX_X_DIST or int_abs(obj_pos["y"] - my_pos["y"]) > MAX_Y_DIST:
                continue
            usable.append(obj)
        return usable

    def is_usable(self) -> bool:
        return super().is_usable() and len(self.get_usable_projectiles()) > 0
