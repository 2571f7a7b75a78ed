"""Policies by name for the tools and the trainer: the environment's baselines (``random``,
``scripted``), a trainer checkpoint (``*.safetensors``), or any ``policy(obs, masks) -> actions``
callable.
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import numpy as np

from integration.env import obs as O
from integration.env import wrappers


def make_policy(spec: Any, generator=None, characters: Optional[tuple] = None, any_pairing: bool = False) -> Callable:
    """``"random"``, ``"scripted"``, a checkpoint path (``*.safetensors`` written by the trainer),
    or a callable ``policy(obs, masks) -> actions``: a PolicyFn (torch in, torch out).
    ``characters`` (P1's, P2's) is the pairing the policy will play: a checkpoint trained on
    another pairing is a ValueError unless ``any_pairing``."""
    if callable(spec):
        return spec
    if not isinstance(spec, str):
        raise TypeError(f"a policy is a name, a checkpoint path or a callable, got {spec!r}")
    if spec in ("random", "scripted"):
        return wrappers.make_policy(spec, generator)
    return load_checkpoint_policy(spec, generator, characters, any_pairing)


def trained_pairings(cfg: dict) -> set:
    """The (own character, opponent's character) pairs a checkpoint's learner played: it takes
    either seat in self-play, so both orders of its P1 and P2 character pools."""
    from integration.env.env import _character_pool

    if "p1" not in cfg or "p2" not in cfg:
        return set()
    a, b = _character_pool(cfg["p1"]), _character_pool(cfg["p2"])
    return {(x, y) for x in a for y in b} | {(y, x) for x in a for y in b}


def load_checkpoint_policy(path: str, generator=None, characters: Optional[tuple] = None,
                           any_pairing: bool = False) -> Callable:
    """The learner of a trainer checkpoint as a PolicyFn (sampling its action distribution).
    With ``characters`` (P1's, P2's), a checkpoint never trained on that pairing is a ValueError
    unless ``any_pairing``."""
    from pathlib import Path

    import torch

    from integration.env.env import _character_pool
    from integration.train import checkpoint as ckpt
    from integration.train.policy import MaskedActorCritic

    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"no checkpoint at {path} (policies: random, scripted, or a checkpoint file)")
    state = ckpt.load(p)
    spec = O.action_spec()
    if state.get("spec") is not None and state["spec"] != spec.describe():
        raise ValueError(f"{path} was trained with another action layout (env or characters) than YomiEnv's")
    cfg = state.get("config") or {}
    if characters is not None and not any_pairing:
        trained = trained_pairings(cfg)
        wanted = {(x, y) for x in _character_pool(characters[0]) for y in _character_pool(characters[1])}
        if not wanted <= trained:
            names = f"{cfg.get('p1', '?')} vs {cfg.get('p2', '?')}"
            raise ValueError(f"{path} was trained on {names}, not {characters[0]} vs {characters[1]} "
                             f"(--any-pairing plays it anyway)")
    try:
        net = MaskedActorCritic(spec, cfg.get("hidden", 128), cfg.get("layers", 2))
        net.load_state_dict(state["policy"])
    except (RuntimeError, TypeError, ValueError, KeyError, AttributeError) as exc:
        raise ValueError(f"{path}: its policy does not fit the network its config describes "
                         f"({type(exc).__name__}: {str(exc)[:200]})") from None
    net.eval()
    fn = net.as_policy_fn(generator)

    def policy(obs, masks):
        with torch.no_grad():
            return fn(torch.as_tensor(np.asarray(obs) if not isinstance(obs, torch.Tensor) else obs), masks)

    return policy
