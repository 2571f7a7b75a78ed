"""The C engine (csrc/, ``yomi._native``): traces, the binding's contract, the generated tables.

* every base trace replays identically through ``create_match(engine="c")``;
* bad input raises the Python engine's exception class and leaves the match as it was;
* clone, MatchBatch.step and MatchBatch.run_script play exactly like the engine interface;
* the built tables are those the generator makes from states/data now, deterministically;
* every FXC(...) literal in csrc is the decimal parser's value, fx_rq is yomi.fixed.requantize.
"""
from __future__ import annotations

import copy
import os
import random
import re
from pathlib import Path

import pytest

from integration.tools import bench
from integration.engine import EngineError, create_match
from fighter.actions import InvalidAction
from yomi import fixed

REPO = Path(__file__).resolve().parents[2]

native = pytest.importorskip("yomi._native")
if not hasattr(native, "Match"):
    pytest.skip("the C engine is not built (uv sync)", allow_module_level=True)

np = pytest.importorskip("numpy")


# ------------------------------------------------------------------ traces

def _base_traces():
    from support.data import trace_files
    return [str(p) for p in trace_files("*_base_*")]


def test_base_traces_identical(capsys):
    """`yomi parity trace --engine c` over two base traces sums them up; every base trace (and every
    other) replays through C in tests/chars/*/test_c_*.py, each with a side of that character."""
    traces = _base_traces()[:2]
    from integration.tools.parity.trace import main
    assert main(traces + ["--engine", "c"]) == 0
    out = capsys.readouterr().out
    assert f"{len(traces)}/{len(traces)} traces identical" in out


# ------------------------------------------------------------------ bad input

def _outcome(fn):
    try:
        fn()
    except Exception as exc:  # noqa: BLE001 - the class is what is compared
        return type(exc)
    return None


def _pair_at_decision(p1="Ninja", p2="Ninja", seed=3):
    py = create_match(p1, p2, seed, None, "python")
    c = create_match(p1, p2, seed, None, "c")
    py.advance()
    c.advance()
    return py, c


BAD_SUBMITS = [
    (3, "Continue", None, None),
    (0, "Continue", None, None),
    (True, "Continue", None, None),
    (1, 5, None, None),
    (1, None, None, None),
    (1, "NoSuchMove", None, None),
    (1, "Grabbed", None, None),                      # a state, not on the menu
    (1, "HurtAerial", None, None),
    (1, "Continue", {"x": 1}, None),                 # Continue takes no data
    (1, "Jump", None, None),                         # Jump needs its XY data
    (1, "Jump", {"x": "far", "y": 0}, None),
    (1, "Jump", [1, 2], None),
    (1, "Jump", {"x": 1}, None),
    (1, "Jump", {"x": 10, "y": 10, "z": 1}, None),
    (1, "Continue", None, 5),
    (1, "Continue", None, {"DI": 5}),
    (1, "Continue", None, {"DI": {"x": 1}}),
    (1, "Continue", None, {"reverse": "yes"}),
    (1, "Continue", None, {"no_such_extra": 1}),
    (1, "Continue", None, {"feint": None}),
    (2, "Continue", None, {"release": "now"}),
]


@pytest.mark.parametrize("player,action,data,extra", BAD_SUBMITS)
def test_bad_submit_same_error_and_match_unchanged(player, action, data, extra):
    py, c = _pair_at_decision()
    before = c.state()
    expected = _outcome(lambda: py.submit(player, action, copy.deepcopy(data), copy.deepcopy(extra)))
    got = _outcome(lambda: c.submit(player, action, copy.deepcopy(data), copy.deepcopy(extra)))
    assert got is expected, (expected, got)
    assert expected is not None
    assert c.state() == before
    assert c.needs_action(1) == py.needs_action(1) and c.needs_action(2) == py.needs_action(2)
    # the match plays on exactly like the Python engine's
    for m in (py, c):
        for p in (1, 2):
            if m.needs_action(p):
                m.submit(p, "Continue")
        m.advance()
    assert c.state() == py.state()


def test_bad_calls_outside_a_decision():
    py = create_match("Ninja", "Cowboy", 1, None, "python")
    c = create_match("Ninja", "Cowboy", 1, None, "c")
    for m in (py, c):  # no decision open before advance()
        with pytest.raises(EngineError):
            m.submit(1, "Continue")
    py.advance()
    c.advance()
    for m in (py, c):
        with pytest.raises(EngineError, match="decision is open"):
            m.tick()
        m.submit(1, "Continue")
        with pytest.raises(EngineError, match="already submitted"):
            m.submit(1, "Continue")
        assert m.legal_actions(1) == []
    assert c.state() == py.state()


def test_unrepresentable_data_is_refused():
    """Data the C engine cannot hold (ints beyond 32 bits) is an InvalidAction, not a wrapped value."""
    _, c = _pair_at_decision()
    before = c.state()
    with pytest.raises(InvalidAction):
        c.submit(1, "Jump", {"x": 2 ** 40, "y": 0})
    assert c.state() == before and c.needs_action(1)


def test_bad_match_arguments():
    with pytest.raises(EngineError, match="unknown character"):
        create_match("Ninja", "Alien", engine="c")
    with pytest.raises(EngineError, match="unknown match settings"):
        create_match("Ninja", "Ninja", settings={"stage_widht": 800}, engine="c")
    with pytest.raises(EngineError):
        create_match("Ninja", "Ninja", seed="1", engine="c")
    with pytest.raises(EngineError):
        native.Match("Ninja", "Ninja", 0, {"game_length": "long"})
    with pytest.raises(EngineError):
        native.Match("Nobody", "Ninja", 0, None)


def test_match_over():
    for engine in ("python", "c"):
        m = create_match("Robot", "Wizard", 2, {"game_length": 40}, engine)
        while m.result() is None:
            m.advance()
            for p in (1, 2):
                if m.needs_action(p):
                    m.submit(p, "Continue")
        with pytest.raises(EngineError, match="over"):
            m.tick()
        with pytest.raises(EngineError, match="over"):
            m.submit(1, "Continue")


@pytest.mark.parametrize("character", ["Ninja", "Cowboy", "Wizard", "Robot", "Mutant"])
def test_every_state_runs_the_python_class(character):
    """Every state of every character resolves to the class the Python engine runs there (the
    C class carries the Python class's ``module.QualName``): nothing falls back to another."""
    from integration.engine import python_state_classes
    c_classes = native.state_classes(character)
    py_classes = python_state_classes(character)
    assert len(py_classes) > 80
    assert {k: (v, c_classes.get(k)) for k, v in py_classes.items() if c_classes.get(k) != v} == {}


# ------------------------------------------------------------------ clone, batch

def _script(p1, p2, seed, settings, n_decisions=60):
    decisions, final, result = bench.record_match(p1, p2, seed, seed, settings, engine="c",
                                                  max_decisions=n_decisions)
    return decisions, final, result


def test_clone_is_independent_and_plays_the_same():
    settings = {"game_length": 400}
    decisions, final, _ = _script("Ninja", "Mutant", 11, settings)
    m = create_match("Ninja", "Mutant", 11, settings, "c")
    half = len(decisions) // 2
    m.advance()
    for pair in decisions[:half]:
        for p, choice in ((1, pair[0]), (2, pair[1])):
            m.submit(p, *copy.deepcopy(choice))
        m.advance()
    snapshot = m.state()
    twin = m.clone()
    assert twin.state() == snapshot
    for pair in decisions[half:]:
        if m.result() is not None:
            break
        for p, choice in ((1, pair[0]), (2, pair[1])):
            m.submit(p, *copy.deepcopy(choice))
        m.advance()
    assert twin.state() == snapshot  # untouched by the original's play
    for pair in decisions[half:]:
        if twin.result() is not None:
            break
        for p, choice in ((1, pair[0]), (2, pair[1])):
            twin.submit(p, *copy.deepcopy(choice))
        twin.advance()
    assert twin.state() == m.state() == final


def test_batch_step_and_run_script_match_the_interface():
    settings = {"game_length": 300}
    games = [("Ninja", "Cowboy", 5), ("Wizard", "Robot", 6), ("Mutant", "Ninja", 7)]
    scripts = [(p1, p2, s) + _script(p1, p2, s, settings) for p1, p2, s in games]
    batch = native.MatchBatch(len(games))
    assert batch.size == len(games)
    cache: dict = {}
    compiled = [bench._compile(batch, p1, p2, d, cache) for p1, p2, s, d, _, _ in scripts]
    # step: all matches at once, one decision per call
    for i, (p1, p2, s, *_rest) in enumerate(scripts):
        batch.reset(i, p1, p2, s, settings)
    status = np.zeros(len(games), dtype=np.int8)
    k = 0
    while True:
        codes = np.full((len(games), 2), -1, dtype=np.int32)
        live = False
        for i, c in enumerate(compiled):
            if k < len(c) and batch.result(i) is None:
                codes[i] = c[k]
                live = True
        if not live:
            break
        batch.step(codes, status)
        assert set(status.tolist()) <= {0, 1}, status
        k += 1
    for i, (_, _, _, _, final, result) in enumerate(scripts):
        assert batch.state(i) == final
        assert batch.result(i) == result
        assert batch.error(i) is None
    # run_script: one match per call
    for i, (p1, p2, s, _, final, result) in enumerate(scripts):
        batch.reset(i, p1, p2, s, settings)
        ticks, st, used = batch.run_script(i, compiled[i])
        assert st in (0, 1) and used == len(compiled[i])
        assert batch.state(i) == final and batch.result(i) == result
        assert batch.get(i).state() == final


def test_batch_bad_codes():
    batch = native.MatchBatch(2)
    batch.reset(0, "Ninja", "Ninja", 1, None)
    batch.reset(1, "Ninja", "Ninja", 1, None)
    cont = batch.register_action("Ninja", "Continue")
    cowboy = batch.register_action("Cowboy", "Continue")
    with pytest.raises(InvalidAction):
        batch.register_action("Ninja", "NoSuchMove")
    with pytest.raises(InvalidAction):
        batch.register_action("Ninja", "Jump", {"x": 2 ** 40, "y": 0})
    before = [batch.state(0), batch.state(1)]
    status = np.zeros(2, dtype=np.int8)
    batch.step(np.array([[10 ** 6, cont], [cowboy, cont]], dtype=np.int32), status)
    assert status.tolist() == [-2, -2]
    assert batch.state(0) == before[0] and batch.error(0) is None
    with pytest.raises(ValueError):
        batch.step(np.zeros((3, 2), dtype=np.int32), status)
    with pytest.raises(IndexError):
        batch.state(5)
    ticks, st, used = batch.run_script(0, np.array([[cont, -7]], dtype=np.int32))
    assert st == -2 and used == 0


# ------------------------------------------------------------------ generated tables, literals

def _gen():
    import importlib.util
    spec = importlib.util.spec_from_file_location("yomi_gen_c", REPO / "integration" / "tools" / "gen_c.py")
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    return gen


def test_generated_tables_are_deterministic_and_built():
    gen = _gen()
    first = gen.generate(str(REPO / "csrc"))
    second = gen.generate(str(REPO / "csrc"))
    assert first == second
    built_hash = native.engine_info()["tables_hash"]
    assert f'yomi_tables_hash[] = "{built_hash}";' in first[1], \
        "the extension was built from other tables or csrc: run uv sync"


def test_generated_tables_write_is_idempotent(tmp_path):
    gen = _gen()
    paths = gen.write(str(tmp_path), str(REPO / "csrc"))
    stamps = [os.stat(p).st_mtime_ns for p in paths]
    texts = [Path(p).read_text() for p in paths]
    gen.write(str(tmp_path), str(REPO / "csrc"))
    assert [os.stat(p).st_mtime_ns for p in paths] == stamps
    assert [Path(p).read_text() for p in paths] == texts


FXC = re.compile(r"\bFXC\(\s*(-?[0-9]+(?:\.[0-9]*)?)\s*\)")


def test_fxc_literals_are_the_parsers_values():
    """FXC(lit) rounds lit * 65536 in double precision: it must equal parse("lit")."""
    seen = 0
    for path in sorted((REPO / "csrc").rglob("*.[ch]")):
        for text in FXC.findall(path.read_text()):
            value = float(text)
            as_c = int(value * 65536.0 + (0.5 if value >= 0 else -0.5))  # C truncates the cast
            assert as_c == fixed.parse(text), (path.name, text)
            seen += 1
    assert seen > 20


def test_requantize_matches_the_library_text_round_trip():
    rng = random.Random(4)
    values = list(range(-3 * 65536, 3 * 65536, 7))
    values += [rng.randrange(-2 ** 50, 2 ** 50) for _ in range(20000)]
    values += [frac + 65536 * k for frac in range(65536) for k in (0, -1, 12345)][::3]
    for raw in values:
        assert native.fixed_requantize(raw) == fixed.requantize(raw), raw


def test_engine_info_limits():
    info = native.engine_info()
    assert info["match_bytes"] > info["fighter_bytes"] * 2
    # the match struct holds the fighters and the inline object slots (more objects go to its pool)
    assert info["match_bytes"] >= 2 * info["fighter_bytes"] + info["inline_objects"] * info["object_bytes"]
