"""The Ninja's own states: ``characters/stickman/states/*.gd`` and ``characters/stickman/NunChukLight.gd``.

Each class names the game script it ports.  States whose script adds nothing the
simulation sees (``DiveKickHop.gd``, ``PalmStrike.gd``: camera only) keep the generic
class of their base; ``Taunt.gd`` only adds sounds to the shared taunt.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, int_abs, int_clamp, int_sign

from states.base.idle import Idle
from states.base.landing import Landing
from states.base.super_move import SuperMove
from states.base.throw import ThrowState
from states.char_state import AERIAL, GROUNDED, CharacterState
from states.ninja.objects import GrapplingHookObject, StickyBombObject

STICKY_BOMB_SCENE = "characters/stickman/projectiles/StickyBomb.tscn"
CALTROPS_SCENE = "characters/stickman/projectiles/Caltrops.tscn"
KUNAI_SUMMON_SCENE = "characters/stickman/projectiles/StickmanSummonKunai.tscn"
SLIDE_SUMMON_SCENE = "characters/stickman/projectiles/StickmanSummonSlide.tscn"


def _int_sign2(n: int) -> int:
    """``Utils.int_sign2``: the sign, with 0 counted as positive."""
    return -1 if n < 0 else 1


# ---------------------------------------------------------------------------------------------- projectiles
class Fireball(CharacterState):
    """``states/Fireball.gd`` (Fireball, AirFireball "Shuriken"): throw a shuriken along the aimed direction.

    The aim's length sets the shuriken's speed (``speed_modifier``, kept on the state
    between uses as in the original); the shuriken leaves on frame 5, after a 3-frame
    hold on frame 3.
    """

    EXPORTS = {"projectile": None, "projectile_x": 16, "projectile_y": -16, "speed_modifier_amount": "2.0",
               "push_back_amount": "-2.0"}
    MOMENTUM_REDUCTION_X = "0.75"
    MOMENTUM_REDUCTION_Y = "0.75"
    GROUNDED_SPEED = "7.5"
    STARTUP_LAG = 3

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.speed_modifier = None
        self.startup_lag = 0
        self.projectile_spawned = False

    def enter(self):
        self.startup_lag = self.STARTUP_LAG
        return None

    def frame_0(self):
        host = self.host
        vel = host.get_vel()
        host.set_vel(fixed.mul(vel["x"], self.MOMENTUM_REDUCTION_X), fixed.mul(vel["y"], self.MOMENTUM_REDUCTION_Y))
        if self.data:
            direction = host.xy_to_dir(self.data["x"], self.data["y"])
            vec = fixed.vec_mul(direction["x"], direction["y"], self.speed_modifier_amount)
            self.speed_modifier = fixed.vec_len(vec["x"], vec["y"])
        self.projectile_spawned = False
        return None

    def frame_5(self):
        host = self.host
        self.projectile_spawned = True
        shuriken = host.spawn_object(self.projectile, self.projectile_x, self.projectile_y, True,
                                     {"speed_modifier": self.speed_modifier})
        direction = host.xy_to_dir(self.data["x"], self.data["y"])
        dir_x = fixed.mul(direction["x"], str(host.get_facing_int()))
        if self.air_type == GROUNDED:
            host.apply_force_relative(self.push_back_amount, "0")
        # Both branches of the original give the shuriken the grounded speed.
        shuriken.dir_x = fixed.mul(dir_x, self.GROUNDED_SPEED)
        shuriken.dir_y = fixed.mul(direction["y"], self.GROUNDED_SPEED)
        return None

    def tick(self):
        host = self.host
        if self.startup_lag > 0 and self.current_tick == 3:
            self.startup_lag -= 1
            self.current_tick = 2
        host.apply_fric()
        host.apply_forces()
        if self.air_type == AERIAL and self.projectile_spawned:
            host.apply_grav()
            if host.is_grounded():
                return "Landing"
        return None


class GrapplingHook(CharacterState):
    """``states/GrapplingHook.gd``: fire the hook (its scene is the state's exported projectile)."""

    EXPORTS = {"push_back_amount": "-2.0"}
    SPEED = "15"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.projectile_spawned = False

    def frame_0(self):
        self.projectile_spawned = False
        self.host.used_grappling_hook = True
        return None

    def process_projectile(self, projectile) -> None:
        host = self.host
        self.projectile_spawned = True
        projectile.set_grounded(False)
        force = host.xy_to_dir(self.data["x"], self.data["y"], self.SPEED)
        vel = host.get_vel()
        projectile.apply_force(fixed.add(vel["x"], force["x"]), fixed.add(vel["y"], force["y"]))
        host.grappling_hook_projectile = projectile.obj_name
        projectile.start_y = host.get_pos()["y"]

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_forces()
        if self.air_type == AERIAL and self.projectile_spawned:
            if host.combo_count > 0:
                host.apply_grav()
            if host.is_grounded():
                return "Landing"
        return None

    def is_usable(self) -> bool:
        host = self.host
        return host.grappling_hook_projectile is None and not host.used_grappling_hook and super().is_usable()


class StickyBomb(CharacterState):
    """``states/StickyBomb.gd``: a hop (ground data ``true``) that throws the bomb on frame 15.

    Its ThrowBox grabs into StickyBombThrow.
    """

    THROW_SPEED = "15"
    THROW_DIR_X = "0.0"
    THROW_DIR_Y = "1.15"
    GRAV = "0.35"
    FALL_SPEED = "5"

    def frame_0(self):
        self.host.colliding_with_opponent = False
        return None

    def apply_enter_force(self) -> None:
        if self.data:
            super().apply_enter_force()

    def tick(self):
        host = self.host
        if self.current_tick == 15:
            bomb = host.spawn_object(STICKY_BOMB_SCENE, 20, 0)
            host.bomb_thrown = True
            host.bomb_projectile = bomb.obj_name
            force = fixed.normalized_vec_times(fixed.mul(self.THROW_DIR_X, str(host.get_facing_int())),
                                               self.THROW_DIR_Y, self.THROW_SPEED)
            bomb.apply_force(force["x"], force["y"])
        if self.current_tick > 10 and host.is_grounded():
            return "Landing"
        if self.data:
            host.apply_grav_custom(self.GRAV, self.FALL_SPEED)
        else:
            host.apply_grav()
        return None

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and not host.bomb_thrown and host.sticky_bombs_left > 0


class StickyBombThrow(ThrowState):
    """``states/StickyBombThrow.gd``: the sticky bomb's grab: hold still, stick a bomb on frame 30."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.x = 0
        self.y = 0

    def enter(self):
        # Replaces ThrowState's enter (``released`` is reset on the first tick anyway).
        host = self.host
        host.reset_momentum()
        host.opponent.reset_momentum()
        pos = host.get_pos()
        self.x = pos["x"]
        self.y = pos["y"]
        return None

    def frame_30(self):
        host = self.host
        bomb = host.spawn_object(STICKY_BOMB_SCENE, 0, -16)
        host.bomb_thrown = True
        host.bomb_projectile = bomb.obj_name
        bomb.attached = True
        return None

    def tick(self):
        host = self.host
        if self.current_tick > 29:
            self.interruptible_on_opponent_turn = True
            host.apply_grav()
            host.apply_fric()
            host.apply_forces()
        else:
            self.interruptible_on_opponent_turn = False
        if self.current_tick < 28:
            host.set_pos(self.x, self.y)
        return None


class Caltrops(SuperMove):
    """``states/Caltrops.gd``: scatter three caltrops on frame 6."""

    VERTICAL_FORCE = "-3"
    HORIZ_FORCES = ("5", "9", "14")
    OBJ_POS_X = 5
    OBJ_POS_Y = -16

    def frame_6(self):
        for force in self.HORIZ_FORCES:
            caltrop = self.host.spawn_object(CALTROPS_SCENE, self.OBJ_POS_X, self.OBJ_POS_Y)
            caltrop.apply_force_relative(force, self.VERTICAL_FORCE)
        return None


class Summon(CharacterState):
    """``states/Summon.gd``: a kunai thrower (aimed sideways) or a sliding clone (straight up/down)."""

    SPAWN_X = 2
    SPAWN_Y = -16

    def tick(self):
        self.host.apply_fric()
        self.host.apply_forces()
        return None

    def frame_4(self):
        host = self.host
        if self.data["x"] != 0:
            spawn_y_offset = 0 if self.data["y"] != 0 else -1
            summon = host.spawn_object(KUNAI_SUMMON_SCENE, self.SPAWN_X, self.SPAWN_Y + spawn_y_offset, True,
                                       dict(self.data))
            summon.set_facing(host.get_facing_int())
            host.can_summon_kunai = False
        else:
            summon = host.spawn_object(SLIDE_SUMMON_SCENE, self.SPAWN_X, self.SPAWN_Y)
            summon.set_facing(host.get_facing_int())
            host.can_summon_kick = False
        return None

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and can_summon_kunai) or can_summon_kick
        host = self.host
        return bool((super().is_usable() and host.can_summon_kunai) or host.can_summon_kick)


class SwapPlaces(CharacterState):
    """``states/SwapPlaces.gd`` (Substitution): trade places with one of the Ninja's own objects on frame 6.

    Quirk kept: the swapped object's name stays on the state, so frame 7 refreshes the
    object of the *last* successful swap even when this one found nothing.
    """

    MAX_X_DIST = 300
    MAX_Y_DIST = 300
    NEUTRAL_LAG = 0
    BACKWARD_PENALTY_AMOUNT_PER_PX = "0.25"
    BACKWARD_PENALTY_MAX_AMOUNT = 15
    BACKWARD_PENALTY_MIN_AMOUNT = 5
    CROSS_THROUGH_PENALTY = 5

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.obj_name = None
        self.neutral_lag = 0

    def frame_0(self):
        self.neutral_lag = 0
        if self.host.combo_count <= 0:
            self.neutral_lag = self.NEUTRAL_LAG
            self.anim_length = 13
            self.iasa_at = 12
        else:
            self.anim_length = 8
            self.iasa_at = 7
        self.interruptible_on_opponent_turn = False
        return None

    def frame_6(self):
        host = self.host
        projectiles = self.get_usable_projectiles()
        start_dir = host.get_opponent_dir()
        if projectiles:
            self._swap_with(projectiles[-1], start_dir)
        if host.combo_count == 0:
            host.hitlag_ticks += 2
        self.interruptible_on_opponent_turn = True
        return None

    def _swap_with(self, obj, start_dir: int) -> None:
        host = self.host
        obj_pos = dict(obj.get_pos())
        my_pos = dict(host.get_hurtbox_center())
        if host.combo_count <= 0:
            obj_dist = int_abs(obj_pos["x"] - my_pos["x"])
            if int_sign(obj_pos["x"] - my_pos["x"]) != host.get_opponent_dir():
                penalty = int_clamp(fixed.round(fixed.mul(self.BACKWARD_PENALTY_AMOUNT_PER_PX, str(obj_dist))),
                                    self.BACKWARD_PENALTY_MIN_AMOUNT, self.BACKWARD_PENALTY_MAX_AMOUNT)
                host.add_penalty(penalty, True)
        obj_pos["y"] = obj_pos["y"] + 18
        if obj_pos["y"] > -16:
            obj_pos["y"] = 0
        host.set_pos(obj_pos["x"], obj_pos["y"])
        obj.set_pos(my_pos["x"], my_pos["y"])
        obj.set_facing(host.get_facing_int())
        if host.reverse_state:
            vel = obj.get_vel()
            obj.set_vel(fixed.mul(vel["x"], "-1"), vel["y"])
        self.obj_name = obj.obj_name
        host.substituted_objects[self.obj_name] = True
        host.detach()
        host.update_data()
        if start_dir != host.get_opponent_dir():
            host.add_penalty(self.CROSS_THROUGH_PENALTY, True)

    def frame_7(self):
        host = self.host
        obj = host.match.objs_map.get(self.obj_name) if isinstance(self.obj_name, str) else None
        if obj is not None:
            obj.refresh_hitboxes()
            if isinstance(obj, GrapplingHookObject):
                obj.unlock()
        return None

    def tick(self):
        if self.current_tick > 6 and self.neutral_lag > 0:
            self.neutral_lag -= 1
            self.current_tick = 6
        return None

    def get_usable_projectiles(self) -> list:
        host = self.host
        usable = []
        for obj_name, obj in host.match.objs_map.items():
            if obj is None or obj.is_fighter or obj.id != host.id or obj.disabled:
                continue
            if isinstance(obj, StickyBombObject) and obj.attached:
                continue
            if isinstance(obj, GrapplingHookObject) and obj.attached_to is not None:
                continue
            if obj_name in host.substituted_objects:
                continue
            obj_pos = obj.get_pos()
            my_pos = host.opponent.get_hurtbox_center()
            if (int_abs(obj_pos["x"] - my_pos["x"]) > self.MAX_X_DIST
                    or int_abs(obj_pos["y"] - my_pos["y"]) > self.MAX_Y_DIST):
                continue
            usable.append(obj)
        return usable

    def is_usable(self) -> bool:
        return super().is_usable() and len(self.get_usable_projectiles()) > 0


# ---------------------------------------------------------------------------------------------- momentum
class StoreMomentum(CharacterState):
    """``states/StoreMomentum.gd`` (StoreMomentum; ReleaseMomentum shares the script): bank the speed.

    The release is the fighter's ``release`` extra (``Ninja.process_extra``).
    """

    STORE_MODIFIER = "0.90"

    def frame_1(self):
        host = self.host
        vel = host.get_vel()
        host.stored_momentum_x = fixed.add(host.stored_momentum_x, fixed.mul(fixed.abs(vel["x"]), self.STORE_MODIFIER))
        host.stored_momentum_y = fixed.add(host.stored_momentum_y, fixed.mul(fixed.abs(vel["y"]), self.STORE_MODIFIER))
        speed = fixed.vec_len(host.stored_momentum_x, host.stored_momentum_y)
        host.reset_momentum()
        host.momentum_stores = 1
        host.stored_speed_1 = speed
        return None

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_grav()
        host.apply_forces()
        return None

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and (host.momentum_stores < 3 or host.infinite_resources)


# ---------------------------------------------------------------------------------------------- attacks
class Uppercut(CharacterState):
    """``states/Uppercut.gd`` (Uppercut, UppercutAir): invulnerable start with initiative on the ground."""

    def _hitbox_2(self):
        return self.get_child("Hitbox2")

    def frame_0(self):
        host = self.host
        if host.initiative and host.is_grounded():
            host.start_invulnerability()
        vel = host.get_vel()
        if self.air_type != AERIAL:
            if fixed.sign(vel["x"]) != host.get_facing_int():
                host.reset_momentum()
            else:
                host.reset_momentum()
                host.set_vel(fixed.div(vel["x"], "3"), vel["y"])
        self._hitbox_2().block_punishable = False
        return None

    def on_got_blocked(self) -> None:
        self._hitbox_2().block_punishable = True

    def tick(self):
        host = self.host
        host.apply_grav()
        host.apply_forces()
        if host.is_grounded() and self.current_tick > self.force_tick:
            return "UppercutLanding"
        return None

    def frame_4(self):
        self.host.end_invulnerability()
        return None

    def frame_8(self):
        self.host.end_throw_invulnerability()
        return None

    def frame_9(self):
        self.host.end_invulnerability()
        return None


class DiveKick(CharacterState):
    """``states/DiveKick.gd`` (DiveKick in the air, DiveKick2 from the ground, up or down).

    The 8-way data picks the dive's slope; the aerial version skips to frame 9 (6 without
    initiative) after frame 3; hitting one of the Ninja's own objects hops off it once per
    air trip (``can_divekick_hop``).
    """

    EXPORTS = {"move_x": 3, "move_y": 3, "x_modifier_amount": 2, "y_modifier_amount": 2, "grounded": False}
    MOMENTUM_REDUCTION = "0.75"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.move_x_modifier = 0
        self.move_y_modifier = 0
        self.move_x_amount = "0"
        self.move_y_amount = "0"
        self.moving = False

    def _hitbox(self):
        return self.get_child("Hitbox")

    def frame_0(self):
        host = self.host
        if not isinstance(self.data, dict):
            self.data = {"x": 1, "y": 1}
        if not self.grounded:
            vel = host.get_vel()
            host.set_vel(fixed.mul(vel["x"], self.MOMENTUM_REDUCTION), "0")
        else:
            self._aim_ground_hitbox()
        self.moving = False
        self.move_x_modifier = int_abs(self.data["x"]) * self.x_modifier_amount
        self.move_y_modifier = self.data["y"] * self.y_modifier_amount
        move_x_amount = self.move_x + self.move_x_modifier
        move_y_amount = _int_sign2(self.data["y"]) * self.move_y + self.move_y_modifier
        self.move_x_amount = fixed.round(fixed.mul(str(move_x_amount), "1.0"))
        self.move_y_amount = fixed.round(fixed.mul(str(move_y_amount), "1.0"))
        return None

    def _aim_ground_hitbox(self) -> None:
        """DiveKick2 rewrites its hitbox for a downward or an upward kick (persists, as in the original)."""
        hitbox = self._hitbox()
        self.anim_name = "DiveKick2"
        hitbox.y = -9
        hitbox.hits_vs_grounded = True
        hitbox.block_cancel_allowed = False
        hitbox.dir_y = "1.0"
        if self.data["y"] < 0:
            hitbox.hits_vs_grounded = False
            hitbox.block_cancel_allowed = True
            hitbox.dir_y = "-1.0"
            self.anim_name = "DiveKick2Up"
            hitbox.y -= 16

    def frame_11(self):
        host = self.host
        host.reset_momentum()
        host.apply_force_relative(self.move_x + self.move_x_modifier, self.move_y + self.move_y_modifier)
        return None

    def frame_12(self):
        self.moving = True
        return None

    def on_hit_something(self, obj, hitbox) -> None:
        host = self.host
        if host.can_divekick_hop and not obj.is_fighter and obj.id == host.id:
            self.queue_state_change("DiveKickHop")
            host.feinting = False
            host.hitlag_ticks = 0
            host.can_divekick_hop = False
        super().on_hit_something(obj, hitbox)
        if self.grounded:
            if self.data["y"] >= 0:
                host.set_vel(host.get_vel()["x"], "0")
            else:
                move_y_amount = int_sign(self.data["y"]) * self.move_y + self.move_y_modifier
                host.set_vel(host.get_vel()["x"], fixed.mul(str(move_y_amount), "0.6"))
            self.moving = False
            if obj.is_fighter:
                self.queue_state_change("Fall")

    def on_got_perfect_parried(self) -> None:
        if self.data["y"] < 0:
            self.host.hitlag_ticks += 8

    def tick(self):
        host = self.host
        if not self.grounded and self.current_tick == 3:
            self.current_tick = 9 if host.initiative else 6
        if self.grounded and self.data["y"] < 0 and self.current_tick == 4:
            self.current_tick = 8
        if self.data["y"] < 0 and self.current_tick > 20:
            return "DiveKickHopLong"
        if self.moving:
            host.move_directly_relative(self.move_x_amount, self.move_y_amount)
        else:
            host.apply_forces()
        if host.is_grounded() and self.current_tick > (5 if not self.grounded else 10):
            host.reset_momentum()
            host.apply_force_relative(idiv(self.move_x + self.move_x_modifier, 2), 0)
            return "Landing"
        return None


class FlyingRoundhouse(CharacterState):
    """``states/FlyingRoundhouse.gd`` (JumpKick): a leaping kick, projectile-invulnerable with initiative."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.left_ground = False
        self.started_on_ground = False
        self.had_invuln = False

    def frame_0(self):
        self.left_ground = False
        self.started_on_ground = self.host.is_grounded()
        return None

    def frame_1(self):
        self.had_invuln = False
        if self.host.initiative:
            self.host.start_projectile_invulnerability()
            self.had_invuln = True
        return None

    def frame_7(self):
        if not self.started_in_air:
            self.left_ground = True
        return None

    def tick(self):
        host = self.host
        if self.current_tick <= 6:
            self.left_ground = False
        elif self.started_in_air and host.is_grounded():
            if self.current_tick < 15:
                host.set_vel(host.get_vel()["x"], "0")
                force = fixed.normalized_vec_times("1.1", "-0.25", "11.0")
                host.apply_force_relative(force["x"], force["y"])
            else:
                self.left_ground = True
        if self.current_tick >= 24:
            host.end_projectile_invulnerability()
        self.get_child("Hitbox").block_cancel_allowed = not self.started_on_ground and not host.opponent.is_grounded()
        host.apply_fric()
        host.apply_grav()
        host.apply_forces()
        if self.left_ground and host.is_grounded():
            self.queue_state_change("JumpKickLanding", 8)
        return None


class JumpKickLanding(Landing):
    """``states/JumpKickLanding.gd``: the JumpKick's landing keeps its projectile invulnerability."""

    def enter(self):
        super().enter()
        if getattr(self.previous_state(), "had_invuln", False):
            self.host.start_projectile_invulnerability()
        return None


class NunChuk(CharacterState):
    """``states/NunChuk.gd``: the heavy swing is 4 frames more punishable on a perfect parry."""

    EXPORTS = {"heavy": False}

    def on_got_perfect_parried(self) -> None:
        if self.heavy:
            self.host.hitlag_ticks += 4


class NunChukLight(NunChuk):
    """``NunChukLight.gd`` (NunChukLight, NunChukLightHigh): after a heavy swing it also sends a whip wave.

    An upward aim switches to NunChukLightHigh at once (which then inherits the charge).
    """

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.charged = False

    def enter(self):
        self.determine_charge()
        if isinstance(self.data, dict) and self.data["y"] != 0:
            return "NunChukLightHigh"
        self.determine_charge()
        return None

    def determine_charge(self) -> None:
        prev_name = self.previous_state_name()
        prev = self.previous_state()
        if "NunChukHeavy" in prev_name and self.state_name in ("NunChukLight", "NunChukLightHigh"):
            self.charged = True
        elif prev_name in ("NunChukLight", "NunChukLightHigh") and prev.charged:
            self.charged = True
        else:
            self.charged = False

    def frame_4(self):
        if self.charged:
            self.spawn_exported_projectile()
        return None


class NunChukJump(CharacterState):
    """``states/NunChukJump.gd``: a leap whose distance is the slider (-5..+5 px/tick forward)."""

    SPEED_MODIFIER_AMOUNT = "10.0"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.speed_modifier = None

    def frame_1(self):
        if self.data:
            self.speed_modifier = fixed.round(fixed.mul(fixed.sub(fixed.div(str(self.data["x"]), "100"), "0.5"),
                                                        self.SPEED_MODIFIER_AMOUNT))
        self.host.apply_force_relative(self.speed_modifier, 0)
        return None

    def tick(self):
        if self.current_tick > 2 and self.host.is_grounded():
            return "Landing"
        return None


class BackSway(CharacterState):
    """``states/BackSway.gd``: lean back, invulnerable on frames 2-8 with initiative, drifting forward."""

    FORWARD_FORCE = "1.2"

    def enter(self):
        if self.host.is_grounded():
            self.host.reset_momentum()
        return None

    def frame_2(self):
        if self.host.initiative:
            self.host.start_invulnerability()
        return None

    def frame_9(self):
        self.host.end_invulnerability()
        return None

    def tick(self):
        self.host.apply_force_relative(self.FORWARD_FORCE, "0")
        return None


class SlideKick(CharacterState):
    """``states/SlideKick.gd`` (SlideKick, SlideKickAir2...): a low-friction slide, interruptible on
    frame 16 after contact."""

    X_FRIC = "0.06"
    SPEED_LIMIT = "22"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit = False

    def enter(self):
        self.hit = False
        return None

    def frame_2(self):
        host = self.host
        if host.initiative:
            host.start_projectile_invulnerability()
        if host.reverse_state and host.combo_count <= 0:
            host.add_penalty(25)
        return None

    def tick(self):
        host = self.host
        host.apply_forces_no_limit()
        host.apply_x_fric(self.X_FRIC)
        host.limit_speed(self.SPEED_LIMIT)
        if self.current_tick > 24 and not self.hit and host.is_grounded():
            return "Knockdown"
        return None

    def frame_13(self):
        self.host.end_projectile_invulnerability()
        return None

    def frame_16(self):
        if self.hit:
            self.enable_interrupt()
        return None

    def on_got_blocked(self) -> None:
        super().on_got_blocked()
        self.hit = True

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        self.hit = True


class HitGrab(CharacterState):
    """``states/HitGrab.gd`` ("Skull Shaker"): a lunge whose speed is the slider (3 to 14)."""

    MIN_SPEED = "3"
    MAX_SPEED = "14"

    def frame_0(self):
        amount = fixed.div(str(self.data["x"]), "100")
        amount = fixed.lerp_string(self.MIN_SPEED, self.MAX_SPEED, amount)
        self.host.apply_force_relative(amount, "0")
        return None


class HitGrabFollowup(ThrowState):
    """``states/HitGrabFollowup.gd``: the Skull Shaker's throw; its hit starts the 80-tick bleed.

    Replaces the state's hit handler entirely (no hit-cancel bookkeeping), as the original.
    """

    def on_hit_something(self, obj, hitbox) -> None:
        host = self.host
        if obj is host.opponent:
            if "HitGrab" in host.combo_moves_used and host.combo_moves_used["HitGrab"] <= 1:
                host.skull_shaker_bleed_ticks = host.SKULL_SHAKER_BLEED_TICKS


class GroundedSweep(Idle):
    """``states/GroundedSweep.gd``: steps 16 px forward on hitting the opponent."""

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self.host.move_directly_relative(16, 0)


class Stomp(CharacterState):
    """``states/Stomp.gd``: friction and forces every frame (the rest is visual)."""

    def tick(self):
        self.host.apply_fric()
        self.host.apply_forces()
        return None


# ---------------------------------------------------------------------------------------------- super
class QuickSlash(SuperMove):
    """``states/QuickSlash.gd`` (QuickSlash, QuickSlashAir, *Neutral): a 120-px dash-slash.

    The 12 hitboxes are laid along the path on frame 6; the data's ``Attack`` option
    (0 none, 1 punch, 2 kick, 3 nunchuk) chains into a QS follow-up, at once out of
    neutral or on hit in a combo.
    """

    MOVE_DISTANCE = 120
    LANDING_LAG = 2
    BUFFER_ATTACK_GROUND_SNAP_DISTANCE = 4
    FOLLOWUPS = {1: ("GroundedPunchQS", "AirUpwardPunchQS"), 2: ("GroundedSweepQS", "AirAttackQS"),
                 3: ("NunChukHeavyQS", "NunChukSpinQS")}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hitboxes: list = []
        self.dist = self.MOVE_DISTANCE
        self.attack = 0
        self.landing_lag = self.LANDING_LAG
        self.started_in_neutral = False

    def enter(self):
        host = self.host
        self.dist = self.MOVE_DISTANCE
        self.hitboxes = []
        self.attack = self.data["Attack"]["id"]
        for hitbox in self.hitbox_children():
            self.hitboxes.append(hitbox)
            hitbox.x = 0
            hitbox.y = 0
            hitbox.damage_in_combo = 90 if self.attack == 0 else 40
        if self.data:
            move_dir = host.xy_to_dir(self.data["Direction"]["x"], self.data["Direction"]["y"])
        else:
            move_dir = {"x": str(host.get_facing_int()), "y": "0"}
        move_vec = fixed.vec_mul(move_dir["x"], move_dir["y"], "20")
        host.apply_force(move_vec["x"], fixed.div(move_vec["y"], "2"))
        host.quick_slash_move_dir_x = move_dir["x"]
        host.quick_slash_move_dir_y = move_dir["y"]
        return None

    def frame_0(self):
        host = self.host
        self.started_in_neutral = host.combo_count <= 0
        host.set_grounded(False)
        start_pos = host.get_pos()
        host.quick_slash_start_pos_x = start_pos["x"]
        host.quick_slash_start_pos_y = start_pos["y"]
        if self.get_next_attack() and self.started_in_neutral:
            self.current_tick += 1
        return None

    def frame_4(self):
        if self.host.initiative:
            self.host.start_invulnerability()
        return None

    def frame_5(self):
        host = self.host
        move_vec = fixed.normalized_vec_times(host.quick_slash_move_dir_x, host.quick_slash_move_dir_y,
                                              str(self.MOVE_DISTANCE))
        host.move_directly(move_vec["x"], move_vec["y"])
        host.update_data()
        host.update_data()  # (a second refresh after the visual trail, as in the original)
        return None

    def frame_6(self):
        host = self.host
        self._lay_hitboxes()
        if self.get_next_attack() is None:
            host.reset_momentum()
            host.apply_force(host.quick_slash_move_dir_x, fixed.mul(host.quick_slash_move_dir_y, "1.0"))
            host.apply_force("0", "-1")
        elif self.started_in_neutral:
            self.switch_to_followup()
        host.end_invulnerability()
        return None

    def _lay_hitboxes(self) -> None:
        """Spread the hitboxes evenly from the start position to where the dash ended."""
        host = self.host
        start_x, start_y = host.quick_slash_start_pos_x, host.quick_slash_start_pos_y
        end_pos = host.get_pos()
        count = len(self.hitboxes)
        for i, hitbox in enumerate(self.hitboxes):
            ratio = fixed.div(str(i), str(count))
            pos = host.get_pos()
            along_x = fixed.lerp_string(str(start_x), str(end_pos["x"]), ratio)
            along_y = fixed.lerp_string(str(start_y), str(end_pos["y"]), ratio)
            hitbox.x = fixed.round(fixed.sub(along_x, str(pos["x"]))) * host.get_facing_int()
            hitbox.y = fixed.round(fixed.sub(along_y, str(pos["y"]))) - 16

    def switch_to_followup(self) -> None:
        host = self.host
        vel = host.get_vel()
        host.set_vel(fixed.mul(vel["x"], "0.25"), fixed.mul(vel["y"], "0.5"))
        self.queue_state_change(self.get_next_attack())
        if host.get_pos()["y"] > -self.BUFFER_ATTACK_GROUND_SNAP_DISTANCE:
            host.set_vel(vel["x"], "0")
            host.move_directly(0, self.BUFFER_ATTACK_GROUND_SNAP_DISTANCE)
            host.set_grounded(True)
            host.set_vel(fixed.mul(vel["x"], "0.35"), "0")

    def get_next_attack(self):
        if not self.started_in_neutral and not self.hit_anything:
            return None
        grounded = self.host.get_pos()["y"] > -self.BUFFER_ATTACK_GROUND_SNAP_DISTANCE
        followups = self.FOLLOWUPS.get(self.attack)
        if followups is None:
            return None
        return followups[0] if grounded else followups[1]

    def can_hit_cancel(self) -> bool:
        host = self.host
        return (host.combo_count > 1 or not host.opponent.is_grounded()) and self.attack == 0

    def got_parried(self) -> None:
        pass

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if self.get_next_attack() is not None and not self.started_in_neutral:
            self.switch_to_followup()

    def tick(self):
        host = self.host
        if self.get_next_attack() is not None and self.current_tick == 2:
            self.current_tick = 3
        if self.current_tick > 6 and host.is_grounded() and self.get_next_attack() is None:
            self.queue_state_change("Landing", self.landing_lag)
        host.apply_grav()
        host.apply_forces_no_limit()
        return None
