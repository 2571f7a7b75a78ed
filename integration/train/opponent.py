"""Best-response training: the learner against one fixed opponent instead of itself.

``train-selfplay --opponent POLICY`` trains a learner against a policy that never changes: a
trainer checkpoint, ``random``, ``scripted`` (the env's scripted baseline) or ``search[:...]`` (:mod:`integration.train.policies`; the
real game only).
The learner's final win rate against it measures how exploitable that opponent is.

:class:`FixedOpponent` stands in for :class:`~.selfplay.SelfPlay` (the same methods, so the
trainer's loop does not change): in every match the learner plays one seat, drawn per match so it
learns both, and the opponent the other; the opponent's actions overwrite the learner's on its
agents' rows, and those rows carry weight 0, so its steps are never trained on.

:func:`load_init` reads the weights ``--init CHECKPOINT`` starts the learner from.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

import numpy as np
import torch

from . import checkpoint as ckpt
from .mixture import agent_from_state
from .policy import PolicyFn, network_size, random_policy

OPPONENT = 0  # the id every match's opponent has (SelfPlay's SELF is -1: never used here)


def checkpoint_agent(path: str, spec, device: torch.device):
    """The agent of a trainer checkpoint, frozen (its learner, or the mixture of a ``yomi mixture``
    file), read by the safe loader (tensors and plain data only; an old pickled checkpoint is
    refused with the command that converts it); a checkpoint of another env or character set
    (another action layout) is refused."""
    file, _ = ckpt.snapshot_name(path)
    if not Path(file).exists():  # a FIFO or a device: the loader refuses it by name
        raise FileNotFoundError(f"no checkpoint at {file} (a policy is random, scripted, search[:...], a .safetensors "
                                "file or a pool snapshot FILE.safetensors:u<update>)")
    state = ckpt.load_agent(path)
    if state.get("spec") is not None and state["spec"] != spec.describe():
        raise ValueError(f"{path} was trained with another action layout (env or characters) than this run's")
    return agent_from_state(state, spec, path, device)


def load_opponent(name: str, env_name: str, spec, generator: torch.Generator, device: torch.device,
                  env=None) -> PolicyFn:
    """A fixed opponent by name, drawing its randomness from `generator`; `env` is the env it acts
    in (a search opponent clones its matches)."""
    from .envs import scripted_baseline

    if name == "random":
        return random_policy(spec, generator)
    if name == "scripted":
        scripted = scripted_baseline(env_name)
        return lambda obs, masks: scripted(obs, masks, generator=generator)
    if name == "search" or name.startswith("search:"):
        from integration.train.policies import make_policy

        if env_name != "yomi" or getattr(env, "backend_name", None) != "c":
            raise ValueError(f"--opponent {name}: the search clones matches of the real game's C engine "
                             "(--env yomi with the default vec_backend native)")
        return make_policy(name, generator=generator, seed=int(generator.initial_seed()))
    return checkpoint_agent(name, spec, device).as_policy_fn(generator)


def init_size(path: str) -> dict:
    """The network size (``hidden``, ``layers``) of a checkpoint for ``--init``, read from its
    tensors (:func:`network_size`, the input size from the action layout it records): the command
    line adopts it where the settings give none, so that a best response starts from any agent's
    weights with no size to repeat.  Empty where the file cannot be read or holds no such network
    (:func:`load_init` then says why)."""
    try:
        state = ckpt.load_agent(path)
        layout = state["spec"]
        hidden, layers = network_size(state.get("policy"), int(layout["feature_size"]) + int(layout["head_sizes"][0]))
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return {}
    return {"hidden": hidden, "layers": layers}


def load_init(path: str, spec, hidden: int, layers: int) -> dict:
    """The policy weights of a checkpoint for ``--init`` (read by the safe loader): its layout and
    its network's size must be this run's (set --set hidden=/layers= to the checkpoint's)."""
    file, _ = ckpt.snapshot_name(path)
    if not Path(file).exists():  # a FIFO or a device: the loader refuses it by name
        raise FileNotFoundError(f"--init: no checkpoint at {file}")
    state = ckpt.load_agent(path)
    if state.get("spec") is not None and state["spec"] != spec.describe():
        raise ValueError(f"--init: {path} was trained with another action layout (env or characters) than this run's")
    cfg = state.get("config", {})
    if (cfg.get("hidden", hidden), cfg.get("layers", layers)) != (hidden, layers):
        raise ValueError(f"--init: {path} has hidden={cfg.get('hidden')}, layers={cfg.get('layers')}; "
                         f"this run has hidden={hidden}, layers={layers} (set them to the checkpoint's)")
    return state["policy"]


class FixedOpponent:
    """SelfPlay's interface for a learner against one fixed policy (see the module docstring)."""

    def __init__(self, num_matches: int, policy: PolicyFn, spec, generator: torch.Generator,
                 rng: np.random.Generator, env=None):
        self.policy = policy
        self.env = env  # the search opponent clones the matches of its agents in this env
        self.spec = spec
        self.generator = generator  # the opponent's randomness: checkpointed for an exact resume
        self.rng = rng
        self.pool: list[int] = []  # no snapshots: evaluation plays the opponent instead
        self.opponent = np.full(num_matches, OPPONENT, dtype=np.int64)
        self.learner_seat = np.zeros(num_matches, dtype=np.int64)
        # a mixture drawn per match: each match's member, drawn when it starts (reassign: the trainer
        # knows when a match starts, where the policy function infers it) and kept in the checkpoint
        # for an exact resume
        mixture = getattr(policy, "mixture", None)
        self.mixture = mixture if mixture is not None and mixture.per == "match" else None
        self.member = self.mixture.draw(num_matches, generator) if self.mixture is not None else None
        self.listeners: list[Callable[[np.ndarray, np.ndarray, np.ndarray], None]] = []

    def add_snapshot(self, learner, sid: int) -> None:
        """Best response: the opponent never changes, so no snapshots are kept."""

    def reassign(self, which: np.ndarray) -> None:
        n = int(which.sum())
        if n == 0:
            return
        self.learner_seat[which] = self.rng.integers(0, 2, n)
        if self.mixture is not None:
            self.member[torch.as_tensor(which)] = self.mixture.draw(n, self.generator)
        for listener in self.listeners:
            listener(which.copy(), self.opponent.copy(), self.learner_seat.copy())

    def learner_agents(self) -> np.ndarray:
        """bool[2M]: the learner's seat of every match (the only experience that trains)."""
        return (np.arange(2)[None, :] == self.learner_seat[:, None]).reshape(-1)

    def opponent_agents(self) -> np.ndarray:
        return 2 * np.arange(len(self.learner_seat)) + 1 - self.learner_seat

    def opponent_actions(self, obs: torch.Tensor, actions: torch.Tensor, part: slice = slice(None)) -> None:
        """Overwrite, in place, the actions of the opponent's seats with its own.  `obs` and
        `actions` are the agents of `part` (all of them, or a contiguous part: trainer.py,
        collect)."""
        span = range(2 * len(self.learner_seat))[part]
        agents = self.opponent_agents()
        keep = (agents >= span[0]) & (agents <= span[-1])
        agents = agents[keep]
        if hasattr(self.policy, "bind"):
            self.policy.bind(self.env, agents)
        index = torch.as_tensor(agents - span[0], device=obs.device)
        rows = obs[index]
        if self.mixture is not None:
            acted = self.mixture.act(rows, self.member[torch.as_tensor(keep)], self.generator)
        else:
            acted = self.policy(rows, self.spec.decode_masks(rows))
        actions[index] = acted.to(actions.device, actions.dtype)

    def state_dict(self) -> dict:
        state = dict(learner_seat=self.learner_seat.copy(), generator=self.generator.get_state())
        if self.member is not None:
            state["member"] = self.member.clone()
        return state

    def load_state_dict(self, state: dict, make_policy=None) -> None:
        self.learner_seat[:] = state["learner_seat"]
        self.generator.set_state(state["generator"])
        if self.member is not None:
            member = state.get("member", self.member)
            if not isinstance(member, torch.Tensor) or member.shape != self.member.shape or \
                    member.dtype != self.member.dtype or \
                    not bool(((member >= 0) & (member < len(self.mixture.members))).all()):
                raise ValueError("the checkpoint's per-match mixture members do not fit the opponent's mixture")
            self.member.copy_(member)
