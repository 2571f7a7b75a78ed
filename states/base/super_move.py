"""Moves that cost super bars: ``characters/states/SuperMove.gd``, ``InstantCancel.gd``,
``WhiffInstantCancel.gd``."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.char_state import CharacterState


class SuperMove(CharacterState):
    EXPORTS = {"super_level": 1, "supers_used": -1, "super_freeze_ticks": 15, "super_effect": True,
               "scale_combo_meter": True}

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.supers_available >= self.super_level

    def frame_0_shared(self):
        host = self.host
        levels = self.super_level if self.supers_used == -1 else self.supers_used
        if self.scale_combo_meter and levels > 0:
            host.combo_supers += 1
        for _ in range(levels):
            host.use_super_bar()
        return None


class InstantCancel(SuperMove):
    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_grav()
        host.apply_forces()
        return None

    def is_usable(self) -> bool:
        host = self.host
        current = host.current_state().state_name
        return bool(super().is_usable() and (host.hit_fighter_last() or host.combo_count > 0)
                    and current != "Burst" and "InstantCancel" not in current)


class WhiffInstantCancel(InstantCancel):
    def cost(self) -> int:
        return fixed.round(fixed.mul(str(self.host.MAX_BURST_METER), "0.75"))

    def enter(self):
        self.host.use_burst_meter(self.cost())
        return None

    def is_usable(self) -> bool:
        host = self.host
        has_meter = host.bursts_available > 0 or host.burst_meter >= self.cost()
        return bool(not host.got_parried and not host.got_blocked and has_meter)
