"""``yomi play``: one match between two policies, optionally recorded as a trace.

::

    uv run yomi play --p1 random --p2 scripted --record out.jsonl.gz
    uv run yomi play --p1 scripted --p2 runs/x/checkpoints/latest.pt --c1 Ninja --c2 Robot --seed 3
    uv run yomi watch out.jsonl.gz

A policy is ``random`` (uniform over legal actions), ``scripted`` (:mod:`integration.env.baselines`)
or a trainer checkpoint (``*.pt``).  The match runs through :class:`integration.env.env.YomiEnv` (its
masks, decoding and turn model) on the Python engine; the recording has a ``yomi-trace/1``
header, every simulated tick, every turn with both choices exactly as submitted and both legal
lists, and the end line, so ``yomi watch`` and ``yomi parity trace`` read it like a Godot trace.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Optional

import numpy as np

from integration.env import obs as O


class TraceRecorder:
    """YomiEnv tracer that writes the first match of slot 0 with :class:`TraceWriter`."""

    def __init__(self, path: str, players: dict, settings: Optional[dict] = None):
        self.path = path
        self.players = players
        self.settings = settings
        self.writer = None
        self.done = False

    def start(self, i: int, match, seed: int) -> None:
        if i != 0 or self.done or self.writer is not None:
            return
        from integration.tracefile import TraceWriter
        from yomi.match import DEFAULT_SETTINGS

        st = match.state()
        p1, p2 = match.characters
        header = {"game": "YOMI Hustle", "p1": p1, "p2": p2, "seed": int(seed),
                  "match_settings": dict(DEFAULT_SETTINGS, **(self.settings or {})),
                  "start": {"tick": -1, "p1": st["p1"], "p2": st["p2"]},
                  "notes": f"yomi play: P1 {self.players['p1']} vs P2 {self.players['p2']} (engine: python)"}
        self.writer = TraceWriter(self.path, header)

    def _active(self, i: int) -> bool:
        return i == 0 and self.writer is not None and not self.done

    def tick(self, i: int, tick: int, state: dict) -> None:
        if self._active(i):
            self.writer.tick(tick, state)

    def turn(self, i: int, tick: int, submitted: list, legal: list) -> None:
        if self._active(i):
            self.writer.turn(tick, submitted[0], submitted[1], legal={"p1": list(legal[0]), "p2": list(legal[1])})

    def end(self, i: int, result: dict) -> None:
        if self._active(i):
            self.writer.end(dict(result))
            self.close()

    def close(self) -> None:
        if self.writer is not None and not self.writer.closed:
            self.writer.close()
        self.done = self.writer is not None


def play_match(p1: str = "random", p2: str = "scripted", c1: str = "ninja", c2: str = "ninja", seed: int = 0,
               record: Optional[str] = None, settings: Optional[dict] = None, max_turns: int = 100_000) -> dict:
    """Play one match; returns its result (winner 0/1/2, reason, hp, turns, ticks, illegal actions)."""
    import torch

    from integration.env.env import YomiEnv
    from integration.train.policies import make_policy

    gen = torch.Generator().manual_seed(seed)
    policies = (make_policy(p1, gen), make_policy(p2, gen))
    names = {seat: p if isinstance(p, str) else getattr(p, "name", "a policy function")
             for seat, p in (("p1", p1), ("p2", p2))}
    tracer = TraceRecorder(record, names, settings) if record else None
    env = YomiEnv(num_envs=1, seed=seed, p1=c1, p2=c2, settings=settings, tracer=tracer, illegal="raise",
                  backend="python")
    env.reset(seed=seed)
    spec = env.action_spec
    result = None
    try:
        for _ in range(max_turns):
            obs = torch.as_tensor(env.observations)
            masks = spec.decode_masks(obs)
            acts = np.zeros((2, O.N_HEADS), dtype=np.int32)
            for k in (0, 1):
                a = policies[k](obs[k:k + 1], tuple(m[k:k + 1] for m in masks))
                acts[k] = (a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)).reshape(-1)
            _, rew, term, trunc, _ = env.step(acts)
            if term[0] or trunc[0]:
                r = env.backend.results[0]
                from integration.env.env import R
                result = {"winner": int(r[R["winner"]]), "reason": "ko" if r[R["ko"]] else
                          ("timeout" if r[R["winner"]] >= 0 else "engine error"),
                          "p1_hp": int(r[R["p1_hp"]]), "p2_hp": int(r[R["p2_hp"]]), "turns": int(r[R["turns"]]),
                          "ticks": int(r[R["ticks"]]), "p1": O.CHARACTERS[r[R["p1_char"]]],
                          "p2": O.CHARACTERS[r[R["p2_char"]]], "seed": int(r[R["seed"]]),
                          "rewards": [float(rew[0]), float(rew[1])]}
                if trunc[0]:
                    result["error"] = env.last_engine_error
                break
    finally:
        if tracer is not None:
            tracer.close()
    return result or {"winner": None, "reason": "max_turns"}


def record_eval_matches(policy, out_dir, p1: str = "ninja", p2: str = "ninja", seed: int = 0,
                        opponents: tuple = ("scripted", "random")) -> list[str]:
    """The trainer's final matches to watch: the policy against each opponent once from each
    side, recorded on the Python engine (the C engine's twin, which keeps the ticks a trace
    needs) as ``<out_dir>/<opponent>_p<seat>.jsonl.gz``.  Returns the paths written."""
    from pathlib import Path

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    for k, opponent in enumerate(opponents):
        for seat in (1, 2):
            path = out / f"{opponent}_p{seat}.jsonl.gz"
            sides = (policy, opponent) if seat == 1 else (opponent, policy)
            play_match(*sides, c1=p1, c2=p2, seed=seed + 2 * k + seat, record=str(path))
            paths.append(str(path))
    return paths


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="yomi play", description="Play (and record) one match between two policies.")
    ap.add_argument("--p1", default="random", help="P1's policy: random, scripted or a checkpoint .pt")
    ap.add_argument("--p2", default="scripted", help="P2's policy: random, scripted or a checkpoint .pt")
    ap.add_argument("--c1", "--char1", dest="c1", default="ninja", help="P1's character (or random)")
    ap.add_argument("--c2", "--char2", dest="c2", default="ninja", help="P2's character (or random)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--record", metavar="OUT.jsonl.gz", help="write the match as a yomi-trace/1 file")
    ap.add_argument("--settings", help="match settings as JSON (e.g. '{\"game_length\": 3000}')")
    ap.add_argument("--max-turns", type=int, default=100_000)
    args = ap.parse_args(argv)
    settings = json.loads(args.settings) if args.settings else None
    try:
        res = play_match(args.p1, args.p2, args.c1, args.c2, args.seed, args.record, settings, args.max_turns)
    except (FileNotFoundError, ValueError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc  # no KeyError quotes
        print(f"yomi play: {message}", file=sys.stderr)
        return 2
    who = {0: "draw", 1: f"P1 ({args.p1}) wins", 2: f"P2 ({args.p2}) wins"}.get(res.get("winner"), "no result")
    print(f"{res.get('p1', args.c1)} vs {res.get('p2', args.c2)}: {who} by {res.get('reason')} "
          f"(hp {res.get('p1_hp')} - {res.get('p2_hp')}, {res.get('turns')} turns, {res.get('ticks')} ticks)"
          + (f"; recorded to {args.record}" if args.record else ""))
    if res.get("error"):
        print(f"engine error: {res['error']}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
