"""One way to name a policy everywhere: ``yomi play``, the trainer's evaluation, the tournament.

Grammar::

    POLICY   := "random" | "scripted" | SEARCH | PATH
    SEARCH   := "search" [ ":" OPTION { "," OPTION } ]
    OPTION   := KEY "=" VALUE            (keys: k, turns, rollout, value, scripted, prior, uniform, agent; each at most once)
    PATH     := a trainer checkpoint file (``*.safetensors``), e.g. runs/x/checkpoints/latest.safetensors,
                or one snapshot of the self-play pool it holds: ``*.safetensors:u<update>``

* ``random``: uniform over the legal moves, then over each used head's legal values
  (:func:`integration.env.baselines.random_policy`);
* ``scripted``: the scripted baseline (:func:`integration.env.baselines.scripted_policy`);
* ``search``, ``search:k=16,turns=3``, ``search:k=8,turns=2,rollout=random,value=PATH.safetensors``: the
  per-turn search opponent (:mod:`integration.train.search`; ``k`` candidates per side, 1..64;
  ``turns`` rollout turns, 0..50; ``rollout`` is ``scripted``, ``random`` or a checkpoint path;
  ``value`` a checkpoint whose value head scores the positions; ``scripted`` 0 or 1; ``prior`` a
  checkpoint whose policy proposes the candidates; ``uniform`` 0..64 more candidates per side from
  the legal menu, beside the prior's);
* ``search:agent=PATH.safetensors``: a trained agent played with search, the checkpoint proposing
  the candidates, playing the rollouts and valuing their ends (``prior``, ``rollout`` and
  ``value`` all PATH; ``scripted`` 0 and ``uniform``
  :data:`integration.train.search.AGENT_UNIFORM` unless given; ``k`` and ``turns`` as above);
* ``PATH:u<update>``: the run's past self of that update, kept in the checkpoint's self-play pool
  (:func:`integration.train.checkpoint.load_agent`; the pool holds the last ``pool_size`` snapshots,
  one every ``snapshot_interval`` updates);
* anything else is a checkpoint path, which must name an existing file.  It is read by
  :func:`integration.train.checkpoint.load` (tensors and plain data only, never unpickled, its
  checksum checked; an old pickled ``*.pt`` is refused with the command that converts it).

:func:`parse_policy_name` checks a name without loading anything and raises
:class:`PolicyNameError` (a ValueError) with one line saying what is wrong.  :func:`make_policy`
returns a batched policy ``policy(obs, masks) -> actions`` (today's PolicyFn: ``obs`` ``[B,
OBS_SIZE]``, torch or numpy; ``masks`` the spec's ``decode_masks(obs)`` or None; the result
``int64[B, N_HEADS]``, torch when ``obs`` is).  Every returned policy has ``.name`` (its
canonical name) and ``.bind(env, agents)``: the agent indices of a YomiEnv whose rows it will be
called with.  Only the search needs that context (it clones those agents' matches); for the
others ``bind`` does nothing, so a caller binds every policy alike.

A checkpoint plays only the character pairings it was trained on: with ``characters`` (P1's,
P2's) given to :func:`make_policy`, another pairing is a ValueError naming both, unless
``any_pairing`` (``yomi play --any-pairing``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional

import numpy as np

__all__ = ["PolicyNameError", "PolicySpec", "parse_policy_name", "make_policy", "load_checkpoint_net",
           "trained_pairings", "POLICY_HELP"]

POLICY_HELP = ("random, scripted, search[:k=K,turns=T,rollout=R,value=PATH.safetensors,scripted=0|1,prior=PATH"
               ".safetensors,uniform=U] or search:agent=PATH.safetensors, "
               "a checkpoint .safetensors or a snapshot of its self-play pool .safetensors:u<update>")
CHECKPOINT_SUFFIXES = (".safetensors", ".pt")  # .pt: an old checkpoint, named so that loading says how to convert it
SEARCH_KEYS = ("k", "turns", "rollout", "value", "scripted", "prior", "agent", "uniform")


class PolicyNameError(ValueError):
    """A policy name that does not parse, or a checkpoint path that names no file (one line)."""


@dataclass(frozen=True)
class PolicySpec:
    """A parsed policy name: ``kind`` is random, scripted, search or checkpoint."""

    kind: str
    path: Optional[str] = None                  # checkpoint
    search: Optional[object] = None             # integration.train.search.SearchConfig
    name: str = field(default="")


def _int_option(key: str, value: str, text: str) -> int:
    try:
        return int(value)
    except ValueError:
        raise PolicyNameError(f"policy {text!r}: {key}={value!r} is not an integer") from None


def _snapshot_name(text: str) -> tuple[str, Optional[int]]:
    if ":u" not in text:  # torch (which the checkpoint module imports) only where it is needed
        return text, None
    from integration.train.checkpoint import snapshot_name

    return snapshot_name(text)


def _checkpoint(path: str, text: str, what: str = "checkpoint") -> str:
    file, _ = _snapshot_name(path)
    if not Path(file).exists():  # a FIFO or a device: the loader refuses it by name
        raise PolicyNameError(f"policy {text!r}: no {what} file at {file} (policies: {POLICY_HELP})")
    return path


def parse_policy_name(name) -> PolicySpec:
    """Parse a policy name (module docstring); :class:`PolicyNameError` with one line if it is bad."""
    if not isinstance(name, str) or not name.strip():
        raise PolicyNameError(f"a policy name is a non-empty string ({POLICY_HELP}), got {name!r}")
    text = name.strip()
    if text in ("random", "scripted"):
        return PolicySpec(text, name=text)
    head, sep, rest = text.partition(":")
    if head == "search":
        from integration.train.search import AGENT_UNIFORM, SearchConfig

        opts: dict = {}
        if sep and not rest:
            raise PolicyNameError(f"policy {text!r}: no options after 'search:' (e.g. search:k=8,turns=2)")
        for part in rest.split(",") if rest else ():
            key, eq, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key or not value:
                raise PolicyNameError(f"policy {text!r}: {part!r} is not KEY=VALUE (keys: {', '.join(SEARCH_KEYS)})")
            if key not in SEARCH_KEYS:
                raise PolicyNameError(f"policy {text!r}: unknown search option {key!r} (keys: {', '.join(SEARCH_KEYS)})")
            if key in opts:
                raise PolicyNameError(f"policy {text!r}: option {key!r} given twice")
            if key in ("k", "turns", "uniform"):
                opts[key] = _int_option(key, value, text)
            elif key == "scripted":
                if value not in ("0", "1"):
                    raise PolicyNameError(f"policy {text!r}: scripted={value!r} must be 0 or 1")
                opts[key] = value == "1"
            elif key == "rollout":
                opts[key] = value if value in ("scripted", "random") else _checkpoint(value, text, "rollout checkpoint")
            elif key in ("prior", "agent"):
                opts[key] = _checkpoint(value, text, f"{key} checkpoint")
            else:
                opts[key] = _checkpoint(value, text, "value checkpoint")
        if "agent" in opts:  # one checkpoint proposes, plays on and values: the agent with search
            path = opts.pop("agent")
            given = [key for key in ("prior", "rollout", "value") if key in opts]
            if given:
                raise PolicyNameError(f"policy {text!r}: agent= sets prior, rollout and value; "
                                      f"give agent= or {', '.join(given)}=, not both")
            opts.update(prior=path, rollout=path, value=path)
            opts.setdefault("scripted", False)
            opts.setdefault("uniform", AGENT_UNIFORM)
        try:
            cfg = SearchConfig(**opts)
        except ValueError as exc:
            raise PolicyNameError(f"policy {text!r}: {exc}") from None
        return PolicySpec("search", search=cfg, name=cfg.name())
    if text.startswith("search") and not text.endswith(CHECKPOINT_SUFFIXES):
        raise PolicyNameError(f"policy {text!r}: write search options after a colon (search:k=8,turns=2)")
    if text.endswith(CHECKPOINT_SUFFIXES) or _snapshot_name(text)[1] is not None or Path(text).is_file():
        return PolicySpec("checkpoint", path=_checkpoint(text, text), name=text)
    raise PolicyNameError(f"unknown policy {text!r} (policies: {POLICY_HELP})")


def trained_pairings(cfg: dict) -> set:
    """The (own character, opponent's character) pairs a checkpoint's learner played: it takes
    either seat in self-play, so both orders of its P1 and P2 character pools."""
    from integration.env.env import _character_pool

    if "p1" not in cfg or "p2" not in cfg:
        return set()
    a, b = _character_pool(cfg["p1"]), _character_pool(cfg["p2"])
    return {(x, y) for x in a for y in b} | {(y, x) for x in a for y in b}


def _load_checkpoint(path: str, characters: Optional[tuple] = None, any_pairing: bool = False):
    """(the state of a trainer checkpoint, YomiEnv's action spec), read by the safe loader
    (:func:`integration.train.checkpoint.load`) and checked against YomiEnv's action layout.
    With ``characters`` (P1's, P2's), a checkpoint never trained on that pairing is a ValueError
    unless ``any_pairing``."""
    from integration.env import action_layout as AL
    from integration.env.env import _character_pool
    from integration.train import checkpoint as ckpt

    file, _ = ckpt.snapshot_name(path)
    if not Path(file).exists():  # a FIFO or a device: the loader refuses it by name
        raise FileNotFoundError(f"no checkpoint at {file} (policies: {POLICY_HELP})")
    state = ckpt.load_agent(path)
    spec = AL.action_spec()
    if state.get("spec") is not None and state["spec"] != spec.describe():
        raise ValueError(f"{path} was trained with another action layout (env or characters) than YomiEnv's")
    cfg = state.get("config") or {}
    if characters is not None and not any_pairing:
        wanted = {(x, y) for x in _character_pool(characters[0]) for y in _character_pool(characters[1])}
        if not wanted <= trained_pairings(cfg):
            names = f"{cfg.get('p1', '?')} vs {cfg.get('p2', '?')}"
            raise ValueError(f"{path} was trained on {names}, not {characters[0]} vs {characters[1]} "
                             f"(--any-pairing plays it anyway)")
    return state, spec


def load_checkpoint_net(path: str, characters: Optional[tuple] = None, any_pairing: bool = False):
    """The learner network of a trainer checkpoint (eval mode; a mixture file's newest member),
    checked as :func:`_load_checkpoint` checks."""
    from integration.train.policy import network_from_state

    state, spec = _load_checkpoint(path, characters, any_pairing)
    return network_from_state(state.get("policy"), spec, path)


def _shaping_of(cfg: dict, path: str) -> float:
    """The damage shaping a checkpoint's value head was trained under (its config's
    ``shaping_damage``; 0 where the config does not say), which the search's ``value=`` scoring
    needs; a value that is not a finite number >= 0 is a ValueError naming the file."""
    value = cfg.get("shaping_damage", 0.0)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
        raise ValueError(f"{path}: its config's shaping_damage {value!r} is not a finite number >= 0")
    return float(value)


class _Named:
    """A batched policy function with a name and a ``bind`` that passes the agents on to the
    function where it has one (a mixture drawn per match), else does nothing."""

    def __init__(self, fn: Callable, name: str):
        self.fn = fn
        self.name = name

    def bind(self, env, agents) -> "_Named":
        if hasattr(self.fn, "bind"):          # a mixture per match keeps a member per agent
            self.fn.bind(env, agents)
        return self

    def __call__(self, obs, masks=None):
        return self.fn(obs, masks)


def _checkpoint_policy(path: str, generator, characters: Optional[tuple] = None,
                       any_pairing: bool = False, loaded: Optional[tuple] = None) -> Callable:
    """A checkpoint's agent as a batched policy; ``loaded``: its (state, spec), where the caller
    has read it already."""
    import torch

    from integration.train.mixture import agent_from_state

    state, spec = loaded or _load_checkpoint(path, characters, any_pairing)
    fn = agent_from_state(state, spec, path).as_policy_fn(generator)

    def policy(obs, masks=None):
        is_np = not isinstance(obs, torch.Tensor)
        with torch.no_grad():
            out = fn(torch.as_tensor(np.asarray(obs)) if is_np else obs, masks)
        return out.cpu().numpy() if is_np else out

    if hasattr(fn, "bind"):
        policy.bind = fn.bind
    return policy


def make_policy(name, *, generator=None, seed: Optional[int] = None, characters: Optional[tuple] = None,
                any_pairing: bool = False):
    """A batched policy from a name (module docstring) or a callable (returned wrapped, with a no-op
    ``bind`` unless it has one).  ``generator`` (torch.Generator) drives the sampling of random,
    scripted and checkpoint policies; the search draws from ``seed`` (default: the generator's
    initial seed, else 0).  :class:`PolicyNameError` for a bad name.  ``characters`` (P1's, P2's)
    is the pairing the policy will play: a checkpoint (also the search's rollout or value
    checkpoint) trained on another pairing is a ValueError unless ``any_pairing``."""
    if callable(name):
        return name if hasattr(name, "bind") else _Named(name, getattr(name, "name", "a policy function"))
    spec = parse_policy_name(name)
    if spec.kind in ("random", "scripted"):
        from integration.env import baselines as scripted

        fn = scripted.random_policy if spec.kind == "random" else scripted.scripted_policy
        return _Named(lambda obs, masks=None: fn(obs, masks, generator), spec.name)
    if spec.kind == "checkpoint":
        return _Named(_checkpoint_policy(spec.path, generator, characters, any_pairing), spec.name)
    from integration.train.search import SearchPolicy

    cfg = spec.search
    if seed is None:
        seed = int(generator.initial_seed()) if generator is not None else 0
    import torch

    from integration.train.policy import network_from_state

    loaded: dict = {}

    def load(path: str) -> tuple:  # each file read once, however many of the search's parts it plays
        if path not in loaded:
            loaded[path] = _load_checkpoint(path, characters, any_pairing)
        return loaded[path]

    rollout = prior = value_net = None
    shaping = 0.0
    if cfg.rollout not in ("scripted", "random"):
        rollout = _checkpoint_policy(cfg.rollout, torch.Generator().manual_seed(int(seed) + 1), loaded=load(cfg.rollout))
    if cfg.value:
        state, spec = load(cfg.value)
        value_net = network_from_state(state.get("policy"), spec, cfg.value)
        shaping = _shaping_of(state.get("config") or {}, cfg.value)
    if cfg.prior:
        prior = _checkpoint_policy(cfg.prior, torch.Generator().manual_seed(int(seed) + 2), loaded=load(cfg.prior))
    return SearchPolicy(cfg, seed=seed, rollout_policy=rollout, value_net=value_net, value_shaping=shaping,
                        prior_policy=prior)
