"""Re-simulate a replay of the real game in our engine and write it as a ``yomi-trace/1`` trace.

The match starts as the game's ``start_game`` does (``game.gd``), from the replay's characters,
seed and settings.  Whenever the engine waits for a decision after tick N, both players' inputs
stored under tick N + 1 (where ``BaseChar.gd``'s ``tick_before`` files them) are submitted, and the
trace gets a turn line at N with the engine's legal lists, as a Godot recording has; every simulated
tick and the end are written as the engine computes them.  ``yomi watch`` shows the result and
``yomi parity trace`` replays it.

Contract: :func:`import_replay` writes the whole trace or nothing (a temporary file is renamed at
the end) and raises one :class:`ReplayError` naming the replay for a replay from another game
version, settings or characters the engine cannot play, an input the engine refuses, a decision
with no input while later inputs remain, or inputs the engine never asked for (the match went
differently in the game).  A replay saved before the match ended gives a trace without its end
line, as a recording that stopped early has.
"""
from __future__ import annotations

import os
from pathlib import Path

from integration.engine import EngineError, create_match
from integration.tracefile import TraceWriter
from yomi.match import DEFAULT_SETTINGS

from .replayfile import GAME_VERSION, NON_SETTING_KEYS, Replay, ReplayError

MAX_TICKS = 200_000     # a match the engine simulates longer than this is refused (the recorder's cap is 100,000)


def match_settings(replay: Replay) -> dict:
    """The replay's match settings, in its order (``match_data`` without who plays and the seed).  A
    key that is neither a setting the engine knows nor one of :data:`NON_SETTING_KEYS` is refused:
    the game copies such keys onto the fighters, so ignoring one could change the match."""
    unknown = [k for k in replay.match_data if k not in DEFAULT_SETTINGS and k not in NON_SETTING_KEYS]
    if unknown:
        raise ReplayError(f"match settings the engine does not know: {', '.join(map(repr, unknown))}")
    settings = {k: v for k, v in replay.match_data.items() if k in DEFAULT_SETTINGS}
    if not replay.singleplayer:
        settings["p2_dummy"] = False    # game.gd reads p2_dummy in single-player games only
    return settings


def check_version(replay: Replay) -> None:
    if replay.version != GAME_VERSION:
        raise ReplayError(f"the replay is from game version {replay.version!r}; the engine ports "
                          f"{GAME_VERSION!r} only (the match would play differently)")


def _legal(match, player: int, choice: dict) -> list[str]:
    """The moves offered, as the game's panel lists them: the Cowboy's panel builds its list with the
    air/ground input flags its extras submit (``yomi parity trace`` compares the same way)."""
    extra = choice.get("extra") if isinstance(choice.get("extra"), dict) else {}
    return match.legal_actions(player, bool(extra.get("input_grounded")), bool(extra.get("input_aerial")))


def _fail(replay: Replay, message: str) -> ReplayError:
    return ReplayError(message, None, str(replay.path) if replay.path else None)


def import_replay(replay: Replay, out: str | Path, engine: str = "c", max_ticks: int = MAX_TICKS) -> dict:
    """Simulate ``replay`` on ``engine`` and write the trace to ``out``; returns the end line's
    fields (``tick``, ``winner``, ``reason``, ``turns``, ...) or ``{"reason": "unfinished", ...}``
    for a replay saved mid-match."""
    out = Path(out)
    try:
        check_version(replay)
        settings = match_settings(replay)
    except ReplayError as exc:
        raise _fail(replay, exc.message) from None
    try:
        match = create_match(replay.p1, replay.p2, replay.seed, settings, engine)
    except (EngineError, TypeError, ValueError, AttributeError) as exc:
        raise _fail(replay, f"the engine cannot start this match ({exc})") from None
    start = match.state()
    header = {"game": "YOMI Hustle", "source_commit": "4450348", "game_version": replay.version,
              "p1": replay.p1, "p2": replay.p2, "seed": replay.seed, "match_settings": settings,
              "start": {"tick": -1, "p1": start["p1"], "p2": start["p2"]},
              "notes": f"yomi replay import of {replay.path.name if replay.path else 'a replay'} "
                       f"(engine: {engine})"}
    pending = {p: dict(replay.inputs[p]) for p in (1, 2)}
    tmp = out.with_name(out.name + f".tmp{os.getpid()}")
    summary: dict = {}
    try:
        with TraceWriter(tmp, header, compress=out.name.endswith(".gz")) as writer:
            while match.result() is None:
                if match.current_tick >= max_ticks:
                    raise _fail(replay, f"the match is still running after {max_ticks:,} ticks")
                if not match.is_waiting():
                    match.tick()
                    writer.tick(match.current_tick, match.state())
                    continue
                tick = match.current_tick
                choices = [pending[p].pop(tick + 1, None) for p in (1, 2)]
                if choices == [None, None] and not pending[1] and not pending[2]:
                    summary = {"tick": tick, "reason": "unfinished", "turns": writer.turns_written}
                    break
                for player, choice in zip((1, 2), choices):
                    if choice is None:
                        raise _fail(replay, f"no input of player {player} for tick {tick + 1}, where the engine "
                                            "asks for a decision (the match went differently in the game)")
                legal = {side: _legal(match, player, choice)
                         for player, side, choice in zip((1, 2), ("p1", "p2"), choices)}
                writer.turn(tick, choices[0], choices[1], legal=legal)
                for player, choice in zip((1, 2), choices):
                    try:
                        match.submit(player, choice["action"], choice["data"], choice["extra"])
                    except (EngineError, ValueError, TypeError) as exc:   # InvalidAction is a ValueError
                        raise _fail(replay, f"tick {tick + 1}: the engine refuses player {player}'s input "
                                            f"{choice['action']!r} ({exc})") from None
            else:
                summary = dict(match.result())
                writer.end(summary)
        left = sorted((tick, p) for p in (1, 2) for tick in pending[p])
        if left:
            raise _fail(replay, f"{len(left)} inputs the engine never asked for (the first for player {left[0][1]} "
                                f"at tick {left[0][0]}): the match went differently in the game")
        tmp.replace(out)
    finally:
        if tmp.exists():
            tmp.unlink()
    return summary
