"""``yomi parity trace``: replay matches recorded in Godot and compare every tick.

For each trace: start a match from the header (characters, seed, match settings), and
walk its lines.  At a ``turn`` line the engine must be waiting for a decision at that
tick; its legal moves are compared with the trace's ``legal`` lists (reported
separately; ``--exclude-legal-for`` skips characters whose moves are not all ported),
then both players' action, data and extra are submitted.  At a ``tick`` line the engine
simulates one tick and every field of the line is compared.  The ``end`` line is
compared with the engine's result.  A trace is identical when all of that matches.

With no path it replays the reference traces that ship with the repository
(``tests/data/parity/traces``; ``YOMI_PARITY_DATA=DIR`` replaces that folder).

Output: one line per trace with the ticks that match and the first divergence (tick,
player or object, field, expected, got), then a legal-moves summary and a last line
``parity: X/Y traces identical, T/U ticks identical``.  A trace that cannot be read gets one
line on stderr naming it (and no report line) and is counted in the summary.  Exit status 0
only when every trace is identical; 2 on unusable input (missing or corrupt trace, unknown engine).
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path

from integration.engine import EngineError, EngineUnavailable, create_match
from integration.tools.parity import data
from integration.tools.parity.common import ParityInputError, add_engine_argument
from integration.tracefile import DEFAULT_LIMITS, Limits, TraceError, add_limit_arguments, iter_records, limits_from
from integration.options import OptionParser


@dataclass
class Divergence:
    tick: int
    where: str  # "p1", "p2", "objects", "turn", "end"
    field: str
    expected: object
    got: object

    def __str__(self) -> str:
        return (f"first divergence at tick {self.tick}: {self.where}{'.' + self.field if self.field else ''}: "
                f"expected {_short(self.expected)}, got {_short(self.got)}")


@dataclass
class TraceReport:
    path: Path
    ticks_total: int = 0
    ticks_ok: int = 0
    legal_total: int = 0
    legal_ok: int = 0
    legal_first_mismatch: str | None = None
    divergence: Divergence | None = None
    end_ok: bool = True
    error: str | None = None
    notes: list = field(default_factory=list)

    @property
    def identical(self) -> bool:
        return (self.error is None and self.divergence is None and self.ticks_ok == self.ticks_total
                and self.legal_ok == self.legal_total and self.end_ok)


def _short(value, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def first_difference(expected, got, path: str = ""):
    """(path, expected, got) of the first differing leaf, comparing types too (1 != True, "0" != 0)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in expected:
            if key not in got:
                return (f"{path}.{key}".lstrip("."), expected[key], "<missing>")
            found = first_difference(expected[key], got[key], f"{path}.{key}")
            if found:
                return found
        for key in got:
            if key not in expected:
                return (f"{path}.{key}".lstrip("."), "<missing>", got[key])
        return None
    if isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return (f"{path}.length".lstrip("."), len(expected), len(got))
        for index, (a, b) in enumerate(zip(expected, got)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found:
                return found
        return None
    if type(expected) is not type(got) or expected != got:
        return (path.lstrip("."), expected, got)
    return None


def _compare_tick(record: dict, state: dict) -> Divergence | None:
    for where in ("p1", "p2", "objects"):
        found = first_difference(record[where], state[where])
        if found:
            field_path, expected, got = found
            return Divergence(record["tick"], where, field_path, expected, got)
    return None


def replay(path: Path, engine: str, exclude_legal: set[str], limits: Limits = DEFAULT_LIMITS) -> TraceReport:
    """Replay one trace; never raises for trace content (problems land in the report).  The trace
    is read whole first, by the reader ``yomi watch`` uses: a malformed one is a ParityInputError."""
    report = TraceReport(path)
    try:
        lines = list(iter_records(path, limits))
    except TraceError as exc:
        raise ParityInputError(str(exc)) from None
    _, header = lines[0]
    try:
        match = create_match(header["p1"], header["p2"], header["seed"], header.get("match_settings"), engine)
    except KeyError as exc:
        raise ParityInputError(f"{path}: header lacks {exc}") from None
    except (TypeError, ValueError, AttributeError) as exc:  # settings the reader let through but the engine cannot use
        raise ParityInputError(f"{path}: the engine cannot start this match ({type(exc).__name__}: {exc})") from None
    start = header.get("start")
    if isinstance(start, dict):
        try:
            found = first_difference({k: start[k] for k in ("p1", "p2")}, {k: match.state()[k] for k in ("p1", "p2")})
        except KeyError as exc:
            raise ParityInputError(f"{path}: header start lacks {exc}") from None
        if found:
            report.divergence = Divergence(-1, "start", *found)
    characters = {"p1": header["p1"], "p2": header["p2"]}
    records = [record for _, record in lines[1:]]
    report.ticks_total = sum(1 for r in records if r["t"] == "tick")
    for record in records:
        if report.divergence is not None:
            break
        kind = record["t"]
        try:
            if kind == "tick":
                _replay_tick(match, record, report)
            elif kind == "turn":
                _replay_turn(match, record, report, characters, exclude_legal)
            else:
                _check_end(match, record, report)
        except Exception as exc:  # an engine failure is a divergence of this trace, not of the run
            report.divergence = Divergence(record.get("tick", -1), kind, "", "the recorded behaviour",
                                           f"{type(exc).__name__}: {exc}")
    return report


def _replay_tick(match, record: dict, report: TraceReport) -> None:
    if match.is_waiting():
        report.divergence = Divergence(record["tick"], "turn", "", "no decision (the game ticks on)",
                                       f"the engine waits for a decision at tick {match.current_tick}")
        return
    match.tick()
    if match.current_tick != record["tick"]:
        report.divergence = Divergence(record["tick"], "tick", "", record["tick"], match.current_tick)
        return
    divergence = _compare_tick(record, match.state())
    if divergence:
        report.divergence = divergence
    else:
        report.ticks_ok += 1


def _matches_panel_flag_variant(match, player: int, extra: dict, expected: list[str]) -> bool:
    """Whether the game's list is the engine's list under the other setting of the panel's air/ground flags.

    Characters whose extras carry ``input_grounded`` / ``input_aerial`` (the Cowboy) have a
    panel that computes those flags from its Shift/Drift toggles and keeps them in panel
    variables (characters/swordandgun/CowboyExtra.gd: update_selected_move). The action menu
    (ActionButtons.update_buttons) reads those variables when it builds the list the trace
    records, but the extras submitted at lock-in are recomputed afterwards, so in three
    recorded turns the list was built with a flag the submitted extras no longer show (the
    list has the grounded and aerial moves swapped). The engine's list with that flag set
    reproduces the game's list exactly; any other difference still counts as a mismatch.
    """
    if "input_grounded" not in extra and "input_aerial" not in extra:
        return False
    submitted = (bool(extra.get("input_grounded")), bool(extra.get("input_aerial")))
    return any(match.legal_actions(player, grounded, aerial) == expected
               for grounded, aerial in ((True, False), (False, True)) if (grounded, aerial) != submitted)


def _replay_turn(match, record: dict, report: TraceReport, characters: dict, exclude_legal: set[str]) -> None:
    tick = record["tick"]
    if not match.is_waiting() or match.current_tick != tick:
        report.divergence = Divergence(tick, "turn", "", f"a decision at tick {tick}",
                                       f"no decision open (engine at tick {match.current_tick})")
        return
    legal = record.get("legal")
    for index, side in ((1, "p1"), (2, "p2")):
        if legal is None or characters[side] in exclude_legal:
            continue
        extra = record[side].get("extra") or {}
        got = match.legal_actions(index, bool(extra.get("input_grounded")), bool(extra.get("input_aerial")))
        expected = sorted(legal[side])
        report.legal_total += 1
        if got == expected:
            report.legal_ok += 1
        elif _matches_panel_flag_variant(match, index, extra, expected):
            report.legal_ok += 1
            report.notes.append(f"tick {tick} {side}: legal list as offered with the extras panel's "
                                f"air/ground input flag set (see _matches_panel_flag_variant)")
        elif report.legal_first_mismatch is None:
            missing = sorted(set(expected) - set(got))
            extra_moves = sorted(set(got) - set(expected))
            report.legal_first_mismatch = (f"tick {tick} {side}: missing {missing}, not offered by the game "
                                           f"{extra_moves}")
    for index, side in ((1, "p1"), (2, "p2")):
        choice = record[side]
        match.submit(index, choice["action"], choice.get("data"), choice.get("extra"))


def _check_end(match, record: dict, report: TraceReport) -> None:
    result = match.result()
    if record.get("reason") not in ("ko", "timeout"):
        report.notes.append(f"the recording stopped early ({record.get('reason')}); end not compared")
        return
    if result is None:
        report.end_ok = False
        report.divergence = Divergence(record["tick"], "end", "", "match over", "match still running")
        return
    for key in ("tick", "winner", "reason", "p1_hp", "p2_hp", "turns"):
        if key in record and record[key] != result[key]:
            report.end_ok = False
            report.divergence = Divergence(record["tick"], "end", key, record[key], result[key])
            return


def collect(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.name.endswith((".jsonl", ".jsonl.gz")))
            if not found:
                raise ParityInputError(f"{path}: no .jsonl or .jsonl.gz traces in this directory")
            files.extend(found)
        elif path.is_file():
            files.append(path)
        else:
            raise ParityInputError(f"{path}: no such file or directory")
    return files


def main(argv: list[str] | None = None) -> int:
    parser = OptionParser(prog="yomi parity trace", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", metavar="FILE_OR_DIR",
                        help="trace files (.jsonl[.gz]) or directories (default: the shipped reference traces, "
                             f"{data.traces_dir()}, or $YOMI_PARITY_DATA/traces)")
    add_engine_argument(parser)
    add_limit_arguments(parser)
    parser.add_argument("--exclude-legal-for", nargs="+", default=[], metavar="CHAR",
                        help="do not compare legal moves for these characters (moves not all ported yet)")
    args = parser.parse_args(argv)
    limits = limits_from(args, parser.error)
    try:
        files = collect(args.paths or [str(data.traces_dir())])
    except ParityInputError as exc:
        print(f"yomi parity trace: error: {exc}", file=sys.stderr)
        return 2
    exclude = set(args.exclude_legal_for)
    reports = []
    unreadable = 0
    for path in files:
        try:
            report = replay(path, args.engine, exclude, limits)
        except EngineUnavailable as exc:
            print(f"yomi parity trace: error: {exc}", file=sys.stderr)
            return 2
        except ParityInputError as exc:
            # bad input: its one line goes to stderr (it names the file); the report does not repeat it
            print(f"yomi parity trace: error: {exc}", file=sys.stderr)
            reports.append(TraceReport(path, error=str(exc)))
            unreadable += 1
            continue
        except EngineError as exc:
            report = TraceReport(path, error=f"the engine refused the match: {exc}")
        reports.append(report)
        _print_report(report)
    identical = sum(r.identical for r in reports)
    ticks_ok = sum(r.ticks_ok for r in reports)
    ticks_total = sum(r.ticks_total for r in reports)
    legal_ok = sum(r.legal_ok for r in reports)
    legal_total = sum(r.legal_total for r in reports)
    print(f"legal moves: {legal_ok}/{legal_total} decisions identical")
    print(f"parity: {identical}/{len(reports)} traces identical, {ticks_ok}/{ticks_total} ticks identical"
          + (f"; {unreadable} not read (see the errors above)" if unreadable else ""))
    if any(r.error for r in reports):
        return 2
    return 0 if identical == len(reports) else 1


def _print_report(report: TraceReport) -> None:
    name = report.path.name
    if report.error:
        print(f"{name}: ERROR {report.error}")
        return
    status = "identical" if report.identical else "DIFFERS"
    legal = f", legal {report.legal_ok}/{report.legal_total}" if report.legal_total else ""
    print(f"{name}: {status}: {report.ticks_ok}/{report.ticks_total} ticks{legal}")
    if report.divergence:
        print(f"    {report.divergence}")
    if report.legal_first_mismatch:
        print(f"    first legal-moves mismatch at {report.legal_first_mismatch}")
    for note in report.notes:
        print(f"    note: {note}")


if __name__ == "__main__":
    sys.exit(main())
