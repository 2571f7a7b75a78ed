"""The Wizard: ``characters/wizard/Wizard.gd``.

Resources: the hover gauge (``hover`` / ``fast_fall`` extras; drains while used, refills
on the ground), geyser charges, the orb (drains meter every tick, pushed and locked by
extras), spark bombs and the spark-speed boost, flame-wave cooldown, the tether, the
held boulder.  Spark speed is handled before the base tick, the hover/fast-fall/orb
upkeep after it.
"""
from __future__ import annotations

from fighter.fighter import Fighter
from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, imod

HOVER_AMOUNT = 1200
HOVER_MIN_AMOUNT = 250
HOVER_VEL_Y_POS_MODIFIER = "0.70"
HOVER_VEL_Y_NEG_MODIFIER = "0.94"
HOVER_GROUND_FRIC = "0.025"
ORB_SUPER_DRAIN = 2
FAST_FALL_SPEED = "7"
ORB_PUSH_SPEED = "8.5"
TETHER_FALLOFF = "0.95"
TETHER_SPEED = "1.5"
TETHER_TICKS = 90
SPARK_BOMB_PUSH_DISTANCE = "90"
SPARK_EXPLOSION_AIR_SPEED = 25
SPARK_EXPLOSION_GROUND_SPEED = 20
SPARK_EXPLOSION_DASH_SPEED = 12
SPARK_BOMB_SELF_DAMAGE = 31
SPARK_SPEED_FRAMES = 70
FLAME_WAVE_COOLDOWN = 30
ORB_DRAIN_INCREASE_FREQUENCY = 70
_BUSY_HURT = 1


class Wizard(Fighter):
    CHARACTER = "Wizard"
    ORB_SCENE = "characters/wizard/projectiles/orb/Orb.tscn"
    TETHER_TICKS = TETHER_TICKS
    SPARK_SPEED_FRAMES = SPARK_SPEED_FRAMES
    FLAME_WAVE_COOLDOWN = FLAME_WAVE_COOLDOWN

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.hover_left = 0
        self.hover_drain_amount = 25
        self.fast_fall_drain_amount = 20
        self.hover_gain_amount = 12
        self.hover_gain_amount_depleted = 4
        self.hover_gain_amount_air = -1
        self.hovering = False
        self.fast_falling = False
        self.fast_fall_landing = False
        self.gusts_in_combo = 0
        self.tether_ticks = 0
        self.geyser_charge = 0
        self.orb_duration = 0
        self.orb_accumulator = 0
        self.orb_projectile = None
        self.can_flame_wave = True
        self.can_vile_clutch = True
        self.current_orb_push = None
        self.detonating_bombs = False
        self.boulder_projectile = None
        self.flame_wave_cooldown = 0
        self.spark_bombs: list = []
        self.nearby_spark_bombs: list = []
        self.default_dash_speed = 0
        self.spark_speed_frames = 0

    def init(self) -> None:
        super().init()
        self.hover_left = idiv(HOVER_AMOUNT, 4) * 3
        if self.infinite_resources:
            self.hover_left = HOVER_AMOUNT
        self.geyser_charge = 3 if self.infinite_resources else 0
        self.default_dash_speed = self.get_state("DashForward").dash_speed

    def res(self) -> dict:
        return {
            "hover_left": self.hover_left, "hovering": self.hovering, "fast_falling": self.fast_falling,
            "fast_fall_landing": self.fast_fall_landing, "orb_projectile": self.orb_projectile,
            "orb_duration": self.orb_duration, "geyser_charge": self.geyser_charge,
            "flame_wave_cooldown": self.flame_wave_cooldown, "can_flame_wave": self.can_flame_wave,
            "can_vile_clutch": self.can_vile_clutch, "tether_ticks": self.tether_ticks,
            "gusts_in_combo": self.gusts_in_combo, "detonating_bombs": self.detonating_bombs,
            "spark_bombs": list(self.spark_bombs), "spark_speed_frames": self.spark_speed_frames,
            "boulder_projectile": self.boulder_projectile, "current_orb_push": self.current_orb_push,
        }

    # ------------------------------------------------------------------ hooks of the base fighter
    def on_blocked_melee_attack(self) -> None:
        super().on_blocked_melee_attack()
        self.hovering = False

    def on_roll_started(self) -> None:
        self.hovering = False
        self.fast_falling = False

    def on_parried(self) -> None:
        self.add_geyser_charge()

    def apply_grav(self) -> None:
        if self.fast_falling:
            self.apply_grav_custom(FAST_FALL_SPEED, FAST_FALL_SPEED)
        if not self.hovering:
            super().apply_grav()

    def apply_grav_fast_fall(self) -> None:
        self.move_directly("0", FAST_FALL_SPEED)

    def apply_grav_custom(self, grav: str, fall_speed: str) -> None:
        if not self.hovering:
            super().apply_grav_custom(grav, fall_speed)

    def add_geyser_charge(self) -> None:
        self.geyser_charge += 1
        if self.geyser_charge > 3:
            self.geyser_charge = 3

    def apply_fric(self) -> None:
        if self.is_grounded() and self.hovering:
            self.apply_x_fric(HOVER_GROUND_FRIC)
        else:
            super().apply_fric()

    def add_spark_bomb(self, projectile_name: str) -> None:
        self.spark_bombs.append(projectile_name)

    def spawn_orb(self) -> None:
        orb = self.spawn_object(self.ORB_SCENE, -10, -56)
        self.orb_projectile = orb.obj_name

    def on_state_started(self, state) -> None:
        super().on_state_started(state)
        if state.busy_interrupt_type == _BUSY_HURT:
            self.fast_falling = False
            self.detonating_bombs = False
        if state.IS_HURT_STATE:
            self.hovering = False
            self.detonating_bombs = False

    def gain_super_meter(self, amount, stale_amount="1.0") -> None:
        if self.orb_projectile:
            amount = fixed.round(fixed.mul(str(amount), "0.5"))
        super().gain_super_meter(amount, stale_amount)

    def on_got_hit(self) -> None:
        self.hovering = False
        self.fast_falling = False
        if self.boulder_projectile is not None:
            obj = self.obj_from_name(self.boulder_projectile)
            if obj is not None:
                obj.drop()
            self.boulder_projectile = None

    def on_got_parried(self) -> None:
        super().on_got_parried()
        if self.spark_speed_frames > 0:
            self.hitlag_ticks += 6
        self.hovering = False

    def incr_combo(self, scale=True, projectile=False, force=False, combo_scale_amount=1) -> None:
        if not projectile and self.combo_count < 1:
            name = self.current_state().name
            if "Geyser" not in name and "Burst" not in name:
                self.add_geyser_charge()
        super().incr_combo(scale, projectile, force, combo_scale_amount)

    # ------------------------------------------------------------------ the tick
    def _spark_speed(self) -> None:
        if self.spark_speed_frames <= 0:
            return
        self.chara.set_max_ground_speed(str(SPARK_EXPLOSION_GROUND_SPEED))
        self.chara.set_max_air_speed(str(SPARK_EXPLOSION_AIR_SPEED))
        self.get_state("DashForward").dash_speed = SPARK_EXPLOSION_DASH_SPEED
        self.get_state("Jump").x_modifier = "1.5"
        self.get_state("DoubleJump").x_modifier = "1.5"
        if self.hitlag_ticks <= 0:
            self.spark_speed_frames -= 1
        if self.spark_speed_frames <= 0:
            self.get_state("DashForward").dash_speed = self.default_dash_speed
            # Quirk kept: the original restores the two speeds swapped.
            self.chara.set_max_ground_speed(self.max_air_speed)
            self.chara.set_max_air_speed(self.max_ground_speed)
            self.get_state("Jump").x_modifier = "1.0"
            self.get_state("DoubleJump").x_modifier = "1.0"

    def tick(self) -> None:
        self._spark_speed()
        super().tick()
        if self.hitlag_ticks <= 0:
            self._hover_tick()
        self._orb_tick()
        if self.detonating_bombs:
            for obj_name in self.nearby_spark_bombs:
                bomb = self.obj_from_name(obj_name)
                if bomb is not None:
                    bomb.explode(True)
                    self.take_damage(SPARK_BOMB_SELF_DAMAGE)
        if self.flame_wave_cooldown > 0:
            self.flame_wave_cooldown -= 1
        if self.nearby_spark_bombs:
            self.nearby_spark_bombs = []
        if self.spark_bombs:
            self._spark_bombs_tick()
        if self.tether_ticks > 0:
            self._tether_tick()
        if self.combo_count <= 0 and not self.opponent.current_state().endless:
            self.gusts_in_combo = 0
        if self.hover_left <= 0:
            self.hover_left = 0

    def _hover_tick(self) -> None:
        if self.is_grounded():
            if self.fast_falling:
                self.fast_fall_landing = True
            self.fast_falling = False
        else:
            self.fast_fall_landing = False
        if self.hovering:
            self.fast_falling = False
            if self.current_state().busy_interrupt_type != _BUSY_HURT:
                vel = self.get_vel()
                modifier = HOVER_VEL_Y_NEG_MODIFIER if fixed.lt(vel["y"], "0") else HOVER_VEL_Y_POS_MODIFIER
                self.set_vel(vel["x"], fixed.mul(vel["y"], modifier))
                if self.hover_left > 0 and not self.infinite_resources:
                    self.hover_left -= self.hover_drain_amount
                    if self.hover_left <= 0:
                        self.hovering = False
                        self.hover_left = 0
        if self.fast_falling:
            self.hovering = False
            if not self.infinite_resources:
                self.hover_left -= self.fast_fall_drain_amount
                if self.hover_left <= 0:
                    self.fast_falling = False
                    self.hover_left = 0
            self.apply_grav_fast_fall()
        if self.is_grounded():
            gain = self.hover_gain_amount if self.hover_left >= HOVER_MIN_AMOUNT else self.hover_gain_amount_depleted
        else:
            gain = self.hover_gain_amount_air
        self.hover_left += gain
        if self.hover_left > HOVER_AMOUNT:
            self.hover_left = HOVER_AMOUNT

    def _orb_tick(self) -> None:
        if self.orb_projectile:
            self.use_super_meter(ORB_SUPER_DRAIN + self.orb_accumulator)
            if self.super_meter == 0 and self.supers_available == 0:
                self.match.objs_map[self.orb_projectile].disable()
            self.orb_duration += 1
            if self.orb_duration > 0 and imod(self.orb_duration, ORB_DRAIN_INCREASE_FREQUENCY) == 0:
                self.orb_accumulator += 1
        else:
            self.orb_duration = 0
            self.orb_accumulator = 0
        if self.current_orb_push is not None:
            if self.orb_projectile:
                push = self.current_orb_push
                if not (push["x"] == 0 and push["y"] == 0):
                    force = fixed.normalized_vec_times(str(push["x"]), str(push["y"]), ORB_PUSH_SPEED)
                    self.match.objs_map[self.orb_projectile].push(force["x"], force["y"])
            self.current_orb_push = None

    def _spark_bombs_tick(self) -> None:
        disabled = []
        for obj_name in self.spark_bombs:
            bomb = self.obj_from_name(obj_name)
            if bomb is None:
                disabled.append(obj_name)
                continue
            direction = self.obj_local_center(bomb)
            if (not bomb.exploded and bomb.armed
                    and fixed.lt(fixed.vec_len(str(direction["x"]), str(direction["y"])), SPARK_BOMB_PUSH_DISTANCE)):
                self.nearby_spark_bombs.append(obj_name)
        for obj_name in disabled:
            self.spark_bombs.remove(obj_name)

    def _tether_tick(self) -> None:
        if self.orb_projectile and not self.is_grounded():
            orb = self.match.objs_map[self.orb_projectile]
            if not orb.disabled:
                direction = self.obj_local_center(orb)
                falloff_power = fixed.round(fixed.div(str(TETHER_TICKS - self.tether_ticks), "3"))
                force = fixed.normalized_vec_times(str(direction["x"]), str(direction["y"]),
                                                   fixed.mul(TETHER_SPEED, fixed.powu(TETHER_FALLOFF, falloff_power)))
                self.apply_force(force["x"], force["y"])
        self.tether_ticks -= 1
        if self.is_grounded() or self.is_in_hurt_state():
            self.tether_ticks = 0

    # ------------------------------------------------------------------ extras
    def process_extra(self, extra: dict) -> None:
        super().process_extra(extra)
        if self.can_hover():
            if "hover" in extra:
                self.hovering = extra["hover"]
        else:
            self.hovering = False
        if self.can_fast_fall():
            if "fast_fall" in extra:
                if extra["fast_fall"]:
                    if not self.fast_falling:
                        self.set_vel(self.get_vel()["x"], FAST_FALL_SPEED)
                    self.fast_falling = extra["fast_fall"]
            else:
                self.fast_falling = False
        else:
            self.fast_falling = False
        if "orb_push" in extra and self.orb_projectile:
            self.current_orb_push = extra["orb_push"]
        if "detonate" in extra:
            self.detonating_bombs = extra["detonate"]
        if "lock_orb" in extra and self.orb_projectile:
            orb = self.obj_from_name(self.orb_projectile)
            if orb is not None:
                if not orb.locked and extra["lock_orb"]:
                    orb.lock()
                elif orb.locked and not extra["lock_orb"]:
                    orb.unlock()

    def can_fast_fall(self) -> bool:
        return not self.is_grounded() and self.can_hover()

    def can_hover(self) -> bool:
        return self.hover_left > HOVER_MIN_AMOUNT
