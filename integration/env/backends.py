"""The two backends of :class:`integration.env.env.YomiEnv`: the matches of one env and the
per-decision work on them (observe, check, decode, step).

* :class:`PythonBackend`: the reference engine through :mod:`integration.engine`, one match
  object per slot, observations written by :func:`observe_decision`;
* :class:`CBackend`: the C engine's ``yomi._native.EnvBatch`` (csrc/env/, csrc/python/env_py.c),
  which mirrors :class:`PythonBackend` operation for operation (tests/env/test_env_c.py).

Both write into the env's shared arrays (observations, rewards, terminals, truncations) and
keep the same counters and logs; :func:`check_action` and :func:`fallback_action` are the
legality rules both apply to an agent's action.
"""
from __future__ import annotations

import copy
import logging
import struct
import zlib
from typing import Callable, Optional

import numpy as np

from integration.env import checks as C
from integration.env import encoding as E
from integration.env import action_layout as AL
from integration.env import obs as O
from fighter.actions import InvalidAction
from integration.engine import EngineError, EngineUnavailable, create_match


MAX_HEALTH = 1500
# The first few matches cut short by an engine error are described here (a warning: on stderr
# unless the application configures logging; the trainer sends them to its run folder).
ERROR_LOG = logging.getLogger("integration.env.env")
# per-match results a backend fills in for each match that ended during a step
RESULT_FIELDS = ("winner", "ko", "turns", "ticks", "p1_hp", "p2_hp", "p1_char", "p2_char",
                 "illegal_p1", "illegal_p2", "seed", "cut_short")
R = {k: i for i, k in enumerate(RESULT_FIELDS)}


# The arrays an EnvBatch writes each step, in the order EnvBatch.bind takes them.
BATCH_BUFFERS = ("obs", "rewards", "terminals", "truncations", "ended", "results", "final_returns", "illegal",
                 "chars", "seeds", "hp", "turns", "returns")


def bound_env_batch(native, n: int, settings: Optional[dict], damage: float = 0.0, illegal_penalty: float = 0.0,
                    raise_illegal: bool = False, autoreset: bool = True, *, obs=None, rewards=None,
                    terminals=None, truncations=None) -> tuple:
    """A C EnvBatch of `n` matches of these settings and the arrays it writes each step, bound once:
    ``(batch, {name: array})`` with the names of BATCH_BUFFERS.  The observation, reward and end
    arrays may be given (YomiEnv's own, which PufferLib shares), else they are made here."""
    template = native.Match("Ninja", "Ninja", 0, dict(settings) if settings else None)
    batch = native.EnvBatch(n, template, damage, illegal_penalty, raise_illegal, autoreset)
    buffers = dict(
        obs=np.zeros((n, 2, O.OBS_SIZE), dtype=np.float32) if obs is None else obs,
        rewards=np.zeros((n, 2), dtype=np.float32) if rewards is None else rewards,
        terminals=np.zeros((n, 2), dtype=np.bool_) if terminals is None else terminals,
        truncations=np.zeros((n, 2), dtype=np.bool_) if truncations is None else truncations,
        ended=np.zeros(n, dtype=np.int8),
        results=np.zeros((n, len(RESULT_FIELDS)), dtype=np.int64),
        final_returns=np.zeros((n, 2), dtype=np.float64),
        illegal=np.zeros((n, 2), dtype=np.int64),
        chars=np.zeros((n, 2), dtype=np.int64),
        seeds=np.zeros(n, dtype=np.int64),
        hp=np.zeros((n, 2), dtype=np.int64),
        turns=np.zeros(n, dtype=np.int64),
        returns=np.zeros((n, 2), dtype=np.float64))
    batch.bind(*(buffers[name] for name in BATCH_BUFFERS))
    return batch, buffers


def winner_by_hp(p1_hp: int, p2_hp: int) -> int:
    """The game's rule at the end of a match (game.gd ``end_game``, commit 4450348): the fighter with
    more hp wins (1 or 2), equal hp is a draw (0).

    A match cut short by an engine error is adjudicated by it, with the hp of its last decision (the
    failed turn's are not trusted): that agent gets +1, the other -1, as at the game's time limit,
    so steering into an engine error never spares the agent that is behind."""
    return 1 if p1_hp > p2_hp else (2 if p2_hp > p1_hp else 0)


class IllegalAction(ValueError):
    """An agent's action is not allowed by its masks (``illegal="raise"``)."""


# ------------------------------------------------------------------------------------------------
# legality of unified head values (shared by every backend's Python side, wrappers and tests)
# ------------------------------------------------------------------------------------------------
def check_action(character: int, st: "E.MaskState", heads) -> Optional[str]:
    """None if ``heads`` (unified head values) is legal for this decision, else why not."""
    cl = AL.CHAR_LAYOUTS[character]
    sp = cl.spec
    u = int(heads[0])
    if not 0 <= u < AL.K1:
        return f"move index {u} out of range 0..{AL.K1 - 1}"
    m = int(cl.u2c[u])
    if m < 0 or not st.move_mask[m]:
        name = sp.moves[m] if m >= 0 else None
        legal = [sp.moves[i] for i in np.nonzero(st.move_mask)[0]]
        return f"move {u} ({name or 'not a ' + sp.character + ' move'}) is not legal; legal: {', '.join(legal)}"
    for j in range(1, len(sp.head_names)):
        if not sp.head_used[m, j]:
            continue
        b = int(heads[cl.head_to_u[j]])
        hm = st.head_mask(m, sp.head_names[j])
        if not (0 <= b < len(hm) and hm[b]):
            return (f"head {AL.HEAD_NAMES[cl.head_to_u[j]]} ({sp.head_names[j]}) = {b} is not legal with "
                    f"{sp.moves[m]}; legal values: {np.nonzero(hm)[0].tolist()}")
    return None


def check_action_obs(obs_row: np.ndarray, heads) -> Optional[str]:
    """Like :func:`check_action`, from an observation's packed masks (any backend)."""
    tail = np.asarray(obs_row)[O.FEATURE_SIZE:]
    c = int(round(float(tail[0])))
    move, data = AL.decode_masks(tail)
    u = int(heads[0])
    if not 0 <= u < AL.K1 or not move[u]:
        return f"move {u} is not legal; legal: {np.nonzero(move)[0].tolist()}"
    used = AL.CHAR_LAYOUTS[c].head_used[u]
    for h in range(1, AL.N_HEADS):
        if not used[h]:
            continue
        b, off, size = int(heads[h]), AL.DATA_OFFSETS[h - 1], AL.DATA_SIZES[h - 1]
        if not (0 <= b < size and data[u, off + b]):
            return f"head {AL.HEAD_NAMES[h]} = {b} is not legal with move {u}; legal: {np.nonzero(data[u, off:off + size])[0].tolist()}"
    return None


def fallback_action(character: int, st: "E.MaskState") -> np.ndarray:
    """The Hold action: Continue (or the lowest legal move), every used head at its first legal value."""
    cl = AL.CHAR_LAYOUTS[character]
    sp = cl.spec
    heads = np.zeros(AL.N_HEADS, dtype=np.int64)
    legal_u = [u for u in range(AL.K1) if cl.u2c[u] >= 0 and st.move_mask[cl.u2c[u]]]
    u = 0 if 0 in legal_u else (legal_u[0] if legal_u else 0)
    heads[0] = u
    m = int(cl.u2c[u])
    for j in range(1, len(sp.head_names)):
        if sp.head_used[m, j]:
            hm = st.head_mask(m, sp.head_names[j])
            heads[cl.head_to_u[j]] = int(np.argmax(hm))
    return heads


def observe_decision(match, out: np.ndarray, chars: tuple, game_length: int, state: Optional[dict] = None):
    """Both agents' observations (``out`` float32[2, OBS_SIZE]) at the open decision of an engine
    match; returns ``(state, [MaskState P1, P2], [decision-time fighter views], [legal lists])``.

    The masks come from the engine's legal moves (``legal_actions``) and :mod:`integration.env.encoding`'s
    rules on the decision-time view (``busy`` after the game's turn gate, ``encoding.decision_view``)."""
    state = match.state() if state is None else state
    names = (AL.CHARACTERS[chars[0]], AL.CHARACTERS[chars[1]])
    objects = state["objects"]
    sts, fvs, legal = [], [], []
    for p, key, okey in ((1, "p1", "p2"), (2, "p2", "p1")):
        lg = match.legal_actions(p)
        fv = E.decision_view(state[key], lg)
        sts.append(E.compute(names[p - 1], lg, fv, state[okey], objects))
        fvs.append(fv)
        legal.append(lg)
    busy = (bool(fvs[0].get("busy")), bool(fvs[1].get("busy")))
    for p in (1, 2):
        row = out[p - 1]
        O.write_features(row, state, p, names, match.current_tick, game_length, busy)
        AL.pack_unified(int(chars[p - 1]), sts[p - 1], row[O.FEATURE_SIZE:])
    return state, sts, fvs, legal


# ------------------------------------------------------------------------------------------------
# backends
# ------------------------------------------------------------------------------------------------
class Backend:
    """What YomiEnv needs from an engine backend (the seam where the batched C backend plugs in).

    Buffers are given once: ``obs`` float32[n, 2, OBS_SIZE], ``rewards`` float32[n, 2], ``terminals``
    and ``truncations`` bool[n, 2] (views into PufferLib's buffers).  Characters are indices into ``obs.CHARACTERS``.

    * ``reset(which, p1, p2, seeds)``: start new matches in the slots where ``which`` is True and
      write their first observations; rewards and terminals of those slots are set to 0 / False.
    * ``step(actions, next_p1, next_p2, next_seeds)``: ``actions`` int32[n, 2, N_HEADS]; apply both
      agents' actions of every match (check, decode, submit), advance to the next decision, write
      rewards, terminals and truncations, restart each match that ended with the ``next_*`` parameters of its
      slot and write the observations.  Sets ``ended`` bool[n] and, for those slots,
      ``results`` int64[n, len(RESULT_FIELDS)] and ``final_returns`` float64[n, 2] (the sums of the
      ended match's rewards).
    * a match the engine fails on (an exception inside the engine, i.e. a bug) is cut short:
      truncation True for both agents, reward 0, ``engine_errors`` += 1, ``last_engine_error``
      names it (characters, game seed, turn, the error) so that it can be replayed; with
      ``engine_errors="raise"`` the exception propagates instead.  An ``OSError`` (the tracer
      failing to write its file: a bad path, a full disk) is not an engine failure: it propagates,
      and no other seed is tried.
    * ``illegal`` counts (int64[n, 2]) of the current matches, ``illegal_total`` (all so far),
      ``last_illegal`` (str or None).
    """

    name = "abstract"

    def reset(self, which, p1, p2, seeds) -> None:
        raise NotImplementedError

    def step(self, actions, next_p1, next_p2, next_seeds) -> None:
        raise NotImplementedError

    def match(self, i: int):
        """The match of slot ``i`` through the engine interface (a copy for the C backend)."""
        raise NotImplementedError

    def get_state(self) -> dict:
        raise NotImplementedError

    def set_state(self, state: dict) -> None:
        raise NotImplementedError


class PythonBackend(Backend):
    """The reference engine (``integration.engine``), one match object per slot."""

    name = "python"

    def __init__(self, n: int, obs: np.ndarray, rewards: np.ndarray, terminals: np.ndarray,
                 truncations: np.ndarray, settings: Optional[dict] = None, shaping: Optional[dict] = None,
                 illegal: str = "record", illegal_penalty: float = 0.0, engine_errors: str = "truncate",
                 tracer=None):
        self.n = n
        self.obs, self.rewards, self.terminals, self.truncations = obs, rewards, terminals, truncations
        if engine_errors not in ("truncate", "raise"):
            raise ValueError(f"engine_errors must be 'truncate' or 'raise', got {engine_errors!r}")
        self.engine_error_mode = engine_errors
        self.engine_errors = 0
        self.last_engine_error: Optional[str] = None
        self.settings = dict(settings) if settings else None
        self.damage_coef = float((shaping or {}).get("damage", 0.0))
        unknown = set(shaping or {}) - {"damage"}
        if unknown:
            raise ValueError(f"unknown shaping terms {sorted(unknown)} (known: damage)")
        if illegal not in ("record", "raise"):
            raise ValueError(f"illegal must be 'record' or 'raise', got {illegal!r}")
        self.illegal_mode = illegal
        self.illegal_penalty = float(illegal_penalty)
        self.tracer = tracer
        self.matches: list = [None] * n
        self.chars = np.zeros((n, 2), dtype=np.int64)
        self.seeds = np.zeros(n, dtype=np.int64)
        self.decisions: list = [None] * n      # per slot: (states dict, [MaskState, MaskState], [fv1, fv2], legal)
        self.hp = np.full((n, 2), MAX_HEALTH, dtype=np.int64)
        self.turns = np.zeros(n, dtype=np.int64)
        self.illegal = np.zeros((n, 2), dtype=np.int64)
        self.returns = np.zeros((n, 2), dtype=np.float64)
        self.final_returns = np.zeros((n, 2), dtype=np.float64)
        self.ended = np.zeros(n, dtype=bool)
        self.results = np.zeros((n, len(RESULT_FIELDS)), dtype=np.int64)
        self.last_illegal: Optional[str] = None
        self.illegal_total = 0
        self.game_length = int((self.settings or {}).get("game_length", 3600))

    # ---- match lifecycle ----------------------------------------------------------------------
    def _start(self, i: int, c1: int, c2: int, seed: int) -> None:
        """Start a match in slot ``i`` and observe its first decision.  If the engine fails before
        that decision (a bug), the failure is recorded and the next game seed is tried."""
        for attempt in range(100):
            try:
                self._start_once(i, c1, c2, seed + attempt)
                return
            except (EngineError, InvalidAction, OSError):  # OSError: the tracer's file, which no seed fixes
                raise
            except Exception as exc:                     # an engine bug: record it, try another seed
                if self.engine_error_mode == "raise":
                    raise
                self._engine_error(i, exc, "at the start")
        raise EngineError(f"slot {i}: the engine failed to start 100 matches in a row ({self.last_engine_error})")

    def _start_once(self, i: int, c1: int, c2: int, seed: int) -> None:
        names = (AL.CHARACTERS[c1], AL.CHARACTERS[c2])
        match = create_match(names[0], names[1], seed=int(seed), settings=self.settings)
        self.matches[i] = match
        self.chars[i] = (c1, c2)
        self.seeds[i] = seed
        self.turns[i] = 0
        self.illegal[i] = 0
        self.returns[i] = 0.0
        if self.tracer is not None:
            self.tracer.start(i, match, int(seed))
        self._advance(i)
        if match.result() is not None:
            raise RuntimeError("the match ended before its first decision")
        st = match.state()
        self.hp[i] = (st["p1"]["hp"], st["p2"]["hp"])
        self._observe(i, st)

    def _engine_error(self, i: int, exc: BaseException, when: str) -> None:
        import traceback

        self.engine_errors += 1
        c = self.chars[i]
        where = traceback.extract_tb(exc.__traceback__)[-1] if exc.__traceback__ else None
        self.last_engine_error = (f"{AL.CHARACTERS[c[0]]} vs {AL.CHARACTERS[c[1]]}, game seed {int(self.seeds[i])}, "
                                  f"turn {int(self.turns[i])} ({when}): {type(exc).__name__}: {exc}"
                                  + (f" [{where.filename}:{where.lineno}]" if where else ""))
        if self.engine_errors <= 5:
            ERROR_LOG.warning("YomiEnv: engine error, match cut short: %s", self.last_engine_error)

    def _advance(self, i: int) -> None:
        match = self.matches[i]
        if self.tracer is None:
            match.advance()
            return
        while not match.is_waiting() and match.result() is None:
            match.tick()
            self.tracer.tick(i, match.current_tick, match.state())

    def _observe(self, i: int, state: Optional[dict] = None) -> None:
        """Masks and observations of both agents of slot ``i`` at its open decision."""
        match = self.matches[i]
        self.decisions[i] = observe_decision(match, self.obs[i], (int(self.chars[i, 0]), int(self.chars[i, 1])),
                                             self.game_length, state)

    def reset(self, which, p1, p2, seeds) -> None:
        for i in np.nonzero(which)[0]:
            self._start(int(i), int(p1[i]), int(p2[i]), int(seeds[i]))
            self.rewards[i] = 0.0
            self.terminals[i] = False
            self.truncations[i] = False

    # ---- one turn -----------------------------------------------------------------------------
    def _choices(self, i: int, actions: np.ndarray) -> list:
        """Checked unified head values of both agents of slot ``i`` (fallback for illegal ones)."""
        _, sts, _, _ = self.decisions[i]
        out = []
        for p in (0, 1):
            c = int(self.chars[i, p])
            why = check_action(c, sts[p], actions[i, p])
            if why is None:
                out.append((actions[i, p], False))
                continue
            msg = f"match {i} P{p + 1} ({AL.CHARACTERS[c]}), agent {2 * i + p}: {why}"
            if self.illegal_mode == "raise":
                raise IllegalAction(msg)
            self.last_illegal = msg
            out.append((fallback_action(c, sts[p]), True))
        return out

    def step(self, actions, next_p1, next_p2, next_seeds) -> None:
        actions = np.asarray(actions).reshape(self.n, 2, AL.N_HEADS)
        if self.illegal_mode == "raise":        # check every slot before touching any match
            choices = [self._choices(i, actions) for i in range(self.n)]
        else:
            choices = None
        self.ended[:] = False
        for i in range(self.n):
            ch = choices[i] if choices is not None else self._choices(i, actions)
            try:
                self._turn(i, ch)
            except (IllegalAction, InvalidAction, EngineError, OSError):  # OSError: the tracer's file
                raise
            except Exception as exc:                     # an engine bug: cut the match short
                if self.engine_error_mode == "raise":
                    raise
                self._engine_error(i, exc, "during a turn")
                self._truncated(i)
            if self.ended[i]:
                self._start(i, int(next_p1[i]), int(next_p2[i]), int(next_seeds[i]))

    def _truncated(self, i: int) -> None:
        """The match in slot ``i`` is cut short by an engine error: adjudicated by hp (:func:`winner_by_hp`)."""
        w = winner_by_hp(int(self.hp[i, 0]), int(self.hp[i, 1]))
        r = self.results[i]
        r[:] = 0
        r[R["winner"]] = w
        r[R["cut_short"]] = 1
        r[R["turns"]] = self.turns[i]
        r[R["ticks"]] = self.matches[i].current_tick + 1
        r[R["p1_hp"]], r[R["p2_hp"]] = self.hp[i]
        r[R["p1_char"]], r[R["p2_char"]] = self.chars[i]
        r[R["illegal_p1"]], r[R["illegal_p2"]] = self.illegal[i]
        r[R["seed"]] = self.seeds[i]
        reward = np.array([0.0, 0.0]) if w == 0 else (np.array([1.0, -1.0]) if w == 1 else np.array([-1.0, 1.0]))
        self.returns[i] += reward
        self.final_returns[i] = self.returns[i]
        self.rewards[i] = reward
        self.terminals[i] = False
        self.truncations[i] = True
        self.ended[i] = True

    def _turn(self, i: int, choices: list) -> None:
        match = self.matches[i]
        state, sts, fvs, legal = self.decisions[i]
        reward = [0.0, 0.0]
        submitted = []
        for p in (0, 1):
            heads, bad = choices[p]
            c = int(self.chars[i, p])
            cl = AL.CHAR_LAYOUTS[c]
            hc = cl.to_char_heads(heads)
            opp = state["p2" if p == 0 else "p1"]
            action, data, extra = E.decode(cl.character, hc, fvs[p], opp, state["objects"])
            match.submit(p + 1, action, data, extra)
            submitted.append({"action": action, "data": data, "extra": extra})
            if bad:
                self.illegal[i, p] += 1
                self.illegal_total += 1
                reward[p] += self.illegal_penalty
        if self.tracer is not None:
            self.tracer.turn(i, match.current_tick, submitted, legal)
        self._advance(i)
        self.turns[i] += 1
        new = match.state()
        hp = (new["p1"]["hp"], new["p2"]["hp"])
        if self.damage_coef:
            lost = (self.hp[i, 0] - hp[0], self.hp[i, 1] - hp[1])
            reward[0] += self.damage_coef * (lost[1] - lost[0]) / MAX_HEALTH
            reward[1] += self.damage_coef * (lost[0] - lost[1]) / MAX_HEALTH
        self.hp[i] = hp
        result = match.result()
        if result is not None:
            w = result["winner"]
            if w == 1:
                reward[0] += 1.0
                reward[1] -= 1.0
            elif w == 2:
                reward[0] -= 1.0
                reward[1] += 1.0
            r = self.results[i]
            r[R["winner"]] = w
            r[R["ko"]] = result["reason"] == "ko"
            r[R["turns"]] = self.turns[i]
            r[R["ticks"]] = match.current_tick + 1
            r[R["p1_hp"]], r[R["p2_hp"]] = result["p1_hp"], result["p2_hp"]
            r[R["p1_char"]], r[R["p2_char"]] = self.chars[i]
            r[R["illegal_p1"]], r[R["illegal_p2"]] = self.illegal[i]
            r[R["seed"]] = self.seeds[i]
            r[R["cut_short"]] = 0
            self.ended[i] = True
            self.final_returns[i] = self.returns[i] + reward
            if self.tracer is not None:
                self.tracer.end(i, result)
        self.rewards[i] = reward
        self.returns[i] += reward
        self.terminals[i] = result is not None
        self.truncations[i] = False
        if result is None:
            self._observe(i, new)

    def match(self, i: int):
        """The engine match of slot ``i`` (the live object)."""
        return self.matches[i]

    # ---- snapshots (resume) -------------------------------------------------------------------
    def get_state(self) -> dict:
        return copy.deepcopy(dict(matches=self.matches, chars=self.chars, seeds=self.seeds,
                                  decisions=self.decisions, hp=self.hp, turns=self.turns,
                                  illegal=self.illegal, returns=self.returns, illegal_total=self.illegal_total))

    def set_state(self, state: dict) -> None:
        if not isinstance(state, dict) or "matches" not in state:
            raise ValueError("not a snapshot of the Python backend (a backend's snapshot only loads into the same backend)")
        missing = [k for k in ("decisions", "chars", "seeds", "hp", "turns", "illegal", "returns", "illegal_total")
                   if k not in state]
        if missing:
            raise ValueError(f"the Python backend's snapshot lacks {', '.join(missing)}")
        if not isinstance(state["matches"], list) or len(state["matches"]) != self.n:
            raise ValueError(f"the snapshot's matches are not a list of {self.n}")
        for k in ("chars", "seeds", "hp", "turns", "illegal", "returns"):
            mine, theirs = getattr(self, k), np.asarray(state[k])
            if theirs.shape != mine.shape or theirs.dtype != mine.dtype:
                raise ValueError(f"snapshot array {k} is {theirs.dtype}{list(theirs.shape)}, this env's is "
                                 f"{mine.dtype}{list(mine.shape)}")
        if np.any((np.asarray(state["chars"]) < 0) | (np.asarray(state["chars"]) >= AL.N_CHARS)):
            raise ValueError(f"snapshot chars outside 0 .. {AL.N_CHARS - 1}")
        state = copy.deepcopy(state)
        self.matches = state["matches"]
        self.decisions = state["decisions"]
        for k in ("chars", "seeds", "hp", "turns", "illegal", "returns"):
            getattr(self, k)[:] = state[k]
        self.illegal_total = state["illegal_total"]


class CBackend(Backend):
    """The C engine with the env's C part (``yomi._native.EnvBatch``, csrc/env/env.c): one call per step
    for every match (check, decode, submit, advance, rewards, restarts, observations), without the GIL.

    It mirrors :class:`PythonBackend` operation for operation (tests/env/test_env_c.py); the matches
    themselves are the C engine's (bit-identical to the Python engine on everything it has ported)."""

    name = "c"

    def __init__(self, n: int, obs: np.ndarray, rewards: np.ndarray, terminals: np.ndarray,
                 truncations: np.ndarray, settings: Optional[dict] = None, shaping: Optional[dict] = None,
                 illegal: str = "record", illegal_penalty: float = 0.0, engine_errors: str = "truncate",
                 tracer=None):
        from integration.engine import _native

        native = _native()
        if not hasattr(native, "EnvBatch"):
            raise EngineUnavailable("the C engine in this build has no EnvBatch (rebuild: uv sync)")
        if tracer is not None:
            raise ValueError("recording a trace needs backend='python'")
        unknown = set(shaping or {}) - {"damage"}
        if unknown:
            raise ValueError(f"unknown shaping terms {sorted(unknown)} (known: damage)")
        if illegal not in ("record", "raise"):
            raise ValueError(f"illegal must be 'record' or 'raise', got {illegal!r}")
        if engine_errors not in ("truncate", "raise"):
            raise ValueError(f"engine_errors must be 'truncate' or 'raise', got {engine_errors!r}")
        for c in AL.CHARACTERS:
            if c not in native.characters():
                raise EngineUnavailable(f"the C engine has no {c} yet")
        if native.EnvBatch.sizes()["obs"] != O.OBS_SIZE:
            raise EngineUnavailable("the C env tables are stale (uv sync regenerates and rebuilds them)")
        self.n = n
        self.illegal_mode = illegal
        self.engine_error_mode = engine_errors
        self._config = dict(settings=dict(settings) if settings else None,
                            damage=float((shaping or {}).get("damage", 0.0)),
                            illegal=illegal, illegal_penalty=float(illegal_penalty))
        self.batch, buffers = bound_env_batch(native, n, settings, self._config["damage"],
                                              self._config["illegal_penalty"], illegal == "raise",
                                              obs=obs, rewards=rewards, terminals=terminals, truncations=truncations)
        vars(self).update(buffers)
        self._engine_errors_seen = 0

    def reset(self, which, p1, p2, seeds) -> None:
        self.batch.reset(np.ascontiguousarray(which, dtype=np.int8), np.ascontiguousarray(p1, dtype=np.int64),
                         np.ascontiguousarray(p2, dtype=np.int64), np.ascontiguousarray(seeds, dtype=np.int64))
        self._check_engine_errors()

    def step(self, actions, next_p1, next_p2, next_seeds) -> None:
        a = np.ascontiguousarray(actions, dtype=np.int32).reshape(-1)
        status, slot, agent, code = self.batch.step(a, np.ascontiguousarray(next_p1, dtype=np.int64),
                                                    np.ascontiguousarray(next_p2, dtype=np.int64),
                                                    np.ascontiguousarray(next_seeds, dtype=np.int64))
        if status == 1:
            c = int(self.chars[slot, agent])
            heads = a.reshape(self.n, 2, AL.N_HEADS)[slot, agent]
            why = check_action_obs(self.obs[slot, agent], heads)
            raise IllegalAction(f"match {slot} P{agent + 1} ({AL.CHARACTERS[c]}), agent {2 * slot + agent}: {why}")
        if status == 2:
            raise EngineError(f"match {slot} P{agent + 1}: the C engine refused an action the masks allow "
                              f"(move symbol {code}); this is a bug of the masks or of the engine")
        if status == 3:
            raise EngineError(f"match {slot} could not restart: {self.last_engine_error}")
        self._check_engine_errors()

    def _check_engine_errors(self) -> None:
        n = self.engine_errors
        if n > self._engine_errors_seen:
            if self.engine_error_mode == "raise":
                self._engine_errors_seen = n
                raise EngineError(self.last_engine_error)
            if self._engine_errors_seen < 5:
                ERROR_LOG.warning("YomiEnv: engine error, match cut short: %s", self.last_engine_error)
            self._engine_errors_seen = n

    @property
    def illegal_total(self) -> int:
        return int(self.batch.counters()["illegal_total"])

    @property
    def engine_errors(self) -> int:
        return int(self.batch.counters()["engine_errors"])

    @property
    def last_engine_error(self) -> Optional[str]:
        return self.batch.counters()["last_error"] or None

    @property
    def last_illegal(self) -> Optional[str]:
        last = self.batch.counters()["last_illegal"]
        if last is None:
            return None
        slot, agent, code = last
        what = "its move is not legal" if code == 1 else f"a data head ({code - 16}) is not legal"
        return (f"match {slot} P{agent + 1} ({AL.CHARACTERS[int(self.chars[slot, agent])]}), agent {2 * slot + agent}: "
                f"{what}; replaced by Hold")

    def match(self, i: int):
        from integration.engine import CMatch

        return CMatch("", "", _native_match=self.batch.match(i))

    # ---- snapshots (resume) -------------------------------------------------------------------
    # the per-slot arrays bound to the EnvBatch (the C side keeps everything else: matches, the open
    # decisions' masks, counters); EnvBatch.get_state's bytes are zlib-compressed (level 1: about
    # 12x smaller, ~3 ms per MB: a match is ~340 KB of mostly empty object slots)
    _ARRAYS = ("ended", "results", "final_returns", "illegal", "chars", "seeds", "hp", "turns", "returns")

    def _decompress(self, data: bytes) -> bytes:
        return decompress_snapshot(bytes(data), self.n)

    def get_state(self) -> dict:
        return dict(backend=self.name, config=dict(self._config), batch=zlib.compress(self.batch.get_state(), 1),
                    arrays={k: getattr(self, k).copy() for k in self._ARRAYS},
                    engine_errors_seen=self._engine_errors_seen)

    def set_state(self, state: dict, observations: Optional[np.ndarray] = None) -> None:
        """Restore :meth:`get_state`'s snapshot (from this process or another one running the same
        build); ValueError, with the env unchanged, when it does not fit this env or is corrupted.
        `observations` (the env's saved ones, 2 rows a match): their masks must be the snapshot's,
        which the C side checks against masks recomputed from each match."""
        if not isinstance(state, dict) or state.get("backend") != self.name:
            raise ValueError("not a snapshot of the C backend (a backend's snapshot only loads into the same backend)")
        missing = [k for k in ("config", "arrays", "batch", "engine_errors_seen") if k not in state]
        if missing:
            raise ValueError(f"the C backend's snapshot lacks {', '.join(missing)}")
        if not isinstance(state["config"], dict) or state["config"] != self._config:
            theirs = state["config"] if isinstance(state["config"], dict) else {}
            diff = sorted(k for k in self._config if theirs.get(k) != self._config[k])
            raise ValueError(f"the snapshot's env was made with other options ({', '.join(diff)})")
        arrays = state["arrays"]
        if not isinstance(arrays, dict) or any(k not in arrays for k in self._ARRAYS):
            raise ValueError(f"the C backend's snapshot arrays must hold {', '.join(self._ARRAYS)}")
        arrays = {k: np.asarray(arrays[k]) for k in self._ARRAYS}
        for k in self._ARRAYS:
            mine, theirs = getattr(self, k), arrays[k]
            if theirs.shape != mine.shape or theirs.dtype != mine.dtype:
                raise ValueError(f"snapshot array {k} is {theirs.dtype}{list(theirs.shape)}, this env's is "
                                 f"{mine.dtype}{list(mine.shape)}")
        try:
            seen = C.check_int("snapshot engine_errors_seen", state["engine_errors_seen"], 0, 2 ** 62)
        except TypeError as exc:
            raise ValueError(str(exc)) from None
        if not isinstance(state["batch"], (bytes, bytearray)):
            raise ValueError("EnvBatch.set_state: the snapshot's batch is not bytes")
        blob = self._decompress(state["batch"])
        if observations is not None:  # the env's saved masks must be the batch's (which the C side recomputes)
            from yomi._native import EnvBatch

            layout = EnvBatch.snapshot_layout()
            start = layout["header"] + layout["scalars"]
            count = self.n * 2 * layout["mask"]
            if len(blob) < start + 4 * count:
                raise ValueError("EnvBatch.set_state: corrupted snapshot (shorter than its masks)")
            stored = np.frombuffer(blob, dtype=np.float32, count=count, offset=start).reshape(self.n * 2, -1)
            saved = np.asarray(observations, dtype=np.float32)[:, O.FEATURE_SIZE:O.FEATURE_SIZE + layout["mask"]]
            if saved.shape != stored.shape or not np.array_equal(saved, stored):
                raise ValueError("the snapshot's observations hold masks other than its matches' open decisions")
        # validates everything (the matches, and the characters against the saved chars) before
        # changing anything; nothing below can fail
        self.batch.set_state(blob, np.ascontiguousarray(arrays["chars"]))
        for k in self._ARRAYS:
            getattr(self, k)[...] = arrays[k]
        self._engine_errors_seen = seen



# The most a snapshot of one match may take decompressed: about 12 times a match's 340 KB, room for
# an object pool grown far past its inline slots.  A snapshot is decompressed only as far as its
# header says, and its header may say at most this per match: a small file never inflates into
# gigabytes (a zlib bomb stops at the bound).
MAX_MATCH_SNAPSHOT_BYTES = 4 << 20
_SNAP_HEADER = struct.Struct("=8sIIQQQQQ")  # csrc/python/env_py.c, snap_header: 56 bytes, native order


def decompress_snapshot(data: bytes, n: int, what: str = "EnvBatch.set_state") -> bytes:
    """The EnvBatch snapshot of `n` matches compressed in `data`, decompressed within its bound:
    the header first, which must be a snapshot's of `n` matches whose payload is at most
    MAX_MATCH_SNAPSHOT_BYTES a match, then exactly that payload.  ValueError otherwise (the C side
    checks the rest: magic, build, checksum, every match)."""
    z = zlib.decompressobj()
    try:
        head = z.decompress(data, _SNAP_HEADER.size)
        if len(head) < _SNAP_HEADER.size:
            raise ValueError("shorter than a snapshot's header")
        magic, _version, _size, _fp, count, _match, payload, _sum = _SNAP_HEADER.unpack(head)
        if magic != b"YOMIENV\0" or count != n:
            raise ValueError(f"not a snapshot of this env's {n} matches")
        limit = (1 << 16) + n * MAX_MATCH_SNAPSHOT_BYTES
        if payload > limit:
            raise ValueError(f"its header claims {payload:,} bytes, more than the limit of {limit:,} "
                             f"for {n} matches")
        body = z.decompress(z.unconsumed_tail, payload + 1)
        if len(body) != payload or z.unconsumed_tail or not z.eof:
            raise ValueError("its size is not the one its header states")
    except zlib.error as exc:
        raise ValueError(f"{what}: corrupted snapshot ({exc})") from None
    except ValueError as exc:
        raise ValueError(f"{what}: corrupted snapshot ({exc})") from None
    return head + body


def _default_backend() -> str:
    """``c`` when the C engine and the env's C part are built, else ``python``."""
    try:
        from integration.engine import _native
        native = _native()
        return "c" if hasattr(native, "EnvBatch") and native.EnvBatch.sizes()["obs"] == O.OBS_SIZE else "python"
    except Exception:
        return "python"


BACKENDS: dict[str, Callable] = {"python": PythonBackend, "c": CBackend}
