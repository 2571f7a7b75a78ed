"""integration/tools/replay/replayfile.py: a replay's inputs in the JSON form the game's traces hold.

The rules are the recorder's (TraceDriver.gd ``_j``, applied to what the panel submitted): keys
become text as GDScript's ``str()`` writes them, a whole float below 1e15 becomes an int, a vector
a list.
"""
from __future__ import annotations

import pytest

from integration.tools.replay.replayfile import as_json
from integration.tools.replay.variant import ReplayError, Vector2


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
