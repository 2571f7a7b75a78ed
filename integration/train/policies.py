"""Policies by name for the tools and the trainer: the environment's baselines (``random``,
``scripted``), a trainer checkpoint (``*.pt``), or any ``policy(obs, masks) -> actions`` callable.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from integration.env import obs as O
from integration.env import wrappers


def make_policy(spec: Any, generator=None) -> Callable:
    """``"random"``, ``"scripted"``, a checkpoint path (``*.pt`` written by the trainer), or a
    callable ``policy(obs, masks) -> actions``: a PolicyFn (torch in, torch out)."""
    if callable(spec):
        return spec
    if not isinstance(spec, str):
        raise TypeError(f"a policy is a name, a checkpoint path or a callable, got {spec!r}")
    if spec in ("random", "scripted"):
        return wrappers.make_policy(spec, generator)
    return load_checkpoint_policy(spec, generator)


def load_checkpoint_policy(path: str, generator=None) -> Callable:
    """The learner of a trainer checkpoint as a PolicyFn (sampling its action distribution)."""
    from pathlib import Path

    import torch

    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"no checkpoint at {path} (policies: random, scripted, or a .pt file)")
    state = ckpt.load(p)
    spec = O.action_spec()
    if state.get("spec") is not None and state["spec"] != spec.describe():
        raise ValueError(f"{path} was trained with another action layout (env or characters) than YomiEnv's")
    cfg = state.get("config", {})
    net = MaskedActorCritic(spec, cfg.get("hidden", 128), cfg.get("layers", 2))
    net.load_state_dict(state["policy"])
    net.eval()
    fn = net.as_policy_fn(generator)

    def policy(obs, masks):
        with torch.no_grad():
            return fn(torch.as_tensor(np.asarray(obs) if not isinstance(obs, torch.Tensor) else obs), masks)

    return policy
