"""Standing still: ``characters/states/Idle.gd`` (Start, Wait)."""
from __future__ import annotations

from states.char_state import CharacterState


class Idle(CharacterState):
    EXPORTS = {"auto_fall": True}

    def enter(self):
        if self.auto_fall and not self.host.is_grounded():
            return "Fall"
        return None

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_forces()
        if self.auto_fall and not host.is_grounded():
            return "Fall"
        if host.hp <= 0:
            return "Knockdown"
        return None
