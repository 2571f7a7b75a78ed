"""The Ninja's objects: ``characters/stickman/projectiles/`` (root scripts and state scripts).

Shuriken (StickmanFireball / StickmanAirFireball, class ``NinjaShuriken``) and the
Stackriken two of them fuse into; caltrops; the sticky bomb (Default / Explode /
BigExplode); the grappling hook (Default / Locked); the kunai thrower and slide-kick
summons, and the kunai they throw.  The whip waves use the generic ``DefaultFireball``.
"""
from __future__ import annotations

import functools

from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, int_abs
from yomi.hitbox import LOW, MID

from states.objects.projectile import BaseProjectile, DefaultFireball
from states.scene import object_doc
from states.state import ObjectState

STACKRIKEN_SCENE = "characters/stickman/projectiles/Stackriken.tscn"
KUNAI_SCENE = "characters/stickman/projectiles/Kunai.tscn"


@functools.lru_cache(maxsize=None)
def _scene_groups(scene: str) -> tuple:
    return tuple(object_doc(scene)["root"].get("groups", []))


def in_group(obj, group: str) -> bool:
    """``Node.is_in_group`` for a match object: fighters are "Fighter", objects carry their scene root's groups."""
    if obj.is_fighter:
        return group == "Fighter"
    return group in _scene_groups(obj.scene)


def _di_int(value) -> int:
    """A DI component as GDScript divides it: the pad's int (the initial value is the int-like "0")."""
    return value if isinstance(value, int) else int(value)


# ---------------------------------------------------------------------------------------------- shuriken
class NinjaShuriken(BaseProjectile):
    """``projectiles/StickmanFireball.gd``: the thrown shuriken; its direction is set by the Fireball state."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.dir_x = "0"
        self.dir_y = "0"
        self.can_stack = True

    def on_got_parried(self) -> None:
        super().on_got_parried()
        self.can_stack = False


class ShurikenDefault(DefaultFireball):
    """``fireball_states/ShurikenDefault.gd``: flies along (dir_x, dir_y) x speed; drops after 120 frames;
    two of the Ninja's shuriken that touch fuse into a Stackriken (one at a time), and a
    shuriken touching the Stackriken feeds it (refresh + push)."""

    STACK_FORCE_MULTIPLIER = "0.9"
    STACKRIKEN_REFRESH_FORCE_MULTIPLIER = "0.5"
    LIFETIME = 120

    def tick(self):
        super().tick()
        host = self.host
        if self.current_tick > self.LIFETIME:
            host.apply_grav()
            host.set_vel("0", host.get_vel()["y"])
            host.apply_forces()
        if not host.can_stack:
            return None
        stackriken_out = host.get_fighter().stackriken_out
        # The original walks objs_map while spawning into it; a Stackriken born here
        # is not initialised yet, so visiting it would change nothing.
        for obj in list(host.match.objs_map.values()):
            if obj is None or obj is host or obj.disabled or obj.id != host.id:
                continue
            if not host.hurtbox.overlaps(obj.hurtbox):
                continue
            if in_group(obj, "NinjaShuriken"):
                if stackriken_out or not obj.can_stack:
                    continue
                self._fuse_with(obj)
            if in_group(obj, "Stackriken"):
                host.disable()
                if obj.current_state() is not None:
                    obj.refresh()
                    mine = self._velocity_of(host, self.data["speed_modifier"])
                    force = fixed.vec_mul(mine["x"], mine["y"], self.STACKRIKEN_REFRESH_FORCE_MULTIPLIER)
                    obj.apply_force(force["x"], force["y"])
        return None

    @staticmethod
    def _velocity_of(shuriken, speed_modifier: str) -> dict:
        return fixed.vec_mul(fixed.mul(shuriken.dir_x, str(shuriken.get_facing_int())), shuriken.dir_y, speed_modifier)

    def _fuse_with(self, other) -> None:
        host = self.host
        stackriken = host.spawn_object(STACKRIKEN_SCENE, 0, 0)
        mine = self._velocity_of(host, self.data["speed_modifier"])
        theirs = self._velocity_of(other, other.current_state().data["speed_modifier"])
        force = fixed.vec_add(mine["x"], mine["y"], theirs["x"], theirs["y"])
        force = fixed.vec_mul(force["x"], force["y"], self.STACK_FORCE_MULTIPLIER)
        stackriken.force_x = force["x"]
        stackriken.force_y = force["y"]
        other.disable()
        host.disable()

    def move(self) -> None:
        host = self.host
        direction = fixed.vec_mul(host.dir_x, host.dir_y, self.data["speed_modifier"])
        host.move_directly_relative(direction["x"], direction["y"])


class Stackriken(BaseProjectile):
    """``projectiles/Stackriken.gd``: the fused shuriken; the Ninja can juggle it with his own hits."""

    REFRESH_AMOUNT = 24

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.return_x = None
        self.return_y = None
        self.force_x = None
        self.force_y = None
        self.refresh_amount = self.REFRESH_AMOUNT

    def init(self) -> None:
        if self.initialized:
            return
        super().init()
        fighter = self.get_fighter()
        if fighter is not None:
            fighter.stackriken_out = True
        self.refresh_amount = self.REFRESH_AMOUNT

    def disable(self) -> None:
        self.get_fighter().stackriken_out = False
        super().disable()

    def hit_by(self, hitbox) -> None:
        super().hit_by(hitbox)
        if hitbox.throw:
            return
        hitter = self.obj_from_name(hitbox.host)
        if hitter is None or not hitter.is_fighter:
            return
        force = fixed.normalized_vec_times(self.get_hitbox_x_dir(hitbox), hitbox.dir_y,
                                           fixed.mul(hitbox.knockback, "0.85"))
        fighter = self.get_fighter()
        if fighter is not None and self.id == hitbox.id:
            force = fixed.vec_add(force["x"], force["y"], str(idiv(_di_int(fighter.current_di["x"]), 20)),
                                  str(idiv(_di_int(fighter.current_di["y"]), 20)))
        self.set_vel(force["x"], force["y"])
        state = self.current_state()
        state.current_tick -= self.refresh_amount
        if state.current_tick <= 0:
            state.current_tick = 0
        self.refresh_amount -= 3
        if self.refresh_amount < 0:
            self.refresh_amount = 0

    def refresh(self) -> None:
        state = self.current_state()
        state.current_tick -= state.lifetime
        if state.current_tick <= 0:
            state.current_tick = 1


class StackrikenDefault(DefaultFireball):
    """``projectiles/StackrikenDefault.gd``: homes back toward where the Ninja stood, shrinks and weakens
    after a 20-frame grace period (hitbox, hurtbox, damage -1 per 5 frames); stops after 5 blocks."""

    HOMING_FORCE = "0.25"
    BLOCK_HITS = 5
    MIN_RATIO = "0.5"
    FRAMES_PER_DAMAGE_LOSS = 5
    GRACE_PERIOD = 20

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.block_hits = self.BLOCK_HITS
        self.hitbox_width = self.hitbox_height = self.hitbox_damage = 0
        self.hurtbox_width = self.hurtbox_height = 0

    def init(self) -> None:
        """The scene's box sizes and damage, read once (``onready``)."""
        super().init()
        hitbox = self.get_child("Hitbox")
        self.hitbox_width = hitbox.width
        self.hitbox_height = hitbox.height
        self.hitbox_damage = hitbox.damage
        self.hurtbox_width = self.host.hurtbox.width
        self.hurtbox_height = self.host.hurtbox.height

    def frame_1(self):
        host = self.host
        fighter = host.get_fighter()
        if fighter is not None:
            pos = fighter.get_pos()
            host.return_x = pos["x"]
            host.return_y = pos["y"]
        host.apply_force(host.force_x, host.force_y)
        return None

    def move(self) -> None:
        host = self.host
        if host.return_x is not None and host.return_y is not None:
            my_pos = host.get_pos()
            direction = fixed.normalized_vec(str(host.return_x - my_pos["x"]), str(host.return_y - my_pos["y"]))
            force = fixed.vec_mul(direction["x"], direction["y"], self.HOMING_FORCE)
            host.apply_force(force["x"], force["y"])

    def on_got_blocked(self) -> None:
        self.block_hits -= 1
        if self.block_hits == 0:
            self.fizzle()

    def tick(self):
        super().tick()
        host = self.host
        vel = host.get_vel()
        direction = fixed.normalized_vec(vel["x"], vel["y"])
        tick = max(self.current_tick - self.GRACE_PERIOD, 0)
        shrink = fixed.sub("1", fixed.div(str(tick), str(self.lifetime - self.GRACE_PERIOD)))
        size_ratio = fixed.add(self.MIN_RATIO, fixed.mul(shrink, fixed.sub("1", self.MIN_RATIO)))
        if fixed.lt(size_ratio, self.MIN_RATIO):
            size_ratio = self.MIN_RATIO
        hitbox = self.get_child("Hitbox")
        hitbox.dir_x = direction["x"]
        hitbox.dir_y = direction["y"]
        hitbox.width = fixed.round(fixed.mul(str(self.hitbox_width), size_ratio))
        hitbox.height = fixed.round(fixed.mul(str(self.hitbox_height), size_ratio))
        hitbox.knockback = fixed.mul(fixed.vec_len(vel["x"], vel["y"]), "0.5")
        hitbox.damage = self.hitbox_damage - idiv(tick, self.FRAMES_PER_DAMAGE_LOSS)
        host.hurtbox.width = fixed.round(fixed.mul(str(self.hurtbox_width), size_ratio))
        host.hurtbox.height = fixed.round(fixed.mul(str(self.hurtbox_height), size_ratio))
        host.apply_forces_no_limit()
        return None


# ---------------------------------------------------------------------------------------------- caltrops
class CaltropsObject(BaseProjectile):
    """``projectiles/Caltrops.gd``: the opponent's hits sweep a caltrop away (unless the hit is marked
    ``LaunchCaltrops``); the Ninja's own hits launch it, steered by his DI.

    Quirk kept: the launch uses the hitbox's unmirrored ``dir_x``.  A hit from a
    disabled object makes the original's script error out before anything happens.
    """

    def hit_by(self, hitbox) -> None:
        hitter = self.obj_from_name(hitbox.host)
        if hitter is not None and hitter.is_fighter and hitter.id != self.id:
            if "IgnoreCaltrops" in hitbox.misc_data:
                return
            if "LaunchCaltrops" not in hitbox.misc_data:
                self.disable()
                return
        if hitter is not None and hitter.is_fighter:
            hitter.projectile_free_cancel()
        force = fixed.vec_mul(hitbox.dir_x, hitbox.dir_y, hitbox.knockback)
        if hitter is None:
            return
        if hitter.id == self.id:
            di = self.creator.current_di
            force = fixed.vec_add(force["x"], force["y"], str(idiv(_di_int(di["x"]), 5)),
                                  str(idiv(_di_int(di["y"]), 20)))
        self.apply_force(force["x"], force["y"])
        super().hit_by(hitbox)


class CaltropsDefault(DefaultFireball):
    """``projectiles/CaltropsDefault.gd``: low and unparriable-in-the-window while on the ground."""

    def tick(self):
        super().tick()
        host = self.host
        hitbox = self.get_child("Hitbox")
        if host.is_grounded():
            host.has_projectile_parry_window = False
            hitbox.hit_height = LOW
        else:
            host.has_projectile_parry_window = True
            hitbox.hit_height = MID
        return None

    def got_parried(self) -> None:
        self.host.disable()

    def on_hit_something(self, obj, hitbox) -> None:
        if obj.is_fighter and obj.id != self.host.id:
            self.host.disable()


# ---------------------------------------------------------------------------------------------- sticky bomb
class StickyBombObject(BaseProjectile):
    """``projectiles/StickyBomb.gd``: sticks to the opponent; explodes on the ``explode`` extra or after 120 frames."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.detonating = False
        self.attached = False

    def explode(self) -> None:
        self.detonating = True
        self.creator.bomb_thrown = False
        self.creator.bomb_projectile = None

    def big_explode(self) -> None:
        self.change_state("BigExplode")
        self.creator.bomb_thrown = False
        self.creator.bomb_projectile = None


class StickyBombDefault(DefaultFireball):
    """``projectiles/StickyBombDefault.gd``: attaches after 3 frames within 16 px of the opponent's centre.

    Replaces the fireball's frame 0 and tick entirely (the bomb never fizzles).
    """

    ATTACH_DISTANCE = "16"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.attach_frames = 0
        self.explode_ticks = 10

    def frame_0(self):
        self.attach_frames = 0
        return None

    def tick(self):
        host = self.host
        opponent = host.creator.opponent
        if host.attached:
            host.set_facing(opponent.get_facing_int())
            pos = opponent.get_hurtbox_center()
            host.set_pos(pos["x"], pos["y"])
        else:
            host.update_grounded()
            pos = host.get_pos()
            opp_pos = opponent.get_hurtbox_center()
            distance = fixed.vec_dist(str(pos["x"]), str(pos["y"]), str(opp_pos["x"]), str(opp_pos["y"]))
            if fixed.lt(distance, self.ATTACH_DISTANCE):
                self.attach_frames += 1
            else:
                self.attach_frames = 0
            if self.attach_frames > 2 and not opponent.invulnerable and not opponent.projectile_invulnerable:
                host.attached = True
        if self.current_tick > 120:
            host.big_explode()
        elif host.detonating:
            self.explode_ticks -= 1
            if self.explode_ticks == 0:
                return "Explode"
        return None


class StickyBombExplode(ObjectState):
    """``projectiles/StickyBombExplode.gd`` (Explode, BigExplode): the blast; gone after 15 frames."""

    def tick(self):
        if self.current_tick == 15:
            self.host.disable()
        return None


# ---------------------------------------------------------------------------------------------- grappling hook
class GrapplingHookObject(BaseProjectile):
    """``projectiles/grappling_hook.gd``: flies until it locks onto the ground, a wall or an object."""

    MAX_HEIGHT = 300

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.attached_to = None
        self.is_locked = False
        self.start_y = 0

    def disable(self) -> None:
        super().disable()
        self.creator.grappling_hook_projectile = None

    def tick(self) -> None:
        super().tick()
        if self.get_pos()["y"] < self.start_y - self.MAX_HEIGHT:
            self.disable()

    def on_got_parried(self) -> None:
        super().on_got_parried()
        self.disable()

    def unlock(self) -> None:
        if self.is_locked:
            self.change_state("Default")
            self.is_locked = False
            self.attached_to = None


class GrapplingHookDefault(ObjectState):
    """``GrapplingHook/GrapplingHookDefault.gd``: fly (own gravity, no speed cap) and lock on contact."""

    LOCK_DISTANCE = "8"
    CHARACTER_LOCK_DISTANCE = "16"

    def tick(self):
        host = self.host
        host.apply_grav_custom(host.gravity, "1000000000000")
        host.apply_forces_no_limit()
        if host.is_grounded():
            self.lock()
        if int_abs(int_abs(host.get_pos()["x"]) - host.stage_width) < 2:
            self.lock()
        # obj_local_center refreshes every object's cached data as it goes, as in the original.
        for obj in list(host.match.objs_map.values()):
            if obj is None or obj.disabled or obj is host or obj is host.creator:
                continue
            local = host.obj_local_center(obj)
            limit = self.CHARACTER_LOCK_DISTANCE if obj.is_fighter else self.LOCK_DISTANCE
            if fixed.lt(fixed.vec_len(str(local["x"]), str(local["y"])), limit):
                self.lock(obj)
                break
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        self.lock(obj)

    def lock(self, obj=None) -> None:
        host = self.host
        self.queue_state_change("Locked")
        host.attached_to = obj.obj_name if obj is not None else None
        host.is_locked = True


class GrapplingHookLocked(ObjectState):
    """``GrapplingHook/Locked.gd``: follow what it holds; lets go after 120 frames (90 on terrain)."""

    MAX_LOCK_TIME = 120
    MAX_LOCK_TIME_TERRAIN = 90

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.was_attached = False

    def frame_0(self):
        self.was_attached = False
        return None

    def tick(self):
        host = self.host
        attached_to = host.obj_from_name(host.attached_to)
        if attached_to is not None:
            self.was_attached = True
            pos = attached_to.get_hurtbox_center()
            host.set_pos(pos["x"], pos["y"])
        elif self.was_attached:
            host.unlock()
        if self.current_tick > (self.MAX_LOCK_TIME if attached_to is not None else self.MAX_LOCK_TIME_TERRAIN):
            host.disable()
        return None

    def exit(self) -> None:
        self.was_attached = False


# ---------------------------------------------------------------------------------------------- summons
class KunaiObject(BaseProjectile):
    """``projectiles/Kunai.gd``: a kunai hit by a fighter is gone."""

    def hit_by(self, hitbox) -> None:
        super().hit_by(hitbox)
        hitter = self.obj_from_name(hitbox.host)
        if hitter is not None and hitter.is_fighter:
            self.disable()


class SummonKunai(ObjectState):
    """``fireball_states/StickmanSummonKunai.gd``: a clone hops up, hangs, throws three kunai on frame 23
    (spread 20 degrees, aimed by the Summon data), and vanishes on frame 45."""

    Y_MODIFIER = "5.0"
    ENTER_DIR_X = "-0.45"
    ENTER_DIR_Y = "-1.0"
    ENTER_FORCE = "6.0"
    KICKBACK = "-2.0"
    SPREAD_DEGREES = 20

    def frame_0(self):
        host = self.host
        host.stopped = False
        lift = fixed.mul(fixed.mul(str(self.data["y"]), self.Y_MODIFIER), "-1")
        force = fixed.normalized_vec_times(self.ENTER_DIR_X, self.ENTER_DIR_Y, self.ENTER_FORCE)
        host.apply_force_relative(force["x"], fixed.add(force["y"], lift))
        return None

    def frame_2(self):
        self.host.stopped = True
        return None

    def tick(self):
        host = self.host
        pos = host.get_pos()
        stage_width = host.creator.stage_width
        if pos["x"] >= stage_width - 5 or pos["x"] <= 5 - stage_width:
            host.set_pos((stage_width - 6) * _sign(pos["x"]), pos["y"])
        if host.stopped:
            host.apply_grav()
            host.update_data()
            if fixed.ge(host.get_vel()["y"], "0"):
                host.set_vel(host.get_vel()["x"], "0")
        host.apply_fric()
        host.apply_forces()
        return None

    def frame_23(self):
        host = self.host
        facing = host.get_facing_int()
        self.data["x"] = int_abs(self.data["x"]) * facing
        host.stopped = False
        kickback = fixed.normalized_vec_times(str(self.data["x"]), str(self.data["y"]), self.KICKBACK)
        host.apply_force_relative(kickback["x"], kickback["y"])
        for i in range(-2, 1):
            angle = fixed.deg2rad(str(i * facing * self.SPREAD_DEGREES))
            direction = fixed.rotate_vec(str(self.data["x"]), str(self.data["y"]), angle)
            direction["x"] = fixed.abs(direction["x"])
            host.spawn_object(KUNAI_SCENE, 0, 0, True, {"dir": direction})
        return None

    def frame_45(self):
        host = self.host
        self.terminate_hitboxes()
        host.disabled = True
        if host.creator is not None:
            host.creator.can_summon_kunai = True
        return None


class SummonSlide(ObjectState):
    """``fireball_states/StickmanSummonSlide.gd``: the clone drops to the ground, then slides."""

    def tick(self):
        host = self.host
        host.apply_grav()
        host.apply_fric()
        host.apply_forces()
        if host.is_grounded():
            return "Slide"
        host.set_facing(host.get_facing_int())
        return None


class SummonSlideKick(ObjectState):
    """``fireball_states/StickmanSummonSlideKick.gd``: the slide kick; the clone vanishes after 40 frames."""

    ACTIVE_FRAMES = 40

    def finished(self) -> None:
        host = self.host
        self.terminate_hitboxes()
        host.disabled = True
        if host.creator is not None:
            host.creator.can_summon_kick = True

    def tick(self):
        host = self.host
        if host.disabled:
            return None
        host.apply_fric()
        host.apply_grav()
        host.apply_forces()
        if self.current_tick > self.ACTIVE_FRAMES:
            self.finished()
        return None


def _sign(n: int) -> int:
    """GDScript ``sign`` of an int (an int)."""
    return (n > 0) - (n < 0)

