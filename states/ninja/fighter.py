"""The Ninja: ``characters/stickman/Stickman.gd``.

Resources: momentum store (released with the ``release`` extra, decays every tick out
of combos), grappling hook and pulling, sticky bombs, kunai/kick summons, the Skull
Shaker bleed.  Upkeep after the base tick: hook pull, bleed, momentum release and decay.
"""
from __future__ import annotations

from fighter.fighter import Fighter
from yomi.fixed import FixedMath as fixed
from yomi.gd import imod

RELEASE_MODIFIER = "1.175"
HOOK_DISABLE_DIST = "32"
HOOK_PULL_SPEED = "2"
MAX_PULL_SPEED = "15"
MAX_PULL_UPWARD_SPEED = "-10"
MAX_MOMENTUM_UPWARD_SPEED = "-10"
BACKWARD_PULL_PENALTY = 2
SKULL_SHAKER_BLEED_TICKS = 80
SKULL_SHAKER_BLEED_DAMAGE = 2
BOOST_REDUCTION_PER_FRAME = "0.1"
MIN_BOOST_REDUCTION_PER_FRAME = "0.05"


class Ninja(Fighter):
    CHARACTER = "Ninja"
    SKULL_SHAKER_BLEED_TICKS = SKULL_SHAKER_BLEED_TICKS

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.can_summon_kunai = True
        self.can_summon_kick = True
        self.bomb_thrown = False
        self.bomb_projectile = None
        self.momentum_stores = 0
        self.stored_momentum_x = "0"
        self.stored_momentum_y = "0"
        self.sticky_bombs_left = 3
        self.quick_slash_start_pos_x = 0
        self.quick_slash_start_pos_y = 0
        self.quick_slash_move_dir_x = "0"
        self.quick_slash_move_dir_y = "0"
        self.grappling_hook_projectile = None
        self.pulling = False
        self.used_grappling_hook = False
        self.whip_beam_charged = False
        self.substituted_objects: dict = {}
        self.skull_shaker_bleed_ticks = 0
        self.stored_speed_1 = "11"
        self.stored_speed_2 = "11"
        self.stored_speed_3 = "11"
        self.released_this_turn = False
        self.will_release_momentum = False
        self.will_store_momentum = False
        self.boosted_during_combo = False
        self.current_momentum = "0"
        self.boost_frames_left = 0
        self.stackriken_out = False
        self.can_divekick_hop = True

    def init(self) -> None:
        super().init()
        if self.infinite_resources:
            self.momentum_stores = 1

    # ------------------------------------------------------------------ hooks of the base fighter
    def res(self) -> dict:
        return {
            "momentum_stores": self.momentum_stores, "stored_momentum_x": self.stored_momentum_x,
            "stored_momentum_y": self.stored_momentum_y, "current_momentum": self.current_momentum,
            "stored_speed_1": self.stored_speed_1, "stored_speed_2": self.stored_speed_2,
            "stored_speed_3": self.stored_speed_3, "boost_frames_left": self.boost_frames_left,
            "sticky_bombs_left": self.sticky_bombs_left, "bomb_thrown": self.bomb_thrown,
            "bomb_projectile": self.bomb_projectile, "grappling_hook_projectile": self.grappling_hook_projectile,
            "pulling": self.pulling, "used_grappling_hook": self.used_grappling_hook,
            "can_summon_kunai": self.can_summon_kunai, "can_summon_kick": self.can_summon_kick,
            "whip_beam_charged": self.whip_beam_charged, "skull_shaker_bleed_ticks": self.skull_shaker_bleed_ticks,
            "released_this_turn": self.released_this_turn, "will_release_momentum": self.will_release_momentum,
            "will_store_momentum": self.will_store_momentum, "boosted_during_combo": self.boosted_during_combo,
            "stackriken_out": self.stackriken_out, "can_divekick_hop": self.can_divekick_hop,
        }

    def explode_sticky_bomb(self) -> None:
        if self.bomb_thrown and self.obj_from_name(self.bomb_projectile) is not None:
            self.match.objs_map[self.bomb_projectile].explode()

    def on_roll_started(self) -> None:
        self.detach()

    def process_extra(self, extra: dict) -> None:
        vel = self.get_vel()
        self.current_momentum = fixed.vec_len(vel["x"], vel["y"])
        super().process_extra(extra)
        if extra.get("explode"):
            self.explode_sticky_bomb()
        if "pull" in extra:
            self.pulling = extra["pull"]
        if extra.get("detach"):
            self.detach()
        if extra.get("release") and "release_dir" in extra:
            self.will_release_momentum = True
            direction = extra["release_dir"]
            impulse = self.xy_to_dir(direction["x"], direction["y"], fixed.mul(RELEASE_MODIFIER, self.stored_speed_1))
            self.stored_momentum_x = impulse["x"]
            self.stored_momentum_y = impulse["y"]
            if fixed.lt(self.stored_momentum_y, "0"):
                if fixed.lt(fixed.add(self.get_vel()["y"], self.stored_momentum_y), MAX_MOMENTUM_UPWARD_SPEED):
                    self.set_vel(vel["x"], "0")
                    self.stored_momentum_y = MAX_MOMENTUM_UPWARD_SPEED
            self.use_super_bar()
        if "store" in extra:
            self.will_store_momentum = extra["store"]

    def apply_forces(self) -> None:
        if self.released_this_turn or self.pulling:
            self.apply_forces_no_limit()
        else:
            super().apply_forces()

    def release_momentum(self) -> None:
        self.apply_force(self.stored_momentum_x, self.stored_momentum_y if not self.is_grounded() else "0")
        if not self.infinite_resources:
            self.momentum_stores = 0
        if self.momentum_stores < 0:
            self.momentum_stores = 0
        self.released_this_turn = True
        self.will_release_momentum = False
        if self.combo_count > 0:
            self.boosted_during_combo = True
            self.combo_count += 1
        self.colliding_with_opponent = False
        self.stored_momentum_x = "0"
        self.stored_momentum_y = "0"

    def reset_combo(self) -> None:
        super().reset_combo()
        self.boosted_during_combo = False

    def detach(self) -> None:
        hook = self.obj_from_name(self.grappling_hook_projectile)
        if hook is not None:
            hook.disable()

    def super_fall_detach(self) -> None:
        self.pulling = False

    def apply_grav(self) -> None:
        """No gravity for the first 7 frames of a move entered from an air dash."""
        prev = self.previous_state()
        if prev is not None and prev.name == "AirDash":
            state = self.current_state()
            if not state.IS_HURT_STATE and state.current_tick <= 7:
                return
        super().apply_grav()

    def tick(self) -> None:
        super().tick()
        if self.turn_frames <= 1 and self.boost_frames_left <= 0:
            self.released_this_turn = False
        hook = self.obj_from_name(self.grappling_hook_projectile)
        if self.is_in_hurt_state():
            self.pulling = False
        if hook is not None:
            self._hook_tick(hook)
        else:
            self.pulling = False
        if self.skull_shaker_bleed_ticks > 0:
            self.skull_shaker_bleed_ticks -= 1
            if imod(self.skull_shaker_bleed_ticks, 8) == 0:
                self.opponent.take_damage(SKULL_SHAKER_BLEED_DAMAGE, 0, "0.25")
        if self.will_release_momentum and self.turn_frames == 1:
            self.release_momentum()
        if self.momentum_stores > 0 and self.combo_count <= 0:
            self._decay_momentum()
        if self.is_grounded():
            self.used_grappling_hook = False
            self.can_divekick_hop = True

    def _hook_tick(self, hook) -> None:
        """Pull toward the grappling hook (or what it is attached to)."""
        if self.is_in_hurt_state(False):
            hook.disable()
        attached_to = self.obj_from_name(hook.attached_to)
        hook_pos = self.obj_local_center(hook) if attached_to is None else self.obj_local_center(attached_to)
        if attached_to is not None and attached_to.is_fighter:
            hook_pos = self.obj_local_pos(attached_to)
        if (hook.is_locked and hook.current_state().current_tick > 5
                and fixed.lt(fixed.vec_len(str(hook_pos["x"]), str(hook_pos["y"])), HOOK_DISABLE_DIST)):
            hook.disable()
        if self.pulling:
            direction = fixed.normalized_vec_times(str(hook_pos["x"]), str(hook_pos["y"]), HOOK_PULL_SPEED)
            self.apply_force(direction["x"], direction["y"])
            self.limit_speed(MAX_PULL_SPEED)
            vel = self.get_vel()
            if fixed.lt(vel["y"], MAX_PULL_UPWARD_SPEED):
                self.set_vel(vel["x"], MAX_PULL_UPWARD_SPEED)
            if fixed.sign(direction["x"]) != self.get_opponent_dir() and self.combo_count <= 0:
                self.add_penalty(BACKWARD_PULL_PENALTY)

    def _decay_momentum(self) -> None:
        reduction = fixed.mul(BOOST_REDUCTION_PER_FRAME, fixed.div(self.stored_speed_1, "20"))
        if fixed.lt(self.stored_speed_1, "8"):
            reduction = "0"
        else:
            if fixed.lt(reduction, MIN_BOOST_REDUCTION_PER_FRAME):
                reduction = MIN_BOOST_REDUCTION_PER_FRAME
            if fixed.lt(self.stored_speed_1, "10"):
                reduction = fixed.mul(reduction, "0.5")
        self.stored_speed_1 = fixed.sub(self.stored_speed_1, reduction)
        stored = fixed.normalized_vec_times(self.stored_momentum_x, self.stored_momentum_y, self.stored_speed_1)
        self.stored_momentum_x = stored["x"]
        self.stored_momentum_y = stored["y"]
        if fixed.lt(self.stored_speed_1, "0.0"):
            self.momentum_stores -= 1
            self.stored_speed_1 = "0"

    def on_got_parried(self) -> None:
        super().on_got_parried()
        if self.released_this_turn:
            self.hitlag_ticks += 10

    def on_got_hit(self) -> None:
        if self.bomb_projectile or self.bomb_thrown:
            self.bomb_thrown = False
            bomb = self.obj_from_name(self.bomb_projectile)
            if bomb is not None:
                bomb.disable()
            self.bomb_projectile = None
