"""integration/tools/replay/replayfile.py: a replay's inputs in the JSON form the game's traces hold,
and a real replay with any part replaced by junk: read, imported, or one ReplayError.

The JSON rules are the recorder's (TraceDriver.gd ``_j``, applied to what the panel submitted): keys
become text as GDScript's ``str()`` writes them, a whole float below 1e15 becomes an int, a vector
a list.
"""
from __future__ import annotations

import copy
import gzip

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from integration.tools.replay.importer import import_replay
from integration.tools.replay.replayfile import as_json, parse_replay
from integration.tools.replay.variant import ReplayError, Vector2, decode_stored
from support.data import REPLAYS


def test_inputs_take_the_traces_json_form():
    assert as_json({1: 2.0, False: 0.5, "DI": {"x": -71.0, "y": 71}}, "extra") == {"1": 2, "False": 0.5,
                                                                                   "DI": {"x": -71, "y": 71}}
    assert as_json(Vector2(3.0, -0.25), "data") == [3, -0.25]
    assert as_json(1e15, "data") == 1e15 and isinstance(as_json(1e15, "data"), float)
    assert as_json([None, "a", False], "data") == [None, "a", False]


@pytest.mark.parametrize("value, message", [
    (float("nan"), "data: a non-finite number"),
    ({"k": float("-inf")}, "data.k: a non-finite number"),
    (b"\x01", "a bytes value has no JSON form"),
    ({1.5: 0}, "key of type float"),
])
def test_values_without_a_json_form_are_refused(value, message):
    with pytest.raises(ReplayError, match=message):
        as_json(value, "data")


# ---------------------------------------------------------------- a real replay with one part replaced

_REAL = decode_stored(gzip.decompress((REPLAYS / "Mutant_vs_Cowboy_rare_s12.replay.gz").read_bytes()))
_JUNK = st.recursive(st.none() | st.booleans() | st.integers(-2**63, 2**63 - 1) | st.text(max_size=8)
                     | st.floats(), lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.integers(-3, 3) | st.text(max_size=4), inner, max_size=3), max_leaves=8)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, sub in value.items():
            yield from _paths(sub, prefix + (key,))


_ALL_PATHS = [p for p in _paths(_REAL) if p][:400]


def _replaced(path, junk):
    data = copy.deepcopy(_REAL)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    return data


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(_ALL_PATHS), _JUNK)
def test_any_replaced_part_is_read_or_one_replay_error(path, junk):
    try:
        parse_replay(_replaced(path, junk))
    except ReplayError:
        pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([p for p in _ALL_PATHS if p[0] == "frames" or p[0] in ("seed", "game_length",
                                                                               "stage_width")]), _JUNK)
def test_any_replaced_input_imports_or_is_one_replay_error(tmp_path_factory, path, junk):
    out = tmp_path_factory.mktemp("fuzz") / "t.jsonl"
    try:
        import_replay(parse_replay(_replaced(path, junk)), out)
    except ReplayError:
        assert not out.exists()
