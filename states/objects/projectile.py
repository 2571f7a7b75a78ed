"""Projectiles: ``projectile/BaseProjectile.gd``, the straight mover
``characters/stickman/projectiles/fireball_states/Default.gd`` (class ``DefaultFireball``)
that most projectile states extend, and the aimed/homing mover
``projectile/DirProjectileDefault.gd`` (class ``DirProjectileDefault``)."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.obj import BaseObj

from states.state import ObjectState


class BaseProjectile(BaseObj):
    """``BaseProjectile.gd``."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        p = root_props
        self.immunity_susceptible = p.get("immunity_susceptible", True)
        self.deletes_other_projectiles = p.get("deletes_other_projectiles", True)
        self.fizzle_on_ceiling = p.get("fizzle_on_ceiling", False)
        self.movable = p.get("movable", True)
        self.can_be_hit_by_melee = p.get("can_be_hit_by_melee", False)
        self.hit_by_self_projectiles = p.get("hit_by_self_projectiles", False)
        self.hit_cancel_on_hit = p.get("hit_cancel_on_hit", False)
        self.free_cancel_on_hit = p.get("free_cancel_on_hit", False)
        self.apply_hitlag_when_hit_by_melee = p.get("apply_hitlag_when_hit_by_melee", True)
        self.projectile_immune = p.get("projectile_immune", False)
        self.hitlag_modifier = p.get("hitlag_modifier", "1.0")
        self.got_parried = False
        self.stopped = False

    def get_opponent(self):
        if self.creator is not None:
            return self.creator.get_opponent()
        return self.match.p2 if self.id == 1 else self.match.p1

    def get_fighter(self):
        if self.creator is not None:
            return self.creator.get_fighter()
        return self.match.p1 if self.id == 1 else self.match.p2

    def disable(self) -> None:
        self.disabled = True
        for hitbox in self.get_active_hitboxes():
            hitbox.deactivate()

    def on_hit_ceiling(self) -> None:
        if self.fizzle_on_ceiling:
            self.disable()

    def can_hit_cancel(self, fighter) -> bool:
        return self.hit_cancel_on_hit

    def hit_by(self, hitbox) -> None:
        if hitbox is not None:
            if hitbox.throw:
                return
            self.hitlag_ticks = fixed.round(fixed.mul(self.hitlag_modifier, str(hitbox.victim_hitlag)))
            objs = self.match.objs_map
            if hitbox.host in objs:
                host = objs[hitbox.host]
                host_hitlag_ticks = fixed.round(fixed.mul(self.hitlag_modifier, str(hitbox.hitlag_ticks)))
                if self.apply_hitlag_when_hit_by_melee and host.hitlag_ticks < host_hitlag_ticks:
                    host.hitlag_ticks = host_hitlag_ticks
                if self.free_cancel_on_hit and host.is_fighter:
                    host.projectile_free_cancel()
        super().hit_by(hitbox)


class DefaultFireball(ObjectState):
    """``fireball_states/Default.gd``: move straight, fizzle on ground/walls/hits."""

    EXPORTS = {"move_x": 4, "move_y": 0, "move_x_string": "0", "move_y_string": "0", "clash": True, "num_hits": 1,
               "lifetime": 999999, "fizzle_on_ground": True, "fizzle_on_walls": True,
               "fizzle_on_hit_opponent": False, "follow_creator": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit_something = False
        self.hit_something_tick = 0

    def frame_0(self):
        self.hit_something = False
        self.hit_something_tick = 0
        self.host.set_grounded(False)

    def tick(self):
        host = self.host
        pos = host.get_pos()
        host.update_grounded()
        if not self.hit_something and ((host.is_grounded() and self.fizzle_on_ground)
                                       or (self.fizzle_on_walls
                                           and (pos["x"] <= -host.stage_width or pos["x"] >= host.stage_width))):
            self.fizzle()
            host.hurtbox.width = 0
            host.hurtbox.height = 0
        if self.current_tick >= self.lifetime:
            self.fizzle()
        elif not self.hit_something:
            self.move()
        if self.follow_creator and host.creator is not None:
            creator_pos = host.creator.get_pos()
            host.set_pos(creator_pos["x"], creator_pos["y"])
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        if self.clash or (self.fizzle_on_hit_opponent and obj.is_fighter):
            if isinstance(obj, BaseProjectile) and not obj.deletes_other_projectiles:
                return
            self.num_hits -= 1
            if self.num_hits == 0:
                self.fizzle()

    def move(self) -> None:
        host = self.host
        data = self.data
        if data and isinstance(data, dict) and "speed_modifier" in data:
            mod = data["speed_modifier"]
            host.move_directly_relative((self.move_x + mod) if self.move_x != 0 else 0,
                                        (self.move_y + mod) if self.move_y != 0 else 0)
        elif fixed.gt(self.move_x_string, "0") or fixed.gt(self.move_y_string, "0"):
            host.move_directly_relative(self.move_x_string, self.move_y_string)
        else:
            host.move_directly_relative(self.move_x, self.move_y)

    def fizzle(self) -> None:
        self.hit_something = True
        self.host.disable()
        self.terminate_hitboxes()
        self.hit_something_tick = self.current_tick


class DirProjectileDefault(ObjectState):
    """``projectile/DirProjectileDefault.gd``: fly along the spawn data's ``dir``, or home in on the opponent."""

    EXPORTS = {"move_speed": "15.0", "homing": False, "homing_turn_speed": "3.0", "homing_accel": "1.0",
               "max_homing_speed": "10", "start_homing": False, "lifetime": 99999, "relative_data_dir": False,
               "clash": True, "num_hits": 1, "fizzle_on_ground": True, "bounce_on_ground": False, "num_bounces": 2}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit_something = False
        self.hit_something_tick = 0
        self.last_y_vel = "0"

    def frame_0(self):
        host = self.host
        self.hit_something = False
        self.hit_something_tick = 0
        host.set_grounded(False)
        if self.homing:
            if self.start_homing:
                direction = self.data["dir"]
                move_vec = fixed.vec_mul(str(direction["x"]), str(direction["y"]), self.move_speed)
                host.apply_force(move_vec["x"], move_vec["y"])
            else:
                host.apply_force_relative(self.move_speed, "0.01")
        return None

    def tick(self):
        host = self.host
        pos = host.get_pos()
        host.update_grounded()
        # GDScript precedence: (ground and tick > 1 and not hit and grounded) or past a wall
        if ((self.fizzle_on_ground and self.current_tick > 1 and not self.hit_something and host.is_grounded())
                or pos["x"] <= -host.stage_width or pos["x"] >= host.stage_width):
            self.fizzle()
            host.hurtbox.width = 0
            host.hurtbox.height = 0
        vel = host.get_vel()
        if not fixed.eq(vel["y"], "0"):
            self.last_y_vel = vel["y"]
        if host.is_grounded() and self.bounce_on_ground:
            host.set_grounded(False)
            host.move_directly(0, -1)
            host.set_vel(vel["x"], fixed.mul(fixed.abs(self.last_y_vel), "-0.75"))
            self.num_bounces -= 1
            if self.num_bounces < 0:
                self.fizzle()
        if self.current_tick > self.lifetime:
            self.fizzle()
            host.hurtbox.width = 0
            host.hurtbox.height = 0
        elif not self.hit_something:
            if not self.homing:
                self._fly_straight()
            else:
                self._home(vel)
        return None

    def _fly_straight(self) -> None:
        host = self.host
        direction = self.data["dir"]
        dir_x = fixed.mul(direction["x"], str(host.get_facing_int())) if self.relative_data_dir else direction["x"]
        move_vec = fixed.normalized_vec_times(dir_x, str(direction["y"]), self.move_speed)
        host.move_directly(move_vec["x"], move_vec["y"])
        host.set_facing(fixed.sign(dir_x))

    def _home(self, vel: dict) -> None:
        host = self.host
        opponent = host.get_opponent()
        if opponent is None:
            return
        target = host.obj_local_center(opponent)
        current = fixed.normalized_vec(vel["x"], vel["y"])
        desired = fixed.normalized_vec(str(target["x"]), str(target["y"]))
        steering_x = fixed.sub(desired["x"], current["x"])
        steering_y = fixed.sub(desired["y"], current["y"])
        steer_force = fixed.normalized_vec_times(steering_x, steering_y, self.homing_turn_speed)
        force_x = fixed.mul(current["x"], self.homing_accel)
        force_y = fixed.mul(current["y"], self.homing_accel)
        if not fixed.eq(vel["x"], "0"):
            host.set_facing(1 if fixed.gt(vel["x"], "0") else -1)
        host.apply_force(force_x, force_y)
        host.apply_force(steer_force["x"], steer_force["y"])
        host.apply_forces()
        host.update_data()
        new_vel = host.get_vel()
        if fixed.gt(fixed.vec_len(new_vel["x"], new_vel["y"]), self.max_homing_speed):
            clamped = fixed.normalized_vec_times(new_vel["x"], new_vel["y"], self.max_homing_speed)
            host.set_vel(clamped["x"], clamped["y"])

    def got_parried(self) -> None:
        if self.homing:
            self.fizzle()

    def fizzle(self) -> None:
        self.hit_something = True
        self.host.disable()
        self.terminate_hitboxes()
        self.hit_something_tick = self.current_tick

    def on_hit_something(self, obj, hitbox) -> None:
        if self.clash:
            if isinstance(obj, BaseProjectile) and not obj.deletes_other_projectiles:
                return
            self.num_hits -= 1
            if self.num_hits == 0:
                self.fizzle()
