"""``yomi record``: record reference traces from your own copy of the game, headless.

One match::

    yomi record --game-dir PATH --p1 Ninja --p2 Wizard --seed 7 [--moves all|base|rare]
                [--game-length N] -o OUT.jsonl.gz [--replay OUT.replay]

A batch (every pairing of the list, every seed of the range, N matches at a time)::

    yomi record --game-dir PATH --pairings all --seeds 100-110 --jobs 2 --out-dir DIR

PATH is a checkout of the game's public source (github.com/uzkbwza/hustle) at commit
4450348; it is checked, and only read.  The game's own scripts run in Godot 3 headless
(Debian's ``godot3-server`` 3.6 on PATH, ``--godot BINARY`` or ``$YOMI_GODOT``), both sides
driven through the game's own action panels by a seeded bot (integration/tools/record/godot/
TraceDriver.gd).  ``--moves base`` restricts the bot to the moves every character inherits,
``--moves rare`` prefers the moves it has chosen least so far in the match.  The same
arguments give byte-identical files (gzip with no name and mtime 0).  Batch files are named
``<P1>_vs_<P2>[_base|_rare]_s<SEED>.jsonl.gz`` like the shipped traces.  ``--replay`` (one match)
also keeps the game's own ``.replay`` file of the match, saved at its end by the game's replay code
(``ReplayManager.save_replay``, as its Save Replay button does), gzip-compressed when the name ends
in ``.gz``: reference data for ``yomi replay import``.

Exit status: 0 when every match was recorded; 1 when a match failed; 2 on bad arguments,
a wrong game checkout or no Godot 3.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .prepare import RES_DIR, RecordError, check_game_dir, find_godot, godot_version, prepare, _private_user_dirs
from integration.options import OptionParser

CHARACTERS = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")
MOVES = ("all", "base", "rare")
MAX_GAME_LENGTH = 100_000
MAX_SEED = 2**31 - 1


@dataclass(frozen=True)
class Match:
    p1: str
    p2: str
    seed: int
    moves: str
    game_length: int
    out: Path
    replay: Path | None = None

    @property
    def name(self) -> str:
        return self.out.name


def _character(text: str) -> str:
    for name in CHARACTERS:
        if text.lower() == name.lower():
            return name
    raise argparse.ArgumentTypeError(f"unknown character {text!r}; expected one of {', '.join(CHARACTERS)}")


def parse_seeds(text: str) -> list[int]:
    """``7``, ``100-110`` (inclusive) or a comma list of both: the seeds, in order, without repeats."""
    seeds: list[int] = []
    for part in text.split(","):
        part = part.strip()
        try:
            if "-" in part[1:]:
                lo, hi = part.split("-", 1) if not part.startswith("-") else (None, None)
                first, last = int(lo), int(hi)
                if last < first:
                    raise ValueError
                values = range(first, last + 1)
            else:
                values = [int(part)]
        except (TypeError, ValueError):
            raise argparse.ArgumentTypeError(f"bad seed list {text!r}: use N, A-B (A <= B) or a comma list") from None
        for value in values:
            if not 0 <= value <= MAX_SEED:
                raise argparse.ArgumentTypeError(f"seed {value} is out of range 0..{MAX_SEED}")
            if value not in seeds:
                seeds.append(value)
    if len(seeds) > 10_000:
        raise argparse.ArgumentTypeError("more than 10,000 seeds")
    return seeds


def parse_pairings(text: str) -> list[tuple[str, str]]:
    """``all`` (the 25 ordered pairings, P1-major), ``mirrors``, or a comma list of ``P1-P2``."""
    if text == "all":
        return [(a, b) for a in CHARACTERS for b in CHARACTERS]
    if text == "mirrors":
        return [(a, a) for a in CHARACTERS]
    pairs = []
    for part in text.split(","):
        if part.count("-") != 1:
            raise argparse.ArgumentTypeError(f"bad pairing {part!r}: use all, mirrors or P1-P2[,P1-P2...]")
        a, b = part.split("-")
        pairs.append((_character(a.strip()), _character(b.strip())))
    return pairs


def trace_name(p1: str, p2: str, seed: int, moves: str) -> str:
    mode = "" if moves == "all" else f"_{moves}"
    return f"{p1}_vs_{p2}{mode}_s{seed}.jsonl.gz"


def write_output(raw: bytes, out: Path) -> None:
    """``raw`` to ``out``, gzip-compressed (level 9, no name, mtime 0) when ``out`` ends in ``.gz``."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + f".tmp{os.getpid()}")
    with open(tmp, "wb") as handle:
        if out.name.endswith(".gz"):
            with gzip.GzipFile(filename="", mode="wb", fileobj=handle, mtime=0, compresslevel=9) as gz:
                gz.write(raw)
        else:
            handle.write(raw)
    tmp.replace(out)


def check_recording(raw: bytes, match: Match) -> str:
    """One line about a finished recording; raises RecordError when it is not a whole trace."""
    lines = raw.decode("utf-8").splitlines()
    if len(lines) < 2:
        raise RecordError(f"{match.name}: the driver wrote {len(lines)} lines")
    header, end = json.loads(lines[0]), json.loads(lines[-1])
    if header.get("format") != "yomi-trace/1" or end.get("t") != "end":
        raise RecordError(f"{match.name}: not a whole trace (header {header.get('format')!r}, last line "
                          f"{end.get('t')!r})")
    if end.get("reason") == "stall":
        raise RecordError(f"{match.name}: the match stalled at tick {end.get('tick')}")
    return (f"{match.name}: ended at tick {end['tick']}, {end.get('turns')} turns, winner {end.get('winner')} "
            f"({end.get('reason')})")


def record_one(match: Match, game: Path, godot: str, timeout: float) -> str:
    """Run one match in Godot and write its trace; returns a one-line summary."""
    with tempfile.TemporaryDirectory(prefix="yomi-record-") as tmp:
        run = Path(tmp)
        raw_path = run / "trace.jsonl"
        config = {"p1": match.p1, "p2": match.p2, "seed": match.seed, "out": str(raw_path),
                  "game_length": match.game_length, "moves": match.moves}
        if match.replay is not None:
            config["replay_out"] = str(run / "match.replay")
        (run / "config.json").write_text(json.dumps(config))
        env = dict(os.environ, YOMI_TRACE_CONFIG=str(run / "config.json"), **_private_user_dirs(run / "xdg"))
        log = run / "godot.log"
        with open(log, "wb") as out:
            try:
                done = subprocess.run([godot, "--path", str(game), "--fixed-fps", "60", "--audio-driver", "Dummy",
                                       f"res://{RES_DIR}/TraceMain.tscn"], stdout=out, stderr=subprocess.STDOUT,
                                      env=env, timeout=timeout)
            except subprocess.TimeoutExpired:
                raise RecordError(f"{match.name}: no result after {timeout:.0f} s") from None
        text = log.read_text(errors="replace")
        errors = text.count("SCRIPT ERROR")
        if done.returncode != 0 or not raw_path.is_file():
            tail = "\n".join(text.splitlines()[-15:])
            raise RecordError(f"{match.name}: Godot exited with status {done.returncode}:\n{tail}")
        raw = raw_path.read_bytes()
        summary = check_recording(raw, match)
        if match.replay is not None:
            replay_path = run / "match.replay"
            if not replay_path.is_file():
                raise RecordError(f"{match.name}: the game saved no replay")
            write_output(replay_path.read_bytes(), match.replay)
            summary += f"; replay {match.replay}"
        write_output(raw, match.out)
        if errors:
            # Kept beside the trace: the game's own scripts reported errors during the match.
            (match.out.parent / (match.out.name + ".log")).write_text(text)
            summary += f"; {errors} SCRIPT ERROR lines (log beside the trace)"
        return summary


def build_matches(args) -> list[Match]:
    if args.pairings:
        if args.p1 or args.p2 or args.seed is not None or args.output or args.replay:
            raise RecordError("the batch form (--pairings, --seeds) takes --out-dir, not --p1/--p2/--seed/-o/--replay")
        if not args.seeds:
            raise RecordError("--pairings needs --seeds (e.g. --seeds 100-110)")
        folder = Path(args.out_dir or ".")
        return [Match(a, b, seed, args.moves, args.game_length, folder / trace_name(a, b, seed, args.moves))
                for seed in args.seeds for a, b in args.pairings]
    if not (args.p1 and args.p2):
        raise RecordError("give --p1 and --p2 (one match) or --pairings and --seeds (a batch)")
    seeds = [args.seed] if args.seed is not None else args.seeds
    if not seeds:
        raise RecordError("give --seed N (or --seeds A-B)")
    if args.output and len(seeds) > 1:
        raise RecordError("-o names one file: with several seeds use --out-dir")
    if args.replay and len(seeds) > 1:
        raise RecordError("--replay names one file: it takes one match (--seed)")
    folder = Path(args.out_dir or ".")
    return [Match(args.p1, args.p2, seed, args.moves, args.game_length,
                  Path(args.output) if args.output else folder / trace_name(args.p1, args.p2, seed, args.moves),
                  Path(args.replay) if args.replay else None)
            for seed in seeds]


def _game_length(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if not 1 <= value <= MAX_GAME_LENGTH:
        raise argparse.ArgumentTypeError(f"--game-length must be 1..{MAX_GAME_LENGTH}")
    return value


def _seed(text: str) -> int:
    seeds = parse_seeds(text)
    if len(seeds) != 1:
        raise argparse.ArgumentTypeError("--seed takes one seed (use --seeds for a range)")
    return seeds[0]


def parser() -> argparse.ArgumentParser:
    p = OptionParser(prog="yomi record", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game-dir", required=True, help="your checkout of the game's source at commit 4450348 (only read)")
    p.add_argument("--p1", type=_character, help="player 1: Ninja, Cowboy, Wizard, Robot or Mutant")
    p.add_argument("--p2", type=_character, help="player 2")
    p.add_argument("--seed", type=_seed, help="the match seed (the game's and the bot's)")
    p.add_argument("--seeds", type=parse_seeds, help="several seeds: N, A-B or a comma list")
    p.add_argument("--pairings", type=parse_pairings, help="all (25 ordered pairings), mirrors, or P1-P2[,P1-P2...]")
    p.add_argument("--moves", choices=MOVES, default="all",
                   help="all moves (default), base moves only, or rare: the least chosen so far first")
    p.add_argument("--game-length", type=_game_length, default=3000, help="the game's time limit in ticks (default 3000)")
    p.add_argument("-o", "--output", help="the trace file of one match (.jsonl.gz compressed, or .jsonl)")
    p.add_argument("--replay",
                   help="one match: also keep the game's own replay file of it (.replay, or .replay.gz)")
    p.add_argument("--out-dir", help="folder for the traces of a batch (default: the current folder)")
    p.add_argument("--jobs", type=int, default=1, help="matches run at once (default 1)")
    p.add_argument("--godot", help="the Godot 3 binary (default: $YOMI_GODOT, else godot3-server on PATH)")
    p.add_argument("--timeout", type=float, default=3600.0, help="seconds one match may take (default 3600)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.jobs < 1:
        print("yomi record: --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        matches = build_matches(args)
        game_dir = check_game_dir(args.game_dir)
        godot = find_godot(args.godot)
        version = godot_version(godot)
        if not version.startswith("3.6"):
            print(f"yomi record: warning: {godot} is Godot {version}; the shipped traces were recorded with 3.6",
                  file=sys.stderr)
        game = prepare(game_dir, godot, log=lambda text: print(text, file=sys.stderr))
    except RecordError as exc:
        print(f"yomi record: {exc}", file=sys.stderr)
        return 2
    failed = 0

    def one(match: Match) -> tuple[Match, str | None, str | None]:
        try:
            return match, record_one(match, game, godot, args.timeout), None
        except RecordError as exc:
            return match, None, str(exc)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:  # each job waits on its own Godot process
        for match, summary, error in pool.map(one, matches):
            if error:
                failed += 1
                print(f"FAILED {error}", file=sys.stderr)
            else:
                print(summary)
    print(f"record: {len(matches) - failed}/{len(matches)} matches recorded")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
