"""Atomic checkpoint files and the random-number-generator states that make resume exact."""
from __future__ import annotations

import os
import random
from pathlib import Path

import numpy as np
import torch


def save_atomic(obj, path: str | Path) -> Path:
    """Write to a temporary file in the same folder, then rename over the target: a reader
    (or a crash, or Ctrl-C) sees either the old file or the new one, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    with open(tmp, "wb") as f:
        torch.save(obj, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return path


def load(path: str | Path, device="cpu") -> dict:
    # Our own files: they hold numpy and python RNG states, so not weights_only.
    try:
        state = torch.load(path, map_location=device, weights_only=False)
    except FileNotFoundError:
        raise
    except Exception as exc:  # torch raises many kinds for a damaged file (pickle, zip, EOF, ...)
        raise ValueError(f"{path} is not a readable checkpoint ({type(exc).__name__}: {exc})") from None
    if not isinstance(state, dict) or "policy" not in state:
        raise ValueError(f"{path} is not a train-selfplay checkpoint")
    return state


def rng_state(cuda: bool) -> dict:
    state = dict(torch=torch.get_rng_state(), numpy=np.random.get_state(), python=random.getstate())
    if cuda:
        state["cuda"] = torch.cuda.get_rng_state_all()
    return state


def set_rng_state(state: dict) -> None:
    torch.set_rng_state(state["torch"])
    np.random.set_state(state["numpy"])
    random.setstate(state["python"])
    if "cuda" in state and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(state["cuda"])


def seed_everything(seed: int) -> None:
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)  # also seeds every CUDA device


def latest(run_dir: str | Path) -> Path:
    path = Path(run_dir) / "checkpoints" / "latest.pt"
    if not path.exists():
        raise SystemExit(f"no checkpoint at {path}")
    return path


def prune(folder: Path, keep: int) -> None:
    """Keep the `keep` most recent numbered checkpoints (latest.pt is never pruned)."""
    numbered = sorted(folder.glob("update_*.pt"))
    for old in numbered[:-keep] if keep > 0 else numbered:
        old.unlink(missing_ok=True)
