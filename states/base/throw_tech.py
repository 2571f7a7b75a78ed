"""Both players grabbed each other: ``characters/states/ThrowTech.gd``."""
from __future__ import annotations

from states.char_state import CharacterState


class ThrowTech(CharacterState):
    def frame_0(self):
        host = self.host
        host.reverse_state = False
        host.start_invulnerability()
        host.set_facing(host.get_opponent_dir())

    def frame_1(self):
        host = self.host
        host.update_data()
        host.move_directly_relative(-10, 0)
        host.apply_force_relative("-8", "0")

    def tick(self):
        host = self.host
        host.apply_grav()
        host.apply_fric()
        host.apply_forces()
        return None
