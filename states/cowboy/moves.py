"""Cowboy's sword strings, movement, lasso and impale states.

Each class names the game script it ports (paths under ``characters/swordandgun/``).
The gun moves live in :mod:`states.cowboy.gun`, the time moves (teleports, Foresight,
1000 Cuts, Time Splitter) in :mod:`states.cowboy.time`.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import imod, int_max, int_min

from states.base.hurt import HurtAerial as BaseHurtAerial
from states.base.taunt import Taunt as BaseTaunt
from states.base.throw import ThrowState
from states.char_state import CharacterState

MAX_EXTRA_LAG_FRAMES = 5
MIN_IASA = 7
MIN_NEUTRAL_IASA = 9
SUPER_IASA = 14
LASSO_SCENE = "characters/swordandgun/projectiles/Lasso.tscn"


def landing_lag(state) -> int:
    """The landing lag of a Cowboy dash that touches down: 4, plus up to 5 when early out of combos."""
    if state.host.combo_count > 0:
        return 4
    return 4 + int_max(MAX_EXTRA_LAG_FRAMES - state.current_tick, 0)


# ---------------------------------------------------------------------- movement

class CowboyDash(CharacterState):
    """``states/Dash.gd`` (Dash, Dash1k, SuperDash): a hop forward."""

    EXPORTS = {"startup_invuln": True, "grounded": False, "super": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.starting_y = 0

    def enter(self):
        if self.host.reverse_state:
            self.beats_backdash = False
        else:
            self.beats_backdash = True
            self.backdash_iasa = False
        return None

    def frame_0(self):
        host = self.host
        min_iasa = (MIN_IASA if host.combo_count > 0 else MIN_NEUTRAL_IASA) if not self.super else SUPER_IASA
        self.starting_iasa_at = min_iasa
        self.iasa_at = min_iasa
        self.starting_y = host.get_pos()["y"]
        host.move_directly(0, -1)
        host.set_grounded(False)
        if self.startup_invuln and host.initiative:
            host.start_projectile_invulnerability()

    def frame_4(self):
        self.host.end_projectile_invulnerability()

    def tick(self):
        host = self.host
        if host.is_grounded():
            self.queue_state_change("Landing", landing_lag(self))
        if self.super:
            host.move_directly_relative(5, 0)
        return None


class CowboyAirDash(CharacterState):
    """``states/AirDash.gd`` (AirDash2, AirDash1k and their ``Back`` variants): an 8-way air dash."""

    EXPORTS = {"FORWARD_FORCE_X": "1.4", "FORWARD_FORCE_Y": "0.5", "FORWARD_FORCE_SPEED": "9.0",
               "DOWNWARD_FORCE_X": "0.0", "DOWNWARD_FORCE_Y": "1.0", "DOWNWARD_FORCE_SPEED": "15.0",
               "startup_invuln": True, "grounded": False, "back": False, "cuts": False}
    IASA_BACK = 11
    BACK_STARTUP_LAG = 4

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.starting_y = 0

    def enter(self):
        host = self.host
        if self.data is None:
            self.data = {"x": -host.get_facing_int() if self.back else host.get_facing_int(), "y": 0}
        go_back = not self.back and self.data["x"] == -host.get_facing_int()
        if go_back:
            return "AirDash1kBack" if self.cuts else "AirDash2Back"
        self.beats_backdash = not self.back
        self.backdash_iasa = self.back
        return None

    def frame_0(self):
        host = self.host
        data = self.data
        min_iasa = MIN_IASA if host.combo_count > 0 else MIN_NEUTRAL_IASA
        self.starting_iasa_at = min_iasa
        self.iasa_at = min_iasa
        down = data["x"] == 0
        if host.combo_count <= 0 and (self.back or down):
            self.iasa_at = self.IASA_BACK
        self.starting_y = host.get_pos()["y"]
        host.move_directly(0, -1)
        host.set_grounded(False)
        if self.startup_invuln and host.initiative:
            host.start_projectile_invulnerability()
        if down:
            force_x, force_y, speed = self.DOWNWARD_FORCE_X, self.DOWNWARD_FORCE_Y, self.DOWNWARD_FORCE_SPEED
        else:
            force_x = fixed.mul(self.FORWARD_FORCE_X, str(data["x"] * host.get_facing_int()))
            force_y, speed = self.FORWARD_FORCE_Y, self.FORWARD_FORCE_SPEED
        force = fixed.normalized_vec_times(force_x, force_y, speed)
        if self.back:
            host.hitlag_ticks += self.BACK_STARTUP_LAG
        host.reset_momentum()
        host.apply_force_relative(force["x"], force["y"])

    def frame_4(self):
        self.host.end_projectile_invulnerability()

    def tick(self):
        if self.host.is_grounded():
            self.queue_state_change("Landing", landing_lag(self))
        return None


# ---------------------------------------------------------------------- sword

class ThreeCombo(CharacterState):
    """``states/3Combo.gd`` (3Combo, 3ComboDown): three rising (or diving) slashes that track a hit foe."""

    EXPORTS = {"down": False}
    TRACKING_SPEED = "2.0"
    TRACKING_MIN_DIST = "32"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit_opponent = False

    def lunge(self, speed: str) -> None:
        host = self.host
        host.reset_momentum()
        force = fixed.normalized_vec_times("0.85" if self.down else "0.5", "1.0" if self.down else "-1.0", speed)
        host.apply_force_relative(force["x"], force["y"])

    def frame_0(self):
        self.hit_opponent = False

    def frame_1(self):
        if not self.down:
            self.lunge("4.0")

    def frame_6(self):
        self.lunge("8.0")

    def frame_10(self):
        self.lunge("10.0")

    def frame_19(self):
        self.lunge("12.0")

    def tick(self):
        if self.hit_opponent:
            host = self.host
            pos = host.obj_local_center(host.opponent)
            x, y = str(pos["x"]), str(pos["y"])
            if fixed.gt(fixed.vec_len(x, y), self.TRACKING_MIN_DIST):
                step = fixed.normalized_vec_times(x, y, self.TRACKING_SPEED)
                host.move_directly(step["x"], step["y"])
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj is self.host.opponent:
            self.hit_opponent = True


class HSlash(CharacterState):
    """``states/HSlash.gd`` (HSlash2, HSlashUp): an upward input turns it into HSlashUp."""

    def enter(self):
        if self.data and self.data["y"] != 0:
            return "HSlashUp"
        return None


class VSlash(CharacterState):
    """``states/VSlash.gd``: with initiative the startup skips two frames and it may self-cancel."""

    def tick(self):
        if self.current_tick == 3:
            self.self_hit_cancellable = self.host.initiative
            if self.host.initiative:
                self.current_tick = 5
        return None


class UpwardSwipe(CharacterState):
    """``states/UpwardSwipe.gd`` (UpwardSwipe, UpwardSwipeAir): a rising swipe (the air lift once per jump)."""

    EXPORTS = {"GROUNDED_LIFT": "-15.0", "AERIAL_LIFT": "-7.0"}

    def frame_7(self):
        host = self.host
        vel = host.get_vel()
        host.set_vel(vel["x"], "0")
        if host.is_grounded() or host.up_swipe_momentum:
            host.apply_force_relative("0", self.GROUNDED_LIFT if host.is_grounded() else self.AERIAL_LIFT)
            if not host.is_grounded():
                host.up_swipe_momentum = False

    def tick(self):
        host = self.host
        host.update_grounded()
        if self.current_tick > 6:
            host.apply_grav()
        return None


class DownwardCleave(CharacterState):
    """``states/DownwardCleave.gd`` (DownwardCleave, DownwardCleaveGround): hop, then cleave downward.

    Quirk kept: entering the aerial version on the ground switches its ``grounded``
    export on for the rest of the match."""

    EXPORTS = {"jump_speed": "3", "grounded": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.moving_down = False
        self.grounded_frames = 0

    def enter(self):
        self.grounded_frames = 0
        if not self.grounded and self.host.is_grounded():
            self.grounded = True
        return None

    def hop(self, mark_air_start: bool = False) -> None:
        """Stop falling, rise 8 px and jump forward-up at ``jump_speed``."""
        host = self.host
        self.moving_down = False
        vel = host.get_vel()
        vel_y = "0" if fixed.gt(vel["y"], "0") else vel["y"]
        host.set_vel(vel["x"], vel_y)
        force = fixed.normalized_vec_times("0.5", "-1", self.jump_speed)
        host.move_directly(0, -8)
        if mark_air_start:
            self.entered_in_air = not host.is_grounded()
        host.apply_force_relative(force["x"], force["y"])

    def frame_0(self):
        if self.grounded:
            self.grounded_frames = 2
            return None
        self.hop(mark_air_start=True)
        return None

    def frame_1(self):
        if self.grounded and self.grounded_frames <= 0:
            self.hop()
        return None

    def frame_9(self):
        if not self.grounded:
            self.moving_down = True

    def frame_11(self):
        if self.grounded:
            self.moving_down = True

    def tick(self):
        host = self.host
        if self.grounded_frames > 0:
            self.current_tick = 0
            self.grounded_frames -= 1
        if self.moving_down:
            host.apply_force(0, 5)
            host.move_directly(0, 10)
        host.apply_grav()
        return None


class HAirSlash(CharacterState):
    """``states/HAirSlash.gd``: the first one in the air lifts the Cowboy."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.apply_lift = True

    def frame_0(self):
        host = self.host
        self.apply_lift = False
        if not host.used_aerial_h_slash:
            self.apply_lift = True
            host.used_aerial_h_slash = True

    def frame_5(self):
        host = self.host
        vel = host.get_vel()
        vel = fixed.vec_mul(vel["x"], vel["y"], "0.5")
        host.set_vel(vel["x"], vel["y"])
        if self.apply_lift:
            force = fixed.normalized_vec_times("1.0", "-0.75", "9.0")
        else:
            force = fixed.normalized_vec_times("1.0", "0.0", "8.0")
        host.apply_force_relative(force["x"], force["y"])

    def tick(self):
        if self.current_tick > 6 and self.host.is_grounded():
            return "Landing"
        return None


class LightningSlice(CharacterState):
    """``states/LightningSlice.gd`` (LightningSlice, LightningSliceNeutral, LightningSliceCancel):
    a slash at a distance (aimed in combos; the cancel repeats the last position)."""

    EXPORTS = {"cancel": False, "followup": False, "neutral": False}
    TRACKING_DISTANCE = "86.0"
    DEFAULT_HITBOX_X = 128
    DEFAULT_HITBOX_Y = -16

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.stall = False

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and neutral and combo == 0) or (not neutral and combo > 0)
        combo = self.host.combo_count
        return bool((super().is_usable() and self.neutral and combo == 0) or (not self.neutral and combo > 0))

    def frame_0(self):
        self.stall = False

    def frame_1(self):
        host = self.host
        vel = host.get_vel()
        if not host.used_aerial_l_slice:
            host.set_vel(vel["x"], "0")
            host.used_aerial_l_slice = True
            self.stall = True
        else:
            self.stall = False

    def tick(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        hitbox.x = self.DEFAULT_HITBOX_X
        hitbox.y = self.DEFAULT_HITBOX_Y
        if self.followup:
            hitbox.x = host.lightning_slice_x
            hitbox.y = host.lightning_slice_y
            return None
        if self.neutral:
            pos = self.host.xy_to_dir(50 * host.get_facing_int(), 0, self.TRACKING_DISTANCE)
        else:
            pos = self.host.xy_to_dir(self.data["x"], self.data["y"], self.TRACKING_DISTANCE)
        hitbox.x = self.DEFAULT_HITBOX_X + fixed.round(pos["x"]) * host.get_facing_int()
        hitbox.y = self.DEFAULT_HITBOX_Y + fixed.round(pos["y"])
        host.lightning_slice_x = hitbox.x
        host.lightning_slice_y = hitbox.y
        return None

    def tick_after(self):
        super().tick_after()
        if self.cancel and self.current_tick == 1:
            self.current_tick = 3
        if self.current_tick > 16 or not self.stall:
            self.host.apply_grav()
        return None


class BackSlash(CharacterState):
    """``BackSlash.gd``: a step back and a slash behind (no step after a reversed ImpaleTeleport)."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.move = True

    def frame_0(self):
        self.move = not (self.previous_state_name() == "ImpaleTeleport" and self.host.reverse_state)

    def frame_2(self):
        if self.move:
            self.host.apply_force_relative("-14.0", "0")


class Impale(CharacterState):
    """``states/Impale.gd`` (Impale, ImpaleTeleport): a thrust; the teleport version appears behind the foe."""

    EXPORTS = {"teleport": False}
    EXTRA_FRAME_PER_PIXEL = "0.05"
    MIN_LAG_DIST = "200"
    DIST = 32
    MAX_LAG_FRAMES = 8

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit = False
        self.tp_pos_x = 0
        self.tp_pos_y = 0
        self.tp_vel_x = "0"
        self.tp_vel_y = "0"
        self.lag_frames = 0
        self.dir = 1

    def frame_0(self):
        host = self.host
        self.lag_frames = 0
        self.hit = False
        host.apply_force(fixed.mul(str(host.get_opponent_dir()), "4"), "0")
        hitbox = self.get_child("Hitbox")
        hitbox.followup_state = "ImpaleFollowupCombo" if host.combo_count > 0 else "ImpaleFollowup"
        cuts = host.obj_from_name(host.cut_projectile)
        if cuts is not None:
            cuts.disable()

    def frame_5(self):
        if not self.teleport:
            return
        host = self.host
        local = host.obj_local_center(host.opponent)
        distance = fixed.vec_len(str(local["x"]), str(local["y"]))
        if fixed.gt(distance, self.MIN_LAG_DIST):
            extra = fixed.round(fixed.mul(self.EXTRA_FRAME_PER_PIXEL, fixed.sub(distance, self.MIN_LAG_DIST)))
            self.lag_frames = int_min(extra, self.MAX_LAG_FRAMES)
        host.colliding_with_opponent = False
        self.align()

    def align(self, reverse: bool = True) -> None:
        """Aim the teleport at the far side of the foe, matching its velocity."""
        host = self.host
        opp_pos = host.opponent.get_pos()
        opp_vel = host.opponent.get_vel()
        self.dir = host.get_opponent_dir()
        self.tp_pos_x = opp_pos["x"] + self.DIST * (host.get_opponent_dir() if reverse else -host.get_facing_int())
        self.tp_pos_y = opp_pos["y"]
        self.tp_vel_x = opp_vel["x"]
        self.tp_vel_y = opp_vel["y"]

    def _warp(self) -> None:
        self.host.set_vel(self.tp_vel_x, self.tp_vel_y)
        self.host.set_pos(self.tp_pos_x, self.tp_pos_y)

    def frame_6(self):
        if self.teleport:
            self._warp()
            self.align()

    def frame_7(self):
        if self.teleport:
            self.host.set_facing(self.dir * -1)
            self._warp()
            self.align(False)

    def frame_8(self):
        if self.teleport:
            self._warp()

    def frame_12(self):
        self.host.end_projectile_invulnerability()

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_forces()
        if not (self.teleport and self.hit):
            host.apply_grav()
        if self.current_tick >= 8:
            if self.lag_frames > 0:
                self.lag_frames -= 1
                self.current_tick = 8
        elif self.current_tick > 30:  # unreachable as written
            host.apply_grav()
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        self.hit = True
        super().on_hit_something(obj, hitbox)


class ImpaleFollowup(ThrowState):
    """``states/ImpaleFollowup.gd`` (ImpaleFollowup, ImpaleFollowupCombo, ImpaleFollowupHKD)."""

    def frame_0(self):
        if not self.host.is_grounded():
            self.host.reset_momentum()

    def frame_27(self):
        self.host.end_invulnerability()
        self.host.start_projectile_invulnerability()

    def tick(self):
        if self.current_tick > 18:
            self.host.apply_grav()
        return None


class IzunaDrop(ThrowState):
    """``IzunaDrop.gd``: leap up with the foe, spin, and slam it down on landing."""

    LIFT_SPEED = -20
    BACKWARDS_SPEED = 3
    GRAV = "0.9"
    FALL_SPEED = "30"
    SUPER_GAIN = 125

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.dir = -1

    def frame_0(self):
        host = self.host
        host.apply_force_relative(-self.BACKWARDS_SPEED, self.LIFT_SPEED)
        host.move_directly(0, -1)

    def tick(self):
        host = self.host
        if self.current_tick > 1 and host.is_grounded():
            self.do_release()
            self.activate_hitbox(self.get_child("Hitbox"))
            self.queue_state_change("Landing", 40)
            host.opponent.update_facing()
        if self.current_tick > 10 and imod(self.current_tick, 8) == 0:
            host.update_data()
            host.move_directly_relative(18, 0)
            self.dir = host.get_opponent_dir()
            if not host.reverse_state:
                self.dir *= -1
            host.set_facing(self.dir)
        elif self.current_tick <= 10:
            self.dir = host.get_facing_int()
        host.apply_grav_custom(self.GRAV, self.FALL_SPEED)
        host.apply_forces_no_limit()
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        self.host.gain_super_meter(self.SUPER_GAIN, "0.35")


# ---------------------------------------------------------------------- lasso

class Lasso(CharacterState):
    """``states/Lasso.gd``: throw the lasso; a catch (the object's ``lasso_hit``) goes to LassoHit."""

    THROW_SPEED = "14"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.lasso_hit = False
        self.lasso_hit_frame = 0
        self.ANIM_LENGTH = None  # onready: the table's anim_length

    def init(self) -> None:
        super().init()
        self.ANIM_LENGTH = self.anim_length

    def is_usable(self) -> bool:
        gun = self.host.obj_from_name(self.host.gun_projectile)
        if gun is not None and gun.lassoed:
            return False
        return super().is_usable()

    def enter(self):
        self.anim_length = self.ANIM_LENGTH
        self.lasso_hit = False
        self.lasso_hit_frame = 0
        self.fallback_state = "Wait"
        return None

    def frame_7(self):
        host = self.host
        obj = host.spawn_object(LASSO_SCENE, 16, -16)
        host.lasso_projectile = obj.obj_name
        direction = self.host.xy_to_dir(self.data["x"], self.data["y"])
        # Quirk kept: facing is applied here and again by apply_force_relative.
        force = fixed.vec_mul(fixed.mul(direction["x"], str(host.get_facing_int())), direction["y"], self.THROW_SPEED)
        obj.apply_force_relative(force["x"], force["y"])
        vel = host.get_vel()
        obj.apply_force(vel["x"], vel["y"])

    def on_lasso_hit(self, _opponent) -> None:
        """The lasso caught the foe (called even when this state is no longer active)."""
        host = self.host
        self.lasso_hit = True
        self.lasso_hit_frame = self.current_tick
        opp_pos = host.opponent.get_hurtbox_center()
        obj = host.obj_from_name(host.lasso_projectile)
        if obj is not None:
            obj.set_pos(opp_pos["x"], opp_pos["y"])
            host.change_state("LassoHit")

    def tick(self):
        host = self.host
        host.apply_grav()
        host.apply_fric()
        host.apply_forces()
        return None

    def exit(self) -> None:
        host = self.host
        if host.lasso_projectile and not self.lasso_hit:
            obj = host.match.objs_map.get(host.lasso_projectile)
            if obj is not None:
                obj.disable()
            host.lasso_projectile = None


class LassoPull(CharacterState):
    """``states/LassoPull.gd``: yank the caught foe in the chosen direction."""

    PULL_FORCE = "-10"
    MOVE_AMOUNT = "-5"

    def frame_12(self):
        host = self.host
        release_lasso(host)
        direction = self.host.xy_to_dir(self.data["x"], self.data["y"])
        hitbox = self.get_child("Hitbox")
        hitbox.dir_x = fixed.mul(direction["x"], str(host.get_facing_int()))
        hitbox.dir_y = direction["y"]
        hitbox.activate()
        opp_pos = host.obj_local_center(host.opponent)
        hitbox.x = opp_pos["x"]
        hitbox.y = opp_pos["y"]
        host.release_opponent()
        hitbox.hit(host.opponent)
        force = fixed.vec_mul(direction["x"], direction["y"], self.PULL_FORCE)
        move = fixed.vec_mul(direction["x"], direction["y"], self.MOVE_AMOUNT)
        host.apply_force(force["x"], force["y"])
        host.move_directly(move["x"], move["y"])

    def tick(self):
        if self.current_tick > 10:
            host = self.host
            host.apply_fric()
            host.apply_grav()
            host.apply_forces()
        return None

    def exit(self) -> None:
        self.host.release_opponent()
        release_lasso(self.host)


def release_lasso(host) -> None:
    """Disable the lasso object if the match knows it (``objs_map.has(lasso_projectile)``)."""
    if host.lasso_projectile in host.match.objs_map:
        host.match.objs_map[host.lasso_projectile].disable()
        host.lasso_projectile = None


class LassoReel(CharacterState):
    """``states/LassoReel.gd``: reel the foe in; close enough, go to IzunaDrop."""

    GRAB_DISTANCE = "16"
    PULL_SPEED = "-15"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.grabbed = False

    def frame_0(self):
        self.grabbed = False

    def _place_throw_box(self) -> dict:
        host = self.host
        opp_pos = host.obj_local_center(host.opponent)
        throw_box = self.get_child("ThrowBox")
        throw_box.x = opp_pos["x"] * host.get_facing_int()
        throw_box.y = opp_pos["y"]
        return opp_pos

    def frame_1(self):
        host = self.host
        opp_pos = host.obj_local_center(host.opponent)
        throw_box = self.get_child("ThrowBox")
        throw_box.activate()
        throw_box.x = opp_pos["x"] * host.get_facing_int()
        throw_box.y = opp_pos["y"]

    def tick(self):
        host = self.host
        self.grabbed = False
        opp_pos = self._place_throw_box()
        if self.current_tick > 1 and fixed.lt(fixed.vec_len(str(opp_pos["x"]), str(opp_pos["y"])), self.GRAB_DISTANCE):
            self.grabbed = True
            return "IzunaDrop"
        local = host.obj_local_pos(host.opponent)
        step = fixed.normalized_vec_times(str(local["x"]), str(local["y"]), self.PULL_SPEED)
        opp = host.opponent.get_pos()
        x = fixed.round(fixed.add(step["x"], str(opp["x"])))
        y = fixed.round(fixed.add(step["y"], str(opp["y"])))
        host.opponent.set_pos(x, y)
        if host.lasso_projectile in host.match.objs_map:
            host.match.objs_map[host.lasso_projectile].set_pos(x, y - 16)
        return None

    def exit(self) -> None:
        host = self.host
        release_lasso(host)
        if not self.grabbed:
            host.opponent.state_machine.queue_state("Wait")


# ---------------------------------------------------------------------- base-state overrides

class CowboyHurtAerial(BaseHurtAerial):
    """``states/HurtAerial.gd``: a Cowboy hit by its own object."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit_self = False

    def frame_0(self):
        self.hit_self = False
        host = self.host
        obj = host.obj_from_name(self.hitbox.host)
        if obj is not None and obj.get_fighter() is host:
            self_hitbox = self.get_child("Hitbox")
            self_hitbox.activate()
            self_hitbox.add_hit_object(obj.obj_name)
            self.hit_self = True
            obj.disable()

    def tick(self):
        if self.hit_self:
            self.host.opponent.reset_combo()
        return super().tick()

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        self.host.opponent.reset_combo()


class CowboyTaunt(BaseTaunt):
    """``states/Taunt.gd`` (Taunt, Guntrick)."""

    EXPORTS = {"guntrick": False}

    def frame_15(self):
        if self.state_name == "Guntrick":
            self.current_tick += 2

    def is_usable(self) -> bool:
        return super().is_usable() and not (self.guntrick and not self.host.opponent.busy_interrupt)
