"""Object numbers past 16 bits, and the lists of references that grow past their inline room
(csrc/engine/ytypes.h: object numbers are int32; obj.c: signal connections; fighter.c: a
character's lists of object names).

The game has no limit on any of these: GDScript ints are 64-bit and its lists and signal
connections have no room to run out of, and neither has the Python engine. The C engine stores every
object number in 32 bits, keeps the first few connections of an object and names of a list inline and
the rest in the match's pool. Each test plays a scene on both engines with the same decisions and
compares the full state after every tick (support.side_by_side.Both, as test_object_pool.py does):

* a Ninja mirror whose spawn counter starts past 32,767 (and past 65,535): its caltrops get numbers a
  16-bit field could not hold, hit and are hit, and both engines name and seed them alike;
* a Wizard who throws spark bombs while P2 (a dummy) keeps away: more bombs at once than the list's
  inline room, listed in the trace's res in order, in both engines;
* the Mutant's poisons connect two signals each on the opponent: several poisons at once put the
  opponent's connections past its inline ones.
"""
from __future__ import annotations

import random
import struct

import numpy as np
import pytest

from integration.engine import CMatch, create_match
from integration.env import action_layout as AL
from integration.env.env import YomiEnv
from integration.tools import bench
from support.side_by_side import Both

native = pytest.importorskip("yomi._native")

INFO = native.engine_info()
HEADER_BYTES = 56  # csrc/env/batch.h yenv_snap_header: payload size at 40, checksum at 48


# ------------------------------------------------------------------ the spawn counter
def _c_match_spawned(p1: str, p2: str, seed: int, settings: dict, spawned: int) -> CMatch:
    """A C match at its first decision whose spawn counter (ymatch.n_spawned) is ``spawned``: an env
    slot restarted with this seed, its snapshot's counter set, loaded back (the importer checks it)."""
    env = YomiEnv(num_envs=1, seed=0, p1=p1.lower(), p2=p2.lower(), settings=settings, backend="c")
    env.reset()
    chars = [AL.CHARACTERS.index(p1), AL.CHARACTERS.index(p2)]
    env.backend.reset(np.ones(1, dtype=np.int8), np.array([chars[0]]), np.array([chars[1]]), np.array([seed]))
    batch = env.backend.batch
    layout = native.EnvBatch.snapshot_layout()
    blob = bytearray(batch.get_state())
    base = HEADER_BYTES + layout["scalars"] + 2 * layout["mask"] * 4 + 2
    off, size = layout["fields"]["n_spawned"]
    assert size == 4
    assert struct.unpack_from("=i", blob, base + off)[0] == 0
    struct.pack_into("=i", blob, base + off, spawned)
    struct.pack_into("=Q", blob, 48, native.EnvBatch.snapshot_checksum(bytes(blob[HEADER_BYTES:])))
    batch.set_state(bytes(blob))
    return CMatch(p1, p2, seed, settings, _native_match=batch.match(0))


def _python_match_spawned(p1: str, p2: str, seed: int, settings: dict, spawned: int):
    """A Python match at its first decision that has named ``spawned`` objects before: the game names
    an object by the count of names it gave (str(len(objs_map) + 1)), so names nobody holds are put
    in its map (no object, never looked up: no reference names them)."""
    m = create_match(p1, p2, seed, settings, "python")
    m.advance()
    objs = m._core.objs_map
    assert len(objs) == 2
    objs.update((str(3 + k), None) for k in range(spawned))
    return m


CALTROPS_SETTINGS = {"infinite_resources": True}


@pytest.mark.parametrize("spawned", [32_760, 65_500])
def test_objects_numbered_past_16_bits_play_alike_on_both_engines(spawned):
    both = Both("Ninja", "Ninja", 2, CALTROPS_SETTINGS)
    both.py = _python_match_spawned("Ninja", "Ninja", 2, CALTROPS_SETTINGS, spawned)
    both.c = _c_match_spawned("Ninja", "Ninja", 2, CALTROPS_SETTINGS, spawned)
    both.compare()
    rnd = random.Random(5)
    names = set()
    while both.py.current_tick < 300 and both.py.result() is None:
        if both.py.is_waiting():
            for player in (1, 2):
                if both.py.needs_action(player):
                    legal = both.py.legal_actions(player)
                    move = "Caltrops" if "Caltrops" in legal else "Continue"
                    data = bench.random_data("Ninja", move, rnd) if move != "Continue" else None
                    assert both.submit(player, (move, data, None))
            continue
        state = both.tick()
        assert state is not None, "the match stopped"
        names |= {int(o["name"]) for o in state["objects"]}
    # the numbers go on from the counter, past what 16 bits (signed, then unsigned) hold
    assert min(names) == spawned + 3, sorted(names)[:5]
    assert max(names) > max(spawned + 40, 65_535 if spawned > 32_767 else 32_767), max(names)


# ------------------------------------------------------------------ the Wizard's spark bombs
def _p1_repeats(both: Both, move: str, until_tick: int, action, continue_too: bool = False):
    """Play ``both`` to ``until_tick`` (or the end): P1 picks ``move`` whenever it is legal, else
    Continue, P2 always Continue; ``action(move)`` is the (move, data, extra) submitted, for
    Continue too where ``continue_too`` (else Continue goes bare).  Yields the state after every
    tick; both engines must accept every decision and keep playing."""
    while both.py.current_tick < until_tick and both.py.result() is None:
        if both.py.is_waiting():
            for player in (1, 2):
                if both.py.needs_action(player):
                    legal = both.py.legal_actions(player)
                    chosen = move if player == 1 and move in legal else "Continue"
                    bare = chosen == "Continue" and not continue_too
                    assert both.submit(player, (chosen, None, None) if bare else action(chosen))
            continue
        state = both.tick()
        assert state is not None, "the match stopped"
        yield state


def test_spark_bombs_past_the_inline_list_play_alike_on_both_engines():
    """With infinite resources the Wizard throws a spark bomb (the move SparkBomb) whenever it can;
    one lives over 600 ticks, so more than the list's inline room are listed at once. P2, a dummy far
    away, never sets one off."""
    settings = {"infinite_resources": True, "p2_dummy": True, "char_distance": 300, "game_length": 900}
    both = Both("Wizard", "Ninja", 3, settings)
    rnd = random.Random(7)
    most = 0
    for state in _p1_repeats(both, "SparkBomb", 420,
                             lambda move: (move, bench.random_data("Wizard", move, rnd), None)):
        bombs = state["p1"]["res"]["spark_bombs"]
        live = {o["name"] for o in state["objects"] if o["scene"] == "SparkBomb"}
        assert set(bombs) <= live | {None}
        most = max(most, len(bombs))
    assert most > INFO["inline_object_names"] + 4, most
    _clone_plays_on(both, 60)


def _clone_plays_on(both: Both, ticks: int) -> None:
    """A clone of the C match (match_copy: the pool's lists with it) plays the next ``ticks`` ticks
    exactly like the original, a decision of Continue each time one opens."""
    a = both.c._m
    b = a.clone()
    for _ in range(ticks):
        if a.result() is not None:
            break
        if a.is_waiting():
            for player in (1, 2):
                if a.needs_action(player):
                    a.submit(player, "Continue", None, None)
                    b.submit(player, "Continue", None, None)
            continue
        a.tick()
        b.tick()
        assert a.state() == b.state(), a.current_tick


# ------------------------------------------------------------------ the Mutant's poisons
def test_poison_connections_past_the_inline_ones_play_alike_on_both_engines():
    """Each live Poison keeps two connections on the opponent (got_hit_by_fighter and
    blocked_melee_attack): with P2 a dummy standing next to it, the Mutant bites again and again,
    and more poisons live at once than the opponent's inline connections hold."""
    settings = {"p2_dummy": True, "char_distance": 10, "infinite_resources": True, "game_length": 1200}
    both = Both("Mutant", "Ninja", 5, settings)
    rnd = random.Random(3)
    most = 0
    for state in _p1_repeats(both, "BiteGrab", 900,
                             lambda move: (move, None, bench.random_extra("Mutant", rnd, False)),
                             continue_too=True):
        most = max(most, sum(1 for o in state["objects"] if o["scene"] == "Poison"))
    assert 2 * most > INFO["inline_connections"] + 2, most
    assert sum(len(v) for v in both.py._core.p2.signal_connections.values()) >= 2 * most
    _clone_plays_on(both, 120)
