"""The state of a fighter: interrupts, cancels, initiative, legality, supers.

Port of ``characters/states/CharState.gd`` (class ``CharacterState``).  Adds to the
generic :class:`~states.state.ObjectState`: the categories a move can be entered
from / cancelled into (the basis of legality), ``is_usable`` (resources, air
options, combo/neutral-only, usable requirements, super bars), interrupt windows
(``iasa_at``, ``interrupt_frames``, last frame, on-hit iasa), land cancels, the
reverse input, feints and whiff meter.
"""
from __future__ import annotations

from yomi.fixed import FixedMath as fixed
from yomi.gd import split_lines
from yomi.hitbox import Hitbox

# CharacterState.BusyInterrupt, defined with the fighter, which reads it
from fighter.fighter import BUSY_HURT, BUSY_NONE, BUSY_NORMAL  # noqa: F401

from states.state import ObjectState, UsableRequirement

WHIFF_SUPER_GAIN = 10

# CharacterState.ActionType
MOVEMENT, ATTACK, SPECIAL, SUPER, DEFENSE, HURT = range(6)
ACTION_TYPE_NAMES = ("Movement", "Attack", "Special", "Super", "Defense", "Hurt")
# CharacterState.AirType
GROUNDED, AERIAL, BOTH = range(3)

CHARACTER_STATE_EXPORTS = {
    "title": "", "show_in_menu": True, "type": MOVEMENT, "data_ui_scene": None,
    "air_type": GROUNDED, "uses_air_movement": False, "ignore_air_option_use_in_combos": False,
    "land_cancel": False, "landing_recovery": -1, "min_land_cancel_frame": -1, "land_cancel_state": "Landing",
    "iasa_at": -1, "iasa_on_hit": -1, "iasa_on_hit_on_block": True, "interrupt_frames": [],
    "throw_techable": False, "interruptible_on_opponent_turn": False, "update_facing_on_exit": True,
    "dynamic_iasa": True, "backdash_iasa": False, "allow_framecheat": False, "next_state_on_hold": True,
    "next_state_on_hold_on_opponent_turn": False, "combo_only": False, "neutral_only": False,
    "end_feint": True, "usable_from_whiff_cancel_if_possible": True, "count_projectile_hits": True,
    "hold_restart": "",
    "busy_interrupt_type": BUSY_NORMAL, "burst_cancellable": True, "burstable": True,
    "self_hit_cancellable": True, "self_interruptable": True, "reversible": True, "instant_cancellable": True,
    "force_feintable": False, "can_feint_if_possible": True, "selectable": True,
    "interrupt_from_string": "", "interrupt_into_string": "", "hit_cancel_into_string": "",
    "interrupt_exceptions_string": "", "hit_cancel_exceptions_string": "", "always_usable": False,
    "allowed_stances_string": "Normal", "change_stance_to": "",
    "release_opponent_on_startup": False, "release_opponent_on_exit": False, "initiative_effect": False,
    "initiative_startup_reduction_amount": 0, "apply_pushback": True, "beats_backdash": False,
    "no_collision_start_frame": -1, "no_collision_end_frame": -1, "can_be_counterhit": True,
    "tick_priority": 0, "velocity_forward_meter_gain_multiplier": "1.0", "whiff_meter_gain_multiplier": "1.0",
    "super_level_": 0, "supers_used_": -1, "super_freeze_ticks_": 15, "super_effect_": False,
    "scale_combo_meter_": False, "force_super_effect": False,
}


class CharacterState(ObjectState):
    EXPORTS = CHARACTER_STATE_EXPORTS
    is_character_state = True
    IS_HURT_STATE = False  # CharacterHurtState sets it (the ``IS_HURT_STATE`` constant)
    IS_NEW_PARRY = False  # NewParry.gd's ``IS_NEW_PARRY`` constant
    IS_PARRY_STATE = False  # ``is ParryState``
    IS_THROW_STATE = False  # ``is ThrowState``
    IS_COUNTER_ATTACK = False  # ``is CounterAttack``
    IS_GRAB = False  # Grab.gd's ``IS_GRAB`` constant
    IS_JUMP = False  # Jump.gd's ``IS_JUMP`` constant

    def __init__(self, name: str, props: dict, children: list):
        super().__init__(name, props, children)
        self.starting_iasa_at = -1
        self.initiative_effect_spawned = False
        self.started_in_air = False
        self.entered_in_air = False
        self.hit_yet = False
        self.hit_anything = False
        self.was_blocked = False
        self.hit_cancelled = False
        self.started_during_combo = False
        self.hit_hit_cancellable_projectile = False
        self.hit_fighter = False
        self.feinted_last = False
        self.is_brace = False
        self.feinting = False
        self.land_cancelled = False
        self.interrupt_into: list[str] = []
        self.interrupt_from: list[str] = []
        self.interrupt_exceptions: list[str] = []
        self.hit_cancel_into: list[str] = []
        self.hit_cancel_exceptions: list[str] = []
        self.busy_interrupt_into: list[str] = []
        self.allowed_stances: list[str] = []
        self.usable_requirement_nodes: list = []
        self.is_hurt_state = self.IS_HURT_STATE
        self.start_interruptible_on_opponent_turn = False
        self.initiative_startup_reduction = False

    # ------------------------------------------------------------------ setup
    def init(self) -> None:
        """CharState.gd: init.  The ``got_hit`` connection is the fighter's state list (see Fighter.emit_got_hit)."""
        if self.iasa_at < 0:
            self.iasa_at = self.anim_length + self.iasa_at
        if self.starting_iasa_at == -1:
            self.starting_iasa_at = self.iasa_at
        self.interrupt_frames = list(self.interrupt_frames)
        if self.selectable:
            self.interrupt_from.extend(split_lines(self.interrupt_from_string))
        self.interrupt_into.extend(split_lines(self.interrupt_into_string))
        self.hit_cancel_into.extend(split_lines(self.hit_cancel_into_string))
        self.hit_cancel_exceptions.extend(split_lines(self.hit_cancel_exceptions_string))
        self.allowed_stances.extend(split_lines(self.allowed_stances_string))
        self.interrupt_exceptions.extend(split_lines(self.interrupt_exceptions_string))
        self.start_interruptible_on_opponent_turn = self.interruptible_on_opponent_turn
        for node in self.children:
            if isinstance(node, UsableRequirement):
                self.usable_requirement_nodes.append(node)
        if self.burst_cancellable:
            self.hit_cancel_into.append("OffensiveBurst")
        if self.instant_cancellable:
            self.hit_cancel_into.append("InstantCancel")
        self.hit_cancel_into.extend(["GroundedDefense", "AerialDefense", "GroundedGrab", "AerialGrab", "Wait", "Fall"])
        if self.title == "":
            self.title = self.state_name
        if self.busy_interrupt_type == BUSY_NORMAL:
            self.busy_interrupt_into.append("BusyNormal")
        elif self.busy_interrupt_type == BUSY_HURT:
            if self.burstable:
                self.busy_interrupt_into.append("BusyHurt")
        super().init()

    # ------------------------------------------------------------------ legality
    def get_hold_restart(self) -> str:
        return self.hold_restart

    def get_ui_category(self) -> str:
        return ACTION_TYPE_NAMES[self.type]

    def is_usable_with_grounded_check(self, force_aerial: bool = False, force_grounded: bool = False) -> bool:
        if not self.is_usable():
            return False
        grounded = self.host.is_grounded()
        if self.air_type == AERIAL:
            if force_grounded:
                return False
            if grounded and not force_aerial:
                return False
        if self.air_type == GROUNDED:
            if force_aerial:
                return False
            if not grounded and not force_grounded:
                return False
        return True

    def is_usable(self) -> bool:
        host = self.host
        if host.current_state().state_name == "WhiffInstantCancel":
            if not self.has_hitboxes:
                return False
            if not self.usable_from_whiff_cancel_if_possible:
                return False
        if self.uses_air_movement and not (self.ignore_air_option_use_in_combos and host.combo_count > 0):
            if host.air_movements_left <= 0:
                return False
        if self.type == DEFENSE and host.penalty_ticks > 0:
            return False
        if self.combo_only and host.combo_count < 1:
            return False
        if self.neutral_only and host.combo_count >= 1:
            return False
        for node in self.usable_requirement_nodes:
            if not node.check(host):
                return False
        if host.supers_available < self.super_level_:
            return False
        return True

    def allowed_in_stance(self) -> bool:
        return "All" in self.allowed_stances or self.host.stance in self.allowed_stances

    def get_velocity_forward_meter_gain_multiplier(self) -> str:
        return self.velocity_forward_meter_gain_multiplier

    def can_feint(self) -> bool:
        host = self.host
        return bool((self.has_hitboxes or self.force_feintable)
                    and (host.feints > 0 or host.get_total_super_meter() >= host.MAX_SUPER_METER)
                    and self.can_feint_if_possible)

    # ------------------------------------------------------------------ frames
    def frame_0_shared(self):
        """Spend the super bars of a super (``super_level_``)."""
        host = self.host
        levels = self.super_level_ if self.supers_used_ == -1 else self.supers_used_
        if self.scale_combo_meter_ and levels > 0:
            host.combo_supers += 1
        for _ in range(levels):
            host.use_super_bar()
        return None

    def enter_shared(self):
        """CharState.gd: _enter_shared."""
        host = self.host
        if self.force_same_direction_as_previous_state:
            host.reverse_state = False
        super().enter_shared()
        if not self.IS_NEW_PARRY:
            host.block_used_air_movement = False
        self.started_during_combo = False
        if self.dynamic_iasa:
            self.interruptible_on_opponent_turn = self.start_interruptible_on_opponent_turn
        self.hit_yet = False
        self.land_cancelled = False
        self.hit_anything = False
        self.hit_fighter = False
        self.hit_hit_cancellable_projectile = False
        self.entered_in_air = not host.is_grounded()
        self.was_blocked = False
        self.started_in_air = False
        host.update_grounded()
        if self.change_stance_to:
            host.change_stance_to(self.change_stance_to)
        if not host.is_grounded() or self.air_type == AERIAL:
            self.started_in_air = True
        if self.uses_air_movement and not (self.ignore_air_option_use_in_combos and host.combo_count > 0):
            if not host.infinite_resources and host.gravity_enabled:
                host.air_movements_left -= 1
        if self.has_hitboxes:
            direction = host.get_move_dir()
            if direction == 0 or direction == host.get_opponent_dir():
                host.add_penalty(-8)
            host.gain_super_meter(fixed.round(fixed.mul(str(WHIFF_SUPER_GAIN), self.whiff_meter_gain_multiplier)))
        return None

    def exit_shared(self) -> None:
        """CharState.gd: _exit_shared."""
        host = self.host
        self.beats_backdash = False  # quirk kept: cleared on every exit, never restored
        if self.feinting and self.end_feint:
            host.update_facing()
            host.feinting = False
        self.feinting = False
        host.melee_attack_combo_scaling_applied = False
        super().exit_shared()
        if self.update_facing_on_exit:
            host.update_facing()
        else:
            host.reverse_state = False
            host.set_facing(host.get_facing_int())
        self.terminate_hitboxes()
        if self.release_opponent_on_exit:
            host.release_opponent()
        host.got_parried = False
        host.got_blocked = False
        host.colliding_with_opponent = True
        host.state_interruptable = False
        host.projectile_hit_cancelling = False
        host.has_hyper_armor = False
        host.has_projectile_armor = False
        host.state_hit_cancellable = False
        host.clipping_wall = False
        host.on_state_ended(self)  # signal state_ended

    def tick_shared(self):
        """CharState.gd: _tick_shared (startup bookkeeping on the second tick, then the frame driver)."""
        host = self.host
        if self.current_tick == 0:
            self.initiative_startup_reduction = False
            self.feinting = host.feinting
            self.hit_cancelled = False
            if host.initiative:
                if self.initiative_effect:
                    host.initiative_effect = False
                    if self.initiative_startup_reduction_amount > 0:
                        self.initiative_startup_reduction = True
                host.on_state_initiative_start()
            host.moved_forward = False
            if self.release_opponent_on_startup:
                host.release_opponent()
            if not self.is_hurt_state and self.reversible and not self.force_same_direction_as_previous_state:
                if host.reverse_state:
                    facing = host.get_facing_int()
                    equal_x = host.opponent.get_pos()["x"] == host.get_pos()["x"]
                    host.set_facing(facing * (1 if equal_x else -1))
                    host.update_data()
            else:
                host.reverse_state = False
            host.moved_backward = False
        if self.initiative_startup_reduction:
            self.current_tick += self.initiative_startup_reduction_amount
            self.initiative_startup_reduction = False
        if not host.is_grounded() or self.air_type == AERIAL:
            self.started_in_air = True
        next_state = self.object_tick_shared()
        if host.combo_count > 0 and self.hit_yet:
            self.started_during_combo = True
        if next_state:
            return next_state
        if (self.land_cancel and self.can_land_cancel() and host.is_grounded() and self.started_in_air
                and self.current_tick > self.min_land_cancel_frame and fixed.ge(host.get_vel()["y"], "0")):
            self.queue_state_change(self.land_cancel_state,
                                    self.landing_recovery if self.landing_recovery >= 0 else None)
            self.on_land_cancel()
        if self.current_tick <= self.anim_length and not self.endless:
            if self.can_interrupt() and self.interrupt_into:
                self.enable_interrupt()
                if self.dynamic_iasa:
                    self.interruptible_on_opponent_turn = True
        if self.current_tick == self.no_collision_start_frame:
            host.colliding_with_opponent = False
        if self.current_tick == self.no_collision_end_frame:
            host.colliding_with_opponent = True
        return None

    def object_tick_shared(self):
        """The base frame driver (``._tick_shared()`` from CharState.gd)."""
        return ObjectState.tick_shared(self)

    def tick_after(self):
        self.host.set_lowest_tick(self.current_real_tick)
        return None

    def can_land_cancel(self) -> bool:
        return True

    def on_land_cancel(self) -> None:
        self.land_cancelled = True

    def can_interrupt(self) -> bool:
        tick = self.current_tick
        return (tick == self.iasa_at or tick in self.interrupt_frames or tick == self.anim_length - 1
                or ((self.hit_fighter or self.hit_hit_cancellable_projectile) and tick == self.iasa_on_hit)
                or (self.was_blocked and self.iasa_on_hit_on_block and tick == self.iasa_on_hit))

    # ------------------------------------------------------------------ interrupts and cancels
    def enable_interrupt(self, check_opponent: bool = True, remove_hitlag: bool = False) -> None:
        host = self.host
        opp_state = host.opponent.current_state()
        if self.backdash_iasa and opp_state.beats_backdash:
            return
        if check_opponent and self.beats_backdash and opp_state.beats_backdash:
            opp_state.enable_interrupt(False)
            if not self.allow_framecheat:
                self.queue_state_change(self.fallback_state)
        if self.beats_backdash and host.opponent.current_state().backdash_iasa:
            opp_state = host.opponent.current_state()
            if not opp_state.allow_framecheat:
                opp_state.queue_state_change(opp_state.fallback_state)
            if not self.allow_framecheat:
                self.queue_state_change(self.fallback_state)
        if self.hit_fighter and not self.allow_framecheat:
            self.queue_state_change(self.fallback_state)
        host.on_state_interruptable(self)  # signal state_interruptable

    def enable_hit_cancel(self, projectile: bool = False) -> None:
        self.host.on_state_hit_cancellable(projectile, self)  # signal state_hit_cancellable

    def on_hit_something(self, obj, hitbox) -> None:
        """CharState.gd: _on_hit_something."""
        host = self.host
        if not self.hit_yet and obj is host.opponent:
            self.hit_yet = True
            host.stack_move_in_combo(self.state_name)
            if host.combo_count > 0 and self.hit_yet:
                self.started_during_combo = True
        if self.count_projectile_hits and not obj.is_fighter:
            self.hit_anything = True
        if obj.is_fighter:
            self.hit_anything = True
            self.hit_fighter = True
            host.melee_attack_combo_scaling_applied = True
            host.add_penalty(-25)
        elif getattr(obj, "hit_cancel_on_hit", False):
            self.hit_hit_cancellable_projectile = True
        super().on_hit_something(obj, hitbox)
        self.try_hit_cancel(obj, hitbox)

    def can_hit_cancel(self) -> bool:
        return True

    def _can_hit_cancel(self, obj, hitbox) -> bool:
        host = self.host
        if not hitbox.cancellable:
            return False
        if obj is host.opponent and obj.has_armor():
            return False
        if (not self.burst_cancellable or host.bursts_available == 0) and self.hit_cancel_into == ["OffensiveBurst"]:
            return False
        if hitbox.IS_THROW_BOX:
            return False
        if not self.can_hit_cancel():
            return False
        can_hit_cancel = obj.can_hit_cancel(host) if hasattr(obj, "can_hit_cancel") else False
        if obj.is_fighter or can_hit_cancel:
            projectile = not obj.is_fighter
            if projectile or hitbox.followup_state == "":
                return True
        return False

    def try_hit_cancel(self, obj, hitbox) -> None:
        if hitbox.cancellable and self._can_hit_cancel(obj, hitbox):
            projectile = not obj.is_fighter
            self.enable_hit_cancel(projectile)
            if projectile:
                self.host.hitlag_ticks = 0  # (after a presentation-only global hitlag)

    def on_got_hit(self) -> None:
        """Receives the fighter's ``got_hit`` signal even while inactive."""

    def opponent_turn_interrupt(self) -> None:
        pass

    def on_continue(self) -> None:
        pass

    def on_interrupt(self) -> None:
        pass

    def update_parameters(self) -> None:
        pass

    def flip_allowed(self) -> bool:
        return True

    def get_last_action_text(self) -> str:
        return ""

    def hitbox_children(self) -> list:
        """The ``Hitbox`` children (ThrowBoxes included), as ``game.gd: attacks`` walks them."""
        return [c for c in self.children if isinstance(c, Hitbox)]
