"""Self-play: who each match is played against, and the pool of frozen past selves.

Every match i has an opponent, fixed from its first turn to its last:

* ``SELF`` (-1): the learner plays both seats and both seats' experience trains;
* a snapshot id: the learner plays one seat (``learner_seat[i]``, drawn per
  match so it learns both), a frozen past self the other, and only the
  learner's seat trains.

A new opponent is drawn only when a match ends (the environment auto-resets
it on that step), so nobody is swapped in the middle of a match.  A snapshot
evicted from the pool keeps playing the matches it has already started.
Snapshots are drawn uniformly from the pool: prioritised draws (the snapshots
the learner loses to more often) made agents no harder to exploit
(docs/experiments/ablations.md).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Callable

import numpy as np
import torch

from .policy import MaskedActorCritic, PolicyStack

SELF = -1


@dataclass
class Snapshot:
    sid: int  # the learner's update count when it was taken
    policy: MaskedActorCritic


class SelfPlay:
    def __init__(self, num_matches: int, pool_size: int, p_latest: float, rng: np.random.Generator,
                 device: torch.device):
        self.num_matches = num_matches
        self.pool_size = pool_size
        self.p_latest = p_latest
        self.rng = rng
        self.device = device
        self.pool: list[int] = []  # snapshot ids available for new matches, oldest first
        self.snapshots: dict[int, Snapshot] = {}  # the pool, plus evicted ones still mid-match
        self.opponent = np.full(num_matches, SELF, dtype=np.int64)
        self.learner_seat = np.zeros(num_matches, dtype=np.int64)
        self.listeners: list[Callable[[np.ndarray, np.ndarray, np.ndarray], None]] = []  # tests
        self._stack: tuple[tuple[int, ...], PolicyStack] | None = None  # (snapshot ids, their stack)

    # ----- the pool ------------------------------------------------------------------------
    def add_snapshot(self, learner: MaskedActorCritic, sid: int) -> None:
        policy = copy.deepcopy(learner).eval().requires_grad_(False)
        self.snapshots[sid] = Snapshot(sid, policy)
        self._stack = None
        self.pool.append(sid)
        if len(self.pool) > self.pool_size:
            self.pool.pop(0)
        self._release()

    def _release(self) -> None:
        in_use = set(self.opponent.tolist()) | set(self.pool)
        for sid in [s for s in self.snapshots if s not in in_use]:
            del self.snapshots[sid]

    def _draw(self, n: int) -> np.ndarray:
        """n opponents for new matches: SELF with p_latest, else a pool snapshot drawn uniformly."""
        if not self.pool:
            return np.full(n, SELF, dtype=np.int64)
        # uniform weights through p: the generator is drawn as in the runs docs/experiments/ records
        weights = np.ones(len(self.pool))
        past = self.rng.choice(np.array(self.pool), size=n, p=weights / weights.sum())
        return np.where(self.rng.random(n) < self.p_latest, SELF, past)

    # ----- per-match assignments -----------------------------------------------------------
    def reassign(self, which: np.ndarray) -> None:
        """Draw new opponents and learner seats for the matches in `which` (bool[M]) -- only
        call it for matches that have just ended and been reset, or at the very start."""
        n = int(which.sum())
        if n == 0:
            return
        self.opponent[which] = self._draw(n)
        self.learner_seat[which] = self.rng.integers(0, 2, n)
        for listener in self.listeners:
            listener(which.copy(), self.opponent.copy(), self.learner_seat.copy())
        self._release()

    def learner_agents(self) -> np.ndarray:
        """bool[2M]: the agents whose experience trains."""
        seat = np.arange(2)[None, :]
        mask = (self.opponent[:, None] == SELF) | (seat == self.learner_seat[:, None])
        return mask.reshape(-1)

    def opponent_groups(self) -> dict[int, np.ndarray]:
        """snapshot id -> the agent indices it plays this turn."""
        versus = np.flatnonzero(self.opponent != SELF)
        agents = 2 * versus + 1 - self.learner_seat[versus]
        ids = self.opponent[versus]
        return {int(sid): agents[ids == sid] for sid in np.unique(ids)}

    def opponent_actions(self, obs: torch.Tensor, actions: torch.Tensor, part: slice = slice(None)) -> None:
        """Overwrite, in place, the actions of the seats played by past snapshots: every snapshot
        in one batched pass (policy.PolicyStack).  `obs` and `actions` are the agents of `part`
        (all of them, or a contiguous part: trainer.py, collect)."""
        span = range(2 * self.num_matches)[part]
        first, last = span[0], span[-1]
        groups = {sid: a[(a >= first) & (a <= last)] - first for sid, a in self.opponent_groups().items()}
        groups = {sid: a for sid, a in groups.items() if len(a)}
        if not groups:
            return
        ids, stack = self._stacked()
        agents = np.concatenate(list(groups.values()))
        which = np.concatenate([np.full(len(a), ids.index(sid)) for sid, a in groups.items()])
        index = torch.as_tensor(agents, device=obs.device)
        actions[index] = stack.act(obs[index], torch.as_tensor(which, device=obs.device))

    def _stacked(self) -> tuple[tuple[int, ...], PolicyStack]:
        """The snapshots' stack, rebuilt when the snapshots kept have changed."""
        ids = tuple(sorted(self.snapshots))
        if self._stack is None or self._stack[0] != ids:
            self._stack = (ids, PolicyStack([self.snapshots[sid].policy for sid in ids]))
        return self._stack

    # ----- checkpoints ---------------------------------------------------------------------
    def state_dict(self) -> dict:
        return dict(
            pool=list(self.pool),
            snapshots={sid: dict(policy=s.policy.state_dict()) for sid, s in self.snapshots.items()},
            opponent=self.opponent.copy(),
            learner_seat=self.learner_seat.copy(),
        )

    def load_state_dict(self, state: dict, make_policy: Callable[[], MaskedActorCritic]) -> None:
        self.pool = list(state["pool"])
        self.snapshots = {}
        self._stack = None
        for sid, s in state["snapshots"].items():
            policy = make_policy()
            policy.load_state_dict(s["policy"])
            self.snapshots[int(sid)] = Snapshot(int(sid), policy.eval().requires_grad_(False))
        self.opponent[:] = state["opponent"]
        self.learner_seat[:] = state["learner_seat"]
        named = set(self.pool) | (set(self.opponent.tolist()) - {SELF})
        if not named <= set(self.snapshots):
            raise ValueError("the checkpoint's self-play state names policies it does not hold: "
                             f"{sorted(named - set(self.snapshots))[:5]}")
