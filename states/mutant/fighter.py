"""The Mutant: ``characters/mutant/Beast.gd``.

Resources: juke pips (``juke_dir`` extra: a short dash in any direction on top of the
chosen move, 2 pips each), the spike (``spike_enabled`` extra), the burst-cancel charge,
the install timer, the shockwave.  Juke movement runs *before* the base tick.
"""
from __future__ import annotations

from fighter.fighter import Fighter
from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, imod, int_clamp

JUKE_PIPS = 10
JUKE_PIPS_PER_USE = 2
JUKE_TICKS = 3
UP_JUKE_TICKS = 10
NEUTRAL_JUKE_TICKS = 6
SIDE_JUKE_TICKS = 4
UP_JUKE_DOWN_FORCE = "2"
UP_JUKE_GRAVITY = "-0.95"
GROUNDED_UP_JUKE_GRAVITY = "-0.55"
JUKE_SPEED = "12"
JUKE_COMBO_MODIFIER = "1.25"
DOWN_JUKE_SPEED = "14"
JUKE_STARTUP_TICKS_NO_INITIATIVE = 2


class Mutant(Fighter):
    CHARACTER = "Mutant"

    def __init__(self, match, scene, root_props, boxes, sprite):
        super().__init__(match, scene, root_props, boxes, sprite)
        self.install_ticks = 0
        self.shockwave_projectile = None
        self.spike_projectile = None
        self.bc_charge = False
        self.juke_startup_ticks = 0
        self.juke_pips = JUKE_PIPS_PER_USE * 2
        self.juke_dir_x = "0"
        self.juke_dir_y = "0"
        self.juke_ticks = 0
        self.up_juke_ticks = 0
        self.juked_this_turn = False
        self.started_up_juke_from_ground = False
        self.can_air_dash = False

    def res(self) -> dict:
        return {
            "install_ticks": self.install_ticks, "juke_pips": self.juke_pips, "juke_ticks": self.juke_ticks,
            "up_juke_ticks": self.up_juke_ticks, "juke_startup_ticks": self.juke_startup_ticks,
            "juke_dir_x": self.juke_dir_x, "juke_dir_y": self.juke_dir_y, "juked_this_turn": self.juked_this_turn,
            "bc_charge": self.bc_charge, "spike_projectile": self.spike_projectile,
            "shockwave_projectile": self.shockwave_projectile, "can_air_dash": self.can_air_dash,
        }

    # ------------------------------------------------------------------ hooks of the base fighter
    def apply_grav(self) -> None:
        if self.up_juke_ticks <= 0:
            super().apply_grav()

    def apply_grav_custom(self, grav: str, fall_speed: str) -> None:
        if self.juke_ticks <= 0:
            super().apply_grav_custom(grav, fall_speed)

    def process_action(self, action) -> None:
        super().process_action(action)
        state = self.state_machine.states_map.get(action)
        if (state is not None and state.has_hitboxes and self.previous_input
                and self.previous_input["action"] == "AirDash"):
            self.can_air_dash = True

    def process_extra(self, extra: dict) -> None:
        self.bc_charge = False
        self.juke_startup_ticks = 0
        self.juked_this_turn = False
        super().process_extra(extra)
        if "spike_enabled" in extra:
            obj = self.obj_from_name(self.spike_projectile)
            if obj is not None and not extra["spike_enabled"]:
                obj.disable()
        juke_dir = extra.get("juke_dir")
        if juke_dir is not None:
            juke_dir = fixed.normalized_vec(str(juke_dir["x"]), str(juke_dir["y"]))
        if self.queued_action in ("DashBackward",) or juke_dir is None:
            return
        self.juke_dir_x = juke_dir["x"]
        self.juke_dir_y = juke_dir["y"]
        self.juke_ticks = JUKE_TICKS
        if fixed.lt(self.juke_dir_y, "0"):
            vel = self.get_vel()
            self.set_vel(fixed.mul(vel["x"], "0.75"), fixed.mul(vel["y"], "0.5"))
            self.up_juke_ticks = UP_JUKE_TICKS
            next_state = self.get_state(self.queued_action)
            if not (next_state is not None and getattr(next_state, "uses_air_movement", False)):
                self.use_air_movement()
            self.apply_force("0", UP_JUKE_DOWN_FORCE)
            self.started_up_juke_from_ground = self.is_grounded()
        if fixed.eq(self.juke_dir_y, "0") and fixed.eq(juke_dir["x"], "0"):
            self.juke_ticks = NEUTRAL_JUKE_TICKS
        elif fixed.gt(self.juke_dir_x, "0") or fixed.lt(self.juke_dir_x, "0"):
            self.juke_ticks = SIDE_JUKE_TICKS
        self.add_juke_pips(-JUKE_PIPS_PER_USE)
        self.juked_this_turn = True

    def is_neutral_juke(self) -> bool:
        return self.juke_ticks > 0 and fixed.eq(self.juke_dir_x, "0") and fixed.eq(self.juke_dir_y, "0")

    def on_hit_something(self, obj, hitbox) -> None:
        super().on_hit_something(obj, hitbox)
        if obj.is_fighter:
            self.start_projectile_invulnerability()
        self.add_juke_pips(1)
        self.bc_charge = True

    def on_parried(self) -> None:
        self.add_juke_pips(JUKE_PIPS_PER_USE)

    def on_got_blocked(self) -> None:
        super().on_got_blocked()
        self.add_juke_pips(1)

    def on_blocked_melee_attack(self) -> None:
        super().on_blocked_melee_attack()
        obj = self.obj_from_name(self.spike_projectile)
        if obj is not None:
            obj.disable()

    def launched_by(self, hitbox) -> None:
        super().launched_by(hitbox)
        obj = self.obj_from_name(self.spike_projectile)
        if obj is not None:
            obj.disable()
        if self.juked_this_turn and self.opponent.current_state().state_name == "Burst":
            self.add_juke_pips(idiv(JUKE_PIPS_PER_USE, 2))

    def add_juke_pips(self, amount: int) -> None:
        self.juke_pips = int_clamp(self.juke_pips + amount, 0, JUKE_PIPS)

    def add_juke_pip(self) -> None:
        self.add_juke_pips(1)

    def on_got_parried(self) -> None:
        # (replaces the base handler entirely)
        if self.juked_this_turn:
            self.juke_ticks = 0
            self.up_juke_ticks = 0
            self.hitlag_ticks += 5

    def passive_sadness_gain(self) -> None:
        super().passive_sadness_gain()
        direction = fixed.sign(self.last_vel["x"])
        opp_dir = self.get_opponent_dir()
        if direction != 0 and direction != opp_dir and imod(self.current_tick, 6) == 0:
            self.add_penalty(1)

    def on_got_push_blocked(self) -> None:
        if self.is_neutral_juke():
            self.juke_ticks = 0

    # ------------------------------------------------------------------ the tick
    def tick(self) -> None:
        if not self.initiative and self.turn_frames == 0:
            self.juke_startup_ticks = JUKE_STARTUP_TICKS_NO_INITIATIVE
        if ((self.juke_ticks > 0 or self.up_juke_ticks > 0) and self.hitlag_ticks <= 0 and self.blockstun_ticks <= 0
                and self.juke_startup_ticks <= 0):
            self._juke_tick()
        elif self.juke_startup_ticks > 0:
            self.juke_startup_ticks -= 1
        if self.penalty_ticks > 0:
            self.juke_pips = 0
        if self.is_in_hurt_state(False) or "Knockdown" in self.current_state().state_name:
            self.juke_ticks = 0
            self.up_juke_ticks = 0
        if self.infinite_resources:
            self.juke_pips = JUKE_PIPS
        super().tick()

    def _juke_tick(self) -> None:
        juke_speed = JUKE_SPEED
        if fixed.gt(self.juke_dir_y, "0"):
            juke_speed = DOWN_JUKE_SPEED
        state = self.current_state()
        if getattr(state, "IS_FAST_SWIPE", False) or state.IS_GRAB:
            juke_speed = fixed.mul(juke_speed, "0.25")
        if self.combo_count > 0:
            juke_speed = fixed.mul(juke_speed, JUKE_COMBO_MODIFIER)
        if self.up_juke_ticks > 0:
            self.up_juke_ticks -= 1
            if fixed.lt(self.juke_dir_y, "0") and not state.IS_JUMP and not state.IS_THROW_STATE:
                self.apply_force("0", UP_JUKE_GRAVITY if not self.started_up_juke_from_ground
                                 else GROUNDED_UP_JUKE_GRAVITY)
        if self.juke_ticks > 0:
            self.juke_ticks -= 1
            if not fixed.eq(self.juke_dir_x, "0") and self.juke_ticks <= JUKE_TICKS:
                self.move_directly(fixed.mul(self.juke_dir_x, juke_speed), "0")
            if fixed.gt(self.juke_dir_y, "0"):
                self.move_directly("0", fixed.mul(self.juke_dir_y, juke_speed))
            if self.juke_dir_x == "0" and self.juke_dir_y == "0":
                self.reset_momentum()
