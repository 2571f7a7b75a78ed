"""A match: two fighters, the objects they spawn, the tick in the game's exact order, the turns.

Port of the simulation half of ``game.gd``: ``start_game``, ``on_object_spawned``,
``tick``, the tick-priority rules (``resolve_port_priority``), the turn gate of
``process_tick`` and ``should_game_end``/``end_game``.  The presentation freezes
(``super_freeze_ticks``, global hitlag) never advance a tick, so a headless match drops
them; the ghost preview is UI and does not exist here.

Order of one tick (:meth:`Match.tick`): objects tick first (spawn order); the tick
counter advances; the fighters are ordered (A, B) by the priority rules; A then B
consume their queued action (``tick_before``), recompute initiative, tick; the same-x
rule; objects spawned this tick are initialised; push-apart and walls; hits; combo
resets; the end check.
"""
from __future__ import annotations

import copy

from yomi.collide import resolve_collisions, resolve_same_x_coordinate
from yomi.fixed import FixedMath as fixed
from yomi.gd import idiv, int_clamp
from yomi.hits import apply_hitboxes
from yomi.rng import godot_hash

# The match settings of the game's settings panel (ui/GameSettingsPanelContainer.tscn), as
# the traces' headers record them; ``game_length`` is the panel's 3600 (the traces use 3000).
# They are the online match's defaults: the panel's single-player set-up differs only in
# turning Sadness off (``{"sadness_enabled": False}``; docs/PARITY.md "The default match").
DEFAULT_SETTINGS = {
    "stage_width": 800, "p2_dummy": False, "di_enabled": True, "turbo_mode": False, "infinite_resources": False,
    "one_hit_ko": False, "game_length": 3600, "turn_time": 30, "burst_enabled": True, "frame_by_frame": False,
    "always_perfect_parry": False, "char_distance": 55, "char_height": 0, "gravity_enabled": True,
    "chess_timer": False, "extremely_turbo_mode": False, "clashing_enabled": True, "asymmetrical_clashing": False,
    "global_damage_modifier": "1", "prediction_enabled": True, "has_ceiling": True, "global_hitstun_modifier": "1",
    "global_hitstop_modifier": "1", "global_gravity_modifier": "1", "ceiling_height": 800, "sadness_enabled": True,
    "turn_min_length": 10, "starting_meter": "0", "min_di_scaling": "1", "max_di_scaling": "6",
    "di_combo_limit": 15, "brace_enabled": False,
}

# The settings start_game copies onto both fighters: those that name a fighter property
# (game.gd: ``for value in match_data: if player.get(value) != null: player.set(...)``).
FIGHTER_SETTING_KEYS = (
    "stage_width", "di_enabled", "turbo_mode", "extremely_turbo_mode", "infinite_resources", "one_hit_ko",
    "burst_enabled", "always_perfect_parry", "gravity_enabled", "global_damage_modifier", "has_ceiling",
    "global_hitstun_modifier", "global_hitstop_modifier", "ceiling_height", "sadness_enabled",
    "min_di_scaling", "max_di_scaling", "di_combo_limit", "brace_enabled",
)


class Match:
    """One match of the game (``game.gd``).

    ``scenes`` builds the fighters and the objects they spawn from the tables: any object with
    ``build_fighter(match, character)`` and ``build_object(match, scene)``, in practice the
    module :mod:`states.scene`.  It is passed in because it sits above the core (it builds the
    characters' states, which extend the fighter and the core's objects), so the core never
    imports it; the match keeps the two functions (plain functions: a deep copy shares them)."""

    def __init__(self, p1: str, p2: str, seed: int, settings: dict | None = None, *, scenes):
        build_fighter = scenes.build_fighter
        self._build_object = scenes.build_object
        self.settings = dict(DEFAULT_SETTINGS)
        if settings:
            self.settings.update(settings)
        self.characters = (p1, p2)
        self.seed = seed
        self.objects: list = []
        self.objs_map: dict = {}
        self.current_tick = -1
        self.game_finished = False
        self.game_end_tick = 0
        self.winner = None
        self.p1_turn = False
        self.p2_turn = False
        self.turns = 0
        self.p1 = build_fighter(self, p1)
        self.p2 = build_fighter(self, p2)
        self.start_game()

    # ------------------------------------------------------------------ start
    def start_game(self) -> None:
        """game.gd: start_game."""
        s = self.settings
        p1, p2 = self.p1, self.p2
        self.stage_width = int_clamp(s["stage_width"], 100, 50000)
        self.time = s.get("game_length", 3000)
        self.char_distance = s.get("char_distance", 200)
        self.clashing_enabled = s.get("clashing_enabled", False)
        self.asymmetrical_clashing = s.get("asymmetrical_clashing", False)
        self.global_gravity_modifier = s.get("global_gravity_modifier", "1.0")
        self.has_ceiling = s.get("has_ceiling", True)
        self.ceiling_height = s.get("ceiling_height", 400)
        self.gravity_enabled = True
        for fighter in (p1, p2):
            fighter.has_ceiling = self.has_ceiling
            fighter.ceiling_height = self.ceiling_height
        p1.name = p1.obj_name = "P1"
        p2.name = p2.obj_name = "P2"
        seed = self.seed
        for fighter, fighter_seed in ((p1, godot_hash(seed)), (p2, godot_hash(seed + 1))):
            fighter.logic_rng.seed = fighter_seed
            fighter.logic_rng_seed = fighter_seed
            fighter.logic_rng_static.seed = fighter_seed
            fighter.logic_rng_static_seed = fighter_seed
        p2.id = 2
        for fighter in (p1, p2):
            fighter.set_gravity_modifier(self.global_gravity_modifier)
        for key, value in s.items():
            if key in FIGHTER_SETTING_KEYS:
                for fighter in (p1, p2):
                    setattr(fighter, key, value)
        p1.init()
        p2.init()
        if "gravity_enabled" in s:
            self.gravity_enabled = s["gravity_enabled"]
            p1.gravity_enabled = p2.gravity_enabled = s["gravity_enabled"]
        self.objs_map = {"P1": p1, "P2": p2}
        if s.get("p2_dummy"):
            p2.dummy = True
        self.current_tick = -1
        height = -s.get("char_height", 0)
        p1.set_pos(-self.char_distance, height)
        p2.set_pos(self.char_distance, height)
        p1.stage_width = p2.stage_width = self.stage_width
        p1.opponent = p2
        p2.opponent = p1
        p2.set_facing(-1)
        p1.update_data()
        p2.update_data()
        apply_hitboxes(self, [p1, p2])
        if "starting_meter" in s:
            meter = fixed.round(fixed.mul(str(p1.MAX_SUPER_METER), s["starting_meter"]))
            p1.gain_super_meter(meter)
            p2.gain_super_meter(meter)

    # ------------------------------------------------------------------ objects
    def instance_object(self, scene: str):
        return self._build_object(self, scene)

    def on_object_spawned(self, obj) -> None:
        """game.gd: on_object_spawned: name, seed and register a new object."""
        self.objects.append(obj)
        obj.has_ceiling = self.has_ceiling
        obj.ceiling_height = self.ceiling_height
        obj.obj_name = str(len(self.objs_map) + 1)
        obj.name = obj.obj_name
        seed = godot_hash(self.seed + (len(self.objs_map) + 1))
        obj.logic_rng.seed = seed
        obj.logic_rng_seed = seed
        obj.logic_rng_static.seed = self.seed
        obj.logic_rng_static_seed = self.seed
        self.objs_map[obj.obj_name] = obj
        if obj.creator_name:
            obj.creator = self.objs_map[obj.creator_name]  # BaseObj._ready
        obj.gravity_enabled = self.gravity_enabled
        obj.set_gravity_modifier(self.global_gravity_modifier)
        obj.fighter_owner = self.get_player(obj.id)
        obj.update_data()

    def on_hitbox_refreshed(self, hitbox_name: str) -> None:
        for fighter in (self.p1, self.p2):
            if hitbox_name in fighter.parried_hitboxes:
                fighter.parried_hitboxes.remove(hitbox_name)

    def get_player(self, player_id: int):
        return self.p1 if player_id == 1 else self.p2 if player_id == 2 else None

    def initialize_objects(self) -> None:
        for obj in self.objects:
            if not obj.initialized:
                obj.init()

    # ------------------------------------------------------------------ the tick
    def tick(self) -> None:
        """game.gd: tick."""
        for obj in self.objects:
            if obj.disabled:
                continue
            if not obj.initialized:
                obj.init()
            obj.tick()
            pos = obj.get_pos()
            if pos["x"] < -self.stage_width:
                obj.set_pos(-self.stage_width, pos["y"])
            elif pos["x"] > self.stage_width:
                obj.set_pos(self.stage_width, pos["y"])
            if self.has_ceiling and pos["y"] <= -self.ceiling_height:
                obj.set_y(-self.ceiling_height)
                obj.on_hit_ceiling()
        self.current_tick += 1
        p1, p2 = self.p1, self.p2
        p1.current_tick = p2.current_tick = self.current_tick
        p1.lowest_tick = p2.lowest_tick = -1
        a, b = self.resolve_port_priority()
        a.tick_before()
        b.tick_before()
        a.update_advantage()
        b.update_advantage()
        a.tick()
        b.tick()
        resolve_same_x_coordinate(self)
        self.initialize_objects()
        resolve_collisions(self, a, b)
        apply_hitboxes(self, [a, b])
        if (p1.state_interruptable or p1.dummy_interruptable) and not p1.busy_interrupt:
            p2.reset_combo()
        if (p2.state_interruptable or p2.dummy_interruptable) and not p2.busy_interrupt:
            p1.reset_combo()
        if self.should_game_end():
            self.end_game()

    # ------------------------------------------------------------------ tick priority
    def resolve_port_priority(self) -> tuple:
        """Which fighter acts first this tick: the first rule with an opinion decides; default P1."""
        s1, s2 = self.p1.current_state(), self.p2.current_state()
        for rule in (self._state_priority, self._comboing, self._attacks, self._lower_sadness,
                     self._forward_movement, self._lower_health):
            priority = rule(s1, s2)
            if priority > 0:
                break
        priority = max(1, priority)
        return (self.p1, self.p2) if priority == 1 else (self.p2, self.p1)

    @staticmethod
    def _state_priority(s1, s2) -> int:
        if s1.tick_priority < s2.tick_priority:
            return 1
        if s2.tick_priority < s1.tick_priority:
            return 2
        return 0

    @staticmethod
    def _comboing(s1, s2) -> int:
        if s1.is_hurt_state:
            return 2
        if s2.is_hurt_state:
            return 1
        return 0

    @staticmethod
    def _attacks(s1, s2) -> int:
        h1, h2 = s1.hitbox_children(), s2.hitbox_children()
        if not h1 and not h2:
            return 0
        if not h1:
            return 2
        if not h2:
            return 1
        start1 = start2 = 999
        damage1 = damage2 = 0
        for h in h1:
            if h.start_tick < start1:
                start1, damage1 = h.start_tick, h.damage
        for h in h2:
            if h.start_tick < start2:
                start2, damage2 = h.start_tick, h.damage
        if start1 != start2:
            return 1 if start1 > start2 else 2
        if damage1 != damage2:
            return 1 if damage1 > damage2 else 2
        return 0

    def _lower_sadness(self, s1, s2) -> int:
        if abs(self.p1.penalty - self.p2.penalty) < 10:
            return 0
        return 1 if self.p1.penalty < self.p2.penalty else 2

    @staticmethod
    def _forward_movement(s1, s2) -> int:
        if s1.beats_backdash and not s2.beats_backdash:
            return 1
        if s1.beats_backdash:
            return 0
        if s2.beats_backdash:
            return 2
        return 0

    def _lower_health(self, s1, s2) -> int:
        # Integer division: only "full hp" and "not full" differ.
        hp1 = idiv(self.p1.hp, self.p1.MAX_HEALTH)
        hp2 = idiv(self.p2.hp, self.p2.MAX_HEALTH)
        if hp1 == hp2:
            return 0
        return 1 if hp1 < hp2 else 2

    # ------------------------------------------------------------------ turns
    def is_waiting_on_player(self) -> bool:
        """game.gd: is_waiting_on_player: the game pauses while either fighter can act."""
        return self.p1.state_interruptable or self.p2.state_interruptable

    def negative_on_hit(self, player) -> bool:
        return player.current_state().started_during_combo and not player.opponent.current_state().started_during_combo

    def start_turn(self) -> None:
        """The waiting branches of game.gd: process_tick, run on consecutive idle frames.

        When P1 can act, P2 is asked too (busy if it cannot act on its own and its state
        is not interruptible on the opponent's turn); then the same for P2.  Each branch
        runs once per turn, P1's first unless only P2 could act.
        """
        p1, p2 = self.p1, self.p2
        for _ in range(2):
            if p1.state_interruptable and not self.p1_turn:
                self._ask(p2)
                self.p1_turn = True
            elif p2.state_interruptable and not self.p2_turn:
                self._ask(p1)
                self.p2_turn = True

    def _ask(self, player) -> None:
        state = player.current_state()
        player.busy_interrupt = (not player.state_interruptable
                                 and not (state.interruptible_on_opponent_turn or player.feinting
                                          or self.negative_on_hit(player)))
        if not player.busy_interrupt:
            state.on_interrupt()
        player.state_interruptable = True

    def end_turn(self) -> None:
        """Both players submitted: the game resumes ticking."""
        self.p1_turn = False
        self.p2_turn = False
        self.turns += 1

    # ------------------------------------------------------------------ end
    def should_game_end(self) -> bool:
        return self.current_tick > self.time or self.p1.hp <= 0 or self.p2.hp <= 0

    def end_game(self) -> None:
        if self.game_finished:
            return
        self.game_end_tick = self.current_tick
        self.game_finished = True
        self.p1.game_over = True
        self.p2.game_over = True
        winner = 0
        if self.p2.hp > self.p1.hp:
            winner = 2
        elif self.p1.hp > self.p2.hp:
            winner = 1
        self.winner = winner

    # ------------------------------------------------------------------ views
    def trace_state(self) -> dict:
        """The per-tick state in the traces' field names and formats."""
        objects = []
        for obj in self.objects:
            if obj.disabled:
                continue
            view = {"name": obj.obj_name, "scene": obj.scene.rsplit("/", 1)[-1].rsplit(".", 1)[0], "owner": obj.id}
            view.update(obj.trace_fields())
            view.update(obj.extra_trace_fields())
            objects.append(view)
        return {"p1": self.p1.trace_state(), "p2": self.p2.trace_state(), "objects": objects}

    def clone(self) -> "Match":
        return copy.deepcopy(self)
