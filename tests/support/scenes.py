"""Scripted scenes on the Python reference engine, shared by the characters' tests: a mirror
match at its first decision, both players' submits, and ticking while both hold.

Each character's tests bind these to its own panel extras (``EXTRA``), for example
``_tick = functools.partial(scenes.hold, extra=EXTRA)``.
"""
from __future__ import annotations

from integration.engine import create_match


def mirror_match(character: str, seed: int = 1, **settings):
    """A ``character`` mirror match at its first decision (tick 0); ``settings`` override the
    match settings."""
    match = create_match(character, character, seed=seed, settings=settings or None)
    match.advance()
    return match


def submit(match, p1, p2=("Wait", None), extra1=None, *, extra=None) -> None:
    """Both players' choices, ``(action, data)`` each; P1 sends ``extra1`` (else ``extra``)."""
    match.submit(1, p1[0], p1[1], extra1 or extra)
    match.submit(2, p2[0], p2[1], extra)


def hold(match, count: int = 1, extra1=None, *, extra=None) -> None:
    """``count`` ticks, holding ("Continue") whenever a decision opens; P1 sends ``extra1``
    (else ``extra``)."""
    for _ in range(count):
        while match.is_waiting():
            for player in (1, 2):
                if match.needs_action(player):
                    match.submit(player, "Continue", None, (extra1 or extra) if player == 1 else extra)
        match.tick()
