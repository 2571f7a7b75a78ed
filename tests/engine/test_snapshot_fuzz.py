"""Snapshots can never crash the engine: crafted and fuzzed snapshots are refused with a ValueError
(and change nothing) or load and run cleanly.

* The fuzzer csrc/tools/snapshot_fuzz.c, built with the engine and the env's C part under
  AddressSanitizer and UndefinedBehaviorSanitizer, mutates exported matches (bit flips, byte
  overwrites, boundary values in the count / index / symbol fields, object slots and states spliced
  from another match) past the envelope's checksum, and loads each case in a child process: refused,
  or imported, observed and played a few decisions. No case may crash, hang or make a sanitizer report.
* Through the binding: one crafted snapshot per field the importer checks (the checksum fixed up)
  is refused with a ValueError, and the batch is unchanged.
* Every C bool field of the match is in the validator's lists (csrc/engine/snapshot_check.c), so that a
  field added later is not silently left unchecked.
"""
from __future__ import annotations

import re
import struct

import numpy as np
import pytest

from support import sanitize as SB

HEADER = struct.Struct("=8sIIQQQQQ")  # csrc/env/batch.h yenv_snap_header


# ------------------------------------------------------------------------------------------------
# the fuzzer under the sanitizers
# ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fuzzer(tmp_path_factory):
    return SB.driver(tmp_path_factory, "snapshot_fuzz")


def _fuzz(exe, cases: int, seed: int) -> dict:
    proc = SB.run(exe, [cases, seed])
    assert proc.returncode == 0, proc.stdout + proc.stderr[-6000:]
    assert proc.stdout.startswith("ok "), proc.stdout
    fields = dict(item.split("=") for item in proc.stdout.split()[1:])
    counts = {k: int(v) for k, v in fields.items()}
    assert counts["cases"] == cases
    assert counts["refused"] + counts["accepted"] == cases
    # both outcomes are exercised: most mutations of a live field are refused, many of a plain
    # number are played on
    assert counts["refused"] > cases // 10 and counts["accepted"] > cases // 10, counts
    # a third of the sources hold more objects than the inline slots: their object pool (its slots,
    # lists and size) is mutated too, and many of those cases load and play
    assert counts["pooled"] > cases // 5 and counts["pooled_accepted"] > cases // 20, counts
    return counts


def test_fuzzed_snapshots_are_refused_or_run_cleanly(fuzzer):
    """500 cases (seed 105's 1,500 below, and 150,000 more in the slow tests)."""
    _fuzz(fuzzer, 500, 1)


def test_the_validator_reads_no_bool_before_its_byte_is_checked(fuzzer):
    """Seed 105 once found undefined behaviour in the validator itself (a fighter's ``initialized``
    read as a bool before its byte was checked: UBSan's "load of value 65"); the sanitizers are
    built with -fno-sanitize-recover, so any such report fails the run."""
    _fuzz(fuzzer, 1500, 105)


@pytest.mark.slow
def test_fuzzed_snapshots_100k(fuzzer):
    _fuzz(fuzzer, 100_000, 7)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [2, 3, 4, 5, 6])
def test_fuzzed_snapshots_long(fuzzer, seed):
    _fuzz(fuzzer, 10000, seed)


# ------------------------------------------------------------------------------------------------
# the validator's bool lists against the engine's types (ytypes.h)
# ------------------------------------------------------------------------------------------------
def _struct_bools(header: str) -> dict:
    out = {}
    for m in re.finditer(r"(?:typedef struct\s*\{|struct (\w+)\s*\{)(.*?)\n\}\s*(\w*);", header, re.S):
        name = m.group(1) or m.group(3)
        body = re.sub(r"/\*.*?\*/", "", m.group(2), flags=re.S)
        names = []
        for decl in re.finditer(r"(?<![\w*])bool\s+([^;()]*);", body):
            names += [re.sub(r"\[.*", "", x).strip() for x in decl.group(1).split(",")]
        if names:
            out[name] = names
    return out


def test_every_bool_of_the_match_is_checked():
    header = (SB.CSRC / "engine" / "ytypes.h").read_text() + (SB.CSRC / "engine" / "body.h").read_text()
    check = (SB.CSRC / "engine" / "snapshot_check.c").read_text()
    lists = {m.group(1): re.findall(r"X\((\w+)", m.group(2))
             for m in re.finditer(r"#define BOOLS_(\w+)((?:.*\\\n)*.*)", check)}
    bools = _struct_bools(header)
    # the structs a match holds (the tables' statics and class descriptions are not in it)
    for struct_name, key in [("yhurtstate", "YHURTSTATE"), ("ylimb", "YLIMB"), ("yhbd", "YHBD"),
                             ("ymachine", "YMACHINE"), ("yobj", "YOBJ"), ("fg_body", "FG_BODY"), ("yproj", "YPROJ"),
                             ("yfighter", "YFIGHTER"), ("ysettings", "YSETTINGS"), ("ymatch", "YMATCH")]:
        want = set(bools[struct_name]) - {"slot_used"}  # slot_used is checked by its own loop
        assert want == set(lists[key]), (struct_name, want ^ set(lists[key]))
    held = {"yhurtstate", "ylimb", "yhbd", "ymachine", "yobj", "fg_body", "yproj", "yfighter", "ysettings", "ymatch",
            # not in a match: static tables and class descriptions
            "yreq", "ystate_static", "yobj_class", "fg_data",
            # the pool's slot flags: checked with the inline ones, by the slot_used loop
            "yobj_pool"}
    assert set(bools) <= held, set(bools) - held  # a new struct with bools in a match needs a list


# ------------------------------------------------------------------------------------------------
# crafted snapshots through the binding
# ------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def played():
    native = pytest.importorskip("yomi._native")
    from integration.env.env import YomiEnv

    if not hasattr(native, "EnvBatch"):
        pytest.skip("the C env is not built")
    env = YomiEnv(num_envs=2, seed=3, p1="ninja", p2="wizard", backend="c")
    env.reset()
    rng = np.random.default_rng(0)
    from integration.env.baselines import random_legal_actions as _random_legal_actions

    for _ in range(40):  # objects (shuriken, orbs...) on the stage
        env.step(_random_legal_actions(env.observations, rng))
    batch = env.backend.batch
    return env, batch, batch.get_state(), native.EnvBatch.snapshot_layout()


def _craft(snapshot: bytes, layout: dict, slot: int, offset: int, size: int, value: int) -> bytes:
    """``value`` written at ``offset`` of match ``slot``, and the header's checksum fixed up."""
    data = bytearray(snapshot)
    n = struct.unpack_from("=Q", data, 24)[0]
    base = layout["header"] + layout["scalars"] + n * 2 * layout["mask"] * 4 + n * 2 + slot * layout["match"]
    data[base + offset: base + offset + size] = (value & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    from yomi._native import EnvBatch

    checksum = EnvBatch.snapshot_checksum(bytes(data[layout["header"]:]))
    struct.pack_into("=Q", data, 48, checksum)
    return bytes(data)


def _live_object_slot(snapshot: bytes, layout: dict) -> int:
    n = struct.unpack_from("=Q", snapshot, 24)[0]
    base = layout["header"] + layout["scalars"] + n * 2 * layout["mask"] * 4 + n * 2
    off, size = layout["fields"]["n_objs"]
    n_objs = int.from_bytes(snapshot[base + off: base + off + size], "little", signed=True)
    assert n_objs > 0, "the scene has no object"
    off, size = layout["fields"]["order"]
    return int.from_bytes(snapshot[base + off: base + off + size], "little", signed=True)


# (field, value): each was unchecked once, or is an index the engine follows
CRAFTED = [
    ("n_hitboxes", 113), ("n_hitboxes", -1), ("n_hold_restarts", 13),
    ("n_hold_force", 13), ("n_conns", 17), ("n_conns", 3), ("n_conns", -1), ("n_hurtstates", 33), ("n_limbs", 33), ("n_combo_moves", 7),
    ("data_n", 9), ("data_kind", 77), ("n_spawned", -5), ("n_spawned", 2 ** 31 - 1), ("vars_off", 65535),
    ("vars_off", 8), ("stance", 60000), ("queued_action", 9999), ("n_states", 127), ("sm_state", 126),
    ("sm_state", -2), ("current_hurtbox", 100), ("hit_n", 17), ("facing", 3), ("is_fighter", 2), ("is_fighter", 0),
    ("hbd_host", 100000), ("creator", 1), ("err", 99), ("n_objs", 33), ("n_gone", -1), ("slot_used", 7),
    ("hp", 2 ** 31 - 1), ("hp", -1), ("hp", 2 ** 24 + 1),
    # frame 0 spends a state's super levels one by one: seed 7's case 98,494 of the 100,000 ran for minutes
    ("super_level", 2 ** 31 - 1), ("supers_used", 2 ** 30),
]


@pytest.mark.parametrize("field,value", CRAFTED, ids=[f"{f}={v}" for f, v in CRAFTED])
def test_crafted_field_is_refused_and_changes_nothing(played, field, value):
    env, batch, snapshot, layout = played
    before = batch.get_state()
    off, size = layout["fields"][field]
    bad = _craft(snapshot, layout, 0, off, size, value)
    with pytest.raises(ValueError, match="EnvBatch.set_state: slot 0"):
        batch.set_state(bad)
    assert batch.get_state() == before


@pytest.mark.parametrize("value", [49, 255, -1, 2 ** 31 - 1])
def test_crafted_parried_count_is_refused(played, value):
    """P1's parried names past the inline ones follow the match's struct and pool, as many as n_parried
    says: a count the bytes do not hold makes the matches end elsewhere than the snapshot does."""
    env, batch, snapshot, layout = played
    before = batch.get_state()
    off, size = layout["fields"]["n_parried"]
    with pytest.raises(ValueError, match="EnvBatch.set_state: (truncated|wrong length)"):
        batch.set_state(_craft(snapshot, layout, 0, off, size, value))
    assert batch.get_state() == before


@pytest.mark.parametrize("field,value", [("object_cls", 0), ("object_is_fighter", 1), ("object_number", 2),
                                         ("object_creator", 100000), ("object_n_states", 9),
                                         ("object_sm_state", 7)])
def test_crafted_live_object_is_refused(played, field, value):
    env, batch, snapshot, layout = played
    before = batch.get_state()
    k = _live_object_slot(snapshot, layout)
    if field == "object_cls":
        off, size = layout["object_cls"], 8
    else:
        off, size = layout["fields"][field]
    bad = _craft(snapshot, layout, 0, off + k * layout["object"], size, value)
    with pytest.raises(ValueError, match="EnvBatch.set_state: slot 0"):
        batch.set_state(bad)
    assert batch.get_state() == before


def test_untouched_snapshot_loads_and_chars_must_agree(played):
    env, batch, snapshot, layout = played
    batch.set_state(snapshot)  # the unmutated snapshot loads
    chars = env.backend.chars.copy()
    batch.set_state(snapshot, chars)
    swapped = chars[:, ::-1].copy()  # Ninja vs Wizard saved as Wizard vs Ninja
    with pytest.raises(ValueError, match="differs from the saved chars"):
        batch.set_state(snapshot, swapped)
    assert batch.get_state() == snapshot


# ------------------------------------------------------------------------------------------------
# the guarantee for an accepted snapshot: its masks are its matches', so play goes on
# ------------------------------------------------------------------------------------------------
def _mutants(snapshot: bytes, layout: dict, n: int, cases: int, seed: int):
    """(description, bytes) of `cases` mutants of the matches in `snapshot`, checksum resealed: a
    field of the layout set to a boundary value, or a byte of a match overwritten."""
    from yomi._native import EnvBatch

    rng = np.random.default_rng(seed)
    base = layout["header"] + layout["scalars"] + n * 2 * layout["mask"] * 4 + n * 2
    fields = sorted(layout["fields"])
    boundary = [0, 1, 2, -1, 3, 7, 255, 2 ** 15 - 1, 2 ** 31 - 1, -(2 ** 31)]
    for _ in range(cases):
        data = bytearray(snapshot)
        slot = int(rng.integers(n))
        if rng.random() < 0.6:
            name = fields[int(rng.integers(len(fields)))]
            off, size = layout["fields"][name]
            value = boundary[int(rng.integers(len(boundary)))] if rng.random() < 0.7 else int(rng.integers(-64, 64))
            at = base + slot * layout["match"] + off
            data[at:at + size] = (value & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
            what = f"slot {slot} {name}={value}"
        else:
            at = base + slot * layout["match"] + int(rng.integers(layout["match"]))
            data[at] = int(rng.integers(256))
            what = f"slot {slot} byte {at - base - slot * layout['match']}={data[at]}"
        struct.pack_into("=Q", data, 48, EnvBatch.snapshot_checksum(bytes(data[layout["header"]:])))
        yield what, bytes(data)


def _play_on_accepted_mutants(cases: int, seed: int) -> dict:
    native = pytest.importorskip("yomi._native")
    if not hasattr(native, "EnvBatch"):
        pytest.skip("the C env is not built")
    import zlib

    from integration.env.baselines import random_legal_actions
    from integration.env.env import YomiEnv

    env = YomiEnv(num_envs=2, seed=seed, p1="ninja", p2="wizard", backend="c")
    env.reset()
    rng = np.random.default_rng(seed)
    for _ in range(30):
        env.step(random_legal_actions(env.observations, rng))
    state = env.get_state()
    snapshot = zlib.decompress(state["backend"]["batch"])
    layout = native.EnvBatch.snapshot_layout()
    counts = {"refused": 0, "accepted": 0}
    for what, data in _mutants(snapshot, layout, 2, cases, seed):
        mutant = dict(state, backend=dict(state["backend"], batch=zlib.compress(data, 1)))
        try:
            env.set_state(mutant)
        except ValueError:
            counts["refused"] += 1
            continue
        counts["accepted"] += 1
        for _ in range(4):  # every action the masks allow is one the engine takes
            try:
                env.step(random_legal_actions(env.observations, rng))
            except Exception as exc:
                raise AssertionError(f"mutant {what}: {type(exc).__name__}: {exc}") from None
        assert np.isfinite(env.observations).all(), what
    return counts


def test_accepted_mutants_play_on_with_the_masks_they_hold():
    """A snapshot EnvBatch.set_state accepts holds the masks its matches give (recomputed from each
    match on import and compared): played on from hundreds of accepted mutants, no action the masks
    allow is refused, nothing raises, the observations stay finite."""
    counts = _play_on_accepted_mutants(400, 11)
    assert counts["accepted"] > 40 and counts["refused"] > 40, counts


@pytest.mark.slow
def test_accepted_mutants_play_on_long():
    counts = _play_on_accepted_mutants(100_000, 12)
    assert counts["accepted"] > 10_000, counts
