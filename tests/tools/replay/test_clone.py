"""``yomi replay clone``: behaviour cloning on a dataset of the game's reference replays.

The loss is the policy's own masked log-likelihood (checked against the count of legal values
where the network's logits are all zero), training on one repeated decision makes it likely, the
file it writes starts a ``train-selfplay --init`` run and plays in ``yomi play``, and a hostile
dataset file is one line that names it, with nothing written.
"""
from __future__ import annotations

import io
import math
import pickle
import zipfile
from pathlib import Path

import numpy as np
import pytest
import torch

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.tools.cli import main as yomi_main
from integration.tools.replay.clone import DatasetError, allowed, clone, clone_file, nll, read_dataset
from integration.train import checkpoint as ckpt
from integration.train.config import TrainConfig
from integration.train.opponent import init_size
from integration.train.policies import load_checkpoint_net
from integration.train.policy import MaskedActorCritic
from integration.train.trainer import Trainer
from support.data import REPLAYS
from support.training import tiny


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    """The decisions of the reference replays (`yomi replay dataset`)."""
    out = tmp_path_factory.mktemp("clone") / "decisions.npz"
    assert yomi_main(["replay", "dataset", str(REPLAYS), "-o", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def arrays(dataset) -> dict:
    return read_dataset(dataset)


def tensors(arrays: dict, rows=slice(None)):
    return torch.as_tensor(arrays["obs"][rows]), torch.as_tensor(arrays["actions"][rows]).long()


def uniform_policy(hidden: int = 16) -> MaskedActorCritic:
    """The policy network with its move and data heads zeroed: every legal value equally likely."""
    policy = MaskedActorCritic(AL.action_spec(), hidden, 1)
    with torch.no_grad():
        for head in (policy.move_head, policy.data_head):
            head.weight.zero_()
            head.bias.zero_()
    return policy


def hand_nll(obs_row: np.ndarray, action: np.ndarray) -> float:
    """-log p of `action` under the uniform distribution over what the row's masks allow: log of the
    number of legal moves, plus, for each data head the move uses, log of its legal values."""
    move_mask, data_mask = AL.decode_masks(obs_row[O.FEATURE_SIZE:])
    move = int(action[0])
    total = math.log(int(move_mask.sum()))
    offsets = np.cumsum((0,) + AL.HEAD_SIZES[1:])
    for h in range(1, AL.N_HEADS):
        if AL.HEAD_USED[move, h]:
            total += math.log(int(data_mask[move, offsets[h - 1]:offsets[h]].sum()))
    return total


def test_the_dataset_is_read_as_written(dataset, arrays):
    with np.load(dataset, allow_pickle=False) as written:
        for name in ("obs", "actions", "player", "character"):
            assert np.array_equal(arrays[name], written[name]) and arrays[name].dtype == written[name].dtype
        obs, actions = tensors(arrays)
        # the rows whose masks allow their action are the ones the dataset flags as allowed
        assert np.array_equal(allowed(AL.action_spec(), obs, actions).numpy(), written["allowed"])


def test_the_loss_is_the_masked_negative_log_likelihood(arrays):
    """With zero logits the policy is uniform over each row's legal values, so the loss is a count."""
    obs, actions = tensors(arrays)
    keep = allowed(AL.action_spec(), obs, actions)
    rows = np.nonzero(keep.numpy())[0][:64]
    expected = [hand_nll(arrays["obs"][r], arrays["actions"][r]) for r in rows]
    policy = uniform_policy()
    with torch.no_grad():
        got = float(nll(policy, obs[rows], actions[rows]))
    assert got == pytest.approx(float(np.mean(expected)), rel=1e-5)
    # one row by hand: a move that uses data heads adds each head's own count
    r = next(r for r in rows if AL.HEAD_USED[arrays["actions"][r, 0], 1:].any())
    move_mask, data_mask = AL.decode_masks(arrays["obs"][r, O.FEATURE_SIZE:])
    assert int(move_mask.sum()) >= 2
    with torch.no_grad():
        one = float(nll(policy, obs[r:r + 1], actions[r:r + 1]))
    assert one == pytest.approx(hand_nll(arrays["obs"][r], arrays["actions"][r]), rel=1e-5)
    assert hand_nll(arrays["obs"][r], arrays["actions"][r]) > math.log(int(move_mask.sum()))


def test_training_on_one_repeated_decision_makes_it_likely(arrays):
    obs, actions = tensors(arrays)
    keep = allowed(AL.action_spec(), obs, actions).numpy()
    # a decision with several legal moves whose move uses data heads
    r = next(r for r in np.nonzero(keep)[0]
             if AL.HEAD_USED[arrays["actions"][r, 0], 1:].any() and hand_nll(arrays["obs"][r], arrays["actions"][r]) > 2)
    obs, actions = obs[[r] * 32], actions[[r] * 32]
    cfg = TrainConfig(hidden=32, layers=1, learning_rate=0.01)
    losses = []
    policy = clone(obs, actions, cfg, epochs=6, batch_size=8, seed=4, report=lambda epoch, loss: losses.append(loss))
    assert len(losses) == 6
    before = math.exp(-hand_nll(arrays["obs"][r], arrays["actions"][r]))  # about where the network starts
    with torch.no_grad():
        after = math.exp(-float(nll(policy, obs[:1], actions[:1])))
    assert losses[-1] < losses[0] and after > 0.5 > 10 * before, (losses, before, after)


def test_the_clone_starts_a_train_selfplay_run_and_plays(dataset, arrays, tmp_path, capsys):
    out = tmp_path / "policy.safetensors"
    assert yomi_main(["replay", "clone", str(dataset), "-o", str(out), "--epochs", "1", "--batch-size", "512",
                      "--set", "hidden=24", "--set", "layers=1", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("epoch 1/1: mean negative log-likelihood ")
    assert "1 left out: their masks do not allow their action" in lines[-1] and str(out) in lines[-1]
    state = ckpt.load(out)
    assert state["spec"] == AL.action_spec().describe()
    assert (state["config"]["p1"], state["config"]["p2"]) == ("random", "random")  # four pairings
    assert state["behaviour_cloning"]["decisions"] == len(arrays["obs"])
    # train-selfplay --init: the network's size is read from the file, the weights start the run
    assert init_size(str(out)) == {"hidden": 24, "layers": 1}
    cfg = tiny(env="yomi", init=str(out), **init_size(str(out)), num_envs=2, horizon=4, eval_matches=2,
               eval_search=None, eval_reference=None, final_eval_rounds=0, eval_snapshots=0)
    trainer = Trainer(cfg, run_dir=tmp_path / "run", display=False)
    assert all(torch.equal(v, trainer.policy.state_dict()[k]) for k, v in state["policy"].items())
    assert trainer.run(max_updates=1)["updates"] == 1
    trainer.close()
    # yomi play: the network plays a pairing the dataset holds, acting only as the masks allow
    net = load_checkpoint_net(str(out), ("wizard", "ninja"))
    obs, _ = tensors(arrays, slice(0, 64))
    with torch.no_grad():
        acted = net.act(obs).actions
    assert allowed(AL.action_spec(), obs, acted).all()


def test_a_clone_is_reproducible_for_its_seed(dataset, tmp_path):
    a, b = tmp_path / "a.safetensors", tmp_path / "b.safetensors"
    for out in (a, b):
        clone_file(dataset, out, epochs=1, batch_size=256, seed=7, settings={"hidden": 8, "layers": 1})
    pa, pb = ckpt.load(a)["policy"], ckpt.load(b)["policy"]
    assert all(torch.equal(pa[k], pb[k]) for k in pa)


# ----- hostile dataset files ---------------------------------------------------------------------
def npz_bytes(members: dict) -> bytes:
    """A .npz archive of raw members (name -> the .npy bytes)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as archive:
        for name, data in members.items():
            archive.writestr(f"{name}.npy", data)
    return buf.getvalue()


def encrypted(npz: bytes) -> bytes:
    """The archive with every member flagged as encrypted (bit 0 of the general purpose flags, in
    the local headers at offset 6 and the central directory's at offset 8)."""
    data = bytearray(npz)
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = data.find(signature)
        while at >= 0:
            data[at + offset] |= 0x1
            at = data.find(signature, at + 4)
    return bytes(data)


def npy(array: np.ndarray) -> bytes:
    buf = io.BytesIO()
    np.save(buf, array, allow_pickle=True)
    return buf.getvalue()


def npy_header_only(descr: str, shape: tuple) -> bytes:
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": descr, "fortran_order": False, "shape": shape})
    return buf.getvalue() + b"\0" * 64  # the header (magic included), then far fewer bytes than it claims


class Payload:
    """Unpickling it creates the marker file: a loader that unpickles would leave the marker."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return Path.touch, (self.marker,)


def hostile(arrays: dict, tmp_path: Path) -> dict:
    """name -> (file bytes, what the one line says)."""
    small = {k: arrays[k][:8] for k in ("obs", "actions", "player", "character")}

    def with_(**changes) -> bytes:
        return npz_bytes({k: npy(v) for k, v in {**small, **changes}.items() if v is not None})

    marker = tmp_path / "ran"
    nan_obs = small["obs"].copy()
    nan_obs[3, 5] = np.nan
    wide_action = small["actions"].copy()
    wide_action[2, 0] = AL.HEAD_SIZES[0]
    real = io.BytesIO()
    np.savez_compressed(real, **small)
    return {
        "pickle": (pickle.dumps({"obs": Payload(marker)}), "is not a .npz archive (a pickle, which is never loaded)"),
        "object array": (with_(obs=np.array([Payload(marker)] * 8, dtype=object)), "its array 'obs' is object"),
        "text": (b"obs,actions\n1,2\n", "is not a .npz archive"),
        "truncated": (real.getvalue()[:len(real.getvalue()) // 2], "damaged or truncated .npz archive"),
        "encrypted": (encrypted(with_()), "damaged or truncated .npz archive (RuntimeError"),
        "missing array": (with_(character=None), "holds no array 'character'"),
        "wrong width": (with_(obs=small["obs"][:, :10]), f"its array 'obs' is float32[8, 10], not float32[N, {O.OBS_SIZE}]"),
        "wrong dtype": (with_(actions=small["actions"].astype(np.float32)),
                        f"its array 'actions' is float32[8, {AL.N_HEADS}], not int32[N, {AL.N_HEADS}]"),
        "fortran": (with_(actions=np.asfortranarray(small["actions"])), "Fortran order"),
        "huge shape": (npz_bytes({**{k: npy(v) for k, v in small.items()},
                                  "obs": npy_header_only("<f4", (10**9, O.OBS_SIZE))}), "past the limit"),
        "negative length": (npz_bytes({**{k: npy(v) for k, v in small.items()},
                                       "obs": npy_header_only("<f4", (-1, O.OBS_SIZE))}),
                            f"its array 'obs' is float32[-1, {O.OBS_SIZE}], not float32[N, {O.OBS_SIZE}]"),
        "short data": (npz_bytes({**{k: npy(v) for k, v in small.items()},
                                  "obs": npy_header_only("<f4", (100, O.OBS_SIZE))}), "(truncated?)"),
        "lengths differ": (with_(player=small["player"][:5]), "different numbers of decisions"),
        "empty": (with_(**{k: v[:0] for k, v in small.items()}), "holds no decisions"),
        "nan": (with_(obs=nan_obs), "not finite"),
        "action outside its head": (with_(actions=wide_action), "decision 2: its action"),
        "player 3": (with_(player=np.full(8, 3, dtype=np.int8)), "players are not all 1 or 2"),
        "character": (with_(character=np.full(8, AL.N_CHARS, dtype=np.int8)), "characters are not all indices"),
    }


def test_hostile_dataset_files_are_one_clear_line(arrays, tmp_path, capsys):
    for name, (data, message) in hostile(arrays, tmp_path).items():
        path = tmp_path / f"{name.replace(' ', '_')}.npz"
        path.write_bytes(data)
        with pytest.raises(DatasetError, match=None) as caught:
            read_dataset(path)
        assert message in str(caught.value) and str(path) in str(caught.value), (name, str(caught.value))
        out = tmp_path / "policy.safetensors"
        assert yomi_main(["replay", "clone", str(path), "-o", str(out)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith("yomi replay: ") and message in err and len(err.strip().splitlines()) == 1, (name, err)
        assert not out.exists(), name
    assert not (tmp_path / "ran").exists()  # no payload was unpickled


def test_files_past_the_cap_or_not_regular_are_refused(dataset, tmp_path, capsys):
    with pytest.raises(DatasetError, match="larger than the limit"):
        read_dataset(dataset, max_bytes=1000)
    with pytest.raises(DatasetError, match="decompresses past the limit|past the limit"):
        read_dataset(dataset, max_bytes=dataset.stat().st_size + 10)  # its arrays take more than the file
    with pytest.raises(DatasetError, match="a folder, not a regular file"):
        read_dataset(tmp_path)
    assert yomi_main(["replay", "clone", str(tmp_path / "none.npz"), "-o", str(tmp_path / "p.safetensors")]) == 2
    assert "No such file" in capsys.readouterr().err


@pytest.mark.parametrize("args, message", [
    (["--epochs", "0"], "--epochs must be in 1 .."),
    (["--batch-size", "0"], "--batch-size must be in 1 .."),
    (["--set", "hidden=0"], "hidden must be in 1 .."),
    (["--set", "nonsense=1"], "unknown config keys: ['nonsense']"),
    (["--set", "hidden"], "--set takes KEY=VALUE"),
    (["--set", "env=support.toyenv:ENV"], "support.toyenv:ENV"),
    (["--max-dataset-mb", "nan"], "--max-dataset-mb must be a positive number"),
    (["-o", "/nonexistent-folder/p.safetensors"], "does not exist"),
])
def test_bad_clone_options_are_one_line(dataset, tmp_path, capsys, args, message):
    out = tmp_path / "p.safetensors"
    argv = ["replay", "clone", str(dataset), "-o", str(out)] + args
    assert yomi_main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err
    assert not out.exists()
