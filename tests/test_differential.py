"""Differential test: the C engine against the Python reference engine, tick by tick.

Random matches (hypothesis draws the pairing, the seed, the settings and the random
source of the choices): at every decision both engines must offer the same legal moves
(also with the Cowboy's input_grounded / input_aerial), a random legal move with random
data and extra of the move panel's shape is submitted to both, and after every tick the
two ``state()`` views must be equal field by field. A match the Python engine stops with
an exception must stop the C engine at the same tick with the same exception class.

Random moves are restricted to those the C engine runs with the same class as the
Python engine (``integration.tools.bench.c_exact_moves``: base moves always; a character's own
moves once they are written in C), so the comparison covers all the code both have. The
Cowboy's choices get the data shape of its custom gun panels and all its extras
(``cowboy_choice``).

The default run keeps to about 30 s; ``-m slow`` runs the long version.
"""
from __future__ import annotations

import copy
import functools
import random

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, Phase, event, given, settings, strategies as st  # noqa: E402

from integration.tools import bench  # noqa: E402
from integration.engine import create_match  # noqa: E402

CHARACTERS = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")


def _c_characters() -> tuple[str, ...]:
    try:
        from yomi import _native
    except ImportError:
        return ()
    return tuple(c for c in CHARACTERS if c in _native.characters())


C_CHARACTERS = _c_characters()
pytestmark = pytest.mark.skipif(not C_CHARACTERS, reason="the C engine (yomi._native) is not built")


@functools.lru_cache(maxsize=None)
def allowed_moves(character: str) -> frozenset:
    return frozenset(bench.c_exact_moves(character))


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
                choice = bench.random_choice(py, player, character, rnd, allowed_moves(character),
                                             character_extras)
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


def _pairs():
    return st.tuples(st.sampled_from(C_CHARACTERS or CHARACTERS), st.sampled_from(C_CHARACTERS or CHARACTERS))


# no shrinking: a failure already names the tick, the field and the last decisions, and
# shrinking whole matches takes minutes; rerun with the printed --hypothesis-seed to reproduce
NO_SHRINK = (Phase.explicit, Phase.reuse, Phase.generate)


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck), phases=NO_SHRINK,
          print_blob=True)
@given(pair=_pairs(), seed=st.integers(0, 2 ** 31 - 1), match_settings=SETTINGS,
       rng_seed=st.integers(0, 2 ** 32 - 1), game_length=st.integers(120, 500))
def test_engines_agree(pair, seed, match_settings, rng_seed, game_length):
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
