"""The Wizard's own states (``characters/wizard/``): one class per game script.

Each class names the script it ports.  Most extend :class:`WizardState`, which lets a
move trigger the orb's attack on its second tick; the supers extend the base
``SuperMove``.  Numbers written here are the scripts' constants; frame data (hitboxes,
timings, forces) comes from the tables.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import int_abs

from states.base.super_move import SuperMove
from states.base.taunt import Taunt as BaseTaunt
from states.base.throw import ThrowState
from states.char_state import CharacterState
from states.objects.projectile import BaseProjectile

TELEKINESIS = "characters/wizard/projectiles/telekinesis/"


def _orb(host):
    """The host's orb object (``objs_map[orb_projectile]``, disabled or not), or None."""
    if host.orb_projectile:
        return host.match.objs_map[host.orb_projectile]
    return None


def _orb_locked(host):
    orb = _orb(host)
    return orb.locked if orb is not None else None


class WizardTaunt(BaseTaunt):
    """``characters/wizard/states/Taunt.gd``: slides to a stop."""

    FRIC = "0.025"

    def tick(self):
        self.host.apply_x_fric(self.FRIC)
        return None


class WizardState(CharacterState):
    """``characters/wizard/states/WizardState.gd``: a move may trigger the orb's attack on its 2nd tick."""

    EXPORTS = {"trigger_orb_attack": True, "trigger_orb_type": "", "trigger_orb_delay": 20}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.triggered_orb_attack = False

    def enter_shared(self):
        super().enter_shared()
        self.triggered_orb_attack = False
        return None

    def tick_shared(self):
        host = self.host
        if not self.triggered_orb_attack and self.current_tick == 0 and self.trigger_orb_attack:
            orb = _orb(host)
            if orb is not None:
                orb.trigger_attack(self.trigger_orb_type, self.trigger_orb_delay)
                self.triggered_orb_attack = True
        return super().tick_shared()


# ---------------------------------------------------------------------- attacks
class Combust(WizardState):
    """``characters/wizard/states/Combust.gd``: the explosion kicks the Wizard back."""

    KICKBACK_X = "-3.0"
    KICKBACK_Y = "-2.0"

    def frame_8(self):
        self.host.apply_force_relative(self.KICKBACK_X, self.KICKBACK_Y)


class IceSpikeGround(WizardState):
    """``characters/wizard/states/IceSpikeGround.gd``: an angled input becomes the aerial version."""

    def enter(self):
        if isinstance(self.data, dict) and self.data["y"] != 0:
            return "IceSpikeAir2"
        return None


class Kick(WizardState):
    """``characters/wizard/states/Kick.gd``: a forward push on frame 3."""

    def frame_3(self):
        self.host.apply_force_relative("9.0", "0.0")


class ManaStrike(WizardState):
    """``characters/wizard/states/ManaStrike.gd``: the strike lands 30..120 px ahead (distance slider).

    Quirk kept: the extra startup is scaled by ``MAX_EXTRA_STARTUP`` = 0, so it is always 0;
    it is computed anyway, as the original does.
    """

    MAX_DISTANCE = "120"
    MIN_DISTANCE = "30"
    MAX_EXTRA_STARTUP = 0

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hitbox_x = None
        self.startup_lag = 0

    def enter(self):
        self.startup_lag = fixed.round(fixed.mul(fixed.div(str(self.data["x"]), "100"), str(self.MAX_EXTRA_STARTUP)))
        return None

    def tick(self):
        host = self.host
        if self.current_tick == 2 and self.startup_lag > 0:
            self.startup_lag -= 1
            self.current_tick = 1
        if self.current_tick == 5:
            host.update_data()
            direction = self.host.xy_to_dir(self.data["x"], 0, "1.0")
            dir_x = fixed.div(fixed.add(direction["x"], "1.0"), "2.0")
            span = fixed.sub(self.MAX_DISTANCE, self.MIN_DISTANCE)
            self.hitbox_x = fixed.round(fixed.add(fixed.mul(dir_x, span), self.MIN_DISTANCE)) * host.get_facing_int()
            self.get_child("Hitbox").x = int_abs(self.hitbox_x)
        return None

    def exit(self) -> None:
        self.startup_lag = 0


class ConjureWeapon(WizardState):
    """``characters/wizard/states/ConjureWeapon.gd``: projectile invulnerability and hyper armor, unless hit first.

    Its ``on_got_hit`` runs on every hit the Wizard takes, whatever its state (the
    fighter's ``got_hit`` reaches every state): the swing's hitstun becomes 25 and
    a feint is cancelled.
    """

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.got_hit = False

    def frame_0(self):
        self.got_hit = False
        self.get_child("Hitbox").hitstun_ticks = 20

    def frame_3(self):
        self.host.start_projectile_invulnerability()

    def frame_6(self):
        if not self.got_hit:
            self.host.has_hyper_armor = True

    def frame_14(self):
        self.host.has_hyper_armor = False
        self.host.end_projectile_invulnerability()

    def on_got_hit(self) -> None:
        self.get_child("Hitbox").hitstun_ticks = 25
        self.got_hit = True
        self.feinting = False
        self.host.feinting = False


class ConfusingTouch(WizardState):
    """``characters/wizard/states/ConfusingTouch.gd``: on hit it pushes the victim and opens an early cancel."""

    PUSH_FORCE = "5.0"

    def frame_0(self):
        self.iasa_at = -1
        self.next_state_on_hold = True
        self.next_state_on_hold_on_opponent_turn = True

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        obj.apply_force(fixed.mul(str(self.host.get_facing_int()), self.PUSH_FORCE), "0")
        self.next_state_on_hold = False
        self.next_state_on_hold_on_opponent_turn = False
        self.iasa_at = 12


# ---------------------------------------------------------------------- movement
class Liftoff(WizardState):
    """``characters/wizard/states/Liftoff.gd`` ("Missile Form"): launch in the chosen direction, land with lag."""

    SPEED = "15.0"
    HITBOX_OFFSET = "-28.0"
    FAST_FALL_REDUCTION = 200

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.queued_state = None

    def queue_state_change(self, state, data=None) -> None:
        # StateInterface.queue_state_change records the request in ``queued_state``,
        # which nothing ever clears; ``exit`` reads it.
        self.queued_state = state
        super().queue_state_change(state, data)

    def frame_0(self):
        host = self.host
        self.land_cancel = False
        if host.fast_falling:
            host.hover_left -= self.FAST_FALL_REDUCTION
        self.get_child("Hitbox2").plus_frames = 2
        self.landing_recovery = 6

    def frame_6(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        host.reset_momentum()
        direction = host.xy_to_dir(self.data["x"], self.data["y"], self.SPEED)
        if host.spark_speed_frames > 0:
            direction["x"] = fixed.mul(direction["x"], "1.75")
        facing = host.get_facing_int()
        if host.combo_count <= 0 and fixed.sign(direction["x"]) != facing:
            host.add_penalty(20, True)
        offset = fixed.normalized_vec_times(direction["x"], direction["y"], self.HITBOX_OFFSET)
        hitbox.dir_x = fixed.mul(offset["x"], str(facing))
        hitbox.dir_y = offset["y"]
        hitbox.x = fixed.round(offset["x"]) * facing
        hitbox.y = fixed.round(offset["y"]) - 16
        force_y = direction["y"] if not host.fast_falling else fixed.mul(direction["y"], "0.25")
        host.apply_force(direction["x"], force_y)
        self.land_cancel = True
        host.colliding_with_opponent = False

    def tick(self):
        host = self.host
        if host.spark_speed_frames > 0:
            self.get_child("Hitbox2").plus_frames = 3
        host.apply_forces_no_limit()
        vel = host.get_vel()
        if self.current_tick > 7 and host.is_grounded():
            landing_lag = 4
            if not fixed.eq(vel["x"], "0") and fixed.sign(vel["x"]) != host.get_facing_int():
                landing_lag = 12
            self.queue_state_change("Landing", landing_lag)
        return None

    def exit(self) -> None:
        # Quirk kept: ``queued_state`` is never cleared, so once a Liftoff has landed
        # every later exit of this state takes this branch too.
        host = self.host
        if self.queued_state == "Landing" and host.combo_count <= 0:
            vel = host.get_vel()
            host.set_vel(vel["x"], fixed.mul(vel["y"], "0.75"))


class Sandstorm(WizardState):
    """``characters/wizard/states/Sandstorm.gd`` (Gust, Sandstorm): a wind box pushes what it covers.

    Fighters get a force that falls off with distance (and with the gusts already used
    in this combo); projectiles are moved directly.  The Wizard itself is pushed back.
    """

    PUSH_SPEED = "5"
    MAX_EXTRA_PUSH_DIST = "200"
    MAX_EXTRA_PUSH = "10"
    FIGHTER_PUSH_SPEED = "1"
    PUSHBACK_SPEED_X = "0.25"
    PUSHBACK_SPEED_Y = "0.25"
    COMBO_REDUCTION = "0.85"

    def tick(self):
        host = self.host
        if 1 < self.current_tick < 15:
            direction = host.xy_to_dir(self.data["x"], self.data["y"])
            windbox = self.get_child("WindBox")
            windbox.facing = host.get_facing()
            pos = host.get_pos()
            windbox.update_position(pos["x"], pos["y"])
            for obj in _blown_objects(host, windbox, require_airborne=False):
                self.push_object(obj, direction)
            pushback = host.xy_to_dir(self.data["x"], self.data["y"], "-1")
            push_y = (fixed.mul(pushback["y"], self.PUSHBACK_SPEED_Y)
                      if (not host.is_grounded() or host.hovering) else "0")
            host.apply_force(fixed.mul(pushback["x"], self.PUSHBACK_SPEED_X), push_y)
        return None

    def exit(self) -> None:
        self.host.gusts_in_combo += 1

    def push_object(self, obj, direction: dict) -> None:
        host = self.host
        obj_pos = obj.get_pos()
        pos = host.get_pos()
        diff = fixed.vec_sub(str(obj_pos["x"]), "0", str(pos["x"]), "0")
        length = fixed.vec_len(diff["x"], diff["y"])
        dist_ratio = fixed.div(length, self.MAX_EXTRA_PUSH_DIST)
        if fixed.gt(dist_ratio, "1.0"):
            dist_ratio = "1.0"
        if obj.is_fighter:
            if obj.hitlag_ticks == 0:
                dir_y = "0" if obj.is_grounded() else direction["y"]
                force = fixed.normalized_vec_times(direction["x"], dir_y,
                                                   fixed.mul(self.FIGHTER_PUSH_SPEED, fixed.sub("1.0", dist_ratio)))
                force = fixed.vec_mul(force["x"], force["y"], fixed.powu(self.COMBO_REDUCTION, host.gusts_in_combo))
                obj.apply_force(force["x"], force["y"])
        else:
            extra_push = fixed.mul(fixed.sub("1.0", dist_ratio), self.MAX_EXTRA_PUSH)
            total_push = fixed.add(self.PUSH_SPEED, extra_push)
            if fixed.gt(total_push, length):
                total_push = length
            force = fixed.normalized_vec_times(direction["x"], direction["y"], total_push)
            obj.move_directly(force["x"], force["y"])


class CatchWind(WizardState):
    """``characters/wizard/states/CatchWind.gd`` (WindForce, "Zephyr"): while the throw box is out, a wind box
    pulls airborne objects toward it (a bigger box when the Wizard has the initiative)."""

    PULL_SPEED = "-5"
    MAX_EXTRA_PULL_DIST = "200"
    MAX_EXTRA_PULL = "-10"
    PULL_FORCE = "-1"
    FIGHTER_PULL_SPEED = "-2"

    def tick(self):
        host = self.host
        throwbox = self.get_child("ThrowBox")
        if throwbox.active and throwbox.enabled:
            windbox = self.get_child("WindBox2" if host.initiative else "WindBox")
            windbox.facing = host.get_facing()
            pos = host.get_pos()
            windbox.update_position(pos["x"], pos["y"])
            for obj in _blown_objects(host, windbox, require_airborne=True):
                self.pull_object(obj, throwbox)
        return None

    def exit(self) -> None:
        self.host.release_opponent()

    def pull_object(self, obj, throwbox) -> None:
        throw_pos = throwbox.get_absolute_position()
        obj_pos = obj.get_pos()
        diff = fixed.vec_sub(str(obj_pos["x"]), str(obj_pos["y"]), str(throw_pos["x"]), str(throw_pos["y"]))
        length = fixed.vec_len(diff["x"], diff["y"])
        if obj.is_fighter:
            force = fixed.normalized_vec_times(diff["x"], diff["y"], self.PULL_FORCE)
            obj.apply_force(force["x"], force["y"])
        dist_ratio = fixed.div(length, self.MAX_EXTRA_PULL_DIST)
        if fixed.gt(dist_ratio, "1.0"):
            dist_ratio = "1.0"
        extra_pull = fixed.mul(fixed.sub("1.0", dist_ratio), self.MAX_EXTRA_PULL)
        total_pull = fixed.add(self.PULL_SPEED, extra_pull) if not obj.is_fighter else self.FIGHTER_PULL_SPEED
        if fixed.gt(total_pull, length):
            total_pull = length
        move = fixed.normalized_vec_times(diff["x"], diff["y"], total_pull)
        obj.move_directly(move["x"], move["y"])


def _blown_objects(host, windbox, require_airborne: bool) -> list:
    """The objects a wind box covers, in ``objs_map`` order (fighters first, then spawn order).

    Neither the Wizard, nor anything bursting, nor disabled or immovable projectiles;
    Zephyr only takes airborne ones.  An object not initialised yet has no state and is
    skipped.
    """
    found = []
    for obj in host.match.objs_map.values():
        if obj is host:
            continue
        if require_airborne and obj.is_grounded():
            continue
        state = obj.current_state()
        if state is None or state.state_name == "Burst" or not windbox.overlaps(obj.hurtbox):
            continue
        if isinstance(obj, BaseProjectile) and (obj.disabled or not obj.movable):
            continue
        found.append(obj)
    return found


class ZephyrThrow(ThrowState):
    """``characters/wizard/ZephyrThrow.gd``: the throw makes the orb swing its sword 50 ticks later."""

    TRIGGER_ORB_TYPE = "Sword"
    TRIGGER_ORB_DELAY = 50

    def enter(self):
        super().enter()
        host = self.host
        if host.orb_projectile:
            orb = host.obj_from_name(host.orb_projectile)
            if orb is not None:
                orb.trigger_attack(self.TRIGGER_ORB_TYPE, self.TRIGGER_ORB_DELAY)
        return None


# ---------------------------------------------------------------------- specials
class FlameWave(WizardState):
    """``characters/wizard/FlameWave.gd``: sends a ground fire wave on frame 9 (one at a time, then a cooldown)."""

    SCENE = "characters/wizard/projectiles/FlameWave.tscn"
    PROJECTILE_X = 40
    PROJECTILE_Y = -16

    def frame_9(self):
        self.host.spawn_object(self.SCENE, self.PROJECTILE_X, self.PROJECTILE_Y)
        self.host.can_flame_wave = False

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and host.can_flame_wave and host.flame_wave_cooldown <= 0


class MagicMissile(WizardState):
    """``characters/wizard/states/MagicMissile.gd`` ("Magic Dart"): a homing dart, aimed, on frame 7."""

    SCENE = "characters/wizard/projectiles/MagicMissile.tscn"
    PROJECTILE_X = 10
    PROJECTILE_Y = -16

    def frame_7(self):
        direction = self.host.xy_to_dir(self.data["x"], self.data["y"])
        self.host.spawn_object(self.SCENE, self.PROJECTILE_X, self.PROJECTILE_Y, True, {"dir": direction})


class VileClutch(WizardState):
    """``characters/wizard/states/VileClutch.gd``: a grasp rises from the ground 0..500 px ahead (slider).

    The projectile is placed in world coordinates (the state's ``projectile_local_pos``
    is off); only one may exist at a time.
    """

    MAX_DISTANCE = "500"

    def get_projectile_pos(self) -> dict:
        host = self.host
        x = host.xy_to_dir(self.data["x"], 0)["x"]
        x = fixed.round(fixed.mul(x, self.MAX_DISTANCE)) * host.get_facing_int() + host.get_pos()["x"]
        return {"x": x, "y": 0}

    def process_projectile(self, projectile) -> None:
        self.host.can_vile_clutch = False

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.can_vile_clutch


class DrawMoisture(WizardState):
    """``characters/wizard/CharacterState.gd`` (DrawMoisture): one geyser charge on frame 12."""

    def frame_12(self):
        self.host.add_geyser_charge()

    def is_usable(self) -> bool:
        host = self.host
        current = host.current_state()
        return bool(super().is_usable() and host.geyser_charge < 3
                    and not (current.name == "DrawMoisture" and current.current_tick < self.anim_length - 1))


class Geyser(WizardState):
    """``characters/wizard/states/Geyser.gd``: spends 1..3 charges for a swept water column of 300/400/500 px.

    Frame 0 arms the one swept hitbox of the chosen level (the others are switched
    off), sets its damage and sweep vector.  The state holds on frame 0 for 4 more
    ticks (``startup_lag``), and the 3-charge version skips frame 1.  The charges are
    spent on frame 9.
    """

    MAX_DISTS = ("300", "400", "500")
    STARTUP_LAG = 4
    DAMAGE = (130, 150, 170)
    MINDAMAGE = (0, 50, 80)
    TIMING = (11, 11, 10)
    PLUS = (1, 3, 4)
    PRORATION = (6, 5, 4)
    HITBOXES = ("Hitbox1", "Hitbox2", "Hitbox3")

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.hit = False
        self.charges = 3
        self.startup_lag = self.STARTUP_LAG

    def enter(self):
        self.charges = self.data["Charge"]["count"]
        self.hit = False
        return None

    def frame_0(self):
        host = self.host
        self.startup_lag = self.STARTUP_LAG
        direction = host.xy_to_dir(self.data["Direction"]["x"], self.data["Direction"]["y"])
        level = self.charges - 1
        for name in self.HITBOXES:
            self.get_child(name).activated = False
        # Quirk kept: start_tick changes here, but the activation frame was indexed at
        # init (11), so only the tick-priority rule sees the 3-charge 10.
        hitbox = self.get_child(self.HITBOXES[level])
        hitbox.activated = True
        hitbox.damage = self.DAMAGE[level]
        hitbox.minimum_damage = self.MINDAMAGE[level]
        hitbox.start_tick = self.TIMING[level]
        hitbox.plus_frames = self.PLUS[level]
        hitbox.damage_proration = self.PRORATION[level]
        to = fixed.vec_mul(direction["x"], direction["y"], self.MAX_DISTS[level])
        # Quirk kept: mirrored here by facing, and again by the swept box's own facing.
        hitbox.to_x = fixed.round(to["x"]) * host.get_facing_int()
        hitbox.to_y = fixed.round(to["y"])

    def is_usable(self) -> bool:
        return self.host.geyser_charge > 0 and super().is_usable()

    def tick(self):
        host = self.host
        if self.started_in_air and (self.current_tick > 10 or self.current_tick < 6) and host.is_grounded():
            return "Landing"
        if self.charges == 3 and self.current_tick == 1:
            self.current_tick = 2
        if self.startup_lag > 0:
            self.current_tick = 0
            self.startup_lag -= 1
        return None

    def frame_9(self):
        host = self.host
        if not host.infinite_resources:
            host.geyser_charge -= self.charges
        if host.geyser_charge < 0:
            host.geyser_charge = 0

    def on_hit_something(self, obj, hitbox) -> None:
        if obj.is_fighter:
            self.hit = True
        super().on_hit_something(obj, hitbox)


# ---------------------------------------------------------------------- the orb
class Orb(SuperMove):
    """``characters/wizard/states/Orb.gd``: conjures the orb on frame 6 (needs 3 bars, spends none)."""

    def frame_6(self):
        self.host.spawn_orb()

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.orb_projectile is None


class LockOrb(WizardState):
    """``characters/wizard/states/LockOrb.gd`` (LockOrb, UnlockOrb): pins the orb in place, or frees it."""

    EXPORTS = {"locks_orb": False}

    def is_usable(self) -> bool:
        # GDScript precedence: (usable and orb and not locked) if locks_orb else locked
        if self.locks_orb:
            return bool(super().is_usable() and self.host.orb_projectile and not _orb_locked(self.host))
        return bool(_orb_locked(self.host))

    def frame_1(self):
        orb = _orb(self.host)
        if orb is not None:
            if self.locks_orb:
                orb.lock()
            else:
                orb.unlock()


class OrbPush(WizardState):
    """``characters/wizard/states/OrbPush.gd``: pushes the (unlocked) orb in a direction."""

    SPEED = "12"

    def is_usable(self) -> bool:
        return bool(super().is_usable() and self.host.orb_projectile and not _orb_locked(self.host))

    def frame_1(self):
        orb = _orb(self.host)
        if orb is not None:
            force = fixed.normalized_vec_times(str(self.data["x"]), str(self.data["y"]), self.SPEED)
            orb.push(force["x"], force["y"])


class OrbTether(WizardState):
    """``characters/wizard/states/OrbTether.gd``: the Wizard is pulled toward the orb for 90 ticks."""

    def is_usable(self) -> bool:
        host = self.host
        return bool(super().is_usable() and host.orb_projectile
                    and (host.is_grounded() or host.air_movements_left > 0))

    def frame_0(self):
        host = self.host
        if not host.is_grounded() and not host.infinite_resources:
            host.air_movements_left -= 1
        host.move_directly(0, -1)
        host.set_grounded(False)
        host.tether_ticks = host.TETHER_TICKS

    def tick(self):
        host = self.host
        if self.current_tick > 8:
            if host.is_grounded():
                return "Landing"
        else:
            host.set_grounded(False)
        return None


class OrbTeleport(SuperMove):
    """``characters/wizard/states/OrbTeleport.gd`` ("Orb Portal"): swap into the orb's place; the orb is spent."""

    SUPERS_CONSUMED = 1
    MAX_DIST_H = 640
    MAX_DIST_V = 200

    def frame_1(self):
        host = self.host
        host.start_invulnerability()
        orb = _orb(host)
        if orb is not None:
            orb.frozen = True
            pos = orb.get_pos()
            host.set_pos(pos["x"], pos["y"] + 16)
            orb.disable()
        else:
            self.queue_state_change("Wait")
        for _ in range(self.SUPERS_CONSUMED):
            host.use_super_bar()

    def frame_2(self):
        self.host.end_invulnerability()

    def is_usable(self) -> bool:
        host = self.host
        if host.orb_projectile:
            obj = host.obj_from_name(host.orb_projectile)
            if obj is not None:
                offs = host.obj_local_center(obj)
                if int_abs(offs["x"]) > self.MAX_DIST_H or offs["y"] < -self.MAX_DIST_V:
                    return False
        return bool(super().is_usable() and host.orb_projectile)


# ---------------------------------------------------------------------- spark bombs and telekinesis
class EnergyBomb(SuperMove):
    """``characters/wizard/EnergyBomb.gd`` (SparkBomb): throws a spark bomb (the exported projectile).

    The move is not interruptible on the opponent's turn until the bomb exists.
    """

    def frame_0(self):
        self.interruptible_on_opponent_turn = False

    def process_projectile(self, projectile) -> None:
        self.host.add_spark_bomb(projectile.obj_name)
        self.interruptible_on_opponent_turn = True


class ConjurePebble(SuperMove):
    """``characters/wizard/states/ConjurePebble.gd`` (Telekinesis): conjures a random boulder to hold.

    Frame 1 draws from the Wizard's logic RNG (reseeded before every draw): one of five
    boulder scenes (``choose``), then a 15 % chance of a silly item instead, picked by
    weight (pebble 3, bomb 3, tire 5, fruit 3).  The exported projectile (frame 6) uses
    the scene drawn; the ghost preview's placeholder boulder never exists here.
    """

    BOULDERS = (TELEKINESIS + "TelekinesisBoulder.tscn", TELEKINESIS + "TelekinesisBoulder2.tscn",
                TELEKINESIS + "TelekinesisBoulder.tscn", TELEKINESIS + "TelekinesisBoulder2.tscn",
                TELEKINESIS + "TelekinesisBoulder3.tscn")
    SILLY_ITEMS = (TELEKINESIS + "TelekinesisPebble.tscn", TELEKINESIS + "TelekinesisBomb.tscn",
                   TELEKINESIS + "TelekinesisTire.tscn", TELEKINESIS + "TelekinesisFruit.tscn")
    SILLY_ITEM_WEIGHTS = (3, 3, 5, 3)
    NON_BOULDER_CHANCE = 15

    def frame_1(self):
        host = self.host
        self.projectile_scene = host.randi_choice(list(self.BOULDERS))
        if host.randi_percent(self.NON_BOULDER_CHANCE):
            self.projectile_scene = host.randi_weighted_choice(list(self.SILLY_ITEMS), list(self.SILLY_ITEM_WEIGHTS))

    def process_projectile(self, projectile) -> None:
        self.host.boulder_projectile = projectile.obj_name

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.boulder_projectile is None


class Launch(WizardState):
    """``characters/wizard/Launch.gd`` (Launch, SuperLaunch "Redirect"): throws the held boulder (aimed).

    Launch needs a boulder that is not flying yet; Redirect one that is.
    """

    EXPORTS = {"redirect": False}

    def frame_0(self):
        host = self.host
        obj = host.obj_from_name(host.boulder_projectile)
        if obj is not None:
            obj.launch(host.xy_to_dir(self.data["x"], self.data["y"]))

    def is_usable(self) -> bool:
        host = self.host
        obj = host.obj_from_name(host.boulder_projectile)
        if obj is not None:
            launched = obj.current_state().state_name == "Launch"
            if self.redirect and not launched:
                return False
            if not self.redirect and launched:
                return False
        return host.boulder_projectile is not None and super().is_usable()
