"""Exact snapshots of the C-backed YomiEnv (EnvBatch.get_state / set_state, csrc/engine/snapshot.c).

* After a few hundred steps of random legal play, a snapshot restored into a fresh env, into the
  same env, or into an env in another process continues exactly: same observations, rewards,
  terminals, truncations and logs for the same actions (the other process is what catches a
  pointer saved as an address: the engine's tables sit elsewhere there). A restored batch also stays
  byte-identical to the original (its get_state bytes) step after step.
* Truncated, corrupted, foreign (other batch size, settings, format version) snapshots, and
  crafted ones with invalid table codes, are refused with a ValueError; the env is unchanged.
* The trainer on the real game resumes bit for bit (as tests/train/test_train.py checks on the toy env).
"""
from __future__ import annotations

import pickle
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import numpy as np
import pytest

from integration.env.baselines import random_legal_actions
from integration.env.env import YomiEnv

native = pytest.importorskip("yomi._native")
if not hasattr(native, "EnvBatch"):
    pytest.skip("the C engine is built without EnvBatch", allow_module_level=True)

REPO = Path(__file__).resolve().parents[2]
N = 16
WARMUP, FOLLOW = 300, 120
PAIRS = [("ninja", "ninja"), ("random", "random")]


def make(p1="ninja", p2="ninja", seed=3, n=N, **kw) -> YomiEnv:
    return YomiEnv(num_envs=n, seed=seed, p1=p1, p2=p2, backend="c", **kw)


def replay(env: YomiEnv, actions: list) -> dict:
    """Step `env` with the given actions; everything it reports, stacked."""
    out = {k: [] for k in ("obs", "rewards", "terminals", "truncations")}
    infos = []
    for a in actions:
        obs, rew, term, trunc, info = env.step(a)
        for k, v in zip(out, (obs, rew, term, trunc)):
            out[k].append(v.copy())
        infos.extend(info)
    rec = {k: np.stack(v) for k, v in out.items()}
    rec.update(infos=infos, matches_played=env.matches_played, illegal=env.illegal_actions,
               engine_errors=env.engine_errors)
    return rec


def assert_same(a: dict, b: dict):
    for k in ("obs", "rewards", "terminals", "truncations"):
        assert np.array_equal(a[k], b[k]), k
    for k in ("infos", "matches_played", "illegal", "engine_errors"):
        assert a[k] == b[k], k


class Played:
    """An env after WARMUP random legal steps, its snapshot, and the FOLLOW steps after it."""

    def __init__(self, p1: str, p2: str):
        self.p1, self.p2 = p1, p2
        self.env = make(p1, p2)
        self.env.reset()
        rng = np.random.default_rng(11)
        for _ in range(WARMUP):
            self.env.step(random_legal_actions(self.env.observations, rng))
        self.state = pickle.loads(pickle.dumps(self.env.get_state()))  # as a checkpoint stores it
        self.actions = []
        probe = make(p1, p2)
        probe.set_state(self.state)
        for _ in range(FOLLOW):  # the actions the original env would be given
            self.actions.append(random_legal_actions(probe.observations, rng))
            probe.step(self.actions[-1])
        self.reference = replay(self.env, self.actions)


@pytest.fixture(scope="module", params=PAIRS, ids=["ninja-mirror", "random-chars"])
def played(request) -> Played:
    return Played(*request.param)


def test_the_continuation_crosses_match_restarts(played):
    """The follow-up covers the interesting paths: matches ending and restarting, objects alive."""
    assert played.reference["terminals"].any()
    assert played.reference["matches_played"] > played.state["matches_played"]
    blob = zlib.decompress(played.state["backend"]["batch"])
    assert len(blob) == native.EnvBatch.snapshot_layout()["header"] + _payload_bytes(N)


def test_restore_into_a_fresh_env(played):
    env = make(played.p1, played.p2, seed=12345)  # the env's RNG comes from the snapshot
    env.set_state(played.state)
    assert np.array_equal(env.observations, played.state["observations"])
    assert_same(replay(env, played.actions), played.reference)


def test_restore_into_the_same_env(played):
    played.env.set_state(played.state)
    assert_same(replay(played.env, played.actions), played.reference)
    played.env.set_state(played.state)  # twice: a restore does not depend on what the env did since
    assert_same(replay(played.env, played.actions), played.reference)


CHILD = """
import pickle, sys
import numpy as np
from integration.env.env import YomiEnv
with open(sys.argv[1], "rb") as f:
    job = pickle.load(f)
env = YomiEnv(num_envs=job["n"], seed=777, p1=job["p1"], p2=job["p2"], backend="c")
env.set_state(job["state"])
out = {k: [] for k in ("obs", "rewards", "terminals", "truncations")}
for a in job["actions"]:
    for k, v in zip(out, env.step(a)[:4]):
        out[k].append(v.copy())
np.savez(sys.argv[2], **{k: np.stack(v) for k, v in out.items()})
"""


def test_restore_in_another_process(played, tmp_path):
    job = tmp_path / "job.pkl"
    with open(job, "wb") as f:
        pickle.dump(dict(n=N, p1=played.p1, p2=played.p2, state=played.state, actions=played.actions), f)
    out = tmp_path / "out.npz"
    run = subprocess.run([sys.executable, "-c", CHILD, str(job), str(out)], cwd=REPO, capture_output=True,
                         text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    got = np.load(out)
    for k in ("obs", "rewards", "terminals", "truncations"):
        assert np.array_equal(got[k], played.reference[k]), k


@pytest.mark.parametrize("p1,p2", PAIRS, ids=["ninja-mirror", "random-chars"])
def test_a_restored_batch_keeps_the_originals_bytes_step_after_step(p1, p2):
    """A batch restored from a snapshot is the original's byte for byte after every later step, not
    only in what it shows: a match's bytes are a function of its values (the move data that states
    are entered with hold no leftover leaves or padding from where they were built)."""
    original = make(p1, p2, n=4)
    original.reset()
    rng = np.random.default_rng(5)
    for _ in range(60):
        original.step(random_legal_actions(original.observations, rng))
    restored = make(p1, p2, n=4, seed=99)
    restored.set_state(original.get_state())
    assert restored.backend.batch.get_state() == original.backend.batch.get_state()
    for step in range(80):
        actions = random_legal_actions(original.observations, rng)
        original.step(actions)
        restored.step(actions)
        assert restored.backend.batch.get_state() == original.backend.batch.get_state(), step


def test_a_loaded_hit_list_is_cleared_when_its_fighter_leaves_the_state():
    """Leaving a state clears every hitbox of the fighter (the game's Fighter.on_state_exited walks them
    all), also one whose hits came with a loaded snapshot: the engine visits only the hitboxes it saw
    touched (hb_touched, left out of the bytes), so loading rebuilds that set from the hitboxes."""
    env = make(n=2, seed=7)
    env.reset()
    batch = env.backend.batch
    blob = bytearray(batch.get_state())
    m0 = _match_offset(2, 0)
    fields = LAYOUT["fields"]
    n_hitboxes = struct.unpack_from("=h", blob, m0 + fields["n_hitboxes"][0])[0]
    k = n_hitboxes - 1  # the Ninja's last hitbox: not one of the standing state's, and not active
    hit_n = m0 + fields["hit_n"][0] + k * LAYOUT["hitbox"]
    assert blob[hit_n] == 0
    blob[hit_n] = 1  # it hit P2 (object number 2) earlier in the state
    struct.pack_into("=i", blob, m0 + fields["hit_objects"][0] + k * LAYOUT["hitbox"], 2)
    batch.set_state(_resealed(blob))
    assert batch.get_state()[hit_n] == 1  # loaded as it is
    rng = np.random.default_rng(3)
    states = [env.backend.batch.match(0).state()["p1"]["state"]]
    while states[-1] == states[0] and len(states) < 20:  # until P1 leaves the state it was saved in
        env.step(random_legal_actions(env.observations, rng))
        states.append(env.backend.batch.match(0).state()["p1"]["state"])
    assert states[-1] != states[0]
    assert batch.get_state()[hit_n] == 0


# ----- refusals ------------------------------------------------------------------------------------
LAYOUT = native.EnvBatch.snapshot_layout()
HEADER = LAYOUT["header"]


def _payload_bytes(n: int) -> int:
    return LAYOUT["scalars"] + n * 2 * LAYOUT["mask"] * 4 + n * 2 + n * LAYOUT["match"]


def _match_offset(n: int, i: int) -> int:
    return HEADER + LAYOUT["scalars"] + n * 2 * LAYOUT["mask"] * 4 + n * 2 + i * LAYOUT["match"]


def _resealed(blob: bytearray) -> bytes:
    """The blob with its header's checksum recomputed (a crafted snapshot that passes the checksum)."""
    blob[48:56] = struct.pack("<Q", native.EnvBatch.snapshot_checksum(bytes(blob[HEADER:])))
    return bytes(blob)


def _flipped(blob: bytes, pos: int) -> bytes:
    b = bytearray(blob)
    b[pos] ^= 0x10
    return bytes(b)


def _with_u64(blob: bytes, pos: int, value: int) -> bytes:
    b = bytearray(blob)
    b[pos:pos + 8] = struct.pack("<Q", value)
    return _resealed(b)


@pytest.fixture(scope="module")
def ninja() -> Played:
    return Played("ninja", "ninja")


def test_bad_snapshots_are_refused_and_change_nothing(ninja):
    env = ninja.env
    env.set_state(ninja.state)
    batch = env.backend.batch
    blob = batch.get_state()
    assert struct.unpack_from("<8sII", blob) == (b"YOMIENV\0", 2, HEADER)
    m0 = _match_offset(N, 0)
    state_code = m0 + LAYOUT["fighter_states"] + LAYOUT["state_st"]
    obj_code = m0 + LAYOUT["object_cls"]
    cases = {
        "empty": (b"", "truncated"),
        "short header": (blob[:20], "truncated"),
        "one byte short": (blob[:-1], "truncated"),
        "one byte more": (blob + b"\0", "wrong length"),
        "magic": (_flipped(blob, 0), "magic"),
        # a snapshot of the format before object numbers were 32-bit
        "version 1": (blob[:8] + struct.pack("<I", 1) + blob[12:], "format version 1, this build reads version 2"),
        "header size": (_flipped(blob, 12), "header of"),
        "other build": (_flipped(blob, 16), "different build"),
        "batch size": (_flipped(blob, 24), "matches, this EnvBatch has 16"),
        "match size": (_flipped(blob, 32), "matches of"),
        "payload size": (_flipped(blob, 40), "payload of"),
        "checksum": (_flipped(blob, 48), "checksum"),
        "payload start": (_flipped(blob, HEADER), "checksum"),
        "a match": (_flipped(blob, m0 + 1000), "checksum"),
        "last byte": (_flipped(blob, len(blob) - 1), "checksum"),
        # checksums recomputed: the relocation codes themselves are checked before anything is written
        "character code": (_with_u64(blob, m0 + LAYOUT["fighter_chr"], 99), "slot 0: fighter 1: invalid character"),
        "state table kind": (_with_u64(blob, state_code, 7 << 40), "slot 0: fighter 1: state 0 has an invalid"),
        "state index": (_with_u64(blob, state_code, (1 << 40) | 4000), "state 0 has an invalid"),
        "object class": (_with_u64(blob, obj_code, 10_000), "slot 0: object slot 0: invalid class"),
        "last slot": (_with_u64(blob, _match_offset(N, N - 1) + LAYOUT["fighter_chr"], 1 << 60), "slot 15"),
    }
    for name, (data, why) in cases.items():
        with pytest.raises(ValueError, match=why):
            batch.set_state(data)
        assert batch.get_state() == blob, f"{name}: the batch changed"
    # other batch sizes and options, through YomiEnv
    other_snapshots = {
        "batch size": make(n=8).get_state(),
        "settings": make(settings={"game_length": 1000}).get_state(),
        "shaping": make(shaping={"damage": 0.5}).get_state(),
    }
    for name, snap in other_snapshots.items():
        with pytest.raises(ValueError):
            env.set_state(snap)
        assert batch.get_state() == blob, f"{name}: the batch changed"
    with pytest.raises(ValueError, match="other match settings \\(game_length"):
        batch.set_state(zlib.decompress(other_snapshots["settings"]["backend"]["batch"]))
    with pytest.raises(ValueError, match="damage shaping"):
        batch.set_state(zlib.decompress(other_snapshots["shaping"]["backend"]["batch"]))
    broken = dict(ninja.state, backend=dict(ninja.state["backend"], batch=b"not zlib"))
    with pytest.raises(ValueError, match="corrupted"):
        env.set_state(broken)
    python_state = YomiEnv(num_envs=N, backend="python").get_state()
    with pytest.raises(ValueError, match="C backend"):
        env.set_state(python_state)
    assert batch.get_state() == blob
    # still usable, and still where it was
    assert_same(replay(env, ninja.actions), ninja.reference)


# ----- the trainer ---------------------------------------------------------------------------------
def test_trainer_resume_on_the_real_game_is_bit_exact(tmp_path):
    """N updates in one go == K updates, a checkpoint, a resume (new trainer, env restored from the
    checkpoint) and N-K updates: policy, optimizer, self-play pool, env and metrics."""
    torch = pytest.importorskip("torch")
    from support.training import check_resume_is_bit_exact, small

    cfg = small(env="yomi", num_envs=4, horizon=4, hidden=32, eval_interval=0, eval_matches=2, final_eval_rounds=1,
                record_matches=False, eval_search=None)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        trainers = check_resume_is_bit_exact(tmp_path, cfg, n=5, k=2)
    finally:
        torch.set_num_threads(threads)
    assert trainers[2].env.backend_name == "c"
    for t in trainers:
        t.close()
