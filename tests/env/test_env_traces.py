"""The env's masks against the real game: replaying Godot traces through the env's observation path
(``integration.env.env.observe_decision``), each player's move mask must equal the engine's legal moves
and the trace's ``legal`` list at every turn: all turns of the ``*_base_*`` traces (where the engine
must not diverge at all); on the full traces up to the engine's first divergence from the recording
(a tick that differs, or a turn where the engine's own menu, as ``yomi parity trace`` checks it,
differs from the game's: that is the engine's business, not the env's).

Default run: the first ``OPENING`` ticks of every trace on the Python engine, and the whole base
traces on the C engine; ``-m slow``: every whole trace on both engines.

Cowboy's shift/drift extras make the game's panel rename its cancel categories, so the game's list
at a turn where the chosen extra forced an air type (``input_grounded`` / ``input_aerial``) is not
the plain menu the env offers (encoding.py, "Known approximations"); those turns are skipped and
counted.
"""
from __future__ import annotations

import gzip
import json

import numpy as np
import pytest

from support.data import trace_files
from integration.env import action_layout as AL
from integration.env import obs as O
from integration.engine import create_match
from integration.env.env import observe_decision
from integration.tools.parity.trace import first_difference

OPENING = 300
TRACES = trace_files()


def _replay(path, last_tick: int, engine: str = "python") -> dict:
    with gzip.open(path, "rt") as handle:
        records = [json.loads(line) for line in handle]
    header = records[0]
    chars = (AL.CHAR_INDEX[header["p1"]], AL.CHAR_INDEX[header["p2"]])
    settings = header["match_settings"]
    match = create_match(header["p1"], header["p2"], header["seed"], settings, engine=engine)
    out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
    stats = dict(turns=0, compared=0, skipped=0, diverged_at=None, chosen_ok=0)
    for rec in records[1:]:
        if rec.get("tick", 0) > last_tick:
            break
        if rec["t"] == "tick":
            match.tick()
            if first_difference({k: rec[k] for k in ("p1", "p2", "objects")}, match.state()):
                stats["diverged_at"] = rec["tick"]
                break
        elif rec["t"] == "turn":
            if "legal" not in rec:
                break
            stats["turns"] += 1
            state, sts, fvs, legal = observe_decision(match, out, chars, int(settings.get("game_length", 3600)))
            move, _ = AL.decode_masks(out[:, O.FEATURE_SIZE:])
            engine_diverged = False
            for p, side in ((0, "p1"), (1, "p2")):
                extra = rec[side].get("extra") or {}
                # the engine's own menu as the parity tool checks it (with the panel's air-type flags)
                if match.legal_actions(p + 1, bool(extra.get("input_grounded")),
                                       bool(extra.get("input_aerial"))) != sorted(rec["legal"][side]):
                    engine_diverged = True
            if engine_diverged:          # the engine's menu differs from the game's: an engine divergence
                stats["diverged_at"] = rec["tick"]
                break
            for p, side in ((0, "p1"), (1, "p2")):
                extra = rec[side].get("extra") or {}
                cl = AL.CHAR_LAYOUTS[chars[p]]
                got = sorted(cl.spec.moves[cl.u2c[u]] for u in np.nonzero(move[p])[0])
                assert got == legal[p] == match.legal_actions(p + 1), (path.name, rec["tick"], side)
                if extra.get("input_grounded") or extra.get("input_aerial"):
                    stats["skipped"] += 1
                    continue
                assert got == sorted(rec["legal"][side]), (path.name, rec["tick"], side)
                stats["compared"] += 1
                # the recorded choice is a masked-legal move of the env
                u = int(cl.c2u[cl.spec.move_index[rec[side]["action"]]])
                assert move[p, u], (path.name, rec["tick"], side, rec[side]["action"])
                stats["chosen_ok"] += 1
            for player, side in ((1, "p1"), (2, "p2")):
                c = rec[side]
                match.submit(player, c["action"], c["data"], c["extra"])
    return stats


def _check(path, last_tick, engine="python"):
    stats = _replay(path, last_tick, engine)
    assert stats["compared"] > 0, stats
    if "_base_" in path.name:
        assert stats["diverged_at"] is None, f"{path.name}: the engine diverged from a base trace at {stats['diverged_at']}"
    return stats


@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name.split(".")[0])
def test_move_masks_equal_trace_legal_opening(path):
    _check(path, OPENING)


def _c_engine() -> bool:
    try:
        from yomi import _native
        return hasattr(_native, "Match")
    except ImportError:
        return False


@pytest.mark.skipif(not _c_engine(), reason="the C engine is not built (uv sync)")
@pytest.mark.parametrize("path", [pytest.param(p, marks=() if "_base_" in p.name else pytest.mark.slow)
                                  for p in TRACES], ids=lambda p: p.name.split(".")[0])
def test_move_masks_equal_trace_legal_c_engine(path):
    """The same path on the C engine's matches (the C env computes these masks bit for bit like
    this Python path, tests/env/test_env_c.py): whole traces up to the C engine's first divergence (the
    base traces in the default run, where it must not diverge; the others under -m slow)."""
    stats = _check(path, 10 ** 9, engine="c")
    if "_base_" in path.name:
        assert stats["turns"] > 200


@pytest.mark.slow
@pytest.mark.parametrize("path", TRACES, ids=lambda p: p.name.split(".")[0])
def test_move_masks_equal_trace_legal_whole(path):
    stats = _check(path, 10 ** 9)
    if "_base_" in path.name:
        assert stats["turns"] > 200
