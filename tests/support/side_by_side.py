"""The machinery the C engine tests share (tests/chars/<name>/test_c_<name>.py, the differential
test): the C engine checked against the Python reference engine.

* ``check_mirror_trace`` / ``check_trace_through_c`` (with ``needs_trace`` / ``trace_ids``): a
  reference trace replayed through ``engine="c"`` is identical;
* ``Both``: one match on both engines side by side, every submit and tick on each, the states
  compared field by field after every tick (type-strict, key order, list lengths:
  ``first_difference``), failing with the first difference and the last
  decisions;
* ``own_moves`` / ``prefer_own``: a character's own moves, drawn in preference;
* ``play``: one random match on ``Both`` (legal moves compared at every decision, the choices drawn
  by the caller, every C state handed to the caller); ``play_character``: the same with the choices
  drawn for one character's targeted check (its own moves and extras from the caller); and
  ``pairings`` / ``short_matches`` / ``long_matches``: which matches the targeted differential
  checks play.

Each character's test file keeps what is its own: how it draws its moves and extras, what it
notes in the states, its scripted scenes.
"""
from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Callable, Iterator

import pytest

from integration.engine import create_match
from integration.tools import bench
from support.data import trace_files

__all__ = ["CHARACTERS", "Both", "check_mirror_trace", "check_trace_through_c", "cowboy_choice", "first_difference",
           "long_matches", "needs_trace", "own_moves", "pairings", "play", "play_character", "prefer_own",
           "short_matches", "trace_ids"]

RECENT_DECISIONS = 8  # how many of the last decisions a difference report shows
CHARACTERS = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")


# ------------------------------------------------------------------ comparing, the Cowboy's panels
# The Cowboy's Shoot2 / PointBlank / ShootDodge2 panels have a custom get_data (Shoot2ActionUIData.gd,
# ShootDodge2ActionUIData.gd): the game sends {"x", "y", "ActivateTemporal", "holster"}, not the
# widgets' dict (which the move's script cannot read: a KeyError in both engines).
_COWBOY_CUSTOM_PANELS = {"characters/swordandgun/ActionUIData/Shoot2ActionUIData.gd": "shoot2",
                         "characters/swordandgun/ActionUIData/ShootDodge2ActionUIData.gd": "shootdodge2"}
# The Cowboy's extras drawn at random besides bench.SAFE_EXTRAS (input_grounded / input_aerial only
# change the menu, which the test checks separately).
_COWBOY_EXTRAS = {"gun_cancel": 0.3, "detonate": 0.15, "drift": 0.1, "hindsight": 0.05}


def cowboy_choice(choice: tuple, rnd, character_extras: bool = True) -> tuple:
    """A random Cowboy choice in the shape the game sends: custom panels' data, every extra."""
    action, data, extra = choice
    panel = bench.panels("Cowboy").get(action)
    custom = _COWBOY_CUSTOM_PANELS.get((panel or {}).get("root", {}).get("script")) if action != "Continue" else None
    if custom and isinstance(data, dict) and "Direction" in data:
        data = {"x": data["Direction"]["x"], "y": data["Direction"]["y"], "ActivateTemporal": data["ActivateTemporal"],
                "holster": data.get("Holster", True) if custom == "shoot2" else True}
    if character_extras and isinstance(extra, dict):
        extra = dict(extra)
        for key, p in _COWBOY_EXTRAS.items():
            extra[key] = rnd.random() < p
    return action, data, extra


def first_difference(a, b, path="state"):
    """The path and both values of the first difference between two trace views."""
    if type(a) is not type(b):
        return path, a, b
    if isinstance(a, dict):
        for key in list(a) + [k for k in b if k not in a]:
            if key not in a or key not in b:
                return f"{path}.{key}", a.get(key, "<missing>"), b.get(key, "<missing>")
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
        if list(a) != list(b):
            return f"{path} (key order)", list(a), list(b)
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path} (length)", len(a), len(b)
        for i, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else (path, a, b)


# ------------------------------------------------------------------ traces
def needs_trace(name: str):
    """Marker for a test that replays the reference trace ``name``: a missing trace fails at collection."""
    trace_files(name)
    return pytest.mark.reference_trace(name)


def trace_ids(paths: list[Path]) -> list[str]:
    """The test ids of traces: their names without the extension."""
    return [p.name.split(".")[0] for p in paths]


def check_mirror_trace(path: Path, ticks: int, legal: int | None = None) -> None:
    """A mirror trace replays through C with no divergence, ``ticks`` ticks and every legal list
    identical (``legal`` of them when given, else at least one), and the same end."""
    from integration.tools.parity.trace import replay
    report = replay(path, "c", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total == ticks
    if legal is None:
        assert report.legal_ok == report.legal_total > 0, report.legal_first_mismatch
    else:
        assert report.legal_ok == report.legal_total == legal, report.legal_first_mismatch
    assert report.end_ok


def check_trace_through_c(path: Path) -> None:
    """A trace replays through C identically: every tick, every legal list (the Cowboy's
    Shift-toggle panel artefact turns are accepted by the parity tool itself, as for the Python
    engine) and the end. Every state of every character runs in C, so a state the C engine lacks
    (EngineUnavailable) fails like any other divergence."""
    from integration.tools.parity.trace import replay
    report = replay(path, "c", set())
    assert report.divergence is None, str(report.divergence)
    assert report.ticks_ok == report.ticks_total
    assert report.legal_ok == report.legal_total, report.legal_first_mismatch
    assert report.end_ok


# ------------------------------------------------------------------ both engines side by side
class Both:
    """Both engines side by side: every submit and tick on each, the states compared after every tick."""

    def __init__(self, p1, p2, seed, settings):
        self.p1, self.p2, self.seed, self.settings = p1, p2, seed, settings
        self.py = create_match(p1, p2, seed, settings, "python")
        self.c = create_match(p1, p2, seed, settings, "c")
        self.history = []  # (tick, player, action, data, extra): shown when the engines differ
        self.stopped_by = None  # the exception class both engines stopped with

    def submit(self, player, choice) -> bool:
        """False when the Python engine refuses (the C engine must refuse alike)."""
        self.history.append((self.py.current_tick, player) + tuple(choice))
        try:
            self.py.submit(player, *copy.deepcopy(choice))
        except Exception as exc:  # noqa: BLE001 - both must refuse alike
            with pytest.raises(type(exc)):
                self.c.submit(player, *copy.deepcopy(choice))
            return False
        self.c.submit(player, *copy.deepcopy(choice))
        return True

    def compare(self) -> dict:
        """The C engine's state; the test fails at the first field where it differs from Python's."""
        sp, sc = self.py.state(), self.c.state()
        found = first_difference(sp, sc)
        if found:
            recent = "\n".join(repr(h) for h in self.history[-RECENT_DECISIONS:])
            pytest.fail(f"{self.p1} vs {self.p2} seed {self.seed} settings {self.settings}: tick "
                        f"{self.py.current_tick} differs at {found[0]}: python {found[1]!r}, c {found[2]!r}\n"
                        f"last decisions:\n{recent}")
        return sc

    def tick(self) -> dict | None:
        """The C engine's state after the tick; None when the match stops (both engines raised
        alike)."""
        try:
            self.py.tick()
        except Exception as exc:  # noqa: BLE001
            with pytest.raises(type(exc)):
                self.c.tick()
            self.stopped_by = type(exc)
            return None
        self.c.tick()
        return self.compare()

    def advance(self, observe: Callable[[dict], None] | None = None, limit: int = 100000) -> bool:
        """Tick until a decision (or the end, or ``limit`` ticks), ``observe`` seeing every C state;
        False when the match stopped."""
        n = 0
        while not self.py.is_waiting() and self.py.result() is None and n < limit:
            assert not self.c.is_waiting(), f"tick {self.py.current_tick}: only C opened a decision"
            state = self.tick()
            if state is None:
                return False
            if observe is not None:
                observe(state)
            n += 1
        if self.py.result() is None and n < limit:
            assert self.c.is_waiting(), f"tick {self.py.current_tick}: only Python opened a decision"
        return True


def own_moves(character: str) -> set[str]:
    """The states whose Python class is the character's own (states.<character>)."""
    from integration.engine import python_state_classes
    return {name for name, cls in python_state_classes(character).items()
            if cls.startswith(f"states.{character.lower()}.")}


def prefer_own(match, player: int, character: str, rnd: random.Random, own: set[str], p: float,
               action: str, data) -> tuple:
    """(action, data): with probability ``p`` (when any is legal) one of ``own``'s legal moves at
    random with random data of its panel's shape, else ``action`` / ``data`` unchanged."""
    legal = [m for m in match.legal_actions(player) if m in own]
    rnd.shuffle(legal)
    if legal and rnd.random() < p:
        for move in legal:
            try:
                return move, bench.random_data(character, move, rnd)
            except ValueError:
                continue
    return action, data


Choose = Callable[[object, int, str], tuple]


def play(p1: str, p2: str, seed: int, settings: dict, max_ticks: int, choose: Choose,
         observe: Callable[[dict], None]) -> int:
    """One match on both engines, compared after every tick; returns the ticks played.

    At every decision both engines offer the same legal moves (a Cowboy's also with input_grounded
    / input_aerial), and ``choose(python_match, player, character)`` is submitted to both;
    ``observe`` sees the C engine's state after every tick. The match ends at its result,
    at ``max_ticks``, or where both engines stop alike (a refused submit, a raised tick)."""
    both = Both(p1, p2, seed, settings)
    ticks = 0
    while both.py.result() is None and ticks < max_ticks:
        if both.py.is_waiting():
            assert both.c.is_waiting(), f"tick {both.py.current_tick}: only Python opened a decision"
            for player, character in ((1, p1), (2, p2)):
                assert both.c.legal_actions(player) == both.py.legal_actions(player), (both.py.current_tick, player)
                if character == "Cowboy":
                    for flags in ((True, False), (False, True)):
                        assert both.c.legal_actions(player, *flags) == both.py.legal_actions(player, *flags), \
                            (both.py.current_tick, player, flags)
                if not both.submit(player, choose(both.py, player, character)):
                    return ticks
            continue
        assert not both.c.is_waiting(), f"tick {both.py.current_tick}: only C opened a decision"
        state = both.tick()
        if state is None:
            return ticks
        ticks += 1
        observe(state)
    assert both.c.result() == both.py.result()
    return ticks


Draw = Callable[..., tuple]


def play_character(character: str, draw_own: Draw, note: Callable, p1: str, p2: str, seed: int, settings: dict,
                   rnd: random.Random, max_ticks: int, seen: dict, *, cowboy_shape: bool = False,
                   allowed_moves: Callable[[str], set] | None = None) -> int:
    """One match on both engines for ``character``'s targeted check (:func:`play`); returns the
    ticks played.

    Each side draws a random legal move with random data and extra (``bench.random_choice``
    among ``allowed_moves(name)``, by default every legal move); a Cowboy side gets its custom
    panels' data shape and extras when ``cowboy_shape``; ``character``'s side then goes through
    ``draw_own(match, player, rnd, own, action, data, extra) -> (action, data, extra)`` with
    ``own`` its own moves.  ``note(seen, state, p1, p2)`` sees the C engine's state after every
    tick.  The order of the random draws is fixed, so a seed always plays the same match."""
    own = own_moves(character)
    allowed = {name: allowed_moves(name) if allowed_moves else None for name in (p1, p2)}

    def choose(match, player, who):
        action, data, extra = bench.random_choice(match, player, who, rnd, allowed[who])
        if cowboy_shape and who == "Cowboy":
            action, data, extra = cowboy_choice((action, data, extra), rnd)
        if who == character:
            action, data, extra = draw_own(match, player, rnd, own, action, data, extra)
        return action, data, extra

    return play(p1, p2, seed, settings, max_ticks, choose, lambda state: note(seen, state, p1, p2))


# ------------------------------------------------------------------ which matches
def pairings(character: str) -> list[tuple[str, str]]:
    """Every pairing the C engine runs with ``character`` on one side (the mirror once)."""
    import yomi._native as native
    chars = [name for name in CHARACTERS if name in native.characters()]
    return [(character, other) for other in chars] + [(other, character) for other in chars if other != character]


def short_matches(character: str, rng_base: int, others: int = 2,
                  mirrors: int = 8) -> Iterator[tuple[int, int, str, str, random.Random]]:
    """(k, i, p1, p2, rnd) for the short matches: ``mirrors`` of the mirror, ``others`` per other
    pairing; rnd seeded ``rng_base + 100 k + i``."""
    for k, (p1, p2) in enumerate(pairings(character)):
        for i in range(mirrors if p1 == p2 else others):
            yield k, i, p1, p2, random.Random(rng_base + 100 * k + i)


def long_matches(character: str, block: int, per_block: int,
                 rng_base: int) -> Iterator[tuple[str, str, int, random.Random]]:
    """(p1, p2, seed, rnd) for block ``block`` of the long matches: the pairings in turn, seed
    ``1000 block + i``, rnd seeded ``rng_base + 50 block + i``."""
    pairs = pairings(character)
    for i in range(per_block):
        rnd = random.Random(rng_base + 50 * block + i)
        p1, p2 = pairs[(block * per_block + i) % len(pairs)]
        yield p1, p2, 1000 * block + i, rnd
