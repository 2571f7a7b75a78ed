"""Search distillation: the policy pulled toward the equilibrium of each turn's matrix game.

No game file is ported here.  Every turn both players choose at once, so a turn is a small
zero-sum matrix game, and the C engine's forward model fills its payoffs exactly.  Plain
self-play learns a best answer to the pool and commits to it; where the game's answer is a mix
(block or throw, attack or wait), a committed policy is what a best response beats.  This is
expert iteration with a one-turn search whose leaves are valued by the learner itself.

At one turn of every rollout (drawn uniformly from its ``horizon``) the :class:`SearchTeacher`
takes ``distill_matches`` of the training matches (drawn without replacement) and, for each:

1. gathers ``distill_k`` distinct candidate actions per side: the action that side plays at this
   turn first, then the behaviour policy's own samples (``distill_k`` draws), then, to fill up,
   legal moves with their data drawn uniformly as the panel offers them
   (:func:`search.draw_candidates`).  The policy's proposals make the target a reweighting of
   what the policy already plays (uniform candidates alone pulled a fresh policy toward a near-
   uniform mix over the whole menu: its entropy never fell, and it lost to the scripted
   baseline); the uniform fill keeps answers in view that the policy has stopped proposing
   (a block against a throw it always makes);
2. plays every pair of candidates one turn ahead on clones of the match
   (:meth:`search.SearchPolicy.evaluate_pairs`) and scores it from P1's side as the learner's
   return would: the turn's damage shaping, ``shaping_damage * (P1 hp - P2 hp) / 1500`` after it
   (the hp before it is the same for every pair, so it is left out), plus the match's outcome
   (+1 / -1 / 0) where it ended, else ``gamma`` times half the difference of the two sides'
   values under the behaviour policy's value head (the two heads' difference makes the game
   zero-sum, which the solver assumes);
3. solves the game for both sides' maximin strategies (:func:`search.solve_matrix_game`); a side
   with one candidate (a turn it does not choose) gives no target.

The update then adds ``distill_coef`` times :func:`distill_loss`, the cross-entropy between each
side's equilibrium and the policy restricted to that side's candidates (the policy's share among
actions the search did not draw is left alone), spread over the minibatches like the rollout's
own samples.  Targets come from the training env's own matches, so both seats of every match
teach, whichever policy played them.

Deterministic: the teacher's draws come from its own generators (seeded from the run's seed, kept
in checkpoints), and the value head is read without sampling.
"""
from __future__ import annotations

import numpy as np
import torch

from integration.env import obs as O

from .policy import NEG
from .search import MAX_HEALTH, SearchConfig, SearchPolicy, draw_candidates, solve_matrix_game

__all__ = ["SearchTeacher", "distill_loss", "allocate_targets"]


def distill_loss(logprob: torch.Tensor, target: torch.Tensor, valid: torch.Tensor) -> torch.Tensor:
    """Per-sample cross-entropy ``-sum_i target_i log q_i`` where ``q`` is ``softmax(logprob)`` over
    the sample's valid candidates (``logprob``, ``target``: [S, K]; ``valid``: bool [S, K], padding
    False; a target sums to 1 over the valid candidates).  Rows with fewer than two valid
    candidates have nothing to learn: their loss is 0."""
    q = torch.log_softmax(torch.where(valid, logprob, torch.full_like(logprob, NEG)), dim=-1)
    ce = -(torch.where(valid, target * q, torch.zeros_like(q))).sum(-1)
    return torch.where(valid.sum(-1) >= 2, ce, torch.zeros_like(ce))


def allocate_targets(buf, matches: int, k: int, spec, device: torch.device) -> None:
    """Give a rollout buffer room for one rollout's search targets (tensors of the buffer itself,
    so that sharing the buffer with the update process shares them): ``distill_obs`` [S, OBS],
    ``distill_actions`` [S, K, H] (candidates, zero padding), ``distill_target`` [S, K] (the
    equilibrium) and ``distill_valid`` bool [S, K]; S = 2 * matches (both sides of each match)."""
    s = 2 * matches
    buf.distill_obs = torch.zeros(s, spec.obs_size, device=device)
    buf.distill_actions = torch.zeros(s, k, spec.num_heads, dtype=torch.long, device=device)
    buf.distill_target = torch.zeros(s, k, device=device)
    buf.distill_valid = torch.zeros(s, k, dtype=torch.bool, device=device)


class _OneTurnSearch(SearchPolicy):
    """The search opponent's pair evaluation, with leaves scored by a value head and the damage
    shaping (the module docstring, step 2), always from P1's side."""

    def __init__(self, k: int, shaping: float, gamma: float):
        super().__init__(SearchConfig(k=k, turns=0, scripted=False), seed=0)
        self.shaping = float(shaping)
        self.gamma = float(gamma)

    def _score(self, n: int, side: np.ndarray) -> np.ndarray:
        from integration.env.env import R

        sc = self._scratch
        ended = np.frombuffer(sc.batch.halted(), dtype=np.uint8)[:n].astype(bool)
        with torch.no_grad():
            obs = torch.as_tensor(sc.obs[:n].reshape(2 * n, O.OBS_SIZE))
            v = self.value_net.value(obs).double().numpy().reshape(n, 2)
        winner = sc.results[:n, R["winner"]]
        outcome = np.where(winner == 1, 1.0, np.where(winner == 2, -1.0, 0.0))
        damage = self.shaping * (sc.hp[:n, 0] - sc.hp[:n, 1]) / MAX_HEALTH
        return damage + np.where(ended, outcome, self.gamma * 0.5 * (v[:, 0] - v[:, 1]))


class SearchTeacher:
    """Fills a rollout's search targets at one of its turns (the module docstring)."""

    def __init__(self, env, matches: int, k: int, shaping: float, gamma: float, seed: int):
        if getattr(env, "backend_name", None) != "c":
            raise ValueError("search distillation clones the training matches on the C engine: it needs the "
                             "real game (env yomi) on the C backend in this process (vec_backend native)")
        if not 1 <= matches <= env.num_envs:
            raise ValueError(f"distill_matches must be at most num_envs ({env.num_envs}), got {matches}")
        self.env = env
        self.matches = int(matches)
        self.k = int(k)
        self.search = _OneTurnSearch(k, shaping, gamma).bind(env, np.arange(env.num_agents))
        self.rng = np.random.default_rng(seed)
        self.gen = torch.Generator().manual_seed(seed)  # the policy's proposals

    def turn(self, horizon: int) -> int:
        """The turn of the next rollout at which the teacher searches."""
        return int(self.rng.integers(horizon))

    def games(self, slots: np.ndarray, actions: np.ndarray, value_net) -> list:
        """The matrix game of each match slot of the env as it is now, whose agents are about to
        play ``actions`` ([2 * num_envs, H]): ``(P1's candidates, P2's candidates, payoff)`` with
        ``payoff`` P1's score of every pair (the module docstring, steps 1 and 2); None for a match
        where neither side has a choice."""
        obs = self.env.observations
        rows = np.stack([2 * slots, 2 * slots + 1], 1).reshape(-1)
        proposals = self._proposals(obs[rows], value_net).reshape(len(slots), 2, self.k, -1)
        out, jobs = [], []
        for i, slot in enumerate(slots):
            cands = [self._candidates(obs[2 * slot + side], actions[2 * slot + side], proposals[i, side])
                     for side in (0, 1)]
            out.append([cands[0], cands[1], None])
            if len(cands[0]) > 1 or len(cands[1]) > 1:
                jobs.append((int(slot), 0, cands[0], cands[1]))
        if jobs:
            self.search.value_net = value_net
            try:
                payoffs = iter(self.search.evaluate_pairs(jobs))
            finally:
                self.search.value_net = None
            for game in out:
                if len(game[0]) > 1 or len(game[1]) > 1:
                    game[2] = next(payoffs)
        return [tuple(g) for g in out]

    def _proposals(self, obs: np.ndarray, policy) -> np.ndarray:
        """``k`` samples of ``policy`` for each row of ``obs``: int [rows, k, H]."""
        with torch.no_grad():
            rep = torch.as_tensor(obs).repeat_interleave(self.k, 0)
            return policy.act(rep, self.gen).actions.numpy().reshape(len(obs), self.k, -1)

    def _candidates(self, obs_row: np.ndarray, played: np.ndarray, proposed: np.ndarray) -> np.ndarray:
        """Up to ``k`` distinct actions: ``played``, then the proposals, then uniform draws."""
        tail = obs_row[O.FEATURE_SIZE:]
        uniform = draw_candidates(tail, self.k, self.rng)
        both = np.concatenate([np.asarray(played, dtype=np.int64).reshape(1, -1), proposed, uniform]).astype(np.int32)
        _, idx = np.unique(both, axis=0, return_index=True)
        return both[np.sort(idx)][:self.k]

    def fill(self, buf, actions: np.ndarray, value_net) -> None:
        """Search ``matches`` matches of the env (drawn by the teacher), whose agents are about to
        play ``actions``, and write both sides' targets into the rollout buffer ``buf``
        (:func:`allocate_targets`); a side with one candidate is left invalid (no target)."""
        obs = self.env.observations
        slots = np.sort(self.rng.choice(self.env.num_envs, self.matches, replace=False))
        buf.distill_valid.zero_()
        buf.distill_target.zero_()
        buf.distill_actions.zero_()
        for i, (slot, (p1, p2, payoff)) in enumerate(zip(slots, self.games(slots, actions, value_net))):
            for side, cands in ((0, p1), (1, p2)):
                row = 2 * i + side
                buf.distill_obs[row] = torch.as_tensor(obs[2 * slot + side])
                buf.distill_actions[row, :len(cands)] = torch.as_tensor(cands, dtype=torch.long)
                if len(cands) < 2:
                    continue
                x, _ = solve_matrix_game(payoff if side == 0 else -payoff.T)
                buf.distill_target[row, :len(cands)] = torch.as_tensor(x, dtype=torch.float32)
                buf.distill_valid[row, :len(cands)] = True

    def state_dict(self) -> dict:
        return {"rng": self.rng.bit_generator.state, "gen": self.gen.get_state()}

    def load_state_dict(self, state: dict) -> None:
        gen = state["gen"]
        if not isinstance(gen, torch.Tensor) or gen.dtype != torch.uint8 or gen.shape != self.gen.get_state().shape:
            raise ValueError("the teacher's generator state is not a torch generator's")
        self.rng.bit_generator.state = state["rng"]
        self.gen.set_state(gen)
