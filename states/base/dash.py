"""Ground dashes: ``characters/states/Dash.gd`` (DashForward, DashBackward, ChargeDashForward...),
``DashStartup.gd`` and ``ChargeDash.gd``."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import imod, int_max

from states.char_state import CharacterState

MIN_IASA = 7
MIN_NEUTRAL_IASA = 9
MAX_IASA = 14
MIN_SPEED_RATIO = "0.5"


class Dash(CharacterState):
    EXPORTS = {"dir_x": 1, "dash_speed": 100, "dash_speed_string": "0", "fric": "0.05", "spawn_particle": True,
               "startup_lag": 0, "stop_frame": 0, "back_penalty": 5, "air": False, "speed_limit": "40"}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.MAX_SPEED_RATIO = "1.25"  # a member in the original, changed per dash direction
        self.updated = False
        self.charged = False
        self.auto = False
        # Quirk kept: _frame_1 computes its force in a local of the same name, so this member
        # (used by the delayed-startup dash) always stays "0".
        self.dash_force = "0"
        self.dist_ratio = "1.0"

    def enter(self):
        self.updated = False
        self.charged = False
        data = self.data
        if data and isinstance(data, dict) and "Distance" in data:
            self.auto = data["AutoCorrect"]
            self.data = data["Distance"]
        return None

    def get_velocity_forward_meter_gain_multiplier(self) -> str:
        return fixed.mul(self.velocity_forward_meter_gain_multiplier, self.dist_ratio)

    def frame_0(self):
        if self.dir_x < 0:
            self.host.start_throw_invulnerability()

    def frame_1(self):
        host = self.host
        data = self.data
        if self.dir_x < 0:
            self.MAX_SPEED_RATIO = "1.0"
            host.add_penalty(self.back_penalty)
            host.reset_momentum()
        else:
            self.MAX_SPEED_RATIO = "1.25"
            self.beats_backdash = True
            self.dist_ratio = fixed.add(fixed.div(str(data["x"]), "100"), "0.0")
            min_iasa = MIN_IASA if host.combo_count > 0 else MIN_NEUTRAL_IASA
            if not self.charged and host.combo_count > 0:
                self.starting_iasa_at = min_iasa
            else:
                self.starting_iasa_at = int_max(fixed.round(fixed.add(
                    fixed.mul(self.dist_ratio, str(MAX_IASA - min_iasa)), str(min_iasa))), 1)
            self.iasa_at = self.starting_iasa_at
        if self.startup_lag != 0:
            return None
        dash_force = (str(self.dir_x * self.dash_speed) if self.dash_speed_string == "0"
                      else fixed.mul(str(self.dir_x), self.dash_speed_string))
        if self.previous_state_name() == "ChargeDash" or (data and isinstance(data, dict) and "charged" in data):
            if self.dir_x >= 0:
                self.charged = True
                if data and isinstance(data, dict) and "charged" in data:
                    data["charged"] = True
                dash_force = fixed.mul(dash_force, "2")
        speed_ratio = fixed.add(fixed.mul(self.dist_ratio, fixed.sub(self.MAX_SPEED_RATIO, MIN_SPEED_RATIO)),
                                MIN_SPEED_RATIO)
        host.apply_force_relative(fixed.mul(dash_force, speed_ratio), "0")
        if not self.air:
            host.apply_grav()
        return None

    def get_hold_restart(self) -> str:
        if self.air:
            return "AirDashForward" if self.host.air_movements_left > 0 else "Fall"
        return ""

    def frame_7(self):
        if self.dir_x < 0:
            self.host.end_throw_invulnerability()

    def tick(self):
        host = self.host
        host.apply_x_fric(self.fric)
        if not self.air:
            host.apply_grav()
        if self.charged:
            host.apply_forces_no_limit()
        else:
            host.apply_forces()
        host.limit_speed(self.speed_limit)  # reads the cached velocity (from before apply_forces)
        repeated = self.previous_state() is not None and self.previous_state_name() == self.name
        if self.startup_lag > 0 and self.current_tick == self.startup_lag and not repeated:
            host.apply_force_relative(self.dash_force, "0")
        if (self.auto and self.dir_x > 0 and host.opponent.colliding_with_opponent
                and not host.opponent.is_in_hurt_state() and imod(self.current_tick, 4) == 0):
            host.update_data()
            vel = host.get_vel()
            if not fixed.eq(vel["x"], "0") and fixed.sign(vel["x"]) != host.get_opponent_dir():
                host.update_facing()
                self.updated = True
                host.set_vel(fixed.mul(fixed.abs(vel["x"]), str(host.get_opponent_dir())), vel["y"])
        return None


class DashStartup(CharacterState):
    def enter(self):
        if self.data["x"] * self.host.get_opponent_dir() < 0:
            return "DashBackward"
        return "DashForward"

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.current_state().state_name != "WhiffInstantCancel"


class ChargeDash(CharacterState):
    def frame_6(self):
        if self.fallback_state == "ChargeDashForward":
            self.queue_state_change(self.fallback_state, {"x": 100, "charged": True})
        else:
            self.queue_state_change(self.fallback_state)
