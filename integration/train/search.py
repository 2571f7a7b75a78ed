"""A per-turn search opponent on the C engine's forward model (no game file is ported here).

Every turn of the game is a simultaneous decision, and the C engine clones a match by copying it,
so a policy can look ahead exactly.  At each decision :class:`SearchPolicy`:

1. draws up to ``k`` candidate actions for each side from its legal menu (the observation's masks):
   distinct moves first, each with its data drawn the way the panel offers it (every head the move
   uses, directions, plots, sliders, options and the character's extras, uniform over its legal
   values), and, with ``scripted=1``, the scripted baseline's choice (:mod:`integration.env.baselines`);
   with ``prior=PATH``, the candidates are instead the distinct actions among ``2k`` samples of
   that checkpoint's policy for the side (so the moves it plays most are the likeliest candidates),
   and ``uniform`` more drawn from the legal menu as without a prior;
2. copies the match into one scratch ``EnvBatch`` slot per pair of candidates (``clone_from``, one
   C call for every pair of every match the call decides), steps every pair to the next decision
   in one C call, then ``turns`` more turns with a cheap rollout policy (``scripted``, ``random``
   or a checkpoint), batched over all pairs;
3. scores each pair from the searching side: +1 / -1 / 0 where the match ended (the game's
   outcome; a match cut short by an engine error is adjudicated by hp, as the env does), else the
   hp difference over a full health bar (``(own hp - opponent hp) / 1500``), or with ``value=PATH``
   that checkpoint's value head plus the margin on the board: a head trained under the trainer's
   damage shaping ``c`` predicts only the return still to come (the margin still to be gained, times
   ``c``, and the outcome), so the score is ``c * (own hp - opponent hp) / 1500`` plus its prediction,
   and an ended pair's ``c`` times that margin plus the outcome (``c`` read from the checkpoint's
   config; 0 where it has none);
4. solves the resulting zero-sum matrix game for a mixed strategy (a linear program,
   :func:`solve_matrix_game`) and samples its action from it.

Names (:mod:`integration.train.policies`): ``search`` (the default budget), ``search:k=16,turns=3``,
``search:k=8,turns=2,rollout=random,value=runs/x/checkpoints/latest.safetensors``.  Options:

====================  ============================================================================
``k``                 candidates per side (1..64; default :data:`DEFAULT_K`)
``turns``             rollout turns after the first (0..50; default :data:`DEFAULT_TURNS`)
``rollout``           ``scripted`` (default), ``random`` or a checkpoint path
``value``             a checkpoint whose value head scores the pairs that did not end
``scripted``          1 (default): the scripted baseline's choice is a candidate of each side; 0: not
``prior``             a checkpoint whose policy proposes the candidates (step 1)
``uniform``           with a prior: this many more candidates per side drawn as without one (0..64)
``agent``             a checkpoint as prior, rollout and value at once, ``scripted`` 0 and
                      ``uniform`` 3 unless given: the trained agent played with search
====================  ============================================================================

The default budget decides in at most 50 ms per decision on one core (docs/EVALUATION.md,
"Search opponent", has the measured median and 95th percentile).

Context: the policy answers for given agents of a C-backed :class:`integration.env.YomiEnv`:
``policy.bind(env, agents)`` first (``integration.train.evaluate.play`` and ``yomi play`` do
it), then ``policy(obs, masks)`` with ``obs`` the rows of those agents, in that order.  Seeded:
given the same seed, the same match is played twice.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from integration.env import action_layout as AL
from integration.env import obs as O

__all__ = ["SearchConfig", "SearchPolicy", "SearchError", "solve_matrix_game", "exploitability",
           "DEFAULT_K", "DEFAULT_TURNS", "AGENT_UNIFORM"]

DEFAULT_K = 6
DEFAULT_TURNS = 2
MAX_HEALTH = 1500
MAX_K = 64
MAX_TURNS = 50
# Matches cloned at once (a match is about 341 KB: 2400 take about 0.8 GB).  A call whose pairs
# exceed it is simulated in chunks of whole rows; 64 matches at the default budget fit in one.
MAX_CLONES = 2400
# A prior policy's samples per candidate wanted: k distinct actions come from up to 2k draws.
PRIOR_DRAWS = 2
# Candidates agent= adds to the network's from the whole legal menu unless uniform= says otherwise:
# with none, an opponent's habit the network never plays goes unanswered (a rushdown best response
# beat such a search 0.95; with 3 more a side, 0.38: docs/experiments/2026-12-training-runs.md,
# "The run's agent with search").
AGENT_UNIFORM = 3


class SearchError(RuntimeError):
    """The search cannot answer (no bound env, a Python-backed env, rows that are not the bound agents')."""


@dataclass(frozen=True)
class SearchConfig:
    """The search's budget and parts (see the module docstring)."""

    k: int = DEFAULT_K
    turns: int = DEFAULT_TURNS
    rollout: str = "scripted"
    value: Optional[str] = None
    scripted: bool = True
    prior: Optional[str] = None
    uniform: int = 0

    def __post_init__(self):
        if not 1 <= int(self.k) <= MAX_K:
            raise ValueError(f"k must be in 1..{MAX_K}, got {self.k}")
        if not 0 <= int(self.turns) <= MAX_TURNS:
            raise ValueError(f"turns must be in 0..{MAX_TURNS}, got {self.turns}")
        if not 0 <= int(self.uniform) <= MAX_K:
            raise ValueError(f"uniform must be in 0..{MAX_K}, got {self.uniform}")
        if self.uniform and not self.prior:
            raise ValueError("uniform adds candidates to a prior's: it needs prior= or agent=")

    def name(self) -> str:
        parts = [f"k={self.k}", f"turns={self.turns}"]
        if self.prior and self.prior == self.rollout == self.value and not self.scripted:  # agent= (its default uniform)
            wide = [f"uniform={self.uniform}"] if self.uniform != AGENT_UNIFORM else []
            return "search:" + ",".join(parts + wide + [f"agent={self.prior}"])
        parts += [f"uniform={self.uniform}"] if self.uniform else []
        if self.rollout != "scripted":
            parts.append(f"rollout={self.rollout}")
        if self.value:
            parts.append(f"value={self.value}")
        if not self.scripted:
            parts.append("scripted=0")
        if self.prior:
            parts.append(f"prior={self.prior}")
        return "search:" + ",".join(parts)


# ------------------------------------------------------------------------------------------------
# the matrix game
# ------------------------------------------------------------------------------------------------
def solve_matrix_game(payoff) -> tuple[np.ndarray, float]:
    """The row player's maximin mixed strategy of a zero-sum game and the game's value.

    ``payoff[i, j]``: what the row player gets when it plays ``i`` and the column player ``j``
    (the column player gets its negative).  Solved as the linear program: maximise ``v`` subject
    to ``sum_i x_i payoff[i, j] >= v`` for every column ``j``, ``sum x = 1``, ``x >= 0``
    (scipy's HiGHS).  The column player's strategy is ``solve_matrix_game(-payoff.T)``."""
    from scipy.optimize import linprog

    a = np.asarray(payoff, dtype=np.float64)
    if a.ndim != 2 or a.size == 0:
        raise ValueError(f"a payoff matrix is 2-D and not empty, got shape {a.shape}")
    m, n = a.shape
    lower = a.min(axis=1)                                   # a pure saddle point needs no LP
    i = int(lower.argmax())
    if lower[i] >= a.max(axis=0).min():
        x = np.zeros(m)
        x[i] = 1.0
        return x, float(lower[i])
    # variables [x_1..x_m, v]; linprog minimises, so the objective is -v
    c = np.zeros(m + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-a.T, np.ones((n, 1))])            # v - sum_i x_i a_ij <= 0
    a_eq = np.ones((1, m + 1))
    a_eq[0, -1] = 0.0
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(n), A_eq=a_eq, b_eq=[1.0],
                  bounds=[(0, None)] * m + [(None, None)], method="highs",
                  options={"presolve": False})
    if res.status != 0:                                     # cannot happen for a finite matrix
        raise RuntimeError(f"matrix game: the LP solver failed ({res.message})")
    x = np.clip(res.x[:m], 0.0, None)
    return x / x.sum(), float(res.x[-1])


def exploitability(payoff, x, y) -> float:
    """How much the two strategies leave to best responses: ``max_i (A y)_i - min_j (x A)_j``
    (zero exactly at an equilibrium)."""
    a = np.asarray(payoff, dtype=np.float64)
    return float((a @ np.asarray(y)).max() - (np.asarray(x) @ a).min())


# ------------------------------------------------------------------------------------------------
# candidates
# ------------------------------------------------------------------------------------------------
def _bank(tail: np.ndarray) -> np.ndarray:
    return np.concatenate([[False, True], tail[1 + AL.K1:] > 0.5])


def draw_candidates(tail: np.ndarray, k: int, rng: np.random.Generator,
                    first: Optional[np.ndarray] = None) -> np.ndarray:
    """Up to ``k`` distinct legal actions (``int32[<=k, N_HEADS]``) from one agent's packed masks.

    Distinct moves first (uniform, without replacement); when the menu has fewer than ``k`` moves,
    further draws of its moves with other data.  Each used head is uniform over its legal values
    given the move, as the panel offers them; heads the move does not use are 0.  ``first`` (a
    legal action) leads the list when given."""
    char = int(np.clip(np.rint(tail[0]), 0, AL.N_CHARS - 1))
    legal = np.nonzero(tail[1:1 + AL.K1] > 0.5)[0]
    if len(legal) == 0:
        raise SearchError("an agent with no legal move")
    moves = rng.permutation(legal)[:k]
    if len(moves) < k:
        moves = np.concatenate([moves, rng.choice(legal, k - len(moves))])
    bank = _bank(tail)
    data = bank[AL.GATHER_INDEX[char, moves]]                                  # [k, D]
    score = np.where(data, rng.random(data.shape), -1.0)
    out = np.zeros((len(moves), AL.N_HEADS), dtype=np.int32)
    out[:, 0] = moves
    for h, (off, size) in enumerate(zip(AL.DATA_OFFSETS, AL.DATA_SIZES)):
        out[:, h + 1] = np.argmax(score[:, off:off + size], axis=1)
    out *= AL.HEAD_USED[moves].astype(np.int32)
    if first is not None:
        out = np.concatenate([np.asarray(first, dtype=np.int32).reshape(1, AL.N_HEADS), out])
    _, idx = np.unique(out, axis=0, return_index=True)
    return out[np.sort(idx)][:k]


def _distinct(draws: np.ndarray, k: int, first: Optional[np.ndarray] = None) -> np.ndarray:
    """Up to ``k`` distinct actions of ``draws`` (``int32[n, N_HEADS]``, a prior policy's samples),
    in the order they were first drawn, ``first`` (a legal action) leading when given: the moves
    the policy plays most often are the likeliest to be among them."""
    if first is not None:
        draws = np.concatenate([np.asarray(first, dtype=np.int32).reshape(1, AL.N_HEADS), draws])
    _, idx = np.unique(draws, axis=0, return_index=True)
    return draws[np.sort(idx)][:k]


# ------------------------------------------------------------------------------------------------
# the policy
# ------------------------------------------------------------------------------------------------
class _Scratch:
    """A C ``EnvBatch`` (autoreset off) with its bound arrays, grown on demand."""

    def __init__(self, settings: Optional[dict]):
        self.settings = settings
        self.n = 0
        self.batch = None

    def ensure(self, n: int) -> None:
        if n <= self.n:
            return
        from integration.engine import _native
        from integration.env.backends import bound_env_batch

        native = _native()
        n = max(n, 2 * self.n)
        self.batch, buffers = bound_env_batch(native, n, self.settings, autoreset=False)
        vars(self).update(buffers)
        self.n = n
        self.zeros = np.zeros(n, dtype=np.int64)

    def step(self, actions: np.ndarray) -> None:
        status, slot, agent, code = self.batch.step(np.ascontiguousarray(actions, dtype=np.int32).reshape(-1),
                                                    self.zeros, self.zeros, self.zeros)
        if status:
            from integration.engine import EngineError

            raise EngineError(f"search: a cloned match refused an action (status {status}, slot {slot}, "
                              f"P{agent + 1}, code {code})")


class SearchPolicy:
    """The search opponent as a batched policy ``policy(obs, masks) -> actions`` (module docstring).

    ``seed`` (or ``generator``, a torch.Generator whose initial seed is used) decides every draw:
    candidates, rollouts and the sampled action."""

    def __init__(self, config: SearchConfig = SearchConfig(), seed: Optional[int] = None, generator=None,
                 rollout_policy: Optional[Callable] = None, value_net=None, value_shaping: float = 0.0,
                 prior_policy: Optional[Callable] = None):
        import torch

        self.config = config
        if seed is None:
            seed = int(generator.initial_seed()) if generator is not None else 0
        self.seed = int(seed)
        self.rng = np.random.default_rng(self.seed)
        self.gen = torch.Generator().manual_seed(self.seed)
        self.rollout_policy = rollout_policy
        self.prior_policy = prior_policy
        self.value_net = value_net
        self.value_shaping = float(value_shaping)
        self.name = config.name()
        self.env = None
        self.agents: Optional[np.ndarray] = None
        self._scratch: Optional[_Scratch] = None
        # wall and CPU time of each decision (a call of B rows counts B decisions of a B-th of its time)
        self.decision_seconds: list[float] = []
        self.decision_cpu_seconds: list[float] = []

    # ---- context ----------------------------------------------------------------------------
    def bind(self, env, agents) -> "SearchPolicy":
        """Answer for ``agents`` (agent indices of ``env``, a C-backed YomiEnv) from now on."""
        if getattr(env, "backend_name", None) != "c":
            raise SearchError("the search opponent clones matches on the C engine: it needs a YomiEnv with "
                              "backend='c' (yomi play runs a C twin of its Python-engine match)")
        self.env = env
        self.agents = np.asarray(agents, dtype=np.int64).reshape(-1)
        if self._scratch is None or self._scratch.settings != env.settings:
            self._scratch = _Scratch(env.settings)
        return self

    # ---- one call ---------------------------------------------------------------------------
    def __call__(self, obs, masks=None):
        import torch

        is_torch = isinstance(obs, torch.Tensor)
        rows = obs.detach().cpu().numpy() if is_torch else np.asarray(obs)
        if self.env is None:
            raise SearchError("the search opponent is not bound to an env: call policy.bind(env, agents) first")
        if rows.shape != (len(self.agents), O.OBS_SIZE) or not np.array_equal(rows, self.env.observations[self.agents]):
            raise SearchError("the search opponent was called with observations that are not those of its bound "
                              "agents (bind(env, agents) with the agents of these rows, in order)")
        t0, c0 = time.perf_counter(), time.thread_time()
        actions = self.decide(self.agents)
        dt, dc = time.perf_counter() - t0, time.thread_time() - c0
        k = max(len(self.agents), 1)
        self.decision_seconds.extend([dt / k] * k)
        self.decision_cpu_seconds.extend([dc / k] * k)
        out = torch.as_tensor(actions, dtype=torch.long)
        return out.to(obs.device) if is_torch else actions.astype(np.int64)

    def decide(self, agents: np.ndarray) -> np.ndarray:
        """``int32[len(agents), N_HEADS]``: the search's action for each agent of the bound env."""
        cfg = self.config
        env_obs = self.env.observations
        slots = agents // 2
        sides = agents % 2
        mine_obs = env_obs[agents]
        opp_obs = env_obs[2 * slots + 1 - sides]
        first_mine = first_opp = None
        if cfg.scripted:
            from integration.env.baselines import scripted_policy

            both = scripted_policy(np.concatenate([mine_obs, opp_obs]), None, self.gen)
            first_mine, first_opp = both[:len(agents)], both[len(agents):]
        out = np.zeros((len(agents), AL.N_HEADS), dtype=np.int32)
        proposed = None if self.prior_policy is None else self._proposals(np.concatenate([mine_obs, opp_obs]))
        jobs = []          # (row, my candidates, opponent's candidates)
        for r in range(len(agents)):
            if proposed is None:
                mine = draw_candidates(mine_obs[r, O.FEATURE_SIZE:], cfg.k, self.rng,
                                       None if first_mine is None else first_mine[r])
            else:
                mine = self._widened(proposed[r], mine_obs[r], None if first_mine is None else first_mine[r])
            if len(mine) == 1:
                out[r] = mine[0]
                continue
            if proposed is None:
                theirs = draw_candidates(opp_obs[r, O.FEATURE_SIZE:], cfg.k, self.rng,
                                         None if first_opp is None else first_opp[r])
            else:
                theirs = self._widened(proposed[len(agents) + r], opp_obs[r], None if first_opp is None else first_opp[r])
            jobs.append((r, mine, theirs))
        if not jobs:
            return out
        scores, chunk, size = [], [], 0
        for r, m, t in jobs:
            if chunk and size + len(m) * len(t) > MAX_CLONES:
                scores += self.evaluate_pairs(chunk)
                chunk, size = [], 0
            chunk.append((int(slots[r]), int(sides[r]), m, t))
            size += len(m) * len(t)
        scores += self.evaluate_pairs(chunk)
        for (r, mine, theirs), a in zip(jobs, scores):
            x, _ = solve_matrix_game(a)
            out[r] = mine[self.rng.choice(len(mine), p=x)]
        return out

    def evaluate_pairs(self, jobs: list) -> list:
        """Scores of every candidate pair: ``jobs`` is a list of ``(slot, side, mine[km], theirs[ko])``
        of the bound env; returns one ``float64[km, ko]`` per job, from ``side``'s point of view."""
        cfg = self.config
        sizes = [len(m) * len(t) for _, _, m, t in jobs]
        n = sum(sizes)
        sc = self._scratch
        sc.ensure(n)
        src = np.full(sc.n, -1, dtype=np.int64)
        acts = np.zeros((sc.n, 2, AL.N_HEADS), dtype=np.int32)
        side_of = np.zeros(sc.n, dtype=np.int64)
        at = 0
        for (slot, side, mine, theirs), size in zip(jobs, sizes):
            src[at:at + size] = slot
            side_of[at:at + size] = side
            acts[at:at + size, side] = np.repeat(mine, len(theirs), axis=0)
            acts[at:at + size, 1 - side] = np.tile(theirs, (len(mine), 1))
            at += size
        self.clone(src)
        sc.step(acts)
        for _ in range(cfg.turns):
            if bool(np.frombuffer(sc.batch.halted(), dtype=np.uint8)[:n].all()):
                break
            sc.step(self._rollout_actions(sc.obs.reshape(-1, O.OBS_SIZE)).reshape(sc.n, 2, AL.N_HEADS))
        value = self._score(n, side_of[:n])
        out, at = [], 0
        for (_, _, mine, theirs), size in zip(jobs, sizes):
            out.append(value[at:at + size].reshape(len(mine), len(theirs)))
            at += size
        return out

    def _proposals(self, obs: np.ndarray) -> np.ndarray:
        """``int32[len(obs), PRIOR_DRAWS * k, N_HEADS]``: the prior policy's sampled actions for each
        row, drawn in one batch (its distinct ones, in order of first draw, become the candidates)."""
        import torch

        draws = PRIOR_DRAWS * self.config.k
        a = self.prior_policy(torch.as_tensor(np.repeat(obs, draws, axis=0)), None)
        a = a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)
        return a.astype(np.int32).reshape(len(obs), draws, AL.N_HEADS)

    def _widened(self, draws: np.ndarray, obs: np.ndarray, first: Optional[np.ndarray]) -> np.ndarray:
        """Up to ``k`` distinct actions of the prior's ``draws`` (``first`` leading when given), then
        up to ``uniform`` more drawn from the legal menu as without a prior: moves the prior
        rarely plays, such as the counter to an opponent's habit, are weighed too."""
        ours = _distinct(draws, self.config.k, first)
        if not self.config.uniform:
            return ours
        wide = draw_candidates(obs[O.FEATURE_SIZE:], self.config.uniform, self.rng)
        return _distinct(np.concatenate([ours, wide]), len(ours) + self.config.uniform)

    def clone(self, src: np.ndarray) -> None:
        """Scratch slot ``i`` becomes a copy of the bound env's slot ``src[i]``; ``src[i] = -1``: idle
        (halted: the steps skip it)."""
        self._scratch.batch.clone_from(self.env.backend.batch, np.ascontiguousarray(src, dtype=np.int64))

    def _rollout_actions(self, obs: np.ndarray) -> np.ndarray:
        if self.rollout_policy is not None:
            import torch

            a = self.rollout_policy(torch.as_tensor(obs), None)
            return a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)
        from integration.env.baselines import random_policy, scripted_policy

        fn = random_policy if self.config.rollout == "random" else scripted_policy
        return fn(obs, None, self.gen)

    def _score(self, n: int, side: np.ndarray) -> np.ndarray:
        """float64[n]: each scratch slot's score from its searching side (see the module docstring)."""
        from integration.env.env import R

        sc = self._scratch
        ended = np.frombuffer(sc.batch.halted(), dtype=np.uint8)[:n].astype(bool)
        rows = np.arange(n)
        if self.value_net is not None:
            import torch

            with torch.no_grad():
                obs = torch.as_tensor(sc.obs[rows, side])
                future = self.value_net.value(obs).double().numpy()
            if not np.isfinite(future).all():  # finite weights can still overflow: no matrix game to solve
                raise SearchError(f"the value checkpoint {self.config.value} gives a non-finite value")
            # The value head predicts the return still to come: with the trainer's damage shaping
            # that is the hp margin still to be gained plus the outcome, so the margin already on
            # the board (the same shaping's share of it) is added, ended pairs included.
            margin = self.value_shaping * (sc.hp[rows, side] - sc.hp[rows, 1 - side]) / MAX_HEALTH
            heuristic = margin + future
        else:
            margin = 0.0
            heuristic = (sc.hp[rows, side] - sc.hp[rows, 1 - side]) / MAX_HEALTH
        winner = sc.results[:n, R["winner"]]
        outcome = np.where(winner == side + 1, 1.0, np.where(winner == 2 - side, -1.0, 0.0))
        return np.where(ended, margin + outcome, heuristic)
