"""Cowboy's revolver: drawing, shooting (Shoot2 family and the older Shoot family with the
Temporal Round), pistol whips, throwing the gun and reeling it back.

Each class names the game script it ports (paths under ``characters/swordandgun/``).
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_sign

from states.base.super_move import SuperMove
from states.char_state import AERIAL, CharacterState

NEW_BULLET_SCENE = "characters/swordandgun/projectiles/NewBullet.tscn"
BULLET_SCENE = "characters/swordandgun/projectiles/bullet.tscn"
TEMPORAL_BULLET_SCENE = "characters/swordandgun/projectiles/frozen_bullet.tscn"
FAST_TEMPORAL_BULLET_SCENE = "characters/swordandgun/projectiles/frozen_bullet_fast.tscn"
GUN_SCENE = "characters/swordandgun/projectiles/Gun.tscn"


def erase(items: list, value) -> None:
    """GDScript ``Array.erase``: remove the first occurrence, if any."""
    if value in items:
        items.remove(value)


class NewShoot(CharacterState):
    """``NewShoot.gd`` (Shoot2, ShootDodge2, PointBlank): one aimed shot (a NewBullet, or a close
    hitbox for PointBlank); without ``holster`` the gun stays out for more gun moves."""

    EXPORTS = {"dodge": False, "projectile": True}
    REPEAT_STARTUP_LAG = 3
    POINT_BLANK_HITBOX_DISTANCE_MODIFIER = "1.5"
    GUN_OUT_INTERRUPTS = ("Gun", "SlowHolster", "AerialSuper", "GroundedSuper", "Guntrick", "Shoot", "ShootDodge",
                          "Teleport")
    GUN_OUT_EXCEPTIONS = ("Hustle", "FastTeleport", "SpotDodge")

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.startup_lag = 0
        self.lagged = False

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and host.bullets_left > 0 and host.has_gun

    def enter(self):
        self.lagged = False
        if self.data is None:
            self.data = {"x": 100 * self.host.get_facing_int(), "y": 0, "holster": True}
        return None

    def frame_0(self):
        self.startup_lag = self.REPEAT_STARTUP_LAG if self.previous_state_name() == "Shoot2" else 0
        self.set_follow_ups(not self.data["holster"])

    def set_follow_ups(self, gun_out: bool) -> None:
        """Rewrite (persistently, as the original) what this move may be interrupted into."""
        for category in ("Gun", "Grounded", "Aerial", "SlowHolster", "AerialSuper", "GroundedSuper", "Guntrick",
                         "ShootDodge", "Teleport"):
            erase(self.interrupt_into, category)
        for name in ("Hustle", "FastTeleport", "SpotDodge", "Shoot"):
            erase(self.interrupt_exceptions, name)
        if gun_out:
            self.interrupt_into.extend(self.GUN_OUT_INTERRUPTS)
            self.interrupt_exceptions.extend(self.GUN_OUT_EXCEPTIONS)
        else:
            self.interrupt_into.extend(["Grounded", "Aerial"])
            self.interrupt_exceptions.append("Shoot")

    def frame_3(self):
        host = self.host
        pos = host.get_pos()
        shot_x, shot_y = self.data["x"], self.data["y"]
        direction = host.xy_to_dir(shot_x, shot_y)
        shot_angle = fixed.vec_to_angle(fixed.mul(str(shot_x), str(host.get_facing_int())), str(shot_y))
        hitbox_distance = "1.0" if self.projectile else self.POINT_BLANK_HITBOX_DISTANCE_MODIFIER
        barrel = host.get_barrel_location(shot_angle, hitbox_distance)
        hitbox = self.get_child("Hitbox")
        hitbox.dir_x = "-1.0" if fixed.sign(str(shot_x)) != host.get_facing_int() else "1.0"
        hitbox.x = fixed.round(barrel["x"])
        hitbox.y = fixed.round(barrel["y"])
        barrel["x"] = fixed.mul(barrel["x"], str(host.get_facing_int()))
        host.use_bullet()
        if self.dodge:
            host.start_invulnerability()
        if self.projectile:
            bullet = host.spawn_object(NEW_BULLET_SCENE, pos["x"] + fixed.round(barrel["x"]),
                                       pos["y"] + fixed.round(barrel["y"]), True, barrel, False)
            bullet.dir_x = direction["x"]
            bullet.dir_y = direction["y"]
        if self.data and self.data.get("ActivateTemporal"):
            temporal_round = host.obj_from_name(host.temporal_round)
            if temporal_round is not None:
                temporal_round.shoot()

    def frame_5(self):
        if self.dodge:
            self.queue_state_change("TechRoll", {"x": self.host.get_facing_int()})

    def tick(self):
        if self.startup_lag > 0:
            self.startup_lag -= 1
            self.current_tick = 1
        return None


class Shoot(SuperMove):
    """``states/Shoot.gd`` (Shoot, ShootDodge, TimeBullet): the auto-aimed hitscan shot (repeated
    ``Shots`` times), and the Temporal Round (a frozen bullet that fires later)."""

    EXPORTS = {"screenshake_amount": 12, "temporal": False, "dodge": False}
    KICKBACK_FORCE = "-1.0"
    AUTO_AIM_DIST = "0.2"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.dir = None
        self.angle = None
        self.parried = False
        self.fast = False

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and (host.bullets_left > 0 or self.temporal) and host.has_gun

    def frame_0(self):
        host = self.host
        data = self.data
        self.parried = False
        if self.temporal:
            self.fast = data
            return
        if isinstance(data, dict):
            shots = data.get("Shots")
            if isinstance(shots, dict) and "count" in shots:
                host.consecutive_shots = shots["count"]
                if self.dodge:
                    host.consecutive_shots = 1
            if "Direction" in data:
                host.shot_dir_x = data["Direction"]["x"]
                host.shot_dir_y = data["Direction"]["y"]
        self.iasa_at = 9
        if host.consecutive_shots > 0:
            self.iasa_at = -1
            host.consecutive_shots -= 1

    def on_got_parried(self) -> None:
        """Connected to the ``got_parried`` signal of each bullet this state fires."""
        self.parried = True

    def get_bullet_distance(self) -> str:
        diff = self.host.obj_local_center(self.host.opponent)
        return fixed.vec_len(str(diff["x"]), str(diff["y"]))

    def is_accurate(self, direction: dict, angle: str) -> bool:
        aim = fixed.vec_to_angle(fixed.mul(direction["x"], str(self.host.get_facing_int())), direction["y"])
        return fixed.lt(fixed.abs(fixed.angle_dist(aim, angle)), self.AUTO_AIM_DIST)

    def frame_3(self):
        if not self.temporal:
            self.fire_hitscan()

    def kick_back(self, direction: dict) -> None:
        host = self.host
        force = fixed.vec_mul(str(direction["x"]), str(direction["y"]), self.KICKBACK_FORCE)
        if host.is_grounded():
            force["y"] = "0"
        host.apply_force(force["x"], force["y"])

    def fire_hitscan(self) -> None:
        """Hit the foe's (predicted) hurtbox centre when the shot's angle is close enough to it; two
        Cowboys shooting accurately at each other on the same tick cancel out."""
        host = self.host
        local = host.obj_local_center(host.opponent)
        self.dir = fixed.normalized_vec_times(str(local["x"]), str(local["y"]), "1.0")
        self.angle = fixed.vec_to_angle(fixed.mul(self.dir["x"], str(host.get_facing_int())), self.dir["y"])
        auto = self.previous_state_name() == "Shoot" and host.combo_count > 0
        if auto:
            host.shot_dir_x = local["x"]
            host.shot_dir_y = local["y"]
            shot_angle = self.angle
        else:
            shot_angle = fixed.vec_to_angle(fixed.mul(str(host.shot_dir_x), str(host.get_facing_int())),
                                            str(host.shot_dir_y))
        self.kick_back(self.dir)
        host.use_bullet()
        target = host.opponent.get_hurtbox_center()
        opp_vel = host.opponent.get_vel()
        target["x"] = fixed.round(fixed.add(str(target["x"]), opp_vel["x"]))
        target["y"] = fixed.round(fixed.add(str(target["y"]), opp_vel["y"]))
        pos = host.get_pos()
        shot_hits = self.is_accurate(self.dir, shot_angle)
        if not self.clashes_with_opponent_shot(shot_hits) and shot_hits:
            bullet = host.spawn_object(BULLET_SCENE, target["x"], target["y"], True, target, False)
            bullet.connect_signal("got_parried", self, "on_got_parried")
            bullet.set_facing(int_sign(host.opponent.get_pos()["x"] - pos["x"]))
            bullet.distance = self.get_bullet_distance()
        if self.dodge:
            host.start_invulnerability()

    def clashes_with_opponent_shot(self, shot_hits: bool) -> bool:
        host = self.host
        opponent = host.opponent
        if opponent.CHARACTER != "Cowboy":
            return False
        state = opponent.current_state()
        if not (state.name == "Shoot" and not state.temporal and state.start_tick == self.start_tick):
            return False
        local = opponent.obj_local_center(host)
        enemy_dir = fixed.normalized_vec_times(str(local["x"]), str(local["y"]), "1.0")
        enemy_angle = fixed.vec_to_angle(fixed.mul(str(opponent.shot_dir_x), str(host.get_facing_int())),
                                         str(opponent.shot_dir_y))
        return shot_hits and self.is_accurate(enemy_dir, enemy_angle)

    def frame_4(self):
        if self.temporal:
            self.place_temporal_round()

    def place_temporal_round(self) -> None:
        """Leave a frozen bullet at the barrel, aimed at the foe."""
        host = self.host
        local = host.obj_local_center(host.opponent)
        self.dir = fixed.normalized_vec(str(local["x"]), str(local["y"]))
        self.angle = fixed.vec_to_angle(fixed.mul(str(self.dir["x"]), str(host.get_facing_int())), str(self.dir["y"]))
        barrel = host.get_barrel_location(self.angle)
        self.kick_back(self.dir)
        pos = host.get_pos()
        location = fixed.vec_add(str(pos["x"]), str(pos["y"]),
                                 fixed.mul(barrel["x"], str(host.get_facing_int())), barrel["y"])
        scene = FAST_TEMPORAL_BULLET_SCENE if self.fast else TEMPORAL_BULLET_SCENE
        bullet = host.spawn_object(scene, fixed.round(location["x"]), fixed.round(location["y"]), True, location,
                                   False)
        bullet.set_facing(int_sign(host.opponent.get_pos()["x"] - pos["x"]))
        host.temporal_round = bullet.obj_name

    def frame_5(self):
        if self.dodge:
            self.queue_state_change("ShootDodgeRoll", {"x": self.host.get_facing_int()})

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_forces()
        host.apply_grav()
        if self.air_type == AERIAL and self.current_tick > 2 and host.is_grounded():
            return "Landing"
        if self.current_tick == 7 and not self.temporal:
            if host.consecutive_shots > 0 and host.bullets_left > 0:
                return "Shoot"
        if self.parried and not self.dodge:
            self.queue_state_change("SlowHolster")
        return None


class Brandish(SuperMove):
    """``states/Brandish.gd`` (Brandish, QuickerDraw): draw the gun.

    Outside the ghost preview a Brandish always falls back to SlowHolster (the original
    tests ``!host.is_ghost``); QuickerDraw goes on into Shoot2."""

    EXPORTS = {"quicker": False}

    def frame_0(self):
        host = self.host
        if not self.quicker and (host.bullets_left <= 0 or not host.is_ghost):
            self.fallback_state = "SlowHolster"
        else:
            self.fallback_state = "Shoot2"

    def tick(self):
        host = self.host
        host.apply_fric()
        host.apply_forces()
        host.apply_grav()
        return None

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and (host.bullets_left > 0 or host.supers_available > 0) and host.has_gun


class PistolWhip(CharacterState):
    """``states/PistolWhip.gd`` (PistolWhip, PistolWhipGround, ...Combo): needs the gun in hand."""

    def can_feint(self) -> bool:
        current = self.host.current_state().name
        return super().can_feint() and current not in ("Brandish", "QuickerDraw")

    def can_draw_cancel(self) -> bool:
        return self.host.current_state().name not in ("Brandish", "QuickerDraw")

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.has_gun


class GunThrow(CharacterState):
    """``states/GunThrow.gd``: throw the gun (it hits, pops up, shoots, and comes back)."""

    THROW_SPEED = "13"

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.has_gun

    def frame_7(self):
        host = self.host
        pos = self.get_projectile_pos()
        gun = host.spawn_object(GUN_SCENE, pos["x"], pos["y"])
        host.gun_projectile = gun.obj_name
        host.has_gun = False
        if host.is_grounded():
            host.apply_force_relative(7, 0)

    def frame_8(self):
        host = self.host
        gun = host.match.objs_map.get(host.gun_projectile)
        if gun is not None:
            # Quirk kept: only the data's y is read; the throw always goes forward.
            direction = fixed.normalized_vec_times("1", fixed.sub(str(self.data["y"]), "0.15"), self.THROW_SPEED)
            gun.apply_force_relative(direction["x"], direction["y"])


class GunReel(CharacterState):
    """``states/GunReel.gd``: pull the thrown gun back (it spins and hits again on the way)."""

    PULL_SPEED = "15"

    def is_usable(self) -> bool:
        return super().is_usable() and not self.host.has_gun

    def frame_2(self):
        host = self.host
        gun = host.obj_from_name(host.gun_projectile)
        if gun is not None:
            gun.reset_momentum()
            direction = gun.get_object_dir_vec(host)
            force = fixed.vec_mul(direction["x"], direction["y"], self.PULL_SPEED)
            gun.apply_force(force["x"], force["y"])
            gun.reset_hitbox()
