"""The machinery the per-character C engine tests share (tests/test_c_<character>.py): the C engine
checked against the Python reference engine.

* ``check_mirror_trace`` / ``check_trace_through_c`` (with ``needs_trace`` / ``trace_ids``): a
  reference trace replayed through ``engine="c"`` is identical;
* ``Both``: one match on both engines side by side, every submit and tick on each, the states
  compared field by field after every tick (type-strict, key order, list lengths:
  ``test_differential.first_difference``), failing with the first difference and the last
  decisions;
* ``own_moves`` / ``prefer_own``: a character's own moves C runs, drawn in preference;
* ``play``: one random match on ``Both`` (legal moves compared at every decision, the choices drawn
  by the caller, every C state handed to the caller), and ``pairings`` / ``short_matches`` /
  ``long_matches``: which matches the targeted differential checks play.

Each character's test file keeps what is its own: how it draws its moves and extras, what it
notes in the states, its scripted scenes. Imported as ``from c_side_by_side import ...`` (like
``conftest``: tests/ is on sys.path, there is no package).
"""
from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Callable, Iterator

import pytest

from conftest import trace_files
from integration import bench
from integration.engine import create_match
from test_differential import CHARACTERS, first_difference

__all__ = ["Both", "check_mirror_trace", "check_trace_through_c", "first_difference", "long_matches", "needs_trace",
           "own_moves", "pairings", "play", "prefer_own", "short_matches", "trace_ids"]

RECENT_DECISIONS = 8  # how many of the last decisions a difference report shows


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
    from integration.parity.trace import replay
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
    from integration.parity.trace import replay
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
    """The menu moves whose Python class is the character's own (states.<character>) and that the
    C engine runs with the same class."""
    from integration.engine import python_state_classes
    exact = bench.c_exact_moves(character)
    return {name for name, cls in python_state_classes(character).items()
            if cls.startswith(f"states.{character.lower()}.") and name in exact}


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
