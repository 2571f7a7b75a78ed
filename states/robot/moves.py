"""Robot's moves: the ``RobotState`` base, the base-state overrides (Fall, Landing,
SuperJump, Roll, air throws, Taunt), and the attacks, specials and supers of the menu.

The grabs and throws live in :mod:`states.robot.grabs`, the Drive stance in
:mod:`states.robot.drive`.  Each class names the game script it ports.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, imod

from states.base.fall import Fall as BaseFall
from states.base.jump import Jump
from states.base.landing import Landing as BaseLanding
from states.base.roll import RollDodge
from states.base.taunt import Taunt as BaseTaunt
from states.base.throw import ThrowState
from states.char_state import BUSY_HURT, CharacterState

LANDING_SHOCKWAVE = "characters/robo/projectiles/LandingShockwave.tscn"


class RobotState(CharacterState):
    """``characters/robo/RobotState.gd``: optional super cost, flight allowed, startup throw invulnerability."""

    EXPORTS = {"is_super": False, "super_level": 1, "supers_used": -1, "super_freeze_ticks": 15, "super_effect": True,
               "can_fly": True, "throw_invuln_frames": 0, "super_scale_combo_meter": True}

    def is_usable(self) -> bool:
        if not self.is_super:
            return super().is_usable()
        return super().is_usable() and self.host.supers_available >= self.super_level

    def enter_shared(self):
        super().enter_shared()
        if self.throw_invuln_frames > 0:
            self.host.start_throw_invulnerability()
        return None

    def frame_0_shared(self):
        super().frame_0_shared()
        if not self.is_super:
            return None
        host = self.host
        levels = self.super_level if self.supers_used == -1 else self.supers_used
        if self.super_scale_combo_meter and levels > 0:
            host.combo_supers += 1
        for _ in range(levels):
            host.use_super_bar()
        return None

    def tick_shared(self):
        super().tick_shared()  # quirk kept: the result is dropped
        if self.current_tick == self.throw_invuln_frames and self.throw_invuln_frames > 0:
            self.host.end_throw_invulnerability()
        return None


class Step(RobotState):
    """``characters/robo/states/Step.gd`` (Step, ChargedStep): a delayed stomp forward."""

    MOVE_AMOUNT = 15
    EXTRA_FORWARD_MOVEMENT = 6
    FLIP_LAG = 2
    STARTUP_LAG = 3
    EXPORTS = {"charged": False}

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.startup_lag = 0  # accumulates across entries; consumed by tick

    def enter(self):
        host = self.host
        if host.combo_count <= 0:
            self.startup_lag += self.STARTUP_LAG
        if host.reverse_state:
            self.beats_backdash = False
            self.startup_lag += self.FLIP_LAG
            host.add_penalty(10)
        else:
            self.beats_backdash = True
        return None

    def frame_0(self):
        if self.charged:
            self.host.has_projectile_armor = True

    def frame_5(self):
        if not self.host.reverse_state:
            self.host.move_directly_relative(self.EXTRA_FORWARD_MOVEMENT, 0)

    def frame_6(self):
        self.self_interruptable = False
        self.next_state_on_hold = False
        self.next_state_on_hold_on_opponent_turn = False
        self.host.move_directly_relative(self.MOVE_AMOUNT, 0)

    def frame_9(self):
        self.self_interruptable = True
        self.next_state_on_hold = True
        self.next_state_on_hold_on_opponent_turn = True

    def tick(self):
        if self.current_tick >= 1 and self.startup_lag > 0:
            self.startup_lag -= 1
            self.current_tick = 1
        if self.charged:
            self.host.apply_forces_no_limit()
        else:
            self.host.apply_forces()
        return None


class RobotRoll(RollDodge):
    """``characters/robo/Roll.gd``: a roll that stops flight."""

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.can_fly = False


class RobotFall(BaseFall):
    """``characters/robo/states/Fall.gd``: lands after 2 frames; interruptible every 10 while flying."""

    def enter(self):
        self.iasa_at = 11
        return None

    def tick(self):
        host = self.host
        super().tick()  # its "Landing" is dropped; the check below decides
        if host.flying_dir is not None:
            self.iasa_at = 10
            if self.current_tick > 0 and imod(self.current_tick, 10) == 0:
                self.enable_interrupt()
        if self.current_tick > 1 and host.is_grounded():
            return "Landing"
        return None


class RobotLanding(BaseLanding):
    """``characters/robo/states/Landing.gd``: a hard landing can ground-pound (two shockwaves)."""

    SPEED_HITBOX_ACTIVATION = "5.0"
    SPEED_HITBOX_RATIO = "1.0"
    BASE_DAMAGE = 10
    DAMAGE_MODIFIER = "0.3"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.has_hitbox = False

    def frame_0(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        self.set_lag(None)
        prev = self.previous_state()
        speed = host.last_aerial_vel["y"]
        self.has_hitbox = prev.busy_interrupt_type != BUSY_HURT and not (prev is not None and prev.IS_HURT_STATE)
        hitbox.hits_vs_grounded = bool(host.can_ground_pound and fixed.gt(speed, self.SPEED_HITBOX_ACTIVATION)
                                       and self.has_hitbox)
        ratio = fixed.div(speed, self.SPEED_HITBOX_RATIO)
        damage = fixed.round(fixed.mul(ratio, str(self.BASE_DAMAGE)))
        if damage < self.BASE_DAMAGE:
            damage = self.BASE_DAMAGE
        damage = fixed.round(fixed.mul(self.DAMAGE_MODIFIER, str(damage)))
        if hitbox.hits_vs_grounded:
            left = host.spawn_object(LANDING_SHOCKWAVE, -16, -1)
            right = host.spawn_object(LANDING_SHOCKWAVE, 16, -1)
            right.facing = 1
            left.facing = -1
            left.damage = damage
            right.damage = damage
            left.speed = speed
            right.speed = speed
        hitbox.damage = damage

    def tick(self):
        super().tick()
        if self.has_hitbox:
            self.interruptible_on_opponent_turn = False
        return None


class RobotSuperJump(Jump):
    """``characters/robo/SuperJump.gd``: projectile armor while rising, three air options after."""

    def frame_7(self):
        super().frame_7()
        self.host.has_projectile_armor = True

    def frame_8(self):
        self.host.air_movements_left = 3

    def frame_38(self):
        self.host.has_projectile_armor = False


class RobotAirForwardThrow(ThrowState):
    """``characters/robo/states/AirForwardThrow.gd`` (AirForwardThrow, AirBackThrow)."""

    def enter(self):
        # Replaces ThrowState's enter (``released`` is reset on the next frame anyway).
        self.air_ground_bounce = self.host.combo_count != 0
        return None


class RobotTaunt(BaseTaunt):
    """``characters/robo/states/Taunt.gd``: shorter in the air."""

    def enter(self):
        host = self.host
        self.can_apply_sadness = host.combo_count <= 0
        self.next_state_on_hold = False
        self.next_state_on_hold_on_opponent_turn = False
        self.anim_length = 45
        if not host.is_grounded():
            self.anim_length = 11
            self.next_state_on_hold = True
            self.next_state_on_hold_on_opponent_turn = True
        return None



# ---------------------------------------------------------------- attacks

class SawBlade(RobotState):
    """``characters/robo/states/SawBlade.gd``: hitting pushes Robot back up and away."""

    PUSH_BACK_AMOUNT = "6"

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        force = fixed.normalized_vec("-1", "1")
        force = fixed.vec_mul(force["x"], force["y"], self.PUSH_BACK_AMOUNT)
        self.host.apply_force_relative(force["x"], force["y"])


class SideKick(RobotState):
    """``characters/robo/states/SideKick.gd`` (SideKick, SideKickAir): two frames faster with initiative."""

    def tick(self):
        if self.current_tick == 3:
            self.self_hit_cancellable = self.host.initiative
            if self.host.initiative:
                self.current_tick = 5
        return None


class Plummet(RobotState):
    """``characters/robo/states/Plummet.gd`` (CRASH): a straight dive from frame 3 until landing."""

    DESCEND_SPEED = "13"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.descending = False
        self.apply_gravity = False

    def frame_0(self):
        self.descending = False
        self.apply_gravity = False

    def frame_3(self):
        self.descending = True

    def tick(self):
        host = self.host
        if self.descending:
            host.set_vel(fixed.mul(host.get_vel()["x"], "0.05"), self.DESCEND_SPEED)
            self.descending = False
            if host.flying_dir:
                host.flying_dir = {"x": 0, "y": host.flying_dir["y"]}
        # get_vel() is the cached snapshot: the dive speed just set is not seen here.
        if fixed.lt(host.get_vel()["y"], "0"):
            self.apply_gravity = True
        if host.flying_dir is None and self.apply_gravity:
            host.apply_grav()
        host.apply_forces()
        if host.is_grounded():
            return "Landing"
        return None

    def on_got_perfect_parried(self) -> None:
        self.host.hitlag_ticks += 4


class GroundPound(RobotState):
    """``characters/robo/states/GroundPound.gd`` (EARTHQUAKE): the grab box only once per combo."""

    def frame_0(self):
        self.get_child("Hitbox4").active_ticks = 0 if self.host.used_earthquake_grab else 3


class Lariat(RobotState):
    """``characters/robo/states/Lariat.gd`` (SPIN CYCLE): aerial-attack immunity with initiative."""

    def frame_4(self):
        if self.host.initiative:
            self.host.start_aerial_attack_invulnerability()

    def frame_15(self):
        self.host.end_aerial_attack_invulnerability()


class Vacuum(RobotState):
    """``characters/robo/states/Missile.gd`` (the VACUUM state): a wind box pulls the opponent in."""

    PULL_FORCE = "0.45"
    PULL_UNTIL = 15

    def tick(self):
        host = self.host
        wind_box = self.get_child("WindBox")
        wind_box.facing = host.get_facing()
        pos = host.get_pos()
        wind_box.update_position(pos["x"], pos["y"])
        if self.current_tick <= self.PULL_UNTIL and host.opponent.hurtbox.overlaps(wind_box):
            opponent = host.opponent
            force_x = fixed.mul(str(opponent.get_opponent_dir()), self.PULL_FORCE)
            opponent.apply_force(force_x, "0")
        return None


class Chainsaw(RobotState):
    """``characters/robo/states/Chainsaw.gd``: two boxes sweep from the Start angle to the End angle."""

    EXPORTS = {"chainsaw_start_tick": 10, "chainsaw_end_tick": 19}
    HITBOX_DISTANCE = "48"

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.start_x = self.start_y = self.end_x = self.end_y = None
        self.last_hitbox_x = None
        self.last_hitbox_y = None

    def init(self) -> None:
        # Chainsaw.gd: _ready runs before the state is initialised (the hitbox timing and
        # the on-hit iasa come from the two exports).
        sweep_ticks = self.chainsaw_end_tick - self.chainsaw_start_tick + 1
        for hitbox in (self.get_child("Hitbox"), self.get_child("Hitbox2")):
            hitbox.start_tick = self.chainsaw_start_tick + 1
            hitbox.active_ticks = sweep_ticks
        self.iasa_on_hit = self.chainsaw_end_tick
        super().init()

    def enter(self):
        data = self.data
        start = self.host.xy_to_dir(data["Start"]["x"], data["Start"]["y"])
        end = self.host.xy_to_dir(data["End"]["x"], data["End"]["y"])
        if self.host.get_facing_int() < 0:
            start["y"] = fixed.mul(start["y"], "-1")
            end["y"] = fixed.mul(end["y"], "-1")
        self.start_x, self.start_y = start["x"], start["y"]
        self.end_x, self.end_y = end["x"], end["y"]
        return None

    def frame_0(self):
        self.last_hitbox_x = None
        self.last_hitbox_y = None
        self.iasa_at = 34

    def tick(self):
        if self.chainsaw_start_tick <= self.current_tick <= self.chainsaw_end_tick:
            self._sweep()
        return None

    def _sweep(self) -> None:
        host = self.host
        facing = host.get_facing_int()
        elapsed = self.chainsaw_start_tick - self.current_tick
        length = self.chainsaw_end_tick - self.chainsaw_start_tick
        t = fixed.abs(fixed.div(str(elapsed), str(length)))
        angle = fixed.lerp_angle(fixed.vec_to_angle(self.start_x, self.start_y),
                                 fixed.vec_to_angle(self.end_x, self.end_y), t)
        unit = fixed.angle_to_vec(angle)
        outer = fixed.vec_mul(unit["x"], unit["y"], self.HITBOX_DISTANCE)
        inner = fixed.vec_div(outer["x"], outer["y"], "2")
        center_x, center_y = host.hurtbox.x, host.hurtbox.y
        hitbox, hitbox2 = self.get_child("Hitbox"), self.get_child("Hitbox2")
        hitbox.x = facing * (fixed.round(outer["x"]) + center_x)
        hitbox.y = (fixed.floor(outer["y"]) * facing + center_y) - 6
        hitbox2.x = facing * (fixed.round(inner["x"]) + center_x)
        hitbox2.y = (fixed.floor(inner["y"]) * facing + center_y) - 6
        if self.last_hitbox_x is not None:
            kb = fixed.vec_sub(str(hitbox.x), str(hitbox.y), str(self.last_hitbox_x), str(self.last_hitbox_y))
            kb = fixed.normalized_vec(kb["x"], kb["y"])
        else:
            kb = {"x": "1", "y": "-1"}  # the original's ints 1 and -1, as the fixed-point text they become
        self.last_hitbox_x = hitbox.x
        self.last_hitbox_y = hitbox.y
        for box in (hitbox, hitbox2):
            box.dir_x = kb["x"]
            box.dir_y = kb["y"]

    def exit(self) -> None:
        self.last_hitbox_x = None
        self.last_hitbox_y = None


# ---------------------------------------------------------------- movement

class Propel(RobotState):
    """``characters/robo/states/Propel.gd``: a boost with low ground friction for 20 ticks."""

    FRICTION_TICKS = 20
    GROUND_FRICTION = "0.2"
    FORCE = "1"

    def enter(self):
        self.next_state_on_hold = not self.host.buffer_drive_cancel
        return None

    def frame_0(self):
        self.host.chara.set_ground_friction(self.GROUND_FRICTION)
        self.host.propel_friction_ticks = self.FRICTION_TICKS

    def tick(self):
        if self.current_tick > 3:
            self.host.apply_force_relative(self.FORCE, "0")
        return None


class Return(RobotState):
    """``characters/robo/states/Return.gd``: a short hop back."""

    def tick(self):
        self.host.apply_forces()
        return None

    def frame_3(self):
        self.host.move_directly_relative(-12, 0)


class ClapJump(RobotState):
    """``characters/robo/states/ClapJump.gd`` (THUNDER CLAP): a low leap ending in a clap.

    ``data``: ``{"Auto": bool, "Direction": {"x", "y"}}``; Auto holds the apex longer.
    """

    GRAV = "0.58"
    STARTED_IN_AIR_GRAV = "0.80"
    MAX_FALL_SPEED = "3.0"
    STARTED_IN_AIR_MAX_FALL_SPEED = "8.0"
    EXTRA_VICTIM_HITLAG = 15
    AUTO_LAG = 4

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.jumping = False
        self.grav = self.GRAV
        self.max_fall_speed = self.MAX_FALL_SPEED
        self.auto_lag = self.AUTO_LAG

    def frame_0(self):
        host = self.host
        hitbox = self.get_child("Hitbox")
        self.auto_lag = self.AUTO_LAG
        grounded = host.is_grounded()
        self.grav = self.GRAV if grounded else self.STARTED_IN_AIR_GRAV
        self.max_fall_speed = self.MAX_FALL_SPEED if grounded else self.STARTED_IN_AIR_MAX_FALL_SPEED
        host.set_grounded(False)
        self.jumping = True
        if self.state_name not in host.combo_moves_used:
            hitbox.victim_hitlag = hitbox.hitlag_ticks + self.EXTRA_VICTIM_HITLAG
            hitbox.ground_bounce = False
        else:
            hitbox.victim_hitlag = hitbox.hitlag_ticks
            hitbox.ground_bounce = True
        hitbox.grounded_hit_state = "HurtAerial"
        hitbox.combo_victim_hitlag = hitbox.victim_hitlag
        hitbox.combo_scaling_amount = 2 if self.data["Auto"] else 1

    def frame_1(self):
        self.host.move_directly_relative(-10, 0)

    def frame_2(self):
        self.host.move_directly_relative(1, -3)
        self.host.start_throw_invulnerability()

    def frame_3(self):
        host = self.host
        force = fixed.normalized_vec_times("1.0", "-0.25", "8.0")
        if self.data["Direction"]["x"] * host.get_facing_int() == -1:
            force["x"] = fixed.mul(force["x"], "-0.55")
        host.apply_force_relative(force["x"], force["y"])

    def frame_7(self):
        self.host.end_throw_invulnerability()

    def tick(self):
        host = self.host
        host.apply_grav_custom(self.grav, self.max_fall_speed)
        if self.jumping and self.current_tick >= 10 and self.auto_lag > 0:
            self.current_tick = 9
            if self.data["Auto"]:
                self.auto_lag -= 1
        if self.jumping and self.current_tick > 1 and host.is_grounded():
            self.jumping = False
        return None


# ---------------------------------------------------------------- specials

class Grenade(RobotState):
    """``characters/robo/Grenade.gd`` (REMOTE BOMB): throw the bomb along the chosen vector."""

    SPEED = "10.5"

    def enter(self):
        self.projectile_pos_y = -32 if self.data["y"] <= 0 else 16
        return None

    def process_projectile(self, obj) -> None:
        force = self.host.xy_to_dir(self.data["x"], self.data["y"], self.SPEED)
        obj.set_grounded(False)
        obj.apply_force(force["x"], force["y"])
        self.host.grenade_object = obj.obj_name

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.grenade_object is None


class Magnetize(RobotState):
    """``characters/robo/states/Magnetize.gd``: start the magnet (pulls the bomb, later the opponent)."""

    def frame_0(self):
        self.host.start_magnetizing()

    def tick(self):
        if self.current_tick == 7 and self.host.combo_count > 0:
            self.enable_interrupt()
        return None

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and host.magnet_ticks_left <= 0 and host.grenade_object is not None


class Flamethrower(RobotState):
    """``characters/robo/states/Flamethrower.gd``: leaves ground fire; one fire at a time."""

    def process_projectile(self, projectile) -> None:
        self.host.can_flamethrower = False

    def is_usable(self) -> bool:
        return super().is_usable() and self.host.can_flamethrower


# ---------------------------------------------------------------- supers

class LOIC(RobotState):
    """``characters/robo/states/LOIC.gd`` (LOIC, Galvanize): call the orbital strike.

    ``data``: ``{"Self": bool, "Delay": {"x": 0..100}}``: aim at the opponent or at
    Robot, after an aiming time between the minimum and 85 ticks.
    """

    MIN_AIM_TICKS_GALVANIZE = 20
    MIN_AIM_TICKS = 14
    MAX_AIM_TICKS = 85
    EXPORTS = {"self_": False}

    def enter(self):
        host = self.host
        host.loic_draining = True
        host.can_loic = False
        self.self_ = self.data["Self"]
        return None

    def process_projectile(self, obj) -> None:
        host = self.host
        target = host if self.self_ else host.opponent
        obj.set_pos(target.get_pos()["x"], 0)
        minimum = self.MIN_AIM_TICKS_GALVANIZE if self.self_ else self.MIN_AIM_TICKS
        t = fixed.div(str(self.data["Delay"]["x"]), "100")
        t = fixed.mul(t, str(self.MAX_AIM_TICKS - minimum))
        t = fixed.add(t, str(minimum))
        obj.aim_ticks = fixed.round(t)
        host.orbital_strike_out = True
        host.orbital_strike_projectile = obj.obj_name
        obj.self_ = self.self_

    def is_usable(self) -> bool:
        host = self.host
        return super().is_usable() and not host.orbital_strike_out and host.can_loic


class DisableLoic(RobotState):
    """``characters/robo/states/DisableLoic.gd`` (SHUTDOWN): call the strike off."""

    def enter(self):
        obj = self.host.obj_from_name(self.host.orbital_strike_projectile)
        if obj is not None:
            obj.deactivate()
        return None

    def is_usable(self) -> bool:
        obj = self.host.obj_from_name(self.host.orbital_strike_projectile)
        usable = obj is not None and not obj.deactivating
        return super().is_usable() and usable


class RobotMissile(RobotState):
    """``characters/robo/Missile.gd`` (LAUNCH): three missiles, each costing 1/12 of the fuel."""

    MISSILES = 3

    def __init__(self, name, props, children):
        super().__init__(name, props, children)
        self.missiles_left = self.MISSILES

    def enter(self):
        self.missiles_left = self.MISSILES
        return None

    def process_projectile(self, obj) -> None:
        host = self.host
        host.drain_air_option_bar(idiv(host.air_option_bar_max, 12))
        self.missiles_left -= 1
        if self.missiles_left > 0:
            self.current_tick = 1  # replay the frames up to the next launch

    def is_usable(self) -> bool:
        host = self.host
        return host.air_option_bar >= idiv(host.air_option_bar_max, 4) and super().is_usable()
