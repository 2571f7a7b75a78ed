"""The Cowboy: ``characters/swordandgun/SwordGuy.gd``.

Resources: six bullets and the gun (in hand or thrown), the after-image ("Foresight")
with its detonate / shift / drift / hindsight extras, the lasso, the temporal round, the
1000 Cuts buff, and bullet-cancelling (the ``gun_cancel`` extra arms ``try_shoot``
host commands).
"""
from __future__ import annotations

import copy

from fighter.fighter import Fighter
from yomi.fixed import FixedMath as fixed

GUN_PICKUP_DISTANCE = "26"
GUN_PICKUP_DISTANCE_BOOMERANG = "32"
AFTER_IMAGE_MAX_DIST = "410"
MAX_AIR_SPEED_1KCUTS = "12"
DRIFT_JUMP_TIMER = 4
DRIFT_SUPERS = 1
GROUNDED_DRIFT_JUMP_SPEED = "-3"
FORESIGHT_SCENE = "characters/swordandgun/projectiles/AfterImage.tscn"
BARREL_LOCATION_X = "26"
BARREL_LOCATION_Y = "-5"


class Cowboy(Fighter):
    CHARACTER = "Cowboy"
    is_ghost = False  # the real match, never the UI's preview (Brandish reads it)

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.bullets_left = 6
        self.cut_projectile = None
        self.lasso_projectile = None
        self.after_image_object = None
        self.used_aerial_h_slash = False
        self.used_aerial_l_slice = False
        self.has_gun = True
        self.gun_projectile = None
        self.consecutive_shots = 1
        self.shot_dir_x = 100
        self.shot_dir_y = 0
        self.lightning_slice_x = 0
        self.lightning_slice_y = 0
        self.up_swipe_momentum = True
        self.buffer_bullet_cancelling = False
        self.bullet_cancelling = False
        self.stance_teleport_x = 0
        self.stance_teleport_y = 0
        self.detonating = False
        self.shifting = False
        self.temporal_round = None
        self.drift_effect = False
        self.drift_jump_timer = 0
        self.shifted_this_frame = False
        self.shifted_last_frame = False
        self.ticks_until_time_shift = 0
        self.lasso_parried = False
        self.default_max_air_speed = "9"
        self.milk_toggled = False
        self.milk_toggle_tick = 0
        self.shifted_this_turn = False
        self.fatal_cut_move_dir_x = 0
        self.fatal_cut_move_dir_y = 0
        self.fatal_cut_start_pos_x = 0
        self.fatal_cut_start_pos_y = 0

    def init(self) -> None:
        super().init()
        self.bullets_left = 6
        self.HOLD_FORCE_STATES["QuickerDraw"] = "SlowHolster"
        self.HOLD_RESTARTS.append("DashForward1k")

    def res(self) -> dict:
        return {
            "bullets_left": self.bullets_left, "has_gun": self.has_gun, "gun_projectile": self.gun_projectile,
            "consecutive_shots": self.consecutive_shots, "after_image_object": self.after_image_object,
            "temporal_round": self.temporal_round, "lasso_projectile": self.lasso_projectile,
            "cut_projectile": self.cut_projectile, "used_aerial_h_slash": self.used_aerial_h_slash,
            "used_aerial_l_slice": self.used_aerial_l_slice, "up_swipe_momentum": self.up_swipe_momentum,
            "bullet_cancelling": self.bullet_cancelling, "detonating": self.detonating, "shifting": self.shifting,
            "drift_jump_timer": self.drift_jump_timer, "milk_toggled": self.milk_toggled,
            "ticks_until_time_shift": self.ticks_until_time_shift,
        }

    # ------------------------------------------------------------------ helpers of the moves
    def get_barrel_location(self, angle: str, modifier: str = "1.0") -> dict:
        """Where the muzzle is for a shot at ``angle`` (relative to the feet, facing right)."""
        vec = fixed.rotate_vec(BARREL_LOCATION_X, BARREL_LOCATION_Y, angle)
        barrel = fixed.vec_mul(vec["x"], vec["y"], modifier)
        barrel["y"] = fixed.sub(barrel["y"], "24")
        return barrel

    def setup_foresight(self, projectile) -> None:
        self.after_image_object = projectile.obj_name

    def load_last_input_into_buffer(self) -> None:
        """BaseChar.gd: load_last_input_into_buffer (only the Shift teleport uses it)."""
        self.buffered_input = copy.deepcopy(self.last_input)

    # ------------------------------------------------------------------ upkeep
    def shift(self) -> None:
        if self.opponent.combo_count > 0:
            return
        obj = self.obj_from_name(self.after_image_object)
        if obj is not None:
            pos = obj.get_pos()
            self.set_pos(pos["x"], pos["y"])
            obj.disable()
            self.after_image_object = None
            self.shifted_this_frame = True
            if obj.get_pos()["y"] >= 0:
                self.set_vel(self.get_vel()["x"], "0")
            if self.combo_count <= 0:
                self.add_penalty(15)

    def start_1k_cuts_buff(self) -> None:
        self.max_air_speed = MAX_AIR_SPEED_1KCUTS
        self.chara.set_max_air_speed(MAX_AIR_SPEED_1KCUTS)

    def end_1k_cuts_buff(self) -> None:
        self.max_air_speed = self.default_max_air_speed
        self.chara.set_max_air_speed(self.default_max_air_speed)

    def tick(self) -> None:
        """SwordGuy.gd: tick (the after-image and Shift before the fighter's tick, upkeep after)."""
        self._after_image_upkeep()
        super().tick()
        self._drift_jump()
        self._shift_followup()
        if self.cut_projectile in self.match.objs_map:
            proj = self.match.objs_map[self.cut_projectile]
            if proj is None or proj.disabled:
                self.cut_projectile = None
        if self.is_grounded():
            self.used_aerial_h_slash = False
            self.used_aerial_l_slice = False
            self.up_swipe_momentum = True
        if self.combo_count > 0:
            self.up_swipe_momentum = True
        self._gun_pickup()
        if self.buffer_bullet_cancelling:
            self.bullet_cancelling = True
            self.buffer_bullet_cancelling = False

    def _after_image_upkeep(self) -> None:
        """Detonate the after-image when asked or beyond 410 px; the Shift extra starts ``Shift``."""
        if not self.after_image_object:
            return
        obj = self.obj_from_name(self.after_image_object)
        if obj is None:
            return
        if self.detonating:
            self.detonating = False
            obj.detonating = True
        elif fixed.gt(self.distance_to(obj), AFTER_IMAGE_MAX_DIST):
            obj.detonating = True
        if self.shifting and self.current_state().state_name != "Shift":
            self.set_grounded(obj.is_grounded())
            if not obj.is_grounded():
                self.move_directly(0, -1)
            self.shifted_this_turn = True
            self.change_state("Shift")
        elif self.current_state().state_name == "Shift":
            self.shifting = False

    def _drift_jump(self) -> None:
        """Drift from the ground: a small hop 4 ticks later."""
        if self.drift_jump_timer > 0:
            self.drift_jump_timer -= 1
            if self.drift_jump_timer == 0:
                self.apply_force("0", GROUNDED_DRIFT_JUMP_SPEED)
                self.move_directly(0, -1)
                self.set_grounded(False)

    def _shift_followup(self) -> None:
        """The tick after a Shift, an attack just started skips two frames (grabs excepted)."""
        if self.shifted_last_frame:
            state = self.current_state()
            if state.current_tick == 1 and state.has_hitboxes and "Grab" not in state.state_name:
                self.state_tick()
                self.state_tick()
            self.shifted_last_frame = False
        if self.shifted_this_frame:
            self.update_facing()
            self.shifted_this_frame = False
            self.shifted_last_frame = True

    def _gun_pickup(self) -> None:
        """Catch the thrown gun when it is close (26 px, 32 after it shot); it stops hurting in combos."""
        if self.has_gun or self.gun_projectile is None:
            return
        gun = self.match.objs_map.get(self.gun_projectile)
        if gun is None or gun.data is None or gun.disabled:
            return
        dist = self.obj_local_center(gun)
        pickup_dist = GUN_PICKUP_DISTANCE_BOOMERANG if gun.shot else GUN_PICKUP_DISTANCE
        if gun.can_be_picked_up and fixed.lt(fixed.vec_len(str(dist["x"]), str(dist["y"])), pickup_dist):
            gun.disable()
            self.has_gun = True
            self.gun_projectile = None
        if self.opponent.combo_count > 0:
            gun.deactivate_current_hitbox()

    def drift(self) -> None:
        obj = self.obj_from_name(self.after_image_object)
        if self.supers_available >= DRIFT_SUPERS and obj is not None:
            self.detonating = False
            obj.detonating = True
            if not self.milk_toggled:
                if self.is_grounded():
                    state = self.current_state()
                    state.entered_in_air = True
                    state.started_in_air = True
                    self.drift_jump_timer = DRIFT_JUMP_TIMER
                self.milk_toggled = True
                self.milk_toggle_tick = self.current_tick
                for _ in range(DRIFT_SUPERS):
                    self.use_super_bar()
                self.combo_supers += 1
                self.set_vel(self.get_vel()["x"], "0")
                self.drift_effect = True

    def process_extra(self, extra: dict) -> None:
        super().process_extra(extra)
        if "gun_cancel" in extra:
            self.buffer_bullet_cancelling = extra["gun_cancel"]
        if "detonate" in extra:
            self.detonating = extra["detonate"]
        if "shift" in extra:
            self.shifting = extra["shift"]
            if self.shifting:
                self.shifted_this_turn = True
                if self.current_state().IS_NEW_PARRY:
                    self.change_state("Wait")
        if extra.get("drift"):
            self.drift()
        if "hindsight" in extra and self.supers_available > 0 and extra["hindsight"]:
            self.use_super_bar()
            obj = self.obj_from_name(self.after_image_object)
            if obj is not None:
                obj.detonating = True
            self.setup_foresight(self.spawn_object(FORESIGHT_SCENE, 0, 0))

    # ------------------------------------------------------------------ host commands and requirements
    def can_bullet_cancel(self) -> bool:
        return self.bullets_left > 0 and self.has_gun

    def try_shoot(self) -> None:
        if self.got_parried or not self.bullet_cancelling or not self.has_gun:
            return
        if self.bullets_left > 0:
            self.bullet_cancelling = False
            self.can_update_sprite = False
            self.change_state("QuickerDraw")

    def has_1k_cuts(self) -> bool:
        return self.cut_projectile is not None

    def use_bullet(self) -> None:
        if self.infinite_resources:
            return
        self.bullets_left -= 1

    # ------------------------------------------------------------------ signals
    def on_state_ended(self, state) -> None:
        super().on_state_ended(state)
        if state.state_name == "Roll":
            self.lasso_parried = False
        self.bullet_cancelling = False
        if self.milk_toggle_tick < self.current_tick:
            self.drift_effect = False
        self.milk_toggled = False

    def on_attack_blocked(self) -> None:
        if not self.bullet_cancelling or not self.has_gun:
            return
        if self.bullets_left > 0:
            self.bullet_cancelling = False
            self.can_update_sprite = False
            self.change_state("Brandish")

    def on_got_hit(self) -> None:
        if self.cut_projectile:
            if self.cut_projectile in self.match.objs_map:
                self.match.objs_map[self.cut_projectile].disable()
                self.cut_projectile = None
        if self.after_image_object:
            obj = self.obj_from_name(self.after_image_object)
            if obj is not None:
                obj.disable()
                self.after_image_object = None

    def can_block_cancel(self) -> bool:
        if self.current_state().name in ("Brandish", "QuickerDraw"):
            return False
        return super().can_block_cancel()

    def should_free_cancel_allow_grounded_and_aerial_states(self) -> bool:
        return (self.current_state().state_name != "QuickerDraw"
                and super().should_free_cancel_allow_grounded_and_aerial_states())
