"""``yomi play``: one match between two policies, optionally recorded as a trace.

::

    uv run yomi play --p1 random --p2 scripted --record out.jsonl.gz
    uv run yomi play --p1 scripted --p2 runs/x/checkpoints/latest.safetensors --c1 Ninja --c2 Robot --seed 3
    uv run yomi watch out.jsonl.gz

A policy is named as everywhere (:mod:`integration.train.policies`): ``random``, ``scripted``,
``search[:options]`` or a trainer checkpoint (``*.safetensors``), which plays only the character
pairing it was trained on unless ``--any-pairing``; a bad name is one line on stderr and exit
code 2.  The match runs through :class:`integration.env.env.YomiEnv` (its masks, decoding and turn
model) on the C engine; with ``--record``, the Python engine plays the same match in lockstep
(the observations of both must agree every turn) and writes the recording: a ``yomi-trace/1``
header, every simulated tick, every turn with both choices exactly as submitted and both legal
lists, and the end line, so ``yomi watch`` and ``yomi parity trace`` read it like a Godot trace.

``--matches N`` plays N matches on the C engine with sides swapped and prints P1's policy's win
rate and score (a draw counts half a win) with the score's 95% Wilson interval, the one
``yomi tournament`` gives (and the search's time per decision)::

    uv run yomi play --p1 search --p2 scripted --matches 512
"""
from __future__ import annotations

import json
import sys
from typing import Optional

import numpy as np

from integration.env import action_layout as AL
from integration.options import OptionParser

MAX_MATCHES = 1_000_000      # --matches: hours of play already; a larger count is a typo, not a plan
MAX_PLAY_ENVS = 4096        # --envs: matches of one env, about 360 KB each (1.5 GB), as an evaluation env's limit
MAX_TURNS = 10_000_000      # --max-turns: the loop of one match
MAX_SEED = 2 ** 63 - 1       # --seed: numpy's and torch's generators take it (and P2's seed + 1) as it is


class TraceRecorder:
    """YomiEnv tracer that writes the first match of slot 0 with :class:`TraceWriter`.  A match cut
    short by an engine error gets no end record: when the env starts slot 0's next match, the
    recording is closed as it stands (ending at the last tick before the error) and nothing more
    is written."""

    def __init__(self, path: str, players: dict, settings: Optional[dict] = None):
        self.path = path
        self.players = players
        self.settings = settings
        self.writer = None
        self.done = False

    def start(self, i: int, match, seed: int) -> None:
        if i != 0 or self.done:
            return
        if self.writer is not None:  # the first match was cut short and the env has started another
            self.close()
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
               record: Optional[str] = None, settings: Optional[dict] = None, max_turns: int = 100_000,
               any_pairing: bool = False) -> dict:
    """Play one match; returns its result (winner 0/1/2, reason, hp, turns, ticks, illegal actions).
    A checkpoint trained on another character pairing is a ValueError unless ``any_pairing``."""
    import torch

    from integration.engine import EngineError
    from integration.env.env import YomiEnv
    from integration.train.policies import make_policy

    gen = torch.Generator().manual_seed(seed)
    policies = (make_policy(p1, generator=gen, seed=seed, characters=(c1, c2), any_pairing=any_pairing),
                make_policy(p2, generator=gen, seed=seed + 1, characters=(c1, c2), any_pairing=any_pairing))
    names = {seat: p if isinstance(p, str) else getattr(p, "name", "a policy function")
             for seat, p in (("p1", p1), ("p2", p2))}
    tracer = TraceRecorder(record, names, settings) if record else None
    # The match is decided on the C engine (the search clones its matches there); a recording is
    # made by the Python engine playing the same match in lockstep (it keeps the ticks a trace
    # needs), and the two must agree on every observation.
    env = YomiEnv(num_envs=1, seed=seed, p1=c1, p2=c2, settings=settings, illegal="raise", backend="c")
    twin = (YomiEnv(num_envs=1, seed=seed, p1=c1, p2=c2, settings=settings, tracer=tracer, illegal="raise",
                    backend="python") if tracer is not None else None)
    env.reset(seed=seed)
    if twin is not None:
        twin.reset(seed=seed)
    for k in (0, 1):
        policies[k].bind(env, [k])
    spec = env.action_spec
    result = None
    try:
        for turn in range(max_turns):
            if twin is not None and not np.array_equal(twin.observations, env.observations):
                raise EngineError(f"the C and Python engines disagree at turn {turn} of this match (a bug: "
                                  "please report it with the command line)")
            obs = torch.as_tensor(env.observations)
            masks = spec.decode_masks(obs)
            acts = np.zeros((2, AL.N_HEADS), dtype=np.int32)
            for k in (0, 1):
                a = policies[k](obs[k:k + 1], tuple(m[k:k + 1] for m in masks))
                acts[k] = (a.cpu().numpy() if isinstance(a, torch.Tensor) else np.asarray(a)).reshape(-1)
            if twin is not None:
                twin.step(acts)
            _, rew, term, trunc, _ = env.step(acts)
            if term[0] or trunc[0]:
                r = env.backend.results[0]
                from integration.env.env import R
                result = {"winner": int(r[R["winner"]]), "reason": "ko" if r[R["ko"]] else
                          ("engine error, adjudicated by hp" if r[R["cut_short"]] else "timeout"),
                          "p1_hp": int(r[R["p1_hp"]]), "p2_hp": int(r[R["p2_hp"]]), "turns": int(r[R["turns"]]),
                          "ticks": int(r[R["ticks"]]), "p1": AL.CHARACTERS[r[R["p1_char"]]],
                          "p2": AL.CHARACTERS[r[R["p2_char"]]], "seed": int(r[R["seed"]]),
                          "rewards": [float(rew[0]), float(rew[1])]}
                if trunc[0]:
                    result["error"] = env.last_engine_error
                break
    finally:
        if tracer is not None:
            tracer.close()
    return result or {"winner": None, "reason": "max_turns"}


def play_many(p1: str, p2: str, matches: int, c1: str = "ninja", c2: str = "ninja", seed: int = 0,
              envs: int = 64, settings: Optional[dict] = None, any_pairing: bool = False) -> dict:
    """``matches`` matches of policy ``p1`` against ``p2`` on the C engine, sides swapped (``p1``
    plays P1 in even match slots and P2 in odd ones; :func:`integration.train.evaluate.play`),
    ``envs`` at a time.  Returns the counts from ``p1``'s side, its win rate, and its score (a draw
    counts half a win) with the score's 95% Wilson interval (``score_ci``, the interval
    ``yomi tournament`` and the trainer give the same matches), and the search's time per decision when one of them searches.  A checkpoint
    trained on another character pairing is a ValueError unless ``any_pairing``."""
    import torch

    from integration.env.env import YomiEnv
    from integration.train.policies import make_policy
    from integration.train.evaluate import Result, play
    from integration.train.stats import wilson_interval

    gen = torch.Generator().manual_seed(seed)
    pa, pb = (make_policy(p, generator=gen, seed=s, characters=(c1, c2), any_pairing=any_pairing)
              for p, s in ((p1, seed), (p2, seed + 1)))
    result = Result()
    cut_short = 0
    for r in range((matches + envs - 1) // envs):
        n = min(envs, matches - r * envs)
        env = YomiEnv(num_envs=n, seed=seed + r, p1=c1, p2=c2, settings=settings, backend="c")
        result += play(env, env.action_spec, pa, pb, seed * 1_000_003 + r, torch.device("cpu"))
        cut_short += env.engine_errors
    out = dict(p1=getattr(pa, "name", p1), p2=getattr(pb, "name", p2), c1=c1, c2=c2, matches=result.games,
               wins=result.wins, losses=result.losses, draws=result.draws, win_rate=result.win_rate,
               score=result.score, score_ci=wilson_interval(result.score * result.games, result.games),
               engine_errors=cut_short)
    for key, pol in (("p1_decision", pa), ("p2_decision", pb)):
        secs = getattr(pol, "decision_seconds", None)
        if secs:
            cpu = getattr(pol, "decision_cpu_seconds", [])
            out[key] = dict(decisions=len(secs), median_ms=1e3 * float(np.median(secs)),
                            p95_ms=1e3 * float(np.percentile(secs, 95)),
                            cpu_median_ms=1e3 * float(np.median(cpu)) if cpu else None,
                            cpu_p95_ms=1e3 * float(np.percentile(cpu, 95)) if cpu else None)
    return out


def record_eval_matches(policy, out_dir, p1: str = "ninja", p2: str = "ninja", seed: int = 0,
                        opponents: tuple = ("scripted", "random"), progress=None) -> list[str]:
    """The trainer's final matches to watch: the policy against each opponent once from each
    side, recorded on the Python engine (the C engine's twin, which keeps the ticks a trace
    needs) as ``<out_dir>/<opponent>_p<seat>.jsonl.gz``.  Returns the paths written.
    ``progress(done, total)``, when given, is called before the first match and after each."""
    from pathlib import Path

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    paths = []
    total = 2 * len(opponents)
    for k, opponent in enumerate(opponents):
        for seat in (1, 2):
            if progress is not None:
                progress(len(paths), total)
            path = out / f"{opponent}_p{seat}.jsonl.gz"
            sides = (policy, opponent) if seat == 1 else (opponent, policy)
            play_match(*sides, c1=p1, c2=p2, seed=seed + 2 * k + seat, record=str(path))
            paths.append(str(path))
    if progress is not None:
        progress(total, total)
    return paths


class UsageError(ValueError):
    """A bad argument of ``yomi play``: one line naming the option, exit code 2."""


def _int_in(option: str, value: int, low: int, high: Optional[int] = None) -> None:
    if value < low or (high is not None and value > high):
        allowed = f"at least {low:,}" if high is None else f"from {low:,} to {high:,}"
        raise UsageError(f"{option} must be {allowed}, got {value}")


def check_args(args) -> Optional[dict]:
    """Every argument checked before any match starts (so a bad one costs nothing and writes
    nothing); returns the match settings.  A :class:`UsageError` names the option: policy names,
    characters, the numbers' ranges, the output paths (their folder must exist:
    :func:`integration.tracefile.output_file_problem`) and the settings (the env's
    :func:`integration.env.checks.check_game_length`, then the engine's own check,
    :func:`integration.engine.check_settings`)."""
    from integration.engine import EngineError, check_settings
    from integration.env.checks import MAX_ENVS, check_game_length
    from integration.env.action_layout import canonical_character
    from integration.tracefile import output_file_problem
    from integration.train.policies import PolicyNameError, parse_policy_name

    try:
        for name in (args.p1, args.p2):
            parse_policy_name(name)
    except PolicyNameError as exc:
        raise UsageError(str(exc)) from None
    chars = []
    for option, name in (("--c1", args.c1), ("--c2", args.c2)):
        try:
            chars.append("Ninja" if str(name).lower() in ("random", "any", "all") else canonical_character(name))
        except KeyError as exc:
            raise UsageError(f"{option}: {exc.args[0]}") from None
    _int_in("--matches", args.matches, 1, MAX_MATCHES)
    _int_in("--envs", args.envs, 1, min(MAX_ENVS, MAX_PLAY_ENVS))
    _int_in("--max-turns", args.max_turns, 1, MAX_TURNS)
    _int_in("--seed", args.seed, 0, MAX_SEED)
    if args.record and args.matches > 1:
        raise UsageError("--record records one match; leave it out with --matches")
    for option, path in (("--record", args.record), ("--json", args.json)):
        why = output_file_problem(path) if path else None
        if why:
            raise UsageError(f"{option} {path}: {why}")
    if args.settings is None:
        return None
    try:
        settings = json.loads(args.settings)
    except ValueError as exc:                  # json.JSONDecodeError, and numbers past int's digit limit
        raise UsageError(f"--settings: invalid JSON: {exc}") from None
    try:
        check_game_length(settings)      # the env's own rule first: its message names the reason
        check_settings(settings, *chars)
    except (EngineError, TypeError, ValueError) as exc:
        raise UsageError(f"--settings: {exc}") from None
    return settings


def _os_error(exc: OSError, args) -> str:
    """An OSError met while playing as one line, naming the option whose file it is.  A failed
    write carries no file name; it is the one output this mode writes (--json with --matches,
    else --record)."""
    output = ("--json", args.json) if args.matches > 1 else ("--record", args.record)
    name = exc.filename if exc.filename is not None else output[1]
    option = next((o for o, p in (("--record", args.record), ("--json", args.json))
                   if p and name is not None and str(p) == str(name)), None)
    where = f"{option} {name}: " if option else (f"{name}: " if name is not None else "")
    return f"{where}{exc.strerror or exc}"


def main(argv=None) -> int:
    ap = OptionParser(
        prog="yomi play", description="Play (and record) one match between two policies, or N with --matches; "
                                      "yomi play --human: play one yourself in the browser (below).",
        epilog="yomi play --human opens a page in the browser where you play a match yourself against an agent "
               "(--opponent POLICY); yomi play --human --help lists its options.")
    ap.add_argument("--p1", default="random", help="P1's policy: random, scripted, search[:options] or a checkpoint .safetensors")
    ap.add_argument("--p2", default="scripted", help="P2's policy: random, scripted, search[:options] or a checkpoint .safetensors")
    ap.add_argument("--c1", "--char1", dest="c1", default="ninja", help="P1's character (or random)")
    ap.add_argument("--c2", "--char2", dest="c2", default="ninja", help="P2's character (or random)")
    ap.add_argument("--seed", type=int, default=0, help=f"0 to {MAX_SEED} (2^63 - 1); default 0")
    ap.add_argument("--record", metavar="OUT.jsonl.gz",
                    help="write the match as a yomi-trace/1 file (its folder must exist)")
    ap.add_argument("--settings", help="match settings as JSON (e.g. '{\"game_length\": 3000}')")
    ap.add_argument("--max-turns", type=int, default=100_000, help="at least 1; default 100000")
    ap.add_argument("--any-pairing", action="store_true",
                    help="let a checkpoint play characters other than the ones it was trained on")
    ap.add_argument("--matches", type=int, default=1,
                    help=f"N > 1 (at most {MAX_MATCHES:,}): play N matches on the C engine, sides swapped, and print "
                         "P1's policy's win rate and score with the score's 95%% Wilson interval (no recording)")
    ap.add_argument("--envs", type=int, default=64, help="with --matches: matches played at once")
    ap.add_argument("--json", metavar="OUT.json", help="with --matches: also write the figures as JSON")
    args = ap.parse_args(argv)
    from integration.engine import EngineError
    import torch

    torch.set_num_threads(1)   # batches of a few rows: more threads only contend for the cores

    try:
        settings = check_args(args)
        if args.matches > 1:
            res = play_many(args.p1, args.p2, args.matches, args.c1, args.c2, args.seed, args.envs, settings,
                            any_pairing=args.any_pairing)
            lo, hi = res["score_ci"]
            print(f"{res['c1']} vs {res['c2']}, {res['matches']} matches, sides swapped: {res['p1']} against "
                  f"{res['p2']}: {res['wins']} wins, {res['losses']} losses, {res['draws']} draws; win rate "
                  f"{res['win_rate']:.3f}, score {res['score']:.3f} (draws count half; 95% interval "
                  f"[{lo:.3f}, {hi:.3f}]); "
                  f"{res['engine_errors']} cut short by an engine error (adjudicated by hp)")
            for key in ("p1_decision", "p2_decision"):
                if key in res:
                    d = res[key]
                    cpu = (f"; CPU time median {d['cpu_median_ms']:.1f} ms, 95th percentile {d['cpu_p95_ms']:.1f} ms"
                           if d.get("cpu_median_ms") is not None else "")
                    print(f"{res[key[:2]]}: {d['decisions']} decisions, wall time per decision median "
                          f"{d['median_ms']:.1f} ms, 95th percentile {d['p95_ms']:.1f} ms{cpu}")
            if args.json:
                from integration.safefile import open_output

                with open_output(args.json, "w", "--json") as f:  # a regular file only: never a FIFO
                    json.dump(res, f, indent=1)
            return 0
        res = play_match(args.p1, args.p2, args.c1, args.c2, args.seed, args.record, settings, args.max_turns,
                         any_pairing=args.any_pairing)
    except OSError as exc:            # writing the trace or the figures failed while playing (a full disk)
        print(f"yomi play: error: {_os_error(exc, args)}", file=sys.stderr)
        return 1
    except (ValueError, KeyError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else exc  # no KeyError quotes
        print(f"yomi play: error: {message}", file=sys.stderr)
        return 2
    except EngineError as exc:        # the engines failed on a match the checks let through: a bug
        print(f"yomi play: error: {exc}", file=sys.stderr)
        return 1
    who = {0: "draw", 1: f"P1 ({args.p1}) wins", 2: f"P2 ({args.p2}) wins"}.get(res.get("winner"), "no result")
    print(f"{res.get('p1', args.c1)} vs {res.get('p2', args.c2)}: {who} by {res.get('reason')} "
          f"(hp {res.get('p1_hp')} - {res.get('p2_hp')}, {res.get('turns')} turns, {res.get('ticks')} ticks)"
          + (f"; recorded to {args.record}" if args.record else "")
          + (" (up to the engine error: the recording has no end record)" if args.record and res.get("error") else ""))
    if res.get("error"):
        print(f"engine error: {res['error']}", file=sys.stderr)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
