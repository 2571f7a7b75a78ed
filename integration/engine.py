"""The one interface every engine implements: the Python reference engine and the C engine.

A match runs until both players have to choose; each player then submits an action
(a move name or ``"Continue"``, the move's data, and the panel's ``extra`` dict), and
the match runs again.  The turn model is the game's: a decision starts when either
fighter becomes actionable, and *both* are asked (one of them may only be able to
hold, or to burst); the actions take effect in the next tick.

    match = create_match("Ninja", "Robot", seed=7)
    match.advance()                          # tick until both have to choose
    while not match.result():
        for player in (1, 2):
            moves = match.legal_actions(player)
            match.submit(player, "Continue" if "Continue" in moves else moves[0])
        match.advance()

``state()`` is the per-tick view in exactly the field names and formats of the
reference traces (``tests/data/parity/README.md``).  Bad input raises :class:`EngineError`
(or its subclass ``InvalidAction``) and leaves the match unchanged.
"""
from __future__ import annotations

import copy

from fighter.actions import InvalidAction, legal_actions, validate_data, validate_extra
from yomi.match import DEFAULT_SETTINGS
from yomi.errors import EngineError, EngineUnavailable  # noqa: F401  (part of this interface)
from yomi.match import Match as CoreMatch

ENGINES = ("python", "c")


def characters() -> tuple[str, ...]:
    """The playable characters (those with a module in ``states/``)."""
    from states.scene import character_modules
    return tuple(character_modules())


def create_match(p1: str, p2: str, seed: int = 0, settings: dict | None = None, engine: str = "python"):
    """A new match on the chosen engine."""
    if engine == "python":
        return Match(p1, p2, seed, settings)
    if engine == "c":
        return CMatch(p1, p2, seed, settings)
    raise EngineError(f"unknown engine {engine!r} (one of {', '.join(ENGINES)})")


def check_settings(settings, p1: str = "Ninja", p2: str = "Ninja") -> None:
    """Refuse match settings that no match can be played with, before any is played: an
    :class:`EngineError` naming the setting.  Names, types and ranges are the C engine's own checks
    (its conversion of the dict: integers within +-10^9, fixed-point strings, any value for a
    flag); then a match of ``p1`` against ``p2`` must reach its first decision (a negative
    ``game_length`` runs its timer out at tick 0, before anyone chooses)."""
    if not isinstance(settings, dict):
        raise EngineError(f"match settings must be an object of setting names and values, "
                          f"got {type(settings).__name__}")
    match = create_match(p1, p2, 0, settings, engine="c")
    match.advance()
    result = match.result()
    if result is not None:
        raise EngineError(f"a match with these settings ends ({result.get('reason', 'the match ended')}) at tick "
                          f"{match.current_tick}, before its first decision")


def _check_match_args(p1: str, p2: str, seed, settings) -> None:
    """Both engines' checks of a new match's arguments: known characters, an int seed, known
    setting names (their values are checked where each engine converts them)."""
    known = characters()
    for name in (p1, p2):
        if name not in known:
            raise EngineError(f"unknown character {name!r} (one of {', '.join(known)})")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise EngineError(f"seed must be an int, got {seed!r}")
    if settings is not None:
        unknown = sorted(set(settings) - set(DEFAULT_SETTINGS))
        if unknown:
            raise EngineError(f"unknown match settings {unknown} (known: {', '.join(sorted(DEFAULT_SETTINGS))})")


class Match:
    """A match on the Python reference engine."""

    def __init__(self, p1: str, p2: str, seed: int = 0, settings: dict | None = None):
        _check_match_args(p1, p2, seed, settings)
        from states import scene  # the scene builder, imported when a Python match is first made

        self._core = CoreMatch(p1, p2, seed, settings, scenes=scene)
        self._turn_open = False  # a decision is open: the game waits for both players
        self._submitted = {1: False, 2: False}
        self._snapshot = self._core.trace_state()  # the state at the end of the last tick

    # ------------------------------------------------------------------ queries
    @property
    def characters(self) -> tuple[str, str]:
        return self._core.characters

    @property
    def current_tick(self) -> int:
        """The last simulated tick (-1 before the first)."""
        return self._core.current_tick

    def is_waiting(self) -> bool:
        """True while a decision is open (some player still has to submit)."""
        return self._turn_open and not self._core.game_finished

    def needs_action(self, player: int) -> bool:
        """True if ``player`` (1 or 2) has to submit for the open decision."""
        self._check_player(player)
        return self.is_waiting() and not self._submitted[player]

    def legal_actions(self, player: int, force_grounded: bool = False, force_aerial: bool = False) -> list[str]:
        """The moves the game's menu offers ``player`` now (sorted, with ``"Continue"``); [] if it may not act.

        ``force_grounded`` / ``force_aerial`` are the Cowboy's ``input_grounded`` /
        ``input_aerial`` extras as currently selected in the panel.
        """
        if not self.needs_action(player):
            return []
        return legal_actions(self._fighter(player), force_grounded, force_aerial)

    def state(self) -> dict:
        """The state at the end of the last tick (before tick 0: the start), in the traces' format.

        ``{"p1": fighter, "p2": fighter, "objects": [...]}``, exactly a trace's tick line.  What
        happens between two ticks (the game asking both players, the submitted actions) shows
        from the next tick on, as in the traces.
        """
        return copy.deepcopy(self._snapshot)

    def result(self) -> dict | None:
        """None while the match runs; then the trace's ``end`` line (without ``"t"``)."""
        core = self._core
        if not core.game_finished:
            return None
        reason = "ko" if (core.p1.hp <= 0 or core.p2.hp <= 0) else "timeout"
        return {"tick": core.game_end_tick, "winner": core.winner, "reason": reason,
                "p1_hp": core.p1.hp, "p2_hp": core.p2.hp, "turns": core.turns, "game_length": core.time}

    # ------------------------------------------------------------------ driving
    def submit(self, player: int, action: str, data=None, extra=None) -> None:
        """Lock in ``player``'s choice for the open decision (it takes effect in the next tick)."""
        self._check_player(player)
        if self._core.game_finished:
            raise EngineError("the match is over")
        if not self._turn_open:
            raise EngineError(f"player {player} may not act now: no decision is open (call advance())")
        if self._submitted[player]:
            raise EngineError(f"player {player} has already submitted for this decision")
        if not isinstance(action, str):
            raise InvalidAction(f"action must be a move name (str), got {action!r}")
        fighter = self._fighter(player)
        extra_for_menu = extra if isinstance(extra, dict) else {}
        legal = legal_actions(fighter, bool(extra_for_menu.get("input_grounded")),
                              bool(extra_for_menu.get("input_aerial")))
        if action not in legal:
            known = action in fighter.state_machine.states_map
            reason = "not legal now" if known else "unknown"
            raise InvalidAction(f"player {player} ({fighter.CHARACTER}): move {action!r} is {reason}; "
                                f"legal: {', '.join(legal)}")
        if action != "Continue":
            validate_data(fighter.get_state(action), data)
        elif data is not None:
            raise InvalidAction(f"Continue takes no data (got {data!r})")
        validate_extra(fighter.CHARACTER, extra)
        fighter.on_action_selected(action, copy.deepcopy(data), copy.deepcopy(extra))
        self._submitted[player] = True
        if self._submitted[1] and self._submitted[2]:
            self._core.end_turn()
            self._turn_open = False
            self._submitted = {1: False, 2: False}

    def tick(self) -> None:
        """Simulate one tick; if it leaves a fighter actionable, open a decision."""
        if self._core.game_finished:
            raise EngineError("the match is over")
        if self._turn_open:
            raise EngineError("a decision is open: both players must submit before the match can tick")
        self._core.tick()
        self._snapshot = self._core.trace_state()
        if not self._core.game_finished and self._core.is_waiting_on_player():
            # game.gd: process_tick asks both players on the idle frames after this tick
            # (busy flags, the other fighter made actionable): the menus see that.
            self._core.start_turn()
            self._turn_open = True

    def advance(self) -> None:
        """Tick until a decision is open or the match ends."""
        while not self._turn_open and not self._core.game_finished:
            self.tick()

    def clone(self) -> "Match":
        """An independent copy (same future given the same inputs)."""
        return copy.deepcopy(self)

    # ------------------------------------------------------------------ helpers
    @staticmethod
    def _check_player(player) -> None:
        if player not in (1, 2) or isinstance(player, bool):
            raise EngineError(f"player must be 1 or 2, got {player!r}")

    def _fighter(self, player: int):
        return self._core.p1 if player == 1 else self._core.p2


# ---------------------------------------------------------------------------------------- the C engine

def _native():
    try:
        from yomi import _native
    except ImportError as exc:  # pragma: no cover - the extension is built by ``uv sync``
        raise EngineUnavailable(f"the C engine is not built in this checkout ({exc})") from None
    if not hasattr(_native, "Match"):
        raise EngineUnavailable("the C engine is not built in this checkout (yomi._native has no Match)")
    return _native


class _PanelState:
    """What ``validate_data`` reads of a state: its name and its data panel."""

    __slots__ = ("state_name", "data_ui_scene")

    def __init__(self, state_name: str, data_ui_scene):
        self.state_name = state_name
        self.data_ui_scene = data_ui_scene


_PANELS: dict = {}


def _panel_state(character: str, action: str):
    """The data panel of a character's move, from the tables (None for a name the tables lack)."""
    panels = _PANELS.get(character)
    if panels is None:
        from states.scene import character_module, load_table
        doc = load_table(character_module(character).TABLE)
        panels = {name: entry["props"].get("data_ui_scene") for name, entry in doc["states"].items()}
        _PANELS[character] = panels
    if action not in panels:
        return None
    return _PanelState(action, panels[action])


def python_state_classes(character: str) -> dict[str, str]:
    """State name -> ``module.Class`` of the class the Python engine runs for it."""
    from states.scene import character_module, load_table, state_class
    module = character_module(character)
    doc = load_table(module.TABLE)
    out = {}
    for name, entry in doc["states"].items():
        klass = state_class(entry, module.SCRIPTS)
        out[name] = f"{klass.__module__}.{klass.__qualname__}"
    return out


class CMatch:
    """A match on the C engine (``yomi._native``, csrc/): the same interface as :class:`Match`.

    The input checks are the Python engine's own (legality in C, the data and extra shapes
    through :func:`validate_data` / :func:`validate_extra`), so bad input raises the same
    :class:`InvalidAction` / :class:`EngineError` and changes nothing.
    """

    def __init__(self, p1: str, p2: str, seed: int = 0, settings: dict | None = None, _native_match=None):
        if _native_match is not None:
            self._m = _native_match
            return
        _check_match_args(p1, p2, seed, settings)
        native = _native()
        for name in (p1, p2):
            if name not in native.characters():
                raise EngineUnavailable(f"the C engine has no {name} yet")
        self._m = native.Match(p1, p2, seed, settings)

    @property
    def characters(self) -> tuple[str, str]:
        return self._m.characters

    @property
    def current_tick(self) -> int:
        return self._m.current_tick

    def is_waiting(self) -> bool:
        return self._m.is_waiting()

    def needs_action(self, player: int) -> bool:
        return self._m.needs_action(player)

    def legal_actions(self, player: int, force_grounded: bool = False, force_aerial: bool = False) -> list[str]:
        return self._m.legal_actions(player, force_grounded, force_aerial)

    def state(self) -> dict:
        return self._m.state()

    def result(self) -> dict | None:
        return self._m.result()

    def submit(self, player: int, action: str, data=None, extra=None) -> None:
        """Lock in ``player``'s choice; the same checks, in the same order, as :meth:`Match.submit`."""
        if player in (1, 2) and not isinstance(player, bool) and isinstance(action, str) and self._m.needs_action(player):
            flags = extra if isinstance(extra, dict) else {}
            legal = self._m.legal_actions(player, bool(flags.get("input_grounded")), bool(flags.get("input_aerial")))
            if action in legal:
                character = self._m.characters[player - 1]
                panel = _panel_state(character, action) if action != "Continue" else None
                if panel is not None:
                    validate_data(panel, data)
                if action != "Continue" or data is None:
                    validate_extra(character, extra)
        self._m.submit(player, action, data, extra)

    def tick(self) -> None:
        self._m.tick()

    def advance(self) -> None:
        self._m.advance()

    def clone(self) -> "CMatch":
        return CMatch("", "", _native_match=self._m.clone())
