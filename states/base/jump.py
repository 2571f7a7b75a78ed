"""Jumps: ``characters/states/Jump.gd`` (Jump, SuperJump, DoubleJump)."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.char_state import GROUNDED, CharacterState

GLOBAL_JUMP_MODIFIER = "0.85"
SHORT_HOP_IASA = 9
SHORT_HOP_COMBO_IASA = 7
FULL_HOP_LENGTH = "0.7"
SUPER_JUMP_SPEED = "17.0"
BASE_JUMP_SPEED = "0.5"
SUPER_JUMP_FORCES_END_TICK = 25


class Jump(CharacterState):
    IS_JUMP = True
    EXPORTS = {"speed": "25.0", "y_modifier": "1.5", "x_modifier": "1.0", "x_speed_preserved": "0.25",
               "super_jump": False, "super_jump_speed_override": "", "fall_anim": False, "fall_anim_speed": "1",
               "back_full_hop_sadness": 10, "back_short_hop_sadness": 5}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.queue_backdash_check = False
        self.front_squat = False
        self.jump_tick = 1
        self.squat = False
        self.force_x = "0.0"
        self.force_y = "0.0"

    def homing_data(self) -> dict:
        """Toward the opponent, at least 0.34 upward (the "homing" super jump and a jump without data)."""
        host = self.host
        direction = host.get_opponent_dir_vec()
        if fixed.gt(direction["y"], "-0.34"):
            direction["y"] = "-0.34"
            direction["x"] = fixed.mul(str(host.get_facing_int()), "0.94")
        direction = fixed.normalized_vec(direction["x"], direction["y"])
        return {"x": fixed.round(fixed.mul(direction["x"], "100")), "y": fixed.round(fixed.mul(direction["y"], "100"))}

    def enter(self):
        self.anim_name = "Landing"
        if self.data == "homing" or self.data is None:
            self.data = self.homing_data()
        self.squat = self.is_squat()
        if not self.squat:
            self.host.start_throw_invulnerability()
        return None

    def is_back(self) -> bool:
        return fixed.sign(str(self.data["x"])) != self.host.get_facing_int() or self.data["x"] == 0

    def is_full_hop(self) -> bool:
        vec = self.host.xy_to_dir(self.data["x"], self.data["y"], "1")
        return fixed.gt(fixed.vec_len(vec["x"], vec["y"]), FULL_HOP_LENGTH)

    def is_squat(self) -> bool:
        full_hop = self.is_full_hop()
        back = self.is_back()
        return self.super_jump or (self.air_type == GROUNDED and (back or self.host.combo_count <= 0) and full_hop)

    def jump(self) -> None:
        host = self.host
        host.end_throw_invulnerability()
        vel = host.get_vel()
        host.set_grounded(False)
        host.set_vel(fixed.mul(vel["x"], self.x_speed_preserved), "0")
        force = host.xy_to_dir(self.data["x"], self.data["y"])
        power = fixed.vec_mul(force["x"], force["y"], fixed.powu(fixed.vec_len(force["x"], force["y"]), 2))
        force = {"x": fixed.div(fixed.add(power["x"], force["x"]), "2"),
                 "y": fixed.div(fixed.add(power["y"], force["y"]), "2")}
        if not self.super_jump:
            speed = fixed.add(self.speed, BASE_JUMP_SPEED)
        else:
            speed = SUPER_JUMP_SPEED if self.super_jump_speed_override == "" else self.super_jump_speed_override
        force = fixed.vec_mul(force["x"], force["y"], speed)
        force["y"] = fixed.mul(force["y"], self.y_modifier)
        force["x"] = fixed.mul(force["x"], self.x_modifier)
        if (host.combo_count <= 0 or host.opponent.on_the_ground) and not self.super_jump:
            force["y"] = fixed.mul(force["y"], GLOBAL_JUMP_MODIFIER)
        host.apply_force(force["x"], force["y"])
        self.force_x = force["x"]
        self.force_y = force["y"]
        self.interruptible_on_opponent_turn = True
        self.next_state_on_hold = True
        self.next_state_on_hold_on_opponent_turn = True

    def frame_4(self):
        if self.squat and not self.super_jump:
            self.jump()

    def frame_7(self):
        if self.super_jump:
            self.jump()

    def frame_0(self):
        host = self.host
        if self.data == "homing":
            self.data = self.homing_data()
        if not self.super_jump:
            self.interruptible_on_opponent_turn = True
        self.next_state_on_hold = False
        self.next_state_on_hold_on_opponent_turn = False
        self.queue_backdash_check = False
        full_hop = self.is_full_hop()
        back = self.is_back()
        self.squat = self.is_squat()
        if self.squat and not back:
            self.current_tick = 3
        if back and host.combo_count <= 0:
            host.add_penalty(self.back_full_hop_sadness if full_hop else self.back_short_hop_sadness)
            self.backdash_iasa = True
            self.beats_backdash = False
        else:
            self.backdash_iasa = False
            opp_state = host.opponent.current_state()
            self.beats_backdash = not opp_state.beats_backdash
            if opp_state.name in ("Jump", "DoubleJump", "SuperJump"):
                self.queue_backdash_check = True
        if not self.squat:
            self.jump_tick = 1
            self.jump()
        else:
            self.jump_tick = 4 if not self.super_jump else 7
            self.anim_name = "Landing"
        if not self.super_jump:
            frames = self.interrupt_frames
            if self.squat:
                frames[0], frames[1] = 14, 25
                if not back:
                    frames[0], frames[1] = 14, 24
            elif full_hop:
                frames[0], frames[1] = 10, 21
            else:
                frames[0] = SHORT_HOP_IASA if host.combo_count <= 0 else SHORT_HOP_COMBO_IASA
                frames[1] = 18

    def frame_1(self):
        if not self.queue_backdash_check:
            return None
        self.queue_backdash_check = False
        host = self.host
        if self.is_back():
            return None
        opp_state = host.opponent.current_state()
        opp_data = opp_state.data
        opponent_back = fixed.sign(str(opp_data["x"])) == host.get_facing_int() or opp_data["x"] == 0
        self.beats_backdash = opponent_back
        if not self.beats_backdash:
            full_hop = fixed.gt(fixed.div(fixed.vec_len(str(self.data["x"]), str(self.data["y"])), "100"),
                                FULL_HOP_LENGTH)
            # Quirk kept: the original measures the opponent's hop with its x twice.
            opponent_full_hop = fixed.gt(fixed.div(fixed.vec_len(str(opp_data["x"]), str(opp_data["x"])), "100"),
                                         FULL_HOP_LENGTH)
            self.beats_backdash = full_hop == (opponent_full_hop or not opp_state.super_jump)
        return None

    def tick(self):
        host = self.host
        if self.current_tick >= self.jump_tick:
            if "-" in self.force_x:
                if host.get_facing() == "Right" and self.data["x"] != 0:
                    self.anim_name = "JumpBack"
                else:
                    self.anim_name = self.sprite_animation
            else:
                if host.get_facing() == "Left" and self.data["x"] != 0:
                    self.anim_name = "JumpBack"
                else:
                    self.anim_name = self.sprite_animation
            if self.fall_anim and fixed.gt(host.get_vel()["y"], self.fall_anim_speed):
                self.anim_name = "Fall"
            host.apply_grav()
            if (not self.super_jump or fixed.gt(host.get_vel()["y"], "0")
                    or self.current_tick > SUPER_JUMP_FORCES_END_TICK):
                host.apply_forces()
            else:
                host.apply_forces_no_limit()
        if self.current_tick > self.jump_tick and host.is_grounded():
            return "Landing"
        return None
