"""Brace: ``characters/states/CounterAttack.gd`` (needs the ``brace_enabled`` setting)."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.char_state import CharacterState

HURT_GROUND_FRIC = "0.05"  # HurtGrounded.GROUND_FRIC
HURT_AIR_FRIC = "0.015"  # HurtAerial.AIR_FRIC
HURT_GRAV = "0.25"
HURT_FALL_SPEED = "15.0"


class CounterAttack(CharacterState):
    IS_COUNTER_ATTACK = True
    EXPORTS = {"counter_type": 0}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.bracing = False

    def init(self) -> None:
        super().init()
        self.is_brace = True

    def brace_cost(self) -> int:
        return fixed.round(fixed.mul(str(self.host.MAX_BURST_METER), "0.125"))

    def enter(self):
        self.bracing = True
        self.host.use_burst_meter(self.brace_cost())
        return None

    def tick(self):
        host = self.host
        self.anim_name = "ParryHigh" if host.is_grounded() and self.counter_type != 1 else "ParryLow"
        if host.is_grounded():
            host.set_pos(host.get_pos()["x"], 0)
            host.apply_x_fric(HURT_GROUND_FRIC)
        else:
            host.apply_x_fric(HURT_AIR_FRIC)
            host.apply_grav_custom(HURT_GRAV, HURT_FALL_SPEED)
        host.apply_forces_no_limit()
        return None

    def is_usable(self) -> bool:
        host = self.host
        if not host.brace_enabled:
            return False
        if not (host.bursts_available > 0 or host.burst_meter >= self.brace_cost()):
            return False
        if not super().is_usable():
            return False
        current = host.current_state()
        if current.IS_HURT_STATE and current.hitbox.counter_hit:
            return False
        return True
