"""The Mutant's projectiles (``characters/mutant/projectiles/``) and their states.

* ``CausticSpike.tscn``: the spike of the CausticSpike move; its eight side hitboxes
  turn with it toward the aimed direction;
* ``CausticThorn.tscn``: one thorn of Caustic Barrage (a swept hitbox along its path);
* ``Shockwave.tscn``: the ground wave of the Shockwave move (two hits from the opponent
  break it);
* ``Poison.tscn``: Envenom's poison, stuck to the opponent: 5 damage every 15 frames for
  600 frames, and two acid bubbles when the opponent is hit or blocks (after 30 frames,
  35-frame cooldown), their directions drawn from the *static* RNG;
* ``AcidBubble.tscn``: a bubble the Mutant can bat around; anything else pops it.
"""
from __future__ import annotations

import math

from yomi.fixed import FixedMath as fixed
from yomi.gd import gd_str, imod

from states.objects.projectile import BaseProjectile, DefaultFireball
from states.state import ObjectState

ACID_BUBBLE_SCENE = "characters/mutant/projectiles/AcidBubble.tscn"
# ``str(PI)`` of CausticSpikeDefault.gd: GDScript's float text, which parses to the same
# I48F16 value as PI itself.
ANGLE_PI = gd_str(math.pi)


# ---------------------------------------------------------------------------------------- CausticSpike
class CausticSpikeProjectile(BaseProjectile):
    """``characters/mutant/projectiles/CausticSpike.gd``: remembers the aimed direction; cancellable early."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.rotate_dir_x = None
        self.rotate_dir_y = None
        self.can_cancel = True

    def set_rotation(self, data: dict) -> None:
        self.rotate_dir_x = data["x"]
        self.rotate_dir_y = data["y"]


class CausticSpikeDefault(ObjectState):
    """``projectiles/states/CausticSpikeDefault.gd``: the side hitboxes turn toward the aim (20% a frame).

    Each side hitbox keeps its scene offset and is placed at that offset rotated by the
    spike's angle; the x is pre-multiplied by the facing because ``x_facing`` mirrors it.
    """

    SIDE_HITBOXES = ("LeftHitbox1", "LeftHitbox2", "LeftHitbox3", "LeftHitbox4",
                     "RightHitbox1", "RightHitbox2", "RightHitbox3", "RightHitbox4")

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hitbox_start_angles: dict = {}
        self.angle = "0"

    def init(self) -> None:
        super().init()
        for node_name in self.SIDE_HITBOXES:  # _ready: the offsets of the scene
            hitbox = self.get_child(node_name)
            self.hitbox_start_angles[node_name] = {"x": hitbox.x, "y": hitbox.y}

    def enter(self):
        if self.host.get_facing_int() == -1:
            self.angle = ANGLE_PI
        return None

    def tick(self):
        host = self.host
        if self.current_tick > 0:
            direction = host.xy_to_dir(host.rotate_dir_x, host.rotate_dir_y)
            self.angle = fixed.lerp_string(self.angle, fixed.vec_to_angle(direction["x"], direction["y"]), "0.2")
            for node_name in self.SIDE_HITBOXES:
                start = self.hitbox_start_angles[node_name]
                vec = fixed.rotate_vec(str(start["x"]), str(start["y"]), self.angle)
                hitbox = self.get_child(node_name)
                hitbox.x = fixed.round(vec["x"]) * host.get_facing_int()
                hitbox.y = fixed.round(vec["y"])
        return None

    def frame_20(self):
        self.host.can_cancel = False
        self.custom_x_fric = "0.14"
        self.custom_y_fric = "0.14"

    def frame_38(self):
        self.host.disable()


# ---------------------------------------------------------------------------------------- CausticThorn
class CausticThornDefault(DefaultFireball):
    """``projectiles/states/CausticThornDefault.gd``: flies 20 px a frame along its spawn direction.

    Its swept hitbox reaches 10 px back along the path.  Quirk kept: the sweep vector is
    the absolute direction, yet ``to_x_facing`` mirrors it for a left-facing thorn.
    """

    MOVE_SPEED = "20"

    def enter(self):
        direction = self.data["dir"]
        move_vec = fixed.normalized_vec_times(direction["x"], direction["y"], self.MOVE_SPEED)
        self.move_x_string = move_vec["x"]
        self.move_y_string = move_vec["y"]
        swept_hitbox = self.get_child("SweptHitbox")
        swept_hitbox.to_x = fixed.round(fixed.mul(direction["x"], "-10"))
        swept_hitbox.to_y = fixed.round(fixed.mul(direction["y"], "-10"))
        return None

    def move(self) -> None:
        self.host.move_directly(self.move_x_string, self.move_y_string)


# ---------------------------------------------------------------------------------------- Shockwave
class ShockwaveProjectile(BaseProjectile):
    """``characters/mutant/projectiles/Shockwave.gd``: two hits from the opponent fizzle it; frees the move."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.hp = 2

    def disable(self) -> None:
        super().disable()
        self.creator.shockwave_projectile = None

    def on_got_blocked(self) -> None:
        self.disable()

    def hit_by(self, hitbox) -> None:
        super().hit_by(hitbox)
        obj = self.obj_from_name(hitbox.host)
        if obj is self.get_opponent() and self.current_state().state_name == "Default" and not hitbox.throw:
            self.hp -= 1
            if self.hp <= 0:
                self.change_state("FizzleOut")


class ShockwaveDefault(DefaultFireball):
    """``projectiles/states/ShockwaveDefault.gd``: fizzles as soon as the opponent is in a combo."""

    def tick(self):
        super().tick()
        if self.host.get_fighter().opponent.combo_count > 0:
            return "FizzleOut"
        return None


# ---------------------------------------------------------------------------------------- Poison
class Poison(BaseProjectile):
    """``characters/mutant/projectiles/Poison.gd``: Envenom's poison and its acid bubbles.

    It listens to the opponent's ``got_hit_by_fighter`` and ``blocked_melee_attack``
    signals (connected at init, after the fighter's own handlers); the bubbles' angles
    are ``randi_static() % 360`` degrees, converted with ``fixed_deg_to_rad``.
    """

    NUM_ACID_BUBBLES = 2
    ACID_BUBBLE_SPEED = "7"
    COOLDOWN = 35
    STARTUP = 5
    DEG_TO_RAD = "0.01745329251"  # BaseObj.gd: fixed_deg_to_rad

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.spawn_acid_bubble_cooldown = 0
        self.spawn_acid_bubble_startup = 0

    def init(self) -> None:
        was_initialized = self.initialized
        super().init()
        if was_initialized:
            return
        opponent = self.get_fighter().opponent
        opponent.connect_signal("got_hit_by_fighter", self, "on_opponent_hit")
        opponent.connect_signal("blocked_melee_attack", self, "on_opponent_hit")

    def on_opponent_hit(self) -> None:
        if self.current_state().current_tick < 30 or self.spawn_acid_bubble_cooldown > 0:
            return
        self.spawn_acid_bubble_startup = self.STARTUP
        self.spawn_acid_bubble_cooldown = self.COOLDOWN

    def tick(self) -> None:
        super().tick()
        opponent = self.get_fighter().opponent
        if opponent.combo_count > 0 and "Burst" not in self.get_opponent().current_state().state_name:
            self.disable()
            return
        if self.spawn_acid_bubble_cooldown > 0:
            self.spawn_acid_bubble_cooldown -= 1
        if self.spawn_acid_bubble_startup > 0:
            self.spawn_acid_bubble_startup -= 1
            if self.spawn_acid_bubble_startup <= 0:
                self.spawn_acid_bubble_startup = 0
                for index in range(self.NUM_ACID_BUBBLES):
                    self._spawn_acid_bubble(index)

    def randi_static(self) -> int:
        """BaseObj.gd: randi_static (reseed from the game tick, then a 32-bit draw)."""
        self.hash_static_rng()
        return self.logic_rng_static.randi()

    def _spawn_acid_bubble(self, index: int) -> None:
        """The first bubble goes right, the second left, at a random angle; both carry the opponent's velocity."""
        bubble = self.spawn_object(ACID_BUBBLE_SCENE, 0, 0)
        degrees = imod(self.randi_static(), 360)
        direction = fixed.angle_to_vec(fixed.mul(str(degrees), self.DEG_TO_RAD))
        if index == 0 and fixed.lt(direction["x"], "0"):
            direction["x"] = fixed.mul(direction["x"], "-1")
        if index == 1 and fixed.gt(direction["x"], "0"):
            direction["x"] = fixed.mul(direction["x"], "-1")
        force = fixed.vec_mul(direction["x"], direction["y"], self.ACID_BUBBLE_SPEED)
        bubble.apply_force(force["x"], force["y"])
        opp_vel = self.get_fighter().opponent.get_vel()
        bubble.apply_force(opp_vel["x"], opp_vel["y"])


class PoisonDefault(ObjectState):
    """``projectiles/states/PoisonDefault.gd``: follows the opponent's hurtbox, 5 damage every 15 frames, 600 frames.

    Quirk kept: ``_frame_600`` disables the poison before ``_tick`` runs in the same frame,
    so frame 600 still doses: 41 doses (frames 0, 15, ..., 600), not 40.
    """

    DAMAGE_EVERY = 15
    DAMAGE = 5

    def tick(self):
        opponent = self.host.get_fighter().opponent
        pos = opponent.get_hurtbox_center()
        self.host.set_pos(pos["x"], pos["y"])
        if imod(self.current_tick, self.DAMAGE_EVERY) == 0:
            opponent.take_damage(self.DAMAGE)
        return None

    def frame_600(self):
        self.host.disable()


# ---------------------------------------------------------------------------------------- AcidBubble
class AcidBubble(BaseProjectile):
    """``characters/mutant/projectiles/AcidBubble.gd``: its owner's hits push it (twice the knockback); others pop it."""

    KNOCKBACK_MULTIPLIER = "2.0"
    MAX_SPEED = "10.0"

    def hit_by(self, hitbox) -> None:
        # Quirk kept: BaseProjectile.hit_by ignores a throw, but only its own part returns;
        # a throw box still pushes or pops the bubble here.
        super().hit_by(hitbox)
        host = self.match.objs_map.get(hitbox.host)
        if host is None:
            return
        if host.id == self.id:
            force = fixed.normalized_vec_times(fixed.mul(hitbox.dir_x, str(host.get_facing_int())), hitbox.dir_y,
                                               fixed.mul(hitbox.knockback, self.KNOCKBACK_MULTIPLIER))
            self.apply_force(force["x"], force["y"])
            if host.is_fighter:
                host.projectile_free_cancel()
        else:
            self.change_state("Pop")

    def tick(self) -> None:
        super().tick()
        self.limit_speed(self.MAX_SPEED)

    def on_got_blocked(self) -> None:
        self.change_state("Pop")


class AcidBubbleDefault(ObjectState):
    """``projectiles/states/AcidBubbleDefault.gd``: pops on a hit; floats up off the floor (5 px above it)."""

    def on_hit_something(self, obj, hitbox) -> None:
        self.queue_state_change("Pop")

    def tick(self):
        host = self.host
        if host.get_pos()["y"] > -5:
            host.set_pos(host.get_pos()["x"], -5)
            vel = host.get_vel()
            host.set_vel(vel["x"], fixed.mul(fixed.abs(vel["y"]), "-0.25"))
        return None


class AcidBubblePop(ObjectState):
    """``projectiles/states/AcidBubblePop.gd``: the bubble is gone when the pop ends."""

    def exit(self) -> None:
        self.host.disable()
