"""Evaluation: head-to-head matches with sides swapped, and Elo ratings.

``play`` runs n matches of policy A against policy B on a separate env: A is
P1 in even match slots and P2 in odd ones, each slot counts its first match
only.  Policies are plain callables ``policy(obs, masks) -> actions`` so the
learner, a frozen snapshot, the uniformly random legal policy and a scripted
baseline all plug in the same way; a policy with ``bind(env, agents)`` (the
search, :mod:`integration.train.policies`) is told its agents first.

Ratings are a Bradley-Terry (Elo-scale) fit of all head-to-head results so
far, anchored at random = 0, so they do not depend on the order games were
played in.  Each player gets a weak prior (one virtual win and one virtual
loss against a 0-rated player) so that a perfect record stays finite.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np
import torch

from .policy import PolicyFn


UNFINISHED = -128  # play_slots' outcome of a slot whose match did not end


@dataclass
class Result:
    wins: int = 0
    losses: int = 0
    draws: int = 0

    def __add__(self, other: "Result") -> "Result":
        return Result(self.wins + other.wins, self.losses + other.losses, self.draws + other.draws)

    @classmethod
    def of(cls, outcome: np.ndarray) -> "Result":
        """The tally of :func:`play_slots`' outcomes (unfinished slots left out)."""
        return cls(int((outcome == 1).sum()), int((outcome == -1).sum()), int((outcome == 0).sum()))

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float:
        return self.wins / max(self.games, 1)

    @property
    def score(self) -> float:
        """wins + draws / 2, per game"""
        return (self.wins + 0.5 * self.draws) / max(self.games, 1)


def play(env, spec, policy_a: PolicyFn, policy_b: PolicyFn, seed: int, device, max_turns: int = 100_000,
         progress: Optional[Callable[[float], None]] = None) -> Result:
    """Policy A against policy B over the env's num_envs matches, sides alternating per slot.
    ``progress``, when given, is called after every turn with the fraction of slots whose match
    has ended (a live display's phase progress)."""
    return Result.of(play_slots(env, spec, policy_a, policy_b, seed, device, max_turns, progress))


def play_slots(env, spec, policy_a: PolicyFn, policy_b: PolicyFn, seed: int, device, max_turns: int = 100_000,
               progress: Optional[Callable[[float], None]] = None) -> np.ndarray:
    """:func:`play`'s matches, slot by slot: int8[num_envs], A's result in each slot's first match
    (1 a win, -1 a loss, 0 a draw; ``UNFINISHED`` where it did not end within ``max_turns``).  A is
    P1 in the even slots and P2 in the odd ones."""
    m = env.num_agents // 2
    obs_np, _ = env.reset(seed=seed)
    a_agent = 2 * np.arange(m) + (np.arange(m) % 2)  # A is P1 in even slots, P2 in odd ones
    b_agent = 2 * np.arange(m) + 1 - (np.arange(m) % 2)
    a_idx, b_idx = torch.as_tensor(a_agent, device=device), torch.as_tensor(b_agent, device=device)
    for policy, agents in ((policy_a, a_agent), (policy_b, b_agent)):
        if hasattr(policy, "bind"):          # a policy that needs its agents' matches (the search)
            policy.bind(env, agents)
    done = np.zeros(m, dtype=bool)
    outcome = np.full(m, UNFINISHED, dtype=np.int8)
    for _ in range(max_turns):
        obs = torch.as_tensor(obs_np, device=device)
        masks = spec.decode_masks(obs)
        actions = torch.zeros((env.num_agents, len(spec.head_sizes)), dtype=torch.long, device=device)
        with torch.no_grad():
            actions[a_idx] = policy_a(obs[a_idx], tuple(x[a_idx] for x in masks))
            actions[b_idx] = policy_b(obs[b_idx], tuple(x[b_idx] for x in masks))
        obs_np, rewards, terminals, truncations, _ = env.step(actions.cpu().numpy().astype(np.int32))
        ended = (terminals | truncations)[a_agent] & ~done
        outcome[ended] = np.sign(rewards[a_agent][ended])
        done |= ended
        if progress is not None:
            progress(float(done.mean()))
        if done.all():
            break
    return outcome


class Ratings:
    """Head-to-head results between named players, and their Elo (Bradley-Terry) ratings."""

    def __init__(self, anchor: str = "random"):
        self.anchor = anchor
        self.results: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])  # [score, games]

    def add(self, a: str, b: str, result: Result) -> None:
        entry = self.results[(a, b)]
        entry[0] += result.wins + 0.5 * result.draws
        entry[1] += result.games

    def players(self) -> list[str]:
        return sorted({p for pair in self.results for p in pair})

    def elo(self, iterations: int = 500) -> dict[str, float]:
        players = self.players()
        if not players:
            return {}
        index = {p: i for i, p in enumerate(players)}
        n = len(players)
        wins = np.ones(n)  # the prior: one virtual win ...
        games = np.zeros((n, n))
        for (a, b), (score, count) in self.results.items():
            i, j = index[a], index[b]
            wins[i] += score
            wins[j] += count - score
            games[i, j] += count
            games[j, i] += count
        gamma = np.ones(n)
        for _ in range(iterations):  # Hunter's MM algorithm; the prior's opponent has gamma = 1
            denom = (games / (gamma[:, None] + gamma[None, :])).sum(1) + 2.0 / (gamma + 1.0)  # ... in two games
            gamma = wins / denom
        elo = 400.0 * np.log10(gamma)
        if self.anchor in index:
            elo -= elo[index[self.anchor]]
        return {p: float(elo[index[p]]) for p in players}

    def state_dict(self) -> dict:
        return dict(anchor=self.anchor, results={f"{a}\t{b}": v for (a, b), v in self.results.items()})

    def load_state_dict(self, state: dict) -> None:
        self.anchor = state["anchor"]
        self.results.clear()
        for key, v in state["results"].items():
            a, b = key.split("\t")
            self.results[(a, b)] = list(v)


def elo_to_win_prob(diff: float) -> float:
    return 1.0 / (1.0 + math.pow(10.0, -diff / 400.0))


def elo_difference(score: float) -> float | None:
    """The Elo difference a score implies against one fixed opponent: ``400 log10(s / (1 - s))``,
    the inverse of :func:`elo_to_win_prob` (the two-player Bradley-Terry fit, no prior: 3 wins in 4
    give +190.8).  None for a score of 0 or 1, which no finite difference explains."""
    if not 0.0 < score < 1.0:
        return None
    return 400.0 * math.log10(score / (1.0 - score))
