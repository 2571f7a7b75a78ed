"""Throws: ``characters/states/ThrowState.gd`` (Hold, AirHold, ForwardThrow, BackThrow, Air*Throw).

The thrower carries the opponent (in ``Grabbed``) at its throw position, which comes
from the thrower's current *sprite frame* (``throw_positions`` keyed by texture), and
at ``release_frame`` hits it with a HitboxData built from this state's release exports.
"""
from __future__ import annotations

from yomi.hitbox import MID, HitboxData

from states.char_state import CharacterState


class ThrowState(CharacterState):
    IS_THROW_STATE = True
    EXPORTS = {
        "release": False, "release_frame": -1, "use_start_throw_pos": True, "start_throw_pos_x": 0,
        "start_throw_pos_y": 0, "use_release_throw_pos": True, "release_throw_pos_x": 0, "release_throw_pos_y": 0,
        "hitstun_ticks": 0, "knockback": "1.0", "dir_x": "1.0", "dir_y": "0.0", "knockdown": True,
        "knockdown_extends_hitstun": True, "aerial_hit_state": "HurtAerial", "grounded_hit_state": "HurtGrounded",
        "damage": 10, "damage_in_combo": -1, "reverse": False, "disable_collision": True, "ground_bounce": True,
        "screenshake_amount": 0, "screenshake_frames": 0, "hits_otg": False, "increment_combo": True,
        "hard_knockdown": False, "force_grounded": False, "air_ground_bounce": False, "wall_slam": False,
        "di_modifier": "1.0", "minimum_grounded_frames": -1, "damage_proration": 0, "hit_height": MID,
        "misc_data": "",
    }

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.released = False
        self.hitlag_ticks = 0
        self.victim_hitlag = 0
        self.throw = True

    def enter(self):
        self.released = False
        return None

    def update_throw_position(self) -> None:
        host = self.host
        frame = host.get_current_sprite_frame()
        if frame in self.throw_positions:
            pos = self.throw_positions[frame]
        elif frame in host.throw_positions:
            pos = host.throw_positions[frame]
        else:
            return
        host.throw_pos_x = pos["x"]
        host.throw_pos_y = pos["y"]

    def frame_0_shared(self):
        super().frame_0_shared()
        host = self.host
        host.opponent.change_state("Grabbed")
        if self.use_start_throw_pos:
            host.throw_pos_x = self.start_throw_pos_x
            host.throw_pos_y = self.start_throw_pos_y
        else:
            self.update_throw_position()
        throw_pos = host.get_global_throw_pos()
        host.opponent.set_pos(throw_pos["x"], throw_pos["y"])
        return None

    def tick_shared(self):
        host = self.host
        if self.current_tick == 0:
            self.throw = True
            if self.reverse and not self.force_same_direction_as_previous_state:
                host.reverse_state = False
                host.set_facing(-host.get_facing_int())
            host.start_invulnerability()
            self.released = False
        # Quirk kept: the base result is dropped (a frame hook's state request is ignored).
        super().tick_shared()
        if not self.released and self.release and self.current_tick + 1 == self.release_frame:
            self.do_release()
            self.released = True
        if not self.released:
            host.opponent.colliding_with_opponent = False
            host.colliding_with_opponent = False
        self.update_throw_position()
        return None

    def tick_after(self):
        super().tick_after()
        if not self.released:
            host = self.host
            host.update_data()
            throw_pos = host.get_global_throw_pos()
            host.opponent.set_pos(throw_pos["x"], throw_pos["y"])
        return None

    def exit(self) -> None:
        self.released = False

    def do_release(self) -> None:
        """ThrowState.gd: _release."""
        host = self.host
        self.throw = False
        if self.use_release_throw_pos:
            host.throw_pos_x = self.release_throw_pos_x
            host.throw_pos_y = self.release_throw_pos_y
        else:
            self.update_throw_position()
        pos = host.get_global_throw_pos()
        host.opponent.set_pos(pos["x"], pos["y"])
        host.opponent.update_facing()
        host.opponent.hit_by(HitboxData(self))
