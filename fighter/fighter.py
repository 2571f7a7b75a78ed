"""The fighter every character is.

Port of ``characters/BaseChar.gd`` (class ``Fighter``): resources (hp, super meter
and bars, burst meter, feints, air options, sadness/penalty), the turn input
(``on_action_selected`` -> ``tick_before``: DI, reverse, feint, hold/continue rules),
the per-tick upkeep (``tick``: hitlag and SDI, blockstun, the state's frame, pushback,
meter from forward movement, burst gain, passive sadness, penalty bleed...), facing,
initiative.  The hit/block/damage half lives in :mod:`fighter.combat`.

A character is a subclass in ``states/<character>/fighter.py``; the hooks it may
override are listed in ``docs/ARCHITECTURE.md`` (``tick``, ``process_extra``,
``process_action``, ``apply_grav``..., ``on_got_hit``, ``res``).
"""
from __future__ import annotations

from fighter.combat import Combat
from yomi.fixed import FixedMath as fixed
from yomi.fixed import to_str
from yomi.gd import imod, int_abs, int_max, int_sign
from yomi.obj import BaseObj
from yomi.rng import godot_hash

# CharacterState.BusyInterrupt: defined here, with the fighter that reads it, so that the
# fighter's layer needs nothing from the states above it (states.char_state takes it from here)
BUSY_NORMAL, BUSY_HURT, BUSY_NONE = range(3)


class Fighter(Combat, BaseObj):
    """``BaseChar.gd``."""

    is_fighter = True

    CHARACTER = ""  # the trace's character name ("Ninja"...), set by subclasses

    # constants
    HITLAG_COLLISION_TICKS = 4
    AUTO_PARRY_TICKS = 20
    SADNESS_IMMUNITY_TICKS = 60
    MAX_WALL_SLAMS = 3
    WAKEUP_THROW_IMMUNITY_TICKS = 3
    DISTANCE_EXTRA_SADNESS = "180"
    MIN_DIST_SADNESS = "128"
    MAX_BURSTS = 1
    BURST_BUILD_SPEED = 4
    MAX_BURST_METER = 1500
    START_BURSTS = 1
    MAX_SUPER_METER = 125
    MAX_SUPERS = 9
    VEL_SUPER_GAIN_DIVISOR = 4
    AERIAL_VELOCITY_SUPER_GAIN_MODIFIER = "0.5"
    NUDGE_DISTANCE = 20
    METER_GAIN_MODIFIER = "0.85"
    CLASH_MOVE_BACK = 3
    MIN_PENALTY = -20
    MAX_PENALTY = 75
    PENALTY_TICKS = 120
    SUPER_METER_GRACE_PERIOD = 3
    SUCCESSFUL_BRACE_HITSTUN_MODIFIER = "0.35"
    PARRY_GROUNDED_KNOCKBACK_DIVISOR = "1.5"

    def __init__(self, match, scene: str, root_props: dict, boxes: dict, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        props = root_props
        self.MAX_HEALTH = 1500
        self.HOLD_RESTARTS = ["Wait", "Fall", "DashForward", "ParryHigh", "BlockHigh", "ParryLow", "ParryAir"]
        self.HOLD_FORCE_STATES = {"ParrySuper": "ParryHigh", "DashBackward": "Wait"}
        self.num_air_movements = props.get("num_air_movements", 2)
        self.lose_one_air_option_in_neutral = props.get("lose_one_air_option_in_neutral", True)
        self.use_air_option_bar = props.get("use_air_option_bar", False)
        self.air_option_bar_max = props.get("air_option_bar_max", 100)
        self.air_option_bar = props.get("air_option_bar", 0)
        self.damage_taken_modifier = props.get("damage_taken_modifier", "1.0")
        self.knockback_taken_modifier = props.get("knockback_taken_modifier", "1.0")
        self.di_modifier = props.get("di_modifier", "1.0")
        self.num_feints = props.get("num_feints", 2)
        # match settings (overwritten by start_game)
        self.global_damage_modifier = "1.0"
        self.global_hitstun_modifier = "1.0"
        self.global_hitstop_modifier = "1.0"
        self.min_di_scaling = "1.0"
        self.max_di_scaling = "6.0"
        self.di_combo_limit = 15
        self.di_enabled = True
        self.turbo_mode = False
        self.extremely_turbo_mode = False
        self.infinite_resources = False
        self.one_hit_ko = False
        self.burst_enabled = True
        self.always_perfect_parry = False
        self.sadness_enabled = False
        self.brace_enabled = False
        # match
        self.opponent = None
        self.queued_action = None
        self.queued_data = None
        self.queued_extra = None
        self.buffered_input: dict = {}
        self.last_input: dict = {}
        self.previous_input: dict = {}
        self.use_buffer = False
        self.hit_out_of_brace = False
        self.braced_attack = False
        self.brace_effect_applied_yet = False
        self.dummy_interruptable = False
        self.game_over = False
        self.forfeit = False
        self.will_forfeit = False
        self.touching_wall = False
        self.was_my_turn = False
        self.colliding_with_opponent = True
        self.air_movements_left = 0
        self.action_cancels: dict = {}
        self.got_parried = False
        self.got_blocked = False
        self.block_used_air_movement = False
        self.blocked_last_hit = False
        self.blocked_last_turn = False
        self.last_turn_block = False
        self.hp = 0
        self.super_meter = 0
        self.supers_available = 0
        self.combo_proration = 0
        self.last_parry_tick = 0
        self.parried_last_state = False
        self.initiative_effect = False
        self.clipping_wall = False
        self.burst_meter = 0
        self.bursts_available = 0
        self.turn_frames = 0
        self.busy_interrupt = False
        self.any_available_actions = True
        self.refresh_prediction = False
        self.burst_cancel_combo = False
        self.parry_chip_divisor = 3
        self.parry_chip_projectile_divisor = 4
        self.parry_knockback_divisor = "3"
        self.moved_forward = False
        self.buffer_moved_forward = False
        self.moved_backward = False
        self.buffer_moved_backward = False
        self.blocked_hitbox_plus_frames = 0
        self.had_sadness = False
        self.on_the_ground = False
        self.nudge_amount = "1.0"
        self.used_air_dodge = False
        self.used_buffer = False
        self.has_hyper_armor = False
        self.has_projectile_armor = False
        self.hit_during_armor = False
        self.projectile_hit_cancelling = False
        self.melee_attack_combo_scaling_applied = False
        self.wall_slams = 0
        self.counterhit_this_turn = False
        self.guard_broken_this_turn = False
        self.last_pos = None
        self.penalty = 0
        self.penalty_buffer = 0
        self.penalty_ticks = 0
        self.blockstun_ticks = 0
        self.sadness_immunity_ticks = 0
        self.feints = 2
        self.feinted_last = False
        self.feint_parriable = False
        self.grounded_last_frame = True
        self.super_meter_used_recently = 0
        self.super_meter_grace_ticks = 0
        self.current_nudge = {"x": "0", "y": "0"}
        self.current_di = {"x": "0", "y": "0"}
        self.last_vel = {"x": "0", "y": "0"}
        self.last_aerial_vel = {"x": "0", "y": "0"}
        self.combo_moves_used: dict = {}
        self.reverse_state = False
        self.can_nudge = False
        self.parried = False
        self.initiative = False
        self.in_blockstring = False
        self.parry_combo = False
        self.feinting = False
        self.clashing = False
        self.stance = "Normal"
        self.parried_hitboxes: list = []
        self.grounded_hits_taken = 0
        self.throw_pos_x = 16
        self.throw_pos_y = -5
        self.combo_supers = 0
        self.combo_damage = 0
        self.visible_combo_count = 0
        self.hitlag_applied = 0
        self.forfeit_ticks = 0
        self.hitstun_decay_combo_count = 0
        self.lowest_tick = 0
        self.wakeup_throw_immunity_ticks = 0
        self.actions = 0

    # ------------------------------------------------------------------ identity
    def get_opponent(self):
        return self.opponent

    def get_fighter(self):
        return self

    def states_in_order(self) -> list:
        return list(self.state_machine.states_map.values())

    # ------------------------------------------------------------------ setup
    def init(self) -> None:
        """BaseChar.gd: init."""
        super().init()
        self.feints = self.num_feints
        if self.one_hit_ko:
            self.MAX_HEALTH = 1
        self.hp = self.MAX_HEALTH
        self.game_over = False
        if fixed.lt(self.max_di_scaling, self.min_di_scaling):
            self.max_di_scaling = self.min_di_scaling
        if self.burst_enabled:
            for _ in range(self.START_BURSTS):
                self.gain_burst()
        for state in self.states_in_order():
            if state.is_character_state:
                for category in state.interrupt_from:
                    bucket = self.action_cancels.setdefault(category, [])
                    if state not in bucket:
                        bucket.append(state)
        if self.infinite_resources:
            self.supers_available = self.MAX_SUPERS
            self.super_meter = self.MAX_SUPER_METER
        self.last_pos = self.get_pos()
        self.refresh_air_movements()

    def update_data(self) -> None:
        """BaseChar.gd: update_data.  Unlike objects, a fighter does not refresh its boxes here."""
        self.data = self.read_body()

    # ------------------------------------------------------------------ signals to the fighter
    def emit_got_hit(self) -> None:
        """Signal ``got_hit``: the fighter first, then every state in scene order (even inactive ones)."""
        self.on_got_hit()
        for state in self.states_in_order():
            if state.is_character_state:
                state.on_got_hit()

    def on_got_hit(self) -> None:
        pass

    def on_state_changed(self, states_stack) -> None:
        if self.buffer_moved_forward:
            self.buffer_moved_forward = False
            self.moved_forward = True
        if self.buffer_moved_backward:
            self.buffer_moved_backward = False
            self.moved_backward = True

    def on_state_interruptable(self, state=None) -> None:
        if not self.dummy:
            self.state_interruptable = True
            self.was_my_turn = True
        else:
            self.dummy_interruptable = True
            self.refresh_prediction = True

    def on_state_hit_cancellable(self, projectile=False, state=None) -> None:
        if not self.dummy:
            self.state_hit_cancellable = True
            self.refresh_prediction = True
            if projectile:
                self.projectile_hit_cancelling = True

    def on_state_initiative_start(self) -> None:
        pass

    def on_grabbed(self) -> None:
        pass

    def should_free_cancel_allow_grounded_and_aerial_states(self) -> bool:
        return True

    def on_roll_started(self) -> None:
        pass

    # ------------------------------------------------------------------ resources
    def clash(self) -> None:
        self.clashing = True
        self.update_grounded()
        self.on_state_interruptable(self.current_state())
        vel = self.get_vel()
        self.set_vel("0", vel["y"])
        self.projectile_hit_cancelling = False
        self.add_pushback(str(-self.CLASH_MOVE_BACK))
        if self.feints < self.num_feints:
            self.feints += 1

    def gain_burst_meter(self, amount=None) -> None:
        if not self.burst_enabled or self.penalty_ticks > 0:
            return
        if self.bursts_available < self.MAX_BURSTS:
            build = self.BURST_BUILD_SPEED if amount is None else amount
            if amount is None and self.combo_count <= 0 and self.opponent.combo_count <= 0:
                build -= 1  # passive gain is slower out of combos, and slower again airborne
                if not self.is_grounded():
                    build -= 1
            if self.burst_cancel_combo:
                build -= 3
            self.burst_meter += build
            if self.burst_meter > self.MAX_BURST_METER:
                self.gain_burst()

    def gain_burst(self) -> None:
        if self.bursts_available < self.MAX_BURSTS:
            self.bursts_available += 1
            self.burst_meter = 0

    def use_burst(self) -> None:
        self.bursts_available -= 1
        if self.bursts_available < 0:
            self.bursts_available = 0
        self.refresh_air_movements()

    def use_burst_meter(self, amount: int) -> None:
        if self.bursts_available > 0:
            self.bursts_available = 0
            self.burst_meter = self.MAX_BURST_METER
        self.burst_meter -= amount

    def get_total_super_meter(self) -> int:
        return self.MAX_SUPER_METER * self.supers_available + self.super_meter

    def use_super_bar(self) -> None:
        if self.infinite_resources:
            return
        self.supers_available -= 1
        if self.supers_available < 0:
            self.supers_available = 0
            self.super_meter = 0
        self.super_meter_grace_ticks = self.SUPER_METER_GRACE_PERIOD
        self.super_meter_used_recently += self.MAX_SUPER_METER

    def use_super_meter(self, amount: int) -> None:
        if self.infinite_resources:
            return
        self.super_meter -= amount
        if self.super_meter < 0:
            if self.supers_available > 0:
                self.super_meter = self.MAX_SUPER_METER + self.super_meter
                self.use_super_bar()
            else:
                self.super_meter = 0

    def drain_super_meter(self, amount: int) -> None:
        if self.infinite_resources:
            return
        self.super_meter -= amount
        if self.super_meter < 0:
            if self.supers_available > 0:
                self.super_meter += self.MAX_SUPER_METER
                self.supers_available -= 1
            else:
                self.super_meter = 0

    def stack_move_in_combo(self, move_name: str) -> None:
        self.combo_moves_used[move_name] = self.combo_moves_used.get(move_name, 0) + 1

    def meter_gain_modified(self, amount):
        if self.penalty_ticks > 0:
            return 0
        pen = fixed.div(str(self.penalty), str(self.MAX_PENALTY))
        if self.penalty <= 0:
            pen = fixed.div(pen, "5.0")
        return fixed.round(fixed.mul(fixed.sub("1", pen), str(amount)))

    def combo_stale_meter(self, meter: int) -> int:
        staling = self.get_combo_stale(self.combo_count)
        return fixed.round(fixed.mul(fixed.mul(str(meter), staling),
                                     self.METER_GAIN_MODIFIER if self.current_tick > 0 else "1.0"))

    def gain_super_meter(self, amount, stale_amount="1.0") -> None:
        if amount is None:
            return
        full_staled_amount = self.combo_stale_meter(amount)
        amount = fixed.round(fixed.lerp_string(str(amount), str(full_staled_amount), stale_amount))
        amount = self.meter_gain_modified(amount)
        super_modified = fixed.round(fixed.div(str(amount), fixed.powu("2", self.combo_supers)))
        amount = fixed.round(fixed.lerp_string(str(amount), str(super_modified), stale_amount))
        self.gain_super_meter_raw(amount)

    def gain_super_meter_raw(self, amount: int) -> None:
        self.super_meter += amount
        while self.super_meter >= self.MAX_SUPER_METER:
            if self.supers_available < self.MAX_SUPERS:
                self.super_meter -= self.MAX_SUPER_METER
                self.supers_available += 1
            else:
                self.super_meter = self.MAX_SUPER_METER
                break

    def use_air_movement(self) -> None:
        if self.infinite_resources:
            return
        if self.air_movements_left > 0:
            self.air_movements_left -= 1

    def refresh_air_movements(self) -> None:
        if not self.lose_one_air_option_in_neutral:
            self.air_movements_left = self.num_air_movements
            return
        if self.num_air_movements == 0:
            self.air_movements_left = 0
            return
        self.air_movements_left = (int_max(self.num_air_movements - 1, 1) if self.combo_count == 0
                                   else self.num_air_movements)

    def refresh_feints(self) -> None:
        self.feints = self.num_feints

    def gain_free_cancel(self, amount: int = 1) -> None:
        self.feints += amount
        if self.feints > self.num_feints:
            self.feints = self.num_feints

    def drain_air_option_bar(self, amount: int) -> None:
        if self.infinite_resources:
            return
        self.air_option_bar -= amount
        if self.air_option_bar < 0:
            self.air_option_bar = 0

    def gain_air_option_bar(self, amount: int) -> None:
        self.air_option_bar += amount
        if self.air_option_bar > self.air_option_bar_max:
            self.air_option_bar = self.air_option_bar_max

    def consume_feint(self) -> None:
        if self.used_buffer:
            return
        if self.feints > 0:
            self.feints -= 1
        else:
            self.use_super_bar()

    def change_stance_to(self, stance: str) -> None:
        self.stance = stance

    def start_sadness_immunity(self) -> None:
        self.sadness_immunity_ticks = self.SADNESS_IMMUNITY_TICKS

    def start_wakeup_throw_immunity(self) -> None:
        self.wakeup_throw_immunity_ticks = self.WAKEUP_THROW_IMMUNITY_TICKS

    def reset_combo(self) -> None:
        """BaseChar.gd: reset_combo (called on the attacker when its victim can act again)."""
        self.combo_count = 0
        self.visible_combo_count = 0
        self.combo_damage = 0
        self.hitstun_decay_combo_count = 0
        self.combo_proration = 0
        self.combo_moves_used = {}
        self.burst_cancel_combo = False
        self.combo_supers = 0
        opp = self.opponent
        opp.grounded_hits_taken = 0
        opp.wall_slams = 0
        opp.hit_out_of_brace = False
        opp.braced_attack = False
        opp.brace_effect_applied_yet = False
        self.parry_combo = False
        if self.lose_one_air_option_in_neutral and self.num_air_movements == self.air_movements_left:
            self.refresh_air_movements()

    def clean_parried_hitboxes(self) -> None:
        if not self.parried_hitboxes:
            return
        to_refresh = []
        for hitbox_name in self.parried_hitboxes:
            hitbox = self.hitbox_from_name(hitbox_name)
            if hitbox is not None and (not hitbox.enabled or not hitbox.active):
                to_refresh.append(hitbox)
        for hitbox in to_refresh:
            if hitbox.name in self.parried_hitboxes:
                self.parried_hitboxes.remove(hitbox.name)

    def hitbox_from_name(self, hitbox_name: str):
        parts = hitbox_name.split("_")
        obj = self.obj_from_name(parts[0])
        if obj is not None:
            return self.match.objs_map[parts[0]].hitboxes[int(parts[-1])]
        return None

    def release_opponent(self) -> None:
        if self.opponent.current_state().state_name == "Grabbed":
            self.opponent.change_state("Fall")

    def get_global_throw_pos(self) -> dict:
        pos = self.get_pos()
        pos["x"] += self.throw_pos_x * self.get_facing_int()
        pos["y"] += self.throw_pos_y
        return pos

    def set_throw_position(self, x: int, y: int) -> None:
        self.throw_pos_x = x
        self.throw_pos_y = y

    def get_active_projectiles(self) -> list:
        objs = []
        for name in self.match.objs_map:
            obj = self.obj_from_name(name)
            if obj is not None and not obj.disabled and obj.id == self.id and not obj.is_fighter:
                objs.append(obj)
        return objs

    # ------------------------------------------------------------------ position queries
    def get_opponent_dir(self) -> int:
        return int_sign(self.opponent.get_pos()["x"] - self.get_pos()["x"])

    def get_opponent_dir_vec(self, normalized=True) -> dict:
        my_pos, opp_pos = self.get_pos(), self.opponent.get_pos()
        if normalized:
            return fixed.normalized_vec(str(opp_pos["x"] - my_pos["x"]), str(opp_pos["y"] - my_pos["y"]))
        return {"x": opp_pos["x"] - my_pos["x"], "y": opp_pos["y"] - my_pos["y"]}

    def get_dir_vec(self, pos: dict, normalized=True) -> dict:
        my_pos = self.get_pos()
        if normalized:
            return fixed.normalized_vec(str(pos["x"] - my_pos["x"]), str(pos["y"] - my_pos["y"]))
        return {"x": pos["x"] - my_pos["x"], "y": pos["y"] - my_pos["y"]}

    def get_opponent_distance(self) -> str:
        return self.obj_distance(self.opponent)

    def get_move_dir(self) -> int:
        return fixed.sign(self.last_vel["x"])

    def is_colliding_with_opponent(self) -> bool:
        state = self.current_state()
        return ((self.colliding_with_opponent
                 or (state.IS_HURT_STATE
                     and (self.hitlag_applied - self.hitlag_ticks) < self.HITLAG_COLLISION_TICKS))
                and state.state_name != "Grabbed")

    def can_be_thrown(self) -> bool:
        return super().can_be_thrown() and self.blockstun_ticks <= 0

    def is_in_hurt_state(self, count_all=True) -> bool:
        state = self.current_state()
        if count_all:
            return state.busy_interrupt_type == BUSY_HURT or state.is_hurt_state
        return state.is_hurt_state

    def touching_which_wall(self) -> int:
        col_box = self.get_collision_box()
        vel = self.get_vel()
        if col_box["x1"] <= -self.stage_width and fixed.le(vel["x"], "0"):
            return -1
        if col_box["x2"] >= self.stage_width and fixed.ge(vel["x"], "0"):
            return 1
        return 0

    # ------------------------------------------------------------------ facing
    def set_facing(self, facing: int, force: bool = False) -> None:
        """BaseChar.gd: set_facing (a reversed move faces the other way unless forced)."""
        if self.reverse_state and not force:
            facing *= -1
        super().set_facing(facing)

    def update_facing(self) -> None:
        my_x, opp_x = self.data["position_x"], self.opponent.data["position_x"]
        if my_x < opp_x:
            self.set_facing(1)
        elif my_x > opp_x:
            self.set_facing(-1)
        if self.initialized:
            self.update_data()

    # ------------------------------------------------------------------ initiative
    def get_advantage(self) -> bool:
        opp = self.opponent
        if opp is None or self.combo_count > 0:
            return True
        advantage = (opp.lowest_tick <= self.lowest_tick) or self.parried_last_state
        if self.state_interruptable and opp.state_interruptable:
            advantage = True
        prev_advantage = advantage
        whiff_cancel_advantage = False
        state = self.current_state()
        prev = self.previous_state()
        if state.state_name == "WhiffInstantCancel" or (prev is not None and prev.state_name == "WhiffInstantCancel"
                                                         and state.has_hitboxes):
            advantage = False
            whiff_cancel_advantage = True
        opp_state = opp.current_state()
        opp_prev = opp.previous_state()
        if opp_state.state_name == "WhiffInstantCancel" or (opp_prev is not None
                                                            and opp_prev.state_name == "WhiffInstantCancel"
                                                            and opp_state.has_hitboxes):
            advantage = False
            whiff_cancel_advantage = True
        if whiff_cancel_advantage and prev_advantage and state.IS_NEW_PARRY:
            advantage = True
        return advantage

    def check_initiative(self) -> bool:
        if self.combo_count > 0:
            return True
        if self.busy_interrupt or self.opponent.busy_interrupt:
            return False
        return self.current_state().state_name != "WhiffInstantCancel"

    def was_moving_forward(self) -> bool:
        return self.moved_forward and self.current_state().has_hitboxes

    def set_lowest_tick(self, tick: int) -> None:
        if self.lowest_tick is None or tick < self.lowest_tick:
            self.lowest_tick = tick

    def update_advantage(self) -> None:
        new_adv = self.get_advantage()
        if new_adv and not self.initiative:
            self.initiative_effect = True
        self.initiative = new_adv

    # ------------------------------------------------------------------ sadness
    def get_sadness_distance_penalty(self) -> int:
        if self.combo_count > 0 or self.opponent.is_in_hurt_state(False):
            return 1
        pos = self.obj_local_center(self.opponent)
        amount = 0
        if pos["y"] > 0:
            amount = fixed.round(fixed.div(str(pos["y"]), self.DISTANCE_EXTRA_SADNESS))
        return 1 + amount

    def add_penalty(self, amount: int, ignore_min_distance: bool = False) -> None:
        """BaseChar.gd: add_penalty (sadness; capped at -20, wipes meter above 75)."""
        if not self.sadness_enabled or self.sadness_immunity_ticks > 0:
            return
        if amount > 0:
            if not ignore_min_distance:
                opp_pos = self.obj_local_center(self.opponent)
                opp_dist = fixed.vec_len(str(opp_pos["x"]), str(opp_pos["y"]))
                if fixed.lt(opp_dist, self.MIN_DIST_SADNESS):
                    return
            modifier = "1.0"
            if self.is_grounded() and not self.opponent.is_grounded():
                modifier = "0.25"
            amount = fixed.round(fixed.mul(str(amount), modifier))
        else:
            modifier = "1.0"
            if not self.is_grounded() and self.opponent.is_grounded():
                modifier = "0.75"
            amount = fixed.round(fixed.mul(str(amount), modifier))
        if self.hp < self.opponent.hp:
            diff = int_abs(self.hp - self.opponent.hp)
            ratio = fixed.sub("1", fixed.div(str(diff), "3000"))
            amount = fixed.round(fixed.mul(str(amount), ratio))
        self.penalty += amount
        if self.penalty > self.MAX_PENALTY:
            self.supers_available = 0
            self.super_meter = 0
            self.penalty = 0
            self.penalty_buffer = 0
            self.penalty_ticks = self.PENALTY_TICKS
            self.had_sadness = True
        if self.penalty < self.MIN_PENALTY:
            self.penalty = self.MIN_PENALTY

    def passive_sadness_gain(self) -> None:
        direction = fixed.sign(self.last_vel["x"])
        opp_dir = self.get_opponent_dir()
        if direction != 0 and direction != opp_dir and imod(self.current_tick, 3) == 0:
            self.add_penalty(1)
        if direction != 0 and direction == opp_dir and imod(self.current_tick, 4) == 0:
            if fixed.gt(fixed.abs(self.last_vel["x"]), "0.01"):
                self.add_penalty(-1)
        if imod(self.current_tick, 7) == 0:
            self.add_penalty(self.get_sadness_distance_penalty())

    # ------------------------------------------------------------------ the turn input
    def on_action_selected(self, action, data, extra) -> None:
        """BaseChar.gd: on_action_selected (the UI's submit)."""
        self.queued_action = action
        self.queued_data = data
        self.queued_extra = extra
        self.state_interruptable = False
        self.state_hit_cancellable = False

    def process_action(self, queued_action) -> None:
        pass

    def process_continue(self) -> bool:
        return False

    def turn_end_effects(self) -> None:
        pass

    def turn_start_effects(self) -> None:
        pass

    def process_extra(self, extra: dict) -> None:
        """BaseChar.gd: process_extra (DI, reverse, feint)."""
        if "DI" in extra:
            if self.di_enabled:
                di = extra["DI"]
                self.current_nudge = self.xy_to_dir(di["x"], di["y"], str(self.NUDGE_DISTANCE))
                self.current_di = di
            else:
                self.current_di = {"x": 0, "y": 0}
        if "reverse" in extra:
            self.reverse_state = extra["reverse"]
        if "feint" in extra:
            self.feinting = extra["feint"]
            if self.feinting and not self.infinite_resources:
                self.consume_feint()
        else:
            self.feinting = False

    def tick_before(self) -> None:
        """BaseChar.gd: tick_before: apply the action chosen at the last decision."""
        if self.queued_action == "Forfeit" and self.forfeit:
            self.queued_action = "Continue"
        if self.clashing:
            self.change_state("Wait" if self.is_grounded() else "Fall")
            self.clashing = False
        self.turn_end_effects()
        self.dummy_interruptable = False
        self.clean_parried_hitboxes()
        self.busy_interrupt = False
        self.update_grounded()
        if self.queued_action:
            self.actions += 1
            if self.queued_action == "Undo":
                self.queued_action = None
                self.queued_data = None
                return
            if self.queued_action == "Forfeit":
                self.forfeit = True
        self.previous_input = _deep_copy(self.last_input)
        self.feinted_last = self.feinting
        pressed_feint = False
        if self.refresh_prediction:
            self.refresh_prediction = False
        self.blocked_last_turn = False
        if self.use_buffer:
            if "action" in self.buffered_input:
                self.queued_action = self.buffered_input["action"]
            if "data" in self.buffered_input:
                self.queued_data = self.buffered_input["data"]
            if "extra" in self.buffered_input:
                self.queued_extra = self.buffered_input["extra"]
            self.use_buffer = False
            self.used_buffer = True
            self.buffered_input = {}
        if self.queued_extra:
            self.turn_frames = 0
            self.opponent.turn_frames = 0
            self.last_input["extra"] = self.queued_extra
            self.process_extra(self.queued_extra)
            pressed_feint = self.feinting
        if self.queued_action:
            self._apply_queued_action(pressed_feint)
        self.queued_action = None
        self.queued_data = None
        self.queued_extra = None
        self.was_my_turn = False
        self.lowest_tick = self.current_state().current_real_tick

    def _apply_queued_action(self, pressed_feint: bool) -> None:
        """The ``if queued_action:`` block of tick_before: Continue rules, then the state change."""
        self.process_action(self.queued_action)
        self.turn_frames = 0
        self.opponent.turn_frames = 0
        self.turn_start_effects()
        self.counterhit_this_turn = False
        self.guard_broken_this_turn = False
        state = self.current_state()
        if state.IS_COUNTER_ATTACK:
            state.bracing = False
        if self.brace_effect_applied_yet:
            self.brace_effect_applied_yet = False
            self.braced_attack = False
        self.last_input["action"] = self.queued_action
        self.last_input["data"] = self.queued_data
        self.feint_parriable = False
        if self.queued_action == "Continue":
            self._resolve_continue()
        state = self.current_state()
        if state.interruptible_on_opponent_turn:
            state.opponent_turn_interrupt()
        if self.queued_action in self.state_machine.states_map:
            self.state_machine.change_state(self.queued_action, self.queued_data)
            state = self.current_state()
            if not state.is_hurt_state:
                if not self.last_turn_block:
                    self.hitlag_ticks = 0
                self.last_turn_block = False
            if not state.IS_PARRY_STATE and self.blocked_hitbox_plus_frames > 0:
                self.hitlag_ticks += self.blocked_hitbox_plus_frames
                self.blocked_hitbox_plus_frames = 0
            if pressed_feint:
                self.feinting = True
                state.feinting = True
        self.current_state().feinted_last = self.feinted_last

    def _resolve_continue(self) -> None:
        """"Continue" (Hold): restart a holdable state, fall back after an own turn, or keep going."""
        state = self.current_state()
        name = state.name
        if self.process_continue():
            pass
        elif state.get_hold_restart() != "" and state.interruptible_on_opponent_turn:
            self.queued_action = state.get_hold_restart()
            self.queued_data = state.data
        elif name in self.HOLD_RESTARTS and state.interruptible_on_opponent_turn:
            self.queued_action = name
            self.queued_data = state.data
        elif name in self.HOLD_FORCE_STATES and state.interruptible_on_opponent_turn:
            self.queued_action = self.HOLD_FORCE_STATES[name]
        elif ((self.was_my_turn
               or (state.interruptible_on_opponent_turn and state.next_state_on_hold_on_opponent_turn)
               or (state.hit_fighter and self.combo_count == 0))
              and not self.feinting and state.next_state_on_hold):
            self.queued_action = state.fallback_state
        if self.feinted_last:
            self.feint_parriable = True
        if not state.interruptible_on_opponent_turn:
            state.on_continue()

    # ------------------------------------------------------------------ the tick
    def tick(self) -> None:
        """BaseChar.gd: tick."""
        if self.hitlag_ticks > 0:
            self._hitlag_tick()
        elif self.blockstun_ticks > 0:
            self.blockstun_ticks -= 1
        else:
            self._active_tick()
        self._upkeep()

    def _hitlag_tick(self) -> None:
        """Frozen in hitlag: the first frozen tick after a launch applies SDI (the stored nudge)."""
        if self.can_nudge:
            if fixed.round(fixed.mul(fixed.vec_len(self.current_nudge["x"], self.current_nudge["y"]), "100.0")) > 1:
                # The nudge is scaled in place, so it stays scaled until the next DI input.
                self.current_nudge = fixed.vec_mul(self.current_nudge["x"], self.current_nudge["y"], self.nudge_amount)
                self.move_directly(self.current_nudge["x"], self.current_nudge["y"] if not self.is_grounded() else "0")
            self.can_nudge = False
        self.hitlag_ticks -= 1
        if self.hitlag_ticks == 0:
            if self.state_hit_cancellable:
                self.state_interruptable = True
                self.can_nudge = False
            if self.projectile_hit_cancelling:
                self.state_interruptable = True
                self.can_nudge = False
        self.turn_frames += 1

    def _active_tick(self) -> None:
        """Not frozen: the state's frame, pushback, and meter from moving toward the opponent."""
        self.turn_frames += 1
        if self.projectile_hit_cancelling:
            self.state_interruptable = True
            self.can_nudge = False
        self.projectile_hit_cancelling = False
        if self.parried:
            self.parried = False
            state = self.current_state()
            if getattr(state, "parry_active", False):
                state.parry_active = False
            prev = self.previous_state()
            if prev is not None and getattr(prev, "parry_active", False):
                prev.parry_active = False
        self.state_tick()
        if self.in_blockstring and not self.current_state().IS_NEW_PARRY:
            self.in_blockstring = False
        if self.state_hit_cancellable:
            self.state_interruptable = True
            self.can_nudge = False
        state = self.current_state()
        if not state.IS_THROW_STATE and state.apply_pushback:
            self.chara.apply_pushback(self.get_opponent_dir())
        if self.is_grounded():
            self.used_air_dodge = False
            self.refresh_air_movements()
        self.current_tick += 1
        self.game_tick += 1
        if not self.current_state().is_hurt_state and not self.opponent.current_state().is_hurt_state:
            x_vel_int = self.chara.get_x_vel_int()
            if int_sign(x_vel_int) == int_sign(self.opponent.get_pos()["x"] - self.get_pos()["x"]):
                multiplier = self.current_state().get_velocity_forward_meter_gain_multiplier()
                super_gain = fixed.abs(fixed.mul(str(x_vel_int), multiplier))
                if not self.is_grounded():
                    super_gain = fixed.mul(super_gain, self.AERIAL_VELOCITY_SUPER_GAIN_MODIFIER)
                super_gain = fixed.round(fixed.div(super_gain, str(self.VEL_SUPER_GAIN_DIVISOR)))
                self.gain_super_meter(int_max(super_gain, 0))

    def _upkeep(self) -> None:
        """The part of BaseChar.gd: tick that runs whatever the freeze state."""
        if self.state_interruptable:
            self.update_grounded()
        if self.hit_during_armor:
            self.has_hyper_armor = False
            self.hit_during_armor = False
        if self.parried_last_state and self.current_tick - self.last_parry_tick >= self.AUTO_PARRY_TICKS:
            self.parried_last_state = False
        if self.wakeup_throw_immunity_ticks > 0:
            self.wakeup_throw_immunity_ticks -= 1
        if self.sadness_immunity_ticks > 0:
            self.sadness_immunity_ticks -= 1
        self.gain_burst_meter()
        self.update_data()
        state = self.current_state()
        if state.beats_backdash:
            self.buffer_moved_forward = True
        if state.backdash_iasa:
            self.buffer_moved_backward = True
        self.any_available_actions = True
        self.can_update_sprite = True
        self.last_vel = self.get_vel()
        pos = self.get_pos()
        if (not self.is_in_hurt_state() and not self.opponent.is_in_hurt_state() and self.combo_count <= 0
                and self.penalty_ticks <= 0):
            self.passive_sadness_gain()
        self.last_pos = pos
        if self.penalty_ticks > 0:
            self.penalty_ticks -= 1
            if imod(self.current_tick, 3) == 0 and self.hp > 0:
                self.take_damage(2, 1)
                if self.hp <= 0:
                    self.hp = 1
        self.touching_wall = False
        col_box = self.get_collision_box()
        vel = self.last_vel
        if col_box["x1"] <= -self.stage_width and fixed.lt(vel["x"], "0"):
            self.touching_wall = True
        if col_box["x2"] >= self.stage_width and fixed.gt(vel["x"], "0"):
            self.touching_wall = True
        if not self.is_grounded():
            self.last_aerial_vel = self.last_vel
        prev = self.previous_state()
        if not (prev is not None and prev.IS_PARRY_STATE) or not self.current_state().IS_PARRY_STATE:
            self.parried_last_state = False
        self.used_buffer = False
        self.grounded_last_frame = self.is_grounded()
        if self.forfeit:
            self.forfeit_ticks += 1
        if self.forfeit and self.forfeit_ticks > 2:
            self.change_state("ForfeitExplosion")
            self.forfeit = False
        if self.super_meter_grace_ticks > 0:
            self.super_meter_grace_ticks -= 1
            if self.super_meter_grace_ticks == 0:
                self.super_meter_used_recently = 0

    # ------------------------------------------------------------------ randomness
    def get_state_hash(self) -> int:
        pos, vel = self.get_pos(), self.get_vel()
        return (godot_hash(pos["x"]) + godot_hash(pos["y"]) + godot_hash(vel["x"]) + godot_hash(vel["y"])
                + godot_hash(self.current_di["x"]) + godot_hash(self.current_di["y"])
                + godot_hash(self.current_state().state_name))

    # ------------------------------------------------------------------ the trace view
    def res(self) -> dict:
        """The character's resources as the trace's ``res`` field (overridden per character)."""
        return {}

    def trace_state(self) -> dict:
        """This fighter as one side of a trace tick line (field names and formats of the traces)."""
        view = self.trace_fields()
        chara = self.chara
        state = self.current_state()
        view.update({
            "grounded": chara.grounded,
            "pushback": to_str(chara.pushback_vel_raw),
            "hp": self.hp, "super_meter": self.super_meter, "supers": self.supers_available,
            "burst_meter": self.burst_meter, "bursts": self.bursts_available, "combo": self.combo_count,
            "hitlag": self.hitlag_ticks,
            "hitstun": state.hitstun if state.IS_HURT_STATE else None,  # HurtAerial, HurtGrounded, HurtDizzy
            "blockstun": self.blockstun_ticks, "air_moves": self.air_movements_left, "feints": self.feints,
            "penalty": self.penalty, "interruptable": self.state_interruptable,
            "hit_cancellable": self.state_hit_cancellable, "busy": self.busy_interrupt,
            "invuln": self.invulnerable, "proj_invuln": self.projectile_invulnerable,
            "di": dict(self.current_di), "stance": self.stance, "air_option_bar": self.air_option_bar,
            "res": self.res(),
        })
        return view


def _deep_copy(value):
    if isinstance(value, dict):
        return {k: _deep_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep_copy(v) for v in value]
    return value
