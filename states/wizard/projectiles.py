"""The Wizard's objects (``characters/wizard/projectiles/``): their root scripts and state scripts.

Orb (follows its creator, attacks when the Wizard's moves trigger it, can be pushed,
locked, shot through), its lightning and darts, the flame wave, the spark bomb, the
Vile Clutch grasp, and the telekinesis objects (held above the Wizard, launched,
dropped).  The Geyser projectile scenes exist but nothing spawns them (the move uses
swept hitboxes of its own).
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_abs

from states.objects.projectile import BaseProjectile, DefaultFireball, DirProjectileDefault
from states.state import ObjectState


# ---------------------------------------------------------------------- the orb
class Orb(BaseProjectile):
    """``characters/wizard/projectiles/orb/Orb.gd``.

    It drifts toward a point beside its creator (unless locked or frozen), is pushed
    by the ``orb_push`` extra and OrbPush, and runs the attacks the Wizard's moves
    schedule (``triggered_attacks``: tick -> attack type; an empty type still takes
    the slot).  A hit knocks it (and unlocks it) instead of the projectile hit rules.
    """

    ACCEL_SPEED = "0.30"
    FRIC = "0.04"
    DIRECT_MOVE_SPEED = "3.0"
    PUSH_SPEED_LIMIT = "8"
    LIGHTNING_Y = 132
    LIGHTNING_PUSH_FORCE = "-5"
    ATTACK_SUPER_DRAIN = 0
    LIGHTNING_DRAIN = 0
    HIT_FORCE_MODIFIER = "2.0"
    PUSH_BACK_FORCE = "10"
    PUSH_BLOCK_LOCK_COOLDOWN = 20
    PUSH_TICKS = 30
    ORB_DART_SCENE = "characters/wizard/projectiles/OrbDart.tscn"
    LOCKED_DART_SCENE = "characters/wizard/projectiles/OrbDartLocked.tscn"
    LIGHTNING_SCENE = "characters/wizard/projectiles/orb/OrbLightning.tscn"

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.triggered_attacks: dict = {}
        self.frozen = False
        self.locked = False
        self.lock_cooldown = 0
        self.push_ticks = 0
        self.strikes_left = 0
        self.strike_ticks_left = 0
        self.push_dir = None

    def get_target_pos(self) -> dict:
        local = self.obj_local_center(self.creator)
        return {"x": local["x"] - self.creator.get_facing_int() * 30, "y": local["y"] - 12}

    def lock(self) -> None:
        self.reset_momentum()
        self.locked = True
        self.push_ticks = 0

    def unlock(self) -> None:
        self.locked = False

    def get_travel_dir(self):
        if self.creator is not None:
            local = self.get_target_pos()
            return fixed.normalized_vec(str(local["x"]), str(local["y"]))
        return None

    def on_got_push_blocked(self) -> None:
        self.unlock()
        self.reset_momentum()
        self.lock_cooldown = self.PUSH_BLOCK_LOCK_COOLDOWN
        dir_sign = self.get_fighter().opponent.get_opponent_dir()
        self.apply_force(fixed.mul(str(dir_sign), self.PUSH_BACK_FORCE), "0")

    def travel_towards_creator(self) -> None:
        travel_dir = self.get_travel_dir()
        if travel_dir is None:
            return
        force = fixed.vec_mul(travel_dir["x"], travel_dir["y"], self.ACCEL_SPEED)
        if self.get_pos()["y"] == 0:  # bounces off the floor
            vel = self.get_vel()
            self.set_vel(vel["x"], fixed.mul(vel["y"], "-1"))
            if self.push_dir:
                self.push_dir["y"] = "0"
        self.apply_x_fric(self.FRIC)
        self.apply_y_fric(self.FRIC)
        self.apply_force(force["x"], force["y"])
        if self.push_ticks > 0:
            if self.push_dir is not None:
                self.apply_force(fixed.div(self.push_dir["x"], "10"), fixed.div(self.push_dir["y"], "10"))
            self.limit_speed(self.PUSH_SPEED_LIMIT)
            self.apply_forces_no_limit()
        else:
            self.apply_forces()
        if self.get_pos()["y"] > -5:
            self.apply_force("0", "-" + self.ACCEL_SPEED)
        local = self.get_target_pos()
        if fixed.lt(fixed.vec_len(str(local["x"]), str(local["y"])), "1.5"):
            self.move_directly(local["x"], local["y"])
        self.set_facing(self.get_object_dir(self.creator.opponent))

    def attempt_triggered_attack(self) -> None:
        if self.current_tick in self.triggered_attacks:
            self.attack(self.triggered_attacks.pop(self.current_tick))

    def trigger_attack(self, attack_type: str, attack_delay: int) -> None:
        if attack_type == "Lightning":
            if self.strikes_left > 0 or self.strike_ticks_left > 0:
                return
            if "Lightning" in self.triggered_attacks.values():
                return
        if attack_type == "Sword" and self.current_state().state_name == "Sword":
            return
        # Quirk kept: most moves trigger the type "" -- it still takes (and may overwrite) the slot.
        self.triggered_attacks[self.current_tick + attack_delay] = attack_type

    def drain_super(self) -> None:
        if self.creator is not None:
            self.creator.use_super_meter(self.ATTACK_SUPER_DRAIN)

    def attack(self, attack_type: str) -> None:
        if attack_type == "OrbDart":
            self.spawn_orb_dart()
            self.drain_super()
        elif attack_type == "Sword":
            self.state_machine.queue_state("Sword")
            self.drain_super()
        elif attack_type == "Lightning":
            self.strikes_left += 2
            self.spawn_lightning()

    def tick(self) -> None:
        super().tick()
        if self.strike_ticks_left > 0:
            self.strike_ticks_left -= 1
            if self.strike_ticks_left == 0:
                self.spawn_lightning()
        if self.lock_cooldown > 0:
            self.lock_cooldown -= 1

    def push(self, fx: str, fy: str) -> None:
        if fixed.eq(fx, "0") and fixed.eq(fy, "0"):
            return
        self.push_ticks = self.PUSH_TICKS
        self.push_dir = {"x": fx, "y": fy}

    def disable(self) -> None:
        super().disable()
        self.creator.orb_projectile = None

    def spawn_lightning(self) -> None:
        """A strike straight down from the orb, which first rises to at least 132 px up."""
        pos = self.get_pos()
        lightning_y = pos["y"]
        if pos["y"] > -self.LIGHTNING_Y:
            self.set_pos(pos["x"], -self.LIGHTNING_Y)
            vel = self.get_vel()
            self.set_vel(vel["x"], self.LIGHTNING_PUSH_FORCE)
            lightning_y = -self.LIGHTNING_Y
        self.spawn_object(self.LIGHTNING_SCENE, pos["x"], lightning_y, False, None, False)
        if self.strikes_left > 0:
            self.strikes_left -= 1
            self.strike_ticks_left = 15
        if self.creator is not None:
            self.creator.use_super_meter(self.LIGHTNING_DRAIN)

    def spawn_orb_dart(self) -> None:
        local = self.obj_local_center(self.creator.opponent)
        direction = fixed.normalized_vec(str(local["x"]), str(local["y"]))
        scene = self.LOCKED_DART_SCENE if self.locked else self.ORB_DART_SCENE
        self.spawn_object(scene, 0, 0, True, {"dir": direction})

    def hit_by(self, hitbox) -> None:
        """Knocked away (twice the hitbox's knockback) and unlocked; no hitlag, no ``got_hit``."""
        if hitbox is not None:
            if hitbox.throw:
                return
            self.locked = False
            force = self.get_knockback_force(hitbox)
            force = fixed.vec_mul(force["x"], force["y"], self.HIT_FORCE_MODIFIER)
            self.apply_force(force["x"], force["y"])


class OrbDefault(ObjectState):
    """``characters/wizard/projectiles/orb/states/Default.gd``: travel, attack on schedule, expire."""

    EXPORTS = {"LIFETIME": 30000}

    def tick(self):
        host = self.host
        if host.frozen:
            return None
        if not host.locked:
            host.travel_towards_creator()
        host.attempt_triggered_attack()
        if self.current_tick > self.LIFETIME:
            host.disable()
        if host.push_ticks > 0:
            host.push_ticks -= 1
        return None


class OrbSword(OrbDefault):
    """``characters/wizard/projectiles/orb/states/Sword.gd``: the orb's sword swing.

    Its first two hitboxes skip combo scaling while the orb is locked.
    """

    def _scaled_hitboxes(self) -> tuple:
        return self.get_child("Hitbox"), self.get_child("Hitbox2")

    def enter(self):
        for hitbox in self._scaled_hitboxes():
            hitbox.scale_combo = not self.host.locked
        return None

    def tick(self):
        super().tick()
        if not self.host.locked:
            for hitbox in self._scaled_hitboxes():
                hitbox.scale_combo = True
        return None


class OrbLightning(BaseProjectile):
    """``characters/wizard/projectiles/orb/OrbLightning.gd``: a push block against it reaches the orb."""

    def on_got_push_blocked(self) -> None:
        if self.creator is not None:
            self.creator.on_got_push_blocked()


class LightningDefault(ObjectState):
    """``characters/wizard/projectiles/orb/states/LightningDefault.gd``: 100 damage, 110 from a locked orb."""

    UNLOCKED_DAMAGE = 100
    LOCKED_DAMAGE = 110

    def enter(self):
        damage = self.UNLOCKED_DAMAGE if not self.host.creator.locked else self.LOCKED_DAMAGE
        hitbox = self.get_child("Hitbox")
        hitbox.damage = damage
        hitbox.damage_in_combo = damage
        return None

    def exit(self) -> None:
        self.host.disable()


class OrbDart(OrbLightning):
    """``characters/wizard/projectiles/OrbDart.gd`` (same as the lightning's root script)."""


class OrbDartDefault(DirProjectileDefault):
    """``characters/wizard/projectiles/states/OrbDartDefault.gd``: knockback along the flight direction."""

    def frame_0(self):
        super().frame_0()
        direction = self.data["dir"]
        hitbox = self.get_child("Hitbox")
        hitbox.dir_x = fixed.mul(str(direction["x"]), str(self.host.get_facing_int()))
        hitbox.dir_y = str(direction["y"])
        return None


# ---------------------------------------------------------------------- flame wave, vile clutch
class FlameWave(BaseProjectile):
    """``characters/wizard/projectiles/FlameWave.gd``: when it ends the Wizard's flame wave cools down (30)."""

    def disable(self) -> None:
        super().disable()
        if self.creator is not None:
            self.creator.flame_wave_cooldown = self.creator.FLAME_WAVE_COOLDOWN


class FlameWaveDefault(DefaultFireball):
    """``characters/wizard/projectiles/states/FlameWaveDefault.gd``: fizzling gives the flame wave back."""

    def fizzle(self) -> None:
        super().fizzle()
        self.host.creator.can_flame_wave = True


class VileClutchObject(BaseProjectile):
    """``characters/wizard/projectiles/VileClutch.gd``: when it ends the Wizard may clutch again."""

    def disable(self) -> None:
        super().disable()
        self.creator.can_vile_clutch = True


# ---------------------------------------------------------------------- spark bomb
class SparkBomb(BaseProjectile):
    """``characters/wizard/projectiles/SparkBomb.gd``: explodes at once, or 2 ticks after a manual detonation."""

    DELAY_TICKS = 2

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.exploded = False
        self.armed = False
        self.delay_ticks = 0
        self.in_spark_bomb_group = False  # add_to_group("SparkBomb") in init

    def init(self) -> None:
        was_initialized = self.initialized
        super().init()
        if not was_initialized:
            self.in_spark_bomb_group = True

    def explode(self, manual: bool = False) -> None:
        if not manual:
            self.change_state("Explode")
        else:
            self.delay_ticks = self.DELAY_TICKS
        self.exploded = True


class SparkBombDefault(DefaultFireball):
    """``characters/wizard/projectiles/states/SparkBombDefault.gd`` (Default, Armed).

    It drifts toward the opponent, keeps clear of other spark bombs, arms after 15
    ticks, and explodes when the opponent's hurtbox centre is within 24 px, at the end
    of its lifetime, or when a manual detonation's delay runs out.
    """

    EXPORTS = {"armed": False, "arming_time": 15}
    ACTIVATE_DISTANCE = "24"
    Y_FRIC = "0.05"
    MOVE_SPEED = "1.5"
    AVOID_SPEED = "0.50"
    AVOID_DISTANCE = "24.0"

    def enter(self):
        self.host.armed = self.armed
        return None

    def tick(self):
        host = self.host
        if self.current_tick > self.arming_time and not self.armed:
            return "Armed"
        if self.armed:
            pos = host.get_pos()
            center = host.creator.opponent.get_hurtbox_center()
            distance = fixed.vec_dist(str(pos["x"]), str(pos["y"]), str(center["x"]), str(center["y"]))
            if fixed.lt(distance, self.ACTIVATE_DISTANCE):
                if host.delay_ticks <= 0:
                    host.explode()
                return None
            if host.delay_ticks > 0:
                host.delay_ticks -= 1
                if host.delay_ticks == 0 and host.exploded:
                    host.explode()
        self._avoid_other_bombs()
        target = host.obj_local_center(host.creator.opponent)
        move = fixed.normalized_vec_times(str(target["x"]), str(target["y"]), self.MOVE_SPEED)
        host.move_directly(move["x"], move["y"])
        host.apply_x_fric(self.Y_FRIC)
        host.apply_y_fric(self.Y_FRIC)
        host.apply_forces_no_limit()
        if self.current_tick >= self.lifetime:
            if host.delay_ticks <= 0:
                host.explode()
        return None

    def _avoid_other_bombs(self) -> None:
        host = self.host
        for obj in list(host.match.objs_map.values()):
            if obj is None or obj.disabled or obj is host:
                continue
            if getattr(obj, "in_spark_bomb_group", False):
                local = host.obj_local_center(obj)
                if fixed.lt(fixed.vec_len(str(local["x"]), str(local["y"])), self.AVOID_DISTANCE):
                    move = fixed.normalized_vec_times(str(local["x"]), str(local["y"]), "-" + self.AVOID_SPEED)
                    host.move_directly(move["x"], move["y"])


class SparkBombExplode(ObjectState):
    """``characters/wizard/projectiles/states/SparkBombExplode.gd``: the blast.

    A Wizard within 60 px is blown away from it (frame 1); the Wizard's spark speed
    grows by 70 ticks (frame 2); the bomb is gone on frame 16.
    """

    PUSH_DISTANCE = "60"
    PUSH_SPEED = "10"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.landed = True

    def frame_1(self):
        host = self.host
        local = host.obj_local_center(host.creator)
        if fixed.lt(fixed.vec_len(str(local["x"]), str(local["y"])), self.PUSH_DISTANCE):
            force = fixed.normalized_vec_times(str(local["x"]), str(local["y"]), self.PUSH_SPEED)
            host.creator.apply_force(force["x"], force["y"])

    def frame_2(self):
        fighter = self.host.get_fighter()
        # Quirk kept: ``landed`` starts true and is only ever set true, so the second
        # test of the original (a property the Wizard does not have) is never read.
        if fighter is not None and self.landed:
            fighter.spark_speed_frames += fighter.SPARK_SPEED_FRAMES

    def frame_16(self):
        self.host.disable()

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        self.landed = True


# ---------------------------------------------------------------------- telekinesis
class TelekinesisProjectile(BaseProjectile):
    """``characters/wizard/projectiles/telekinesis/TelekinesisBoulder.gd`` (class ``TelekinesisProjectile``).

    Held by the Wizard until launched or dropped; disabling it may leave an object
    behind (the bomb's explosion) and frees the Wizard's hands.
    """

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.launched = False
        self.disable_obj = root_props.get("disable_obj")
        self.no_hitlag = root_props.get("no_hitlag", True)

    def disable(self) -> None:
        if self.disable_obj:
            self.spawn_object(self.disable_obj, 0, 0)
        super().disable()
        creator = self.creator
        if creator is not None and creator.boulder_projectile == self.obj_name:
            creator.boulder_projectile = None

    def hit_action(self, obj) -> None:
        pass

    def tick(self) -> None:
        super().tick()
        if self.no_hitlag:
            self.hitlag_ticks = 0

    def drop(self) -> None:
        state = self.current_state()
        if state.name == "Default":
            state.drop()

    def launch(self, data) -> None:
        self.state_machine.queue_state("Launch", data)


class TelekinesisBomb(TelekinesisProjectile):
    """``characters/wizard/projectiles/telekinesis/TelekinesisBomb.gd``: blows up after ``explode_tick`` ticks."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.explode_tick = root_props.get("explode_tick", 60)

    def tick(self) -> None:
        super().tick()
        if self.current_tick > self.explode_tick:
            self.disable()


class TelekinesisFruit(TelekinesisProjectile):
    """``characters/wizard/projectiles/telekinesis/TelekinesisFruit.gd``: heals whoever it hits by 20."""

    HEAL_AMOUNT = 20

    def hit_action(self, obj) -> None:
        obj.hp += self.HEAL_AMOUNT


class TelekinesisHold(ObjectState):
    """``characters/wizard/projectiles/telekinesis/Default.gd`` (and ``BombDefault.gd``): float beside the
    creator (8 % of the way per tick), dropped after 150 ticks."""

    OFFSET_X = 20
    OFFSET_Y = -55
    LERP_VALUE = "0.08"

    def enter(self):
        self.host.set_facing(1)
        return None

    def tick(self):
        host = self.host
        creator = host.creator
        if creator is not None:
            pos = host.get_pos()
            creator_pos = creator.get_pos()
            target_x = creator_pos["x"] + self.OFFSET_X * creator.get_facing_int()
            target_y = creator_pos["y"] + self.OFFSET_Y
            new_x = fixed.round(fixed.lerp_string(str(pos["x"]), str(target_x), self.LERP_VALUE))
            new_y = fixed.round(fixed.lerp_string(str(pos["y"]), str(target_y), self.LERP_VALUE))
            host.set_pos(new_x, new_y)
        return None

    def drop(self) -> None:
        self.queue_state_change("Drop")

    def frame_150(self):
        self.drop()


class BoulderFling(ObjectState):
    """``characters/wizard/projectiles/telekinesis/BoulderFling.gd`` (Launch, Drop).

    Launch: thrown along the data direction at ``speed`` (its knockback follows the
    flight); Drop: falls.  It breaks on the floor, walls or ceiling (or bounces, for
    the tire), and on hitting a fighter.
    """

    EXPORTS = {"disable_when_this_far_from_terrain": 10, "speed": "16.0", "launch": True, "bounces": 0,
               "bounce_multiplier": "-0.9", "launch_in_movement_direction": True}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.can_floor_bounce = True
        self.floor_bounce_ticks = 0

    def enter(self):
        # Quirk kept: the original resets a local ``can_floor_bounce``, not the member.
        host = self.host
        host.reset_momentum()
        host.launched = True
        if self.launch:
            force = fixed.vec_mul(self.data["x"], self.data["y"], self.speed)
            host.apply_force(force["x"], force["y"])
            host.set_facing(1)
        return None

    def tick(self):
        host = self.host
        pos = host.get_pos()
        vel = host.get_vel()
        if self.floor_bounce_ticks > 0:
            self.floor_bounce_ticks -= 1
        if fixed.gt(vel["y"], "0") and self.floor_bounce_ticks == 0:
            self.can_floor_bounce = True
        if self.current_tick > 3:
            self._hit_terrain(pos, vel)
        if self.launch_in_movement_direction:
            vel = host.get_vel()
            movement_dir = fixed.normalized_vec(vel["x"], vel["y"])
            hitbox = self.get_child("Hitbox")
            hitbox.dir_x = movement_dir["x"]
            hitbox.dir_y = movement_dir["y"]
        if self.launch:
            host.apply_forces_no_limit()
            host.limit_speed(self.speed)
        return None

    def _hit_terrain(self, pos: dict, vel: dict) -> None:
        host = self.host
        margin = self.disable_when_this_far_from_terrain
        if pos["y"] > -margin and self.can_floor_bounce:
            if self.bounces > 0:
                self.bounces -= 1
                host.set_vel(vel["x"], fixed.mul(vel["y"], self.bounce_multiplier))
                host.set_pos(pos["x"], -margin)
                self.can_floor_bounce = False
                self.floor_bounce_ticks = 3
            else:
                host.disable()
        elif host.stage_width - int_abs(pos["x"]) < margin:
            if self.bounces > 0:
                self.bounces -= 1
                host.set_vel(fixed.mul(vel["x"], self.bounce_multiplier), vel["y"])
            else:
                host.disable()
        elif host.has_ceiling and int_abs(-host.ceiling_height - pos["y"]) < margin:
            host.disable()

    def on_hit_something(self, obj, hitbox) -> None:
        if obj.is_fighter:
            self.host.hit_action(obj)
            self.host.disable()
        super().on_hit_something(obj, hitbox)
