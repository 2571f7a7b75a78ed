"""Held by a throw: ``characters/states/Grabbed.gd``."""
from __future__ import annotations

from states.char_state import CharacterState


class Grabbed(CharacterState):
    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.is_hurt_state = True  # set in _ready

    def enter(self):
        host = self.host
        host.set_snap_to_ground(False)
        host.has_hyper_armor = False
        host.has_projectile_armor = False
        host.colliding_with_opponent = False
        host.opponent.colliding_with_opponent = False
        host.on_grabbed()
        host.start_invulnerability()
        if host.opponent.current_state().state_name == "Grabbed":
            self.queue_state_change("Wait")
            host.opponent.current_state().queue_state_change("Wait")
        return None

    def exit(self) -> None:
        self.host.set_snap_to_ground(True)
