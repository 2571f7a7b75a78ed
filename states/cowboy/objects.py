"""The Cowboy's objects: the thrown gun, the lasso, the bullets, the after-image and the 1000 Cuts.

Ports (scripts under ``characters/swordandgun/projectiles/``):

* ``Gun.gd`` -> :class:`Gun`, its state ``states/GunSpin.gd`` -> :class:`GunSpin`;
* ``Lasso.gd`` -> :class:`LassoObject`, ``states/LassoDefault.gd`` -> :class:`LassoDefault`,
  ``states/LassoHolding.gd`` -> :class:`LassoHolding`;
* ``NewBullet.gd`` (class ``NewBullet``; NewBullet and NewTimeBullet scenes) -> :class:`NewBullet`,
  ``states/NewBulletDefault.gd`` -> :class:`NewBulletDefault`;
* ``bullet.gd`` (bullet, gun_throw_bullet, frozen_bullet, frozen_bullet_fast) -> :class:`Bullet`,
  ``states/BulletDefault.gd`` -> :class:`BulletDefault`, ``TemporalRoundDefault.gd`` ->
  :class:`TemporalRoundDefault`;
* ``states/AfterImage.gd`` (class ``ForesightAfterImage``) -> :class:`AfterImage`,
  ``states/ForesightDefault.gd`` -> :class:`ForesightDefault`,
  ``states/AfterImageExplosionDefault.gd`` -> :class:`AfterImageExplosionDefault`;
* ``1000cuts/1000Cuts.gd`` -> :class:`ThousandCutsObject`, ``states/1000CutsDefault.gd`` ->
  :class:`ThousandCutsDefault`.

Signals: the lasso's ``lasso_hit`` (it carries the caught fighter) is a direct call to the
Cowboy's ``Lasso`` state; a bullet's ``got_parried`` is a run-time connection
(``connect_signal``) to the ``Shoot`` state that fired it.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, int_abs, int_sign
from yomi.hitbox import FLIP

from states.objects.projectile import BaseProjectile, DefaultFireball
from states.state import ObjectState

EXPLOSION_SCENE = "characters/swordandgun/projectiles/AfterImageExplosion.tscn"
GUN_BULLET_SCENE = "characters/swordandgun/projectiles/gun_throw_bullet.tscn"
TIME_BULLET_SCENE = "characters/swordandgun/projectiles/NewTimeBullet.tscn"


def reset_hit_objects(hitbox) -> None:
    """``Hitbox.gd: reset_hit_objects``: forget what the group hit; an active box restarts."""
    hitbox.hit_objects.clear()
    for other in hitbox.grouped_hitboxes:
        other.hit_objects.clear()
    if hitbox.active and hitbox.enabled:
        hitbox.deactivate()
        hitbox.activate()


# ---------------------------------------------------------------------- the thrown gun

class Gun(BaseProjectile):
    """``projectiles/Gun.gd``: the thrown revolver; it can shoot once after hitting someone."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.can_be_picked_up = False
        self.shot = False
        self.lassoed = True  # never cleared in this version: the gun always comes back when pulled
        self.reeled = False

    def init(self) -> None:
        super().init()
        self.can_be_picked_up = False

    def shoot(self, fighter) -> None:
        """Fire one bullet at ``fighter`` (a hitscan ``gun_throw_bullet`` on its hurtbox) and recoil."""
        target = fighter.get_hurtbox_center()
        local = self.obj_local_center(fighter)
        direction = fixed.normalized_vec_times(str(local["x"]), str(local["y"]), "1.0")
        self.spawn_object(GUN_BULLET_SCENE, target["x"], target["y"], True, target, False)
        recoil = fixed.normalized_vec_times(fixed.mul(direction["x"], "-1"), fixed.mul(direction["y"], "-1"), "5")
        self.reset_momentum()
        self.apply_force(recoil["x"], recoil["y"])
        self.shot = True

    def on_got_blocked(self) -> None:
        state = self.current_state()
        if state.name == "Spin" and not self.reeled:
            state.pop_up()

    def reset_hitbox(self) -> None:
        """Reeled in: spin again (the hitbox comes back) and never shoot."""
        self.change_state("Spin")
        self.reeled = True


class GunSpin(ObjectState):
    """``projectiles/states/GunSpin.gd``: fly, hit, pop up, shoot, then boomerang to the Cowboy."""

    SHOOT_FRAMES_AFTER_HITTING = 18
    PICKUP_TICKS_AFTER_SHOOT = 1
    BOOMERANG_SPEED = "0.75"
    DIRECT_MOVE_DIST = "64"
    DIRECT_MOVE_PER_FRAME = "3.0"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit_someone = False
        self.pull = False
        self.hit_frame = 0

    def enter(self):
        host = self.host
        host.can_be_picked_up = False
        host.set_grounded(False)
        self.apply_grav = True  # the pull below switches gravity off for good (until re-entered)
        self.hit_someone = False
        return None

    def tick(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        if host.shot:
            host.can_be_picked_up = True
        if self.hit_someone and not host.shot and not host.reeled:
            if self.current_tick == self.hit_frame + self.SHOOT_FRAMES_AFTER_HITTING:
                if host.creator.bullets_left > 0:
                    host.creator.use_bullet()
                    host.shoot(host.creator.opponent)
            if (self.current_tick == self.hit_frame + self.SHOOT_FRAMES_AFTER_HITTING + self.PICKUP_TICKS_AFTER_SHOOT
                    and host.shot):
                host.can_be_picked_up = True
        if host.is_grounded():
            host.can_be_picked_up = True
            if not host.lassoed:
                hitbox.deactivate()
            self.pull = True
        vel = host.get_vel()
        hitbox.dir_x = fixed.mul(str(fixed.sign(vel["x"])), "-1")
        if host.shot:
            self.pull = True
        if self.pull and host.creator is not None and host.lassoed:
            self.boomerang()
        return None

    def boomerang(self) -> None:
        host = self.host
        direction = host.obj_local_center(host.creator)
        x, y = str(direction["x"]), str(direction["y"])
        force = fixed.normalized_vec_times(x, y, self.BOOMERANG_SPEED)
        if fixed.gt(fixed.vec_len(x, y), self.DIRECT_MOVE_DIST):
            movement = fixed.normalized_vec_times(x, y, self.DIRECT_MOVE_PER_FRAME)
            host.move_directly(movement["x"], movement["y"])
        host.apply_force(force["x"], force["y"])
        self.apply_grav = False

    def exit(self) -> None:
        self.host.can_be_picked_up = True

    def pop_up(self) -> None:
        host = self.host
        host.set_facing(host.get_facing_int() * -1)
        host.reset_momentum()
        host.apply_force(0, -8)
        self.hit_someone = True
        host.can_be_picked_up = False

    def on_hit_something(self, obj, hitbox) -> None:
        if obj.is_fighter and not self.host.reeled:
            self.hit_frame = self.current_tick
            self.pop_up()
        super().on_hit_something(obj, hitbox)


# ---------------------------------------------------------------------- the lasso

class LassoObject(BaseProjectile):
    """``projectiles/Lasso.gd``: its hit reaches the Cowboy's ``Lasso`` state (signal ``lasso_hit``)."""

    def disable(self) -> None:
        super().disable()
        self.creator.lasso_projectile = None

    def hit(self, obj) -> None:
        # signal lasso_hit, connected to the Lasso state that threw it (active or not)
        self.creator.get_state("Lasso").on_lasso_hit(obj)

    def on_got_parried(self) -> None:
        """Parried: the Cowboy rolls away (no invulnerability) and the rope stays drawn."""
        creator = self.creator
        if creator is not None:
            creator.state_machine.change_state("Roll", {"x": creator.get_opponent_dir(), "no_invuln": True})
            creator.lasso_parried = True


class LassoDefault(DefaultFireball):
    """``projectiles/states/LassoDefault.gd``: catching a fighter holds it."""

    def on_hit_something(self, obj, hitbox) -> None:
        if obj.is_fighter:
            self.host.hit(obj)
            self.queue_state_change("Holding")
        else:
            super().on_hit_something(obj, hitbox)


class LassoHolding(ObjectState):
    """``projectiles/states/LassoHolding.gd``: let go once the Cowboy is back to ``Wait``."""

    def tick(self):
        if self.host.get_fighter().current_state().state_name == "Wait":
            self.host.disable()
        return None


# ---------------------------------------------------------------------- the revolver's bullets

class NewBullet(BaseProjectile):
    """``projectiles/NewBullet.gd`` (class ``NewBullet``): a ricocheting bullet (Shoot2, Temporal Round)."""

    SPEED = "50"
    IS_NEW_BULLET = True  # the ``NEW_BULLET`` constant

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.dir_x = "0"
        self.dir_y = "0"
        self.ricochet = False
        self.speed = self.SPEED
        self.no_draw_ticks = 0
        self.last_hit_by = ""

    def reset_speed(self) -> None:
        self.speed = self.SPEED

    def on_got_push_blocked(self) -> None:
        self.hitlag_ticks += 10

    def hit_by(self, hitbox) -> None:
        """Hit: deflect along the hitbox; a bullet hit by another bullet flies off at random and both vanish."""
        if hitbox.hitbox_type == FLIP:
            self.dir_x = fixed.mul(self.dir_x, "-1")
            return
        direction = fixed.normalized_vec(hitbox.dir_x, hitbox.dir_y)
        self.dir_x = fixed.mul(direction["x"], self.get_hitbox_x_dir(hitbox))
        self.dir_y = direction["y"]
        hitter = self.obj_from_name(hitbox.host)
        if hitter is not None:
            if hitter.is_fighter:
                self.last_hit_by = hitbox.host
            self.current_state().on_bounce(True, "0.8")
            self.speed = fixed.add(self.speed, hitbox.knockback)
            if getattr(hitter, "IS_NEW_BULLET", False):
                self.collide_with_bullet(hitter)
        super().hit_by(hitbox)

    def collide_with_bullet(self, other) -> None:
        """Two bullets meet: a random direction (0..361 degrees, reseeded draw), then both are gone."""
        random_angle = self.randi_range(0, 361)
        radians = fixed.div(fixed.mul(str(random_angle), "6.28318530"), "360")
        random_dir = fixed.angle_to_vec(radians)
        self.dir_x = random_dir["x"]
        self.dir_y = random_dir["y"]
        self.disable()
        other.disable()

    def get_owned_fighter(self):
        if self.last_hit_by == "":
            return self.get_fighter()
        obj = self.obj_from_name(self.last_hit_by)
        return obj.get_fighter() if obj is not None else None


class NewBulletDefault(ObjectState):
    """``projectiles/states/NewBulletDefault.gd``: fly, ricochet off the stage, bounce on hits, slow down."""

    EXPORTS = {"temporal": False}
    AIR_DRAG_MOD = "0.95"
    RICOCHET_SPEED_MOD = "0.75"
    MIN_SPEED = "4.0"
    BOUNCES = 6
    FORESIGHT_DIST = "20"
    KNOCKBACK = "12"
    RESET_HITBOX_TICKS = 2
    BOUNCE_HITLAG = 3
    TERRAIN_DI_AMOUNT = "0.35"
    DAMAGE_MODIFIER_PER_HIT = "0.8"
    MIN_TERRAIN_RICOCHET_AMOUNT = "0.1"
    BOUNCE_DAMAGE_SCALE = "0.85"
    BOUNCE_HITSTUN_SCALE = "0.85"
    BOUNCED_OFF_FORESIGHT_TIMER = 5

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.bounces_left = self.BOUNCES
        self.reset_hitbox_cooldown = 0
        self.bounce_lag_ticks = 0
        self.bounced_off_foresight_timer = 0

    def bullet_hitboxes(self) -> list:
        """front (``Hitbox``), middle (``Hitbox3``), trail (``Hitbox2``), in the script's order."""
        return [self.get_child("Hitbox"), self.get_child("Hitbox3"), self.get_child("Hitbox2")]

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self.reset_hitbox_cooldown = self.RESET_HITBOX_TICKS
            for h in self.bullet_hitboxes():
                h.damage = fixed.round(fixed.mul(str(h.damage), self.DAMAGE_MODIFIER_PER_HIT))
                h.damage_in_combo = fixed.round(fixed.mul(str(h.damage_in_combo), self.DAMAGE_MODIFIER_PER_HIT))
                h.hitstun_ticks = idiv(h.hitstun_ticks, 2)
                if h.hitstun_ticks < 5:
                    h.hitstun_ticks = 5

    def bounce_off_foresight(self) -> None:
        if self.bounce_lag_ticks > 0:
            return
        host = self.host
        creator = host.get_fighter()
        if getattr(creator, "CHARACTER", "") != "Cowboy":
            return
        after_image = host.obj_from_name(creator.after_image_object)
        if after_image is not None:
            diff = host.obj_local_center(after_image)
            if fixed.lt(fixed.vec_len(str(diff["x"]), str(diff["y"])), self.FORESIGHT_DIST):
                self.bounce_full_control()

    def bounce_full_control(self, force: bool = False) -> None:
        """Redirect the bullet along its owner's DI (or keep its line when forced without DI)."""
        host = self.host
        creator = host.get_owned_fighter()
        if not (creator.is_fighter and creator.id == host.id):
            return
        di = creator.current_di
        di_active = di["x"] != 0 or di["y"] != 0
        if not (di_active or force):
            return
        host.reset_speed()
        direction = fixed.normalized_vec(str(di["x"]), str(di["y"]))
        if force and not di_active:
            direction = fixed.normalized_vec(host.dir_x, host.dir_y)
        elif di_active:
            direction = self.host.xy_to_dir(di["x"], di["y"])
        host.dir_x = str(direction["x"])
        host.dir_y = str(direction["y"])
        self.bounced_off_foresight_timer = self.BOUNCED_OFF_FORESIGHT_TIMER
        self.on_bounce(False)

    def enter(self):
        self.host.set_facing(1)
        return None

    def place_hitboxes(self, move_vec: dict) -> None:
        """The middle and trail boxes cover the segment flown this tick (none on the first tick)."""
        front, middle, trail = self.bullet_hitboxes()
        trail.x = fixed.round(fixed.mul(move_vec["x"], "-1.0"))
        trail.y = fixed.round(fixed.mul(move_vec["y"], "-1.0"))
        middle.x = fixed.round(fixed.mul(move_vec["x"], "-0.5"))
        middle.y = fixed.round(fixed.mul(move_vec["y"], "-0.5"))
        if self.current_tick == 0:
            trail.x = 0
            trail.y = 0
        knockback = fixed.mul(self.KNOCKBACK, fixed.div(self.host.speed, self.host.SPEED))
        for hitbox in (front, middle, trail):
            hitbox.dir_x = self.host.dir_x
            hitbox.dir_y = self.host.dir_y
            hitbox.knockback = knockback

    def tick(self):
        host = self.host
        if self.bounced_off_foresight_timer > 0:
            self.bounced_off_foresight_timer -= 1
        move_vec = fixed.vec_mul(host.dir_x, host.dir_y, host.speed)
        self.place_hitboxes(move_vec)
        if self.reset_hitbox_cooldown > 0:
            self.reset_hitbox_cooldown -= 1
        if self.bounce_lag_ticks > 0:
            self.bounce_lag_ticks -= 1
            _, middle, trail = self.bullet_hitboxes()
            trail.x = trail.y = middle.x = middle.y = 0
            return None
        host.move_directly(move_vec["x"], move_vec["y"])
        if not host.ricochet:
            self.bounce_off_stage(host.get_pos())  # the snapshot from before the move (stale on purpose)
        else:
            host.ricochet = False
            if self.reset_hitbox_cooldown <= 0:
                self.queue_state_change("Default")  # re-entering Default brings the hitboxes back
        host.speed = fixed.mul(host.speed, self.AIR_DRAG_MOD)
        if self.bounced_off_foresight_timer <= 0:
            self.bounce_off_foresight()
        if fixed.lt(host.speed, self.MIN_SPEED):
            host.disable()
        if host.no_draw_ticks > 0:
            host.no_draw_ticks -= 1
        return None

    def bounce_off_stage(self, pos: dict) -> None:
        """Ricochet off the floor, the walls and the ceiling (never quite flat)."""
        host = self.host
        own = host.get_owned_fighter().id == host.id
        if pos["y"] >= 0:
            host.dir_y = fixed.mul(host.dir_y, "-1")
            self.on_bounce(own)
            if fixed.gt(host.dir_y, "0"):
                host.dir_y = "-" + self.MIN_TERRAIN_RICOCHET_AMOUNT
        if int_abs(pos["x"]) >= host.stage_width:
            host.dir_x = fixed.mul(host.dir_x, "-1")
            if pos["x"] > 0 and fixed.gt(host.dir_x, "0"):
                host.dir_x = "-" + self.MIN_TERRAIN_RICOCHET_AMOUNT
            if pos["x"] < 0 and fixed.lt(host.dir_x, "0"):
                host.dir_x = self.MIN_TERRAIN_RICOCHET_AMOUNT
            self.on_bounce(host.get_owned_fighter().id == host.id)
        if host.has_ceiling and pos["y"] <= -host.ceiling_height:
            host.set_y(-host.ceiling_height)
            host.dir_y = fixed.mul(host.dir_y, "-1")
            self.on_bounce(host.get_owned_fighter().id == host.id)
            if fixed.lt(host.dir_y, "0"):
                host.dir_y = self.MIN_TERRAIN_RICOCHET_AMOUNT

    def on_bounce(self, di_influence: bool = True, lerp_amount: str = TERRAIN_DI_AMOUNT) -> None:
        """A ricochet: weaker and slower, hits again, a short freeze, and the owner's DI bends it."""
        host = self.host
        if self.bounce_lag_ticks > 0:
            return
        if not self.temporal:
            host.damages_own_team = True
        self.bounces_left -= 1
        if self.bounces_left == 0:
            host.disable()
        host.ricochet = True
        host.speed = fixed.mul(host.speed, self.RICOCHET_SPEED_MOD)
        if self.bounce_lag_ticks <= 0:
            self.bounce_scale()
        opponent = host.get_opponent()
        for hitbox in self.bullet_hitboxes():
            hitbox.chip_damage_modifier = "0.60"
            reset_hit_objects(hitbox)
            if hitbox.name in opponent.parried_hitboxes:
                opponent.parried_hitboxes.remove(hitbox.name)
        self.bounce_lag_ticks += self.BOUNCE_HITLAG
        self.reset_hitbox_cooldown = self.RESET_HITBOX_TICKS
        if di_influence:
            self.bend_with_di(lerp_amount)

    def bend_with_di(self, lerp_amount: str) -> None:
        host = self.host
        fighter = host.get_owned_fighter()
        if fighter is None or not fighter.is_fighter:
            return
        di = fighter.current_di
        if di["x"] != 0 or di["y"] != 0:
            direction = fixed.normalized_vec(str(di["x"]), str(di["y"]))
            host.dir_x = fixed.lerp_string(host.dir_x, str(direction["x"]), lerp_amount)
            host.dir_y = fixed.lerp_string(host.dir_y, str(direction["y"]), lerp_amount)

    def bounce_scale(self) -> None:
        for hitbox in self.bullet_hitboxes():
            hitbox.damage = fixed.round(fixed.mul(str(hitbox.damage), self.BOUNCE_DAMAGE_SCALE))
            hitbox.damage_in_combo = fixed.round(fixed.mul(str(hitbox.damage_in_combo), self.BOUNCE_DAMAGE_SCALE))
            hitbox.minimum_damage = fixed.round(fixed.mul(str(hitbox.minimum_damage), self.BOUNCE_DAMAGE_SCALE))
            hitbox.hitstun_ticks = fixed.round(fixed.mul(str(hitbox.hitstun_ticks), self.BOUNCE_HITSTUN_SCALE))


class Bullet(BaseProjectile):
    """``projectiles/bullet.gd``: the hitscan bullet of Shoot and of the thrown gun, and the Temporal
    Round (``frozen``) that fires a NewTimeBullet when shot (``shoot``) or hit."""

    DAMAGE_FALLOFF_PER_PIXEL = "0.85"
    MIN_DISTANCE_START_SCALING = "256"
    HITSTUN_FALLOFF_PER_PIXEL = "1"
    MIN_HITSTUN_DIVISOR = "3"
    MIN_DAMAGE_DIVISOR = "2.5"
    SHOOT_TIMER = 10

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.frozen = root_props.get("frozen", False)
        self.distance = "0.0"
        self.shoot_frame = 0
        self.shoot_timer = 0
        self.shot = False
        self.last_hit_by = ""
        self.got_hit = False
        self.dir_x = "0.0"
        self.dir_y = "0.0"

    def tick(self) -> None:
        super().tick()
        if self.shoot_timer > 0:
            self.shoot_timer -= 1
            if self.shoot_timer == 0:
                if not self._call_round_step("f1"):
                    return
                self.shoot_frame = 2
        if self.shoot_frame > 0:
            self.shoot_frame -= 1
            if self.shoot_frame == 1 and not self._call_round_step("f2"):
                return
            if self.shoot_frame == 0:
                self._call_round_step("f3")

    def _call_round_step(self, step: str) -> bool:
        """``current_state().fN()``; only the Temporal Round's state has them.

        Quirk kept: on a plain bullet the call is a script error, which ends the calling
        function there (False: the caller stops).
        """
        method = getattr(self.current_state(), step, None)
        if method is None:
            return False
        method()
        return True

    def scale_damage(self, damage: int) -> int:
        if self.frozen or fixed.lt(self.distance, self.MIN_DISTANCE_START_SCALING):
            return damage
        falloff = fixed.mul(self.DAMAGE_FALLOFF_PER_PIXEL, fixed.sub(self.distance, self.MIN_DISTANCE_START_SCALING))
        min_damage = fixed.div(str(damage), self.MIN_DAMAGE_DIVISOR)
        scaled = fixed.sub(str(damage), falloff)
        if fixed.lt(scaled, min_damage):
            return fixed.round(min_damage)
        return fixed.round(scaled)

    def scale_hitstun(self, hitstun: int) -> int:
        if fixed.lt(self.distance, self.MIN_DISTANCE_START_SCALING):
            return hitstun
        falloff = fixed.mul(self.HITSTUN_FALLOFF_PER_PIXEL, fixed.sub(self.distance, self.MIN_DISTANCE_START_SCALING))
        min_hitstun = fixed.div(str(hitstun), self.MIN_HITSTUN_DIVISOR)
        scaled = fixed.sub(str(hitstun), falloff)
        if fixed.lt(scaled, min_hitstun):
            return fixed.round(min_hitstun)
        return fixed.round(scaled)

    def hit_by(self, hitbox) -> None:
        super().hit_by(hitbox)
        if self.got_hit:
            return
        self.got_hit = True
        self.shoot_frame = 2
        self.shot = True
        if not self._call_round_step("f1"):
            return
        hitter = self.obj_from_name(hitbox.host)
        if hitter is not None and hitter.is_fighter:
            self.last_hit_by = hitbox.host
        direction = fixed.normalized_vec(hitbox.dir_x, hitbox.dir_y)
        self.dir_x = fixed.mul(direction["x"], self.get_hitbox_x_dir(hitbox))
        self.dir_y = direction["y"]

    def on_got_parried(self) -> None:
        """BaseProjectile.gd: on_got_parried only emits ``got_parried`` (the Shoot state that fired it)."""
        self.emit_signal("got_parried")

    def shoot(self) -> None:
        if self.shot:
            return
        self.shoot_timer = self.SHOOT_TIMER

    def get_owned_fighter(self):
        if self.last_hit_by == "":
            return self.get_fighter()
        obj = self.obj_from_name(self.last_hit_by)
        return obj.get_fighter() if obj is not None else None


class BulletDefault(ObjectState):
    """``projectiles/states/BulletDefault.gd``: a hitscan flash at the target, weaker from far away."""

    def frame_0(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        hitbox.damage = host.scale_damage(hitbox.damage)
        hitbox.damage_in_combo = host.scale_damage(hitbox.damage_in_combo)
        hitbox.minimum_damage = host.scale_damage(hitbox.minimum_damage)
        hitbox.hitstun_ticks = host.scale_hitstun(hitbox.hitstun_ticks)
        host.set_pos(self.data["x"], self.data["y"])

    def frame_5(self):
        self.terminate_hitboxes()
        self.host.disabled = True


class TemporalRoundDefault(ObjectState):
    """``TemporalRoundDefault.gd``: the frozen Temporal Round; fires itself after 49 (fast: 16) frames."""

    EXPORTS = {"fast": False}

    def f0(self) -> None:
        self.host.start_invulnerability()

    def f1(self) -> None:
        """Aim: distance to the target scales the hit (not the damage: the round is ``frozen``)."""
        host = self.host
        if host.shot:
            return
        owned_fighter = host.get_owned_fighter()
        diff = host.obj_local_center(owned_fighter.opponent)
        host.distance = fixed.vec_len(str(diff["x"]), str(diff["y"]))
        hitbox = self.get_child("Hitbox")
        hitbox.damage = host.scale_damage(hitbox.damage)
        hitbox.damage_in_combo = host.scale_damage(hitbox.damage_in_combo)
        hitbox.minimum_damage = host.scale_damage(hitbox.minimum_damage)
        hitbox.hitstun_ticks = host.scale_hitstun(hitbox.hitstun_ticks)
        facing = int_sign(diff["x"])
        if facing != 0:
            host.set_facing(facing)
        host.shot = True

    def f2(self) -> None:
        """Fire a NewTimeBullet along the owner's DI (else at the opponent), half bent by a hit."""
        host = self.host
        owned_fighter = host.get_owned_fighter()
        di = owned_fighter.current_di
        direction = fixed.normalized_vec(str(di["x"]), str(di["y"]))
        if fixed.eq(fixed.vec_len(direction["x"], direction["y"]), "0"):
            my_pos = host.get_hurtbox_center()
            opp_pos = owned_fighter.opponent.get_hurtbox_center()
            direction = fixed.normalized_vec(str(opp_pos["x"] - my_pos["x"]), str(opp_pos["y"] - my_pos["y"]))
        if host.got_hit:
            direction = {"x": fixed.lerp_string(host.dir_x, direction["x"], "0.5"),
                         "y": fixed.lerp_string(host.dir_y, direction["y"], "0.5")}
        direction = fixed.normalized_vec(direction["x"], direction["y"])
        local = host.obj_local_center(owned_fighter.opponent)
        my_pos = host.get_pos()
        bullet = owned_fighter.spawn_object(TIME_BULLET_SCENE, my_pos["x"], my_pos["y"], True, None, False)
        bullet.dir_x = direction["x"]
        bullet.dir_y = direction["y"]
        # Quirk kept: a local offset is used as a position (the box is never activated).
        self.get_child("Hitbox").update_position(local["x"], local["y"])

    def f3(self) -> None:
        self.host.disable()

    def _timed(self, fast: bool, step) -> None:
        if self.fast == fast:
            step()

    def frame_16(self):
        self._timed(True, self.f0)

    def frame_17(self):
        self._timed(True, self.f1)

    def frame_18(self):
        self._timed(True, self.f2)

    def frame_19(self):
        self._timed(True, self.f3)

    def frame_49(self):
        self._timed(False, self.f0)

    def frame_50(self):
        self._timed(False, self.f1)

    def frame_51(self):
        self._timed(False, self.f2)

    def frame_52(self):
        self._timed(False, self.f3)


# ---------------------------------------------------------------------- Foresight

class AfterImage(BaseProjectile):
    """``projectiles/states/AfterImage.gd`` (class ``ForesightAfterImage``): any hit erases it."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.detonating = False

    def disable(self) -> None:
        super().disable()
        self.creator.after_image_object = None

    def emit_got_hit(self) -> None:
        self.disable()  # signal got_hit -> on_got_hit


class ForesightDefault(DefaultFireball):
    """``projectiles/states/ForesightDefault.gd``: lives 100 frames; detonating, it explodes 5 frames later.

    Its ``_tick`` replaces the fireball's entirely (it never moves or fizzles)."""

    LIFETIME = 100

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.rift_frames = 5

    def tick(self):
        host = self.host
        if self.current_tick > self.LIFETIME:
            host.disable()
        if host.detonating:
            self.rift_frames -= 1
            if self.rift_frames == 0:
                self.explode()
        return None

    def explode(self) -> None:
        host = self.host
        pos = host.get_pos()
        explosion = host.spawn_object(EXPLOSION_SCENE, 0, 0)
        explosion.set_pos(pos["x"], pos["y"] - 18)
        host.disable()


class AfterImageExplosionDefault(DefaultFireball):
    """``projectiles/states/AfterImageExplosionDefault.gd``: the rift also grabs the owner's liveliest
    bullet and relaunches it from here (its ``_frame_0`` replaces the fireball's)."""

    def frame_0(self):
        host = self.host
        bullets = []
        for name in host.objs_map:
            obj = host.obj_from_name(name)
            if getattr(obj, "IS_NEW_BULLET", False) and obj.id == host.id:
                bullets.append(obj)
        # sort_bullets: more bounces left first, then the older (lower current_tick) first
        bullets.sort(key=lambda b: (-b.current_state().bounces_left, b.current_tick))
        if bullets:
            bullet = bullets[0]
            pos = host.get_pos()
            bullet.set_pos(pos["x"], pos["y"])
            bullet.last_hit_by = host.get_fighter().obj_name
            bullet.reset_speed()
            bullet.current_state().bounce_full_control(True)
            bullet.no_draw_ticks = 1
        return None


# ---------------------------------------------------------------------- 1000 Cuts

class ThousandCutsObject(BaseProjectile):
    """``projectiles/1000cuts/1000Cuts.gd``: the slashes around the Cowboy during 1000 Cuts."""

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.total_ticks = 0

    def disable(self) -> None:
        self.creator.cut_projectile = None
        self.creator.end_1k_cuts_buff()
        super().disable()


class ThousandCutsDefault(ObjectState):
    """``projectiles/states/1000CutsDefault.gd``: follow the Cowboy's hurtbox for 150 frames."""

    LIFETIME = 150

    def tick(self):
        host = self.host
        creator_pos = host.creator.get_hurtbox_center()
        host.set_pos(creator_pos["x"], creator_pos["y"])
        if self.current_tick in (1, 9, 17):
            host.set_facing(host.creator.get_facing_int())
        host.total_ticks += 1
        if host.total_ticks > self.LIFETIME:
            host.disable()
            self.terminate_hitboxes()
        return None
