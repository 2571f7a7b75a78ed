"""Bursts: ``characters/states/Burst.gd`` (Burst, DefensiveBurst) and ``OffensiveBurst.gd``."""
from __future__ import annotations

from yomi.gd import idiv

from states.char_state import CharacterState


class Burst(CharacterState):
    EXPORTS = {"defensive": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.started_falling = False

    def enter(self):
        host = self.host
        host.start_invulnerability()
        host.start_projectile_invulnerability()
        self.interruptible_on_opponent_turn = False
        host.opponent.reset_combo()
        self.started_falling = False
        host.use_burst()
        return None

    def frame_15(self):
        self.host.end_invulnerability()
        self.started_falling = True

    def tick(self):
        host = self.host
        if self.started_falling:
            host.apply_grav()
        host.apply_forces()
        if self.current_tick > 15:
            host.end_invulnerability()
        else:
            host.start_invulnerability()
        return None

    def exit(self) -> None:
        self.host.end_projectile_invulnerability()

    def is_usable(self) -> bool:
        host = self.host
        return bool(host.burst_enabled and super().is_usable() and host.bursts_available > 0)

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter and self.defensive:
            host = self.host
            host.opponent.start_invulnerability()
            if host.initiative:
                host.gain_super_meter(idiv(host.MAX_SUPER_METER * 5, 3))


class OffensiveBurst(CharacterState):
    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.started_falling = False

    def enter(self):
        host = self.host
        host.use_burst()
        host.start_projectile_invulnerability()
        host.update_grounded()
        self.started_falling = False
        host.start_invulnerability()
        return None

    def frame_15(self):
        self.host.end_invulnerability()
        self.started_falling = True

    def tick(self):
        host = self.host
        if self.started_falling:
            host.apply_grav()
        host.apply_forces()
        if self.current_tick > 15:
            host.end_invulnerability()
        else:
            host.start_invulnerability()
        return None

    def is_usable(self) -> bool:
        host = self.host
        return bool(host.burst_enabled and (host.hit_fighter_last() or host.combo_count > 0)
                    and host.bursts_available > 0 and super().is_usable())

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj is not None and obj.is_fighter:
            self.host.burst_cancel_combo = True
