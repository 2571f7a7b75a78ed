"""Differential test: the C engine against the Python reference engine, tick by tick.

Random matches (hypothesis draws the pairing, the seed, the settings and the random
source of the choices): at every decision both engines must offer the same legal moves
(also with the Cowboy's input_grounded / input_aerial), a random legal move with random
data and extra of the move panel's shape is submitted to both, and after every tick the
two ``state()`` views must be equal field by field. A match the Python engine stops with
an exception must stop the C engine at the same tick with the same exception class.

Every legal move may be drawn. The Cowboy's choices get the data shape of its custom gun
panels and all its extras (``cowboy_choice``). The match player is
:func:`support.differential.play_both`.

The default run keeps to about 30 s; ``-m slow`` runs the long version.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from support.differential import C_CHARACTERS, NO_SHRINK, SETTINGS, play_both
from support.side_by_side import CHARACTERS


pytestmark = pytest.mark.skipif(not C_CHARACTERS, reason="the C engine (yomi._native) is not built")


def _pairs():
    return st.tuples(st.sampled_from(C_CHARACTERS or CHARACTERS), st.sampled_from(C_CHARACTERS or CHARACTERS))


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), phases=NO_SHRINK,
          print_blob=True)
@given(pair=_pairs(), seed=st.integers(0, 2 ** 31 - 1), match_settings=SETTINGS,
       rng_seed=st.integers(0, 2 ** 32 - 1), game_length=st.integers(120, 500))
def test_engines_agree(pair, seed, match_settings, rng_seed, game_length):
    """40 short matches of drawn pairings and settings (300 long ones: test_engines_agree_long, slow;
    every pairing once: test_every_pairing_default_settings)."""
    match_settings = dict(match_settings, game_length=game_length)
    play_both(pair[0], pair[1], seed, match_settings, random.Random(rng_seed), max_ticks=game_length + 10)


def test_every_pairing_default_settings():
    """Each of the 25 pairings, one short match with the default settings."""
    total = 0
    for i, p1 in enumerate(C_CHARACTERS):
        for j, p2 in enumerate(C_CHARACTERS):
            rnd = random.Random(1000 + 10 * i + j)
            total += play_both(p1, p2, 7 * i + j, {"game_length": 150}, rnd, max_ticks=160)
    assert total > 50 * len(C_CHARACTERS) ** 2  # most matches ran to the end, not into unported code


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), phases=NO_SHRINK,
          print_blob=True)
@given(pair=_pairs(), seed=st.integers(0, 2 ** 31 - 1), match_settings=SETTINGS,
       rng_seed=st.integers(0, 2 ** 32 - 1), game_length=st.integers(300, 3600))
def test_engines_agree_long(pair, seed, match_settings, rng_seed, game_length):
    match_settings = dict(match_settings, game_length=game_length)
    play_both(pair[0], pair[1], seed, match_settings, random.Random(rng_seed), max_ticks=game_length + 10)
