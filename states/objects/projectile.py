"""Projectiles: ``projectile/BaseProjectile.gd`` and the straight mover
``characters/stickman/projectiles/fireball_states/Default.gd`` (class ``DefaultFireball``)
that most projectile states extend."""
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
