"""One match of the real game, kept in lockstep by our engine, with a policy playing one side.

No game file is ported here.  The game's mod reports each turn (:mod:`.protocol`); this class replays
the same match on an engine (``integration.engine.create_match`` from the game's characters, seed
and settings, then both players' decisions as the game's fighters received them), so the policy
observes exactly what it observes in training (``backends.observe_decision``, the env's observation
and masks; its heads decoded by ``encoding.decode`` into the game panel's ``(action, data, extra)``).

Contracts
    * A request is applied on a clone of the engine match and committed only when it is whole:
      a refused request (:class:`ProtocolError`) changes nothing, and the same request may be sent
      again.
    * The game's tick digests are compared with the engine's, tick by tick.  At the first
      difference (a field, a tick only one side simulated, or a decision at another tick) the
      session is *diverged*: a divergence file (``<trace stem>.divergence.json``: the first
      differing tick, the differing fields, both digests of that tick, every decision so far) is
      written next to the trace, and no further answer is given (the lockstep is lost; the player
      takes over in the game).
    * Every match is recorded as a ``yomi-trace/1`` trace of the engine's ticks and both players'
      decisions (``yomi watch`` shows it); it ends with the match's end line.
"""
from __future__ import annotations

import itertools
import json
import os
import time
from pathlib import Path
from typing import Any, Optional

import numpy as np

from integration.engine import EngineError, check_settings, create_match
from integration.env import encoding as E
from integration.env import action_layout as AL
from integration.env import obs as O
from integration.env.backends import observe_decision
from integration.tracefile import TraceWriter
from yomi.match import DEFAULT_SETTINGS

from integration.tools.replay.replayfile import GAME_VERSION, NON_SETTING_KEYS

from .protocol import (MAX_SEED, PROTOCOL, ProtocolError, digest, first_divergence, need_int, need_name,
                       need_object, parse_decisions, parse_digests)

MAX_MATCH_TICKS = 200_000
START_KEYS = ("protocol", "game_version", "p1", "p2", "seed", "match_data", "agent")
TURN_KEYS = ("session", "turn", "tick", "decisions", "ticks", "end")
_SESSION_IDS = itertools.count(1)


def match_settings(match_data: Any) -> dict:
    """The engine's settings from the game's ``match_data`` (its non-setting keys dropped)."""
    if not isinstance(match_data, dict):
        raise ProtocolError("'match_data' must be a JSON object")
    unknown = [k for k in match_data if k not in DEFAULT_SETTINGS and k not in NON_SETTING_KEYS]
    if unknown:
        raise ProtocolError(f"match settings the engine does not know: {', '.join(map(repr, unknown[:5]))}")
    return {k: v for k, v in match_data.items() if k in DEFAULT_SETTINGS}


class PolicyPlayer:
    """A policy by name (:func:`integration.train.policies.make_policy`), asked one decision at a
    time.  The search is refused: it reads a ``YomiEnv`` twin, which a game-driven match has not."""

    def __init__(self, name: str, seed: int, characters: tuple, any_pairing: bool = False):
        import torch

        from integration.train.policies import make_policy, parse_policy_name

        if parse_policy_name(name).kind == "search":
            raise ValueError("the bridge plays random, scripted or a checkpoint; the search needs an env twin "
                             "the game does not drive")
        self.name = name
        self.generator = torch.Generator().manual_seed(int(seed))
        self.policy = make_policy(name, generator=self.generator, seed=seed, characters=characters,
                                  any_pairing=any_pairing)
        self.spec = AL.action_spec()

    def act(self, obs_row: np.ndarray) -> np.ndarray:
        import torch

        obs = torch.as_tensor(obs_row[None, :])
        masks = self.spec.decode_masks(obs)
        with torch.no_grad():
            a = self.policy(obs, masks)
        return (a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)).reshape(-1).astype(np.int32)


def policy_choice(match, chars: tuple, game_length: int, player: int, policy: PolicyPlayer) -> dict:
    """``policy``'s decision for ``player`` at the open decision of an engine ``match``: observed as
    the env observes it, decoded into the panel's ``{"action", "data", "extra"}``."""
    out = np.zeros((2, O.OBS_SIZE), dtype=np.float32)
    state, _, fvs, _ = observe_decision(match, out, chars, game_length)
    seat = player - 1
    heads = policy.act(out[seat])
    layout = AL.CHAR_LAYOUTS[chars[seat]]
    opp = state["p2" if seat == 0 else "p1"]
    action, data, extra = E.decode(layout.character, layout.to_char_heads(heads), fvs[seat], opp, state["objects"])
    return {"action": action, "data": data, "extra": extra}


class BridgeSession:
    """One game match, started by a ``/start`` request (module docstring)."""

    def __init__(self, body: Any, *, opponent: str, save_dir: Path, engine: str = "c", any_pairing: bool = False,
                 policy_seed: int = 0):
        body = need_object(body, START_KEYS, "the start request")
        if body["protocol"] != PROTOCOL:
            raise ProtocolError(f"the mod speaks protocol {body['protocol']!r}, this server {PROTOCOL} "
                                "(install the mod of this yomi: yomi bridge install)")
        if body["game_version"] != GAME_VERSION:
            raise ProtocolError(f"the game is version {str(body['game_version'])[:40]!r}; the engine ports "
                                f"{GAME_VERSION!r} only (the match would play differently)")
        p1, p2 = (need_name(body[k], f"'{k}'") for k in ("p1", "p2"))
        for name in (p1, p2):
            if name not in AL.CHARACTERS:
                raise ProtocolError(f"character {name!r} is not one the engine plays ({', '.join(AL.CHARACTERS)})")
        seed = need_int(body, "seed", -MAX_SEED - 1, MAX_SEED)
        self.agent = need_int(body, "agent", 1, 2)
        settings = match_settings(body["match_data"])
        try:
            check_settings(settings, p1, p2)
            self.match = create_match(p1, p2, seed, settings, engine)
        except (EngineError, TypeError, ValueError) as exc:
            raise ProtocolError(f"the engine cannot play these settings ({exc})") from None
        try:
            self.player = PolicyPlayer(opponent, policy_seed, (p1, p2), any_pairing)
        except (KeyError, ValueError) as exc:
            raise ProtocolError(f"the policy {opponent!r} cannot play {p1} vs {p2}: "
                                f"{exc.args[0] if exc.args else exc}", 409) from None
        self.id = next(_SESSION_IDS)
        self.p1, self.p2, self.seed, self.settings = p1, p2, seed, settings
        self.chars = (AL.CHAR_INDEX[p1], AL.CHAR_INDEX[p2])
        self.game_length = int(settings.get("game_length", DEFAULT_SETTINGS["game_length"]))
        self.turn = 0
        self.result: Optional[dict] = None
        self.divergence: Optional[dict] = None
        self.history: list[dict] = []
        save_dir.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        self.trace_path = save_dir / f"bridge_{stamp}_{os.getpid()}_{self.id}_{p1}_vs_{p2}.jsonl.gz"
        start = self.match.state()
        self.writer = TraceWriter(self.trace_path, {
            "game": "YOMI Hustle", "source_commit": "4450348", "game_version": GAME_VERSION, "p1": p1, "p2": p2,
            "seed": seed, "match_settings": settings, "start": {"tick": -1, "p1": start["p1"], "p2": start["p2"]},
            "players": {f"p{self.agent}": opponent, f"p{3 - self.agent}": "the game"},
            "notes": f"yomi bridge serve: the engine ({engine}) in lockstep with the real game"})
        self.pending = self._advance(self.match)        # the ticks before the first decision
        for tick, state in self.pending:
            self.writer.tick(tick, state)

    # ------------------------------------------------------------------ requests
    def status(self) -> dict:
        return {"session": self.id, "turn": self.turn, "tick": self.match.current_tick, "agent": self.agent,
                "policy": self.player.name, "trace": str(self.trace_path), "result": self.result,
                "divergence": self.divergence}

    def turn_request(self, body: Any) -> dict:
        """Apply the previous turn's decisions, check the game's digests, answer the open decision."""
        body = need_object(body, TURN_KEYS, "the turn request")
        if body["session"] != self.id or isinstance(body["session"], bool):
            raise ProtocolError(f"stale request: session {body['session']!r}, this is session {self.id}", 409)
        if body["turn"] != self.turn or isinstance(body["turn"], bool):
            raise ProtocolError(f"stale request: turn {body['turn']!r} is not the open turn ({self.turn})", 409)
        if self.divergence is not None or self.result is not None:
            raise ProtocolError("the session is over (" + ("diverged" if self.divergence else "the match ended")
                                + "): start a new match", 409)
        tick = need_int(body, "tick", 0, MAX_MATCH_TICKS)
        if not isinstance(body["end"], bool):
            raise ProtocolError("'end' must be true or false")
        decisions = parse_decisions(body["decisions"], self.turn)
        digests = parse_digests(body["ticks"])
        match, ticks = self.match, self.pending
        if decisions is not None:
            match = self.match.clone()
            for player, side in ((1, "p1"), (2, "p2")):
                c = decisions[side]
                try:
                    match.submit(player, c["action"], c["data"], c["extra"])
                except (EngineError, ValueError, TypeError) as exc:   # InvalidAction is a ValueError
                    raise ProtocolError(f"the engine refuses {side}'s decision {c['action']!r} at tick "
                                        f"{match.current_tick} ({exc})", 422) from None
            ticks = self._advance(match)
        # committed from here: the decisions were legal, the rest is the parity check and the answer
        if decisions is not None:
            self.writer.turn(self.match.current_tick, decisions["p1"], decisions["p2"])
            self.history.append({"tick": self.match.current_tick, **decisions})
            for t, state in ticks:
                self.writer.tick(t, state)
        self.match, self.pending = match, []
        self.turn += 1
        engine_ticks = [digest(t, s) for t, s in ticks]
        found = first_divergence(digests, engine_ticks)
        at = match.current_tick
        if found is None and match.result() is None and not body["end"] and tick != at:
            found = (min(tick, at), [f"the game's decision is at tick {tick}, the engine's at tick {at}"])
        if found is None and body["end"] and match.result() is None:
            found = (at, [f"the game's match ended at tick {tick}; the engine's goes on"])
        if found is not None:
            self._diverged(found, digests, engine_ticks)
            return {**self.status(), "answer": None}
        if match.result() is not None:
            self.result = dict(match.result())
            self.writer.end(self.result)
            self.writer.close()
            return {**self.status(), "answer": None}
        if body["end"]:
            return {**self.status(), "answer": None}
        return {**self.status(), "answer": self._answer()}

    # ------------------------------------------------------------------ internals
    def _advance(self, match) -> list[tuple[int, dict]]:
        """Tick ``match`` to its next decision or its end; the ticks' states."""
        out = []
        while not match.is_waiting() and match.result() is None:
            if match.current_tick >= MAX_MATCH_TICKS:
                raise ProtocolError(f"the match is still running after {MAX_MATCH_TICKS:,} ticks", 422)
            match.tick()
            out.append((match.current_tick, match.state()))
        return out

    def _answer(self) -> dict:
        return policy_choice(self.match, self.chars, self.game_length, self.agent, self.player)

    def _diverged(self, found: tuple, digests: list, engine_ticks: list) -> None:
        tick, diff = found
        path = self.trace_path.with_name(self.trace_path.name.replace(".jsonl.gz", ".divergence.json"))
        game_d = next((d for d in digests if d["tick"] == tick), None)
        engine_d = next((d for d in engine_ticks if d["tick"] == tick), None)
        self.divergence = {"tick": tick, "differences": diff[:20], "file": str(path)}
        record = {"format": "yomi-bridge-divergence/1", "p1": self.p1, "p2": self.p2, "seed": self.seed,
                  "match_settings": self.settings, "first_tick": tick, "differences": diff,
                  "game": game_d, "engine": engine_d, "turn": self.turn - 1, "decisions": self.history,
                  "trace": str(self.trace_path)}
        tmp = path.with_name(path.name + f".tmp{os.getpid()}")
        tmp.write_text(json.dumps(record, indent=1))
        tmp.replace(path)
        self.writer.close()

    def close(self) -> None:
        self.writer.close()
