"""Self-play: who each match is played against, and the pool of frozen past selves.

Every match i has an opponent, fixed from its first turn to its last:

* ``SELF`` (-1): the learner plays both seats and both seats' experience trains;
* a snapshot id: the learner plays one seat (``learner_seat[i]``, drawn per
  match so it learns both), a frozen past self the other, and only the
  learner's seat trains;
* an exploiter id (below SELF: ``-2 - update``, the learner's update it was
  trained against, league.py): as a snapshot, with an exploiter in the other
  seat.

A new opponent is drawn only when a match ends (the environment auto-resets
it on that step), so nobody is swapped in the middle of a match.  A snapshot
evicted from the pool keeps playing the matches it has already started.

With ``style_bias`` > 0 a past self plays each match in a style of its own:
a bias per move, drawn N(0, style_bias^2) when the match's opponent is drawn
and kept to its end, is added to the snapshot's move logits (before the legal
mask), so that it favours some moves and shuns others as a player with habits
does.  The learner then meets habits its own lineage never had; the learner's
own seats and the latest self are never biased (their experience trains).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Callable

import numpy as np
import torch

from .policy import MaskedActorCritic, PolicyStack

SELF = -1


def exploiter_id(update: int) -> int:
    """The id of the exploiter trained against the learner of `update` (below SELF, apart from snapshots)."""
    return -2 - update


@dataclass
class Snapshot:
    sid: int  # the learner's update count when it was taken
    policy: MaskedActorCritic
    score: float = 0.5  # the learner's results against it (wins + draws/2), with a one-game prior
    games: float = 1.0


class SelfPlay:
    def __init__(self, num_matches: int, pool_size: int, p_latest: float, sampling: str,
                 rng: np.random.Generator, device: torch.device, exploiters_kept: int = 0, p_exploiter: float = 0.0,
                 style_bias: float = 0.0, num_moves: int = 0):
        self.num_matches = num_matches
        self.pool_size = pool_size
        self.p_latest = p_latest
        self.exploiters_kept = exploiters_kept
        self.p_exploiter = p_exploiter
        self.exploiters: list[int] = []  # exploiter ids available for new matches, oldest first
        self.sampling = sampling
        self.rng = rng
        self.device = device
        self.pool: list[int] = []  # snapshot ids available for new matches, oldest first
        self.snapshots: dict[int, Snapshot] = {}  # the pool, plus evicted ones still mid-match
        self.opponent = np.full(num_matches, SELF, dtype=np.int64)
        self.learner_seat = np.zeros(num_matches, dtype=np.int64)
        self.style_bias = style_bias
        # each match's bias on the past self's move logits (module docstring); zeros when unused
        self.style = np.zeros((num_matches, num_moves if style_bias > 0 else 0), dtype=np.float32)
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

    def add_exploiter(self, policy: MaskedActorCritic, update: int) -> None:
        """Keep a frozen exploiter (league.py) of the learner of `update`; past exploiters_kept,
        the oldest leaves (finishing the matches it has started)."""
        eid = exploiter_id(update)
        self.snapshots[eid] = Snapshot(eid, copy.deepcopy(policy).eval().requires_grad_(False))
        self._stack = None
        self.exploiters.append(eid)
        if len(self.exploiters) > self.exploiters_kept:
            self.exploiters.pop(0)
        self._release()

    def _release(self) -> None:
        in_use = set(self.opponent.tolist()) | set(self.pool) | set(self.exploiters)
        for sid in [s for s in self.snapshots if s not in in_use]:
            del self.snapshots[sid]

    def _draw(self, n: int) -> np.ndarray:
        """n opponents for new matches: SELF with p_latest, an exploiter with p_exploiter (where any
        is kept; those that beat the learner more often more likely), else a pool snapshot by the
        sampling rule."""
        if not self.pool:
            return np.full(n, SELF, dtype=np.int64)
        if self.sampling == "uniform":
            weights = np.ones(len(self.pool))
        elif self.sampling == "recent":  # geometric: each older snapshot half as likely
            weights = 0.5 ** np.arange(len(self.pool))[::-1]
        else:  # pfsp: prioritised fictitious self-play, favour snapshots the learner struggles with
            rates = np.array([self.snapshots[s].score / self.snapshots[s].games for s in self.pool])
            weights = (1.0 - rates) ** 2 + 1e-3
        past = self.rng.choice(np.array(self.pool), size=n, p=weights / weights.sum())
        u = self.rng.random(n)
        drawn = np.where(u < self.p_latest, SELF, past)
        if self.exploiters and self.p_exploiter > 0:
            # prioritised as pfsp is: an exploiter the learner has learnt to beat is seldom drawn
            rates = np.array([self.snapshots[e].score / self.snapshots[e].games for e in self.exploiters])
            weights = (1.0 - rates) ** 2 + 1e-3
            chosen = self.rng.choice(np.array(self.exploiters), size=n, p=weights / weights.sum())
            versus = (u >= self.p_latest) & (u < self.p_latest + self.p_exploiter)
            drawn = np.where(versus, chosen, drawn)
        return drawn

    # ----- per-match assignments -----------------------------------------------------------
    def reassign(self, which: np.ndarray) -> None:
        """Draw new opponents and learner seats for the matches in `which` (bool[M]) -- only
        call it for matches that have just ended and been reset, or at the very start."""
        n = int(which.sum())
        if n == 0:
            return
        self.opponent[which] = self._draw(n)
        self.learner_seat[which] = self.rng.integers(0, 2, n)
        if self.style.shape[1]:
            self.style[which] = self.rng.normal(0.0, self.style_bias, (n, self.style.shape[1]))
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

    def opponent_actions(self, obs: torch.Tensor, actions: torch.Tensor) -> None:
        """Overwrite, in place, the actions of the seats played by past snapshots: every snapshot
        in one batched pass (policy.PolicyStack)."""
        groups = self.opponent_groups()
        if not groups:
            return
        ids, stack = self._stacked()
        agents = np.concatenate(list(groups.values()))
        which = np.concatenate([np.full(len(a), ids.index(sid)) for sid, a in groups.items()])
        index = torch.as_tensor(agents, device=obs.device)
        bias = torch.as_tensor(self.style[agents // 2], device=obs.device) if self.style.shape[1] else None
        actions[index] = stack.act(obs[index], torch.as_tensor(which, device=obs.device), move_bias=bias)

    def _stacked(self) -> tuple[tuple[int, ...], PolicyStack]:
        """The snapshots' stack, rebuilt when the snapshots kept have changed."""
        ids = tuple(sorted(self.snapshots))
        if self._stack is None or self._stack[0] != ids:
            self._stack = (ids, PolicyStack([self.snapshots[sid].policy for sid in ids]))
        return self._stack

    def record_results(self, ended: np.ndarray, rewards: np.ndarray) -> None:
        """Credit the learner's results against snapshots (used by pfsp)."""
        for i in np.flatnonzero(ended & (self.opponent != SELF)):
            snap = self.snapshots[int(self.opponent[i])]
            r = rewards[2 * i + self.learner_seat[i]]
            snap.score += 1.0 if r > 0 else 0.5 if r == 0 else 0.0
            snap.games += 1.0

    # ----- checkpoints ---------------------------------------------------------------------
    def state_dict(self) -> dict:
        return dict(
            pool=list(self.pool),
            exploiters=list(self.exploiters),
            snapshots={sid: dict(policy=s.policy.state_dict(), score=s.score, games=s.games)
                       for sid, s in self.snapshots.items()},
            opponent=self.opponent.copy(),
            learner_seat=self.learner_seat.copy(),
            style=self.style.copy(),
        )

    def load_state_dict(self, state: dict, make_policy: Callable[[], MaskedActorCritic]) -> None:
        self.pool = list(state["pool"])
        self.exploiters = [int(e) for e in state.get("exploiters", [])]
        self.snapshots = {}
        self._stack = None
        for sid, s in state["snapshots"].items():
            policy = make_policy()
            policy.load_state_dict(s["policy"])
            self.snapshots[int(sid)] = Snapshot(int(sid), policy.eval().requires_grad_(False), s["score"], s["games"])
        self.opponent[:] = state["opponent"]
        self.learner_seat[:] = state["learner_seat"]
        if "style" in state:
            style = np.asarray(state["style"], dtype=np.float32)
            if style.shape != self.style.shape or not np.isfinite(style).all():
                raise ValueError(f"the checkpoint's self-play styles have shape {style.shape}, this run's {self.style.shape} "
                                 "(or are not finite)")
            self.style[:] = style
        named = set(self.pool) | set(self.exploiters) | (set(self.opponent.tolist()) - {SELF})
        if not named <= set(self.snapshots):
            raise ValueError("the checkpoint's self-play state names policies it does not hold: "
                             f"{sorted(named - set(self.snapshots))[:5]}")
