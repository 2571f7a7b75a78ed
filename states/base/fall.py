"""Falling: ``characters/states/Fall.gd``, ``SuperFallStartup.gd``, ``SuperFall.gd``."""
from __future__ import annotations

from states.char_state import CharacterState


class Fall(CharacterState):
    def tick(self):
        host = self.host
        host.apply_grav()
        host.apply_forces()
        if self.current_tick > 3 and host.is_grounded():
            return "Landing"
        return None


class SuperFallStartup(CharacterState):
    def frame_5(self):
        self.queue_state_change(self.fallback_state)


class SuperFall(CharacterState):
    EXPORTS = {"move_speed": "10"}

    def tick(self):
        self.host.move_directly("0", self.move_speed)
        return None
