"""``yomi replay clone``: behaviour cloning, the trainer's policy fitted to a ``yomi replay dataset`` file.

::

    yomi replay clone DATA.npz -o policy.safetensors [--epochs N] [--batch-size B] [--seed S] [--set KEY=VALUE ...]

The network is the one ``train-selfplay`` builds (:class:`integration.train.policy.MaskedActorCritic`
on the env's unified action layout, of the :class:`integration.train.config.TrainConfig` settings'
``hidden`` and ``layers``; ``--set`` reaches any setting, as train-selfplay's does).  It is fitted by
Adam (``learning_rate``, ``adam_eps``) on minibatches of the dataset's decisions, reshuffled every
epoch, to the mean negative log-likelihood of the recorded actions: the log-probability the policy
itself gives an action in the PPO update (``MaskedActorCritic.evaluate``), under the masks packed in
each observation.  That is the masked cross-entropy of the move head plus that of each data head
the recorded move uses; heads a move does not use carry no loss, as they carry no credit in PPO.
A decision whose action its own masks do not allow (the dataset's ``allowed = False``: the Cowboy's
moves offered only through the panel's air/ground toggles) has no finite log-likelihood and is
left out.  The value head is not trained (a dataset holds no returns).

The output is a policy-only checkpoint as a run writes one (``checkpoints/best.safetensors``), its
config naming the characters the dataset's players played (``p1``/``p2``: one name, else
``random``), so ``train-selfplay --init policy.safetensors`` starts a run from it (its network's size
read from the file), and ``yomi play``, ``yomi tournament`` and ``--opponent`` play it.

The dataset is an untrusted file (:func:`read_dataset`): a regular file of at most ``--max-dataset-mb``
(:mod:`integration.safefile`), a ``.npz`` archive read with ``allow_pickle=False`` whose arrays
``obs``, ``actions``, ``player`` and ``character`` are checked from their ``.npy`` headers (dtype,
shape, and a size within the same cap) before any of their bytes are read, then for their values
(finite observations, actions within their heads, players 1 or 2, known characters).  Anything else
is one :class:`DatasetError` naming the file, and nothing is written.
"""
from __future__ import annotations

import ast
import io
import zipfile
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import numpy as np

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.safefile import UnsafeFileError, read_input

from .variant import ReplayError

if TYPE_CHECKING:
    import torch

MAX_DATASET_BYTES = 2 << 30
MAX_EPOCHS = 10_000
MAX_BATCH = 1 << 20
MAX_SET_CHARS = 4096
# torch is imported where it is used: `yomi replay import` and `dataset` read this module's limits
# for their command line and need no torch

# array -> (dtype, shape after N): the arrays a clone reads, as build_dataset writes them
COLUMNS = {
    "obs": (np.dtype("<f4"), (O.OBS_SIZE,)),
    "actions": (np.dtype("<i4"), (AL.N_HEADS,)),
    "player": (np.dtype("i1"), ()),
    "character": (np.dtype("i1"), ()),
}


class DatasetError(ReplayError):
    """A dataset file that cannot be cloned from: one line naming it; nothing is written."""


def _npy_header(member, name: str, fail) -> tuple[tuple, np.dtype]:
    """(shape, dtype) from the ``.npy`` header of an archive member (its bytes left unread)."""
    try:
        version = np.lib.format.read_magic(member)
        if version == (1, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_1_0(member)
        elif version == (2, 0):
            shape, fortran, dtype = np.lib.format.read_array_header_2_0(member)
        else:
            raise ValueError(f"a .npy format version {version} the dataset writer never uses")
    except (ValueError, OSError, EOFError, zipfile.BadZipFile, zlib.error, SyntaxError) as exc:
        raise fail(f"its array {name!r} has no readable .npy header ({type(exc).__name__}: {str(exc)[:120]})") from None
    if fortran:
        raise fail(f"its array {name!r} is in Fortran order; the dataset writer stores C order")
    return shape, dtype


def read_dataset(path: str | Path, max_bytes: int = MAX_DATASET_BYTES) -> dict[str, np.ndarray]:
    """The arrays of :data:`COLUMNS` of a ``yomi replay dataset`` file, checked (module docstring);
    DatasetError with one line naming the file for anything else."""
    path = Path(path)

    def fail(message: str) -> DatasetError:
        return DatasetError(message, None, str(path))

    try:
        data = read_input(path, max_bytes, "dataset")
    except UnsafeFileError as exc:
        raise DatasetError(str(exc)) from None
    except OSError as exc:
        raise fail(exc.strerror or str(exc)) from None
    if not data.startswith(b"PK\x03\x04"):
        what = " (a pickle, which is never loaded)" if data[:1] == b"\x80" else ""
        raise fail(f"is not a .npz archive{what}; `yomi replay dataset DIR -o DATA.npz` writes one")
    arrays: dict[str, np.ndarray] = {}
    budget = max_bytes  # what the arrays may decompress into, all together
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            for name, (dtype, tail) in COLUMNS.items():
                if f"{name}.npy" not in names:
                    raise fail(f"holds no array {name!r} (a dataset holds {', '.join(COLUMNS)})")
                info = archive.getinfo(f"{name}.npy")
                if info.file_size > budget:
                    raise fail(f"its array {name!r} decompresses past the limit of {max_bytes / 2**20:.4g} MB")
                with archive.open(info) as member:
                    shape, got = _npy_header(member, name, fail)
                    if (got != dtype or len(shape) != 1 + len(tail) or tuple(shape[1:]) != tail
                            or shape[0] < 0):
                        want = f"{dtype.name}[N{''.join(f', {d}' for d in tail)}]"
                        raise fail(f"its array {name!r} is {got.name}{list(shape)}, not {want} "
                                   "(made by another version of the dataset, or not a dataset)")
                    nbytes = int(np.prod(shape, dtype=object)) * dtype.itemsize
                    if nbytes > budget:
                        raise fail(f"its array {name!r} of shape {list(shape)} is past the limit of "
                                   f"{max_bytes / 2**20:.4g} MB")
                    raw = member.read(nbytes + 1)
                if len(raw) != nbytes:
                    raise fail(f"its array {name!r} holds {len(raw):,} bytes, its header says {nbytes:,} (truncated?)")
                budget -= nbytes
                arrays[name] = np.frombuffer(bytearray(raw), dtype=dtype).reshape(shape)  # writable: torch shares it
    except DatasetError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError,
            RuntimeError) as exc:  # RuntimeError: an encrypted member
        raise fail(f"is a damaged or truncated .npz archive ({type(exc).__name__}: {str(exc)[:120]})") from None
    n = len(arrays["obs"])
    if n == 0:
        raise fail("holds no decisions")
    if any(len(a) != n for a in arrays.values()):
        raise fail("its arrays hold different numbers of decisions: " +
                   ", ".join(f"{k} {len(a):,}" for k, a in arrays.items()))
    if not np.isfinite(arrays["obs"]).all():
        raise fail("its observations hold values that are not finite (NaN or infinity)")
    bad = (arrays["actions"] < 0) | (arrays["actions"] >= np.asarray(AL.HEAD_SIZES))
    if bad.any():
        row, head = map(int, np.argwhere(bad)[0])
        raise fail(f"decision {row}: its action {int(arrays['actions'][row, head])} in head {AL.HEAD_NAMES[head]!r} "
                   f"is outside 0 .. {AL.HEAD_SIZES[head] - 1}")
    if not np.isin(arrays["player"], (1, 2)).all():
        raise fail("its players are not all 1 or 2")
    if ((arrays["character"] < 0) | (arrays["character"] >= AL.N_CHARS)).any():
        raise fail(f"its characters are not all indices of the {AL.N_CHARS} characters")
    return arrays


def allowed(spec, obs: torch.Tensor, actions: torch.Tensor, chunk: int = 1 << 16) -> torch.Tensor:
    """bool[N]: whether each action's move and each data head that move uses are allowed by the
    masks packed in its observation (the actions the policy gives a finite log-likelihood)."""
    import torch

    used = torch.as_tensor(spec.head_used[:, 1:], device=obs.device)
    offsets = torch.as_tensor(spec.data_offsets, device=obs.device)
    out = []
    for start in range(0, len(obs), chunk):
        o, a = obs[start:start + chunk], actions[start:start + chunk]
        move = a[:, 0]
        rows = torch.arange(len(a), device=obs.device)
        move_ok = spec.decode_move_mask(o)[rows, move]
        data_ok = spec.decode_data_row(o, move).gather(1, a[:, 1:] + offsets)
        out.append(move_ok & (data_ok | ~used[move]).all(1))
    return torch.cat(out)


def nll(policy, obs: torch.Tensor, actions: torch.Tensor) -> torch.Tensor:
    """The mean negative log-likelihood of `actions` (int64 [B, H]) under `policy` given `obs`
    (the masks packed in it): what :func:`clone` minimises."""
    return -policy.evaluate(obs, actions).logprob.mean()


def clone(obs: torch.Tensor, actions: torch.Tensor, cfg, epochs: int, batch_size: int, seed: int,
          report: Callable[[int, float], None] | None = None):
    """A :class:`MaskedActorCritic` of `cfg`'s size fitted to (`obs`, `actions`) (module docstring);
    `report(epoch, mean NLL of the epoch)` after each epoch.  Returns the network, in train mode.
    ValueError where a minibatch's loss is not finite.  Sets torch's threads to `cfg.torch_threads`
    (0: torch's default), as the trainer does."""
    import torch

    from integration.train.checkpoint import seed_everything
    from integration.train.policy import MaskedActorCritic

    if cfg.torch_threads:
        torch.set_num_threads(cfg.torch_threads)
    seed_everything(seed)
    policy = MaskedActorCritic(AL.action_spec(), cfg.hidden, cfg.layers).to(obs.device)
    optimizer = torch.optim.Adam(policy.parameters(), lr=cfg.learning_rate, eps=cfg.adam_eps)
    generator = torch.Generator().manual_seed(seed)
    n = len(obs)
    for epoch in range(1, epochs + 1):
        order = torch.randperm(n, generator=generator).to(obs.device)
        total = 0.0
        for start in range(0, n, batch_size):
            index = order[start:start + batch_size]
            loss = nll(policy, obs[index], actions[index])
            if not torch.isfinite(loss):
                raise ValueError(f"epoch {epoch}: the loss is not finite (learning_rate {cfg.learning_rate} too "
                                 "large, or observations far outside the env's range)")
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()
            total += float(loss.detach()) * len(index)
        if report is not None:
            report(epoch, total / n)
    return policy


def _seat_character(arrays: dict, player: int) -> str:
    """The character of a seat for the checkpoint's config: the one the dataset's players of that
    seat played, or ``random`` where they played several."""
    played = sorted(set(arrays["character"][arrays["player"] == player].tolist()))
    return AL.CHARACTERS[played[0]] if len(played) == 1 else "random"


def parse_settings(items: list[str]) -> dict:
    """``--set KEY=VALUE`` items -> {key: value} (values as Python literals, else strings; ``true``,
    ``false``, ``none`` as train-selfplay reads them); ValueError with one line for a malformed one."""
    out = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--set takes KEY=VALUE, got {item[:60]!r}")
        if len(text) > MAX_SET_CHARS:
            raise ValueError(f"--set: a value longer than {MAX_SET_CHARS} characters")
        text = text.strip()
        lowered = text.lower()
        if lowered in ("true", "false", "none", "null"):
            value = None if lowered in ("none", "null") else lowered == "true"
        else:
            try:
                value = ast.literal_eval(text)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                value = text
        out[key.strip().replace("-", "_")] = value
    return out


def clone_file(dataset: str | Path, out: str | Path, epochs: int = 10, batch_size: int = 256, seed: int = 1,
               settings: dict | None = None, max_bytes: int = MAX_DATASET_BYTES,
               report: Callable[[str], None] | None = None) -> str:
    """``yomi replay clone``: fit the policy to `dataset`, write it to `out`; returns a summary line.
    DatasetError for an unusable dataset, ValueError for a bad setting or a loss that is not finite
    (nothing written in either case), OSError where `out` cannot be written."""
    import torch

    from integration.train.config import TrainConfig, merge
    from integration.train.run_state import save_policy

    if not 1 <= epochs <= MAX_EPOCHS:
        raise ValueError(f"--epochs must be in 1 .. {MAX_EPOCHS:,}, got {epochs}")
    if not 1 <= batch_size <= MAX_BATCH:
        raise ValueError(f"--batch-size must be in 1 .. {MAX_BATCH:,}, got {batch_size}")
    settings = dict(settings or {})
    arrays = read_dataset(dataset, max_bytes)
    for seat, key in ((1, "p1"), (2, "p2")):
        settings.setdefault(key, _seat_character(arrays, seat))
    cfg = merge(TrainConfig(seed=seed), settings).validate()
    if cfg.env != "yomi":
        raise ValueError(f"env {cfg.env!r}: a dataset holds decisions of the real game (env yomi)")
    if cfg.device.startswith("cuda") and not torch.cuda.is_available():
        raise ValueError("device cuda: no CUDA device is available here")
    device = torch.device(cfg.device)
    obs = torch.as_tensor(arrays["obs"]).to(device)
    actions = torch.as_tensor(arrays["actions"]).long().to(device)
    spec = AL.action_spec()
    keep = allowed(spec, obs, actions)
    n, used = len(obs), int(keep.sum())
    if used == 0:
        raise DatasetError(f"none of its {n:,} decisions has an action its masks allow", None, str(dataset))
    obs, actions = obs[keep], actions[keep]
    losses: list[float] = []

    def epoch_done(epoch: int, loss: float) -> None:
        losses.append(loss)
        if report is not None:
            report(f"epoch {epoch}/{epochs}: mean negative log-likelihood {loss:.4f}")

    policy = clone(obs, actions, cfg, epochs, batch_size, seed, epoch_done)
    cloned = dict(dataset=Path(dataset).name, decisions=n, used=used, epochs=epochs, batch_size=batch_size,
                  nll=losses[-1])
    save_policy(cfg, spec, policy, Path(out), update=0, global_step=0, behaviour_cloning=cloned)
    left = f" ({n - used:,} left out: their masks do not allow their action)" if used < n else ""
    return (f"clone: {used:,} decisions of {dataset}{left}, {epochs} epochs, final mean negative log-likelihood "
            f"{losses[-1]:.4f}; hidden={cfg.hidden}, layers={cfg.layers}, {cfg.p1} vs {cfg.p2} -> {out}")
