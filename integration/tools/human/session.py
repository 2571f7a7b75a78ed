"""One person against a policy: the match, its turn panel, the prediction preview and the trace.

No game file is ported here: the match runs through :class:`integration.env.env.YomiEnv` (its masks,
decoding and turn model, on the Python engine, which keeps every tick for the trace) and is
recorded by :class:`integration.train.play.TraceRecorder` as ``yomi-trace/1``, as ``yomi play --record``
writes it.  The HTTP server (:mod:`integration.tools.human.server`) is a thin layer over this class, so
everything here is testable without a network.

Contracts
    * :meth:`HumanMatch.panel` describes the person's open decision from the env's action layout
      and masks only: the legal moves, grouped by the game's action type, and for each move the
      heads it uses with their legal values (a widget kind, a label and, for directions, a
      position).  A value not listed there is refused by :meth:`preview` and :meth:`play`.
    * Every request names the match and turn it was made for; a request for another match or
      turn (stale), an action that is not a list of ``N_HEADS`` ints, or an illegal action raises
      :class:`RequestError` and changes nothing.
    * :meth:`preview` runs on a clone of the engine match: the match, the env and the trace are
      unchanged by it.  One lock serialises all engine work (the server answers from threads).
    * :meth:`play` submits the person's action and the policy's, advances to the next decision
      and returns what happened (the new ticks with their boxes, the turn, the result at the end).
"""
from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any, Optional

import numpy as np

from integration.env import encoding as E
from integration.env import action_layout as AL
from integration.env import obs as O
from integration.train.play import TraceRecorder

GROUPS = ("movement", "attack", "special", "super", "defense")   # CharState.gd ActionType order
PREVIEW_TICKS = 120     # the preview stops at the next decision, or after this many ticks
# The engine is single-threaded code, not made for a preview's clone to tick while a turn ticks the
# match in another of the server's threads: every engine call of every match holds this lock.
ENGINE_LOCK = threading.RLock()


class RequestError(ValueError):
    """A request the match refuses (stale, malformed or illegal); nothing was changed.
    ``status`` is the HTTP status the server answers with."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def make_opponent(name: str, generator, seed: int, characters=None, any_pairing: bool = False):
    """The opponent's policy from a policy name (:func:`integration.train.policies.make_policy`:
    random, scripted, search[:options] or a checkpoint, which plays only the ``characters``
    pairing it was trained on unless ``any_pairing``).  The one place that resolves names here."""
    from integration.train.policies import make_policy

    return make_policy(name, generator=generator, seed=seed, characters=characters, any_pairing=any_pairing)


class LiveRecorder(TraceRecorder):
    """:class:`TraceRecorder` that also keeps the lines it writes, for the page."""

    def __init__(self, path: str, players: dict, settings: Optional[dict] = None):
        super().__init__(path, players, settings)
        self.header: Optional[dict] = None
        self.ticks: list = []
        self.turns: list = []
        self.end_line: Optional[dict] = None

    def start(self, i, match, seed) -> None:
        if i == 0 and self.writer is None and not self.done:
            # The save folder (runs/human/ by default) is made here, once the opponent is built:
            # a refused opponent leaves nothing behind.  The server checked that it can be made.
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        super().start(i, match, seed)
        if self.header is None and self.writer is not None:
            from yomi.match import DEFAULT_SETTINGS

            st = match.state()
            p1, p2 = match.characters
            self.header = {"format": "yomi-trace/1", "game": "YOMI Hustle", "p1": p1, "p2": p2, "seed": int(seed),
                           "match_settings": dict(DEFAULT_SETTINGS, **(self.settings or {})),
                           "start": {"tick": -1, "p1": st["p1"], "p2": st["p2"]}}

    def tick(self, i, tick, state) -> None:
        if self._active(i):
            self.ticks.append({"t": "tick", "tick": int(tick), **state})
        super().tick(i, tick, state)

    def turn(self, i, tick, submitted, legal) -> None:
        if self._active(i):
            self.turns.append({"t": "turn", "tick": int(tick), "p1": submitted[0], "p2": submitted[1],
                               "legal": {"p1": list(legal[0]), "p2": list(legal[1])}})
        super().turn(i, tick, submitted, legal)

    def end(self, i, result) -> None:
        if self._active(i):
            tick = self.ticks[-1]["tick"] if self.ticks else -1
            self.end_line = {"t": "end", "tick": tick, **dict(result)}
        super().end(i, result)


# ------------------------------------------------------------------------------------------------
# the panel: widgets from the action layout
# ------------------------------------------------------------------------------------------------
def _xy_widget(name: str, plot: "E.Plot", legal: list, offset: int = 0) -> dict:
    """An XY pad: each legal bin placed where the widget's output for it points (the plot's
    ints, percent of its radius, facing right: x forward, y down), labelled with those ints;
    the default is the bin nearest to the widget's own default value.  Bin ``b`` of the head is
    bin ``b - offset`` of the plot (bins below ``offset`` have no position: e.g. "no boost")."""
    vals, _ = E.plot_table(plot)
    dx, dy = E.plot_default(plot)
    choices, best, best_d = [], None, math.inf
    for b in legal:
        k = b - offset
        if k < 0:
            choices.append({"bin": b, "label": "off", "pos": None})
            continue
        x, y = int(vals[k][0]), int(vals[k][1])
        choices.append({"bin": b, "label": f"{x}, {y}", "pos": [x / 100, y / 100]})
        d = math.hypot(x - dx, y - dy)
        if d < best_d:
            best, best_d = b, d
    return {"kind": "xy", "name": name, "choices": choices,
            "default": best if best is not None and offset == 0 else choices[0]["bin"]}


_DIR8_NAMES = ("neutral", "forward", "forward-down", "down", "back-down", "back", "back-up", "up", "forward-up")


def _dir8_choice(b: int, d: int) -> dict:
    x, y = E.DIR8[d]
    return {"bin": b, "label": _DIR8_NAMES[d], "pos": [x, y]}


# exclusive extras: labels of their values (encoding.py's head documentation)
_EXTRA_OPTIONS = {
    "hook": ("none", "pull", "detach"),
    "aimage": ("none", "detonate", "shift", "drift", "hindsight"),
    "hover": ("none", "hover", "fast fall"),
    "armor": ("none", "armor", "pull"),
    "loic": ("neutral", "forward", "back"),
}
_EXTRA_CHECKS = {"explode": "explode", "gun_cancel": "gun cancel", "detonate": "detonate", "nade": "grenade",
                 "drive": "drive cancel", "spike": "spike"}


def head_widget(sp: "E.CharSpec", mu: "E.MoveUI", head: str, legal: list) -> dict:
    """The widget of one (move, character head): ``kind`` (xy | dir8 | slider | check | options),
    ``name`` and ``choices`` (the legal values only: ``bin``, ``label``, ``pos`` for directions)."""
    if head in ("dir", "dir2", "scalar", "flag1", "flag2", "option"):
        w = sp.widget(mu, head)
        kind = w.kind
        name = w.name
        if kind == "XYPlot":
            return _xy_widget(name, w.plot, legal)
        if kind == "8Way":
            return {"kind": "dir8", "name": name,
                    "choices": [_dir8_choice(b, E.XYBIN_TO_DIR8[b]) for b in legal if b in E.XYBIN_TO_DIR8]}
        if kind == "HorizSlider":
            return {"kind": "slider", "name": name, "choices": [{"bin": b, "label": f"{E.SLIDER_STEP * b}"} for b in legal]}
        if kind == "CountOption":
            return {"kind": "options", "name": name, "choices": [{"bin": b, "label": f"{b + 1}"} for b in legal]}
        if kind == "CheckButton":
            return {"kind": "check", "name": name, "choices": [{"bin": b, "label": "on" if b else "off"} for b in legal]}
        if kind == "BlockHeight":
            return {"kind": "options", "name": name, "choices": [{"bin": b, "label": ("high", "low")[b]} for b in legal]}
        if kind == "OptionButton":
            items = w.native.get("items", [])     # Godot's flat list: 5 entries per item, the text first

            def label(b: int) -> str:
                return items[5 * b] if 5 * b < len(items) and isinstance(items[5 * b], str) else f"option {b}"

            return {"kind": "options", "name": name, "choices": [{"bin": b, "label": label(b)} for b in legal]}
        raise AssertionError(kind)
    if head == "di":
        return _xy_widget("DI", E.DI_PLOT, legal)
    if head in ("feint", "reverse"):
        return {"kind": "check", "name": head, "choices": [{"bin": b, "label": "on" if b else "off"} for b in legal]}
    if head in _EXTRA_CHECKS:
        return {"kind": "check", "name": _EXTRA_CHECKS[head], "choices": [{"bin": b, "label": "on" if b else "off"} for b in legal]}
    if head in _EXTRA_OPTIONS:
        names = _EXTRA_OPTIONS[head]
        return {"kind": "options", "name": head, "choices": [{"bin": b, "label": names[b]} for b in legal]}
    if head == "release":      # 0 = no boost, b = boost towards direction bin b - 1 of the BoostDir pad
        w = _xy_widget("release (boost)", sp.boost_plots[1], legal, offset=1)
        for c in w["choices"]:
            if c["pos"] is None:
                c["label"] = "no boost"
        return w
    if head in ("fly", "juke"):  # 0 = off, b = on towards 8-way direction b - 1
        return {"kind": "dir8", "name": head,
                "choices": [{"bin": 0, "label": "off", "pos": None} if b == 0 else _dir8_choice(b, b - 1) for b in legal]}
    if head == "orb":            # 0..8 = push direction, 9 = lock the orb
        return {"kind": "dir8", "name": "orb",
                "choices": [{"bin": b, "label": "lock orb", "pos": None} if b == 9 else _dir8_choice(b, b) for b in legal]}
    raise KeyError(head)


def _default_bin(widget: dict) -> int:
    if "default" in widget:
        return widget.pop("default")
    return widget["choices"][0]["bin"]


def describe_decision(obs_row: np.ndarray) -> dict:
    """The turn panel of one agent's decision, from its observation's packed masks."""
    tail = np.asarray(obs_row)[O.FEATURE_SIZE:]
    c = int(round(float(tail[0])))
    move_mask, data_mask = AL.decode_masks(tail)
    cl = AL.CHAR_LAYOUTS[c]
    sp = cl.spec
    moves = []
    for u in np.nonzero(move_mask)[0]:
        u = int(u)
        m = int(cl.u2c[u])
        mu = sp.move_ui[m]
        heads = []
        for h in range(1, AL.N_HEADS):
            if not cl.head_used[u, h]:
                continue
            off, size = AL.DATA_OFFSETS[h - 1], AL.DATA_SIZES[h - 1]
            legal = [int(b) for b in np.nonzero(data_mask[u, off:off + size])[0]]
            w = head_widget(sp, mu, sp.head_names[int(cl.u_to_head[h])], legal)
            w.update(default=_default_bin(w), head=h, head_name=AL.HEAD_NAMES[h])
            heads.append(w)
        moves.append({"index": u, "name": "Hold" if m == 0 else mu.name,
                      "group": "hold" if m == 0 else GROUPS[mu.type], "heads": heads})
    return {"character": sp.character, "n_heads": AL.N_HEADS, "moves": moves}


def default_action(panel: dict, move: int) -> list:
    """The action the panel starts from for a move: every used head at its default value."""
    heads = [0] * panel["n_heads"]
    heads[0] = move
    for mv in panel["moves"]:
        if mv["index"] == move:
            for w in mv["heads"]:
                heads[w["head"]] = w["default"]
            return heads
    raise KeyError(move)


def parse_action(value: Any) -> np.ndarray:
    """A request's action: exactly ``N_HEADS`` ints (not bools, not floats), else RequestError."""
    if not isinstance(value, list) or len(value) != AL.N_HEADS:
        raise RequestError(f"'action' must be a list of {AL.N_HEADS} integers (one per head: {', '.join(AL.HEAD_NAMES)})")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise RequestError("'action' must hold integers only")
    if not all(0 <= v < s for v, s in zip(value, AL.HEAD_SIZES)):
        raise RequestError(f"'action' value out of range (head sizes {list(AL.HEAD_SIZES)})")
    return np.asarray(value, dtype=np.int32)


def _brief(f: dict) -> dict:
    return {k: f[k] for k in ("px", "py", "facing", "state", "st", "hp") if k in f}


# ------------------------------------------------------------------------------------------------
# the match
# ------------------------------------------------------------------------------------------------
class HumanMatch:
    """A person (seat ``side``) against ``opponent`` (a policy name) in one match, recorded to ``trace_path``."""

    def __init__(self, *, opponent: str = "random", c1: str = "ninja", c2: str = "ninja", seed: int = 0,
                 side: int = 1, trace_path: str | Path, match_id: int = 1, settings: Optional[dict] = None,
                 any_pairing: bool = False):
        import torch

        from integration.env.env import YomiEnv

        if side not in (1, 2):
            raise ValueError("side must be 1 or 2")
        self.match_id = int(match_id)
        self.side = side
        self.me, self.them = side - 1, 2 - side
        self.opponent_name = str(opponent)
        self.seed = int(seed)
        self.generator = torch.Generator().manual_seed(self.seed)
        self.policy = make_opponent(self.opponent_name, self.generator, self.seed + 1, (c1, c2), any_pairing)
        self.trace_path = Path(trace_path)
        players = {f"p{side}": "human", f"p{3 - side}": self.opponent_name}
        self.recorder = LiveRecorder(str(self.trace_path), players, settings)
        self.env = YomiEnv(num_envs=1, seed=self.seed, p1=c1, p2=c2, settings=settings, tracer=self.recorder,
                           illegal="raise", backend="python")
        self.env.reset(seed=self.seed)
        # The opponent decides on a C-engine twin of the match, played in lockstep (a policy that
        # searches clones its matches there); the Python engine's match is recorded and previewed.
        self.twin = YomiEnv(num_envs=1, seed=self.seed, p1=c1, p2=c2, settings=settings, illegal="raise", backend="c")
        self.twin.reset(seed=self.seed)
        if hasattr(self.policy, "bind"):      # a policy that reads the match itself (a search) binds to the twin
            self.policy.bind(self.twin, [self.them])
        self.turn = 0
        self.result: Optional[dict] = None
        self.lock = ENGINE_LOCK
        self._panel = describe_decision(self.env.observations[self.me])

    # ---- what the page shows ------------------------------------------------------------------
    @property
    def characters(self) -> tuple:
        return self.recorder.header["p1"], self.recorder.header["p2"]

    def panel(self) -> Optional[dict]:
        """The person's open decision (None once the match is over)."""
        return None if self.result is not None else self._panel

    def status(self) -> dict:
        me = self._state()[f"p{self.side}"] if self.result is None else None
        return {"match": self.match_id, "turn": self.turn, "side": self.side, "opponent": self.opponent_name,
                "p1": self.characters[0], "p2": self.characters[1], "panel": self.panel(),
                "facing": int(me["facing"]) if me else 1, "result": self.result, "trace": str(self.trace_path)}

    def page_data(self) -> dict:
        """The viewer's data of the match so far, in :func:`integration.tools.watch.page.page_data`'s
        shape and encoding (ticks and derived boxes delta-encoded, which viewer.js decodes)."""
        from integration.tools.watch.boxes import derive_boxes
        from integration.tools.watch.page import PAGE_VERSION, delta_encode

        ticks = list(self.recorder.ticks)
        derived, source = derive_boxes(self.recorder.header, ticks)
        label = f"you (P{self.side}) vs {self.opponent_name}"
        return {"version": PAGE_VERSION,
                "runs": [{"label": label, "path": str(self.trace_path), "header": self.recorder.header,
                          "turns": list(self.recorder.turns), "ticks": delta_encode(ticks),
                          "end": self.recorder.end_line}],
                "derived_boxes": [delta_encode(derived)], "boxes_source": [source], "compared": False,
                "divergence": None}

    # ---- requests -----------------------------------------------------------------------------
    def _check_request(self, body: Any) -> np.ndarray:
        if not isinstance(body, dict):
            raise RequestError("the request body must be a JSON object")
        if body.get("match") != self.match_id or isinstance(body.get("match"), bool):
            raise RequestError(f"stale request: it is for match {body.get('match')!r}, this is match {self.match_id}", 409)
        if self.result is not None:
            raise RequestError("the match is over (start a rematch)", 409)
        turn = body.get("turn")
        if turn != self.turn or isinstance(turn, bool):
            if isinstance(turn, int) and not isinstance(turn, bool) and 0 <= turn < self.turn:
                raise RequestError(f"stale request: turn {turn} was already played (the open turn is {self.turn})", 409)
            raise RequestError(f"stale request: turn {turn!r} is not the open turn ({self.turn})", 409)
        heads = parse_action(body.get("action"))
        from integration.env.env import check_action_obs

        why = check_action_obs(self.env.observations[self.me], heads)
        if why is not None:
            raise RequestError(f"illegal action: {why}", 422)
        return heads

    def _state(self) -> dict:
        return self.env.backend.decisions[0][0]

    def _decode(self, seat: int, heads) -> tuple:
        state, _, fvs, _ = self.env.backend.decisions[0]
        cl = AL.CHAR_LAYOUTS[int(self.env.backend.chars[0, seat])]
        opp = state["p2" if seat == 0 else "p1"]
        return E.decode(cl.character, cl.to_char_heads(heads), fvs[seat], opp, state["objects"])

    def preview(self, body: Any) -> dict:
        """Where both fighters go if the person plays ``body["action"]`` and the opponent holds:
        per tick, until the next decision (at most PREVIEW_TICKS), on a clone of the match."""
        from integration.env.env import fallback_action

        with self.lock:
            heads = self._check_request(body)
            _, sts, _, _ = self.env.backend.decisions[0]
            hold = fallback_action(int(self.env.backend.chars[0, self.them]), sts[self.them])
            mine, theirs = self._decode(self.me, heads), self._decode(self.them, hold)
            clone = self.env.backend.matches[0].clone()
            for seat, (action, data, extra) in ((self.me, mine), (self.them, theirs)):
                clone.submit(seat + 1, action, data, extra)
            ticks, error = [], None
            try:
                for _ in range(PREVIEW_TICKS):
                    clone.tick()
                    st = clone.state()
                    ticks.append({"tick": clone.current_tick, "p1": _brief(st["p1"]), "p2": _brief(st["p2"])})
                    if clone.is_waiting() or clone.result() is not None:
                        break
            except Exception as exc:      # an engine bug on this path: the preview says so, the match is untouched
                error = f"{type(exc).__name__}: {exc}"
        return {"match": self.match_id, "turn": self.turn,
                "choice": {"action": mine[0], "data": mine[1], "extra": mine[2]},
                "opponent": {"action": theirs[0]}, "ticks": ticks, "error": error}

    def play(self, body: Any) -> dict:
        """Lock in the person's action; the policy chooses, the ticks run to the next decision."""
        import torch

        from integration.engine import EngineError
        from integration.env.env import R
        from integration.tools.watch.boxes import derive_tick_boxes

        with self.lock:
            heads = self._check_request(body)
            if not np.array_equal(self.twin.observations, self.env.observations):
                raise EngineError(f"the C and Python engines disagree at turn {self.turn} of this match (a bug)")
            obs = torch.as_tensor(self.twin.observations)
            masks = self.twin.action_spec.decode_masks(obs)
            k = self.them
            a = self.policy(obs[k:k + 1], tuple(m[k:k + 1] for m in masks))
            acts = np.zeros((2, AL.N_HEADS), dtype=np.int32)
            acts[self.me] = heads
            acts[k] = (a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)).reshape(-1)
            n_ticks = len(self.recorder.ticks)
            self.twin.step(acts)
            _, _, term, trunc, _ = self.env.step(acts)
            self.turn += 1
            if term[0] or trunc[0]:
                r = self.env.backend.results[0]
                winner = int(r[R["winner"]])
                self.result = {"winner": winner, "you": self.side,
                               "outcome": "draw" if winner == 0 else ("win" if winner == self.side else
                                                                      ("loss" if winner > 0 else "error")),
                               "reason": "ko" if r[R["ko"]] else ("timeout" if winner >= 0 else "engine error"),
                               "p1_hp": int(r[R["p1_hp"]]), "p2_hp": int(r[R["p2_hp"]]), "turns": int(r[R["turns"]]),
                               "ticks": int(r[R["ticks"]])}
                if trunc[0]:
                    self.result["error"] = self.env.last_engine_error
                self.recorder.close()
            else:
                self._panel = describe_decision(self.env.observations[self.me])
            new = self.recorder.ticks[n_ticks:]
            p1, p2 = self.characters
            boxes = [None if isinstance(t.get("boxes"), dict) else derive_tick_boxes(t, p1, p2) for t in new]
            out = self.status()
            out.update(ticks=new, boxes=boxes, turn_line=self.recorder.turns[-1], end=self.recorder.end_line)
            return out

    def close(self) -> None:
        """Close the trace (a match left unfinished keeps its lines, without an end line)."""
        with self.lock:
            self.recorder.close()
            self.env.close()
            self.twin.close()
