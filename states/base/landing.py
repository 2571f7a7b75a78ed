"""Landing lag: ``characters/states/Landing.gd``."""
from __future__ import annotations

from yomi.gd import int_max

from states.char_state import CharacterState

DEFAULT_LAG = 4
MAX_EXTRA_LAG_FRAMES = 5


class Landing(CharacterState):
    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.lag = 0

    def set_lag(self, lag=None) -> None:
        """Lag from the data (an int) or 4, plus up to 5 frames for a short previous state in neutral."""
        if lag is None:
            lag = DEFAULT_LAG
        if type(self.data) is int:
            lag = self.data
        prev = self.previous_state()
        host = self.host
        if prev is not None and host.combo_count <= 0 and host.opponent.combo_count <= 0:
            lag = lag + int_max(MAX_EXTRA_LAG_FRAMES - prev.current_tick, 0)
        self.anim_length = lag
        self.iasa_at = lag - 1
        self.lag = lag

    def frame_0(self):
        self.set_lag(None)

    def tick(self):
        host = self.host
        if self.current_tick > 4:
            host.apply_fric()
        host.apply_forces()
        self.interruptible_on_opponent_turn = host.opponent.combo_count <= 0 and self.lag <= DEFAULT_LAG
        return None
