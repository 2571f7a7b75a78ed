"""Checkpoints are untrusted files: loading one never runs code from it, a damaged one is refused,
an old pickled one is refused with the command that converts it (and the converted one resumes
bit for bit), a policy plays only the pairing it was trained on, and a full disk is one line."""
from __future__ import annotations

import errno
import os
import pickle
import shutil
from pathlib import Path

import numpy as np
import pytest
import torch

from integration.tools.cli import main as yomi
from integration.train import checkpoint as ckpt
from integration.train.cli import main as train_cli
from integration.train.trainer import Trainer
from support.training import TOY, tiny


pytestmark = pytest.mark.usefixtures("one_torch_thread")  # tests/conftest.py


class CreatesAFile:
    """Unpickling this calls open(path, "w"): the file appears if the pickle is run."""

    def __init__(self, path: Path):
        self.path = str(path)

    def __reduce__(self):
        return (open, (self.path, "w"))


def evil_files(tmp_path: Path) -> tuple[Path, list[Path]]:
    marker = tmp_path / "pwned"
    zipped = tmp_path / "evil.pt"
    torch.save({"policy": CreatesAFile(marker), "config": {}}, zipped)  # torch's zip format, as the old trainer wrote
    raw = tmp_path / "evil_raw.pt"
    raw.write_bytes(pickle.dumps({"policy": CreatesAFile(marker)}, protocol=2))  # a bare pickle
    disguised = tmp_path / "evil.safetensors"
    shutil.copy(zipped, disguised)  # the name does not decide how a file is read
    return marker, [zipped, raw, disguised]


def test_the_crafted_pickle_runs_code_when_unpickled(tmp_path):
    """The control: the crafted file really does create the marker when it is unpickled."""
    marker, (zipped, *_) = evil_files(tmp_path)
    torch.load(zipped, weights_only=False)
    assert marker.exists()


def test_a_malicious_pickle_never_runs(tmp_path, capsys):
    marker, files = evil_files(tmp_path)
    for path in files:
        with pytest.raises(ckpt.CheckpointError, match="old-format checkpoint .* uv run yomi checkpoint convert"):
            ckpt.load(path)
        rc = yomi(["play", "--p1", str(path), "--p2", "random"])
        err = capsys.readouterr().err
        assert rc == 2 and "old-format checkpoint" in err and "Traceback" not in err, err
    run = tmp_path / "run" / "checkpoints"
    run.mkdir(parents=True)
    shutil.copy(files[0], run / "latest.pt")
    assert train_cli(["--resume", str(tmp_path / "run"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "old-format checkpoint" in err and "uv run yomi checkpoint convert" in err and "Traceback" not in err
    assert not marker.exists()


def test_a_damaged_checkpoint_is_refused(tmp_path):
    """A flipped byte anywhere (header, metadata tree, tensor data) is refused, never loaded."""
    trainer = Trainer(tiny(), run_dir=tmp_path, display=False)
    trainer.run(max_updates=1)
    trainer.close()
    path = tmp_path / "checkpoints" / ckpt.LATEST
    good = path.read_bytes()
    assert ckpt.load(path)["update"] == 1
    header_end = 8 + int.from_bytes(good[:8], "little")
    positions = sorted({*range(0, len(good), max(1, len(good) // 97)), header_end, len(good) - 1})
    assert any(p > header_end for p in positions) and any(p < header_end for p in positions)
    for pos in positions:
        bad = bytearray(good)
        bad[pos] ^= 0x10
        path.write_bytes(bytes(bad))
        with pytest.raises(ckpt.CheckpointError):
            ckpt.load(path)
    path.write_bytes(good[: len(good) // 2])
    with pytest.raises(ckpt.CheckpointError):
        ckpt.load(path)


def test_plain_data_round_trips_exactly():
    state = {"policy": {"w": torch.randn(3, 4), "e": torch.zeros(0, 5), "b": torch.ones(2, dtype=torch.bfloat16),
                        "s": torch.tensor(3.0)},
             "opt": {"state": {0: {"step": torch.tensor(2.0)}}, "param_groups": [{"lr": 3e-4, "params": [0]}]},
             "rng": {"numpy": np.random.RandomState(5).get_state(), "python": (3, tuple(range(625)), None)},
             "pcg": np.random.default_rng(9).bit_generator.state,
             "env": {"batch": b"\x00\xffraw", "arr": np.arange(6, dtype=np.uint32).reshape(2, 3),
                     "n": np.int64(-7), "f": np.float32(0.1), "log": [{"x": -0.0, "t": (1, "a")}]}}
    back = ckpt.loads(ckpt.dumps(state))

    def same(a, b, where):
        assert type(a) is type(b), where
        if isinstance(a, dict):
            assert list(a) == list(b), where
            for k in a:
                same(a[k], b[k], f"{where}.{k}")
        elif isinstance(a, (list, tuple)):
            assert len(a) == len(b), where
            for i, (x, y) in enumerate(zip(a, b)):
                same(x, y, f"{where}[{i}]")
        elif isinstance(a, torch.Tensor):
            assert a.dtype == b.dtype and a.shape == b.shape and torch.equal(a, b), where
        elif isinstance(a, np.ndarray):
            assert a.dtype == b.dtype and np.array_equal(a, b), where
        else:
            assert a == b and str(a) == str(b), where

    same(state, back, "state")
    with pytest.raises(TypeError, match="cannot be stored in a checkpoint"):
        ckpt.dumps({"policy": object()})


@pytest.mark.parametrize("best", ["x", {"update": 1}, {"update": 1, "global_step": 8, "yardsticks": {"scripted": 3}},
                                  {"update": 1, "global_step": 8,
                                   "yardsticks": {"scripted": {"score": "1", "low": 0, "high": 1, "matches": 4}}},
                                  {"update": 1, "global_step": 8,
                                   "yardsticks": {"scripted": {"score": 1, "low": 0, "high": 1, "matches": 4}},
                                   "head_to_head": {"score": 0.6, "low": 0.4, "high": 0.7, "matches": 64}}])
def test_a_crafted_record_of_the_runs_agent_is_one_clear_error(tmp_path, best):
    """The record of the run's agent in a checkpoint (a checksum-valid file can say anything) is
    checked when a run resumes: a malformed one stops it with one line, before it trains."""
    first = Trainer(tiny(eval_interval=1), run_dir=tmp_path, display=False)
    first.run(max_updates=1)
    first.close()
    state = ckpt.load(tmp_path / "checkpoints" / ckpt.LATEST)
    assert state["best"]["update"] == 1  # the evaluation at update 1 made it the agent
    state["best"] = best
    ckpt.save_atomic(state, tmp_path / "checkpoints" / ckpt.LATEST)
    with pytest.raises(SystemExit, match="record of the run's agent"):
        Trainer.resume(tmp_path, display=False)


@pytest.mark.parametrize("key, message", [("best_policy", "the checkpoint's best_policy")])
@pytest.mark.parametrize("weights", ["x", {"move_head.bias": torch.zeros(3)}])
def test_crafted_network_weights_are_one_clear_error(tmp_path, key, message, weights):
    """The frozen network a checkpoint carries besides the learner (the run's agent, which its
    head-to-heads play after a resume) must fit the run's network: anything else stops the resume
    with one line."""
    first = Trainer(tiny(eval_interval=1), run_dir=tmp_path, display=False)
    first.run(max_updates=1)
    first.close()
    state = ckpt.load(tmp_path / "checkpoints" / ckpt.LATEST)
    assert set(state[key]) == set(state["policy"])
    state[key] = weights
    ckpt.save_atomic(state, tmp_path / "checkpoints" / ckpt.LATEST)
    with pytest.raises(ckpt.CheckpointError, match=message):
        Trainer.resume(tmp_path, display=False)


@pytest.mark.parametrize("retired, resumes", [
    ({"pool_sampling": "uniform", "style_bias": 0.0, "exploiter_interval": 0, "exploiter_updates": 100,
      "exploiters_kept": 4, "p_exploiter": 0.25, "distill_matches": 0, "distill_k": 6, "distill_coef": 0.05,
      "magnet_coef": 0.0, "magnet_interval": 100, "pairing_priority": 0.0, "magnet_kl": 0.0, "magnet_ema": 0.99},
     True),
    ({"magnet_coef": 0.05, "magnet_interval": 100}, False),
    ({"magnet_kl": 0.1, "magnet_ema": 0.995}, False),
    ({"pool_sampling": "pfsp"}, False),
])
def test_a_checkpoint_with_settings_this_trainer_does_not_have(tmp_path, retired, resumes):
    """A config that holds the options the ablations dropped (config.RETIRED_SWITCHES) at the values
    that kept them off resumes without them; one that turned one on is refused, naming it."""
    first = Trainer(tiny(), run_dir=tmp_path, display=False)
    first.run(max_updates=1)
    first.close()
    state = ckpt.load(tmp_path / "checkpoints" / ckpt.LATEST)
    state["config"] = {**state["config"], **retired}
    ckpt.save_atomic(state, tmp_path / "checkpoints" / ckpt.LATEST)
    if resumes:
        again = Trainer.resume(tmp_path, display=False)
        assert again.update_count == 1 and not hasattr(again.cfg, "magnet_coef")
        again.close()
    else:
        with pytest.raises(ValueError, match=f"the config turns on {next(iter(retired))}, which this trainer does not have"):
            Trainer.resume(tmp_path, display=False)


@pytest.mark.parametrize("config", ["pool_sampling", ["pool_sampling"], 7])
def test_a_config_that_is_no_table_is_one_clear_error(tmp_path, config):
    first = Trainer(tiny(), run_dir=tmp_path, display=False)
    first.run(max_updates=1)
    first.close()
    state = ckpt.load(tmp_path / "checkpoints" / ckpt.LATEST)
    state["config"] = config
    ckpt.save_atomic(state, tmp_path / "checkpoints" / ckpt.LATEST)
    with pytest.raises(ValueError, match="the config must be a table of settings"):
        Trainer.resume(tmp_path, display=False)


@pytest.mark.parametrize("config, message", [
    ({"hidden": 10 ** 9}, "hidden must be in 1 .. 16384"),          # would allocate terabytes
    ({"layers": 3}, "config names hidden=16, layers=3, its weights hidden=16, layers=2"),
    ({"horizon": 4096, "num_envs": 65536}, "the batch"),
    ({"eval_pairing_matches": 10 ** 9}, "must be at most 4,096"),   # an evaluation env of 360 PB
])
def test_a_crafted_config_in_a_checkpoint_is_refused_before_anything_is_built(tmp_path, config, message):
    """A resumed run builds its network and buffers from its checkpoint's config, which a
    checksum-valid file can set to anything: sizes past the limits, or a network other than its
    weights, are one clear error before any allocation."""
    first = Trainer(tiny(hidden=16), run_dir=tmp_path, display=False)
    first.run(max_updates=1)
    first.close()
    state = ckpt.load(tmp_path / "checkpoints" / ckpt.LATEST)
    state["config"].update(config)
    ckpt.save_atomic(state, tmp_path / "checkpoints" / ckpt.LATEST)
    with pytest.raises(ValueError, match=message):
        Trainer.resume(tmp_path, display=False)


def test_convert_never_unpickles_what_is_not_an_old_checkpoint(tmp_path, capsys):
    """`yomi checkpoint convert` hands only a torch.save zip or a bare pickle to the unpickler: a
    safe checkpoint is told apart, and other bytes are refused, one line each."""
    safe = ckpt.save_atomic({"policy": {"w": torch.zeros(2)}}, tmp_path / "a.safetensors")
    (tmp_path / "b.pt").write_bytes(b"GARBAGE" * 10)
    assert yomi(["checkpoint", "convert", str(safe), str(tmp_path / "out.safetensors")]) == 2
    assert "already in the safe format" in capsys.readouterr().err
    assert yomi(["checkpoint", "convert", str(tmp_path / "b.pt")]) == 2
    err = capsys.readouterr().err
    assert "is not an old-format checkpoint" in err and "Traceback" not in err
    assert not (tmp_path / "out.safetensors").exists() and not (tmp_path / "b.safetensors").exists()


def test_converted_old_checkpoint_resumes_bit_exactly(tmp_path, capsys):
    """An old-format checkpoint (torch.save of the trainer's state, as before) is converted by
    `yomi checkpoint convert RUN_DIR`, and the run resumed from it equals an uninterrupted one."""
    cfg = tiny()
    whole = Trainer(cfg, run_dir=tmp_path / "whole", display=False)
    whole.run(max_updates=4)
    first = Trainer(cfg, run_dir=tmp_path / "split", display=False)
    first.run(max_updates=2)
    folder = tmp_path / "split" / "checkpoints"
    old_state = ckpt.load(folder / ckpt.LATEST)  # what the trainer saved, written the old way below
    for f in folder.iterdir():
        f.unlink()
    torch.save(old_state, folder / "latest.pt")
    with pytest.raises(FileNotFoundError, match="old-format"):
        Trainer.resume(tmp_path / "split", display=False)
    assert yomi(["checkpoint", "convert", str(tmp_path / "split")]) == 0
    out = capsys.readouterr()
    assert "only for files you trust" in out.err and f"-> {folder / ckpt.LATEST}" in out.out
    resumed = Trainer.resume(tmp_path / "split", display=False)
    resumed.run(max_updates=2)
    for p, q in zip(whole.policy.parameters(), resumed.policy.parameters()):
        assert torch.equal(p, q)
    sa, sb = whole.optimizer.state_dict()["state"], resumed.optimizer.state_dict()["state"]
    for k in sa:
        for name in sa[k]:
            assert torch.equal(sa[k][name], sb[k][name]), (k, name)
    assert torch.equal(whole.next_obs, resumed.next_obs) and whole.global_step == resumed.global_step
    for t in (whole, first, resumed):
        t.close()


def _yomi_checkpoint(tmp_path, p1: str, p2: str) -> Path:
    from integration.env import action_layout as AL
    from integration.train.policy import MaskedActorCritic

    net = MaskedActorCritic(AL.action_spec(), 16, 1)
    path = tmp_path / f"{p1}_{p2}.safetensors"
    ckpt.save_atomic({"policy": net.state_dict(), "config": {"hidden": 16, "layers": 1, "p1": p1, "p2": p2},
                      "spec": AL.action_spec().describe()}, path)
    return path


def test_a_policy_plays_only_its_pairing(tmp_path, capsys):
    mirror = _yomi_checkpoint(tmp_path, "ninja", "ninja")
    short = ["--settings", '{"game_length": 40}', "--p2", "random"]
    rc = yomi(["play", "--p1", str(mirror), "--c1", "Robot", "--c2", "Ninja", *short])
    err = capsys.readouterr().err
    assert rc == 2 and "was trained on ninja vs ninja, not Robot vs Ninja (--any-pairing plays it anyway)" in err, err
    assert yomi(["play", "--p1", str(mirror), "--c1", "Robot", "--c2", "Ninja", "--any-pairing", *short]) == 0
    # the learner took both seats in training: Ninja vs Robot also covers Robot vs Ninja
    mixed = _yomi_checkpoint(tmp_path, "ninja", "robot")
    assert yomi(["play", "--p1", str(mixed), "--c1", "Robot", "--c2", "Ninja", *short]) == 0
    assert yomi(["play", "--p1", str(mixed), "--c1", "Robot", "--c2", "Robot", *short]) == 2
    capsys.readouterr()


def test_a_full_disk_is_one_line_and_leaves_no_temporary_file(tmp_path, capsys, monkeypatch):
    def disk_full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    run = tmp_path / "run"
    rc = train_cli(["--env", TOY, "--steps", "64", "--num-envs", "4", "--run-dir", str(run), "--quiet",
                    "--set", "horizon=8", "--set", "hidden=16", "--set", "eval_matches=4", "--set", "plots=false",
                    "--set", "record_matches=false"])
    err = capsys.readouterr().err
    assert rc == 1, err
    assert err.strip().splitlines() == [f"train-selfplay: error: could not save the checkpoint "
                                        f"{run / 'checkpoints' / ('update_000001' + ckpt.SUFFIX)}: the disk is full"]
    assert not [p for p in (run / "checkpoints").iterdir()]


@pytest.mark.parametrize("node", [
    {"__npscalar__": "int8", "v": 10**30},                                  # overflows its dtype
    {"__ndarray__": "x", "dtype": "float64", "shape": [10**12]},            # more than the entry holds
    {"__tensor__": "x", "dtype": "float32", "shape": [3, -1]},
    {"__tensor__": "x", "dtype": "complex64", "shape": [1]},                 # a dtype it never writes
    {"__tensor__": "missing", "dtype": "float32", "shape": [1]},
    {"__dict__": [[{"a": 1}, 2]]},                                          # an unhashable key
    {"__tuple__": 5},
])
def test_a_crafted_tree_with_a_valid_checksum_is_refused(node):
    """The checksum detects accidents, not crafted files: a tree that passes it but does not
    describe its entries is still one CheckpointError."""
    import json

    from safetensors.numpy import save

    x = np.zeros(1)
    tree = json.dumps({"policy": node})
    meta = {"format": ckpt.FORMAT, "version": ckpt.VERSION, "tree": tree,
            "sha256": ckpt._digest(tree, {"x": ([1], x.tobytes())})}
    with pytest.raises(ckpt.CheckpointError, match="unreadable tree"):
        ckpt.loads(save({"x": x}, metadata=meta))


def test_a_header_length_ending_in_0x80_is_not_taken_for_a_pickle():
    """A safetensors file starts with its header's length; when that length's first byte is 0x80
    (a pickle's first byte), the file is still read as the checkpoint it is."""
    for n in range(256):
        data = ckpt.dumps({"config": {"pad": "x" * n}, "w": torch.ones(2)})
        if data[0] == 0x80:
            break
    assert data[0] == 0x80
    back = ckpt.loads(data)
    assert back["config"]["pad"] == "x" * n and torch.equal(back["w"], torch.ones(2))
