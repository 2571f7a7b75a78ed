"""The sizes the environment's docstrings state (observation, masks, heads, per-character
packing) are the sizes the code computes: a change of layout that forgets its documentation
fails here."""
from __future__ import annotations

import json
import re

from integration.env import action_layout as AL
from integration.env import encoding as E
from integration.env import obs as O


def stated(doc: str, pattern: str) -> int:
    found = re.search(pattern, doc)
    assert found, f"the docstring no longer states {pattern!r}"
    return int(found.group(1))


def test_observation_sizes_in_the_obs_docstring():
    doc = O.__doc__
    assert stated(doc, r"``FEATURE_SIZE`` = (\d+)") == O.FEATURE_SIZE
    assert stated(doc, r"``OBS_SIZE`` = (\d+)") == O.OBS_SIZE
    assert stated(doc, r":data:`FIGHTER_SIZE` = (\d+)") == O.FIGHTER_SIZE
    assert stated(doc, r"``scalars`` \((\d+)") == len(O.FIGHTER_SCALARS)
    assert stated(doc, r"``state`` \((\d+)\)") == O.STATE_SLOTS
    assert stated(doc, r"``res`` \((\d+)\)") == O.RES_SLOTS
    assert stated(doc, r":data:`N_OBJECTS` = (\d+)") == O.N_OBJECTS
    assert stated(doc, r":data:`OBJECT_SIZE` = (\d+)") == O.OBJECT_SIZE


def test_packed_mask_sizes_in_the_action_layout_docstring():
    doc = AL.__doc__
    assert stated(doc, r"``MASK_SIZE`` = (\d+)") == AL.MASK_SIZE
    assert stated(doc, r"move_mask \(K1 = (\d+)\)") == AL.K1
    assert stated(doc, r"dynamic mask bits \((\d+)\)") == AL.N_DYN


def test_unified_heads_in_the_action_layout_docstring():
    block = re.search(r"Heads \(:data:`HEAD_NAMES`, :data:`HEAD_SIZES`\)::\n\n(.*?)\(D = (\d+)\)", AL.__doc__, re.S)
    assert block
    pairs = re.findall(r"(\w+) (\d+)", block.group(1))
    assert [(n, int(s)) for n, s in pairs] == list(zip(AL.HEAD_NAMES, AL.HEAD_SIZES))
    assert int(block.group(2)) == AL.D


def test_per_character_sizes_in_the_encoding_docstring():
    rows = re.findall(r"^\s+(\w+)\s+heads (\[[\d, ]+\])\s+D\s+(\d+)\s+M\s+(\d+)$", E.__doc__, re.M)
    assert sorted(name for name, *_ in rows) == sorted(E.CHARACTERS)
    for name, heads, d, m in rows:
        spec = E.get_spec(name)
        assert (json.loads(heads), int(d), int(m)) == (list(spec.head_sizes), spec.D, spec.mask_size), name
