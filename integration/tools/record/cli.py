"""``yomi record``: record reference traces from your own copy of the game, headless.

One match::

    yomi record --game-dir PATH --p1 Ninja --p2 Wizard --seed 7 [--moves all|base|rare]
                [--game-length N] -o OUT.jsonl.gz [--replay OUT.replay]

A batch (every pairing of the list, every seed of the range, N matches at a time)::

    yomi record --game-dir PATH --pairings all --seeds 100-110 --jobs 2 --out-dir DIR

Directed (steered toward what the batch, and a reference set, have not covered)::

    yomi record --game-dir PATH --pairings mirrors --seeds 1-2 --moves directed \
                --reference tests/data/parity/traces --vary-settings --game-length 900 --out-dir DIR

PATH is a checkout of the game's public source (github.com/uzkbwza/hustle) at commit
4450348; it is checked, and only read.  The game's own scripts run in Godot 3 headless
(Debian's ``godot3-server`` 3.6 on PATH, ``--godot BINARY`` or ``$YOMI_GODOT``), both sides
driven through the game's own action panels by a seeded bot (integration/tools/record/godot/
TraceDriver.gd).  ``--moves base`` restricts the bot to the moves every character inherits,
``--moves rare`` prefers the moves it has chosen least so far in the match; ``--moves directed``
prefers, across the whole batch, the offered moves that name a state no trace of the batch (nor of
``--reference``) has reached, then the moves none has chosen: before each match the coverage of the
traces recorded so far is handed to the driver.  ``--setting KEY=VALUE`` sets a match setting
through the game's own settings panel (its ``load_settings``; the panel's limits apply);
``--prefer-any MOVE[,MOVE...]`` makes the bot pick among those moves whenever the panel offers one
(the mode's own choice applies within them), to reach objects and object states that only a move
repeated often enough spawns or enters (a random pick, a follow-up, a lock);
``--setup singleplayer|online`` sets the panel up as the game's character select does for that
mode (Sadness off in single player); ``--prefer [p1:|p2:]MOVE[,WIDGET=VALUE...]`` makes the bot
take MOVE whenever the panel offers it, with the named widgets of the move's data panel (or of the
extra-options panel) set through their own setters: a way to steer toward a follow-up the move's
options choose (the Ninja's Quick Slash attack, a grab's direction, the Robot's Drive Cancel); ``--vary-settings`` gives each match of a batch the next
preset of SETTING_PRESETS, so that every setting the panel offers gets a non-default value.  The same
arguments give byte-identical files (gzip with no name and mtime 0).  Batch files are named
``<P1>_vs_<P2>[_base|_rare|_directed][_sp|_online][_<preset>]_s<SEED>.jsonl.gz`` like the shipped
traces.  ``--replay`` (one match)
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
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .prepare import RES_DIR, RecordError, check_game_dir, find_godot, godot_version, prepare, _private_user_dirs
from integration.options import OptionParser

CHARACTERS = ("Ninja", "Cowboy", "Wizard", "Robot", "Mutant")
MOVES = ("all", "base", "rare", "directed")
SETUPS = ("singleplayer", "online")
# The settings panel's keys (ui/GameSettingsPanelContainer.gd's settings_nodes) and the JSON type
# each value takes: the sliders' values travel as strings, as the panel's get_data writes them.
PANEL_SETTINGS = {
    "stage_width": int, "di_enabled": bool, "turbo_mode": bool, "infinite_resources": bool, "one_hit_ko": bool,
    "game_length": int, "turn_time": int, "burst_enabled": bool, "frame_by_frame": bool,
    "always_perfect_parry": bool, "char_distance": int, "char_height": int, "gravity_enabled": bool,
    "chess_timer": bool, "extremely_turbo_mode": bool, "clashing_enabled": bool, "asymmetrical_clashing": bool,
    "global_damage_modifier": str, "prediction_enabled": bool, "has_ceiling": bool, "global_hitstun_modifier": str,
    "global_hitstop_modifier": str, "global_gravity_modifier": str, "ceiling_height": int, "sadness_enabled": bool,
    "turn_min_length": int, "starting_meter": str, "min_di_scaling": str, "max_di_scaling": str,
    "di_combo_limit": int, "brace_enabled": bool,
}
# --vary-settings: match i of a batch takes preset i % len (name, settings).  Together they give
# every simulation setting of the panel a value other than its default.  The first ones unlock the
# most: extremely turbo mode shows every action button of the panel whenever the fighter is not
# busy (ActionButtons.gd update_buttons), bracing offers the CounterAttack moves (CounterAttack.gd
# is_usable: brace_enabled and burst meter), infinite resources and a starting meter pay for the
# supers, and a short start distance puts the fighters where grabs connect at once.
SETTING_PRESETS = (
    ("turbo", {"extremely_turbo_mode": True, "turbo_mode": True, "char_distance": 24}),
    ("brace", {"brace_enabled": True, "infinite_resources": True, "char_distance": 30}),
    ("close", {"char_distance": 16, "starting_meter": "5"}),
    ("narrow", {"stage_width": 100, "char_distance": 16, "has_ceiling": True, "ceiling_height": 64}),
    ("float", {"gravity_enabled": False, "global_gravity_modifier": "0.5", "char_height": 60, "has_ceiling": False}),
    ("modifiers", {"global_damage_modifier": "2", "global_hitstun_modifier": "2", "global_hitstop_modifier": "0.5",
                   "char_distance": 30}),
    ("rules", {"di_enabled": False, "burst_enabled": False, "clashing_enabled": False, "one_hit_ko": True,
               "char_distance": 20}),
    ("parry", {"always_perfect_parry": True, "asymmetrical_clashing": True, "min_di_scaling": "0",
               "max_di_scaling": "20", "di_combo_limit": 3, "sadness_enabled": False}),
)
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
    settings: tuple = ()          # (key, value) pairs set through the game's settings panel
    setup: str | None = None      # the panel's mode (SETUPS), None: its scene defaults
    prefer: tuple = ()            # Preference entries, in priority order
    prefer_any: tuple = ()        # action names the bot chooses among whenever the panel offers one

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


def trace_name(p1: str, p2: str, seed: int, moves: str, tag: str = "") -> str:
    mode = "" if moves == "all" else f"_{moves}"
    tag = f"_{tag}" if tag else ""
    return f"{p1}_vs_{p2}{mode}{tag}_s{seed}.jsonl.gz"


def parse_setting(text: str) -> tuple[str, object]:
    """``KEY=VALUE`` for a key of the settings panel, the value in the type the panel writes."""
    key, sep, value = text.partition("=")
    kind = PANEL_SETTINGS.get(key.strip())
    if not sep or kind is None:
        raise argparse.ArgumentTypeError(f"bad setting {text!r}: use KEY=VALUE with KEY one of "
                                         f"{', '.join(sorted(PANEL_SETTINGS))}")
    value = value.strip()
    try:
        if kind is bool:
            if value.lower() not in ("true", "false"):
                raise ValueError
            return key.strip(), value.lower() == "true"
        if kind is int:
            number = int(value)
            if not -1_000_000 <= number <= 1_000_000:
                raise ValueError
            return key.strip(), number
        if float(value) != float(value) or abs(float(value)) > 1_000_000:  # NaN or out of range
            raise ValueError
        return key.strip(), value
    except ValueError:
        raise argparse.ArgumentTypeError(f"bad value for {key.strip()}: {value!r}") from None


@dataclass(frozen=True)
class Preference:
    """``--prefer``: the bot takes ``move`` whenever the panel offers it to ``players``, and sets the
    named widgets (``(name, value)`` pairs) through the panel."""
    players: tuple
    move: str
    widgets: tuple = ()


_NAME_CHARS = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
_VALUE_CHARS = _NAME_CHARS | set(".:-")


def parse_prefer(text: str) -> Preference:
    """``[p1:|p2:]MOVE[,WIDGET=VALUE...]``: MOVE and WIDGET are node names of the game (letters,
    digits, ``_``); VALUE an option's text or index, an 8-way direction (``S``), an XY plot's
    ``X:Y`` (X toward the fighter's facing), a slider's number or ``true``/``false``."""
    bad = argparse.ArgumentTypeError(f"bad --prefer {text!r}: use [p1:|p2:]MOVE[,WIDGET=VALUE...] "
                                     "(names of letters, digits and _; values also . : -)")
    players = (1, 2)
    head, *rest = text.split(",")
    if head[:3] in ("p1:", "p2:"):
        players, head = (int(head[1]),), head[3:]
    if not head or not set(head) <= _NAME_CHARS:
        raise bad
    widgets = []
    for part in rest:
        key, sep, value = part.partition("=")
        if not sep or not key or not value or not set(key) <= _NAME_CHARS or not set(value) <= _VALUE_CHARS:
            raise bad
        widgets.append((key, value))
    return Preference(players, head, tuple(widgets))


def prefer_config(prefer: tuple) -> dict:
    """The driver's ``prefer`` config: per player ("1", "2"), the entries in priority order."""
    out: dict = {}
    for entry in prefer:
        for pid in entry.players:
            out.setdefault(str(pid), []).append({"move": entry.move, "widgets": dict(entry.widgets)})
    return out


def parse_prefer_any(text: str) -> list[str]:
    """``MOVE[,MOVE...]``: action names (the state names of the action buttons), without repeats."""
    names = []
    for part in text.split(","):
        name = part.strip()
        if not (0 < len(name) <= 64 and name.isascii() and name.replace("_", "").isalnum()):
            raise argparse.ArgumentTypeError(f"bad move name {part!r} in --prefer-any: use the action's state name "
                                             "(letters, digits, _)")
        if name not in names:
            names.append(name)
    return names


def directed_coverage(paths: list[Path], base: dict | None = None) -> dict:
    """What ``paths`` have covered, per character, as the driver's ``directed`` config wants it:
    ``{name: {"states": [...], "chosen": {move: times}}}``, added to ``base`` (same form) when given."""
    from integration.tools.parity.coverage import scan

    seen, _ = scan(paths) if paths else ({}, None)
    out = {name: {"states": set(v["states"]), "chosen": dict(v["chosen"])} for name, v in (base or {}).items()}
    for name, entry in seen.items():
        mine = out.setdefault(name, {"states": set(), "chosen": {}})
        mine["states"].update(s for s in entry.states if s is not None)
        for move, times in entry.chosen.items():
            mine["chosen"][move] = mine["chosen"].get(move, 0) + times
    return {name: {"states": sorted(v["states"]), "chosen": dict(sorted(v["chosen"].items()))}
            for name, v in sorted(out.items())}


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


def record_one(match: Match, game: Path, godot: str, timeout: float, directed: dict | None = None) -> str:
    """Run one match in Godot and write its trace; returns a one-line summary.  ``directed``
    (``--moves directed``) is the coverage the bot steers away from (:func:`directed_coverage`)."""
    with tempfile.TemporaryDirectory(prefix="yomi-record-") as tmp:
        run = Path(tmp)
        raw_path = run / "trace.jsonl"
        config = {"p1": match.p1, "p2": match.p2, "seed": match.seed, "out": str(raw_path),
                  "game_length": match.game_length, "moves": match.moves}
        if match.settings:
            config["settings"] = dict(match.settings)
        if match.setup:
            config["setup"] = match.setup
        if match.prefer:
            config["prefer"] = prefer_config(match.prefer)
        if match.prefer_any:
            config["prefer_any"] = list(match.prefer_any)
        if match.moves == "directed":
            config["directed"] = directed or {}
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
        matches = []
        for seed in args.seeds:
            for a, b in args.pairings:
                tag, settings = _settings_for(args, len(matches))
                matches.append(Match(a, b, seed, args.moves, args.game_length,
                                     folder / trace_name(a, b, seed, args.moves, tag), settings=settings,
                                     setup=args.setup, prefer=tuple(args.prefer or ()),
                                     prefer_any=tuple(dict.fromkeys(args.prefer_any))))
        return matches
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
    matches = []
    for seed in seeds:
        tag, settings = _settings_for(args, len(matches))
        matches.append(Match(args.p1, args.p2, seed, args.moves, args.game_length,
                             Path(args.output) if args.output else
                             folder / trace_name(args.p1, args.p2, seed, args.moves, tag),
                             Path(args.replay) if args.replay else None, settings=settings, setup=args.setup,
                             prefer=tuple(args.prefer or ()),
                             prefer_any=tuple(dict.fromkeys(args.prefer_any))))
    return matches


def _settings_for(args, index: int) -> tuple[str, tuple]:
    """(file-name tag, settings) of the batch's match ``index``: the preset (``--vary-settings``)
    overridden by ``--setting``; the tag also names the setup when one is given."""
    settings: dict = {}
    tags = []
    if args.setup:
        tags.append({"singleplayer": "sp", "online": "online"}[args.setup])
    if args.vary_settings:
        name, preset = SETTING_PRESETS[(index + args.preset_start) % len(SETTING_PRESETS)]
        settings.update(preset)
        tags.append(name)
    settings.update(dict(args.setting or ()))
    return "_".join(tags), tuple(sorted(settings.items()))


def reference_coverage(args) -> dict:
    """``--reference``'s coverage (:func:`directed_coverage`); RecordError for an unusable trace or
    for references without ``--moves directed``."""
    if not args.reference:
        return {}
    if args.moves != "directed":
        raise RecordError("--reference steers --moves directed only")
    from integration.tools.parity.common import ParityInputError
    from integration.tools.parity.trace import collect

    try:
        return directed_coverage(collect(args.reference))
    except ParityInputError as exc:
        raise RecordError(f"--reference: {exc}") from None


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
                   help="all moves (default), base moves only, rare: the least chosen so far first, or "
                        "directed: what the batch (and --reference) has not covered first")
    p.add_argument("--reference", action="append", default=[], metavar="FILE_OR_DIR",
                   help="--moves directed: traces whose coverage counts as covered already (repeatable)")
    p.add_argument("--setting", action="append", type=parse_setting, metavar="KEY=VALUE",
                   help="a match setting, set through the game's settings panel (repeatable)")
    p.add_argument("--prefer-any", type=parse_prefer_any, action="extend", default=[], metavar="MOVE[,MOVE...]",
                   help="action names the bot chooses among whenever the panel offers one (repeatable)")
    p.add_argument("--setup", choices=SETUPS,
                   help="set the settings panel up as the game does for single player (Sadness off) or online")
    p.add_argument("--prefer", action="append", type=parse_prefer, metavar="[p1:|p2:]MOVE[,WIDGET=VALUE...]",
                   help="take MOVE whenever the panel offers it, with these widgets of its data panel or of "
                        "the extra-options panel (repeatable; the first offered wins)")
    p.add_argument("--vary-settings", action="store_true",
                   help="each match of the batch takes the next preset of match settings (SETTING_PRESETS)")
    p.add_argument("--preset-start", type=int, default=0, choices=range(len(SETTING_PRESETS)), metavar="I",
                   help=f"--vary-settings: the first match takes preset I (0..{len(SETTING_PRESETS) - 1}, default 0)")
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
        reference = reference_coverage(args)
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
    recorded: list[Path] = []   # this batch's traces so far: directed mode steers away from them too
    lock = threading.Lock()

    def one(match: Match) -> tuple[Match, str | None, str | None]:
        try:
            directed = None
            if match.moves == "directed":
                with lock:
                    done = list(recorded)
                directed = directed_coverage(done, reference)
            summary = record_one(match, game, godot, args.timeout, directed)
            with lock:
                recorded.append(match.out)
            return match, summary, None
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
