"""The Robot: ``characters/robo/Robot.gd``.

Resources: the fuel tank (``air_option_bar``, 1000: flight with the ``fly_dir`` /
``fly_enabled`` extras), the armor pip (``armor_enabled`` extra, 3-tick startup), the
LOIC meter, the grenade and its magnet, Drive stance cancels.  Upkeep after the base
tick: armor, magnet, ground refuel, flight, LOIC gain, ground-pound readiness.
"""
from __future__ import annotations

from fighter.fighter import Fighter
from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, imod, int_max

MAX_ARMOR_PIPS = 1
FLY_FORCE = "1.65"
FORWARD_FLY_SPEED_MODIFIER = "1.0"
MAX_FORWARD_FLIGHT_SPEED = "9"
MAX_BACKWARD_FLIGHT_SPEED = "5"
MAGNET_MIN_BOMB_DIST = 64
MAGNET_MIN_TICKS = 10
FLY_TICKS = 25
MAX_FLY_UP_SPEED = "-6"
GROUND_POUND_MIN_HEIGHT = -48
LOIC_METER = 1000
START_LOIC_METER = 500
LOIC_GAIN = 5
LOIC_GAIN_NO_ARMOR = 5
MAGNET_TICKS = 100
MAGNET_STRENGTH = "1.6"
MAGNET_BOMB_STRENGTH = "1.0"
BOUNCE_SPEED = "10"
ARMOR_STARTUP_TICKS = 3
WC_EXTRA_ARMOR_STARTUP_TICKS = 2
MAGNETIZE_OPPONENT_BLOCKED_MOD = "0.75"
MAGNETIZE_BOMB_STRENGTH_INCREASE = "0.1"
DRAIN_AIR_OPTION_BAR_AMOUNT = 20
GAIN_AIR_OPTION_BAR_AMOUNT = 3
GAIN_AIR_OPTION_BAR_ON_HIT = 300
MIN_AIR_OPTION_BAR_AMOUNT = 80
FLY_GRAV = "0.05"
FLY_MAX_FALL_SPEED = "100.0"


def _get_host_command(state, command_name: str):
    """``ObjectState.gd: get_host_command``: the state's HostCommand node (or dict entry) calling this method.

    Plain ``host_commands`` entries (a method name or ``[method, args...]``) never match,
    as in the original, which only looks into HostCommand nodes and dictionaries.
    """
    for commands in list(state.host_command_nodes.values()) + list(state.host_commands.values()):
        if isinstance(commands, list):
            for command in commands:
                if isinstance(command, dict) and command_name in command:
                    return command
                if hasattr(command, "command") and command.command == command_name:
                    return command
        if isinstance(commands, dict) and command_name in commands:
            return commands
    return None


class Robot(Fighter):
    CHARACTER = "Robot"
    LOIC_METER = LOIC_METER

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.loic_draining = False
        self.armor_pips = 1
        self.landed_move = False
        self.flying_dir = None
        self.fly_ticks_left = 0
        self.fly_fx_started = False
        self.kill_process_super_level = 0
        self.start_fly = False
        self.can_ground_pound = False
        self.can_gain_ground_pound = True
        self.buffer_reset_ground_pound = False
        self.orbital_strike_out = False
        self.orbital_strike_projectile = None
        self.can_loic = False
        self.loic_meter = 0
        self.got_hit = False
        self.armor_active = False
        self.buffer_armor = False
        self.can_unlock_gratuitous = True
        self.can_flamethrower = True
        self.magnet_ticks_left = 0
        self.grenade_object = None
        self.flame_touching_opponent = None
        self.magnet_installed = False
        self.armor_startup_ticks = 0
        self.used_earthquake_grab = False
        self.force_fly = False
        self.magnetize_opponent = False
        self.magnetize_opponent_blocked = False
        self.magnetize_bomb_strength = "0"
        self.loic_dir = 0
        self.drive_cancel = False
        self.buffer_drive_cancel = False
        self.super_armor_installed = False
        self.propel_friction_ticks = 0

    def init(self) -> None:
        super().init()
        self.armor_pips = 1
        self.loic_meter = START_LOIC_METER
        if self.infinite_resources:
            self.can_loic = True
            self.loic_meter = LOIC_METER

    def res(self) -> dict:
        return {
            "armor_pips": self.armor_pips, "armor_active": self.armor_active, "buffer_armor": self.buffer_armor,
            "armor_startup_ticks": self.armor_startup_ticks, "loic_meter": self.loic_meter, "can_loic": self.can_loic,
            "loic_draining": self.loic_draining, "orbital_strike_out": self.orbital_strike_out,
            "orbital_strike_projectile": self.orbital_strike_projectile, "fly_ticks_left": self.fly_ticks_left,
            "flying_dir": self.flying_dir, "start_fly": self.start_fly, "magnet_ticks_left": self.magnet_ticks_left,
            "magnet_installed": self.magnet_installed, "grenade_object": self.grenade_object,
            "kill_process_super_level": self.kill_process_super_level, "can_ground_pound": self.can_ground_pound,
            "drive_cancel": self.drive_cancel, "super_armor_installed": self.super_armor_installed,
            "propel_friction_ticks": self.propel_friction_ticks, "landed_move": self.landed_move,
            "can_flamethrower": self.can_flamethrower, "can_unlock_gratuitous": self.can_unlock_gratuitous,
            "magnetize_opponent": self.magnetize_opponent, "loic_dir": self.loic_dir,
        }

    # ------------------------------------------------------------------ hooks of the base fighter
    def on_got_hit_by_fighter(self) -> None:
        if self.armor_active:
            self.got_hit = True

    def on_got_parried(self) -> None:
        super().on_got_parried()
        self.flying_dir = None
        self.can_ground_pound = False

    def on_got_hit(self) -> None:
        self.gain_air_option_bar(idiv(GAIN_AIR_OPTION_BAR_ON_HIT, int_max(self.combo_count, 1)))

    def on_launched(self) -> None:
        if self.orbital_strike_projectile and self.orbital_strike_projectile in self.match.objs_map:
            self.match.objs_map[self.orbital_strike_projectile].deactivate()
            self.orbital_strike_out = False
            self.orbital_strike_projectile = None

    def on_grabbed(self) -> None:
        self.on_launched()

    def has_armor(self) -> bool:
        return self.armor_active and self.super_armor_installed and not self.current_state().IS_HURT_STATE

    def has_autoblock_armor(self) -> bool:
        return self.armor_active and not self.current_state().IS_HURT_STATE

    def incr_combo(self, scale=True, projectile=False, force=False, combo_scale_amount=1) -> None:
        if self.combo_count == 0:
            self.landed_move = True
        # Quirk kept: the original passes ``force`` and ``projectile`` swapped to the base.
        super().incr_combo(scale, force, projectile, combo_scale_amount)
        if (self.can_unlock_gratuitous and "GroundSlam" in self.combo_moves_used
                and self.current_state().name != "GroundSlam"):
            self.can_unlock_gratuitous = False

    def apply_grav(self) -> None:
        flying = self.flying_dir
        if flying is None or (fixed.lt(self.get_vel()["y"], "0") and flying["x"] != 0 and flying["y"] >= 0):
            super().apply_grav()
        else:
            super().apply_grav_custom(FLY_GRAV, FLY_MAX_FALL_SPEED)

    def magnetize(self) -> None:
        if self.magnetize_opponent:
            direction = self.get_opponent_dir_vec()
            strength = MAGNET_STRENGTH
            if self.magnetize_opponent_blocked:
                strength = fixed.mul(strength, MAGNETIZE_OPPONENT_BLOCKED_MOD)
            force = fixed.vec_mul(direction["x"], direction["y"], fixed.mul(strength, "-1"))
            if fixed.round(self.distance_to(self.opponent)) < MAGNET_MIN_BOMB_DIST:
                if MAGNET_TICKS - self.magnet_ticks_left > MAGNET_MIN_TICKS:
                    self.magnet_ticks_left = 1
            self.opponent.apply_force(force["x"], force["y"] if self.opponent.is_grounded() else "0")
        obj = self.obj_from_name(self.grenade_object)
        if obj is not None:
            direction = self.get_object_dir_vec(obj)
            force = fixed.vec_mul(direction["x"], direction["y"],
                                  fixed.mul(fixed.mul(MAGNET_BOMB_STRENGTH, self.magnetize_bomb_strength), "-1"))
            if fixed.round(self.distance_to(obj)) < MAGNET_MIN_BOMB_DIST:
                if MAGNET_TICKS - self.magnet_ticks_left > MAGNET_MIN_TICKS:
                    self.magnet_ticks_left = 1
            obj.apply_force(force["x"], force["y"])
        else:
            self.magnet_ticks_left = 1
        self.magnetize_bomb_strength = fixed.add(self.magnetize_bomb_strength, MAGNETIZE_BOMB_STRENGTH_INCREASE)
        if fixed.gt(self.magnetize_bomb_strength, "1.0") or self.magnetize_opponent:
            self.magnetize_bomb_strength = "1.0"

    def add_armor_pip(self) -> None:
        self.armor_pips += 1
        if self.armor_pips > MAX_ARMOR_PIPS:
            self.armor_pips = MAX_ARMOR_PIPS

    def can_perfect_parry(self) -> bool:
        return self.flying_dir is None

    # ------------------------------------------------------------------ the tick
    def tick(self) -> None:
        super().tick()
        if self.propel_friction_ticks > 0:
            self.propel_friction_ticks -= 1
            if self.propel_friction_ticks == 0:
                self.chara.set_ground_friction(self.ground_friction)
        self._armor_tick()
        if self.current_state().is_grab and self.feinting and self.armor_active:
            self.feinting = False
        if self.magnet_ticks_left > 0:
            self.magnetize()
            self.magnet_ticks_left -= 1
        else:
            self.magnetize_opponent = False
            self.magnetize_opponent_blocked = False
        if self.landed_move:
            if not self.current_state().IS_HURT_STATE:
                self.add_armor_pip()
            self.landed_move = False
        if self.is_grounded() and not self.force_fly:
            self.flying_dir = None
            if self.air_option_bar < MIN_AIR_OPTION_BAR_AMOUNT:
                self.air_option_bar = MIN_AIR_OPTION_BAR_AMOUNT
            self.gain_air_option_bar(GAIN_AIR_OPTION_BAR_AMOUNT)
        if self.is_in_hurt_state():
            self.flying_dir = None
        state = self.current_state()
        if self.flying_dir is not None and getattr(state, "can_fly", None) is not None and not state.can_fly:
            self.flying_dir = None
        if self.start_fly and self.flying_dir is not None:
            self.fly_ticks_left = FLY_TICKS
            self.start_fly = False
        if self.flying_dir:
            self._fly_tick()
        self._loic_tick()
        if self.buffer_reset_ground_pound:
            self.buffer_reset_ground_pound = False
            self.can_ground_pound = False
        if self.is_grounded() and not self.current_state().started_in_air:
            self.buffer_reset_ground_pound = True
            self.can_gain_ground_pound = True
        if (not self.can_ground_pound and self.can_gain_ground_pound
                and self.get_pos()["y"] < GROUND_POUND_MIN_HEIGHT and not self.is_in_hurt_state()):
            self.can_ground_pound = True
            self.can_gain_ground_pound = False
        if self.buffer_drive_cancel:
            self.buffer_drive_cancel = False
            self.drive_cancel = True
        if self.air_option_bar == 0 and self.flying_dir:
            self.flying_dir = None

    def _armor_tick(self) -> None:
        if self.got_hit:
            self.armor_pips = 0
            self.got_hit = False
            self.buffer_armor = False
            if self.armor_active:
                self.super_armor_installed = False
            self.armor_active = False
            if self.armor_startup_ticks > 0:
                self.armor_startup_ticks = 0
        elif self.armor_startup_ticks > 0:
            self.armor_startup_ticks -= 1
            if self.armor_startup_ticks == 0:
                self.armor_active = True
                self.buffer_armor = False

    def _fly_tick(self) -> None:
        flying = self.flying_dir
        if not self.is_grounded() or self.force_fly:
            vel = self.get_vel()
            fly_force = fixed.normalized_vec_times(str(flying["x"]), str(flying["y"]), FLY_FORCE)
            if flying["x"] == self.get_opponent_dir():
                fly_force["x"] = fixed.mul(fly_force["x"], FORWARD_FLY_SPEED_MODIFIER)
            if self.force_fly and fixed.ge(fly_force["y"], "0"):
                fly_force["y"] = "0"
            upward_speed = fly_force["y"]
            upward_speed_mod = "1.0"
            air_options_ratio = fixed.div(str(self.air_option_bar), str(self.air_option_bar_max))
            if fixed.lt(fly_force["y"], "0"):
                upward_speed_mod = fixed.mul("1.0", air_options_ratio)
                if fixed.lt(upward_speed_mod, "0.3"):
                    upward_speed_mod = "0.3"
            if flying["y"] < 0 and fixed.gt(vel["y"], "0"):
                self.update_data()
                vel = self.get_vel()
                self.set_vel(vel["x"], "0")
            if flying["y"] > 0 and fixed.lt(vel["y"], "0"):
                self.update_data()
                vel = self.get_vel()
                self.set_vel(vel["x"], fixed.mul(vel["y"], "0.75"))
            self.apply_force(fly_force["x"], fixed.mul(upward_speed, fixed.mul(upward_speed_mod, "0.4")))
            max_horiz_speed = (MAX_BACKWARD_FLIGHT_SPEED if fixed.sign(vel["x"]) != self.get_opponent_dir()
                               else MAX_FORWARD_FLIGHT_SPEED)
            if fixed.lt(vel["y"], MAX_FLY_UP_SPEED):
                self.update_data()
                vel = self.get_vel()
                self.set_vel(vel["x"], MAX_FLY_UP_SPEED)
            # Quirk kept: the original compares two number *strings* here (lexicographic order).
            if fixed.abs(vel["x"]) > max_horiz_speed and fixed.sign(vel["x"]) == flying["x"]:
                self.update_data()
                vel = self.get_vel()
                self.set_vel(fixed.mul(max_horiz_speed, str(fixed.sign(vel["x"]))), vel["y"])
            if fixed.eq(fixed.vec_len(fly_force["x"], fly_force["y"]), "0"):
                new_vel = fixed.vec_mul(vel["x"], vel["y"], "0.90")
                self.set_vel(new_vel["x"], new_vel["y"])
            self.drain_air_option_bar(DRAIN_AIR_OPTION_BAR_AMOUNT)
            self.fly_ticks_left -= 1
            if self.fly_ticks_left <= 0:
                self.flying_dir = None
            elif imod(self.current_tick, 2) == 0:
                if flying["x"] != 0:
                    if flying["x"] != self.get_opponent_dir():
                        self.add_penalty(1)
                elif flying["y"] == -1:
                    self.add_penalty(1)

    def _loic_tick(self) -> None:
        if self.loic_meter < LOIC_METER and not self.loic_draining:
            obj = self.obj_from_name(self.orbital_strike_projectile)
            can_gain_loic = not (obj is not None and obj.active)
            if can_gain_loic:
                self.loic_meter += LOIC_GAIN if self.armor_pips > 0 else LOIC_GAIN_NO_ARMOR
            if self.infinite_resources:
                self.loic_meter = LOIC_METER
                self.can_loic = True
        if self.loic_meter >= LOIC_METER and self.supers_available > 1:
            self.can_loic = True
            self.loic_meter = LOIC_METER
        else:
            self.can_loic = False

    def start_magnetizing(self) -> None:
        self.magnet_ticks_left = MAGNET_TICKS
        self.magnetize_bomb_strength = "0"
        obj = self.obj_from_name(self.grenade_object)
        if obj is not None:
            obj.refresh()
        self.magnet_installed = False

    def stop_flying(self) -> None:
        self.flying_dir = None

    def reset_combo(self) -> None:
        super().reset_combo()
        self.used_earthquake_grab = False

    # ------------------------------------------------------------------ extras
    def process_extra(self, extra: dict) -> None:
        super().process_extra(extra)
        can_fly = not self.busy_interrupt
        self.force_fly = False
        if "fly_dir" in extra and (not self.is_grounded() or extra.get("force_fly")) and can_fly:
            if extra.get("fly_enabled") and self.air_option_bar > 0:
                fly_dir = extra["fly_dir"]
                same_dir = self.flying_dir is None or (self.flying_dir["x"] == fly_dir["x"]
                                                       and self.flying_dir["y"] == fly_dir["y"])
                if self.flying_dir is None or not same_dir:
                    self.start_fly = True
                self.flying_dir = fly_dir
                if "force_fly" in extra:
                    self.force_fly = extra["force_fly"]
            elif "fly_enabled" in extra and not extra["fly_enabled"]:
                self.flying_dir = None
        if "loic_dir" in extra:
            self.loic_dir = extra["loic_dir"]["x"]
        if "armor_enabled" in extra and self.armor_pips > 0:
            self.buffer_armor = extra["armor_enabled"]
            if extra["armor_enabled"] and self.current_state().state_name == "WhiffInstantCancel":
                self.armor_startup_ticks += WC_EXTRA_ARMOR_STARTUP_TICKS
        if "nade_activated" in extra and self.grenade_object is not None and extra["nade_activated"]:
            nade = self.obj_from_name(self.grenade_object)
            if nade is not None and not nade.active:
                nade.activate()
                bounce = extra.get("bounce")
                if bounce is not None and (bounce["x"] != 0 or bounce["y"] != 0):
                    force = self.xy_to_dir(bounce["x"], bounce["y"], BOUNCE_SPEED)
                    nade.reset_momentum()
                    nade.apply_force(force["x"], force["y"])
        if "pull_enabled" in extra and self.magnet_installed and not self.buffer_armor and extra["pull_enabled"]:
            self.start_magnetizing()
        if "drive_cancel" in extra:
            self.buffer_drive_cancel = extra["drive_cancel"]

    # ------------------------------------------------------------------ signals
    def on_attack_blocked(self) -> None:
        if _get_host_command(self.current_state(), "try_drive_cancel"):
            if self.drive_cancel:
                self.drive_cancel = False
                self.buffer_drive_cancel = False
                self.change_state("UnDriveCancel" if self.stance == "Drive" else "DriveCancel")
        self.gain_air_option_bar(idiv(GAIN_AIR_OPTION_BAR_ON_HIT, 4))
        self.can_ground_pound = False

    def on_blocked_melee_attack(self) -> None:
        super().on_blocked_melee_attack()
        self.flying_dir = None

    def use_burst(self) -> None:
        super().use_burst()
        self.air_option_bar = self.air_option_bar_max

    def try_drive_cancel(self, fast=False) -> None:
        if self.got_parried or not self.drive_cancel:
            return
        self.drive_cancel = False
        if self.stance == "Drive":
            self.change_state("UnDriveCancel")
        else:
            self.change_state("DriveCancel" if not fast else "FastDriveCancel")

    def on_state_ended(self, state) -> None:
        self.drive_cancel = False  # (does not call the base)

    def on_state_exited(self, state) -> None:
        super().on_state_exited(state)
        if self.buffer_armor:
            self.armor_startup_ticks += ARMOR_STARTUP_TICKS
            self.armor_pips = 0
        else:
            if self.armor_active:
                self.super_armor_installed = False
            self.armor_active = False

    def on_state_interruptable(self, state=None) -> None:
        super().on_state_interruptable(state)
        if self.armor_active:
            self.super_armor_installed = False
        self.armor_active = False

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self.gain_air_option_bar(idiv(GAIN_AIR_OPTION_BAR_ON_HIT, int_max(self.combo_count, 1)))
