"""YomiEnv: the game as a native PufferLib environment, two agents per match.

::

    env = YomiEnv(num_envs=64, seed=1, p1="ninja", p2="random")
    obs, infos = env.reset()
    obs, rewards, terminals, truncations, infos = env.step(actions)   # actions int32[128, 15]

Agents
    ``num_envs`` matches, ``num_agents = 2 * num_envs``: agent ``2i`` is P1 of match ``i``, agent
    ``2i+1`` its P2.  Observations, rewards, terminals and truncations are written straight into
    PufferLib's buffers (the ``buf`` argument of vectorised backends is honoured: zero copy).
    ``masks`` (PufferLib's per-agent "is acting" flags) stay all True: both agents act every turn.

One step = one turn
    Both agents choose at the same time; the engine then ticks until either player has to choose
    again or the match ends.  A busy player (the game's turn model, ARCHITECTURE.md "Turns") is
    still asked and has only the busy choices (Continue, and Burst / Whiff Cancel / Brace when the
    game offers them); its move mask says so.

Observation and actions
    ``float32[OBS_SIZE]`` per agent (:mod:`integration.env.obs`: features seen from the agent's side,
    then the packed masks), ``MultiDiscrete(HEAD_SIZES)`` in the unified layout of all five
    characters (:mod:`integration.env.action_layout`).  ``env.action_spec`` is the trainer's ActionSpec
    (``decode_masks(obs) -> (move_mask[B, 83], data_mask[B, 83, 176])``).

Rewards
    At the end of a match: +1 for the winner, -1 for the loser, 0 for both in a draw (equal hp at
    the time limit, or a double KO with equal hp).  Optional shaping (off by default):
    ``shaping={"damage": c}`` adds ``c * (damage dealt - damage taken) / 1500`` every turn (hp
    lost by the opponent minus hp lost by the agent during that turn's ticks, in units of a full
    health bar), so a whole match adds ``c * (opp hp lost - own hp lost) / 1500``.  ``illegal_penalty``
    (default 0) is added to the reward of an agent whose action was illegal.

Auto-reset (PufferLib's convention for native envs)
    A match that ends is restarted inside the same ``step``: that step reports the final reward and
    ``terminal = True`` for both agents, and the observation written with it is already the *new*
    match's first decision.  The next step's rewards and terminals are those of the new match
    (0 / False).  The game's own time limit ends a match with a result, so it is a terminal;
    truncations are False except for a match cut short by an engine error (``engine_errors=
    "truncate"``, the default: truncation True, counted in ``env.engine_errors`` and the
    ``truncated`` log, described in ``env.last_engine_error`` with its characters and game seed;
    ``"raise"`` lets the exception through).  Such a match is adjudicated as the game ends every
    match (game.gd ``end_game``: more hp wins, equal hp draws; :func:`winner_by_hp`), with the hp
    of its last decision: the rewards are +1 / -1 (0 / 0 on equal hp), ``results`` holds that
    winner and ``cut_short = 1``.  An agent that is behind gains nothing by steering into an
    engine error.  ``reset()`` starts every match afresh and zeroes rewards and terminals.

Illegal actions (never silently remapped)
    An action is legal when its move is in the move mask and every head the character's move uses
    holds a value its data mask allows (heads the move does not use are ignored, as by the game).
    ``illegal="record"`` (default): the illegal action is *replaced by the Hold action* (Continue,
    or the lowest legal move when Continue is not offered, each used head at its first legal
    value), counted (``env.illegal_actions``, the ``illegal_actions`` episode log, per match and
    agent) and described in ``env.last_illegal``; ``illegal_penalty`` is added to that agent's
    reward.  ``illegal="raise"``: :class:`IllegalAction` is raised before anything is submitted
    (the env is unchanged, so the caller may retry).  Prefer "record" under PufferLib's
    Multiprocessing backend, where an exception in a worker stalls the main process.

Characters and settings
    ``p1``/``p2``: a character name (case-insensitive), ``"random"`` (drawn per match) or a list of
    names (drawn per match); ``settings``: the game's match settings (``yomi.match.DEFAULT_SETTINGS``
    keys; ``game_length`` at least 1, checked first).  All five characters are ported in both
    engines.  The next match of every slot (characters and game seed) is drawn from the env's RNG
    when its previous match starts, so a run depends only on ``seed`` and the actions, whatever
    the backend.  Pairings are drawn uniformly (each side from its list) unless
    :meth:`YomiEnv.set_pairing_weights` gives a weight to each pairing (P1's character by P2's),
    as a curriculum over pairings would; the weights apply from the next draw on.

Logs (``infos``, PufferLib's list of dicts)
    Every ``report_interval`` steps, when matches ended since the last report, one dict of means
    over those matches: ``p1_win``, ``p2_win``, ``draw``, ``truncated``, ``ko``, ``episode_length`` (turns),
    ``episode_ticks``, ``damage_p1`` / ``damage_p2`` (hp taken from the other side),
    ``illegal_actions`` (both agents, per match), ``episode_return`` (P1's), and ``n_matches``.

Backends
    ``backend="auto"`` (default): ``"c"`` when the extension is built with the env's C part, else
    ``"python"``.  ``"c"``: :class:`CBackend`, one call of ``yomi._native.EnvBatch.step`` per step for
    every match (check, decode, submit, advance, rewards, restarts, observations; csrc/env/env.c), on the
    C engine; it mirrors ``"python"`` bit for bit (tests/env/test_env_c.py).  ``"python"``:
    :class:`PythonBackend`, the reference engine through :mod:`integration.engine` (about 300 agent
    steps per second per core against about 210,000 for C: docs/PERFORMANCE.md and the performance
    history in docs/experiments/), with trace
    recording (``tracer``).
    Where an engine raises (in random play, about one match in 160: a FixedMath division by zero,
    where the game's own native library panics), the match is cut short (truncation, see above).

Snapshots (the trainer's exact resume)
    ``env.get_state()`` is a picklable dict of everything that decides the env's future (every
    match, the open decisions, the env's RNG and the pending next matches, counters, logs), for
    both backends; ``env.set_state(state)`` on an env made with the same options continues exactly
    as the original would (tests/env/test_env_state.py).  The C backend's matches travel as
    ``EnvBatch.get_state()`` bytes (csrc/env/batch.h, csrc/engine/snapshot.c): their pointers into the
    engine's tables are saved as table indices, so a snapshot loads in another process of the same
    build; a header (format version, build fingerprint, batch size, checksum) makes any mismatch
    or corruption a ValueError that leaves the env unchanged.  A snapshot loads only into the
    backend that made it.
"""
from __future__ import annotations

import copy
import math
from typing import Optional

import gymnasium
import numpy as np
import pufferlib

from integration.env import checks as C
from integration.env import action_layout as AL
from integration.env import obs as O

from integration.env.backends import (BACKENDS, ERROR_LOG, MAX_HEALTH, RESULT_FIELDS, Backend, winner_by_hp,  # noqa: F401
                                      CBackend, IllegalAction, PythonBackend, R, _default_backend, check_action,
                                      check_action_obs, fallback_action, observe_decision)

__all__ = ["YomiEnv", "IllegalAction", "Backend", "PythonBackend", "check_action", "check_action_obs",
           "fallback_action", "observe_decision",
           "random_policy", "scripted_policy", "RESULT_FIELDS", "winner_by_hp"]


# ------------------------------------------------------------------------------------------------
# the environment
# ------------------------------------------------------------------------------------------------
def _character_pool(spec) -> tuple:
    """'ninja' -> (0,), 'random' -> all, ['ninja', 'robot'] -> (0, 3)."""
    if isinstance(spec, str):
        if spec.lower() in ("random", "any", "all"):
            return tuple(range(AL.N_CHARS))
        return (AL.CHAR_INDEX[AL.canonical_character(spec)],)
    pool = tuple(AL.CHAR_INDEX[AL.canonical_character(s)] for s in spec)
    if not pool:
        raise ValueError("empty character list")
    return pool


class YomiEnv(pufferlib.PufferEnv):
    """The game, ``num_envs`` matches of two agents each (see the module docstring)."""

    def __init__(self, num_envs: int = 1, seed: Optional[int] = 0, buf=None, p1="ninja", p2="ninja",
                 settings: Optional[dict] = None, backend: str = "auto", shaping: Optional[dict] = None,
                 illegal: str = "record", illegal_penalty: float = 0.0, engine_errors: str = "truncate",
                 report_interval: int = 1, render_mode=None, tracer=None, **_ignored):
        num_envs, illegal_penalty, shaping = C.check_options(num_envs, illegal_penalty, shaping, report_interval)
        C.check_game_length(settings)
        self.num_envs = num_envs
        self.num_agents = 2 * self.num_envs
        self.single_observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (O.OBS_SIZE,), dtype=np.float32)
        self.single_action_space = gymnasium.spaces.MultiDiscrete(AL.HEAD_SIZES)
        self.render_mode = render_mode
        super().__init__(buf)
        self.action_spec = AL.action_spec()
        self.p1_pool, self.p2_pool = _character_pool(p1), _character_pool(p2)
        self.settings = settings
        self.report_interval = max(1, int(report_interval))
        n = self.num_envs
        obs3 = self.observations.reshape(n, 2, O.OBS_SIZE)
        assert np.shares_memory(obs3, self.observations) or self.observations.size == 0
        kwargs = dict(settings=settings, shaping=shaping, illegal=illegal, illegal_penalty=illegal_penalty,
                      engine_errors=engine_errors)
        if tracer is not None:
            kwargs["tracer"] = tracer
        if backend == "auto":
            backend = "python" if tracer is not None else _default_backend()
        if backend not in BACKENDS:
            raise ValueError(f"unknown backend {backend!r} (auto, {', '.join(BACKENDS)})")
        self.backend_name = backend
        self.backend: Backend = BACKENDS[backend](n, obs3, self.rewards.reshape(n, 2),
                                                  self.terminals.reshape(n, 2), self.truncations.reshape(n, 2),
                                                  **kwargs)
        self.masks[:] = True
        self.rng = np.random.default_rng(seed)
        self.pending = np.zeros((n, 3), dtype=np.int64)   # next match per slot: p1, p2, game seed
        self.pairing_weights: Optional[np.ndarray] = None  # float64[N_CHARS, N_CHARS]; None: uniform
        self._pairing_p: Optional[np.ndarray] = None  # the weights over p1_pool x p2_pool, normalised
        self.illegal_actions = 0
        self.matches_played = 0
        self.tick = 0
        self._log: list = []
        self._started = False

    # ---- helpers ------------------------------------------------------------------------------
    def _draw(self, k: int) -> np.ndarray:
        """k match setups (p1, p2, seed) from the env's RNG, in a fixed order."""
        out = np.zeros((k, 3), dtype=np.int64)
        if self._pairing_p is not None:
            n2 = len(self.p2_pool)
            for j in range(k):
                pair = self.rng.choice(self._pairing_p.size, p=self._pairing_p)
                out[j, 0], out[j, 1] = self.p1_pool[pair // n2], self.p2_pool[pair % n2]
                out[j, 2] = self.rng.integers(0, 2 ** 31 - 1)
            return out
        for j in range(k):
            out[j, 0] = self.p1_pool[self.rng.integers(len(self.p1_pool))] if len(self.p1_pool) > 1 else self.p1_pool[0]
            out[j, 1] = self.p2_pool[self.rng.integers(len(self.p2_pool))] if len(self.p2_pool) > 1 else self.p2_pool[0]
            out[j, 2] = self.rng.integers(0, 2 ** 31 - 1)
        return out

    # ---- PufferEnv API ------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None):
        if seed is not None:
            self.rng = np.random.default_rng(seed)
        n = self.num_envs
        now = self._draw(n)
        self.pending[:] = self._draw(n)
        self.backend.reset(np.ones(n, dtype=bool), now[:, 0], now[:, 1], now[:, 2])
        self.rewards[:] = 0.0
        self.terminals[:] = False
        self.truncations[:] = False
        self.masks[:] = True
        self._log = []
        self.tick = 0
        self._started = True
        return self.observations, []

    def step(self, actions):
        if not self._started:
            raise pufferlib.APIUsageError("call reset() before step()")
        n = self.num_envs
        actions = C.check_actions(actions, (self.num_agents, AL.N_HEADS))
        self.backend.step(actions.reshape(n, 2, AL.N_HEADS), self.pending[:, 0], self.pending[:, 1],
                          self.pending[:, 2])
        be = self.backend
        ended = np.nonzero(be.ended)[0]
        self.illegal_actions = int(be.illegal_total)
        if len(ended):
            self.pending[ended] = self._draw(len(ended))
            self.matches_played += len(ended)
            for i in ended:
                self._log.append(self._episode_log(be.results[i], be.final_returns[i]))
        self.tick += 1
        infos = []
        if self._log and self.tick % self.report_interval == 0:
            infos.append(self._summary(self._log))
            self._log = []
        return self.observations, self.rewards, self.terminals, self.truncations, infos

    def close(self):
        pass

    def render(self):
        return None

    # ---- logs ---------------------------------------------------------------------------------
    @staticmethod
    def _episode_log(r: np.ndarray, ret: np.ndarray) -> dict:
        w = int(r[R["winner"]])
        return dict(p1_win=float(w == 1), p2_win=float(w == 2), draw=float(w == 0), truncated=float(r[R["cut_short"]]),
                    ko=float(r[R["ko"]]),
                    episode_length=float(r[R["turns"]]), episode_ticks=float(r[R["ticks"]]),
                    damage_p1=float(MAX_HEALTH - r[R["p2_hp"]]), damage_p2=float(MAX_HEALTH - r[R["p1_hp"]]),
                    illegal_actions=float(r[R["illegal_p1"]] + r[R["illegal_p2"]]), episode_return=float(ret[0]))

    @staticmethod
    def _summary(logs: list) -> dict:
        n = len(logs)  # a plain mean: np.mean costs tens of microseconds a key on these short lists
        out = {k: math.fsum(d[k] for d in logs) / n for k in logs[0]}
        out["n_matches"] = float(n)
        return out

    @property
    def last_illegal(self) -> Optional[str]:
        return self.backend.last_illegal

    @property
    def engine_errors(self) -> int:
        return self.backend.engine_errors

    @property
    def last_engine_error(self) -> Optional[str]:
        return self.backend.last_engine_error

    def match_characters(self) -> np.ndarray:
        """int64[num_envs, 2]: character indices (obs.CHARACTERS) of the current matches."""
        return self.backend.chars.copy()

    def pairings(self) -> list[tuple[str, str]]:
        """The character pairings this env's matches are drawn from, (P1's, P2's) by name, in the
        order of ``p1`` then ``p2``: one for a fixed pairing, 25 for ``random`` against ``random``."""
        return [(AL.CHARACTERS[a], AL.CHARACTERS[b]) for a in self.p1_pool for b in self.p2_pool]

    def set_pairing_weights(self, weights) -> None:
        """Draw the pairings of the matches drawn from now on in proportion to ``weights``
        (float[N_CHARS, N_CHARS], P1's character by P2's, restricted to the pairings ``p1``/``p2``
        allow; finite, at least 0, some weight on an allowed pairing), or uniformly again (None).
        ValueError, with the env unchanged, for anything else.  The matches already drawn (each
        slot's next one) keep their pairings."""
        w = C.check_pairing_weights(weights, self.p1_pool, self.p2_pool)
        self.pairing_weights = w
        self._pairing_p = None if w is None else self._normalised(w)

    def _normalised(self, w: np.ndarray) -> np.ndarray:
        sub = w[np.ix_(self.p1_pool, self.p2_pool)].reshape(-1)
        return sub / sub.sum()

    # ---- snapshots (the trainer's exact resume) ----------------------------------------------
    def get_state(self) -> Optional[dict]:
        """A snapshot for an exact resume (a picklable dict): restored by :meth:`set_state` into an env
        made with the same options (in this process or another one running the same build), the env
        continues exactly as this one would.  Both backends make one; None only for a backend that
        cannot (the trainer then starts fresh matches)."""
        try:
            backend_state = self.backend.get_state()
        except NotImplementedError:
            return None
        return dict(backend=backend_state, rng=copy.deepcopy(self.rng.bit_generator.state),
                    pending=self.pending.copy(), observations=self.observations.copy(),
                    illegal_actions=self.illegal_actions, matches_played=self.matches_played, tick=self.tick,
                    log=copy.deepcopy(self._log),
                    pairing_weights=None if self.pairing_weights is None else self.pairing_weights.copy())

    def set_state(self, state: dict) -> None:
        """Continue from :meth:`get_state`'s snapshot.  ValueError, with the env unchanged, when the
        snapshot does not fit this env (other backend, batch size, options or build) or is corrupted:
        every part is checked before anything changes (the backend checks its own part first)."""
        checked = C.check_env_state(state, self.num_envs, self.observations, self.p1_pool, self.p2_pool)
        rng = C.check_rng_state(self.rng, state["rng"])
        if isinstance(self.backend, CBackend):  # the saved masks must be those of the saved matches
            self.backend.set_state(state["backend"], observations=checked["observations"])
        else:
            self.backend.set_state(state["backend"])  # all or nothing; nothing below can fail
        self.rng = rng
        self.pending[:] = checked["pending"]
        self.observations[:] = checked["observations"]
        self.illegal_actions = checked["illegal_actions"]
        self.matches_played = checked["matches_played"]
        self.tick = checked["tick"]
        self._log = checked["log"]
        self.pairing_weights = w = checked["pairing_weights"]
        self._pairing_p = None if w is None else self._normalised(w)
        self._started = True


# ------------------------------------------------------------------------------------------------
# baseline policies (``policy(obs, masks) -> actions``), re-exported for the trainer's registry
# ------------------------------------------------------------------------------------------------
def random_policy(obs, masks, generator=None):
    from integration.env.baselines import random_policy as _random
    return _random(obs, masks, generator)


def scripted_policy(obs, masks, generator=None):
    from integration.env.baselines import scripted_policy as _scripted
    return _scripted(obs, masks, generator)
