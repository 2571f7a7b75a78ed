"""Cowboy's time moves: teleports (and the Foresight shift), Foresight after-images, 1000 Cuts
and Time Splitter.

Each class names the game script it ports (paths under ``characters/swordandgun/``).
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_abs

from states.base.super_move import SuperMove
from states.char_state import BUSY_HURT, CharacterState
from yomi.hitbox import Hitbox

EXPLOSION_SCENE = "characters/swordandgun/projectiles/AfterImageExplosion.tscn"
CUTS_SCENE = "characters/swordandgun/projectiles/1000cuts/1000Cuts.tscn"


class Teleport(SuperMove):
    """``states/Teleport.gd`` (Teleport, SpotDodge, Shift, ForesightTeleport(FromStance),
    StanceTeleport, FastTeleport): vanish, reappear up to 200 px away.

    Recovery grows with the distance, going backward or upward out of combos costs stall
    frames; SpotDodge (in place) is invulnerable.  ``shift`` (the Shift extra) ends on the
    after-image and replays the last input; ``foresight`` teleports to it."""

    EXPORTS = {"shift": False, "from_stance": False, "foresight": False}
    MOVE_DIST = "200"
    BACKWARDS_STALL_FRAMES = 5
    BACKWARDS_STALL_FRAMES_NEUTRAL_EXTRA = 5
    UPWARDS_STALL_FRAMES_NEUTRAL_EXTRA = 5
    EXTRA_FRAME_PER = "1000"
    EXTRA_FRAME_IN_COMBOS = 4
    EXTRA_FRAME_PER_BACKWARDS = "0.2"
    MOMENTUM_FORCE = "16.0"
    CROSS_THROUGH_RECOVERY = 2
    FORWARD_SUPER = 55
    MAX_CROSS_THROUGH_DIST = 32

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.backwards_stall_frames = 0
        self.warp_stall_frames = 0
        self.starting_dir = 0
        self.extra_frames = 0
        self.in_place = False
        self.forward = False
        self.x_dist = "0"

    def is_usable(self) -> bool:
        if self.foresight and self.host.after_image_object is None:
            return False
        return super().is_usable() and self.host.current_state().state_name != "WhiffInstantCancel"

    def enter(self):
        if self.shift:
            host = self.host
            host.load_last_input_into_buffer()
            if self.previous_state_name() in ("LassoPull", "LassoReel"):
                host.opponent.change_state("Grabbed")
        return None

    def frame_0(self):
        host = self.host
        if self.data is None:
            self.data = {"x": 0, "y": 0}
        if self.from_stance:
            self.warp_stall_frames = 1
            self.data = {"x": host.stance_teleport_x, "y": host.stance_teleport_y}
        self.starting_dir = host.get_opponent_dir()
        self.iasa_at = 10 if self.state_name == "SpotDodge" else 9
        self.backwards_stall_frames = 0
        if not self.shift:
            host.start_throw_invulnerability()
        scaled = host.xy_to_dir(self.data["x"], self.data["y"])
        self.forward = False
        self.in_place = fixed.lt(fixed.vec_len(scaled["x"], scaled["y"]), "0.1")
        self.x_dist = fixed.abs(scaled["x"])
        self.next_state_on_hold_on_opponent_turn = False
        if self.super_level > 0:
            cuts = host.obj_from_name(host.cut_projectile)
            if cuts is not None:
                cuts.disable()
        if self.foresight:
            self.iasa_at = 7
            self.warp_stall_frames = 0
            return None
        if self.super_level > 0:
            self.iasa_at = 11 if host.combo_count <= 0 else 8
            self.backwards_stall_frames = 2
            return None
        self.set_recovery(scaled)
        return None

    def set_recovery(self, scaled: dict) -> None:
        """Stall and recovery frames of a plain teleport, from its direction and distance."""
        host = self.host
        comboing = host.opponent.current_state().busy_interrupt_type == BUSY_HURT
        backward = fixed.sign(scaled["x"]) != host.get_facing_int() and scaled["x"] != "0"
        if fixed.gt(self.x_dist, "0.51") and backward:
            self.backwards_stall_frames = self.BACKWARDS_STALL_FRAMES
            if not comboing:
                self.backwards_stall_frames += self.BACKWARDS_STALL_FRAMES_NEUTRAL_EXTRA
        self.forward = not (backward or self.in_place)
        if not comboing and fixed.lt(scaled["y"], "-0.2"):
            self.backwards_stall_frames += self.UPWARDS_STALL_FRAMES_NEUTRAL_EXTRA
        per = self.EXTRA_FRAME_PER if not backward else self.EXTRA_FRAME_PER_BACKWARDS
        self.extra_frames = (fixed.round(fixed.div(fixed.abs(scaled["x"]), per))
                             + (self.EXTRA_FRAME_IN_COMBOS if comboing else 0))
        self.iasa_at += self.extra_frames

    def frame_3(self):
        if self.from_stance:
            self.host.start_invulnerability()
            self.host.start_projectile_invulnerability()

    def frame_4(self):
        host = self.host
        host.end_throw_invulnerability()
        if self.in_place and not self.foresight and not self.shift:
            host.start_invulnerability()
        host.start_projectile_invulnerability()
        host.colliding_with_opponent = False

    def frame_5(self):
        host = self.host
        data = self.data
        move = host.xy_to_dir(data["x"], data["y"], self.MOVE_DIST)
        if self.foresight and host.after_image_object is not None:
            obj = host.obj_from_name(host.after_image_object)
            if obj is not None:
                move = host.obj_local_pos(obj)
                obj.disable()
                host.after_image_object = None
        host.move_directly(move["x"], move["y"])
        vel = host.get_vel()
        if not self.shift:
            host.set_vel(vel["x"], "0")
        self.apply_momentum()
        host.update_data()
        if self.shift:
            if host.buffered_input.get("action") == "Continue":
                host.buffered_input["action"] = self.previous_state().fallback_state
                host.release_opponent()
            host.use_buffer = True  # use_buffer(): replay the buffered input next tick

    def apply_momentum(self) -> None:
        """Keep some speed along the teleport (less upward), and meter for a forward one in neutral."""
        host = self.host
        force = host.xy_to_dir(self.data["x"], self.data["y"], self.MOMENTUM_FORCE)
        if fixed.lt(force["y"], "0"):
            force["y"] = fixed.mul(force["y"], "0.4" if host.combo_count <= 0 else "0.666667")
        if self.forward and host.combo_count <= 0:
            host.gain_super_meter(fixed.round(fixed.mul(str(self.FORWARD_SUPER), self.x_dist)))
        host.apply_force(force["x"], force["y"])

    def frame_6(self):
        host = self.host
        self.next_state_on_hold_on_opponent_turn = True
        if (self.starting_dir != host.get_opponent_dir() and host.combo_count <= 0 and self.super_level <= 0
                and not self.foresight and not self.in_place):
            self.iasa_at = self.iasa_at + self.CROSS_THROUGH_RECOVERY
            my_pos = host.get_pos()
            opp_pos = host.opponent.get_pos()
            if int_abs(my_pos["x"] - opp_pos["x"]) > self.MAX_CROSS_THROUGH_DIST:
                host.set_pos(opp_pos["x"] + self.MAX_CROSS_THROUGH_DIST * -host.get_opponent_dir(), my_pos["y"])
                vel = host.get_vel()
                host.set_vel(fixed.mul(vel["x"], "0.25"), vel["y"])
        host.update_facing()

    def frame_7(self):
        host = self.host
        host.end_invulnerability()
        host.end_projectile_invulnerability()
        host.colliding_with_opponent = True

    def tick(self):
        host = self.host
        if self.from_stance and self.current_tick == 0:
            self.current_tick = 4
        if self.backwards_stall_frames > 0:
            self.current_tick = 0
            self.backwards_stall_frames -= 1
        if self.warp_stall_frames > 0:
            self.current_tick = 0
            self.warp_stall_frames -= 1
        host.apply_fric()
        host.apply_grav()
        host.apply_forces()
        host.set_grounded(host.get_pos()["y"] == 0)
        return None

    def exit(self) -> None:
        if self.shift:
            host = self.host
            host.shift()
            host.update_data()
            host.update_facing()


class TPStance(CharacterState):
    """``states/TPStance.gd``: remember where the stance teleport will go."""

    def enter(self):
        self.host.stance_teleport_x = self.data["x"]
        self.host.stance_teleport_y = self.data["y"]
        return None


class Foresight(CharacterState):
    """``states/Foresight.gd`` (Foresight, ForesightNeutral): leave an after-image up to 200 px away
    (x scaled 1.5, y 1.25, never below the floor).

    Quirk kept: frame 0 sets the length to 14 (10 in combos) whatever the table says."""

    MAX_DIST = "200"
    X_MULTIPLIER = "1.5"
    Y_MULTIPLIER = "1.25"

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.after_image_object is None

    def frame_0(self):
        self.anim_length = 10 if self.host.combo_count > 0 else 14

    def process_projectile(self, projectile) -> None:
        host = self.host
        direction = host.xy_to_dir(self.data["x"], self.data["y"], self.MAX_DIST)
        host.setup_foresight(projectile)
        pos = host.get_pos()
        pos["x"] += fixed.round(fixed.mul(direction["x"], self.X_MULTIPLIER))
        pos["y"] += fixed.round(fixed.mul(direction["y"], self.Y_MULTIPLIER))
        if pos["y"] > 0:
            pos["y"] = 0
        projectile.set_pos(pos["x"], pos["y"])


class ForesightExplosion(CharacterState):
    """``states/ForesightExplosion.gd``: detonate the after-image now."""

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.after_image_object is not None

    def frame_3(self):
        host = self.host
        if not host.after_image_object:
            return None
        obj = host.obj_from_name(host.after_image_object)
        if obj is None:
            return None  # the original's null access is a script error that ends the frame
        pos = obj.get_pos()
        explosion = host.spawn_object(EXPLOSION_SCENE, 0, 0)
        explosion.set_pos(pos["x"], pos["y"] - 18)
        obj.disable()
        return None


class ThousandCuts(SuperMove):
    """``states/1000Cuts.gd`` (1000Cuts, 1000CutsEnd "Fatal Cut"): start the 1000 Cuts stance
    (spawns the slashes, raises the air speed), or end it."""

    EXPORTS = {"end": False}

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and no cuts) if not end else (cuts)
        if not self.end:
            return super().is_usable() and self.host.cut_projectile is None
        return self.host.cut_projectile is not None

    def frame_0(self):
        if self.end:
            cuts = self.host.obj_from_name(self.host.cut_projectile)
            if cuts is not None:
                cuts.disable()

    def frame_2(self):
        if self.end:
            return None
        host = self.host
        cuts = host.spawn_object(CUTS_SCENE, 0, 0)
        host.cut_projectile = cuts.obj_name
        host.start_1k_cuts_buff()
        return None


class WeebCut(SuperMove):
    """``states/WeebCut.gd`` (TimeSplitter): dash 120 px through the foe, then 12 hitboxes along
    the path hit one after the other (frames 6..17)."""

    MOVE_DISTANCE = 120
    HITBOX_START_FRAME = 6

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.path_hitboxes: list = []
        self.got_blocked = False

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.cut_projectile is not None

    def setup_hitboxes(self) -> None:
        """The hitboxes start one frame apart, in scene order (set before the base setup)."""
        self.path_hitboxes = []
        frame = self.HITBOX_START_FRAME
        for child in self.children:
            if isinstance(child, Hitbox):
                self.path_hitboxes.append(child)
                child.start_tick = frame
                frame += 1
        super().setup_hitboxes()

    def enter(self):
        host = self.host
        self.got_blocked = False
        for hitbox in self.path_hitboxes:
            hitbox.x = 0
            hitbox.y = 0
        if self.data:
            move_dir = host.xy_to_dir(self.data["x"], self.data["y"])
        else:
            move_dir = {"x": str(host.get_facing_int()), "y": "0"}
        move_vec = fixed.vec_mul(move_dir["x"], move_dir["y"], "12")
        host.apply_force(move_vec["x"], fixed.div(move_vec["y"], "2"))
        host.fatal_cut_move_dir_x = move_dir["x"]
        host.fatal_cut_move_dir_y = move_dir["y"]
        return None

    def frame_0(self):
        host = self.host
        host.set_grounded(False)
        start = host.get_pos()
        host.fatal_cut_start_pos_x = start["x"]
        host.fatal_cut_start_pos_y = start["y"]
        if host.has_1k_cuts():
            cuts = host.obj_from_name(host.cut_projectile)
            if cuts is not None:  # (a null here is a script error that ends the frame anyway)
                cuts.disable()

    def frame_4(self):
        host = self.host
        if host.initiative:
            host.start_invulnerability()
        move_vec = fixed.normalized_vec_times(host.fatal_cut_move_dir_x, host.fatal_cut_move_dir_y,
                                              str(self.MOVE_DISTANCE))
        host.move_directly(move_vec["x"], move_vec["y"])
        host.update_data()

    def frame_5(self):
        """Spread the hitboxes evenly from the start position to here."""
        host = self.host
        start_x, start_y = host.fatal_cut_start_pos_x, host.fatal_cut_start_pos_y
        end = host.get_pos()
        count = len(self.path_hitboxes)
        for i, hitbox in enumerate(self.path_hitboxes):
            ratio = fixed.div(str(i), str(count))
            pos = host.get_pos()
            x = fixed.lerp_string(str(start_x), str(end["x"]), ratio)
            y = fixed.lerp_string(str(start_y), str(end["y"]), ratio)
            hitbox.x = fixed.round(fixed.sub(x, str(pos["x"]))) * host.get_facing_int()
            hitbox.y = fixed.round(fixed.sub(y, str(pos["y"]))) - 16
        host.end_invulnerability()

    def on_got_blocked(self) -> None:
        self.got_blocked = True

    def tick(self):
        host = self.host
        if self.current_tick > 12:
            host.apply_grav()
            host.apply_fric()
        if self.current_tick > 35 and self.got_blocked:
            self.enable_interrupt()
            self.got_blocked = False
        host.apply_forces_no_limit()
        return None
