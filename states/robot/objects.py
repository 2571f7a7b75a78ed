"""Robot's objects: the remote bomb and its explosion, the missiles, ground fire, the
orbital strike (LOIC) and the landing shockwave.  Each class names the game script it
ports (``characters/robo/projectiles/``)."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import imod, int_abs, int_max, int_min, int_sign
from yomi.hitbox import FLIP

from states.objects.projectile import BaseProjectile, DefaultFireball
from states.state import ObjectState

NADE_EXPLOSION = "characters/robo/projectiles/NadeExplosion.tscn"


def _owner(obj):
    """``BaseObj.gd: get_owner``: follow the creators up to the fighter."""
    while obj.creator is not None:
        obj = obj.creator
    return obj


def _approach(a: int, b: int, amount: int) -> int:
    """``Utils.approach`` on ints (note: from a == b it steps and snaps back to b)."""
    if a < b:
        a += amount
        return b if a > b else a
    a -= amount
    return b if a < b else a


# ---------------------------------------------------------------- the landing shockwave

class LandingShockwave(BaseProjectile):
    """``characters/robo/projectiles/LandingShockwave.gd``: a ground wave from a heavy landing."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.damage = 0
        self.speed = "0"
        self.facing = 0


class LandingShockwaveDefault(DefaultFireball):
    """``characters/robo/projectiles/states/LandingShockwaveDefault.gd``: weakens with distance."""

    MIN_SPEED = "6"
    SPEED_MULTIPLIER = "1.25"
    BASE_HITSTUN = 30
    MIN_HITSTUN = 10
    LESS_DAMAGE_PER_PIXEL = "0.025"
    LESS_HITSTUN_PER_PIXEL = "0.05"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.start_x = 0

    def enter(self):
        self.start_x = self.host.get_pos()["x"]
        return None

    def tick(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        if self.current_tick <= 1:
            self.move_x_string = fixed.mul(host.speed, self.SPEED_MULTIPLIER)
            if fixed.lt(self.move_x_string, self.MIN_SPEED):
                self.move_x_string = self.MIN_SPEED
            host.set_facing(host.facing)
        travelled = fixed.abs(str(host.get_pos()["x"] - self.start_x))
        hitbox.damage = host.damage - fixed.round(fixed.mul(self.LESS_DAMAGE_PER_PIXEL, travelled))
        hitbox.hitstun_ticks = self.BASE_HITSTUN - fixed.round(fixed.mul(self.LESS_HITSTUN_PER_PIXEL, travelled))
        if hitbox.hitstun_ticks < self.MIN_HITSTUN:
            hitbox.hitstun_ticks = self.MIN_HITSTUN
        if hitbox.damage < 0:
            host.disable()
        return super().tick()

    def frame_5(self):
        self.host.has_projectile_parry_window = True


# ---------------------------------------------------------------- the remote bomb

class RobotGrenade(BaseProjectile):
    """``characters/robo/projectiles/RobotGrenade.gd``: a bouncing bomb that can be hit around.

    It explodes after 900 ticks, or 30 ticks after it is armed (the ``nade_activated``
    extra, or the last 30 ticks of its life); hits knock it away (the hitter's DI steers
    it when Robot hits his own bomb) and shorten an armed fuse.
    """

    LIFETIME = 900
    ACTIVATE_TIME = 30
    DI_INFLUENCE = "5"
    DI_HORIZONTAL_MODIFIER = "0.85"
    DI_DEGRADATION_PER_HIT = "0.5"
    NUDGE_DISTANCE = 10
    ARM_TIME_REDUCTION_ON_HIT = 5
    ARM_TIME_ON_OPPONENT_HIT = 4

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.last_vel_x = None
        self.last_vel_y = None
        self.hits_chained = 0
        self.last_hit_by = -1
        self.active = False
        self.hitbox_out = False
        self.ticks_left = self.LIFETIME

    @property
    def my_hitbox(self):
        return self.get_state("Active").get_child("Hitbox")

    def tick(self) -> None:
        super().tick()
        if self.hitlag_ticks > 0:
            return
        self.ticks_left -= 1
        if self.ticks_left == self.ACTIVATE_TIME - 3:
            self.has_projectile_parry_window = False
        if self.ticks_left <= 0 and self.creator.opponent.current_state().state_name != "Grabbed":
            self.explode()
        elif self.ticks_left <= self.ACTIVATE_TIME:
            self.activate()

    def activate(self) -> None:
        if self.active:
            return
        self.ticks_left = int_min(self.ticks_left, self.ACTIVATE_TIME)
        self.active = True
        self.current_state().get_child("Hitbox").sdi_modifier = "0.0"
        self.my_hitbox.increment_combo = False

    def explode(self) -> None:
        self.disable()
        self.spawn_object(NADE_EXPLOSION, 0, -8)

    def can_hit_cancel(self, fighter) -> bool:
        if self.active:
            return self.hit_cancel_on_hit and fighter.id == self.id
        return self.hit_cancel_on_hit

    def hit_by(self, hitbox) -> None:
        super().hit_by(hitbox)
        if hitbox is None:
            return
        if hitbox.hitbox_type == FLIP:
            vel = self.get_vel()
            self.set_vel(fixed.mul(vel["x"], "-1"), vel["y"])
            return
        self._knocked_away(hitbox)
        host_name = hitbox.host
        if host_name:
            self.my_hitbox.hit_objects.append(host_name)
        host_object = self.obj_from_name(host_name)
        if host_object is not None:
            self._hit_by_object(host_object, host_name)

    def _knocked_away(self, hitbox) -> None:
        self.reset_momentum()
        x_dir = self.get_hitbox_x_dir(hitbox)
        force = fixed.normalized_vec_times(x_dir, hitbox.dir_y, fixed.mul(hitbox.knockback, "1.5"))
        if self.is_grounded() and fixed.gt(force["y"], "0"):
            force["y"] = fixed.mul(force["y"], "-1")
        self.change_state("Active")
        self.apply_force(force["x"], force["y"])
        nudge = fixed.normalized_vec_times(x_dir, hitbox.dir_y, str(self.NUDGE_DISTANCE))
        self.move_directly(nudge["x"], nudge["y"])

    def _hit_by_object(self, host_object, host_name: str) -> None:
        player_object = _owner(host_object)
        player = player_object.obj_name
        if (self.last_hit_by != host_object.id or player_object.combo_count > 0
                or player_object.opponent.combo_count > 0):
            self.last_hit_by = host_object.id
            self.hits_chained = 0
        else:
            self.hits_chained += 1
        self.hit_cancel_on_hit = player_object.combo_count > 0 and self.hits_chained == 0
        if host_name != player:
            self.my_hitbox.hit_objects.append(player)
        else:
            degradation = fixed.mul(self.DI_DEGRADATION_PER_HIT, str(self.hits_chained))
            di_amount = fixed.mul(fixed.sub("1.0", degradation), self.DI_INFLUENCE)
            if fixed.lt(di_amount, "0"):
                di_amount = "0"
            di = host_object.current_di
            di_force = self.xy_to_dir(di["x"], di["y"], di_amount)
            self.apply_force(fixed.mul(di_force["x"], self.DI_HORIZONTAL_MODIFIER), di_force["y"])
        if self.active:
            if host_object.id != self.id:
                self.ticks_left = int_min(self.ticks_left, self.ARM_TIME_ON_OPPONENT_HIT)
            else:
                self.ticks_left -= self.ARM_TIME_REDUCTION_ON_HIT
            if self.ticks_left < 0:
                self.ticks_left = 0

    def refresh(self) -> None:
        self.hitbox_out = False
        self.change_state(self.current_state().state_name)

    def on_got_blocked(self) -> None:
        vel = self.get_vel()
        if self.active:
            self.ticks_left = int_min(self.ticks_left, self.ARM_TIME_ON_OPPONENT_HIT)
        else:
            self.set_vel(fixed.mul(vel["x"], "-0.9"), vel["y"])
        if self.creator.magnet_ticks_left > 0:
            self.creator.magnetize_opponent = True
            self.creator.magnetize_opponent_blocked = True

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter and self.creator.magnet_ticks_left > 0:
            self.creator.magnetize_opponent = True
            self.creator.magnetize_opponent_blocked = False

    def disable(self) -> None:
        super().disable()
        self.creator.grenade_object = None
        self.creator.magnetize_opponent = False
        self.creator.magnetize_opponent_blocked = False


class GrenadeDefault(ObjectState):
    """``characters/robo/projectiles/states/GrenadeDefault.gd`` (Default, Active): bounce, wall-bounce, aim the hitbox along the velocity."""

    BOUNCE_THRESHOLD = "2.0"
    BOUNCE_MULTIPLIER = "-0.7"

    def frame_1(self):
        host = self.host
        if not host.hitbox_out:
            hitbox = self.get_child("Hitbox")
            hitbox.activate()
            host.hitbox_out = True
            hitbox.hit_objects.append(host.get_fighter().obj_name)

    def tick(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        vel = host.get_vel()
        # last_vel_y starts as null: the comparison is then false (FixedMath gets no number).
        if host.is_grounded() and host.last_vel_y is not None and fixed.gt(host.last_vel_y, self.BOUNCE_THRESHOLD):
            host.set_vel(vel["x"], fixed.mul(host.last_vel_y, self.BOUNCE_MULTIPLIER))
        speed = fixed.vec_len(vel["x"], vel["y"])
        if self.current_tick > 10 and fixed.lt(speed, "5") and self.state_name != "Default":
            return "Default"
        pos = host.get_pos()
        if int_abs(pos["x"]) >= host.stage_width:
            host.set_vel(fixed.mul(fixed.abs(vel["x"]), str(int_sign(pos["x"]) * -1)), vel["y"])
        host.last_vel_x = vel["x"]
        host.last_vel_y = vel["y"]
        sign = fixed.sign(vel["x"])
        host.set_facing(sign if sign != 0 else host.get_facing_int())
        hitbox.dir_x = fixed.mul(vel["x"], str(host.get_facing_int()))
        hitbox.dir_y = vel["y"]
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        # Replaces ObjectState's (no follow-up states on the bomb).
        if self.host.active:
            self.host.explode()


# ---------------------------------------------------------------- missiles

class Missile(BaseProjectile):
    """``characters/robo/projectiles/Missile.gd``: destroyed by any fighter's hit."""

    IS_ROBOT_MISSILE = True

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.detected_friends = []

    def hit_by(self, hitbox) -> None:
        if hitbox.id == self.id:
            return
        super().hit_by(hitbox)
        if hitbox.throw:
            return
        host = self.match.objs_map.get(hitbox.host)
        if host is not None and host.is_fighter:
            self.disable()


class MissileDefault(DefaultFireball):
    """``characters/robo/projectiles/states/MissileDefault.gd`` (Default, Flying): accelerates forward once flying."""

    UP_FORCE = "-0.3"
    FORWARD_FORCE = "0.01"
    FORWARD_INCREASE = "0.02"
    EXPORTS = {"flying": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.forward_force = self.FORWARD_FORCE  # never reset: it keeps growing while the state runs

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj is not None and obj.is_fighter:
            self.host.disable()

    def tick(self):
        super().tick()
        host = self.host
        if self.flying:
            up = self.UP_FORCE if fixed.gt(host.get_vel()["y"], "-0.8") else "0"
            host.apply_force_relative(self.forward_force, up)
            self.forward_force = fixed.add(self.forward_force, self.FORWARD_INCREASE)
        return None

    def on_got_blocked(self) -> None:
        self.host.disable()


# ---------------------------------------------------------------- ground fire

class GroundFire(BaseProjectile):
    """``characters/robo/projectiles/GroundFire.gd`` (GroundFire, GroundFireLoic)."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.from_loic = root_props.get("from_loic", False)

    def disable(self) -> None:
        super().disable()
        fighter = self.get_fighter()
        if fighter is not None and fighter.flame_touching_opponent == self.obj_name:
            fighter.flame_touching_opponent = None


class GroundFireState(ObjectState):
    """``characters/robo/projectiles/states/GroundFire.gd``: 2 damage a tick to a grounded opponent in range.

    Only one fire burns the opponent at a time (the fighter's ``flame_touching_opponent``).
    """

    FIRE_TIME = 120
    LOIC_FIRE_TIME = 60
    DAMAGE = 2
    EXPORTS = {"width": 100}

    def tick(self):
        host = self.host
        fighter = host.get_fighter()
        if fighter is not None:
            self._burn(fighter)
        if self.current_tick > (self.FIRE_TIME if not host.from_loic else self.LOIC_FIRE_TIME):
            host.disable()
            if not host.from_loic and host.creator is not None:
                host.creator.can_flamethrower = True
        host.set_y(0)
        return None

    def _burn(self, fighter) -> None:
        host = self.host
        opponent = fighter.opponent
        local_x = host.obj_local_pos(opponent)["x"]  # refreshes both snapshots, as the original
        if opponent is not None and int_abs(local_x) < self.width:
            if fighter.flame_touching_opponent is None:
                fighter.flame_touching_opponent = host.obj_name
            if fighter.flame_touching_opponent == host.obj_name:
                if not opponent.invulnerable and opponent.is_grounded() and not opponent.current_state().IS_JUMP:
                    opponent.take_damage(self.DAMAGE)
        elif fighter.flame_touching_opponent == host.obj_name:
            fighter.flame_touching_opponent = None


# ---------------------------------------------------------------- the orbital strike (LOIC)

class OrbitalStrike(BaseProjectile):
    """``characters/robo/projectiles/OrbitalStrike.gd``: aims (Default), then fires (Fire).

    The beam fades out after firing; the game ends the object when the beam's drawn
    width reaches 0 (13 ticks after the firing time), which is simulation, so it is kept.
    """

    MAX_BEAM_WIDTH = 62
    BEAM_FADE_PER_TICK = 5

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.aim_ticks = 60
        self.self_ = False
        self.active = False
        self.deactivating = False
        self.t = "0"

    def tick(self) -> None:
        super().tick()
        state = self.current_state()
        if state.name == "Fire":
            width = int_max(self.MAX_BEAM_WIDTH - int_max(0, state.current_tick - state.active_time)
                            * self.BEAM_FADE_PER_TICK, 0)
            if width <= 0:
                self.disable()

    def deactivate(self) -> None:
        self.deactivating = True
        if self.active:
            self.current_state().deactivate()
        else:
            self.disable()

    def disable(self) -> None:
        super().disable()
        creator = self.creator
        creator.loic_draining = False
        creator.orbital_strike_projectile = None
        creator.orbital_strike_out = False


class OrbitalStrikeDefault(DefaultFireball):
    """``characters/robo/projectiles/states/orbital_strike_default.gd``: aim, steered by ``loic_dir``; drains the LOIC meter."""

    FADE_IN_TIME = 6
    MOVE_SPEED = 10
    ACCEL = 1

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.move_velocity = 0

    def frame_0(self):
        # Replaces DefaultFireball's frame 0.
        self.host.set_pos(self.host.get_pos()["x"], 0)

    def tick(self):
        # Replaces DefaultFireball's tick (no straight flight, no fizzling).
        host = self.host
        if self.current_tick >= self.FADE_IN_TIME:
            self.move_velocity = _approach(self.move_velocity, self.MOVE_SPEED * host.creator.loic_dir, self.ACCEL)
            if host.creator is not None:
                host.move_directly(self.move_velocity, 0)
        drain_ratio = fixed.sub("1.0", fixed.div(str(self.current_tick), str(host.aim_ticks)))
        host.creator.loic_meter = fixed.round(fixed.mul(str(host.creator.LOIC_METER), drain_ratio))
        if self.current_tick > host.aim_ticks:
            return "Fire"
        return None


class OrbitalStrikeFire(ObjectState):
    """``characters/robo/projectiles/states/OrbitalStrikeFire.gd``: the beam.

    It follows its target (the lerp factor ``host.t`` stays "0": the homing of the aim
    state is commented out in the original, so only the snapshot refreshes remain),
    leaves ground fire every 64 px, and burns shorter when steered back and forth
    (``loic_dir``) or left neutral.
    """

    GROUND_FIRE_DISTANCE = 64
    MOVE_SPEED = 3
    ACTIVE_TIME = 20
    NEUTRAL_PENALTY = 2
    WIGGLE_PENALTY = 7
    WIGGLE_PENALTY_INCREASE = 5
    ACCEL = 1
    ARMOR_PIP_DISTANCE = 30
    MIN_ACTIVE_TIME = 5

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.last_ground_fire = 0
        self.active_time = self.ACTIVE_TIME
        self.move_velocity = 0
        self.last_dir = 0
        self.wiggle_penalty = 0

    def enter(self):
        self.active_time = self.ACTIVE_TIME + int_max(self.host.aim_ticks - 14, 0) * 3
        self.get_child("Hitbox").active_ticks = self.active_time
        return None

    def frame_0(self):
        host = self.host
        creator = host.creator
        if creator is not None:
            creator.loic_meter = 0
            creator.can_loic = False
            creator.loic_draining = False
            if int_abs(host.obj_local_center(creator)["x"]) <= self.ARMOR_PIP_DISTANCE:
                creator.add_armor_pip()
        self.last_ground_fire = host.get_pos()["x"]
        host.active = True

    def frame_200(self):
        self.host.disable()

    def tick(self):
        host = self.host
        creator = host.creator
        if creator is not None and creator.opponent is not None:
            self._follow_target(creator)
        if 1 < self.current_tick < self.active_time:
            if int_abs(host.get_pos()["x"] - self.last_ground_fire) > self.GROUND_FIRE_DISTANCE:
                host.spawn_object(self.projectile_scene, 0, 0)
                self.last_ground_fire = host.get_pos()["x"]
        if self.current_tick >= self.active_time:
            host.deactivating = True
            self.terminate_hitboxes()
        if creator is not None:
            self._steer(creator)
        if self.active_time < self.MIN_ACTIVE_TIME:
            self.active_time = self.MIN_ACTIVE_TIME
        return None

    def _follow_target(self, creator) -> None:
        host = self.host
        target = creator if host.self_ else creator.opponent
        offset = host.obj_local_center(target)  # refreshes both snapshots
        t = fixed.mul(host.t, "0.65")
        x = host.get_pos()["x"]
        host.set_pos(fixed.round(fixed.lerp_string(str(x), str(x + offset["x"]), t)), 0)

    def _steer(self, creator) -> None:
        host = self.host
        if creator.loic_dir != 0:
            if self.current_tick > 3 and creator.loic_dir != self.last_dir and self.last_dir != 0:
                self.active_time -= self.WIGGLE_PENALTY + self.wiggle_penalty
                self.wiggle_penalty += self.WIGGLE_PENALTY_INCREASE
            self.last_dir = creator.loic_dir
        self.move_velocity = _approach(self.move_velocity, self.MOVE_SPEED * creator.loic_dir, self.ACCEL)
        host.move_directly(self.move_velocity, 0)
        if creator.loic_dir == 0:
            self.active_time -= self.NEUTRAL_PENALTY
            if imod(self.current_tick, 2) == 0:
                self.active_time -= 1

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self.deactivate()

    def on_got_blocked(self) -> None:
        super().on_got_blocked()
        self.deactivate()

    def deactivate(self) -> None:
        self.current_tick = self.active_time
        self.terminate_hitboxes()
        self.host.deactivating = True
