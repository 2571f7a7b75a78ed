"""The differential test's machinery (tests/engine/test_differential.py, and the characters'
tests that run it on their pairings): random matches played on both engines, compared tick by
tick, with hypothesis' strategies for the match settings."""
from __future__ import annotations

import copy

import hypothesis
import pytest
from hypothesis import Phase, event, strategies as st

from integration.engine import create_match
from integration.tools import bench
from support.side_by_side import CHARACTERS, cowboy_choice, first_difference


def _c_characters() -> tuple[str, ...]:
    try:
        from yomi import _native
    except ImportError:
        return ()
    return tuple(c for c in CHARACTERS if c in _native.characters())


C_CHARACTERS = _c_characters()


SETTINGS = st.fixed_dictionaries({}, optional={
    "stage_width": st.one_of(st.integers(250, 1200), st.sampled_from([0, 60, 100, 50000, 60000])),  # clamped
    "char_distance": st.integers(0, 200),
    "turbo_mode": st.booleans(),
    "extremely_turbo_mode": st.booleans(),
    "infinite_resources": st.booleans(),
    "one_hit_ko": st.booleans(),
    "di_enabled": st.booleans(),
    "burst_enabled": st.booleans(),
    "always_perfect_parry": st.booleans(),
    "gravity_enabled": st.booleans(),
    "clashing_enabled": st.booleans(),
    "asymmetrical_clashing": st.booleans(),
    "prediction_enabled": st.booleans(),
    "has_ceiling": st.booleans(),
    "ceiling_height": st.integers(150, 1000),
    "sadness_enabled": st.booleans(),
    "brace_enabled": st.booleans(),
    "global_damage_modifier": st.sampled_from(["0.5", "1", "1.5", "2.25"]),
    "global_hitstun_modifier": st.sampled_from(["0.5", "1", "1.3", "2"]),
    "global_hitstop_modifier": st.sampled_from(["0", "1", "1.5"]),
    "global_gravity_modifier": st.sampled_from(["0.5", "1", "1.7"]),
    "starting_meter": st.sampled_from(["0", "250", "1000"]),
    "min_di_scaling": st.sampled_from(["0.5", "1", "2"]),
    "max_di_scaling": st.sampled_from(["3", "6", "9.5"]),
    "di_combo_limit": st.integers(1, 30),
    "turn_min_length": st.integers(1, 20),
})


def _event(text: str) -> None:
    """hypothesis.event where a hypothesis test runs (the statistics of --hypothesis-show-statistics)."""
    try:
        event(text)
    except hypothesis.errors.InvalidArgument:
        pass


def _step(py, c, what: str, *args):
    """Call ``what`` on both engines; True when the comparison ends here: both raised the same
    exception class."""
    try:
        getattr(py, what)(*args)
    except Exception as exc:  # the Python engine stops: the C engine must stop the same way
        with pytest.raises(type(exc)):
            getattr(c, what)(*args)
        _event(f"stopped: both engines raised {type(exc).__name__}")
        return True
    getattr(c, what)(*args)  # every state runs in C: an EngineUnavailable here is a failure
    return False


def play_both(p1: str, p2: str, seed: int, match_settings: dict, rnd, max_ticks: int,
              character_extras: bool = True) -> int:
    """Play one random match on both engines, comparing every tick; returns the ticks played."""
    py = create_match(p1, p2, seed, match_settings, "python")
    c = create_match(p1, p2, seed, match_settings, "c")
    assert c.state() == py.state(), first_difference(py.state(), c.state())
    ticks = 0
    history = []  # (tick, player, action, data, extra): shown when the engines differ
    while py.result() is None and ticks < max_ticks:
        assert c.result() is None
        if py.is_waiting():
            assert c.is_waiting(), f"tick {py.current_tick}: only the Python engine opened a decision"
            for player, character in ((1, p1), (2, p2)):
                legal = py.legal_actions(player)
                assert c.legal_actions(player) == legal, (py.current_tick, player)
                if character == "Cowboy":
                    for flags in ((True, False), (False, True)):
                        assert c.legal_actions(player, *flags) == py.legal_actions(player, *flags), \
                            (py.current_tick, player, flags)
                choice = bench.random_choice(py, player, character, rnd, None, character_extras)
                if character == "Cowboy":
                    choice = cowboy_choice(choice, rnd, character_extras)
                history.append((py.current_tick, player) + tuple(choice))
                if _step(py, c, "submit", player, *copy.deepcopy(choice)):
                    return ticks
            continue
        assert not c.is_waiting(), f"tick {py.current_tick}: only the C engine opened a decision"
        if _step(py, c, "tick"):
            return ticks
        ticks += 1
        sp, sc = py.state(), c.state()
        if sp != sc:
            path, a, b = first_difference(sp, sc)
            recent = "\n".join(repr(h) for h in history[-6:])
            pytest.fail(f"{p1} vs {p2} seed {seed} settings {match_settings}: tick {py.current_tick} "
                        f"differs at {path}: python {a!r}, c {b!r}\nlast decisions:\n{recent}\n"
                        f"python p1 {_brief(sp['p1'])} p2 {_brief(sp['p2'])}\n"
                        f"c      p1 {_brief(sc['p1'])} p2 {_brief(sc['p2'])}")
    assert c.result() == py.result()
    assert c.current_tick == py.current_tick
    _event("played to the end" if py.result() is not None else "played to the tick limit")
    return ticks


def _brief(fighter: dict) -> dict:
    return {k: fighter.get(k) for k in ("state", "st", "x", "y", "vx", "vy", "hp", "combo")}


# no shrinking: a failure already names the tick, the field and the last decisions, and
# shrinking whole matches takes minutes; rerun with the printed --hypothesis-seed to reproduce
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)
