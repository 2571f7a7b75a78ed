"""Air dash: ``characters/states/AirDash.gd``."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_max

from states.char_state import CharacterState

BACKDASH_LAG_FRAMES = 4
Y_MODIFIER = "0.60"
MIN_IASA = 0
MAX_IASA = 14
COMBO_IASA = 7
NEUTRAL_MIN_IASA = 9


class AirDash(CharacterState):
    EXPORTS = {"dir_x": "3.0", "dir_y": "-5.0", "speed": "2.0", "fric": "0.05",
               "forward_dash_name": "DashForward", "backward_dash_name": "DashBackward"}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.starting_y = 0
        self.startup_lag_frames = 0

    def frame_0(self):
        host = self.host
        data = self.data
        force = host.xy_to_dir(data["x"], data["y"], self.speed)
        direction = host.xy_to_dir(data["x"], data["y"])
        self.starting_y = host.get_pos()["y"]
        back = False
        if host.combo_count > 0:
            self.starting_iasa_at = COMBO_IASA
        else:
            self.starting_iasa_at = int_max(fixed.round(fixed.add(
                fixed.mul(fixed.vec_len(direction["x"], direction["y"]), str(MAX_IASA - MIN_IASA)), str(MIN_IASA))),
                NEUTRAL_MIN_IASA)
        self.iasa_at = self.starting_iasa_at
        backward_facing = "Right" if "-" in force["x"] else "Left"
        if host.get_facing() == backward_facing and data["x"] != 0:
            self.anim_name = self.backward_dash_name
            back = True
        else:
            self.anim_name = self.forward_dash_name
        if back and host.combo_count <= 0:
            self.backdash_iasa = True
            self.beats_backdash = False
            host.hitlag_ticks += BACKDASH_LAG_FRAMES
            host.add_penalty(5)
        else:
            self.backdash_iasa = False
            self.beats_backdash = True
        host.apply_force(force["x"], fixed.mul(force["y"], Y_MODIFIER) if "-" in force["y"] else force["y"])

    def tick(self):
        host = self.host
        host.apply_x_fric(self.fric)
        host.apply_forces_no_limit()
        if host.is_grounded() and host.combo_count <= 0:
            vel = host.get_vel()
            if host.get_opponent_dir() != fixed.sign(vel["x"]):
                host.set_vel(fixed.mul(vel["x"], "0.6"), vel["y"])
        return None
