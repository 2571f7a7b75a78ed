"""Taunting: ``characters/states/Taunt.gd`` and ``ForfeitExplosion.gd``."""
from __future__ import annotations

from states.char_state import CharacterState


class Taunt(CharacterState):
    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.can_apply_sadness = False

    def enter(self):
        self.can_apply_sadness = self.host.combo_count <= 0
        return None

    def frame_44(self):
        self.host.gain_super_meter_raw(self.host.MAX_SUPER_METER)


class ForfeitExplosion(CharacterState):
    def frame_0(self):
        self.host.hp = 0
