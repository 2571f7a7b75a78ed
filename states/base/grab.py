"""Grabs: ``characters/states/Grab.gd`` (Grab, AirGrab, JumpGrab)."""
from __future__ import annotations

from states.char_state import GROUNDED, CharacterState

DASH_LAG = 4
DASH_SPEED = "14"
JUMP_HEIGHT = "-10"


class Grab(CharacterState):
    IS_GRAB = True
    EXPORTS = {"jump_grab": False, "forward_throw_state": "ForwardThrow", "back_throw_state": "BackThrow",
               "down_throw_state": "AirDownThrow"}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.dash_lag = 0
        self.dash_momentum_applied = False

    @property
    def throw_box(self):
        return self.get_child("ThrowBox")

    def enter(self):
        host = self.host
        self.dash_momentum_applied = False
        if self.data is None:
            prev = self.previous_state()
            if prev.IS_GRAB:
                self.data = prev.data
        data = self.data
        if isinstance(data, dict):
            direction = data if "x" in data else data["Direction"]
            dash = data.get("Dash")
            jump = data.get("Jump")
            if dash and not jump:
                self.dash_lag = DASH_LAG
            if jump and self.air_type == GROUNDED:
                return "JumpGrab"
            facing = host.get_facing_int()
            if direction["x"] == 0 and direction["y"] == 1:
                self.throw_box.throw_state = self.down_throw_state
            elif direction["x"] == facing and direction["y"] == 0:
                self.throw_box.throw_state = self.forward_throw_state
            elif direction["x"] == -facing and direction["y"] == 0:
                self.throw_box.throw_state = self.back_throw_state
        if self.jump_grab:
            host.apply_force_relative(DASH_SPEED, JUMP_HEIGHT)
        return None

    def frame_1(self):
        self.throw_techable = True

    def frame_9(self):
        self.throw_techable = False

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_grav()
        host.apply_forces()
        if self.dash_lag > 0:
            self.current_tick = 0
            self.dash_lag -= 1
            self.update_sprite_frame()
        if self.current_tick == 4 and self.data and isinstance(self.data, dict) and self.data.get("Dash"):
            self.throw_box.deactivate()
        if self.current_tick == 0 and isinstance(self.data, dict):
            dash = self.data.get("Dash")
            jump = self.data.get("Jump")
            if dash and not jump and not self.dash_momentum_applied:
                host.apply_force_relative(DASH_SPEED, "0")
            if not self.dash_momentum_applied:
                self.dash_momentum_applied = True
        return None
