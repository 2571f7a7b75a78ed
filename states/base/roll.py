"""Dodge rolls: ``characters/states/RollStartup.gd`` (class ``RollDodge``: Roll, TechRoll)."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.char_state import CharacterState

GROUND_FRIC = "0.115"
AIR_FRIC = "0.1"
SPEED = "8.5"
ACCEL_SPEED = "0.7"


class RollDodge(CharacterState):
    EXPORTS = {"tech": False, "force_anim_length": -1}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.force = None
        self.accel = None
        self.back = False

    def enter(self):
        host = self.host
        host.on_roll_started()
        self.back = False
        host.used_air_dodge = True
        self.force = host.xy_to_dir(self.data["x"], 0, SPEED, "1")
        self.accel = host.xy_to_dir(self.data["x"], 0, ACCEL_SPEED, "1")
        backward_facing = "Right" if "-" in self.force["x"] else "Left"
        if host.get_facing() == backward_facing:
            self.anim_name = "RollBackward"
            self.back = True
            self.force["x"] = fixed.mul(self.force["x"], "0.3")
        else:
            self.anim_name = "RollForward"
        if self.back:
            self.anim_length = 19
            self.iasa_at = 19
        else:
            self.anim_length = 20
            self.iasa_at = 20
        if self.force_anim_length > -1:
            self.anim_length = self.force_anim_length
            self.iasa_at = self.force_anim_length
        host.apply_force(self.force["x"], "0")
        host.start_throw_invulnerability()
        host.start_projectile_invulnerability()
        return None

    def frame_0(self):
        host = self.host
        if self.tech:
            if not self.data.get("no_invuln"):
                host.start_invulnerability()
            host.colliding_with_opponent = False
        if not host.is_grounded():
            host.air_movements_left -= 1
            if host.air_movements_left < 0:
                host.air_movements_left = 0

    def frame_1(self):
        self.host.colliding_with_opponent = False

    def frame_2(self):
        if not self.data.get("no_invuln"):
            self.host.start_invulnerability()

    def frame_10(self):
        host = self.host
        host.end_invulnerability()
        host.end_throw_invulnerability()
        host.end_projectile_invulnerability()

    def tick(self):
        host = self.host
        self.custom_x_fric = GROUND_FRIC
        if not host.is_grounded():
            self.custom_x_fric = AIR_FRIC
        host.colliding_with_opponent = False
        if self.accel:
            host.apply_force(self.accel["x"], "0")
        return None

    def is_usable(self) -> bool:
        if not self.host.is_grounded():
            return super().is_usable() and not self.host.used_air_dodge
        return super().is_usable()
