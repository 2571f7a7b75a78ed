"""The C tables of the env's C part (integration/env/c_tables.py): generated from the Python layouts.

tests/env/test_env_c.py checks that the built copy is current and that the C part computes what
the Python env computes; these tests read the generated text itself against the layouts.
"""
from __future__ import annotations

import re

import numpy as np
import pytest

from integration.env import action_layout as AL
from integration.env import c_tables as CT
from integration.env import encoding as E
from integration.env import obs as O


@pytest.fixture(scope="module")
def sources() -> dict:
    return CT.c_sources()


def _array(text: str, name: str) -> np.ndarray:
    m = re.search(rf"static const \w+ {re.escape(name)}\[\] = \{{([^}}]*)\}};", text)
    assert m, f"{name} is not in the generated tables"
    return np.array([int(v) for v in m.group(1).split(",")])


def test_constants_are_the_layouts(sources):
    defines = dict(re.findall(r"^#define (\w+) (\S+)$", sources["env_layout.h"], re.M))
    got = {k: int(defines[k]) for k in ("YENV_N_CHARS", "YENV_K1", "YENV_NH", "YENV_D", "YENV_NDYN", "YENV_MASK",
                                         "YENV_FEAT", "YENV_OBS", "YENV_OFF_OBJECTS")}
    assert got == dict(YENV_N_CHARS=AL.N_CHARS, YENV_K1=AL.K1, YENV_NH=AL.N_HEADS, YENV_D=AL.D, YENV_NDYN=AL.N_DYN,
                       YENV_MASK=AL.MASK_SIZE, YENV_FEAT=O.FEATURE_SIZE, YENV_OBS=O.OBS_SIZE,
                       YENV_OFF_OBJECTS=O.LAYOUT["objects"])
    assert _array(sources["env_layout.h"], "YENV_DATA_OFF").tolist() == list(AL.DATA_OFFSETS)


@pytest.mark.parametrize("character", E.CHARACTERS)
def test_a_characters_tables_are_its_spec_and_layout(sources, character):
    text = sources["env_tables.c"]
    sp, cl, p = E.get_spec(character), AL.char_layout(character), character.lower()
    assert np.array_equal(_array(text, f"{p}_gather"), sp.gather_index.reshape(-1))
    assert np.array_equal(_array(text, f"{p}_head_used"), sp.head_used.astype(int).reshape(-1))
    assert _array(text, f"{p}_head_sizes").tolist() == list(sp.head_sizes)
    assert _array(text, f"{p}_u2c").tolist() == cl.u2c.tolist()
    assert _array(text, f"{p}_c2u").tolist() == cl.c2u.tolist()
    init = re.search(rf'^\s*\{{"{character}", (\d+), (\d+), (\d+), (\d+),', text, re.M)
    assert init and tuple(map(int, init.groups())) == (sp.K1, len(sp.head_names), sp.D, sp.n_dyn)
    # the dynamic keys' varying bits fill the packed dynamic mask, slot after slot
    keys = re.search(rf"static const yenv_key {p}_keys\[\] = \{{(.*)\}};", text)
    rows = re.findall(r"\{(\d+), (\d+), \{[\d, ]+\}, (\d+), (\d+), (\d+)\}", keys.group(1))
    slots = sorted((int(slot), int(n_var)) for _, _, slot, n_var, _ in rows)
    assert sum(n for _, n in slots) == sp.n_dyn
    assert all(a + n == b for (a, n), (b, _) in zip(slots, slots[1:]))
