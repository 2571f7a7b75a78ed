"""Single-agent (Gymnasium) and two-agent (PettingZoo-style parallel) views of one YomiEnv match.

* :class:`YomiGymEnv`: a ``gymnasium.Env``; the agent plays one seat, the other seat is played by
  a given policy (``"random"``, ``"scripted"``, or any ``policy(obs, masks) -> actions`` callable,
  such as a trainer checkpoint loaded by :func:`integration.train.policies.make_policy`).
* :class:`YomiParallelEnv`: the plain API of ``pettingzoo.ParallelEnv`` (``possible_agents``,
  ``agents``, ``observation_space(agent)``, ``action_space(agent)``, ``reset(seed, options) ->
  (observations, infos)``, ``step(actions) -> (observations, rewards, terminations, truncations,
  infos)``, all keyed by agent name), without needing pettingzoo installed.

Both hold a ``YomiEnv(num_envs=1)``.  Unlike the native env they follow the Gymnasium /
PettingZoo episode convention: when the match ends, ``step`` returns ``terminated`` (or
``truncated``) and the caller calls ``reset()``.  The observation returned with the final step
is the one the native env wrote, i.e. already the *next* match's first decision (there is no
decision at the end of a match); it must not be used for bootstrapping (the episode terminated).
``reset()`` right after a finished match keeps that already started match (it was drawn from the
env's seeded RNG), so a seeded run stays reproducible; ``reset(seed=...)`` restarts from the seed.

Masks: ``info["move_mask"]`` (bool[K1]) and ``info["data_mask"]`` (bool[K1, D]) of the agent's
next decision, also decodable from the observation's tail (:func:`integration.env.action_layout.decode_masks`).
"""
from __future__ import annotations

from typing import Any, Callable, Optional

import gymnasium
import numpy as np

from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.checks import check_actions
from integration.env.env import YomiEnv, check_action_obs


# ------------------------------------------------------------------------------------------------
# policies by name
# ------------------------------------------------------------------------------------------------
def make_policy(spec: Any, generator=None) -> Callable:
    """``"random"``, ``"scripted"`` or a callable ``policy(obs, masks) -> actions``: a PolicyFn
    (torch in, torch out).  A trainer checkpoint is loaded by the trainer's
    :func:`integration.train.policies.make_policy` (the environment does not depend on the
    trainer), which accepts everything this does plus a checkpoint path."""
    if callable(spec):
        return spec
    if not isinstance(spec, str):
        raise TypeError(f"a policy is a name or a callable, got {spec!r}")
    from integration.env import baselines

    if spec == "random":
        return lambda obs, masks: baselines.random_policy(obs, masks, generator)
    if spec == "scripted":
        return lambda obs, masks: baselines.scripted_policy(obs, masks, generator)
    raise ValueError(f"unknown policy {spec!r}: random, scripted or a callable (a checkpoint: "
                     "integration.train.policies.make_policy(path))")


def _act(policy: Callable, obs_row: np.ndarray) -> np.ndarray:
    """One agent's action from a PolicyFn (torch in, torch out) or a numpy one."""
    import torch

    o = torch.as_tensor(obs_row[None, :].copy())
    masks = tuple(torch.as_tensor(m) for m in AL.decode_masks(obs_row[None, O.FEATURE_SIZE:]))
    a = policy(o, masks)
    a = a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)
    return a.reshape(-1)[:AL.N_HEADS].astype(np.int32)


def _mask_info(obs_row: np.ndarray) -> dict:
    move, data = AL.decode_masks(obs_row[O.FEATURE_SIZE:])
    return {"move_mask": move, "data_mask": data}


# ------------------------------------------------------------------------------------------------
# Gymnasium single agent
# ------------------------------------------------------------------------------------------------
class YomiGymEnv(gymnasium.Env):
    """One seat of a match against a fixed opponent policy (Gymnasium API)."""

    metadata = {"render_modes": []}

    def __init__(self, opponent: Any = "random", seat: Any = 1, p1="ninja", p2="ninja", seed: Optional[int] = 0,
                 **env_kwargs):
        if seat not in (1, 2, "random"):
            raise ValueError("seat must be 1, 2 or 'random'")
        import torch

        self.env = YomiEnv(num_envs=1, seed=seed, p1=p1, p2=p2, **env_kwargs)
        self._gen = torch.Generator()             # the opponent's randomness, reseeded by reset(seed)
        self._gen.manual_seed(0 if seed is None else int(seed))
        self.opponent = make_policy(opponent, self._gen)
        self.seat_choice = seat
        self.seat = 1 if seat == "random" else seat
        self._seat_rng = np.random.default_rng(seed)
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (O.OBS_SIZE,), dtype=np.float32)
        self.action_space = gymnasium.spaces.MultiDiscrete(AL.HEAD_SIZES)
        self.action_spec = self.env.action_spec
        self._fresh = False      # a new match is already started (after a terminal step)
        self._started = False

    @property
    def _me(self) -> int:
        return self.seat - 1

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        if seed is not None:
            self._seat_rng = np.random.default_rng(seed)
            self._gen.manual_seed(int(seed))
        if seed is not None or not self._fresh or not self._started:
            self.env.reset(seed=seed)
            self._started = True
        if self.seat_choice == "random":
            self.seat = int(self._seat_rng.integers(1, 3))
        self._fresh = False
        row = self.env.observations[self._me]
        return row.copy(), dict(_mask_info(row), seat=self.seat)

    def step(self, action):
        if not self._started:
            raise RuntimeError("call reset() before step()")
        acts = np.zeros((2, AL.N_HEADS), dtype=np.int32)
        acts[self._me] = check_actions(action, (AL.N_HEADS,))
        why = check_action_obs(self.env.observations[self._me], acts[self._me])
        if hasattr(self.opponent, "bind"):   # a search opponent clones the opponent seat's match
            self.opponent.bind(self.env, [1 - self._me])
        acts[1 - self._me] = _act(self.opponent, self.env.observations[1 - self._me])
        _, rew, term, trunc, infos = self.env.step(acts)
        me = self._me
        row = self.env.observations[me]
        info = dict(_mask_info(row), seat=self.seat)
        if infos:
            info["episode"] = infos[-1]
        if why is not None:
            info["illegal"] = why        # the action was replaced by Hold (illegal="record")
        done = bool(term[me]) or bool(trunc[me])
        self._fresh = done
        return row.copy(), float(rew[me]), bool(term[me]), bool(trunc[me]), info

    def action_masks(self):
        """(move_mask, data_mask) of the agent's next decision."""
        m = _mask_info(self.env.observations[self._me])
        return m["move_mask"], m["data_mask"]

    def close(self):
        self.env.close()


# ------------------------------------------------------------------------------------------------
# PettingZoo-style parallel
# ------------------------------------------------------------------------------------------------
class YomiParallelEnv:
    """Both seats of one match, the ``pettingzoo.ParallelEnv`` API (agents ``player_1``, ``player_2``)."""

    metadata = {"render_modes": [], "name": "yomi_v0", "is_parallelizable": True}
    possible_agents = ["player_1", "player_2"]

    def __init__(self, p1="ninja", p2="ninja", seed: Optional[int] = 0, **env_kwargs):
        self.env = YomiEnv(num_envs=1, seed=seed, p1=p1, p2=p2, **env_kwargs)
        self.agents: list = []
        self._obs_space = gymnasium.spaces.Box(-np.inf, np.inf, (O.OBS_SIZE,), dtype=np.float32)
        self._act_space = gymnasium.spaces.MultiDiscrete(AL.HEAD_SIZES)
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self.action_spec = self.env.action_spec
        self._fresh = False
        self._started = False

    @property
    def num_agents(self) -> int:
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        return len(self.possible_agents)

    def observation_space(self, agent: str):
        return self.observation_spaces[agent]

    def action_space(self, agent: str):
        return self.action_spaces[agent]

    def _obs(self) -> dict:
        return {a: self.env.observations[k].copy() for k, a in enumerate(self.possible_agents)}

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None or not self._fresh or not self._started:
            self.env.reset(seed=seed)
            self._started = True
        self._fresh = False
        self.agents = list(self.possible_agents)
        obs = self._obs()
        return obs, {a: _mask_info(obs[a]) for a in self.agents}

    def step(self, actions: dict):
        if not self.agents:
            raise RuntimeError("the match is over (or not started): call reset()")
        missing = [a for a in self.agents if a not in actions]
        if missing:
            raise KeyError(f"no action for {missing}")
        acts = np.stack([check_actions(actions[a], (AL.N_HEADS,)) for a in self.possible_agents])
        _, rew, term, trunc, infos = self.env.step(acts)
        obs = self._obs()
        names = self.possible_agents
        rewards = {a: float(rew[k]) for k, a in enumerate(names)}
        terminations = {a: bool(term[k]) for k, a in enumerate(names)}
        truncations = {a: bool(trunc[k]) for k, a in enumerate(names)}
        info = {a: _mask_info(obs[a]) for a in names}
        if infos:
            for a in names:
                info[a]["episode"] = infos[-1]
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
            self._fresh = True
        return obs, rewards, terminations, truncations, info

    def render(self):
        return None

    def state(self) -> np.ndarray:
        """The global state: P1's observation (it sees everything; P2's is its mirror)."""
        return self.env.observations[0].copy()

    def close(self):
        self.env.close()
