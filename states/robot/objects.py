"""Robot objects ported so far: the landing shockwave (``characters/robo/projectiles/LandingShockwave``)."""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed

from states.objects.projectile import BaseProjectile, DefaultFireball


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
