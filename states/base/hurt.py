"""Being hit: ``characters/CharacterHurtState.gd``, ``characters/states/HurtAerial.gd``,
``characters/states/HurtGrounded.gd`` (HurtGrounded, HurtDizzy) and ``WallSlam.gd``.

The knockback direction, DI and hitstun are decided in ``enter`` from the hitbox
snapshot the fighter was launched with (``data["hitbox"]``).
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_min, int_sign
from yomi.hitbox import BURST, HIGH, LOW, MID

from states.char_state import CharacterState

LEFT_WALL, RIGHT_WALL, NO_BOUNCE = range(3)  # CharacterHurtState.BOUNCE


class CharacterHurtState(CharacterState):
    """``CharacterHurtState.gd``."""

    IS_HURT_STATE = True
    COUNTER_HIT_ADDITIONAL_HITSTUN_FRAMES = 0

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.is_hurt_state = True  # _enter_tree
        self.brace = False
        self.guard_broken = False
        self.counter = False
        self.hitbox = None

    def enter_shared(self):
        host = self.host
        host.blocked_hitbox_plus_frames = 0
        self.brace = False
        host.feinting = False
        host.release_opponent()
        self.hitbox = self.data["hitbox"]
        if self.hitbox.disable_collision:
            host.colliding_with_opponent = False
        if host.penalty_ticks <= 0:
            host.refresh_air_movements()
        host.state_interruptable = True
        host.busy_interrupt = True
        host.buffered_input = {}
        super().enter_shared()
        host.brace_effect_applied_yet = True
        return None

    def tick_shared(self):
        # Quirk kept: the base result is dropped, so a frame hook's
        # state request is ignored here (the physics after it was still skipped).
        super().tick_shared()
        if self.current_tick < 5:
            self.host.release_opponent()
        return None

    def hitstun_modifier(self, hitbox) -> int:
        return self.COUNTER_HIT_ADDITIONAL_HITSTUN_FRAMES if hitbox.counter_hit else 0

    def global_hitstun_modifier(self, ticks: int) -> int:
        return fixed.round(fixed.mul(str(ticks), self.host.global_hitstun_modifier))

    def brace_shave_hitstun(self, hitstun: int) -> int:
        return fixed.round(fixed.mul(str(hitstun), self.host.SUCCESSFUL_BRACE_HITSTUN_MODIFIER))

    def di_shave_hitstun(self, hitstun, hitbox_dir_x, hitbox_dir_y) -> int:
        return hitstun  # disabled in this build

    def get_vacuum_dir(self, hitbox) -> dict:
        pos_x, pos_y = "0", "0"
        if self.host.obj_from_name(hitbox.host) is not None:
            my_pos = self.host.get_hurtbox_center()
            direction = fixed.normalized_vec(str(hitbox.pos_x - my_pos["x"]), str(hitbox.pos_y - my_pos["y"]))
            pos_x, pos_y = direction["x"], direction["y"]
        return {"x": pos_x, "y": pos_y}

    def knockback_direction(self, hitbox, x: str) -> tuple[str, str]:
        """(x, y) of the launch before normalising: the hitbox's, or toward / away from its centre.

        ``x`` is ``get_x_dir(hitbox)``, computed by the caller before anything moves the
        fighter's cached position (it depends on it for reversible hitboxes).
        """
        y = hitbox.dir_y
        if hitbox.vacuum:
            vacuum = self.get_vacuum_dir(hitbox)
            x, y = vacuum["x"], vacuum["y"]
        elif hitbox.send_away_from_center:
            vacuum = self.get_vacuum_dir(hitbox)
            x, y = fixed.mul(vacuum["x"], "-1"), fixed.mul(vacuum["y"], "-1")
        return x, y

    def exit_shared(self) -> None:
        host = self.host
        self.brace = False
        host.hit_out_of_brace = False
        self.guard_broken = False
        host.start_sadness_immunity()
        super().exit_shared()

    def can_interrupt(self) -> bool:
        return False


class HurtAerial(CharacterHurtState):
    AIR_FRIC = "0.015"
    HIT_GRAV = "0.25"
    HIT_FALL_SPEED = "15.0"
    BOUNCE_FRAMES = 4
    DI_STRENGTH = "2.0"
    BOUNCE_FACTOR = "-0.85"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hitstun = 0
        self.knockdown = False
        self.wall_slam = False
        self.hard_knockdown = False
        self.can_act = None
        self.bounce_frames = 0
        self.ground_bounced = False

    def begin_ground_bounce(self) -> None:
        hitbox = self.hitbox
        hitbox.dir_y = fixed.mul(hitbox.dir_y, "-1")
        hitbox.knockback = fixed.mul(hitbox.knockback, hitbox.ground_bounce_knockback_modifier)
        self.bounce_frames = self.BOUNCE_FRAMES
        self.ground_bounced = True

    def exit(self) -> None:
        self.bounce_frames = 0

    def enter(self):
        host = self.host
        hitbox = self.hitbox
        self.ground_bounced = False
        self.can_act = False
        self.knockdown = hitbox.knockdown
        self.hard_knockdown = hitbox.hard_knockdown
        self.wall_slam = hitbox.wall_slam and host.wall_slams < host.MAX_WALL_SLAMS
        self.hitstun = self.global_hitstun_modifier(hitbox.hitstun_ticks + self.hitstun_modifier(hitbox))
        self.counter = hitbox.counter_hit
        if self.counter:
            host.opponent.counterhit_this_turn = True
        if hitbox.ground_bounce and host.is_grounded() and fixed.gt(hitbox.dir_y, "0"):
            self.begin_ground_bounce()
        x, y = self.knockback_direction(hitbox, host.get_hitbox_x_dir(hitbox))
        knockback_force = fixed.normalized_vec_times(x, y, hitbox.knockback)
        host.set_facing(int_sign(fixed.round(x)) * -1)
        di = host.get_scaled_di(host.current_di)
        di_force = fixed.vec_mul(di["x"], di["y"], fixed.mul(self.DI_STRENGTH, hitbox.di_modifier))
        if hitbox.hitbox_type == BURST:
            di_force = {"x": "0", "y": "0"}
        else:
            self.hitstun = self.di_shave_hitstun(self.hitstun, x, hitbox.dir_y)
            knockback_force = fixed.vec_mul(knockback_force["x"], knockback_force["y"], host.knockback_taken_modifier)
        host.apply_force(fixed.add(knockback_force["x"], di_force["x"]), fixed.add(knockback_force["y"], di_force["y"]))
        host.move_directly(0, -1)
        self.anim_name = "HurtAerial"
        return None

    def frame_0(self):
        pass

    def frame_1(self):
        if self.host.braced_attack:
            self.hitstun = self.brace_shave_hitstun(self.hitstun)

    def tick(self):
        host = self.host
        hitbox = self.hitbox
        host.apply_x_fric(self.AIR_FRIC)
        host.apply_grav_custom(self.HIT_GRAV, self.HIT_FALL_SPEED)
        host.apply_forces_no_limit()
        vel = host.get_vel()
        bounce = NO_BOUNCE
        col_box = host.get_collision_box()
        if host.hitlag_ticks > 0 or (host.is_grounded() and self.bounce_frames > 0):
            pass
        elif col_box["x1"] <= -host.stage_width and fixed.lt(vel["x"], "0"):
            bounce = LEFT_WALL
        elif col_box["x2"] >= host.stage_width and fixed.gt(vel["x"], "0"):
            bounce = RIGHT_WALL
        if bounce != NO_BOUNCE:
            if self.wall_slam:
                self.queue_state_change("WallSlam", bounce)
                return None
            host.hitlag_ticks = 3
            host.set_vel(fixed.mul(vel["x"], self.BOUNCE_FACTOR), vel["y"])
        if self.bounce_frames > 0:
            host.set_pos(host.get_pos()["x"], 0)
            self.bounce_frames -= 1
            if self.bounce_frames == 0:
                host.set_pos(host.get_pos()["x"], -1)
        elif host.is_grounded() and fixed.ge(vel["y"], "0"):
            if hitbox.air_ground_bounce and not self.ground_bounced:
                self.begin_ground_bounce()
                host.set_vel(vel["x"], fixed.mul(vel["y"], "-1"))
            elif self.current_tick > hitbox.minimum_grounded_frames:
                if self.knockdown or host.hp == 0:
                    return "HardKnockdown" if self.hard_knockdown else "Knockdown"
                return "Landing" if host.hp > 0 else "Knockdown"
        extended_hitstun = hitbox.knockdown_extends_hitstun and hitbox.knockdown and not self.ground_bounced
        if not extended_hitstun and self.current_tick > self.hitstun:
            if self.can_act and host.hp > 0:
                return self.fallback_state
            self.enable_interrupt()
            self.can_act = True
        return None


class HurtGrounded(CharacterHurtState):
    GROUND_FRIC = "0.05"
    DI_STRENGTH = "3.5"
    EXPORTS = {"dizzy": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hitstun = 0
        self.can_act = False
        self.wall_slam = False

    def enter(self):
        host = self.host
        self.can_act = False
        hitbox = self.hitbox = self.data["hitbox"]
        self.anim_name = {HIGH: "HurtGroundedHigh", MID: "HurtGroundedMid", LOW: "HurtGroundedLow"}.get(
            hitbox.hit_height, self.anim_name)
        self.hitstun = self.global_hitstun_modifier(hitbox.hitstun_ticks + self.hitstun_modifier(hitbox))
        self.wall_slam = hitbox.wall_slam and host.wall_slams < host.MAX_WALL_SLAMS
        self.counter = hitbox.counter_hit
        if self.counter:
            host.opponent.counterhit_this_turn = True
        x = host.get_hitbox_x_dir(hitbox)
        host.set_facing(int_sign(fixed.round(x)) * -1)
        x, y = self.knockback_direction(hitbox, x)
        knockback_force = fixed.normalized_vec_times(x, y, hitbox.knockback)
        knockback_force["y"] = "0"
        di_force = fixed.vec_mul(host.get_scaled_di(host.current_di)["x"], "0",
                                 fixed.mul(self.DI_STRENGTH, hitbox.di_modifier))
        if hitbox.hitbox_type == BURST:
            di_force = {"x": "0", "y": "0"}
        else:
            self.hitstun = self.di_shave_hitstun(self.hitstun, x, "0")
            knockback_force = fixed.vec_mul(knockback_force["x"], knockback_force["y"], host.knockback_taken_modifier)
        if host.braced_attack:
            self.hitstun = self.brace_shave_hitstun(self.hitstun)
        if host.touching_wall and not self.wall_slam:
            knockback_force["x"] = "0"
        host.apply_force(fixed.add(knockback_force["x"], di_force["x"]), fixed.add(knockback_force["y"], di_force["y"]))
        if self.dizzy:
            host.start_throw_invulnerability()
        return None

    def tick(self):
        host = self.host
        host.set_pos(host.get_pos()["x"], 0)
        host.apply_x_fric(self.GROUND_FRIC)
        host.apply_forces_no_limit()
        if self.wall_slam:
            vel = host.get_vel()
            col_box = host.get_collision_box()
            bounce = NO_BOUNCE
            if col_box["x1"] <= -host.stage_width and fixed.lt(vel["x"], "0"):
                bounce = LEFT_WALL
            elif col_box["x2"] >= host.stage_width and fixed.gt(vel["x"], "0"):
                bounce = RIGHT_WALL
            if bounce != NO_BOUNCE:
                self.queue_state_change("WallSlam", bounce)
                return None
        if self.current_tick >= self.hitstun:
            if self.can_act:
                return self.fallback_state
            self.enable_interrupt()
            self.can_act = True
        return None


class WallSlam(CharacterState):
    """``WallSlam.gd``: stuck to the wall after a wall-slamming hit."""

    GRAV = "0.25"
    MAX_FALL_SPEED = "5.0"
    GRAV_PER_SLAM = "0.2"
    FALL_SPEED_PER_SLAM = "0.5"
    MIN_DURATION = 20
    MIN_HEIGHT = -30
    DI_EFFECT = "10"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.is_hurt_state = True  # _ready
        self.dir = None

    def enter(self):
        self.host.clipping_wall = True
        self.host.colliding_with_opponent = False
        return None

    def frame_0(self):
        host = self.host
        self.dir = 1 if self.data == LEFT_WALL else -1
        di = fixed.mul(host.get_scaled_di(host.current_di)["y"], self.DI_EFFECT)
        y_pos = int_min(host.get_pos()["y"], self.MIN_HEIGHT) + fixed.round(di)
        if host.wall_slams == 0:
            host.combo_proration += 1
        host.wall_slams += 1
        host.set_pos(host.stage_width * -self.dir, y_pos)

    def tick(self):
        host = self.host
        if self.current_tick > (self.MIN_DURATION - (host.wall_slams - 1) * 8) + (5 if not host.is_grounded() else 0):
            if host.is_grounded():
                return "Knockdown"
            self.enable_interrupt()
            self.queue_state_change("Fall")
        if self.dir is not None:
            host.set_x(host.stage_width * -self.dir)
            host.set_facing(self.dir)
        grav = fixed.add(self.GRAV, fixed.mul(self.GRAV_PER_SLAM, str(host.wall_slams - 1)))
        fall_speed = fixed.add(self.MAX_FALL_SPEED, fixed.mul(self.FALL_SPEED_PER_SLAM, str(host.wall_slams - 1)))
        host.apply_grav_custom(grav, fall_speed)
        host.apply_forces()
        if self.current_tick > 30:
            self.enable_interrupt()
            return "Fall"
        return None
