"""Godot 3.6 hash() and RandomNumberGenerator, and the game's BetterRng/reseeding rules.

Every record of tests/data/parity/godot_rng_vectors.jsonl.gz goes through the Python
module (yomi.rng) and through the C engine (csrc/engine/rng.c via yomi._native).
"""
from __future__ import annotations

import json
import math
import re
from types import SimpleNamespace

import pytest

from integration.tools.parity.common import open_text
from yomi import rng as pyrng


# --------------------------------------------------------------------------- engines

def python_engine() -> SimpleNamespace:
    return SimpleNamespace(
        name="python", Rng=pyrng.BetterRng, hash_int=pyrng.hash_int, hash_str=pyrng.hash_str,
        hash_float=pyrng.hash_float, state_hash=pyrng.state_hash, reseed=pyrng.reseed,
        reseed_static=pyrng.reseed_static)


def c_engine() -> SimpleNamespace:
    from yomi import _native
    return SimpleNamespace(
        name="c", Rng=_native.Rng, hash_int=_native.gd_hash_int, hash_str=_native.gd_hash_str,
        hash_float=_native.gd_hash_float, state_hash=_native.gd_state_hash, reseed=_native.gd_reseed,
        reseed_static=_native.gd_reseed_static)


ENGINES = {"python": python_engine, "c": c_engine}


@pytest.fixture(params=sorted(ENGINES))
def engine(request) -> SimpleNamespace:
    return ENGINES[request.param]()


# --------------------------------------------------------------------------- replaying records

_CALL = re.compile(r"^(\w+)(?:\((.*)\))?$")


def _float_in(value) -> float:
    return {"nan": math.nan, "inf": math.inf, "-inf": -math.inf}.get(value, value) if isinstance(value, str) \
        else float(value)


def _draw(rng, op: str, args: list):
    return getattr(rng, op)(*args)


def _same(expected, got) -> bool:
    return expected == got and type(expected) is type(got) or (
        isinstance(expected, (int, float)) and isinstance(got, float) and not isinstance(expected, bool)
        and float(expected) == got)


def check_record(eng: SimpleNamespace, rec: dict) -> list[str]:
    """Replay one record; returns the list of differences (empty when it reproduces)."""
    kind = rec["kind"]
    errors: list[str] = []

    def expect(what, expected, got):
        if not _same(expected, got):
            errors.append(f"{kind} {what}: expected {expected!r}, got {got!r}")

    if kind == "hash_int":
        expect(rec["in"], rec["out"], eng.hash_int(rec["in"]))
    elif kind == "hash_str":
        expect(rec["in"], rec["out"], eng.hash_str(rec["in"]))
    elif kind == "hash_float":
        expect(rec["in"], rec["out"], eng.hash_float(_float_in(rec["in"])))
    elif kind in ("rng", "rng_state"):
        r = eng.Rng()
        r.seed = rec["seed"]
        if kind == "rng":
            expect("state0", rec["state0"], r.state)
        else:
            r.state = rec["state_set"]
        for i, d in enumerate(rec["draws"]):
            expect(f"draw {i} {d['op']}{d['args']} out", d["out"], _draw(r, d["op"], d["args"]))
            expect(f"draw {i} state", d["state"], r.state)
        if kind == "rng":
            expect("seed_get", rec["seed_get"], r.seed)
        else:
            expect("state_get", rec["state_get"], r.state)
    elif kind == "state_hash":
        expect(rec["in"], rec["out"], eng.state_hash(*rec["in"]))
    elif kind in ("reseed", "reseed_static"):
        if kind == "reseed":
            seed = eng.reseed(rec["state_before"], rec["h1"], rec["h2"])
        else:
            seed = eng.reseed_static(rec["state_before"], rec["game_tick"])
        expect("seed", rec["seed"], seed)
        r = eng.Rng()
        r.state = rec["state_before"]
        if kind == "reseed":
            r.hash_rng(rec["h1"], rec["h2"])
        else:
            r.hash_static_rng(rec["game_tick"])
        expect("state0", rec["state0"], r.state)
        if kind == "reseed":
            name, args = _CALL.match(rec["op"]).groups()
            out = _draw(r, name, [int(a) for a in args.split(",")] if args else [])
        else:
            out = r.randi()
            expect("randi % 360", rec["randi_mod_360"], out % 360)
            name = "randi"
        expect(name, rec["randi"] if kind == "reseed_static" else rec["out"], out)
        expect("state", rec["state"], r.state)
    elif kind.startswith("betterrng_"):
        r = eng.Rng()
        r.seed = rec["seed"]
        for i, d in enumerate(rec["draws"]):
            expect(f"draw {i} state_before", d["state_before"], r.state)
            if kind == "betterrng_choose":
                out = r.choose(list(range(rec["n"])))
            elif kind == "betterrng_weighted_choice":
                out = r.weighted_choice(list(range(rec["n"])), list(rec["weights"]))
            else:
                name, args = _CALL.match(d["op"]).groups()
                out = _draw(r, name, [float(args)] if args else [])
            expect(f"draw {i} out", d["out"], out)
            expect(f"draw {i} state", d["state"], r.state)
    else:
        errors.append(f"unknown record kind {kind!r}")
    return errors


def load(path) -> tuple[dict, list[dict]]:
    with open_text(path) as handle:
        lines = handle.read().splitlines()
    return json.loads(lines[0]), [json.loads(line) for line in lines[1:] if line.strip()]


def test_every_record_reproduces(engine, rng_vectors):
    header, records = load(rng_vectors)
    counts: dict[str, int] = {}
    failures: list[str] = []
    for rec in records:
        counts[rec["kind"]] = counts.get(rec["kind"], 0) + 1
        failures += check_record(engine, rec)
    assert counts == header["counts"]
    assert not failures, f"{len(failures)} differences ({engine.name}), first: {failures[:5]}"


# --------------------------------------------------------------------------- hand-checkable values

def test_hash_by_hand(engine):
    assert engine.hash_int(-1) == 2 ** 32 - 1
    assert engine.hash_int(2 ** 32 + 7) == 7
    assert engine.hash_str("") == 5381
    assert engine.hash_str("a") == 5381 * 33 + 97
    assert engine.hash_str("0") == 177621  # the initial DI strings: not hash(0) == 0
    assert engine.hash_str("😀") == (5381 * 33 + 0x1F600) % 2 ** 32  # code points, not UTF-16
    assert engine.hash_float(-0.0) == engine.hash_float(0.0)


def test_state_hash_by_hand(engine):
    # P1 at the start of a match: x -55 hashes as 2**32 - 55; "0" strings hash to 177621.
    expected = (2 ** 32 - 55) + 0 + 4 * 177621 + engine.hash_str("Wait")
    assert engine.state_hash(-55, 0, "0", "0", "0", "0", "Wait") == expected
    assert engine.state_hash(0, 0, "0", "0", 0, 0, "Wait") == engine.hash_str("Wait") + 2 * 177621


def test_seeding_and_first_draw(engine):
    r = engine.Rng()
    r.seed = 0
    assert r.seed == 0
    # pcg32_srandom(0, default stream) by hand
    inc = ((1442695040888963407 << 1) | 1) % 2 ** 64
    state = (inc * 1) % 2 ** 64  # 0 * mult + inc
    state = (state * 6364136223846793005 + inc) % 2 ** 64
    assert r.state % 2 ** 64 == state
    old = state
    xorshifted = (((old >> 18) ^ old) >> 27) % 2 ** 32
    rot = old >> 59
    assert r.randi() == ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) % 2 ** 32
    assert r.seed % 2 ** 64 == old  # Godot 3.6: .seed reads back the pre-draw state


def test_randi_range_is_modulo_in_32_bits(engine):
    a, b = engine.Rng(), engine.Rng()
    a.seed = b.seed = 77
    v = b.randi()
    assert a.randi_range(10, 3) == v % 8 + 3
    a.seed = b.seed = 77
    v = b.randi()
    assert a.randi_range(0, 4294967295) == v % 2 - 1  # 4294967295 arrives as -1
    with pytest.raises(ZeroDivisionError):
        a.randi_range(-2 ** 31, 2 ** 31 - 1)  # crashes Godot 3.6


def test_choose_and_weighted_choice(engine):
    a, b = engine.Rng(), engine.Rng()
    a.seed = b.seed = 5
    v = b.randi()
    assert a.choose(["x", "y", "z"]) == ["x", "y", "z"][v % 3 - 1]
    with pytest.raises(ZeroDivisionError):
        a.choose([])
    a.seed = b.seed = 9
    rnd = b.randi() % 15  # randi_range(0, 14)
    expected = 0 if rnd <= 3 else 1 if rnd <= 6 else 2 if rnd <= 11 else 3
    assert a.weighted_choice(["a", "b", "c", "d"], [3, 3, 5, 3]) == expected


def test_rng_copy_python():
    r = pyrng.BetterRng()
    r.seed = 1234
    r.randi()
    c = r.copy()
    assert (c.seed, c.state, c.randi()) == (r.seed, r.state, r.randi())
