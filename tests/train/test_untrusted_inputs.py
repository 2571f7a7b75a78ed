"""What a file may make the trainer and the tools do: a settings file or a checkpoint's config never
chooses what is imported; checkpoints and settings files are read only if they are regular files
within a size cap; a checkpoint's tree references each entry once and its tensors have bounded,
consistent shapes; a trainer checkpoint is checked field by field against the run's own state
before any of it is used; a folder that holds a run is resumed or refused, never overwritten.
Every refusal is one line (exit 2 from the command line), never a traceback."""
from __future__ import annotations

import json
import os
import shutil
import sys

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings, strategies as st

from integration.tools.cli import main as yomi
from integration.train import checkpoint as ckpt
from integration.train.cli import main as train_cli
from integration.train.config import TrainConfig
from integration.train.trainer import Trainer
from support.training import TOY, tiny

pytestmark = pytest.mark.usefixtures("one_torch_thread")


@pytest.fixture(scope="module")
def trained_run(tmp_path_factory):
    """A run folder of the toy env after two updates (its latest checkpoint has optimizer state)."""
    run = tmp_path_factory.mktemp("run")
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    trainer = Trainer(tiny(), run_dir=run, display=False)
    trainer.run(max_updates=2)
    trainer.close()
    torch.set_num_threads(before)
    return run


def copy_run(run, tmp_path):
    out = tmp_path / "run"
    shutil.copytree(run, out)
    return out


def rewrite(run, change) -> None:
    path = run / "checkpoints" / ckpt.LATEST
    state = ckpt.load(path)
    change(state)
    ckpt.save_atomic(state, path)


def marker_module(tmp_path, monkeypatch):
    """A module whose import creates a file: a name from a file must never import it."""
    marker = tmp_path / "imported"
    (tmp_path / "yomi_marker_mod.py").write_text(f"open({str(marker)!r}, 'w').close()\nENV = None\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "yomi_marker_mod", raising=False)
    return marker


# ------------------------------------------------------------------------------------------------
# (1) nothing loaded chooses what is imported
# ------------------------------------------------------------------------------------------------
def test_a_settings_file_never_chooses_a_module_to_import(tmp_path, monkeypatch, capsys):
    marker = marker_module(tmp_path, monkeypatch)
    config = tmp_path / "settings.json"
    config.write_text(json.dumps({"env": "yomi_marker_mod:ENV"}))
    rc = train_cli(["--config", str(config), "--steps", "64", "--quiet", "--run-dir", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert rc == 2 and "env must be one of yomi" in err and "command line's --env only" in err, err
    assert not marker.exists() and "Traceback" not in err


def test_a_checkpoint_never_chooses_a_module_to_import(trained_run, tmp_path, monkeypatch, capsys):
    marker = marker_module(tmp_path, monkeypatch)
    run = copy_run(trained_run, tmp_path)
    rewrite(run, lambda s: s["config"].update(env="yomi_marker_mod:ENV"))
    assert train_cli(["--resume", str(run), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "env must be one of yomi" in err and len(err.strip().splitlines()) == 1, err
    assert not marker.exists()


# ------------------------------------------------------------------------------------------------
# (2) files that are not regular files, and size caps
# ------------------------------------------------------------------------------------------------
@pytest.fixture
def odd_files(tmp_path):
    fifo = tmp_path / "fifo.safetensors"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.safetensors"
    zero.symlink_to("/dev/zero")
    sparse = tmp_path / "sparse.safetensors"
    with open(sparse, "wb") as f:
        f.truncate(ckpt.MAX_FILE_BYTES + 1)
    return [fifo, zero, sparse]


def test_checkpoints_that_are_not_regular_files_are_refused(tmp_path, odd_files, capsys):
    for path in odd_files:
        with pytest.raises(ckpt.CheckpointError, match="not a regular file|larger than the limit"):
            ckpt.load(path)
        commands = [lambda: yomi(["mixture", str(tmp_path / "m.safetensors"), str(path)]),
                    lambda: train_cli(["--env", TOY, "--init", str(path), "--steps", "64", "--quiet",
                                       "--run-dir", str(tmp_path / "r")]),
                    lambda: yomi(["play", "--p1", str(path), "--p2", "random"])]
        for command in commands:
            assert command() == 2
            err = capsys.readouterr().err
            assert ("not a regular file" in err or "larger than the limit" in err) and "Traceback" not in err, err
        assert not (tmp_path / "m.safetensors").exists()
    for path in odd_files[:2]:  # `yomi checkpoint convert` reads a FIFO or a device no more than the loader
        assert yomi(["checkpoint", "convert", str(path), str(tmp_path / "c.safetensors")]) == 2
        assert "not a regular file" in capsys.readouterr().err


def test_settings_files_that_are_not_regular_files_are_refused(tmp_path, capsys):
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    for path in (fifo, "/dev/zero", "/dev/urandom"):
        rc = train_cli(["--config", str(path), "--steps", "64", "--quiet", "--run-dir", str(tmp_path / "r")])
        err = capsys.readouterr().err
        assert rc == 2 and "not a regular file" in err and "Traceback" not in err, err


# ------------------------------------------------------------------------------------------------
# (3) the checkpoint's tree
# ------------------------------------------------------------------------------------------------
def sealed(tree: dict, entries: dict) -> bytes:
    """A checkpoint file of `tree` and `entries` with a valid checksum (what a crafted file has)."""
    from safetensors.numpy import save

    text = json.dumps(tree)
    meta = {"format": ckpt.FORMAT, "version": ckpt.VERSION, "tree": text,
            "sha256": ckpt._digest(text, {n: (list(a.shape), a.tobytes()) for n, a in entries.items()})}
    return save(entries, metadata=meta)


def test_one_entry_referenced_many_times_is_refused():
    """A 4 MB tensor the tree names 1,500 times would be 6 GB once decoded: each entry is one value."""
    x = np.zeros(1 << 20, dtype=np.float32)
    node = {"__tensor__": "x", "dtype": "float32", "shape": [1 << 20]}
    data = sealed({"policy": {f"w{i}": node for i in range(1500)}}, {"x": x})
    with pytest.raises(ckpt.CheckpointError, match="entry x is referenced twice"):
        ckpt.loads(data)


@pytest.mark.parametrize("node, message", [
    ({"__tensor__": "x", "dtype": "float32", "shape": [2, 3]}, "needs 24 bytes, its entry holds 32"),
    ({"__tensor__": "x", "dtype": "float32", "shape": [1] * 9}, "at most 8 sizes"),
    ({"__tensor__": "x", "dtype": "float32", "shape": [1 << 20, 1 << 20]}, "more than the limit"),
    ({"__tensor__": "x", "dtype": "float32", "shape": [True, 8]}, "at most 8 sizes"),
])
def test_a_tensor_whose_shape_does_not_fit_its_entry_is_refused(node, message):
    data = sealed({"policy": {"w": node}}, {"x": np.zeros(8, dtype=np.float32)})
    with pytest.raises(ckpt.CheckpointError, match=message):
        ckpt.loads(data)


@pytest.mark.parametrize("config", ["ninja", ["hidden"], 7])
def test_a_config_that_is_no_table_is_refused_by_every_reader(tmp_path, config, capsys):
    path = tmp_path / "agent.safetensors"
    ckpt.save_atomic({"policy": {}, "config": config}, path)
    with pytest.raises(ckpt.CheckpointError, match="the config must be a table of settings"):
        ckpt.load(path)
    for argv in (["play", "--p1", str(path), "--p2", "random"],
                 ["tournament", str(path), "random", "--matches", "2", "--out", str(tmp_path / "t")],
                 ["play", "--p1", f"search:agent={path}", "--p2", "random"],
                 ["mixture", str(tmp_path / "m.safetensors"), str(path)]):
        assert yomi(argv) == 2, argv
        err = capsys.readouterr().err
        assert "the config must be a table of settings" in err and "Traceback" not in err, (argv, err)
    assert not (tmp_path / "m.safetensors").exists()


# ------------------------------------------------------------------------------------------------
# trainer checkpoints: the schema of every field, checked before any is used
# ------------------------------------------------------------------------------------------------
def _first_param_state(s):
    return s["optimizer"]["state"][next(iter(s["optimizer"]["state"]))]


CRAFTED = {
    "update as a string": (lambda s: s.update(update="2"), "update: expected an integer"),
    "a negative update": (lambda s: s.update(update=-1), "update: expected an integer"),
    "elapsed as a string": (lambda s: s.update(elapsed_s="1.5"), "elapsed_s: expected a finite number"),
    "elapsed NaN": (lambda s: s.update(elapsed_s=float("nan")), "elapsed_s: expected a finite number"),
    "a missing policy key": (lambda s: s["policy"].pop("trunk.0.bias"), "policy: missing trunk.0.bias"),
    "an extra policy key": (lambda s: s["policy"].update(extra=torch.zeros(1)), "policy: unknown extra"),
    "optimizer moments of the wrong shape": (
        lambda s: _first_param_state(s).update(exp_avg=torch.zeros(3)), r"optimizer.state\[0\].exp_avg: expected"),
    "optimizer state of the wrong type": (lambda s: s["optimizer"].update(state=[1, 2]), "optimizer.state"),
    "optimizer step of the wrong type": (lambda s: _first_param_state(s).update(step="1"), "step: expected"),
    "optimizer params renamed": (lambda s: s["optimizer"]["param_groups"][0].update(params=[0]), "param_groups"),
    "a torch RNG state of the wrong size": (lambda s: s["rng"].update(torch=torch.zeros(7, dtype=torch.uint8)),
                                            "rng.torch: expected"),
    "a numpy RNG state of the wrong size": (
        lambda s: s["rng"].update(numpy=(s["rng"]["numpy"][0], np.zeros(3, np.uint32), *s["rng"]["numpy"][2:])),
        r"rng.numpy\[1\]: expected"),
    "a python RNG state of the wrong size": (
        lambda s: s["rng"].update(python=(3, (1, 2), None)), r"rng.python\[1\]: expected"),
    "an update generator state of the wrong size": (lambda s: s.update(update_gen=torch.zeros(3, dtype=torch.uint8)),
                                                    "update_gen: expected"),
    "next_obs of the wrong shape": (lambda s: s.update(next_obs=s["next_obs"][:1]), "next_obs: expected"),
    "next_obs of the wrong type": (lambda s: s.update(next_obs=s["next_obs"].numpy()), "next_obs: expected"),
    "next_obs NaN": (lambda s: s["next_obs"].fill_(float("nan")), "not finite"),
    "a negative match length": (lambda s: s["ep_len"].fill(-1), "negative match length"),
    "learner seats other than 0 and 1": (lambda s: s["selfplay"]["learner_seat"].fill(7), "seats other than"),
    "a pool snapshot of the wrong size": (
        lambda s: next(iter(s["selfplay"]["snapshots"].values()))["policy"].update(
            {"trunk.0.bias": torch.zeros(5)}), r"selfplay.snapshots\[\d+\].policy.trunk.0.bias: expected"),
    "ratings of the wrong type": (lambda s: s.update(ratings={"anchor": 1, "results": {}}), "ratings"),
    "an unknown part": (lambda s: s.update(payload=1), "payload: not a part"),
    "a missing part": (lambda s: s.pop("ep_return"), "ep_return: missing"),
}


@pytest.mark.parametrize("case", sorted(CRAFTED))
def test_a_crafted_trainer_checkpoint_is_one_line_before_any_of_it_is_used(trained_run, tmp_path, capsys, case):
    change, message = CRAFTED[case]
    run = copy_run(trained_run, tmp_path)
    rewrite(run, change)
    with pytest.raises(ValueError, match=message):
        Trainer.resume(run, display=False)
    assert train_cli(["--env", TOY, "--resume", str(run), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_the_untouched_checkpoint_resumes(trained_run, tmp_path):
    """The control of the crafted ones: the same run, unchanged, resumes and trains on."""
    run = copy_run(trained_run, tmp_path)
    trainer = Trainer.resume(run, display=False)
    try:
        assert trainer.update_count == 2
        trainer.run(max_updates=1)
        assert trainer.update_count == 3
    finally:
        trainer.close()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_trainer_checkpoint_fuzz(trained_run, data):
    """Any value in any field of a trainer checkpoint: check_state accepts the form it saves and
    refuses anything else with a ValueError, never another exception."""
    path = trained_run / "checkpoints" / ckpt.LATEST
    state = ckpt.load(path)
    trainer = test_trainer_checkpoint_fuzz.trainer
    junk = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(), st.text(max_size=5),
                     st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
                     st.builds(lambda n: torch.zeros(n), st.integers(0, 4)),
                     st.builds(lambda n: np.zeros(n, dtype=np.int64), st.integers(0, 4)))
    node, where = state, None
    for _ in range(data.draw(st.integers(1, 4))):  # walk down to a random field
        keys = list(node) if isinstance(node, dict) else list(range(len(node))) if isinstance(node, list) else []
        if not keys:
            break
        where = data.draw(st.sampled_from(keys))
        parent, node = node, node[where]
    if where is None:
        return
    parent[where] = data.draw(junk)
    try:
        trainer.check_state(state)
    except ValueError:
        pass


@pytest.fixture(scope="module", autouse=True)
def _fuzz_trainer(trained_run):
    """One trainer of the run's config for the fuzz test (building one per example would be slow)."""
    trainer = Trainer(tiny(), run_dir=trained_run / "fuzz", display=False)
    test_trainer_checkpoint_fuzz.trainer = trainer
    yield
    trainer.close()


# ------------------------------------------------------------------------------------------------
# (4) settings and options
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, message", [
    (["--set", "hidden={{}}"], "hidden must be int"),
    (["--set", "torch_threads=-1"], "torch_threads must be in 0 .. 1024"),
    (["--set", "torch_threads=100000"], "torch_threads must be in 0 .. 1024"),
    (["--set", "torch_threads=1e6"], "torch_threads must be int"),
    (["--num-envs", "65536"], "num_envs must be in 1 .. 16,384"),
    (["--set", "pool_size=10000000"], "pool_size must be at most"),
    (["--set", "seed=" + "9" * 30], "seed must be a 64-bit integer"),
    (["--set", "notes={'x': '" + "y" * 70000 + "'}"], "longer than"),
])
def test_settings_past_their_bounds_are_one_line(tmp_path, capsys, args, message):
    rc = train_cli(["--env", TOY, *args, "--steps", "64", "--quiet", "--run-dir", str(tmp_path / "r")])
    err = capsys.readouterr().err
    assert rc == 2 and message in err and "Traceback" not in err, err


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(TrainConfig.__dataclass_fields__)),
                       st.one_of(st.none(), st.booleans(), st.integers(-2**65, 2**65), st.floats(), st.text(max_size=8),
                                 st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2), st.none())),
                       max_size=6))
def test_settings_fuzz(settings_):
    """Any values in a settings file or a checkpoint's config: a valid config or one ValueError."""
    try:
        TrainConfig.from_dict({**TrainConfig(env=TOY).to_dict(), **settings_}).validate()
    except ValueError:
        pass


# ------------------------------------------------------------------------------------------------
# (7) a folder that holds a run
# ------------------------------------------------------------------------------------------------
def test_a_folder_that_holds_a_run_is_resumed_or_refused(trained_run, tmp_path, capsys):
    run = copy_run(trained_run, tmp_path)
    before = {p: p.read_bytes() for p in run.rglob("*") if p.is_file()}
    rc = train_cli(["--env", TOY, "--steps", "64", "--quiet", "--run-dir", str(run)])
    err = capsys.readouterr().err
    assert rc == 2 and f"--run-dir {run} already holds a run" in err and f"--resume {run}" in err, err
    assert {p: p.read_bytes() for p in run.rglob("*") if p.is_file()} == before
    trainer = Trainer(tiny(), run_dir=run, display=False)
    try:
        with pytest.raises(ValueError, match="already holds a run"):
            trainer.run(max_updates=1)
    finally:
        trainer.close()
    assert {p: p.read_bytes() for p in run.rglob("*") if p.is_file()} == before


_TAGS = ["__tensor__", "__ndarray__", "__bytes__", "__tuple__", "__dict__", "__npscalar__", "dtype", "shape", "v",
         "policy", "config"]
_LEAVES = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(), st.sampled_from(
    ["x", "y", "float32", "int64", "uint8", "bfloat16", "complex64", ""]), st.text(max_size=4))
_TREES = st.recursive(_LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(_TAGS), inner, max_size=4)), max_leaves=20)


@settings(max_examples=500, deadline=None)
@given(_TREES)
def test_checkpoint_tree_fuzz(tree):
    """Any tree with a valid checksum over two entries: ckpt.loads returns data or raises one
    CheckpointError, never another exception, whatever the tags, shapes, dtypes and references."""
    data = sealed({"policy": tree}, {"x": np.arange(8, dtype=np.float32), "y": np.zeros(3, dtype=np.uint8)})
    try:
        ckpt.loads(data)
    except ckpt.CheckpointError:
        pass


@pytest.mark.parametrize("name", ["metrics.jsonl", "eval.jsonl", "metrics.csv"])
def test_a_run_whose_logs_are_not_regular_files_is_refused(trained_run, tmp_path, capsys, name):
    """--resume appends to the run's logs: one that is a FIFO (which reading or appending would block
    on) or a link to a device is one line before anything is built."""
    run = copy_run(trained_run, tmp_path)
    (run / name).unlink(missing_ok=True)
    os.mkfifo(run / name)
    assert train_cli(["--env", TOY, "--resume", str(run), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"{name} is a FIFO, not a regular file" in err and len(err.strip().splitlines()) == 1, err
