"""On the floor and getting up: ``characters/states/Knockdown.gd`` (class ``Getup``) and ``Getup.gd``."""
from __future__ import annotations

from states.char_state import CharacterState

GROUND_FRIC = "0.125"


class Knockdown(CharacterState):
    EXPORTS = {"hard": False}

    def frame_0(self):
        host = self.host
        vel = host.get_vel()
        host.set_vel(vel["x"], "0")
        host.set_grounded(True)
        host.set_pos(host.get_pos()["x"], 0)
        host.on_the_ground = True
        host.colliding_with_opponent = False

    def exit(self) -> None:
        self.host.on_the_ground = False
        self.host.colliding_with_opponent = True

    def tick(self):
        host = self.host
        host.apply_x_fric(GROUND_FRIC)
        host.apply_forces_no_limit()
        if host.hp <= 0:
            self.endless = True
        return None


class Getup(CharacterState):
    def frame_0(self):
        self.host.start_invulnerability()
        self.host.colliding_with_opponent = True

    def exit(self) -> None:
        self.host.start_wakeup_throw_immunity()
